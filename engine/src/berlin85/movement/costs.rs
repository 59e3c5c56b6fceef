//! Berlin '85's step costs for the core search, one mover at a time: terrain [5.21], roads
//! [5.22] and the Autobahn [5.23] (also in ruins [10.51]–[10.55]), the U-Bahn [5.24], [15.0],
//! hexsides, bridges and ferries [5.25], [12.0], lakes [5.26], enemy units [5.12], fire
//! [10.72], gas [8.83], night [16.21] and disengagement [16.22], zones of control [6.0],
//! [6.11], [6.14], police limits [5.17], [5.18]; where a move may end [5.31], [5.26], [18.42];
//! and the Movement Phase prices of single steps for retreats and advances [7.6], [7.98].

use super::{
    AUTOBAHN_COST_HALF, DISENGAGE_COST_HALF, ROAD_COST_HALF, UBAHN_COST_HALF, UNDERGROUND,
};
use crate::berlin85::board::HexIndex;
use crate::berlin85::game::Game;
use crate::core::hex::{Dir, HexId};
use crate::core::map::{Markers, SideFeatures, MAX_HEXES};
use crate::core::movement::{Link, MoveRules, Step};
use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use crate::core::units::UnitId;
use core::cell::Cell;

/// The Berlin '85 step costs for one mover (a [`MoveRules`] for the core search).
#[derive(Clone)]
pub(crate) struct Rules85<'a, 'd> {
    pub(super) game: &'a Game<'d>,
    pub(super) scratch: &'a MoveScratch,
    /// The mover's side.
    pub(super) side: Side,
    pub(super) mover: UnitId,
    pub(super) origin: HexId,
    pub(super) origin_underground: bool,
    /// The origin is in an enemy zone of control (and the unit is above ground).
    pub(super) origin_in_zoc: bool,
    /// Night disengagement from the origin is allowed [16.22].
    pub(super) disengage: bool,
    pub(super) night: bool,
    /// [5.18] police may not enter enemy zones of control.
    pub(super) zoc_banned: bool,
    /// [5.17] West Berlin police stay in West Berlin.
    pub(super) confined: bool,
    /// The player allows U-Bahn movement in this move [15.0].
    pub(super) underground_allowed: bool,
}

impl<'a, 'd> Rules85<'a, 'd> {
    /// What the search needs to know about `h`, worked out the first time it is asked (a
    /// search visits a few hundred of the map's hexes; see `MoveScratch`).
    #[inline]
    pub(super) fn hex_info(&self, h: HexId) -> HexInfo {
        match self.game.data.map.idx(h) {
            Some(i) => self.hex_info_at(i, h),
            None => HexInfo::default(),
        }
    }

    /// [`Rules85::hex_info`] when the hex's index `i` is known.
    #[inline]
    pub(super) fn hex_info_at(&self, i: usize, h: HexId) -> HexInfo {
        if i >= self.game.data.map.terrain.len() {
            return HexInfo::default();
        }
        let Some(cell) = self.scratch.info.get(i) else {
            return HexInfo::default();
        };
        let known = cell.get();
        if known.has(HexInfo::KNOWN) {
            return known;
        }
        let info = self.compute_hex_info(i, h, known);
        cell.set(info);
        info
    }

