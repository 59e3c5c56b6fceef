//! `hexsides.toml`: features of the sides between hexes — water, canals, ferries, bridges,
//! extra border sides, and the line features (road, Autobahn, U-Bahn, rail) as hex paths.

use crate::de::{self, Sp};
use crate::error::{DataError, Src};
use engine::core::capacity::berlin85::MapData;
use engine::core::hex::{Geometry, HexId, Hexside};
use engine::core::map::SideFeatures;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexsides {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    water: Vec<Sp<String>>,
    #[serde(default)]
    canal: Vec<Sp<String>>,
    #[serde(default)]
    ferry: Vec<Sp<String>>,
    #[serde(default)]
    bridge: Vec<Sp<String>>,
    #[serde(default)]
    border: Vec<Sp<String>>,
    #[serde(default)]
    road: Vec<Sp<RawLine>>,
    #[serde(default)]
    autobahn: Vec<Sp<RawLine>>,
    #[serde(default)]
    ubahn: Vec<Sp<RawLine>>,
    #[serde(default)]
    rail: Vec<Sp<RawLine>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    name: Sp<String>,
    path: Sp<String>,
}

/// A named line feature, kept for the places that refer to it (the rail line [20.22]).
#[derive(Clone, Debug)]
pub struct Line {
    pub name: String,
    pub hexes: Vec<HexId>,
}

pub struct HexsidesInfo {
    pub stand_in: bool,
    pub rail: Vec<Line>,
}

/// Reads `hexsides.toml` and sets the side features of `map`. Derived features (borders,
/// lake shores, implied bridges) are added later by `compile`, after every file is read.
pub fn read(src: &Src, map: &mut MapData) -> (HexsidesInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = HexsidesInfo {
        stand_in: false,
        rail: Vec::new(),
    };
    let raw: RawHexsides = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    info.stand_in = raw.stand_in;
    let g = map.geometry;
    // A ferry, a bridge or a canal crosses water, so those sides are water sides too: zones of
    // control and retreats stop at water even where a bridge or ferry crosses it [6.14] [7.72].
    let lists: [(&str, &[Sp<String>], u16); 5] = [
        ("water", &raw.water, SideFeatures::WATER),
        (
            "canal",
            &raw.canal,
            SideFeatures::WATER | SideFeatures::CANAL,
        ),
        (
            "ferry",
            &raw.ferry,
            SideFeatures::WATER | SideFeatures::FERRY,
        ),
        (
            "bridge",
            &raw.bridge,
            SideFeatures::WATER | SideFeatures::BRIDGE,
        ),
        ("border", &raw.border, SideFeatures::BORDER),
    ];
    for (field, list, flags) in lists {
        let mut seen: BTreeMap<Hexside, usize> = BTreeMap::new();
        for v in list {
            match de::hexside(src, &g, v, field) {
                Ok((a, b)) => {
                    let Some(side) = g.side_between(a, b) else {
                        continue;
                    };
                    if let Some(&first) = seen.get(&side) {
                        let (line, _) = src.position(first);
                        errors.push(src.err(
                            v.span(),
                            format!(
                                "{field}: hexside {} is already listed (line {line})",
                                v.get_ref()
                            ),
                        ));
                        continue;
                    }
                    seen.insert(side, v.span().start);
                    if let Some(f) = map.side_mut(side) {
                        f.insert(flags);
                    }
                }
                Err(e) => errors.push(e),
            }
        }
    }
    let lines: [(&str, &[Sp<RawLine>], u16); 4] = [
        ("road", &raw.road, SideFeatures::ROAD),
        ("autobahn", &raw.autobahn, SideFeatures::AUTOBAHN),
        ("ubahn", &raw.ubahn, SideFeatures::UBAHN),
        ("rail", &raw.rail, SideFeatures::RAIL),
    ];
    for (field, list, flag) in lines {
        for l in list {
            let r = l.get_ref();
            match line(src, &g, r, field, map, flag) {
                Ok(hexes) if flag == SideFeatures::RAIL => info.rail.push(Line {
                    name: r.name.get_ref().clone(),
                    hexes,
                }),
                Ok(_) => {}
                Err(e) => errors.push(e),
            }
        }
    }
    (info, errors)
}

fn line(
    src: &Src,
    g: &Geometry,
    r: &RawLine,
    field: &str,
    map: &mut MapData,
    flag: u16,
) -> Result<Vec<HexId>, DataError> {
    let label = format!("{field} '{}'", r.name.get_ref());
    let hexes = de::path(src, g, &r.path, &label)?;
    for w in hexes.windows(2) {
        if let [a, b] = w {
            if let Some(f) = g.side_between(*a, *b).and_then(|s| map.side_mut(s)) {
                f.insert(flag);
            }
        }
    }
    Ok(hexes)
}
