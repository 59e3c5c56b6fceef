//! The combat segment's close assault (4.1.4, 8.4) on the board: the announcement builds the
//! combat from the state (units, modes, facings, terrain, fortifications, ruins, crossings,
//! surrounding zones) and hands it to `combat::close_assault`; the table's 2d6 is read on the
//! card (8.4.2) and the result's `Obligations` (8.6) are carried out one choice at a time: the
//! defender's losses, the attacker's exchange, the asterisk's disrupted attacking stack, the
//! survivors' retreat hex by hex (8.7: never back into a hex it left, never into enemy units or
//! an enemy zone no friend holds, never across unbridged water or beyond the stacking limit;
//! a force with nowhere to go is eliminated, 8.7.1).
//!
//! Between the announcement and the roll come the HQs' Support Fire (3.5.2, `support`) and
//! the defender's gun fire (8.3.5, `gun_fire`); the assault waits in `State::suspended`
//! meanwhile. The same obligations serve bombardments and gun fire, whose results fall on one
//! unit (8.3.6). Advance and exploitation are in `advance` (8.9, 8.10).
//!
//! A retreat may leave the map from an edge hex (8.7.1): German units that do are eliminated,
//! Soviet ones come back next turn at the closest lettered entry area.

use super::combatants::{combatant, crossing, defended_hex, defenders_at, fighter};
use super::{Assaulters, Choice, Event, Force, Game, Waiting};
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{emit, refuse, DiceRoll, Events, Pending, RuleViolation};
use crate::core::retreat::{self, RetreatRules};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::fortress::board::SegmentKind;
use crate::fortress::combat::{
    close_assault, eliminated_instead_of_retreating, exchange_candidates, exchange_floor,
    Assailant, Assault, CombatCard, CombatKind, Combatant, Crossing, Losses, Neighbour,
    Obligations,
};
use crate::fortress::{modes, stacking, zoc};
use serde::{Deserialize, Serialize};

/// A close assault announced and waiting for its roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announced {
    pub kind: CombatKind,
    pub attackers: Assaulters,
    pub target: HexId,
    /// An air strike, with no unit firing (11.4).
    #[serde(default)]
    pub air: bool,
    /// Direct gun fire's target: its results fall on this unit alone (8.3, 8.3.6).
    #[serde(default)]
    pub unit: Option<UnitId>,
    /// HQs of either side adding their Support Fire to a close assault (3.5.2).
    #[serde(default)]
    pub support: heapless::Vec<UnitId, { super::support::MAX_SUPPORT }>,
}

impl Announced {
    /// A combat of `kind` by `attackers` on `target`, no unit singled out, no support.
    pub fn new(kind: CombatKind, attackers: Assaulters, target: HexId) -> Self {
        Announced {
            kind,
            attackers,
            target,
            air: false,
            unit: None,
            support: heapless::Vec::new(),
        }
    }
}

/// The obligation being carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The defender eliminates `left` more units of his choice (8.6 EX, 1, 2).
    DefenderLosses { left: u8 },
    /// The attacker matches the exchange with a unit of at least `floor` FS (8.6 EX).
    AttackerExchange { floor: u8 },
    /// The attacker picks the attacking stack the asterisk disrupts (8.6).
    DisruptStack,
    /// The retreat is about to begin: units that cannot retreat go first (8.7.1).
    RetreatBegins,
    /// The defenders retreat; `path` holds the hexes entered so far (8.7).
    Retreat {
        min: u8,
        max: u8,
        path: heapless::Vec<HexId, 4>,
    },
    /// Undisrupted attackers may move into the vacated hex one by one (8.9); `advanced` holds
    /// those that did, `exploitation` the hexes they may go on (8.10).
    Advance { exploitation: u8, advanced: Force },
    /// The advanced force goes on, `left` hexes more, stopping in an enemy zone (8.10).
    Exploit { left: u8, units: Force },
}

/// Where an announced close assault stands before its roll (8.4.2 steps 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum AssaultStep {
    /// Just announced: the attacker may name Support Fire.
    Announced,
    /// The attacker has named his; the defender may name his.
    AttackerSupported,
    /// Both have: the defender's guns may fire.
    DefenderSupported,
    /// A defensive volley is over: more may fire, or the assault is rolled.
    Fired,
    /// The defender fires no more: the assault is rolled.
    FireDone,
}

