//! 2.3 Fire and 2.1.6 Rubble: what a fire roll's raw face does to the hex fired at, how On Fire
//! markers spread or go out in the Reinforcement Phase, and the rout they cause; with 3.7's
//! changes while the power is on and 3.1's rain. Raw faces are the unmodified dice (S1.3,
//! S9.7.3); the hexes' markers live in the game state (`css::terrain::Conditions`).

use crate::core::hex::{Dir, Edge, Geometry, HexId};
use crate::css::command::Chit;
use serde::{Deserialize, Serialize};

/// The hex fired at, for the fire rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// Its terrain may burn (the Terrain Effects Chart's list, 2.3; data).
    pub burnable: bool,
    pub city: bool,
    /// Its fire went out before: flipped to Cleared Fire, it never burns again (2.3).
    pub cleared: bool,
    pub on_fire: bool,
}

/// What a fire roll's raw face does to the hex (2.3, 3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ignition {
    Nothing,
    /// Roll again: 0 or 1 sets the hex on fire (2.3).
    RollAgain,
    /// The hex is on fire now (3.7: a City hex while the power is on).
    Burns,
}

/// 2.3, 3.1, 3.7: after a direct or indirect fire roll of raw face `raw` at `t`.
pub const fn after_fire_roll(t: Target, raw: u8, rain: bool, power_on: bool) -> Ignition {
    if raw != 0 || rain || !t.burnable || t.cleared || t.on_fire {
        return Ignition::Nothing;
    }
    if power_on && t.city {
        Ignition::Burns
    } else {
        Ignition::RollAgain
    }
}

/// 2.3: the second die sets the hex on fire on a 0 or 1.
pub const fn catches_fire(raw: u8) -> bool {
    raw <= 1
}

/// The Reinforcement Phase roll for one On Fire marker (2.3, 3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireCheck {
    /// A 0: the marker flips to Cleared Fire; the hex never burns again.
    GoesOut,
    /// A 9 (8 or 9 for a City hex while the power is on): another die picks the hex it
    /// spreads to ([`spread_to`]).
    Spreads,
    Burns,
}

/// 2.3, 3.7: the phase roll of a burning hex. The power's 8 is read for City hexes only
/// (ruling 3.7 in `docs/rules/gates.md`).
pub const fn fire_check(raw: u8, city: bool, power_on: bool) -> FireCheck {
    match raw {
        0 => FireCheck::GoesOut,
        9 => FireCheck::Spreads,
        8 if city && power_on => FireCheck::Spreads,
        _ => FireCheck::Burns,
    }
}

/// The direction toward the south edge and the one toward the south-east, in the map's
/// numbering (which way rows and columns run is the map's, `Geometry`).
fn south_and_southeast(g: &Geometry) -> (Dir, Dir) {
    let south_is_up = matches!(g.first_row_at, Edge::North);
    let east_is_higher = !matches!(g.first_column_at, Edge::East);
    let south = if south_is_up { Dir::Up } else { Dir::Down };
    let southeast = match (east_is_higher, south_is_up) {
        (true, true) => Dir::UpHigherCol,
        (true, false) => Dir::DownHigherCol,
        (false, true) => Dir::UpLowerCol,
        (false, false) => Dir::DownLowerCol,
    };
    (south, southeast)
}

/// 2.3: the spread die: 0–5 the hex to the south-east, 6–9 the hex to the south. `None` off
/// the map. A hex already burning or cleared is left as it is by the caller.
pub fn spread_to(g: &Geometry, from: HexId, raw: u8) -> Option<HexId> {
    let (south, southeast) = south_and_southeast(g);
    let d = if raw <= 5 { southeast } else { south };
    g.neighbour(from, d)
}

/// 2.3 (B6): a unit in a burning hex routs at the end of an activation by a chit that could
/// activate it — a Division or Formation chit — but not at the end of a Direct Command (nor
/// of the Wind or Random Event chit).
pub const fn burning_hex_routs_after(chit: Chit) -> bool {
    matches!(chit, Chit::Division(_) | Chit::Formation(_))
}

/// 2.1.6 Rubble: only fire by a unit whose unmodified fire value is 4 or more at a City hex
/// may rubble it; an extra die is rolled.
pub const fn may_rubble(city: bool, unmodified_fire: u8, already: bool) -> bool {
    city && unmodified_fire >= 4 && !already
}

/// 2.1.6: the extra die matching the fire die rubbles the hex (two 9s do too). Every unit in
/// it routs at once; afterwards Rubble adds no cost of its own (B10) and −1 more cover
/// (`TerrainChart::rubble_cover`).
pub const fn rubbles(fire_raw: u8, extra_raw: u8) -> bool {
    fire_raw == extra_raw
}

