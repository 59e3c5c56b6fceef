//! Movement: the Move action of a unit or a stack, on the core search (legal destinations) and
//! as a checked step-by-step move that a later layer can stop after any hex (series S7.0–S7.10;
//! the status limits of S5.3, S11.4–S11.6; enemies never share a hex, S6.5).
//!
//! * Costs come from the [`TerrainChart`](super::terrain::TerrainChart) in sixths of an MP
//!   (S1.5): the dot's cost for the unit's class (S7.3), plus hexside costs (S7.4), or the
//!   route's rate for a unit in Column entering along a road, railroad or highway (S7.5).
//! * The search's node is (hex, side of the counter, part of a divided hex): the part a unit
//!   is in decides where it may go next and whether leaving crosses an in-hex river or stream
//!   (S7.4, S7.10), so it is a mode of the core search ([`MODES`]).
//! * A change of side at the start of a move is an in-place step of the search from the start
//!   hex only; a change at the end is priced after the search (S7.7). Both may be made.
//! * A stack moving together (S7.2.1) pays, for every hex, the highest cost any of its units
//!   pays, against the lowest MA among them (ruling B30), all on the same side of the counter.
//! * [`Move`] is the move under way, one hex at a time: each hex entered and each change of
//!   side is an opportunity-fire trigger (S5.4, S9.11.2) that [`Move::step`] reports, and
//!   [`Move::halt`] ends the move at once where fire stopped it (S7.2.2).

use super::terrain::{
    ClassCosts, Conditions, Crossing, Divider, Ground, MoveClass, Part, ROUTES, SIXTHS,
};
use crate::core::capacity::gates;
use crate::core::faces::{Face, TwoFaced};
use crate::core::hex::{Geometry, HexId};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::movement::{search, Link, MoveRules, Reachable, SearchError, Step};
use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The Column side of a counter (S2.2.1) is the core's front face.
pub const COLUMN: Face = Face::Front;
/// The Deployed side is the back face.
pub const DEPLOYED: Face = Face::Back;

/// Search modes: Column or Deployed, in the first or second part of a hex (S7.10).
pub const MODES: usize = gates::MODES;

/// The search's mode for a side of the counter and a part.
#[inline]
pub const fn mode(face: Face, part: Part) -> u8 {
    let f = match face {
        Face::Front => 0,
        Face::Back => 1,
    };
    f | part.index() << 1
}

/// The side of the counter and the part of a search mode.
#[inline]
pub const fn unmode(m: u8) -> (Face, Part) {
    let face = if m & 1 == 0 { COLUMN } else { DEPLOYED };
    (face, Part::from_index(m >> 1))
}

/// Status markers that limit movement (table S5.3-T).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// May not move (S11.4).
    pub pinned: bool,
    /// Half MA, never into a hex adjacent to an enemy (S11.5).
    pub dg: bool,
    /// Only away from the enemy; never changes side (S11.6).
    pub suppressed: bool,
}

/// One unit about to move: its class and the MA printed on each side (0: none printed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    pub class: MoveClass,
    /// Front: the Column MA; back: the Deployed MA.
    pub ma: TwoFaced<u8>,
    pub status: Status,
}

/// A unit or a stack about to take a Move action together, in one hex, on one side of their
/// counters (S5.1.3, S7.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party {
    pub side: Side,
    pub hex: HexId,
    /// The part of a divided hex its units are in (the Hex Owned arrow, S16.3); `First` in any
    /// other hex.
    pub part: Part,
    pub face: Face,
    /// Classes in the party, one bit each (leg, wheeled, tracked).
    classes: u8,
    /// MP of this Move action in sixths: the lowest MA of the side they start on, halved for
    /// a DG unit (S7.2, S7.2.1, S11.5).
    pub allowance: u16,
    pub dg: bool,
    pub suppressed: bool,
    /// The party has been in this hex since before the current activation: in a ferry hex it
    /// may leave across the river (exclusive 2.2.5, S7.9).
    pub ferry_ready: bool,
}

const CLASSES: [MoveClass; 3] = [MoveClass::Leg, MoveClass::Wheeled, MoveClass::Tracked];

