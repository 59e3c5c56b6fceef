//! The three scenarios: their turns, set-ups, reinforcements and VP schedules (21.x).

use super::*;

#[test]
fn scenario_21_14_unity_is_16_turns_from_turn_1() {
    let s = scenario("21.1");
    assert_eq!((s.start_turn, s.end_turn), (1, 16));
    assert_eq!(s.rules.wp_police_frozen_until, 3, "[21.15] 1");
    assert_eq!(s.rules.wp_first_turn_bonus_shifts, 2, "[21.15] 2");
    assert!(
        !s.rules.medicine_wheel_vp && s.victory_points.is_empty(),
        "[21.16]"
    );
}

#[test]
fn scenario_21_12_unity_reinforcements() {
    let d = data();
    let s = scenario("21.1");
    let of = |arrival: Arrival| {
        s.reinforcements
            .iter()
            .filter(|g| g.arrival == arrival)
            .map(|g| (g.from_turn, g.units.len(), g.side))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        of(Arrival::AirlandingOrParadrop),
        [(1, 9, WARSAW_PACT)],
        "the 103rd from Game-Turn 1 by airlanding or paradrop"
    );
    assert_eq!(
        of(Arrival::Emergency),
        [(2, 7, NATO)],
        "the Jägerbrigade only as emergency reinforcements, rolled for from Game-Turn 2 [17.0]"
    );
    assert!(!set_up_formations(s).contains(&"gds_103_para"));
    assert!(!set_up_formations(s).contains(&"jg_10"));
    // Every other formation sets up, each in the zone [21.11] gives it.
    assert_eq!(set_up_formations(s).len(), d.roster.formations.len() - 2);
}

#[test]
fn scenario_21_21_werewolf_jagerbrigade_sets_up_in_west_berlin() {
    let s = scenario("21.2");
    assert_eq!((s.start_turn, s.end_turn), (1, 16), "[21.24]");
    assert!(set_up_formations(s).contains(&"jg_10"));
    assert!(s.rules.twelve_reads_as_eleven, "[21.22]");
    assert!(
        s.rules.nato_police_bonus && s.rules.nato_pol_demolition,
        "[21.25]"
    );
    assert!(
        s.reinforcements
            .iter()
            .all(|g| g.arrival != Arrival::Emergency),
        "no land units as emergency reinforcements [21.22]"
    );
    assert!(
        s.setup.iter().any(|g| g.not_in_enemy_zoc),
        "Pact divisions not in an Enemy ZOC [21.21]"
    );
}

#[test]
fn scenario_21_34_medicine_wheel_starts_on_turn_7_for_10_turns() {
    let s = scenario("21.3");
    assert_eq!(s.start_turn, 7);
    assert_eq!(s.end_turn - s.start_turn + 1, 10);
    let r = &s.rules;
    assert!(r.skip_first_wp_turn, "[21.31]");
    assert!(
        r.no_reinforcements && s.reinforcements.is_empty(),
        "[21.32]"
    );
    assert!(r.random_wp_air, "[21.33]");
    assert!(
        r.no_honors_no_surrender
            && r.police_unrestricted
            && r.nato_may_exit
            && r.wp_supply_priority
            && r.wp_bridge_demolition,
        "[21.35] 1-5"
    );
    let f = set_up_formations(s);
    assert!(
        !f.contains(&"gds_103_para") && !f.contains(&"eg_1_mech") && !f.contains(&"jg_10"),
        "[21.31]: without the 103rd and the 1st East German Mechanized: {f:?}"
    );
    assert!(
        s.setup.iter().all(|g| !g.may_withhold),
        "[21.31] nothing withheld"
    );
}

#[test]
fn scenario_21_36_medicine_wheel_vp_schedule() {
    let s = scenario("21.3");
    assert!(s.rules.medicine_wheel_vp);
    let line = |side, points, stand_in, f: &dyn Fn(&VpEvent) -> bool| {
        s.victory_points
            .iter()
            .filter(|e| e.side == side && e.points == points && e.stand_in == stand_in)
            .filter(|e| f(&e.event))
            .count()
    };
    let destroyed = |u: VpUnits| move |e: &VpEvent| *e == VpEvent::EnemyDestroyed { units: u };
    // The printed NATO half.
    assert_eq!(line(NATO, 1, false, &destroyed(VpUnits::Police)), 1);
    assert_eq!(line(NATO, 2, false, &destroyed(VpUnits::NonPolice)), 1);
    let north_or_west = |e: &VpEvent| {
        matches!(e, VpEvent::Exited { units: VpUnits::Any, edges }
            if edges.len() == 2
                && edges.contains(&engine::core::hex::Edge::North)
                && edges.contains(&engine::core::hex::Edge::West))
    };
    assert_eq!(line(NATO, 2, false, &north_or_west), 1);
    // The Warsaw Pact half is cut off in the rulebook: every line of it is a stand-in.
    assert!(s
        .victory_points
        .iter()
        .filter(|e| e.side == WARSAW_PACT)
        .all(|e| e.stand_in));
    assert_eq!(line(WARSAW_PACT, 1, true, &destroyed(VpUnits::Police)), 1);
    assert_eq!(
        line(WARSAW_PACT, 2, true, &destroyed(VpUnits::NonPolice)),
        1
    );
    let held = |e: &VpEvent| matches!(e, VpEvent::HeldAtEnd { .. });
    assert_eq!(line(WARSAW_PACT, 1, true, &held), 1);
    assert_eq!(line(WARSAW_PACT, 2, true, &held), 1);
    assert_eq!(s.victory_points.len(), 7);
    assert!(data()
        .stand_ins
        .iter()
        .any(|n| n.as_str() == "medicine_wheel.toml VP"));
}
