//! 2.3 Fire in the game, on the rules of `gates::fires`:
//!
//! * **Ignition.** A direct or opportunity fire whose d10 shows a raw 0 at a hex that can burn
//!   calls for a second die, rolled by the firer: 0 or 1 puts an On Fire marker on the hex
//!   (2.3). While the power is on a City hex burns at once (3.7); in the rain nothing starts
//!   (3.1); a hex whose fire went out (Cleared Fire) never burns again.
//! * **Rout.** When an activation by a Division or Formation chit ends, the units it activated
//!   that stand in a burning hex rout (S11.8; not after a Direct Command, B6).
//! * **Step 1C-b.** After NATO's word on the power (1C-a), each On Fire marker on the map at the
//!   start of the step takes a die, rolled by the initiative player (ruling in
//!   `docs/rules/gates.md`): 0 the fire goes out for good, 9 (8 too for a City hex while the
//!   power is on) it spreads, another die picking the hex to the south-east (0–5) or south
//!   (6–9), which catches fire if it can burn.
//! * **Rain.** The day's weather rolled as rain puts out every fire on the map (3.1).
//!
//! Which dots can burn is the Terrain Effects Chart's, not in the rulebook: the stand-in is
//! woods, village, town and city (`BURNABLE`). Each die passes the Booze window (3.8).

use super::{Event, Game, State};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::assault::MAX_ATTACKERS;
use crate::css::command::turn::{Choice, Step, What};
use crate::css::game::{GameEvent, UnitWhat};
use crate::css::terrain::dots;
use crate::gates::fires::{
    after_fire_roll, burning_hex_routs_after, catches_fire, fire_check, spread_to, FireCheck,
    Ignition, Target,
};
use serde::{Deserialize, Serialize};

/// On Fire and Cleared Fire markers one game holds (the countermix's, stand-in).
pub const MAX_FIRES: usize = 64;

/// Stand-in for the Terrain Effects Chart's list of terrain that catches fire (2.3).
pub const BURNABLE: [crate::core::map::TerrainId; 4] =
    [dots::WOODS, dots::VILLAGE, dots::TOWN, dots::CITY];

/// A fire marker's side up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Burning {
    OnFire,
    /// Flipped when the fire went out: the hex never burns again (2.3).
    Cleared,
}

/// The fire markers on the map, in the order they were placed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fires {
    pub hexes: heapless::Vec<(HexId, Burning), MAX_FIRES>,
}

impl Fires {
    pub fn of(&self, h: HexId) -> Option<Burning> {
        self.hexes.iter().find(|(x, _)| *x == h).map(|(_, b)| *b)
    }
    pub fn on_fire(&self, h: HexId) -> bool {
        self.of(h) == Some(Burning::OnFire)
    }
    fn set(&mut self, h: HexId, b: Burning) -> Result<(), RuleViolation> {
        match self.hexes.iter_mut().find(|(x, _)| *x == h) {
            Some(e) => e.1 = b,
            None => self
                .hexes
                .push((h, b))
                .map_err(|_| RuleViolation::new("2.3", "every fire marker is on the map"))?,
        }
        Ok(())
    }
}

/// A die the fire rules wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireDie {
    /// 2.3: the second die after a raw 0, rolled by `roller`.
    Ignition { hex: HexId, roller: Side },
}

/// Step 1C-b of one turn: the markers `[next, of)` of the list still to check, and whether the
/// one at `next` is spreading (its direction die comes next).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub turn: u8,
    pub next: u8,
    pub of: u8,
    pub spreading: bool,
}

impl State {
    /// The hex as the fire rules read it.
    fn fire_target(&self, game: &Game<'_>, h: HexId) -> Target {
        let dot = game.data.map.terrain(h);
        Target {
            burnable: BURNABLE.contains(&dot),
            city: dot == dots::CITY,
            cleared: self.fires.of(h) == Some(Burning::Cleared),
            on_fire: self.fires.on_fire(h),
        }
    }
}

