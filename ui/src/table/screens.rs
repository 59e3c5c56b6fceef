//! The start screen, the About screen, resuming and loading games, the victory screen.

use super::*;

impl Controller {
    pub(super) fn show_screen(&mut self, w: &AppWindow, s: Screen) {
        w.global::<View>().set_screen(s);
        self.refresh(w);
    }

    /// Back from the About screen: into the game if one is being played.
    pub(super) fn close_about(&mut self, w: &AppWindow) {
        let s = if self.session.is_some() {
            Screen::Play
        } else {
            Screen::Start
        };
        self.show_screen(w, s);
    }

    /// A switch of the start screen's optional rules was turned.
    pub(super) fn toggle_option(&mut self, _w: &AppWindow, i: i32, on: bool) {
        let model = &self.models.game_options;
        if let Some(mut row) = usize::try_from(i).ok().and_then(|i| model.row_data(i)) {
            row.on = on;
            model.set_row_data(i as usize, row);
        }
    }

    pub(super) fn start_game(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        let Some(sc) = self.data.scenarios.get(v.get_scenario().max(0) as usize) else {
            return;
        };
        // The switches are the ruleset's own option list, set by key.
        let mut options = <Game<'static> as Ruleset<'static>>::default_options();
        for row in self.models.game_options.iter() {
            if let Err(e) = <Game<'static> as Ruleset<'static>>::set_option(
                &mut options,
                row.key.as_str(),
                OptionValue::Flag(row.on),
            ) {
                log::warn!("start screen: option {}: {e}", row.key);
            }
        }
        let mut header = Header::new(
            sc.id.as_str(),
            options,
            self.config.seed.unwrap_or_else(session::clock_seed),
        );
        header.seats = match v.get_seats() {
            0 => Seats::Opposite,
            1 => Seats::Same,
            3 => Seats::Right,
            4 => Seats::Left,
            _ => Seats::Off,
        };
        header.dice = if v.get_dice() == 1 {
            Randomness::Physical
        } else {
            Randomness::Digital
        };
        header.chits = if v.get_chits() == 1 {
            Randomness::Physical
        } else {
            Randomness::Digital
        };
        let persist = self.take_persist();
        match Session::new(self.data, header, persist) {
            Ok(s) => {
                // The store keeps the game this one replaces as its previous game.
                self.previous = self.resume.take();
                self.begin_session(w, s);
            }
            Err(e) => v.set_start_message(e.to_string().into()),
        }
    }

    pub(super) fn resume_game(&mut self, w: &AppWindow) {
        let Some(r) = self.resume.take() else { return };
        let persist = self.take_persist();
        match Session::resume(self.data, r.header, r.inputs, r.snapshot, persist) {
            Ok((s, report)) => {
                let msg = resume_message(&report);
                self.begin_session(w, s);
                self.toast(w, msg);
            }
            Err(e) => w.global::<View>().set_start_message(e.to_string().into()),
        }
    }

    /// Brings the previous game back; the game it replaces becomes the previous one.
    pub(super) fn load_previous(&mut self, w: &AppWindow) {
        let Some(r) = self.previous.take() else {
            return;
        };
        let persist = self.take_persist();
        match Session::load(self.data, r.header, r.inputs, persist) {
            Ok((s, report)) => {
                self.previous = self.resume.take();
                let msg = format!("Previous game loaded. {}", resume_message(&report));
                self.begin_session(w, s);
                self.toast(w, msg);
            }
            Err(e) => w.global::<View>().set_start_message(e.to_string().into()),
        }
    }

    pub(super) fn take_persist(&mut self) -> Box<dyn Persist> {
        self.persist
            .take()
            .unwrap_or_else(|| Box::new(session::NullPersist))
    }

    pub(super) fn begin_session(&mut self, w: &AppWindow, s: Session) {
        self.session = Some(s);
        self.sel = Selection::default();
        self.faces.clear();
        self.log_shown = 0;
        sync(&self.models.log, std::iter::empty());
        let v = w.global::<View>();
        v.set_start_message(SharedString::new());
        v.set_screen(Screen::Play);
        self.refresh(w);
        // A comfortable zoom: counters big enough to read.
        v.set_zoom(1.6);
        let focus = self.focus_hex();
        if let Some(h) = focus {
            let (x, y) = self.layout.center(h);
            w.invoke_center_on(x, y);
        } else {
            w.invoke_report_view();
        }
    }

