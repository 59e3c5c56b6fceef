//! The multi-player games in play (17.2, 17.3): the Soviet fronts kept apart — never in one
//! hex, never in one gun fire or close assault, never both against one hex in a combat segment
//! (17.2) — the German players' roles and the Hitler player's command shuffle at the start of a
//! German player-turn (+1 Soviet VP each, 17.3.1), and who among the players wins (17.2,
//! 17.3.1–17.3.3).

use super::{Choice, DieFor, Event, Game, Stage, Waiting};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::fortress::board::SegmentKind;
use crate::fortress::counters::{Front, COMBAT, GERMAN, SOVIET};
use crate::fortress::players::{self, front_of, german_players, german_roles, Role};
use serde::{Deserialize, Serialize};

/// The German roles and who holds them (17.3): `holder[i]` is the German player (0 …) holding
/// `players::GERMAN_ROLES[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GermanRoles {
    pub holder: [u8; 4],
    /// The turn of the last command shuffle (once a German player-turn).
    pub shuffled: Option<u8>,
    /// The German player who held the Hitler role when Hitler took his own life: he has lost
    /// (17.3.1).
    pub hitler_at_death: Option<u8>,
}

impl GermanRoles {
    pub const START: GermanRoles = GermanRoles {
        holder: [0, 1, 2, 3],
        shuffled: None,
        hitler_at_death: None,
    };
}

/// Who won among the players (17.2, 17.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Winners {
    /// The winning Soviet players' fronts: the one whose forces took Hitler or else the
    /// objective, or both when neither was taken (see Rulings).
    pub soviet: [bool; 2],
    /// The winning German player, by index (0 …).
    pub german: Option<u8>,
}

