//! Fire combat (S9): who may fire, the fire group, the firepower column of every target unit
//! with each modifier and its case, one d10 for the whole fire, the results and the raw faces.
//!
//! # Procedure (S9.3.2)
//! 1. The firing player declares a group ([`Member`]s in one hex, S9.4) and a target hex;
//!    [`check_group`] refuses what S9.3.1 / S9.8.1 / S9.11.1 forbid, citing the case. What the
//!    map decides (distance, spotting and LOS, smoke along the line, a slope crossed) comes in
//!    a [`FireSetup`] from the sight and terrain modules.
//! 2. [`card`] computes each target unit's column: the group's firepower against that unit
//!    (S9.1, S9.4), the whole-fire modifiers and the unit's own (table S9.5-T). A unit the fire
//!    cannot affect (yellow fire at a hard target, below the Tank minimum) is left alone
//!    (S9.3.3).
//! 3. One d10 for the whole fire ([`fire_roll`], a `Pending::Roll`: the engine never rolls).
//! 4. [`resolve`] reads every target's cell against the same **unmodified** roll (an
//!    unmodified 0 always gives at least a Pin, S9.6) and applies it (S9.7.1, S9.7.2); the
//!    [`FireReport`] also says what the raw face does (S9.7.3: a 0 calls for the fire check of
//!    exclusive 2.3, a 9 costs a sustained fire its marker and an Ammo Low chit, S9.12, and an
//!    Ammo Low firer goes to Ammo Out, S15.2: `css::supply::cost_of_fire` reads it per member
//!    and `SupplyChits::pay` applies it). Ammo Out forbids the fire, Ammo Low sustained and
//!    opportunity fire and costs the column 1 (S15.1).
//! 5. The firers get Fired markers ([`FireMarkers`]); opportunity firers get Op Fire markers.
//!
//! Guided missiles (S9.13, exclusive 3.12) are in [`missile`]. Opportunity fire (S9.11) is in
//! [`opportunity`]: the movement module calls
//! [`opportunity::Window::open`] at each trigger it produces (S9.11.2).

pub mod missile;
pub mod opportunity;
pub mod table;
#[cfg(test)]
mod tests;

pub use table::{FireCharts, FireModifiers, FireResult, FireTable};

use crate::core::protocol::{refuse, Case, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use crate::css::morale::{Condition, Fate, HitOutcome, Status};
use crate::css::supply::SupplyChits;
use serde::{Deserialize, Serialize};

/// Members of one fire group (one hex's units and SWs, S9.4).
pub const MAX_GROUP: usize = 8;
/// Units in one target hex (stacking limit 3 in the series, more in unlimited hexes).
pub const MAX_TARGETS: usize = 12;
/// Lines of one fire card.
pub const MAX_LINES: usize = 20;

/// The colour of a firepower box (S9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Colour {
    /// General purpose: full against everything.
    White,
    /// Anti-armour: half (rounded down) against soft targets.
    Blue,
    /// Small arms: may not fire at hard targets.
    Yellow,
    /// White box with a red number: as white, but never at Tanks (exclusive 3.13).
    WhiteRed,
}

/// A weapon as printed on a unit or SW counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    pub firepower: u8,
    pub colour: Colour,
    pub range: u8,
    /// A black dot: may fire indirectly (S9.8.1).
    pub indirect: bool,
    /// The sustained-fire ability (S9.12).
    pub sustained_ability: bool,
    /// Exclusive 3.14: a 9 with sustained fire costs only the marker (the Berlin garrisons).
    pub spared_ammo_low: bool,
}

/// Supply chits that bear on fire (S15.1): the series' supply module owns them.
pub use crate::css::supply::Ammo;

/// One member of a fire group: a unit (or SW) with what it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub weapon: Weapon,
    /// Steps lost (an SW loses none).
    pub lost: u8,
    pub status: Status,
    pub deployed: bool,
    pub ammo: Ammo,
    /// It already made a fire-type action this activation (S5.1.2) or holds a Fired marker.
    pub fired: bool,
    /// It holds its Sustained Fire marker and declares sustained fire with this fire (S9.12).
    pub sustained: bool,
    /// Opportunity fire only: it holds an Op Fire marker (S9.11.3).
    pub op_fired: bool,
    /// Opportunity fire only: it is in a hex with Ammo Rationing (Gates 7.0, B26).
    pub rationed: bool,
}

