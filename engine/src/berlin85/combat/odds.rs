//! The combat card: strengths, the Combat Differential [7.0], every column shift with the case
//! that grants it, the column read and the six results it offers.
//!
//! Shifts (positive = toward the attacker, to the right): defender terrain [7.42], [7.44] and
//! ruin [10.55]; hexsides when every adjacent non-artillery attacker attacks across them [7.43],
//! never for artillery alone [8.62]; unsupplied units [14.32]; gas [8.84], [8.85], [8.87];
//! the Honors of War bonus for combats with adjacent units [19.11]; the Warsaw Pact first-turn
//! bonus [21.15] 2; NATO police [21.25] 1. The table's ends absorb the rest [7.51].

use super::DeclaredAttack;
use crate::berlin85::data::CombatResult;
use crate::berlin85::game::Game;
use crate::berlin85::state::{NATO, WARSAW_PACT};
use crate::core::hex::HexId;
use crate::core::map::{HexFeatures, Markers, SideFeatures};
use crate::core::protocol::{Case, RuleViolation};
use crate::core::units::UnitId;
use core::fmt::Write;

/// Column shifts one card can list.
pub const MAX_SHIFTS: usize = 12;

/// One column shift and why it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnShift {
    /// Positive: toward the attacker (right); negative: toward the defender (left).
    pub columns: i8,
    pub case: Case,
    pub why: &'static str,
}

/// What the table shows for one attack (announced or previewed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatCard {
    /// Attack strength of the adjacent attackers whose strength is known.
    pub attack_known: u16,
    /// Adjacent attackers still untried: their strength is hidden [11.0].
    pub attack_untried: u8,
    /// Barrage strength of non-adjacent artillery [8.1].
    pub barrage: u16,
    /// Attacker's ground-support points [9.0].
    pub air: u8,
    pub defense_known: u16,
    pub defense_untried: u8,
    /// Final protective fire [8.4].
    pub fpf: u16,
    /// Defender's ground-support points flying FPF [9.0].
    pub fpf_air: u8,
    /// Attack minus defense; `None` while an untried strength is hidden.
    pub differential: Option<i16>,
    pub shifts: heapless::Vec<ColumnShift, MAX_SHIFTS>,
    /// Sum of the shifts.
    pub net_shift: i16,
    /// Column of the Combat Results Table after the shifts (clamped [7.51]).
    pub column: Option<usize>,
    /// The column's heading, e.g. "+6..+8".
    pub column_label: Option<heapless::String<12>>,
    /// The result on each die face 1..6 ([8.15] already applied).
    pub results: Option<[CombatResult; 6]>,
    /// Made by artillery (and air) alone [8.15], [8.45], [8.62].
    pub artillery_only: bool,
}

fn add(card: &mut CombatCard, columns: i8, case: Case, why: &'static str) {
    if columns != 0 {
        // MAX_SHIFTS exceeds the number of shift sources, so this never drops one.
        let _ = card.shifts.push(ColumnShift { columns, case, why });
        card.net_shift += columns as i16;
    }
}

/// [8.15]: artillery alone achieves only D2, D3, D4 and De.
pub(crate) fn artillery_only_result(r: CombatResult) -> CombatResult {
    match r {
        CombatResult::D2 | CombatResult::D3 | CombatResult::D4 | CombatResult::De => r,
        _ => CombatResult::NoEffect,
    }
}

impl<'d> Game<'d> {
    /// No adjacent non-artillery attacker: artillery (and air) alone [8.15].
    pub(crate) fn artillery_only(&self, a: &DeclaredAttack) -> bool {
        a.attackers.iter().all(|&u| self.is_artillery(u))
    }

    /// May this fire mission still count (moment of combat: supply [14.33], displacement
    /// [7.82], still on the map)?
    pub(crate) fn fire_counts(&self, u: UnitId) -> bool {
        self.hex_of(u).is_some() && self.in_supply(u) && !self.displaced_this_phase(u)
    }

    /// The card of announced attack `attack`.
    pub fn combat_card(&self, attack: u8) -> Option<CombatCard> {
        self.state
            .combat
            .attacks
            .get(attack as usize)
            .map(|a| self.card_for(a))
    }

    /// The card an attack would have if announced now (never reveals an untried strength).
    pub fn preview_attack(
        &self,
        attackers: &[UnitId],
        defenders: &[UnitId],
    ) -> Result<CombatCard, RuleViolation> {
        let a = self.check_attack(attackers, defenders)?;
        Ok(self.card_for(&a))
    }

