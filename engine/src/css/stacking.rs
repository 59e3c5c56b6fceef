//! Stacking: the limit and what counts toward it, the over-stacking and mixed-formation DGs of
//! step 2D-c, enemies never sharing a hex, and what stacking means to fire (series S6.0–S6.6).
//!
//! Stacking is never enforced by refusing a move: units may move through and stay in an
//! over-stacked hex during an activation, and [`step_2d_c`] lists the DGs it costs at step
//! 2D-c (S6.3, S6.4). Only placing units — reinforcements and turn-track arrivals — must keep
//! within the limit ([`may_place`], S6.1). Which hexes a game declares unlimited (*Gates* 3.5:
//! reinforcement hexes) is the map's `HexFeatures::REINFORCEMENT`.

use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// Pieces of one hex a check reads (units, riders, leaders, heroes, support weapons).
pub const MAX_HEX_PIECES: usize = 32;

/// The stacking values (S6.1, S6.6), read from `data/gates/tables.toml` `[stacking]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackingChart {
    /// Units a hex may hold (stand-in 3; *Gates* 4.1.2 repeats it, ruling B21).
    pub limit: u8,
    /// Fire against a hex holding this many units or more …
    pub dense: u8,
    /// … gets this modifier (table S9.5-T; stand-in +1 for 3 units).
    pub dense_fire: i8,
}

impl StackingChart {
    /// The series book's stand-in values: 3 units, +1 against 3 or more.
    pub const fn stand_in() -> StackingChart {
        StackingChart {
            limit: 3,
            dense: 3,
            dense_fire: 1,
        }
    }
}

/// Whom a leader leads (S2.4, S12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Leads {
    Division(u16),
    Formation(u16),
}

/// What a piece in a hex is, for stacking (S6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// A combat unit (refugees and armed mobs are units too, exclusive 4.4).
    Combat,
    /// A formation or division HQ (S2.2.2).
    Hq,
    /// A transport (exclusive 6.0); it counts once with the unit it carries.
    Transport,
    /// A unit carried by a transport.
    Rider {
        transport: UnitId,
    },
    Leader(Leads),
    Hero,
    SupportWeapon,
}

/// One piece in a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub id: UnitId,
    pub side: Side,
    pub formation: u16,
    pub division: u16,
    pub role: Role,
    /// The formation a scenario attaches the unit to, which it then counts as (S6.4).
    pub attached_to: Option<u16>,
}

impl Piece {
    /// A unit: combat units, HQs, transports and their riders (S1.4).
    pub const fn is_unit(&self) -> bool {
        matches!(
            self.role,
            Role::Combat | Role::Hq | Role::Transport | Role::Rider { .. }
        )
    }

    /// Counts toward the stacking limit (S6.2): combat units, HQs and transports — a rider
    /// counts as one with its transport; leaders, heroes and support weapons never count.
    pub const fn counts(&self) -> bool {
        matches!(self.role, Role::Combat | Role::Hq | Role::Transport)
    }

    /// The formation it counts as for mixed formations (S6.4).
    pub fn formation_for_stacking(&self) -> u16 {
        self.attached_to.unwrap_or(self.formation)
    }

    /// Never "of a different formation" (S6.4): HQs, transports and the units they carry.
    pub const fn exempt_from_mixing(&self) -> bool {
        matches!(self.role, Role::Hq | Role::Transport | Role::Rider { .. })
    }
}

/// Units that count toward the limit (S6.2).
pub fn count(pieces: &[Piece]) -> usize {
    pieces.iter().filter(|p| p.counts()).count()
}

/// May `side` be in a hex holding `present` (S6.5)? Never with enemy units.
pub fn may_share(present: &[Piece], side: Side) -> Result<(), RuleViolation> {
    if present.iter().any(|p| p.is_unit() && p.side != side) {
        Err(RuleViolation::new(
            "S6.5",
            "units of the two sides may never be in the same hex",
        ))
    } else {
        Ok(())
    }
}

/// May `arriving` be placed (as reinforcements, turn-track arrivals) in a hex holding
/// `present` (S6.1)? Within the limit unless the hex is `unlimited` (*Gates* 3.5), and never
/// with the enemy (S6.5).
pub fn may_place(
    chart: &StackingChart,
    unlimited: bool,
    present: &[Piece],
    arriving: &[Piece],
) -> Result<(), RuleViolation> {
    for a in arriving {
        may_share(present, a.side)?;
        may_share(arriving, a.side)?;
    }
    if !unlimited && count(present) + count(arriving) > chart.limit as usize {
        return Err(RuleViolation::new(
            "S6.1",
            "units placed in a hex must keep within the stacking limit of 3",
        ));
    }
    Ok(())
}

