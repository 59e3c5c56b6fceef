//! *The Enemy is at the Gates* played on the table by taps alone (issue 15): picked on the
//! start screen, played to the victory screen through the framed play screen's offer panel,
//! its map and its dialogs (the Cup's draws, the d10s, the Booze marker's keep-or-reroll, the
//! chits to buy). The test reads the game only to know where the units that may act stand (to
//! tap their hexes) and to check what the screen says against what the engine holds; every
//! input is a tap on the screen.

mod common;

use common::*;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::Pending;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use ui::{AppWindow, Table};

/// What the game waits for, as a word (read to know which tap comes next).
fn waiting(t: &Table) -> &'static str {
    t.with_gates(|s| waiting_word(s.map(|s| s.pending())))
}

/// The hexes of the units the engine lists a command for now (S5.1.3), to tap them.
fn active_hexes(t: &Table) -> Vec<HexId> {
    t.with_gates(|s| {
        let g = s.expect("a Gates game").game();
        let data = g.series_data();
        let mut hexes = Vec::new();
        g.state.series.legal_unit_commands(&data, |c| {
            use engine::css::game::UnitCommand;
            if let UnitCommand::Spare { hex, .. } = c {
                hexes.push(*hex);
            }
            let first = c.units().first().copied();
            if let Some(h) = first.and_then(|u| g.state.series.units[usize::from(u.0)].hex) {
                hexes.push(h);
            }
        });
        hexes.sort();
        hexes.dedup();
        hexes
    })
}

fn inputs(t: &Table) -> usize {
    t.with_gates(|s| s.map_or(0, |s| s.inputs().len()))
}

/// Taps one of the armed action's targets: a listed one, or a shaded hex on the map.
fn tap_a_target(t: &Table, w: &AppWindow, rng: &mut StdRng) -> bool {
    let picks = find_all(w, "pick ");
    if !picks.is_empty() {
        tap_element(picks.choose(rng).expect("a pick"));
        return true;
    }
    let Some(text) = shaded_targets(w).choose(rng).cloned() else {
        return false;
    };
    let h = t
        .with_gates(|s| s.and_then(|s| s.data().map.geometry.parse(&text)))
        .expect("a hex number");
    let before = inputs(t);
    tap_map_hex(t, w, h);
    assert!(
        inputs(t) > before,
        "the shaded hex {text} was tapped and nothing was sent: refused {:?}",
        label_starting(w, "refused")
    );
    true
}

/// Clears the selection: a second tap on the selected hex.
fn clear_selection(t: &Table, w: &AppWindow) {
    if let Some(sel) = find_all_any(w, "selected hex ").first() {
        let h = t
            .with_gates(|s| s.and_then(|s| s.data().map.geometry.parse(sel)))
            .expect("the selected hex's number");
        tap_map_hex(t, w, h);
    }
}

/// The game's turn (S3.0), to stop a long scenario after a number of turns.
fn turn(t: &Table) -> u8 {
    t.with_gates(|s| s.map_or(0, |s| s.game().state.series.turn.turn))
}

