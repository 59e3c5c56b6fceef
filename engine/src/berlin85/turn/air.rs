//! The Game-Turn's air points and air superiority: the Warsaw Pact's points from the Turn
//! Record Track [9.0] or, in Medicine Wheel, a die roll [21.33]; none at night [9.15], [16.11];
//! none for the Warsaw Pact under NATO air superiority [9.21]; who holds air superiority [9.22].
//! NATO's points come only from an emergency air reinforcement (`reinforcements`,
//! [17.1]). Spending them is [`crate::berlin85::airsup`].

use super::Game;
use crate::berlin85::event::Event;
use crate::berlin85::state::{side_name, NATO, WARSAW_PACT};
use crate::core::protocol::{emit, Events, RuleViolation};
use crate::core::side::Side;
use crate::event;

impl<'d> Game<'d> {
    pub(crate) fn turn_air_superiority(&self) -> Side {
        if self.state.turn_state.nato_air_superiority {
            NATO
        } else {
            WARSAW_PACT
        }
    }

    /// Takes the Medicine Wheel Warsaw Pact air roll [21.33].
    pub(super) fn wp_air_rolled(
        &mut self,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.turn_state.wp_air_roll = die;
        emit(
            events,
            event!(
                "21.33",
                "the Warsaw Pact rolls {} air points for this Game-Turn",
                die
            ),
        )?;
        Ok(())
    }

    /// Air points and air superiority for the Game-Turn [9.0], [9.15], [9.21], [21.33].
    pub(super) fn grant_air_points(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let rules = self.scenario().rules;
        let night = self.is_night();
        let nato_sup = self.state.turn_state.nato_air_superiority;
        let wp = if nato_sup || night {
            0
        } else if rules.random_wp_air {
            self.state.turn_state.wp_air_roll
        } else {
            self.turn_box(self.state.turn)
                .map_or(0, |b| b.wp_air_points)
        };
        self.state.turn_state.air_points[WARSAW_PACT.index()] = wp;
        // NATO's points come only from an emergency air reinforcement (set when rolled).
        if night {
            self.state.turn_state.air_points[NATO.index()] = 0;
            emit(
                events,
                event!("9.15", "night Game-Turn: no air points for either side"),
            )?;
        } else if nato_sup {
            emit(
                events,
                event!(
                    "9.21",
                    "NATO has air superiority: the Warsaw Pact receives no air points"
                ),
            )?;
        } else {
            emit(
                events,
                event!("9.0", "the Warsaw Pact receives {} air points", wp),
            )?;
        }
        let who = side_name(self.turn_air_superiority());
        emit(
            events,
            event!("9.22", "{} has air superiority this Game-Turn", who),
        )
    }
}
