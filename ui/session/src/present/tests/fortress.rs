//! The presentation model on *Fortress Berlin*: what a player at the table would see, and
//! what he must not.

use super::super::*;
use crate::fortress::{Command as FbCommand, Fortress, Options as FbOptions};
use crate::{Header, MemoryPersist, NullPersist, Session};
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::game::Choice as FbChoice;
use std::collections::BTreeMap;

fn fortress_set_up() -> Session<Fortress> {
    let data = crate::fortress::builtin_data().expect("data");
    let header = Header::for_game::<Fortress>("full-game", &FbOptions::default(), 7);
    let mut s = Session::<Fortress>::new(data, header, Box::new(MemoryPersist::default()))
        .expect("a session");
    while matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
        s.apply(Input::Drew(0)).expect("drawn");
    }
    s.auto_place().expect("auto-place");
    s.apply(Input::Command(FbCommand::SetUpDone))
        .expect("set-up done");
    s
}

/// Counters per hex, top first, as one viewer's frame has them.
fn by_hex(frame: &Frame) -> BTreeMap<HexId, Vec<&CounterFace>> {
    let mut m: BTreeMap<HexId, Vec<&CounterFace>> = BTreeMap::new();
    for c in &frame.counters {
        m.entry(c.hex.expect("on the map")).or_default().push(c);
    }
    m
}

#[test]
fn fb_3_1_5_an_enemy_force_shows_its_top_counter_and_hides_how_many_lie_beneath() {
    let s = fortress_set_up();
    let g = s.game();
    let german = frame(g, Viewer::Side(GERMAN));
    let soviet = frame(g, Viewer::Side(SOVIET));
    let onlooker = frame(g, Viewer::Public);
    let mine = by_hex(&german);
    let seen = by_hex(&soviet);
    let mut stacks = 0;
    for (hex, units) in &mine {
        if units.iter().any(|c| c.side != GERMAN) || units.len() < 2 {
            continue;
        }
        stacks += 1;
        // The owner sees the whole force in his order, depths counting down from the top.
        let depths: Vec<u8> = units.iter().map(|c| c.depth).collect();
        assert_eq!(
            depths,
            (0..units.len() as u8).collect::<Vec<_>>(),
            "{hex:?}"
        );
        assert!(units.iter().all(|c| !c.hides_more));
        // The enemy and an onlooker see the top counter, marked as hiding more.
        for other in [&seen, &by_hex(&onlooker)] {
            let there = &other[hex];
            assert_eq!(there.len(), 1, "3.1.5: only the top counter at {hex:?}");
            assert_eq!(
                there[0].unit, units[0].unit,
                "the owner's chosen top counter"
            );
            assert!(there[0].hides_more);
        }
    }
    assert!(stacks > 5, "the German set-up stacks forces ({stacks})");
}

#[test]
fn fb_2_2_counters_show_the_face_that_is_up_with_size_colours_and_facing() {
    let s = fortress_set_up();
    let g = s.game();
    let german = frame(g, Viewer::Side(GERMAN));
    let any = german
        .counters
        .iter()
        .find(|c| c.face == Some("combat") && c.symbol != Symbol::Text("★"))
        .expect("13.0: the Germans set up in combat mode");
    let printed = g.data.forces.counter(any.unit).expect("counter");
    let p = printed.on(engine::fortress::counters::COMBAT);
    assert_eq!(any.factors, format!("{}-{}-{}", p.fs, p.pf, p.ma));
    assert_eq!(any.name, printed.name.as_str());
    // 3.4: a unit in maneuver mode points at a hexside; one in combat mode faces all round.
    for c in &german.counters {
        match c.face {
            Some("maneuver") => assert!(c.facing.is_some(), "{} has a facing", c.name),
            Some("combat") => assert!(c.facing.is_none(), "{} faces all round", c.name),
            _ => {}
        }
    }
    // Waffen-SS and Wehrmacht counters are told apart by their colours.
    let colours: std::collections::BTreeSet<u32> =
        german.counters.iter().map(|c| c.palette.body).collect();
    assert!(
        colours.len() >= 3,
        "services in their colours: {colours:x?}"
    );
}

#[test]
fn fb_13_6_the_volkssturm_draw_is_a_cup_dialog_and_the_game_ends_steps_by_button() {
    let data = crate::fortress::builtin_data().expect("data");
    let header = Header::for_game::<Fortress>("full-game", &FbOptions::default(), 7);
    let s = Session::<Fortress>::new(data, header, Box::new(NullPersist)).expect("a session");
    let f = frame(s.game(), Viewer::Side(GERMAN));
    match &f.dialog {
        Dialog::Draw {
            player,
            case,
            chits,
            ..
        } => {
            assert_eq!(*player, GERMAN);
            assert_eq!(*case, "13.6");
            assert!(!chits.is_empty());
        }
        other => panic!("13.6: the set-up starts with the Volkssturm draw, not {other:?}"),
    }
    // The phase bar: the game's sequence, one step now.
    assert_eq!(f.phases.len(), Fortress::SEQUENCE.len());
    assert_eq!(f.phases.iter().filter(|p| p.when == When::Now).count(), 1);
    // After the draw the German places his units; the main button ends the set-up (13.0).
    let s = fortress_set_up_before_done();
    let f = frame(s.game(), Viewer::Side(GERMAN));
    assert_eq!(f.dialog, Dialog::Commands { player: GERMAN });
    let button = f.step_end.expect("a button ends the set-up");
    assert_eq!(button.case, "13.0");
}