impl Game<'_> {
    /// Players at the table (17.2, 17.3).
    pub fn players(&self) -> u8 {
        self.state.board.options.players()
    }

    /// The role commanding `u` (17.2, 17.3), `None` when one player has the whole side.
    pub fn role_of(&self, u: UnitId) -> Option<Role> {
        players::role_of(&self.data.forces, self.players(), u)
    }

    /// The German player holding `role` (17.3); player 0 in the two- and three-player games.
    pub fn holder(&self, role: Role) -> Option<u8> {
        let i = players::GERMAN_ROLES.iter().position(|&r| r == role)?;
        german_roles(self.players())
            .contains(&role)
            .then(|| self.state.roles.holder[i])
    }

    /// The role German player `p` (0 …) holds now: the roles change hands in a command
    /// shuffle (17.3.1–17.3.3); none below four players.
    pub fn role_held_by(&self, p: u8) -> Option<Role> {
        german_roles(self.players())
            .iter()
            .enumerate()
            .find(|&(i, _)| self.state.roles.holder[i] == p)
            .map(|(_, &r)| r)
    }

    /// The players at the table now, in seat order (`players::seats_at_start`), each with the
    /// role he holds now: a German player keeps his seat when his role changes (17.3.1).
    pub fn seat_roles(&self) -> heapless::Vec<(Side, Option<Role>), 6> {
        let mut seats = players::seats_at_start(self.players());
        let mut german = 0u8;
        for seat in seats.iter_mut() {
            if seat.0 == GERMAN {
                if seat.1.is_some() {
                    seat.1 = self.role_held_by(german);
                }
                german += 1;
            }
        }
        seats
    }

    /// The role that must answer what the game waits for, in the three- to six-player games:
    /// the owner of the force a roll or a choice is about (the attacker's roll, a retreat, a
    /// loss, a desertion die: 8.4.2, 8.6, 8.7, 11.1.3, 11.2.1), else the side's lead role
    /// (`players::lead_role`: the Hitler player, Zhukov). `None` when one player has the
    /// whole side, or nobody must act.
    pub fn answering_role(&self) -> Option<Role> {
        let pending = self.pending();
        let side = pending.player()?;
        let mut units: heapless::Vec<UnitId, 32> = heapless::Vec::new();
        let mut add = |u: UnitId| {
            let _ = units.push(u);
        };
        match &self.state.waiting {
            Waiting::AssaultRoll(a) => a.attackers.iter().copied().for_each(&mut add),
            Waiting::Aftermath(a) => {
                if matches!(a.stage, Stage::Retreat { .. } | Stage::RetreatBegins) {
                    self.retreating(a).iter().copied().for_each(&mut add);
                }
                if side != a.defender {
                    a.announced.attackers.iter().copied().for_each(&mut add);
                }
            }
            Waiting::Die(
                DieFor::Desertion(u) | DieFor::PpbDesertion(u) | DieFor::NavalLanding(u),
            ) => add(*u),
            _ => {}
        }
        if let Pending::Choose { options, .. } | Pending::DrawChit { chits: options, .. } = &pending
        {
            for c in options {
                if let Choice::Unit(u) = c {
                    add(*u);
                }
            }
        }
        let forces = &self.data.forces;
        units
            .iter()
            .filter(|&&u| forces.counter(u).is_some_and(|c| c.side == side))
            .find_map(|&u| self.role_of(u))
            .or_else(|| players::lead_role(self.players(), side))
    }

    /// 17.2: a Soviet force may not move, enter, advance or retreat into a hex holding the other
    /// front's units.
    pub(super) fn check_fronts_apart(
        &self,
        units: &[UnitId],
        to: HexId,
    ) -> Result<(), RuleViolation> {
        let Some(s) = self.state.board.stacks.at(to, SOVIET) else {
            return Ok(());
        };
        let here = s.units.iter().copied().filter(|u| !units.contains(u));
        if players::mixes_fronts(
            &self.data.forces,
            self.players(),
            units.iter().copied().chain(here),
        ) {
            return refuse("17.2", "the two Soviet fronts' forces never stack together");
        }
        Ok(())
    }

    /// 17.2: a gun fire or close assault is one front's alone, and the other front does not
    /// attack the same hex that combat segment.
    pub(super) fn check_one_front(
        &self,
        attackers: &[UnitId],
        target: HexId,
    ) -> Result<(), RuleViolation> {
        let forces = &self.data.forces;
        if players::mixes_fronts(forces, self.players(), attackers.iter().copied()) {
            return refuse(
                "17.2",
                "the two fronts never combine gun fire or close assaults",
            );
        }
        if let Some(front) = self.attacking_front(attackers) {
            if self
                .state
                .front_attacks
                .iter()
                .any(|&(h, f)| h == target && f != front)
            {
                return refuse(
                    "17.2",
                    "the other front has attacked this hex this combat segment",
                );
            }
        }
        Ok(())
    }

    /// The front of a Soviet attack in a game with fronts.
    fn attacking_front(&self, attackers: &[UnitId]) -> Option<Front> {
        let forces = &self.data.forces;
        let &first = attackers.first()?;
        (self.players() >= 3 && forces.counter(first)?.side == SOVIET)
            .then(|| front_of(forces, first))
    }

    /// Remembers which front attacked `target` this segment (17.2).
    pub(super) fn note_front_attack(&mut self, attackers: &[UnitId], target: HexId) {
        if let Some(front) = self.attacking_front(attackers) {
            if !self.state.front_attacks.contains(&(target, front)) {
                let _ = self.state.front_attacks.push((target, front));
            }
            self.state.last_assault_front = Some(front);
        }
    }

    /// The Hitler player's command shuffle at the start of a German player-turn (17.3.1–
    /// 17.3.3): `holder` gives the German player who takes each role; the Soviet scores 1 VP.
    pub(super) fn shuffle(
        &mut self,
        holder: [u8; 4],
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let roles = german_roles(self.players());
        if roles.is_empty() {
            return refuse(
                "17.3.1",
                "only the four- to six-player games have German roles",
            );
        }
        let b = &self.state.board;
        if b.segment.side != GERMAN || b.segment.kind != SegmentKind::Reinforcement {
            return refuse(
                "17.3.1",
                "the roles change at the start of a German player-turn",
            );
        }
        if self.state.roles.shuffled == Some(b.turn) {
            return refuse("17.3.1", "one command shuffle a German player-turn");
        }
        let n = german_players(self.players());
        let held = &holder[..roles.len()];
        let a_permutation = (0..n).all(|p| held.iter().filter(|&&h| h == p).count() == 1);
        if !a_permutation {
            return refuse("17.3.2", "each German player takes exactly one role");
        }
        if held == &self.state.roles.holder[..roles.len()] {
            return refuse("17.3.1", "a command shuffle changes who holds the roles");
        }
        // 17.3.1: with two German players the only shuffle is their exchange; the Hitler
        // player never keeps his role in it.
        if held[0] == self.state.roles.holder[0] {
            return refuse("17.3.1", "the Hitler player hands his role on in a shuffle");
        }
        let mut next = self.state.roles;
        next.holder[..roles.len()].copy_from_slice(held);
        next.shuffled = Some(b.turn);
        self.state.roles = next;
        crate::core::protocol::emit(events, Event::RolesShuffled { holder })?;
        self.award(SOVIET, 1, "17.3.1", events)
    }

    /// The share of its combat-face FS each German role has lost so far, in thousandths
    /// (17.3.2: units that entered play; eliminated ones count as lost).
    pub fn fs_lost_share(&self, role: Role) -> u32 {
        let (forces, b) = (&self.data.forces, &self.state.board);
        let (mut lost, mut all) = (0u32, 0u32);
        for (i, c) in forces.counters.iter().enumerate() {
            let u = UnitId(i as u16);
            if self.role_of(u) != Some(role) {
                continue;
            }
            let Some(x) = b.unit(u) else { continue };
            let fs = c.on(COMBAT).fs as u32;
            match x.state.location {
                Location::Pool | Location::Withheld => {}
                Location::Eliminated => {
                    lost += fs;
                    all += fs;
                }
                _ => all += fs,
            }
        }
        (lost * 1000).checked_div(all).unwrap_or(0)
    }

    /// Who won among the players, once the game is over (17.2, 17.3.1–17.3.3).
    pub fn winners(&self) -> Option<Winners> {
        let outcome = self.state.victory.outcome?;
        let players = self.players();
        let mut w = Winners {
            soviet: [false; 2],
            german: None,
        };
        match outcome.winner {
            Some(side) if side == SOVIET => {
                w.soviet = match self.state.capturer {
                    Some(Front::Zhukov) if players >= 3 => [true, false],
                    Some(Front::Koniev) if players >= 3 => [false, true],
                    _ => [true, true],
                };
            }
            Some(_) => w.german = self.german_winner(),
            None => {}
        }
        Some(w)
    }

    /// The German player who wins a German victory: the only one below four players; else
    /// never the Hitler player (at the end, or at Hitler's suicide); with two German players the
    /// Armed Forces player, with more the one whose role lost the least share of its FS.
    fn german_winner(&self) -> Option<u8> {
        let roles = german_roles(self.players());
        if roles.is_empty() {
            return Some(0);
        }
        let loser = self
            .state
            .roles
            .hitler_at_death
            .unwrap_or(self.state.roles.holder[0]);
        roles
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, &r)| (self.state.roles.holder[i], self.fs_lost_share(r)))
            .filter(|&(p, _)| p != loser)
            .min_by_key(|&(p, share)| (share, p))
            .map(|(p, _)| p)
    }

    /// Remembers which front took Hitler or the objective (17.2): that of the Soviet units in
    /// `hex`, or of the last close assault on it.
    pub(super) fn note_capturer(&mut self, hex: HexId) {
        let forces = &self.data.forces;
        let front = self
            .state
            .board
            .stacks
            .at(hex, SOVIET)
            .and_then(|s| s.units.first().copied())
            .map(|u| front_of(forces, u))
            .or(self.state.last_assault_front);
        self.state.capturer = front;
    }
}
