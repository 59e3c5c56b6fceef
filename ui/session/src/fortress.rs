//! *Fortress Berlin*'s [`TableGame`]: what the session, the saves, `replay` and the CLI need of
//! the second game beyond its engine contract (`engine::fortress::contract`).
//!
//! Fortress Berlin has no secret rolls (every die is rolled in the open: 8.1, 8.4.2); its one
//! cup is the Volkssturm's (11.2.3, 13.6). What a side may not see is the inside of an enemy
//! force and where the German sets up, which the engine's events already mark (a move, a
//! stack order or a set-up placement is its owner's business, 3.1.5, 3.6, 13.0).

use crate::ruleset::{digest_of, GameOptions, TableGame};
use crate::seating::TablePlayer;
use engine::core::contract::{EventVisibility, Ruleset};
use engine::core::protocol::{Input, RuleViolation};
use engine::core::seats::{Seats, TableEdge};
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::fortress::describe::describe;
use std::sync::OnceLock;

pub use engine::fortress::board::Options;
pub use engine::fortress::game::{Command, Event};
pub use engine::fortress::GameData;

/// Fortress Berlin's game, as the table keeps it.
pub type Fortress = engine::fortress::game::Game<'static>;

/// One line of the log: the engine's event and its words (the game's `describe`).
pub type LogLine = crate::ruleset::DescribedEvent<Event>;

impl GameOptions for Options {
    type Game = Fortress;
}

impl TableGame for Fortress {
    type LogEvent = LogLine;
    // The Soviet player sits across the board from the German, who sets up first (13.0).
    const SIDE_ACROSS: Side = engine::fortress::counters::SOVIET;
    const NOTHING_TO_ROLL: RuleViolation = RuleViolation::new(
        "4.0",
        "no roll is wanted now: the phasing player gives commands",
    );
    // The Volkssturm cup (11.2.3), drawn from at set-up (13.6) and by the checks of 5.5.
    const EMPTY_CUP: RuleViolation = RuleViolation::new("11.2.3", "the Volkssturm cup is empty");

