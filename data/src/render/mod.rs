//! The map picture: terrain, hexsides, symbols and hex numbers drawn from `GameData`, north
//! up and west left whatever way the hex numbers run. The UI pre-renders its map layer with
//! [`render_map`] and places counters with [`Layout`]; `render_map` (the binary) writes the
//! picture a person checks against Berlin (`docs/berlin85-map.png`).
//!
//! Geometry: flat-topped hexes of circumradius `scale` pixels in vertical columns; a shifted
//! column sits half a hex further toward higher row numbers (`core::hex`).

pub mod font;
pub mod fortress;
pub mod gates;

use crate::places::Label;
use engine::berlin85::data::{GameData, Region};
use engine::core::hex::{Dir, Edge, Geometry, HexId, ShiftedColumns};
use engine::core::map::{HexFeatures, MapData, Place, PlaceKind, SideFeatures};
use tiny_skia::{
    Color, FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, StrokeDash, Transform,
};

const SQRT3: f32 = 1.732_050_8;

/// Where each hex lies in the picture.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub geometry: Geometry,
    /// Hex circumradius in pixels (centre to corner; also the side length).
    pub radius: f32,
    pub margin: f32,
}

impl Layout {
    /// `scale` is the hex radius in pixels, clamped so the picture stays under ~64 megapixels.
    pub fn new(geometry: Geometry, scale: f32) -> Self {
        let mut radius = if scale.is_finite() {
            scale.clamp(2.0, 96.0)
        } else {
            16.0
        };
        let cols = f32::from(geometry.columns.max(1));
        let rows = f32::from(geometry.rows.max(1));
        while radius > 2.0 && (1.5 * cols + 1.0) * radius * (SQRT3 * (rows + 1.0)) * radius > 64.0e6
        {
            radius *= 0.8;
        }
        Layout {
            geometry,
            radius,
            margin: (radius * 0.5).max(4.0),
        }
    }

    /// Picture size in pixels.
    pub fn size(&self) -> (u32, u32) {
        let r = self.radius;
        let cols = f32::from(self.geometry.columns.max(1));
        let rows = f32::from(self.geometry.rows.max(1));
        let w = 2.0 * self.margin + 2.0 * r + (cols - 1.0) * 1.5 * r;
        let h = 2.0 * self.margin + SQRT3 * r * (rows + 0.5);
        (w.ceil() as u32, h.ceil() as u32)
    }

    fn drawn_x(&self, col: i32) -> f32 {
        let c = i32::from(self.geometry.columns);
        match self.geometry.first_column_at {
            Edge::East => (c - col) as f32,
            _ => (col - 1) as f32,
        }
    }

    /// Row position from the top, in hex heights, including the half-hex shift.
    fn drawn_y(&self, col: i32, row: i32) -> f32 {
        let rows = i32::from(self.geometry.rows);
        let shifted = match self.geometry.shifted {
            ShiftedColumns::Even => col.rem_euclid(2) == 0,
            ShiftedColumns::Odd => col.rem_euclid(2) == 1,
        };
        let rows_down = self.geometry.first_row_at == Edge::North;
        // Half a hex toward higher row numbers; the extra half row at the top of the picture
        // keeps shifted columns inside it when higher rows run upward.
        let (base, shift) = if rows_down {
            ((row - 1) as f32, 0.5)
        } else {
            ((rows - row) as f32 + 0.5, -0.5)
        };
        base + if shifted { shift } else { 0.0 }
    }

    /// Centre of a hex (also of hexes just off the map, for drawing sides on its edge).
    pub fn center_of(&self, col: i32, row: i32) -> (f32, f32) {
        let r = self.radius;
        (
            self.margin + r + self.drawn_x(col) * 1.5 * r,
            self.margin + SQRT3 * r * (self.drawn_y(col, row) + 0.5),
        )
    }

    pub fn center(&self, h: HexId) -> (f32, f32) {
        self.center_of(i32::from(h.col), i32::from(h.row))
    }

