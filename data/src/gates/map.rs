//! `game.toml` (the numbering space of the four sheets, the terrain and region legends),
//! `map.txt` (a series terrain dot per hex, 1.2) and `regions.txt` (West Berlin, East Berlin,
//! East Germany: NATO never enters East Germany, 1.2).

use super::GatesMap;
use crate::de::{self, Keep};
use crate::error::{DataError, Src};
use crate::grid;
use crate::shape::{self, Header, IdRule, Limits};
use engine::core::capacity::gates::HEXES;
use engine::core::hex::Geometry;
use engine::core::map::TerrainId;
use engine::core::region::Region;
use engine::css::terrain::dots;

/// The game's id in `game.toml`.
pub const ID: &str = "gates";

/// Terrain keys of the legend and the series dots of `TerrainChart::stand_in` (2.1.1–2.1.6);
/// `water` is a hex with no dot (a lake: not playable, 1.2).
pub const TERRAIN: [(&str, TerrainId); 7] = [
    ("water", dots::NONE),
    ("clear", dots::CLEAR),
    ("woods", dots::WOODS),
    ("village", dots::VILLAGE),
    ("town", dots::TOWN),
    ("city", dots::CITY),
    ("marsh", dots::MARSH),
];

/// Region keys and the ids the core map keeps (the numbering Berlin '85 uses too).
pub const REGIONS: [(&str, Region); 3] = [
    ("west_berlin", Region::WestBerlin),
    ("east_berlin", Region::EastBerlin),
    ("east_germany", Region::EastGermany),
];

/// Bit of NATO in `HexDetail::barred` (NATO is side A, `engine::gates::NATO`).
pub const NATO_BIT: u8 = 1;

/// What `game.toml` says.
pub struct Game {
    pub geometry: Geometry,
    pub stand_in: bool,
    pub terrain: Vec<(char, TerrainId)>,
    pub regions: Vec<(char, Region)>,
}

/// Reads `game.toml`; any error stops the load (every other file depends on the shape).
pub fn read_game(src: &Src) -> Result<Game, Vec<DataError>> {
    let limits = Limits {
        columns: 80,
        rows: 80,
        hexes: HEXES,
    };
    let mut errors = Vec::new();
    let head: Header<String> =
        shape::read_game(src, IdRule::Exactly(ID), &limits, true, &mut errors)
            .map_err(|e| vec![e])?;
    let mut terrain = Vec::new();
    for (ch, v) in &head.terrain {
        if let Some(t) = de::choice(src, v, "terrain", &TERRAIN).keep(&mut errors) {
            terrain.push((*ch, t));
        }
    }
    let mut regions = Vec::new();
    for (ch, v) in &head.regions {
        if let Some(r) = de::choice(src, v, "regions", &REGIONS).keep(&mut errors) {
            regions.push((*ch, r));
        }
    }
    match head.geometry {
        Some(geometry) if errors.is_empty() => Ok(Game {
            geometry,
            stand_in: head.raw.stand_in,
            terrain,
            regions,
        }),
        _ => Err(errors),
    }
}

/// Reads `map.txt` into the map's terrain.
pub fn read_terrain(src: &Src, game: &Game, data: &mut GatesMap) -> Vec<DataError> {
    let known = |c: char| game.terrain.iter().any(|l| l.0 == c);
    let (g, errors) = grid::read(src, &game.geometry, "terrain", &known);
    for (i, cell) in g.cells.iter().enumerate() {
        if let (Some(ch), Some(t)) = (cell, data.map.terrain.get_mut(i)) {
            *t = game.terrain.iter().find(|l| l.0 == *ch).map_or(0, |l| l.1);
        }
    }
    errors
}

/// Reads `regions.txt`; East Germany's hexes are barred to NATO (1.2).
pub fn read_regions(src: &Src, game: &Game, data: &mut GatesMap) -> Vec<DataError> {
    let known = |c: char| game.regions.iter().any(|l| l.0 == c);
    let (g, errors) = grid::read(src, &game.geometry, "region", &known);
    for (i, cell) in g.cells.iter().enumerate() {
        let Some(ch) = cell else { continue };
        let Some(r) = game.regions.iter().find(|l| l.0 == *ch).map(|l| l.1) else {
            continue;
        };
        if let Some(x) = data.map.region.get_mut(i) {
            *x = r as u8;
        }
        if r == Region::EastGermany {
            if let Some(d) = data.relief.hexes.get_mut(i) {
                d.barred |= NATO_BIT;
            }
        }
    }
    errors
}