/// 2.1.6: what rubbling does to the units in the hex: every one of them routs at once (S11.8),
/// whatever the fire result did to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rubbled {
    pub all_rout: bool,
    /// Rubble adds no movement cost of its own afterwards (B10).
    pub extra_cost: u16,
}

pub const RUBBLED: Rubbled = Rubbled {
    all_rout: true,
    extra_cost: 0,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::command::{DivisionId, FormationId};
    use crate::css::terrain::tests::{h, Board};

    const WOODS: Target = Target {
        burnable: true,
        city: false,
        cleared: false,
        on_fire: false,
    };
    const CITY: Target = Target {
        city: true,
        ..WOODS
    };

    // 2.3 fire: a raw 0 on a fire roll calls for a second die, 0 or 1 burns; rain starts
    // nothing; a cleared hex never burns again.
    #[test]
    fn gates_2_3_a_raw_zero_may_set_the_hex_on_fire() {
        assert_eq!(after_fire_roll(WOODS, 0, false, false), Ignition::RollAgain);
        assert_eq!(after_fire_roll(WOODS, 1, false, false), Ignition::Nothing);
        assert!(catches_fire(0) && catches_fire(1) && !catches_fire(2));
        assert_eq!(
            after_fire_roll(WOODS, 0, true, false),
            Ignition::Nothing,
            "3.1"
        );
        let cleared = Target {
            cleared: true,
            ..WOODS
        };
        assert_eq!(after_fire_roll(cleared, 0, false, false), Ignition::Nothing);
        let rock = Target {
            burnable: false,
            ..WOODS
        };
        assert_eq!(after_fire_roll(rock, 0, false, false), Ignition::Nothing);
    }

    // 2.3 fire: each Reinforcement Phase a 0 puts it out, a 9 spreads it, a second die sends it
    // south-east (0–5) or south (6–9).
    #[test]
    fn gates_2_3_fires_spread_south_or_go_out() {
        assert_eq!(fire_check(0, false, false), FireCheck::GoesOut);
        assert_eq!(fire_check(9, false, false), FireCheck::Spreads);
        assert_eq!(fire_check(8, false, false), FireCheck::Burns);
        let b = Board::new();
        let g = b.g();
        // The test board numbers rows from the north and columns from the west.
        let from = h(6, 6);
        let south = spread_to(&g, from, 6).unwrap();
        assert_eq!(south, h(6, 7));
        let se = spread_to(&g, from, 0).unwrap();
        assert_eq!(se.col, 7);
        assert!(g.adjacent(from, se));
        assert_eq!(spread_to(&g, from, 5), Some(se));
        assert_eq!(spread_to(&g, h(6, 20), 9), None, "off the map");
        assert_eq!(spread_to(&g, from, 9), Some(south));
    }

    // 2.3 fire (B6): a unit in a burning hex routs at the end of a Division or Formation
    // activation, not after a Direct Command.
    #[test]
    fn gates_2_3_burning_hexes_rout_after_activation_chits_only() {
        assert!(burning_hex_routs_after(Chit::Division(DivisionId(0))));
        assert!(burning_hex_routs_after(Chit::Formation(FormationId(3))));
        assert!(!burning_hex_routs_after(Chit::DirectCommand(
            crate::gates::NATO
        )));
        assert!(!burning_hex_routs_after(Chit::DivisionDirectCommand(
            DivisionId(1)
        )));
        assert!(!burning_hex_routs_after(Chit::Wind));
    }

    // 3.7 electricity: with the power on a raw 0 sets a City hex on fire at once, and a
    // burning City hex spreads on 8 or 9.
    #[test]
    fn gates_3_7_power_on_city_fires_start_and_spread_more_easily() {
        assert_eq!(after_fire_roll(CITY, 0, false, true), Ignition::Burns);
        assert_eq!(after_fire_roll(CITY, 0, false, false), Ignition::RollAgain);
        assert_eq!(after_fire_roll(WOODS, 0, false, true), Ignition::RollAgain);
        assert_eq!(fire_check(8, true, true), FireCheck::Spreads);
        assert_eq!(fire_check(8, true, false), FireCheck::Burns);
        assert_eq!(fire_check(8, false, true), FireCheck::Burns);
    }

    // 2.1.6 rubble: fire of 4 or more at a City hex rolls an extra die; a match rubbles it.
    #[test]
    fn gates_2_1_6_rubble_on_a_matching_extra_die() {
        assert!(may_rubble(true, 4, false));
        assert!(!may_rubble(true, 3, false));
        assert!(!may_rubble(false, 6, false));
        assert!(!may_rubble(true, 6, true));
        assert!(rubbles(3, 3) && rubbles(9, 9) && !rubbles(3, 4));
        assert_eq!(
            RUBBLED,
            Rubbled {
                all_rout: true,
                extra_cost: 0
            }
        );
    }
}
