//! The screens around play, by taps: start options, the tracks, the event log with its
//! rule cases, the rules reference, the About screen with the stand-in data and the way back
//! into the game.

mod common;

use common::*;
use ui::{Seats, UiConfig};

fn config() -> UiConfig {
    UiConfig {
        seed: Some(85),
        seats: Seats::Same,
        scenario: Some("unity".into()),
        ..UiConfig::default()
    }
}

#[test]
fn start_options_tracks_log_rules_and_about() {
    let (t, _persist) = table(1280.0, 800.0, config());
    let w = t.window();
    // Start: every option of the game, each with its rule.
    for option in [
        "Poison gas (optional rule)",
        "Sequential combat (resolve each attack as declared)",
        "Seats: Opposite",
        "Seats: Same side",
        "Dice: Real dice",
        "Chits: Real cup",
    ] {
        assert!(shows(w, option), "{option}: {:?}", labels(w, 60));
    }
    tap(w, "Sequential combat (resolve each attack as declared)");
    tap(w, "Set up");
    assert!(
        t.with_session(|s| s.expect("a game").game().state.options.sequential_combat),
        "the option reaches the engine"
    );
    tap(w, "Auto-place");
    tap(w, "Done");
    tap(w, "Auto-place");
    tap(w, "Done");

    // The tracks: Game-Turn record, Surrender Points, air [16.0], [19.4], [9.0].
    tap(w, "Turn 1 of 16 · day");
    assert!(shows(w, "track 1 (now)"), "{:?}", labels(w, 80));
    assert!(label_starting(w, "surrender Surrender Points +0").is_some());
    let air = label_starting(w, "air ").expect("air status");
    assert!(
        air.contains("Warsaw Pact 12") && air.contains("Air superiority: Warsaw Pact"),
        "{air}"
    );
    snapshot(w, "screens-tracks");
    tap(w, "Close");

    // The event log: each line with its case; a case opens the rule.
    tap(w, "event log");
    assert!(
        label_starting(w, "log [9.0] the Warsaw Pact receives 12 air points").is_some(),
        "{:?}",
        labels(w, 60)
    );
    tap(w, "rule 9.0");
    assert!(
        label_starting(w, "rule title [9.0]").is_some(),
        "{:?}",
        labels(w, 60)
    );
    snapshot(w, "screens-rule");
    tap(w, "Close");

    // About, from the menu, lists the stand-in data and goes back into the game.
    tap(w, "menu");
    tap(w, "About and stand-in data");
    assert!(
        label_starting(w, "stand-in ").is_some(),
        "{:?}",
        labels(w, 60)
    );
    snapshot(w, "screens-about");
    tap(w, "Back");
    assert!(
        shows(w, "panel Warsaw Pact: Movement"),
        "{:?}",
        labels(w, 40)
    );
}
