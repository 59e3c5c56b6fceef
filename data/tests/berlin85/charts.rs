//! The charts and tracks against the rules: CRT, collateral damage, reinforcement, survival, TEC, scatter, honors, turn track.

use super::*;

#[test]
fn charts_say_what_the_rules_say() {
    let t = &data().tables;
    // [7.51] the CRT runs from -7 to +12; [7.0] +9 shifted one left reads on +6..+8.
    let c = &t.crt_columns;
    assert_eq!(c.ranges.first().map(|r| r.lo), Some(-7));
    assert_eq!(c.ranges.last().map(|r| r.hi), Some(12));
    assert_eq!(c.shifted(c.column_of(9), -1), c.column_of(6));
    assert_eq!(c.column_of(6), c.column_of(8));
    let park = t
        .terrain
        .iter()
        .find(|x| x.key.as_str() == "park")
        .expect("park");
    assert_eq!(park.combat_shift, 1, "[7.0] park shifts one column left");
    // [5.26] a lake costs 9 MP: 1 for the hex, 4 in and 4 out.
    let lake = t
        .terrain
        .iter()
        .find(|x| x.key.as_str() == "lake")
        .expect("lake");
    assert_eq!(lake.mp_half + 2 * t.lake_shore.mp_half, 18);
    assert!(lake.no_stopping);
    // [17.1]: 2-5 end the rolls, 11-12 bring air support.
    for total in 2..=5 {
        assert_eq!(
            t.reinforcement[total - 2],
            ReinforcementResult::NoReinforcements
        );
    }
    assert_eq!(t.reinforcement[9], ReinforcementResult::AirSupport);
    assert_eq!(
        t.reinforcement[10],
        ReinforcementResult::AirSupportAndJagerbrigade
    );
    // [18.0]: 1 or less destroyed, 2-4 scatter, 5+ lands.
    assert_eq!(t.survival[0], SurvivalResult::Destroyed);
    for i in 1..=3 {
        assert_eq!(t.survival[i], SurvivalResult::Scatter);
    }
    for i in 4..12 {
        assert_eq!(t.survival[i], SurvivalResult::Lands);
    }
    // [18.61]-[18.64] survival modifiers.
    for (key, m) in [
        ("clear", 1),
        ("airfield", 1),
        ("industrial", -1),
        ("suburban", -1),
        ("rough", -2),
        ("forest", -3),
        ("urban", -3),
    ] {
        let row = t
            .terrain
            .iter()
            .find(|x| x.key.as_str() == key)
            .unwrap_or_else(|| panic!("{key}"));
        assert_eq!(row.survival, m, "{key}");
    }
    // [10.2] only these suffer collateral damage.
    for row in &t.terrain {
        let may = ["urban", "industrial", "suburban", "forest", "rough", "park"]
            .contains(&row.key.as_str());
        assert_eq!(row.collateral_row.is_some(), may, "{}", row.key);
    }
    // [2.4] 16 turns, every third a night; VP multiple from 5 to 1/2 [20.21].
    assert_eq!(t.turns.len(), 16);
    for (i, b) in t.turns.iter().enumerate() {
        assert_eq!(b.night, (i + 1) % 3 == 0, "turn {}", i + 1);
        if b.night {
            assert_eq!(b.wp_air_points, 0, "no air points at night [17.1]");
        }
    }
    assert_eq!(t.turns.first().map(|b| b.vp_multiple_halves), Some(10));
    assert_eq!(t.turns.last().map(|b| b.vp_multiple_halves), Some(1));
    assert!(t
        .turns
        .windows(2)
        .all(|w| w[0].vp_multiple_halves >= w[1].vp_multiple_halves));
}

#[test]
fn crt_7_51_runs_from_minus_7_to_plus_12_on_one_die() {
    let t = &data().tables;
    let c = &t.crt_columns;
    assert_eq!(c.ranges.first().map(|r| r.lo), Some(-7));
    assert_eq!(c.ranges.last().map(|r| r.hi), Some(12));
    // The columns cover every differential between, each once.
    for w in c.ranges.windows(2) {
        assert_eq!(w[0].hi + 1, w[1].lo, "columns {:?} then {:?}", w[0], w[1]);
    }
    for row in &t.crt {
        assert_eq!(
            row.len(),
            c.ranges.len(),
            "one result per column for each die face"
        );
    }
}

#[test]
fn collateral_10_3_one_row_per_die_face_and_threshold_per_terrain() {
    let t = &data().tables;
    let cols = t.collateral[0].len();
    assert!(cols > 0);
    for row in &t.collateral {
        assert_eq!(row.len(), cols);
    }
    let rows = t
        .terrain
        .iter()
        .filter_map(|x| x.collateral_row)
        .collect::<Vec<_>>();
    for r in rows {
        let th = &t.collateral_thresholds[usize::from(r)];
        assert_eq!(th.len(), cols, "a fire-strength threshold for each column");
        assert!(th.windows(2).all(|w| w[0] < w[1]), "thresholds rise");
    }
}

