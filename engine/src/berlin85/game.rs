//! The Berlin '85 game: one entry point (`apply`), one question (`pending`), and the sequence
//! of play [4.0] that moves the game from phase to phase.

use super::command::{Choice, Command};
use super::data::GameData;
use super::event::Event;
use super::state::{Options, Phase, State, NATO, WARSAW_PACT};
use crate::core::map::HexState;
use crate::core::protocol::{emit, Events, Input, Pending, RuleViolation};
use crate::core::units::{Location, UnitState};
use crate::event;

pub type Input85 = Input<Command>;
pub type Pending85 = Pending<Choice>;

/// A game in progress: the static data it is played on and its state.
#[derive(Clone)]
pub struct Game<'d> {
    pub data: &'d GameData,
    pub state: State,
}

/// Why a game could not be created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameError {
    UnknownScenario,
    DataTooLarge,
}

impl<'d> Game<'d> {
    /// Sets up a new game of `scenario` with `options`, waiting for the first set-up step.
    pub fn new(data: &'d GameData, scenario: &str, options: Options) -> Result<Self, NewGameError> {
        let si = data
            .scenarios
            .iter()
            .position(|s| s.id.as_str() == scenario)
            .ok_or(NewGameError::UnknownScenario)?;
        let sc = &data.scenarios[si];
        let mut state = State {
            scenario: si as u8,
            options,
            turn: sc.start_turn,
            phasing: WARSAW_PACT,
            phase: Phase::Setup,
            units: heapless::Vec::new(),
            hexes: heapless::Vec::new(),
            blown_bridges: heapless::Vec::new(),
            demolition_tried: heapless::Vec::new(),
            untried_left: heapless::Vec::new(),
            setup: Default::default(),
            turn_state: Default::default(),
            movement: Default::default(),
            combat: Default::default(),
            interrupt: Default::default(),
            aftermath: Default::default(),
        };
        for _ in 0..data.roster.units.len() {
            state
                .units
                .push(UnitState::new())
                .map_err(|_| NewGameError::DataTooLarge)?;
        }
        for h in data.map.hexes() {
            // [19.44] West Berlin starts held by NATO, every other hex by the Warsaw Pact.
            let held_by = if data.map.region(h) == super::data::Region::WestBerlin as u8 {
                NATO
            } else {
                WARSAW_PACT
            };
            let hs = HexState {
                held_by,
                ..HexState::default()
            };
            state
                .hexes
                .push(hs)
                .map_err(|_| NewGameError::DataTooLarge)?;
        }
        for c in &data.tables.untried {
            state
                .untried_left
                .push(c.count)
                .map_err(|_| NewGameError::DataTooLarge)?;
        }
        for g in &sc.setup {
            for &u in &g.units {
                state.units[u.0 as usize].location = Location::Pool;
            }
        }
        for g in &sc.reinforcements {
            for &u in &g.units {
                state.units[u.0 as usize].location = Location::Pool;
            }
        }
        let mut game = Game { data, state };
        game.setup_begin();
        Ok(game)
    }

