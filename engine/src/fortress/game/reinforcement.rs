//! Reinforcements and withdrawals (5.0–5.4, 7.1.2, 14.0, 15.0). Units listed in an order of
//! appearance wait off the map until their turn; in the owner's movement segment a force of
//! them steps onto one of its listing's entry hexes, paying only that hex's cost (7.1.2), and
//! goes on from there like any force (5.0). Where the entry hex is held by the enemy or lies in
//! his zone of control, the force may come on next to it or at the neighbouring lettered area
//! (5.3). A listing left off the map may come on later; after a turn's delay the areas beside
//! its own are open too, but never farther (5.4: A never shifts to X).
//!
//! Withdrawals: the Soviet's listed units are taken off as his reinforcement segment begins
//! (5.1); the German's withdrawing units must leave the map by one of the listed edge hexes in
//! his movement segment, each scoring 2 VP (5.2, 12.0.1).
//!
//! A listed Soviet unit already eliminated is replaced by one the Soviet picks: on the map, of
//! the same type, with at least its FS (combat face), come in by the same map edge (5.1).

use super::{Event, Force, Game};
use crate::core::capacity::fortress_berlin::MP;
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::{Location, UnitId};
use crate::fortress::board::{Done, Segment, SegmentKind};
use crate::fortress::counters::{COMBAT, GERMAN, MANEUVER, SOVIET};
use crate::fortress::data::{Group, GroupKind};
use crate::fortress::zoc::enemy_zone;

/// Hexes one listing may enter by (a stand-in capacity: a few letters and their neighbours).
pub const MAX_ENTRY_HEXES: usize = 64;
/// The VP a German withdrawing unit scores when it leaves the map (5.2, 12.0.1).
pub const EXIT_VP: u16 = 2;
/// What leaving the map costs a withdrawing force: the price of one clear hex (see Rulings).
pub const EXIT_MP: u16 = 1;

/// The lettered areas beside `letter` (5.4): the letters run round the map edge, X beside A,
/// but a listing for A never shifts to X.
pub fn neighbour_letters(letter: u8) -> [Option<u8>; 2] {
    let before = (letter > b'A').then(|| letter - 1);
    let after = if letter >= b'X' {
        Some(b'A')
    } else {
        Some(letter + 1)
    };
    [before, after]
}

/// What brings a unit onto the map: a listing of the data (14.0, 15.0, 16.x), or the return of
/// a Soviet unit that retreated off the map, by one lettered area (8.7.1).
// The engine has no heap to box the owned listing in; a `Listing` lives on the stack for one
// query, so its size costs nothing that matters.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Listing<'d> {
    Data(&'d Group),
    Return(Group),
}

impl core::ops::Deref for Listing<'_> {
    type Target = Group;
    fn deref(&self) -> &Group {
        match self {
            Listing::Data(g) => g,
            Listing::Return(g) => g,
        }
    }
}

impl<'d> Game<'d> {
    /// The return listing of a Soviet unit off the map after a retreat (8.7.1): next turn, at
    /// the lettered area closest to where it left.
    fn return_listing(&self, u: UnitId) -> Option<Group> {
        let r = self.state.returning.iter().find(|r| r.unit == u)?;
        let mut units = heapless::Vec::new();
        let _ = units.push(u);
        Some(Group {
            kind: GroupKind::Arrival,
            side: SOVIET,
            turn: r.turn,
            case: crate::fortress::data::text("8.7.1"),
            variant: None,
            entry: Some((r.letter, r.letter)),
            zone: None,
            hexes: heapless::Vec::new(),
            draw: 0,
            units,
        })
    }

    /// The lettered entry area closest to `h` (8.7.1), the first in alphabetical order on a tie.
    pub(super) fn closest_entry(&self, h: HexId) -> Option<u8> {
        let g = &self.data.map.geometry;
        self.data
            .entry_areas
            .iter()
            .min_by_key(|e| (g.distance(e.hex, h), e.letter))
            .map(|e| e.letter)
    }

