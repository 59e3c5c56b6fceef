//! Paratroops [18.0]: drops plotted during the Movement Phase, resolved at its end with a
//! Survival roll (2d6, [18.5], modifiers [18.6x]) and, on a scatter, a Scatter roll (1d6,
//! [18.1]); the check at the start of the Combat Phase [18.2].
//!
//! Project decisions where the rules are silent: a unit that scatters off the map or into a
//! hex held by an enemy unit is destroyed (it could not enter either [5.12]); a unit that
//! lands where [18.2] will destroy it (stacked, lake, fire, gas) does not make its hex
//! friendly ([18.2] last sentence).
//!
//! Public API: [`Game::paradrop_hexes`], [`Game::check_paradrop`].

use super::event::Event;
use super::flags;
use super::game::{Game, Input85, Pending85};
use super::movement::{DropStage, PlottedDrop};
use super::state::{Phase, WARSAW_PACT};
use crate::core::hex::{Dir, HexId};
use crate::core::map::Markers;
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::units::{Location, UnitId, UnitKind};
use crate::event;

use super::data::SurvivalResult;

impl<'d> Game<'d> {
    /// May `u` be plotted to drop on `hex` now [18.0], [18.3], [18.42]?
    pub fn check_paradrop(&self, u: UnitId, hex: HexId) -> Result<(), RuleViolation> {
        self.movement_command_allowed(self.side_of(u))?;
        let rules = self.scenario().rules;
        if rules.no_honors_no_surrender {
            return refuse(
                "21.35",
                "there are no paradrops in Operation Medicine Wheel",
            );
        }
        if self.side_of(u) != WARSAW_PACT || self.def(u).kind != UnitKind::Paratroop {
            return refuse("18.3", "only Warsaw Pact paratroops may paradrop");
        }
        if self.state.movement.drops.iter().any(|d| d.unit == u) {
            return refuse("18.3", "that unit is already plotted to drop");
        }
        if !self.reinforcement_due(u) {
            return refuse("18.3", "that unit is not a reinforcement due this turn");
        }
        if self.air_superiority() != WARSAW_PACT {
            return refuse("18.0", "paradrops need air superiority this turn");
        }
        if self.is_night() {
            return refuse("16.12", "no paradrops at night");
        }
        let pt = self.state.movement.paradrop_turn;
        if pt != 0 && pt != self.state.turn {
            return refuse("18.0", "paradrops are made on one Game-Turn per game only");
        }
        if self.data.map.idx(hex).is_none() {
            return refuse("18.42", "the drop hex must be on the map");
        }
        if self.terrain(hex).is_some_and(|t| t.no_stopping) {
            return refuse("18.42", "paratroops may not be targeted on a lake hex");
        }
        if self.unit_at(hex).is_some() {
            return refuse("18.42", "paratroops may not be targeted on an occupied hex");
        }
        if self.markers(hex).has(Markers::FIRE | Markers::GAS) {
            return refuse("18.42", "paratroops may not be targeted on fire or gas");
        }
        if self.state.movement.drops.iter().any(|d| d.hex == hex) {
            return refuse("18.42", "only one unit may be targeted on each hex");
        }
        Ok(())
    }

    /// Every hex `u` may be plotted to drop on now.
    pub fn paradrop_hexes(&self, u: UnitId, mut f: impl FnMut(HexId)) {
        for h in self.data.map.hexes() {
            if self.check_paradrop(u, h).is_ok() {
                f(h);
            }
        }
    }

    pub(crate) fn cmd_paradrop(
        &mut self,
        u: UnitId,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_paradrop(u, hex)?;
        self.state
            .movement
            .drops
            .push(PlottedDrop { unit: u, hex })
            .map_err(|_| RuleViolation::new("engine", "too many paradrops plotted"))?;
        let label = self.data.map.geometry.format(hex);
        let name = self.def(u).name.clone();
        emit(
            events,
            event!("18.0", "{} plotted to drop on {}", name, label)
                .unit(u)
                .at(hex),
        )
    }

