//! The hooks the sequence of play [4.0] calls at the start and end of each Game-Turn and
//! Player-Turn, and the Game-Turn start procedure: the Medicine Wheel air [21.33] and
//! supply-priority [21.35] 4 rolls, the Honors of War [19.0], NATO's emergency reinforcements
//! [17.0] (Honors of War before the reinforcement roll, both before the Warsaw Pact moves), then
//! the Game-Turn's air points [9.0]. What is pending [`Game::turn_pending`] and how an input is
//! taken [`Game::turn_apply`] are decided here step by step; each step's rule is applied by its
//! subsystem's module. At the end of a Game-Turn: the rail-line VP [20.22], [20.23], marker
//! expiry [8.82], [10.71], the lost Jägerbrigade [17.21], city control [20.11] and the last
//! Game-Turn [20.0].

use super::honors::honors_case;
use super::{
    expect_choice, expect_roll, yes_no, HonorsSecond, Stage, TurnStep, SUPPLY_PRIORITY_FIRST_TURN,
};
use crate::berlin85::event::Event;
use crate::berlin85::game::{Game, Input85, Pending85};
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Pending, RuleViolation};
use crate::event;

impl<'d> Game<'d> {
    // ---- the sequence-of-play hooks ---------------------------------------------------------

    pub(crate) fn turn_begin(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.air_points = [0, 0];
        ts.nato_air_superiority = false;
        ts.bonus_side = None;
        ts.cease_fire = false;
        ts.interdicted = false;
        ts.rail_occupied_this_turn = false;
        ts.wp_air_roll = 0;
        ts.step = TurnStep::Idle;
        self.turn_start_from(Stage::WpAir, events)
    }

    pub(crate) fn player_turn_begin(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_rail_occupation();
        self.collect_fire_checks()?;
        if self.state.turn_state.fire_checks.is_empty() {
            return self.player_turn_start_done(events);
        }
        self.state.turn_state.step = TurnStep::FireSpread;
        Ok(())
    }

    pub(crate) fn turn_pending(&self) -> Pending85 {
        let ts = &self.state.turn_state;
        let roll = |player, dice, purpose, case, secret| Pending::Roll {
            player,
            dice,
            purpose,
            case,
            secret,
        };
        match ts.step {
            TurnStep::Idle => Pending::Command {
                player: self.state.phasing,
            },
            TurnStep::WpAirRoll => roll(
                WARSAW_PACT,
                DiceSpec::D6,
                "Warsaw Pact air points",
                "21.33",
                false,
            ),
            TurnStep::SupplyPriorityRoll => roll(
                WARSAW_PACT,
                DiceSpec::D6,
                "new supply priority (1-4 succeeds)",
                "21.35",
                false,
            ),
            TurnStep::HonorsOffer => Pending::Choose {
                player: WARSAW_PACT,
                purpose: "offer the Honors of War?",
                case: "19.0",
                options: yes_no(),
            },
            TurnStep::HonorsRoll => roll(
                WARSAW_PACT,
                DiceSpec::TWO_D6,
                "Honors of War",
                "19.0",
                false,
            ),
            TurnStep::HonorsSecond { kind, .. } => match kind {
                HonorsSecond::Bonus => roll(
                    WARSAW_PACT,
                    DiceSpec::D6,
                    "bonus shift: 1-3 NATO, 4-6 Warsaw Pact",
                    "19.11",
                    false,
                ),
                HonorsSecond::CeaseFireOrSurrender => roll(
                    WARSAW_PACT,
                    DiceSpec::D6,
                    "1-3 cease fire, 4-6 NATO surrenders",
                    "19.12",
                    false,
                ),
                HonorsSecond::Surrender => roll(
                    WARSAW_PACT,
                    DiceSpec::D6,
                    "4-6 NATO surrenders",
                    "19.13",
                    false,
                ),
            },
            TurnStep::ReinforcementOffer => Pending::Choose {
                player: NATO,
                purpose: "roll for emergency reinforcements?",
                case: "17.0",
                options: yes_no(),
            },
            TurnStep::ReinforcementRoll => roll(
                NATO,
                DiceSpec::TWO_D6,
                "emergency reinforcements (secret)",
                "17.0",
                true,
            ),
            TurnStep::JagerRoll => roll(
                NATO,
                DiceSpec::D6,
                "Jägerbrigade: 1-2 arrives, 3 aborts, 4-6 destroyed",
                "17.1",
                false,
            ),
            TurnStep::FireSpread => roll(
                self.state.phasing,
                DiceSpec::D6,
                "fire spread: 1-3 spreads",
                "10.74",
                false,
            ),
        }
    }

