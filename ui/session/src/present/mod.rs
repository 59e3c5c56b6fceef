//! The presentation model (issue 10): what the table shows of any game to one viewer, in
//! words and shapes that name no game. Each game gives it through a thin adapter beside its
//! [`TableGame`] ([`berlin85`], [`fortress`]); the touch UI draws a [`Frame`] and never reads
//! a game's state.
//!
//! What a viewer may not see never reaches the frame: counters come from the engine's
//! per-viewer view (an enemy force shows its top counter only, Fortress Berlin 3.1.5; an
//! untried strength shows "U", Berlin '85 [11.0]), log lines are filtered by the visibility
//! the engine gave each event, and a secret roll's purpose is worded for the roller only.

pub mod actions;
pub mod berlin85;
pub mod fortress;
pub mod fortress_actions;
pub mod fortress_card;
mod fortress_command;
pub mod gates;
pub mod gates_actions;
pub mod gates_assault_card;
pub mod gates_card;
pub mod gates_displays;
mod gates_markers;
pub mod nato;

use crate::ruleset::TableGame;
use crate::session::LoggedEvent;
use engine::core::hex::{Dir, HexId};
use engine::core::protocol::{Case, Cited, Pending};
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;

/// The NATO symbol on a counter (APP-6 shapes, which every game here prints), or a short text
/// in its box where the counter prints letters instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    Infantry,
    MotorizedInfantry,
    MechanizedInfantry,
    Armour,
    AssaultGun,
    Recon,
    Paratroop,
    Engineer,
    Artillery,
    SelfPropelledArtillery,
    RocketArtillery,
    AntiTank,
    AntiAircraft,
    /// Letters in the symbol box: "HQ", "POL", "VS" …
    Text(&'static str),
}

/// A counter's printed colours, `0xRRGGBB`: its body, the band behind its symbol, its ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub body: u32,
    pub band: u32,
    pub ink: u32,
}

/// A marker the table lays on a counter, or a state its face shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterMark {
    /// Has moved or acted this phase (spent for the rest of it).
    Spent,
    /// Disrupted (Fortress Berlin 8.8).
    Disrupted,
    /// Out of supply or out of command.
    Isolated,
    /// In the U-Bahn, under its marker (Fortress Berlin 17.1).
    Underground,
    /// Pinned: gone to ground (CSS S11.4).
    Pinned,
    /// Disrupted, a DG marker (CSS S11.5).
    Dg,
    /// Suppressed (CSS S11.6).
    Suppressed,
    /// Has fired this phase (CSS S9.3), or opportunity fired this activation (S9.11).
    Fired,
    /// Has lost a step and shows its reduced strength (CSS S2.3).
    Reduced,
}

/// A marker on a hex of the map rather than on a unit (the Gates: fires 2.3, destroyed
/// objectives 10.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexMarker {
    pub hex: HexId,
    pub kind: HexMarkerKind,
    /// What the marker says, with its case ("On Fire (2.3)").
    pub label: String,
    /// The hexside it points at, for a marker that names a part of its hex (the Hex Owned
    /// arrow of a divided hex, S16.3); `None` for the whole hex.
    pub toward: Option<engine::core::hex::Dir>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexMarkerKind {
    /// A fire burning in the hex.
    Fire,
    /// A fire that went out: the hex never burns again.
    ClearedFire,
    /// A place destroyed for good.
    Destroyed,
    /// An Illumination marker lighting the hex and its neighbours at night (S14.3).
    Illumination,
    /// The part of a divided hex a side's units hold (S16.3).
    HexOwned,
    /// More units than the stacking limit: each takes a DG when its chit ends (S6.3).
    OverStacked,
    /// Units of several formations: those outside the spared one take a DG when their chit
    /// ends (S6.4).
    MixedFormations,
}

