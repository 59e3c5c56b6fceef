//! Assault, charge, rout and advance in the series game (S10, S11.8), on `css::assault`'s
//! rules: the declaration (S10.1) and its defensive fire (S10.2, the [`super::opfire`]
//! window at each assaulting hex), the two d10s (S10.4) and the defenders' TQCs on a +1/+2
//! (S10.5), the results, the charge's one TQC (S10.7), the rout of S11.8 (to the Routed box
//! along a rout path to an own HQ or a friendly edge, captured without one, S11.8.4) and the
//! advance into the emptied hex (S10.6).

use super::{GameEvent, Group, SeriesData, SeriesGame, Stage, UnitWhat};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Events, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::actions::{division_situation, Action};
use crate::css::assault::{
    advance, assault_roll, declare, may_be_assaulted, may_cross, Advancer, Approach, Assault,
    Assaulter, Backing, Declaration, Defended, End, Fighter, Role, SideCard, Standing,
    MAX_ATTACKERS, MAX_DEFENDERS, MAX_HEXES,
};
use crate::css::command::turn::Choice;
use crate::css::counter::Armour;
use crate::css::fire::opportunity::Trigger;
use crate::css::morale::rout::{rout_path_exists, RoutMap};
use crate::css::morale::{check, rout_to_box, CheckKind, Fate};
use crate::css::movement::DEPLOYED;
use crate::css::stacking::{may_place, Piece, MAX_HEX_PIECES};
use crate::css::terrain::{MoveClass, NoMarkers, Part};

/// Both sides of an assault: the units and how the assault reads each.
struct Sides {
    att: heapless::Vec<UnitId, MAX_ATTACKERS>,
    def: heapless::Vec<UnitId, MAX_DEFENDERS>,
    attackers: heapless::Vec<Fighter, MAX_ATTACKERS>,
    defenders: heapless::Vec<Fighter, MAX_DEFENDERS>,
}

/// An assault waiting for a d10 ([`SeriesGame::pending_assault`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingAssault {
    pub target: HexId,
    /// The attackers still in the assault after the defensive fire (S10.2).
    pub attackers: heapless::Vec<UnitId, MAX_ATTACKERS>,
    /// Every unit in the target hex (S10.1).
    pub defenders: heapless::Vec<UnitId, MAX_DEFENDERS>,
    pub attack: SideCard,
    pub defence: SideCard,
    /// The attacker's d10 once rolled; the defender's is awaited then.
    pub attacker_roll: Option<u8>,
}

/// The assault of `decl` as S10.3–S10.5 read it: the units of both sides, the hex on the
/// ground (no leader, hero or flame-thrower is on the board yet, so no backing).
fn fight<'a, const H: usize, const P: usize>(
    data: &SeriesData<'_, H, P>,
    decl: &Declaration,
    attackers: &'a mut [Fighter],
    defenders: &'a mut [Fighter],
) -> Assault<'a> {
    Assault {
        attackers,
        defenders,
        attack: Backing::default(),
        defence: Backing::default(),
        hex: Defended::on(&data.ground, &NoMarkers, decl.target),
        across_slope: decl.across_slope(),
    }
}

/// The map as one routing unit's owner sees it (S11.8.2).
struct RoutBoard<'a, 'd, const H: usize, const P: usize, const U: usize> {
    game: &'a SeriesGame<U>,
    data: &'a SeriesData<'d, H, P>,
    unit: &'a crate::css::counter::Counter,
    /// The units routing together: they are no friends to stop by.
    routing: &'a [UnitId],
}

impl<const H: usize, const P: usize, const U: usize> RoutBoard<'_, '_, H, P, U> {
    fn side_of(&self, u: UnitId) -> Option<Side> {
        self.data.counter(u).ok().map(|c| c.side)
    }
}

