//! The Fortress Berlin game: `Game { data, state }`, its commands, choices and events, and the
//! sequence of play (4.0–4.3) as a state machine. Each turn is a German player-turn (4.1) and
//! a Soviet one (4.2), each of a reinforcement, recovery, movement and combat segment, then the
//! end of the turn (4.3); the game ends after the scenario's last turn (4.0).
//!
//! `apply` works on a copy and puts nothing back on a refusal, so a refused input leaves the
//! state byte for byte as it was. The engine never rolls: a close assault waits in
//! `Pending::Roll` for the table's 2d6 (8.1). Choices (over-stacked losses 3.1.4, the defender's
//! losses and retreat 8.6/8.7, the attacker's exchange and disrupted stack 8.6) are
//! `Pending::Choose` whose options are worked out afresh from the state.
//!
//! Modules: `sequence` (segments, turns, the end of a segment), `reinforcement` (arrivals,
//! withdrawals and exits, 5.0–5.4, 7.1.2, 14.0, 15.0), `victory` (the VP track, captured
//! fortifications, Hitler and the end of the game, 10.2, 11.1, 12.0), `volkssturm` (5.5,
//! 11.2.3, 13.6.1), `naval` (13.7), `air` (5.6, 11.4), `desertion` (11.2.1, 11.2.2),
//! `assault` (the combat segment's close assault from announcement to the retreat), `advance`
//! (8.9, 8.10), `event`.

mod advance;
mod air;
mod assault;
mod combatants;
mod desertion;
mod event;
mod fire;
mod gun_fire;
#[cfg(test)]
mod leader_tests;
pub mod leaders;
mod naval;
mod players;
mod reinforcement;
#[cfg(test)]
mod reinforcement_tests;
mod sequence;
mod setup;
#[cfg(test)]
mod setup_tests;
#[cfg(test)]
mod special_tests;
mod support;
#[cfg(test)]
mod tests;
mod ubahn;
#[cfg(test)]
mod ubahn_tests;
#[cfg(test)]
mod variant_tests;
mod victory;
#[cfg(test)]
mod victory_tests;
mod volkssturm;

pub use assault::{Aftermath, Announced, Stage};
pub use event::Event;
pub use fire::reveals;
pub use players::{GermanRoles, Winners};
pub use reinforcement::Listing;
pub use setup::{HAVEL_BRIDGES, MAX_SETUP_DRAW};
pub use ubahn::{next_stations, stops, underground_at};
pub use victory::{Ending, Outcome, Victory, HITLER_NAME, REICHSTAG};

use super::board::{self, Options, SegmentKind};
use super::data::{GameData, Placement};
use super::{facing, fog, force, modes, terrain};
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::stack::MAX_STACK;
use crate::core::units::UnitId;
use serde::{Deserialize, Serialize};

/// The units of one force (3.1.1).
pub type Force = heapless::Vec<UnitId, MAX_STACK>;
/// Units that may join one close assault from up to six hexes (8.4.1).
pub const MAX_ASSAULTERS: usize = 16;
pub type Assaulters = heapless::Vec<UnitId, MAX_ASSAULTERS>;

