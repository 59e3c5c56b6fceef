//! The Gates game's events in player words: counters by their designation and index, hexes as
//! the rules write them (`30.35`), chits and divisions by name — the log's and the CLI's text
//! (`[S9.11.3] 3rd Coy (12) fires at 30.35: 7`).

use super::{Event, GatesData};
use crate::core::hex::HexId;
use crate::core::units::UnitId;
use crate::css::command::turn::What;
use crate::css::command::{Chit, DivisionId};
use crate::css::game::{GameEvent, UnitWhat};
use crate::css::morale::Fate;
use crate::css::movement::COLUMN;
use crate::css::scenario::Verdict;
use crate::gates::events::RandomEvent;
use crate::gates::political::Back;
use crate::gates::NATO;
use core::fmt;

/// An event with the data to name what it speaks of.
pub struct Described<'a> {
    data: &'a GatesData,
    event: &'a Event,
}

pub fn describe<'a>(data: &'a GatesData, event: &'a Event) -> Described<'a> {
    Described { data, event }
}

fn side(s: crate::core::side::Side) -> &'static str {
    if s == NATO {
        "NATO"
    } else {
        "Warsaw Pact"
    }
}

/// Writes the names of the game's data: a counter by its designation and index, a hex as the
/// map numbers it, a division or a chit by name.
struct Names<'a>(&'a GatesData);

impl Names<'_> {
    fn unit(&self, f: &mut fmt::Formatter<'_>, u: UnitId) -> fmt::Result {
        match self.0.counters.get(u.0 as usize) {
            Some(c) => write!(f, "{} ({})", c.designation.as_str(), u.0),
            None => write!(f, "unit {}", u.0),
        }
    }

    fn hex(&self, f: &mut fmt::Formatter<'_>, h: HexId) -> fmt::Result {
        write!(f, "{}", self.0.map.geometry.format(h))
    }

    fn division(&self, f: &mut fmt::Formatter<'_>, d: DivisionId) -> fmt::Result {
        match self.0.division_names.get(d.0 as usize) {
            Some(n) => f.write_str(n),
            None => write!(f, "division {}", d.0),
        }
    }

    fn chit(&self, f: &mut fmt::Formatter<'_>, c: Chit) -> fmt::Result {
        match c {
            Chit::Division(d) => {
                f.write_str("the Division chit of ")?;
                self.division(f, d)
            }
            Chit::Formation(x) => match self.0.formation_names.get(x.0 as usize) {
                Some(n) => write!(f, "the Formation chit of {n}"),
                None => write!(f, "the Formation chit of formation {}", x.0),
            },
            Chit::DirectCommand(s) => write!(f, "the {} Direct Command chit", side(s)),
            Chit::DivisionDirectCommand(d) => {
                f.write_str("the Direct Command chit of ")?;
                self.division(f, d)
            }
            Chit::Wind => f.write_str("the Wind chit"),
            Chit::RandomEvent => f.write_str("the Random Event chit"),
        }
    }
}

/// Something of the game's data to name (the table's buttons and boxes name chits,
/// divisions and counters as the log does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    Unit(UnitId),
    Hex(HexId),
    Division(DivisionId),
    Chit(Chit),
}

/// A name written as the log writes it: `name(data, Named::Chit(c)).to_string()`.
pub struct Name<'a>(&'a GatesData, Named);

pub fn name(data: &GatesData, what: Named) -> Name<'_> {
    Name(data, what)
}

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = Names(self.0);
        match self.1 {
            Named::Unit(u) => n.unit(f, u),
            Named::Hex(h) => n.hex(f, h),
            Named::Division(d) => n.division(f, d),
            Named::Chit(c) => n.chit(f, c),
        }
    }
}

