//! Every input from the screen, the keys and the buttons goes to the session here; refusals, toasts and secret results are shown.

use super::*;

impl Controller {
    /// Sends one input to the engine; a refusal is shown with its case.
    pub(super) fn send(&mut self, w: &AppWindow, input: Input85) -> bool {
        let Some(s) = self.session.as_mut() else {
            return false;
        };
        let secret = matches!(s.pending(), Pending::Roll { secret: true, .. });
        match s.apply(input) {
            Ok(events) => {
                let v = w.global::<View>();
                v.set_refusal_visible(false);
                // A notice about the last step is stale once the game moves on.
                v.set_toast(SharedString::new());
                if secret {
                    self.show_secret(w, &events);
                }
                true
            }
            Err(v) => {
                self.refuse(w, v);
                false
            }
        }
    }

    pub(super) fn refuse(&mut self, w: &AppWindow, r: RuleViolation) {
        log::info!("refused [{}] {}", r.case, r.reason);
        let v = w.global::<View>();
        v.set_refusal_case(r.case.into());
        v.set_refusal_reason(r.reason.into());
        let rule = rules_ref::lookup(r.case)
            .map(|x| format!("{}: {}", x.title, x.text))
            .unwrap_or_default();
        v.set_refusal_rule(rule.into());
        v.set_refusal_visible(true);
        let weak = w.as_weak();
        self.refusal_timer
            .start(TimerMode::SingleShot, REFUSAL_TIME, move || {
                if let Some(w) = weak.upgrade() {
                    w.global::<View>().set_refusal_visible(false);
                }
            });
    }

    pub(super) fn toast(&mut self, w: &AppWindow, text: String) {
        let v = w.global::<View>();
        v.set_toast(text.into());
        let weak = w.as_weak();
        self.toast_timer
            .start(TimerMode::SingleShot, TOAST_TIME, move || {
                if let Some(w) = weak.upgrade() {
                    w.global::<View>().set_toast(SharedString::new());
                }
            });
    }

    pub(super) fn show_secret(&mut self, w: &AppWindow, events: &[engine::berlin85::Event]) {
        let v = w.global::<View>();
        let mut text: Vec<String> = Vec::new();
        // The dice themselves: the public log words are the same whatever the total [17.0],
        // so only here does the player concerned learn what was rolled.
        if let Some(Input::Rolled(roll)) = self.session.as_ref().and_then(|s| s.inputs().last()) {
            let faces: Vec<String> = roll.values.iter().map(|f| f.to_string()).collect();
            text.push(if faces.len() > 1 {
                format!("Rolled {} = {}.", faces.join(" + "), roll.total())
            } else {
                format!("Rolled {}.", roll.total())
            });
        }
        // What the roll did: the events of its rule (the public start-of-turn events that
        // follow, air points and the like, belong on the log, not behind the hold).
        let major = |c: &str| c.split('.').next().unwrap_or_default().to_string();
        let rule = events.first().map(|e| major(e.case));
        text.extend(
            events
                .iter()
                .filter(|e| Some(major(e.case)) == rule)
                .map(|e| e.to_string()),
        );
        v.set_secret_title("Secret roll".into());
        if text.is_empty() {
            text.push("Rolled.".to_string());
        }
        v.set_secret_text(text.join("\n").into());
        v.set_secret_visible(true);
    }

    pub(super) fn secret_done(&mut self, w: &AppWindow) {
        w.global::<View>().set_secret_visible(false);
        self.refresh(w);
    }

