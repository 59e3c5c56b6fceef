//! Assault (S10.0–S10.6): units close with one adjacent enemy hex and the two sides' Assault
//! Values and rolls decide who holds it.
//!
//! # Procedure
//! 1. **Declaration** (S10.1, [`declare()`]): active, Deployed, unmarked units with a
//!    fire-type action left, in hexes next to one enemy-occupied hex, across hexsides they
//!    could move across (a bridge counts, though they are Deployed). Refusals cite the case.
//! 2. **Defensive fire** (S10.2): each assaulting hex is an opportunity-fire trigger
//!    ([`Declaration::triggers`]); the fire is the fire module's. The caller then says what
//!    each attacker is ([`Declaration::after_defensive_fire`]); the marked and the lost drop
//!    out, and with none left the assault is over.
//! 3. **Assault Values** (S10.3, [`Assault::value`]): best base firepower, +1 for each other
//!    unit and each SW; the attacker loses the defenders' cover and fortification and the
//!    slope; the defender loses 2 for a DG or Suppressed defender and 1 in Column; never
//!    below 0.
//! 4. **Assault rolls** (S10.4, [`Assault::roll_card`], [`Assault::totals`]): one d10 a side,
//!    the rolls are inputs (the engine never rolls), plus the modifiers of table S10.4-T;
//!    **high is good** (S1.3.1): the total is value + die + modifiers.
//! 5. **Results** (S10.5, [`AssaultTable`], [`Assault::apply`]): the attacker's total minus
//!    the defender's, read on table S10.5-T (a stand-in, `css::standin::assault_table`).
//!    Steps, DG (with the escalation of S9.7.1) and rout (S11.8: no rout path, captured).
//!    Results never trigger opportunity fire.
//! 6. **Advance** (S10.6, [`advance`]): into the emptied hex, no MP, no trigger, within the
//!    stacking limit, not for a class that may not deploy there; then the game's
//!    end-of-assault effects ([`AssaultReport::flame_fire_check`], exclusive 3.14, B9).
//!
//! Readings: "one enemy-occupied hex" is the one hex all assaulting hexes are next to (one
//! target per assault). "If the defenders are Deployed" / "in Column" (S10.3) are read
//! literally: cover counts when every defender is Deployed, the Column −1 when every defender
//! is in Column; a hex holding both gives neither.

pub mod declare;
#[cfg(test)]
mod tests;

pub use declare::{
    declare, may_assault, may_be_assaulted, may_cross, Approach, AssaultHex, Assaulter, Attacker,
    Declaration, Standing, MAX_HEXES,
};

use crate::core::hex::HexId;
use crate::core::protocol::{refuse, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::css::fire::{Colour, Line, MAX_LINES, MAX_TARGETS};
use crate::css::morale::{
    check, effective_tq, rout_to_box, Condition, Fate, Status, StatusHit, TqModifiers, TqSituation,
    Tqc,
};
use crate::css::terrain::{dots, Conditions, FireKind, Fortification, Ground, MoveClass};
use serde::{Deserialize, Serialize};

/// Units of one assault's attacking side (six hexes of a few units each).
pub const MAX_ATTACKERS: usize = 24;
/// Units of the defending hex.
pub const MAX_DEFENDERS: usize = MAX_TARGETS;
/// Bands of an assault results table.
pub const MAX_BANDS: usize = 12;

/// S10.3: a defending unit is DG or Suppressed (as the case states).
const DISRUPTED_DEFENDER: i8 = -2;
/// S10.3: the defenders are in Column.
const COLUMN_DEFENDERS: i8 = -1;
/// S10.3, exclusive 2.2.1: every assaulting unit attacks across a slope hexside.
const ACROSS_SLOPE: i8 = -1;

/// A unit taking part in an assault, on either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub unit: UnitId,
    /// Printed firepower and its box colour (S9.1).
    pub firepower: u8,
    pub colour: Colour,
    pub hard: bool,
    pub deployed: bool,
    /// Steps and status; fire before the assault may have changed them (S10.2).
    pub cond: Condition,
    /// SWs it carries (each +1 to the Assault Value, S10.3) …
    pub sws: u8,
    /// … of which one-shot weapons, used up by the assault (S13.5).
    pub one_shot: u8,
    /// Its troop quality (S11.1.1, table S11.3-T: division, leader, hero); the status and
    /// lost steps are read from `cond`.
    pub tq: TqSituation,
    /// It can trace a rout path (S11.8.2, `css::morale::rout`); a routing unit that cannot is
    /// captured (S11.8.4).
    pub rout_path: bool,
}

