//! The sequence of play (4.0–4.3): the segments of a player-turn in order, the German
//! player-turn first (4.1), the Soviet one mirroring it (4.2), then the end of the turn (4.3).
//! A segment ends on the phasing player's command; over-stacked forces are then reduced by
//! their owners (3.1.4) before the next segment begins. The recovery segment needs no decision
//! and runs as soon as it begins (4.1.2, 6.0).
//!
//! The Soviet withdrawals of 5.1 happen as his reinforcement segment begins; the end of a turn
//! scores the Reichstag and Hitler (12.0.1) and, after the last turn, ends the game (12.0); the
//! start of a German player-turn brings Hitler's end on turn 15 (11.1.2), the Soviet VP for the
//! 20th Panzergrenadier still in play (5.2) and the desertions after Hitler's death (11.1.3).
//!
//! Not yet here: the airpower and Volkssturm rolls (5.5, 5.6, 11.4).

use super::{Event, Game, Waiting};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::fortress::board::{Segment, SegmentKind};
use crate::fortress::counters::{GERMAN, SOVIET};
use crate::fortress::{command, force, modes, stacking};

impl Game<'_> {
    /// The phasing player ends the segment (4.1, 4.2).
    pub(super) fn end_segment(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let then = self.state.board.segment.kind;
        // 17.4.3: defectors at Hitler's bunker make their attempt as the movement ends.
        if self.assassination_due() {
            return Ok(());
        }
        // 5.5, 13.7: drawn Volkssturm and naval units are placed before the segment ends.
        self.volkssturm_unplaced()?;
        self.naval_unplaced()?;
        if stacking::over_stacked::<1>(&self.data.forces, &self.state.board).is_empty() {
            self.next_segment(then, events)
        } else {
            self.state.waiting = Waiting::StackLosses { then };
            Ok(())
        }
    }

    /// The owner of an over-stacked force eliminates one unit of it (3.1.4).
    pub(super) fn stack_loss(
        &mut self,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Waiting::StackLosses { then } = self.state.waiting else {
            return refuse("engine", "no stacking losses pending");
        };
        let losses = stacking::over_stacked::<1>(&self.data.forces, &self.state.board);
        let Some(l) = losses.first() else {
            return refuse("engine", "no stacking losses pending");
        };
        let Some(&u) = l.from.get(i as usize) else {
            return refuse("3.1.4", "not one of the units offered");
        };
        stacking::eliminate_one(&self.data.forces, &mut self.state.board, l.hex, l.player, u)?;
        emit(
            events,
            Event::Eliminated {
                unit: u,
                case: "3.1.4",
            },
        )?;
        if stacking::over_stacked::<1>(&self.data.forces, &self.state.board).is_empty() {
            self.state.waiting = Waiting::Commands;
            self.next_segment(then, events)?;
        }
        Ok(())
    }

    /// Moves on from the segment `ended` to the next one (4.1, 4.2, 4.3).
    fn next_segment(
        &mut self,
        ended: SegmentKind,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.state.board.segment.side;
        match ended {
            SegmentKind::Reinforcement => {
                // 4.1.2: the recovery segment, then at once the movement segment (4.1.3).
                self.begin(side, SegmentKind::Recovery, events)?;
                let before = self.disrupted_count(side);
                modes::recover(&self.data.forces, &mut self.state.board, side);
                let units = before - self.disrupted_count(side);
                emit(events, Event::Recovered { side, units })?;
                force::begin_movement(
                    &self.data.map,
                    &self.data.forces,
                    &mut self.state.board,
                    side,
                );
                self.begin(side, SegmentKind::Movement, events)
            }
            SegmentKind::Recovery => {
                force::begin_movement(
                    &self.data.map,
                    &self.data.forces,
                    &mut self.state.board,
                    side,
                );
                self.begin(side, SegmentKind::Movement, events)
            }
            SegmentKind::Movement => {
                self.state.assaulted.clear();
                self.state.front_attacks.clear();
                self.state.last_assault = None;
                self.state.fought.clear();
                // 11.3: each Army HQ's strike is once a turn, in the one Soviet combat segment.
                self.state.barrages.clear();
                self.state.bombarded.clear();
                self.begin(side, SegmentKind::Combat, events)
            }
            SegmentKind::Combat if side == GERMAN => {
                // 4.2: the Soviet player-turn follows; his withdrawals leave at once (5.1).
                self.begin(SOVIET, SegmentKind::Reinforcement, events)?;
                self.soviet_withdrawals(events)
            }
            SegmentKind::Combat => self.end_turn(events),
        }
    }

    /// The end-of-turn segment (4.3): the turn marker advances and a German player-turn
    /// begins, unless the scenario's last turn is over (4.0).
    fn end_turn(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let turn = self.state.board.turn;
        // 12.0.1, 11.1.2: the Reichstag held and Hitler alive score for the turn just played.
        self.end_of_turn_points(events)?;
        if turn >= self.state.last_turn {
            return self.last_turn_over(events);
        }
        self.state.board.turn = turn + 1;
        // Support fire is once a turn (3.5.2).
        command::new_turn(&mut self.state.board);
        emit(events, Event::TurnBegins { turn: turn + 1 })?;
        self.begin(GERMAN, SegmentKind::Reinforcement, events)?;
        self.german_turn_begins(events)
    }

    /// The checks that open a reinforcement segment, each once a player-turn: for the German
    /// the Volkssturm (5.5) and the naval infantry (13.7, 14.0) of his order of appearance;
    /// then, for either player, his airpower (5.6); then his commands.
    pub(super) fn opening_checks(&mut self) {
        use super::DieFor;
        let b = &self.state.board;
        let turn = b.turn;
        let open = b.segment
            == Segment {
                side: GERMAN,
                kind: SegmentKind::Reinforcement,
            };
        let (air, side) = (self.airpower_due(), b.segment.side);
        let (data, s) = (self.data, &mut self.state);
        s.waiting = if open && data.volkssturm_checks.contains(&turn) && s.vs_checked != Some(turn)
        {
            s.vs_checked = Some(turn);
            Waiting::Die(DieFor::Volkssturm)
        } else if open && data.naval_checks.contains(&turn) && s.naval_checked != Some(turn) {
            s.naval_checked = Some(turn);
            Waiting::Die(DieFor::Naval)
        } else if air {
            // 5.6: each player's airpower, German or Soviet.
            s.air_checked = Some((turn, side));
            Waiting::Die(DieFor::Airpower)
        } else {
            Waiting::Commands
        };
    }

    fn begin(
        &mut self,
        side: crate::core::side::Side,
        kind: SegmentKind,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.board.segment = Segment { side, kind };
        self.state.in_hand.clear();
        self.state.waiting = Waiting::Commands;
        emit(events, Event::SegmentBegins { side, kind })
    }

    fn disrupted_count(&self, colour: crate::core::side::Side) -> u16 {
        (0..self.state.board.units.len())
            .filter(|&i| {
                self.state.board.units[i].counter.game.disrupted == Some(colour)
                    && self.state.board.hex_of(UnitId(i as u16)).is_some()
            })
            .count() as u16
    }
}
