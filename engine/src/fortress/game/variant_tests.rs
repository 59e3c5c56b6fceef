//! The variants (16.0–16.5) on the testkit's campaign board: a variant's listing brings back a
//! unit withdrawn earlier (16.4's 1st Polish Army, 16.5's 20th Panzergrenadier), a recalled
//! German unit is no longer ordered off the map, and a major variant takes away the German's
//! automatic win for holding the Reichstag.
extern crate std;

use super::reinforcement_tests::{campaign_with, cmd, force, mv, put, until};
use super::*;
use crate::core::units::Location;
use crate::fortress::counters::{GERMAN, MANEUVER, SOVIET};
use crate::fortress::data::{text, GroupKind};
use crate::fortress::testkit::{self, hex};

/// A variant's arrival listing of `units` for `side` on `turn`, entering at area `letter` or,
/// without one, by the German exit hexes (16.5 names edge hexes one by one).
fn return_listing(
    variant: &str,
    side: Side,
    turn: u8,
    letter: Option<u8>,
    units: &[UnitId],
) -> crate::fortress::data::Group {
    crate::fortress::data::Group {
        kind: GroupKind::Arrival,
        side,
        turn,
        case: text(variant),
        variant: Some(text(variant)),
        entry: letter.map(|l| (l, l)),
        zone: None,
        hexes: if letter.is_none() {
            testkit::EXIT_HEXES.iter().copied().collect()
        } else {
            heapless::Vec::new()
        },
        draw: 0,
        units: units.iter().copied().collect(),
    }
}

fn entry_c() -> HexId {
    testkit::ENTRY
        .iter()
        .find(|(l, _)| *l == b'C')
        .map(|&(_, h)| h)
        .expect("area C")
}

/// The campaign with 16.4's return of the Soviet unit withdrawn on turn 2, on turn 3 at C.
fn polish_return(steiner: bool) -> Game<'static> {
    let d = campaign_with(|d| {
        let g = return_listing("16.4", SOVIET, 3, Some(b'C'), &[testkit::SOVIET_WITHDRAWN]);
        d.groups.push(g).expect("room");
    });
    let options = Options {
        steiner,
        ..Options::default()
    };
    Game::new(d, "campaign", options).expect("sets up")
}

#[test]
fn fb_variant_16_4_the_withdrawn_polish_army_comes_back_on_its_listed_turn() {
    let polish = testkit::SOVIET_WITHDRAWN;
    for steiner in [false, true] {
        let mut game = polish_return(steiner);
        assert_eq!(
            game.state.victory.soviet,
            if steiner { 15 } else { 0 },
            "16.4: the Soviet's bonus from the start"
        );
        until(&mut game, 1, SOVIET, SegmentKind::Movement);
        mv(&mut game, &[polish], entry_c()).expect("arrives on turn 1");
        until(&mut game, 2, SOVIET, SegmentKind::Movement);
        let at = game.state.board.unit(polish).unwrap().state.location;
        assert_eq!(at, Location::Withheld, "withdrawn on turn 2 (5.1)");
        assert!(game.due(polish).is_none(), "not back before its turn");
        until(&mut game, 3, SOVIET, SegmentKind::Movement);
        let back = mv(&mut game, &[polish], entry_c());
        if steiner {
            back.expect("16.4: back on turn 3 at its area");
            assert_eq!(game.state.board.hex_of(polish), Some(entry_c()));
        } else {
            assert_eq!(back.unwrap_err().case, "5.0", "without 16.4 it stays away");
        }
    }
}

#[test]
fn fb_variant_16_4_an_eliminated_unit_does_not_come_back() {
    let polish = testkit::SOVIET_WITHDRAWN;
    let mut game = polish_return(true);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    mv(&mut game, &[polish], entry_c()).expect("arrives");
    game.state.board.eliminate(polish).expect("on the map");
    until(&mut game, 3, SOVIET, SegmentKind::Movement);
    assert!(game.due(polish).is_none(), "dead stays dead");
}

/// The campaign with 16.5's return of the German withdrawing unit on turn 3 by the exit hexes.
fn wenck_return() -> Game<'static> {
    let d = campaign_with(|d| {
        let g = return_listing("16.5", GERMAN, 3, None, &[testkit::GERMAN_WITHDRAWING]);
        d.groups.push(g).expect("room");
    });
    let options = Options {
        wenck: true,
        ..Options::default()
    };
    Game::new(d, "campaign", options).expect("sets up")
}

