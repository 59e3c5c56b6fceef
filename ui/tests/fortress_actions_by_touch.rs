//! Every *Fortress Berlin* action the whole-game tap tests seldom or never reach, given on the
//! table by taps (issue 12): the U-Bahn (17.1.1, 17.1.2), a withdrawal off the map (5.2), gun
//! fire (8.3), Hitler's suicide (11.1.2), the Character Game's flight, suicide and defector
//! (17.4.2, 17.4.3) and the questions of combat's aftermath (8.6, 8.7, 8.7.1).
//!
//! Each test brings a legal game to a position where the action is offered: by session inputs
//! (the random player of `tests::fortress_agent` with a seed found offline by
//! `search_positions_for_the_rare_actions` below, or a short script from the start), saves
//! it in a `MemoryPersist` as the firmware saves a game, and resumes it on the table through
//! `Table::offer_fortress_resume`. From there every input is a tap: a hex of the map at its
//! centre, a counter row, the action's button, its shaded hex or listed option, a dialog's
//! button. The test reads the game only to know where to tap and to check what the screen
//! shows against what the engine holds.

mod common;

use common::*;
use engine::core::contract::Ruleset;
use engine::core::faces::Face;
use engine::core::hex::{Dir, HexId};
use engine::core::protocol::{Input, Pending};
use engine::core::units::{Location, UnitId};
use engine::fortress::board::{Options, SegmentKind};
use engine::fortress::counters::{UnitSize, UnitType, GERMAN, SOVIET};
use engine::fortress::data::{GroupKind, Placement};
use engine::fortress::game::{Choice, Command};
use slint::{ComponentHandle, Model};
use tests::fortress_agent::FortressAgent;
use ui::session::fortress::Fortress as Fb;
use ui::session::{MemoryPersist, Persist};
use ui::{AppWindow, Header, Resume, Seats, Table, UiConfig};

const SCENARIO: &str = "full-game";

// The seeds of the random agent's games, found by `search_positions_for_the_rare_actions` and
// `search_positions_for_the_suicides_and_losses` over seeds 0..40 (the first seed reaching the position early; the number of
// inputs before it in brackets): gun fire (8.3) [672], a unit lost to a number result (8.6)
// [313], a retreat with hexes and off the map (8.7, 8.7.1) [241], "Stop here" (8.7) [466], a
// defector's move (17.4.3) [291], a flight (17.4.2) at the start of turn 1; the suicides need
// a strongpoint taken first (11.1.2, 17.4.2), which the base game's agent never did before its
// games ended: a busier agent (30 tries a segment) in the Character Game does [866].
const GUN_FIRE_SEED: u64 = 33;
const CHOOSE_UNIT_SEED: u64 = 4;
const CHOOSE_HEX_SEED: u64 = 28;
const CHOOSE_STOP_SEED: u64 = 7;
const CHOOSE_OFF_MAP_SEED: u64 = 28;
const SUICIDE_SEED: u64 = 2;
const SUICIDE_ACTIONS: u32 = 30;
const FLEE_SEED: u64 = 0;
const DEFECTOR_SEED: u64 = 5;

fn data() -> &'static ui::session::fortress::GameData {
    ui::session::fortress::builtin_data().expect("the built-in Fortress Berlin data")
}

fn options(pairs: &[(&str, &str)]) -> Options {
    Fb::options_from_pairs(pairs.iter().copied()).expect("offered options")
}

// ---- Bringing a game to a position by session inputs ------------------------------------

/// Plays a game with `options` from its start: each input is `script`'s when it gives one the
/// engine takes, else the first the random agent (seed `seed`, `actions` tries a segment)
/// proposes that the engine takes. Stops before the input for which `stop(game, input)`
/// holds and returns the journal up to there; `None` if the game ends or `max` inputs pass.
fn journal_until(
    options: Options,
    seed: u64,
    actions: u32,
    max: usize,
    mut script: impl FnMut(&Fb) -> Option<Input<Command>>,
    mut stop: impl FnMut(&Fb, &Input<Command>) -> bool,
) -> Option<Vec<Input<Command>>> {
    let mut g = Fb::new(data(), SCENARIO, options).expect("the scenario");
    let mut agent = FortressAgent::new(seed).with_actions(actions);
    let mut journal = Vec::new();
    while journal.len() < max {
        if matches!(Ruleset::pending(&g), Pending::GameOver) {
            return None;
        }
        let before = g.clone();
        let scripted = script(&g);
        let mut accepted = None;
        for input in scripted.into_iter().chain(agent.candidates(&g)) {
            if Ruleset::apply(&mut g, &input).is_ok() {
                accepted = Some(input);
                break;
            }
        }
        let input = accepted?;
        if stop(&before, &input) {
            return Some(journal);
        }
        journal.push(input);
    }
    None
}

/// The game after `journal`.
fn game_after(options: Options, journal: &[Input<Command>]) -> Fb {
    let mut g = Fb::new(data(), SCENARIO, options).expect("the scenario");
    for i in journal {
        Ruleset::apply(&mut g, i).expect("a journal input");
    }
    g
}

/// Would the engine take `command` now?
fn accepts(g: &Fb, command: Command) -> bool {
    let mut copy = g.clone();
    Ruleset::apply(&mut copy, &Input::Command(command)).is_ok()
}

fn segment(g: &Fb) -> (u8, SegmentKind, engine::core::side::Side) {
    let b = &g.state.board;
    (b.turn, b.segment.kind, b.segment.side)
}

/// The game of `journal` saved as the firmware saves one (the header, then each input's
/// bytes), resumed on a table from the start screen's offer: the game the taps continue.
fn on_table(options: Options, journal: &[Input<Command>]) -> Table {
    let mut header = Header::for_game::<Fb>(SCENARIO, &options, 7);
    header.seats = Seats::Same;
    let mut saved = MemoryPersist::default();
    saved.begin(&header).expect("saved");
    for i in journal {
        saved
            .append(&ui::session::encode_input(i).expect("encoded"))
            .expect("saved");
    }
    let resume = {
        let s = saved.0.borrow();
        Resume::<Fb> {
            header: s.header.clone().expect("a header"),
            inputs: s
                .inputs
                .iter()
                .map(|b| ui::session::decode_input(b).expect("an input"))
                .collect(),
            snapshot: None,
        }
    };
    let (t, _persist) = table(
        1280.0,
        800.0,
        UiConfig {
            seed: Some(7),
            seats: Seats::Same,
            ..UiConfig::default()
        },
    );
    t.offer_fortress_resume(resume, true);
    settle();
    assert!(
        shows(t.window(), "map"),
        "the resumed game is on the play screen: {:?}",
        labels(t.window(), 30)
    );
    let n = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    assert_eq!(n, journal.len(), "the whole journal was resumed");
    t
}

