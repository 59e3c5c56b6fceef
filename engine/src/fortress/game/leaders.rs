//! The Character Game (17.4), an optional rule: more Nazi leaders than Hitler, each with one
//! to three stars and a set-up hex (17.4.1; the rulebook prints no counters, the data's are
//! stand-ins).
//!
//! * Hitler's birthday (17.4.9): before the set-up the table draws six leaders blind from the
//!   cup of every leader counter (`Waiting::Birthday`, the engine never picks at random); each
//!   is set up in his hex at once. The others take no part and score nothing. Hitler is not in
//!   the cup: he is set up in his bunker by the scenario (11.1.1; see Rulings).
//! * Flight (17.4.2): once in each German reinforcement segment (the start of his player-turn)
//!   the German may name one leader under his control; a die of 4–6 gets him out of Berlin and
//!   scores his stars for the German (17.4.8).
//! * Suicide (17.4.2): from the turn after the first Soviet capture of a strongpoint, at the
//!   moment Hitler's own attempt is made (the start of the German combat segment, 11.1.2), one
//!   attempt a turn by one leader, Hitler included: the two share the one attempt. A 6 kills a
//!   leader, who scores nothing; Hitler's attempt stays as 11.1.2 has it.
//! * Defection (17.4.3): a Soviet combat result of EX, D, 1 or 2 against a hex turns every
//!   leader under German control in it (the rulebook's "I" reads as "1"). From the next Soviet
//!   movement segment the Soviet may move each defector hex by hex, up to eight MP a segment at
//!   maneuver-mode costs, through German units and their zones. Defectors reaching Hitler's
//!   bunker in a movement segment try to kill him when the segment ends: one die, +1 for each
//!   defector beyond the first, a 6 or more kills him for 5 Soviet VP (17.4.8); the defectors
//!   die either way and nobody scores for them or for Hitler. His death has the effects of
//!   11.1.3 (17.4.6), and the game goes on to its end or the Reichstag's fall (17.4.7).
//! * Capture (17.4.4): a leader in a hex with Soviet combat units is captured, whoever
//!   controls him, and so is a leader under German control whose hex falls to a Soviet close
//!   assault; 1 Soviet VP each. Captured leaders never assassinate.
//! * Otherwise leaders are no combat units: no zone, no stacking, no combat, and leaders under
//!   German control never move (17.4.2, 17.4.5).

use super::{DieFor, Event, Game, Waiting};
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{emit, refuse, Events, RuleViolation, MAX_OPTIONS};
use crate::core::units::UnitId;
use crate::fortress::board::{Segment, SegmentKind};
use crate::fortress::combat::CombatResult;
use crate::fortress::counters::{COMBAT, GERMAN, SOVIET};
use crate::fortress::data::GroupKind;
use serde::{Deserialize, Serialize};

/// Leaders drawn at Hitler's birthday (17.4.9).
pub const BIRTHDAY_DRAW: usize = 6;
/// A flight succeeds on this die or more (17.4.2).
pub const FLIGHT_FROM: u8 = 4;
/// A leader's suicide succeeds on a 6 (17.4.2).
pub const SUICIDE_ON: u8 = 6;
/// The assassination succeeds on a modified 6 (17.4.3), for 5 Soviet VP (17.4.8).
pub const ASSASSINATION_ON: u8 = 6;
pub const ASSASSINATION_VP: u16 = 5;
/// Each leader captured: 1 Soviet VP (17.4.4, 17.4.8).
pub const CAPTURE_VP: u16 = 1;
/// A defector's movement allowance in maneuver mode (17.4.3).
pub const DEFECTOR_MP: u16 = 8;

/// How a leader left the game (17.4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// He got out of Berlin (17.4.2).
    Fled,
    /// He took his own life (17.4.2).
    Suicide,
    /// The Soviets took him (17.4.4).
    Captured,
    /// He died at Hitler's bunker, attempt made (17.4.3).
    Assassin,
}

