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

/// The start screen lists all three games, each playable, Gates with its rules in progress
/// (issue 15: its rules module is still being built); the option switches are the
/// chosen game's own option list, each with its case (a one-of option a switch per value),
/// and a switch reaches the engine.
#[test]
fn start_screen_lists_three_games_and_the_rulesets_options() {
    use slint::{ComponentHandle, Model};
    let (t, _persist) = table(800.0, 480.0, config());
    let w = t.window();
    let v = w.global::<ui::View>();
    let games: Vec<(String, String, bool)> = v
        .get_games()
        .iter()
        .map(|g| (g.title.to_string(), g.detail.to_string(), g.playable))
        .collect();
    snapshot(w, "start-three-games-800");
    assert_eq!(games.len(), 3, "{games:?}");
    assert_eq!(games[0], ("Berlin '85".into(), "SPI, 1980".into(), true));
    assert!(games[1].0 == "Fortress Berlin" && games[1].2, "{games:?}");
    let (title, detail, playable) = &games[2];
    assert!(shows(w, title), "{title} is listed: {:?}", labels(w, 60));
    assert!(
        *playable && detail.contains("rules in progress; playable at the table"),
        "{title}: {detail}"
    );
    assert_eq!(v.get_game(), 0, "Berlin '85 is chosen");
    tap(w, "Enemy at the Gates");
    assert_eq!(v.get_game(), 2, "the Gates are chosen");
    let gates: Vec<String> = v
        .get_scenarios()
        .iter()
        .map(|s| s.name.to_string())
        .collect();
    assert_eq!(gates.len(), 4, "the Gates' four scenarios: {gates:?}");
    // Fortress Berlin's own options: its variants (16.x), optional rules (17.x), and the
    // number of players (17.3) as one switch per count, two players on.
    tap(w, "Fortress Berlin");
    assert_eq!(v.get_game(), 1, "Fortress Berlin is chosen");
    let fb: Vec<(String, String, bool)> = v
        .get_game_options()
        .iter()
        .map(|o| (o.key.to_string(), o.case.to_string(), o.on))
        .collect();
    assert!(fb.iter().any(|o| o.1 == "16.4" && !o.2), "{fb:?}");
    let players: Vec<&(String, String, bool)> = fb.iter().filter(|o| o.1 == "17.3").collect();
    assert_eq!(players.len(), 5, "2 to 6 players: {fb:?}");
    assert!(players[0].2 && players[1..].iter().all(|p| !p.2), "{fb:?}");
    tap(w, "Berlin '85");
    let options: Vec<(String, String, bool)> = v
        .get_game_options()
        .iter()
        .map(|o| (o.key.to_string(), o.case.to_string(), o.on))
        .collect();
    assert_eq!(
        options,
        vec![
            ("poison-gas".to_string(), "8.8".to_string(), false),
            ("sequential-combat".to_string(), "7.0".to_string(), false)
        ]
    );
    tap(w, "Poison gas (optional rule)");
    assert!(
        v.get_game_options().row_data(0).is_some_and(|o| o.on),
        "the switch turned on"
    );
    tap(w, "Set up");
    let options = t.with_session(|s| s.expect("a game").game().state.options);
    assert!(
        options.poison_gas && !options.sequential_combat,
        "{options:?}"
    );
    snapshot(w, "start-three-games");
}

/// Issue 16, portrait relayout: a window taller than wide (a landscape panel turned a quarter
/// for a corner seat, or a portrait panel) stacks the map above the side panel, so the map
/// keeps the window's whole width; a landscape window keeps the panel beside the map.
#[test]
fn a_portrait_window_puts_the_side_panel_below_the_map() {
    let (t, _persist) = table(480.0, 800.0, config());
    let w = t.window();
    tap(w, "Set up");
    for (width, height) in [
        (480.0, 800.0),
        (800.0, 1280.0),
        (800.0, 480.0),
        (1280.0, 800.0),
    ] {
        slint::ComponentHandle::window(w).set_size(slint::LogicalSize::new(width, height));
        settle();
        let map = find(w, "map").expect("the map is shown");
        let (m, ms) = (map.absolute_position(), map.size());
        let title = find(w, "panel NATO sets up").expect("the side panel is shown");
        let p = title.absolute_position();
        let place = find_all(w, "place ");
        assert!(
            !place.is_empty(),
            "{width}x{height}: units to place are listed"
        );
        let portrait = height > width;
        if portrait {
            assert!(
                ms.width >= width - 1.0,
                "{width}x{height}: the map is {} wide, not the window's width",
                ms.width
            );
            assert!(
                p.y >= m.y + ms.height - 1.0 && p.x < 20.0,
                "{width}x{height}: the panel's title at {:?} is not below the map ({:?} {:?})",
                p,
                m,
                ms
            );
            // The map keeps most of the height, the panel enough to list units.
            assert!(ms.height >= height * 0.45, "map height {}", ms.height);
        }
        // However narrow, the phase bar keeps the log and the menu on the screen.
        for button in ["event log", "menu"] {
            let b = find(w, button).expect(button);
            let right = b.absolute_position().x + b.size().width;
            assert!(
                right <= width + 0.5,
                "{width}x{height}: the {button} button ends at {right}, off the screen"
            );
        }
        if portrait {
            snapshot(w, &format!("portrait-{width}x{height}"));
        } else {
            assert!(
                p.x >= m.x + ms.width - 1.0 && ms.height > height * 0.8,
                "{width}x{height}: the panel's title at {:?} is not beside the map ({:?} {:?})",
                p,
                m,
                ms
            );
        }
    }
}
