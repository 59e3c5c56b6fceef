//! Victory and scenarios (S21.0, S21.1, S21.3; the End Phase's victory check S3.7.1).
//!
//! * **Scenario** ([`Scenario`], S21.3): the nine items of the series' scenario format in
//!   fixed-capacity fields — title and maps, length, initiative, where play starts, set-up,
//!   division values, reinforcements, special rules, victory conditions. The data crate fills
//!   it from a scenario file; [`Scenario::validate`] refuses one that does not fit the
//!   command data. [`Scenario::command_data`] applies its initiative, length and division
//!   ratings; [`Scenario::track`] puts its reinforcements on the Turn Record Track (S18.1,
//!   S18.3); `TurnState::from_scenario` (`css::command::arrivals`) starts the turn machine.
//! * **Victory** ([`Victory`], S21.1): *when* victory is checked is the scenario's
//!   ([`VictoryRules::check_turns`]); *what* wins is the game's, a [`Victory`] test the game
//!   supplies. The End Phase of a check turn stops at `Step::VictoryCheck` and runs the test
//!   (`TurnState::apply_with`, `TurnState::victory_check`); a verdict ends the game (S3.7.2).

#[cfg(test)]
pub(crate) mod tests;

use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::command::{Chit, CommandData, DivisionId, MAX_DIVISIONS};
use crate::css::morale::Status;
use crate::css::track::{Arrival, Held, TrackBox, TurnRecordTrack, MAX_HELD, MAX_TRACK};
use serde::{Deserialize, Serialize};

/// Units one scenario sets up.
pub const MAX_SETUP: usize = 256;
/// Special rules one scenario states.
pub const MAX_SPECIAL: usize = 16;
/// Turns on which one scenario checks victory.
pub const MAX_CHECK_TURNS: usize = 8;
/// Chits a scenario that starts at the Action Phase puts in the Cup.
pub const MAX_START_CHITS: usize = 24;

/// A game's verdict (S21.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    Win(Side),
    Draw,
}

/// The game's victory test (S21.1): called by the End Phase on the scenario's check turns.
pub trait Victory {
    /// `None`: no victory condition is met; play goes on (or ends after the last turn).
    fn check(&self, turn: u8) -> Option<Verdict>;
}

/// No victory conditions: a turn machine without a scenario's victory test.
pub struct NoVictory;

impl Victory for NoVictory {
    fn check(&self, _turn: u8) -> Option<Verdict> {
        None
    }
}

/// S21.3 item 4: where play starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// At the first turn's Preparation Phase (*Gates*: "Stand Your Ground", "The War is
    /// Coming", 14.0).
    Preparation,
    /// At step 2A with these chits bought for the Cup (*Gates* 14.0: most scenarios).
    ActionPhase {
        cup: heapless::Vec<Chit, MAX_START_CHITS>,
    },
}

/// S21.3 item 5: one unit of the set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetUp {
    pub unit: UnitId,
    pub side: Side,
    pub division: DivisionId,
    pub hex: HexId,
    /// On its Column side (else Deployed, S2.2.1).
    pub column: bool,
    pub status: Status,
}

/// S21.3 item 6: a division's values at the start, where the scenario sets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivisionStart {
    pub division: DivisionId,
    /// Ratings that differ from the display (exclusive 9.1).
    pub dispatch_rating: Option<u8>,
    pub command_rating: Option<u8>,
    pub dp: u8,
    pub dc: u8,
    pub fatigue: u8,
    /// Current TQ if below the maximum.
    pub tq: Option<u8>,
}

/// S21.3 item 7 (S18.1): a reinforcement, its turn and its entry hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    pub unit: UnitId,
    pub side: Side,
    pub division: DivisionId,
    pub turn: u8,
    pub entry: HexId,
}

/// S21.3 item 8: a special rule, by the game's own name for it and a value (*Gates*:
/// "electricity" 1/0, 3.7; "booze" side, 3.8; …).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialRule {
    pub name: heapless::String<24>,
    pub value: i16,
}

/// S21.3 item 9, S21.1, S21.2: when victory is checked; the stand-in VP of an eliminated or
/// captured unit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryRules {
    /// Game Turns whose End Phase checks victory (S3.7.1; *Gates*: the 2100 turns, 14.0 3A).
    pub check_turns: heapless::Vec<u8, MAX_CHECK_TURNS>,
    /// VP to the enemy for each eliminated or captured unit (S21.2, stand-in 1).
    pub vp_per_unit: u8,
}

