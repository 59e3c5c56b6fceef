//! Engine benchmarks with printed figures; the budgets are DESIGN.md §2's. Run with
//! `cargo run --release -p tests --bin bench`. Figures are measured, never asserted, so a slow
//! CI machine reports instead of failing; compare them with the budgets printed beside them.
//! Sections can be picked by name for profiling: `bench replay`, `bench targets playout state`,
//! `bench synthetic`. Each budgeted figure is followed by one machine-readable line,
//! `BUDGET <name> <value> <budget> PASS|OVER`.

use engine::berlin85::{Game, GameData, Input85, Phase, State};
use engine::core::capacity::{berlin85 as b85, fortress_berlin, gates};
use engine::core::hex::HexId;
use engine::core::movement::{search, MoveRules};
use engine::core::protocol::{Events, Pending};
use engine::core::units::UnitId;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::mem::size_of;
use std::time::{Duration, Instant};
use tests::synthetic::{self, GatesOneMode, GatesRules, SyntheticState};
use tests::{berlin85, options_for, playout_with, RandomAgent};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// "PASS" or "OVER" for a figure against its budget (measured, never asserted).
fn verdict(figure: f64, budget: f64) -> &'static str {
    if figure <= budget {
        "PASS"
    } else {
        "OVER"
    }
}

/// The machine-readable line of a budgeted figure: `BUDGET <name> <value> <budget> PASS|OVER`.
fn budget(name: &str, figure: f64, budget: f64) {
    println!(
        "BUDGET {name} {figure:.1} {budget} {}",
        verdict(figure, budget)
    );
}

fn main() {
    let picked: Vec<String> = std::env::args().skip(1).collect();
    let run = |section: &str| picked.is_empty() || picked.iter().any(|p| p == section);
    let data = berlin85();
    println!("berlin-table engine benchmarks (release build)");
    if run("targets") {
        bench_move_targets(data);
    }
    if run("playout") {
        bench_playouts(data);
    }
    let journals = journals(data);
    if run("replay") {
        bench_replay(data, &journals);
    }
    if run("state") {
        bench_state(data, &journals);
    }
    if run("synthetic") {
        bench_synthetic_search();
    }
    if run("state") || run("synthetic") {
        bench_synthetic_states();
    }
    if run("css") || run("synthetic") {
        bench_css_legal_actions();
    }
    if run("css") {
        bench_css_game_legal_actions();
        bench_css_chit_draw();
    }
    if run("fortress") {
        bench_fortress();
    }
    if run("gates") {
        bench_gates();
    }
    if run("present") {
        bench_present();
    }
}

