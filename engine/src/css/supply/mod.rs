//! Supply chits (series S15.0–S15.4): Ammo Low, Ammo Out and Fuel Out, what each forbids or
//! costs, how a unit gets them from its own fire, and the Resupply action that clears them.
//!
//! * **What they do** (S15.1): [`SupplyChits::may_fire`] (Ammo Out: no direct or indirect
//!   fire), [`SupplyChits::may_sustain`] and [`SupplyChits::may_opportunity_fire`] (Ammo Low
//!   or Out: neither), the −1 of Ammo Low on the fire card (`css::fire::card`, from the member
//!   whose firepower the group uses), and [`SupplyChits::may_move`] (Fuel Out: a vehicle takes
//!   no Move action unless its game directs the move). The fire and movement modules enforce
//!   them from [`crate::css::fire::Member::ammo`] and [`crate::css::movement::Status::fuel_out`];
//!   [`SupplyChits::member`] and [`SupplyChits::mover_status`] fill those in.
//! * **Getting them** (S15.2, S9.12): [`cost_of_fire`] reads a
//!   [`FireReport`]: a sustained fire that rolled an unmodified 9 costs the Sustained Fire
//!   marker and gives Ammo Low (a *Gates* Berlin garrison only loses the marker, 3.14); a member
//!   already at Ammo Low that fires on a raw 9 goes to Ammo Out. [`SupplyChits::pay`] applies it.
//! * **Resupply** (S15.3): [`resupply`] — the unit in or next to a hex holding an HQ of its own
//!   formation or its Division HQ (S2.2.2, [`SupplyMap::own_hq_in`]), and next to no enemy
//!   unit, removes one chit of the player's choice, or with none regains its Sustained Fire
//!   marker. The action's bookkeeping (who may act, first or second action, no opportunity-fire
//!   trigger, S5.4) is `css::actions` (`Action::Resupply`). Games add their own removals
//!   ([`SupplyChits::remove`]: *Gates* 7.0 barracks, 14.0 1C-j Berlin Airlift).
//! * **They stay with the unit** (S15.4): the chits are part of the unit's own state
//!   (`css::markers::UnitMarkers`), which nothing but fire and resupply changes; a rout
//!   (`UnitMarkers::rout`) clears the status and keeps them.

#[cfg(test)]
mod tests;

use super::fire::{FireMarkers, FireReport, Member, SustainedCost};
use super::movement::Status as MoveStatus;
use super::terrain::MoveClass;
use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use serde::{Deserialize, Serialize};

/// The ammunition chit a unit carries (S15.1): none, Ammo Low, or Ammo Out (which replaces
/// Ammo Low, S15.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ammo {
    #[default]
    Normal,
    Low,
    Out,
}

/// One supply chit (S15.1), as a player names it when a rule removes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chit {
    AmmoLow,
    AmmoOut,
    FuelOut,
}

impl Chit {
    /// Every kind of series supply chit (S15.1).
    pub const ALL: [Chit; 3] = [Chit::AmmoLow, Chit::AmmoOut, Chit::FuelOut];
}

/// The supply chits on one unit (S15.1): at most one ammunition chit and a Fuel Out chit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyChits {
    pub ammo: Ammo,
    pub fuel_out: bool,
}

/// What one fire costs a member's supply (S9.12, S15.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireCost {
    None,
    /// Its sustained fire rolled a raw 9: the marker goes (*Gates* 3.14 garrisons: only that).
    Marker,
    /// Its sustained fire rolled a raw 9: the marker goes and it takes Ammo Low.
    MarkerAndAmmoLow,
    /// It fired with Ammo Low on a raw 9: Ammo Out replaces Ammo Low.
    AmmoOut,
}

/// What a Resupply action did (S15.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resupplied {
    /// This chit was removed.
    Removed(Chit),
    /// The unit had no chit: it regained its Sustained Fire marker.
    SustainedFire,
}

