//! 8.1 Elements of combat: the CRT's parts, the differential, the Upper and Lower Matrix, the
//! clamps of the 8.4 general note, terrain (8.1.5), facing (8.1.6); 17.5's example.

use super::*;
use crate::core::crt::Letters;

#[test]
fn fb_combat_8_1_2_standin_tables_fit_together_and_travel_as_data() {
    let t = tables();
    t.validate().unwrap();
    let bytes = postcard::to_allocvec(&t).unwrap();
    let back: FortressCombatTables = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, t);
    // A club's heading line that leads to fewer columns than the Upper Matrix has is refused.
    let mut bad = t.clone();
    bad.heading.lines[CombatKind::CloseAssault.index()]
        .ranges
        .pop();
    refused(bad.validate(), "8.1.2");
    let mut bad = t;
    bad.upper.cells[0] = 9;
    refused(bad.validate(), "8.1.2");
}

#[test]
fn fb_combat_8_1_2_heading_table_says_who_may_make_which_attack() {
    let h = standin::heading();
    use CombatKind::*;
    use WeaponType::*;
    // 2.2.4: infantry-type units close assault; anti-tank, flak, artillery may not.
    assert!(h.may(SmallArms, CloseAssault));
    assert!(!h.may(SmallArms, DirectGunFire) && !h.may(SmallArms, Bombardment));
    assert!(!h.may(AntiTank, CloseAssault) && !h.may(Artillery, CloseAssault));
    // 8.2, 8.2.1: artillery bombards; anti-tank, flak and armour join mixed bombardments.
    assert!(h.may(Artillery, Bombardment) && h.may(Artillery, MixedBombardment));
    assert!(h.may(AntiTank, MixedBombardment) && h.may(DualPurpose, MixedBombardment));
    assert!(!h.may(AntiTank, Bombardment) && !h.may(DualPurpose, Bombardment));
    // 8.3: armour, anti-tank and flak fire directly; 2.2.4 note: armour is dual purpose.
    assert!(h.may(AntiTank, DirectGunFire) && h.may(DualPurpose, DirectGunFire));
    assert!(h.may(DualPurpose, CloseAssault));
    assert!(!h.may(Artillery, DirectGunFire));
    // 2.2.3: DEF units only defend.
    assert!(CombatKind::ALL.iter().all(|&k| !h.may(Defensive, k)));
    // 8.1.1: weapons units defend a close assault with their PF, the others with their FS.
    assert_eq!(h.row(AntiTank).assault_defence, AssaultDefence::Protection);
    assert_eq!(h.row(Artillery).assault_defence, AssaultDefence::Protection);
    assert_eq!(h.row(SmallArms).assault_defence, AssaultDefence::Firepower);
    assert_eq!(
        h.row(DualPurpose).assault_defence,
        AssaultDefence::Firepower
    );
}

#[test]
fn fb_combat_8_1_2_letters_grow_with_the_differential_and_fall_with_protection() {
    let t = tables();
    let cols = t.upper.columns.len();
    for pf in 0..16 {
        for c in 1..cols {
            assert!(t.letter(c, pf) >= t.letter(c - 1, pf));
        }
    }
    for c in 0..cols {
        for pf in 1..16 {
            assert!(t.letter(c, pf) <= t.letter(c, pf - 1));
        }
    }
    // Both ends of the Lower Matrix are reachable.
    assert_eq!(t.letter(cols - 1, 0), Some(letter('I')));
    assert_eq!(t.letter(0, 15), Some(letter('A')));
}

#[test]
fn fb_combat_8_1_2_lower_matrix_results_never_weaken_with_letter_or_roll() {
    let t = tables();
    let sev = |l, r| t.lower.cell(l, r).unwrap().result.severity();
    for r in -4..=12 {
        for l in 1..9 {
            assert!(sev(l, r) >= sev(l - 1, r), "letter {l} roll {r}");
        }
    }
    for l in 0..9 {
        for r in -3..=12 {
            assert!(sev(l, r) >= sev(l, r - 1), "letter {l} roll {r}");
        }
    }
}

#[test]
fn fb_combat_8_6_every_result_is_on_the_chart_and_the_asterisk_on_every_column() {
    let t = tables();
    for res in CombatResult::ALL {
        assert!(
            t.lower.cells.iter().any(|c| c.result == res),
            "{} is missing",
            res.symbol()
        );
    }
    // 8.6: a close assault's asterisk can fall on any column.
    for l in 0..9 {
        assert!((-4..=12).any(|r| t.lower.cell(l, r).unwrap().star));
    }
    // The asterisk comes with other results too.
    assert!(t
        .lower
        .cells
        .iter()
        .any(|c| c.star && c.result != CombatResult::NoEffect));
}