/// One counter on the map as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterFace {
    pub unit: UnitId,
    /// Its hex; `None` for a counter in a box off the map.
    pub hex: Option<HexId>,
    /// Place in its hex's stack, 0 on top.
    pub depth: u8,
    /// The side that owns it now.
    pub side: Side,
    pub palette: Palette,
    pub symbol: Symbol,
    /// Unit size as printed ("XX", "III", "II").
    pub size: String,
    /// The values as printed on the face that is up ("6-4-8", "U-8", "3-5-2").
    pub factors: String,
    /// A value printed in a corner (Fortress Berlin's range), if any.
    pub corner: String,
    pub name: String,
    /// The face that is up, when the counter has two that matter for play ("combat").
    pub face: Option<&'static str>,
    /// The hexside it points at (Fortress Berlin 3.4), `None` when it faces all round.
    pub facing: Option<Dir>,
    pub marks: Vec<CounterMark>,
    /// More counters lie under it that the viewer may not see (Fortress Berlin 3.1.5).
    pub hides_more: bool,
    /// The player's command it belongs to in a game of more than two players (Fortress Berlin
    /// 17.2, 17.3: "Zhukov", "SS Player").
    pub role: Option<&'static str>,
    /// What else the counter prints that the panel words (the Gates: its movement class and
    /// special symbols, S2.2, S7.1, 3.14), in the order printed.
    pub notes: Vec<&'static str>,
}

/// Counters off the map in one box of the table: units still to set up, reinforcements due,
/// units drawn to be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterBox {
    pub title: String,
    pub case: Case,
    pub counters: Vec<CounterFace>,
}

/// A step of the sequence of play on the phase bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseCell {
    pub name: &'static str,
    pub case: Case,
    pub when: When,
}

/// Before, at or after the game's current step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    ToCome,
    Now,
    Done,
}

/// A labelled option of a question, a chit of a cup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionText {
    pub label: String,
    pub detail: String,
}

/// What the game waits for, as the table asks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The player gives commands on the map and the panel.
    Commands {
        player: Side,
    },
    /// Dice to roll. `purpose` is worded for `viewer` (a secret roll says no more than that
    /// it is one to anyone else).
    Roll {
        player: Side,
        count: u8,
        sides: u8,
        purpose: String,
        case: Case,
        secret: bool,
    },
    /// A chit to draw from a cup; `chits` are those still in it.
    Draw {
        player: Side,
        cup: &'static str,
        case: Case,
        chits: Vec<OptionText>,
    },
    /// A question with its options.
    Choose {
        player: Side,
        question: String,
        case: Case,
        options: Vec<OptionText>,
    },
    GameOver,
}

impl Dialog {
    /// The side that must act, if any.
    pub fn player(&self) -> Option<Side> {
        match self {
            Dialog::Commands { player }
            | Dialog::Roll { player, .. }
            | Dialog::Draw { player, .. }
            | Dialog::Choose { player, .. } => Some(*player),
            Dialog::GameOver => None,
        }
    }
}

/// A line of the log the viewer may read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub case: Case,
    pub text: String,
}

/// Everything the table draws of a game for one viewer after an input: computed once per
/// accepted input and handed to every part of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub viewer: Viewer,
    pub counters: Vec<CounterFace>,
    pub boxes: Vec<CounterBox>,
    pub phases: Vec<PhaseCell>,
    pub turn: u16,
    pub last_turn: Option<u16>,
    /// The side whose turn (or activation) it is.
    pub phasing: Option<Side>,
    pub dialog: Dialog,
    /// The panel's main button: the command that ends the current step, its text and rule.
    pub step_end: Option<StepEndButton>,
    /// The combat card of a combat waiting for its dice, as `viewer` may read it.
    pub card: Option<CardText>,
    /// The game's displays and tracks off the map, record by record (none: the game has
    /// none, or shows them otherwise).
    pub sheets: Vec<SheetSection>,
    /// The markers on hexes of the map.
    pub hex_markers: Vec<HexMarker>,
    /// The hexes of the units the chit in play activated that may still act (the Gates'
    /// active formation, S3.4); none in a game without activations.
    pub active_hexes: Vec<HexId>,
}

