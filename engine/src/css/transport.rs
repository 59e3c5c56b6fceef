//! S20.0 transport, the series' part: loading and unloading are Move actions; a unit that
//! loads takes no further action in the activation and rides from the next; after a load or an
//! unload the transport itself may take a second Move action (empty after an unload); a unit
//! just unloaded is not active. Who may board, how many, and the riders' fate are the game's
//! (*Gates* 6.0, `engine::gates::transport`).

use crate::core::protocol::{refuse, RuleViolation};
use serde::{Deserialize, Serialize};

/// One transport's activation (S20.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Carriage {
    /// It carries a unit that may move with it (loaded in an earlier activation).
    pub riding: bool,
    /// A unit boarded in this activation: it travels from the next one.
    pub boarded_now: bool,
    /// A load or an unload was its Move action in this activation.
    pub loading_done: bool,
    /// Its own second Move action after the load or unload has been taken.
    pub second_move_done: bool,
}

/// The Move action a load or unload gives (S20.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transfer {
    Load,
    Unload,
}

impl Carriage {
    /// S20.0: a load or unload, as a Move action of the unit concerned. One per activation,
    /// never both (exclusive 6.0); an unload needs a rider, a load an empty transport.
    pub fn transfer(&mut self, t: Transfer) -> Result<(), RuleViolation> {
        if self.loading_done {
            return refuse("S20.0", "one load or unload per activation, never both");
        }
        match t {
            Transfer::Load if self.riding => {
                return refuse("S20.0", "the transport already carries a unit")
            }
            Transfer::Unload if !self.riding => return refuse("S20.0", "nothing aboard to unload"),
            Transfer::Load => {
                self.riding = true;
                self.boarded_now = true;
            }
            Transfer::Unload => self.riding = false,
        }
        self.loading_done = true;
        Ok(())
    }

    /// S20.0: may the rider move with the transport now? Not in the activation it boarded.
    pub fn may_carry(&self) -> Result<(), RuleViolation> {
        if !self.riding {
            return refuse("S20.0", "nothing aboard");
        }
        if self.boarded_now {
            return refuse(
                "S20.0",
                "a unit that loads takes no further action this activation",
            );
        }
        Ok(())
    }

    /// S20.0: after a load or unload the transport may take its own second Move action (empty
    /// after an unload, with the new rider still in place after a load), once.
    pub fn second_move(&mut self) -> Result<(), RuleViolation> {
        if !self.loading_done {
            return refuse(
                "S20.0",
                "the transport's second Move action follows a load or unload",
            );
        }
        if self.second_move_done {
            return refuse("S20.0", "the transport has taken its second Move action");
        }
        self.second_move_done = true;
        Ok(())
    }

    /// Step 2D-c: the activation is over; the rider boarded now travels from the next.
    pub fn end_of_activation(&mut self) {
        *self = Carriage {
            riding: self.riding,
            ..Carriage::default()
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::actions::Action;

    // S20.0: loading is a Move action; the unit that loads rides only from the next
    // activation; the transport then has a second Move action of its own; an unload is
    // never in the same activation as the load.
    #[test]
    fn css_s20_0_load_and_unload_are_move_actions() {
        assert!(Action::LoadUnload.trigger().triggers(), "opportunity fire");
        let mut c = Carriage::default();
        assert_eq!(c.transfer(Transfer::Unload).unwrap_err().case, "S20.0");
        assert_eq!(c.second_move().unwrap_err().case, "S20.0");
        c.transfer(Transfer::Load).unwrap();
        assert_eq!(c.may_carry().unwrap_err().case, "S20.0", "loaded just now");
        assert_eq!(c.transfer(Transfer::Unload).unwrap_err().case, "S20.0");
        c.second_move().unwrap();
        assert_eq!(c.second_move().unwrap_err().case, "S20.0", "only one");
        c.end_of_activation();
        assert!(c.may_carry().is_ok(), "rides in the next activation");
        assert_eq!(c.transfer(Transfer::Load).unwrap_err().case, "S20.0");
        c.transfer(Transfer::Unload).unwrap();
        c.second_move().unwrap();
        assert!(!c.riding, "the second move is made empty");
    }
}
