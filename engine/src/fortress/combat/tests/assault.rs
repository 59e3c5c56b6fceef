//! 8.4 Close Assault, 8.4.1, 8.4.2; 8.5 advantages; 3.5.2 Support Fire; 10.1 fortifications.

use super::fire::roll_for;
use super::*;

fn rifles(id: u16, fs: u8) -> Assailant {
    Assailant::new(infantry(id, fs, 2), Dir::Up)
}

fn card(a: &Assault<'_>) -> CombatCard {
    close_assault(&tables(), a).unwrap()
}

fn shift_cases(c: &CombatCard) -> heapless::Vec<&'static str, 8> {
    c.shifts.iter().map(|s| s.case).collect()
}

#[test]
fn fb_combat_8_4_1_assaulting_units_must_be_adjacent() {
    let t = tables();
    let mut far = rifles(1, 6);
    far.toward = None;
    refused(
        close_assault(&t, &assault(&[far], &[infantry(10, 3, 2)], &clear())),
        "8.4.1",
    );
    refused(
        close_assault(&t, &assault(&[], &[infantry(10, 3, 2)], &clear())),
        "8.4.2",
    );
}

#[test]
fn fb_combat_8_4_1_empty_hexes_cannot_be_assaulted_but_a_garrison_can() {
    let t = tables();
    refused(
        close_assault(&t, &assault(&[rifles(1, 6)], &[], &clear())),
        "8.4.1",
    );
    let sp = built_up().with(Fortification::Strongpoint);
    let c = close_assault(&t, &assault(&[rifles(1, 6)], &[], &sp)).unwrap();
    // 10.1.3: the garrison defends with FS 1, PF 3, and the hex gives -3.
    assert_eq!((c.defence, c.protection), (1, 3));
    assert_eq!(c.net_modifier(), -3);
    assert!(c.modifiers.iter().any(|m| m.case == "10.1.3"));
    assert!(c.target.garrison_only);
}

#[test]
fn fb_combat_8_4_only_units_the_heading_allows_close_assault() {
    let t = tables();
    for u in [artillery(1, 9, 6), anti_tank(1, 6, 2)] {
        refused(
            close_assault(
                &t,
                &assault(
                    &[Assailant::new(u, Dir::Up)],
                    &[infantry(10, 3, 2)],
                    &clear(),
                ),
            ),
            "8.4",
        );
    }
    let c = card(&assault(
        &[Assailant::new(tank(1, 7, 4), Dir::Up)],
        &[infantry(10, 3, 2)],
        &clear(),
    ));
    assert_eq!(c.attack, 7);
}

#[test]
fn fb_combat_7_3_3_no_close_assault_across_water_without_a_bridge() {
    let t = tables();
    let wet = rifles(1, 6).across(Crossing {
        water: Water::Unbridged,
        perimeter_barrier: false,
    });
    refused(
        close_assault(&t, &assault(&[wet], &[infantry(10, 3, 2)], &clear())),
        "7.3.3",
    );
}

#[test]
fn fb_combat_8_4_2_step_3_fractions_are_kept_until_each_side_is_totalled() {
    // Two FS 3 units over a bridge: 1.5 + 1.5 = 3, not 1 + 1; a third unit on the near side
    // keeps its full FS (regardless of the others).
    let attackers = [
        rifles(1, 3).across(Crossing::bridged()),
        Assailant::new(infantry(2, 3, 2), Dir::UpHigherCol).across(Crossing::bridged()),
        Assailant::new(infantry(3, 3, 2), Dir::UpLowerCol),
    ];
    // Disrupted defenders of FS 5 and 3 defend with 2.5 + 1.5 = 4 (8.8).
    let defenders = [disrupted(infantry(10, 5, 2)), disrupted(infantry(11, 3, 2))];
    let c = card(&assault(&attackers, &defenders, &clear()));
    assert_eq!((c.attack, c.defence), (6, 4));
    // One FS 3 over the bridge alone: 1.5 rounds down to 1.
    let c = card(&assault(&attackers[..1], &defenders, &clear()));
    assert_eq!(c.attack, 1);
}

