//! The units' actions during an activation (S5.1, S5.2): each is allowed by
//! `Activation::begin` and carried out by its rule module — Move (`css::move_action`, S7.2),
//! Change Side (`css::movement::change_side_action`, S7.7), Fire (`css::fire`, S9.3), Rally
//! (`css::actions::rally`, S11.11), the second-action TQC (S5.1.2) and Hold (S5.2).

use super::checks::FireMemo;
use super::{GameEvent, Group, SeriesData, SeriesGame, Stage, UnitCommand, UnitWhat};
use crate::core::faces::Face;
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, DiceRoll, DiceSpec, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::actions::{division_situation, rally, Action, Actor};
use crate::css::command::sky::LitTerrain;
use crate::css::fire::opportunity::Trigger;
use crate::css::fire::{check_group, resolve, FireKind, FireSetup, Member, Smoke, TargetUnit};
use crate::css::morale::{effective_tq, CheckKind, Condition, Fate, TqSituation};
use crate::css::move_action::Move;
use crate::css::movement::DEPLOYED;
use crate::css::movement::{Ctx, Enemies, Mover, Party, Status as MoveStatus};
use crate::css::night::Lit;
use crate::css::sight::{concealed, spots, Look};
use crate::css::terrain::{FireKind as CoverKind, NoMarkers, Part};

/// The units a fire may hit in its target hex, and the same units as the fire table reads
/// them with their condition (S9.3.2 step 2).
type TargetIds = heapless::Vec<UnitId, { crate::css::fire::MAX_TARGETS }>;
type Targets = heapless::Vec<(TargetUnit, Condition), { crate::css::fire::MAX_TARGETS }>;

/// A fire waiting for its d10, card by card ([`SeriesGame::pending_fire`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingFire {
    /// Direct (S9.3) or opportunity (S9.11.3).
    pub kind: FireKind,
    /// The fire group (S9.4).
    pub units: Group,
    pub target: HexId,
    /// Each unit in the target hex and its column (S9.3.3: `affects` false, left alone).
    pub cards:
        heapless::Vec<(UnitId, crate::css::fire::FireCard), { crate::css::fire::MAX_TARGETS }>,
}

/// The d10 of an action's roll, read 0–9 (S1.3).
pub(super) fn d10(r: &DiceRoll) -> Result<u8, RuleViolation> {
    if !DiceSpec::D10.accepts(r) {
        return refuse("S1.3", "one d10 read 0 to 9");
    }
    Ok(r.values[0])
}

fn move_status(s: crate::css::morale::Status) -> MoveStatus {
    use crate::css::morale::Status::*;
    MoveStatus {
        pinned: s == Pinned,
        dg: s == Dg,
        suppressed: s == Suppressed,
        fuel_out: false,
    }
}

