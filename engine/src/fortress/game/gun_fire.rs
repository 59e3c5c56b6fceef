//! Direct Gun Fire on the board (4.1.4 step 2, 8.3): the firers' shots are read from the board
//! — distance, line of sight, facing and flak towers as for bombardment (8.3.1, 8.3.2, 8.1.6),
//! command (8.3.3) — against one enemy unit, which keeps its hex and hexside terrain (8.3.6),
//! and handed to `combat::gun_fire`. Gun fire comes after the segment's bombardments and
//! before its close assaults (4.1.4); each unit fights once a segment (8.3.4). The result
//! falls on the target alone (8.3.6) through the same obligations as every combat.
//!
//! The defender's gun fire (8.3.5, 8.4.2 step 2): after a close assault is announced and its
//! Support Fire named, the defending units able to fire at an attacker may do so, one volley
//! at a time (several may combine on one target, 8.3.3); an attacker the fire affects in any
//! way takes no part in the assault.
//!
//! Ruling: a gun-fire target gets a hexside's benefit only when every firer fires across such
//! a hexside of its hex (adjacent, 8.3.6).

use super::assault::{Announced, AssaultStep};
use super::combatants::{combatant, crossing, defended_hex, fighter};
use super::{Assaulters, Choice, Event, Game, Waiting};
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, refuse, Events, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::fortress::board::SegmentKind;
use crate::fortress::combat::{gun_fire, CombatCard, CombatKind, Crossing, Firer, GunFire};

