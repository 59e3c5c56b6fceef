//! Start and end of Game-Turns and Player-Turns: Honors of War [19.0], NATO emergency
//! reinforcements [17.0], air points and air superiority [9.0], the Medicine Wheel air and
//! supply-priority rolls [21.33], [21.35] 4, fire spread [10.74], marker expiry [8.82],
//! [10.71], the rail-line Victory Points [20.22], [20.23] and the end-of-game check [20.0].
//!
//! The start of a Game-Turn is a small state machine ([`TurnStep`]): each step either needs a
//! decision or a roll (and waits in `turn_pending`) or is skipped, in the order of [4.0] and
//! [17.0] (Honors of War before the reinforcement roll, both before the Warsaw Pact moves).
//!
//! Decisions documented here (the rulebook leaves them open):
//! - A Honors of War cell that is only a die modifier ("+1", "-2" [19.14]) is read as a
//!   surrender check [19.13] whose second roll is modified by that number: NATO surrenders on a
//!   modified 4 or more. (The modifier is the only instruction such a cell gives; applying it to
//!   the surrender roll keeps the offer's whole effect inside its own Game-Turn.)
//! - A Game-Turn lost to a cease fire [19.12] still passes: gas and fire markers age and expire,
//!   Jägerbrigade units that could not be airlanded are lost and the end-of-game check is made,
//!   but nothing is played, so no rail-line VP [20.22], [20.23] are scored for it.
//! - NATO may keep "rolling" after a 2-5 ended its emergency reinforcements [17.1]: the roll
//!   has no effect, and the Warsaw Pact view cannot tell it from a real one. After a 12 the rolls
//!   are over in the open [17.23] and NATO is no longer asked.
//! - Fire spread [10.74] is decided for the POL hexes next to a fire at the start of the
//!   Player-Turn; a fire that spreads during these rolls spreads further only next Player-Turn.
//! - Rail-line occupation [20.23] is checked at the start of each Player-Turn and at the end of
//!   the Game-Turn (the moments no unit is moving).
//! - [21.35] 4 is applied as printed: when NATO has ever occupied the rail line, 1 is
//!   subtracted from the supply-priority die, and 1-4 succeeds.

use super::data::{Arrival, HonorsResult, ReinforcementResult};
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use super::state::{side_name, NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers, SideFeatures};
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::event;
use serde::{Deserialize, Serialize};

use super::command::Choice;

/// POL hexes checked for fire spread at one Player-Turn start [10.74].
pub const MAX_FIRE_CHECKS: usize = 48;
/// Air points an emergency air reinforcement brings [17.1].
pub const EMERGENCY_AIR_POINTS: u8 = 6;
/// Words of the unit bitset (one bit per unit of the roster).
pub const UNIT_BITSET_WORDS: usize = crate::core::units::MAX_UNITS.div_ceil(32);
/// Surrender Points needed before the Honors of War may be offered [19.45].
pub const HONORS_MIN_SP: i16 = 6;
/// Warsaw Pact VP lost for each offer that did not end in a surrender [19.21].
pub const HONORS_PENALTY_VP: i16 = 20;
/// NATO VP for a Game-Turn with a unit on the rail line [20.23] or an interdiction [20.22].
pub const RAIL_OCCUPATION_VP: u16 = 8;
pub const RAIL_INTERDICTION_VP: u16 = 5;
/// First Game-Turn of the Medicine Wheel supply-priority roll [21.35] 4.
pub const SUPPLY_PRIORITY_FIRST_TURN: u8 = 8;

/// Where the start of a Game-Turn or Player-Turn stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnStep {
    /// Nothing is asked.
    #[default]
    Idle,
    /// Medicine Wheel: the Warsaw Pact rolls its air points [21.33].
    WpAirRoll,
    /// Medicine Wheel: the Warsaw Pact rolls for a new supply priority [21.35] 4.
    SupplyPriorityRoll,
    /// The Warsaw Pact may offer the Honors of War [19.0].
    HonorsOffer,
    /// 2d6 on the Honors of War Table [19.3].
    HonorsRoll,
    /// The second die of a "B", "C", "S" or modifier result [19.11]-[19.14].
    HonorsSecond { kind: HonorsSecond, modifier: i8 },
    /// NATO may roll for emergency reinforcements [17.0].
    ReinforcementOffer,
    /// 2d6 on the Reinforcement Table, secret to NATO [17.0].
    ReinforcementRoll,
    /// The Jägerbrigade's fate [17.1].
    JagerRoll,
    /// The phasing player rolls for the next POL hex next to a fire [10.74].
    FireSpread,
}

/// What the second Honors of War die decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HonorsSecond {
    /// [19.11]: 1-3 NATO, 4-6 the Warsaw Pact gets the bonus shift.
    Bonus,
    /// [19.12]: 1-3 cease fire, 4-6 NATO surrenders.
    CeaseFireOrSurrender,
    /// [19.13] (and modifier-only cells, see the module notes): 4-6 NATO surrenders.
    Surrender,
}

/// NATO's last emergency reinforcement roll [17.0]. The total is secret to NATO unless the
/// roll produced reinforcements (`public`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReinforcementRoll {
    pub turn: u8,
    pub total: u8,
    pub public: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Running total of the Surrender Points scored for destroyed units [19.42], [19.43]
    /// (Warsaw Pact positive). Terrain points [19.44] are counted from the hexes held: the
    /// total is [`Game::surrender_points`].
    pub surrender_points: i16,
    /// Air points left this Game-Turn, by side index [9.1].
    pub air_points: [u8; 2],
    /// NATO has air superiority this Game-Turn [9.22], [17.1].
    pub nato_air_superiority: bool,
    /// Honors of War bonus shift holder this Game-Turn [19.11].
    pub bonus_side: Option<Side>,
    pub step: TurnStep,
    /// Honors of War offers that did not end in a surrender (-20 VP each) [19.21].
    pub honors_failed_offers: u8,
    /// This Game-Turn is lost to a cease fire [19.12].
    pub cease_fire: bool,
    /// NATO surrendered [19.12], [19.13].
    pub surrendered: bool,
    /// Game-Turn in which the city fell (0: it has not) [20.11], [19.12].
    pub city_fell_turn: u8,
    /// A 2-5 ended NATO's emergency reinforcements [17.1] (NATO's secret).
    pub reinforcements_over: bool,
    /// A 12 has been rolled: no more rolls, in the open [17.23].
    pub twelve_rolled: bool,
    /// NATO's last emergency reinforcement roll.
    pub reinforcement_roll: Option<ReinforcementRoll>,
    /// Game-Turn in which the Jägerbrigade may airland (0: none) [17.1], [13.11].
    pub jager_turn: u8,
    /// Medicine Wheel air points rolled this Game-Turn [21.33].
    pub wp_air_roll: u8,
    /// Game-Turn from which the new supply priority is in force (0: not achieved) [21.35] 4.
    pub supply_priority_from: u8,
    /// A NATO unit has occupied the rail line at some point [21.35] 4.
    pub nato_on_rail_ever: bool,
    /// A NATO unit occupied the rail line this Game-Turn [20.23].
    pub rail_occupied_this_turn: bool,
    /// NATO artillery interdicted the rail line this Game-Turn [20.22] (set by combat).
    pub interdicted: bool,
    /// NATO rail-line VP so far [20.22], [20.23].
    pub rail_vp: u16,
    /// POL hexes still to roll for this Player-Turn [10.74].
    pub fire_checks: heapless::Vec<HexId, MAX_FIRE_CHECKS>,
    /// Running Medicine Wheel VP by side index [21.36].
    pub mw_vp: [i16; 2],
    /// Units that left the map across the north or west edge (they score [21.36]).
    pub exited_scoring: [u32; UNIT_BITSET_WORDS],
}

/// Where the Game-Turn start procedure resumes.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    WpAir,
    SupplyPriority,
    Honors,
    Reinforcement,
    Finish,
}

