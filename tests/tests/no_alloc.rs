//! The engine never touches the heap (DESIGN.md §2: `#![no_std]`, no `alloc`). This test binary
//! installs a counting global allocator and plays random games on the real data, counting the
//! heap allocations made *inside* `Game::apply`, `pending`, `view` and the movement queries:
//! there must be none, in every phase the games reach (set-up, turn start, movement, combat,
//! and the aftermath of combat with its retreats).
//!
//! It lives in its own test binary because a `#[global_allocator]` is per binary.

use engine::berlin85::{Game, Phase};
use engine::core::protocol::Pending;
use engine::core::side::Viewer;
use tests::{berlin85, RandomAgent};

#[global_allocator]
static GLOBAL: tests::alloc_count::CountingAlloc = tests::alloc_count::CountingAlloc;
use tests::alloc_count::counted;

/// What the games went through, so the test can show it covered every phase.
#[derive(Default, Debug)]
struct Seen {
    setup: usize,
    turn_start: usize,
    movement: usize,
    combat: usize,
    /// Inputs answered while a combat result was being applied, and retreat questions [7.7].
    aftermath: usize,
    retreats: usize,
    move_queries: usize,
    combat_cards: usize,
    refusals: usize,
    game_over: usize,
}

fn play_counting(scenario: &str, seed: u64, seen: &mut Seen) {
    let data = berlin85();
    let mut g = Game::new(data, scenario, Default::default()).expect("scenario");
    let mut agent = RandomAgent::new(seed);
    for _ in 0..100_000 {
        let (p, n) = counted(|| g.pending());
        assert_eq!(
            n, 0,
            "{scenario}/{seed}: pending() allocated in {:?}",
            g.state.phase
        );
        for viewer in [
            Viewer::Public,
            Viewer::Side(engine::berlin85::NATO),
            Viewer::Side(engine::berlin85::WARSAW_PACT),
        ] {
            let (_, n) = counted(|| {
                let v = g.view(viewer);
                std::hint::black_box(&v);
            });
            assert_eq!(
                n, 0,
                "{scenario}/{seed}: view() allocated in {:?}",
                g.state.phase
            );
        }
        if matches!(p, Pending::GameOver) {
            seen.game_over += 1;
            return;
        }
        let phase = g.state.phase;
        if phase == Phase::Movement {
            // The UI's highlights for a unit of the phasing side.
            let side = g.state.phasing;
            let own: Vec<_> = g
                .units_on_map()
                .filter(|&(u, _)| g.side_of(u) == side)
                .map(|(u, _)| u)
                .collect();
            if !own.is_empty() {
                let u = own[seen.move_queries % own.len()];
                let mut count = 0usize;
                let (_, n) = counted(|| {
                    let _ = g.move_targets(u, |_| count += 1);
                    let _ = g.may_move(u);
                });
                assert_eq!(n, 0, "{scenario}/{seed}: move_targets() allocated");
                seen.move_queries += 1;
            }
        }
        if phase == Phase::Combat {
            let (_, n) = counted(|| {
                let mut k = 0usize;
                g.must_attack(|_| k += 1);
                g.must_be_attacked(|_| k += 1);
                for (i, _) in g.attacks() {
                    if let Some(card) = g.combat_card(i) {
                        std::hint::black_box(&card);
                        k += 1;
                    }
                }
                std::hint::black_box(k)
            });
            assert_eq!(n, 0, "{scenario}/{seed}: a combat query allocated");
            seen.combat_cards += g.attacks().count();
            if g.combat_step() == engine::berlin85::combat::CombatStep::Aftermath {
                seen.aftermath += 1;
            }
            if let Pending::Choose { case, .. } = &p {
                if case.starts_with("7.7") {
                    seen.retreats += 1;
                }
            }
        }
        let candidates = agent.candidates(&g);
        let mut accepted = false;
        for input in &candidates {
            let (r, n) = counted(|| g.apply(input).map(|_| ()));
            assert_eq!(
                n, 0,
                "{scenario}/{seed}: apply({input:?}) allocated {n} times in {phase:?}"
            );
            match r {
                Ok(()) => {
                    accepted = true;
                    break;
                }
                Err(_) => seen.refusals += 1,
            }
        }
        assert!(accepted, "{scenario}/{seed}: stuck in {phase:?}");
        match phase {
            Phase::Setup => seen.setup += 1,
            Phase::TurnStart | Phase::PlayerTurnStart => seen.turn_start += 1,
            Phase::Movement => seen.movement += 1,
            Phase::Combat => seen.combat += 1,
            Phase::GameOver => {}
        }
    }
    panic!("{scenario}/{seed}: no game over");
}

