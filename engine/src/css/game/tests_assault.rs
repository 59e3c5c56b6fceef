//! Opportunity fire, assault, charge, rout and advance in the series game, on the small board
//! of `tests`: the WP's 2nd MRR (units 0–3) is active, NATO's company (unit 5) answers. WP
//! routs toward the west edge, NATO toward the east (the fixture's exits, S11.8.2).

extern crate std;

use super::tests::{apply, one, roll, spread, unit, Fixture, END};
use super::*;
use crate::core::protocol::DiceRoll;
use crate::css::fire::opportunity::Trigger;
use crate::css::movement::{COLUMN, DEPLOYED};
use crate::css::scenario::NoVictory;
use crate::css::terrain::tests::h;
use std::vec::Vec;

fn events(f: &Fixture, g: &mut SeriesGame<8>, i: Input<GameCommand>) -> Vec<GameEvent> {
    let mut ev = Events::new();
    g.apply(&f.data(), &NoVictory, &i, &mut ev).unwrap();
    ev.iter().copied().collect()
}

fn group(ids: &[u16]) -> Group {
    ids.iter().map(|u| UnitId(*u)).collect()
}

fn is_op_choice(p: &Pending<Choice>) -> bool {
    matches!(
        p,
        Pending::Choose {
            case: "S9.11.3",
            player: Side::A,
            ..
        }
    )
}

fn step(units: Group, to: HexId) -> Input<GameCommand> {
    unit(UnitCommand::Move { units, to })
}

/// Unit 5 (NATO) Deployed at 2.7, range 3; the WP's unit 2 starts at 2.3, out of its range.
fn watched() -> (Fixture, SeriesGame<8>) {
    let f = Fixture::new();
    let mut setup = spread();
    setup[4] = (h(8, 8), DEPLOYED);
    setup[5] = (h(2, 7), DEPLOYED);
    let g = f.game(&setup);
    (f, g)
}

#[test]
fn css_s9_11_game_a_hex_entered_in_the_fire_zone_pauses_for_opportunity_fire() {
    let (f, mut g) = watched();
    apply(&f, &mut g, step(one(2), h(2, 4))).unwrap();
    // S9.11.2, S9.11.3: 2.4 is 3 hexes from unit 5: NATO is asked, pass or fire.
    let p = g.pending(&f.data());
    assert!(is_op_choice(&p), "{p:?}");
    let Pending::Choose { options, .. } = p else {
        unreachable!()
    };
    assert_eq!(&options[..], &[Choice::Pass, Choice::OpFire(UnitId(5))]);
    // Nothing else is taken while the window is open, not even the next step.
    let r = apply(&f, &mut g, step(one(2), h(2, 5)));
    assert_eq!(r.unwrap_err().case, "S9.11.3");
    assert_eq!(
        apply(&f, &mut g, Input::Chose(2)).unwrap_err().case,
        "S9.11.3"
    );
    apply(&f, &mut g, Input::Chose(1)).unwrap();
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll {
            case: "S9.11.3",
            player: Side::A,
            ..
        }
    ));
    let ev = events(&f, &mut g, Input::Rolled(DiceRoll::of(&[0])));
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            case: "S9.11.3",
            unit: UnitId(5),
            what: UnitWhat::Fired { .. }
        }
    )));
    // An unmodified 0 marks the mover at least Pinned: it stops where it was hit (S7.2.2).
    assert!(g.units[2].cond.status >= Status::Pinned);
    assert_eq!(g.units[2].hex, Some(h(2, 4)));
    assert_eq!(g.stage, Stage::Idle, "the Move action ended");
    assert!(g.units[5].fire.op_fire, "S9.11.3 Op Fire marker");
    assert!(
        !g.units[5].fire.fired,
        "S9.11.1 opportunity fire is no action"
    );
    // S9.11.3: once per activation: the next mover in its Fire Zone draws no fire.
    apply(&f, &mut g, step(one(3), h(3, 4))).unwrap();
    assert!(g.op.is_none());
    // Step 2D-c takes the Op Fire marker off (S9.11.3).
    apply(
        &f,
        &mut g,
        unit(UnitCommand::FinishMove { change_side: false }),
    )
    .unwrap();
    super::tests::end_chit(&f, &mut g).unwrap();
    assert!(!g.units[5].fire.op_fire);
}

