//! Whole games of each scenario to the victory screen, by taps only.

use super::*;

// ---- 9. A whole game by taps --------------------------------------------------------------

/// What a pending is, for the tally: its kind, case and purpose (or phase and step).
fn kind_of(t: &Table) -> String {
    let (_, ph, step) = phase(t);
    match pending(t).expect("a game") {
        Pending::Roll { case, purpose, .. } => format!("Roll [{case}] {purpose}"),
        Pending::DrawChit { case, cup, .. } => format!("DrawChit [{case}] {cup}"),
        Pending::Choose { case, purpose, .. } => format!("Choose [{case}] {purpose}"),
        Pending::Command { .. } => match step {
            Some(s) => format!("Command {ph:?} {s:?}"),
            None => format!("Command {ph:?}"),
        },
        Pending::GameOver => "GameOver".to_string(),
    }
}

/// Taps `label`, first checking that the screen offers it for `what`.
fn offer(w: &AppWindow, label: &str, what: &str) {
    assert!(
        shows(w, label),
        "no '{label}' on screen for {what}: {:?}",
        labels(w, 60)
    );
    tap(w, label);
}

/// Answers whatever the game waits for through the screen, and only through it: the die by
/// the Roll button or the keypad (faces 6), chits by Draw, a choice by its first hex on the
/// map or its first option, the owed attacks of the Combat Phase [7.11] by tapping the units,
/// every step closed by its button. Panics when the screen offers nothing to tap for the
/// pending. Tallies what was answered in `counts`.
pub(super) fn answer(t: &Table, w: &AppWindow, counts: &mut BTreeMap<String, usize>) {
    // A secret result on screen: its player has looked; Done hands the table back.
    if w.global::<View>().get_secret_visible() {
        offer(w, "Done", "a secret result");
        return;
    }
    let what = kind_of(t);
    *counts.entry(what.clone()).or_default() += 1;
    let Some(p) = pending(t) else { return };
    match p {
        Pending::Roll { secret, dice, .. } => {
            if shows(w, "keypad 6") {
                for _ in 0..dice.count {
                    tap(w, "keypad 6");
                }
            } else {
                offer(w, if secret { "Roll secretly" } else { "Roll" }, &what);
            }
        }
        Pending::DrawChit { chits, .. } => {
            if shows(w, "Draw") {
                tap(w, "Draw");
            } else {
                // Physical chits: the one drawn from the real cup is tapped in the list.
                let label = match chits.first() {
                    Some(Choice::Strength { attack, defense }) => format!("{attack}-{defense}"),
                    other => panic!("a chit that is not a strength: {other:?}"),
                };
                let chit = find_all(w, &label)
                    .into_iter()
                    .rfind(|e| e.accessible_label().is_some_and(|l| l == label.as_str()))
                    .unwrap_or_else(|| panic!("no chit {label} to pick: {:?}", labels(w, 60)));
                tap_element(&chit);
            }
        }
        Pending::Choose { options, .. } => {
            let on_map = options.iter().find_map(|o| match o {
                Choice::Hex(h) => Some(*h),
                _ => None,
            });
            match on_map {
                Some(h) => {
                    t.center_on_hex(h);
                    settle();
                    let name = name_of(t, h);
                    assert!(
                        shows(w, &format!("choice hex {name}")),
                        "the choice {name} is marked on the map for {what}"
                    );
                    tap_hex(t, w, h);
                }
                None => {
                    let first = label_starting(w, "option ")
                        .unwrap_or_else(|| panic!("no option listed for {what}"));
                    tap(w, &first);
                }
            }
        }
        Pending::Command { player } => {
            let (_, ph, step) = phase(t);
            match (ph, step) {
                (Phase::Setup, _) => {
                    if shows(w, "Auto-place") {
                        tap(w, "Auto-place");
                    }
                    offer(w, "Done", &what);
                }
                (Phase::Movement, _) => {
                    // NATO's emergency reinforcements must land while an airfield can take
                    // them [13.11]: once End movement is refused for it, land one by taps.
                    if label_starting(w, "refused [13.11]").is_some() {
                        if let Some(arrive) = label_starting(w, "arrive ") {
                            let u = unit(t, arrive.trim_start_matches("arrive "));
                            let hex = t.with_session(|s| {
                                ui::ask::airland_hexes(s?.game(), u).into_iter().next()
                            });
                            if let Some(h) = hex {
                                tap(w, &arrive);
                                t.center_on_hex(h);
                                settle();
                                tap(w, &format!("airland hex {}", name_of(t, h)));
                                *counts
                                    .entry("Command Movement (airland [13.11])".into())
                                    .or_default() += 1;
                                return;
                            }
                        }
                    }
                    offer(w, "End movement", &what)
                }
                (Phase::Combat, Some(CombatStep::Declare)) => {
                    let plan = t.with_session(|s| {
                        let g = s?.game();
                        let (a, d) = owed_attack(g, player)?;
                        let hexes = |us: &[UnitId]| -> Vec<HexId> {
                            us.iter().filter_map(|&u| g.hex_of(u)).collect()
                        };
                        Some((hexes(&a), hexes(&d)))
                    });
                    match plan {
                        Some((attackers, defenders)) => {
                            for h in attackers.into_iter().chain(defenders) {
                                tap_hex(t, w, h);
                            }
                            offer(w, "Declare attack", &what);
                        }
                        None if shows(w, "End combat") => tap(w, "End combat"),
                        None => offer(w, "Declarations done", &what),
                    }
                }
                (Phase::Combat, Some(CombatStep::Fpf)) => offer(w, "FPF done", &what),
                (Phase::Combat, Some(CombatStep::Resolve)) => {
                    let next = label_starting(w, "resolve attack ")
                        .unwrap_or_else(|| panic!("no attack to resolve: {:?}", labels(w, 60)));
                    tap(w, &next);
                }
                (Phase::Combat, Some(CombatStep::Done)) => offer(w, "End combat", &what),
                _ => panic!("no screen for {what}: {:?}", labels(w, 60)),
            }
        }
        Pending::GameOver => {}
    }
}