    /// The panel's main button: end the current step.
    pub(super) fn primary(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_primary(w, f));
        }
        let Some(s) = self.session.as_ref() else {
            return;
        };
        // The engine says which command ends the step [3.0], [5.0], [7.0], [8.4].
        let Some(end) = s.game().step_end() else {
            return;
        };
        if self.send(w, Input::Command(end.command)) {
            self.sel = Selection::default();
        }
        self.refresh(w);
    }

    pub(super) fn undo(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_undo(w, f));
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.undo() {
            self.sel = Selection::default();
            self.toast(w, "Undone.".to_string());
        } else {
            self.refuse(
                w,
                RuleViolation::new(
                    "table",
                    "a die roll, a chit drawn or a revealed strength cannot be taken back",
                ),
            );
        }
        self.refresh(w);
    }

    pub(super) fn button(&mut self, w: &AppWindow, b: Button) {
        // The table's buttons and keys act on the game screen only: under the victory screen
        // Undo would take back the input that ended the game (found by the UI monkey).
        if w.global::<View>().get_screen() != Screen::Play {
            return;
        }
        let (wants, header) = if let Some(s) = self.session.as_ref() {
            (Wants::of(&s.pending()), s.header().clone())
        } else if let Some(a) = self.framed.as_ref() {
            framed::with_framed!(a, |f| (
                Wants::of(&f.session.pending()),
                f.session.header().clone()
            ))
        } else {
            return;
        };
        // What a press means, decided here only: by the game's own dice and chit modes (chosen
        // on the start screen, kept in the save header) and what the engine waits for.
        match (b, &wants) {
            (Button::DiceTower, Wants::Roll(_)) if header.dice == Randomness::Digital => {
                self.roll(w)
            }
            (Button::ChitCup, Wants::Draw) if header.chits == Randomness::Digital => self.roll(w),
            // Real dice: each face button enters one die; a face the die does not have is
            // ignored (a d10 reads 0-9, so its tenth face is entered as 0).
            (Button::DieFace(n), Wants::Roll(dice))
                if header.dice == Randomness::Physical && (1..=dice.sides).contains(&n) =>
            {
                let face = if dice.zero_based { n % dice.sides } else { n };
                self.face(w, i32::from(face))
            }
            (Button::Undo, _) => self.undo(w),
            (Button::Confirm, _) => {
                let v = w.global::<View>();
                if v.get_secret_visible() {
                    self.secret_done(w);
                } else if v.get_card_visible() {
                    self.close_card(w);
                }
            }
            // With real dice or chits the keypad and the chit picker are already on screen
            // whenever they are wanted; a press with nothing pending does nothing.
            _ => self.refresh(w),
        }
    }

    pub(super) fn key(&mut self, w: &AppWindow, text: &str) {
        // The keyboard stands in for the table's buttons (`Button::for_key`); Escape closes
        // whatever panel is open.
        match text {
            "\u{1b}" => {
                let v = w.global::<View>();
                v.set_rules_visible(false);
                v.set_log_visible(false);
                v.set_tracks_visible(false);
                v.set_menu_visible(false);
                v.set_card_visible(false);
            }
            t => {
                if let Some(b) = Button::for_key(t) {
                    self.button(w, b);
                }
            }
        }
    }

    pub(super) fn open_rule(&mut self, w: &AppWindow, case: &str) {
        let v = w.global::<View>();
        match rules_ref::lookup(case) {
            Some(r) => {
                v.set_rule_case(r.case.into());
                v.set_rule_title(r.title.into());
                v.set_rule_text(r.text.into());
            }
            None => {
                v.set_rule_case(case.into());
                v.set_rule_title("The table".into());
                v.set_rule_text("This message comes from the table itself (saves, dice, the screen), not from a rule of the game.".into());
            }
        }
        v.set_log_visible(false);
        v.set_rules_visible(true);
    }

    /// Retries a failed save (see [`Session::retry_save`]); the warning stays until it works.
    pub(super) fn retry_save(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_retry_save(f));
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.save_error().is_some() {
            s.retry_save();
            self.refresh(w);
        }
    }
}

/// What a table button may answer: a roll, a draw, or neither.
enum Wants {
    Roll(engine::core::protocol::DiceSpec),
    Draw,
    Other,
}

impl Wants {
    fn of<O>(p: &Pending<O>) -> Self {
        match p {
            Pending::Roll { dice, .. } => Wants::Roll(*dice),
            Pending::DrawChit { .. } => Wants::Draw,
            _ => Wants::Other,
        }
    }
}
