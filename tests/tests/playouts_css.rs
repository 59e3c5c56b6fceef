//! CSS series playouts (issue 13): seeded random games of the series turn machine
//! (`engine::css::command::turn::TurnState`) on the small test scenario of
//! `tests::css_scenario` (two sides, four divisions, six formations, four turns). They go
//! through step 1B (S17.2), buying chits (S4.3), the 1E fatigue (S17.1), the Dispatch Point
//! rolls (S4.2), interrupts (S3.5), draws (S3.3.4), Direct Commands (S4.6, S4.7), the last
//! chit (S3.6), the victory check (S3.7.1) and the game's end (S3.7.2). The engine never rolls:
//! the test supplies every d10 face (0–9) and every draw index, and one input in five is a
//! random one sent with no regard for what the turn asks, so refusals happen.
//!
//! Checked after every input: a refusal cites an S-case (an option index past the end of the
//! offered list cites the case of the choice, S3.5 or S4.3.3) and leaves the state equal to
//! what it was; the invariants of [`check`]; and at the end, the accepted inputs replayed from
//! the start give the same state and the same events (determinism).
//!
//! `BERLIN_TABLE_CSS_PLAYOUTS=n` plays n seeds (default 2,000 in a debug build, under a second
//! on two shared cores with the workspace's optimised dev profile; 20,000 in release).

