//! Queries about the board shared by every Berlin '85 subsystem: who is where, zones of
//! control [6.0], regions, strengths, and the few mutations every subsystem needs.

use super::data::{Region, TerrainEffects};
use super::event::Event;
use super::game::Game;
use super::state::NATO;
use crate::core::hex::{Dir, HexId};
use crate::core::map::{HexFeatures, Markers, SideFeatures, MAX_HEXES};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitDef, UnitId, UnitKind, MAX_UNITS};

/// Per-hex occupancy built once per query batch (the movement search must not scan the
/// unit table for every hex it expands; see the movement budget in DESIGN.md).
pub struct Occupancy {
    /// `unit + 1` per hex, 0 = empty. (Paradrops may briefly stack; the first unit is kept.)
    pub unit: [u16; MAX_HEXES],
    /// Bit 0: NATO ZOC, bit 1: Warsaw Pact ZOC.
    pub zoc: [u8; MAX_HEXES],
}

impl Occupancy {
    pub fn unit_at(&self, i: usize) -> Option<UnitId> {
        self.unit.get(i).and_then(|&u| u.checked_sub(1)).map(UnitId)
    }
    pub fn zoc_of(&self, i: usize, side: Side) -> bool {
        self.zoc
            .get(i)
            .is_some_and(|z| z & (1 << side.index()) != 0)
    }
}

/// Who stands in each hex, built in one pass over the units so that "the units next to this
/// one" is six lookups instead of a scan of the whole unit table. Units of a hex are listed
/// in id order (paradrops may briefly stack [18.0]).
pub struct HexIndex {
    /// `unit + 1` of the lowest-numbered unit in each hex, 0 when empty.
    head: [u16; MAX_HEXES],
    /// `unit + 1` of the next unit in the same hex, 0 at the end.
    next: [u16; MAX_UNITS],
    /// `head` is all zeros (fresh from `new`): `fill` need not clear it again.
    clear: bool,
}

impl HexIndex {
    pub const fn new() -> Self {
        HexIndex {
            head: [0; MAX_HEXES],
            next: [0; MAX_UNITS],
            clear: true,
        }
    }

    /// Indexes the units on the map of `game`.
    pub fn fill(&mut self, game: &Game<'_>) {
        let g = &game.data.map.geometry;
        let n = g.hex_count().min(MAX_HEXES);
        if !self.clear {
            self.head[..n].fill(0);
        }
        self.clear = false;
        // Highest id first, each pushed in front: every hex lists its units in id order.
        for (i, s) in game.state.units.iter().enumerate().rev() {
            let Some(hi) = s.hex().and_then(|h| g.index(h)) else {
                continue;
            };
            let (Some(head), Some(next)) = (self.head.get_mut(hi), self.next.get_mut(i)) else {
                continue;
            };
            *next = *head;
            *head = i as u16 + 1;
        }
    }

    /// The first (lowest-numbered) unit in hex index `i`.
    pub fn first(&self, i: usize) -> Option<UnitId> {
        self.head.get(i).and_then(|&u| u.checked_sub(1)).map(UnitId)
    }

    /// Every unit in hex index `i`, in id order.
    pub fn units_at(&self, i: usize) -> impl Iterator<Item = UnitId> + '_ {
        let mut at = self.head.get(i).copied().unwrap_or(0);
        core::iter::from_fn(move || {
            let u = at.checked_sub(1)?;
            at = self.next.get(u as usize).copied().unwrap_or(0);
            Some(UnitId(u))
        })
    }
}

impl Default for HexIndex {
    fn default() -> Self {
        Self::new()
    }
}