fn fortress_set_up_before_done() -> Session<Fortress> {
    let data = crate::fortress::builtin_data().expect("data");
    let header = Header::for_game::<Fortress>("full-game", &FbOptions::default(), 7);
    let mut s = Session::<Fortress>::new(data, header, Box::new(NullPersist)).expect("session");
    while matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
        s.apply(Input::Drew(0)).expect("drawn");
    }
    s
}

#[test]
fn fb_13_0_the_soviet_log_does_not_show_where_the_german_set_up() {
    let s = fortress_set_up();
    let german = log::<Fortress>(s.log(), Viewer::Side(GERMAN));
    let soviet = log::<Fortress>(s.log(), Viewer::Side(SOVIET));
    // The placements of the set-up listings (13.1–13.5).
    let placed = |l: &[LogEntry]| {
        l.iter()
            .filter(|e| e.case.starts_with("13.") && e.case != "13.0" && e.case != "13.6")
            .count()
    };
    assert!(placed(&german) > 50, "the German reads his placements");
    assert_eq!(
        placed(&soviet),
        0,
        "the Soviet does not read where each German unit went"
    );
    // Entries keep the case apart from the words.
    assert!(german.iter().all(|e| !e.text.starts_with('[')));
}

#[test]
fn fb_8_7_1_retreat_options_read_as_buttons() {
    let s = fortress_set_up();
    let g = s.game();
    let off = g.option_text(&FbChoice::OffMap, "8.7.1");
    assert_eq!(off.label, "Off the map");
    assert!(off.detail.contains("[8.7.1]"));
    let f = frame(g, Viewer::Side(GERMAN));
    let c = &f.counters[0];
    let unit = g.option_text(&FbChoice::Unit(c.unit), "8.6");
    assert_eq!(unit.label, c.name);
    assert!(unit.detail.contains(
        g.data
            .map
            .geometry
            .format(c.hex.expect("on the map"))
            .as_str()
    ));
}

#[test]
fn fb_13_0_only_the_german_sees_the_box_of_units_he_still_has_to_set_up() {
    let s = fortress_set_up_before_done();
    let g = s.game();
    let title = |f: &Frame| f.boxes.iter().map(|b| b.title.clone()).collect::<Vec<_>>();
    let german = frame(g, Viewer::Side(GERMAN));
    let to_set_up = german
        .boxes
        .iter()
        .find(|b| b.case == "13.0")
        .expect("the German's set-up box");
    assert_eq!(
        to_set_up.counters.len(),
        78 + 30,
        "13.1-13.5 and the Volkssturm"
    );
    assert!(to_set_up.counters.iter().all(|c| c.hex.is_none()));
    assert!(title(&frame(g, Viewer::Side(SOVIET))).is_empty());
    assert!(title(&frame(g, Viewer::Public)).is_empty());
}

#[test]
fn fb_5_0_both_sides_see_the_reinforcements_due_this_turn() {
    let mut s = fortress_set_up();
    // Through the German player-turn to the Soviet reinforcement segment.
    for _ in 0..8 {
        let g = s.game();
        if frame(g, Viewer::Side(SOVIET))
            .boxes
            .iter()
            .any(|b| b.case == "5.0")
        {
            break;
        }
        let end = Ruleset::step_end(g).expect("a button");
        s.apply(Input::Command(end.command)).expect("ended");
    }
    let g = s.game();
    let due = |v| {
        frame(g, v)
            .boxes
            .into_iter()
            .find(|b| b.case == "5.0")
            .map(|b| b.counters.iter().map(|c| c.unit).collect::<Vec<_>>())
    };
    let soviet = due(Viewer::Side(SOVIET)).expect("Soviet arrivals are due");
    assert!(!soviet.is_empty());
    assert_eq!(due(Viewer::Side(GERMAN)).as_ref(), Some(&soviet));
    assert_eq!(due(Viewer::Public).as_ref(), Some(&soviet));
}

#[test]
fn fb_17_2_17_3_with_five_players_each_counter_names_its_command() {
    let data = crate::fortress::builtin_data().expect("data");
    let options = FbOptions {
        players: 5,
        ..FbOptions::default()
    };
    let header = Header::for_game::<Fortress>("full-game", &options, 7);
    let mut s = Session::<Fortress>::new(data, header, Box::new(NullPersist)).expect("session");
    while matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
        s.apply(Input::Drew(0)).expect("drawn");
    }
    s.auto_place().expect("auto-place");
    let f = frame(s.game(), Viewer::Side(GERMAN));
    let roles: std::collections::BTreeSet<&str> =
        f.counters.iter().filter_map(|c| c.role).collect();
    // 17.3.2: five players: the Hitler, Armed Forces and SS players command the Germans.
    for role in ["Hitler Player", "Armed Forces Player", "SS Player"] {
        assert!(roles.contains(role), "{role} missing from {roles:?}");
    }
    // With two players nobody's counters name a command.
    let two = fortress_set_up();
    assert!(frame(two.game(), Viewer::Side(GERMAN))
        .counters
        .iter()
        .all(|c| c.role.is_none()));
}

