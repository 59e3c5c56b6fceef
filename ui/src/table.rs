//! The view model: turns the session (engine state, pending request, journal) into what the
//! Slint screens show, and turns taps, keys and GPIO buttons into engine inputs. It keeps one
//! long-lived `VecModel` per list and updates them row by row, so Slint never rebuilds the
//! counters or highlights wholesale.

use crate::ask::{self, half_points_text, Reach};
use crate::combat_view;
use crate::counters;
use crate::map_layer::{self, MapLayout};
use crate::rules_ref;
use crate::{
    Actions, AppWindow, AttackRow, ChoiceOption, CounterData, Dialog, DieRow, HexMark, LogLine,
    MapTile, MarkerData, Panel, PhaseStep, RuleRow, ScenarioRow, Screen, ShiftRow, TextRow,
    TrackBox, UnitRow, View,
};
use engine::berlin85::bridges::DemolitionTarget;
use engine::berlin85::combat::CombatStep;
use engine::berlin85::movement::DropStage;
use engine::berlin85::victory::Ending;
use engine::berlin85::{Choice, Command, Game, GameData, Input85, Options, Phase, NATO};
use engine::core::hex::HexId;
use engine::core::map::Markers;
use engine::core::protocol::{Input, Pending, RuleViolation};
use engine::core::side::Side;
use engine::core::units::{Location, UnitId};
use session::{Header, Persist, Randomness, Resume, ResumeReport, Seats, Session};
use slint::{ComponentHandle, Model, ModelRc, SharedString, Timer, TimerMode, VecModel};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

/// Hex radius of the terrain image, in pixels.
pub const MAP_RADIUS: f32 = 28.0;
/// How long a refusal and a toast stay up.
const REFUSAL_TIME: Duration = Duration::from_secs(8);
const TOAST_TIME: Duration = Duration::from_secs(5);
/// Surrender Point totals the track shows (the engine says which Honors column each is in).
const SP_SCALE: std::ops::RangeInclusive<i16> = -10..=60;

/// Which renderer draws the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Renderer {
    /// FemtoVG on a GPU, the software renderer where OpenGL would be a software rasteriser
    /// (`renderer_choice`); FemtoVG falls back to software if it cannot be set up.
    #[default]
    Auto,
    FemtoVg,
    Software,
}

/// How the firmware configures the table.
#[derive(Clone, Debug)]
pub struct UiConfig {
    pub seats: Seats,
    pub dice: Randomness,
    pub chits: Randomness,
    pub renderer: Renderer,
    /// Seed for new games; `None` takes one from the clock.
    pub seed: Option<u64>,
    /// Scenario preselected on the start screen (`"unity"` …).
    pub scenario: Option<String>,
    pub poison_gas: bool,
    /// Go straight back into the saved game instead of showing the start screen.
    pub auto_resume: bool,
    /// Game data (a club's override set); `None` uses the built-in data.
    pub data: Option<&'static GameData>,
    /// Shown on the About screen.
    pub version: String,
}

impl Default for UiConfig {
    fn default() -> Self {
        UiConfig {
            seats: Seats::Opposite,
            dice: Randomness::Digital,
            chits: Randomness::Digital,
            renderer: Renderer::Auto,
            seed: None,
            scenario: None,
            poison_gas: false,
            auto_resume: false,
            data: None,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
    }
}

/// The table's physical buttons (firmware/src/gpio.rs maps its pins onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// The dice-tower button: roll (digital) or open the keypad (physical).
    RollNow,
    OpenKeypad,
    /// The chit-cup button: draw (digital) or open the chit picker (physical).
    DrawNow,
    OpenChitPicker,
    /// A die-face button: one die showing this face.
    EnterDieFace(u8),
    Confirm,
    Undo,
}

impl Button {
    /// (code, face) as passed through the `gpio` callback.
    pub fn code(self) -> (i32, i32) {
        match self {
            Button::RollNow => (0, 0),
            Button::OpenKeypad => (1, 0),
            Button::DrawNow => (2, 0),
            Button::OpenChitPicker => (3, 0),
            Button::EnterDieFace(n) => (4, i32::from(n)),
            Button::Confirm => (5, 0),
            Button::Undo => (6, 0),
        }
    }

    pub fn from_code(code: i32, face: i32) -> Option<Button> {
        Some(match code {
            0 => Button::RollNow,
            1 => Button::OpenKeypad,
            2 => Button::DrawNow,
            3 => Button::OpenChitPicker,
            4 => Button::EnterDieFace(u8::try_from(face).ok()?),
            5 => Button::Confirm,
            6 => Button::Undo,
            _ => return None,
        })
    }
}

/// Sends button presses into the UI thread; `Send`, so the GPIO thread can own one.
#[derive(Clone)]
pub struct ButtonSender(slint::Weak<AppWindow>);

impl ButtonSender {
    /// Queues a press; returns false once the window is gone.
    pub fn send(&self, b: Button) -> bool {
        let (code, face) = b.code();
        self.0
            .upgrade_in_event_loop(move |w| w.global::<Actions>().invoke_gpio(code, face))
            .is_ok()
    }
}

/// Replaces the rows of `model` with `rows`, touching only rows that changed.
pub(crate) fn sync<T: Clone + PartialEq + 'static>(
    model: &VecModel<T>,
    rows: impl IntoIterator<Item = T>,
) {
    let mut n = 0;
    for (i, row) in rows.into_iter().enumerate() {
        if i < model.row_count() {
            if model.row_data(i).as_ref() != Some(&row) {
                model.set_row_data(i, row);
            }
        } else {
            model.push(row);
        }
        n = i + 1;
    }
    while model.row_count() > n {
        model.remove(model.row_count() - 1);
    }
}

fn model<T: Clone + 'static>() -> Rc<VecModel<T>> {
    Rc::new(VecModel::default())
}

fn side_colour(s: Side) -> slint::Color {
    if s == NATO {
        slint::Color::from_rgb_u8(0x3a, 0x7b, 0xd5)
    } else {
        slint::Color::from_rgb_u8(0xc8, 0x45, 0x3a)
    }
}

fn side_name(s: Side) -> &'static str {
    engine::berlin85::state::side_name(s)
}

