//! *Fortress Berlin* played on the table by taps alone (issue 12): picked on the start screen,
//! set up, played to the victory screen through the offer panel, the map and the dialogs.
//! The test reads the game only to know where a force is (to tap its hex) and to check what
//! the screen says against what the engine holds; every input is a tap on the screen.

mod common;

use common::*;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::side::Viewer;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use ui::{AppWindow, Table};

/// What the game waits for, as a word (read to know which tap comes next).
fn waiting(t: &Table) -> &'static str {
    t.with_fortress(|s| waiting_word(s.map(|s| s.pending())))
}

/// The hexes of the acting player's forces, and the enemy's (to tap them).
fn forces(t: &Table) -> (Vec<HexId>, Vec<HexId>) {
    t.with_fortress(|s| {
        let s = s.expect("a Fortress Berlin game");
        let Some(player) = s.pending().player() else {
            return (Vec::new(), Vec::new());
        };
        let view = s.game().view(Viewer::Side(player));
        let mut own = Vec::new();
        let mut enemy = Vec::new();
        for f in &view.forces {
            if f.owner == player {
                own.push(f.hex);
            } else {
                enemy.push(f.hex);
            }
        }
        (own, enemy)
    })
}

/// Picks Fortress Berlin on the start screen with `switches` turned on, and starts it.
fn start(w: &AppWindow, switches: &[&str]) {
    tap(w, "Fortress Berlin");
    for s in switches {
        tap(w, s);
    }
    tap(w, "Set up");
    assert!(
        shows(w, "map"),
        "the play screen shows the map: {:?}",
        labels(w, 30)
    );
}

/// Taps one of the armed action's targets: a shaded hex on the map, or a listed one.
fn tap_a_target(t: &Table, w: &AppWindow, rng: &mut StdRng) -> bool {
    let picks = find_all(w, "pick ");
    if !picks.is_empty() {
        tap_element(picks.choose(rng).expect("a pick"));
        return true;
    }
    // The shaded hexes, as the map's model holds them (the map builds its shading lazily).
    let hexes = shaded_targets(w);
    let Some(text) = hexes.choose(rng) else {
        return false;
    };
    let h = t
        .with_fortress(|s| s.and_then(|s| s.data().map.geometry.parse(text)))
        .expect("a hex number");
    let before = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    tap_map_hex(t, w, h);
    let after = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    assert!(
        after > before,
        "the shaded hex {text} was tapped and nothing was sent: refused {:?}, hint {:?}, selected {:?}",
        label_starting(w, "refused"),
        find_all_any(w, "hint "),
        find_all_any(w, "selected hex ")
    );
    true
}

