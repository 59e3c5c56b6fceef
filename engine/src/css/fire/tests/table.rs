//! The stand-in Fire Table (S9.6-T) against the one css-series.md prints.

use super::*;

// Table S9.6-T as printed in css-series.md: rows 0, 4 and 9 cell by cell.
#[test]
fn css_s9_6_the_stand_in_table_is_the_printed_one() {
    use FireResult::*;
    let t = fire_table();
    let row = |r: u8| -> [FireResult; 13] { core::array::from_fn(|c| t.result(c as i16, r)) };
    assert_eq!(
        row(0),
        [
            Pin,
            Dg,
            Suppress,
            Step,
            Step,
            StepSuppress,
            StepSuppress,
            StepSuppress,
            TwoSteps,
            TwoSteps,
            TwoSteps,
            TwoSteps,
            TwoSteps
        ]
    );
    assert_eq!(
        row(4),
        [
            NoEffect,
            NoEffect,
            NoEffect,
            NoEffect,
            Pin,
            Dg,
            Suppress,
            Step,
            Step,
            StepSuppress,
            StepSuppress,
            StepSuppress,
            TwoSteps
        ]
    );
    assert_eq!(
        row(9),
        [
            NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect,
            NoEffect, Pin, Dg, Suppress, Step
        ]
    );
    let labels: [&str; 4] = [
        Step.label(),
        StepSuppress.label(),
        TwoSteps.label(),
        NoEffect.label(),
    ];
    assert_eq!(labels, ["1", "1S", "2", "—"]);
    // S1.5: columns beyond the ends read on 0 and 12.
    assert_eq!(t.result(-4, 0), Pin);
    assert_eq!(t.result(30, 9), Step);
}

// S9.6 and exclusive 3.12: an unmodified 0 always gives at least a Pin, whatever a club's table
// prints there; only the raw 0 does.
#[test]
fn css_s9_6_unmodified_zero_always_pins() {
    let blank = FireTable::from_rows(&[[FireResult::NoEffect; 13]; 10]).unwrap();
    assert_eq!(result_of(&blank, 0, 0), FireResult::Pin);
    assert_eq!(result_of(&blank, 12, 1), FireResult::NoEffect);
    assert_eq!(result_of(&fire_table(), 0, 1), FireResult::NoEffect);
    assert_eq!(
        result_of(&fire_table(), 3, 0),
        FireResult::Step,
        "better cells stay"
    );
    // The whole way: a column-0 target still pins on a raw 0.
    let mut charts = fire_charts();
    charts.table = blank;
    let m = [Member::deployed(weapon(1, Colour::White, 2))];
    let mut t = [(
        TargetUnit {
            defense: 5,
            ..TargetUnit::soft(5)
        },
        Condition::fresh(1),
    )];
    let r = resolve(&m, &FireSetup::direct(2), &mut t, 0, &charts).unwrap();
    assert_eq!(
        (r.targets[0].column, r.targets[0].result),
        (0, FireResult::Pin)
    );
    assert!(r.raw_zero);
    assert_eq!(t[0].1.status, Status::Pinned);
}

// S1.5 (S9.6, S11.1.1): no modifier carries a value past the end of its table. A huge group
// fires on column 12 and a target behind heavy cover is fired on at column 0; a superb unit's
// effective TQ, pushed past 8 by its leader and a hero, counts as 8.
#[test]
fn css_s1_5_columns_and_troop_quality_stay_on_their_tables() {
    let heavy = [Member::deployed(weapon(20, Colour::White, 6))];
    let open = TargetUnit::soft(0);
    let c = card(&heavy, &FireSetup::direct(1), &open, &fire_charts());
    assert!(c.firepower > 12 && c.column == 12, "{c:?}");
    let light = [Member::deployed(weapon(1, Colour::White, 6))];
    let dug_in = TargetUnit {
        cover: 4,
        fortification: 3,
        ..TargetUnit::soft(3)
    };
    let c = card(&light, &FireSetup::direct(3), &dug_in, &fire_charts());
    let total = c.firepower + c.lines.iter().map(|l| l.value as i16).sum::<i16>();
    assert!(total < 0 && c.column == 0, "{c:?}");
    // The clamped columns read the table's end columns.
    let t = fire_table();
    assert_eq!(t.result(c.column, 0), FireResult::Pin);
    // S11.1.1: the effective TQ is capped at 8.
    use crate::css::morale::{effective_tq, TqSituation};
    let mut s = TqSituation::printed(8);
    s.leader_bonus = 3;
    let e = effective_tq(&s, &crate::css::standin::tq_modifiers());
    assert_eq!((e.value, e.capped), (8, true));
    s.leader_bonus = 0;
    let e = effective_tq(&s, &crate::css::standin::tq_modifiers());
    assert_eq!((e.value, e.capped), (8, false));
}
