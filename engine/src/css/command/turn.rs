//! The Game Turn as a state machine (S3): the Preparation Phase's command steps (1A weather,
//! 1B fatigue check, 1C the Reinforcement Phase, 1D buying chits, 1E fatigue, 1F the Dispatch Point
//! rolls), the Action Phase (2A fill the Cup, 2B the carried-over chit, 2C interrupts, 2D draw
//! and play, 2D-d the last chit) and the End Phase (S3.7).
//!
//! Every question is an explicit pending ([`TurnState::pending`]):
//!
//! | step | pending |
//! |---|---|
//! | 1A the weather, first Day turn of a game day (S3.2.1, [`super::sky`]) | `Pending::Roll` for the initiative player |
//! | 1C, 1D, a chit's activation | `Pending::Command` for the player who acts |
//! | 1F, a Direct Command gain, the Wind gust | `Pending::Roll` (d10 read 0–9) |
//! | 2C interrupts (S3.5), 2D-d last-chit purchases (S4.3.3) | `Pending::Choose` of [`Choice::Pass`] and one [`Choice::Buy`] per formation the player may buy, initiative player first (S3.8) |
//! | 2D the draw | `Pending::DrawChit` whose chits are exactly the chits in the Cup: the digital draw picks one at random, the physical cup is answered by tapping the chit drawn |
//! | 1C arrivals, return checks, returns (S3.2.3, [`super::arrivals`]) | `Pending::Command` per player, initiative first; a `Pending::Roll` per routed unit |
//! | 2D-b active leaders move (S3.3.4 b, [`super::leader_step`]) | `Pending::Command` for the chit's owner |
//! | End Phase victory check on a check turn (S3.7.1, [`super::end_phase`]) | the game's victory test, run by `apply_with` |
//!
//! The carried-over last chit (S3.6) is [`TurnState::carried`]: set aside at 2D-d, kept out of
//! the next turn's Cup and played at 2B before any interrupt (S3.5.3).
//!
//! `apply` validates an input before it changes anything it cannot undo; the game around it
//! applies inputs to a copy of its state (ARCHITECTURE.md), so a refusal leaves nothing behind.

use super::arrivals::{Returning, MAX_ARRIVING};
use super::leader_step::MAX_LEADERS_2D_B;
use super::sky::Light;
use super::{Chit, CommandData, Cup, DivisionId, DivisionTrack, FormationId, MAX_CUP};
use super::{MAX_DIVISIONS, MAX_FORMATIONS};
use crate::core::protocol::{emit, refuse, Case, DiceSpec, Events, Input, Pending};
use crate::core::protocol::{RuleViolation, MAX_OPTIONS};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::display::Displays;
use crate::css::scenario::{Verdict, MAX_CHECK_TURNS};
use crate::css::track::{Held, TurnRecordTrack};
use serde::{Deserialize, Serialize};

/// Units one Direct Command chit may command (S4.6.2: each at most once).
pub const MAX_COMMANDED: usize = 64;

/// A command of the turn sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Step 1C: the game's reinforcement steps are done (the initiative player closes them).
    EndReinforcements,
    /// Step 1D: buy a chit (S4.3).
    Buy(Chit),
    /// Step 1D: buy a Formation chit whose paying division its owner picks (S4.3; *Gates*
    /// 4.1.1: a NATO army division pays for a police Formation chit).
    BuyPaidBy { chit: Chit, payer: DivisionId },
    /// Step 1D: this player has bought all he wants.
    DoneBuying,
    /// While a Direct Command chit is played: spend one DC of `division` on `unit` (and the
    /// units of its formation in its hex acting with it) for one action (S4.6.2).
    SpendDirectCommand { division: DivisionId, unit: UnitId },
    /// The units of the chit have finished their actions (step 2D-a ends).
    EndActivation,
    /// Step 2D-b: the active leaders have moved (S3.3.4 b, S12.3.3); the leader moves
    /// themselves are `TurnState::move_leader`.
    EndLeaderMoves,
    /// Step 1C: an arriving unit that cannot or will not be placed waits one turn on the
    /// Turn Record Track (S18.1); placements are `TurnState::enter_unit`.
    HoldArrival(UnitId),
    /// Step 1C: this player's arriving units are placed or held (S18.1, S18.3).
    EndArrivals,
    /// Step 1C: a unit that passed its return check finds no hex and stays in the Routed box
    /// (S11.10); placements are `TurnState::place_returned`.
    StayRouted(UnitId),
    /// Step 1C: this player's returning units are placed (S11.10).
    EndReturns,
}