/// Every list the screens show, each a long-lived model.
struct Models {
    scenarios: Rc<VecModel<ScenarioRow>>,
    tiles: Rc<VecModel<MapTile>>,
    counters: Rc<VecModel<CounterData>>,
    marks: Rc<VecModel<HexMark>>,
    markers: Rc<VecModel<MarkerData>>,
    steps: Rc<VecModel<PhaseStep>>,
    to_place: Rc<VecModel<UnitRow>>,
    attacks: Rc<VecModel<AttackRow>>,
    options: Rc<VecModel<ChoiceOption>>,
    dice_faces: Rc<VecModel<DieRow>>,
    chits: Rc<VecModel<ChoiceOption>>,
    card_attack: Rc<VecModel<TextRow>>,
    card_defense: Rc<VecModel<TextRow>>,
    card_shifts: Rc<VecModel<ShiftRow>>,
    card_faces: Rc<VecModel<DieRow>>,
    log: Rc<VecModel<LogLine>>,
    rules: Rc<VecModel<RuleRow>>,
    victory: Rc<VecModel<TextRow>>,
    stand_ins: Rc<VecModel<SharedString>>,
    turn_track: Rc<VecModel<TrackBox>>,
    arrivals: Rc<VecModel<UnitRow>>,
    sp_track: Rc<VecModel<TrackBox>>,
}

impl Models {
    fn new() -> Self {
        Models {
            scenarios: model(),
            tiles: model(),
            counters: model(),
            marks: model(),
            markers: model(),
            steps: model(),
            to_place: model(),
            attacks: model(),
            options: model(),
            dice_faces: model(),
            chits: model(),
            card_attack: model(),
            card_defense: model(),
            card_shifts: model(),
            card_faces: model(),
            log: model(),
            rules: model(),
            victory: model(),
            stand_ins: model(),
            turn_track: model(),
            arrivals: model(),
            sp_track: model(),
        }
    }

    fn install(&self, v: &View<'_>) {
        v.set_scenarios(ModelRc::from(self.scenarios.clone()));
        v.set_tiles(ModelRc::from(self.tiles.clone()));
        v.set_counters(ModelRc::from(self.counters.clone()));
        v.set_marks(ModelRc::from(self.marks.clone()));
        v.set_markers(ModelRc::from(self.markers.clone()));
        v.set_steps(ModelRc::from(self.steps.clone()));
        v.set_to_place(ModelRc::from(self.to_place.clone()));
        v.set_attacks(ModelRc::from(self.attacks.clone()));
        v.set_options(ModelRc::from(self.options.clone()));
        v.set_dice_faces(ModelRc::from(self.dice_faces.clone()));
        v.set_chit_options(ModelRc::from(self.chits.clone()));
        v.set_card_attack(ModelRc::from(self.card_attack.clone()));
        v.set_card_defense(ModelRc::from(self.card_defense.clone()));
        v.set_card_shifts(ModelRc::from(self.card_shifts.clone()));
        v.set_card_faces(ModelRc::from(self.card_faces.clone()));
        v.set_log(ModelRc::from(self.log.clone()));
        v.set_rules_index(ModelRc::from(self.rules.clone()));
        v.set_victory_rows(ModelRc::from(self.victory.clone()));
        v.set_stand_ins(ModelRc::from(self.stand_ins.clone()));
        v.set_turn_track(ModelRc::from(self.turn_track.clone()));
        v.set_arrivals(ModelRc::from(self.arrivals.clone()));
        v.set_sp_track(ModelRc::from(self.sp_track.clone()));
    }
}

/// What the player has picked on the map but not yet sent to the engine.
#[derive(Default)]
struct Selection {
    unit: Option<UnitId>,
    attackers: Vec<UnitId>,
    defenders: Vec<UnitId>,
    attack: Option<u8>,
    /// Where `unit` may move, as the engine answered for `reach_for` (or why it may not).
    reach: Vec<Reach>,
    reach_for: Option<UnitId>,
    reach_refusal: Option<RuleViolation>,
    /// A destination reachable by U-Bahn: the player is asked how to go [15.0].
    ubahn_at: Option<Reach>,
    /// A reinforcement picked from the tray, to airland [13.2] or paradrop [18.0].
    arriving: Option<UnitId>,
    /// The path a finger is tracing from the selected unit (its hex not included).
    trace: Vec<HexId>,
    /// A trace just ended: the lift that ended it is not also a tap.
    just_traced: bool,
}

