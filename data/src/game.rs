//! `game.toml`: the game's identity, its hex numbering and map shape, and the legends of
//! `map.txt` (terrain) and `regions.txt` (regions and occupation zones).

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use crate::shape::{self, Header, IdRule, Limits};
use engine::berlin85::data::{Region, Zone};
use engine::core::capacity::berlin85::HEXES as MAX_HEXES;
use engine::core::hex::Geometry;
use serde::Deserialize;

#[derive(Clone, Deserialize)]
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
    let limits = Limits {
        columns: 99,
        rows: 99,
        hexes: MAX_HEXES,
    };
    let mut errors = Vec::new();
    let head: Header<RawRegion> =
        shape::read_game(src, IdRule::Lowercase, &limits, true, &mut errors)
            .map_err(|e| vec![e])?;
    let terrain = head
        .terrain
        .iter()
        .map(|(ch, v)| TerrainChar {
            ch: *ch,
            key: v.get_ref().clone(),
            span: v.span(),
        })
        .collect();
    let mut regions = Vec::new();
    for (ch, v) in &head.regions {
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
        if let (Some(region), Some(zone)) = (region, zone) {
            regions.push((*ch, region, zone));
        }
    }
    match head.geometry {
        Some(geometry) if errors.is_empty() => Ok(Game {
            stand_in: head.raw.stand_in,
            geometry,
            terrain,
            regions,
        }),
        _ => Err(errors),
    }
}
