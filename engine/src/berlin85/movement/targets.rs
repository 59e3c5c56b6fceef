//! Movement queries: may a unit move now ([5.11], [5.13]–[5.15], [6.0], [13.25], [16.22],
//! [18.41], [21.15] 1), its Movement Allowance ([5.16], [13.22], [14.31]) and what it has
//! spent, blown bridges [12.0], exit edges ([21.35] 3), and every hex it may end a move in
//! (`move_targets`, for the UI and the playout agent).

use super::{
    DropStage, MoveScratch, MoveTarget, Rules85, StepPrices, DISENGAGE_COST_HALF, MP, UNDERGROUND,
};
use crate::berlin85::flags;
use crate::berlin85::game::Game;
use crate::berlin85::state::{Phase, NATO, WARSAW_PACT};
use crate::core::capacity::berlin85::Reachable;
use crate::core::hex::{Dir, Edge, HexId};
use crate::core::map::MAX_HEXES;
use crate::core::movement::search;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;

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
        MP.mp(mp)
    }

    /// Half-MP the unit has spent this Movement Phase.
    pub fn spent_half(&self, u: UnitId) -> u16 {
        self.state.units.get(u.0 as usize).map_or(0, |s| s.spent_mp)
    }

    pub(super) fn remaining_half(&self, u: UnitId) -> u16 {
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

    pub(super) fn rules_for<'a>(
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
}
