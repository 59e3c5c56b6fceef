//! Retreats [7.7], "They Shall Not Pass" [7.76] and displacement [7.8]: the Berlin '85 rules
//! plugged into the core retreat search ([`crate::core::retreat`]).

use super::{
    overflow, push_option, Ask, Displacing, PathKind, Question, Retreating, RollFor, MAX_DISPLACING,
};
use crate::berlin85::command::Choice;
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::berlin85::movement::{MoveScratch, StepPrices};
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers, SideFeatures};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::retreat::{displace_steps, retreat_steps, Outlook, RetreatRules, Steps};
use crate::core::units::{Location, UnitId};
use crate::event;

/// Hexsides no retreat crosses, bridge or ferry or not [7.72].
const WATER_SIDES: u16 =
    SideFeatures::WATER | SideFeatures::BRIDGE | SideFeatures::FERRY | SideFeatures::CANAL;

/// Berlin '85's answers to the core retreat search.
pub(crate) struct Rules85<'g, 'd> {
    pub game: &'g Game<'d>,
    /// Apply [5.17] (West Berlin police never leave West Berlin). Off only to find out whether
    /// that rule is what killed a unit, so the event can cite it.
    pub police_border: bool,
    /// The movement rules' prices, for "only through hexes the unit could enter during its
    /// Movement Phase" [7.6]; `None` only to find out whether that rule killed a unit.
    pub prices: Option<StepPrices<'g, 'd>>,
}

impl RetreatRules for Rules85<'_, '_> {
    type Unit = UnitId;

    fn friendly_occupant(&self, h: HexId) -> Option<UnitId> {
        // Enemy occupants are refused by `may_enter`.
        self.game.unit_at(h)
    }

    fn may_enter(&self, u: UnitId, trail: &[HexId], to: HexId) -> bool {
        let Some(&from) = trail.last() else {
            return false;
        };
        self.game.retreat_may_enter(u, from, to, self.police_border)
            && self
                .prices
                .as_ref()
                .is_none_or(|p| p.could_enter(u, trail, to))
    }

    fn may_end(&self, _u: UnitId, h: HexId) -> bool {
        // Lakes may be crossed but not stopped in [5.26].
        !self.game.terrain(h).is_some_and(|t| t.no_stopping)
    }

    fn may_stop_short(&self, _u: UnitId, h: HexId) -> bool {
        self.game.is_urban(h)
    }

    fn may_be_displaced(&self, u: UnitId) -> bool {
        !self.game.displacement_barred(u)
    }
}

/// "retreat: 2nd hex of 3" for the pending choice.
fn retreat_purpose(done: u8, total: u8) -> &'static str {
    match (done, total) {
        (0, 1) => "retreat: 1st hex of 1",
        (0, 2) => "retreat: 1st hex of 2",
        (1, 2) => "retreat: 2nd hex of 2",
        (0, 3) => "retreat: 1st hex of 3",
        (1, 3) => "retreat: 2nd hex of 3",
        (2, 3) => "retreat: 3rd hex of 3",
        (0, 4) => "retreat: 1st hex of 4",
        (1, 4) => "retreat: 2nd hex of 4",
        (2, 4) => "retreat: 3rd hex of 4",
        (3, 4) => "retreat: 4th hex of 4",
        _ => "retreat: next hex",
    }
}

impl<'d> Game<'d> {
    // ---- Berlin '85 retreat restrictions -----------------------------------------------------