/// One option of a choice or a chit of a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Choice {
    /// A chit in the Cup (`Pending::DrawChit`).
    Chit(Chit),
    /// Do not interrupt / do not buy.
    Pass,
    /// Buy this formation's chit at the Action Phase price (S3.5, S4.3.3).
    Buy(FormationId),
    /// Buy this formation's chit, paid by this division (S4.3; *Gates* 4.1.1).
    BuyPaidBy(FormationId, DivisionId),
    /// This unit opportunity fires at the trigger hex (S9.11.3; the series game's window).
    OpFire(crate::core::units::UnitId),
    /// A game's reroll window (S1.3.2; *Gates* 3.8 the Booze marker): the roll stands.
    KeepRoll,
    /// The holder has the roll made again (S1.3.2).
    Reroll,
    /// A face of a game's marker drawn while it lay face down, by the game's code for the face
    /// (`Pending::DrawChit` of the markers' backs; *Gates* 4.3's political figures).
    Marker(u8),
    /// A division a player picks for a game's procedure (*Gates* 7.0 events 6 and 9: the
    /// division that takes a Division TQC).
    Division(DivisionId),
}

/// Where the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// 1C: the game's reinforcement steps.
    Reinforcement,
    /// 1D: this player buys chits (initiative player first).
    Spend(Side),
    /// 1F: the Dispatch Point roll of the `n`th division in roll order.
    DispatchRoll(u8),
    /// 2C: this player may interrupt (S3.5).
    Interrupt(Side),
    /// 2D: a chit is drawn.
    Draw,
    /// A chit is being played (2B, 2D-a, or an interrupt).
    Playing(Play),
    /// 2D-d: this player may buy a Formation chit into the Cup (S4.3.3).
    LastChit(Side),
    /// The scenario is over (S3.7.2).
    GameOver,
    /// 1A: the weather roll of the first Day turn of a game day (S3.2.1, `super::sky`).
    Weather,
    /// 1C: this player places the units arriving this turn (S18.1, S18.3, `super::arrivals`).
    Arrivals(Side),
    /// 1C: the return check of the next unit in a Routed box (S11.10).
    ReturnCheck,
    /// 1C: this player places the units that passed their return check (S11.10).
    Returns(Side),
    /// 2D-b: the active leaders of the chit just played may move (S3.3.4 b, S12.3.3,
    /// `super::leader_step`).
    LeaderMoves(Play),
    /// End Phase step A on a check turn: the game's victory test runs (S3.7.1, S21.1).
    VictoryCheck,
}

/// How the chit being played came to be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Set aside last turn, played at 2B (S3.6).
    CarriedOver,
    /// Bought as an interrupt and played at once (S3.5).
    Interrupt,
    /// Drawn at 2D.
    Drawn,
}

/// The chit being played and its stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub chit: Chit,
    pub origin: Origin,
    /// Waiting for the chit's roll (Direct Command gain, trackless DC, Wind gust).
    pub rolling: bool,
}

pub use super::events::{Event, What};

/// A set of formations (bits by [`FormationId`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationSet([u32; MAX_FORMATIONS / 32]);

