//! A small command set-up of the series rules (`engine::css::command`) and a random player of
//! its turn sequence, shared by the series playouts (`tests/tests/playouts_css.rs`) and the
//! chit benchmark (`bin/bench.rs`): three divisions on two sides (a Warsaw Pact motor rifle
//! division with three formations; a NATO brigade with two, and a police division with no
//! Division chit, no Direct Command track and immune to fatigue), the stand-in chit costs, an
//! eight-turn scenario. The engine never rolls: the player gives d10 faces 0–9 and draw
//! indices from its seeded generator.

use engine::core::protocol::{DiceRoll, Events, Input, Pending};
use engine::core::side::Side;
use engine::css::command::turn::{Choice, Command, Event, TurnState};
use engine::css::command::{Chit, CommandData, DivisionDef, DivisionId, FormationDef, FormationId};
use engine::css::standin::chit_costs;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub const NATO: Side = Side::A;
pub const WP: Side = Side::B;

/// The command data of the set-up (S4.1 Division Displays, S2.7 chits).
pub fn command_data() -> CommandData {
    let mrd = DivisionDef {
        side: WP,
        dispatch_rating: 5,
        command_rating: 3,
        max_tq: 6,
        fatigue_threshold: 4,
        fatigue_immune: false,
        has_division_chit: true,
        dc_chits: 0,
        dc_track: true,
    };
    let brigade = DivisionDef {
        side: NATO,
        dispatch_rating: 6,
        command_rating: 2,
        fatigue_threshold: 5,
        ..mrd
    };
    let police = DivisionDef {
        side: NATO,
        fatigue_immune: true,
        has_division_chit: false,
        dc_chits: 3,
        dc_track: false,
        ..brigade
    };
    let f = |d: u8| FormationDef {
        division: DivisionId(d),
    };
    CommandData {
        divisions: heapless::Vec::from_slice(&[mrd, brigade, police]).expect("3 divisions"),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(0), f(1), f(1), f(2)])
            .expect("6 formations"),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

/// Every chit a player might try to buy in the set-up.
pub fn every_chit(data: &CommandData) -> Vec<Chit> {
    let mut out = vec![
        Chit::DirectCommand(NATO),
        Chit::DirectCommand(WP),
        Chit::Wind,
        Chit::RandomEvent,
    ];
    for d in 0..data.divisions.len() as u8 {
        out.push(Chit::Division(DivisionId(d)));
        out.push(Chit::DivisionDirectCommand(DivisionId(d)));
    }
    for f in 0..data.formations.len() as u8 {
        out.push(Chit::Formation(FormationId(f)));
    }
    out
}

/// The commands that close a step of the turn, tried in turn when a player has nothing more
/// to do (one of them is what the step waits for).
pub const STEP_ENDS: [Command; 6] = [
    Command::EndReinforcements,
    Command::DoneBuying,
    Command::EndActivation,
    Command::EndLeaderMoves,
    Command::EndArrivals,
    Command::EndReturns,
];

/// A turn of the series in play: the state, its data, and the events so far.
pub struct Turns {
    pub data: CommandData,
    pub state: TurnState,
    pub events: Vec<Event>,
}

impl Turns {
    pub fn new() -> Self {
        let data = command_data();
        let mut ev = Events::new();
        let state = TurnState::new(&data, &mut ev).expect("the set-up starts");
        Turns {
            data,
            state,
            events: ev.into_iter().collect(),
        }
    }

    pub fn pending(&self) -> Pending<Choice> {
        self.state.pending(&self.data)
    }

    /// Applies `input` as a game does: a refusal leaves the state as it was (the caller checks
    /// that the engine itself changed nothing).
    pub fn apply(
        &mut self,
        input: &Input<Command>,
    ) -> Result<(), engine::core::protocol::RuleViolation> {
        let mut ev = Events::new();
        self.state.apply(&self.data, input, &mut ev)?;
        self.events.extend(ev);
        Ok(())
    }
}

impl Default for Turns {
    fn default() -> Self {
        Self::new()
    }
}