// ---- Reading the screen and tapping ------------------------------------------------------

/// The offer panel's actions as (label, case).
fn offered(w: &AppWindow) -> Vec<(String, String)> {
    w.global::<ui::View>()
        .get_offer_actions()
        .iter()
        .map(|a| (a.label.to_string(), a.case.to_string()))
        .collect()
}

/// Asserts the panel offers `label` under `case`, and taps it.
fn tap_action(w: &AppWindow, label: &str, case: &str) {
    let all = offered(w);
    assert!(
        all.iter().any(|(l, c)| l == label && c == case),
        "the panel offers {label} [{case}]: {all:?}; hint {:?}",
        label_starting(w, "hint ")
    );
    tap(w, &format!("action {label}"));
}

/// The hexes the map shades (or marks) with a label starting with `prefix`, by number.
fn marked(w: &AppWindow, prefix: &str) -> Vec<String> {
    w.global::<ui::View>()
        .get_marks()
        .iter()
        .filter_map(|m| m.label.strip_prefix(prefix).map(str::to_string))
        .collect()
}

/// Taps hex `h` of the map: scrolls it into view and sends the map's tap at its centre.
fn tap_map_hex(t: &Table, w: &AppWindow, h: HexId) {
    t.center_on_hex(h);
    // Not a double tap (which zooms the map).
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(800));
    let (x, y) = t.hex_center(h);
    w.global::<ui::Actions>().invoke_map_tapped(x, y);
    settle();
}

/// Selects `unit` alone on the map: taps its hex (the player's force there) unless it is
/// selected, then the panel's counter rows of the others to take them out of the selection.
fn select_alone(t: &Table, w: &AppWindow, unit: UnitId) {
    let hex = hex_of_unit(t, unit).expect("the unit is on the map");
    select_hex(t, w, hex);
    let rows: Vec<(i32, bool)> = w
        .global::<ui::View>()
        .get_offer_units()
        .iter()
        .map(|r| (r.unit, r.counter.selected))
        .collect();
    assert!(
        rows.iter().any(|&(u, _)| u == i32::from(unit.0)),
        "the tapped hex lists the unit: {rows:?}"
    );
    for (i, &(u, selected)) in rows.iter().enumerate() {
        if selected != (u == i32::from(unit.0)) {
            let row = find_all(w, "select ");
            tap_element(&row[i]);
        }
    }
    let now: Vec<i32> = w
        .global::<ui::View>()
        .get_offer_units()
        .iter()
        .filter(|r| r.counter.selected)
        .map(|r| r.unit)
        .collect();
    assert_eq!(now, vec![i32::from(unit.0)], "the unit alone is selected");
}

fn hex_of_unit(t: &Table, u: UnitId) -> Option<HexId> {
    t.with_fortress(|s| s?.game().state.board.hex_of(u))
}

fn hex_text(t: &Table, h: HexId) -> String {
    t.hex_label(h)
}

fn pending(t: &Table) -> Pending<Choice> {
    t.with_fortress(|s| s.expect("a Fortress Berlin game").pending())
}

fn inputs(t: &Table) -> usize {
    t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()))
}

// ---- Offline: the seeds the tests use ----------------------------------------------------

/// The rarer positions: a unit lost to a number result (8.6), the suicides (11.1.2, 17.4.2),
/// with busier agents (`actions` tries a segment).
#[test]
#[ignore = "offline search for the tests' seeds"]
fn search_positions_for_the_suicides_and_losses() {
    let base = options(&[]);
    let character = options(&[("character-game", "on")]);
    for seed in 0..40u64 {
        let found = journal_until(
            base,
            seed,
            12,
            6000,
            |_| None,
            |g, _| {
                matches!(Ruleset::pending(g), Pending::Choose { options, case, .. }
                if case == "8.6" && options.iter().any(|o| matches!(o, Choice::Unit(_))))
            },
        );
        println!("seed {seed}: 8.6 unit at {:?}", found.map(|j| j.len()));
    }
    for actions in [30u32, 80] {
        for seed in 0..12u64 {
            let found = journal_until(
                character,
                seed,
                actions,
                20000,
                |_| None,
                |g, _| {
                    matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN)
                        && accepts(g, Command::Suicide)
                },
            );
            println!(
                "actions {actions} seed {seed}: suicide (character game) at {:?}",
                found.map(|j| j.len())
            );
        }
    }
}

/// What the random agent reaches and when: run with `cargo test -p ui --test
/// fortress_actions_by_touch -- --ignored --nocapture search`; its findings are the seeds and
/// stops of the tests below.
#[test]
#[ignore = "offline search for the tests' seeds"]
fn search_positions_for_the_rare_actions() {
    let base = options(&[]);
    let character = options(&[("character-game", "on")]);
    for seed in 0..40u64 {
        let started = std::time::Instant::now();
        let found = journal_until(
            base,
            seed,
            12,
            6000,
            |_| None,
            |_, i| matches!(i, Input::Command(Command::GunFire { .. })),
        );
        println!(
            "seed {seed}: gun fire at {:?} ({:?})",
            found.map(|j| j.len()),
            started.elapsed()
        );
        for (name, want) in [("unit", 0u8), ("hex", 1), ("stop", 2), ("off map", 3)] {
            let started = std::time::Instant::now();
            let found = journal_until(
                base,
                seed,
                12,
                6000,
                |_| None,
                |g, _| match Ruleset::pending(g) {
                    Pending::Choose { options, .. } => options.iter().any(|o| {
                        matches!(
                            (want, o),
                            (0, Choice::Unit(_))
                                | (1, Choice::Hex(_))
                                | (2, Choice::Stop)
                                | (3, Choice::OffMap)
                        )
                    }),
                    _ => false,
                },
            );
            let asked = found.as_ref().map(|j| {
                let g = game_after(base, j);
                match Ruleset::pending(&g) {
                    Pending::Choose {
                        purpose,
                        case,
                        options,
                        ..
                    } => format!("[{case}] {purpose}: {options:?}"),
                    _ => String::new(),
                }
            });
            println!(
                "seed {seed}: choose {name} at {:?} ({:?}) {asked:?}",
                found.map(|j| j.len()),
                started.elapsed()
            );
        }
        let started = std::time::Instant::now();
        let found = journal_until(
            base,
            seed,
            12,
            6000,
            |_| None,
            |g, _| {
                matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN)
                    && accepts(g, Command::Suicide)
            },
        );
        println!(
            "seed {seed}: Hitler's suicide at {:?} ({:?})",
            found.map(|j| j.len()),
            started.elapsed()
        );
        let started = std::time::Instant::now();
        let found = journal_until(
            character,
            seed,
            12,
            6000,
            |_| None,
            |g, _| {
                matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN)
                    && segment(g).1 == SegmentKind::Combat
                    && g.german_leaders()
                        .any(|leader| accepts(g, Command::LeaderSuicide { leader }))
            },
        );
        println!(
            "seed {seed}: leader's suicide at {:?} ({:?})",
            found.map(|j| j.len()),
            started.elapsed()
        );
        let started = std::time::Instant::now();
        let found = journal_until(
            character,
            seed,
            12,
            6000,
            |_| None,
            |g, _| {
                matches!(Ruleset::pending(g), Pending::Command { player } if player == SOVIET)
                    && segment(g).1 == SegmentKind::Movement
                    && g.defectors().any(|(leader, at)| {
                        g.data
                            .map
                            .geometry
                            .neighbours(at)
                            .any(|(_, to)| accepts(g, Command::LeaderMove { leader, to }))
                    })
            },
        );
        println!(
            "seed {seed}: defector's move at {:?} ({:?})",
            found.map(|j| j.len()),
            started.elapsed()
        );
    }
}

