//! The view model: turns the session (engine state, pending request, journal) into what the
//! Slint screens show, and turns taps, keys and GPIO buttons into engine inputs. It keeps one
//! long-lived `VecModel` per list and updates them row by row, so Slint never rebuilds the
//! counters or highlights wholesale.
//!
//! One controller, its methods cut by area: `screens` (start, about, resume, victory),
//! `input` (every input to the session, refusals, buttons and keys), `map_input` (taps and drags
//! on the map and the unit lists), `combat` (the combat phase and its card), `dialogs` (rolls,
//! chit draws, choices), `map_view` (what the map shows), `panel` (side panel, phase bar,
//! tracks) and `event_log`.

use crate::ask::{self, half_points_text, Reach};
use crate::buttons::{Button, ButtonSender, ButtonTarget};
use crate::combat_view;
use crate::counters;
use crate::map_layer::{self, MapLayout};
use crate::rules_ref;
use crate::{
    ActionRow, Actions, AppWindow, AttackRow, ChoiceOption, CounterData, CounterRole, Dialog,
    DieRow, GameRow, HexMark, HexMarkKind, LogLine, MapSheetRow, MapTile, MarkerData, MarkerKind,
    OptionRow, Panel, PhaseStep, RuleRow, ScenarioRow, Screen, SeatRow, ShiftRow, StepState,
    TextRow, Theme, TrackBox, TrackSection, UnitRow, View,
};

/// Before, at or after: the state of a phase-bar step or a track box.
fn step_state(o: std::cmp::Ordering) -> StepState {
    match o {
        std::cmp::Ordering::Less => StepState::Done,
        std::cmp::Ordering::Equal => StepState::Now,
        std::cmp::Ordering::Greater => StepState::ToCome,
    }
}
use engine::berlin85::combat::CombatStep;
use engine::berlin85::contract as contract85;
use engine::berlin85::{Choice, Command, Game, GameData, Input85, Phase, NATO};
use engine::core::contract::Ruleset;
use engine::core::game_id::GameId;
use engine::core::hex::HexId;
use engine::core::map::Markers;
use engine::core::options::{OptionKind, OptionValue};
use engine::core::protocol::{Input, Pending, RuleViolation};
use engine::core::seats::TableEdge;
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
    /// The game the start screen shows first (`--game`); one that cannot be played yet is
    /// listed but not chosen.
    pub game: GameId,
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
            game: GameId::Berlin85,
            scenario: None,
            poison_gas: false,
            auto_resume: false,
            data: None,
            version: env!("CARGO_PKG_VERSION").to_string(),
        }
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

mod combat;
mod dialogs;
mod event_log;
mod framed;
mod game_choice;
mod input;
mod map_input;
mod map_view;
mod panel;
mod screens;
mod seating;
mod traced_path;
use screens::resume_text;

fn model<T: Clone + 'static>() -> Rc<VecModel<T>> {
    Rc::new(VecModel::default())
}

/// A side's colour on the phase bar, from the theme: the first side's (NATO, the German) or
/// the second's (the Warsaw Pact, the Soviet).
fn side_colour(w: &AppWindow, s: Side) -> slint::Color {
    let theme = w.global::<Theme>();
    if s.index() == 0 {
        theme.get_nato()
    } else {
        theme.get_wp()
    }
}

fn side_name(s: Side) -> &'static str {
    engine::berlin85::state::side_name(s)
}

/// What the screens are drawn from: the game as every seat may see it, worked out once per
/// refresh.
type GameView<'d> = engine::berlin85::view::View<'d>;