impl Party {
    /// The party of `units`, refused if any of them may not take a Move action.
    pub fn new(
        side: Side,
        hex: HexId,
        part: Part,
        face: Face,
        units: &[Mover],
        ferry_ready: bool,
    ) -> Result<Party, RuleViolation> {
        if units.is_empty() {
            return Err(RuleViolation::new("engine", "a move needs a unit"));
        }
        let mut p = Party {
            side,
            hex,
            part,
            face,
            classes: 0,
            allowance: u16::MAX,
            dg: false,
            suppressed: false,
            ferry_ready,
        };
        for u in units {
            let bit = match u.class {
                MoveClass::Leg => 1,
                MoveClass::Wheeled => 2,
                MoveClass::Tracked => 4,
                MoveClass::Boat => {
                    return Err(RuleViolation::new(
                        "S7.11",
                        "a Boat unit moves along river hexsides, not through hexes",
                    ))
                }
            };
            if u.status.pinned {
                return Err(RuleViolation::new("S5.3", "a Pinned unit may not move"));
            }
            let ma = *u.ma.on(face);
            if ma == 0 {
                return Err(if face == DEPLOYED {
                    RuleViolation::new(
                        "S7.6",
                        "a Deployed side with no MA cannot move: change to Column first",
                    )
                } else {
                    RuleViolation::new("S7.2", "a unit with no MA cannot move")
                });
            }
            // S1.5: halve and round down, in whole MP.
            let ma = if u.status.dg { ma / 2 } else { ma };
            p.classes |= bit;
            p.allowance = p.allowance.min(SIXTHS.mp(ma as u16));
            p.dg |= u.status.dg;
            p.suppressed |= u.status.suppressed;
        }
        Ok(p)
    }

    /// What the party pays for `costs`: the highest of its classes' costs, `None` if any of
    /// them may not (ruling B30).
    #[inline]
    pub fn cost(&self, costs: &ClassCosts) -> Option<u16> {
        self.cost_by(|c| costs.get(c))
    }

    #[inline]
    fn cost_by(&self, f: impl Fn(MoveClass) -> Option<u16>) -> Option<u16> {
        let mut worst = 0;
        for (i, c) in CLASSES.into_iter().enumerate() {
            if self.classes & (1 << i) != 0 {
                worst = worst.max(f(c)?);
            }
        }
        Some(worst)
    }

    /// Every class of the party passes `f`.
    #[inline]
    fn all(&self, f: impl Fn(MoveClass) -> bool) -> bool {
        CLASSES
            .into_iter()
            .enumerate()
            .all(|(i, c)| self.classes & (1 << i) == 0 || f(c))
    }
}

/// Enemy units on the map, as a movement query sees them: which hexes hold one (S6.5), and for
/// a Suppressed mover the distance from each hex to the nearest (S11.6).
pub struct Enemies<const H: usize> {
    at: [bool; H],
    near: [u8; H],
    any: bool,
    measured: bool,
}

/// A distance to the nearest enemy no query reads as a limit (no enemy on the map).
const FAR: u8 = u8::MAX;

impl<const H: usize> Enemies<H> {
    pub const fn new() -> Self {
        Enemies {
            at: [false; H],
            near: [FAR; H],
            any: false,
            measured: false,
        }
    }

    /// Marks the hexes holding enemy units; with `distances`, also how far every hex is from
    /// the nearest of them (needed for a Suppressed mover only).
    pub fn set(&mut self, g: &Geometry, hexes: impl IntoIterator<Item = HexId>, distances: bool) {
        let n = g.hex_count().min(H);
        self.at[..n].fill(false);
        self.any = false;
        for h in hexes {
            if let Some(i) = g.index(h).filter(|&i| i < n) {
                self.at[i] = true;
                self.any = true;
            }
        }
        self.measured = distances;
        if distances {
            self.measure(g, n);
        }
    }