/// Plays by taps until the victory screen, `max_taps`, or the first turn after `last_turn`;
/// returns how often each action label, dialog and step-ending button was tapped.
fn play(
    t: &Table,
    w: &AppWindow,
    seed: u64,
    max_taps: usize,
    last_turn: Option<u8>,
) -> BTreeMap<String, usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut given: BTreeMap<String, usize> = BTreeMap::new();
    let mut tries = 0;
    let mut last = usize::MAX;
    for _ in 0..max_taps {
        if last_turn.is_some_and(|l| turn(t) > l) {
            *given.entry("turns played".into()).or_default() += 1;
            break;
        }
        let n = inputs(t);
        if n != last {
            last = n;
            tries = 0;
            // 2.3: every fire burning in the game has its marker on its hex of the map (each
            // brought into view: the map lists what is in view).
            let burning: Vec<HexId> = t.with_gates(|s| {
                s.map_or(Vec::new(), |s| {
                    let fires = &s.game().state.fires.hexes;
                    fires
                        .iter()
                        .filter(|(_, b)| *b == engine::gates::game::burning::Burning::OnFire)
                        .map(|(h, _)| *h)
                        .collect()
                })
            });
            if waiting(t) != "over" {
                for h in &burning {
                    t.center_on_hex(*h);
                    settle();
                    assert!(
                        !find_all(w, "hex marker FIRE").is_empty(),
                        "the fire at {h:?} is marked on the map"
                    );
                }
            }
            // S11.4–S11.6: a unit with a status marker shows it on its counter.
            let marked = t.with_gates(|s| {
                s.and_then(|s| {
                    let g = s.game();
                    g.state
                        .series
                        .units
                        .iter()
                        .filter(|u| u.removed.is_none() && !u.routed)
                        .find(|u| u.cond.status != engine::css::morale::Status::None)
                        .and_then(|u| Some((u.hex?, u.cond.status)))
                })
            });
            if let (Some((h, status)), false) = (marked, waiting(t) == "over") {
                t.center_on_hex(h);
                settle();
                let word = match status {
                    engine::css::morale::Status::Pinned => "PIN",
                    engine::css::morale::Status::Dg => "DG",
                    _ => "SUP",
                };
                let chips = find_all(w, "counter marker ");
                assert!(
                    chips.iter().any(|c| c
                        .accessible_label()
                        .is_some_and(|l| l.split(' ').any(|x| x == word))),
                    "the {word} marker at {h:?} is on its counter"
                );
                *given.entry("status marker shown".into()).or_default() += 1;
            }
            let burning = burning.len();
            if burning > 0 {
                *given.entry("a fire on the map".into()).or_default() += 1;
            }
        }
        match waiting(t) {
            "over" => {
                *given.entry("game over".into()).or_default() += 1;
                break;
            }
            "roll" => {
                // A fire's card comes first, for every fire (S9.3.2, S9.11.3), and an
                // assault's before each of its two d10s (S10.4); no other roll has one. Its
                // Roll puts it away and leaves the dice.
                let (fire, assault) = t.with_gates(|s| {
                    s.map_or((false, false), |s| {
                        let g = s.game();
                        let data = g.series_data();
                        (
                            g.state.series.pending_fire(&data).is_some(),
                            g.state.series.pending_assault(&data).is_some(),
                        )
                    })
                });
                let card = label_starting(w, "combat card ");
                assert_eq!(
                    card.is_some(),
                    fire || assault,
                    "the card is up exactly when a fire or an assault waits for its d10: {card:?}"
                );
                if card.is_some() {
                    let kind = if fire { "fire card" } else { "assault card" };
                    if assault {
                        // The card reads the dice onto its totals (S10.4, table S10.5-T).
                        assert!(
                            label_starting(w, "Totals ").is_some(),
                            "the assault card shows both sides' totals"
                        );
                    }
                    if !given.contains_key(kind) {
                        snapshot(w, &format!("gates-{}", kind.replace(' ', "-")));
                    }
                    tap(w, "Roll");
                    *given.entry(kind.into()).or_default() += 1;
                }
                tap(w, "Roll");
                *given.entry("Roll".into()).or_default() += 1;
            }
            "draw" => {
                // S3.3.4: the cup's picture counts every chit in it, by kind.
                let in_cup = t.with_gates(|s| match s.map(|s| s.pending()) {
                    Some(Pending::DrawChit { chits, .. }) => chits.len(),
                    _ => 0,
                });
                let pictured: usize = find_all(w, "cup ")
                    .iter()
                    .filter_map(|e| e.accessible_label())
                    .map(|l| {
                        let n = l.rsplit('×').next().and_then(|n| n.parse::<usize>().ok());
                        n.expect("each kind in the cup with its count")
                    })
                    .sum();
                assert_eq!(pictured, in_cup, "the cup's picture shows every chit in it");
                if !given.contains_key("Draw") {
                    snapshot(w, "gates-cup");
                }
                tap(w, "Draw");
                *given.entry("Draw".into()).or_default() += 1;
            }
            "choose" => {
                let case = t.with_gates(|s| match s.map(|s| s.pending()) {
                    Some(Pending::Choose { case, .. }) => case,
                    _ => "",
                });
                *given.entry(format!("question [{case}]")).or_default() += 1;
                let options = find_all(w, "option ");
                assert!(!options.is_empty(), "a question shows its options");
                tap_element(options.choose(&mut rng).expect("an option"));
                *given.entry("a question answered".into()).or_default() += 1;
            }
            "commands" => {
                tries += 1;
                let to_place = t.with_gates(|s| {
                    s.is_some_and(|s| !ui::session::TableGame::units_to_place(s.game()).is_empty())
                });
                if to_place {
                    // S18.1, S11.10: the units to place head the panel's tray (its first box).
                    clear_selection(t, w);
                    if let Some(e) = find_all_tray(w).first() {
                        tap_element(e);
                    }
                } else if tries < 6 {
                    if tries == 1 {
                        // S3.4: the units the chit activated that may still act are
                        // highlighted where they stand.
                        let acting: Vec<HexId> = t.with_gates(|s| {
                            let g = s.expect("a Gates game").game();
                            let (data, series) = (g.series_data(), &g.state.series);
                            series
                                .units
                                .iter()
                                .filter(|u| series.may_still_act(&data, u.id))
                                .filter_map(|u| u.hex)
                                .collect()
                        });
                        // Not drawn from the game's random stream: the taps stay as they were.
                        if let Some(&h) = acting.get(n % acting.len().max(1)) {
                            t.center_on_hex(h);
                            settle();
                            let label = format!("active unit hex {}", t.hex_label(h));
                            assert!(
                                !find_all(w, &label).is_empty(),
                                "{label} is highlighted on the map"
                            );
                            *given.entry("active formation shown".into()).or_default() += 1;
                        }
                    }
                    let hexes = active_hexes(t);
                    match hexes.choose(&mut rng) {
                        Some(&h) => tap_map_hex(t, w, h),
                        None => clear_selection(t, w),
                    }
                } else {
                    clear_selection(t, w);
                }
                let offers = offered(w);
                // Buying is done now and then; most turns the step's button ends it.
                let buying = offers.iter().any(|a| a == "Buy a chit");
                let label = offers
                    .choose(&mut rng)
                    .filter(|_| tries < 8 && (!buying || rng.gen_bool(0.4)));
                if let Some(label) = label {
                    let before = inputs(t);
                    tap(w, &format!("action {label}"));
                    if inputs(t) == before && !tap_a_target(t, w, &mut rng) {
                        tap(w, &format!("action {label}"));
                    }
                    *given.entry(label.clone()).or_default() += 1;
                } else {
                    let end = t.with_gates(|s| {
                        s.and_then(|s| Ruleset::step_end(s.game()))
                            .map(|e| e.label.to_string())
                    });
                    let end = end.expect("commands end with a step-ending button");
                    let before = inputs(t);
                    tap(w, &end);
                    if inputs(t) == before && tries < 10 {
                        // Refused with its case (a unit still to place, a pick owed): on.
                        continue;
                    }
                    assert!(
                        inputs(t) > before,
                        "{end} was refused: {:?}; actions {:?}",
                        label_starting(w, "refused"),
                        offered(w),
                    );
                    *given.entry(end).or_default() += 1;
                }
            }
            other => panic!("the table waits for {other}"),
        }
    }
    given
}