    pub(crate) fn card_for(&self, a: &DeclaredAttack) -> CombatCard {
        let mut card = CombatCard {
            attack_known: 0,
            attack_untried: 0,
            barrage: 0,
            air: a.air,
            defense_known: 0,
            defense_untried: 0,
            fpf: 0,
            fpf_air: a.fpf_air,
            differential: None,
            shifts: heapless::Vec::new(),
            net_shift: 0,
            column: None,
            column_label: None,
            results: None,
            artillery_only: self.artillery_only(a),
        };
        let attackers = a.attackers.iter().filter(|&&u| self.hex_of(u).is_some());
        for &u in attackers.clone() {
            if self.is_untried(u) {
                card.attack_untried += 1;
            } else {
                card.attack_known += self.attack_strength(u) as u16;
            }
        }
        let defenders = a.defenders.iter().filter(|&&u| self.hex_of(u).is_some());
        for &u in defenders.clone() {
            if self.is_untried(u) {
                card.defense_untried += 1;
            } else {
                card.defense_known += self.defense_strength(u) as u16;
            }
        }
        for f in a.barrage.iter().filter(|f| self.fire_counts(f.unit)) {
            card.barrage += self.def(f.unit).barrage as u16;
        }
        for f in a.fpf.iter().filter(|f| self.fire_counts(f.unit)) {
            card.fpf += self.def(f.unit).fpf as u16;
        }
        self.add_shifts(a, &mut card);
        if card.attack_untried == 0 && card.defense_untried == 0 {
            let att = card.attack_known + card.barrage + card.air as u16;
            let def = card.defense_known + card.fpf + card.fpf_air as u16;
            let diff = att as i16 - def as i16;
            card.differential = Some(diff);
            let cols = &self.data.tables.crt_columns;
            let col = cols.shifted(cols.column_of(diff), card.net_shift);
            card.column = Some(col);
            if let Some(r) = cols.ranges.get(col) {
                let mut s = heapless::String::new();
                let _ = if r.lo == r.hi {
                    write!(s, "{:+}", r.lo)
                } else {
                    write!(s, "{:+}..{:+}", r.lo, r.hi)
                };
                card.column_label = Some(s);
            }
            let crt = &self.data.tables.crt;
            let mut res = [CombatResult::NoEffect; 6];
            for (face, r) in res.iter_mut().enumerate() {
                let x = crt[face]
                    .get(col)
                    .copied()
                    .unwrap_or(CombatResult::NoEffect);
                *r = if card.artillery_only {
                    artillery_only_result(x)
                } else {
                    x
                };
            }
            card.results = Some(res);
        }
        card
    }

    fn defender_hexes(
        &self,
        a: &DeclaredAttack,
    ) -> heapless::Vec<HexId, { crate::berlin85::command::MAX_DEFENDERS }> {
        let mut v = heapless::Vec::new();
        for &d in &a.defenders {
            if let Some(h) = self.hex_of(d) {
                if !v.contains(&h) {
                    let _ = v.push(h);
                }
            }
        }
        v
    }

