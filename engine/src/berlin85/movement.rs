//! The Movement Phase [5.0]: movement costs [5.2], zones of control [6.1], roads and the
//! Autobahn [5.22], [5.23], the U-Bahn [15.0], night movement [16.2], the unit "in hand"
//! [5.15], exits off the map ([21.35] 3). Reinforcements arrive in `reinforce.rs` and
//! `paradrop.rs`; bridge demolition interrupts moves from `bridges.rs`.
//!
//! Costs are in half Movement Points. The search is the core's Dijkstra over (hex, mode):
//! mode 0 is above ground, mode 1 is underground on the U-Bahn [15.0].
//!
//! Public API for the UI and the playout agent:
//! * [`Game::may_move`] — may this unit move now (or why not, with its case)?
//! * [`Game::move_targets`] — every hex the unit may end a move in now, with its cheapest cost.
//! * [`Game::movement_allowance_half`], [`Game::spent_half`] — allowance after halvings, spent.

use super::board::{HexIndex, Occupancy};
use super::command::{Command, MAX_PATH};
use super::event::Event;
use super::flags;
use super::game::{Game, Input85, Pending85};
use super::state::{Phase, NATO, WARSAW_PACT};
use crate::core::hex::{Dir, Edge, HexId};
use crate::core::map::{Markers, SideFeatures, MAX_HEXES, MAX_PLACES};
use crate::core::movement::{search, search_until, Link, MoveRules, Reachable, Step};
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::event;
use core::cell::Cell;
use serde::{Deserialize, Serialize};

/// Paradrops one Movement Phase may plot [18.0].
pub const MAX_DROPS: usize = 32;
/// Mode 1 of the core search: underground on the U-Bahn [15.0].
pub const UNDERGROUND: u8 = 1;
/// Half-MP a NATO unit pays to leave the map ([21.35] 3: 2 MP).
pub const EXIT_COST_HALF: u16 = 4;
/// Half-MP a night disengagement adds ([16.22]: 2 MP).
pub const DISENGAGE_COST_HALF: u16 = 4;
/// Half-MP per U-Bahn hexside ([5.24]: 2 MP).
pub const UBAHN_COST_HALF: u16 = 4;

/// A paradrop plotted this Movement Phase [18.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlottedDrop {
    pub unit: UnitId,
    pub hex: HexId,
}

/// Where the end-of-movement paradrop procedure stands [18.0].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DropStage {
    /// Movement goes on (or there were no drops).
    #[default]
    Idle,
    /// Waiting for the 2d6 Survival roll of drop `n` [18.5].
    Survival(u8),
    /// Waiting for the 1d6 Scatter roll of drop `n` [18.1].
    Scatter(u8),
    /// Every drop is resolved; the phase ends once no interrupt is pending.
    Done,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveState {
    /// The unit that may still move on in a later command: the last unit moved. Touching
    /// another unit puts it down for good [5.15].
    pub in_hand: Option<UnitId>,
    /// The unit in hand is underground (an interrupt stopped it on the U-Bahn) [15.0].
    pub in_hand_underground: bool,
    /// An interrupt cut the last move of the unit in hand short [12.0]: where it stands
    /// was never checked as a place to end a move.
    pub in_hand_cut_short: bool,
    /// Where the unit in hand goes back to if a cut-short move leaves it where it may not stop
    /// and it cannot go on: the last hex of that move where it could end ([5.31], [5.26]).
    pub in_hand_fallback: Option<HexId>,
    /// Units airlanded this Player-Turn per airfield (index into `MapData::places`) [13.22].
    pub airlanded: [u8; MAX_PLACES],
    /// Paradrops plotted this Movement Phase [18.0].
    pub drops: heapless::Vec<PlottedDrop, MAX_DROPS>,
    pub drop_stage: DropStage,
    /// The Game-Turn of the game's one paradrop (0: none yet) [18.0], [18.43].
    pub paradrop_turn: u8,
}

/// One hex a unit may end a move in (see [`Game::move_targets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTarget {
    pub hex: HexId,
    /// Cheapest cost from where the unit stands, in half Movement Points.
    pub cost_half: u16,
    /// The cheapest way there uses the U-Bahn [15.0]: pass it as `Command::Move::underground`
    /// (moving with `underground: false` costs more or cannot get there).
    pub underground: bool,
}

/// The Berlin '85 step costs for one mover (a [`MoveRules`] for the core search).
#[derive(Clone)]
pub(crate) struct Rules85<'a, 'd> {
    game: &'a Game<'d>,
    scratch: &'a MoveScratch,
    /// The mover's side.
    side: Side,
    mover: UnitId,
    origin: HexId,
    origin_underground: bool,
    /// The origin is in an enemy zone of control (and the unit is above ground).
    origin_in_zoc: bool,
    /// Night disengagement from the origin is allowed [16.22].
    disengage: bool,
    night: bool,
    /// [5.18] police may not enter enemy zones of control.
    zoc_banned: bool,
    /// [5.17] West Berlin police stay in West Berlin.
    confined: bool,
    /// The player allows U-Bahn movement in this move [15.0].
    underground_allowed: bool,
}

impl<'a, 'd> Rules85<'a, 'd> {
    /// What the search needs to know about `h`, worked out the first time it is asked (a
    /// search visits a few hundred of the map's hexes; see `MoveScratch`).
    #[inline]
    fn hex_info(&self, h: HexId) -> HexInfo {
        match self.game.data.map.idx(h) {
            Some(i) => self.hex_info_at(i, h),
            None => HexInfo::default(),
        }
    }

