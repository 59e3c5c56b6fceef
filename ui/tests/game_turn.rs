//! A whole Game-Turn of Operation Unity played by simulated taps on the real screens (Slint
//! testing backend): auto-placed set-up, a Warsaw Pact move, an attack with a barrage [8.1]
//! and NATO final protective fire [8.4], the untried attacker's chit [11.0], the combat card,
//! the die typed on the keypad (physical dice, so the test picks a retreat result), NATO's
//! retreat chosen on the map [7.7], then NATO's Player-Turn, to the start of Game-Turn 2.
//!
//! The test reads the engine only to know where things are (which hex to tap); every input
//! goes through the screen, and each step asserts what the screen shows.

mod common;

use common::*;
use engine::berlin85::combat::CombatStep;
use engine::berlin85::{Phase, NATO};
use engine::core::hex::HexId;
use engine::core::protocol::Pending;
use ui::{AppWindow, Randomness, Seats, Table, UiConfig};

fn config() -> UiConfig {
    UiConfig {
        seed: Some(85),
        seats: Seats::Same,
        scenario: Some("unity".into()),
        dice: Randomness::Physical,
        ..UiConfig::default()
    }
}

/// Answers whatever the game waits for through the screen, with no opinion of its own:
/// the owed attacks of the Combat Phase [7.11], no FPF, the first choice offered, die face
/// 6, a drawn chit; ends each step. Returns false when nothing could be done.
fn play_on(t: &Table, w: &AppWindow) -> bool {
    let Some(p) = pending(t) else { return false };
    match p {
        Pending::Roll { .. } => {
            assert!(
                shows(w, "keypad 6"),
                "a keypad for the die: {:?}",
                labels(w, 60)
            );
            tap(w, "keypad 6");
        }
        Pending::DrawChit { .. } => tap(w, "Draw"),
        Pending::Choose { options, .. } => {
            let on_map = options.iter().find_map(|o| match o {
                engine::berlin85::Choice::Hex(h) => Some(*h),
                _ => None,
            });
            if let Some(h) = on_map {
                tap_hex(t, w, h);
            } else {
                let first = label_starting(w, "option ").expect("the options are listed");
                tap(w, &first);
            }
        }
        Pending::Command { player } => {
            let (_, ph, step) = phase(t);
            match (ph, step) {
                (Phase::Movement, _) => tap(w, "End movement"),
                (Phase::Combat, Some(CombatStep::Declare)) => {
                    // An enemy next to a unit that owes an attack [7.11], not yet attacked
                    // [7.13], with every owing unit next to it as attackers.
                    let plan = t.with_session(|s| {
                        let g = s?.game();
                        let geo = &g.data.map.geometry;
                        let mut owed = Vec::new();
                        g.must_attack(|u| owed.push(u));
                        owed.iter().find_map(|&u| {
                            let at = g.hex_of(u)?;
                            let e = geo
                                .neighbours(at)
                                .filter_map(|(_, n)| g.unit_at(n))
                                .find(|&e| g.side_of(e) != player && !g.is_attacked(e))?;
                            let eh = g.hex_of(e)?;
                            let attackers: Vec<HexId> = owed
                                .iter()
                                .filter_map(|&a| g.hex_of(a))
                                .filter(|&h| geo.adjacent(h, eh))
                                .collect();
                            Some((attackers, eh))
                        })
                    });
                    match plan {
                        Some((attackers, d)) => {
                            for a in attackers {
                                tap_hex(t, w, a);
                            }
                            tap_hex(t, w, d);
                            tap(w, "Declare attack");
                        }
                        None if shows(w, "End combat") => tap(w, "End combat"),
                        None => tap(w, "Declarations done"),
                    }
                }
                (Phase::Combat, Some(CombatStep::Fpf)) => tap(w, "FPF done"),
                (Phase::Combat, Some(CombatStep::Resolve)) => {
                    let next = label_starting(w, "resolve attack ").expect("an attack to resolve");
                    tap(w, &next);
                }
                (Phase::Combat, Some(CombatStep::Done)) => tap(w, "End combat"),
                _ => return false,
            }
        }
        _ => return false,
    }
    true
}

#[test]
fn a_whole_game_turn_of_operation_unity_by_taps() {
    play_a_turn(1280.0, 800.0, "");
}

/// The same turn on the official 7" panel: every control is still there to tap.
#[test]
fn a_whole_game_turn_on_the_7_inch_800x480_panel() {
    play_a_turn(800.0, 480.0, "800-");
}

