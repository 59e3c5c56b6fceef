//! The Combat Results Table as data (8.1.2): the CRT Heading Table (what each weapon type may
//! do, the point-superiority lines of each kind of combat), the Upper Matrix (differential
//! column × protection → letter) and the Lower Matrix (letter × modified 2d6 → result), plus
//! the combat columns of the Terrain Effects Chart (8.1.5).
//!
//! The rulebook does not print these charts; [`super::standin`] authors a set consistent with
//! every sentence of module 8.0. The types are serde so the data crate can load a club's own.

use crate::core::crt::{Columns, Letters, Matrix, RollRange};
use crate::core::protocol::{refuse, Case, RuleViolation};
use serde::{Deserialize, Serialize};

/// The four kinds of combat (8.1, 8.2, 8.2.1, 8.3, 8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatKind {
    Bombardment,
    MixedBombardment,
    DirectGunFire,
    CloseAssault,
}

impl CombatKind {
    pub const ALL: [CombatKind; 4] = [
        CombatKind::Bombardment,
        CombatKind::MixedBombardment,
        CombatKind::DirectGunFire,
        CombatKind::CloseAssault,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Fire combat (8.6 `*`, 9.0.1): everything but a close assault.
    pub const fn is_fire(self) -> bool {
        !matches!(self, CombatKind::CloseAssault)
    }

    /// Bombardment or Mixed Bombardment: the attacker never suffers a result (8.2.4 step 5).
    pub const fn is_bombardment(self) -> bool {
        matches!(self, CombatKind::Bombardment | CombatKind::MixedBombardment)
    }

    /// The case that governs this kind.
    pub const fn case(self) -> Case {
        match self {
            CombatKind::Bombardment => "8.2",
            CombatKind::MixedBombardment => "8.2.1",
            CombatKind::DirectGunFire => "8.3",
            CombatKind::CloseAssault => "8.4",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            CombatKind::Bombardment => "Bombardment",
            CombatKind::MixedBombardment => "Mixed Bombardment",
            CombatKind::DirectGunFire => "Direct Gun Fire",
            CombatKind::CloseAssault => "Close Assault",
        }
    }
}

/// What the oval on a counter says the unit is armed with (2.2.3); armour and assault guns
/// carry dual-purpose weapons (2.2.4 note); `Defensive` is the DEF value, defence only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WeaponType {
    SmallArms,
    HeavyWeapons,
    AntiTank,
    Artillery,
    DualPurpose,
    Defensive,
}

impl WeaponType {
    pub const ALL: [WeaponType; 6] = [
        WeaponType::SmallArms,
        WeaponType::HeavyWeapons,
        WeaponType::AntiTank,
        WeaponType::Artillery,
        WeaponType::DualPurpose,
        WeaponType::Defensive,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Which printed value a defender adds to its side's close assault total (8.1.1, 8.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AssaultDefence {
    Firepower,
    Protection,
}

/// One weapon type's row of the CRT Heading Table: the attacks it may make (8.1.2) and what it
/// defends a close assault with (8.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponRow {
    pub bombardment: bool,
    pub mixed_bombardment: bool,
    pub direct_gun_fire: bool,
    pub close_assault: bool,
    pub assault_defence: AssaultDefence,
}

impl WeaponRow {
    pub const fn may(&self, kind: CombatKind) -> bool {
        match kind {
            CombatKind::Bombardment => self.bombardment,
            CombatKind::MixedBombardment => self.mixed_bombardment,
            CombatKind::DirectGunFire => self.direct_gun_fire,
            CombatKind::CloseAssault => self.close_assault,
        }
    }
}

/// The CRT Heading Table (8.1.2): capabilities by weapon type, and per kind of combat the
/// point-superiority ranges that lead down to the Upper Matrix's columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadingTable {
    /// Indexed by [`WeaponType::index`].
    pub weapons: [WeaponRow; 6],
    /// Indexed by [`CombatKind::index`]; range i leads to Upper Matrix column i.
    pub lines: [Columns; 4],
}

impl HeadingTable {
    pub fn row(&self, weapon: WeaponType) -> &WeaponRow {
        &self.weapons[weapon.index()]
    }

    /// May a unit armed with `weapon` make this kind of attack (8.2, 8.3, 8.4 intros)?
    pub fn may(&self, weapon: WeaponType, kind: CombatKind) -> bool {
        self.row(weapon).may(kind)
    }

    /// The Upper Matrix column of a differential on this kind's line; `None` below the lowest
    /// range: the attack fails (8.1.3, 8.2.4 step 3).
    pub fn column(&self, kind: CombatKind, differential: i16) -> Option<usize> {
        self.lines[kind.index()].column_from_first(differential)
    }
}

/// One result of the Lower Matrix (8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatResult {
    /// `—`
    NoEffect,
    /// `R`
    Retreat,
    /// `D`
    Disruption,
    /// `EX`
    Exchange,
    /// `1`
    One,
    /// `2`
    Two,
    /// `E`
    Elimination,
}

impl CombatResult {
    pub const ALL: [CombatResult; 7] = [
        CombatResult::NoEffect,
        CombatResult::Retreat,
        CombatResult::Disruption,
        CombatResult::Exchange,
        CombatResult::One,
        CombatResult::Two,
        CombatResult::Elimination,
    ];