impl Member {
    /// A fresh, Deployed member with a weapon and nothing else.
    pub const fn deployed(weapon: Weapon) -> Self {
        Member {
            weapon,
            lost: 0,
            status: Status::None,
            deployed: true,
            ammo: Ammo::Normal,
            fired: false,
            sustained: false,
            op_fired: false,
            rationed: false,
        }
    }
}

/// How the fire is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireKind {
    /// A Fire action (S9.3).
    Direct,
    /// During the enemy's activation (S9.11).
    Opportunity,
    /// Black-dot units at a spotted hex (S9.8).
    Indirect,
    /// An attack "with no modifiers" (S9.14): the printed firepower is the column.
    Unmodified,
}

/// Smoke along the line of fire (S9.9.2: only the worst counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Smoke {
    #[default]
    None,
    Thin,
    Thick,
}

/// What the map and the turn say about this fire (from sight, terrain and weather).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FireSetup {
    pub kind: FireKind,
    /// Hexes from the firing hex to the target hex (S9.2).
    pub distance: u8,
    /// The target hex is spotted and in the group's Fire Zone (direct fire, S9.3.1, S8.6), or
    /// spotted by a spotter (indirect fire, S9.8.2).
    pub spotted: bool,
    pub smoke: Smoke,
    pub slope: bool,
    /// Weather that worsens every fire (Gates 3.1 rain).
    pub bad_weather: bool,
    pub night: bool,
    /// Units in the target hex (S6.6).
    pub units_in_target_hex: u8,
}

impl FireSetup {
    /// Clear day, no smoke, no slope, one unit in the target hex.
    pub const fn direct(distance: u8) -> Self {
        FireSetup {
            kind: FireKind::Direct,
            distance,
            spotted: true,
            smoke: Smoke::None,
            slope: false,
            bad_weather: false,
            night: false,
            units_in_target_hex: 1,
        }
    }
}

/// One unit in the target hex, as fire sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetUnit {
    pub hard: bool,
    pub tank: bool,
    /// The printed Defense value (0 when none is printed).
    pub defense: u8,
    pub deployed: bool,
    /// Direct-fire cover of its terrain (table S7.3-T; 2.1), a positive number subtracted.
    pub cover: u8,
    /// Indirect-fire cover of its terrain (S9.8.3: Woods give none, 2.1.2).
    pub indirect_cover: u8,
    /// Prepared Position / Entrenchment (S19.2).
    pub fortification: u8,
    /// The hex has a bridge (2.2.4).
    pub bridge_hex: bool,
}

impl TargetUnit {
    pub const fn soft(defense: u8) -> Self {
        TargetUnit {
            hard: false,
            tank: false,
            defense,
            deployed: true,
            cover: 0,
            indirect_cover: 0,
            fortification: 0,
            bridge_hex: false,
        }
    }
}

/// S9.3.1, S9.8.1, S9.11.1: may this group fire at that hex? Refusals cite the case.
pub fn check_group(members: &[Member], setup: &FireSetup) -> Result<(), RuleViolation> {
    if members.is_empty() {
        return refuse("S9.3.2", "a fire needs at least one firing unit");
    }
    if members.len() > MAX_GROUP {
        return refuse("S9.4", "more units than one fire group holds");
    }
    if !setup.spotted {
        return refuse("S9.3.1", "the target hex is not spotted in the Fire Zone");
    }
    for m in members {
        if !m.status.may_fire() {
            return refuse("S11.6", "a Suppressed unit may not fire");
        }
        if m.fired {
            return refuse("S5.1.2", "one fire-type action per activation");
        }
        let chits = SupplyChits {
            ammo: m.ammo,
            fuel_out: false,
        };
        chits.may_fire()?;
        if setup.distance > m.weapon.range {
            return refuse("S9.2", "the target hex is beyond the firer's Range");
        }
        if m.sustained && !m.weapon.sustained_ability {
            return refuse(
                "S9.12",
                "only units with the ability declare sustained fire",
            );
        }
        if m.sustained {
            chits.may_sustain()?;
        }
        match setup.kind {
            FireKind::Indirect => {
                if !m.weapon.indirect {
                    return refuse("S9.8.1", "only black-dot weapons fire indirectly");
                }
                if !m.deployed {
                    return refuse("S9.8.1", "an on-map indirect-fire unit must be Deployed");
                }
            }
            FireKind::Opportunity => {
                if !m.deployed {
                    return refuse("S9.11.1", "only Deployed units opportunity fire");
                }
                if !m.status.may_opportunity_fire() {
                    return refuse(
                        "S9.11.1",
                        "a DG or Suppressed unit may not opportunity fire",
                    );
                }
                if m.op_fired {
                    return refuse("S9.11.3", "once per activation: it holds an Op Fire marker");
                }
                chits.may_opportunity_fire()?;
                if m.rationed {
                    return refuse(
                        "S9.11.1",
                        "no opportunity fire from a hex with Ammo Rationing",
                    );
                }
            }
            FireKind::Direct | FireKind::Unmodified => {
                if !m.deployed && setup.distance > 1 {
                    return refuse("S9.3.1", "a unit in Column fires only at an adjacent hex");
                }
            }
        }
    }
    Ok(())
}