    pub fn scenario(&self) -> &'d super::data::Scenario {
        &self.data.scenarios[self.state.scenario as usize]
    }

    /// Applies one input. On a refusal the state is unchanged and the refusal names its rule.
    ///
    /// The state is copied before the input is applied and put back on a refusal, so a
    /// refusal can never leave a half-applied input behind. (Applying to the copy and moving
    /// it in on success would copy the whole state twice per input.)
    pub fn apply(&mut self, input: &Input85) -> Result<Events<Event>, RuleViolation> {
        let before = self.state.clone();
        let mut events = Events::new();
        match self.apply_in_place(input, &mut events) {
            Ok(()) => Ok(events),
            Err(e) => {
                self.state = before;
                Err(e)
            }
        }
    }

    /// Applies an input already known to be legal (replay); on error the state may be partial.
    pub fn apply_in_place(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if let Input::Command(c) = input {
            self.check_refs(c)?;
        }
        // An interrupt raised mid-move or mid-retreat is answered first [12.0].
        if self.interrupt_pending().is_some() {
            return self.interrupt_apply(input, events);
        }
        match self.state.phase {
            Phase::Setup => self.setup_apply(input, events),
            Phase::TurnStart | Phase::PlayerTurnStart => self.turn_apply(input, events),
            Phase::Movement => self.movement_apply(input, events),
            Phase::Combat => self.combat_apply(input, events),
            Phase::GameOver => Err(RuleViolation::new("20.0", "the game is over")),
        }
    }

    /// Refuses a command naming a unit not in the roster or a hex not on the map.
    fn check_refs(&self, c: &Command) -> Result<(), RuleViolation> {
        let units = self.data.roster.units.len();
        let (mut units_ok, mut hexes_ok) = (true, true);
        c.for_each_ref(
            |u| units_ok &= (u.0 as usize) < units,
            |h| hexes_ok &= self.data.map.idx(h).is_some(),
        );
        if units_ok && hexes_ok {
            Ok(())
        } else {
            Err(RuleViolation::new(
                "2.0",
                "no such unit or hex in this game",
            ))
        }
    }

    /// What the table is waiting for.
    pub fn pending(&self) -> Pending85 {
        if let Some(p) = self.interrupt_pending() {
            return p;
        }
        match self.state.phase {
            Phase::Setup => self.setup_pending(),
            Phase::TurnStart | Phase::PlayerTurnStart => self.turn_pending(),
            Phase::Movement => self.movement_pending(),
            Phase::Combat => self.combat_pending(),
            Phase::GameOver => Pending::GameOver,
        }
    }

    // ---- the sequence of play [4.0] ------------------------------------------------------

    /// Set-up is complete: the first Game-Turn begins.
    pub(crate) fn begin_play(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        emit(
            events,
            event!(
                "3.0",
                "set-up complete; Game-Turn {} begins",
                self.state.turn
            ),
        )?;
        self.begin_game_turn(events)
    }

    /// Start of a Game-Turn: Honors of War, emergency reinforcements, air points (turn.rs).
    pub(crate) fn begin_game_turn(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.phase = Phase::TurnStart;
        self.state.phasing = WARSAW_PACT;
        self.turn_begin(events)
    }

    /// The start-of-turn procedures are done: the Warsaw Pact Player-Turn begins (or NATO's,
    /// when the scenario skips the first Warsaw Pact Player-Turn [21.31]).
    pub(crate) fn turn_start_done(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let sc = self.scenario();
        if sc.rules.skip_first_wp_turn && self.state.turn == sc.start_turn {
            emit(
                events,
                event!("21.31", "no Warsaw Pact Player-Turn on the first Game-Turn"),
            )?;
            return self.begin_player_turn(NATO, events);
        }
        self.begin_player_turn(WARSAW_PACT, events)
    }

    pub(crate) fn begin_player_turn(
        &mut self,
        side: crate::core::side::Side,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.phasing = side;
        self.state.phase = Phase::PlayerTurnStart;
        emit(
            events,
            event!("4.0", "{} Player-Turn", super::state::side_name(side)),
        )?;
        self.player_turn_begin(events)
    }

    /// Fire spread and other Player-Turn start checks are done: the Movement Phase begins.
    pub(crate) fn player_turn_start_done(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.phase = Phase::Movement;
        self.movement_begin(events)
    }

    pub(crate) fn end_movement_phase(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.phase = Phase::Combat;
        emit(events, event!("4.0", "Combat Phase"))?;
        self.combat_begin(events)
    }

    pub(crate) fn end_combat_phase(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.phasing == WARSAW_PACT {
            self.begin_player_turn(NATO, events)
        } else {
            self.end_game_turn(events)
        }
    }

    /// End of a Game-Turn: markers expire, victory is checked, the turn marker advances.
    pub(crate) fn end_game_turn(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.turn_end(events)? {
            self.state.phase = Phase::GameOver;
            return Ok(());
        }
        self.state.turn += 1;
        self.begin_game_turn(events)
    }

    /// Ends the game now (surrender [19.12], city control [20.1], last turn [20.0]).
    pub(crate) fn game_over(&mut self) {
        self.state.phase = Phase::GameOver;
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::movement::tests::start;
    use crate::berlin85::testkit::{hex, Board};
    use crate::core::hex::HexId;
    use crate::core::units::{UnitId, UnitKind};

    #[test]
    fn game_2_0_a_command_naming_no_such_unit_or_hex_is_refused_not_a_panic() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        let before = g.state.clone();
        for c in [
            Command::Move {
                unit: UnitId(9999),
                to: hex("0502"),
                underground: false,
            },
            Command::Move {
                unit: u,
                to: HexId::new(77, 3),
                underground: false,
            },
            Command::Exit { unit: UnitId(400) },
        ] {
            let r = g.apply(&Input::Command(c));
            assert_eq!(r.map(|_| ()).unwrap_err().case, "2.0");
            assert_eq!(g.state, before, "a refusal leaves the state unchanged");
        }
    }
}
