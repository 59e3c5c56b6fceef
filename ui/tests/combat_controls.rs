//! The combat and set-up controls beyond the basic turn, each played by taps on the real
//! screens: withdrawing an announced attack [7.0], every air point at once [9.0], a barrage
//! on an empty hex [8.16], NATO's rail interdiction [20.22], withholding a division [20.21]
//! and taking a placed unit back to the pool [3.0].
//!
//! A game is brought to the situation under test by the workspace's random legal-input agent
//! (engine only, no screen) and resumed on the table as a saved game would be; from there
//! every input of the thing under test goes through a tap.

mod common;

use common::*;
use engine::berlin85::combat::CombatStep;
use engine::berlin85::{Command, Game, Options, Phase, NATO, WARSAW_PACT};
use engine::core::hex::HexId;
use engine::core::protocol::{Input, Pending};
use engine::core::side::Side;
use engine::core::units::UnitId;
use slint::ComponentHandle;
use ui::{AppWindow, Table};

/// Declaring by day, no attack yet, the acting side has air points, and one of its
/// non-artillery units stands next to an enemy unit.
fn can_declare_by_day(g: &Game<'_>, side: Side) -> Option<(UnitId, UnitId)> {
    let declaring = g.state.phase == Phase::Combat
        && g.combat_step() == CombatStep::Declare
        && g.state.phasing == side
        && g.attacks().next().is_none()
        && matches!(g.pending(), Pending::Command { .. });
    if !declaring || g.view(engine::core::side::Viewer::Public).night {
        return None;
    }
    let geo = &g.data.map.geometry;
    g.units_on_map()
        .filter(|&(u, _)| g.side_of(u) == side && !g.is_artillery(u))
        .find_map(|(u, at)| {
            let e = geo
                .neighbours(at)
                .filter_map(|(_, n)| g.unit_at(n))
                .find(|&e| g.side_of(e) != side)?;
            let trial = Input::Command(Command::Declare {
                attackers: heapless::Vec::from_slice(&[u]).ok()?,
                defenders: heapless::Vec::from_slice(&[e]).ok()?,
            });
            g.clone().apply(&trial).ok().map(|_| (u, e))
        })
}

/// Taps an attacker and a defender and declares the attack.
fn declare_by_taps(t: &Table, w: &AppWindow, attacker: UnitId, defender: UnitId) {
    tap_hex(t, w, hex_of(t, attacker).expect("attacker on the map"));
    tap_hex(t, w, hex_of(t, defender).expect("defender on the map"));
    tap(w, "Declare attack");
    assert!(
        shows(w, "attack 0"),
        "the attack is announced: {:?} {:?}",
        label_starting(w, "refused"),
        labels(w, 40)
    );
}

#[test]
fn combat_7_0_an_announced_attack_is_withdrawn_by_touch() {
    let journal = situation("unity", |g| can_declare_by_day(g, WARSAW_PACT).is_some());
    let t = resumed("unity", journal);
    let w = t.window();
    let (a, d) = t
        .with_session(|s| can_declare_by_day(s?.game(), WARSAW_PACT))
        .expect("the situation");
    assert!(
        shows(w, "panel Warsaw Pact: declare attacks"),
        "{:?}",
        labels(w, 40)
    );
    declare_by_taps(&t, w, a, d);
    // Air points on it come back when it is withdrawn.
    let air_before =
        t.with_session(|s| s.unwrap().game().state.turn_state.air_points[WARSAW_PACT.index()]);
    tap(w, "+1 air point");
    assert!(label_starting(w, "attack detail 0").is_some_and(|l| l.contains("1 air")));
    tap(w, "withdraw attack 0");
    assert!(
        !shows(w, "attack 0"),
        "the attack is gone: {:?}",
        labels(w, 40)
    );
    assert!(t.with_session(|s| s.unwrap().game().attacks().next().is_none()));
    assert_eq!(
        t.with_session(|s| s.unwrap().game().state.turn_state.air_points[WARSAW_PACT.index()]),
        air_before,
        "the air point went back to the pool [9.0]"
    );
    assert!(
        log_lines(&t)
            .iter()
            .any(|l| l.starts_with("[7.0]") && l.contains("withdrawn")),
        "{:?}",
        log_lines(&t)
    );
}

