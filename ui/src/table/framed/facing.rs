//! Which edge of the table the framed screen faces (issue 12): the seat that must act, as
//! `session::seating` decides it from the header's places and the game's answering role, and,
//! while a side gives commands, the seat of whoever took a force in hand: the counters'
//! command (`CounterFace::role`, FB 17.2–17.3) says whose it is, and he is the one moving it.

use super::*;
use engine::core::seats::TableEdge;

impl<G: FramedGame> Framed<G> {
    /// The edge to face for `frame` (the frame of the player who must act).
    pub(super) fn facing(&mut self, frame: &Frame) -> TableEdge {
        let player = self.session.pending().player();
        if let Some(side) = player {
            let boxed = frame.boxes.iter().flat_map(|b| b.counters.iter());
            let role = self.sel.units.iter().find_map(|&u| {
                frame
                    .counters
                    .iter()
                    .chain(boxed.clone())
                    .find(|c| c.unit == u && c.side == side)
                    .and_then(|c| c.role)
            });
            if let Some(r) = role {
                self.taken = Some((side, r));
            }
        }
        // A force in hand speaks for its commander only while his side acts.
        if self.taken.is_some_and(|(s, _)| Some(s) != player) {
            self.taken = None;
        }
        session::seating::facing(
            self.session.header(),
            self.session.game(),
            self.taken.map(|(_, r)| r),
        )
    }
}