    /// Where the map should look first: the first legal set-up hex, or any friendly unit.
    pub(super) fn focus_hex(&self) -> Option<HexId> {
        let s = self.session.as_ref()?;
        let g = s.game();
        if g.state.phase == Phase::Setup {
            let u = g.units_to_place().next()?;
            let mut hexes = heapless::Vec::<HexId, 64>::new();
            g.legal_setup_hexes(u, &mut hexes);
            return hexes.first().copied();
        }
        let side = s.pending().player()?;
        g.units_on_map()
            .find(|&(u, _)| g.side_of(u) == side)
            .map(|(_, h)| h)
    }

    pub(super) fn back_to_start(&mut self, w: &AppWindow) {
        if let Some(s) = self.session.take() {
            let header = s.header().clone();
            let inputs = s.inputs().to_vec();
            let snapshot = Some((inputs.len(), s.game().state.clone()));
            let over = matches!(s.pending(), Pending::GameOver);
            self.persist = Some(s.into_persist());
            if !inputs.is_empty() && !over {
                self.resume = Some(Resume {
                    header,
                    inputs,
                    snapshot,
                });
            }
        }
        let v = w.global::<View>();
        self.face_seat(w, TableEdge::South);
        v.set_dialog(Dialog::None);
        v.set_card_visible(false);
        v.set_secret_visible(false);
        v.set_screen(Screen::Start);
        self.refresh(w);
    }

    pub(super) fn refresh_victory(&mut self, w: &AppWindow) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
        let view = ask::public_view(g);
        let mut rows = Vec::new();
        match &view.outcome {
            Some(o) => {
                v.set_victory_title(o.level.into());
                let why = match o.ending {
                    Ending::CityControlled { turn } => format!("the Warsaw Pact controls West Berlin at the end of Game-Turn {turn} [20.11]"),
                    Ending::Surrender { turn } => format!("NATO surrendered in Game-Turn {turn} [19.1]"),
                    Ending::LastTurn { turn } => format!("Game-Turn {turn}, the last, has been played [{}]", o.case),
                };
                v.set_victory_case(o.case.into());
                v.set_victory_subtitle(format!("{}: {why}", g.scenario().name).into());
                for l in &o.lines {
                    let label = format!("[{}] {} ({})", l.case, l.label, side_name(l.side));
                    let value = format!(
                        "{} × {} = {}",
                        l.count,
                        half_text(l.each_halves),
                        half_text(l.total_halves)
                    );
                    rows.push(TextRow {
                        label: label.into(),
                        value: value.into(),
                    });
                }
                rows.push(TextRow {
                    label: "Warsaw Pact Victory Points".into(),
                    value: half_text(o.wp_vp_halves).into(),
                });
                if o.nato_vp_halves != 0 {
                    rows.push(TextRow {
                        label: "NATO Victory Points".into(),
                        value: half_text(o.nato_vp_halves).into(),
                    });
                }
                if o.stand_in {
                    rows.push(TextRow {
                        label: "A stand-in Victory Point schedule decided this game (see About)"
                            .into(),
                        value: SharedString::new(),
                    });
                }
            }
            None => {
                v.set_victory_title("The game is over".into());
                v.set_victory_subtitle(
                    format!("{} · Game-Turn {}", g.scenario().name, g.state.turn).into(),
                );
            }
        }
        rows.push(TextRow {
            label: "Surrender Points [19.4]".into(),
            value: format!("{:+}", view.surrender_points).into(),
        });
        sync(&self.models.victory, rows);
    }
}

pub(super) fn resume_text(data: &GameData, r: &Resume) -> String {
    let name = data
        .scenario(&r.header.scenario)
        .map_or(r.header.scenario.clone(), |s| s.name.to_string());
    format!("{name} · {} moves made", r.inputs.len())
}

pub(super) fn resume_message(r: &ResumeReport) -> String {
    let data = if r.other_data {
        " The game data changed since it was saved (a club's charts?): every move was replayed with the data in use."
    } else {
        ""
    };
    let said = match (r.dropped, r.first_refusal) {
        (0, _) => format!(
            "Resumed: {} inputs replayed.",
            r.replayed + r.from_snapshot.unwrap_or(0)
        ),
        (n, Some(v)) => {
            format!("Resumed at the last good state; {n} damaged input(s) dropped ({v}).")
        }
        (n, None) => format!("Resumed at the last good state; {n} damaged input(s) dropped."),
    };
    format!("{said}{data}")
}
