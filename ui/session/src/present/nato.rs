//! The counter colours and NATO symbols the games share: *Berlin '85* and *The Enemy is at
//! the Gates* print the same nationalities and unit types (core `Nationality`, `UnitKind`).

use super::{Palette, Symbol};
use engine::core::units::{Nationality, UnitKind};

/// Body, band and ink of a nationality's counters.
pub fn palette(n: Nationality) -> Palette {
    let (body, band, ink) = match n {
        Nationality::Us => (0x9aae62, 0x5d6f2e, 0x101010),
        Nationality::British => (0xdcc98f, 0x9a864b, 0x101010),
        Nationality::French => (0x8db3e2, 0x3f6aa3, 0x101010),
        Nationality::WestGerman => (0xb4bac1, 0x68717b, 0x101010),
        Nationality::WestBerlinPolice => (0xd8ebf7, 0x3a7bd5, 0x101010),
        Nationality::Soviet => (0xc0392b, 0x7e1f17, 0xffffff),
        Nationality::EastGerman => (0xb0623c, 0x6e3718, 0xffffff),
        Nationality::EastBerlinPolice => (0xf2c0b6, 0xc0392b, 0x101010),
        Nationality::German => (0x9e9e9e, 0x5a5a5a, 0x101010),
    };
    Palette { body, band, ink }
}

/// The symbol printed for a unit type [2.2].
pub fn symbol(kind: UnitKind) -> Symbol {
    match kind {
        UnitKind::Infantry => Symbol::Infantry,
        UnitKind::Mechanized => Symbol::MechanizedInfantry,
        UnitKind::Tank => Symbol::Armour,
        UnitKind::Recon => Symbol::Recon,
        UnitKind::Paratroop => Symbol::Paratroop,
        UnitKind::Police => Symbol::Text("POL"),
        UnitKind::MilitaryPolice => Symbol::Text("MP"),
        UnitKind::SpecialForces => Symbol::Text("SF"),
        UnitKind::Engineer => Symbol::Engineer,
        UnitKind::Headquarters => Symbol::Text("HQ"),
        UnitKind::Artillery => Symbol::Artillery,
        UnitKind::SelfPropelledArtillery => Symbol::SelfPropelledArtillery,
        UnitKind::RocketArtillery => Symbol::RocketArtillery,
        UnitKind::AntiTank => Symbol::AntiTank,
    }
}