impl Fighter {
    /// A fresh, Deployed, soft unit with no SW that can trace a rout path.
    pub const fn new(unit: UnitId, firepower: u8, colour: Colour, tq: u8, steps: u8) -> Self {
        Fighter {
            unit,
            firepower,
            colour,
            hard: false,
            deployed: true,
            cond: Condition::fresh(steps),
            sws: 0,
            one_shot: 0,
            tq: TqSituation::printed(tq),
            rout_path: true,
        }
    }

    /// S10.3: base firepower as S9.1.2 (−1 a lost step, never below 1), except that blue is
    /// halved only if the other side has no hard target at all, and yellow counts in full.
    pub fn base_firepower(&self, other_side_hard: bool) -> i16 {
        let mut fp = self.firepower as i16;
        if self.colour == Colour::Blue && !other_side_hard {
            fp /= 2;
        }
        (fp - self.cond.lost as i16).max(1)
    }

    /// Its effective TQ now (S11.1.1, table S11.3-T), with its current status and losses.
    pub fn effective_tq(&self, m: &TqModifiers) -> i8 {
        let s = TqSituation {
            status: self.cond.status,
            lost_any: self.cond.lost > 0,
            ..self.tq
        };
        effective_tq(&s, m).value
    }
}

/// What a side brings besides its units (table S10.4-T).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Backing {
    /// The best printed Assault bonus of a leader in the side's hexes (0 with none).
    pub leader_bonus: u8,
    /// A hero is with the side's units (S12.6).
    pub hero: bool,
    /// *Gates* 3.14: a flame-thrower is used in the assault.
    pub flame_thrower: bool,
    /// *Gates* 3.14: a unit with the +2 assault ability takes part.
    pub assault_ability: bool,
}

/// The hex assaulted, as the Assault Values and modifiers read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defended {
    /// The terrain's direct-fire cover (table S7.3-T, Rubble included), a positive number.
    pub cover: u8,
    /// Prepared Position / Entrenchment (S19.2), a positive number.
    pub fortification: u8,
    /// A City or Town hex (table S10.4-T).
    pub urban: bool,
}

impl Defended {
    /// The hex `h` on the ground with its markers (the dots of the stand-in legend,
    /// `terrain::dots`, tell City and Town).
    pub fn on<const H: usize, const P: usize>(
        ground: &Ground<'_, H, P>,
        cond: &impl Conditions,
        h: HexId,
    ) -> Defended {
        let total = -(ground.cover(h, true, FireKind::Direct, cond) as i16);
        let fort = -(match cond.fortification(h) {
            Fortification::None => 0,
            Fortification::Prepared => ground.chart.prepared_cover,
            Fortification::Entrenched => ground.chart.entrenched_cover,
        } as i16);
        let terrain = ground
            .map
            .idx(h)
            .and_then(|i| ground.map.terrain.get(i).copied());
        Defended {
            cover: (total - fort).clamp(0, u8::MAX as i16) as u8,
            fortification: fort.clamp(0, u8::MAX as i16) as u8,
            urban: matches!(terrain, Some(dots::TOWN | dots::CITY)),
        }
    }
}

/// Which side of the assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    Attacker,
    Defender,
}

/// Table S10.4-T: the assault roll modifiers. Stand-in except the two values exclusive 3.14
/// states (flame-thrower +3, the assault ability +2); a leader's bonus is printed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultModifiers {
    /// A hero with the side's units (S12.6).
    pub hero: i8,
    /// The side's best unit has a higher effective TQ than the other side's best.
    pub better_tq: i8,
    /// *Gates* 3.14.
    pub flame_thrower: i8,
    /// *Gates* 3.14.
    pub assault_ability: i8,
    /// To the attacker: the defenders are in a City or Town hex and every attacker is a hard
    /// target.
    pub armour_into_town: i8,
}

/// One result of table S10.5-T.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssaultResult {
    /// +6 and up: a step off each defender, the rest of the hex routs; the hex may be taken.
    DefendersStepAndRout,
    /// +3 to +5: the whole defending hex routs; the hex may be taken.
    DefendersRout,
    /// +1, +2: a DG on each defender, then a TQC each, routing on a failure; the hex may be
    /// taken only if nobody is left in it.
    DefendersDgAndCheck,
    /// 0: a DG on every unit of both sides.
    BothDg,
    /// −1, −2: a DG on each attacker.
    AttackersDg,
    /// −3 to −5: the attackers rout.
    AttackersRout,
    /// −6 and below: a step off each attacker, the rest rout.
    AttackersStepAndRout,
}

