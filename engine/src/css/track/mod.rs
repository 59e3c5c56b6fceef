//! The Turn Record Track (S2.8, S18.2) and its use as a holding area (S18.3).
//!
//! * **Boxes** ([`TrackBox`], S18.2): every Game Turn of a scenario with its time of day and
//!   its light (Day or Night, first Day turn of a game day), turn 1 first. The *Gates*
//!   stand-in day is [`gates_day`] (0700 … 1900 Day, 2100 0000 0300 Night; marked stand-in:
//!   the printed track is not in the rules); [`TurnRecordTrack::lights`] gives the boxes as
//!   `css::night` reads them (`css::command::sky::Light::track`).
//! * **Holding area** ([`Held`], S18.3): a unit put "n turns ahead" is out of play until that
//!   turn's Reinforcement Phase. The scenario's reinforcements wait there too, each for its own
//!   turn ([`Arrival::Enter`], S18.1); so do units that come back as if they had routed and
//!   returned ([`Arrival::AsReturned`], exclusive 14.0 1C-d), and units that go back to a box
//!   of their Division Display ([`Arrival::ToBox`], exclusive 3.11). The turn machine takes
//!   the units due at step 1C ([`TurnRecordTrack::take_due`], `css::command::arrivals`).

#[cfg(test)]
mod tests;

use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::command::DivisionId;
use crate::css::display::BoxKind;
use crate::css::night::TrackTurn;
use serde::{Deserialize, Serialize};

/// Game Turns a track lists (a *Gates* campaign of six game days is 60 turns).
pub const MAX_TRACK: usize = 64;
/// Units waiting on the track at once (reinforcements and units held n turns ahead).
pub const MAX_HELD: usize = 96;

/// One box of the Turn Record Track (S18.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackBox {
    /// The time of day the box prints, as hhmm (0700 is 700).
    pub time: u16,
    pub light: TrackTurn,
}

/// The *Gates* day of S18.2 (stand-in: the printed Turn Record Track is not in the rules):
/// seven two-hour Day turns from 0700, then three Night turns.
pub const GATES_DAY: [(u16, bool); 10] = [
    (700, false),
    (900, false),
    (1100, false),
    (1300, false),
    (1500, false),
    (1700, false),
    (1900, false),
    (2100, true),
    (0, true),
    (300, true),
];

/// The *Gates* stand-in boxes of `days` game days from 0700 of day 1 (S18.2), at most
/// [`MAX_TRACK`] turns.
pub fn gates_day(days: u8) -> heapless::Vec<TrackBox, MAX_TRACK> {
    let mut out = heapless::Vec::new();
    for day in 1..=days {
        for (i, (time, night)) in GATES_DAY.iter().enumerate() {
            let b = TrackBox {
                time: *time,
                light: TrackTurn {
                    game_day: day,
                    night: *night,
                    first_day_turn: i == 0,
                },
            };
            if out.push(b).is_err() {
                return out;
            }
        }
    }
    out
}

/// Where a unit taken off the track goes in its turn's Reinforcement Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrival {
    /// A reinforcement: placed in or next to its entry hex, in Column (S18.1).
    Enter { entry: HexId },
    /// Placed as a unit that routed and passed its return check, without the check (S11.10,
    /// exclusive 14.0 1C-d).
    AsReturned,
    /// Into a box of its Division Display (exclusive 3.11: the Available for Sabotage box).
    ToBox(BoxKind),
}

/// A unit on the track (S18.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub unit: UnitId,
    pub side: Side,
    pub division: DivisionId,
    /// The Game Turn in whose Reinforcement Phase it comes back.
    pub turn: u8,
    pub to: Arrival,
}

/// The Turn Record Track of a scenario: its boxes and the units held on it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecordTrack {
    pub boxes: heapless::Vec<TrackBox, MAX_TRACK>,
    pub held: heapless::Vec<Held, MAX_HELD>,
}

impl TurnRecordTrack {
    pub fn new(boxes: heapless::Vec<TrackBox, MAX_TRACK>) -> Self {
        TurnRecordTrack {
            boxes,
            held: heapless::Vec::new(),
        }
    }

    /// The box of Game Turn `turn` (turn 1 first), if the track lists it.
    pub fn turn_box(&self, turn: u8) -> Option<TrackBox> {
        self.boxes.get((turn as usize).checked_sub(1)?).copied()
    }

    /// S18.2: the light of each turn, turn 1 first, as the turn machine's sky reads it.
    pub fn lights(&self) -> heapless::Vec<TrackTurn, MAX_TRACK> {
        self.boxes.iter().map(|b| b.light).collect()
    }

    /// S18.1 (S21.3 item 7): a scheduled reinforcement waits on the box of its turn.
    pub fn schedule(&mut self, held: Held) -> Result<(), RuleViolation> {
        if held.turn == 0 {
            return refuse("S18.1", "reinforcements arrive on a Game Turn of the track");
        }
        self.held
            .push(held)
            .map_err(|_| RuleViolation::new("engine", "the Turn Record Track is full"))
    }

    /// S18.3: the unit is put `n` turns ahead of the current turn `now` (n ≥ 1): it comes back
    /// in the Reinforcement Phase of turn `now + n`. Returns that turn.
    #[allow(clippy::too_many_arguments)]
    pub fn place_ahead(
        &mut self,
        unit: UnitId,
        side: Side,
        division: DivisionId,
        now: u8,
        n: u8,
        to: Arrival,
    ) -> Result<u8, RuleViolation> {
        if n == 0 {
            return refuse("S18.3", "a unit is placed at least one turn ahead");
        }
        if self.is_held(unit) {
            return refuse("S18.3", "the unit is already on the Turn Record Track");
        }
        let turn = now
            .checked_add(n)
            .ok_or(RuleViolation::new("S18.3", "past the end of the track"))?;
        self.schedule(Held {
            unit,
            side,
            division,
            turn,
            to,
        })?;
        Ok(turn)
    }

    pub fn is_held(&self, unit: UnitId) -> bool {
        self.held.iter().any(|h| h.unit == unit)
    }

    /// The units whose turn is `turn` (or earlier, should a scenario start late), in the
    /// order they were put on the track.
    pub fn due(&self, turn: u8) -> impl Iterator<Item = &Held> {
        self.held.iter().filter(move |h| h.turn <= turn)
    }

    /// S18.3: takes off the track every unit due at `turn` into `out` (step 1C).
    pub fn take_due<const N: usize>(
        &mut self,
        turn: u8,
        out: &mut heapless::Vec<Held, N>,
    ) -> Result<(), RuleViolation> {
        let mut i = 0;
        while i < self.held.len() {
            if self.held[i].turn <= turn {
                let h = self.held.remove(i);
                out.push(h)
                    .map_err(|_| RuleViolation::new("engine", "too many units arriving"))?;
            } else {
                i += 1;
            }
        }
        Ok(())
    }
}