fn yes_no() -> heapless::Vec<Choice, { crate::core::protocol::MAX_OPTIONS }> {
    let mut v = heapless::Vec::new();
    let _ = v.push(Choice::Yes);
    let _ = v.push(Choice::No);
    v
}

impl<'d> Game<'d> {
    // ---- queries ------------------------------------------------------------------------

    pub(crate) fn turn_air_superiority(&self) -> Side {
        if self.state.turn_state.nato_air_superiority {
            NATO
        } else {
            WARSAW_PACT
        }
    }

    /// Is the current Game-Turn a night turn [16.0] (Turn Record Track)?
    pub fn is_night(&self) -> bool {
        self.turn_box(self.state.turn).is_some_and(|b| b.night)
    }

    pub(crate) fn turn_box(&self, turn: u8) -> Option<&'d super::data::TurnBox> {
        (turn as usize)
            .checked_sub(1)
            .and_then(|i| self.data.tables.turns.get(i))
    }

    /// The VP multiple of a Game-Turn, times two [20.21].
    pub fn vp_multiple_halves(&self, turn: u8) -> u8 {
        self.turn_box(turn).map_or(0, |b| b.vp_multiple_halves)
    }

    /// May Warsaw Pact units be in supply under [21.35] 4? Always true outside the scenarios
    /// with the supply-priority rule; there, true from the Game-Turn after a successful roll.
    pub fn wp_supply_priority_active(&self) -> bool {
        if !self.scenario().rules.wp_supply_priority {
            return true;
        }
        let from = self.state.turn_state.supply_priority_from;
        from != 0 && self.state.turn >= from
    }

    /// May the Jägerbrigade airland now (its one Game-Turn of arrival [17.1], [13.11])?
    pub fn emergency_land_reinforcements_available(&self) -> bool {
        self.state.turn_state.jager_turn != 0 && self.state.turn_state.jager_turn == self.state.turn
    }

    /// Is `u` a NATO emergency reinforcement (the Jägerbrigade [21.12])?
    pub fn is_emergency_reinforcement(&self, u: UnitId) -> bool {
        self.scenario()
            .reinforcements
            .iter()
            .any(|g| g.arrival == Arrival::Emergency && g.units.contains(&u))
    }

    /// May the Warsaw Pact offer the Honors of War at the start of this Game-Turn [19.21],
    /// [19.45], [21.35] 1?
    fn honors_allowed(&self) -> bool {
        let rules = &self.scenario().rules;
        !rules.no_honors_no_surrender
            && self.state.turn > 1
            && self.surrender_points() >= HONORS_MIN_SP
    }

    /// May NATO be asked whether to roll for emergency reinforcements this turn [17.0]?
    /// (After a secret 2-5 NATO is still asked: it may fake rolls [17.1].)
    fn reinforcement_offer_allowed(&self) -> bool {
        let rules = &self.scenario().rules;
        !rules.no_reinforcements
            && !rules.no_honors_no_surrender
            && self.state.turn >= 2
            && !self.state.turn_state.cease_fire
            && !self.state.turn_state.twelve_rolled
    }

    /// The Honors of War column for `sp`: the highest threshold not above it [19.0].
    pub fn honors_column(&self, sp: i16) -> Option<usize> {
        self.data
            .tables
            .honors_columns
            .iter()
            .rposition(|&c| c <= sp)
    }

    /// The POL hex the phasing player is rolling for now [10.74].
    pub fn fire_spread_hex(&self) -> Option<HexId> {
        match self.state.turn_state.step {
            TurnStep::FireSpread => self.state.turn_state.fire_checks.first().copied(),
            _ => None,
        }
    }

    /// Is a NATO unit on a hex of the rail line between 0108 and 2302 [20.23]?
    pub fn nato_on_rail_line(&self) -> bool {
        self.units_on_map()
            .any(|(u, h)| self.side_of(u) == NATO && self.features(h).has(HexFeatures::RAIL_LINE))
    }

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
        self.state.turn_state.fire_checks.clear();
        let map = &self.data.map;
        let g = &map.geometry;
        for (i, f) in map.features.iter().enumerate() {
            // Only POL hexes can catch fire (a cheap test before `fire_can_spread_to`).
            if !f.has(HexFeatures::POL) {
                continue;
            }
            let Some(h) = g.hex_at(i).filter(|_| i < map.terrain.len()) else {
                continue;
            };
            if !self.fire_can_spread_to(h) {
                continue;
            }
            let burning_neighbour = g.neighbours(h).any(|(_, n)| {
                self.markers(n).has(Markers::FIRE)
                    && g.side_between(h, n).is_some_and(|s| {
                        let f = map.side(s);
                        !f.has(SideFeatures::WATER | SideFeatures::LAKE_SHORE | SideFeatures::CANAL)
                    })
            });
            if burning_neighbour {
                self.state.turn_state.fire_checks.push(h).map_err(|_| {
                    RuleViolation::new("engine", "too many POL hexes next to fires")
                })?;
            }
        }
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
                self.state.turn_state.wp_air_roll = die;
                emit(
                    events,
                    event!(
                        "21.33",
                        "the Warsaw Pact rolls {} air points for this Game-Turn",
                        die
                    ),
                )?;
                self.turn_start_from(Stage::SupplyPriority, events)
            }
            TurnStep::SupplyPriorityRoll => {
                let die = expect_roll(input, DiceSpec::D6, "21.35")?;
                let minus = self.state.turn_state.nato_on_rail_ever as u8;
                let modified = die.saturating_sub(minus);
                if modified <= 4 {
                    self.state.turn_state.supply_priority_from = self.state.turn + 1;
                    emit(events, event!("21.35", "supply priority won (roll {}): Pact units may be supplied from next turn", modified))?;
                } else {
                    emit(
                        events,
                        event!(
                            "21.35",
                            "no new supply priority (roll {}): Pact units stay unsupplied",
                            modified
                        ),
                    )?;
                }
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
                let ts = &mut self.state.turn_state;
                if ts.fire_checks.is_empty() {
                    ts.step = TurnStep::Idle;
                    return self.player_turn_start_done(events);
                }
                let h = ts.fire_checks.remove(0);
                if die <= 3 {
                    self.set_fire(h, "10.74", events)?;
                } else {
                    let label = self.data.map.geometry.format(h);
                    emit(
                        events,
                        event!("10.74", "the fire does not spread to {}", label).at(h),
                    )?;
                }
                if self.state.turn_state.fire_checks.is_empty() {
                    self.state.turn_state.step = TurnStep::Idle;
                    return self.player_turn_start_done(events);
                }
                Ok(())
            }
        }
    }

    /// End of the Game-Turn. Returns true when the game is over.
    pub(crate) fn turn_end(&mut self, events: &mut Events<Event>) -> Result<bool, RuleViolation> {
        self.state.turn_state.step = TurnStep::Idle;
        let turn = self.state.turn;
        let rules = self.scenario().rules;
        // [20.22], [20.23] (the rail line) — not in a Game-Turn lost to a cease fire.
        self.check_rail_occupation();
        if !self.state.turn_state.cease_fire
            && !rules.medicine_wheel_vp
            && !rules.no_honors_no_surrender
        {
            if self.state.turn_state.rail_occupied_this_turn {
                self.add_rail_vp(RAIL_OCCUPATION_VP)?;
                emit(
                    events,
                    event!(
                        "20.23",
                        "a NATO unit is on the rail line: NATO scores {} VP",
                        RAIL_OCCUPATION_VP
                    ),
                )?;
            } else if self.interdiction_happened() {
                self.add_rail_vp(RAIL_INTERDICTION_VP)?;
                emit(
                    events,
                    event!(
                        "20.22",
                        "NATO artillery interdicted the rail line: NATO scores {} VP",
                        RAIL_INTERDICTION_VP
                    ),
                )?;
            }
        }
        // [8.82] gas and [10.71] fire markers placed last Game-Turn expire now.
        for i in 0..self.state.hexes.len() {
            let Some(h) = self.data.map.geometry.hex_at(i) else {
                continue;
            };
            let hs = self.state.hexes[i];
            if hs.markers.has(Markers::GAS) && hs.marker_turn < turn {
                self.state.hexes[i].markers.remove(Markers::GAS);
                let label = self.data.map.geometry.format(h);
                emit(
                    events,
                    event!("8.82", "the gas in {} disperses", label).at(h),
                )?;
            }
            if hs.markers.has(Markers::FIRE) && hs.marker_turn < turn {
                let m = &mut self.state.hexes[i].markers;
                m.remove(Markers::FIRE);
                m.insert(Markers::RUIN | Markers::BURNED);
                let label = self.data.map.geometry.format(h);
                emit(
                    events,
                    event!("10.71", "the fire in {} burns out and leaves a ruin", label).at(h),
                )?;
            }
        }
        // [17.21], [13.11]: Jägerbrigade units not airlanded in their Game-Turn are lost.
        if self.state.turn_state.jager_turn == turn {
            let mut lost = 0u8;
            for gi in 0..self.scenario().reinforcements.len() {
                let g = &self.scenario().reinforcements[gi];
                if g.arrival != Arrival::Emergency {
                    continue;
                }
                for &u in &g.units {
                    if self.state.units[u.0 as usize].location == Location::Pool {
                        self.state.units[u.0 as usize].location = Location::Unused;
                        lost += 1;
                    }
                }
            }
            if lost > 0 {
                emit(
                    events,
                    event!(
                        "17.21",
                        "{} Jägerbrigade units could not be airlanded and are lost",
                        lost
                    ),
                )?;
            }
        }
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
    fn turn_start_from(
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

    /// Air points and air superiority for the Game-Turn [9.0], [9.15], [9.21], [21.33].
    fn grant_air_points(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
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

    fn honors_result(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let sp = self.surrender_points();
        let result = self
            .honors_column(sp)
            .and_then(|c| {
                self.data
                    .tables
                    .honors
                    .get(total as usize - 2)
                    .and_then(|row| row.get(c))
            })
            .copied()
            .unwrap_or(HonorsResult::NoEffect);
        let second = |kind, modifier| TurnStep::HonorsSecond { kind, modifier };
        match result {
            HonorsResult::NoEffect => {
                emit(
                    events,
                    event!("19.0", "Honors of War: {} on {} SP, no effect", total, sp),
                )?;
                self.honors_refused(events)?;
                self.turn_start_from(Stage::Reinforcement, events)
            }
            HonorsResult::Bonus => {
                emit(
                    events,
                    event!(
                        "19.11",
                        "Honors of War: {} on {} SP, B: roll for the bonus shift",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Bonus, 0);
                Ok(())
            }
            HonorsResult::CeaseFireOrSurrender => {
                emit(
                    events,
                    event!(
                        "19.12",
                        "Honors of War: {} on {} SP, C: cease fire or surrender",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::CeaseFireOrSurrender, 0);
                Ok(())
            }
            HonorsResult::Surrender => {
                emit(
                    events,
                    event!(
                        "19.13",
                        "Honors of War: {} on {} SP, S: NATO may surrender",
                        total,
                        sp
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Surrender, 0);
                Ok(())
            }
            HonorsResult::Modifier(m) => {
                emit(
                    events,
                    event!(
                        "19.14",
                        "Honors of War: {} on {} SP, {:+}: surrender check, die {:+}",
                        total,
                        sp,
                        m,
                        m
                    ),
                )?;
                self.state.turn_state.step = second(HonorsSecond::Surrender, m);
                Ok(())
            }
        }
    }

    fn honors_second(
        &mut self,
        kind: HonorsSecond,
        modifier: i8,
        die: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let roll = die as i8 + modifier;
        match kind {
            HonorsSecond::Bonus => {
                let side = if roll <= 3 { NATO } else { WARSAW_PACT };
                self.state.turn_state.bonus_side = Some(side);
                emit(
                    events,
                    event!(
                        "19.11",
                        "{} gets a one-column bonus shift this Game-Turn",
                        side_name(side)
                    ),
                )?;
            }
            HonorsSecond::CeaseFireOrSurrender => {
                if roll <= 3 {
                    self.state.turn_state.cease_fire = true;
                    emit(
                        events,
                        event!("19.12", "cease fire: this Game-Turn is skipped"),
                    )?;
                    self.honors_refused(events)?;
                    self.state.turn_state.step = TurnStep::Idle;
                    return self.end_game_turn(events);
                }
                return self.nato_surrenders("19.12", events);
            }
            HonorsSecond::Surrender => {
                if roll >= 4 {
                    return self
                        .nato_surrenders(if modifier != 0 { "19.14" } else { "19.13" }, events);
                }
                emit(
                    events,
                    event!(
                        "19.13",
                        "NATO does not surrender (roll {}): no effect",
                        roll
                    ),
                )?;
            }
        }
        self.honors_refused(events)?;
        self.turn_start_from(Stage::Reinforcement, events)
    }

    /// An offer that did not end in a surrender costs the Warsaw Pact 20 VP [19.21].
    fn honors_refused(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.honors_failed_offers =
            ts.honors_failed_offers
                .checked_add(1)
                .ok_or(RuleViolation::new(
                    "engine",
                    "too many Honors of War offers to count",
                ))?;
        emit(
            events,
            event!(
                "19.21",
                "no surrender: the Warsaw Pact loses {} VP for the offer",
                HONORS_PENALTY_VP
            ),
        )
    }

    fn nato_surrenders(
        &mut self,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state.turn_state.surrendered = true;
        self.state.turn_state.city_fell_turn = self.state.turn;
        self.state.turn_state.step = TurnStep::Idle;
        emit(
            events,
            event!(case, "NATO surrenders: the game ends and the city falls"),
        )?;
        self.announce_outcome(events)?;
        self.game_over();
        Ok(())
    }

    fn reinforcement_result(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let rules = self.scenario().rules;
        let turn = self.state.turn;
        let ts = &self.state.turn_state;
        let read = if total == 12 && rules.twelve_reads_as_eleven {
            11
        } else {
            total
        };
        let result = if ts.reinforcements_over {
            // [17.1]: after "no reinforcements" every further roll is without effect.
            ReinforcementResult::NoEffect
        } else {
            self.data.tables.reinforcement[read as usize - 2]
        };
        let public = matches!(
            result,
            ReinforcementResult::AirSupport | ReinforcementResult::AirSupportAndJagerbrigade
        );
        self.state.turn_state.reinforcement_roll = Some(ReinforcementRoll {
            turn,
            total,
            public,
        });
        match result {
            ReinforcementResult::NoReinforcements | ReinforcementResult::NoEffect => {
                if result == ReinforcementResult::NoReinforcements {
                    self.state.turn_state.reinforcements_over = true;
                }
                // The same words whatever the secret total was [17.0].
                emit(
                    events,
                    event!(
                        "17.0",
                        "NATO's secret roll brings no reinforcements this Game-Turn"
                    ),
                )?;
                self.turn_start_from(Stage::Finish, events)
            }
            ReinforcementResult::AirSupport => {
                self.emergency_air(total, events)?;
                if read != total {
                    emit(
                        events,
                        event!(
                            "21.22",
                            "a 12 reads as 11 in this scenario: NATO may roll again"
                        ),
                    )?;
                }
                self.turn_start_from(Stage::Finish, events)
            }
            ReinforcementResult::AirSupportAndJagerbrigade => {
                self.emergency_air(total, events)?;
                self.state.turn_state.twelve_rolled = true;
                emit(
                    events,
                    event!(
                        "17.23",
                        "the 10th Jägerbrigade is dispatched; NATO may not roll again"
                    ),
                )?;
                let has_brigade = self
                    .scenario()
                    .reinforcements
                    .iter()
                    .any(|g| g.arrival == Arrival::Emergency);
                if has_brigade {
                    self.state.turn_state.step = TurnStep::JagerRoll;
                    Ok(())
                } else {
                    self.turn_start_from(Stage::Finish, events)
                }
            }
        }
    }

    /// [17.1] air support: 6 air points (none at night) and NATO air superiority this turn.
    fn emergency_air(
        &mut self,
        total: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.nato_air_superiority = true;
        let points = if self.is_night() {
            0
        } else {
            EMERGENCY_AIR_POINTS
        };
        self.state.turn_state.air_points[NATO.index()] = points;
        emit(
            events,
            event!(
                "17.1",
                "NATO rolled {}: air support, {} air points and air superiority",
                total,
                points
            ),
        )
    }

    fn jager_result(&mut self, die: u8, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        let mut units: heapless::Vec<UnitId, { super::data::MAX_GROUP_UNITS }> =
            heapless::Vec::new();
        for g in self
            .scenario()
            .reinforcements
            .iter()
            .filter(|g| g.arrival == Arrival::Emergency)
        {
            for &u in &g.units {
                if self.state.units[u.0 as usize].location == Location::Pool {
                    units
                        .push(u)
                        .map_err(|_| RuleViolation::new("engine", "too many emergency units"))?;
                }
            }
        }
        match die {
            1 | 2 => {
                self.state.turn_state.jager_turn = self.state.turn;
                emit(
                    events,
                    event!(
                        "17.1",
                        "the Jägerbrigade arrives: airland it this Game-Turn or lose it"
                    ),
                )
            }
            3 => {
                for &u in &units {
                    self.state.units[u.0 as usize].location = Location::Unused;
                }
                emit(
                    events,
                    event!("17.1", "the Jägerbrigade aborts its flight and is lost"),
                )
            }
            _ => {
                emit(
                    events,
                    event!("17.1", "the Jägerbrigade is destroyed in the air"),
                )?;
                for &u in &units {
                    self.eliminate(u, "17.1", events)?;
                }
                Ok(())
            }
        }
    }

    // ---- fire ---------------------------------------------------------------------------------

    /// May fire spread into `h` [10.73], [10.74]: a POL hex not burning and never burnt.
    fn fire_can_spread_to(&self, h: HexId) -> bool {
        let m = self.markers(h);
        self.features(h).has(HexFeatures::POL)
            && !m.has(Markers::FIRE)
            && !m.has(Markers::BURNED)
            && !m.has(Markers::POL_DESTROYED)
    }

    /// Sets a POL hex on fire as a collateral damage result would [10.71]: the unit in it is
    /// eliminated and the hex can never burn again [10.73].
    pub(crate) fn set_fire(
        &mut self,
        h: HexId,
        case: &'static str,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let turn = self.state.turn;
        if let Some(s) = self.hex_state_mut(h) {
            s.markers.insert(Markers::FIRE | Markers::BURNED);
            s.marker_turn = turn;
        }
        let label = self.data.map.geometry.format(h);
        emit(events, event!(case, "fire in {}", label).at(h))?;
        while let Some(u) = self.unit_at(h) {
            self.eliminate(u, "10.71", events)?;
        }
        Ok(())
    }

    // ---- the rail line ------------------------------------------------------------------------

    fn check_rail_occupation(&mut self) {
        if self.nato_on_rail_line() {
            self.state.turn_state.rail_occupied_this_turn = true;
            self.state.turn_state.nato_on_rail_ever = true;
        }
    }

    /// Did NATO artillery interdict the rail line this Game-Turn [20.22]?
    fn interdiction_happened(&self) -> bool {
        self.state.turn_state.interdicted
    }

    /// Records a NATO interdiction mission this Game-Turn [20.22] (called by combat).
    pub fn record_interdiction(&mut self) {
        self.state.turn_state.interdicted = true;
    }

    fn add_rail_vp(&mut self, vp: u16) -> Result<(), RuleViolation> {
        let ts = &mut self.state.turn_state;
        ts.rail_vp = ts
            .rail_vp
            .checked_add(vp)
            .ok_or(RuleViolation::new("engine", "rail-line VP overflow"))?;
        Ok(())
    }
}

fn honors_case(kind: HonorsSecond) -> &'static str {
    match kind {
        HonorsSecond::Bonus => "19.11",
        HonorsSecond::CeaseFireOrSurrender => "19.12",
        HonorsSecond::Surrender => "19.13",
    }
}

/// The total of a roll the table asked for, or a refusal citing `case`.
fn expect_roll(input: &Input85, dice: DiceSpec, case: &'static str) -> Result<u8, RuleViolation> {
    match input {
        Input::Rolled(r) if dice.accepts(r) => Ok(r.total() as u8),
        Input::Rolled(_) => refuse(case, "those are not the dice this roll needs"),
        _ => refuse(case, "the dice must be rolled now"),
    }
}

/// The index of the option chosen, or a refusal citing `case`.
fn expect_choice(input: &Input85, options: u8, case: &'static str) -> Result<u8, RuleViolation> {
    match input {
        Input::Chose(i) if *i < options => Ok(*i),
        Input::Chose(_) => refuse(case, "there is no such option"),
        _ => refuse(case, "a choice must be made now"),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::data::{Region, ReinforcementGroup};
    use crate::berlin85::state::Phase;
    use crate::berlin85::testkit::{hex, Board, HF, SF};
    use crate::core::protocol::DiceRoll;
    use crate::core::side::Viewer;
    use crate::core::units::UnitKind;
    use std::format;
    use std::vec::Vec;

    pub fn roll(v: &[u8]) -> Input85 {
        Input::Rolled(DiceRoll::of(v))
    }
    pub fn yes() -> Input85 {
        Input::Chose(0)
    }
    pub fn no() -> Input85 {
        Input::Chose(1)
    }

    /// West Berlin on a 10x10 board: column 01 rows 01-08 are barracks (2 SP each when the
    /// Warsaw Pact holds them [19.44]); 0110 is an objective NATO keeps, so the city never
    /// falls unless a test takes it.
    pub fn berlin_board() -> Board {
        let mut b = Board::new(10, 10);
        for r in 1..=10u8 {
            let h = crate::core::hex::HexId::new(1, r);
            b.region(h, Region::WestBerlin);
            if r <= 8 {
                b.feature(h, HF::BARRACKS);
            }
        }
        b.feature(hex("0110"), HF::OBJECTIVE);
        b
    }

    /// Gives the Warsaw Pact `n` barracks hexes: 2n Surrender Points.
    pub fn take_barracks(g: &mut Game<'_>, n: u8) {
        for r in 1..=n {
            g.mark_held(crate::core::hex::HexId::new(1, r), WARSAW_PACT);
        }
    }

    /// Starts Game-Turn `turn`.
    pub fn begin(g: &mut Game<'_>, turn: u8) -> Events<Event> {
        g.state.turn = turn;
        g.state.phase = Phase::TurnStart;
        let mut ev = Events::new();
        g.begin_game_turn(&mut ev).expect("turn start");
        ev
    }

    /// Ends the current Game-Turn (and starts the next one unless the game is over).
    pub fn end_turn(g: &mut Game<'_>) -> Events<Event> {
        let mut ev = Events::new();
        g.end_game_turn(&mut ev).expect("turn end");
        ev
    }

    pub fn cites(ev: &Events<Event>, case: &str) -> bool {
        ev.iter().any(|e| e.case == case)
    }

    fn game(b: Board) -> Game<'static> {
        b.game(Phase::TurnStart, WARSAW_PACT, 1, &[])
    }

    fn is_choice(g: &Game<'_>, who: Side, case: &str) -> bool {
        matches!(g.pending(), Pending::Choose { player, case: c, .. } if player == who && c == case)
    }

    fn is_roll(g: &Game<'_>, who: Side, case: &str) -> bool {
        matches!(g.pending(), Pending::Roll { player, case: c, .. } if player == who && c == case)
    }

    fn in_wp_movement(g: &Game<'_>) -> bool {
        g.state.phase == Phase::Movement && g.state.phasing == WARSAW_PACT
    }

    /// The Jägerbrigade as NATO's emergency reinforcement group [21.12].
    fn with_jager(b: &mut Board, n: usize) -> Vec<UnitId> {
        let units: Vec<UnitId> = (0..n)
            .map(|_| b.unit(NATO, UnitKind::Mechanized, 0, 0, 12))
            .collect();
        let mut g = ReinforcementGroup {
            side: NATO,
            units: heapless::Vec::new(),
            from_turn: 2,
            arrival: Arrival::Emergency,
        };
        for &u in &units {
            g.units.push(u).unwrap();
        }
        b.scenario_mut().reinforcements.push(g).unwrap();
        units
    }

    // ---- [19.0] Honors of War -------------------------------------------------------------

    #[test]
    fn honors_19_21_not_offered_on_game_turn_1() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 5);
        begin(&mut g, 1);
        assert!(
            in_wp_movement(&g),
            "turn 1: straight to the Warsaw Pact movement phase"
        );
    }

    #[test]
    fn honors_19_45_needs_six_surrender_points() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 2);
        assert_eq!(g.surrender_points(), 4);
        begin(&mut g, 2);
        assert!(!is_choice(&g, WARSAW_PACT, "19.0"), "4 SP: no offer");
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        assert!(
            is_choice(&g, WARSAW_PACT, "19.0"),
            "6 SP: the Warsaw Pact may offer"
        );
    }

    #[test]
    fn honors_19_0_declining_costs_nothing_and_reinforcements_follow() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&no()).unwrap();
        assert!(
            is_choice(&g, NATO, "17.0"),
            "then NATO may roll for reinforcements [17.0]"
        );
        assert_eq!(g.state.turn_state.honors_failed_offers, 0);
    }

    #[test]
    fn honors_19_0_column_is_the_highest_not_above_the_points() {
        let g = game(berlin_board());
        assert_eq!(g.honors_column(5), None);
        assert_eq!(g.honors_column(6), Some(0));
        assert_eq!(g.honors_column(9), Some(0));
        assert_eq!(g.honors_column(10), Some(1));
        assert_eq!(g.honors_column(99), Some(4));
    }

    #[test]
    fn honors_19_11_bonus_shift_second_die_1_to_3_nato() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        assert!(is_roll(&g, WARSAW_PACT, "19.0"));
        let ev = g.apply(&roll(&[3, 3])).unwrap(); // 6 on the 6-9 column: B
        assert!(cites(&ev, "19.11"));
        assert!(is_roll(&g, WARSAW_PACT, "19.11"));
        let ev = g.apply(&roll(&[2])).unwrap();
        assert_eq!(g.honors_bonus_side(), Some(NATO));
        assert!(cites(&ev, "19.21"), "no surrender: the offer costs 20 VP");
        assert_eq!(g.state.turn_state.honors_failed_offers, 1);
    }

    #[test]
    fn honors_19_11_bonus_shift_second_die_4_to_6_warsaw_pact_for_the_turn_only() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[4, 3])).unwrap();
        g.apply(&roll(&[6])).unwrap();
        assert_eq!(g.honors_bonus_side(), Some(WARSAW_PACT));
        g.apply(&no()).unwrap(); // NATO does not roll
        end_turn(&mut g);
        assert_eq!(g.honors_bonus_side(), None, "the bonus lasts one Game-Turn");
    }

    #[test]
    fn honors_19_12_cease_fire_skips_the_whole_turn() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 5])).unwrap(); // 11: C
        assert!(is_roll(&g, WARSAW_PACT, "19.12"));
        let ev = g.apply(&roll(&[1])).unwrap();
        assert!(cites(&ev, "19.12"));
        assert_eq!(g.state.turn, 3, "the turn marker moved on");
        assert!(
            !cites(&ev, "17.0"),
            "no reinforcement roll during a cease fire"
        );
        assert_eq!(g.state.turn_state.honors_failed_offers, 1);
        assert!(!g.state.turn_state.cease_fire, "turn 3 is played normally");
    }

    #[test]
    fn honors_19_12_surrender_on_4_to_6_ends_the_game_and_the_city_falls() {
        let mut b = berlin_board();
        let wp: Vec<UnitId> = (0..4)
            .map(|_| b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12))
            .collect();
        let mut g = game(b);
        for (i, &u) in wp.iter().enumerate() {
            g.put(u, crate::core::hex::HexId::new(5, 1 + i as u8));
        }
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        let ev = g.apply(&roll(&[4])).unwrap();
        assert!(cites(&ev, "19.12"));
        assert_eq!(g.pending(), Pending::GameOver);
        let o = g.outcome().expect("game over");
        assert_eq!(
            o.ending,
            crate::berlin85::victory::Ending::Surrender { turn: 2 }
        );
        // 4 units x multiple 5 (turn 2) = 20 VP; a surrender costs no Honors penalty [19.21].
        assert_eq!(o.wp_vp_halves, 40);
        assert_eq!(g.state.turn_state.honors_failed_offers, 0);
    }

    #[test]
    fn honors_19_13_surrender_check_4_to_6() {
        for (die, surrenders) in [(3u8, false), (4, true)] {
            let mut g = game(berlin_board());
            take_barracks(&mut g, 8); // 16 SP: the 15 column, where 11 reads S
            begin(&mut g, 2);
            g.apply(&yes()).unwrap();
            g.apply(&roll(&[5, 6])).unwrap();
            assert!(is_roll(&g, WARSAW_PACT, "19.13"));
            g.apply(&roll(&[die])).unwrap();
            assert_eq!(g.state.phase == Phase::GameOver, surrenders, "die {die}");
            if !surrenders {
                assert_eq!(g.state.turn_state.honors_failed_offers, 1);
            }
        }
    }

    #[test]
    fn honors_19_14_modifier_result_modifies_the_surrender_die() {
        // 9 on the 6 column reads "+1": a surrender check whose die gets +1.
        for (die, surrenders) in [(2u8, false), (3, true)] {
            let mut g = game(berlin_board());
            take_barracks(&mut g, 3);
            begin(&mut g, 2);
            g.apply(&yes()).unwrap();
            let ev = g.apply(&roll(&[4, 5])).unwrap();
            assert!(cites(&ev, "19.14"));
            g.apply(&roll(&[die])).unwrap();
            assert_eq!(
                g.state.phase == Phase::GameOver,
                surrenders,
                "die {die} + 1"
            );
        }
    }

    #[test]
    fn honors_19_0_no_effect_result_costs_20_vp() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[1, 1])).unwrap();
        assert!(cites(&ev, "19.21"));
        assert!(is_choice(&g, NATO, "17.0"));
        assert_eq!(g.victory_points().wp_halves, -40);
    }

    #[test]
    fn honors_19_21_once_per_turn_on_any_number_of_turns() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[1, 1])).unwrap();
        assert!(!is_choice(&g, WARSAW_PACT, "19.0"), "one offer a turn");
        g.apply(&no()).unwrap();
        end_turn(&mut g);
        assert!(
            is_choice(&g, WARSAW_PACT, "19.0"),
            "offered again next turn"
        );
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[1, 2])).unwrap();
        assert_eq!(g.state.turn_state.honors_failed_offers, 2);
    }

    #[test]
    fn honors_21_35_1_never_offered_in_medicine_wheel() {
        let mut b = berlin_board();
        b.scenario_mut().rules.no_honors_no_surrender = true;
        let mut g = game(b);
        take_barracks(&mut g, 8);
        begin(&mut g, 9);
        assert!(!is_choice(&g, WARSAW_PACT, "19.0"));
        assert_eq!(
            g.surrender_points(),
            0,
            "no Surrender Point track [21.35] 1"
        );
    }

    #[test]
    fn honors_refuses_other_inputs_with_its_case() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 3);
        begin(&mut g, 2);
        let before = g.state.clone();
        assert_eq!(g.apply(&roll(&[3])).unwrap_err().case, "19.0");
        assert_eq!(g.apply(&Input::Chose(2)).unwrap_err().case, "19.0");
        g.apply(&yes()).unwrap();
        assert_eq!(
            g.apply(&roll(&[3])).unwrap_err().case,
            "19.0",
            "2d6 are needed"
        );
        assert_eq!(
            g.apply(&roll(&[3, 7])).unwrap_err().case,
            "19.0",
            "a d6 has no 7"
        );
        let _ = before;
    }

    // ---- [17.0] NATO emergency reinforcements ---------------------------------------------

    #[test]
    fn reinforcements_17_0_from_game_turn_2() {
        let mut g = game(berlin_board());
        begin(&mut g, 1);
        assert!(in_wp_movement(&g));
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        assert!(is_choice(&g, NATO, "17.0"));
        g.apply(&no()).unwrap();
        assert!(in_wp_movement(&g), "never forced to roll");
    }

    #[test]
    fn reinforcements_17_0_the_roll_is_secret() {
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        assert!(matches!(
            g.pending(),
            Pending::Roll {
                player: NATO,
                secret: true,
                case: "17.0",
                ..
            }
        ));
        let ev = g.apply(&roll(&[3, 4])).unwrap();
        for e in &ev {
            assert!(
                !e.text.contains('7'),
                "the event log does not give the total: {e}"
            );
        }
        assert!(in_wp_movement(&g));
        assert_eq!(g.view(Viewer::Side(WARSAW_PACT)).reinforcement_roll, None);
        assert_eq!(
            g.view(Viewer::Side(NATO))
                .reinforcement_roll
                .map(|r| r.total),
            Some(7)
        );
    }

    #[test]
    fn reinforcements_17_1_two_to_five_ends_them_but_nato_may_fake_rolls() {
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev_low = g.apply(&roll(&[1, 3])).unwrap();
        assert!(g.state.turn_state.reinforcements_over);
        end_turn(&mut g);
        assert!(
            is_choice(&g, NATO, "17.0"),
            "still asked, so the Warsaw Pact cannot tell"
        );
        g.apply(&yes()).unwrap();
        let ev_fake = g.apply(&roll(&[5, 6])).unwrap();
        assert_eq!(
            g.air_superiority(),
            WARSAW_PACT,
            "an 11 after a 2-5 has no effect"
        );
        assert_eq!(g.air_points_available(NATO), 0);
        let texts = |ev: &Events<Event>| {
            ev.iter()
                .filter(|e| e.case.starts_with("17"))
                .map(|e| e.text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            texts(&ev_low),
            texts(&ev_fake),
            "a real and a faked roll read the same"
        );
        let v = g.view(Viewer::Side(WARSAW_PACT));
        assert_eq!(v.reinforcement_roll, None);
        assert_eq!(v.reinforcements_over, None);
        assert_eq!(g.view(Viewer::Side(NATO)).reinforcements_over, Some(true));
    }

    #[test]
    fn reinforcements_17_1_no_effect_rolls_may_continue() {
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[3, 5])).unwrap();
        assert!(!g.state.turn_state.reinforcements_over);
        end_turn(&mut g);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[5, 6])).unwrap();
        assert_eq!(g.air_superiority(), NATO);
    }

    #[test]
    fn reinforcements_17_1_eleven_air_support_and_air_superiority() {
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[5, 6])).unwrap();
        assert!(cites(&ev, "17.1"));
        assert_eq!(g.air_superiority(), NATO);
        assert_eq!(g.air_points_available(NATO), EMERGENCY_AIR_POINTS);
        assert_eq!(
            g.air_points_available(WARSAW_PACT),
            0,
            "[9.21] no Pact air points"
        );
        assert!(cites(&ev, "9.21"));
        let v = g.view(Viewer::Side(WARSAW_PACT));
        assert_eq!(
            v.reinforcement_roll.map(|r| r.total),
            Some(11),
            "reinforcements are announced"
        );
        end_turn(&mut g);
        g.apply(&no()).unwrap();
        assert_eq!(
            g.air_superiority(),
            WARSAW_PACT,
            "for one Game-Turn only [9.22]"
        );
    }

    #[test]
    fn reinforcements_17_1_air_support_at_night_superiority_without_points() {
        let mut g = game(berlin_board());
        begin(&mut g, 3);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 5])).unwrap();
        assert_eq!(g.air_superiority(), NATO);
        assert_eq!(g.air_points_available(NATO), 0);
    }

    #[test]
    fn reinforcements_17_1_jagerbrigade_airlands_on_1_or_2_this_turn_only() {
        let mut b = berlin_board();
        let jg = with_jager(&mut b, 7);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[6, 6])).unwrap();
        assert!(cites(&ev, "17.23"));
        assert!(is_roll(&g, NATO, "17.1"));
        g.apply(&roll(&[2])).unwrap();
        assert!(g.emergency_land_reinforcements_available());
        assert!(g.is_emergency_reinforcement(jg[0]));
        assert_eq!(g.air_superiority(), NATO);
        // Two are airlanded; the rest cannot be and are lost at the end of the turn [17.21].
        g.put(jg[0], hex("0501"));
        g.put(jg[1], hex("0502"));
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "17.21"));
        assert_eq!(g.state.units[jg[2].0 as usize].location, Location::Unused);
        assert_eq!(
            g.state.units[jg[0].0 as usize].location,
            Location::OnMap(hex("0501"))
        );
        assert!(!g.emergency_land_reinforcements_available());
    }

    #[test]
    fn reinforcements_17_1_jagerbrigade_aborts_on_3() {
        let mut b = berlin_board();
        let jg = with_jager(&mut b, 7);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        g.apply(&roll(&[3])).unwrap();
        assert!(jg
            .iter()
            .all(|u| g.state.units[u.0 as usize].location == Location::Unused));
        assert_eq!(g.surrender_points(), 0, "an abort is no loss");
        assert_eq!(
            g.air_points_available(NATO),
            EMERGENCY_AIR_POINTS,
            "[17.22] air support stands"
        );
    }

    #[test]
    fn reinforcements_17_1_jagerbrigade_destroyed_in_the_air_counts_as_losses() {
        let mut b = berlin_board();
        let jg = with_jager(&mut b, 7);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        let ev = g.apply(&roll(&[5])).unwrap();
        assert!(jg
            .iter()
            .all(|u| g.state.units[u.0 as usize].location == Location::Eliminated));
        assert_eq!(g.surrender_points(), 14, "7 units x 2 SP [19.43]");
        assert_eq!(g.surrender_points(), g.surrender_points_from_scratch());
        assert!(cites(&ev, "19.43"));
        assert_eq!(g.air_superiority(), NATO, "[17.22]");
    }

    #[test]
    fn reinforcements_17_23_no_rolls_after_a_twelve() {
        let mut b = berlin_board();
        with_jager(&mut b, 7);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        g.apply(&roll(&[4])).unwrap();
        end_turn(&mut g);
        assert!(
            is_choice(&g, WARSAW_PACT, "19.0"),
            "14 SP: the Pact may offer Honors"
        );
        g.apply(&no()).unwrap();
        assert!(in_wp_movement(&g), "NATO is not asked again");
    }

    #[test]
    fn reinforcements_21_22_werewolf_twelve_reads_as_eleven() {
        let mut b = berlin_board();
        b.scenario_mut().rules.twelve_reads_as_eleven = true;
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[6, 6])).unwrap();
        assert!(cites(&ev, "21.22"));
        assert_eq!(g.air_superiority(), NATO);
        assert!(in_wp_movement(&g), "no Jägerbrigade roll");
        end_turn(&mut g);
        assert!(is_choice(&g, NATO, "17.0"), "NATO may roll again");
    }

    #[test]
    fn reinforcements_21_32_never_rolled_in_medicine_wheel() {
        let mut b = berlin_board();
        b.scenario_mut().rules.no_reinforcements = true;
        let mut g = game(b);
        begin(&mut g, 8);
        assert!(in_wp_movement(&g));
    }

    #[test]
    fn reinforcements_17_21_brigade_units_that_cannot_airland_are_lost() {
        let mut b = berlin_board();
        let jg = with_jager(&mut b, 3);
        let mut g = game(b);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        g.apply(&roll(&[1])).unwrap();
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "17.21"));
        assert!(jg
            .iter()
            .all(|u| g.state.units[u.0 as usize].location == Location::Unused));
        assert_eq!(
            g.surrender_points(),
            0,
            "lost, not destroyed: no Surrender Points"
        );
    }

    #[test]
    fn reinforcements_17_22_a_failed_brigade_leaves_air_support_in_place() {
        for die in [3u8, 4, 6] {
            let mut b = berlin_board();
            with_jager(&mut b, 7);
            let mut g = game(b);
            begin(&mut g, 2);
            g.apply(&yes()).unwrap();
            g.apply(&roll(&[6, 6])).unwrap();
            g.apply(&roll(&[die])).unwrap();
            assert_eq!(g.air_superiority(), NATO, "die {die}");
            assert_eq!(
                g.air_points_available(NATO),
                EMERGENCY_AIR_POINTS,
                "die {die}"
            );
        }
    }

    #[test]
    fn reinforcements_13_11_emergency_units_only_in_their_turn() {
        let mut b = berlin_board();
        let jg = with_jager(&mut b, 2);
        let mut g = game(b);
        begin(&mut g, 2);
        assert!(
            !g.emergency_land_reinforcements_available(),
            "not before they are dispatched"
        );
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[6, 6])).unwrap();
        g.apply(&roll(&[2])).unwrap();
        assert!(g.emergency_land_reinforcements_available());
        assert!(g.is_emergency_reinforcement(jg[1]));
        end_turn(&mut g);
        assert!(
            !g.emergency_land_reinforcements_available(),
            "they may not be withheld"
        );
    }

    // ---- [9.0] air points and air superiority --------------------------------------------

    #[test]
    fn air_9_0_warsaw_pact_points_from_the_turn_record_track() {
        let mut g = game(berlin_board());
        let ev = begin(&mut g, 1);
        assert!(cites(&ev, "9.0"));
        assert_eq!(g.air_points_available(WARSAW_PACT), 6);
        assert_eq!(
            g.air_points_available(NATO),
            0,
            "NATO only through emergency reinforcements"
        );
        assert_eq!(
            g.air_superiority(),
            WARSAW_PACT,
            "[9.22] the Pact by default"
        );
    }

    #[test]
    fn air_9_15_no_points_at_night_superiority_still_counts() {
        let mut g = game(berlin_board());
        begin(&mut g, 3);
        assert!(g.is_night());
        let ev = g.apply(&no()).unwrap();
        assert!(cites(&ev, "9.15"));
        assert_eq!(g.air_points_available(WARSAW_PACT), 0);
        assert_eq!(g.air_superiority(), WARSAW_PACT);
    }

    #[test]
    fn air_9_1_points_are_spent_and_not_kept() {
        let mut g = game(berlin_board());
        begin(&mut g, 1);
        g.use_air_points(WARSAW_PACT, 4).unwrap();
        assert_eq!(g.air_points_available(WARSAW_PACT), 2);
        assert_eq!(g.use_air_points(WARSAW_PACT, 3).unwrap_err().case, "9.1");
        end_turn(&mut g);
        g.apply(&no()).unwrap();
        assert_eq!(
            g.air_points_available(WARSAW_PACT),
            6,
            "[9.14] a fresh allocation, none carried over"
        );
    }

    #[test]
    fn air_9_21_nato_superiority_means_no_pact_air_points() {
        let mut g = game(berlin_board());
        begin(&mut g, 4);
        g.apply(&yes()).unwrap();
        let ev = g.apply(&roll(&[5, 6])).unwrap();
        assert!(cites(&ev, "9.21"));
        assert_eq!(g.air_points_available(WARSAW_PACT), 0);
        assert_eq!(
            g.air_superiority(),
            NATO,
            "[13.24] only NATO may airland this turn"
        );
    }

    #[test]
    fn air_9_22_the_pact_has_superiority_unless_nato_rolled_11_or_12() {
        let mut g = game(berlin_board());
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[4, 6])).unwrap();
        assert_eq!(g.air_superiority(), WARSAW_PACT, "a 10 gives nothing");
        assert_eq!(g.honors_bonus_side(), None);
    }

    #[test]
    fn air_16_11_no_air_points_at_night() {
        let mut g = game(berlin_board());
        begin(&mut g, 6);
        g.apply(&no()).unwrap();
        assert!(g.is_night());
        assert_eq!(g.air_points_available(WARSAW_PACT), 0);
        let mut b = berlin_board();
        b.scenario_mut().rules.random_wp_air = true;
        b.scenario_mut().rules.no_reinforcements = true;
        let mut g = game(b);
        begin(&mut g, 9);
        assert!(
            in_wp_movement(&g),
            "no air roll at night in Medicine Wheel either"
        );
        assert_eq!(g.air_points_available(WARSAW_PACT), 0);
    }

    #[test]
    fn air_21_33_medicine_wheel_points_are_a_die_roll() {
        let mut b = berlin_board();
        b.scenario_mut().rules.random_wp_air = true;
        b.scenario_mut().rules.no_reinforcements = true;
        b.scenario_mut().rules.no_honors_no_surrender = true;
        let mut g = game(b);
        begin(&mut g, 7);
        assert!(is_roll(&g, WARSAW_PACT, "21.33"));
        g.apply(&roll(&[4])).unwrap();
        assert_eq!(g.air_points_available(WARSAW_PACT), 4);
        assert_eq!(g.air_points_available(NATO), 0);
        assert!(in_wp_movement(&g));
    }

    // ---- [21.35] 4 supply priority ------------------------------------------------------------

    fn medicine_wheel_supply() -> Board {
        let mut b = berlin_board();
        let r = &mut b.scenario_mut().rules;
        r.wp_supply_priority = true;
        r.no_reinforcements = true;
        r.no_honors_no_surrender = true;
        b
    }

    #[test]
    fn supply_21_35_4_rolled_from_turn_8_effective_next_turn() {
        let mut g = game(medicine_wheel_supply());
        begin(&mut g, 7);
        assert!(in_wp_movement(&g), "no roll on turn 7");
        assert!(!g.wp_supply_priority_active(), "out of supply at the start");
        begin(&mut g, 8);
        assert!(is_roll(&g, WARSAW_PACT, "21.35"));
        g.apply(&roll(&[4])).unwrap();
        assert!(!g.wp_supply_priority_active(), "not this turn");
        end_turn(&mut g);
        assert_eq!(g.state.turn, 9);
        assert!(g.wp_supply_priority_active(), "from the next turn");
        assert!(!is_roll(&g, WARSAW_PACT, "21.35"), "won once, kept");
    }

    #[test]
    fn supply_21_35_4_five_or_six_fails_and_is_tried_again() {
        let mut g = game(medicine_wheel_supply());
        begin(&mut g, 8);
        g.apply(&roll(&[5])).unwrap();
        end_turn(&mut g);
        assert!(!g.wp_supply_priority_active());
        assert!(is_roll(&g, WARSAW_PACT, "21.35"));
    }

    #[test]
    fn supply_21_35_4_rail_line_occupied_subtracts_one() {
        let mut b = medicine_wheel_supply();
        b.feature(hex("0505"), HF::RAIL_LINE);
        let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
        let mut g = game(b);
        g.put(n, hex("0505"));
        begin(&mut g, 8);
        g.apply(&roll(&[5])).unwrap();
        assert!(g.state.turn_state.nato_on_rail_ever);
        assert_eq!(
            g.state.turn_state.supply_priority_from, 9,
            "5 - 1 = 4 succeeds"
        );
    }

    #[test]
    fn supply_21_35_4_not_used_elsewhere() {
        let g = game(berlin_board());
        assert!(g.wp_supply_priority_active());
    }

    // ---- [10.74] fire spread, [10.71] fire to ruin, [8.82] gas -------------------------------

    fn fire_board() -> (Board, UnitId) {
        let mut b = Board::new(10, 10);
        b.feature(hex("0505"), HF::POL);
        b.feature(hex("0506"), HF::POL);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 6, 6, 12);
        (b, u)
    }

    fn burning(g: &mut Game<'_>, h: HexId, turn: u8) {
        let s = g.hex_state_mut(h).unwrap();
        s.markers.insert(Markers::FIRE | Markers::BURNED);
        s.marker_turn = turn;
    }

    fn begin_player_turn(g: &mut Game<'_>, side: Side) -> Events<Event> {
        let mut ev = Events::new();
        g.begin_player_turn(side, &mut ev).unwrap();
        ev
    }

    #[test]
    fn fire_10_74_spreads_on_1_to_3_and_destroys_the_unit_there() {
        let (b, u) = fire_board();
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        g.put(u, hex("0506"));
        burning(&mut g, hex("0505"), 2);
        begin_player_turn(&mut g, NATO);
        assert!(is_roll(&g, NATO, "10.74"), "the phasing player rolls");
        assert_eq!(g.fire_spread_hex(), Some(hex("0506")));
        let ev = g.apply(&roll(&[3])).unwrap();
        assert!(g.markers(hex("0506")).has(Markers::FIRE));
        assert_eq!(g.state.units[u.0 as usize].location, Location::Eliminated);
        assert!(cites(&ev, "10.71"));
        assert_eq!(g.state.phase, Phase::Movement);
    }

    #[test]
    fn fire_10_74_does_not_spread_on_4_to_6() {
        let (b, _) = fire_board();
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        burning(&mut g, hex("0505"), 2);
        begin_player_turn(&mut g, WARSAW_PACT);
        g.apply(&roll(&[4])).unwrap();
        assert!(!g.markers(hex("0506")).has(Markers::FIRE));
        assert_eq!(g.state.phase, Phase::Movement);
    }

    #[test]
    fn fire_10_74_not_across_a_water_hexside() {
        let (mut b, _) = fire_board();
        b.side(hex("0505"), hex("0506"), SF::WATER);
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        burning(&mut g, hex("0505"), 2);
        begin_player_turn(&mut g, WARSAW_PACT);
        assert_eq!(g.state.phase, Phase::Movement, "no roll across water");
    }

    #[test]
    fn fire_10_73_a_burnt_hex_never_burns_again() {
        let (b, _) = fire_board();
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        burning(&mut g, hex("0505"), 2);
        g.hex_state_mut(hex("0506"))
            .unwrap()
            .markers
            .insert(Markers::RUIN | Markers::BURNED);
        begin_player_turn(&mut g, WARSAW_PACT);
        assert_eq!(g.state.phase, Phase::Movement);
    }

    #[test]
    fn fire_10_71_becomes_a_ruin_at_the_end_of_the_next_turn() {
        let (b, _) = fire_board();
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        burning(&mut g, hex("0505"), 2);
        let ev = end_turn(&mut g);
        assert!(
            g.markers(hex("0505")).has(Markers::FIRE),
            "still burning at the end of turn 2"
        );
        assert!(!cites(&ev, "10.71"));
        g.state.phase = Phase::Combat;
        g.state.turn = 3;
        let ev = end_turn(&mut g);
        let m = g.markers(hex("0505"));
        assert!(
            !m.has(Markers::FIRE) && m.has(Markers::RUIN),
            "a ruin after turn 3"
        );
        assert!(cites(&ev, "10.71"));
    }

    #[test]
    fn gas_8_82_removed_at_the_end_of_the_following_turn() {
        let (b, _) = fire_board();
        let mut g = b.game(Phase::Combat, NATO, 2, &[]);
        let s = g.hex_state_mut(hex("0303")).unwrap();
        s.markers.insert(Markers::GAS);
        s.marker_turn = 2;
        end_turn(&mut g);
        assert!(
            g.markers(hex("0303")).has(Markers::GAS),
            "placed in turn 2: still there"
        );
        g.state.turn = 3;
        let ev = end_turn(&mut g);
        assert!(
            !g.markers(hex("0303")).has(Markers::GAS),
            "removed at the end of turn 3"
        );
        assert!(cites(&ev, "8.82"));
    }

    // ---- [20.22], [20.23] the rail line --------------------------------------------------------

    fn rail_board() -> (Board, UnitId) {
        let mut b = berlin_board();
        b.feature(hex("0505"), HF::RAIL_LINE);
        let n = b.unit(NATO, UnitKind::Mechanized, 6, 6, 12);
        (b, n)
    }

    #[test]
    fn rail_20_23_a_nato_unit_on_the_line_scores_8() {
        let (b, n) = rail_board();
        let mut g = game(b);
        g.put(n, hex("0505"));
        g.state.turn = 2;
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "20.23"));
        assert_eq!(g.state.turn_state.rail_vp, 8);
    }

    #[test]
    fn rail_20_22_interdiction_scores_5() {
        let (b, _) = rail_board();
        let mut g = game(b);
        g.state.turn = 2;
        g.record_interdiction();
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "20.22"));
        assert_eq!(g.state.turn_state.rail_vp, 5);
        assert!(!g.state.turn_state.interdicted, "counted per Game-Turn");
    }

    #[test]
    fn rail_20_23_occupation_replaces_interdiction() {
        let (b, n) = rail_board();
        let mut g = game(b);
        g.put(n, hex("0505"));
        g.state.turn = 2;
        g.record_interdiction();
        end_turn(&mut g);
        assert_eq!(g.state.turn_state.rail_vp, 8, "8, not 13");
    }

    #[test]
    fn rail_20_23_counts_a_unit_seen_at_a_player_turn_start() {
        let (b, n) = rail_board();
        let mut g = game(b);
        g.put(n, hex("0505"));
        begin_player_turn(&mut g, WARSAW_PACT);
        g.state.units[n.0 as usize].location = Location::OnMap(hex("0606"));
        end_turn(&mut g);
        assert_eq!(g.state.turn_state.rail_vp, 8);
    }

    // ---- [20.0] end of the game -------------------------------------------------------------

    #[test]
    fn victory_20_0_ends_after_the_last_game_turn() {
        let mut g = game(berlin_board());
        g.state.turn = 15;
        end_turn(&mut g);
        assert_eq!(g.state.turn, 16);
        assert!(g.outcome().is_none());
        g.state.phase = Phase::Combat;
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "20.0") && cites(&ev, "20.24"));
        assert_eq!(g.pending(), Pending::GameOver);
        let o = g.outcome().unwrap();
        assert_eq!(
            o.ending,
            crate::berlin85::victory::Ending::LastTurn { turn: 16 }
        );
        assert_eq!(
            o.level, "NATO Decisive Victory",
            "no VP if the city does not fall"
        );
    }

    #[test]
    fn victory_20_11_the_city_falls_at_the_end_of_a_turn_held_entirely() {
        let mut g = game(berlin_board());
        take_barracks(&mut g, 8);
        g.state.turn = 4;
        end_turn(&mut g);
        assert_eq!(g.state.turn, 5, "the objective 0110 is still NATO's");
        g.mark_held(hex("0110"), WARSAW_PACT);
        g.state.phase = Phase::Combat;
        let ev = end_turn(&mut g);
        assert!(cites(&ev, "20.11"));
        assert_eq!(
            g.outcome().unwrap().ending,
            crate::berlin85::victory::Ending::CityControlled { turn: 5 }
        );
    }

    #[test]
    fn victory_21_36_no_city_control_in_medicine_wheel() {
        let mut b = berlin_board();
        b.scenario_mut().rules.medicine_wheel_vp = true;
        b.scenario_mut().rules.no_honors_no_surrender = true;
        let mut g = game(b);
        take_barracks(&mut g, 8);
        g.mark_held(hex("0110"), WARSAW_PACT);
        g.state.turn = 9;
        end_turn(&mut g);
        assert_eq!(g.state.turn, 10);
    }

    #[test]
    fn turn_4_0_refuses_inputs_when_nothing_is_asked() {
        let mut g = game(berlin_board());
        g.state.phase = Phase::TurnStart;
        assert_eq!(g.apply(&roll(&[1])).unwrap_err().case, "4.0");
        let _ = format!("{:?}", g.state.turn_state);
    }
}
