//! Looking inside a stack by holding a finger on it (3.1, 3.1.5, 3.6): the counters of one's
//! own force in the order its owner set, top first, for as long as the finger stays; of an
//! enemy force only what the viewer may see (its top counter). Nothing changes in the game.

use super::refresh::unit_row;
use super::*;

impl Controller {
    /// A finger held on the map: the stack under it, as the frame shows it to the viewer.
    pub(in crate::table) fn map_held(&mut self, w: &AppWindow, x: f32, y: f32) {
        let Some(any) = self.framed.as_ref() else {
            // Berlin '85 has one unit a hex: holding shows nothing more than a tap.
            return;
        };
        with_framed!(any, |f| self.show_stack(w, f, x, y));
    }

    /// The finger lifts: the stack's inside is hidden again.
    pub(in crate::table) fn map_hold_released(&mut self, w: &AppWindow) {
        w.global::<View>().set_stack_fan_visible(false);
    }

    fn show_stack<G: FramedGame>(&self, w: &AppWindow, f: &Framed<G>, x: f32, y: f32) {
        let (Some(hex), Some(frame)) = (f.layout.hex_at(x, y), f.frame.as_ref()) else {
            return;
        };
        let stack: Vec<_> = frame
            .counters
            .iter()
            .filter(|c| c.hex == Some(hex))
            .collect();
        let Some(top) = stack.first() else {
            return;
        };
        let at = f.hex_label(hex);
        let title = if frame.viewer == Viewer::Side(top.side) {
            format!("Your force in {at}, top first [3.1]")
        } else if top.hides_more {
            format!("Enemy force in {at}: only its top counter is seen [3.1.5]")
        } else {
            format!("{} in {at} [3.1]", G::side_name(top.side))
        };
        sync(
            &self.models.stack_fan,
            stack.iter().map(|c| unit_row(c, &[], String::new())),
        );
        let v = w.global::<View>();
        v.set_stack_fan_title(title.into());
        v.set_stack_fan_visible(true);
    }
}