    /// Multi-source breadth-first distances from every enemy hex (hex distance: the grid has
    /// no obstacles for it).
    fn measure(&mut self, g: &Geometry, n: usize) {
        self.near[..n].fill(FAR);
        let mut queue = heapless::Deque::<u16, H>::new();
        for i in 0..n {
            if self.at[i] {
                self.near[i] = 0;
                let _ = queue.push_back(i as u16);
            }
        }
        while let Some(i) = queue.pop_front() {
            let i = i as usize;
            let Some(h) = g.hex_at(i) else { continue };
            let d = self.near[i];
            for (_, j) in g.neighbour_links(h, i).into_iter().flatten() {
                if j < n && self.near[j] == FAR && d < FAR - 1 {
                    self.near[j] = d + 1;
                    let _ = queue.push_back(j as u16);
                }
            }
        }
    }

    #[inline]
    pub fn at(&self, i: usize) -> bool {
        self.at.get(i).copied().unwrap_or(false)
    }

    /// Is an enemy unit next to `h` (index `i`)?
    pub fn adjacent(&self, g: &Geometry, h: HexId, i: usize) -> bool {
        g.neighbour_links(h, i)
            .into_iter()
            .flatten()
            .any(|(_, j)| self.at(j))
    }

    /// Hexes from `i` to the nearest enemy unit (`None`: not measured or no enemy).
    pub fn distance(&self, i: usize) -> Option<u8> {
        (self.measured && self.any)
            .then(|| self.near.get(i).copied())
            .flatten()
    }
}

impl<const H: usize> Default for Enemies<H> {
    fn default() -> Self {
        Self::new()
    }
}

/// The price of entering one hex: sixths of an MP, the part entered, and whether the move must
/// end there (a ferry hexside, S7.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub cost: u16,
    pub part: Part,
    pub stop: bool,
}

/// Everything a step's price depends on.
pub struct Ctx<'a, const H: usize, const P: usize, C: Conditions> {
    pub ground: Ground<'a, H, P>,
    pub cond: &'a C,
    pub enemies: &'a Enemies<H>,
    pub party: &'a Party,
}

