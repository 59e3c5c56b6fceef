//! Headquarters and command (3.5). An HQ commands any number of units within its radius in
//! hexes, whatever their type or formation, and whatever enemy units or zones lie between
//! (3.5.1, 2.2.8). Soviet army HQs command every Soviet unit in radius (3.5). A German
//! division HQ commands every unit in radius but must itself be within the radius of its
//! higher HQ (3.5.3); a higher HQ commands its divisions' HQs, every VS, HJ and PPB unit in
//! radius and one combat unit it designates (3.5.4). Units of a division whose HQ is out of
//! command have half their MA (3.5.3). In command: direct gun fire (3.5.2, 8.3.3). Each HQ
//! gives support fire to one close assault a turn in its radius (3.5.2).
//!
//! Command is a query over the board, computed afresh: no status to keep in step.

use super::board::{Forces, MapData, State};
use super::counters::{FormationId, FormationKind, UnitType, GERMAN};
use crate::core::hex::HexId;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::units::UnitId;

/// A unit's command status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// An army or higher-command HQ: the source of command.
    Source,
    /// Within the radius of this HQ.
    By(UnitId),
    /// Designated by this German higher HQ (3.5.4).
    Directed(UnitId),
    Out,
}

impl Command {
    pub const fn in_command(self) -> bool {
        !matches!(self, Command::Out)
    }
}

fn formation_kind(forces: &Forces, f: Option<FormationId>) -> Option<FormationKind> {
    Some(forces.formation(f?)?.kind)
}

/// Does HQ `hq` (on the map) reach `hex` with its radius?
pub fn reaches(map: &MapData, forces: &Forces, state: &State, hq: UnitId, hex: HexId) -> bool {
    let (Some(r), Some(at)) = (forces.counter(hq).and_then(|c| c.command), state.hex_of(hq)) else {
        return false;
    };
    r.reaches(map.geometry.distance(at, hex))
}

/// HQs on the map of the unit's side whose formation is of `kind` (and `formation`, if given).
fn hqs<'a>(
    forces: &'a Forces,
    state: &'a State,
    side: crate::core::side::Side,
    kind: FormationKind,
    formation: Option<FormationId>,
) -> impl Iterator<Item = UnitId> + 'a {
    forces
        .counters
        .iter()
        .enumerate()
        .filter(move |(i, c)| {
            c.is_hq()
                && c.side == side
                && formation_kind(forces, c.formation) == Some(kind)
                && (formation.is_none() || c.formation == formation)
                && state.hex_of(UnitId(*i as u16)).is_some()
        })
        .map(|(i, _)| UnitId(i as u16))
}

/// The HQs on the map of the higher command German division HQ `hq` answers to (3.5.3); none
/// for a division without one.
fn higher_hqs_of<'a>(
    forces: &'a Forces,
    state: &'a State,
    hq: UnitId,
) -> impl Iterator<Item = UnitId> + 'a {
    let higher = forces
        .counter(hq)
        .and_then(|c| c.formation)
        .and_then(|f| forces.formation(f))
        .and_then(|f| f.higher);
    hqs(forces, state, GERMAN, FormationKind::HigherCommand, higher)
        .filter(move |_| higher.is_some())
}

/// A German division HQ is in command when its higher HQ reaches it (3.5.3).
fn division_hq_command(map: &MapData, forces: &Forces, state: &State, hq: UnitId) -> Command {
    let Some(at) = state.hex_of(hq) else {
        return Command::Out;
    };
    higher_hqs_of(forces, state, hq)
        .find(|&h| reaches(map, forces, state, h, at))
        .map_or(Command::Out, Command::By)
}

