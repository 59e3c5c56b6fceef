//! The start screen's choice of game: each game's scenarios and optional rules (its ruleset's
//! option list, a one-of option as one switch per value), the header a new game is saved
//! under, and starting a game on the framed table (`framed`).

use super::framed::fortress_game::{self as fb, Fortress};
use super::framed::gates_game::Gates;
use super::framed::{AnyFramed, AnyResume, Framed, FramedGame};
use super::*;
use engine::core::options::OptionInfo;

/// The switches of an option list: a flag is one switch; a one-of option one switch per
/// value, keyed `key=index`, exactly one of them on.
pub(super) fn option_rows(
    options: &[OptionInfo],
    flag_on: impl Fn(&OptionInfo, bool) -> bool,
) -> Vec<OptionRow> {
    let mut rows = Vec::new();
    for o in options {
        match o.kind {
            OptionKind::Flag { default } => rows.push(OptionRow {
                key: o.key.into(),
                label: o.label.into(),
                case: o.case.into(),
                on: flag_on(o, default),
            }),
            OptionKind::OneOf { values, default } => {
                let name = o.key.replace('-', " ");
                for (i, value) in values.iter().enumerate() {
                    rows.push(OptionRow {
                        key: format!("{}={i}", o.key).into(),
                        label: if i == 0 {
                            format!("{name}: {value} ({})", o.label)
                        } else {
                            format!("{name}: {value}")
                        }
                        .into(),
                        case: o.case.into(),
                        on: i == usize::from(default),
                    });
                }
            }
        }
    }
    rows
}

/// The options the switches set, on the ruleset's defaults.
pub(super) fn options_from<G: Ruleset<'static>>(
    rows: impl Iterator<Item = OptionRow>,
) -> G::Options {
    let mut options = G::default_options();
    for row in rows {
        let (key, value) = match row.key.split_once('=') {
            Some((key, i)) if row.on => match i.parse::<u8>() {
                Ok(i) => (key.to_string(), OptionValue::OneOf(i)),
                Err(_) => continue,
            },
            Some(_) => continue,
            None => (row.key.to_string(), OptionValue::Flag(row.on)),
        };
        if let Err(e) = G::set_option(&mut options, &key, value) {
            log::warn!("start screen: option {key}: {e}");
        }
    }
    options
}

