//! What a result obliges each side to do (8.6), what it leaves to retreat (8.7) and advance
//! (8.9, 8.10), what disruption does to a unit (8.8), and what a combat reveals (3.1.5, 3.6).
//! Carrying the obligations out belongs to the game state.

use super::card::TargetFacts;
use super::combatant::Combatant;
use super::tables::{CombatKind, CombatResult, CrtCell};
use crate::core::protocol::Case;
use crate::fortress::counters::UnitType;
use serde::{Deserialize, Serialize};

/// Letter index of "D" (8.6 `*`, 9.0.1: ruins from the D column up).
pub const RUINS_FROM_LETTER: u8 = 3;

/// Defending units the result eliminates, chosen by their owner (8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Losses {
    None,
    Units(u8),
    All,
}

/// A retreat the surviving defenders owe (8.6 R and number results, 8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatDue {
    /// Hexes, the owner choosing within `min..=max` (R: one or two).
    pub min: u8,
    pub max: u8,
    /// Units in a bunker, strongpoint or flak tower may stay against fire combat (8.6 R,
    /// 10.1.2–10.1.4).
    pub may_ignore: bool,
}

/// Who may move into the defender's hex afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AdvanceRight {
    None,
    /// Close assault: if every defender is gone, surviving undisrupted attackers may advance
    /// into the hex (8.9), then `exploitation` hexes further (8.10).
    IfVacated {
        exploitation: u8,
    },
    /// Bombardment or Mixed Bombardment that eliminated the defenders: adjacent friendly units
    /// that could close assault the hex may occupy it (8.9).
    OccupyIfEliminated,
}

/// Everything the result obliges (8.6), for the game state to carry out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Obligations {
    pub result: CombatResult,
    /// Direct Gun Fire results fall on the targeted unit only (8.3, 8.3.6).
    pub single_target: bool,
    pub eliminate: Losses,
    pub retreat: Option<RetreatDue>,
    /// D: every defending unit (or the target) is disrupted (8.6, 8.8).
    pub disrupt_defenders: bool,
    /// EX: the defender loses a unit (counted in `eliminate`); the attacker must match it
    /// with a unit of at least [`exchange_floor`] FS, unless this is false (8.6 EX: not in
    /// bombardments; 10.1.3, 10.1.4: not against a garrison alone).
    pub attacker_matches_exchange: bool,
    /// `*` in a close assault: one attacking stack, the attacker's choice, is disrupted (8.6).
    pub disrupt_attacking_stack: bool,
    /// `*` in fire combat on D or higher against a built-up hex: a Ruins marker (8.6, 9.0.1).
    pub ruins: bool,
    /// A garrison alone falls to any result but `*` (10.1.3, 10.1.4).
    pub garrison_eliminated: bool,
    pub advance: AdvanceRight,
}

/// The obligations of a cell read on a letter for a target (8.6).
pub fn obligations(kind: CombatKind, letter: u8, cell: CrtCell, t: &TargetFacts) -> Obligations {
    use CombatResult::*;
    let single = kind == CombatKind::DirectGunFire;
    let fire = kind.is_fire();
    let r = cell.result;
    let units = if single { t.units.min(1) } else { t.units };
    let eliminate = match r {
        Exchange | One => Losses::Units(1.min(units)),
        Two => Losses::Units(if single { 1.min(units) } else { 2.min(units) }),
        Elimination => Losses::All,
        _ => Losses::None,
    };
    let eliminate = match eliminate {
        Losses::Units(0) => Losses::None,
        Losses::Units(n) if n >= units => Losses::All,
        e => e,
    };
    let survivors = match eliminate {
        Losses::All => false,
        _ => units > 0,
    };
    let retreat = match r {
        Retreat if units > 0 => Some(RetreatDue {
            min: 1,
            max: 2,
            may_ignore: fire && t.fortification.is_some(),
        }),
        // 8.6, 8.7: survivors of a number result retreat one hex more than the number.
        One | Two if survivors => {
            let n = if r == One { 2 } else { 3 };
            Some(RetreatDue {
                min: n,
                max: n,
                may_ignore: false,
            })
        }
        _ => None,
    };
    let garrison_eliminated = t.garrison_only && r != NoEffect;
    let vacates = matches!(r, Retreat | Exchange | One | Two | Elimination);
    let eliminates = matches!(r, Exchange | One | Two | Elimination);
    let advance = match kind {
        CombatKind::CloseAssault if vacates || garrison_eliminated => AdvanceRight::IfVacated {
            exploitation: match r {
                One => 1,
                Two | Elimination => 2,
                _ => 0,
            },
        },
        CombatKind::Bombardment | CombatKind::MixedBombardment
            if eliminates || garrison_eliminated =>
        {
            AdvanceRight::OccupyIfEliminated
        }
        _ => AdvanceRight::None,
    };
    Obligations {
        result: r,
        single_target: single,
        eliminate,
        retreat,
        disrupt_defenders: r == Disruption && units > 0,
        attacker_matches_exchange: r == Exchange && !kind.is_bombardment() && !t.garrison_only,
        disrupt_attacking_stack: cell.star && kind == CombatKind::CloseAssault,
        ruins: cell.star && fire && letter >= RUINS_FROM_LETTER && t.built_up && !t.ruins,
        garrison_eliminated,
        advance,
    }
}