/// One line of a fire card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub case: Case,
    pub what: &'static str,
    pub value: i8,
}

/// A target unit's column, line by line, as the table shows it before the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireCard {
    /// The fire can affect the unit (S9.3.3); when false the unit is left alone.
    pub affects: bool,
    /// The member whose firepower is used (S9.4), an index into the group.
    pub leader: usize,
    /// The group's firepower against this unit (S9.1.2, S9.4).
    pub firepower: i16,
    pub lines: heapless::Vec<Line, MAX_LINES>,
    /// The final column, clamped to 0…12 (S1.5).
    pub column: i16,
}

/// May `w` fire at `t` at all (S9.1, S9.1.1, exclusive 3.13)?
pub fn may_fire_at(w: &Weapon, t: &TargetUnit, tank_minimum: Option<u8>) -> bool {
    match w.colour {
        Colour::Yellow if t.hard => false,
        Colour::WhiteRed if t.tank => false,
        _ => !(t.tank && tank_minimum.is_some_and(|min| w.firepower < min)),
    }
}

/// S9.1.2: printed firepower, halved if blue against a soft target, −1 per lost step (never
/// below 1); halved again (rounded down) for a unit in Column (S9.3.1).
pub fn base_firepower(m: &Member, t: &TargetUnit) -> i16 {
    let mut fp = m.weapon.firepower as i16;
    if m.weapon.colour == Colour::Blue && !t.hard {
        fp /= 2;
    }
    fp = (fp - m.lost as i16).max(1);
    if !m.deployed {
        fp /= 2;
    }
    fp
}

