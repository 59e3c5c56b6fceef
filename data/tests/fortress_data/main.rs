//! Fortress Berlin's built-in data set: it loads without a problem, every hex the rules cite is
//! where they put it with the feature they name, and the orders of appearance bring the units
//! the rulebook lists, with the values it prints.

use data::fortress;
use engine::core::hex::{Geometry, HexId};
use engine::core::map::{HexFeatures, SideFeatures};
use engine::core::units::UnitId;
use engine::fortress::board::terrain;
use engine::fortress::counters::{Radius, UnitType, WeaponType, COMBAT, GERMAN, MANEUVER, SOVIET};
use engine::fortress::data::{GameData, GroupKind, SetupZone};

mod counters;
mod game;
mod map;

fn data() -> Box<GameData> {
    match fortress::load_builtin() {
        Ok(d) => d,
        Err(e) => {
            let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
            panic!("{} problems:\n{}", msgs.len(), msgs.join("\n"));
        }
    }
}

fn h(s: &str) -> HexId {
    engine::core::hex::parse_hex(s).expect("hex")
}

fn side(d: &GameData, a: &str, b: &str) -> SideFeatures {
    let g = d.map.geometry;
    let s = g
        .side_between(h(a), h(b))
        .unwrap_or_else(|| panic!("{a}/{b} not adjacent"));
    d.map.side(s)
}

fn place(d: &GameData, name: &str) -> Vec<HexId> {
    d.map
        .place(name)
        .unwrap_or_else(|| panic!("no place '{name}'"))
        .hexes
        .to_vec()
}

/// Two hexsides meet at a corner: they share a hex and their other hexes are adjacent.
fn touch(g: &Geometry, a: (HexId, HexId), b: (HexId, HexId)) -> bool {
    let pairs = [
        (a.0, a.1, b.0, b.1),
        (a.0, a.1, b.1, b.0),
        (a.1, a.0, b.0, b.1),
        (a.1, a.0, b.1, b.0),
    ];
    pairs.iter().any(|&(x, y, u, v)| x == u && g.adjacent(y, v))
}

fn ids() -> Vec<String> {
    fortress::unit_ids(&fortress::builtin_files())
}

fn unit(ids: &[String], id: &str) -> UnitId {
    UnitId(
        ids.iter()
            .position(|x| x == id)
            .unwrap_or_else(|| panic!("no unit {id}")) as u16,
    )
}