/// In the Movement Phase, moves one unit of the phasing player next to an enemy unit by
/// tapping it and a shaded hex (above ground, so no U-Bahn question), so that the Combat
/// Phase has attacks to declare, fire, resolve and retreat from. False when none can.
fn move_into_contact(t: &Table, w: &AppWindow) -> bool {
    let plan = t.with_session(|s| {
        let s = s?;
        let g = s.game();
        let geo = &g.data.map.geometry;
        let side = match s.pending() {
            Pending::Command { player } if g.state.phase == Phase::Movement => player,
            _ => return None,
        };
        let mine: Vec<(UnitId, HexId)> = g
            .units_on_map()
            .filter(|&(u, _)| g.side_of(u) == side && g.may_move(u).is_ok())
            .filter(|&(u, _)| g.def(u).kind != engine::core::units::UnitKind::Artillery)
            .collect();
        mine.into_iter().find_map(|(u, from)| {
            let next_to_enemy = |h: HexId| {
                geo.neighbours(h)
                    .filter_map(|(_, n)| g.unit_at(n))
                    .any(|e| g.side_of(e) != side)
            };
            if next_to_enemy(from) {
                return None;
            }
            let to = ui::ask::reachable(g, u)
                .ok()?
                .into_iter()
                .find(|r| !r.underground && next_to_enemy(r.hex))?
                .hex;
            Some((from, to))
        })
    });
    let Some((from, to)) = plan else { return false };
    tap_hex(t, w, from);
    tap_hex(t, w, to);
    true
}