impl Game<'_> {
    /// Step 1C-b now: the round of this turn's Reinforcement Phase, once NATO has set the
    /// power (1C-a), while a marker of it is left to check.
    fn fire_round(&self) -> Option<Round> {
        let t = &self.state.series.turn;
        if t.step != Step::Reinforcement || self.asks_electricity() {
            return None;
        }
        let mut r = match self.state.fire_round {
            Some(r) if r.turn == t.turn => r,
            _ => Round {
                turn: t.turn,
                next: 0,
                of: self.state.fires.hexes.len() as u8,
                spreading: false,
            },
        };
        // Markers that went out (or never burned) take no die.
        while !r.spreading
            && r.next < r.of
            && self.state.fires.hexes[usize::from(r.next)].1 != Burning::OnFire
        {
            r.next += 1;
        }
        (r.next < r.of).then_some(r)
    }

    /// The fire rules' d10 now: who rolls, for what, by which case.
    pub(super) fn fire_roll(&self) -> Option<(Side, &'static str, &'static str)> {
        if let Some(FireDie::Ignition { roller, .. }) = self.state.fire_die {
            return Some((roller, "the hex fired at may catch fire (0–1)", "2.3"));
        }
        let r = self.fire_round()?;
        let who = self.scenario().command.initiative;
        Some(if r.spreading {
            (
                who,
                "where the fire spreads: 0–5 south-east, 6–9 south",
                "2.3",
            )
        } else {
            (who, "a fire on the map: 0 it goes out, 9 it spreads", "2.3")
        })
    }

    pub(super) fn fire_pending(&self) -> Option<Pending<Choice>> {
        let (player, purpose, case) = self.fire_roll()?;
        Some(self.reroll_pending().unwrap_or(Pending::Roll {
            player,
            dice: DiceSpec::D10,
            purpose,
            case,
            secret: false,
        }))
    }

    /// Takes the fire rules' d10 (`face`: the one the Booze window let through).
    pub(super) fn fire_apply<C>(
        &mut self,
        input: &Input<C>,
        face: Option<u8>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let raw = super::reroll::own_d10(face, input, "2.3", "the fire's die is rolled first")?;
        if let Some(FireDie::Ignition { hex, .. }) = self.state.fire_die.take() {
            let burns = catches_fire(raw);
            if burns {
                self.state.fires.set(hex, Burning::OnFire)?;
            }
            return emit(events, Event::FireIgnition { hex, raw, burns });
        }
        let Some(mut r) = self.fire_round() else {
            return Err(RuleViolation::new("engine", "no fire die is awaited"));
        };
        let (hex, _) = self.state.fires.hexes[usize::from(r.next)];
        if r.spreading {
            let to = spread_to(&self.data.map.geometry, hex, raw);
            let caught = match to {
                Some(t) => {
                    let target = self.state.fire_target(self, t);
                    let can = target.burnable && !target.cleared && !target.on_fire;
                    if can {
                        self.state.fires.set(t, Burning::OnFire)?;
                    }
                    can
                }
                None => false,
            };
            emit(
                events,
                Event::FireSpread {
                    from: hex,
                    raw,
                    to,
                    caught,
                },
            )?;
            r.spreading = false;
            r.next += 1;
        } else {
            let city = self.data.map.terrain(hex) == dots::CITY;
            let check = fire_check(raw, city, self.state.power.on);
            match check {
                FireCheck::GoesOut => self.state.fires.set(hex, Burning::Cleared)?,
                FireCheck::Spreads => r.spreading = true,
                FireCheck::Burns => {}
            }
            if !r.spreading {
                r.next += 1;
            }
            emit(events, Event::FireChecked { hex, raw, check })?;
        }
        self.state.fire_round = Some(r);
        Ok(())
    }

    /// After the series game took an input: a raw 0 fired at a hex that can burn (2.3, 3.7,
    /// 3.1), the rain's end of every fire (3.1), and the rout out of burning hexes when a
    /// Division or Formation activation ends (2.3, B6). Returns the series game's events of
    /// that rout, for the caller to take like any other (the VP of a unit captured, 10.1).
    pub(super) fn read_fire_events(
        &mut self,
        sev: &Events<GameEvent>,
        events: &mut Events<Event>,
    ) -> Result<Events<GameEvent>, RuleViolation> {
        let mut routs: Events<GameEvent> = Events::new();
        let weather = self.state.series.turn.light.sky.weather;
        for e in sev {
            match e {
                GameEvent::Unit {
                    unit,
                    what: UnitWhat::Fired { target, raw },
                    ..
                } if self.state.fire_die.is_none() => {
                    let t = self.state.fire_target(self, *target);
                    match after_fire_roll(t, *raw, weather.no_fires, self.state.power.on) {
                        Ignition::Nothing => {}
                        Ignition::Burns => {
                            self.state.fires.set(*target, Burning::OnFire)?;
                            emit(events, Event::FireStarted { hex: *target })?;
                        }
                        Ignition::RollAgain => {
                            let roller = self.series_data().counter(*unit)?.side;
                            self.state.fire_die = Some(FireDie::Ignition {
                                hex: *target,
                                roller,
                            });
                        }
                    }
                }
                GameEvent::Turn(t) => match t.what {
                    What::Weather(w) if w.puts_out_fires => {
                        let mut out = 0;
                        for f in self.state.fires.hexes.iter_mut() {
                            if f.1 == Burning::OnFire {
                                f.1 = Burning::Cleared;
                                out += 1;
                            }
                        }
                        if out > 0 {
                            emit(events, Event::RainPutsOutFires { fires: out })?;
                        }
                    }
                    What::ActivationEnds(chit) if burning_hex_routs_after(chit) => {
                        self.rout_from_fires(chit, &mut routs, events)?;
                    }
                    _ => {}
                },
                _ => {}
            }
        }
        Ok(routs)
    }

    /// 2.3: the units `chit` activated that end its activation in a burning hex rout, each
    /// hex's together (S11.8).
    fn rout_from_fires(
        &mut self,
        chit: crate::css::command::Chit,
        routs: &mut Events<GameEvent>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let data = self.series_data();
        let burning = self.state.fires.hexes.clone();
        for (hex, _) in burning.iter().filter(|(_, b)| *b == Burning::OnFire) {
            let mut ids: heapless::Vec<UnitId, MAX_ATTACKERS> = heapless::Vec::new();
            for s in &self.state.series.units {
                if s.hex != Some(*hex) || s.removed.is_some() || s.routed {
                    continue;
                }
                let c = data.counter(s.id)?;
                if c.formation.is_some_and(|f| data.command.activates(chit, f)) {
                    ids.push(s.id)
                        .map_err(|_| RuleViolation::new("engine", "too many units in one hex"))?;
                }
            }
            for u in &ids {
                emit(events, Event::BurnedOut { unit: *u })?;
            }
            if !ids.is_empty() {
                self.state.series.rout_now(&data, &ids, routs)?;
            }
        }
        Ok(())
    }
}