impl AssaultResult {
    /// The result as a short code of the table's cell: "D" the defenders, "A" the
    /// attackers; "1" a step off each, "R" rout, "DG" demoralized, "Q" a TQC each.
    pub const fn label(self) -> &'static str {
        match self {
            AssaultResult::DefendersStepAndRout => "D1R",
            AssaultResult::DefendersRout => "DR",
            AssaultResult::DefendersDgAndCheck => "DQ",
            AssaultResult::BothDg => "DG",
            AssaultResult::AttackersDg => "ADG",
            AssaultResult::AttackersRout => "AR",
            AssaultResult::AttackersStepAndRout => "A1R",
        }
    }
    /// Each defender takes a TQC (the rolls are inputs to [`Assault::apply`]).
    pub const fn needs_checks(self) -> bool {
        matches!(self, AssaultResult::DefendersDgAndCheck)
    }
    /// The result lets the attackers advance once the hex is empty (S10.5, S10.6).
    pub const fn lets_attackers_advance(self) -> bool {
        matches!(
            self,
            AssaultResult::DefendersStepAndRout
                | AssaultResult::DefendersRout
                | AssaultResult::DefendersDgAndCheck
        )
    }
}

/// One row of table S10.5-T: differences from `from` up to the row above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band {
    pub from: i16,
    pub result: AssaultResult,
}

/// Table S10.5-T: the difference (attacker's total − defender's) in bands, highest first;
/// the last band takes every lower difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultTable {
    pub bands: heapless::Vec<Band, MAX_BANDS>,
}

impl AssaultTable {
    /// The result for a difference (S10.5).
    pub fn result(&self, difference: i16) -> Option<AssaultResult> {
        self.bands
            .iter()
            .find(|b| difference >= b.from)
            .or(self.bands.last())
            .map(|b| b.result)
    }
}

/// Everything assault reads from data (`data/gates/tables.toml` `[assault]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssaultCharts {
    pub modifiers: AssaultModifiers,
    pub table: AssaultTable,
}

/// A side's Assault Value, line by line (S10.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueCard {
    /// The highest base firepower among the side's units.
    pub best: i16,
    pub lines: heapless::Vec<Line, MAX_LINES>,
    /// Never below 0.
    pub value: i16,
    /// One-shot weapons the side's units carried, now used up (S13.5).
    pub one_shot_used: u8,
}

/// A side's assault roll modifiers, line by line (table S10.4-T).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollCard {
    pub lines: heapless::Vec<Line, MAX_LINES>,
    pub modifier: i16,
}

/// A side before its d10: its Assault Value and its roll modifiers (S10.3, S10.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCard {
    pub value: ValueCard,
    pub modifiers: RollCard,
}

impl SideCard {
    /// S10.4: Assault Value + the raw d10 (high is good, S1.3.1) + modifiers.
    pub fn total(&self, roll: u8) -> i16 {
        self.value.value + roll as i16 + self.modifiers.modifier
    }
}

/// One side's total (S10.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideTotal {
    pub value: ValueCard,
    pub roll: u8,
    pub modifiers: RollCard,
    /// Assault Value + die + modifiers.
    pub total: i16,
}

/// Both totals, their difference and the result (S10.4, S10.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    pub attacker: SideTotal,
    pub defender: SideTotal,
    /// Attacker's total minus the defender's.
    pub difference: i16,
    pub result: AssaultResult,
}

/// What became of a unit in the assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// Still in its hex (perhaps with a DG or fewer steps).
    Stays,
    /// Routed to its division's Routed box, status removed (S11.8.3).
    Routed,
    /// Lost its last step (S11.12).
    Eliminated,
    /// Had to rout with no rout path (S11.8.4).
    Captured,
}

impl End {
    pub const fn left_the_hex(self) -> bool {
        !matches!(self, End::Stays)
    }
}

/// A defender's TQC on a +1/+2 result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    pub effective: i8,
    pub raw: u8,
    pub result: Tqc,
}

/// One unit's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub unit: UnitId,
    pub end: End,
    pub steps_lost: u8,
    pub check: Option<Check>,
}

