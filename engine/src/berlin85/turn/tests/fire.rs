//! [10.74] fire spread, [10.73] burnt hexes, [10.71] fire to ruin and [8.82] gas.

use super::*;

fn fire_board() -> (Board, UnitId) {
    let mut b = Board::new(10, 10);
    b.feature(hex("0505"), HF::POL);
    b.feature(hex("0506"), HF::POL);
    let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12);
    (b, u)
}

fn burning(g: &mut Game<'_>, h: HexId, turn: u8) {
    let s = g.hex_state_mut(h).unwrap();
    s.markers.insert(Markers::FIRE | Markers::BURNED);
    s.marker_turn = turn;
}

#[test]
fn fire_10_74_spreads_on_1_to_3_and_destroys_the_unit_there() {
    let (b, u) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    g.put(u, hex("0506"));
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, NATO);
    assert!(is_roll(&g, NATO, "10.74"), "the phasing player rolls");
    assert_eq!(g.fire_spread_hex(), Some(hex("0506")));
    let ev = g.apply(&roll(&[3])).unwrap();
    assert!(g.markers(hex("0506")).has(Markers::FIRE));
    assert_eq!(g.state.units[u.0 as usize].location, Location::Eliminated);
    assert!(cites(&ev, "10.71"));
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_74_does_not_spread_on_4_to_6() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, WARSAW_PACT);
    g.apply(&roll(&[4])).unwrap();
    assert!(!g.markers(hex("0506")).has(Markers::FIRE));
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_74_not_across_a_water_hexside() {
    let (mut b, _) = fire_board();
    b.side(hex("0505"), hex("0506"), SF::WATER);
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    begin_player_turn(&mut g, WARSAW_PACT);
    assert_eq!(g.state.phase, Phase::Movement, "no roll across water");
}

#[test]
fn fire_10_73_a_burnt_hex_never_burns_again() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    g.hex_state_mut(hex("0506"))
        .unwrap()
        .markers
        .insert(Markers::RUIN | Markers::BURNED);
    begin_player_turn(&mut g, WARSAW_PACT);
    assert_eq!(g.state.phase, Phase::Movement);
}

#[test]
fn fire_10_71_becomes_a_ruin_at_the_end_of_the_next_turn() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    burning(&mut g, hex("0505"), 2);
    let ev = end_turn(&mut g);
    assert!(
        g.markers(hex("0505")).has(Markers::FIRE),
        "still burning at the end of turn 2"
    );
    assert!(!cites(&ev, "10.71"));
    g.state.phase = Phase::Combat;
    g.state.turn = 3;
    let ev = end_turn(&mut g);
    let m = g.markers(hex("0505"));
    assert!(
        !m.has(Markers::FIRE) && m.has(Markers::RUIN),
        "a ruin after turn 3"
    );
    assert!(cites(&ev, "10.71"));
}

#[test]
fn gas_8_82_removed_at_the_end_of_the_following_turn() {
    let (b, _) = fire_board();
    let mut g = b.game(Phase::Combat, NATO, 2, &[]);
    let s = g.hex_state_mut(hex("0303")).unwrap();
    s.markers.insert(Markers::GAS);
    s.marker_turn = 2;
    end_turn(&mut g);
    assert!(
        g.markers(hex("0303")).has(Markers::GAS),
        "placed in turn 2: still there"
    );
    g.state.turn = 3;
    let ev = end_turn(&mut g);
    assert!(
        !g.markers(hex("0303")).has(Markers::GAS),
        "removed at the end of turn 3"
    );
    assert!(cites(&ev, "8.82"));
}
