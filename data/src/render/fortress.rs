//! Fortress Berlin's map picture (`docs/fortress-berlin-map.png`), drawn by the same code as
//! Berlin '85's: terrain (2.1.1), rivers and canals, bridges, roads, railroads and the U-Bahn,
//! fortifications and stations; then what only this game has: the Berlin strongpoint
//! perimeter (13.3, hexes outside it a shade darker), perimeter barriers (10.1.1) and the
//! lettered entry areas (5.0).

use super::{draw, rgb, terrain_color, Canvas, Label, Layout, Style};
use crate::fortress::map::TERRAIN;
use engine::core::hex::{Dir, HexId};
use engine::core::map::Place;
use engine::fortress::data::GameData;
use tiny_skia::{Color, Pixmap};

/// Renders the map at `scale` pixels per hex radius with `labels` written on it.
pub fn render_fortress(data: &GameData, scale: f32, labels: &[Label]) -> Pixmap {
    let map = &data.map;
    let fill = |hx: HexId| {
        let t = map.terrain(hx);
        TERRAIN
            .iter()
            .find(|(_, id)| *id == t)
            .map_or(rgb(0xff00ff), |(key, _)| terrain_color(key))
    };
    let darken = |hx: HexId| !data.on_or_within_perimeter(hx);
    let outline = |_: &Place| false;
    let mut extra = |cv: &mut Canvas, layout: &Layout| {
        let r = layout.radius;
        // The perimeter: a dashed line round the hexes on or within it.
        for &hx in &data.within_perimeter {
            for d in Dir::ALL {
                let out = map
                    .geometry
                    .neighbour(hx, d)
                    .is_none_or(|n| !data.on_or_within_perimeter(n));
                if out {
                    let (a, b) = layout.side(hx, d);
                    cv.line(a, b, rgb(0xb71c1c), r * 0.14, Some((r * 0.3, r * 0.15)));
                }
            }
        }
        // Perimeter barriers: wire along the side, drawn just inside it.
        for s in &data.barriers {
            let (a, b) = layout.side(s.hex, Dir::from_index(s.dir as usize));
            let (cx, cy) = layout.center(s.hex);
            let pull = |p: (f32, f32)| (p.0 + (cx - p.0) * 0.12, p.1 + (cy - p.1) * 0.12);
            cv.line(
                pull(a),
                pull(b),
                rgb(0x111111),
                r * 0.06,
                Some((r * 0.08, r * 0.08)),
            );
        }
        // Entry areas: the letter in its edge hex.
        let px = (r / 6.0).clamp(1.0, 8.0).floor();
        for e in &data.entry_areas {
            let letter = [e.letter];
            let text = std::str::from_utf8(&letter).unwrap_or("?");
            cv.text(
                layout.center(e.hex),
                text,
                px,
                rgb(0xffffff),
                Some(Color::from_rgba8(183, 28, 28, 230)),
            );
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
