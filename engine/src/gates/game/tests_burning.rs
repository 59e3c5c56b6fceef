//! 2.3 Fire in the game: the second die after a raw 0, the rout out of a burning hex when an
//! activation ends, the fire checks of step 1C-b, and the rain (3.1) and the power (3.7).

extern crate std;

use super::burning::{Burning, Round};
use super::tests::{data, roll};
use super::*;
use crate::core::contract::Ruleset;
use crate::core::protocol::Cited;
use crate::css::command::turn::Event as TurnEvent;
use crate::css::command::{Chit, FormationId};
use crate::css::terrain::dots;
use crate::gates::fires::FireCheck;
use crate::gates::WARSAW_PACT;

fn h(c: u8, r: u8) -> HexId {
    HexId::new(c, r)
}

/// `unit` fired at `target` and the d10 showed `raw`, as the series game tells it.
fn fired(unit: u16, target: HexId, raw: u8) -> Events<GameEvent> {
    let mut sev = Events::new();
    sev.push(GameEvent::Unit {
        case: "S9.3.2",
        unit: crate::core::units::UnitId(unit),
        what: UnitWhat::Fired { target, raw },
    })
    .unwrap();
    sev
}

fn set_terrain(d: &mut GatesData, at: HexId, t: crate::core::map::TerrainId) {
    let i = d.map.idx(at).unwrap();
    d.map.terrain[i] = t;
}

// 2.3: a raw 0 fired at woods calls for the firer's second die; 0 or 1 puts it on fire, and
// nothing else is taken until it is rolled.
#[test]
fn gates_2_3_a_raw_zero_at_woods_asks_the_firer_for_a_die_and_0_1_burns() {
    let mut d = data();
    set_terrain(&mut d, h(13, 10), dots::WOODS);
    let mut game = Game::new(&d, "test", Options).unwrap();
    let mut events = Events::new();
    // Warsaw Pact unit 0 fires at the woods: a raw 1 starts nothing.
    let none = game
        .read_fire_events(&fired(0, h(13, 10), 1), &mut events)
        .unwrap();
    assert!(none.is_empty() && game.state.fire_die.is_none());
    game.read_fire_events(&fired(0, h(13, 10), 0), &mut events)
        .unwrap();
    let Pending::Roll { player, case, .. } = Ruleset::pending(&game) else {
        panic!("the second die is awaited")
    };
    assert_eq!((player, case), (WARSAW_PACT, "2.3"), "the firer rolls it");
    let other = Input::Command(Command::Electricity { on: true });
    assert_eq!(Ruleset::apply(&mut game, &other).unwrap_err().case, "2.3");
    let mut burning = game.clone();
    let e = Ruleset::apply(&mut game, &roll(2)).unwrap();
    assert_eq!(
        e.as_slice(),
        &[Event::FireIgnition {
            hex: h(13, 10),
            raw: 2,
            burns: false
        }]
    );
    assert!(!game.state.fires.on_fire(h(13, 10)));
    let e = Ruleset::apply(&mut burning, &roll(1)).unwrap();
    assert!(e.iter().any(|e| e.case() == "2.3"));
    assert!(burning.state.fires.on_fire(h(13, 10)));
    assert!(burning.state.fire_die.is_none(), "play goes on");
}

// 2.3: clear terrain does not burn; 3.1: nothing starts in the rain; a Cleared Fire hex never
// burns again; 3.7: a City hex burns at once while the power is on.
#[test]
fn gates_2_3_what_may_burn_rain_cleared_hexes_and_the_power() {
    let mut d = data();
    set_terrain(&mut d, h(13, 10), dots::WOODS);
    set_terrain(&mut d, h(13, 11), dots::CITY);
    let base = Game::new(&d, "test", Options).unwrap();
    // Whether a raw 0 at `at` asks for the second die, the game prepared by `prepare`.
    let asks = |prepare: &dyn Fn(&mut Game<'_>), at: HexId| {
        let mut g = base.clone();
        prepare(&mut g);
        g.read_fire_events(&fired(0, at, 0), &mut Events::new())
            .unwrap();
        g.state.fire_die.is_some()
    };
    assert!(asks(&|_| {}, h(13, 10)), "woods may burn");
    assert!(!asks(&|_| {}, h(14, 10)), "clear terrain does not burn");
    let rain = |g: &mut Game<'_>| g.state.series.turn.light.sky.weather.no_fires = true;
    assert!(!asks(&rain, h(13, 10)), "3.1: no fire starts in the rain");
    let cleared = |g: &mut Game<'_>| {
        let c = (h(13, 10), Burning::Cleared);
        g.state.fires.hexes.push(c).unwrap();
    };
    assert!(
        !asks(&cleared, h(13, 10)),
        "a cleared hex never burns again"
    );
    let mut g = base.clone();
    g.state.power.on = true;
    let mut events = Events::new();
    g.read_fire_events(&fired(0, h(13, 11), 0), &mut events)
        .unwrap();
    assert!(
        g.state.fires.on_fire(h(13, 11)),
        "3.7: the City burns at once"
    );
    assert_eq!(events.as_slice(), &[Event::FireStarted { hex: h(13, 11) }]);
}

