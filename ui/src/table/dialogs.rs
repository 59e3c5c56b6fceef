//! Pending rolls, chit draws and choices as dialogs: the dice keypad, the chit picker, the choice list.

use super::*;
use session::present::Present;

impl Controller {
    pub(super) fn choose(&mut self, w: &AppWindow, i: i32) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_choose(w, f, i));
        }
        if let Ok(i) = u8::try_from(i) {
            self.send(w, Input::Chose(i));
        }
        self.refresh(w);
    }

    /// The Roll / Draw button, the 'r' key and the dice-tower button.
    pub(super) fn roll(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_roll(w, f));
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        let secret = matches!(s.pending(), Pending::Roll { secret: true, .. });
        match s.roll_digital() {
            Ok(events) => {
                if secret {
                    self.show_secret(w, &events);
                } else if let Some(e) = events.first() {
                    self.toast(w, e.to_string());
                }
            }
            Err(v) => self.refuse(w, v),
        }
        self.refresh(w);
    }

    /// A face typed on the keypad or pressed on a die-face button.
    pub(super) fn face(&mut self, w: &AppWindow, n: i32) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_face(w, f, n));
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        let Pending::Roll { dice, secret, .. } = s.pending() else {
            return;
        };
        let Ok(n) = u8::try_from(n) else { return };
        self.faces.push(n);
        if self.faces.len() >= usize::from(dice.count) {
            let faces = std::mem::take(&mut self.faces);
            match s.enter_dice(&faces) {
                Ok(events) => {
                    if secret {
                        self.show_secret(w, &events);
                    } else if let Some(e) = events.first() {
                        self.toast(w, e.to_string());
                    }
                }
                Err(v) => self.refuse(w, v),
            }
        }
        self.refresh(w);
    }

    pub(super) fn clear_faces(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_clear_faces(f));
        }
        self.faces.clear();
        self.refresh(w);
    }

    pub(super) fn pick_chit(&mut self, w: &AppWindow, i: i32) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_pick_chit(w, f, i));
        }
        if let Ok(i) = u16::try_from(i) {
            self.send(w, Input::Drew(i));
        }
        self.refresh(w);
    }

    /// An option of a pending choice as its button shows it, worded by the game's adapter
    /// (`session::present`); `case` is the choice's rule.
    pub(super) fn choice_option(&self, o: &Choice, case: &'static str) -> ChoiceOption {
        let text = match self.session.as_ref() {
            Some(s) => Present::option_text(s.game(), o, case),
            None => return ChoiceOption::default(),
        };
        ChoiceOption {
            label: text.label.into(),
            detail: text.detail.into(),
        }
    }

    pub(super) fn refresh_dialogs(
        &self,
        w: &AppWindow,
        pending: &engine::berlin85::Pending85,
        view: &GameView<'_>,
    ) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let v = w.global::<View>();
        match pending {
            Pending::Roll {
                player,
                dice,
                purpose,
                case,
                secret,
            } => {
                v.set_dialog(Dialog::Dice);
                v.set_dice_title(format!("Roll {dice}").into());
                v.set_dice_purpose(Present::roll_purpose(s.game(), purpose, case).into());
                v.set_dice_case((*case).into());
                v.set_dice_who(
                    if *secret {
                        format!(
                            "{} rolls secretly: the other player looks away.",
                            side_name(*player)
                        )
                    } else {
                        format!("{} rolls.", side_name(*player))
                    }
                    .into(),
                );
                v.set_dice_physical(s.header().dice == Randomness::Physical);
                v.set_dice_secret(*secret);
                v.set_dice_count(i32::from(dice.count));
                v.set_dice_sides(i32::from(dice.sides));
                // A secret roll's faces [17.0] are not echoed: a dot for each face typed.
                let entered: Vec<String> = (0..usize::from(dice.count))
                    .map(|i| match self.faces.get(i) {
                        None => "_".to_string(),
                        Some(_) if *secret => "•".to_string(),
                        Some(f) => f.to_string(),
                    })
                    .collect();
                v.set_dice_entered(entered.join("  ").into());
                // The combat die: what each face will do, from the attack's card [7.6].
                let g = s.game();
                let faces = g
                    .state
                    .combat
                    .rolling
                    .filter(|_| g.state.phase == Phase::Combat && *case == "7.6")
                    .and_then(|i| {
                        let a = g.attacks().find(|(n, _)| *n == i)?.1;
                        let card = g.combat_card(i)?;
                        let rows = combat_view::card_rows(
                            g,
                            view,
                            Some(a),
                            &a.attackers,
                            &a.defenders,
                            &card,
                        );
                        v.set_dice_purpose(
                            format!("Combat: {} · column {}", rows.title, rows.column).into(),
                        );
                        Some(rows.faces)
                    })
                    .unwrap_or_default();
                sync(&self.models.dice_faces, faces);
            }
            Pending::DrawChit {
                cup, case, chits, ..
            } => self.show_chit_dialog(
                w,
                cup,
                case,
                s.header().chits == Randomness::Physical,
                chits.iter().map(|c| self.choice_option(c, case)),
            ),
            _ => v.set_dialog(Dialog::None),
        }
    }

    /// The cup dialog of any game: the chits still in `cup`, drawn by the table or picked
    /// after a draw from the real cup (`physical`).
    pub(super) fn show_chit_dialog(
        &self,
        w: &AppWindow,
        cup: &str,
        case: &str,
        physical: bool,
        chits: impl ExactSizeIterator<Item = ChoiceOption>,
    ) {
        let v = w.global::<View>();
        let chits: Vec<ChoiceOption> = chits.collect();
        v.set_dialog(Dialog::Chit);
        v.set_dice_title(format!("Draw from the {cup}").into());
        v.set_dice_purpose(format!("{} chits in the cup.", chits.len()).into());
        v.set_dice_case(case.into());
        v.set_chit_physical(physical);
        sync(&self.models.chit_contents, cup_contents(&chits));
        sync(&self.models.chits, chits);
    }
}