    /// The hex under a point of the picture (for touch input on a pre-rendered map).
    pub fn hex_at(&self, x: f32, y: f32) -> Option<HexId> {
        let g = self.geometry;
        let mut best: Option<(f32, HexId)> = None;
        for col in 1..=g.columns {
            let (cx, _) = self.center(HexId::new(col, 1));
            if (cx - x).abs() > 1.5 * self.radius {
                continue;
            }
            for row in 1..=g.rows {
                let h = HexId::new(col, row);
                let (hx, hy) = self.center(h);
                let d = (hx - x).powi(2) + (hy - y).powi(2);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, h));
                }
            }
        }
        best.filter(|(d, _)| *d <= self.radius * self.radius)
            .map(|(_, h)| h)
    }

    /// Centre of the neighbour of `h` in direction `d`, on or off the map.
    fn neighbour_center(&self, h: HexId, d: Dir) -> (f32, f32) {
        let (c, r) = (i32::from(h.col), i32::from(h.row));
        let shifted = match self.geometry.shifted {
            ShiftedColumns::Even => c.rem_euclid(2) == 0,
            ShiftedColumns::Odd => c.rem_euclid(2) == 1,
        };
        let up_row = if shifted { r + 1 } else { r };
        let (nc, nr) = match d {
            Dir::Up => (c, r + 1),
            Dir::Down => (c, r - 1),
            Dir::UpHigherCol => (c + 1, up_row),
            Dir::DownHigherCol => (c + 1, up_row - 1),
            Dir::DownLowerCol => (c - 1, up_row - 1),
            Dir::UpLowerCol => (c - 1, up_row),
        };
        self.center_of(nc, nr)
    }

    /// End points of the side of `h` toward `d`.
    pub fn side(&self, h: HexId, d: Dir) -> ((f32, f32), (f32, f32)) {
        let (ax, ay) = self.center(h);
        let (bx, by) = self.neighbour_center(h, d);
        let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt().max(1e-3);
        let (ux, uy) = (-(by - ay) / len, (bx - ax) / len);
        let half = self.radius / 2.0;
        (
            (mx + ux * half, my + uy * half),
            (mx - ux * half, my - uy * half),
        )
    }
}

fn rgb(hex: u32) -> Color {
    Color::from_rgba8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255)
}

fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

/// Colour of a terrain key; unknown keys get a stable colour of their own.
pub fn terrain_color(key: &str) -> Color {
    rgb(match key {
        "clear" => 0xe9ecc8,
        "urban" => 0xc8a7a0,
        "suburban" => 0xe8d3b4,
        "industrial" => 0xb5a8c4,
        "forest" => 0x6f9f5b,
        "rough" => 0xb89d6c,
        "park" => 0xa6d38b,
        "lake" => 0x8cc3e6,
        "airfield" => 0xd8d8d2,
        "marsh" => 0x9fc7b4,
        "built_up" => 0xd9bfae,
        "major_building" => 0x8d5b4c,
        _ => {
            let h = crate::source::fnv1a(crate::source::FNV_START, key.as_bytes());
            (h as u32 & 0x7f7f7f) | 0x404040
        }
    })
}

struct Canvas {
    pm: Pixmap,
}

