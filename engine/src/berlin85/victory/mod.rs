//! Surrender Points [19.4], city control [20.1], Victory Points and the level of victory
//! [20.2], and Operation Medicine Wheel's Victory Point schedule [21.36].
//!
//! This module holds what the status bar and the victory screen show: how the game ended
//! ([`Ending`]), the VP so far ([`VpSoFar`]), the breakdown ([`Outcome`], [`VpLine`]) and the
//! end-of-game summary [20.2]. Submodules: `surrender` (Surrender Points [19.4]), `standard`
//! (city control [20.11], the standard scenarios' VP [20.21] and levels [20.24]) and
//! `schedule` (Medicine Wheel's scenario VP schedule [21.36]).
//!
//! Decisions documented here:
//! - VP are kept in halves (the VP multiple may be ½). A level's lower bound is "at least":
//!   199½ VP is a Substantive, not a Decisive, victory [20.24].

mod schedule;
mod standard;
mod surrender;
#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) use schedule::medicine_wheel_test_schedule;
pub use schedule::MEDICINE_WHEEL_WP_STANDIN;
pub use standard::level_of;
pub use surrender::loss_value;

use super::event::Event;
use super::game::Game;
use super::state::{Phase, NATO, WARSAW_PACT};
use super::turn::HONORS_PENALTY_VP;
use crate::core::protocol::{emit, Case, Events, RuleViolation};
use crate::core::side::Side;
use crate::event;
use schedule::vp_label;

/// Lines of a victory breakdown.
pub const MAX_VP_LINES: usize = 12;

// Each line of a schedule is one line of the victory screen.
const _: () = assert!(super::data::MAX_VP_ENTRIES <= MAX_VP_LINES);

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The Warsaw Pact controlled the city at the end of Game-Turn `turn` [20.11].
    CityControlled { turn: u8 },
    /// NATO surrendered in Game-Turn `turn` [19.12], [19.13].
    Surrender { turn: u8 },
    /// The last Game-Turn was played [20.0], [21.34].
    LastTurn { turn: u8 },
}

/// One line of the victory screen: `count` × `each_halves`/2 VP for `side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VpLine {
    pub case: Case,
    pub label: &'static str,
    pub side: Side,
    pub count: i32,
    pub each_halves: i32,
    pub total_halves: i32,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ending: Ending,
    /// Warsaw Pact VP net of NATO's (standard scenarios), or the Warsaw Pact's own total
    /// (Medicine Wheel), in halves.
    pub wp_vp_halves: i32,
    /// NATO VP in halves (Medicine Wheel and the rail line).
    pub nato_vp_halves: i32,
    pub winner: Option<Side>,
    pub level: &'static str,
    pub lines: heapless::Vec<VpLine, MAX_VP_LINES>,
    /// A stand-in schedule decided the game (Medicine Wheel).
    pub stand_in: bool,
    /// The victory conditions that decided it: [20.0], or Medicine Wheel's own [21.36].
    pub case: Case,
}

/// Victory Points so far (the status bar).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VpSoFar {
    /// Warsaw Pact VP if the city fell now, net of penalties and NATO's VP; or, in Medicine
    /// Wheel, the Warsaw Pact's running VP. In halves.
    pub wp_halves: i32,
    pub nato_halves: i32,
}

impl<'d> Game<'d> {
    /// Victory Points so far: what the Warsaw Pact would score if the city fell now.
    pub fn victory_points(&self) -> VpSoFar {
        if self.scenario().rules.medicine_wheel_vp {
            let v = self.state.turn_state.mw_vp;
            let total = |s: Side| 2 * (i32::from(v[s.index()]) + self.schedule_held_vp(s));
            return VpSoFar {
                wp_halves: total(WARSAW_PACT),
                nato_halves: total(NATO),
            };
        }
        let turn = if self.state.turn_state.city_fell_turn != 0 {
            self.state.turn_state.city_fell_turn
        } else {
            self.state.turn
        };
        let ts = &self.state.turn_state;
        let nato = 2 * ts.rail_vp as i32;
        let wp = self.wp_units_on_map() * self.vp_multiple_halves(turn) as i32
            + self.withheld_units() * 10
            - ts.honors_failed_offers as i32 * 2 * HONORS_PENALTY_VP as i32
            - nato;
        VpSoFar {
            wp_halves: wp,
            nato_halves: nato,
        }
    }

