//! Support weapons (series S2.5, S13.0–S13.5): weapon counters that are not units, carried by a
//! friendly unit and fired by it.
//!
//! * [`SwDef`] is the counter (S2.5, S13.5): its kind, its firepower box as a fire
//!   [`Weapon`], the bar of a heavy SW (S13.3) and a minimum range (mortars, S13.5).
//! * [`Armoury`] is the game state's record of every SW: carried by a unit, waiting in its
//!   division's Available SW box (S18.4), eliminated, or used up (one-shot weapons).
//! * S13.1: an SW is never a target (fire attacks the units of a hex, `css::fire::resolve`,
//!   never the SWs); [`Armoury::carrier_fate`] and [`Armoury::carrier_routed`] follow its
//!   carrier. SWs are not units, so nothing here reaches the stacking count (S6.2).
//! * S13.2: [`Armoury::assign`] in the Reinforcement Phase, [`Armoury::hand_over`] in a hex.
//! * S13.3: one SW per unit; [`Armoury::carrier_mover`] takes 1 MA from a leg carrier of a
//!   heavy SW.
//! * S13.4: [`Armoury::fire_member`] turns the SW into a fire-group [`Member`] with its
//!   carrier's status, side and markers (alone: the group is this member; combined: add it to
//!   the hex's group, S9.4); [`Armoury::after_fire`] marks it fired for the activation (a
//!   one-shot weapon is used up, S13.5); [`Armoury::end_of_activation`] frees them again.
//! * S13.5: flame-throwers only assault (`css::assault`, `Fighter::sws`), ATGM launchers fire
//!   by the guided-missile procedure ([`Armoury::missile`], `css::fire::missile`), mortars fire
//!   indirectly and not below their minimum range, snipers also as S13.6 and their game say.

#[cfg(test)]
mod tests;

use super::assault::Fighter;
use super::command::DivisionId;
use super::fire::missile::{Missile, MissileType};
use super::fire::{resolve, FireCharts, FireReport, FireSetup, Member, TargetUnit, Weapon};
use super::movement::Mover;
use super::terrain::MoveClass;
use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::units::UnitId;
use crate::css::morale::{Condition, Fate};
use serde::{Deserialize, Serialize};

/// SWs in one game.
pub const MAX_SWS: usize = 64;

/// An SW, by its index in [`Armoury::sws`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SwId(pub u8);

/// The SW types of table S13.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SwKind {
    /// MG, HMG: may use sustained fire if the counter has the ability (S9.12).
    MachineGun,
    /// GrW, MTR, HMtr: indirect fire, spots for itself (S8.7), minimum range.
    Mortar,
    /// Guided missiles (S9.13, exclusive 3.12).
    Atgm(MissileType),
    /// Assault only (S10.3; *Gates* 3.14).
    FlameThrower,
    /// Rocket launcher: gone after one use in combat (exclusive 3.14).
    OneShot,
    /// Yellow; also fires as S13.6 and its game say (exclusive 5.2).
    Sniper,
}

/// An SW counter (S2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwDef {
    pub kind: SwKind,
    /// Firepower, colour, Range and black dot, as fire reads them (S9.1).
    pub weapon: Weapon,
    /// A bar over the firepower: a heavy SW (S13.3).
    pub heavy: bool,
    /// The least range it fires at (S13.5: mortars 1).
    pub min_range: u8,
}

/// Where an SW is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SwPlace {
    /// In its carrier's hex, moving with it (S13.1, S13.3).
    Carried(UnitId),
    /// In its division's Available SW box (S13.1, S18.4).
    Available,
    Eliminated,
    /// A one-shot weapon after its use (S13.5).
    Used,
}

/// One SW in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sw {
    pub def: SwDef,
    pub division: DivisionId,
    pub place: SwPlace,
    /// It has fired in this activation (S13.4: once per activation).
    pub fired: bool,
}

/// Every SW of the game (S13.0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Armoury {
    pub sws: heapless::Vec<Sw, MAX_SWS>,
}

/// A unit about to receive or hand over an SW (S13.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holder {
    pub unit: UnitId,
    pub division: DivisionId,
    pub hex: HexId,
}

impl Armoury {
    /// Puts an SW into play (set-up, reinforcements).
    pub fn add(
        &mut self,
        def: SwDef,
        division: DivisionId,
        place: SwPlace,
    ) -> Result<SwId, RuleViolation> {
        if let SwPlace::Carried(u) = place {
            self.may_carry(u)?;
        }
        let id = SwId(self.sws.len() as u8);
        self.sws
            .push(Sw {
                def,
                division,
                place,
                fired: false,
            })
            .map_err(|_| RuleViolation::new("engine", "too many SWs"))?;
        Ok(id)
    }