impl Described<'_> {
    fn unit(&self, f: &mut fmt::Formatter<'_>, u: UnitId) -> fmt::Result {
        Names(self.data).unit(f, u)
    }

    fn hex(&self, f: &mut fmt::Formatter<'_>, h: HexId) -> fmt::Result {
        Names(self.data).hex(f, h)
    }

    fn division(&self, f: &mut fmt::Formatter<'_>, d: DivisionId) -> fmt::Result {
        Names(self.data).division(f, d)
    }

    fn chit(&self, f: &mut fmt::Formatter<'_>, c: Chit) -> fmt::Result {
        Names(self.data).chit(f, c)
    }

    fn turn(&self, f: &mut fmt::Formatter<'_>, w: &What) -> fmt::Result {
        match *w {
            What::TurnBegins(t) => write!(f, "game turn {t} begins"),
            What::CurrentTq { division, now, .. } => {
                self.division(f, division)?;
                write!(f, ": troop quality now {now}")
            }
            What::Bought { chit, cost } => {
                self.chit(f, chit)?;
                write!(f, " is bought for {cost} DP")
            }
            What::Fatigue { division, now } => {
                self.division(f, division)?;
                write!(f, ": fatigue now {now}")
            }
            What::DispatchPoints {
                division,
                gained,
                now,
            } => {
                self.division(f, division)?;
                write!(f, " gains {gained} DP, now {now}")
            }
            What::CupFilled(n) => write!(f, "{n} chits go into the Cup"),
            What::Played(c, _) => {
                self.chit(f, c)?;
                f.write_str(" is played")
            }
            What::DirectCommands { gained, .. } => write!(f, "{gained} Direct Commands gained"),
            What::DirectCommandSpent { unit, .. } => {
                f.write_str("a Direct Command is spent on ")?;
                self.unit(f, unit)
            }
            What::Wind { gust } => f.write_str(if gust {
                "a gust: all smoke goes"
            } else {
                "the wind thins the smoke"
            }),
            What::RandomEvent => f.write_str("a random event"),
            What::ActivationEnds(c) => {
                self.chit(f, c)?;
                f.write_str(": the activation ends")
            }
            What::StackingDg(u) => {
                self.unit(f, u)?;
                f.write_str(" is disrupted for over-stacking or mixed formations")
            }
            What::SetAside(c) => {
                self.chit(f, c)?;
                f.write_str(" is set aside for the next turn")
            }
            What::Weather(w) => write!(f, "the weather: {w:?}"),
            What::IlluminationRemoved(n) => write!(f, "{n} Illumination markers removed"),
            What::EndPhase(t) => write!(f, "the End Phase of turn {t}"),
            What::GameOver => f.write_str("the game is over"),
            What::Arriving(u) => {
                self.unit(f, u)?;
                f.write_str(" arrives")
            }
            What::Entered { unit, hex } => {
                self.unit(f, unit)?;
                f.write_str(" enters at ")?;
                self.hex(f, hex)
            }
            What::HeldOver { unit, turn } => {
                self.unit(f, unit)?;
                write!(f, " waits on the track until turn {turn}")
            }
            What::IntoBox { unit, division } => {
                self.unit(f, unit)?;
                f.write_str(" goes into a box of the Division Display of ")?;
                self.division(f, division)
            }
            What::ReturnCheck {
                unit,
                effective,
                raw,
                result,
            } => {
                self.unit(f, unit)?;
                write!(
                    f,
                    " checks to return: {raw} against {effective}: {result:?}"
                )
            }
            What::Returned { unit, hex } => {
                self.unit(f, unit)?;
                f.write_str(" returns at ")?;
                self.hex(f, hex)
            }
            What::StaysRouted(u) => {
                self.unit(f, u)?;
                f.write_str(" stays in the Routed box")
            }
            What::LeaderMoved { leader, to, .. } => {
                self.unit(f, leader)?;
                f.write_str(" moves to ")?;
                self.hex(f, to)
            }
            What::Victory(Verdict::Win(s)) => write!(f, "{} wins", side(s)),
            What::Victory(Verdict::Draw) => f.write_str("the game is a draw"),
        }
    }

    fn of_unit(&self, f: &mut fmt::Formatter<'_>, u: UnitId, w: &UnitWhat) -> fmt::Result {
        self.unit(f, u)?;
        match *w {
            UnitWhat::Began(a) => write!(f, " begins a {a:?} action"),
            UnitWhat::Entered(h) => {
                f.write_str(" enters ")?;
                self.hex(f, h)
            }
            UnitWhat::Face(face) => f.write_str(if face == COLUMN {
                " turns to its Column side"
            } else {
                " turns to its Deployed side"
            }),
            UnitWhat::Fired { target, raw } => {
                f.write_str(" fires at ")?;
                self.hex(f, target)?;
                write!(f, ": {raw}")
            }
            UnitWhat::Hit {
                column,
                result,
                status,
                lost,
            } => write!(
                f,
                " is hit on column {column}: {result:?}, now {status:?}, {lost} step(s) lost"
            ),
            UnitWhat::Removed(Fate::Captured) => f.write_str(" is captured"),
            UnitWhat::Removed(_) => f.write_str(" is eliminated"),
            UnitWhat::Rallied(s) => write!(f, " rallies: now {s:?}"),
            UnitWhat::Checked(t) => write!(f, " checks for a second action: {t:?}"),
            UnitWhat::Spared { hex, formation } => {
                write!(f, ": formation {formation} is spared in ")?;
                self.hex(f, hex)
            }
            UnitWhat::Assaulted {
                target,
                attacker,
                defender,
                result,
            } => {
                f.write_str(" assaults ")?;
                self.hex(f, target)?;
                write!(f, ": {attacker} against {defender}, {result:?}")
            }
            UnitWhat::AssaultOver { target } => {
                f.write_str("'s assault on ")?;
                self.hex(f, target)?;
                f.write_str(" ends under defensive fire")
            }
            UnitWhat::Charged { target, check } => {
                f.write_str(" leads a charge on ")?;
                self.hex(f, target)?;
                write!(f, ": {check:?}")
            }
            UnitWhat::Routed => f.write_str(" routs to the Routed box"),
        }
    }
}