#[test]
fn fb_combat_8_4_2_step_3_weapons_units_defend_with_their_pf() {
    let defenders = [anti_tank(10, 6, 2), infantry(11, 4, 3)];
    let c = card(&assault(&[rifles(1, 9)], &defenders, &clear()));
    assert_eq!(c.defence, 2 + 4);
    // 8.8: a disrupted anti-tank unit halves its PF, rounding down.
    let defenders = [disrupted(anti_tank(10, 6, 3)), infantry(11, 4, 3)];
    let c = card(&assault(&[rifles(1, 9)], &defenders, &clear()));
    assert_eq!(c.defence, 1 + 4);
}

#[test]
fn fb_combat_8_4_2_step_4_adjusted_pf_is_the_highest_unit_plus_the_terrain() {
    let t = tables();
    let defenders = [infantry(10, 3, 2), infantry(11, 3, 4)];
    let c = card(&assault(&[rifles(1, 9)], &defenders, &built_up()));
    let bu = t.terrain.of(TerrainKind::BuiltUp);
    assert_eq!(c.protection, 4 + bu.pf as i16);
    assert_eq!(c.base_letter, t.letter(c.column.unwrap(), 4 + bu.pf as i16));
    assert_eq!(c.net_modifier(), bu.drm as i16);
}

fn hq(id: u16, fs: u8) -> Support {
    Support {
        hq: unit(id, UnitType::Headquarters, WeaponType::SmallArms, fs, 1),
        in_radius: true,
        used_this_turn: false,
        assaulted: false,
    }
}

#[test]
fn fb_combat_3_5_2_hq_support_fire_adds_its_fs_to_either_side_once() {
    let t = tables();
    let defenders = [infantry(10, 3, 2)];
    let open = clear();
    let mut a = assault(&[], &defenders, &open);
    let attackers = [rifles(1, 6)];
    a.attackers = &attackers;
    let ours = [hq(50, 3)];
    let theirs = [hq(60, 2)];
    a.attacker_support = &ours;
    a.defender_support = &theirs;
    let c = close_assault(&t, &a).unwrap();
    assert_eq!((c.attack, c.defence), (9, 5));
    let mut out = hq(50, 3);
    out.in_radius = false;
    let mut spent = hq(50, 3);
    spent.used_this_turn = true;
    let mut beset = hq(50, 3);
    beset.assaulted = true;
    for bad in [out, spent, beset] {
        let s = [bad];
        let mut b = a;
        b.attacker_support = &s;
        refused(close_assault(&t, &b), "3.5.2");
    }
    let mut shaken = hq(50, 3);
    shaken.hq.disrupted = true;
    let s = [shaken];
    a.attacker_support = &[];
    a.defender_support = &s;
    refused(close_assault(&t, &a), "8.8");
}

#[test]
fn fb_combat_10_1_3_strongpoint_garrison_joins_the_defence_and_stops_attacker_shifts() {
    // The defender points Up; the tank comes from below it, on its flank.
    let defenders = [maneuver(infantry(10, 3, 2), Dir::Up)];
    let attackers = [Assailant::new(tank(1, 9, 4), Dir::Up)];
    let mut hex = clear().with(Fortification::Strongpoint);
    let mut a = assault(&attackers, &defenders, &hex);
    a.surrounded = true;
    let c = card(&a);
    // FS 3 + the garrison's 1; PF 2 + 3; -3 to the roll.
    assert_eq!((c.defence, c.protection), (4, 5));
    assert_eq!(c.net_modifier(), -3);
    // No outflanking, surrounding or armour shift (10.1.3).
    let cases = shift_cases(&c);
    assert!(!cases
        .iter()
        .any(|c| ["8.5.2", "8.5.3", "8.5.4"].contains(c)));
    // The same in the open gets all three.
    hex.fortification = None;
    let mut a = assault(&attackers, &defenders, &hex);
    a.surrounded = true;
    let cases = shift_cases(&card(&a));
    for k in ["8.5.2", "8.5.3", "8.5.4"] {
        assert!(cases.contains(&k), "{k} missing");
    }
}

#[test]
fn fb_combat_10_1_4_flak_tower_garrison_fs_3_mr_3_and_minus_4() {
    let hex = clear().with(Fortification::FlakTower);
    let defenders = [infantry(10, 3, 2)];
    let c = card(&assault(&[rifles(1, 9)], &defenders, &hex));
    assert_eq!((c.defence, c.protection), (6, 5));
    assert_eq!(c.net_modifier(), -4);
    // MR 3 beats the attacker's 2.
    assert!(c.shifts.iter().any(|s| s.case == "8.5.1" && s.amount == -1));
}

