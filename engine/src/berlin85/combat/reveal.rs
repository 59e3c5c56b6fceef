//! Untried units reveal their strength once committed to combat [11.0]: a chit is drawn from
//! the cup of the unit's kind (the untried mix, `Tables::untried`), and the mix loses it.
//!
//! The pending draw lists one option per chit left in the cup, so a uniform pick is a fair
//! draw (the data loader refuses a cup larger than one draw can list). An emptied cup is
//! refilled from the full mix (all its chits are back in play).

use super::CombatStep;
use crate::berlin85::command::Choice;
use crate::berlin85::event::Event;
use crate::berlin85::game::{Game, Input85, Pending85};
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation, MAX_OPTIONS};
use crate::core::units::{UnitId, UnitKind};
use crate::event;

/// Name of the cup an untried unit of `kind` draws from.
pub fn cup_name(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Infantry => "infantry",
        UnitKind::Mechanized => "mechanized",
        UnitKind::Tank => "tank",
        UnitKind::Recon => "recon",
        UnitKind::Paratroop => "paratroop",
        UnitKind::Police => "police",
        UnitKind::MilitaryPolice => "military police",
        UnitKind::SpecialForces => "special forces",
        UnitKind::Engineer => "engineer",
        UnitKind::Headquarters => "headquarters",
        UnitKind::Artillery => "artillery",
        UnitKind::SelfPropelledArtillery => "self-propelled artillery",
        UnitKind::RocketArtillery => "rocket artillery",
        UnitKind::AntiTank => "anti-tank",
    }
}

impl<'d> Game<'d> {
    /// The next untried unit of a committed, unresolved attack.
    fn next_untried(&self) -> Option<UnitId> {
        self.state
            .combat
            .attacks
            .iter()
            .filter(|a| a.closed && !a.resolved)
            .flat_map(|a| a.attackers.iter().chain(a.defenders.iter()))
            .copied()
            .find(|&u| self.hex_of(u).is_some() && self.is_untried(u))
    }

    /// Chits left of each mix entry for `kind`; a cup drawn empty counts as refilled.
    fn cup_counts(
        &self,
        kind: UnitKind,
    ) -> heapless::Vec<(usize, u16), { crate::berlin85::data::MAX_UNTRIED_CHITS }> {
        let mix = &self.data.tables.untried;
        let mut v = heapless::Vec::new();
        let left = |i: usize| self.state.untried_left.get(i).copied().unwrap_or(0);
        let empty = mix
            .iter()
            .enumerate()
            .all(|(i, c)| c.kind != kind || left(i) == 0);
        for (i, c) in mix.iter().enumerate() {
            if c.kind == kind {
                let n = if empty { c.count } else { left(i) };
                if n > 0 {
                    let _ = v.push((i, n as u16));
                }
            }
        }
        v
    }

    /// The draw options: mix entry index per listed chit.
    fn cup_options(&self, kind: UnitKind) -> heapless::Vec<usize, MAX_OPTIONS> {
        let mut v = heapless::Vec::new();
        for (i, n) in self.cup_counts(kind) {
            for _ in 0..n {
                if v.push(i).is_err() {
                    return v;
                }
            }
        }
        v
    }

    pub(crate) fn reveal_pending(&self) -> Option<Pending85> {
        let u = self.next_untried()?;
        let kind = self.def(u).kind;
        let mut chits = heapless::Vec::new();
        for i in self.cup_options(kind) {
            let c = &self.data.tables.untried[i];
            let _ = chits.push(Choice::Strength {
                attack: c.attack,
                defense: c.defense,
            });
        }
        Some(Pending::DrawChit {
            player: self.side_of(u),
            cup: cup_name(kind),
            case: "11.0",
            chits,
        })
    }

    pub(crate) fn reveal_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(u) = self.next_untried() else {
            return refuse("11.0", "no untried unit is waiting to be revealed");
        };
        let Input::Drew(k) = input else {
            return refuse("11.0", "a strength chit must be drawn now");
        };
        let kind = self.def(u).kind;
        let options = self.cup_options(kind);
        let Some(&i) = options.get(*k as usize) else {
            return refuse("11.0", "there is no such chit in the cup");
        };
        if self
            .cup_counts(kind)
            .iter()
            .all(|&(j, _)| self.state.untried_left.get(j).copied().unwrap_or(0) == 0)
        {
            // The cup was drawn empty: every chit of this kind goes back in.
            for (j, c) in self.data.tables.untried.iter().enumerate() {
                if c.kind == kind {
                    if let Some(x) = self.state.untried_left.get_mut(j) {
                        *x = c.count;
                    }
                }
            }
        }
        if let Some(x) = self.state.untried_left.get_mut(i) {
            *x = x.saturating_sub(1);
        }
        let c = self.data.tables.untried[i];
        self.reveal_as(u, c.attack, c.defense, events)?;
        self.after_reveal_step(events)
    }

    fn reveal_as(
        &mut self,
        u: UnitId,
        attack: u8,
        defense: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.units[u.0 as usize].revealed = Some((attack, defense));
        let name = self.def(u).name.clone();
        let mut e = event!("11.0", "{} revealed: {}-{}", name, attack, defense).unit(u);
        if let Some(h) = self.hex_of(u) {
            e = e.at(h);
        }
        emit(events, e)
    }

    /// Leaves the reveal step when nothing is left to draw. A unit whose kind has no chit in
    /// the mix at all keeps its printed strengths.
    pub(crate) fn after_reveal_step(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        while let Some(u) = self.next_untried() {
            if !self.cup_options(self.def(u).kind).is_empty() {
                return Ok(());
            }
            let d = self.def(u);
            self.reveal_as(u, d.attack, d.defense, events)?;
        }
        self.state.combat.step = CombatStep::Resolve;
        self.after_attack(events)
    }
}
