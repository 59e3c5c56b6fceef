//! 8.2 Bombardment, 8.2.1 Mixed Bombardment, 8.2.2–8.2.4, 11.3, 11.4; 8.3 Direct Gun Fire,
//! 8.3.1–8.3.6; 8.3.4 one combat per unit per segment.

use super::*;

fn bombardment<'a>(
    kind: CombatKind,
    fire: &'a [FireSource],
    defenders: &'a [Combatant],
    hex: &'a DefendedHex,
) -> Bombardment<'a> {
    Bombardment {
        kind,
        fire,
        defenders,
        hex,
    }
}

fn guns(fire: &[Firer]) -> heapless::Vec<FireSource, 8> {
    fire.iter().map(|&f| FireSource::Unit(f)).collect()
}

#[test]
fn fb_combat_8_2_4_bombardment_procedure_step_by_step() {
    let t = tables();
    // Step 1: 10 + 8 from two batteries within half range; PFs 2 + 3 plus built-up's +2.
    let fire = guns(&[
        Firer::at(artillery(1, 10, 6), 3),
        Firer::at(artillery(2, 8, 4), 2),
    ]);
    let defenders = [infantry(10, 6, 2), infantry(11, 4, 3)];
    let hex = built_up();
    let bu = t.terrain.of(TerrainKind::BuiltUp);
    let card = bombard(
        &t,
        &bombardment(CombatKind::Bombardment, &fire, &defenders, &hex),
    )
    .unwrap();
    assert_eq!(card.attack, 18);
    assert_eq!(card.defence, 5 + bu.pf as i16);
    // Step 2: the differential.
    assert_eq!(card.differential, 18 - 5 - bu.pf as i16);
    // Step 3: the Bombardment line's range.
    let column = t
        .heading
        .column(CombatKind::Bombardment, card.differential)
        .unwrap();
    assert_eq!(card.column, Some(column));
    // Step 4: the highest single PF (3) plus the hex modifier, on the Upper Matrix.
    assert_eq!(card.protection, 3 + bu.pf as i16);
    assert_eq!(card.letter, t.letter(column, card.protection));
    assert_eq!(card.letter_name(), Some('C'));
    // Step 5: the hex's die-roll modifier; hexsides do not count in a bombardment.
    assert_eq!(card.net_modifier(), bu.drm as i16);
    let out = card.read(&t, &roll(6, 6)).unwrap();
    assert_eq!(out.roll, 12 + bu.drm as i16);
    assert_eq!(Some(out.cell), t.lower.cell(letter('C'), out.roll));
    assert_eq!(out.cell.result, CombatResult::Exchange);
    // The bombarding units never suffer: no attacker loss on an exchange.
    assert_eq!(out.obligations.eliminate, Losses::Units(1));
    assert!(!out.obligations.attacker_matches_exchange);
}

#[test]
fn fb_combat_8_2_only_artillery_bombards_only_occupied_hexes() {
    let t = tables();
    let defenders = [infantry(10, 6, 2)];
    let at = guns(&[Firer::at(anti_tank(1, 6, 2), 1)]);
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &at, &defenders, &clear()),
        ),
        "8.2",
    );
    let fire = guns(&[Firer::at(artillery(1, 10, 6), 3)]);
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &fire, &[], &clear()),
        ),
        "8.2",
    );
    // An intrinsic garrison alone is a target (10.1.3): PF 3 from the strongpoint.
    let sp = built_up().with(Fortification::Strongpoint);
    let card = bombard(&t, &bombardment(CombatKind::Bombardment, &fire, &[], &sp)).unwrap();
    assert_eq!((card.defence, card.protection), (3, 3));
    assert!(card.target.garrison_only);
    // Once per hex per segment.
    refused(check_hex_bombardment(true), "8.2");
    check_hex_bombardment(false).unwrap();
}

