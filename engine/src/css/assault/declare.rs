//! Declaring an assault (S10.1) and the defensive fire it draws (S10.2).
//!
//! [`declare`] checks every assaulting unit and the hexside it attacks across, and returns a
//! [`Declaration`]: the assaulting hexes, each an opportunity-fire trigger
//! ([`Declaration::triggers`], S9.11.2), and the units in them. The opportunity fire itself is
//! the fire module's ([`crate::css::fire::opportunity::Window`]); afterwards the caller says
//! what each attacker now is ([`Declaration::after_defensive_fire`]) and the units the fire
//! pinned, disrupted, suppressed, captured or eliminated drop out.

use super::MAX_ATTACKERS;
use crate::core::hex::HexId;
use crate::core::map::SideFeatures;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::fire::opportunity::Trigger;
use crate::css::morale::Status;
use crate::css::terrain::{Conditions, Crossing, Ground, MoveClass, Part, ROUTES};
use serde::{Deserialize, Serialize};

/// Hexes one assault may come from: the six neighbours of the hex assaulted.
pub const MAX_HEXES: usize = 6;

/// A unit offered for an assault, as the declaration reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assaulter {
    pub unit: UnitId,
    pub class: MoveClass,
    /// Active under the chit being played (S1.4).
    pub active: bool,
    /// On its Deployed side (S2.2.1).
    pub deployed: bool,
    pub status: Status,
    /// It has already made a fire-type action this activation (S5.1.2).
    pub fired: bool,
}

impl Assaulter {
    /// An active, Deployed unit with no marker.
    pub const fn ready(unit: UnitId, class: MoveClass) -> Self {
        Assaulter {
            unit,
            class,
            active: true,
            deployed: true,
            status: Status::None,
            fired: false,
        }
    }
}

/// One hex the assault comes from, with the part of a divided hex its units are in (S16.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Approach<'a> {
    pub hex: HexId,
    pub part: Part,
    pub units: &'a [Assaulter],
}

/// An assaulting hex of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultHex {
    pub hex: HexId,
    /// The hexside to the hex assaulted is a slope (exclusive 2.2.1, S10.3).
    pub slope: bool,
}

/// An assaulting unit of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    pub unit: UnitId,
    /// Index of its hex in [`Declaration::hexes`].
    pub hex: u8,
    /// Still in the assault: not dropped out after the defensive fire (S10.2).
    pub in_assault: bool,
}

/// Whether the assault goes on after the defensive fire (S10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Standing {
    /// This many attackers remain.
    Goes(u8),
    /// No attacker remains: the assault is over (their actions are spent).
    Over,
}

/// A declared assault: who assaults from where into which hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    pub side: Side,
    pub target: HexId,
    pub hexes: heapless::Vec<AssaultHex, MAX_HEXES>,
    pub attackers: heapless::Vec<Attacker, MAX_ATTACKERS>,
}

