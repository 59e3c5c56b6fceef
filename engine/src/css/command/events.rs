//! The events of the turn machine (S3), each with its case.

use super::turn::Origin;
use super::{Chit, DivisionId};
use crate::core::hex::HexId;
use crate::core::protocol::{Case, Cited};
use crate::core::units::UnitId;

/// What happened, with its case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    pub case: Case,
    pub what: What,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    TurnBegins(u8),
    CurrentTq {
        division: DivisionId,
        change: i8,
        now: u8,
    },
    Bought {
        chit: Chit,
        cost: u8,
    },
    Fatigue {
        division: DivisionId,
        now: u8,
    },
    DispatchPoints {
        division: DivisionId,
        gained: u8,
        now: u8,
    },
    CupFilled(u8),
    Played(Chit, Origin),
    DirectCommands {
        division: Option<DivisionId>,
        gained: u8,
    },
    DirectCommandSpent {
        division: Option<DivisionId>,
        unit: UnitId,
    },
    /// Thin Smoke goes, Smoke thins; on a gust all smoke goes (S9.9.3).
    Wind {
        gust: bool,
    },
    /// The game's random event procedure runs now (S4.9).
    RandomEvent,
    /// 2D-b and 2D-c: active leaders move, stacking is checked, Op Fire and Pin markers of
    /// the active units go.
    ActivationEnds(Chit),
    /// Step 2D-c: this unit got a DG for over-stacking or mixed formations (S6.3, S6.4).
    StackingDg(UnitId),
    SetAside(Chit),
    /// Step 1A: the day's weather (S3.2.1, S14.5).
    Weather(crate::css::night::WeatherEffect),
    /// Step 2A: Illumination markers removed on the first Day turn (S3.3.1, S14.3).
    IlluminationRemoved(u8),
    /// End Phase: victory check on the scenario's turns, housekeeping (S3.7).
    EndPhase(u8),
    GameOver,
    /// Step 1C: a unit came off the Turn Record Track to be placed (S18.3).
    Arriving(UnitId),
    /// Step 1C: a reinforcement entered at `hex`, in Column (S18.1).
    Entered {
        unit: UnitId,
        hex: HexId,
    },
    /// Step 1C: an arriving unit waits on the track until `turn` (S18.1).
    HeldOver {
        unit: UnitId,
        turn: u8,
    },
    /// Step 1C: a unit from the track went into a box of its Division Display (S18.3).
    IntoBox {
        unit: UnitId,
        division: DivisionId,
    },
    /// Step 1C: a routed unit's return check (S11.10).
    ReturnCheck {
        unit: UnitId,
        effective: i8,
        raw: u8,
        result: crate::css::morale::Return,
    },
    /// Step 1C: a unit came back from the Routed box (or as if it had, S11.10) to `hex`.
    Returned {
        unit: UnitId,
        hex: HexId,
    },
    /// Step 1C: a unit that passed stays in the Routed box (no hex, S11.10).
    StaysRouted(UnitId),
    /// Step 2D-b: an active leader moved on its own (S12.3.3).
    LeaderMoved {
        leader: UnitId,
        to: HexId,
        cost: u16,
    },
    /// End Phase step A: the game's victory test decided (S3.7.1, S21.1).
    Victory(crate::css::scenario::Verdict),
}

impl Cited for Event {
    fn case(&self) -> Case {
        self.case
    }
}

pub(crate) fn ev(case: Case, what: What) -> Event {
    Event { case, what }
}