#[test]
fn fb_combat_8_2_each_unit_fires_once_per_segment() {
    let mut used = SegmentUse::default();
    used.record(CombatKind::Bombardment).unwrap();
    refused(used.check(CombatKind::Bombardment), "8.2");
    let mut used = SegmentUse::default();
    used.record(CombatKind::MixedBombardment).unwrap();
    refused(used.check(CombatKind::MixedBombardment), "8.2");
}

#[test]
fn fb_combat_3_3_1_artillery_in_maneuver_mode_cannot_bombard() {
    let t = tables();
    let defenders = [infantry(10, 6, 2)];
    let fire = guns(&[Firer::at(maneuver(artillery(1, 10, 6), Dir::Up), 3)]);
    for kind in [CombatKind::Bombardment, CombatKind::MixedBombardment] {
        let mut fire = fire.clone();
        fire.push(FireSource::Unit(Firer::at(anti_tank(2, 4, 2), 1)))
            .unwrap();
        let fire = if kind == CombatKind::Bombardment {
            &fire[..1]
        } else {
            &fire[..]
        };
        refused(
            bombard(&t, &bombardment(kind, fire, &defenders, &clear())),
            "3.3.1",
        );
    }
}

#[test]
fn fb_combat_8_2_1_mixed_bombardment_combines_and_reads_its_own_line() {
    let t = tables();
    let defenders = [infantry(10, 6, 2)];
    let fire = guns(&[
        Firer::at(artillery(1, 8, 6), 3),
        Firer::at(anti_tank(2, 4, 2), 2),
    ]);
    let card = bombard(
        &t,
        &bombardment(CombatKind::MixedBombardment, &fire, &defenders, &clear()),
    )
    .unwrap();
    assert_eq!(card.attack, 12);
    assert_eq!(card.differential, 10);
    let mixed = t.heading.column(CombatKind::MixedBombardment, 10);
    assert_eq!(card.column, mixed);
    assert_ne!(mixed, t.heading.column(CombatKind::Bombardment, 10));
    // Artillery alone, or direct-fire units alone, are no mixed bombardment.
    refused(
        bombard(
            &t,
            &bombardment(
                CombatKind::MixedBombardment,
                &fire[..1],
                &defenders,
                &clear(),
            ),
        ),
        "8.2.1",
    );
    refused(
        bombard(
            &t,
            &bombardment(
                CombatKind::MixedBombardment,
                &fire[1..],
                &defenders,
                &clear(),
            ),
        ),
        "8.2.1",
    );
    // Small arms may not join one (CRT Heading Table).
    let rifles = [fire[0], FireSource::Unit(Firer::at(infantry(3, 5, 2), 1))];
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::MixedBombardment, &rifles, &defenders, &clear()),
        ),
        "8.2.1",
    );
}

#[test]
fn fb_combat_8_2_2_beyond_half_range_artillery_fires_at_half_fs_fractions_dropped() {
    let t = tables();
    let defenders = [infantry(10, 6, 1)];
    let attack = |distance| {
        let fire = guns(&[Firer::at(artillery(1, 9, 6), distance)]);
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &fire, &defenders, &clear()),
        )
        .map(|c| c.attack)
    };
    assert_eq!(attack(3), Ok(9));
    assert_eq!(attack(4), Ok(4));
    assert_eq!(attack(6), Ok(4));
    refused(attack(7), "2.2.3");
    // Off-board artillery is not affected: two strikes are 36 (11.3).
    let strike = FireSource::OffBoard {
        in_radius: true,
        spotted: true,
    };
    let card = bombard(
        &t,
        &bombardment(
            CombatKind::Bombardment,
            &[strike, strike],
            &defenders,
            &clear(),
        ),
    )
    .unwrap();
    assert_eq!(card.attack, 2 * OFF_BOARD_FS as i16);
}

