//! The combat card: every number of one combat up to the dice, each with its case, and the
//! reading of the dice on the Lower Matrix (8.1.2, 8.1.3, 8.2.4 steps 2–5, 8.4.2 step 4).

use super::combatant::{DefendedHex, Fortification};
use super::results::{obligations, Obligations, Reveal};
use super::tables::{CombatKind, CrtCell, FortressCombatTables};
use crate::core::crt::{Letters, RollRange};
use crate::core::protocol::{refuse, Case, DiceRoll, DiceSpec, RuleViolation};
use crate::core::units::UnitId;

/// Column shifts on one card.
pub const MAX_SHIFTS: usize = 8;
/// Die-roll modifiers on one card.
pub const MAX_MODIFIERS: usize = 4;

/// Lines making up the two totals on one card: up to sixteen attackers and four supporting
/// HQs a side, the defenders, a garrison and the hex.
pub const MAX_PARTS: usize = 48;

/// Where one line of a total comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A unit in the combat.
    Unit(UnitId),
    /// An HQ's Support Fire (3.5.2).
    Support(UnitId),
    /// A strongpoint's or flak tower's intrinsic garrison (10.1.3, 10.1.4).
    Garrison,
    /// A Soviet army's off-board artillery strike (11.3).
    OffBoard,
    /// An air strike (11.4).
    AirStrike,
    /// The hex's PF modifier, added once to the defence (8.2.4 step 1, 8.3.6).
    Hex,
}

/// Which printed value a line counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Firepower Strength (2.2.4).
    Firepower,
    /// Protection Factor (2.2.5).
    Protection,
}

/// One line of a total: what it is, what it counts, in half points (a close assault keeps
/// halves until the side's total is rounded down, 8.4.2 step 3), and the case that set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// On the attack (else on the defence).
    pub attack: bool,
    pub source: Source,
    pub strength: Strength,
    pub halves: u16,
    pub case: Case,
}

/// A letter-column shift: positive toward I (the attacker), negative toward A (8.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    pub case: Case,
    pub amount: i8,
}

/// A die-roll modifier on the Lower Matrix (8.1.5): negative favours the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub case: Case,
    pub amount: i8,
}

/// What the results need to know about the target (8.6, 9.0.1, 10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetFacts {
    /// Defending units in the combat (1 for Direct Gun Fire's single target, 8.3.3).
    pub units: u8,
    /// The hex is a built-up area (ruins, 9.0.1).
    pub built_up: bool,
    pub ruins: bool,
    pub fortification: Option<Fortification>,
    /// Only an intrinsic garrison defends (10.1.3, 10.1.4).
    pub garrison_only: bool,
}

impl TargetFacts {
    pub(crate) fn of(hex: &DefendedHex, units: usize) -> Self {
        TargetFacts {
            units: units.min(u8::MAX as usize) as u8,
            built_up: hex.built_up(),
            ruins: hex.ruins,
            fortification: hex.fortification,
            garrison_only: units == 0 && hex.garrison().is_some(),
        }
    }
}

/// One combat, computed up to the dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatCard {
    pub kind: CombatKind,
    /// The attacker's total (8.2.4 step 1, 8.4.2 step 3).
    pub attack: i16,
    /// The defender's total the differential is taken against.
    pub defence: i16,
    /// `attack - defence` (8.1.2, 8.2.4 step 2).
    pub differential: i16,
    /// The Upper Matrix column; `None`: below the lowest range, the attack fails (8.1.3).
    pub column: Option<usize>,
    /// The adjusted PF read on the Upper Matrix: the highest defending PF plus the hex's
    /// highest PF modifier (8.1.4, 8.2.4 step 4, 8.4.2 step 4).
    pub protection: i16,
    /// The letter the Upper Matrix gives, before shifts (0 = A).
    pub base_letter: Option<u8>,
    pub shifts: heapless::Vec<Shift, MAX_SHIFTS>,
    /// The letter after shifts, clamped to A…I (8.4 general note).
    pub letter: Option<u8>,
    pub modifiers: heapless::Vec<Modifier, MAX_MODIFIERS>,
    pub target: TargetFacts,
    /// What the combat shows the other side (3.1.5, 3.6).
    pub reveal: Reveal,
    /// What makes up the two totals, attack lines first; the game fills it after `build`.
    pub parts: heapless::Vec<Part, MAX_PARTS>,
}