    /// May `u` step from `from` into `to` while retreating or being displaced? Not across water
    /// (bridges and ferries included) [7.72], not into fire [10.72], not into an enemy unit
    /// [5.12] or an enemy zone of control, friendly units there or not [7.71]; West Berlin
    /// police never out of West Berlin [5.17]. (Whether the unit could pay for the hex [7.6]
    /// is asked of the movement rules by [`Rules85::may_enter`].)
    pub(crate) fn retreat_may_enter(
        &self,
        u: UnitId,
        from: HexId,
        to: HexId,
        police_border: bool,
    ) -> bool {
        let g = &self.data.map.geometry;
        if self.data.map.idx(to).is_none() {
            return false;
        }
        let Some(side) = g.side_between(from, to) else {
            return false;
        };
        if self.data.map.side(side).has(WATER_SIDES) {
            return false;
        }
        if self.markers(to).has(Markers::FIRE) {
            return false;
        }
        let mine = self.side_of(u);
        if self.unit_at(to).is_some_and(|o| self.side_of(o) != mine) {
            return false;
        }
        if self.enemy_zoc(to, mine) {
            return false;
        }
        if police_border
            && self.is_west_berlin_police(u)
            && !self.scenario().rules.police_unrestricted
            && self.in_west_berlin(from)
            && !self.in_west_berlin(to)
        {
            return false;
        }
        true
    }

    /// Urban hexes let a retreat end early [7.75].
    pub(crate) fn is_urban(&self, h: HexId) -> bool {
        self.terrain(h).is_some_and(|t| t.key.as_str() == "urban")
    }

    /// Units of an announced attack not yet resolved may not be displaced [7.83] (the units of
    /// the combat being applied have had theirs resolved).
    pub(crate) fn displacement_barred(&self, u: UnitId) -> bool {
        let a = &self.state.aftermath;
        let here = a.attackers.contains(&u) || a.defenders.contains(&u);
        !here && self.in_unresolved_attack(u)
    }