#[test]
fn fb_combat_8_2_3_artillery_beyond_half_range_needs_a_spotter_but_not_in_a_mixed_bombardment() {
    let t = tables();
    let defenders = [infantry(10, 6, 1)];
    let mut far = Firer::at(artillery(1, 9, 6), 4);
    far.spotted = false;
    let fire = guns(&[far]);
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &fire, &defenders, &clear()),
        ),
        "8.2.3",
    );
    let mut near = far;
    near.distance = 3;
    bombard(
        &t,
        &bombardment(
            CombatKind::Bombardment,
            &guns(&[near]),
            &defenders,
            &clear(),
        ),
    )
    .unwrap();
    // In a mixed bombardment the artillery needs no sight; its direct-fire partner does.
    let gun = Firer::at(anti_tank(2, 4, 2), 2);
    let mixed = guns(&[far, gun]);
    bombard(
        &t,
        &bombardment(CombatKind::MixedBombardment, &mixed, &defenders, &clear()),
    )
    .unwrap();
    let mut blind = gun;
    blind.line_of_sight = false;
    refused(
        bombard(
            &t,
            &bombardment(
                CombatKind::MixedBombardment,
                &guns(&[far, blind]),
                &defenders,
                &clear(),
            ),
        ),
        "8.3.2",
    );
}

#[test]
fn fb_combat_11_3_off_board_strikes_need_the_hq_radius_and_a_spotter() {
    let t = tables();
    let defenders = [infantry(10, 6, 1)];
    for (in_radius, spotted) in [(false, true), (true, false)] {
        let s = [FireSource::OffBoard { in_radius, spotted }];
        refused(
            bombard(
                &t,
                &bombardment(CombatKind::Bombardment, &s, &defenders, &clear()),
            ),
            "11.3",
        );
    }
}

#[test]
fn fb_combat_11_4_an_air_strike_fires_with_20_alone() {
    let t = tables();
    let defenders = [infantry(10, 6, 1)];
    let card = bombard(
        &t,
        &bombardment(
            CombatKind::Bombardment,
            &[FireSource::AirStrike],
            &defenders,
            &clear(),
        ),
    )
    .unwrap();
    assert_eq!(card.attack, AIR_STRIKE_FS as i16);
    let two = [FireSource::AirStrike, FireSource::AirStrike];
    let with_guns = [
        FireSource::AirStrike,
        FireSource::Unit(Firer::at(artillery(1, 9, 6), 2)),
    ];
    for fire in [&two[..], &with_guns[..]] {
        refused(
            bombard(
                &t,
                &bombardment(CombatKind::Bombardment, fire, &defenders, &clear()),
            ),
            "11.4",
        );
    }
}

#[test]
fn fb_combat_8_8_disrupted_units_cannot_attack() {
    let t = tables();
    let defenders = [infantry(10, 6, 1)];
    let fire = guns(&[Firer::at(disrupted(artillery(1, 9, 6)), 2)]);
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &fire, &defenders, &clear()),
        ),
        "8.8",
    );
    let target = tank(10, 5, 3);
    refused(
        gun_fire(
            &t,
            &gun(
                &[Firer::at(disrupted(anti_tank(1, 6, 2)), 1)],
                &target,
                &clear(),
            ),
        ),
        "8.8",
    );
    let attackers = [Assailant::new(disrupted(infantry(1, 6, 2)), Dir::Up)];
    refused(
        close_assault(&t, &assault(&attackers, &defenders, &clear())),
        "8.8",
    );
}

#[test]
fn fb_combat_8_3_only_armoured_mechanized_and_assault_gun_units_are_targets() {
    let t = tables();
    let f = [Firer::at(anti_tank(1, 6, 2), 1)];
    refused(gun_fire(&t, &gun(&f, &infantry(10, 5, 3), &clear())), "8.3");
    for class in [
        UnitType::Armor,
        UnitType::AssaultGun,
        UnitType::Recon,
        UnitType::MechanizedInfantry,
    ] {
        let target = unit(10, class, WeaponType::DualPurpose, 5, 3);
        gun_fire(&t, &gun(&f, &target, &clear())).unwrap();
    }
    // Only units the heading allows fire: not artillery, not rifles.
    let target = tank(10, 5, 3);
    for u in [artillery(1, 9, 6), infantry(1, 5, 2)] {
        refused(
            gun_fire(&t, &gun(&[Firer::at(u, 1)], &target, &clear())),
            "8.3",
        );
    }
}