#[test]
fn css_s9_11_3_a_pass_lets_the_move_go_on_and_the_next_hex_asks_again() {
    let (f, mut g) = watched();
    apply(&f, &mut g, step(one(2), h(2, 4))).unwrap();
    apply(&f, &mut g, Input::Chose(0)).unwrap();
    assert!(g.op.is_none());
    assert!(matches!(g.stage, Stage::Moving { .. }));
    apply(&f, &mut g, step(one(2), h(2, 5))).unwrap();
    assert!(
        is_op_choice(&g.pending(&f.data())),
        "each hex entered triggers"
    );
    // A miss leaves the mover free to go on (S9.11.3).
    apply(&f, &mut g, Input::Chose(1)).unwrap();
    roll(&f, &mut g, 9);
    assert_eq!(g.units[2].cond.status, Status::None);
    assert!(matches!(g.stage, Stage::Moving { .. }));
    apply(&f, &mut g, step(one(2), h(2, 6))).unwrap();
    assert!(g.op.is_none(), "unit 5 holds its Op Fire marker");
}

#[test]
fn css_s9_11_1_a_unit_in_column_or_out_of_range_does_not_answer() {
    let f = Fixture::new();
    let mut setup = spread();
    setup[5] = (h(2, 7), COLUMN);
    let mut g = f.game(&setup);
    apply(&f, &mut g, step(one(2), h(2, 4))).unwrap();
    assert!(
        g.op.is_none(),
        "S9.11.1: only Deployed units opportunity fire"
    );
    let (f, mut g) = watched();
    apply(&f, &mut g, step(one(0), h(3, 2))).unwrap();
    assert!(g.op.is_none(), "S9.11.1: 3.2 is beyond unit 5's range");
}

#[test]
fn css_s9_11_4_a_direct_fire_is_answered_after_it_is_resolved() {
    let f = Fixture::new();
    let mut setup = spread();
    setup[5] = (h(2, 5), DEPLOYED);
    let mut g = f.game(&setup);
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Fire {
            units: one(2),
            target: h(2, 5),
        }),
    )
    .unwrap();
    roll(&f, &mut g, 9); // no effect: unit 5 may fire back
    assert!(g.units[2].fire.fired);
    let Some(op) = &g.op else {
        panic!("S9.11.4: the target fires back")
    };
    assert_eq!((op.hex, op.trigger), (h(2, 3), Trigger::DirectFire));
    apply(&f, &mut g, Input::Chose(1)).unwrap();
    roll(&f, &mut g, 0);
    assert!(g.units[2].cond.status >= Status::Pinned);
}

/// The WP's unit 2 at 2.3 next to NATO's unit 5 at 2.4 (its `face`).
fn contact(face: Face) -> (Fixture, SeriesGame<8>) {
    let f = Fixture::new();
    let mut setup = spread();
    setup[4] = (h(8, 8), DEPLOYED);
    setup[5] = (h(2, 4), face);
    let g = f.game(&setup);
    (f, g)
}

fn assault(units: &[u16], target: HexId) -> Input<GameCommand> {
    unit(UnitCommand::Assault {
        units: group(units),
        target,
    })
}

