//! Every engine `Pending` of Berlin '85 has a screen: each kind of request is answered by
//! simulated taps on the real screens (Slint testing backend), and a whole game is played to
//! the victory screen by taps alone.
//!
//! A situation is reached by replaying a journal of engine inputs (a saved game resumed at
//! start-up), built here with the engine's own answers: set-up by the table's auto-place,
//! then the least that gets there (end the phase, no attacks unless owed). The engine is read
//! only to know where things are; every input of the thing under test goes through a tap.

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

/// Is any element on screen labelled with text containing `needle`?
fn on_screen_containing(w: &AppWindow, needle: &str) -> bool {
    find_all(w, "")
        .iter()
        .filter_map(|e| e.accessible_label())
        .any(|l| l.contains(needle))
}

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

// ---- 9. A whole game by taps --------------------------------------------------------------

/// What a pending is, for the tally: its kind, case and purpose (or phase and step).
fn kind_of(t: &Table) -> String {
    let (_, ph, step) = phase(t);
    match pending(t).expect("a game") {
        Pending::Roll { case, purpose, .. } => format!("Roll [{case}] {purpose}"),
        Pending::DrawChit { case, cup, .. } => format!("DrawChit [{case}] {cup}"),
        Pending::Choose { case, purpose, .. } => format!("Choose [{case}] {purpose}"),
        Pending::Command { .. } => match step {
            Some(s) => format!("Command {ph:?} {s:?}"),
            None => format!("Command {ph:?}"),
        },
        Pending::GameOver => "GameOver".to_string(),
    }
}

/// Taps `label`, first checking that the screen offers it for `what`.
fn offer(w: &AppWindow, label: &str, what: &str) {
    assert!(
        shows(w, label),
        "no '{label}' on screen for {what}: {:?}",
        labels(w, 60)
    );
    tap(w, label);
}

/// Answers whatever the game waits for through the screen, and only through it: the die by
/// the Roll button or the keypad (faces 6), chits by Draw, a choice by its first hex on the
/// map or its first option, the owed attacks of the Combat Phase [7.11] by tapping the units,
/// every step closed by its button. Panics when the screen offers nothing to tap for the
/// pending. Tallies what was answered in `counts`.
fn answer(t: &Table, w: &AppWindow, counts: &mut BTreeMap<String, usize>) {
    // A secret result on screen: its player has looked; Done hands the table back.
    if w.global::<View>().get_secret_visible() {
        offer(w, "Done", "a secret result");
        return;
    }
    let what = kind_of(t);
    *counts.entry(what.clone()).or_default() += 1;
    let Some(p) = pending(t) else { return };
    match p {
        Pending::Roll { secret, dice, .. } => {
            if shows(w, "keypad 6") {
                for _ in 0..dice.count {
                    tap(w, "keypad 6");
                }
            } else {
                offer(w, if secret { "Roll secretly" } else { "Roll" }, &what);
            }
        }
        Pending::DrawChit { chits, .. } => {
            if shows(w, "Draw") {
                tap(w, "Draw");
            } else {
                // Physical chits: the one drawn from the real cup is tapped in the list.
                let label = match chits.first() {
                    Some(Choice::Strength { attack, defense }) => format!("{attack}-{defense}"),
                    other => panic!("a chit that is not a strength: {other:?}"),
                };
                let chit = find_all(w, &label)
                    .into_iter()
                    .rfind(|e| e.accessible_label().is_some_and(|l| l == label.as_str()))
                    .unwrap_or_else(|| panic!("no chit {label} to pick: {:?}", labels(w, 60)));
                tap_element(&chit);
            }
        }
        Pending::Choose { options, .. } => {
            let on_map = options.iter().find_map(|o| match o {
                Choice::Hex(h) => Some(*h),
                _ => None,
            });
            match on_map {
                Some(h) => {
                    t.center_on_hex(h);
                    settle();
                    let name = name_of(t, h);
                    assert!(
                        shows(w, &format!("choice hex {name}")),
                        "the choice {name} is marked on the map for {what}"
                    );
                    tap_hex(t, w, h);
                }
                None => {
                    let first = label_starting(w, "option ")
                        .unwrap_or_else(|| panic!("no option listed for {what}"));
                    tap(w, &first);
                }
            }
        }
        Pending::Command { player } => {
            let (_, ph, step) = phase(t);
            match (ph, step) {
                (Phase::Setup, _) => {
                    if shows(w, "Auto-place") {
                        tap(w, "Auto-place");
                    }
                    offer(w, "Done", &what);
                }
                (Phase::Movement, _) => {
                    // NATO's emergency reinforcements must land while an airfield can take
                    // them [13.11]: once End movement is refused for it, land one by taps.
                    if label_starting(w, "refused [13.11]").is_some() {
                        if let Some(arrive) = label_starting(w, "arrive ") {
                            let u = unit(t, arrive.trim_start_matches("arrive "));
                            let hex = t.with_session(|s| {
                                ui::ask::airland_hexes(s?.game(), u).into_iter().next()
                            });
                            if let Some(h) = hex {
                                tap(w, &arrive);
                                t.center_on_hex(h);
                                settle();
                                tap(w, &format!("airland hex {}", name_of(t, h)));
                                *counts
                                    .entry("Command Movement (airland [13.11])".into())
                                    .or_default() += 1;
                                return;
                            }
                        }
                    }
                    offer(w, "End movement", &what)
                }
                (Phase::Combat, Some(CombatStep::Declare)) => {
                    let plan = t.with_session(|s| {
                        let g = s?.game();
                        let (a, d) = owed_attack(g, player)?;
                        let hexes = |us: &[UnitId]| -> Vec<HexId> {
                            us.iter().filter_map(|&u| g.hex_of(u)).collect()
                        };
                        Some((hexes(&a), hexes(&d)))
                    });
                    match plan {
                        Some((attackers, defenders)) => {
                            for h in attackers.into_iter().chain(defenders) {
                                tap_hex(t, w, h);
                            }
                            offer(w, "Declare attack", &what);
                        }
                        None if shows(w, "End combat") => tap(w, "End combat"),
                        None => offer(w, "Declarations done", &what),
                    }
                }
                (Phase::Combat, Some(CombatStep::Fpf)) => offer(w, "FPF done", &what),
                (Phase::Combat, Some(CombatStep::Resolve)) => {
                    let next = label_starting(w, "resolve attack ")
                        .unwrap_or_else(|| panic!("no attack to resolve: {:?}", labels(w, 60)));
                    tap(w, &next);
                }
                (Phase::Combat, Some(CombatStep::Done)) => offer(w, "End combat", &what),
                _ => panic!("no screen for {what}: {:?}", labels(w, 60)),
            }
        }
        Pending::GameOver => {}
    }
}

