//! *Fortress Berlin* played by the actions of the presentation model alone, as the touch
//! table offers them: every button a selection shows must be honoured by the engine.

use engine::core::contract::Ruleset;
use engine::core::hex::HexId;
use engine::core::protocol::{Input, Pending};
use engine::core::side::{Side, Viewer};
use engine::core::units::{Location, UnitId};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use session::fortress::{Fortress, Options as FbOptions};
use session::present::actions::{Offer, Selection};
use session::present::frame;
use session::{Header, NullPersist, Session, TableGame};
use std::collections::BTreeMap;

/// Plays `inputs` inputs of a full game with `options`, choosing among the offered actions at
/// random; returns how often each action was taken.
fn play_by_actions(seed: u64, options: FbOptions, inputs: usize) -> BTreeMap<String, usize> {
    let data = session::fortress::builtin_data().expect("data");
    let header = Header::for_game::<Fortress>("full-game", &options, seed);
    let mut s = Session::<Fortress>::new(data, header, Box::new(NullPersist)).expect("session");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    let mut tries_this_step = 0;
    let mut last_step = None;
    for _ in 0..inputs {
        let g = s.game();
        let step = (g.step().index, g.step().turn);
        if last_step != Some(step) {
            last_step = Some(step);
            tries_this_step = 0;
        }
        match Ruleset::pending(g) {
            Pending::GameOver => {
                *taken.entry("game over".into()).or_default() += 1;
                break;
            }
            Pending::Roll { .. } | Pending::DrawChit { .. } | Pending::Choose { .. } => {
                s.answer_at_random(&mut rng).expect("answered");
                continue;
            }
            Pending::Command { player } => {
                tries_this_step += 1;
                // At the start of each movement and combat segment, what every force of the
                // phasing player is offered, and every enemy hex (7.0, 4.1.4).
                use engine::fortress::board::SegmentKind;
                if tries_this_step == 1
                    && !g.setting_up()
                    && matches!(
                        g.state.board.segment.kind,
                        SegmentKind::Reinforcement | SegmentKind::Movement | SegmentKind::Combat
                    )
                {
                    survey(g, player, &mut taken);
                }
                let selection = if g.setting_up() {
                    let to_place = TableGame::units_to_place(g);
                    to_place.first().map(|&u| Selection {
                        hex: None,
                        units: vec![u],
                    })
                } else if let Some(u) = g.state.vs_drawn.first().copied().or(g.state.naval_drawn) {
                    // 5.5, 13.7: a drawn unit is placed before the segment may end.
                    Some(Selection {
                        hex: None,
                        units: vec![u],
                    })
                } else if tries_this_step < 12 {
                    pick_selection(g, player, &mut rng)
                } else {
                    None
                };
                let chosen = selection.and_then(|sel| {
                    let actions = g.actions(&sel);
                    for a in &actions {
                        *taken.entry(format!("offered {}", a.label)).or_default() += 1;
                    }
                    let a = actions.choose(&mut rng)?.clone();
                    let tap = a.then.taps().choose(&mut rng)?.clone();
                    Some((a.label, a.case, tap))
                });
                match chosen {
                    Some((label, case, tap)) => {
                        // A route's steps, one after another, while the game waits for
                        // commands (a die the rules ask for on the way stops the route,
                        // 11.2.1): each must be taken.
                        for (i, command) in tap.into_iter().enumerate() {
                            if i > 0
                                && !matches!(Ruleset::pending(s.game()), Pending::Command { .. })
                            {
                                break;
                            }
                            if let Err(e) = s.apply(Input::Command(command.clone())) {
                                panic!("[{case}] {label}: offered {command:?}, refused: {e}");
                            }
                        }
                        *taken.entry(label).or_default() += 1;
                    }
                    None => {
                        let end = Ruleset::step_end(g).expect("a step-ending button");
                        s.apply(Input::Command(end.command)).expect("step ended");
                        *taken.entry(end.label.to_string()).or_default() += 1;
                    }
                }
            }
        }
    }
    taken
}

/// Counts, as `survey <label>`, the actions each force of `player` is offered.
fn survey(g: &Fortress, player: Side, out: &mut BTreeMap<String, usize>) {
    let f = frame(g, Viewer::Side(player));
    let mut hexes: BTreeMap<HexId, Vec<UnitId>> = BTreeMap::new();
    for c in f.counters.iter().filter(|c| c.side == player) {
        if let Some(h) = c.hex {
            hexes.entry(h).or_default().push(c.unit);
        }
    }
    let geo = g.data.map.geometry;
    let combat = g.state.board.segment.kind == engine::fortress::board::SegmentKind::Combat;
    // Outside combat, the units whose own acts a random game seldom selects: leaders (17.4.2)
    // and units at or next to a U-Bahn station (17.1.1); the forces' moves are played.
    if !combat {
        let station = |h: HexId| {
            g.data
                .map
                .features(h)
                .has(engine::core::map::HexFeatures::STATION)
        };
        for c in f.counters.iter().filter(|c| c.side == player) {
            let Some(h) = c.hex else { continue };
            let leader = c.symbol == session::present::Symbol::Text("★");
            let near_station = station(h) || geo.neighbours(h).any(|(_, n)| station(n));
            if leader || near_station {
                for a in g.actions(&Selection::units(h, &[c.unit])) {
                    *out.entry(format!("survey {}", a.label)).or_default() += 1;
                }
            }
        }
        for a in g.actions(&Selection::default()) {
            *out.entry(format!("survey {}", a.label)).or_default() += 1;
        }
        return;
    }
    // 8.4.1: two forces next to each other may assault together.
    let forces: Vec<(HexId, Vec<UnitId>)> = hexes.clone().into_iter().collect();
    for (i, (a, ua)) in forces.iter().enumerate() {
        for (b, ub) in &forces[i + 1..] {
            if !geo.adjacent(*a, *b) {
                continue;
            }
            let both: Vec<UnitId> = ua.iter().chain(ub).copied().collect();
            // Every unit of both hexes attacks, so each must be next to the target.
            let from_b = |c: &engine::fortress::game::Command| {
                matches!(c, engine::fortress::game::Command::Assault { target, attackers }
                    if geo.adjacent(*b, *target) && attackers.len() == both.len())
            };
            for act in g.actions(&Selection::units(*a, &both)) {
                if act.then.taps().iter().flatten().any(from_b) {
                    *out.entry("survey combined assault".into()).or_default() += 1;
                }
            }
        }
    }
    let enemy: std::collections::BTreeSet<HexId> = f
        .counters
        .iter()
        .filter(|c| c.side != player)
        .filter_map(|c| c.hex)
        .collect();
    for sel in enemy
        .into_iter()
        .map(Selection::hex)
        .chain([Selection::default()])
    {
        for a in g.actions(&sel) {
            *out.entry(format!("survey {}", a.label)).or_default() += 1;
        }
    }
    for (hex, units) in hexes {
        let whole = Selection::units(hex, &units);
        let each = units.iter().map(|&u| Selection::units(hex, &[u]));
        for sel in core::iter::once(whole).chain(each) {
            for a in g.actions(&sel) {
                *out.entry(format!("survey {}", a.label)).or_default() += 1;
            }
        }
    }
}