impl FormationSet {
    pub fn contains(&self, f: FormationId) -> bool {
        let i = f.0 as usize;
        i < MAX_FORMATIONS && self.0[i / 32] & (1 << (i % 32)) != 0
    }
    pub fn insert(&mut self, f: FormationId) {
        let i = f.0 as usize;
        if i < MAX_FORMATIONS {
            self.0[i / 32] |= 1 << (i % 32);
        }
    }
}

/// The command state of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub turn: u8,
    pub step: Step,
    pub tracks: heapless::Vec<DivisionTrack, MAX_DIVISIONS>,
    pub cup: Cup,
    /// Chits bought in step 1D, put into the Cup at 2A.
    pub bought: heapless::Vec<Chit, MAX_CUP>,
    /// The last chit of the previous Action Phase, set aside (S3.6).
    pub carried: Option<Chit>,
    /// Formations that got a Formation chit in step 1D this turn (table S4.3-T).
    pub bought_in_preparation: FormationSet,
    /// Chits bought in step 1D by a division the owner picked to pay (S4.3; *Gates* 4.1.1),
    /// for the fatigue of step 1E.
    pub picked_payers: heapless::Vec<(Chit, DivisionId), MAX_CUP>,
    /// Formations that got a Formation chit in this Action Phase (S3.5.4).
    pub bought_in_action: FormationSet,
    /// Per side: interrupted since the last draw (S3.5.2).
    pub interrupted: [bool; 2],
    /// Per side: already answered at this step C or this 2D-d offer.
    pub answered: [bool; 2],
    /// A Formation chit was bought at this 2D-d offer.
    pub bought_at_last_chit: bool,
    /// Units commanded under the Direct Command chit being played (S4.6.2).
    pub commanded: heapless::Vec<UnitId, MAX_COMMANDED>,
    /// Direct Commands of a formation with no DC track, to spend now (S4.7).
    pub trackless_dc: u8,
    /// Day, Night, weather and Illumination (S3.2.1, S3.3.1, S14; `super::sky`).
    pub light: Light,
    /// The Turn Record Track's held units (S18.3) and the boxes of the Division Displays
    /// (S18.4): the frame of the turn (`super::arrivals`).
    pub turn_track: TurnRecordTrack,
    pub displays: Displays,
    /// Step 1C: units taken off the track this turn, still to place (S18.1, S18.3).
    pub arriving: heapless::Vec<Held, MAX_ARRIVING>,
    /// Step 1C: units that passed their return check (or return as if they had), to place.
    pub returning: heapless::Vec<Returning, MAX_ARRIVING>,
    /// Step 2D-b: the leaders that have moved at this step (S12.3.3: once each).
    pub leaders_moved: heapless::Vec<UnitId, MAX_LEADERS_2D_B>,
    /// The scenario's victory check turns (S3.7.1) and the verdict, once given (S21.1).
    pub victory_turns: heapless::Vec<u8, MAX_CHECK_TURNS>,
    pub verdict: Option<Verdict>,
}

pub(super) fn push_chit(
    v: &mut heapless::Vec<Chit, MAX_CUP>,
    c: Chit,
) -> Result<(), RuleViolation> {
    v.push(c)
        .map_err(|_| RuleViolation::new("engine", "too many chits"))
}

impl TurnState {
    /// A scenario starting at turn 1's Preparation Phase, every division at its maximum TQ
    /// with `dp` Dispatch Points.
    pub fn new(data: &CommandData, events: &mut Events<Event>) -> Result<Self, RuleViolation> {
        let mut tracks = heapless::Vec::new();
        for d in &data.divisions {
            tracks
                .push(DivisionTrack::new(d))
                .map_err(|_| RuleViolation::new("engine", "too many divisions"))?;
        }
        Self::starting(data, 1, tracks, None, events)
    }

