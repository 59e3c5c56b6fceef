//! The fire charts as data: the Fire Results Table (S9.6, table S9.6-T) read by the final
//! firepower column and the **unmodified** d10, and the fire modifiers of table S9.5-T. Both
//! are stand-ins (the data crate fills them from `data/gates/tables.toml`; the marked
//! stand-in set is `css::standin::fire_charts`).

use crate::core::crt::{ColumnRange, Columns, Matrix};
use crate::core::protocol::RuleViolation;
use crate::css::morale::StatusHit;
use serde::{Deserialize, Serialize};

/// One cell of the Fire Results Table (key of table S9.6-T).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FireResult {
    /// "—"
    NoEffect,
    /// "P"
    Pin,
    /// "DG"
    Dg,
    /// "S"
    Suppress,
    /// "1": one step, a survivor is DG.
    Step,
    /// "1S": one step, a survivor is Suppressed.
    StepSuppress,
    /// "2": two steps, a survivor is Suppressed.
    TwoSteps,
}

impl FireResult {
    const ALL: [FireResult; 7] = [
        FireResult::NoEffect,
        FireResult::Pin,
        FireResult::Dg,
        FireResult::Suppress,
        FireResult::Step,
        FireResult::StepSuppress,
        FireResult::TwoSteps,
    ];

    pub const fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(c: u8) -> Option<FireResult> {
        Self::ALL.get(c as usize).copied()
    }

    /// Steps the result takes (S9.7.2).
    pub const fn steps(self) -> u8 {
        match self {
            FireResult::Step | FireResult::StepSuppress => 1,
            FireResult::TwoSteps => 2,
            _ => 0,
        }
    }

    /// The status part, applied to a survivor by S9.7.1.
    pub const fn status(self) -> Option<StatusHit> {
        match self {
            FireResult::NoEffect => None,
            FireResult::Pin => Some(StatusHit::Pin),
            FireResult::Dg | FireResult::Step => Some(StatusHit::Dg),
            FireResult::Suppress | FireResult::StepSuppress | FireResult::TwoSteps => {
                Some(StatusHit::Suppress)
            }
        }
    }

    /// As printed in table S9.6-T.
    pub const fn label(self) -> &'static str {
        match self {
            FireResult::NoEffect => "—",
            FireResult::Pin => "P",
            FireResult::Dg => "DG",
            FireResult::Suppress => "S",
            FireResult::Step => "1",
            FireResult::StepSuppress => "1S",
            FireResult::TwoSteps => "2",
        }
    }
}

/// The lowest and highest firepower column (S1.5: no modifier carries beyond the table).
pub const FIRST_COLUMN: i16 = 0;
pub const LAST_COLUMN: i16 = 12;
/// Faces of the d10, read 0–9 (S1.3).
pub const FACES: usize = 10;
const COLUMNS: usize = (LAST_COLUMN - FIRST_COLUMN + 1) as usize;

/// Table S9.6-T: firepower columns 0 (and below) to 12 (and above) by the unmodified roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireTable {
    /// Columns 0…12 by rows 0…9, cells [`FireResult::code`]s.
    pub matrix: Matrix,
}

impl FireTable {
    /// Builds the table from its ten rows (raw die 0…9) of thirteen columns (0…12).
    pub fn from_rows(rows: &[[FireResult; COLUMNS]; FACES]) -> Result<FireTable, RuleViolation> {
        let mut columns = Columns {
            ranges: heapless::Vec::new(),
        };
        for c in FIRST_COLUMN..=LAST_COLUMN {
            push(&mut columns, c)?;
        }
        let mut dice = Columns {
            ranges: heapless::Vec::new(),
        };
        for d in 0..FACES as i16 {
            push(&mut dice, d)?;
        }
        let mut cells = [0u8; COLUMNS * FACES];
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                cells[r * COLUMNS + c] = cell.code();
            }
        }
        Ok(FireTable {
            matrix: Matrix::new(columns, dice, &cells)?,
        })
    }

    /// The cell for a final column (clamped to 0…12, S1.5) and an unmodified roll (S9.6).
    pub fn result(&self, column: i16, raw: u8) -> FireResult {
        self.matrix
            .lookup(column, raw as i16)
            .and_then(FireResult::from_code)
            .unwrap_or(FireResult::NoEffect)
    }
}

fn push(c: &mut Columns, v: i16) -> Result<(), RuleViolation> {
    c.ranges
        .push(ColumnRange { lo: v, hi: v })
        .map_err(|_| RuleViolation::new("engine", "fire table too large"))
}

/// Table S9.5-T: the fire modifiers, all on the column (S1.3, B1). Stand-in except where the
/// exclusive rules give the value (rain −1, 3.1; bridge +2, 2.2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireModifiers {
    /// Each additional member of a combined fire (S9.4).
    pub combined_member: i8,
    /// Sustained Fire declared (S9.12).
    pub sustained: i8,
    pub firer_pinned: i8,
    pub firer_dg: i8,
    /// The firer has Ammo Low (S15.1).
    pub ammo_low: i8,
    /// Target hex adjacent to the firer (direct fire).
    pub adjacent: i8,
    /// The target hex holds at least `dense_from` units (S6.6).
    pub dense: i8,
    pub dense_from: u8,
    /// Smoke in the firer's, the target or an intervening hex; only the worst counts.
    pub smoke: i8,
    pub thin_smoke: i8,
    /// The fire crosses a slope hexside (2.2.1).
    pub slope: i8,
    /// Game weather (Gates 3.1 rain), every fire.
    pub weather: i8,
    /// Night, target not adjacent (S14.1), direct fire.
    pub night: i8,
    /// A target in Column in a hex with a bridge (2.2.4).
    pub column_on_bridge: i8,
    /// Indirect fire against a hard target (S9.8.3).
    pub indirect_hard: i8,
}

/// Everything fire reads from data: the table, the modifiers and the game's printed minimum
/// firepower to direct fire at a Tank (S9.1.1; Gates 3.13: 4, `None` where a game sets none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireCharts {
    pub table: FireTable,
    pub modifiers: FireModifiers,
    pub tank_minimum: Option<u8>,
    /// S9.11.5: the player who was active may answer a guided missile fired out of turn (a
    /// game's flag; *Gates* 3.12 sets it).
    #[serde(default)]
    pub active_side_answers_missiles: bool,
}