impl VictoryRules {
    /// S21.2 stand-in: the side that lost `units` units (eliminated or captured, S11.9) hands
    /// their points to its enemy; returns the earning side and its points, for the game's track.
    pub fn award_for_losses(&self, lost_by: Side, units: u8) -> (Side, u8) {
        (lost_by.other(), units.saturating_mul(self.vp_per_unit))
    }
}

/// A scenario in the series format (S21.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// 1: title; the maps used, one bit per map of the game.
    pub title: heapless::String<48>,
    pub maps: u8,
    /// Authored by the project, not printed (S21.4).
    pub stand_in: bool,
    /// 2: length, and the Day/Night turns (S18.2).
    pub first_turn: u8,
    pub last_turn: u8,
    pub boxes: heapless::Vec<TrackBox, MAX_TRACK>,
    /// 3: the initiative player (S3.8).
    pub initiative: Side,
    /// 4: where play starts.
    pub start: Start,
    /// 5: set-up, and which side sets up first.
    pub sets_up_first: Side,
    pub setup: heapless::Vec<SetUp, MAX_SETUP>,
    /// 6: division values.
    pub divisions: heapless::Vec<DivisionStart, MAX_DIVISIONS>,
    /// 7: reinforcements.
    pub reinforcements: heapless::Vec<Reinforcement, MAX_HELD>,
    /// 8: special rules.
    pub special: heapless::Vec<SpecialRule, MAX_SPECIAL>,
    /// 9: victory conditions.
    pub victory: VictoryRules,
}

impl Scenario {
    /// A special rule's value, by name.
    pub fn special(&self, name: &str) -> Option<i16> {
        self.special
            .iter()
            .find(|r| r.name.as_str() == name)
            .map(|r| r.value)
    }

    /// S21.3: the scenario fits the game's command data: a length of at least one turn inside
    /// the track, known divisions on their own side, reinforcements and check turns inside the
    /// length, and a start that buys only chits of the scenario's divisions.
    pub fn validate(&self, data: &CommandData) -> Result<(), RuleViolation> {
        if self.first_turn == 0 || self.last_turn < self.first_turn {
            return refuse("S21.3", "a scenario lasts from its first to its last turn");
        }
        if !self.boxes.is_empty() && self.last_turn as usize > self.boxes.len() {
            return refuse("S21.3", "the Turn Record Track must list every turn played");
        }
        for d in &self.divisions {
            data.division(d.division)?;
        }
        for r in &self.reinforcements {
            if data.division(r.division)?.side != r.side {
                return refuse("S21.3", "a reinforcement belongs to a division of its side");
            }
            if r.turn <= self.first_turn || r.turn > self.last_turn {
                return refuse(
                    "S18.1",
                    "reinforcements arrive on a later turn of the scenario",
                );
            }
        }
        for s in &self.setup {
            if data.division(s.division)?.side != s.side {
                return refuse("S21.3", "a unit sets up with a division of its side");
            }
        }
        if self
            .victory
            .check_turns
            .iter()
            .any(|t| *t < self.first_turn || *t > self.last_turn)
        {
            return refuse("S3.7.1", "victory is checked on turns of the scenario");
        }
        if let Start::ActionPhase { cup } = &self.start {
            if cup.iter().any(|c| data.payer(*c).is_none()) {
                return refuse(
                    "S21.3",
                    "a scenario starting at step 2A names only bought chits for the Cup",
                );
            }
        }
        Ok(())
    }

    /// The game's command data as this scenario sets it: initiative (S3.8), last turn (S3.7.2)
    /// and changed ratings (S4.1, exclusive 9.1).
    pub fn command_data(&self, base: &CommandData) -> Result<CommandData, RuleViolation> {
        let mut data = base.clone();
        data.initiative = self.initiative;
        data.last_turn = self.last_turn;
        for d in &self.divisions {
            data.division(d.division)?;
            let def = &mut data.divisions[d.division.0 as usize];
            if let Some(r) = d.dispatch_rating {
                def.dispatch_rating = r;
            }
            if let Some(r) = d.command_rating {
                def.command_rating = r;
            }
        }
        Ok(data)
    }

    /// S18.1, S18.3: the Turn Record Track with every reinforcement held for its turn.
    pub fn track(&self) -> Result<TurnRecordTrack, RuleViolation> {
        let mut t = TurnRecordTrack::new(self.boxes.clone());
        for r in &self.reinforcements {
            t.schedule(Held {
                unit: r.unit,
                side: r.side,
                division: r.division,
                turn: r.turn,
                to: Arrival::Enter { entry: r.entry },
            })?;
        }
        Ok(t)
    }
}
