//! The turn's frame through the turn machine: step 2D-b (S3.3.4 b), step 1C's arrivals,
//! returns and turn-track units (S3.2.3, S18.1, S18.3, S11.10), the scenario start (S21.3) and
//! the End Phase's victory check (S3.7.1), with Example S18.1-A.
extern crate std;

use super::sky::Light;
use super::turn::{Command, Event, Step, TurnState, What};
use super::*;
use crate::core::hex::HexId;
use crate::core::protocol::{DiceRoll, Events, Input, Pending};
use crate::core::units::UnitId;
use crate::css::destinations::MoveScratch;
use crate::css::display::BoxKind;
use crate::css::leaders::{Bonuses, Leader, LeaderDef, Leads, Leg2dB};
use crate::css::morale::{Condition, Return};
use crate::css::movement::Enemies;
use crate::css::reinforce::tests::{unit, Field};
use crate::css::reinforce::Face;
use crate::css::scenario::{NoVictory, Scenario, Start, Verdict, Victory};
use crate::css::stacking::StackingChart;
use crate::css::standin::{chit_costs, leader_charts};
use crate::css::terrain::tests::{h, Board, BH, BP};
use crate::css::terrain::NoMarkers;
use crate::css::track::{Arrival, Held};
use std::vec::Vec;

const NATO: Side = Side::A;
const WP: Side = Side::B;
/// 1st MRD (WP): formations 0 and 1. Berlin Brigade (NATO): formation 2.
const MRD: DivisionId = DivisionId(0);
const BB: DivisionId = DivisionId(1);

pub(super) fn data() -> CommandData {
    let f = |d: u8| FormationDef::of(DivisionId(d));
    CommandData {
        divisions: heapless::Vec::from_slice(&[
            testkit::motor_rifle_division(WP),
            testkit::motor_rifle_division(NATO),
        ])
        .unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(1)]).unwrap(),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

struct T {
    data: CommandData,
    s: TurnState,
    log: Vec<Event>,
}

impl T {
    fn new(s: TurnState, log: Events<Event>) -> T {
        T {
            data: data(),
            s,
            log: log.into_iter().collect(),
        }
    }
    fn pending(&self) -> Pending<turn::Choice> {
        self.s.pending(&self.data)
    }
    fn apply_with(&mut self, v: &impl Victory, i: Input<Command>) -> Result<(), RuleViolation> {
        let mut ev = Events::new();
        let before = self.s.clone();
        let r = self.s.apply_with(&self.data, v, &i, &mut ev);
        if r.is_err() {
            self.s = before;
        }
        self.log.extend(ev);
        r
    }
    fn apply(&mut self, i: Input<Command>) -> Result<(), RuleViolation> {
        let mut ev = Events::new();
        let before = self.s.clone();
        let r = self.s.apply(&self.data, &i, &mut ev);
        if r.is_err() {
            self.s = before;
        }
        self.log.extend(ev);
        r
    }
    fn ok(&mut self, i: Input<Command>) {
        let p = self.pending();
        self.apply(i.clone())
            .unwrap_or_else(|e| panic!("{i:?} refused at {p:?}: {e}"));
    }
    fn cmd(&mut self, c: Command) {
        self.ok(Input::Command(c));
    }
    fn roll(&mut self, v: u8) {
        self.ok(Input::Rolled(DiceRoll::of(&[v])));
    }
    /// The input that plays on: ends steps, passes, draws the first chit, rolls 5.
    fn next_input(&self) -> Input<Command> {
        match (self.s.step, self.pending()) {
            (Step::Reinforcement, _) => Input::Command(Command::EndReinforcements),
            (Step::Spend(_), _) => Input::Command(Command::DoneBuying),
            (Step::LeaderMoves(_), _) => Input::Command(Command::EndLeaderMoves),
            (Step::Arrivals(_), _) => Input::Command(Command::EndArrivals),
            (Step::Returns(_), _) => Input::Command(Command::EndReturns),
            (_, Pending::Command { .. }) => Input::Command(Command::EndActivation),
            (_, Pending::Choose { .. }) => Input::Chose(0),
            (_, Pending::DrawChit { .. }) => Input::Drew(0),
            (_, Pending::Roll { .. }) => Input::Rolled(DiceRoll::of(&[5])),
            (_, Pending::GameOver) => panic!("game over"),
        }
    }
    /// Plays on until turn `n` begins (or a step the test answers itself comes).
    fn play_to(&mut self, n: u8) {
        while self.s.turn < n && self.s.step != Step::VictoryCheck {
            let i = self.next_input();
            self.ok(i);
        }
    }
    /// Draws `c` from the Cup.
    fn draw(&mut self, c: Chit) {
        let Pending::DrawChit { chits, .. } = self.pending() else {
            panic!("no draw pending: {:?}", self.pending())
        };
        let i = chits
            .iter()
            .position(|o| *o == turn::Choice::Chit(c))
            .unwrap();
        self.ok(Input::Drew(i as u16));
    }
    fn saw(&self, w: What) -> bool {
        self.log.iter().any(|e| e.what == w)
    }
}