    fn ending(&self) -> Option<Ending> {
        if self.state.phase != Phase::GameOver {
            return None;
        }
        let ts = &self.state.turn_state;
        Some(if ts.surrendered {
            Ending::Surrender {
                turn: ts.city_fell_turn,
            }
        } else if ts.city_fell_turn != 0 {
            Ending::CityControlled {
                turn: ts.city_fell_turn,
            }
        } else {
            Ending::LastTurn {
                turn: self.state.turn,
            }
        })
    }

    /// The victory screen, once the game is over [20.2], [21.36].
    pub fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending()?;
        Some(self.evaluate(ending))
    }

    fn evaluate(&self, ending: Ending) -> Outcome {
        let mut lines: heapless::Vec<VpLine, MAX_VP_LINES> = heapless::Vec::new();
        let mut line = |case, label, side, count: i32, each_halves: i32| {
            let _ = lines.push(VpLine {
                case,
                label,
                side,
                count,
                each_halves,
                total_halves: count * each_halves,
            });
        };
        if self.scenario().rules.medicine_wheel_vp {
            // One line per line of the schedule [21.36].
            for (i, e) in self.scenario().victory_points.iter().enumerate() {
                line(
                    "21.36",
                    vp_label(e),
                    e.side,
                    self.schedule_count(i, e),
                    2 * i32::from(e.points),
                );
            }
            let sum = |side: Side| {
                lines
                    .iter()
                    .filter(|l| l.side == side)
                    .map(|l| l.total_halves)
                    .sum::<i32>()
            };
            let (wp, nato) = (sum(WARSAW_PACT), sum(NATO));
            let (winner, level) = match wp.cmp(&nato) {
                core::cmp::Ordering::Greater => {
                    (Some(WARSAW_PACT), "Warsaw Pact Victory (stand-in schedule)")
                }
                core::cmp::Ordering::Less => (Some(NATO), "NATO Victory (stand-in schedule)"),
                core::cmp::Ordering::Equal => (None, "Draw (stand-in schedule)"),
            };
            return Outcome {
                ending,
                wp_vp_halves: wp,
                nato_vp_halves: nato,
                winner,
                level,
                lines,
                stand_in: true,
                case: "21.36",
            };
        }
        let ts = &self.state.turn_state;
        match ending {
            Ending::CityControlled { turn } | Ending::Surrender { turn } => {
                line(
                    "20.21",
                    "Warsaw Pact non-police units on the map x VP multiple",
                    WARSAW_PACT,
                    self.wp_units_on_map(),
                    self.vp_multiple_halves(turn) as i32,
                );
                line(
                    "20.21",
                    "units of withheld divisions x 5",
                    WARSAW_PACT,
                    self.withheld_units(),
                    10,
                );
            }
            Ending::LastTurn { .. } => {
                line(
                    "20.21",
                    "the city did not fall: no VP for it",
                    WARSAW_PACT,
                    0,
                    0,
                );
            }
        }
        line(
            "19.21",
            "Honors of War offered without a surrender x -20",
            WARSAW_PACT,
            ts.honors_failed_offers as i32,
            -2 * HONORS_PENALTY_VP as i32,
        );
        line(
            "20.22",
            "NATO VP for the rail line (subtracted)",
            NATO,
            ts.rail_vp as i32,
            -2,
        );
        let net: i32 = lines.iter().map(|l| l.total_halves).sum();
        let (level, winner) = level_of(net);
        Outcome {
            ending,
            wp_vp_halves: net,
            nato_vp_halves: 2 * ts.rail_vp as i32,
            winner: Some(winner),
            level,
            lines,
            stand_in: false,
            case: "20.0",
        }
    }

    /// Emits the end-of-game summary [20.2].
    pub(crate) fn announce_outcome(&self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let ending = match self.state.turn_state.city_fell_turn {
            0 => Ending::LastTurn {
                turn: self.state.turn,
            },
            t if self.state.turn_state.surrendered => Ending::Surrender { turn: t },
            t => Ending::CityControlled { turn: t },
        };
        let o = self.evaluate(ending);
        let case = if o.stand_in { "21.36" } else { "20.24" };
        emit(
            events,
            event!(
                case,
                "{} (Warsaw Pact {} VP, NATO {} VP)",
                o.level,
                Halves(o.wp_vp_halves),
                Halves(o.nato_vp_halves)
            ),
        )
    }
}

/// Displays a number of half VP: 7 → "3½", -3 → "-1½".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Halves(pub i32);

impl core::fmt::Display for Halves {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let v = self.0;
        let sign = if v < 0 { "-" } else { "" };
        let a = v.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{}{}", sign, a / 2)
        } else if a == 1 {
            write!(f, "{}½", sign)
        } else {
            write!(f, "{}{}½", sign, a / 2)
        }
    }
}
