//! Illegal inputs on the real Berlin '85 data: each is refused with the case that forbids it,
//! and the refusal leaves the game exactly as it was (the serialized state is compared).
//!
//! Each test starts from Operation Unity's first Warsaw Pact Movement Phase (set up by the
//! random agent), clears the board and puts a few units on open ground far from the city, so
//! the situation is the one the test names and nothing else.

use engine::berlin85::combat::CombatStep;
use engine::berlin85::data::Region;
use engine::berlin85::{Command, Game, Input85, Phase, NATO, WARSAW_PACT};
use engine::core::hex::HexId;
use engine::core::map::{PlaceKind, SideFeatures};
use engine::core::protocol::{Input, Pending};
use engine::core::side::Side;
use engine::core::units::{Location, UnitId, UnitKind};
use tests::{berlin85, RandomAgent};

fn cmd(c: Command) -> Input85 {
    Input::Command(c)
}

/// Operation Unity, set up by the random agent, at the start of the first Warsaw Pact
/// Movement Phase.
fn first_movement_phase() -> Game<'static> {
    let mut g = Game::new(berlin85(), "unity", Default::default()).expect("scenario");
    let mut agent = RandomAgent::new(85);
    while g.state.phase != Phase::Movement || !matches!(g.pending(), Pending::Command { .. }) {
        let ok = agent
            .candidates(&g)
            .into_iter()
            .any(|i| g.apply(&i).is_ok());
        assert!(ok, "set-up stuck");
    }
    assert_eq!(g.state.phasing, WARSAW_PACT);
    assert!(!g.is_night(), "Game-Turn 1 is a day turn");
    g
}

/// Takes every unit off the map (back to its pool) and forgets this phase's movement.
fn clear_board(g: &mut Game<'_>) {
    for s in g.state.units.iter_mut() {
        if matches!(s.location, Location::OnMap(_)) {
            s.location = Location::Pool;
        }
        s.flags = 0;
        s.spent_mp = 0;
    }
    g.state.movement.in_hand = None;
}

fn put(g: &mut Game<'_>, u: UnitId, h: HexId) {
    g.state.units[u.0 as usize].location = Location::OnMap(h);
}

/// Units of `side` and `kind` in this scenario, in roster order.
fn units(g: &Game<'_>, side: Side, kind: UnitKind) -> Vec<UnitId> {
    (0..g.state.units.len())
        .map(|i| UnitId(i as u16))
        .filter(|&u| {
            g.state.units[u.0 as usize].location != Location::Unused
                && g.side_of(u) == side
                && g.def(u).kind == kind
                && g.def(u).movement > 0
        })
        .collect()
}

/// Ground where every hex within `r` of the centre is open East German land with no water,
/// so zones of control reach every neighbour and movement costs are plain.
fn open_ground(g: &Game<'_>, r: u16) -> HexId {
    let geo = &g.data.map.geometry;
    let plain = |h: HexId| {
        g.region(h) == Region::EastGermany
            && g.terrain(h)
                .is_some_and(|t| !t.zoc_blocked && !t.no_stopping && t.mp_half <= 2)
            && geo.neighbours(h).count() == 6
            && geo.neighbours(h).all(|(d, _)| {
                let s = g.data.map.side_toward(h, d);
                !s.has(SideFeatures::WATER)
                    && !s.has(SideFeatures::LAKE_SHORE)
                    && !s.has(SideFeatures::BORDER)
            })
    };
    g.data
        .map
        .hexes()
        .find(|&c| {
            g.data
                .map
                .hexes()
                .filter(|&h| geo.distance(c, h) <= r)
                .all(plain)
        })
        .expect("open ground on the map")
}

/// The neighbours of `h`, in direction order.
fn around(g: &Game<'_>, h: HexId) -> Vec<HexId> {
    g.data.map.geometry.neighbours(h).map(|(_, n)| n).collect()
}

