//! Fire support: barrages [8.1], [8.2] and their unit-integrity limits [8.7], barrages on
//! empty hexes [8.16], ground support [9.0], final protective fire [8.4], the NATO rail-line
//! interdiction mission [20.22] and poison gas [8.8] (optional).

use super::{push, CombatStep, DeclaredAttack, Fire, MAX_SUPPORT};
use crate::berlin85::event::Event;
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::{UnitId, UnitKind};
use crate::event;

impl<'d> Game<'d> {
    fn in_range(&self, art: UnitId, h: HexId) -> bool {
        // Range counts the target hex, not the firing unit's own [8.12], [8.42].
        self.hex_of(art)
            .is_some_and(|a| self.data.map.geometry.distance(a, h) <= self.def(art).range as u16)
    }

    fn gassed(&self, h: HexId) -> bool {
        self.markers(h).has(Markers::GAS)
    }

    fn adjacent_to_enemy(&self, u: UnitId) -> bool {
        let Some(h) = self.hex_of(u) else {
            return false;
        };
        let side = self.side_of(u);
        self.data
            .map
            .geometry
            .neighbours(h)
            .any(|(_, n)| self.unit_at(n).is_some_and(|e| self.side_of(e) != side))
    }

    /// May `u` fire gas at all [8.8], [8.81], [8.89], [14.33]?
    fn check_gas(&self, u: UnitId) -> Result<(), RuleViolation> {
        if !self.state.options.poison_gas {
            return refuse(
                "8.8",
                "poison gas is an optional rule not in use in this game",
            );
        }
        if self.side_of(u) != WARSAW_PACT {
            return refuse("8.89", "only Warsaw Pact artillery may fire gas");
        }
        if !self.in_supply(u) {
            return refuse("14.33", "unsupplied Warsaw Pact artillery may not fire gas");
        }
        Ok(())
    }

    /// May phasing artillery `u` fire a barrage (or interdict) now [8.1], [7.13], [14.33]?
    fn check_barrage_unit(&self, u: UnitId, gas: bool) -> Result<(), RuleViolation> {
        if !self.is_artillery(u) {
            return refuse(
                "7.14",
                "only artillery may attack a unit it is not adjacent to",
            );
        }
        self.check_may_attack(u)?;
        if self.adjacent_to_enemy(u) {
            return refuse(
                "8.32",
                "artillery adjacent to an enemy unit attacks it and may not barrage",
            );
        }
        if !self.in_supply(u) {
            return refuse(
                "14.33",
                "unsupplied artillery may not barrage non-adjacent units",
            );
        }
        self.check_fires_this_phase(u, gas)
    }

    /// The last checks on any fire by `u` (barrage or FPF): not displaced this phase before it
    /// fired [7.82], and gas only where it may be fired [8.8].
    fn check_fires_this_phase(&self, u: UnitId, gas: bool) -> Result<(), RuleViolation> {
        if self.displaced_this_phase(u) {
            return refuse(
                "7.82",
                "displaced artillery that had not fired may not fire this phase",
            );
        }
        if gas {
            self.check_gas(u)?;
        }
        Ok(())
    }

    /// Unit integrity for a barrage joining adjacent attackers [8.71], [8.72], [8.73].
    fn check_combined(&self, art: UnitId, adjacent: &[UnitId]) -> Result<(), RuleViolation> {
        if adjacent.is_empty() {
            return Ok(());
        }
        if adjacent.iter().all(|&u| self.is_police(u)) {
            return refuse(
                "8.73",
                "artillery may join an attack only if an adjacent attacker is not police",
            );
        }
        let d = self.def(art);
        if d.side == WARSAW_PACT
            && d.kind == UnitKind::RocketArtillery
            && !adjacent
                .iter()
                .any(|&u| self.def(u).formation == d.formation)
        {
            return refuse(
                "8.71",
                "rocket artillery supports only attacks with an adjacent unit of its division",
            );
        }
        if d.side == NATO
            && !adjacent
                .iter()
                .any(|&u| self.def(u).nationality == d.nationality)
        {
            return refuse(
                "8.72",
                "NATO artillery supports only attacks with an adjacent unit of its nationality",
            );
        }
        Ok(())
    }