impl Canvas {
    fn stroke(&mut self, pb: PathBuilder, color: Color, width: f32, dash: Option<(f32, f32)>) {
        let Some(path) = pb.finish() else { return };
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            dash: dash.and_then(|(a, b)| StrokeDash::new(vec![a, b], 0.0)),
            ..Stroke::default()
        };
        self.pm
            .stroke_path(&path, &paint(color), &stroke, Transform::identity(), None);
    }

    fn fill(&mut self, pb: PathBuilder, color: Color) {
        if let Some(path) = pb.finish() {
            self.pm.fill_path(
                &path,
                &paint(color),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }

    fn line(
        &mut self,
        a: (f32, f32),
        b: (f32, f32),
        color: Color,
        width: f32,
        dash: Option<(f32, f32)>,
    ) {
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        self.stroke(pb, color, width, dash);
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Color) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pm
                .fill_rect(r, &paint(color), Transform::identity(), None);
        }
    }

    fn circle(&mut self, c: (f32, f32), r: f32, color: Color) {
        if let Some(pb) = PathBuilder::from_circle(c.0, c.1, r).map(|p| {
            let mut b = PathBuilder::new();
            b.push_path(&p);
            b
        }) {
            self.fill(pb, color);
        }
    }

    /// Text in the 3x5 font, `px` pixels per font pixel, centred on `c`, with a light halo.
    fn text(&mut self, c: (f32, f32), text: &str, px: f32, color: Color, halo: Option<Color>) {
        let w = font::width(text) as f32 * px;
        let (x0, y0) = ((c.0 - w / 2.0).round(), (c.1 - 2.5 * px).round());
        if let Some(h) = halo {
            self.rect(x0 - px, y0 - px, w + 2.0 * px, 7.0 * px, h);
        }
        for (x, y) in font::pixels(text) {
            self.rect(x0 + x as f32 * px, y0 + y as f32 * px, px, px, color);
        }
    }
}

fn hexagon(c: (f32, f32), r: f32) -> PathBuilder {
    let mut pb = PathBuilder::new();
    for k in 0..6 {
        let a = std::f32::consts::PI / 3.0 * k as f32;
        let (x, y) = (c.0 + r * a.cos(), c.1 + r * a.sin());
        if k == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    pb
}

/// Renders the map at `scale` pixels per hex radius.
pub fn render_map(data: &GameData, scale: f32) -> Pixmap {
    render_map_with_labels(data, scale, &[])
}

/// Renders the map with names written on it (labels from `places.toml`, see [`crate::labels`]).
pub fn render_map_with_labels(data: &GameData, scale: f32, labels: &[Label]) -> Pixmap {
    let fill = |hx: HexId| {
        data.terrain(hx)
            .map_or(rgb(0xff00ff), |t| terrain_color(&t.key))
    };
    // East Berlin and East Germany a shade darker than West Berlin.
    let darken = |hx: HexId| data.map.region(hx) != Region::WestBerlin as u8;
    let outline = |p: &Place| p.kind == PlaceKind::Area && p.name.as_str() != "rail_line";
    draw(
        &data.map,
        &Style {
            scale,
            labels,
            fill: &fill,
            darken: &darken,
            outline: &outline,
        },
        &mut |_, _| {},
    )
}

/// What a game tells the game-neutral map drawing.
struct Style<'a> {
    scale: f32,
    labels: &'a [Label],
    /// Terrain colour of a hex.
    fill: &'a dyn Fn(HexId) -> Color,
    /// Hexes drawn a shade darker.
    darken: &'a dyn Fn(HexId) -> bool,
    /// Places outlined with a dashed line.
    outline: &'a dyn Fn(&Place) -> bool,
}

