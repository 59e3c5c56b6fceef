//! Engine benchmarks with printed figures; the budgets are DESIGN.md §2's. Run with
//! `cargo run --release -p tests --bin bench`. Figures are measured, never asserted, so a slow
//! CI machine reports instead of failing; compare them with the budgets printed beside them.

use engine::berlin85::{Game, Input85, State};
use engine::core::hex::{Dir, HexId};
use engine::core::movement::{search, MoveRules, Reachable, Step};
use std::time::{Duration, Instant};
use tests::{berlin85, playout};

fn main() {
    let data = berlin85();
    println!("berlin-table engine benchmarks (release build)");

    // 1. The core movement search over the full 39x50 map, with the map's terrain costs
    //    (the Berlin '85 movement rules that feed it are not implemented yet).
    struct TerrainCost<'a>(&'a engine::berlin85::GameData);
    impl MoveRules for TerrainCost<'_> {
        fn steps(&self, _f: HexId, _m: u8, _d: Dir, to: HexId, out: &mut heapless::Vec<Step, 4>) {
            if let Some(t) = self.0.terrain(to) {
                let _ = out.push(Step {
                    cost: t.mp_half,
                    mode: 0,
                    stop: false,
                });
            }
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }
    let geo = data.map.geometry;
    let mut reach = Box::new(Reachable::new());
    let rules = TerrainCost(data);
    let starts: Vec<HexId> = data.map.hexes().step_by(37).collect();
    let mut worst = Duration::ZERO;
    let mut total = Duration::ZERO;
    for &h in &starts {
        let t = Instant::now();
        search(&geo, &rules, h, 0, 24, &mut reach).expect("search");
        let dt = t.elapsed();
        worst = worst.max(dt);
        total += dt;
    }
    println!(
        "movement search, 12 MP on the full map: {} searches, mean {:.1} µs, worst {:.1} µs (budget ≤ 200 µs)",
        starts.len(),
        total.as_secs_f64() * 1e6 / starts.len() as f64,
        worst.as_secs_f64() * 1e6
    );
    let g = Game::new(data, "unity", Default::default()).expect("scenario");

    // 2. One full random playout of a 16-turn scenario.
    let mut times = Vec::new();
    let mut lens = Vec::new();
    for seed in 0..20 {
        let t = Instant::now();
        let j = playout(data, "unity", seed, 200_000).unwrap_or_else(|e| panic!("playout: {e}"));
        times.push(t.elapsed());
        lens.push(j.len());
    }
    times.sort();
    println!(
        "random playout, Operation Unity (16 turns): median {:.1} ms, worst {:.1} ms, median {} inputs (budget ≤ 100 ms)",
        times[times.len() / 2].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        lens[lens.len() / 2]
    );

    // 3. Replay of a 5,000-input journal (several playouts' worth of inputs, replayed game by game).
    let mut journals: Vec<(&str, Vec<Input85>)> = Vec::new();
    let mut count = 0;
    let mut seed = 100;
    while count < 5000 {
        for sc in ["unity", "werewolf", "medicine_wheel"] {
            let j = playout(data, sc, seed, 200_000).unwrap_or_else(|e| panic!("playout: {e}"));
            count += j.len();
            journals.push((sc, j));
        }
        seed += 1;
    }
    let t = Instant::now();
    let mut replayed = 0;
    'outer: for (sc, j) in &journals {
        let mut g = Game::new(data, sc, Default::default()).expect("scenario");
        let mut ev = engine::core::protocol::Events::new();
        for i in j {
            ev.clear();
            g.apply_in_place(i, &mut ev).expect("replay");
            replayed += 1;
            if replayed == 5000 {
                break 'outer;
            }
        }
    }
    println!(
        "replay of a {}-input journal: {:.1} ms (budget ≤ 50 ms)",
        replayed,
        t.elapsed().as_secs_f64() * 1e3
    );

    // 4. State size.
    let size = std::mem::size_of::<State>();
    let bytes = postcard::to_allocvec(&g.state)
        .map(|v| v.len())
        .unwrap_or(0);
    println!(
        "state: size_of::<State>() = {} bytes ({:.1} KiB; budget ≤ 256 KiB), postcard snapshot {} bytes",
        size,
        size as f64 / 1024.0,
        bytes
    );
}