    /// [`Rules85::hex_info`] from the state: occupants, markers, region, terrain, and the
    /// enemy zone of control [6.11]: an enemy unit next door projects it unless the hex is
    /// urban or ruined or the hexside between is water or a lake shore [6.14].
    pub(super) fn compute_hex_info(&self, i: usize, h: HexId, marked: HexInfo) -> HexInfo {
        let game = self.game;
        let map = &game.data.map;
        let sc = self.scratch;
        let mut f = HexInfo::KNOWN;
        if let Some(o) = sc.unit_at(i) {
            f |= HexInfo::OCCUPIED;
            if game.side_of(o) != self.side {
                f |= HexInfo::ENEMY_UNIT;
            }
        }
        let m = game
            .state
            .hexes
            .get(i)
            .map_or(Markers::default(), |s| s.markers);
        if m.has(Markers::FIRE) {
            f |= HexInfo::FIRE;
        }
        if m.has(Markers::GAS) {
            f |= HexInfo::GAS;
        }
        if m.has(Markers::RUIN) {
            f |= HexInfo::RUIN;
        }
        if map.region[i] == crate::berlin85::data::Region::WestBerlin as u8 {
            f |= HexInfo::WEST_BERLIN;
        }
        let t = game.data.tables.terrain.get(map.terrain[i] as usize);
        if t.is_some_and(|t| t.no_stopping) {
            f |= HexInfo::LAKE;
        }
        let zoc_blocked = t.is_some_and(|t| t.zoc_blocked) || m.has(Markers::RUIN);
        if sc.zoc_from_units {
            f |= marked.flags & HexInfo::ENEMY_ZOC;
        } else if !zoc_blocked {
            let g = &map.geometry;
            let links = g.neighbour_links(h, i);
            let zoc = Dir::ALL.into_iter().zip(links).any(|(d, nb)| {
                nb.is_some_and(|(_, j)| sc.units.units_at(j).any(|e| game.side_of(e) != self.side))
                    && {
                        let sf = map.side_toward(h, d);
                        !sf.has(SideFeatures::WATER) && !sf.has(SideFeatures::LAKE_SHORE)
                    }
            });
            if zoc {
                f |= HexInfo::ENEMY_ZOC;
            }
        }
        HexInfo {
            flags: f,
            mp_half: t.map_or(2, |t| t.mp_half.min(255) as u8),
        }
    }

    pub(super) fn enemy_zoc(&self, h: HexId) -> bool {
        self.hex_info(h).has(HexInfo::ENEMY_ZOC)
    }

    /// Why the above-ground or U-Bahn step `from` → `to` is prohibited, if it is.
    pub(super) fn prohibition(
        &self,
        from: HexId,
        underground: bool,
        to: HexId,
    ) -> Option<RuleViolation> {
        self.prohibition_into(from, underground, self.hex_info(to))
    }

    /// [`Rules85::prohibition`] with the facts about the hex entered already at hand.
    pub(super) fn prohibition_into(
        &self,
        from: HexId,
        underground: bool,
        info: HexInfo,
    ) -> Option<RuleViolation> {
        if info.has(HexInfo::ENEMY_UNIT) {
            return Some(RuleViolation::new(
                "5.12",
                "a unit may never enter a hex with an enemy unit",
            ));
        }
        if info.has(HexInfo::FIRE) {
            return Some(RuleViolation::new(
                "10.72",
                "no unit may enter a hex with a Fire marker",
            ));
        }
        if self.confined && !info.has(HexInfo::WEST_BERLIN) {
            return Some(RuleViolation::new(
                "5.17",
                "West Berlin police may not leave West Berlin",
            ));
        }
        let leaving_zoc = from == self.origin && self.origin_in_zoc && !underground;
        if leaving_zoc && !self.disengage {
            return Some(RuleViolation::new(
                "5.14",
                "a unit may not leave an enemy zone of control by day",
            ));
        }
        None
    }

    pub(super) fn hexside_cost(&self, from: HexId, d: Dir, sf: SideFeatures) -> u16 {
        let t = &self.game.data.tables;
        let mut c = 0;
        if sf.has(SideFeatures::BORDER) {
            c += t.border.mp_half;
        }
        let water = sf.has(SideFeatures::WATER);
        if water || sf.has(SideFeatures::BRIDGE) {
            // [5.25] a bridge is implied where a road or Autobahn crosses water; a blown
            // bridge is a plain water hexside [12.0].
            let bridge = (sf.has(SideFeatures::BRIDGE)
                || sf.has(SideFeatures::ROAD | SideFeatures::AUTOBAHN))
                && !self.game.bridge_blown(from, d);
            c += if bridge {
                t.bridge.mp_half
            } else if sf.has(SideFeatures::FERRY) {
                t.ferry.mp_half
            } else if sf.has(SideFeatures::LAKE_SHORE) {
                0
            } else {
                t.water.mp_half
            };
        }
        if sf.has(SideFeatures::LAKE_SHORE) {
            // [5.26] the shore of a lake: 4 MP in and 4 MP out (with the hex, 9 MP).
            c += t.lake_shore.mp_half;
        }
        c
    }

