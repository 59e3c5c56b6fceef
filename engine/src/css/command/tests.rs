//! Command and the turn sequence (S2.7, S3, S4, S17), with examples S3.4-A, S4.2-A and
//! S17.1-A, named with their cases.
extern crate std;

use super::turn::{Choice, Command, Event, Origin, Step, TurnState, What};
use super::*;
use crate::core::protocol::{DiceRoll, Events, Input, Pending};
use crate::core::units::UnitId;
use crate::css::standin::chit_costs;
use std::vec::Vec;

const NATO: Side = Side::A;
const WP: Side = Side::B;

/// 1st MRD (WP, division 0): formations 0 (2nd MRR), 1, 2. US Berlin Brigade (NATO, division
/// 1): formations 3, 4. West German police (NATO, division 2): no Division chit, no DC track,
/// immune to fatigue, one formation (5).
fn data() -> CommandData {
    let mrd = crate::css::command::testkit::motor_rifle_division(WP);
    let bb = DivisionDef {
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
        ..bb
    };
    let f = |d: u8| FormationDef::of(DivisionId(d));
    CommandData {
        divisions: heapless::Vec::from_slice(&[mrd, bb, police]).unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(0), f(1), f(1), f(2)]).unwrap(),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

const MRD: DivisionId = DivisionId(0);
const BB: DivisionId = DivisionId(1);
const POLICE: DivisionId = DivisionId(2);
const MRR2: FormationId = FormationId(0);
const BB_INF: FormationId = FormationId(3);

struct T {
    data: CommandData,
    s: TurnState,
    log: Vec<Event>,
}

