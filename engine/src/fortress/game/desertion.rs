//! The Hitler Youth held in place (11.2.2): the first combat a German SS unit takes part in,
//! attacking or attacked, frees them to move.
//!
//! Plant Protection Battalions running away (11.2.1): the first time a Soviet combat unit comes
//! within three hexes of a PPB, the table rolls one die for it; on 1–3 it leaves the game (a
//! deserter: no VP, 12.0.2), on 4–6 it stays, and it never rolls again. The check is made as
//! soon as the table waits for commands again after the input that brought the Soviet unit in
//! range (a close assault's obligations are finished first).

use super::{DieFor, Event, Game, Waiting};
use crate::core::protocol::{Events, RuleViolation};
use crate::core::units::UnitId;
use crate::fortress::counters::{UnitType, GERMAN, SOVIET};

/// PPBs whose one roll has been made (13.4 sets up fourteen; a stand-in capacity).
pub const MAX_PPB: usize = 32;
/// How near a Soviet unit comes before a PPB rolls (11.2.1).
pub const PPB_RANGE: u16 = 3;

impl Game<'_> {
    /// The next PPB that must roll now, if any (11.2.1).
    fn ppb_due(&self) -> Option<UnitId> {
        let (data, b) = (self.data, &self.state.board);
        let g = &data.map.geometry;
        (0..data.forces.counters.len())
            .map(|i| UnitId(i as u16))
            .find(|&u| {
                let Some(c) = data.forces.counter(u) else {
                    return false;
                };
                let Some(at) = b.hex_of(u) else {
                    return false;
                };
                c.side == GERMAN
                    && c.kind == UnitType::PlantProtection
                    && !self.state.ppb_checked.contains(&u)
                    && b.stacks.stacks.iter().any(|s| {
                        s.owner == SOVIET
                            && g.distance(s.hex, at) <= PPB_RANGE
                            && b.held_by(&data.forces, s.hex, SOVIET)
                    })
            })
    }

    /// Has a German SS unit taken part in a combat of this segment, as attacker or in a hex
    /// attacked (11.2.2)? Then the Hitler Youth may move for the rest of the game.
    pub(super) fn watch_ss(&mut self) {
        if self.state.ss_engaged {
            return;
        }
        let (data, s) = (self.data, &self.state);
        let ss = |u: &UnitId| {
            data.forces
                .counter(*u)
                .is_some_and(|c| c.side == GERMAN && c.waffen_ss)
        };
        let attacked = s.assaulted.iter().chain(s.bombarded.iter()).any(|&h| {
            s.board
                .stacks
                .at(h, GERMAN)
                .is_some_and(|st| st.units.iter().any(ss))
        });
        if s.fought.iter().any(ss) || attacked {
            self.state.ss_engaged = true;
        }
    }

    /// Asks for the die of a PPB a Soviet unit has come near (11.2.1), when the table is free.
    pub(super) fn watch_ppb(&mut self) -> Result<(), RuleViolation> {
        if self.state.waiting != Waiting::Commands {
            return Ok(());
        }
        if let Some(u) = self.ppb_due() {
            self.state
                .ppb_checked
                .push(u)
                .map_err(|_| RuleViolation::new("engine", "PPB capacity exceeded"))?;
            self.state.waiting = Waiting::Die(DieFor::PpbDesertion(u));
        }
        Ok(())
    }

    /// The PPB's die: 1–3 runs away (11.2.1).
    pub(super) fn ppb_rolled(
        &mut self,
        u: UnitId,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.waiting = Waiting::Commands;
        if die <= 3 {
            self.desert(u, "11.2.1", events)?;
        }
        Ok(())
    }
}
