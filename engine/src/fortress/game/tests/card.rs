//! The card a combat waiting for its 2d6 is read on (`Game::pending_card`): the same numbers
//! the roll then uses, and the lines that make up each total (8.2.4, 8.4.2).

use super::*;
use crate::fortress::combat::{CombatKind, Source, Strength};

#[test]
fn fb_8_4_2_the_pending_card_is_the_card_the_roll_is_read_on() {
    let (mut game, x) = assault_board();
    assert_eq!(game.pending_card(), None, "no combat waits for dice yet");
    let ev = assault(&mut game, x);
    let Event::AssaultAnnounced {
        attack,
        defence,
        letter,
        ..
    } = ev[0]
    else {
        panic!("{ev:?}");
    };
    let card = game.pending_card().expect("the assault waits for its roll");
    assert_eq!(
        (card.attack, card.defence, card.letter),
        (attack, defence, letter)
    );
    assert_eq!(card.kind, CombatKind::CloseAssault);
    assert_eq!(card.differential, card.attack - card.defence, "8.1.2");
    let combat = game.pending_combat().expect("the combat");
    assert_eq!(combat.target, x);
    // Each total is the sum of its lines, rounded down from half points (8.4.2 step 3).
    let sum = |attack: bool| {
        card.parts
            .iter()
            .filter(|p| p.attack == attack)
            .map(|p| p.halves)
            .sum::<u16>()
            / 2
    };
    assert_eq!(sum(true) as i16, card.attack);
    assert_eq!(sum(false) as i16, card.defence);
    let attackers: Vec<Source> = card
        .parts
        .iter()
        .filter(|p| p.attack)
        .map(|p| p.source)
        .collect();
    assert_eq!(
        attackers,
        [GERMAN_TANK, GERMAN_INFANTRY_1, GERMAN_INFANTRY_2].map(Source::Unit)
    );
    assert!(card
        .parts
        .iter()
        .any(|p| !p.attack && p.source == Source::Unit(SOVIET_RIFLES_1)));
    // Every roll does what the card says it would (8.4.2 step 4).
    for (a, b) in (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| (a, b))) {
        let roll = DiceRoll::of(&[a, b]);
        let expected = card.read(&game.data.combat, &roll).expect("read");
        let mut g = game.clone();
        let ev = g.apply(&Input::Rolled(roll)).expect("rolled");
        let got = ev.iter().find_map(|e| match e {
            Event::AssaultResult {
                roll, result, star, ..
            } => Some((*roll, *result, *star)),
            _ => None,
        });
        assert_eq!(
            got,
            Some((expected.roll, expected.cell.result, expected.cell.star)),
            "{a}+{b}"
        );
        assert_eq!(g.pending_card(), None, "the card goes with the roll");
    }
}

#[test]
fn fb_8_2_4_a_bombardment_card_totals_the_defenders_pf_and_the_hex() {
    let (mut game, target) = fire_board();
    bombard(&mut game, &[SOVIET_ARTILLERY], target, false).expect("bombarded");
    let card = game
        .pending_card()
        .expect("the bombardment waits for its roll");
    assert_eq!(card.kind, CombatKind::Bombardment);
    let defence: u16 = card
        .parts
        .iter()
        .filter(|p| !p.attack)
        .map(|p| p.halves)
        .sum();
    assert_eq!(
        defence as i16,
        card.defence * 2,
        "8.2.4 step 1: PFs and the hex"
    );
    assert!(card
        .parts
        .iter()
        .filter(|p| !p.attack)
        .all(|p| p.strength == Strength::Protection));
    let attack: Vec<_> = card.parts.iter().filter(|p| p.attack).collect();
    assert_eq!(attack.len(), 1);
    assert_eq!(attack[0].source, Source::Unit(SOVIET_ARTILLERY));
    assert_eq!(attack[0].halves as i16, card.attack * 2);
}