    /// [16.21] night doubles, [8.83] gas doubles, both together triple.
    pub(super) fn multiplier(&self, to: HexInfo) -> u16 {
        let gas = to.has(HexInfo::GAS);
        match (self.night, gas) {
            (false, false) => 1,
            (true, true) => 3,
            _ => 2,
        }
    }
}

impl MoveRules for Rules85<'_, '_> {
    fn steps(&self, link: Link, mode: u8, out: &mut heapless::Vec<Step, 4>) {
        let Link { from, d, .. } = link;
        let underground = mode == UNDERGROUND;
        let to_info = self.hex_info_at(link.to_i, link.to);
        if self.prohibition_into(from, underground, to_info).is_some() {
            return;
        }
        let sf = self.game.data.map.side_of_link(&link);
        let from_info = self.hex_info_at(link.from_i, from);
        let mult = self.multiplier(to_info);
        let at_origin_in_zoc = from == self.origin && self.origin_in_zoc && !underground;
        // [5.24], [15.0]: U-Bahn to U-Bahn hex, 2 MP, no zones of control, no hexside costs;
        // never to leave the enemy-controlled hex the unit started in.
        if self.underground_allowed && sf.has(SideFeatures::UBAHN) && !at_origin_in_zoc {
            let _ = out.push(Step {
                cost: UBAHN_COST_HALF * mult,
                mode: UNDERGROUND,
                stop: false,
            });
        }
        // Surfacing in an enemy-controlled hex means being in it: no leaving it by day.
        if underground
            && from_info.has(HexInfo::ENEMY_ZOC)
            && !(from == self.origin && self.disengage)
        {
            return;
        }
        let to_zoc = to_info.has(HexInfo::ENEMY_ZOC);
        if at_origin_in_zoc && to_zoc {
            return; // [16.22] never from one enemy-controlled hex straight into another
        }
        if self.zoc_banned && to_zoc {
            return; // [5.18]
        }
        let t = &self.game.data.tables;
        let ruin_to = to_info.has(HexInfo::RUIN);
        let ruin_from = from_info.has(HexInfo::RUIN);
        let hex_cost = if sf.has(SideFeatures::AUTOBAHN) {
            AUTOBAHN_COST_HALF // [5.23], also into ruins [10.52]
        } else if sf.has(SideFeatures::ROAD) && !ruin_to && !ruin_from {
            ROAD_COST_HALF // [5.22]; roads do not work in ruins [10.51]
        } else {
            let base = to_info.mp_half as u16;
            base + if ruin_to { t.ruin.mp_half } else { 0 } // [10.55]
        };
        let extra = if at_origin_in_zoc {
            DISENGAGE_COST_HALF
        } else {
            0
        };
        let _ = out.push(Step {
            cost: (hex_cost + self.hexside_cost(from, d, sf)) * mult + extra,
            mode: 0,
            stop: to_zoc, // [6.0] entering an enemy-controlled hex ends the move
        });
    }

    fn may_end(&self, hex: HexId, _mode: u8) -> bool {
        self.end_refusal(hex).is_none()
    }
}

impl Rules85<'_, '_> {
    /// Why the mover may not end its move in `hex`, if it may not.
    pub(super) fn end_refusal(&self, hex: HexId) -> Option<RuleViolation> {
        let g = self.game;
        let info = self.hex_info(hex);
        let other = || {
            g.data
                .map
                .idx(hex)
                .and_then(|i| self.scratch.unit_at(i))
                .is_some_and(|o| o != self.mover)
        };
        if info.has(HexInfo::OCCUPIED) && other() {
            return Some(RuleViolation::new(
                "5.31",
                "a unit may not end its move stacked with another unit",
            ));
        }
        if info.has(HexInfo::LAKE) {
            return Some(RuleViolation::new(
                "5.26",
                "a unit may not end its move in a lake hex",
            ));
        }
        if self.zoc_banned && info.has(HexInfo::ENEMY_ZOC) {
            return Some(RuleViolation::new(
                "5.18",
                "police may not enter an enemy zone of control",
            ));
        }
        if !g.state.movement.drops.is_empty() && g.state.movement.drops.iter().any(|d| d.hex == hex)
        {
            return Some(RuleViolation::new(
                "18.42",
                "that hex is the target of a plotted paradrop",
            ));
        }
        None
    }
}

