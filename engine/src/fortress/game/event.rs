//! What happened, each citing its rule and saying who may read it: the moves, mode changes
//! and stack orders of a force are its owner's business (the enemy sees only the top unit on
//! the map, 3.1.5, 3.6); segments, combats and their results are public.

use super::Force;
use crate::core::contract::{EventVisibility, GameEvent};
use crate::core::faces::Face;
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{Case, Cited};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::fortress::board::SegmentKind;
use crate::fortress::combat::CombatResult;
use core::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A segment of `side`'s player-turn begins (4.1.1–4.1.4, 4.2).
    SegmentBegins {
        side: Side,
        kind: SegmentKind,
    },
    /// Disruption markers of `side`'s colour came off (4.1.2, 6.0, 8.8.1).
    Recovered {
        side: Side,
        units: u16,
    },
    /// The turn marker advanced (4.3).
    TurnBegins {
        turn: u8,
    },
    /// The scenario's last turn ended (4.0).
    GameOver {
        turn: u8,
    },
    Moved {
        side: Side,
        units: Force,
        to: HexId,
        cost: u16,
    },
    Released {
        side: Side,
        units: Force,
    },
    ModeChanged {
        side: Side,
        unit: UnitId,
        face: Face,
    },
    Faced {
        hex: HexId,
        dir: Dir,
    },
    Topped {
        side: Side,
        unit: UnitId,
    },
    /// A unit left the game, under `case` (3.1.4, 8.6, 8.7.1, 8.8).
    Eliminated {
        unit: UnitId,
        case: Case,
    },
    /// A close assault announced, its card worked out (8.4.2): the forces are shown (3.6).
    AssaultAnnounced {
        target: HexId,
        attack: i16,
        defence: i16,
        letter: Option<u8>,
    },
    /// Below the heading's lowest range: it fails without a roll (8.1.3).
    AssaultFails {
        target: HexId,
    },
    /// The 2d6, modified and read on the Lower Matrix (8.4.2, 8.6).
    AssaultResult {
        target: HexId,
        roll: i16,
        result: CombatResult,
        star: bool,
    },
    Disrupted {
        unit: UnitId,
        case: Case,
    },
    /// A force retreated one hex (8.7).
    Retreated {
        units: Force,
        to: HexId,
    },
    /// A bombardment or mixed bombardment announced, its card worked out (8.2.4); a mixed
    /// one shows the forces (3.6).
    FireAnnounced {
        target: HexId,
        mixed: bool,
        attack: i16,
        defence: i16,
        letter: Option<u8>,
    },
    /// Direct gun fire at one unit announced, its card worked out (8.3.6); the forces are
    /// shown (3.6).
    GunFireAnnounced {
        target: UnitId,
        attack: i16,
        defence: i16,
        letter: Option<u8>,
    },
    /// An HQ adds its Support Fire to the close assault on `target` (3.5.2).
    Supported {
        hq: UnitId,
        target: HexId,
    },
    /// The close assault's card as it stands after Support Fire and the defender's gun fire,
    /// the one the roll is read on (8.4.2 steps 1–4).
    AssaultCard {
        target: HexId,
        attack: i16,
        defence: i16,
        letter: Option<u8>,
    },
    /// A retreating Soviet force left the map; it comes back next turn at entry area
    /// `letter` (8.7.1).
    RetreatedOffMap {
        units: Force,
        letter: u8,
    },
    /// The Hitler player reshuffled the German roles: `holder[i]` holds
    /// `players::GERMAN_ROLES[i]` (17.3.1).
    RolesShuffled {
        holder: [u8; 4],
    },
    /// A ruins marker placed for the rest of the game (9.0.1).
    Ruined {
        hex: HexId,
    },
    /// An assaulting unit moved into the vacated hex (8.9).
    Advanced {
        units: Force,
        to: HexId,
    },
    /// The advanced force went on one hex (8.10).
    Exploited {
        units: Force,
        to: HexId,
    },
    /// The German set a unit up before play, under its listing's case (13.0–13.6).
    SetUp {
        unit: UnitId,
        hex: HexId,
        face: Face,
        case: Case,
    },
    /// The German took a unit of his set-up back (13.0).
    TakenBack {
        unit: UnitId,
    },
    /// The German set-up is complete; play begins (13.0, 13.8).
    SetUpDone,
    /// Reinforcements came onto the map at an entry hex, paying only its cost (5.0, 7.1.2).
    Entered {
        side: Side,
        units: Force,
        at: HexId,
        cost: u16,
    },
    /// Units left the game as their order of appearance says: the Soviet's are taken off
    /// (5.1), the German's leave by the map edge (5.2).
    Withdrawn {
        units: Force,
        case: Case,
    },
    /// Victory points scored, under `case` (5.2, 11.1.2, 12.0.1, 12.0.2).
    VictoryPoints {
        side: Side,
        points: u16,
        total: u16,
        case: Case,
    },
    /// A strongpoint or flak tower fell to the Soviets and is marked for good (10.2).
    Captured {
        hex: HexId,
    },
    /// Hitler's suicide attempt: the modified die and its outcome (11.1.2).
    SuicideAttempt {
        roll: u8,
        dies: bool,
    },
    /// Hitler is gone: by his own hand (11.1.2), or taken by the Soviets (11.1.4).
    HitlerGone {
        captured: bool,
        case: Case,
    },
    /// A unit ran away and left the game; no VP for it (11.1.3, 12.0.2).
    Deserted {
        unit: UnitId,
        case: Case,
    },
    /// The Air Strike Table gave `side` this many air strikes for the player-turn (5.6, 11.4).
    AirPower {
        side: Side,
        strikes: u8,
    },
    /// A Volkssturm unit drawn blind from the cup (11.2.3): the German's to place (5.5).
    Drawn {
        unit: UnitId,
        case: Case,
    },
    /// A unit went down into the U-Bahn at a station (17.1, 17.1.1).
    UbahnDown {
        side: Side,
        unit: UnitId,
        at: HexId,
        cost: u16,
    },
    /// A unit underground rode to another station (17.1.2).
    UbahnRode {
        side: Side,
        unit: UnitId,
        to: HexId,
        cost: u16,
    },
    /// A unit came up out of the U-Bahn (17.1.2).
    UbahnUp {
        side: Side,
        unit: UnitId,
        at: HexId,
        cost: u16,
    },
    /// The game is decided (11.1.4, 12.0): the winner, if any, and the VP totals.
    Victory {
        winner: Option<Side>,
        german: u16,
        soviet: u16,
        case: Case,
    },
    /// A leader drawn at Hitler's birthday is set up in his hex (17.4.9).
    LeaderSetUp {
        leader: UnitId,
        hex: HexId,
    },
    /// A leader's attempt to flee Berlin: the die and whether he got away (17.4.2).
    FlightAttempt {
        leader: UnitId,
        roll: u8,
        escapes: bool,
    },
    /// A leader's suicide attempt: the die and whether he died (17.4.2).
    LeaderSuicideAttempt {
        leader: UnitId,
        roll: u8,
        dies: bool,
    },
    /// A Soviet result against his hex turned a leader to the Soviet side (17.4.3).
    LeaderDefects {
        leader: UnitId,
    },
    /// A defecting leader moved one hex, paying `cost` MP sub-points of his eight MP (17.4.3).
    LeaderMoved {
        leader: UnitId,
        to: HexId,
        cost: u16,
    },
    /// The defectors' attempt on Hitler: the modified die, how many tried, and whether he
    /// died (17.4.3).
    Assassination {
        roll: u8,
        leaders: u8,
        killed: bool,
    },
    /// A leader left the game (17.4.5): how, under `case`.
    LeaderGone {
        leader: UnitId,
        fate: super::leaders::Fate,
        case: Case,
    },
}

