//! Actions (S5.0–S5.2, S4.6.4, S4.10) on small hand-made situations, with Example S5.1-A.
extern crate std;

use super::*;
use crate::core::faces::TwoFaced;
use crate::core::protocol::{DiceRoll, Events, Input};
use crate::css::assault::declare::may_assault;
use crate::css::command::turn::Command;
use crate::css::command::FormationDef;
use crate::css::fire::{check_group, Colour, FireSetup, Weapon};
use crate::css::morale::{effective_tq, Condition};
use crate::css::move_action::Move;
use crate::css::movement::{change_side_action, Ctx, Enemies, Mover, Party, COLUMN, DEPLOYED};
use crate::css::standin::{chit_costs, tq_modifiers};
use crate::css::terrain::tests::{h, Board, Marks, BH, BP};
use crate::css::terrain::Part;
use crate::css::weapons::{SwDef, SwKind, SwPlace};

const NATO: Side = Side::A;
const WP: Side = Side::B;
pub(crate) const MRD: DivisionId = DivisionId(0);
const BB: DivisionId = DivisionId(1);
/// 2nd Motorized Rifle Regiment and another regiment of the 1st MRD; a US battalion.
pub(crate) const MRR2: FormationId = FormationId(0);
const MRR3: FormationId = FormationId(1);
const BB_INF: FormationId = FormationId(2);

