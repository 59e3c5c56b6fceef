//! The turn machine's step 1A weather, step 2A dawn and step 1C SW assignment (S3.2.1, S3.3.1,
//! S13.2) on a two-division scenario.
extern crate std;

use super::*;
use crate::core::protocol::{DiceRoll, Input};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::command::turn::Command;
use crate::css::command::{DivisionDef, DivisionId, FormationDef};
use crate::css::fire::{Colour, Member, Weapon};
use crate::css::night::WeatherEffect;
use crate::css::standin::{chit_costs, weather_chart};
use crate::css::terrain::tests::{h, Board};
use crate::css::weapons::{SwDef, SwKind, SwPlace};
use std::vec::Vec;

const WP: Side = Side::B;

fn data() -> CommandData {
    let wp = crate::css::command::testkit::motor_rifle_division(WP);
    let nato = DivisionDef {
        side: WP.other(),
        ..wp
    };
    let f = |d: u8| FormationDef::of(DivisionId(d));
    CommandData {
        divisions: heapless::Vec::from_slice(&[wp, nato]).unwrap(),
        formations: heapless::Vec::from_slice(&[f(0), f(1)]).unwrap(),
        costs: chit_costs(),
        initiative: WP,
        always_in_cup: heapless::Vec::new(),
        last_turn: 8,
    }
}

const fn box_(game_day: u8, night: bool, first_day_turn: bool) -> TrackTurn {
    TrackTurn {
        game_day,
        night,
        first_day_turn,
    }
}

/// 0700 (first Day turn of day 1), 0900, 0000 (Night), 0700 of day 2.
fn light() -> Light {
    Light {
        sky: Sky::new(box_(1, false, true), 4),
        chart: weather_chart(),
        track: heapless::Vec::from_slice(&[
            box_(1, false, true),
            box_(1, false, false),
            box_(1, true, false),
            box_(2, false, true),
        ])
        .unwrap(),
        lit_dot: None,
    }
}

struct T {
    data: CommandData,
    s: TurnState,
    log: Vec<Event>,
}

impl T {
    fn new() -> T {
        let data = data();
        let mut ev = Events::new();
        let tracks = data.divisions.iter().map(DivisionTrack::new).collect();
        let s = TurnState::starting_lit(&data, 1, tracks, None, light(), &mut ev).unwrap();
        T {
            data,
            s,
            log: ev.into_iter().collect(),
        }
    }
    fn apply(&mut self, i: Input<Command>) -> Result<(), RuleViolation> {
        let mut ev = Events::new();
        let r = self.s.apply(&self.data, &i, &mut ev);
        self.log.extend(ev);
        r
    }
    fn ok(&mut self, i: Input<Command>) {
        let step = self.s.step;
        self.apply(i.clone())
            .unwrap_or_else(|e| panic!("{i:?} at {step:?}: {e}"));
    }
    fn roll(&mut self, v: u8) {
        self.ok(Input::Rolled(DiceRoll::of(&[v])));
    }
    /// Plays on (rolls 5, passes, draws the first chit, ends activations) until turn `n`
    /// begins.
    fn play_to(&mut self, n: u8) {
        while self.s.turn < n {
            let i = match (self.s.step, self.s.pending(&self.data)) {
                (Step::Reinforcement, _) => Input::Command(Command::EndReinforcements),
                (Step::Spend(_), _) => Input::Command(Command::DoneBuying),
                (Step::LeaderMoves(_), _) => Input::Command(Command::EndLeaderMoves),
                (_, Pending::Command { .. }) => Input::Command(Command::EndActivation),
                (_, Pending::Choose { .. }) => Input::Chose(0),
                (_, Pending::DrawChit { .. }) => Input::Drew(0),
                (_, Pending::Roll { .. }) => Input::Rolled(DiceRoll::of(&[5])),
                (_, Pending::GameOver) => panic!("game over"),
            };
            self.ok(i);
        }
    }
    fn weather_events(&self) -> usize {
        self.log
            .iter()
            .filter(|e| matches!(e.what, What::Weather(_)))
            .count()
    }
}