impl<const H: usize, const P: usize, C: Conditions> Ctx<'_, H, P, C> {
    /// The price of the step across `link` for the party on `face`, in `part` of the hex it
    /// leaves, or the rule that forbids it. The one place the search and the checked move
    /// both ask (S6.5, S7.3–S7.10, S11.5, S11.6, exclusive 2.1–2.2).
    pub fn enter(&self, link: Link, face: Face, part: Part) -> Result<Entry, RuleViolation> {
        let (ground, party, cond) = (&self.ground, self.party, self.cond);
        let chart = ground.chart;
        let (from_d, to_d) = (ground.detail_at(link.from_i), ground.detail_at(link.to_i));
        let d = link.d;
        if from_d.parts.gray_toward(d) || to_d.parts.gray_toward(d.opposite()) {
            return Err(RuleViolation::new(
                "S7.10",
                "no unit moves across the grayed-out part of a hex",
            ));
        }
        let column = face == COLUMN;
        let sf = ground.map.side_of_link(&link);
        let side = || ground.map.geometry.canonical_side(link.from, d);
        // Crossing a bridge obliges the route's rate: the unit is on the route (S7.9).
        let mut on_route = false;
        let mut extra: u16 = 0;
        let mut stop = false;
        // Leaving the part it is in across the hex's own river or stream (S7.4, S7.10).
        let divider = from_d.parts.divider;
        if divider != Divider::None && from_d.parts.part_of(d) != part {
            let bridge = from_d.parts.bridge && !cond.bridge_out(Crossing::InHex(link.from));
            if column && bridge && sf.has(ROUTES) {
                on_route = true;
            } else if divider == Divider::Stream {
                extra += party.cost(&chart.stream).ok_or(RuleViolation::new(
                    "S7.4",
                    "wheeled units cannot cross a stream (exclusive 2.2.2)",
                ))?;
            } else if divider == Divider::Ferry {
                return Err(RuleViolation::new(
                    "S7.9",
                    "a ferry is crossed only at the start of a later Move action, in Column",
                ));
            } else if bridge && !column {
                return Err(RuleViolation::new(
                    "S7.6",
                    "a Deployed unit may not cross a bridge",
                ));
            } else {
                return Err(RuleViolation::new(
                    "S7.10",
                    "a unit in a divided hex moves only into hexes next to its part",
                ));
            }
        }
        // The hexside (S7.4, table S7.4-T).
        if sf.has(SideFeatures::BORDER) {
            let open = sf.has(SideFeatures::WALL_GAP) || side().is_some_and(|s| cond.breached(s));
            if !open {
                if !sf.has(SideFeatures::WALL_WIRE) {
                    return Err(RuleViolation::new(
                        "S7.8",
                        "the Berlin Wall may not be crossed here (exclusive 2.2.6)",
                    ));
                }
                extra += party.cost(&chart.wall_wire).ok_or(RuleViolation::new(
                    "S7.8",
                    "this class cannot cross the barbed wire of the Wall (exclusive 2.2.6)",
                ))?;
            }
        }
        let river = sf.has(SideFeatures::WATER);
        if river || sf.has(SideFeatures::STREAM) {
            let s = side();
            let standing = s.is_some_and(|s| !cond.bridge_out(Crossing::Side(s)));
            let built = sf.has(SideFeatures::BRIDGE) || sf.has(ROUTES);
            let temporary = s.is_some_and(|s| cond.temporary_bridge(s));
            if column && ((built && standing) || temporary) {
                // S7.9: the route's cost and no hexside cost.
                on_route |= sf.has(ROUTES);
            } else if column && sf.has(SideFeatures::FERRY) && standing {
                stop = true;
            } else if !river {
                extra += party.cost(&chart.stream).ok_or(RuleViolation::new(
                    "S7.4",
                    "wheeled units cannot cross a stream (exclusive 2.2.2)",
                ))?;
            } else if (built && standing) || temporary || sf.has(SideFeatures::FERRY) {
                return Err(RuleViolation::new(
                    "S7.6",
                    "a Deployed unit may not cross a bridge or use a ferry",
                ));
            } else {
                return Err(RuleViolation::new(
                    "S7.8",
                    "no unit may cross a river hexside (exclusive 2.2.3)",
                ));
            }
        }
        if sf.has(SideFeatures::SLOPE) {
            extra += party.cost(&chart.slope).unwrap_or(0);
        }
        // The hex entered (S7.3, S7.5, S7.8).
        let dot = match ground.dot_at(link.to_i) {
            Some(dot) if dot.playable => dot,
            _ => {
                return Err(RuleViolation::new(
                    "S7.8",
                    "a hex without a dot is not playable",
                ))
            }
        };
        if to_d.barred_to(party.side) {
            return Err(RuleViolation::new(
                "S7.8",
                "the game forbids this hex to this side (exclusive 1.2, 3.5)",
            ));
        }
        let route = if column && sf.has(ROUTES) {
            party.cost_by(|c| chart.routes.rate(sf, c))
        } else {
            None
        };
        let terrain = party.cost(&dot.cost);
        let base = match (on_route, route, terrain) {
            (true, Some(r), _) => r,
            (false, Some(r), Some(t)) => r.min(t),
            (false, Some(r), None) => r,
            (_, None, Some(t)) => t,
            (_, None, None) => {
                return Err(RuleViolation::new(
                    "S7.3",
                    "this movement class may not enter this terrain",
                ))
            }
        };
        if !column && !party.all(|c| dot.deploy.get(c)) {
            return Err(RuleViolation::new(
                "S7.6",
                "a vehicle may not be Deployed in this terrain (exclusive 2.1.4, 2.1.6)",
            ));
        }
        // Who is there (S6.5, S16.3).
        if self.enemies.at(link.to_i) {
            return Err(RuleViolation::new(
                "S6.5",
                "a unit may not enter a hex holding an enemy unit",
            ));
        }
        let to_part = to_d.parts.part_of(d.opposite());
        if to_d.parts.divided() {
            if let Some((owner, p)) = cond.hex_owned(link.to) {
                if owner == party.side && p != to_part {
                    return Err(RuleViolation::new(
                        "S16.3",
                        "friendly units hold the other part of this divided hex",
                    ));
                }
            }
        }
        // Status (S5.3).
        let g = &ground.map.geometry;
        if party.dg && self.enemies.adjacent(g, link.to, link.to_i) {
            return Err(RuleViolation::new(
                "S11.5",
                "a DG unit may not enter a hex adjacent to an enemy unit",
            ));
        }
        if party.suppressed {
            if let (Some(a), Some(b)) = (
                self.enemies.distance(link.from_i),
                self.enemies.distance(link.to_i),
            ) {
                if b <= a {
                    return Err(RuleViolation::new(
                        "S11.6",
                        "a Suppressed unit moves only farther from the nearest enemy unit",
                    ));
                }
            }
        }
        if to_d.customs && self.customs_post_stands(g, link.to, link.to_i) {
            extra += party.cost(&chart.customs).unwrap_or(0);
        }
        Ok(Entry {
            cost: base.saturating_add(extra),
            part: to_part,
            stop,
        })
    }

    /// A Customs Police post that is not destroyed stands in `h` or next to it (2.2.6).
    fn customs_post_stands(&self, g: &Geometry, h: HexId, i: usize) -> bool {
        let post = |h: HexId| {
            self.ground.features(h).has(HexFeatures::CUSTOMS_POST)
                && !self.cond.customs_destroyed(h)
        };
        post(h)
            || g.neighbour_links(h, i)
                .into_iter()
                .flatten()
                .any(|(n, _)| post(n))
    }

    /// May the party change to `face` in `h` (S7.7)? Never when Suppressed (S11.6), and not to
    /// Deployed where a class of it may not deploy (exclusive 2.1.4, 2.1.6).
    pub fn may_change_to(&self, h: HexId, face: Face) -> Result<(), RuleViolation> {
        may_change_side(&self.ground, self.party, h, face)
    }

    /// What changing side costs the party (S7.7; stand-in 1 MP leg, 2 MP vehicles).
    pub fn change_cost(&self) -> u16 {
        self.party
            .cost(&self.ground.chart.side_change)
            .unwrap_or(u16::MAX)
    }

    /// Parts of the start hex the party may leave from before it has moved: its own, both
    /// sides of an in-hex stream (ruling B31), both banks of a ferry hex for a unit in Column
    /// that was there before this activation (exclusive 2.2.5).
    pub fn start_parts(&self, face: Face) -> [bool; 2] {
        let parts = self.ground.detail(self.party.hex).parts;
        let both = match parts.divider {
            Divider::Stream => true,
            Divider::Ferry => face == COLUMN && self.party.ferry_ready,
            _ => false,
        };
        let own = self.party.part;
        [own == Part::First || both, own == Part::Second || both]
    }
}