// 2.3 (B6): when a Formation activation ends, its units in a burning hex rout; a Direct
// Command's end routs nobody, and units of other formations stay.
#[test]
fn gates_2_3_units_ending_an_activation_in_a_burning_hex_rout() {
    let d = data();
    let base = Game::new(&d, "test", Options).unwrap();
    let ended = |chit| {
        let mut sev = Events::new();
        sev.push(GameEvent::Turn(TurnEvent {
            case: "S3.3.4",
            what: What::ActivationEnds(chit),
        }))
        .unwrap();
        sev
    };
    // Units 0 and 1 (formation 0) at 10.10 and 10.11; unit 3 (formation 1) at 10.12.
    let mut g = base.clone();
    for at in [h(10, 10), h(10, 12)] {
        g.state.fires.hexes.push((at, Burning::OnFire)).unwrap();
    }
    let mut events = Events::new();
    let dc = g
        .read_fire_events(&ended(Chit::DirectCommand(WARSAW_PACT)), &mut events)
        .unwrap();
    assert!(
        dc.is_empty() && events.is_empty(),
        "not after a Direct Command"
    );
    let routs = g
        .read_fire_events(&ended(Chit::Formation(FormationId(0))), &mut events)
        .unwrap();
    assert_eq!(
        events.as_slice(),
        &[Event::BurnedOut {
            unit: crate::core::units::UnitId(0)
        }],
        "only the activated unit in the fire"
    );
    assert!(routs.iter().any(|e| matches!(
        e,
        GameEvent::Unit {
            unit: crate::core::units::UnitId(0),
            what: UnitWhat::Routed | UnitWhat::Removed(_),
            ..
        }
    )));
    assert_eq!(g.state.series.units[0].hex, None, "it left the burning hex");
    assert_eq!(
        g.state.series.units[3].hex,
        Some(h(10, 12)),
        "formation 1 stays"
    );
    assert_eq!(
        g.state.series.units[1].hex,
        Some(h(10, 11)),
        "no fire at 10.11"
    );
}

/// The test scenario at its first Reinforcement Phase, NATO's word on the power given.
fn at_step_1c_b<'d>(d: &'d GatesData, fires: &[HexId]) -> Game<'d> {
    let mut game = Game::new(d, "test", Options).unwrap();
    for _ in 0..2000 {
        if game.state.series.turn.step == Step::Reinforcement && game.asks_electricity() {
            break;
        }
        let input = match Ruleset::pending(&game) {
            Pending::Choose { .. } => Input::Chose(0),
            Pending::Roll { .. } => roll(5),
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Command { .. } => {
                Input::Command(Ruleset::step_end(&game).expect("a step to end").command)
            }
            Pending::GameOver => panic!("the game ended before step 1C"),
        };
        Ruleset::apply(&mut game, &input).unwrap();
    }
    assert!(game.asks_electricity(), "step 1C-a reached");
    for f in fires {
        game.state.fires.hexes.push((*f, Burning::OnFire)).unwrap();
    }
    let power = Input::Command(Command::Electricity { on: false });
    Ruleset::apply(&mut game, &power).unwrap();
    game
}

// 14.0 1C-b, 2.3: after 1C-a each fire takes a die from the initiative player: 0 it goes out
// for good, 9 it spreads, the direction die 6–9 to the hex south (here 20.21), which burns.
#[test]
fn gates_2_3_each_fire_rolls_at_1c_b_out_on_0_spreading_on_9() {
    let mut d = data();
    for at in [h(20, 20), h(20, 21), h(30, 30)] {
        set_terrain(&mut d, at, dots::WOODS);
    }
    let mut game = at_step_1c_b(&d, &[h(20, 20), h(30, 30)]);
    let Pending::Roll { player, case, .. } = Ruleset::pending(&game) else {
        panic!("the first fire's die")
    };
    assert_eq!(
        (player, case),
        (WARSAW_PACT, "2.3"),
        "3.2: the initiative player"
    );
    let e = Ruleset::apply(&mut game, &roll(9)).unwrap();
    assert!(e.contains(&Event::FireChecked {
        hex: h(20, 20),
        raw: 9,
        check: FireCheck::Spreads
    }));
    let e = Ruleset::apply(&mut game, &roll(7)).unwrap();
    assert!(e.contains(&Event::FireSpread {
        from: h(20, 20),
        raw: 7,
        to: Some(h(20, 21)),
        caught: true
    }));
    assert!(game.state.fires.on_fire(h(20, 21)), "the fire spread south");
    // The second fire of the step goes out; the new one waits for the next turn's step.
    let e = Ruleset::apply(&mut game, &roll(0)).unwrap();
    assert!(e.contains(&Event::FireChecked {
        hex: h(30, 30),
        raw: 0,
        check: FireCheck::GoesOut
    }));
    assert_eq!(game.state.fires.of(h(30, 30)), Some(Burning::Cleared));
    assert!(
        !matches!(Ruleset::pending(&game), Pending::Roll { case: "2.3", .. }),
        "the step's fires are all checked"
    );
    assert_eq!(
        game.state.fire_round,
        Some(Round {
            turn: game.state.series.turn.turn,
            next: 2,
            of: 2,
            spreading: false
        })
    );
}

// 3.1: the day's weather rolled as rain puts out every fire on the map.
#[test]
fn gates_3_1_rain_puts_out_every_fire() {
    let d = data();
    let mut g = Game::new(&d, "test", Options).unwrap();
    g.state
        .fires
        .hexes
        .push((h(5, 5), Burning::OnFire))
        .unwrap();
    let mut rain = g.state.series.turn.light.sky.weather;
    rain.puts_out_fires = true;
    let mut sev = Events::new();
    sev.push(GameEvent::Turn(TurnEvent {
        case: "S3.2.1",
        what: What::Weather(rain),
    }))
    .unwrap();
    let mut events = Events::new();
    g.read_fire_events(&sev, &mut events).unwrap();
    assert_eq!(events.as_slice(), &[Event::RainPutsOutFires { fires: 1 }]);
    assert!(!g.state.fires.on_fire(h(5, 5)));
}
