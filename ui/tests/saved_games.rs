//! Resuming and loading saved games from the start screen: the game in play is saved as it
//! goes; starting another keeps it as the previous game, which the start screen offers to
//! load back — with every move made, and with the game it replaces kept in turn.

mod common;

use common::*;
use ui::session::decode_input;

fn journal(persist: &ui::session::MemoryPersist) -> (String, Vec<engine::berlin85::Input85>) {
    let saved = persist.0.borrow();
    let scenario = saved
        .header
        .as_ref()
        .map_or(String::new(), |h| h.scenario.clone());
    let inputs = saved
        .inputs
        .iter()
        .map(|b| decode_input(b).expect("a readable input"))
        .collect();
    (scenario, inputs)
}

#[test]
fn the_previous_game_is_loaded_back_from_the_start_screen() {
    // On the 7" panel, where the start screen is tightest.
    let (t, persist) = unity(800.0, 480.0);
    let w = t.window();
    assert!(!shows(w, "Previous game"), "nothing to load yet");

    // A game of Operation Unity: both sides set up.
    auto_set_up(w);
    let (scenario, unity) = journal(&persist);
    assert_eq!(scenario, "unity");
    assert!(unity.len() > 10, "every placement is saved");

    // Back to the start screen: Resume offers it.
    tap(w, "menu");
    tap(w, "Back to start");
    let resume = label_starting(w, "Resume").expect("Resume");
    assert!(shows(w, "Resume"), "{resume}");

    // Another game (Werewolf) replaces it; Unity becomes the previous game.
    tap(w, "Operation Werewolf");
    tap(w, "Set up");
    assert_eq!(journal(&persist).0, "werewolf");
    tap(w, "Auto-place");
    let werewolf_moves = journal(&persist).1.len();
    tap(w, "menu");
    tap(w, "Back to start");
    assert!(shows(w, "Previous game"), "{:?}", labels(w, 40));
    snapshot(w, "start-previous-game-800");

    // Loading it back: Operation Unity in play again, its journal whole and current.
    tap(w, "Previous game");
    assert!(
        t.with_session(|s| s.expect("a game").header().scenario == "unity"),
        "Operation Unity is back"
    );
    assert_eq!(
        t.with_session(|s| s.expect("a game").inputs().to_vec()),
        unity,
        "every input of the previous game"
    );
    let (scenario, saved) = journal(&persist);
    assert_eq!(scenario, "unity", "the store holds the loaded game");
    assert_eq!(saved, unity);
    assert!(
        label_starting(w, "panel Warsaw Pact").is_some(),
        "play goes on where it stopped: {:?}",
        labels(w, 40)
    );

    // ... and the Werewolf game it replaced is now the one offered.
    tap(w, "menu");
    tap(w, "Back to start");
    assert!(shows(w, "Previous game"));
    tap(w, "Previous game");
    assert!(t.with_session(|s| s.expect("a game").header().scenario == "werewolf"));
    assert_eq!(
        t.with_session(|s| s.expect("a game").inputs().len()),
        werewolf_moves
    );
}
