//! Taps, drags and rows on the map and the unit lists: set-up, movement, traced paths, arrivals, exits.

use super::*;

impl Controller {
    pub(super) fn map_tapped(&mut self, w: &AppWindow, x: f32, y: f32) {
        if std::mem::take(&mut self.sel.just_traced) {
            return;
        }
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_tap(w, f, x, y));
        }
        let Some(hex) = self.layout.hex_at(x, y) else {
            return;
        };
        self.hex_tapped(w, hex);
    }

    /// A tap on a hex: what it means depends on what the engine is waiting for.
    pub(super) fn hex_tapped(&mut self, w: &AppWindow, hex: HexId) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let pending = s.pending();
        let unit_here = g.unit_at(hex);
        match pending {
            Pending::Choose { options, .. } => {
                if let Some(i) = options.iter().position(|o| *o == Choice::Hex(hex)) {
                    self.send(w, Input::Chose(i as u8));
                } else if let Some(i) =
                    unit_here.and_then(|u| options.iter().position(|o| *o == Choice::Unit(u)))
                {
                    self.send(w, Input::Chose(i as u8));
                }
            }
            Pending::Command { player } => match g.state.phase {
                Phase::Setup => self.setup_tap(w, player, hex, unit_here),
                Phase::Movement => self.movement_tap(w, player, hex, unit_here),
                Phase::Combat => self.combat_tap(w, player, hex, unit_here),
                _ => {}
            },
            _ => {}
        }
        self.refresh(w);
    }

    pub(super) fn setup_tap(
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
        match (unit_here, self.sel.unit) {
            (Some(u), Some(sel)) if u == sel => self.sel.unit = None,
            (Some(u), _) if g.side_of(u) == player => self.sel.unit = Some(u),
            (_, Some(u)) => {
                if self.send(w, Input::Command(Command::Place { unit: u, hex })) {
                    // Straight on to the next unit of the step.
                    self.sel.unit = self
                        .session
                        .as_ref()
                        .and_then(|s| s.game().units_to_place().next());
                }
            }
            (_, None) => self.toast(w, "Tap a unit in the list first, then its hex.".to_string()),
        }
    }

    pub(super) fn movement_tap(
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
        self.sel.ubahn_at = None;
        if let Some(u) = self.sel.arriving {
            // A reinforcement from the tray: airland where the engine allows it, else plot a
            // paradrop there; a hex neither allows gets the engine's refusal for airlanding.
            let input = if ask::paradrop_hexes(g, u).contains(&hex)
                && !ask::airland_hexes(g, u).contains(&hex)
            {
                Command::Paradrop { unit: u, hex }
            } else {
                Command::Airland { unit: u, hex }
            };
            if self.send(w, Input::Command(input)) {
                self.sel.arriving = None;
                self.sel.unit = self.session.as_ref().and_then(|s| s.game().unit_at(hex));
                self.sel.reach_for = None;
            }
            return;
        }
        match (unit_here, self.sel.unit) {
            (Some(u), Some(sel)) if u == sel => self.sel.unit = None,
            (Some(u), _) if g.side_of(u) == player => {
                self.sel.unit = Some(u);
                self.sel.reach_for = None;
            }
            (_, Some(u)) => {
                let target = self.sel.reach.iter().find(|r| r.hex == hex).copied();
                if let Some(r) = target.filter(|r| r.underground) {
                    // The cheapest way is underground: ask whether to take the U-Bahn.
                    self.sel.ubahn_at = Some(r);
                    return;
                }
                // Any other hex, even one the engine did not offer: the engine says why not.
                self.move_unit(w, u, hex, false);
            }
            (_, None) => {}
        }
    }

    /// A finger dragged from the selected unit passes over (x, y): the path grows by each
    /// neighbouring hex entered; going back over the previous hex takes the last step back.
    /// Where the path may go is the engine's business when the finger lifts.
    pub(super) fn trace(&mut self, w: &AppWindow, x: f32, y: f32) {
        if let Some(mut any) = self.framed.take() {
            framed::with_framed!(&mut any, |f| self.framed_trace(w, f, x, y));
            self.framed = Some(any);
            return;
        }
        let (Some(s), Some(hex)) = (self.session.as_ref(), self.layout.hex_at(x, y)) else {
            return;
        };
        let Some(start) = self.sel.unit.and_then(|u| s.game().hex_of(u)) else {
            return;
        };
        let geometry = &self.data.map.geometry;
        let max = engine::berlin85::command::MAX_PATH;
        if !super::traced_path::follow(&mut self.sel.trace, geometry, start, hex, max) {
            return;
        }
        let pending = s.pending();
        self.refresh_marks(&pending);
    }

    /// The finger lifted: move along the traced path [5.1] (the engine checks every step).
    pub(super) fn trace_end(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_trace_end(w, f));
        }
        let path = std::mem::take(&mut self.sel.trace);
        let Some(u) = self.sel.unit.filter(|_| !path.is_empty()) else {
            self.refresh(w);
            return;
        };
        self.sel.just_traced = true;
        self.sel.ubahn_at = None;
        self.sel.reach_for = None;
        match heapless::Vec::from_slice(&path) {
            Ok(path) => {
                self.send(
                    w,
                    Input::Command(Command::MovePath {
                        unit: u,
                        path,
                        underground: false,
                    }),
                );
            }
            Err(()) => self.refuse(w, RuleViolation::new("5.1", "the traced path is too long")),
        }
        self.refresh(w);
    }

    /// Sends a move; the unit stays selected (in hand [5.15]) while it can go on moving.
    pub(super) fn move_unit(&mut self, w: &AppWindow, u: UnitId, to: HexId, underground: bool) {
        self.sel.ubahn_at = None;
        self.sel.reach_for = None;
        self.send(
            w,
            Input::Command(Command::Move {
                unit: u,
                to,
                underground,
            }),
        );
    }

    /// The answer to "by U-Bahn?" for the destination the player tapped.
    pub(super) fn move_ubahn(&mut self, w: &AppWindow, underground: bool) {
        if let (Some(u), Some(r)) = (self.sel.unit, self.sel.ubahn_at) {
            self.move_unit(w, u, r.hex, underground);
        }
        self.refresh(w);
    }

    /// A reinforcement in the tray was tapped: show where it may airland or drop.
    pub(super) fn arrival_row(&mut self, w: &AppWindow, unit: i32) {
        let u = UnitId(unit.clamp(0, i32::from(u16::MAX)) as u16);
        self.sel.arriving = if self.sel.arriving == Some(u) {
            None
        } else {
            Some(u)
        };
        self.sel.unit = None;
        self.sel.ubahn_at = None;
        self.refresh(w);
        let first = self.session.as_ref().and_then(|s| {
            let g = s.game();
            ask::airland_hexes(g, u)
                .first()
                .or(ask::paradrop_hexes(g, u).first())
                .copied()
        });
        if let (Some(h), Some(_)) = (first, self.sel.arriving) {
            let (x, y) = self.layout.center(h);
            if !self.hex_in_view(x, y) {
                w.invoke_center_on(x, y);
            }
        }
    }

    /// NATO leaves the map with the selected unit ([21.35] 3); the engine decides if it may.
    pub(super) fn exit_unit(&mut self, w: &AppWindow) {
        if let Some(u) = self.sel.unit {
            if self.send(w, Input::Command(Command::Exit { unit: u })) {
                self.sel.unit = None;
            }
        }
        self.refresh(w);
    }

    pub(super) fn unit_row(&mut self, w: &AppWindow, unit: i32) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_unit_row(f, unit));
        }
        let u = UnitId(unit.clamp(0, i32::from(u16::MAX)) as u16);
        self.sel.unit = if self.sel.unit == Some(u) {
            None
        } else {
            Some(u)
        };
        self.refresh(w);
        if let Some(h) = self.first_legal_hex(u) {
            let (x, y) = self.layout.center(h);
            if !self.hex_in_view(x, y) {
                w.invoke_center_on(x, y);
            }
        }
    }

    pub(super) fn hex_in_view(&self, x: f32, y: f32) -> bool {
        let r = self.view_rect.get();
        let m = self.layout.radius;
        x >= r.x0 + m && x <= r.x1 - m && y >= r.y0 + m && y <= r.y1 - m
    }

    pub(super) fn first_legal_hex(&self, u: UnitId) -> Option<HexId> {
        let s = self.session.as_ref()?;
        let mut hexes = heapless::Vec::<HexId, 1>::new();
        s.game().legal_setup_hexes(u, &mut hexes);
        hexes.first().copied()
    }

    /// Selects the next of the acting player's units (that can move, in the Movement Phase)
    /// and brings it into view.
    pub(super) fn next_unit(&mut self, w: &AppWindow) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let Some(side) = s.pending().player() else {
            return;
        };
        let movement = g.state.phase == Phase::Movement;
        let mine: Vec<(UnitId, HexId)> = g
            .units_on_map()
            .filter(|&(u, _)| g.side_of(u) == side)
            .filter(|&(u, _)| !movement || g.may_move(u).is_ok())
            .collect();
        if mine.is_empty() {
            self.toast(w, "No unit of yours can move now.".to_string());
            return;
        }
        let after = self.sel.unit.map_or(0, |u| u.0 + 1);
        let (u, h) = mine
            .iter()
            .copied()
            .find(|(u, _)| u.0 >= after)
            .unwrap_or(mine[0]);
        self.sel.unit = Some(u);
        self.sel.reach_for = None;
        self.refresh(w);
        let (x, y) = self.layout.center(h);
        w.invoke_center_on(x, y);
    }

    pub(super) fn auto_place(&mut self, w: &AppWindow) {
        if self.framed.is_some() {
            return framed::framed_op!(self, w, |f| self.framed_auto_place(w, f));
        }
        let Some(s) = self.session.as_mut() else {
            return;
        };
        match s.auto_place() {
            Ok(n) => {
                let left = s.game().units_to_place().count();
                let msg = if left == 0 {
                    format!("{n} units placed. Tap Done to finish this set-up step.")
                } else {
                    format!("{n} units placed; {left} have no legal hex left — place them by hand.")
                };
                self.sel.unit = None;
                self.toast(w, msg);
            }
            Err(v) => self.refuse(w, v),
        }
        self.refresh(w);
    }

    /// Set-up: the selected placed unit goes back to the pool [3.0].
    pub(super) fn unplace(&mut self, w: &AppWindow) {
        if let Some(unit) = self.sel.unit {
            self.send(w, Input::Command(Command::Unplace { unit }));
        }
        self.refresh(w);
    }

    /// Set-up: the selected unit's whole division is held back [20.21].
    pub(super) fn withhold(&mut self, w: &AppWindow) {
        if let Some(unit) = self.sel.unit {
            if self.send(w, Input::Command(Command::Withhold { unit })) {
                self.sel.unit = self
                    .session
                    .as_ref()
                    .and_then(|s| s.game().units_to_place().next());
            }
        }
        self.refresh(w);
    }
}
