//! The series game state (issue 13): the turn machine (`css::command::turn::TurnState`), the
//! units on one map and the action bookkeeping of the chit being played
//! (`css::actions::Activation`), behind one `pending()` / `apply(input)`.
//!
//! A game (*Gates*) is a thin layer over it: its data is a [`SeriesData`] (command data, the
//! ground, the counters, the stand-in or printed charts) and its state a [`SeriesGame`].
//!
//! * **Inputs** ([`GameCommand`]): the turn machine's own commands, choices, draws and rolls go
//!   to `TurnState`; while a chit is played its units take actions ([`UnitCommand`]): Move one
//!   hex at a time and finish (`css::move_action`, S7.2, S7.7), Change Side (S7.7), direct Fire
//!   at a hex in range and sight resolved with one d10 (`css::fire`, S9.3), Rally (S11.11), the
//!   second-action TQC under a Division chit (S5.1.2), Hold (S5.2); `EndActivation` ends the chit
//!   and the turn machine goes on. Who may act and how often is `Activation::begin` (S5.1).
//! * **Rolls are inputs**: a Fire, a Rally or a second-action TQC waits in a `Pending::Roll`.
//! * **Stacking** (S6): a move may pass through or end in an over-stacked hex (S6.3); at step
//!   2D-c ([`board`]) the over-stacking and mixed-formation DGs are given by
//!   `css::command::stacking_step::run_2d_c`; enemies never share a hex (S6.5, the movement
//!   module refuses the step). When formations tie in a hex the owner names the one spared
//!   ([`UnitCommand::Spare`], S6.4) before the chit can end.
//! * **Refusals** cite their case and change nothing: [`SeriesGame::apply`] works on a copy and
//!   keeps it only when the input is accepted (no heap: the state is `heapless`).
//!
//! * **Opportunity fire** ([`opfire`], S9.11): each hex entered, a change of side, a direct
//!   fire (S9.11.4: after it is resolved) and an assault's declaration (S10.2) pause play while
//!   the other player picks, unit by unit, who fires at the trigger hex (`Pending::Choose`, then
//!   the d10); a mover that the fire marks stops there (S7.2.2).
//! * **Assault and charge** ([`assault`], S10): the declaration, the defensive fire, both
//!   sides' d10s, the defenders' TQCs on a +1/+2, the results with rout (S11.8: to the Routed
//!   box along a rout path, captured without one) and the advance (S10.6); a charge is one TQC.
//!
//! Not integrated yet (the blocks exist, the exclusive layer brings them): leaders, support
//! weapons, supply chits, indirect fire, night and weather modifiers, and markers on the ground
//! (`NoMarkers`: no smoke, rubble or fortifications).

mod actions;
mod arrivals;
mod assault;
mod board;
mod checks;
mod legal;
mod opfire;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_assault;
#[cfg(test)]
mod tests_legal;
#[cfg(test)]
mod tests_light;

use crate::core::faces::Face;
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Case, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::actions::{Action, Activation};
use crate::css::assault::{AssaultCharts, AssaultResult, Declaration, MAX_ATTACKERS};
use crate::css::command::turn::{Choice, Command, Event, TurnState, What};
use crate::css::command::CommandData;
use crate::css::counter::Counter;
use crate::css::fire::{FireCharts, FireMarkers, FireResult};
use crate::css::morale::{Condition, Fate, Status, TqModifiers, Tqc};
use crate::css::scenario::Victory;
use crate::css::sight::SightChart;
use crate::css::stacking::{may_place, Piece, StackingChart, MAX_HEX_PIECES};
use crate::css::terrain::{Ground, Part};
use serde::{Deserialize, Serialize};

pub use actions::PendingFire;
pub use assault::PendingAssault;
pub use board::StackingNow;
pub use legal::MAX_LEGAL;
pub use opfire::OpFire;

/// Units named by one action (a stack acting together, S5.1.3; a fire group, S9.4).
pub const MAX_GROUP: usize = crate::css::fire::MAX_GROUP;
/// The units of one action.
pub type Group = heapless::Vec<UnitId, MAX_GROUP>;
/// Formations spared by the owner's pick in tied hexes (S6.4), per chit.
pub const MAX_SPARED: usize = 16;

