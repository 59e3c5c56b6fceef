//! Air points and air superiority [9.0], [9.2], [13.24], and who holds the Honors of War bonus
//! shift this turn [19.11]. Accessors other subsystems (movement, combat) call.

use super::game::Game;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;

impl<'d> Game<'d> {
    /// The side with air superiority this Game-Turn [9.2], [13.24].
    pub fn air_superiority(&self) -> Side {
        self.turn_air_superiority()
    }

    /// Ground-support air points `side` has left this Game-Turn [9.1].
    pub fn air_points_available(&self, side: Side) -> u8 {
        self.state.turn_state.air_points[side.index()]
    }

    /// Spends `n` air points of `side` [9.1].
    pub fn use_air_points(&mut self, side: Side, n: u8) -> Result<(), RuleViolation> {
        let left = self.state.turn_state.air_points[side.index()];
        if n > left {
            return refuse("9.1", "not that many air points are left this turn");
        }
        self.state.turn_state.air_points[side.index()] = left - n;
        Ok(())
    }

    /// The side that won the Honors of War bonus shift for this Game-Turn [19.11].
    pub fn honors_bonus_side(&self) -> Option<Side> {
        self.state.turn_state.bonus_side
    }
}
