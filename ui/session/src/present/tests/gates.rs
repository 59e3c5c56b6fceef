//! The presentation model on *The Enemy is at the Gates*: the counters and boxes a player
//! sees, and whole games played by the offered actions alone, as the touch table offers them.

use super::super::actions::{Offer, Selection};
use super::super::*;
use crate::gates::{Command, Gates, Options};
use crate::{Header, NullPersist, Session};
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;
use engine::core::side::Viewer;
use engine::css::command::turn::Step;
use engine::css::game::{GameCommand, Stage, UnitCommand};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

fn gates(scenario: &str, seed: u64) -> Session<Gates> {
    let data = crate::gates::builtin_data().expect("data");
    let header = Header::for_game::<Gates>(scenario, &Options, seed);
    Session::<Gates>::new(data, header, Box::new(NullPersist)).expect("a session")
}

fn scenario_ids() -> Vec<String> {
    let data = crate::gates::builtin_data().expect("data");
    data.scenarios.iter().map(|s| s.id.to_string()).collect()
}

/// The selection a player makes to give `c`: its units in their hex, the tied hex of an S6.4
/// pick, the target hex of an assault from several hexes, the moving or advancing party.
fn selection_for(g: &Gates, c: &UnitCommand) -> Selection {
    let hex_of = |u: engine::core::units::UnitId| {
        g.state
            .series
            .units
            .get(usize::from(u.0))
            .and_then(|s| s.hex)
    };
    let units: Vec<_> = match c {
        UnitCommand::Spare { hex, .. } => return Selection::hex(*hex),
        UnitCommand::FinishMove { .. } => match &g.state.series.stage {
            Stage::Moving { units, .. } => units.to_vec(),
            _ => Vec::new(),
        },
        _ => c.units().to_vec(),
    };
    let hexes: Vec<_> = units.iter().filter_map(|&u| hex_of(u)).collect();
    match (c, hexes.first()) {
        // Units of several hexes assault together from the target hex's actions (S10.1).
        (UnitCommand::Assault { target, .. }, Some(first)) if hexes.iter().any(|h| h != first) => {
            Selection::hex(*target)
        }
        (_, Some(h)) => Selection::units(*h, &units),
        (_, None) => Selection::default(),
    }
}