/// Plays the game by taps until the victory screen or `max_taps`; returns how often each
/// action label was given, and the step-ending buttons pressed.
fn play(t: &Table, w: &AppWindow, seed: u64, max_taps: usize) -> BTreeMap<String, usize> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut given: BTreeMap<String, usize> = BTreeMap::new();
    let mut tries = 0;
    let mut last = String::new();
    for _ in 0..max_taps {
        let step = t.with_fortress(|s| {
            s.map(|s| format!("{:?}", (s.game().step().turn, s.game().step().index)))
                .unwrap_or_default()
        });
        if step != last {
            last = step;
            tries = 0;
        }
        match waiting(t) {
            "over" => {
                *given.entry("game over".into()).or_default() += 1;
                break;
            }
            "roll" => {
                // A combat's card comes first, for every combat (8.0), and only for a
                // combat's dice: its Roll puts it away and leaves the dice.
                let combat = t.with_fortress(|s| s.and_then(|s| s.game().pending_card()));
                let card = label_starting(w, "combat card ");
                assert_eq!(
                    card.is_some(),
                    combat.is_some(),
                    "the card is up exactly when a combat waits for its dice: {card:?}"
                );
                if card.is_some() {
                    tap(w, "Roll");
                    *given.entry("combat card".into()).or_default() += 1;
                }
                tap(w, "Roll");
                *given.entry("Roll".into()).or_default() += 1;
            }
            "draw" => {
                tap(w, "Draw");
                *given.entry("Draw".into()).or_default() += 1;
            }
            "choose" => {
                let options = find_all(w, "option ");
                assert!(!options.is_empty(), "a question shows its options");
                tap_element(options.choose(&mut rng).expect("an option"));
                *given.entry("a question answered".into()).or_default() += 1;
            }
            "commands" => {
                tries += 1;
                if shows(w, "Auto-place") {
                    tap(w, "Auto-place");
                    *given.entry("Auto-place".into()).or_default() += 1;
                }
                // A drawn or arriving counter waits in the panel's box rows: take the first.
                let boxed = find_all_tray(w);
                let selected = if !boxed.is_empty() && (tries >= 10 || rng.gen_bool(0.5)) {
                    // A drawn unit must be placed before the segment ends (5.5, 13.7): with
                    // no hex selected (a second tap on it clears it) the tray heads the panel.
                    if let Some(sel) = find_all_any(w, "selected hex ").first() {
                        let h = t
                            .with_fortress(|s| s.and_then(|s| s.data().map.geometry.parse(sel)))
                            .expect("the selected hex's number");
                        tap_map_hex(t, w, h);
                    }
                    let n = find_all_tray(w).len();
                    assert!(n > 0, "the tray emptied when the selection was cleared");
                    // The first counter of the tray that may do something now.
                    for i in 0..n {
                        let tray = find_all_tray(w);
                        let Some(e) = tray.get(i) else { break };
                        tap_element(e);
                        if !offered(w).is_empty() {
                            break;
                        }
                    }
                    true
                } else if tries >= 10 {
                    // What may be done with nothing selected (the command shuffle 17.3.1,
                    // Hitler's suicide 11.1.2): a second tap on the selected hex clears it.
                    if let Some(sel) = find_all_any(w, "selected hex ").first() {
                        let h = t
                            .with_fortress(|s| s.and_then(|s| s.data().map.geometry.parse(sel)))
                            .expect("the selected hex's number");
                        tap_map_hex(t, w, h);
                    }
                    tries < 12
                } else {
                    let (own, enemy) = forces(t);
                    let pool = if rng.gen_bool(0.8) || enemy.is_empty() {
                        own
                    } else {
                        enemy
                    };
                    if let Some(&h) = pool.choose(&mut rng) {
                        tap_map_hex(t, w, h);
                        true
                    } else {
                        false
                    }
                };
                let offers = if selected { offered(w) } else { Vec::new() };
                if let Some(label) = offers.choose(&mut rng) {
                    tap(w, &format!("action {label}"));
                    if label == "Move" && !given.contains_key("Move") {
                        snapshot(w, "fortress-move-armed");
                    }
                    if waiting(t) == "commands" && find_all(w, "action ").len() == offers.len() {
                        // Armed: its targets are shaded or listed.
                        if !tap_a_target(t, w, &mut rng) {
                            tap(w, &format!("action {label}"));
                        }
                    }
                    *given.entry(label.clone()).or_default() += 1;
                } else if selected && tries < 12 {
                    // Nothing for this selection: try another before ending the step.
                    continue;
                } else {
                    let end = t.with_fortress(|s| {
                        s.and_then(|s| s.game().step_end())
                            .map(|e| e.label.to_string())
                    });
                    let end = end.expect("commands end with a step-ending button");
                    let before = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
                    tap(w, &end);
                    let after = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
                    assert!(
                        after > before,
                        "{end} was refused: {:?}; hint {:?}; tray {:?}; actions {:?}; selected {:?}",
                        label_starting(w, "refused"),
                        find_all_any(w, "hint "),
                        find_all_any(w, "take "),
                        offered(w),
                        find_all_any(w, "selected hex "),
                    );
                    *given.entry(end).or_default() += 1;
                }
            }
            other => panic!("the table waits for {other}"),
        }
    }
    given
}

