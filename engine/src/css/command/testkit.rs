//! The command data the series' tests share.

use super::DivisionDef;
use crate::core::side::Side;

/// The tests' motor rifle division: Dispatch Rating 5, Command Rating 3, maximum TQ 6, fatigue
/// threshold 4, a Division chit, no division DC chits, a Direct Command track.
pub(crate) const fn motor_rifle_division(side: Side) -> DivisionDef {
    DivisionDef {
        side,
        dispatch_rating: 5,
        command_rating: 3,
        max_tq: 6,
        fatigue_threshold: 4,
        fatigue_immune: false,
        has_division_chit: true,
        dc_chits: 0,
        dc_track: true,
    }
}
