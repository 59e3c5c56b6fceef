//! Line of sight and spotting (series S8.0–S8.7; smoke on a line, S9.9.2; night and weather
//! visibility, S14.1, S14.5).
//!
//! The line is the core's ([`hex_line`]): the hexes a straight line from dot to dot crosses,
//! and the spines it runs along. What blocks is the series': terrain dots (S8.2) read against
//! the ground levels of the two ends (S8.3), slope hexsides (S8.4), Smoke markers (S9.9.2).
//! [`trace`] counts blocking hexes, spines and hexsides once each, so a roof's allowance of two
//! (S8.5, exclusive 3.6) compares with the count; the core's `sight` counts a blocking spine
//! and its blocking hexside twice and knows nothing of the ends' levels, so it is not used.

use super::terrain::{Conditions, Fortification, Ground, Smoke};
use crate::core::hex::{Dir, Geometry, HexId, Hexside};
use crate::core::los::{hex_line, LineHex};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use crate::core::units::Nationality;
use serde::{Deserialize, Serialize};

/// The spotting values of the series and the game (S8.5–S8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SightChart {
    /// Concealed units are spotted at this range or less (S8.6; stand-in 4).
    pub concealment_range: u8,
    /// Blocking hexes or hexsides a spotter on a roof sees past for indirect fire (exclusive
    /// 3.6: 2).
    pub roof_allowance: u8,
    /// The range at which a spotting aircraft spots without LOS (exclusive 8.3: 10).
    pub aircraft_range: u8,
}

impl SightChart {
    /// Concealment 4 hexes is a stand-in; the roof's 2 and the aircraft's 10 are *Gates* 3.6
    /// and 8.3.
    pub const fn stand_in() -> SightChart {
        SightChart {
            concealment_range: 4,
            roof_allowance: 2,
            aircraft_range: 10,
        }
    }
}

/// What a line between two hexes met (S8.1–S8.4, S9.9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub range: u16,
    /// Blocking hexes, spines and hexsides between the ends, each counted once (S8.5).
    pub obstacles: u8,
    /// A Smoke marker (not Thin Smoke) lies between the ends (S9.9.2).
    pub smoke_between: bool,
    /// The worst smoke in the end hexes and between (S9.9.2: only the worst counts; on a
    /// spine the lighter of the two hexes).
    pub worst_smoke: Smoke,
    /// The line crosses a slope hexside, an end hex's own sides included (exclusive 2.2.1:
    /// −1 to fire across it).
    pub crosses_slope: bool,
}

impl Line {
    /// Nothing blocks the line (S8.1).
    pub const fn clear(&self) -> bool {
        self.obstacles == 0 && !self.smoke_between
    }
}

/// Is `s` one of the six sides of `h`?
fn side_of(g: &Geometry, s: Hexside, h: HexId) -> bool {
    s.hex == h || g.neighbour(s.hex, Dir::from_index(s.dir as usize)) == Some(h)
}