    /// Checks a barrage by `art` into attack `a`; returns the defender hex it fires into.
    pub(crate) fn check_barrage_into(
        &self,
        art: UnitId,
        a: &DeclaredAttack,
        gas: bool,
    ) -> Result<HexId, RuleViolation> {
        self.check_barrage_unit(art, gas)?;
        let mut in_range = false;
        let mut target = None;
        for &d in &a.defenders {
            let Some(h) = self.hex_of(d) else { continue };
            if self.in_range(art, h) {
                in_range = true;
                if !gas || !self.gassed(h) {
                    target = Some(h);
                    break;
                }
            }
        }
        if !in_range {
            return refuse("8.12", "no defender is within the artillery unit's range");
        }
        let Some(h) = target else {
            return refuse(
                "8.81",
                "gas may not be fired into a hex that already holds gas",
            );
        };
        self.check_combined(art, &a.attackers)?;
        Ok(h)
    }

    fn place_gas(&mut self, h: HexId, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let turn = self.state.turn;
        if let Some(s) = self.hex_state_mut(h) {
            s.markers.insert(Markers::GAS);
            s.marker_turn = turn;
        }
        let label = self.data.map.geometry.format(h);
        emit(
            events,
            event!("8.82", "gas marker placed in {}", label).at(h),
        )
    }

    fn open_for_allocation(&self, attack: u8) -> Result<&DeclaredAttack, RuleViolation> {
        let a = self.attack(attack)?;
        if a.closed {
            return refuse("11.0", "that attack is already committed");
        }
        Ok(a)
    }

    // ---- the attacker's support ----------------------------------------------------------------

    pub(crate) fn barrage(
        &mut self,
        art: UnitId,
        attack: u8,
        gas: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let a = self.open_for_allocation(attack)?;
        if a.empty_hex.is_some() {
            return refuse("8.16", "add barrages on an empty hex with a hex barrage");
        }
        let hex = self.check_barrage_into(art, a, gas)?;
        let fire = Fire {
            unit: art,
            hex,
            gas,
        };
        self.record_fire(
            fire,
            attack,
            |a| &mut a.barrage,
            "8.1",
            "barrages in",
            events,
        )
    }

    /// Records `fire` in the list `into` picks from `attack` (its barrages or its FPF), says
    /// so under `case` ("<unit> <doing> attack <n>") and lays the gas it fires [8.81].
    fn record_fire(
        &mut self,
        fire: Fire,
        attack: u8,
        into: fn(&mut DeclaredAttack) -> &mut heapless::Vec<Fire, MAX_SUPPORT>,
        case: &'static str,
        doing: &str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        push(into(&mut self.state.combat.attacks[attack as usize]), fire)?;
        let name = self.def(fire.unit).name.clone();
        emit(
            events,
            event!(case, "{} {} attack {}", name, doing, attack)
                .unit(fire.unit)
                .at(fire.hex),
        )?;
        if fire.gas {
            self.place_gas(fire.hex, events)?;
        }
        Ok(())
    }

    pub(crate) fn barrage_hex(
        &mut self,
        art: UnitId,
        hex: HexId,
        gas: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.data.map.idx(hex).is_none() {
            return refuse("8.16", "that hex is not on the map");
        }
        if let Some(u) = self.unit_at(hex) {
            if self.side_of(u) == self.state.phasing {
                return refuse(
                    "8.16",
                    "artillery may not fire on a hex held by friendly units",
                );
            }
            return refuse("8.16", "announce an attack on the unit in that hex instead");
        }
        if self.state.options.sequential_combat {
            if let Some(o) = self.open_attack() {
                if self.state.combat.attacks[o as usize].empty_hex != Some(hex) {
                    return refuse("7.0", "resolve the attack already announced first");
                }
            }
        }
        self.check_barrage_unit(art, gas)?;
        if !self.in_range(art, hex) {
            return refuse("8.12", "the hex is beyond the artillery unit's range");
        }
        if gas && self.gassed(hex) {
            return refuse(
                "8.81",
                "gas may not be fired into a hex that already holds gas",
            );
        }
        let existing = self
            .attacks()
            .find(|(_, a)| !a.closed && a.empty_hex == Some(hex))
            .map(|(i, _)| i);
        let i = match existing {
            Some(i) => i as usize,
            None => {
                let a = DeclaredAttack {
                    empty_hex: Some(hex),
                    ..DeclaredAttack::default()
                };
                push(&mut self.state.combat.attacks, a)?;
                self.state.combat.attacks.len() - 1
            }
        };
        push(
            &mut self.state.combat.attacks[i].barrage,
            Fire {
                unit: art,
                hex,
                gas,
            },
        )?;
        let name = self.def(art).name.clone();
        let label = self.data.map.geometry.format(hex);
        emit(
            events,
            event!(
                "8.16",
                "{} barrages the empty hex {} (attack {})",
                name,
                label,
                i
            )
            .unit(art)
            .at(hex),
        )?;
        if gas {
            self.place_gas(hex, events)?;
        }
        Ok(())
    }

