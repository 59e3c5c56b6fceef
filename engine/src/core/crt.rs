//! Combat tables read by column with shifts: the shape shared by Berlin '85's differential CRT,
//! Fortress Berlin's odds matrices and the CSS fire table's firepower columns.

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

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
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
}