fn fresh() -> T {
    let mut ev = Events::new();
    let s = TurnState::new(&data(), &mut ev).unwrap();
    T::new(s, ev)
}

fn leader(id: u16, side: Side, leads: Leads, division: u16, at: HexId) -> Leader {
    Leader::new(
        UnitId(id),
        LeaderDef {
            side,
            leads,
            division,
            front: Bonuses { tq: 1, assault: 1 },
            replacement: Bonuses::default(),
        },
        at,
    )
}

// S3.3.4 b, S12.3.3: after a Formation chit's units have acted the turn stops at 2D-b for its
// owner; only the leaders that chit made active move, each once; nothing else is accepted until
// the owner ends the step. A Direct Command activates no leader: no stop.
#[test]
fn css_s3_3_4_the_turn_stops_for_2d_b_and_the_owner_moves_the_active_leaders() {
    let mut t = fresh();
    t.s.track_mut(MRD).dp = 2;
    t.cmd(Command::EndReinforcements);
    t.cmd(Command::Buy(Chit::Formation(FormationId(0))));
    t.cmd(Command::DoneBuying);
    t.cmd(Command::DoneBuying);
    t.roll(9);
    t.roll(9);
    assert!(
        matches!(t.pending(), Pending::DrawChit { .. }),
        "no one can interrupt"
    );
    t.draw(Chit::Formation(FormationId(0)));
    t.cmd(Command::EndActivation);
    assert!(matches!(t.s.step, Step::LeaderMoves(_)));
    assert_eq!(t.pending(), Pending::Command { player: WP });
    let mut leaders = [
        leader(100, WP, Leads::Formation(0), 0, h(5, 5)),
        leader(101, WP, Leads::Formation(1), 0, h(6, 6)),
        leader(102, WP, Leads::Division(0), 0, h(7, 7)),
        leader(103, NATO, Leads::Formation(2), 1, h(12, 12)),
    ];
    assert_eq!(
        t.s.leaders_at_2d_b(&t.data, &leaders).as_slice(),
        [UnitId(100), UnitId(102)]
    );
    let b = Board::new();
    let enemies = Enemies::<BH>::new();
    let board = Leg2dB::<BH, BP, _, _> {
        ground: b.ground(),
        cond: &NoMarkers,
        enemies: &enemies,
        friendly: |_x: HexId| false,
    };
    let mut scratch = MoveScratch::<BH>::new();
    let charts = leader_charts();
    let mut ev = Events::new();
    let d = data();
    let mut go = |s: &mut TurnState, leaders: &mut [Leader], id: u16, to: HexId| {
        let mut e = Events::new();
        let r = s.move_leader(
            &d,
            &board,
            leaders,
            UnitId(id),
            to,
            &charts,
            &mut scratch,
            &mut e,
        );
        ev.extend(e);
        r
    };
    let err = go(&mut t.s, &mut leaders, 101, h(6, 7)).unwrap_err();
    assert_eq!(err.case, "S12.3.3", "its formation is not active");
    assert_eq!(go(&mut t.s, &mut leaders, 100, h(5, 7)), Ok(12));
    assert_eq!(leaders[0].hex(), Some(h(5, 7)));
    let err = go(&mut t.s, &mut leaders, 100, h(5, 8)).unwrap_err();
    assert_eq!(err.case, "S12.3.3", "once per step");
    assert_eq!(
        t.s.leaders_at_2d_b(&t.data, &leaders).as_slice(),
        [UnitId(102)]
    );
    // Nothing but the end of the step is accepted.
    assert_eq!(t.apply(Input::Drew(0)).unwrap_err().case, "S3.0");
    assert_eq!(
        t.apply(Input::Command(Command::EndActivation))
            .unwrap_err()
            .case,
        "S3.0"
    );
    t.cmd(Command::EndLeaderMoves);
    assert!(t.saw(What::ActivationEnds(Chit::Formation(FormationId(0)))));
    assert!(matches!(t.pending(), Pending::DrawChit { .. }));
    // Outside 2D-b a leader does not move on its own.
    let err = go(&mut t.s, &mut leaders, 102, h(7, 8)).unwrap_err();
    assert_eq!(err.case, "S3.3.4");
    assert!(ev.iter().any(|e| e.what
        == What::LeaderMoved {
            leader: UnitId(100),
            to: h(5, 7),
            cost: 12
        }));
    // A Direct Command chit: no 2D-b.
    t.draw(Chit::DirectCommand(WP));
    t.roll(4);
    t.cmd(Command::EndActivation);
    assert!(!matches!(t.s.step, Step::LeaderMoves(_)));
    assert!(t.saw(What::ActivationEnds(Chit::DirectCommand(WP))));
}

