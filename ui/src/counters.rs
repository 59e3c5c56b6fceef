//! How a counter looks: nationality colours, the NATO symbol, the printed factors. Strengths
//! shown are what the engine reports for the unit (untried units show "U").

use crate::CounterData;
use engine::berlin85::view::UnitView;
use engine::core::units::{Nationality, UnitDef, UnitKind};
use slint::{Color, SharedString};

/// Body, band and ink colours of a nationality's counters.
pub fn colours(n: Nationality) -> (Color, Color, Color) {
    let c = |rgb: u32| Color::from_rgb_u8((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8);
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
    (c(body), c(band), c(ink))
}

/// The NATO symbol of a unit type: path commands in a 60x36 box, a centre dot, an oval, text.
pub struct Symbol {
    pub path: &'static str,
    pub dot: bool,
    pub oval: bool,
    pub text: &'static str,
}

const X: &str = "M 0 0 L 60 36 M 0 36 L 60 0";

pub fn symbol(kind: UnitKind) -> Symbol {
    let s = |path, dot, oval, text| Symbol {
        path,
        dot,
        oval,
        text,
    };
    match kind {
        UnitKind::Infantry => s(X, false, false, ""),
        UnitKind::Mechanized => s(X, false, true, ""),
        UnitKind::Tank => s("", false, true, ""),
        UnitKind::Recon => s("M 0 36 L 60 0", false, false, ""),
        // Crossed box with the parachute canopy under it.
        UnitKind::Paratroop => s(
            "M 0 0 L 60 36 M 0 36 L 60 0 M 18 30 Q 24 22 30 30 Q 36 22 42 30",
            false,
            false,
            "",
        ),
        UnitKind::Police => s("", false, false, "POL"),
        UnitKind::MilitaryPolice => s("", false, false, "MP"),
        UnitKind::SpecialForces => s("", false, false, "SF"),
        // The bridge-like "E" of the engineers.
        UnitKind::Engineer => s(
            "M 16 26 L 16 11 L 44 11 L 44 26 M 30 11 L 30 26",
            false,
            false,
            "",
        ),
        UnitKind::Headquarters => s("", false, false, "HQ"),
        UnitKind::Artillery => s("", true, false, ""),
        UnitKind::SelfPropelledArtillery => s("", true, true, ""),
        UnitKind::RocketArtillery => s("M 22 30 L 30 6 L 38 30", true, false, ""),
        UnitKind::AntiTank => s("M 0 36 L 30 0 L 60 36", false, false, ""),
    }
}

/// Factors as printed: "A-D-M", "U-M" while untried, "B-F-R-D-M" for artillery.
pub fn factors(def: &UnitDef, untried: bool, attack: u8, defense: u8) -> String {
    if def.kind.is_artillery() {
        format!(
            "{}-{}-{}-{}-{}",
            def.barrage, def.fpf, def.range, defense, def.movement
        )
    } else if untried {
        format!("U-{}", def.movement)
    } else {
        format!("{}-{}-{}", attack, defense, def.movement)
    }
}

/// Factors of a unit as the engine's view shows it (untried strengths stay hidden).
pub fn view_factors(u: &UnitView<'_>) -> String {
    if u.kind.is_artillery() {
        format!(
            "{}-{}-{}-{}-{}",
            u.barrage, u.fpf, u.range, u.defense, u.movement
        )
    } else if u.untried {
        format!("U-{}", u.movement)
    } else {
        format!("{}-{}-{}", u.attack, u.defense, u.movement)
    }
}

/// A counter's look, without position or state.
pub fn counter(unit: u16, def: &UnitDef, factors: String) -> CounterData {
    let (body, band, ink) = colours(def.nationality);
    let sym = symbol(def.kind);
    CounterData {
        unit: i32::from(unit),
        x: 0.0,
        y: 0.0,
        visible: false,
        body,
        band,
        ink,
        symbol: sym.path.into(),
        dot: sym.dot,
        oval: sym.oval,
        symbol_text: sym.text.into(),
        size_text: SharedString::from(def.size.as_str()),
        factors: factors.into(),
        name: SharedString::from(def.name.as_str()),
        selected: false,
        role: 0,
        label: SharedString::from(format!("unit {}", def.name)),
    }
}

/// "Infantry", "Self-propelled artillery" …
pub fn kind_name(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Infantry => "infantry",
        UnitKind::Mechanized => "mechanized infantry",
        UnitKind::Tank => "tank",
        UnitKind::Recon => "reconnaissance",
        UnitKind::Paratroop => "paratroop",
        UnitKind::Police => "police",
        UnitKind::MilitaryPolice => "military police",
        UnitKind::SpecialForces => "special forces",
        UnitKind::Engineer => "engineer",
        UnitKind::Headquarters => "headquarters",
        UnitKind::Artillery => "towed artillery",
        UnitKind::SelfPropelledArtillery => "self-propelled artillery",
        UnitKind::RocketArtillery => "rocket artillery",
        UnitKind::AntiTank => "anti-tank artillery",
    }
}

pub fn nationality_name(n: Nationality) -> &'static str {
    match n {
        Nationality::Us => "US",
        Nationality::British => "British",
        Nationality::French => "French",
        Nationality::WestGerman => "West German",
        Nationality::WestBerlinPolice => "West Berlin police",
        Nationality::Soviet => "Soviet",
        Nationality::EastGerman => "East German",
        Nationality::EastBerlinPolice => "East Berlin police",
        Nationality::German => "German",
    }
}