/// The four sheets' buttons (the stand-in layout, two across and two down, 40 hexes a side):
/// each tap brings its whole sheet into view, and not the far corner of the opposite one.
fn check_sheet_buttons(t: &Table, w: &AppWindow) {
    let sheets = [
        ("NW", (1, 1), (40, 40), (80, 80)),
        ("NE", (41, 1), (80, 40), (1, 80)),
        ("SW", (1, 41), (40, 80), (80, 1)),
        ("SE", (41, 41), (80, 80), (1, 1)),
    ];
    for (name, first, last, far) in sheets {
        tap(w, &format!("sheet {name}"));
        settle();
        let seen = |(c, r): (u8, u8)| {
            let (x, y) = t.hex_center(HexId::new(c, r));
            t.in_view(x, y)
        };
        assert!(
            seen(first) && seen(last),
            "sheet {name}: its corners {first:?} and {last:?} are in view"
        );
        assert!(!seen(far), "sheet {name}: the far corner {far:?} is not");
    }
}

/// The introductory scenario, from the start screen to the victory screen by taps.
/// The victory screen names the result as the engine holds it, and both sides' VP (10.1,
/// S21.1).
fn check_victory_screen(t: &Table, w: &AppWindow) {
    let title = label_starting(w, "victory ").expect("the victory screen");
    let (wp, nato, verdict) = t.with_gates(|s| {
        let g = s.expect("game").game();
        (
            g.state.vp.of(engine::gates::WARSAW_PACT),
            g.state.vp.of(engine::gates::NATO),
            g.state.series.turn.verdict,
        )
    });
    let expect = match verdict {
        Some(engine::css::scenario::Verdict::Win(s)) if s == engine::gates::NATO => "NATO",
        Some(engine::css::scenario::Verdict::Win(_)) => "Warsaw Pact",
        Some(engine::css::scenario::Verdict::Draw) => "draw",
        None => "victory",
    };
    assert!(title.contains(expect), "{title} names {expect}");
    let rows = labels(w, 200).join(" | ");
    assert!(
        rows.contains(&wp.to_string()) && rows.contains(&nato.to_string()),
        "the VP {wp}/{nato} are on the victory screen: {rows}"
    );
}

/// Starts `scenario` (its title on the start screen; `None`: the first, the introductory
/// one) from the start screen by taps.
fn start(seed: u64, scenario: Option<&str>) -> (Table, impl Sized) {
    let (t, persist) = seeded_table(seed);
    let w = t.window();
    tap(w, "Enemy at the Gates");
    if let Some(title) = scenario {
        tap(w, title);
    }
    tap(w, "Set up");
    assert!(
        t.with_gates(|s| s.is_some()),
        "the Gates game is on the table: {:?}",
        labels(w, 40)
    );
    assert!(shows(w, "map"), "the play screen shows the map");
    (t, persist)
}