/// The stacking pieces of the example's units.
fn piece(id: u16, side: Side, formation: u16) -> crate::css::stacking::Piece {
    unit(id, side, formation)
}

// Example S18.1-A: the Reinforcement Phase of the 1100 turn (turn 3), through the turn machine.
#[test]
fn css_example_s18_1_a_a_reinforcement_phase() {
    let d = data();
    let mut tracks = heapless::Vec::new();
    for def in &d.divisions {
        let mut t = DivisionTrack::new(def);
        t.fatigue = 2;
        tracks.push(t).unwrap();
    }
    tracks[1].tq = 4;
    let mut s = TurnState::unstarted(&d, 2, tracks, None, Light::default()).unwrap();
    let entry = h(10, 20);
    for u in [10, 11] {
        let held = Held {
            unit: UnitId(u),
            side: WP,
            division: MRD,
            turn: 3,
            to: Arrival::Enter { entry },
        };
        s.turn_track.schedule(held).unwrap();
    }
    let sabotage = Arrival::ToBox(BoxKind::Game(0));
    assert_eq!(
        s.turn_track
            .place_ahead(UnitId(30), NATO, BB, 1, 2, sabotage),
        Ok(3)
    );
    let mut company = Condition::fresh(2);
    company.lost = 1;
    s.displays
        .of_mut(BB)
        .unwrap()
        .rout(UnitId(20), FormationId(2), 6, company, false)
        .unwrap();
    let mut ev = Events::new();
    s.begin_turn(&d, &mut ev).unwrap();
    let mut t = T::new(s, ev);
    // Part 1: the saboteur goes back to its box; the two companies arrive.
    assert!(t.saw(What::IntoBox {
        unit: UnitId(30),
        division: BB
    }));
    assert_eq!(
        t.s.displays
            .of(BB)
            .unwrap()
            .in_box(BoxKind::Game(0))
            .count(),
        1
    );
    assert!(t.saw(What::Arriving(UnitId(10))) && t.saw(What::Arriving(UnitId(11))));
    // Part 2: the Warsaw Pact (initiative) places; NATO has no arrivals.
    assert_eq!(t.s.step, Step::Arrivals(WP));
    assert_eq!(t.pending(), Pending::Command { player: WP });
    let g = Board::new().g();
    let chart = StackingChart::stand_in();
    let mut field = Field::default()
        .with(entry, piece(1, WP, 0))
        .with(entry, piece(2, WP, 0))
        .with(h(5, 3), piece(50, WP, 1));
    let mut ev = Events::new();
    let first =
        t.s.enter_unit(&g, &field, &chart, &piece(10, WP, 0), entry, &mut ev);
    assert_eq!(first, Ok(Face::Column));
    field = field.with(entry, piece(10, WP, 0));
    let second = piece(11, WP, 0);
    let err = t.s.enter_unit(&g, &field, &chart, &second, entry, &mut ev);
    assert_eq!(
        err.unwrap_err().case,
        "S6.1",
        "a fourth unit in the entry hex"
    );
    let err =
        t.s.enter_unit(&g, &field, &chart, &second, h(10, 17), &mut ev);
    assert_eq!(
        err.unwrap_err().case,
        "S18.1",
        "three hexes from the entry hex"
    );
    let placed =
        t.s.enter_unit(&g, &field, &chart, &second, h(10, 19), &mut ev);
    assert_eq!(placed, Ok(Face::Column));
    assert!(ev.iter().any(|e| e.what
        == What::Entered {
            unit: UnitId(11),
            hex: h(10, 19)
        }));
    t.cmd(Command::EndArrivals);
    // Part 3: the rifle company's return check: 6 − (6 − 4) = 4; a 4 passes.
    assert_eq!(t.s.step, Step::ReturnCheck);
    assert!(matches!(
        t.pending(),
        Pending::Roll {
            player: NATO,
            case: "S11.10",
            ..
        }
    ));
    t.roll(4);
    assert!(t.saw(What::ReturnCheck {
        unit: UnitId(20),
        effective: 4,
        raw: 4,
        result: Return::Placed
    }));
    // Part 4: NATO places it next to its battalion HQ (5.5), not next to the WP unit at 5.3.
    assert_eq!(t.s.step, Step::Returns(NATO));
    let company = piece(20, NATO, 2);
    let hq = [h(5, 5)];
    let mut ev = Events::new();
    let err =
        t.s.place_returned(&g, &field, &chart, &hq, &company, h(5, 4), true, &mut ev);
    assert_eq!(err.unwrap_err().case, "S11.10");
    let back =
        t.s.place_returned(&g, &field, &chart, &hq, &company, h(5, 6), true, &mut ev);
    assert_eq!(back, Ok(Face::Deployed));
    assert!(t.s.displays.of(BB).unwrap().routed.is_empty());
    t.cmd(Command::EndReturns);
    // Part 5: SWs and the game's own steps; then step 1D.
    assert_eq!(t.s.step, Step::Reinforcement);
    t.cmd(Command::EndReinforcements);
    assert_eq!(t.s.step, Step::Spend(WP));
}