#[test]
fn reinforcement_17_1_two_dice_2_to_5_end_11_and_12_air_superiority() {
    let t = &data().tables;
    assert_eq!(t.reinforcement.len(), 11, "every total 2-12");
    for total in 2..=12usize {
        let r = t.reinforcement[total - 2];
        match total {
            2..=5 => assert_eq!(r, ReinforcementResult::NoReinforcements, "{total}"),
            11 => assert_eq!(r, ReinforcementResult::AirSupport, "{total}"),
            12 => assert_eq!(r, ReinforcementResult::AirSupportAndJagerbrigade, "{total}"),
            _ => assert_eq!(r, ReinforcementResult::NoEffect, "{total}"),
        }
    }
}

#[test]
fn survival_18_5_one_or_less_destroyed_2_to_4_scatter_5_up_lands() {
    let t = &data().tables;
    for (i, r) in t.survival.iter().enumerate() {
        let total = i + 1;
        let want = match total {
            1 => SurvivalResult::Destroyed,
            2..=4 => SurvivalResult::Scatter,
            _ => SurvivalResult::Lands,
        };
        assert_eq!(*r, want, "modified total {total}");
    }
}

#[test]
fn tec_18_6_survival_modifiers_and_movement_costs() {
    let t = &data().tables;
    for (key, m) in [
        ("clear", 1),
        ("airfield", 1),
        ("industrial", -1),
        ("suburban", -1),
        ("rough", -2),
        ("forest", -3),
        ("urban", -3),
    ] {
        let row = t
            .terrain
            .iter()
            .find(|x| x.key.as_str() == key)
            .unwrap_or_else(|| panic!("{key}"));
        assert_eq!(row.survival, m, "{key} [18.6]");
        assert!(row.mp_half >= 2, "{key} costs at least 1 MP [5.21]");
    }
    let clear = t.terrain.iter().find(|x| x.key.as_str() == "clear");
    assert_eq!(
        clear.map(|c| (c.mp_half, c.combat_shift)),
        Some((2, 0)),
        "clear: 1 MP, no shift"
    );
    // Every hexside feature with an effect on movement has one on the chart [5.25].
    for (name, e) in [
        ("water", t.water),
        ("ferry", t.ferry),
        ("bridge", t.bridge),
        ("border", t.border),
    ] {
        assert!(e.mp_half > 0, "{name} costs movement");
    }
    assert!(
        t.bridge.mp_half < t.water.mp_half,
        "a bridge is cheaper than the water [5.25]"
    );
}

#[test]
fn scatter_18_1_one_direction_per_die_face() {
    let mut dirs = data().tables.scatter.to_vec();
    dirs.sort();
    dirs.dedup();
    assert_eq!(dirs.len(), 6, "six faces, six directions");
    assert!(dirs.iter().all(|&d| d < 6));
}

#[test]
fn honors_19_3_two_dice_by_surrender_point_columns() {
    let t = &data().tables;
    let cols = t.honors_columns.len();
    assert_eq!(
        t.honors_columns.first(),
        Some(&6),
        "the first column is 6 SP [19.45]"
    );
    assert!(t.honors_columns.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(t.honors.len(), 11, "every total 2-12");
    for row in &t.honors {
        assert_eq!(row.len(), cols, "one result per column");
    }
    let any = |f: &dyn Fn(&HonorsResult) -> bool| t.honors.iter().flatten().any(f);
    assert!(any(&|r| *r == HonorsResult::Surrender));
    assert!(any(&|r| matches!(r, HonorsResult::Modifier(_))), "[19.14]");
}

#[test]
fn turn_track_2_4_every_third_turn_is_night() {
    let t = &data().tables;
    assert_eq!(t.turns.len(), 16);
    for (i, b) in t.turns.iter().enumerate() {
        assert_eq!(b.night, (i + 1) % 3 == 0, "turn {}", i + 1);
    }
}

#[test]
fn turn_track_21_13_warsaw_pact_ground_support_each_turn() {
    let t = &data().tables;
    assert!(
        t.turns
            .iter()
            .filter(|b| !b.night)
            .all(|b| b.wp_air_points > 0),
        "ground support points on every day turn of the track"
    );
}

#[test]
fn turn_track_20_21_vp_multiple_falls_from_5_to_a_half() {
    let t = &data().tables;
    assert_eq!(
        t.turns.first().map(|b| b.vp_multiple_halves),
        Some(10),
        "5 on turn 1"
    );
    assert_eq!(
        t.turns.last().map(|b| b.vp_multiple_halves),
        Some(1),
        "1/2 on turn 16"
    );
    assert!(t
        .turns
        .windows(2)
        .all(|w| w[0].vp_multiple_halves >= w[1].vp_multiple_halves));
}