/// The 1st MRD (WP, maximum TQ 6) with two regiments; the US Berlin Brigade (NATO, Command
/// Rating 2 as in Example S4.2-A) with one battalion.
pub(crate) fn data() -> CommandData {
    let mrd = crate::css::command::testkit::motor_rifle_division(WP);
    let bb = DivisionDef {
        side: NATO,
        dispatch_rating: 6,
        command_rating: 2,
        ..mrd
    };
    let f = |d: DivisionId| FormationDef::of(d);
    CommandData {
        divisions: heapless::Vec::from_slice(&[mrd, bb]).unwrap(),
        formations: heapless::Vec::from_slice(&[f(MRD), f(MRD), f(BB)]).unwrap(),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

/// The turn at the moment `chit` is played (a Direct Command chit after its roll of 4), the
/// divisions with 9 DP and 5 DC.
pub(crate) fn playing(d: &CommandData, chit: Chit) -> TurnState {
    playing_with(d, chit, 5, 4)
}

/// As [`playing`], the divisions starting with `dc` Direct Commands and the DC roll `roll`.
fn playing_with(d: &CommandData, chit: Chit, dc: u8, roll: u8) -> TurnState {
    let mut ev = Events::new();
    let mut t = TurnState::new(d, &mut ev).unwrap();
    for tr in t.tracks.iter_mut() {
        tr.dp = 9;
        tr.dc = dc;
    }
    let go = |t: &mut TurnState, i: Input<Command>| {
        t.apply(d, &i, &mut Events::new())
            .unwrap_or_else(|e| panic!("{i:?}: {e}"))
    };
    go(&mut t, Input::Command(Command::EndReinforcements));
    for side in [WP, NATO] {
        if matches!(chit, Chit::Division(_) | Chit::Formation(_)) && d.owner(chit) == Some(side) {
            go(&mut t, Input::Command(Command::Buy(chit)));
        }
        go(&mut t, Input::Command(Command::DoneBuying));
    }
    for _ in 0..d.divisions.len() {
        go(&mut t, Input::Rolled(DiceRoll::of(&[9])));
    }
    // Pass at step 2C, then draw the chit.
    while let crate::core::protocol::Pending::Choose { .. } = t.pending(d) {
        go(&mut t, Input::Chose(0));
    }
    let i = t
        .cup
        .chits
        .iter()
        .position(|c| *c == chit)
        .expect("in the Cup");
    go(&mut t, Input::Drew(i as u16));
    if is_direct_command(chit) {
        go(&mut t, Input::Rolled(DiceRoll::of(&[roll])));
    }
    assert_eq!(t.active_chit(), Some(chit));
    t
}

fn spend(d: &CommandData, t: &mut TurnState, division: DivisionId, unit: UnitId) {
    let i = Input::Command(Command::SpendDirectCommand { division, unit });
    t.apply(d, &i, &mut Events::new()).unwrap();
}

fn actor(unit: u16, side: Side, formation: Option<FormationId>, division: DivisionId) -> Actor {
    Actor {
        unit: UnitId(unit),
        side,
        formation,
        division,
        hex: h(5, 5),
        status: Status::None,
        no_second_action: false,
    }
}
/// A motor rifle company of the 2nd MRR.
pub(crate) fn rifles(unit: u16) -> Actor {
    actor(unit, WP, Some(MRR2), MRD)
}
pub(crate) fn at(a: Actor, hex: HexId) -> Actor {
    Actor { hex, ..a }
}
fn marked(a: Actor, status: Status) -> Actor {
    Actor { status, ..a }
}

fn refused<T: core::fmt::Debug>(r: Result<T, RuleViolation>) -> Case {
    r.unwrap_err().case
}

const RIFLE: Weapon = Weapon {
    firepower: 3,
    colour: Colour::Yellow,
    range: 2,
    indirect: false,
    sustained_ability: false,
    spared_ammo_low: false,
};

// S5.1.1, S3.4, S4.4, S4.5: under a Formation chit only that formation's units act; under the
// Division chit every formation of the division; never the enemy.
#[test]
fn css_s5_1_1_every_active_unit_takes_a_first_action() {
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let other = actor(2, WP, Some(MRR3), MRD);
    let enemy = actor(3, NATO, Some(BB_INF), BB);
    assert_eq!(
        act.under(&d, &t, &rifles(1)),
        Some(Under::Chit(SecondAction::Free))
    );
    assert!(!act.is_active(&d, &t, &other) && !act.is_active(&d, &t, &enemy));
    let b = act.begin(&d, &t, &[rifles(1)], Action::Move).unwrap();
    assert_eq!((b.case, b.second), ("S7.2", false));
    assert_eq!(act.actions(UnitId(1)), 1);
    assert_eq!(refused(act.begin(&d, &t, &[other], Action::Move)), "S5.1");
    assert_eq!(refused(act.begin(&d, &t, &[enemy], Action::Fire)), "S5.1");

    let t = playing(&d, Chit::Division(MRD));
    let mut act = Activation::start(&t).unwrap();
    assert_eq!(
        act.under(&d, &t, &other),
        Some(Under::Chit(SecondAction::AfterTqc))
    );
    act.begin(&d, &t, &[other], Action::Move).unwrap();
    act.begin(&d, &t, &[rifles(1)], Action::Move).unwrap();
    assert!(!act.is_active(&d, &t, &enemy));
}

// Example S5.1-A: under the 1st MRD's Division chit the company (TQ 5; division 6, now 5) moves,
// and to move again must pass a TQC at 5 − 1 = 4: a 5 fails and it is done. Under its
// regiment's Formation chit it moves twice with no check, but never fires twice, and with a
// Pin, DG or Suppressed marker takes no second action.
#[test]
fn css_example_s5_1_a_second_actions_under_a_division_and_a_formation_chit() {
    let d = data();
    let mut t = playing(&d, Chit::Division(MRD));
    t.track_mut(MRD).tq = 5;
    let co = rifles(1);
    let mut act = Activation::start(&t).unwrap();
    act.begin(&d, &t, &[co], Action::Move).unwrap();
    assert_eq!(refused(act.begin(&d, &t, &[co], Action::Move)), "S5.1.2");
    let p: Pending<()> = act.second_action_roll(&d, &t, &co).unwrap();
    assert!(matches!(p, Pending::Roll { case: "S5.1.2", player, .. } if player == WP));
    let s = division_situation(5, &d.divisions[0], t.track(MRD));
    let eff = effective_tq(&s, &tq_modifiers()).value;
    assert_eq!(eff, 4);
    assert_eq!(
        act.second_action_check(&d, &t, &co, eff, 5).unwrap(),
        Tqc::Fail
    );
    assert_eq!(refused(act.begin(&d, &t, &[co], Action::Move)), "S5.1");
    assert_eq!(
        refused(act.second_action_check(&d, &t, &co, eff, 0)),
        "S5.1",
        "one check: a failure ends its activation"
    );
    // A pass at 4 or less: the second Move is allowed.
    let co2 = rifles(2);
    act.begin(&d, &t, &[co2], Action::Move).unwrap();
    assert!(act
        .second_action_check(&d, &t, &co2, eff, 4)
        .unwrap()
        .passed());
    assert!(act.begin(&d, &t, &[co2], Action::Move).unwrap().second);

    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    act.begin(&d, &t, &[co], Action::Move).unwrap();
    assert_eq!(
        refused(act.second_action_check(&d, &t, &co, 4, 0)),
        "S5.1.2",
        "no TQC under a Formation chit"
    );
    assert!(act.begin(&d, &t, &[co], Action::Move).unwrap().second);
    assert_eq!(refused(act.begin(&d, &t, &[co], Action::Hold)), "S5.1");
    let shooter = rifles(2);
    act.begin(&d, &t, &[shooter], Action::Fire).unwrap();
    assert_eq!(
        refused(act.begin(&d, &t, &[shooter], Action::Fire)),
        "S5.1.2"
    );
    for st in [Status::Pinned, Status::Dg, Status::Suppressed] {
        let u = marked(rifles(10 + st as u16), st);
        act.begin(&d, &t, &[u], Action::Rally).unwrap();
        assert_eq!(refused(act.begin(&d, &t, &[u], Action::Hold)), "S5.1.2");
    }
}

// S5.1.2: one fire-type action per activation (Fire, Assault, Charge), but Move and Fire are
// fine; a marker that forbids a second action (Gates 7.0 Fuel Rationing) does; never a third.
#[test]
fn css_s5_1_2_one_fire_type_action_and_two_actions_at_most() {
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let a = rifles(1);
    act.begin(&d, &t, &[a], Action::Fire).unwrap();
    assert_eq!(refused(act.begin(&d, &t, &[a], Action::Assault)), "S5.1.2");
    assert_eq!(refused(act.begin(&d, &t, &[a], Action::Charge)), "S5.1.2");
    act.begin(&d, &t, &[a], Action::Move).unwrap();
    assert_eq!(refused(act.begin(&d, &t, &[a], Action::Hold)), "S5.1");

    let b = rifles(2);
    act.begin(&d, &t, &[b], Action::Move).unwrap();
    assert!(act.begin(&d, &t, &[b], Action::Fire).unwrap().second);

    let rationed = Actor {
        no_second_action: true,
        ..rifles(3)
    };
    act.begin(&d, &t, &[rationed], Action::Move).unwrap();
    assert_eq!(
        refused(act.begin(&d, &t, &[rationed], Action::Move)),
        "S5.1.2"
    );
    // The bookkeeping's fire-type mark reaches the fire group (S9.3.1).
    let m = act.member(UnitId(1), Member::deployed(RIFLE));
    assert!(m.fired);
    assert!(check_group(&[m], &FireSetup::direct(1)).is_err());
    assert!(!act.member(UnitId(3), Member::deployed(RIFLE)).fired);
}

// S5.1.3: units of one hex take the same action together, each as its own first or second
// action; units in two hexes do not; a stack fires as one combined group (S9.4).
#[test]
fn css_s5_1_3_a_stack_takes_one_action_together() {
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let (a, b, c) = (rifles(1), rifles(2), rifles(3));
    act.begin(&d, &t, &[a], Action::Move).unwrap();
    // A moved into B's hex; both move on together: A's second action, B's first.
    let begun = act.begin(&d, &t, &[a, b], Action::Move).unwrap();
    assert!(begun.second);
    assert_eq!((act.actions(a.unit), act.actions(b.unit)), (2, 1));
    assert_eq!(
        refused(act.begin(&d, &t, &[b, at(c, h(6, 6))], Action::Fire)),
        "S5.1.3"
    );
    let begun = act.begin(&d, &t, &[b, c], Action::Fire).unwrap();
    assert!(begun.second && begun.trigger.triggers());
    let group = [
        act.member(b.unit, Member::deployed(RIFLE)),
        act.member(c.unit, Member::deployed(RIFLE)),
    ];
    assert!(
        group.iter().all(|m| m.fired),
        "both used their fire-type action"
    );
    assert_eq!(refused(act.begin(&d, &t, &[b, c], Action::Fire)), "S5.1");
}

// S3.4: a unit finishes its actions before the next unit starts: once another unit acts, the
// first may not come back for its second action.
#[test]
fn css_s3_4_a_unit_finishes_its_actions_before_the_next_starts() {
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    act.begin(&d, &t, &[rifles(1)], Action::Move).unwrap();
    act.begin(&d, &t, &[rifles(2)], Action::Move).unwrap();
    assert_eq!(
        refused(act.begin(&d, &t, &[rifles(1)], Action::Move)),
        "S5.1"
    );
    act.begin(&d, &t, &[rifles(2)], Action::Move).unwrap();
}

// S5.1.1, S4.6.2: under a Direct Command the commanded unit, with units of its formation in its
// hex, takes exactly one action; a unit of another formation may not join; no second action; a
// unit that acted is not commanded again.
#[test]
fn css_s5_1_1_a_direct_command_is_exactly_one_action() {
    let d = data();
    let mut t = playing(&d, Chit::DirectCommand(WP));
    let mut act = Activation::start(&t).unwrap();
    let (a, b) = (rifles(1), rifles(2));
    let stranger = actor(3, WP, Some(MRR3), MRD);
    assert_eq!(refused(act.begin(&d, &t, &[a], Action::Move)), "S4.6.2");
    act.may_command(MRD, &a).unwrap();
    spend(&d, &mut t, MRD, a.unit);
    assert_eq!(act.under(&d, &t, &a), Some(Under::DirectCommand));
    assert!(!act.is_active(&d, &t, &b), "not before it acts with A");
    assert_eq!(
        refused(act.begin(&d, &t, &[a, stranger], Action::Move)),
        "S4.6.2"
    );
    act.begin(&d, &t, &[a, b], Action::Move).unwrap();
    assert!(act.is_active(&d, &t, &b));
    assert_eq!(refused(act.begin(&d, &t, &[a], Action::Fire)), "S5.1.1");
    assert_eq!(refused(act.begin(&d, &t, &[b], Action::Hold)), "S5.1.1");
    assert_eq!(refused(act.may_command(MRD, &b)), "S4.6.2");
    assert_eq!(refused(act.second_action_check(&d, &t, &a, 8, 0)), "S5.1.2");
}

// S4.6.4: a Direct Command activates for every rule that asks — the unit may assault, hand over
// its SW, loses its Pin at step 2D-c — except where a rule names the chits: no burning-hex rout
// after a Direct Command (Gates 2.3, B6).
#[test]
fn css_s4_6_4_a_direct_command_activates_for_every_rule_that_asks() {
    let d = data();
    let mut t = playing(&d, Chit::DirectCommand(WP));
    let mut act = Activation::start(&t).unwrap();
    let (a, idle) = (marked(rifles(1), Status::Pinned), rifles(2));
    spend(&d, &mut t, MRD, a.unit);
    assert!(act.is_active(&d, &t, &a) && !act.is_active(&d, &t, &idle));
    let leg = MoveClass::Leg;
    may_assault(&act.assaulter(&d, &t, &rifles(1), leg, true)).unwrap();
    assert_eq!(
        refused(may_assault(&act.assaulter(&d, &t, &idle, leg, true))),
        "S10.1"
    );
    let mut armoury = Armoury::default();
    let mg = SwDef {
        kind: SwKind::MachineGun,
        weapon: Weapon {
            firepower: 2,
            ..RIFLE
        },
        heavy: false,
        min_range: 0,
    };
    let sw = armoury.add(mg, MRD, SwPlace::Carried(idle.unit)).unwrap();
    let third = rifles(3);
    assert_eq!(
        refused(act.hand_over(&d, &t, &mut armoury, sw, &idle, &third)),
        "S13.2"
    );
    act.hand_over(&d, &t, &mut armoury, sw, &idle, &a).unwrap();
    assert_eq!(armoury.carried_by(a.unit), Some(sw));
    act.begin(&d, &t, &[a], Action::Rally).unwrap();
    // Step 2D-c, asked before the chit ends: the commanded unit was active, the idle one not.
    let mut idle_pin = Condition {
        status: Status::Pinned,
        steps: 1,
        lost: 0,
    };
    idle_pin.end_of_activation(act.is_active(&d, &t, &idle));
    assert_eq!(idle_pin.status, Status::Pinned);
    let mut pinned = Condition {
        status: Status::Pinned,
        steps: 1,
        lost: 0,
    };
    pinned.end_of_activation(act.is_active(&d, &t, &a));
    assert_eq!(pinned.status, Status::None);
    assert!(!crate::gates::fires::burning_hex_routs_after(act.chit));
    assert!(crate::gates::fires::burning_hex_routs_after(
        Chit::Formation(MRR2)
    ));
}

// S4.10: an independent company of the Berlin Brigade (no formation with a chit) is not active
// under its division's chit; it acts through the brigade's Direct Commands only.
#[test]
fn css_s4_10_units_outside_the_chain_of_command_act_only_through_direct_commands() {
    let d = data();
    let independent = actor(7, NATO, None, BB);
    let t = playing(&d, Chit::Division(BB));
    let mut act = Activation::start(&t).unwrap();
    assert!(!act.is_active(&d, &t, &independent));
    assert_eq!(
        refused(act.begin(&d, &t, &[independent], Action::Move)),
        "S4.10"
    );

    let mut t = playing(&d, Chit::DirectCommand(NATO));
    let mut act = Activation::start(&t).unwrap();
    assert_eq!(
        refused(act.begin(&d, &t, &[independent], Action::Move)),
        "S4.10"
    );
    assert_eq!(refused(act.may_command(MRD, &independent)), "S4.6.2");
    act.may_command(BB, &independent).unwrap();
    spend(&d, &mut t, BB, independent.unit);
    act.begin(&d, &t, &[independent], Action::Move).unwrap();
    assert!(act.is_active(&d, &t, &independent));
}

// S5.2, S5.3, S5.4: each action goes to its rule module (Move to the checked move, Change Side,
// Fire to the fire group, Rally to S11.11, Hold ends the unit), refused first where table
// S5.3-T forbids it, and reports its opportunity-fire trigger.
#[test]
fn css_s5_2_each_action_goes_to_its_module() {
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let b = Board::new();
    let marks = Marks::default();
    let enemies = Enemies::<BH>::new();

    // Move: the stack's party walks the checked move.
    let begun = act.begin(&d, &t, &[rifles(1)], Action::Move).unwrap();
    assert!(begun.trigger.triggers());
    let company = Mover {
        class: MoveClass::Leg,
        ma: TwoFaced { front: 4, back: 3 },
        status: Default::default(),
    };
    let party = Party::new(WP, h(5, 5), Part::First, COLUMN, &[company], false).unwrap();
    let ctx: Ctx<'_, BH, BP, Marks> = Ctx {
        ground: b.ground(),
        cond: &marks,
        enemies: &enemies,
        party: &party,
    };
    let (mut m, _) = Move::begin(&ctx, false).unwrap();
    m.step(&ctx, h(5, 6)).unwrap();
    // Change Side: in place, no MP.
    act.begin(&d, &t, &[rifles(1)], Action::ChangeSide).unwrap();
    assert_eq!(change_side_action(&b.ground(), &party).unwrap(), DEPLOYED);
    // Fire: the group of the hex.
    assert_eq!(
        act.begin(&d, &t, &[rifles(2)], Action::Fire).unwrap().case,
        "S9.3"
    );
    check_group(
        &[act.member(UnitId(2), Member::deployed(RIFLE))],
        &FireSetup::direct(2),
    )
    .unwrap_err(); // the fire itself is the fire module's; one fire-type action was used
                   // Rally: a DG company passes and loses its marker; an unmarked one needs a leader.
    let dg = marked(rifles(3), Status::Dg);
    let begun = act.begin(&d, &t, &[dg], Action::Rally).unwrap();
    assert!(!begun.trigger.triggers(), "S5.4: Rally is no trigger");
    assert_eq!(rally(Status::Dg, false, 4, 3).unwrap(), Status::None);
    assert_eq!(rally(Status::Suppressed, false, 4, 3).unwrap(), Status::Dg);
    assert_eq!(refused(rally(Status::None, false, 4, 3)), "S11.11");
    assert_eq!(rally(Status::None, true, 4, 3).unwrap(), Status::None);
    // Hold: the unit's activation ends.
    act.begin(&d, &t, &[rifles(4)], Action::Hold).unwrap();
    assert_eq!(
        refused(act.begin(&d, &t, &[rifles(4)], Action::Move)),
        "S5.1"
    );
    // Table S5.3-T.
    // S11.4-S11.6: no Assault or Charge for any of the three statuses.
    for (i, (st, action)) in [
        (Status::Pinned, Action::Move),
        (Status::Suppressed, Action::ChangeSide),
        (Status::Suppressed, Action::Fire),
        (Status::Pinned, Action::Assault),
        (Status::Dg, Action::Charge),
        (Status::Pinned, Action::Charge),
        (Status::Dg, Action::Assault),
        (Status::Suppressed, Action::Assault),
        (Status::Suppressed, Action::Charge),
    ]
    .into_iter()
    .enumerate()
    {
        let u = marked(rifles(20 + i as u16), st);
        assert_eq!(refused(act.begin(&d, &t, &[u], action)), "S5.3");
    }
    for action in [Action::Fire, Action::ChangeSide, Action::Rally] {
        let u = marked(rifles(40 + action as u16), Status::Pinned);
        act.begin(&d, &t, &[u], action).unwrap();
    }
    assert!(Action::Assault.fire_type() && !Action::Move.fire_type());
    assert_eq!(Action::Charge.case(), "S10.7");
}

// Example S4.2-A, the activation part: NATO's Direct Command chit, roll 5 halved to 2, gives the
// Berlin Brigade 2 + 2 DC (3 → 7); one DC lets an engineer company take its Engineering action,
// one moves two rifle companies of the same battalion together as a stack: 5 DC left.
#[test]
fn css_example_s4_2_a_one_direct_command_moves_a_stack_of_two_companies() {
    let d = data();
    let mut t = playing_with(&d, Chit::DirectCommand(NATO), 3, 5);
    assert_eq!(t.track(BB).dc, 7);
    let mut act = Activation::start(&t).unwrap();
    let engineers = actor(20, NATO, Some(BB_INF), BB);
    let (c1, c2) = (
        actor(21, NATO, Some(BB_INF), BB),
        actor(22, NATO, Some(BB_INF), BB),
    );
    let (c1, c2) = (at(c1, h(8, 8)), at(c2, h(8, 8)));
    act.may_command(BB, &engineers).unwrap();
    spend(&d, &mut t, BB, engineers.unit);
    let b = act
        .begin(&d, &t, &[engineers], Action::Engineering)
        .unwrap();
    assert_eq!(b.case, "S19.1");
    act.may_command(BB, &c1).unwrap();
    spend(&d, &mut t, BB, c1.unit);
    act.begin(&d, &t, &[c1, c2], Action::Move).unwrap();
    assert_eq!(t.track(BB).dc, 5);
    assert!(act.acted(c2.unit) && act.is_active(&d, &t, &c2));
    assert_eq!(refused(act.begin(&d, &t, &[c2], Action::Move)), "S5.1.1");
}

// S19.1, S9.11.2: an Engineering action is carried out by S19.1 and lets the enemy units that
// see the engineers' hex take opportunity fire at them before the task is done.
#[test]
fn css_s19_1_engineering_triggers_opportunity_fire() {
    use crate::css::fire::opportunity::{Candidate, Trigger, Window};
    let d = data();
    let t = playing(&d, Chit::Formation(MRR2));
    let mut act = Activation::start(&t).unwrap();
    let begun = act
        .begin(&d, &t, &[rifles(7)], Action::Engineering)
        .unwrap();
    assert_eq!(begun.case, "S19.1");
    assert_eq!(begun.trigger, Trigger::Engineering);
    let watcher = [Candidate {
        unit: UnitId(90),
        member: Member::deployed(RIFLE),
        in_fire_zone: true,
    }];
    let w = Window::open(begun.trigger, NATO, FireSetup::direct(1), &watcher)
        .expect("the enemy may fire at the engineers");
    assert_eq!(w.pending().player(), Some(NATO));
}