/// In the Movement Phase, moves one unit of the phasing player next to an enemy unit by
/// tapping it and a shaded hex (above ground, so no U-Bahn question), so that the Combat
/// Phase has attacks to declare, fire, resolve and retreat from. False when none can.
fn move_into_contact(t: &Table, w: &AppWindow) -> bool {
    let plan = t.with_session(|s| {
        let s = s?;
        let g = s.game();
        let geo = &g.data.map.geometry;
        let side = match s.pending() {
            Pending::Command { player } if g.state.phase == Phase::Movement => player,
            _ => return None,
        };
        let mine: Vec<(UnitId, HexId)> = g
            .units_on_map()
            .filter(|&(u, _)| g.side_of(u) == side && g.may_move(u).is_ok())
            .filter(|&(u, _)| g.def(u).kind != engine::core::units::UnitKind::Artillery)
            .collect();
        mine.into_iter().find_map(|(u, from)| {
            let next_to_enemy = |h: HexId| {
                geo.neighbours(h)
                    .filter_map(|(_, n)| g.unit_at(n))
                    .any(|e| g.side_of(e) != side)
            };
            if next_to_enemy(from) {
                return None;
            }
            let to = ui::ask::reachable(g, u)
                .ok()?
                .into_iter()
                .find(|r| !r.underground && next_to_enemy(r.hex))?
                .hex;
            Some((from, to))
        })
    });
    let Some((from, to)) = plan else { return false };
    tap_hex(t, w, from);
    tap_hex(t, w, to);
    true
}