    /// The retreat rules for the units of `side` (a retreating unit and the friends it
    /// displaces), with the [5.17] police border and the [7.6] hex costs applied or not.
    fn retreat_rules<'a>(
        &'a self,
        side: crate::core::side::Side,
        police_border: bool,
        traversable: bool,
        scratch: &'a mut MoveScratch,
    ) -> Rules85<'a, 'd> {
        Rules85 {
            game: self,
            police_border,
            prices: traversable.then(|| self.step_prices(side, scratch)),
        }
    }

    fn retreat_steps_of(
        &self,
        r: &Retreating,
        police_border: bool,
        traversable: bool,
        out: &mut Steps,
    ) -> Outlook {
        let mut scratch = MoveScratch::new();
        let rules = self.retreat_rules(
            self.side_of(r.unit),
            police_border,
            traversable,
            &mut scratch,
        );
        retreat_steps(
            &self.data.map.geometry,
            &rules,
            r.unit,
            r.start,
            &r.path,
            r.total,
            out,
        )
    }

    // ---- the retreat stage --------------------------------------------------------------------

    /// Queues the defenders (or the adjacent attackers) to retreat `hexes` hexes.
    pub(super) fn start_retreats(
        &mut self,
        attackers: bool,
        hexes: u8,
    ) -> Result<(), RuleViolation> {
        let a = &mut self.state.aftermath;
        let mut units = heapless::Vec::<UnitId, { crate::berlin85::command::MAX_ATTACKERS }>::new();
        let from: &[UnitId] = if attackers {
            &a.attackers
        } else {
            &a.defenders
        };
        for &u in from {
            units.push(u).map_err(|_| overflow())?;
        }
        a.queue.clear();
        for u in units {
            if self.state.units[u.0 as usize].hex().is_some() {
                a.queue.push(u).map_err(|_| overflow())?;
            }
        }
        a.hexes = hexes;
        a.stage = super::Stage::Retreat;
        Ok(())
    }

    pub(super) fn retreat_question(&self) -> Option<Question> {
        let a = &self.state.aftermath;
        if let Some(top) = a.displacing.last() {
            let mut busy = heapless::Vec::<HexId, { MAX_DISPLACING + 1 }>::new();
            if let Some(r) = &a.retreating {
                busy.push(r.at()).ok()?;
            }
            for d in &a.displacing {
                busy.push(d.from).ok()?;
            }
            let mut scratch = MoveScratch::new();
            let rules = self.retreat_rules(self.side_of(top.unit), true, true, &mut scratch);
            let mut steps = Steps::new();
            displace_steps(
                &self.data.map.geometry,
                &rules,
                top.unit,
                top.from,
                &busy,
                &mut steps,
            );
            let mut options = heapless::Vec::new();
            for s in &steps {
                push_option(&mut options, Choice::Hex(s.to))?;
            }
            if options.is_empty() {
                return None;
            }
            return Some(Question::Choose {
                ask: Ask::Displace,
                player: self.side_of(top.unit),
                purpose: "displaced: move the unit one hex",
                case: "7.81",
                options,
            });
        }
        if let Some(r) = &a.retreating {
            let player = self.side_of(r.unit);
            if r.standing {
                return Some(Question::Roll {
                    roll: RollFor::Stand,
                    player,
                    purpose: "They Shall Not Pass",
                    case: "7.76",
                });
            }
            let done = r.done();
            if done >= r.total {
                return None;
            }
            let mut steps = Steps::new();
            let outlook = self.retreat_steps_of(r, true, true, &mut steps);
            let can_stand = done == 0 && self.in_supply(r.unit);
            let can_stop = done >= 1 && self.is_urban(r.at());
            let mut options = heapless::Vec::new();
            // A doomed retreat that may end here [7.75] ends here.
            if !(outlook == Outlook::FallsShort && can_stop) {
                for s in &steps {
                    push_option(&mut options, Choice::Hex(s.to))?;
                }
            }
            let mut purpose = retreat_purpose(done, r.total);
            if can_stand {
                push_option(&mut options, Choice::TheyShallNotPass)?;
                if steps.is_empty() {
                    // Nowhere to go: stand, or accept elimination (Stop).
                    push_option(&mut options, Choice::Stop)?;
                    purpose = "no retreat possible: They Shall Not Pass, or Stop to be eliminated";
                }
            }
            if can_stop {
                push_option(&mut options, Choice::Stop)?;
            }
            if options.is_empty() {
                return None;
            }
            return Some(Question::Choose {
                ask: Ask::Retreat,
                player,
                purpose,
                case: "7.7",
                options,
            });
        }
        let first = *a.queue.first()?;
        let mut options = heapless::Vec::new();
        for &u in &a.queue {
            push_option(&mut options, Choice::Unit(u))?;
        }
        Some(Question::Choose {
            ask: Ask::Order,
            player: self.side_of(first),
            purpose: "which unit retreats next",
            case: "7.76",
            options,
        })
    }

    /// Nothing to ask in the retreat stage: a retreat is complete or impossible, or the wave
    /// is over. Returns true when the whole retreat stage is over.
    pub(super) fn retreat_progress(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<bool, RuleViolation> {
        let a = &self.state.aftermath;
        if !a.displacing.is_empty() {
            // The displacement cannot be made after all: the retreating unit dies instead [7.82].
            self.state.aftermath.displacing.clear();
            if let Some(r) = self.state.aftermath.retreating.as_mut() {
                r.entering = None;
            }
            self.end_retreat_eliminated("7.82", events)?;
            return Ok(false);
        }
        if let Some(r) = &a.retreating {
            if r.done() >= r.total && self.terrain(r.at()).is_some_and(|t| t.no_stopping) {
                // The full distance ends in a lake, where no unit may stop [5.26], [7.74].
                self.end_retreat_eliminated("5.26", events)?;
            } else if r.done() >= r.total {
                self.end_retreat_completed("7.7", events)?;
            } else {
                let case = self.why_retreat_failed(r);
                self.end_retreat_eliminated(case, events)?;
            }
            return Ok(false);
        }
        if a.queue.is_empty() {
            if a.attackers_retreat_next {
                // [7.6] Br: the defenders have retreated; now the attackers retreat one hex.
                self.state.aftermath.attackers_retreat_next = false;
                self.start_retreats(true, 1)?;
                return Ok(false);
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// [5.17] when only the West Berlin border stopped the retreat, [7.6] when only hexes the
    /// unit could never enter in its Movement Phase did, else [7.74] (or [7.7] when the unit
    /// could not leave its hex at all).
    fn why_retreat_failed(&self, r: &Retreating) -> &'static str {
        let mut steps = Steps::new();
        if self.is_west_berlin_police(r.unit)
            && self.retreat_steps_of(r, false, true, &mut steps) != Outlook::FallsShort
        {
            return "5.17";
        }
        if self.retreat_steps_of(r, true, false, &mut steps) != Outlook::FallsShort {
            return "7.6";
        }
        if r.path.is_empty() {
            "7.7"
        } else {
            "7.74"
        }
    }

    pub(super) fn retreat_answer(
        &mut self,
        ask: Ask,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match (ask, choice) {
            (Ask::Order, Choice::Unit(u)) => {
                let a = &mut self.state.aftermath;
                let Some(i) = a.queue.iter().position(|&x| x == u) else {
                    return refuse("7.76", "that unit does not retreat now");
                };
                a.queue.remove(i);
                let Some(start) = self.hex_of(u) else {
                    return Ok(());
                };
                self.state.units[u.0 as usize].set(flags::ADVERSE_RESULT);
                self.state.aftermath.retreating = Some(Retreating {
                    unit: u,
                    start,
                    total: self.state.aftermath.hexes,
                    path: heapless::Vec::new(),
                    standing: false,
                    entering: None,
                });
                Ok(())
            }
            (Ask::Retreat, Choice::TheyShallNotPass) => {
                let r = self.retreating()?;
                r.standing = true;
                let u = r.unit;
                let name = self.def(u).name.clone();
                emit(
                    events,
                    event!("7.76", "{} declares They Shall Not Pass", name).unit(u),
                )
            }
            (Ask::Retreat, Choice::Stop) => {
                if self.retreating()?.path.is_empty() {
                    // Declined to stand where no retreat is possible.
                    self.end_retreat_eliminated("7.7", events)
                } else {
                    self.end_retreat_completed("7.75", events)
                }
            }
            (Ask::Retreat, Choice::Hex(h)) => {
                let u = self.retreating()?.unit;
                match self.unit_at(h) {
                    Some(o) if o != u => {
                        self.retreating()?.entering = Some(h);
                        self.state
                            .aftermath
                            .displacing
                            .push(Displacing {
                                unit: o,
                                from: h,
                                to: None,
                            })
                            .map_err(|_| overflow())?;
                        Ok(())
                    }
                    _ => self.retreat_into(h, events),
                }
            }
            (Ask::Displace, Choice::Hex(h)) => {
                let occupant = self.unit_at(h);
                let a = &mut self.state.aftermath;
                match occupant {
                    Some(o) => {
                        // A chain: the unit there moves first [7.82].
                        if let Some(top) = a.displacing.last_mut() {
                            top.to = Some(h);
                        }
                        a.displacing
                            .push(Displacing {
                                unit: o,
                                from: h,
                                to: None,
                            })
                            .map_err(|_| overflow())
                    }
                    None => self.complete_displacements(h, events),
                }
            }
            _ => refuse("7.7", "that is not an option of this retreat"),
        }
    }

    fn retreating(&mut self) -> Result<&mut Retreating, RuleViolation> {
        self.state
            .aftermath
            .retreating
            .as_mut()
            .ok_or(RuleViolation::new("7.7", "no unit is retreating"))
    }

    /// Moves a unit into a hex as part of the aftermath (retreat, displacement, advance).
    pub(super) fn aftermath_move(
        &mut self,
        u: UnitId,
        h: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.units[u.0 as usize].location = Location::OnMap(h);
        self.unit_entered(u, h, events)
    }

    /// The retreating unit enters `h` (now vacant).
    fn retreat_into(&mut self, h: HexId, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let r = self.retreating()?;
        let u = r.unit;
        let start = r.start;
        let first = r.path.is_empty();
        r.entering = None;
        r.path.push(h).map_err(|_| overflow())?;
        // [10.71] leaving a POL hex: destroyed if that hex burns in this combat.
        if first && self.features(start).has(HexFeatures::POL) {
            self.state
                .aftermath
                .left_pol
                .push((u, start))
                .map_err(|_| overflow())?;
        }
        self.aftermath_move(u, h, events)
    }

    /// The top displaced unit moves into vacant `h`; each unit behind it in the chain then
    /// takes the hex vacated ahead of it, and finally the retreating unit enters [7.81].
    fn complete_displacements(
        &mut self,
        h: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let mut into = h;
        while let Some(d) = self.state.aftermath.displacing.pop() {
            let s = &mut self.state.units[d.unit.0 as usize];
            s.set(flags::DISPLACED | flags::ADVERSE_RESULT);
            let name = self.def(d.unit).name.clone();
            let label = self.hex_name(into);
            emit(
                events,
                event!("7.81", "{} displaced to {}", name, label)
                    .unit(d.unit)
                    .at(into),
            )?;
            self.aftermath_move(d.unit, into, events)?;
            // The next unit down the chain moves into the hex just vacated.
            into = d.from;
        }
        let entering = self.retreating()?.entering;
        match entering {
            Some(e) if e == into => self.retreat_into(e, events),
            _ => Ok(()),
        }
    }

    fn end_retreat_completed(
        &mut self,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(r) = self.state.aftermath.retreating.take() else {
            return Ok(());
        };
        let name = self.def(r.unit).name.clone();
        let label = self.hex_name(r.at());
        emit(
            events,
            event!(case, "{} retreats to {}", name, label)
                .unit(r.unit)
                .at(r.at()),
        )?;
        // The retreat path: the vacated combat position and every hex passed through [7.91].
        if self.path_counts(r.unit) {
            let mut hexes = heapless::Vec::<HexId, { super::MAX_RETREAT_HEXES + 1 }>::new();
            hexes.push(r.start).map_err(|_| overflow())?;
            for &h in r.path.iter().take(r.path.len().saturating_sub(1)) {
                hexes.push(h).map_err(|_| overflow())?;
            }
            self.record_path(r.unit, &hexes, PathKind::Retreated)?;
        }
        Ok(())
    }

    fn end_retreat_eliminated(
        &mut self,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(r) = self.state.aftermath.retreating.take() else {
            return Ok(());
        };
        self.eliminate(r.unit, case, events)?;
        // The path ends in the hex where the unit was eliminated [7.74].
        if self.path_counts(r.unit) {
            let mut hexes = heapless::Vec::<HexId, { super::MAX_RETREAT_HEXES + 1 }>::new();
            hexes.push(r.start).map_err(|_| overflow())?;
            for &h in &r.path {
                hexes.push(h).map_err(|_| overflow())?;
            }
            let kind = if r.path.is_empty() {
                PathKind::Eliminated
            } else {
                PathKind::Retreated
            };
            self.record_path(r.unit, &hexes, kind)?;
        }
        Ok(())
    }

    /// Only a defeated side's retreat leaves a path for the victor [7.91].
    fn path_counts(&self, u: UnitId) -> bool {
        self.state
            .aftermath
            .victor
            .is_some_and(|v| v != self.side_of(u))
    }

    /// The "They Shall Not Pass" die [7.76]: at most the hexes to retreat destroys the unit,
    /// more and it holds its hex.
    pub(super) fn stand_rolled(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(r) = self.state.aftermath.retreating.take() else {
            return refuse("7.76", "no unit is standing");
        };
        let name = self.def(r.unit).name.clone();
        if die <= r.total {
            emit(
                events,
                event!("7.76", "{} rolls {}: destroyed where it stood", name, die).unit(r.unit),
            )?;
            self.eliminate(r.unit, "7.76", events)?;
            if self.path_counts(r.unit) {
                self.record_path(r.unit, &[r.start], PathKind::FailedStand)?;
            }
        } else {
            emit(
                events,
                event!("7.76", "{} rolls {}: holds its hex", name, die).unit(r.unit),
            )?;
            self.state
                .aftermath
                .stood
                .push(r.unit)
                .map_err(|_| overflow())?;
        }
        Ok(())
    }
}
