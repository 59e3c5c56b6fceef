//! Berlin '85 commands (what a player does) and choice options (what a player picks).

use crate::core::hex::HexId;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Units in one declared attack (six adjacent hexes [7.12] plus artillery).
pub const MAX_ATTACKERS: usize = 12;
pub const MAX_DEFENDERS: usize = 6;
/// Hexes in a traced movement path.
pub const MAX_PATH: usize = 40;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    // --- set-up [3.0], [21.x]
    /// Place a unit of the current set-up step on a hex of its zone.
    Place {
        unit: UnitId,
        hex: HexId,
    },
    /// Take a placed unit back to the pool during set-up.
    Unplace {
        unit: UnitId,
    },
    /// Withhold a whole division ([20.21]); `unit` is any unit of its set-up group.
    Withhold {
        unit: UnitId,
    },
    /// This side's set-up step is complete.
    EndSetup,

    // --- movement phase [5.0]
    /// Move by the cheapest legal path; `underground` asks for U-Bahn movement [15.0].
    Move {
        unit: UnitId,
        to: HexId,
        underground: bool,
    },
    /// Move along a traced path (start hex excluded).
    MovePath {
        unit: UnitId,
        path: heapless::Vec<HexId, MAX_PATH>,
        underground: bool,
    },
    /// Airland a reinforcement on a friendly airfield hex [13.2].
    Airland {
        unit: UnitId,
        hex: HexId,
    },
    /// Plot a paradrop at the end of the movement phase [18.0].
    Paradrop {
        unit: UnitId,
        hex: HexId,
    },
    /// NATO exits a unit off the map ([21.35] 3).
    Exit {
        unit: UnitId,
    },
    EndMovement,

    // --- combat phase [7.0], [8.0], [9.0]
    /// Announce an attack: adjacent attackers (including adjacent artillery [8.31]) on defenders.
    Declare {
        attackers: heapless::Vec<UnitId, MAX_ATTACKERS>,
        defenders: heapless::Vec<UnitId, MAX_DEFENDERS>,
    },
    /// Withdraw an announced attack before declarations close.
    Undeclare {
        attack: u8,
    },
    /// Add a non-adjacent artillery unit's barrage to attack `attack` [8.1], [8.2]; `gas` [8.8].
    Barrage {
        artillery: UnitId,
        attack: u8,
        gas: bool,
    },
    /// Barrage an unoccupied hex [8.16].
    BarrageHex {
        artillery: UnitId,
        hex: HexId,
        gas: bool,
    },
    /// Allocate ground-support points to an attack (phasing) or as FPF (non-phasing) [9.0].
    AirPoints {
        attack: u8,
        points: u8,
    },
    /// NATO artillery interdicts the rail line instead of firing [20.22].
    Interdict {
        artillery: UnitId,
    },
    /// Close this player's allocation step (attacker: declarations; defender: FPF).
    EndAllocation,
    /// Final protective fire for the defenders of attack `attack` [8.4]; `gas` [8.87].
    Fpf {
        artillery: UnitId,
        attack: u8,
        gas: bool,
    },
    /// Resolve announced attack `attack` next (the attacker picks the order [7.0]).
    Resolve {
        attack: u8,
    },
    EndCombat,
}

impl Command {
    /// Commands whose effect reveals hidden information cannot be undone.
    pub fn reveals(&self) -> bool {
        false
    }

    /// Every unit and hex the command names: checked against the roster and the map before
    /// any rule is asked, so a damaged journal or a mistyped script is refused, never a panic.
    pub fn for_each_ref(&self, mut unit: impl FnMut(UnitId), mut hex: impl FnMut(HexId)) {
        use Command::*;
        match self {
            Place { unit: u, hex: h }
            | Airland { unit: u, hex: h }
            | Paradrop { unit: u, hex: h }
            | BarrageHex {
                artillery: u,
                hex: h,
                ..
            } => {
                unit(*u);
                hex(*h);
            }
            Move { unit: u, to, .. } => {
                unit(*u);
                hex(*to);
            }
            MovePath { unit: u, path, .. } => {
                unit(*u);
                path.iter().for_each(|&h| hex(h));
            }
            Unplace { unit: u }
            | Withhold { unit: u }
            | Exit { unit: u }
            | Barrage { artillery: u, .. }
            | Interdict { artillery: u }
            | Fpf { artillery: u, .. } => unit(*u),
            Declare {
                attackers,
                defenders,
            } => attackers
                .iter()
                .chain(defenders.iter())
                .for_each(|&u| unit(u)),
            EndSetup
            | EndMovement
            | Undeclare { .. }
            | AirPoints { .. }
            | EndAllocation
            | Resolve { .. }
            | EndCombat => {}
        }
    }
}

/// One option of a pending choice or chit draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    Yes,
    No,
    /// Retreat (or displace, or advance) into this hex.
    Hex(HexId),
    /// Stop here: end a retreat in an urban hex [7.75], or stop advancing [7.92].
    Stop,
    /// Declare "They Shall Not Pass" [7.76].
    TheyShallNotPass,
    /// This unit (absorbs an exchange loss, advances …).
    Unit(UnitId),
    /// A hidden strength chit: attack-defense [11.0].
    Strength {
        attack: u8,
        defense: u8,
    },
}
