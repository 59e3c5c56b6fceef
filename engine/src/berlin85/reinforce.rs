//! Reinforcements [13.0] arriving by airlanding [13.2]: which units may arrive now, which
//! airfields are friendly [13.23], their capacity per turn [13.22], air superiority [13.24].
//! Paradrops [18.0] are in `paradrop.rs`.
//!
//! Public API: [`Game::reinforcements_available`], [`Game::airland_hexes`],
//! [`Game::airfield_friendly`].

use super::data::Arrival;
use super::event::Event;
use super::flags;
use super::game::Game;
use crate::core::hex::HexId;
use crate::core::map::{Markers, PlaceKind};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::event;

/// Units one airfield takes per Player-Turn [13.22].
pub fn airfield_capacity(kind: PlaceKind) -> u8 {
    match kind {
        PlaceKind::Flughafen => 9,
        PlaceKind::Flugplatz => 3,
        PlaceKind::Area => 0,
    }
}

impl<'d> Game<'d> {
    /// Is `u` a reinforcement that may enter the map this Game-Turn (by airlanding or, for
    /// paratroops, paradrop)? NATO emergency units only in the Jägerbrigade's turn [17.1],
    /// [13.11]; none at all in [21.32].
    pub fn reinforcement_due(&self, u: UnitId) -> bool {
        let sc = self.scenario();
        if sc.rules.no_reinforcements {
            return false;
        }
        if self.state.units.get(u.0 as usize).map(|s| s.location) != Some(Location::Pool) {
            return false;
        }
        if self.state.movement.drops.iter().any(|d| d.unit == u) {
            return false; // already plotted to drop [18.0]
        }
        sc.reinforcements.iter().any(|g| {
            g.units.contains(&u)
                && match g.arrival {
                    Arrival::Emergency => self.emergency_land_reinforcements_available(),
                    Arrival::AirlandingOrParadrop => self.state.turn >= g.from_turn,
                }
        })
    }

    /// Every reinforcement of `side` that may enter the map now.
    pub fn reinforcements_available(&self, side: Side, mut f: impl FnMut(UnitId)) {
        for u in self.data.roster.ids() {
            if self.side_of(u) == side && self.reinforcement_due(u) {
                f(u);
            }
        }
    }

    /// [13.23]: an airfield is friendly when `side` holds all its hexes and its control
    /// tower(s) ([19.44] holding: held at the start or last moved through).
    pub fn airfield_friendly(&self, place: usize, side: Side) -> bool {
        self.data.map.places.get(place).is_some_and(|p| {
            p.hexes
                .iter()
                .chain(p.towers.iter())
                .all(|&h| self.held_by(h) == side)
        })
    }

    /// May `u` airland on `hex` now? Ok gives the airfield's index.
    pub fn check_airland(&self, u: UnitId, hex: HexId) -> Result<usize, RuleViolation> {
        let side = self.side_of(u);
        self.movement_command_allowed(side)?;
        if self.scenario().rules.no_reinforcements {
            return refuse("21.32", "no reinforcements in this scenario");
        }
        if !self.reinforcement_due(u) {
            return refuse("13.0", "that unit is not a reinforcement due this turn");
        }
        if self.air_superiority() != side {
            return refuse("13.24", "airlanding needs air superiority this turn");
        }
        let Some((pi, place)) = self.data.map.airfield_of(hex) else {
            return refuse("13.22", "units airland on an airfield hex");
        };
        if !place.hexes.contains(&hex) {
            return refuse(
                "13.22",
                "units airland on the airfield, not its control tower",
            );
        }
        if !self.airfield_friendly(pi, side) {
            return refuse(
                "13.23",
                "the airfield is not friendly: every hex and tower must be held",
            );
        }
        let used = self
            .state
            .movement
            .airlanded
            .get(pi)
            .copied()
            .unwrap_or(u8::MAX);
        if used >= airfield_capacity(place.kind) {
            return refuse(
                "13.22",
                "that airfield takes no more units this turn (Flughafen 9, Flugplatz 3)",
            );
        }
        if self.unit_at(hex).is_some() {
            return refuse("5.31", "no stacking: the airfield hex is occupied");
        }
        if self.markers(hex).has(Markers::FIRE) {
            return refuse("10.72", "no unit may enter a hex with a Fire marker");
        }
        Ok(pi)
    }