#[test]
fn gates_introductory_scenario_by_taps_to_the_victory_screen() {
    let (t, _persist) = start(15, None);
    let w = t.window();
    snapshot(w, "gates-start");
    check_sheet_buttons(&t, w);
    let given = play(&t, w, 15, 30_000, None);
    eprintln!("taps of the introductory scenario: {given:?}");
    assert!(
        given.contains_key("game over"),
        "the game reached its end: {given:?}"
    );
    for wanted in [
        "Draw",
        "Roll",
        "fire card",
        "active formation shown",
        "status marker shown",
        "Move a hex",
        "End reinforcements",
        "Done buying",
    ] {
        assert!(given.contains_key(wanted), "{wanted} was tapped: {given:?}");
    }
    snapshot(w, "gates-victory");
    check_victory_screen(&t, w);
}

/// 14.0: `title` picked on the start screen is the scenario on the table; played by taps to
/// the victory screen, or past `last_turn` (the campaign game).
fn scenario_by_taps(title: &str, id: &str, last_turn: Option<u8>) {
    let (t, _persist) = start(7, Some(title));
    let w = t.window();
    let on_table = t.with_gates(|s| {
        let g = s.expect("a Gates game").game();
        g.scenario().id.to_string()
    });
    assert_eq!(on_table, id, "{title} was picked and is on the table");
    let given = play(&t, w, 7, 60_000, last_turn);
    eprintln!("taps of {title}: {given:?}");
    match last_turn {
        None => {
            assert!(given.contains_key("game over"), "{title} ended: {given:?}");
            check_victory_screen(&t, w);
        }
        Some(l) => assert!(
            given.contains_key("turns played"),
            "{title} was played by taps past turn {l}: {given:?}"
        ),
    }
    // 2.4: every scenario of 14.0 gives NATO Teufelsberg, so NATO is asked before draws.
    for wanted in ["Draw", "Roll", "Move a hex", "question [2.4]"] {
        assert!(
            given.contains_key(wanted),
            "{title}: {wanted} was tapped: {given:?}"
        );
    }
}

#[test]
fn gates_14_0_stand_your_ground_by_taps_to_the_victory_screen() {
    scenario_by_taps("Stand Your Ground", "stand_your_ground", None);
}

#[test]
fn gates_14_0_the_war_is_coming_by_taps_to_the_victory_screen() {
    scenario_by_taps("The War is Coming", "war_is_coming", None);
}

/// The campaign game (30 turns) for its first two turns by taps.
#[test]
fn gates_14_0_man_your_stations_by_taps_for_two_turns() {
    scenario_by_taps("Man Your Stations (campaign)", "man_your_stations", Some(2));
}

/// S18.4, 10.1, 3.7: the turn box opens the tracks panel with the Gates' records: the VP
/// track, the city's power and each division's display, every figure as the engine holds it.
#[test]
fn gates_s18_4_division_displays_open_from_the_turn_box() {
    let (t, _persist) = start(3, None);
    let w = t.window();
    let turn = label_starting(w, "Turn ").expect("the phase bar's turn box");
    tap(w, &turn);
    assert!(
        shows(w, "record Victory Points"),
        "the tracks panel shows the VP track: {:?}",
        labels(w, 60)
    );
    snapshot(w, "gates-displays");
    let expected = t.with_gates(|s| {
        let g = s.expect("a Gates game").game();
        let data = g.series_data();
        let mut rows = Vec::new();
        for d in data.command.division_ids() {
            let def = data.command.division(d).expect("a division");
            let in_play = g.state.series.units.iter().any(|u| {
                g.state.series.in_game(u.id) && data.counter(u.id).is_ok_and(|c| c.division == d)
            });
            if !in_play {
                continue;
            }
            let track = g.state.series.turn.track(d);
            let side = if def.side == engine::gates::NATO {
                "NATO"
            } else {
                "Warsaw Pact"
            };
            let title = format!(
                "{side}: {}",
                engine::gates::game::describe::name(
                    g.data,
                    engine::gates::game::describe::Named::Division(d)
                )
            );
            rows.push(format!("record {title} TQ {} of {}", track.tq, def.max_tq));
            rows.push(format!("record {title} DP {}", track.dp));
        }
        let power = if g.state.power.on { "on" } else { "off" };
        rows.push(format!("record The city Power {power}"));
        rows
    });
    assert!(
        expected.len() > 4,
        "the scenario has divisions: {expected:?}"
    );
    for row in &expected {
        assert!(
            shows(w, row),
            "{row} is on the tracks panel: {:?}",
            find_all_any(w, "record ")
        );
    }
    tap(w, "Close");
    assert!(
        !shows(w, "record Victory Points"),
        "Close puts the panel away"
    );
}