// ---- 17.1: the U-Bahn ----------------------------------------------------------------------

/// The stations of the map (17.1.1).
fn stations(g: &Fb) -> Vec<HexId> {
    g.data
        .map
        .hexes()
        .filter(|&h| {
            g.data
                .map
                .features(h)
                .has(engine::core::map::HexFeatures::STATION)
        })
        .collect()
}

/// An eligible German battalion (17.1.1: infantry or engineers, no larger than a battalion)
/// that auto-place put on the map and that, taken back, may set up at a station in maneuver
/// mode: the station nearest the north edge, where the division HQs of turn 1 enter (14.0).
fn ubahn_setup(g: &Fb) -> Option<Placement> {
    let stations = stations(g);
    let b = &g.state.board;
    let mut best: Option<Placement> = None;
    for u in (0..b.units.len() as u16).map(UnitId) {
        let eligible = g.data.forces.counter(u).is_some_and(|c| {
            c.side == GERMAN
                && matches!(c.kind, UnitType::Infantry | UnitType::Engineer)
                && c.size <= UnitSize::Battalion
        }) && b.hex_of(u).is_some();
        if !eligible {
            continue;
        }
        let mut base = g.clone();
        if Ruleset::apply(&mut base, &Input::Command(Command::TakeBack { unit: u })).is_err() {
            continue;
        }
        for &at in &stations {
            if best.is_some_and(|p| p.hex.row <= at.row) {
                continue;
            }
            if base.check_setup(u, at, Face::Front, Dir::Up).is_ok() {
                best = Some(Placement {
                    unit: u,
                    hex: at,
                    face: Face::Front,
                    facing: Dir::Up,
                });
            }
        }
    }
    best
}

/// The set-up by auto-place, then [`ubahn_setup`]'s battalion taken back and set up again at
/// its station (13.0). The map's battalions are independent: in command only within a
/// division HQ's radius (3.5.3), and none is on the map before turn 1. So in the German
/// movement segment of turn 1 a division HQ due then enters at the entry hex nearest the
/// station and drives toward it along the routes the table offers, until the battalion may
/// go down (17.1.1); the Soviet only ends his segments. Returns the journal, the battalion
/// and its station.
fn ubahn_game(options: Options, ride: bool) -> (Vec<Input<Command>>, UnitId, HexId) {
    use ui::session::present::actions::{Offer, Selection, Then};
    let mut plan: Option<Vec<Placement>> = None;
    let mut after: Option<Vec<Command>> = None;
    let chosen: std::cell::Cell<Option<(UnitId, HexId)>> = std::cell::Cell::new(None);
    let mut hq: Option<UnitId> = None;
    let journal = journal_until(
        options,
        1,
        0,
        3000,
        |g| {
            if !matches!(Ruleset::pending(g), Pending::Command { .. }) {
                return None;
            }
            if g.setting_up() {
                let plan =
                    plan.get_or_insert_with(|| g.auto_place().iter().rev().cloned().collect());
                if let Some(p) = plan.pop() {
                    return Some(Input::Command(Command::Place(p)));
                }
                let after = after.get_or_insert_with(|| {
                    let unit = ubahn_setup(g).expect("a battalion for the U-Bahn");
                    chosen.set(Some((unit.unit, unit.hex)));
                    vec![Command::Place(unit), Command::TakeBack { unit: unit.unit }]
                });
                return after.pop().map(Input::Command);
            }
            let (unit, at) = chosen.get()?;
            if segment(g) != (1, SegmentKind::Movement, GERMAN) {
                return None;
            }
            let under = g
                .state
                .board
                .unit(unit)
                .is_some_and(|x| x.counter.game.underground);
            if ride && under {
                // 17.1.2: on to the nearest station the engine takes, once.
                if g.state.board.hex_of(unit) != Some(at) {
                    return None;
                }
                let map = &g.data.map;
                return stations(g)
                    .into_iter()
                    .filter(|&to| accepts(g, Command::UbahnRide { unit, to }))
                    .min_by_key(|&to| {
                        engine::fortress::game::stops(map, at, to, |_| true).unwrap_or(u8::MAX)
                    })
                    .map(|to| Input::Command(Command::UbahnRide { unit, to }));
            }
            if ride && accepts(g, Command::UbahnDown { unit, at }) {
                return Some(Input::Command(Command::UbahnDown { unit, at }));
            }
            let geo = g.data.map.geometry;
            let b = &g.state.board;
            let hq = *hq.get_or_insert_with(|| {
                (0..b.units.len() as u16)
                    .map(UnitId)
                    .filter(|&u| {
                        g.data
                            .forces
                            .counter(u)
                            .is_some_and(|c| c.is_hq() && c.size == UnitSize::Division)
                    })
                    .filter_map(|u| {
                        let (group, delay) = g.due(u)?;
                        let near = g
                            .entry_hexes(&group, delay)
                            .iter()
                            .map(|&h| geo.distance(h, at))
                            .min()?;
                        Some((near, u))
                    })
                    .min()
                    .map(|(_, u)| u)
                    .expect("a division HQ due on turn 1")
            });
            let single: engine::fortress::game::Force = [hq].into_iter().collect();
            match b.hex_of(hq) {
                None => {
                    let (group, delay) = g.due(hq)?;
                    let to = g
                        .entry_hexes(&group, delay)
                        .iter()
                        .copied()
                        .min_by_key(|&h| geo.distance(h, at))?;
                    Some(Input::Command(Command::Move { units: single, to }))
                }
                Some(from) => {
                    let actions = g.actions(&Selection::units(from, &[hq]));
                    let Then::Route(picks) = &actions.iter().find(|a| a.label == "Move")?.then
                    else {
                        return None;
                    };
                    let best = picks.iter().min_by_key(|p| geo.distance(p.target, at))?;
                    (geo.distance(best.target, at) < geo.distance(from, at))
                        .then(|| Input::Command(best.command[0].clone()))
                }
            }
        },
        |g, _| {
            chosen.get().is_some_and(|(unit, at)| {
                matches!(Ruleset::pending(g), Pending::Command { .. })
                    && if ride {
                        segment(g) == (2, SegmentKind::Movement, GERMAN)
                            && accepts(g, Command::UbahnUp { unit })
                    } else {
                        segment(g) == (1, SegmentKind::Movement, GERMAN)
                            && accepts(g, Command::UbahnDown { unit, at })
                    }
            })
        },
    )
    .expect("a battalion in command at its station in the German movement of turn 1");
    let (unit, at) = chosen.get().expect("the battalion");
    let at = if ride {
        game_after(options, &journal)
            .state
            .board
            .hex_of(unit)
            .expect("underground at a station")
    } else {
        at
    };
    (journal, unit, at)
}