// S3.2.3, S11.10: every unit in a Routed box checks once per Reinforcement Phase, the
// initiative player's divisions first; a fail stays, an unmodified 9 costs a step (the last one
// eliminates); with no HQ on the map nothing is asked; a unit that passed may stay for want of
// a hex.
#[test]
fn css_s3_2_3_routed_units_take_their_return_check_in_step_1c() {
    let mut t = fresh();
    let b = t.s.displays.of_mut(BB).unwrap();
    b.rout(UnitId(20), FormationId(2), 6, Condition::fresh(2), false)
        .unwrap();
    b.rout(UnitId(21), FormationId(2), 5, Condition::fresh(1), false)
        .unwrap();
    t.s.displays
        .of_mut(MRD)
        .unwrap()
        .rout(UnitId(40), FormationId(0), 5, Condition::fresh(2), false)
        .unwrap();
    t.play_to(2);
    assert_eq!(t.s.step, Step::ReturnCheck);
    assert_eq!(
        t.pending().player(),
        Some(WP),
        "the initiative player's division first"
    );
    t.roll(6); // 40: 5 − 0 < 6, stays
    assert_eq!(t.pending().player(), Some(NATO));
    t.roll(9); // 20: two steps, loses one, stays
    t.roll(9); // 21: one step, eliminated
    assert!(t.saw(What::ReturnCheck {
        unit: UnitId(21),
        effective: 5,
        raw: 9,
        result: Return::Eliminated
    }));
    assert_eq!(
        t.s.step,
        Step::Reinforcement,
        "each unit checks once a phase"
    );
    let bb = t.s.displays.of(BB).unwrap();
    assert_eq!(bb.routed.len(), 1);
    assert_eq!(bb.routed[0].condition.lost, 1);
    // Turn 3: the MRD's HQ is off the map: its unit is not asked; unit 20 passes and stays
    // for want of a hex.
    t.s.track_mut(MRD).hq_on_map = false;
    t.play_to(3);
    assert_eq!(t.s.step, Step::ReturnCheck);
    assert_eq!(t.pending().player(), Some(NATO));
    t.roll(0);
    assert_eq!(t.s.step, Step::Returns(NATO));
    assert_eq!(
        t.apply(Input::Command(Command::EndReturns))
            .unwrap_err()
            .case,
        "S11.10"
    );
    t.cmd(Command::StayRouted(UnitId(20)));
    assert!(t.saw(What::StaysRouted(UnitId(20))));
    t.cmd(Command::EndReturns);
    assert_eq!(t.s.step, Step::Reinforcement);
    assert_eq!(t.s.displays.of(BB).unwrap().routed.len(), 1);
    assert_eq!(t.s.displays.of(MRD).unwrap().routed.len(), 1);
}