/// Plays `scenario` from the start screen to the victory screen by taps only; returns the
/// tally of pendings answered.
fn whole_game(scenario: &str, seed: u64, physical: bool) -> BTreeMap<String, usize> {
    let started = std::time::Instant::now();
    let randomness = if physical {
        Randomness::Physical
    } else {
        Randomness::Digital
    };
    let (t, _persist) = table(
        1280.0,
        800.0,
        UiConfig {
            seed: Some(seed),
            seats: Seats::Same,
            scenario: Some(scenario.into()),
            dice: randomness,
            chits: randomness,
            ..UiConfig::default()
        },
    );
    let w = t.window();
    tap(w, "Set up");
    let mut counts = BTreeMap::new();
    let mut contact: BTreeMap<(u8, Option<usize>), u8> = BTreeMap::new();
    let (mut steps, mut idle) = (0, 0);
    while !matches!(pending(&t), Some(Pending::GameOver)) {
        steps += 1;
        assert!(steps < 4000, "the game does not end: {:?}", pending(&t));
        let before = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        let secret = w.global::<View>().get_secret_visible();
        // Up to three Warsaw Pact moves into contact in each of the first two Game-Turns (the attacks
        // owed from there on keep the Combat Phases busy), then whatever is pending.
        let (turn, ph, _) = phase(&t);
        let side = t.with_session(|s| s.map(|s| s.game().state.phasing));
        let here = (turn, side.map(|s| s.index()));
        let first = t.with_session(|s| s.map_or(1, |s| s.game().scenario().start_turn));
        let early = turn < first + 2 && side == Some(engine::berlin85::WARSAW_PACT);
        let tries = contact.get(&here).copied().unwrap_or(0);
        if ph == Phase::Movement
            && early
            && tries < 3
            && !secret
            && kind_of(&t) == "Command Movement"
        {
            *contact.entry(here).or_default() += 1;
            if move_into_contact(&t, w) {
                *counts
                    .entry("Command Movement (a move)".into())
                    .or_default() += 1;
                continue;
            }
        }
        answer(&t, w, &mut counts);
        let after = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        idle = if after == before && !secret {
            idle + 1
        } else {
            0
        };
        if idle > 3 {
            snapshot(w, "pending-stuck");
            panic!(
                "taps do nothing at {}: {:?} {:?}",
                kind_of(&t),
                label_starting(w, "refused ["),
                labels(w, 80)
            );
        }
    }
    // The victory screen with its breakdown [20.0].
    let title = label_starting(w, "victory ").expect("the victory screen");
    snapshot(w, &format!("pending-victory-{scenario}"));
    assert!(
        on_screen_containing(w, "Surrender Points [19.4]"),
        "{title}: {:?}",
        labels(w, 60)
    );
    let (vp_label, vp_value, lines) = t.with_session(|s| {
        let g = s.expect("game").game();
        let o = ui::ask::public_view(g).outcome.expect("an outcome");
        let lines: Vec<String> = o.lines.iter().map(|l| l.label.to_string()).collect();
        (
            format!("{}: {:?}", o.level, o.ending),
            o.wp_vp_halves,
            lines,
        )
    });
    assert!(title.contains(vp_label.split(':').next().unwrap_or_default()));
    assert!(on_screen_containing(w, "Warsaw Pact Victory Points"));
    for l in &lines {
        assert!(on_screen_containing(w, l), "the breakdown shows '{l}'");
    }
    println!(
        "{scenario}: {title} after {steps} answers in {:?}; {vp_label} {vp_value}",
        started.elapsed()
    );
    for (k, n) in &counts {
        println!("  {n:4} × {k}");
    }
    counts
}

#[test]
fn a_whole_game_of_operation_unity_to_the_victory_screen_20_0_by_taps_only() {
    let counts = whole_game("unity", 85, false);
    for kind in [
        "Roll [",
        "Choose [17.0]",
        "Command Movement",
        "Command Combat",
    ] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}

#[test]
fn a_whole_game_of_medicine_wheel_to_the_victory_screen_21_36_by_taps_only() {
    let counts = whole_game("medicine_wheel", 85, false);
    for kind in ["Roll [21.33]", "Command Movement", "Command Combat"] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}

/// Werewolf with physical dice and chits: every die typed on the keypad (faces 6), every
/// chit picked from the list of the cup's chits.
#[test]
fn a_whole_game_of_werewolf_to_the_victory_screen_21_2_by_taps_only() {
    let counts = whole_game("werewolf", 85, true);
    for kind in [
        "Command Movement",
        "Command Combat",
        "DrawChit [11.0]",
        "Roll [7.6]",
    ] {
        assert!(
            counts.keys().any(|k| k.starts_with(kind)),
            "{kind} was answered on screen: {counts:?}"
        );
    }
}
