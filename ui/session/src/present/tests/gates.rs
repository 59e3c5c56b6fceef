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
                // A fire's d10 and an assault's two d10s show their card, nothing else does
                // (a TQC, a weather roll); the fire resolves at the d10 or after the Booze
                // question over it (3.8), so the card is kept until the next d10.
                if let Pending::Roll { .. } = Ruleset::pending(g) {
                    card = g.combat_card(Viewer::Public);
                    let data = g.series_data();
                    let firing = g.state.series.pending_fire(&data).is_some();
                    let assault = g.state.series.pending_assault(&data);
                    assert_eq!(
                        card.is_some(),
                        firing || assault.is_some(),
                        "a card exactly when a fire's or an assault's d10 waits"
                    );
                    if firing {
                        *taken.entry("fire card".into()).or_default() += 1;
                    }
                    if let (Some(a), Some(c)) = (&assault, &card) {
                        check_assault_card(g, a, c);
                        *taken.entry("assault card".into()).or_default() += 1;
                    }
                }
                if let Pending::Choose { options, case, .. } = Ruleset::pending(g) {
                    check_action_buys(g, &options, case);
                }
                let from = s.log().len();
                s.answer_at_random(&mut rng).expect("answered");
                if let Some(c) = &card {
                    let checked = card_matches_the_fire(c, &s.log()[from..]);
                    *taken.entry("fire card checked".into()).or_default() += checked;
                    let checked = card_matches_the_assault(c, &s.log()[from..]);
                    *taken.entry("assault card checked".into()).or_default() += checked;
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
        // An assault is rare among the many moves; when one is legal it is taken half the
        // time, so that its card is read (S10.4).
        let assault = legal
            .iter()
            .find(|c| matches!(c, UnitCommand::Assault { .. }))
            .filter(|_| rng.gen_bool(0.5))
            .cloned();
        let chosen: Option<(String, Command)> = if let Some(c) =
            assault.or_else(|| legal.choose(&mut rng).cloned())
        {
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

/// 3.3.1, S17.1: a Formation chit offered in the Action Phase (an interrupt, S3.5) says what
/// it does to its payer's fatigue: its price in fatigue at once, unless the payer is immune.
fn check_action_buys(
    g: &Gates,
    options: &[engine::css::command::turn::Choice],
    case: engine::core::protocol::Case,
) {
    use engine::css::command::turn::Choice;
    let data = g.series_data();
    for o in options {
        let d = match *o {
            Choice::Buy(f) => data.command.formations[usize::from(f.0)].division,
            Choice::BuyPaidBy(_, d) => d,
            _ => continue,
        };
        let detail = g.option_text(o, case).detail;
        let def = data.command.division(d).expect("a division");
        let f = g.state.series.turn.track(d).fatigue;
        let n = data.command.costs.fatigue_action_formation;
        if def.fatigue_immune || n == 0 {
            assert!(detail.contains("no change to fatigue"), "{detail}");
        } else {
            let want = format!("fatigue {f} → {} at once (3.3.1)", f.saturating_add(n));
            assert!(detail.contains(&want), "{detail} lacks {want}");
        }
    }
}

/// S10.3, S10.4: the assault card names every unit of both sides and adds its totals up as
/// the engine does: each side's Assault Value is its best firepower plus its lines (never
/// below 0), and the fixed part before "+ d10" is that value plus the roll modifiers.
fn check_assault_card(g: &Gates, a: &engine::css::game::PendingAssault, card: &CardText) {
    use engine::gates::game::describe::{name, Named};
    assert!(card.title.starts_with("Assault on "), "{}", card.title);
    assert_eq!(card.case, "S10.4");
    let names = |units: &[engine::core::units::UnitId]| -> Vec<String> {
        units
            .iter()
            .map(|u| name(g.data, Named::Unit(*u)).to_string())
            .collect()
    };
    let rows = |r: &[(String, String)]| r.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(rows(&card.attack), names(&a.attackers));
    assert_eq!(rows(&card.defence), names(&a.defenders));
    for (who, side) in [("Attacker", &a.attack), ("Defender", &a.defence)] {
        let summed: i16 = card
            .shifts
            .iter()
            .filter(|(_, text, _)| text.starts_with(who) && !text.contains("'s roll"))
            .filter_map(|(_, _, v)| v.replace('−', "-").parse::<i16>().ok())
            .sum();
        assert_eq!(summed.max(0), side.value.value, "{who}'s value on {card:?}");
        let rolls: i16 = card
            .shifts
            .iter()
            .filter(|(_, text, _)| text.starts_with(&format!("{who}'s roll")))
            .filter_map(|(_, _, v)| v.replace('−', "-").parse::<i16>().ok())
            .sum();
        assert_eq!(rolls, side.modifiers.modifier, "{who}'s roll modifiers");
    }
    let defender = format!(
        "{} + d10",
        a.defence.value.value + a.defence.modifiers.modifier
    );
    assert!(
        card.column.ends_with(&defender),
        "{} vs {defender}",
        card.column
    );
    // Before the attacker's d10 the table's bands; after it, the defender's ten faces.
    let expected_rows = match a.attacker_roll {
        None => g.series_data().assault.table.bands.len(),
        Some(_) => 10,
    };
    assert_eq!(card.faces.len(), expected_rows, "{card:?}");
}

/// S10.5: the card shown at the defender's d10 told the truth: the engine's totals are the
/// card's attacker total and one of its rows, and that row's code is the result applied.
/// Returns 1 when an assault was resolved against the card.
fn card_matches_the_assault(
    card: &CardText,
    new: &[crate::LoggedEvent<crate::gates::LogLine>],
) -> usize {
    use engine::css::game::{GameEvent, UnitWhat};
    use engine::gates::game::Event;
    for e in new {
        let Event::Series(GameEvent::Unit {
            what:
                UnitWhat::Assaulted {
                    attacker,
                    defender,
                    result,
                    ..
                },
            ..
        }) = &e.event.event
        else {
            continue;
        };
        assert!(
            card.column.starts_with(&format!("{attacker} vs")),
            "the card's attacker total {} against the engine's {attacker}",
            card.column
        );
        let diff = signed(attacker - defender);
        let row = card
            .faces
            .iter()
            .find(|(_, _, detail)| detail.starts_with(&format!("{diff}:")))
            .unwrap_or_else(|| panic!("no row for {diff} on {card:?}"));
        assert_eq!(row.1, result.label(), "{row:?} against {result:?}");
        return 1;
    }
    0
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
    // S10.4, S10.5: every assault's two d10s came with its card, and its results were read
    // right.
    assert!(
        all.get("assault card").is_some_and(|&n| n > 0),
        "no assault card: {all:?}"
    );
    assert!(
        all.get("assault card checked").is_some_and(|&n| n > 0),
        "no assault was checked against its card: {all:?}"
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
    let others = f
        .hex_markers
        .iter()
        .filter(|m| m.kind != HexMarkerKind::HexOwned)
        .count();
    assert_eq!(others, 3, "nothing else is marked");
}

// S16.3, S14.3, S6.3, S6.4: a divided hex's Hex Owned marker points into the part its units
// hold; Illumination markers are drawn; a stack over the limit or of mixed formations shows
// what step 2D-c will cost it.
#[test]
fn gates_s16_3_s6_3_hex_owned_illumination_and_stack_penalties_are_on_the_map() {
    use engine::css::terrain::Part;
    let s = gates("stand_your_ground", 1);
    let mut g = s.game().clone();
    let data = g.series_data();
    let geo = data.ground.map.geometry;
    let divided = (1..=geo.columns)
        .flat_map(|c| (1..=geo.rows).map(move |r| engine::core::hex::HexId::new(c, r)))
        .find(|&h| {
            data.ground.detail(h).parts.divided() && g.state.series.in_hex(h).next().is_none()
        })
        .expect("the map has divided hexes");
    let parts = data.ground.detail(divided).parts;
    // One NATO unit, alone, in the second part of the divided hex.
    let side_of =
        |g: &Gates, u: &engine::css::game::UnitState| g.data.counters[usize::from(u.id.0)].side;
    let on_map: Vec<usize> = (0..g.state.series.units.len())
        .filter(|&i| g.state.series.units[i].hex.is_some())
        .collect();
    let nato: Vec<usize> = on_map
        .iter()
        .copied()
        .filter(|&i| side_of(&g, &g.state.series.units[i]) == engine::gates::NATO)
        .collect();
    let u = &mut g.state.series.units[nato[0]];
    u.hex = Some(divided);
    u.part = Part::Second;
    let lit = engine::core::hex::HexId::new(30, 30);
    g.state.series.turn.light.sky.markers.push(lit).unwrap();
    let f = frame(&g, Viewer::Public);
    let owned: Vec<_> = f
        .hex_markers
        .iter()
        .filter(|m| m.hex == divided && m.kind == HexMarkerKind::HexOwned)
        .collect();
    assert_eq!(owned.len(), 1, "{:?}", f.hex_markers);
    let toward = owned[0].toward.expect("the arrow points at a hexside");
    assert_eq!(
        parts.part_of(toward),
        Part::Second,
        "the arrow is in the held part"
    );
    assert!(
        owned[0].label.starts_with("Hex Owned (S16.3): NATO"),
        "{}",
        owned[0].label
    );
    assert!(f
        .hex_markers
        .iter()
        .any(|m| m.hex == lit && m.kind == HexMarkerKind::Illumination));

    // Four NATO units of two formations in one hex: over the limit of 3 and mixed.
    let hex = engine::core::hex::HexId::new(40, 40);
    // Three combat units of one formation and one of another (S6.4: HQs do not mix).
    let combat = |g: &Gates, i: usize| {
        let id = engine::core::units::UnitId(i as u16);
        g.data.counters[i].piece(id).role == engine::css::stacking::Role::Combat
    };
    let nato: Vec<usize> = nato.into_iter().filter(|&i| combat(&g, i)).collect();
    let f0 = g.data.counters[nato[1]].formation;
    let same: Vec<usize> = nato[1..]
        .iter()
        .copied()
        .filter(|&i| g.data.counters[i].formation == f0)
        .take(3)
        .collect();
    let other = nato[1..]
        .iter()
        .copied()
        .find(|&i| g.data.counters[i].formation != f0)
        .expect("NATO has two formations");
    let mut formations = vec![f0];
    let mut moved = 0;
    for i in same.into_iter().chain([other]) {
        if !formations.contains(&g.data.counters[i].formation) {
            formations.push(g.data.counters[i].formation);
        }
        g.state.series.units[i].hex = Some(hex);
        g.state.series.units[i].part = Part::First;
        moved += 1;
    }
    assert_eq!(
        (moved, formations.len()),
        (4, 2),
        "four units of two formations"
    );
    let f = frame(&g, Viewer::Public);
    let at: Vec<_> = f.hex_markers.iter().filter(|m| m.hex == hex).collect();
    let over = at
        .iter()
        .find(|m| m.kind == HexMarkerKind::OverStacked)
        .expect("over-stacked");
    assert!(
        over.label.contains("4 units, the limit is 3"),
        "{}",
        over.label
    );
    assert!(
        over.label.contains("4 DG"),
        "every unit takes a DG: {}",
        over.label
    );
    assert!(at.iter().any(|m| m.kind == HexMarkerKind::MixedFormations));
    // A lone unit's hex has no penalty.
    assert!(!f.hex_markers.iter().any(|m| m.hex == divided
        && matches!(
            m.kind,
            HexMarkerKind::OverStacked | HexMarkerKind::MixedFormations
        )));
}

// S18.1, S18.3: every unit on the Turn Record Track is in a box of its side and turn, one tap
// away in the panel's tray.
#[test]
fn gates_s18_1_the_turn_record_track_holds_its_units_by_turn() {
    let s = gates("man_your_stations", 1);
    let g = s.game();
    let held = &g.state.series.turn.turn_track.held;
    assert!(!held.is_empty(), "the campaign has reinforcements to come");
    let f = frame(g, Viewer::Public);
    for h in held.iter() {
        let side = <Gates as Ruleset>::side_name(h.side);
        let title = format!("{side} on the Turn Record Track: turn {}", h.turn);
        let b = f
            .boxes
            .iter()
            .find(|b| b.title == title)
            .unwrap_or_else(|| panic!("a box {title}"));
        assert_eq!(b.case, "S18.1");
        assert!(b.counters.iter().any(|c| c.unit == h.unit), "{title}");
    }
    let boxed: usize = f
        .boxes
        .iter()
        .filter(|b| b.title.contains("Turn Record Track"))
        .map(|b| b.counters.len())
        .sum();
    assert_eq!(boxed, held.len(), "no unit twice, none left out");
}

// 3.3.1, S17.1: each chit on offer in step 1D says what it does to its division's fatigue at
// step 1E: a Division chit lifts the rest a division without one would take (−2) and adds the
// +1 of a chit bought; a police chit leaves fatigue alone (4.1.1: immune).
#[test]
fn gates_3_3_1_the_chits_on_offer_show_what_they_do_to_fatigue() {
    use engine::css::command::Chit;
    let mut s = gates("stand_your_ground", 3);
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..200 {
        let g = s.game();
        if matches!(g.state.series.turn.step, Step::Spend(_))
            && matches!(Ruleset::pending(g), Pending::Command { .. })
        {
            break;
        }
        match Ruleset::pending(g) {
            Pending::Command { .. } => {
                let end = Ruleset::step_end(g).expect("a step to end");
                s.apply(Input::Command(end.command)).expect("ended");
            }
            _ => {
                s.answer_at_random(&mut rng).expect("answered");
            }
        }
    }
    let g = s.game();
    assert!(
        matches!(g.state.series.turn.step, Step::Spend(_)),
        "step 1D"
    );
    let actions = g.actions(&Selection::default());
    let buy = actions
        .iter()
        .find(|a| a.label == "Buy a chit")
        .expect("chits on offer");
    let super::super::actions::Then::List(picks) = &buy.then else {
        panic!("a list of chits");
    };
    let data = g.series_data();
    let mut division_rows = 0;
    for p in picks {
        let Command::Series(GameCommand::Turn(t)) = &p.command else {
            continue;
        };
        let chit = match t {
            engine::css::command::turn::Command::Buy(c) => *c,
            _ => continue,
        };
        match chit {
            Chit::Division(d) => {
                let f = g.state.series.turn.track(d).fatigue;
                let def = data.command.division(d).expect("a division");
                if def.fatigue_immune {
                    continue;
                }
                let costs = &data.command.costs;
                let rest = f.saturating_sub(costs.fatigue_no_division);
                let bought = f + costs.fatigue_any_chit;
                assert!(
                    p.detail
                        .contains(&format!("fatigue {rest} → {bought} at step 1E")),
                    "{}: {}",
                    p.target,
                    p.detail
                );
                division_rows += 1;
            }
            Chit::Formation(f) => {
                let d = data.command.formations[usize::from(f.0)].division;
                if data.command.division(d).is_ok_and(|x| x.fatigue_immune) {
                    assert!(p.detail.contains("no change to fatigue"), "{}", p.detail);
                }
            }
            _ => {}
        }
    }
    assert!(division_rows > 0, "a Division chit was on offer: {picks:?}");
}