#[test]
fn css_s10_5_game_assault_routs_the_defender_and_the_attacker_advances() {
    let (f, mut g) = contact(COLUMN);
    // S10.1: only Deployed units assault; the target must hold the enemy.
    let r = apply(&f, &mut g, assault(&[3], h(3, 4)));
    assert_eq!(r.unwrap_err().case, "S10.1");
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    // The defender is in Column: no defensive fire (S9.11.1); the attacker rolls first.
    assert!(g.op.is_none());
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll {
            case: "S10.4",
            player: Side::B,
            ..
        }
    ));
    // The card before the attacker's d10 (S10.3, S10.4): both sides' values, no roll yet.
    let card = g
        .pending_assault(&f.data())
        .expect("the assault waits for its d10s");
    assert_eq!((card.target, card.attacker_roll), (h(2, 4), None));
    assert_eq!(card.attackers.as_slice(), &[UnitId(2)]);
    assert_eq!((card.attack.value.value, card.defence.value.value), (4, 3));
    assert!(card
        .defence
        .value
        .lines
        .iter()
        .any(|l| l.what == "defenders in Column" && l.value == -1));
    roll(&f, &mut g, 9);
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll {
            case: "S10.4",
            player: Side::A,
            ..
        }
    ));
    // Before the defender's d10 the card has the attacker's: 4 + 9 = 13 against 3 + d10.
    let card = g
        .pending_assault(&f.data())
        .expect("the defender's d10 waits");
    assert_eq!(card.attacker_roll, Some(9));
    assert_eq!((card.attack.total(9), card.defence.total(0)), (13, 3));
    // S10.3: attacker 4 (yellow 4); defender 4 − 1 in Column = 3. 4 + 9 − (3 + 0) = +10.
    let ev = events(&f, &mut g, Input::Rolled(DiceRoll::of(&[0])));
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            what: UnitWhat::Assaulted {
                attacker: 13,
                defender: 3,
                result: AssaultResult::DefendersStepAndRout,
                ..
            },
            ..
        }
    )));
    assert!(
        g.pending_assault(&f.data()).is_none(),
        "no card once resolved"
    );
    // +6 and up: a step off, then the rout east to the friendly edge (S11.8.2, S11.8.3).
    let u5 = g.units[5];
    assert_eq!((u5.hex, u5.routed, u5.cond.lost), (None, true, 1));
    assert_eq!(u5.cond.status, Status::None, "S11.8.3 the status goes");
    assert!(matches!(g.stage, Stage::Advance { target, .. } if target == h(2, 4)));
    // S10.6: the advance comes first; only an attacker that took part advances.
    let r = apply(&f, &mut g, step(one(0), h(3, 2)));
    assert_eq!(r.unwrap_err().case, "S10.6");
    let r = apply(&f, &mut g, unit(UnitCommand::Advance { units: one(3) }));
    assert_eq!(r.unwrap_err().case, "S10.6");
    let ev = events(&f, &mut g, unit(UnitCommand::Advance { units: one(2) }));
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            case: "S10.6",
            unit: UnitId(2),
            what: UnitWhat::Entered(_)
        }
    )));
    assert_eq!((g.units[2].hex, g.units[2].face), (Some(h(2, 4)), DEPLOYED));
    assert_eq!(g.stage, Stage::Idle);
    // S5.1.2: the assault was its fire-type action.
    let r = apply(&f, &mut g, assault(&[2], h(2, 5)));
    assert!(r.is_err());
}

#[test]
fn css_s10_5_plus_one_disrupts_and_each_defender_checks() {
    let (f, mut g) = contact(COLUMN);
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    roll(&f, &mut g, 0);
    roll(&f, &mut g, 0); // 4 + 0 − (3 + 0) = +1
    assert!(matches!(
        g.stage,
        Stage::Assault {
            result: Some(AssaultResult::DefendersDgAndCheck),
            ..
        }
    ));
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll {
            case: "S10.5",
            player: Side::A,
            ..
        }
    ));
    roll(&f, &mut g, 9); // a 9 always fails (S11.2): the defender routs
    assert!(g.units[5].routed && g.units[5].hex.is_none());
    assert!(matches!(g.stage, Stage::Advance { .. }));
}

#[test]
fn css_s10_5_minus_four_routs_the_attacker() {
    let (f, mut g) = contact(COLUMN);
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    roll(&f, &mut g, 0);
    roll(&f, &mut g, 5); // 4 − (3 + 5) = −4
    assert!(g.units[2].routed && g.units[2].hex.is_none());
    assert_eq!(g.units[5].hex, Some(h(2, 4)));
    assert_eq!(g.stage, Stage::Idle);
}