#[test]
fn air_9_0_every_air_point_on_one_attack_with_one_tap() {
    let journal = situation("unity", |g| can_declare_by_day(g, WARSAW_PACT).is_some());
    let t = resumed("unity", journal);
    let w = t.window();
    let (a, d) = t
        .with_session(|s| can_declare_by_day(s?.game(), WARSAW_PACT))
        .expect("the situation");
    declare_by_taps(&t, w, a, d);
    let left =
        t.with_session(|s| s.unwrap().game().state.turn_state.air_points[WARSAW_PACT.index()]);
    assert!(left > 1, "the Pact has air points by day [9.1]: {left}");
    tap(w, "all air points");
    assert!(
        label_starting(w, "attack detail 0").is_some_and(|l| l.contains(&format!("{left} air"))),
        "{:?}",
        label_starting(w, "attack detail 0")
    );
    assert!(
        label_starting(w, "support ").is_some_and(|l| l.contains("0 air point(s) left")),
        "{:?}",
        label_starting(w, "support ")
    );
    assert!(!shows(w, "+1 air point"), "nothing left to give");
    // The ground-support marker on the defender's hex [9.0].
    t.center_on_hex(hex_of(&t, d).expect("defender on the map"));
    settle();
    assert!(
        shows(w, &format!("AIR {left}")),
        "a ground-support marker on the map: {:?}",
        labels(w, 300)
            .into_iter()
            .filter(|l| l.starts_with("AIR"))
            .collect::<Vec<_>>()
    );
    snapshot(w, "controls-air");
}

/// An empty hex the side's artillery `art` may barrage now [8.16], as the engine says.
fn empty_target(g: &Game<'_>, art: UnitId) -> Option<HexId> {
    let at = g.hex_of(art)?;
    let geo = &g.data.map.geometry;
    // The nearest such hex: well inside the map, where the view can centre on it.
    let mut near: Vec<HexId> = g
        .data
        .map
        .hexes()
        .filter(|&h| g.unit_at(h).is_none() && geo.distance(at, h) >= 2)
        .collect();
    near.sort_by_key(|&h| geo.distance(at, h));
    near.into_iter().find(|&h| {
        let input = Input::Command(Command::BarrageHex {
            artillery: art,
            hex: h,
            gas: false,
        });
        g.clone().apply(&input).is_ok()
    })
}

fn artillery_with_empty_target(g: &Game<'_>, side: Side) -> Option<(UnitId, HexId)> {
    if g.state.phase != Phase::Combat
        || g.combat_step() != CombatStep::Declare
        || g.state.phasing != side
        || g.attacks().next().is_some()
    {
        return None;
    }
    g.units_on_map()
        .filter(|&(u, _)| g.side_of(u) == side && g.is_artillery(u))
        .find_map(|(u, _)| Some((u, empty_target(g, u)?)))
}