/// The Movement Phase's prices of single steps, for the moves after combat: a retreat (and an
/// advance after combat) may use only hexes the unit "could enter during its Movement Phase"
/// [7.6], [7.98]. Steps are priced by the same [`MoveRules`] as a move, above ground
/// (a retreat is not U-Bahn movement [15.0]): terrain, hexsides, roads, ruins, gas and night
/// [5.2], [10.5], [8.83], [16.21]; an enemy unit [5.12] or fire [10.72] refuses the step.
/// Zones of control and the police limits are left to the caller, which has its own rules for
/// them ([7.71], [7.93], [5.17]).
pub(crate) struct StepPrices<'a, 'd> {
    pub(super) rules: Rules85<'a, 'd>,
}

/// Most hexes a unit may not stop in (lakes) looked through for a way out (each costs at
/// least 5 MP, so no allowance goes further).
const MAX_NO_STOP_RUN: u8 = 6;

impl StepPrices<'_, '_> {
    /// Half-MP of the above-ground step from `from` into the adjacent `to`; `None` when the
    /// movement rules allow no such step.
    pub(super) fn step_half(&self, from: HexId, to: HexId) -> Option<u16> {
        let g = &self.rules.game.data.map.geometry;
        let link = Link::new(g, from, g.direction_to(from, to)?)?;
        let mut out = heapless::Vec::new();
        self.rules.steps(link, 0, &mut out);
        out.iter().filter(|s| s.mode == 0).map(|s| s.cost).min()
    }

    /// May no unit end a move in `h` (a lake [5.26])?
    pub(super) fn no_stopping(&self, h: HexId) -> bool {
        self.rules.hex_info(h).has(HexInfo::LAKE)
    }

    /// Could `u`, having come along `trail` (where it stood, then each hex it entered; the last
    /// is where it is), enter the adjacent `to` in its Movement Phase [7.6]? With its whole
    /// allowance as it stood there ([`Game::movement_allowance_half`]: halved when it began
    /// that phase out of supply [5.16], [14.31]), not what it had left. Hexes it may not stop
    /// in are paid for from one allowance together with the hexes around them: the lake hexes
    /// entered since the last hex where it could stop, the step, and — when `to` is itself a
    /// lake — the cheapest way on out of it. So a police unit (8 MP) never enters a lake
    /// (5 MP in, 5 MP out) [5.26].
    pub(crate) fn could_enter(&self, u: UnitId, trail: &[HexId], to: HexId) -> bool {
        let Some(&from) = trail.last() else {
            return false;
        };
        let allowance = self.rules.game.movement_allowance_half(u);
        let mut spent = 0u16;
        let mut i = trail.len() - 1;
        while i > 0 && self.no_stopping(trail[i]) {
            match self.step_half(trail[i - 1], trail[i]) {
                Some(c) => spent += c,
                None => return false,
            }
            i -= 1;
        }
        let Some(c) = self.step_half(from, to) else {
            return false;
        };
        spent += c;
        spent <= allowance
            && (!self.no_stopping(to) || self.way_out(from, to, spent, allowance, MAX_NO_STOP_RUN))
    }

    /// Can a unit in `h`, where it may not stop (entered from `from`, `spent` paid), reach a
    /// hex where it may stop within `allowance` (not going back)?
    pub(super) fn way_out(
        &self,
        from: HexId,
        h: HexId,
        spent: u16,
        allowance: u16,
        depth: u8,
    ) -> bool {
        let g = &self.rules.game.data.map.geometry;
        depth > 0
            && g.neighbours(h).any(|(_, n)| {
                n != from
                    && self.step_half(h, n).is_some_and(|c| {
                        spent + c <= allowance
                            && (!self.no_stopping(n)
                                || self.way_out(h, n, spent + c, allowance, depth - 1))
                    })
            })
    }
}

