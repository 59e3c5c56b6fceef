//! Leaders and heroes (S12.0–S12.7, with the leader parts of S2.4, S3.3.4 step 2D-b, S4.6.3,
//! S6.4, S10.4, S11.3 and S11.11).
//!
//! * **Counters** (S2.4, S12.1): a [`Leader`] leads one formation or one division, prints a
//!   TQ bonus and an Assault bonus on its front and lower values on its Replacement side
//!   ([`LeaderDef`]); a [`Hero`] is a marker with a unit. Neither is a unit: the stacking check
//!   sees them as `stacking::Role::Leader` / `Role::Hero` pieces ([`Leader::piece`],
//!   [`Hero::piece`]) that never count and are never fired at (S6.2, S9.3.4).
//! * **Activity** (S12.1): a leader is active while its formation, or for a division leader
//!   any formation of its division, is ([`Leader::is_active`]). A Direct Command activates
//!   units, not formations, so it leaves leaders inactive (they take no DC, S4.6.3).
//! * **What they give** (S12.2, S12.6): [`Leadership::of_hex`] sums up a hex for one side —
//!   the best TQ bonus and Assault bonus there, a hero, an active leader — and feeds the
//!   existing computations: [`Leadership::tq`] fills the leader and hero lines of table
//!   S11.3-T, [`backing`] the leader and hero lines of table S10.4-T, [`Leadership::rally`]
//!   the active-leader rally of S11.11; the mixed-formation DG cancel of S6.4 is read by
//!   `stacking::step_2d_c` from the leader pieces.
//! * **Movement** (S12.3, S12.6, S12.7): with moving units of its command, free
//!   ([`Leader::accompany`]); under a Direct Command only with a commanded unit it starts
//!   stacked with; at step 2D-b on its own, up to 6 MP as a leg unit in Column ([`step_2d_b`]).
//! * **Losses** (S12.4, S12.5): a step lost in its hex calls a d10 check per leader there
//!   ([`casualty_checks`], [`Leader::casualty`]: 0–1 kills, stand-in); a killed leader flips to
//!   its Replacement side and rejoins its command at the end of the activation
//!   ([`Leader::place_replacement`]); a killed Replacement leader is gone. Left alone
//!   (S12.5.2) it routs with its units ([`Leader::left_alone`]), or is checked on 0–4 when they
//!   are captured or eliminated, and an enemy entering its hex kills it.
//!
//! The engine never rolls: each check is a `Pending::Roll` ([`casualty_roll`]) whose raw d10
//! comes back as an input. The stand-in numbers are a [`LeaderCharts`] the data crate fills;
//! `css::standin::leader_charts` is the marked stand-in set.

pub mod moves;
#[cfg(test)]
mod tests;

pub use moves::{step_2d_b, Leg2dB};

use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, Case, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::assault::Backing;
use crate::css::command::{Chit, CommandData, FormationId, MAX_FORMATIONS};
use crate::css::morale::{rally, Status, TqSituation, Tqc};
use crate::css::stacking::{Piece, Role, MAX_HEX_PIECES};
use serde::{Deserialize, Serialize};

pub use crate::css::stacking::Leads;

/// Units a leader follows into the Routed box (a hex's worth, S12.5.2).
pub const MAX_ROUTED_WITH: usize = 8;

/// The numbers of S12.3.3 and S12.5 (`data/gates/tables.toml` `[leaders]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderCharts {
    /// S12.5.1: a casualty check kills the leader on a raw d10 at or below this (stand-in 1).
    pub casualty_kills_up_to: u8,
    /// S12.5.2: a leader whose units were all captured or eliminated is killed at or below
    /// this (4), placed with the nearest unit of its formation above it.
    pub alone_kills_up_to: u8,
    /// S12.3.3: MP of a leader's own move at step 2D-b (6), as a leg unit in Column.
    pub move_mp: u8,
}

/// The two values a leader counter prints on each side (S2.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonuses {
    /// Added to the TQ of every unit in its hex for TQCs (table S11.3-T).
    pub tq: u8,
    /// Added to the Assault roll of its side (table S10.4-T).
    pub assault: u8,
}

/// A leader counter as printed (S2.4, S12.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderDef {
    pub side: Side,
    /// The formation or the division it leads.
    pub leads: Leads,
    /// The division of that formation (for a division leader, the division itself).
    pub division: u16,
    pub front: Bonuses,
    /// The Replacement side: lower values, usually 0 or +1 (S12.4).
    pub replacement: Bonuses,
}

