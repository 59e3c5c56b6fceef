//! Every engine `Pending` of Berlin '85 has a screen: each kind of request is answered by
//! simulated taps on the real screens (Slint testing backend), and a whole game is played to
//! the victory screen by taps alone.
//!
//! A situation is reached by replaying a journal of engine inputs (a saved game resumed at
//! start-up), built here with the engine's own answers: set-up by the table's auto-place,
//! then the least that gets there (end the phase, no attacks unless owed). The engine is read
//! only to know where things are; every input of the thing under test goes through a tap.

#[path = "../common/mod.rs"]
mod common;

use common::*;
use engine::berlin85::combat::CombatStep;
use engine::berlin85::{Choice, Command, Game, Input85, Options, Phase, NATO};
use engine::core::hex::HexId;
use engine::core::protocol::{Input, Pending};
use engine::core::units::UnitId;
use slint::ComponentHandle;
use std::collections::BTreeMap;
use ui::session::NullPersist;
use ui::{AppWindow, Header, Randomness, Resume, Seats, Session, Table, UiConfig, View};

// ---- Building the situation (engine only) -----------------------------------------------

fn header(scenario: &str, dice: Randomness, seats: Seats) -> Header {
    let mut h = Header::new(scenario, Options::default(), 85);
    h.dice = dice;
    h.seats = seats;
    h
}

/// A game of `scenario` with both sides set up by the table's auto-place.
fn set_up(h: Header) -> Session {
    let data = ui::builtin_data().expect("built-in data");
    let mut s = Session::<ui::session::ruleset::Berlin85>::new(data, h, Box::new(NullPersist))
        .expect("a new game");
    while s.game().state.phase == Phase::Setup {
        s.auto_place().expect("auto-place");
        s.apply(Input::Command(Command::EndSetup))
            .expect("the set-up step ends");
    }
    s
}

/// An attack for the attacks still owed [7.11]: an enemy unit that must be attacked (or
/// stands next to a unit that must attack), by every free unit of ours next to it, on it and
/// every other owed enemy next to those attackers — the first such attack the engine accepts.
fn owed_attack(
    g: &Game<'_>,
    player: engine::core::side::Side,
) -> Option<(Vec<UnitId>, Vec<UnitId>)> {
    let geo = &g.data.map.geometry;
    let (owing, mut owed) = {
        let (mut a, mut d) = (Vec::new(), Vec::new());
        g.must_attack(|u| a.push(u));
        g.must_be_attacked(|u| d.push(u));
        (a, d)
    };
    for &u in &owing {
        let Some(at) = g.hex_of(u) else { continue };
        for (_, n) in geo.neighbours(at) {
            if let Some(e) = g.unit_at(n).filter(|&e| g.side_of(e) != player) {
                if !owed.contains(&e) {
                    owed.push(e);
                }
            }
        }
    }
    owed.retain(|&e| !g.is_attacked(e));
    let busy = |u: UnitId| g.attacks().any(|(_, a)| a.attacking(u));
    let next_to = |a: UnitId, d: UnitId| match (g.hex_of(a), g.hex_of(d)) {
        (Some(x), Some(y)) => geo.adjacent(x, y),
        _ => false,
    };
    owed.iter().find_map(|&d| {
        let attackers: Vec<UnitId> = g
            .units_on_map()
            .map(|(u, _)| u)
            .filter(|&u| g.side_of(u) == player && !busy(u) && next_to(u, d))
            .collect();
        if attackers.is_empty() {
            return None;
        }
        let mut all = vec![d];
        all.extend(
            owed.iter()
                .copied()
                .filter(|&e| e != d && attackers.iter().any(|&a| next_to(a, e))),
        );
        // Every unit that owes an attack next to a chosen defender joins it: it may attack
        // no other [7.13] once these defenders are taken.
        let with_owing = |ds: &[UnitId]| -> Vec<UnitId> {
            let mut a = attackers.clone();
            for &u in &owing {
                if !a.contains(&u) && !busy(u) && ds.iter().any(|&e| next_to(u, e)) {
                    a.push(u);
                }
            }
            a
        };
        [all, vec![d]]
            .into_iter()
            .map(|ds| (with_owing(&ds), ds))
            .chain(std::iter::once((attackers.clone(), vec![d])))
            .find(|(a, ds)| g.preview_attack(a, ds).is_ok())
    })
}