/// S10.1: may a unit of `class`, in `part` of `from`, assault `into` across the hexside
/// between them? It must be a hexside the unit could move across into that hex, except that a
/// bridge counts as crossable though the unit is Deployed (exclusive 2.2.4). Refusals cite
/// S10.1 and name the exclusive case that forbids.
pub fn may_cross<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    side: Side,
    from: HexId,
    part: Part,
    into: HexId,
    class: MoveClass,
) -> Result<(), RuleViolation> {
    let g = &ground.map.geometry;
    let Some(d) = g.direction_to(from, into) else {
        return refuse(
            "S10.1",
            "assaulting units must be next to the hex they assault",
        );
    };
    let (a, b) = (ground.detail(from).parts, ground.detail(into).parts);
    if a.gray_toward(d) || b.gray_toward(d.opposite()) {
        return refuse(
            "S10.1",
            "no assault across the grayed-out part of a hex (exclusive 2.2.3)",
        );
    }
    let sf = ground.side_toward(from, d);
    let hexside = g.canonical_side(from, d);
    // S10.1 with S7.10: from a divided hex only toward the part the units hold, or along the
    // route over the hex's own standing bridge (2.2.4).
    if a.divided() && a.part_of(d) != part {
        let bridge = a.bridge && !cond.bridge_out(Crossing::InHex(from)) && sf.has(ROUTES);
        if !bridge {
            return refuse(
                "S10.1",
                "units in a divided hex assault only hexes next to their part (exclusive 2.2.3)",
            );
        }
    }
    if sf.has(SideFeatures::BORDER) {
        let open = sf.has(SideFeatures::WALL_GAP) || hexside.is_some_and(|s| cond.breached(s));
        let wire = sf.has(SideFeatures::WALL_WIRE) && ground.chart.wall_wire.get(class).is_some();
        if !open && !wire {
            return refuse("S10.1", "no assault across the Wall (exclusive 2.2.6)");
        }
    }
    let river = sf.has(SideFeatures::WATER);
    if river || sf.has(SideFeatures::STREAM) {
        let standing = hexside.is_some_and(|s| !cond.bridge_out(Crossing::Side(s)));
        let built =
            sf.has(SideFeatures::BRIDGE) || (sf.has(ROUTES) && !sf.has(SideFeatures::FERRY));
        let temporary = hexside.is_some_and(|s| cond.temporary_bridge(s));
        // S10.1: over a bridge even on the Deployed side (2.2.4).
        let bridge = (built && standing) || temporary;
        if !bridge && river {
            return refuse(
                "S10.1",
                "no assault across a river hexside (exclusive 2.2.3)",
            );
        }
        if !bridge && ground.chart.stream.get(class).is_none() {
            return refuse(
                "S10.1",
                "this class cannot cross a stream to assault (exclusive 2.2.2)",
            );
        }
    }
    match ground.dot(into) {
        Some(dot) if dot.playable && dot.cost.get(class).is_some() => {}
        _ => {
            return refuse(
                "S10.1",
                "this class could not enter the hex assaulted (S7.3, S7.8)",
            )
        }
    }
    if ground.detail(into).barred_to(side) {
        return refuse(
            "S10.1",
            "the game forbids this hex to this side (exclusive 1.2, 3.5)",
        );
    }
    // S10.1, S16.3: a divided hex only from hexes next to the part its defenders hold, or
    // along the route that crosses its standing bridge (2.2.4: hex 26.25).
    if b.divided() {
        if let Some((owner, held)) = cond.hex_owned(into) {
            if owner != side && b.part_of(d.opposite()) != held {
                let bridge = b.bridge && !cond.bridge_out(Crossing::InHex(into)) && sf.has(ROUTES);
                if !bridge {
                    return refuse(
                        "S10.1",
                        "a divided hex is assaulted from next to the part its defenders hold, or over its bridge (exclusive 2.2.3, 2.2.4)",
                    );
                }
            }
        }
    }
    Ok(())
}

/// S7.11 (exclusive 4.2): may a hex holding enemy units of these classes be assaulted? A Boat
/// unit on its hexside is in neither hex and is never assaulted, so the enemy units the assault
/// would meet must include one that is not a boat.
pub fn may_be_assaulted(enemy_classes: &[MoveClass]) -> Result<(), RuleViolation> {
    if enemy_classes.iter().any(|c| *c != MoveClass::Boat) {
        return Ok(());
    }
    if enemy_classes.is_empty() {
        return refuse("S10.1", "an assault needs an enemy-occupied hex to assault");
    }
    refuse("S7.11", "a Boat unit is never assaulted (exclusive 4.2)")
}

/// S10.1: may this unit assault at all (its side, status, class and the fire-type action)?
pub fn may_assault(u: &Assaulter) -> Result<(), RuleViolation> {
    if u.class == MoveClass::Boat {
        return refuse("S10.1", "a Boat unit may not assault (exclusive 4.2)");
    }
    if !u.active {
        return refuse("S10.1", "only active units assault");
    }
    if !u.deployed {
        return refuse(
            "S10.1",
            "only Deployed units assault: a unit in Column may not",
        );
    }
    if !u.status.may_assault() {
        return refuse("S10.1", "Pinned, DG or Suppressed units may not assault");
    }
    if u.fired {
        return refuse("S5.1.2", "one fire-type action per activation");
    }
    Ok(())
}