/// A unit's action during an activation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitCommand {
    /// Enter the adjacent hex `to` (S7.2): the first step begins the Move action of `units`
    /// (one hex's units on one side, S5.1.3, S7.2.1), later ones continue it.
    Move { units: Group, to: HexId },
    /// End the Move action under way, with a change of side at the end if asked (S7.7).
    FinishMove { change_side: bool },
    /// The Change Side action in place (S5.2, S7.7).
    ChangeSide { units: Group },
    /// A direct Fire action at `target` (S9.3); the d10 follows as a `Pending::Roll`.
    Fire { units: Group, target: HexId },
    /// The Rally action (S11.11); the TQC follows as a `Pending::Roll`.
    Rally { unit: UnitId },
    /// Under a Division chit, the TQC for a second action (S5.1.2); a `Pending::Roll` follows.
    SecondActionCheck { unit: UnitId },
    /// The Hold action: the units are done (S5.2).
    Hold { units: Group },
    /// S6.4: in `hex`, where formations tie for the most units, spare `formation`.
    Spare { hex: HexId, formation: u16 },
    /// An Assault on the adjacent enemy hex `target` (S10.1), by units of one or more hexes
    /// next to it; the defensive fire, the rolls and the results follow (S10.2–S10.5).
    Assault { units: Group, target: HexId },
    /// A Charge by every unit of one hex on the adjacent enemy hex `target` (S10.7.1);
    /// `checker` takes the TQC (S10.7.2), whose d10 follows as a `Pending::Roll`.
    Charge {
        units: Group,
        target: HexId,
        checker: UnitId,
    },
    /// S10.6: after an assault or charge that emptied the hex, these attackers advance into
    /// it (none: they stay).
    Advance { units: Group },
}

/// One input of the series game.
impl UnitCommand {
    /// The units the command is given to: the party of a move, fire, assault, charge, change
    /// of side, hold or advance, the unit of a rally or TQC; none for the end of a move (its
    /// party is the move's under way) and an S6.4 pick (a hex's formation).
    pub fn units(&self) -> Group {
        match self {
            UnitCommand::Move { units, .. }
            | UnitCommand::ChangeSide { units }
            | UnitCommand::Fire { units, .. }
            | UnitCommand::Hold { units }
            | UnitCommand::Assault { units, .. }
            | UnitCommand::Charge { units, .. }
            | UnitCommand::Advance { units } => units.clone(),
            UnitCommand::Rally { unit } | UnitCommand::SecondActionCheck { unit } => {
                core::iter::once(*unit).collect()
            }
            UnitCommand::FinishMove { .. } | UnitCommand::Spare { .. } => Group::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameCommand {
    Turn(Command),
    Unit(UnitCommand),
    /// Step 1C: an arriving unit (S18.1) or one that passed its return check (S11.10) enters
    /// the map at `hex`.
    Place {
        unit: UnitId,
        hex: HexId,
    },
}

/// A unit on the board (its printed values are its [`Counter`], by `id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub id: UnitId,
    /// `None`: off the map (eliminated, captured or routed).
    pub hex: Option<HexId>,
    pub part: Part,
    pub face: Face,
    pub cond: Condition,
    pub fire: FireMarkers,
    /// In its division's Routed box (S11.8.3).
    pub routed: bool,
    /// Eliminated (S11.12) or captured (S11.7).
    pub removed: Option<Fate>,
}

/// What the game waits for beyond the turn machine's own pendings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Commands: the turn's pending.
    Idle,
    /// A Move action under way (S7.2): `face` and `part` are the side and the part of a
    /// divided hex the party started on; `ferry_ready`, it had been in its hex since before
    /// the activation (exclusive 2.2.5).
    Moving {
        units: Group,
        face: Face,
        part: Part,
        ferry_ready: bool,
        mv: crate::css::move_action::Move,
    },
    /// The d10 of a declared Fire action (S9.3.2).
    FireRoll { units: Group, target: HexId },
    /// The TQC of a Rally action (S11.11).
    RallyRoll { unit: UnitId },
    /// The second-action TQC (S5.1.2).
    TqcRoll { unit: UnitId },
    /// A declared assault (S10.1): its defensive fire (S10.2), then the attacker's and the
    /// defender's d10 (S10.4), then on a +1/+2 a TQC roll for each defender (S10.5).
    Assault {
        decl: Declaration,
        attacker_roll: Option<u8>,
        defender_roll: Option<u8>,
        result: Option<AssaultResult>,
        checks: heapless::Vec<u8, { crate::css::assault::MAX_DEFENDERS }>,
    },
    /// The TQC of a declared charge (S10.7.2).
    ChargeRoll {
        units: Group,
        target: HexId,
        checker: UnitId,
    },
    /// S10.6: `target` was emptied; the `eligible` attackers may advance into it.
    Advance {
        target: HexId,
        eligible: heapless::Vec<UnitId, MAX_ATTACKERS>,
    },
}

/// The data of a series game (not saved: it comes from the game's data).
pub struct SeriesData<'a, const H: usize, const P: usize> {
    pub command: &'a CommandData,
    pub ground: Ground<'a, H, P>,
    /// The counters, indexed by `UnitId`.
    pub counters: &'a [Counter],
    pub fire: &'a FireCharts,
    pub tq: TqModifiers,
    pub stacking: StackingChart,
    pub sight: SightChart,
    /// Tables S10.4-T and S10.5-T.
    pub assault: &'a AssaultCharts,
    /// S11.8.2: the friendly map-edge and entry hexes a routing unit of each side may reach.
    pub rout_exits: &'a [(Side, HexId)],
}

