//! 3.9 Charge: besides the series assault, a hex of units may charge an adjacent enemy hex.
//! One charger the charging player picks takes a troop-quality check (S11.2); the whole of one
//! hex routs — the defenders' on a pass, the chargers' own on a failure (ruling B2 of the
//! series book, repeated in `docs/rules/gates.md`). The series procedure is S10.7; the check is
//! [`crate::css::morale::check`], the rout itself [`crate::css::morale::rout`].

use crate::core::hex::HexId;
use crate::core::protocol::{refuse, Pending, RuleViolation};
use crate::core::side::Side;
use crate::css::morale::{check, tqc_roll, Status, Tqc};
use crate::css::terrain::{Ground, Part};
use serde::{Deserialize, Serialize};

/// One unit of the charging hex as the declaration reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charger {
    /// Active under the chit being played (S10.7.1).
    pub active: bool,
    pub status: Status,
}

/// A declared charge (3.9): who charges from where into where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    pub side: Side,
    pub from: HexId,
    pub into: HexId,
    /// Units charging (all those of the hex).
    pub chargers: u8,
    /// The charger picked to take the check, once picked.
    pub checker: Option<u8>,
}

/// Who routs after the check (3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The check passed: every unit in the charged hex routs.
    DefendersRout,
    /// The check failed: the charge ends and every unit of the charging hex routs.
    ChargersRout,
}

/// 3.9, S10.7.1: may the units in `from` (in `part` of it) charge `into`? The hexes must be
/// adjacent for movement (S7.10), an enemy unit must be in `into`, and every unit of the hex
/// charges, each active and free of Pin, DG and Suppressed markers.
#[allow(clippy::too_many_arguments)]
pub fn declare<const H: usize, const P: usize>(
    ground: &Ground<'_, H, P>,
    side: Side,
    from: HexId,
    part: Part,
    into: HexId,
    chargers: &[Charger],
    units_in_hex: usize,
    enemy_in_target: bool,
) -> Result<Charge, RuleViolation> {
    if !ground.adjacent_for_movement(from, part, into) {
        return refuse(
            "3.9",
            "a charge goes only into an adjacent hex the units could enter",
        );
    }
    if !enemy_in_target {
        return refuse("3.9", "a charge needs an enemy unit in the hex charged");
    }
    if chargers.is_empty() || chargers.len() != units_in_hex {
        return refuse(
            "3.9",
            "every unit of the charging hex takes part in the charge",
        );
    }
    if chargers.iter().any(|c| !c.active) {
        return refuse("S10.7.1", "only active units charge");
    }
    if chargers.iter().any(|c| c.status != Status::None) {
        return refuse("S10.7.1", "Pinned, DG or Suppressed units may not charge");
    }
    Ok(Charge {
        side,
        from,
        into,
        chargers: chargers.len() as u8,
        checker: None,
    })
}

impl Charge {
    /// 3.9: the charging player picks any one charger to take the check.
    pub fn pick(&mut self, index: u8) -> Result<(), RuleViolation> {
        if index >= self.chargers {
            return refuse("3.9", "the check is taken by one of the charging units");
        }
        self.checker = Some(index);
        Ok(())
    }

    /// The roll the picked charger's check asks for (a d10, low is good, S1.3.1).
    pub fn roll<O>(&self) -> Result<Pending<O>, RuleViolation> {
        if self.checker.is_none() {
            return refuse("3.9", "pick the charger who takes the check first");
        }
        Ok(tqc_roll(self.side, "charge check", "3.9"))
    }

    /// 3.9: the check against the picked charger's effective TQ (S11.1.1); a pass routs the
    /// defenders, a failure the chargers; an unmodified 9 always fails (S11.2).
    pub fn resolve(&self, effective_tq: i8, raw: u8) -> Result<Outcome, RuleViolation> {
        if self.checker.is_none() {
            return refuse("3.9", "pick the charger who takes the check first");
        }
        Ok(match check(effective_tq, raw, 0) {
            Tqc::Pass => Outcome::DefendersRout,
            Tqc::Fail => Outcome::ChargersRout,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::morale::{effective_tq, TqSituation};
    use crate::css::standin::tq_modifiers;
    use crate::css::terrain::tests::{h, Board};
    use crate::gates::NATO;

    const READY: Charger = Charger {
        active: true,
        status: Status::None,
    };

    // 3.9 charge: a charge is declared by all units of a hex against an adjacent enemy hex.
    #[test]
    fn gates_3_9_charge_is_declared_by_the_whole_hex_against_an_adjacent_enemy() {
        let b = Board::new();
        let g = b.ground();
        let (from, into) = (h(5, 5), h(5, 6));
        let ok = declare(&g, NATO, from, Part::First, into, &[READY, READY], 2, true);
        assert_eq!(ok.unwrap().chargers, 2);
        // The case a declaration from `from` is refused under.
        let refused = |into: HexId, units: &[Charger], in_hex: usize, enemy: bool| {
            declare(&g, NATO, from, Part::First, into, units, in_hex, enemy)
                .unwrap_err()
                .case
        };
        assert_eq!(refused(h(5, 8), &[READY], 1, true), "3.9", "not adjacent");
        assert_eq!(refused(into, &[READY], 1, false), "3.9", "nobody to charge");
        assert_eq!(
            refused(into, &[READY], 2, true),
            "3.9",
            "one unit of two may not charge alone"
        );
        let dg = Charger {
            status: Status::Dg,
            ..READY
        };
        assert_eq!(refused(into, &[READY, dg], 2, true), "S10.7.1");
        let idle = Charger {
            active: false,
            ..READY
        };
        assert_eq!(refused(into, &[idle], 1, true), "S10.7.1");
    }

    // 3.9 charge, Example S10.7-A: one picked unit checks; a pass routs the defenders, a fail
    // (and always an unmodified 9) routs the chargers.
    #[test]
    fn gates_3_9_charge_check_routs_one_hex() {
        let b = Board::new();
        let g = b.ground();
        let mut c = declare(
            &g,
            NATO,
            h(5, 5),
            Part::First,
            h(5, 6),
            &[READY, READY],
            2,
            true,
        )
        .unwrap();
        assert_eq!(
            c.resolve(5, 4).unwrap_err().case,
            "3.9",
            "nobody picked yet"
        );
        assert_eq!(c.pick(2).unwrap_err().case, "3.9");
        c.pick(0).unwrap();
        let Pending::<u8>::Roll { player, case, .. } = c.roll().unwrap() else {
            panic!("a roll")
        };
        assert_eq!((player, case), (NATO, "3.9"));
        // The riot police company: TQ 5, no markers, no leader.
        let tq = effective_tq(&TqSituation::printed(5), &tq_modifiers()).value;
        assert_eq!(c.resolve(tq, 4), Ok(Outcome::DefendersRout));
        assert_eq!(c.resolve(tq, 5), Ok(Outcome::DefendersRout));
        assert_eq!(c.resolve(tq, 6), Ok(Outcome::ChargersRout));
        assert_eq!(c.resolve(8, 9), Ok(Outcome::ChargersRout));
    }
}
