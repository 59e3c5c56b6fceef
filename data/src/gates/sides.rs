//! `hexsides.toml`: rivers and canals (2.2.3), streams (2.2.2), slopes (2.2.1), ferries (2.2.5),
//! the Berlin Wall with its wire and access points (2.2.6), hexes a river divides or grays
//! (2.2.3, 2.2.4), and the highways, roads and railroads (2.1.7–2.1.9). A route crossing a
//! river, canal or stream side is a bridge there (2.2.4) unless the side is a ferry.

use super::GatesMap;
use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::hex::{Dir, HexId, Hexside};
use engine::core::map::SideFeatures as F;
use engine::core::region::Region;
use engine::css::terrain::{dots, Divider, Parts};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSides {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    ferries: Vec<Sp<String>>,
    #[serde(default)]
    river: Vec<RawLine>,
    #[serde(default)]
    canal: Vec<RawLine>,
    #[serde(default)]
    stream: Vec<RawLine>,
    #[serde(default)]
    slope: Vec<RawLine>,
    wall: RawWall,
    #[serde(default)]
    divided: Vec<RawDivided>,
    #[serde(default)]
    gray: Vec<RawGray>,
    #[serde(default)]
    highway: Vec<RawPath>,
    #[serde(default)]
    road: Vec<RawPath>,
    #[serde(default)]
    rail: Vec<RawPath>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    name: Sp<String>,
    sides: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWall {
    sides: Vec<Sp<String>>,
    #[serde(default)]
    wire: Vec<Sp<String>>,
    #[serde(default)]
    access: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDivided {
    hex: Sp<String>,
    divider: Sp<String>,
    first: Vec<Sp<String>>,
    #[serde(default)]
    bridge: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGray {
    hex: Sp<String>,
    toward: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPath {
    name: Sp<String>,
    path: Sp<String>,
}

/// Reads `hexsides.toml` into the map's sides and the relief's divided and gray hexes;
/// returns whether the file is marked a stand-in.
pub fn read(src: &Src, data: &mut GatesMap) -> (bool, Vec<DataError>) {
    let mut errors = Vec::new();
    let raw: RawSides = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (false, vec![e]),
    };
    let g = data.map.geometry;
    // One side listed twice in one list is a typing slip.
    let side =
        |v: &Sp<String>, field: &str, seen: &mut BTreeSet<Hexside>, errors: &mut Vec<DataError>| {
            let (a, b) = de::hexside(src, &g, v, field).keep(errors)?;
            let s = g.side_between(a, b)?;
            if !seen.insert(s) {
                errors.push(src.err(
                    v.span(),
                    format!("{field}: side {} is listed twice", v.get_ref()),
                ));
                return None;
            }
            Some((a, b, s))
        };
    let no_dot = |m: &GatesMap, h: HexId| m.map.terrain(h) == dots::NONE;
    // 2.2.3 rivers and canals, 2.2.2 streams, 2.2.1 slopes.
    for (list, flag, field) in [
        (&raw.river, F::WATER, "river"),
        (&raw.canal, F::WATER | F::CANAL, "canal"),
        (&raw.stream, F::STREAM, "stream"),
        (&raw.slope, F::SLOPE, "slope"),
    ] {
        for line in list {
            let mut seen = BTreeSet::new();
            for v in &line.sides {
                let Some((a, b, s)) = side(v, field, &mut seen, &mut errors) else {
                    continue;
                };
                if flag != F::SLOPE && (no_dot(data, a) || no_dot(data, b)) {
                    errors.push(src.err(v.span(), format!("{field} '{}': side {} touches a lake hex (lake sides are shores, not listed)", line.name.get_ref(), v.get_ref())));
                    continue;
                }
                mark(data, s, flag);
            }
        }
    }
    // 2.2.5 ferries: on a river or canal side.
    let mut seen = BTreeSet::new();
    for v in &raw.ferries {
        let Some((_, _, s)) = side(v, "ferries", &mut seen, &mut errors) else {
            continue;
        };
        if !data.map.side(s).has(F::WATER) {
            errors.push(src.err(
                v.span(),
                format!("ferries: side {} is not a river or canal side", v.get_ref()),
            ));
            continue;
        }
        mark(data, s, F::FERRY);
    }
    // 2.2.6 the Wall: between West Berlin and East Berlin or East Germany.
    let mut seen = BTreeSet::new();
    for v in &raw.wall.sides {
        let Some((a, b, s)) = side(v, "wall", &mut seen, &mut errors) else {
            continue;
        };
        let west = |h: HexId| data.map.region(h) == Region::WestBerlin as u8;
        if west(a) == west(b) {
            errors.push(src.err(
                v.span(),
                format!(
                    "wall: side {} is not between West Berlin and another region (regions.txt)",
                    v.get_ref()
                ),
            ));
            continue;
        }
        mark(data, s, F::BORDER);
    }
    for (list, flag, field) in [
        (&raw.wall.wire, F::WALL_WIRE, "wire"),
        (&raw.wall.access, F::WALL_GAP, "access"),
    ] {
        let mut seen = BTreeSet::new();
        for v in list {
            let Some((_, _, s)) = side(v, field, &mut seen, &mut errors) else {
                continue;
            };
            if !data.map.side(s).has(F::BORDER) {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "{field}: side {} is not a Wall side (add it to wall.sides)",
                        v.get_ref()
                    ),
                ));
                continue;
            }
            mark(data, s, flag);
        }
    }
    read_divided(src, &raw, data, &mut errors);
    // 2.1.7–2.1.9 routes; a route over water is a bridge (2.2.4).
    for (list, flag, field) in [
        (&raw.highway, F::HIGHWAY, "highway"),
        (&raw.road, F::ROAD, "road"),
        (&raw.rail, F::RAIL, "rail"),
    ] {
        for p in list {
            let Some(path) = de::path(src, &g, &p.path, field).keep(&mut errors) else {
                continue;
            };
            let spans: Vec<_> = de::words(src, &p.path).into_iter().map(|w| w.1).collect();
            for (i, &h) in path.iter().enumerate() {
                if no_dot(data, h) {
                    errors.push(src.err(
                        spans.get(i).cloned().unwrap_or(p.path.span()),
                        format!(
                            "{field} '{}': hex {} has no dot (a lake)",
                            p.name.get_ref(),
                            g.format(h)
                        ),
                    ));
                }
            }
            for w in path.windows(2) {
                let Some(s) = g.side_between(w[0], w[1]) else {
                    continue;
                };
                let f = data.map.side(s);
                if f.has(F::WATER | F::STREAM) && !f.has(F::FERRY) {
                    mark(data, s, F::BRIDGE);
                }
                mark(data, s, flag);
            }
        }
    }
    (raw.stand_in, errors)
}

