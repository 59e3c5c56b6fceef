//! The counters of the orders of battle with their printed values, and the declared stand-ins.

use super::*;

#[test]
fn orders_of_battle_of_21_11() {
    let d = data();
    let count = |side, kind| {
        d.roster
            .units
            .iter()
            .filter(|u| u.side == side && u.kind == kind)
            .count()
    };
    assert_eq!(count(NATO, UnitKind::Police), 36, "West Berlin police");
    assert_eq!(
        count(WARSAW_PACT, UnitKind::Police),
        8,
        "East Berlin police"
    );
    assert_eq!(count(WARSAW_PACT, UnitKind::Paratroop), 9, "103rd Guards");
    let wp_mech = count(WARSAW_PACT, UnitKind::Mechanized);
    assert_eq!(wp_mech, 36, "four mechanized divisions of nine battalions");
    let artillery = d
        .roster
        .units
        .iter()
        .filter(|u| u.kind.is_artillery())
        .count();
    assert!(
        artillery >= 4 + 9 + 1 + 2 + 1 + 2,
        "{artillery} artillery units"
    );
    for u in &d.roster.units {
        assert!(
            !(u.kind.is_artillery() && u.untried),
            "artillery has no untried side [2.3]"
        );
    }
    assert!(
        d.roster.units.len() <= 200,
        "the counter sheet has 200 pieces [2.5]"
    );
}

#[test]
fn stand_ins_are_declared() {
    let d = data();
    assert!(
        !d.stand_ins.is_empty(),
        "the map and charts are stand-ins and say so"
    );
}

#[test]
fn oob_21_11_nato_counters_with_printed_values() {
    for (formation, want) in [
        ("wb_police", vec![("U-8P", 36)]),
        (
            "us_brigade",
            vec![
                ("U-12M", 3),
                ("U-12E", 1),
                ("U-8I", 2),
                ("U-12SF", 1),
                ("U-12MP", 1),
                ("U-12HQ", 1),
                ("1-1-15-1-12", 1),
            ],
        ),
        (
            "uk_brigade",
            vec![("U-12M", 3), ("U-9PC", 1), ("U-15R", 1), ("3-2-14-2-12", 2)],
        ),
        (
            "fr_forces",
            vec![("U-12M", 1), ("U-12T", 1), ("U-15R", 1), ("4-3-20-2-12", 1)],
        ),
    ] {
        assert_eq!(
            formation_counters(formation),
            counters(&want),
            "{formation}"
        );
    }
}

#[test]
fn oob_21_11_warsaw_pact_counters_with_printed_values() {
    for formation in ["eg_1_mech", "gds_14_mech", "sov_19_mech", "gds_6_mech"] {
        assert_eq!(
            formation_counters(formation),
            counters(&[("U-12M", 9), ("4-0-20-1-10", 1)]),
            "{formation}"
        );
    }
    assert_eq!(
        formation_counters("sov_34_art"),
        counters(&[("6-2-18-1-10", 6), ("5-1-25-1-10", 3)])
    );
    assert_eq!(formation_counters("eb_police"), counters(&[("U-8P", 8)]));
}

#[test]
fn oob_21_12_reinforcement_counters_with_printed_values() {
    assert_eq!(
        formation_counters("gds_103_para"),
        counters(&[("U-6PC", 9)]),
        "103rd Guards Parachute"
    );
    assert_eq!(
        formation_counters("jg_10"),
        counters(&[("U-12M", 5), ("1-2-4-4-12", 1), ("2-3-15-2-12", 1)]),
        "10th Jägerbrigade [21.12], [21.21]"
    );
    let d = data();
    assert_eq!(
        d.roster.units.len(),
        36 + 10 + 7 + 4 + 4 * 10 + 9 + 8 + 9 + 7,
        "no counter beyond the orders of battle"
    );
}

#[test]
fn untried_11_0_stand_in_mix_covers_every_untried_kind() {
    let d = data();
    for u in d.roster.units.iter().filter(|u| u.untried) {
        let chits: usize = d
            .tables
            .untried
            .iter()
            .filter(|c| c.kind == u.kind)
            .map(|c| usize::from(c.count))
            .sum();
        let units = d
            .roster
            .units
            .iter()
            .filter(|x| x.untried && x.kind == u.kind)
            .count();
        assert!(
            chits >= units,
            "{:?}: {chits} strength chits for {units} untried units",
            u.kind
        );
        assert_eq!((u.attack, u.defense), (0, 0), "{} hides its strength", u.id);
    }
}