/// Which side of the leader counter is up (S12.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    #[default]
    Front,
    Replacement,
}

/// Where a leader is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Whereabouts {
    OnMap(HexId),
    /// Routed with its hex's units; it comes back with the first of them (S12.5.2).
    Routed {
        with: heapless::Vec<UnitId, MAX_ROUTED_WITH>,
    },
    /// Killed and flipped: placed with a unit of its command at the end of the current
    /// activation (S12.4).
    AwaitingReplacement,
    /// Its units were captured or eliminated and the check spared it: placed with the nearest
    /// unit of its formation (S12.5.2).
    AwaitingNearest {
        from: HexId,
    },
    /// A Replacement leader that was killed (S12.4).
    Removed,
}

/// What a kill did (S12.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Killed {
    /// Flipped to its Replacement side; it rejoins its command at the end of the activation.
    Flipped,
    /// It was already a Replacement: removed for good.
    Removed,
}

/// One check's result (S12.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fell {
    Survives,
    Killed(Killed),
}

/// How a leader moves with units (S12.3.1, S12.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Moving {
    /// Units moving under a Division or Formation chit (S12.3.1).
    Activation,
    /// A unit moving under a Direct Command; `commanded`: a DC was spent on it (S12.3.2).
    DirectCommand { commanded: bool },
}

/// A leader on (or off) the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// The counter's id in the game's piece table (the stacking check's `Piece::id`).
    pub id: UnitId,
    pub def: LeaderDef,
    pub face: Face,
    pub at: Whereabouts,
}

/// A formation that is active now, and its division (S12.1 reads both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveFormation {
    pub formation: u16,
    pub division: u16,
}

impl Leader {
    /// A leader on its front side in `hex`.
    pub fn new(id: UnitId, def: LeaderDef, hex: HexId) -> Leader {
        Leader {
            id,
            def,
            face: Face::Front,
            at: Whereabouts::OnMap(hex),
        }
    }

    /// The values of the side that is up (S2.4, S12.4).
    pub const fn bonuses(&self) -> Bonuses {
        match self.face {
            Face::Front => self.def.front,
            Face::Replacement => self.def.replacement,
        }
    }

    /// The hex it is in, if on the map.
    pub fn hex(&self) -> Option<HexId> {
        match self.at {
            Whereabouts::OnMap(h) => Some(h),
            _ => None,
        }
    }

    /// The stacking check's view of it (S6.2: it never counts; S6.4: it may cancel the
    /// mixed-formation DG).
    pub const fn piece(&self) -> Piece {
        let formation = match self.def.leads {
            Leads::Formation(f) => f,
            Leads::Division(_) => u16::MAX,
        };
        Piece {
            id: self.id,
            side: self.def.side,
            formation,
            division: self.def.division,
            role: Role::Leader(self.def.leads),
            attached_to: None,
        }
    }

    /// Is `unit` of its command: its formation, or its division for a division leader
    /// (S12.1, S12.3.1)? A unit attached to its formation counts (S6.4).
    pub fn commands(&self, unit: &Piece) -> bool {
        unit.is_unit()
            && unit.side == self.def.side
            && match self.def.leads {
                Leads::Formation(f) => unit.formation_for_stacking() == f,
                Leads::Division(d) => unit.division == d,
            }
    }

    /// S12.1: active while its formation is active, or, for a division leader, any
    /// formation of its division. `active`: the formations a Division or Formation chit made
    /// active (a Direct Command activates none, S4.6.3).
    pub fn is_active(&self, active: &[ActiveFormation]) -> bool {
        self.hex().is_some()
            && active.iter().any(|a| match self.def.leads {
                Leads::Formation(f) => a.formation == f,
                Leads::Division(d) => a.division == d,
            })
    }

