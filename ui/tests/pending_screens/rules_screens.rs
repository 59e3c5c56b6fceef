//! The screens of the rules that interrupt play: the U-Bahn [15.0], airlanding [13.2], the paradrop [18.0], the exit [21.35], bridge demolition [12.0] and the secret emergency-reinforcement roll [17.0].

use super::*;

// ---- 1. U-Bahn [15.0] ------------------------------------------------------------------

/// Selects `name` by tapping its hex and taps `to`; returns the unit.
fn select_and_tap(t: &Table, w: &AppWindow, name: &str, to: HexId) -> UnitId {
    let u = unit(t, name);
    tap_hex(t, w, hex_of(t, u).expect("on the map"));
    assert!(shows(w, &format!("selected {name}")), "{:?}", labels(w, 60));
    t.center_on_hex(to);
    settle();
    let to_name = name_of(t, to);
    assert!(
        shows(w, &format!("reach hex {to_name}")),
        "{to_name} is shaded as reachable"
    );
    tap_hex(t, w, to);
    u
}

#[test]
fn ubahn_15_0_the_screen_asks_and_the_unit_goes_underground() {
    // Werewolf, Game-Turn 1: the East Berlin police Friedrichshain at 1422 reaches 1220
    // cheapest by U-Bahn.
    let s = set_up(header("werewolf", Randomness::Digital, Seats::Same));
    let t = resumed(&s);
    let w = t.window();
    let to = hex(&t, "1220");
    let u = select_and_tap(&t, w, "Friedrichshain (EB)", to);
    let q = label_starting(w, "question ").expect("the U-Bahn question is asked");
    assert!(
        q.contains("To 1220") && q.contains("by U-Bahn") && q.contains("[15.0]"),
        "{q}"
    );
    assert!(shows(w, "Above ground") && shows(w, "By U-Bahn"));
    assert_eq!(
        hex_of(&t, u).map(|h| name_of(&t, h)).as_deref(),
        Some("1422"),
        "not moved before the answer"
    );
    snapshot(w, "pending-15-ubahn-question");
    tap(w, "By U-Bahn");
    assert_eq!(hex_of(&t, u), Some(to), "{:?}", pending(&t));
    assert!(
        label_starting(w, "question ").is_none(),
        "the question is answered"
    );
    let log = log_on_screen(w);
    let moved = log
        .first()
        .expect("the event log shows lines, newest first");
    assert!(
        moved.starts_with("log [5.0]") && moved.contains("1422 to 1220"),
        "the log tells the move: {moved}"
    );
    let underground = t.with_session(|s| {
        let g = s.expect("game").game();
        g.state.movement.in_hand == Some(u) && g.state.movement.in_hand_underground
    });
    assert!(underground, "it is still underground, in hand [15.0]");
}

// ---- 2. Airlanding [13.2] and 3. paradrop [18.0] ----------------------------------------

/// The Warsaw Pact's Movement Phase of Game-Turn 1 of Operation Unity, with the Soviet 103rd
/// Guards Parachute Division in the arrivals tray [21.1].
fn unity_turn_1(dice: Randomness) -> Table {
    resumed(&set_up(header("unity", dice, Seats::Same)))
}

#[test]
fn airlanding_13_2_a_paratroop_lands_on_an_airfield_from_the_tray() {
    let t = unity_turn_1(Randomness::Digital);
    let w = t.window();
    assert!(
        shows(w, "panel Warsaw Pact: Movement"),
        "{:?}",
        labels(w, 40)
    );
    assert!(
        shows(w, "Reinforcements [13.0]"),
        "the arrivals tray is shown"
    );
    let u = unit(&t, "1/103 G");
    tap(w, "arrive 1/103 G");
    let hint = label_starting(w, "hint ").expect("a hint");
    assert!(
        hint.contains("1/103 G") && hint.contains("airland [13.2]") && hint.contains("[18.0]"),
        "{hint}"
    );
    let to = hex(&t, "3225");
    t.center_on_hex(to);
    settle();
    assert!(shows(w, "airland hex 3225"), "the airfield is shaded green");
    assert!(
        !find_all(w, "drop hex ").is_empty(),
        "drop hexes are shaded"
    );
    snapshot(w, "pending-13-airland-choices");
    tap_hex(&t, w, to);
    assert_eq!(
        hex_of(&t, u),
        Some(to),
        "{:?}",
        label_starting(w, "refused")
    );
    assert!(!shows(w, "arrive 1/103 G"), "it left the tray");
    assert!(shows(w, "selected 1/103 G"), "and may move on");
    let log = log_on_screen(w);
    assert!(
        log.first().is_some_and(|l| l.starts_with("log [13.2")
            && l.contains("1/103 G")
            && l.contains("3225")),
        "{:?}",
        &log[..log.len().min(3)]
    );
}

