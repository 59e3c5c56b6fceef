//! Victory (12.0): the VP track of both players and every award on it as an event citing its
//! case, the strongpoints and flak towers the Soviets capture (10.2), Hitler (11.1.1–11.1.5)
//! and the end of the game.
//!
//! After every input the board is watched: units eliminated in combat score for the enemy
//! (12.0.1, 12.0.2: over-stacking and desertion score nothing); a Soviet unit standing in a
//! strongpoint or flak tower captures it (10.2); a Soviet unit in Hitler's hex, or a Soviet
//! close assault that leaves it without German combat units, captures him and wins at once
//! (11.1.4, 11.1.5); a Soviet unit in the Reichstag ends the game, and the VP decide (12.0).
//! The end of each turn scores the Reichstag still held (2 VP on turns 1–11, 5 on 12–15) and
//! Hitler alive at the end of turns 10–14 (2 VP); after the last turn a German still holding
//! the Reichstag wins outright. Hitler's suicide is the German's choice once a turn from the
//! turn after the first capture (a die: 6, or 5 with a Soviet unit within two hexes); it scores
//! 2 VP on turns 1–9, and on turn 15 he dies anyway, scoring 10 VP. His death makes the PPB
//! and HJ desert at the next German player-turn, and each Waffen SS and Volkssturm unit rolls:
//! 4–6 deserts (11.1.3).

use super::{DieFor, Event, Game, Waiting};
use crate::core::hex::HexId;
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, refuse, Case, DiceRoll, DiceSpec, Events, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::fortress::board::{Segment, SegmentKind};
use crate::fortress::counters::{UnitType, GERMAN, SOVIET};
use crate::fortress::data::GroupKind;
use serde::{Deserialize, Serialize};

pub use crate::fortress::board::{BRANDENBURG_GATE, REICHSTAG};
/// The name of Hitler's counter (11.1.1: set up in the Führer Bunker, 5017).
pub const HITLER_NAME: &str = "Hitler";
/// Reichstag VP a turn held: 2 to turn 11, 5 from turn 12 (12.0.1).
pub const REICHSTAG_VP: (u16, u16) = (2, 5);
pub const REICHSTAG_HIGH_FROM: u8 = 12;
/// Hitler alive at the end of turns 10–14: 2 VP each (11.1.2, 12.0.1).
pub const HITLER_ALIVE_VP: u16 = 2;
pub const HITLER_ALIVE_TURNS: core::ops::RangeInclusive<u8> = 10..=14;
/// Hitler's suicide before turn 10: 2 VP (11.1.2, 12.0.1).
pub const SUICIDE_VP: u16 = 2;
pub const SUICIDE_VP_BEFORE: u8 = 10;
/// Turn 15: Hitler is removed as it begins, 10 VP (11.1.2, 12.0.1).
pub const HITLER_LAST_TURN: u8 = 15;
pub const HITLER_LAST_VP: u16 = 10;
/// The Soviet scores 1 VP a turn from turn 6 while a withdrawing German unit is on the map
/// (5.2, 12.0.2).
pub const WITHDRAWAL_VP_FROM: u8 = 6;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The Soviets took Hitler: they win at once (11.1.4, 12.0).
    HitlerCaptured,
    /// The Soviets occupied the Reichstag: the game stops and the VP decide (12.0).
    ReichstagTaken,
    /// The German still held the Reichstag after the last turn: he wins outright (12.0).
    ReichstagHeld,
    /// The scenario's last turn ended on a board without a Reichstag: the VP decide (4.0).
    LastTurn,
}

impl Ending {
    pub const fn case(self) -> Case {
        match self {
            Ending::HitlerCaptured => "11.1.4",
            Ending::ReichstagTaken | Ending::ReichstagHeld => "12.0",
            Ending::LastTurn => "4.0",
        }
    }
}

/// The decided game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub ending: Ending,
    /// `None`: equal VP, a draw (see Rulings).
    pub winner: Option<Side>,
}

/// The VP track and the facts victory depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Victory {
    /// The German's VP (12.0.1) and the Soviet's (12.0.2).
    pub german: u16,
    pub soviet: u16,
    /// The turn the Soviets first captured a strongpoint or flak tower (10.2, 11.1.2).
    pub first_capture: Option<u8>,
    /// The last turn Hitler's suicide was attempted (11.1.2: once a turn).
    pub suicide_tried: Option<u8>,
    /// The turn Hitler died by his own hand (11.1.2), for the desertions of 11.1.3.
    pub hitler_died: Option<u8>,
    pub outcome: Option<Outcome>,
}