    /// A scenario starting at the Preparation Phase of `turn` with the Division Displays as the
    /// scenario sets them (S21.3) and perhaps a chit carried over (S3.6); step 1B is carried
    /// out at once.
    pub fn starting(
        data: &CommandData,
        turn: u8,
        tracks: heapless::Vec<DivisionTrack, MAX_DIVISIONS>,
        carried: Option<Chit>,
        events: &mut Events<Event>,
    ) -> Result<Self, RuleViolation> {
        Self::starting_with(data, turn, tracks, carried, Light::default(), events)
    }

    pub(super) fn starting_with(
        data: &CommandData,
        turn: u8,
        tracks: heapless::Vec<DivisionTrack, MAX_DIVISIONS>,
        carried: Option<Chit>,
        light: Light,
        events: &mut Events<Event>,
    ) -> Result<Self, RuleViolation> {
        let mut s = Self::unstarted(data, turn.saturating_sub(1), tracks, carried, light)?;
        s.begin_turn(data, events)?;
        Ok(s)
    }

    pub fn track(&self, d: DivisionId) -> &DivisionTrack {
        &self.tracks[d.0 as usize]
    }
    pub fn track_mut(&mut self, d: DivisionId) -> &mut DivisionTrack {
        &mut self.tracks[d.0 as usize]
    }

    /// The chit being played, once its roll (if any) is made: the action modules ask it which
    /// units are active (`CommandData::activates`) and how many actions they get
    /// (`Chit::second_action`).
    pub fn active_chit(&self) -> Option<Chit> {
        match self.step {
            Step::Playing(p) if !p.rolling => Some(p.chit),
            _ => None,
        }
    }

    /// Units commanded under the Direct Command chit being played (S4.6.2).
    pub fn commanded(&self, u: UnitId) -> bool {
        self.active_chit().is_some() && self.commanded.contains(&u)
    }

    /// What the turn waits for.
    pub fn pending(&self, data: &CommandData) -> Pending<Choice> {
        let init = data.initiative;
        match self.step {
            Step::Weather => self.weather_pending(data),
            Step::Reinforcement => Pending::Command { player: init },
            Step::Spend(side) => Pending::Command { player: side },
            Step::DispatchRoll(n) => {
                let d = self.roll_order(data, n).unwrap_or(DivisionId(0));
                let player = data.division(d).map_or(init, |x| x.side);
                roll(player, "Dispatch Point roll", "S4.2")
            }
            Step::Interrupt(side) => choose(side, "interrupt?", "S3.5", self.buyable(data, side)),
            Step::LastChit(side) => choose(
                side,
                "buy a Formation chit into the Cup?",
                "S4.3.3",
                self.buyable(data, side),
            ),
            Step::Draw => {
                let mut chits = heapless::Vec::new();
                for c in &self.cup.chits {
                    let _ = chits.push(Choice::Chit(*c));
                }
                Pending::DrawChit {
                    player: init,
                    cup: "Cup",
                    case: "S3.3.4",
                    chits,
                }
            }
            Step::Playing(p) if p.rolling => match p.chit {
                Chit::Wind => roll(init, "wind gust (0–1 clears all smoke)", "S9.9.3"),
                Chit::DirectCommand(side) => roll(side, "Direct Commands", "S4.6.1"),
                c => roll(data.owner(c).unwrap_or(init), "Direct Commands", "S4.7"),
            },
            Step::Playing(p) => Pending::Command {
                player: data.owner(p.chit).unwrap_or(init),
            },
            Step::GameOver => Pending::GameOver,
            Step::Arrivals(_)
            | Step::ReturnCheck
            | Step::Returns(_)
            | Step::LeaderMoves(_)
            | Step::VictoryCheck => self.frame_pending(data),
        }
    }

