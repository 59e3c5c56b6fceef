//! Every kind of decision the engine can ask for has its button, labelled for a player, and
//! tapping it answers the engine: They Shall Not Pass [7.76], a unit chosen (an exchange loss
//! [7.6], a displacement [7.8]), and stopping a retreat or an advance [7.75], [7.92]. Hexes,
//! yes/no and chits have their own tests (game_turn, pending_screens).
//!
//! Random legal play (engine only) finds a game where the choice comes up; the table resumes
//! it and the choice is made by a tap.

mod common;

use common::*;
use engine::berlin85::{Choice, Game, Options};
use engine::core::protocol::{Input, Pending};
use ui::Table;

/// The index of the first option matching `want` in the pending choice, if one is pending.
fn offered(g: &Game<'_>, want: fn(&Choice) -> bool) -> Option<u8> {
    match g.pending() {
        Pending::Choose { options, .. } => options.iter().position(want).map(|i| i as u8),
        _ => None,
    }
}

/// Finds the choice in some scenario, resumes there, checks the button and taps it.
fn choose_by_tap(what: &str, want: fn(&Choice) -> bool, label: impl Fn(&Table, &Choice) -> String) {
    let found = ["unity", "werewolf", "medicine_wheel"]
        .iter()
        .find_map(|sc| {
            (1..60)
                .find_map(|seed| {
                    journal_until(sc, Options::default(), seed, |g| offered(g, want).is_some())
                })
                .map(|j| (*sc, j))
        });
    let Some((scenario, journal)) = found else {
        panic!("no random game offered {what}");
    };
    let t = resumed(scenario, journal);
    let w = t.window();
    let (i, option, case) = t
        .with_session(|s| {
            let g = s?.game();
            let i = offered(g, want)?;
            match g.pending() {
                Pending::Choose { options, case, .. } => Some((i, options[i as usize], case)),
                _ => None,
            }
        })
        .expect("the choice is pending after the resume");
    let text = label(&t, &option);
    let button = format!("option {text}");
    assert!(
        shows(w, &button),
        "{what} [{case}]: '{button}' on screen: {:?}",
        labels(w, 60)
    );
    let before = t.with_session(|s| s.unwrap().inputs().len());
    tap(w, &button);
    let answered = t.with_session(|s| {
        let s = s.unwrap();
        (s.inputs().len(), s.inputs().last().cloned())
    });
    assert_eq!(
        answered.0,
        before + 1,
        "{what}: the tap answered the engine"
    );
    assert_eq!(
        answered.1,
        Some(Input::Chose(i)),
        "{what}: the option tapped"
    );
    snapshot(w, &format!("choice-{}", case.replace('.', "_")));
}

#[test]
fn retreat_7_76_they_shall_not_pass_is_a_button() {
    choose_by_tap(
        "They Shall Not Pass",
        |c| *c == Choice::TheyShallNotPass,
        |_, _| "They Shall Not Pass".to_string(),
    );
}

#[test]
fn choice_7_6_and_7_8_a_unit_is_chosen_by_its_name() {
    choose_by_tap(
        "a unit",
        |c| matches!(c, Choice::Unit(_)),
        |t, c| match c {
            Choice::Unit(u) => t.with_session(|s| s.unwrap().game().def(*u).name.to_string()),
            _ => unreachable!(),
        },
    );
}

#[test]
fn retreat_7_75_and_advance_7_92_stop_is_a_button() {
    choose_by_tap(
        "stop",
        |c| *c == Choice::Stop,
        |_, _| "Stop here".to_string(),
    );
}
