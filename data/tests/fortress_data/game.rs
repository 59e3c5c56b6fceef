//! Full games on the built-in data: the German set-up, both orders of appearance, the end.

use super::*;

#[test]
fn fortress_13_0_13_6_the_full_game_starts_with_the_german_set_up_and_plays_on_the_stand_in_charts()
{
    let d: &'static GameData = Box::leak(data());
    // One type: the loader fills the charts the game reads with the engine's marked stand-ins.
    assert!(d.combat == engine::fortress::combat::standin::tables());
    assert!(d.movement == engine::fortress::terrain::standin());
    for s in fortress::STANDIN_CHARTS {
        assert!(d.stand_ins.iter().any(|x| x.as_str() == s), "{s} listed");
    }
    let s = d.scenario(fortress::FULL_GAME).expect("the full game");
    assert_eq!(s.case.as_str(), "13.0");
    assert_eq!(s.last_turn, 15, "4.0: April 21 to May 5");
    // 13.0: the scenario places nothing itself; the German's set-up step places everything.
    assert!(s.setup.is_empty());
    let game = set_up_full_game(d);
    let ids = ids();
    let b = &game.state.board;
    let at = |id: &str| b.unit(unit(&ids, id)).unwrap().state.hex();
    // 13.1: the listings naming one hex put their units there.
    assert_eq!(at("hitler"), Some(h("5017")));
    assert_eq!(at("lah-1"), Some(h("5017")));
    assert_eq!(at("berlin-hq"), Some(h("5315")));
    assert_eq!(at("gd-2"), Some(h("4818")));
    assert_eq!(at("janums"), Some(h("4915")));
    // 13.1: the Air Ministry's two units in 5117 and/or 5118.
    for id in ["hg-mech", "lw-field"] {
        assert!([Some(h("5117")), Some(h("5118"))].contains(&at(id)), "{id}");
    }
    // 13.5: a Hitler Youth unit blocks each Havel bridge.
    for bridge in ["2011", "2012", "2013", "2017", "2109", "2407"] {
        let youth = b.stacks.at(h(bridge), GERMAN).is_some_and(|s| {
            s.units.iter().any(|&u| {
                d.forces.counter(u).unwrap().kind
                    == engine::fortress::counters::UnitType::HitlerYouth
            })
        });
        assert!(youth, "13.5: the bridge in {bridge}");
    }
    // Every German set-up unit stands where its listing allows; no Soviet is on the map.
    let mut placed = 0;
    for (i, c) in d.forces.counters.iter().enumerate() {
        let u = UnitId(i as u16);
        let Some(hex) = b.hex_of(u) else { continue };
        assert_eq!(c.side, GERMAN, "13.0: the Soviets enter as reinforcements");
        let g = d
            .groups
            .iter()
            .find(|g| {
                matches!(g.kind, GroupKind::SetUp | GroupKind::Pool)
                    && g.variant.is_none()
                    && g.units.contains(&u)
            })
            .expect("a set-up listing");
        assert!(d.can_set_up(g, hex), "{} in {hex:?}", c.name);
        placed += 1;
    }
    let listed: usize = d
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::SetUp && g.side == GERMAN && g.variant.is_none())
        .map(|g| g.units.len())
        .sum();
    assert_eq!(placed, listed + 30);
    assert_eq!(b.face(unit(&ids, "hitler")), COMBAT);
}

/// 4.0, 5.0, 12.0: a whole game of fifteen turns on the built-in data in which each side only
/// brings on its orders of appearance (14.0, 15.0): every listed unit arrives, the Poles leave
/// on turn 3 (5.1), the 20th Panzergrenadier left on the map costs the German a VP a turn from
/// turn 6 (5.2), the Reichstag held and Hitler alive score their VP (12.0.1, 11.1.2), and the
/// German, still holding the Reichstag after turn 15, wins outright (12.0).
#[test]
fn fortress_14_0_15_0_a_full_game_brings_on_both_orders_of_appearance_and_ends_by_12_0() {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(full_game_of_arrivals)
        .expect("a thread")
        .join()
        .expect("the game plays");
}

#[test]
fn fortress_16_2_16_3_agreed_minor_variants_bring_their_units_and_the_soviet_bonus() {
    use engine::core::contract::Ruleset;
    let d: &'static GameData = Box::leak(data());
    let ids = ids();
    let latvian = unit(&ids, "latvian");
    let division_156 = ["156-1", "156-2", "156-3", "156-at"].map(|id| unit(&ids, id));

    // Without the variants their units never come and the Soviet starts at 0 VP.
    let mut base = set_up_full_game(d);
    assert_eq!(base.state.victory.soviet, 0);
    assert!(base.arrival_of(latvian).is_none());
    assert!(division_156.iter().all(|&u| base.arrival_of(u).is_none()));
    to_german_movement(&mut base);
    enter_everything(&mut base);
    assert_eq!(
        base.state.board.hex_of(latvian),
        None,
        "16.2 not agreed: no Latvians"
    );

    // Both agreed to, by their option keys as the start screen and the CLI set them.
    let options = engine::fortress::Game::options_from_pairs([
        ("variant-latvians", "on"),
        ("variant-lvi-panzer-korps", "on"),
    ])
    .expect("both variants are offered");
    assert!(options.latvians && options.lvi_panzer_korps);
    let mut game = set_up_full_game_with(d, options);
    assert_eq!(
        game.state.victory.soviet,
        1 + 4,
        "16.2 gives the Soviet 1 VP, 16.3 gives 4, from the start"
    );
    // 16.2: the Latvian SS battalion is a German turn-1 arrival at entry areas G-J.
    let (listing, late) = game.due(latvian).expect("due on turn 1");
    assert_eq!(
        (listing.turn, listing.entry, late),
        (1, Some((b'G', b'J')), 0)
    );
    // 16.3: the 156th Infantry Division arrives on turn 2 at H-K, not before.
    for &u in &division_156 {
        let g = game.arrival_of(u).expect("a turn-2 arrival");
        assert_eq!((g.turn, g.entry), (2, Some((b'H', b'K'))));
        assert!(game.due(u).is_none(), "not due on turn 1");
    }
    to_german_movement(&mut game);
    enter_everything(&mut game);
    assert!(
        game.state.board.hex_of(latvian).is_some(),
        "the Latvians entered the map on turn 1"
    );

    // 16.6 is another product's, never offered (see Rulings).
    assert!(engine::fortress::Game::options_from_pairs([("variant-on-to-berlin", "on")]).is_err());
}

