//! The play screen drawn from the presentation model (issues 10 and 12): a game that gives a
//! [`Frame`] and [`Offer`]s actions is played here without the screen knowing which game it is.
//! The map shows the frame's counters as stacks, the side panel the selection's actions with
//! their cases, and the game's pendings become the table's dice, chit and choice dialogs.
//! *Fortress Berlin* plays here; Berlin '85 still has its own controller (the rest of
//! `table`) until its adapter offers actions too.
//!
//! One tap at a time: tap a hex to select the player's units there (or an enemy hex, for what
//! may be done to it), tap a counter row to take a unit alone, tap an action; an action that
//! needs a target shades its hexes on the map or lists its options, and the next tap on one
//! sends the command.

mod card;
mod facing;
pub(crate) mod fortress_game;
pub(crate) mod gates_game;
mod input;
mod refresh;
mod stack_view;
mod trace;

pub(crate) use input::framed_op;
pub(in crate::table) use refresh::save_warning;

use super::*;
use engine::core::hex::Geometry;
use session::present::actions::{Action, Offer, Selection};
use session::present::{Frame, Present};

/// What the framed table needs of a game beyond its presentation: its map and its data.
pub(crate) trait FramedGame: Offer {
    /// The hex grid of the game's map.
    fn geometry(data: &'static Self::Data) -> Geometry;
    /// Hex radius of the map picture, in pixels: the table's own unless the game's map is so
    /// large that its picture at that scale would not fit the memory budget.
    const MAP_RADIUS: f32 = MAP_RADIUS;
    /// Starts drawing the terrain layer of the map at `radius` pixels per hex (on a worker
    /// thread).
    fn terrain(data: &'static Self::Data, radius: f32) -> map_layer::TerrainLayer;
    /// The map's sheets, for the buttons that jump to each: none for a one-sheet map.
    fn map_sheets(data: &'static Self::Data) -> Vec<MapSheet> {
        let _ = data;
        Vec::new()
    }
    /// The game in play, as the table holds "some framed game".
    fn in_play(f: Framed<Self>) -> AnyFramed;
    /// An unfinished game, as the start screen keeps it to resume.
    fn to_resume(r: Resume<Self>) -> AnyResume;
}

/// One sheet of a map of several: its name on its button, its place in the grid of sheets
/// (across, down) and its corner hexes (first column and row, last column and row).
pub(crate) struct MapSheet {
    pub name: &'static str,
    pub across: u8,
    pub down: u8,
    pub first: HexId,
    pub last: HexId,
}

/// A game in play on the framed table.
pub(crate) struct Framed<G: FramedGame> {
    pub(super) session: Session<G>,
    pub(super) layout: MapLayout,
    /// What the player has tapped: a hex, and the units of it taken.
    sel: Selection,
    /// What `sel` offers, as the engine answered after the last input.
    actions: Vec<Action<G::Command>>,
    /// The action waiting for its target (an index into `actions`).
    armed: Option<usize>,
    /// The frame of the last refresh, for the viewer who must act.
    frame: Option<Frame>,
    /// Faces typed on the dice keypad, until the roll's count is reached.
    faces: Vec<u8>,
    /// The player the map last turned to (a hand-over brings his forces into view).
    shown_player: Option<engine::core::side::Side>,
    /// The role of the force a player of the acting side last took in hand: the screen
    /// faces his seat while his side gives commands (`facing`).
    taken: Option<(engine::core::side::Side, &'static str)>,
    /// The combat card was put away at this many inputs (its dice are being rolled).
    card_closed_at: Option<usize>,
    /// The hexes a finger is tracing from the selected force, in order (`trace`).
    trace: Vec<HexId>,
}

impl<G: FramedGame> Framed<G> {
    /// The map's sheets as the map's jump buttons draw them: each one's rectangle on the map
    /// picture, from its corner hexes' centres out by a hex.
    pub(super) fn sheet_rows(&self) -> Vec<MapSheetRow> {
        let r = self.layout.radius;
        G::map_sheets(self.session.data())
            .into_iter()
            .map(|s| {
                let (ax, ay) = self.layout.center(s.first);
                let (bx, by) = self.layout.center(s.last);
                MapSheetRow {
                    name: s.name.into(),
                    across: i32::from(s.across),
                    down: i32::from(s.down),
                    x0: ax.min(bx) - r,
                    y0: ay.min(by) - r,
                    x1: ax.max(bx) + r,
                    y1: ay.max(by) + r,
                }
            })
            .collect()
    }

    pub(super) fn new(session: Session<G>) -> Self {
        let layout = MapLayout::new(G::geometry(session.data()), G::MAP_RADIUS);
        Framed {
            session,
            layout,
            sel: Selection::default(),
            actions: Vec::new(),
            armed: None,
            frame: None,
            faces: Vec::new(),
            shown_player: None,
            taken: None,
            card_closed_at: None,
            trace: Vec::new(),
        }
    }

    /// The hex the map should look at first: the selection, else the acting player's first
    /// counter, else the first target of a set-up.
    pub(super) fn focus(&self) -> Option<HexId> {
        if let Some(h) = self.sel.hex {
            return Some(h);
        }
        let f = self.frame.as_ref()?;
        let player = f.dialog.player();
        f.counters
            .iter()
            .find(|c| Some(c.side) == player && c.hex.is_some())
            .or_else(|| f.counters.iter().find(|c| c.hex.is_some()))
            .and_then(|c| c.hex)
    }

    /// Who the screen is drawn for: the player who must act (hot seat: the others look
    /// away, as they would from his side of the board), everyone once the game is over.
    fn viewer(&self) -> Viewer {
        self.session
            .pending()
            .player()
            .map_or(Viewer::Public, Viewer::Side)
    }

    /// A hex's number as the game's map writes it.
    pub(super) fn hex_label(&self, h: HexId) -> String {
        G::geometry(self.session.data()).format(h).to_string()
    }

    /// The resume record of this game, for the start screen's "Resume".
    pub(super) fn resume(&self) -> Option<Resume<G>> {
        let inputs = self.session.inputs().to_vec();
        let over = matches!(self.session.pending(), Pending::GameOver);
        (!inputs.is_empty() && !over).then(|| Resume {
            header: self.session.header().clone(),
            snapshot: Some((inputs.len(), self.session.game().state().clone())),
            inputs,
        })
    }
}

/// A game the framed table can hold, whichever it is. The table holds one at a time, so the
/// games' different sizes (a few KiB) cost nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyFramed {
    Fortress(Framed<fortress_game::Fortress>),
    Gates(Framed<gates_game::Gates>),
}

/// An unfinished framed game, kept to resume (one at a time, as [`AnyFramed`]).
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyResume {
    Fortress(Resume<fortress_game::Fortress>),
    Gates(Resume<gates_game::Gates>),
}

impl AnyResume {
    /// "Fortress Berlin · 12 moves made", for the start screen's Resume button.
    pub(crate) fn text(&self) -> String {
        let (game, moves) = match self {
            AnyResume::Fortress(r) => (
                engine::core::game_id::GameId::FortressBerlin,
                r.inputs.len(),
            ),
            AnyResume::Gates(r) => (engine::core::game_id::GameId::Gates, r.inputs.len()),
        };
        format!("{} · {moves} moves made", game.title())
    }
}

/// Runs `$body` with `$f` bound to the framed game, whichever game it is.
macro_rules! with_framed {
    ($any:expr, |$f:ident| $body:expr) => {
        match $any {
            $crate::table::framed::AnyFramed::Fortress($f) => $body,
            $crate::table::framed::AnyFramed::Gates($f) => $body,
        }
    };
}
pub(crate) use with_framed;

use engine::core::side::Viewer;