    fn add_shifts(&self, a: &DeclaredAttack, card: &mut CombatCard) {
        let hexes = self.defender_hexes(a);
        let t = &self.data.tables;
        // [7.42], [7.44]: the defender hex most favourable to the defender; ruin adds [10.55].
        let mut best: Option<(i8, i8)> = None;
        for &h in &hexes {
            let terrain = self.terrain(h).map_or(0, |x| x.combat_shift);
            let ruin = if self.markers(h).has(Markers::RUIN) {
                t.ruin.combat_shift
            } else {
                0
            };
            if best.is_none_or(|(bt, br)| terrain + ruin > bt + br) {
                best = Some((terrain, ruin));
            }
        }
        if let Some((terrain, ruin)) = best {
            let case = if hexes.len() > 1 { "7.44" } else { "7.42" };
            add(card, -terrain, case, "defender's terrain");
            add(card, -ruin, "10.55", "ruin in the defender's hex");
        }
        // [7.43], [8.62]: a hexside type counts only if every adjacent non-artillery attacker
        // attacks across it.
        let mut common = u16::MAX;
        let mut any = false;
        for &u in a.attackers.iter().filter(|&&u| !self.is_artillery(u)) {
            let Some(uh) = self.hex_of(u) else { continue };
            for &h in &hexes {
                common &= self.hexside_kinds(uh, h);
                any = true;
            }
        }
        if any {
            for (bit, fx, why) in [
                (SideFeatures::WATER, t.water, "attacked across water"),
                (SideFeatures::FERRY, t.ferry, "attacked across a ferry"),
                (SideFeatures::BRIDGE, t.bridge, "attacked across a bridge"),
                (SideFeatures::BORDER, t.border, "attacked across the border"),
                (
                    SideFeatures::LAKE_SHORE,
                    t.lake_shore,
                    "attacked from a lake",
                ),
            ] {
                if common & bit != 0 {
                    add(card, -fx.combat_shift, "7.43", why);
                }
            }
        }
        // [14.32]: two columns against an unsupplied side.
        if a.attackers
            .iter()
            .any(|&u| self.hex_of(u).is_some() && !self.in_supply(u))
        {
            add(card, -2, "14.32", "attacker out of supply");
        }
        if a.defenders
            .iter()
            .any(|&u| self.hex_of(u).is_some() && !self.in_supply(u))
        {
            add(card, 2, "14.32", "defender out of supply");
        }
        // [8.84], [8.85], [8.87]: gas in a defender hex.
        let turn = self.state.turn;
        let mut gas = 0i8;
        for &h in &hexes {
            let Some(s) = self.data.map.idx(h).and_then(|i| self.state.hexes.get(i)) else {
                continue;
            };
            if !s.markers.has(Markers::GAS) {
                continue;
            }
            if s.marker_turn == turn {
                gas = gas.max(2);
            } else if s.marker_turn.saturating_add(1) == turn {
                gas = gas.max(1);
            }
        }
        if a.gas_fpf_held == Some(true) {
            add(card, -2, "8.87", "gas fired as FPF screens the defenders");
            if gas == 1 {
                add(card, 1, "8.85", "defenders in last Game-Turn's gas");
            }
        } else if gas == 2 {
            add(card, 2, "8.84", "defenders in gas fired this Game-Turn");
        } else if gas == 1 {
            add(card, 1, "8.85", "defenders in last Game-Turn's gas");
        }
        let phasing = self.state.phasing;
        let adjacent = !a.attackers.is_empty();
        // [19.11]: the Honors of War bonus, for combats with adjacent units.
        if adjacent {
            if let Some(side) = self.honors_bonus_side() {
                let n = if side == phasing { 1 } else { -1 };
                add(card, n, "19.11", "Honors of War bonus shift");
            }
        }
        // [21.15] 2: the Warsaw Pact's first-turn bonus, adjacent attacks only.
        let sc = self.scenario();
        let bonus = sc.rules.wp_first_turn_bonus_shifts as i8;
        if adjacent && bonus != 0 && self.state.turn == sc.start_turn {
            let n = if phasing == WARSAW_PACT {
                bonus
            } else {
                -bonus
            };
            add(card, n, "21.15", "Warsaw Pact first-turn bonus");
        }
        // [21.25] 1: NATO police, attacking or defending.
        if sc.rules.nato_police_bonus {
            let police = |v: &[UnitId]| {
                v.iter().any(|&u| {
                    self.side_of(u) == NATO && self.is_police(u) && self.hex_of(u).is_some()
                })
            };
            if phasing == NATO && police(&a.attackers) {
                add(card, 1, "21.25", "NATO police attacking");
            } else if phasing != NATO && police(&a.defenders) {
                add(card, -1, "21.25", "NATO police defending");
            }
        }
    }

    /// The hexside kinds between adjacent hexes that matter for combat [7.43]: a standing
    /// bridge or ferry replaces the plain water side; a blown bridge is plain water.
    fn hexside_kinds(&self, from: HexId, to: HexId) -> u16 {
        let Some(side) = self.data.map.geometry.side_between(from, to) else {
            return 0;
        };
        let f = self.data.map.side(side);
        let blown = self.state.blown_bridges.contains(&side);
        let mut k = 0u16;
        if f.has(SideFeatures::WATER) {
            k |= if f.has(SideFeatures::BRIDGE) && !blown {
                SideFeatures::BRIDGE
            } else if f.has(SideFeatures::FERRY) {
                SideFeatures::FERRY
            } else {
                SideFeatures::WATER
            };
        }
        k |= f.0 & (SideFeatures::BORDER | SideFeatures::LAKE_SHORE);
        k
    }

    /// Total fire into each defender hex for collateral damage [10.0] (both sides' barrage,
    /// FPF and ground support; tripled into POL hexes [10.71]).
    pub(crate) fn fire_into(
        &self,
        a: &DeclaredAttack,
        out: &mut heapless::Vec<(HexId, u16), { crate::berlin85::command::MAX_DEFENDERS }>,
    ) {
        let mut total = a.air as u16 + a.fpf_air as u16;
        for f in a.barrage.iter().filter(|f| self.fire_counts(f.unit)) {
            total += self.def(f.unit).barrage as u16;
        }
        for f in a.fpf.iter().filter(|f| self.fire_counts(f.unit)) {
            total += self.def(f.unit).fpf as u16;
        }
        for &u in a.attackers.iter().filter(|&&u| self.is_artillery(u)) {
            if self.hex_of(u).is_some() {
                total += self.def(u).barrage as u16;
            }
        }
        let mut hexes = self.defender_hexes(a);
        if let Some(h) = a.empty_hex {
            let _ = hexes.push(h);
        }
        for h in hexes {
            let pol = self.features(h).has(HexFeatures::POL);
            let _ = out.push((h, if pol { total * 3 } else { total }));
        }
    }
}