/// The command status of unit `u`.
pub fn command_of(map: &MapData, forces: &Forces, state: &State, u: UnitId) -> Command {
    let (Some(c), Some(at)) = (forces.counter(u), state.hex_of(u)) else {
        return Command::Out;
    };
    if !c.kind.is_combat_unit() {
        return Command::Out;
    }
    let kind = formation_kind(forces, c.formation);
    if c.is_hq() {
        return match kind {
            Some(FormationKind::Division) if c.side == GERMAN => {
                division_hq_command(map, forces, state, u)
            }
            _ => Command::Source,
        };
    }
    if c.side != GERMAN {
        // Any Soviet army HQ in radius (3.5, 3.5.1).
        return hqs(forces, state, c.side, FormationKind::Army, None)
            .find(|&h| reaches(map, forces, state, h, at))
            .map_or(Command::Out, Command::By);
    }
    // 3.5.4: the one unit a higher HQ designates.
    if let Some(h) = state.unit(u).and_then(|x| x.counter.game.directed_by) {
        if reaches(map, forces, state, h, at) {
            return Command::Directed(h);
        }
    }
    // 3.5.3: a division HQ in command, within radius (the optional rule: its own division's).
    let own = state.options.own_division_command.then_some(c.formation);
    let by_division = hqs(
        forces,
        state,
        GERMAN,
        FormationKind::Division,
        own.flatten(),
    )
    .filter(|_| !state.options.own_division_command || kind == Some(FormationKind::Division))
    .find(|&h| {
        reaches(map, forces, state, h, at)
            && division_hq_command(map, forces, state, h).in_command()
    });
    if let Some(h) = by_division {
        return Command::By(h);
    }
    // 3.5.4: Volkssturm, Hitler Youth and PPBs within any higher HQ's radius.
    if matches!(
        c.kind,
        UnitType::Volkssturm | UnitType::HitlerYouth | UnitType::PlantProtection
    ) {
        if let Some(h) = hqs(forces, state, GERMAN, FormationKind::HigherCommand, None)
            .find(|&h| reaches(map, forces, state, h, at))
        {
            return Command::By(h);
        }
    }
    Command::Out
}

/// The HQs on the map whose radius would put `u` in command (what the table shades for a unit
/// out of command, 3.5): for a Soviet unit every army HQ of its side (3.5.1); for a German
/// division HQ the HQs of its higher command (3.5.3); for another German unit the division HQs
/// that are themselves in command (under the optional rule of 3.5.3 only its own division's),
/// and for Volkssturm, Hitler Youth and PPB units the higher HQs too (3.5.4). An HQ that is a
/// source of command itself has none.
pub fn commanders_of(
    map: &MapData,
    forces: &Forces,
    state: &State,
    u: UnitId,
    mut each: impl FnMut(UnitId),
) {
    let Some(c) = forces.counter(u) else {
        return;
    };
    if !c.kind.is_combat_unit() || state.hex_of(u).is_none() {
        return;
    }
    let kind = formation_kind(forces, c.formation);
    if c.side != GERMAN {
        if !c.is_hq() {
            hqs(forces, state, c.side, FormationKind::Army, None).for_each(each);
        }
        return;
    }
    if c.is_hq() {
        if kind == Some(FormationKind::Division) {
            higher_hqs_of(forces, state, u).for_each(each);
        }
        return;
    }
    let own = state.options.own_division_command;
    if !own || kind == Some(FormationKind::Division) {
        hqs(
            forces,
            state,
            GERMAN,
            FormationKind::Division,
            own.then_some(c.formation).flatten(),
        )
        .filter(|&h| division_hq_command(map, forces, state, h).in_command())
        .for_each(&mut each);
    }
    if matches!(
        c.kind,
        UnitType::Volkssturm | UnitType::HitlerYouth | UnitType::PlantProtection
    ) {
        hqs(forces, state, GERMAN, FormationKind::HigherCommand, None).for_each(each);
    }
}

/// Units of a German division whose HQ is out of command (or gone) move at half their MA, the
/// HQ included (3.5, 3.5.3). A division that has no HQ counter at all (elements sent without
/// their staff, 16.4) is never out of command for this (see the command ruling).
pub fn movement_halved(map: &MapData, forces: &Forces, state: &State, u: UnitId) -> bool {
    let Some(c) = forces.counter(u) else {
        return false;
    };
    if c.side != GERMAN || formation_kind(forces, c.formation) != Some(FormationKind::Division) {
        return false;
    }
    if !forces
        .counters
        .iter()
        .any(|h| h.is_hq() && h.formation == c.formation)
    {
        return false;
    }
    let mut division_hqs = hqs(forces, state, GERMAN, FormationKind::Division, c.formation);
    !division_hqs.any(|h| division_hq_command(map, forces, state, h).in_command())
}