impl Cited for Event {
    fn case(&self) -> Case {
        match self {
            Event::SegmentBegins { side, kind } => {
                match (*side == crate::fortress::counters::GERMAN, kind) {
                    (false, _) => "4.2",
                    (true, SegmentKind::Reinforcement) => "4.1.1",
                    (true, SegmentKind::Recovery) => "4.1.2",
                    (true, SegmentKind::Movement) => "4.1.3",
                    (true, SegmentKind::Combat) => "4.1.4",
                }
            }
            Event::Recovered { .. } => "6.0",
            Event::TurnBegins { .. } => "4.3",
            Event::GameOver { .. } => "4.0",
            Event::Moved { .. } => "7.1",
            Event::Released { .. } => "7.1.1",
            Event::ModeChanged { .. } => "3.3.3",
            Event::Faced { .. } => "3.4.2",
            Event::Topped { .. } => "3.1.5",
            Event::Eliminated { case, .. } | Event::Disrupted { case, .. } => case,
            Event::AssaultAnnounced { .. } => "8.4.2",
            Event::AssaultFails { .. } => "8.1.3",
            Event::AssaultResult { .. } => "8.6",
            Event::Retreated { .. } => "8.7",
            Event::Advanced { .. } => "8.9",
            Event::FireAnnounced { .. } => "8.2.4",
            Event::GunFireAnnounced { .. } => "8.3.6",
            Event::RetreatedOffMap { .. } => "8.7.1",
            Event::RolesShuffled { .. } => "17.3.1",
            Event::Supported { .. } => "3.5.2",
            Event::AssaultCard { .. } => "8.4.2",
            Event::Ruined { .. } => "9.0.1",
            Event::Exploited { .. } => "8.10",
            Event::Entered { .. } => "5.0",
            Event::SetUp { case, .. } => case,
            Event::TakenBack { .. } | Event::SetUpDone => "13.0",
            Event::Withdrawn { case, .. }
            | Event::VictoryPoints { case, .. }
            | Event::HitlerGone { case, .. }
            | Event::Deserted { case, .. }
            | Event::Drawn { case, .. }
            | Event::Victory { case, .. } => case,
            Event::Captured { .. } => "10.2",
            Event::AirPower { .. } => "11.4",
            Event::SuicideAttempt { .. } => "11.1.2",
            Event::UbahnDown { .. } => "17.1.1",
            Event::UbahnRode { .. } | Event::UbahnUp { .. } => "17.1.2",
            Event::LeaderSetUp { .. } => "17.4.9",
            Event::FlightAttempt { .. } | Event::LeaderSuicideAttempt { .. } => "17.4.2",
            Event::LeaderDefects { .. }
            | Event::LeaderMoved { .. }
            | Event::Assassination { .. } => "17.4.3",
            Event::LeaderGone { case, .. } => case,
        }
    }
}

