//! The side panel, the phase bar and the tracks: whose turn, what the selected unit may do, the turn and victory tracks.

use super::*;

impl Controller {
    pub(super) fn refresh_phase_bar(&self, w: &AppWindow, view: &GameView<'_>) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
        v.set_tracks_available(true);
        // Berlin '85's tracks are its own rows; no other game's records.
        sync(&self.models.track_sections, []);
        let sc = g.scenario();
        let turn = g.state.turn;
        let night = g.is_night();
        v.set_turn_text(format!("Turn {turn}").into());
        v.set_turn_sub(
            format!(
                "of {} · {}",
                sc.end_turn,
                if night { "night" } else { "day" }
            )
            .into(),
        );
        v.set_night(night);
        let side = match (g.state.phase, s.pending().player()) {
            (Phase::Setup, _) => g.setup_side(),
            _ => g.state.phasing,
        };
        v.set_side_text(side_name(side).into());
        v.set_side_color(side_colour(w, side));
        let now = match g.state.phase {
            Phase::Setup => 0,
            Phase::TurnStart | Phase::PlayerTurnStart => 0,
            Phase::Movement => 1,
            Phase::Combat => match g.combat_step() {
                CombatStep::Declare => 2,
                CombatStep::Fpf => 3,
                _ => 4,
            },
            Phase::GameOver => 9,
        };
        let names: &[&str] = if g.state.phase == Phase::Setup {
            &["Set-up", "Move", "Combat"]
        } else {
            &["Start", "Move", "Declare", "FPF", "Resolve"]
        };
        let steps = names.iter().enumerate().map(|(i, n)| PhaseStep {
            name: (*n).into(),
            state: step_state(i.cmp(&now)),
        });
        sync(&self.models.steps, steps);
        let sup = if view.air_superiority == NATO {
            "NATO"
        } else {
            "WP"
        };
        let air = if night {
            format!("Night · sup {sup}")
        } else {
            format!("Air {} · sup {sup}", view.air_points[side.index()])
        };
        v.set_air_text(air.into());
        v.set_sp_text(format!("SP {:+}", view.surrender_points).into());
        self.refresh_tracks(w, view);
    }

    /// The Turn Record Track, the Surrender Point scale and the air status [16.0], [19.4], [9.0].
    pub(super) fn refresh_tracks(&self, w: &AppWindow, view: &GameView<'_>) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
        let sc = g.scenario();
        let tables = &self.data.tables;
        let turns = (sc.start_turn..=sc.end_turn).filter_map(|t| {
            let b = tables.turns.get(usize::from(t).checked_sub(1)?)?;
            Some(TrackBox {
                label: t.to_string().into(),
                detail: format!(
                    "{}{} VP×{}",
                    if b.night { "night · " } else { "" },
                    if b.night {
                        String::new()
                    } else {
                        format!("WP air {} ·", b.wp_air_points)
                    },
                    half_text(i32::from(b.vp_multiple_halves))
                )
                .into(),
                night: b.night,
                state: step_state(t.cmp(&view.turn)),
            })
        });
        sync(&self.models.turn_track, turns);
        v.set_turn_note(
            format!(
                "{}: Game-Turns {}–{}; now Game-Turn {} ({}).",
                sc.name,
                sc.start_turn,
                sc.end_turn,
                view.turn,
                if view.night { "night [16.0]" } else { "day" }
            )
            .into(),
        );
        let sp = view.surrender_points;
        let column = g.honors_column(sp);
        // The scale as the engine reads it: runs of totals that fall in the same column.
        let mut runs: Vec<(i16, i16, Option<usize>)> = Vec::new();
        for total in SP_SCALE {
            let c = g.honors_column(total);
            match runs.last_mut() {
                Some(r) if r.2 == c => r.1 = total,
                _ => runs.push((total, total, c)),
            }
        }
        let boxes = runs.iter().enumerate().map(|(i, &(from, to, c))| TrackBox {
            label: if i + 1 == runs.len() {
                format!("{from}+")
            } else if i == 0 {
                format!("…{to}")
            } else if from == to {
                from.to_string()
            } else {
                format!("{from}…{to}")
            }
            .into(),
            detail: c
                .map_or("no Honors".to_string(), |c| {
                    format!("Honors col. {}", c + 1)
                })
                .into(),
            night: false,
            state: if (from..=to).contains(&sp)
                || (i == 0 && sp < from)
                || (i + 1 == runs.len() && sp > to)
            {
                StepState::Now
            } else if to < sp {
                StepState::Done
            } else {
                StepState::ToCome
            },
        });
        sync(&self.models.sp_track, boxes);
        v.set_sp_note(
            match column {
                Some(c) => format!(
                    "Surrender Points {sp:+}: Honors of War column {} [19.3].",
                    c + 1
                ),
                None => format!("Surrender Points {sp:+}: below the Honors of War table [19.2]."),
            }
            .into(),
        );
        let sup = side_name(view.air_superiority);
        v.set_air_note(
            if view.night {
                format!("Night: no ground-support air points this Game-Turn [16.11]. Air superiority: {sup}.")
            } else {
                format!(
                    "Air points left this Game-Turn: NATO {}, Warsaw Pact {}. Air superiority: {sup} [9.2].",
                    view.air_points[NATO.index()],
                    view.air_points[engine::berlin85::WARSAW_PACT.index()]
                )
            }
            .into(),
        );
    }

