//! The unit counter (series S2.2, with its two sides S2.2.1, its steps S2.3 and HQs S2.2.2):
//! every value printed on a combat unit or HQ, as one [`Counter`] the data crate fills, and
//! what each rule module reads from it ([`Counter::weapon`] for fire, [`Counter::mover`] for
//! movement, [`Counter::target`] for being fired at, [`Counter::fresh`] for steps,
//! [`Counter::tq_situation`] for checks, [`Counter::piece`] for stacking).
//!
//! HQs are units (S2.2.2): they stack, move, are fired at and rout like any unit. The rules
//! that read them: a rout path ends next to one (S11.8.2, `css::morale::rout::RoutMap::own_hq_in`),
//! routed units return next to one (S11.10), SWs are assigned next to one (S13.2,
//! `css::weapons::Armoury::assign`), Direct Commands accrue only with the Division HQ on the
//! map (S4.6.1, `css::command::DivisionTrack::hq_on_map`), an eliminated HQ goes to the Routed
//! box (S11.12.1), and a unit resupplies in or next to one (S15.3, `css::supply`).
//! [`Counter::supplies`] says whether an HQ serves a unit; [`own_hq_hexes`] lists the hexes
//! of those that serve it.

#[cfg(test)]
#[path = "counter_tests.rs"]
mod tests;

use super::command::{DivisionId, FormationId};
use super::fire::missile::MissileType;
use super::fire::{Member, TargetUnit, Weapon};
use super::morale::{Condition, TqSituation};
use super::movement::{Mover, Status as MoveStatus};
use super::stacking::{Piece, Role};
use super::terrain::MoveClass;
use crate::core::faces::TwoFaced;
use crate::core::hex::HexId;
use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use crate::core::units::{Nationality, UnitId, UnitKind};
use serde::{Deserialize, Serialize};

/// HQs one query may list (a division's formations and its own).
pub const MAX_HQS: usize = 16;

/// The size symbol over the unit-type box (S1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Size {
    Section,
    Platoon,
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
}

/// Whether the unit is an HQ, and of what (S2.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hq {
    /// A combat unit (or any other unit that is not an HQ).
    #[default]
    No,
    /// The HQ of the unit's formation.
    Formation,
    /// The HQ of the unit's division.
    Division,
}

/// What the armour symbol makes of the unit as a target (S1.4, S9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Armour {
    #[default]
    Soft,
    /// A hard target: an armoured vehicle.
    Hard,
    /// A hard target with the tank symbol.
    Tank,
}

/// The printed ability symbols the series itself reads (S2.2; a game adds its own, *Gates*
/// 3.14 `gates::abilities::Abilities`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Symbols {
    /// The black dot: it may fire indirectly (S9.8.1).
    pub indirect: bool,
    /// The sustained-fire symbol (S9.12).
    pub sustained_fire: bool,
    /// The engineer symbol (S19.1).
    pub engineer: bool,
    /// A guided-missile letter (S9.13, exclusive 3.12.1).
    pub missile: Option<MissileType>,
    /// "HQ" in the TQ box: the unit takes its TQ from the HQ that serves it (S11.1; exclusive
    /// 4.1.1, the West German police and their Police HQ).
    #[serde(default)]
    pub tq_from_hq: bool,
}

/// One unit counter as printed (S2.2): who it belongs to, what it is, and its values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// Nationality (and so the side's colours).
    pub side: Side,
    pub nationality: Nationality,
    /// The formation colour stripe or name; `None` for a unit outside the chain of command
    /// (S4.10).
    pub formation: Option<FormationId>,
    pub division: DivisionId,
    /// The unit-type box and the size symbol.
    pub kind: UnitKind,
    pub size: Size,
    /// The designation printed on the counter.
    pub designation: heapless::String<24>,
    pub hq: Hq,
    /// Firepower in its coloured box, with Range (S9.1, S9.2).
    pub firepower: u8,
    pub colour: super::fire::Colour,
    pub range: u8,
    /// The Defense value, 0 where none is printed (S9.5).
    pub defense: u8,
    pub armour: Armour,
    /// The MA's colour (S7.1).
    pub class: MoveClass,
    /// The MA on each side (S2.2.1): front Column, back Deployed; 0 where none is printed.
    pub ma: TwoFaced<u8>,
    /// Troop Quality (S11.1).
    pub tq: u8,
    /// Steps printed under the TQ, 1 where none is printed (S2.3).
    pub steps: u8,
    pub symbols: Symbols,
}