/// A combat's card, shown before its dice are rolled: every figure of it as the engine
/// computed it, in words, with the case of each; what the viewer may not see of the enemy's
/// forces is left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardText {
    /// The kind of combat and its target ("Close Assault on 0603").
    pub title: String,
    /// The rule that governs the kind of combat.
    pub case: Case,
    /// What makes up the attack total: one row per unit or strike (label, value).
    pub attack: Vec<(String, String)>,
    pub attack_total: String,
    pub defence: Vec<(String, String)>,
    pub defence_total: String,
    /// The differential and where it leads on the combat table.
    pub differential: String,
    /// The table's reading, each column shift and each dice modifier: (case, text, amount).
    pub shifts: Vec<(Case, String, String)>,
    /// What the reading below is ("Column" for a combat table's column).
    pub column_title: &'static str,
    /// The column the dice are read on, or the totals they are added to.
    pub column: String,
    /// Every total of the dice: (face, result code, what it does).
    pub faces: Vec<(String, String, String)>,
    pub note: String,
}

/// One record of a game's off-map displays and tracks (a division's Division Display, S18.4;
/// the Victory Point track, Gates 10.1), opened from the turn box of the phase bar.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SheetSection {
    /// What the record is ("NATO: 3rd Armoured Division").
    pub title: String,
    /// The rule that governs it.
    pub case: Case,
    /// Its boxes: (name, value), e.g. ("TQ", "4 of 5").
    pub cells: Vec<(String, String)>,
    /// What the boxes mean for play now (a threshold reached, an HQ off the map).
    pub note: String,
}

/// The button that ends the current step ("End movement" [5.0]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepEndButton {
    pub label: &'static str,
    pub case: Case,
}

/// The victory screen: who won, why (with its case), and the points behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VictoryText {
    pub title: String,
    pub subtitle: String,
    pub case: Case,
    /// One row per line of the score ("German Victory Points", "18").
    pub rows: Vec<(String, String)>,
}

/// What a game's adapter tells the presentation model.
pub trait Present: TableGame {
    /// Every counter on the map `viewer` may see, each stack top first.
    fn counters(&self, viewer: Viewer) -> Vec<CounterFace>;
    /// The boxes of counters off the map that `viewer` may see, in the order they are shown.
    fn boxes(&self, viewer: Viewer) -> Vec<CounterBox>;
    /// One option of a pending question or cup as its button reads; `case` is the question's.
    fn option_text(&self, option: &Self::Choice, case: Case) -> OptionText;
    /// What a roll is for, with the units and hexes it concerns where the game names them.
    fn roll_purpose(&self, purpose: &'static str, case: Case) -> String {
        let _ = case;
        purpose.to_string()
    }
    /// The score as the phase bar shows it during play, its two lines apart by " · "
    /// ("German 12 VP · Soviet 5 VP"); empty where the game shows its tracks otherwise.
    fn score_text(&self) -> String {
        String::new()
    }
    /// The result once the game is decided, for the victory screen.
    fn victory(&self) -> Option<VictoryText>;
    /// The points scored in the game, line by line with their cases, read from its log (the
    /// victory screen's breakdown); none where `victory` already gives them.
    fn score_lines(log: &[LoggedEvent<Self::LogEvent>]) -> Vec<(String, String)> {
        let _ = log;
        Vec::new()
    }
    /// The card of the combat waiting for its dice, worded for `viewer`; `None` when no
    /// combat waits for them (or the game shows its cards otherwise).
    fn combat_card(&self, viewer: Viewer) -> Option<CardText> {
        let _ = viewer;
        None
    }
    /// The displays and tracks kept off the map, as `viewer` may read them.
    fn sheets(&self, viewer: Viewer) -> Vec<SheetSection> {
        let _ = viewer;
        Vec::new()
    }
    /// The markers on hexes of the map (none where the game draws its own otherwise).
    fn hex_markers(&self, viewer: Viewer) -> Vec<HexMarker> {
        let _ = viewer;
        Vec::new()
    }
    /// The hexes whose units were activated and may still act, in map order.
    fn active_hexes(&self, viewer: Viewer) -> Vec<HexId> {
        let _ = viewer;
        Vec::new()
    }
}