/// The Gates on the built-in data (issue 14, bench 10): the four-sheet map, the countermix and
/// each built-in scenario, 20 seeded random games each (the same figures as the other games).
fn bench_gates() {
    let f = tests::gates_bench::figures(20);
    for (id, turns, median, worst) in &f.by_scenario {
        println!(
            "    Gates random full games, {id} ({turns} turns): median {:.1} ms, worst {:.1} ms",
            ms(*median),
            ms(*worst)
        );
    }
    // Fortress Berlin's budget is 250 ms for a 15-turn game: about 16 ms a game turn.
    println!(
        "Gates random full-game playouts ({} games of the built-in scenarios on the 6,400-hex map): median {:.1} ms, worst {:.1} ms; the worst game {:.2} ms per game turn (budget ≤ 16 ms a turn: {})",
        f.games,
        ms(f.playout.0),
        ms(f.playout.1),
        ms(f.worst_per_turn),
        verdict(ms(f.worst_per_turn), 16.0)
    );
    budget(
        "gates_playout_worst_ms_per_turn",
        ms(f.worst_per_turn),
        16.0,
    );
    let per_5000 = ms(f.replay.1) * 5000.0 / f.replay.0.max(1) as f64;
    println!(
        "Gates replay in place of the longest game, {} inputs (best of 5): {:.2} ms, {:.1} ms per 5,000 inputs at that rate (budget ≤ 50 ms for 5,000: {})",
        f.replay.0,
        ms(f.replay.1),
        per_5000,
        verdict(per_5000, 50.0)
    );
    budget("gates_replay_5000_ms", per_5000, 50.0);
    println!(
        "Gates one chit draw to the next, the activation's unit actions included: median {:.1} µs, worst {:.1} µs (budget ≤ 1 ms: {})",
        us(f.chit_to_chit.0),
        us(f.chit_to_chit.1),
        verdict(us(f.chit_to_chit.1), 1000.0)
    );
    budget(
        "gates_chit_draw_to_next_worst_us",
        us(f.chit_to_chit.1),
        1000.0,
    );
    println!(
        "Gates one unit's legal commands (up to {}) at each activation's start on the 6,400-hex map: worst {:.1} µs (budget ≤ 200 µs: {})",
        f.legal.0,
        us(f.legal.1),
        verdict(us(f.legal.1), 200.0)
    );
    budget("gates_legal_actions_worst_us", us(f.legal.1), 200.0);
    println!(
        "Gates game state (engine::gates::game::State, 1,536 units of room): {} bytes ({:.1} KiB; budget ≤ 256 KiB: {})",
        f.state_bytes,
        f.state_bytes as f64 / 1024.0,
        verdict(f.state_bytes as f64, 262144.0)
    );
    budget("state_gates_game_bytes", f.state_bytes as f64, 262144.0);
}

/// The presentation model (issue 10): a frame after each input, the actions after each tap.
/// Budgets on this machine leave a 60 Hz frame (16 ms) on a Pi about eight times slower.
fn bench_present() {
    let ((fm, fw, fnum), (am, aw, anum)) =
        tests::fortress_present_bench::fortress_frames_and_actions(2);
    println!(
        "Fortress Berlin frame of the phasing player ({fnum} segment starts of 2 random full games): median {:.2} ms, worst {:.2} ms (budget ≤ 1 ms for the worst: {})",
        ms(fm),
        ms(fw),
        verdict(ms(fw), 1.0)
    );
    budget("fortress_frame_worst_ms", ms(fw), 1.0);
    println!(
        "Fortress Berlin actions offered to a tapped force ({anum} forces): median {:.2} ms, worst {:.2} ms (budget ≤ 2 ms for the worst: {})",
        ms(am),
        ms(aw),
        verdict(ms(aw), 2.0)
    );
    budget("fortress_actions_worst_ms", ms(aw), 2.0);
}

fn bench_fortress() {
    use tests::fortress_bench;
    // Fortress Berlin on its built-in data (the stand-in 64 x 34 map, the full game).
    let (median, worst, n) = fortress_bench::destinations_on_the_full_map(10);
    println!(
        "Fortress Berlin legal destinations on the full map ({n} units at the start of movement segments of 10 random full games): median {:.1} µs, worst {:.1} µs (budget ≤ 200 µs for the worst: {})",
        us(median),
        us(worst),
        verdict(us(worst), 200.0)
    );
    budget("fortress_destinations_worst_us", us(worst), 200.0);
    let (median, worst, n) = fortress_bench::full_game_playouts(20);
    println!(
        "Fortress Berlin random full-game playout ({n} games, 15 turns): median {:.1} ms, worst {:.1} ms (budget ≤ 250 ms: {})",
        ms(median),
        ms(worst),
        verdict(ms(worst), 250.0)
    );
    budget("fortress_playout_worst_ms", ms(worst), 250.0);
    // A game ends after turn 15: when the busiest random game is shorter than 5,000 inputs,
    // the figure is scaled to 5,000 at the rate measured (said so on the line).
    let (best, inputs) = fortress_bench::replay_5000();
    let per_5000 = ms(best) * 5000.0 / inputs.max(1) as f64;
    println!(
        "Fortress Berlin replay in place of the longest of 20 busy random full games, {inputs} inputs (best of 5): {:.2} ms, {per_5000:.1} ms per 5,000 inputs at that rate (budget ≤ 50 ms for 5,000: {})",
        ms(best),
        verdict(per_5000, 50.0)
    );
    budget("fortress_replay_5000_ms", per_5000, 50.0);
}

