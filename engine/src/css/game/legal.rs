//! The unit commands the rules allow now: each candidate (every active unit alone and every
//! hex's active stack, one hex's step, a change of side, fire at each enemy hex in range, an
//! assault or a charge on each adjacent enemy hex, an assault by every ready unit next to an
//! enemy hex, a rally, a TQC, a hold; the tied hexes' picks, S6.4; the advance after an
//! assault, S10.6) is kept if the rules accept it. A command whose check only reads the game
//! (Change Side, Fire, Rally, the TQC, Hold: `check_unit_command`, the checks `unit_command`
//! makes) is decided in place; the others are tried on a copy of the state. No heap: the copy
//! and the candidates live on the stack.

use super::checks::FireMemo;
use super::{GameEvent, Group, SeriesData, SeriesGame, Stage, UnitCommand};
use crate::core::hex::HexId;
use crate::core::protocol::Events;
use crate::core::units::UnitId;
use crate::css::stacking::{step_2d_c, Undecided};

/// Hexes a unit's fire candidates are gathered from.
pub const MAX_LEGAL: usize = 64;

impl<const U: usize> SeriesGame<U> {
    /// S3.4, S4.4: is `u` on the map, activated by the chit being played (a Direct Command
    /// counts, S4.6.2) and not yet done with it? The units the table highlights as the
    /// active formation.
    pub fn may_still_act<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
    ) -> bool {
        let Some(act) = &self.activation else {
            return false;
        };
        if self.unit(u).map_or(true, |s| s.hex.is_none()) {
            return false;
        }
        let Ok(a) = self.actor(data, u) else {
            return false;
        };
        act.is_active(data.command, &self.turn, &a) && !act.record(u).is_some_and(|r| r.done)
    }

    /// Calls `f` with every unit command the rules accept now.
    pub fn legal_unit_commands<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        f: impl FnMut(&UnitCommand),
    ) {
        self.legal_of(data, None, true, f)
    }

    /// Calls `f` with every command the rules accept now for `unit` alone or with its hex's
    /// units of the chit (S5.1.3): the legal actions of one unit.
    pub fn legal_unit_commands_of<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        unit: UnitId,
        f: impl FnMut(&UnitCommand),
    ) {
        self.legal_of(data, Some(unit), true, f)
    }

    /// [`Self::legal_of`] with every candidate tried on a copy: the reference the checks in
    /// place are compared with.
    #[cfg(test)]
    pub(super) fn legal_tried<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        only: Option<UnitId>,
        f: impl FnMut(&UnitCommand),
    ) {
        self.legal_of(data, only, false, f)
    }

    /// `in_place`: decide the commands `check_unit_command` answers without a copy.
    fn legal_of<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        only: Option<UnitId>,
        in_place: bool,
        mut f: impl FnMut(&UnitCommand),
    ) {
        let mut memo = FireMemo::new();
        let mut try_one = |c: UnitCommand| {
            let checked = in_place.then(|| self.check_unit_command(data, &c, &mut memo));
            if let Some(verdict) = checked.flatten() {
                if verdict.is_ok() {
                    f(&c);
                }
                return;
            }
            let mut copy = self.clone();
            copy.probing = true;
            let mut ev: Events<GameEvent> = Events::new();
            if copy.unit_command(data, &c, &mut ev).is_ok() {
                f(&c);
            }
        };
        let g = &data.ground.map.geometry;
        let Some(act) = &self.activation else { return };
        if self.op.is_some() {
            return; // S9.11.3: the window is answered first
        }
        if self.turn.active_chit().is_none() {
            // Step 2D-b: only the S6.4 picks are left before the chit ends.
            self.spare_candidates(data, &mut try_one);
            return;
        }
        match &self.stage {
            Stage::Moving { units, mv, .. } => {
                for (_, to) in g.neighbours(mv.at) {
                    try_one(UnitCommand::Move {
                        units: units.clone(),
                        to,
                    });
                }
                try_one(UnitCommand::FinishMove { change_side: false });
                try_one(UnitCommand::FinishMove { change_side: true });
                return;
            }
            Stage::Advance { eligible, .. } => {
                // S10.6: all that fit, each alone, or none.
                let all: Group = eligible.iter().copied().take(super::MAX_GROUP).collect();
                try_one(UnitCommand::Advance { units: all });
                for u in eligible {
                    try_one(UnitCommand::Advance {
                        units: Group::from_slice(&[*u]).unwrap_or_default(),
                    });
                }
                try_one(UnitCommand::Advance {
                    units: Group::new(),
                });
                return;
            }
            Stage::Idle => {}
            _ => return,
        }
        let turn = &self.turn;
        let mut hexes: heapless::Vec<HexId, MAX_LEGAL> = heapless::Vec::new();
        for u in self.units.iter() {
            let Some(hex) = u.hex else { continue };
            if only.is_some_and(|o| o != u.id) {
                continue;
            }
            if !self.may_still_act(data, u.id) {
                continue;
            }
            let mut one = Group::new();
            let _ = one.push(u.id);
            self.unit_candidates(data, &one, hex, &mut try_one);
            // S11.11: only a marked unit rallies (no leaders on the board yet).
            if u.cond.status != crate::css::morale::Status::None {
                try_one(UnitCommand::Rally { unit: u.id });
            }
            try_one(UnitCommand::SecondActionCheck { unit: u.id });
            if !hexes.contains(&hex) {
                let _ = hexes.push(hex);
            }
        }
        // Every hex's units of the chit acting together (S5.1.3).
        for hex in hexes {
            let mut stack = Group::new();
            for v in self.in_hex(hex) {
                let active = self
                    .actor(data, v.id)
                    .is_ok_and(|a| act.is_active(data.command, turn, &a));
                if active && stack.push(v.id).is_err() {
                    break;
                }
            }
            if stack.len() > 1 {
                self.unit_candidates(data, &stack, hex, &mut try_one);
            }
            // S10.7.1: a charge by the whole hex (its first unit checks).
            if stack.len() == self.in_hex(hex).count() {
                for (_, to) in g.neighbours(hex) {
                    if !self.enemy_in(data, stack[0], to) {
                        continue; // S10.7.1: a charge is made on an enemy hex
                    }
                    try_one(UnitCommand::Charge {
                        units: stack.clone(),
                        target: to,
                        checker: stack[0],
                    });
                }
            }
            // S10.1: every ready unit of the chit next to an enemy hex, from all its sides.
            if only.is_none() {
                for (_, target) in g.neighbours(hex) {
                    let mut all = Group::new();
                    for (_, from) in g.neighbours(target) {
                        for v in self.in_hex(from) {
                            let ready = v.cond.status == crate::css::morale::Status::None
                                && v.face == crate::css::movement::DEPLOYED
                                && self
                                    .actor(data, v.id)
                                    .is_ok_and(|a| act.is_active(data.command, turn, &a));
                            if ready && all.push(v.id).is_err() {
                                break;
                            }
                        }
                    }
                    let hexes = all
                        .iter()
                        .filter_map(|u| self.units[u.0 as usize].hex)
                        .fold((None, false), |(first, many), h| {
                            (first.or(Some(h)), many || first.is_some_and(|f| f != h))
                        });
                    if hexes.1 {
                        try_one(UnitCommand::Assault { units: all, target });
                    }
                }
            }
        }
        if only.is_none() {
            self.spare_candidates(data, &mut try_one);
        }
    }

    /// S6.4: the owner's picks in the hexes where a unit of the chit is and formations tie
    /// (asked before the chit ends, also at step 2D-b).
    fn spare_candidates<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        try_one: &mut impl FnMut(UnitCommand),
    ) {
        let Some(act) = &self.activation else { return };
        let mut seen: heapless::Vec<HexId, MAX_LEGAL> = heapless::Vec::new();
        for u in self.units.iter() {
            let Some(hex) = u.hex else { continue };
            if seen.contains(&hex) || !super::board::was_active(data, Some(act), act.chit, u.id) {
                continue;
            }
            let _ = seen.push(hex);
            // A pick made earlier in the chit settles the hex only while its formation is
            // still among the tied ones (units may have left or been lost since).
            let spared = self.spared.iter().find(|s| s.0 == hex).map(|s| s.1);
            if let Ok(pieces) = self.pieces_in(data, hex) {
                if let Err(Undecided::Tie(t)) = step_2d_c(&data.stacking, false, &pieces, spared) {
                    for formation in t.formations {
                        try_one(UnitCommand::Spare { hex, formation });
                    }
                }
            }
        }
    }

    /// Is an enemy of `unit` in `hex`?
    fn enemy_in<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        unit: UnitId,
        hex: HexId,
    ) -> bool {
        let Ok(side) = data.counter(unit).map(|c| c.side) else {
            return false;
        };
        self.in_hex(hex)
            .any(|v| data.counter(v.id).is_ok_and(|c| c.side != side))
    }

    fn unit_candidates<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        hex: HexId,
        try_one: &mut impl FnMut(UnitCommand),
    ) {
        let g = &data.ground.map.geometry;
        // Cheap tests the commands would fail anyway come first: every candidate is tried on a
        // copy of the game (S6.5: no step into an enemy hex; S10.1: an assault needs one).
        for (_, to) in g.neighbours(hex) {
            if self.enemy_in(data, units[0], to) {
                continue;
            }
            try_one(UnitCommand::Move {
                units: units.clone(),
                to,
            });
        }
        try_one(UnitCommand::ChangeSide {
            units: units.clone(),
        });
        try_one(UnitCommand::Hold {
            units: units.clone(),
        });
        for (_, target) in g.neighbours(hex) {
            if !self.enemy_in(data, units[0], target) {
                continue;
            }
            try_one(UnitCommand::Assault {
                units: units.clone(),
                target,
            });
        }
        let Ok(c) = data.counter(units[0]) else {
            return;
        };
        let mut targets: heapless::Vec<HexId, MAX_LEGAL> = heapless::Vec::new();
        for v in self.units.iter() {
            let Some(t) = v.hex else { continue };
            let enemy = data.counter(v.id).is_ok_and(|x| x.side != c.side);
            if enemy && g.distance(hex, t) <= c.range as u16 && !targets.contains(&t) {
                let _ = targets.push(t);
            }
        }
        for target in targets {
            try_one(UnitCommand::Fire {
                units: units.clone(),
                target,
            });
        }
    }
}