    /// S12.3.1, S12.3.2 (S4.6.3): the leader in `from` moves with `movers` (the units of a
    /// Move action, S5.1.3) to `to`, at no cost. With units of its command during any
    /// activation; under a Direct Command only with a commanded unit it started the action
    /// stacked with, stopping where it stops.
    pub fn accompany(
        &mut self,
        from: HexId,
        to: HexId,
        movers: &[Piece],
        how: Moving,
    ) -> Result<(), RuleViolation> {
        let case = match how {
            Moving::Activation => "S12.3.1",
            Moving::DirectCommand { .. } => "S12.3.2",
        };
        if self.hex() != Some(from) {
            return refuse(case, "a leader moves only with units it is stacked with");
        }
        if !movers.iter().any(|u| self.commands(u)) {
            return refuse(case, "a leader moves with moving units of its own command");
        }
        if let Moving::DirectCommand { commanded: false } = how {
            return refuse(
                "S4.6.3",
                "under a Direct Command a leader moves only with a commanded unit",
            );
        }
        self.at = Whereabouts::OnMap(to);
        Ok(())
    }

    /// S12.4: killed. A front-side leader flips to its Replacement side and waits to rejoin
    /// its command at the end of the activation; a Replacement leader is removed for good.
    pub fn kill(&mut self) -> Killed {
        match self.face {
            Face::Front => {
                self.face = Face::Replacement;
                self.at = Whereabouts::AwaitingReplacement;
                Killed::Flipped
            }
            Face::Replacement => {
                self.at = Whereabouts::Removed;
                Killed::Removed
            }
        }
    }

    /// S12.4: at the end of the activation a killed leader is placed in `hex` with a unit of
    /// its formation (of its division, for a division leader); `pieces` are the hex's.
    pub fn place_replacement(&mut self, hex: HexId, pieces: &[Piece]) -> Result<(), RuleViolation> {
        if self.at != Whereabouts::AwaitingReplacement {
            return refuse("S12.4", "only a killed leader is placed as its replacement");
        }
        if !pieces.iter().any(|p| self.commands(p)) {
            return refuse(
                "S12.4",
                "a replacement leader is placed with a unit of its formation or division",
            );
        }
        self.at = Whereabouts::OnMap(hex);
        Ok(())
    }