    fn builtin_data() -> Result<&'static GameData, String> {
        builtin_data()
    }

    fn data_version(data: &'static GameData) -> u64 {
        digest_of(data)
    }

    // The state records no scenario id: the scenario's length is what a snapshot of another
    // scenario would differ in first.
    fn fits(&self, state: &Self::State) -> bool {
        state.last_turn == self.state.last_turn
    }

    fn apply_logged(
        &mut self,
        input: &Input<Command>,
        checked: bool,
        out: &mut Vec<(LogLine, EventVisibility)>,
    ) -> Result<(), RuleViolation> {
        crate::ruleset::apply_described(self, input, checked, out, |data, event| {
            describe(data, event).to_string()
        })
    }

    fn is_unknown_scenario(error: &Self::NewGameError) -> bool {
        matches!(error, engine::fortress::game::NewGameError::NoSuchScenario)
    }

    // 13.0: the German set-up step's units still waiting (the drawn Volkssturm among them).
    fn units_to_place(&self) -> Vec<UnitId> {
        engine::fortress::game::Game::units_to_place(self).collect()
    }

    // Every hex the unit may be set up in now, in Combat Mode (the listed values, 13.0).
    fn roster(data: &'static GameData) -> Vec<String> {
        data.forces
            .counters
            .iter()
            .map(|c| {
                let face =
                    |p: engine::fortress::counters::Printed| format!("{}-{}-{}", p.fs, p.pf, p.ma);
                format!(
                    "{:<7} {:<20} {:?} {:?}, combat {}, maneuver {}",
                    Self::side_name(c.side),
                    c.name.as_str(),
                    c.kind,
                    c.size,
                    face(c.faces.faces.back),
                    face(c.faces.faces.front)
                )
            })
            .collect()
    }

    fn placements(&self, unit: UnitId) -> Vec<Command> {
        use engine::core::hex::Dir;
        use engine::fortress::counters::COMBAT;
        use engine::fortress::data::Placement;
        let Some(listing) = self.setup_listing_of(unit) else {
            return Vec::new();
        };
        self.data
            .map
            .hexes()
            .filter(|&hex| {
                self.data.can_set_up(listing, hex)
                    && self.check_setup(unit, hex, COMBAT, Dir::Up).is_ok()
            })
            .map(|hex| {
                Command::Place(Placement {
                    unit,
                    hex,
                    face: COMBAT,
                    facing: Dir::Up,
                })
            })
            .collect()
    }

    // 17.2, 17.3: the German players (one per German role from four players), then the
    // Soviets (one per front from three). By default the Soviets sit across from the Germans,
    // Koniev at the East edge, every second German player at the West edge.
    fn table_players(options: &Options) -> Vec<TablePlayer> {
        use engine::core::seats::TableEdge::{East, North, South, West};
        use engine::fortress::players::{seats_at_start, Role};
        let mut german = 0;
        seats_at_start(options.players())
            .iter()
            .map(|&(side, role)| {
                let edge = match role {
                    Some(Role::Koniev) => East,
                    _ if side == engine::fortress::counters::SOVIET => North,
                    _ => {
                        german += 1;
                        if german % 2 == 1 {
                            South
                        } else {
                            West
                        }
                    }
                };
                TablePlayer {
                    role: role.map_or(Self::side_name(side), Role::name),
                    title: role.map_or(Self::side_name(side), Role::title),
                    side,
                    edge,
                }
            })
            .collect()
    }

    // 17.3.1: a German player keeps his seat when the roles change hands.
    fn seats_now(&self, places: &[TableEdge]) -> Seats {
        let mut players = Self::table_players(&self.state.board.options);
        for (p, (_, role)) in players.iter_mut().zip(self.seat_roles()) {
            if let Some(r) = role {
                p.role = r.name();
            }
        }
        crate::seating::seats_at(&players, places)
    }

    // The owner of the force a roll or choice is about, else the side's lead role (8.4.2, 8.6,
    // 8.7, 17.3.1).
    fn answering_role(&self) -> Option<&'static str> {
        engine::fortress::game::Game::answering_role(self).map(|r| r.name())
    }
}

/// The built-in Fortress Berlin data set (data/fortress-berlin), read and checked once and
/// kept for the life of the program.
pub fn builtin_data() -> Result<&'static GameData, String> {
    static DATA: OnceLock<Result<&'static GameData, String>> = OnceLock::new();
    DATA.get_or_init(|| {
        let boxed = data::fortress::load_builtin()
            .map_err(|errs| crate::ruleset::data_error_message("Fortress Berlin", &errs))?;
        Ok(&*Box::leak(boxed))
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Header, Session};
    use engine::core::protocol::Pending;

    /// 13.0, 13.6: a new full game waits for the set-up's Volkssturm draws, then the German's
    /// placements; the session's auto-place and "set-up done" start play, and the log says
    /// where each unit went in player words, for the German only.
    #[test]
    fn fb_13_0_a_session_sets_the_germans_up_by_auto_place() {
        let data = builtin_data().expect("data");
        let header = Header::for_game::<Fortress>("full-game", &Options::default(), 7);
        let mut s =
            Session::<Fortress>::new(data, header, Box::new(crate::MemoryPersist::default()))
                .expect("a session");
        while matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
            s.apply(Input::Drew(0)).expect("drawn");
        }
        assert!(s.game().setting_up());
        let n = s.auto_place().expect("auto-place");
        assert_eq!(n, 78 + 30, "13.1-13.5 listings and the thirty Volkssturm");
        assert!(TableGame::units_to_place(s.game()).is_empty());
        s.apply(Input::Command(Command::SetUpDone)).expect("done");
        assert!(!s.game().setting_up());
    }
}

#[cfg(test)]
mod seating_tests;
