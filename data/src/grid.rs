//! `map.txt` and `regions.txt`: one character per hex, one line per hex row.
//!
//! A data line is `<row number> | <one character per column>`, columns in drawn order (west
//! to east), so the file looks like the map. Errors point at the exact character.

use crate::error::{DataError, Src};
use engine::core::hex::{Edge, Geometry, HexId};

/// The characters of a grid file by dense hex index (`Geometry::index`); `None` where the
/// file had no usable character (already reported).
pub struct Grid {
    pub cells: Vec<Option<char>>,
}

impl Grid {
    #[cfg(test)]
    pub fn at(&self, g: &Geometry, h: HexId) -> Option<char> {
        g.index(h)
            .and_then(|i| self.cells.get(i).copied().flatten())
    }
}

/// Reads a grid. `what` names a cell in messages ("terrain", "region"); `known` says whether
/// a character is in the file's legend.
pub fn read(
    src: &Src,
    g: &Geometry,
    what: &str,
    known: &dyn Fn(char) -> bool,
) -> (Grid, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut cells = vec![None; g.hex_count()];
    let rows = usize::from(g.rows);
    let columns = usize::from(g.columns);
    // Line number of each row number seen (index row - 1).
    let mut seen: Vec<Option<usize>> = vec![None; rows];
    let mut last_line = 0;
    for (i, raw_line) in src.text.split('\n').enumerate() {
        let lineno = i + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        last_line = lineno;
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let Some((label, cells_text)) = line.split_once('|') else {
            errors.push(src.err_at(
                lineno,
                1,
                format!("expected '<row> | <one {what} character per column>'"),
            ));
            continue;
        };
        let label_col = label.chars().take_while(|c| c.is_whitespace()).count() + 1;
        let row = match label.trim().parse::<usize>() {
            Ok(r) if (1..=rows).contains(&r) => r,
            Ok(r) => {
                errors.push(src.err_at(
                    lineno,
                    label_col,
                    format!("row {r} is off the map (rows 1-{rows})"),
                ));
                continue;
            }
            Err(_) => {
                errors.push(src.err_at(
                    lineno,
                    label_col,
                    format!("'{}' is not a row number", label.trim()),
                ));
                continue;
            }
        };
        match seen.get_mut(row - 1) {
            Some(Some(first)) => {
                let first = *first;
                errors.push(src.err_at(
                    lineno,
                    label_col,
                    format!("row {row} appears twice (first on line {first})"),
                ));
                continue;
            }
            Some(slot) => *slot = Some(lineno),
            None => continue,
        }
        // Column (1-based, in characters) of the first cell: past the bar and one space.
        let mut first_col = label.chars().count() + 2;
        let mut text = cells_text;
        if let Some(t) = text.strip_prefix(' ') {
            text = t;
            first_col += 1;
        }
        let text = text.trim_end();
        let mut count = 0;
        for (k, ch) in text.chars().enumerate() {
            let col = first_col + k;
            if k >= columns {
                errors.push(src.err_at(
                    lineno,
                    col,
                    format!(
                        "row {row} has {} hexes, expected {columns}",
                        text.chars().count()
                    ),
                ));
                break;
            }
            count += 1;
            if !known(ch) {
                errors.push(src.err_at(lineno, col, format!("unknown {what} '{ch}'")));
                continue;
            }
            let c = drawn_to_column(g, k);
            if let Some(cell) = g
                .index(HexId::new(c, row as u8))
                .and_then(|idx| cells.get_mut(idx))
            {
                *cell = Some(ch);
            }
        }
        if count < columns {
            errors.push(src.err_at(
                lineno,
                first_col + count,
                format!("row {row} has {count} hexes, expected {columns}"),
            ));
        }
    }
    // A missing row is reported where it belongs: at the next row present in drawn order.
    let drawn: Vec<usize> = if g.first_row_at == Edge::North {
        (1..=rows).collect()
    } else {
        (1..=rows).rev().collect()
    };
    for (k, &r) in drawn.iter().enumerate() {
        if seen.get(r - 1).copied().flatten().is_some() {
            continue;
        }
        let next_line = drawn
            .iter()
            .skip(k + 1)
            .find_map(|&n| seen.get(n - 1).copied().flatten());
        let message = format!("row {r} is missing");
        errors.push(match next_line {
            Some(l) => src.err_at(l, 1, message),
            None => src.err_at(last_line.max(1), 1, message),
        });
    }
    (Grid { cells }, errors)
}

/// The map column of the `k`th character of a line (drawn west to east).
pub fn drawn_to_column(g: &Geometry, k: usize) -> u8 {
    let k = k.min(usize::from(g.columns).saturating_sub(1)) as u8;
    if g.first_column_at == Edge::East {
        g.columns - k
    } else {
        k + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::hex::{HexFormat, ShiftedColumns};

    fn g() -> Geometry {
        Geometry {
            columns: 4,
            rows: 3,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        }
    }

    fn known(c: char) -> bool {
        matches!(c, '.' | 'U')
    }

    #[test]
    fn reads_in_drawn_order() {
        let src = Src::new("m", "# x\n3 | U...\n2 | ....\n1 | ...U\n");
        let (grid, errors) = read(&src, &g(), "terrain", &known);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            grid.at(&g(), HexId::new(4, 3)),
            Some('U'),
            "first char is column 04 (west)"
        );
        assert_eq!(
            grid.at(&g(), HexId::new(1, 1)),
            Some('U'),
            "last char is column 01 (east)"
        );
    }

    #[test]
    fn errors_point_at_characters() {
        let src = Src::new("m", "3 | U.q.\n2 | ...\n");
        let (_, errors) = read(&src, &g(), "terrain", &known);
        let msgs: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "m:1:7: unknown terrain 'q'",
                "m:2:8: row 2 has 3 hexes, expected 4",
                "m:3:1: row 1 is missing",
            ]
        );
    }
}