#[test]
fn fb_combat_8_1_3_differential_below_the_table_fails() {
    let t = tables();
    // Artillery of FS 4 against two units of PF 3 in the open: 4 - 6 = -2, below the
    // Bombardment line's lowest range.
    let defenders = [infantry(10, 5, 3), infantry(11, 5, 3)];
    let fire = [FireSource::Unit(Firer::at(artillery(1, 4, 6), 2))];
    let card = bombard(
        &t,
        &Bombardment {
            kind: CombatKind::Bombardment,
            fire: &fire,
            defenders: &defenders,
            hex: &clear(),
        },
    )
    .unwrap();
    assert_eq!(card.differential, -2);
    assert!(card.fails());
    assert_eq!(card.column, None);
    refused(card.read(&t, &roll(6, 6)), "8.1.3");
    // The lowest range itself is on the table.
    let fire = [FireSource::Unit(Firer::at(artillery(1, 7, 6), 2))];
    let card = bombard(
        &t,
        &Bombardment {
            kind: CombatKind::Bombardment,
            fire: &fire,
            defenders: &defenders,
            hex: &clear(),
        },
    )
    .unwrap();
    assert_eq!((card.differential, card.column), (1, Some(0)));
}

#[test]
fn fb_combat_8_1_4_close_assault_reads_the_pf_only_on_the_upper_matrix() {
    let t = tables();
    // FS 9 against FS 4 (PF 5): the differential is FS against FS; the PF sets the row.
    let attackers = [Assailant::new(infantry(1, 9, 2), Dir::Up)];
    let defenders = [infantry(10, 4, 5)];
    let card = close_assault(
        &t,
        &Assault {
            attackers: &attackers,
            defenders: &defenders,
            hex: &clear(),
            attacker_support: &[],
            defender_support: &[],
            surrounded: false,
            soviet_armies: 0,
        },
    )
    .unwrap();
    assert_eq!((card.attack, card.defence, card.differential), (9, 4, 5));
    assert_eq!(card.protection, 5);
    let column = t.heading.column(CombatKind::CloseAssault, 5).unwrap();
    assert_eq!(card.base_letter, t.letter(column, 5));
    // The same assault against PF 1 reads a better letter.
    let soft = [infantry(10, 4, 1)];
    let soft_card = close_assault(&t, &assault(&attackers, &soft, &clear())).unwrap();
    assert_eq!(soft_card.differential, card.differential);
    assert!(soft_card.letter > card.letter);
}

#[test]
fn fb_combat_8_1_5_the_most_favourable_terrain_of_a_hex_applies_once() {
    let t = tables();
    let mut hex = DefendedHex::of(TerrainKind::Park);
    hex.terrain.push(TerrainKind::BuiltUp).unwrap();
    let park = t.terrain.of(TerrainKind::Park);
    let bu = t.terrain.of(TerrainKind::BuiltUp);
    assert_eq!(hex.pf_modifier(&t.terrain), park.pf.max(bu.pf));
    assert_eq!(hex.drm(&t.terrain), park.drm.min(bu.drm));
    // Ruins (9.0.3) and a fortification (10.1) do not add to the terrain: the best one counts.
    let ruined = built_up().ruined().with(Fortification::Bunker);
    assert_eq!(ruined.pf_modifier(&t.terrain), 4);
    assert_eq!(ruined.drm(&t.terrain), -4);
    let sp = built_up().with(Fortification::Strongpoint);
    assert_eq!(sp.pf_modifier(&t.terrain), 3.max(bu.pf));
    assert_eq!(sp.drm(&t.terrain), (-3).min(bu.drm));
}

#[test]
fn fb_combat_8_1_5_a_bridged_hexside_halves_the_assault_and_still_gives_its_modifier() {
    let t = tables();
    let defenders = [infantry(10, 3, 2)];
    let over = [Assailant::new(infantry(1, 8, 2), Dir::Up).across(Crossing::bridged())];
    let card = close_assault(&t, &assault(&over, &defenders, &clear())).unwrap();
    assert_eq!(card.attack, 4);
    assert!(card
        .modifiers
        .iter()
        .any(|m| m.case == "8.1.5" && m.amount == t.terrain.bridged_water_drm));
    let open = [Assailant::new(infantry(1, 8, 2), Dir::Up)];
    let card = close_assault(&t, &assault(&open, &defenders, &clear())).unwrap();
    assert_eq!(card.attack, 8);
    assert!(card.modifiers.is_empty());
}

#[test]
fn fb_combat_8_1_6_maneuver_units_attack_only_into_their_facing() {
    let t = tables();
    let defenders = [infantry(10, 3, 2)];
    // Pointing Down, the defender is Up: on the flank.
    let away = [Assailant::new(
        maneuver(infantry(1, 8, 2), Dir::Down),
        Dir::Up,
    )];
    refused(
        close_assault(&t, &assault(&away, &defenders, &clear())),
        "8.4.1",
    );
    // Pointing at the defender, or one hexside off, is facing.
    for d in [Dir::Up, Dir::UpHigherCol, Dir::UpLowerCol] {
        let front = [Assailant::new(maneuver(infantry(1, 8, 2), d), Dir::Up)];
        close_assault(&t, &assault(&front, &defenders, &clear())).unwrap();
    }
    // Direct fire likewise.
    let target = tank(10, 4, 3);
    let mut f = Firer::at(anti_tank(1, 6, 2), 1);
    f.in_front = false;
    refused(gun_fire(&t, &gun(&[f], &target, &clear())), "8.1.6");
}