fn underground(t: &Table, u: UnitId) -> bool {
    t.with_fortress(|s| {
        s.and_then(|s| s.game().state.board.unit(u))
            .is_some_and(|x| x.counter.game.underground)
    })
}

/// Selects the hex `h` unless it is the selected one already (a second tap clears it).
fn select_hex(t: &Table, w: &AppWindow, h: HexId) {
    if marked(w, "selected hex ") != [hex_text(t, h)] {
        tap_map_hex(t, w, h);
    }
    assert_eq!(
        marked(w, "selected hex "),
        [hex_text(t, h)],
        "the hex is selected"
    );
}

/// 17.1.1, 17.1.2: a German battalion in maneuver mode at a station goes down into the U-Bahn
/// and rides to the nearest station along the lines, each by its button and the station
/// tapped on the map.
#[test]
fn fb_17_1_1_and_17_1_2_down_into_the_u_bahn_and_ride_by_taps() {
    let options = options(&[("ubahn", "on")]);
    let (journal, unit, station) = ubahn_game(options, false);
    let t = on_table(options, &journal);
    let w = t.window();
    // 17.1.1: down, at the station it stands in (or one next to it): the stations shaded.
    select_alone(&t, w, unit);
    tap_action(w, "U-Bahn down", "17.1.1");
    let targets = marked(w, "target hex ");
    assert!(
        targets.contains(&hex_text(&t, station)),
        "17.1.1: the station is shaded: {targets:?}"
    );
    tap_map_hex(&t, w, station);
    assert!(underground(&t, unit), "17.1.1: the unit went down");
    assert_eq!(hex_of_unit(&t, unit), Some(station), "at its station");
    // The owner still sees it at the station, marked underground.
    select_hex(&t, w, station);
    let rows: Vec<String> = w
        .global::<ui::View>()
        .get_offer_units()
        .iter()
        .filter(|r| r.unit == i32::from(unit.0))
        .map(|r| r.detail.to_string())
        .collect();
    assert!(
        rows.iter().any(|d| d.contains("underground")),
        "the counter row says underground: {rows:?}"
    );
    // 17.1.2: a ride to the nearest station along the lines.
    select_alone(&t, w, unit);
    tap_action(w, "Ride the U-Bahn", "17.1.2");
    let targets = marked(w, "target hex ");
    assert!(
        !targets.is_empty(),
        "17.1.2: the stations it may ride to are shaded"
    );
    let to = t.with_fortress(|s| {
        let g = s.expect("game").game();
        let map = &g.data.map;
        targets
            .iter()
            .filter_map(|h| map.geometry.parse(h))
            .min_by_key(|&to| {
                engine::fortress::game::stops(map, station, to, |_| true).unwrap_or(u8::MAX)
            })
            .expect("a station")
    });
    tap_map_hex(&t, w, to);
    assert_eq!(hex_of_unit(&t, unit), Some(to), "17.1.2: it rode to {to:?}");
    assert!(underground(&t, unit), "still underground after the ride");
}

/// 17.1.2: a battalion that went down and rode on turn 1 (by session inputs) comes up at its
/// station in the next German movement segment by its button (the ride and the way down
/// leave too few MP to come up the same turn).
#[test]
fn fb_17_1_2_a_unit_underground_comes_up_by_tap() {
    let options = options(&[("ubahn", "on")]);
    let (journal, unit, to) = ubahn_game(options, true);
    let t = on_table(options, &journal);
    let w = t.window();
    assert!(underground(&t, unit), "the unit is underground");
    select_alone(&t, w, unit);
    tap_action(w, "Come up", "17.1.2");
    assert!(!underground(&t, unit), "17.1.2: the unit came up");
    assert_eq!(hex_of_unit(&t, unit), Some(to), "at its station");
}

// ---- 5.2: a withdrawal off the map ---------------------------------------------------------

/// The 20th Panzergrenadier Division's withdrawal listing (5.2, 14.0): its units and the
/// edge hexes they leave by.
fn withdrawal(g: &Fb) -> (Vec<UnitId>, Vec<HexId>) {
    let group = g
        .data
        .groups
        .iter()
        .find(|x| x.kind == GroupKind::Withdrawal && x.side == GERMAN && !x.hexes.is_empty())
        .expect("the German withdrawal of 14.0");
    (group.units.to_vec(), group.hexes.to_vec())
}

