//! The fog of war in each seat's view (3.1.5, 3.6), bombardments' included.

use super::*;

// ---- the fog of war in each seat's view ---------------------------------------------------------------

fn seen(view: &View<'_>, hex: HexId, owner: Side) -> (Vec<UnitId>, bool) {
    let f = view
        .forces
        .iter()
        .find(|f| f.hex == hex && f.owner == owner)
        .expect("a force there");
    (f.units.iter().copied().collect(), f.top_only)
}

#[test]
fn fb_fog_3_1_5_each_seat_sees_its_own_forces_and_the_enemys_top_unit() {
    let game = game(data());
    let h = hex(4, 4);
    let own = Ruleset::view(&game, Viewer::Side(GERMAN));
    let (mut mine, top_only) = seen(&own, h, GERMAN);
    mine.sort_by_key(|u| u.0);
    assert_eq!(
        (mine, top_only),
        (std::vec![GERMAN_INFANTRY_1, GERMAN_INFANTRY_2], false)
    );
    let enemy = Ruleset::view(&game, Viewer::Side(SOVIET));
    let (units, top_only) = seen(&enemy, h, GERMAN);
    assert!(top_only);
    assert_eq!(
        units.len(),
        1,
        "the enemy sees the top unit only, not how many lie beneath"
    );
    let onlooker = Ruleset::view(&game, Viewer::Public);
    assert!(seen(&onlooker, h, GERMAN).1);
    // The owner chooses the top unit (3.1.5).
    let mut game = game;
    let top = units[0];
    let other = if top == GERMAN_INFANTRY_1 {
        GERMAN_INFANTRY_2
    } else {
        GERMAN_INFANTRY_1
    };
    cmd(&mut game, Command::Top { unit: other }).unwrap();
    let enemy = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert_eq!(seen(&enemy, h, GERMAN).0, std::vec![other]);
}

#[test]
fn fb_fog_3_6_a_close_assault_shows_both_forces_while_it_is_resolved() {
    let (mut game, x) = assault_board();
    let at = n(x, Dir::DownLowerCol);
    let before = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert!(seen(&before, at, GERMAN).1);
    assault(&mut game, x);
    let during = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert_eq!(
        seen(&during, at, GERMAN).0.len(),
        2,
        "3.6: the attackers are shown"
    );
    assert!(<Game<'static> as Ruleset<'static>>::reveals(
        &Command::Assault {
            attackers: Assaulters::new(),
            target: x
        }
    ));
    assert!(!<Game<'static> as Ruleset<'static>>::reveals(
        &Command::EndSegment
    ));
}

#[test]
fn fb_fog_3_6_moves_are_the_owners_news_segments_and_combats_are_public() {
    let d = data();
    let mut game = game(d);
    until(&mut game, GERMAN, SegmentKind::Movement);
    let ev = mv(&mut game, &[GERMAN_TANK], n(hex(3, 5), Dir::DownLowerCol)).unwrap();
    assert_eq!(
        ev[0].visibility(),
        crate::core::contract::EventVisibility::Only(GERMAN)
    );
    let ev = end(&mut game);
    assert!(ev.iter().all(|e| e.visibility().is_public()));
}

#[test]
fn fb_fog_3_6_bombardment_alone_shows_nothing_a_mixed_one_shows_the_forces() {
    let (mut game, x) = fire_board();
    bombard(&mut game, &[SOVIET_ARTILLERY], x, false).unwrap();
    let view = Ruleset::view(&game, Viewer::Side(SOVIET));
    assert!(
        seen(&view, x, GERMAN).1,
        "the target's force stays hidden under its top unit"
    );
    type R = Game<'static>;
    let b = |mixed| Command::Bombard {
        firers: Assaulters::new(),
        target: x,
        mixed,
    };
    assert!(!<R as Ruleset>::reveals(&b(false)));
    assert!(<R as Ruleset>::reveals(&b(true)));
}