    /// Applies one input.
    pub fn apply(
        &mut self,
        data: &CommandData,
        input: &Input<Command>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let init = data.initiative;
        match (self.step, input) {
            (Step::Weather, Input::Rolled(r)) => {
                let raw = d10(r)?;
                self.weather(data, raw, events)
            }
            (Step::Reinforcement, Input::Command(Command::EndReinforcements)) => {
                self.step = Step::Spend(init);
                Ok(())
            }
            (Step::Spend(side), Input::Command(Command::Buy(chit))) => {
                self.buy_in_preparation(data, side, *chit, None, events)
            }
            (Step::Spend(side), Input::Command(Command::BuyPaidBy { chit, payer })) => {
                self.buy_in_preparation(data, side, *chit, Some(*payer), events)
            }
            (Step::Spend(side), Input::Command(Command::DoneBuying)) => {
                if side == init {
                    self.step = Step::Spend(init.other());
                    Ok(())
                } else {
                    self.fatigue_for_chits(data, events)?;
                    self.next_dispatch_roll(data, 0, events)
                }
            }
            (Step::DispatchRoll(n), Input::Rolled(r)) => {
                let raw = d10(r)?;
                let d = self
                    .roll_order(data, n)
                    .ok_or(RuleViolation::new("engine", "no division to roll for"))?;
                let def = *data.division(d)?;
                let t = self.track_mut(d);
                let gained = t.dispatch_roll(&def, &data.costs, raw);
                let now = t.dp;
                emit(
                    events,
                    ev(
                        "S4.2",
                        What::DispatchPoints {
                            division: d,
                            gained,
                            now,
                        },
                    ),
                )?;
                self.next_dispatch_roll(data, n + 1, events)
            }
            (Step::Interrupt(side), Input::Chose(i)) => {
                match self.option(data, side, *i, "S3.5")? {
                    c @ (Choice::Buy(f) | Choice::BuyPaidBy(f, _)) => {
                        self.buy_in_action(data, side, c, events)?;
                        self.interrupted[side.index()] = true;
                        self.start_play(data, Chit::Formation(f), Origin::Interrupt, events)
                    }
                    _ => {
                        self.answered[side.index()] = true;
                        self.step_c(data, events)
                    }
                }
            }
            (Step::LastChit(side), Input::Chose(i)) => {
                let c = self.option(data, side, *i, "S4.3.3")?;
                if let Choice::Buy(f) | Choice::BuyPaidBy(f, _) = c {
                    self.buy_in_action(data, side, c, events)?;
                    self.cup.put(Chit::Formation(f))?;
                    self.bought_at_last_chit = true;
                }
                self.answered[side.index()] = true;
                self.last_chit(data, events)
            }
            (Step::Draw, Input::Drew(i)) => {
                let chit = self.cup.take(*i as usize)?;
                self.interrupted = [false; 2];
                self.start_play(data, chit, Origin::Drawn, events)
            }
            (Step::Playing(p), Input::Rolled(r)) if p.rolling => {
                let raw = d10(r)?;
                self.chit_roll(data, p, raw, events)
            }
            (Step::Playing(p), Input::Command(Command::SpendDirectCommand { division, unit }))
                if !p.rolling =>
            {
                self.spend_dc(data, p.chit, *division, *unit, events)
            }
            (Step::Playing(p), Input::Command(Command::EndActivation)) if !p.rolling => {
                self.after_2d_a(data, p, events)
            }
            (Step::LeaderMoves(p), Input::Command(Command::EndLeaderMoves)) => {
                self.end_play(data, p, events)
            }
            (Step::Arrivals(_) | Step::ReturnCheck | Step::Returns(_), _) => {
                self.apply_1c(data, input, events)
            }
            (Step::VictoryCheck, _) => refuse(
                "S3.7.1",
                "the victory check runs the game's test: apply the input with it (apply_with)",
            ),
            (Step::GameOver, _) => refuse("S3.7.2", "the game is over"),
            _ => refuse(
                "S3.0",
                "not now: the sequence of play asks for something else",
            ),
        }
    }

    // ---- Action Phase ----