/// The DGs of one hex at step 2D-c (S6.3, S6.4). A unit gets at most one, even if both
/// penalties apply (S6.4).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Penalties {
    /// The hex holds more units than the limit: every unit in it gets a DG (S6.3).
    pub over_stacked: bool,
    /// The formation spared by the mixed-formation check, if the hex mixes formations and no
    /// leader cancels it (S6.4).
    pub spared: Option<u16>,
    /// Units receiving a DG, in the hex's order.
    pub dg: heapless::Vec<UnitId, MAX_HEX_PIECES>,
}

/// Several formations tie for the most units in a mixed hex: the owner picks the one that is
/// spared (S6.4), then the check is made again with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tie {
    pub owner: Side,
    pub formations: heapless::Vec<u16, MAX_HEX_PIECES>,
}

/// Why [`step_2d_c`] did not give the DGs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// The owner must pick the spared formation (a `Pending::Choose`).
    Tie(Tie),
    /// More pieces than a check reads.
    Overflow(RuleViolation),
}

/// The stacking check of one hex at step 2D-c (S6.3, S6.4), its pieces `pieces` (one side's,
/// S6.5). `unlimited`: a hex the game declares unlimited (*Gates* 3.5) has no over-stacking.
/// `spared`: the owner's pick when formations tied for the most units.
pub fn step_2d_c(
    chart: &StackingChart,
    unlimited: bool,
    pieces: &[Piece],
    spared: Option<u16>,
) -> Result<Penalties, Undecided> {
    let full = || Undecided::Overflow(RuleViolation::new("engine", "too many pieces in a hex"));
    let mut out = Penalties {
        over_stacked: !unlimited && count(pieces) > chart.limit as usize,
        ..Penalties::default()
    };
    // S6.4: formations present, by their units that are not exempt.
    let mut tally: heapless::Vec<(u16, u8), MAX_HEX_PIECES> = heapless::Vec::new();
    for p in pieces
        .iter()
        .filter(|p| p.is_unit() && !p.exempt_from_mixing())
    {
        let f = p.formation_for_stacking();
        match tally.iter_mut().find(|(x, _)| *x == f) {
            Some((_, n)) => *n += 1,
            None => tally.push((f, 1)).map_err(|_| full())?,
        }
    }
    let led = pieces.iter().any(|p| match p.role {
        Role::Leader(Leads::Formation(f)) => pieces
            .iter()
            .any(|u| u.is_unit() && u.formation_for_stacking() == f),
        Role::Leader(Leads::Division(d)) => pieces.iter().any(|u| u.is_unit() && u.division == d),
        _ => false,
    });
    if tally.len() > 1 && !led {
        let most = tally.iter().map(|t| t.1).max().unwrap_or(0);
        let mut tied: heapless::Vec<u16, MAX_HEX_PIECES> = heapless::Vec::new();
        for t in tally.iter().filter(|t| t.1 == most) {
            tied.push(t.0).map_err(|_| full())?;
        }
        out.spared = match (tied.as_slice(), spared) {
            ([one], _) => Some(*one),
            (_, Some(f)) if tied.contains(&f) => Some(f),
            _ => {
                let owner = pieces.first().map_or(Side::A, |p| p.side);
                return Err(Undecided::Tie(Tie {
                    owner,
                    formations: tied,
                }));
            }
        };
    }
    for p in pieces.iter().filter(|p| p.is_unit()) {
        let mixed = out
            .spared
            .is_some_and(|f| !p.exempt_from_mixing() && p.formation_for_stacking() != f);
        if out.over_stacked || mixed {
            out.dg.push(p.id).map_err(|_| full())?;
        }
    }
    Ok(out)
}

/// The stacking modifier of fire against a hex holding `pieces` (S6.6, table S9.5-T): +1
/// against 3 units or more (a transport and its rider count once, S6.2).
pub fn fire_density(chart: &StackingChart, pieces: &[Piece]) -> i8 {
    if count(pieces) >= chart.dense as usize {
        chart.dense_fire
    } else {
        0
    }
}

/// The units a fire at a hex holding `pieces` attacks (S6.6, S9.3.3, S9.3.4): every unit in
/// it — riders share their transport's fate (exclusive 6.0) and leaders, heroes and support
/// weapons are never attacked — or only the `named` unit of a weapon that picks its target
/// (guided missiles S9.13, snipers S13.6), if it is one of them.
pub fn fire_targets<'a>(
    pieces: &'a [Piece],
    named: Option<UnitId>,
) -> impl Iterator<Item = UnitId> + 'a {
    pieces
        .iter()
        .filter(move |p| p.counts() && named.is_none_or(|n| n == p.id))
        .map(|p| p.id)
}

#[cfg(test)]
#[path = "stacking_tests.rs"]
mod tests;