impl Counter {
    /// Is it an HQ (S2.2.2)?
    pub const fn is_hq(&self) -> bool {
        !matches!(self.hq, Hq::No)
    }

    /// S2.2.2, S15.3, S11.10: does this counter serve `unit` as its own HQ? An HQ of the
    /// unit's formation, or the HQ of its division (an HQ serves itself).
    pub fn supplies(&self, unit: &Counter) -> bool {
        if self.side != unit.side || self.division != unit.division {
            return false;
        }
        match self.hq {
            Hq::No => false,
            Hq::Division => true,
            Hq::Formation => self.formation.is_some() && self.formation == unit.formation,
        }
    }

    /// The printed weapon (S9.1, S9.2, S9.8.1, S9.12). `spared_ammo_low` is a game's (*Gates*
    /// 3.14 garrisons) and left unset.
    pub fn weapon(&self) -> Weapon {
        Weapon {
            firepower: self.firepower,
            colour: self.colour,
            range: self.range,
            indirect: self.symbols.indirect,
            sustained_ability: self.symbols.sustained_fire,
            spared_ammo_low: false,
        }
    }

    /// A fresh Deployed member of a fire group with this counter's weapon (S9.4).
    pub fn member(&self) -> Member {
        Member::deployed(self.weapon())
    }

    /// The unit as movement reads it (S7.1, S2.2.1), with its markers' `status`.
    pub fn mover(&self, status: MoveStatus) -> Mover {
        Mover {
            class: self.class,
            ma: self.ma,
            status,
        }
    }

    /// The unit as a fire target (S9.1, S9.5): its armour and Defense, on the side it shows;
    /// the terrain's cover is the caller's.
    pub fn target(&self, deployed: bool) -> TargetUnit {
        TargetUnit {
            hard: self.armour != Armour::Soft,
            tank: self.armour == Armour::Tank,
            deployed,
            ..TargetUnit::soft(self.defense)
        }
    }

    /// Its steps, none lost (S2.3).
    pub fn fresh(&self) -> Condition {
        Condition::fresh(self.steps.max(1))
    }

    /// Its printed TQ for a check (S11.1); the division, leaders and markers add theirs.
    pub fn tq_situation(&self) -> TqSituation {
        TqSituation::printed(self.tq)
    }

    /// S11.1: the TQ a check starts from. The printed one, or, for a unit whose TQ box names
    /// its HQ ([`Symbols::tq_from_hq`]), the printed TQ of `hq`, which must be an HQ serving it
    /// ([`Counter::supplies`]) with a TQ of its own.
    pub fn base_tq(&self, hq: Option<&Counter>) -> Result<u8, RuleViolation> {
        if !self.symbols.tq_from_hq {
            return Ok(self.tq);
        }
        match hq {
            Some(h) if h.supplies(self) && !h.symbols.tq_from_hq => Ok(h.tq),
            _ => Err(RuleViolation::new(
                "S11.1",
                "this unit's TQ is its HQ's: name an HQ of its own",
            )),
        }
    }

    /// [`Counter::tq_situation`] with the TQ taken from `hq` where the counter says so (S11.1).
    pub fn tq_situation_under(&self, hq: Option<&Counter>) -> Result<TqSituation, RuleViolation> {
        Ok(TqSituation::printed(self.base_tq(hq)?))
    }

    /// The unit as a stacking piece (S6.2): an HQ or a combat unit.
    pub fn piece(&self, id: UnitId) -> Piece {
        Piece {
            id,
            side: self.side,
            formation: self.formation.map_or(u16::MAX, |f| f.0 as u16),
            division: self.division.0 as u16,
            role: if self.is_hq() { Role::Hq } else { Role::Combat },
            attached_to: None,
        }
    }
}

/// S2.2.2: the hexes of the HQs on the map that serve `unit` (its formation's HQs and its
/// Division HQ), from the counters on the map and their hexes.
pub fn own_hq_hexes<'a>(
    on_map: impl IntoIterator<Item = (&'a Counter, HexId)>,
    unit: &Counter,
) -> heapless::Vec<HexId, MAX_HQS> {
    let mut out = heapless::Vec::new();
    for (c, h) in on_map {
        if c.supplies(unit) && !out.contains(&h) {
            let _ = out.push(h);
        }
    }
    out
}