    fn check_air_allowed(&self, points: u8) -> Result<(), RuleViolation> {
        if points == 0 {
            return refuse("9.12", "allocate at least one ground-support point");
        }
        if self.is_night() {
            return refuse(
                "16.11",
                "no ground support may be used on a night Game-Turn",
            );
        }
        Ok(())
    }

    pub(crate) fn air_support(
        &mut self,
        attack: u8,
        points: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_air_allowed(points)?;
        let a = self.open_for_allocation(attack)?;
        if a.empty_hex.is_some() {
            return refuse(
                "9.0",
                "ground support attacks only as part of a combined attack",
            );
        }
        // Air joins a combined attack [9.0] of at least one non-police unit [8.74] (range is
        // unlimited [9.13], integrity does not apply [8.74]).
        if a.attackers.iter().all(|&u| self.is_police(u)) && a.barrage.is_empty() {
            return refuse("8.74", "ground support may support non-police units only");
        }
        let side = self.state.phasing;
        self.use_air_points(side, points)?;
        let a = &mut self.state.combat.attacks[attack as usize];
        a.air = a.air.saturating_add(points);
        emit(
            events,
            event!(
                "9.0",
                "{} ground-support point(s) join attack {}",
                points,
                attack
            ),
        )
    }

    /// NATO artillery flies the rail-line interdiction mission instead of firing [20.22].
    pub(crate) fn interdict(
        &mut self,
        art: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.phasing != NATO || self.side_of(art) != NATO {
            return refuse(
                "20.22",
                "only NATO artillery interdicts, in the NATO Combat Phase",
            );
        }
        self.check_barrage_unit(art, false)?;
        let in_range = self
            .data
            .map
            .hexes()
            .any(|h| self.features(h).has(HexFeatures::RAIL_LINE) && self.in_range(art, h));
        if !in_range {
            return refuse(
                "20.22",
                "the rail line is beyond the artillery unit's range",
            );
        }
        push(&mut self.state.combat.interdicting, art)?;
        self.record_interdiction();
        let name = self.def(art).name.clone();
        emit(
            events,
            event!("20.22", "{} interdicts the rail line", name).unit(art),
        )
    }

    // ---- the defender's support --------------------------------------------------------------

    /// May non-phasing artillery `u` fire FPF this phase [8.41], [7.3], [14.33], [7.82]?
    fn check_fpf_unit(&self, u: UnitId, gas: bool) -> Result<HexId, RuleViolation> {
        if !self.is_artillery(u) {
            return refuse("8.4", "only artillery fires final protective fire");
        }
        let Some(h) = self.hex_of(u) else {
            return refuse("8.4", "only artillery on the map may fire");
        };
        if self.side_of(u) == self.state.phasing {
            return refuse("8.4", "only the defender fires final protective fire");
        }
        if self.has_fired_fpf(u) {
            return refuse("7.3", "an artillery unit fires FPF for one attack only");
        }
        if self.is_attacked(u) {
            return refuse("8.41", "artillery under attack this phase may not fire FPF");
        }
        if self.state.units[u.0 as usize].has(flags::ADVERSE_LAST_PHASE) {
            return refuse(
                "8.41",
                "artillery that suffered an adverse result in its previous Combat Phase may not fire FPF",
            );
        }
        if self.enemy_zoc(h, self.side_of(u)) {
            return refuse(
                "8.41",
                "artillery in an enemy zone of control may not fire FPF",
            );
        }
        if !self.in_supply(u) {
            return refuse("14.33", "unsupplied artillery may not fire FPF");
        }
        self.check_fires_this_phase(u, gas)?;
        Ok(h)
    }

