//! Combat tables read by column with shifts: the shape shared by Berlin '85's differential CRT,
//! Fortress Berlin's odds matrices and the CSS fire table's firepower columns.
//!
//! Berlin '85 reads one row of [`Columns`]. Fortress Berlin (8.1.2) reads a two-dimensional
//! [`Matrix`] (differential column × the defender's protection → a letter), shifts the letter
//! with [`Letters`] clamped to A…I (8.4 general note) and clamps the modified 2d6 roll with
//! [`RollRange`]; Gates' d10 tables use [`RollRange`] too.

use super::protocol::{DiceRoll, RuleViolation};
use serde::{Deserialize, Serialize};

/// Columns of a combat table.
pub const MAX_COLUMNS: usize = 24;

/// One column covers a range of a combat value (a differential, an odds index, firepower).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnRange {
    pub lo: i16,
    pub hi: i16,
}

/// The ordered columns of a table; values below the first / above the last read on the end
/// columns (Berlin '85 [7.51]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Columns {
    pub ranges: heapless::Vec<ColumnRange, MAX_COLUMNS>,
}

impl Columns {
    /// Column index of a raw value, clamped to the table's ends.
    pub fn column_of(&self, value: i16) -> usize {
        let last = self.ranges.len().saturating_sub(1);
        for (i, r) in self.ranges.iter().enumerate() {
            if value <= r.hi && (value >= r.lo || i == 0) {
                return i;
            }
        }
        last
    }

    /// Applies a net shift (positive = right, toward the attacker) and clamps to the table.
    pub fn shifted(&self, column: usize, shift: i16) -> usize {
        let last = self.ranges.len().saturating_sub(1) as i16;
        (column as i16 + shift).clamp(0, last) as usize
    }

    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Column index of a raw value, or `None` below the first column (Fortress Berlin 8.1.3:
    /// a differential under the lowest range fails); values above the last read on it.
    pub fn column_from_first(&self, value: i16) -> Option<usize> {
        let first = self.ranges.first()?;
        (value >= first.lo).then(|| self.column_of(value))
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// Cells of one [`Matrix`].
pub const MAX_CELLS: usize = 384;

/// A two-dimensional table: a column found from one value (a differential, odds), a row from
/// another (protection), and a small result in each cell (a letter index, a result code).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matrix {
    pub columns: Columns,
    pub rows: Columns,
    /// Row-major: `cells[row * columns.len() + column]`.
    pub cells: heapless::Vec<u8, MAX_CELLS>,
}

impl Matrix {
    /// Builds a matrix, refusing a cell count that does not match its columns and rows.
    pub fn new(columns: Columns, rows: Columns, cells: &[u8]) -> Result<Matrix, RuleViolation> {
        if cells.len() != columns.len() * rows.len() {
            return Err(RuleViolation::new(
                "engine",
                "matrix cells do not fill its grid",
            ));
        }
        let mut c = heapless::Vec::new();
        c.extend_from_slice(cells)
            .map_err(|_| RuleViolation::new("engine", "matrix too large"))?;
        Ok(Matrix {
            columns,
            rows,
            cells: c,
        })
    }

    /// The cell at a column and row index (clamped to the table).
    pub fn cell(&self, column: usize, row: usize) -> Option<u8> {
        let (w, h) = (self.columns.len(), self.rows.len());
        if w == 0 || h == 0 {
            return None;
        }
        self.cells
            .get(row.min(h - 1) * w + column.min(w - 1))
            .copied()
    }

    /// Reads the matrix by value: `column_value` (clamped at both ends) and `row_value`
    /// (clamped at both ends).
    pub fn lookup(&self, column_value: i16, row_value: i16) -> Option<u8> {
        self.cell(
            self.columns.column_of(column_value),
            self.rows.column_of(row_value),
        )
    }
}

/// Lettered result columns (A, B, … ) read with shifts clamped to the first and last letter
/// (Fortress Berlin 8.4 general note: left of A is A, right of I is I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Letters {
    pub count: u8,
}

impl Letters {
    /// Fortress Berlin's lower matrix, A–I.
    pub const A_TO_I: Letters = Letters { count: 9 };

    /// The letter index after a net shift (positive = right, toward the attacker), clamped.
    pub fn shifted(self, letter: u8, shift: i16) -> u8 {
        let last = self.count.saturating_sub(1) as i16;
        (letter as i16 + shift).clamp(0, last) as u8
    }

    /// 'A' for 0, 'B' for 1 …
    pub fn name(self, letter: u8) -> char {
        (b'A' + letter.min(self.count.saturating_sub(1)).min(25)) as char
    }

    pub fn index_of(self, name: char) -> Option<u8> {
        let i = (name as u32).checked_sub('A' as u32)? as u8;
        (i < self.count).then_some(i)
    }
}

/// The rows of a table read by a modified roll: totals beyond them read on the end rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRange {
    pub lo: i16,
    pub hi: i16,
}