/// A German higher HQ designates the one combat unit it commands directly (3.5.4); a new
/// designation replaces its last.
pub fn designate(
    map: &MapData,
    forces: &Forces,
    state: &mut State,
    hq: UnitId,
    u: UnitId,
) -> Result<(), RuleViolation> {
    let higher = forces.counter(hq).is_some_and(|c| {
        c.side == GERMAN
            && c.is_hq()
            && formation_kind(forces, c.formation) == Some(FormationKind::HigherCommand)
    });
    if !higher {
        return refuse("3.5.4", "only a German higher HQ commands a unit directly");
    }
    let Some(c) = forces.counter(u) else {
        return refuse("engine", "no such unit");
    };
    if c.side != GERMAN || c.is_hq() || !c.kind.is_combat_unit() {
        return refuse(
            "3.5.4",
            "a higher HQ directly commands one German combat unit",
        );
    }
    let Some(at) = state.hex_of(u) else {
        return refuse("3.5.4", "the unit is not on the map");
    };
    if !reaches(map, forces, state, hq, at) {
        return refuse("3.5.4", "the unit is beyond the HQ's command radius");
    }
    for x in state.units.iter_mut() {
        if x.counter.game.directed_by == Some(hq) {
            x.counter.game.directed_by = None;
        }
    }
    state.unit_mut(u)?.counter.game.directed_by = Some(hq);
    Ok(())
}

/// May `u` start a direct gun fire attack as far as command goes (3.5.2, 8.3.3)?
pub fn may_direct_fire(
    map: &MapData,
    forces: &Forces,
    state: &State,
    u: UnitId,
) -> Result<(), RuleViolation> {
    if command_of(map, forces, state, u).in_command() {
        Ok(())
    } else {
        refuse("3.5.2", "only units in command may start direct gun fire")
    }
}

/// May HQ `hq` add its FS as support fire to the close assault on `combat` (3.5.2)? `assaulted`
/// lists the hexes being close assaulted this segment; `units` the assault's own side's units
/// (the optional rule of 3.5.3 limits a division HQ to its own division).
pub fn may_support(
    map: &MapData,
    forces: &Forces,
    state: &State,
    hq: UnitId,
    combat: HexId,
    assaulted: &[HexId],
    units: &[UnitId],
) -> Result<(), RuleViolation> {
    let Some(c) = forces.counter(hq).filter(|c| c.is_hq()) else {
        return refuse("3.5.2", "only HQs give support fire");
    };
    let Some(x) = state.unit(hq).filter(|x| x.state.hex().is_some()) else {
        return refuse("3.5.2", "the HQ is not on the map");
    };
    if x.counter.game.disrupted.is_some() {
        return refuse("3.5.2", "a disrupted HQ gives no support fire");
    }
    if x.counter.game.support_fired {
        return refuse("3.5.2", "an HQ gives support fire once a turn");
    }
    if x.state.hex().is_some_and(|h| assaulted.contains(&h)) {
        return refuse("3.5.2", "an HQ under close assault gives no support fire");
    }
    if !reaches(map, forces, state, hq, combat) {
        return refuse("3.5.2", "the combat is beyond the HQ's command radius");
    }
    if state.options.own_division_command
        && formation_kind(forces, c.formation) == Some(FormationKind::Division)
        && units.iter().any(|&u| {
            forces
                .counter(u)
                .is_some_and(|v| v.formation != c.formation)
        })
    {
        return refuse(
            "3.5.3",
            "a division HQ supports only its own division (optional rule)",
        );
    }
    Ok(())
}

/// Spends an HQ's support fire for the turn (3.5.2), after [`may_support`].
pub fn use_support(state: &mut State, hq: UnitId) -> Result<(), RuleViolation> {
    state.unit_mut(hq)?.counter.game.support_fired = true;
    Ok(())
}

/// A new turn: every HQ may support once again (3.5.2).
pub fn new_turn(state: &mut State) {
    for x in state.units.iter_mut() {
        x.counter.game.support_fired = false;
    }
}
