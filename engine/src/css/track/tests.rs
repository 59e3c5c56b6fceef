//! The Turn Record Track (S18.2) and its holding area (S18.3).

extern crate std;

use super::*;
use crate::core::side::Side;
use std::vec::Vec;

const NATO: Side = Side::A;

// S18.2 (stand-in): seven Day turns from 0700, three Night turns, then the next day's 0700,
// the first Day turn of its day; 2100 is the first Night turn.
#[test]
fn css_s18_2_the_gates_stand_in_day_and_night_turns() {
    let t = TurnRecordTrack::new(gates_day(2));
    assert_eq!(t.boxes.len(), 20);
    let times: Vec<u16> = t.boxes.iter().take(11).map(|b| b.time).collect();
    assert_eq!(
        times,
        [700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 0, 300, 700]
    );
    let first = t.turn_box(1).unwrap().light;
    assert!(first.first_day_turn && !first.night && first.game_day == 1);
    let b = t.turn_box(8).unwrap();
    assert_eq!((b.time, b.light.night), (2100, true));
    let day2 = t.turn_box(11).unwrap().light;
    assert!(day2.first_day_turn && !day2.night && day2.game_day == 2);
    assert_eq!(t.turn_box(0), None);
    assert_eq!(t.turn_box(21), None);
    assert_eq!(t.lights().len(), 20);
    // A track is at most MAX_TRACK turns long.
    assert_eq!(gates_day(10).len(), MAX_TRACK);
}

// S18.3: "n turns ahead" counts from the current turn: 3 ahead on the 0900 turn (turn 2) is the
// 1500 turn (turn 5); the unit is not due before it, and comes off the track in it.
#[test]
fn css_s18_3_n_turns_ahead_counts_from_the_current_turn() {
    let mut t = TurnRecordTrack::new(gates_day(1));
    let back = t
        .place_ahead(UnitId(7), NATO, DivisionId(1), 2, 3, Arrival::AsReturned)
        .unwrap();
    assert_eq!(back, 5);
    assert_eq!(t.turn_box(back).unwrap().time, 1500);
    assert!(t.is_held(UnitId(7)));
    let err = t
        .place_ahead(UnitId(7), NATO, DivisionId(1), 2, 1, Arrival::AsReturned)
        .unwrap_err();
    assert_eq!(err.case, "S18.3", "already on the track");
    let err = t
        .place_ahead(UnitId(8), NATO, DivisionId(1), 2, 0, Arrival::AsReturned)
        .unwrap_err();
    assert_eq!(err.case, "S18.3", "at least one turn ahead");
    let mut out: heapless::Vec<Held, 4> = heapless::Vec::new();
    t.take_due(4, &mut out).unwrap();
    assert!(out.is_empty());
    t.take_due(5, &mut out).unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].unit, UnitId(7));
    assert!(!t.is_held(UnitId(7)));
}