/// The visible part of the map, reported by the map and applied by a timer (hex numbers).
#[derive(Clone, Copy, Default)]
struct ViewRect {
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

struct Controller {
    data: &'static GameData,
    config: UiConfig,
    persist: Option<Box<dyn Persist>>,
    resume: Option<Resume>,
    /// The game before the current one, offered on the start screen.
    previous: Option<Resume>,
    session: Option<Session>,
    layout: MapLayout,
    /// The terrain tiles, drawn on a worker thread while the start screen shows.
    terrain: map_layer::TerrainLayer,
    models: Models,
    sel: Selection,
    faces: Vec<u8>,
    log_shown: usize,
    rotation_available: bool,
    renderer: &'static str,
    refusal_timer: Timer,
    toast_timer: Timer,
    view_rect: Rc<Cell<ViewRect>>,
    /// The hex a pending choice is about, once brought into view (so it happens once).
    shown_choice: Option<HexId>,
}

/// The table: the window and its view model.
pub struct Table {
    window: AppWindow,
    ctl: Rc<RefCell<Controller>>,
    _probe: Option<Timer>,
    /// Retries a failed save every few seconds until the whole journal is durable again.
    _save_retry: Timer,
}

/// See [`Table::pending_watch`].
pub struct PendingWatch(std::rc::Weak<RefCell<Controller>>);

impl PendingWatch {
    pub fn pending(&self) -> Option<engine::berlin85::Pending85> {
        let ctl = self.0.upgrade()?;
        let c = ctl.try_borrow().ok()?;
        c.session.as_ref().map(|s| s.pending())
    }
}

/// How often a failed save is retried when no input comes to retry it.
const SAVE_RETRY: std::time::Duration = std::time::Duration::from_secs(5);

impl Table {
    /// Builds the window and its view model (the Slint platform must be selected first; see
    /// [`crate::select_backend`]).
    pub fn new(
        config: UiConfig,
        data: &'static GameData,
        persist: Box<dyn Persist>,
        resume: Option<Resume>,
        renderer: &'static str,
    ) -> Result<Table, slint::PlatformError> {
        let window = AppWindow::new()?;
        let layout = MapLayout::new(data.map.geometry, MAP_RADIUS);
        let auto_resume = config.auto_resume && resume.is_some();
        let ctl = Controller {
            data,
            config,
            persist: Some(persist),
            resume,
            previous: None,
            session: None,
            layout,
            terrain: map_layer::TerrainLayer::start(layout, data),
            models: Models::new(),
            sel: Selection::default(),
            faces: Vec::new(),
            log_shown: 0,
            rotation_available: renderer != "software",
            renderer,
            refusal_timer: Timer::default(),
            toast_timer: Timer::default(),
            view_rect: Rc::new(Cell::new(ViewRect::default())),
            shown_choice: None,
        };
        let ctl = Rc::new(RefCell::new(ctl));
        {
            let mut c = ctl.borrow_mut();
            c.install(&window);
            c.refresh(&window);
        }
        let probe = crate::probe::start(&window);
        let save_retry = Timer::default();
        {
            let (ctl, window) = (Rc::downgrade(&ctl), window.as_weak());
            save_retry.start(TimerMode::Repeated, SAVE_RETRY, move || {
                if let (Some(c), Some(w)) = (ctl.upgrade(), window.upgrade()) {
                    c.borrow_mut().retry_save(&w);
                }
            });
        }
        let table = Table {
            window,
            ctl,
            _probe: probe,
            _save_retry: save_retry,
        };
        table.wire();
        if auto_resume {
            table.window.global::<Actions>().invoke_resume_game();
        }
        Ok(table)
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// A handle the GPIO thread can send button presses through.
    pub fn button_sender(&self) -> ButtonSender {
        ButtonSender(self.window.as_weak())
    }

    /// A handle that tells, from a timer on the UI thread, what the game is waiting for (the
    /// firmware's LEDs); `None` between games or once the table is gone.
    pub fn pending_watch(&self) -> PendingWatch {
        PendingWatch(Rc::downgrade(&self.ctl))
    }

    /// Tries a failed save again now (the timer does this every few seconds).
    pub fn retry_save(&self) {
        self.ctl.borrow_mut().retry_save(&self.window);
    }

    /// A table button was pressed (on the UI thread).
    pub fn on_button(&self, b: Button) {
        self.ctl.borrow_mut().button(&self.window, b);
    }

    /// Shows the window and runs the event loop until it is closed.
    pub fn run(&self) -> Result<(), slint::PlatformError> {
        self.window.run()
    }

    /// Reads the current session (tests, the firmware's status line).
    pub fn with_session<R>(&self, f: impl FnOnce(Option<&Session>) -> R) -> R {
        f(self.ctl.borrow().session.as_ref())
    }

    /// Offers the game before the current one on the start screen ("Previous game").
    pub fn offer_previous(&self, r: Resume) {
        let mut c = self.ctl.borrow_mut();
        c.previous = Some(r);
        c.refresh(&self.window);
    }

    /// Scrolls the map so `hex` is in the middle of the view.
    pub fn center_on_hex(&self, hex: HexId) {
        let (x, y) = self.ctl.borrow().layout.center(hex);
        self.window.invoke_center_on(x, y);
    }

    /// The map image point of a hex centre.
    pub fn hex_center(&self, hex: HexId) -> (f32, f32) {
        self.ctl.borrow().layout.center(hex)
    }

    fn wire(&self) {
        let a = self.window.global::<Actions>();
        let weak = self.window.as_weak();
        let ctl = Rc::downgrade(&self.ctl);
        // Every callback: borrow the controller, act, refresh what changed.
        macro_rules! on {
            ($setter:ident, |$c:ident, $w:ident $(, $arg:ident)*| $body:expr) => {{
                let weak = weak.clone();
                let ctl = ctl.clone();
                a.$setter(move |$($arg),*| {
                    let (Some($w), Some(ctl)) = (weak.upgrade(), ctl.upgrade()) else { return };
                    let Ok(mut $c) = ctl.try_borrow_mut() else { return };
                    $body;
                });
            }};
        }
        on!(on_start_game, |c, w| c.start_game(&w));
        on!(on_resume_game, |c, w| c.resume_game(&w));
        on!(on_load_previous, |c, w| c.load_previous(&w));
        on!(on_show_about, |c, w| c.show_screen(&w, Screen::About));
        on!(on_back_to_start, |c, w| c.back_to_start(&w));
        on!(on_close_about, |c, w| c.close_about(&w));
        on!(on_map_tapped, |c, w, x, y| c.map_tapped(&w, x, y));
        on!(on_trace, |c, w, x, y| c.trace(&w, x, y));
        on!(on_trace_end, |c, w| c.trace_end(&w));
        on!(on_unit_row, |c, w, u| c.unit_row(&w, u));
        on!(on_auto_place, |c, w| c.auto_place(&w));
        on!(on_next_unit, |c, w| c.next_unit(&w));
        on!(on_primary, |c, w| c.primary(&w));
        on!(on_undo, |c, w| c.undo(&w));
        on!(on_declare, |c, w| c.declare(&w));
        on!(on_clear_selection, |c, w| c.clear_selection(&w));
        on!(on_select_attack, |c, w, i| c.select_attack(&w, i));
        on!(on_open_card, |c, w, i| c.open_card(&w, i));
        on!(on_close_card, |c, w| c.close_card(&w));
        on!(on_resolve, |c, w, i| c.resolve(&w, i));
        on!(on_air_plus, |c, w| c.air(&w, false));
        on!(on_air_all, |c, w| c.air(&w, true));
        on!(on_undeclare, |c, w, i| c.undeclare(&w, i));
        on!(on_interdict, |c, w| c.interdict(&w));
        on!(on_unplace, |c, w| c.unplace(&w));
        on!(on_withhold, |c, w| c.withhold(&w));
        on!(on_choose, |c, w, i| c.choose(&w, i));
        on!(on_roll, |c, w| c.roll(&w));
        on!(on_face, |c, w, n| c.face(&w, n));
        on!(on_clear_faces, |c, w| c.clear_faces(&w));
        on!(on_draw, |c, w| c.roll(&w));
        on!(on_pick_chit, |c, w, i| c.pick_chit(&w, i));
        on!(on_secret_done, |c, w| c.secret_done(&w));
        on!(on_open_rule, |c, w, case| c.open_rule(&w, &case));
        on!(on_key, |c, w, text| c.key(&w, &text));
        on!(on_gpio, |c, w, code, face| {
            if let Some(b) = Button::from_code(code, face) {
                c.button(&w, b)
            }
        });
        on!(on_move_ubahn, |c, w, underground| c
            .move_ubahn(&w, underground));
        on!(on_arrival_row, |c, w, u| c.arrival_row(&w, u));
        on!(on_exit_unit, |c, w| c.exit_unit(&w));
        // The map reports every pan and zoom (for "is this hex in view").
        let rect = self.ctl.borrow().view_rect.clone();
        a.on_view_changed(move |x0, y0, x1, y1, _zoom| rect.set(ViewRect { x0, y0, x1, y1 }));
    }
}

impl Controller {
    fn install(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        self.models.install(&v);
        let (mw, mh) = self.layout.size();
        v.set_map_width(mw);
        v.set_map_height(mh);
        v.set_hex_radius(self.layout.radius);
        v.set_version(self.config.version.clone().into());
        v.set_renderer(self.renderer.into());
        v.set_rotation_available(self.rotation_available);
        v.set_seats(match self.config.seats {
            Seats::Opposite if self.rotation_available => 0,
            Seats::Opposite | Seats::Off => 2,
            Seats::Same => 1,
        });
        v.set_dice(i32::from(self.config.dice == Randomness::Physical));
        v.set_chits(i32::from(self.config.chits == Randomness::Physical));
        v.set_poison_gas(self.config.poison_gas);
        sync(
            &self.models.scenarios,
            self.data.scenarios.iter().map(|s| ScenarioRow {
                id: s.id.as_str().into(),
                name: s.name.as_str().into(),
                detail: format!("[{}] Game-Turns {}–{}", s.case, s.start_turn, s.end_turn).into(),
            }),
        );
        let pre = self
            .config
            .scenario
            .as_deref()
            .and_then(|id| self.data.scenarios.iter().position(|s| s.id.as_str() == id));
        v.set_scenario(pre.unwrap_or(0) as i32);
        sync(
            &self.models.rules,
            rules_ref::BERLIN85.iter().map(|r| RuleRow {
                case: r.case.into(),
                title: r.title.into(),
            }),
        );
        sync(
            &self.models.stand_ins,
            self.data
                .stand_ins
                .iter()
                .map(|s| SharedString::from(s.as_str())),
        );
        sync(&self.models.markers, self.place_names());
        let blank = self.data.roster.units.iter().enumerate().map(|(i, d)| {
            let f = counters::factors(d, d.untried, d.attack, d.defense);
            counters::counter(i as u16, d, f)
        });
        sync(&self.models.counters, blank);
    }

