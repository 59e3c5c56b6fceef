//! What is checked after every gesture and at the end of each game: invariants, resume, what the screen offers, the journal.

use super::*;

impl Monkey<'_> {
    /// After a gesture: the invariants, the state unchanged when nothing was accepted, a
    /// resumed game equal to the one left, and a screen that offers something to do.
    pub(super) fn check(
        &mut self,
        t: &Table,
        before: Option<Before>,
    ) -> Result<(usize, usize), String> {
        let w = t.window();
        let after = t.with_session(|s| s.map(|s| (s.inputs().len(), s.game().clone())));
        let mut counts = (0, 0);
        match (before, after) {
            (Some(b), Some((n, g))) => {
                if n == b.inputs {
                    if !tests::same_state(&b.game.state, &g.state) {
                        return Err(self.fail(format!(
                            "the state changed with no input accepted (turn {} {:?})",
                            g.state.turn, g.state.phase
                        )));
                    }
                } else {
                    tests::check_invariants(&g).map_err(|e| {
                        self.fail(format!(
                            "invariant broken after input {n} (turn {} {:?}): {e}; last input {:?}",
                            g.state.turn,
                            g.state.phase,
                            t.with_session(|s| s.and_then(|s| s.inputs().last().cloned()))
                        ))
                    })?;
                    if n == b.inputs + 1 {
                        self.zoc.check(&b.game, &g).map_err(|e| {
                            self.fail(format!(
                                "after input {n}: {e}; input {:?}",
                                t.with_session(|s| s.and_then(|s| s.inputs().last().cloned()))
                            ))
                        })?;
                    }
                    if n > b.inputs {
                        counts.0 = n - b.inputs;
                    } else {
                        counts.1 = b.inputs - n;
                    }
                    self.plan.clear();
                }
            }
            (Some(b), None) => {
                if !matches!(b.game.pending(), Pending::GameOver) {
                    self.left = Some((b.inputs, b.game.state));
                }
                self.plan.clear();
            }
            (None, Some(_)) => self.check_resumed(t)?,
            (None, None) => {}
        }
        self.check_offers(t, w)?;
        Ok(counts)
    }

    /// The game resumed from the start screen is the one that was left.
    pub(super) fn check_resumed(&mut self, t: &Table) -> Result<(), String> {
        let Some((n, state)) = self.left.take() else {
            return Ok(());
        };
        let same = t.with_session(|s| {
            s.is_some_and(|s| s.inputs().len() == n && tests::same_state(&s.game().state, &state))
        });
        if same {
            Ok(())
        } else {
            Err(self.fail("the resumed game is not the game that was left"))
        }
    }

    /// Whatever the game waits for, the screen offers a way to give it (or shows the victory
    /// screen).
    pub(super) fn check_offers(&self, t: &Table, w: &AppWindow) -> Result<(), String> {
        let v = w.global::<View>();
        let Some(pending) = t.with_session(|s| s.map(|s| s.pending())) else {
            return Ok(());
        };
        let screen = v.get_screen();
        if matches!(pending, Pending::GameOver) {
            return if screen == Screen::Play {
                Err(self.fail("the game is over but the victory screen is not shown"))
            } else {
                Ok(())
            };
        }
        if screen == Screen::Victory {
            return Err(self.fail(format!(
                "the victory screen is shown over a game that goes on: {pending:?} (turn {:?})",
                t.with_session(|s| s.map(|s| (s.game().state.turn, s.game().state.phase)))
            )));
        }
        if screen != Screen::Play {
            return Ok(());
        }
        // What may be scrolled to counts as offered.
        let seen = scan_all(w);
        let offered = |label: &str| {
            seen.iter()
                .any(|s| s.button && s.enabled && s.label == label)
        };
        let starting = |p: &str| {
            seen.iter()
                .any(|s| s.button && s.enabled && s.label.starts_with(p))
        };
        let (ok, what) = if v.get_secret_visible() {
            (offered("Done"), "Done for the secret result")
        } else if v.get_rules_visible()
            || v.get_log_visible()
            || v.get_tracks_visible()
            || v.get_menu_visible()
            || v.get_card_visible()
        {
            (offered("Close"), "Close for the panel on top")
        } else {
            match &pending {
                Pending::Roll { secret, .. } => (
                    v.get_dialog() == Dialog::Dice
                        && if v.get_dice_physical() {
                            starting("keypad ")
                        } else {
                            offered(if *secret { "Roll secretly" } else { "Roll" })
                        },
                    "the dice dialog with a keypad or a Roll button",
                ),
                Pending::DrawChit { chits, .. } => (
                    v.get_dialog() == Dialog::Chit
                        && if v.get_chit_physical() {
                            chits.iter().any(|c| match c {
                                Choice::Strength { attack, defense } => {
                                    offered(&format!("{attack}-{defense}"))
                                }
                                _ => false,
                            })
                        } else {
                            offered("Draw")
                        },
                    "the chit dialog with chits or a Draw button",
                ),
                Pending::Choose { .. } => (starting("option "), "an option of the choice"),
                Pending::Command { .. } => {
                    let primary = v.get_primary_text().to_string();
                    let phase = t.with_session(|s| s.map(|s| s.game().state.phase));
                    (
                        (!primary.is_empty() && offered(&primary))
                            || (phase == Some(Phase::Setup) && offered("Auto-place"))
                            || starting("resolve attack "),
                        "the step's closing button (or an attack to resolve)",
                    )
                }
                Pending::GameOver => (true, ""),
            }
        };
        if ok {
            Ok(())
        } else {
            Err(self.fail(format!(
                "the screen offers nothing to do: no {what} for {pending:?} (phase {:?}); on screen: {:?}",
                t.with_session(|s| s.map(|s| (s.game().state.phase, combat_step(s.game())))),
                labels(w)
            )))
        }
    }

    /// At the end of a game: its journal replays to the same state, through the engine and
    /// through the table's own resume.
    pub(super) fn check_journal(&self, t: &Table) -> Result<(), String> {
        let Some((header, inputs, state)) = t.with_session(|s| {
            s.map(|s| {
                (
                    s.header().clone(),
                    s.inputs().to_vec(),
                    s.game().state.clone(),
                )
            })
        }) else {
            return Ok(());
        };
        let data = ui::builtin_data().map_err(|e| self.fail(e))?;
        let mut g = Game::new(
            data,
            &header.scenario,
            header
                .game_options::<ui::session::ruleset::Berlin85>()
                .expect("the header's options"),
        )
        .map_err(|e| self.fail(format!("{e:?}")))?;
        for (i, input) in inputs.iter().enumerate() {
            g.apply(input).map_err(|e| {
                self.fail(format!(
                    "the journal does not replay: input {i} {input:?} refused [{}] {}",
                    e.case, e.reason
                ))
            })?;
        }
        if !tests::same_state(&g.state, &state) {
            return Err(self.fail(format!(
                "the journal of {} inputs replays to another state",
                inputs.len()
            )));
        }
        let resumed = ui::Session::<ui::session::ruleset::Berlin85>::resume(
            data,
            header,
            inputs.clone(),
            None,
            Box::new(ui::session::NullPersist),
        )
        .map_err(|e| self.fail(format!("the journal does not resume: {e}")))?;
        if !tests::same_state(&resumed.0.game().state, &state) {
            return Err(self.fail(format!(
                "the journal of {} inputs resumes to another state: {:?}",
                inputs.len(),
                resumed.1
            )));
        }
        Ok(())
    }
}