type Journal = (&'static str, u64, Vec<Input85>);

fn bench_move_targets(data: &'static engine::berlin85::GameData) {
    // 1. Legal destinations (`move_targets`) on the full real map, for units of the phasing
    //    side in the Movement Phases of random games (every position the games reach).
    let mut samples: Vec<Duration> = Vec::new();
    let mut targets_total = 0usize;
    let mut biggest = 0usize;
    let mut pick = rand::rngs::StdRng::seed_from_u64(7);
    for (scenario, seed) in [("unity", 1), ("werewolf", 2), ("medicine_wheel", 3)] {
        let mut g = Game::new(data, scenario, options_for(seed)).expect("scenario");
        let mut agent = RandomAgent::new(seed);
        while !matches!(g.pending(), Pending::GameOver) {
            if g.state.phase == Phase::Movement {
                let side = g.state.phasing;
                let mut own: Vec<UnitId> = g
                    .units_on_map()
                    .filter(|&(u, _)| g.side_of(u) == side && g.may_move(u).is_ok())
                    .map(|(u, _)| u)
                    .collect();
                own.shuffle(&mut pick);
                for &u in own.iter().take(4) {
                    // Best of three: on a shared machine a single run may measure a
                    // neighbour's time slice instead of the search.
                    let mut n = 0usize;
                    let mut best = Duration::MAX;
                    for _ in 0..3 {
                        n = 0;
                        let t = Instant::now();
                        let _ = g.move_targets(u, |_| n += 1);
                        best = best.min(t.elapsed());
                    }
                    samples.push(best);
                    targets_total += n;
                    biggest = biggest.max(n);
                }
            }
            let ok = agent
                .candidates(&g)
                .into_iter()
                .any(|i| g.apply(&i).is_ok());
            assert!(ok, "{scenario}: the agent is stuck");
        }
    }
    let worst = samples.iter().max().copied().unwrap_or_default();
    let mut sorted = samples.clone();
    sorted.sort();
    let p99 = sorted
        .get(sorted.len() * 99 / 100)
        .copied()
        .unwrap_or_default();
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
    let mean = samples.iter().sum::<Duration>() / samples.len().max(1) as u32;
    println!(
        "move_targets on the full map (best of 3 per query): {} queries (mean {} hexes, up to {}), mean {:.1} µs, median {:.1} µs, 99th percentile {:.1} µs, worst {:.1} µs (budget ≤ 200 µs for the worst: {})",
        samples.len(),
        targets_total / samples.len().max(1),
        biggest,
        us(mean),
        us(median),
        us(p99),
        us(worst),
        verdict(us(worst), 200.0)
    );
    budget("move_targets_worst_us", us(worst), 200.0);
}

fn bench_playouts(data: &'static engine::berlin85::GameData) {
    // 2. One full random playout of a 16-turn scenario (set-up, movement, combat), without
    //    the test suite's invariant checks.
    for scenario in ["unity", "werewolf"] {
        let mut times = Vec::new();
        let mut lens = Vec::new();
        for seed in 0..40 {
            let t = Instant::now();
            let j = playout_with(data, scenario, seed, 200_000, false)
                .unwrap_or_else(|e| panic!("playout: {e}"));
            times.push(t.elapsed());
            lens.push(j.len());
        }
        times.sort();
        lens.sort();
        println!(
            "random playout, {scenario} (16 turns): fastest {:.1} ms, median {:.1} ms, worst {:.1} ms, median {} inputs (budget ≤ 100 ms for the median: {})",
            ms(times[0]),
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1]),
            lens[lens.len() / 2],
            verdict(ms(times[times.len() / 2]), 100.0)
        );
        budget(
            &format!("playout_{scenario}_median_ms"),
            ms(times[times.len() / 2]),
            100.0,
        );
    }
}