#[test]
fn css_s11_8_4_a_defender_with_no_rout_path_is_captured() {
    let f = Fixture::new();
    let mut setup = spread();
    setup[3] = (h(2, 5), DEPLOYED);
    setup[4] = (h(8, 8), DEPLOYED);
    setup[5] = (h(2, 4), COLUMN);
    let mut g = f.game(&setup);
    // Units 2 (2.3) and 3 (2.5) hem unit 5 in: every hex next to 2.4 is next to one of them,
    // and no friend stands there (S11.8.2).
    apply(&f, &mut g, assault(&[2, 3], h(2, 4))).unwrap();
    roll(&f, &mut g, 9);
    // S10.3: 4 + 1 for the second unit; 4 + 1 + 9 − (3 + 0) = +11.
    let ev = events(&f, &mut g, Input::Rolled(DiceRoll::of(&[0])));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            GameEvent::Unit {
                case: "S11.8.4",
                unit: UnitId(5),
                what: UnitWhat::Removed(Fate::Captured)
            }
        )),
        "{ev:?}"
    );
    assert_eq!(g.units[5].removed, Some(Fate::Captured));
    assert!(!g.units[5].routed);
    // Both attackers may advance (S10.6).
    let Stage::Advance { eligible, .. } = &g.stage else {
        panic!("the hex is empty")
    };
    assert_eq!(&eligible[..], &[UnitId(2), UnitId(3)]);
}

#[test]
fn css_s10_2_defensive_fire_can_stop_the_assault() {
    let (f, mut g) = contact(DEPLOYED);
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    let Some(op) = &g.op else {
        panic!("S10.2: the declaration is a trigger")
    };
    assert_eq!((op.trigger, op.hex), (Trigger::DeclaredAssault, h(2, 3)));
    apply(&f, &mut g, Input::Chose(1)).unwrap();
    let ev = events(&f, &mut g, Input::Rolled(DiceRoll::of(&[0])));
    assert!(g.units[2].cond.status >= Status::Pinned);
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            case: "S10.2",
            what: UnitWhat::AssaultOver { .. },
            ..
        }
    )));
    assert_eq!(g.stage, Stage::Idle);
    assert_eq!(g.units[5].hex, Some(h(2, 4)));
}

fn charge(units: &[u16], target: HexId, checker: u16) -> Input<GameCommand> {
    unit(UnitCommand::Charge {
        units: group(units),
        target,
        checker: UnitId(checker),
    })
}

#[test]
fn css_s10_7_game_a_charge_that_passes_routs_the_charged_hex() {
    let (f, mut g) = contact(DEPLOYED);
    // S10.7.1: the whole hex charges: units 0 and 1 share 2.2.
    let r = apply(&f, &mut g, charge(&[0], h(2, 3), 0));
    assert_eq!(r.unwrap_err().case, "S10.7.1");
    let r = apply(&f, &mut g, charge(&[2], h(2, 4), 3));
    assert_eq!(r.unwrap_err().case, "S10.7.2");
    apply(&f, &mut g, charge(&[2], h(2, 4), 2)).unwrap();
    // S10.7.1: no opportunity fire at a charge; the TQC is rolled.
    assert!(g.op.is_none());
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll {
            case: "S10.7.2",
            player: Side::B,
            ..
        }
    ));
    roll(&f, &mut g, 0);
    assert!(g.units[5].routed, "every unit of the charged hex routs");
    assert!(matches!(g.stage, Stage::Advance { .. }));
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Advance {
            units: Group::new(),
        }),
    )
    .unwrap();
    assert_eq!(g.units[2].hex, Some(h(2, 3)), "advancing is optional");
}