    /// Step 2A (S3.3.1) and 2B (S3.3.2).
    pub(super) fn fill_cup(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.cup = Cup::default();
        let init = data.initiative;
        let bought = core::mem::take(&mut self.bought);
        let standard = [
            Chit::DirectCommand(init),
            Chit::DirectCommand(init.other()),
            Chit::Wind,
            Chit::RandomEvent,
        ];
        for c in bought
            .iter()
            .chain(standard.iter())
            .chain(data.always_in_cup.iter())
        {
            let carried_singleton = self.carried == Some(*c) && !matches!(c, Chit::Formation(_));
            if !carried_singleton {
                self.cup.put(*c)?;
            }
        }
        self.bought = bought;
        emit(events, ev("S3.3.1", What::CupFilled(self.cup.len() as u8)))?;
        self.dawn_at_2a(events)?;
        self.interrupted = [false; 2];
        self.answered = [false; 2];
        match self.carried.take() {
            Some(c) => self.start_play(data, c, Origin::CarriedOver, events),
            None => self.step_c(data, events),
        }
    }

    /// The formations `side` may buy in the Action Phase now (S3.5.1, S3.5.4, S4.3.1).
    fn buyable(&self, data: &CommandData, side: Side) -> heapless::Vec<Choice, MAX_OPTIONS> {
        let mut out = heapless::Vec::new();
        let _ = out.push(Choice::Pass);
        for (i, f) in data.formations.iter().enumerate() {
            let fid = FormationId(i as u8);
            let ok = data.division(f.division).is_ok_and(|d| d.side == side)
                && !self.bought_in_action.contains(fid)
                && self
                    .tracks
                    .get(f.division.0 as usize)
                    .is_some_and(|t| t.may_buy(Chit::Formation(fid), &data.costs).is_ok());
            if !ok {
                continue;
            }
            // S4.3: the paying division has the DP; a picked payer is one option each.
            for payer in f.payers() {
                if self
                    .tracks
                    .get(payer.0 as usize)
                    .is_none_or(|t| t.dp < data.costs.formation_action)
                {
                    continue;
                }
                let c = if f.payer_picked() {
                    Choice::BuyPaidBy(fid, payer)
                } else {
                    Choice::Buy(fid)
                };
                if out.push(c).is_err() {
                    return out; // more than MAX_OPTIONS − 1: the rest wait for a later offer
                }
            }
        }
        out
    }

    /// Option `i` of the choice offered to `side`; an index past the list is refused with
    /// `case`, the case of the pending it answers (S3.5 interrupt, S4.3.3 last chit).
    fn option(
        &self,
        data: &CommandData,
        side: Side,
        i: u8,
        case: Case,
    ) -> Result<Choice, RuleViolation> {
        self.buyable(data, side)
            .get(i as usize)
            .copied()
            .ok_or(RuleViolation::new(
                case,
                "no such option in the offered list",
            ))
    }

    /// A Formation chit bought in the Action Phase (S3.5.1, S4.3.3): the Action Phase price and
    /// +2 fatigue at once (exclusive 3.3.1, S17.1).
    fn buy_in_action(
        &mut self,
        data: &CommandData,
        side: Side,
        choice: Choice,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let (f, d, now) = self.action_buy_fatigue(data, choice)?;
        let chit = Chit::Formation(f);
        if !self.buyable(data, side).contains(&choice) {
            return refuse("S3.5.4", "that Formation chit may not be bought now");
        }
        let cost = data.costs.formation_action;
        let t = self.track_mut(d);
        t.pay(cost)?;
        t.fatigue = now;
        self.bought_in_action.insert(f);
        emit(events, ev("S3.5.1", What::Bought { chit, cost }))?;
        emit(events, ev("S17.1", What::Fatigue { division: d, now }))
    }

