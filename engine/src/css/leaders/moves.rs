//! Step 2D-b (S3.3.4 b, S12.3.3): each active leader may move on its own, up to 6 MP as a leg
//! unit in Column (routes at the road rate), never into an enemy-occupied hex, nor into a hex
//! next to an enemy unit unless a friendly unit is there. The prices are the movement
//! module's ([`Ctx::enter`]) for a one-unit leg party; the core search finds every hex the
//! leader may end in. Read strictly: the enemy-adjacency limit holds for every hex entered,
//! not only the last, as it does for a DG unit (S11.5).

use super::{ActiveFormation, Leader, LeaderCharts, Whereabouts};
use crate::core::faces::TwoFaced;
use crate::core::hex::HexId;
use crate::core::movement::{search, Link, MoveRules, SearchError, Step};
use crate::core::protocol::{refuse, RuleViolation};
use crate::css::destinations::MoveScratch;
use crate::css::movement::{mode, unmode, Ctx, Enemies, Mover, Party, Status, COLUMN};
use crate::css::terrain::{Conditions, Ground, MoveClass, Part};

/// The core search's rules for a leader's own move.
struct LeaderSteps<'a, const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool> {
    ctx: Ctx<'a, H, P, C>,
    friendly: &'a F,
}

impl<const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool> MoveRules
    for LeaderSteps<'_, H, P, C, F>
{
    fn steps(&self, link: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
        let (face, part) = unmode(m);
        let Ok(e) = self.ctx.enter(link, face, part) else {
            return;
        };
        // S12.3.3: never next to an enemy unit unless a friendly unit is there.
        let g = &self.ctx.ground.map.geometry;
        if self.ctx.enemies.adjacent(g, link.to, link.to_i) && !(self.friendly)(link.to) {
            return;
        }
        let _ = out.push(Step {
            cost: e.cost,
            mode: mode(COLUMN, e.part),
            stop: e.stop,
        });
    }

    fn may_end(&self, hex: HexId, _m: u8) -> bool {
        hex != self.ctx.party.hex
    }
}

/// What a leader's own move reads: the ground, its markers, the enemy units and where the
/// leader's side has units.
pub struct Leg2dB<'a, const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool> {
    pub ground: Ground<'a, H, P>,
    pub cond: &'a C,
    pub enemies: &'a Enemies<H>,
    /// A unit of the leader's side is in this hex.
    pub friendly: F,
}

impl<const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool> Leg2dB<'_, H, P, C, F> {
    /// S12.3.3: every hex `leader` may end its step-2D-b move in, with its cost in sixths of
    /// an MP, into `f`. Refused if the leader is not active (S12.1) or not on the map.
    pub fn destinations(
        &self,
        leader: &Leader,
        active: &[ActiveFormation],
        charts: &LeaderCharts,
        scratch: &mut MoveScratch<H>,
        mut f: impl FnMut(HexId, u16),
    ) -> Result<(), RuleViolation> {
        let Some(hex) = leader.hex() else {
            return refuse("S12.3.3", "the leader is not on the map");
        };
        if !leader.is_active(active) {
            return refuse("S12.3.3", "only an active leader moves at step 2D-b");
        }
        let leg = Mover {
            class: MoveClass::Leg,
            ma: TwoFaced {
                front: charts.move_mp,
                back: 0,
            },
            status: Status::default(),
        };
        let party = Party::new(leader.def.side, hex, Part::First, COLUMN, &[leg], false)?;
        let rules = LeaderSteps {
            ctx: Ctx {
                ground: self.ground,
                cond: self.cond,
                enemies: self.enemies,
                party: &party,
            },
            friendly: &self.friendly,
        };
        let g = self.ground.map.geometry;
        search(
            &g,
            &rules,
            hex,
            mode(COLUMN, Part::First),
            party.allowance,
            &mut scratch.reach,
        )
        .map_err(|e| match e {
            SearchError::QueueFull => RuleViolation::new("engine", "movement search overflow"),
            SearchError::OffMap => RuleViolation::new("S12.3.3", "the leader is not on the map"),
        })?;
        for (h, cost) in scratch.reach.iter(&g) {
            if h != hex {
                f(h, cost);
            }
        }
        Ok(())
    }
}

/// Step 2D-b (S3.3.4 b, S12.3.3): the active leader moves to `to` if the rules let it end
/// there. It may end alone (S12.5.2 then applies).
pub fn step_2d_b<const H: usize, const P: usize, C: Conditions, F: Fn(HexId) -> bool>(
    board: &Leg2dB<'_, H, P, C, F>,
    leader: &mut Leader,
    active: &[ActiveFormation],
    charts: &LeaderCharts,
    to: HexId,
    scratch: &mut MoveScratch<H>,
) -> Result<u16, RuleViolation> {
    let mut cost = None;
    board.destinations(leader, active, charts, scratch, |h, c| {
        if h == to {
            cost = Some(c);
        }
    })?;
    let Some(cost) = cost else {
        return refuse(
            "S12.3.3",
            "a leader moves 6 MP as leg in Column, never into or next to the enemy unless friends are there",
        );
    };
    leader.at = Whereabouts::OnMap(to);
    Ok(cost)
}
