//! Fire combat (S9) on small hand-made situations, with every worked example of S9 that the
//! module covers, named with their cases. The shared helpers here; the tests by subject in
//! `table`, `examples`, `firepower`, `opportunity_fire`, `markers`, `missiles`.

use super::opportunity::{Candidate, OpChoice, Trigger, Window};
use super::*;
use crate::core::protocol::Pending;
use crate::core::units::UnitId;
use crate::css::morale::{Condition, Fate, Status};
use crate::css::standin::{fire_charts, fire_table};
use crate::css::supply::{cost_of_fire, Chit, SupplyChits};

const fn weapon(firepower: u8, colour: Colour, range: u8) -> Weapon {
    Weapon {
        firepower,
        colour,
        range,
        indirect: false,
        sustained_ability: false,
        spared_ammo_low: false,
    }
}

fn column(members: &[Member], setup: &FireSetup, t: &TargetUnit) -> i16 {
    let c = card(members, setup, t, &fire_charts());
    assert!(c.affects);
    c.column
}

/// The units of the opportunity-fire situations.
const CHIEFTAIN: UnitId = UnitId(1);
const RIFLES: UnitId = UnitId(2);

mod examples;
mod firepower;
mod markers;
mod missiles;
mod opportunity_fire;
mod table;