    /// S3.5.1, S17.1: the Formation chit `choice` buys in the Action Phase, the division that
    /// pays, and that division's fatigue once it is bought (each such chit adds its price in
    /// fatigue at once, unless the division is immune, exclusive 4.1.1).
    pub fn action_buy_fatigue(
        &self,
        data: &CommandData,
        choice: Choice,
    ) -> Result<(FormationId, DivisionId, u8), RuleViolation> {
        let (f, d) = match choice {
            Choice::Buy(f) => (f, data.formation(f)?.division),
            Choice::BuyPaidBy(f, payer) => (f, payer),
            _ => return refuse("S3.5.4", "only a Formation chit is bought now"),
        };
        let fatigue = self.track(d).fatigue;
        let now = if data.division(d)?.fatigue_immune {
            fatigue
        } else {
            fatigue.saturating_add(data.costs.fatigue_action_formation)
        };
        Ok((f, d, now))
    }

    /// Step 2C (S3.3.3, S3.5.2): ask the initiative player, then the other, unless a player
    /// interrupted since the last draw, already answered, or has nothing he may buy; then draw.
    fn step_c(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let init = data.initiative;
        for side in [init, init.other()] {
            let i = side.index();
            if !self.interrupted[i] && !self.answered[i] && self.buyable(data, side).len() > 1 {
                self.step = Step::Interrupt(side);
                return Ok(());
            }
        }
        if self.cup.is_empty() {
            return self.end_phase(data, events);
        }
        self.step = Step::Draw;
        Ok(())
    }

    /// Step 2D-a (S3.4): the chit's functions begin.
    fn start_play(
        &mut self,
        data: &CommandData,
        chit: Chit,
        origin: Origin,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let case = match origin {
            Origin::CarriedOver => "S3.6",
            Origin::Interrupt => "S3.5.1",
            Origin::Drawn => "S3.3.4",
        };
        emit(events, ev(case, What::Played(chit, origin)))?;
        self.commanded.clear();
        self.trackless_dc = 0;
        let rolling = match chit {
            Chit::DirectCommand(_) | Chit::Wind => true,
            Chit::DivisionDirectCommand(d) => !data.division(d)?.dc_track,
            Chit::RandomEvent => {
                emit(events, ev("S4.9", What::RandomEvent))?;
                false
            }
            Chit::Division(_) | Chit::Formation(_) => false,
        };
        let play = Play {
            chit,
            origin,
            rolling,
        };
        self.step = Step::Playing(play);
        if matches!(chit, Chit::RandomEvent) {
            // The game's random event procedure is its own; the chit activates nobody (S4.9).
            return self.end_play(data, play, events);
        }
        Ok(())
    }

    /// The chit's roll: Direct Commands gained (S4.6.1, S4.7) or the Wind's gust (S9.9.3).
    fn chit_roll(
        &mut self,
        data: &CommandData,
        p: Play,
        raw: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match p.chit {
            Chit::Wind => {
                emit(
                    events,
                    ev(
                        "S9.9.3",
                        What::Wind {
                            gust: crate::css::fire::is_gust(raw),
                        },
                    ),
                )?;
                self.step = Step::Playing(Play {
                    rolling: false,
                    ..p
                });
                return self.end_play(data, p, events);
            }
            Chit::DirectCommand(side) => {
                for d in data.division_ids() {
                    let def = *data.division(d)?;
                    if def.side != side {
                        continue;
                    }
                    let gained = self
                        .track_mut(d)
                        .gain_direct_commands(&def, &data.costs, raw);
                    if gained > 0 {
                        let w = What::DirectCommands {
                            division: Some(d),
                            gained,
                        };
                        emit(events, ev("S4.6.1", w))?;
                    }
                }
            }
            _ => {
                self.trackless_dc = raw / 2 + data.costs.trackless_dc_bonus;
                let w = What::DirectCommands {
                    division: None,
                    gained: self.trackless_dc,
                };
                emit(events, ev("S4.7", w))?;
            }
        }
        self.step = Step::Playing(Play {
            rolling: false,
            ..p
        });
        Ok(())
    }