/// The base game, two players: from the start screen to the victory screen by taps.
#[test]
fn fortress_berlin_base_game_by_taps_to_the_victory_screen() {
    let (t, persist) = seeded_table(44);
    let w = t.window();
    start(w, &[]);
    // 13.0, 13.6: the German sets up, the Volkssturm drawn from its cup first.
    assert_eq!(
        waiting(&t),
        "draw",
        "13.6: the set-up opens with a Volkssturm draw"
    );
    assert!(shows(w, "Draw"), "the chit dialog is on screen");
    let given = play(&t, w, 44, 20_000);
    assert!(
        given.contains_key("game over"),
        "the game reached its end: {given:?}"
    );
    // Combat after combat, each one's card came up before its dice (8.0).
    assert!(
        given.get("combat card").is_some_and(|&n| n >= 2),
        "more than one combat showed its card: {given:?}"
    );
    snapshot(w, "fortress-victory");
    check_vp_breakdown(&t, w);
    // The victory screen names the winner and both sides' points as the engine holds them.
    let title = label_starting(w, "victory ").expect("the victory screen");
    let (german, soviet, winner) = t.with_fortress(|s| {
        let g = s.expect("game").game();
        let v = &g.state.victory;
        (v.german, v.soviet, v.outcome.and_then(|o| o.winner))
    });
    let expect = match winner {
        Some(engine::fortress::counters::GERMAN) => "German victory",
        Some(_) => "Soviet victory",
        None => "A draw",
    };
    assert!(title.contains(expect), "{title} names {expect}");
    let rows = labels(w, 200).join(" | ");
    assert!(
        rows.contains(&german.to_string()) && rows.contains(&soviet.to_string()),
        "the VP {german}/{soviet} are on the victory screen: {rows}"
    );
    // Every tap went to the save journal.
    let saved = persist.0.borrow().inputs.len();
    let played = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    assert_eq!(saved, played, "the journal holds every input");
    // Moves, set-up placements and the combat segments were all played by taps.
    // What the seeded game gave by taps, each a button of the offer panel or a dialog: the
    // set-up (13.0), arrivals and drawn units (5.0, 5.5), moves, facing and modes (7.1, 3.4.2,
    // 3.3.3), stack order (3.1.5), bombardment, close assault and air strikes (8.2, 8.4,
    // 11.4), flak disbanding (13.6.1), dice, the Volkssturm cup and the questions of combat.
    for wanted in [
        "Auto-place",
        "Take back",
        "Set-up done",
        "Enter",
        "Place",
        "Move",
        "Done moving",
        "Face",
        "Combat mode",
        "Maneuver mode",
        "Put on top",
        "Bombard",
        "Close assault",
        "Air strike",
        "Disband",
        "End movement",
        "End combat",
        "Roll",
        "Draw",
        "a question answered",
    ] {
        assert!(given.contains_key(wanted), "{wanted} was tapped: {given:?}");
    }
}

/// The four-player game (17.3: two Soviet fronts, two German players whose commands the
/// Hitler player hands out) with a major variant, Steiner's counterattack (16.4): from the
/// start screen's switches to the victory screen by taps.
#[test]
fn fortress_berlin_four_players_with_steiner_by_taps_to_the_victory_screen() {
    let (t, _persist) = seeded_table(17);
    let w = t.window();
    start(
        w,
        &[
            "players: 4",
            "Major variant: Steiner counterattacks (Soviet +15 VP, no German automatic win)",
        ],
    );
    let (players, steiner) = t.with_fortress(|s| {
        let o = s.expect("game").game().state.board.options;
        (o.players(), o.steiner)
    });
    assert_eq!(
        (players, steiner),
        (4, true),
        "the switches reached the engine"
    );
    let given = play(&t, w, 17, 20_000);
    snapshot(w, "fortress-4p-victory");
    check_vp_breakdown(&t, w);
    assert!(
        given.contains_key("game over"),
        "the game reached its end: {given:?}"
    );
    assert!(
        given.contains_key("Hand out the commands"),
        "17.3.1: the Hitler player handed out the commands by taps: {given:?}"
    );
    assert!(
        shows(w, "victory German victory")
            || shows(w, "victory Soviet victory")
            || label_starting(w, "victory A draw").is_some(),
        "the victory screen: {:?}",
        labels(w, 20)
    );
}

