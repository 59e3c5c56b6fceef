//! The optional U-Bahn rule (17.1–17.1.3), offered as the `ubahn` option.
//!
//! In the movement segment a German infantry or engineer unit no larger than a battalion, in
//! command (3.5) and in Maneuver Mode, may go down into the subway at a station hex: it pays the
//! station hex's terrain cost plus 1 MP (17.1.1). Underground it rides from station to station
//! along the lines at 1 MP a station (17.1.2) and comes up at a station for 1 MP plus the
//! surface terrain (17.1.2). Only one unit may be underground in a hex (17.1.2). The Soviet
//! never rides; his infantry alone may go down at a station, to block the line there (17.1).
//!
//! Rulings (see the coverage table's "Rulings"):
//! * a unit going down either steps into an adjacent station and down in one go (the step's
//!   terrain cost and the +1 MP), or goes down in the station it stands in (the hex's own terrain
//!   cost and the +1 MP): the terrain is paid once either way;
//! * underground units are off the surface: they are in no force, so they neither count for
//!   stacking (3.1.4) nor hold their hex (7.2.1) nor exert a zone (3.2) nor can be attacked
//!   (17.1.3); their U-Bahn marker shows in everyone's view, the unit itself to its owner only;
//! * a ride goes from the unit's station to any station it reaches along the lines, changing
//!   lines at a shared station, paying 1 MP for every station stopped at, the last included; it
//!   may pass a station where another German unit is underground but not end there;
//! * a Soviet infantry unit underground at a station blocks it: no German unit rides into or
//!   through that station;
//! * a unit comes up only where it is, never into a hex holding enemy units (7.2.1) nor, in
//!   Maneuver Mode, into ruins (9.0.2); coming up into an enemy zone stops it (3.2.4). A unit
//!   stopped by an enemy zone does not go down (3.2.4).

use super::{Command, Event, Game};
use crate::core::capacity::fortress_berlin::MP;
use crate::core::faces::Facing;
use crate::core::hex::{Dir, HexId};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::{Location, UnitId};
use crate::fortress::board::{Done, Forces, MapData, State};
use crate::fortress::command::command_of;
use crate::fortress::counters::{UnitSize, UnitType, GERMAN};
use crate::fortress::zoc::enemy_zone;

/// What going down or coming up costs above the terrain (17.1.1, 17.1.2), and a station's fare
/// (17.1.2), in MP sub-points.
pub const UBAHN_EXTRA: u16 = MP.mp(1);
pub const STATION_FARE: u16 = MP.mp(1);

/// Stations a ride's search may hold (the map has 25; a stand-in capacity).
pub const MAX_STATIONS: usize = 64;
/// The stations one stop away along the lines (a stand-in capacity: six hexsides).
pub type NextStations = heapless::Vec<HexId, 6>;

/// A force of one unit.
fn one(u: UnitId) -> super::Force {
    let mut f = super::Force::new();
    let _ = f.push(u);
    f
}

/// Is `hex` a U-Bahn station (17.1.1)?
pub fn is_station(map: &MapData, hex: HexId) -> bool {
    map.features(hex).has(HexFeatures::STATION)
}

/// The stations one stop from `station`, following each line out of it through the hexes
/// between stations (17.1.2).
pub fn next_stations(map: &MapData, station: HexId) -> NextStations {
    let g = &map.geometry;
    let mut out = NextStations::new();
    for d in Dir::ALL {
        if !map.side_toward(station, d).has(SideFeatures::UBAHN) {
            continue;
        }
        let (mut prev, mut cur) = match g.neighbour(station, d) {
            Some(n) => (station, n),
            None => continue,
        };
        // A line between stations is a simple path; the bound only guards odd data.
        for _ in 0..g.columns as usize * g.rows as usize {
            if is_station(map, cur) {
                if cur != station && !out.contains(&cur) {
                    let _ = out.push(cur);
                }
                break;
            }
            let next = Dir::ALL.into_iter().find_map(|e| {
                let n = g.neighbour(cur, e)?;
                (n != prev && map.side_toward(cur, e).has(SideFeatures::UBAHN)).then_some(n)
            });
            match next {
                Some(n) => (prev, cur) = (cur, n),
                None => break,
            }
        }
    }
    out
}