    /// End of movement: resolve the plotted drops, then the Combat Phase.
    pub(crate) fn paradrops_begin(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.drops.is_empty() {
            return self.end_movement_phase(events);
        }
        self.state.movement.paradrop_turn = self.state.turn;
        self.state.movement.drop_stage = DropStage::Survival(0);
        emit(
            events,
            event!(
                "18.0",
                "{} paradrops announced",
                self.state.movement.drops.len()
            ),
        )
    }

    pub(crate) fn paradrop_pending(&self) -> Option<Pending85> {
        let (dice, purpose, case) = match self.state.movement.drop_stage {
            DropStage::Survival(_) => (DiceSpec::TWO_D6, "paradrop survival", "18.5"),
            DropStage::Scatter(_) => (DiceSpec::D6, "paradrop scatter", "18.1"),
            _ => return None,
        };
        Some(Pending::Roll {
            player: WARSAW_PACT,
            dice,
            purpose,
            case,
            secret: false,
        })
    }

    /// The Survival modifier of a drop on `hex`: terrain [18.61]-[18.64] and -2 in an enemy
    /// zone of control [18.67].
    pub fn survival_modifier(&self, hex: HexId) -> i8 {
        let terrain = self.terrain(hex).map_or(0, |t| t.survival);
        let zoc = if self.enemy_zoc(hex, WARSAW_PACT) {
            -2
        } else {
            0
        };
        terrain + zoc
    }