/// The dice read on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The modified roll, clamped to -4…12 (8.4 general note).
    pub roll: i16,
    pub cell: CrtCell,
    pub obligations: Obligations,
}

impl CombatCard {
    /// Builds the card from the totals, the adjusted PF, the shifts and the modifiers.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build(
        tables: &FortressCombatTables,
        kind: CombatKind,
        attack: i16,
        defence: i16,
        protection: i16,
        shifts: heapless::Vec<Shift, MAX_SHIFTS>,
        modifiers: heapless::Vec<Modifier, MAX_MODIFIERS>,
        target: TargetFacts,
    ) -> CombatCard {
        let differential = attack - defence;
        let column = tables.heading.column(kind, differential);
        let base_letter = column.and_then(|c| tables.letter(c, protection));
        let net: i16 = shifts.iter().map(|s| s.amount as i16).sum();
        let letter = base_letter.map(|l| Letters::A_TO_I.shifted(l, net));
        CombatCard {
            kind,
            attack,
            defence,
            differential,
            column,
            protection,
            base_letter,
            shifts,
            letter,
            modifiers,
            target,
            reveal: Reveal::of(kind),
            parts: heapless::Vec::new(),
        }
    }

    /// The attack fails without a roll: the differential is below the heading (8.1.3).
    pub fn fails(&self) -> bool {
        self.letter.is_none()
    }

    /// The letter's name, 'A'…'I'.
    pub fn letter_name(&self) -> Option<char> {
        self.letter.map(|l| Letters::A_TO_I.name(l))
    }

    /// Adds a line to a total.
    pub(crate) fn part(
        &mut self,
        attack: bool,
        source: Source,
        strength: Strength,
        halves: u16,
        case: Case,
    ) -> Result<(), RuleViolation> {
        push(
            &mut self.parts,
            Part {
                attack,
                source,
                strength,
                halves,
                case,
            },
        )
    }

    /// The sum of the shifts (8.5: cumulative).
    pub fn net_shift(&self) -> i16 {
        self.shifts.iter().map(|s| s.amount as i16).sum()
    }

    /// The sum of the die-roll modifiers.
    pub fn net_modifier(&self) -> i16 {
        self.modifiers.iter().map(|m| m.amount as i16).sum()
    }

    /// The roll plus the modifiers, clamped to -4…12 (8.4 general note).
    pub fn modified_roll(&self, roll: &DiceRoll) -> Result<i16, RuleViolation> {
        if !DiceSpec::TWO_D6.accepts(roll) {
            return refuse("8.1", "combat is resolved with two six-sided dice");
        }
        let mods: heapless::Vec<i16, MAX_MODIFIERS> =
            self.modifiers.iter().map(|m| m.amount as i16).collect();
        Ok(RollRange::FORTRESS.modified(roll, &mods))
    }

    /// Reads the dice on the Lower Matrix (8.2.4 step 5, 8.4.2 step 4) and says what the
    /// result obliges each side to do (8.6–8.10).
    pub fn read(
        &self,
        tables: &FortressCombatTables,
        roll: &DiceRoll,
    ) -> Result<Outcome, RuleViolation> {
        let Some(letter) = self.letter else {
            return refuse(
                "8.1.3",
                "the differential is below the table: the attack fails",
            );
        };
        let modified = self.modified_roll(roll)?;
        let Some(cell) = tables.lower.cell(letter, modified) else {
            return refuse("8.1.2", "the Lower Matrix has no such cell");
        };
        Ok(Outcome {
            roll: modified,
            cell,
            obligations: obligations(self.kind, letter, cell, &self.target),
        })
    }
}

/// Pushes onto a card's fixed list; the lists are sized for every shift and modifier a combat
/// can have, so a full list is an engine error.
pub(crate) fn push<T, const N: usize>(
    list: &mut heapless::Vec<T, N>,
    item: T,
) -> Result<(), RuleViolation> {
    list.push(item)
        .map_err(|_| RuleViolation::new("engine", "too many shifts or modifiers on one card"))
}