/// The game to turn 4 (5.2: withdrawals from turn 4): the 20th Panzergrenadier's recon
/// battalion enters on turn 2 at the entry hex nearest the listed south edge and drives there
/// along the cheapest routes the table offers (`Offer::actions`' Move); everything else ends
/// its segments (the German set up by auto-place, the Soviet idle). Stops in the German
/// movement segment when the battalion, on the edge, may leave.
fn exit_game(options: Options) -> (Vec<Input<Command>>, UnitId) {
    use ui::session::present::actions::{Offer, Selection, Then};
    let g0 = Fb::new(data(), SCENARIO, options).expect("the scenario");
    let (units, edge) = withdrawal(&g0);
    let recon = units
        .iter()
        .copied()
        .find(|&u| {
            g0.data
                .forces
                .counter(u)
                .is_some_and(|c| c.kind == UnitType::Recon)
        })
        .expect("the division's recon battalion");
    let geo = g0.data.map.geometry;
    let to_edge = |h: HexId| edge.iter().map(|&e| geo.distance(h, e)).min().unwrap_or(0);
    let journal = journal_until(
        options,
        1,
        0,
        4000,
        |g| {
            let (turn, kind, side) = segment(g);
            if g.setting_up()
                || turn < 2
                || (kind, side) != (SegmentKind::Movement, GERMAN)
                || !matches!(Ruleset::pending(g), Pending::Command { .. })
            {
                return None;
            }
            let single: engine::fortress::game::Force = [recon].into_iter().collect();
            match g.state.board.hex_of(recon) {
                None => {
                    let (group, delay) = g.due(recon)?;
                    let to = g
                        .entry_hexes(&group, delay)
                        .iter()
                        .copied()
                        .min_by_key(|&h| to_edge(h))?;
                    Some(Input::Command(Command::Move { units: single, to }))
                }
                Some(at) if !edge.contains(&at) => {
                    let actions = g.actions(&Selection::units(at, &[recon]));
                    let Then::Route(picks) = &actions.iter().find(|a| a.label == "Move")?.then
                    else {
                        return None;
                    };
                    let best = picks.iter().min_by_key(|p| to_edge(p.target))?;
                    (to_edge(best.target) < to_edge(at))
                        .then(|| Input::Command(best.command[0].clone()))
                }
                Some(_) => None,
            }
        },
        |g, _| {
            let (turn, kind, side) = segment(g);
            turn >= 4
                && (kind, side) == (SegmentKind::Movement, GERMAN)
                && matches!(Ruleset::pending(g), Pending::Command { .. })
                && accepts(
                    g,
                    Command::Exit {
                        units: [recon].into_iter().collect(),
                    },
                )
        },
    )
    .expect("the recon battalion on the south edge on turn 4 or later");
    (journal, recon)
}

/// 5.2: a withdrawing force on its listed edge leaves the map by its button: the unit is out
/// of the game and the German scores its 2 VP (12.0.1).
#[test]
fn fb_5_2_a_withdrawing_battalion_exits_the_map_by_taps() {
    let options = options(&[]);
    let (journal, recon) = exit_game(options);
    let t = on_table(options, &journal);
    let w = t.window();
    let german = t.with_fortress(|s| s.expect("game").game().state.victory.german);
    let turn = t.with_fortress(|s| s.expect("game").game().state.board.turn);
    assert!(turn >= 4, "5.2: withdrawals begin on turn 4 (turn {turn})");
    select_alone(&t, w, recon);
    tap_action(w, "Exit the map", "5.2");
    let gone = t.with_fortress(|s| {
        s.and_then(|s| s.game().state.board.unit(recon))
            .map(|x| x.state.location)
    });
    assert_eq!(
        gone,
        Some(Location::Exited),
        "5.2: the battalion left the map"
    );
    assert!(
        !w.global::<ui::View>()
            .get_counters()
            .iter()
            .any(|c| c.unit == i32::from(recon.0)),
        "its counter is off the map"
    );
    let after = t.with_fortress(|s| s.expect("game").game().state.victory.german);
    assert_eq!(after, german + 2, "5.2: 2 VP for the unit withdrawn");
}

// ---- Positions the random agent reaches (seeds found by the search above) ----------------

/// The journal of the agent's game (`seed`, twelve tries a segment) up to the position
/// `stop` names.
fn seeded(
    options: Options,
    seed: u64,
    stop: impl FnMut(&Fb, &Input<Command>) -> bool,
) -> Vec<Input<Command>> {
    seeded_busy(options, seed, 12, stop)
}

/// [`seeded`] with an agent trying `actions` commands a segment (a busier war).
fn seeded_busy(
    options: Options,
    seed: u64,
    actions: u32,
    stop: impl FnMut(&Fb, &Input<Command>) -> bool,
) -> Vec<Input<Command>> {
    journal_until(options, seed, actions, 6000, |_| None, stop)
        .unwrap_or_else(|| panic!("seed {seed} no longer reaches the position: search again"))
}

/// The dice dialog is up for `case`: the table rolls by its Roll button.
fn roll_by_tap(t: &Table, w: &AppWindow, case: &str) {
    assert!(
        matches!(pending(t), Pending::Roll { .. }),
        "a roll is wanted: {:?}",
        pending(t)
    );
    let v = w.global::<ui::View>();
    assert!(
        v.get_dice_case().starts_with(case),
        "the dice dialog cites [{case}]: [{}] {}",
        v.get_dice_case(),
        v.get_dice_purpose()
    );
    let before = inputs(t);
    tap(w, "Roll");
    assert_eq!(inputs(t), before + 1, "the roll was taken");
}

/// The faces of the last roll in the journal.
fn last_roll(t: &Table) -> Vec<u8> {
    t.with_fortress(|s| {
        s.expect("game")
            .inputs()
            .iter()
            .rev()
            .find_map(|i| match i {
                Input::Rolled(r) => Some(r.values.to_vec()),
                _ => None,
            })
            .expect("a roll")
    })
}

/// 8.3: the phasing player's force fires at an enemy unit in reach: its button, the enemy
/// unit's hex marked on the map, the tap on it; the engine then wants the 2d6 of the fire
/// (8.3.6), rolled by the dialog's button.
#[test]
fn fb_8_3_gun_fire_at_a_marked_enemy_unit_by_taps() {
    let options = options(&[]);
    let mut shot = None;
    let journal = seeded(options, GUN_FIRE_SEED, |g, i| {
        let Input::Command(Command::GunFire { firers, target }) = i else {
            return false;
        };
        let b = &g.state.board;
        shot = Some((b.hex_of(firers[0]), *target, b.hex_of(*target)));
        true
    });
    let (Some(from), target, Some(at)) = shot.expect("a gun fire") else {
        panic!("firers and target on the map");
    };
    let t = on_table(options, &journal);
    let w = t.window();
    select_hex(&t, w, from);
    tap_action(w, "Gun fire", "8.3");
    let marks = marked(w, "unit target hex ");
    assert!(
        marks.contains(&hex_text(&t, at)),
        "8.3: the enemy unit's hex {} is marked: {marks:?}",
        hex_text(&t, at)
    );
    tap_map_hex(&t, w, at);
    let sent = t.with_fortress(|s| s.expect("game").inputs().last().cloned());
    let Some(Input::Command(Command::GunFire { firers, target: x })) = sent else {
        panic!("8.3: the tap sent gun fire: {sent:?}");
    };
    assert!(
        x == target || hex_of_unit(&t, x) == Some(at),
        "8.3: at the unit of the tapped hex"
    );
    let fought = t.with_fortress(|s| {
        let g = s.expect("game").game();
        firers.iter().all(|u| g.state.fought.contains(u))
    });
    assert!(fought, "8.3.4: the firers have fought this segment");
    // 8.3.6: the 2d6 of the fire, unless its odds fail outright (8.1.3).
    if matches!(pending(&t), Pending::Roll { .. }) {
        roll_by_tap(&t, w, "8.");
    }
}

