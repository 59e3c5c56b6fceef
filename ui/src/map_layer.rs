//! The map's pixels: where each hex is drawn, and the pre-rendered terrain layer cut into tiles
//! the GPU can take (the Pi's VC4 has a 2048 px texture limit), drawn on a worker thread so the
//! start screen shows at once ([`TerrainLayer`]).
//!
//! Only drawing lives here: hex centres and the hex under a tap. What a hex *means* for play is
//! the engine's business.

use engine::core::hex::{Geometry, HexId};
use slint::{Image, Rgb8Pixel, SharedPixelBuffer};

/// Side of a square terrain tile, in pixels: tiles start every `TILE` pixels.
pub const TILE: u32 = 512;
/// Pixels each tile also holds of its right and lower neighbours, drawn under them. Slint's
/// software renderer, scaling a tile by a fractional zoom, leaves out its last few source
/// columns and rows: without the overlap a hex number on a tile's edge lost a stroke (seen at
/// the Gates' opening zoom, 1.87). The next tile, drawn later, covers the overlap.
pub const TILE_OVERLAP: u32 = 8;

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

/// The whole map shrunk by this factor: what the map shows instead of its tiles when zoomed
/// out so far that a screen pixel covers more than [`OVERVIEW_BELOW`] of a map pixel's width.
/// Scaling dozens of full-size tiles down each frame is what made zooming out on the Gates'
/// four sheets slow (13 ms at p95 for a budget of 8); one small picture is a single blit.
pub const OVERVIEW_SHRINK: u32 = 3;
/// The zoom under which the overview stands in for the tiles: there it is shown at most
/// 1.2 times its own size, too little to blur.
pub const OVERVIEW_BELOW: f32 = 1.2 / OVERVIEW_SHRINK as f32;

/// What the worker draws: the tiles and the overview.
struct Drawn {
    tiles: Vec<TilePixels>,
    overview: SharedPixelBuffer<Rgb8Pixel>,
}

/// The terrain layer as the map view shows it: the tiles, and the overview (the whole map at
/// 1/[`OVERVIEW_SHRINK`] of its size).
#[derive(Clone)]
pub struct Installed {
    tiles: Vec<crate::MapTile>,
    pub overview: Image,
}

impl Installed {
    /// Puts the overview on the map view, to stand in for the tiles when zoomed out.
    pub fn show_overview(&self, v: &crate::View<'_>) {
        v.set_overview(self.overview.clone());
        v.set_overview_below(OVERVIEW_BELOW);
    }
}

type Render = std::sync::Arc<dyn Fn() -> tiny_skia::Pixmap + Send + Sync>;

/// The terrain layer, drawn on a worker thread from the moment it is started: drawing a map
/// takes from 0.3 s (Berlin '85) to over a second (the Gates' four sheets) on the CI machine,
/// and the start screen, which does not show the map, need not wait for it. The tiles are
/// installed when a game is on ([`Self::install`]), waiting for the worker only if it has not
/// finished by then. A map not on the table gives its pixels back ([`Self::release`]) and is
/// drawn again if its game comes back.
pub struct TerrainLayer {
    render: Render,
    state: TerrainState,
}

enum TerrainState {
    Drawing(std::thread::JoinHandle<Drawn>),
    /// Drawn here, on this thread (no worker could be started).
    Ready(Drawn),
    /// The tiles as images, kept to put back when this map is shown again.
    Installed(Installed),
    /// Not drawn, or given back: drawn again when installed.
    Released,
}

impl TerrainLayer {
    /// Starts drawing the terrain layer of `game` in `layout`.
    pub fn start(layout: MapLayout, game: &'static engine::berlin85::GameData) -> Self {
        Self::start_drawing(move || layout.render(game))
    }

    /// The terrain layer of `game` in `layout`, drawn only when first installed (the table
    /// opens on another game).
    pub fn later(layout: MapLayout, game: &'static engine::berlin85::GameData) -> Self {
        TerrainLayer {
            render: std::sync::Arc::new(move || layout.render(game)),
            state: TerrainState::Released,
        }
    }

    /// Starts drawing a terrain layer with `render` (any game's map renderer; a renderer is
    /// cheap to copy: a layout and a `'static` reference to the data).
    pub fn start_drawing(
        render: impl Fn() -> tiny_skia::Pixmap + Copy + Send + Sync + 'static,
    ) -> Self {
        let render: Render = std::sync::Arc::new(render);
        let state = spawn(render.clone());
        TerrainLayer { render, state }
    }