/// The engine-side answer that moves the game on with the least done: end each step, attack
/// only where owed, decline offers, die faces `face`, the first chit and the first choice.
fn least_input(s: &Session, face: u8) -> Input85 {
    let g = s.game();
    match s.pending() {
        Pending::Roll { dice, .. } => {
            let faces = vec![face.min(dice.sides); usize::from(dice.count)];
            Input::Rolled(engine::core::protocol::DiceRoll::of(&faces))
        }
        Pending::DrawChit { .. } => Input::Drew(0),
        Pending::Choose { options, .. } => {
            let no = options.iter().position(|o| *o == Choice::No);
            Input::Chose(no.unwrap_or(0) as u8)
        }
        Pending::Command { player } => Input::Command(match (g.state.phase, g.combat_step()) {
            (Phase::Movement, _) => Command::EndMovement,
            (Phase::Combat, CombatStep::Declare) => match owed_attack(g, player) {
                Some((a, d)) => Command::Declare {
                    attackers: a.into_iter().collect(),
                    defenders: d.into_iter().collect(),
                },
                None => Command::EndAllocation,
            },
            (Phase::Combat, CombatStep::Fpf) => Command::EndAllocation,
            (Phase::Combat, CombatStep::Resolve) => Command::Resolve {
                attack: g.attacks().find(|(_, a)| !a.resolved).map_or(0, |(i, _)| i),
            },
            _ => Command::EndCombat,
        }),
        Pending::GameOver => panic!("the game ended before the situation"),
    }
}

/// Plays on with [`least_input`] until `until` holds.
fn skip_until(s: &mut Session, until: impl Fn(&Session) -> bool) {
    for _ in 0..5000 {
        if until(s) {
            return;
        }
        let input = least_input(s, 6);
        if let Err(e) = s.apply(input.clone()) {
            panic!("{input:?} refused at {:?}: {e:?}", s.pending());
        }
    }
    panic!("the situation never came: {:?}", s.pending());
}

/// The table at `w`×`h`, resumed into `s`'s journal. `renderer` is the name the table is
/// told (the testing backend always draws in software; "femtovg" lets the seats turn).
fn table_at(s: &Session, w: f32, h: f32, renderer: &'static str) -> Table {
    init();
    let data = ui::builtin_data().expect("built-in data");
    let header = s.header().clone();
    let config = UiConfig {
        seed: Some(header.seed),
        seats: header.seats,
        scenario: Some(header.scenario.clone()),
        dice: header.dice,
        auto_resume: true,
        ..UiConfig::default()
    };
    let resume = Resume {
        header,
        inputs: s.inputs().to_vec(),
        snapshot: None,
    };
    let t =
        Table::new(config, data, Box::new(NullPersist), Some(resume), renderer).expect("window");
    t.window().window().set_size(slint::LogicalSize::new(w, h));
    t.window().show().expect("show");
    settle();
    t
}

fn resumed(s: &Session) -> Table {
    table_at(s, 1280.0, 800.0, "software")
}

// ---- Reading the screen -----------------------------------------------------------------

/// Opens the event log and returns the lines it shows (labels "log [case] text").
fn log_on_screen(w: &AppWindow) -> Vec<String> {
    tap(w, "event log");
    let lines = find_all(w, "log [")
        .into_iter()
        .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
        .collect();
    w.global::<View>().set_log_visible(false);
    settle();
    lines
}

fn rotated(w: &AppWindow) -> bool {
    w.global::<View>().get_rotated()
}

/// Is any element on screen labelled with text containing `needle`?
fn on_screen_containing(w: &AppWindow, needle: &str) -> bool {
    find_all(w, "")
        .iter()
        .filter_map(|e| e.accessible_label())
        .any(|l| l.contains(needle))
}

mod dice_and_seats;
mod rules_screens;
mod whole_games;