/// Journals of random unity games, 5,000 inputs at least in all.
fn journals(data: &'static engine::berlin85::GameData) -> Vec<Journal> {
    let mut journals: Vec<Journal> = Vec::new();
    let mut count = 0;
    let mut seed = 100;
    while count < 5000 {
        let j = playout_with(data, "unity", seed, 200_000, false)
            .unwrap_or_else(|e| panic!("playout: {e}"));
        count += j.len();
        journals.push(("unity", seed, j));
        seed += 1;
    }
    journals
}

fn bench_replay(data: &'static engine::berlin85::GameData, journals: &[Journal]) {
    // 3. Replay of a 5,000-input journal (several games' inputs, replayed game by game),
    //    through `apply` (clone-then-commit, as the table does) and `apply_in_place`.
    // Best of five runs: on a shared machine the other runs measure the neighbours.
    for in_place in [false, true] {
        let mut best = Duration::MAX;
        let mut replayed = 0;
        for _ in 0..5 {
            let t = Instant::now();
            replayed = 0;
            'outer: for (sc, seed, j) in journals {
                let mut g = Game::new(data, sc, options_for(*seed)).expect("scenario");
                let mut ev = Events::new();
                for i in j {
                    if in_place {
                        ev.clear();
                        g.apply_in_place(i, &mut ev).expect("replay");
                    } else {
                        g.apply(i).expect("replay");
                    }
                    replayed += 1;
                    if replayed == 5000 {
                        break 'outer;
                    }
                }
            }
            best = best.min(t.elapsed());
        }
        println!(
            "replay of a {}-input journal with {}: best of 5 {:.1} ms (budget ≤ 50 ms: {})",
            replayed,
            if in_place { "apply_in_place" } else { "apply" },
            ms(best),
            verdict(ms(best), 50.0)
        );
        budget(
            if in_place {
                "replay_5000_apply_in_place_ms"
            } else {
                "replay_5000_apply_ms"
            },
            ms(best),
            50.0,
        );
    }

    // Where the replay time goes, by kind of input (to point at the engine's hot spots).
    let mut by_kind: std::collections::BTreeMap<String, (usize, Duration)> = Default::default();
    let mut replayed = 0;
    'kinds: for (sc, seed, j) in journals {
        let mut g = Game::new(data, sc, options_for(*seed)).expect("scenario");
        let mut ev = Events::new();
        for i in j {
            let phase = g.state.phase;
            ev.clear();
            let t = Instant::now();
            g.apply_in_place(i, &mut ev).expect("replay");
            let dt = t.elapsed();
            let text = format!("{i:?}");
            let name: String = text
                .trim_start_matches("Command(")
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            let e = by_kind.entry(format!("{phase:?}/{name}")).or_default();
            e.0 += 1;
            e.1 += dt;
            replayed += 1;
            if replayed == 5000 {
                break 'kinds;
            }
        }
    }
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1 .1));
    for (k, (n, d)) in kinds.iter().take(8) {
        println!(
            "    {k}: {n} inputs, {:.1} ms in all, {:.1} µs each",
            ms(*d),
            us(*d) / *n as f64
        );
    }
}

