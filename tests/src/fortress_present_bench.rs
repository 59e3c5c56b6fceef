//! The presentation model's figures (issue 10): what the table computes after each accepted
//! input (the frame of one viewer) and after each tap on a force (the actions it offers), on
//! Fortress Berlin's random full games. `bench present` prints them with their budgets.

use crate::fortress_bench::{at_segment_starts, spread};
use engine::core::hex::HexId;
use engine::core::side::Viewer;
use engine::core::units::UnitId;
use engine::fortress::board::SegmentKind;
use session::present::actions::{Offer, Selection};
use session::present::frame;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// At the start of every movement and combat segment of `games` random full games: the
/// phasing player's frame, and the actions of each of his forces. (frames, actions).
pub fn fortress_frames_and_actions(
    games: u64,
) -> ((Duration, Duration, usize), (Duration, Duration, usize)) {
    let (mut frames, mut actions) = (Vec::new(), Vec::new());
    let kinds = [SegmentKind::Movement, SegmentKind::Combat];
    at_segment_starts(games, &kinds, |g| {
        let side = g.state.board.segment.side;
        let mut f = frame(g, Viewer::Side(side));
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            f = frame(g, Viewer::Side(side));
            best = best.min(t.elapsed());
        }
        frames.push(best);
        let mut forces: BTreeMap<HexId, Vec<UnitId>> = BTreeMap::new();
        for c in f.counters.iter().filter(|c| c.side == side) {
            if let Some(h) = c.hex {
                forces.entry(h).or_default().push(c.unit);
            }
        }
        for (hex, units) in forces {
            // Best of 3, as the other searches are timed: a busy machine's pauses are not
            // the offer's cost.
            let sel = Selection::units(hex, &units);
            let best = (0..3)
                .map(|_| {
                    let t = Instant::now();
                    let offered = g.actions(&sel);
                    let e = t.elapsed();
                    drop(offered);
                    e
                })
                .min()
                .unwrap_or_default();
            actions.push(best);
        }
    });
    (spread(frames), spread(actions))
}
