//! The journal: the ordered inputs of a game. State is a pure function of (data, scenario,
//! journal), so saving is appending, undo is replaying to an earlier point, and a bug report
//! or a rules dispute is a journal file.

use super::protocol::Input;

/// Inputs that may not be taken back by undo: a die that was rolled, a chit that was drawn,
/// or anything that revealed a secret is a fact at the table (DESIGN.md §2 principle 2).
pub fn is_irreversible<C>(input: &Input<C>, reveals: impl Fn(&C) -> bool) -> bool {
    match input {
        Input::Rolled(_) | Input::Drew(_) => true,
        Input::Command(c) => reveals(c),
        Input::Chose(_) => false,
    }
}

/// How many inputs to keep when undoing one step: the journal minus its last input, but never
/// before the last irreversible input. Returns `None` when nothing can be undone.
pub fn undo_len<C>(inputs: &[Input<C>], reveals: impl Fn(&C) -> bool) -> Option<usize> {
    let last = inputs.len().checked_sub(1)?;
    if is_irreversible(&inputs[last], &reveals) {
        return None;
    }
    Some(last)
}

/// A fixed-capacity journal for no-heap targets and tests (the kiosk keeps its own on disk).
#[derive(Clone, Debug, Default)]
pub struct Journal<C, const N: usize> {
    pub inputs: heapless::Vec<Input<C>, N>,
}

impl<C: Clone, const N: usize> Journal<C, N> {
    pub fn new() -> Self {
        Journal {
            inputs: heapless::Vec::new(),
        }
    }
    /// Records an accepted input; a full journal is an error value.
    pub fn record(&mut self, input: &Input<C>) -> Result<(), super::protocol::RuleViolation> {
        self.inputs
            .push(input.clone())
            .map_err(|_| super::protocol::RuleViolation::new("engine", "journal is full"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::protocol::DiceRoll;

    #[test]
    fn undo_stops_at_a_die_roll() {
        let j: [Input<u8>; 3] = [
            Input::Command(1),
            Input::Rolled(DiceRoll::of(&[3])),
            Input::Command(2),
        ];
        assert_eq!(undo_len(&j, |_| false), Some(2));
        assert_eq!(undo_len(&j[..2], |_| false), None, "a roll is a fact");
        assert_eq!(undo_len(&j[..1], |_| false), Some(0));
        assert_eq!(
            undo_len(&j[..1], |c| *c == 1),
            None,
            "a revealing command is a fact"
        );
    }
}
