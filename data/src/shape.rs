//! The keys every game's `game.toml` shares: its title, its dice and the shape of its hex grid
//! (numbering, columns and rows, which edges column 1 and row 1 lie on, which columns are
//! shifted), and the rule for a map legend's characters. Berlin '85 (`game.rs`) and Fortress
//! Berlin (`fortress/map.rs`) read them here, so a club's file is checked the same way for
//! every game.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Every game's `game.toml`: the shared header, the terrain legend and (Berlin '85, Gates) a
/// region legend whose entries are `R`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGame<R> {
    pub id: Sp<String>,
    pub title: Sp<String>,
    pub dice: Sp<String>,
    pub hex_format: Sp<String>,
    pub columns: Sp<i64>,
    pub rows: Sp<i64>,
    pub first_column_at: Sp<String>,
    pub first_row_at: Sp<String>,
    pub shifted_columns: Sp<String>,
    #[serde(default)]
    pub stand_in: bool,
    pub terrain: BTreeMap<Sp<String>, Sp<String>>,
    #[serde(default = "BTreeMap::new")]
    pub regions: BTreeMap<Sp<String>, Sp<R>>,
}

/// What a game's id must be.
pub enum IdRule<'a> {
    /// Exactly this id (Fortress Berlin, Gates: one game per folder).
    #[allow(dead_code)] // the build script includes this file for Berlin '85 only
    Exactly(&'a str),
    /// Any lowercase id (Berlin '85's variants).
    Lowercase,
}

/// A read `game.toml`: the raw table, the grid (if its keys are good), the terrain legend's
/// characters with their values, and the region legend's (empty when `regions` is not wanted).
pub struct Header<R> {
    pub raw: RawGame<R>,
    pub geometry: Option<Geometry>,
    pub terrain: Vec<(char, Sp<String>)>,
    pub regions: Vec<(char, Sp<R>)>,
}

/// Parses and checks the keys every `game.toml` shares. A parse error stops here; every other
/// problem is pushed to `errors`. `regions` says whether the game has a region legend.
pub fn read_game<R: DeserializeOwned + Clone>(
    src: &Src,
    id: IdRule<'_>,
    limits: &Limits,
    regions: bool,
    errors: &mut Vec<DataError>,
) -> Result<Header<R>, DataError> {
    let raw: RawGame<R> = de::parse(src)?;
    let the_id = raw.id.get_ref();
    match id {
        IdRule::Exactly(want) if the_id != want => errors.push(src.err(
            raw.id.span(),
            format!("id: '{the_id}' is not this game's id ({want})"),
        )),
        IdRule::Lowercase
            if the_id.is_empty()
                || !the_id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') =>
        {
            errors.push(src.err(
                raw.id.span(),
                format!("id: '{the_id}' must be lowercase letters, digits and '_'"),
            ))
        }
        _ => {}
    }
    let keys = ShapeKeys {
        title: &raw.title,
        dice: &raw.dice,
        hex_format: &raw.hex_format,
        columns: &raw.columns,
        rows: &raw.rows,
        first_column_at: &raw.first_column_at,
        first_row_at: &raw.first_row_at,
        shifted_columns: &raw.shifted_columns,
    };
    let geometry = read(src, &keys, limits, errors);
    let mut terrain = Vec::new();
    for (k, v) in &raw.terrain {
        if let Some(ch) = legend_char(src, k, "terrain").keep(errors) {
            terrain.push((ch, v.clone()));
        }
    }
    if terrain.is_empty() {
        errors.push(src.err_file("[terrain]: the legend is empty"));
    }
    let mut region_chars = Vec::new();
    if regions {
        for (k, v) in &raw.regions {
            if let Some(ch) = legend_char(src, k, "regions").keep(errors) {
                region_chars.push((ch, v.clone()));
            }
        }
        if region_chars.is_empty() {
            errors.push(src.err_file("[regions]: the legend is empty"));
        }
    } else if let Some((k, _)) = raw.regions.iter().next() {
        errors.push(src.err(k.span(), "[regions]: this game has no region legend"));
    }
    Ok(Header {
        raw,
        geometry,
        terrain,
        regions: region_chars,
    })
}

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
