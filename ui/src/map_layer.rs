//! The map's pixels: where each hex is drawn, and the pre-rendered terrain layer cut into tiles
//! the GPU can take (the Pi's VC4 has a 2048 px texture limit), drawn on a worker thread so the
//! start screen shows at once ([`TerrainLayer`]).
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

    /// The middle of hexside `d` of `h` in image pixels (where a facing is shown).
    pub fn side_middle(&self, h: HexId, d: engine::core::hex::Dir) -> (f32, f32) {
        let ((ax, ay), (bx, by)) = self.inner.side(h, d);
        ((ax + bx) / 2.0, (ay + by) / 2.0)
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

/// The pixels of a tile, before they become an [`Image`] (which stays on the UI thread).
struct TilePixels {
    pixels: SharedPixelBuffer<Rgb8Pixel>,
    x: u32,
    y: u32,
}

impl TilePixels {
    fn into_tile(self) -> Tile {
        let (w, h) = (self.pixels.width(), self.pixels.height());
        Tile {
            image: Image::from_rgb8(self.pixels),
            x: self.x,
            y: self.y,
            w,
            h,
        }
    }
}

/// The terrain layer, drawn on a worker thread from the moment the window is built: drawing
/// the whole map takes about 0.3 s on the CI machine, and the start screen, which does not show
/// the map, need not wait for it. The tiles are installed when a game is on ([`Self::install`]),
/// waiting for the worker only if it has not finished by then.
pub struct TerrainLayer {
    state: TerrainState,
}

enum TerrainState {
    Drawing(std::thread::JoinHandle<Vec<TilePixels>>),
    /// Drawn here, on this thread (no worker could be started).
    Ready(Vec<TilePixels>),
    /// The tiles as images, kept to put back when this map is shown again.
    Installed(Vec<crate::MapTile>),
}

impl TerrainLayer {
    /// Starts drawing the terrain layer of `game` in `layout`.
    pub fn start(layout: MapLayout, game: &'static engine::berlin85::GameData) -> Self {
        Self::start_drawing(move || layout.render(game))
    }

    /// Starts drawing a terrain layer with `render` (any game's map renderer; a renderer is
    /// cheap to copy: a layout and a `'static` reference to the data).
    pub fn start_drawing(render: impl Fn() -> tiny_skia::Pixmap + Copy + Send + 'static) -> Self {
        let draw = move || {
            let started = std::time::Instant::now();
            let pixmap = render();
            let tiles = tile_pixels(&pixmap);
            log::info!(
                "map layer {}x{} rendered in {:?}",
                pixmap.width(),
                pixmap.height(),
                started.elapsed()
            );
            tiles
        };
        let state = match std::thread::Builder::new()
            .name("map layer".into())
            .spawn(draw)
        {
            Ok(job) => TerrainState::Drawing(job),
            Err(e) => {
                log::warn!("no worker thread for the map layer ({e}); drawing it now");
                TerrainState::Ready(draw())
            }
        };
        TerrainLayer { state }
    }

    /// Puts the tiles into `model` (waiting for the worker the first time if need be); does
    /// nothing while `model` already holds them.
    pub fn install(&mut self, model: &slint::VecModel<crate::MapTile>) {
        use slint::Model;
        let pixels = match std::mem::replace(&mut self.state, TerrainState::Installed(Vec::new())) {
            TerrainState::Drawing(job) => job.join().unwrap_or_else(|_| {
                log::error!("drawing the map layer failed; the map shows no terrain");
                Vec::new()
            }),
            TerrainState::Ready(p) => p,
            TerrainState::Installed(tiles) => {
                // Another game's map may have been shown since.
                let shown = model.row_count() == tiles.len()
                    && tiles
                        .first()
                        .zip(model.row_data(0))
                        .is_none_or(|(a, b)| a.image == b.image);
                if !shown {
                    model.set_vec(tiles.clone());
                }
                self.state = TerrainState::Installed(tiles);
                return;
            }
        };
        let tiles: Vec<crate::MapTile> = pixels
            .into_iter()
            .map(|p| {
                let t = p.into_tile();
                crate::MapTile {
                    image: t.image,
                    x: t.x as f32,
                    y: t.y as f32,
                    w: t.w as f32,
                    h: t.h as f32,
                }
            })
            .collect();
        model.set_vec(tiles.clone());
        self.state = TerrainState::Installed(tiles);
    }
}

/// Cuts an opaque pixmap into RGB8 tiles (premultiplied alpha is ignored: the map is opaque).
pub fn tiles(pixmap: &tiny_skia::Pixmap) -> Vec<Tile> {
    tile_pixels(pixmap)
        .into_iter()
        .map(TilePixels::into_tile)
        .collect()
}

fn tile_pixels(pixmap: &tiny_skia::Pixmap) -> Vec<TilePixels> {
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
            out.push(TilePixels {
                pixels: buf,
                x: tx,
                y: ty,
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
    fn terrain_layer_is_installed_once_and_covers_the_map() {
        let data = crate::builtin_data().expect("built-in data");
        // The table's own scale: much smaller hexes draw hairlines tiny-skia's debug build
        // asserts on.
        let layout = MapLayout::new(data.map.geometry, crate::table::MAP_RADIUS);
        let mut layer = TerrainLayer::start(layout, data);
        let model = slint::VecModel::<crate::MapTile>::default();
        layer.install(&model);
        let area: f32 = slint::Model::iter(&model).map(|t| t.w * t.h).sum();
        let (w, h) = layout.size();
        assert_eq!(area, w * h);
        // A second call (every refresh makes one) leaves the model's tiles as they are.
        let first = slint::Model::row_data(&model, 0).expect("a tile");
        layer.install(&model);
        assert_eq!(
            slint::Model::row_data(&model, 0).map(|t| t.image),
            Some(first.image.clone())
        );
        // After another game's map was shown, this map's tiles are put back.
        model.set_vec(vec![crate::MapTile::default()]);
        layer.install(&model);
        let back: f32 = slint::Model::iter(&model).map(|t| t.w * t.h).sum();
        assert_eq!(back, w * h, "the map's tiles are put back");
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