impl Victory {
    pub fn of(&self, side: Side) -> u16 {
        if side == GERMAN {
            self.german
        } else {
            self.soviet
        }
    }
}

impl DieFor {
    pub const fn case(self) -> Case {
        match self {
            DieFor::Suicide => "11.1.2",
            DieFor::Desertion(_) => "11.1.3",
            DieFor::PpbDesertion(_) => "11.2.1",
            DieFor::Volkssturm => "5.5",
            DieFor::Naval => "13.7",
            DieFor::NavalLanding(_) => "13.7.1",
            DieFor::Airpower => "5.6",
            DieFor::Flight(_) | DieFor::LeaderSuicide(_) => "17.4.2",
            DieFor::Assassination => "17.4.3",
        }
    }
    /// The dice of the roll: two for airpower (11.4), one for everything else.
    pub const fn dice(self) -> DiceSpec {
        match self {
            DieFor::Airpower => DiceSpec::TWO_D6,
            _ => DiceSpec::D6,
        }
    }
    /// Who rolls: the phasing player for his airpower, the German for everything else.
    pub fn player(self, phasing: Side) -> Side {
        match self {
            DieFor::Airpower => phasing,
            DieFor::Assassination => SOVIET,
            _ => GERMAN,
        }
    }
    pub const fn purpose(self) -> &'static str {
        match self {
            DieFor::Suicide => "Hitler's suicide attempt",
            DieFor::Desertion(_) => "does the unit desert after Hitler's death",
            DieFor::PpbDesertion(_) => "does the plant protection battalion run away",
            DieFor::Volkssturm => "the Volkssturm check",
            DieFor::Naval => "the naval infantry check",
            DieFor::NavalLanding(_) => "does the naval battalion land on the road",
            DieFor::Airpower => "airpower",
            DieFor::Flight(_) => "does the leader flee Berlin",
            DieFor::LeaderSuicide(_) => "a leader's suicide attempt",
            DieFor::Assassination => "the defectors' attempt on Hitler's life",
        }
    }
}

/// Is an elimination under `case` a loss in combat, which scores for the enemy (12.0.1,
/// 12.0.2)? Over-stacking (3.1.4) is the owner's own doing and scores nothing.
pub fn scores(case: Case) -> bool {
    case != "3.1.4"
}

/// Does a unit of this type desert with certainty (PPB, HJ) or on a die (Waffen SS, VS) after
/// Hitler's death (11.1.3)?
fn deserts_outright(kind: UnitType) -> bool {
    matches!(kind, UnitType::PlantProtection | UnitType::HitlerYouth)
}

