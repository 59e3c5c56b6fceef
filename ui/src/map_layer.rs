//! The map's pixels: where each hex is drawn, and the pre-rendered terrain layer cut into tiles
//! the GPU can take (the Pi's VC4 has a 2048 px texture limit).
//!
//! Only drawing lives here: hex centres and the hex under a tap. What a hex *means* for play is
//! the engine's business.

use engine::core::hex::{Geometry, HexId};
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};

/// Side of a square terrain tile, in pixels.
pub const TILE: u32 = 512;

/// Where the hexes of a map lie in the map image: the same layout the data crate's renderer
/// draws the terrain layer with (flat-topped hexes in vertical columns, north up).
#[derive(Clone, Copy, Debug)]
pub struct MapLayout {
    inner: data::render::Layout,
    /// Hex radius (centre to corner) in image pixels.
    pub radius: f32,
}

impl MapLayout {
    pub fn new(geometry: Geometry, radius: f32) -> Self {
        let inner = data::render::Layout::new(geometry, radius);
        MapLayout {
            inner,
            radius: inner.radius,
        }
    }

    /// Centre of a hex in image pixels.
    pub fn center(&self, h: HexId) -> (f32, f32) {
        self.inner.center(h)
    }

    /// Size of the whole map image.
    pub fn size(&self) -> (f32, f32) {
        let (w, h) = self.inner.size();
        (w as f32, h as f32)
    }

    /// The hex under an image point, if any.
    pub fn hex_at(&self, x: f32, y: f32) -> Option<HexId> {
        self.inner.hex_at(x, y)
    }

    /// Draws the terrain layer (terrain, hexsides, symbols, hex numbers) for this layout.
    pub fn render(&self, game: &engine::berlin85::GameData) -> tiny_skia::Pixmap {
        data::render::render_map(game, self.radius)
    }
}

/// One tile of the terrain layer.
#[derive(Clone)]
pub struct Tile {
    pub image: Image,
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// Cuts an opaque pixmap into RGB8 tiles (premultiplied alpha is ignored: the map is opaque).
pub fn tiles(pixmap: &tiny_skia::Pixmap) -> Vec<Tile> {
    let (w, h) = (pixmap.width(), pixmap.height());
    let data = pixmap.data();
    let mut out = Vec::new();
    let mut ty = 0;
    while ty < h {
        let th = TILE.min(h - ty);
        let mut tx = 0;
        while tx < w {
            let tw = TILE.min(w - tx);
            let mut buf = SharedPixelBuffer::<Rgb8Pixel>::new(tw, th);
            let dst = buf.make_mut_slice();
            for row in 0..th {
                let src_start = (((ty + row) * w + tx) * 4) as usize;
                let src = &data[src_start..src_start + (tw * 4) as usize];
                let line = &mut dst[(row * tw) as usize..((row + 1) * tw) as usize];
                for (d, s) in line.iter_mut().zip(src.chunks_exact(4)) {
                    *d = Rgb8Pixel {
                        r: s[0],
                        g: s[1],
                        b: s[2],
                    };
                }
            }
            out.push(Tile {
                image: Image::from_rgb8(buf),
                x: tx,
                y: ty,
                w: tw,
                h: th,
            });
            tx += tw;
        }
        ty += th;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::core::hex::{Edge, HexFormat, ShiftedColumns};

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
    fn every_centre_maps_back_to_its_hex_and_lies_in_the_image() {
        let l = MapLayout::new(berlin(), 20.0);
        let (w, h) = l.size();
        for c in 1..=39 {
            for r in 1..=50 {
                let hex = HexId::new(c, r);
                let (x, y) = l.center(hex);
                assert!(x - 20.0 >= -0.01 && x + 20.0 <= w + 0.01, "{hex:?} x {x}");
                assert_eq!(l.radius, 20.0);
                assert!(y >= 0.0 && y <= h, "{hex:?} y {y}");
                assert_eq!(l.hex_at(x + 3.0, y - 4.0), Some(hex));
            }
        }
    }

    #[test]
    fn orientation_follows_the_numbering() {
        let l = MapLayout::new(berlin(), 20.0);
        // Column 01 is at the east edge, row 01 at the south edge.
        let (x1, y1) = l.center(HexId::new(1, 1));
        let (x39, _) = l.center(HexId::new(39, 1));
        let (_, y50) = l.center(HexId::new(1, 50));
        assert!(x1 > x39);
        assert!(y1 > y50);
        // Shifted (even) columns sit half a hex toward higher rows: further north.
        let (_, y2) = l.center(HexId::new(2, 1));
        assert!(y2 < y1);
    }

    #[test]
    fn tiles_cover_the_image() {
        let p = tiny_skia::Pixmap::new(1100, 600).unwrap();
        let t = tiles(&p);
        assert_eq!(t.len(), 3 * 2);
        assert_eq!(
            t.iter()
                .map(|t| u64::from(t.w) * u64::from(t.h))
                .sum::<u64>(),
            1100 * 600
        );
    }
}