#[test]
fn fb_combat_10_1_1_perimeter_barrier_gives_minus_1_to_close_assault_but_not_at_a_bunker() {
    let defenders = [infantry(10, 3, 2)];
    let over = [rifles(1, 9).across(Crossing::barrier())];
    let c = card(&assault(&over, &defenders, &clear()));
    assert_eq!(c.net_modifier(), -1);
    assert!(c.modifiers.iter().any(|m| m.case == "10.1.1"));
    // 10.1.2: a bunker gives +2 PF and -2, and the barrier adds nothing.
    let bunker = clear().with(Fortification::Bunker);
    let c = card(&assault(&over, &defenders, &bunker));
    assert_eq!(c.net_modifier(), -2);
    assert_eq!(c.protection, 2 + 2);
    // Fire combat never counts the barrier (10.1.1: close assault only).
    let t = tables();
    let target = tank(10, 5, 3);
    let f = [Firer::at(anti_tank(1, 6, 2), 1)];
    let open = clear();
    let mut g = gun(&f, &target, &open);
    g.crossing = Crossing::barrier();
    assert_eq!(gun_fire(&t, &g).unwrap().net_modifier(), 0);
}

#[test]
fn fb_combat_8_5_1_the_higher_morale_rating_wins_one_column() {
    let mr = |att: u8, def: Combatant| {
        let attackers = [Assailant::new(with_mr(infantry(1, 9, 2), att), Dir::Up)];
        let defenders = [def];
        card(&assault(&attackers, &defenders, &clear())).net_shift()
    };
    assert_eq!(mr(3, with_mr(infantry(10, 3, 2), 2)), 1);
    assert_eq!(mr(2, with_mr(infantry(10, 3, 2), 3)), -1);
    assert_eq!(mr(2, with_mr(infantry(10, 3, 2), 2)), 0);
    // A disrupted defender's MR is one less (8.8): 3 becomes 2, a tie.
    assert_eq!(mr(2, disrupted(with_mr(infantry(10, 3, 2), 3))), 0);
    // A maneuver-mode unit uses the MR of its combat face (the value it carries), facing us.
    assert_eq!(
        mr(2, maneuver(with_mr(infantry(10, 3, 2), 3), Dir::Down)),
        -1
    );
}

#[test]
fn fb_combat_8_5_2_armour_superiority_in_the_open_unless_negated() {
    let armour = |hex: &DefendedHex, defender: Combatant, attacker: Assailant| {
        let attackers = [attacker, rifles(2, 3)];
        let defenders = [defender];
        shift_cases(&card(&assault(&attackers, &defenders, hex))).contains(&"8.5.2")
    };
    let tk = Assailant::new(tank(1, 8, 4), Dir::Up);
    let park = DefendedHex::of(TerrainKind::Park);
    let rifle = infantry(10, 3, 2);
    assert!(armour(&clear(), rifle, tk));
    assert!(armour(&park, rifle, tk));
    let recon = Assailant::new(
        unit(1, UnitType::Recon, WeaponType::DualPurpose, 4, 2),
        Dir::Up,
    );
    assert!(armour(&clear(), rifle, recon));
    // Not against other terrain, or a major building, or a fortification.
    assert!(!armour(&built_up(), rifle, tk));
    assert!(!armour(
        &DefendedHex::of(TerrainKind::MajorBuilding),
        rifle,
        tk
    ));
    assert!(!armour(
        &park.clone().with(Fortification::Bunker),
        rifle,
        tk
    ));
    // Not against armour, engineers, anti-tank or flak.
    for class in [
        UnitType::Armor,
        UnitType::Engineer,
        UnitType::AntiTank,
        UnitType::Flak,
    ] {
        assert!(!armour(
            &clear(),
            unit(10, class, WeaponType::SmallArms, 3, 2),
            tk
        ));
    }
    // Not for armour crossing a bridge; not without armour.
    assert!(!armour(&clear(), rifle, tk.across(Crossing::bridged())));
    assert!(!armour(&clear(), rifle, rifles(1, 8)));
}