impl SupplyChits {
    /// No chits.
    pub const NONE: SupplyChits = SupplyChits {
        ammo: Ammo::Normal,
        fuel_out: false,
    };

    /// Does the unit carry this chit?
    pub const fn has(&self, c: Chit) -> bool {
        match c {
            Chit::AmmoLow => matches!(self.ammo, Ammo::Low),
            Chit::AmmoOut => matches!(self.ammo, Ammo::Out),
            Chit::FuelOut => self.fuel_out,
        }
    }

    /// Does it carry any chit?
    pub const fn any(&self) -> bool {
        !matches!(self.ammo, Ammo::Normal) || self.fuel_out
    }

    /// S15.1: a unit with Ammo Out may not direct or indirect fire (it still assaults and
    /// defends).
    pub fn may_fire(&self) -> Result<(), RuleViolation> {
        if self.ammo == Ammo::Out {
            return refuse("S15.1", "a unit with Ammo Out may not fire");
        }
        Ok(())
    }

    /// S15.1: no sustained fire with Ammo Low or Ammo Out.
    pub fn may_sustain(&self) -> Result<(), RuleViolation> {
        if self.ammo != Ammo::Normal {
            return refuse(
                "S15.1",
                "a unit with Ammo Low or Ammo Out may not use sustained fire",
            );
        }
        Ok(())
    }

    /// S15.1: no opportunity fire with Ammo Low or Ammo Out.
    pub fn may_opportunity_fire(&self) -> Result<(), RuleViolation> {
        if self.ammo != Ammo::Normal {
            return refuse(
                "S15.1",
                "a unit with Ammo Low or Ammo Out may not opportunity fire",
            );
        }
        Ok(())
    }

    /// S15.1: Fuel Out stops every unit that is not leg from taking a Move action, unless its
    /// game `directed` the move (*Gates* 7.0: the journey to a barracks).
    pub fn may_move(&self, class: MoveClass, directed: bool) -> Result<(), RuleViolation> {
        if self.fuel_out && class != MoveClass::Leg && !directed {
            return refuse("S15.1", "a vehicle with Fuel Out may not move");
        }
        Ok(())
    }

    /// The unit as a member of a fire group: its ammunition chit is what fire reads (S15.1).
    pub const fn member(&self, m: Member) -> Member {
        Member {
            ammo: self.ammo,
            ..m
        }
    }

    /// The movement status of the unit: `fuel_out` as the movement module reads it, cleared
    /// for a journey its game directs (S15.1).
    pub const fn mover_status(&self, s: MoveStatus, directed: bool) -> MoveStatus {
        MoveStatus {
            fuel_out: self.fuel_out && !directed,
            ..s
        }
    }

    /// Puts a chit on the unit (a game's rule, *Gates* 3.11.3 sabotage; S15.2 through
    /// [`SupplyChits::pay`]): Ammo Out replaces Ammo Low, and Ammo Low never lightens Ammo Out.
    pub fn place(&mut self, c: Chit) {
        match c {
            Chit::AmmoLow if self.ammo == Ammo::Normal => self.ammo = Ammo::Low,
            Chit::AmmoLow => {}
            Chit::AmmoOut => self.ammo = Ammo::Out,
            Chit::FuelOut => self.fuel_out = true,
        }
    }

    /// Takes a chit off (S15.3, or a game's own way: *Gates* 7.0 barracks, 14.0 1C-j).
    pub fn remove(&mut self, c: Chit) -> Result<(), RuleViolation> {
        if !self.has(c) {
            return refuse("S15.3", "the unit carries no such supply chit");
        }
        match c {
            Chit::AmmoLow | Chit::AmmoOut => self.ammo = Ammo::Normal,
            Chit::FuelOut => self.fuel_out = false,
        }
        Ok(())
    }