/// What a player does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// The phasing player ends the current segment (4.1, 4.2).
    EndSegment,
    /// A force steps into an adjacent hex, paying the Terrain Effects Chart (3.1.4, 7.1).
    Move { units: Force, to: HexId },
    /// The player lets go of a force: it is done for the segment (7.1.1).
    Release { units: Force },
    /// A unit changes mode (3.3.3); `facing` if it turns to maneuver mode alone in its hex.
    ChangeMode { unit: UnitId, facing: Dir },
    /// The maneuver-mode units of a force turn to face `dir` (3.4.2).
    Face { hex: HexId, dir: Dir },
    /// The owner puts a unit on top of its force, the one the enemy sees (3.1.5).
    Top { unit: UnitId },
    /// A close assault on `target` (8.4): announced, then resolved with the table's 2d6.
    Assault {
        attackers: Assaulters,
        target: HexId,
    },
    /// A bombardment of `target` (8.2), or with `mixed` a mixed bombardment (8.2.1).
    Bombard {
        firers: Assaulters,
        target: HexId,
        mixed: bool,
    },
    /// Direct gun fire by `firers` at the enemy unit `target` (4.1.4 step 2, 8.3).
    GunFire { firers: Assaulters, target: UnitId },
    /// A withdrawing force leaves the map from one of its listed edge hexes (5.2).
    Exit { units: Force },
    /// The Hitler player's command shuffle (17.3.1–17.3.3): `holder[i]` is the German player
    /// who takes role `players::GERMAN_ROLES[i]`.
    Shuffle { holder: [u8; 4] },
    /// The German player has Hitler try to take his own life (11.1.2): a die follows.
    Suicide,
    /// The German disbands an immobile flak unit for a Volkssturm unit drawn from the cup
    /// (13.6.1).
    Disband { unit: UnitId },
    /// An air strike on `target` (11.4): announced, then the table's 2d6.
    AirStrike {
        target: HexId,
        /// In the three- to six-player games, the Soviet front calling the strike (17.2).
        #[serde(default)]
        by: Option<super::counters::Front>,
    },
    /// The German sets a unit up before play (13.0–13.6) in the mode he picks (3.3.3), facing
    /// a hexside in maneuver mode (3.4).
    Place(Placement),
    /// The German takes a unit he set up back off the map (13.0).
    TakeBack { unit: UnitId },
    /// The German's set-up is complete (13.0): play begins (4.1).
    SetUpDone,
    /// A unit goes down into the U-Bahn at the station `at`, its own hex or an adjacent one it
    /// steps into (17.1, 17.1.1).
    UbahnDown { unit: UnitId, at: HexId },
    /// A unit underground rides to the station `to` along the lines, 1 MP a station (17.1.2).
    UbahnRide { unit: UnitId, to: HexId },
    /// A unit underground comes up at its station (17.1.2).
    UbahnUp { unit: UnitId },
    /// The German has a leader try to flee Berlin (17.4.2): a die follows.
    Flee { leader: UnitId },
    /// The German has a leader (or Hitler) try to take his own life (17.4.2): a die follows.
    LeaderSuicide { leader: UnitId },
    /// The Soviet moves a leader who defected to him one hex (17.4.3).
    LeaderMove { leader: UnitId, to: HexId },
}

/// One option of a pending choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    Unit(UnitId),
    Hex(HexId),
    /// End a retreat that has gone its least length (8.7).
    Stop,
    /// Retreat off the map from the map-edge hex the force stands in (8.7.1).
    OffMap,
}

/// What the table waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waiting {
    /// The phasing player's commands.
    Commands,
    /// Forces over the limit at the end of a segment: their owners pick the losses (3.1.4).
    StackLosses { then: SegmentKind },
    /// The 2d6 of an announced close assault or bombardment (8.1, 8.2.4, 8.4.2).
    AssaultRoll(Announced),
    /// What the result obliges, one choice at a time (8.6, 8.7).
    Aftermath(Aftermath),
    /// One die the rules ask for outside combat (5.5, 11.1.2, 11.1.3, 11.2.1).
    Die(DieFor),
    /// `left` more Volkssturm units to be drawn blind from the cup (5.5, 11.2.3); for a
    /// disbanded flak unit, `ministry` (13.6.1).
    Draw { left: u8, ministry: bool },
    /// The German picks the Volkssturm unit that runs away (5.5).
    VolkssturmFlees,
    /// One naval battalion to be drawn blind from its pile (13.7).
    DrawNaval,
    /// The Soviet picks the unit that leaves in place of this eliminated listed one (5.1).
    Substitute(UnitId),
    /// The game has ended (4.0, 11.1.4, 12.0).
    GameOver,
    /// `left` more Volkssturm units to be drawn for the set-up (13.6, 11.2.3).
    SetUpDraw { left: u8 },
    /// The German sets up (13.0–13.6).
    SetUp,
    /// `side` names the HQs that add their Support Fire to the close assault announced
    /// (3.5.2, 8.4.2 step 1): the attacker first, then the defender.
    Support { side: Side },
    /// The defender's gun fire at the announced assault's attackers (8.3.5, 8.4.2 step 2):
    /// `firers` picked so far for the next volley, at `target` once it is named.
    DefensiveFire {
        firers: Assaulters,
        target: Option<UnitId>,
    },
    /// Hitler's birthday (17.4.9): the leaders drawn blind from the cup before play.
    Birthday,
}

