//! How a counter is drawn: the colours, symbol and values of the presentation model
//! (`session::present`, which each game's adapter fills), as Slint data.

use crate::CounterData;
use engine::core::units::{Nationality, UnitKind};
use session::present::{CounterFace, CounterMark, Symbol};
use slint::{Color, SharedString};

/// A `0xRRGGBB` colour of the presentation model as Slint's.
fn colour(rgb: u32) -> Color {
    Color::from_rgb_u8((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8)
}

/// How the table draws a NATO symbol: path commands in a 60x36 box, a centre dot, an oval,
/// text.
pub struct Shape {
    pub path: &'static str,
    pub dot: bool,
    pub oval: bool,
    pub text: &'static str,
}

const X: &str = "M 0 0 L 60 36 M 0 36 L 60 0";

/// The drawing of a symbol of the presentation model, for any game.
pub fn shape(symbol: Symbol) -> Shape {
    let s = |path, dot, oval, text| Shape {
        path,
        dot,
        oval,
        text,
    };
    match symbol {
        Symbol::Infantry => s(X, false, false, ""),
        Symbol::MechanizedInfantry => s(X, false, true, ""),
        // Infantry on wheels: the cross with two wheels under it.
        Symbol::MotorizedInfantry => s(
            "M 0 0 L 60 36 M 0 36 L 60 0 M 30 0 L 30 36",
            false,
            false,
            "",
        ),
        Symbol::Armour => s("", false, true, ""),
        // An armour oval with the gun's dot: the assault gun.
        Symbol::AssaultGun => s("", true, true, ""),
        Symbol::Recon => s("M 0 36 L 60 0", false, false, ""),
        // Crossed box with the parachute canopy under it.
        Symbol::Paratroop => s(
            "M 0 0 L 60 36 M 0 36 L 60 0 M 18 30 Q 24 22 30 30 Q 36 22 42 30",
            false,
            false,
            "",
        ),
        // The bridge-like "E" of the engineers.
        Symbol::Engineer => s(
            "M 16 26 L 16 11 L 44 11 L 44 26 M 30 11 L 30 26",
            false,
            false,
            "",
        ),
        Symbol::Artillery => s("", true, false, ""),
        Symbol::SelfPropelledArtillery => s("", true, true, ""),
        Symbol::RocketArtillery => s("M 22 30 L 30 6 L 38 30", true, false, ""),
        Symbol::AntiTank => s("M 0 36 L 30 0 L 60 36", false, false, ""),
        // The dome of the anti-aircraft gun.
        Symbol::AntiAircraft => s("M 8 34 Q 30 -6 52 34", false, false, ""),
        Symbol::Text(t) => s("", false, false, t),
    }
}

/// The look of a counter of the presentation model, without position or play state.
pub fn counter(c: &CounterFace) -> CounterData {
    let sym = shape(c.symbol);
    CounterData {
        unit: i32::from(c.unit.0),
        x: 0.0,
        y: 0.0,
        visible: false,
        body: colour(c.palette.body),
        band: colour(c.palette.band),
        ink: colour(c.palette.ink),
        symbol: sym.path.into(),
        dot: sym.dot,
        oval: sym.oval,
        symbol_text: sym.text.into(),
        size_text: SharedString::from(c.size.as_str()),
        factors: SharedString::from(c.factors.as_str()),
        corner: SharedString::from(c.corner.as_str()),
        chip: marker_chip(&c.marks).into(),
        name: SharedString::from(c.name.as_str()),
        selected: false,
        role: crate::CounterRole::None,
        label: SharedString::from(format!("unit {}", c.name)),
    }
}

/// The markers a CSS player stacks on a counter, in a word each (S11.4–S11.6 Pinned, DG,
/// Suppressed; S9.3.5 Fired or Op Fire; S2.3 a Step Loss): "DG F". The other games' marks are
/// drawn their own way (Berlin '85's spent veil), so they add nothing here.
pub fn marker_chip(marks: &[CounterMark]) -> String {
    let words: Vec<&str> = marks
        .iter()
        .filter_map(|m| match m {
            CounterMark::Pinned => Some("PIN"),
            CounterMark::Dg => Some("DG"),
            CounterMark::Suppressed => Some("SUP"),
            CounterMark::Fired => Some("F"),
            CounterMark::Reduced => Some("−1"),
            CounterMark::Spent
            | CounterMark::Disrupted
            | CounterMark::Isolated
            | CounterMark::Underground => None,
        })
        .collect();
    words.join(" ")
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

#[cfg(test)]
mod marker_tests {
    use super::*;

    // S11.4–S11.6, S9.3.5, S2.3: the series' markers on a counter read as a CSS player stacks
    // them; Berlin '85's and Fortress Berlin's marks are drawn their own way.
    #[test]
    fn css_s11_4_status_fired_and_step_markers_ride_on_the_counter() {
        use CounterMark::*;
        assert_eq!(marker_chip(&[Dg, Fired]), "DG F");
        assert_eq!(marker_chip(&[Suppressed, Reduced]), "SUP −1");
        assert_eq!(marker_chip(&[Pinned]), "PIN");
        assert_eq!(marker_chip(&[Spent, Disrupted, Isolated, Underground]), "");
        assert_eq!(marker_chip(&[]), "");
    }
}