impl<const H: usize, const P: usize, const U: usize> RoutMap for RoutBoard<'_, '_, H, P, U> {
    fn enemy_in(&self, h: HexId) -> bool {
        let side = self.unit.side;
        self.game
            .in_hex(h)
            .any(|v| self.side_of(v.id).is_some_and(|s| s != side))
    }
    fn friend_in(&self, h: HexId) -> bool {
        let side = self.unit.side;
        self.game
            .in_hex(h)
            .any(|v| self.side_of(v.id) == Some(side) && !self.routing.contains(&v.id))
    }
    fn passable(&self, from: HexId, to: HexId) -> bool {
        // Where the unit's class could move (bridges count, S11.8.2), as an assault reads it.
        let (side, class) = (self.unit.side, self.unit.class);
        may_cross(
            &self.data.ground,
            &NoMarkers,
            side,
            from,
            Part::First,
            to,
            class,
        )
        .is_ok()
    }
    fn own_hq_in(&self, h: HexId) -> bool {
        self.game.in_hex(h).any(|v| {
            !self.routing.contains(&v.id)
                && self.data.counter(v.id).is_ok_and(|c| c.supplies(self.unit))
        })
    }
    fn exit(&self, h: HexId) -> bool {
        self.data.rout_exits.contains(&(self.unit.side, h))
    }
}