fn bench_state(data: &'static engine::berlin85::GameData, journals: &[Journal]) {
    // 4. State size, and the largest postcard snapshot seen along a game.
    let size = std::mem::size_of::<State>();
    let mut largest = 0usize;
    let (sc, seed, j) = &journals[0];
    let mut g = Game::new(data, sc, options_for(*seed)).expect("scenario");
    for i in j {
        g.apply(i).expect("replay");
        largest = largest.max(postcard::to_allocvec(&g.state).map_or(0, |v| v.len()));
    }
    println!(
        "state: size_of::<State>() = {} bytes ({:.1} KiB; budget ≤ 256 KiB: {}), largest postcard snapshot {} bytes ({:.1} KiB)",
        size,
        size as f64 / 1024.0,
        verdict(size as f64, 256.0 * 1024.0),
        largest,
        largest as f64 / 1024.0
    );
    budget("state_berlin85_bytes", size as f64, STATE_BUDGET);
    println!(
        "game data: size_of::<GameData>() = {} bytes ({:.1} KiB: map {} B, roster {} B), search scratch size_of::<Reachable>() = {} B",
        size_of::<GameData>(),
        size_of::<GameData>() as f64 / 1024.0,
        size_of::<b85::MapData>(),
        size_of::<b85::Roster>(),
        size_of::<b85::Reachable>()
    );
}

/// DESIGN.md §2: state size reported and ≤ 256 KiB.
const STATE_BUDGET: f64 = 256.0 * 1024.0;

fn bench_synthetic_search() {
    // 5. The core movement search (what `move_targets` does: search, then every hex where the
    //    unit may end) on a synthetic 6,084-hex map at the Gates capacities: open country with
    //    a highway grid at 1/3 MP, a tracked unit in column with a large allowance (20 MP, 120
    //    sixths; the CSS series rules that print allowances are not in the rulebooks, so this
    //    is a stand-in), column/deployed mode changes in place. Worst start of 49 over the map.
    let map = synthetic::gates_map();
    let g = map.geometry;
    let rules = GatesRules::new(&map);
    let allowance = gates::MP.mp(20);
    let mut reach = Box::new(gates::Reachable::new());
    let mut samples = Vec::new();
    let mut reached_max = 0usize;
    for c in 0..7u8 {
        for r in 0..7u8 {
            let start = HexId::new(3 + c * 12, 5 + r * 12);
            let start = if rules.may_end(start, synthetic::COLUMN) {
                start
            } else {
                HexId::new(start.col, start.row + 1)
            };
            let mut best = Duration::MAX;
            let mut n = 0;
            for _ in 0..5 {
                let t = Instant::now();
                search(&g, &rules, start, synthetic::COLUMN, allowance, &mut reach)
                    .expect("the search fits its map");
                n = 0;
                for (h, _) in reach.iter(&g) {
                    if h != start && rules.may_end(h, synthetic::COLUMN) {
                        n += 1;
                    }
                }
                best = best.min(t.elapsed());
            }
            reached_max = reached_max.max(n);
            samples.push(best);
        }
    }
    samples.sort();
    let worst = samples[samples.len() - 1];
    let median = samples[samples.len() / 2];
    println!(
        "core movement search on a synthetic {}-hex map (Gates capacities: {} hexes, {} modes, sixths; 20 MP in column; best of 5 per start): {} starts, up to {} targets, median {:.1} µs, worst {:.1} µs (budget ≤ 200 µs for the worst: {})",
        g.hex_count(),
        gates::HEXES,
        gates::MODES,
        samples.len(),
        reached_max,
        us(median),
        us(worst),
        verdict(us(worst), 200.0)
    );
    budget("synthetic_6084_hex_search_worst_us", us(worst), 200.0);
    // The same starts without in-place mode changes: each hex in one mode.
    let one_mode = GatesOneMode(GatesRules::new(&map));
    let mut worst_one = Duration::ZERO;
    for c in 0..7u8 {
        for r in 0..7u8 {
            let start = HexId::new(3 + c * 12, 5 + r * 12);
            let start = if one_mode.may_end(start, synthetic::COLUMN) {
                start
            } else {
                HexId::new(start.col, start.row + 1)
            };
            let mut best = Duration::MAX;
            for _ in 0..5 {
                let t = Instant::now();
                search(
                    &g,
                    &one_mode,
                    start,
                    synthetic::COLUMN,
                    allowance,
                    &mut reach,
                )
                .expect("the search fits its map");
                let n = reach
                    .iter(&g)
                    .filter(|&(h, _)| h != start && one_mode.may_end(h, synthetic::COLUMN))
                    .count();
                std::hint::black_box(n);
                best = best.min(t.elapsed());
            }
            worst_one = worst_one.max(best);
        }
    }
    println!(
        "    the same without in-place mode changes (one mode a move): worst {:.1} µs",
        us(worst_one)
    );
    // The whole map at once (an allowance no unit has): the ceiling of one search.
    let mut best = Duration::MAX;
    let mut n = 0;
    for _ in 0..5 {
        let t = Instant::now();
        search(
            &g,
            &rules,
            HexId::new(1, 1),
            synthetic::COLUMN,
            gates::MP.mp(300),
            &mut reach,
        )
        .expect("the search fits its map");
        n = reach.iter(&g).count();
        best = best.min(t.elapsed());
    }
    println!(
        "    the same search flooding the whole map from a corner: {} hexes reached, best of 5 {:.1} µs (no budget: no allowance covers the map)",
        n,
        us(best)
    );
}