impl Outcome {
    /// A step was lost: leaders in its hex check for casualty (S10.5, S12.5).
    pub const fn leader_check(&self) -> bool {
        self.steps_lost > 0
    }
}

/// What the assault did (S10.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssaultReport {
    pub result: AssaultResult,
    pub attackers: heapless::Vec<Outcome, MAX_ATTACKERS>,
    pub defenders: heapless::Vec<Outcome, MAX_DEFENDERS>,
    /// The result allows an advance and no defender is left in the hex (S10.6).
    pub may_advance: bool,
    /// A flame-thrower was used: the game's fire check follows the assault, after any
    /// advance (exclusive 3.14, B9).
    pub flame_fire_check: bool,
}

impl AssaultReport {
    /// Attackers that took part and are still in their hexes: those who may advance (S10.6).
    pub fn survivors(&self) -> heapless::Vec<UnitId, MAX_ATTACKERS> {
        self.attackers
            .iter()
            .filter(|o| o.end == End::Stays)
            .map(|o| o.unit)
            .collect()
    }
}

/// An assault after the defensive fire: the units still in it and what each side brings.
#[derive(Debug)]
pub struct Assault<'a> {
    /// The attackers that remain (S10.2: [`Declaration::remaining`]).
    pub attackers: &'a mut [Fighter],
    /// Every unit of the hex assaulted, whatever its status (S10.1).
    pub defenders: &'a mut [Fighter],
    pub attack: Backing,
    pub defence: Backing,
    pub hex: Defended,
    /// Every remaining attacker attacks across a slope ([`Declaration::across_slope`]).
    pub across_slope: bool,
}

fn push_line(
    lines: &mut heapless::Vec<Line, MAX_LINES>,
    case: &'static str,
    what: &'static str,
    value: i8,
) {
    if value != 0 {
        // MAX_LINES exceeds the lines an assault card can hold.
        let _ = lines.push(Line { case, what, value });
    }
}

fn small(n: usize) -> i8 {
    n.min(i8::MAX as usize) as i8
}

