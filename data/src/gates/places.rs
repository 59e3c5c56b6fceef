//! `places.toml`: ground levels (series S8.3), the places the exclusive rules cite (2.4, 2.5,
//! 3.4.1, 3.5, 8.3) and the airfields (3.11.4, 6.0), and the names written on the picture.

use super::map::NATO_BIT;
use super::GatesMap;
use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use crate::places::Label;
use engine::core::map::{HexFeatures, Place, PlaceKind, MAX_PLACE_HEXES};
use engine::core::region::Region;
use engine::css::terrain::dots;
use serde::Deserialize;
use std::collections::BTreeSet;

/// Place kinds: the engine's kind and the hex feature the place's hexes get. Police
/// headquarters, the Water Police, Teufelsberg, NATO positions, landmarks and the Customs
/// Police are the map symbols of 2.5 that are victory hexes (10.2).
pub const KINDS: [(&str, PlaceKind, u32); 10] = [
    ("airfield", PlaceKind::Flugplatz, HexFeatures::AIRFIELD),
    (
        "customs_police",
        PlaceKind::Area,
        HexFeatures::CUSTOMS_POST | HexFeatures::OBJECTIVE,
    ),
    ("reinforcement", PlaceKind::Area, HexFeatures::REINFORCEMENT),
    ("police_hq", PlaceKind::Area, HexFeatures::OBJECTIVE),
    ("water_police_hq", PlaceKind::Area, HexFeatures::OBJECTIVE),
    ("teufelsberg", PlaceKind::Area, HexFeatures::OBJECTIVE),
    ("nato_position", PlaceKind::Area, HexFeatures::OBJECTIVE),
    ("landmark", PlaceKind::Area, HexFeatures::OBJECTIVE),
    ("prison", PlaceKind::Area, 0),
    ("spotter_base", PlaceKind::Area, 0),
];

/// NATO may not come within this many hexes of a reinforcement hex (3.5).
pub const NO_GO: u16 = 3;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlaces {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    level: Vec<RawLevel>,
    #[serde(default)]
    place: Vec<RawPlace>,
    #[serde(default)]
    label: Vec<RawLabel>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    level: Sp<i64>,
    hexes: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlace {
    name: Sp<String>,
    kind: Sp<String>,
    hexes: Vec<Sp<String>>,
    #[serde(default)]
    case: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLabel {
    text: Sp<String>,
    hex: Sp<String>,
}

/// Reads `places.toml`; returns whether it is marked a stand-in.
pub fn read(src: &Src, data: &mut GatesMap) -> (bool, Vec<DataError>) {
    let mut errors = Vec::new();
    let raw: RawPlaces = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (false, vec![e]),
    };
    let g = data.map.geometry;
    let mut levelled = BTreeSet::new();
    for l in &raw.level {
        let Some(lv) = de::in_range(src, &l.level, "level", 0, 15).keep(&mut errors) else {
            continue;
        };
        for (h, v) in de::hexes(src, &g, &l.hexes, "hexes", &mut errors)
            .into_iter()
            .zip(&l.hexes)
        {
            if !levelled.insert(h) {
                errors.push(src.err(
                    v.span(),
                    format!("hexes: hex {} is given a level twice", v.get_ref()),
                ));
                continue;
            }
            if let Some(x) = data.map.idx(h).and_then(|i| data.relief.hexes.get_mut(i)) {
                x.level = lv as u8;
            }
        }
    }
    let mut names = BTreeSet::new();
    for p in &raw.place {
        let Some((kind, feature)) =
            de::choice(src, &p.kind, "kind", &KINDS.map(|(k, pk, f)| (k, (pk, f))))
                .keep(&mut errors)
        else {
            continue;
        };
        if !names.insert(p.name.get_ref().clone()) {
            errors.push(src.err(
                p.name.span(),
                format!("name: '{}' is named twice", p.name.get_ref()),
            ));
            continue;
        }
        if let Some(c) = &p.case {
            de::rule_case(src, c, "2.2.4").keep(&mut errors);
        }
        let Some(name) = de::fixed::<32>(src, &p.name, "name").keep(&mut errors) else {
            continue;
        };
        let mut place = Place {
            name,
            kind,
            hexes: heapless::Vec::new(),
            towers: heapless::Vec::new(),
        };
        for (h, v) in de::hexes(src, &g, &p.hexes, "hexes", &mut errors)
            .into_iter()
            .zip(&p.hexes)
        {
            if data.map.terrain(h) == dots::NONE {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "hexes: hex {} of '{}' has no dot (a lake)",
                        v.get_ref(),
                        p.name.get_ref()
                    ),
                ));
                continue;
            }
            if kind == PlaceKind::Flugplatz && data.map.terrain(h) != dots::CLEAR {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "hexes: airfield hex {} is not clear terrain in map.txt",
                        v.get_ref()
                    ),
                ));
            }
            if place.hexes.push(h).is_err() {
                errors.push(src.err(
                    p.name.span(),
                    format!("hexes: a place holds at most {MAX_PLACE_HEXES} hexes"),
                ));
                break;
            }
            if let Some(x) = data.map.idx(h).and_then(|i| data.map.features.get_mut(i)) {
                x.insert(feature);
            }
            if feature & HexFeatures::CUSTOMS_POST != 0 {
                customs(data, h);
            }
            if feature & HexFeatures::REINFORCEMENT != 0 {
                no_go(data, h);
            }
        }
        de::push(src, &mut data.map.places, place, p.name.span(), "places").keep(&mut errors);
    }
    for l in &raw.label {
        if l.text.get_ref().is_empty() || l.text.get_ref().len() > 24 {
            errors.push(src.err(l.text.span(), "label text: 1 to 24 bytes"));
        }
        if let Some(hex) = de::hex(src, &g, &l.hex, "label hex").keep(&mut errors) {
            data.labels.push(Label {
                text: l.text.get_ref().clone(),
                hex,
            });
        }
    }
    (raw.stand_in, errors)
}

/// 2.2.6, TEC: a Customs Police post surcharges its hex and the West Berlin hexes around it.
fn customs(data: &mut GatesMap, h: engine::core::hex::HexId) {
    let g = data.map.geometry;
    let around: Vec<_> = std::iter::once(h)
        .chain(
            g.neighbours(h)
                .map(|(_, n)| n)
                .filter(|&n| data.map.region(n) == Region::WestBerlin as u8),
        )
        .collect();
    for n in around {
        if let Some(x) = data.map.idx(n).and_then(|i| data.relief.hexes.get_mut(i)) {
            x.customs = true;
        }
    }
}

/// 3.5: NATO may not come within three hexes of a reinforcement hex (the shaded no-go area).
fn no_go(data: &mut GatesMap, h: engine::core::hex::HexId) {
    let g = data.map.geometry;
    for i in 0..g.hex_count() {
        let Some(n) = g.hex_at(i) else { continue };
        if g.distance(h, n) <= NO_GO {
            if let Some(x) = data.map.idx(n).and_then(|i| data.relief.hexes.get_mut(i)) {
                x.barred |= NATO_BIT;
            }
        }
    }
}