/// A resolved close assault's obligations in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    pub announced: Announced,
    pub defender: Side,
    pub obligations: Obligations,
    pub stage: Stage,
    /// The exchange floor once the defender has lost his unit (8.6 EX).
    pub floor: Option<u8>,
}

impl Game<'_> {
    /// The card of a close assault by `attackers` on `target`, with the Support Fire of the
    /// HQs in `support` (3.5.2), as the board stands.
    pub(super) fn assault_card(
        &self,
        attackers: &[UnitId],
        target: HexId,
        support: &[UnitId],
    ) -> Result<CombatCard, RuleViolation> {
        let side = self.phasing();
        let b = &self.state.board;
        let mut assailants: heapless::Vec<Assailant, { super::MAX_ASSAULTERS }> =
            heapless::Vec::new();
        for i in 0..attackers.len() {
            let (from, k) = fighter(self, attackers, i, side, "8.4.1")?;
            let toward = self.data.map.geometry.direction_to(from, target);
            let a = Assailant {
                unit: k,
                toward,
                crossing: toward.map_or(Crossing::OPEN, |d| crossing(self, from, d)),
            };
            let _ = assailants.push(a);
        }
        let defender = side.other();
        let mut defenders: heapless::Vec<Combatant, { super::MAX_ASSAULTERS }> =
            heapless::Vec::new();
        for u in defenders_at(self, target, defender) {
            if let Some(k) = combatant(self, u) {
                let _ = defenders.push(k);
            }
        }
        let (map, forces) = (&self.data.map, &self.data.forces);
        let mut around = [Neighbour::default(); 6];
        let mut on_map = true;
        for (i, d) in Dir::ALL.iter().enumerate() {
            match map.geometry.neighbour(target, *d) {
                Some(n) => {
                    around[i] = Neighbour {
                        enemy_unit: b.occupied_by(n, side),
                        enemy_zoc: zoc::controls(map, forces, b, side, n),
                        friendly_unit: b.occupied_by(n, defender),
                    }
                }
                None => on_map = false,
            }
        }
        let hex = defended_hex(self, target);
        let (attacker_support, defender_support) = self.supports(support, side, target);
        close_assault(
            &self.data.combat,
            &Assault {
                attackers: &assailants,
                defenders: &defenders,
                hex: &hex,
                attacker_support: &attacker_support,
                defender_support: &defender_support,
                surrounded: on_map && crate::fortress::combat::surrounded(&around),
                soviet_armies: self.soviet_armies(side, attackers),
            },
        )
    }

    /// Announces a close assault (4.1.4 step 3, 8.4.2 step 1): the card is worked out and the
    /// forces shown (3.6); the table then rolls 2d6 unless it fails outright (8.1.3).
    pub(super) fn announce(
        &mut self,
        attackers: &Assaulters,
        target: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Combat {
            return refuse("4.1.4", "close assaults are made in the combat segment");
        }
        if attackers.iter().any(|u| self.state.fought.contains(u)) {
            return refuse("8.3.4", "a unit takes part in one combat a combat segment");
        }
        self.check_one_front(attackers, target)?;
        let card = self.assault_card(attackers, target, &[])?;
        self.note_front_attack(attackers, target);
        for &u in attackers {
            self.state
                .fought
                .push(u)
                .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))?;
        }
        let _ = self.state.assaulted.push(target);
        self.state.last_assault = Some(target);
        // 3.5.2: an HQ close assaulted gives no Support Fire for the rest of the turn.
        self.mark_assaulted_hqs(target)?;
        emit(
            events,
            Event::AssaultAnnounced {
                target,
                attack: card.attack,
                defence: card.defence,
                letter: card.letter,
            },
        )?;
        let announced = super::Announced::new(CombatKind::CloseAssault, attackers.clone(), target);
        self.state.suspended = Some(announced);
        self.assault_step(AssaultStep::Announced, events)
    }

    /// The announced assault's next step (8.4.2 steps 1 and 2): Support Fire to be named by
    /// the attacker, then the defender; the defender's gun fire; then the roll, on the card as
    /// it stands after them (an assault whose attackers all fell out, or whose card is below
    /// the table, fails without one).
    pub(super) fn assault_step(
        &mut self,
        from: AssaultStep,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(a) = self.state.suspended.clone() else {
            self.state.waiting = Waiting::Commands;
            return Ok(());
        };
        let attacker = self.phasing();
        if from == AssaultStep::Announced && self.may_support(attacker, &a) {
            self.state.waiting = Waiting::Support { side: attacker };
            return Ok(());
        }
        if from <= AssaultStep::AttackerSupported && self.may_support(attacker.other(), &a) {
            self.state.waiting = Waiting::Support {
                side: attacker.other(),
            };
            return Ok(());
        }
        if from < AssaultStep::FireDone && self.defensive_fire_possible(&a) {
            self.state.waiting = Waiting::DefensiveFire {
                firers: Assaulters::new(),
                target: None,
            };
            return Ok(());
        }
        self.state.suspended = None;
        self.state.waiting = Waiting::Commands;
        let target = a.target;
        let standing: Assaulters = a
            .attackers
            .iter()
            .copied()
            .filter(|&u| self.state.board.hex_of(u).is_some())
            .collect();
        if standing.is_empty() {
            return emit(events, Event::AssaultFails { target });
        }
        let card = self.assault_card(&standing, target, &a.support)?;
        if standing.len() < a.attackers.len() || !a.support.is_empty() {
            emit(
                events,
                Event::AssaultCard {
                    target,
                    attack: card.attack,
                    defence: card.defence,
                    letter: card.letter,
                },
            )?;
        }
        if card.fails() {
            return emit(events, Event::AssaultFails { target });
        }
        self.state.waiting = Waiting::AssaultRoll(super::Announced {
            attackers: standing,
            ..a
        });
        Ok(())
    }

    /// The units a result falls on: gun fire's target alone (8.3.6), else the defending force
    /// in `hex` (3.1.1).
    fn struck(&self, a: &Aftermath, hex: HexId) -> Force {
        match a.announced.unit {
            Some(u) => {
                let mut f = Force::new();
                if self.state.board.hex_of(u) == Some(hex) {
                    let _ = f.push(u);
                }
                f
            }
            None => defenders_at(self, hex, a.defender),
        }
    }

    /// The card of a combat waiting for its 2d6, as the board stands.
    fn rolled_card(&self, announced: &Announced) -> Result<CombatCard, RuleViolation> {
        match (announced.kind, announced.unit) {
            (CombatKind::CloseAssault, _) => {
                self.assault_card(&announced.attackers, announced.target, &announced.support)
            }
            (CombatKind::DirectGunFire, Some(u)) => {
                self.gun_card(&announced.attackers, u, self.firing_side(announced))
            }
            _ if announced.air => self.air_card(announced.target),
            (kind, _) => self.bombard_card(kind, &announced.attackers, announced.target),
        }
    }

    /// The card the table's next 2d6 will be read on, while a combat waits for its roll
    /// (close assault 8.4.2, bombardment 8.2.4, mixed bombardment 8.2.1, direct gun fire
    /// 8.3.6, air strike 11.4): the same card `Input::Rolled` reads. `None` at any other time.
    pub fn pending_card(&self) -> Option<CombatCard> {
        let Waiting::AssaultRoll(announced) = &self.state.waiting else {
            return None;
        };
        self.rolled_card(announced).ok()
    }

    /// The combat waiting for its 2d6: its kind, attackers and target (with the unit singled
    /// out by direct gun fire, 8.3.6). `None` at any other time.
    pub fn pending_combat(&self) -> Option<&Announced> {
        match &self.state.waiting {
            Waiting::AssaultRoll(a) => Some(a),
            _ => None,
        }
    }

    /// The table's 2d6 for the announced assault: read on the card, then the obligations.
    pub(super) fn assault_rolled(
        &mut self,
        roll: &DiceRoll,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Waiting::AssaultRoll(announced) = self.state.waiting.clone() else {
            return refuse("engine", "no close assault waits for a roll");
        };
        let card = self.rolled_card(&announced)?;
        let outcome = card.read(&self.data.combat, roll)?;
        let target = announced.target;
        emit(
            events,
            Event::AssaultResult {
                target,
                roll: outcome.roll,
                result: outcome.cell.result,
                star: outcome.cell.star,
            },
        )?;
        let ob = outcome.obligations;
        // The side struck: gun fire's target's; a bombardment's, possibly the other Soviet
        // front's (17.2); the enemy in a close assault.
        let defender = match (announced.kind, announced.unit) {
            (CombatKind::CloseAssault, _) | (_, Some(_)) => self.firing_side(&announced).other(),
            _ => self.fired_on(announced.target),
        };
        // 8.4.2 step 2: an attacker the defender's guns affected takes no part in the assault.
        if let (Some(u), Some(s)) = (announced.unit, self.state.suspended.as_mut()) {
            if ob.result != crate::fortress::combat::tables::CombatResult::NoEffect {
                s.attackers.retain(|&a| a != u);
            }
        }
        // 10.2: a strongpoint or flak tower whose garrison falls is captured and marked.
        if ob.garrison_eliminated && defender == crate::fortress::counters::GERMAN {
            self.capture_fortification(target, events)?;
        }
        // 9.0.1: fire on a built-up hex, an asterisk on letter D or better: ruins for good.
        if ob.ruins {
            self.state.board.add_ruins(target)?;
            emit(events, Event::Ruined { hex: target })?;
        }
        // D: every defending unit is disrupted, facing the assault (8.6, 8.8).
        let a = super::Aftermath {
            announced,
            defender,
            obligations: ob,
            stage: Stage::DefenderLosses { left: 0 },
            floor: None,
        };
        if ob.disrupt_defenders {
            let facing = self.toward_attackers(&a.announced);
            for u in self.struck(&a, target) {
                let case =
                    match modes::disrupt(&self.data.forces, &mut self.state.board, u, facing)? {
                        modes::Disruption::Disrupted => "8.8",
                        modes::Disruption::Eliminated => {
                            emit(
                                events,
                                Event::Eliminated {
                                    unit: u,
                                    case: "8.8",
                                },
                            )?;
                            continue;
                        }
                    };
                emit(events, Event::Disrupted { unit: u, case })?;
            }
        }
        let mut floor = None;
        let left = match ob.eliminate {
            Losses::None => 0,
            Losses::Units(n) => n,
            Losses::All => {
                let lost = self.struck(&a, target);
                floor = lost
                    .iter()
                    .filter_map(|&u| combatant(self, u))
                    .map(|k| exchange_floor(&k))
                    .max();
                for u in lost {
                    self.eliminate_unit(u, "8.6", events)?;
                }
                0
            }
        };
        let a = super::Aftermath {
            stage: Stage::DefenderLosses { left },
            floor,
            ..a
        };
        self.settle(a, events)
    }

    fn toward_attackers(&self, a: &Announced) -> Dir {
        a.attackers
            .first()
            .and_then(|&u| self.state.board.hex_of(u))
            .and_then(|h| self.data.map.geometry.direction_to(a.target, h))
            .unwrap_or(Dir::Up)
    }

    /// Carries the obligations forward to the next one that needs a choice, or ends them.
    fn settle(
        &mut self,
        mut a: Aftermath,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        loop {
            let next = match &a.stage {
                Stage::DefenderLosses { left } => {
                    let any = !self.struck(&a, a.announced.target).is_empty();
                    if *left > 0 && any {
                        break;
                    }
                    match a.floor {
                        Some(floor) if a.obligations.attacker_matches_exchange => {
                            Stage::AttackerExchange { floor }
                        }
                        _ => self.after_exchange(&a),
                    }
                }
                Stage::AttackerExchange { .. } => {
                    if !self.exchange_options(&a).is_empty() {
                        break;
                    }
                    self.after_exchange(&a)
                }
                Stage::DisruptStack => {
                    if !self.stack_options(&a).is_empty() {
                        break;
                    }
                    Stage::RetreatBegins
                }
                Stage::RetreatBegins => self.retreat_stage(&a, events)?,
                Stage::Retreat { .. } => {
                    if !self.retreat_options(&a).is_empty() {
                        break;
                    }
                    self.finish_retreat(&a, events)?;
                    match self.advance_stage(&a) {
                        Some(next) => next,
                        None => {
                            self.state.waiting = Waiting::Commands;
                            return self.assault_step(AssaultStep::Fired, events);
                        }
                    }
                }
                Stage::Advance { .. } | Stage::Exploit { .. } => {
                    if !self.advance_options(&a).is_empty() {
                        break;
                    }
                    match self.after_advance(&a) {
                        Some(next) => next,
                        None => {
                            self.state.waiting = Waiting::Commands;
                            return self.assault_step(AssaultStep::Fired, events);
                        }
                    }
                }
            };
            a.stage = next;
        }
        self.state.waiting = Waiting::Aftermath(a);
        Ok(())
    }

    fn after_exchange(&self, a: &Aftermath) -> Stage {
        if a.obligations.disrupt_attacking_stack {
            Stage::DisruptStack
        } else {
            Stage::RetreatBegins
        }
    }

    /// Enters the retreat stage: units that cannot retreat are eliminated first (8.7.1).
    fn retreat_stage(
        &mut self,
        a: &Aftermath,
        events: &mut Events<Event>,
    ) -> Result<Stage, RuleViolation> {
        let Some(due) = a.obligations.retreat else {
            return Ok(Stage::Retreat {
                min: 0,
                max: 0,
                path: heapless::Vec::new(),
            });
        };
        for u in self.struck(a, a.announced.target) {
            let Some(k) = combatant(self, u) else {
                continue;
            };
            let ma = self
                .state
                .board
                .printed(&self.data.forces, u)
                .map_or(0, |p| p.ma);
            if let Some(case) = eliminated_instead_of_retreating(k.class, ma) {
                self.eliminate_unit(u, case, events)?;
            }
        }
        Ok(Stage::Retreat {
            // Bunkers, strongpoints and flak towers may stay against fire (8.6 R, 10.1.2).
            min: if due.may_ignore { 0 } else { due.min },
            max: due.max,
            path: heapless::Vec::new(),
        })
    }

    /// The hex the retreating force stands in.
    fn retreat_from(a: &Aftermath) -> HexId {
        match &a.stage {
            Stage::Retreat { path, .. } => path.last().copied().unwrap_or(a.announced.target),
            _ => a.announced.target,
        }
    }

    pub(super) fn retreating(&self, a: &Aftermath) -> Force {
        self.struck(a, Self::retreat_from(a))
            .into_iter()
            .filter(|u| self.state.board.hex_of(*u).is_some())
            .collect()
    }

    /// Hexes the retreat may enter next (8.7, 8.7.1, 3.2.5, 7.3.3), from the core's retreat
    /// search under Fortress Berlin's policy (never a hex twice, never back into the start),
    /// offered only when the retreat can still end legally; `Stop` once its least length is
    /// done.
    fn retreat_options(&self, a: &Aftermath) -> heapless::Vec<Choice, 8> {
        let mut out = heapless::Vec::new();
        let Stage::Retreat { max, path, min } = &a.stage else {
            return out;
        };
        let units = self.retreating(a);
        if units.is_empty() || path.len() >= *max as usize {
            return out;
        }
        let rules = ForceRetreat {
            game: self,
            side: a.defender,
            units: &units,
            short_ok: min < max,
        };
        let mut steps = retreat::Steps::new();
        let outlook = retreat::retreat_steps_with(
            &self.data.map.geometry,
            &rules,
            retreat::RetreatPolicy::FORTRESS,
            (),
            a.announced.target,
            path,
            *max,
            &mut steps,
        );
        if outlook.outlook == retreat::Outlook::ThroughVacant {
            for s in &steps {
                let _ = out.push(Choice::Hex(s.to));
            }
        }
        // 8.7.1: from a map-edge hex the force may retreat off the map.
        if outlook.off_map {
            let _ = out.push(Choice::OffMap);
        }
        let here = Some(path.last().copied().unwrap_or(a.announced.target));
        if path.len() >= *min as usize
            && !out.is_empty()
            && here.is_some_and(|h| rules.may_end((), h))
        {
            let _ = out.push(Choice::Stop);
        }
        out
    }

    /// The retreat is over: a force that could not go its least length is eliminated (8.7.1).
    fn finish_retreat(
        &mut self,
        a: &Aftermath,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Stage::Retreat { min, path, .. } = &a.stage else {
            return Ok(());
        };
        if path.len() < *min as usize {
            for u in self.retreating(a) {
                self.eliminate_unit(u, "8.7.1", events)?;
            }
        }
        Ok(())
    }

    /// The retreating force leaves the map (8.7.1): a German one is eliminated; a Soviet one
    /// waits off the map for the next turn, to come back at the closest lettered entry area.
    fn retreat_off_map(
        &mut self,
        a: &Aftermath,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let units = self.retreating(a);
        if a.defender == crate::fortress::counters::GERMAN {
            for u in units {
                self.eliminate_unit(u, "8.7.1", events)?;
            }
            return Ok(());
        }
        let from = Self::retreat_from(a);
        let letter = self.closest_entry(from).ok_or(RuleViolation::new(
            "8.7.1",
            "the map has no lettered entry area",
        ))?;
        let turn = self.state.board.turn + 1;
        for &u in &units {
            self.state.board.stacks.take(u)?;
            let x = self.state.board.unit_mut(u)?;
            x.state.location = Location::TurnTrack(turn);
            x.counter.facing = None;
            self.state
                .returning
                .push(super::Returning {
                    unit: u,
                    turn,
                    letter,
                })
                .map_err(|_| RuleViolation::new("engine", "too many units off the map"))?;
        }
        emit(events, Event::RetreatedOffMap { units, letter })
    }

    fn exchange_options(&self, a: &Aftermath) -> heapless::Vec<Choice, 16> {
        let Stage::AttackerExchange { floor } = a.stage else {
            return heapless::Vec::new();
        };
        let units: heapless::Vec<Combatant, 16> = a
            .announced
            .attackers
            .iter()
            .filter(|&&u| self.state.board.hex_of(u).is_some())
            .filter_map(|&u| combatant(self, u))
            .collect();
        exchange_candidates(&units, floor)
            .map(|k| Choice::Unit(k.id))
            .collect()
    }

    fn stack_options(&self, a: &Aftermath) -> heapless::Vec<Choice, 8> {
        let mut out: heapless::Vec<Choice, 8> = heapless::Vec::new();
        for &u in &a.announced.attackers {
            if let Some(h) = self.state.board.hex_of(u) {
                if !out.contains(&Choice::Hex(h)) {
                    let _ = out.push(Choice::Hex(h));
                }
            }
        }
        out
    }

    /// The options of the pending obligation.
    pub(super) fn aftermath_options(
        &self,
        a: &Aftermath,
    ) -> (Side, &'static str, &'static str, heapless::Vec<Choice, 16>) {
        let attacker = a.defender.other();
        match &a.stage {
            Stage::DefenderLosses { .. } => (
                a.defender,
                "eliminate a defending unit",
                "8.6",
                self.struck(a, a.announced.target)
                    .iter()
                    .map(|&u| Choice::Unit(u))
                    .collect(),
            ),
            Stage::AttackerExchange { .. } => (
                attacker,
                "match the exchange",
                "8.6",
                self.exchange_options(a),
            ),
            Stage::DisruptStack => (
                attacker,
                "the attacking stack the asterisk disrupts",
                "8.6",
                self.stack_options(a).into_iter().collect(),
            ),
            Stage::Retreat { .. } | Stage::RetreatBegins => (
                a.defender,
                "retreat",
                "8.7",
                self.retreat_options(a).into_iter().collect(),
            ),
            Stage::Advance { .. } => (
                attacker,
                "advance into the hex",
                "8.9",
                self.advance_options(a),
            ),
            Stage::Exploit { .. } => (attacker, "exploit", "8.10", self.advance_options(a)),
        }
    }

    pub(super) fn aftermath_pending(&self, a: &Aftermath) -> Pending<Choice> {
        let (player, purpose, case, list) = self.aftermath_options(a);
        super::choose(player, purpose, case, list)
    }

    /// The answer to the pending obligation.
    pub(super) fn aftermath_chose(
        &mut self,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Waiting::Aftermath(mut a) = self.state.waiting.clone() else {
            return refuse("engine", "no obligation pending");
        };
        let (_, _, case, options) = self.aftermath_options(&a);
        let Some(&choice) = options.get(i as usize) else {
            return refuse(case, "not one of the options offered");
        };
        match (&mut a.stage, choice) {
            (Stage::DefenderLosses { left }, Choice::Unit(u)) => {
                if a.floor.is_none() {
                    a.floor = combatant(self, u).map(|k| exchange_floor(&k));
                }
                self.eliminate_unit(u, "8.6", events)?;
                *left -= 1;
            }
            (Stage::AttackerExchange { .. }, Choice::Unit(u)) => {
                self.eliminate_unit(u, "8.6", events)?;
                a.stage = self.after_exchange(&a);
            }
            (Stage::DisruptStack, Choice::Hex(h)) => {
                let toward = self
                    .data
                    .map
                    .geometry
                    .direction_to(h, a.announced.target)
                    .unwrap_or(Dir::Up);
                for &u in &a.announced.attackers {
                    if self.state.board.hex_of(u) == Some(h) {
                        match modes::disrupt(&self.data.forces, &mut self.state.board, u, toward)? {
                            modes::Disruption::Disrupted => emit(
                                events,
                                Event::Disrupted {
                                    unit: u,
                                    case: "8.6",
                                },
                            )?,
                            modes::Disruption::Eliminated => emit(
                                events,
                                Event::Eliminated {
                                    unit: u,
                                    case: "8.8",
                                },
                            )?,
                        }
                    }
                }
                a.stage = Stage::RetreatBegins;
            }
            (Stage::Retreat { path, max, .. }, Choice::Stop) => {
                *max = path.len() as u8;
            }
            (Stage::Retreat { .. }, Choice::OffMap) => self.retreat_off_map(&a, events)?,
            (Stage::Advance { .. } | Stage::Exploit { .. }, c) => {
                self.advance_chose(&mut a, c, events)?;
            }
            (Stage::Retreat { .. }, Choice::Hex(to)) => {
                let units = self.retreating(&a);
                self.state.board.shift(&units, to)?;
                emit(events, Event::Retreated { units, to })?;
                if let Stage::Retreat { path, .. } = &mut a.stage {
                    let _ = path.push(to);
                }
            }
            _ => return refuse(case, "not one of the options offered"),
        }
        self.settle(a, events)
    }
}