    /// S12.5.1: a raw d10 of the casualty check; at or below the kill number (stand-in 0–1)
    /// the leader is killed (S12.4).
    pub fn casualty(&mut self, raw: u8, charts: &LeaderCharts) -> Result<Fell, RuleViolation> {
        if raw > 9 {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        if self.hex().is_none() {
            return refuse("S12.5.1", "only a leader on the map checks for casualty");
        }
        Ok(if raw <= charts.casualty_kills_up_to {
            Fell::Killed(self.kill())
        } else {
            Fell::Survives
        })
    }

    /// S12.5.2: every unit of its hex left without it. Those that `routed` take it along (it
    /// comes back with the first of them); when none routed (they were captured or
    /// eliminated) it waits for [`Leader::alone_check`]. Units that moved away leave it alone
    /// on the map: nothing to call (see [`Leader::enemy_enters`]).
    pub fn left_alone(&mut self, routed: &[UnitId]) -> Result<(), RuleViolation> {
        let Some(from) = self.hex() else {
            return refuse("S12.5.2", "the leader is not on the map");
        };
        if routed.is_empty() {
            self.at = Whereabouts::AwaitingNearest { from };
            return Ok(());
        }
        let mut with = heapless::Vec::new();
        for u in routed.iter().take(MAX_ROUTED_WITH) {
            let _ = with.push(*u);
        }
        self.at = Whereabouts::Routed { with };
        Ok(())
    }

    /// S12.5.2: the check of a leader whose units were captured or eliminated: killed on 0–4
    /// (S12.4); otherwise it is to be placed with the nearest unit of its formation
    /// ([`Leader::place_with_nearest`]).
    pub fn alone_check(&mut self, raw: u8, charts: &LeaderCharts) -> Result<Fell, RuleViolation> {
        if raw > 9 {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        if !matches!(self.at, Whereabouts::AwaitingNearest { .. }) {
            return refuse("S12.5.2", "no check: the leader's units were not all lost");
        }
        Ok(if raw <= charts.alone_kills_up_to {
            Fell::Killed(self.kill())
        } else {
            Fell::Survives
        })
    }

    /// S12.5.2: a spared leader goes to `hex`, which must be one of the hexes nearest to where
    /// it was among `command_hexes` (the hexes holding a unit of its command).
    pub fn place_with_nearest(
        &mut self,
        g: &Geometry,
        hex: HexId,
        command_hexes: &[HexId],
    ) -> Result<(), RuleViolation> {
        let Whereabouts::AwaitingNearest { from } = self.at else {
            return refuse("S12.5.2", "the leader is not waiting to be placed");
        };
        let nearest = command_hexes.iter().map(|&h| g.distance(from, h)).min();
        if nearest.is_none_or(|d| !command_hexes.contains(&hex) || g.distance(from, hex) != d) {
            return refuse(
                "S12.5.2",
                "a spared leader goes to the nearest unit of its formation",
            );
        }
        self.at = Whereabouts::OnMap(hex);
        Ok(())
    }

    /// S12.5.2 with S11.10: a routed `unit` came back to `hex`; a leader that routed with it
    /// returns too. True if it did.
    pub fn unit_returns(&mut self, unit: UnitId, hex: HexId) -> bool {
        match &self.at {
            Whereabouts::Routed { with } if with.contains(&unit) => {
                self.at = Whereabouts::OnMap(hex);
                true
            }
            _ => false,
        }
    }

    /// S12.5.2: an enemy unit entered the leader's hex, where it was alone (`own_units` is
    /// the number of its side's units there): it is killed (S12.4).
    pub fn enemy_enters(&mut self, own_units: usize) -> Option<Killed> {
        (self.hex().is_some() && own_units == 0).then(|| self.kill())
    }
}

/// S12.1, S3.4: the formations `chit` makes active, numbered as the command data numbers
/// them (a piece's `formation` and `division` are taken to be the indices of its
/// `FormationId` and `DivisionId`). A Direct Command, Wind or Random Event chit activates no
/// formation, so no leader (S4.6.3).
pub fn active_under(
    data: &CommandData,
    chit: Chit,
) -> heapless::Vec<ActiveFormation, MAX_FORMATIONS> {
    let mut out = heapless::Vec::new();
    for (i, f) in data.formations.iter().enumerate() {
        if data.activates(chit, FormationId(i as u8)) {
            let _ = out.push(ActiveFormation {
                formation: i as u16,
                division: f.division.0 as u16,
            });
        }
    }
    out
}

/// Step 2D-b (S3.3.4 b, S12.3.3): the leaders on the map that may now move on their own.
pub fn movers_at_2d_b(
    leaders: &[Leader],
    active: &[ActiveFormation],
) -> heapless::Vec<UnitId, MAX_FORMATIONS> {
    let mut out = heapless::Vec::new();
    for l in leaders.iter().filter(|l| l.is_active(active)) {
        let _ = out.push(l.id);
    }
    out
}

/// S4.6.3: a Direct Command is spent on units only; a leader or hero never receives one.
pub fn may_receive_direct_command(piece: &Piece) -> Result<(), RuleViolation> {
    if matches!(piece.role, Role::Leader(_) | Role::Hero) {
        return refuse(
            "S4.6.3",
            "a leader never spends or receives a Direct Command",
        );
    }
    Ok(())
}

/// S12.5.1: the leaders in `hex` (one side's, S6.5) that check for casualty after a step was
/// lost there (`step_lost`: `FireReport::leader_check` or `assault::Outcome::leader_check`),
/// one roll each ([`casualty_roll`]).
pub fn casualty_checks(
    leaders: &[Leader],
    hex: HexId,
    step_lost: bool,
) -> heapless::Vec<UnitId, MAX_HEX_PIECES> {
    let mut out = heapless::Vec::new();
    if step_lost {
        for l in leaders.iter().filter(|l| l.hex() == Some(hex)) {
            let _ = out.push(l.id);
        }
    }
    out
}

/// The roll of one leader's check (S12.5.1, S12.5.2): a d10, low kills.
pub fn casualty_roll<O>(player: Side, case: Case) -> Pending<O> {
    Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose: "leader casualty check (low kills)",
        case,
        secret: false,
    }
}

/// A hero marker (S2.4, S12.6), always with a unit of its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hero {
    pub id: UnitId,
    pub side: Side,
    /// `None` once removed.
    pub at: Option<HexId>,
}

impl Hero {
    /// S12.6: a hero appears with a unit of its side in `hex` (`pieces`: the hex's). The game
    /// says when (*Gates* 7.0) and may clear the hex's markers.
    pub fn place(
        id: UnitId,
        side: Side,
        hex: HexId,
        pieces: &[Piece],
    ) -> Result<Hero, RuleViolation> {
        if !pieces.iter().any(|p| p.is_unit() && p.side == side) {
            return refuse("S12.6", "a hero is placed with a unit of its side");
        }
        Ok(Hero {
            id,
            side,
            at: Some(hex),
        })
    }