impl<const H: usize, const P: usize> SeriesData<'_, H, P> {
    pub fn counter(&self, u: UnitId) -> Result<&Counter, RuleViolation> {
        self.counters
            .get(u.0 as usize)
            .ok_or(RuleViolation::new("S2.2", "no such unit in the game"))
    }
}

/// What happened to a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitWhat {
    Began(Action),
    Entered(HexId),
    Face(Face),
    Fired {
        target: HexId,
        raw: u8,
    },
    Hit {
        column: i16,
        result: FireResult,
        status: Status,
        lost: u8,
    },
    Removed(Fate),
    Rallied(Status),
    Checked(Tqc),
    Spared {
        hex: HexId,
        formation: u16,
    },
    /// An assault on `target` was decided (S10.4, S10.5): both totals and the result.
    Assaulted {
        target: HexId,
        attacker: i16,
        defender: i16,
        result: AssaultResult,
    },
    /// An assault ended before its rolls: every attacker dropped out under fire (S10.2).
    AssaultOver {
        target: HexId,
    },
    /// The charge's TQC (S10.7.2).
    Charged {
        target: HexId,
        check: Tqc,
    },
    /// Routed along a rout path to its division's Routed box (S11.8.3).
    Routed,
}

/// An event of the series game, with its case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEvent {
    Turn(Event),
    Unit {
        case: Case,
        unit: UnitId,
        what: UnitWhat,
    },
}

/// The state of a series game: the turn, the units, the chit's actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesGame<const U: usize> {
    pub turn: TurnState,
    pub units: heapless::Vec<UnitState, U>,
    /// The bookkeeping of the chit being played (S5.1), `None` between chits.
    pub activation: Option<Activation>,
    pub stage: Stage,
    /// The owner's picks of the formation spared in tied hexes (S6.4), for this chit.
    pub spared: heapless::Vec<(HexId, u16), MAX_SPARED>,
    /// An opportunity-fire pause (S9.11.3): while it is open it is all the game asks.
    pub op: Option<OpFire>,
    /// Set only on the throwaway copies `legal_unit_commands` tries commands on: whether the
    /// enemy may answer (the LOS of every unit in range) does not decide whether a command is
    /// legal, so no window is opened there. Never saved; always false in a game.
    #[serde(skip)]
    pub(super) probing: bool,
}

impl<const U: usize> SeriesGame<U> {
    /// The game with every counter of `data` placed as `setup` says (unit `i` of the list is
    /// `UnitId(i)`): within the stacking limit, never with the enemy (S6.1, S6.5).
    pub fn new<const H: usize, const P: usize>(
        data: &SeriesData<'_, H, P>,
        turn: TurnState,
        setup: &[(HexId, Face)],
    ) -> Result<Self, RuleViolation> {
        if setup.len() != data.counters.len() {
            return refuse("S2.2", "every counter is placed");
        }
        let mut g = Self::off_map(data, turn)?;
        for (i, (hex, face)) in setup.iter().enumerate() {
            g.set_up(data, UnitId(i as _), *hex, *face, Status::None)?;
        }
        g.start_activation()?;
        Ok(g)
    }

    /// The game of a scenario's set-up (S21.3 item 5): the units it names on the map, with
    /// their side of the counter and status; every other counter of `data` is off the map
    /// (not in this scenario, or on the Turn Record Track until it arrives, S18.1).
    pub fn from_setup<const H: usize, const P: usize>(
        data: &SeriesData<'_, H, P>,
        turn: TurnState,
        setup: &[crate::css::scenario::SetUp],
    ) -> Result<Self, RuleViolation> {
        let mut g = Self::off_map(data, turn)?;
        for s in setup {
            if data.counter(s.unit)?.side != s.side {
                return refuse("S21.3", "a set-up entry names the unit's own side");
            }
            if g.units[s.unit.0 as usize].hex.is_some() {
                return refuse("S21.3", "each unit is set up once");
            }
            let face = if s.column {
                crate::css::movement::COLUMN
            } else {
                crate::css::movement::DEPLOYED
            };
            g.set_up(data, s.unit, s.hex, face, s.status)?;
        }
        g.follow_hqs(data);
        g.start_activation()?;
        Ok(g)
    }

