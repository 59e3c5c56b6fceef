//! Supply [14.0]: lines of supply to the sources of [14.1], traced as [14.2] says, and the
//! effects of [14.3]. Supply is determined at the start of the Movement Phase (recorded in
//! `flags::UNSUPPLIED_AT_START` for [14.31]) and at the moment of each combat ([14.32]:
//! `Game::in_supply`).
//!
//! A supply line has any length, so instead of tracing from every unit we flood once from
//! all sources of a side at the same time and mark every hex a line can reach ([`SupplyMap`]).
//! The flood runs over (hex, underground?, border sides crossed): the U-Bahn lets a line pass
//! an enemy-controlled hex [14.22], and NATO lines cross at most one border hexside [14.23].
//! Every condition is symmetric, so flooding from the sources equals tracing from the units.

use super::board::Occupancy;
use super::flags;
use super::game::Game;
use super::state::{NATO, WARSAW_PACT};
use crate::core::hex::{Dir, Edge, HexId};
use crate::core::map::{HexFeatures, Markers, PlaceKind, SideFeatures, MAX_HEXES};
use crate::core::movement::Link;
use crate::core::side::Side;
use crate::core::units::UnitId;

/// Hexes a supply line of one side (and one source set) reaches. Per hex a bit per trace
/// state: bit 0 above ground, bit 1 above ground after one border side, bits 2/3 the same
/// underground in an enemy-controlled U-Bahn hex.
pub struct SupplyMap {
    reached: [u8; MAX_HEXES],
    side: Side,
}

/// How a supply line may use a hex [14.21], [14.22], [14.24].
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Pass {
    Blocked = 0,
    Open = 1,
    /// Enemy-controlled, no friendly unit: only along the U-Bahn [14.22].
    UBahnOnly = 2,
}

const UNDER: u8 = 2;

/// One step of a supply line from trace state `st` across a hexside with features `sf` into
/// a hex that passes as `to`: the new state, or `None` when the line may not go there.
fn supply_step(side: Side, st: u8, sf: SideFeatures, to: Pass) -> Option<u8> {
    let ubahn = sf.has(SideFeatures::UBAHN);
    if st & UNDER != 0 && !ubahn {
        return None; // a line underground leaves along the U-Bahn only [14.22]
    }
    let mut borders = st & 1;
    if side == NATO && sf.has(SideFeatures::BORDER) {
        if borders != 0 {
            return None; // [14.23]
        }
        borders = 1;
    }
    match to {
        Pass::Open => Some(borders),
        Pass::UBahnOnly if ubahn => Some(borders | UNDER),
        _ => None,
    }
}

impl SupplyMap {
    pub const fn new() -> Self {
        SupplyMap {
            reached: [0; MAX_HEXES],
            side: NATO,
        }
    }
}

impl Default for SupplyMap {
    fn default() -> Self {
        Self::new()
    }
}

/// Both supply maps of one side, built once at the start of a Movement Phase.
pub(crate) struct SupplySnapshot {
    police: SupplyMap,
    other: SupplyMap,
}

impl SupplySnapshot {
    pub(crate) fn supplied(&self, g: &Game<'_>, u: UnitId, at: HexId) -> bool {
        if let Some(v) = g.supply_exception(u) {
            return v;
        }
        let map = if g.is_police(u) {
            &self.police
        } else {
            &self.other
        };
        g.supplied_at(map, at)
    }
}

impl<'d> Game<'d> {
    /// Is `u` in supply right now (the moment of combat [14.0], [14.32])?
    pub fn in_supply(&self, u: UnitId) -> bool {
        if let Some(v) = self.supply_exception(u) {
            return v;
        }
        let Some(at) = self.hex_of(u) else {
            return true;
        };
        let mut occ = Occupancy {
            unit: [0; MAX_HEXES],
            zoc: [0; MAX_HEXES],
        };
        // A line is blocked by enemy zones only [14.21].
        self.occupancy_zoc_of(self.side_of(u).other(), &mut occ);
        self.trace_supply_from(at, self.side_of(u), self.is_police(u), &occ)
    }