/// Draws any game's map: terrain, grid, water, lines, bridges, outlined places, symbols; then
/// `extra` (the game's own marks), hex numbers and labels.
fn draw<const H: usize, const P: usize>(
    map: &MapData<H, P>,
    style: &Style,
    extra: &mut dyn FnMut(&mut Canvas, &Layout),
) -> Pixmap {
    let (scale, labels) = (style.scale, style.labels);
    let layout = Layout::new(map.geometry, scale);
    let (w, h) = layout.size();
    let pm = Pixmap::new(w.max(1), h.max(1))
        .or_else(|| Pixmap::new(1, 1))
        .expect("a 1x1 pixmap always fits in memory");
    let mut cv = Canvas { pm };
    cv.pm.fill(rgb(0xf4f1e6));
    let r = layout.radius;
    let hexes: Vec<HexId> = map.hexes().collect();

    // Terrain, some hexes a shade darker.
    for &hx in &hexes {
        let c = layout.center(hx);
        cv.fill(hexagon(c, r + 0.5), (style.fill)(hx));
        if (style.darken)(hx) {
            cv.fill(hexagon(c, r + 0.5), Color::from_rgba8(60, 50, 40, 34));
        }
    }
    // Grid.
    let grid = Color::from_rgba8(90, 90, 80, 90);
    for &hx in &hexes {
        cv.stroke(
            hexagon(layout.center(hx), r),
            grid,
            (r / 24.0).max(0.6),
            None,
        );
    }
    // Water, ferries, canals, borders on the sides (each side drawn once, from its owner).
    let water = rgb(0x2f7fc4);
    for &hx in &hexes {
        for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
            let f = map.side_toward(hx, d);
            let (a, b) = layout.side(hx, d);
            let lake_only = f.has(SideFeatures::LAKE_SHORE) && !f.has(SideFeatures::WATER);
            if f.has(SideFeatures::WATER) && !lake_only {
                let width = if f.has(SideFeatures::CANAL) {
                    r * 0.16
                } else {
                    r * 0.24
                };
                cv.line(a, b, water, width, None);
            }
            if f.has(SideFeatures::BORDER) {
                cv.line(a, b, rgb(0x8b1a1a), r * 0.2, None);
            }
            if f.has(SideFeatures::FERRY) {
                let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                cv.circle((mx, my), r * 0.14, rgb(0xffffff));
                cv.circle((mx, my), r * 0.08, water);
            }
        }
    }
    // Line features, centre to centre: rail, U-Bahn, road, Autobahn; then bridges on top.
    // (feature, colour, width and dash in hex radii)
    type LineStyle = (u16, Color, f32, Option<(f32, f32)>);
    let lines: [LineStyle; 4] = [
        (SideFeatures::RAIL, rgb(0x222222), 0.10, None),
        (SideFeatures::UBAHN, rgb(0x1d4fa0), 0.12, Some((0.25, 0.18))),
        (SideFeatures::ROAD, rgb(0x7a4b1e), 0.12, None),
        (SideFeatures::AUTOBAHN, rgb(0xe08a00), 0.22, None),
    ];
    for (flag, color, width, dash) in lines {
        for &hx in &hexes {
            for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
                if !map.side_toward(hx, d).has(flag) {
                    continue;
                }
                let a = layout.center(hx);
                let b = layout.neighbour_center(hx, d);
                if flag == SideFeatures::AUTOBAHN {
                    cv.line(a, b, rgb(0x5a3a00), r * (width + 0.08), None);
                }
                cv.line(a, b, color, r * width, dash.map(|(x, y)| (x * r, y * r)));
                if flag == SideFeatures::RAIL {
                    // Sleepers, so rail reads differently from roads.
                    let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                    let (s0, s1) = layout.side(hx, d);
                    let (ux, uy) = ((s1.0 - s0.0) * 0.18, (s1.1 - s0.1) * 0.18);
                    for t in [-0.25f32, 0.0, 0.25] {
                        let (cx, cy) = (mx + (b.0 - a.0) * t, my + (b.1 - a.1) * t);
                        cv.line(
                            (cx - ux, cy - uy),
                            (cx + ux, cy + uy),
                            color,
                            r * 0.06,
                            None,
                        );
                    }
                }
            }
        }
    }
    for &hx in &hexes {
        for d in [Dir::Up, Dir::UpHigherCol, Dir::DownHigherCol] {
            let f = map.side_toward(hx, d);
            if f.has(SideFeatures::BRIDGE) {
                let (a, b) = layout.side(hx, d);
                let (ax, ay) = layout.center(hx);
                let (bx, by) = layout.neighbour_center(hx, d);
                let (dx, dy) = ((bx - ax) * 0.12, (by - ay) * 0.12);
                // Two parapets across the water line.
                let shrink = |s: (f32, f32), t: (f32, f32)| {
                    (s.0 + (t.0 - s.0) * 0.25, s.1 + (t.1 - s.1) * 0.25)
                };
                let (p, q) = (shrink(a, b), shrink(b, a));
                cv.line(
                    (p.0 - dx, p.1 - dy),
                    (q.0 - dx, q.1 - dy),
                    rgb(0x111111),
                    r * 0.07,
                    None,
                );
                cv.line(
                    (p.0 + dx, p.1 + dy),
                    (q.0 + dx, q.1 + dy),
                    rgb(0x111111),
                    r * 0.07,
                    None,
                );
            }
        }
    }
    // Areas (Potsdam …): a dashed outline along the area's outer sides.
    for p in map.places.iter().filter(|p| (style.outline)(p)) {
        for &hx in &p.hexes {
            for d in Dir::ALL {
                let outside = map
                    .geometry
                    .neighbour(hx, d)
                    .is_none_or(|n| !p.hexes.contains(&n));
                if outside {
                    let (a, b) = layout.side(hx, d);
                    cv.line(a, b, rgb(0x6a1b9a), r * 0.1, Some((r * 0.2, r * 0.15)));
                }
            }
        }
    }
    // Symbols.
    for &hx in &hexes {
        let f = map.features(hx);
        let c = layout.center(hx);
        symbols(&mut cv, c, r, f);
    }
    extra(&mut cv, &layout);
    // Hex numbers along the top of each hex, as printed.
    let px = (r / 12.0).clamp(1.0, 4.0).floor();
    for &hx in &hexes {
        let (x, y) = layout.center(hx);
        let label = map.geometry.format(hx);
        cv.text(
            (x, y - r * 0.62),
            &label,
            px,
            Color::from_rgba8(40, 40, 40, 200),
            None,
        );
    }
    for l in labels {
        let (x, y) = layout.center(l.hex);
        cv.text(
            (x, y + r * 0.55),
            &l.text,
            px.max(1.0) + 1.0,
            rgb(0x111111),
            Some(Color::from_rgba8(255, 255, 255, 190)),
        );
    }
    cv.pm
}

