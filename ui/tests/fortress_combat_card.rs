//! *Fortress Berlin*'s combat card on the framed table (issue 12): a close assault waiting for
//! its 2d6 shows the card first — title, totals, the differential, the Upper Matrix reading
//! and each shift with its case, the letter, what every total of the dice would do — and the
//! card's Roll leaves the dice dialog. The game is brought to the roll by session inputs (the
//! defending unit set next to an attacker on a copy of the state), then resumed on the table.

mod common;

use common::*;
use engine::core::contract::Ruleset;
use engine::core::hex::Dir;
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::core::side::Viewer;
use engine::core::units::UnitId;
use engine::fortress::board::SegmentKind;
use engine::fortress::counters::COMBAT;
use engine::fortress::game::{Assaulters, Choice};
use ui::session::fortress::{Command, Fortress, Options};
use ui::session::{Header, MemoryPersist, Resume, Session};
use ui::UiConfig;

/// A full game set up and played by session inputs to its first combat segment, then a close
/// assault announced and its Support Fire and gun fire declined: the resume record of it.
fn at_a_close_assault_roll() -> Resume<Fortress> {
    let data = ui::session::fortress::builtin_data().expect("data");
    let header = Header::for_game::<Fortress>("full-game", &Options::default(), 7);
    let mut s = Session::<Fortress>::new(data, header, Box::new(MemoryPersist::default()))
        .expect("a session");
    while matches!(s.pending(), Pending::DrawChit { .. }) {
        s.apply(Input::Drew(0)).expect("drawn");
    }
    s.auto_place().expect("auto-place");
    s.apply(Input::Command(Command::SetUpDone)).expect("set up");
    for _ in 0..200 {
        let g = s.game();
        if g.state.board.segment.kind == SegmentKind::Combat
            && matches!(s.pending(), Pending::Command { .. })
        {
            break;
        }
        let input = match s.pending() {
            Pending::Command { .. } => {
                Input::Command(Ruleset::step_end(g).expect("a step end").command)
            }
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Choose { .. } => Input::Chose(0),
            Pending::Roll { dice, .. } => {
                Input::Rolled(DiceRoll::of(&vec![3; usize::from(dice.count)]))
            }
            Pending::GameOver => panic!("the game ended before a combat segment"),
        };
        s.apply(input).expect("accepted");
    }
    let g = s.game();
    let side = g.phasing();
    let view = |v: engine::core::side::Side| g.view(Viewer::Side(v));
    let own: Vec<_> = view(side)
        .forces
        .iter()
        .filter(|f| f.owner == side)
        .flat_map(|f| f.units.iter().map(move |&u| (u, f.hex)))
        .collect();
    // The enemy's units, on the map or not yet (the Soviet arrives by reinforcement, 5.0).
    let enemy: Vec<UnitId> = (0..g.state.board.units.len() as u16)
        .map(UnitId)
        .filter(|&u| {
            data.forces
                .counter(u)
                .is_some_and(|c| c.side == side.other())
        })
        .collect();
    let geometry = data.map.geometry;
    for &(x, at) in &own {
        for &y in enemy.iter().take(12) {
            for d in Dir::ALL {
                let Some(n) = geometry.neighbour(at, d) else {
                    continue;
                };
                let b = &g.state.board;
                if b.occupied_by(n, side) || b.occupied_by(n, side.other()) {
                    continue;
                }
                let mut set = g.clone();
                let board = &mut set.state.board;
                if board.stacks.of(y).is_some() && board.stacks.take(y).is_err() {
                    continue;
                }
                if board.place(&data.forces, y, n, COMBAT, Dir::Up).is_err() {
                    continue;
                }
                let mut tried = set.clone();
                let attackers: Assaulters = [x].into_iter().collect();
                let assault = Input::Command(Command::Assault {
                    attackers,
                    target: n,
                });
                if tried.apply(&assault).is_err() {
                    continue;
                }
                let mut inputs = s.inputs().to_vec();
                let snapshot = (inputs.len(), set.state.clone());
                inputs.push(assault);
                while let Pending::Choose { options, .. } = tried.pending() {
                    let stop = options.iter().position(|&c| c == Choice::Stop).unwrap_or(0);
                    let answer = Input::Chose(stop as u8);
                    tried.apply(&answer).expect("none");
                    inputs.push(answer);
                }
                if tried.pending_card().is_none() {
                    continue;
                }
                return Resume {
                    header: s.header().clone(),
                    inputs,
                    snapshot: Some(snapshot),
                };
            }
        }
    }
    panic!("no close assault could be set up");
}

#[test]
fn fortress_berlin_combat_card_before_the_dice_then_roll() {
    let resume = at_a_close_assault_roll();
    let (t, _persist) = table(
        1280.0,
        800.0,
        UiConfig {
            seed: Some(7),
            seats: ui::Seats::Same,
            ..UiConfig::default()
        },
    );
    let w = t.window();
    t.offer_fortress_resume(resume, true);
    settle();
    let card = t
        .with_fortress(|s| s.and_then(|s| s.game().pending_card()))
        .expect("the close assault waits for its 2d6");
    // The card is up before the dice: its title, its letter, its shift rows.
    let title = label_starting(w, "combat card ").expect("the combat card is shown");
    assert!(
        title.starts_with("combat card Close Assault on "),
        "{title}"
    );
    let letter = card.letter_name().expect("a letter").to_string();
    assert!(
        shows(w, &format!("final column {letter}")),
        "the letter {letter}: {:?}",
        labels(w, 80)
    );
    let sign = |n: i16| match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", -n),
        _ => "0".to_string(),
    };
    let differential = label_starting(w, "differential ").expect("the differential");
    assert!(
        differential.contains(&format!("= {}", sign(card.differential))),
        "{differential}"
    );
    assert_eq!(find_all(w, "shift [8.1.4] Upper Matrix").len(), 1);
    for case in card
        .shifts
        .iter()
        .map(|s| s.case)
        .chain(card.modifiers.iter().map(|m| m.case))
    {
        assert!(
            !find_all(w, &format!("shift [{case}]")).is_empty(),
            "the {case} row: {:?}",
            find_all_labels(w, "shift ")
        );
    }
    assert_eq!(find_all(w, "face ").len(), 11, "the totals 2 to 12");
    snapshot(w, "fortress-combat-card");
    // The card's Roll puts it away and leaves the dice dialog; nothing is rolled yet.
    let before = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    tap(w, "Roll");
    assert!(
        label_starting(w, "combat card ").is_none(),
        "the card is put away"
    );
    assert!(shows(w, "Roll"), "the dice dialog: {:?}", labels(w, 60));
    assert_eq!(
        t.with_fortress(|s| s.map_or(0, |s| s.inputs().len())),
        before
    );
    tap(w, "Roll");
    let after = t.with_fortress(|s| s.map_or(0, |s| s.inputs().len()));
    assert_eq!(after, before + 1, "the table's 2d6 were rolled");
    assert!(t
        .with_fortress(|s| s.and_then(|s| s.game().pending_card()))
        .is_none());
}

fn find_all_labels(w: &ui::AppWindow, prefix: &str) -> Vec<String> {
    find_all(w, prefix)
        .into_iter()
        .filter_map(|e| e.accessible_label())
        .map(|l| l.to_string())
        .collect()
}
