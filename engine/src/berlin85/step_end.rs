//! Which command ends the current step for the player who must act ([`Ruleset::step_end`]):
//! the panel's main button. Set-up ends with every unit placed [3.0], the Movement Phase when
//! its player says so [5.0]; the Combat Phase first closes the attacker's declarations [7.0],
//! then the defender's Final Protective Fire [8.4], then the phase itself.
//!
//! [`Ruleset::step_end`]: crate::core::contract::Ruleset::step_end

use super::combat::CombatStep;
use super::command::Command;
use super::game::Game;
use super::state::Phase;
use crate::core::contract::StepEnd;
use crate::core::protocol::Pending;

impl Game<'_> {
    /// The command that ends the current step, its button text and its rule; `None` when the
    /// game waits for a roll, a draw or a choice, or no command ends the step.
    pub fn step_end(&self) -> Option<StepEnd<Command>> {
        if !matches!(self.pending(), Pending::Command { .. }) {
            return None;
        }
        let end = |command, label, case| {
            Some(StepEnd {
                command,
                label,
                case,
            })
        };
        match self.state.phase {
            Phase::Setup => end(Command::EndSetup, "Done", "3.0"),
            Phase::Movement => end(Command::EndMovement, "End movement", "5.0"),
            Phase::Combat => {
                let open = self.attacks().any(|(_, a)| !a.closed);
                match self.combat_step() {
                    // Nothing announced (or, resolving as announced, nothing open): the phase
                    // can end at once, with no FPF step for the defender to tap through [7.0].
                    CombatStep::Declare
                        if !open
                            && (self.state.options.sequential_combat
                                || self.attacks().next().is_none()) =>
                    {
                        end(Command::EndCombat, "End combat", "7.0")
                    }
                    CombatStep::Declare => end(Command::EndAllocation, "Declarations done", "7.0"),
                    CombatStep::Fpf => end(Command::EndAllocation, "FPF done", "8.4"),
                    CombatStep::Done => end(Command::EndCombat, "End combat", "7.0"),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