/// Plays `scenario` from the start screen to the victory screen by taps only; returns the
/// tally of pendings answered.
fn whole_game(scenario: &str, seed: u64, physical: bool) -> BTreeMap<String, usize> {
    let started = std::time::Instant::now();
    let randomness = if physical {
        Randomness::Physical
    } else {
        Randomness::Digital
    };
    let (t, _persist) = table(
        1280.0,
        800.0,
        UiConfig {
            seed: Some(seed),
            seats: Seats::Same,
            scenario: Some(scenario.into()),
            dice: randomness,
            chits: randomness,
            ..UiConfig::default()
        },
    );
    let w = t.window();
    tap(w, "Set up");
    let mut counts = BTreeMap::new();
    let mut contact: BTreeMap<(u8, Option<usize>), u8> = BTreeMap::new();
    let (mut steps, mut idle) = (0, 0);
    while !matches!(pending(&t), Some(Pending::GameOver)) {
        steps += 1;
        assert!(steps < 4000, "the game does not end: {:?}", pending(&t));
        let before = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        let secret = w.global::<View>().get_secret_visible();
        // Up to three Warsaw Pact moves into contact in each of the first two Game-Turns (the attacks
        // owed from there on keep the Combat Phases busy), then whatever is pending.
        let (turn, ph, _) = phase(&t);
        let side = t.with_session(|s| s.map(|s| s.game().state.phasing));
        let here = (turn, side.map(|s| s.index()));
        let first = t.with_session(|s| s.map_or(1, |s| s.game().scenario().start_turn));
        let early = turn < first + 2 && side == Some(engine::berlin85::WARSAW_PACT);
        let tries = contact.get(&here).copied().unwrap_or(0);
        if ph == Phase::Movement
            && early
            && tries < 3
            && !secret
            && kind_of(&t) == "Command Movement"
        {
            *contact.entry(here).or_default() += 1;
            if move_into_contact(&t, w) {
                *counts
                    .entry("Command Movement (a move)".into())
                    .or_default() += 1;
                continue;
            }
        }
        answer(&t, w, &mut counts);
        let after = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        idle = if after == before && !secret {
            idle + 1
        } else {
            0
        };
        if idle > 3 {
            snapshot(w, "pending-stuck");
            panic!(
                "taps do nothing at {}: {:?} {:?}",
                kind_of(&t),
                label_starting(w, "refused ["),
                labels(w, 80)
            );
        }
    }
    // The victory screen with its breakdown [20.0].
    let title = label_starting(w, "victory ").expect("the victory screen");
    snapshot(w, &format!("pending-victory-{scenario}"));
    assert!(
        on_screen_containing(w, "Surrender Points [19.4]"),
        "{title}: {:?}",
        labels(w, 60)
    );
    let (vp_label, vp_value, lines) = t.with_session(|s| {
        let g = s.expect("game").game();
        let o = ui::ask::public_view(g).outcome.expect("an outcome");
        let lines: Vec<String> = o.lines.iter().map(|l| l.label.to_string()).collect();
        (
            format!("{}: {:?}", o.level, o.ending),
            o.wp_vp_halves,
            lines,
        )
    });
    assert!(title.contains(vp_label.split(':').next().unwrap_or_default()));
    assert!(on_screen_containing(w, "Warsaw Pact Victory Points"));
    for l in &lines {
        assert!(on_screen_containing(w, l), "the breakdown shows '{l}'");
    }
    println!(
        "{scenario}: {title} after {steps} answers in {:?}; {vp_label} {vp_value}",
        started.elapsed()
    );
    for (k, n) in &counts {
        println!("  {n:4} × {k}");
    }
    counts
}

#[test]
fn a_whole_game_of_operation_unity_to_the_victory_screen_20_0_by_taps_only() {
    let counts = whole_game("unity", 85, false);
    for kind in [
        "Roll [",
        "Choose [17.0]",
        "Command Movement",
        "Command Combat",
    ] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}

#[test]
fn a_whole_game_of_medicine_wheel_to_the_victory_screen_21_36_by_taps_only() {
    let counts = whole_game("medicine_wheel", 85, false);
    for kind in ["Roll [21.33]", "Command Movement", "Command Combat"] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}

/// Werewolf with physical dice and chits: every die typed on the keypad (faces 6), every
/// chit picked from the list of the cup's chits.
#[test]
fn a_whole_game_of_werewolf_to_the_victory_screen_21_2_by_taps_only() {
    let counts = whole_game("werewolf", 85, true);
    for kind in [
        "Command Movement",
        "Command Combat",
        "DrawChit [11.0]",
        "Roll [7.6]",
    ] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}
