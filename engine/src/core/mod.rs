//! The core shared by all three rulesets: geometry, map, units, searches, tables, protocol.
//! Nothing here may be specific to one game (ARCHITECTURE.md).

pub mod agree;
pub mod capacity;
pub mod contract;
pub mod crt;
pub mod faces;
pub mod game_id;
pub mod hex;
pub mod journal;
pub mod los;
pub mod map;
pub mod movement;
pub mod notation;
pub mod options;
pub mod protocol;
pub mod region;
pub mod retreat;
pub mod seats;
pub mod side;
pub mod stack;
#[cfg(test)]
pub(crate) mod testkit;
pub mod units;

pub use contract::{EventVisibility, GameEvent, Ruleset, SequenceStep};
pub use game_id::{GameId, RulesStatus};
pub use hex::{Dir, Geometry, HexId, Hexside};
pub use map::{HexFeatures, HexState, MapData, Markers, SideFeatures};
pub use protocol::{refuse, Case, DiceRoll, DiceSpec, Events, Input, Pending, RuleViolation};
pub use side::{Side, Viewer};
pub use units::{Location, Roster, UnitDef, UnitId, UnitKind, UnitState};