impl RollRange {
    /// Fortress Berlin's lower matrix: modified 2d6 from -4 to 12 (8.4 general note).
    pub const FORTRESS: RollRange = RollRange { lo: -4, hi: 12 };

    /// The roll plus every modifier, clamped to the table.
    pub fn modified(self, roll: &DiceRoll, modifiers: &[i16]) -> i16 {
        let total = roll.total() as i32 + modifiers.iter().map(|&m| m as i32).sum::<i32>();
        total.clamp(self.lo as i32, self.hi as i32) as i16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b85() -> Columns {
        let mut c = Columns {
            ranges: heapless::Vec::new(),
        };
        for v in -7..=5 {
            c.ranges.push(ColumnRange { lo: v, hi: v }).unwrap();
        }
        c.ranges.push(ColumnRange { lo: 6, hi: 8 }).unwrap();
        c.ranges.push(ColumnRange { lo: 9, hi: 11 }).unwrap();
        c.ranges.push(ColumnRange { lo: 12, hi: 12 }).unwrap();
        c
    }

    #[test]
    fn ends_absorb_extreme_values() {
        let c = b85();
        assert_eq!(c.column_of(-20), 0);
        assert_eq!(c.column_of(40), c.len() - 1);
    }

    #[test]
    fn shifts_clamp_at_the_ends() {
        let c = b85();
        assert_eq!(c.shifted(0, -3), 0);
        assert_eq!(c.shifted(c.len() - 1, 2), c.len() - 1);
    }

    fn singles(values: core::ops::RangeInclusive<i16>) -> Columns {
        let mut c = Columns {
            ranges: heapless::Vec::new(),
        };
        for v in values {
            c.ranges.push(ColumnRange { lo: v, hi: v }).unwrap();
        }
        c
    }

    /// A stand-in upper matrix: differential columns 0, 1–3, 4–6, 7+ × protection 1–3, 4–6,
    /// 7+; letters grow with the differential and fall with protection.
    fn upper() -> Matrix {
        let mut cols = singles(0..=0);
        for (lo, hi) in [(1, 3), (4, 6), (7, 99)] {
            cols.ranges.push(ColumnRange { lo, hi }).unwrap();
        }
        let mut rows = Columns {
            ranges: heapless::Vec::new(),
        };
        for (lo, hi) in [(1, 3), (4, 6), (7, 99)] {
            rows.ranges.push(ColumnRange { lo, hi }).unwrap();
        }
        #[rustfmt::skip]
        let cells = [
            2, 4, 6, 8, // protection 1–3
            1, 3, 5, 7, // 4–6
            0, 2, 4, 6, // 7+
        ];
        Matrix::new(cols, rows, &cells).unwrap()
    }

    // 8.1.2 upper matrix: differential column × protection → letter column
    #[test]
    fn the_matrix_is_read_by_column_and_row() {
        let m = upper();
        assert_eq!(m.lookup(5, 2), Some(6));
        assert_eq!(m.lookup(5, 5), Some(5));
        assert_eq!(m.lookup(2, 9), Some(2));
        // Values past the ends read on the end columns and rows.
        assert_eq!(m.lookup(400, 0), Some(8));
        assert_eq!(m.lookup(-5, 40), Some(0));
        assert_eq!(Letters::A_TO_I.name(m.lookup(5, 5).unwrap()), 'F');
        assert!(Matrix::new(m.columns.clone(), m.rows.clone(), &[1, 2]).is_err());
    }

    // 8.1.3 a differential below the lowest range fails
    #[test]
    fn a_value_below_the_first_column_reads_nothing() {
        let c = singles(-2..=4);
        assert_eq!(c.column_from_first(-3), None);
        assert_eq!(c.column_from_first(-2), Some(0));
        assert_eq!(c.column_from_first(50), Some(c.len() - 1));
        assert_eq!(c.column_of(-3), 0);
    }

    // 8.4 general note: shifts left of A read A, right of I read I
    #[test]
    fn letter_shifts_clamp_to_a_and_i() {
        let l = Letters::A_TO_I;
        assert_eq!(l.shifted(l.index_of('C').unwrap(), 2), 4);
        assert_eq!(l.name(l.shifted(1, -3)), 'A');
        assert_eq!(l.name(l.shifted(7, 5)), 'I');
        assert_eq!(l.index_of('J'), None);
        assert_eq!(l.index_of('a'), None);
    }

    // 8.4 general note: modified rolls below -4 read -4, above 12 read 12
    #[test]
    fn modified_rolls_clamp_to_the_table() {
        let r = RollRange::FORTRESS;
        assert_eq!(r.modified(&DiceRoll::of(&[3, 4]), &[-2, 1]), 6);
        assert_eq!(r.modified(&DiceRoll::of(&[1, 1]), &[-5, -3]), -4);
        assert_eq!(r.modified(&DiceRoll::of(&[6, 6]), &[2]), 12);
        let d10 = RollRange { lo: 0, hi: 9 };
        assert_eq!(d10.modified(&DiceRoll::of(&[0]), &[-1]), 0);
    }
}
