//! The game-neutral contract (`engine::core::contract::Ruleset`, issue 10) on real Berlin '85
//! games. The generic functions here know only the trait — they are what the session, the CLI
//! and the start screen will do for every game — and each is checked against Berlin '85's own
//! API: the same states byte for byte, the same events, the same notation, the same undo
//! boundary, and event visibility equal to the UI's secret-line rule.

use engine::berlin85::{Game, Input85, Options};
use engine::core::contract::{for_viewer, Catalogue, GameCatalogue, GameEvent};
use engine::core::journal;
use engine::core::options::{OptionError, OptionKind, OptionValue};
use engine::core::protocol::{Cited, Input, Pending};
use engine::core::side::Viewer;
use engine::core::{EventVisibility, GameId, Ruleset};
use std::fmt::Write as _;
use std::sync::OnceLock;
use tests::generic::{notation_round_trip, play, replay, Played};
use tests::{berlin85, options_for, playout_to_end};

type Journal = (&'static str, u64, Vec<Input85>);

/// Real journals, played once per test binary: every scenario, with seeds whose options
/// differ ([`options_for`]: seed 1 plays with poison gas, seed 2 with sequential combat).
fn journals() -> &'static [Journal] {
    static ALL: OnceLock<Vec<Journal>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut out = Vec::new();
        for scenario in ["unity", "werewolf", "medicine_wheel"] {
            for seed in 0..4 {
                let (j, _) = playout_to_end(berlin85(), scenario, seed, 100_000, false)
                    .unwrap_or_else(|e| panic!("{e}"));
                out.push((scenario, seed, j));
            }
        }
        out
    })
}

// The generic functions (written against the trait only) are in `tests::generic`, shared with
// `contract_fortress.rs`.

// ---- the tests -----------------------------------------------------------------------------------

#[test]
fn contract_replays_real_games_to_byte_identical_states_and_the_same_events() {
    let data = berlin85();
    for &(scenario, seed, ref journal) in journals() {
        let options = options_for(seed);
        let through: Played<Game<'_>, _> = play(data, scenario, options, journal);
        // The direct API, input by input.
        let mut direct = Game::new(data, scenario, options).expect("scenario");
        for (n, input) in journal.iter().enumerate() {
            let evs = direct.apply(input).expect("accepted when played");
            let bytes = postcard::to_allocvec(&direct.state).expect("state encodes");
            assert!(
                bytes == through.states[n],
                "{scenario} seed {seed}: state differs after input {n} {input:?}"
            );
            let mine: Vec<_> = through.events[n].iter().map(|e| e.event.clone()).collect();
            assert_eq!(
                mine,
                evs.to_vec(),
                "{scenario} seed {seed}: events of input {n}"
            );
        }
        assert!(tests::same_state(&through.game.state, &direct.state));
        assert!(matches!(Ruleset::pending(&through.game), Pending::GameOver));
        let resumed: Game<'_> = replay(data, scenario, options, journal);
        assert!(
            tests::same_state(&resumed.state, &direct.state),
            "{scenario} seed {seed}: apply_in_place through the contract"
        );
        assert_eq!(
            Ruleset::view(&resumed, Viewer::Public),
            direct.view(Viewer::Public)
        );
    }
}

#[test]
fn contract_refusals_leave_the_state_as_it_was() {
    let data = berlin85();
    let mut g: Game<'_> = Ruleset::new(data, "unity", Options::default()).expect("scenario");
    let before = postcard::to_allocvec(Ruleset::state(&g)).unwrap();
    // Set-up waits for a placement; combat commands and rolls are refused with a case.
    for bad in [
        Input::Command(engine::berlin85::Command::EndCombat),
        Input::Rolled(engine::core::DiceRoll::of(&[3])),
        Input::Chose(40),
    ] {
        let r = Ruleset::apply(&mut g, &bad);
        assert!(!r.unwrap_err().case.is_empty());
        assert_eq!(postcard::to_allocvec(Ruleset::state(&g)).unwrap(), before);
    }
}

/// The rule the UI applied before it asked the engine (its log matched case numbers): an event
/// is hidden when its input answered a secret roll and its case starts with "17". The engine's
/// visibility must hide exactly these lines.
fn ui_hides(before: &Game<'_>, input: &Input85, case: &str) -> bool {
    matches!(input, Input::Rolled(_))
        && matches!(before.pending(), Pending::Roll { secret: true, .. })
        && case.starts_with("17")
}