// S3.2.1, S3.2: on the first Day turn of a game day the turn opens with the weather roll (the
// initiative player's, S3.8) before step 1B; the result holds for the day, and no other turn
// asks for it.
#[test]
fn css_s3_2_1_the_turn_asks_for_the_weather_at_step_1a() {
    let mut t = T::new();
    assert_eq!(t.s.step, Step::Weather);
    assert!(matches!(
        t.s.pending(&t.data),
        Pending::Roll { case: "S3.2.1", player, .. } if player == WP
    ));
    let early = t.apply(Input::Command(Command::EndReinforcements));
    assert_eq!(early.unwrap_err().case, "S3.0");
    t.s.track_mut(DivisionId(0)).fatigue = 4;
    t.roll(8);
    let rain = t.s.light.sky.weather;
    assert!(rain.worsens_fire && rain.sight == Some(3));
    let at = |w: fn(&What) -> bool| t.log.iter().position(|e| w(&e.what)).unwrap();
    assert!(
        at(|w| matches!(w, What::Weather(_))) < at(|w| matches!(w, What::CurrentTq { .. })),
        "step A before step B"
    );
    assert_eq!(t.s.step, Step::Reinforcement);
    t.play_to(2);
    assert_eq!(t.s.step, Step::Reinforcement, "0900: no weather roll");
    t.play_to(4);
    assert_eq!(t.weather_events(), 1);
    assert_eq!(
        t.s.light.sky.weather, rain,
        "the rain held through the night"
    );
    assert_eq!(t.s.step, Step::Weather, "0700 of the next day");
    t.roll(2);
    assert_eq!(t.s.light.sky.weather, WeatherEffect::CLEAR);
    assert!(t.log.contains(&Event {
        case: "S3.2.1",
        what: What::Weather(WeatherEffect::CLEAR)
    }));
}

// S3.3.1, S14.3: Illumination fired in the night stays until step 2A of the first Day turn,
// when the turn removes every marker.
#[test]
fn css_s3_3_1_the_turn_removes_illumination_at_step_2a() {
    let mut t = T::new();
    t.play_to(3);
    assert!(t.s.light.sky.night());
    let b = Board::new();
    let mortar = Member::deployed(Weapon {
        firepower: 4,
        colour: Colour::White,
        range: 8,
        indirect: true,
        sustained_ability: false,
        spared_ammo_low: false,
    });
    t.s.light
        .sky
        .fire_illumination(&b.g(), UnitId(7), &mortar, h(3, 1), h(3, 5))
        .unwrap();
    t.play_to(4);
    t.roll(3);
    assert_eq!(t.s.light.sky.markers.len(), 1, "still there in step 1C");
    t.ok(Input::Command(Command::EndReinforcements));
    t.ok(Input::Command(Command::DoneBuying));
    t.ok(Input::Command(Command::DoneBuying));
    t.roll(5);
    t.roll(5);
    assert!(t.s.light.sky.markers.is_empty());
    assert!(t.log.contains(&Event {
        case: "S3.3.1",
        what: What::IlluminationRemoved(1)
    }));
}

// S3.2.3, S13.2: the turn places an Available SW with a unit next to an HQ in step 1C only.
#[test]
fn css_s13_2_the_turn_assigns_sws_in_step_1c() {
    let mut t = T::new();
    t.roll(0);
    let b = Board::new();
    let mut armoury = Armoury::default();
    let mg = SwDef {
        kind: SwKind::MachineGun,
        weapon: Weapon {
            firepower: 3,
            colour: Colour::White,
            range: 4,
            indirect: false,
            sustained_ability: true,
            spared_ammo_low: false,
        },
        heavy: true,
        min_range: 0,
    };
    let d = DivisionId(0);
    let first = armoury.add(mg, d, SwPlace::Available).unwrap();
    let second = armoury.add(mg, d, SwPlace::Available).unwrap();
    let to = |u: u16| Holder {
        unit: UnitId(u),
        division: d,
        hex: h(4, 4),
    };
    let hq = [h(4, 5)];
    t.s.assign_sw(&mut armoury, &b.g(), first, to(1), &hq)
        .unwrap();
    assert_eq!(armoury.carried_by(UnitId(1)), Some(first));
    t.ok(Input::Command(Command::EndReinforcements));
    let late = t.s.assign_sw(&mut armoury, &b.g(), second, to(2), &hq);
    assert_eq!(late.unwrap_err().case, "S13.2");
}
