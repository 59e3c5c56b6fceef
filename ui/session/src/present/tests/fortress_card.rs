//! *Fortress Berlin*'s combat card as the table words it, on real combats of the engine's
//! test board: every number a player reads is the engine's card's (8.1.2–8.1.5, 8.2.4, 8.4.2,
//! 8.5, 8.6), and an enemy force's units stay hidden where 3.1.5 and 3.6 hide them.

use super::super::*;
use crate::fortress::{Command as FbCommand, Fortress, Options as FbOptions};
use engine::core::contract::Ruleset;
use engine::core::faces::Face;
use engine::core::hex::Dir;
use engine::core::protocol::{DiceRoll, Input};
use engine::fortress::board::SegmentKind;
use engine::fortress::combat::{CombatCard, CombatKind};
use engine::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use engine::fortress::game::Choice as FbChoice;
use engine::fortress::testkit::{self, *};

fn test_game() -> Fortress {
    let data: &'static _ = Box::leak(Box::new(testkit::data()));
    Fortress::new(data, "skirmish", FbOptions::default()).expect("the test board")
}

fn put(g: &mut Fortress, u: UnitId, hex: HexId, face: Face, facing: Dir) {
    let b = &mut g.state.board;
    if b.stacks.of(u).is_some() {
        b.stacks.take(u).expect("on the map");
    }
    b.place(&g.data.forces, u, hex, face, facing)
        .expect("placed");
}

fn n(h: HexId, d: Dir) -> HexId {
    testkit::geometry().neighbour(h, d).expect("on the board")
}

/// Ends segments until `side`'s `kind` segment.
fn until(g: &mut Fortress, side: Side, kind: SegmentKind) {
    for _ in 0..20 {
        let s = g.state.board.segment;
        if s.side == side && s.kind == kind && matches!(g.pending(), Pending::Command { .. }) {
            return;
        }
        g.apply(&Input::Command(FbCommand::EndSegment))
            .expect("the segment ends");
    }
    panic!("never reached {side:?} {kind:?}");
}

/// "None" to Support Fire (3.5.2) and the defender's gun fire (8.3.5).
fn no_support_no_fire(g: &mut Fortress) {
    while let Pending::Choose { options, .. } = g.pending() {
        let stop = options
            .iter()
            .position(|&c| c == FbChoice::Stop)
            .expect("none is an option");
        g.apply(&Input::Chose(stop as u8)).expect("none");
    }
}