/// Every list the screens show, each a long-lived model.
struct Models {
    games: Rc<VecModel<GameRow>>,
    game_options: Rc<VecModel<OptionRow>>,
    /// The players of a game of more than two and their edges (empty: two-sided seats).
    player_seats: Rc<VecModel<SeatRow>>,
    scenarios: Rc<VecModel<ScenarioRow>>,
    tiles: Rc<VecModel<MapTile>>,
    /// The map's sheets, each a button that brings it into view (none on a one-sheet map).
    map_sheets: Rc<VecModel<MapSheetRow>>,
    counters: Rc<VecModel<CounterData>>,
    marks: Rc<VecModel<HexMark>>,
    markers: Rc<VecModel<MarkerData>>,
    steps: Rc<VecModel<PhaseStep>>,
    to_place: Rc<VecModel<UnitRow>>,
    attacks: Rc<VecModel<AttackRow>>,
    options: Rc<VecModel<ChoiceOption>>,
    dice_faces: Rc<VecModel<DieRow>>,
    chits: Rc<VecModel<ChoiceOption>>,
    /// What is in the cup: a row per kind of chit and its count.
    chit_contents: Rc<VecModel<TextRow>>,
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
    track_sections: Rc<VecModel<TrackSection>>,
    offer_units: Rc<VecModel<UnitRow>>,
    stack_fan: Rc<VecModel<UnitRow>>,
    offer_actions: Rc<VecModel<ActionRow>>,
    offer_picks: Rc<VecModel<ActionRow>>,
    offer_tray: Rc<VecModel<UnitRow>>,
}

impl Models {
    fn new() -> Self {
        Models {
            games: model(),
            game_options: model(),
            player_seats: model(),
            scenarios: model(),
            tiles: model(),
            map_sheets: model(),
            counters: model(),
            marks: model(),
            markers: model(),
            steps: model(),
            to_place: model(),
            attacks: model(),
            options: model(),
            dice_faces: model(),
            chits: model(),
            chit_contents: model(),
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
            track_sections: model(),
            offer_units: model(),
            stack_fan: model(),
            offer_actions: model(),
            offer_picks: model(),
            offer_tray: model(),
        }
    }