impl<'d> Game<'d> {
    pub fn def(&self, u: UnitId) -> &'d UnitDef {
        &self.data.roster.units[u.0 as usize]
    }

    pub fn side_of(&self, u: UnitId) -> Side {
        self.def(u).side
    }

    pub fn hex_of(&self, u: UnitId) -> Option<HexId> {
        self.state.units.get(u.0 as usize).and_then(|s| s.hex())
    }

    pub fn units_on_map(&self) -> impl Iterator<Item = (UnitId, HexId)> + '_ {
        self.state
            .units
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.hex().map(|h| (UnitId(i as u16), h)))
    }

    pub fn unit_at(&self, h: HexId) -> Option<UnitId> {
        self.units_on_map().find(|&(_, uh)| uh == h).map(|(u, _)| u)
    }

    pub fn is_police(&self, u: UnitId) -> bool {
        self.def(u).kind == UnitKind::Police
    }

    pub fn is_artillery(&self, u: UnitId) -> bool {
        self.def(u).kind.is_artillery()
    }

    pub fn region(&self, h: HexId) -> Region {
        Region::from_u8(self.data.map.region(h))
    }

    pub fn in_west_berlin(&self, h: HexId) -> bool {
        self.region(h) == Region::WestBerlin
    }

    pub fn terrain(&self, h: HexId) -> Option<&'d TerrainEffects> {
        self.data.terrain(h)
    }

    pub fn markers(&self, h: HexId) -> Markers {
        self.data
            .map
            .idx(h)
            .and_then(|i| self.state.hexes.get(i))
            .map_or(Markers::default(), |s| s.markers)
    }

    pub fn hex_state_mut(&mut self, h: HexId) -> Option<&mut crate::core::map::HexState> {
        let i = self.data.map.idx(h)?;
        self.state.hexes.get_mut(i)
    }

    pub fn features(&self, h: HexId) -> HexFeatures {
        self.data.map.features(h)
    }

    /// Urban and ruin hexes do not receive zones of control [6.14].
    pub fn zoc_blocked(&self, h: HexId) -> bool {
        self.terrain(h).is_some_and(|t| t.zoc_blocked) || self.markers(h).has(Markers::RUIN)
    }

    /// Does a unit in `from` project its zone of control into adjacent `to`? Not into urban
    /// or ruin hexes, not across water hexsides even with a bridge or ferry [6.14].
    pub fn zoc_extends(&self, from: HexId, to: HexId) -> bool {
        self.data
            .map
            .geometry
            .direction_to(from, to)
            .is_some_and(|d| self.zoc_extends_toward(from, d, to))
    }

    /// [`Game::zoc_extends`] when the direction from `from` to its neighbour `to` is known
    /// (the searches walk neighbours with their directions; finding it again is wasted work).
    pub(crate) fn zoc_extends_toward(&self, from: HexId, d: Dir, to: HexId) -> bool {
        let f = self.data.map.side_toward(from, d);
        !self.zoc_blocked(to) && !f.has(SideFeatures::WATER) && !f.has(SideFeatures::LAKE_SHORE)
    }

    /// Is `h` controlled by an enemy of `side` [6.11] (all units exert a ZOC at all times)?
    /// One pass over the units: cheaper than asking each neighbour who stands there.
    pub fn enemy_zoc(&self, h: HexId, side: Side) -> bool {
        let g = &self.data.map.geometry;
        self.units_on_map().any(|(u, uh)| {
            self.side_of(u) != side && g.distance(uh, h) == 1 && self.zoc_extends(uh, h)
        })
    }

    /// Builds the occupancy and zone-of-control arrays for fast searches.
    pub fn occupancy(&self, out: &mut Occupancy) {
        self.occupancy_with_zoc_of(None, out)
    }

    /// [`Game::occupancy`] with the zones of control of `side`'s units only (the other
    /// side's bits stay clear): the supply rules ask about one side's zones [14.21].
    pub fn occupancy_zoc_of(&self, side: Side, out: &mut Occupancy) {
        self.occupancy_with_zoc_of(Some(side), out)
    }

    fn occupancy_with_zoc_of(&self, zoc_side: Option<Side>, out: &mut Occupancy) {
        let n = self.data.map.geometry.hex_count().min(MAX_HEXES);
        out.unit[..n].fill(0);
        out.zoc[..n].fill(0);
        let g = &self.data.map.geometry;
        for (u, h) in self.units_on_map() {
            let Some(i) = g.index(h) else { continue };
            if out.unit[i] == 0 {
                out.unit[i] = u.0 + 1;
            }
            let side = self.side_of(u);
            if zoc_side.is_some_and(|z| z != side) {
                continue;
            }
            let bit = 1u8 << side.index();
            for (d, nb) in Dir::ALL.into_iter().zip(g.neighbour_links(h, i)) {
                if let Some((nb, j)) = nb {
                    if self.zoc_extends_toward(h, d, nb) {
                        out.zoc[j] |= bit;
                    }
                }
            }
        }
    }

    /// Attack strength in use: revealed strength if tried, else printed [11.0].
    pub fn attack_strength(&self, u: UnitId) -> u8 {
        let d = self.def(u);
        if d.kind.is_artillery() {
            return d.barrage;
        }
        self.state.units[u.0 as usize]
            .revealed
            .map_or(d.attack, |(a, _)| a)
    }

    pub fn defense_strength(&self, u: UnitId) -> u8 {
        let d = self.def(u);
        self.state.units[u.0 as usize]
            .revealed
            .map_or(d.defense, |(_, df)| df)
    }

    pub fn is_untried(&self, u: UnitId) -> bool {
        self.def(u).untried && self.state.units[u.0 as usize].revealed.is_none()
    }

    /// The hex is now held by `side` ([19.44], [13.23], [14.21]).
    pub fn mark_held(&mut self, h: HexId, side: Side) {
        if let Some(s) = self.hex_state_mut(h) {
            s.held_by = side;
        }
    }

    pub fn held_by(&self, h: HexId) -> Side {
        self.data
            .map
            .idx(h)
            .and_then(|i| self.state.hexes.get(i))
            .map_or(NATO, |s| s.held_by)
    }

    /// Removes a unit from play and scores it ([19.42], [19.43], [21.36]).
    pub fn eliminate(
        &mut self,
        u: UnitId,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let at = self.hex_of(u);
        self.state.units[u.0 as usize].location = Location::Eliminated;
        let name = self.def(u).name.clone();
        let mut e = crate::event!(case, "{} eliminated", name).unit(u);
        if let Some(h) = at {
            e = e.at(h);
        }
        emit(events, e)?;
        self.score_loss(u, events)
    }

    /// Places a unit on the map and marks the hex held.
    pub fn put(&mut self, u: UnitId, h: HexId) {
        self.state.units[u.0 as usize].location = Location::OnMap(h);
        let side = self.side_of(u);
        self.mark_held(h, side);
    }
}
