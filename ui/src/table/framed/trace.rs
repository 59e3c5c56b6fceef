//! Moving by tracing a path with a finger on the framed table (Fortress Berlin 7.1, as
//! Berlin '85's 5.1): hold the selected force's hex, drag hex by hex, lift. The force moves
//! along exactly the traced hexes, one step command each (`Offer::trace_step`), not by the
//! cheapest route a tap on a shaded hex would take.

use super::*;
use session::present::actions::Then;

/// The longest path a finger traces (more hexes than any force has MP for).
const MAX_TRACE: usize = 64;

impl<G: FramedGame> Framed<G> {
    /// Where a trace may start: the selected hex, when the selection may move (its actions
    /// offer a route).
    pub(super) fn trace_origin(&self) -> Option<HexId> {
        let moves = self
            .actions
            .iter()
            .any(|a| matches!(&a.then, Then::Route(p) if !p.is_empty()));
        self.sel.hex.filter(|_| moves)
    }

    /// The route action's reach, shaded while a path is traced (what the MP allow).
    pub(super) fn route_reach(&self) -> Option<&Action<G::Command>> {
        self.actions
            .iter()
            .find(|a| matches!(&a.then, Then::Route(p) if !p.is_empty()))
    }
}

impl Controller {
    /// The finger passed over (x, y) (map image pixels): the path grows by a neighbouring hex
    /// entered, and going back over the hex before takes the last step back; the map shows
    /// the path when it changed. Where the path may go is the engine's business when the
    /// finger lifts.
    pub(in crate::table) fn framed_trace<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
        x: f32,
        y: f32,
    ) {
        let (Some(start), Some(hex)) = (f.trace_origin(), f.layout.hex_at(x, y)) else {
            return;
        };
        let geometry = G::geometry(f.session.data());
        if crate::table::traced_path::follow(&mut f.trace, &geometry, start, hex, MAX_TRACE) {
            self.refresh_framed(w, f);
        }
    }

    /// The finger lifted: one step command per traced hex, in order, while the game waits for
    /// commands. A step the rules refuse is shown with its case and ends the move there, as
    /// does a roll or a question the rules ask on the way (FB 11.2.1). The force stays
    /// selected where it stopped.
    pub(in crate::table) fn framed_trace_end<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        let path = std::mem::take(&mut f.trace);
        if path.is_empty() {
            return;
        }
        // The lift that ended the trace is not also a tap on the hex under it.
        self.sel.just_traced = true;
        log::info!("[7.1] a traced path of {} hexes", path.len());
        for to in path {
            if !matches!(f.session.pending(), Pending::Command { .. }) {
                break;
            }
            let Some(step) = f.session.game().trace_step(&f.sel, to) else {
                break;
            };
            if !self.framed_send(w, f, Input::Command(step)) {
                break;
            }
            f.sel.hex = Some(to);
        }
        self.framed_keep_selection(f);
    }
}