/// Asserts `input` is refused citing `case` and that the state did not change at all.
#[track_caller]
fn refused(g: &mut Game<'_>, input: Input85, case: &str) {
    let before = postcard::to_allocvec(&g.state).expect("serialize");
    let err = g
        .apply(&input)
        .expect_err("the engine accepted an illegal input");
    assert_eq!(
        err.case, case,
        "{input:?} refused for [{}] {}",
        err.case, err.reason
    );
    let after = postcard::to_allocvec(&g.state).expect("serialize");
    assert!(
        before == after,
        "the refusal of {input:?} changed the state"
    );
}

fn mv(unit: UnitId, to: HexId) -> Input85 {
    cmd(Command::Move {
        unit,
        to,
        underground: false,
    })
}

#[test]
fn move_5_12_may_not_enter_a_hex_held_by_an_enemy_unit() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 3);
    let n = around(&g, c);
    let w = units(&g, WARSAW_PACT, UnitKind::Mechanized)[0];
    let nato = units(&g, NATO, UnitKind::Mechanized)[0];
    // The enemy two hexes away: the mover is not in its zone of control yet.
    let geo = g.data.map.geometry;
    let two = around(&g, n[0])
        .into_iter()
        .find(|&h| geo.distance(h, c) == 2)
        .expect("a hex two away");
    put(&mut g, w, c);
    put(&mut g, nato, two);
    assert!(!g.enemy_zoc(c, WARSAW_PACT));
    refused(&mut g, mv(w, two), "5.12");
}

#[test]
fn move_5_13_may_not_spend_more_than_the_movement_allowance() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 1);
    let w = units(&g, WARSAW_PACT, UnitKind::Mechanized)[0];
    put(&mut g, w, c);
    let geo = &g.data.map.geometry;
    let allowance = g.movement_allowance_half(w) / 2;
    // A hex farther away than the whole allowance, even at road rates.
    let far = g
        .data
        .map
        .hexes()
        .find(|&h| geo.distance(c, h) > 2 * allowance + 2 && g.unit_at(h).is_none())
        .expect("a distant hex");
    let mut reachable = false;
    g.move_targets(w, |t| reachable |= t.hex == far)
        .expect("the unit may move");
    assert!(!reachable);
    refused(&mut g, mv(w, far), "5.13");
}

#[test]
fn move_5_14_may_not_leave_an_enemy_zone_of_control_by_day() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 2);
    let n = around(&g, c);
    let w = units(&g, WARSAW_PACT, UnitKind::Mechanized)[0];
    let nato = units(&g, NATO, UnitKind::Mechanized)[0];
    put(&mut g, w, c);
    put(&mut g, nato, n[0]);
    assert!(g.enemy_zoc(c, WARSAW_PACT));
    refused(&mut g, mv(w, n[3]), "5.14");
    assert_eq!(
        g.move_targets(w, |_| {}).map_err(|e| e.case),
        Err("5.14"),
        "the UI shows no destination either"
    );
}

#[test]
fn move_5_15_may_not_move_again_once_another_unit_has_moved() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 3);
    let n = around(&g, c);
    let ws = units(&g, WARSAW_PACT, UnitKind::Mechanized);
    let (a, b) = (ws[0], ws[1]);
    put(&mut g, a, c);
    let geo = g.data.map.geometry;
    let b_at = around(&g, n[0])
        .into_iter()
        .find(|&h| geo.distance(h, c) == 2)
        .expect("a hex two away");
    put(&mut g, b, b_at);
    g.apply(&mv(a, n[3])).expect("the first unit moves one hex");
    g.apply(&mv(a, c)).expect("the unit in hand moves on");
    g.apply(&mv(b, n[0])).expect("another unit moves");
    refused(&mut g, mv(a, n[3]), "5.15");
}