#[test]
fn fb_combat_8_5_3_outflanking_a_maneuver_mode_unit_from_its_flank() {
    let flank = |defenders: &[Combatant], hex: &DefendedHex, toward: Dir| {
        let attackers = [Assailant::new(infantry(1, 9, 2), toward)];
        shift_cases(&card(&assault(&attackers, defenders, hex))).contains(&"8.5.3")
    };
    // The defender points Up. An attacker below it (moving Up into it) is on its flank.
    let pointing_up = maneuver(infantry(10, 3, 2), Dir::Up);
    assert!(flank(&[pointing_up], &clear(), Dir::Up));
    // From above (moving Down into it) or from the upper corners, it faces the attack.
    for toward in [Dir::Down, Dir::DownHigherCol, Dir::DownLowerCol] {
        assert!(!flank(&[pointing_up], &clear(), toward));
    }
    // A combat-mode unit alongside faces every way: negated.
    assert!(!flank(
        &[pointing_up, infantry(11, 3, 2)],
        &clear(),
        Dir::Up
    ));
    // Combat mode alone: no flank.
    assert!(!flank(&[infantry(11, 3, 2)], &clear(), Dir::Up));
    // Negated in bunkers, strongpoints and flak towers.
    for f in [
        Fortification::Bunker,
        Fortification::Strongpoint,
        Fortification::FlakTower,
    ] {
        assert!(!flank(&[pointing_up], &clear().with(f), Dir::Up));
    }
}

#[test]
fn fb_combat_8_5_4_surrounded_by_units_or_zocs_that_friendly_units_do_not_cancel() {
    let zoc = Neighbour {
        enemy_zoc: true,
        ..Neighbour::default()
    };
    let enemy = Neighbour {
        enemy_unit: true,
        ..Neighbour::default()
    };
    let mut around = [zoc, enemy, zoc, zoc, enemy, zoc];
    assert!(surrounded(&around));
    // A friendly unit in a ZOC hex negates that ZOC for this purpose.
    around[2].friendly_unit = true;
    assert!(!surrounded(&around));
    around[2] = Neighbour::default();
    assert!(!surrounded(&around));
    // The shift, and its exception for fortifications.
    let defenders = [infantry(10, 3, 2)];
    let attackers = [rifles(1, 9)];
    let open = clear();
    let mut a = assault(&attackers, &defenders, &open);
    a.surrounded = true;
    assert!(shift_cases(&card(&a)).contains(&"8.5.4"));
    let tower = clear().with(Fortification::FlakTower);
    a.hex = &tower;
    assert!(!shift_cases(&card(&a)).contains(&"8.5.4"));
}

#[test]
fn fb_combat_8_5_advantages_are_cumulative_and_move_the_letter() {
    let attackers = [
        Assailant::new(with_mr(tank(1, 6, 4), 3), Dir::Up),
        rifles(2, 3),
    ];
    let defenders = [maneuver(infantry(10, 4, 4), Dir::Up)];
    let open = clear();
    let mut a = assault(&attackers, &defenders, &open);
    a.surrounded = true;
    let c = card(&a);
    assert_eq!(c.net_shift(), 4);
    assert_eq!(
        c.letter,
        Some(crate::core::crt::Letters::A_TO_I.shifted(c.base_letter.unwrap(), 4))
    );
    assert!(c.letter > c.base_letter);
}

#[test]
fn fb_combat_8_4_2_a_close_assault_from_announcement_to_result() {
    let t = tables();
    let attackers = [
        rifles(1, 8),
        Assailant::new(infantry(2, 4, 2), Dir::UpLowerCol),
    ];
    let defenders = [infantry(10, 3, 2), infantry(11, 2, 1)];
    let c = card(&assault(&attackers, &defenders, &built_up()));
    assert_eq!(c.differential, 12 - 5);
    // Whatever the dice, the cell read is the Lower Matrix's at the letter and modified roll.
    for a in 1..=6 {
        for b in 1..=6 {
            let out = c.read(&t, &roll(a, b)).unwrap();
            assert_eq!(Some(out.cell), t.lower.cell(c.letter.unwrap(), out.roll));
            assert_eq!(out.obligations.disrupt_attacking_stack, out.cell.star);
            assert!(!out.obligations.ruins);
        }
    }
    // Each player's forces are revealed (3.6).
    assert_eq!(c.reveal.attackers, Disclosure::Full);
    let out = c
        .read(&t, &roll_for(&t, &c, CombatResult::Retreat))
        .unwrap();
    assert_eq!(
        out.obligations.retreat,
        Some(RetreatDue {
            min: 1,
            max: 2,
            may_ignore: false
        })
    );
}