#[test]
fn paradrop_18_0_plotted_by_taps_then_survival_and_scatter_rolled_on_the_keypad() {
    let t = unity_turn_1(Randomness::Physical);
    let w = t.window();
    let u = unit(&t, "2/103 G");
    tap(w, "arrive 2/103 G");
    // A drop hex that is not an airfield, clear of units and of their neighbours.
    let target = t.with_session(|s| {
        let g = s.expect("game").game();
        let geo = &g.data.map.geometry;
        let land = ui::ask::airland_hexes(g, u);
        ui::ask::paradrop_hexes(g, u)
            .into_iter()
            .filter(|h| !land.contains(h))
            .find(|&h| {
                g.unit_at(h).is_none()
                    && geo.neighbours(h).all(|(_, n)| g.unit_at(n).is_none())
                    && geo.neighbours(h).count() == 6
                    && (-5..=0).contains(&g.survival_modifier(h))
            })
            .expect("a quiet drop hex")
    });
    let name = name_of(&t, target);
    t.center_on_hex(target);
    settle();
    assert!(shows(w, &format!("drop hex {name}")), "shaded yellow");
    tap_hex(&t, w, target);
    assert_eq!(hex_of(&t, u), None, "plotted, not yet on the map");
    let plotted = t.with_session(|s| {
        let g = s.expect("game").game();
        g.state
            .movement
            .drops
            .iter()
            .any(|d| d.unit == u && d.hex == target)
    });
    assert!(plotted, "{:?}", label_starting(w, "refused"));
    tap(w, "End movement");

    // The Survival roll [18.5]: two dice typed on the keypad; the sum is made a scatter (3).
    let modifier = t.with_session(|s| s.expect("game").game().survival_modifier(target));
    assert!(shows(w, "dice Roll 2d6"), "{:?}", labels(w, 40));
    let why = label_starting(w, "why ").expect("what the roll is for");
    assert!(
        why.contains("paradrop survival: 2/103 G dropping on")
            && why.contains(&name)
            && why.contains(&format!("modifier {modifier:+} [18.6]")),
        "the dialog says who drops where, and the modifier: {why}"
    );
    assert!(shows(w, "rule 18.5"), "the case is on the dialog");
    snapshot(w, "pending-18-survival");
    let total = 3 - i16::from(modifier);
    let (a, b) = (total / 2, total - total / 2);
    tap(w, &format!("keypad {a}"));
    tap(w, &format!("keypad {b}"));
    let log = log_lines(&t);
    assert!(
        log.iter()
            .any(|l| l.starts_with("[18.5]") && l.contains(&name) && l.contains("modified to 3")),
        "{:?}",
        &log[log.len().saturating_sub(3)..]
    );

    // The Scatter roll [18.1]: one die.
    assert!(shows(w, "dice Roll 1d6"), "{:?}", labels(w, 40));
    assert!(shows(w, "rule 18.1"));
    let why = label_starting(w, "why ").expect("what the roll is for");
    assert!(why.contains("scatter: 2/103 G dropping on"), "{why}");
    tap(w, "keypad 1");
    let log = log_lines(&t);
    let scattered = log
        .iter()
        .rev()
        .find(|l| l.starts_with("[18.1]"))
        .expect("the scatter is logged");
    let landed = hex_of(&t, u).expect("it landed");
    assert_ne!(landed, target);
    assert!(scattered.contains(&name_of(&t, landed)), "{scattered}");
    assert!(
        t.with_session(|s| s.expect("game").game().hex_of(u).is_some()),
        "on the map"
    );
    assert!(shows(
        w,
        &format!("unit 2/103 G in {}", name_of(&t, landed))
    ));
}

