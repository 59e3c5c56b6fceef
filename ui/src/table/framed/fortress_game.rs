//! Fortress Berlin on the framed table: its map and data, the one place above the session's
//! adapters where the framed table names the game.

use super::{AnyFramed, AnyResume, Framed, FramedGame};
use crate::map_layer::TerrainLayer;
use crate::table::Resume;
use engine::core::hex::Geometry;

/// Fortress Berlin's game, as the session keeps it.
pub(crate) type Fortress = session::fortress::Fortress;

/// Its built-in data (decoded once).
pub(crate) fn builtin_data() -> Result<&'static session::fortress::GameData, String> {
    session::fortress::builtin_data()
}

impl FramedGame for Fortress {
    fn geometry(data: &'static Self::Data) -> Geometry {
        data.map.geometry
    }
    fn terrain(data: &'static Self::Data, radius: f32) -> TerrainLayer {
        TerrainLayer::start_drawing(move || {
            data::render::fortress::render_fortress(data, radius, &[])
        })
    }
    fn in_play(f: Framed<Self>) -> AnyFramed {
        AnyFramed::Fortress(f)
    }
    fn to_resume(r: Resume<Self>) -> AnyResume {
        AnyResume::Fortress(r)
    }
}
