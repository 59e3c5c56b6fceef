//! Refusals, the notation and the contract.

use super::*;

// ---- refusals, notation and the contract -------------------------------------------------------------

#[test]
fn fb_game_refusals_leave_the_state_byte_identical() {
    let (mut game, x) = assault_board();
    let before = bytes(&game);
    let refused = [
        Input::Command(Command::Move {
            units: force(&[GERMAN_TANK]),
            to: x,
        }),
        Input::Command(Command::Assault {
            attackers: [SOVIET_TANK].into_iter().collect(),
            target: x,
        }),
        Input::Command(Command::Assault {
            attackers: [GERMAN_TANK].into_iter().collect(),
            target: hex(1, 1),
        }),
        Input::Command(Command::Face {
            hex: x,
            dir: Dir::Up,
        }),
        Input::Rolled(DiceRoll::of(&[3, 3])),
        Input::Chose(0),
    ];
    for input in &refused {
        let e = game.apply(input).unwrap_err();
        assert_ne!(e.case, "", "{input:?}");
        assert_eq!(bytes(&game), before, "{input:?} refused under {}", e.case);
    }
}

fn sample_inputs() -> Vec<Input<Command>> {
    std::vec![
        Input::Command(Command::EndSegment),
        Input::Command(Command::Move {
            units: force(&[GERMAN_TANK, GERMAN_INFANTRY_1]),
            to: hex(3, 6)
        }),
        Input::Command(Command::Release {
            units: force(&[GERMAN_TANK])
        }),
        Input::Command(Command::ChangeMode {
            unit: SOVIET_TANK,
            facing: Dir::DownLowerCol
        }),
        Input::Command(Command::Face {
            hex: hex(8, 8),
            dir: Dir::Down
        }),
        Input::Command(Command::Top {
            unit: GERMAN_INFANTRY_2
        }),
        Input::Command(Command::Assault {
            attackers: [GERMAN_TANK, GERMAN_INFANTRY_1].into_iter().collect(),
            target: hex(6, 3)
        }),
        Input::Command(Command::Bombard {
            firers: [SOVIET_ARTILLERY].into_iter().collect(),
            target: hex(4, 4),
            mixed: false
        }),
        Input::Command(Command::Bombard {
            firers: [SOVIET_ARTILLERY, SOVIET_TANK].into_iter().collect(),
            target: hex(4, 4),
            mixed: true
        }),
        Input::Command(Command::Exit {
            units: force(&[GERMAN_TANK])
        }),
        Input::Command(Command::Suicide),
        Input::Command(Command::Disband { unit: GERMAN_TANK }),
        Input::Command(Command::AirStrike {
            target: hex(4, 4),
            by: None
        }),
        Input::Command(Command::Flee {
            leader: GERMAN_TANK
        }),
        Input::Command(Command::LeaderSuicide {
            leader: GERMAN_TANK
        }),
        Input::Command(Command::LeaderMove {
            leader: GERMAN_TANK,
            to: hex(4, 4)
        }),
        Input::Rolled(DiceRoll::of(&[6, 1])),
        Input::Chose(3),
        Input::Drew(0),
    ]
}

#[test]
fn fb_notation_every_input_reads_back_as_written() {
    let d = data();
    for input in sample_inputs() {
        let mut line = std::string::String::new();
        <Game<'static> as Ruleset<'static>>::write_input(d, &input, &mut line).unwrap();
        assert!(!line.contains('\n'));
        let back = <Game<'static> as Ruleset<'static>>::read_input(d, &line).unwrap();
        assert_eq!(back, Some(input), "{line}");
    }
    assert_eq!(
        crate::fortress::notation::read(d, "  # a comment"),
        Ok(None)
    );
    assert_eq!(crate::fortress::notation::read(d, ""), Ok(None));
    for bad in [
        "fly 3 to the moon",
        "move 3 9999",
        "move 99 0101",
        "mode 2 d6",
        "end now",
    ] {
        assert!(crate::fortress::notation::read(d, bad).is_err(), "{bad}");
    }
}

#[test]
fn fb_contract_options_scenarios_and_sequence() {
    type R = Game<'static>;
    let d = data();
    assert_eq!(<R as Ruleset>::GAME.slug(), "fortress-berlin");
    assert_eq!(<R as Ruleset>::scenario_count(d), 1);
    let s = <R as Ruleset>::scenario(d, 0).unwrap();
    assert_eq!((s.id, s.case), ("skirmish", "13.0"));
    assert!(<R as Ruleset>::new(d, "no-such", Options::default()).is_err());
    let keys: Vec<_> = <R as Ruleset>::OPTIONS
        .iter()
        .map(|o| (o.key, o.case))
        .collect();
    assert_eq!(
        keys,
        [
            ("own-division-command", "3.5.3"),
            ("variant-reichstag-flak-tower", "16.1"),
            ("variant-latvians", "16.2"),
            ("variant-lvi-panzer-korps", "16.3"),
            ("variant-steiner", "16.4"),
            ("variant-wenck", "16.5"),
            ("ubahn", "17.1"),
            ("players", "17.3"),
            ("character-game", "17.4"),
            ("army-coordination", "17.5")
        ],
        "only what the engine enforces"
    );
    assert!(
        <R as Ruleset>::options_from_pairs([("variant-latvians", "7")]).is_err(),
        "a variant is on or off"
    );
    let on = <R as Ruleset>::options_from_pairs([("own-division-command", "on")]).unwrap();
    assert!(on.own_division_command);
    let game = <R as Ruleset>::new(d, "skirmish", on).unwrap();
    assert!(Ruleset::options(&game).own_division_command);
    let coordination = <R as Ruleset>::options_from_pairs([("army-coordination", "on")]).unwrap();
    assert!(
        coordination.army_coordination,
        "17.5 is offered now the engine enforces it"
    );
    let step = Ruleset::step(&game);
    assert_eq!(
        (step.turn, step.last_turn, step.side),
        (1, Some(2), Some(GERMAN))
    );
    assert_eq!(step.step.case, "4.1.1");
}