impl GameEvent for Event {
    fn visibility(&self) -> EventVisibility {
        match self {
            Event::Moved { side, .. }
            | Event::Released { side, .. }
            | Event::ModeChanged { side, .. }
            | Event::Topped { side, .. }
            | Event::Entered { side, .. }
            | Event::UbahnDown { side, .. }
            | Event::UbahnRode { side, .. }
            | Event::UbahnUp { side, .. } => EventVisibility::Only(*side),
            // Which counter came out of the cup is the German's business (3.6), and so is
            // where he sets up (13.0, 3.6).
            Event::Drawn { .. }
            | Event::SetUp { .. }
            | Event::TakenBack { .. }
            | Event::LeaderSetUp { .. } => EventVisibility::Only(crate::fortress::counters::GERMAN),
            _ => EventVisibility::Public,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::SegmentBegins { side, kind } => write!(f, "{side:?} {kind:?} segment"),
            Event::Recovered { units, .. } => write!(f, "{units} units recover"),
            Event::TurnBegins { turn } => write!(f, "turn {turn} begins"),
            Event::GameOver { turn } => write!(f, "game over after turn {turn}"),
            Event::Moved { units, to, .. } => {
                write!(f, "{} units move to {},{}", units.len(), to.col, to.row)
            }
            Event::Released { units, .. } => write!(f, "{} units released", units.len()),
            Event::ModeChanged { unit, face, .. } => write!(f, "unit {} turns to {face:?}", unit.0),
            Event::Faced { dir, .. } => write!(f, "force faces {dir:?}"),
            Event::Topped { unit, .. } => write!(f, "unit {} on top", unit.0),
            Event::Eliminated { unit, .. } => write!(f, "unit {} eliminated", unit.0),
            Event::AssaultAnnounced {
                attack, defence, ..
            } => {
                write!(f, "close assault {attack} against {defence}")
            }
            Event::AssaultFails { .. } => write!(f, "the attack fails below the table"),
            Event::AssaultResult {
                roll, result, star, ..
            } => {
                write!(
                    f,
                    "roll {roll}: {}{}",
                    result.symbol(),
                    if *star { "*" } else { "" }
                )
            }
            Event::Disrupted { unit, .. } => write!(f, "unit {} disrupted", unit.0),
            Event::FireAnnounced {
                attack, defence, ..
            } => {
                write!(f, "bombardment {attack} against {defence}")
            }
            Event::GunFireAnnounced {
                target,
                attack,
                defence,
                ..
            } => write!(f, "gun fire {attack} at unit {} ({defence})", target.0),
            Event::Supported { hq, .. } => write!(f, "HQ {} gives support fire", hq.0),
            Event::RolesShuffled { holder } => write!(f, "German roles shuffled: {holder:?}"),
            Event::RetreatedOffMap { units, letter } => write!(
                f,
                "{} units retreat off the map, back at {}",
                units.len(),
                *letter as char
            ),
            Event::AssaultCard {
                attack, defence, ..
            } => write!(f, "close assault now {attack} against {defence}"),
            Event::Ruined { hex } => write!(f, "{},{} lies in ruins", hex.col, hex.row),
            Event::Advanced { units, to } | Event::Exploited { units, to } => {
                write!(f, "{} units advance to {},{}", units.len(), to.col, to.row)
            }
            Event::Retreated { units, to } => {
                write!(f, "{} units retreat to {},{}", units.len(), to.col, to.row)
            }
            Event::Entered { units, at, .. } => {
                write!(f, "{} units enter at {},{}", units.len(), at.col, at.row)
            }
            Event::Withdrawn { units, .. } => write!(f, "{} units withdrawn", units.len()),
            Event::SetUp { unit, hex, .. } => {
                write!(f, "unit {} set up at {},{}", unit.0, hex.col, hex.row)
            }
            Event::TakenBack { unit } => write!(f, "unit {} taken back", unit.0),
            Event::SetUpDone => write!(f, "set-up done"),
            Event::VictoryPoints {
                side,
                points,
                total,
                ..
            } => write!(f, "{side:?} scores {points} VP ({total})"),
            Event::Captured { hex } => write!(f, "{},{} captured", hex.col, hex.row),
            Event::SuicideAttempt { roll, dies } => write!(
                f,
                "Hitler's attempt: {roll}, {}",
                if *dies { "he is dead" } else { "he lives" }
            ),
            Event::HitlerGone { captured, .. } => {
                write!(f, "Hitler {}", if *captured { "captured" } else { "dead" })
            }
            Event::Deserted { unit, .. } => write!(f, "unit {} deserts", unit.0),
            Event::Drawn { unit, .. } => write!(f, "unit {} drawn from the cup", unit.0),
            Event::AirPower { side, strikes } => write!(f, "{side:?} has {strikes} air strikes"),
            Event::UbahnDown { unit, at, .. } => {
                write!(f, "unit {} goes down at {},{}", unit.0, at.col, at.row)
            }
            Event::UbahnRode { unit, to, .. } => {
                write!(f, "unit {} rides to {},{}", unit.0, to.col, to.row)
            }
            Event::UbahnUp { unit, at, .. } => {
                write!(f, "unit {} comes up at {},{}", unit.0, at.col, at.row)
            }
            Event::Victory {
                winner,
                german,
                soviet,
                ..
            } => write!(
                f,
                "winner {winner:?}: German {german} VP, Soviet {soviet} VP"
            ),
            Event::LeaderSetUp { leader, hex } => {
                write!(f, "leader {} set up at {},{}", leader.0, hex.col, hex.row)
            }
            Event::FlightAttempt {
                leader,
                roll,
                escapes,
            } => write!(
                f,
                "leader {} tries to flee: {roll}, {}",
                leader.0,
                if *escapes { "he escapes" } else { "he stays" }
            ),
            Event::LeaderSuicideAttempt { leader, roll, dies } => write!(
                f,
                "leader {}'s suicide attempt: {roll}, {}",
                leader.0,
                if *dies { "he is dead" } else { "he lives" }
            ),
            Event::LeaderDefects { leader } => write!(f, "leader {} defects", leader.0),
            Event::LeaderMoved { leader, to, .. } => {
                write!(f, "leader {} moves to {},{}", leader.0, to.col, to.row)
            }
            Event::Assassination {
                roll,
                leaders,
                killed,
            } => write!(
                f,
                "{leaders} defectors try to kill Hitler: {roll}, {}",
                if *killed { "he is dead" } else { "he lives" }
            ),
            Event::LeaderGone { leader, fate, .. } => {
                write!(f, "leader {} {}", leader.0, fate.verb())
            }
        }
    }
}
