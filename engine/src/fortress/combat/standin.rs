//! The project's **stand-in** Combat Results Table for Fortress Berlin.
//!
//! The rulebook names the charts but does not print them (rules README). Every value here is a
//! stand-in authored by the project unless a comment cites the case that states it; a club
//! replaces the set with the values printed in its own copy (the data crate fills
//! [`FortressCombatTables`] from text). What the stand-in must honour:
//!
//! * 8.1.2: one Heading Table line per kind of combat, each leading down to the same Upper
//!   Matrix columns; the Upper Matrix gives a letter A–I; the Lower Matrix is read by letter and
//!   modified 2d6.
//! * 8.1.3: every line has a lowest range; a smaller differential fails.
//! * 8.4 general note: the Lower Matrix has rows for modified rolls -4…12.
//! * 8.6: the results are `*`, `—`, R, D, EX, 1, 2, E; a `*` may come with another result, and
//!   a close assault's `*` can fall on any column.
//! * 17.5 example: a letter F exists and may be lowered to E and D.
//! * 2.2.3, 2.2.4, 8.1.1, 8.2.1, 8.3 intro: anti-tank, flak and artillery-type units may not
//!   close assault; artillery bombards; anti-tank, flak and armour fire directly and join mixed
//!   bombardments; armour and assault guns (dual purpose) may close assault, fire directly and
//!   join mixed bombardments; weapons units defend a close assault with their PF; DEF units
//!   only defend.
//!
//! Shape of the stand-in: results grow with the letter and the roll (the attacker wants high
//! rolls: every modifier the rules state is negative and favours the defender, 9.0.3, 10.1);
//! letters grow with the differential column and fall with the defender's PF.

use super::tables::{
    AssaultDefence, CombatResult, CrtCell, FortressCombatTables, HeadingTable, LowerMatrix,
    TerrainCombat, TerrainTable, WeaponRow,
};
use crate::core::crt::{ColumnRange, Columns, Letters, Matrix, RollRange};

/// Stand-in: the highest value of an open-ended range ("31+").
const OPEN: i16 = i16::MAX;

fn columns(ranges: &[(i16, i16)]) -> Columns {
    let mut c = Columns {
        ranges: heapless::Vec::new(),
    };
    for &(lo, hi) in ranges {
        // The stand-in's ranges are few and fit MAX_COLUMNS.
        let _ = c.ranges.push(ColumnRange { lo, hi });
    }
    c
}

const fn row(
    bombardment: bool,
    mixed_bombardment: bool,
    direct_gun_fire: bool,
    close_assault: bool,
    assault_defence: AssaultDefence,
) -> WeaponRow {
    WeaponRow {
        bombardment,
        mixed_bombardment,
        direct_gun_fire,
        close_assault,
        assault_defence,
    }
}

/// The CRT Heading Table (stand-in, 8.1.2), capabilities by [`super::WeaponType`] order.
pub fn heading() -> HeadingTable {
    use AssaultDefence::{Firepower, Protection};
    HeadingTable {
        weapons: [
            // Small arms: infantry-type units close assault with their FS (2.2.4).
            row(false, false, false, true, Firepower),
            // Heavy weapons: close assault; their range of two (2.2.3) is used in mixed
            // bombardments (project ruling, see the module documentation of `combat`).
            row(false, true, false, true, Firepower),
            // Anti-tank (and flak): direct gun fire and mixed bombardment, no close assault
            // (2.2.4, 8.2.1, 8.3); weapons units defend with their PF (8.1.1).
            row(false, true, true, false, Protection),
            // Artillery: bombardment and mixed bombardment (8.2, 8.2.1), no close assault
            // (2.2.4); defends with its PF (8.1.1).
            row(true, true, false, false, Protection),
            // Dual purpose (armour, assault guns): close assault, direct gun fire, mixed
            // bombardment (2.2.4 note).
            row(false, true, true, true, Firepower),
            // DEF: defends only (2.2.3).
            row(false, false, false, false, Firepower),
        ],
        lines: [
            // Bombardment: FS against the total PF (8.2.4 step 2).
            columns(&[
                (1, 4),
                (5, 8),
                (9, 12),
                (13, 16),
                (17, 20),
                (21, 25),
                (26, 30),
                (31, OPEN),
            ]),
            // Mixed Bombardment (8.2.1).
            columns(&[
                (0, 2),
                (3, 5),
                (6, 8),
                (9, 11),
                (12, 14),
                (15, 18),
                (19, 23),
                (24, OPEN),
            ]),
            // Direct Gun Fire: FS against one unit's PF (8.3.6).
            columns(&[
                (0, 1),
                (2, 3),
                (4, 5),
                (6, 7),
                (8, 9),
                (10, 12),
                (13, 15),
                (16, OPEN),
            ]),
            // Close Assault Point Superiority: FS against FS or PF (8.4.2 step 3).
            columns(&[
                (-3, -2),
                (-1, 0),
                (1, 2),
                (3, 4),
                (5, 6),
                (7, 9),
                (10, 13),
                (14, OPEN),
            ]),
        ],
    }
}

