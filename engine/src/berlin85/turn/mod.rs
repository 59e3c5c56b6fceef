//! Start and end of Game-Turns and Player-Turns: Honors of War [19.0], NATO emergency
//! reinforcements [17.0], air points and air superiority [9.0], the Medicine Wheel air and
//! supply-priority rolls [21.33], [21.35] 4, fire spread [10.74], marker expiry [8.82],
//! [10.71], the rail-line Victory Points [20.22], [20.23] and the end-of-game check [20.0].
//!
//! The start of a Game-Turn is a small state machine ([`TurnStep`]): each step either needs a
//! decision or a roll (and waits in `turn_pending`) or is skipped, in the order of [4.0] and
//! [17.0] (Honors of War before the reinforcement roll, both before the Warsaw Pact moves).
//!
//! This module holds the state ([`TurnState`], [`TurnStep`]), the Turn Record Track queries
//! (night turns [16.0], VP multiples [20.21]) and the input helpers the steps share.
//! Submodules, one subsystem each: `sequence` (the hooks the sequence of play [4.0] calls, and
//! the Game-Turn start procedure), `honors` ([19.x]), `reinforcements` ([17.x]), `air` ([9.x],
//! [21.33]), `markers` (fire spread and marker expiry [8.82], [10.7x]) and `rail` ([20.22],
//! [20.23], [21.35] 4). Each rule's own decisions are documented in its submodule.

mod air;
mod honors;
mod markers;
mod rail;
mod reinforcements;
mod sequence;
#[cfg(test)]
pub(crate) mod tests;

pub use honors::{HonorsSecond, HONORS_MIN_SP, HONORS_PENALTY_VP};
pub use markers::MAX_FIRE_CHECKS;
pub use rail::{RAIL_INTERDICTION_VP, RAIL_OCCUPATION_VP, SUPPLY_PRIORITY_FIRST_TURN};
pub use reinforcements::{ReinforcementRoll, EMERGENCY_AIR_POINTS};

use super::command::Choice;
use super::game::{Game, Input85};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, DiceSpec, Input, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// Words of the unit bitset (one bit per unit of the roster).
pub const UNIT_BITSET_WORDS: usize = crate::core::units::MAX_UNITS.div_ceil(32);

