//! Events in a player's words: units by the names printed on their counters, hexes as the map
//! numbers them (`4217`), sides by name, letters of the Upper Matrix as letters. The log and
//! the CLI show this; the bare `Display` of an [`Event`] (no data at hand) is for debugging.

use super::counters::{GERMAN, MANEUVER};
use super::data::GameData;
use super::game::{Event, Force};
use crate::core::hex::HexId;
use crate::core::side::Side;
use crate::core::units::UnitId;
use core::fmt;

/// `event` described with the names and hex numbers of `data`.
pub struct Described<'a> {
    pub data: &'a GameData,
    pub event: &'a Event,
}

/// Describes `event` on `data` (`format!("{}", describe(data, &e))`).
pub fn describe<'a>(data: &'a GameData, event: &'a Event) -> Described<'a> {
    Described { data, event }
}

fn side(s: Side) -> &'static str {
    if s == GERMAN {
        "German"
    } else {
        "Soviet"
    }
}

/// The verb for one unit or several.
fn plural(units: &Force, one: &'static str, many: &'static str) -> &'static str {
    if units.len() == 1 {
        one
    } else {
        many
    }
}

/// The Upper Matrix letter (0 = A, 8.1.2).
fn letter(l: Option<u8>) -> char {
    l.map_or('-', |l| (b'A' + l) as char)
}

/// ` (N MP spent)` for a cost in MP sub-points, halves as `½`.
fn mp_spent(f: &mut fmt::Formatter<'_>, cost: u16) -> fmt::Result {
    let per = crate::core::capacity::fortress_berlin::MP.per_mp();
    let half = if cost.is_multiple_of(per) { "" } else { "½" };
    write!(f, " ({}{half} MP spent)", cost / per)
}

