//! 6.0 Transport assets (cars and buses), 3.14 company and battalion carriers, and 8.2 air
//! transport (Warsaw Pact helicopters): who may ride, how many, when loading and unloading are
//! allowed, and what becomes of the riders when the transport is hit. Acquiring a transport is
//! a Reinforcement Phase roll ([`super::reinforcement::acquire`]); the series counts a
//! transport and its riders as one unit for stacking (`css::stacking::Role::Transport`,
//! `Role::Rider`, S6.2).

use super::reinforcement::Transport;
use crate::core::protocol::{refuse, RuleViolation};
use crate::css::counter::Size;
use crate::css::morale::Fate;
use crate::css::terrain::MoveClass;
use serde::{Deserialize, Serialize};

/// What is to board one transport.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boarding<'a> {
    /// The movement classes of the units boarding.
    pub units: &'a [MoveClass],
    pub support_weapons: u8,
    /// Leaders and heroes riding along (any number, 6.0).
    pub leaders: u8,
    /// The units boarding are active now (under any chit or a Direct Command).
    pub active: bool,
}

/// 6.0: may `b` board a `vehicle` already carrying `aboard` units? The riders must be active,
/// on foot (no tracked or wheeled unit rides), within the vehicle's capacity (a bus three, a
/// car one), with at most one support weapon per unit and leaders only with a unit. The
/// boarding takes the riders' whole Movement action.
pub fn may_load(vehicle: Transport, aboard: u8, b: Boarding<'_>) -> Result<(), RuleViolation> {
    if vehicle == Transport::Nothing {
        return refuse("6.0", "there is no transport to board");
    }
    riders_ok(&b)?;
    if aboard as usize + b.units.len() > vehicle.capacity() as usize {
        return refuse("6.0", "a bus carries three units, a car one");
    }
    Ok(())
}

/// 6.0: who may ride anything that transports: active units on foot, at most one support
/// weapon each, leaders and heroes only with a unit.
fn riders_ok(b: &Boarding<'_>) -> Result<(), RuleViolation> {
    if !b.active {
        return refuse("6.0", "only active units board a transport");
    }
    if b.units.iter().any(|c| *c != MoveClass::Leg) {
        return refuse("6.0", "tracked and wheeled units are never transported");
    }
    if b.units.is_empty() {
        return refuse(
            "6.0",
            "support weapons, leaders and heroes ride only with a unit",
        );
    }
    if b.support_weapons as usize > b.units.len() {
        return refuse("6.0", "one support weapon may ride with each unit");
    }
    Ok(())
}

/// 3.14 transport ability: the size printed on a unit that carries others (ruling 3.14 in
/// `docs/rules/gates.md`): `I` a company, `II` a battalion, that is three companies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CarrySize {
    Company,
    Battalion,
}

impl CarrySize {
    /// 3.14: what it carries, in companies (a battalion is three).
    pub const fn companies(self) -> u8 {
        match self {
            CarrySize::Company => 1,
            CarrySize::Battalion => 3,
        }
    }
}

/// 3.14: the room a rider takes on a carrier, in companies: a company or anything smaller
/// takes one, a battalion three; larger formations never ride (`None`).
pub const fn companies_of(size: Size) -> Option<u8> {
    match size {
        Size::Section | Size::Platoon | Size::Company => Some(1),
        Size::Battalion => Some(3),
        Size::Regiment | Size::Brigade | Size::Division => None,
    }
}

/// 3.14 with 6.0: may `b` (whose units are of `sizes`, one per unit) board a unit with the
/// transport ability of `carrier` that already carries `aboard` companies? The riders follow
/// 6.0's rules for riders (and its loading, unloading and fate rules); the room is the
/// carrier's size in companies.
pub fn may_carry(
    carrier: CarrySize,
    aboard: u8,
    b: Boarding<'_>,
    sizes: &[Size],
) -> Result<(), RuleViolation> {
    riders_ok(&b)?;
    if sizes.len() != b.units.len() {
        return refuse("engine", "one size for each unit boarding");
    }
    let mut room = aboard as u16;
    for s in sizes {
        let Some(c) = companies_of(*s) else {
            return refuse("3.14", "a carrier takes companies and battalions only");
        };
        room += c as u16;
    }
    if room > carrier.companies() as u16 {
        return refuse(
            "3.14",
            "a company carrier takes one company, a battalion carrier three",
        );
    }
    Ok(())
}

/// 6.0: loading and unloading each take the riders' (or the transport's) whole Movement
/// action and are opportunity-fire triggers (S9.11.2); the transport stays in the hex until
/// that fire is resolved. After either, a second Movement action is still allowed — the
/// transport's (B25).
pub const LOAD_IS_TRIGGER: bool = true;