/// The cup's picture: each kind of chit in it (by its label) with its count, in the order of
/// the labels, so the rows tell nothing of the order the chits would come out in.
fn cup_contents(chits: &[ChoiceOption]) -> Vec<TextRow> {
    let mut kinds = std::collections::BTreeMap::<String, usize>::new();
    for c in chits {
        *kinds.entry(short_chit_name(&c.label)).or_default() += 1;
    }
    kinds
        .into_iter()
        .map(|(label, n)| TextRow {
            label: label.as_str().into(),
            value: format!("×{n}").into(),
        })
        .collect()
}

/// A chit's name without the article its button reads with ("the Wind chit": "Wind chit"),
/// so that more of it fits a narrow screen.
fn short_chit_name(label: &str) -> String {
    let bare = label.strip_prefix("the ").unwrap_or(label);
    let mut c = bare.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chit(label: &str) -> ChoiceOption {
        ChoiceOption {
            label: label.into(),
            detail: SharedString::new(),
        }
    }

    #[test]
    fn the_cup_shows_each_kind_of_chit_once_with_its_count() {
        // S3.3.4: the cup is drawn from blind; its picture has counts, not an order.
        let rows = cup_contents(&[
            chit("the Wind chit"),
            chit("1st Guards Division"),
            chit("the Random Event chit"),
            chit("1st Guards Division"),
        ]);
        let rows: Vec<(String, String)> = rows
            .iter()
            .map(|r| (r.label.to_string(), r.value.to_string()))
            .collect();
        assert_eq!(
            rows,
            [
                ("1st Guards Division".to_string(), "×2".to_string()),
                ("Random Event chit".to_string(), "×1".to_string()),
                ("Wind chit".to_string(), "×1".to_string()),
            ]
        );
    }
}
