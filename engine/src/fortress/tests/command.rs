//! 3.5 command: HQ radii, out of command, higher HQs, support fire and the optional own-division
//! rule.

use super::*;
use crate::fortress::command;

#[test]
fn fb_command_3_5_1_an_army_hq_commands_any_unit_in_radius_enemies_between_or_not() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let other_army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    let near = k.infantry(SOVIET, Some(other_army));
    let far = k.infantry(SOVIET, Some(army));
    let blocker = k.infantry(GERMAN, None);
    let mut s = k.state();
    put(&k, &mut s, hq, h(2, 6), COMBAT, Dir::Up);
    put(&k, &mut s, blocker, h(3, 6), COMBAT, Dir::Up);
    put(&k, &mut s, near, h(5, 6), COMBAT, Dir::Up);
    put(&k, &mut s, far, h(6, 6), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, near), Command::By(hq));
    assert_eq!(k.command_of(&s, far), Command::Out);
    assert_eq!(k.command_of(&s, hq), Command::Source);
    assert!(command::may_direct_fire(&k.map, &k.forces, &s, near).is_ok());
    assert_eq!(
        command::may_direct_fire(&k.map, &k.forces, &s, far)
            .unwrap_err()
            .case,
        "3.5.2"
    );
}

#[test]
fn fb_command_3_5_3_division_hq_out_of_command_halves_its_units_ma() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let higher = k.hq(GERMAN, berlin, Radius::Hexes(4), 6);
    let dhq = k.hq(GERMAN, div, Radius::Hexes(2), 6);
    let inf = k.infantry(GERMAN, Some(div));
    let stranger = k.infantry(GERMAN, None);
    let headless = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let elements = k.infantry(GERMAN, Some(headless));
    let mut s = k.state();
    put(&k, &mut s, elements, h(12, 12), MANEUVER, Dir::Up);
    put(&k, &mut s, higher, h(1, 1), COMBAT, Dir::Up);
    put(&k, &mut s, dhq, h(5, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, inf, h(6, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, stranger, h(7, 1), MANEUVER, Dir::Up);
    assert_eq!(k.command_of(&s, dhq), Command::By(higher));
    // 3.5.1: the division HQ commands any unit in its radius, not only its own.
    assert_eq!(k.command_of(&s, stranger), Command::By(dhq));
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(inf), MP.mp(6));
    // The division HQ moves out of its higher HQ's radius: the division is out of command.
    k.step(&mut s, &[dhq], h(6, 1), MP.mp(1)).unwrap();
    assert_eq!(k.command_of(&s, dhq), Command::Out);
    assert_eq!(k.command_of(&s, inf), Command::Out);
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(inf), MP.mp(3), "half its MA");
    assert_eq!(s.remaining(dhq), MP.mp(3), "the HQ too");
    assert_eq!(s.remaining(stranger), MP.mp(6), "not of the division");
    assert_eq!(
        s.remaining(elements),
        MP.mp(6),
        "a division without an HQ counter"
    );
}

#[test]
fn fb_command_3_5_4_higher_hq_commands_vs_and_one_designated_unit() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let higher = k.hq(GERMAN, berlin, Radius::Hexes(3), 6);
    let vs = k.unit(
        GERMAN,
        UnitType::Volkssturm,
        None,
        p(1, 1, 1, 4),
        p(1, 1, 2, 2),
    );
    // Three independent anti-tank battalions, alike.
    let mut anti_tank = || {
        k.unit(
            GERMAN,
            UnitType::AntiTank,
            None,
            p(2, 3, 2, 2),
            p(2, 6, 2, 0),
        )
    };
    let (at1, at2, far) = (anti_tank(), anti_tank(), anti_tank());
    let mut s = k.state();
    put(&k, &mut s, higher, h(4, 4), COMBAT, Dir::Up);
    put(&k, &mut s, vs, h(6, 4), COMBAT, Dir::Up);
    put(&k, &mut s, at1, h(5, 4), COMBAT, Dir::Up);
    put(&k, &mut s, at2, h(4, 6), COMBAT, Dir::Up);
    put(&k, &mut s, far, h(10, 4), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, vs), Command::By(higher));
    assert_eq!(k.command_of(&s, at1), Command::Out);
    command::designate(&k.map, &k.forces, &mut s, higher, at1).unwrap();
    assert_eq!(k.command_of(&s, at1), Command::Directed(higher));
    // One unit only: designating another releases the first.
    command::designate(&k.map, &k.forces, &mut s, higher, at2).unwrap();
    assert_eq!(k.command_of(&s, at1), Command::Out);
    assert_eq!(k.command_of(&s, at2), Command::Directed(higher));
    let e = command::designate(&k.map, &k.forces, &mut s, higher, far);
    assert_eq!(e.unwrap_err().case, "3.5.4");
    let e = command::designate(&k.map, &k.forces, &mut s, vs, at1);
    assert_eq!(e.unwrap_err().case, "3.5.4", "a Volkssturm unit is no HQ");
}

