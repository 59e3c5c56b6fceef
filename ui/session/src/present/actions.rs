//! What the player's selection on the table offers (issue 10's "actions a selected unit or
//! hex offers"): labelled buttons with their rule case, each either a command at once or a
//! command per hex, unit or hexside the player then taps. A game offers only what its engine
//! accepts now, so no button leads to a refusal (each adapter's tests play whole games by
//! these actions alone).

use crate::ruleset::TableGame;
use engine::core::contract::Ruleset;
use engine::core::hex::{Dir, HexId};
use engine::core::protocol::{Case, Input};
use engine::core::units::UnitId;

/// What the player has selected: a hex, and units in it (none: the hex alone, or nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    pub hex: Option<HexId>,
    pub units: Vec<UnitId>,
}

impl Selection {
    pub fn hex(hex: HexId) -> Self {
        Selection {
            hex: Some(hex),
            units: Vec::new(),
        }
    }
    pub fn units(hex: HexId, units: &[UnitId]) -> Self {
        Selection {
            hex: Some(hex),
            units: units.to_vec(),
        }
    }
}

/// A button the selection offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action<C> {
    pub label: String,
    pub case: Case,
    pub then: Then<C>,
}

/// What tapping the button leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then<C> {
    /// The command, sent at once.
    Send(C),
    /// Tap one of these hexes (shaded on the map).
    Hex(Vec<Pick<HexId, C>>),
    /// Tap one of these units.
    Unit(Vec<Pick<UnitId, C>>),
    /// Tap one of the selected hex's six sides.
    Side(Vec<Pick<Dir, C>>),
    /// Tap one of these labelled options (a list in the panel).
    List(Vec<Pick<String, C>>),
    /// Tap one of these hexes: the commands of its route are sent one after another (a move
    /// of several hexes made a hex at a time) while the game waits for commands; a roll or a
    /// question the rules ask on the way (Fortress Berlin 11.2.1) ends the route there.
    Route(Vec<Pick<HexId, Vec<C>>>),
}

impl<C: Clone> Then<C> {
    /// What each tap the action leads to sends: one command, or a route's in order.
    pub fn taps(&self) -> Vec<Vec<C>> {
        fn one<T, C: Clone>(p: &[Pick<T, C>]) -> Vec<Vec<C>> {
            p.iter().map(|p| vec![p.command.clone()]).collect()
        }
        match self {
            Then::Send(c) => vec![vec![c.clone()]],
            Then::Hex(p) => one(p),
            Then::Unit(p) => one(p),
            Then::Side(p) => one(p),
            Then::List(p) => one(p),
            Then::Route(p) => p.iter().map(|p| p.command.clone()).collect(),
        }
    }

    /// Nothing to tap: the action is not worth a button.
    pub fn is_empty(&self) -> bool {
        match self {
            Then::Send(_) => false,
            Then::Hex(p) => p.is_empty(),
            Then::Unit(p) => p.is_empty(),
            Then::Side(p) => p.is_empty(),
            Then::List(p) => p.is_empty(),
            Then::Route(p) => p.is_empty(),
        }
    }
}

/// One target of an action and the command it sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick<T, C> {
    pub target: T,
    pub command: C,
    /// What the target costs or means ("2 MP", "flank"), shown beside it.
    pub detail: String,
}

/// The hexes a headquarters commands, shaded on the map for the selection (an HQ, or a unit
/// out of command and the HQs that could command it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandReach {
    /// Every hex within the radii, each once.
    pub hexes: Vec<HexId>,
    /// The panel's line: whose radius, and the unit's command status, with the case.
    pub text: String,
    pub case: Case,
}

/// A game that offers actions for a selection.
pub trait Offer: super::Present {
    /// The actions `sel` offers now to whoever must act.
    fn actions(&self, sel: &Selection) -> Vec<Action<Self::Command>>;
    /// The command radii to shade for `sel`; none in a game without headquarters.
    fn command_reach(&self, sel: &Selection) -> Option<CommandReach> {
        let _ = sel;
        None
    }
    /// The command that moves the selection one hex, into `to` (a neighbour of its hex), for a
    /// path the player traces with a finger; none in a game that moves no such way. The
    /// engine judges each step when it is sent, so a step the rules forbid is refused with
    /// its case, and the path stops there.
    fn trace_step(&self, sel: &Selection, to: HexId) -> Option<Self::Command> {
        let _ = (sel, to);
        None
    }
}

/// Would the engine take `command` now? Asked on a copy, which a refusal leaves as it was.
pub fn accepts<G: TableGame>(g: &G, command: &G::Command) -> bool {
    let mut copy = g.clone();
    Ruleset::apply(&mut copy, &Input::Command(command.clone())).is_ok()
}

/// An action's picks: the accepted commands among `candidates`. One copy of the game serves
/// every refused candidate (a refusal leaves the game as it was); only an accepted one needs
/// a fresh copy.
pub fn picks<G: TableGame, T>(
    g: &G,
    candidates: impl IntoIterator<Item = (T, G::Command, String)>,
) -> Vec<Pick<T, G::Command>> {
    let mut copy: Option<Box<G>> = None;
    let mut out = Vec::new();
    for (target, command, detail) in candidates {
        let game = copy.get_or_insert_with(|| Box::new(g.clone()));
        if Ruleset::apply(&mut **game, &Input::Command(command.clone())).is_ok() {
            copy = None;
            out.push(Pick {
                target,
                command,
                detail,
            });
        }
    }
    out
}

/// Adds the action unless it leads nowhere.
pub fn push<C: Clone>(out: &mut Vec<Action<C>>, label: &str, case: Case, then: Then<C>) {
    if !then.is_empty() {
        out.push(Action {
            label: label.to_string(),
            case,
            then,
        });
    }
}

/// Adds a button that sends `command` when the engine takes it.
pub fn send<G: TableGame>(
    out: &mut Vec<Action<G::Command>>,
    g: &G,
    label: &str,
    case: Case,
    command: G::Command,
) {
    if accepts(g, &command) {
        push(out, label, case, Then::Send(command));
    }
}