fn bench_synthetic_states() {
    // 6. The largest states the capacities allow for the games to come (see `SyntheticState`):
    //    the core's per-unit and per-hex state, stacks/facing/modes and divided hexes, and
    //    Berlin '85's other state as a stand-in for the ruleset's own.
    type Fortress = SyntheticState<{ fortress_berlin::HEXES }, { fortress_berlin::UNITS }>;
    type Gates = SyntheticState<{ gates::HEXES }, { gates::UNITS }>;
    for (name, key, size, hexes, units, data) in [
        (
            "Fortress Berlin",
            "fortress_berlin",
            size_of::<Fortress>(),
            fortress_berlin::HEXES,
            fortress_berlin::UNITS,
            size_of::<fortress_berlin::MapData>() + size_of::<fortress_berlin::Roster>(),
        ),
        (
            "Gates",
            "gates",
            size_of::<Gates>(),
            gates::HEXES,
            gates::UNITS,
            size_of::<gates::MapData>() + size_of::<gates::Roster>(),
        ),
    ] {
        println!(
            "state at the {name} capacities ({hexes} hexes, {units} units; synthetic): {size} bytes ({:.1} KiB; budget ≤ 256 KiB: {}); its map and roster data {data} bytes ({:.1} KiB)",
            size as f64 / 1024.0,
            verdict(size as f64, STATE_BUDGET),
            data as f64 / 1024.0
        );
        budget(&format!("state_{key}_bytes"), size as f64, STATE_BUDGET);
    }
    // The game as built: Fortress Berlin's own `State` with every optional rule's part (the
    // U-Bahn, the players' roles, the Character Game's leaders, units off the map).
    let size = size_of::<engine::fortress::State>();
    println!(
        "Fortress Berlin game state (engine::fortress::State): {size} bytes ({:.1} KiB; budget ≤ 256 KiB: {})",
        size as f64 / 1024.0,
        verdict(size as f64, STATE_BUDGET)
    );
    budget(
        "state_fortress_berlin_game_bytes",
        size as f64,
        STATE_BUDGET,
    );
}

