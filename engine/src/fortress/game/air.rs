//! Airpower (5.6, 11.4): each player's reinforcement segment ends its opening checks with two
//! dice on the Air Strike Table (a stand-in, `fortress::air`), which give the air strikes he
//! may make in his combat segment. An air strike fires 20 FS at any hex holding enemy units,
//! without a spotter, alone: never combined with another strike or another bombardment, and
//! like every bombardment once a hex a segment (8.2). It shows nothing of the target (3.6).

use super::{Announced, Event, Game};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::fortress::board::SegmentKind;
use crate::fortress::combat::{check_hex_bombardment, CombatCard, CombatKind, FireSource};
use crate::fortress::counters::{Front, SOVIET};

impl Game<'_> {
    /// Is the airpower roll of this reinforcement segment still to come (5.6)?
    pub(super) fn airpower_due(&self) -> bool {
        let b = &self.state.board;
        self.data.air.is_some()
            && b.segment.kind == SegmentKind::Reinforcement
            && self.state.air_checked != Some((b.turn, b.segment.side))
    }

    /// The table's 2d6 for airpower (11.4).
    pub(super) fn airpower_rolled(
        &mut self,
        total: u16,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.phasing();
        let strikes = self.data.air.as_ref().map_or(0, |t| t.strikes(side, total));
        self.state.air_strikes = strikes;
        self.state.air_received = strikes;
        self.state.air_called = [0; 2];
        self.opening_checks();
        emit(events, Event::AirPower { side, strikes })
    }

    /// 17.2: with two Soviet players each calls his share of the Soviet air strikes, Zhukov
    /// the odd one; the front calling must be named. `None`: no sharing in this game or turn.
    fn air_front(&self, by: Option<Front>) -> Result<Option<Front>, RuleViolation> {
        if self.players() < 3 || self.phasing() != SOVIET {
            return Ok(None);
        }
        let Some(front) = by else {
            return refuse("17.2", "name the Soviet front that calls the air strike");
        };
        let received = self.state.air_received;
        let share = match front {
            Front::Zhukov => received.div_ceil(2),
            Front::Koniev => received / 2,
        };
        if self.state.air_called[front as usize] >= share {
            return refuse(
                "17.2",
                "the fronts share the air strikes equally, the odd one to Zhukov",
            );
        }
        Ok(Some(front))
    }

    /// The card of an air strike on `target` (11.4).
    pub(super) fn air_card(&self, target: HexId) -> Result<CombatCard, RuleViolation> {
        self.fire_card(CombatKind::Bombardment, &[FireSource::AirStrike], target)
    }

    /// An air strike on `target` (11.4): announced, then the table's 2d6 like a bombardment.
    pub(super) fn air_strike(
        &mut self,
        target: HexId,
        by: Option<Front>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Combat {
            return refuse("4.1.4", "air strikes are made in the combat segment");
        }
        if self.state.air_strikes == 0 {
            return refuse("11.4", "no air strike is left this player-turn");
        }
        if !self
            .state
            .board
            .held_by(&self.data.forces, target, self.phasing().other())
        {
            return refuse("8.2", "an air strike is made on a hex holding enemy units");
        }
        let front = self.air_front(by)?;
        self.bombardment_step()?;
        check_hex_bombardment(self.state.bombarded.contains(&target))?;
        let card = self.air_card(target)?;
        self.state.air_strikes -= 1;
        if let Some(f) = front {
            self.state.air_called[f as usize] += 1;
        }
        self.state.last_assault = None;
        let mut announced =
            Announced::new(CombatKind::Bombardment, super::Assaulters::new(), target);
        announced.air = true;
        self.fire_announced(&card, false, announced, events)
    }
}