    pub fn get(&self, id: SwId) -> Result<&Sw, RuleViolation> {
        self.sws
            .get(id.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such SW"))
    }

    fn get_mut(&mut self, id: SwId) -> Result<&mut Sw, RuleViolation> {
        self.sws
            .get_mut(id.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such SW"))
    }

    /// The SW `unit` carries, if any (S13.3: at most one).
    pub fn carried_by(&self, unit: UnitId) -> Option<SwId> {
        self.sws
            .iter()
            .position(|s| s.place == SwPlace::Carried(unit))
            .map(|i| SwId(i as u8))
    }

    /// S13.3: a unit carries one SW.
    fn may_carry(&self, unit: UnitId) -> Result<(), RuleViolation> {
        if self.carried_by(unit).is_some() {
            return refuse("S13.3", "a unit carries one SW");
        }
        Ok(())
    }

    /// S13.2: in the Reinforcement Phase an SW of the division's Available box goes to one of
    /// its units in or next to the hex of one of the division's HQs (`hq_hexes`).
    pub fn assign(
        &mut self,
        g: &Geometry,
        id: SwId,
        to: Holder,
        hq_hexes: &[HexId],
        reinforcement_phase: bool,
    ) -> Result<(), RuleViolation> {
        if !reinforcement_phase {
            return refuse("S13.2", "SWs are assigned in the Reinforcement Phase");
        }
        let sw = *self.get(id)?;
        if sw.place != SwPlace::Available {
            return refuse("S13.2", "only an SW in the Available SW box is assigned");
        }
        if sw.division != to.division {
            return refuse("S13.2", "an SW goes to a unit of its own division");
        }
        if !hq_hexes.iter().any(|q| g.distance(*q, to.hex) <= 1) {
            return refuse("S13.2", "the unit must be in or next to an HQ's hex");
        }
        self.may_carry(to.unit)?;
        self.get_mut(id)?.place = SwPlace::Carried(to.unit);
        Ok(())
    }

    /// S13.2: the carrier (in `from_hex`) hands its SW to another unit in the same hex during an
    /// activation in which either of them is active.
    pub fn hand_over(
        &mut self,
        id: SwId,
        from_hex: HexId,
        to: Holder,
        either_active: bool,
    ) -> Result<(), RuleViolation> {
        if !matches!(self.get(id)?.place, SwPlace::Carried(_)) {
            return refuse("S13.2", "only a carried SW is handed over");
        }
        if from_hex != to.hex {
            return refuse("S13.2", "an SW is handed over within its hex");
        }
        if !either_active {
            return refuse("S13.2", "only while the giver or the taker is active");
        }
        self.may_carry(to.unit)?;
        self.get_mut(id)?.place = SwPlace::Carried(to.unit);
        Ok(())
    }

    /// S13.3: the mover as it moves with its SW: a leg unit carrying a heavy SW has 1 MA less
    /// on each side.
    pub fn carrier_mover(&self, unit: UnitId, mover: Mover) -> Mover {
        let heavy = self
            .carried_by(unit)
            .and_then(|id| self.get(id).ok())
            .is_some_and(|s| s.def.heavy);
        if !heavy || mover.class != MoveClass::Leg {
            return mover;
        }
        let mut m = mover;
        m.ma.front = m.ma.front.saturating_sub(1);
        m.ma.back = m.ma.back.saturating_sub(1);
        m
    }

    /// S13.1: the carrier was eliminated or captured: its SW is eliminated. Returns it.
    pub fn carrier_fate(&mut self, unit: UnitId, fate: Fate) -> Option<SwId> {
        if fate == Fate::Stays {
            return None;
        }
        let id = self.carried_by(unit)?;
        self.sws[id.0 as usize].place = SwPlace::Eliminated;
        Some(id)
    }

    /// S13.1: the carrier routed: its SW goes to the division's Available SW box.
    pub fn carrier_routed(&mut self, unit: UnitId) -> Option<SwId> {
        let id = self.carried_by(unit)?;
        self.sws[id.0 as usize].place = SwPlace::Available;
        Some(id)
    }

    /// S13.4, S13.5: the SW as a member of a fire group made by its carrier (`carrier` is the
    /// carrier as a member: its status, side, markers). Whether alone or combined, the fire is
    /// the carrier's Fire action (or its opportunity fire), so a carrier that has already
    /// fired may not fire it; the SW itself fires once per activation.
    pub fn fire_member(
        &self,
        id: SwId,
        carrier: &Member,
        setup: &FireSetup,
    ) -> Result<Member, RuleViolation> {
        let sw = self.get(id)?;
        if !matches!(sw.place, SwPlace::Carried(_)) {
            return refuse("S13.4", "an SW fires only with a unit carrying it");
        }
        match sw.def.kind {
            SwKind::FlameThrower => {
                return refuse("S13.5", "a flame-thrower is used in assaults only")
            }
            SwKind::Atgm(_) => {
                return refuse(
                    "S9.13",
                    "an ATGM launcher fires by the guided missile procedure",
                )
            }
            _ => {}
        }
        if sw.fired {
            return refuse("S13.4", "an SW fires once per activation");
        }
        if setup.distance < sw.def.min_range {
            return refuse("S13.5", "the target is inside the SW's minimum range");
        }
        Ok(Member {
            weapon: sw.def.weapon,
            lost: 0,
            sustained: carrier.sustained && sw.def.weapon.sustained_ability,
            ..*carrier
        })
    }

    /// S9.13, S13.5: the missile of an ATGM launcher, for `css::fire::missile`.
    pub fn missile(&self, id: SwId) -> Option<Missile> {
        match self.get(id).ok()?.def.kind {
            SwKind::Atgm(t) => Some(t.missile()),
            _ => None,
        }
    }

    /// S13.4, S13.5: the SW fired (or was used in an assault): it fires no more this
    /// activation, and a one-shot weapon is used up.
    pub fn after_fire(&mut self, id: SwId) -> Result<(), RuleViolation> {
        let sw = self.get_mut(id)?;
        sw.fired = true;
        if sw.def.kind == SwKind::OneShot {
            sw.place = SwPlace::Used;
        }
        Ok(())
    }

    /// S10.3, S13.5: fills an assault fighter's SW counts from what it carries (each SW adds
    /// to the Assault Value; a one-shot weapon is counted so the assault uses it up). Returns
    /// whether that SW is a flame-thrower, for its side's `Backing` (exclusive 3.14).
    pub fn arm_fighter(&self, f: &mut Fighter) -> bool {
        let sw = self.carried_by(f.unit).and_then(|id| self.get(id).ok());
        f.sws = sw.is_some() as u8;
        f.one_shot = sw.is_some_and(|s| s.def.kind == SwKind::OneShot) as u8;
        sw.is_some_and(|s| s.def.kind == SwKind::FlameThrower)
    }

    /// S13.4, S13.5: the SWs of the units that took part in an assault were used: they fire no
    /// more this activation and one-shot weapons are gone.
    pub fn after_assault(&mut self, units: &[UnitId]) {
        for u in units {
            if let Some(id) = self.carried_by(*u) {
                let _ = self.after_fire(id);
            }
        }
    }

    /// S13.6: a sniper's own shot — on its own, using no unit's action, once per activation
    /// of its formation or division, at any hex within its range (it sees them all), and
    /// against the one unit named (`target`) on table S9.6-T; the rest of the hex is untouched.
    #[allow(clippy::too_many_arguments)]
    pub fn sniper_shot(
        &mut self,
        id: SwId,
        g: &Geometry,
        from: HexId,
        at: HexId,
        target: &mut (TargetUnit, Condition),
        raw: u8,
        charts: &FireCharts,
    ) -> Result<FireReport, RuleViolation> {
        let sw = *self.get(id)?;
        if sw.def.kind != SwKind::Sniper {
            return refuse("S13.6", "only a sniper takes a sniper shot");
        }
        if !matches!(sw.place, SwPlace::Carried(_)) {
            return refuse("S13.6", "a sniper shoots from the map");
        }
        if sw.fired {
            return refuse("S13.6", "a sniper shoots once per activation");
        }
        let distance = g.distance(from, at);
        if distance > sw.def.weapon.range as u16 {
            return refuse("S13.6", "a sniper shoots only within its range");
        }
        // S13.6: it sees every hex in range; one unit is the target.
        let setup = FireSetup {
            spotted: true,
            units_in_target_hex: 1,
            ..FireSetup::direct(distance as u8)
        };
        let member = Member::deployed(sw.def.weapon);
        let report = resolve(
            core::slice::from_ref(&member),
            &setup,
            core::slice::from_mut(target),
            raw,
            charts,
        )?;
        self.after_fire(id)?;
        Ok(report)
    }

    /// Step 2D-c: the activation is over; every SW may fire again in the next (S13.4).
    pub fn end_of_activation(&mut self) {
        for s in self.sws.iter_mut() {
            s.fired = false;
        }
    }
}