/// S7.7: may `party` change to `face` in `h`?
pub fn may_change_side<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    party: &Party,
    h: HexId,
    face: Face,
) -> Result<(), RuleViolation> {
    if party.suppressed {
        return Err(RuleViolation::new(
            "S11.6",
            "a Suppressed unit may not change side",
        ));
    }
    if face == DEPLOYED && !party.all(|c| ground.may_deploy(h, c)) {
        return Err(RuleViolation::new(
            "S7.7",
            "this class may not deploy in this terrain (exclusive 2.1.4, 2.1.6)",
        ));
    }
    Ok(())
}

/// The core search's rules for one Move action of a party.
struct Steps<'a, const H: usize, const P: usize, C: Conditions> {
    ctx: Ctx<'a, H, P, C>,
    /// Modes of the start hex the party is in before it has entered a hex, one bit each.
    start_modes: u8,
    /// Of those, the ones with no MP spent: a step from them is a minimum move (S7.2).
    fresh_modes: u8,
    change: u16,
}

impl<'a, const H: usize, const P: usize, C: Conditions> Steps<'a, H, P, C> {
    fn new(ctx: Ctx<'a, H, P, C>) -> Self {
        let party = ctx.party;
        let change = ctx.change_cost();
        let bits = |face: Face, parts: [bool; 2]| {
            let mut b = 0u8;
            for (i, ok) in parts.into_iter().enumerate() {
                if ok {
                    b |= 1 << mode(face, Part::from_index(i as u8));
                }
            }
            b
        };
        let first = ctx.start_parts(party.face);
        let fresh = bits(party.face, first);
        let mut start = fresh;
        let other = party.face.flipped();
        if ctx.may_change_to(party.hex, other).is_ok() && change <= party.allowance {
            // After a change at the start: the parts it could leave from before, and those
            // the new side may leave from (a ferry needs Column).
            let second = ctx.start_parts(other);
            start |= bits(other, [first[0] || second[0], first[1] || second[1]]);
        }
        Steps {
            ctx,
            start_modes: start,
            fresh_modes: fresh,
            change,
        }
    }
}