    fn install(&self, v: &View<'_>) {
        v.set_games(ModelRc::from(self.games.clone()));
        v.set_game_options(ModelRc::from(self.game_options.clone()));
        v.set_player_seats(ModelRc::from(self.player_seats.clone()));
        v.set_scenarios(ModelRc::from(self.scenarios.clone()));
        v.set_tiles(ModelRc::from(self.tiles.clone()));
        v.set_map_sheets(ModelRc::from(self.map_sheets.clone()));
        v.set_counters(ModelRc::from(self.counters.clone()));
        v.set_marks(ModelRc::from(self.marks.clone()));
        v.set_markers(ModelRc::from(self.markers.clone()));
        v.set_steps(ModelRc::from(self.steps.clone()));
        v.set_to_place(ModelRc::from(self.to_place.clone()));
        v.set_attacks(ModelRc::from(self.attacks.clone()));
        v.set_options(ModelRc::from(self.options.clone()));
        v.set_dice_faces(ModelRc::from(self.dice_faces.clone()));
        v.set_chit_options(ModelRc::from(self.chits.clone()));
        v.set_chit_contents(ModelRc::from(self.chit_contents.clone()));
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
        v.set_track_sections(ModelRc::from(self.track_sections.clone()));
        v.set_offer_units(ModelRc::from(self.offer_units.clone()));
        v.set_stack_fan(ModelRc::from(self.stack_fan.clone()));
        v.set_offer_actions(ModelRc::from(self.offer_actions.clone()));
        v.set_offer_picks(ModelRc::from(self.offer_picks.clone()));
        v.set_offer_tray(ModelRc::from(self.offer_tray.clone()));
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
    /// A game played on the framed table (`framed`: Fortress Berlin), instead of `session`.
    framed: Option<framed::AnyFramed>,
    /// Its map's terrain layer.
    /// The framed game's map, drawn for that game.
    framed_terrain: Option<(GameId, map_layer::TerrainLayer)>,
    /// The game chosen on the start screen.
    chosen: GameId,
    /// An unfinished framed game, offered on the start screen (its own `Resume`).
    framed_resume: Option<framed::AnyResume>,
}

/// The table: the window and its view model.
pub struct Table {
    window: AppWindow,
    ctl: Rc<RefCell<Controller>>,
    _probe: Option<Timer>,
    /// Retries a failed save every few seconds until the whole journal is durable again.
    _save_retry: Timer,
    /// Where the GPIO thread's presses land (see `crate::buttons`); lives as long as the table.
    _presser: Rc<Presser>,
}

/// Takes button presses on the UI thread and hands them to the controller.
struct Presser {
    window: slint::Weak<AppWindow>,
    ctl: std::rc::Weak<RefCell<Controller>>,
}

impl ButtonTarget for Presser {
    fn press(&self, b: Button) {
        if let (Some(c), Some(w)) = (self.ctl.upgrade(), self.window.upgrade()) {
            c.borrow_mut().button(&w, b);
        }
    }
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
        // Berlin '85's map is drawn while the start screen shows only if the table opens on
        // it; otherwise when its game first comes to the table.
        let terrain = if config.game == GameId::Berlin85 {
            map_layer::TerrainLayer::start(layout, data)
        } else {
            map_layer::TerrainLayer::later(layout, data)
        };
        let ctl = Controller {
            data,
            config,
            persist: Some(persist),
            resume,
            previous: None,
            session: None,
            layout,
            terrain,
            models: Models::new(),
            sel: Selection::default(),
            faces: Vec::new(),
            log_shown: 0,
            // FemtoVG turns the table in the .slint; the software renderer only in the table's
            // own window (not in Slint's winit or linuxkms backends).
            rotation_available: renderer != "software" || crate::turning::active(),
            renderer,
            refusal_timer: Timer::default(),
            toast_timer: Timer::default(),
            view_rect: Rc::new(Cell::new(ViewRect::default())),
            shown_choice: None,
            framed: None,
            framed_terrain: None,
            chosen: <Game<'static> as Ruleset<'static>>::GAME,
            framed_resume: None,
        };
        let ctl = Rc::new(RefCell::new(ctl));
        {
            let mut c = ctl.borrow_mut();
            if c.config.game.rules_status().playable() {
                c.chosen = c.config.game;
            }
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
        let presser = Rc::new(Presser {
            window: window.as_weak(),
            ctl: Rc::downgrade(&ctl),
        });
        let target: Rc<dyn ButtonTarget> = presser.clone();
        crate::buttons::set_target(Rc::downgrade(&target));
        let table = Table {
            window,
            ctl,
            _probe: probe,
            _save_retry: save_retry,
            _presser: presser,
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
        ButtonSender
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

    /// Offers an unfinished Fortress Berlin game (found on the card) on the start screen;
    /// `auto`: goes straight back into it (after a crash or a watchdog restart).
    pub fn offer_fortress_resume(&self, r: Resume<framed::fortress_game::Fortress>, auto: bool) {
        self.offer_framed_resume(framed::AnyResume::Fortress(r), auto);
    }

    /// Offers an unfinished Gates game found on the card, as
    /// [`Table::offer_fortress_resume`] does.
    pub fn offer_gates_resume(&self, r: Resume<framed::gates_game::Gates>, auto: bool) {
        self.offer_framed_resume(framed::AnyResume::Gates(r), auto);
    }

    fn offer_framed_resume(&self, r: framed::AnyResume, auto: bool) {
        {
            let mut c = self.ctl.borrow_mut();
            c.framed_resume = Some(r);
            c.refresh(&self.window);
        }
        if auto {
            self.window.global::<Actions>().invoke_resume_game();
        }
    }

    /// Scrolls the map so `hex` is in the middle of the view.
    pub fn center_on_hex(&self, hex: HexId) {
        let (x, y) = self.hex_center(hex);
        self.window.invoke_center_on(x, y);
    }

    /// The map image point of a hex centre (on the map of the game in play).
    pub fn hex_center(&self, hex: HexId) -> (f32, f32) {
        let c = self.ctl.borrow();
        match &c.framed {
            Some(a) => framed::with_framed!(a, |f| f.layout.center(hex)),
            None => c.layout.center(hex),
        }
    }

    /// Is the map picture's point (x, y) in the part of the map on the screen?
    pub fn in_view(&self, x: f32, y: f32) -> bool {
        let r = self.ctl.borrow().view_rect.get();
        x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1
    }

    /// A hex's number as the map of the game in play writes it ("3315", "11.07").
    pub fn hex_label(&self, hex: HexId) -> String {
        let c = self.ctl.borrow();
        match &c.framed {
            Some(a) => framed::with_framed!(a, |f| f.hex_label(hex)),
            None => c.data.map.geometry.format(hex).to_string(),
        }
    }

    /// Reads the Gates game in play, if one is (tests).
    pub fn with_gates<R>(
        &self,
        f: impl FnOnce(Option<&Session<framed::gates_game::Gates>>) -> R,
    ) -> R {
        let c = self.ctl.borrow();
        match &c.framed {
            Some(framed::AnyFramed::Gates(x)) => f(Some(&x.session)),
            _ => f(None),
        }
    }

    /// Reads the Fortress Berlin game in play, if one is (tests, the firmware's status line).
    pub fn with_fortress<R>(
        &self,
        f: impl FnOnce(Option<&Session<framed::fortress_game::Fortress>>) -> R,
    ) -> R {
        let c = self.ctl.borrow();
        match &c.framed {
            Some(framed::AnyFramed::Fortress(x)) => f(Some(&x.session)),
            _ => f(None),
        }
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
        on!(on_choose_game, |c, w, i| c.choose_game(&w, i));
        on!(on_offer_action, |c, w, i| c.offer_action(&w, i));
        on!(on_offer_pick, |c, w, i| c.offer_pick(&w, i));
        on!(on_toggle_option, |c, w, i, on| c.toggle_option(&w, i, on));
        on!(on_seat_edge, |c, w, i, e| c.seat_edge(&w, i, e));
        on!(on_resume_game, |c, w| c.resume_game(&w));
        on!(on_load_previous, |c, w| c.load_previous(&w));
        on!(on_show_about, |c, w| c.show_screen(&w, Screen::About));
        on!(on_back_to_start, |c, w| c.back_to_start(&w));
        on!(on_close_about, |c, w| c.close_about(&w));
        on!(on_map_tapped, |c, w, x, y| c.map_tapped(&w, x, y));
        on!(on_map_held, |c, w, x, y| c.map_held(&w, x, y));
        on!(on_map_hold_released, |c, w| c.map_hold_released(&w));
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
        v.set_version(self.config.version.clone().into());
        v.set_renderer(self.renderer.into());
        v.set_rotation_available(self.rotation_available);
        v.set_seats(match self.config.seats {
            Seats::Same => 1,
            _ if !self.rotation_available => 2,
            Seats::Opposite => 0,
            Seats::Off => 2,
            Seats::Right => 3,
            Seats::Left => 4,
        });
        v.set_dice(i32::from(self.config.dice == Randomness::Physical));
        v.set_chits(i32::from(self.config.chits == Randomness::Physical));
        // Every game, the unfinished ones shown as such (never hidden).
        sync(
            &self.models.games,
            GameId::ALL.iter().map(|g| GameRow {
                title: g.short_title().into(),
                detail: if g.rules_status() == engine::core::game_id::RulesStatus::Complete {
                    g.credit().into()
                } else if g.rules_status().playable() {
                    format!("{} · {}", g.credit(), g.rules_status().label()).into()
                } else {
                    g.rules_status().label().into()
                },
                playable: g.rules_status().playable(),
            }),
        );
        v.set_game(
            GameId::ALL
                .iter()
                .position(|g| *g == self.chosen)
                .unwrap_or(0) as i32,
        );
        self.show_game_choice(&v);
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
        self.show_berlin85_map(&v);
    }

    /// Berlin '85's map size and blank counters (one row per unit of the roster, found by its
    /// index): after another game's map has been shown, before a Berlin '85 game is.
    fn show_berlin85_map(&self, v: &View<'_>) {
        let (mw, mh) = self.layout.size();
        v.set_map_width(mw);
        v.set_map_height(mh);
        v.set_hex_radius(self.layout.radius);
        sync(&self.models.map_sheets, std::iter::empty());
        sync(&self.models.markers, self.place_names());
        let blank = (0..self.data.roster.units.len()).filter_map(|i| {
            let c = session::present::berlin85::printed(self.data, UnitId(i as u16))?;
            Some(counters::counter(&c))
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
                    kind: MarkerKind::PlaceName,
                    text: p.name.as_str().into(),
                }
            })
            .collect()
    }
}