impl Game<'_> {
    /// Hitler's counter.
    pub fn hitler(&self) -> Option<UnitId> {
        self.data
            .forces
            .counters
            .iter()
            .position(|c| c.side == GERMAN && c.kind == UnitType::Leader && c.name == HITLER_NAME)
            .map(|i| UnitId(i as u16))
    }

    /// The Soviet's objective (12.0): the Reichstag hex, whose holding scores, whose capture
    /// ends the game and whose holding to the end wins; the Brandenburg Gate instead when the
    /// Reichstag is a flak tower (16.1, see Rulings). None if the map has no such place.
    pub fn objective(&self) -> Option<HexId> {
        let place = if self.state.board.options.reichstag_flak_tower {
            BRANDENBURG_GATE
        } else {
            REICHSTAG
        };
        self.data
            .map
            .place(place)
            .and_then(|p| p.hexes.first().copied())
    }

    fn hitler_hex(&self) -> Option<HexId> {
        self.state.board.hex_of(self.hitler()?)
    }

    /// Adds `points` to `side`'s VP under `case`.
    pub(super) fn award(
        &mut self,
        side: Side,
        points: u16,
        case: Case,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if points == 0 {
            return Ok(());
        }
        let v = &mut self.state.victory;
        let total = if side == GERMAN {
            v.german += points;
            v.german
        } else {
            v.soviet += points;
            v.soviet
        };
        emit(
            events,
            Event::VictoryPoints {
                side,
                points,
                total,
                case,
            },
        )
    }

    /// Ends the game: the winner by the ending, or by the VP (12.0).
    fn end_game(
        &mut self,
        ending: Ending,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let v = self.state.victory;
        let winner = match ending {
            Ending::HitlerCaptured => Some(SOVIET),
            // The major variants take away the German's automatic win (16.4, 16.5 notes).
            Ending::ReichstagHeld if !self.state.board.options.major_variant() => Some(GERMAN),
            Ending::ReichstagHeld | Ending::ReichstagTaken | Ending::LastTurn => {
                match v.german.cmp(&v.soviet) {
                    core::cmp::Ordering::Greater => Some(GERMAN),
                    core::cmp::Ordering::Less => Some(SOVIET),
                    core::cmp::Ordering::Equal => None,
                }
            }
        };
        self.state.victory.outcome = Some(Outcome { ending, winner });
        self.state.waiting = Waiting::GameOver;
        emit(
            events,
            Event::Victory {
                winner,
                german: v.german,
                soviet: v.soviet,
                case: ending.case(),
            },
        )?;
        emit(
            events,
            Event::GameOver {
                turn: self.state.board.turn,
            },
        )
    }

    /// Marks a strongpoint or flak tower captured (10.2) and remembers the first capture's
    /// turn (11.1.2).
    pub(super) fn capture_fortification(
        &mut self,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let f = crate::fortress::board::features(&self.data.map, &self.state.board.options, hex);
        if !f.has(HexFeatures::STRONGPOINT | HexFeatures::FLAK_TOWER) {
            return Ok(());
        }
        if self.state.board.capture(hex)? {
            let turn = self.state.board.turn;
            self.state.victory.first_capture.get_or_insert(turn);
            emit(events, Event::Captured { hex })?;
        }
        Ok(())
    }

    /// Looks at what the input since `from` did (see the module notes).
    pub(super) fn watch(
        &mut self,
        from: usize,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.waiting == Waiting::GameOver {
            return Ok(());
        }
        // 12.0.1, 12.0.2: one VP for each enemy unit eliminated in combat.
        let (mut german, mut soviet) = (0u16, 0u16);
        for e in events.iter().skip(from) {
            if let Event::Eliminated { unit, case } = e {
                let Some(c) = self.data.forces.counter(*unit) else {
                    continue;
                };
                if !scores(case) || !c.kind.is_combat_unit() {
                    continue;
                }
                if c.side == GERMAN {
                    soviet += 1;
                } else {
                    german += 1;
                }
            }
        }
        self.award(GERMAN, german, "12.0.1", events)?;
        self.award(SOVIET, soviet, "12.0.2", events)?;
        // 10.2: a Soviet unit standing in a strongpoint or flak tower has captured it.
        let mut taken: heapless::Vec<HexId, 16> = heapless::Vec::new();
        for s in &self.state.board.stacks.stacks {
            if s.owner == SOVIET
                && !self.state.board.captured(s.hex)
                && self.state.board.held_by(&self.data.forces, s.hex, SOVIET)
            {
                let _ = taken.push(s.hex);
            }
        }
        for hex in taken {
            self.capture_fortification(hex, events)?;
        }
        // 17.4.3, 17.4.4: leaders turned by a result, leaders taken.
        self.watch_leaders(from, events)?;
        // 11.1.4, 11.1.5: Hitler taken.
        if let Some(hex) = self.hitler_hex() {
            let (b, forces) = (&self.state.board, &self.data.forces);
            let entered = b.held_by(forces, hex, SOVIET);
            let stormed = b.segment
                == Segment {
                    side: SOVIET,
                    kind: SegmentKind::Combat,
                }
                && self.state.last_assault == Some(hex)
                && !b.held_by(forces, hex, GERMAN)
                && !matches!(self.state.waiting, Waiting::AssaultRoll(_));
            if entered || stormed {
                self.note_capturer(hex);
                let h = self
                    .hitler()
                    .ok_or(RuleViolation::new("engine", "no Hitler"))?;
                self.state.board.eliminate(h)?;
                emit(
                    events,
                    Event::HitlerGone {
                        captured: true,
                        case: "11.1.4",
                    },
                )?;
                return self.end_game(Ending::HitlerCaptured, events);
            }
        }
        // 12.0: the Soviets in the objective (the Reichstag; 16.1 the Brandenburg Gate) stop
        // the game.
        if let Some(r) = self.objective() {
            if self.state.board.held_by(&self.data.forces, r, SOVIET) {
                self.note_capturer(r);
                return self.end_game(Ending::ReichstagTaken, events);
            }
        }
        // 11.2.2: the first combat of an SS unit frees the Hitler Youth.
        self.watch_ss();
        // 11.2.1: a PPB the Soviets have come near rolls once.
        self.watch_ppb()
    }

    /// The end of a turn (4.3) scores the Reichstag held and Hitler alive (12.0.1, 11.1.2).
    pub(super) fn end_of_turn_points(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let turn = self.state.board.turn;
        if let Some(r) = self.objective() {
            if !self.state.board.held_by(&self.data.forces, r, SOVIET) {
                let vp = if turn >= REICHSTAG_HIGH_FROM {
                    REICHSTAG_VP.1
                } else {
                    REICHSTAG_VP.0
                };
                self.award(GERMAN, vp, "12.0.1", events)?;
            }
        }
        if HITLER_ALIVE_TURNS.contains(&turn) && self.hitler_hex().is_some() {
            self.award(GERMAN, HITLER_ALIVE_VP, "11.1.2", events)?;
        }
        Ok(())
    }

    /// The scenario's last turn is over (4.0, 12.0).
    pub(super) fn last_turn_over(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let ending = match self.objective() {
            Some(r) if !self.state.board.held_by(&self.data.forces, r, SOVIET) => {
                Ending::ReichstagHeld
            }
            _ => Ending::LastTurn,
        };
        self.end_game(ending, events)
    }

    /// A German player-turn begins (4.1): Hitler's end on turn 15 (11.1.2), the Soviet VP for
    /// withdrawing units still on the map (5.2), the desertions after Hitler's death (11.1.3).
    pub(super) fn german_turn_begins(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let turn = self.state.board.turn;
        if turn >= HITLER_LAST_TURN {
            if let Some(h) = self.hitler().filter(|_| self.hitler_hex().is_some()) {
                self.state.board.eliminate(h)?;
                emit(
                    events,
                    Event::HitlerGone {
                        captured: false,
                        case: "11.1.2",
                    },
                )?;
                self.award(GERMAN, HITLER_LAST_VP, "11.1.2", events)?;
            }
        }
        if turn >= WITHDRAWAL_VP_FROM {
            let b = &self.state.board;
            let options = b.options;
            let remains = self.data.groups.iter().any(|g| {
                g.kind == GroupKind::Withdrawal
                    && g.side == GERMAN
                    && g.in_play(&options)
                    && g.turn <= turn
                    && g.units
                        .iter()
                        .any(|&u| b.hex_of(u).is_some() && !self.recalled(u))
            });
            if remains {
                self.award(SOVIET, 1, "5.2", events)?;
            }
        }
        if self
            .state
            .victory
            .hitler_died
            .is_some_and(|t| t + 1 == turn)
        {
            // 11.1.3: the PPB and HJ go; then a die for each Waffen SS and VS unit.
            for i in 0..self.data.forces.counters.len() {
                let u = UnitId(i as u16);
                let c = &self.data.forces.counters[i];
                if c.side == GERMAN
                    && deserts_outright(c.kind)
                    && self.state.board.hex_of(u).is_some()
                {
                    self.desert(u, "11.1.3", events)?;
                }
            }
            self.next_desertion_roll(None);
        } else {
            // 5.5, 13.7, 14.0: the checks of the order of appearance.
            self.opening_checks();
        }
        Ok(())
    }

    /// Takes a unit off the map as a deserter: no VP (12.0.2).
    pub(super) fn desert(
        &mut self,
        u: UnitId,
        case: Case,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.board.eliminate(u)?;
        emit(events, Event::Deserted { unit: u, case })
    }

    /// Waits for the die of the next Waffen SS or Volkssturm unit after `after` (11.1.3).
    fn next_desertion_roll(&mut self, after: Option<UnitId>) {
        let start = after.map_or(0, |u| u.0 as usize + 1);
        let next = (start..self.data.forces.counters.len()).find(|&i| {
            let c = &self.data.forces.counters[i];
            c.side == GERMAN
                && (c.kind == UnitType::Volkssturm || c.waffen_ss)
                && self.state.board.hex_of(UnitId(i as u16)).is_some()
        });
        match next {
            Some(i) => self.state.waiting = Waiting::Die(DieFor::Desertion(UnitId(i as u16))),
            None => self.opening_checks(),
        }
    }

    /// The German player has Hitler attempt suicide (11.1.2): as his combat segment begins,
    /// once a turn, from the turn after the first strongpoint fell.
    pub(super) fn suicide(&mut self, _events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let turn = self.state.board.turn;
        let s = &self.state;
        if s.board.segment
            != (Segment {
                side: GERMAN,
                kind: SegmentKind::Combat,
            })
        {
            return refuse("11.1.2", "the attempt is made in the German combat segment");
        }
        if !(s.fought.is_empty() && s.assaulted.is_empty() && s.bombarded.is_empty()) {
            return refuse(
                "11.1.2",
                "the attempt comes at the beginning of the combat segment",
            );
        }
        if self.hitler_hex().is_none() {
            return refuse("11.1.2", "Hitler is no longer in play");
        }
        if !matches!(s.victory.first_capture, Some(t) if t < turn) {
            return refuse(
                "11.1.2",
                "no attempt before the turn after the Soviets first capture a strongpoint",
            );
        }
        if s.victory.suicide_tried == Some(turn) {
            return refuse("11.1.2", "one attempt a turn");
        }
        self.state.victory.suicide_tried = Some(turn);
        self.state.waiting = Waiting::Die(DieFor::Suicide);
        Ok(())
    }

    /// The die of 11.1.2 or 11.1.3.
    pub(super) fn die_rolled(
        &mut self,
        d: DieFor,
        roll: &DiceRoll,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if !d.dice().accepts(roll) {
            return refuse(d.case(), "the dice the table asked for");
        }
        let die = roll.total() as u8;
        match d {
            DieFor::Suicide => {
                // +1 with a Soviet unit within two hexes of the Führer Bunker.
                let hex = self
                    .hitler_hex()
                    .ok_or(RuleViolation::new("11.1.2", "Hitler is no longer in play"))?;
                let (b, g) = (&self.state.board, &self.data.map.geometry);
                let near = b.stacks.stacks.iter().any(|s| {
                    s.owner == SOVIET
                        && g.distance(s.hex, hex) <= 2
                        && b.held_by(&self.data.forces, s.hex, SOVIET)
                });
                let roll = die + u8::from(near);
                let dies = roll >= 6;
                self.state.waiting = Waiting::Commands;
                emit(events, Event::SuicideAttempt { roll, dies })?;
                if dies {
                    let h = self
                        .hitler()
                        .ok_or(RuleViolation::new("engine", "no Hitler"))?;
                    self.state.board.eliminate(h)?;
                    let turn = self.state.board.turn;
                    self.state.victory.hitler_died = Some(turn);
                    // 17.3.1: whoever holds the Hitler role at his suicide has lost.
                    self.state.roles.hitler_at_death = Some(self.state.roles.holder[0]);
                    emit(
                        events,
                        Event::HitlerGone {
                            captured: false,
                            case: "11.1.2",
                        },
                    )?;
                    if turn < SUICIDE_VP_BEFORE {
                        self.award(GERMAN, SUICIDE_VP, "11.1.2", events)?;
                    }
                }
                Ok(())
            }
            DieFor::Desertion(u) => {
                // 11.1.3: 1–3 stays, 4–6 runs away.
                if die >= 4 {
                    self.desert(u, "11.1.3", events)?;
                }
                self.next_desertion_roll(Some(u));
                Ok(())
            }
            DieFor::PpbDesertion(u) => self.ppb_rolled(u, die, events),
            DieFor::Volkssturm => {
                self.volkssturm_rolled(die);
                Ok(())
            }
            DieFor::Naval => {
                self.naval_rolled(die);
                Ok(())
            }
            DieFor::NavalLanding(u) => self.naval_landed(u, die, events),
            DieFor::Airpower => self.airpower_rolled(roll.total(), events),
            DieFor::Flight(_) | DieFor::LeaderSuicide(_) | DieFor::Assassination => {
                self.leader_die(d, die, events)
            }
        }
    }
}
