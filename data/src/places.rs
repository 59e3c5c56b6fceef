//! `places.toml`: the symbols printed in hexes (supply, barracks, objective, POL, towns) and
//! the named multi-hex places rules refer to (airfields with their control towers [13.22],
//! Potsdam [21.11], the rail line [20.22]), plus map labels for the picture.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use crate::hexsides::Line;
use engine::berlin85::data::Zone;
use engine::core::capacity::berlin85::MapData;
use engine::core::hex::HexId;
use engine::core::map::{HexFeatures, Place, PlaceKind, MAX_PLACE_HEXES};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlaces {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    supply: Vec<Sp<String>>,
    #[serde(default)]
    objective: Vec<Sp<String>>,
    #[serde(default)]
    pol: Vec<Sp<String>>,
    #[serde(default)]
    town: Vec<Sp<String>>,
    #[serde(default)]
    barracks: Vec<Sp<RawBarracks>>,
    #[serde(default)]
    airfield: Vec<Sp<RawAirfield>>,
    #[serde(default)]
    area: Vec<Sp<RawArea>>,
    #[serde(default)]
    label: Vec<Sp<RawLabel>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBarracks {
    hex: Sp<String>,
    zone: Sp<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAirfield {
    name: Sp<String>,
    kind: Sp<String>,
    hexes: Vec<Sp<String>>,
    #[serde(default)]
    control_towers: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArea {
    name: Sp<String>,
    #[serde(default)]
    hexes: Vec<Sp<String>>,
    /// The hexes of a `[[rail]]` line of hexsides.toml, by its name.
    rail: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLabel {
    text: Sp<String>,
    hex: Sp<String>,
}

/// A name drawn on the map picture (not used by the rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub text: String,
    pub hex: HexId,
}

/// Barracks zones as written, checked against regions.txt once both are read.
pub struct BarracksZone {
    pub hex: HexId,
    pub zone: Zone,
    pub span: std::ops::Range<usize>,
}

pub struct PlacesInfo {
    pub stand_in: bool,
    pub barracks: Vec<BarracksZone>,
}

/// Reads `places.toml` into the features and places of `map`. `rail` are the rail lines of
/// hexsides.toml, for areas given as `rail = "<name>"`.
pub fn read(src: &Src, map: &mut MapData, rail: &[Line]) -> (PlacesInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = PlacesInfo {
        stand_in: false,
        barracks: Vec::new(),
    };
    let raw: RawPlaces = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    info.stand_in = raw.stand_in;
    let g = map.geometry;
    map.places.clear();

    for (field, list, flag) in [
        ("supply", &raw.supply, HexFeatures::SUPPLY),
        ("objective", &raw.objective, HexFeatures::OBJECTIVE),
        ("pol", &raw.pol, HexFeatures::POL),
        ("town", &raw.town, HexFeatures::TOWN),
    ] {
        let mut seen: Vec<HexId> = Vec::new();
        for v in list.iter() {
            match de::hex(src, &g, v, field) {
                Ok(h) if seen.contains(&h) => {
                    errors.push(src.err(
                        v.span(),
                        format!("{field}: hex {} is listed twice", v.get_ref()),
                    ));
                }
                Ok(h) => {
                    seen.push(h);
                    set(map, h, flag);
                }
                Err(e) => errors.push(e),
            }
        }
    }

    for b in &raw.barracks {
        let r = b.get_ref();
        let hex = de::hex(src, &g, &r.hex, "barracks hex")
            .map_err(|e| errors.push(e))
            .ok();
        let zone = de::choice(src, &r.zone, "barracks zone", &crate::game::ZONES)
            .map_err(|e| errors.push(e))
            .ok();
        if let (Some(hex), Some(zone)) = (hex, zone) {
            set(map, hex, HexFeatures::BARRACKS);
            info.barracks.push(BarracksZone {
                hex,
                zone,
                span: r.zone.span(),
            });
        }
    }

    for a in &raw.airfield {
        let r = a.get_ref();
        let name = r.name.get_ref();
        let field = format!("airfield '{name}'");
        let Ok(kind) = de::choice(
            src,
            &r.kind,
            "kind",
            &[
                ("flughafen", PlaceKind::Flughafen),
                ("flugplatz", PlaceKind::Flugplatz),
            ],
        )
        .map_err(|e| errors.push(e)) else {
            continue;
        };
        let hexes = de::hexes(src, &g, &r.hexes, &format!("{field} hexes"), &mut errors);
        let towers = de::hexes(
            src,
            &g,
            &r.control_towers,
            &format!("{field} control_towers"),
            &mut errors,
        );
        if hexes.is_empty() {
            errors.push(src.err(r.name.span(), format!("{field}: needs at least one hex")));
            continue;
        }
        // [13.22]: Flughafen have control towers; the smaller Flugplatz cover 1 to 4 hexes.
        match kind {
            PlaceKind::Flughafen if r.control_towers.is_empty() => {
                errors.push(src.err(r.kind.span(), format!("{field}: a Flughafen has a control tower [13.22]; list it in control_towers")));
            }
            PlaceKind::Flugplatz if !r.control_towers.is_empty() => {
                errors.push(src.err(
                    r.kind.span(),
                    format!("{field}: only a Flughafen has control towers [13.22]"),
                ));
            }
            PlaceKind::Flugplatz if hexes.len() > 4 => {
                errors.push(src.err(
                    r.kind.span(),
                    format!(
                        "{field}: a Flugplatz covers 1 to 4 hexes [13.22], this one {}",
                        hexes.len()
                    ),
                ));
            }
            _ => {}
        }
        for (t, v) in towers.iter().zip(&r.control_towers) {
            if !hexes.iter().any(|h| g.adjacent(*h, *t)) && !hexes.contains(t) {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "{field}: control tower {} is not next to the airfield [13.23]",
                        v.get_ref()
                    ),
                ));
            }
        }
        for &h in &hexes {
            set(map, h, HexFeatures::AIRFIELD);
        }
        for &h in &towers {
            set(map, h, HexFeatures::CONTROL_TOWER);
        }
        push_place(
            src,
            map,
            &r.name,
            kind,
            &hexes,
            &towers,
            a.span(),
            &mut errors,
        );
    }

    for a in &raw.area {
        let r = a.get_ref();
        let field = format!("area '{}'", r.name.get_ref());
        let hexes = match (&r.rail, r.hexes.is_empty()) {
            (None, false) => de::hexes(src, &g, &r.hexes, &format!("{field} hexes"), &mut errors),
            (Some(name), true) => match rail.iter().find(|l| &l.name == name.get_ref()) {
                Some(l) => l.hexes.clone(),
                None => {
                    errors.push(src.err(
                        name.span(),
                        format!(
                            "{field}: no [[rail]] named '{}' in hexsides.toml",
                            name.get_ref()
                        ),
                    ));
                    continue;
                }
            },
            _ => {
                errors.push(src.err(
                    r.name.span(),
                    format!("{field}: give either 'hexes' or 'rail'"),
                ));
                continue;
            }
        };
        if r.name.get_ref() == "rail_line" {
            for &h in &hexes {
                set(map, h, HexFeatures::RAIL_LINE);
            }
        }
        push_place(
            src,
            map,
            &r.name,
            PlaceKind::Area,
            &hexes,
            &[],
            a.span(),
            &mut errors,
        );
    }

    // Labels are only drawn (see `read_labels`), but a bad hex is still an error.
    for l in &raw.label {
        let _ = de::hex(src, &g, &l.get_ref().hex, "label hex").keep(&mut errors);
    }
    (info, errors)
}

