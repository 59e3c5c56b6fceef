//! The Division Displays as engine state (S2.8, S18.4, S18.5) with the Routed box that the
//! series' rout (S11.8.3), eliminated HQs (S11.12.1) and the return check (S11.10) use.
//!
//! A Division Display is three things the engine keeps apart and [`DivisionDisplay`] shows
//! together:
//!
//! * the printed **command values** and **maximum TQ**: `css::command::DivisionDef` (S4.1,
//!   S17.3), scenario data;
//! * the **current TQ** and the **General Records Track** (DP 0–9, DC 0–19, fatigue):
//!   `css::command::DivisionTrack`, kept by the turn machine (`TurnState::tracks`);
//! * the **boxes** ([`DivisionBoxes`]): the Routed box ([`Routed`], S11.8.3: the unit keeps
//!   its step losses, loses its status marker), units a game keeps in its own boxes
//!   (the *Gates* Available for Sabotage box, 3.11; [`BoxKind::Game`]) and off-map units
//!   ([`BoxKind::OffMap`], S18.5) — kept by the turn machine too (`TurnState::displays`).
//!   The Available SW box is the armoury's (`css::weapons::Armoury`, S13.1).
//!
//! Off-map units (S18.5) act with their division ([`OffMapUnit::is_active`]) and are never
//! attacked unless a rule says so ([`may_attack_off_map`]).

#[cfg(test)]
mod tests;

use crate::core::protocol::{refuse, Case, RuleViolation};
use crate::core::units::UnitId;
use crate::css::command::{Chit, CommandData, DivisionDef, DivisionId, DivisionTrack};
use crate::css::command::{FormationId, MAX_DIVISIONS};
use crate::css::morale::{rout_to_box, Condition};
use serde::{Deserialize, Serialize};

/// Units one division's Routed box holds at once.
pub const MAX_ROUTED: usize = 16;
/// Units one division keeps in its other boxes (game boxes and off-map units).
pub const MAX_BOXED: usize = 12;

/// A box of a Division Display that holds units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoxKind {
    /// S11.8.3, S18.4.
    Routed,
    /// Off-map units the scenario puts on the display (S18.5).
    OffMap,
    /// A box the game adds, by the game's own number (*Gates*: Available for Sabotage 3.11,
    /// Airfield 8.2, Available Aircraft 8.3).
    Game(u8),
}

/// A unit in its division's Routed box (S11.8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Routed {
    pub unit: UnitId,
    /// Its formation: it returns next to an HQ of it (S11.10).
    pub formation: FormationId,
    /// Printed TQ, for the return check (S11.10).
    pub printed_tq: u8,
    /// Its steps and step losses; the status is always none in the box.
    pub condition: Condition,
    /// An HQ returns without a DG (S11.10, S11.12.1).
    pub is_hq: bool,
    /// The Game Turn of its last return check (one per Reinforcement Phase).
    pub checked: u8,
}

/// An off-map unit on a Division Display (S18.5), or a unit in a box the game adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OffMapUnit {
    pub unit: UnitId,
    pub kind: BoxKind,
    /// The formation it belongs to, if it has one with chits.
    pub formation: Option<FormationId>,
}

impl OffMapUnit {
    /// S18.5: an off-map unit is active with its division: under its division's Division chit
    /// or its own formation's Formation chit (S3.4); it acts as its own rule says.
    pub fn is_active(&self, data: &CommandData, division: DivisionId, chit: Chit) -> bool {
        match chit {
            Chit::Division(d) => d == division,
            Chit::Formation(f) => self.formation == Some(f) && data.payer(chit) == Some(division),
            _ => false,
        }
    }
}

/// S18.5: off-map units are never attacked, unless a rule says so (`by_rule`: the case that
/// allows it, e.g. *Gates* 3.11.4).
pub fn may_attack_off_map(by_rule: Option<Case>) -> Result<Case, RuleViolation> {
    match by_rule {
        Some(c) => Ok(c),
        None => refuse(
            "S18.5",
            "an off-map unit on a Division Display cannot be attacked unless a rule says so",
        ),
    }
}

/// The boxes of one Division Display.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivisionBoxes {
    pub routed: heapless::Vec<Routed, MAX_ROUTED>,
    pub units: heapless::Vec<OffMapUnit, MAX_BOXED>,
}