/// 7.0: the event the second die picked, in player words.
fn random_event(e: RandomEvent) -> &'static str {
    match e {
        RandomEvent::NatoHero => "random event 0: a NATO hero is born",
        RandomEvent::WarsawPactHero => "random event 1: a Warsaw Pact hero is born",
        RandomEvent::NatoNco => "random event 2: a NATO NCO turns the tide",
        RandomEvent::WarsawPactNco => "random event 3: a Warsaw Pact NCO turns the tide",
        RandomEvent::AmmoRationing => "random event 4: ammunition rationing in the NATO ranks",
        RandomEvent::MissileStrike => "random event 5: a Warsaw Pact missile strike",
        RandomEvent::BadNewsWarsawPact => {
            "random event 6: bad news from the front, NATO picks a Warsaw Pact division"
        }
        RandomEvent::FuelRationing => "random event 7: fuel rationing in the NATO ranks",
        RandomEvent::Refugees => "random event 8: the Warsaw Pact may move refugees and mobs",
        RandomEvent::BadNewsNato => {
            "random event 9: bad news from the front, the Warsaw Pact picks a NATO division"
        }
    }
}

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Event::Series(GameEvent::Turn(e)) => self.turn(f, &e.what),
            Event::Series(GameEvent::Unit { unit, what, .. }) => self.of_unit(f, *unit, what),
            Event::Points {
                side: s,
                gained,
                taken,
            } => write!(
                f,
                "{} earns {gained} VP, {taken} of them off the enemy at the top of the track",
                side(*s)
            ),
            Event::Electricity { on: true } => {
                f.write_str("NATO: the city's power is on, City hexes are lit at night")
            }
            Event::Electricity { on: false } => f.write_str("NATO: the city's power is off"),
            Event::FireIgnition { hex, raw, burns } => {
                write!(f, "the fire die shows {raw}: ")?;
                self.hex(f, *hex)?;
                f.write_str(if *burns {
                    " is on fire"
                } else {
                    " does not catch fire"
                })
            }
            Event::FireStarted { hex } => {
                self.hex(f, *hex)?;
                f.write_str(" catches fire at once: a City hex while the power is on")
            }
            Event::FireChecked { hex, raw, check } => {
                f.write_str("the fire in ")?;
                self.hex(f, *hex)?;
                write!(f, " rolls {raw}: ")?;
                f.write_str(match check {
                    crate::gates::fires::FireCheck::GoesOut => {
                        "it goes out for good (Cleared Fire)"
                    }
                    crate::gates::fires::FireCheck::Spreads => "it spreads",
                    crate::gates::fires::FireCheck::Burns => "it burns on",
                })
            }
            Event::FireSpread { raw, to, caught, .. } => {
                write!(f, "the spread die shows {raw}: ")?;
                match (to, caught) {
                    (Some(t), true) => {
                        self.hex(f, *t)?;
                        f.write_str(" is on fire")
                    }
                    (Some(t), false) => {
                        self.hex(f, *t)?;
                        f.write_str(" does not burn")
                    }
                    (None, _) => f.write_str("the fire runs off the map"),
                }
            }
            Event::RainPutsOutFires { fires } => {
                write!(f, "the rain puts out every fire on the map ({fires})")
            }
            Event::BurnedOut { unit } => {
                self.unit(f, *unit)?;
                f.write_str(" ends its activation in a burning hex and routs")
            }
            Event::TeufelsbergPick { chit: Some(c) } => {
                f.write_str("NATO, holding Teufelsberg, names the next chit: ")?;
                self.chit(f, *c)
            }
            Event::TeufelsbergPick { chit: None } => {
                f.write_str("NATO, holding Teufelsberg, lets the next chit be drawn from the Cup")
            }
            Event::RollOffered { raw, holder } => write!(
                f,
                "the die shows {raw}; {} holds the Booze marker and may have it rolled again",
                side(*holder)
            ),
            Event::BoozeUsed { by } => write!(
                f,
                "{} uses the Booze marker: the roll is made again, and the marker goes to the other side",
                side(*by)
            ),
            Event::SpandauLiberated { unit, prisoners } => {
                self.unit(f, *unit)?;
                write!(
                    f,
                    " enters Spandau Prison: {prisoners} Warsaw Pact prisoner(s) freed and out of \
                     play, the prison destroyed"
                )
            }
            Event::Destroyed { hex, unit } => {
                self.unit(f, *unit)?;
                f.write_str(" occupies the objective ")?;
                self.hex(f, *hex)?;
                f.write_str(": a Destroyed marker goes on it")
            }
            Event::FigureFound { unit, hex, .. } => {
                f.write_str("the Stasi's ")?;
                self.unit(f, *unit)?;
                f.write_str(" enters ")?;
                self.hex(f, *hex)?;
                f.write_str(": the political figure there is turned over")
            }
            Event::FigureTurned { hex, back, .. } => {
                f.write_str("the political figure in ")?;
                self.hex(f, *hex)?;
                f.write_str(match back {
                    Back::Blank => " is a decoy: it leaves the game",
                    Back::HerrSchmidt => {
                        " is Herr Schmidt: the Warsaw Pact scores 1 VP and he leaves play"
                    }
                    Back::Leader => " is a leader: he goes to the Stasi Prison (66.32)",
                })
            }
            Event::RandomEventRoll { raw, happens: true } => write!(
                f,
                "the Random Event die shows {raw}: a random event happens this turn"
            ),
            Event::RandomEventRoll { raw, happens: false } => write!(
                f,
                "the Random Event die shows {raw}: no random event this turn"
            ),
            Event::RandomEventDrawn { event, applied } => {
                f.write_str(random_event(*event))?;
                if !*applied {
                    f.write_str(" (not applied: the game does not have these pieces yet)")?;
                }
                Ok(())
            }
            Event::BoozeReturned { to, moved: true } => write!(
                f,
                "the NCO brings the Booze marker back to {}",
                side(*to)
            ),
            Event::BoozeReturned { to, moved: false } => write!(
                f,
                "the Booze marker does not move: {} has it already, or it is not in play",
                side(*to)
            ),
            Event::DivisionCheck {
                division,
                raw,
                tq,
                passed,
            } => {
                self.division(f, *division)?;
                write!(f, " takes a Division TQ check: {raw} against TQ {tq}, ")?;
                if *passed {
                    f.write_str("passed")
                } else {
                    write!(f, "failed: its current TQ drops to {}", tq.saturating_sub(1))
                }
            }
        }
    }
}