/// What a single die outside combat decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DieFor {
    /// Hitler's suicide attempt (11.1.2).
    Suicide,
    /// Whether a Waffen SS or Volkssturm unit deserts after Hitler's death (11.1.3).
    Desertion(UnitId),
    /// Whether a Plant Protection Battalion runs away as the Soviets come near (11.2.1).
    PpbDesertion(UnitId),
    /// The Volkssturm check of the German order of appearance (5.5, 14.0).
    Volkssturm,
    /// The naval infantry check (13.7, 14.0).
    Naval,
    /// Whether a naval battalion lands safely on the Tiergarten road (13.7.1).
    NavalLanding(UnitId),
    /// The phasing player's airpower, two dice on the Air Strike Table (5.6, 11.4).
    Airpower,
    /// Does the leader flee Berlin (17.4.2)?
    Flight(UnitId),
    /// A leader's suicide attempt (17.4.2).
    LeaderSuicide(UnitId),
    /// The defectors at Hitler's bunker try to kill him (17.4.3).
    Assassination,
}

/// Everything that changes in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub board: board::State,
    pub last_turn: u8,
    pub waiting: Waiting,
    /// Hexes close assaulted this combat segment, and units that took part (8.3.4: one
    /// combat per unit a segment).
    pub assaulted: heapless::Vec<HexId, MAX_COMBATS>,
    pub fought: heapless::Vec<UnitId, MAX_FOUGHT>,
    /// Hexes bombarded this combat segment (8.2: once a hex).
    pub bombarded: heapless::Vec<HexId, MAX_COMBATS>,
    /// The force the phasing player has his hand on in the movement segment (7.1.1).
    pub in_hand: Force,
    /// Victory points, Hitler's fate and the end of the game (11.1, 12.0).
    pub victory: Victory,
    /// Plant Protection Battalions that have made their one roll (11.2.1).
    pub ppb_checked: heapless::Vec<UnitId, { desertion::MAX_PPB }>,
    /// Volkssturm units drawn from the cup and not yet placed (5.5).
    pub vs_drawn: heapless::Vec<UnitId, { volkssturm::MAX_DRAWN }>,
    /// The drawn unit that goes on or next to the Air Ministry, and the last turn a flak unit
    /// was disbanded (13.6.1).
    pub vs_at_ministry: Option<UnitId>,
    pub disbanded: Option<u8>,
    /// The naval battalion drawn and not yet placed (13.7).
    pub naval_drawn: Option<UnitId>,
    /// The last turns the Volkssturm (5.5) and naval infantry (13.7) checks were made.
    pub vs_checked: Option<u8>,
    pub naval_checked: Option<u8>,
    /// A German SS unit has fought: the Hitler Youth may move from now on (11.2.2).
    pub ss_engaged: bool,
    /// The last airpower roll (turn and side) and the air strikes left to the phasing player
    /// this player-turn (5.6, 11.4).
    pub air_checked: Option<(u8, Side)>,
    pub air_strikes: u8,
    /// The air strikes the phasing player received at his roll, and those each Soviet front
    /// (Zhukov, Koniev) has called of them (17.2: shared, the odd one Zhukov's).
    #[serde(default)]
    pub air_received: u8,
    #[serde(default)]
    pub air_called: [u8; 2],
    /// The hex of the combat segment's latest close assault, until another combat is
    /// announced: a close assault that empties Hitler's hex takes him (11.1.4, 11.1.5).
    pub last_assault: Option<HexId>,
    /// Volkssturm units drawn for the set-up (13.6), until it is done.
    pub setup_drawn: heapless::Vec<UnitId, { setup::MAX_SETUP_DRAW }>,
    /// The phasing player has fired direct gun fire this combat segment: its bombardments
    /// are over (4.1.4 steps 1 and 2).
    #[serde(default)]
    pub gun_fired: bool,
    /// Soviet units that retreated off the map and come back next turn at the lettered entry
    /// area closest to where they left (8.7.1).
    #[serde(default)]
    pub returning: heapless::Vec<Returning, MAX_RETURNING>,
    /// Soviet Army HQs whose off-board artillery has struck this turn (11.3: once a turn).
    #[serde(default)]
    pub barrages: heapless::Vec<UnitId, 16>,
    /// The German roles and their holders (17.3).
    #[serde(default)]
    pub roles: GermanRoles,
    /// The Soviet fronts that have gun-fired at or assaulted each hex this combat segment, the
    /// front of the latest close assault, and the front that took Hitler or the objective
    /// (17.2).
    #[serde(default)]
    pub front_attacks: heapless::Vec<(HexId, super::counters::Front), MAX_COMBATS>,
    #[serde(default)]
    pub last_assault_front: Option<super::counters::Front>,
    #[serde(default)]
    pub capturer: Option<super::counters::Front>,
    /// The close assault announced and not yet rolled, while Support Fire is named and the
    /// defender's guns fire (3.5.2, 8.3.5, 8.4.2 steps 1 and 2).
    #[serde(default)]
    pub suspended: Option<Announced>,
    /// The leaders of the Character Game (17.4).
    pub leaders: leaders::Leaders,
}