/// The fewest stations a ride from `from` to `to` stops at, passing only stations `open`
/// lets through (`to` itself is not asked). `None` if no line leads there.
pub fn stops(map: &MapData, from: HexId, to: HexId, open: impl Fn(HexId) -> bool) -> Option<u8> {
    let mut queue: heapless::Vec<(HexId, u8), MAX_STATIONS> = heapless::Vec::new();
    let _ = queue.push((from, 0));
    let mut i = 0;
    while let Some(&(at, n)) = queue.get(i) {
        i += 1;
        for s in next_stations(map, at) {
            if s == to {
                return Some(n + 1);
            }
            if open(s) && !queue.iter().any(|q| q.0 == s) {
                let _ = queue.push((s, n + 1));
            }
        }
    }
    None
}

/// The unit underground in `hex`, if any (17.1.2: one at most).
pub fn underground_at(state: &State, hex: HexId) -> Option<UnitId> {
    state
        .units
        .iter()
        .position(|x| x.counter.game.underground && x.state.location == Location::OnMap(hex))
        .map(|i| UnitId(i as u16))
}

/// Refuses a surface move of units underground: they ride or come up (17.1.2).
pub fn refuse_surface_move(state: &State, units: &[UnitId]) -> Result<(), RuleViolation> {
    if units
        .iter()
        .any(|&u| state.unit(u).is_some_and(|x| x.counter.game.underground))
    {
        return refuse(
            "17.1.2",
            "a unit underground moves from station to station or comes up",
        );
    }
    Ok(())
}

/// May `u` go down into the U-Bahn at all: its type, size and side (17.1, 17.1.1), its mode
/// (17.1.1)? Command is checked where it goes down.
fn eligible(forces: &Forces, state: &State, u: UnitId) -> Result<(), RuleViolation> {
    let Some(c) = forces.counter(u) else {
        return refuse("engine", "no such unit");
    };
    if c.side == GERMAN {
        if !matches!(c.kind, UnitType::Infantry | UnitType::Engineer) {
            return refuse(
                "17.1.1",
                "only infantry and engineer units may use the U-Bahn",
            );
        }
        if c.size > UnitSize::Battalion {
            return refuse(
                "17.1.1",
                "only battalion-size units may use the U-Bahn, not larger ones",
            );
        }
    } else if c.kind != UnitType::Infantry {
        return refuse(
            "17.1",
            "of the Soviet units only infantry may go down into the U-Bahn, to block it",
        );
    }
    if !state.in_maneuver(u) {
        return refuse("17.1.1", "only units in Maneuver Mode enter the U-Bahn");
    }
    Ok(())
}

/// Refuses a unit that may not act in this movement segment (3.2.4, 3.3.3, 7.1.1, 8.8).
fn may_act(state: &State, u: UnitId) -> Result<(), RuleViolation> {
    let Some(x) = state.unit(u) else {
        return refuse("engine", "no such unit");
    };
    if x.counter.game.disrupted.is_some() {
        return refuse("8.8", "a disrupted unit may not move");
    }
    match x.counter.game.done {
        Some(Done::ZocStop) => refuse("3.2.4", "a unit stopped by an enemy zone moves no more"),
        Some(Done::Released) => refuse("7.1.1", "the unit has finished its movement"),
        Some(Done::SoleAction) => refuse("3.3.3", "its mode change was its only action"),
        None => Ok(()),
    }
}

