//! Announcing attacks [7.0], [7.1], [7.2], [7.3] and the mandatory attacks that must be
//! announced before the attacker closes his declarations [7.11], [7.21], [8.31].

use super::{push, CombatStep, DeclaredAttack, Fire};
use crate::berlin85::board::HexIndex;
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::berlin85::state::WARSAW_PACT;
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::event;

/// Adjacent units that may attack one defender [7.12].
pub const MAX_ADJACENT_ATTACKERS: usize = 6;

impl<'d> Game<'d> {
    // ---- who may fight ----------------------------------------------------------------------

    /// Warsaw Pact police may not attack before the scenario's thaw turn [21.15] 1.
    pub(crate) fn police_frozen(&self, u: UnitId) -> bool {
        self.side_of(u) == WARSAW_PACT
            && self.is_police(u)
            && self.state.turn < self.scenario().rules.wp_police_frozen_until
    }

    /// Advanced after combat this phase: may neither attack nor be attacked [7.96] (the
    /// aftermath sets the flag).
    pub(crate) fn advanced_this_phase(&self, u: UnitId) -> bool {
        self.state.units[u.0 as usize].has(flags::ADVANCED)
    }

    /// Displaced this phase: artillery that had not fired may not fire now [7.82] (the
    /// aftermath sets the flag).
    pub(crate) fn displaced_this_phase(&self, u: UnitId) -> bool {
        self.state.units[u.0 as usize].has(flags::DISPLACED)
    }

    /// May `u` take part in a new attack of the phasing player?
    pub(crate) fn check_may_attack(&self, u: UnitId) -> Result<HexId, RuleViolation> {
        let Some(h) = self.hex_of(u) else {
            return refuse("7.0", "only units on the map may attack");
        };
        if self.side_of(u) != self.state.phasing {
            return refuse("7.0", "only the phasing player attacks");
        }
        if self.has_attacked(u) {
            return refuse("7.13", "a unit may attack only once per Combat Phase");
        }
        if self.advanced_this_phase(u) {
            return refuse(
                "7.96",
                "a unit that advanced after combat may not attack this phase",
            );
        }
        if self.police_frozen(u) {
            return refuse(
                "21.15",
                "Warsaw Pact police may not attack before Game-Turn 3",
            );
        }
        Ok(h)
    }

    /// May `d` be the defender of a new attack?
    pub(crate) fn check_may_be_attacked(&self, d: UnitId) -> Result<HexId, RuleViolation> {
        let Some(h) = self.hex_of(d) else {
            return refuse("7.0", "only units on the map may be attacked");
        };
        if self.side_of(d) == self.state.phasing {
            return refuse("8.16", "units may not attack friendly units");
        }
        if self.is_attacked(d) {
            return refuse("7.13", "a unit may be attacked only once per Combat Phase");
        }
        if self.advanced_this_phase(d) {
            return refuse(
                "7.96",
                "a unit that advanced after combat may not be attacked",
            );
        }
        Ok(h)
    }

    fn adjacent_units(&self, a: UnitId, b: UnitId) -> bool {
        match (self.hex_of(a), self.hex_of(b)) {
            (Some(x), Some(y)) => self.data.map.geometry.adjacent(x, y),
            _ => false,
        }
    }