/// The victory screen's breakdown adds up: each side's lines by case (and the variants' price
/// paid at the start, 16.x) sum to its Victory Points (12.0.1, 12.0.2) as the engine holds them.
fn check_vp_breakdown(t: &Table, w: &AppWindow) {
    use slint::{ComponentHandle, Model};
    let rows: Vec<(String, String)> = w
        .global::<ui::View>()
        .get_victory_rows()
        .iter()
        .map(|r| (r.label.to_string(), r.value.to_string()))
        .collect();
    let (german, soviet) = t.with_fortress(|s| {
        let v = &s.expect("game").game().state.victory;
        (u32::from(v.german), u32::from(v.soviet))
    });
    let sum = |side: &str| -> u32 {
        rows.iter()
            .filter(|(l, _)| l.contains(&format!("{side} VP")))
            .map(|(_, v)| v.parse::<u32>().expect("a number of VP"))
            .sum()
    };
    assert_eq!(sum("German"), german, "the German lines add up: {rows:?}");
    assert_eq!(sum("Soviet"), soviet, "the Soviet lines add up: {rows:?}");
}

/// Starts the base game and takes the German set-up (13.6 draws, 13.0 auto-place) by taps, up
/// to his first commands.
fn set_up_by_taps(t: &Table, w: &AppWindow) {
    start(w, &[]);
    for _ in 0..200 {
        match waiting(t) {
            "draw" => tap(w, "Draw"),
            "commands" if shows(w, "Auto-place") => tap(w, "Auto-place"),
            "commands" if shows(w, "Set-up done") => tap(w, "Set-up done"),
            _ => break,
        }
    }
    assert!(
        t.with_fortress(|s| !s.expect("game").game().setting_up()),
        "the set-up is done (13.0)"
    );
}

/// The German's first division or corps HQ to arrive (the set-up has only the whole-map Berlin
/// HQ, 3.5.4) taken from the panel's tray and entered by taps (5.0), the steps before it ended
/// by their buttons and their dice rolled by the table.
fn enter_an_hq_by_taps(t: &Table, w: &AppWindow) {
    use engine::core::units::UnitId;
    use engine::fortress::counters::{Radius, GERMAN};
    for _ in 0..40 {
        match waiting(t) {
            "roll" => tap(w, "Roll"),
            "draw" => tap(w, "Draw"),
            "commands" => {
                let arriving = t.with_fortress(|s| {
                    let g = s.expect("game").game();
                    (0..g.data.forces.counters.len() as u16)
                        .map(UnitId)
                        .find(|&u| {
                            let c = g.data.forces.counter(u);
                            g.due(u).is_some()
                                && c.is_some_and(|c| {
                                    c.side == GERMAN && matches!(c.command, Some(Radius::Hexes(_)))
                                })
                        })
                });
                if let Some(u) = arriving {
                    // The tray's row for it (the panel may have it scrolled below the fold:
                    // the row's own callback, as its tap sends it).
                    use slint::ComponentHandle;
                    w.global::<ui::Actions>().invoke_unit_row(i32::from(u.0));
                    settle();
                    if !offered(w).iter().any(|a| a == "Enter") {
                        // Due on a later turn: let go of it and end the step.
                        w.global::<ui::Actions>().invoke_unit_row(i32::from(u.0));
                        settle();
                        let end = t.with_fortress(|s| {
                            s.and_then(|s| s.game().step_end())
                                .map(|e| e.label.to_string())
                        });
                        tap(w, &end.expect("a step-ending button"));
                        continue;
                    }
                    tap(w, "action Enter");
                    use slint::Model;
                    let entry = w
                        .global::<ui::View>()
                        .get_marks()
                        .iter()
                        .find_map(|m| m.label.strip_prefix("target hex ").map(String::from))
                        .expect("an entry hex shaded (5.0)");
                    let h = t
                        .with_fortress(|s| s.and_then(|s| s.data().map.geometry.parse(&entry)))
                        .expect("the entry hex's number");
                    tap_map_hex(t, w, h);
                    return;
                }
                let end = t.with_fortress(|s| {
                    s.and_then(|s| s.game().step_end())
                        .map(|e| e.label.to_string())
                });
                tap(w, &end.expect("a step-ending button"));
            }
            other => panic!("the table waits for {other}"),
        }
    }
    panic!("no German HQ arrived by taps (5.0)");
}