    /// Checks FPF by `art` for attack `attack`; returns the defender hex it fires into.
    pub(crate) fn check_fpf_into(
        &self,
        art: UnitId,
        attack: u8,
        gas: bool,
    ) -> Result<HexId, RuleViolation> {
        self.check_fpf_unit(art, gas)?;
        let a = self.open_for_allocation(attack)?;
        if a.empty_hex.is_some() {
            return refuse("8.16", "there is no defender in that hex");
        }
        if self.artillery_only(a) {
            return refuse(
                "8.45",
                "FPF may not support units attacked by artillery alone",
            );
        }
        let d = self.def(art);
        let mut why =
            RuleViolation::new("8.42", "no defender is within the artillery unit's range");
        for &u in &a.defenders {
            let Some(h) = self.hex_of(u) else { continue };
            if !self.in_range(art, h) {
                continue;
            }
            if self.is_police(u) {
                why = RuleViolation::new("8.73", "artillery may never fire FPF for police units");
                continue;
            }
            if d.side == NATO && self.def(u).nationality != d.nationality {
                why = RuleViolation::new(
                    "8.72",
                    "NATO artillery fires FPF only for units of its own nationality",
                );
                continue;
            }
            if gas && self.gassed(h) {
                why = RuleViolation::new("8.81", "gas may not be fired into a hex that holds gas");
                continue;
            }
            return Ok(h);
        }
        Err(why)
    }

    pub(crate) fn fpf(
        &mut self,
        art: UnitId,
        attack: u8,
        gas: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let hex = self.check_fpf_into(art, attack, gas)?;
        let fire = Fire {
            unit: art,
            hex,
            gas,
        };
        self.record_fire(fire, attack, |a| &mut a.fpf, "8.4", "fires FPF for", events)?;
        if gas {
            // Gas on one's own units, as FPF [8.87]: a die decides whether it helps.
            self.state.combat.gas_roll = Some(attack);
        }
        Ok(())
    }

    /// The [8.87] die: 1-4 the defenders gain two columns and ignore [8.84] this Player-Turn.
    pub(crate) fn gas_fpf_rolled(
        &mut self,
        attack: u8,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.combat.gas_roll = None;
        let held = die <= 4;
        let a = &mut self.state.combat.attacks[attack as usize];
        a.gas_fpf_held = Some(held || a.gas_fpf_held == Some(true));
        let text = if held {
            "the gas screens the defenders: two columns in their favour"
        } else {
            "the gas drifts: the defenders suffer its normal effect"
        };
        emit(events, event!("8.87", "gas FPF die {}: {}", die, text))
    }

    pub(crate) fn air_fpf(
        &mut self,
        attack: u8,
        points: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_air_allowed(points)?;
        let a = self.open_for_allocation(attack)?;
        if a.empty_hex.is_some() {
            return refuse("8.16", "there is no defender in that hex");
        }
        if self.artillery_only(a) {
            return refuse(
                "8.45",
                "FPF may not support units attacked by artillery alone",
            );
        }
        if a.defenders.iter().all(|&u| self.is_police(u)) {
            return refuse("8.74", "ground support may support non-police units only");
        }
        let side = self.state.phasing.other();
        self.use_air_points(side, points)?;
        let a = &mut self.state.combat.attacks[attack as usize];
        a.fpf_air = a.fpf_air.saturating_add(points);
        emit(
            events,
            event!(
                "9.0",
                "{} ground-support point(s) fly FPF in attack {}",
                points,
                attack
            ),
        )
    }

    /// The defender closes the FPF step: the open attacks are committed [11.0].
    pub(crate) fn close_fpf(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        for a in self.state.combat.attacks.iter_mut() {
            a.closed = true;
        }
        self.state.combat.step = CombatStep::Reveal;
        emit(events, event!("11.0", "attacks committed"))?;
        self.after_reveal_step(events)
    }

    // ---- candidates for the UI ----------------------------------------------------------------

    /// Phasing artillery that may add a barrage to attack `attack` now.
    pub fn barrage_candidates(&self, attack: u8, mut f: impl FnMut(UnitId)) {
        let Ok(a) = self.open_for_allocation(attack) else {
            return;
        };
        if a.empty_hex.is_some() {
            return;
        }
        for (u, _) in self.units_on_map() {
            if self.side_of(u) == self.state.phasing
                && self.is_artillery(u)
                && self.check_barrage_into(u, a, false).is_ok()
            {
                f(u);
            }
        }
    }

    /// Non-phasing artillery that may fire FPF for attack `attack` now.
    pub fn fpf_candidates(&self, attack: u8, mut f: impl FnMut(UnitId)) {
        for (u, _) in self.units_on_map() {
            if self.side_of(u) != self.state.phasing
                && self.is_artillery(u)
                && self.check_fpf_into(u, attack, false).is_ok()
            {
                f(u);
            }
        }
    }
}