impl<const U: usize> SeriesGame<U> {
    /// S11.8.2: can `u` trace a rout path, with `routing` leaving beside it?
    fn has_rout_path<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
        routing: &[UnitId],
    ) -> Result<bool, RuleViolation> {
        let Some(start) = self.units.get(u.0 as usize).and_then(|s| s.hex) else {
            return Ok(false);
        };
        let board = RoutBoard {
            game: self,
            data,
            unit: data.counter(u)?,
            routing,
        };
        let mut seen = [false; H];
        Ok(rout_path_exists(
            &data.ground.map.geometry,
            &board,
            start,
            &mut seen,
        ))
    }

    /// A game's own rule routs `ids` at once (*Gates* 2.3: the units a Division or Formation
    /// chit activated, in a burning hex when the activation ends): S11.8 as for any rout.
    pub fn rout_now<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        ids: &[UnitId],
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        self.rout(data, ids, events)
    }

    /// S11.8: `ids` rout together: each that traces a rout path goes to its division's Routed
    /// box, its status marker removed (S11.8.3); one that cannot is captured (S11.8.4).
    fn rout<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        ids: &[UnitId],
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let mut paths: heapless::Vec<bool, MAX_ATTACKERS> = heapless::Vec::new();
        for u in ids {
            let p = self.has_rout_path(data, *u, ids)?;
            paths
                .push(p)
                .map_err(|_| RuleViolation::new("engine", "too many routing units"))?;
        }
        for (u, path) in ids.iter().zip(paths) {
            if self.units[u.0 as usize].hex.is_none() {
                continue;
            }
            if path {
                rout_to_box(&mut self.units[u.0 as usize].cond);
                self.send_to_routed_box(data, *u)?;
                Self::emit_unit(events, "S11.8.3", *u, UnitWhat::Routed)?;
            } else {
                self.take_off(data, *u, Fate::Captured, "S11.8.4", events)?;
            }
        }
        Ok(())
    }

    /// The classes of the enemy units in `target` (S10.1: an assault needs one; a Boat alone
    /// is never assaulted, S7.11).
    fn enemy_classes<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        side: Side,
        target: HexId,
    ) -> Result<heapless::Vec<MoveClass, MAX_HEX_PIECES>, RuleViolation> {
        let mut classes = heapless::Vec::new();
        for v in self.in_hex(target) {
            let c = data.counter(v.id)?;
            if c.side == side {
                return refuse("S10.1", "only a hex held by the enemy is assaulted");
            }
            let _ = classes.push(c.class); // a hex holds at most MAX_HEX_PIECES units
        }
        may_be_assaulted(&classes)?;
        Ok(classes)
    }

    /// S10.1: `units` (of one or more hexes next to `target`) declare an assault; the
    /// defensive fire at each assaulting hex follows (S10.2).
    pub(super) fn assault<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        target: HexId,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let side = data.counter(units[0])?.side;
        self.enemy_classes(data, side, target)?;
        let mut by_hex: heapless::Vec<(HexId, Part, Group), MAX_HEXES> = heapless::Vec::new();
        let mut ready: heapless::Vec<Assaulter, { super::MAX_GROUP }> = heapless::Vec::new();
        for u in units {
            let s = self.unit(*u)?;
            let c = data.counter(*u)?;
            if c.side != side {
                return refuse("S10.1", "one side's units assault together");
            }
            let hex = s.hex.unwrap_or_else(|| unreachable!("on the map"));
            match by_hex.iter_mut().find(|(h, ..)| *h == hex) {
                Some((.., g)) => {
                    let _ = g.push(*u); // a Group's units fit in a Group
                }
                None => {
                    let g = Group::from_slice(&[*u]).unwrap_or_default();
                    by_hex.push((hex, s.part, g)).map_err(|_| {
                        RuleViolation::new(
                            "S10.1",
                            "an assault comes from at most the six hexes next to its target",
                        )
                    })?;
                }
            }
            let _ = ready.push(Assaulter {
                unit: *u,
                class: c.class,
                active: true, // S5.1: `begin` below refuses an inactive unit
                deployed: s.face == DEPLOYED,
                status: s.cond.status,
                fired: false, // S5.1.2: `begin` below refuses a second fire-type action
            });
        }
        let mut ordered: heapless::Vec<Assaulter, { super::MAX_GROUP }> = heapless::Vec::new();
        for (_, _, g) in &by_hex {
            for u in g {
                if let Some(a) = ready.iter().find(|a| a.unit == *u) {
                    let _ = ordered.push(*a);
                }
            }
        }
        let mut approaches: heapless::Vec<Approach<'_>, MAX_HEXES> = heapless::Vec::new();
        let mut from = 0;
        for (hex, part, g) in &by_hex {
            let _ = approaches.push(Approach {
                hex: *hex,
                part: *part,
                units: &ordered[from..from + g.len()],
            });
            from += g.len();
        }
        let decl = declare(&data.ground, &NoMarkers, side, target, true, &approaches)?;
        self.begin(data, units, Action::Assault, events)?;
        let hexes: heapless::Vec<HexId, MAX_HEXES> = decl.hexes.iter().map(|h| h.hex).collect();
        self.stage = Stage::Assault {
            decl,
            attacker_roll: None,
            defender_roll: None,
            result: None,
            checks: heapless::Vec::new(),
        };
        // S10.2, S9.11.2: the declaration is a trigger at every assaulting hex.
        self.open_op_fire(data, Trigger::DeclaredAssault, side.other(), &hexes);
        if self.op.is_none() {
            self.assault_after_defensive_fire(data, events)?;
        }
        Ok(())
    }

    /// S10.2: after the defensive fire, the attackers that were marked or lost drop out; with
    /// none left the assault is over.
    pub(super) fn assault_after_defensive_fire<const H: usize, const P: usize>(
        &mut self,
        _data: &SeriesData<'_, H, P>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let units = &self.units;
        let Stage::Assault { decl, .. } = &mut self.stage else {
            return Ok(());
        };
        let standing = decl.after_defensive_fire(|u| {
            units
                .get(u.0 as usize)
                .filter(|s| s.hex.is_some())
                .map(|s| s.cond.status)
        });
        if standing == Standing::Over {
            let (target, first) = (decl.target, decl.attackers[0].unit);
            self.stage = Stage::Idle;
            Self::emit_unit(events, "S10.2", first, UnitWhat::AssaultOver { target })?;
        }
        Ok(())
    }

    /// The roll the assault waits for: the attacker's d10, the defender's, then a TQC for
    /// each defender on a +1/+2 (S10.4, S10.5).
    pub(super) fn assault_pending<const H: usize, const P: usize>(
        &self,
        _data: &SeriesData<'_, H, P>,
    ) -> Pending<Choice> {
        let Stage::Assault {
            decl,
            attacker_roll,
            defender_roll,
            ..
        } = &self.stage
        else {
            unreachable!("asked only during an assault")
        };
        match (attacker_roll, defender_roll) {
            (None, _) => assault_roll(decl.side, Role::Attacker),
            (Some(_), None) => assault_roll(decl.side.other(), Role::Defender),
            _ => crate::css::morale::tqc_roll(decl.side.other(), "TQC after the assault", "S10.5"),
        }
    }

    /// The units of both sides as the assault reads them now: the attackers the defensive
    /// fire left in it (S10.2) and every unit in the target hex (S10.1).
    fn sides<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        decl: &Declaration,
    ) -> Result<Sides, RuleViolation> {
        let att: heapless::Vec<UnitId, MAX_ATTACKERS> = decl.remaining().collect();
        let mut def: heapless::Vec<UnitId, MAX_DEFENDERS> = heapless::Vec::new();
        for v in self.in_hex(decl.target) {
            let _ = def.push(v.id);
        }
        let mut attackers = heapless::Vec::new();
        for u in &att {
            let _ = attackers.push(self.fighter(data, *u, &att)?);
        }
        let mut defenders = heapless::Vec::new();
        for u in &def {
            let _ = defenders.push(self.fighter(data, *u, &def)?);
        }
        Ok(Sides {
            att,
            def,
            attackers,
            defenders,
        })
    }

    /// The assault waiting for one of its two d10s, as the table shows it before the roll:
    /// both sides' units, Assault Values (S10.3) and roll modifiers (table S10.4-T), and the
    /// attacker's d10 once it is in. `None` at any other time (the defensive fire, the
    /// defenders' TQCs after a +1/+2).
    pub fn pending_assault<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
    ) -> Option<PendingAssault> {
        let Stage::Assault {
            decl,
            attacker_roll,
            defender_roll: None,
            ..
        } = &self.stage
        else {
            return None;
        };
        if self.op.is_some() {
            return None;
        }
        let Sides {
            att,
            def,
            mut attackers,
            mut defenders,
        } = self.sides(data, decl).ok()?;
        let fight = fight(data, decl, &mut attackers, &mut defenders);
        let side = |role| SideCard {
            value: fight.value(role),
            modifiers: fight.roll_card(role, &data.assault.modifiers, &data.tq),
        };
        Some(PendingAssault {
            target: decl.target,
            attack: side(Role::Attacker),
            defence: side(Role::Defender),
            attackers: att,
            defenders: def,
            attacker_roll: *attacker_roll,
        })
    }

    /// A unit as an assault reads it (S10.3, S10.4).
    fn fighter<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
        routing: &[UnitId],
    ) -> Result<Fighter, RuleViolation> {
        let s = self.unit(u)?;
        let c = data.counter(u)?;
        let def = data.command.division(c.division)?;
        Ok(Fighter {
            unit: u,
            firepower: c.firepower,
            colour: c.colour,
            hard: c.armour != Armour::Soft,
            deployed: s.face == DEPLOYED,
            cond: s.cond,
            sws: 0,
            one_shot: 0,
            tq: division_situation(c.tq, def, self.turn.track(c.division)),
            rout_path: self.has_rout_path(data, u, routing)?,
        })
    }

    /// One d10 of the assault: the attacker's, the defender's, a defender's TQC.
    pub(super) fn assault_roll<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        raw: u8,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let Stage::Assault {
            decl,
            attacker_roll,
            defender_roll,
            result,
            checks,
        } = &mut self.stage
        else {
            return refuse("S10.4", "no assault is under way");
        };
        let (a, d) = match (*attacker_roll, *defender_roll) {
            (None, _) => {
                *attacker_roll = Some(raw);
                return Ok(());
            }
            (Some(a), None) => {
                *defender_roll = Some(raw);
                (a, raw)
            }
            (Some(a), Some(d)) => {
                let _ = checks.push(raw); // one per defender, MAX_DEFENDERS at most
                (a, d)
            }
        };
        let (decl, known, checks) = (decl.clone(), *result, checks.clone());
        let Sides {
            mut att,
            mut def,
            mut attackers,
            mut defenders,
        } = self.sides(data, &decl)?;
        let mut fight = fight(data, &decl, &mut attackers, &mut defenders);
        let result = match known {
            Some(r) => r,
            None => {
                let t = fight.totals(a, d, data.assault, &data.tq)?;
                Self::emit_unit(
                    events,
                    "S10.5",
                    att[0],
                    UnitWhat::Assaulted {
                        target: decl.target,
                        attacker: t.attacker.total,
                        defender: t.defender.total,
                        result: t.result,
                    },
                )?;
                t.result
            }
        };
        if result.needs_checks() && checks.len() < def.len() {
            if let Stage::Assault { result: r, .. } = &mut self.stage {
                *r = Some(result);
            }
            return Ok(());
        }
        let report = fight.apply(result, &checks, &data.tq)?;
        for f in attackers.iter().chain(defenders.iter()) {
            self.units[f.unit.0 as usize].cond = f.cond;
        }
        for o in report.defenders.iter().chain(report.attackers.iter()) {
            match o.end {
                End::Stays => {}
                End::Routed => {
                    self.send_to_routed_box(data, o.unit)?;
                    Self::emit_unit(events, "S11.8.3", o.unit, UnitWhat::Routed)?;
                }
                End::Eliminated => {
                    self.take_off(data, o.unit, Fate::Eliminated, "S10.5", events)?
                }
                End::Captured => self.take_off(data, o.unit, Fate::Captured, "S11.8.4", events)?,
            }
        }
        att.retain(|u| report.survivors().contains(u));
        def.clear();
        self.stage = self.advance_or_idle(report.may_advance, decl.target, &att);
        Ok(())
    }

    fn advance_or_idle(&self, emptied: bool, target: HexId, survivors: &[UnitId]) -> Stage {
        let empty = self.in_hex(target).next().is_none();
        if emptied && empty && !survivors.is_empty() {
            let mut eligible = heapless::Vec::new();
            for u in survivors {
                let _ = eligible.push(*u);
            }
            Stage::Advance { target, eligible }
        } else {
            Stage::Idle
        }
    }

    /// S10.7.1: every unit of one hex charges the adjacent enemy hex `target`; `checker`
    /// will take the TQC. No opportunity fire: the charge is sudden.
    pub(super) fn charge<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        target: HexId,
        checker: UnitId,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let lead = *self.unit(units[0])?;
        let side = data.counter(units[0])?.side;
        let hex = lead.hex.unwrap_or_else(|| unreachable!("on the map"));
        let here = self.in_hex(hex).count();
        let all_here = units
            .iter()
            .all(|u| self.unit(*u).is_ok_and(|s| s.hex == Some(hex)));
        if !all_here || here != units.len() {
            return refuse("S10.7.1", "every unit in the hex charges, and only they");
        }
        if !units.contains(&checker) {
            return refuse("S10.7.2", "one of the charging units takes the check");
        }
        self.enemy_classes(data, side, target)?;
        for u in units {
            let class = data.counter(*u)?.class;
            may_cross(
                &data.ground,
                &NoMarkers,
                side,
                hex,
                lead.part,
                target,
                class,
            )?;
        }
        self.begin(data, units, Action::Charge, events)?;
        self.stage = Stage::ChargeRoll {
            units: units.clone(),
            target,
            checker,
        };
        Ok(())
    }

    /// S10.7.2: the charge's TQC. A pass routs the charged hex and lets the chargers advance;
    /// a failure routs the chargers.
    pub(super) fn charge_roll<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        target: HexId,
        checker: UnitId,
        raw: u8,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let effective = self.effective_tq(data, checker, CheckKind::Ordinary)?;
        let tqc = check(effective, raw, 0);
        Self::emit_unit(
            events,
            "S10.7.2",
            checker,
            UnitWhat::Charged { target, check: tqc },
        )?;
        if tqc.passed() {
            let mut charged: heapless::Vec<UnitId, MAX_DEFENDERS> = heapless::Vec::new();
            for v in self.in_hex(target) {
                let _ = charged.push(v.id);
            }
            self.rout(data, &charged, events)?;
            self.stage = self.advance_or_idle(true, target, units);
        } else {
            self.rout(data, units, events)?;
            self.stage = Stage::Idle;
        }
        Ok(())
    }

    /// S10.6: the named attackers advance into the emptied hex (none: they stay), Deployed,
    /// with no MP and no opportunity fire; it ends their action.
    pub(super) fn advance<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let Stage::Advance { target, eligible } = self.stage.clone() else {
            return refuse("S10.6", "no hex was emptied by an assault or charge");
        };
        let mut movers: heapless::Vec<Advancer, { super::MAX_GROUP }> = heapless::Vec::new();
        let mut pieces: heapless::Vec<Piece, { super::MAX_GROUP }> = heapless::Vec::new();
        for u in units {
            let c = data.counter(*u)?;
            let _ = movers.push(Advancer {
                unit: *u,
                class: c.class,
            });
            let _ = pieces.push(c.piece(*u));
        }
        let done = advance(&data.ground, target, true, &eligible, &movers, None)?;
        let present = self.pieces_in(data, target)?;
        may_place(&data.stacking, false, &present, &pieces)?;
        for u in &done.units {
            let s = &mut self.units[u.0 as usize];
            s.hex = Some(target);
            s.part = Part::First;
            s.face = DEPLOYED;
            Self::emit_unit(events, "S10.6", *u, UnitWhat::Entered(target))?;
        }
        self.stage = Stage::Idle;
        Ok(())
    }
}