/// The set-up done and a German division or corps HQ entered on its arrival by the offered
/// Enter action (5.0): the German set-up has only the whole-map Berlin HQ (3.5.4).
pub(super) fn fortress_with_an_hq_entered() -> (Session<Fortress>, UnitId) {
    use crate::present::actions::{Offer, Selection, Then};
    use engine::fortress::counters::Radius;
    let mut s = fortress_set_up();
    for _ in 0..12 {
        let g = s.game();
        let arriving = (0..g.data.forces.counters.len() as u16)
            .map(UnitId)
            .find(|&u| {
                g.due(u).is_some()
                    && matches!(
                        g.data.forces.counter(u).and_then(|c| c.command),
                        Some(Radius::Hexes(_))
                    )
                    && g.data.forces.counter(u).is_some_and(|c| c.side == GERMAN)
            });
        if let Some(hq) = arriving {
            let sel = Selection {
                hex: None,
                units: vec![hq],
            };
            let enter = g.actions(&sel).into_iter().find(|a| a.label == "Enter");
            if let Some(Then::Hex(picks)) = enter.map(|a| a.then) {
                let command = picks.first().expect("an entry hex").command.clone();
                s.apply(Input::Command(command)).expect("entered (5.0)");
                return (s, hq);
            }
        }
        // Not yet due: the step ends (the dice it asks for rolled as 3s).
        match Ruleset::pending(s.game()) {
            Pending::Roll { dice, .. } => {
                let faces = vec![3; usize::from(dice.count)];
                s.apply(Input::Rolled(engine::core::protocol::DiceRoll::of(&faces)))
                    .expect("rolled");
            }
            _ => {
                s.apply(Input::Command(FbCommand::EndSegment))
                    .expect("ended");
            }
        }
    }
    panic!("no German HQ arrives in the first segments (5.0)");
}

/// 3.5, 2.2.8: a selected HQ shades every hex within its printed radius; a unit out of command
/// shades the radii of the HQs that could command it, and the line names them.
#[test]
fn fb_3_5_the_command_radius_of_a_selected_hq_and_around_a_unit_out_of_command() {
    use crate::present::actions::{Offer, Selection};
    use engine::fortress::command::{command_of, Command as Status};
    use engine::fortress::counters::Radius;
    let (s, _) = fortress_with_an_hq_entered();
    let g = s.game();
    let (map, forces, board) = (&g.data.map, &g.data.forces, &g.state.board);
    let on_map = |u: UnitId| board.hex_of(u).map(|h| (u, h));
    let units: Vec<(UnitId, HexId)> = (0..forces.counters.len() as u16)
        .map(UnitId)
        .filter_map(on_map)
        .filter(|&(u, _)| forces.counter(u).is_some_and(|c| c.side == GERMAN))
        .collect();
    let mut hqs_seen = 0;
    for &(u, at) in &units {
        let Some(Radius::Hexes(n)) = forces.counter(u).and_then(|c| c.command) else {
            continue;
        };
        hqs_seen += 1;
        let reach = g
            .command_reach(&Selection::units(at, &[u]))
            .expect("an HQ shows its radius");
        let want: Vec<HexId> = map
            .hexes()
            .filter(|&h| map.geometry.distance(at, h) <= u16::from(n))
            .collect();
        let mut got = reach.hexes.clone();
        got.sort();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        assert_eq!(got, want_sorted, "every hex within {n} of the HQ, no other");
        assert!(reach.text.contains(&format!("{n} hexes")), "{}", reach.text);
        assert_eq!(reach.case, "3.5.1");
    }
    assert!(hqs_seen > 0, "the German sets up HQs (13.0)");
    let out: Vec<(UnitId, HexId)> = units
        .iter()
        .copied()
        .filter(|&(u, _)| command_of(map, forces, board, u) == Status::Out)
        .filter(|&(u, _)| {
            forces
                .counter(u)
                .is_some_and(|c| !c.is_hq() && c.kind.is_combat_unit())
        })
        .collect();
    let &(u, at) = out.first().expect("some German unit starts out of command");
    let reach = g
        .command_reach(&Selection::units(at, &[u]))
        .expect("a unit out of command shows where command reaches");
    assert!(reach.text.contains("out of command"), "{}", reach.text);
    assert_eq!(reach.case, "3.5");
    assert!(
        !reach.hexes.contains(&at),
        "it stands outside every such radius"
    );
    // A unit in command shades nothing.
    let inside = units.iter().find(|&&(u, _)| {
        command_of(map, forces, board, u).in_command()
            && forces.counter(u).is_some_and(|c| !c.is_hq())
    });
    let &(u, at) = inside.expect("some German unit starts in command");
    assert_eq!(g.command_reach(&Selection::units(at, &[u])), None);
}