impl Controller {
    /// The chosen game's scenarios and optional rules on the start screen.
    pub(super) fn show_game_choice(&self, v: &View<'_>) {
        match self.chosen {
            GameId::FortressBerlin => {
                let rows = option_rows(<Fortress as Ruleset<'static>>::OPTIONS, |_, d| d);
                sync(&self.models.game_options, rows);
                let scenarios = fb::builtin_data()
                    .map(|d| {
                        d.scenarios
                            .iter()
                            .map(|s| ScenarioRow {
                                id: s.id.as_str().into(),
                                name: s.name.as_str().into(),
                                detail: format!("Game-Turns 1–{}", s.last_turn).into(),
                            })
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default();
                sync(&self.models.scenarios, scenarios);
                v.set_scenario(0);
            }
            GameId::Gates => {
                let rows = option_rows(<Gates as Ruleset<'static>>::OPTIONS, |_, d| d);
                sync(&self.models.game_options, rows);
                sync(&self.models.scenarios, scenario_rows::<Gates>());
                v.set_scenario(0);
            }
            GameId::Berlin85 => {
                let rows = option_rows(<Game<'static> as Ruleset<'static>>::OPTIONS, |o, d| {
                    if o.key == contract85::POISON_GAS {
                        self.config.poison_gas
                    } else {
                        d
                    }
                });
                sync(&self.models.game_options, rows);
                sync(
                    &self.models.scenarios,
                    self.data.scenarios.iter().map(|s| ScenarioRow {
                        id: s.id.as_str().into(),
                        name: s.name.as_str().into(),
                        detail: format!("[{}] Game-Turns {}–{}", s.case, s.start_turn, s.end_turn)
                            .into(),
                    }),
                );
                v.set_scenario(0);
            }
        }
        // The scenario the configuration names, in whichever game offers it.
        let pre = self.config.scenario.as_deref().and_then(|id| {
            self.models
                .scenarios
                .iter()
                .position(|s| s.id.as_str() == id)
        });
        if let Some(i) = pre {
            v.set_scenario(i as i32);
        }
        self.show_seat_rows();
    }

    /// A game was tapped on the start screen.
    pub(super) fn choose_game(&mut self, w: &AppWindow, i: i32) {
        let Some(&g) = usize::try_from(i).ok().and_then(|i| GameId::ALL.get(i)) else {
            return;
        };
        if !g.rules_status().playable() {
            return;
        }
        self.chosen = g;
        let v = w.global::<View>();
        v.set_start_message(SharedString::new());
        self.show_game_choice(&v);
    }

    /// The player rows of the chosen game with the options the switches set (a game of more
    /// than two players: where each sits, issue 12).
    pub(super) fn show_seat_rows(&self) {
        match self.chosen {
            GameId::FortressBerlin => self.show_seat_rows_of::<Fortress>(
                &options_from::<Fortress>(self.models.game_options.iter()),
            ),
            GameId::Gates => self.show_seat_rows_of::<Gates>(&options_from::<Gates>(
                self.models.game_options.iter(),
            )),
            GameId::Berlin85 => {
                self.show_seat_rows_of::<Game<'static>>(&options_from::<Game<'static>>(
                    self.models.game_options.iter(),
                ))
            }
        }
    }

    /// Seats, dice and chits as the start screen sets them, on a new game of `G`'s header.
    pub(super) fn table_header<G: session::TableGame>(&self, v: &View<'_>, header: &mut Header) {
        self.seat_header::<G>(v, header);
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
    }

    /// Starts the chosen framed game (Fortress Berlin, the Gates) from the start screen's
    /// choices.
    pub(super) fn start_framed(&mut self, w: &AppWindow) {
        match self.chosen {
            GameId::Gates => self.start_framed_of::<Gates>(w),
            _ => self.start_framed_of::<Fortress>(w),
        }
    }

    fn start_framed_of<G: FramedGame>(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        let data = match G::builtin_data() {
            Ok(d) => d,
            Err(e) => return v.set_start_message(e.into()),
        };
        let Some(sc) = G::scenario(data, v.get_scenario().max(0) as usize) else {
            return;
        };
        let options = options_from::<G>(self.models.game_options.iter());
        let mut header = Header::for_game::<G>(
            sc.id,
            &options,
            self.config.seed.unwrap_or_else(session::clock_seed),
        );
        self.table_header::<G>(&v, &mut header);
        let persist = self.take_persist();
        match Session::<G>::new(data, header, persist) {
            Ok(s) => {
                self.framed_resume = None;
                self.previous = self.resume.take();
                self.begin_framed(w, G::in_play(Framed::new(s)));
            }
            Err(e) => v.set_start_message(e.to_string().into()),
        }
    }

    /// Brings back the unfinished framed game.
    pub(super) fn resume_framed(&mut self, w: &AppWindow) {
        match self.framed_resume.take() {
            Some(AnyResume::Fortress(r)) => self.resume_framed_of::<Fortress>(w, r),
            Some(AnyResume::Gates(r)) => self.resume_framed_of::<Gates>(w, r),
            None => {}
        }
    }

    fn resume_framed_of<G: FramedGame>(&mut self, w: &AppWindow, r: Resume<G>) {
        let data = match G::builtin_data() {
            Ok(d) => d,
            Err(e) => return w.global::<View>().set_start_message(e.into()),
        };
        let persist = self.take_persist();
        match Session::<G>::resume(data, r.header, r.inputs, r.snapshot, persist) {
            Ok((s, report)) => {
                let msg = screens::resume_message(&report);
                self.begin_framed(w, G::in_play(Framed::new(s)));
                self.toast(w, msg);
            }
            Err(e) => w.global::<View>().set_start_message(e.to_string().into()),
        }
    }

    fn begin_framed(&mut self, w: &AppWindow, any: AnyFramed) {
        let v = w.global::<View>();
        framed::with_framed!(&any, |f| {
            let (mw, mh) = f.layout.size();
            v.set_map_width(mw);
            v.set_map_height(mh);
            v.set_hex_radius(f.layout.radius);
            sync(&self.models.map_sheets, f.sheet_rows());
            // Each game's map is drawn once; another game's replaces it.
            let game = game_of(f);
            if self.framed_terrain.as_ref().map(|(g, _)| *g) != Some(game) {
                // The one being replaced gives its pixels back as it goes.
                self.framed_terrain = Some((game, framed_terrain(f)));
            }
            // Only one game's map is kept: Berlin '85's gives its pixels back.
            self.terrain.release();
        });
        let radius = framed::with_framed!(&any, |f| f.layout.radius);
        sync(&self.models.counters, std::iter::empty());
        sync(&self.models.log, std::iter::empty());
        self.framed = Some(any);
        v.set_start_message(SharedString::new());
        v.set_screen(Screen::Play);
        self.refresh(w);
        // A hex as large on the screen in every game, whatever the scale of its picture.
        v.set_zoom(1.6 * MAP_RADIUS / radius);
        let focus = self
            .framed
            .as_ref()
            .and_then(|a| framed::with_framed!(a, |f| f.focus()));
        match focus.zip(self.framed.as_ref()) {
            Some((h, a)) => {
                let (x, y) = framed::with_framed!(a, |f| f.layout.center(h));
                w.invoke_center_on(x, y);
            }
            None => w.invoke_report_view(),
        }
    }

    /// Leaves the framed game for the start screen; an unfinished one is offered to resume.
    pub(super) fn leave_framed(&mut self) {
        let Some(any) = self.framed.take() else {
            return;
        };
        framed::with_framed!(any, |f| {
            self.framed_resume = f.resume().map(to_resume);
            self.persist = Some(f.session.into_persist());
        });
    }

    /// An action of the offer panel.
    pub(super) fn offer_action(&mut self, w: &AppWindow, i: i32) {
        framed::framed_op!(self, w, |f| self.framed_action(w, f, i));
    }

    /// A listed target of the armed action.
    pub(super) fn offer_pick(&mut self, w: &AppWindow, i: i32) {
        framed::framed_op!(self, w, |f| self.framed_pick(w, f, i));
    }
}

/// Which game a framed game is.
fn game_of<G: FramedGame>(_: &Framed<G>) -> GameId {
    G::GAME
}

/// A resume record as the start screen keeps it, whichever game it is.
fn to_resume<G: FramedGame>(r: Resume<G>) -> AnyResume {
    G::to_resume(r)
}

/// The start screen's rows of a game's scenarios, as its ruleset lists them.
fn scenario_rows<G: session::TableGame>() -> Vec<ScenarioRow> {
    let Ok(data) = G::builtin_data() else {
        return Vec::new();
    };
    (0..G::scenario_count(data))
        .filter_map(|i| G::scenario(data, i))
        .map(|s| ScenarioRow {
            id: s.id.into(),
            name: s.name.into(),
            detail: format!("[{}]", s.case).into(),
        })
        .collect()
}

/// The terrain layer of the framed game's map, drawn on a worker thread.
fn framed_terrain<G: FramedGame>(f: &Framed<G>) -> map_layer::TerrainLayer {
    G::terrain(f.session.data(), f.layout.radius)
}