    /// Every hex `u` may airland on now.
    pub fn airland_hexes(&self, u: UnitId, mut f: impl FnMut(HexId)) {
        for p in &self.data.map.places {
            if matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz) {
                for &h in &p.hexes {
                    if self.check_airland(u, h).is_ok() {
                        f(h);
                    }
                }
            }
        }
    }

    /// [13.11] NATO may not refuse its emergency reinforcements: the Movement Phase may not
    /// end while one of them could still airland.
    pub(crate) fn emergency_reinforcements_placed(&self) -> Result<(), RuleViolation> {
        if self.state.phasing != super::state::NATO
            || !self.emergency_land_reinforcements_available()
        {
            return Ok(());
        }
        let mut possible = false;
        self.reinforcements_available(super::state::NATO, |u| {
            if self.is_emergency_reinforcement(u) {
                self.airland_hexes(u, |_| possible = true);
            }
        });
        if possible {
            return refuse(
                "13.11",
                "NATO must airland its emergency reinforcements while an airfield can take them",
            );
        }
        Ok(())
    }

    /// [13.2] places `u` on `hex`; it becomes the unit in hand and may move half its
    /// allowance [13.22] unless it landed in an enemy zone of control [13.25].
    pub(crate) fn cmd_airland(
        &mut self,
        u: UnitId,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let pi = self.check_airland(u, hex)?;
        self.take_in_hand(u, events)?;
        let side = self.side_of(u);
        let in_zoc = self.enemy_zoc(hex, side);
        {
            let s = &mut self.state.units[u.0 as usize];
            s.location = Location::OnMap(hex);
            s.spent_mp = 0;
            s.set(flags::AIRLANDED | flags::MOVED);
            if in_zoc {
                s.set(flags::ARRIVED_IN_ZOC);
            }
        }
        self.state.movement.airlanded[pi] += 1;
        let label = self.data.map.geometry.format(hex);
        let name = self.def(u).name.clone();
        emit(
            events,
            event!("13.22", "{} airlands at {}", name, label)
                .unit(u)
                .at(hex),
        )?;
        self.unit_entered(u, hex, events)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::command::Command;
    use crate::berlin85::data::ReinforcementGroup;
    use crate::berlin85::movement::tests::*;
    use crate::berlin85::state::{NATO, WARSAW_PACT};
    use crate::berlin85::testkit::*;
    use crate::core::units::UnitKind;
    use std::vec::Vec;

    /// A Flugplatz (0505-0508) and a one-hex Flughafen (0802) with its tower (0803).
    pub fn airfields(b: &mut Board) {
        let platz = ["0505", "0506", "0507", "0508"];
        b.place("Platz", PlaceKind::Flugplatz, &platz, &[]);
        b.place("Hafen", PlaceKind::Flughafen, &["0802"], &["0803"]);
    }

    /// `n` reinforcements of `kind` for `side`, arriving as `arrival` from turn 1.
    pub fn reinforcements(
        b: &mut Board,
        side: Side,
        kind: UnitKind,
        n: usize,
        arrival: Arrival,
    ) -> Vec<UnitId> {
        let us: Vec<UnitId> = (0..n).map(|_| b.unit(side, kind, 4, 4, 8)).collect();
        let mut units = heapless::Vec::new();
        for &u in &us {
            units.push(u).unwrap();
        }
        b.scenario_mut()
            .reinforcements
            .push(ReinforcementGroup {
                side,
                units,
                from_turn: 1,
                arrival,
            })
            .unwrap();
        us
    }

    pub fn airland(
        g: &mut Game<'_>,
        unit: UnitId,
        h: &str,
    ) -> Result<Events<Event>, RuleViolation> {
        g.apply(&cmd(Command::Airland { unit, hex: hex(h) }))
    }

    /// A 10 × 10 board with the `airfields`.
    fn airfield_board() -> Board {
        let mut b = Board::new(10, 10);
        airfields(&mut b);
        b
    }

    /// `n` Warsaw Pact reinforcements of `kind` arriving by airlanding or paradrop.
    fn airlanders(b: &mut Board, kind: UnitKind, n: usize) -> Vec<UnitId> {
        reinforcements(b, WARSAW_PACT, kind, n, Arrival::AirlandingOrParadrop)
    }

    /// The Warsaw Pact's movement segment on turn 1 with `n` mechanized units to airland
    /// (13.2).
    fn airlifted(n: usize) -> (Game<'static>, Vec<UnitId>) {
        let mut b = airfield_board();
        let us = airlanders(&mut b, UnitKind::Mechanized, n);
        (start(b, WARSAW_PACT, &[]), us)
    }

    /// NATO's movement segment on turn 2 with air superiority and the Jägerbrigade listed to
    /// arrive by emergency airlift at the Flugplatz, in West Berlin (13.1).
    fn jagerbrigade() -> (Game<'static>, Vec<UnitId>) {
        let mut b = airfield_board();
        for h in ["0505", "0506", "0507", "0508"] {
            b.region(hex(h), crate::berlin85::data::Region::WestBerlin);
        }
        let jg = reinforcements(&mut b, NATO, UnitKind::Infantry, 1, Arrival::Emergency);
        let mut g = movement_game(b, NATO, 2, &[], true);
        g.state.turn_state.nato_air_superiority = true;
        (g, jg)
    }

    #[test]
    fn airland_13_22_a_flugplatz_takes_three_units_a_turn() {
        let (mut g, us) = airlifted(4);
        let mut avail = Vec::new();
        g.reinforcements_available(WARSAW_PACT, |u| avail.push(u));
        assert_eq!(avail, us);
        for (u, h) in us.iter().zip(["0505", "0506", "0507"]) {
            airland(&mut g, *u, h).unwrap();
        }
        let before = g.state.clone();
        assert_eq!(case_of(airland(&mut g, us[3], "0508")), "13.22");
        assert_eq!(g.state, before);
        let mut hexes = Vec::new();
        g.airland_hexes(us[3], |h| hexes.push(h));
        assert_eq!(hexes, [hex("0802")], "the Flughafen still has room");
    }

    #[test]
    fn airland_13_22_after_moving_off_another_unit_may_land_on_the_hex() {
        let (mut g, us) = airlifted(2);
        airland(&mut g, us[0], "0802").unwrap();
        assert_eq!(case_of(airland(&mut g, us[1], "0802")), "5.31");
        mv(&mut g, us[0], "0702").unwrap();
        airland(&mut g, us[1], "0802").unwrap();
    }

    #[test]
    fn airland_13_22_airlanded_units_move_half_their_allowance() {
        let (mut g, us) = airlifted(1);
        airland(&mut g, us[0], "0505").unwrap();
        assert_eq!(g.movement_allowance_half(us[0]), 8, "8 MP halved");
        assert_eq!(cost(&g, us[0], "0501"), Some(8));
    }

    #[test]
    fn airland_13_23_only_on_a_friendly_airfield() {
        let (mut g, us) = airlifted(1);
        g.mark_held(hex("0803"), NATO); // the control tower
        assert_eq!(case_of(airland(&mut g, us[0], "0802")), "13.23");
        g.mark_held(hex("0803"), WARSAW_PACT);
        airland(&mut g, us[0], "0802").unwrap();
    }

    #[test]
    fn airland_13_24_only_with_air_superiority() {
        let (mut g, us) = airlifted(1);
        g.state.turn_state.nato_air_superiority = true;
        assert_eq!(case_of(airland(&mut g, us[0], "0505")), "13.24");
    }

    #[test]
    fn airland_13_25_arrival_in_an_enemy_zone_pins_the_unit() {
        let mut b = airfield_board();
        let us = airlanders(&mut b, UnitKind::Mechanized, 1);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(e, hex("0604"))]);
        let h = ["0505", "0506"]
            .into_iter()
            .find(|h| g.enemy_zoc(hex(h), WARSAW_PACT))
            .unwrap();
        airland(&mut g, us[0], h).unwrap();
        assert_eq!(case_of(g.may_move(us[0])), "13.25");
    }

    #[test]
    fn airland_13_21_nato_jagerbrigade_only_in_its_turn() {
        let (mut g, jg) = jagerbrigade();
        assert_eq!(case_of(airland(&mut g, jg[0], "0505")), "13.0");
        g.state.turn_state.jager_turn = 2;
        airland(&mut g, jg[0], "0505").unwrap();
        assert_eq!(g.held_by(hex("0505")), NATO);
    }

    #[test]
    fn airland_16_12_airlanding_is_allowed_at_night() {
        let mut b = airfield_board();
        let us = airlanders(&mut b, UnitKind::Paratroop, 1);
        let mut g = movement_game(b, WARSAW_PACT, 3, &[], true);
        assert!(g.is_night());
        airland(&mut g, us[0], "0505").unwrap();
    }

    #[test]
    fn airland_13_11_nato_may_not_refuse_the_jagerbrigade() {
        let (mut g, jg) = jagerbrigade();
        g.state.turn_state.jager_turn = 2;
        assert_eq!(case_of(g.apply(&cmd(Command::EndMovement))), "13.11");
        airland(&mut g, jg[0], "0505").unwrap();
        g.apply(&cmd(Command::EndMovement)).unwrap();
    }

    #[test]
    fn airland_21_32_no_reinforcements_scenario() {
        let mut b = airfield_board();
        b.scenario_mut().rules.no_reinforcements = true;
        let us = airlanders(&mut b, UnitKind::Mechanized, 1);
        let mut g = start(b, WARSAW_PACT, &[]);
        assert_eq!(case_of(airland(&mut g, us[0], "0505")), "21.32");
    }
}
