//! 8.6 results and whom they touch; 8.7 retreats, 8.9 advance and 8.10 exploitation they
//! oblige; 8.8 disruption; 3.6 what a combat reveals; 10.1.3/10.1.4 garrisons.

use super::*;
use crate::fortress::combat::results::obligations;
use CombatKind::*;
use CombatResult::*;

fn facts(units: u8) -> TargetFacts {
    TargetFacts {
        units,
        built_up: false,
        ruins: false,
        fortification: None,
        garrison_only: false,
    }
}

fn read(
    kind: CombatKind,
    l: char,
    result: CombatResult,
    star: bool,
    t: TargetFacts,
) -> Obligations {
    obligations(kind, letter(l), CrtCell::new(result, star), &t)
}

#[test]
fn fb_combat_8_6_asterisk_in_close_assault_disrupts_one_attacking_stack_on_any_column() {
    for l in ['A', 'E', 'I'] {
        let o = read(CloseAssault, l, NoEffect, true, facts(2));
        assert!(o.disrupt_attacking_stack);
        assert!(!o.ruins);
        assert_eq!(o.eliminate, Losses::None);
    }
    // In addition to the other result.
    let o = read(CloseAssault, 'C', Retreat, true, facts(2));
    assert!(o.disrupt_attacking_stack && o.retreat.is_some());
    assert!(!read(CloseAssault, 'C', Retreat, false, facts(2)).disrupt_attacking_stack);
}

#[test]
fn fb_combat_9_0_1_asterisk_in_fire_combat_from_d_ruins_a_built_up_hex() {
    let bu = TargetFacts {
        built_up: true,
        ..facts(1)
    };
    for kind in [Bombardment, MixedBombardment, DirectGunFire] {
        let o = read(kind, 'D', Disruption, true, bu);
        assert!(o.ruins, "{kind:?}");
        assert!(!o.disrupt_attacking_stack);
        assert!(!read(kind, 'C', Disruption, true, bu).ruins);
        assert!(!read(kind, 'I', Disruption, false, bu).ruins);
        assert!(!read(kind, 'G', Disruption, true, facts(1)).ruins);
    }
    // A ruins marker stays; a second one adds nothing.
    let ruined = TargetFacts { ruins: true, ..bu };
    assert!(!read(Bombardment, 'G', Retreat, true, ruined).ruins);
}

#[test]
fn fb_combat_8_6_no_effect_is_nothing() {
    let o = read(CloseAssault, 'E', NoEffect, false, facts(3));
    assert_eq!(o.eliminate, Losses::None);
    assert_eq!(o.retreat, None);
    assert!(!o.disrupt_defenders && !o.attacker_matches_exchange);
    assert_eq!(o.advance, AdvanceRight::None);
}

#[test]
fn fb_combat_8_6_retreat_one_or_two_hexes_fortifications_may_ignore_it_against_fire() {
    let r = read(CloseAssault, 'E', Retreat, false, facts(2))
        .retreat
        .unwrap();
    assert_eq!((r.min, r.max, r.may_ignore), (1, 2, false));
    for f in [
        Fortification::Bunker,
        Fortification::Strongpoint,
        Fortification::FlakTower,
    ] {
        let inside = TargetFacts {
            fortification: Some(f),
            ..facts(2)
        };
        for kind in [Bombardment, MixedBombardment, DirectGunFire] {
            assert!(
                read(kind, 'E', Retreat, false, inside)
                    .retreat
                    .unwrap()
                    .may_ignore
            );
        }
        // Close assault retreats always apply.
        assert!(
            !read(CloseAssault, 'E', Retreat, false, inside)
                .retreat
                .unwrap()
                .may_ignore
        );
    }
}

#[test]
fn fb_combat_8_6_disruption_falls_on_every_defender_or_the_gun_target() {
    let o = read(Bombardment, 'E', Disruption, false, facts(3));
    assert!(o.disrupt_defenders && !o.single_target);
    let o = read(DirectGunFire, 'E', Disruption, false, facts(1));
    assert!(o.disrupt_defenders && o.single_target);
}