    fn place_names(&self) -> Vec<MarkerData> {
        self.data
            .map
            .places
            .iter()
            .filter(|p| !p.hexes.is_empty())
            .map(|p| {
                let n = p.hexes.len() as f32;
                let (sx, sy) = p
                    .hexes
                    .iter()
                    .map(|&h| self.layout.center(h))
                    .fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
                MarkerData {
                    x: sx / n,
                    y: sy / n - self.layout.radius,
                    kind: 4,
                    text: p.name.as_str().into(),
                }
            })
            .collect()
    }

    // ---- screens ---------------------------------------------------------------------------

    fn show_screen(&mut self, w: &AppWindow, s: Screen) {
        w.global::<View>().set_screen(s);
        self.refresh(w);
    }

    /// Back from the About screen: into the game if one is being played.
    fn close_about(&mut self, w: &AppWindow) {
        let s = if self.session.is_some() {
            Screen::Play
        } else {
            Screen::Start
        };
        self.show_screen(w, s);
    }

    fn start_game(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        let Some(sc) = self.data.scenarios.get(v.get_scenario().max(0) as usize) else {
            return;
        };
        let options = Options {
            poison_gas: v.get_poison_gas(),
            sequential_combat: v.get_sequential_combat(),
        };
        let mut header = Header::new(
            sc.id.as_str(),
            options,
            self.config.seed.unwrap_or_else(session::clock_seed),
        );
        header.seats = match v.get_seats() {
            0 => Seats::Opposite,
            1 => Seats::Same,
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

    fn resume_game(&mut self, w: &AppWindow) {
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
    fn load_previous(&mut self, w: &AppWindow) {
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

    fn take_persist(&mut self) -> Box<dyn Persist> {
        self.persist
            .take()
            .unwrap_or_else(|| Box::new(session::NullPersist))
    }

    fn begin_session(&mut self, w: &AppWindow, s: Session) {
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
    fn focus_hex(&self) -> Option<HexId> {
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

    fn back_to_start(&mut self, w: &AppWindow) {
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
        v.set_rotated(false);
        v.set_dialog(Dialog::None);
        v.set_card_visible(false);
        v.set_secret_visible(false);
        v.set_screen(Screen::Start);
        self.refresh(w);
    }

    // ---- input -------------------------------------------------------------------------------

    /// Sends one input to the engine; a refusal is shown with its case.
    fn send(&mut self, w: &AppWindow, input: Input85) -> bool {
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

    fn refuse(&mut self, w: &AppWindow, r: RuleViolation) {
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

    fn toast(&mut self, w: &AppWindow, text: String) {
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

    fn show_secret(&mut self, w: &AppWindow, events: &[engine::berlin85::Event]) {
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

    fn secret_done(&mut self, w: &AppWindow) {
        w.global::<View>().set_secret_visible(false);
        self.refresh(w);
    }

    fn map_tapped(&mut self, w: &AppWindow, x: f32, y: f32) {
        if std::mem::take(&mut self.sel.just_traced) {
            return;
        }
        let Some(hex) = self.layout.hex_at(x, y) else {
            return;
        };
        self.hex_tapped(w, hex);
    }

    /// A tap on a hex: what it means depends on what the engine is waiting for.
    fn hex_tapped(&mut self, w: &AppWindow, hex: HexId) {
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

    fn setup_tap(&mut self, w: &AppWindow, player: Side, hex: HexId, unit_here: Option<UnitId>) {
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

    fn movement_tap(&mut self, w: &AppWindow, player: Side, hex: HexId, unit_here: Option<UnitId>) {
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
    fn trace(&mut self, _w: &AppWindow, x: f32, y: f32) {
        let (Some(s), Some(hex)) = (self.session.as_ref(), self.layout.hex_at(x, y)) else {
            return;
        };
        let Some(start) = self.sel.unit.and_then(|u| s.game().hex_of(u)) else {
            return;
        };
        let path = &mut self.sel.trace;
        let last = path.last().copied().unwrap_or(start);
        let before = match path.len() {
            0 => None,
            1 => Some(start),
            n => Some(path[n - 2]),
        };
        if hex == last {
            return;
        } else if Some(hex) == before {
            path.pop();
        } else if path.len() < engine::berlin85::command::MAX_PATH
            && self
                .data
                .map
                .geometry
                .neighbours(last)
                .any(|(_, n)| n == hex)
        {
            path.push(hex);
        } else {
            return;
        }
        let pending = s.pending();
        self.refresh_marks(&pending);
    }

    /// The finger lifted: move along the traced path [5.1] (the engine checks every step).
    fn trace_end(&mut self, w: &AppWindow) {
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
    fn move_unit(&mut self, w: &AppWindow, u: UnitId, to: HexId, underground: bool) {
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
    fn move_ubahn(&mut self, w: &AppWindow, underground: bool) {
        if let (Some(u), Some(r)) = (self.sel.unit, self.sel.ubahn_at) {
            self.move_unit(w, u, r.hex, underground);
        }
        self.refresh(w);
    }

    /// A reinforcement in the tray was tapped: show where it may airland or drop.
    fn arrival_row(&mut self, w: &AppWindow, unit: i32) {
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
    fn exit_unit(&mut self, w: &AppWindow) {
        if let Some(u) = self.sel.unit {
            if self.send(w, Input::Command(Command::Exit { unit: u })) {
                self.sel.unit = None;
            }
        }
        self.refresh(w);
    }

    /// A tap on a unit in the Combat Phase: pick attackers and defenders while declaring; add
    /// the tapped artillery's barrage [8.1] or FPF [8.4] to the selected attack; or select the
    /// attack the unit takes part in.
    fn combat_tap(&mut self, w: &AppWindow, player: Side, hex: HexId, unit_here: Option<UnitId>) {
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

    fn unit_row(&mut self, w: &AppWindow, unit: i32) {
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

    fn hex_in_view(&self, x: f32, y: f32) -> bool {
        let r = self.view_rect.get();
        let m = self.layout.radius;
        x >= r.x0 + m && x <= r.x1 - m && y >= r.y0 + m && y <= r.y1 - m
    }

    fn first_legal_hex(&self, u: UnitId) -> Option<HexId> {
        let s = self.session.as_ref()?;
        let mut hexes = heapless::Vec::<HexId, 1>::new();
        s.game().legal_setup_hexes(u, &mut hexes);
        hexes.first().copied()
    }

    /// Selects the next of the acting player's units (that can move, in the Movement Phase)
    /// and brings it into view.
    fn next_unit(&mut self, w: &AppWindow) {
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

    fn auto_place(&mut self, w: &AppWindow) {
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

    /// The panel's main button: end the current step.
    fn primary(&mut self, w: &AppWindow) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let cmd = match g.state.phase {
            Phase::Setup => Command::EndSetup,
            Phase::Movement => Command::EndMovement,
            Phase::Combat => match combat_close(g) {
                Some((cmd, _)) => cmd,
                None => return,
            },
            _ => return,
        };
        if self.send(w, Input::Command(cmd)) {
            self.sel = Selection::default();
        }
        self.refresh(w);
    }

    fn undo(&mut self, w: &AppWindow) {
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

    fn declare(&mut self, w: &AppWindow) {
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

    fn clear_selection(&mut self, w: &AppWindow) {
        self.sel = Selection::default();
        self.refresh(w);
    }

    fn select_attack(&mut self, w: &AppWindow, i: i32) {
        self.sel.attack = u8::try_from(i).ok();
        self.sel.attackers.clear();
        self.sel.defenders.clear();
        self.refresh(w);
    }

    /// Opens the combat card of announced attack `i`, or (i < 0) of the attack being put
    /// together.
    fn open_card(&mut self, w: &AppWindow, i: i32) {
        let v = w.global::<View>();
        self.sel.attack = u8::try_from(i).ok();
        v.set_card_attack_index(i);
        v.set_card_visible(true);
        self.refresh(w);
    }

    fn close_card(&mut self, w: &AppWindow) {
        w.global::<View>().set_card_visible(false);
        self.refresh(w);
    }

    /// Fills the card dialog from the engine's card for the shown attack.
    fn refresh_card(&self, w: &AppWindow) {
        let v = w.global::<View>();
        if !v.get_card_visible() {
            return;
        }
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let view = ask::public_view(g);
        let index = u8::try_from(v.get_card_attack_index()).ok();
        let rows = match index {
            Some(i) => g.attacks().find(|(n, _)| *n == i).and_then(|(_, a)| {
                let card = g.combat_card(i)?;
                Some(combat_view::card_rows(
                    g,
                    &view,
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
                        &view,
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
        sync(&self.models.card_attack, r.attack);
        v.set_card_attack_total(r.attack_total.into());
        sync(&self.models.card_defense, r.defense);
        v.set_card_defense_total(r.defense_total.into());
        v.set_card_differential(r.differential.into());
        sync(&self.models.card_shifts, r.shifts);
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

    fn resolve(&mut self, w: &AppWindow, i: i32) {
        let Ok(attack) = u8::try_from(i) else { return };
        self.sel.attack = Some(attack);
        self.send(w, Input::Command(Command::Resolve { attack }));
        w.global::<View>().set_card_visible(false);
        self.refresh(w);
    }

    /// Ground-support points for the selected attack (or its FPF) [9.0]: one more, or every
    /// point the acting side has left.
    fn air(&mut self, w: &AppWindow, all: bool) {
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
    fn undeclare(&mut self, w: &AppWindow, i: i32) {
        if let Ok(attack) = u8::try_from(i) {
            if self.send(w, Input::Command(Command::Undeclare { attack })) {
                self.sel.attack = None;
                self.toast(w, format!("Attack {} withdrawn [7.0].", i + 1));
            }
        }
        self.refresh(w);
    }

    /// The selected NATO artillery interdicts the rail line instead of firing [20.22].
    fn interdict(&mut self, w: &AppWindow) {
        if let [artillery] = self.sel.attackers[..] {
            if self.send(w, Input::Command(Command::Interdict { artillery })) {
                self.sel.attackers.clear();
            }
        }
        self.refresh(w);
    }

    /// Set-up: the selected placed unit goes back to the pool [3.0].
    fn unplace(&mut self, w: &AppWindow) {
        if let Some(unit) = self.sel.unit {
            self.send(w, Input::Command(Command::Unplace { unit }));
        }
        self.refresh(w);
    }

    /// Set-up: the selected unit's whole division is held back [20.21].
    fn withhold(&mut self, w: &AppWindow) {
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

    fn choose(&mut self, w: &AppWindow, i: i32) {
        if let Ok(i) = u8::try_from(i) {
            self.send(w, Input::Chose(i));
        }
        self.refresh(w);
    }

    /// The Roll / Draw button, the 'r' key and the dice-tower button.
    fn roll(&mut self, w: &AppWindow) {
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
    fn face(&mut self, w: &AppWindow, n: i32) {
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

    fn clear_faces(&mut self, w: &AppWindow) {
        self.faces.clear();
        self.refresh(w);
    }

    fn pick_chit(&mut self, w: &AppWindow, i: i32) {
        if let Ok(i) = u16::try_from(i) {
            self.send(w, Input::Drew(i));
        }
        self.refresh(w);
    }

    fn button(&mut self, w: &AppWindow, b: Button) {
        // The table's buttons and keys act on the game screen only: under the victory screen
        // Undo would take back the input that ended the game (found by the UI monkey).
        if w.global::<View>().get_screen() != Screen::Play {
            return;
        }
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let pending = s.pending();
        let header = s.header().clone();
        match (b, &pending) {
            (Button::RollNow, Pending::Roll { .. }) if header.dice == Randomness::Digital => {
                self.roll(w)
            }
            (Button::DrawNow, Pending::DrawChit { .. }) if header.chits == Randomness::Digital => {
                self.roll(w)
            }
            (Button::EnterDieFace(n), Pending::Roll { .. }) => self.face(w, i32::from(n)),
            (Button::Undo, _) => self.undo(w),
            (Button::Confirm, _) => {
                let v = w.global::<View>();
                if v.get_secret_visible() {
                    self.secret_done(w);
                } else if v.get_card_visible() {
                    self.close_card(w);
                }
            }
            // The keypad and the chit picker are already on screen whenever they are wanted;
            // a press with nothing pending does nothing.
            _ => self.refresh(w),
        }
    }

    fn key(&mut self, w: &AppWindow, text: &str) {
        match text {
            "r" | "R" => self.button(w, Button::RollNow),
            "d" | "D" => self.button(w, Button::DrawNow),
            "u" | "U" => self.button(w, Button::Undo),
            "\n" | "\r" => self.button(w, Button::Confirm),
            "\u{1b}" => {
                let v = w.global::<View>();
                v.set_rules_visible(false);
                v.set_log_visible(false);
                v.set_tracks_visible(false);
                v.set_menu_visible(false);
                v.set_card_visible(false);
            }
            t => {
                if let Some(n) = t.chars().next().and_then(|c| c.to_digit(10)) {
                    if t.chars().count() == 1
                        && self
                            .session
                            .as_ref()
                            .is_some_and(|s| s.header().dice == Randomness::Physical)
                    {
                        self.button(w, Button::EnterDieFace(n as u8));
                    }
                }
            }
        }
    }

    fn open_rule(&mut self, w: &AppWindow, case: &str) {
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

    // ---- what the screens show -------------------------------------------------------------

    /// Retries a failed save (see [`Session::retry_save`]); the warning stays until it works.
    fn retry_save(&mut self, w: &AppWindow) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.save_error().is_some() {
            s.retry_save();
            self.refresh(w);
        }
    }

    fn refresh(&mut self, w: &AppWindow) {
        let v = w.global::<View>();
        v.set_can_load_previous(self.previous.is_some());
        v.set_previous_text(
            self.previous
                .as_ref()
                .map_or(String::new(), |r| resume_text(self.data, r))
                .into(),
        );
        let has_resume = self.resume.is_some();
        v.set_can_resume(has_resume);
        v.set_resume_text(
            self.resume
                .as_ref()
                .map_or(String::new(), |r| resume_text(self.data, r))
                .into(),
        );
        if self.session.is_some() {
            self.terrain.install(&self.models.tiles);
        }
        let Some(s) = self.session.as_ref() else {
            v.set_rotated(false);
            return;
        };
        if let Some(err) = s.save_error() {
            let n = s.unsaved();
            let moves = if n == 1 { "move is" } else { "moves are" };
            v.set_save_warning(
                format!(
                    "Saving failed: {err}. {n} {moves} not yet safe from a power cut; \
                     the table keeps trying."
                )
                .into(),
            );
        } else {
            v.set_save_warning(SharedString::new());
        }
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
        self.refresh_counters();
        self.refresh_hex_markers();
        self.refresh_marks(&pending);
        self.refresh_phase_bar(w);
        self.refresh_panel(w, &pending);
        self.refresh_dialogs(w, &pending);
        self.refresh_card(w);
        self.refresh_log();
        self.bring_choice_into_view(w, &pending);
        let turned = self.rotation_available && seats.turned_for(pending.player());
        v.set_rotated(turned);
        if matches!(pending, Pending::GameOver) && v.get_screen() == Screen::Play {
            self.refresh_victory(w);
            v.set_screen(Screen::Victory);
        }
    }

    /// A choice about the map (retreat, advance, displacement): scroll its first hex into
    /// view, once per choice.
    fn bring_choice_into_view(&mut self, w: &AppWindow, pending: &engine::berlin85::Pending85) {
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

    fn refresh_counters(&self) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let view = ask::public_view(g);
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
            row.factors = counters::view_factors(u).into();
            row.selected = self.sel.unit == Some(u.id);
            let declared = view.phase == Phase::Combat
                && g.attacks()
                    .any(|(_, a)| !a.resolved && (a.attacking(u.id) || a.defending(u.id)));
            row.role = if self.sel.attackers.contains(&u.id) {
                1
            } else if self.sel.defenders.contains(&u.id) {
                2
            } else if declared {
                3
            } else if u.moved && u.side == view.phasing && view.phase == Phase::Movement {
                4
            } else {
                0
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

    fn refresh_hex_markers(&self) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let view = ask::public_view(s.game());
        let mut rows = self.place_names();
        for hm in &view.markers {
            let (x, y) = self.layout.center(hm.hex);
            for (bit, kind, text) in [
                (Markers::RUIN, 0, "RUIN"),
                (Markers::FIRE, 1, "FIRE"),
                (Markers::GAS, 2, "GAS"),
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
                    kind: 3,
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
                    kind: 5,
                    text: text.into(),
                });
            }
        }
        sync(&self.models.markers, rows);
    }

    fn mark(&self, h: HexId, kind: i32, text: String, what: &str) -> HexMark {
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

    fn refresh_marks(&self, pending: &engine::berlin85::Pending85) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let mut rows = Vec::new();
        match pending {
            Pending::Choose { options, .. } => {
                if let Some(h) = g.aftermath_subject().and_then(|u| g.hex_of(u)) {
                    rows.push(self.mark(h, 1, String::new(), "subject hex"));
                }
                for o in options {
                    match o {
                        Choice::Hex(h) => rows.push(self.mark(*h, 4, String::new(), "choice hex")),
                        Choice::Unit(u) => {
                            if let Some(h) = g.hex_of(*u) {
                                rows.push(self.mark(h, 4, String::new(), "choice unit"));
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
                        rows.extend(
                            hexes
                                .iter()
                                .map(|&h| self.mark(h, 2, String::new(), "set-up hex")),
                        );
                    }
                }
                Phase::Movement => {
                    rows.extend(self.sel.reach.iter().map(|r| {
                        let cost = half_points_text(r.half_points);
                        if r.underground {
                            self.mark(r.hex, 0, format!("U {cost}"), "reach hex")
                        } else {
                            self.mark(r.hex, 0, cost, "reach hex")
                        }
                    }));
                    if let Some(r) = self.sel.ubahn_at {
                        rows.push(self.mark(r.hex, 1, String::new(), "destination"));
                    }
                    if let Some(u) = self.sel.arriving {
                        let land = ask::airland_hexes(g, u);
                        for h in ask::paradrop_hexes(g, u) {
                            if !land.contains(&h) {
                                rows.push(self.mark(h, 5, "drop".into(), "drop hex"));
                            }
                        }
                        rows.extend(
                            land.iter()
                                .map(|&h| self.mark(h, 2, "land".into(), "airland hex")),
                        );
                    }
                }
                Phase::Combat => rows.extend(self.combat_marks(g)),
                _ => {}
            },
            _ => {}
        }
        if let Some(h) = self.sel.unit.and_then(|u| g.hex_of(u)) {
            rows.push(self.mark(h, 1, String::new(), "selected hex"));
        }
        // The path being traced, numbered step by step.
        for (i, &h) in self.sel.trace.iter().enumerate() {
            rows.push(self.mark(h, 9, (i + 1).to_string(), "path hex"));
        }
        sync(&self.models.marks, rows);
    }

    /// Combat highlights: the attack being put together, the announced attacks' defenders
    /// (numbered), the selected attack's firing candidates, and units still owed an attack.
    fn combat_marks(&self, g: &Game<'_>) -> Vec<HexMark> {
        let mut rows = Vec::new();
        let step = g.combat_step();
        let at = |u: UnitId| g.hex_of(u);
        if step == CombatStep::Declare {
            let (must_attack, must_defend) = ask::mandatory(g);
            for u in must_attack.into_iter().chain(must_defend) {
                if let Some(h) = at(u) {
                    rows.push(self.mark(h, 8, String::new(), "must attack"));
                }
            }
        }
        for (i, a) in g.attacks().filter(|(_, a)| !a.resolved) {
            let chosen = self.sel.attack == Some(i);
            for &d in &a.defenders {
                if let Some(h) = at(d) {
                    rows.push(self.mark(h, 3, format!("#{}", i + 1), "attacked hex"));
                }
            }
            if chosen {
                for &u in &a.attackers {
                    if let Some(h) = at(u) {
                        rows.push(self.mark(h, 5, String::new(), "attacker hex"));
                    }
                }
                let firing = match step {
                    CombatStep::Declare => ask::barrage_candidates(g, i),
                    CombatStep::Fpf => ask::fpf_candidates(g, i),
                    _ => Vec::new(),
                };
                for u in firing {
                    if let Some(h) = at(u) {
                        rows.push(self.mark(h, 6, "fire".into(), "artillery"));
                    }
                }
            }
        }
        for &u in &self.sel.attackers {
            if let Some(h) = at(u) {
                rows.push(self.mark(h, 5, "A".into(), "attacker hex"));
            }
        }
        for &u in &self.sel.defenders {
            if let Some(h) = at(u) {
                rows.push(self.mark(h, 3, "D".into(), "defender hex"));
            }
        }
        rows
    }

    fn refresh_phase_bar(&self, w: &AppWindow) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let g = s.game();
        let v = w.global::<View>();
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
        v.set_side_color(side_colour(side));
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
            state: match i.cmp(&now) {
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Greater => 0,
            },
        });
        sync(&self.models.steps, steps);
        let view = ask::public_view(g);
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
        self.refresh_tracks(w, &view);
    }

    /// The Turn Record Track, the Surrender Point scale and the air status [16.0], [19.4], [9.0].
    fn refresh_tracks(&self, w: &AppWindow, view: &engine::berlin85::view::View<'_>) {
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
                state: match t.cmp(&view.turn) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                },
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
                1
            } else if to < sp {
                2
            } else {
                0
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

    fn unit_detail(&self, u: UnitId) -> String {
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

    fn refresh_panel(&self, w: &AppWindow, pending: &engine::berlin85::Pending85) {
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
                    v.set_primary_text("Done".into());
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
                    v.set_primary_text("End movement".into());
                }
                Phase::Combat => self.refresh_combat_panel(w, *player),
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
                    hint = format!("About {}. {hint}", self.demolition_place(d.target));
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

    /// The Combat Phase panel for `player`, who must act: the attack being put together with
    /// its previewed column, the announced attacks, support for the selected one, and the
    /// step's closing button.
    fn refresh_combat_panel(&self, w: &AppWindow, player: Side) {
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
            let view = ask::public_view(g);
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
        match combat_close(g) {
            Some((_, text)) => v.set_primary_text(text.into()),
            None => v.set_primary_text(SharedString::new()),
        }
    }

    /// What a roll is for, with the unit and hex it is about where the engine names them:
    /// a paradrop's Survival [18.5] and Scatter [18.1] rolls, a demolition [12.0].
    fn roll_purpose(&self, purpose: &str) -> String {
        let Some(g) = self.session.as_ref().map(|s| s.game()) else {
            return purpose.to_string();
        };
        let geo = &self.data.map.geometry;
        let drop = match g.state.movement.drop_stage {
            DropStage::Survival(n) | DropStage::Scatter(n) => {
                g.state.movement.drops.get(usize::from(n)).copied()
            }
            _ => None,
        };
        if let Some(d) = drop {
            let m = g.survival_modifier(d.hex);
            let modifier = if matches!(g.state.movement.drop_stage, DropStage::Survival(_)) {
                format!(", modifier {m:+} [18.6]")
            } else {
                String::new()
            };
            return format!(
                "{purpose}: {} dropping on {}{modifier}",
                g.def(d.unit).name,
                geo.format(d.hex)
            );
        }
        if let Some(d) = g.current_demolition() {
            return format!("Demolish {}", self.demolition_place(d.target));
        }
        purpose.to_string()
    }

    /// "the bridge between 1420 and 1421", "the POL at 2316".
    fn demolition_place(&self, target: DemolitionTarget) -> String {
        let geo = &self.data.map.geometry;
        match target {
            DemolitionTarget::Bridge(side) => {
                let dir = engine::core::hex::Dir::from_index(usize::from(side.dir));
                match geo.neighbour(side.hex, dir) {
                    Some(n) => format!(
                        "the bridge between {} and {}",
                        geo.format(side.hex),
                        geo.format(n)
                    ),
                    None => format!("the bridge at {}", geo.format(side.hex)),
                }
            }
            DemolitionTarget::Pol(h) => format!("the POL at {}", geo.format(h)),
        }
    }

    /// An option of a pending choice as its button shows it; `case` is the choice's rule.
    fn choice_option(&self, o: &Choice, case: &str) -> ChoiceOption {
        let geo = &self.data.map.geometry;
        let (label, detail) = match o {
            Choice::Yes => ("Yes".to_string(), String::new()),
            Choice::No => ("No".to_string(), String::new()),
            Choice::Hex(h) => {
                let terrain = self
                    .data
                    .terrain(*h)
                    .map_or(String::new(), |t| t.name.to_string());
                (format!("Hex {}", geo.format(*h)), terrain)
            }
            Choice::Stop if case.starts_with("7.9") => (
                "Stop here".to_string(),
                "[7.92] advance no further".to_string(),
            ),
            Choice::Stop => (
                "Stop here".to_string(),
                "[7.75] end the retreat in this urban hex".to_string(),
            ),
            Choice::TheyShallNotPass => (
                "They Shall Not Pass".to_string(),
                "[7.76] roll instead of retreating".to_string(),
            ),
            Choice::Unit(u) => {
                let name = self
                    .data
                    .roster
                    .get(*u)
                    .map_or(String::new(), |d| d.name.to_string());
                (name, String::new())
            }
            Choice::Strength { attack, defense } => {
                (format!("{attack}-{defense}"), "strength chit".to_string())
            }
        };
        ChoiceOption {
            label: label.into(),
            detail: detail.into(),
        }
    }

    fn refresh_dialogs(&self, w: &AppWindow, pending: &engine::berlin85::Pending85) {
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
                v.set_dice_purpose(self.roll_purpose(purpose).into());
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
                        let view = ask::public_view(g);
                        let a = g.attacks().find(|(n, _)| *n == i)?.1;
                        let card = g.combat_card(i)?;
                        let rows = combat_view::card_rows(
                            g,
                            &view,
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
            } => {
                v.set_dialog(Dialog::Chit);
                v.set_dice_title(format!("Draw from the {cup}").into());
                v.set_dice_purpose(format!("{} chits in the cup.", chits.len()).into());
                v.set_dice_case((*case).into());
                v.set_chit_physical(s.header().chits == Randomness::Physical);
                sync(
                    &self.models.chits,
                    chits.iter().map(|c| self.choice_option(c, case)),
                );
            }
            _ => v.set_dialog(Dialog::None),
        }
    }

    fn refresh_log(&mut self) {
        let Some(s) = self.session.as_ref() else {
            return;
        };
        let log = s.log();
        let m = &self.models.log;
        if log.len() < self.log_shown {
            // Undo: the newest lines go (the model is newest first).
            for _ in 0..(self.log_shown - log.len()).min(m.row_count()) {
                m.remove(0);
            }
        }
        for e in log.iter().skip(self.log_shown.min(log.len())) {
            // Of the input that answered a secret roll, only the roll's own rule [17.x] is
            // private; what followed it (air points, the next phase) is public.
            let hidden = s.was_secret(e.input) && e.event.case.starts_with("17");
            m.insert(
                0,
                LogLine {
                    case: e.event.case.into(),
                    text: e.event.text.as_str().into(),
                    hidden,
                },
            );
        }
        self.log_shown = log.len();
    }

    fn refresh_victory(&mut self, w: &AppWindow) {
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

/// The command that closes the current combat step for the player who must act, and its
/// button text: declarations [7.0], FPF [8.4], the phase itself.
fn combat_close(g: &Game<'_>) -> Option<(Command, &'static str)> {
    let open = g.attacks().any(|(_, a)| !a.closed);
    match g.combat_step() {
        // Nothing announced (or, sequential, nothing open): the phase can end at once, with no
        // FPF step for the defender to tap through [7.0].
        CombatStep::Declare
            if !open && (g.state.options.sequential_combat || g.attacks().next().is_none()) =>
        {
            Some((Command::EndCombat, "End combat"))
        }
        CombatStep::Declare => Some((Command::EndAllocation, "Declarations done")),
        CombatStep::Fpf => Some((Command::EndAllocation, "FPF done")),
        CombatStep::Done => Some((Command::EndCombat, "End combat")),
        _ => None,
    }
}

/// Half points as text: 21 → "10½".
fn half_text(halves: i32) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let h = halves.unsigned_abs();
    match (h / 2, h % 2) {
        (0, 1) => format!("{sign}½"),
        (n, 0) => format!("{sign}{n}"),
        (n, _) => format!("{sign}{n}½"),
    }
}

fn resume_text(data: &GameData, r: &Resume) -> String {
    let name = data
        .scenario(&r.header.scenario)
        .map_or(r.header.scenario.clone(), |s| s.name.to_string());
    format!("{name} · {} moves made", r.inputs.len())
}

fn resume_message(r: &ResumeReport) -> String {
    match (r.dropped, r.first_refusal) {
        (0, _) => format!(
            "Resumed: {} inputs replayed.",
            r.replayed + r.from_snapshot.unwrap_or(0)
        ),
        (n, Some(v)) => {
            format!("Resumed at the last good state; {n} damaged input(s) dropped ({v}).")
        }
        (n, None) => format!("Resumed at the last good state; {n} damaged input(s) dropped."),
    }
}
