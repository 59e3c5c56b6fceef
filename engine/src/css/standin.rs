//! **Stand-in values.** The series tables the project authored (`css-series.md`, Appendix D),
//! as the engine types the data crate fills from `data/gates/tables.toml`. A club that owns
//! the printed charts replaces them; the tests use these, and the About screen lists them as
//! stand-ins. Values the exclusive rules state (DP 9 and DC 19, 9.1; the TQ limits of 9.2; the
//! fatigue of 3.3.1; the Tank minimum of 3.13; rain −1, 3.1; bridge +2, 2.2.4) are used as
//! stated and are not stand-ins.

use crate::css::assault::{AssaultCharts, AssaultModifiers, AssaultResult, AssaultTable, Band};
use crate::css::command::ChitCosts;
use crate::css::fire::{FireCharts, FireModifiers, FireResult, FireTable};
use crate::css::leaders::LeaderCharts;
use crate::css::morale::TqModifiers;
use crate::css::night::{WeatherBand, WeatherChart, WeatherEffect};

/// Table S4.3-T (stand-in) with the exclusive limits of 9.1, 9.2, 3.3.1 and 5.1.
pub const fn chit_costs() -> ChitCosts {
    ChitCosts {
        division: 3,
        formation_preparation: 2,
        formation_action: 3,
        division_dc: [1, 1, 2],
        max_dp: 9,
        max_dc: 19,
        dp_gain_pass: 3,
        dp_gain_fail: 1,
        no_formation_at_tq: 3,
        no_activation_at_tq: 2,
        fatigue_any_chit: 1,
        fatigue_no_division: 2,
        fatigue_action_formation: 2,
        trackless_dc_bonus: 1,
    }
}

/// Table S9.5-T (stand-in, with rain and the bridge as the exclusive rules give them).
pub const fn fire_modifiers() -> FireModifiers {
    FireModifiers {
        combined_member: 1,
        sustained: 2,
        firer_pinned: -1,
        firer_dg: -2,
        ammo_low: -1,
        adjacent: 1,
        dense: 1,
        dense_from: 3,
        smoke: -2,
        thin_smoke: -1,
        slope: -1,
        weather: -1,
        night: -1,
        column_on_bridge: 2,
        indirect_hard: -2,
    }
}

/// The stand-in rule of table S9.6-T: the margin *column − roll* decides.
const fn by_margin(margin: i16) -> FireResult {
    match margin {
        i16::MIN..=-1 => FireResult::NoEffect,
        0 => FireResult::Pin,
        1 => FireResult::Dg,
        2 => FireResult::Suppress,
        3 | 4 => FireResult::Step,
        5..=7 => FireResult::StepSuppress,
        _ => FireResult::TwoSteps,
    }
}

/// Table S9.6-T (stand-in): ten rows (raw die 0–9) of thirteen columns (0–12).
pub fn fire_table() -> FireTable {
    let mut rows = [[FireResult::NoEffect; 13]; 10];
    for (roll, row) in rows.iter_mut().enumerate() {
        for (column, cell) in row.iter_mut().enumerate() {
            *cell = by_margin(column as i16 - roll as i16);
        }
    }
    // The table is square and small: building it cannot overflow.
    FireTable::from_rows(&rows).unwrap_or_else(|_| unreachable!())
}

/// The fire charts: table S9.6-T, table S9.5-T and the Tank minimum of exclusive 3.13.
pub fn fire_charts() -> FireCharts {
    FireCharts {
        table: fire_table(),
        modifiers: fire_modifiers(),
        tank_minimum: Some(4),
        // Exclusive 3.12: the defending player answers a missile fired out of turn (S9.11.5).
        active_side_answers_missiles: true,
    }
}

/// Table S10.4-T (stand-in; the flame-thrower's +3 and the assault ability's +2 are the
/// values exclusive 3.14 states).
pub const fn assault_modifiers() -> AssaultModifiers {
    AssaultModifiers {
        hero: 2,
        better_tq: 1,
        flame_thrower: 3,
        assault_ability: 2,
        armour_into_town: -2,
    }
}

/// Table S10.5-T (stand-in): the bands of the difference of the totals, highest first.
pub fn assault_table() -> AssaultTable {
    use AssaultResult::*;
    let mut bands = heapless::Vec::new();
    for (from, result) in [
        (6, DefendersStepAndRout),
        (3, DefendersRout),
        (1, DefendersDgAndCheck),
        (0, BothDg),
        (-2, AttackersDg),
        (-5, AttackersRout),
        (i16::MIN, AttackersStepAndRout),
    ] {
        // Seven bands fit the table's capacity.
        let _ = bands.push(Band { from, result });
    }
    AssaultTable { bands }
}

/// The assault charts: tables S10.4-T and S10.5-T.
pub fn assault_charts() -> AssaultCharts {
    AssaultCharts {
        modifiers: assault_modifiers(),
        table: assault_table(),
    }
}

/// Table S11.3-T (stand-in), with the cap of exclusive 9.2.
pub const fn tq_modifiers() -> TqModifiers {
    TqModifiers {
        hero: 1,
        pinned: 0,
        dg: -1,
        suppressed: -2,
        step_lost: -1,
        rally_adjacent_enemy: -1,
        rally_city_or_fortification: 1,
        cap: 8,
    }
}

/// The *Gates* weather table of S14.5 (stand-in: the printed table is not in the rulebook):
/// 0–6 Clear, 7–9 Rain (visibility 3 hexes, every fire worse, no fires started, On Fire
/// markers removed, no air units; the effects are the ones exclusive 3.1 states).
pub fn weather_chart() -> WeatherChart {
    let rain = WeatherEffect {
        sight: Some(3),
        worsens_fire: true,
        no_fires: true,
        puts_out_fires: true,
        grounded: true,
    };
    let mut bands = heapless::Vec::new();
    for band in [
        WeatherBand {
            from: 7,
            effect: rain,
        },
        WeatherBand {
            from: 0,
            effect: WeatherEffect::CLEAR,
        },
    ] {
        // Two bands fit the table's capacity.
        let _ = bands.push(band);
    }
    WeatherChart { bands }
}

/// S12.3.3 and S12.5 (Appendix D `[leaders]`): the casualty check's 0–1 is the stand-in; the
/// 0–4 of a leader left alone and the 6 MP of its own move are the values the cases state.
pub const fn leader_charts() -> LeaderCharts {
    LeaderCharts {
        casualty_kills_up_to: 1,
        alone_kills_up_to: 4,
        move_mp: 6,
    }
}