/// 6.0: the firing player picks whether opportunity fire at an unloading comes before or after
/// the riders get off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnloadFire {
    BeforeUnloading,
    AfterUnloading,
}

/// 6.0: whom opportunity fire at an unloading hits: the transport with its riders (before)
/// or the riders on their own, Deployed (after).
pub const fn unload_fire_hits_riders_alone(t: UnloadFire) -> bool {
    matches!(t, UnloadFire::AfterUnloading)
}

/// 6.0: a transport is always in Column, its riders always Deployed.
pub const TRANSPORT_IN_COLUMN: bool = true;
pub const RIDERS_DEPLOYED: bool = true;

/// 6.0: transports in play never exceed the countermix.
pub fn may_acquire_more(in_play: u8, countermix: u8) -> Result<(), RuleViolation> {
    if in_play >= countermix {
        return refuse("6.0", "every transport of the countermix is in play");
    }
    Ok(())
}

/// What the transport did this activation (6.0: never both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Used {
    #[default]
    Not,
    Loaded,
    Unloaded,
}

/// 6.0: a transport does not both load and unload in one activation.
pub fn may_use(used: Used, unloading: bool) -> Result<(), RuleViolation> {
    match (used, unloading) {
        (Used::Loaded, true) | (Used::Unloaded, false) => refuse(
            "6.0",
            "a transport may not load and unload in the same activation",
        ),
        _ => Ok(()),
    }
}

/// 6.0: riders leave the transport Deployed and do nothing more in the activation they got
/// off; the transport itself leaves play until it is acquired again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unloaded {
    pub deployed: bool,
    pub active: bool,
    pub transport_leaves_play: bool,
}

pub const UNLOADED: Unloaded = Unloaded {
    deployed: true,
    active: false,
    transport_leaves_play: true,
};

/// What became of a transport hit by fire, or routed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TransportHit {
    /// The transport's own fate from the fire table (S9.7).
    Fate(Fate),
    Routed,
}

/// What becomes of the riders (6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Riders {
    /// They share the fire results of the transport.
    ShareResult,
    /// Eliminated with it; an eliminated transport never returns.
    Eliminated,
    /// To their division's Routed box.
    Routed,
}

/// 6.0: riders suffer what the transport suffers; eliminated with it; to the Routed box if it
/// routs.
pub const fn riders_after(hit: TransportHit) -> Riders {
    match hit {
        TransportHit::Fate(Fate::Eliminated) => Riders::Eliminated,
        TransportHit::Fate(Fate::Captured) => Riders::Eliminated,
        TransportHit::Fate(Fate::Stays) => Riders::ShareResult,
        TransportHit::Routed => Riders::Routed,
    }
}

