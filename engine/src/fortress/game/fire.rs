//! Bombardment and mixed bombardment in the combat segment (4.1.4 step 1, 8.2, 8.2.1): the
//! firers' shots are read from the board — distance, line of sight (8.3.2: built-up and major
//! building hexes block, a line along a hexside is blocked only if both sides block), a spotter
//! (8.2.3: an undisrupted friendly unit within two hexes that sees the target), facing (8.1.6),
//! flak towers (8.3.1) — and handed to `combat::bombard`. Each hex is bombarded once a segment
//! (8.2) and each unit fights once (8.3.4). The roll and the result go the way of the close
//! assault (`assault`): the attacker never suffers (8.2.4 step 5), fortified defenders may
//! stay against an R (8.6), a built-up hex may fall to ruins (9.0.1), and when the hex is
//! emptied adjacent units able to assault it may occupy it (8.9).
//!
//! Gun fire is in `gun_fire` (8.3, 8.3.5); air strikes in `air` (11.4).

use super::combatants::{combatant, defended_hex, defenders_at, fighter};
use super::{Assaulters, Event, Game, Waiting};
use crate::core::hex::HexId;
use crate::core::los::{hex_line, line_of_sight, LineHex, SpineRule};
use crate::core::map::HexFeatures;
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::UnitId;
use crate::fortress::board::{terrain, SegmentKind};
use crate::fortress::combat::{
    bombard, check_hex_bombardment, Bombardment, CombatCard, CombatKind, FireSource, Firer,
    WeaponType,
};
use crate::fortress::fog;

/// Most units one bombardment may combine (a stand-in capacity).
const MAX_FIRE: usize = super::MAX_ASSAULTERS;