fn bench_css_legal_actions() {
    // 7. Legal actions of one unit under the CSS series rules (`engine::css::movement`):
    //    every legal end of a Move action — on either side of the counter, with a change of
    //    side at its start and/or end (S7.7), in either part of a divided hex (S7.10) — and the
    //    Change Side action, on the synthetic 6,084-hex CSS ground (highway grid at 1/3 MP,
    //    roads, streams, bridges, hills with slopes, a divided river), with ~160 enemy-held
    //    hexes marked afresh for every query. The allowances are stand-ins (the counters are
    //    not in the rulebook): a wheeled unit with Column MA 20 is the largest search.
    //    Worst start of 49 over the map, best of 5 per start.
    use engine::core::side::Side;
    use engine::css::destinations::{destinations, MoveScratch};
    use engine::css::movement::{
        change_side_action, Ctx, Enemies, Mover, Party, Status, COLUMN, DEPLOYED,
    };
    use engine::css::terrain::{MoveClass, NoMarkers, Part};
    let css = synthetic::css_ground();
    let ground = css.ground();
    let g = css.map.geometry;
    let enemy_hexes: Vec<HexId> = (0..g.hex_count())
        .filter(|i| i % 37 == 0)
        .filter_map(|i| g.hex_at(i))
        .filter(|&h| ground.playable(h))
        .collect();
    let mut enemies = Box::new(Enemies::<{ gates::HEXES }>::new());
    let mut scratch = Box::new(MoveScratch::<{ gates::HEXES }>::new());
    let movers = [
        ("wheeled, Column MA 20", MoveClass::Wheeled, 20, 4, COLUMN),
        ("tracked, Column MA 10", MoveClass::Tracked, 10, 4, COLUMN),
        ("leg, Deployed MA 3", MoveClass::Leg, 4, 3, DEPLOYED),
    ];
    let mut worst_all = Duration::ZERO;
    for (name, class, column, deployed, face) in movers {
        let mover = Mover {
            class,
            ma: engine::core::faces::TwoFaced {
                front: column,
                back: deployed,
            },
            status: Status::default(),
        };
        let mut samples = Vec::new();
        let mut most = 0usize;
        for c in 0..7u8 {
            for r in 0..7u8 {
                let mut start = HexId::new(3 + c * 12, 5 + r * 12);
                while !ground.playable(start) || enemy_hexes.contains(&start) {
                    start = HexId::new(start.col, start.row + 1);
                }
                let mut best = Duration::MAX;
                let mut n = 0usize;
                for _ in 0..5 {
                    let t = Instant::now();
                    enemies.set(&g, enemy_hexes.iter().copied(), false);
                    let party = Party::new(Side::A, start, Part::First, face, &[mover], false)
                        .expect("may move");
                    let ctx = Ctx {
                        ground,
                        cond: &NoMarkers,
                        enemies: &enemies,
                        party: &party,
                    };
                    n = 0;
                    destinations(ctx, &mut scratch, |_| n += 1).expect("the search fits");
                    let flip = change_side_action(&ground, &party);
                    let _ = std::hint::black_box((n, flip));
                    best = best.min(t.elapsed());
                }
                most = most.max(n);
                samples.push(best);
            }
        }
        samples.sort();
        let worst = samples[samples.len() - 1];
        worst_all = worst_all.max(worst);
        println!(
            "    CSS legal actions, {name}: up to {most} destinations, median {:.1} µs, worst {:.1} µs",
            us(samples[samples.len() / 2]),
            us(worst)
        );
    }
    println!(
        "CSS legal actions of one unit (Move destinations with side changes and divided hexes, Change Side) on a synthetic {}-hex map: worst {:.1} µs (budget ≤ 200 µs for the worst: {})",
        g.hex_count(),
        us(worst_all),
        verdict(us(worst_all), 200.0)
    );
    budget("css_legal_actions_6084_hex_worst_us", us(worst_all), 200.0);
}