/// Traces the line from the dot of `from` to the dot of `to` (S8.1) and reports what it met.
/// Reciprocal: the line from `to` to `from` meets the same.
pub fn trace<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    from: HexId,
    to: HexId,
) -> Line {
    let g = &ground.map.geometry;
    let (la, lb) = (ground.level(from), ground.level(to));
    let (low, high) = (la.min(lb), la.max(lb));
    let lower_end = if la <= lb { from } else { to };
    // S8.3: an obstacle blocks if its top reaches the higher end, or reaches the lower end
    // and stands next to it; bare ground only if it rises above the higher end.
    let blocks = |h: HexId| match ground.obstacle_top(h) {
        Some(top) => top >= high || (top >= low && g.distance(h, lower_end) == 1),
        None => ground.level(h) > high,
    };
    let smoked = |h: HexId| cond.smoke(h) == Smoke::Smoke;
    let slope = |s: Hexside| ground.map.side(s).has(SideFeatures::SLOPE);
    let mut line = Line {
        range: g.distance(from, to),
        obstacles: 0,
        smoke_between: false,
        worst_smoke: cond.smoke(from).max(cond.smoke(to)),
        crosses_slope: false,
    };
    let count = |line: &mut Line| line.obstacles = line.obstacles.saturating_add(1);
    // The hex the line was last wholly in (`None` just after a spine: it leaves a spine
    // through a corner and crosses no side).
    let mut prev = Some(from);
    hex_line(g, from, to, |step| match step {
        LineHex::One(h) => {
            if let Some(s) = prev.and_then(|p| g.side_between(p, h)) {
                if slope(s) {
                    line.crosses_slope = true;
                    // S8.4: unless it is a side of the spotting or the target hex.
                    if !side_of(g, s, from) && !side_of(g, s, to) {
                        count(&mut line);
                    }
                }
            }
            if blocks(h) {
                count(&mut line);
            }
            // Smoke blocks whatever the terrain under it, and no roof sees past it (S8.5).
            line.smoke_between |= smoked(h);
            line.worst_smoke = line.worst_smoke.max(cond.smoke(h));
            prev = Some(h);
        }
        LineHex::Spine(x, y) => {
            // S8.1.1: the two hexes count together; a slope along the spine blocks (S8.4).
            let along_slope = g.side_between(x, y).is_some_and(slope);
            if along_slope || (blocks(x) && blocks(y)) {
                count(&mut line);
            }
            let veiled = |h: HexId| blocks(h) || smoked(h);
            line.smoke_between |= (smoked(x) || smoked(y)) && veiled(x) && veiled(y);
            line.worst_smoke = line.worst_smoke.max(cond.smoke(x).min(cond.smoke(y)));
            prev = None;
        }
    });
    if let Some(s) = prev.and_then(|p| g.side_between(p, to)) {
        line.crosses_slope |= slope(s);
    }
    line
}

/// How far units see (S8.6, S14.1, S14.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Visibility {
    /// A Night turn: only adjacent hexes are spotted, unless lit (S14.1).
    pub night: bool,
    /// The weather's limit in hexes (*Gates* 3.1 rain: 3), if any (S14.5).
    pub weather: Option<u8>,
}

impl Visibility {
    /// A clear day: unlimited (S14.2).
    pub const DAY: Visibility = Visibility {
        night: false,
        weather: None,
    };

    /// May a hex `range` hexes away be seen, `lit` meaning it is seen as by day (S14.1)?
    pub fn allows(&self, range: u16, lit: bool) -> Result<(), RuleViolation> {
        if self.night && !lit && range > 1 {
            return Err(RuleViolation::new(
                "S14.1",
                "at night a unit spots only adjacent hexes, or lit ones",
            ));
        }
        match self.weather {
            Some(limit) if range > limit as u16 => Err(RuleViolation::new(
                "S8.6",
                "the hex is beyond today's visibility (exclusive 3.1)",
            )),
            _ => Ok(()),
        }
    }
}

/// One unit in a hex as a spotter sees it (S8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub deployed: bool,
    /// Has a Fired marker (S9.3.5).
    pub fired: bool,
}

/// Are the units of `h` concealed (S8.6)? They are when there is at least one, every one is
/// Deployed and has not fired, and the hex is blocking terrain or fortified.
pub fn concealed<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    h: HexId,
    units: impl IntoIterator<Item = Look>,
) -> bool {
    let cover = ground.blocks_los(h) || cond.fortification(h) != Fortification::None;
    let mut any = false;
    for u in units {
        if !u.deployed || u.fired {
            return false;
        }
        any = true;
    }
    any && cover
}