#[test]
fn fb_combat_8_6_exchange_the_attacker_matches_except_in_bombardments() {
    for kind in [CloseAssault, DirectGunFire] {
        let o = read(kind, 'E', Exchange, false, facts(2));
        assert!(o.attacker_matches_exchange, "{kind:?}");
        assert_ne!(o.eliminate, Losses::None);
    }
    for kind in [Bombardment, MixedBombardment] {
        let o = read(kind, 'E', Exchange, false, facts(2));
        assert!(!o.attacker_matches_exchange);
        assert_eq!(o.eliminate, Losses::Units(1));
    }
    // The match: the higher of the lost unit's FS and PF on its face (here PF 5).
    assert_eq!(exchange_floor(&anti_tank(10, 2, 5)), 5);
    assert_eq!(exchange_floor(&infantry(10, 6, 2)), 6);
    let attackers = [infantry(1, 3, 1), infantry(2, 5, 1), infantry(3, 7, 1)];
    let ids = |floor| {
        exchange_candidates(&attackers, floor)
            .map(|u| u.id.0)
            .collect::<heapless::Vec<u16, 4>>()
    };
    assert_eq!(ids(5).as_slice(), &[2, 3]);
    // Ruling: no unit reaches the floor; the strongest pays.
    assert_eq!(ids(9).as_slice(), &[3]);
}

#[test]
fn fb_combat_10_1_3_exchange_against_a_garrison_alone_costs_the_attacker_nothing() {
    let garrison = TargetFacts {
        garrison_only: true,
        fortification: Some(Fortification::Strongpoint),
        ..facts(0)
    };
    let o = read(CloseAssault, 'E', Exchange, false, garrison);
    assert!(!o.attacker_matches_exchange);
    assert!(o.garrison_eliminated);
}

#[test]
fn fb_combat_10_1_3_a_garrison_alone_falls_to_any_result_but_the_asterisk() {
    for f in [Fortification::Strongpoint, Fortification::FlakTower] {
        let garrison = TargetFacts {
            garrison_only: true,
            fortification: Some(f),
            ..facts(0)
        };
        for r in [Retreat, Disruption, Exchange, One, Two, Elimination] {
            for kind in CombatKind::ALL {
                let o = read(kind, 'B', r, false, garrison);
                assert!(o.garrison_eliminated, "{r:?} {kind:?}");
                assert_eq!(o.retreat, None);
            }
        }
        assert!(!read(CloseAssault, 'B', NoEffect, true, garrison).garrison_eliminated);
        assert!(!read(Bombardment, 'B', NoEffect, false, garrison).garrison_eliminated);
        // With units in the hex the garrison is not the one hit.
        let manned = TargetFacts {
            fortification: Some(f),
            ..facts(1)
        };
        assert!(!read(CloseAssault, 'B', Retreat, false, manned).garrison_eliminated);
    }
}

#[test]
fn fb_combat_8_6_number_results_eliminate_and_the_survivors_retreat_one_hex_more() {
    let o = read(CloseAssault, 'E', One, false, facts(3));
    assert_eq!(o.eliminate, Losses::Units(1));
    let r = o.retreat.unwrap();
    assert_eq!((r.min, r.max), (2, 2));
    let o = read(Bombardment, 'E', Two, false, facts(3));
    assert_eq!(o.eliminate, Losses::Units(2));
    let r = o.retreat.unwrap();
    assert_eq!((r.min, r.max, r.may_ignore), (3, 3, false));
    // Nobody left, nobody retreats.
    let o = read(CloseAssault, 'E', Two, false, facts(2));
    assert_eq!((o.eliminate, o.retreat), (Losses::All, None));
    let o = read(CloseAssault, 'E', One, false, facts(1));
    assert_eq!((o.eliminate, o.retreat), (Losses::All, None));
    // A fortification does not excuse the number result's retreat (ruling).
    let sp = TargetFacts {
        fortification: Some(Fortification::Bunker),
        ..facts(3)
    };
    assert!(
        !read(Bombardment, 'E', One, false, sp)
            .retreat
            .unwrap()
            .may_ignore
    );
}