use engine::core::protocol::{Events, Input, Pending};
use engine::css::command::turn::{Command, Event, Step, TurnState, What};
use engine::css::command::{Chit, CommandData, DivisionId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tests::css_scenario::{answer, apply, random_input, start};

fn seeds() -> u64 {
    std::env::var("BERLIN_TABLE_CSS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 2000 } else { 20_000 })
}

/// The accounts the test keeps from the events alone, to hold the tracks to.
struct Ledger {
    /// S4.2, S4.3: DP gained by the 1F rolls less the price of every chit bought.
    dp: [u8; 4],
    /// S17.1 (exclusive 3.3.1): +2 for each Formation chit bought in the Action Phase.
    expected_fatigue: Option<(usize, u8)>,
    /// S17.1–S17.3: each division's current TQ, from the start and every change the events
    /// report.
    tq: [u8; 4],
    /// Each division's fatigue, from the start and every change the events report.
    fatigue: [u8; 4],
}

impl Ledger {
    fn new(t: &TurnState) -> Ledger {
        let mut dp = [0; 4];
        let (mut tq, mut fatigue) = ([0; 4], [0; 4]);
        for i in 0..4 {
            dp[i] = t.tracks[i].dp;
            tq[i] = t.tracks[i].tq;
            fatigue[i] = t.tracks[i].fatigue;
        }
        Ledger {
            dp,
            expected_fatigue: None,
            tq,
            fatigue,
        }
    }

    /// Folds one input's events into the accounts, checking each value the events report
    /// against the account.
    fn fold(&mut self, seed: u64, data: &CommandData, before: &TurnState, events: &[Event]) {
        let mut fatigue: Vec<u8> = before.tracks.iter().map(|t| t.fatigue).collect();
        for e in events {
            match e.what {
                What::Bought { chit, cost } => {
                    let d = data.payer(chit).expect("a bought chit has a payer").0 as usize;
                    self.dp[d] = self.dp[d]
                        .checked_sub(cost)
                        .unwrap_or_else(|| panic!("seed {seed}: {chit:?} bought on credit"));
                    // S3.5.1, S4.3.3: an Action Phase Formation chit tires its division by 2.
                    if e.case == "S3.5.1" && !data.divisions[d].fatigue_immune {
                        let want = fatigue[d].saturating_add(data.costs.fatigue_action_formation);
                        self.expected_fatigue = Some((d, want));
                    }
                }
                What::DispatchPoints {
                    division,
                    gained,
                    now,
                } => {
                    let d = division.0 as usize;
                    assert!(
                        gained == 1 || gained == 3 || now == data.costs.max_dp,
                        "seed {seed}: a 1F roll gains 3 or 1 DP, less only at the cap (S4.2)"
                    );
                    self.dp[d] += gained;
                    assert_eq!(now, self.dp[d], "seed {seed}: division {d}'s DP account");
                }
                What::Fatigue { division, now } => {
                    let d = division.0 as usize;
                    if let Some((want_d, want)) = self.expected_fatigue.take() {
                        assert_eq!((d, now), (want_d, want), "seed {seed}: S17.1 +2 fatigue");
                    }
                    fatigue[d] = now;
                    self.fatigue[d] = now;
                }
                What::CurrentTq {
                    division,
                    change,
                    now,
                } => {
                    let d = division.0 as usize;
                    let want = (self.tq[d] as i16 + change as i16).clamp(0, 99) as u8;
                    assert_eq!(now, want, "seed {seed}: division {d}'s TQ account (S17.3)");
                    self.tq[d] = now;
                }
                _ => {}
            }
        }
        assert!(
            self.expected_fatigue.is_none(),
            "seed {seed}: an Action Phase Formation chit bought without fatigue (S17.1)"
        );
    }
}

/// The invariants of the turn state after every input.
fn check(seed: u64, data: &CommandData, t: &TurnState, ledger: &Ledger) {
    for (i, d) in data.divisions.iter().enumerate() {
        let tr = t.track(DivisionId(i as u8));
        // S17.3: the current TQ never rises above the display's maximum.
        assert!(tr.tq <= d.max_tq, "seed {seed}: division {i} TQ above max");
        // S4.2, S4.6.1 (exclusive 9.1): at most 9 DP and 19 DC are kept.
        assert!(
            tr.dp <= data.costs.max_dp,
            "seed {seed}: division {i} DP > 9"
        );
        assert!(
            tr.dc <= data.costs.max_dc,
            "seed {seed}: division {i} DC > 19"
        );
        assert_eq!(
            tr.dp, ledger.dp[i],
            "seed {seed}: division {i} DP off its account"
        );
        // S17.1, S17.3: fatigue and TQ recomputed from the events equal the running values.
        assert_eq!(
            (tr.fatigue, tr.tq),
            (ledger.fatigue[i], ledger.tq[i]),
            "seed {seed}: division {i} fatigue/TQ off the account of the events"
        );
        // S17.2, B29: an immune division never tires.
        if d.fatigue_immune {
            assert_eq!(tr.fatigue, 0, "seed {seed}: immune division {i} tired");
        }
        // Exclusive 5.1: at most the scenario's number of division DC chits.
        assert!(
            tr.dc_chits_bought <= d.dc_chits,
            "seed {seed}: too many DC chits"
        );
    }
    // S3.3.1, S4.3: only one of each chit in the Cup, but a formation's chit may be there
    // twice (one bought in step 1D, one in the Action Phase).
    for c in &t.cup.chits {
        let copies = t.cup.chits.iter().filter(|x| *x == c).count();
        let most = if matches!(c, Chit::Formation(_)) {
            2
        } else {
            1
        };
        assert!(
            copies <= most,
            "seed {seed}: {c:?} {copies} times in the Cup"
        );
        // S2.7: every chit is of the scenario's own divisions and formations.
        let known = match *c {
            Chit::Formation(_) | Chit::Division(_) | Chit::DivisionDirectCommand(_) => {
                data.payer(*c).is_some_and(|d| data.division(d).is_ok())
            }
            _ => true,
        };
        assert!(known, "seed {seed}: {c:?} is no chit of the scenario");
    }
    // S3.6: a set-aside chit stays out of the Cup (a formation's may have a twin).
    if let Some(c) = t.carried {
        if !matches!(c, Chit::Formation(_)) {
            assert!(
                !t.cup.contains(c),
                "seed {seed}: {c:?} both carried and in the Cup"
            );
        }
    }
    // S3.3.4: the chit being played came out of the Cup.
    if let Step::Playing(p) | Step::LeaderMoves(p) = t.step {
        if !matches!(p.chit, Chit::Formation(_)) {
            assert!(
                !t.cup.contains(p.chit),
                "seed {seed}: {:?} played and in the Cup",
                p.chit
            );
        }
    }
    // S3.3.4: the draw lists exactly the Cup.
    if let Pending::DrawChit { chits, .. } = t.pending(data) {
        assert_eq!(
            chits.len(),
            t.cup.len(),
            "seed {seed}: the draw is not the Cup"
        );
        assert!(!chits.is_empty(), "seed {seed}: a draw from an empty Cup");
    }
    // S4.6.2: a unit is commanded at most once under one Direct Command chit.
    for (i, u) in t.commanded.iter().enumerate() {
        assert!(
            !t.commanded[..i].contains(u),
            "seed {seed}: {u:?} commanded twice"
        );
    }
}

/// Counts of one playout.
#[derive(Default)]
struct Counts {
    inputs: usize,
    refusals: usize,
    draws: usize,
    buys_in_action: usize,
    direct_commands: usize,
    carried: usize,
    verdicts: usize,
}

fn playout(seed: u64, counts: &mut Counts) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events = Events::new();
    let (data, mut t) = start(&mut events);
    let mut log: Vec<Event> = events.iter().copied().collect();
    let mut ledger = Ledger::new(&t);
    check(seed, &data, &t, &ledger);
    let mut journal: Vec<Input<Command>> = Vec::new();
    for _ in 0..5000 {
        let pending = t.pending(&data);
        let input = if rng.gen_bool(0.2) {
            random_input(&mut rng)
        } else {
            match answer(&mut rng, &data, &t) {
                Some(i) => i,
                None => break,
            }
        };
        let before = t.clone();
        events.clear();
        match apply(&data, &mut t, &input, &mut events) {
            Ok(()) => {
                ledger.fold(seed, &data, &before, &events);
                log.extend(events.iter().copied());
                journal.push(input);
                if matches!(pending, Pending::DrawChit { .. }) {
                    counts.draws += 1;
                }
            }
            Err(v) => {
                counts.refusals += 1;
                // S3.5, S4.3.3: even an option index past the list cites its choice's case.
                assert!(
                    v.case.starts_with('S'),
                    "seed {seed}: {input:?} at {:?} refused without an S-case: {v:?}",
                    before.step
                );
                assert_eq!(
                    t, before,
                    "seed {seed}: the refusal of {input:?} ({v:?}) changed the state"
                );
            }
        }
        check(seed, &data, &t, &ledger);
    }
    assert_eq!(
        t.step,
        Step::GameOver,
        "seed {seed}: the playout did not end (S3.7.2)"
    );
    for e in &log {
        match e.what {
            What::Bought { .. } if e.case == "S3.5.1" => counts.buys_in_action += 1,
            What::DirectCommandSpent { .. } => counts.direct_commands += 1,
            What::SetAside(_) => counts.carried += 1,
            What::Victory(_) => counts.verdicts += 1,
            _ => {}
        }
    }
    counts.inputs += journal.len();

    // Replay determinism: the accepted inputs from the start give the same state and events.
    let mut ev2 = Events::new();
    let (_, mut r) = start(&mut ev2);
    let mut log2: Vec<Event> = ev2.iter().copied().collect();
    for (i, input) in journal.iter().enumerate() {
        ev2.clear();
        apply(&data, &mut r, input, &mut ev2)
            .unwrap_or_else(|v| panic!("seed {seed}: input {i} refused on replay: {v:?}"));
        log2.extend(ev2.iter().copied());
    }
    assert_eq!(r, t, "seed {seed}: the replay ends in another state");
    assert_eq!(log2, log, "seed {seed}: the replay tells other events");
}

#[test]
fn css_s3_0_random_turns_keep_the_invariants_and_replay_identically() {
    let n = seeds();
    let mut c = Counts::default();
    for seed in 0..n {
        playout(seed, &mut c);
    }
    println!(
        "css playouts: {n} seeds, {} inputs, {} refusals ({} draws, {} Action Phase buys, \
         {} DC spent, {} chits carried over, {} verdicts)",
        c.inputs, c.refusals, c.draws, c.buys_in_action, c.direct_commands, c.carried, c.verdicts
    );
    // The playouts reached what they claim to test.
    assert!(c.refusals > 0 && c.draws > 0);
    if n >= 20 {
        assert!(
            c.buys_in_action > 0,
            "no interrupt or last-chit purchase (S3.5, S4.3.3)"
        );
        assert!(c.direct_commands > 0, "no Direct Command spent (S4.6.2)");
        assert!(c.carried > 0, "no last chit set aside (S3.6)");
        assert!(c.verdicts > 0, "no victory at the check turn (S3.7.1)");
    }
}

// ---------------------------------------------------------------------------------------------
// Playouts with units: the series game state `engine::css::game::SeriesGame` on the 12 × 10
// board of `tests::css_board` (three companies per formation), driven among the legal unit
// commands with random d10 faces, nonsense now and then: moves, changes of side, fire, the
// opportunity-fire windows each of them opens (S9.11), assaults with their defensive fire
// (S10.1–S10.5), charges (S10.7), routs to the Routed box or capture (S11.8) and advances
// (S10.6).

use engine::core::units::UnitId;
use engine::css::game::{GameCommand, GameEvent, Stage, UnitWhat};
use engine::css::morale::{CheckKind, Status};
use engine::css::stacking::count;
use std::collections::BTreeMap;
use tests::css_board::{self, World};

#[global_allocator]
static GLOBAL: tests::alloc_count::CountingAlloc = tests::alloc_count::CountingAlloc;
use tests::alloc_count::counted;

/// Seeds of the unit playouts: a tenth of `BERLIN_TABLE_CSS_PLAYOUTS` (default 2,000 in a debug
/// build, 20,000 in release: 200 and 2,000 unit playouts).
fn unit_seeds() -> u64 {
    (seeds() / 10).max(1)
}

#[derive(Default)]
struct UnitCounts {
    inputs: usize,
    refusals: BTreeMap<&'static str, usize>,
    moves: usize,
    fires: usize,
    hits: usize,
    steps_lost: usize,
    removed: usize,
    rallies: usize,
    tqcs: usize,
    side_changes: usize,
    stacking_dg: usize,
    spares: usize,
    chits: usize,
    op_fires: usize,
    assaults: usize,
    assaults_stopped: usize,
    charges: usize,
    routs: usize,
    captured: usize,
    advances: usize,
    return_checks: usize,
    returned: usize,
}

/// The invariants of the board after every input.
fn check_units(
    seed: u64,
    world: &World,
    g: &css_board::Game,
    before: &css_board::Game,
    events: &[GameEvent],
) {
    let data = world.data();
    for u in &g.units {
        let c = &world.counters[u.id.0 as usize];
        // S11.8.3, S11.10: a routed unit is in its division's Routed box, or returning now.
        if u.routed {
            let boxed = g
                .turn
                .displays
                .of(c.division)
                .is_ok_and(|b| b.routed.iter().any(|r| r.unit == u.id));
            let returning = g.turn.returning.iter().any(|r| r.unit == u.id);
            assert!(
                boxed || returning,
                "seed {seed}: routed {:?} is in no Routed box",
                u.id
            );
        }
        // S11.8.3, S11.12: a routed, eliminated or captured unit is off the map.
        if u.routed || u.removed.is_some() {
            assert!(
                u.hex.is_none(),
                "seed {seed}: {:?} routed and on the map",
                u.id
            );
        }
        let Some(hex) = u.hex else { continue };
        // S2.3: a unit on the map has a step left.
        assert!(
            u.cond.lost < u.cond.steps,
            "seed {seed}: {:?} with no step on the map",
            u.id
        );
        // S6.5: enemies never share a hex.
        for v in g.in_hex(hex) {
            assert_eq!(
                world.counters[v.id.0 as usize].side, c.side,
                "seed {seed}: enemies share {hex:?} (S6.5)"
            );
        }
        // Exclusive 9.2 (table S11.3-T): no effective TQ above the cap.
        let tq = g
            .effective_tq(&data, u.id, CheckKind::Ordinary)
            .expect("a unit");
        assert!(
            tq <= data.tq.cap,
            "seed {seed}: {:?} TQ {tq} above the cap",
            u.id
        );
    }
    // S9.11.3: Op Fire markers go at step 2D-c: none is left between chits.
    if g.activation.is_none() {
        for u in g.units.iter().filter(|u| u.hex.is_some()) {
            assert!(!u.fire.op_fire, "seed {seed}: {:?} kept Op Fire", u.id);
        }
    }
    // S9.11.1: a window offers only units of the side not acting, Deployed, on the map,
    // unmarked by Op Fire, not DG or Suppressed, within range of the trigger hex.
    if let Some(op) = &g.op {
        let g2 = &data.ground.map.geometry;
        for v in &op.offered {
            let s = &g.units[v.0 as usize];
            let c = &world.counters[v.0 as usize];
            assert_eq!(
                c.side, op.player,
                "seed {seed}: {v:?} offered to the wrong side"
            );
            let at = s.hex.expect("an offered unit is on the map");
            assert!(
                s.face == engine::css::movement::DEPLOYED
                    && !s.fire.op_fire
                    && s.cond.status <= Status::Pinned
                    && g2.distance(at, op.hex) <= c.range as u16,
                "seed {seed}: {v:?} may not opportunity fire (S9.11.1)"
            );
        }
        assert!(
            g.in_hex(op.hex)
                .any(|t| world.counters[t.id.0 as usize].side != op.player),
            "seed {seed}: a window at a hex with no enemy of the firer"
        );
    }
    // S10.6: an advance is offered only into an emptied hex.
    if let Stage::Advance { target, .. } = &g.stage {
        assert!(
            g.in_hex(*target).next().is_none(),
            "seed {seed}: advance into an occupied hex"
        );
    }
    // S6.3 at 2D-c: every unit in an over-stacked hex where a unit of the chit ended got a DG.
    let ended = events.iter().find_map(|e| match e {
        GameEvent::Turn(Event {
            what: What::ActivationEnds(chit),
            ..
        }) => Some(*chit),
        _ => None,
    });
    if let (Some(chit), Some(act)) = (ended, &before.activation) {
        let dg: Vec<UnitId> = events
            .iter()
            .filter_map(|e| match e {
                GameEvent::Turn(Event {
                    what: What::StackingDg(u),
                    ..
                }) => Some(*u),
                _ => None,
            })
            .collect();
        for u in &g.units {
            let Some(hex) = u.hex else { continue };
            let pieces = g.pieces_in(&data, hex).expect("pieces");
            if count(&pieces) <= data.stacking.limit as usize {
                continue;
            }
            let active_here = g.in_hex(hex).any(|v| {
                act.acted(v.id)
                    || world.counters[v.id.0 as usize]
                        .formation
                        .is_some_and(|f| data.command.activates(chit, f))
            });
            if active_here {
                assert!(
                    dg.contains(&u.id),
                    "seed {seed}: over-stacked {:?} got no DG (S6.3)",
                    u.id
                );
                assert!(
                    u.cond.status >= Status::Dg,
                    "seed {seed}: S6.3 DG not applied"
                );
            }
        }
    }
}

fn unit_playout(seed: u64, world: &World, counts: &mut UnitCounts) {
    let data = world.data();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events = Events::new();
    let mut g = world.start(&mut events);
    let mut turn_log: Vec<Event> = Vec::new();
    let mut log: Vec<GameEvent> = events.iter().copied().collect();
    for e in &events {
        if let GameEvent::Turn(t) = e {
            turn_log.push(*t);
        }
    }
    let mut ledger = Ledger::new(&g.turn);
    let start = g.clone();
    let start_log = log.clone();
    let mut journal: Vec<Input<GameCommand>> = Vec::new();
    for _ in 0..20_000 {
        let input = if rng.gen_bool(0.1) {
            css_board::random_input(&mut rng)
        } else {
            match css_board::answer(&mut rng, &data, &g) {
                Some(i) => i,
                None => break,
            }
        };
        let before = g.clone();
        let before_bytes = postcard::to_allocvec(&g).expect("postcard");
        events.clear();
        let (r, allocs) = counted(|| {
            let r = css_board::apply(&data, &mut g, &input, &mut events);
            std::hint::black_box(g.pending(&data));
            r
        });
        assert_eq!(allocs, 0, "seed {seed}: {input:?} allocated on the heap");
        match r {
            Ok(()) => {
                let turn_events: Vec<Event> = events
                    .iter()
                    .filter_map(|e| match e {
                        GameEvent::Turn(t) => Some(*t),
                        _ => None,
                    })
                    .collect();
                ledger.fold(seed, &world.command, &before.turn, &turn_events);
                turn_log.extend(turn_events);
                log.extend(events.iter().copied());
                journal.push(input);
                check_units(seed, world, &g, &before, &events);
            }
            Err(v) => {
                *counts.refusals.entry(v.case).or_default() += 1;
                assert!(
                    v.case.starts_with('S'),
                    "seed {seed}: {input:?} in {:?} refused without an S-case: {v:?}",
                    before.stage
                );
                assert_eq!(
                    g, before,
                    "seed {seed}: the refusal of {input:?} changed the game"
                );
                let after = postcard::to_allocvec(&g).expect("postcard");
                assert_eq!(
                    after, before_bytes,
                    "seed {seed}: refusal changed the saved bytes"
                );
                assert!(events.is_empty(), "seed {seed}: a refusal told events");
            }
        }
        check(seed, &world.command, &g.turn, &ledger);
        if let Stage::Moving { .. } = g.stage {
            assert!(
                g.activation.is_some(),
                "seed {seed}: a move outside any chit"
            );
        }
    }
    assert_eq!(
        g.turn.step,
        Step::GameOver,
        "seed {seed}: the playout did not end (S3.7.2)"
    );
    counts.inputs += journal.len();
    for e in &log {
        match e {
            GameEvent::Unit { what, case, .. } => match what {
                UnitWhat::Entered(_) if *case == "S10.6" => counts.advances += 1,
                UnitWhat::Entered(_) if *case == "S11.10" => counts.returned += 1,
                UnitWhat::Entered(_) => counts.moves += 1,
                UnitWhat::Fired { .. } if *case == "S9.11.3" => counts.op_fires += 1,
                UnitWhat::Fired { .. } => counts.fires += 1,
                UnitWhat::Assaulted { .. } => counts.assaults += 1,
                UnitWhat::AssaultOver { .. } => counts.assaults_stopped += 1,
                UnitWhat::Charged { .. } => counts.charges += 1,
                UnitWhat::Routed => counts.routs += 1,
                UnitWhat::Hit { lost, .. } => {
                    counts.hits += 1;
                    counts.steps_lost += *lost as usize;
                }
                UnitWhat::Removed(engine::css::morale::Fate::Captured) if *case == "S11.8.4" => {
                    counts.captured += 1;
                    counts.removed += 1;
                }
                UnitWhat::Removed(_) => counts.removed += 1,
                UnitWhat::Rallied(_) => counts.rallies += 1,
                UnitWhat::Checked(_) => counts.tqcs += 1,
                UnitWhat::Face(_) => counts.side_changes += 1,
                UnitWhat::Spared { .. } => counts.spares += 1,
                UnitWhat::Began(_) => {}
            },
            GameEvent::Turn(Event {
                what: What::StackingDg(_),
                ..
            }) => counts.stacking_dg += 1,
            GameEvent::Turn(Event {
                what: What::ReturnCheck { .. },
                ..
            }) => counts.return_checks += 1,
            GameEvent::Turn(Event {
                what: What::ActivationEnds(_),
                ..
            }) => counts.chits += 1,
            _ => {}
        }
    }

    // Replay determinism: the accepted inputs from the start give the same state and events.
    let mut r = start;
    let mut log2: Vec<GameEvent> = start_log;
    let mut ev2 = Events::new();
    for (i, input) in journal.iter().enumerate() {
        ev2.clear();
        css_board::apply(&data, &mut r, input, &mut ev2)
            .unwrap_or_else(|v| panic!("seed {seed}: input {i} refused on replay: {v:?}"));
        log2.extend(ev2.iter().copied());
    }
    assert_eq!(r, g, "seed {seed}: the replay ends in another state");
    assert_eq!(log2, log, "seed {seed}: the replay tells other events");
}

#[test]
fn css_s5_1_s6_3_s9_3_s9_11_s10_s11_8_random_unit_playouts_keep_the_invariants_and_replay_identically(
) {
    let n = unit_seeds();
    let world = World::new();
    let mut c = UnitCounts::default();
    let t = std::time::Instant::now();
    for seed in 0..n {
        unit_playout(seed, &world, &mut c);
    }
    println!(
        "css unit playouts: {n} seeds, {} inputs in {:.2} s, {} chits played; {} hexes moved, \
         {} side changes, {} fires, {} opportunity fires, {} hits ({} steps lost), {} units \
         removed ({} captured for want of a rout path), {} assaults ({} stopped by defensive \
         fire), {} charges, {} routs, {} advances, {} return checks ({} units back on the map), {} rallies, {} second-action TQCs, {} \
         stacking DGs, {} S6.4 picks; refusals by case: {:?}",
        c.inputs,
        t.elapsed().as_secs_f64(),
        c.chits,
        c.moves,
        c.side_changes,
        c.fires,
        c.op_fires,
        c.hits,
        c.steps_lost,
        c.removed,
        c.captured,
        c.assaults,
        c.assaults_stopped,
        c.charges,
        c.routs,
        c.advances,
        c.return_checks,
        c.returned,
        c.rallies,
        c.tqcs,
        c.stacking_dg,
        c.spares,
        c.refusals
    );
    assert!(c.moves > 0 && c.fires > 0 && c.hits > 0 && !c.refusals.is_empty());
    if n >= 20 {
        assert!(c.removed > 0, "no unit eliminated (S11.12)");
        assert!(c.rallies > 0, "no Rally (S11.11)");
        assert!(c.stacking_dg > 0, "no stacking DG at 2D-c (S6.3, S6.4)");
        assert!(c.op_fires > 0, "no opportunity fire (S9.11)");
        assert!(c.assaults > 0, "no assault decided (S10.5)");
        assert!(c.charges > 0, "no charge (S10.7)");
        assert!(c.routs > 0, "no unit routed (S11.8)");
        assert!(c.advances > 0, "no advance (S10.6)");
        assert!(c.return_checks > 0, "no return check (S11.10)");
    }
}
