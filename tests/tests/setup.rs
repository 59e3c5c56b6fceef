//! Set-up [3.0] and the scenarios' initial deployments [21.11], [21.21], [21.31] on the real
//! data: who sets up first, and where the engine lets each formation set up.

use engine::berlin85::data::{Region, Zone, Zone85};
use engine::berlin85::{Command, Game, NATO, WARSAW_PACT};
use engine::core::hex::HexId;
use engine::core::map::HexFeatures;
use engine::core::protocol::Input;
use engine::core::units::UnitKind;
use tests::{berlin85, RandomAgent};

fn legal(g: &Game<'_>, u: engine::core::units::UnitId) -> Vec<HexId> {
    let mut v = heapless::Vec::<HexId, 4800>::new();
    g.legal_setup_hexes(u, &mut v);
    v.to_vec()
}

/// Plays the set-up with the random agent until `side` is placing units.
fn until_side_sets_up(g: &mut Game<'_>, side: engine::core::side::Side) {
    let mut agent = RandomAgent::new(3);
    while g.setup_side() != side {
        let ok = agent.candidates(g).into_iter().any(|i| g.apply(&i).is_ok());
        assert!(ok, "set-up stuck");
    }
}

#[test]
fn setup_3_0_nato_sets_up_before_the_warsaw_pact_in_every_scenario() {
    for sc in ["unity", "werewolf", "medicine_wheel"] {
        let g = Game::new(berlin85(), sc, Default::default()).expect("scenario");
        assert_eq!(g.setup_side(), NATO, "{sc}");
        let wp = g
            .scenario()
            .setup
            .iter()
            .find(|s| s.side == WARSAW_PACT)
            .expect("a Warsaw Pact group");
        let u = wp.units[0];
        let refusal = g
            .check_placement(u, HexId::new(20, 20))
            .expect_err("the Warsaw Pact waits");
        assert_eq!(refusal.case, "3.0", "{sc}");
    }
}

#[test]
fn setup_3_0_the_step_ends_only_when_every_unit_is_placed() {
    let mut g = Game::new(berlin85(), "unity", Default::default()).expect("scenario");
    let e = g
        .apply(&Input::Command(Command::EndSetup))
        .expect_err("units are still to be placed");
    assert_eq!(e.case, "3.0");
}

/// The engine's barracks zones [21.11] equal the definition counted by brute force: West
/// Berlin hexes within two hexes of a barracks of the formation's occupation zone.
#[test]
fn setup_21_11_allied_units_set_up_within_two_hexes_of_a_barracks_of_their_zone() {
    let g = Game::new(berlin85(), "unity", Default::default()).expect("scenario");
    let map = &g.data.map;
    let geo = &map.geometry;
    let mut checked = 0;
    for group in &g.scenario().setup {
        let Zone85::NearBarracks { zone, distance } = &group.zone else {
            continue;
        };
        assert_ne!(*zone, Zone::None);
        let barracks: Vec<HexId> = map
            .hexes()
            .filter(|&b| map.features(b).has(HexFeatures::BARRACKS) && map.zone(b) == *zone as u8)
            .collect();
        assert!(!barracks.is_empty(), "{zone:?} has barracks");
        for h in map.hexes() {
            let want = g.region(h) == Region::WestBerlin
                && barracks
                    .iter()
                    .any(|&b| geo.distance(b, h) <= *distance as u16);
            assert_eq!(g.in_setup_zone(&group.zone, h), want, "{zone:?} {h:?}");
        }
        let u = group.units[0];
        for h in legal(&g, u) {
            assert!(barracks.iter().any(|&b| geo.distance(b, h) <= 2));
        }
        checked += 1;
    }
    assert_eq!(checked, 3, "US, British and French formations");
}

#[test]
fn setup_21_11_west_berlin_police_on_supply_or_control_tower_hexes() {
    let g = Game::new(berlin85(), "unity", Default::default()).expect("scenario");
    let police = g
        .units_to_place()
        .find(|&u| g.def(u).kind == UnitKind::Police)
        .expect("police set up first");
    let hexes = legal(&g, police);
    assert!(hexes.len() >= 36, "room for all 36 police");
    for h in hexes {
        assert!(g.in_west_berlin(h));
        assert!(g
            .features(h)
            .has(HexFeatures::SUPPLY | HexFeatures::CONTROL_TOWER));
    }
}

#[test]
fn setup_21_21_werewolf_divisions_not_in_an_enemy_zone_of_control() {
    let mut g = Game::new(berlin85(), "werewolf", Default::default()).expect("scenario");
    until_side_sets_up(&mut g, WARSAW_PACT);
    let mut checked = 0;
    loop {
        let Some(u) = g.units_to_place().next() else {
            break;
        };
        let (_, group) = g.setup_group_of(u).expect("group");
        let hexes = legal(&g, u);
        if group.not_in_enemy_zoc {
            for &h in &hexes {
                assert!(
                    !g.enemy_zoc(h, WARSAW_PACT),
                    "{h:?} is in a NATO zone of control"
                );
            }
            checked += 1;
        }
        let Some(&h) = hexes.first() else { break };
        g.apply(&Input::Command(Command::Place { unit: u, hex: h }))
            .expect("a legal hex");
        if checked > 20 {
            break;
        }
    }
    assert!(checked > 0);
}

#[test]
fn setup_21_31_medicine_wheel_police_then_warsaw_pact_then_nato_units() {
    let mut g = Game::new(berlin85(), "medicine_wheel", Default::default()).expect("scenario");
    let first: Vec<_> = g.units_to_place().collect();
    assert!(first
        .iter()
        .all(|&u| g.is_police(u) && g.side_of(u) == NATO));
    until_side_sets_up(&mut g, WARSAW_PACT);
    until_side_sets_up(&mut g, NATO);
    let last: Vec<_> = g.units_to_place().collect();
    assert!(!last.is_empty());
    assert!(last
        .iter()
        .all(|&u| !g.is_police(u) && g.side_of(u) == NATO));
    // Anywhere in West Berlin, regardless of occupation zone.
    let hexes = legal(&g, last[0]);
    assert!(hexes.iter().all(|&h| g.in_west_berlin(h)));
    let zones: std::collections::BTreeSet<u8> = hexes.iter().map(|&h| g.data.map.zone(h)).collect();
    assert!(zones.len() >= 3, "every occupation zone is open");
}