/// The fire card of one target unit (S9.3.2 step 2, S9.4, table S9.5-T).
pub fn card(
    members: &[Member],
    setup: &FireSetup,
    target: &TargetUnit,
    charts: &FireCharts,
) -> FireCard {
    let m = &charts.modifiers;
    let mut out = FireCard {
        affects: false,
        leader: 0,
        firepower: 0,
        lines: heapless::Vec::new(),
        column: 0,
    };
    // S9.4: the highest base firepower among the members that could fire at this unit.
    let able = |x: &Member| may_fire_at(&x.weapon, target, charts.tank_minimum);
    let Some((leader, lead)) = members
        .iter()
        .enumerate()
        .filter(|(_, x)| able(x))
        .max_by_key(|(i, x)| {
            // S15.1: an Ammo Low member's −1 comes with it when it leads.
            let low = (x.ammo == Ammo::Low) as i16;
            (base_firepower(x, target) - low, core::cmp::Reverse(*i))
        })
    else {
        return out; // S9.3.3: the fire cannot affect this unit
    };
    out.affects = true;
    out.leader = leader;
    let mut add = |case: Case, what: &'static str, value: i8| {
        if value != 0 {
            let _ = out.lines.push(Line { case, what, value });
        }
    };
    if setup.kind == FireKind::Unmodified {
        // S9.14: the printed firepower, with no modifier at all.
        out.firepower = lead.weapon.firepower as i16;
        out.column = out.firepower.clamp(table::FIRST_COLUMN, table::LAST_COLUMN);
        return out;
    }
    let base = base_firepower(lead, target);
    let others = members.iter().filter(|x| able(x)).count() as i16 - 1;
    let firepower = base + others * m.combined_member as i16;
    // Whole-fire modifiers (the firer's from the leading member, S9.4).
    let direct = matches!(setup.kind, FireKind::Direct | FireKind::Opportunity);
    let adjacent = setup.distance <= 1;
    if lead.sustained && lead.weapon.sustained_ability {
        add("S9.12", "sustained fire", m.sustained);
    }
    match lead.status {
        Status::Pinned => add("S11.4", "firer Pinned", m.firer_pinned),
        Status::Dg => add("S11.5", "firer DG", m.firer_dg),
        _ => {}
    }
    if lead.ammo == Ammo::Low {
        add("S15.1", "firer Ammo Low", m.ammo_low);
    }
    if direct && adjacent {
        add("S9.5", "target adjacent", m.adjacent);
    }
    if setup.units_in_target_hex >= m.dense_from {
        add("S6.6", "crowded target hex", m.dense);
    }
    if direct {
        match setup.smoke {
            Smoke::None => {}
            Smoke::Thin => add("S9.9.2", "Thin Smoke", m.thin_smoke),
            Smoke::Thick => add("S9.9.2", "Smoke", m.smoke),
        }
        if setup.slope {
            add("2.2.1", "across a slope hexside", m.slope);
        }
        if setup.night && !adjacent {
            add("S14.1", "night, target not adjacent", m.night);
        }
    }
    if setup.bad_weather {
        add("3.1", "weather", m.weather);
    }
    // The target unit's own modifiers.
    add("S9.5", "Defense", -(target.defense as i8));
    if target.deployed {
        let cover = if setup.kind == FireKind::Indirect {
            target.indirect_cover
        } else {
            target.cover
        };
        add("S9.5", "terrain cover", -(cover as i8));
        add("S19.2", "fortification", -(target.fortification as i8));
    } else if target.bridge_hex {
        add("2.2.4", "in Column in a bridge hex", m.column_on_bridge);
    }
    if setup.kind == FireKind::Indirect && target.hard {
        add("S9.8.3", "indirect fire at a hard target", m.indirect_hard);
    }
    let total = firepower + out.lines.iter().map(|l| l.value as i16).sum::<i16>();
    out.firepower = firepower;
    out.column = total.clamp(table::FIRST_COLUMN, table::LAST_COLUMN);
    out
}

/// The one roll of a fire (S9.3.2 step 3): a d10 read 0–9, low is good for the firer.
pub fn fire_roll<O>(player: Side, kind: FireKind) -> Pending<O> {
    let (purpose, case) = match kind {
        FireKind::Direct => ("direct fire", "S9.3.2"),
        FireKind::Opportunity => ("opportunity fire", "S9.11.3"),
        FireKind::Indirect => ("indirect fire", "S9.8.3"),
        FireKind::Unmodified => ("unmodified attack", "S9.14"),
    };
    Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose,
        case,
        secret: false,
    }
}

/// S9.6: the cell of a column and an unmodified roll; an unmodified 0 always gives at least a
/// Pin (exclusive 3.12: any fire can produce a result).
pub fn result_of(table: &FireTable, column: i16, raw: u8) -> FireResult {
    let r = table.result(column, raw);
    if raw == 0 {
        r.max(FireResult::Pin)
    } else {
        r
    }
}

/// What one target unit took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetOutcome {
    pub column: i16,
    pub result: FireResult,
    /// `None` for a unit the fire could not affect (S9.3.3).
    pub hit: Option<HitOutcome>,
}

/// What the sustained-fire declaration cost on an unmodified 9 (S9.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SustainedCost {
    None,
    /// The marker is lost (exclusive 3.14: the Berlin garrisons).
    Marker,
    /// The marker is lost and the unit takes an Ammo Low chit (S15.2).
    MarkerAndAmmoLow,
}

/// The whole fire's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireReport {
    pub raw: u8,
    pub targets: heapless::Vec<TargetOutcome, MAX_TARGETS>,
    /// Raw 0: the game's rules keyed to it follow (S9.7.3: exclusive 2.3 fire check, 3.7, heroes
    /// removed by direct fire, 7.0).
    pub raw_zero: bool,
    /// The leading member of each target's card that declared sustained fire and what a raw 9
    /// cost it (S9.12), as an index into the group.
    pub sustained_cost: SustainedCost,
    pub sustained_member: Option<usize>,
    /// A step was lost in the hex: leaders there check for casualty (S9.7.2, S12.5).
    pub leader_check: bool,
}