    /// Cases where supply is decided without a line: paratroops in their drop turn [18.43],
    /// the Warsaw Pact before its new supply priority in Medicine Wheel ([21.35] 4).
    fn supply_exception(&self, u: UnitId) -> Option<bool> {
        let s = self.state.units.get(u.0 as usize)?;
        if s.has(flags::PARADROPPED) && self.state.movement.paradrop_turn == self.state.turn {
            return Some(true);
        }
        if self.side_of(u) == WARSAW_PACT && !self.wp_supply_priority_active() {
            return Some(false);
        }
        None
    }

    /// Both maps of `side`, sharing the per-hex passability. Warsaw Pact police and other
    /// units trace to the same map-edge roads [14.13]; the others may also use airfields
    /// [14.14], so their flood goes on from the police one with the airfields added (a flood
    /// from more sources reaches exactly the union of what each source reaches).
    pub(crate) fn supply_snapshot(&self, side: Side, occ: &Occupancy) -> SupplySnapshot {
        let mut s = SupplySnapshot {
            police: SupplyMap::new(),
            other: SupplyMap::new(),
        };
        let mut pass = [Pass::Blocked; MAX_HEXES];
        self.supply_passes(side, occ, &mut pass);
        let mut queue = FloodQueue::new();
        self.flood_from_sources(side, true, &pass, &mut s.police, &mut queue);
        if side == NATO {
            // [14.11], [14.12]: police and the others trace to different West Berlin hexes.
            self.flood_from_sources(side, false, &pass, &mut s.other, &mut queue);
        } else {
            s.other.side = side;
            s.other.reached = s.police.reached;
            if self.airfields_supply(side, false) {
                self.seed_airfields(side, &pass, &mut s.other, &mut queue);
                self.flood(side, &pass, &mut s.other, &mut queue);
            }
        }
        s
    }

    /// Can a unit of the map's side standing in `at` trace supply? Its own hex needs no
    /// conditions (the unit itself negates zones of control there [14.21]).
    pub fn supplied_at(&self, map: &SupplyMap, at: HexId) -> bool {
        let g = &self.data.map.geometry;
        let Some(i) = g.index(at) else { return false };
        if map.reached[i] != 0 {
            return true;
        }
        g.neighbours(at).any(|(d, n)| {
            let Some(j) = g.index(n) else { return false };
            let sf = self.data.map.side_toward(n, d.opposite());
            (0..4u8).any(|st| {
                map.reached[j] & (1 << st) != 0
                    && (st & UNDER == 0 || sf.has(SideFeatures::UBAHN))
                    && !(map.side == NATO && st & 1 != 0 && sf.has(SideFeatures::BORDER))
            })
        })
    }

    /// Is `h` a supply source for `side` (police or not) [14.11]-[14.14]?
    pub fn is_supply_source(&self, side: Side, police: bool, h: HexId) -> bool {
        self.is_ground_supply_source(side, police, h)
            || (self.airfields_supply(side, police)
                && self.data.map.airfield_of(h).is_some_and(|(pi, p)| {
                    p.hexes.contains(&h) && self.airfield_friendly(pi, side)
                }))
    }

    /// [14.14] airfields usable for airlanding supply non-police units under air superiority.
    fn airfields_supply(&self, side: Side, police: bool) -> bool {
        !police && self.air_superiority() == side
    }

    /// Sources printed on the map: [14.11] supply hexes, [14.12] barracks, [14.13] roads.
    fn is_ground_supply_source(&self, side: Side, police: bool, h: HexId) -> bool {
        let f = self.features(h);
        let g = &self.data.map.geometry;
        if side == NATO {
            self.in_west_berlin(h)
                && if police {
                    f.has(HexFeatures::SUPPLY) // [14.11]
                } else {
                    f.has(HexFeatures::BARRACKS) // [14.12]
                }
        } else {
            // [14.13] a friendly road or Autobahn hex on a map edge.
            [Edge::North, Edge::South, Edge::East, Edge::West]
                .into_iter()
                .any(|e| g.within_of_edge(h, 1, e))
                && self
                    .data
                    .map
                    .hex_has_side_feature(h, SideFeatures::ROAD | SideFeatures::AUTOBAHN)
        }
    }