#[test]
fn fb_combat_8_3_1_guns_reach_two_hexes_flak_in_a_flak_tower_four() {
    let t = tables();
    let target = tank(10, 5, 3);
    let fire_at = |u: Combatant, d, tower| {
        let mut f = Firer::at(u, d);
        f.in_flak_tower = tower;
        gun_fire(&t, &gun(&[f], &target, &clear())).map(|c| c.attack)
    };
    assert_eq!(fire_at(anti_tank(1, 6, 2), 2, false), Ok(6));
    refused(fire_at(anti_tank(1, 6, 2), 3, false), "8.3.1");
    let flak = unit(2, UnitType::Flak, WeaponType::AntiTank, 5, 2);
    assert_eq!(fire_at(flak, 4, true), Ok(5));
    refused(fire_at(flak, 5, true), "8.3.1");
    refused(fire_at(flak, 3, false), "8.3.1");
    // Only flak gains the tower's reach.
    refused(fire_at(anti_tank(1, 6, 2), 3, true), "8.3.1");
}

#[test]
fn fb_combat_8_3_2_fire_beyond_the_adjacent_hex_needs_a_line_of_sight() {
    let t = tables();
    let target = tank(10, 5, 3);
    let mut f = Firer::at(anti_tank(1, 6, 2), 2);
    f.line_of_sight = false;
    refused(gun_fire(&t, &gun(&[f], &target, &clear())), "8.3.2");
    f.distance = 1;
    gun_fire(&t, &gun(&[f], &target, &clear())).unwrap();
}

#[test]
fn fb_combat_8_3_3_firers_must_be_in_command_and_may_combine_on_one_target() {
    let t = tables();
    let target = tank(10, 5, 3);
    let mut lone = anti_tank(1, 6, 2);
    lone.in_command = false;
    refused(
        gun_fire(&t, &gun(&[Firer::at(lone, 1)], &target, &clear())),
        "8.3.3",
    );
    let f = [
        Firer::at(anti_tank(1, 6, 2), 1),
        Firer::at(tank(2, 7, 4), 2),
    ];
    assert_eq!(
        gun_fire(&t, &gun(&f, &target, &clear())).unwrap().attack,
        13
    );
    refused(gun_fire(&t, &gun(&[], &target, &clear())), "8.3.3");
    // One target per segment.
    let mut used = SegmentUse::default();
    used.record(CombatKind::DirectGunFire).unwrap();
    refused(used.check(CombatKind::DirectGunFire), "8.3.3");
}

#[test]
fn fb_combat_8_3_4_a_tank_that_fired_directly_may_not_join_a_mixed_bombardment_or_assault() {
    let mut used = SegmentUse::default();
    used.record(CombatKind::DirectGunFire).unwrap();
    refused(used.check(CombatKind::MixedBombardment), "8.3.4");
    refused(used.check(CombatKind::CloseAssault), "8.3.4");
    let mut used = SegmentUse::default();
    used.record(CombatKind::CloseAssault).unwrap();
    refused(used.check(CombatKind::DirectGunFire), "8.3.4");
    // A fresh unit may do any one of them.
    for k in CombatKind::ALL {
        SegmentUse::default().check(k).unwrap();
    }
}