/// Draws the symbols printed in a hex.
fn symbols(cv: &mut Canvas, c: (f32, f32), r: f32, f: HexFeatures) {
    let (x, y) = c;
    if f.has(HexFeatures::AIRFIELD) {
        // An aircraft seen from above.
        let s = r * 0.42;
        let dark = rgb(0x333333);
        cv.line((x, y - s), (x, y + s), dark, r * 0.12, None);
        cv.line(
            (x - s, y - s * 0.1),
            (x + s, y - s * 0.1),
            dark,
            r * 0.12,
            None,
        );
        cv.line(
            (x - s * 0.45, y + s * 0.8),
            (x + s * 0.45, y + s * 0.8),
            dark,
            r * 0.09,
            None,
        );
    }
    if f.has(HexFeatures::CONTROL_TOWER) {
        // A tower: a shaft under a wide cab.
        let s = r * 0.18;
        cv.rect(x - s * 0.4, y - s * 0.6, s * 0.8, s * 2.4, rgb(0x222222));
        cv.rect(x - s * 1.2, y - s * 1.6, s * 2.4, s, rgb(0x222222));
        cv.rect(x - s * 0.9, y - s * 1.4, s * 1.8, s * 0.5, rgb(0x9fd3ff));
    }
    if f.has(HexFeatures::BARRACKS) {
        // A house with a flag.
        let s = r * 0.22;
        let (bx, by) = (x - r * 0.32, y + r * 0.05);
        let mut pb = PathBuilder::new();
        pb.move_to(bx - s, by);
        pb.line_to(bx, by - s);
        pb.line_to(bx + s, by);
        pb.close();
        cv.fill(pb, rgb(0x1b5e20));
        cv.rect(bx - s * 0.75, by, s * 1.5, s * 0.9, rgb(0x1b5e20));
    }
    if f.has(HexFeatures::SUPPLY) {
        cv.circle((x + r * 0.32, y + r * 0.05), r * 0.2, rgb(0xffffff));
        cv.circle((x + r * 0.32, y + r * 0.05), r * 0.13, rgb(0x2e7d32));
    }
    if f.has(HexFeatures::OBJECTIVE) {
        star(cv, (x, y + r * 0.38), r * 0.24, rgb(0xc62828));
    }
    if f.has(HexFeatures::FLAK_TOWER) {
        // A massive square tower with its four gun platforms (Fortress Berlin 10.1.4).
        let s = r * 0.34;
        cv.rect(x - s, y - s, 2.0 * s, 2.0 * s, rgb(0x2b2b2b));
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            cv.circle((x + dx * s, y + dy * s), r * 0.12, rgb(0x2b2b2b));
        }
    }
    if f.has(HexFeatures::STRONGPOINT) {
        // A ring of fortification (10.1.3).
        cv.circle((x, y + r * 0.15), r * 0.3, rgb(0x5d1f1f));
        cv.circle((x, y + r * 0.15), r * 0.18, rgb(0xf0e0d0));
    }
    if f.has(HexFeatures::BUNKER) {
        // A half-buried block (10.1.2).
        cv.rect(x - r * 0.3, y + r * 0.02, r * 0.6, r * 0.3, rgb(0x3a3a3a));
    }
    if f.has(HexFeatures::STATION) {
        // The blue U of the U-Bahn stations (17.1.1).
        let (sx, sy) = (x + r * 0.45, y - r * 0.2);
        cv.circle((sx, sy), r * 0.2, rgb(0xffffff));
        cv.circle((sx, sy), r * 0.16, rgb(0x1d4fa0));
        let px = (r * 0.05).max(1.0).floor();
        cv.text((sx, sy), "U", px, rgb(0xffffff), None);
    }
    if f.has(HexFeatures::POL) {
        // A drop of fuel.
        let (px, py, s) = (x + r * 0.34, y + r * 0.4, r * 0.17);
        let mut pb = PathBuilder::new();
        pb.move_to(px, py - s * 1.4);
        pb.quad_to(px + s * 1.2, py, px, py + s);
        pb.quad_to(px - s * 1.2, py, px, py - s * 1.4);
        pb.close();
        cv.fill(pb, rgb(0x111111));
    }
}

