//! Collateral damage [10.0]: once retreats and advances are done [10.11], every hex fired
//! into with enough strength for its terrain's row [10.2], [10.3] and not yet ruined [10.4] is
//! checked with one die for the whole combat [10.12]. Damage places a Ruin marker; in a POL
//! hex it starts a firestorm instead [10.71] (unless the hex burned before [10.73]).

use super::{overflow, Question, RollFor};
use crate::berlin85::event::Event;
use crate::berlin85::game::Game;
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::event;

impl<'d> Game<'d> {
    /// The collateral-table column for `strength` fired into `h`, if the hex must be checked.
    pub fn collateral_column(&self, h: HexId, strength: u16) -> Option<usize> {
        let row = self.terrain(h)?.collateral_row?;
        let m = self.markers(h);
        if m.has(Markers::RUIN) || m.has(Markers::FIRE) {
            return None;
        }
        let thresholds = self.data.tables.collateral_thresholds.get(row as usize)?;
        // The rightmost column whose number the fire strength reaches.
        thresholds.iter().rposition(|&t| strength >= t as u16)
    }

    fn collateral_checks(&self) -> impl Iterator<Item = (HexId, usize)> + '_ {
        self.state
            .aftermath
            .fire_into
            .iter()
            .filter_map(|&(h, s)| self.collateral_column(h, s).map(|c| (h, c)))
    }

    pub(super) fn collateral_question(&self) -> Option<Question> {
        if self.state.aftermath.collateral_done || self.collateral_checks().next().is_none() {
            return None;
        }
        Some(Question::Roll {
            roll: RollFor::Collateral,
            player: self.state.phasing,
            purpose: "collateral damage",
            case: "10.0",
        })
    }

    /// Is `h` a POL hex that can still burn [10.71], [10.73], [21.25] 2?
    fn burnable_pol(&self, h: HexId) -> bool {
        let m = self.markers(h);
        self.features(h).has(HexFeatures::POL)
            && !m.has(Markers::BURNED)
            && !m.has(Markers::POL_DESTROYED)
    }

    pub(super) fn collateral_rolled(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.aftermath.collateral_done = true;
        let mut checks = heapless::Vec::<(HexId, usize), { super::MAX_FIRE_HEXES }>::new();
        for c in self.collateral_checks() {
            checks.push(c).map_err(|_| overflow())?;
        }
        let row = &self.data.tables.collateral[(die.clamp(1, 6) - 1) as usize];
        for (h, col) in checks {
            let label = self.hex_name(h);
            if !row.get(col).copied().unwrap_or(false) {
                emit(
                    events,
                    event!("10.12", "no collateral damage in {}", label).at(h),
                )?;
                continue;
            }
            if self.burnable_pol(h) {
                self.set_fire(h, "10.71", events)?;
                // Units that retreated out of the burning hex in this combat die too.
                let left = self.state.aftermath.left_pol.clone();
                for (u, from) in left {
                    if from == h && self.hex_of(u).is_some() {
                        self.eliminate(u, "10.71", events)?;
                    }
                }
            } else {
                if let Some(s) = self.hex_state_mut(h) {
                    s.markers.insert(Markers::RUIN);
                }
                emit(
                    events,
                    event!("10.0", "collateral damage: ruin in {}", label).at(h),
                )?;
            }
        }
        Ok(())
    }
}