/// The Upper Matrix (stand-in, 8.1.2, 8.1.4): eight differential columns × the adjusted PF.
pub fn upper() -> Matrix {
    let cols = columns(&[
        (0, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
    ]);
    let rows = columns(&[
        (i16::MIN, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (8, 9),
        (10, 11),
        (12, OPEN),
    ]);
    // Letter index (A = 0 … I = 8): two letters above the column for PF 0–1, one letter lower
    // for each further PF row, clamped to A and I.
    let mut cells = [0u8; 8 * 7];
    for r in 0..7 {
        for c in 0..8 {
            cells[r * 8 + c] = (c as i16 + 2 - r as i16).clamp(0, 8) as u8;
        }
    }
    let mut grid = heapless::Vec::new();
    // 56 cells fit MAX_CELLS.
    let _ = grid.extend_from_slice(&cells);
    Matrix {
        columns: cols,
        rows,
        cells: grid,
    }
}

/// The Lower Matrix (stand-in, 8.1.2): letters A–I across, modified rolls -4…12 down
/// (8.4 general note). `s` marks the asterisk (8.6).
pub fn lower() -> LowerMatrix {
    use CombatResult::{
        Disruption as D, Elimination as E, Exchange as X, NoEffect as N, One as O, Retreat as R,
        Two as T,
    };
    macro_rules! c {
        (s $r:ident) => {
            CrtCell::new($r, true)
        };
        ($r:ident) => {
            CrtCell::new($r, false)
        };
    }
    #[rustfmt::skip]
    let rows: [[CrtCell; 9]; 17] = [
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N)], //  -4
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N)], //  -3
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N)], //  -2
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N)], //  -1
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(R)], //   0
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(R), c!(R)], //   1
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(N), c!(R), c!(R), c!(D)], //   2
        [c!(N), c!(N), c!(N), c!(N), c!(N), c!(R), c!(R), c!(D), c!(D)], //   3
        [c!(N), c!(N), c!(N), c!(N), c!(R), c!(R), c!(D), c!(D), c!(X)], //   4
        [c!(N), c!(N), c!(N), c!(R), c!(R), c!(D), c!(D), c!(X), c!(O)], //   5
        [c!(s N), c!(s N), c!(s R), c!(s R), c!(s D), c!(s D), c!(s X), c!(s O), c!(s O)], //   6
        [c!(s N), c!(s R), c!(s R), c!(s D), c!(s D), c!(s X), c!(s O), c!(s O), c!(s T)], //   7
        [c!(R), c!(R), c!(D), c!(D), c!(X), c!(O), c!(O), c!(T), c!(T)], //   8
        [c!(R), c!(D), c!(D), c!(X), c!(O), c!(O), c!(T), c!(T), c!(E)], //   9
        [c!(D), c!(D), c!(X), c!(O), c!(O), c!(T), c!(T), c!(E), c!(E)], //  10
        [c!(D), c!(X), c!(O), c!(O), c!(T), c!(T), c!(E), c!(E), c!(E)], //  11
        [c!(X), c!(O), c!(O), c!(T), c!(T), c!(E), c!(E), c!(E), c!(E)], //  12
    ];
    let mut cells = heapless::Vec::new();
    for r in rows {
        // 17 × 9 cells are exactly LOWER_CELLS.
        let _ = cells.extend_from_slice(&r);
    }
    LowerMatrix {
        letters: Letters::A_TO_I,
        rolls: RollRange::FORTRESS,
        cells,
    }
}

/// The TEC's combat columns (stand-in, 8.1.5): the rules state only ruins (9.0.3) and the
/// fortifications (10.1), which the engine applies itself.
pub fn terrain() -> TerrainTable {
    let t = |pf, drm| TerrainCombat { pf, drm };
    TerrainTable {
        // Clear, Park, Built-up, Major Building, Airfield (TerrainKind order).
        hex: [t(0, 0), t(1, -1), t(2, -2), t(3, -3), t(0, 0)],
        // A bridged river or canal hexside gives the defender a modifier (8.1.5 exception).
        bridged_water_drm: -1,
    }
}

/// The whole stand-in set.
pub fn tables() -> FortressCombatTables {
    FortressCombatTables {
        heading: heading(),
        upper: upper(),
        lower: lower(),
        terrain: terrain(),
    }
}