#[test]
fn engine_apply_pending_and_view_never_allocate() {
    // The counter itself works: a Vec allocates once.
    let (_, n) = counted(|| std::hint::black_box(vec![1u8; 3]));
    assert_eq!(n, 1, "the counting allocator does not count");
    // The game state is large; give the game thread room for `apply`'s clone-then-commit.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let mut seen = Seen::default();
            for (scenario, seed) in [("unity", 1), ("werewolf", 2), ("medicine_wheel", 3)] {
                play_counting(scenario, seed, &mut seen);
            }
            println!("inputs applied without a heap allocation: {seen:?}");
            assert_eq!(seen.game_over, 3);
            assert!(seen.setup > 0 && seen.turn_start > 0 && seen.movement > 0 && seen.combat > 0);
            assert!(seen.move_queries > 0 && seen.combat_cards > 0);
            assert!(seen.aftermath > 0, "no combat result was applied");
            assert!(seen.retreats > 0, "no retreat was made");
        })
        .expect("thread")
        .join()
        .expect("no allocation in the engine");
}

/// Fortress Berlin's games on the built-in data, counting inside `apply`, `pending` and every
/// seat's `view`: the base game, and one with every optional rule (the U-Bahn, six players,
/// the Character Game, army coordination), from the set-up to the end.
#[test]
fn fortress_apply_pending_and_view_never_allocate() {
    use engine::core::contract::Ruleset;
    use engine::fortress::counters::{GERMAN, SOVIET};
    use engine::fortress::game::Game as Fb;
    use tests::fortress_agent::{fortress_berlin, FortressAgent};
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let every = Fb::options_from_pairs([
                ("ubahn", "on"),
                ("players", "6"),
                ("character-game", "on"),
                ("army-coordination", "on"),
            ])
            .expect("offered");
            let (mut inputs, mut kinds) = (0usize, std::collections::HashSet::new());
            for (seed, options) in [(1u64, Fb::default_options()), (2, every)] {
                let mut g = Fb::new(fortress_berlin(), "full-game", options).expect("scenario");
                let mut agent = FortressAgent::new(seed);
                let mut over = false;
                for _ in 0..200_000 {
                    let (p, n) = counted(|| Ruleset::pending(&g));
                    assert_eq!(n, 0, "{seed}: pending() allocated at {:?}", g.state.waiting);
                    for viewer in [Viewer::Public, Viewer::Side(GERMAN), Viewer::Side(SOVIET)] {
                        let (_, n) = counted(|| {
                            std::hint::black_box(Ruleset::view(&g, viewer));
                        });
                        assert_eq!(n, 0, "{seed}: view() allocated at {:?}", g.state.waiting);
                    }
                    if matches!(p, Pending::GameOver) {
                        over = true;
                        break;
                    }
                    kinds.insert(std::mem::discriminant(&g.state.waiting));
                    let mut accepted = false;
                    for input in agent.candidates(&g) {
                        let (r, n) = counted(|| g.apply(&input).map(|_| ()));
                        assert_eq!(n, 0, "{seed}: apply({input:?}) allocated {n} times");
                        if r.is_ok() {
                            accepted = true;
                            inputs += 1;
                            break;
                        }
                    }
                    assert!(accepted, "{seed}: stuck at {:?}", g.state.waiting);
                }
                assert!(over, "{seed}: the game reaches its end");
            }
            println!(
                "Fortress Berlin: {inputs} inputs applied without a heap allocation, {} kinds of wait",
                kinds.len()
            );
            assert!(kinds.len() >= 6, "the games went through set-up, commands, rolls, choices and draws");
        })
        .expect("thread")
        .join()
        .expect("no allocation in the Fortress Berlin engine");
}