#[test]
fn artillery_8_16_a_barrage_on_an_empty_hex_by_touch() {
    let journal = situation("unity", |g| {
        artillery_with_empty_target(g, WARSAW_PACT).is_some()
    });
    let t = resumed("unity", journal);
    let w = t.window();
    let (art, target) = t
        .with_session(|s| artillery_with_empty_target(s?.game(), WARSAW_PACT))
        .expect("the situation");
    tap_hex(&t, w, hex_of(&t, art).expect("on the map"));
    assert!(
        label_starting(w, "declare ").is_some_and(|l| l.contains("[8.16]")),
        "the panel says an empty hex may be barraged: {:?}",
        label_starting(w, "declare ")
    );
    tap_hex(&t, w, target);
    let title = format!("barrage on the empty hex {} [8.16]", name_of(&t, target));
    assert!(
        labels(w, 400).iter().any(|l| l == "attack 0"),
        "{:?}",
        label_starting(w, "refused")
    );
    let on_target = t.with_session(|s| {
        s.unwrap()
            .game()
            .attacks()
            .any(|(_, a)| a.empty_hex == Some(target) && a.barrage.iter().any(|f| f.unit == art))
    });
    assert!(on_target, "{title}: the engine holds the barrage");
    snapshot(w, "controls-barrage-hex");
    assert!(
        log_lines(&t).iter().any(|l| l.starts_with("[8.16]")),
        "{:?}",
        log_lines(&t)
    );
}

/// NATO declaring, with artillery the engine would let interdict the rail line [20.22].
fn interdictor(g: &Game<'_>) -> Option<UnitId> {
    if g.state.phase != Phase::Combat
        || g.combat_step() != CombatStep::Declare
        || g.state.phasing != NATO
        || !matches!(g.pending(), Pending::Command { .. })
    {
        return None;
    }
    g.units_on_map()
        .filter(|&(u, _)| g.side_of(u) == NATO && g.is_artillery(u))
        .map(|(u, _)| u)
        .find(|&u| {
            g.clone()
                .apply(&Input::Command(Command::Interdict { artillery: u }))
                .is_ok()
        })
}

#[test]
fn rail_20_22_nato_artillery_interdicts_the_rail_line_by_touch() {
    let journal = situation("werewolf", |g| interdictor(g).is_some());
    let t = resumed("werewolf", journal);
    let w = t.window();
    let art = t
        .with_session(|s| interdictor(s?.game()))
        .expect("the situation");
    assert!(!shows(w, "Interdict the rail line"));
    tap_hex(&t, w, hex_of(&t, art).expect("on the map"));
    tap(w, "Interdict the rail line");
    assert!(
        log_lines(&t)
            .iter()
            .any(|l| l.starts_with("[20.22]") && l.contains("interdicts")),
        "{:?}",
        log_lines(&t)
    );
    assert!(
        !shows(w, "Interdict the rail line"),
        "an artillery unit interdicts once"
    );
}

/// Werewolf's set-up step in which a Soviet division may be withheld [20.21].
fn withholdable(g: &Game<'_>) -> Option<UnitId> {
    if g.state.phase != Phase::Setup {
        return None;
    }
    g.units_to_place().find(|&u| {
        g.clone()
            .apply(&Input::Command(Command::Withhold { unit: u }))
            .is_ok()
    })
}

#[test]
fn setup_20_21_a_division_is_withheld_by_touch() {
    let journal = situation("werewolf", |g| withholdable(g).is_some());
    let t = resumed("werewolf", journal);
    let w = t.window();
    let u = t
        .with_session(|s| withholdable(s?.game()))
        .expect("the situation");
    let name = t.with_session(|s| s.unwrap().game().def(u).name.to_string());
    // The list is long: scroll it as a player would, by dragging it with a finger.
    scroll_to(w, &format!("place {name}"));
    tap(w, &format!("place {name}"));
    let button = label_starting(w, "Withhold this division").expect("the withhold button");
    snapshot(w, "controls-withhold");
    assert!(button.ends_with("[20.21]"), "{button}");
    tap(w, &button);
    assert!(
        !shows(w, &format!("place {name}")),
        "the division left the list"
    );
    assert!(
        log_lines(&t).iter().any(|l| l.starts_with("[20.21]")),
        "{:?}",
        log_lines(&t)
    );
}