/// Plays on to the German movement segment of turn 1: every roll a 1, every draw and choice
/// the first offered, every segment ended.
fn to_german_movement(game: &mut engine::fortress::Game<'static>) {
    use engine::core::protocol::{DiceRoll, Input, Pending};
    use engine::fortress::board::SegmentKind;
    use engine::fortress::Command;
    for _ in 0..50 {
        let input = match game.pending() {
            Pending::Command { .. } => {
                let s = game.state.board.segment;
                if s.side == GERMAN && s.kind == SegmentKind::Movement {
                    return;
                }
                Input::Command(Command::EndSegment)
            }
            Pending::Roll { dice, .. } => {
                Input::Rolled(DiceRoll::of(&vec![1; dice.count as usize]))
            }
            Pending::DrawChit { .. } => Input::Drew(0),
            Pending::Choose { .. } => Input::Chose(0),
            p => panic!("{p:?}"),
        };
        game.apply(&input).expect("the first answer is legal");
    }
    panic!("never reached the German movement segment");
}

#[test]
fn fortress_16_1_16_5_all_variants_on_the_built_in_data_the_flak_tower_and_the_returns() {
    use engine::core::contract::Ruleset;
    let d: &'static GameData = Box::leak(data());
    let ids = ids();
    let options = engine::fortress::Game::options_from_pairs([
        ("variant-reichstag-flak-tower", "on"),
        ("variant-latvians", "on"),
        ("variant-lvi-panzer-korps", "on"),
        ("variant-steiner", "on"),
        ("variant-wenck", "on"),
    ])
    .expect("the four variants are offered");
    assert!(options.major_variant());
    let game = set_up_full_game_with(d, options);
    assert_eq!(
        game.state.victory.soviet,
        1 + 1 + 4 + 15 + 30,
        "16.1-16.5 bonuses"
    );
    // 16.1: the Reichstag flak unit set up in 5015, and the Brandenburg Gate the objective.
    let flak = game.state.board.hex_of(unit(&ids, "flak-reichstag"));
    assert_eq!(flak, Some(h("5015")));
    assert_eq!(game.objective(), Some(h("5018")));
    // 16.4: the 1st Polish Army, withdrawn on turn 3 (5.1), has a listing back on turn 4 at
    // D-E; Steiner's headquarters arrives on turn 4 at B-C.
    for id in ["1pol-1", "1pol-2"] {
        let back = game.return_of(unit(&ids, id)).expect("a return listing");
        assert_eq!((back.turn, back.entry), (4, Some((b'D', b'E'))), "{id}");
    }
    // 16.5: the 20th Panzergrenadier, withdrawn from turn 4 (5.2), may come back on turn 9
    // along the south edge from Q (3234) to the Havel (1634).
    let back = game
        .return_of(unit(&ids, "20pzg-hq"))
        .expect("a return listing");
    assert_eq!(back.turn, 9);
    assert!(back.hexes.contains(&h("3234")) && back.hexes.contains(&h("1634")));
    // Without the variants there is nothing to come back by.
    let base = set_up_full_game(d);
    assert!(base.return_of(unit(&ids, "1pol-1")).is_none());
    assert!(base.return_of(unit(&ids, "20pzg-hq")).is_none());
}

/// 17.4.9: with the Character Game the full game opens with Hitler's birthday: six leaders
/// drawn from the cup and set up in their hexes before the Volkssturm draw of 13.6; the rest
/// never come into play. Without it no leader but Hitler is ever on the map.
#[test]
fn fortress_17_4_9_the_character_game_draws_six_leaders_before_the_set_up() {
    use engine::core::protocol::{Input, Pending};
    let d: &'static GameData = Box::leak(data());
    let leaders: Vec<UnitId> = d
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Leaders)
        .flat_map(|g| g.units.iter().copied())
        .collect();
    let options = engine::fortress::board::Options {
        character_game: true,
        ..Default::default()
    };
    let mut game =
        engine::fortress::Game::new(d, fortress::FULL_GAME, options).expect("the game starts");
    for n in 0..6 {
        let Pending::DrawChit { case, chits, .. } = game.pending() else {
            panic!("the birthday draw");
        };
        assert_eq!(case, "17.4.9");
        assert_eq!(chits.len(), leaders.len() - n);
        game.apply(&Input::Drew(((n * 2) % chits.len()) as u16))
            .expect("drawn");
    }
    assert!(matches!(
        game.pending(),
        Pending::DrawChit { case: "13.6", .. }
    ));
    let on_map: Vec<UnitId> = leaders
        .iter()
        .copied()
        .filter(|&u| game.state.board.hex_of(u).is_some())
        .collect();
    assert_eq!(on_map.len(), 6);
    for u in on_map {
        let c = d.forces.counter(u).unwrap();
        assert_eq!(game.state.board.hex_of(u), c.home, "{}", c.name);
    }
    let plain = set_up_full_game(d);
    assert!(leaders
        .iter()
        .all(|&u| plain.state.board.hex_of(u).is_none()));
}