/// A choice for `player` among `options`, for `purpose` under `case`: the one way every
/// pending choice of the game is put (options beyond the protocol's capacity are dropped, never
/// a panic).
pub(super) fn choose(
    player: Side,
    purpose: &'static str,
    case: crate::core::protocol::Case,
    options: impl IntoIterator<Item = Choice>,
) -> Pending<Choice> {
    let mut list = heapless::Vec::new();
    for c in options {
        if list.push(c).is_err() {
            break;
        }
    }
    Pending::Choose {
        player,
        purpose,
        case,
        options: list,
    }
}

/// A Soviet unit off the map after a retreat, and the entry area it comes back by (8.7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Returning {
    pub unit: UnitId,
    /// The game turn it may enter again.
    pub turn: u8,
    /// The entry area's letter (`b'A'` …).
    pub letter: u8,
}

/// Units off the map at once after retreats (a stand-in capacity).
pub const MAX_RETURNING: usize = 32;

/// Close assaults one combat segment may hold (a stand-in capacity).
pub const MAX_COMBATS: usize = 64;
/// Units that may fight in one combat segment (a stand-in capacity).
pub const MAX_FOUGHT: usize = 256;

/// A game being played on `data`.
#[derive(Clone, Debug)]
pub struct Game<'d> {
    pub data: &'d GameData,
    pub state: State,
}

/// Why a game could not be set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameError {
    NoSuchScenario,
    /// The set-up breaks a rule (its case and reason).
    Setup(RuleViolation),
}

impl core::fmt::Display for NewGameError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NewGameError::NoSuchScenario => write!(f, "no such scenario"),
            NewGameError::Setup(v) => write!(f, "set-up refused: {v}"),
        }
    }
}

impl<'d> Game<'d> {
    /// A new game of `scenario`: the German set-up placed (13.0), turn 1, the German
    /// reinforcement segment (4.1.1) waiting for commands.
    pub fn new(data: &'d GameData, scenario: &str, options: Options) -> Result<Self, NewGameError> {
        let s = data
            .scenario(scenario)
            .ok_or(NewGameError::NoSuchScenario)?;
        let mut b = board::State::new(&data.forces);
        b.options = options;
        for p in &s.setup {
            b.place(&data.forces, p.unit, p.hex, p.face, p.facing)
                .map_err(NewGameError::Setup)?;
        }
        super::stacking::over_stacked::<1>(&data.forces, &b)
            .first()
            .map_or(Ok(()), |l| {
                Err(NewGameError::Setup(RuleViolation::new(
                    l.case,
                    "the set-up is over the stacking limit",
                )))
            })?;
        let mut game = Game {
            data,
            state: State {
                board: b,
                last_turn: s.last_turn,
                waiting: Waiting::Commands,
                assaulted: heapless::Vec::new(),
                fought: heapless::Vec::new(),
                bombarded: heapless::Vec::new(),
                in_hand: Force::new(),
                // 16.0: agreeing to a variant gives the Soviet its bonus from the start.
                victory: Victory {
                    soviet: options.variant_bonus_vp(),
                    ..Victory::default()
                },
                ppb_checked: heapless::Vec::new(),
                vs_drawn: heapless::Vec::new(),
                vs_at_ministry: None,
                disbanded: None,
                naval_drawn: None,
                vs_checked: None,
                naval_checked: None,
                ss_engaged: false,
                air_checked: None,
                air_strikes: 0,
                air_received: 0,
                air_called: [0; 2],
                last_assault: None,
                setup_drawn: heapless::Vec::new(),
                gun_fired: false,
                suspended: None,
                returning: heapless::Vec::new(),
                roles: GermanRoles::START,
                barrages: heapless::Vec::new(),
                front_attacks: heapless::Vec::new(),
                last_assault_front: None,
                capturer: None,
                leaders: leaders::Leaders::default(),
            },
        };
        // 13.0: the German sets up what the scenario leaves to him, then play begins.
        game.begin_setup();
        Ok(game)
    }