    /// [`Rules85::hex_info`] when the hex's index `i` is known.
    #[inline]
    fn hex_info_at(&self, i: usize, h: HexId) -> HexInfo {
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
    fn compute_hex_info(&self, i: usize, h: HexId, marked: HexInfo) -> HexInfo {
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
        if map.region[i] == super::data::Region::WestBerlin as u8 {
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

    fn enemy_zoc(&self, h: HexId) -> bool {
        self.hex_info(h).has(HexInfo::ENEMY_ZOC)
    }

    /// Why the above-ground or U-Bahn step `from` → `to` is prohibited, if it is.
    fn prohibition(&self, from: HexId, underground: bool, to: HexId) -> Option<RuleViolation> {
        self.prohibition_into(from, underground, self.hex_info(to))
    }

    /// [`Rules85::prohibition`] with the facts about the hex entered already at hand.
    fn prohibition_into(
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

    fn hexside_cost(&self, from: HexId, d: Dir, sf: SideFeatures) -> u16 {
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
    fn multiplier(&self, to: HexInfo) -> u16 {
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
            1 // [5.23], also into ruins [10.52]
        } else if sf.has(SideFeatures::ROAD) && !ruin_to && !ruin_from {
            2 // [5.22]; roads do not work in ruins [10.51]
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
    fn end_refusal(&self, hex: HexId) -> Option<RuleViolation> {
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
    rules: Rules85<'a, 'd>,
}

/// Most hexes a unit may not stop in (lakes) looked through for a way out (each costs at
/// least 5 MP, so no allowance goes further).
const MAX_NO_STOP_RUN: u8 = 6;

impl StepPrices<'_, '_> {
    /// Half-MP of the above-ground step from `from` into the adjacent `to`; `None` when the
    /// movement rules allow no such step.
    fn step_half(&self, from: HexId, to: HexId) -> Option<u16> {
        let g = &self.rules.game.data.map.geometry;
        let link = Link::new(g, from, g.direction_to(from, to)?)?;
        let mut out = heapless::Vec::new();
        self.rules.steps(link, 0, &mut out);
        out.iter().filter(|s| s.mode == 0).map(|s| s.cost).min()
    }

    /// May no unit end a move in `h` (a lake [5.26])?
    fn no_stopping(&self, h: HexId) -> bool {
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
    fn way_out(&self, from: HexId, h: HexId, spent: u16, allowance: u16, depth: u8) -> bool {
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

fn boxed_occupancy() -> Occupancy {
    Occupancy {
        unit: [0; MAX_HEXES],
        zoc: [0; MAX_HEXES],
    }
}

/// What the search asks about a hex, worked out once per query so a step costs a few array
/// reads (the 200 µs budget of DESIGN.md).
#[derive(Clone, Copy, Default)]
pub(crate) struct HexInfo {
    flags: u16,
    /// Half-MP to enter by terrain (before ruins, roads, night, gas).
    mp_half: u8,
}

impl HexInfo {
    const ENEMY_UNIT: u16 = 1;
    const FIRE: u16 = 2;
    const GAS: u16 = 4;
    const RUIN: u16 = 8;
    const ENEMY_ZOC: u16 = 16;
    const WEST_BERLIN: u16 = 32;
    const LAKE: u16 = 64;
    const OCCUPIED: u16 = 128;
    /// The other bits have been worked out (see `Rules85::hex_info`).
    const KNOWN: u16 = 256;
    fn has(self, f: u16) -> bool {
        self.flags & f != 0
    }
}

/// Scratch space of one movement query: who stands where, and the facts about each hex the
/// search has asked about so far. Only the hexes a search reaches are looked at: a move of a
/// few hexes must not pay for the whole map.
pub(crate) struct MoveScratch {
    units: HexIndex,
    /// Per hex, filled on first use (`HexInfo::KNOWN`).
    info: [Cell<HexInfo>; MAX_HEXES],
    /// Nothing in `info` is known yet (fresh from `new`): `fill` need not forget again.
    clear: bool,
    /// Enemy zones of control are marked by `fill` from the enemy units, not looked up per
    /// hex: cheaper when the search covers the whole allowance (`move_targets`), dearer for
    /// a single move that stops at its target.
    zoc_from_units: bool,
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

    fn with_zoc_from_units(zoc_from_units: bool) -> Self {
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

    fn unit_at(&self, i: usize) -> Option<UnitId> {
        self.units.first(i)
    }

    /// Records who stands where (one pass over the units) and forgets every hex fact; with
    /// `zoc_from_units`, marks the zones of control of the enemies of `side` [6.11], [6.14].
    fn fill(&mut self, game: &Game<'_>, side: Side) {
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

impl<'d> Game<'d> {
    // ---- queries --------------------------------------------------------------------------

    /// Is the bridge on side `d` of `h` blown [12.0]?
    pub fn bridge_blown(&self, h: HexId, d: Dir) -> bool {
        self.data
            .map
            .geometry
            .canonical_side(h, d)
            .is_some_and(|s| self.state.blown_bridges.contains(&s))
    }

    /// The unit's Movement Allowance this phase in half-MP: halved (round down) when out of
    /// supply at the start of the phase [5.16], [14.31] and when airlanded this turn [13.22].
    pub fn movement_allowance_half(&self, u: UnitId) -> u16 {
        let Some(s) = self.state.units.get(u.0 as usize) else {
            return 0;
        };
        let mut mp = self.def(u).movement as u16;
        if s.has(flags::UNSUPPLIED_AT_START) {
            mp /= 2;
        }
        if s.has(flags::AIRLANDED) {
            mp /= 2;
        }
        mp * 2
    }

    /// Half-MP the unit has spent this Movement Phase.
    pub fn spent_half(&self, u: UnitId) -> u16 {
        self.state
            .units
            .get(u.0 as usize)
            .map_or(0, |s| s.spent_half_mp)
    }

    fn remaining_half(&self, u: UnitId) -> u16 {
        self.movement_allowance_half(u)
            .saturating_sub(self.spent_half(u))
    }

    /// West Berlin police (NATO police) [5.17], [14.11].
    pub fn is_west_berlin_police(&self, u: UnitId) -> bool {
        self.is_police(u) && self.side_of(u) == NATO
    }

    /// May `u` move now? `Err` names the rule that forbids it.
    pub fn may_move(&self, u: UnitId) -> Result<(), RuleViolation> {
        self.movement_command_allowed(self.side_of(u))?;
        let Some(s) = self.state.units.get(u.0 as usize) else {
            return refuse("engine", "no such unit");
        };
        let Some(at) = s.hex() else {
            return refuse("5.0", "the unit is not on the map");
        };
        let sc = self.scenario();
        if self.side_of(u) == WARSAW_PACT
            && self.is_police(u)
            && self.state.turn < sc.rules.wp_police_frozen_until
        {
            return refuse(
                "21.15",
                "Warsaw Pact police may not move before Game-Turn 3",
            );
        }
        if s.has(flags::PARADROPPED) {
            return refuse("18.41", "paratroops may not move in the turn they drop");
        }
        if s.has(flags::ARRIVED_IN_ZOC) {
            return refuse(
                "13.25",
                "a reinforcement that arrived in an enemy zone of control may not move this turn",
            );
        }
        let in_hand = self.state.movement.in_hand == Some(u);
        if s.has(flags::MOVED) && !in_hand {
            return refuse(
                "5.15",
                "a unit that has moved may not move again once another unit has moved",
            );
        }
        let underground = in_hand && self.state.movement.in_hand_underground;
        if !underground && s.has(flags::STOPPED_IN_ZOC) {
            return refuse(
                "6.0",
                "a unit that entered an enemy zone of control must stop",
            );
        }
        if !underground && self.enemy_zoc(at, self.side_of(u)) {
            if !self.is_night() {
                return refuse(
                    "5.14",
                    "a unit may not leave an enemy zone of control by day",
                );
            }
            if !s.has(flags::STARTED_IN_ZOC) || s.has(flags::MOVED) {
                return refuse(
                    "16.22",
                    "only a unit that began the Player-Turn in an enemy zone of control may disengage",
                );
            }
            if self.remaining_half(u) < DISENGAGE_COST_HALF {
                return refuse("16.22", "disengaging costs 2 more Movement Points");
            }
        }
        if self.remaining_half(u) == 0 {
            return refuse("5.13", "the unit has no Movement Points left");
        }
        Ok(())
    }

    /// Is it `side`'s Movement Phase with nothing else waiting?
    pub(crate) fn movement_command_allowed(&self, side: Side) -> Result<(), RuleViolation> {
        if self.state.phase != Phase::Movement {
            return refuse("5.11", "units move only in their own Movement Phase");
        }
        if side != self.state.phasing {
            return refuse("5.11", "units move only in their own Movement Phase");
        }
        if self.interrupt_pending().is_some() {
            return refuse("12.0", "the demolition roll must be answered first");
        }
        if self.state.movement.drop_stage != DropStage::Idle {
            return refuse("18.0", "the paradrops are being resolved");
        }
        Ok(())
    }

    fn rules_for<'a>(
        &'a self,
        u: UnitId,
        scratch: &'a mut MoveScratch,
        underground_allowed: bool,
    ) -> Option<Rules85<'a, 'd>> {
        let origin = self.hex_of(u)?;
        let side = self.side_of(u);
        scratch.fill(self, side);
        let scratch: &'a MoveScratch = scratch;
        let s = &self.state.units[u.0 as usize];
        let origin_underground =
            self.state.movement.in_hand == Some(u) && self.state.movement.in_hand_underground;
        let rules = &self.scenario().rules;
        let wb_police = self.is_west_berlin_police(u);
        let mut r = Rules85 {
            game: self,
            scratch,
            side,
            mover: u,
            origin,
            origin_underground,
            origin_in_zoc: false,
            disengage: false,
            night: self.is_night(),
            zoc_banned: self.is_police(u) && !(wb_police && rules.police_unrestricted),
            confined: wb_police && !rules.police_unrestricted && self.in_west_berlin(origin),
            underground_allowed,
        };
        r.origin_in_zoc = !origin_underground && r.enemy_zoc(origin);
        r.disengage = self.is_night()
            && s.has(flags::STARTED_IN_ZOC)
            && !s.has(flags::MOVED)
            && r.origin_in_zoc;
        Some(r)
    }

    /// [`StepPrices`] for the units of `side` on the board as it stands now (night or day, gas,
    /// ruins, fire, who stands where).
    pub(crate) fn step_prices<'a>(
        &'a self,
        side: Side,
        scratch: &'a mut MoveScratch,
    ) -> StepPrices<'a, 'd> {
        scratch.fill(self, side);
        StepPrices {
            rules: Rules85 {
                game: self,
                scratch,
                side,
                // No mover, no origin: only `steps` is asked, never where a move may end.
                mover: UnitId(u16::MAX),
                origin: HexId::new(0, 0),
                origin_underground: false,
                origin_in_zoc: false,
                disengage: false,
                night: self.is_night(),
                zoc_banned: false,
                confined: false,
                underground_allowed: false,
            },
        }
    }

    /// Every hex `u` may legally end a move in now, with its cheapest cost (`underground` when
    /// the cheapest way ends on the U-Bahn), or the reason the unit may not move at all.
    pub fn move_targets(
        &self,
        u: UnitId,
        mut f: impl FnMut(MoveTarget),
    ) -> Result<(), RuleViolation> {
        self.may_move(u)?;
        let mut scratch = MoveScratch::for_whole_search();
        let mut reach = Reachable::new();
        let rules = self
            .rules_for(u, &mut scratch, true)
            .ok_or(RuleViolation::new("5.0", "the unit is not on the map"))?;
        let g = &self.data.map.geometry;
        let start_mode = if rules.origin_underground {
            UNDERGROUND
        } else {
            0
        };
        search(
            g,
            &rules,
            rules.origin,
            start_mode,
            self.remaining_half(u),
            &mut reach,
        )
        .map_err(|_| RuleViolation::new("engine", "movement search overflow"))?;
        let n = g.hex_count().min(MAX_HEXES);
        // `underground` must mean "ask for U-Bahn movement to get there this cheaply": when
        // the U-Bahn was used anywhere, compare with a search that never goes underground.
        let used_ubahn = (0..n).any(|i| {
            g.hex_at(i)
                .is_some_and(|h| reach.cost_in(g, h, UNDERGROUND).is_some())
        });
        let mut surface_reach = None;
        if used_ubahn {
            let surface = Rules85 {
                underground_allowed: false,
                ..rules.clone()
            };
            let mut r2 = Reachable::new();
            search(
                g,
                &surface,
                rules.origin,
                start_mode,
                self.remaining_half(u),
                &mut r2,
            )
            .map_err(|_| RuleViolation::new("engine", "movement search overflow"))?;
            surface_reach = Some(r2);
        }
        for i in 0..n {
            let Some(h) = g.hex_at(i) else { continue };
            let Some(best) = reach.cost(g, h) else {
                continue;
            };
            if h == rules.origin || rules.end_refusal(h).is_some() {
                continue;
            }
            let underground = match &surface_reach {
                None => false,
                Some(r2) => r2.cost(g, h).is_none_or(|c| c > best),
            };
            f(MoveTarget {
                hex: h,
                cost_half: best,
                underground,
            });
        }
        Ok(())
    }

    /// Is `h` on an edge a NATO unit may leave the map by ([21.35] 3: north, south, west)?
    pub fn is_exit_edge_hex(&self, h: HexId) -> bool {
        let g = &self.data.map.geometry;
        [Edge::North, Edge::South, Edge::West]
            .into_iter()
            .any(|e| g.within_of_edge(h, 1, e))
    }

    // ---- the phase ------------------------------------------------------------------------

    pub(crate) fn movement_begin(
        &mut self,
        _events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.state.phasing;
        let mut occ = boxed_occupancy();
        // Only the enemy's zones matter here: for supply [14.21] and for [16.22].
        self.occupancy_zoc_of(side.other(), &mut occ);
        let supplied = self.supply_snapshot(side, &occ);
        let ids: heapless::Vec<UnitId, { crate::core::units::MAX_UNITS }> = self
            .data
            .roster
            .ids()
            .filter(|&u| self.side_of(u) == side)
            .collect();
        for u in ids {
            let at = self.hex_of(u);
            let in_zoc = at.is_some_and(|h| {
                self.data
                    .map
                    .idx(h)
                    .is_some_and(|i| occ.zoc_of(i, side.other()))
            });
            let in_supply = at.is_none_or(|h| supplied.supplied(self, u, h));
            let s = &mut self.state.units[u.0 as usize];
            s.clear(flags::MOVEMENT_BITS);
            s.spent_half_mp = 0;
            if at.is_some() && !in_supply {
                s.set(flags::UNSUPPLIED_AT_START);
            }
            if in_zoc {
                s.set(flags::STARTED_IN_ZOC);
            }
        }
        let ms = &mut self.state.movement;
        ms.in_hand = None;
        ms.in_hand_underground = false;
        ms.in_hand_cut_short = false;
        ms.in_hand_fallback = None;
        ms.airlanded = [0; MAX_PLACES];
        ms.drops.clear();
        ms.drop_stage = DropStage::Idle;
        Ok(())
    }

    pub(crate) fn movement_pending(&self) -> Pending85 {
        match self.paradrop_pending() {
            Some(p) => p,
            None => Pending::Command {
                player: self.state.phasing,
            },
        }
    }

    pub(crate) fn movement_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.drop_stage != DropStage::Idle {
            return self.paradrop_apply(input, events);
        }
        let Input::Command(c) = input else {
            return refuse("5.0", "a movement command is expected");
        };
        match c {
            Command::Move {
                unit,
                to,
                underground,
            } => self.cmd_move(*unit, *to, *underground, events),
            Command::MovePath {
                unit,
                path,
                underground,
            } => self.cmd_move_path(*unit, path, *underground, events),
            Command::Airland { unit, hex } => self.cmd_airland(*unit, *hex, events),
            Command::Paradrop { unit, hex } => self.cmd_paradrop(*unit, *hex, events),
            Command::Exit { unit } => self.cmd_exit(*unit, events),
            Command::EndMovement => {
                self.movement_command_allowed(self.state.phasing)?;
                self.emergency_reinforcements_placed()?;
                self.put_down_in_hand(events)?;
                self.paradrops_begin(events)
            }
            _ => refuse("5.11", "that is not a movement command"),
        }
    }

    /// Puts the unit in hand down for good [5.15] (before another unit is touched or the
    /// phase ends). It must stand where it may end its move; if an interrupt cut its move short
    /// where it may not stop and no legal hex is left to go on to, it goes back to the last hex
    /// of that move where it could stop, so the game can always go on.
    pub(crate) fn put_down_in_hand(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(v) = self.state.movement.in_hand else {
            return Ok(());
        };
        if self.state.movement.in_hand_cut_short {
            if let Some(h) = self.hex_of(v) {
                if let Some(why) = self.end_refusal_here(v, h) {
                    let mut can_go_on = false;
                    let _ = self.move_targets(v, |_| can_go_on = true);
                    if can_go_on {
                        return Err(why);
                    }
                    self.move_back_to_fallback(v, h, why, events)?;
                }
            }
        }
        let ms = &mut self.state.movement;
        ms.in_hand = None;
        ms.in_hand_underground = false;
        ms.in_hand_cut_short = false;
        ms.in_hand_fallback = None;
        Ok(())
    }

    /// Why `u` may not end its move in `h` (where it stands), if it may not.
    fn end_refusal_here(&self, u: UnitId, h: HexId) -> Option<RuleViolation> {
        if self.units_on_map().any(|(o, oh)| o != u && oh == h) {
            return Some(RuleViolation::new(
                "5.31",
                "the unit in hand may not stay stacked: move it on",
            ));
        }
        let mut scratch = MoveScratch::new();
        self.rules_for(u, &mut scratch, true)
            .and_then(|r| r.end_refusal(h))
    }

    /// The cut-short unit `u` in `h` cannot stop there nor go on: back to its fallback hex.
    fn move_back_to_fallback(
        &mut self,
        u: UnitId,
        h: HexId,
        why: RuleViolation,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(back) = self.state.movement.in_hand_fallback else {
            return Err(why);
        };
        self.state.units[u.0 as usize].location = Location::OnMap(back);
        let g = &self.data.map.geometry;
        let name = self.def(u).name.clone();
        emit(
            events,
            event!(
                why.case,
                "{} cannot stop in {} nor go on: back to {}, the last hex of its move where it may stop",
                name,
                g.format(h),
                g.format(back)
            )
            .unit(u)
            .at(back),
        )
    }

    /// Picks `u` up: the unit in hand before it is put down [5.15].
    pub(crate) fn take_in_hand(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.movement.in_hand != Some(u) {
            self.put_down_in_hand(events)?;
            self.state.movement.in_hand = Some(u);
            self.state.movement.in_hand_underground = false;
        }
        Ok(())
    }

    fn cmd_move(
        &mut self,
        u: UnitId,
        to: HexId,
        underground: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.may_move(u)?;
        let mut path: heapless::Vec<(HexId, u8, u16), MAX_PATH> = heapless::Vec::new();
        {
            let mut scratch = MoveScratch::new();
            let rules = self
                .rules_for(u, &mut scratch, underground)
                .ok_or(RuleViolation::new("5.0", "the unit is not on the map"))?;
            if to == rules.origin {
                return refuse("5.0", "the unit is already there");
            }
            if let Some(r) = rules.prohibition(to, false, to) {
                if r.case != "5.14" {
                    return Err(r);
                }
            }
            if let Some(r) = rules.end_refusal(to) {
                return Err(r);
            }
            let g = &self.data.map.geometry;
            let mut reach = Reachable::new();
            let start_mode = if rules.origin_underground {
                UNDERGROUND
            } else {
                0
            };
            search_until(
                g,
                &rules,
                rules.origin,
                start_mode,
                self.remaining_half(u),
                Some(to),
                &mut reach,
            )
            .map_err(|_| RuleViolation::new("engine", "movement search overflow"))?;
            let mode = match (reach.cost_in(g, to, 0), reach.cost_in(g, to, UNDERGROUND)) {
                (Some(a), Some(b)) if b < a => UNDERGROUND,
                (Some(_), _) => 0,
                (None, Some(_)) => UNDERGROUND,
                (None, None) => {
                    return refuse(
                        "5.13",
                        "no legal path there within the Movement Points left",
                    )
                }
            };
            let mut hexes: heapless::Vec<(HexId, u8), 128> = heapless::Vec::new();
            if !reach.path_to(g, to, mode, &mut hexes) {
                return refuse("engine", "movement path too long");
            }
            for &(h, m) in hexes.iter().skip(1) {
                let c = reach.cost_in(g, h, m).unwrap_or(0);
                path.push((h, m, c))
                    .map_err(|_| RuleViolation::new("engine", "movement path too long"))?;
            }
        }
        self.execute_path(u, &path, events)
    }

    fn cmd_move_path(
        &mut self,
        u: UnitId,
        hexes: &[HexId],
        underground: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.may_move(u)?;
        if hexes.is_empty() {
            return refuse("5.0", "the path is empty");
        }
        let mut path: heapless::Vec<(HexId, u8, u16), MAX_PATH> = heapless::Vec::new();
        {
            let mut scratch = MoveScratch::new();
            let rules = self
                .rules_for(u, &mut scratch, underground)
                .ok_or(RuleViolation::new("5.0", "the unit is not on the map"))?;
            let g = &self.data.map.geometry;
            let allowance = self.remaining_half(u);
            let mut at = rules.origin;
            let mut mode = if rules.origin_underground {
                UNDERGROUND
            } else {
                0
            };
            let mut cost = 0u16;
            let mut stopped = false;
            let mut steps = heapless::Vec::<Step, 4>::new();
            for &next in hexes {
                if stopped {
                    return refuse(
                        "6.0",
                        "a unit must stop on entering an enemy zone of control",
                    );
                }
                let Some(d) = g.direction_to(at, next) else {
                    return refuse("5.0", "each hex of the path must be adjacent to the last");
                };
                let Some(link) = Link::new(g, at, d) else {
                    return refuse("5.0", "each hex of the path must be on the map");
                };
                steps.clear();
                rules.steps(link, mode, &mut steps);
                let pick = steps
                    .iter()
                    .find(|s| (s.mode == UNDERGROUND) == underground)
                    .or_else(|| steps.iter().find(|s| s.mode == 0))
                    .copied();
                let Some(st) = pick else {
                    return Err(self.step_refusal(&rules, at, mode, next));
                };
                cost = cost.saturating_add(st.cost);
                if cost > allowance {
                    return refuse(
                        "5.13",
                        "a unit may not spend more Movement Points than it has",
                    );
                }
                stopped = st.stop;
                mode = st.mode;
                at = next;
                path.push((next, mode, cost))
                    .map_err(|_| RuleViolation::new("engine", "movement path too long"))?;
            }
            if let Some(r) = rules.end_refusal(at) {
                return Err(r);
            }
        }
        self.execute_path(u, &path, events)
    }

    /// The rule that forbids a step `rules.steps` offered no way to take.
    fn step_refusal(
        &self,
        rules: &Rules85<'_, 'd>,
        from: HexId,
        mode: u8,
        to: HexId,
    ) -> RuleViolation {
        if let Some(r) = rules.prohibition(from, mode == UNDERGROUND, to) {
            return r;
        }
        let to_zoc = rules.enemy_zoc(to);
        if from == rules.origin && rules.origin_in_zoc && to_zoc {
            return RuleViolation::new(
                "16.22",
                "a disengaging unit may not move straight into another enemy zone of control",
            );
        }
        if rules.zoc_banned && to_zoc {
            return RuleViolation::new("5.18", "police may not enter an enemy zone of control");
        }
        if mode == UNDERGROUND && rules.enemy_zoc(from) {
            return RuleViolation::new(
                "5.14",
                "surfacing in an enemy zone of control ends the move",
            );
        }
        RuleViolation::new("15.0", "that step is not possible")
    }

    /// The last hex among `from` and the hexes of `walked` (in order) where `u` could end a
    /// move now: the fallback of a move an interrupt cuts short.
    fn fallback_hex(
        &self,
        u: UnitId,
        from: Option<HexId>,
        walked: &[(HexId, u8, u16)],
    ) -> Option<HexId> {
        let mut scratch = MoveScratch::new();
        let rules = self.rules_for(u, &mut scratch, true)?;
        walked
            .iter()
            .rev()
            .filter(|&&(_, mode, _)| mode != UNDERGROUND)
            .map(|&(h, _, _)| h)
            .chain(from)
            .find(|&h| rules.end_refusal(h).is_none())
    }

    /// Walks the unit along a checked path (`(hex, mode, cumulative cost)`), entering each
    /// hex through `unit_entered`; an interrupt stops the walk where it was raised [12.0].
    fn execute_path(
        &mut self,
        u: UnitId,
        path: &[(HexId, u8, u16)],
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.take_in_hand(u, events)?;
        let spent0 = self.spent_half(u);
        let side = self.side_of(u);
        let from = self.hex_of(u);
        let mut last = None;
        self.state.movement.in_hand_cut_short = false;
        for (k, &(h, mode, cost)) in path.iter().enumerate() {
            {
                let s = &mut self.state.units[u.0 as usize];
                s.location = Location::OnMap(h);
                s.spent_half_mp = spent0 + cost;
                s.set(flags::MOVED);
            }
            self.state.movement.in_hand_underground = mode == UNDERGROUND;
            last = Some((h, mode, cost));
            self.unit_entered(u, h, events)?;
            if self.interrupt_pending().is_some() {
                self.state.movement.in_hand_cut_short = k + 1 < path.len();
                if self.state.movement.in_hand_cut_short {
                    self.state.movement.in_hand_fallback = self.fallback_hex(u, from, &path[..k]);
                }
                break;
            }
        }
        if let Some((h, mode, cost)) = last {
            if mode != UNDERGROUND && self.enemy_zoc(h, side) {
                self.state.units[u.0 as usize].set(flags::STOPPED_IN_ZOC);
            }
            let g = &self.data.map.geometry;
            let name = self.def(u).name.clone();
            let (a, b) = (from.map(|f| g.format(f)), g.format(h));
            let via = if mode == UNDERGROUND {
                " on the U-Bahn"
            } else {
                ""
            };
            emit(
                events,
                event!(
                    "5.0",
                    "{} moves {} to {}{} ({}/{} half-MP)",
                    name,
                    a.as_deref().unwrap_or("?"),
                    b,
                    via,
                    spent0 + cost,
                    self.movement_allowance_half(u)
                )
                .unit(u)
                .at(h),
            )?;
        }
        Ok(())
    }

    /// [21.35] 3: a NATO unit leaves the map by the north, south or west edge for 2 MP.
    fn cmd_exit(&mut self, u: UnitId, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        if !self.scenario().rules.nato_may_exit || self.side_of(u) != NATO {
            return refuse(
                "21.35",
                "only NATO units in Operation Medicine Wheel may exit the map",
            );
        }
        self.may_move(u)?;
        let Some(h) = self.hex_of(u) else {
            return refuse("5.0", "the unit is not on the map");
        };
        if !self.is_exit_edge_hex(h) {
            return refuse(
                "21.35",
                "units exit only from a north, south or west edge hex",
            );
        }
        if self.state.movement.in_hand == Some(u) && self.state.movement.in_hand_underground {
            return refuse("15.0", "a unit on the U-Bahn must surface before it exits");
        }
        if self.remaining_half(u) < EXIT_COST_HALF {
            return refuse("21.35", "exiting the map costs 2 Movement Points");
        }
        self.take_in_hand(u, events)?;
        let s = &mut self.state.units[u.0 as usize];
        s.spent_half_mp += EXIT_COST_HALF;
        s.set(flags::MOVED);
        s.location = Location::Exited;
        self.state.movement.in_hand = None;
        let label = self.data.map.geometry.format(h);
        let name = self.def(u).name.clone();
        emit(
            events,
            event!("21.35", "{} leaves the map from {}", name, label)
                .unit(u)
                .at(h),
        )?;
        self.score_exit(u, h, events)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::command::Command;
    use crate::berlin85::data::Region;
    use crate::berlin85::state::Phase;
    use crate::berlin85::testkit::*;
    use crate::core::protocol::DiceRoll;
    use crate::core::units::UnitKind;
    use std::vec::Vec;

    pub fn cmd(c: Command) -> Input85 {
        Input::Command(c)
    }
    pub fn roll(v: &[u8]) -> Input85 {
        Input::Rolled(DiceRoll::of(v))
    }
    pub fn yes() -> Input85 {
        Input::Chose(0)
    }
    pub fn no() -> Input85 {
        Input::Chose(1)
    }
    pub fn mv(g: &mut Game<'_>, unit: UnitId, to: &str) -> Result<Events<Event>, RuleViolation> {
        g.apply(&cmd(Command::Move {
            unit,
            to: hex(to),
            underground: false,
        }))
    }
    pub fn mv_under(
        g: &mut Game<'_>,
        unit: UnitId,
        to: &str,
    ) -> Result<Events<Event>, RuleViolation> {
        g.apply(&cmd(Command::Move {
            unit,
            to: hex(to),
            underground: true,
        }))
    }
    pub fn mv_path(
        g: &mut Game<'_>,
        unit: UnitId,
        path: &[&str],
    ) -> Result<Events<Event>, RuleViolation> {
        let mut p = heapless::Vec::new();
        for h in path {
            p.push(hex(h)).unwrap();
        }
        g.apply(&cmd(Command::MovePath {
            unit,
            path: p,
            underground: false,
        }))
    }
    pub fn case_of<T: core::fmt::Debug>(r: Result<T, RuleViolation>) -> &'static str {
        r.expect_err("a refusal").case
    }

    /// The Movement Phase of `side` in `turn`, supply flags as the start of the phase sets
    /// them (`supplied`: pretend every unit could trace supply).
    pub fn movement_game(
        b: Board,
        side: Side,
        turn: u8,
        placed: &[(UnitId, HexId)],
        supplied: bool,
    ) -> Game<'static> {
        let mut g = b.game(Phase::Movement, side, turn, placed);
        let mut ev = Events::new();
        g.movement_begin(&mut ev).unwrap();
        if supplied {
            for s in g.state.units.iter_mut() {
                s.clear(flags::UNSUPPLIED_AT_START);
            }
        }
        g
    }
    pub fn start(b: Board, side: Side, placed: &[(UnitId, HexId)]) -> Game<'static> {
        movement_game(b, side, 1, placed, true)
    }

    pub fn targets(g: &Game<'_>, u: UnitId) -> Vec<MoveTarget> {
        let mut v = Vec::new();
        g.move_targets(u, |t| v.push(t)).unwrap();
        v
    }
    pub fn cost(g: &Game<'_>, u: UnitId, h: &str) -> Option<u16> {
        targets(g, u)
            .into_iter()
            .find(|t| t.hex == hex(h))
            .map(|t| t.cost_half)
    }
    pub fn at(g: &Game<'_>, u: UnitId) -> HexId {
        g.hex_of(u).unwrap()
    }

    #[test]
    fn move_5_21_clear_terrain_costs_one_mp() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
        let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(g.movement_allowance_half(u), 8);
        assert_eq!(cost(&g, u, "0502"), Some(2));
        assert_eq!(cost(&g, u, "0505"), Some(8));
        assert_eq!(cost(&g, u, "0506"), None);
    }

    #[test]
    fn move_5_21_other_terrain_costs_its_chart_value() {
        let mut b = Board::new(10, 10);
        b.terrain(hex("0502"), FOREST);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
        let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(cost(&g, u, "0502"), Some(4));
    }

    #[test]
    fn move_5_22_road_costs_one_mp_whatever_the_terrain() {
        let mut b = Board::new(10, 10);
        for r in 2..=6 {
            b.terrain(HexId::new(5, r), FOREST);
        }
        let road: Vec<HexId> = (1..=6).map(|r| HexId::new(5, r)).collect();
        b.line(&road, SF::ROAD);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
        let g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(cost(&g, u, "0505"), Some(8), "four road hexes, 1 MP each");
    }

    #[test]
    fn move_5_23_autobahn_half_mp_and_10_52_also_in_ruins() {
        let mut b = Board::new(10, 10);
        let ab: Vec<HexId> = (1..=9).map(|r| HexId::new(5, r)).collect();
        b.line(&ab, SF::AUTOBAHN);
        b.terrain(hex("0503"), URBAN);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 4);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        g.hex_state_mut(hex("0503"))
            .unwrap()
            .markers
            .insert(Markers::RUIN);
        assert_eq!(
            cost(&g, u, "0509"),
            Some(8),
            "eight Autobahn hexes at 1/2 MP"
        );
    }

    #[test]
    fn move_10_51_roads_do_not_work_in_ruins() {
        let mut b = Board::new(10, 10);
        let road: Vec<HexId> = (1..=4).map(|r| HexId::new(5, r)).collect();
        b.line(&road, SF::ROAD);
        b.terrain(hex("0502"), URBAN);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(cost(&g, u, "0502"), Some(2));
        g.hex_state_mut(hex("0502"))
            .unwrap()
            .markers
            .insert(Markers::RUIN);
        // [10.55] urban 4 + ruin 2, no road rate.
        assert_eq!(cost(&g, u, "0502"), Some(6));
    }

    #[test]
    fn move_10_54_the_ubahn_still_runs_under_ruins() {
        let mut b = Board::new(10, 10);
        let line: Vec<HexId> = (1..=4).map(|r| HexId::new(5, r)).collect();
        b.line(&line, SF::UBAHN);
        b.terrain(hex("0502"), URBAN);
        b.terrain(hex("0503"), URBAN);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        g.hex_state_mut(hex("0502"))
            .unwrap()
            .markers
            .insert(Markers::RUIN);
        // Underground: 2 MP a U-Bahn hexside whatever lies above [5.24], ruin or not.
        let mut under = g.clone();
        under
            .apply(&cmd(Command::MovePath {
                unit: u,
                path: [hex("0502"), hex("0503")].into_iter().collect(),
                underground: true,
            }))
            .unwrap();
        assert_eq!(under.spent_half(u), 8);
        assert_eq!(under.hex_of(u), Some(hex("0503")));
        // Above ground the ruin adds its cost to the urban hex [10.55].
        assert_eq!(step_cost(&mut g, u, "0502"), 6);
    }

    #[test]
    fn move_10_53_bridges_and_borders_work_the_same_into_ruins() {
        let mut b = Board::new(10, 10);
        b.side(hex("0501"), hex("0502"), SF::WATER | SF::ROAD);
        b.side(hex("0601"), hex("0602"), SF::BORDER);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (v, hex("0601"))]);
        for h in ["0502", "0602"] {
            g.hex_state_mut(hex(h))
                .unwrap()
                .markers
                .insert(Markers::RUIN);
        }
        let t = &g.data.tables;
        let (bridge, border, ruin) = (t.bridge.mp_half, t.border.mp_half, t.ruin.mp_half);
        // Clear 2 + ruin + the bridge (implied by the road over the water [5.25]): no road rate
        // in a ruin [10.51], but the bridge still spans the water [10.53].
        assert_eq!(step_cost(&mut g, u, "0502"), 2 + ruin + bridge);
        assert_eq!(step_cost(&mut g, v, "0602"), 2 + ruin + border);
    }

    /// Spent half-MP after moving `u` one step along a path.
    fn step_cost(g: &mut Game<'_>, u: UnitId, to: &str) -> u16 {
        mv_path(g, u, &[to]).unwrap();
        g.spent_half(u)
    }

    #[test]
    fn move_5_25_hexside_costs_are_added() {
        let mut b = Board::new(10, 10);
        b.side(hex("0501"), hex("0502"), SF::WATER);
        b.side(hex("0601"), hex("0602"), SF::WATER | SF::FERRY);
        b.side(hex("0701"), hex("0702"), SF::WATER | SF::ROAD);
        b.side(hex("0801"), hex("0802"), SF::BORDER);
        let us: Vec<UnitId> = (0..4)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8))
            .collect();
        let placed: Vec<(UnitId, HexId)> = us
            .iter()
            .enumerate()
            .map(|(i, &u)| (u, HexId::new(5 + i as u8, 1)))
            .collect();
        let mut g = start(b, WARSAW_PACT, &placed);
        let t = g.data.tables.clone();
        assert_eq!(step_cost(&mut g, us[0], "0502"), 2 + t.water.mp_half);
        assert_eq!(step_cost(&mut g, us[1], "0602"), 2 + t.ferry.mp_half);
        // A road across water is a bridge: road rate plus the bridge cost, not the water.
        assert_eq!(step_cost(&mut g, us[2], "0702"), 2 + t.bridge.mp_half);
        assert_eq!(step_cost(&mut g, us[3], "0802"), 2 + t.border.mp_half);
    }

    #[test]
    fn move_12_0_a_blown_bridge_is_plain_water() {
        let mut b = Board::new(10, 10);
        b.side(hex("0501"), hex("0502"), SF::WATER | SF::ROAD);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        let s = g
            .data
            .map
            .geometry
            .side_between(hex("0501"), hex("0502"))
            .unwrap();
        g.state.blown_bridges.push(s).unwrap();
        let w = g.data.tables.water.mp_half;
        assert_eq!(step_cost(&mut g, u, "0502"), 2 + w);
    }

    fn lake_board() -> Board {
        let mut b = Board::new(10, 10);
        b.terrain(hex("0503"), LAKE);
        for (_, n) in b
            .data
            .map
            .geometry
            .neighbours(hex("0503"))
            .collect::<Vec<_>>()
        {
            b.side(hex("0503"), n, SF::LAKE_SHORE);
        }
        b
    }

    #[test]
    fn move_5_26_lake_costs_nine_mp_and_no_stopping() {
        let mut b = lake_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0502"))]);
        let ts = targets(&g, u);
        assert!(
            ts.iter().all(|t| t.hex != hex("0503")),
            "never ends in a lake"
        );
        // Straight across: 1 + 4 (in) + 4 (out) + 1 for the clear hex beyond.
        let through = ts.iter().find(|t| t.hex == hex("0504")).unwrap();
        assert!(through.cost_half <= 20);
        assert_eq!(case_of(mv(&mut g, u, "0503")), "5.26");
        assert_eq!(g.hex_of(u), Some(hex("0502")));
    }

    #[test]
    fn move_5_26_police_with_8_mp_can_never_enter_a_lake() {
        let mut b = lake_board();
        let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
        let mut g = start(b, WARSAW_PACT, &[(p, hex("0502"))]);
        g.state.turn = 5; // past any police freeze
        assert_eq!(case_of(mv_path(&mut g, p, &["0503", "0504"])), "5.13");
        assert_eq!(case_of(mv_path(&mut g, p, &["0503"])), "5.26");
        let mut hexes = Vec::new();
        g.move_targets(p, |t| hexes.push(t.hex)).unwrap();
        assert!(!hexes.contains(&hex("0503")));
    }

    #[test]
    fn move_8_83_gas_doubles_and_triples_at_night() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        g.hex_state_mut(hex("0502"))
            .unwrap()
            .markers
            .insert(Markers::GAS);
        assert_eq!(cost(&g, u, "0502"), Some(4));
        g.state.turn = 3; // a night turn on the test track
        assert!(g.is_night());
        assert_eq!(cost(&g, u, "0502"), Some(6));
    }

    #[test]
    fn move_16_21_night_doubles_every_cost() {
        let mut b = Board::new(10, 10);
        b.side(hex("0502"), hex("0503"), SF::WATER);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        g.state.turn = 3;
        let w = g.data.tables.water.mp_half;
        assert_eq!(cost(&g, u, "0502"), Some(4));
        mv_path(&mut g, u, &["0502", "0503"]).unwrap();
        assert_eq!(g.spent_half(u), 4 + 2 * (2 + w));
    }

    #[test]
    fn move_10_72_fire_hexes_may_not_be_entered() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        g.hex_state_mut(hex("0502"))
            .unwrap()
            .markers
            .insert(Markers::FIRE);
        assert_eq!(cost(&g, u, "0502"), None);
        assert_eq!(case_of(mv(&mut g, u, "0502")), "10.72");
    }

