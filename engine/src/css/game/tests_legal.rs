//! The legal unit commands decided in place (`check_unit_command`: Change Side, Fire, Rally,
//! the second-action TQC, Hold) are exactly those the rules accept when each candidate is
//! tried on a copy, over many positions of seeded random activations on a small hilly board.

extern crate std;

use super::tests::{rifles, Fixture};
use super::*;
use crate::core::faces::Face;
use crate::core::protocol::DiceRoll;
use crate::css::actions::tests::{playing, MRD, MRR2};
use crate::css::command::{Chit, FormationId};
use crate::css::movement::{COLUMN, DEPLOYED};
use crate::css::scenario::NoVictory;
use crate::css::terrain::tests::h;
use std::vec::Vec;

use crate::core::testkit::Lcg;

/// Four WP companies (three of the 2nd MRR, one of the 3rd) and four NATO companies, with
/// ranges from 2 to 5; a few hills on the board so that sight and slopes vary.
fn fixture(rng: &mut Lcg) -> Fixture {
    let mut f = Fixture::new();
    f.counters.clear();
    for i in 0..8u8 {
        let (side, d, formation) = match i {
            0..=2 => (Side::B, MRD.0, MRR2.0),
            3 => (Side::B, MRD.0, 1),
            _ => (Side::A, 1, 2),
        };
        let mut c = rifles(side, d, formation);
        c.range = 2 + rng.below(4) as u8;
        f.counters.push(c);
    }
    for _ in 0..6 {
        let at = h(4 + rng.below(8) as u8, 4 + rng.below(8) as u8);
        f.board.level(at, 1 + rng.below(2) as u8);
    }
    f
}

/// The eight units close together (enemies never share a hex), some marked or having fired,
/// while a chit of the 2nd MRR, the 1st MRD or the NATO battalion is played.
fn position(f: &Fixture, rng: &mut Lcg) -> Option<SeriesGame<8>> {
    let chit = match rng.below(3) {
        0 => Chit::Formation(MRR2),
        1 => Chit::Division(MRD),
        _ => Chit::Formation(FormationId(2)),
    };
    let setup: Vec<(HexId, Face)> = (0..8)
        .map(|i| {
            // Each side in its own columns, which overlap by one so that some stacks meet.
            let col = if i < 4 { 5 } else { 8 } + rng.below(3) as u8;
            let face = if rng.below(4) == 0 { COLUMN } else { DEPLOYED };
            (h(col, 5 + rng.below(5) as u8), face)
        })
        .collect();
    let mut g = SeriesGame::new(&f.data(), playing(&f.command, chit), &setup).ok()?;
    for u in g.units.iter_mut() {
        u.cond.status = match rng.below(8) {
            0 => Status::Pinned,
            1 => Status::Dg,
            2 => Status::Suppressed,
            _ => Status::None,
        };
        u.fire.fired = rng.below(6) == 0;
    }
    Some(g)
}

/// The commands listed in place and by trying every candidate, for all units and per unit.
fn both(f: &Fixture, g: &SeriesGame<8>, only: Option<UnitId>) -> [Vec<UnitCommand>; 2] {
    let data = f.data();
    let mut fast = Vec::new();
    match only {
        None => g.legal_unit_commands(&data, |c| fast.push(c.clone())),
        Some(u) => g.legal_unit_commands_of(&data, u, |c| fast.push(c.clone())),
    }
    let mut tried = Vec::new();
    g.legal_tried(&data, only, |c| tried.push(c.clone()));
    [fast, tried]
}

#[test]
fn css_s9_3_fire_candidates_read_only_equal_the_tried_ones() {
    // S9.3.1 fire, S7.7 Change Side, S11.11 Rally, S5.1.2 the TQC, S5.2 Hold: each kind must
    // be met accepted along the games, so that the comparison is not empty.
    let mut seen = [0usize; 5];
    let mut positions = 0;
    for seed in 0..120u64 {
        let mut rng = Lcg(seed);
        let f = fixture(&mut rng);
        let Some(mut g) = position(&f, &mut rng) else {
            continue;
        };
        let data = f.data();
        for _ in 0..40 {
            if g.activation.is_some() && g.op.is_none() {
                positions += 1;
                let [fast, tried] = both(&f, &g, None);
                assert_eq!(fast, tried, "seed {seed}: every unit's commands");
                for u in g.units.iter().filter(|u| u.hex.is_some()) {
                    let [one, tried] = both(&f, &g, Some(u.id));
                    assert_eq!(one, tried, "seed {seed}: unit {:?}'s commands", u.id);
                }
                for c in &fast {
                    match c {
                        UnitCommand::Fire { .. } => seen[0] += 1,
                        UnitCommand::ChangeSide { .. } => seen[1] += 1,
                        UnitCommand::Rally { .. } => seen[2] += 1,
                        UnitCommand::SecondActionCheck { .. } => seen[3] += 1,
                        UnitCommand::Hold { .. } => seen[4] += 1,
                        _ => {}
                    }
                }
            }
            let input = match g.pending(&data) {
                Pending::Roll { .. } => Input::Rolled(DiceRoll::of(&[rng.below(10) as u8])),
                Pending::Choose { options, .. } if g.op.is_some() => {
                    Input::Chose(rng.below(options.len()) as u8)
                }
                _ => {
                    let mut legal = Vec::new();
                    g.legal_unit_commands(&data, |c| legal.push(c.clone()));
                    // Fire often, so that marks and Fired markers change the candidates.
                    let fire = legal
                        .iter()
                        .position(|c| matches!(c, UnitCommand::Fire { .. }));
                    let i = match fire {
                        Some(i) if rng.below(2) == 0 => i,
                        _ if legal.is_empty() => break,
                        _ => rng.below(legal.len()),
                    };
                    Input::Command(GameCommand::Unit(legal.swap_remove(i)))
                }
            };
            let mut ev = Events::new();
            g.apply(&data, &NoVictory, &input, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {input:?} is refused: {e}"));
        }
    }
    assert!(positions > 500, "{positions} positions compared");
    assert!(seen.iter().all(|n| *n > 0), "{seen:?} accepted");
}