impl T {
    fn new(data: CommandData, dp: [u8; 3]) -> T {
        let mut ev = Events::new();
        let mut s = TurnState::new(&data, &mut ev).unwrap();
        for (i, t) in s.tracks.iter_mut().enumerate() {
            t.dp = dp[i];
        }
        T {
            data,
            s,
            log: ev.into_iter().collect(),
        }
    }
    fn pending(&self) -> Pending<Choice> {
        self.s.pending(&self.data)
    }
    fn apply(&mut self, i: Input<Command>) -> Result<(), RuleViolation> {
        let mut ev = Events::new();
        let before = self.s.clone();
        let r = self.s.apply(&self.data, &i, &mut ev);
        if r.is_err() {
            self.s = before; // as the game does: a refusal leaves nothing behind
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
    fn chose(&mut self, c: Choice) {
        let Pending::Choose { options, .. } = self.pending() else {
            panic!("no choice pending: {:?}", self.pending())
        };
        let i = options.iter().position(|o| *o == c).expect("offered");
        self.ok(Input::Chose(i as u8));
    }
    fn draw(&mut self, c: Chit) {
        let Pending::DrawChit { chits, .. } = self.pending() else {
            panic!("no draw pending: {:?}", self.pending())
        };
        let i = chits
            .iter()
            .position(|o| *o == Choice::Chit(c))
            .expect("in the Cup");
        self.ok(Input::Drew(i as u16));
    }
    /// Step 1C and 1D: buy `wp` then `nato`; step 1F with `rolls` (initiative side first).
    fn prepare(&mut self, wp: &[Chit], nato: &[Chit], rolls: &[u8]) {
        self.cmd(Command::EndReinforcements);
        for c in wp {
            self.cmd(Command::Buy(*c));
        }
        self.cmd(Command::DoneBuying);
        for c in nato {
            self.cmd(Command::Buy(*c));
        }
        self.cmd(Command::DoneBuying);
        for r in rolls {
            self.roll(*r);
        }
    }
    /// Answers everything until the next turn begins: passes, draws the first chit, ends
    /// activations, rolls 5.
    fn finish_turn(&mut self) {
        let turn = self.s.turn;
        while self.s.turn == turn && self.s.step != Step::GameOver {
            match self.pending() {
                Pending::Choose { .. } => self.ok(Input::Chose(0)),
                Pending::DrawChit { .. } => self.ok(Input::Drew(0)),
                Pending::Roll { .. } => self.roll(5),
                Pending::Command { .. } => self.end_step(),
                Pending::GameOver => break,
            }
        }
    }
    /// Passes, rolls 5 and ends activations (a carried-over chit) until a draw is asked for.
    fn until_draw(&mut self) {
        loop {
            match self.pending() {
                Pending::Choose { .. } => self.ok(Input::Chose(0)),
                Pending::Roll { .. } => self.roll(5),
                Pending::Command { .. } => self.end_step(),
                _ => break,
            }
        }
    }
    /// Ends the chit's activation (2D-a) and, where the chit made formations active, step 2D-b
    /// with no leader moved (S3.3.4).
    fn end(&mut self) {
        self.cmd(Command::EndActivation);
        if matches!(self.s.step, Step::LeaderMoves(_)) {
            self.cmd(Command::EndLeaderMoves);
        }
    }
    /// Ends whichever of 2D-a and 2D-b is asked.
    fn end_step(&mut self) {
        if matches!(self.s.step, Step::LeaderMoves(_)) {
            self.cmd(Command::EndLeaderMoves);
        } else {
            self.cmd(Command::EndActivation);
        }
    }
    fn cup_and_bought_chits(&self) -> Vec<Chit> {
        self.s
            .cup
            .chits
            .iter()
            .chain(&self.s.bought)
            .copied()
            .collect()
    }
    /// Answers until NATO is asked to interrupt or a draw is due (the WP passes, rolls 5).
    fn until_draw_or_nato(&mut self) {
        loop {
            match self.pending() {
                Pending::Choose { player, .. } if player == NATO => break,
                Pending::Choose { .. } => self.ok(Input::Chose(0)),
                Pending::Roll { .. } => self.roll(5),
                Pending::Command { .. } => self.end_step(),
                _ => break,
            }
        }
    }
    fn cup(&self) -> Vec<Chit> {
        self.s.cup.chits.iter().copied().collect()
    }
    fn saw(&self, w: What) -> bool {
        self.log.iter().any(|e| e.what == w)
    }
}

fn refused(t: &mut T, i: Input<Command>) -> &'static str {
    t.apply(i).unwrap_err().case
}

// Example S3.4-A: seven chits; the WP declines, NATO interrupts (4 DP → 1, +2 fatigue at once)
// and plays the chit at once; back at 2C only the WP is asked; the Wind is drawn (gust roll 6);
// at the last chit the WP declines, NATO (1 DP) is not asked; the NATO Direct Command chit is set
// aside, played first at 2B of the next turn and kept out of its Cup.
#[test]
fn css_example_s3_4_a_draws_with_an_interrupt_and_a_carried_over_chit() {
    let mut t = T::new(data(), [7, 6, 0]);
    t.prepare(
        &[Chit::Division(MRD), Chit::Formation(MRR2)],
        &[Chit::Division(BB)],
        &[0, 7, 9], // MRD 0 ≤ 5: +3; BB 7 > 6: +1; police +1
    );
    assert_eq!(t.s.track(BB).dp, 4);
    assert_eq!(t.s.track(BB).fatigue, 1);
    assert_eq!(t.s.cup.len(), 7);
    for c in [
        Chit::Division(MRD),
        Chit::Formation(MRR2),
        Chit::Division(BB),
        Chit::DirectCommand(WP),
        Chit::DirectCommand(NATO),
        Chit::Wind,
        Chit::RandomEvent,
    ] {
        assert!(t.s.cup.contains(c), "{c:?}");
    }
    // 2C: the initiative player first.
    assert_eq!(t.pending().player(), Some(WP));
    assert!(matches!(t.pending(), Pending::Choose { case: "S3.5", .. }));
    t.chose(Choice::Pass);
    assert_eq!(t.pending().player(), Some(NATO));
    t.chose(Choice::Buy(BB_INF));
    assert_eq!((t.s.track(BB).dp, t.s.track(BB).fatigue), (1, 3));
    assert_eq!(
        t.s.step,
        Step::Playing(super::turn::Play {
            chit: Chit::Formation(BB_INF),
            origin: Origin::Interrupt,
            rolling: false
        })
    );
    assert_eq!(
        t.s.cup.len(),
        7,
        "an interrupt chit never goes into the Cup"
    );
    t.end();
    assert!(t.saw(What::ActivationEnds(Chit::Formation(BB_INF))));
    // Back to 2C: the WP may interrupt again; NATO may not (S3.5.2).
    assert_eq!(t.pending().player(), Some(WP));
    t.chose(Choice::Pass);
    let Pending::DrawChit { player, chits, .. } = t.pending() else {
        panic!("a draw")
    };
    assert_eq!((player, chits.len()), (WP, 7));
    t.draw(Chit::Wind);
    assert!(matches!(t.pending(), Pending::Roll { case: "S9.9.3", .. }));
    t.roll(6);
    assert!(t.saw(What::Wind { gust: false }));
    assert_eq!(t.s.cup.len(), 6);
    // ... and so on, down to the NATO Direct Command chit.
    for c in [
        Chit::Division(MRD),
        Chit::Formation(MRR2),
        Chit::Division(BB),
        Chit::DirectCommand(WP),
        Chit::RandomEvent,
    ] {
        while let Pending::Choose { .. } = t.pending() {
            t.chose(Choice::Pass);
        }
        t.draw(c);
        while !matches!(
            t.pending(),
            Pending::Command { .. } | Pending::Choose { .. } | Pending::DrawChit { .. }
        ) {
            t.roll(4);
        }
        if matches!(t.s.step, Step::Playing(_)) {
            t.end();
        }
    }
    assert_eq!(t.cup(), [Chit::DirectCommand(NATO)]);
    assert_eq!(t.s.step, Step::LastChit(WP));
    t.chose(Choice::Pass);
    // NATO (1 DP) cannot buy: not asked. The chit is set aside; the next turn begins.
    assert!(t.saw(What::SetAside(Chit::DirectCommand(NATO))));
    assert_eq!(
        (t.s.turn, t.s.carried),
        (2, Some(Chit::DirectCommand(NATO)))
    );
    t.prepare(&[], &[], &[5, 5, 5]);
    // 2B: the carried chit is played before anything else; its own copy is not in the Cup.
    assert!(t.saw(What::Played(Chit::DirectCommand(NATO), Origin::CarriedOver)));
    assert!(!t.s.cup.contains(Chit::DirectCommand(NATO)));
    assert!(t.s.cup.contains(Chit::DirectCommand(WP)));
    assert_eq!(t.s.cup.len(), 3);
    let Pending::Roll { player, case, .. } = t.pending() else {
        panic!("the DC roll")
    };
    assert_eq!((player, case), (NATO, "S4.6.1"));
}

// Example S4.2-A: the Berlin Brigade's bookkeeping over one turn.
#[test]
fn css_example_s4_2_a_a_divisions_command_bookkeeping() {
    let data = data();
    let mut tracks = heapless::Vec::new();
    for d in &data.divisions {
        tracks.push(DivisionTrack::new(d)).unwrap();
    }
    tracks[BB.0 as usize] = DivisionTrack {
        dp: 5,
        dc: 3,
        fatigue: 4,
        ..tracks[BB.0 as usize]
    };
    let mut ev = Events::new();
    let s = TurnState::starting(&data, 4, tracks, None, &mut ev).unwrap();
    let mut t = T {
        data,
        s,
        log: ev.into_iter().collect(),
    };
    // 1B: 4 is below NATO's threshold of 5: nothing happens.
    assert_eq!(t.s.track(BB).tq, 6);
    t.prepare(
        &[],
        &[Chit::Division(BB), Chit::Formation(BB_INF)],
        &[5, 7, 9],
    );
    assert_eq!(t.s.track(BB).fatigue, 5, "1E: +1 for any chits");
    assert_eq!(t.s.track(BB).dp, 1, "0, then 7 > 6: +1");
    assert!(t.saw(What::DispatchPoints {
        division: BB,
        gained: 1,
        now: 1
    }));
    // The MRD rolled 5 ≤ 5: 3 DP, so the WP is asked whether to interrupt; it declines.
    assert_eq!(t.s.track(MRD).dp, 3);
    t.chose(Choice::Pass);
    t.draw(Chit::DirectCommand(NATO));
    t.roll(5);
    assert_eq!(t.s.track(BB).dc, 7, "3 + 2 (Command Rating) + 5/2");
    assert!(t.saw(What::DirectCommands {
        division: Some(BB),
        gained: 4
    }));
    t.cmd(Command::SpendDirectCommand {
        division: BB,
        unit: UnitId(10),
    });
    assert_eq!(
        refused(
            &mut t,
            Input::Command(Command::SpendDirectCommand {
                division: BB,
                unit: UnitId(10)
            })
        ),
        "S4.6.2"
    );
    assert_eq!(
        refused(
            &mut t,
            Input::Command(Command::SpendDirectCommand {
                division: MRD,
                unit: UnitId(11)
            })
        ),
        "S4.6.2"
    );
    t.cmd(Command::SpendDirectCommand {
        division: BB,
        unit: UnitId(11),
    });
    assert_eq!(t.s.track(BB).dc, 5);
    t.end();
    t.finish_turn();
    // Next turn, 1B: fatigue 5 reaches the threshold.
    assert_eq!((t.s.turn, t.s.track(BB).tq), (5, 5));
    assert!(t.saw(What::CurrentTq {
        division: BB,
        change: -1,
        now: 5
    }));
}

// Example S17.1-A: the 1st MRD's fatigue and current TQ over four turns.
#[test]
fn css_example_s17_1_a_fatigue_over_three_turns() {
    let mut t = T::new(data(), [7, 0, 0]);
    t.s.track_mut(MRD).fatigue = 2;
    t.prepare(
        &[
            Chit::Division(MRD),
            Chit::Formation(MRR2),
            Chit::Formation(FormationId(1)),
        ],
        &[],
        &[0, 9, 9],
    );
    assert_eq!(t.s.track(MRD).fatigue, 3);
    t.chose(Choice::Buy(FormationId(2)));
    assert_eq!(t.s.track(MRD).fatigue, 5);
    t.finish_turn();
    assert_eq!(t.s.track(MRD).tq, 5, "turn 2, step B: 5 ≥ 4");
    t.s.track_mut(MRD).dp = 4; // the DP rolls do not matter here
    t.prepare(
        &[Chit::Formation(MRR2), Chit::Formation(FormationId(1))],
        &[],
        &[9, 9, 9],
    );
    assert_eq!(t.s.track(MRD).fatigue, 4, "+1 −2");
    t.finish_turn();
    assert_eq!(t.s.track(MRD).tq, 4);
    t.prepare(&[], &[], &[9, 9, 9]);
    assert_eq!(t.s.track(MRD).fatigue, 2);
    t.finish_turn();
    assert_eq!(
        (t.s.turn, t.s.track(MRD).tq),
        (4, 4),
        "2 < 4: no loss, no recovery above 0"
    );
}

// S4.3, table S4.3-T: what may be bought in step 1D and for how much.
#[test]
fn css_s4_3_buying_chits_in_step_1d() {
    let mut t = T::new(data(), [9, 9, 9]);
    t.cmd(Command::EndReinforcements);
    let buy = |c| Input::Command(Command::Buy(c));
    assert_eq!(
        refused(&mut t, buy(Chit::Division(BB))),
        "S4.3",
        "NATO's chit in the WP's turn to buy"
    );
    assert_eq!(refused(&mut t, buy(Chit::Wind)), "S4.3");
    assert_eq!(refused(&mut t, buy(Chit::DirectCommand(WP))), "S4.3");
    t.cmd(Command::Buy(Chit::Division(MRD)));
    assert_eq!(refused(&mut t, buy(Chit::Division(MRD))), "S4.3");
    t.cmd(Command::Buy(Chit::Formation(MRR2)));
    assert_eq!(refused(&mut t, buy(Chit::Formation(MRR2))), "S4.3");
    assert_eq!(t.s.track(MRD).dp, 4);
    t.cmd(Command::Buy(Chit::Formation(FormationId(1))));
    assert_eq!(t.s.track(MRD).dp, 2);
    t.cmd(Command::Buy(Chit::Formation(FormationId(2))));
    assert_eq!(t.s.track(MRD).dp, 0);
    t.s.track_mut(MRD).dp = 1;
    assert_eq!(
        refused(&mut t, buy(Chit::DivisionDirectCommand(MRD))),
        "S4.7",
        "no DC chits"
    );
    assert!(t.saw(What::Bought {
        chit: Chit::Division(MRD),
        cost: 3
    }));
    t.cmd(Command::DoneBuying);
    assert_eq!(t.pending().player(), Some(NATO));
    assert_eq!(
        refused(&mut t, buy(Chit::Division(POLICE))),
        "S4.3",
        "the police have no Division chit"
    );
    t.s.track_mut(BB).dp = 2;
    assert_eq!(
        refused(&mut t, buy(Chit::Division(BB))),
        "S4.3",
        "not enough DP"
    );
}

// S4.3.1, exclusive 9.2: TQ 3 or less, no Formation chits; 2 or less, no Division chits either;
// Direct Command chits are never restricted.
#[test]
fn css_s4_3_1_low_tq_limits_purchases() {
    let mut t = T::new(data(), [9, 9, 9]);
    t.s.track_mut(MRD).tq = 3;
    t.s.track_mut(POLICE).tq = 1;
    t.cmd(Command::EndReinforcements);
    assert_eq!(
        refused(&mut t, Input::Command(Command::Buy(Chit::Formation(MRR2)))),
        "S4.3.1"
    );
    t.cmd(Command::Buy(Chit::Division(MRD)));
    t.cmd(Command::DoneBuying);
    t.cmd(Command::Buy(Chit::DivisionDirectCommand(POLICE)));
    t.s.track_mut(BB).tq = 2;
    assert_eq!(
        refused(&mut t, Input::Command(Command::Buy(Chit::Division(BB)))),
        "S4.3.1"
    );
}

// S4.7, exclusive 5.1 and 4.1.1: division Direct Command chits cost 1, 1, then 2, three per
// scenario; a formation with no DC track gets one die halved + 1 DC to spend at once.
#[test]
fn css_s4_7_division_direct_command_chits() {
    let mut t = T::new(data(), [0, 0, 9]);
    let dc = Chit::DivisionDirectCommand(POLICE);
    for (turn, cost) in [1u8, 1, 2].into_iter().enumerate() {
        let before = t.s.track(POLICE).dp;
        t.prepare(&[], &[dc], &[9, 9, 9]);
        assert_eq!(
            before - t.s.track(POLICE).dp + 1,
            cost,
            "turn {turn}: cost (1 DP was rolled back in)"
        );
        // Draw it and spend its Direct Commands.
        t.until_draw();
        t.draw(dc);
        let Pending::Roll { player, case, .. } = t.pending() else {
            panic!("a roll")
        };
        assert_eq!((player, case), (NATO, "S4.7"));
        t.roll(5);
        assert_eq!(t.s.trackless_dc, 3, "5/2 + 1");
        for u in 0..3 {
            t.cmd(Command::SpendDirectCommand {
                division: POLICE,
                unit: UnitId(u),
            });
        }
        assert_eq!(
            refused(
                &mut t,
                Input::Command(Command::SpendDirectCommand {
                    division: POLICE,
                    unit: UnitId(9)
                })
            ),
            "S4.7"
        );
        t.end();
        t.finish_turn();
    }
    t.cmd(Command::EndReinforcements);
    t.cmd(Command::DoneBuying);
    assert_eq!(
        refused(&mut t, Input::Command(Command::Buy(dc))),
        "S4.7",
        "three per scenario"
    );
}

// S4.2, exclusive 9.1: a roll at or below the Dispatch Rating gives 3 DP, above it 1; at most 9.
#[test]
fn css_s4_2_dispatch_points() {
    let d = data();
    let (def, costs) = (d.divisions[BB.0 as usize], chit_costs());
    let mut tr = DivisionTrack::new(&def);
    assert_eq!(tr.dispatch_roll(&def, &costs, 6), 3);
    assert_eq!(tr.dispatch_roll(&def, &costs, 7), 1);
    tr.dp = 8;
    assert_eq!(
        (tr.dispatch_roll(&def, &costs, 0), tr.dp),
        (1, 9),
        "the excess is lost"
    );
}

// S4.6.1, exclusive 9.1: die halved + Command Rating, at most 19, only with the HQ on the map.
#[test]
fn css_s4_6_1_direct_commands_need_the_hq_and_stop_at_19() {
    let d = data();
    let (def, costs) = (d.divisions[MRD.0 as usize], chit_costs());
    let mut tr = DivisionTrack::new(&def);
    assert_eq!(tr.gain_direct_commands(&def, &costs, 9), 7);
    tr.dc = 17;
    assert_eq!((tr.gain_direct_commands(&def, &costs, 1), tr.dc), (2, 19));
    tr.hq_on_map = false;
    tr.dc = 0;
    assert_eq!(tr.gain_direct_commands(&def, &costs, 9), 0);
}

// S3.5.2, S3.5.4: one interrupt per player per step C, never twice in a row; one Action Phase
// Formation chit per formation per turn.
#[test]
fn css_s3_5_2_no_two_interrupts_in_a_row() {
    let mut t = T::new(data(), [9, 9, 0]);
    t.prepare(&[], &[], &[9, 9, 9]);
    t.chose(Choice::Buy(MRR2));
    t.end();
    // The WP interrupted: NATO is asked, not the WP.
    assert_eq!(t.pending().player(), Some(NATO));
    t.chose(Choice::Pass);
    assert!(matches!(t.pending(), Pending::DrawChit { .. }));
    t.draw(Chit::RandomEvent);
    assert!(t.saw(What::RandomEvent));
    // After a draw the WP may interrupt again, but not with the 2nd MRR (S3.5.4).
    let Pending::Choose {
        player, options, ..
    } = t.pending()
    else {
        panic!("interrupt?")
    };
    assert_eq!(player, WP);
    assert!(!options.contains(&Choice::Buy(MRR2)));
    assert!(options.contains(&Choice::Buy(FormationId(1))));
    assert_eq!(
        t.s.track(MRD).fatigue,
        2,
        "+2 at the interrupt (1E: −2 from 0 stays 0)"
    );
}

// S3.5.3, S3.6: a carried-over Division chit is played at 2B before any interrupt, counts as the
// division's Division chit (no purchase, no +1, no −2) and is kept out of the Cup.
#[test]
fn css_s3_6_a_carried_division_chit_counts_for_the_new_turn() {
    let data = data();
    let mut tracks = heapless::Vec::new();
    for d in &data.divisions {
        tracks
            .push(DivisionTrack {
                dp: 9,
                fatigue: 3,
                ..DivisionTrack::new(d)
            })
            .unwrap();
    }
    let mut ev = Events::new();
    let s = TurnState::starting(&data, 2, tracks, Some(Chit::Division(MRD)), &mut ev).unwrap();
    let mut t = T {
        data,
        s,
        log: Vec::new(),
    };
    t.cmd(Command::EndReinforcements);
    assert_eq!(
        refused(&mut t, Input::Command(Command::Buy(Chit::Division(MRD)))),
        "S4.3"
    );
    t.cmd(Command::DoneBuying);
    t.cmd(Command::DoneBuying);
    assert_eq!(t.s.track(MRD).fatigue, 3, "no +1 for it, no −2 without it");
    assert_eq!(
        t.s.track(BB).fatigue,
        1,
        "the Berlin Brigade had no Division chit: −2"
    );
    for r in [9, 9, 9] {
        t.roll(r);
    }
    assert!(!t.s.cup.contains(Chit::Division(MRD)));
    assert_eq!(t.s.carried, None);
    // 2B: the chit is being played, no interrupt was offered before it (S3.5.3).
    assert!(matches!(t.pending(), Pending::Command { player: WP }));
    assert!(t.saw(What::Played(Chit::Division(MRD), Origin::CarriedOver)));
    t.end();
    assert!(matches!(t.pending(), Pending::Choose { case: "S3.5", .. }));
}

// S3.3.4, S4.3.3: the draw lists exactly the chits in the Cup (a tap outside it is refused); a
// Formation chit bought at the last chit goes into the Cup (+2 fatigue) and play returns to 2C;
// when nobody buys, the last chit is set aside (S3.6).
#[test]
fn css_s4_3_3_buying_at_the_last_chit() {
    let mut t = T::new(data(), [0, 0, 0]);
    t.prepare(&[], &[], &[0, 9, 9]); // the MRD has 3 DP, NATO 1: only the WP is ever asked
    for c in [
        Chit::DirectCommand(WP),
        Chit::DirectCommand(NATO),
        Chit::Wind,
    ] {
        while let Pending::Choose { case: "S3.5", .. } = t.pending() {
            t.chose(Choice::Pass);
        }
        let Pending::DrawChit { chits, case, .. } = t.pending() else {
            panic!("a draw")
        };
        assert_eq!(case, "S3.3.4");
        let listed: Vec<Chit> = chits
            .iter()
            .map(|c| match c {
                Choice::Chit(x) => *x,
                _ => panic!("only chits"),
            })
            .collect();
        assert_eq!(listed, t.cup());
        assert_eq!(refused(&mut t, Input::Drew(chits.len() as u16)), "S3.3.4");
        t.draw(c);
        while let Pending::Roll { .. } = t.pending() {
            t.roll(5);
        }
        if let Pending::Command { .. } = t.pending() {
            t.end();
        }
    }
    assert_eq!(t.cup(), [Chit::RandomEvent]);
    let Pending::Choose { player, case, .. } = t.pending() else {
        panic!("2D-d")
    };
    assert_eq!((player, case), (WP, "S4.3.3"));
    t.chose(Choice::Buy(MRR2));
    assert_eq!(t.cup(), [Chit::RandomEvent, Chit::Formation(MRR2)]);
    assert_eq!((t.s.track(MRD).dp, t.s.track(MRD).fatigue), (0, 2));
    // Back to 2C (nobody can pay for an interrupt), then the draw.
    assert!(matches!(t.pending(), Pending::DrawChit { .. }));
    t.draw(Chit::RandomEvent);
    // One chit left, nobody can buy: set aside, End Phase, next turn.
    assert!(t.saw(What::SetAside(Chit::Formation(MRR2))));
    assert!(t.saw(What::EndPhase(1)));
    assert_eq!((t.s.turn, t.s.carried), (2, Some(Chit::Formation(MRR2))));
}

// S3.7.2: the game ends after the scenario's last turn; nothing more is accepted.
#[test]
fn css_s3_7_2_the_game_ends_after_the_last_turn() {
    let mut d = data();
    d.last_turn = 1;
    let mut t = T::new(d, [0, 0, 0]);
    t.prepare(&[], &[], &[9, 9, 9]);
    t.finish_turn();
    assert_eq!(t.s.step, Step::GameOver);
    assert!(matches!(t.pending(), Pending::GameOver));
    assert!(t.saw(What::GameOver));
    assert_eq!(
        refused(&mut t, Input::Command(Command::EndReinforcements)),
        "S3.7.2"
    );
}

// S3.0: an input the sequence of play does not ask for is refused with its case.
#[test]
fn css_s3_0_inputs_out_of_sequence_are_refused() {
    let mut t = T::new(data(), [0, 0, 0]);
    assert_eq!(refused(&mut t, Input::Drew(0)), "S3.0");
    assert_eq!(refused(&mut t, Input::Command(Command::DoneBuying)), "S3.0");
    t.cmd(Command::EndReinforcements);
    assert_eq!(
        t.pending().player(),
        Some(WP),
        "S3.8: the initiative player buys first"
    );
    t.cmd(Command::DoneBuying);
    t.cmd(Command::DoneBuying);
    assert_eq!(refused(&mut t, Input::Rolled(DiceRoll::of(&[10]))), "S1.3");
    let Pending::Roll { player, dice, .. } = t.pending() else {
        panic!("1F")
    };
    assert_eq!((player, dice.zero_based), (WP, true));
}

// S17.2: at or above the threshold costs 1 current TQ; fatigue 0 restores 1 up to the maximum;
// immune formations skip both. S11.2.1: a failed Division TQC costs 1 current TQ, never below 0.
#[test]
fn css_s17_2_fatigue_check_and_recovery() {
    let d = data();
    let (mrd, police) = (d.divisions[MRD.0 as usize], d.divisions[POLICE.0 as usize]);
    let mut t = DivisionTrack {
        tq: 4,
        fatigue: 0,
        ..DivisionTrack::new(&mrd)
    };
    assert_eq!((t.fatigue_check(&mrd), t.tq), (1, 5));
    t.tq = 6;
    assert_eq!(t.fatigue_check(&mrd), 0, "never above the maximum");
    t.fatigue = 7;
    assert_eq!((t.fatigue_check(&mrd), t.tq), (-1, 5));
    let mut p = DivisionTrack {
        fatigue: 9,
        ..DivisionTrack::new(&police)
    };
    assert_eq!((p.fatigue_check(&police), p.tq), (0, 6));
    t.tq = 1;
    t.fail_division_check();
    t.fail_division_check();
    assert_eq!(t.tq, 0);
}

// S3.4, S4.4, S4.5, S4.6.2, S5.1.2: who a chit activates and what second action they get; the
// chit is active only once its roll is made.
#[test]
fn css_s3_4_what_a_chit_activates() {
    let d = data();
    assert!(d.activates(Chit::Division(MRD), MRR2));
    assert!(d.activates(Chit::Division(MRD), FormationId(2)));
    assert!(!d.activates(Chit::Division(MRD), BB_INF));
    assert!(d.activates(Chit::Formation(BB_INF), BB_INF));
    assert!(!d.activates(Chit::Formation(BB_INF), FormationId(4)));
    assert!(!d.activates(Chit::DirectCommand(NATO), BB_INF));
    assert_eq!(Chit::Formation(MRR2).second_action(), SecondAction::Free);
    assert_eq!(Chit::Division(MRD).second_action(), SecondAction::AfterTqc);
    assert_eq!(Chit::DirectCommand(WP).second_action(), SecondAction::Never);
    assert_eq!(
        Chit::DivisionDirectCommand(POLICE).second_action(),
        SecondAction::Never
    );

    let mut t = T::new(data(), [0, 0, 0]);
    t.prepare(&[], &[], &[9, 9, 9]);
    assert_eq!(t.s.active_chit(), None);
    t.draw(Chit::DirectCommand(NATO));
    assert_eq!(t.s.active_chit(), None, "not before the DC roll");
    let spend = Input::Command(Command::SpendDirectCommand {
        division: BB,
        unit: UnitId(4),
    });
    assert_eq!(
        refused(&mut t, spend),
        "S3.0",
        "DC are spent after they are gained"
    );
    t.roll(2);
    assert_eq!(t.s.active_chit(), Some(Chit::DirectCommand(NATO)));
    t.cmd(Command::SpendDirectCommand {
        division: BB,
        unit: UnitId(4),
    });
    assert!(t.s.commanded(UnitId(4)) && !t.s.commanded(UnitId(5)));
    t.end();
    assert!(!t.s.commanded(UnitId(4)));
}

// Appendix D: the stand-in tables and the command state are data the data crate writes and the
// saves keep: each survives a postcard round trip unchanged.
#[test]
fn css_standin_tables_and_the_turn_state_round_trip() {
    use crate::css::standin::{fire_charts, tq_modifiers};
    fn round<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug>(
        x: &T,
    ) {
        let bytes = postcard::to_allocvec(x).unwrap();
        assert_eq!(&postcard::from_bytes::<T>(&bytes).unwrap(), x);
    }
    round(&chit_costs());
    round(&fire_charts());
    round(&tq_modifiers());
    round(&data());
    let mut t = T::new(data(), [9, 9, 9]);
    t.prepare(&[Chit::Division(MRD)], &[Chit::Division(BB)], &[0, 0, 0]);
    t.chose(Choice::Buy(MRR2));
    round(&t.s);
}

// S3.5, S4.3.3: an option index past the offered list is a player's wrong answer: it is refused
// citing the case of the choice it answers, and changes nothing.
#[test]
fn css_s3_5_and_s4_3_3_an_option_past_the_list_cites_the_choice() {
    let mut t = T::new(data(), [9, 9, 0]);
    t.prepare(&[], &[], &[9, 9, 9]);
    let Pending::Choose {
        case: "S3.5",
        options,
        ..
    } = t.pending()
    else {
        panic!("the 2C interrupt choice")
    };
    let before = t.s.clone();
    assert_eq!(refused(&mut t, Input::Chose(options.len() as u8)), "S3.5");
    assert_eq!(t.s, before);

    let mut t = T::new(data(), [0, 0, 0]);
    t.prepare(&[], &[], &[0, 9, 9]);
    for c in [
        Chit::DirectCommand(WP),
        Chit::DirectCommand(NATO),
        Chit::Wind,
    ] {
        while let Pending::Choose { case: "S3.5", .. } = t.pending() {
            t.chose(Choice::Pass);
        }
        t.draw(c);
        while let Pending::Roll { .. } = t.pending() {
            t.roll(5);
        }
        if let Pending::Command { .. } = t.pending() {
            t.end();
        }
    }
    let Pending::Choose {
        case: "S4.3.3",
        options,
        ..
    } = t.pending()
    else {
        panic!("the 2D-d last-chit choice")
    };
    let before = t.s.clone();
    assert_eq!(refused(&mut t, Input::Chose(options.len() as u8)), "S4.3.3");
    assert_eq!(t.s, before);
}

/// The test data with the police formation (5) paid by a NATO army division the owner picks
/// (the Gates' 4.1.1; the series S4.3 with a picked payer).
fn police_paid_by_bb() -> CommandData {
    let mut d = data();
    d.formations[5].paid_by = 1 << BB.0;
    d
}

// S4.3 with a picked payer (Gates 4.1.1): the police Formation chit names the division that
// pays; that division's DP pay and it is the one tired at step 1E (S17.1); the police's own
// track pays nothing.
#[test]
fn css_s4_3_a_picked_division_pays_for_a_formation_chit_in_step_1d() {
    let police_f = Chit::Formation(FormationId(5));
    let mut t = T::new(police_paid_by_bb(), [9, 5, 0]);
    t.cmd(Command::EndReinforcements);
    t.cmd(Command::DoneBuying);
    assert_eq!(
        refused(&mut t, Input::Command(Command::Buy(police_f))),
        "S4.3",
        "the payer is named"
    );
    let paid_by = |payer| {
        Input::Command(Command::BuyPaidBy {
            chit: police_f,
            payer,
        })
    };
    assert_eq!(
        refused(&mut t, paid_by(POLICE)),
        "S4.3",
        "only the named divisions pay"
    );
    assert_eq!(
        refused(
            &mut t,
            Input::Command(Command::BuyPaidBy {
                chit: Chit::Formation(BB_INF),
                payer: BB
            })
        ),
        "S4.3",
        "a chit its own division pays for names no payer"
    );
    t.ok(paid_by(BB));
    assert_eq!(t.s.track(BB).dp, 5 - t.data.costs.formation_preparation);
    assert_eq!(t.s.track(POLICE).dp, 0);
    assert_eq!(t.cup_and_bought_chits(), [police_f]);
    let before = t.s.track(BB).fatigue;
    t.cmd(Command::DoneBuying);
    // S17.1 at 1E: the Brigade bought a chit (+1) and no Division chit (−2), as if its own.
    assert_eq!(
        t.s.track(BB).fatigue,
        (before + t.data.costs.fatigue_any_chit).saturating_sub(t.data.costs.fatigue_no_division)
    );
}

// S3.5, S4.3.3 with a picked payer (Gates 4.1.1): the Action Phase offers the police chit once
// per division that may pay and has the DP; the one picked pays and takes the +2 fatigue.
#[test]
fn css_s3_5_an_interrupt_offers_the_police_chit_per_paying_division() {
    let mut t = T::new(police_paid_by_bb(), [0, 9, 0]);
    t.prepare(&[], &[], &[9, 9, 9]);
    t.until_draw_or_nato();
    let Pending::Choose {
        player, options, ..
    } = t.pending()
    else {
        panic!("NATO is asked: {:?}", t.pending())
    };
    assert_eq!(player, NATO);
    let police = Choice::BuyPaidBy(FormationId(5), BB);
    assert!(options.contains(&police));
    assert!(!options.contains(&Choice::Buy(FormationId(5))));
    let (dp, fatigue) = (t.s.track(BB).dp, t.s.track(BB).fatigue);
    let police_dp = t.s.track(POLICE).dp;
    t.chose(police);
    assert_eq!(t.s.track(BB).dp, dp - t.data.costs.formation_action);
    assert_eq!(
        t.s.track(BB).fatigue,
        fatigue + t.data.costs.fatigue_action_formation
    );
    assert_eq!(t.s.track(POLICE).dp, police_dp, "the police pay nothing");
}