    /// How a supply line of `side` may use hex `h` (index `i`) [14.21], [14.22], [14.24].
    fn supply_pass(&self, side: Side, occ: &Occupancy, i: usize, h: HexId) -> Pass {
        let occupant = occ.unit_at(i).map(|u| self.side_of(u));
        if occupant == Some(side.other())
            || self.held_by(h) != side // [14.21] friendly hexes only
            || self.terrain(h).is_some_and(|t| t.no_stopping) // no lakes [14.21]
            || self.markers(h).has(Markers::FIRE | Markers::GAS)
        // [14.24]
        {
            Pass::Blocked
        } else if occ.zoc_of(i, side.other()) && occupant != Some(side) {
            Pass::UBahnOnly
        } else {
            Pass::Open
        }
    }

    /// Traces from one unit's hex until a source is found (faster than a flood for one
    /// unit: most lines are short). The unit's own hex needs no conditions.
    fn trace_supply_from(&self, at: HexId, side: Side, police: bool, occ: &Occupancy) -> bool {
        let map = &self.data.map;
        let g = &map.geometry;
        let Some(start) = g.index(at) else {
            return false;
        };
        // Per hex: bit 7 = pass computed, bits 4-5 = the Pass, bits 0-3 = states reached.
        let mut memo = [0u8; MAX_HEXES];
        let airfields = self.airfields_supply(side, police);
        let pass_at = |memo: &mut [u8; MAX_HEXES], j: usize, h: HexId| -> Pass {
            if memo[j] & 0x80 == 0 {
                let p = self.supply_pass(side, occ, j, h);
                memo[j] |= 0x80 | ((p as u8) << 4);
            }
            match (memo[j] >> 4) & 3 {
                1 => Pass::Open,
                2 => Pass::UBahnOnly,
                _ => Pass::Blocked,
            }
        };
        let is_source = |h: HexId| {
            self.is_ground_supply_source(side, police, h)
                || (airfields
                    && map.airfield_of(h).is_some_and(|(pi, p)| {
                        p.hexes.contains(&h) && self.airfield_friendly(pi, side)
                    }))
        };
        if pass_at(&mut memo, start, at) == Pass::Open && is_source(at) {
            return true;
        }
        let mut queue: heapless::Deque<u16, { MAX_HEXES * 4 }> = heapless::Deque::new();
        memo[start] |= 1;
        let _ = queue.push_back((start * 4) as u16);
        while let Some(node) = queue.pop_front() {
            let (i, st) = (node as usize / 4, (node % 4) as u8);
            let Some(h) = g.hex_at(i) else { continue };
            for (d, to) in g.neighbours(h) {
                let Some(j) = g.index(to) else { continue };
                let p = pass_at(&mut memo, j, to);
                let Some(next) = supply_step(side, st, map.side_toward(h, d), p) else {
                    continue;
                };
                if memo[j] & (1 << next) != 0 {
                    continue;
                }
                if p == Pass::Open && is_source(to) {
                    return true;
                }
                memo[j] |= 1 << next;
                let _ = queue.push_back((j * 4) as u16 + next as u16);
            }
        }
        false
    }

    /// Floods supply from every source of `side` (police sources if `police`) into `out`.
    pub fn supply_map(&self, side: Side, police: bool, occ: &Occupancy, out: &mut SupplyMap) {
        let mut pass = [Pass::Blocked; MAX_HEXES];
        self.supply_passes(side, occ, &mut pass);
        self.flood_from_sources(side, police, &pass, out, &mut FloodQueue::new());
    }

