//! The game-neutral contract on Fortress Berlin (issue 11): the generic checks of
//! `tests::generic` — written against `Ruleset` only, as the session and the CLI are — run on a
//! whole game on the engine's hand-made test board (`engine::fortress::testkit`), played by a
//! simple scripted player: move the German tank toward the Soviets, assault when adjacent, roll
//! middling dice, take the first option of every choice, end every segment.

use engine::core::contract::{for_viewer, GameEvent};
use engine::core::hex::HexId;
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::core::side::Viewer;
use engine::core::Ruleset;
use engine::fortress::board::{Options, SegmentKind};
use engine::fortress::game::{Assaulters, Force};
use engine::fortress::testkit;
use engine::fortress::{Command, Game, GameData};
use std::sync::OnceLock;
use tests::generic::{notation_round_trip, play, refusals_keep_the_state, replay};

fn data() -> &'static GameData {
    static DATA: OnceLock<&'static GameData> = OnceLock::new();
    DATA.get_or_init(|| Box::leak(Box::new(testkit::data())))
}

type Fb = Game<'static>;

/// A whole game's journal: the scripted player above, to the end of the last turn.
fn journal() -> Vec<Input<Command>> {
    let d = data();
    let mut game = Fb::new(d, "skirmish", Options::default()).expect("scenario");
    let mut out = Vec::new();
    let target = testkit::hex(4, 7);
    let g = d.map.geometry;
    let mut push = |game: &mut Fb, input: Input<Command>| -> bool {
        let ok = Ruleset::apply(game, &input).is_ok();
        if ok {
            out.push(input);
        }
        ok
    };
    for _ in 0..500 {
        let input = match Ruleset::pending(&game) {
            Pending::GameOver => break,
            Pending::Roll { .. } => Input::Rolled(DiceRoll::of(&[4, 3])),
            Pending::Choose { .. } | Pending::DrawChit { .. } => Input::Chose(0),
            Pending::Command { .. } => {
                let seg = game.state.board.segment;
                let tank = testkit::GERMAN_TANK;
                let at = game.state.board.hex_of(tank);
                if seg.kind == SegmentKind::Movement && seg.side == testkit::GERMAN_TANK_SIDE {
                    if let Some(at) = at.filter(|&h| !g.adjacent(h, target)) {
                        let next: Option<HexId> = g
                            .neighbours(at)
                            .map(|(_, h)| h)
                            .filter(|&h| g.distance(h, target) < g.distance(at, target))
                            .find(|&h| {
                                let mut probe = game.clone();
                                let units: Force = [tank].into_iter().collect();
                                Ruleset::apply(
                                    &mut probe,
                                    &Input::Command(Command::Move { units, to: h }),
                                )
                                .is_ok()
                            });
                        if let Some(h) = next {
                            let units: Force = [tank].into_iter().collect();
                            push(&mut game, Input::Command(Command::Move { units, to: h }));
                            continue;
                        }
                    }
                }
                if seg.kind == SegmentKind::Combat
                    && seg.side == testkit::GERMAN_TANK_SIDE
                    && at.is_some_and(|h| g.adjacent(h, target))
                    && game
                        .state
                        .board
                        .stacks
                        .at(target, seg.side.other())
                        .is_some()
                {
                    let attackers: Assaulters = [tank].into_iter().collect();
                    if push(
                        &mut game,
                        Input::Command(Command::Assault { attackers, target }),
                    ) {
                        continue;
                    }
                }
                Input::Command(Command::EndSegment)
            }
        };
        assert!(
            push(&mut game, input),
            "the scripted player's input is refused"
        );
    }
    assert_eq!(
        Ruleset::pending(&game),
        Pending::GameOver,
        "the game runs to its end"
    );
    out
}

#[test]
fn contract_fortress_a_whole_game_replays_to_byte_identical_states() {
    let d = data();
    let j = journal();
    assert!(
        j.iter()
            .any(|i| matches!(i, Input::Command(Command::Assault { .. }))),
        "the scripted game has a close assault"
    );
    assert!(j.iter().any(|i| matches!(i, Input::Rolled(_))));
    let played = play::<Fb>(d, "skirmish", Options::default(), &j);
    let resumed: Fb = replay(d, "skirmish", Options::default(), &j);
    assert_eq!(
        postcard::to_allocvec(Ruleset::state(&resumed)).unwrap(),
        *played.states.last().unwrap(),
        "apply_in_place reaches the same state as apply"
    );
    // Every event cites a case; the log of each seat hides the other's moves.
    let all: Vec<_> = played.events.iter().flatten().cloned().collect();
    assert!(all
        .iter()
        .all(|e| !engine::core::protocol::Cited::case(e).is_empty()));
    let german = for_viewer(&all, Viewer::Side(testkit::GERMAN_TANK_SIDE)).count();
    let public = for_viewer(&all, Viewer::Public).count();
    assert!(german > public, "the German's moves are in his log only");
    assert!(all.iter().any(|e| !e.visibility().is_public()));
}

#[test]
fn contract_fortress_notation_round_trips_a_whole_game() {
    let lines = notation_round_trip::<Fb>(data(), &journal());
    assert!(lines.iter().any(|l| l.starts_with("assault ")), "{lines:?}");
}

#[test]
fn contract_fortress_undo_stops_at_rolls_and_assaults() {
    let j = journal();
    for n in 1..=j.len() {
        let prefix = &j[..n];
        let last = &prefix[n - 1];
        let fact = matches!(
            last,
            Input::Rolled(_) | Input::Command(Command::Assault { .. })
        );
        assert_eq!(<Fb as Ruleset>::is_fact(last), fact, "{last:?}");
        assert_eq!(
            <Fb as Ruleset>::undo_len(prefix).is_none(),
            fact,
            "{last:?}"
        );
    }
}

#[test]
fn contract_fortress_refusals_leave_the_state_as_it_was() {
    let mut game = Fb::new(data(), "skirmish", Options::default()).expect("scenario");
    let units: Force = [testkit::GERMAN_TANK].into_iter().collect();
    refusals_keep_the_state(
        &mut game,
        &[
            Input::Command(Command::Move {
                units,
                to: testkit::hex(3, 6),
            }),
            Input::Rolled(DiceRoll::of(&[3, 3])),
            Input::Chose(0),
        ],
    );
}