    /// Gives back the pixels of a map that is not on the table (another game is); the next
    /// [`Self::install`] draws it again.
    pub fn release(&mut self) {
        if !matches!(self.state, TerrainState::Released) {
            log::info!("map layer released (another game's map is on the table)");
        }
        // A drawing under way is waited for by its thread alone: dropping the handle detaches it.
        self.state = TerrainState::Released;
    }

    /// Puts the tiles into `model` (waiting for the worker the first time if need be) and
    /// returns the picture now shown, so the caller can show its overview; returns `None`,
    /// doing nothing, while `model` already holds them.
    pub fn install(&mut self, model: &slint::VecModel<crate::MapTile>) -> Option<Installed> {
        use slint::Model;
        let drawn = match std::mem::replace(&mut self.state, TerrainState::Released) {
            TerrainState::Drawing(job) => job.join().unwrap_or_else(|_| {
                log::error!("drawing the map layer failed; the map shows no terrain");
                Drawn {
                    tiles: Vec::new(),
                    overview: SharedPixelBuffer::new(1, 1),
                }
            }),
            TerrainState::Ready(p) => p,
            TerrainState::Released => draw(&*self.render),
            TerrainState::Installed(shown) => {
                // Another game's map may have been shown since.
                let current = model.row_count() == shown.tiles.len()
                    && shown
                        .tiles
                        .first()
                        .zip(model.row_data(0))
                        .is_none_or(|(a, b)| a.image == b.image);
                let out = (!current).then(|| {
                    model.set_vec(shown.tiles.clone());
                    shown.clone()
                });
                self.state = TerrainState::Installed(shown);
                return out;
            }
        };
        let tiles: Vec<crate::MapTile> = drawn
            .tiles
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
        let shown = Installed {
            tiles,
            overview: Image::from_rgb8(drawn.overview),
        };
        self.state = TerrainState::Installed(shown.clone());
        Some(shown)
    }
}

/// Draws the layer on a worker thread (here, if none can be started).
fn spawn(render: Render) -> TerrainState {
    let job = render.clone();
    match std::thread::Builder::new()
        .name("map layer".into())
        .spawn(move || draw(&*job))
    {
        Ok(job) => TerrainState::Drawing(job),
        Err(e) => {
            log::warn!("no worker thread for the map layer ({e}); drawing it now");
            TerrainState::Ready(draw(&*render))
        }
    }
}

/// Renders the map, cuts it into tiles and shrinks it into the overview; the full-size
/// picture is dropped here, so only the tiles stay.
fn draw(render: &(dyn Fn() -> tiny_skia::Pixmap + Send + Sync)) -> Drawn {
    let started = std::time::Instant::now();
    let pixmap = render();
    let drawn = Drawn {
        tiles: tile_pixels(&pixmap),
        overview: shrink(&pixmap, OVERVIEW_SHRINK),
    };
    log::info!(
        "map layer {}x{} rendered in {:?} ({} tiles, overview {}x{})",
        pixmap.width(),
        pixmap.height(),
        started.elapsed(),
        drawn.tiles.len(),
        drawn.overview.width(),
        drawn.overview.height()
    );
    drawn
}