impl Fate {
    pub const fn verb(self) -> &'static str {
        match self {
            Fate::Fled => "has fled Berlin",
            Fate::Suicide => "is dead by his own hand",
            Fate::Captured => "is captured",
            Fate::Assassin => "dies at Hitler's bunker",
        }
    }
}

/// One leader drawn at the birthday and what became of him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    pub unit: UnitId,
    /// The turn he defected to the Soviets (17.4.3); `None` under German control.
    pub defected: Option<u8>,
    /// MP sub-points spent in the Soviet movement segment of turn `moved_on` (17.4.3).
    pub spent: u16,
    pub moved_on: u8,
    /// A defector who reached Hitler's bunker this segment: the attempt is due (17.4.3).
    pub at_bunker: bool,
}

/// The Character Game's state: the six leaders of the birthday and the turn of the last
/// flight attempt (suicides share `Victory::suicide_tried` with Hitler's, 17.4.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaders {
    pub drawn: heapless::Vec<Leader, BIRTHDAY_DRAW>,
    pub flight_tried: Option<u8>,
}

/// Does a Soviet result turn the leaders in the hex (17.4.3: EX, D, 1, 2)?
pub const fn turns_leaders(r: CombatResult) -> bool {
    matches!(
        r,
        CombatResult::Exchange | CombatResult::Disruption | CombatResult::One | CombatResult::Two
    )
}

