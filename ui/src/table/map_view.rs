//! What the map shows: counters, hex markers and highlights, refreshed after every input.

use super::*;

impl Controller {
    /// Turns the table to face the seat at `edge` (the session's seats say which): the
    /// software renderer's turning window (desktop or framebuffer) turns the whole picture;
    /// otherwise the `.slint` turns it (FemtoVG). A renderer that cannot turn stays upright.
    pub(super) fn face_seat(&self, w: &AppWindow, edge: TableEdge) {
        let edge = if self.rotation_available {
            edge
        } else {
            TableEdge::South
        };
        let v = w.global::<View>();
        v.set_rotated(edge != TableEdge::South);
        let by_window = crate::turning::turn_to(edge);
        v.set_turn_degrees(if by_window {
            0
        } else {
            crate::turn::clockwise_degrees(edge)
        });
    }

    pub(super) fn refresh(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        if self.framed.is_some() {
            return framed::framed_op!(self, w);
        }
        v.set_can_load_previous(self.previous.is_some());
        v.set_previous_text(
            self.previous
                .as_ref()
                .map_or(String::new(), |r| resume_text(self.data, r))
                .into(),
        );
        let has_resume = self.resume.is_some() || self.framed_resume.is_some();
        v.set_can_resume(has_resume);
        let resume = match &self.framed_resume {
            Some(r) => r.text(),
            None => self
                .resume
                .as_ref()
                .map_or(String::new(), |r| resume_text(self.data, r)),
        };
        v.set_resume_text(resume.into());
        if self.session.is_some() {
            // Only one game's map is kept: a framed game's is dropped (drawn again if it comes
            // back).
            self.framed_terrain = None;
            if let Some(shown) = self.terrain.install(&self.models.tiles) {
                shown.show_overview(&v);
            }
        }
        let Some(s) = self.session.as_ref() else {
            self.face_seat(w, TableEdge::South);
            return;
        };
        v.set_save_warning(framed::save_warning(s.save_error(), s.unsaved()).into());
        let pending = s.pending();
        let seats = s.header().seats;
        let moving =
            s.game().state.phase == Phase::Movement && matches!(pending, Pending::Command { .. });
        // Hold the selected unit and drag to trace its path.
        let from = self
            .sel
            .unit
            .filter(|_| moving)
            .and_then(|u| s.game().hex_of(u))
            .map(|h| self.layout.center(h));
        v.set_trace_armed(from.is_some());
        if let Some((x, y)) = from {
            v.set_trace_from_x(x);
            v.set_trace_from_y(y);
        }
        match self.sel.unit.filter(|_| moving) {
            Some(u) if self.sel.reach_for != Some(u) => {
                (self.sel.reach, self.sel.reach_refusal) = match ask::reachable(s.game(), u) {
                    Ok(r) => (r, None),
                    Err(e) => (Vec::new(), Some(e)),
                };
                self.sel.reach_for = Some(u);
            }
            Some(_) => {}
            None => {
                self.sel.reach.clear();
                self.sel.reach_refusal = None;
                self.sel.reach_for = None;
            }
        }
        // The view and the pending are worked out once per refresh and handed to every part.
        let view = ask::public_view(s.game());
        self.refresh_counters(&view);
        self.refresh_hex_markers(&view);
        self.refresh_marks(&pending);
        self.refresh_phase_bar(w, &view);
        self.refresh_panel(w, &pending, &view);
        self.refresh_dialogs(w, &pending, &view);
        self.refresh_card(w, &view);
        self.refresh_log();
        self.bring_choice_into_view(w, &pending);
        self.face_seat(w, seats.edge_for(pending.player()));
        if matches!(pending, Pending::GameOver) && v.get_screen() == Screen::Play {
            self.refresh_victory(w);
            v.set_screen(Screen::Victory);
        }
    }