#[test]
fn contract_event_visibility_agrees_with_the_uis_secret_lines_on_real_games() {
    let data = berlin85();
    let (mut hidden, mut public) = (0usize, 0usize);
    for &(scenario, seed, ref journal) in journals() {
        let mut g = Game::new(data, scenario, options_for(seed)).expect("scenario");
        for (n, input) in journal.iter().enumerate() {
            let before = g.clone();
            let roller = match before.pending() {
                Pending::Roll { player, .. } => Some(player),
                _ => None,
            };
            let events = Ruleset::apply(&mut g, input).expect("accepted when played");
            // An onlooker's log holds the public lines; the roller's holds every line.
            let onlooker = for_viewer(&events, Viewer::Public).count();
            let n_hidden = events
                .iter()
                .filter(|e| !e.visibility().is_public())
                .count();
            assert_eq!(onlooker + n_hidden, events.len());
            if let Some(r) = roller {
                assert_eq!(for_viewer(&events, Viewer::Side(r)).count(), events.len());
            }
            for e in &events {
                let ui = ui_hides(&before, input, e.case());
                assert_eq!(
                    !e.visibility().is_public(),
                    ui,
                    "{scenario} seed {seed} input {n}: {e}"
                );
                if ui {
                    hidden += 1;
                    assert_eq!(e.visibility(), EventVisibility::Only(roller.unwrap()));
                    assert!(!e.visibility().shows_to(Viewer::Public));
                } else {
                    public += 1;
                    assert!(e.visibility().shows_to(Viewer::Public));
                }
            }
        }
    }
    assert!(hidden > 0, "the games rolled no secret [17.0] roll");
    assert!(public > hidden);
}

#[test]
fn contract_notation_round_trips_and_is_berlin85s_own() {
    let data = berlin85();
    for &(scenario, seed, ref journal) in journals() {
        let lines = notation_round_trip::<Game<'_>>(data, journal);
        for (line, input) in lines.iter().zip(journal) {
            assert_eq!(
                line.as_str(),
                engine::berlin85::notation::format_input(data, input).as_str(),
                "{scenario} seed {seed}"
            );
        }
    }
}

#[test]
fn contract_undo_boundary_is_core_journals_answer() {
    let (mut facts, mut undoable) = (0, 0);
    for &(scenario, seed, ref journal) in journals() {
        for end in 0..=journal.len() {
            let prefix = &journal[..end];
            let through = <Game<'_> as Ruleset<'_>>::undo_len(prefix);
            let core = journal::undo_len(prefix, |c| c.reveals());
            assert_eq!(through, core, "{scenario} seed {seed}, {end} inputs");
            match through {
                Some(n) => {
                    undoable += 1;
                    assert_eq!(n, end - 1);
                }
                None if end > 0 => {
                    facts += 1;
                    let last = &prefix[end - 1];
                    assert!(<Game<'_> as Ruleset<'_>>::is_fact(last));
                    assert!(
                        matches!(last, Input::Rolled(_) | Input::Drew(_)),
                        "Berlin '85 commands reveal nothing by themselves: {last:?}"
                    );
                }
                None => {}
            }
        }
    }
    assert!(facts > 0 && undoable > 0);
}