#[test]
fn css_s10_7_2_a_failed_charge_routs_the_chargers() {
    let (f, mut g) = contact(DEPLOYED);
    apply(&f, &mut g, charge(&[2], h(2, 4), 2)).unwrap();
    roll(&f, &mut g, 9);
    assert!(g.units[2].routed && g.units[2].hex.is_none());
    assert_eq!(g.units[5].hex, Some(h(2, 4)));
    // The routed unit is out of the chit; the chit can end.
    apply(&f, &mut g, END).unwrap();
}

#[test]
fn css_s10_game_legal_commands_offer_assault_charge_and_advance() {
    let (f, mut g) = contact(COLUMN);
    let mut legal: Vec<UnitCommand> = Vec::new();
    g.legal_unit_commands_of(&f.data(), UnitId(2), |c| legal.push(c.clone()));
    assert!(legal.contains(&UnitCommand::Assault {
        units: one(2),
        target: h(2, 4)
    }));
    assert!(legal.contains(&UnitCommand::Charge {
        units: one(2),
        target: h(2, 4),
        checker: UnitId(2)
    }));
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    roll(&f, &mut g, 9);
    roll(&f, &mut g, 0);
    legal.clear();
    g.legal_unit_commands(&f.data(), |c| legal.push(c.clone()));
    assert!(legal
        .iter()
        .all(|c| matches!(c, UnitCommand::Advance { .. })));
    assert!(legal.contains(&UnitCommand::Advance { units: one(2) }));
    assert!(legal.contains(&UnitCommand::Advance {
        units: Group::new()
    }));
}

#[test]
fn css_s11_12_1_an_hq_that_loses_its_last_step_goes_to_the_routed_box_with_one() {
    let mut f = Fixture::new();
    f.counters[5].hq = crate::css::counter::Hq::Division;
    f.counters[5].steps = 1;
    let mut setup = spread();
    setup[4] = (h(8, 8), DEPLOYED);
    setup[5] = (h(2, 4), COLUMN);
    let mut g = f.game(&setup);
    apply(&f, &mut g, assault(&[2], h(2, 4))).unwrap();
    roll(&f, &mut g, 9);
    let ev = events(&f, &mut g, Input::Rolled(DiceRoll::of(&[0]))); // +10: a step, then rout
    assert!(ev.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            unit: UnitId(5),
            what: UnitWhat::Removed(Fate::Eliminated),
            ..
        }
    )));
    let u5 = g.units[5];
    assert!(u5.routed && u5.hex.is_none() && u5.removed.is_none());
    assert_eq!(
        u5.cond.remaining(),
        1,
        "it comes back with one step (S11.10)"
    );
    let division = f.counters[5].division;
    let boxes = g.turn.displays.of(division).unwrap();
    assert!(boxes.routed.iter().any(|r| r.unit == UnitId(5) && r.is_hq));
}

// S10.7.1 (Gates 3.9): a charge goes into an adjacent hex that holds the enemy, by units that
// are ready (table S5.3-T: no Pin, DG or Suppressed marker).
#[test]
fn css_s10_7_1_a_charge_needs_an_adjacent_enemy_and_ready_units() {
    let (f, mut g) = contact(DEPLOYED);
    // Unit 2 at 2.03: 2.05 is two hexes off, 2.02 holds no enemy (its own side's units).
    assert!(apply(&f, &mut g, charge(&[2], h(2, 5), 2)).is_err());
    assert!(apply(&f, &mut g, charge(&[2], h(3, 3), 2)).is_err());
    for (status, case) in [
        (crate::css::morale::Status::Pinned, "S5.3"),
        (crate::css::morale::Status::Dg, "S5.3"),
        (crate::css::morale::Status::Suppressed, "S5.3"),
    ] {
        let mut marked = g.clone();
        marked.units[2].cond.status = status;
        let r = apply(&f, &mut marked, charge(&[2], h(2, 4), 2));
        assert_eq!(r.unwrap_err().case, case, "{status:?} does not charge");
    }
    apply(&f, &mut g, charge(&[2], h(2, 4), 2)).unwrap();
}