/// Where the start of a Game-Turn or Player-Turn stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnStep {
    /// Nothing is asked.
    #[default]
    Idle,
    /// Medicine Wheel: the Warsaw Pact rolls its air points [21.33].
    WpAirRoll,
    /// Medicine Wheel: the Warsaw Pact rolls for a new supply priority [21.35] 4.
    SupplyPriorityRoll,
    /// The Warsaw Pact may offer the Honors of War [19.0].
    HonorsOffer,
    /// 2d6 on the Honors of War Table [19.3].
    HonorsRoll,
    /// The second die of a "B", "C", "S" or modifier result [19.11]-[19.14].
    HonorsSecond { kind: HonorsSecond, modifier: i8 },
    /// NATO may roll for emergency reinforcements [17.0].
    ReinforcementOffer,
    /// 2d6 on the Reinforcement Table, secret to NATO [17.0].
    ReinforcementRoll,
    /// The Jägerbrigade's fate [17.1].
    JagerRoll,
    /// The phasing player rolls for the next POL hex next to a fire [10.74].
    FireSpread,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Running total of the Surrender Points scored for destroyed units [19.42], [19.43]
    /// (Warsaw Pact positive). Terrain points [19.44] are counted from the hexes held: the
    /// total is [`Game::surrender_points`].
    pub surrender_points: i16,
    /// Air points left this Game-Turn, by side index [9.1].
    pub air_points: [u8; 2],
    /// NATO has air superiority this Game-Turn [9.22], [17.1].
    pub nato_air_superiority: bool,
    /// Honors of War bonus shift holder this Game-Turn [19.11].
    pub bonus_side: Option<Side>,
    pub step: TurnStep,
    /// Honors of War offers that did not end in a surrender (-20 VP each) [19.21].
    pub honors_failed_offers: u8,
    /// This Game-Turn is lost to a cease fire [19.12].
    pub cease_fire: bool,
    /// NATO surrendered [19.12], [19.13].
    pub surrendered: bool,
    /// Game-Turn in which the city fell (0: it has not) [20.11], [19.12].
    pub city_fell_turn: u8,
    /// A 2-5 ended NATO's emergency reinforcements [17.1] (NATO's secret).
    pub reinforcements_over: bool,
    /// A 12 has been rolled: no more rolls, in the open [17.23].
    pub twelve_rolled: bool,
    /// NATO's last emergency reinforcement roll.
    pub reinforcement_roll: Option<ReinforcementRoll>,
    /// Game-Turn in which the Jägerbrigade may airland (0: none) [17.1], [13.11].
    pub jager_turn: u8,
    /// Medicine Wheel air points rolled this Game-Turn [21.33].
    pub wp_air_roll: u8,
    /// Game-Turn from which the new supply priority is in force (0: not achieved) [21.35] 4.
    pub supply_priority_from: u8,
    /// A NATO unit has occupied the rail line at some point [21.35] 4.
    pub nato_on_rail_ever: bool,
    /// A NATO unit occupied the rail line this Game-Turn [20.23].
    pub rail_occupied_this_turn: bool,
    /// NATO artillery interdicted the rail line this Game-Turn [20.22] (set by combat).
    pub interdicted: bool,
    /// NATO rail-line VP so far [20.22], [20.23].
    pub rail_vp: u16,
    /// POL hexes still to roll for this Player-Turn [10.74].
    pub fire_checks: heapless::Vec<HexId, MAX_FIRE_CHECKS>,
    /// Running Medicine Wheel VP by side index [21.36].
    pub mw_vp: [i16; 2],
    /// Units that left the map across the north or west edge (they score [21.36]).
    pub exited_scoring: [u32; UNIT_BITSET_WORDS],
}

/// Where the Game-Turn start procedure resumes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    WpAir,
    SupplyPriority,
    Honors,
    Reinforcement,
    Finish,
}

fn yes_no() -> heapless::Vec<Choice, { crate::core::protocol::MAX_OPTIONS }> {
    let mut v = heapless::Vec::new();
    let _ = v.push(Choice::Yes);
    let _ = v.push(Choice::No);
    v
}

impl<'d> Game<'d> {
    // ---- the Turn Record Track ----------------------------------------------------------------

    /// Is the current Game-Turn a night turn [16.0] (Turn Record Track)?
    pub fn is_night(&self) -> bool {
        self.turn_box(self.state.turn).is_some_and(|b| b.night)
    }

    pub(crate) fn turn_box(&self, turn: u8) -> Option<&'d super::data::TurnBox> {
        (turn as usize)
            .checked_sub(1)
            .and_then(|i| self.data.tables.turns.get(i))
    }

    /// The VP multiple of a Game-Turn, times two [20.21].
    pub fn vp_multiple_halves(&self, turn: u8) -> u8 {
        self.turn_box(turn).map_or(0, |b| b.vp_multiple_halves)
    }
}

/// The total of a roll the table asked for, or a refusal citing `case`.
fn expect_roll(input: &Input85, dice: DiceSpec, case: &'static str) -> Result<u8, RuleViolation> {
    match input {
        Input::Rolled(r) if dice.accepts(r) => Ok(r.total() as u8),
        Input::Rolled(_) => refuse(case, "those are not the dice this roll needs"),
        _ => refuse(case, "the dice must be rolled now"),
    }
}

/// The index of the option chosen, or a refusal citing `case`.
fn expect_choice(input: &Input85, options: u8, case: &'static str) -> Result<u8, RuleViolation> {
    match input {
        Input::Chose(i) if *i < options => Ok(*i),
        Input::Chose(_) => refuse(case, "there is no such option"),
        _ => refuse(case, "a choice must be made now"),
    }
}