#[test]
fn contract_scenarios_and_options_are_the_datas() {
    type R<'d> = Game<'d>;
    let data = berlin85();
    assert_eq!(<R<'_> as Ruleset<'_>>::GAME, GameId::Berlin85);
    assert_eq!(
        GameId::from_slug(<R<'_> as Ruleset<'_>>::GAME.slug()),
        Some(GameId::Berlin85)
    );
    // The session's save header names the game "berlin85" today.
    assert_eq!(<R<'_> as Ruleset<'_>>::GAME.slug(), "berlin85");

    let n = <R<'_> as Ruleset<'_>>::scenario_count(data);
    assert_eq!(n, data.scenarios.len());
    assert!(n >= 3);
    for (i, s) in data.scenarios.iter().enumerate() {
        let info = <R<'_> as Ruleset<'_>>::scenario(data, i).expect("listed");
        assert_eq!(
            (info.id, info.name, info.case),
            (s.id.as_str(), s.name.as_str(), s.case.as_str())
        );
        let g = <R<'_> as Ruleset<'_>>::new(data, info.id, Options::default()).expect("starts");
        assert_eq!(g.scenario().id.as_str(), info.id);
        let step = Ruleset::step(&g);
        assert_eq!((step.step.name, step.step.case), ("Set-up", "3.0"));
        assert_eq!(step.last_turn, Some(s.end_turn as u16));
    }
    assert!(<R<'_> as Ruleset<'_>>::scenario(data, n).is_none());
    let e = <R<'_> as Ruleset<'_>>::new(data, "no-such", Options::default())
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e, engine::berlin85::game::NewGameError::UnknownScenario);
    assert_eq!(e.to_string(), "no such scenario");

    // Options: the list's defaults are the game's defaults, every key reads and writes its
    // own field, and key=value text sets them.
    let defaults = <R<'_> as Ruleset<'_>>::default_options();
    assert_eq!(defaults, Options::default());
    let list = <R<'_> as Ruleset<'_>>::OPTIONS;
    assert_eq!(
        list.len(),
        2,
        "Berlin '85 has two options: [8.8] and the [7.0] note"
    );
    let mut seen = Vec::new();
    for o in list {
        assert_eq!(
            <R<'_> as Ruleset<'_>>::option(&defaults, o.key),
            Some(o.default_value()),
            "{}",
            o.key
        );
        assert!(matches!(o.kind, OptionKind::Flag { .. }));
        let on = <R<'_> as Ruleset<'_>>::options_from_pairs([(o.key, "on")]).expect("sets");
        assert_ne!(on, defaults, "{} changes the options", o.key);
        seen.push((o.key, o.case, on));
    }
    assert_eq!(
        seen,
        vec![
            (
                "poison-gas",
                "8.8",
                Options {
                    poison_gas: true,
                    sequential_combat: false
                }
            ),
            (
                "sequential-combat",
                "7.0",
                Options {
                    poison_gas: false,
                    sequential_combat: true
                }
            ),
        ]
    );
    let both = <R<'_> as Ruleset<'_>>::options_from_pairs([
        ("poison-gas", "yes"),
        ("sequential-combat", "1"),
        ("poison-gas", "off"),
    ])
    .unwrap();
    assert_eq!(
        both,
        Options {
            poison_gas: false,
            sequential_combat: true
        }
    );
    assert_eq!(
        <R<'_> as Ruleset<'_>>::options_from_pairs([("gas", "on")]),
        Err(OptionError::unknown("gas"))
    );
    assert!(matches!(
        <R<'_> as Ruleset<'_>>::options_from_pairs([("poison-gas", "sometimes")]),
        Err(OptionError::BadValue { .. })
    ));
    assert_eq!(
        <R<'_> as Ruleset<'_>>::option(&both, "poison-gas"),
        Some(OptionValue::Flag(false))
    );

    // The object-safe catalogue the start screen holds, one per game with data.
    let cat = Catalogue::<R<'_>>::new(data);
    let shelf: [&dyn GameCatalogue; 1] = [&cat];
    let mut listed = String::new();
    for c in shelf {
        for i in 0..c.scenario_count() {
            let s = c.scenario(i).unwrap();
            let _ = write!(listed, "{}:{} [{}];", c.game().slug(), s.id, s.case);
        }
        assert_eq!(c.options().len(), 2);
        assert_eq!(c.side_name(engine::berlin85::NATO), "NATO");
    }
    assert!(listed.contains("berlin85:unity"), "{listed}");
    assert!(
        listed.contains("berlin85:medicine_wheel [21.3]"),
        "{listed}"
    );
}

#[test]
fn contract_sequence_step_follows_the_phase_through_a_real_game() {
    use engine::berlin85::contract::step_index;
    let data = berlin85();
    let (scenario, seed, ref journal) = journals()[0];
    let mut g = Game::new(data, scenario, options_for(seed)).expect("scenario");
    let mut visited = vec![false; <Game<'_> as Ruleset<'_>>::SEQUENCE.len()];
    for input in journal {
        let s = Ruleset::step(&g);
        assert_eq!(s.index, step_index(g.state.phase));
        assert_eq!(s.step, <Game<'_> as Ruleset<'_>>::SEQUENCE[s.index]);
        assert_eq!(s.turn, g.state.turn as u16);
        if s.index != 0 {
            assert_eq!(s.side, Some(g.state.phasing));
        }
        visited[s.index] = true;
        g.apply(input).expect("accepted when played");
    }
    let end = Ruleset::step(&g);
    assert_eq!((end.step.name, end.side), ("Game over", None));
    visited[end.index] = true;
    // Set-up, movement, combat and the end are always passed through.
    for i in [0, 3, 4, 5] {
        assert!(visited[i], "step {i} never shown: {visited:?}");
    }
}

#[test]
fn all_three_games_are_listed_and_the_unfinished_ones_say_so() {
    let titles: Vec<_> = GameId::ALL
        .iter()
        .map(|g| (g.slug(), g.rules_status().label()))
        .collect();
    assert_eq!(
        titles,
        vec![
            ("berlin85", "rules complete"),
            ("fortress-berlin", "rules complete"),
            ("gates", "rules in progress; playable at the table"),
        ]
    );
}