/// S9.3.2 steps 4 (and S9.7): every target unit reads its own column against the same
/// unmodified roll; results are applied to its condition (S9.7.1, S9.7.2). The caller removes
/// eliminated and captured units.
pub fn resolve(
    members: &[Member],
    setup: &FireSetup,
    targets: &mut [(TargetUnit, Condition)],
    raw: u8,
    charts: &FireCharts,
) -> Result<FireReport, RuleViolation> {
    if raw > 9 {
        return refuse("S1.3", "a d10 is read 0 to 9");
    }
    check_group(members, setup)?;
    let mut report = FireReport {
        raw,
        targets: heapless::Vec::new(),
        raw_zero: raw == 0,
        sustained_cost: SustainedCost::None,
        sustained_member: None,
        leader_check: false,
    };
    for (target, cond) in targets.iter_mut() {
        let c = card(members, setup, target, charts);
        let outcome = if !c.affects {
            TargetOutcome {
                column: c.column,
                result: FireResult::NoEffect,
                hit: None,
            }
        } else {
            let result = result_of(&charts.table, c.column, raw);
            let hit = cond.take_hit(result.steps(), result.status());
            report.leader_check |= hit.leader_check;
            let lead = &members[c.leader];
            if raw == 9 && lead.sustained && lead.weapon.sustained_ability {
                report.sustained_member = Some(c.leader);
                report.sustained_cost = if lead.weapon.spared_ammo_low {
                    SustainedCost::Marker
                } else {
                    SustainedCost::MarkerAndAmmoLow
                };
            }
            TargetOutcome {
                column: c.column,
                result,
                hit: Some(hit),
            }
        };
        report
            .targets
            .push(outcome)
            .map_err(|_| RuleViolation::new("engine", "too many units in the target hex"))?;
    }
    Ok(report)
}

impl FireReport {
    /// The units removed by this fire (eliminated or captured), by their index in the targets.
    pub fn removed(&self) -> impl Iterator<Item = (usize, Fate)> + '_ {
        self.targets.iter().enumerate().filter_map(|(i, t)| {
            t.hit
                .map(|h| h.fate)
                .filter(|f| *f != Fate::Stays)
                .map(|f| (i, f))
        })
    }
}

/// S9.9.1: may this member fire barrage smoke at a hex `distance` away, which a spotter spots
/// (`spotted`) or which is adjacent to a spotted hex? No roll is made and nothing is attacked:
/// the caller places the Smoke marker.
pub fn check_smoke_mission(
    m: &Member,
    distance: u8,
    spotted_or_next_to_spotted: bool,
) -> Result<(), RuleViolation> {
    if !m.weapon.indirect {
        return refuse("S9.9.1", "only indirect-fire units fire smoke");
    }
    if !spotted_or_next_to_spotted {
        return refuse("S9.9.1", "smoke goes on a spotted hex or a hex next to one");
    }
    let setup = FireSetup {
        kind: FireKind::Indirect,
        spotted: true,
        ..FireSetup::direct(distance)
    };
    check_group(&[*m], &setup)
}

/// S9.9.3: the Wind chit: every Thin Smoke marker goes and every Smoke marker thins; on a gust
/// (a roll of 0 or 1) the remaining smoke goes as well.
pub const fn wind(smoke: Smoke, gust: bool) -> Smoke {
    match smoke {
        Smoke::Thick if !gust => Smoke::Thin,
        _ => Smoke::None,
    }
}

/// S9.9.3: a Wind roll of 0 or 1 is a gust.
pub const fn is_gust(raw: u8) -> bool {
    raw <= 1
}

/// The fire markers a unit carries (S9.3.5, S9.11.3, S9.12). Its supply chits are
/// `css::supply::SupplyChits`; what a raw 9 costs both is `SupplyChits::pay` (S15.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireMarkers {
    pub fired: bool,
    pub op_fire: bool,
    /// The Sustained Fire marker (held from the start of play by units with the ability).
    pub sustained: bool,
}

impl FireMarkers {
    /// Step 2D-c: Op Fire markers go (S9.11.3).
    pub fn end_of_activation(&mut self) {
        self.op_fire = false;
    }
    /// End Phase housekeeping (S3.7.3): Fired and Op Fire markers go.
    pub fn end_phase(&mut self) {
        self.fired = false;
        self.op_fire = false;
    }
}