#[test]
fn fb_combat_8_6_elimination_removes_every_defender() {
    let o = read(Bombardment, 'I', Elimination, false, facts(4));
    assert_eq!((o.eliminate, o.retreat), (Losses::All, None));
}

#[test]
fn fb_combat_8_3_gun_fire_results_fall_on_the_target_alone() {
    for r in [Exchange, One, Two, Elimination] {
        let o = read(DirectGunFire, 'I', r, false, facts(1));
        assert!(o.single_target);
        assert_eq!(o.eliminate, Losses::All, "{r:?}: the target, no other unit");
        assert_eq!(o.retreat, None);
    }
}

#[test]
fn fb_combat_8_9_who_may_advance_after_each_kind_of_combat() {
    // Close assault: into the hex if the defenders are gone.
    for r in [Retreat, Exchange, One, Two, Elimination] {
        assert!(matches!(
            read(CloseAssault, 'E', r, false, facts(2)).advance,
            AdvanceRight::IfVacated { .. }
        ));
    }
    assert_eq!(
        read(CloseAssault, 'E', Disruption, false, facts(2)).advance,
        AdvanceRight::None
    );
    // Bombardment: only when it eliminated the defenders.
    for kind in [Bombardment, MixedBombardment] {
        assert_eq!(
            read(kind, 'E', Elimination, false, facts(2)).advance,
            AdvanceRight::OccupyIfEliminated
        );
        assert_eq!(
            read(kind, 'E', Retreat, false, facts(2)).advance,
            AdvanceRight::None
        );
    }
    // Direct gun fire: never (8.9 note).
    assert_eq!(
        read(DirectGunFire, 'E', Elimination, false, facts(1)).advance,
        AdvanceRight::None
    );
}

#[test]
fn fb_combat_8_9_note_a_unit_that_advanced_may_close_assault_again() {
    let mut used = SegmentUse::default();
    used.record(CloseAssault).unwrap();
    refused(used.check(CloseAssault), "8.9");
    used.record_advance();
    used.record(CloseAssault).unwrap();
    refused(used.check(CloseAssault), "8.9");
}

#[test]
fn fb_combat_8_10_exploitation_one_hex_after_a_1_two_after_a_2_or_e() {
    let depth = |r| match read(CloseAssault, 'E', r, false, facts(3)).advance {
        AdvanceRight::IfVacated { exploitation } => exploitation,
        _ => 99,
    };
    assert_eq!(depth(One), 1);
    assert_eq!(depth(Two), 2);
    assert_eq!(depth(Elimination), 2);
    assert_eq!(depth(Retreat), 0);
    assert_eq!(depth(Exchange), 0);
}

#[test]
fn fb_combat_8_8_disruption_marks_white_or_red_and_a_second_one_eliminates() {
    let u = infantry(10, 6, 2);
    assert_eq!(
        disrupt(&u, true),
        Disrupted::Marked(DisruptionMarker::White)
    );
    assert_eq!(disrupt(&u, false), Disrupted::Marked(DisruptionMarker::Red));
    assert_eq!(disrupt(&disrupted(u), true), Disrupted::Eliminated);
    // 11.2.1: a Plant Protection Battalion cannot change mode and is destroyed.
    let ppb = unit(11, UnitType::PlantProtection, WeaponType::SmallArms, 2, 1);
    assert_eq!(disrupt(&ppb, false), Disrupted::Eliminated);
    // 8.8.1: white comes off in the German recovery segment, red in the Soviet.
    assert!(DisruptionMarker::White.recovers_in(true));
    assert!(!DisruptionMarker::White.recovers_in(false));
    assert!(DisruptionMarker::Red.recovers_in(false));
}