    pub(crate) fn paradrop_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(Pending::Roll { dice, case, .. }) = self.paradrop_pending() else {
            return refuse("18.0", "no paradrop is being resolved");
        };
        let Input::Rolled(roll) = input else {
            return refuse(case, "the paradrop roll is expected");
        };
        if !dice.accepts(roll) {
            return refuse(case, "that is not a roll of the dice asked for");
        }
        match self.state.movement.drop_stage {
            DropStage::Survival(n) => {
                let drop = self.state.movement.drops[n as usize];
                let modified =
                    (roll.total() as i16 + self.survival_modifier(drop.hex) as i16).clamp(1, 12); // [18.65]
                let result = self.data.tables.survival[modified as usize - 1];
                let label = self.data.map.geometry.format(drop.hex);
                let name = self.def(drop.unit).name.clone();
                emit(
                    events,
                    event!(
                        "18.5",
                        "{} drops on {}: {} modified to {}",
                        name,
                        label,
                        roll.total(),
                        modified
                    )
                    .unit(drop.unit)
                    .at(drop.hex),
                )?;
                match result {
                    SurvivalResult::Destroyed => {
                        self.eliminate(drop.unit, "18.5", events)?;
                        self.next_drop(n, events)
                    }
                    SurvivalResult::Lands => {
                        self.land(drop.unit, drop.hex, events)?;
                        self.next_drop(n, events)
                    }
                    SurvivalResult::Scatter => {
                        self.state.movement.drop_stage = DropStage::Scatter(n);
                        Ok(())
                    }
                }
            }
            DropStage::Scatter(n) => {
                let drop = self.state.movement.drops[n as usize];
                let face = roll.values.first().copied().unwrap_or(1).clamp(1, 6);
                let dir = Dir::from_index(self.data.tables.scatter[face as usize - 1] as usize);
                let to = self.data.map.geometry.neighbour(drop.hex, dir);
                let enemy_there = to
                    .and_then(|h| self.unit_at(h))
                    .is_some_and(|o| self.side_of(o) != WARSAW_PACT);
                match to {
                    Some(h) if !enemy_there => {
                        let label = self.data.map.geometry.format(h);
                        emit(
                            events,
                            event!("18.1", "it scatters to {}", label)
                                .unit(drop.unit)
                                .at(h),
                        )?;
                        self.land(drop.unit, h, events)?;
                    }
                    _ => {
                        emit(
                            events,
                            event!("18.1", "it scatters off the map or onto the enemy")
                                .unit(drop.unit),
                        )?;
                        self.eliminate(drop.unit, "18.1", events)?;
                    }
                }
                self.next_drop(n, events)
            }
            _ => refuse("18.0", "no paradrop is being resolved"),
        }
    }

    /// Places a dropped unit. Where [18.2] will destroy it, it makes no hex friendly.
    fn land(
        &mut self,
        u: UnitId,
        h: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let doomed = self.paratroop_doomed_at(u, h);
        {
            let s = &mut self.state.units[u.0 as usize];
            s.location = Location::OnMap(h);
            s.spent_mp = 0;
            s.set(flags::PARADROPPED | flags::MOVED);
        }
        if doomed {
            Ok(())
        } else {
            self.unit_entered(u, h, events)
        }
    }

    /// [18.2]: stacked with any unit, in a lake, on fire or gas.
    fn paratroop_doomed_at(&self, u: UnitId, h: HexId) -> bool {
        self.units_on_map().any(|(o, oh)| o != u && oh == h)
            || self.terrain(h).is_some_and(|t| t.no_stopping)
            || self.markers(h).has(Markers::FIRE | Markers::GAS)
    }

    fn next_drop(&mut self, n: u8, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let next = n as usize + 1;
        if next < self.state.movement.drops.len() {
            self.state.movement.drop_stage = DropStage::Survival(next as u8);
            return Ok(());
        }
        self.state.movement.drop_stage = DropStage::Done;
        if self.interrupt_pending().is_none() {
            self.paradrops_done(events)?;
        }
        Ok(())
    }

    fn paradrops_done(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.state.movement.drop_stage = DropStage::Idle;
        self.state.movement.drops.clear();
        self.end_movement_phase(events)
    }

    /// Called when an interrupt has been answered: finish the phase if the drops were done.
    pub(crate) fn movement_after_interrupt(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.phase == Phase::Movement
            && self.state.movement.drop_stage == DropStage::Done
            && self.interrupt_pending().is_none()
        {
            return self.paradrops_done(events);
        }
        Ok(())
    }

    /// [18.2] at the start of the Combat Phase of the drop turn: paratroops stacked with any
    /// unit, in a lake or on fire or gas are destroyed. Does nothing on other turns.
    pub(crate) fn paratroop_checks_at_combat_start(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.paradrop_turn != self.state.turn || self.state.phasing != WARSAW_PACT
        {
            return Ok(());
        }
        let mut doomed: heapless::Vec<UnitId, { super::movement::MAX_DROPS }> =
            heapless::Vec::new();
        for (u, h) in self.units_on_map() {
            if self.state.units[u.0 as usize].has(flags::PARADROPPED)
                && self.paratroop_doomed_at(u, h)
            {
                doomed
                    .push(u)
                    .map_err(|_| RuleViolation::new("engine", "too many paratroops"))?;
            }
        }
        for u in doomed {
            self.eliminate(u, "18.2", events)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::command::Command;
    use crate::berlin85::data::Arrival;
    use crate::berlin85::movement::tests::*;
    use crate::berlin85::reinforce::tests::reinforcements;
    use crate::berlin85::state::NATO;
    use crate::berlin85::testkit::*;
    use crate::core::hex::Dir;
    use std::vec::Vec;

    fn drop(g: &mut Game<'_>, unit: UnitId, h: &str) -> Result<Events<Event>, RuleViolation> {
        g.apply(&cmd(Command::Paradrop { unit, hex: hex(h) }))
    }

    fn paras(n: usize) -> (Board, Vec<UnitId>) {
        let mut b = Board::new(10, 10);
        let us = reinforcements(
            &mut b,
            WARSAW_PACT,
            UnitKind::Paratroop,
            n,
            Arrival::AirlandingOrParadrop,
        );
        (b, us)
    }

    fn end_movement(g: &mut Game<'_>) {
        g.apply(&cmd(Command::EndMovement)).unwrap();
    }

    #[test]
    fn paradrop_18_42_target_restrictions() {
        let (mut b, us) = paras(3);
        b.terrain(hex("0303"), LAKE);
        let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(f, hex("0505"))]);
        mark(&mut g, "0707", Markers::FIRE);
        mark(&mut g, "0708", Markers::GAS);
        for h in ["0303", "0505", "0707", "0708"] {
            assert_eq!(case_of(drop(&mut g, us[0], h)), "18.42", "{h}");
        }
        drop(&mut g, us[0], "0202").unwrap();
        assert_eq!(
            case_of(drop(&mut g, us[1], "0202")),
            "18.42",
            "one unit per hex"
        );
        let mut n = 0;
        g.paradrop_hexes(us[2], |_| n += 1);
        assert_eq!(n, 100 - 5);
    }

    #[test]
    fn paradrop_18_3_only_paratroops_and_16_12_not_at_night() {
        let (mut b, us) = paras(1);
        let m = reinforcements(
            &mut b,
            WARSAW_PACT,
            UnitKind::Mechanized,
            1,
            Arrival::AirlandingOrParadrop,
        );
        let mut g = start(b, WARSAW_PACT, &[]);
        assert_eq!(case_of(drop(&mut g, m[0], "0202")), "18.3");
        g.state.turn = 3;
        assert_eq!(case_of(drop(&mut g, us[0], "0202")), "16.12");
        g.state.turn = 1;
        g.state.turn_state.nato_air_superiority = true;
        assert_eq!(case_of(drop(&mut g, us[0], "0202")), "18.0");
    }

    #[test]
    fn paradrop_18_5_lands_on_a_5_or_more() {
        let (b, us) = paras(1);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0505").unwrap();
        assert_eq!(g.hex_of(us[0]), None, "placed only at the end of movement");
        end_movement(&mut g);
        assert!(matches!(g.pending(), Pending::Roll { case: "18.5", .. }));
        g.apply(&roll(&[2, 2])).unwrap(); // 4 + 1 (clear) = 5
        assert_eq!(g.hex_of(us[0]), Some(hex("0505")));
        assert_eq!(g.held_by(hex("0505")), WARSAW_PACT);
        assert_eq!(g.state.phase, Phase::Combat);
        assert!(g.in_supply(us[0]), "[18.43] in supply in its drop turn");
        g.state.phase = Phase::Movement;
        assert_eq!(case_of(g.may_move(us[0])), "18.41");
    }

    #[test]
    fn paradrop_18_5_destroyed_on_1_or_less_18_64_urban_minus_3() {
        let (mut b, us) = paras(1);
        b.terrain(hex("0505"), URBAN);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0505").unwrap();
        end_movement(&mut g);
        g.apply(&roll(&[2, 2])).unwrap(); // 4 - 3 = 1
        assert_eq!(
            g.state.units[us[0].0 as usize].location,
            Location::Eliminated
        );
        assert_eq!(g.state.phase, Phase::Combat);
    }

    #[test]
    fn paradrop_18_1_scatter_on_2_to_4() {
        let (b, us) = paras(1);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0505").unwrap();
        end_movement(&mut g);
        g.apply(&roll(&[1, 2])).unwrap(); // 3 + 1 = 4: scatter
        assert!(matches!(g.pending(), Pending::Roll { case: "18.1", .. }));
        g.apply(&roll(&[4])).unwrap();
        let d = Dir::from_index(g.data.tables.scatter[3] as usize);
        let to = g.data.map.geometry.neighbour(hex("0505"), d).unwrap();
        assert_eq!(g.hex_of(us[0]), Some(to));
        assert_eq!(g.state.phase, Phase::Combat);
    }

    #[test]
    fn paradrop_18_65_modified_roll_clamped_and_18_67_enemy_zone_minus_2() {
        let (b, us) = paras(1);
        let mut b = b;
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(e, hex("0605"))]);
        let target = g
            .data
            .map
            .geometry
            .neighbours(hex("0605"))
            .map(|(_, n)| n)
            .find(|&n| g.unit_at(n).is_none())
            .unwrap();
        assert_eq!(g.survival_modifier(target), 1 - 2);
        let label = g.data.map.geometry.format(target);
        drop(&mut g, us[0], label.as_str()).unwrap();
        end_movement(&mut g);
        g.apply(&roll(&[1, 1])).unwrap(); // 2 - 1 = 1: destroyed (read as 1, not 0)
        assert_eq!(
            g.state.units[us[0].0 as usize].location,
            Location::Eliminated
        );
    }

    #[test]
    fn paradrop_18_61_to_18_64_terrain_modifiers() {
        let (mut b, _) = paras(0);
        for (h, t) in [
            ("0101", CLEAR),
            ("0102", AIRFIELD),
            ("0103", INDUSTRIAL),
            ("0104", SUBURBAN),
            ("0105", ROUGH),
            ("0106", FOREST),
            ("0107", URBAN),
        ] {
            b.terrain(hex(h), t);
        }
        let g = start(b, WARSAW_PACT, &[]);
        let m: Vec<i8> = (1..=7)
            .map(|r| g.survival_modifier(HexId::new(1, r)))
            .collect();
        assert_eq!(m, [1, 1, -1, -1, -2, -3, -3]);
    }

    #[test]
    fn paradrop_18_3_a_plotted_unit_may_not_also_airland() {
        let (mut b, us) = paras(1);
        crate::berlin85::reinforce::tests::airfields(&mut b);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0202").unwrap();
        let mut avail = Vec::new();
        g.reinforcements_available(WARSAW_PACT, |u| avail.push(u));
        assert!(avail.is_empty());
        let r = g.apply(&cmd(Command::Airland {
            unit: us[0],
            hex: hex("0505"),
        }));
        assert_eq!(case_of(r), "13.0");
        assert_eq!(case_of(drop(&mut g, us[0], "0303")), "18.3");
    }

    #[test]
    fn paradrop_18_0_one_drop_turn_per_game() {
        let (b, us) = paras(2);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0505").unwrap();
        end_movement(&mut g);
        g.apply(&roll(&[6, 6])).unwrap();
        g.state.phase = Phase::Movement;
        g.state.turn = 2;
        assert_eq!(case_of(g.check_paradrop(us[1], hex("0202"))), "18.0");
    }

    #[test]
    fn paradrop_18_2_stacked_paratroops_destroyed_at_combat_start() {
        let (mut b, us) = paras(1);
        let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[]);
        drop(&mut g, us[0], "0505").unwrap();
        end_movement(&mut g);
        g.apply(&roll(&[1, 2])).unwrap();
        // The scatter lands it on the hex of a friend placed there for the test.
        let d = Dir::from_index(g.data.tables.scatter[0] as usize);
        let to = g.data.map.geometry.neighbour(hex("0505"), d).unwrap();
        g.state.units[f.0 as usize].location = Location::OnMap(to);
        // The Combat Phase begins right after the last drop: the check runs there.
        let ev = g.apply(&roll(&[1])).unwrap();
        assert_eq!(g.state.phase, Phase::Combat);
        assert_eq!(
            g.state.units[us[0].0 as usize].location,
            Location::Eliminated
        );
        assert_eq!(g.hex_of(f), Some(to), "the other unit is unaffected");
        assert!(ev.iter().any(|e| e.case == "18.2"));
    }

    #[test]
    fn paradrop_18_2_no_check_without_a_drop() {
        let (b, _) = paras(0);
        let mut g = start(b, WARSAW_PACT, &[]);
        let before = g.state.clone();
        let mut ev = Events::new();
        g.paratroop_checks_at_combat_start(&mut ev).unwrap();
        assert_eq!(g.state, before);
        assert!(ev.is_empty());
    }

    #[test]
    fn paradrop_21_35_1_none_in_medicine_wheel() {
        let (mut b, us) = paras(1);
        b.scenario_mut().rules.no_honors_no_surrender = true;
        let mut g = start(b, WARSAW_PACT, &[]);
        assert_eq!(case_of(drop(&mut g, us[0], "0505")), "21.35");
    }
}