/// Where every unit of the game is (to see what a choice changed).
fn whereabouts(t: &Table) -> Vec<Location> {
    t.with_fortress(|s| {
        let b = &s.expect("game").game().state.board;
        b.units.iter().map(|x| x.state.location).collect()
    })
}

/// The question of a combat's aftermath (8.6, 8.7, 8.7.1) the agent's game `seed` reaches
/// first with an option `kind` finds, on the table: the panel shows the question with its
/// case and every option as a button; the test taps the first option of that kind. Returns
/// the table, the option tapped and where the units were before the tap.
fn answer_by_tap(
    seed: u64,
    asked: &str,
    kind: fn(&Choice) -> bool,
) -> (Table, Choice, Vec<Location>) {
    let options = options(&[]);
    let journal = seeded(options, seed, |g, _| {
        matches!(Ruleset::pending(g), Pending::Choose { options, case, .. }
            if case == asked && options.iter().any(kind))
    });
    let t = on_table(options, &journal);
    let w = t.window();
    let Pending::Choose {
        purpose,
        case,
        options: choices,
        ..
    } = pending(&t)
    else {
        panic!("a question is asked");
    };
    let v = w.global::<ui::View>();
    assert_eq!(v.get_panel_title(), purpose, "the panel asks the question");
    assert_eq!(v.get_panel_case(), case, "with its case");
    let shown: Vec<String> = v
        .get_options()
        .iter()
        .map(|o| o.label.to_string())
        .collect();
    let texts: Vec<String> = t.with_fortress(|s| {
        let g = s.expect("game").game();
        choices
            .iter()
            .map(|o| ui::session::present::Present::option_text(g, o, case).label)
            .collect()
    });
    assert_eq!(shown, texts, "every option is a button");
    let i = choices
        .iter()
        .position(kind)
        .expect("an option of the kind");
    let before = whereabouts(&t);
    let buttons = find_all(w, "option ");
    assert_eq!(buttons.len(), choices.len(), "one button an option");
    tap_element(&buttons[i]);
    let sent = t.with_fortress(|s| s.expect("game").inputs().last().cloned());
    assert_eq!(
        sent,
        Some(Input::Chose(i as u8)),
        "the tap answered option {i}"
    );
    (t, choices[i], before)
}

/// 8.6: the owner picks the unit a number result eliminates from a list of his units, each
/// with its hex; the one tapped leaves the map.
#[test]
fn fb_8_6_the_unit_lost_is_picked_from_a_list_by_tap() {
    let (t, choice, before) =
        answer_by_tap(CHOOSE_UNIT_SEED, "8.6", |o| matches!(o, Choice::Unit(_)));
    let Choice::Unit(u) = choice else {
        unreachable!()
    };
    let after = whereabouts(&t);
    assert!(
        matches!(before[usize::from(u.0)], Location::OnMap(_)),
        "the unit picked was on the map"
    );
    assert_ne!(
        after[usize::from(u.0)],
        before[usize::from(u.0)],
        "8.6: the unit picked is gone from its hex"
    );
}

/// 8.7: a retreat goes a hex at a time, each hex a button (and shaded on the map); the unit
/// tapped for steps into it.
#[test]
fn fb_8_7_a_retreat_hex_is_picked_by_tap() {
    let (t, choice, before) =
        answer_by_tap(CHOOSE_HEX_SEED, "8.7", |o| matches!(o, Choice::Hex(_)));
    let Choice::Hex(h) = choice else {
        unreachable!()
    };
    let after = whereabouts(&t);
    let moved: Vec<usize> = (0..after.len())
        .filter(|&i| after[i] != before[i] && after[i] == Location::OnMap(h))
        .collect();
    assert!(
        !moved.is_empty(),
        "8.7: a unit retreated into {}",
        hex_text(&t, h)
    );
}

/// 8.7: once a retreat has gone its least length, "Stop here" ends it: nothing moves.
#[test]
fn fb_8_7_stop_here_ends_a_retreat_by_tap() {
    let (t, _, before) = answer_by_tap(CHOOSE_STOP_SEED, "8.7", |o| matches!(o, Choice::Stop));
    let after = whereabouts(&t);
    assert_eq!(before, after, "8.7: the retreat stopped where it was");
    assert!(
        !matches!(&pending(&t), Pending::Choose { options, .. } if options.contains(&Choice::Stop)),
        "the retreat is over"
    );
}

/// 8.7.1: a force on the map edge may retreat off it ("Off the map"): the tapped button takes
/// it off the map (a German unit is eliminated, a Soviet one returns later, 8.7.1 item 5).
#[test]
fn fb_8_7_1_off_the_map_is_a_retreat_option_by_tap() {
    let (t, _, before) = answer_by_tap(CHOOSE_OFF_MAP_SEED, "8.7", |o| matches!(o, Choice::OffMap));
    let after = whereabouts(&t);
    let off = (0..after.len())
        .filter(|&i| {
            matches!(before[i], Location::OnMap(_)) && !matches!(after[i], Location::OnMap(_))
        })
        .count();
    assert!(off > 0, "8.7.1: the retreating units left the map");
}

// ---- 11.1.2, 17.4: Hitler's and the leaders' acts ----------------------------------------