impl Described<'_> {
    fn hex(&self, f: &mut fmt::Formatter<'_>, h: HexId) -> fmt::Result {
        f.write_str(&self.data.map.geometry.format(h))
    }

    fn unit(&self, f: &mut fmt::Formatter<'_>, u: UnitId) -> fmt::Result {
        match self.data.forces.counter(u) {
            Some(c) => f.write_str(&c.name),
            None => write!(f, "unit {}", u.0),
        }
    }

    fn units(&self, f: &mut fmt::Formatter<'_>, units: &Force) -> fmt::Result {
        for (i, &u) in units.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            self.unit(f, u)?;
        }
        Ok(())
    }
}

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Event::SegmentBegins { side: s, kind } => {
                write!(f, "{} {kind:?} segment", side(*s))
            }
            Event::Recovered { side: s, units } => {
                write!(f, "{}: {units} units recover", side(*s))
            }
            Event::Moved {
                side: s,
                units,
                to,
                cost,
            } => {
                write!(f, "{}: ", side(*s))?;
                self.units(f, units)?;
                f.write_str(plural(units, " moves to ", " move to "))?;
                self.hex(f, *to)?;
                write!(f, " ({cost} MP spent)")
            }
            Event::Released { units, .. } => {
                self.units(f, units)?;
                f.write_str(" done moving")
            }
            Event::ModeChanged { unit, face, .. } => {
                self.unit(f, *unit)?;
                let mode = if *face == MANEUVER {
                    "Maneuver"
                } else {
                    "Combat"
                };
                write!(f, " turns to {mode} Mode")
            }
            Event::Faced { hex, dir } => {
                f.write_str("the force in ")?;
                self.hex(f, *hex)?;
                write!(f, " faces d{}", *dir as u8)
            }
            Event::Topped { unit, .. } => {
                self.unit(f, *unit)?;
                f.write_str(" goes on top of its force")
            }
            Event::Eliminated { unit, .. } => {
                self.unit(f, *unit)?;
                f.write_str(" eliminated")
            }
            Event::Disrupted { unit, .. } => {
                self.unit(f, *unit)?;
                f.write_str(" disrupted")
            }
            Event::AssaultAnnounced {
                target,
                attack,
                defence,
                letter: l,
            } => {
                f.write_str("close assault on ")?;
                self.hex(f, *target)?;
                write!(f, ": {attack} against {defence}, column {}", letter(*l))
            }
            Event::AssaultFails { target } => {
                f.write_str("the attack on ")?;
                self.hex(f, *target)?;
                f.write_str(" fails: below the lowest range")
            }
            Event::AssaultCard {
                target,
                attack,
                defence,
                letter: l,
            } => {
                f.write_str("close assault on ")?;
                self.hex(f, *target)?;
                write!(f, " now: {attack} against {defence}, column {}", letter(*l))
            }
            Event::GunFireAnnounced {
                target,
                attack,
                defence,
                letter: l,
            } => {
                f.write_str("direct gun fire at ")?;
                self.unit(f, *target)?;
                write!(f, ": {attack} against {defence}, column {}", letter(*l))
            }
            Event::RetreatedOffMap { units, letter } => {
                self.units(f, units)?;
                f.write_str(plural(units, " retreats", " retreat"))?;
                write!(
                    f,
                    " off the map and will come back next turn at entry area {}",
                    *letter as char
                )
            }
            Event::RolesShuffled { holder } => {
                f.write_str("command shuffle:")?;
                for (i, role) in crate::fortress::players::GERMAN_ROLES.iter().enumerate() {
                    write!(f, " German player {} is {};", holder[i] + 1, role.name())?;
                }
                Ok(())
            }
            Event::Supported { hq, target } => {
                self.unit(f, *hq)?;
                f.write_str(" gives support fire to the close assault on ")?;
                self.hex(f, *target)
            }
            Event::AssaultResult {
                target,
                roll,
                result,
                star,
            } => {
                f.write_str("the attack on ")?;
                self.hex(f, *target)?;
                write!(
                    f,
                    ": modified roll {roll}, result {}{}",
                    result.symbol(),
                    if *star { "*" } else { "" }
                )
            }
            Event::FireAnnounced {
                target,
                mixed,
                attack,
                defence,
                letter: l,
            } => {
                f.write_str(if *mixed {
                    "mixed bombardment of "
                } else {
                    "bombardment of "
                })?;
                self.hex(f, *target)?;
                write!(f, ": {attack} against {defence}, column {}", letter(*l))
            }
            Event::Ruined { hex } => {
                self.hex(f, *hex)?;
                f.write_str(" lies in ruins")
            }
            Event::Retreated { units, to } => {
                self.units(f, units)?;
                f.write_str(plural(units, " retreats to ", " retreat to "))?;
                self.hex(f, *to)
            }
            Event::Advanced { units, to } | Event::Exploited { units, to } => {
                self.units(f, units)?;
                f.write_str(plural(units, " advances to ", " advance to "))?;
                self.hex(f, *to)
            }
            Event::Entered {
                side: s,
                units,
                at,
                cost,
            } => {
                write!(f, "{} reinforcements: ", side(*s))?;
                self.units(f, units)?;
                f.write_str(plural(units, " enters at ", " enter at "))?;
                self.hex(f, *at)?;
                write!(f, " ({cost} MP spent)")
            }
            Event::Withdrawn { units, .. } => {
                self.units(f, units)?;
                f.write_str(plural(units, " is withdrawn", " are withdrawn"))
            }
            Event::VictoryPoints {
                side: s,
                points,
                total,
                ..
            } => write!(f, "{} scores {points} VP ({total} in all)", side(*s)),
            Event::Captured { hex } => {
                self.hex(f, *hex)?;
                f.write_str(" falls to the Soviets and is marked captured")
            }
            Event::Deserted { unit, .. } => {
                self.unit(f, *unit)?;
                f.write_str(" deserts")
            }
            Event::SetUp {
                unit, hex, face, ..
            } => {
                f.write_str("German set-up: ")?;
                self.unit(f, *unit)?;
                f.write_str(" in ")?;
                self.hex(f, *hex)?;
                f.write_str(if *face == MANEUVER {
                    ", Maneuver Mode"
                } else {
                    ", Combat Mode"
                })
            }
            Event::TakenBack { unit } => {
                f.write_str("German set-up: ")?;
                self.unit(f, *unit)?;
                f.write_str(" taken back off the map")
            }
            Event::SetUpDone => f.write_str("the German set-up is done; play begins"),
            Event::Drawn { unit, .. } => {
                self.unit(f, *unit)?;
                f.write_str(" is drawn from the Volkssturm cup")
            }
            Event::AirPower { side: s, strikes } => {
                let plural = if *strikes == 1 { "" } else { "s" };
                write!(
                    f,
                    "{} has {strikes} air strike{plural} this player-turn",
                    side(*s)
                )
            }
            Event::Victory {
                winner,
                german,
                soviet,
                ..
            } => {
                match winner {
                    Some(w) => write!(f, "the {} player wins", side(*w))?,
                    None => f.write_str("the game is a draw")?,
                }
                write!(f, ": German {german} VP, Soviet {soviet} VP")
            }
            Event::UbahnDown {
                side: s,
                unit,
                at,
                cost,
            } => {
                write!(f, "{}: ", side(*s))?;
                self.unit(f, *unit)?;
                f.write_str(" goes down into the U-Bahn at ")?;
                self.hex(f, *at)?;
                mp_spent(f, *cost)
            }
            Event::UbahnRode {
                side: s,
                unit,
                to,
                cost,
            } => {
                write!(f, "{}: ", side(*s))?;
                self.unit(f, *unit)?;
                f.write_str(" rides the U-Bahn to ")?;
                self.hex(f, *to)?;
                mp_spent(f, *cost)
            }
            Event::UbahnUp {
                side: s,
                unit,
                at,
                cost,
            } => {
                write!(f, "{}: ", side(*s))?;
                self.unit(f, *unit)?;
                f.write_str(" comes up out of the U-Bahn at ")?;
                self.hex(f, *at)?;
                mp_spent(f, *cost)
            }
            Event::LeaderSetUp { leader, hex } => {
                f.write_str("Hitler's birthday: ")?;
                self.unit(f, *leader)?;
                f.write_str(" is drawn and set up in ")?;
                self.hex(f, *hex)
            }
            Event::FlightAttempt {
                leader,
                roll,
                escapes,
            } => {
                self.unit(f, *leader)?;
                write!(
                    f,
                    " tries to flee Berlin: {roll}, {}",
                    if *escapes { "he gets away" } else { "he stays" }
                )
            }
            Event::LeaderSuicideAttempt { leader, roll, dies } => {
                self.unit(f, *leader)?;
                write!(
                    f,
                    " tries to take his own life: {roll}, {}",
                    if *dies { "he is dead" } else { "he lives" }
                )
            }
            Event::LeaderDefects { leader } => {
                self.unit(f, *leader)?;
                f.write_str(" defects to the Soviets")
            }
            Event::LeaderMoved { leader, to, .. } => {
                f.write_str("the defector ")?;
                self.unit(f, *leader)?;
                f.write_str(" moves to ")?;
                self.hex(f, *to)
            }
            Event::LeaderGone { leader, fate, .. } => {
                self.unit(f, *leader)?;
                write!(f, " {}", fate.verb())
            }
            // Turn lines, Hitler's fate and the game's end need no names.
            other => write!(f, "{other}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fortress::board::SegmentKind;
    use crate::fortress::testkit;
    extern crate std;
    use std::string::ToString;

    #[test]
    fn fb_log_names_sides_units_and_hexes_as_the_map_prints_them() {
        let data = testkit::data();
        let to = testkit::hex(4, 7);
        let units: Force = [testkit::GERMAN_TANK].into_iter().collect();
        let moved = Event::Moved {
            side: GERMAN,
            units,
            to,
            cost: 2,
        };
        let name = data
            .forces
            .counter(testkit::GERMAN_TANK)
            .expect("counter")
            .name
            .clone();
        let text = describe(&data, &moved).to_string();
        assert_eq!(
            text,
            std::format!(
                "German: {name} moves to {} (2 MP spent)",
                data.map.geometry.format(to).as_str()
            )
        );
        let segment = Event::SegmentBegins {
            side: GERMAN.other(),
            kind: SegmentKind::Combat,
        };
        assert_eq!(
            describe(&data, &segment).to_string(),
            "Soviet Combat segment"
        );
        let fired = Event::FireAnnounced {
            target: to,
            mixed: false,
            attack: 12,
            defence: 4,
            letter: Some(4),
        };
        assert!(describe(&data, &fired)
            .to_string()
            .ends_with(": 12 against 4, column E"));
        let vp = Event::VictoryPoints {
            side: GERMAN,
            points: 2,
            total: 7,
            case: "12.0.1",
        };
        assert_eq!(
            describe(&data, &vp).to_string(),
            "German scores 2 VP (7 in all)"
        );
        let air = Event::AirPower {
            side: GERMAN.other(),
            strikes: 1,
        };
        assert_eq!(
            describe(&data, &air).to_string(),
            "Soviet has 1 air strike this player-turn"
        );
    }

    #[test]
    fn fb_log_17_4_leaders_by_name_and_their_hexes() {
        let data = testkit::character();
        let (goebbels, _, home) = testkit::LEADERS[0];
        let hex = data.map.geometry.format(home);
        let set_up = Event::LeaderSetUp {
            leader: goebbels,
            hex: home,
        };
        assert_eq!(
            describe(&data, &set_up).to_string(),
            std::format!(
                "Hitler's birthday: Leader A is drawn and set up in {}",
                hex.as_str()
            )
        );
        let fled = Event::FlightAttempt {
            leader: goebbels,
            roll: 5,
            escapes: true,
        };
        assert_eq!(
            describe(&data, &fled).to_string(),
            "Leader A tries to flee Berlin: 5, he gets away"
        );
        let moved = Event::LeaderMoved {
            leader: goebbels,
            to: home,
            cost: 2,
        };
        assert_eq!(
            describe(&data, &moved).to_string(),
            std::format!("the defector Leader A moves to {}", hex.as_str())
        );
        let gone = Event::LeaderGone {
            leader: goebbels,
            fate: crate::fortress::game::leaders::Fate::Captured,
            case: "17.4.4",
        };
        assert_eq!(describe(&data, &gone).to_string(), "Leader A is captured");
        let tried = Event::Assassination {
            roll: 6,
            leaders: 2,
            killed: true,
        };
        assert_eq!(
            describe(&data, &tried).to_string(),
            "2 defectors try to kill Hitler: 6, he is dead"
        );
    }
}
