//! What one seat may see (3.1.5, 3.6): every unit of its own forces; of an enemy force only
//! the top unit its owner chose, unless a close assault involving the force is being resolved,
//! or a mixed bombardment, which show both sides' forces in it (bombardment alone does not,
//! 3.6). Onlookers see the top unit of every force. During the German set-up (13.0) the
//! Soviet sees no more than that of where the Germans are setting up, and only the German sees
//! which units he still has to place (the drawn Volkssturm among them).

use super::board::Segment;
use super::fog;
use super::game::{Game, Waiting};
use crate::core::hex::HexId;
use crate::core::side::{Side, Viewer};
use crate::core::stack::{SeenStack, MAX_STACK};
use crate::core::units::UnitId;

/// One force as a viewer sees it: all its units top first, or only the top one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenForce {
    pub hex: HexId,
    pub owner: Side,
    pub units: heapless::Vec<UnitId, MAX_STACK>,
    /// Only the top unit is shown (3.1.5): how many are beneath is hidden too.
    pub top_only: bool,
}

/// A U-Bahn marker on the map (17.1.1): everyone sees it; only its owner sees the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenUnderground {
    pub hex: HexId,
    pub owner: Side,
    pub unit: Option<UnitId>,
}

/// The game as one seat sees it.
#[derive(Clone, Debug)]
pub struct View<'d> {
    pub game: &'d super::GameData,
    pub viewer: Viewer,
    pub turn: u8,
    pub segment: Segment,
    pub forces: heapless::Vec<SeenForce, { crate::core::capacity::fortress_berlin::UNITS }>,
    /// The German set-up is under way (13.0).
    pub setting_up: bool,
    /// The units the German still has to place: empty for every other viewer.
    pub to_place: heapless::Vec<UnitId, { crate::core::capacity::fortress_berlin::UNITS }>,
    /// Units underground in the U-Bahn, in no force on the surface (17.1).
    pub underground:
        heapless::Vec<SeenUnderground, { crate::core::capacity::fortress_berlin::UNITS }>,
    /// Leaders who defected to the Soviets and their hexes (17.4.3): their Soviet face is up,
    /// so every seat sees them, wherever they stand.
    pub defectors: heapless::Vec<(UnitId, HexId), { super::game::leaders::BIRTHDAY_DRAW }>,
}

/// Forces a combat being resolved shows (3.6): the target's and the attackers' hexes, from
/// a close assault's announcement (through its Support Fire and the defender's gun fire) to
/// its roll.
fn revealed(g: &Game<'_>, hex: HexId) -> bool {
    let shows = |a: &super::game::Announced| {
        a.target == hex
            || a.attackers
                .iter()
                .any(|&u| g.state.board.hex_of(u) == Some(hex))
    };
    if g.state.suspended.as_ref().is_some_and(shows) {
        return true;
    }
    match &g.state.waiting {
        Waiting::AssaultRoll(a) if super::game::reveals(a.kind) => shows(a),
        _ => false,
    }
}

pub fn view<'d>(g: &Game<'d>, viewer: Viewer) -> View<'d> {
    let mut forces = heapless::Vec::new();
    for s in &g.state.board.stacks.stacks {
        let open = revealed(g, s.hex);
        let (units, top_only) = match fog::seen(&g.state.board, viewer, s.hex, s.owner, open) {
            SeenStack::Empty => continue,
            SeenStack::All(all) => (all.iter().copied().collect(), false),
            SeenStack::Top(u) => {
                let mut v = heapless::Vec::new();
                let _ = v.push(u);
                (v, true)
            }
        };
        let _ = forces.push(SeenForce {
            hex: s.hex,
            owner: s.owner,
            units,
            top_only,
        });
    }
    let mut to_place = heapless::Vec::new();
    if viewer == Viewer::Side(crate::fortress::counters::GERMAN) {
        for u in g.units_to_place() {
            let _ = to_place.push(u);
        }
    }
    let mut underground = heapless::Vec::new();
    for (i, x) in g.state.board.units.iter().enumerate() {
        let (Some(hex), true) = (x.state.hex(), x.counter.game.underground) else {
            continue;
        };
        let u = UnitId(i as u16);
        let Some(owner) = g.data.forces.counter(u).map(|c| c.side) else {
            continue;
        };
        let _ = underground.push(SeenUnderground {
            hex,
            owner,
            unit: (viewer == Viewer::Side(owner)).then_some(u),
        });
    }
    View {
        underground,
        defectors: g.defectors().collect(),
        setting_up: g.setting_up(),
        to_place,
        game: g.data,
        viewer,
        turn: g.state.board.turn,
        segment: g.state.board.segment,
        forces,
    }
}