fn set(map: &mut MapData, h: HexId, flag: u32) {
    if let Some(f) = map.idx(h).and_then(|i| map.features.get_mut(i)) {
        f.insert(flag);
    }
}

#[allow(clippy::too_many_arguments)]
fn push_place(
    src: &Src,
    map: &mut MapData,
    name: &Sp<String>,
    kind: PlaceKind,
    hexes: &[HexId],
    towers: &[HexId],
    span: std::ops::Range<usize>,
    errors: &mut Vec<DataError>,
) {
    if map.places.iter().any(|p| p.name.as_str() == name.get_ref()) {
        errors.push(src.err(
            name.span(),
            format!("place name '{}' is used twice", name.get_ref()),
        ));
        return;
    }
    let Ok(fixed) = de::fixed::<32>(src, name, "name").map_err(|e| errors.push(e)) else {
        return;
    };
    let mut place = Place {
        name: fixed,
        kind,
        hexes: heapless::Vec::new(),
        towers: heapless::Vec::new(),
    };
    for &h in hexes {
        if place.hexes.contains(&h) {
            continue;
        }
        if place.hexes.push(h).is_err() {
            errors.push(src.err(
                name.span(),
                format!("'{}': more than {MAX_PLACE_HEXES} hexes", name.get_ref()),
            ));
            return;
        }
    }
    for &t in towers {
        if place.towers.push(t).is_err() {
            errors.push(src.err(
                name.span(),
                format!("'{}': more than 4 control towers", name.get_ref()),
            ));
            return;
        }
    }
    if let Err(e) = de::push(src, &mut map.places, place, span, "places") {
        errors.push(e);
    }
}

/// Only the map labels of `places.toml` (for the picture); problems are left to the loader.
pub fn read_labels(src: &Src, g: &engine::core::hex::Geometry) -> Vec<Label> {
    let Ok(raw) = de::parse::<RawPlaces>(src) else {
        return Vec::new();
    };
    raw.label
        .iter()
        .filter_map(|l| {
            let r = l.get_ref();
            let hex = de::hex(src, g, &r.hex, "label hex").ok()?;
            Some(Label {
                text: r.text.get_ref().clone(),
                hex,
            })
        })
        .collect()
}
