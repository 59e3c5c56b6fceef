//! Movement: who moves and what each step costs — the one place the rules of a Move action
//! decide the price of entering a hex (series S7.0–S7.10; the status limits of S5.3,
//! S11.4–S11.6; enemies never share a hex, S6.5). The legal destinations of a move are the core
//! search over these prices ([`super::destinations`]); the move under way, one hex at a time,
//! is [`super::move_action::Move`].
//!
//! * Costs come from the [`TerrainChart`](super::terrain::TerrainChart) in sixths of an MP
//!   (S1.5): the dot's cost for the unit's class (S7.3), plus hexside costs (S7.4), or the
//!   route's rate for a unit in Column entering along a road, railroad or highway (S7.5).
//! * A step leaves a hex from the part its units are in: the part decides where it may go next
//!   and whether leaving crosses an in-hex river or stream (S7.4, S7.10), so the search's mode
//!   is (side of the counter, part) ([`MODES`]).
//! * A stack moving together (S7.2.1) pays, for every hex, the highest cost any of its units
//!   pays, against the lowest MA among them (ruling B30), all on the same side of the counter.

use super::terrain::{
    ClassCosts, Conditions, Crossing, Divider, Ground, MoveClass, Part, ROUTES, SIXTHS,
};
use crate::core::capacity::gates;
use crate::core::faces::{Face, TwoFaced};
use crate::core::hex::{Geometry, HexId};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::movement::Link;
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
    /// A Fuel Out chit (S15.1): a unit that is not leg may not move, unless its game directs
    /// the move (`css::supply::SupplyChits::mover_status` leaves this unset then).
    pub fuel_out: bool,
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
            if u.status.fuel_out && u.class != MoveClass::Leg {
                return Err(RuleViolation::new(
                    "S15.1",
                    "a vehicle with Fuel Out may not move",
                ));
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

    /// The party of a Change Side action in place (S5.2, S7.7): no MP are spent, so neither
    /// an MA nor a Pin bars it (table S5.3-T forbids it to a Suppressed unit only, which
    /// [`may_change_side`] reads from `suppressed`).
    pub fn in_place(
        side: Side,
        hex: HexId,
        part: Part,
        face: Face,
        units: &[Mover],
    ) -> Result<Party, RuleViolation> {
        if units.is_empty() {
            return Err(RuleViolation::new(
                "engine",
                "a change of side needs a unit",
            ));
        }
        let mut p = Party {
            side,
            hex,
            part,
            face,
            classes: 0,
            allowance: 0,
            dg: false,
            suppressed: false,
            ferry_ready: false,
        };
        for u in units {
            p.classes |= match u.class {
                MoveClass::Leg => 1,
                MoveClass::Wheeled => 2,
                MoveClass::Tracked => 4,
                MoveClass::Boat => 0,
            };
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
    /// [`Enemies::set_for_steps`]: the enemy hexes, each distance asked is measured to them
    /// (a move checked hex by hex asks a few; a search asks thousands and measures all at once).
    few: Option<(Geometry, heapless::Vec<HexId, FEW_ENEMY_HEXES>)>,
}

/// Enemy hexes [`Enemies::set_for_steps`] measures distances to one by one; with more, it
/// measures every hex at once as [`Enemies::set`] does.
pub const FEW_ENEMY_HEXES: usize = 256;

/// A Suppressed mover was asked about without the enemy distances it moves by (S11.6).
pub const UNMEASURED: RuleViolation = RuleViolation::new(
    "engine",
    "a Suppressed unit's move needs the distances to the enemy (Enemies::set with distances)",
);

/// A distance to the nearest enemy no query reads as a limit (no enemy on the map).
const FAR: u8 = u8::MAX;

impl<const H: usize> Enemies<H> {
    pub const fn new() -> Self {
        Enemies {
            at: [false; H],
            near: [FAR; H],
            any: false,
            measured: false,
            few: None,
        }
    }

    /// As [`Enemies::set`] with distances, for a move checked one hex at a time (the series
    /// game): the distance of a hex is measured when it is asked, to each enemy hex in turn,
    /// instead of over the whole map at once.
    pub fn set_for_steps(&mut self, g: &Geometry, hexes: impl IntoIterator<Item = HexId>) {
        let mut few = heapless::Vec::new();
        let mut overflow = false;
        let n = g.hex_count().min(H);
        self.at[..n].fill(false);
        self.any = false;
        for h in hexes {
            if let Some(i) = g.index(h).filter(|&i| i < n) {
                self.at[i] = true;
                self.any = true;
                overflow |= !few.contains(&h) && few.push(h).is_err();
            }
        }
        self.measured = true;
        if overflow {
            self.few = None;
            self.measure(g, n);
        } else {
            self.few = Some((*g, few));
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
        self.few = None;
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

    /// Were the distances to the nearest enemy measured ([`Enemies::set`] with
    /// `distances`)? A Suppressed mover needs them (S11.6).
    pub const fn measured(&self) -> bool {
        self.measured
    }

    /// Hexes from `i` to the nearest enemy unit (`None`: not measured or no enemy).
    pub fn distance(&self, i: usize) -> Option<u8> {
        if !(self.measured && self.any) {
            return None;
        }
        if let Some((g, few)) = &self.few {
            let h = g.hex_at(i)?;
            let d = few.iter().map(|e| g.distance(h, *e)).min()?;
            return Some(d.min((FAR - 1) as u16) as u8);
        }
        self.near.get(i).copied()
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
            // A route drawn across water is a bridge (2.2.4), unless the map marks a ferry there.
            let built =
                sf.has(SideFeatures::BRIDGE) || (sf.has(ROUTES) && !sf.has(SideFeatures::FERRY));
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
            if !self.enemies.measured {
                return Err(UNMEASURED);
            }
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
#[path = "movement_tests/mod.rs"]
pub(crate) mod tests;