    /// [`Game::supply_pass`] for every hex, read straight from the arrays (once per flood,
    /// not once per step).
    fn supply_passes(&self, side: Side, occ: &Occupancy, pass: &mut [Pass; MAX_HEXES]) {
        let map = &self.data.map;
        let terrain = &self.data.tables.terrain;
        let n = map.geometry.hex_count().min(MAX_HEXES);
        let enemy_zoc = 1u8 << side.other().index();
        for (i, p) in pass.iter_mut().enumerate().take(n) {
            let (Some(hs), Some(&t)) = (self.state.hexes.get(i), map.terrain.get(i)) else {
                // Not tracked by the state or the map: the slow, general answer.
                if let Some(h) = map.geometry.hex_at(i) {
                    *p = self.supply_pass(side, occ, i, h);
                }
                continue;
            };
            let occupant = occ.unit_at(i).map(|u| self.side_of(u));
            let lake = terrain.get(t as usize).is_some_and(|t| t.no_stopping);
            *p = if occupant == Some(side.other())
                || hs.held_by != side // [14.21] friendly hexes only
                || lake // no lakes [14.21]
                || hs.markers.has(Markers::FIRE | Markers::GAS)
            // [14.24]
            {
                Pass::Blocked
            } else if occ.zoc[i] & enemy_zoc != 0 && occupant != Some(side) {
                Pass::UBahnOnly
            } else {
                Pass::Open
            };
        }
    }

    /// Clears `out` and floods it from every source of `side` (police sources if `police`).
    fn flood_from_sources(
        &self,
        side: Side,
        police: bool,
        pass: &[Pass; MAX_HEXES],
        out: &mut SupplyMap,
        queue: &mut FloodQueue,
    ) {
        let g = &self.data.map.geometry;
        let n = g.hex_count().min(MAX_HEXES);
        out.side = side;
        out.reached[..n].fill(0);
        queue.clear();
        let map = &self.data.map;
        let wanted = if police {
            HexFeatures::SUPPLY
        } else {
            HexFeatures::BARRACKS
        };
        for i in 0..n {
            let Some(h) = g.hex_at(i) else { continue };
            // Cheap necessary conditions first: NATO sources are supply or barracks hexes,
            // Warsaw Pact sources lie on a map edge (`is_ground_supply_source` decides).
            let candidate = if side == NATO {
                map.features.get(i).is_some_and(|f| f.has(wanted))
            } else {
                h.row == 1 || h.col == 1 || h.row == g.rows || h.col == g.columns
            };
            if candidate && self.is_ground_supply_source(side, police, h) {
                seed(i, pass, out, queue);
            }
        }
        if self.airfields_supply(side, police) {
            self.seed_airfields(side, pass, out, queue);
        }
        self.flood(side, pass, out, queue);
    }

    /// Adds the field hexes of friendly airfields [14.14] as sources.
    fn seed_airfields(
        &self,
        side: Side,
        pass: &[Pass; MAX_HEXES],
        out: &mut SupplyMap,
        queue: &mut FloodQueue,
    ) {
        let map = &self.data.map;
        for (pi, p) in map.places.iter().enumerate() {
            if matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz)
                && self.airfield_friendly(pi, side)
            {
                for i in p.hexes.iter().filter_map(|&h| map.geometry.index(h)) {
                    seed(i, pass, out, queue);
                }
            }
        }
    }

    /// Spreads `out` from the trace states in `queue` until nothing new is reached.
    fn flood(
        &self,
        side: Side,
        pass: &[Pass; MAX_HEXES],
        out: &mut SupplyMap,
        queue: &mut FloodQueue,
    ) {
        let map = &self.data.map;
        let g = &map.geometry;
        while let Some(node) = queue.pop_front() {
            let (i, st) = (node as usize / 4, (node % 4) as u8);
            let Some(h) = g.hex_at(i) else { continue };
            for (d, nb) in Dir::ALL.into_iter().zip(g.neighbour_links(h, i)) {
                let Some((to, j)) = nb.filter(|&(_, j)| j < MAX_HEXES) else {
                    continue;
                };
                // Skip without reading the hexside when the step can bring nothing new: a
                // blocked hex, or an open hex reached above ground already in every state
                // the step could arrive in (the same border count, or one more for NATO).
                let p = pass[j];
                if p == Pass::Blocked {
                    continue;
                }
                if st & UNDER == 0 && p == Pass::Open {
                    let same = 1u8 << (st & 1);
                    let crossed = if side == NATO { 1u8 << 1 } else { same };
                    let r = out.reached[j];
                    if r & same != 0 && r & crossed != 0 {
                        continue;
                    }
                }
                let link = Link {
                    from: h,
                    from_i: i,
                    d,
                    to,
                    to_i: j,
                };
                let Some(next) = supply_step(side, st, map.side_of_link(&link), p) else {
                    continue;
                };
                if out.reached[j] & (1 << next) == 0 {
                    out.reached[j] |= 1 << next;
                    let _ = queue.push_back((j * 4) as u16 + next as u16);
                }
            }
        }
    }
}