    /// Applies one input; on a refusal the state is as before (the copy is dropped).
    pub fn apply(&mut self, input: &Input<Command>) -> Result<Events<Event>, RuleViolation> {
        let mut events = Events::new();
        let mut next = self.clone();
        next.apply_in_place(input, &mut events)?;
        self.state = next.state;
        Ok(events)
    }

    /// Applies an input without the safety copy (replay of inputs accepted once).
    pub fn apply_in_place(
        &mut self,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let from = events.len();
        match (&self.state.waiting, input) {
            (Waiting::GameOver, _) => refuse("4.0", "the game is over"),
            (Waiting::SetUp, Input::Command(c)) => self.setup_command(c, events),
            (Waiting::SetUpDraw { .. }, Input::Drew(i)) => self.setup_drew(*i, events),
            (Waiting::SetUpDraw { .. }, _) => {
                refuse("13.6", "the table draws the set-up's Volkssturm")
            }
            (Waiting::SetUp, _) => refuse("13.0", "the German is setting up"),
            (Waiting::Birthday, Input::Drew(i)) => self.birthday_drew(*i, events),
            (Waiting::Birthday, _) => refuse("17.4.9", "the table draws the leaders from the cup"),
            (Waiting::Commands, Input::Command(c)) => self.command(c, events),
            (Waiting::StackLosses { .. }, Input::Chose(i)) => self.stack_loss(*i, events),
            (Waiting::AssaultRoll(_), Input::Rolled(r)) => self.assault_rolled(r, events),
            (Waiting::Aftermath(_), Input::Chose(i)) => self.aftermath_chose(*i, events),
            (Waiting::Die(d), Input::Rolled(r)) => self.die_rolled(*d, r, events),
            (Waiting::Draw { .. }, Input::Drew(i)) => self.volkssturm_drew(*i, events),
            (Waiting::DrawNaval, Input::Drew(i)) => self.naval_drew(*i, events),
            (Waiting::VolkssturmFlees, Input::Chose(i)) => self.volkssturm_flees(*i, events),
            (Waiting::Substitute(u), Input::Chose(i)) => self.substitute_chose(*u, *i, events),
            (Waiting::Support { side }, Input::Chose(i)) => self.support_chose(*side, *i, events),
            (Waiting::DefensiveFire { .. }, Input::Chose(i)) => {
                self.defensive_fire_chose(*i, events)
            }
            (Waiting::Draw { .. }, _) => refuse("11.2.3", "the table draws from the cup"),
            (Waiting::Commands, _) => refuse("4.0", "the phasing player is to give commands"),
            (Waiting::AssaultRoll(_), _) => refuse("8.1", "the close assault waits for its 2d6"),
            (Waiting::Die(d), _) => refuse(d.case(), "the table waits for a die"),
            _ => refuse("4.0", "a choice is pending"),
        }?;
        // What the input did to the board may score, capture or end the game (10.2, 11.1.4,
        // 12.0).
        self.watch(from, events)
    }