    /// Splits an announced attacker list into adjacent attackers and barrages, checking the
    /// adjacency rules [7.14], [7.23], the six-attacker limit [7.12] and, for barrages, the
    /// artillery rules (support.rs).
    pub(crate) fn check_attack(
        &self,
        attackers: &[UnitId],
        defenders: &[UnitId],
    ) -> Result<DeclaredAttack, RuleViolation> {
        if defenders.is_empty() {
            return refuse("7.0", "an attack needs at least one defending unit");
        }
        if attackers.is_empty() {
            return refuse("7.0", "an attack needs at least one attacking unit");
        }
        let mut a = DeclaredAttack::default();
        for (i, &d) in defenders.iter().enumerate() {
            if defenders[..i].contains(&d) {
                return refuse("7.3", "a unit is listed twice");
            }
            self.check_may_be_attacked(d)?;
            push(&mut a.defenders, d)?;
        }
        for (i, &u) in attackers.iter().enumerate() {
            if attackers[..i].contains(&u) {
                return refuse(
                    "7.3",
                    "a unit's strength may not be divided or counted twice",
                );
            }
            self.check_may_attack(u)?;
            let adjacent_to = defenders
                .iter()
                .filter(|&&d| self.adjacent_units(u, d))
                .count();
            if adjacent_to == defenders.len() {
                push(&mut a.attackers, u)?;
            } else if self.is_artillery(u) && adjacent_to == 0 {
                // Checked once the adjacent attackers are known (combined attacks [8.2]).
            } else if adjacent_to == 0 {
                return refuse(
                    "7.14",
                    "only artillery may attack a unit it is not adjacent to",
                );
            } else {
                return refuse(
                    "7.23",
                    "every attacking unit except barraging artillery must be adjacent to every defender",
                );
            }
        }
        if a.attackers.len() > MAX_ADJACENT_ATTACKERS {
            return refuse("7.12", "at most six adjacent units may attack");
        }
        if a.attackers.is_empty() {
            // A pure barrage attacks one hex [8.13].
            let h0 = self.hex_of(defenders[0]);
            if defenders.iter().any(|&d| self.hex_of(d) != h0) {
                return refuse("8.13", "a barrage alone may attack only a single hex");
            }
        }
        for &u in attackers {
            if !a.attackers.contains(&u) {
                let hex = self.check_barrage_into(u, &a, false)?;
                push(
                    &mut a.barrage,
                    Fire {
                        unit: u,
                        hex,
                        gas: false,
                    },
                )?;
            }
        }
        Ok(a)
    }

    // ---- commands ---------------------------------------------------------------------------

    pub(crate) fn declare(
        &mut self,
        attackers: &[UnitId],
        defenders: &[UnitId],
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.options.sequential_combat && self.open_attack().is_some() {
            return refuse("7.0", "resolve the attack already announced first");
        }
        let a = self.check_attack(attackers, defenders)?;
        let n = self.state.combat.attacks.len();
        let first = a.defenders[0];
        push(&mut self.state.combat.attacks, a)?;
        let name = self.def(first).name.clone();
        let mut e = event!(
            "7.0",
            "attack {} announced: {} unit(s) on {}",
            n,
            attackers.len(),
            name
        )
        .unit(first);
        if let Some(h) = self.hex_of(first) {
            e = e.at(h);
        }
        emit(events, e)
    }

    pub(crate) fn undeclare(
        &mut self,
        attack: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let a = self.attack(attack)?;
        if a.closed {
            return refuse("11.0", "a committed attack may not be withdrawn");
        }
        if a.barrage.iter().any(|f| f.gas) {
            return refuse(
                "8.82",
                "gas has been fired: the attack may not be withdrawn",
            );
        }
        let air = a.air;
        let phasing = self.state.phasing;
        self.state.turn_state.air_points[phasing.index()] =
            self.state.turn_state.air_points[phasing.index()].saturating_add(air);
        self.state.combat.attacks.remove(attack as usize);
        emit(events, event!("7.0", "attack {} withdrawn", attack))
    }

    /// The unclosed attack of a sequential Combat Phase (the [7.0] note).
    pub(crate) fn open_attack(&self) -> Option<u8> {
        self.attacks().find(|(_, a)| !a.closed).map(|(i, _)| i)
    }

    /// The phasing player closes declarations (all attacks, or the current one when combat
    /// is sequential).
    pub(crate) fn close_declarations(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.options.sequential_combat {
            if self.open_attack().is_none() {
                return refuse(
                    "7.0",
                    "no attack is announced: end the Combat Phase instead",
                );
            }
        } else {
            self.check_mandatory_attacks()?;
        }
        self.state.combat.step = CombatStep::Fpf;
        emit(
            events,
            event!(
                "7.0",
                "attacks announced; the defender may allocate final protective fire"
            ),
        )
    }