#[test]
fn fb_combat_8_3_6_gun_fire_is_against_the_target_alone_with_hex_and_hexside_terrain() {
    let t = tables();
    let target = tank(10, 5, 4);
    let park = DefendedHex::of(TerrainKind::Park);
    let p = t.terrain.of(TerrainKind::Park);
    let f = [Firer::at(anti_tank(1, 12, 2), 1)];
    let mut g = gun(&f, &target, &park);
    g.crossing = Crossing::bridged();
    let card = gun_fire(&t, &g).unwrap();
    // Only the target's PF, plus the hex's modifier, in the differential and on the matrix.
    assert_eq!(card.defence, 4 + p.pf as i16);
    assert_eq!(card.protection, card.defence);
    assert_eq!(card.differential, 12 - card.defence);
    assert_eq!(
        card.column,
        t.heading
            .column(CombatKind::DirectGunFire, card.differential)
    );
    assert_eq!(card.target.units, 1);
    // Hex and hexside modifiers both help it.
    assert_eq!(
        card.net_modifier(),
        (p.drm + t.terrain.bridged_water_drm) as i16
    );
    // A disrupted tank keeps its PF (only weapons units halve theirs, 8.8).
    let card2 = gun_fire(&t, &gun(&f, &disrupted(target), &park)).unwrap();
    assert_eq!(card2.defence, card.defence);
}

/// The first roll (in 2d6 order) that reads `result` on the card, if any.
pub(super) fn roll_for(
    t: &FortressCombatTables,
    card: &CombatCard,
    result: CombatResult,
) -> DiceRoll {
    for a in 1..=6 {
        for b in 1..=6 {
            let r = roll(a, b);
            if card.read(t, &r).unwrap().cell.result == result {
                return r;
            }
        }
    }
    panic!("no roll reads {} on this card", result.symbol());
}

#[test]
fn fb_combat_8_3_5_defensive_gun_fire_can_disrupt_an_assaulting_tank_before_the_assault() {
    let t = tables();
    // The attacker announces a tank's close assault; the defending anti-tank gun fires first.
    let attacker = tank(1, 8, 3);
    let defenders = [anti_tank(10, 6, 2), infantry(11, 4, 2)];
    let card = gun_fire(&t, &gun(&[Firer::at(defenders[0], 1)], &attacker, &clear())).unwrap();
    let out = card
        .read(&t, &roll_for(&t, &card, CombatResult::Disruption))
        .unwrap();
    assert!(out.obligations.disrupt_defenders && out.obligations.single_target);
    // The defender fires in the attacker's (here the Soviet) player-turn: a red marker.
    assert_eq!(
        disrupt(&attacker, false),
        Disrupted::Marked(DisruptionMarker::Red)
    );
    // Disrupted, it no longer takes part in the assault.
    let hit = disrupted(attacker);
    refused(
        close_assault(
            &t,
            &assault(&[Assailant::new(hit, Dir::Up)], &defenders, &clear()),
        ),
        "8.8",
    );
}

#[test]
fn fb_combat_17_1_3_units_in_the_u_bahn_neither_fight_nor_are_fired_on() {
    let t = tables();
    let mut deep = tank(10, 5, 3);
    deep.underground = true;
    let f = [Firer::at(anti_tank(1, 6, 2), 1)];
    refused(gun_fire(&t, &gun(&f, &deep, &clear())), "17.1.3");
    let mut digger = anti_tank(1, 6, 2);
    digger.underground = true;
    refused(
        gun_fire(&t, &gun(&[Firer::at(digger, 1)], &tank(10, 5, 3), &clear())),
        "17.1.3",
    );
    // A hex whose only units are underground cannot be bombarded or assaulted.
    let mut below = infantry(10, 4, 2);
    below.underground = true;
    let fire = guns(&[Firer::at(artillery(2, 9, 6), 2)]);
    refused(
        bombard(
            &t,
            &bombardment(CombatKind::Bombardment, &fire, &[below], &clear()),
        ),
        "8.2",
    );
    refused(
        close_assault(
            &t,
            &assault(
                &[Assailant::new(infantry(1, 6, 2), Dir::Up)],
                &[below],
                &clear(),
            ),
        ),
        "8.4.1",
    );
}