#[test]
fn fb_command_3_5_2_support_fire_once_a_turn_in_radius_not_when_assaulted_or_disrupted() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    let inf = k.infantry(SOVIET, Some(army));
    let mut s = k.state();
    let at = h(5, 5);
    put(&k, &mut s, hq, at, COMBAT, Dir::Up);
    put(&k, &mut s, inf, h(7, 5), COMBAT, Dir::Up);
    let (m, f) = (&k.map, &k.forces);
    let near = h(8, 5);
    assert!(command::may_support(m, f, &s, hq, near, &[near], &[inf]).is_ok());
    let e = command::may_support(m, f, &s, hq, h(9, 5), &[], &[inf]);
    assert_eq!(e.unwrap_err().case, "3.5.2", "beyond the radius");
    let e = command::may_support(m, f, &s, hq, near, &[near, at], &[inf]);
    assert_eq!(e.unwrap_err().case, "3.5.2", "the HQ is itself assaulted");
    assert_eq!(
        command::may_support(m, f, &s, inf, near, &[], &[])
            .unwrap_err()
            .case,
        "3.5.2"
    );
    command::use_support(&mut s, hq).unwrap();
    assert!(
        command::may_support(m, f, &s, hq, near, &[], &[inf]).is_err(),
        "once a turn"
    );
    command::new_turn(&mut s);
    assert!(command::may_support(m, f, &s, hq, near, &[], &[inf]).is_ok());
    s.units[hq.0 as usize].counter.game.disrupted = Some(GERMAN);
    assert!(command::may_support(m, f, &s, hq, near, &[], &[inf]).is_err());
    // A disrupted HQ still commands (3.5.2).
    assert_eq!(command::command_of(m, f, &s, inf), Command::By(hq));
}

#[test]
fn fb_command_3_5_3_optional_rule_own_division_hq_only() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let other = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let higher = k.hq(GERMAN, berlin, Radius::WholeMap, 6);
    let dhq = k.hq(GERMAN, div, Radius::Hexes(3), 6);
    let own = k.infantry(GERMAN, Some(div));
    let foreign = k.infantry(GERMAN, Some(other));
    let mut s = k.state();
    put(&k, &mut s, higher, h(12, 12), COMBAT, Dir::Up);
    put(&k, &mut s, dhq, h(3, 3), COMBAT, Dir::Up);
    put(&k, &mut s, own, h(4, 3), COMBAT, Dir::Up);
    put(&k, &mut s, foreign, h(5, 3), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, foreign), Command::By(dhq));
    s.options.own_division_command = true;
    assert_eq!(k.command_of(&s, own), Command::By(dhq));
    assert_eq!(k.command_of(&s, foreign), Command::Out);
    let e = command::may_support(&k.map, &k.forces, &s, dhq, h(5, 4), &[], &[foreign]);
    assert_eq!(e.unwrap_err().case, "3.5.3");
    assert!(command::may_support(&k.map, &k.forces, &s, dhq, h(5, 4), &[], &[own]).is_ok());
}

/// The HQs the table shades around a unit out of command (3.5): the ones whose radius would
/// command it, and none for a source of command.
#[test]
fn fb_command_3_5_commanders_of_a_unit_are_the_hqs_that_could_command_it() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let higher = k.hq(GERMAN, berlin, Radius::Hexes(4), 6);
    let dhq = k.hq(GERMAN, div, Radius::Hexes(2), 6);
    let inf = k.infantry(GERMAN, Some(div));
    let ahq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    let rifles = k.infantry(SOVIET, Some(army));
    let mut s = k.state();
    put(&k, &mut s, higher, h(1, 1), COMBAT, Dir::Up);
    put(&k, &mut s, dhq, h(4, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, inf, h(9, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, ahq, h(2, 8), COMBAT, Dir::Up);
    put(&k, &mut s, rifles, h(9, 8), COMBAT, Dir::Up);
    let of = |u| {
        let mut v: heapless::Vec<UnitId, 8> = heapless::Vec::new();
        command::commanders_of(&k.map, &k.forces, &s, u, |h| {
            let _ = v.push(h);
        });
        v
    };
    assert_eq!(k.command_of(&s, inf), Command::Out);
    assert_eq!(of(inf)[..], [dhq], "3.5.3: the division HQ in command");
    assert_eq!(
        of(dhq)[..],
        [higher],
        "3.5.3: a division HQ answers to its higher HQ"
    );
    assert_eq!(of(rifles)[..], [ahq], "3.5.1: any army HQ of the side");
    assert!(of(higher).is_empty(), "a higher HQ is a source of command");
    assert!(of(ahq).is_empty(), "an army HQ is a source of command");
}