fn mark(data: &mut GatesMap, s: Hexside, f: u16) {
    if let Some(x) = data.map.side_mut(s) {
        x.insert(f);
    }
}

/// A set of directions from `hex` toward the listed neighbours, as `Parts` masks.
fn mask(
    src: &Src,
    data: &GatesMap,
    hex: HexId,
    vs: &[Sp<String>],
    field: &str,
    errors: &mut Vec<DataError>,
) -> u8 {
    let g = data.map.geometry;
    let mut m = 0u8;
    for v in vs {
        let Some(n) = de::hex(src, &g, v, field).keep(errors) else {
            continue;
        };
        match g.direction_to(hex, n) {
            Some(d) => m |= 1 << d.index(),
            None => errors.push(src.err(
                v.span(),
                format!(
                    "{field}: hex {} is not next to {}",
                    v.get_ref(),
                    g.format(hex)
                ),
            )),
        }
    }
    m
}

/// 2.2.3 hexes a river crosses: divided into two parts (or with a gray part no unit enters);
/// 2.2.4 a bridge may join the parts (26.25).
fn read_divided(src: &Src, raw: &RawSides, data: &mut GatesMap, errors: &mut Vec<DataError>) {
    let g = data.map.geometry;
    for d in &raw.divided {
        let Some(h) = de::hex(src, &g, &d.hex, "divided hex").keep(errors) else {
            continue;
        };
        let Some(divider) = de::choice(
            src,
            &d.divider,
            "divider",
            &[
                ("river", Divider::River),
                ("ferry", Divider::Ferry),
                ("stream", Divider::Stream),
            ],
        )
        .keep(errors) else {
            continue;
        };
        let first = mask(src, data, h, &d.first, "first", errors);
        if first == 0 || first == 0b11_1111 {
            errors.push(src.err(
                d.hex.span(),
                "first: a divided hex's first part holds some of its sides, not none or all",
            ));
            continue;
        }
        for dir in Dir::ALL {
            if g.canonical_side(h, dir)
                .is_some_and(|s| data.map.side(s).has(F::WATER))
            {
                errors.push(src.err(d.hex.span(), format!("divided hex {}: the river runs inside it, so its own sides are not river sides", d.hex.get_ref())));
                break;
            }
        }
        if let Some(x) = data.map.idx(h).and_then(|i| data.relief.hexes.get_mut(i)) {
            x.parts = Parts {
                divider,
                first,
                gray: x.parts.gray,
                bridge: d.bridge,
            };
        }
    }
    for gr in &raw.gray {
        let Some(h) = de::hex(src, &g, &gr.hex, "gray hex").keep(errors) else {
            continue;
        };
        let gray = mask(src, data, h, &gr.toward, "toward", errors);
        if let Some(x) = data.map.idx(h).and_then(|i| data.relief.hexes.get_mut(i)) {
            x.parts.gray = gray;
        }
    }
}
