//! *The Enemy is at the Gates* on the framed table: its map (the four sheets, drawn from the
//! game's own map and relief) and data, the one place above the session's adapters where the
//! framed table names the game.

use super::{AnyFramed, AnyResume, Framed, FramedGame};
use crate::map_layer::TerrainLayer;
use crate::table::Resume;
use engine::core::hex::Geometry;

/// The Gates game, as the session keeps it.
pub(crate) type Gates = session::gates::Gates;

impl FramedGame for Gates {
    fn geometry(data: &'static Self::Data) -> Geometry {
        data.map.geometry
    }
    fn terrain(data: &'static Self::Data, radius: f32) -> TerrainLayer {
        TerrainLayer::start_drawing(move || {
            data::render::gates::render_ground(&data.map, &data.relief, radius, &[])
        })
    }
    fn in_play(f: Framed<Self>) -> AnyFramed {
        AnyFramed::Gates(f)
    }
    fn to_resume(r: Resume<Self>) -> AnyResume {
        AnyResume::Gates(r)
    }
}