// S18.3: a unit put 2 turns ahead on turn 1 is out of play on turn 2 and comes back in turn 3's
// Reinforcement Phase, placed as a returned unit without a check (exclusive 14.0 1C-d).
#[test]
fn css_s18_3_units_on_the_turn_track_return_in_their_turn() {
    let mut t = fresh();
    let back =
        t.s.turn_track
            .place_ahead(UnitId(7), WP, MRD, 1, 2, Arrival::AsReturned)
            .unwrap();
    assert_eq!(back, 3);
    t.play_to(2);
    assert_eq!(t.s.step, Step::Reinforcement, "not due on turn 2");
    assert!(t.s.turn_track.is_held(UnitId(7)));
    t.play_to(3);
    assert!(t.saw(What::Arriving(UnitId(7))));
    assert_eq!(t.s.step, Step::Returns(WP));
    assert_eq!(
        t.apply(Input::Command(Command::StayRouted(UnitId(7))))
            .unwrap_err()
            .case,
        "S11.10"
    );
    let g = Board::new().g();
    let field = Field::default();
    let mut ev = Events::new();
    let placed = t.s.place_returned(
        &g,
        &field,
        &StackingChart::stand_in(),
        &[h(3, 3)],
        &piece(7, WP, 0),
        h(3, 4),
        true,
        &mut ev,
    );
    assert_eq!(placed, Ok(Face::Deployed));
    t.cmd(Command::EndReturns);
    assert_eq!(t.s.step, Step::Reinforcement);
    assert!(!t.s.turn_track.is_held(UnitId(7)));
}

// S18.1: each player, initiative first, places or holds every arriving unit; a held unit
// waits one turn on the track; placements are refused outside its owner's part of step 1C.
#[test]
fn css_s18_1_arrivals_are_placed_or_held_a_turn() {
    let mut t = fresh();
    for (u, side, div) in [(10, NATO, BB), (11, WP, MRD)] {
        let held = Held {
            unit: UnitId(u),
            side,
            division: div,
            turn: 2,
            to: Arrival::Enter { entry: h(2, 2) },
        };
        t.s.turn_track.schedule(held).unwrap();
    }
    let g = Board::new().g();
    let chart = StackingChart::stand_in();
    let field = Field::default();
    let mut ev = Events::new();
    let early =
        t.s.enter_unit(&g, &field, &chart, &piece(11, WP, 0), h(2, 2), &mut ev);
    assert_eq!(
        early.unwrap_err().case,
        "S18.1",
        "not in the Reinforcement Phase"
    );
    t.play_to(2);
    assert_eq!(t.s.step, Step::Arrivals(WP));
    let theirs =
        t.s.enter_unit(&g, &field, &chart, &piece(10, NATO, 2), h(2, 2), &mut ev);
    assert_eq!(
        theirs.unwrap_err().case,
        "S18.1",
        "NATO places after the WP"
    );
    assert_eq!(
        t.apply(Input::Command(Command::EndArrivals))
            .unwrap_err()
            .case,
        "S18.1"
    );
    t.cmd(Command::HoldArrival(UnitId(11)));
    assert!(t.saw(What::HeldOver {
        unit: UnitId(11),
        turn: 3
    }));
    t.cmd(Command::EndArrivals);
    assert_eq!(t.s.step, Step::Arrivals(NATO));
    let ok =
        t.s.enter_unit(&g, &field, &chart, &piece(10, NATO, 2), h(2, 3), &mut ev);
    assert_eq!(ok, Ok(Face::Column));
    t.cmd(Command::EndArrivals);
    assert_eq!(t.s.step, Step::Reinforcement);
    t.play_to(3);
    assert_eq!(
        t.s.step,
        Step::Arrivals(WP),
        "the held unit arrives a turn later"
    );
    assert_eq!(t.s.arriving.len(), 1);
}

/// A game's victory test: `side` wins at the End Phase of turn `at`.
struct WinsAt {
    at: u8,
    side: Side,
}