impl Game<'_> {
    fn character_game(&self) -> bool {
        self.state.board.options.character_game
    }

    fn require_character_game(&self, case: &'static str) -> Result<(), RuleViolation> {
        if !self.character_game() {
            return refuse(case, "the Character Game (17.4) is not in play");
        }
        Ok(())
    }

    /// The leader counters still in the birthday cup (17.4.9): every counter of the leader
    /// listings in play not yet drawn. Empty without the Character Game.
    pub fn leader_cup(&self) -> heapless::Vec<UnitId, MAX_OPTIONS> {
        let mut out = heapless::Vec::new();
        if !self.character_game() {
            return out;
        }
        let options = self.state.board.options;
        for g in self
            .data
            .groups
            .iter()
            .filter(|g| g.kind == GroupKind::Leaders && g.side == GERMAN && g.in_play(&options))
        {
            for &u in &g.units {
                let drawn = self.state.leaders.drawn.iter().any(|l| l.unit == u);
                if !drawn && !out.contains(&u) {
                    let _ = out.push(u);
                }
            }
        }
        out
    }

    /// How many leaders the birthday still draws (17.4.9): six, or as many as the cup holds.
    pub(super) fn birthday_draws_left(&self) -> usize {
        if !self.character_game() {
            return 0;
        }
        (BIRTHDAY_DRAW - self.state.leaders.drawn.len()).min(self.leader_cup().len())
    }

    /// The table drew chit `i` from the leaders' cup: he is set up in his hex (17.4.9).
    pub(super) fn birthday_drew(
        &mut self,
        i: u16,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(&u) = self.leader_cup().get(i as usize) else {
            return refuse("17.4.9", "not a leader in the cup");
        };
        let home = self
            .data
            .forces
            .counter(u)
            .and_then(|c| c.home)
            .ok_or(RuleViolation::new("17.4.1", "the leader has no set-up hex"))?;
        self.state
            .board
            .place(&self.data.forces, u, home, COMBAT, Dir::Up)?;
        self.state
            .leaders
            .drawn
            .push(Leader {
                unit: u,
                defected: None,
                spent: 0,
                moved_on: 0,
                at_bunker: false,
            })
            .map_err(|_| RuleViolation::new("17.4.9", "six leaders are drawn"))?;
        self.begin_setup();
        emit(
            events,
            Event::LeaderSetUp {
                leader: u,
                hex: home,
            },
        )
    }

    fn drawn_index(&self, u: UnitId) -> Option<usize> {
        self.state.leaders.drawn.iter().position(|l| l.unit == u)
    }

    /// Who controls leader `u` on the map (17.4.1, 17.4.3): `None` if he is not a leader of
    /// the birthday in play.
    pub fn leader_control(&self, u: UnitId) -> Option<crate::core::side::Side> {
        let l = self.state.leaders.drawn.get(self.drawn_index(u)?)?;
        self.state.board.hex_of(u)?;
        Some(if l.defected.is_some() { SOVIET } else { GERMAN })
    }

    /// The defectors on the map and their hexes (17.4.3): their Soviet face is up, for all to
    /// see.
    pub fn defectors(&self) -> impl Iterator<Item = (UnitId, HexId)> + '_ {
        self.state
            .leaders
            .drawn
            .iter()
            .filter(|l| l.defected.is_some())
            .filter_map(|l| Some((l.unit, self.state.board.hex_of(l.unit)?)))
    }

    /// The leaders under German control on the map (17.4.2).
    pub fn german_leaders(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.state
            .leaders
            .drawn
            .iter()
            .filter(|l| l.defected.is_none() && self.state.board.hex_of(l.unit).is_some())
            .map(|l| l.unit)
    }

    /// Refuses `u` unless he is a leader of the birthday on the map under German control.
    fn german_leader(&self, u: UnitId, case: &'static str) -> Result<(), RuleViolation> {
        match self.leader_control(u) {
            Some(s) if s == GERMAN => Ok(()),
            Some(_) => refuse(case, "the leader has defected to the Soviets"),
            None => refuse(case, "not a leader on the map"),
        }
    }

    /// The German names a leader to flee Berlin (17.4.2): at the start of his player-turn,
    /// once a turn.
    pub(super) fn flee(&mut self, u: UnitId) -> Result<(), RuleViolation> {
        self.require_character_game("17.4.2")?;
        let turn = self.state.board.turn;
        if self.state.board.segment
            != (Segment {
                side: GERMAN,
                kind: SegmentKind::Reinforcement,
            })
        {
            return refuse(
                "17.4.2",
                "a leader tries to flee at the start of the German player-turn",
            );
        }
        if Some(u) == self.hitler() {
            return refuse(
                "11.1.5",
                "Hitler leaves the game only by capture or suicide",
            );
        }
        self.german_leader(u, "17.4.2")?;
        if self.state.leaders.flight_tried == Some(turn) {
            return refuse("17.4.2", "one flight attempt a turn");
        }
        self.state.leaders.flight_tried = Some(turn);
        self.state.waiting = Waiting::Die(DieFor::Flight(u));
        Ok(())
    }

    /// The German has a leader attempt suicide (17.4.2): when Hitler's attempt may be made
    /// (11.1.2), and the one attempt of the turn, his or a leader's. Hitler's goes by 11.1.2.
    pub(super) fn leader_suicide(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if Some(u) == self.hitler() {
            return self.suicide(events);
        }
        self.require_character_game("17.4.2")?;
        let turn = self.state.board.turn;
        let s = &self.state;
        if s.board.segment
            != (Segment {
                side: GERMAN,
                kind: SegmentKind::Combat,
            })
        {
            return refuse(
                "17.4.2",
                "the attempt is made when Hitler's is, in the German combat segment",
            );
        }
        if !(s.fought.is_empty() && s.assaulted.is_empty() && s.bombarded.is_empty()) {
            return refuse(
                "17.4.2",
                "the attempt comes at the beginning of the combat segment",
            );
        }
        if !matches!(s.victory.first_capture, Some(t) if t < turn) {
            return refuse(
                "17.4.2",
                "no attempt before the turn after the Soviets first capture a strongpoint",
            );
        }
        if s.victory.suicide_tried == Some(turn) {
            return refuse("17.4.2", "one suicide attempt a turn, Hitler's included");
        }
        self.german_leader(u, "17.4.2")?;
        self.state.victory.suicide_tried = Some(turn);
        self.state.waiting = Waiting::Die(DieFor::LeaderSuicide(u));
        Ok(())
    }

    /// The Soviet moves a defector one hex (17.4.3): from the Soviet movement segment after
    /// his defection, up to eight MP a segment at maneuver-mode costs, through German units
    /// and their zones; into Soviet units he is captured (17.4.4); at Hitler's bunker he
    /// stops and waits for the attempt.
    pub(super) fn leader_move(
        &mut self,
        u: UnitId,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.require_character_game("17.4.3")?;
        let turn = self.state.board.turn;
        if !self.state.board.moving(SOVIET) {
            return refuse("17.4.3", "a defector moves in the Soviet movement segment");
        }
        let Some(i) = self.drawn_index(u) else {
            return refuse("17.4.3", "not a leader on the map");
        };
        let Some(from) = self.state.board.hex_of(u) else {
            return refuse("17.4.3", "not a leader on the map");
        };
        let l = self.state.leaders.drawn[i];
        match l.defected {
            None => return refuse("17.4.2", "a leader under German control does not move"),
            Some(t) if t >= turn => {
                return refuse(
                    "17.4.3",
                    "a defector moves from the Soviet movement segment after his defection",
                )
            }
            Some(_) => {}
        }
        if l.at_bunker {
            return refuse(
                "17.4.3",
                "he has reached Hitler's bunker: the attempt is due",
            );
        }
        let (data, b) = (self.data, &self.state.board);
        if !data.map.geometry.adjacent(from, to) {
            return refuse("7.1", "units move from hex to adjacent hex");
        }
        let cost = crate::fortress::terrain::step_cost(
            &data.movement,
            &data.map,
            b,
            from,
            to,
            true,
            true,
        )?;
        let spent = if l.moved_on == turn { l.spent } else { 0 };
        let allowance = DEFECTOR_MP * crate::core::capacity::fortress_berlin::MP.per_mp();
        if spent + cost > allowance {
            return refuse("17.4.3", "a defector moves up to eight MP a segment");
        }
        let bunker = self.hitler().and_then(|h| self.state.board.hex_of(h)) == Some(to);
        self.state.board.shift(&[u], to)?;
        let l = &mut self.state.leaders.drawn[i];
        l.spent = spent + cost;
        l.moved_on = turn;
        l.at_bunker = bunker;
        emit(
            events,
            Event::LeaderMoved {
                leader: u,
                to,
                cost,
            },
        )
    }

    /// Defectors at Hitler's bunker make their attempt as the Soviet movement segment ends
    /// (17.4.3): the table's die is asked for first.
    pub(super) fn assassination_due(&mut self) -> bool {
        let due = self.character_game()
            && self.state.board.moving(SOVIET)
            && self
                .hitler()
                .and_then(|h| self.state.board.hex_of(h))
                .is_some()
            && self
                .state
                .leaders
                .drawn
                .iter()
                .any(|l| l.at_bunker && self.state.board.hex_of(l.unit).is_some());
        if due {
            self.state.waiting = Waiting::Die(DieFor::Assassination);
        }
        due
    }

    /// Takes a leader off the map under `case`, and says how.
    fn leader_gone(
        &mut self,
        u: UnitId,
        fate: Fate,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.board.eliminate(u)?;
        if let Some(i) = self.drawn_index(u) {
            self.state.leaders.drawn[i].at_bunker = false;
        }
        emit(
            events,
            Event::LeaderGone {
                leader: u,
                fate,
                case,
            },
        )
    }

    /// The die of a flight, a leader's suicide or the assassination (17.4.2, 17.4.3).
    pub(super) fn leader_die(
        &mut self,
        d: DieFor,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.waiting = Waiting::Commands;
        match d {
            DieFor::Flight(u) => {
                let escapes = die >= FLIGHT_FROM;
                emit(
                    events,
                    Event::FlightAttempt {
                        leader: u,
                        roll: die,
                        escapes,
                    },
                )?;
                if escapes {
                    self.leader_gone(u, Fate::Fled, "17.4.2", events)?;
                    let stars = self.data.forces.counter(u).map_or(0, |c| c.stars);
                    self.award(GERMAN, stars as u16, "17.4.8", events)?;
                }
                Ok(())
            }
            DieFor::LeaderSuicide(u) => {
                let dies = die >= SUICIDE_ON;
                emit(
                    events,
                    Event::LeaderSuicideAttempt {
                        leader: u,
                        roll: die,
                        dies,
                    },
                )?;
                if dies {
                    self.leader_gone(u, Fate::Suicide, "17.4.2", events)?;
                }
                Ok(())
            }
            DieFor::Assassination => {
                let mut at: heapless::Vec<UnitId, BIRTHDAY_DRAW> = heapless::Vec::new();
                for l in &self.state.leaders.drawn {
                    if l.at_bunker && self.state.board.hex_of(l.unit).is_some() {
                        let _ = at.push(l.unit);
                    }
                }
                let n = at.len() as u8;
                let roll = die + n.saturating_sub(1);
                let killed = roll >= ASSASSINATION_ON;
                emit(
                    events,
                    Event::Assassination {
                        roll,
                        leaders: n,
                        killed,
                    },
                )?;
                for u in at {
                    self.leader_gone(u, Fate::Assassin, "17.4.3", events)?;
                }
                if killed {
                    let h = self
                        .hitler()
                        .ok_or(RuleViolation::new("engine", "no Hitler"))?;
                    self.state.board.eliminate(h)?;
                    // 17.4.6: his death works as his suicide would (11.1.3).
                    self.state.victory.hitler_died = Some(self.state.board.turn);
                    emit(
                        events,
                        Event::HitlerGone {
                            captured: false,
                            case: "17.4.3",
                        },
                    )?;
                    self.award(SOVIET, ASSASSINATION_VP, "17.4.8", events)?;
                }
                // The movement segment now ends as the Soviet asked.
                self.end_segment(events)
            }
            _ => refuse("engine", "not a leader's die"),
        }
    }

    /// What the input since `from` did to the leaders (17.4.3, 17.4.4): Soviet results of EX,
    /// D, 1 or 2 turn the leaders under German control in the target hex; a leader in a hex
    /// with Soviet combat units, or under German control in a hex a Soviet close assault
    /// emptied, is captured for 1 Soviet VP.
    pub(super) fn watch_leaders(
        &mut self,
        from: usize,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if !self.character_game() || self.state.leaders.drawn.is_empty() {
            return Ok(());
        }
        let turn = self.state.board.turn;
        if self.state.board.segment.side == SOVIET {
            let mut targets: heapless::Vec<HexId, 8> = heapless::Vec::new();
            for e in events.iter().skip(from) {
                if let Event::AssaultResult { target, result, .. } = e {
                    if turns_leaders(*result) && !targets.contains(target) {
                        let _ = targets.push(*target);
                    }
                }
            }
            for i in 0..self.state.leaders.drawn.len() {
                let l = self.state.leaders.drawn[i];
                let here = self.state.board.hex_of(l.unit);
                if l.defected.is_none() && here.is_some_and(|h| targets.contains(&h)) {
                    self.state.leaders.drawn[i].defected = Some(turn);
                    emit(events, Event::LeaderDefects { leader: l.unit })?;
                }
            }
        }
        for i in 0..self.state.leaders.drawn.len() {
            let l = self.state.leaders.drawn[i];
            let Some(hex) = self.state.board.hex_of(l.unit) else {
                continue;
            };
            let (b, forces) = (&self.state.board, &self.data.forces);
            let entered = b.held_by(forces, hex, SOVIET);
            let stormed = l.defected.is_none()
                && b.segment
                    == Segment {
                        side: SOVIET,
                        kind: SegmentKind::Combat,
                    }
                && self.state.last_assault == Some(hex)
                && !b.held_by(forces, hex, GERMAN)
                && !matches!(self.state.waiting, Waiting::AssaultRoll(_));
            if entered || stormed {
                self.leader_gone(l.unit, Fate::Captured, "17.4.4", events)?;
                self.award(SOVIET, CAPTURE_VP, "17.4.4", events)?;
            }
        }
        Ok(())
    }
}