    pub(super) fn unit_detail(&self, u: UnitId) -> String {
        let Some(s) = self.session.as_ref() else {
            return String::new();
        };
        let g = s.game();
        let d = g.def(u);
        // Where it stands and what it is first: a short panel elides the formation's name.
        let place = g
            .hex_of(u)
            .map(|h| format!("{} · ", self.data.map.geometry.format(h)))
            .unwrap_or_default();
        let who = match self.data.roster.formations.get(usize::from(d.formation)) {
            Some(f) if d.kind != engine::core::units::UnitKind::Police => {
                format!("{} · {}", counters::kind_name(d.kind), f.name)
            }
            _ => counters::nationality_name(d.nationality).to_string(),
        };
        format!("{place}{who}")
    }

    pub(super) fn refresh_panel(
        &self,
        w: &AppWindow,
        pending: &engine::berlin85::Pending85,
        view: &GameView<'_>,
    ) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
        v.set_can_undo(s.can_undo());
        v.set_show_auto_place(false);
        v.set_declare_text(SharedString::new());
        v.set_support_text(SharedString::new());
        v.set_ubahn_question(SharedString::new());
        v.set_can_exit(false);
        if g.state.phase != Phase::Movement {
            sync(&self.models.arrivals, std::iter::empty());
        }
        v.set_gas_available(false);
        v.set_air_left(0);
        v.set_can_interdict(false);
        v.set_can_unplace(false);
        v.set_withhold_text(SharedString::new());
        v.set_primary_enabled(true);
        v.set_selected_unit(self.sel.unit.map_or(-1, |u| i32::from(u.0)));
        match self.sel.unit {
            Some(u) => {
                v.set_has_selection(true);
                if let Some(c) = self.models.counters.row_data(usize::from(u.0)) {
                    v.set_sel_counter(c);
                }
                v.set_sel_name(g.def(u).name.as_str().into());
                v.set_sel_detail(self.unit_detail(u).into());
            }
            None => v.set_has_selection(false),
        }
        let mut to_place = Vec::new();
        match pending {
            Pending::Command { player } => match g.state.phase {
                Phase::Setup => {
                    v.set_panel(Panel::Setup);
                    v.set_has_selection(false);
                    let left: Vec<UnitId> = g.units_to_place().collect();
                    let case = left
                        .first()
                        .and_then(|&u| g.setup_group_of(u))
                        .map_or("3.0".to_string(), |(_, gr)| gr.case.to_string());
                    v.set_panel_title(format!("{} sets up", side_name(*player)).into());
                    v.set_panel_case(case.into());
                    v.set_panel_hint(
                        if left.is_empty() {
                            "Every unit of this step is placed. Tap Done.".to_string()
                        } else {
                            format!(
                                "{} to place. Tap a unit, then a green hex — or Auto-place.",
                                left.len()
                            )
                        }
                        .into(),
                    );
                    for u in &left {
                        if let Some(c) = self.models.counters.row_data(usize::from(u.0)) {
                            to_place.push(UnitRow {
                                unit: i32::from(u.0),
                                name: g.def(*u).name.as_str().into(),
                                detail: self.unit_detail(*u).into(),
                                counter: c,
                            });
                        }
                    }
                    if let Some(u) = self.sel.unit {
                        v.set_can_unplace(
                            g.hex_of(u).is_some()
                                && ask::accepts(g, &Input::Command(Command::Unplace { unit: u }))
                                    .is_ok(),
                        );
                        if let (Some((_, group)), Ok(())) = (
                            g.setup_group_of(u),
                            ask::accepts(g, &Input::Command(Command::Withhold { unit: u })),
                        ) {
                            v.set_withhold_text(
                                format!(
                                    "Withhold this division ({} units) [20.21]",
                                    group.units.len()
                                )
                                .into(),
                            );
                        }
                    }
                    v.set_show_auto_place(!left.is_empty());
                    v.set_primary_text(step_end_label(g).into());
                    v.set_primary_enabled(left.is_empty());
                }
                Phase::Movement => {
                    v.set_panel(Panel::Movement);
                    v.set_panel_title(format!("{}: Movement", side_name(*player)).into());
                    v.set_panel_case("5.0".into());
                    let hint = match (self.sel.unit, &self.sel.reach_refusal, self.sel.arriving) {
                            (_, _, Some(u)) => format!(
                                "{}: tap a green hex to airland [13.2] or a yellow one to plot a paradrop [18.0].",
                                g.def(u).name
                            ),
                            (Some(u), Some(r), _) => {
                                format!("{} cannot move: [{}] {}.", g.def(u).name, r.case, r.reason)
                            }
                            (Some(u), None, _) => format!(
                                "Tap a shaded hex to move there by the cheapest path (cost in MP; U = by U-Bahn), or hold the unit and drag to trace a path. {} of {} MP spent.",
                                half_points_text(g.spent_half(u)),
                                half_points_text(g.movement_allowance_half(u))
                            ),
                            (None, _, _) => "Tap one of your units to see where it can go.".to_string(),
                        };
                    v.set_panel_hint(hint.into());
                    v.set_ubahn_question(
                        self.sel
                            .ubahn_at
                            .map(|r| {
                                format!(
                                    "To {}: the cheapest way is by U-Bahn ({} MP) [15.0].",
                                    self.data.map.geometry.format(r.hex),
                                    half_points_text(r.half_points)
                                )
                            })
                            .unwrap_or_default()
                            .into(),
                    );
                    v.set_can_exit(
                        self.sel
                            .unit
                            .and_then(|u| g.hex_of(u))
                            .is_some_and(|h| *player == NATO && g.is_exit_edge_hex(h)),
                    );
                    let arrivals = ask::reinforcements(g, *player).into_iter().filter_map(|u| {
                        let c = self.models.counters.row_data(usize::from(u.0))?;
                        Some(UnitRow {
                            unit: i32::from(u.0),
                            name: g.def(u).name.as_str().into(),
                            detail: self.unit_detail(u).into(),
                            counter: c,
                        })
                    });
                    sync(&self.models.arrivals, arrivals);
                    v.set_arriving_unit(self.sel.arriving.map_or(-1, |u| i32::from(u.0)));
                    v.set_primary_text(step_end_label(g).into());
                }
                Phase::Combat => self.refresh_combat_panel(w, *player, view),
                _ => {
                    v.set_panel(Panel::Waiting);
                    v.set_panel_title(side_name(*player).into());
                    v.set_panel_case("4.0".into());
                    v.set_panel_hint(SharedString::new());
                    v.set_primary_text(SharedString::new());
                }
            },
            Pending::Choose {
                player,
                purpose,
                case,
                options,
            } => {
                v.set_panel(Panel::Choose);
                v.set_panel_title(format!("{}: {}", side_name(*player), purpose).into());
                v.set_panel_case((*case).into());
                let any_hex = options.iter().any(|o| matches!(o, Choice::Hex(_)));
                let mut hint = if any_hex {
                    "Tap a choice, or an orange hex on the map.".to_string()
                } else {
                    "Tap a choice.".to_string()
                };
                // A demolition [12.0]: say which bridge or POL hex it is about.
                if let Some(d) = g.current_demolition() {
                    hint = format!(
                        "About {}. {hint}",
                        session::present::berlin85::demolition_place(g, d.target)
                    );
                } else if let Some(u) = g.aftermath_subject() {
                    // The unit that retreats, is displaced or advances [7.7]-[7.9].
                    let at = g
                        .hex_of(u)
                        .map(|h| format!(" in {}", self.data.map.geometry.format(h)))
                        .unwrap_or_default();
                    hint = format!("{}{at}. {hint}", g.def(u).name);
                }
                v.set_panel_hint(hint.into());
                let rows: Vec<ChoiceOption> = options
                    .iter()
                    .map(|o| self.choice_option(o, case))
                    .collect();
                sync(&self.models.options, rows);
                v.set_primary_text(SharedString::new());
            }
            Pending::Roll { player, .. } | Pending::DrawChit { player, .. } => {
                v.set_panel(Panel::Waiting);
                v.set_panel_title(format!("{} rolls", side_name(*player)).into());
                v.set_panel_case(SharedString::new());
                v.set_panel_hint(SharedString::new());
                v.set_primary_text(SharedString::new());
            }
            Pending::GameOver => {
                v.set_panel(Panel::Over);
                v.set_panel_title("The game is over".into());
                v.set_panel_case("20.0".into());
                v.set_panel_hint(SharedString::new());
                v.set_primary_text(SharedString::new());
            }
        }
        sync(&self.models.to_place, to_place);
        if g.state.phase != Phase::Combat {
            sync(&self.models.attacks, std::iter::empty());
        }
        v.set_current_attack(self.sel.attack.map_or(-1, i32::from));
    }
}

pub(super) use session::present::berlin85::half_text;

/// The text of the panel's main button: the engine's name for the command that ends the step.
fn step_end_label(g: &Game<'_>) -> &'static str {
    g.step_end().map_or("", |e| e.label)
}