impl Victory for WinsAt {
    fn check(&self, turn: u8) -> Option<Verdict> {
        (turn == self.at).then_some(Verdict::Win(self.side))
    }
}

fn scenario(check_turns: &[u8], start: Start) -> Scenario {
    let mut s = crate::css::scenario::tests::scenario();
    s.reinforcements.clear();
    s.boxes.clear();
    s.last_turn = 6;
    s.start = start;
    s.victory.check_turns = heapless::Vec::from_slice(check_turns).unwrap();
    s
}

// S3.7.1, S21.1: the End Phase of a check turn runs the game's test; no verdict lets play go on,
// a verdict ends the game at once (S3.7.2); plain `apply` cannot skip the check.
#[test]
fn css_s3_7_1_the_end_phase_checks_victory_on_the_scenarios_turns() {
    let sc = scenario(&[2, 3], Start::Preparation);
    let d = sc.command_data(&data()).unwrap();
    let mut ev = Events::new();
    let s = TurnState::from_scenario(&d, &sc, Light::default(), &mut ev).unwrap();
    let mut t = T::new(s, ev);
    t.data = d;
    t.play_to(2);
    t.play_to(3);
    assert_eq!((t.s.turn, t.s.step), (2, Step::VictoryCheck));
    assert!(t.saw(What::EndPhase(2)));
    assert_eq!(
        t.apply(Input::Command(Command::EndReinforcements))
            .unwrap_err()
            .case,
        "S3.7.1"
    );
    let mut ev = Events::new();
    let d = t.data.clone();
    t.s.victory_check(&d, &NoVictory, &mut ev).unwrap();
    assert_eq!(t.s.turn, 3, "no verdict: the next turn");
    let game = WinsAt { at: 3, side: NATO };
    while t.s.step != Step::GameOver {
        let i = t.next_input();
        t.apply_with(&game, i).unwrap();
    }
    assert_eq!(t.s.turn, 3);
    assert_eq!(t.s.verdict, Some(Verdict::Win(NATO)));
    assert!(t.saw(What::Victory(Verdict::Win(NATO))));
    assert_eq!(t.pending(), Pending::GameOver);
    let mut ev = Events::new();
    let late = t.s.victory_check(&d, &game, &mut ev).unwrap_err();
    assert_eq!(late.case, "S3.7.1");
}

// S21.3: a scenario starts the turn machine with its division values, its reinforcements on
// the track, its check turns and the track's light (0700: the weather roll), or at step 2A with
// its chits in the Cup.
#[test]
fn css_s21_3_a_scenario_starts_the_turn_machine() {
    let sc = crate::css::scenario::tests::scenario();
    let d = sc.command_data(&data()).unwrap();
    let mut ev = Events::new();
    let s = TurnState::from_scenario(&d, &sc, Light::default(), &mut ev).unwrap();
    assert_eq!((s.turn, s.step), (1, Step::Weather));
    let bb = s.track(BB);
    assert_eq!((bb.dp, bb.dc, bb.fatigue, bb.tq), (9, 4, 2, 5));
    assert_eq!(s.turn_track.held.len(), 1);
    assert_eq!(s.victory_turns.as_slice(), [8]);
    assert_eq!(s.light.track.len(), 10);
    // At step 2A: the scenario's chits and the standard ones in the Cup; no Preparation Phase.
    let cup = heapless::Vec::from_slice(&[Chit::Formation(FormationId(0))]).unwrap();
    let sc = scenario(&[], Start::ActionPhase { cup });
    let d = sc.command_data(&data()).unwrap();
    let mut ev = Events::new();
    let s = TurnState::from_scenario(&d, &sc, Light::default(), &mut ev).unwrap();
    assert_eq!(s.turn, 1);
    assert_eq!(s.cup.len(), 5);
    assert!(s.cup.contains(Chit::Formation(FormationId(0))));
    assert!(matches!(s.step, Step::Interrupt(_) | Step::Draw));
    assert!(ev.iter().any(|e| e.what == What::CupFilled(5)));
    let mut bad = crate::css::scenario::tests::scenario();
    bad.last_turn = 0;
    let refused = TurnState::from_scenario(&d, &bad, Light::default(), &mut Events::new());
    assert_eq!(refused.unwrap_err().case, "S21.3");
}