// ---- 4. Exit off the map [21.35] 3 -----------------------------------------------------------

#[test]
fn exit_21_35_nato_leaves_the_map_in_medicine_wheel() {
    let mut s = set_up(header("medicine_wheel", Randomness::Physical, Seats::Same));
    skip_until(&mut s, |s| {
        let g = s.game();
        g.state.phase == Phase::Movement && g.state.phasing == NATO
    });
    let t = resumed(&s);
    let w = t.window();
    assert!(shows(w, "panel NATO: Movement"), "{:?}", labels(w, 40));
    let edge = hex(&t, "1301");
    let u = select_and_tap(&t, w, "RA 1", edge);
    assert_eq!(
        hex_of(&t, u),
        Some(edge),
        "{:?}",
        label_starting(w, "refused")
    );
    assert!(shows(w, "Leave the map"), "{:?}", labels(w, 60));
    snapshot(w, "pending-21-35-exit");
    tap(w, "Leave the map");
    assert_eq!(hex_of(&t, u), None, "{:?}", label_starting(w, "refused"));
    assert!(!shows(w, "unit RA 1 in 1301"), "the counter is gone");
    let log = log_on_screen(w);
    let exit = log
        .first()
        .expect("the event log shows lines, newest first");
    assert!(
        exit.starts_with("log [21.35]") && exit.contains("RA 1"),
        "{exit}"
    );
}

// ---- 6. Bridge demolition [12.0] during a move ----------------------------------------------

#[test]
fn bridge_demolition_12_0_interrupts_a_move_and_nato_answers_on_screen() {
    // Werewolf, Game-Turn 1: the Soviet 6/6 G goes by U-Bahn from 1326 towards 1521; on
    // entering 1421, a West Berlin hex with a bridge side, the move stops for NATO [12.0].
    let s = set_up(header("werewolf", Randomness::Physical, Seats::Same));
    let t = resumed(&s);
    let w = t.window();
    let to = hex(&t, "1521");
    let u = select_and_tap(&t, w, "6/6 G", to);
    tap(w, "By U-Bahn");
    let stopped = hex(&t, "1421");
    assert_eq!(hex_of(&t, u), Some(stopped), "the move is interrupted");
    assert!(
        shows(w, "panel NATO: demolish the bridge"),
        "{:?}",
        labels(w, 40)
    );
    assert!(shows(w, "rule 12.0"));
    let hint = label_starting(w, "hint ").expect("a hint");
    assert!(
        hint.contains("About the bridge between") && hint.contains("1421"),
        "which bridge: {hint}"
    );
    assert!(shows(w, "option Yes") && shows(w, "option No"));
    let log = log_lines(&t);
    assert!(
        log.iter()
            .any(|l| l.starts_with("[12.0]") && l.contains("1421")),
        "{:?}",
        &log[log.len().saturating_sub(3)..]
    );
    snapshot(w, "pending-12-demolish");
    tap(w, "option Yes");
    // NATO rolls: 1-3 blows the bridge.
    assert!(shows(w, "dice Roll 1d6"), "{:?}", labels(w, 40));
    let why = label_starting(w, "why ").expect("what the roll is for");
    assert!(
        why.contains("Demolish the bridge between") && why.contains("1421"),
        "{why}"
    );
    tap(w, "keypad 2");
    let blown = t.with_session(|s| !s.expect("game").game().state.blown_bridges.is_empty());
    assert!(blown, "the bridge is blown");
    let log = log_lines(&t);
    assert!(
        log.iter().rev().take(3).any(|l| l.starts_with("[12.0]")),
        "{:?}",
        &log[log.len().saturating_sub(3)..]
    );
    // Back to the Warsaw Pact, the unit still in hand.
    assert!(
        shows(w, "panel Warsaw Pact: Movement"),
        "{:?}",
        labels(w, 40)
    );
}