/// The German tank (maneuver mode, facing it) and two infantry close assault the Soviet
/// rifles in clear 0603: the German combat segment, the card waiting for the 2d6.
fn close_assault() -> (Fortress, HexId) {
    let mut g = test_game();
    let x = hex(6, 3);
    put(&mut g, SOVIET_RIFLES_1, x, COMBAT, Dir::Up);
    put(&mut g, GERMAN_TANK, n(x, Dir::Down), MANEUVER, Dir::Up);
    put(
        &mut g,
        GERMAN_INFANTRY_1,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    put(
        &mut g,
        GERMAN_INFANTRY_2,
        n(x, Dir::DownLowerCol),
        COMBAT,
        Dir::Up,
    );
    until(&mut g, GERMAN, SegmentKind::Combat);
    let attackers = [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2]
        .into_iter()
        .collect();
    g.apply(&Input::Command(FbCommand::Assault {
        attackers,
        target: x,
    }))
    .expect("announced");
    no_support_no_fire(&mut g);
    (g, x)
}

fn name(g: &Fortress, u: UnitId) -> String {
    g.data
        .forces
        .counter(u)
        .expect("a counter")
        .name
        .to_string()
}

/// What a player reads against the engine's card: the totals, the differential, the letter,
/// each shift's and modifier's case, and each face's result.
fn check_against_engine(g: &Fortress, text: &CardText, card: &CombatCard) {
    assert_eq!(text.attack_total, card.attack.to_string());
    assert_eq!(text.defence_total, card.defence.to_string());
    let diff = match card.differential {
        d if d > 0 => format!("= +{d}"),
        d if d < 0 => format!("= −{}", -d),
        _ => "= 0".to_string(),
    };
    assert!(text.differential.contains(&diff), "{}", text.differential);
    assert!(text.differential.contains("[8.1.2]"));
    assert_eq!(
        text.column,
        card.letter_name().expect("a letter").to_string(),
        "the Lower Matrix column after shifts"
    );
    // The Upper Matrix reading, then every shift, then every modifier, each by its case.
    let cases: Vec<&str> = text.shifts.iter().map(|s| s.0).collect();
    let mut expected = vec!["8.1.4"];
    expected.extend(card.shifts.iter().map(|s| s.case));
    expected.extend(card.modifiers.iter().map(|m| m.case));
    assert_eq!(cases, expected);
    let base = engine::core::crt::Letters::A_TO_I.name(card.base_letter.expect("a letter"));
    assert_eq!(
        text.shifts[0].2,
        base.to_string(),
        "the letter before shifts"
    );
    // Every total of 2d6 reads the cell the engine reads.
    assert_eq!(text.faces.len(), 11, "2 to 12");
    for (i, (face, code, what)) in text.faces.iter().enumerate() {
        let total = i as u8 + 2;
        assert_eq!(face, &total.to_string());
        let (a, b) = if total <= 7 {
            (1, total - 1)
        } else {
            (total - 6, 6)
        };
        let out = card
            .read(&g.data.combat, &DiceRoll::of(&[a, b]))
            .expect("read");
        let star = if out.cell.star { "*" } else { "" };
        assert_eq!(
            code,
            &format!("{}{star}", out.cell.result.symbol()),
            "{total}"
        );
        assert!(what.ends_with("[8.6]"), "{what}");
    }
}

#[test]
fn fb_8_4_2_the_close_assault_card_shows_the_engines_numbers_before_the_dice() {
    let (g, x) = close_assault();
    let card = g.pending_card().expect("the engine's card");
    let frame = frame(&g, Viewer::Side(GERMAN));
    let text = frame.card.expect("the frame carries the card at the roll");
    assert_eq!(
        text.title,
        format!("Close Assault on {}", g.data.map.geometry.format(x))
    );
    assert_eq!(text.case, "8.4");
    check_against_engine(&g, &text, &card);
    // 8.4.2 step 3, 3.6: a close assault shows both forces, unit by unit.
    for u in [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2] {
        assert!(
            text.attack
                .iter()
                .any(|(l, v)| l.starts_with(&name(&g, u)) && v.starts_with("FS ")),
            "{:?}",
            text.attack
        );
    }
    assert!(text
        .defence
        .iter()
        .any(|(l, _)| l.starts_with(&name(&g, SOVIET_RIFLES_1))));
    // The defender, and an onlooker, read the same card.
    for viewer in [Viewer::Side(SOVIET), Viewer::Public] {
        assert_eq!(frame_card(&g, viewer), Some(text.clone()), "{viewer:?}");
    }
    // A roll: the card goes, with the combat.
    let mut after = g.clone();
    after
        .apply(&Input::Rolled(DiceRoll::of(&[3, 4])))
        .expect("rolled");
    assert_eq!(frame_card(&after, Viewer::Side(GERMAN)), None);
}

fn frame_card(g: &Fortress, viewer: Viewer) -> Option<CardText> {
    frame(g, viewer).card
}

#[test]
fn fb_8_1_5_8_5_shifts_and_dice_modifiers_are_worded_with_their_cases() {
    // The rifles in ruins (9.0.3): the hex's PF and its dice modifier come on the card.
    let (mut g, x) = close_assault();
    g.state.board.add_ruins(x).expect("ruined");
    let card = g.pending_card().expect("the engine's card");
    assert!(!card.modifiers.is_empty(), "ruins modify the dice");
    let text = frame_card(&g, Viewer::Side(GERMAN)).expect("the card");
    check_against_engine(&g, &text, &card);
    let ruins = text
        .shifts
        .iter()
        .find(|s| s.0 == "9.0.3")
        .expect("the ruins' modifier");
    assert!(ruins.1.contains("ruins"), "{ruins:?}");
    assert!(ruins.2.starts_with('−'), "{ruins:?}");
    // A face the modifier lowers says what it is read as.
    assert!(text.faces.iter().any(|f| f.2.starts_with("read as ")));
}

#[test]
fn fb_3_6_a_bombardment_card_shows_the_defenders_pfs_but_not_who_they_are() {
    let mut g = test_game();
    let target = hex(4, 4);
    let at = n(n(target, Dir::Up), Dir::Up);
    put(&mut g, SOVIET_ARTILLERY, at, COMBAT, Dir::Down);
    until(&mut g, SOVIET, SegmentKind::Combat);
    g.apply(&Input::Command(FbCommand::Bombard {
        firers: [SOVIET_ARTILLERY].into_iter().collect(),
        target,
        mixed: false,
    }))
    .expect("bombarded");
    let card = g.pending_card().expect("the engine's card");
    assert_eq!(card.kind, CombatKind::Bombardment);
    let soviet = frame_card(&g, Viewer::Side(SOVIET)).expect("the card");
    assert!(soviet.title.starts_with("Bombardment on "));
    check_against_engine(&g, &soviet, &card);
    // The Soviet sees his own artillery, and the German PFs without their names (3.6).
    assert!(soviet.attack[0].0.starts_with(&name(&g, SOVIET_ARTILLERY)));
    let defenders: Vec<UnitId> = g
        .view(Viewer::Side(GERMAN))
        .forces
        .iter()
        .filter(|f| f.hex == target)
        .flat_map(|f| f.units.iter().copied())
        .collect();
    assert!(!defenders.is_empty());
    for u in &defenders {
        let n = name(&g, *u);
        assert!(
            soviet.defence.iter().all(|(l, _)| !l.contains(&n)),
            "{n} is named to the Soviet: {:?}",
            soviet.defence
        );
    }
    assert!(soviet
        .defence
        .iter()
        .any(|(l, v)| l.starts_with("a unit") && v.starts_with("PF ")));
    // The German sees his own units by name.
    let german = frame_card(&g, Viewer::Side(GERMAN)).expect("the card");
    assert!(german
        .defence
        .iter()
        .any(|(l, _)| l.starts_with(&name(&g, defenders[0]))));
    assert!(soviet.note.contains("[8.2.4]"));
}