/// Does a unit in `from` spot `to` (S8.6), the units there being `concealed`? The line on
/// success, for the fire code's modifiers (slope, smoke, range).
pub fn spots<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    chart: &SightChart,
    vis: Visibility,
    from: HexId,
    to: HexId,
    concealed: bool,
) -> Result<Line, RuleViolation> {
    let line = trace(ground, cond, from, to);
    if line.obstacles > 0 {
        return Err(RuleViolation::new("S8.1", "no line of sight"));
    }
    if line.smoke_between {
        return Err(RuleViolation::new(
            "S9.9.2",
            "smoke between blocks the line of sight",
        ));
    }
    seen(chart, vis, cond, to, line.range, concealed)?;
    Ok(line)
}

/// Visibility and concealment for a hex at `range` (S8.6).
fn seen(
    chart: &SightChart,
    vis: Visibility,
    cond: &impl Conditions,
    to: HexId,
    range: u16,
    concealed: bool,
) -> Result<(), RuleViolation> {
    vis.allows(range, cond.lit(to))?;
    if concealed && range > chart.concealment_range as u16 {
        return Err(RuleViolation::new(
            "S8.6",
            "units Deployed in cover that have not fired are spotted within 4 hexes only",
        ));
    }
    Ok(())
}

/// Who spots for indirect fire (S8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpotterKind {
    /// A friendly unit on the map.
    Unit,
    /// A friendly leader on the map.
    Leader,
    /// A spotting aircraft (exclusive 8.3): any hex within its range, no LOS.
    Aircraft,
    /// The firing unit spotting for itself: only a mortar may.
    Firer { mortar: bool },
}

/// A spotter for indirect fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spotter {
    pub hex: HexId,
    pub side: Side,
    pub nationality: Nationality,
    pub kind: SpotterKind,
    pub suppressed: bool,
}

/// Does `spotter` spot `target` for indirect fire by artillery of `side` and `nationality`
/// (S8.5, S8.7, S9.8.2, S9.9.2)? The units in `target` are `concealed` (S8.6).
#[allow(clippy::too_many_arguments)]
pub fn spots_for_indirect<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    cond: &impl Conditions,
    chart: &SightChart,
    vis: Visibility,
    spotter: &Spotter,
    artillery: (Side, Nationality),
    target: HexId,
    concealed: bool,
) -> Result<(), RuleViolation> {
    if spotter.side != artillery.0 || spotter.nationality != artillery.1 {
        return Err(RuleViolation::new(
            "S8.7",
            "a spotter must be of the firing artillery's nationality",
        ));
    }
    if spotter.suppressed {
        return Err(RuleViolation::new("S8.7", "a Suppressed unit may not spot"));
    }
    if spotter.kind == (SpotterKind::Firer { mortar: false }) {
        return Err(RuleViolation::new("S8.7", "only a mortar spots for itself"));
    }
    if cond.smoke(target) == Smoke::Smoke {
        return Err(RuleViolation::new(
            "S9.9.2",
            "no spotting for indirect fire into a Smoke hex",
        ));
    }
    let range = ground.map.geometry.distance(spotter.hex, target);
    if spotter.kind == SpotterKind::Aircraft {
        return if range <= chart.aircraft_range as u16 {
            Ok(())
        } else {
            Err(RuleViolation::new(
                "S8.7",
                "beyond the spotting aircraft's range (exclusive 8.3)",
            ))
        };
    }
    let line = trace(ground, cond, spotter.hex, target);
    if line.smoke_between {
        return Err(RuleViolation::new(
            "S9.9.2",
            "no spotting for indirect fire through a Smoke hex",
        ));
    }
    let roof = ground.features(spotter.hex).has(HexFeatures::ROOF);
    let allowance = if roof { chart.roof_allowance } else { 0 };
    if line.obstacles > allowance {
        return Err(if roof {
            RuleViolation::new(
                "S8.5",
                "a roof sees past two blocking hexes or hexsides, no more",
            )
        } else {
            RuleViolation::new("S8.1", "no line of sight")
        });
    }
    seen(chart, vis, cond, target, range, concealed)
}

#[cfg(test)]
#[path = "sight_tests.rs"]
mod tests;