impl<const H: usize, const P: usize, C: Conditions> MoveRules for Steps<'_, H, P, C> {
    const IN_PLACE: bool = true;

    #[inline]
    fn steps(&self, link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
        let (face, part) = unmode(m);
        if let Ok(e) = self.ctx.enter(link, face, part) {
            let fresh = link.from == self.ctx.party.hex && self.fresh_modes & (1 << m) != 0;
            let cost = if fresh {
                // S7.2: the minimum move of one hex, whatever it costs.
                e.cost.min(self.ctx.party.allowance)
            } else {
                e.cost
            };
            let _ = out.push(Step {
                cost,
                mode: mode(face, e.part),
                stop: e.stop,
            });
        }
    }

    fn in_place(&self, hex: HexId, _i: usize, m: u8, out: &mut heapless::Vec<Step, 4>) {
        if hex != self.ctx.party.hex || self.start_modes & (1 << m) == 0 {
            return;
        }
        let (face, part) = unmode(m);
        // The other part of the start hex, where the party may leave from either (no MP).
        let switched = mode(face, part.other());
        if self.start_modes & (1 << switched) != 0 {
            let _ = out.push(Step {
                cost: 0,
                mode: switched,
                stop: false,
            });
        }
        // A change of side at the start of the move (S7.7).
        let flipped = mode(face.flipped(), part);
        if self.fresh_modes & (1 << m) != 0 && self.start_modes & (1 << flipped) != 0 {
            let _ = out.push(Step {
                cost: self.change,
                mode: flipped,
                stop: false,
            });
        }
    }

    #[inline]
    fn may_end(&self, hex: HexId, _m: u8) -> bool {
        hex != self.ctx.party.hex
    }
}

/// One legal end of a Move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Destination {
    pub hex: HexId,
    pub part: Part,
    /// The side of the counter at the end.
    pub face: Face,
    /// Sixths of an MP, side changes included.
    pub cost: u16,
    /// The side the party moves on (it differs from the start's after a change at the start).
    pub moving: Face,
    /// The move ends with a change of side (S7.7).
    pub change_at_end: bool,
}

/// The search scratch of a Move query on a map of up to `H` hexes.
pub struct MoveScratch<const H: usize> {
    pub reach: Reachable<H, MODES>,
}

impl<const H: usize> MoveScratch<H> {
    pub const fn new() -> Self {
        MoveScratch {
            reach: Reachable::new(),
        }
    }
}

impl<const H: usize> Default for MoveScratch<H> {
    fn default() -> Self {
        Self::new()
    }
}