/// 3.5 and 3.1, 3.1.5 by touch: tapping a German HQ's force shades its command radius (every
/// hex within its printed radius) and says so in the panel; holding a finger on one's own stack
/// shows its counters top first while the finger stays; a unit put on top by taps (3.1.5)
/// heads the stack after.
#[test]
fn fb_3_5_command_radius_and_3_1_5_a_held_stack_by_taps() {
    use engine::core::units::UnitId;
    use engine::fortress::counters::{Radius, GERMAN};
    use slint::{ComponentHandle, Model};
    let (t, _persist) = seeded_table(5);
    let w = t.window();
    set_up_by_taps(&t, w);
    enter_an_hq_by_taps(&t, w);
    // A German HQ with a radius in hexes, and the hexes it commands, from the engine.
    let (hq_hex, n, want) = t.with_fortress(|s| {
        let g = s.expect("game").game();
        let (map, forces, board) = (&g.data.map, &g.data.forces, &g.state.board);
        (0..forces.counters.len() as u16)
            .map(UnitId)
            .find_map(|u| {
                let c = forces.counter(u)?;
                let Some(Radius::Hexes(n)) = c.command else {
                    return None;
                };
                let at = board.hex_of(u).filter(|_| c.side == GERMAN)?;
                let want = map
                    .hexes()
                    .filter(|&h| map.geometry.distance(at, h) <= u16::from(n))
                    .count();
                Some((at, n, want))
            })
            .expect("a German HQ on the map after the set-up")
    });
    tap_map_hex(&t, w, hq_hex);
    let v = w.global::<ui::View>();
    let shaded = v
        .get_marks()
        .iter()
        .filter(|m| m.kind == ui::HexMarkKind::Command)
        .count();
    assert_eq!(
        shaded, want,
        "every hex within {n} of the HQ is shaded (3.5.1, 2.2.8)"
    );
    let hint = v.get_panel_hint().to_string();
    assert!(
        hint.contains("[3.5.1]") && hint.contains(&format!("{n} hexes")),
        "the panel names the radius: {hint}"
    );
    // An own force of two or more counters, held.
    let stack = t.with_fortress(|s| {
        let s = s.expect("game");
        let f = ui::session::present::frame(s.game(), Viewer::Side(GERMAN));
        let mut by_hex: BTreeMap<HexId, Vec<String>> = BTreeMap::new();
        for c in f.counters.iter().filter(|c| c.side == GERMAN) {
            if let Some(h) = c.hex {
                by_hex.entry(h).or_default().push(c.name.clone());
            }
        }
        by_hex.into_iter().find(|(_, names)| names.len() >= 2)
    });
    let (at, names) = stack.expect("the German set up a force of two or more (3.1)");
    let fan = |v: &ui::View| -> Vec<String> {
        v.get_stack_fan()
            .iter()
            .map(|r| r.name.to_string())
            .collect()
    };
    let (x, y) = t.hex_center(at);
    let a = w.global::<ui::Actions>();
    a.invoke_map_held(x, y);
    assert!(v.get_stack_fan_visible(), "holding shows the stack");
    assert!(
        v.get_stack_fan_title().contains("Your force"),
        "{}",
        v.get_stack_fan_title()
    );
    assert_eq!(fan(&v), names, "every counter, top first");
    a.invoke_map_hold_released();
    assert!(!v.get_stack_fan_visible(), "lifting the finger hides it");
    // 3.1.5: the bottom counter put on top by taps, then held again.
    let bottom = names.last().expect("a bottom counter").clone();
    tap_map_hex(&t, w, at);
    // The whole force is selected: the others are tapped out of it, leaving the bottom one.
    for other in &names[..names.len() - 1] {
        let row = find_all(w, &format!("select {other}"));
        tap_element(row.first().expect("the counter's row in the panel"));
    }
    tap(w, "action Put on top");
    a.invoke_map_held(x, y);
    assert_eq!(
        fan(&v).first(),
        Some(&bottom),
        "the new top counter heads the stack"
    );
    a.invoke_map_hold_released();
}
