//! The Gates map picture (`docs/gates-map.png`), drawn by the shared map drawing: the series
//! terrain dots (1.2), rivers and canals, the Wall, ferries, routes and bridges, airfields;
//! then what only this game has: streams (2.2.2), slopes (2.2.1), the Wall's wire and access
//! points (2.2.6), divided and gray hexes (2.2.3, 2.2.4), the hexes barred to NATO (1.2, 3.5)
//! and the places the rules cite.

use super::{draw, rgb, terrain_color, Canvas, Label, Layout, Style};
use crate::gates::map::{NATO_BIT, TERRAIN};
use crate::gates::GatesMap;
use engine::berlin85::data::Region;
use engine::core::capacity::gates::{MapData, HEXES};
use engine::core::hex::{Dir, HexId};
use engine::core::map::{HexFeatures, Place, SideFeatures as F};
use engine::css::terrain::Divider;
use engine::css::terrain::Relief;
use tiny_skia::{Color, Pixmap};

/// The colour key of a Gates terrain key.
fn colour_key(key: &str) -> &str {
    match key {
        "water" => "lake",
        "woods" => "forest",
        "village" => "suburban",
        "town" => "built_up",
        "city" => "urban",
        other => other,
    }
}

/// Renders the map at `scale` pixels per hex radius with `labels` written on it.
pub fn render_gates(data: &GatesMap, scale: f32, labels: &[Label]) -> Pixmap {
    render_ground(&data.map, &data.relief, scale, labels)
}

/// Hexes a side of one map sheet in the numbering space (stand-in layout, `game.toml`: two
/// sheets across and two down, 40 x 40 hexes each).
pub const SHEET_HEXES: u8 = 40;

/// The sheet a hex lies on: (across, down) from the north-west sheet.
fn sheet_of(h: HexId) -> (u8, u8) {
    (
        h.col.saturating_sub(1) / SHEET_HEXES,
        h.row.saturating_sub(1) / SHEET_HEXES,
    )
}

/// Renders the ground of a Gates map and relief (the game's data, or the map files alone).
pub fn render_ground(
    map: &MapData,
    relief: &Relief<HEXES>,
    scale: f32,
    labels: &[Label],
) -> Pixmap {
    let detail = |hx: HexId| map.idx(hx).and_then(|i| relief.hexes.get(i)).copied();
    let fill = |hx: HexId| {
        let t = map.terrain(hx);
        let base = TERRAIN
            .iter()
            .find(|(_, id)| *id == t)
            .map_or(rgb(0xff00ff), |(key, _)| terrain_color(colour_key(key)));
        match detail(hx).map_or(0, |d| d.level) {
            0 => base,
            l => {
                let k = 1.0 - 0.12 * f32::from(l);
                Color::from_rgba(base.red() * k, base.green() * k, base.blue() * k, 1.0)
                    .unwrap_or(base)
            }
        }
    };
    let darken = |hx: HexId| map.region(hx) != Region::WestBerlin as u8;
    let outline = |_: &Place| false;
    let features = |cv: &mut Canvas, layout: &Layout| {
        let r = layout.radius;
        for hx in map.hexes() {
            for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
                let f = map.side_toward(hx, d);
                let (a, b) = layout.side(hx, d);
                if f.has(F::STREAM) {
                    cv.line(a, b, rgb(0x4aa3df), r * 0.12, None);
                }
                if f.has(F::SLOPE) {
                    cv.line(a, b, rgb(0xfafafa), r * 0.12, Some((r * 0.2, r * 0.12)));
                }
                if f.has(F::WALL_WIRE) {
                    cv.line(a, b, rgb(0x222222), r * 0.12, Some((r * 0.12, r * 0.12)));
                }
                if f.has(F::WALL_GAP) {
                    let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                    cv.circle(m, r * 0.3, rgb(0xffeb3b));
                }
            }
            let Some(det) = detail(hx) else { continue };
            let c = layout.center(hx);
            // Divided hexes: the river through the middle; gray parts shaded.
            if det.parts.divider != Divider::None {
                for d in Dir::ALL {
                    let n = Dir::from_index((d.index() + 1) % 6);
                    if det.parts.part_of(d) != det.parts.part_of(n) {
                        let (_, corner) = layout.side(hx, d);
                        cv.line(c, corner, rgb(0x2f7fc4), r * 0.2, None);
                    }
                }
                if det.parts.bridge {
                    cv.circle(c, r * 0.16, rgb(0x111111));
                }
            }
            for d in Dir::ALL {
                if det.parts.gray_toward(d) {
                    let (a, b) = layout.side(hx, d);
                    let p = |q: (f32, f32)| ((q.0 + c.0) / 2.0, (q.1 + c.1) / 2.0);
                    cv.line(p(a), p(b), rgb(0x777777), r * 0.4, None);
                }
            }
            // NATO's no-go area round a reinforcement hex (3.5), hatched outside East Germany.
            if det.barred & NATO_BIT != 0 && map.region(hx) != Region::EastGermany as u8 {
                cv.circle(c, r * 0.25, Color::from_rgba8(183, 28, 28, 160));
            }
            // The places the rules cite: a red ring (the picture's own symbols sit on top).
            let f = map.features(hx);
            if f.has(HexFeatures::OBJECTIVE | HexFeatures::REINFORCEMENT)
                || map
                    .places
                    .iter()
                    .any(|p| p.hexes.len() == 1 && p.hexes[0] == hx)
            {
                cv.circle(c, r * 0.55, rgb(0xb71c1c));
                cv.circle(c, r * 0.38, rgb(0xffffff));
            }
        }
    };
    // The sheets' edges (a dashed line where one sheet meets the next), drawn over the rest so
    // a player finds "the north-east sheet" on the table as on the printed maps.
    let mut extra = |cv: &mut Canvas, layout: &Layout| {
        features(cv, layout);
        let r = layout.radius;
        for hx in map.hexes() {
            for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
                let across = map
                    .geometry
                    .neighbour(hx, d)
                    .is_some_and(|n| sheet_of(n) != sheet_of(hx));
                if across {
                    let (a, b) = layout.side(hx, d);
                    cv.line(a, b, rgb(0x6a1b9a), r * 0.16, Some((r * 0.45, r * 0.25)));
                }
            }
        }
    };
    draw(
        map,
        &Style {
            scale,
            labels,
            fill: &fill,
            darken: &darken,
            outline: &outline,
        },
        &mut extra,
    )
}
