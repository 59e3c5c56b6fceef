//! 3.8 the Booze marker in the game: a d10 waits for its holder's keep-or-reroll; a reroll
//! flips the marker over and the fresh face counts (S1.3.2).

extern crate std;

use super::tests::{data, game_with_booze, roll};
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::Cited;
use crate::gates::{NATO, WARSAW_PACT};

/// Ends steps until the series game waits for a d10.
fn to_a_roll(game: &mut Game<'_>) {
    for _ in 0..200 {
        if let Pending::Roll { .. } = Ruleset::pending(game) {
            return;
        }
        let end = Ruleset::step_end(game).expect("a step to end").command;
        Ruleset::apply(game, &Input::Command(end)).unwrap();
    }
    panic!("no roll reached");
}

// 3.8: the holder keeps the roll: the series game takes the face and the marker stays.
#[test]
fn gates_3_8_a_kept_roll_counts_and_the_marker_stays() {
    let mut d = data();
    let mut game = game_with_booze(&mut d, 0);
    assert_eq!(game.state.booze.holder(), Some(NATO));
    to_a_roll(&mut game);
    let series_before = game.state.series.clone();
    let events = Ruleset::apply(&mut game, &roll(4)).unwrap();
    assert!(events.iter().any(|e| e.case() == "3.8"
        && *e
            == Event::RollOffered {
                raw: 4,
                holder: NATO
            }));
    assert_eq!(
        game.state.series, series_before,
        "the face does not count yet"
    );
    let Pending::Choose {
        player, options, ..
    } = Ruleset::pending(&game)
    else {
        panic!("the holder is asked")
    };
    assert_eq!(player, NATO);
    assert_eq!(options.as_slice(), &[Choice::KeepRoll, Choice::Reroll]);
    // Nothing else is taken while the roll is in hand.
    assert_eq!(Ruleset::apply(&mut game, &roll(5)).unwrap_err().case, "3.8");
    Ruleset::apply(&mut game, &Input::Chose(0)).unwrap();
    assert_eq!(game.state.in_hand, None);
    assert_ne!(game.state.series, series_before, "the face of 4 counted");
    assert_eq!(game.state.booze.holder(), Some(NATO));
}

// 3.8, S1.3.2: the holder has the roll made again: the marker flips to the opponent, the fresh
// face counts and is not offered again; the next roll is the new holder's to reroll.
#[test]
fn gates_3_8_a_reroll_flips_the_marker_and_the_new_face_counts() {
    let mut d = data();
    let mut kept = game_with_booze(&mut d, 1);
    to_a_roll(&mut kept);
    let mut rerolled = kept.clone();
    // The reference: a game where the 7 is kept.
    Ruleset::apply(&mut kept, &roll(7)).unwrap();
    Ruleset::apply(&mut kept, &Input::Chose(0)).unwrap();
    // The reroll: 2 rolled, rerolled, 7 comes up.
    Ruleset::apply(&mut rerolled, &roll(2)).unwrap();
    let events = Ruleset::apply(&mut rerolled, &Input::Chose(1)).unwrap();
    assert!(events.contains(&Event::BoozeUsed { by: WARSAW_PACT }));
    assert_eq!(
        rerolled.state.booze.holder(),
        Some(NATO),
        "Cognac flips to Whiskey"
    );
    assert!(matches!(Ruleset::pending(&rerolled), Pending::Roll { .. }));
    Ruleset::apply(&mut rerolled, &roll(7)).unwrap();
    assert_eq!(rerolled.state.in_hand, None, "a reroll is final");
    assert_eq!(rerolled.state.series, kept.state.series, "the 7 counted");
    // Without the marker in play, a roll counts at once.
    let mut none = game_with_booze(&mut d, -1);
    assert_eq!(none.state.booze.holder(), None);
    to_a_roll(&mut none);
    let events = Ruleset::apply(&mut none, &roll(3)).unwrap();
    assert!(events.iter().all(|e| e.case() != "3.8"));
    assert_eq!(none.state.in_hand, None);
}
