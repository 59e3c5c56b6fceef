//! The start screen, the About screen, resuming and loading games, the victory screen.

use super::*;
use session::present::Present;

impl Controller {
    pub(super) fn show_screen(&mut self, w: &AppWindow, s: Screen) {
        w.global::<View>().set_screen(s);
        self.refresh(w);
    }

    /// Back from the About screen: into the game if one is being played.
    pub(super) fn close_about(&mut self, w: &AppWindow) {
        let s = if self.session.is_some() || self.framed.is_some() {
            Screen::Play
        } else {
            Screen::Start
        };
        self.show_screen(w, s);
    }

    /// A switch of the start screen's optional rules was turned.
    pub(super) fn toggle_option(&mut self, _w: &AppWindow, i: i32, on: bool) {
        let model = &self.models.game_options;
        let Some(mut row) = usize::try_from(i).ok().and_then(|i| model.row_data(i)) else {
            return;
        };
        // A value of a one-of option (`key=index`) turns the option's other values off; one
        // of them is always on.
        if let Some((key, _)) = row.key.split_once('=') {
            let prefix = format!("{key}=");
            for j in 0..model.row_count() {
                if let Some(mut other) = model.row_data(j) {
                    if j != i as usize && other.key.starts_with(&prefix) && other.on {
                        other.on = false;
                        model.set_row_data(j, other);
                    }
                }
            }
            row.on = true;
        } else {
            row.on = on;
        }
        model.set_row_data(i as usize, row);
        // The number of players decides the seat rows (FB 17.2, 17.3).
        self.show_seat_rows();
    }

    pub(super) fn start_game(&mut self, w: &AppWindow) {
        if self.chosen != GameId::Berlin85 {
            return self.start_framed(w);
        }
        let v = w.global::<View>();
        let Some(sc) = self.data.scenarios.get(v.get_scenario().max(0) as usize) else {
            return;
        };
        // The switches are the ruleset's own option list, set by key.
        let options = game_choice::options_from::<Game<'static>>(self.models.game_options.iter());
        let mut header = Header::new(
            sc.id.as_str(),
            options,
            self.config.seed.unwrap_or_else(session::clock_seed),
        );
        self.table_header::<Game<'static>>(&v, &mut header);
        let persist = self.take_persist();
        match Session::new(self.data, header, persist) {
            Ok(s) => {
                // The store keeps the game this one replaces as its previous game.
                self.previous = self.resume.take();
                self.framed_resume = None;
                self.begin_session(w, s);
            }
            Err(e) => v.set_start_message(e.to_string().into()),
        }
    }

    pub(super) fn resume_game(&mut self, w: &AppWindow) {
        if self.framed_resume.is_some() {
            return self.resume_framed(w);
        }
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
        self.show_berlin85_map(&w.global::<View>());
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
        self.leave_framed();
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
        show_victory(
            w,
            &self.models.victory,
            Present::victory(g),
            &format!("{} · Game-Turn {}", g.scenario().name, g.state.turn),
        );
    }
}

/// Fills the victory screen from the game's victory text (`session::present`), or says the
/// game is over when it names no result.
pub(super) fn show_victory(
    w: &AppWindow,
    model: &VecModel<TextRow>,
    text: Option<session::present::VictoryText>,
    fallback: &str,
) {
    let v = w.global::<View>();
    match text {
        Some(t) => {
            v.set_victory_title(t.title.into());
            v.set_victory_subtitle(t.subtitle.into());
            v.set_victory_case(t.case.into());
            sync(
                model,
                t.rows.into_iter().map(|(label, value)| TextRow {
                    label: label.into(),
                    value: value.into(),
                }),
            );
        }
        None => {
            v.set_victory_title("The game is over".into());
            v.set_victory_subtitle(fallback.into());
            sync(model, std::iter::empty());
        }
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