impl DivisionBoxes {
    /// S11.8.3: a unit that traced a rout path goes to the Routed box with its step losses,
    /// its status marker removed. S11.12.1: an eliminated HQ goes there too.
    pub fn rout(
        &mut self,
        unit: UnitId,
        formation: FormationId,
        printed_tq: u8,
        mut condition: Condition,
        is_hq: bool,
    ) -> Result<(), RuleViolation> {
        if self.routed.iter().any(|r| r.unit == unit) {
            return refuse("S11.8.3", "the unit is already in the Routed box");
        }
        rout_to_box(&mut condition);
        self.routed
            .push(Routed {
                unit,
                formation,
                printed_tq,
                condition,
                is_hq,
                checked: 0,
            })
            .map_err(|_| RuleViolation::new("engine", "the Routed box is full"))
    }

    /// Takes a unit out of the Routed box (it returned, or was eliminated there).
    pub fn leave_routed(&mut self, unit: UnitId) -> Option<Routed> {
        let i = self.routed.iter().position(|r| r.unit == unit)?;
        Some(self.routed.remove(i))
    }

    /// Puts a unit in a box other than the Routed box (S18.4, S18.5).
    pub fn put(&mut self, u: OffMapUnit) -> Result<(), RuleViolation> {
        if u.kind == BoxKind::Routed {
            return refuse("S11.8.3", "a routed unit goes to the Routed box by rout");
        }
        self.units
            .push(u)
            .map_err(|_| RuleViolation::new("engine", "the Division Display's box is full"))
    }

    /// Takes a unit out of a box (to the map, the track, or gone).
    pub fn take(&mut self, unit: UnitId) -> Option<OffMapUnit> {
        let i = self.units.iter().position(|u| u.unit == unit)?;
        Some(self.units.remove(i))
    }

    pub fn in_box(&self, kind: BoxKind) -> impl Iterator<Item = &OffMapUnit> {
        self.units.iter().filter(move |u| u.kind == kind)
    }
}

/// The boxes of every Division Display, by `DivisionId`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Displays {
    pub boxes: heapless::Vec<DivisionBoxes, MAX_DIVISIONS>,
}

impl Displays {
    /// Empty displays for every division of `data`.
    pub fn new(data: &CommandData) -> Displays {
        let mut boxes = heapless::Vec::new();
        for _ in &data.divisions {
            let _ = boxes.push(DivisionBoxes::default()); // as many as MAX_DIVISIONS allows
        }
        Displays { boxes }
    }

    pub fn of(&self, d: DivisionId) -> Result<&DivisionBoxes, RuleViolation> {
        self.boxes
            .get(d.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such Division Display"))
    }

    pub fn of_mut(&mut self, d: DivisionId) -> Result<&mut DivisionBoxes, RuleViolation> {
        self.boxes
            .get_mut(d.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such Division Display"))
    }

    /// The division whose Routed box holds `unit`.
    pub fn routed_in(&self, unit: UnitId) -> Option<DivisionId> {
        self.boxes
            .iter()
            .position(|b| b.routed.iter().any(|r| r.unit == unit))
            .map(|i| DivisionId(i as u8))
    }
}

/// One Division Display as a player reads it (S18.4).
#[derive(Clone, Copy, Debug)]
pub struct DivisionDisplay<'a> {
    pub def: &'a DivisionDef,
    pub track: &'a DivisionTrack,
    pub boxes: &'a DivisionBoxes,
}

impl DivisionDisplay<'_> {
    /// Command values (S4.1): Dispatch Rating and Command Rating.
    pub const fn command_values(&self) -> (u8, u8) {
        (self.def.dispatch_rating, self.def.command_rating)
    }
    /// Maximum and current TQ (S17.3).
    pub const fn tq(&self) -> (u8, u8) {
        (self.def.max_tq, self.track.tq)
    }
    /// The General Records Track: DP, DC, fatigue (S18.4, exclusive 9.0, 9.1).
    pub const fn records(&self) -> (u8, u8, u8) {
        (self.track.dp, self.track.dc, self.track.fatigue)
    }
    pub fn routed(&self) -> &[Routed] {
        &self.boxes.routed
    }
    pub fn off_map(&self) -> impl Iterator<Item = &OffMapUnit> {
        self.boxes.in_box(BoxKind::OffMap)
    }
}