/// 11.1.2: with nothing selected the German may have Hitler attempt suicide (from the turn
/// after the first strongpoint fell): its button, then the die in the dice dialog; Hitler
/// leaves the map exactly when the engine records his death.
#[test]
fn fb_11_1_2_hitlers_suicide_is_a_button_then_a_die() {
    // The Character Game's war (seed and busier agent as for the leader's suicide below): the
    // base game's agents seldom take a strongpoint before the game ends.
    let options = options(&[("character-game", "on")]);
    let journal = seeded_busy(options, SUICIDE_SEED, SUICIDE_ACTIONS, |g, _| {
        matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN)
            && accepts(g, Command::Suicide)
    });
    let t = on_table(options, &journal);
    let w = t.window();
    assert!(
        marked(w, "selected hex ").is_empty(),
        "nothing is selected after the resume"
    );
    tap_action(w, "Hitler's suicide", "11.1.2");
    roll_by_tap(&t, w, "11.1.2");
    let (died, on_map) = t.with_fortress(|s| {
        let g = s.expect("game").game();
        let hitler = g.hitler();
        (
            g.state.victory.hitler_died.is_some(),
            hitler.and_then(|h| g.state.board.hex_of(h)).is_some(),
        )
    });
    assert_eq!(
        died,
        !on_map,
        "11.1.2: Hitler is gone exactly when he died ({:?})",
        last_roll(&t)
    );
}

/// 17.4.2: in the German reinforcement segment a leader, tapped alone, may try to flee Berlin:
/// "Flee Berlin", then the die; on 4-6 he leaves the map.
#[test]
fn fb_17_4_2_a_leader_flees_berlin_by_taps() {
    let options = options(&[("character-game", "on")]);
    let mut who = None;
    let journal = seeded(options, FLEE_SEED, |g, _| {
        if !matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN) {
            return false;
        }
        who = g
            .german_leaders()
            .find(|&leader| accepts(g, Command::Flee { leader }));
        who.is_some()
    });
    let leader = who.expect("a leader who may flee");
    let t = on_table(options, &journal);
    let w = t.window();
    select_alone(&t, w, leader);
    tap_action(w, "Flee Berlin", "17.4.2");
    roll_by_tap(&t, w, "17.4.2");
    let face = last_roll(&t)[0];
    let gone = hex_of_unit(&t, leader).is_none();
    assert_eq!(gone, face >= 4, "17.4.2: he escapes on 4-6 (rolled {face})");
}

/// 17.4.2: from the turn after the first strongpoint fell, at the start of the German combat
/// segment, a leader tapped alone may attempt suicide: "Suicide", then the die; on a 6 he
/// leaves the map.
#[test]
fn fb_17_4_2_a_leaders_suicide_by_taps() {
    let options = options(&[("character-game", "on")]);
    let mut who = None;
    let journal = seeded_busy(options, SUICIDE_SEED, SUICIDE_ACTIONS, |g, _| {
        if !matches!(Ruleset::pending(g), Pending::Command { player } if player == GERMAN)
            || segment(g).1 != SegmentKind::Combat
        {
            return false;
        }
        who = g
            .german_leaders()
            .find(|&leader| accepts(g, Command::LeaderSuicide { leader }));
        who.is_some()
    });
    let leader = who.expect("a leader");
    let t = on_table(options, &journal);
    let w = t.window();
    select_alone(&t, w, leader);
    tap_action(w, "Suicide", "17.4.2");
    roll_by_tap(&t, w, "17.4.2");
    let face = last_roll(&t)[0];
    let gone = hex_of_unit(&t, leader).is_none();
    assert_eq!(gone, face >= 6, "17.4.2: he dies on a 6 (rolled {face})");
}

/// 17.4.3: a leader who defected moves for the Soviet in his movement segment: tapped alone,
/// "Move the defector", then one of the shaded hexes next to him.
#[test]
fn fb_17_4_3_the_soviet_moves_a_defector_by_taps() {
    let options = options(&[("character-game", "on")]);
    let mut who = None;
    let journal = seeded(options, DEFECTOR_SEED, |g, _| {
        if !matches!(Ruleset::pending(g), Pending::Command { player } if player == SOVIET)
            || segment(g).1 != SegmentKind::Movement
        {
            return false;
        }
        who = g.defectors().map(|(l, _)| l).find(|&leader| {
            let at = g.state.board.hex_of(leader).expect("on the map");
            g.data
                .map
                .geometry
                .neighbours(at)
                .any(|(_, to)| accepts(g, Command::LeaderMove { leader, to }))
        });
        who.is_some()
    });
    let leader = who.expect("a defector");
    let t = on_table(options, &journal);
    let w = t.window();
    let from = hex_of_unit(&t, leader).expect("on the map");
    select_alone(&t, w, leader);
    tap_action(w, "Move the defector", "17.4.3");
    let targets = marked(w, "target hex ");
    assert!(
        !targets.is_empty(),
        "17.4.3: the hexes he may enter are shaded"
    );
    let to = t
        .with_fortress(|s| s.expect("game").data().map.geometry.parse(&targets[0]))
        .expect("a hex");
    tap_map_hex(&t, w, to);
    let now = hex_of_unit(&t, leader);
    assert!(
        now == Some(to) || now.is_none(),
        "17.4.3: the defector went from {} to {} (or was taken off at the bunker): {now:?}",
        hex_text(&t, from),
        targets[0]
    );
    assert_ne!(now, Some(from), "he moved");
}

// ---- Tracing a path with a finger (7.1) --------------------------------------------------

/// A force of the player who moves in `g`'s movement segment (all his counters in a hex, as
/// a tap on it selects them) with a two-hex path `[a, b]` the engine takes step by step, `b`
/// not next to the start (so only a path through `a` is traced).
fn traceable_force(g: &Fb) -> Option<(HexId, Vec<UnitId>, HexId, HexId)> {
    let side = segment(g).2;
    let board = &g.state.board;
    let geo = &g.data.map.geometry;
    let mut hexes: Vec<HexId> = (0..g.data.forces.counters.len() as u16)
        .map(UnitId)
        .filter(|&u| g.data.forces.counter(u).is_some_and(|c| c.side == side))
        .filter_map(|u| board.hex_of(u))
        .collect();
    hexes.sort();
    hexes.dedup();
    hexes.into_iter().find_map(|at| {
        let force: Vec<UnitId> = (0..g.data.forces.counters.len() as u16)
            .map(UnitId)
            .filter(|&u| board.hex_of(u) == Some(at))
            .filter(|&u| g.data.forces.counter(u).is_some_and(|c| c.side == side))
            .collect();
        let step = |to: HexId| Command::Move {
            units: force.iter().copied().collect(),
            to,
        };
        geo.neighbours(at).find_map(|(_, a)| {
            let mut after_a = g.clone();
            Ruleset::apply(&mut after_a, &Input::Command(step(a))).ok()?;
            if !matches!(Ruleset::pending(&after_a), Pending::Command { .. }) {
                return None;
            }
            geo.neighbours(a)
                .map(|(_, b)| b)
                .filter(|&b| b != at && !geo.neighbours(at).any(|(_, n)| n == b))
                .find(|&b| accepts(&after_a, step(b)))
                .map(|b| (at, force.clone(), a, b))
        })
    })
}