/// A card's modifier as printed: "+2", "−1" (a true minus sign), "0".
pub(crate) fn signed(n: i16) -> String {
    if n > 0 {
        format!("+{n}")
    } else if n < 0 {
        format!("−{}", -n)
    } else {
        "0".to_string()
    }
}

/// The frame of `game` for `viewer`.
pub fn frame<G: Present>(game: &G, viewer: Viewer) -> Frame {
    let step = game.step();
    Frame {
        viewer,
        counters: game.counters(viewer),
        boxes: game.boxes(viewer),
        phases: phases::<G>(step.index),
        turn: step.turn,
        last_turn: step.last_turn,
        phasing: step.side,
        dialog: dialog(game, viewer),
        step_end: game.step_end().map(|e| StepEndButton {
            label: e.label,
            case: e.case,
        }),
        card: game.combat_card(viewer),
        sheets: game.sheets(viewer),
        hex_markers: game.hex_markers(viewer),
        active_hexes: game.active_hexes(viewer),
    }
}

/// The phase bar: the game's sequence of play with the current step marked.
pub fn phases<G: TableGame>(now: usize) -> Vec<PhaseCell> {
    G::SEQUENCE
        .iter()
        .enumerate()
        .map(|(i, s)| PhaseCell {
            name: s.name,
            case: s.case,
            when: match i.cmp(&now) {
                core::cmp::Ordering::Less => When::Done,
                core::cmp::Ordering::Equal => When::Now,
                core::cmp::Ordering::Greater => When::ToCome,
            },
        })
        .collect()
}

/// What the game waits for, as a dialog `viewer` may read.
pub fn dialog<G: Present>(game: &G, viewer: Viewer) -> Dialog {
    match game.pending() {
        Pending::Command { player } => Dialog::Commands { player },
        Pending::Roll {
            player,
            dice,
            purpose,
            case,
            secret,
        } => Dialog::Roll {
            player,
            count: dice.count,
            sides: dice.sides,
            purpose: if secret && viewer != Viewer::Side(player) {
                format!("a secret roll of the {}", G::side_name(player))
            } else {
                game.roll_purpose(purpose, case)
            },
            case,
            secret,
        },
        Pending::DrawChit {
            player,
            cup,
            case,
            chits,
        } => Dialog::Draw {
            player,
            cup,
            case,
            chits: chits.iter().map(|c| game.option_text(c, case)).collect(),
        },
        Pending::Choose {
            player,
            purpose,
            case,
            options,
        } => Dialog::Choose {
            player,
            question: purpose.to_string(),
            case,
            options: options.iter().map(|o| game.option_text(o, case)).collect(),
        },
        Pending::GameOver => Dialog::GameOver,
    }
}

/// The log lines `viewer` may read, oldest first (each after its case, as the engine cited it).
pub fn log<G: TableGame>(log: &[LoggedEvent<G::LogEvent>], viewer: Viewer) -> Vec<LogEntry> {
    log.iter()
        .filter(|l| l.visibility.shows_to(viewer))
        .map(|l| {
            let case = l.event.case();
            let line = l.event.to_string();
            // A game's log line reads "[case] text"; the entry keeps the two apart.
            let text = match line.strip_prefix(&format!("[{case}] ")) {
                Some(t) => t.to_string(),
                None => line,
            };
            LogEntry { case, text }
        })
        .collect()
}

/// Adds a box of counters off the map, unless it is empty (an empty box is not shown).
pub(crate) fn push_box(
    out: &mut Vec<CounterBox>,
    title: String,
    case: Case,
    counters: Vec<CounterFace>,
) {
    if !counters.is_empty() {
        out.push(CounterBox {
            title,
            case,
            counters,
        });
    }
}

/// The counters of each stack in order, with their depths: the helper both adapters use.
pub(crate) fn stacked(
    hex: HexId,
    units: &[UnitId],
    mut face: impl FnMut(UnitId, Option<HexId>, u8) -> Option<CounterFace>,
    out: &mut Vec<CounterFace>,
) {
    let mut depth = 0u8;
    for &u in units {
        if let Some(c) = face(u, Some(hex), depth) {
            out.push(c);
            depth = depth.saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests;