/// A seeded random player of the turn: random purchases, rolls, draws and answers, and now and
/// then an input the rules forbid.
pub struct RandomCommander {
    rng: StdRng,
    chits: Vec<Chit>,
}

impl RandomCommander {
    pub fn new(seed: u64, data: &CommandData) -> Self {
        RandomCommander {
            rng: StdRng::seed_from_u64(seed),
            chits: every_chit(data),
        }
    }

    /// Inputs to try for `pending`, in order: the first the engine takes is played. Wrong ones
    /// (a purchase beyond the DP, a draw past the Cup, a step end out of turn) come first now
    /// and then, so that refusals are exercised too.
    pub fn candidates(&mut self, pending: &Pending<Choice>) -> Vec<Input<Command>> {
        let mut out = Vec::new();
        match pending {
            Pending::Command { .. } => {
                // Step 1D: a few purchases; elsewhere the step's end after a stray command.
                for _ in 0..self.rng.gen_range(0..3) {
                    let c = self.chits[self.rng.gen_range(0..self.chits.len())];
                    out.push(Input::Command(Command::Buy(c)));
                }
                let mut ends = STEP_ENDS.to_vec();
                let k = self.rng.gen_range(0..ends.len());
                ends.rotate_left(k);
                out.extend(ends.into_iter().map(Input::Command));
            }
            Pending::Roll { dice, .. } => {
                let n = usize::from(dice.count.max(1));
                if self.rng.gen_bool(0.1) {
                    // A face no d10 has (S1.3).
                    out.push(Input::Rolled(DiceRoll::of(&vec![10; n])));
                }
                let faces: Vec<u8> = (0..n).map(|_| self.rng.gen_range(0..=9)).collect();
                out.push(Input::Rolled(DiceRoll::of(&faces)));
            }
            Pending::DrawChit { chits, .. } => {
                if self.rng.gen_bool(0.1) {
                    out.push(Input::Drew(chits.len() as u16));
                }
                out.push(Input::Drew(self.rng.gen_range(0..chits.len().max(1)) as u16));
            }
            Pending::Choose { options, .. } => {
                if self.rng.gen_bool(0.1) {
                    out.push(Input::Chose(options.len() as u8));
                }
                out.push(Input::Chose(
                    self.rng.gen_range(0..options.len().max(1)) as u8
                ));
            }
            Pending::GameOver => {}
        }
        out
    }
}

/// The engine's time from one chit draw to the next (S3.3.4: draw, play the chit, steps 2D-b
/// to 2D-d, the next draw offered), over random playouts of `seeds` seeds: every `apply` and
/// `pending` of the turn between two draws is timed, the commander's own choosing is not.
pub fn chit_draw_intervals(seeds: u64) -> Vec<std::time::Duration> {
    use std::time::{Duration, Instant};
    let mut out = Vec::new();
    for seed in 0..seeds {
        let mut t = Turns::new();
        let mut commander = RandomCommander::new(seed, &t.data);
        // Engine time since the last draw, once one has been made this Action Phase.
        let mut since: Option<Duration> = None;
        loop {
            let clock = Instant::now();
            let pending = std::hint::black_box(t.pending());
            let mut spent = clock.elapsed();
            if matches!(pending, Pending::GameOver) {
                break;
            }
            let drawing = matches!(pending, Pending::DrawChit { .. });
            if drawing {
                if let Some(d) = since.take() {
                    out.push(d + spent);
                }
            }
            let mut ev = Events::new();
            for input in commander.candidates(&pending) {
                let clock = Instant::now();
                let r = t.state.apply(&t.data, &input, &mut ev);
                spent += clock.elapsed();
                if r.is_ok() {
                    break;
                }
            }
            if drawing {
                since = Some(spent);
            } else if let Some(d) = since.as_mut() {
                *d += spent;
            }
            // The Action Phase ended without another draw: no interval.
            if matches!(t.state.step, engine::css::command::turn::Step::Spend(_)) {
                since = None;
            }
        }
    }
    out
}