/// The least FS of the attacking unit that matches an exchange: the higher of the lost
/// defender's FS and PF on the face it was on (8.6 EX).
pub fn exchange_floor(lost: &Combatant) -> u8 {
    lost.fs.max(lost.pf)
}

/// The attacking unit that pays an exchange: the owner picks among those whose FS reaches the
/// floor (8.6 EX); if none does, the project's ruling is that the strongest unit pays.
pub fn exchange_candidates<'a>(
    attackers: &'a [Combatant],
    floor: u8,
) -> impl Iterator<Item = &'a Combatant> + 'a {
    let best = attackers.iter().map(|u| u.fs).max().unwrap_or(0);
    let bar = floor.min(best);
    attackers.iter().filter(move |u| u.fs >= bar)
}

/// What a Disruption result does to one unit (8.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Disrupted {
    /// Flipped to maneuver mode under a marker of the player-turn's colour.
    Marked(DisruptionMarker),
    /// Disrupted again before recovery (8.8), or a Plant Protection Battalion, which is
    /// destroyed when forced to change mode (11.2.1).
    Eliminated,
}

/// White in the German player-turn, red in the Soviet (8.6 D, 8.8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisruptionMarker {
    White,
    Red,
}

impl DisruptionMarker {
    pub const fn for_player_turn(german: bool) -> Self {
        if german {
            DisruptionMarker::White
        } else {
            DisruptionMarker::Red
        }
    }

    /// Removed in the Recovery Segment of the next German (white) or Soviet (red)
    /// player-turn (8.8.1, 4.1.2, 4.2): is this the player-turn that removes it?
    pub const fn recovers_in(self, german_player_turn: bool) -> bool {
        matches!(
            (self, german_player_turn),
            (DisruptionMarker::White, true) | (DisruptionMarker::Red, false)
        )
    }
}

/// Disrupts one unit in the given player-turn (8.8).
pub fn disrupt(unit: &Combatant, german_player_turn: bool) -> Disrupted {
    if unit.disrupted || unit.class == UnitType::PlantProtection {
        Disrupted::Eliminated
    } else {
        Disrupted::Marked(DisruptionMarker::for_player_turn(german_player_turn))
    }
}

/// A unit that cannot carry out a retreat it owes and is eliminated instead, with the case:
/// a current Movement Allowance of zero (8.7.1 item 3) or a Plant Protection Battalion
/// (11.2.1). The path itself (8.7.1 items 1, 2, 4) is the core's retreat search.
pub fn eliminated_instead_of_retreating(class: UnitType, current_ma: u8) -> Option<Case> {
    if class == UnitType::PlantProtection {
        Some("11.2.1")
    } else if current_ma == 0 {
        Some("8.7.1")
    } else {
        None
    }
}

/// What happens to a unit retreating off the map (8.7.1 item 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OffMap {
    /// Soviet: back next turn at the closest lettered map-edge entry hex.
    ReturnsNextTurn,
    /// German: eliminated.
    Eliminated,
}

pub const fn retreat_off_map(german: bool) -> OffMap {
    if german {
        OffMap::Eliminated
    } else {
        OffMap::ReturnsNextTurn
    }
}

/// How much of a force the other side sees (3.1.5, 3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Disclosure {
    /// Only the top unit, as always (3.1.5); the totals on the card are all that is shown.
    TopUnitOnly,
    /// The PFs (which the defender must total, 8.2.4 step 1), not the identity or the other
    /// strengths (3.6 and its exception).
    ProtectionOnly,
    /// Every unit involved and its strengths (3.6).
    Full,
}

/// What one combat reveals of each side's forces (3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub attackers: Disclosure,
    pub defenders: Disclosure,
}

impl Reveal {
    /// Close assault shows both forces; direct gun fire and mixed bombardment the units
    /// attacked; bombardment alone (artillery, off-board, air) only their PFs (3.6).
    pub const fn of(kind: CombatKind) -> Reveal {
        match kind {
            CombatKind::CloseAssault => Reveal {
                attackers: Disclosure::Full,
                defenders: Disclosure::Full,
            },
            CombatKind::DirectGunFire | CombatKind::MixedBombardment => Reveal {
                attackers: Disclosure::TopUnitOnly,
                defenders: Disclosure::Full,
            },
            CombatKind::Bombardment => Reveal {
                attackers: Disclosure::TopUnitOnly,
                defenders: Disclosure::ProtectionOnly,
            },
        }
    }
}