    pub const fn piece(&self) -> Piece {
        Piece {
            id: self.id,
            side: self.side,
            formation: u16::MAX,
            division: u16::MAX,
            role: Role::Hero,
            attached_to: None,
        }
    }

    /// S12.6 (as S12.3.2): a hero moves only with a unit of its side it is stacked with,
    /// and stops where it stops.
    pub fn accompany(
        &mut self,
        from: HexId,
        to: HexId,
        movers: &[Piece],
    ) -> Result<(), RuleViolation> {
        if self.at != Some(from) || !movers.iter().any(|p| p.is_unit() && p.side == self.side) {
            return refuse("S12.6", "a hero moves only with a unit it is stacked with");
        }
        self.at = Some(to);
        Ok(())
    }

    /// S12.6: a hero must always stay with a unit. `staying`: the side's units left in its
    /// hex after a move that it does not join; refused if none would be.
    pub fn may_stay(&self, staying: usize) -> Result<(), RuleViolation> {
        if self.at.is_some() && staying == 0 {
            return refuse(
                "S12.6",
                "a hero must always stay with a unit: it moves with one",
            );
        }
        Ok(())
    }

    /// S12.6: the units of its hex routed, were captured or eliminated; with none of its
    /// side's units left there (`remaining`), the hero is removed. True if it was.
    pub fn units_lost(&mut self, remaining: usize) -> bool {
        let gone = self.at.is_some() && remaining == 0;
        if gone {
            self.remove();
        }
        gone
    }

    /// S12.6: every unit of its hex routed, was captured or eliminated, or the game's rule
    /// removes it (*Gates* 7.0: a raw 0 of enemy direct fire into its hex).
    pub fn remove(&mut self) {
        self.at = None;
    }
}

/// What the leaders and heroes in one hex give one side's units there (S12.2, S12.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Leadership {
    /// The best TQ bonus of a leader in the hex (only the best counts, table S11.3-T).
    pub tq_bonus: u8,
    /// The best Assault bonus of a leader in the hex (table S10.4-T).
    pub assault_bonus: u8,
    /// A hero is in the hex (S12.6).
    pub hero: bool,
    /// A leader in the hex is active (S11.11).
    pub active_leader: bool,
}

impl Leadership {
    /// S12.2: the hex's leaders of `side` help the units there of any formation of that
    /// side; heroes (S12.6) likewise. `active`: the formations active now (S12.1).
    pub fn of_hex(
        hex: HexId,
        side: Side,
        leaders: &[Leader],
        heroes: &[Hero],
        active: &[ActiveFormation],
    ) -> Leadership {
        let mut out = Leadership::default();
        for l in leaders
            .iter()
            .filter(|l| l.def.side == side && l.hex() == Some(hex))
        {
            let b = l.bonuses();
            out.tq_bonus = out.tq_bonus.max(b.tq);
            out.assault_bonus = out.assault_bonus.max(b.assault);
            out.active_leader |= l.is_active(active);
        }
        out.hero = heroes.iter().any(|h| h.side == side && h.at == Some(hex));
        out
    }

    /// Table S11.3-T: the leader's TQ bonus and the hero's line for a unit of this hex.
    pub const fn tq(&self, s: TqSituation) -> TqSituation {
        TqSituation {
            leader_bonus: self.tq_bonus,
            hero: self.hero,
            ..s
        }
    }

    /// S11.11: the rally of a unit in this hex (an active leader clears every marker).
    pub const fn rally(&self, status: Status, result: Tqc) -> Status {
        rally(status, result, self.active_leader)
    }
}

/// Table S10.4-T: the best Assault bonus of a leader in any of a side's hexes in the assault,
/// and a hero with its units (S10.1: leaders and heroes in an assaulting hex take part).
/// The game's own lines (flame-thrower, the assault ability) stay as `base` has them.
pub fn backing(hexes: &[Leadership], base: Backing) -> Backing {
    Backing {
        leader_bonus: hexes.iter().map(|h| h.assault_bonus).max().unwrap_or(0),
        hero: hexes.iter().any(|h| h.hero),
        ..base
    }
}
