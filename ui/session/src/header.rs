//! What, together with the journal, recreates a game: the game and scenario, its options, the
//! seed of the table's dice, where random answers come from and how the players sit.

use crate::ruleset::{self, Options};
use engine::core::seats::TableEdge;
use engine::core::side::Side;
use serde::{Deserialize, Serialize};

/// Version of the [`Header`] layout; bump when it changes (and teach [`Header::decode`] the old
/// one: a table never refuses a game it saved itself).
/// 1: no data version. 2: `data_version` appended.
pub const HEADER_FORMAT: u16 = 2;

/// Where random answers come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Randomness {
    /// The table rolls / draws with its seeded generator.
    #[default]
    Digital,
    /// Real dice are typed on the keypad; real chits are picked on the screen.
    Physical,
}

/// How the players sit around the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seats {
    /// Opposite sides: the screen turns 180° to face whoever must act.
    #[default]
    Opposite,
    /// Side by side: the screen never turns.
    Same,
    /// Seat turning disabled (the players turn the table themselves).
    Off,
    /// Round a corner: the side across sits at the screen's right-hand edge and the screen
    /// turns a quarter to face it (a landscape screen is then read as portrait).
    Right,
    /// Round a corner, the side across at the left-hand edge.
    Left,
}

impl Seats {
    /// The edge of the table the screen faces while `player` must act (none when nobody
    /// must): the South edge it is drawn upright for, except for the side across the table
    /// with seats that turn. The one place the UI learns how far to turn (any renderer).
    pub fn edge_for(self, player: Option<Side>) -> TableEdge {
        if player != Some(ruleset::SIDE_ACROSS) {
            return TableEdge::South;
        }
        match self {
            Seats::Opposite => TableEdge::North,
            Seats::Right => TableEdge::East,
            Seats::Left => TableEdge::West,
            Seats::Same | Seats::Off => TableEdge::South,
        }
    }
}

/// Everything that, together with the journal, recreates a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub format: u16,
    /// Game id (`"berlin85"`).
    pub game: String,
    pub scenario: String,
    pub options: Options,
    /// Seed of the table's dice; recorded so a resumed game rolls on as it would have.
    pub seed: u64,
    pub dice: Randomness,
    pub chits: Randomness,
    pub seats: Seats,
    /// Which game data the game was played with (`ruleset::data_version`, a digest of the
    /// compiled data; 0 = not recorded, a format-1 save). A resume on other data (a club's
    /// changed override charts) replays the whole journal with the data in use and says so.
    pub data_version: u64,
}

/// The header as format 1 wrote it (before `data_version`).
#[derive(Deserialize)]
#[cfg_attr(test, derive(Serialize))]
struct HeaderV1 {
    format: u16,
    game: String,
    scenario: String,
    options: Options,
    seed: u64,
    dice: Randomness,
    chits: Randomness,
    seats: Seats,
}

impl Header {
    /// The header's bytes as saved (postcard).
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        postcard::to_allocvec(self).map_err(|e| e.to_string())
    }

    /// Reads a saved header of this format or an older one (migrated to this format, with the
    /// data version unknown).
    pub fn decode(bytes: &[u8]) -> Result<Header, String> {
        match postcard::from_bytes::<Header>(bytes) {
            Ok(h) if h.format == HEADER_FORMAT => Ok(h),
            current => match postcard::from_bytes::<HeaderV1>(bytes) {
                Ok(v1) if v1.format == 1 => Ok(Header {
                    format: HEADER_FORMAT,
                    game: v1.game,
                    scenario: v1.scenario,
                    options: v1.options,
                    seed: v1.seed,
                    dice: v1.dice,
                    chits: v1.chits,
                    seats: v1.seats,
                    data_version: 0,
                }),
                Ok(v1) => Err(format!(
                    "save format {} (this table reads 1 to {HEADER_FORMAT})",
                    v1.format
                )),
                Err(e) => Err(match current {
                    Ok(h) => format!(
                        "save format {} (this table reads 1 to {HEADER_FORMAT})",
                        h.format
                    ),
                    Err(_) => e.to_string(),
                }),
            },
        }
    }

    pub fn new(scenario: &str, options: Options, seed: u64) -> Self {
        Header {
            format: HEADER_FORMAT,
            game: ruleset::GAME_ID.into(),
            scenario: scenario.into(),
            options,
            seed,
            dice: Randomness::Digital,
            chits: Randomness::Digital,
            seats: Seats::Opposite,
            data_version: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_turn_the_screen_only_for_the_side_across() {
        let (near, across) = (
            Some(engine::berlin85::WARSAW_PACT),
            Some(ruleset::SIDE_ACROSS),
        );
        let cases = [
            (Seats::Opposite, TableEdge::North),
            (Seats::Right, TableEdge::East),
            (Seats::Left, TableEdge::West),
            (Seats::Same, TableEdge::South),
            (Seats::Off, TableEdge::South),
        ];
        for (seats, edge) in cases {
            assert_eq!(
                seats.edge_for(across),
                edge,
                "{seats:?}, the side across acts"
            );
            assert_eq!(seats.edge_for(near), TableEdge::South, "{seats:?}");
            assert_eq!(
                seats.edge_for(None),
                TableEdge::South,
                "{seats:?}, game over"
            );
        }
    }

    #[test]
    fn corner_seats_round_trip_in_a_save_header() {
        for seats in [Seats::Right, Seats::Left] {
            let mut h = Header::new("werewolf", Options::default(), 7);
            h.seats = seats;
            let back = Header::decode(&postcard::to_allocvec(&h).expect("encode")).expect("decode");
            assert_eq!(back.seats, seats);
        }
    }

    #[test]
    fn a_format_1_save_still_loads_with_its_data_version_unknown() {
        // A format-1 header, as saved by the table before the data version was recorded.
        let old = HeaderV1 {
            format: 1,
            game: "berlin85".into(),
            scenario: "werewolf".into(),
            options: Options {
                poison_gas: true,
                sequential_combat: false,
            },
            seed: 42,
            dice: Randomness::Physical,
            chits: Randomness::Digital,
            seats: Seats::Same,
        };
        let h = Header::decode(&postcard::to_allocvec(&old).expect("old")).expect("migrated");
        assert_eq!(h.format, HEADER_FORMAT);
        assert_eq!(
            (h.scenario.as_str(), h.seed, h.data_version),
            ("werewolf", 42, 0)
        );
        assert_eq!((h.dice, h.seats), (Randomness::Physical, Seats::Same));
        assert!(h.options.poison_gas);
    }

    #[test]
    fn the_current_format_round_trips_and_an_unknown_one_is_named() {
        let mut h = Header::new("unity", Options::default(), 7);
        h.data_version = 0x1234_5678_9abc_def0;
        assert_eq!(Header::decode(&h.encode().expect("bytes")), Ok(h.clone()));
        let mut future = h;
        future.format = 9;
        let err = Header::decode(&future.encode().expect("bytes")).expect_err("refused");
        assert!(err.contains("save format 9"), "{err}");
        assert!(Header::decode(&[0xff, 0xff]).is_err());
    }
}