/// The CSS series turn machine (issue 13): whole games of the small test scenario
/// (`tests::css_scenario`, four turns), counting inside `TurnState::pending` and `apply` —
/// step 1B, buying chits (S4.3), the 1F rolls (S4.2), interrupts (S3.5), draws (S3.3.4),
/// Direct Commands (S4.6), the last chit (S3.6), the victory check (S3.7.1) — for answers and
/// for random inputs that are refused.
#[test]
fn css_s3_0_turn_pending_and_apply_never_allocate() {
    use engine::core::protocol::Events;
    use engine::css::command::turn::Step;
    use rand::{Rng, SeedableRng};
    use tests::css_scenario::{answer, apply, random_input, start};
    let (mut inputs, mut refusals, mut draws) = (0usize, 0usize, 0usize);
    for seed in 0..20u64 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut events = Events::new();
        let ((data, mut t), n) = counted(|| start(&mut events));
        assert_eq!(n, 0, "{seed}: the scenario's start allocated");
        for _ in 0..5000 {
            let (p, n) = counted(|| t.pending(&data));
            assert_eq!(n, 0, "{seed}: pending() allocated at {:?}", t.step);
            if matches!(p, Pending::GameOver) {
                break;
            }
            let input = if rng.gen_bool(0.2) {
                random_input(&mut rng)
            } else {
                answer(&mut rng, &data, &t).expect("not over")
            };
            let step = t.step;
            events.clear();
            let (r, n) = counted(|| apply(&data, &mut t, &input, &mut events));
            assert_eq!(
                n, 0,
                "{seed}: apply({input:?}) allocated {n} times at {step:?}"
            );
            match r {
                Ok(()) => inputs += 1,
                Err(_) => refusals += 1,
            }
            draws += usize::from(r.is_ok() && step == Step::Draw);
        }
        assert_eq!(t.step, Step::GameOver, "{seed}: the game reaches its end");
    }
    println!("CSS turns: {inputs} inputs and {refusals} refusals without a heap allocation, {draws} draws");
    assert!(inputs > 0 && refusals > 0 && draws > 0);
}

/// Issue 13: one unit's legal actions in the series game state (`engine::css::game`) — every
/// step, change of side, fire at each enemy hex in range, rally, TQC and hold the rules accept,
/// each tried on a copy of the state — on the synthetic 6,084-hex CSS ground, allocate nothing.
#[test]
fn css_s5_2_one_units_legal_actions_allocate_nothing() {
    let world = tests::css_board::BigWorld::new();
    let data = world.data();
    let mut checked = 0;
    for (col, row) in [(10u8, 10u8), (30, 20), (50, 40)] {
        let g = world.playing(col, row);
        let chit = g.activation.as_ref().expect("a chit is played").chit;
        println!("css legal actions at ({col}, {row}) under {chit:?}");
        for u in 0..6u16 {
            let unit = engine::core::units::UnitId(u);
            let mut n = 0usize;
            let ((), allocs) = counted(|| g.legal_unit_commands_of(&data, unit, |_| n += 1));
            assert_eq!(allocs, 0, "unit {u}'s legal actions allocated");
            let own = g.activation.as_ref().is_some_and(|a| {
                engine::css::command::Chit::Formation(
                    world.counters[u as usize].formation.expect("a formation"),
                ) == a.chit
            });
            println!("  unit {u}: {n} legal commands");
            assert!(
                !own || n > 0,
                "unit {u} of the played chit has legal actions"
            );
            checked += n;
        }
    }
    println!("css legal actions: {checked} legal commands listed, no allocation");
}
