//! 10.2 Victory hexes: the places of special interest a scenario names (2.5) get a Destroyed
//! marker the first time a Warsaw Pact unit occupies one, and keep it; the scenario's victory
//! check (14.0 3A, series S3.7.1) reads them with the 10.1 track.
//!
//! Occupation is read from the series events: a unit entering a hex by a move step (S7.2), an
//! advance after an assault or charge (S10.6), or a placement at step 1C (S18.1, S11.10).
//!
//! The verdict (`Judge`) is the scenario's, as its file's comment block states it and its
//! `[victory]` table encodes it (stand-ins all: the Scenario Book is not in the rulebook):
//! 10.1's 29 against 0 first; then at every check turn the Warsaw Pact wins if its objective
//! test holds (each group of objectives destroyed, or held, up to its count) or, where the
//! scenario says so, it leads on the VP track or in units eliminated; on the last turn (judged
//! even when it is not a check turn, S3.7.2) the scenario's `otherwise` decides: NATO, or the
//! side ahead on the VP track (equal: a draw) — the stand-in kept from before issue 14.

use super::{Event, State};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::css::counter::Counter;
use crate::css::scenario::{Verdict, Victory};
use crate::gates::victory::VictoryTrack;
use crate::gates::{NATO, WARSAW_PACT};
use serde::{Deserialize, Serialize};

/// Objective hexes one scenario names (a bit each in [`Destroyed`]).
pub const MAX_OBJECTIVES: usize = 32;
/// Groups in one scenario's objective test.
pub const MAX_GROUPS: usize = 4;

/// What the Warsaw Pact's objective test counts (stand-in, per scenario).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    /// Objectives destroyed (entered once, 10.2).
    #[default]
    Destroyed,
    /// Objectives with a Warsaw Pact unit in them at the check.
    Held,
}

/// What else wins the check for the Warsaw Pact (stand-in, per scenario).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lead {
    #[default]
    None,
    /// More Victory Points than NATO (10.1).
    Vp,
    /// More NATO units eliminated than Warsaw Pact units lost.
    Losses,
}

/// Who wins on the last turn when the Warsaw Pact's test fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Otherwise {
    /// The side ahead on the VP track; equal points a draw (the stand-in before issue 14).
    #[default]
    VpLead,
    /// NATO held on.
    Nato,
}

/// Objectives of the scenario's list (bit `i`: `hexes[i]`) of which at least `at_least` count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub mask: u32,
    pub at_least: u8,
}

/// A scenario's victory hexes and its test (stand-in, the scenario file's comment).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objectives {
    /// 2.5, 10.2: the places of special interest of the scenario.
    pub hexes: heapless::Vec<HexId, MAX_OBJECTIVES>,
    /// The Warsaw Pact's test: every group met (none: the objectives decide nothing).
    pub groups: heapless::Vec<Group, MAX_GROUPS>,
    pub test: Test,
    pub lead: Lead,
    pub otherwise: Otherwise,
}

impl Objectives {
    /// The bit of `hex` in the list.
    pub fn bit(&self, hex: HexId) -> Option<u32> {
        self.hexes.iter().position(|h| *h == hex).map(|i| 1 << i)
    }

    /// Does the Warsaw Pact's objective test hold for these objectives (a bit each)?
    pub fn met(&self, bits: u32) -> bool {
        !self.groups.is_empty()
            && self
                .groups
                .iter()
                .all(|g| (g.mask & bits).count_ones() >= u32::from(g.at_least))
    }
}

/// 10.2: the objectives a Warsaw Pact unit has occupied (bit `i`: the scenario's `hexes[i]`);
/// a Destroyed marker never comes off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Destroyed {
    pub bits: u32,
}

impl Destroyed {
    pub fn is_destroyed(&self, rules: &Objectives, hex: HexId) -> bool {
        rules.bit(hex).is_some_and(|b| self.bits & b != 0)
    }

    pub const fn count(&self) -> u32 {
        self.bits.count_ones()
    }

    /// 10.2: `unit` of `counter` entered `hex`: a Warsaw Pact unit destroys an objective not
    /// yet destroyed (event `Destroyed`).
    pub fn entered(
        &mut self,
        rules: &Objectives,
        unit: UnitId,
        counter: &Counter,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if counter.side != WARSAW_PACT {
            return Ok(());
        }
        match rules.bit(hex) {
            Some(b) if self.bits & b == 0 => {
                self.bits |= b;
                emit(events, Event::Destroyed { hex, unit })
            }
            _ => Ok(()),
        }
    }
}

/// The scenario's verdict at a check (series `Victory`), from the state as the check's input
/// finds it (that input ends a chit or a step: it moves and removes no unit).
pub struct Judge<'a> {
    pub vp: VictoryTrack,
    pub rules: &'a Objectives,
    pub last_turn: u8,
    /// The objective bits the test counts (destroyed, or held now).
    pub bits: u32,
    /// Units each side has lost (eliminated or captured), by `Side::index`.
    pub losses: [u16; 2],
}

impl<'a> Judge<'a> {
    pub fn new(state: &State, rules: &'a Objectives, counters: &[Counter], last_turn: u8) -> Self {
        let mut losses = [0u16; 2];
        let mut held = 0u32;
        // Only the tests that count units look at them (once per input: keep it cheap).
        let count_units = rules.test == Test::Held || rules.lead == Lead::Losses;
        for u in state.series.units.iter().filter(|_| count_units) {
            let Some(c) = counters.get(u.id.0 as usize) else {
                continue;
            };
            if u.removed.is_some() {
                losses[c.side.index()] += 1;
            }
            if let (Some(h), true) = (u.hex, c.side == WARSAW_PACT) {
                held |= rules.bit(h).unwrap_or(0);
            }
        }
        let bits = match rules.test {
            Test::Destroyed => state.objectives.bits,
            Test::Held => held,
        };
        Judge {
            vp: state.vp,
            rules,
            last_turn,
            bits,
            losses,
        }
    }

    fn warsaw_pact_wins(&self) -> bool {
        let lead = match self.rules.lead {
            Lead::None => false,
            Lead::Vp => self.vp.of(WARSAW_PACT) > self.vp.of(NATO),
            Lead::Losses => self.losses[NATO.index()] > self.losses[WARSAW_PACT.index()],
        };
        self.rules.met(self.bits) || lead
    }
}

impl Victory for Judge<'_> {
    fn check(&self, turn: u8) -> Option<Verdict> {
        if let Some(side) = self.vp.decided() {
            return Some(Verdict::Win(side));
        }
        if self.warsaw_pact_wins() {
            return Some(Verdict::Win(WARSAW_PACT));
        }
        if turn < self.last_turn {
            return None;
        }
        Some(match self.rules.otherwise {
            Otherwise::Nato => Verdict::Win(NATO),
            Otherwise::VpLead => {
                let (nato, wp) = (self.vp.of(NATO), self.vp.of(WARSAW_PACT));
                match nato.cmp(&wp) {
                    core::cmp::Ordering::Greater => Verdict::Win(NATO),
                    core::cmp::Ordering::Less => Verdict::Win(WARSAW_PACT),
                    core::cmp::Ordering::Equal => Verdict::Draw,
                }
            }
        })
    }
}

/// S3.7.2 (stand-in): the last turn's End Phase is judged too, so every scenario ends with a
/// verdict (the files' "at the end" conditions).
pub fn judge_the_last_turn(turn: &mut crate::css::command::turn::TurnState, last_turn: u8) {
    if !turn.victory_turns.contains(&last_turn) {
        let _ = turn.victory_turns.push(last_turn);
    }
}