#[test]
fn fb_combat_8_4_general_note_letter_shifts_stop_at_a_and_i() {
    let t = tables();
    // FS 30 against FS 2 and PF 1 in the open, surrounded, outflanked, armour, morale: the
    // letter is I already and stays I.
    let attackers = [
        Assailant::new(with_mr(tank(1, 20, 4), 5), Dir::Up),
        Assailant::new(tank(2, 10, 4), Dir::Up),
    ];
    let defenders = [maneuver(with_mr(infantry(10, 2, 1), 1), Dir::Up)];
    let open = clear();
    let mut a = assault(&attackers, &defenders, &open);
    a.surrounded = true;
    let card = close_assault(&t, &a).unwrap();
    assert_eq!(card.net_shift(), 4);
    assert_eq!(card.letter_name(), Some('I'));
    // A weak assault on B lowered three letters reads A.
    let attackers = [Assailant::new(with_mr(infantry(1, 3, 1), 1), Dir::Up)];
    let defenders = [with_mr(infantry(10, 3, 4), 4)];
    let open = clear();
    let mut a = assault(&attackers, &defenders, &open);
    a.soviet_armies = 3;
    let card = close_assault(&t, &a).unwrap();
    assert_eq!(card.base_letter, Some(letter('B')));
    assert_eq!(card.net_shift(), -3);
    assert_eq!(card.letter_name(), Some('A'));
}

#[test]
fn fb_combat_8_4_general_note_modified_rolls_stop_at_minus_4_and_12() {
    let t = tables();
    // Ruins (-4), a bridge and a barrier crossed (-1, -1): snake eyes read -4, not -4 - 4.
    let defenders = [infantry(10, 2, 2)];
    let hex = built_up().ruined();
    let attackers = [
        Assailant::new(infantry(1, 9, 2), Dir::Up).across(Crossing::bridged()),
        Assailant::new(infantry(2, 9, 2), Dir::UpHigherCol).across(Crossing::barrier()),
    ];
    let card = close_assault(&t, &assault(&attackers, &defenders, &hex)).unwrap();
    assert_eq!(card.net_modifier(), -6);
    let low = card.read(&t, &roll(1, 1)).unwrap();
    assert_eq!(low.roll, -4);
    assert_eq!(Some(low.cell), t.lower.cell(card.letter.unwrap(), -4));
    let high = card.read(&t, &roll(6, 6)).unwrap();
    assert_eq!(high.roll, 6);
    // A card without modifiers reads 12 at most.
    assert_eq!(t.lower.rolls.modified(&roll(6, 6), &[3]), 12);
}

#[test]
fn fb_combat_8_1_combat_is_resolved_with_two_dice() {
    let t = tables();
    let defenders = [infantry(10, 2, 2)];
    let attackers = [Assailant::new(infantry(1, 9, 2), Dir::Up)];
    let card = close_assault(&t, &assault(&attackers, &defenders, &clear())).unwrap();
    refused(card.read(&t, &DiceRoll::of(&[6])), "8.1");
    refused(card.read(&t, &DiceRoll::of(&[7, 1])), "8.1");
    card.read(&t, &roll(3, 4)).unwrap();
}

#[test]
fn fb_combat_17_5_example_two_armies_lower_f_to_e_three_to_d() {
    let t = tables();
    // Two anti-tank guns of FS 6 against a tank of PF 3 in the open: 12 - 3 = 9, column F.
    let target = tank(10, 5, 3);
    let f = [
        Firer::at(anti_tank(1, 6, 2), 1),
        Firer::at(anti_tank(2, 6, 2), 2),
    ];
    let open = clear();
    let mut g = gun(&f, &target, &open);
    let card = gun_fire(&t, &g).unwrap();
    assert_eq!(card.letter_name(), Some('F'));
    g.soviet_armies = 2;
    assert_eq!(gun_fire(&t, &g).unwrap().letter_name(), Some('E'));
    g.soviet_armies = 3;
    let card = gun_fire(&t, &g).unwrap();
    assert_eq!(card.letter_name(), Some('D'));
    assert!(card.shifts.iter().any(|s| s.case == "17.5"));
    // One army: no change.
    g.soviet_armies = 1;
    assert_eq!(gun_fire(&t, &g).unwrap().letter_name(), Some('F'));
}

#[test]
fn fb_combat_8_1_2_letter_names_run_a_to_i() {
    assert_eq!(Letters::A_TO_I.name(letter('F')), 'F');
    assert_eq!(CombatResult::Exchange.symbol(), "EX");
    assert_eq!(CombatResult::NoEffect.symbol(), "—");
}