impl Assault<'_> {
    fn sides(&self, role: Role) -> (&[Fighter], &[Fighter], &Backing) {
        match role {
            Role::Attacker => (self.attackers, self.defenders, &self.attack),
            Role::Defender => (self.defenders, self.attackers, &self.defence),
        }
    }

    /// S10.3: a side's Assault Value.
    pub fn value(&self, role: Role) -> ValueCard {
        let (own, other, _) = self.sides(role);
        let other_hard = other.iter().any(|f| f.hard);
        let mut card = ValueCard {
            best: 0,
            lines: heapless::Vec::new(),
            value: 0,
            one_shot_used: 0,
        };
        let Some(best) = own.iter().map(|f| f.base_firepower(other_hard)).max() else {
            return card;
        };
        card.best = best;
        let l = &mut card.lines;
        push_line(l, "S10.3", "each other unit", small(own.len() - 1));
        let sws: usize = own.iter().map(|f| f.sws as usize).sum();
        push_line(l, "S10.3", "support weapons", small(sws));
        card.one_shot_used = own
            .iter()
            .map(|f| f.one_shot.min(f.sws))
            .fold(0u8, u8::saturating_add);
        match role {
            Role::Attacker => {
                let deployed = !other.is_empty() && other.iter().all(|f| f.deployed);
                if deployed {
                    push_line(l, "S10.3", "terrain cover", -small(self.hex.cover as usize));
                    push_line(
                        l,
                        "S19.2",
                        "fortification",
                        -small(self.hex.fortification as usize),
                    );
                }
                if self.across_slope {
                    push_line(l, "2.2.1", "every attacker across a slope", ACROSS_SLOPE);
                }
            }
            Role::Defender => {
                if own
                    .iter()
                    .any(|f| matches!(f.cond.status, Status::Dg | Status::Suppressed))
                {
                    push_line(
                        l,
                        "S10.3",
                        "a defender DG or Suppressed",
                        DISRUPTED_DEFENDER,
                    );
                }
                if own.iter().all(|f| !f.deployed) {
                    push_line(l, "S10.3", "defenders in Column", COLUMN_DEFENDERS);
                }
            }
        }
        let sum: i16 = card.lines.iter().map(|x| x.value as i16).sum();
        card.value = (best + sum).max(0);
        card
    }

    /// The best effective TQ among a side's units.
    fn best_tq(units: &[Fighter], tq: &TqModifiers) -> Option<i8> {
        units.iter().map(|f| f.effective_tq(tq)).max()
    }

    /// Table S10.4-T: a side's assault roll modifiers.
    pub fn roll_card(&self, role: Role, m: &AssaultModifiers, tq: &TqModifiers) -> RollCard {
        let (own, other, backing) = self.sides(role);
        let mut lines = heapless::Vec::new();
        let l = &mut lines;
        push_line(
            l,
            "S10.4",
            "leader's Assault bonus",
            small(backing.leader_bonus as usize),
        );
        if backing.hero {
            push_line(l, "S12.6", "hero", m.hero);
        }
        if let (Some(a), Some(b)) = (Self::best_tq(own, tq), Self::best_tq(other, tq)) {
            if a > b {
                push_line(l, "S10.4", "better troop quality", m.better_tq);
            }
        }
        if backing.flame_thrower {
            push_line(l, "3.14", "flame-thrower", m.flame_thrower);
        }
        if backing.assault_ability {
            push_line(l, "3.14", "assault ability", m.assault_ability);
        }
        if role == Role::Attacker && self.hex.urban && !own.is_empty() && own.iter().all(|f| f.hard)
        {
            push_line(
                l,
                "S10.4",
                "only hard targets into a City or Town",
                m.armour_into_town,
            );
        }
        let modifier = lines.iter().map(|x| x.value as i16).sum();
        RollCard { lines, modifier }
    }

    /// S10.4, S10.5: both totals from the two raw d10s (read 0–9, high is good, S1.3.1), their
    /// difference and the result on the table.
    pub fn totals(
        &self,
        attacker_roll: u8,
        defender_roll: u8,
        charts: &AssaultCharts,
        tq: &TqModifiers,
    ) -> Result<Totals, RuleViolation> {
        if attacker_roll > 9 || defender_roll > 9 {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        if self.attackers.is_empty() {
            return refuse("S10.2", "no assaulting unit remains: the assault is over");
        }
        if self.defenders.is_empty() {
            return refuse("S10.1", "an assault needs an enemy-occupied hex");
        }
        let side = |role: Role, roll: u8| {
            let card = SideCard {
                value: self.value(role),
                modifiers: self.roll_card(role, &charts.modifiers, tq),
            };
            SideTotal {
                total: card.total(roll),
                value: card.value,
                roll,
                modifiers: card.modifiers,
            }
        };
        let attacker = side(Role::Attacker, attacker_roll);
        let defender = side(Role::Defender, defender_roll);
        let difference = attacker.total - defender.total;
        let Some(result) = charts.table.result(difference) else {
            return refuse("engine", "the assault results table is empty");
        };
        Ok(Totals {
            attacker,
            defender,
            difference,
            result,
        })
    }

    /// S10.5: applies `result` to both sides' units. `checks` holds one raw d10 for each
    /// defender, in order, when the result asks for TQCs ([`AssaultResult::needs_checks`]),
    /// and nothing otherwise. Routing units with no rout path are captured (S11.8.4).
    pub fn apply(
        &mut self,
        result: AssaultResult,
        checks: &[u8],
        tq: &TqModifiers,
    ) -> Result<AssaultReport, RuleViolation> {
        if result.needs_checks() && checks.len() != self.defenders.len() {
            return refuse(
                "S10.5",
                "each defending unit takes a TQC: one roll for each",
            );
        }
        if !result.needs_checks() && !checks.is_empty() {
            return refuse("S10.5", "this result calls for no TQC");
        }
        if checks.iter().any(|&r| r > 9) {
            return refuse("S1.3", "a d10 is read 0 to 9");
        }
        use AssaultResult::*;
        let mut report = AssaultReport {
            result,
            attackers: heapless::Vec::new(),
            defenders: heapless::Vec::new(),
            may_advance: false,
            flame_fire_check: self.attack.flame_thrower || self.defence.flame_thrower,
        };
        for (i, f) in self.defenders.iter_mut().enumerate() {
            let o = match result {
                DefendersStepAndRout => step_and_rout(f),
                DefendersRout => rout(f),
                DefendersDgAndCheck => {
                    let mut o = disrupt(f);
                    let raw = checks[i];
                    let effective = f.effective_tq(tq);
                    let tqc = check(effective, raw, 0);
                    if !tqc.passed() {
                        o = rout(f);
                    }
                    o.check = Some(Check {
                        effective,
                        raw,
                        result: tqc,
                    });
                    o
                }
                BothDg => disrupt(f),
                _ => untouched(f),
            };
            report
                .defenders
                .push(o)
                .map_err(|_| RuleViolation::new("engine", "too many defending units"))?;
        }
        for f in self.attackers.iter_mut() {
            let o = match result {
                BothDg | AttackersDg => disrupt(f),
                AttackersRout => rout(f),
                AttackersStepAndRout => step_and_rout(f),
                _ => untouched(f),
            };
            report
                .attackers
                .push(o)
                .map_err(|_| RuleViolation::new("engine", "too many assaulting units"))?;
        }
        report.may_advance = result.lets_attackers_advance()
            && report.defenders.iter().all(|o| o.end.left_the_hex());
        Ok(report)
    }
}

