//! The political regions of Berlin in 1985, which two of the games' maps divide the board
//! into: West Berlin, East Berlin and East Germany around them. Berlin '85 reads them for
//! set-up, supply and victory ([19.44], [14.x], [5.17]); *The Enemy is at the Gates* bars NATO
//! from East Germany (1.2) and draws the Wall between West Berlin and the rest (2.2.6). Stored
//! per hex as a `u8` in `MapData`.

use serde::{Deserialize, Serialize};

/// A hex's region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum Region {
    WestBerlin = 0,
    EastBerlin = 1,
    EastGermany = 2,
}

impl Region {
    /// The region a stored byte names (anything past East Berlin reads as East Germany).
    pub fn from_u8(v: u8) -> Region {
        match v {
            0 => Region::WestBerlin,
            1 => Region::EastBerlin,
            _ => Region::EastGermany,
        }
    }
}