    /// As printed on the chart.
    pub const fn symbol(self) -> &'static str {
        match self {
            CombatResult::NoEffect => "—",
            CombatResult::Retreat => "R",
            CombatResult::Disruption => "D",
            CombatResult::Exchange => "EX",
            CombatResult::One => "1",
            CombatResult::Two => "2",
            CombatResult::Elimination => "E",
        }
    }

    /// How bad the result is for the defender, for ordering checks (— < R < D < EX < 1 < 2 < E).
    pub const fn severity(self) -> u8 {
        self as u8
    }
}

/// One cell of the Lower Matrix: a result, with or without the asterisk (8.6 `*`, which comes
/// in addition to any other result).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CrtCell {
    pub result: CombatResult,
    pub star: bool,
}

impl CrtCell {
    pub const fn new(result: CombatResult, star: bool) -> Self {
        CrtCell { result, star }
    }
}

/// Cells of the Lower Matrix: nine letters × the seventeen modified rolls -4…12.
pub const LOWER_CELLS: usize = 9 * 17;

/// The Lower Matrix (8.1.2, 8.4.2 step 4): letter columns A–I, rows the modified 2d6 roll
/// clamped to -4…12 (8.4 general note).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LowerMatrix {
    pub letters: Letters,
    pub rolls: RollRange,
    /// Row-major by roll from `rolls.lo`: `cells[(roll - lo) * letters + letter]`.
    pub cells: heapless::Vec<CrtCell, LOWER_CELLS>,
}

impl LowerMatrix {
    /// The cell at a letter and a modified roll, both clamped to the table (8.4 general note).
    pub fn cell(&self, letter: u8, roll: i16) -> Option<CrtCell> {
        let w = self.letters.count as usize;
        let letter = self.letters.shifted(letter, 0) as usize;
        let row = (roll.clamp(self.rolls.lo, self.rolls.hi) - self.rolls.lo) as usize;
        self.cells.get(row * w + letter).copied()
    }
}

/// Terrain types of a hex that matter to combat (2.1.1; rivers, canals and lakes are
/// hexsides or impassable, flak towers are fortifications 10.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerrainKind {
    Clear,
    Park,
    BuiltUp,
    MajorBuilding,
    Airfield,
}

impl TerrainKind {
    pub const ALL: [TerrainKind; 5] = [
        TerrainKind::Clear,
        TerrainKind::Park,
        TerrainKind::BuiltUp,
        TerrainKind::MajorBuilding,
        TerrainKind::Airfield,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One line of the TEC's combat columns: the defender's PF modifier and the die-roll modifier
/// on the Lower Matrix (8.1.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainCombat {
    pub pf: i8,
    pub drm: i8,
}

/// The combat columns of the TEC the rules do not state (8.1.5): per terrain type, and the
/// die-roll modifier of a bridged river or canal hexside (8.1.5 exception). Ruins (9.0.3) and
/// fortifications (10.1) are stated by the rules and are not in this table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainTable {
    /// Indexed by [`TerrainKind::index`].
    pub hex: [TerrainCombat; 5],
    pub bridged_water_drm: i8,
}

impl TerrainTable {
    pub fn of(&self, kind: TerrainKind) -> TerrainCombat {
        self.hex[kind.index()]
    }
}

/// Everything a combat is read on. See [`super::standin::tables`] for the project's set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FortressCombatTables {
    pub heading: HeadingTable,
    /// Columns: the heading's column index (0, 1, …); rows: the defender's adjusted PF (8.1.4);
    /// cells: letter index (0 = A … 8 = I).
    pub upper: Matrix,
    pub lower: LowerMatrix,
    pub terrain: TerrainTable,
}

impl FortressCombatTables {
    /// The letter for an Upper Matrix column and an adjusted PF (8.1.4, 8.2.4 step 4).
    pub fn letter(&self, column: usize, protection: i16) -> Option<u8> {
        let row = self.upper.rows.column_of(protection);
        self.upper.cell(column, row)
    }

    /// Checks the tables fit together, as a club's data must before play.
    pub fn validate(&self) -> Result<(), RuleViolation> {
        let columns = self.upper.columns.len();
        if columns == 0 || self.upper.rows.is_empty() {
            return refuse("8.1.2", "the Upper Matrix is empty");
        }
        for line in &self.heading.lines {
            if line.len() != columns {
                return refuse(
                    "8.1.2",
                    "every heading line must lead to the Upper Matrix's columns",
                );
            }
            if !ascending(line) {
                return refuse("8.1.2", "a heading line's ranges must ascend");
            }
        }
        if !ascending(&self.upper.rows) {
            return refuse("8.1.4", "the Upper Matrix's protection rows must ascend");
        }
        if self.upper.cells.len() != columns * self.upper.rows.len() {
            return refuse("8.1.2", "the Upper Matrix's cells do not fill its grid");
        }
        if self.lower.letters != Letters::A_TO_I || self.lower.rolls != RollRange::FORTRESS {
            return refuse("8.4.2", "the Lower Matrix runs A–I by modified rolls -4…12");
        }
        if self
            .upper
            .cells
            .iter()
            .any(|&c| c >= self.lower.letters.count)
        {
            return refuse("8.1.2", "an Upper Matrix cell names no Lower Matrix letter");
        }
        if self.lower.cells.len() != LOWER_CELLS {
            return refuse("8.1.2", "the Lower Matrix's cells do not fill its grid");
        }
        Ok(())
    }
}

fn ascending(c: &Columns) -> bool {
    c.ranges.iter().all(|r| r.lo <= r.hi) && c.ranges.windows(2).all(|w| w[0].hi < w[1].lo)
}
