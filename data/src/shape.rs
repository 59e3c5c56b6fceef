//! The keys every game's `game.toml` shares: its title, its dice and the shape of its hex grid
//! (numbering, columns and rows, which edges column 1 and row 1 lie on, which columns are
//! shifted), and the rule for a map legend's characters. Berlin '85 (`game.rs`) and Fortress
//! Berlin (`fortress/map.rs`) read them here, so a club's file is checked the same way for
//! every game.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};

/// The shared keys of one `game.toml`, as its game's own raw table read them.
pub struct ShapeKeys<'a> {
    pub title: &'a Sp<String>,
    pub dice: &'a Sp<String>,
    pub hex_format: &'a Sp<String>,
    pub columns: &'a Sp<i64>,
    pub rows: &'a Sp<i64>,
    pub first_column_at: &'a Sp<String>,
    pub first_row_at: &'a Sp<String>,
    pub shifted_columns: &'a Sp<String>,
}

/// What the game's engine holds: the most columns, rows and hexes.
pub struct Limits {
    pub columns: i64,
    pub rows: i64,
    pub hexes: usize,
}

/// Checks the shared keys; the grid's shape if they are all good (every problem is pushed to
/// `errors`, each naming its field).
pub fn read(
    src: &Src,
    keys: &ShapeKeys<'_>,
    limits: &Limits,
    errors: &mut Vec<DataError>,
) -> Option<Geometry> {
    let format = de::choice(
        src,
        keys.hex_format,
        "hex_format",
        &[("CCRR", HexFormat::Ccrr), ("CC.RR", HexFormat::CcDotRr)],
    )
    .keep(errors);
    let columns = de::in_range(src, keys.columns, "columns", 1, limits.columns).keep(errors);
    let rows = de::in_range(src, keys.rows, "rows", 1, limits.rows).keep(errors);
    let first_column_at = de::choice(
        src,
        keys.first_column_at,
        "first_column_at",
        &[("west", Edge::West), ("east", Edge::East)],
    )
    .keep(errors);
    let first_row_at = de::choice(
        src,
        keys.first_row_at,
        "first_row_at",
        &[("north", Edge::North), ("south", Edge::South)],
    )
    .keep(errors);
    let shifted = de::choice(
        src,
        keys.shifted_columns,
        "shifted_columns",
        &[("even", ShiftedColumns::Even), ("odd", ShiftedColumns::Odd)],
    )
    .keep(errors);
    if !is_dice(keys.dice.get_ref()) {
        errors.push(src.err(
            keys.dice.span(),
            format!(
                "dice: '{}' is not a die spec like \"1d6\" or \"2d6\"",
                keys.dice.get_ref()
            ),
        ));
    }
    if keys.title.get_ref().trim().is_empty() {
        errors.push(src.err(keys.title.span(), "title: the game needs a title"));
    }
    if let (Some(c), Some(r)) = (columns, rows) {
        if (c * r) as usize > limits.hexes {
            errors.push(src.err(
                keys.rows.span(),
                format!(
                    "rows: {c} x {r} hexes is more than the engine holds ({})",
                    limits.hexes
                ),
            ));
        }
    }
    Some(Geometry {
        columns: columns? as u8,
        rows: rows? as u8,
        shifted: shifted?,
        format: format?,
        first_column_at: first_column_at?,
        first_row_at: first_row_at?,
    })
}

/// A legend key must be one character that can appear in a grid line.
pub fn legend_char(src: &Src, k: &Sp<String>, table: &str) -> Result<char, DataError> {
    let mut chars = k.get_ref().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_whitespace() && c != '#' && c != '|' => Ok(c),
        _ => Err(src.err(
            k.span(),
            format!(
                "[{table}]: legend key '{}' must be one character other than a space, '#' or '|'",
                k.get_ref()
            ),
        )),
    }
}

fn is_dice(s: &str) -> bool {
    s.split_once('d').is_some_and(|(n, f)| {
        n.parse::<u8>().is_ok_and(|n| n >= 1) && f.parse::<u8>().is_ok_and(|f| f >= 2)
    })
}
