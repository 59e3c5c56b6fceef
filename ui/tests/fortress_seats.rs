//! *Fortress Berlin* with four players round the table (17.2, 17.3.1; issue 12): each player's
//! edge picked by taps on the start screen, and the screen turning to whoever must act — the
//! side's lead role (the Hitler player, Zhukov), or the player whose force was taken in hand.

mod common;

use common::*;
use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::Pending;
use engine::core::seats::TableEdge;
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::players::Role;
use slint::ComponentHandle;
use ui::{AppWindow, Table, UiConfig};

/// A table told it can turn (FemtoVG's `.slint` turn; the testing backend still draws in
/// software), so the turn code sets `View.turn-degrees`.
fn turning_table() -> Table {
    init();
    let data = ui::builtin_data().expect("built-in data");
    let t = Table::new(
        UiConfig {
            seed: Some(12),
            ..UiConfig::default()
        },
        data,
        Box::new(ui::session::MemoryPersist::default()),
        None,
        "femtovg",
    )
    .expect("window");
    t.window()
        .window()
        .set_size(slint::LogicalSize::new(1280.0, 800.0));
    t.window().show().expect("show");
    settle();
    t
}

/// How far the screen is turned, as the edge it faces: 0°, 90°, 180°, 270° (counter-clockwise
/// from the South edge, `TableEdge::degrees`).
fn degrees(w: &AppWindow) -> u16 {
    let turn = w.global::<ui::View>().get_turn_degrees();
    ui::turn::edge_of_clockwise_degrees(turn).degrees()
}

fn pending(t: &Table) -> Pending<engine::fortress::game::Choice> {
    t.with_fortress(|s| Ruleset::pending(s.expect("a game").game()))
}

fn inputs(t: &Table) -> usize {
    t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()))
}

/// Answers rolls, draws and questions, and ends steps (the panel's main button), until `side`
/// gives commands. A unit drawn or arriving that must be placed before the step ends (5.5,
/// 13.7) is taken from the panel's box and put on the first hex its first action offers.
fn until_commands_of(t: &Table, w: &AppWindow, side: Side) {
    let a = w.global::<ui::Actions>();
    for _ in 0..300 {
        let before = inputs(t);
        match pending(t) {
            Pending::Command { player } if player == side => return,
            Pending::Command { .. } => a.invoke_primary(),
            Pending::Roll { .. } => a.invoke_roll(),
            Pending::DrawChit { .. } => a.invoke_draw(),
            Pending::Choose { .. } => a.invoke_choose(0),
            Pending::GameOver => panic!("the game ended"),
        }
        settle();
        if inputs(t) == before {
            place_a_boxed_unit(t, w);
        }
    }
    panic!("{side:?} never gave commands");
}

/// Takes the first counter of the panel's box that is offered an action, and gives that action
/// its first target (a listed one, or the first shaded hex).
fn place_a_boxed_unit(t: &Table, w: &AppWindow) {
    use slint::Model;
    let v = w.global::<ui::View>();
    let a = w.global::<ui::Actions>();
    let tray: Vec<i32> = v.get_offer_tray().iter().map(|r| r.unit).collect();
    let Some(unit) = tray.into_iter().find(|&u| {
        a.invoke_unit_row(u);
        settle();
        v.get_offer_actions().row_count() > 0
    }) else {
        panic!("the step did not end: {:?}", label_starting(w, "refused"));
    };
    let _ = unit;
    a.invoke_offer_action(0);
    settle();
    if let Some(p) = find_all(w, "pick ").first() {
        tap_element(p);
        return;
    }
    let target = v.get_marks().iter().find_map(|m| {
        let l = m.label.to_string();
        ["target hex ", "reach hex "]
            .iter()
            .find_map(|p| l.strip_prefix(p).map(str::to_string))
    });
    let Some(text) = target else { return };
    let h = t
        .with_fortress(|s| s.and_then(|s| s.data().map.geometry.parse(&text)))
        .expect("a hex number");
    t.center_on_hex(h);
    let (x, y) = t.hex_center(h);
    a.invoke_map_tapped(x, y);
    settle();
}

/// A unit of `side` commanded by `role`, on the map (its hex) or in a box of the panel.
fn unit_of(t: &Table, side: Side, role: Role) -> Option<(UnitId, Option<HexId>)> {
    t.with_fortress(|s| {
        let g = s.expect("a game").game();
        let frame = ui::session::present::frame(g, engine::core::side::Viewer::Side(side));
        let on_map = frame.counters.iter().filter(|c| c.hex.is_some());
        let boxed = frame.boxes.iter().flat_map(|b| b.counters.iter());
        on_map
            .chain(boxed)
            .filter(|c| c.side == side && c.role == Some(role.name()))
            // A hex whose force is all this role's (the Germans stack freely, 17.3.1).
            .find(|c| {
                c.hex.is_none_or(|h| {
                    frame
                        .counters
                        .iter()
                        .filter(|o| o.hex == Some(h) && o.side == side)
                        .all(|o| o.role == Some(role.name()))
                })
            })
            .map(|c| (c.unit, c.hex))
    })
}

