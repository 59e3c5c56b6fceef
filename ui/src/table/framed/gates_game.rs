//! *The Enemy is at the Gates* on the framed table: its map (the four sheets, drawn from the
//! game's own map and relief) and data, the one place above the session's adapters where the
//! framed table names the game.

use super::{AnyFramed, AnyResume, Framed, FramedGame, MapSheet};
use crate::map_layer::TerrainLayer;
use crate::table::Resume;
use engine::core::hex::{Geometry, HexId};

/// The Gates game, as the session keeps it.
pub(crate) type Gates = session::gates::Gates;

impl FramedGame for Gates {
    // The four sheets are some 6,500 hexes: at the table's 28 px a hex their picture was
    // 3,402 x 3,933 pixels, 40 MB of tiles, and the table over its 60 MB budget (frame_bench
    // gates, 73.9 MB). At 24 px it is 29 MB; the map opens zoomed so that a hex is as large
    // on the screen as the other games' (`begin_framed`).
    const MAP_RADIUS: f32 = 24.0;
    fn geometry(data: &'static Self::Data) -> Geometry {
        data.map.geometry
    }
    fn terrain(data: &'static Self::Data, radius: f32) -> TerrainLayer {
        TerrainLayer::start_drawing(move || {
            data::render::gates::render_ground(&data.map, &data.relief, radius, &[])
        })
    }
    /// The four sheets of the stand-in numbering space (`data/gates/game.toml`): two across
    /// and two down, 40 hexes a side, the north-west one from 01.01.
    fn map_sheets(data: &'static Self::Data) -> Vec<MapSheet> {
        use data::render::gates::SHEET_HEXES;
        let g = data.map.geometry;
        let names = [["NW", "NE"], ["SW", "SE"]];
        let mut out = Vec::new();
        for down in 0..2u8 {
            for across in 0..2u8 {
                let (c0, r0) = (across * SHEET_HEXES + 1, down * SHEET_HEXES + 1);
                out.push(MapSheet {
                    name: names[usize::from(down)][usize::from(across)],
                    across,
                    down,
                    first: HexId::new(c0, r0),
                    last: HexId::new(
                        (c0 + SHEET_HEXES - 1).min(g.columns),
                        (r0 + SHEET_HEXES - 1).min(g.rows),
                    ),
                });
            }
        }
        out
    }
    fn in_play(f: Framed<Self>) -> AnyFramed {
        AnyFramed::Gates(f)
    }
    fn to_resume(r: Resume<Self>) -> AnyResume {
        AnyResume::Gates(r)
    }
}
