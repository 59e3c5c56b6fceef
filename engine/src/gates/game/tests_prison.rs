//! 3.4.1 Spandau in the game: the first Warsaw Pact unit to enter it frees the Warsaw Pact
//! prisoners held there, scores them and destroys the prison; NATO entering it does nothing.

extern crate std;

use super::tests::data;
use super::*;
use crate::core::protocol::Events;
use crate::core::units::UnitId;
use crate::css::game::{GameEvent, UnitWhat};
use crate::css::morale::Fate;
use crate::gates::places::hexes::{SPANDAU_PRISON, STASI_PRISON};
use crate::gates::{NATO, WARSAW_PACT};

/// The series event of `unit` entering `hex`, as a move step reports it (S7.2).
fn entered(unit: u16, hex: HexId) -> Events<GameEvent> {
    let mut sev = Events::new();
    sev.push(GameEvent::Unit {
        case: "S7.2",
        unit: UnitId(unit),
        what: UnitWhat::Entered(hex),
    })
    .unwrap();
    sev
}

fn side_of(game: &Game<'_>, u: u16) -> crate::core::side::Side {
    game.data.counters[usize::from(u)].side
}

#[test]
fn gates_3_4_1_the_warsaw_pact_entering_spandau_frees_and_scores_its_prisoners() {
    let d = data();
    let mut game = Game::new(&d, "test", Options).unwrap();
    let (wp, nato) = (0u16, 6u16);
    assert_eq!(
        (side_of(&game, wp), side_of(&game, nato)),
        (WARSAW_PACT, NATO)
    );
    // Two Warsaw Pact units were captured (S11.7), one eliminated: two prisoners in Spandau.
    for (u, fate) in [
        (1, Fate::Captured),
        (2, Fate::Captured),
        (3, Fate::Eliminated),
    ] {
        let s = &mut game.state.series.units[u];
        s.hex = None;
        s.removed = Some(fate);
    }
    assert_eq!(game.spandau_prisoners(), 2);
    let before = game.state.vp.of(WARSAW_PACT);

    // A NATO unit there frees nobody; a Warsaw Pact unit next door neither.
    let mut ev = Events::new();
    game.take_series_events(&entered(nato, SPANDAU_PRISON), &mut ev)
        .unwrap();
    game.take_series_events(&entered(wp, HexId::new(26, 27)), &mut ev)
        .unwrap();
    assert_eq!(game.spandau_prisoners(), 2);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::SpandauLiberated { .. })));

    let mut ev = Events::new();
    game.take_series_events(&entered(wp, SPANDAU_PRISON), &mut ev)
        .unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpandauLiberated {
            unit: UnitId(0),
            prisoners: 2
        }
    )));
    // S21.2: the scenario's points per unit (2 in the test scenario) for each prisoner.
    assert_eq!(game.state.vp.of(WARSAW_PACT), before + 4);
    assert!(game.state.spandau_destroyed);
    assert_eq!(game.spandau_prisoners(), 0, "the prison holds no one again");

    // Once destroyed, a second entry scores nothing.
    let mut ev = Events::new();
    game.take_series_events(&entered(wp, SPANDAU_PRISON), &mut ev)
        .unwrap();
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::SpandauLiberated { .. })));
    assert_eq!(game.state.vp.of(WARSAW_PACT), before + 4);
}

// 3.4.1: NATO's prisoners are in the Stasi Prison; a NATO unit entering it frees no one
// (only a sabotage mission does, 3.11.1).
#[test]
fn gates_3_4_1_nato_entering_the_stasi_prison_frees_no_one() {
    let d = data();
    let mut game = Game::new(&d, "test", Options).unwrap();
    let s = &mut game.state.series.units[7];
    s.hex = None;
    s.removed = Some(Fate::Captured);
    let mut ev = Events::new();
    game.take_series_events(&entered(6, STASI_PRISON), &mut ev)
        .unwrap();
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::SpandauLiberated { .. })));
    assert_eq!(game.state.series.units[7].removed, Some(Fate::Captured));
    assert!(!game.state.spandau_destroyed);
}