/// Open list of a supply flood: (hex index * 4 + trace state). A node is marked reached
/// before it is pushed, so it enters at most once: a list read from the front never wraps.
struct FloodQueue {
    nodes: heapless::Vec<u16, { MAX_HEXES * 4 }>,
    next: usize,
}

impl FloodQueue {
    fn new() -> Self {
        FloodQueue {
            nodes: heapless::Vec::new(),
            next: 0,
        }
    }
    fn clear(&mut self) {
        self.nodes.clear();
        self.next = 0;
    }
    fn push_back(&mut self, node: u16) -> Result<(), u16> {
        self.nodes.push(node)
    }
    fn pop_front(&mut self) -> Option<u16> {
        let node = self.nodes.get(self.next).copied()?;
        self.next += 1;
        Some(node)
    }
}

/// A source hex starts a line above ground if a line may use it at all.
fn seed(i: usize, pass: &[Pass; MAX_HEXES], out: &mut SupplyMap, queue: &mut FloodQueue) {
    if pass[i] == Pass::Open && out.reached[i] == 0 {
        out.reached[i] |= 1;
        let _ = queue.push_back((i * 4) as u16);
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::data::Region;
    use crate::berlin85::movement::tests::movement_game;
    use crate::berlin85::testkit::*;
    use crate::core::map::PlaceKind;
    use crate::core::units::UnitKind;

    /// A game on this board in the combat phase of turn 1, `side` to act, units placed as given.
    fn combat(b: Board, side: Side, placed: &[(UnitId, HexId)]) -> Game<'static> {
        b.game(crate::berlin85::Phase::Combat, side, 1, placed)
    }

    /// NATO holds columns 4 to 6, between `two_enclaves`' West Berlin halves, from row 1 to
    /// row `rows`.
    fn nato_holds_middle(g: &mut Game<'_>, rows: u8) {
        for c in 4..=6u8 {
            for r in 1..=rows {
                g.mark_held(HexId::new(c, r), NATO);
            }
        }
    }

    /// Two columns, a Warsaw Pact road leaving the south edge at 0101.
    fn strip() -> Board {
        let mut b = Board::new(2, 10);
        b.side(hex("0101"), hex("0102"), SF::ROAD);
        b
    }

    #[test]
    fn supply_14_13_warsaw_pact_traces_to_a_road_on_a_map_edge() {
        let mut b = strip();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
        assert!(g.in_supply(u));
        let mut b = Board::new(2, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
        assert!(!g.in_supply(u), "no road on any edge");
    }

    #[test]
    fn supply_14_21_blocked_by_an_enemy_zone_and_negated_by_a_friend() {
        let mut b = strip();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let f1 = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let f2 = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = combat(b, WARSAW_PACT, &[(u, hex("0109")), (e, hex("0205"))]);
        assert!(!g.in_supply(u), "the zone of 0205 closes the strip");
        // Friendly units in the controlled column-1 hexes reopen the line [14.21].
        let zoc: std::vec::Vec<HexId> = (1..=10)
            .map(|r| HexId::new(1, r))
            .filter(|&h| g.enemy_zoc(h, WARSAW_PACT))
            .collect();
        assert_eq!(zoc.len(), 2);
        g.state.units[f1.0 as usize].location = crate::core::units::Location::OnMap(zoc[0]);
        assert!(!g.in_supply(u), "one controlled hex is still empty");
        g.state.units[f2.0 as usize].location = crate::core::units::Location::OnMap(zoc[1]);
        assert!(g.in_supply(u));
    }

    #[test]
    fn supply_14_21_only_through_friendly_hexes() {
        let mut b = strip();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
        assert!(g.in_supply(u));
        g.mark_held(hex("0105"), NATO);
        g.mark_held(hex("0205"), NATO);
        assert!(!g.in_supply(u));
    }

    #[test]
    fn supply_14_21_across_water_but_not_through_lakes() {
        let mut b = strip();
        b.side(hex("0105"), hex("0106"), SF::WATER);
        b.side(hex("0205"), hex("0206"), SF::WATER);
        b.side(hex("0105"), hex("0206"), SF::WATER);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
        assert!(g.in_supply(u));
        let mut b = strip();
        b.terrain(hex("0105"), LAKE).terrain(hex("0205"), LAKE);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
        assert!(!g.in_supply(u));
    }

    #[test]
    fn supply_14_22_ubahn_through_an_enemy_zone_if_held() {
        let mut b = strip();
        let line: std::vec::Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
        b.line(&line, SF::UBAHN);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = combat(b, WARSAW_PACT, &[(u, hex("0109")), (e, hex("0205"))]);
        assert!(g.in_supply(u), "along the U-Bahn under the zone");
        // If NATO last passed through a controlled U-Bahn hex, the line is cut.
        let h = (1..=10)
            .map(|r| HexId::new(1, r))
            .find(|&h| g.enemy_zoc(h, WARSAW_PACT))
            .unwrap();
        g.mark_held(h, NATO);
        assert!(!g.in_supply(u));
    }

    #[test]
    fn supply_14_24_not_through_fire_or_gas() {
        for m in [Markers::FIRE, Markers::GAS] {
            let mut b = strip();
            let line: std::vec::Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
            b.line(&line, SF::UBAHN);
            let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
            let mut g = combat(b, WARSAW_PACT, &[(u, hex("0109"))]);
            g.hex_state_mut(hex("0105")).unwrap().markers.insert(m);
            g.hex_state_mut(hex("0205")).unwrap().markers.insert(m);
            assert!(!g.in_supply(u), "not even along the U-Bahn");
        }
    }

    /// West Berlin in columns 1-3 and 7-8 of a 10x10 board, border sides between regions.
    fn two_enclaves() -> Board {
        let mut b = Board::new(10, 10);
        for c in [1u8, 2, 3, 7, 8] {
            for r in 1..=10 {
                b.region(HexId::new(c, r), Region::WestBerlin);
            }
        }
        let geo = b.data.map.geometry;
        for h in b.data.map.hexes().collect::<std::vec::Vec<_>>() {
            for (_, n) in geo.neighbours(h) {
                let w = |x: HexId| b.data.map.region(x) == Region::WestBerlin as u8;
                if w(h) != w(n) {
                    b.side(h, n, SF::BORDER);
                }
            }
        }
        b.feature(hex("0101"), HF::BARRACKS);
        b.feature(hex("0102"), HF::SUPPLY);
        b
    }

    #[test]
    fn supply_14_12_and_14_23_nato_barracks_through_one_border_side_only() {
        let mut b = two_enclaves();
        let near = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let far = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = combat(b, NATO, &[(near, hex("0505")), (far, hex("0805"))]);
        nato_holds_middle(&mut g, 10);
        assert!(g.in_supply(near), "one border side to the barracks");
        assert!(!g.in_supply(far), "two border sides: out of supply");
    }

    #[test]
    fn supply_14_11_west_berlin_police_trace_to_supply_hexes() {
        let mut b = two_enclaves();
        let i = b.data.map.idx(hex("0102")).unwrap();
        b.data.map.features[i] = HF::default();
        let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
        let m = b.unit(NATO, UnitKind::Mechanized, 1, 1, 8);
        let g = combat(b, NATO, &[(p, hex("0205")), (m, hex("0305"))]);
        assert!(!g.in_supply(p), "barracks do not supply police");
        assert!(g.in_supply(m));
        let mut b = two_enclaves();
        let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
        let g = combat(b, NATO, &[(p, hex("0205"))]);
        assert!(g.in_supply(p), "a supply hex in West Berlin");
    }

    fn with_airfield(b: &mut Board) {
        b.place("Field", PlaceKind::Flugplatz, &["0205"], &[]);
    }

    #[test]
    fn supply_14_14_friendly_airfield_under_air_superiority() {
        let mut b = Board::new(2, 10);
        with_airfield(&mut b);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let p = b.unit(WARSAW_PACT, UnitKind::Police, 4, 4, 8);
        let mut g = combat(b, WARSAW_PACT, &[(u, hex("0109")), (p, hex("0108"))]);
        assert!(g.in_supply(u), "the Warsaw Pact has air superiority");
        assert!(!g.in_supply(p), "not for police");
        g.state.turn_state.nato_air_superiority = true;
        assert!(!g.in_supply(u));
    }

    #[test]
    fn supply_21_35_4_warsaw_pact_out_of_supply_until_priority() {
        let mut b = strip();
        b.scenario_mut().rules.wp_supply_priority = true;
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = b.game(
            crate::berlin85::Phase::Combat,
            WARSAW_PACT,
            9,
            &[(u, hex("0109"))],
        );
        assert!(!g.in_supply(u));
        g.state.turn_state.supply_priority_from = 9;
        assert!(g.in_supply(u));
    }

    #[test]
    fn supply_14_31_recorded_at_the_start_of_movement() {
        let mut b = strip();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let g = movement_game(
            b,
            WARSAW_PACT,
            1,
            &[(u, hex("0109")), (v, hex("0102")), (e, hex("0205"))],
            false,
        );
        assert!(g.state.units[u.0 as usize].has(flags::UNSUPPLIED_AT_START));
        assert!(!g.state.units[v.0 as usize].has(flags::UNSUPPLIED_AT_START));
        assert_eq!(g.movement_allowance_half(u), 8);
        assert_eq!(g.movement_allowance_half(v), 16);
    }

    /// The flood used at the start of movement and the per-unit trace used at combat agree.
    #[test]
    fn supply_14_2_flood_and_trace_agree() {
        let mut b = two_enclaves();
        let line: std::vec::Vec<HexId> = (1..=10).map(|r| HexId::new(5, r)).collect();
        b.line(&line, SF::UBAHN);
        b.side(hex("0203"), hex("0204"), SF::WATER);
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let w1 = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let w2 = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = combat(b, NATO, &[(w1, hex("0405")), (w2, hex("0608"))]);
        nato_holds_middle(&mut g, 6);
        let mut occ = Occupancy {
            unit: [0; MAX_HEXES],
            zoc: [0; MAX_HEXES],
        };
        let mut checked = 0;
        for h in g.data.map.hexes().collect::<std::vec::Vec<_>>() {
            if g.unit_at(h).is_some() {
                continue;
            }
            g.state.units[n.0 as usize].location = crate::core::units::Location::OnMap(h);
            g.mark_held(h, NATO);
            g.occupancy(&mut occ);
            let snap = g.supply_snapshot(NATO, &occ);
            assert_eq!(snap.supplied(&g, n, h), g.in_supply(n), "{h:?}");
            checked += 1;
        }
        assert!(checked > 90);
    }
}