    /// S4.6.2, S4.7: one DC spent on one unit (and its hex's units of its formation).
    fn spend_dc(
        &mut self,
        data: &CommandData,
        chit: Chit,
        division: DivisionId,
        unit: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let def = *data.division(division)?;
        match chit {
            Chit::DirectCommand(side) if def.side == side => {}
            Chit::DivisionDirectCommand(d) if d == division => {}
            Chit::DirectCommand(_) | Chit::DivisionDirectCommand(_) => {
                return refuse(
                    "S4.6.2",
                    "the DC is paid by the division of the commanded units",
                )
            }
            _ => {
                return refuse(
                    "S4.6.2",
                    "Direct Commands are spent only while a Direct Command chit is played",
                )
            }
        }
        if self.commanded.contains(&unit) {
            return refuse(
                "S4.6.2",
                "a unit is commanded at most once per Direct Command chit",
            );
        }
        let trackless = matches!(chit, Chit::DivisionDirectCommand(_)) && !def.dc_track;
        if trackless {
            if self.trackless_dc == 0 {
                return refuse("S4.7", "no Direct Commands left to spend");
            }
            self.trackless_dc -= 1;
        } else {
            let t = self.track_mut(division);
            if t.dc == 0 {
                return refuse("S4.6.2", "the division has no Direct Commands");
            }
            t.dc -= 1;
        }
        self.commanded
            .push(unit)
            .map_err(|_| RuleViolation::new("engine", "too many commanded units"))?;
        let w = What::DirectCommandSpent {
            division: (!trackless).then_some(division),
            unit,
        };
        emit(events, ev("S4.6.2", w))
    }

    /// Steps 2D-b and 2D-c, then where play goes: back to 2C after an interrupt or the
    /// carried-over chit (S3.5.2, S3.5.3), 2D-d after a drawn chit.
    pub(super) fn end_play(
        &mut self,
        data: &CommandData,
        p: Play,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        emit(events, ev("S3.3.4", What::ActivationEnds(p.chit)))?;
        self.trackless_dc = 0;
        self.answered = [false; 2];
        self.bought_at_last_chit = false;
        match p.origin {
            Origin::Drawn => self.last_chit(data, events),
            Origin::CarriedOver | Origin::Interrupt => self.step_c(data, events),
        }
    }

    /// Step 2D-d (S3.3.4 d, S4.3.3, S3.6).
    fn last_chit(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.cup.len() != 1 && !self.bought_at_last_chit {
            if self.cup.is_empty() {
                return self.end_phase(data, events); // the note of S3.3.4: nothing set aside
            }
            return self.step_c(data, events);
        }
        let init = data.initiative;
        for side in [init, init.other()] {
            if !self.answered[side.index()] && self.buyable(data, side).len() > 1 {
                self.step = Step::LastChit(side);
                return Ok(());
            }
        }
        if self.bought_at_last_chit {
            self.answered = [false; 2];
            self.bought_at_last_chit = false;
            return self.step_c(data, events);
        }
        let last = self.cup.take(0)?;
        self.carried = Some(last);
        emit(events, ev("S3.6", What::SetAside(last)))?;
        self.end_phase(data, events)
    }
}

pub(super) use super::events::ev;

fn roll(player: Side, purpose: &'static str, case: Case) -> Pending<Choice> {
    Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose,
        case,
        secret: false,
    }
}

fn choose(
    player: Side,
    purpose: &'static str,
    case: Case,
    options: heapless::Vec<Choice, MAX_OPTIONS>,
) -> Pending<Choice> {
    Pending::Choose {
        player,
        purpose,
        case,
        options,
    }
}

/// One d10 read 0–9 (S1.3).
fn d10(r: &crate::core::protocol::DiceRoll) -> Result<u8, RuleViolation> {
    if !DiceSpec::D10.accepts(r) {
        return refuse("S1.3", "one d10 read 0 to 9");
    }
    Ok(r.values[0])
}