impl Game<'_> {
    /// Does a line from `a` to `b` see over the hexes between (8.3.2)?
    pub(super) fn sees(&self, a: HexId, b: HexId) -> bool {
        let map = &self.data.map;
        line_of_sight(&map.geometry, a, b, SpineRule::BothBlock, |h| {
            matches!(map.terrain(h), terrain::BUILT_UP | terrain::MAJOR_BUILDING)
        })
    }

    /// Does `u` face `target` (8.1.6)? Combat mode faces all round; in maneuver mode the first
    /// hex (or either hex of the first hexside) on the line to the target must be faced.
    pub(super) fn fires_toward(&self, u: UnitId, from: HexId, target: HexId) -> bool {
        let b = &self.state.board;
        let Some(x) = b.unit(u) else { return false };
        let g = &self.data.map.geometry;
        let faced = |h: HexId| g.direction_to(from, h).is_some_and(|d| x.counter.faces(d));
        if g.adjacent(from, target) {
            return faced(target);
        }
        let mut first = None;
        hex_line(g, from, target, |step| {
            first.get_or_insert(step);
        });
        match first {
            Some(LineHex::One(h)) => faced(h),
            Some(LineHex::Spine(p, q)) => faced(p) || faced(q),
            None => false,
        }
    }

    /// Is `target` spotted for the phasing side (8.2.3): an undisrupted unit of it within two
    /// hexes that sees the target?
    fn spotted(&self, target: HexId) -> bool {
        let side = self.phasing();
        let (b, g) = (&self.state.board, &self.data.map.geometry);
        b.stacks.stacks.iter().any(|s| {
            s.owner == side
                && g.distance(s.hex, target) <= 2
                && s.units.iter().any(|&u| {
                    b.unit(u).is_some_and(|x| {
                        x.counter.game.disrupted.is_none() && !x.counter.game.underground
                    })
                })
                && self.sees(s.hex, target)
        })
    }

    /// The card of a bombardment of `kind` by `firers` on `target` as the board stands.
    pub(super) fn bombard_card(
        &self,
        kind: CombatKind,
        firers: &[UnitId],
        target: HexId,
    ) -> Result<CombatCard, RuleViolation> {
        let side = self.phasing();
        let g = &self.data.map.geometry;
        let spotted = self.spotted(target);
        let mut fire: heapless::Vec<FireSource, MAX_FIRE> = heapless::Vec::new();
        for (i, &u) in firers.iter().enumerate() {
            // 11.3: a Soviet Army HQ named once brings its army's strike, wherever it stands.
            if side == crate::fortress::counters::SOVIET
                && self.off_board(u)
                && !firers[..i].contains(&u)
            {
                fire.push(self.army_strike(u, target))
                    .map_err(|_| RuleViolation::new("engine", "too many firers"))?;
                continue;
            }
            let (from, k) = fighter(self, firers, i, side, "8.2")?;
            let firer = Firer {
                unit: k,
                distance: g.distance(from, target).min(u8::MAX as u16) as u8,
                spotted,
                line_of_sight: self.sees(from, target),
                in_front: self.fires_toward(u, from, target),
                in_flak_tower: crate::fortress::board::features(
                    &self.data.map,
                    &self.state.board.options,
                    from,
                )
                .has(HexFeatures::FLAK_TOWER),
            };
            fire.push(FireSource::Unit(firer))
                .map_err(|_| RuleViolation::new("engine", "too many firers"))?;
        }
        self.fire_card(kind, &fire, target)
    }

    /// The card of a bombardment of `kind` by these `fire` sources (firers, or an air strike)
    /// on `target`'s defenders as the board stands (8.2, 11.4).
    pub(super) fn fire_card(
        &self,
        kind: CombatKind,
        fire: &[FireSource],
        target: HexId,
    ) -> Result<CombatCard, RuleViolation> {
        let mut defenders: heapless::Vec<_, MAX_FIRE> = heapless::Vec::new();
        for u in defenders_at(self, target, self.fired_on(target)) {
            if let Some(k) = combatant(self, u) {
                let _ = defenders.push(k);
            }
        }
        let hex = defended_hex(self, target);
        bombard(
            &self.data.combat,
            &Bombardment {
                kind,
                fire,
                defenders: &defenders,
                hex: &hex,
            },
        )
    }

    /// Announces a bombardment (4.1.4 step 1, 8.2.4): the table then rolls 2d6 unless it fails
    /// outright (8.1.3).
    pub(super) fn announce_fire(
        &mut self,
        firers: &Assaulters,
        target: HexId,
        mixed: bool,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.board.segment.kind != SegmentKind::Combat {
            return refuse("4.1.4", "bombardments are made in the combat segment");
        }
        let guns = firers.iter().any(|&u| {
            !self.off_board(u)
                && combatant(self, u).is_some_and(|k| k.weapon != WeaponType::Artillery)
        });
        if guns != mixed {
            return refuse(
                "8.2.1",
                "a mixed bombardment is artillery with gun units; a bombardment is artillery alone",
            );
        }
        let (strikes, units): (Assaulters, Assaulters) =
            firers.iter().partition(|&&u| self.off_board(u));
        if units.iter().any(|u| self.state.fought.contains(u)) {
            return refuse("8.3.4", "a unit takes part in one combat a combat segment");
        }
        if strikes.iter().any(|u| self.state.barrages.contains(u)) {
            return refuse("11.3", "each Army HQ brings one artillery strike a turn");
        }
        self.bombardment_step()?;
        check_hex_bombardment(self.state.bombarded.contains(&target))?;
        if self.fired_on(target) == self.phasing() {
            self.check_rival_bombardment(firers, target)?;
        }
        let kind = if mixed {
            CombatKind::MixedBombardment
        } else {
            CombatKind::Bombardment
        };
        let card = self.bombard_card(kind, firers, target)?;
        self.state.last_assault = None;
        for &u in &units {
            self.state
                .fought
                .push(u)
                .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))?;
        }
        for &u in &strikes {
            self.state
                .barrages
                .push(u)
                .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))?;
        }
        self.fire_announced(
            &card,
            mixed,
            super::Announced::new(kind, firers.clone(), target),
            events,
        )
    }

    /// The side whose units a bombardment of `target` strikes: the enemy's; in the games with
    /// two Soviet fronts, a hex of Soviet units alone is the other front's (17.2, checked by
    /// [`Self::check_rival_bombardment`]).
    pub(super) fn fired_on(&self, target: HexId) -> crate::core::side::Side {
        let side = self.phasing();
        let b = &self.state.board;
        let own_only =
            b.stacks.at(target, side.other()).is_none() && b.stacks.at(target, side).is_some();
        if own_only && side == crate::fortress::counters::SOVIET && self.players() >= 3 {
            side
        } else {
            side.other()
        }
    }

    /// 17.2: a Soviet player may bombard the other front's units when they stand next to
    /// German units: the firers all of one front, the target hex all of the other.
    fn check_rival_bombardment(
        &self,
        firers: &[UnitId],
        target: HexId,
    ) -> Result<(), RuleViolation> {
        let forces = &self.data.forces;
        let b = &self.state.board;
        let front = |u: UnitId| crate::fortress::players::front_of(forces, u);
        let Some(&first) = firers.first() else {
            return refuse("8.2", "no unit fires");
        };
        let ours = front(first);
        if firers.iter().any(|&u| front(u) != ours) {
            return refuse(
                "17.2",
                "a bombardment of the other front's units is one front's",
            );
        }
        let theirs = b.stacks.at(target, crate::fortress::counters::SOVIET);
        if theirs.is_none_or(|s| s.units.iter().any(|&u| front(u) == ours)) {
            return refuse("8.2", "bombardments are made on hexes holding enemy units");
        }
        let german = crate::fortress::counters::GERMAN;
        let beside = self
            .data
            .map
            .geometry
            .neighbours(target)
            .any(|(_, n)| b.stacks.at(n, german).is_some());
        if !beside {
            return refuse(
                "17.2",
                "the other front's units may be bombarded only next to German units",
            );
        }
        Ok(())
    }

    /// Is `u` a Soviet Army HQ, whose army's off-board artillery it brings to a bombardment
    /// (11.3)?
    pub(super) fn off_board(&self, u: UnitId) -> bool {
        self.data.forces.counter(u).is_some_and(|c| {
            c.side == crate::fortress::counters::SOVIET
                && c.is_hq()
                && c.size == crate::fortress::counters::UnitSize::Army
        })
    }

    /// The off-board strike of `hq`'s army on `target` (11.3): 18 FS, the target within the
    /// HQ's command radius and within two hexes of an undisrupted unit of its army that sees
    /// it.
    fn army_strike(&self, hq: UnitId, target: HexId) -> FireSource {
        let (b, g) = (&self.state.board, &self.data.map.geometry);
        let radius = self.data.forces.counter(hq).and_then(|c| c.command);
        let in_radius = b
            .hex_of(hq)
            .zip(radius)
            .is_some_and(|(h, r)| r.reaches(g.distance(h, target)));
        let army = self.army_of(hq);
        let spotted = army.is_some()
            && b.stacks.stacks.iter().any(|s| {
                s.owner == crate::fortress::counters::SOVIET
                    && g.distance(s.hex, target) <= 2
                    && s.units.iter().any(|&u| {
                        u != hq
                            && self.army_of(u) == army
                            && b.unit(u).is_some_and(|x| {
                                x.counter.game.disrupted.is_none() && !x.counter.game.underground
                            })
                    })
                    && self.sees(s.hex, target)
            });
        FireSource::OffBoard { in_radius, spotted }
    }

    /// Bombardments and air strikes are the combat segment's first step: none after its gun
    /// fire or close assaults have begun (4.1.4).
    pub(super) fn bombardment_step(&self) -> Result<(), RuleViolation> {
        if self.state.gun_fired || !self.state.assaulted.is_empty() {
            return refuse(
                "4.1.4",
                "bombardments come before the segment's gun fire and close assaults",
            );
        }
        Ok(())
    }

    /// Announces a bombardment or an air strike whose card is drawn (8.2.4, 11.4): the hex is
    /// bombarded for this segment (8.2), the card is shown, and the table rolls 2d6 unless it
    /// fails outright (8.1.3).
    pub(super) fn fire_announced(
        &mut self,
        card: &CombatCard,
        mixed: bool,
        announced: super::Announced,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let target = announced.target;
        self.state
            .bombarded
            .push(target)
            .map_err(|_| RuleViolation::new("engine", "combat capacity exceeded"))?;
        emit(
            events,
            Event::FireAnnounced {
                target,
                mixed,
                attack: card.attack,
                defence: card.defence,
                letter: card.letter,
            },
        )?;
        if card.fails() {
            return emit(events, Event::AssaultFails { target });
        }
        self.state.waiting = Waiting::AssaultRoll(announced);
        Ok(())
    }
}

/// Does announcing this kind of combat show the forces in it (3.6)?
pub fn reveals(kind: CombatKind) -> bool {
    fog::reveals(match kind {
        CombatKind::CloseAssault => fog::AttackKind::CloseAssault,
        CombatKind::DirectGunFire => fog::AttackKind::DirectGunFire,
        CombatKind::MixedBombardment => fog::AttackKind::MixedBombardment,
        CombatKind::Bombardment => fog::AttackKind::Bombardment,
    })
}