    pub(crate) fn turn_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match self.state.turn_state.step {
            TurnStep::Idle => refuse("4.0", "nothing is asked at this point of the turn"),
            TurnStep::WpAirRoll => {
                let die = expect_roll(input, DiceSpec::D6, "21.33")?;
                self.wp_air_rolled(die, events)?;
                self.turn_start_from(Stage::SupplyPriority, events)
            }
            TurnStep::SupplyPriorityRoll => {
                let die = expect_roll(input, DiceSpec::D6, "21.35")?;
                self.supply_priority_rolled(die, events)?;
                self.turn_start_from(Stage::Honors, events)
            }
            TurnStep::HonorsOffer => {
                if expect_choice(input, 2, "19.0")? == 0 {
                    emit(
                        events,
                        event!("19.0", "the Warsaw Pact offers the Honors of War"),
                    )?;
                    self.state.turn_state.step = TurnStep::HonorsRoll;
                    Ok(())
                } else {
                    self.turn_start_from(Stage::Reinforcement, events)
                }
            }
            TurnStep::HonorsRoll => {
                let total = expect_roll(input, DiceSpec::TWO_D6, "19.0")?;
                self.honors_result(total, events)
            }
            TurnStep::HonorsSecond { kind, modifier } => {
                let die = expect_roll(input, DiceSpec::D6, honors_case(kind))?;
                self.honors_second(kind, modifier, die, events)
            }
            TurnStep::ReinforcementOffer => {
                if expect_choice(input, 2, "17.0")? == 0 {
                    emit(
                        events,
                        event!("17.0", "NATO rolls for emergency reinforcements, in secret"),
                    )?;
                    self.state.turn_state.step = TurnStep::ReinforcementRoll;
                    Ok(())
                } else {
                    self.turn_start_from(Stage::Finish, events)
                }
            }
            TurnStep::ReinforcementRoll => {
                let total = expect_roll(input, DiceSpec::TWO_D6, "17.0")?;
                self.reinforcement_result(total, events)
            }
            TurnStep::JagerRoll => {
                let die = expect_roll(input, DiceSpec::D6, "17.1")?;
                self.jager_result(die, events)?;
                self.turn_start_from(Stage::Finish, events)
            }
            TurnStep::FireSpread => {
                let die = expect_roll(input, DiceSpec::D6, "10.74")?;
                self.fire_spread_rolled(die, events)
            }
        }
    }

    /// End of the Game-Turn. Returns true when the game is over.
    pub(crate) fn turn_end(&mut self, events: &mut Events<Event>) -> Result<bool, RuleViolation> {
        self.state.turn_state.step = TurnStep::Idle;
        let turn = self.state.turn;
        let rules = self.scenario().rules;
        // [20.22], [20.23] (the rail line) — not in a Game-Turn lost to a cease fire.
        self.score_rail_line(rules, events)?;
        // [8.82] gas and [10.71] fire markers placed last Game-Turn expire now.
        self.expire_markers(turn, events)?;
        // [17.21], [13.11]: Jägerbrigade units not airlanded in their Game-Turn are lost.
        self.lose_unlanded_jager(turn, events)?;
        // [20.11] city control at the end of a Game-Turn.
        if !rules.medicine_wheel_vp && !rules.no_honors_no_surrender && self.wp_controls_city() {
            self.state.turn_state.city_fell_turn = turn;
            emit(
                events,
                event!(
                    "20.11",
                    "the Warsaw Pact controls West Berlin: the city falls"
                ),
            )?;
            self.announce_outcome(events)?;
            return Ok(true);
        }
        if turn >= self.scenario().end_turn {
            emit(
                events,
                event!("20.0", "Game-Turn {} was the last: the game ends", turn),
            )?;
            self.announce_outcome(events)?;
            return Ok(true);
        }
        Ok(false)
    }

    // ---- start-of-turn steps ----------------------------------------------------------------

    /// Runs the Game-Turn start procedure from `stage` until a step needs a player.
    pub(super) fn turn_start_from(
        &mut self,
        mut stage: Stage,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        loop {
            let rules = self.scenario().rules;
            let turn = self.state.turn;
            match stage {
                Stage::WpAir => {
                    stage = Stage::SupplyPriority;
                    if rules.random_wp_air && !self.is_night() {
                        self.state.turn_state.step = TurnStep::WpAirRoll;
                        return Ok(());
                    }
                }
                Stage::SupplyPriority => {
                    stage = Stage::Honors;
                    if rules.wp_supply_priority {
                        self.check_rail_occupation();
                        if turn >= SUPPLY_PRIORITY_FIRST_TURN
                            && self.state.turn_state.supply_priority_from == 0
                        {
                            self.state.turn_state.step = TurnStep::SupplyPriorityRoll;
                            return Ok(());
                        }
                    }
                }
                Stage::Honors => {
                    stage = Stage::Reinforcement;
                    if self.honors_allowed() {
                        self.state.turn_state.step = TurnStep::HonorsOffer;
                        return Ok(());
                    }
                }
                Stage::Reinforcement => {
                    stage = Stage::Finish;
                    if self.reinforcement_offer_allowed() {
                        self.state.turn_state.step = TurnStep::ReinforcementOffer;
                        return Ok(());
                    }
                }
                Stage::Finish => {
                    self.state.turn_state.step = TurnStep::Idle;
                    self.grant_air_points(events)?;
                    return self.turn_start_done(events);
                }
            }
        }
    }
}