#[test]
fn fb_combat_8_8_disrupted_units_defend_at_half_fs_weapons_at_half_pf_morale_one_less() {
    let d = disrupted(with_mr(infantry(10, 5, 3), 3));
    assert_eq!(d.defence_fs_halves(), 5);
    assert_eq!(d.protection(), 3);
    assert_eq!(d.morale(), 2);
    assert!(d.in_maneuver_mode());
    for class in [UnitType::AntiTank, UnitType::Flak, UnitType::Artillery] {
        let w = disrupted(unit(11, class, WeaponType::AntiTank, 4, 5));
        assert_eq!(w.protection(), 2);
    }
    // A bombardment counts the halved PF in the hex's total.
    let t = tables();
    let mut a = artillery(12, 6, 6);
    a.pf = 5;
    let defenders2 = [disrupted(a), infantry(10, 5, 3)];
    let fire = [FireSource::Unit(Firer::at(artillery(1, 20, 6), 2))];
    let card = bombard(
        &t,
        &crate::fortress::combat::fire::Bombardment {
            kind: Bombardment,
            fire: &fire,
            defenders: &defenders2,
            hex: &clear(),
        },
    )
    .unwrap();
    assert_eq!(card.defence, 2 + 3);
    assert_eq!(card.protection, 3);
}

#[test]
fn fb_combat_3_6_what_each_kind_of_combat_reveals() {
    let t = tables();
    let defenders = [infantry(10, 5, 3)];
    let art = FireSource::Unit(Firer::at(artillery(1, 20, 6), 2));
    let at = FireSource::Unit(Firer::at(anti_tank(2, 6, 2), 1));
    let b = |kind, fire: &[FireSource]| {
        bombard(
            &t,
            &crate::fortress::combat::fire::Bombardment {
                kind,
                fire,
                defenders: &defenders,
                hex: &clear(),
            },
        )
        .unwrap()
        .reveal
    };
    // Bombardment alone (and aircraft, and off-board artillery): the PFs only.
    for fire in [
        &[art][..],
        &[FireSource::AirStrike][..],
        &[FireSource::OffBoard {
            in_radius: true,
            spotted: true,
        }][..],
    ] {
        assert_eq!(b(Bombardment, fire).defenders, Disclosure::ProtectionOnly);
    }
    // Mixed bombardment and direct gun fire show the units attacked.
    assert_eq!(b(MixedBombardment, &[art, at]).defenders, Disclosure::Full);
    let target = tank(10, 5, 3);
    let g = gun_fire(
        &t,
        &gun(&[Firer::at(anti_tank(2, 6, 2), 1)], &target, &clear()),
    )
    .unwrap();
    assert_eq!(g.reveal.defenders, Disclosure::Full);
    assert_eq!(g.reveal.attackers, Disclosure::TopUnitOnly);
    // Close assault shows both sides.
    let c = close_assault(
        &t,
        &assault(
            &[Assailant::new(infantry(1, 6, 2), Dir::Up)],
            &defenders,
            &clear(),
        ),
    )
    .unwrap();
    assert_eq!(
        c.reveal,
        Reveal {
            attackers: Disclosure::Full,
            defenders: Disclosure::Full
        }
    );
}

#[test]
fn fb_combat_8_7_1_units_that_cannot_retreat_are_eliminated_germans_off_the_map_too() {
    assert_eq!(
        eliminated_instead_of_retreating(UnitType::Infantry, 0),
        Some("8.7.1")
    );
    assert_eq!(
        eliminated_instead_of_retreating(UnitType::Infantry, 3),
        None
    );
    assert_eq!(
        eliminated_instead_of_retreating(UnitType::PlantProtection, 3),
        Some("11.2.1")
    );
    assert_eq!(retreat_off_map(true), OffMap::Eliminated);
    assert_eq!(retreat_off_map(false), OffMap::ReturnsNextTurn);
}
