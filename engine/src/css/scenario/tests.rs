//! The scenario format (S21.3) and its checks.

extern crate std;

use super::*;
use crate::css::command::testkit::motor_rifle_division;
use crate::css::command::FormationDef;
use crate::css::standin::chit_costs;
use crate::css::track::gates_day;

const WP: Side = Side::B;
const NATO: Side = Side::A;

pub(crate) fn data() -> CommandData {
    let f = |d: u8| FormationDef::of(DivisionId(d));
    CommandData {
        divisions: heapless::Vec::from_slice(&[
            motor_rifle_division(WP),
            motor_rifle_division(NATO),
        ])
        .unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(0), f(1)]).unwrap(),
        costs: chit_costs(),
        initiative: NATO,
        always_in_cup: heapless::Vec::new(),
        last_turn: 30,
    }
}

/// A two-turn-day stand-in scenario: turns 1–10 of the *Gates* day, the WP initiative, a WP
/// reinforcement on turn 3 at 10.20, victory checked at 2100 (turn 8).
pub(crate) fn scenario() -> Scenario {
    let mut title = heapless::String::new();
    title.push_str("Test of the Gates").unwrap();
    let mut electricity = heapless::String::new();
    electricity.push_str("electricity").unwrap();
    Scenario {
        title,
        maps: 0b0001,
        stand_in: true,
        first_turn: 1,
        last_turn: 10,
        boxes: gates_day(1),
        initiative: WP,
        start: Start::Preparation,
        sets_up_first: NATO,
        setup: heapless::Vec::from_slice(&[SetUp {
            unit: UnitId(1),
            side: NATO,
            division: DivisionId(1),
            hex: HexId::new(5, 5),
            column: false,
            status: Status::None,
        }])
        .unwrap(),
        divisions: heapless::Vec::from_slice(&[DivisionStart {
            division: DivisionId(1),
            dispatch_rating: Some(7),
            command_rating: None,
            dp: 12,
            dc: 4,
            fatigue: 2,
            tq: Some(5),
        }])
        .unwrap(),
        reinforcements: heapless::Vec::from_slice(&[Reinforcement {
            unit: UnitId(10),
            side: WP,
            division: DivisionId(0),
            turn: 3,
            entry: HexId::new(10, 20),
        }])
        .unwrap(),
        special: heapless::Vec::from_slice(&[SpecialRule {
            name: electricity,
            value: 1,
        }])
        .unwrap(),
        victory: VictoryRules {
            check_turns: heapless::Vec::from_slice(&[8]).unwrap(),
            vp_per_unit: 1,
        },
    }
}

// S21.3: the nine items; the command data takes the scenario's initiative, length and ratings;
// the reinforcements wait on the track for their turn; special rules are read by name.
#[test]
fn css_s21_3_a_scenario_carries_the_nine_items_of_the_format() {
    let base = data();
    let s = scenario();
    s.validate(&base).unwrap();
    let d = s.command_data(&base).unwrap();
    assert_eq!((d.initiative, d.last_turn), (WP, 10));
    assert_eq!(d.divisions[1].dispatch_rating, 7);
    assert_eq!(d.divisions[1].command_rating, 3, "unchanged");
    let t = s.track().unwrap();
    assert_eq!(t.held.len(), 1);
    assert_eq!(t.held[0].turn, 3);
    assert_eq!(
        t.held[0].to,
        Arrival::Enter {
            entry: HexId::new(10, 20)
        }
    );
    assert_eq!(t.turn_box(8).map(|b| b.time), Some(2100));
    assert_eq!(s.special("electricity"), Some(1));
    assert_eq!(s.special("booze"), None);
    assert_eq!(s.setup.len(), 1);
    assert_eq!(s.victory.vp_per_unit, 1);
}

// S21.3: a scenario that does not fit the game is refused, with the case it breaks.
#[test]
fn css_s21_3_a_scenario_that_does_not_fit_is_refused() {
    let d = data();
    let case = |f: &dyn Fn(&mut Scenario)| {
        let mut s = scenario();
        f(&mut s);
        s.validate(&d).unwrap_err().case
    };
    assert_eq!(case(&|s| s.last_turn = 0), "S21.3");
    assert_eq!(case(&|s| s.last_turn = 11), "S21.3", "past the track");
    assert_eq!(case(&|s| s.reinforcements[0].turn = 1), "S18.1");
    assert_eq!(case(&|s| s.reinforcements[0].side = NATO), "S21.3");
    assert_eq!(case(&|s| s.setup[0].side = WP), "S21.3");
    assert_eq!(case(&|s| s.victory.check_turns[0] = 12), "S3.7.1");
    assert_eq!(case(&|s| s.divisions[0].division = DivisionId(9)), "engine");
    assert_eq!(
        case(&|s| {
            s.start = Start::ActionPhase {
                cup: heapless::Vec::from_slice(&[Chit::Wind]).unwrap(),
            }
        }),
        "S21.3"
    );
}

// S21.2: the stand-in point per eliminated or captured unit goes to the enemy of the side
// that lost it, and the scenario's rate is the one used.
#[test]
fn css_s21_2_the_enemy_earns_the_stand_in_vp_per_lost_unit() {
    let mut s = scenario();
    assert_eq!(s.victory.award_for_losses(WP, 1), (NATO, 1));
    assert_eq!(s.victory.award_for_losses(NATO, 3), (WP, 3));
    assert_eq!(s.victory.award_for_losses(WP, 0), (NATO, 0));
    s.victory.vp_per_unit = 2;
    assert_eq!(s.victory.award_for_losses(WP, 2), (NATO, 4));
    assert_eq!(
        s.victory.award_for_losses(WP, 200),
        (NATO, u8::MAX),
        "never overflows"
    );
}