fn bench_css_chit_draw() {
    // 8. One chit draw to the next under the CSS series game (`engine::css::game`: the turn
    //    machine with units on the 12 x 10 board of `tests::css_board`, three companies per
    //    formation): from a `Pending::DrawChit`, the draw, the chit's rolls and Direct
    //    Commands, **the activation's unit actions** (moves hex by hex, changes of side, fire
    //    with its d10, rallies, TQCs, holds, the S6.4 picks), the end of the activation with
    //    step 2D-c, 2D-d and the interrupts of step 2C, to the next draw pending, or to the End
    //    Phase after the turn's last chit (the next turn's Preparation Phase is not timed). The
    //    inputs are a seeded random player's (choosing among the legal unit commands),
    //    refusals left out, recorded once; each stretch is replayed from a copy of the state
    //    with `pending` after each input, best of 20. Median and worst of 20 seeds.
    use engine::core::protocol::Input;
    use engine::css::command::turn::Step;
    use engine::css::game::GameCommand;
    use tests::css_board::{answer, apply, Game, World};
    let world = World::new();
    let data = world.data();
    let mut stretches: Vec<(Game, Vec<Input<GameCommand>>)> = Vec::new();
    for seed in 0..20u64 {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut events = Events::new();
        let mut g = world.start(&mut events);
        let mut current: Option<(Game, Vec<Input<GameCommand>>)> = None;
        for _ in 0..20_000 {
            let t = &g.turn;
            let ended = current.as_ref().is_some_and(|s| {
                t.step == Step::Draw || t.turn != s.0.turn.turn || t.step == Step::GameOver
            });
            if ended {
                if let Some(s) = current.take() {
                    stretches.push(s);
                }
            }
            if g.turn.step == Step::Draw && current.is_none() {
                current = Some((g.clone(), Vec::new()));
            }
            let Some(input) = answer(&mut rng, &data, &g) else {
                break;
            };
            events.clear();
            if apply(&data, &mut g, &input, &mut events).is_ok() {
                if let Some(s) = current.as_mut() {
                    s.1.push(input);
                }
            }
        }
    }
    let mut samples = Vec::new();
    for (state, inputs) in &stretches {
        let mut best = Duration::MAX;
        for _ in 0..20 {
            let mut g = state.clone();
            let mut events = Events::new();
            let start = Instant::now();
            for i in inputs {
                events.clear();
                let _ = apply(&data, &mut g, i, &mut events);
                // The table asks what the game waits for after every input.
                std::hint::black_box(g.pending(&data));
            }
            std::hint::black_box(&g);
            best = best.min(start.elapsed());
        }
        samples.push(best);
    }
    samples.sort();
    let worst = samples.last().copied().unwrap_or_default();
    println!(
        "CSS one chit draw to the next, the activation's unit actions included ({} stretches of {} inputs at most on the test board, state {} bytes): median {:.2} µs, worst {:.2} µs (budget ≤ 1 ms: {})",
        samples.len(),
        stretches.iter().map(|s| s.1.len()).max().unwrap_or(0),
        size_of::<Game>(),
        us(samples[samples.len() / 2]),
        us(worst),
        verdict(us(worst), 1000.0)
    );
    budget("css_chit_draw_to_next_worst_us", us(worst), 1000.0);
}

fn bench_css_game_legal_actions() {
    // 9. One unit's legal actions in the series game state (`engine::css::game`), each
    //    candidate tried on a copy of the state (steps to the six neighbours, Change Side,
    //    Hold, Rally, the second-action TQC, fire at each enemy hex in range, and the same for
    //    its hex's stack), on the synthetic 6,084-hex CSS ground of bench 7, under the first
    //    Formation chit played. Worst of the active units at three places on the map, best of 5.
    use tests::css_board::BigWorld;
    let world = BigWorld::new();
    let data = world.data();
    let mut worst = Duration::ZERO;
    let mut most = 0usize;
    for (col, row) in [(10u8, 10u8), (30, 20), (50, 40)] {
        let g = world.playing(col, row);
        for u in 0..tests::css_board::U as u16 {
            let unit = UnitId(u);
            let mut best = Duration::MAX;
            let mut n = 0usize;
            for _ in 0..5 {
                n = 0;
                let t = Instant::now();
                g.legal_unit_commands_of(&data, unit, |_| n += 1);
                best = best.min(t.elapsed());
            }
            if n > 0 {
                most = most.max(n);
                worst = worst.max(best);
            }
        }
    }
    println!(
        "CSS game: one unit's legal actions (up to {most} commands) on the synthetic 6,084-hex map: worst {:.1} µs (budget ≤ 200 µs: {})",
        us(worst),
        verdict(us(worst), 200.0)
    );
    budget("css_game_legal_actions_6084_hex_worst_us", us(worst), 200.0);
}