/// A random force of `player`'s on the map (all of it or one unit), or a unit waiting off
/// the map to come in.
fn pick_selection(g: &Fortress, player: Side, rng: &mut StdRng) -> Option<Selection> {
    let f = frame(g, Viewer::Side(player));
    let mut hexes: BTreeMap<HexId, Vec<UnitId>> = BTreeMap::new();
    for c in f.counters.iter().filter(|c| c.side == player) {
        if let Some(h) = c.hex {
            hexes.entry(h).or_default().push(c.unit);
        }
    }
    let waiting: Vec<UnitId> = (0..g.state.board.units.len() as u16)
        .map(UnitId)
        .filter(|&u| {
            g.due(u).is_some() || g.state.vs_drawn.contains(&u) || g.state.naval_drawn == Some(u)
        })
        .filter(|&u| {
            g.state
                .board
                .unit(u)
                .is_some_and(|x| !matches!(x.state.location, Location::OnMap(_)))
        })
        .collect();
    // Now and then nothing selected (the side's own acts: 11.1.2, 17.3.1), or an enemy hex
    // alone (an air strike, 11.4).
    if rng.gen_bool(0.1) {
        return Some(Selection::default());
    }
    if rng.gen_bool(0.1) {
        let enemy: Vec<HexId> = f
            .counters
            .iter()
            .filter(|c| c.side != player)
            .filter_map(|c| c.hex)
            .collect();
        return enemy.choose(rng).map(|&h| Selection::hex(h));
    }
    if !waiting.is_empty() && rng.gen_bool(0.4) {
        let u = *waiting.choose(rng)?;
        return Some(Selection {
            hex: None,
            units: vec![u],
        });
    }
    let hexes: Vec<_> = hexes.into_iter().collect();
    let (hex, units) = hexes.choose(rng)?;
    Some(if rng.gen_bool(0.5) {
        Selection::units(*hex, units)
    } else {
        Selection::units(*hex, &[*units.choose(rng)?])
    })
}

/// Plays random games until every label of `wanted` was taken or offered (`survey …`), at
/// most `games`; returns the counts of all of them added.
fn play_until(
    options: FbOptions,
    inputs: usize,
    games: u64,
    wanted: &[&str],
) -> BTreeMap<String, usize> {
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..games {
        for (k, n) in play_by_actions(11 + seed, options, inputs) {
            *taken.entry(k).or_default() += n;
        }
        let found = |w: &&str| {
            taken
                .keys()
                .any(|k| k == *w || k.ends_with(&format!(" {w}")))
        };
        if wanted.iter().all(found) {
            break;
        }
    }
    eprintln!("{taken:?}");
    for w in wanted {
        assert!(
            taken
                .keys()
                .any(|k| k == *w || k.ends_with(&format!(" {w}"))),
            "{w} never came up in {games} games: {taken:?}"
        );
    }
    taken
}

#[test]
fn fb_every_offered_action_is_honoured_through_set_up_movement_and_combat() {
    let wanted = [
        "Set up",
        "Move",
        "Done moving",
        "Enter",
        "Face",
        "Combat mode",
        "Maneuver mode",
        "Put on top",
        "Bombard",
        "Gun fire",
        "Close assault",
        "combined assault",
        "Air strike",
        "Hitler's suicide",
    ];
    let taken = play_until(FbOptions::default(), 1500, 6, &wanted);
    let games = taken["game over"];
    // 13.0: every German unit of each game set up by touch; each game ran to its end.
    assert_eq!(taken.get("Set up"), Some(&(108 * games)));
    assert_eq!(taken.get("Set-up done"), Some(&games));
}

#[test]
fn fb_17_the_optional_rules_and_six_players_by_offered_actions_alone() {
    let options = FbOptions {
        players: 6,
        ubahn: true,
        character_game: true,
        ..FbOptions::default()
    };
    let wanted = [
        "Set up",
        "Hand out the commands",
        "Air strike (Zhukov)",
        "Air strike (Koniev)",
        "Flee Berlin",
    ];
    play_until(options, 2500, 4, &wanted);
}