/// The surface terrain of `hex` on the movement chart (17.1.1, 17.1.2): ruins at their 4 MP
/// (9.0.2).
fn surface_cost(g: &Game<'_>, hex: HexId) -> Result<u16, RuleViolation> {
    let chart = &g.data.movement;
    if g.state.board.ruined(hex) {
        return Ok(chart.ruins);
    }
    match chart
        .enter
        .get(g.data.map.terrain(hex) as usize)
        .copied()
        .flatten()
    {
        Some(c) => Ok(c),
        None => refuse("2.1.1", "the hex may not be entered"),
    }
}

impl Game<'_> {
    /// The U-Bahn is in play (17.1) and it is the owner's movement segment (17.1).
    fn ubahn_open(&self, u: UnitId) -> Result<(), RuleViolation> {
        if !self.state.board.options.ubahn {
            return refuse("17.1", "the optional U-Bahn rule is not in play");
        }
        let owner = self.data.forces.counter(u).map(|c| c.side);
        if owner != Some(self.phasing()) {
            return refuse("7.2", "only the phasing player's own units");
        }
        self.require_movement()
    }

    /// The U-Bahn commands (17.1–17.1.2).
    pub(super) fn ubahn_command(
        &mut self,
        c: &Command,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        match *c {
            Command::UbahnDown { unit, at } => self.ubahn_down(unit, at, events),
            Command::UbahnRide { unit, to } => self.ubahn_ride(unit, to, events),
            Command::UbahnUp { unit } => self.ubahn_up(unit, events),
            _ => refuse("engine", "not a U-Bahn command"),
        }
    }

    /// `u` goes down at the station `at`: its own hex, or an adjacent one it steps into first
    /// (17.1, 17.1.1).
    fn ubahn_down(
        &mut self,
        u: UnitId,
        at: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.ubahn_open(u)?;
        let (map, forces) = (&self.data.map, &self.data.forces);
        let b = &self.state.board;
        let Some(here) = b.hex_of(u) else {
            return refuse("17.1.1", "only a unit on the map enters the U-Bahn");
        };
        if b.unit(u).is_some_and(|x| x.counter.game.underground) {
            return refuse("17.1.2", "the unit is underground already");
        }
        eligible(forces, b, u)?;
        if !is_station(map, at) {
            return refuse("17.1.1", "the U-Bahn is entered only at a station");
        }
        if here != at && !map.geometry.adjacent(here, at) {
            return refuse("7.1", "units move from hex to adjacent hex");
        }
        if underground_at(b, at).is_some() {
            return refuse("17.1.2", "only one unit may be underground in a hex");
        }
        may_act(b, u)?;
        // Stepping in pays the step as a move (7.1); going down in place pays the hex.
        let terrain = if here == at {
            let hand = &self.state.in_hand;
            if hand.contains(&u) && hand.len() > 1 {
                // It leaves the force in hand, which stays in hand (7.1.1).
                self.state.in_hand.retain(|&v| v != u);
            } else {
                self.take_up(&one(u), events)?;
                self.state.in_hand = one(u);
            }
            surface_cost(self, at)?
        } else {
            let units = one(u);
            self.command(&Command::Move { units, to: at }, events)?;
            may_act(&self.state.board, u)?;
            0
        };
        let b = &self.state.board;
        let side = self.phasing();
        if side == GERMAN && !command_of(map, forces, b, u).in_command() {
            return refuse(
                "17.1.1",
                "German units must be in command to enter the U-Bahn",
            );
        }
        let cost = terrain + UBAHN_EXTRA;
        if cost > b.remaining(u) {
            return refuse("7.1", "the unit lacks the MP to enter the U-Bahn");
        }
        let b = &mut self.state.board;
        b.stacks.take(u)?;
        let x = b.unit_mut(u)?;
        x.counter.game.underground = true;
        x.state.spent_mp += cost;
        x.counter.game.acted = true;
        emit(
            events,
            Event::UbahnDown {
                side,
                unit: u,
                at,
                cost,
            },
        )
    }

    /// `u`, underground, rides to the station `to` (17.1.2).
    fn ubahn_ride(
        &mut self,
        u: UnitId,
        to: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.ubahn_open(u)?;
        let (map, forces) = (&self.data.map, &self.data.forces);
        let b = &self.state.board;
        let Some(from) = b
            .hex_of(u)
            .filter(|_| b.unit(u).is_some_and(|x| x.counter.game.underground))
        else {
            return refuse("17.1.2", "only a unit underground rides the U-Bahn");
        };
        if forces.counter(u).is_some_and(|c| c.side != GERMAN) {
            return refuse(
                "17.1",
                "Soviet units cannot use the U-Bahn: their infantry only block it",
            );
        }
        may_act(b, u)?;
        if !is_station(map, to) || to == from {
            return refuse("17.1.2", "a ride goes from station to station");
        }
        let blocker = |h: HexId| {
            underground_at(b, h)
                .and_then(|v| forces.counter(v))
                .is_some_and(|c| c.side != GERMAN)
        };
        let Some(n) = stops(map, from, to, |h| !blocker(h)) else {
            return if stops(map, from, to, |_| true).is_some() {
                refuse("17.1", "Soviet infantry underground blocks the line")
            } else {
                refuse("17.1.2", "no U-Bahn line leads there")
            };
        };
        if blocker(to) {
            return refuse("17.1", "Soviet infantry underground blocks the station");
        }
        if underground_at(b, to).is_some() {
            return refuse("17.1.2", "only one unit may be underground in a hex");
        }
        let cost = STATION_FARE * n as u16;
        if cost > b.remaining(u) {
            return refuse("7.1", "the unit lacks the MP for so many stations");
        }
        self.take_up(&one(u), events)?;
        self.state.in_hand = one(u);
        let x = self.state.board.unit_mut(u)?;
        x.state.location = Location::OnMap(to);
        x.state.spent_mp += cost;
        x.counter.game.acted = true;
        emit(
            events,
            Event::UbahnRode {
                side: self.phasing(),
                unit: u,
                to,
                cost,
            },
        )
    }

    /// `u` comes up at its station (17.1.2).
    fn ubahn_up(&mut self, u: UnitId, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        self.ubahn_open(u)?;
        let (map, forces) = (&self.data.map, &self.data.forces);
        let b = &self.state.board;
        let Some(at) = b
            .hex_of(u)
            .filter(|_| b.unit(u).is_some_and(|x| x.counter.game.underground))
        else {
            return refuse("17.1.2", "the unit is not underground");
        };
        may_act(b, u)?;
        let side = self.phasing();
        if b.held_by(forces, at, side.other()) {
            return refuse("7.2.1", "units may not enter a hex holding enemy units");
        }
        if b.ruined(at) && b.in_maneuver(u) {
            return refuse("9.0.2", "units in maneuver mode may not enter ruins");
        }
        let cost = UBAHN_EXTRA + surface_cost(self, at)?;
        if cost > b.remaining(u) {
            return refuse("7.1", "the unit lacks the MP to leave the U-Bahn");
        }
        self.take_up(&one(u), events)?;
        self.state.in_hand = one(u);
        let b = &mut self.state.board;
        let x = *b
            .unit(u)
            .ok_or(RuleViolation::new("engine", "no such unit"))?;
        let facing = x.counter.facing.map_or(Dir::Up, |Facing(d)| d);
        b.place(forces, u, at, x.counter.face, facing)?;
        let zone = enemy_zone(map, forces, b, side, at);
        let x = b.unit_mut(u)?;
        x.counter.game.underground = false;
        x.state.spent_mp += cost;
        x.counter.game.acted = true;
        if zone {
            x.counter.game.done = Some(Done::ZocStop);
        }
        emit(
            events,
            Event::UbahnUp {
                side,
                unit: u,
                at,
                cost,
            },
        )
    }
}
