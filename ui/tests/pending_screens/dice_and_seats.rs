//! Dice by keypad, Roll button and dice-tower key [21.33], and seats opposite turning the screen to whoever must act [8.4], [7.7].

use super::whole_games::answer;
use super::*;

// ---- 7. Dice: keypad, Roll button, dice-tower key [4.0] -------------------------------------

/// Medicine Wheel opens each Game-Turn with the Warsaw Pact's air-point die [21.33].
fn air_roll_table(dice: Randomness) -> Table {
    let s = set_up(header("medicine_wheel", dice, Seats::Same));
    assert!(matches!(s.pending(), Pending::Roll { case: "21.33", .. }));
    let t = resumed(&s);
    let w = t.window();
    assert!(shows(w, "dice Roll 1d6"), "{:?}", labels(w, 40));
    assert!(label_starting(w, "why ").is_some_and(|l| l.contains("Warsaw Pact air points")));
    assert!(shows(w, "rule 21.33"), "the dialog cites the case");
    t
}

fn air_roll_logged(t: &Table) -> String {
    let log = log_lines(t);
    let line = log
        .iter()
        .rev()
        .find(|l| l.starts_with("[21.33]"))
        .cloned()
        .expect("the roll is logged with its case");
    assert!(pending(t).is_some_and(|p| !matches!(p, Pending::Roll { case: "21.33", .. })));
    line
}

#[test]
fn dice_21_33_typed_on_the_keypad() {
    let t = air_roll_table(Randomness::Physical);
    let w = t.window();
    assert!(!shows(w, "Roll"), "physical dice: no Roll button");
    assert_eq!(find_all(w, "keypad ").len(), 6, "a key per face");
    snapshot(w, "pending-dice-keypad");
    tap(w, "keypad 4");
    assert!(air_roll_logged(&t).contains("rolls 4 air points"));
    assert!(!shows(w, "dice Roll 1d6"), "the dialog closed");
}

#[test]
fn dice_21_33_rolled_by_the_roll_button() {
    let t = air_roll_table(Randomness::Digital);
    let w = t.window();
    assert!(find_all(w, "keypad ").is_empty(), "digital dice: no keypad");
    snapshot(w, "pending-dice-roll-button");
    tap(w, "Roll");
    let line = air_roll_logged(&t);
    assert!(
        shows(w, &format!("toast {line}")),
        "the result is shown: {:?}",
        label_starting(w, "toast")
    );
}

#[test]
fn dice_21_33_rolled_by_the_dice_tower_key() {
    use slint::platform::WindowEvent;
    let t = air_roll_table(Randomness::Digital);
    let w = t.window();
    // The keyboard stands in for the dice-tower button: R.
    w.window()
        .dispatch_event(WindowEvent::KeyPressed { text: "r".into() });
    w.window()
        .dispatch_event(WindowEvent::KeyReleased { text: "r".into() });
    settle();
    air_roll_logged(&t);
    assert!(!shows(w, "dice Roll 1d6"), "the dialog closed");
}

#[test]
fn dice_21_33_physical_die_face_by_its_key() {
    use slint::platform::WindowEvent;
    let t = air_roll_table(Randomness::Physical);
    let w = t.window();
    // A digit key stands in for the table's die-face buttons (physical dice).
    w.window()
        .dispatch_event(WindowEvent::KeyPressed { text: "5".into() });
    w.window()
        .dispatch_event(WindowEvent::KeyReleased { text: "5".into() });
    settle();
    assert!(air_roll_logged(&t).contains("rolls 5 air points"));
}

// ---- 8. Seats opposite: the screen turns to whoever must act [8.4], [7.7] -------------------

#[test]
fn seats_opposite_8_4_and_7_7_the_screen_turns_to_nato_for_fpf_and_retreat_and_back() {
    // Operation Unity, Game-Turn 1: 1/1 EG has crossed to 3315 and attacks the British RA 2
    // at 3215 (as in game_turn.rs); declarations are about to close.
    let mut s = set_up(header("unity", Randomness::Physical, Seats::Opposite));
    let g = s.game();
    let find = |name: &str| {
        g.data
            .roster
            .ids()
            .find(|&u| g.def(u).name.as_str() == name)
            .expect("unit")
    };
    let (eg, ra2) = (find("1/1 EG"), find("RA 2"));
    let to = g.data.map.geometry.parse("3315").expect("hex");
    for c in [
        Command::Move {
            unit: eg,
            to,
            underground: false,
        },
        Command::EndMovement,
        Command::Declare {
            attackers: [eg].into_iter().collect(),
            defenders: [ra2].into_iter().collect(),
        },
    ] {
        s.apply(Input::Command(c)).expect("accepted");
    }
    // The table is told it can turn (FemtoVG); the testing backend still draws in software.
    let t = table_at(&s, 1280.0, 800.0, "femtovg");
    let w = t.window();
    assert!(
        shows(w, "panel Warsaw Pact: declare attacks"),
        "{:?}",
        labels(w, 40)
    );
    assert!(
        !rotated(w),
        "the Warsaw Pact acts: the screen faces its seat"
    );
    tap(w, "Declarations done");

    // NATO's final protective fire [8.4]: the whole screen turns 180°.
    assert!(
        shows(w, "panel NATO: final protective fire"),
        "{:?}",
        labels(w, 40)
    );
    assert!(rotated(w), "turned to NATO for FPF");
    snapshot(w, "pending-seats-fpf-turned");
    tap(w, "FPF done");
    assert!(!rotated(w), "back to the Warsaw Pact: {:?}", pending(&t));

    // The untried attacker's chit [11.0], then the attack resolved with a retreat result.
    if shows(w, "Draw") {
        tap(w, "Draw");
    }
    assert!(!rotated(w));
    tap(w, "resolve attack 0");
    let retreat_face = find_all(w, "die face ")
        .iter()
        .filter_map(|e| e.accessible_label())
        .find_map(|l| {
            let mut parts = l.split(' ').skip(2);
            let face = parts.next()?.to_string();
            let result = parts.next()?;
            (result.starts_with('D') && result[1..].parse::<u8>().is_ok()).then_some(face)
        })
        .expect("a face that makes NATO retreat");
    tap(w, &format!("keypad {retreat_face}"));
    let mut retreat_seen = false;
    let mut steps = 0;
    while let Some(Pending::Choose { player, case, .. }) = pending(&t) {
        steps += 1;
        assert!(steps < 20);
        assert_eq!(rotated(w), player == NATO, "faces the chooser at [{case}]");
        if player == NATO && case.starts_with("7.7") {
            retreat_seen = true;
            assert!(shows(w, &format!("rule {case}")), "{:?}", labels(w, 40));
            let hint = label_starting(w, "hint ").expect("a hint");
            let at = name_of(&t, hex_of(&t, ra2).expect("RA 2 on the map"));
            assert!(
                hint.contains(&format!("RA 2 in {at}")),
                "who retreats: {hint}"
            );
            assert!(
                shows(w, &format!("subject hex {at}")),
                "and it is marked on the map"
            );
            snapshot(w, "pending-seats-retreat-turned");
        }
        answer(&t, w, &mut BTreeMap::new());
    }
    assert!(retreat_seen, "NATO chose its retreat [7.7]");
    assert!(!rotated(w), "back to the Warsaw Pact: {:?}", pending(&t));
    assert_ne!(hex_of(&t, ra2), Some(hex(&t, "3215")), "RA 2 retreated");
}