/// Hexes reachable from `from` over land, crossing water sides only at bridges if `bridges`.
fn reach(d: &GameData, from: &str, bridges: bool) -> Vec<HexId> {
    let m = &d.map;
    let g = m.geometry;
    let mut seen = vec![h(from)];
    let mut i = 0;
    while i < seen.len() {
        let x = seen[i];
        for (_, n) in g.neighbours(x) {
            let s = m.side(g.side_between(x, n).expect("side"));
            let wet = s.has(SideFeatures::WATER) && !(bridges && s.has(SideFeatures::BRIDGE));
            if !wet && m.terrain(n) != terrain::LAKE && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen
}

/// The full game's German set-up, done the table's way: the thirty Volkssturm of 13.6 drawn
/// (the first chit each time), then auto-place. Returns the game in its first player-turn.
fn set_up_full_game(d: &'static GameData) -> engine::fortress::Game<'static> {
    set_up_full_game_with(d, engine::fortress::board::Options::default())
}

/// [`set_up_full_game`] with `options` (the variants agreed to, 16.0).
fn set_up_full_game_with(
    d: &'static GameData,
    options: engine::fortress::board::Options,
) -> engine::fortress::Game<'static> {
    use engine::core::protocol::{Input, Pending};
    use engine::fortress::Command;
    let mut game =
        engine::fortress::Game::new(d, fortress::FULL_GAME, options).expect("the full game starts");
    let mut draws = 0;
    while let Pending::DrawChit { case, .. } = game.pending() {
        assert_eq!(case, "13.6");
        game.apply(&Input::Drew(0)).expect("drawn");
        draws += 1;
    }
    assert_eq!(draws, 30, "13.6: thirty Volkssturm units");
    for p in game.auto_place() {
        game.apply(&Input::Command(Command::Place(p)))
            .expect("an auto-placement is legal");
    }
    let left: Vec<_> = game
        .units_to_place()
        .map(|u| d.forces.counter(u).map(|c| c.name.to_string()))
        .collect();
    assert!(
        left.is_empty(),
        "auto-place places every unit; left: {left:?}"
    );
    game.apply(&Input::Command(Command::SetUpDone))
        .expect("the set-up is complete");
    game
}

/// Enters every unit of the phasing side that is due, one at a time (5.0): from the entry hex
/// with the fewest friends it walks, searching hex by hex, to the nearest hex it can reach that
/// keeps its force within two units, so that no force is over the stacking limit when the
/// segment ends (3.1.2, 3.1.3, 3.1.4). The units entered.
fn enter_everything(game: &mut engine::fortress::Game<'static>) -> usize {
    use engine::core::protocol::Input;
    use engine::fortress::Command;
    type G = engine::fortress::Game<'static>;
    let side = game.phasing();
    let geo = game.data.map.geometry;
    let one = |u: UnitId| [u].into_iter().collect::<engine::fortress::game::Force>();
    let step = |g: &mut G, u: UnitId, to: HexId| {
        g.apply(&Input::Command(Command::Move { units: one(u), to }))
            .is_ok()
    };
    let friends = |g: &G, h: HexId| {
        g.state
            .board
            .stacks
            .at(h, side)
            .map_or(0, |s| s.units.len())
    };
    let limit = 2;
    let mut entered = 0;
    for i in 0..game.data.forces.counters.len() {
        let u = UnitId(i as u16);
        let Some((listing, late)) = game.due(u) else {
            continue;
        };
        let mut hexes: Vec<HexId> = game.entry_hexes(&listing, late).into_iter().collect();
        hexes.sort_by_key(|&h| friends(game, h));
        let mut found: Option<G> = None;
        let mut fallback: Option<G> = None;
        'entry: for &at in &hexes {
            let mut start = game.clone();
            if !step(&mut start, u, at) {
                continue;
            }
            fallback.get_or_insert_with(|| start.clone());
            let mut seen = vec![at];
            let mut frontier = vec![start];
            for _ in 0..5 {
                let mut next = Vec::new();
                for g in frontier {
                    let here = g.state.board.hex_of(u).expect("on the map");
                    if friends(&g, here) <= limit {
                        found = Some(g);
                        break 'entry;
                    }
                    for (_, n) in geo.neighbours(here) {
                        if seen.contains(&n) {
                            continue;
                        }
                        let mut t = g.clone();
                        if step(&mut t, u, n) {
                            seen.push(n);
                            next.push(t);
                        }
                    }
                }
                frontier = next;
            }
        }
        if let Some(g) = found.or(fallback) {
            *game = g;
            entered += 1;
        }
    }
    entered
}

fn full_game_of_arrivals() {
    use engine::core::protocol::{DiceRoll, Input, Pending};
    use engine::core::units::Location;
    use engine::fortress::board::SegmentKind;
    use engine::fortress::game::{Ending, Outcome};
    use engine::fortress::Command;
    let d: &'static GameData = Box::leak(data());
    let mut game = set_up_full_game(d);
    let ids = ids();
    let mut entered = [0usize; 2];
    let mut losses = 0;
    let mut volkssturm = 0;
    let mut airpower = 0;
    for _ in 0..2000 {
        match game.pending() {
            Pending::GameOver => break,
            Pending::Choose { .. } => {
                losses += 1;
                game.apply(&Input::Chose(0)).expect("a loss is picked");
                continue;
            }
            Pending::Roll { case, dice, .. } => {
                // The Volkssturm checks of turns 2-9 (5.5): one unit each; the naval
                // infantry checks of turns 5-8 (13.7): none comes; airpower (5.6): a 2, no
                // strike on the stand-in table.
                let roll = match case {
                    "13.7" => DiceRoll::of(&[6]),
                    _ if dice.count == 2 => DiceRoll::of(&[1, 1]),
                    _ => DiceRoll::of(&[1]),
                };
                game.apply(&Input::Rolled(roll)).expect("the die is read");
                airpower += usize::from(case == "5.6");
                continue;
            }
            Pending::DrawChit { .. } => {
                game.apply(&Input::Drew(0)).expect("drawn from the cup");
                continue;
            }
            _ => {}
        }
        let drawn: Vec<UnitId> = game.state.vs_drawn.iter().copied().collect();
        for u in drawn {
            let placed = d.within_perimeter.iter().any(|&at| {
                game.state.board.stacks.at(at, GERMAN).is_none()
                    && game
                        .apply(&Input::Command(Command::Move {
                            units: [u].into_iter().collect(),
                            to: at,
                        }))
                        .is_ok()
            });
            assert!(placed, "5.5: a drawn Volkssturm unit finds a hex");
            volkssturm += 1;
        }
        if game.state.board.segment.kind == SegmentKind::Movement {
            let side = usize::from(game.phasing() != GERMAN);
            entered[side] += enter_everything(&mut game);
        }
        if game.state.board.turn == 8 && game.state.board.segment.kind == SegmentKind::Reinforcement
        {
            // By now every listing of the base game has had its turn: nothing is left off the
            // map that an order of appearance brings on.
            for g in d
                .groups
                .iter()
                .filter(|g| g.kind == GroupKind::Arrival && g.variant.is_none())
            {
                for &u in &g.units {
                    let at = game.state.board.unit(u).unwrap().state.location;
                    assert_ne!(at, Location::Pool, "unit {} never arrived", u.0);
                }
            }
        }
        game.apply(&Input::Command(Command::EndSegment))
            .expect("the segment ends");
    }
    assert_eq!(losses, 0, "no force was left over the stacking limit");
    assert_eq!(volkssturm, 8, "5.5, 14.0: a check on each of turns 2-9");
    assert_eq!(
        airpower, 30,
        "5.6: both players roll in each of the 15 turns"
    );
    let listed = |side| {
        d.groups
            .iter()
            .filter(|g| g.kind == GroupKind::Arrival && g.variant.is_none() && g.side == side)
            .map(|g| g.units.len())
            .sum::<usize>()
    };
    assert_eq!(
        entered[0],
        listed(GERMAN),
        "14.0: every German listing arrived"
    );
    assert_eq!(
        entered[1],
        listed(SOVIET),
        "15.0: every Soviet listing arrived"
    );
    for pole in ["1pol-1", "1pol-2"] {
        assert_eq!(
            game.state
                .board
                .unit(unit(&ids, pole))
                .unwrap()
                .state
                .location,
            Location::Withheld,
            "5.1: the Poles leave on turn 3"
        );
    }
    let v = game.state.victory;
    assert_eq!(v.soviet, 10, "5.2: the 20th stayed, turns 6-15");
    assert_eq!(
        v.german,
        11 * 2 + 4 * 5 + 5 * 2 + 10,
        "12.0.1: the Reichstag each turn, Hitler alive after 10-14 and at the start of 15"
    );
    assert_eq!(
        v.outcome,
        Some(Outcome {
            ending: Ending::ReichstagHeld,
            winner: Some(GERMAN)
        })
    );
    assert_eq!(game.state.board.turn, 15);
}

#[test]
fn fortress_builtin_loads_without_problems_and_round_trips() {
    let d = data();
    let bytes = fortress::encode(&d).expect("encode");
    let back = fortress::decode(&bytes).expect("decode");
    assert!(*back == *d, "the compiled data decodes to what was encoded");
    assert!(
        d.stand_ins.iter().any(|s| s.as_str() == "map.txt"),
        "the map is listed as a stand-in"
    );
    assert!(d.stand_ins.iter().any(|s| s.as_str() == "units.toml"));
}