/// Every legal end of a Move action of `ctx.party` (S7.2–S7.10), the cheapest way for each
/// hex, part and final side of the counter, into `f`. The start hex is not a destination.
/// `scratch.reach` keeps the search for [`path`].
pub fn destinations<const H: usize, const P: usize, C: Conditions>(
    ctx: Ctx<'_, H, P, C>,
    scratch: &mut MoveScratch<H>,
    mut f: impl FnMut(Destination),
) -> Result<(), RuleViolation> {
    let g = ctx.ground.map.geometry;
    let party = *ctx.party;
    let rules = Steps::new(ctx);
    let start_mode = mode(party.face, party.part);
    search(
        &g,
        &rules,
        party.hex,
        start_mode,
        party.allowance,
        &mut scratch.reach,
    )
    .map_err(|e| match e {
        SearchError::QueueFull => RuleViolation::new("engine", "movement search overflow"),
        SearchError::OffMap => RuleViolation::new("S7.2", "the unit is not on the map"),
    })?;
    let change = rules.change;
    let reach = &scratch.reach;
    for (h, _) in reach.iter(&g) {
        if h == party.hex {
            continue;
        }
        for part in [Part::First, Part::Second] {
            for face in [COLUMN, DEPLOYED] {
                let here = reach.cost_in(&g, h, mode(face, part));
                let flip = reach
                    .cost_in(&g, h, mode(face.flipped(), part))
                    .filter(|c| {
                        c.saturating_add(change) <= party.allowance
                            && rules.ctx.may_change_to(h, face).is_ok()
                    })
                    .map(|c| c + change);
                let best = match (here, flip) {
                    (Some(a), Some(b)) if b < a => Some((b, true)),
                    (Some(a), _) => Some((a, false)),
                    (None, Some(b)) => Some((b, true)),
                    (None, None) => None,
                };
                if let Some((cost, change_at_end)) = best {
                    f(Destination {
                        hex: h,
                        part,
                        face,
                        cost,
                        moving: if change_at_end { face.flipped() } else { face },
                        change_at_end,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The hexes of the cheapest way to `dest` found by the last [`destinations`] (start first;
/// a change of side or of part at the start shows as the start hex again), into `out`.
pub fn path<const H: usize, const N: usize>(
    g: &Geometry,
    scratch: &MoveScratch<H>,
    dest: &Destination,
    out: &mut heapless::Vec<(HexId, Face, Part), N>,
) -> bool {
    let mut raw = heapless::Vec::<(HexId, u8), N>::new();
    out.clear();
    if !scratch
        .reach
        .path_to(g, dest.hex, mode(dest.moving, dest.part), &mut raw)
    {
        return false;
    }
    raw.iter().all(|&(h, m)| {
        let (face, part) = unmode(m);
        out.push((h, face, part)).is_ok()
    })
}

/// An opportunity-fire trigger of a move (S5.4, S9.11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The party entered this hex (the part of a divided hex it is in).
    Entered { hex: HexId, part: Part },
    /// The party changed side in this hex.
    ChangedSide { hex: HexId, face: Face },
}

/// A Move action under way, one hex at a time (S7.2): kept in the game state between the
/// steps so a later layer can resolve opportunity fire after each trigger and stop the move
/// ([`Move::halt`], S7.2.2). Each call takes the [`Ctx`] of the units still moving: a unit
/// that drops off where the stack passes (S7.2.1) is left out of the next call's party, and
/// the others go on at the stack's pace (the allowance fixed at [`Move::begin`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub start: HexId,
    pub at: HexId,
    pub part: Part,
    pub face: Face,
    /// Sixths of an MP spent so far.
    pub spent: u16,
    pub allowance: u16,
    /// Hexes entered so far.
    pub entered: u8,
    /// The move may not go on: a ferry crossed (S7.9) or fire stopped it (S7.2.2).
    pub ended: bool,
    /// Fire stopped it: no change of side at the end either (S7.2.2).
    pub halted: bool,
}

/// The end of a Move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub hex: HexId,
    pub part: Part,
    pub face: Face,
    pub spent: u16,
    /// A change of side at the end, an opportunity-fire trigger.
    pub trigger: Option<Trigger>,
}

impl Move {
    /// Starts a Move action of `ctx.party`, with a change of side first if asked (S7.7: paid
    /// from the MA of the side it starts on).
    pub fn begin<const H: usize, const P: usize, C: Conditions>(
        ctx: &Ctx<'_, H, P, C>,
        change_side: bool,
    ) -> Result<(Move, Option<Trigger>), RuleViolation> {
        let party = ctx.party;
        let mut m = Move {
            start: party.hex,
            at: party.hex,
            part: party.part,
            face: party.face,
            spent: 0,
            allowance: party.allowance,
            entered: 0,
            ended: false,
            halted: false,
        };
        if !change_side {
            return Ok((m, None));
        }
        let face = party.face.flipped();
        ctx.may_change_to(party.hex, face)?;
        let cost = ctx.change_cost();
        if cost > party.allowance {
            return Err(RuleViolation::new(
                "S7.7",
                "not enough MP to change side at the start of the move",
            ));
        }
        m.face = face;
        m.spent = cost;
        Ok((
            m,
            Some(Trigger::ChangedSide {
                hex: party.hex,
                face,
            }),
        ))
    }

    /// Enters the adjacent hex `to`, paying its price (S7.2–S7.10); the hex entered is an
    /// opportunity-fire trigger (S9.11.2). On a refusal the move is unchanged.
    pub fn step<const H: usize, const P: usize, C: Conditions>(
        &mut self,
        ctx: &Ctx<'_, H, P, C>,
        to: HexId,
    ) -> Result<Trigger, RuleViolation> {
        if self.ended {
            return Err(RuleViolation::new("S7.2", "this move has ended"));
        }
        let g = &ctx.ground.map.geometry;
        let link = g
            .direction_to(self.at, to)
            .and_then(|d| Link::new(g, self.at, d))
            .ok_or(RuleViolation::new(
                "S7.2",
                "a unit moves from hex to adjacent hex",
            ))?;
        // Before it has entered a hex, the party may leave an in-hex stream's or a ferry's
        // hex from either part (ruling B31, exclusive 2.2.5).
        let mut part = self.part;
        let exit = ctx.ground.detail_at(link.from_i).parts.part_of(link.d);
        let i = exit.index() as usize;
        if self.entered == 0
            && exit != part
            && (ctx.start_parts(ctx.party.face)[i] || ctx.start_parts(self.face)[i])
        {
            part = exit;
        }
        let e = ctx.enter(link, self.face, part)?;
        let left = self.allowance - self.spent.min(self.allowance);
        let cost = if self.entered == 0 && self.spent == 0 {
            e.cost.min(left) // S7.2 minimum move
        } else {
            e.cost
        };
        if cost > left {
            return Err(RuleViolation::new(
                "S7.2",
                "not enough MP left to enter this hex",
            ));
        }
        self.spent += cost;
        self.at = to;
        self.part = e.part;
        self.entered = self.entered.saturating_add(1);
        self.ended = e.stop;
        Ok(Trigger::Entered {
            hex: to,
            part: e.part,
        })
    }

    /// Fire pinned, disrupted or suppressed the party: it stops at once where it is (S7.2.2).
    pub fn halt(&mut self) {
        self.ended = true;
        self.halted = true;
    }

    /// Ends the move, with a change of side if asked (S7.7: paid from what is left).
    pub fn finish<const H: usize, const P: usize, C: Conditions>(
        self,
        ctx: &Ctx<'_, H, P, C>,
        change_side: bool,
    ) -> Result<Finished, RuleViolation> {
        if self.entered == 0 && !self.halted {
            return Err(RuleViolation::new(
                "S7.2",
                "a Move action enters at least one hex (a Change Side action costs no MP)",
            ));
        }
        let mut done = Finished {
            hex: self.at,
            part: self.part,
            face: self.face,
            spent: self.spent,
            trigger: None,
        };
        if !change_side {
            return Ok(done);
        }
        if self.halted {
            return Err(RuleViolation::new(
                "S7.2.2",
                "a unit stopped by fire ends its move at once",
            ));
        }
        let face = self.face.flipped();
        ctx.may_change_to(self.at, face)?;
        let cost = ctx.change_cost();
        if self.spent.saturating_add(cost) > self.allowance {
            return Err(RuleViolation::new(
                "S7.7",
                "not enough MP left to change side at the end of the move",
            ));
        }
        done.face = face;
        done.spent += cost;
        done.trigger = Some(Trigger::ChangedSide { hex: self.at, face });
        Ok(done)
    }
}

/// The Change Side action: Column ↔ Deployed in place, at no MP cost (S5.2, S7.7). Returns the
/// new side.
pub fn change_side_action<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    party: &Party,
) -> Result<Face, RuleViolation> {
    let face = party.face.flipped();
    may_change_side(ground, party, party.hex, face)?;
    Ok(face)
}

#[cfg(test)]
#[path = "movement_tests.rs"]
mod tests;
