//! The Gates' markers on hexes of the map, as the presentation model draws them: the On Fire
//! and Cleared Fire markers (2.3), the Destroyed markers of the objectives (10.2) and of
//! Spandau Prison once the Warsaw Pact has entered it (3.4.1), the
//! Illumination markers of the night sky (S14.3) and the Hex Owned marker of each part of a
//! divided hex that units hold, its arrow at the part's hexsides (S16.3), and the stacks that
//! would take DGs at step 2D-c if their chit ended now (over-stacked S6.3, mixed formations
//! S6.4). Nothing of these is secret: every viewer sees them.

use super::{HexMarker, HexMarkerKind};
use crate::gates::Gates;
use engine::core::contract::Ruleset;
use engine::core::hex::{Dir, HexId};
use engine::css::terrain::Part;
use engine::gates::game::burning::Burning;

/// Every marker on the map now.
pub fn hex_markers(g: &Gates) -> Vec<HexMarker> {
    let whole = |hex, kind, label: &str| HexMarker {
        hex,
        kind,
        label: label.to_string(),
        toward: None,
    };
    let mut out: Vec<HexMarker> = g
        .state
        .fires
        .hexes
        .iter()
        .map(|&(hex, b)| match b {
            Burning::OnFire => whole(hex, HexMarkerKind::Fire, "On Fire (2.3)"),
            Burning::Cleared => whole(hex, HexMarkerKind::ClearedFire, "Cleared Fire (2.3)"),
        })
        .collect();
    let rules = &g.scenario().objectives;
    out.extend(
        rules
            .hexes
            .iter()
            .filter(|h| g.state.objectives.is_destroyed(rules, **h))
            .map(|&hex| whole(hex, HexMarkerKind::Destroyed, "Destroyed (10.2)")),
    );
    // 3.4.1: Spandau Prison destroyed by the Warsaw Pact's entry (unless an objective's
    // marker is there already).
    let spandau = engine::gates::places::hexes::SPANDAU_PRISON;
    if g.state.spandau_destroyed && !out.iter().any(|m| m.hex == spandau) {
        let label = "Destroyed: Spandau Prison (3.4.1)";
        out.push(whole(spandau, HexMarkerKind::Destroyed, label));
    }
    out.extend(
        g.state
            .series
            .turn
            .light
            .sky
            .markers
            .iter()
            .map(|&hex| whole(hex, HexMarkerKind::Illumination, "Illumination (S14.3)")),
    );
    out.extend(hex_owned(g));
    out.extend(stacking(g));
    out
}

/// S6.3, S6.4: the penalties each stack would take at step 2D-c if its chit ended now.
fn stacking(g: &Gates) -> Vec<HexMarker> {
    let data = g.series_data();
    let series = &g.state.series;
    let mut hexes: Vec<HexId> = series.units.iter().filter_map(|u| u.hex).collect();
    hexes.sort();
    hexes.dedup();
    let mut out = Vec::new();
    for hex in hexes {
        let Some(now) = series.stacking_now(&data, hex) else {
            continue;
        };
        let dgs = match now.dgs {
            Some(n) => format!("{n} DG at step 2D-c"),
            None => "its owner picks the formation spared, then DGs at step 2D-c".to_string(),
        };
        if now.over_stacked {
            out.push(HexMarker {
                hex,
                kind: HexMarkerKind::OverStacked,
                label: format!(
                    "Over-stacked (S6.3): {} units, the limit is {}; {dgs}",
                    now.counted, now.limit
                ),
                toward: None,
            });
        }
        if now.mixed {
            out.push(HexMarker {
                hex,
                kind: HexMarkerKind::MixedFormations,
                label: format!("Mixed formations (S6.4): {dgs}"),
                toward: None,
            });
        }
    }
    out
}

/// The compass word of a hexside direction (columns run north–south, numbered west to east).
fn compass(d: Dir) -> &'static str {
    match d {
        Dir::Up => "N",
        Dir::UpHigherCol => "NE",
        Dir::DownHigherCol => "SE",
        Dir::Down => "S",
        Dir::DownLowerCol => "SW",
        Dir::UpLowerCol => "NW",
    }
}

/// S16.3: one Hex Owned marker for each part of a divided hex that units are in, pointing at
/// the middle of the part's hexsides and naming the side that holds it.
fn hex_owned(g: &Gates) -> Vec<HexMarker> {
    let data = g.series_data();
    let mut held: Vec<(HexId, Part, &'static str)> = Vec::new();
    for u in &g.state.series.units {
        let (Some(hex), None, false) = (u.hex, u.removed, u.routed) else {
            continue;
        };
        if !data.ground.detail(hex).parts.divided() {
            continue;
        }
        let Ok(c) = data.counter(u.id) else { continue };
        let side = Gates::side_name(c.side);
        if !held.iter().any(|&(h, p, _)| h == hex && p == u.part) {
            held.push((hex, u.part, side));
        }
    }
    held.into_iter()
        .map(|(hex, part, side)| {
            let parts = data.ground.detail(hex).parts;
            let sides: Vec<Dir> = Dir::ALL
                .into_iter()
                .filter(|&d| parts.part_of(d) == part)
                .collect();
            let words: Vec<&str> = sides.iter().map(|&d| compass(d)).collect();
            HexMarker {
                hex,
                kind: HexMarkerKind::HexOwned,
                label: format!(
                    "Hex Owned (S16.3): {side} in the part of the {} sides",
                    words.join(", ")
                ),
                toward: middle(&sides),
            }
        })
        .collect()
}

/// The middle hexside of a run of neighbouring hexsides, read round the hex (a part of the N,
/// NE and NW sides points N); `None` for no side or all six.
fn middle(sides: &[Dir]) -> Option<Dir> {
    let has = |i: usize| sides.iter().any(|d| d.index() == i % 6);
    if sides.is_empty() || sides.len() == 6 {
        return None;
    }
    let start = (0..6).find(|&i| has(i) && !has(i + 5))?;
    Dir::ALL.get((start + sides.len() / 2) % 6).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s16_3_the_hex_owned_arrow_points_at_the_middle_of_its_part() {
        use Dir::*;
        assert_eq!(middle(&[Up, UpHigherCol, UpLowerCol]), Some(Up));
        assert_eq!(middle(&[DownHigherCol, Down, DownLowerCol]), Some(Down));
        assert_eq!(middle(&[Up, UpHigherCol]), Some(UpHigherCol));
        assert_eq!(middle(&[]), None);
        assert_eq!(middle(&Dir::ALL), None);
    }
}
