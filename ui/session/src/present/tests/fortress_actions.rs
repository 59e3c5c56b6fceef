//! *Fortress Berlin* played by the actions of the presentation model alone, as the touch
//! table offers them: every button a selection shows must be honoured by the engine.

use super::super::actions::{Offer, Selection, Then};
use super::super::*;
use crate::fortress::{Fortress, Options as FbOptions};
use crate::{Header, NullPersist, Session};
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;
use engine::core::units::Location;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Plays `inputs` inputs of a full game with `options`, choosing among the offered actions at
/// random; returns how often each action was taken.
fn play_by_actions(seed: u64, options: FbOptions, inputs: usize) -> BTreeMap<String, usize> {
    let data = crate::fortress::builtin_data().expect("data");
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
            Pending::Roll { .. } => {
                s.roll_digital().expect("rolled");
                continue;
            }
            Pending::DrawChit { chits, .. } => {
                let i = rng.gen_range(0..chits.len()) as u16;
                s.apply(Input::Drew(i)).expect("drawn");
                continue;
            }
            Pending::Choose { options, .. } => {
                let i = rng.gen_range(0..options.len()) as u8;
                s.apply(Input::Chose(i)).expect("chosen");
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
                    let commands = a.then.commands();
                    let c = (*commands.choose(&mut rng)?).clone();
                    Some((a.label, a.case, c, matches!(a.then, Then::Send(_))))
                });
                match chosen {
                    Some((label, case, command, _)) => {
                        if let Err(e) = s.apply(Input::Command(command.clone())) {
                            panic!("[{case}] {label}: offered {command:?}, refused: {e}");
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
    // 8.4.1: two forces next to each other may assault together.
    let geo = g.data.map.geometry;
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
                if act.then.commands().into_iter().any(from_b) {
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

#[test]
fn fb_every_offered_action_is_honoured_through_set_up_movement_and_combat() {
    let taken = play_by_actions(11, FbOptions::default(), 1500);
    assert!(
        taken.contains_key("game over"),
        "the game ran to its end: {taken:?}"
    );
    eprintln!("{taken:?}");
    assert_eq!(
        taken.get("Set up"),
        Some(&108),
        "13.0: every German unit set up by touch"
    );
    for label in ["Move", "Done moving", "Enter"] {
        assert!(
            taken.contains_key(label),
            "{label} was never offered: {taken:?}"
        );
    }
    assert!(taken.contains_key("Close assault"), "8.4: {taken:?}");
    for label in ["Bombard", "Gun fire", "Close assault", "combined assault"] {
        assert!(
            taken.contains_key(&format!("survey {label}")),
            "4.1.4: {label} was never offered to a force: {taken:?}"
        );
    }
}

#[test]
fn fb_17_the_optional_rules_and_six_players_by_offered_actions_alone() {
    let options = FbOptions {
        players: 6,
        ubahn: true,
        character_game: true,
        ..FbOptions::default()
    };
    let taken = play_by_actions(5, options, 2500);
    eprintln!("{taken:?}");
    assert_eq!(taken.get("Set up"), Some(&108));
    for label in [
        "Hand out the commands",
        "Air strike (Zhukov)",
        "Air strike (Koniev)",
        "U-Bahn down",
        "Flee Berlin",
    ] {
        assert!(
            taken.keys().any(|k| k.contains(label)),
            "{label} never came up: {taken:?}"
        );
    }
}