// ---- 5. The secret emergency-reinforcement roll [17.0] --------------------------------------

/// Presses (and holds) the middle of `e`; returns the point for the release.
fn press(w: &AppWindow, e: &i_slint_backend_testing::ElementHandle) -> slint::LogicalPosition {
    use slint::platform::{PointerEventButton, WindowEvent};
    let (p, s) = (e.absolute_position(), e.size());
    let position = slint::LogicalPosition::new(p.x + s.width / 2.0, p.y + s.height / 2.0);
    w.window()
        .dispatch_event(WindowEvent::PointerMoved { position });
    w.window().dispatch_event(WindowEvent::PointerPressed {
        position,
        button: PointerEventButton::Left,
    });
    settle();
    position
}

fn release(w: &AppWindow, position: slint::LogicalPosition) {
    use slint::platform::{PointerEventButton, WindowEvent};
    w.window().dispatch_event(WindowEvent::PointerReleased {
        position,
        button: PointerEventButton::Left,
    });
    w.window().dispatch_event(WindowEvent::PointerExited);
    settle();
}

#[test]
fn emergency_reinforcements_17_0_secret_roll_is_shown_only_while_held() {
    secret_roll(1280.0, 800.0, "");
}

/// The same on the 7" panel: the dialog, the hold area and Done fit.
#[test]
fn emergency_reinforcements_17_0_secret_roll_on_the_800x480_panel() {
    secret_roll(800.0, 480.0, "800-");
}

fn secret_roll(width: f32, height: f32, prefix: &str) {
    // Operation Unity, start of Game-Turn 2: NATO is offered the roll [17.0].
    let mut s = set_up(header("unity", Randomness::Digital, Seats::Same));
    skip_until(&mut s, |s| {
        matches!(s.pending(), Pending::Choose { case: "17.0", .. })
    });
    let t = table_at(&s, width, height, "software");
    let w = t.window();
    let snapshot = |w: &AppWindow, name: &str| snapshot(w, &format!("{prefix}{name}"));
    assert!(
        shows(w, "panel NATO: roll for emergency reinforcements?"),
        "{:?}",
        labels(w, 40)
    );
    assert!(shows(w, "rule 17.0"));
    tap(w, "option Yes");
    // The dice dialog says the roll is secret and who may look.
    assert!(shows(w, "dice Roll 2d6"), "{:?}", labels(w, 40));
    assert!(label_starting(w, "why ").is_some_and(|l| l.contains("secret")));
    assert!(shows(
        w,
        "NATO rolls secretly: the other player looks away."
    ));
    snapshot(w, "pending-17-secret-dialog");
    tap(w, "Roll secretly");
    // The result: known to the table's model, hidden on screen until held.
    let secret = w.global::<View>().get_secret_text().to_string();
    let total = secret.lines().next().expect("the dice first").to_string();
    assert!(
        total.starts_with("Rolled ") && total.contains(" = "),
        "{secret}"
    );
    assert!(secret.contains("[17"), "the result with its case: {secret}");
    let hold = find(w, "hold to reveal").expect("a hold-to-reveal area");
    assert!(
        !on_screen_containing(w, &total),
        "the roll is not on screen before the hold"
    );
    assert!(shows(w, "Hold to reveal"));
    snapshot(w, "pending-17-secret-hidden");
    let at = press(w, &hold);
    assert!(
        on_screen_containing(w, &total),
        "held: the roll is shown to NATO: {:?}",
        labels(w, 30)
    );
    snapshot(w, "pending-17-secret-held");
    release(w, at);
    assert!(!on_screen_containing(w, &total), "hidden again on release");
    tap(w, "Done");
    assert!(find(w, "hold to reveal").is_none());
    // The event log keeps the secret line behind hold-to-reveal too.
    let result = secret.lines().nth(1).unwrap_or_default().to_string();
    tap(w, "event log");
    assert!(
        shows(w, "secret roll: hold to reveal"),
        "{:?}",
        labels(w, 40)
    );
    assert!(
        !result.is_empty() && !on_screen_containing(w, &result),
        "{result}"
    );
    w.global::<View>().set_log_visible(false);
    settle();
}
