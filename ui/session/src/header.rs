//! What, together with the journal, recreates a game: the game and scenario, its options, the
//! seed of the table's dice, where random answers come from and how the players sit.

use crate::ruleset::{self, GameOptions, TableGame};
use engine::core::seats::TableEdge;
use engine::core::side::Side;
use serde::{Deserialize, Serialize};

/// Version of the [`Header`] layout; bump when it changes (and teach [`Header::decode`] the old
/// one: a table never refuses a game it saved itself).
/// 1: no data version. 2: `data_version` appended. 3: the options as `key = value` text pairs
/// of the game's option list, so one header serves every game (1 and 2 held Berlin '85's
/// options struct). 4: `places` appended, the table edge of each player in the game's order of
/// players ([`TableGame::table_players`]): one per side in a two-player game, one per player in
/// Fortress Berlin's three- to six-player games (17.2, 17.3). Formats 1–3 read back with no
/// places, which seats the players as their two-sided [`Seats`] says, as they were.
pub const HEADER_FORMAT: u16 = 4;

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
        self.edge_for_side(player, ruleset::Berlin85::SIDE_ACROSS)
    }

    /// [`Seats::edge_for`] for a game whose side across the table is `across`
    /// ([`TableGame::SIDE_ACROSS`]).
    pub fn edge_for_side(self, player: Option<Side>, across: Side) -> TableEdge {
        if player != Some(across) {
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
    /// Game id: the game's slug (`"berlin85"`, `"fortress-berlin"`, `"gates"`).
    pub game: String,
    pub scenario: String,
    /// Every option of the game as `key = value` text, in the game's option-list order
    /// (`poison-gas = on`): readable in a bug report, and the same for every game. Read them
    /// with [`Header::game_options`].
    pub options: Vec<(String, String)>,
    /// Seed of the table's dice; recorded so a resumed game rolls on as it would have.
    pub seed: u64,
    pub dice: Randomness,
    pub chits: Randomness,
    pub seats: Seats,
    /// Which game data the game was played with (`TableGame::data_version`, a digest of the
    /// compiled data; 0 = not recorded, a format-1 save). A resume on other data (a club's
    /// changed override charts) replays the whole journal with the data in use and says so.
    pub data_version: u64,
    /// The table edge each player sits at, in the game's order of players
    /// ([`TableGame::table_players`]; a player beyond the list sits at his default edge).
    /// Empty in a save of formats 1–3: the players sit as `seats` says (the side across the
    /// table at its edge, everyone else at the South edge). See [`crate::seating`].
    pub places: Vec<TableEdge>,
}

/// The header as format 3 wrote it: format 4 without `places`.
#[derive(Deserialize)]
#[cfg_attr(test, derive(Serialize))]
struct HeaderV3 {
    format: u16,
    game: String,
    scenario: String,
    options: Vec<(String, String)>,
    seed: u64,
    dice: Randomness,
    chits: Randomness,
    seats: Seats,
    data_version: u64,
}

/// The header as formats 1 and 2 wrote it: Berlin '85's options struct, and (format 2) the
/// data version appended.
#[derive(Deserialize)]
#[cfg_attr(test, derive(Serialize))]
struct HeaderV1 {
    format: u16,
    game: String,
    scenario: String,
    options: ruleset::Options,
    seed: u64,
    dice: Randomness,
    chits: Randomness,
    seats: Seats,
}

#[derive(Deserialize)]
#[cfg_attr(test, derive(Serialize))]
struct HeaderV2 {
    v1: HeaderV1,
    data_version: u64,
}

/// Every option of `G` as text pairs, in its option-list order.
pub fn option_pairs<G: TableGame>(options: &G::Options) -> Vec<(String, String)> {
    G::OPTIONS
        .iter()
        .map(|info| {
            let value = G::option(options, info.key).unwrap_or(info.default_value());
            (info.key.to_string(), info.format(value).to_string())
        })
        .collect()
}

impl Header {
    /// The header's bytes as saved (postcard).
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        postcard::to_allocvec(self).map_err(|e| e.to_string())
    }

    /// Reads a saved header of this format or an older one (migrated to this format; a
    /// format-1 save has its data version unknown).
    pub fn decode(bytes: &[u8]) -> Result<Header, String> {
        let unreadable =
            |format: u16| format!("save format {format} (this table reads 1 to {HEADER_FORMAT})");
        // Every format begins with its number.
        let format = postcard::from_bytes::<u16>(bytes).map_err(|e| e.to_string())?;
        match format {
            HEADER_FORMAT => postcard::from_bytes::<Header>(bytes).map_err(|e| e.to_string()),
            3 => {
                let v3 = postcard::from_bytes::<HeaderV3>(bytes).map_err(|e| e.to_string())?;
                if v3.format != format {
                    return Err(unreadable(v3.format));
                }
                // No places: the players sit as the two-sided seats say, as they did.
                Ok(Header {
                    format: HEADER_FORMAT,
                    game: v3.game,
                    scenario: v3.scenario,
                    options: v3.options,
                    seed: v3.seed,
                    dice: v3.dice,
                    chits: v3.chits,
                    seats: v3.seats,
                    data_version: v3.data_version,
                    places: Vec::new(),
                })
            }
            1 | 2 => {
                let (v1, data_version) = if format == 1 {
                    (postcard::from_bytes::<HeaderV1>(bytes), 0)
                } else {
                    match postcard::from_bytes::<HeaderV2>(bytes) {
                        Ok(v2) => (Ok(v2.v1), v2.data_version),
                        Err(e) => (Err(e), 0),
                    }
                };
                let v1 = v1.map_err(|e| e.to_string())?;
                if v1.format != format {
                    return Err(unreadable(v1.format));
                }
                // Formats 1 and 2 were only ever written by Berlin '85.
                Ok(Header {
                    format: HEADER_FORMAT,
                    game: v1.game,
                    scenario: v1.scenario,
                    options: option_pairs::<ruleset::Berlin85>(&v1.options),
                    seed: v1.seed,
                    dice: v1.dice,
                    chits: v1.chits,
                    seats: v1.seats,
                    data_version,
                    places: Vec::new(),
                })
            }
            other => Err(unreadable(other)),
        }
    }

    /// The options of the game this header records, read with game `G`'s option list
    /// (options a save does not mention keep their defaults). An error names the option.
    pub fn game_options<G: TableGame>(&self) -> Result<G::Options, String> {
        G::options_from_pairs(self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map_err(|e| e.to_string())
    }

    /// A new game's header (digital dice and chits, opposite seats, every player at his
    /// default edge), for the game whose options these are.
    pub fn new<O: GameOptions>(scenario: &str, options: O, seed: u64) -> Self {
        Self::for_game::<O::Game>(scenario, &options, seed)
    }

    /// [`Header::new`] for game `G`, named explicitly (code written for any game).
    pub fn for_game<G: TableGame>(scenario: &str, options: &G::Options, seed: u64) -> Self {
        Header {
            format: HEADER_FORMAT,
            game: ruleset::game_id::<G>().into(),
            scenario: scenario.into(),
            options: option_pairs::<G>(options),
            seed,
            dice: Randomness::Digital,
            chits: Randomness::Digital,
            seats: Seats::Opposite,
            data_version: 0,
            places: G::table_players(options).iter().map(|p| p.edge).collect(),
        }
    }

    /// Seats the players of game `G` as the two-sided `seats` say (the side across the table
    /// at its edge, the other side at the South edge): the start screen's choice when two
    /// play. Sets [`Header::seats`] and one place per player.
    pub fn seat_two_sided<G: TableGame>(&mut self, seats: Seats) {
        self.seats = seats;
        let options = self
            .game_options::<G>()
            .unwrap_or_else(|_| G::default_options());
        self.places = G::table_players(&options)
            .iter()
            .map(|p| seats.edge_for_side(Some(p.side), G::SIDE_ACROSS))
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Berlin85, Options};
    use engine::core::contract::Ruleset;

    #[test]
    fn seats_turn_the_screen_only_for_the_side_across() {
        let (near, across) = (
            Some(ruleset::WARSAW_PACT),
            Some(ruleset::Berlin85::SIDE_ACROSS),
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
        assert!(h.game_options::<Berlin85>().expect("options").poison_gas);
    }

    #[test]
    fn a_format_2_save_keeps_its_data_version_and_options() {
        // A format-2 header: Berlin '85's options struct, the data version appended.
        let old = HeaderV2 {
            v1: HeaderV1 {
                format: 2,
                game: "berlin85".into(),
                scenario: "unity".into(),
                options: Options {
                    poison_gas: false,
                    sequential_combat: true,
                },
                seed: 9,
                dice: Randomness::Digital,
                chits: Randomness::Physical,
                seats: Seats::Opposite,
            },
            data_version: 0xfeed,
        };
        let h = Header::decode(&postcard::to_allocvec(&old).expect("old")).expect("migrated");
        assert_eq!((h.format, h.data_version), (HEADER_FORMAT, 0xfeed));
        assert_eq!(h.chits, Randomness::Physical);
        let options = h.game_options::<Berlin85>().expect("options");
        assert!(options.sequential_combat && !options.poison_gas);
    }

    /// A format-3 header, as the table saved every game before the players' places were
    /// recorded.
    fn format_3(game: &str, options: Vec<(String, String)>, seats: Seats) -> Vec<u8> {
        postcard::to_allocvec(&HeaderV3 {
            format: 3,
            game: game.into(),
            scenario: "unity".into(),
            options,
            seed: 11,
            dice: Randomness::Physical,
            chits: Randomness::Digital,
            seats,
            data_version: 0xbeef,
        })
        .expect("old")
    }

    #[test]
    fn a_format_3_save_still_loads_with_the_same_seating_as_before() {
        let data = ruleset::builtin_data().expect("data");
        for seats in [
            Seats::Opposite,
            Seats::Same,
            Seats::Off,
            Seats::Right,
            Seats::Left,
        ] {
            let bytes = format_3(
                "berlin85",
                option_pairs::<Berlin85>(&Options::default()),
                seats,
            );
            let h = Header::decode(&bytes).expect("migrated");
            assert_eq!(h.format, HEADER_FORMAT);
            assert_eq!(
                (h.seed, h.dice, h.data_version, h.seats),
                (11, Randomness::Physical, 0xbeef, seats)
            );
            assert!(h.places.is_empty(), "format 3 recorded no places");
            // Each side sits where the two-sided seats put it: the screen faces the same edge
            // for either side as before.
            let game = <Berlin85 as Ruleset<'static>>::new(
                data,
                "unity",
                h.game_options::<Berlin85>().expect("options"),
            )
            .expect("game");
            let table = crate::seating::seats_of(&h, &game);
            for side in [ruleset::WARSAW_PACT, ruleset::NATO] {
                let i = table.must_act(Some(side)).iter().next().expect("a seat");
                assert_eq!(
                    table.seats[i].edge,
                    seats.edge_for(Some(side)),
                    "{seats:?}: {side:?}"
                );
            }
            // Saved again, it is a format-4 header that keeps the same seating.
            let again = Header::decode(&h.encode().expect("bytes")).expect("format 4");
            assert_eq!(again, h);
        }
    }

    #[test]
    fn format_4_records_one_place_per_side_as_the_two_sided_seats_say() {
        let mut h = Header::new("unity", Options::default(), 7);
        // Berlin '85's side A, NATO, across the table; the Warsaw Pact at the South edge.
        assert_eq!(h.places, [TableEdge::North, TableEdge::South]);
        h.seat_two_sided::<Berlin85>(Seats::Right);
        assert_eq!(
            (h.seats, h.places.as_slice()),
            (Seats::Right, [TableEdge::East, TableEdge::South].as_slice())
        );
        h.seat_two_sided::<Berlin85>(Seats::Same);
        assert_eq!(h.places, [TableEdge::South, TableEdge::South]);
        let back = Header::decode(&h.encode().expect("bytes")).expect("decode");
        assert_eq!(back, h);
    }

    #[test]
    fn options_are_saved_as_readable_pairs_and_a_strange_one_is_named() {
        let mut h = Header::new(
            "unity",
            Options {
                poison_gas: true,
                sequential_combat: false,
            },
            7,
        );
        assert_eq!(h.game, "berlin85");
        let keys: Vec<&str> = h.options.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["poison-gas", "sequential-combat"]);
        assert!(h.game_options::<Berlin85>().expect("options").poison_gas);
        // A save that does not mention an option leaves it at its default.
        h.options.retain(|(k, _)| k != "sequential-combat");
        assert_eq!(
            h.game_options::<Berlin85>()
                .expect("options")
                .sequential_combat,
            Options::default().sequential_combat
        );
        h.options.push(("tactical-nukes".into(), "on".into()));
        let err = h.game_options::<Berlin85>().expect_err("unknown option");
        assert!(err.contains("tactical-nukes"), "{err}");
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