    /// The listing that brings `u` into the game (14.0, 15.0, and the variants in play, 16.x);
    /// for a unit withdrawn (5.1, 5.2), the variant listing that brings it back, if one is in
    /// play ([`Self::return_of`]).
    pub fn arrival_of(&self, u: UnitId) -> Option<&'d Group> {
        let data: &'d crate::fortress::data::GameData = self.data;
        let location = self.state.board.unit(u)?.state.location;
        if matches!(location, Location::Withheld | Location::Exited) {
            return self.return_of(u);
        }
        data.groups.iter().find(|g| {
            g.kind == GroupKind::Arrival
                && g.in_play(&self.state.board.options)
                && g.units.contains(&u)
        })
    }

    /// The turn of the withdrawal listing in play that orders `u` off the map (5.1, 5.2).
    fn withdrawal_turn(&self, u: UnitId) -> Option<u8> {
        let options = self.state.board.options;
        self.data
            .groups
            .iter()
            .find(|g| {
                g.kind == GroupKind::Withdrawal && g.in_play(&options) && g.units.contains(&u)
            })
            .map(|g| g.turn)
    }

    /// The listing of a variant in play that brings `u` back after its withdrawal: 16.4's 1st
    /// Polish Army on turn 4, 16.5's 20th Panzergrenadier on turn 9. A unit eliminated stays
    /// eliminated, and a substitute that left in its place (5.1) is not listed (see Rulings).
    pub fn return_of(&self, u: UnitId) -> Option<&'d Group> {
        let data: &'d crate::fortress::data::GameData = self.data;
        let left = self.withdrawal_turn(u)?;
        let options = self.state.board.options;
        data.groups.iter().find(|g| {
            g.kind == GroupKind::Arrival
                && g.in_play(&options)
                && g.turn > left
                && g.units.contains(&u)
        })
    }

    /// Has the withdrawal order of `u` been overtaken by a variant's return listing whose turn
    /// has come (16.5: from turn 9 the 20th Panzergrenadier stays, see Rulings)?
    pub(super) fn recalled(&self, u: UnitId) -> bool {
        self.return_of(u)
            .is_some_and(|g| g.turn <= self.state.board.turn)
    }

    /// Is `u` off the map and due (its listing's turn has come, in its owner's player-turn)?
    /// Its listing and how many turns late it is.
    pub fn due(&self, u: UnitId) -> Option<(Listing<'d>, u8)> {
        let b = &self.state.board;
        let location = b.unit(u)?.state.location;
        let g = match location {
            Location::TurnTrack(_) => Listing::Return(self.return_listing(u)?),
            Location::Pool | Location::Withheld | Location::Exited => {
                Listing::Data(self.arrival_of(u)?)
            }
            _ => return None,
        };
        (g.side == b.segment.side && g.turn <= b.turn).then(|| {
            let late = b.turn - g.turn;
            (g, late)
        })
    }

    /// Is an entry hex blocked: held by an enemy unit or in an enemy zone (5.3)?
    fn entry_blocked(&self, h: HexId) -> bool {
        let (data, b) = (self.data, &self.state.board);
        let side = b.segment.side;
        b.held_by(&data.forces, h, side.other()) || enemy_zone(&data.map, &data.forces, b, side, h)
    }

    /// Where a force of listing `g`, `delay` turns late, may step onto the map (5.0, 5.3, 5.4):
    /// the listing's own entry hexes; after a turn's delay those of the neighbouring areas as
    /// well; and for each such hex that is blocked (5.3), the hexes next to it, plus the
    /// neighbouring areas of a blocked listed area.
    pub fn entry_hexes(&self, g: &Group, delay: u8) -> heapless::Vec<HexId, MAX_ENTRY_HEXES> {
        let mut out = heapless::Vec::new();
        let add = |out: &mut heapless::Vec<HexId, MAX_ENTRY_HEXES>, h: HexId| {
            if !out.contains(&h) {
                let _ = out.push(h);
            }
        };
        let data = self.data;
        // The hexes of the listing: its letters, or (16.5) edge hexes named one by one.
        let mut own: heapless::Vec<HexId, MAX_ENTRY_HEXES> = heapless::Vec::new();
        let mut shifted: heapless::Vec<HexId, MAX_ENTRY_HEXES> = heapless::Vec::new();
        if let Some((first, last)) = g.entry {
            for letter in first..=last {
                let Some(e) = data.entry(letter) else {
                    continue;
                };
                add(&mut own, e.hex);
                let blocked = self.entry_blocked(e.hex);
                for n in neighbour_letters(letter).into_iter().flatten() {
                    let listed = (first..=last).contains(&n);
                    // 5.4: a turn late, the areas beside; 5.3: beside a blocked area.
                    if !listed && (delay >= 1 || blocked) {
                        if let Some(x) = data.entry(n) {
                            add(&mut shifted, x.hex);
                        }
                    }
                }
            }
        } else {
            for &h in &g.hexes {
                add(&mut own, h);
            }
        }
        let side = self.state.board.segment.side;
        for (i, &h) in own.iter().chain(shifted.iter()).enumerate() {
            let shifted_by_delay = i >= own.len() && delay >= 1;
            if !self.entry_blocked(h) {
                add(&mut out, h);
            } else if i < own.len() || shifted_by_delay {
                // 5.3: next to a blocked entry hex, never into enemy units (7.2.1).
                for (_, n) in data.map.geometry.neighbours(h) {
                    if !self.state.board.held_by(&data.forces, n, side.other()) {
                        add(&mut out, n);
                    }
                }
            }
        }
        out
    }

    /// Why `to` is no entry hex for listing `g` (the case the refusal cites).
    fn entry_refusal(&self, g: &Group, to: HexId) -> RuleViolation {
        let lettered = self.data.entry_areas.iter().any(|e| e.hex == to);
        let own = match g.entry {
            Some((first, last)) => {
                (first..=last).any(|l| self.data.entry(l).is_some_and(|e| e.hex == to))
            }
            None => g.hexes.contains(&to),
        };
        if own {
            RuleViolation::new(
                "5.3",
                "the entry hex is held by the enemy or in his zone: enter beside it or at a neighbouring area",
            )
        } else if lettered {
            RuleViolation::new(
                "5.4",
                "a listing enters at its own areas, at a neighbouring one only a turn late or when blocked, never farther",
            )
        } else if self
            .entry_hexes(g, 0)
            .iter()
            .any(|&h| self.data.map.geometry.adjacent(h, to))
        {
            RuleViolation::new(
                "5.3",
                "a hex beside the entry hex is open only when the entry hex is blocked",
            )
        } else {
            RuleViolation::new("5.0", "reinforcements enter at their listing's entry hexes")
        }
    }

    /// A force of reinforcements steps onto the map at `to` (5.0, 7.1.2), in maneuver mode
    /// (3.3.3, 13.0), with the MA of that face for the segment less the entry hex's own cost.
    pub(super) fn enter(
        &mut self,
        units: &Force,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Movement {
            return refuse(
                "5.0",
                "reinforcements come onto the map in the movement segment",
            );
        }
        let side = self.phasing();
        for (i, &u) in units.iter().enumerate() {
            if units[..i].contains(&u) {
                return refuse("3.1.4", "a unit is named twice");
            }
            let Some((g, delay)) = self.due(u) else {
                return refuse("5.0", "the unit is not a reinforcement due this turn");
            };
            if !self.entry_hexes(&g, delay).contains(&to) {
                return Err(self.entry_refusal(&g, to));
            }
        }
        self.check_fronts_apart(units, to)?;
        let (data, b) = (self.data, &self.state.board);
        if b.held_by(&data.forces, to, side.other()) {
            return refuse("7.2.1", "units may not enter a hex holding enemy units");
        }
        if b.ruined(to) {
            return refuse("9.0.2", "units in maneuver mode may not enter ruins");
        }
        // 7.1.2: the entry hex's own cost, no road rate (no hexside is crossed to reach it).
        let Some(cost) = data
            .movement
            .enter
            .get(data.map.terrain(to) as usize)
            .copied()
            .flatten()
        else {
            return refuse("2.1.1", "the hex may not be entered");
        };
        let face_of = |u: UnitId| {
            if data.forces.counter(u).is_some_and(|c| c.combat_only) {
                COMBAT
            } else {
                MANEUVER
            }
        };
        let budget = |u: UnitId| {
            MP.mp(data
                .forces
                .counter(u)
                .map_or(0, |c| c.on(face_of(u)).ma as u16))
        };
        if units.iter().any(|&u| budget(u) < cost) {
            return refuse("7.1.2", "the unit lacks the MP to enter its entry hex");
        }
        self.take_up(units, events)?;
        let facing = self.inward(to);
        let into_zone = enemy_zone(&data.map, &data.forces, &self.state.board, side, to);
        let b = &mut self.state.board;
        for &u in units {
            b.place(&data.forces, u, to, face_of(u), facing)?;
            let x = b.unit_mut(u)?;
            x.state.spent_mp = cost;
            x.counter.game.budget = budget(u);
            x.counter.game.acted = true;
            x.counter.game.done = into_zone.then_some(Done::ZocStop);
            x.counter.game.entered_at = Some(to);
        }
        self.state.in_hand = units.clone();
        self.state.returning.retain(|r| !units.contains(&r.unit));
        emit(
            events,
            Event::Entered {
                side,
                units: units.clone(),
                at: to,
                cost,
            },
        )
    }

    /// The facing of a force entering at `h`: toward the middle of the map (the owner may turn
    /// it freely in his movement segment, 3.4.2).
    fn inward(&self, h: HexId) -> Dir {
        let g = &self.data.map.geometry;
        let middle = HexId::new(g.columns.div_ceil(2).max(1), g.rows.div_ceil(2).max(1));
        Dir::ALL
            .iter()
            .copied()
            .filter_map(|d| g.neighbour(h, d).map(|n| (d, g.distance(n, middle))))
            .min_by_key(|&(_, dist)| dist)
            .map_or(Dir::Up, |(d, _)| d)
    }

    /// The German withdrawal listing of `u` in force this turn (5.2, 14.0).
    fn withdrawing(&self, u: UnitId) -> Option<&'d Group> {
        let data: &'d crate::fortress::data::GameData = self.data;
        let (turn, options) = (self.state.board.turn, self.state.board.options);
        if self.recalled(u) {
            return None;
        }
        data.groups.iter().find(|g| {
            g.kind == GroupKind::Withdrawal
                && g.side == GERMAN
                && g.in_play(&options)
                && g.turn <= turn
                && g.units.contains(&u)
        })
    }

    /// A withdrawing German force leaves the map from a listed edge hex (5.2): it must be in
    /// such a hex in his movement segment with the MP of one more clear hex left; each unit
    /// scores 2 VP (12.0.1).
    pub(super) fn exit(
        &mut self,
        units: &Force,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let b = &self.state.board;
        if !b.moving(GERMAN) {
            return refuse(
                "5.2",
                "withdrawing units leave in the German movement segment",
            );
        }
        let Some(&first) = units.first() else {
            return refuse("engine", "no unit to move");
        };
        let Some(stack) = b.stacks.of(first) else {
            return refuse("5.2", "the unit is not on the map");
        };
        let hex = stack.hex;
        if units.iter().any(|&u| !stack.contains(u)) {
            return refuse("3.1.4", "a force moves from one hex together");
        }
        for &u in units {
            let Some(g) = self.withdrawing(u) else {
                return refuse(
                    "5.2",
                    "only units the order of appearance withdraws leave the map",
                );
            };
            if !g.hexes.contains(&hex) {
                return refuse("5.2", "withdrawing units leave by the listed edge hexes");
            }
            let x = b
                .unit(u)
                .ok_or(RuleViolation::new("engine", "no such unit"))?;
            if x.counter.game.disrupted.is_some() {
                return refuse("8.8", "a disrupted unit may not move");
            }
            if x.counter.game.done.is_some() {
                return refuse("7.1.1", "the unit has finished its movement");
            }
            if b.remaining(u) < MP.mp(EXIT_MP) {
                return refuse("5.2", "leaving the map takes the MP of one more clear hex");
            }
        }
        self.take_up(units, events)?;
        self.state.in_hand.clear();
        let b = &mut self.state.board;
        for &u in units {
            b.stacks.take(u)?;
            let x = b.unit_mut(u)?;
            x.state.location = Location::Exited;
            x.counter.facing = None;
        }
        emit(
            events,
            Event::Withdrawn {
                units: units.clone(),
                case: "5.2",
            },
        )?;
        self.award(GERMAN, EXIT_VP * units.len() as u16, "5.2", events)
    }

    /// The Soviet withdrawals of this turn leave as his reinforcement segment begins (5.1),
    /// from the map or from among the units not yet arrived.
    pub(super) fn soviet_withdrawals(
        &mut self,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let data = self.data;
        let (turn, options) = (self.state.board.turn, self.state.board.options);
        let mut gone = Force::new();
        for g in data.groups.iter().filter(|g| {
            g.kind == GroupKind::Withdrawal
                && g.side == SOVIET
                && g.in_play(&options)
                && g.turn == turn
        }) {
            for &u in &g.units {
                let b = &mut self.state.board;
                let Some(at) = b.unit(u).map(|x| x.state.location) else {
                    continue;
                };
                match at {
                    Location::OnMap(_) => {
                        b.stacks.take(u)?;
                    }
                    Location::Pool => {}
                    _ => continue,
                }
                let x = b.unit_mut(u)?;
                x.state.location = Location::Withheld;
                x.counter.facing = None;
                let _ = gone.push(u);
            }
        }
        if !gone.is_empty() {
            emit(
                events,
                Event::Withdrawn {
                    units: gone,
                    case: "5.1",
                },
            )?;
        }
        self.next_substitute(None);
        Ok(())
    }

    /// The map edge a hex lies on: 0 north, 1 east, 2 south, 3 west.
    fn edge_of(&self, h: HexId) -> Option<u8> {
        let g = &self.data.map.geometry;
        if h.row == 1 {
            Some(0)
        } else if h.col == g.columns {
            Some(1)
        } else if h.row == g.rows {
            Some(2)
        } else if h.col == 1 {
            Some(3)
        } else {
            None
        }
    }

    /// The listed Soviet units of this turn's withdrawal already eliminated (5.1).
    fn withdrawn_dead(&self) -> heapless::Vec<UnitId, MAX_ENTRY_HEXES> {
        let (turn, options) = (self.state.board.turn, self.state.board.options);
        let mut out = heapless::Vec::new();
        for g in self.data.groups.iter().filter(|g| {
            g.kind == GroupKind::Withdrawal
                && g.side == SOVIET
                && g.in_play(&options)
                && g.turn == turn
        }) {
            for &u in &g.units {
                let dead = self
                    .state
                    .board
                    .unit(u)
                    .is_some_and(|x| x.state.location == Location::Eliminated);
                if dead {
                    let _ = out.push(u);
                }
            }
        }
        out
    }

    /// The units that may leave in place of the eliminated `listed` (5.1).
    pub fn substitutes_for(&self, listed: UnitId) -> heapless::Vec<UnitId, 64> {
        let (data, b) = (self.data, &self.state.board);
        let mut out = heapless::Vec::new();
        let (Some(c), Some(x)) = (data.forces.counter(listed), b.unit(listed)) else {
            return out;
        };
        let edge = x.counter.game.entered_at.and_then(|h| self.edge_of(h));
        for (i, s) in data.forces.counters.iter().enumerate() {
            let u = UnitId(i as u16);
            let Some(y) = b.unit(u) else { continue };
            let same_edge =
                edge.is_some() && y.counter.game.entered_at.and_then(|h| self.edge_of(h)) == edge;
            if s.side == SOVIET
                && s.kind == c.kind
                && s.faces.faces.back.fs >= c.faces.faces.back.fs
                && b.hex_of(u).is_some()
                && same_edge
            {
                let _ = out.push(u);
            }
        }
        out
    }

    /// Asks the Soviet for the substitute of the next eliminated listed unit after `after`,
    /// or goes back to commands (5.1).
    fn next_substitute(&mut self, after: Option<UnitId>) {
        let dead = self.withdrawn_dead();
        let next = dead
            .iter()
            .copied()
            .filter(|u| !matches!(after, Some(a) if u.0 <= a.0))
            .find(|&u| !self.substitutes_for(u).is_empty());
        match next {
            Some(u) => self.state.waiting = super::Waiting::Substitute(u),
            // 5.6: then his airpower.
            None => self.opening_checks(),
        }
    }

    /// The Soviet's pick among the substitutes (5.1).
    pub(super) fn substitute_chose(
        &mut self,
        listed: UnitId,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(&u) = self.substitutes_for(listed).get(i as usize) else {
            return refuse("5.1", "not one of the units offered");
        };
        let b = &mut self.state.board;
        b.stacks.take(u)?;
        let x = b.unit_mut(u)?;
        x.state.location = Location::Withheld;
        x.counter.facing = None;
        emit(
            events,
            Event::Withdrawn {
                units: [u].into_iter().collect(),
                case: "5.1",
            },
        )?;
        self.next_substitute(Some(listed));
        Ok(())
    }

    /// The one drawn German unit a placement names, in the German reinforcement segment: the
    /// checks the naval battalion (13.7) and the Volkssturm (5.5, 11.2.3) placements share,
    /// each refusing under its own `case` with its own words.
    pub(super) fn drawn_unit(
        &self,
        units: &Force,
        case: &'static str,
        in_reinforcement: &'static str,
        one_at_a_time: &'static str,
    ) -> Result<UnitId, RuleViolation> {
        if self.state.board.segment
            != (Segment {
                side: GERMAN,
                kind: SegmentKind::Reinforcement,
            })
        {
            return refuse(case, in_reinforcement);
        }
        match units.first() {
            Some(&u) if units.len() == 1 => Ok(u),
            _ => refuse(case, one_at_a_time),
        }
    }

    /// Puts a drawn German unit on the map at `to` in maneuver mode like every arrival
    /// (3.3.3), facing up, and says it entered (naval battalion 13.7, Volkssturm 5.5).
    pub(super) fn enter_drawn(
        &mut self,
        u: UnitId,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.state
            .board
            .place(&self.data.forces, u, to, MANEUVER, Dir::Up)?;
        emit(
            events,
            Event::Entered {
                side: GERMAN,
                units: core::iter::once(u).collect(),
                at: to,
                cost: 0,
            },
        )
    }
}