/// S10.1: declares an assault by the units of `approaches` on `target`, which must hold an
/// enemy unit (`enemy_in_target`). Every unit must be able to assault (S10.1: active, Deployed,
/// unmarked, a fire-type action left) across a hexside it could cross into the target.
pub fn declare<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    side: Side,
    target: HexId,
    enemy_in_target: bool,
    approaches: &[Approach<'_>],
) -> Result<Declaration, RuleViolation> {
    if !enemy_in_target {
        return refuse("S10.1", "an assault needs an enemy-occupied hex to assault");
    }
    if approaches.iter().all(|a| a.units.is_empty()) {
        return refuse("S10.1", "an assault needs at least one assaulting unit");
    }
    let mut out = Declaration {
        side,
        target,
        hexes: heapless::Vec::new(),
        attackers: heapless::Vec::new(),
    };
    let g = &ground.map.geometry;
    for a in approaches.iter().filter(|a| !a.units.is_empty()) {
        if out.hexes.iter().any(|h| h.hex == a.hex) {
            return refuse("engine", "each assaulting hex is named once");
        }
        for u in a.units {
            may_assault(u)?;
            may_cross(ground, cond, side, a.hex, a.part, target, u.class)?;
        }
        let slope = g
            .direction_to(a.hex, target)
            .is_some_and(|d| ground.side_toward(a.hex, d).has(SideFeatures::SLOPE));
        let index = out.hexes.len() as u8;
        out.hexes
            .push(AssaultHex { hex: a.hex, slope })
            .map_err(|_| RuleViolation::new("engine", "too many assaulting hexes"))?;
        for u in a.units {
            if out.attackers.iter().any(|x| x.unit == u.unit) {
                return refuse("engine", "each assaulting unit is named once");
            }
            out.attackers
                .push(Attacker {
                    unit: u.unit,
                    hex: index,
                    in_assault: true,
                })
                .map_err(|_| RuleViolation::new("engine", "too many assaulting units"))?;
        }
    }
    Ok(out)
}

impl Declaration {
    /// S10.2, S9.11.2: the declaration is an opportunity-fire trigger in each assaulting hex
    /// (the attacking units in their hexes, before the assault). The caller opens
    /// [`crate::css::fire::opportunity::Window`] for each, with the enemy units that have that
    /// hex in their Fire Zone.
    pub fn triggers(&self) -> impl Iterator<Item = (Trigger, HexId)> + '_ {
        self.hexes.iter().map(|h| (Trigger::DeclaredAssault, h.hex))
    }

    /// S10.2: `now` gives each attacker's state after the defensive fire (`None`: captured or
    /// eliminated). Any that now carries a status marker, or is gone, leaves the assault with
    /// its action used; an assault left with nobody ends.
    pub fn after_defensive_fire(&mut self, now: impl Fn(UnitId) -> Option<Status>) -> Standing {
        for a in self.attackers.iter_mut() {
            a.in_assault &= now(a.unit).is_some_and(|s| s == Status::None);
        }
        match self.remaining().count() {
            0 => Standing::Over,
            n => Standing::Goes(n as u8),
        }
    }

    /// The attackers still in the assault.
    pub fn remaining(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.attackers
            .iter()
            .filter(|a| a.in_assault)
            .map(|a| a.unit)
    }

    /// Every attacker still in the assault attacks across a slope hexside (exclusive 2.2.1,
    /// S10.3).
    pub fn across_slope(&self) -> bool {
        let mut any = false;
        for a in self.attackers.iter().filter(|a| a.in_assault) {
            any = true;
            if !self.hexes.get(a.hex as usize).is_some_and(|h| h.slope) {
                return false;
            }
        }
        any
    }
}