impl<const U: usize> SeriesGame<U> {
    /// `u` as the action bookkeeping reads it.
    pub(super) fn actor<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
    ) -> Result<Actor, RuleViolation> {
        let s = self.unit(u)?;
        let c = data.counter(u)?;
        Ok(Actor {
            unit: u,
            side: c.side,
            formation: c.formation,
            division: c.division,
            hex: s.hex.unwrap_or_else(|| unreachable!("on the map")),
            status: s.cond.status,
            no_second_action: false,
        })
    }

    /// `units` as the action bookkeeping reads them.
    fn actors<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
    ) -> Result<heapless::Vec<Actor, { super::MAX_GROUP }>, RuleViolation> {
        let mut stack = heapless::Vec::new();
        for u in units {
            let a = self.actor(data, *u)?;
            let _ = stack.push(a); // a Group holds at most MAX_GROUP units
        }
        Ok(stack)
    }

    /// S5.1, S5.1.3: may `units` begin `action` together now? (Read-only, as `begin` checks.)
    pub(super) fn may_begin<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        action: Action,
    ) -> Result<(), RuleViolation> {
        let stack = self.actors(data, units)?;
        let act = self
            .activation
            .as_ref()
            .ok_or(RuleViolation::new("S3.4", "no chit is being played"))?;
        act.may_begin(data.command, &self.turn, &stack, action)
            .map(|_| ())
    }

    /// S5.1, S5.1.3: `units` begin `action` together.
    pub(super) fn begin<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        action: Action,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let stack = self.actors(data, units)?;
        let turn = &self.turn;
        let act = self
            .activation
            .as_mut()
            .ok_or(RuleViolation::new("S3.4", "no chit is being played"))?;
        let begun = act.begin(data.command, turn, &stack, action)?;
        for u in units {
            Self::emit_unit(events, begun.case, *u, UnitWhat::Began(action))?;
        }
        Ok(())
    }

    /// The party of `units` (one hex, one side of their counters, S7.2.1).
    pub(super) fn party<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        in_place: bool,
        ferry_ready: bool,
    ) -> Result<Party, RuleViolation> {
        let lead = self.unit(units[0])?;
        let side = data.counter(units[0])?.side;
        let mut movers: heapless::Vec<Mover, { super::MAX_GROUP }> = heapless::Vec::new();
        for u in units {
            let s = self.unit(*u)?;
            if s.hex != lead.hex || s.face != lead.face {
                return refuse(
                    "S7.2.1",
                    "units move together from one hex, on the same side of their counters",
                );
            }
            let _ = movers.push(data.counter(*u)?.mover(move_status(s.cond.status)));
        }
        let hex = lead.hex.unwrap_or_else(|| unreachable!("on the map"));
        if in_place {
            Party::in_place(side, hex, lead.part, lead.face, &movers)
        } else {
            Party::new(side, hex, lead.part, lead.face, &movers, ferry_ready)
        }
    }

    /// The enemies of `party` on the map (S6.5, S11.5, S11.6).
    fn enemies<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        party: &Party,
    ) -> Enemies<H> {
        let mut e = Enemies::new();
        let hexes = self.units.iter().filter_map(|u| {
            let side = data.counter(u.id).ok()?.side;
            u.hex.filter(|_| side != party.side)
        });
        if party.suppressed || party.dg {
            // S11.5, S11.6: a marked mover keeps its distance to the enemy; one hex is checked
            // at a time, so each distance is measured when asked.
            e.set_for_steps(&data.ground.map.geometry, hexes);
        } else {
            e.set(&data.ground.map.geometry, hexes, false);
        }
        e
    }

    /// What every unit command needs first: a chit being played (S3.4), the advance at once
    /// after an assault (S10.6), the move under way finished (S3.4), a unit named (S5.1.3).
    pub(super) fn may_command(&self, c: &UnitCommand) -> Result<(), RuleViolation> {
        if self.activation.is_none() {
            return refuse("S3.4", "no chit is being played");
        }
        let advancing = matches!(c, UnitCommand::Advance { .. });
        if matches!(self.stage, Stage::Advance { .. }) != advancing {
            return refuse(
                "S10.6",
                "an advance follows only an assault or charge that emptied the hex, at once",
            );
        }
        if let (Stage::Moving { .. }, false) = (
            &self.stage,
            matches!(c, UnitCommand::Move { .. } | UnitCommand::FinishMove { .. }),
        ) {
            return refuse("S3.4", "the moving units finish their Move action first");
        }
        if let UnitCommand::Move { units, .. }
        | UnitCommand::ChangeSide { units }
        | UnitCommand::Fire { units, .. }
        | UnitCommand::Assault { units, .. }
        | UnitCommand::Charge { units, .. }
        | UnitCommand::Hold { units } = c
        {
            if units.is_empty() {
                return refuse("S5.1.3", "an action names at least one unit");
            }
        }
        Ok(())
    }

    pub(super) fn unit_command<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        c: &UnitCommand,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        self.may_command(c)?;
        match c {
            UnitCommand::Move { units, to } => self.step(data, units, *to, events),
            UnitCommand::FinishMove { change_side } => self.finish(data, *change_side, events),
            UnitCommand::ChangeSide { units } => {
                self.begin(data, units, Action::ChangeSide, events)?;
                let (party, face) = self.change_side(data, units)?;
                self.set_face(units, face, "S7.7", events)?;
                self.open_op_fire(data, Trigger::ChangedSide, party.side.other(), &[party.hex]);
                Ok(())
            }
            UnitCommand::Fire { units, target } => {
                // S9.3.1: checked now, with the units as they are before the action.
                self.check_fire(data, units, *target, None)?;
                self.begin(data, units, Action::Fire, events)?;
                self.stage = Stage::FireRoll {
                    units: units.clone(),
                    target: *target,
                };
                Ok(())
            }
            UnitCommand::Rally { unit } => {
                self.check_rally(*unit)?;
                self.begin(data, &[*unit], Action::Rally, events)?;
                self.stage = Stage::RallyRoll { unit: *unit };
                Ok(())
            }
            UnitCommand::SecondActionCheck { unit } => {
                self.check_second_action(data, *unit)?;
                self.stage = Stage::TqcRoll { unit: *unit };
                Ok(())
            }
            UnitCommand::Hold { units } => self.begin(data, units, Action::Hold, events),
            UnitCommand::Assault { units, target } => self.assault(data, units, *target, events),
            UnitCommand::Charge {
                units,
                target,
                checker,
            } => self.charge(data, units, *target, *checker, events),
            UnitCommand::Advance { units } => self.advance(data, units, events),
            UnitCommand::Spare { hex, formation } => {
                // S6.4 at 2D-c: only a hex where a unit of the chit is, is checked.
                let act = self.activation.as_ref();
                let chit = act.map(|a| a.chit);
                let checked = chit.is_some_and(|c| {
                    self.in_hex(*hex)
                        .any(|u| super::board::was_active(data, act, c, u.id))
                });
                if !checked {
                    return refuse("S6.4", "no unit of the chit is in that hex");
                }
                let pieces = self.pieces_in(data, *hex)?;
                let tie = crate::css::stacking::step_2d_c(&data.stacking, false, &pieces, None);
                match tie {
                    Err(crate::css::stacking::Undecided::Tie(t))
                        if t.formations.contains(formation) => {}
                    _ => {
                        return refuse(
                            "S6.4",
                            "the owner picks only among formations tied in a mixed hex",
                        )
                    }
                }
                self.spared.retain(|s| s.0 != *hex);
                self.spared
                    .push((*hex, *formation))
                    .map_err(|_| RuleViolation::new("engine", "too many tied hexes"))?;
                let unit = pieces[0].id;
                Self::emit_unit(
                    events,
                    "S6.4",
                    unit,
                    UnitWhat::Spared {
                        hex: *hex,
                        formation: *formation,
                    },
                )
            }
        }
    }

    /// S7.2: one hex of a Move action (the first begins it).
    fn step<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &Group,
        to: HexId,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let (mut mv, face, part, ready) = match &self.stage {
            Stage::Moving {
                units: g,
                face,
                part,
                mv,
                ferry_ready,
            } => {
                if g != units {
                    return refuse("S3.4", "the moving units finish their Move action first");
                }
                (*mv, *face, *part, *ferry_ready)
            }
            _ => {
                // Exclusive 2.2.5, S7.9: a party that has not acted in this activation has
                // been in its hex since before it.
                let act = self.activation.as_ref();
                let ready = units.iter().all(|u| !act.is_some_and(|a| a.acted(*u)));
                self.begin(data, units, Action::Move, events)?;
                let party = self.party(data, units, false, ready)?;
                let enemies = self.enemies(data, &party);
                let ctx = Ctx {
                    ground: data.ground,
                    cond: &NoMarkers,
                    enemies: &enemies,
                    party: &party,
                };
                (Move::begin(&ctx, false)?.0, party.face, party.part, ready)
            }
        };
        let party = self.start_party(data, units, &mv, (face, part, ready))?;
        let enemies = self.enemies(data, &party);
        let ctx = Ctx {
            ground: data.ground,
            cond: &NoMarkers,
            enemies: &enemies,
            party: &party,
        };
        mv.step(&ctx, to)?;
        for u in units {
            let s = &mut self.units[u.0 as usize];
            s.hex = Some(mv.at);
            s.part = mv.part;
            Self::emit_unit(events, "S7.2", *u, UnitWhat::Entered(to))?;
        }
        self.stage = Stage::Moving {
            units: units.clone(),
            face,
            part,
            mv,
            ferry_ready: ready,
        };
        // S9.11.2, S7.2.2: each hex entered is a trigger.
        self.open_op_fire(data, Trigger::EnteredHex, party.side.other(), &[mv.at]);
        Ok(())
    }

    /// The party as it began the move (its start hex and side): `Ctx` prices every step of
    /// the move from it (S7.2.1: the stack's pace is fixed at the start).
    fn start_party<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        mv: &Move,
        (face, part, ferry_ready): (Face, Part, bool),
    ) -> Result<Party, RuleViolation> {
        let side = data.counter(units[0])?.side;
        let mut movers: heapless::Vec<Mover, { super::MAX_GROUP }> = heapless::Vec::new();
        for u in units {
            let s = self.unit(*u)?;
            let _ = movers.push(data.counter(*u)?.mover(move_status(s.cond.status)));
        }
        Party::new(side, mv.start, part, face, &movers, ferry_ready)
    }

    /// S7.2, S7.7: the Move action ends, with a change of side if asked.
    fn finish<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        change_side: bool,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let Stage::Moving {
            units,
            face,
            part,
            mv,
            ferry_ready,
        } = self.stage.clone()
        else {
            return refuse("S7.2", "no Move action is under way");
        };
        let party = self.start_party(data, &units, &mv, (face, part, ferry_ready))?;
        let enemies = self.enemies(data, &party);
        let ctx = Ctx {
            ground: data.ground,
            cond: &NoMarkers,
            enemies: &enemies,
            party: &party,
        };
        let done = mv.finish(&ctx, change_side)?;
        self.stage = Stage::Idle;
        if done.face != face {
            self.set_face(&units, done.face, "S7.7", events)?;
            // S9.11.2: the change of side at the end of the move is a trigger.
            self.open_op_fire(data, Trigger::ChangedSide, party.side.other(), &[mv.at]);
        }
        Ok(())
    }

    fn set_face(
        &mut self,
        units: &[UnitId],
        face: Face,
        case: crate::core::protocol::Case,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        for u in units {
            self.units[u.0 as usize].face = face;
            Self::emit_unit(events, case, *u, UnitWhat::Face(face))?;
        }
        Ok(())
    }

    /// The fire group of `units` at `target` and what the map says (S9.3.1, S9.4, S8.1, S8.6,
    /// S6.6); `declare`: the members as they are before the action (for a direct fire a Fired
    /// marker or a fire-type action this activation forbids it, S5.1.2, S9.3.5; for an
    /// opportunity fire an Op Fire marker, S9.11.3).
    pub(super) fn fire_setup<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        target: HexId,
        declare: bool,
        kind: FireKind,
    ) -> Result<(heapless::Vec<Member, { super::MAX_GROUP }>, FireSetup), RuleViolation> {
        self.fire_setup_in(data, units, target, (declare, kind), None)
    }

    /// [`Self::fire_setup`], the target hex's part (its enemies, sight, distance) read from
    /// `memo` when the same hex was fired at from the same hex before.
    pub(super) fn fire_setup_in<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        target: HexId,
        (declare, kind): (bool, FireKind),
        memo: Option<&mut FireMemo>,
    ) -> Result<(heapless::Vec<Member, { super::MAX_GROUP }>, FireSetup), RuleViolation> {
        let from = self.unit(units[0])?.hex.unwrap_or_else(|| unreachable!());
        let side = data.counter(units[0])?.side;
        let mut members: heapless::Vec<Member, { super::MAX_GROUP }> = heapless::Vec::new();
        for u in units {
            let s = self.unit(*u)?;
            if s.hex != Some(from) {
                return refuse("S9.4", "a fire group is the units of one hex");
            }
            let c = data.counter(*u)?;
            let mut m = c.member();
            m.lost = s.cond.lost;
            m.status = s.cond.status;
            m.deployed = s.face == DEPLOYED;
            if declare && kind == FireKind::Opportunity {
                // S9.11.1: not an action; only the Op Fire marker bars it.
                m.op_fired = s.fire.op_fire;
            } else if declare {
                m.fired = s.fire.fired;
                if let Some(a) = &self.activation {
                    m = a.member(*u, m);
                }
            }
            let _ = members.push(m);
        }
        let setup = match memo {
            Some(memo) => memo.setup((from, side, target, kind), || {
                self.target_setup(data, from, side, target, kind)
            })?,
            None => self.target_setup(data, from, side, target, kind)?,
        };
        check_group(&members, &setup)?;
        Ok((members, setup))
    }

    /// The target hex's part of a fire from `from` by `side` at `target`: enemies in it
    /// (S9.3.1), concealed or not (S8.6), in sight (S8.1), the distance (S9.4).
    fn target_setup<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        from: HexId,
        side: Side,
        target: HexId,
        kind: FireKind,
    ) -> Result<FireSetup, RuleViolation> {
        let mut enemies = 0u8;
        let mut looks: heapless::Vec<Look, { crate::css::stacking::MAX_HEX_PIECES }> =
            heapless::Vec::new();
        for v in self.in_hex(target) {
            if data.counter(v.id)?.side == side {
                return refuse("S9.3.1", "fire is aimed at a hex holding enemy units");
            }
            enemies += 1;
            let _ = looks.push(Look {
                deployed: v.face == DEPLOYED,
                fired: v.fire.fired,
            });
        }
        if enemies == 0 {
            return refuse("S9.3.1", "fire is aimed at a hex holding enemy units");
        }
        // S14.1, S14.5: the turn's light and the day's weather decide how far units see (a
        // lit hex is seen as by day, S14.3, S14.4) and mark the fire as made at night or in
        // bad weather for its column (table S9.5-T).
        let light = &self.turn.light;
        let marks = Lit {
            cond: &LitTerrain {
                ground: data.ground,
                dot: light.lit_dot,
            },
            sky: &light.sky,
            geometry: data.ground.map.geometry,
        };
        let hidden = concealed(&data.ground, &marks, target, looks.iter().copied());
        let line = spots(
            &data.ground,
            &marks,
            &data.sight,
            light.sky.visibility(),
            from,
            target,
            hidden,
        )?;
        let distance = data.ground.map.geometry.distance(from, target);
        let setup = light.sky.fire_setup(FireSetup {
            kind,
            distance: distance.min(u8::MAX as u16) as u8,
            spotted: true,
            smoke: Smoke::None,
            slope: line.crosses_slope,
            bad_weather: false,
            night: false,
            units_in_target_hex: enemies,
        });
        Ok(setup)
    }

    /// The roll a Fire, Rally or second-action TQC waits for.
    pub(super) fn roll<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        r: &DiceRoll,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let raw = d10(r)?;
        match core::mem::replace(&mut self.stage, Stage::Idle) {
            Stage::FireRoll { units, target } => {
                self.fire(data, &units, target, raw, FireKind::Direct, events)?;
                // S9.11.4: the fire is resolved first; then the enemy may fire back at it.
                let from = self.unit(units[0])?.hex.unwrap_or_else(|| unreachable!());
                let side = data.counter(units[0])?.side;
                self.open_op_fire(data, Trigger::DirectFire, side.other(), &[from]);
                Ok(())
            }
            Stage::ChargeRoll {
                units,
                target,
                checker,
            } => self.charge_roll(data, &units, target, checker, raw, events),
            stage @ Stage::Assault { .. } => {
                self.stage = stage;
                self.assault_roll(data, raw, events)
            }
            Stage::RallyRoll { unit } => {
                let s = *self.unit(unit)?;
                let adjacent_enemy = self.adjacent_enemy(data, unit)?;
                let kind = CheckKind::Rally {
                    adjacent_enemy,
                    city_or_fortification: false,
                };
                let eff = self.effective_tq(data, unit, kind)?;
                let now = rally(s.cond.status, false, eff, raw)?;
                self.units[unit.0 as usize].cond.status = now;
                Self::emit_unit(events, "S11.11", unit, UnitWhat::Rallied(now))
            }
            Stage::TqcRoll { unit } => {
                let a = self.actor(data, unit)?;
                let eff = self.effective_tq(data, unit, CheckKind::Ordinary)?;
                let turn = &self.turn;
                let act = self.activation.as_mut().unwrap_or_else(|| unreachable!());
                let t = act.second_action_check(data.command, turn, &a, eff, raw)?;
                Self::emit_unit(events, "S5.1.2", unit, UnitWhat::Checked(t))
            }
            Stage::Idle | Stage::Moving { .. } | Stage::Advance { .. } => {
                refuse("S1.3", "no roll is awaited")
            }
        }
    }

    fn adjacent_enemy<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
    ) -> Result<bool, RuleViolation> {
        let at = self.unit(u)?.hex.unwrap_or_else(|| unreachable!());
        let side = data.counter(u)?.side;
        let g = &data.ground.map.geometry;
        Ok(self.units.iter().any(|v| {
            v.hex.is_some_and(|h| g.distance(at, h) == 1)
                && data.counter(v.id).is_ok_and(|c| c.side != side)
        }))
    }

    /// S11.1.1, table S11.3-T: the unit's effective TQ (its division's shortfall, its marker,
    /// a lost step), capped.
    pub fn effective_tq<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        u: UnitId,
        kind: CheckKind,
    ) -> Result<i8, RuleViolation> {
        let s = self
            .units
            .get(u.0 as usize)
            .ok_or(RuleViolation::new("S2.2", "no such unit"))?;
        let c = data.counter(u)?;
        let def = data.command.division(c.division)?;
        let track = self.turn.track(c.division);
        let sit = TqSituation {
            status: s.cond.status,
            lost_any: s.cond.lost > 0,
            kind,
            ..division_situation(c.tq, def, track)
        };
        Ok(effective_tq(&sit, &data.tq).value)
    }

    /// The units a fire at `target` may hit (S9.3.2 step 2, S6.6), each as the fire table
    /// reads it (its Defense, its terrain's cover for its face) with its condition.
    pub(super) fn fire_targets<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        target: HexId,
    ) -> Result<(TargetIds, Targets), RuleViolation> {
        let pieces = self.pieces_in(data, target)?;
        let mut ids = TargetIds::new();
        let mut targets = Targets::new();
        for id in crate::css::stacking::fire_targets(&pieces, None) {
            let s = self.unit(id)?;
            let deployed = s.face == DEPLOYED;
            let mut t = data.counter(id)?.target(deployed);
            let cover = |k| data.ground.cover(target, deployed, k, &NoMarkers).max(0) as u8;
            t.cover = cover(CoverKind::Direct);
            t.indirect_cover = cover(CoverKind::Indirect);
            let ok = ids.push(id).is_ok() && targets.push((t, s.cond)).is_ok();
            if !ok {
                return refuse("engine", "too many units in the target hex");
            }
        }
        Ok((ids, targets))
    }

    /// The fire waiting for its d10, as the table shows it before the roll (S9.3.2 step 2,
    /// table S9.5-T): who fires, at which hex, and each target unit's card (its column and
    /// the lines that make it). `None` when no fire's d10 is awaited.
    pub fn pending_fire<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
    ) -> Option<PendingFire> {
        let (units, target, kind) = match (&self.stage, &self.op) {
            (Stage::FireRoll { units, target }, _) => (units.clone(), *target, FireKind::Direct),
            // S9.11.3: an opportunity fire is a direct fire at the trigger hex.
            (_, Some(op)) => {
                let mut g = Group::new();
                let _ = g.push(op.firing?);
                (g, op.hex, FireKind::Opportunity)
            }
            _ => return None,
        };
        let (members, setup) = self.fire_setup(data, &units, target, false, kind).ok()?;
        let (ids, targets) = self.fire_targets(data, target).ok()?;
        let mut cards = heapless::Vec::new();
        for (id, (t, _)) in ids.iter().zip(targets.iter()) {
            let _ = cards.push((*id, crate::css::fire::card(&members, &setup, t, data.fire)));
        }
        Some(PendingFire {
            kind,
            units,
            target,
            cards,
        })
    }

    /// S9.3.2 steps 3–5: the d10 read against every target unit's column; results applied
    /// (S9.7.1, S9.7.2), eliminated and captured units removed (S11.12, S11.7), Fired markers
    /// placed (S9.3.5), or Op Fire markers for an opportunity fire (S9.11.3).
    pub(super) fn fire<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        units: &[UnitId],
        target: HexId,
        raw: u8,
        kind: FireKind,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let (members, setup) = self.fire_setup(data, units, target, false, kind)?;
        let (ids, mut targets) = self.fire_targets(data, target)?;
        let report = resolve(&members, &setup, &mut targets, raw, data.fire)?;
        let case = if kind == FireKind::Opportunity {
            "S9.11.3"
        } else {
            "S9.3.2"
        };
        for u in units {
            let m = &mut self.units[u.0 as usize].fire;
            if kind == FireKind::Opportunity {
                m.op_fire = true;
            } else {
                m.fired = true;
            }
            Self::emit_unit(events, case, *u, UnitWhat::Fired { target, raw })?;
        }
        for (i, out) in report.targets.iter().enumerate() {
            let (id, cond) = (ids[i], targets[i].1);
            let s = &mut self.units[id.0 as usize];
            s.cond = cond;
            let Some(hit) = out.hit else { continue };
            Self::emit_unit(
                events,
                "S9.7",
                id,
                UnitWhat::Hit {
                    column: out.column,
                    result: out.result,
                    status: cond.status,
                    lost: hit.steps_lost,
                },
            )?;
            if hit.fate != Fate::Stays {
                let case = if hit.fate == Fate::Captured {
                    "S11.7"
                } else {
                    "S11.12"
                };
                self.take_off(data, id, hit.fate, case, events)?;
            }
        }
        Ok(())
    }

    /// `id` leaves the map, eliminated or captured (S11.12, S11.7, S11.8.4); an eliminated HQ
    /// goes to its division's Routed box instead (S11.12.1).
    pub(super) fn take_off<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        id: UnitId,
        fate: Fate,
        case: crate::core::protocol::Case,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let hq = data.counter(id)?.is_hq();
        let to_box = fate == Fate::Eliminated
            && crate::css::morale::elimination(hq) == crate::css::morale::Elimination::RoutedBox;
        if to_box {
            self.send_to_routed_box(data, id)?;
        } else {
            let s = &mut self.units[id.0 as usize];
            s.hex = None;
            s.removed = Some(fate);
        }
        Self::emit_unit(events, case, id, UnitWhat::Removed(fate))
    }
}