#[test]
fn fb_variant_16_5_the_withdrawn_20th_panzergrenadier_returns_and_is_not_ordered_off_again() {
    let w = testkit::GERMAN_WITHDRAWING;
    let mut game = wenck_return();
    assert_eq!(game.state.victory.soviet, 30, "16.5: +30 Soviet VP");
    put(&mut game, w, testkit::EXIT_HEXES[1], MANEUVER);
    until(&mut game, 1, GERMAN, SegmentKind::Movement);
    cmd(&mut game, Command::Exit { units: force(&[w]) }).expect("withdrawn by the edge (5.2)");
    assert_eq!(
        game.state.board.unit(w).unwrap().state.location,
        Location::Exited
    );
    until(&mut game, 3, GERMAN, SegmentKind::Movement);
    mv(&mut game, &[w], testkit::EXIT_HEXES[0]).expect("16.5: back by the listed edge");
    // Back on the map from turn 3 on, it is no longer withdrawing: no Soviet VP for it (5.2).
    let refused = cmd(&mut game, Command::Exit { units: force(&[w]) }).unwrap_err();
    assert_eq!(refused.case, "5.2");
    game.state.board.turn = 6;
    let ev = until(&mut game, 7, GERMAN, SegmentKind::Reinforcement);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::VictoryPoints { case: "5.2", .. })),
        "{ev:?}"
    );
}

#[test]
fn fb_variant_16_4_16_5_holding_the_reichstag_wins_only_with_more_vp() {
    for (steiner, wenck) in [(true, false), (false, true)] {
        let d = campaign_with(|_| {});
        let options = Options {
            steiner,
            wenck,
            ..Options::default()
        };
        let mut game = Game::new(d, "campaign", options).expect("sets up");
        until(&mut game, 1, SOVIET, SegmentKind::Combat);
        game.state.board.turn = 15;
        game.state.victory.soviet = 90;
        let ev = cmd(&mut game, Command::EndSegment).expect("the last segment ends");
        assert!(
            ev.iter().any(|e| matches!(
                e,
                Event::Victory { winner: Some(w), case: "12.0", .. } if *w == SOVIET
            )),
            "{ev:?}"
        );
        assert_eq!(
            game.state.victory.outcome.map(|o| o.ending),
            Some(Ending::ReichstagHeld),
            "the Reichstag was held, but that wins nothing by itself"
        );
    }
}

/// The campaign with a Brandenburg Gate two hexes from the Reichstag and 16.1 in play or not;
/// a Soviet rifle unit beside the Reichstag in the Soviet movement segment of turn 1.
fn reichstag_flak_tower(on: bool) -> (Game<'static>, HexId) {
    use crate::core::map::{Place, PlaceKind};
    let gate = hex(6, 2);
    let d = campaign_with(|d| {
        let place = Place {
            name: text(crate::fortress::board::BRANDENBURG_GATE),
            kind: PlaceKind::Area,
            hexes: [gate].into_iter().collect(),
            towers: heapless::Vec::new(),
        };
        d.map.places.push(place).expect("room");
    });
    let options = Options {
        reichstag_flak_tower: on,
        ..Options::default()
    };
    let mut game = Game::new(d, "campaign", options).expect("sets up");
    let next_to = hex(5, 6);
    assert!(game
        .data
        .map
        .geometry
        .adjacent(next_to, testkit::REICHSTAG_HEX));
    put(&mut game, testkit::SOVIET_RIFLES_1, next_to, MANEUVER);
    until(&mut game, 1, SOVIET, SegmentKind::Movement);
    (game, gate)
}

#[test]
fn fb_variant_16_1_the_reichstag_is_a_flak_tower_and_the_gate_is_the_objective() {
    use crate::core::map::HexFeatures;
    use crate::fortress::board::features;
    let (base, _) = reichstag_flak_tower(false);
    let (mut game, gate) = reichstag_flak_tower(true);
    assert_eq!(game.state.victory.soviet, 1, "16.1: +1 Soviet VP");
    // The Reichstag works like the other flak towers (10.1.4): no zone of control enters it.
    let f =
        |g: &Game<'static>| features(&g.data.map, &g.state.board.options, testkit::REICHSTAG_HEX);
    assert!(!f(&base).has(HexFeatures::FLAK_TOWER));
    assert!(f(&game).has(HexFeatures::FLAK_TOWER));
    assert_eq!(
        super::combatants::defended_hex(&game, testkit::REICHSTAG_HEX).fortification,
        Some(crate::fortress::combat::Fortification::FlakTower)
    );
    // The Soviets in the Reichstag end the base game; with 16.1 only the Gate does (12.0).
    let mut plain = base.clone();
    let ev = mv(
        &mut plain,
        &[testkit::SOVIET_RIFLES_1],
        testkit::REICHSTAG_HEX,
    )
    .unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Victory { .. })));
    let ev = mv(
        &mut game,
        &[testkit::SOVIET_RIFLES_1],
        testkit::REICHSTAG_HEX,
    )
    .unwrap();
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Victory { .. })),
        "16.1: the Reichstag no longer ends the game"
    );
    assert_eq!(game.objective(), Some(gate));
    put(&mut game, testkit::SOVIET_RIFLES_2, hex(6, 3), MANEUVER);
    let ev = mv(&mut game, &[testkit::SOVIET_RIFLES_2], gate).unwrap();
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Victory { case: "12.0", .. })),
        "the Soviets at the Brandenburg Gate end it: {ev:?}"
    );
}