#[test]
fn combat_7_13_no_unit_attacks_or_is_attacked_twice() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 3);
    let n = around(&g, c);
    let ws = units(&g, WARSAW_PACT, UnitKind::Mechanized);
    let nato = units(&g, NATO, UnitKind::Mechanized);
    // Attacker a in the centre with enemies x and y next to it; attacker b next to x.
    let geo = g.data.map.geometry;
    let b_at = around(&g, n[0])
        .into_iter()
        .find(|&h| geo.distance(h, c) == 2)
        .expect("a hex two away");
    put(&mut g, ws[0], c);
    put(&mut g, ws[1], b_at);
    put(&mut g, nato[0], n[0]);
    put(&mut g, nato[1], n[3]);
    g.apply(&cmd(Command::EndMovement)).expect("end movement");
    assert_eq!(g.state.phase, Phase::Combat);
    assert_eq!(g.combat_step(), CombatStep::Declare);
    let declare = |atts: &[UnitId], defs: &[UnitId]| {
        cmd(Command::Declare {
            attackers: atts.iter().copied().collect(),
            defenders: defs.iter().copied().collect(),
        })
    };
    g.apply(&declare(&[ws[0]], &[nato[0]]))
        .expect("first attack");
    refused(&mut g, declare(&[ws[0]], &[nato[1]]), "7.13");
    refused(&mut g, declare(&[ws[1]], &[nato[0]]), "7.13");
}

#[test]
fn fpf_8_41_artillery_in_an_enemy_zone_of_control_may_not_fire() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    let c = open_ground(&g, 3);
    let n = around(&g, c);
    let ws = units(&g, WARSAW_PACT, UnitKind::Mechanized);
    let nato = units(&g, NATO, UnitKind::Mechanized);
    let arty: Vec<UnitId> = (0..g.state.units.len())
        .map(|i| UnitId(i as u16))
        .filter(|&u| {
            g.state.units[u.0 as usize].location != Location::Unused
                && g.side_of(u) == NATO
                && g.is_artillery(u)
                && g.def(u).nationality == g.def(nato[0]).nationality
        })
        .collect();
    // The battery stands next to the attacker, so it is in an enemy zone of control.
    put(&mut g, ws[0], c);
    put(&mut g, nato[0], n[0]);
    put(&mut g, arty[0], n[1]);
    g.apply(&cmd(Command::EndMovement)).expect("end movement");
    g.apply(&cmd(Command::Declare {
        attackers: [ws[0]].into_iter().collect(),
        defenders: [nato[0], arty[0]].into_iter().collect(),
    }))
    .expect("one attack on both");
    g.apply(&cmd(Command::EndAllocation))
        .expect("declarations close");
    assert_eq!(g.combat_step(), CombatStep::Fpf);
    refused(
        &mut g,
        cmd(Command::Fpf {
            artillery: arty[0],
            attack: 0,
            gas: false,
        }),
        "8.41",
    );
}

#[test]
fn airland_13_22_no_more_than_the_airfield_takes_in_a_turn() {
    let mut g = first_movement_phase();
    clear_board(&mut g);
    // The Soviet parachute division may airland from Game-Turn 1 [21.12]; give the Warsaw
    // Pact a small airfield (a Flugplatz takes three units a turn). Each unit that lands
    // moves off the field to make room for the next.
    let (_, field) = g
        .data
        .map
        .places
        .iter()
        .enumerate()
        .find(|(_, p)| p.kind == PlaceKind::Flugplatz && !p.hexes.is_empty())
        .expect("a Flugplatz");
    let strip = field.hexes[0];
    let on_field: Vec<HexId> = field
        .hexes
        .iter()
        .chain(field.towers.iter())
        .copied()
        .collect();
    for &h in &on_field {
        g.mark_held(h, WARSAW_PACT);
    }
    let mut paras = Vec::new();
    g.reinforcements_available(WARSAW_PACT, |u| paras.push(u));
    assert!(paras.len() >= 4, "the parachute division is due");
    assert_eq!(g.air_superiority(), WARSAW_PACT);
    for &p in &paras[..3] {
        g.apply(&cmd(Command::Airland {
            unit: p,
            hex: strip,
        }))
        .expect("airlanding within capacity");
        let mut off = None;
        g.move_targets(p, |t| {
            if off.is_none() && !on_field.contains(&t.hex) {
                off = Some(t.hex);
            }
        })
        .expect("an airlanded unit may move at half allowance");
        g.apply(&mv(p, off.expect("a hex off the airfield")))
            .expect("clears the strip");
    }
    refused(
        &mut g,
        cmd(Command::Airland {
            unit: paras[3],
            hex: strip,
        }),
        "13.22",
    );
}