fn star(cv: &mut Canvas, c: (f32, f32), r: f32, color: Color) {
    let mut pb = PathBuilder::new();
    for k in 0..10 {
        let rr = if k % 2 == 0 { r } else { r * 0.45 };
        let a = std::f32::consts::PI / 5.0 * k as f32 - std::f32::consts::FRAC_PI_2;
        let (px, py) = (c.0 + rr * a.cos(), c.1 + rr * a.sin());
        if k == 0 {
            pb.move_to(px, py);
        } else {
            pb.line_to(px, py);
        }
    }
    pb.close();
    cv.fill(pb, color);
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::hex::HexFormat;

    fn berlin() -> Geometry {
        Geometry {
            columns: 39,
            rows: 50,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        }
    }

    #[test]
    fn north_is_up_and_west_is_left() {
        let l = Layout::new(berlin(), 10.0);
        let (x1, y1) = l.center(HexId::new(1, 1));
        let (x39, y50) = (l.center(HexId::new(39, 1)).0, l.center(HexId::new(1, 50)).1);
        assert!(x39 < x1, "column 39 is west (left)");
        assert!(y50 < y1, "row 50 is north (up)");
        // Even columns sit half a hex toward higher rows (north): 0210 is above 0110.
        assert!(l.center(HexId::new(2, 10)).1 < l.center(HexId::new(1, 10)).1);
    }

    #[test]
    fn neighbours_are_one_hex_apart_and_hit_testing_finds_centres() {
        let g = berlin();
        let l = Layout::new(g, 10.0);
        for h in [HexId::new(2, 10), HexId::new(3, 10), HexId::new(20, 25)] {
            for (_, n) in g.neighbours(h) {
                let (a, b) = (l.center(h), l.center(n));
                let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
                assert!((d - SQRT3 * 10.0).abs() < 0.01, "{h:?}->{n:?}: {d}");
            }
            let (x, y) = l.center(h);
            assert_eq!(l.hex_at(x + 2.0, y - 3.0), Some(h));
        }
        let (w, h) = l.size();
        for hx in (1..=39).flat_map(|c| (1..=50).map(move |r| HexId::new(c, r))) {
            let (x, y) = l.center(hx);
            assert!(
                x - 10.0 >= 0.0 && x + 10.0 <= w as f32 && y - 8.7 >= 0.0 && y + 8.7 <= h as f32,
                "{hx:?}"
            );
        }
    }
}