/// And on a 1920x1080 HDMI panel, the largest the table supports.
#[test]
fn a_whole_game_turn_at_1920x1080() {
    play_a_turn(1920.0, 1080.0, "1920-");
}

fn play_a_turn(width: f32, height: f32, prefix: &str) {
    let (t, _persist) = table(width, height, config());
    let w = t.window();
    let snapshot = |w: &AppWindow, name: &str| snapshot(w, &format!("{prefix}{name}"));

    // Set-up [21.3x]: both sides auto-place.
    tap(w, "Set up");
    for side in ["NATO", "Warsaw Pact"] {
        assert!(
            shows(w, &format!("panel {side} sets up")),
            "{:?}",
            labels(w, 40)
        );
        tap(w, "Auto-place");
        tap(w, "Done");
    }
    assert!(shows(w, "Turn 1 of 16 · day"), "{:?}", labels(w, 40));
    assert!(shows(w, "step Move (now)"));
    assert!(shows(w, "panel Warsaw Pact: Movement"));

    // Movement [5.0]: 1/1 EG crosses to 3315, next to the British RA 2 at 3215.
    let eg = unit(&t, "1/1 EG");
    let ra2 = unit(&t, "RA 2");
    let from = hex_of(&t, eg).expect("1/1 EG set up");
    tap_hex(&t, w, from);
    assert!(shows(w, "selected 1/1 EG"), "{:?}", labels(w, 60));
    let to = hex(&t, "3315");
    t.center_on_hex(to);
    settle();
    assert!(shows(w, "reach hex 3315"), "3315 is shaded as reachable");
    tap_hex(&t, w, to);
    assert_eq!(hex_of(&t, eg), Some(to), "the tap moved the unit");
    snapshot(w, "turn-01-moved");
    tap(w, "End movement");

    // Combat: the Warsaw Pact declares [7.0]. The owed attack is marked [7.11].
    assert!(
        shows(w, "panel Warsaw Pact: declare attacks"),
        "{:?}",
        labels(w, 40)
    );
    assert!(
        !find_all(w, "must attack ").is_empty(),
        "owed attacks are marked"
    );
    assert!(
        label_starting(w, "hint ").is_some_and(|h| h.contains("[7.11]")),
        "the hint says what is owed"
    );
    tap_hex(&t, w, to);
    tap_hex(&t, w, hex_of(&t, ra2).expect("RA 2 on the map"));
    let declaring = label_starting(w, "declare Attackers: 1/1 EG").expect("the attack is listed");
    assert!(
        declaring.contains("Defenders: RA 2") && declaring.contains("Column ?"),
        "the preview column waits for the untried strength [11.0]: {declaring}"
    );
    tap(w, "Card");
    assert!(
        shows(w, "combat card Preview: 1/1 EG → RA 2 (3215)"),
        "{:?}",
        labels(w, 60)
    );
    assert!(shows(w, "shift [21.15] Warsaw Pact first-turn bonus +2"));
    snapshot(w, "turn-02-preview-card");
    tap(w, "Close");
    snapshot(w, "turn-02b-declaring");
    tap(w, "Declare attack");
    assert!(
        shows(w, "attack 0"),
        "the attack is announced: {:?}",
        label_starting(w, "refused")
    );

    // A barrage from non-adjacent artillery [8.1]: the candidate is shaded; tap it.
    let support = label_starting(w, "support ").expect("support for the new attack");
    assert!(
        support.contains("1 artillery unit(s) can fire barrage [8.1]"),
        "{support}"
    );
    let rkt = unit(&t, "Rkt/1 EG");
    let rkt_at = hex_of(&t, rkt).expect("the rocket artillery is on the map");
    t.center_on_hex(rkt_at);
    settle();
    assert!(shows(w, &format!("artillery {}", name_of(&t, rkt_at))));
    tap_hex(&t, w, rkt_at);
    assert!(
        label_starting(w, "attack detail 0").is_some_and(|d| d.contains("1 barrage")),
        "{:?}",
        labels(w, 60)
    );
    snapshot(w, "turn-02c-barrage");
    tap(w, "Declarations done");

    // NATO's final protective fire [8.4]: select the attack, tap the artillery.
    assert!(
        shows(w, "panel NATO: final protective fire"),
        "{:?}",
        labels(w, 40)
    );
    let row = label_starting(w, "attack detail 0").expect("the attack is listed");
    tap(w, &row);
    let ra1_at = hex_of(&t, unit(&t, "RA 1")).expect("RA 1 on the map");
    t.center_on_hex(ra1_at);
    settle();
    assert!(shows(w, &format!("artillery {}", name_of(&t, ra1_at))));
    tap_hex(&t, w, ra1_at);
    assert!(
        label_starting(w, "attack detail 0").is_some_and(|d| d.contains("1 FPF")),
        "{:?} {:?} {:?}",
        label_starting(w, "attack detail 0"),
        label_starting(w, "refused"),
        labels(w, 200)
            .iter()
            .filter(|l| l.contains(&name_of(&t, ra1_at)))
            .collect::<Vec<_>>()
    );
    tap(w, "FPF done");

    // The untried attacker draws its strength [11.0].
    assert!(
        shows(w, "chit Draw from the mechanized"),
        "{:?}",
        labels(w, 40)
    );
    tap(w, "Draw");
    assert!(!t.with_session(|s| s.expect("game").game().is_untried(eg)));

    // The card of the announced attack: totals, shifts, column, what each face does.
    assert!(
        shows(w, "panel Warsaw Pact: resolve attacks"),
        "{:?}",
        labels(w, 40)
    );
    tap(w, "card 0");
    let column = label_starting(w, "final column ").expect("the column");
    assert!(!column.ends_with('?'), "{column}");
    assert_eq!(find_all(w, "face ").len(), 6, "one row per die face");
    snapshot(w, "turn-03-card");
    // Pick the face that makes NATO retreat: a "D<n>" result.
    let picked = find_all(w, "face ")
        .iter()
        .filter_map(|e| e.accessible_label())
        .find_map(|l| {
            let mut parts = l.split(' ').skip(1);
            let face = parts.next()?.to_string();
            let result = parts.next()?;
            let retreat = result.starts_with('D') && result[1..].parse::<u8>().is_ok();
            retreat.then_some(face)
        });
    tap(w, "Resolve: roll the die");

    // The die, typed on the keypad [7.6]: the dialog says what is rolled and shows the faces.
    assert!(
        label_starting(w, "why Combat: 1/1 EG → RA 2").is_some(),
        "{:?}",
        labels(w, 40)
    );
    assert_eq!(find_all(w, "die face ").len(), 6);
    snapshot(w, "turn-04-die");
    let face = picked.clone().unwrap_or_else(|| "6".to_string());
    tap(w, &format!("keypad {face}"));
    let log = t.with_session(|s| {
        s.expect("game")
            .log()
            .iter()
            .map(|e| e.event.to_string())
            .collect::<Vec<_>>()
    });
    assert!(
        log.iter()
            .any(|l| l.contains("[7.6]") && l.contains(&format!("die {face}"))),
        "the log has the roll: {log:?}"
    );

    // NATO retreats [7.7] (or the advance follows [7.9]): choices are shaded on the map.
    let mut retreat_seen = false;
    while let Some(Pending::Choose { player, case, .. }) = pending(&t) {
        snapshot(w, &format!("turn-05-choice-{case}"));
        if player == NATO && case.starts_with("7.7") {
            retreat_seen = true;
            assert!(
                !find_all(w, "choice hex ").is_empty(),
                "retreat hexes on the map: {:?}",
                pending(&t)
            );
        }
        assert!(play_on(&t, w));
    }
    assert!(picked.is_some(), "the card offers a retreat result");
    assert!(retreat_seen, "NATO chose its retreat on the map [7.7]");
    let ra2_now = hex_of(&t, ra2);
    assert!(
        ra2_now.is_none() || ra2_now != Some(hex(&t, "3215")),
        "the defender left 3215 (retreated, or eliminated where it could not)"
    );

    // The rest of the Game-Turn: Warsaw Pact ends combat, NATO's Player-Turn.
    let mut steps = 0;
    while phase(&t).0 == 1 {
        steps += 1;
        assert!(steps < 200, "the turn does not end: {:?}", pending(&t));
        let before = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        assert!(play_on(&t, w), "stuck at {:?}", pending(&t));
        let after = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        if after == before {
            let refusal = label_starting(w, "refused [");
            panic!("a tap did nothing at {:?}: {refusal:?}", pending(&t));
        }
    }
    let (turn, _, _) = phase(&t);
    assert_eq!(turn, 2);
    assert!(shows(w, "Turn 2 of 16 · day"), "{:?}", labels(w, 40));
    snapshot(w, "turn-06-turn-2");
    // Both sides acted by taps only; the Warsaw Pact still holds what it took.
    assert!(t.with_session(|s| s.expect("game").game().units_on_map().any(|(u, _)| u == eg)));
}