/// What the search asks about a hex, worked out once per query so a step costs a few array
/// reads (the 200 µs budget of DESIGN.md).
#[derive(Clone, Copy, Default)]
pub(crate) struct HexInfo {
    pub(super) flags: u16,
    /// Half-MP to enter by terrain (before ruins, roads, night, gas).
    pub(super) mp_half: u8,
}

impl HexInfo {
    pub(super) const ENEMY_UNIT: u16 = 1;
    pub(super) const FIRE: u16 = 2;
    pub(super) const GAS: u16 = 4;
    pub(super) const RUIN: u16 = 8;
    pub(super) const ENEMY_ZOC: u16 = 16;
    pub(super) const WEST_BERLIN: u16 = 32;
    pub(super) const LAKE: u16 = 64;
    pub(super) const OCCUPIED: u16 = 128;
    /// The other bits have been worked out (see `Rules85::hex_info`).
    pub(super) const KNOWN: u16 = 256;
    pub(super) fn has(self, f: u16) -> bool {
        self.flags & f != 0
    }
}

/// Scratch space of one movement query: who stands where, and the facts about each hex the
/// search has asked about so far. Only the hexes a search reaches are looked at: a move of a
/// few hexes must not pay for the whole map.
pub(crate) struct MoveScratch {
    pub(super) units: HexIndex,
    /// Per hex, filled on first use (`HexInfo::KNOWN`).
    pub(super) info: [Cell<HexInfo>; MAX_HEXES],
    /// Nothing in `info` is known yet (fresh from `new`): `fill` need not forget again.
    pub(super) clear: bool,
    /// Enemy zones of control are marked by `fill` from the enemy units, not looked up per
    /// hex: cheaper when the search covers the whole allowance (`move_targets`), dearer for
    /// a single move that stops at its target.
    pub(super) zoc_from_units: bool,
}

impl MoveScratch {
    /// Scratch for a search that stops at its target (a move).
    pub(crate) fn new() -> Self {
        Self::with_zoc_from_units(false)
    }

    /// Scratch for a search over the whole allowance (every legal destination).
    pub(crate) fn for_whole_search() -> Self {
        Self::with_zoc_from_units(true)
    }

    pub(super) fn with_zoc_from_units(zoc_from_units: bool) -> Self {
        MoveScratch {
            units: HexIndex::new(),
            info: [const {
                Cell::new(HexInfo {
                    flags: 0,
                    mp_half: 0,
                })
            }; MAX_HEXES],
            clear: true,
            zoc_from_units,
        }
    }

    pub(super) fn unit_at(&self, i: usize) -> Option<UnitId> {
        self.units.first(i)
    }

    /// Records who stands where (one pass over the units) and forgets every hex fact; with
    /// `zoc_from_units`, marks the zones of control of the enemies of `side` [6.11], [6.14].
    pub(super) fn fill(&mut self, game: &Game<'_>, side: Side) {
        let g = &game.data.map.geometry;
        let n = g.hex_count().min(MAX_HEXES);
        self.units.fill(game);
        if !self.clear {
            for c in &self.info[..n] {
                c.set(HexInfo::default());
            }
        }
        self.clear = false;
        if !self.zoc_from_units {
            return;
        }
        for (u, h) in game.units_on_map() {
            let Some(i) = g.index(h).filter(|_| game.side_of(u) != side) else {
                continue;
            };
            for (d, nb) in Dir::ALL.into_iter().zip(g.neighbour_links(h, i)) {
                let Some((to, j)) = nb else { continue };
                if let Some(c) = self
                    .info
                    .get(j)
                    .filter(|_| game.zoc_extends_toward(h, d, to))
                {
                    c.set(HexInfo {
                        flags: HexInfo::ENEMY_ZOC,
                        mp_half: 0,
                    });
                }
            }
        }
    }
}