    /// A choice about the map (retreat, advance, displacement): scroll its first hex into
    /// view, once per choice.
    pub(super) fn bring_choice_into_view(
        &mut self,
        w: &AppWindow,
        pending: &engine::berlin85::Pending85,
    ) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let focus = match pending {
            Pending::Choose { options, .. } => options.iter().find_map(|o| match o {
                Choice::Hex(h) => Some(*h),
                Choice::Unit(u) => g.hex_of(*u),
                _ => None,
            }),
            // The Combat Phase opens on the attacks still owed [7.11].
            Pending::Command { .. }
                if g.state.phase == Phase::Combat
                    && g.combat_step() == CombatStep::Declare
                    && self.sel.attackers.is_empty() =>
            {
                ask::mandatory(g).0.first().and_then(|&u| g.hex_of(u))
            }
            _ => None,
        };
        if focus != self.shown_choice {
            self.shown_choice = focus;
            if let Some(h) = focus {
                let (x, y) = self.layout.center(h);
                if !self.hex_in_view(x, y) {
                    w.invoke_center_on(x, y);
                }
            }
        }
    }

    pub(super) fn refresh_counters(&self, view: &GameView<'_>) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let mut seen = vec![false; self.models.counters.row_count()];
        for u in &view.units {
            let i = usize::from(u.id.0);
            let Some(mut row) = self.models.counters.row_data(i) else {
                continue;
            };
            seen[i] = true;
            let old = row.clone();
            let hex = match u.location {
                Location::OnMap(h) => Some(h),
                _ => None,
            };
            row.visible = hex.is_some();
            if let Some(h) = hex {
                let (x, y) = self.layout.center(h);
                row.x = x;
                row.y = y;
                row.label =
                    format!("unit {} in {}", u.name, self.data.map.geometry.format(h)).into();
            } else {
                row.label = format!("unit {}", u.name).into();
            }
            row.factors = session::present::berlin85::factors(u).into();
            row.selected = self.sel.unit == Some(u.id);
            let declared = view.phase == Phase::Combat
                && g.attacks()
                    .any(|(_, a)| !a.resolved && (a.attacking(u.id) || a.defending(u.id)));
            row.role = if self.sel.attackers.contains(&u.id) {
                CounterRole::Attacker
            } else if self.sel.defenders.contains(&u.id) {
                CounterRole::Defender
            } else if declared {
                CounterRole::Declared
            } else if u.moved && u.side == view.phasing && view.phase == Phase::Movement {
                CounterRole::Spent
            } else {
                CounterRole::None
            };
            if row != old {
                self.models.counters.set_row_data(i, row);
            }
        }
        // Units not in this scenario stay off the map.
        for (i, seen) in seen.into_iter().enumerate() {
            if !seen {
                if let Some(mut row) = self.models.counters.row_data(i) {
                    if row.visible {
                        row.visible = false;
                        self.models.counters.set_row_data(i, row);
                    }
                }
            }
        }
    }

    pub(super) fn refresh_hex_markers(&self, view: &GameView<'_>) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let mut rows = self.place_names();
        for hm in &view.markers {
            let (x, y) = self.layout.center(hm.hex);
            for (bit, kind, text) in [
                (Markers::RUIN, MarkerKind::Ruin, "RUIN"),
                (Markers::FIRE, MarkerKind::Fire, "FIRE"),
                (Markers::GAS, MarkerKind::Gas, "GAS"),
            ] {
                if hm.markers.has(bit) {
                    rows.push(MarkerData {
                        x,
                        y: y + self.layout.radius * 0.45,
                        kind,
                        text: text.into(),
                    });
                }
            }
        }
        let geo = &self.data.map.geometry;
        for side in &view.blown_bridges {
            let d = engine::core::hex::Dir::from_index(usize::from(side.dir));
            if let Some(n) = geo.neighbour(side.hex, d) {
                let (ax, ay) = self.layout.center(side.hex);
                let (bx, by) = self.layout.center(n);
                rows.push(MarkerData {
                    x: (ax + bx) / 2.0,
                    y: (ay + by) / 2.0,
                    kind: MarkerKind::BlownBridge,
                    text: "✕".into(),
                });
            }
        }
        // Ground support [9.0] on the attacks not yet resolved: the attacker's points, and
        // the defender's as FPF after a dot.
        for (_, a) in s.game().attacks().filter(|(_, a)| !a.resolved) {
            let Some(h) = a
                .empty_hex
                .or_else(|| a.defenders.first().and_then(|&d| s.game().hex_of(d)))
            else {
                continue;
            };
            if a.air > 0 || a.fpf_air > 0 {
                let (x, y) = self.layout.center(h);
                let text = match a.fpf_air {
                    0 => format!("AIR {}", a.air),
                    f => format!("AIR {}·{f}", a.air),
                };
                rows.push(MarkerData {
                    x,
                    y: y - self.layout.radius * 0.45,
                    kind: MarkerKind::GroundSupport,
                    text: text.into(),
                });
            }
        }
        sync(&self.models.markers, rows);
    }

    pub(super) fn mark(&self, h: HexId, kind: HexMarkKind, text: String, what: &str) -> HexMark {
        let (x, y) = self.layout.center(h);
        let label = format!("{what} {}", self.data.map.geometry.format(h));
        HexMark {
            x,
            y,
            kind,
            text: text.into(),
            label: label.into(),
        }
    }

    pub(super) fn refresh_marks(&self, pending: &engine::berlin85::Pending85) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let mut rows = Vec::new();
        match pending {
            Pending::Choose { options, .. } => {
                if let Some(h) = g.aftermath_subject().and_then(|u| g.hex_of(u)) {
                    rows.push(self.mark(h, HexMarkKind::Selected, String::new(), "subject hex"));
                }
                for o in options {
                    match o {
                        Choice::Hex(h) => rows.push(self.mark(
                            *h,
                            HexMarkKind::Choice,
                            String::new(),
                            "choice hex",
                        )),
                        Choice::Unit(u) => {
                            if let Some(h) = g.hex_of(*u) {
                                rows.push(self.mark(
                                    h,
                                    HexMarkKind::Choice,
                                    String::new(),
                                    "choice unit",
                                ));
                            }
                        }
                        _ => {}
                    }
                }
            }
            Pending::Command { .. } => match g.state.phase {
                Phase::Setup => {
                    if let Some(u) = self.sel.unit {
                        let mut hexes = Box::new(heapless::Vec::<
                            HexId,
                            { engine::core::map::MAX_HEXES },
                        >::new());
                        g.legal_setup_hexes(u, &mut hexes);
                        rows.extend(hexes.iter().map(|&h| {
                            self.mark(h, HexMarkKind::SetUp, String::new(), "set-up hex")
                        }));
                    }
                }
                Phase::Movement => {
                    rows.extend(self.sel.reach.iter().map(|r| {
                        let cost = half_points_text(r.half_points);
                        if r.underground {
                            self.mark(
                                r.hex,
                                HexMarkKind::Reachable,
                                format!("U {cost}"),
                                "reach hex",
                            )
                        } else {
                            self.mark(r.hex, HexMarkKind::Reachable, cost, "reach hex")
                        }
                    }));
                    if let Some(r) = self.sel.ubahn_at {
                        rows.push(self.mark(
                            r.hex,
                            HexMarkKind::Selected,
                            String::new(),
                            "destination",
                        ));
                    }
                    if let Some(u) = self.sel.arriving {
                        let land = ask::airland_hexes(g, u);
                        for h in ask::paradrop_hexes(g, u) {
                            if !land.contains(&h) {
                                rows.push(self.mark(
                                    h,
                                    HexMarkKind::Attacker,
                                    "drop".into(),
                                    "drop hex",
                                ));
                            }
                        }
                        rows.extend(land.iter().map(|&h| {
                            self.mark(h, HexMarkKind::SetUp, "land".into(), "airland hex")
                        }));
                    }
                }
                Phase::Combat => rows.extend(self.combat_marks(g)),
                _ => {}
            },
            _ => {}
        }
        if let Some(h) = self.sel.unit.and_then(|u| g.hex_of(u)) {
            rows.push(self.mark(h, HexMarkKind::Selected, String::new(), "selected hex"));
        }
        // The path being traced, numbered step by step.
        for (i, &h) in self.sel.trace.iter().enumerate() {
            rows.push(self.mark(h, HexMarkKind::Path, (i + 1).to_string(), "path hex"));
        }
        sync(&self.models.marks, rows);
    }
}
