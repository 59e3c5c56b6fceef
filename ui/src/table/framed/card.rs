//! The combat card on the framed table: a game whose frame carries a card (a combat waiting
//! for its dice) shows it over the dice dialog, in Berlin '85's card component. Its Roll
//! button, or Close, puts it away and leaves the dice dialog (the table's roll, the dice
//! tower, typed dice); the next combat brings its own card. The card's words and numbers are
//! the game's adapter's (`Present::combat_card`); this file only lays them out.

use super::*;
use session::present::CardText;

impl Controller {
    /// Shows the frame's card unless it was put away at this input; the dice dialog waits
    /// under it until it is.
    pub(super) fn framed_card<G: FramedGame>(
        &self,
        w: &AppWindow,
        f: &mut Framed<G>,
        frame: &Frame,
    ) {
        let v = w.global::<View>();
        let at = f.session.inputs().len();
        let Some(card) = frame.card.as_ref() else {
            f.card_closed_at = None;
            if v.get_card_visible() {
                v.set_card_visible(false);
            }
            return;
        };
        if f.card_closed_at == Some(at) {
            v.set_card_visible(false);
            return;
        }
        self.fill_card(w, card);
        v.set_card_visible(true);
        // One thing at a time: the dice come when the card is put away.
        v.set_dialog(Dialog::None);
    }

    /// The card's Roll or Close: the card goes, the dice dialog stays.
    pub(in crate::table) fn framed_card_done<G: FramedGame>(
        &mut self,
        w: &AppWindow,
        f: &mut Framed<G>,
    ) {
        f.card_closed_at = Some(f.session.inputs().len());
        w.global::<View>().set_card_visible(false);
    }

    fn fill_card(&self, w: &AppWindow, c: &CardText) {
        let v = w.global::<View>();
        let row = |(label, value): &(String, String)| TextRow {
            label: label.as_str().into(),
            value: value.as_str().into(),
        };
        v.set_card_title(c.title.as_str().into());
        v.set_card_case(c.case.into());
        v.set_card_resolve_text("Roll".into());
        sync(&self.models.card_attack, c.attack.iter().map(row));
        v.set_card_attack_total(c.attack_total.as_str().into());
        sync(&self.models.card_defense, c.defence.iter().map(row));
        v.set_card_defense_total(c.defence_total.as_str().into());
        v.set_card_differential(c.differential.as_str().into());
        sync(
            &self.models.card_shifts,
            c.shifts.iter().map(|(case, text, shift)| ShiftRow {
                case: (*case).into(),
                text: text.as_str().into(),
                shift: shift.as_str().into(),
            }),
        );
        v.set_card_column_title(c.column_title.into());
        v.set_card_column(c.column.as_str().into());
        sync(
            &self.models.card_faces,
            c.faces.iter().map(|(face, code, text)| DieRow {
                face: face.as_str().into(),
                result: code.as_str().into(),
                detail: text.as_str().into(),
            }),
        );
        v.set_card_note(c.note.as_str().into());
        v.set_card_can_resolve(true);
        v.set_card_attack_index(-1);
    }
}