    /// [7.11], [7.21], [8.31]: every phasing unit in an enemy zone of control attacks, every
    /// enemy unit with a phasing unit in its zone of control is attacked.
    pub(crate) fn check_mandatory_attacks(&self) -> Result<(), RuleViolation> {
        let mut owes = false;
        self.must_attack(|_| owes = true);
        if owes {
            return refuse(
                "7.11",
                "every unit in an enemy zone of control must attack an adjacent enemy unit",
            );
        }
        self.must_be_attacked(|_| owes = true);
        if owes {
            return refuse(
                "7.11",
                "every enemy unit with one of your units in its zone of control must be attacked",
            );
        }
        Ok(())
    }

    /// Ending the phase from the declaration step: when no attack is announced (or, combat
    /// being sequential, none is open) and none is owed [7.11].
    pub(crate) fn end_without_more_attacks(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.open_attack().is_some() {
            return refuse("7.0", "announced attacks must be resolved first");
        }
        self.check_mandatory_attacks()?;
        self.end_combat(events)
    }

    /// Was `u` a defender of an attack already resolved?
    fn attacked_and_resolved(&self, u: UnitId) -> bool {
        self.state
            .combat
            .attacks
            .iter()
            .any(|a| a.resolved && (a.defending(u) || a.attacking(u)))
    }

    /// Units exerting their zone of control on `u`'s hex [6.11], [6.14]: the units next to
    /// it, unless the hex is urban or ruined or the hexside between is water.
    fn zoc_sources<'a>(
        &'a self,
        u: UnitId,
        idx: &'a HexIndex,
    ) -> impl Iterator<Item = UnitId> + 'a {
        let g = &self.data.map.geometry;
        self.hex_of(u).into_iter().flat_map(move |uh| {
            g.neighbours(uh).flat_map(move |(d, eh)| {
                let units = match g.index(eh) {
                    Some(i) if self.zoc_extends_toward(eh, d.opposite(), uh) => {
                        Some(idx.units_at(i))
                    }
                    _ => None,
                };
                units.into_iter().flatten()
            })
        })
    }

    /// A phasing unit that could still attack: not frozen, not advanced, not done.
    fn may_still_attack(&self, u: UnitId) -> bool {
        !self.police_frozen(u) && !self.advanced_this_phase(u) && !self.attacked_and_resolved(u)
    }

    /// A phasing unit in an enemy zone of control that has not announced an attack [7.11].
    pub(crate) fn owes_attack(&self, u: UnitId, idx: &HexIndex) -> bool {
        if self.side_of(u) != self.state.phasing
            || self.hex_of(u).is_none()
            || self.has_attacked(u)
            || !self.may_still_attack(u)
        {
            return false;
        }
        self.zoc_sources(u, idx).any(|e| {
            self.side_of(e) != self.state.phasing
                && !self.advanced_this_phase(e)
                && !self.attacked_and_resolved(e)
        })
    }

    /// A non-phasing unit with an able phasing unit in its zone of control, not attacked [7.11].
    pub(crate) fn owes_defence(&self, e: UnitId, idx: &HexIndex) -> bool {
        if self.side_of(e) == self.state.phasing
            || self.hex_of(e).is_none()
            || self.is_attacked(e)
            || self.advanced_this_phase(e)
        {
            return false;
        }
        // `u` is in `e`'s zone exactly when `e` is next to `u` and its zone reaches `u`'s hex.
        let Some(eh) = self.hex_of(e) else {
            return false;
        };
        let g = &self.data.map.geometry;
        g.neighbours(eh).any(|(d, uh)| {
            g.index(uh).is_some_and(|i| {
                self.zoc_extends_toward(eh, d, uh)
                    && idx
                        .units_at(i)
                        .any(|u| self.side_of(u) == self.state.phasing && self.may_still_attack(u))
            })
        })
    }
}