    /// S9.12, S15.2: what a fire cost this unit, applied to its chits and fire markers.
    pub fn pay(&mut self, markers: &mut FireMarkers, cost: FireCost) {
        match cost {
            FireCost::None => {}
            FireCost::Marker => markers.sustained = false,
            FireCost::MarkerAndAmmoLow => {
                markers.sustained = false;
                self.place(Chit::AmmoLow);
            }
            FireCost::AmmoOut => self.place(Chit::AmmoOut),
        }
    }
}

/// S9.12, S15.2: what the fire of `report` costs the member with index `member` of the group
/// `members` (the same slice the fire was resolved with).
pub fn cost_of_fire(report: &FireReport, members: &[Member], member: usize) -> FireCost {
    if report.raw != 9 {
        return FireCost::None;
    }
    if report.sustained_member == Some(member) {
        return match report.sustained_cost {
            SustainedCost::None => FireCost::None,
            SustainedCost::Marker => FireCost::Marker,
            SustainedCost::MarkerAndAmmoLow => FireCost::MarkerAndAmmoLow,
        };
    }
    match members.get(member) {
        Some(m) if m.ammo == Ammo::Low => FireCost::AmmoOut,
        _ => FireCost::None,
    }
}

/// The map as a Resupply action reads it (S15.3).
pub trait SupplyMap {
    /// A Formation HQ of the unit's own formation, or its Division HQ, is in the hex (S2.2.2;
    /// `css::counter::UnitDef::supplies` answers it for a counter).
    fn own_hq_in(&self, h: HexId) -> bool;
    /// An enemy unit is in the hex.
    fn enemy_in(&self, h: HexId) -> bool;
}

/// S15.3: may the unit in `at` resupply? In or next to a hex with its own HQ, next to no enemy
/// unit.
pub fn may_resupply(g: &Geometry, map: &impl SupplyMap, at: HexId) -> Result<(), RuleViolation> {
    if g.neighbours(at).any(|(_, n)| map.enemy_in(n)) {
        return refuse("S15.3", "no Resupply next to an enemy unit");
    }
    if !map.own_hq_in(at) && !g.neighbours(at).any(|(_, n)| map.own_hq_in(n)) {
        return refuse(
            "S15.3",
            "Resupply needs an HQ of the unit's formation or its Division HQ in or next to its hex",
        );
    }
    Ok(())
}

/// The Resupply action (S15.3) of the unit in `at`: removes the chit `which` (the player's
/// choice among those it carries), or, for a unit with no chit (`which` `None`), regains the
/// Sustained Fire marker of a unit with the ability (`sustained_ability`) that lost it. On a
/// refusal nothing changes.
pub fn resupply(
    g: &Geometry,
    map: &impl SupplyMap,
    at: HexId,
    chits: &mut SupplyChits,
    markers: &mut FireMarkers,
    sustained_ability: bool,
    which: Option<Chit>,
) -> Result<Resupplied, RuleViolation> {
    may_resupply(g, map, at)?;
    match which {
        Some(c) => {
            chits.remove(c)?;
            Ok(Resupplied::Removed(c))
        }
        None if chits.any() => refuse("S15.3", "name the supply chit to remove"),
        None if sustained_ability && !markers.sustained => {
            markers.sustained = true;
            Ok(Resupplied::SustainedFire)
        }
        None => refuse(
            "S15.3",
            "nothing to resupply: no supply chit and no lost Sustained Fire marker",
        ),
    }
}

/// A [`SupplyMap`] from lists: the hexes of the unit's own HQs (`css::counter::own_hq_hexes`)
/// and the hexes holding enemy units.
#[derive(Clone, Copy, Debug)]
pub struct Around<'a> {
    pub own_hqs: &'a [HexId],
    pub enemies: &'a [HexId],
}

impl SupplyMap for Around<'_> {
    fn own_hq_in(&self, h: HexId) -> bool {
        self.own_hqs.contains(&h)
    }
    fn enemy_in(&self, h: HexId) -> bool {
        self.enemies.contains(&h)
    }
}