/// The pixmap at 1/`k` of its size, each pixel the mean of the `k`×`k` block it stands for
/// (a box filter: a plain resampling would drop the hairlines of roads and hexsides).
fn shrink(pixmap: &tiny_skia::Pixmap, k: u32) -> SharedPixelBuffer<Rgb8Pixel> {
    let (w, h) = (pixmap.width(), pixmap.height());
    let (sw, sh) = (w.div_ceil(k).max(1), h.div_ceil(k).max(1));
    let data = pixmap.data();
    let mut out = SharedPixelBuffer::<Rgb8Pixel>::new(sw, sh);
    let dst = out.make_mut_slice();
    for oy in 0..sh {
        for ox in 0..sw {
            let mut sum = [0u32; 3];
            let mut n = 0;
            for y in oy * k..((oy + 1) * k).min(h) {
                for x in ox * k..((ox + 1) * k).min(w) {
                    let i = ((y * w + x) * 4) as usize;
                    for (s, v) in sum.iter_mut().zip(&data[i..i + 3]) {
                        *s += u32::from(*v);
                    }
                    n += 1;
                }
            }
            let n = n.max(1);
            dst[(oy * sw + ox) as usize] = Rgb8Pixel {
                r: (sum[0] / n) as u8,
                g: (sum[1] / n) as u8,
                b: (sum[2] / n) as u8,
            };
        }
    }
    out
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
        let th = (TILE + TILE_OVERLAP).min(h - ty);
        let mut tx = 0;
        while tx < w {
            let tw = (TILE + TILE_OVERLAP).min(w - tx);
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
            tx += TILE;
        }
        ty += TILE;
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
        let shown = layer.install(&model).expect("installed the first time");
        // Each tile's own square (without the overlap its neighbours draw over).
        let own = |t: crate::MapTile| t.w.min(TILE as f32) * t.h.min(TILE as f32);
        let area: f32 = slint::Model::iter(&model).map(own).sum();
        let (w, h) = layout.size();
        assert_eq!(area, w * h);
        // The overview is the whole map at a third of its size.
        let size = shown.overview.size();
        assert_eq!(
            (size.width, size.height),
            (
                (w as u32).div_ceil(OVERVIEW_SHRINK),
                (h as u32).div_ceil(OVERVIEW_SHRINK)
            )
        );
        // A second call (every refresh makes one) leaves the model's tiles as they are.
        let first = slint::Model::row_data(&model, 0).expect("a tile");
        assert!(layer.install(&model).is_none(), "nothing to show anew");
        assert_eq!(
            slint::Model::row_data(&model, 0).map(|t| t.image),
            Some(first.image.clone())
        );
        // After another game's map was shown, this map's tiles are put back.
        model.set_vec(vec![crate::MapTile::default()]);
        assert!(layer.install(&model).is_some(), "shown again");
        let back: f32 = slint::Model::iter(&model).map(own).sum();
        assert_eq!(back, w * h, "the map's tiles are put back");
    }

    #[test]
    fn a_released_layer_is_drawn_again_when_its_map_comes_back() {
        let data = crate::builtin_data().expect("built-in data");
        let layout = MapLayout::new(data.map.geometry, crate::table::MAP_RADIUS);
        // Not drawn until installed (the table opened on another game).
        let mut layer = TerrainLayer::later(layout, data);
        assert!(matches!(layer.state, TerrainState::Released));
        let model = slint::VecModel::<crate::MapTile>::default();
        layer.install(&model).expect("drawn on demand");
        let pixels_of = |m: &slint::VecModel<crate::MapTile>| {
            let t = slint::Model::row_data(m, 0).expect("a tile");
            t.image.to_rgb8().expect("rgb tiles").as_bytes().to_vec()
        };
        let before = pixels_of(&model);
        layer.release();
        assert!(
            matches!(layer.state, TerrainState::Released),
            "pixels given back"
        );
        model.set_vec(Vec::new());
        layer.install(&model).expect("drawn again");
        assert_eq!(pixels_of(&model), before, "the same map");
    }

    #[test]
    fn the_overview_averages_each_block_of_pixels() {
        let mut p = tiny_skia::Pixmap::new(4, 2).unwrap();
        // Left 3x2 block: three white pixels and three black; the last column alone is red.
        for (i, px) in p.data_mut().chunks_exact_mut(4).enumerate() {
            let (x, y) = (i % 4, i / 4);
            let c: [u8; 4] = match (x, y) {
                (3, _) => [200, 0, 0, 255],
                (_, 0) => [255, 255, 255, 255],
                _ => [0, 0, 0, 255],
            };
            px.copy_from_slice(&c);
        }
        let o = shrink(&p, 3);
        assert_eq!((o.width(), o.height()), (2, 1));
        let px = o.as_slice();
        assert_eq!((px[0].r, px[0].g, px[0].b), (127, 127, 127));
        assert_eq!((px[1].r, px[1].g, px[1].b), (200, 0, 0), "a partial block");
    }

    #[test]
    fn tiles_cover_the_image() {
        let p = tiny_skia::Pixmap::new(1100, 600).unwrap();
        let t = tiles(&p);
        assert_eq!(t.len(), 3 * 2);
        // Each tile's own square (what its right and lower neighbours do not cover) tiles
        // the image; every tile but the last of a row or column also holds the overlap.
        let own = |t: &Tile| u64::from(t.w.min(TILE)) * u64::from(t.h.min(TILE));
        assert_eq!(t.iter().map(own).sum::<u64>(), 1100 * 600);
        for t in &t {
            assert_eq!(
                t.w,
                (TILE + TILE_OVERLAP).min(1100 - t.x),
                "{} {}",
                t.x,
                t.y
            );
            assert_eq!(t.h, (TILE + TILE_OVERLAP).min(600 - t.y), "{} {}", t.x, t.y);
        }
    }
}