fn finger(w: &AppWindow, event: slint::platform::WindowEvent) {
    w.window().dispatch_event(event);
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(30));
}

/// A finger on the map, pressed on the trace handle of the selected hex.
struct Finger<'a> {
    t: &'a Table,
    /// The window point of the pressed hex's centre, and that hex.
    origin: ((f32, f32), HexId),
    /// Where the finger is now (window point).
    at: (f32, f32),
}

impl<'a> Finger<'a> {
    fn press(t: &'a Table, from: HexId) -> Self {
        use slint::platform::{PointerEventButton, WindowEvent};
        let w = t.window();
        let handle = find(w, "trace a path from the selected unit").expect("the trace handle");
        let (hp, hs) = (handle.absolute_position(), handle.size());
        let at = (hp.x + hs.width / 2.0, hp.y + hs.height / 2.0);
        let position = slint::LogicalPosition::new(at.0, at.1);
        finger(w, WindowEvent::PointerMoved { position });
        finger(
            w,
            WindowEvent::PointerPressed {
                position,
                button: PointerEventButton::Left,
            },
        );
        Finger {
            t,
            origin: (at, from),
            at,
        }
    }

    /// Drags to the centre of `h`, through a few points on the way as a finger reports them.
    fn drag_to(&mut self, h: HexId) {
        let w = self.t.window();
        let zoom = w.global::<ui::View>().get_zoom();
        let ((ox, oy), from) = self.origin;
        let (fx, fy) = self.t.hex_center(from);
        let (x, y) = self.t.hex_center(h);
        let target = (ox + (x - fx) * zoom, oy + (y - fy) * zoom);
        for k in 1..=4 {
            let f = k as f32 / 4.0;
            let p = (
                self.at.0 + (target.0 - self.at.0) * f,
                self.at.1 + (target.1 - self.at.1) * f,
            );
            finger(
                w,
                slint::platform::WindowEvent::PointerMoved {
                    position: slint::LogicalPosition::new(p.0, p.1),
                },
            );
        }
        self.at = target;
    }

    fn lift(self) {
        use slint::platform::{PointerEventButton, WindowEvent};
        let w = self.t.window();
        finger(
            w,
            WindowEvent::PointerReleased {
                position: slint::LogicalPosition::new(self.at.0, self.at.1),
                button: PointerEventButton::Left,
            },
        );
        finger(w, WindowEvent::PointerExited);
        settle();
    }
}

/// The last `n` inputs of the game in play.
fn last_inputs(t: &Table, n: usize) -> Vec<Input<Command>> {
    t.with_fortress(|s| {
        let all = s.expect("a Fortress Berlin game").inputs();
        all[all.len().saturating_sub(n)..].to_vec()
    })
}

/// 7.1 by touch: a force is moved by holding its hex and dragging a finger hex by hex. The
/// path is drawn numbered while the finger moves, with the hexes the MP reach shaded; going
/// back over the last hex takes that step back; on lifting, the force moves a hex at a time
/// along exactly the hexes traced (one Move each, as the rules move a force) and stays
/// selected where it stopped, so a second trace goes on from there.
#[test]
fn fb_7_1_a_force_moved_by_a_path_traced_with_a_finger() {
    let base = options(&[]);
    let journal = journal_until(
        base,
        0,
        10,
        3000,
        |_| None,
        |g, _| {
            segment(g).1 == SegmentKind::Movement
                && matches!(Ruleset::pending(g), Pending::Command { .. })
                && traceable_force(g).is_some()
        },
    )
    .expect("a movement segment with a force that may move two hexes");
    let (at, force, a, b) = traceable_force(&game_after(base, &journal)).expect("the force");
    let t = on_table(base, &journal);
    let w = t.window();
    select_hex(&t, w, at);
    assert!(
        w.global::<ui::View>().get_trace_armed(),
        "a force that may move is traced from its hex (7.1)"
    );
    let n0 = inputs(&t);

    // Out to a, on to b, and back over a: the path is a alone.
    let mut hand = Finger::press(&t, at);
    hand.drag_to(a);
    hand.drag_to(b);
    assert_eq!(
        marked(w, "path hex "),
        [hex_text(&t, a), hex_text(&t, b)],
        "the traced path is drawn hex by hex"
    );
    let steps: Vec<String> = w
        .global::<ui::View>()
        .get_marks()
        .iter()
        .filter(|m| m.label.starts_with("path hex "))
        .map(|m| m.text.to_string())
        .collect();
    assert_eq!(steps, ["1", "2"], "each path hex shows its step");
    assert!(
        marked(w, "reach hex ").contains(&hex_text(&t, b)),
        "the hexes the MP reach are shaded while tracing (3.1.4)"
    );
    hand.drag_to(a);
    assert_eq!(
        marked(w, "path hex "),
        [hex_text(&t, a)],
        "going back over a hex takes the last step back"
    );
    hand.lift();
    assert_eq!(inputs(&t), n0 + 1, "one step sent");
    for u in &force {
        assert_eq!(hex_of_unit(&t, *u), Some(a), "the whole force moved to a");
    }
    assert!(marked(w, "path hex ").is_empty(), "the path marks are gone");
    assert_eq!(
        marked(w, "selected hex "),
        [hex_text(&t, a)],
        "the force stays selected where it stopped"
    );

    // From a, on to b: exactly that hex, by one Move.
    assert!(w.global::<ui::View>().get_trace_armed());
    let mut hand = Finger::press(&t, a);
    hand.drag_to(b);
    hand.lift();
    for u in &force {
        assert_eq!(hex_of_unit(&t, *u), Some(b), "the force went on to b");
    }
    let moves: Vec<HexId> = last_inputs(&t, 2)
        .into_iter()
        .filter_map(|i| match i {
            Input::Command(Command::Move { units, to }) => {
                assert_eq!(&units[..], &force[..], "the selected force moved as one");
                Some(to)
            }
            _ => None,
        })
        .collect();
    assert_eq!(moves, [a, b], "a Move per traced hex, in order (7.1)");
    assert_eq!(inputs(&t), n0 + 2);
}