/// Plays a whole game of `scenario` by the offered actions; returns how often each action was
/// taken. Every legal unit command the engine lists must be among the actions its selection
/// offers, and every offered command must be accepted.
fn play_by_actions(
    scenario: &str,
    seed: u64,
    max_inputs: usize,
) -> (BTreeMap<String, usize>, Session<Gates>) {
    let mut s = gates(scenario, seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    // The card shown at the last d10 (none for a roll that is not a fire's).
    let mut card: Option<CardText> = None;
    for _ in 0..max_inputs {
        let g = s.game();
        let player = match Ruleset::pending(g) {
            Pending::GameOver => {
                *taken.entry("game over".into()).or_default() += 1;
                return (taken, s);
            }
            Pending::Roll { .. } | Pending::DrawChit { .. } | Pending::Choose { .. } => {
                // A fire's d10 shows its card, nothing else does (an assault's defensive fire
                // is not read against a card); the fire resolves at the d10 or after the
                // Booze question over it (3.8), so the card is kept until the next d10.
                if let Pending::Roll { .. } = Ruleset::pending(g) {
                    card = g.combat_card(Viewer::Public);
                    let firing = g.state.series.pending_fire(&g.series_data()).is_some();
                    assert_eq!(
                        card.is_some(),
                        firing,
                        "a card exactly when a fire's d10 waits"
                    );
                    if firing {
                        *taken.entry("fire card".into()).or_default() += 1;
                    }
                }
                let from = s.log().len();
                s.answer_at_random(&mut rng).expect("answered");
                if let Some(c) = &card {
                    let checked = card_matches_the_fire(c, &s.log()[from..]);
                    *taken.entry("fire card checked".into()).or_default() += checked;
                }
                continue;
            }
            Pending::Command { player } => player,
        };
        let _ = player;
        // What to do: an engine-listed unit command, sought among the offered actions.
        let mut legal = Vec::new();
        if g.state.series.activation.is_some() {
            let data = g.series_data();
            g.state
                .series
                .legal_unit_commands(&data, |c| legal.push(c.clone()));
        }
        // A move under way, an advance to decide or an S6.4 pick before the chit ends.
        let must = !matches!(g.state.series.stage, Stage::Idle)
            || !matches!(g.state.series.turn.step, Step::Playing(_));
        let chosen: Option<(String, Command)> = if let Some(c) = legal.choose(&mut rng).cloned() {
            // Staying after an assault is the step's button (S10.6).
            let stay = matches!(&c, UnitCommand::Advance { units } if units.is_empty());
            if !stay && (must || rng.gen_bool(0.85)) {
                let sel = selection_for(g, &c);
                let want = Command::Series(GameCommand::Unit(c.clone()));
                let actions = g.actions(&sel);
                let hit = actions
                    .iter()
                    .find(|a| a.then.taps().iter().any(|t| t.contains(&want)));
                let Some(a) = hit else {
                    panic!(
                        "seed {seed}: the engine lists {c:?}, the selection {sel:?} offers only {:?}",
                        actions.iter().map(|a| &a.label).collect::<Vec<_>>()
                    );
                };
                Some((a.label.clone(), want))
            } else {
                None
            }
        } else {
            // The turn's own steps: a unit to place, a chit to buy, the power.
            let to_place = TableGame::units_to_place(g);
            let sel = match to_place.first() {
                Some(&u) => Selection {
                    hex: None,
                    units: vec![u],
                },
                _ => Selection::default(),
            };
            let buying = matches!(g.state.series.turn.step, Step::Spend(_));
            let actions = g.actions(&sel);
            let a = actions
                .choose(&mut rng)
                .filter(|_| !buying || rng.gen_bool(0.4));
            a.and_then(|a| {
                let tap = a.then.taps().choose(&mut rng)?.clone();
                Some((a.label.clone(), tap.into_iter().next()?))
            })
        };
        let (label, command) = match chosen {
            Some(x) => x,
            None => {
                let end = Ruleset::step_end(g).expect("a button ends the step");
                (end.label.to_string(), end.command)
            }
        };
        if let Err(e) = s.apply(Input::Command(command.clone())) {
            panic!("seed {seed}: {label}: offered {command:?}, refused: {e}");
        }
        *taken.entry(label).or_default() += 1;
    }
    (taken, s)
}

/// S9.3.2, S9.6: the card shown before a fire's d10 told the truth. For each unit the fire
/// struck (its `Hit` in the log) on the card's column, the card's row for the d10 that was
/// rolled (after any Booze reroll, 3.8) names the result the engine applied. Returns how many
/// hits were checked.
fn card_matches_the_fire(
    card: &CardText,
    new: &[crate::LoggedEvent<crate::gates::LogLine>],
) -> usize {
    use engine::css::game::{GameEvent, UnitWhat};
    use engine::gates::game::Event;
    let mut raw = None;
    let mut checked = 0;
    for e in new {
        let Event::Series(GameEvent::Unit { what, .. }) = &e.event.event else {
            continue;
        };
        match what {
            UnitWhat::Fired { raw: r, .. } => raw = Some(*r),
            UnitWhat::Hit { column, result, .. } => {
                let raw = raw.expect("S9.3.2: a unit is hit by a fire that was rolled");
                if card.column == column.to_string() {
                    let row = &card.faces[usize::from(raw)];
                    assert_eq!(row.0, raw.to_string());
                    assert_eq!(
                        row.1,
                        result.label(),
                        "the card {} read {raw} on {} as {row:?}; the engine applied {result:?}",
                        card.title,
                        card.column
                    );
                    checked += 1;
                }
            }
            _ => {}
        }
    }
    checked
}

/// S18.4: the tracks panel's records read the engine: one Division Display per division of
/// the scenario, each with its DP, fatigue and current TQ of its maximum; the VP track.
fn check_displays(g: &Gates) {
    let sheets = Present::sheets(g, Viewer::Public);
    let data = g.series_data();
    // The divisions of the scenario's order of battle (a unit of theirs in the game).
    let divisions: Vec<_> = data
        .command
        .division_ids()
        .filter(|&d| {
            g.state.series.units.iter().any(|u| {
                g.state.series.in_game(u.id) && data.counter(u.id).is_ok_and(|c| c.division == d)
            })
        })
        .collect();
    let displays: Vec<_> = sheets.iter().filter(|s| s.case == "S18.4").collect();
    assert_eq!(
        displays.len(),
        divisions.len(),
        "one display per division in play"
    );
    let cell = |s: &SheetSection, name: &str| {
        s.cells
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    for d in divisions {
        let def = data.command.division(d).expect("a division");
        let track = g.state.series.turn.track(d);
        let title = engine::gates::game::describe::name(
            g.data,
            engine::gates::game::describe::Named::Division(d),
        )
        .to_string();
        let sheet = displays
            .iter()
            .find(|s| s.title.ends_with(&format!(": {title}")))
            .unwrap_or_else(|| panic!("a display for {title}: {sheets:?}"));
        assert_eq!(cell(sheet, "DP"), Some(track.dp.to_string()), "{title}");
        assert_eq!(
            cell(sheet, "TQ"),
            Some(format!("{} of {}", track.tq, def.max_tq)),
            "{title}"
        );
        let fatigue = (!def.fatigue_immune).then(|| track.fatigue.to_string());
        assert_eq!(cell(sheet, "Fatigue"), fatigue, "{title}");
    }
    let vp = sheets
        .iter()
        .find(|s| s.case == "10.1")
        .expect("the VP track");
    assert_eq!(
        cell(vp, "NATO"),
        Some(g.state.vp.of(engine::gates::NATO).to_string())
    );
}

#[test]
fn gates_14_0_every_scenario_plays_to_its_end_by_the_offered_actions() {
    let mut all: BTreeMap<String, usize> = BTreeMap::new();
    for id in scenario_ids() {
        // One whole game of each shorter scenario; the campaign is long: its first 4,000
        // inputs (about its first day).
        let (seeds, cap) = if id == "man_your_stations" {
            (1, 4_000)
        } else {
            (1, 60_000)
        };
        for seed in 0..seeds {
            let (taken, s) = play_by_actions(&id, seed, cap);
            check_displays(s.game());
            if cap == 60_000 {
                assert!(
                    taken.contains_key("game over"),
                    "{id} seed {seed} ended by the offered actions (S3.7.2): {taken:?}"
                );
            }
            for (k, v) in taken {
                *all.entry(k).or_default() += v;
            }
        }
    }
    eprintln!("actions taken: {all:?}");
    // What a player does most by touch was done: each of these buttons was taken.
    // S9.3.2: every fire's d10 came with its card, and the cards were read right.
    assert!(
        all.get("fire card").is_some_and(|&n| n > 0),
        "no fire card: {all:?}"
    );
    assert!(
        all.get("fire card checked").is_some_and(|&n| n > 0),
        "no hit was checked against its card: {all:?}"
    );
    for label in [
        "Buy a chit",
        "Move a hex",
        "End the move",
        "Fire",
        "Hold",
        "Enter the map",
        "Done buying",
        "End reinforcements",
    ] {
        assert!(all.contains_key(label), "no game took {label:?}: {all:?}");
    }
}

#[test]
fn gates_s2_2_counters_show_face_factors_and_status_and_every_unit_on_the_map_is_drawn() {
    let s = gates(&scenario_ids()[0], 1);
    let g = s.game();
    let f = frame(g, engine::core::side::Viewer::Public);
    let on_map = g
        .state
        .series
        .units
        .iter()
        .filter(|u| u.hex.is_some() && u.removed.is_none() && !u.routed)
        .count();
    assert_eq!(f.counters.len(), on_map, "one counter per unit on the map");
    for c in &f.counters {
        let def = &g.data.counters[usize::from(c.unit.0)];
        assert_eq!(c.name, def.designation.as_str());
        assert!(
            c.factors.starts_with(&def.firepower.to_string()),
            "{}: firepower first: {}",
            c.name,
            c.factors
        );
        assert!(
            c.factors.ends_with(&format!("TQ{}", def.tq)),
            "{}",
            c.factors
        );
        assert!(matches!(c.face, Some("column" | "deployed")));
        // S7.1: the movement class (the MA's colour) comes first among what the panel words;
        // S2.2: each special symbol printed follows it.
        use engine::css::terrain::MoveClass;
        let class = match def.class {
            MoveClass::Leg => "leg",
            MoveClass::Wheeled => "wheeled",
            MoveClass::Tracked => "tracked",
            MoveClass::Boat => "boat (4.2)",
        };
        assert_eq!(c.notes.first(), Some(&class), "{}", c.name);
        assert_eq!(
            c.notes.iter().any(|n| n.contains("ATGM")),
            def.symbols.missile.is_some(),
            "{}: {:?}",
            c.name,
            c.notes
        );
        assert_eq!(
            c.notes.contains(&"engineer (S19.1)"),
            def.symbols.engineer,
            "{}",
            c.name
        );
    }
    // 10.1: the phase bar's score line reads the track.
    assert_eq!(
        g.score_text(),
        format!(
            "WP {} VP · NATO {} VP",
            g.state.vp.of(engine::gates::WARSAW_PACT),
            g.state.vp.of(engine::gates::NATO)
        )
    );
}

// 2.3, 10.2: the fires and the destroyed objectives are markers on their hexes.
#[test]
fn gates_2_3_fires_and_destroyed_objectives_are_on_the_map() {
    use engine::gates::game::burning::Burning;
    let s = gates("stand_your_ground", 1);
    let mut g = s.game().clone();
    let objective = g.scenario().objectives.hexes[0];
    let fire = engine::core::hex::HexId::new(20, 20);
    let out = engine::core::hex::HexId::new(21, 20);
    g.state.fires.hexes.push((fire, Burning::OnFire)).unwrap();
    g.state.fires.hexes.push((out, Burning::Cleared)).unwrap();
    g.state.objectives.bits |= 1;
    let f = frame(&g, Viewer::Public);
    let of = |h| {
        f.hex_markers
            .iter()
            .filter(|m| m.hex == h)
            .map(|m| (m.kind, m.label.as_str()))
            .collect::<Vec<_>>()
    };
    assert_eq!(of(fire), [(HexMarkerKind::Fire, "On Fire (2.3)")]);
    assert_eq!(
        of(out),
        [(HexMarkerKind::ClearedFire, "Cleared Fire (2.3)")]
    );
    assert_eq!(
        of(objective),
        [(HexMarkerKind::Destroyed, "Destroyed (10.2)")]
    );
    assert_eq!(f.hex_markers.len(), 3, "nothing else is marked");
}
