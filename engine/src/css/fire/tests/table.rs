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