    #[test]
    fn move_5_12_enemy_hex_is_refused_and_state_unchanged() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (e, hex("0503"))]);
        let before = g.state.clone();
        assert_eq!(case_of(mv(&mut g, u, "0503")), "5.12");
        assert_eq!(g.state, before);
        mv(&mut g, u, "0502").unwrap(); // in the enemy zone: stops there
        let before = g.state.clone();
        let r = g.apply(&cmd(Command::MovePath {
            unit: u,
            path: heapless::Vec::from_slice(&[hex("0503")]).unwrap(),
            underground: true,
        }));
        assert!(matches!(case_of(r), "5.12" | "6.0"));
        assert_eq!(g.state, before);
    }

    #[test]
    fn move_5_13_may_not_exceed_the_allowance() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 2);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        let before = g.state.clone();
        assert_eq!(case_of(mv(&mut g, u, "0504")), "5.13");
        assert_eq!(
            case_of(mv_path(&mut g, u, &["0502", "0503", "0504"])),
            "5.13"
        );
        assert_eq!(g.state, before);
        mv(&mut g, u, "0503").unwrap();
        assert_eq!(g.spent_half(u), 4);
        assert_eq!(case_of(g.may_move(u)), "5.13");
    }

    /// A NATO unit east of 0505 whose zone of control covers 0505's column neighbours.
    fn zoc_board() -> (Board, UnitId, UnitId) {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        (b, u, e)
    }

    #[test]
    fn move_6_0_entering_an_enemy_zone_stops_the_move() {
        let (b, u, e) = zoc_board();
        // Enemy in 0604: its zone covers 0504 and 0505 (same rows in the next column).
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (e, hex("0604"))]);
        assert!(g.enemy_zoc(hex("0504"), WARSAW_PACT) || g.enemy_zoc(hex("0503"), WARSAW_PACT));
        let first_zoc = (2..=9)
            .map(|r| HexId::new(5, r))
            .find(|&h| g.enemy_zoc(h, WARSAW_PACT))
            .unwrap();
        let beyond = HexId::new(5, first_zoc.row + 1);
        let ts = targets(&g, u);
        assert!(ts.iter().any(|t| t.hex == first_zoc));
        // Straight up the column would go through the zone: the path must detour or stop.
        let mut path = heapless::Vec::<HexId, MAX_PATH>::new();
        for r in 2..=beyond.row {
            path.push(HexId::new(5, r)).unwrap();
        }
        let r = g.apply(&cmd(Command::MovePath {
            unit: u,
            path,
            underground: false,
        }));
        assert_eq!(case_of(r), "6.0");
        let label = g.data.map.geometry.format(first_zoc);
        mv(&mut g, u, label.as_str()).unwrap();
        assert_eq!(case_of(g.may_move(u)), "6.0");
    }

    #[test]
    fn move_5_14_may_not_leave_an_enemy_zone_by_day() {
        let (b, u, e) = zoc_board();
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0605"))]);
        assert!(g.enemy_zoc(hex("0505"), WARSAW_PACT));
        let before = g.state.clone();
        assert_eq!(case_of(mv(&mut g, u, "0502")), "5.14");
        assert_eq!(case_of(g.move_targets(u, |_| {})), "5.14");
        assert_eq!(g.state, before);
    }

    #[test]
    fn move_6_14_no_zone_into_urban_or_across_water() {
        let mut b = Board::new(10, 10);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        b.terrain(hex("0506"), URBAN);
        b.side(hex("0505"), hex("0504"), SF::WATER | SF::BRIDGE);
        let g = start(b, WARSAW_PACT, &[(e, hex("0505"))]);
        assert!(!g.enemy_zoc(hex("0506"), WARSAW_PACT), "not into urban");
        assert!(
            !g.enemy_zoc(hex("0504"), WARSAW_PACT),
            "not across water, bridge or not"
        );
        let side_hex = g
            .data
            .map
            .geometry
            .neighbour(hex("0505"), Dir::UpHigherCol)
            .unwrap();
        assert!(g.enemy_zoc(side_hex, WARSAW_PACT));
    }

    #[test]
    fn move_16_22_night_disengagement() {
        let (b, u, e) = zoc_board();
        // Turn 3 is a night turn on the test track.
        let mut g = movement_game(
            b,
            WARSAW_PACT,
            3,
            &[(u, hex("0505")), (e, hex("0605"))],
            true,
        );
        assert!(g.state.units[u.0 as usize].has(flags::STARTED_IN_ZOC));
        // Into another controlled hex: refused.
        let zoc_nb = g
            .data
            .map
            .geometry
            .neighbours(hex("0505"))
            .map(|(_, n)| n)
            .find(|&n| g.enemy_zoc(n, WARSAW_PACT) && g.unit_at(n).is_none())
            .unwrap();
        let r = g.apply(&cmd(Command::MovePath {
            unit: u,
            path: heapless::Vec::from_slice(&[zoc_nb]).unwrap(),
            underground: false,
        }));
        assert_eq!(case_of(r), "16.22");
        // Out to 0404 (away from the enemy): 2 MP night clear + 2 MP disengagement.
        let away = g
            .data
            .map
            .geometry
            .neighbour(hex("0505"), Dir::DownLowerCol)
            .unwrap();
        assert!(!g.enemy_zoc(away, WARSAW_PACT));
        let label = g.data.map.geometry.format(away);
        assert_eq!(cost(&g, u, label.as_str()), Some(4 + DISENGAGE_COST_HALF));
        mv(&mut g, u, label.as_str()).unwrap();
        assert_eq!(g.spent_half(u), 8);
    }

    #[test]
    fn move_5_24_ubahn_passes_through_enemy_zones() {
        // A two-column strip: the zone of the enemy in 0205 closes it above ground.
        let mut b = Board::new(2, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 20);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let line: Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
        b.line(&line, SF::UBAHN);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0101")), (e, hex("0205"))]);
        assert_eq!(
            case_of(mv(&mut g, u, "0109")),
            "5.13",
            "no way round above ground"
        );
        let before = g.state.clone();
        let r = g.apply(&cmd(Command::MovePath {
            unit: u,
            path: (2..=9).map(|r| HexId::new(1, r)).collect(),
            underground: false,
        }));
        assert_eq!(case_of(r), "6.0");
        assert_eq!(g.state, before);
        // Underground through the two controlled hexes (2 MP a U-Bahn hexside, no stop),
        // surfacing beyond them.
        let t = targets(&g, u);
        assert!(t.iter().any(|t| t.hex == hex("0106") && t.underground));
        assert!(t.iter().any(|t| t.hex == hex("0109")));
        mv_under(&mut g, u, "0107").unwrap();
        assert_eq!(at(&g, u), hex("0107"));
        assert!(g.state.movement.in_hand_underground);
        assert_eq!(g.spent_half(u), 6 + 3 * UBAHN_COST_HALF);
        // [15.0] at the end of the phase it is above ground again.
        g.apply(&cmd(Command::EndMovement)).unwrap();
        assert!(!g.state.movement.in_hand_underground);
    }

    #[test]
    fn move_5_24_ubahn_not_out_of_the_starting_enemy_zone() {
        let (mut b, u, e) = zoc_board();
        let line: Vec<HexId> = (1..=8).map(|r| HexId::new(5, r)).collect();
        b.line(&line, SF::UBAHN);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0605"))]);
        assert_eq!(case_of(mv_under(&mut g, u, "0502")), "5.14");
    }

    #[test]
    fn move_5_15_a_unit_is_done_once_another_unit_moves() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (v, hex("0801"))]);
        mv(&mut g, u, "0502").unwrap();
        mv(&mut g, u, "0503").unwrap(); // still in hand: may go on
        assert_eq!(g.spent_half(u), 4);
        mv(&mut g, v, "0802").unwrap();
        let before = g.state.clone();
        assert_eq!(case_of(mv(&mut g, u, "0504")), "5.15");
        assert_eq!(g.state, before);
    }

    #[test]
    fn move_5_31_through_friends_but_never_stacked() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501")), (f, hex("0502"))]);
        assert_eq!(
            cost(&g, u, "0503"),
            Some(4),
            "no extra cost through a friend"
        );
        assert_eq!(cost(&g, u, "0502"), None);
        assert_eq!(case_of(mv(&mut g, u, "0502")), "5.31");
        mv_path(&mut g, u, &["0502", "0503"]).unwrap();
    }

    #[test]
    fn move_5_18_police_never_enter_an_enemy_zone() {
        let mut b = Board::new(10, 10);
        let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
        let e = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, NATO, &[(p, hex("0501")), (e, hex("0604"))]);
        let zoc: Vec<HexId> = targets(&g, p)
            .iter()
            .map(|t| t.hex)
            .filter(|&h| g.enemy_zoc(h, NATO))
            .collect();
        assert!(zoc.is_empty());
        let h = (2..=9)
            .map(|r| HexId::new(5, r))
            .find(|&h| g.enemy_zoc(h, NATO))
            .unwrap();
        let label = g.data.map.geometry.format(h);
        assert_eq!(case_of(mv(&mut g, p, label.as_str())), "5.18");
    }

    fn west_berlin_columns(b: &mut Board, cols: core::ops::RangeInclusive<u8>) {
        for c in cols {
            for r in 1..=10 {
                b.region(HexId::new(c, r), Region::WestBerlin);
            }
        }
    }

    #[test]
    fn move_5_17_west_berlin_police_stay_in_west_berlin() {
        let mut b = Board::new(10, 10);
        west_berlin_columns(&mut b, 1..=5);
        let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
        let mut g = start(b, NATO, &[(p, hex("0505"))]);
        assert!(targets(&g, p).iter().all(|t| g.in_west_berlin(t.hex)));
        let out = g
            .data
            .map
            .geometry
            .neighbour(hex("0505"), Dir::UpHigherCol)
            .unwrap();
        let label = g.data.map.geometry.format(out);
        assert_eq!(case_of(mv(&mut g, p, label.as_str())), "5.17");
    }

    #[test]
    fn move_21_35_2_medicine_wheel_police_may_leave_and_enter_zones() {
        let mut b = Board::new(10, 10);
        west_berlin_columns(&mut b, 1..=5);
        b.scenario_mut().rules.police_unrestricted = true;
        let p = b.unit(NATO, UnitKind::Police, 1, 1, 8);
        let e = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, NATO, &[(p, hex("0505")), (e, hex("0808"))]);
        assert!(targets(&g, p).iter().any(|t| !g.in_west_berlin(t.hex)));
        assert!(targets(&g, p).iter().any(|t| g.enemy_zoc(t.hex, NATO)));
        let out = g
            .data
            .map
            .geometry
            .neighbour(hex("0505"), Dir::UpHigherCol)
            .unwrap();
        let label = g.data.map.geometry.format(out);
        mv(&mut g, p, label.as_str()).unwrap();
    }

    #[test]
    fn move_21_15_1_warsaw_pact_police_frozen_until_turn_3() {
        let mut b = Board::new(10, 10);
        b.scenario_mut().rules.wp_police_frozen_until = 3;
        let p = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
        let mut g = start(b, WARSAW_PACT, &[(p, hex("0505"))]);
        assert_eq!(case_of(mv(&mut g, p, "0506")), "21.15");
        g.state.turn = 3;
        mv(&mut g, p, "0506").unwrap();
    }

    #[test]
    fn move_5_16_unsupplied_at_the_start_halves_the_allowance() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 7);
        // No road reaches a map edge: no supply source [14.13].
        let g = movement_game(b, WARSAW_PACT, 1, &[(u, hex("0505"))], false);
        assert!(g.state.units[u.0 as usize].has(flags::UNSUPPLIED_AT_START));
        assert_eq!(
            g.movement_allowance_half(u),
            6,
            "7 MP halved, rounded down: 3 MP"
        );
    }

    #[test]
    fn move_14_31_supply_regained_later_does_not_restore_the_allowance() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let mut g = movement_game(b, WARSAW_PACT, 1, &[(u, hex("0505"))], false);
        mv(&mut g, u, "0506").unwrap();
        assert_eq!(g.movement_allowance_half(u), 8);
    }

    #[test]
    fn move_path_checks_every_step() {
        let mut b = Board::new(10, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(
            case_of(mv_path(&mut g, u, &["0503"])),
            "5.0",
            "not adjacent"
        );
        mv_path(&mut g, u, &["0502", "0503"]).unwrap();
        assert_eq!(at(&g, u), hex("0503"));
        assert_eq!(g.spent_half(u), 4);
    }

    #[test]
    fn move_5_11_only_in_the_own_movement_phase() {
        let mut b = Board::new(10, 10);
        let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        assert_eq!(case_of(mv(&mut g, u, "0502")), "5.11");
    }

    #[test]
    fn move_21_35_3_nato_exits_for_two_mp() {
        let mut b = Board::new(10, 10);
        b.scenario_mut().rules.nato_may_exit = true;
        b.scenario_mut().rules.medicine_wheel_vp = true;
        let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let v = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, NATO, &[(u, hex("0509")), (v, hex("0505"))]);
        assert_eq!(
            case_of(g.apply(&cmd(Command::Exit { unit: v }))),
            "21.35",
            "not on an edge"
        );
        mv(&mut g, u, "0510").unwrap();
        g.apply(&cmd(Command::Exit { unit: u })).unwrap();
        assert_eq!(g.state.units[u.0 as usize].location, Location::Exited);
        assert_eq!(
            g.state.turn_state.mw_vp[NATO.index()],
            2,
            "the north edge scores"
        );
    }

    #[test]
    fn move_21_35_3_no_exits_outside_medicine_wheel() {
        let mut b = Board::new(10, 10);
        let u = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let mut g = start(b, NATO, &[(u, hex("0510"))]);
        assert_eq!(case_of(g.apply(&cmd(Command::Exit { unit: u }))), "21.35");
    }

    #[test]
    fn move_end_movement_goes_to_combat() {
        let b = Board::new(10, 10);
        let mut g = start(b, WARSAW_PACT, &[]);
        g.apply(&cmd(Command::EndMovement)).unwrap();
        assert_eq!(g.state.phase, Phase::Combat);
    }

    #[test]
    fn move_6_12_entering_an_enemy_zone_costs_nothing_extra() {
        let (b, u, e) = zoc_board();
        let g = start(b, WARSAW_PACT, &[(u, hex("0505")), (e, hex("0507"))]);
        assert!(g.enemy_zoc(hex("0506"), WARSAW_PACT));
        assert_eq!(cost(&g, u, "0506"), Some(2));
    }

    #[test]
    fn move_6_21_zones_of_both_sides_coexist_and_6_11_every_unit_has_one() {
        let mut b = Board::new(10, 10);
        let w = b.unit(WARSAW_PACT, UnitKind::Police, 1, 1, 8);
        let n = b.unit(NATO, UnitKind::Artillery, 0, 1, 4);
        let g = start(b, WARSAW_PACT, &[(w, hex("0503")), (n, hex("0505"))]);
        assert!(g.enemy_zoc(hex("0504"), WARSAW_PACT));
        assert!(g.enemy_zoc(hex("0504"), NATO));
    }

    #[test]
    fn move_6_23_a_unit_in_urban_projects_its_zone_out_but_receives_none() {
        let mut b = Board::new(10, 10);
        b.terrain(hex("0505"), URBAN);
        let w = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let g = start(b, WARSAW_PACT, &[(w, hex("0505")), (n, hex("0506"))]);
        assert!(
            !g.enemy_zoc(hex("0505"), WARSAW_PACT),
            "no zone into the urban hex"
        );
        assert!(
            g.enemy_zoc(hex("0506"), NATO),
            "the urban unit's zone reaches out"
        );
    }

    #[test]
    fn move_13_12_reinforcements_off_the_map_have_no_zone() {
        let mut b = Board::new(10, 10);
        let w = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 8);
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 8);
        let mut g = start(b, WARSAW_PACT, &[(w, hex("0501"))]);
        g.state.units[n.0 as usize].location = Location::Pool;
        assert_eq!(cost(&g, w, "0505"), Some(8));
    }

    /// Every target `move_targets` offers is reached by `Move` at the cost it named.
    #[test]
    fn move_targets_agree_with_the_move_command() {
        let mut b = Board::new(4, 10);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let e = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let e2 = b.unit(NATO, UnitKind::Mechanized, 4, 4, 6);
        let line: Vec<HexId> = (1..=10).map(|r| HexId::new(1, r)).collect();
        b.line(&line, SF::UBAHN);
        b.side(hex("0203"), hex("0204"), SF::WATER);
        b.terrain(hex("0302"), FOREST);
        let g = start(
            b,
            WARSAW_PACT,
            &[(u, hex("0101")), (e, hex("0205")), (e2, hex("0405"))],
        );
        let ts = targets(&g, u);
        assert!(ts.iter().any(|t| t.underground));
        for t in ts {
            let mut g2 = g.clone();
            g2.apply(&cmd(Command::Move {
                unit: u,
                to: t.hex,
                underground: t.underground,
            }))
            .unwrap_or_else(|e| panic!("{t:?}: {e}"));
            assert_eq!(g2.hex_of(u), Some(t.hex));
            assert_eq!(g2.spent_half(u), t.cost_half, "{t:?}");
        }
    }

    /// Measured, not asserted (DESIGN.md budgets; the `tests` bench has real-map figures).
    #[test]
    fn move_targets_on_a_full_size_map_is_measured() {
        let mut b = Board::new(39, 50);
        let ab: Vec<HexId> = (1..=50).map(|r| HexId::new(20, r)).collect();
        b.line(&ab, SF::AUTOBAHN);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 20);
        let g = start(b, WARSAW_PACT, &[(u, hex("2025"))]);
        let t0 = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..10 {
            g.move_targets(u, |_| n += 1).unwrap();
        }
        let per = t0.elapsed() / 10;
        std::println!("move_targets: {per:?} per call, {} targets", n / 10);
        assert!(n > 0);
    }
}