/// Scrolls the side panel's list (wheel events over it) until `label` is on screen.
fn scroll_to(w: &AppWindow, label: &str) {
    use slint::platform::WindowEvent;
    let first = find_all(w, "place ")
        .into_iter()
        .next()
        .expect("a list of units to place");
    let (p, sz) = (first.absolute_position(), first.size());
    let position = slint::LogicalPosition::new(p.x + sz.width / 2.0, p.y + sz.height * 2.0);
    for _ in 0..60 {
        if shows(w, label) {
            return;
        }
        w.window()
            .dispatch_event(WindowEvent::PointerMoved { position });
        w.window().dispatch_event(WindowEvent::PointerScrolled {
            position,
            delta_x: 0.0,
            delta_y: -120.0,
        });
        settle();
    }
    panic!("'{label}' never scrolled into view: {:?}", labels(w, 80));
}

#[test]
fn setup_3_0_a_placed_unit_goes_back_to_the_pool_by_touch() {
    let (t, _persist) = unity(1280.0, 800.0);
    let w = t.window();
    tap(w, "Set up");
    tap(w, "Auto-place");
    let placed = t.with_session(|s| {
        let g = s.unwrap().game();
        g.units_on_map().map(|(u, _)| u).next()
    });
    let u = placed.expect("a unit placed");
    let name = t.with_session(|s| s.unwrap().game().def(u).name.to_string());
    assert!(!shows(w, &format!("place {name}")));
    tap_hex(&t, w, hex_of(&t, u).expect("placed"));
    tap(w, "Back to the pool");
    assert!(hex_of(&t, u).is_none(), "the unit left the map");
    assert!(
        shows(w, &format!("place {name}")),
        "it is back in the list: {:?}",
        labels(w, 40)
    );
    assert!(shows(w, "Auto-place"));
}

/// Declaring by day with poison gas in play [8.8]: an attack the side could announce, and an
/// artillery unit that could then fire gas into it.
fn gas_barrage(g: &Game<'_>) -> Option<(UnitId, UnitId, UnitId)> {
    let (a, d) = can_declare_by_day(g, WARSAW_PACT)?;
    let mut after = g.clone();
    after
        .apply(&Input::Command(Command::Declare {
            attackers: heapless::Vec::from_slice(&[a]).ok()?,
            defenders: heapless::Vec::from_slice(&[d]).ok()?,
        }))
        .ok()?;
    let mut candidates = Vec::new();
    after.barrage_candidates(0, |u| candidates.push(u));
    let art = candidates.into_iter().find(|&art| {
        after
            .clone()
            .apply(&Input::Command(Command::Barrage {
                artillery: art,
                attack: 0,
                gas: true,
            }))
            .is_ok()
    })?;
    Some((a, d, art))
}

#[test]
fn gas_8_8_a_barrage_fires_gas_when_the_switch_is_on() {
    let options = Options {
        poison_gas: true,
        ..Options::default()
    };
    let journal = situation_with("unity", options, |g| gas_barrage(g).is_some());
    let t = resumed_with("unity", options, journal);
    let w = t.window();
    let (a, d, art) = t
        .with_session(|s| gas_barrage(s?.game()))
        .expect("the situation");
    declare_by_taps(&t, w, a, d);
    assert!(
        shows(w, "Fire gas"),
        "the gas switch for the selected attack"
    );
    tap(w, "Fire gas");
    tap_hex(&t, w, hex_of(&t, art).expect("on the map"));
    let fired = t.with_session(|s| {
        s.unwrap()
            .game()
            .attacks()
            .any(|(_, x)| x.barrage.iter().any(|f| f.unit == art && f.gas))
    });
    assert!(
        fired,
        "the barrage is fired as gas: {:?}",
        label_starting(w, "refused")
    );
    assert!(
        log_lines(&t).iter().any(|l| l.starts_with("[8.8")),
        "{:?}",
        log_lines(&t)
    );
    // The switch is off again for the next artillery unit.
    assert!(
        find(w, "Fire gas").is_some_and(|e| e.accessible_checked() != Some(true)),
        "one tap of the switch, one gas barrage"
    );
}