impl Game<'_> {
    /// The side whose units fire or assault in `a`: the phasing side, or the defender for his
    /// gun fire before an assault (8.3.5).
    pub(super) fn firing_side(&self, a: &Announced) -> Side {
        a.attackers
            .first()
            .and_then(|&u| self.data.forces.counter(u))
            .map_or(self.phasing(), |c| c.side)
    }

    /// The card of direct gun fire by `firers` of `side` at the enemy unit `target` as the
    /// board stands (8.3, 8.3.1–8.3.3, 8.3.6).
    pub(super) fn gun_card(
        &self,
        firers: &[UnitId],
        target: UnitId,
        side: Side,
    ) -> Result<CombatCard, RuleViolation> {
        let (b, g) = (&self.state.board, &self.data.map.geometry);
        if self.data.forces.counter(target).map(|c| c.side) != Some(side.other()) {
            return refuse("8.3", "gun fire is aimed at an enemy unit");
        }
        let Some(at) = b.hex_of(target) else {
            return refuse("8.3", "the target is not on the map");
        };
        let t = combatant(self, target).ok_or(RuleViolation::new(
            "11.1.5",
            "a leader is not a combat unit",
        ))?;
        let mut list: heapless::Vec<Firer, { super::MAX_ASSAULTERS }> = heapless::Vec::new();
        let mut across: Option<Crossing> = None;
        for (i, &u) in firers.iter().enumerate() {
            let (from, k) = fighter(self, firers, i, side, "8.3.3")?;
            let here = g
                .direction_to(at, from)
                .map_or(Crossing::OPEN, |d| crossing(self, at, d));
            across = Some(match across {
                Some(c) if c != here => Crossing::OPEN,
                _ => here,
            });
            let firer = Firer {
                unit: k,
                distance: g.distance(from, at).min(u8::MAX as u16) as u8,
                spotted: true,
                line_of_sight: self.sees(from, at),
                in_front: self.fires_toward(u, from, at),
                in_flak_tower: crate::fortress::board::features(&self.data.map, &b.options, from)
                    .has(HexFeatures::FLAK_TOWER),
            };
            list.push(firer)
                .map_err(|_| RuleViolation::new("engine", "too many firers"))?;
        }
        gun_fire(
            &self.data.combat,
            &GunFire {
                firers: &list,
                target: &t,
                hex: &defended_hex(self, at),
                crossing: across.unwrap_or(Crossing::OPEN),
                soviet_armies: self.soviet_armies(side, firers),
            },
        )
    }

    /// Direct gun fire by the phasing player (4.1.4 step 2, 8.3).
    pub(super) fn announce_gun_fire(
        &mut self,
        firers: &Assaulters,
        target: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Combat {
            return refuse("4.1.4", "direct gun fire is made in the combat segment");
        }
        if !self.state.assaulted.is_empty() {
            return refuse(
                "4.1.4",
                "direct gun fire comes before the segment's close assaults",
            );
        }
        let card = self.gun_card(firers, target, self.phasing())?;
        let hex = self.state.board.hex_of(target);
        if let Some(hex) = hex {
            self.check_one_front(firers, hex)?;
            self.note_front_attack(firers, hex);
        }
        drop(card);
        self.state.gun_fired = true;
        self.state.last_assault = None;
        self.volley(firers, target, events)
    }

    /// One volley of gun fire whose card holds: the firers have fought (8.3.4), the card is
    /// shown, and the table rolls 2d6 unless it fails outright (8.1.3).
    fn volley(
        &mut self,
        firers: &Assaulters,
        target: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if firers.iter().any(|u| self.state.fought.contains(u)) {
            return refuse("8.3.4", "a unit takes part in one combat a combat segment");
        }
        let side = firers
            .first()
            .and_then(|&u| self.data.forces.counter(u))
            .map_or(self.phasing(), |c| c.side);
        let card = self.gun_card(firers, target, side)?;
        let hex = self
            .state
            .board
            .hex_of(target)
            .ok_or(RuleViolation::new("8.3", "the target is not on the map"))?;
        for &u in firers {
            self.state
                .fought
                .push(u)
                .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))?;
        }
        emit(
            events,
            Event::GunFireAnnounced {
                target,
                attack: card.attack,
                defence: card.defence,
                letter: card.letter,
            },
        )?;
        if card.fails() {
            emit(events, Event::AssaultFails { target: hex })?;
            return self.assault_step(AssaultStep::Fired, events);
        }
        let mut a = Announced::new(CombatKind::DirectGunFire, firers.clone(), hex);
        a.unit = Some(target);
        self.state.waiting = Waiting::AssaultRoll(a);
        Ok(())
    }

    /// The defending units that may fire at one of `a`'s attackers (8.3.5).
    fn defensive_firers(&self, a: &Announced) -> heapless::Vec<UnitId, 16> {
        let defender = self.phasing().other();
        let mut out = heapless::Vec::new();
        for u in super::combatants::defenders_at(self, a.target, defender) {
            if self.state.fought.contains(&u) {
                continue;
            }
            if !self.defensive_targets(a, &[u]).is_empty() {
                let _ = out.push(u);
            }
        }
        out
    }

    /// The attackers of `a` that `firers` may hit together (8.3, 8.3.5).
    fn defensive_targets(&self, a: &Announced, firers: &[UnitId]) -> heapless::Vec<UnitId, 16> {
        let defender = self.phasing().other();
        a.attackers
            .iter()
            .copied()
            .filter(|&t| self.state.board.hex_of(t).is_some())
            .filter(|&t| self.gun_card(firers, t, defender).is_ok())
            .collect()
    }

    /// Defenders that may join the volley at `target` (8.3.3: fire may combine).
    fn joiners(
        &self,
        a: &Announced,
        firers: &Assaulters,
        target: UnitId,
    ) -> heapless::Vec<UnitId, 16> {
        let defender = self.phasing().other();
        self.defensive_firers(a)
            .into_iter()
            .filter(|u| !firers.contains(u))
            .filter(|&u| {
                let mut with = firers.clone();
                with.push(u).is_ok() && self.gun_card(&with, target, defender).is_ok()
            })
            .collect()
    }

    /// May the defender's guns fire before `a` is resolved (8.3.5)?
    pub(super) fn defensive_fire_possible(&self, a: &Announced) -> bool {
        !self.defensive_firers(a).is_empty()
    }

    /// The options of the defender's gun fire as it stands.
    fn defensive_options(&self) -> (&'static str, heapless::Vec<Choice, 17>) {
        let mut out = heapless::Vec::new();
        let (Some(a), Waiting::DefensiveFire { firers, target }) =
            (&self.state.suspended, &self.state.waiting)
        else {
            return ("", out);
        };
        let (purpose, units, stop) = match (firers.is_empty(), target) {
            (true, _) => (
                "a defending unit fires at the assaulting units, or none",
                self.defensive_firers(a),
                true,
            ),
            (false, None) => (
                "the assaulting unit it fires at",
                self.defensive_targets(a, firers),
                false,
            ),
            (false, Some(t)) => (
                "another defending unit joins the fire, or fire",
                self.joiners(a, firers, *t),
                true,
            ),
        };
        for u in units {
            let _ = out.push(Choice::Unit(u));
        }
        if stop {
            let _ = out.push(Choice::Stop);
        }
        (purpose, out)
    }

    pub(super) fn defensive_fire_pending(&self) -> Pending<Choice> {
        let (purpose, list) = self.defensive_options();
        super::choose(self.phasing().other(), purpose, "8.3.5", list)
    }

    /// The defender's answer: a firer, its target, one more firer, or `Stop` (no more fire, or
    /// fire the volley now).
    pub(super) fn defensive_fire_chose(
        &mut self,
        i: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let (_, options) = self.defensive_options();
        let Some(&choice) = options.get(i as usize) else {
            return refuse("8.3.5", "not one of the options offered");
        };
        let Waiting::DefensiveFire {
            mut firers,
            mut target,
        } = self.state.waiting.clone()
        else {
            return refuse("engine", "no defensive fire pending");
        };
        match (choice, target) {
            (Choice::Stop, None) => return self.assault_step(AssaultStep::FireDone, events),
            (Choice::Stop, Some(t)) => return self.volley(&firers, t, events),
            (Choice::Unit(u), None) if !firers.is_empty() => target = Some(u),
            (Choice::Unit(u), _) => {
                firers
                    .push(u)
                    .map_err(|_| RuleViolation::new("engine", "too many firers"))?;
            }
            (Choice::Hex(_) | Choice::OffMap, _) => {
                return refuse("8.3.5", "not one of the options offered")
            }
        }
        // A volley no other unit can join fires at once.
        if let (Some(t), Some(a)) = (target, self.state.suspended.clone()) {
            if self.joiners(&a, &firers, t).is_empty() {
                return self.volley(&firers, t, events);
            }
        }
        self.state.waiting = Waiting::DefensiveFire { firers, target };
        Ok(())
    }
}