    /// What the table is waiting for, and from whom.
    pub fn pending(&self) -> Pending<Choice> {
        let phasing = self.state.board.segment.side;
        match &self.state.waiting {
            Waiting::Commands => Pending::Command { player: phasing },
            Waiting::SetUp => Pending::Command {
                player: super::counters::GERMAN,
            },
            Waiting::SetUpDraw { .. } => Pending::DrawChit {
                player: super::counters::GERMAN,
                cup: "Volkssturm",
                case: "13.6",
                chits: self
                    .volkssturm_cup()
                    .into_iter()
                    .map(Choice::Unit)
                    .collect(),
            },
            Waiting::GameOver => Pending::GameOver,
            Waiting::Birthday => Pending::DrawChit {
                player: super::counters::GERMAN,
                cup: "leaders",
                case: "17.4.9",
                chits: self.leader_cup().into_iter().map(Choice::Unit).collect(),
            },
            Waiting::AssaultRoll(a) => Pending::Roll {
                player: self.firing_side(a),
                dice: crate::core::protocol::DiceSpec::TWO_D6,
                purpose: a.kind.name(),
                case: match a.kind {
                    super::combat::CombatKind::CloseAssault => "8.4.2",
                    super::combat::CombatKind::DirectGunFire => "8.3.6",
                    _ => "8.2.4",
                },
                secret: false,
            },
            Waiting::StackLosses { .. } => {
                match super::stacking::over_stacked::<1>(&self.data.forces, &self.state.board)
                    .first()
                {
                    Some(l) => choose(
                        l.player,
                        "eliminate an over-stacked unit",
                        l.case,
                        l.from.iter().map(|&u| Choice::Unit(u)),
                    ),
                    None => Pending::Command { player: phasing },
                }
            }
            Waiting::Aftermath(a) => self.aftermath_pending(a),
            Waiting::Draw { .. } | Waiting::VolkssturmFlees => self.volkssturm_pending(),
            Waiting::DrawNaval => self.naval_pending(),
            Waiting::Substitute(u) => choose(
                super::counters::SOVIET,
                "a substitute leaves in place of an eliminated unit",
                "5.1",
                self.substitutes_for(*u).into_iter().map(Choice::Unit),
            ),
            Waiting::Support { side } => self.support_pending(*side),
            Waiting::DefensiveFire { .. } => self.defensive_fire_pending(),
            Waiting::Die(d) => Pending::Roll {
                player: d.player(phasing),
                dice: d.dice(),
                purpose: d.purpose(),
                case: d.case(),
                secret: false,
            },
        }
    }

    fn command(&mut self, c: &Command, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let (data, b) = (self.data, &mut self.state.board);
        let (map, forces) = (&data.map, &data.forces);
        match c {
            Command::EndSegment => self.end_segment(events),
            Command::Move { units, to } => {
                let Some(&first) = units.first() else {
                    return refuse("engine", "no unit to move");
                };
                // 11.2.2: the Hitler Youth stay where they were placed until an SS unit fights.
                let youth = units.iter().any(|&u| {
                    forces
                        .counter(u)
                        .is_some_and(|c| c.kind == super::counters::UnitType::HitlerYouth)
                });
                if youth && !self.state.ss_engaged {
                    return refuse(
                        "11.2.2",
                        "Hitler Youth units stay put until a German SS unit first fights",
                    );
                }
                ubahn::refuse_surface_move(b, units)?;
                let Some(from) = b.hex_of(first) else {
                    // 5.5: a drawn Volkssturm unit is placed; 5.0: a reinforcement steps onto
                    // the map at an entry hex.
                    if self.state.vs_drawn.contains(&first) {
                        return self.place_volkssturm(units, *to, events);
                    }
                    if self.state.naval_drawn == Some(first) {
                        return self.place_naval(units, *to, events);
                    }
                    return self.enter(units, *to, events);
                };
                self.check_fronts_apart(units, *to)?;
                let b = &mut self.state.board;
                let (all, any) = terrain::modes_of(b, units);
                let cost = if map.geometry.adjacent(from, *to) {
                    terrain::step_cost(&data.movement, map, b, from, *to, all, any)?
                } else {
                    return refuse("7.1", "units move from hex to adjacent hex");
                };
                // 7.1.1: forces move one at a time; taking up another one lets go of the
                // force in hand, which has then finished; a force in hand moves as one.
                let hand = &self.state.in_hand;
                let same = hand.len() == units.len() && units.iter().all(|u| hand.contains(u));
                let let_go = if !hand.is_empty() && !same {
                    if units.iter().any(|u| hand.contains(u)) {
                        return refuse(
                            "7.1.1",
                            "the force in hand moves as one until it is let go",
                        );
                    }
                    Some(hand.clone())
                } else {
                    None
                };
                if let Some(h) = &let_go {
                    force::release(b, h)?;
                }
                force::step(map, forces, b, units, *to, cost)?;
                self.state.in_hand = units.clone();
                if let Some(units) = let_go {
                    emit(
                        events,
                        Event::Released {
                            side: self.state.board.segment.side,
                            units,
                        },
                    )?;
                }
                let b = &self.state.board;
                emit(
                    events,
                    Event::Moved {
                        side: b.segment.side,
                        units: units.clone(),
                        to: *to,
                        cost,
                    },
                )
            }
            Command::Release { units } => {
                self.require_movement()?;
                let b = &mut self.state.board;
                if units
                    .iter()
                    .any(|&u| forces.counter(u).map(|c| c.side) != Some(b.segment.side))
                {
                    return refuse("7.1.1", "only the phasing player's own units");
                }
                force::release(b, units)?;
                if units.iter().any(|u| self.state.in_hand.contains(u)) {
                    self.state.in_hand.clear();
                }
                let b = &self.state.board;
                emit(
                    events,
                    Event::Released {
                        side: b.segment.side,
                        units: units.clone(),
                    },
                )
            }
            Command::ChangeMode { unit, facing } => {
                modes::change_mode(forces, b, *unit, *facing)?;
                emit(
                    events,
                    Event::ModeChanged {
                        side: b.segment.side,
                        unit: *unit,
                        face: b.face(*unit),
                    },
                )
            }
            Command::Face { hex, dir } => {
                let side = b.segment.side;
                facing::set_facing(b, *hex, side, *dir)?;
                emit(
                    events,
                    Event::Faced {
                        hex: *hex,
                        dir: *dir,
                    },
                )
            }
            Command::Top { unit } => {
                let Some(owner) = forces.counter(*unit).map(|c| c.side) else {
                    return refuse("engine", "no such unit");
                };
                if owner != b.segment.side {
                    return refuse("3.1.5", "a player orders his forces in his own player-turn");
                }
                fog::set_top(forces, b, owner, *unit)?;
                emit(
                    events,
                    Event::Topped {
                        side: owner,
                        unit: *unit,
                    },
                )
            }
            Command::Assault { attackers, target } => self.announce(attackers, *target, events),
            Command::Bombard {
                firers,
                target,
                mixed,
            } => self.announce_fire(firers, *target, *mixed, events),
            Command::GunFire { firers, target } => self.announce_gun_fire(firers, *target, events),
            Command::Exit { units } => self.exit(units, events),
            Command::Shuffle { holder } => self.shuffle(*holder, events),
            Command::Suicide => self.suicide(events),
            Command::Disband { unit } => self.disband(*unit, events),
            Command::AirStrike { target, by } => self.air_strike(*target, *by, events),
            Command::UbahnDown { .. } | Command::UbahnRide { .. } | Command::UbahnUp { .. } => {
                self.ubahn_command(c, events)
            }
            Command::Place(_) | Command::TakeBack { .. } | Command::SetUpDone => {
                refuse("13.0", "units are set up only before the first player-turn")
            }
            Command::Flee { leader } => self.flee(*leader),
            Command::LeaderSuicide { leader } => self.leader_suicide(*leader, events),
            Command::LeaderMove { leader, to } => self.leader_move(*leader, *to, events),
        }
    }