/// Takes a force of `role` in hand: taps its hex on the map or its row in the panel's box.
fn take(t: &Table, w: &AppWindow, side: Side, role: Role) {
    let (unit, hex) = unit_of(t, side, role).expect("a force of the role");
    match hex {
        Some(h) => {
            t.center_on_hex(h);
            let (x, y) = t.hex_center(h);
            w.global::<ui::Actions>().invoke_map_tapped(x, y);
        }
        None => w.global::<ui::Actions>().invoke_unit_row(i32::from(unit.0)),
    }
    settle();
}

// 17.2, 17.3.1: four players at the four edges of the table; the screen faces 0°, 90°, 180° and
// 270° as the acting player changes.
#[test]
fn fb_17_3_1_four_players_at_four_edges_the_screen_turns_to_whoever_acts() {
    let t = turning_table();
    let w = t.window();
    tap(w, "Fortress Berlin");
    // Two players: the two-sided seats (further down the options), no player rows.
    let rows = || {
        use slint::Model;
        w.global::<ui::View>().get_player_seats().row_count()
    };
    assert_eq!(rows(), 0);
    assert!(label_starting(w, "seat ").is_none());
    tap(w, "players: 4");
    assert_eq!(rows(), 4, "one row per player");
    // Sensible defaults: the Soviets across from the Germans, the others on the side edges.
    for (player, edge) in [
        ("Hitler player", "South"),
        ("Armed Forces player", "West"),
        ("Zhukov (1st Belorussian Front)", "North"),
        ("Koniev (1st Ukrainian Front)", "East"),
    ] {
        let e = find(w, &format!("seat {player}: {edge}")).expect("a seat row");
        assert_eq!(e.accessible_checked(), Some(true), "{player} sits {edge}");
    }
    // The players pick their edges by taps: Hitler South, Koniev East, Zhukov North, the Armed
    // Forces player West (moved away and back).
    tap(w, "seat Armed Forces player: North");
    tap(w, "seat Armed Forces player: West");
    tap(w, "seat Koniev (1st Ukrainian Front): East");
    tap(w, "seat Zhukov (1st Belorussian Front): North");
    tap(w, "seat Hitler player: South");
    snapshot(w, "fortress-four-seats-start");
    tap(w, "Set up");
    let places = t.with_fortress(|s| s.expect("a game").header().places.clone());
    assert_eq!(
        places,
        [
            TableEdge::South,
            TableEdge::West,
            TableEdge::North,
            TableEdge::East
        ],
        "one edge per player in the header"
    );
    // 13.6, 13.0: the Volkssturm draw and the set-up are the Hitler player's: 0°.
    assert_eq!(degrees(w), 0, "the Hitler player draws the Volkssturm");
    while matches!(pending(&t), Pending::DrawChit { .. }) {
        tap(w, "Draw");
    }
    assert_eq!(degrees(w), 0);
    tap(w, "Auto-place");
    tap(w, "Set-up done");
    until_commands_of(&t, w, GERMAN);
    assert_eq!(
        degrees(w),
        0,
        "the German player-turn: the Hitler player leads"
    );
    // The Armed Forces player takes his force in hand: the screen turns to the West edge.
    take(&t, w, GERMAN, Role::ArmedForces);
    assert_eq!(degrees(w), 270, "turned to the Armed Forces player");
    take(&t, w, GERMAN, Role::Hitler);
    assert_eq!(degrees(w), 0, "back to the Hitler player");
    // 17.2: the Soviet player-turn: Zhukov leads, across the table.
    until_commands_of(&t, w, SOVIET);
    assert_eq!(degrees(w), 180, "Zhukov leads the Soviets");
    // Koniev's forces: the screen turns to the East edge. His armies may arrive later.
    for _ in 0..6 {
        if unit_of(&t, SOVIET, Role::Koniev).is_some() {
            break;
        }
        until_commands_of(&t, w, GERMAN);
        until_commands_of(&t, w, SOVIET);
    }
    take(&t, w, SOVIET, Role::Koniev);
    assert_eq!(degrees(w), 90, "turned to Koniev");
    // The German player-turn again: the Hitler player, then the Armed Forces player.
    until_commands_of(&t, w, GERMAN);
    assert_eq!(degrees(w), 0, "the Hitler player leads again");
    take(&t, w, GERMAN, Role::ArmedForces);
    assert_eq!(degrees(w), 270);
}
