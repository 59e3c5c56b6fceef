//! Start a scenario, set up by auto-place, select a unit and move it — by simulated taps on
//! the real screens (Slint testing backend), checking what the screen shows at each step.

mod common;

use common::*;
use engine::berlin85::{Phase, WARSAW_PACT};
use engine::core::units::UnitKind;
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
fn start_set_up_select_and_move() {
    let (t, persist) = table(1280.0, 800.0, config());
    let w = t.window();
    snapshot(w, "01-start");
    assert!(
        shows(w, "Operation Unity"),
        "the scenarios are listed: {:?}",
        labels(w, 40)
    );
    assert!(shows(w, "Poison gas (optional rule)"));

    tap(w, "Set up");
    assert!(shows(w, "panel NATO sets up"), "{:?}", labels(w, 40));
    snapshot(w, "02-nato-setup");

    // Tap a unit in the list, then a hex the engine says is legal.
    let first = label_starting(w, "place ").expect("units to place are listed");
    tap(w, &first);
    let legal = find_all(w, "set-up hex ");
    assert!(!legal.is_empty(), "legal set-up hexes are shaded");
    let before = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
    tap_element(&legal[0]);
    let after = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
    assert_eq!(after, before + 1, "the tap placed the unit");

    // A placement outside the unit's zone is refused and the refusal cites its case.
    // (After a placement the next unit is already selected; pick another one.)
    let next = find_all(w, "place ")
        .get(1)
        .and_then(|e| e.accessible_label())
        .expect("more units")
        .to_string();
    tap(w, &next);
    assert!(
        shows(
            w,
            &format!("selected {}", next.trim_start_matches("place "))
        ) || !find_all(w, "set-up hex").is_empty()
    );
    let outside = t
        .with_session(|s| {
            let g = s?.game();
            let u = g.units_to_place().next()?;
            g.data
                .map
                .hexes()
                .filter(|h| (10..30).contains(&h.col) && (10..40).contains(&h.row))
                .find(|&h| {
                    !g.in_west_berlin(h)
                        && g.unit_at(h).is_none()
                        && g.check_placement(u, h).is_err()
                })
        })
        .expect("a hex outside West Berlin");
    t.center_on_hex(outside);
    settle();
    tap_map_center(w);
    let refusal = label_starting(w, "refused [")
        .unwrap_or_else(|| panic!("no refusal shown: {:?}", labels(w, 80)));
    assert!(
        refusal.contains("[21.11]") || refusal.contains("[3.0]"),
        "{refusal}"
    );
    snapshot(w, "02b-refused");

    tap(w, "Auto-place");
    assert!(
        shows(w, "hint Every unit of this step is placed. Tap Done."),
        "{:?}",
        labels(w, 40)
    );
    tap(w, "Done");
    assert!(shows(w, "panel Warsaw Pact sets up"), "{:?}", labels(w, 40));
    tap(w, "Auto-place");
    tap(w, "Done");
    snapshot(w, "03-after-setup");

    // Play begins with the Warsaw Pact Movement Phase.
    let phase = t.with_session(|s| s.map(|s| s.game().state.phase));
    assert_eq!(phase, Some(Phase::Movement));
    assert!(
        shows(w, "panel Warsaw Pact: Movement"),
        "{:?}",
        labels(w, 40)
    );

    // Select a Warsaw Pact mechanized unit and move it to a hex the engine offers.
    let (unit, hex, name) = t
        .with_session(|s| {
            let g = s?.game();
            g.units_on_map()
                .find(|&(u, _)| {
                    g.side_of(u) == WARSAW_PACT && g.def(u).kind == UnitKind::Mechanized
                })
                .map(|(u, h)| (u, h, g.def(u).name.to_string()))
        })
        .expect("a Warsaw Pact mechanized unit on the map");
    t.center_on_hex(hex);
    settle();
    let geo = t
        .with_session(|s| s.map(|s| s.data().map.geometry))
        .expect("geometry");
    tap(w, &format!("unit {name} in {}", geo.format(hex)));
    assert!(shows(w, &format!("selected {name}")), "{:?}", labels(w, 60));
    snapshot(w, "04-selected");
    let reach = find_all(w, "reach hex ");
    assert!(
        !reach.is_empty(),
        "reachable hexes are shaded with their cost [5.0]: {:?}",
        labels(w, 60)
    );
    let hint = label_starting(w, "hint Tap a shaded hex").unwrap_or_default();
    assert!(
        hint.ends_with(" 0 of 12 MP spent."),
        "the panel says how to move and what is spent: {hint:?}"
    );
    let target = reach
        .last()
        .and_then(|e| e.accessible_label())
        .expect("label")
        .to_string();
    tap(w, &target);
    let moved_to = t.with_session(|s| s.and_then(|s| s.game().hex_of(unit)));
    assert_ne!(moved_to, Some(hex), "the unit moved");
    assert_eq!(
        moved_to.map(|h| format!("reach hex {}", geo.format(h))),
        Some(target)
    );
    snapshot(w, "05-moved");
    // The unit stays in hand [5.15]: still selected, with what it has spent.
    if let Some(hint) = label_starting(w, "hint Tap a shaded hex") {
        assert!(!hint.ends_with(" 0 of 12 MP spent."), "{hint}");
    }

    // Undo takes the move back.
    tap(w, "Undo");
    assert_eq!(
        t.with_session(|s| s.and_then(|s| s.game().hex_of(unit))),
        Some(hex)
    );

    // Every input was saved.
    let saved = persist.0.borrow().inputs.len();
    assert_eq!(saved, t.with_session(|s| s.map_or(0, |s| s.inputs().len())));
}