    /// The commands of the set-up step (13.0): placing, taking back, ordering a force (3.1.5)
    /// and the end of the set-up.
    fn setup_command(
        &mut self,
        c: &Command,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match c {
            Command::Place(p) => self.set_up(p, events),
            Command::TakeBack { unit } => self.take_back(*unit, events),
            Command::SetUpDone => self.setup_done(events),
            Command::Top { .. } => self.command(c, events),
            _ => refuse("13.0", "the German sets up before the first player-turn"),
        }
    }

    /// Takes `u` off the board, eliminated under `case`, and says so.
    pub(super) fn eliminate_unit(
        &mut self,
        u: UnitId,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.board.eliminate(u)?;
        emit(events, Event::Eliminated { unit: u, case })
    }

    /// Lets go of the force in hand when another one is taken up (7.1.1); refuses taking up
    /// part of it.
    fn take_up(&mut self, units: &Force, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let hand = &self.state.in_hand;
        let same = hand.len() == units.len() && units.iter().all(|u| hand.contains(u));
        if hand.is_empty() || same {
            return Ok(());
        }
        if units.iter().any(|u| hand.contains(u)) {
            return refuse("7.1.1", "the force in hand moves as one until it is let go");
        }
        let let_go = hand.clone();
        force::release(&mut self.state.board, &let_go)?;
        self.state.in_hand.clear();
        emit(
            events,
            Event::Released {
                side: self.state.board.segment.side,
                units: let_go,
            },
        )
    }

    fn require_movement(&self) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Movement {
            return refuse("7.2", "only in the movement segment");
        }
        Ok(())
    }

    /// The phasing side.
    pub fn phasing(&self) -> Side {
        self.state.board.segment.side
    }
}
