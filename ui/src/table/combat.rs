//! The combat phase by touch: declaring and withdrawing attacks, allocation, the combat card and its roll.

use super::*;

impl Controller {
    /// A tap on a unit in the Combat Phase: pick attackers and defenders while declaring; add
    /// the tapped artillery's barrage [8.1] or FPF [8.4] to the selected attack; or select the
    /// attack the unit takes part in.
    pub(super) fn combat_tap(
        &mut self,
        w: &AppWindow,
        player: Side,
        hex: HexId,
        unit_here: Option<UnitId>,
    ) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let step = g.combat_step();
        let gas = w.global::<View>().get_gas();
        let Some(u) = unit_here else {
            // Artillery picked with no defender, then an empty hex: a barrage there [8.16].
            if step == CombatStep::Declare
                && player == g.state.phasing
                && !self.sel.attackers.is_empty()
                && self.sel.defenders.is_empty()
            {
                let artillery = std::mem::take(&mut self.sel.attackers);
                for a in artillery {
                    let cmd = Command::BarrageHex {
                        artillery: a,
                        hex,
                        gas,
                    };
                    if !self.send(w, Input::Command(cmd)) {
                        break;
                    }
                }
                w.global::<View>().set_gas(false);
                self.sel.attack = self.session.as_ref().and_then(|s| {
                    s.game()
                        .attacks()
                        .find(|(_, a)| a.empty_hex == Some(hex))
                        .map(|(i, _)| i)
                });
            }
            return;
        };
        if let Some(attack) = self.sel.attack {
            let support = match step {
                CombatStep::Declare if ask::barrage_candidates(g, attack).contains(&u) => {
                    Some(Command::Barrage {
                        artillery: u,
                        attack,
                        gas,
                    })
                }
                CombatStep::Fpf if ask::fpf_candidates(g, attack).contains(&u) => {
                    Some(Command::Fpf {
                        artillery: u,
                        attack,
                        gas,
                    })
                }
                _ => None,
            };
            if let Some(cmd) = support {
                if self.send(w, Input::Command(cmd)) {
                    w.global::<View>().set_gas(false);
                }
                return;
            }
        }
        if step == CombatStep::Declare && player == g.state.phasing {
            let list = if g.side_of(u) == player {
                &mut self.sel.attackers
            } else {
                &mut self.sel.defenders
            };
            if let Some(i) = list.iter().position(|&x| x == u) {
                list.remove(i);
            } else {
                list.push(u);
            }
            self.sel.attack = None;
            self.sel.unit = Some(u);
            return;
        }
        // Otherwise: select the (unresolved) attack this unit is in.
        self.sel.attack = g
            .attacks()
            .find(|(_, a)| !a.resolved && (a.attacking(u) || a.defending(u)))
            .map(|(i, _)| i);
        self.sel.unit = Some(u);
    }

    pub(super) fn declare(&mut self, w: &AppWindow) {
        let mut attackers = heapless::Vec::new();
        let mut defenders = heapless::Vec::new();
        for &u in &self.sel.attackers {
            if attackers.push(u).is_err() {
                return self.refuse(
                    w,
                    RuleViolation::new("7.12", "too many attackers for one attack"),
                );
            }
        }
        for &u in &self.sel.defenders {
            if defenders.push(u).is_err() {
                return self.refuse(
                    w,
                    RuleViolation::new("7.23", "too many defenders for one attack"),
                );
            }
        }
        if self.send(
            w,
            Input::Command(Command::Declare {
                attackers,
                defenders,
            }),
        ) {
            self.sel.attackers.clear();
            self.sel.defenders.clear();
            // The new attack is selected, so barrages and air can be added to it.
            self.sel.attack = self
                .session
                .as_ref()
                .and_then(|s| s.game().attacks().last().map(|(i, _)| i));
        }
        self.refresh(w);
    }

    pub(super) fn clear_selection(&mut self, w: &AppWindow) {
        self.sel = Selection::default();
        self.refresh(w);
    }

    pub(super) fn select_attack(&mut self, w: &AppWindow, i: i32) {
        self.sel.attack = u8::try_from(i).ok();
        self.sel.attackers.clear();
        self.sel.defenders.clear();
        self.refresh(w);
    }

    /// Opens the combat card of announced attack `i`, or (i < 0) of the attack being put
    /// together.
    pub(super) fn open_card(&mut self, w: &AppWindow, i: i32) {
        let v = w.global::<View>();
        self.sel.attack = u8::try_from(i).ok();
        v.set_card_attack_index(i);
        v.set_card_visible(true);
        self.refresh(w);
    }

    pub(super) fn close_card(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_card_done(w, f));
        }
        w.global::<View>().set_card_visible(false);
        self.refresh(w);
    }

    /// Fills the card dialog from the engine's card for the shown attack.
    pub(super) fn refresh_card(&self, w: &AppWindow, view: &GameView<'_>) {
        let v = w.global::<View>();
        if !v.get_card_visible() {
            return;
        }
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let index = u8::try_from(v.get_card_attack_index()).ok();
        let rows = match index {
            Some(i) => g.attacks().find(|(n, _)| *n == i).and_then(|(_, a)| {
                let card = g.combat_card(i)?;
                Some(combat_view::card_rows(
                    g,
                    view,
                    Some(a),
                    &a.attackers,
                    &a.defenders,
                    &card,
                ))
            }),
            None => g
                .preview_attack(&self.sel.attackers, &self.sel.defenders)
                .ok()
                .map(|card| {
                    let mut r = combat_view::card_rows(
                        g,
                        view,
                        None,
                        &self.sel.attackers,
                        &self.sel.defenders,
                        &card,
                    );
                    r.title = format!("Preview: {}", r.title);
                    r
                }),
        };
        let Some(r) = rows else {
            v.set_card_visible(false);
            return;
        };
        v.set_card_title(r.title.into());
        v.set_card_case("7.0".into());
        v.set_card_resolve_text("Resolve: roll the die".into());
        sync(&self.models.card_attack, r.attack);
        v.set_card_attack_total(r.attack_total.into());
        sync(&self.models.card_defense, r.defense);
        v.set_card_defense_total(r.defense_total.into());
        v.set_card_differential(r.differential.into());
        sync(&self.models.card_shifts, r.shifts);
        v.set_card_column_title("Column".into());
        v.set_card_column(r.column.into());
        sync(&self.models.card_faces, r.faces);
        v.set_card_note(r.note.into());
        let resolvable = index.is_some_and(|i| {
            g.combat_step() == CombatStep::Resolve
                && matches!(s.pending(), Pending::Command { player } if player == g.state.phasing)
                && g.attacks().any(|(n, a)| n == i && !a.resolved)
        });
        v.set_card_can_resolve(resolvable);
    }

    pub(super) fn resolve(&mut self, w: &AppWindow, i: i32) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_card_done(w, f));
        }
        let Ok(attack) = u8::try_from(i) else { return };
        self.sel.attack = Some(attack);
        self.send(w, Input::Command(Command::Resolve { attack }));
        w.global::<View>().set_card_visible(false);
        self.refresh(w);
    }

    /// Ground-support points for the selected attack (or its FPF) [9.0]: one more, or every
    /// point the acting side has left.
    pub(super) fn air(&mut self, w: &AppWindow, all: bool) {
        let left = w.global::<View>().get_air_left();
        match self.sel.attack {
            Some(attack) => {
                let points = if all { left.clamp(1, 255) as u8 } else { 1 };
                self.send(w, Input::Command(Command::AirPoints { attack, points }));
            }
            None => self.toast(w, "Select an attack first.".to_string()),
        }
        self.refresh(w);
    }

    /// Takes an announced attack back while declarations are open [7.0]; its air points
    /// return to the pool.
    pub(super) fn undeclare(&mut self, w: &AppWindow, i: i32) {
        if let Ok(attack) = u8::try_from(i) {
            if self.send(w, Input::Command(Command::Undeclare { attack })) {
                self.sel.attack = None;
                self.toast(w, format!("Attack {} withdrawn [7.0].", i + 1));
            }
        }
        self.refresh(w);
    }

    /// The selected NATO artillery interdicts the rail line instead of firing [20.22].
    pub(super) fn interdict(&mut self, w: &AppWindow) {
        if let [artillery] = self.sel.attackers[..] {
            if self.send(w, Input::Command(Command::Interdict { artillery })) {
                self.sel.attackers.clear();
            }
        }
        self.refresh(w);
    }

    /// Combat highlights: the attack being put together, the announced attacks' defenders
    /// (numbered), the selected attack's firing candidates, and units still owed an attack.
    pub(super) fn combat_marks(&self, g: &Game<'_>) -> Vec<HexMark> {
        let mut rows = Vec::new();
        let step = g.combat_step();
        let at = |u: UnitId| g.hex_of(u);
        if step == CombatStep::Declare {
            let (must_attack, must_defend) = ask::mandatory(g);
            for u in must_attack.into_iter().chain(must_defend) {
                if let Some(h) = at(u) {
                    rows.push(self.mark(h, HexMarkKind::OwedAttack, String::new(), "must attack"));
                }
            }
        }
        for (i, a) in g.attacks().filter(|(_, a)| !a.resolved) {
            let chosen = self.sel.attack == Some(i);
            for &d in &a.defenders {
                if let Some(h) = at(d) {
                    rows.push(self.mark(
                        h,
                        HexMarkKind::Target,
                        format!("#{}", i + 1),
                        "attacked hex",
                    ));
                }
            }
            if chosen {
                for &u in &a.attackers {
                    if let Some(h) = at(u) {
                        rows.push(self.mark(
                            h,
                            HexMarkKind::Attacker,
                            String::new(),
                            "attacker hex",
                        ));
                    }
                }
                let firing = match step {
                    CombatStep::Declare => ask::barrage_candidates(g, i),
                    CombatStep::Fpf => ask::fpf_candidates(g, i),
                    _ => Vec::new(),
                };
                for u in firing {
                    if let Some(h) = at(u) {
                        rows.push(self.mark(h, HexMarkKind::Artillery, "fire".into(), "artillery"));
                    }
                }
            }
        }
        for &u in &self.sel.attackers {
            if let Some(h) = at(u) {
                rows.push(self.mark(h, HexMarkKind::Attacker, "A".into(), "attacker hex"));
            }
        }
        for &u in &self.sel.defenders {
            if let Some(h) = at(u) {
                rows.push(self.mark(h, HexMarkKind::Target, "D".into(), "defender hex"));
            }
        }
        rows
    }

    /// The Combat Phase panel for `player`, who must act: the attack being put together with
    /// its previewed column, the announced attacks, support for the selected one, and the
    /// step's closing button.
    pub(super) fn refresh_combat_panel(&self, w: &AppWindow, player: Side, view: &GameView<'_>) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
        let step = g.combat_step();
        let who = side_name(player);
        v.set_panel(Panel::Combat);
        let (title, case, hint) = match step {
            CombatStep::Declare => (
                format!("{who}: declare attacks"),
                "7.0",
                "Tap your attackers, then the enemy units they attack, then Declare. Select an attack to add barrages [8.1] or air [9.0].",
            ),
            CombatStep::Fpf => (
                format!("{who}: final protective fire"),
                "8.4",
                "Select an attack on your units, then tap a yellow artillery unit to fire FPF, or add air points.",
            ),
            CombatStep::Resolve => (
                format!("{who}: resolve attacks"),
                "7.6",
                "Pick the attack to resolve next: Resolve rolls its die.",
            ),
            CombatStep::Reveal => (format!("{who}: untried units"), "11.0", ""),
            CombatStep::Aftermath => (format!("{who}: combat results"), "7.7", ""),
            CombatStep::Done => (
                format!("{who}: combat done"),
                "7.0",
                "Every attack is resolved. End the Combat Phase.",
            ),
        };
        v.set_panel_title(title.into());
        v.set_panel_case(case.into());
        let mut hint = hint.to_string();
        if step == CombatStep::Declare {
            let (must_attack, must_defend) = ask::mandatory(g);
            if !must_attack.is_empty() || !must_defend.is_empty() {
                // First, so the 7" panel's three-line hint never cuts it off.
                hint = format!(
                    "Still owed [7.11]: {} unit(s) must attack, {} enemy unit(s) must be attacked (purple).\n{hint}",
                    must_attack.len(),
                    must_defend.len()
                );
            }
        }
        v.set_panel_hint(hint.into());
        // The attack being put together, with the engine's preview.
        if step == CombatStep::Declare
            && (!self.sel.attackers.is_empty() || !self.sel.defenders.is_empty())
        {
            let names = |us: &[UnitId]| {
                if us.is_empty() {
                    "—".to_string()
                } else {
                    us.iter()
                        .map(|&u| g.def(u).name.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            let preview = if self.sel.attackers.is_empty() || self.sel.defenders.is_empty() {
                String::new()
            } else {
                match g.preview_attack(&self.sel.attackers, &self.sel.defenders) {
                    Ok(card) => format!("\nColumn {}", combat_view::column_text(&card)),
                    Err(e) => format!("\nNot allowed: [{}] {}", e.case, e.reason),
                }
            };
            let empty_hex = if self.sel.defenders.is_empty() {
                "\nOr tap an empty hex to barrage it with the artillery picked [8.16]."
            } else {
                ""
            };
            v.set_declare_text(
                format!(
                    "Attackers: {}\nDefenders: {}{preview}{empty_hex}",
                    names(&self.sel.attackers),
                    names(&self.sel.defenders)
                )
                .into(),
            );
            v.set_gas_available(g.state.options.poison_gas && self.sel.defenders.is_empty());
        }
        v.set_can_declare(!self.sel.attackers.is_empty() && !self.sel.defenders.is_empty());
        if let ([artillery], []) = (&self.sel.attackers[..], &self.sel.defenders[..]) {
            let input = Input::Command(Command::Interdict {
                artillery: *artillery,
            });
            v.set_can_interdict(step == CombatStep::Declare && ask::accepts(g, &input).is_ok());
        }
        let rows = g.attacks().map(|(i, a)| {
            let card = g.combat_card(i);
            let can_resolve =
                step == CombatStep::Resolve && player == g.state.phasing && !a.resolved;
            let can_withdraw = step == CombatStep::Declare
                && player == g.state.phasing
                && ask::accepts(g, &Input::Command(Command::Undeclare { attack: i })).is_ok();
            combat_view::attack_row(g, i, a, card.as_ref(), can_resolve, can_withdraw)
        });
        sync(&self.models.attacks, rows);
        // Support for the selected attack.
        if let Some(i) = self
            .sel
            .attack
            .filter(|_| matches!(step, CombatStep::Declare | CombatStep::Fpf))
        {
            let (fire, n) = if step == CombatStep::Declare {
                ("barrage [8.1]", ask::barrage_candidates(g, i).len())
            } else {
                ("FPF [8.4]", ask::fpf_candidates(g, i).len())
            };
            let air = if view.night {
                0
            } else {
                view.air_points[player.index()]
            };
            v.set_support_text(
                format!(
                    "{n} artillery unit(s) can fire {fire} (yellow on the map). {air} air point(s) left [9.0]."
                )
                .into(),
            );
            v.set_air_left(i32::from(air));
            v.set_gas_available(g.state.options.poison_gas && n > 0);
        }
        v.set_primary_text(g.step_end().map_or(SharedString::new(), |e| e.label.into()));
    }
}