    /// Every counter of `data`, fresh and off the map.
    fn off_map<const H: usize, const P: usize>(
        data: &SeriesData<'_, H, P>,
        turn: TurnState,
    ) -> Result<Self, RuleViolation> {
        let mut g = SeriesGame {
            turn,
            units: heapless::Vec::new(),
            activation: None,
            stage: Stage::Idle,
            spared: heapless::Vec::new(),
            op: None,
            probing: false,
        };
        for (i, c) in data.counters.iter().enumerate() {
            g.units
                .push(UnitState {
                    id: UnitId(i as _),
                    hex: None,
                    part: Part::First,
                    face: crate::css::movement::COLUMN,
                    cond: c.fresh(),
                    fire: FireMarkers::default(),
                    routed: false,
                    removed: None,
                })
                .map_err(|_| RuleViolation::new("engine", "too many units"))?;
        }
        Ok(g)
    }

    /// Sets `id` up in `hex` on `face` with `status`: on the map, within the stacking limit,
    /// never with the enemy (S2.2, S6.1, S6.5).
    fn set_up<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        id: UnitId,
        hex: HexId,
        face: Face,
        status: Status,
    ) -> Result<(), RuleViolation> {
        let c = data.counter(id)?;
        if data.ground.map.idx(hex).is_none() {
            return refuse("S2.2", "a unit is placed on the map");
        }
        let present = self.pieces_in(data, hex)?;
        may_place(&data.stacking, false, &present, &[c.piece(id)])?;
        let u = &mut self.units[id.0 as usize];
        u.hex = Some(hex);
        u.face = face;
        u.cond.status = status;
        Ok(())
    }

    /// Is `u` part of the scenario's game: on the map, in a Routed box, eliminated or
    /// captured, or due to arrive (on the Turn Record Track or arriving now, S18.1, S18.3)?
    /// A countermix unit the scenario does not use is none of these.
    pub fn in_game(&self, u: UnitId) -> bool {
        let t = &self.turn;
        self.units
            .get(u.0 as usize)
            .is_some_and(|s| s.hex.is_some() || s.routed || s.removed.is_some())
            || t.turn_track.is_held(u)
            || t.arriving.iter().any(|a| a.unit == u)
            || t.returning.iter().any(|r| r.unit == u)
    }

    pub fn unit(&self, u: UnitId) -> Result<&UnitState, RuleViolation> {
        match self.units.get(u.0 as usize) {
            Some(s) if s.hex.is_some() => Ok(s),
            Some(_) => refuse("S5.1", "the unit is not on the map"),
            None => refuse("S2.2", "no such unit in the game"),
        }
    }

    /// The units on the map in `hex`.
    pub fn in_hex(&self, hex: HexId) -> impl Iterator<Item = &UnitState> + '_ {
        self.units.iter().filter(move |u| u.hex == Some(hex))
    }

    /// The stacking pieces in `hex` (S6.2).
    pub fn pieces_in<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
        hex: HexId,
    ) -> Result<heapless::Vec<Piece, MAX_HEX_PIECES>, RuleViolation> {
        let mut out = heapless::Vec::new();
        for u in self.in_hex(hex) {
            out.push(data.counter(u.id)?.piece(u.id))
                .map_err(|_| RuleViolation::new("engine", "too many pieces in a hex"))?;
        }
        Ok(out)
    }

    /// What the game waits for.
    pub fn pending<const H: usize, const P: usize>(
        &self,
        data: &SeriesData<'_, H, P>,
    ) -> Pending<Choice> {
        let owner = |u: UnitId| data.counter(u).map_or(data.command.initiative, |c| c.side);
        if let Some(op) = &self.op {
            return op.pending();
        }
        match &self.stage {
            Stage::FireRoll { units, .. } => {
                crate::css::fire::fire_roll(owner(units[0]), crate::css::fire::FireKind::Direct)
            }
            Stage::RallyRoll { unit } => {
                crate::css::morale::tqc_roll(owner(*unit), "TQC to rally", "S11.11")
            }
            Stage::TqcRoll { unit } => {
                crate::css::morale::tqc_roll(owner(*unit), "TQC for a second action", "S5.1.2")
            }
            Stage::Assault { .. } => self.assault_pending(data),
            Stage::ChargeRoll { checker, .. } => {
                crate::css::morale::tqc_roll(owner(*checker), "TQC to charge", "S10.7.2")
            }
            Stage::Idle | Stage::Moving { .. } | Stage::Advance { .. } => {
                self.turn.pending(data.command)
            }
        }
    }

    /// Applies one input; a refusal cites its case and leaves the game as it was.
    pub fn apply<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        victory: &impl Victory,
        input: &Input<GameCommand>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let mark = events.len();
        let mut next = self.clone();
        match next.apply_inner(data, victory, input, events) {
            Ok(()) => {
                *self = next;
                Ok(())
            }
            Err(v) => {
                events.truncate(mark);
                Err(v)
            }
        }
    }

    fn apply_inner<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        victory: &impl Victory,
        input: &Input<GameCommand>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        if self.op.is_some() {
            return self.op_input(data, input, events);
        }
        let rolling = !matches!(
            self.stage,
            Stage::Idle | Stage::Moving { .. } | Stage::Advance { .. }
        );
        match input {
            Input::Rolled(r) if rolling => self.roll(data, r, events),
            _ if rolling => {
                let case = match self.pending(data) {
                    Pending::Roll { case, .. } => case,
                    _ => "S1.3",
                };
                refuse(case, "the roll of the action is awaited")
            }
            Input::Command(GameCommand::Unit(c)) => self.unit_command(data, c, events),
            Input::Command(GameCommand::Place { .. }) if !matches!(self.stage, Stage::Idle) => {
                refuse(
                    "S18.1",
                    "units enter the map in the Reinforcement Phase (step 1C)",
                )
            }
            Input::Command(GameCommand::Place { unit, hex }) => {
                self.place(data, *unit, *hex, events)
            }
            _ if matches!(self.stage, Stage::Moving { .. }) => {
                refuse("S7.2", "the Move action under way ends first")
            }
            _ if matches!(self.stage, Stage::Advance { .. }) => {
                refuse("S10.6", "the attackers advance, or not, first")
            }
            Input::Command(GameCommand::Turn(c)) => {
                self.turn_input(data, victory, &Input::Command(*c), events)
            }
            Input::Rolled(r) => self.turn_input(data, victory, &Input::Rolled(r.clone()), events),
            Input::Drew(i) => self.turn_input(data, victory, &Input::Drew(*i), events),
            Input::Chose(i) => self.turn_input(data, victory, &Input::Chose(*i), events),
        }
    }

    /// An input of the turn machine; step 2D-c on the board when it ends a chit's play
    /// (S3.3.4 c), the End Phase's marker removal (S3.7.3), and the next chit's bookkeeping.
    fn turn_input<const H: usize, const P: usize>(
        &mut self,
        data: &SeriesData<'_, H, P>,
        victory: &impl Victory,
        input: &Input<Command>,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let mut tev: Events<Event> = Events::new();
        self.turn
            .apply_with(data.command, victory, input, &mut tev)?;
        let ended = tev.iter().find_map(|e| match e.what {
            What::ActivationEnds(chit) => Some(chit),
            _ => None,
        });
        if let Some(chit) = ended {
            self.end_chit(data, chit, &mut tev)?;
        }
        self.follow_turn(data, &tev);
        if tev.iter().any(|e| matches!(e.what, What::EndPhase(_))) {
            // S3.7.3: Fired and Op Fire markers go in the End Phase.
            for u in self.units.iter_mut() {
                u.fire.end_phase();
            }
        }
        for e in &tev {
            crate::core::protocol::emit(events, GameEvent::Turn(*e))?;
        }
        self.start_activation()
    }

    /// Opens the bookkeeping of the chit the turn plays now, if a new one is being played.
    fn start_activation(&mut self) -> Result<(), RuleViolation> {
        if self.activation.is_none() && self.turn.active_chit().is_some() {
            self.activation = Some(Activation::start(&self.turn)?);
        }
        Ok(())
    }

    /// A game's rule ends it at once (S3.7.2; *Gates* 10.1): nothing is left under way.
    pub fn end_now(
        &mut self,
        verdict: crate::css::scenario::Verdict,
        case: Case,
        events: &mut Events<GameEvent>,
    ) -> Result<(), RuleViolation> {
        let mut tev: Events<Event> = Events::new();
        self.turn.sudden_end(verdict, case, &mut tev)?;
        self.activation = None;
        self.stage = Stage::Idle;
        self.op = None;
        for e in &tev {
            crate::core::protocol::emit(events, GameEvent::Turn(*e))?;
        }
        Ok(())
    }

    fn emit_unit(
        events: &mut Events<GameEvent>,
        case: Case,
        unit: UnitId,
        what: UnitWhat,
    ) -> Result<(), RuleViolation> {
        crate::core::protocol::emit(events, GameEvent::Unit { case, unit, what })
    }
}
