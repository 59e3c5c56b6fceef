//! `game.toml`: the game's identity, its hex numbering and map shape, and the legends of
//! `map.txt` (terrain) and `regions.txt` (regions and occupation zones).

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::berlin85::data::{Region, Zone};
use engine::core::capacity::berlin85::HEXES as MAX_HEXES;
use engine::core::hex::{Edge, Geometry, HexFormat, ShiftedColumns};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    id: Sp<String>,
    title: Sp<String>,
    dice: Sp<String>,
    hex_format: Sp<String>,
    columns: Sp<i64>,
    rows: Sp<i64>,
    first_column_at: Sp<String>,
    first_row_at: Sp<String>,
    shifted_columns: Sp<String>,
    #[serde(default)]
    stand_in: bool,
    terrain: BTreeMap<Sp<String>, Sp<String>>,
    regions: BTreeMap<Sp<String>, Sp<RawRegion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRegion {
    region: Sp<String>,
    #[serde(default)]
    zone: Option<Sp<String>>,
}

/// One terrain legend entry: a map character and the terrain key it stands for.
#[derive(Clone, Debug)]
pub struct TerrainChar {
    pub ch: char,
    pub key: String,
    /// Span of the key in game.toml (for "no such terrain in tables.toml").
    pub span: std::ops::Range<usize>,
}

/// What `game.toml` says.
#[derive(Clone, Debug)]
pub struct Game {
    pub stand_in: bool,
    pub geometry: Geometry,
    pub terrain: Vec<TerrainChar>,
    pub regions: Vec<(char, Region, Zone)>,
}

impl Game {
    pub fn terrain_key(&self, ch: char) -> Option<&str> {
        self.terrain
            .iter()
            .find(|t| t.ch == ch)
            .map(|t| t.key.as_str())
    }
    pub fn region_of(&self, ch: char) -> Option<(Region, Zone)> {
        self.regions.iter().find(|r| r.0 == ch).map(|r| (r.1, r.2))
    }
}

pub const REGIONS: [(&str, Region); 3] = [
    ("west_berlin", Region::WestBerlin),
    ("east_berlin", Region::EastBerlin),
    ("east_germany", Region::EastGermany),
];

pub const ZONES: [(&str, Zone); 3] = [
    ("us", Zone::Us),
    ("british", Zone::British),
    ("french", Zone::French),
];

/// Reads `game.toml`. Any error here stops the load: every other file depends on the shape.
pub fn read(src: &Src) -> Result<Game, Vec<DataError>> {
    let raw: RawGame = de::parse(src).map_err(|e| vec![e])?;
    let mut errors = Vec::new();

    let format = de::choice(
        src,
        &raw.hex_format,
        "hex_format",
        &[("CCRR", HexFormat::Ccrr), ("CC.RR", HexFormat::CcDotRr)],
    )
    .keep(&mut errors);
    let columns = de::in_range(src, &raw.columns, "columns", 1, 99).keep(&mut errors);
    let rows = de::in_range(src, &raw.rows, "rows", 1, 99).keep(&mut errors);
    let col_edge = de::choice(
        src,
        &raw.first_column_at,
        "first_column_at",
        &[("west", Edge::West), ("east", Edge::East)],
    )
    .keep(&mut errors);
    let row_edge = de::choice(
        src,
        &raw.first_row_at,
        "first_row_at",
        &[("north", Edge::North), ("south", Edge::South)],
    )
    .keep(&mut errors);
    let shifted = de::choice(
        src,
        &raw.shifted_columns,
        "shifted_columns",
        &[("even", ShiftedColumns::Even), ("odd", ShiftedColumns::Odd)],
    )
    .keep(&mut errors);
    if !is_dice(raw.dice.get_ref()) {
        errors.push(src.err(
            raw.dice.span(),
            format!(
                "dice: '{}' is not a die spec like \"1d6\" or \"2d6\"",
                raw.dice.get_ref()
            ),
        ));
    }
    if let (Some(c), Some(r)) = (columns, rows) {
        if (c * r) as usize > MAX_HEXES {
            errors.push(src.err(
                raw.rows.span(),
                format!("rows: {c} x {r} hexes is more than the engine holds ({MAX_HEXES})"),
            ));
        }
    }

    let mut terrain = Vec::new();
    for (k, v) in &raw.terrain {
        if let Some(ch) = legend_char(src, k, "terrain").keep(&mut errors) {
            terrain.push(TerrainChar {
                ch,
                key: v.get_ref().clone(),
                span: v.span(),
            });
        }
    }
    if terrain.is_empty() {
        errors.push(src.err_file("[terrain]: the legend is empty"));
    }
    let mut regions = Vec::new();
    for (k, v) in &raw.regions {
        let ch = legend_char(src, k, "regions").keep(&mut errors);
        let r = v.get_ref();
        let region = de::choice(src, &r.region, "region", &REGIONS).keep(&mut errors);
        let zone = match &r.zone {
            Some(z) => de::choice(src, z, "zone", &ZONES).keep(&mut errors),
            None => Some(Zone::None),
        };
        if region.is_some_and(|g| g != Region::WestBerlin) && zone.is_some_and(|z| z != Zone::None)
        {
            errors.push(src.err(v.span(), "zone: occupation zones lie in West Berlin only"));
        }
        if let (Some(ch), Some(region), Some(zone)) = (ch, region, zone) {
            regions.push((ch, region, zone));
        }
    }
    if regions.is_empty() {
        errors.push(src.err_file("[regions]: the legend is empty"));
    }

    if raw.title.get_ref().trim().is_empty() {
        errors.push(src.err(raw.title.span(), "title: the game needs a title"));
    }
    let id = raw.id.get_ref().clone();
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        errors.push(src.err(
            raw.id.span(),
            format!("id: '{id}' must be lowercase letters, digits and '_'"),
        ));
    }
    match (format, columns, rows, col_edge, row_edge, shifted) {
        (
            Some(format),
            Some(columns),
            Some(rows),
            Some(first_column_at),
            Some(first_row_at),
            Some(shifted),
        ) if errors.is_empty() => Ok(Game {
            stand_in: raw.stand_in,
            geometry: Geometry {
                columns: columns as u8,
                rows: rows as u8,
                shifted,
                format,
                first_column_at,
                first_row_at,
            },
            terrain,
            regions,
        }),
        _ => Err(errors),
    }
}

/// A legend key must be one character that can appear in a grid line.
fn legend_char(src: &Src, k: &Sp<String>, table: &str) -> Result<char, DataError> {
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