/// Fortress Berlin's answers to the core retreat search for one retreating force (8.7, 8.7.1):
/// never into enemy units or an enemy zone no friend holds (3.2.5), never across unbridged
/// water or into a lake (7.3.3) or, in maneuver mode, ruins (9.0.2); it may end only where the
/// stacking limit holds with the force already there (8.7.1, 8.7.2: it joins that force).
/// Friendly units are never displaced. A retreat may leave the map from an edge hex (8.7.1).
struct ForceRetreat<'a, 'd> {
    game: &'a Game<'d>,
    side: Side,
    units: &'a [UnitId],
    /// The result allows a shorter retreat (R: one or two hexes).
    short_ok: bool,
}

impl RetreatRules for ForceRetreat<'_, '_> {
    type Unit = ();

    fn friendly_occupant(&self, _h: HexId) -> Option<()> {
        None
    }

    fn may_enter(&self, _u: (), trail: &[HexId], to: HexId) -> bool {
        let (g, b) = (self.game, &self.game.state.board);
        let Some(&from) = trail.last() else {
            return false;
        };
        let (all, any) = crate::fortress::terrain::modes_of(b, self.units);
        zoc::retreat_open(&g.data.map, &g.data.forces, b, self.side, to)
            && crate::fortress::terrain::step_cost(
                &g.data.movement,
                &g.data.map,
                b,
                from,
                to,
                all,
                any,
            )
            .is_ok()
    }

    fn may_end(&self, _u: (), h: HexId) -> bool {
        // 17.2: never into a hex of the other Soviet front.
        if self.game.check_fronts_apart(self.units, h).is_err() {
            return false;
        }
        let b = &self.game.state.board;
        let mut joined: heapless::Vec<UnitId, 16> = self.units.iter().copied().collect();
        if let Some(s) = b.stacks.at(h, self.side) {
            joined.extend(s.units.iter().copied().filter(|u| !self.units.contains(u)));
        }
        stacking::check(&self.game.data.forces, self.side, &joined).is_ok()
    }

    fn may_stop_short(&self, u: (), h: HexId) -> bool {
        self.short_ok && self.may_end(u, h)
    }

    fn may_be_displaced(&self, _u: ()) -> bool {
        false
    }

    // 8.7.1: a retreat may leave the map; Soviet units only where a lettered entry area will
    // bring them back (a board without one, like the test board, has no way back).
    fn may_leave_map(&self, _u: (), _at: HexId) -> bool {
        self.side == crate::fortress::counters::GERMAN || !self.game.data.entry_areas.is_empty()
    }
}