fn untouched(f: &Fighter) -> Outcome {
    Outcome {
        unit: f.unit,
        end: End::Stays,
        steps_lost: 0,
        check: None,
    }
}

/// S11.8.3, S11.8.4: to the Routed box with a rout path, captured without.
fn rout(f: &mut Fighter) -> Outcome {
    let end = if f.rout_path {
        rout_to_box(&mut f.cond);
        End::Routed
    } else {
        End::Captured
    };
    Outcome {
        end,
        ..untouched(f)
    }
}

/// One step (S9.7.2), then a survivor routs.
fn step_and_rout(f: &mut Fighter) -> Outcome {
    let hit = f.cond.take_hit(1, None);
    let o = if hit.fate == Fate::Eliminated {
        Outcome {
            end: End::Eliminated,
            ..untouched(f)
        }
    } else {
        rout(f)
    };
    Outcome {
        steps_lost: hit.steps_lost,
        ..o
    }
}

/// A DG by table S9.7.1 (DG on DG suppresses; a Suppressed unit stays so).
fn disrupt(f: &mut Fighter) -> Outcome {
    let end = match f.cond.hit_status(StatusHit::Dg) {
        Fate::Stays => End::Stays,
        Fate::Eliminated => End::Eliminated,
        Fate::Captured => End::Captured,
    };
    Outcome {
        end,
        ..untouched(f)
    }
}

/// The raw d10 of a side's assault roll (S10.4): high is good (S1.3.1).
pub fn assault_roll<O>(player: Side, role: Role) -> Pending<O> {
    Pending::Roll {
        player,
        dice: DiceSpec::D10,
        purpose: match role {
            Role::Attacker => "assault roll (attacker, high is good)",
            Role::Defender => "assault roll (defender, high is good)",
        },
        case: "S10.4",
        secret: false,
    }
}

/// A unit that would advance (S10.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advancer {
    pub unit: UnitId,
    pub class: MoveClass,
}

/// An advance made (S10.6): the units are now in the hex, Deployed; their action is over. It
/// spends no MP and is no opportunity-fire trigger (it is not a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advance {
    pub hex: HexId,
    pub units: heapless::Vec<UnitId, MAX_ATTACKERS>,
}

/// S10.6: `movers` advance into `target`, which the assault (or a charge) has `emptied`.
/// Only units in `eligible` (attackers that took part and survived in their hexes) may, up to
/// `limit` units (`None` in a hex without a limit, exclusive 3.5), and not a unit whose class
/// may not be Deployed there (exclusive 2.1.4, 2.1.6).
pub fn advance<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    target: HexId,
    emptied: bool,
    eligible: &[UnitId],
    movers: &[Advancer],
    limit: Option<u8>,
) -> Result<Advance, RuleViolation> {
    if !emptied {
        return refuse("S10.6", "attackers advance only into an emptied hex");
    }
    if limit.is_some_and(|n| movers.len() > n as usize) {
        return refuse("S10.6", "attackers advance only up to the stacking limit");
    }
    let mut out = Advance {
        hex: target,
        units: heapless::Vec::new(),
    };
    for m in movers {
        if !eligible.contains(&m.unit) {
            return refuse(
                "S10.6",
                "only surviving attackers that took part may advance",
            );
        }
        if !ground.may_deploy(target, m.class) {
            return refuse(
                "S10.6",
                "a unit whose class may not deploy there may not advance (exclusive 2.1.4, 2.1.6)",
            );
        }
        if out.units.contains(&m.unit) {
            return refuse("engine", "each advancing unit is named once");
        }
        out.units
            .push(m.unit)
            .map_err(|_| RuleViolation::new("engine", "too many advancing units"))?;
    }
    Ok(out)
}