/// 8.2: may a helicopter lift a unit from the Airfield box of its Division Display to a
/// Warsaw Pact airfield hex? Not in rain (3.1), not with a Destroyed marker in the box, only
/// for an active unit in the box, one unit per helicopter, and the helicopter not already used
/// in this activation.
pub fn may_lift(
    rain: bool,
    airfield_box_destroyed: bool,
    unit_active_in_box: bool,
    helicopter_used_this_activation: bool,
    to_warsaw_pact_airfield: bool,
) -> Result<(), RuleViolation> {
    if rain {
        return refuse("3.1", "no air unit flies in the rain");
    }
    if airfield_box_destroyed {
        return refuse(
            "8.2",
            "a Destroyed marker in the Airfield box grounds the helicopters",
        );
    }
    if !unit_active_in_box {
        return refuse(
            "8.2",
            "a helicopter lifts an active unit from the Airfield box",
        );
    }
    if helicopter_used_this_activation {
        return refuse("8.2", "each helicopter flies once per activation");
    }
    if !to_warsaw_pact_airfield {
        return refuse(
            "8.2",
            "helicopters land at an airfield the Warsaw Pact controls",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FOOT: [MoveClass; 3] = [MoveClass::Leg; 3];

    // 3.14 transport ability: a unit marked I carries one company, one marked II a battalion
    // or three companies, under 6.0's rules for riders; tanks never ride, nor regiments.
    #[test]
    fn gates_3_14_transport_ability_carries_a_company_or_a_battalion() {
        use Size::{Battalion, Company, Platoon, Regiment};
        let one = boarding(&FOOT[..1]);
        assert!(may_carry(CarrySize::Company, 0, one, &[Company]).is_ok());
        assert!(may_carry(CarrySize::Company, 0, one, &[Platoon]).is_ok());
        let err = may_carry(CarrySize::Company, 0, one, &[Battalion]).unwrap_err();
        assert_eq!(
            err.case, "3.14",
            "a battalion does not fit a company carrier"
        );
        assert_eq!(
            may_carry(CarrySize::Company, 1, one, &[Company])
                .unwrap_err()
                .case,
            "3.14",
            "it is full"
        );
        assert!(may_carry(CarrySize::Battalion, 0, one, &[Battalion]).is_ok());
        let three = boarding(&FOOT);
        assert!(may_carry(CarrySize::Battalion, 0, three, &[Company; 3]).is_ok());
        assert!(may_carry(CarrySize::Battalion, 1, three, &[Company; 3]).is_err());
        assert!(may_carry(CarrySize::Battalion, 2, one, &[Company]).is_ok());
        assert_eq!(
            may_carry(CarrySize::Battalion, 0, one, &[Regiment])
                .unwrap_err()
                .case,
            "3.14"
        );
        // 6.0's riders: on foot, active.
        let tank = boarding(&[MoveClass::Tracked]);
        assert_eq!(
            may_carry(CarrySize::Battalion, 0, tank, &[Company])
                .unwrap_err()
                .case,
            "6.0"
        );
        let idle = Boarding {
            active: false,
            ..one
        };
        assert_eq!(
            may_carry(CarrySize::Company, 0, idle, &[Company])
                .unwrap_err()
                .case,
            "6.0"
        );
    }

    fn boarding(units: &[MoveClass]) -> Boarding<'_> {
        Boarding {
            units,
            support_weapons: 0,
            leaders: 0,
            active: true,
        }
    }

    // 6.0 transport: active units on foot board, a bus takes three and a car one, one SW per
    // unit, leaders only with a unit; never load and unload in one activation; riders share
    // the transport's fate.
    #[test]
    fn gates_6_0_loading_carrying_and_unloading() {
        assert!(may_load(Transport::Bus, 0, boarding(&FOOT)).is_ok());
        assert_eq!(
            may_load(Transport::Bus, 1, boarding(&FOOT))
                .unwrap_err()
                .case,
            "6.0"
        );
        assert!(may_load(Transport::Car, 0, boarding(&FOOT[..1])).is_ok());
        assert!(may_load(Transport::Car, 0, boarding(&FOOT[..2])).is_err());
        assert!(may_load(Transport::Bus, 0, boarding(&[MoveClass::Wheeled])).is_err());
        let idle = Boarding {
            active: false,
            ..boarding(&FOOT[..1])
        };
        assert!(may_load(Transport::Car, 0, idle).is_err());
        let two_sws = Boarding {
            support_weapons: 2,
            ..boarding(&FOOT[..1])
        };
        assert!(may_load(Transport::Car, 0, two_sws).is_err());
        let leaders_alone = Boarding {
            leaders: 2,
            ..boarding(&[])
        };
        assert!(may_load(Transport::Bus, 0, leaders_alone).is_err());
        let with_leaders = Boarding {
            leaders: 4,
            support_weapons: 1,
            ..boarding(&FOOT[..1])
        };
        assert!(may_load(Transport::Car, 0, with_leaders).is_ok());
        assert!(may_use(Used::Not, false).is_ok());
        const { assert!(LOAD_IS_TRIGGER && TRANSPORT_IN_COLUMN && RIDERS_DEPLOYED) };
        assert!(unload_fire_hits_riders_alone(UnloadFire::AfterUnloading));
        assert!(!unload_fire_hits_riders_alone(UnloadFire::BeforeUnloading));
        assert!(may_acquire_more(3, 4).is_ok());
        assert_eq!(may_acquire_more(4, 4).unwrap_err().case, "6.0");
        assert_eq!(may_use(Used::Loaded, true).unwrap_err().case, "6.0");
        assert_eq!(may_use(Used::Unloaded, false).unwrap_err().case, "6.0");
        assert_eq!(
            UNLOADED,
            Unloaded {
                deployed: true,
                active: false,
                transport_leaves_play: true
            }
        );
        assert_eq!(
            riders_after(TransportHit::Fate(Fate::Eliminated)),
            Riders::Eliminated
        );
        assert_eq!(riders_after(TransportHit::Routed), Riders::Routed);
        assert_eq!(
            riders_after(TransportHit::Fate(Fate::Stays)),
            Riders::ShareResult
        );
    }

    // 8.2 air transport: one active unit per helicopter from the Airfield box to a Warsaw
    // Pact airfield, not with the box's airfield destroyed, not twice in an activation.
    #[test]
    fn gates_8_2_helicopters_lift_from_the_airfield_box() {
        assert!(may_lift(false, false, true, false, true).is_ok());
        assert_eq!(
            may_lift(true, false, true, false, true).unwrap_err().case,
            "3.1"
        );
        assert_eq!(
            may_lift(false, true, true, false, true).unwrap_err().case,
            "8.2"
        );
        assert!(may_lift(false, false, false, false, true).is_err());
        assert!(may_lift(false, false, true, true, true).is_err());
        assert!(may_lift(false, false, true, false, false).is_err());
    }
}
