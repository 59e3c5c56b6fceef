//! The UI monkey: plays whole games of Berlin '85 on the real [`Table`] with random gestures —
//! taps, drags, long presses, double taps, keys and the table's GPIO buttons — and checks the
//! engine's invariants after every one of them.
//!
//! Most of the time it does what the game waits for, as a player would: the workspace's random
//! legal-input agent (`tests::RandomAgent`) picks an input the engine would accept, and the
//! monkey enters it through the screen (the unit's hex then a shaded hex, the attackers and
//! defenders then Declare, the keypad or the Roll button or the dice-tower key, an option of a
//! choice or its hex on the map). The rest of the time it taps any button on screen, random
//! points, pans and zooms the map, traces paths, undoes, opens the event log, the rules
//! reference, the tracks and the menu, leaves the game for the start screen and resumes it.
//!
//! After every gesture: the engine's invariants (`tests::check_invariants`: one unit per hex,
//! MP within the allowance, Surrender Points running == from scratch …) when an input was
//! accepted, no move out of an enemy zone of control (`tests::ZocWatch`), the state unchanged
//! when nothing was accepted, a resumed game equal to the one left, and a screen that offers
//! something to do (or the victory screen). At the end of each game, the journal replays to the
//! same state, through the engine and through the table's own resume.
//!
//! Shared by `tests/monkey.rs` (Slint's testing backend, mocked time) and the soak benchmark
//! `examples/soak.rs` (the software renderer, a frame drawn whenever time passes): the caller
//! gives the [`Clock`] that lets time pass. Every gesture goes through `dispatch_event`, so
//! nothing here depends on the testing backend's own clock.
#![allow(dead_code)]

use engine::berlin85::combat::CombatStep;
use engine::berlin85::{Choice, Command, Game, Input85, Phase, State};
use engine::core::hex::HexId;
use engine::core::protocol::{Input, Pending};
use engine::core::units::UnitId;
use i_slint_backend_testing::{AccessibleRole, ElementRoot};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition, Model};
use std::collections::{BTreeMap, VecDeque};
use ui::{AppWindow, Button, Dialog, Screen, Table, View};

/// The scenarios, played back to back in this order.
mod checks;
mod gestures;
mod noise;
mod plan;

pub const SCENARIOS: [&str; 3] = ["unity", "werewolf", "medicine_wheel"];

/// Lets time pass for the window: timers fire, animations run, and (in the soak) a frame is
/// drawn.
pub trait Clock {
    fn wait(&self, ms: u64);
}

/// The number in environment variable `name`, or `default`.
pub fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a number")),
        Err(_) => default,
    }
}

/// The seed from MONKEY_SEED, `default` without it, one from the clock with
/// MONKEY_SEED=random (printed by the caller, for a replay).
pub fn seed_from_env(default: u64) -> u64 {
    match std::env::var("MONKEY_SEED").as_deref() {
        Ok("random") => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(default, |d| d.as_secs() % 100_000),
        _ => env_number("MONKEY_SEED", default),
    }
}

/// What one game came to.
#[derive(Clone, Debug)]
pub struct GameReport {
    pub scenario: String,
    /// Gestures made in this game.
    pub actions: usize,
    /// Inputs in the journal at the end.
    pub inputs: usize,
    /// Inputs accepted, undone, and gestures with nothing accepted.
    pub accepted: usize,
    pub undone: usize,
    /// The game reached the victory screen.
    pub over: bool,
    /// "Game-Turn 4, Movement" or the victory screen's title.
    pub result: String,
    /// The longest run of gestures with no input accepted.
    pub longest_idle: usize,
}

impl std::fmt::Display for GameReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} after {} actions; journal {} inputs ({} accepted, {} undone); longest idle run {}",
            self.scenario,
            self.result,
            self.actions,
            self.inputs,
            self.accepted,
            self.undone,
            self.longest_idle
        )
    }
}

/// One thing on screen with an accessible label.
#[derive(Clone, Debug)]
struct Seen {
    label: String,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    button: bool,
    enabled: bool,
    /// Its middle lies inside the window (else it is scrolled out of view).
    inside: bool,
}

impl Seen {
    fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// A step of a plan: how an input the agent picked is entered on the screen.
#[derive(Clone, Debug)]
enum Step {
    /// Tap the element with exactly this label.
    Tap(String),
    /// Tap it if it is on screen; go on either way.
    TapIfShown(String),
    /// Tap the first element whose label starts with this.
    TapPrefix(String),
    /// Tap the `n`-th element (in screen order) whose label starts with this.
    TapNth(String, usize),
    /// Tap a hex of the map (scrolled into view first).
    Hex(HexId),
    /// Make this unit the selected one in the Movement Phase.
    Select(UnitId),
    /// Pick this reinforcement in the arrivals tray.
    Arrival(UnitId),
    /// Answer the "by U-Bahn?" question if it is asked.
    Ubahn(bool),
    /// Set the "Fire gas" switch if it is shown.
    Gas(bool),
    /// Hold the selected unit and drag it along this path.
    Trace(Vec<HexId>),
    Key(&'static str),
    Gpio(Button),
    /// The panel's main button, whatever it says.
    Primary,
}

/// What the table held before a gesture, to compare with what it holds after.
struct Before {
    inputs: usize,
    game: Game<'static>,
}

/// The monkey. `clock` lets time pass; everything else is decided by `seed`.
pub struct Monkey<'c> {
    pub seed: u64,
    rng: StdRng,
    agent: tests::RandomAgent,
    clock: &'c dyn Clock,
    plan: VecDeque<Step>,
    /// The last gestures, for failure messages.
    trail: VecDeque<String>,
    /// Gestures made, in all and by kind.
    pub total: usize,
    pub kinds: BTreeMap<&'static str, usize>,
    zoc: tests::ZocWatch,
    /// The game left for the start screen: a resume must bring back exactly this.
    left: Option<(usize, State)>,
    game_no: usize,
    scenario: String,
    game_actions: usize,
    /// Sizes the window may be given, one picked at random for each game (the soak keeps
    /// one).
    pub sizes: Vec<(f32, f32)>,
    /// Press the table's buttons and keys on the victory screen (Undo, Confirm) after each
    /// game. The soak leaves this to the test.
    pub victory_buttons: bool,
    /// A failure was reported through an error (so a panic need not repeat the context).
    reported: std::cell::Cell<bool>,
}

/// Time a finger rests before a tap on the map, so taps in a row are not a double tap.
const APART_MS: u64 = 800;
const SETTLE_MS: u64 = 120;

impl<'c> Monkey<'c> {
    pub fn new(seed: u64, clock: &'c dyn Clock) -> Self {
        Monkey {
            seed,
            rng: StdRng::seed_from_u64(seed),
            agent: tests::RandomAgent::new(seed ^ 0x5eed),
            clock,
            plan: VecDeque::new(),
            trail: VecDeque::new(),
            total: 0,
            kinds: BTreeMap::new(),
            zoc: tests::ZocWatch::new(),
            left: None,
            game_no: 0,
            scenario: String::new(),
            game_actions: 0,
            sizes: vec![(1280.0, 800.0), (800.0, 480.0), (1920.0, 1080.0)],
            victory_buttons: true,
            reported: std::cell::Cell::new(false),
        }
    }

    /// Where the monkey is, for failure messages: enough to replay it.
    pub fn context(&self) -> String {
        let trail: Vec<&str> = self.trail.iter().map(String::as_str).collect();
        format!(
            "monkey seed {} (replay: MONKEY_SEED={}), game {} ({}), action {} of the game, {} in all; last actions:\n  {}",
            self.seed,
            self.seed,
            self.game_no,
            self.scenario,
            self.game_actions,
            self.total,
            trail.join("\n  ")
        )
    }

    fn fail(&self, what: impl std::fmt::Display) -> String {
        self.reported.set(true);
        format!("{what}\n{}", self.context())
    }

    /// Plays one game of `scenario` from whatever screen is up: to the victory screen, or
    /// until `budget` gestures are made. Then checks that its journal replays to its state.
    pub fn play_game(
        &mut self,
        t: &Table,
        scenario: &str,
        budget: usize,
    ) -> Result<GameReport, String> {
        self.game_no += 1;
        self.scenario = scenario.to_string();
        self.game_actions = 0;
        self.plan.clear();
        self.left = None;
        if let Some(&size) = self.sizes.choose(&mut self.rng) {
            t.window()
                .window()
                .set_size(slint::LogicalSize::new(size.0, size.1));
            self.settle();
        }
        self.new_game(t, scenario)?;
        let mut report = GameReport {
            scenario: scenario.to_string(),
            actions: 0,
            inputs: 0,
            accepted: 0,
            undone: 0,
            over: false,
            result: String::new(),
            longest_idle: 0,
        };
        let mut idle = 0;
        while self.game_actions < budget {
            if game_over(t) && t.window().global::<View>().get_screen() == Screen::Victory {
                report.over = true;
                break;
            }
            let (accepted, undone) = self.act(t)?;
            report.accepted += accepted;
            report.undone += undone;
            idle = if accepted + undone > 0 { 0 } else { idle + 1 };
            report.longest_idle = report.longest_idle.max(idle);
        }
        if report.over {
            // A few gestures on the victory screen: its rule, the table's buttons and keys.
            for _ in 0..4 {
                self.act(t)?;
            }
        }
        report.over |= game_over(t);
        report.actions = self.game_actions;
        // Back into the game if the monkey had just left it.
        if t.window().global::<View>().get_screen() == Screen::Start && self.left.is_some() {
            self.tap_label(t.window(), "Resume");
            self.check_resumed(t)?;
        }
        self.check_journal(t)?;
        report.inputs = t.with_session(|s| s.map_or(0, |s| s.inputs().len()));
        report.result = if report.over {
            label_starting(t.window(), "victory ").unwrap_or_else(|| "game over".into())
        } else {
            t.with_session(|s| {
                s.map_or("no game".into(), |s| {
                    let g = s.game();
                    format!("Game-Turn {}, {:?}", g.state.turn, g.state.phase)
                })
            })
        };
        Ok(report)
    }

    /// From any screen to a new game of `scenario`, with random options, at its set-up.
    fn new_game(&mut self, t: &Table, scenario: &str) -> Result<(), String> {
        let w = t.window();
        let v = w.global::<View>();
        for _ in 0..40 {
            self.close_overlays(w);
            match v.get_screen() {
                Screen::Start => break,
                Screen::Victory => {
                    self.tap_label(w, "New game");
                }
                Screen::About => {
                    self.tap_label(w, "Back");
                }
                // A roll or a draw lies over the menu: answer it first.
                _ if v.get_dialog() != Dialog::None => {
                    if self.plan.is_empty() {
                        self.progress(t);
                    } else {
                        self.next_step(t);
                    }
                }
                _ => {
                    self.tap_label(w, "menu");
                    self.tap_label(w, "Back to start");
                }
            }
        }
        self.plan.clear();
        if v.get_screen() != Screen::Start {
            return Err(self.fail("the start screen cannot be reached"));
        }
        let data = ui::builtin_data().map_err(|e| self.fail(e))?;
        let name = data
            .scenario(scenario)
            .map(|s| s.name.to_string())
            .ok_or_else(|| self.fail(format!("no scenario {scenario}")))?;
        self.tap_label(w, &name);
        // The switches of the game's optional rules (the start screen's option rows).
        let option_on = |key: &str| {
            v.get_game_options()
                .iter()
                .find(|o| o.key.as_str() == key)
                .is_some_and(|o| o.on)
        };
        let gas = self.rng.gen_bool(0.25);
        if option_on("poison-gas") != gas {
            self.tap_label(w, "Poison gas (optional rule)");
        }
        let sequential = self.rng.gen_bool(0.2);
        if option_on("sequential-combat") != sequential {
            self.tap_label(w, "Sequential combat (resolve each attack as declared)");
        }
        let dice = ["Dice: Table rolls", "Dice: Real dice"][usize::from(self.rng.gen_bool(0.3))];
        let chits = ["Chits: Table draws", "Chits: Real cup"][usize::from(self.rng.gen_bool(0.3))];
        let seats = ["Seats: Opposite", "Seats: Same side", "Seats: Off"]
            .choose(&mut self.rng)
            .copied()
            .unwrap_or("Seats: Same side");
        for l in [dice, chits, seats] {
            self.tap_label(w, l);
        }
        self.tap_label(w, "Set up");
        self.left = None;
        let started = t.with_session(|s| s.map(|s| s.header().scenario.clone()));
        if started.as_deref() != Some(scenario) {
            return Err(self.fail(format!(
                "'Set up' did not start {scenario}: {started:?}; on screen {:?}",
                labels(w)
            )));
        }
        self.remember(format!(
            "new game {scenario}: {dice}, {chits}, {seats}, gas {gas}, sequential {sequential}"
        ));
        Ok(())
    }

    /// One gesture, then the checks. Returns (inputs accepted, inputs undone).
    fn act(&mut self, t: &Table) -> Result<(usize, usize), String> {
        let before = t.with_session(|s| {
            s.map(|s| Before {
                inputs: s.inputs().len(),
                game: s.game().clone(),
            })
        });
        if let Some(b) = &before {
            self.zoc.observe(&b.game);
        }
        self.total += 1;
        self.game_actions += 1;
        let what = self.gesture(t)?;
        self.remember(what);
        self.check(t, before)
    }

    fn remember(&mut self, what: String) {
        if self.trail.len() == 12 {
            self.trail.pop_front();
        }
        self.trail
            .push_back(format!("#{} {what}", self.game_actions));
    }

    fn count(&mut self, kind: &'static str) {
        *self.kinds.entry(kind).or_default() += 1;
    }

    // ---- choosing a gesture ------------------------------------------------------------------

    /// Picks and makes one gesture; returns what it was.
    fn gesture(&mut self, t: &Table) -> Result<String, String> {
        let w = t.window();
        let v = w.global::<View>();
        if let Some(what) = self.overlay_gesture(t) {
            return Ok(what);
        }
        Ok(match v.get_screen() {
            Screen::Start => {
                self.count("start screen");
                if !v.get_can_resume() {
                    // The game was left before its first input: nothing to resume.
                    let scenario = self.scenario.clone();
                    self.new_game(t, &scenario)?;
                    "the game again (nothing to resume)".into()
                } else if self.rng.gen_bool(0.9) {
                    self.tap_label(w, "Resume");
                    "Resume".into()
                } else {
                    self.tap_label(w, "About");
                    "About".into()
                }
            }
            Screen::About => {
                self.count("about");
                self.tap_label(w, "Back");
                "Back (About)".into()
            }
            Screen::Victory => {
                self.count("victory");
                let buttons = if self.victory_buttons { 0 } else { 3 };
                match self.rng.gen_range(buttons..5) {
                    0 => {
                        self.gpio(t, Button::Undo);
                        "GPIO undo (victory screen)".into()
                    }
                    1 => {
                        self.key(w, "u");
                        "key u (victory screen)".into()
                    }
                    2 => {
                        self.gpio(t, Button::Confirm);
                        "GPIO confirm (victory screen)".into()
                    }
                    _ => {
                        if let Some(l) = label_starting(w, "Victory conditions") {
                            self.tap_label(w, &l);
                        }
                        "victory conditions".into()
                    }
                }
            }
            _ => {
                if !self.plan.is_empty() && self.rng.gen_bool(0.92) {
                    return Ok(self.next_step(t));
                }
                let r: f64 = self.rng.gen();
                if r < 0.68 {
                    self.progress(t)
                } else if r < 0.83 {
                    self.any_button(w)
                } else {
                    self.noise(t)
                }
            }
        })
    }

    /// A gesture for whatever lies over the game (secret result, log, rules, menu, card,
    /// tracks), or None when nothing does.
    fn overlay_gesture(&mut self, t: &Table) -> Option<String> {
        let w = t.window();
        let v = w.global::<View>();
        let r: f64 = self.rng.gen();
        if v.get_rules_visible() || v.get_log_visible() || v.get_tracks_visible() {
            self.count("overlay");
            if r < 0.55 {
                self.tap_last(w, "Close");
                return Some("Close".into());
            }
            if r < 0.65 {
                self.key(w, "\u{1b}");
                return Some("key Escape".into());
            }
            if r < 0.75 {
                let s = self.random_point(w);
                let dy = self.rng.gen_range(-300.0..300.0);
                self.drag(w, s, (s.0, s.1 + dy), 8);
                return Some("scroll".into());
            }
            let seen = scan(w);
            let inside: Vec<&Seen> = seen
                .iter()
                .filter(|s| {
                    s.button
                        && (s.label.starts_with("rule ") || s.label == "hold to reveal")
                        && s.label != "rule "
                })
                .collect();
            if let Some(s) = inside.choose(&mut self.rng) {
                let s = (*s).clone();
                if s.label == "hold to reveal" {
                    self.long_press(w, s.centre(), 900);
                } else {
                    self.tap_point(w, s.centre());
                }
                return Some(format!("tap '{}' (overlay)", s.label));
            }
            self.tap_last(w, "Close");
            return Some("Close".into());
        }
        if v.get_menu_visible() {
            self.count("menu");
            let pick = if r < 0.5 {
                "Close"
            } else if r < 0.7 {
                "Rules reference"
            } else if r < 0.85 {
                "About and stand-in data"
            } else {
                "Back to start"
            };
            self.tap_label(w, pick);
            return Some(format!("menu: {pick}"));
        }
        if v.get_secret_visible() {
            self.count("secret");
            if r < 0.55 {
                self.tap_label(w, "Done");
                return Some("Done (secret)".into());
            }
            if r < 0.75 {
                if let Some(s) = find(w, "hold to reveal") {
                    self.long_press(w, s.centre(), 1200);
                }
                return Some("hold to reveal".into());
            }
            if r < 0.87 {
                self.gpio(t, Button::Confirm);
                return Some("GPIO confirm".into());
            }
            self.key(w, "\n");
            return Some("key Enter".into());
        }
        if v.get_card_visible() {
            self.count("card");
            if r < 0.4 && shows(w, "Resolve: roll the die") {
                self.tap_label(w, "Resolve: roll the die");
                return Some("card: Resolve".into());
            }
            if r < 0.8 {
                self.tap_last(w, "Close");
                return Some("card: Close".into());
            }
            self.gpio(t, Button::Confirm);
            return Some("card: GPIO confirm".into());
        }
        None
    }

    /// Does what the game waits for: the agent's input, entered on the screen as a plan.
    fn progress(&mut self, t: &Table) -> String {
        self.count("progress");
        let w = t.window();
        let setup = t.with_session(|s| s.is_some_and(|s| s.game().state.phase == Phase::Setup));
        if setup && self.rng.gen_bool(0.6) {
            // Most set-ups by Auto-place: placing every unit by hand takes hundreds of taps.
            self.plan.clear();
            self.plan
                .push_back(Step::TapIfShown("Auto-place".to_string()));
            self.plan.push_back(Step::Primary);
            return self.next_step(t);
        }
        let intent = t.with_session(|s| {
            let g = s?.game();
            let candidates = self.agent.candidates(g);
            candidates
                .into_iter()
                .find(|i| ui::ask::accepts(g, i).is_ok())
        });
        let Some(input) = intent else {
            // Nothing the agent knows: close the step.
            self.tap_primary(w);
            return "primary (no intent)".into();
        };
        self.plan = self.plan_for(t, &input).into();
        if self.plan.is_empty() {
            self.tap_primary(w);
            return format!("primary (no plan for {input:?})");
        }
        self.next_step(t)
    }
}

impl Drop for Monkey<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() && !self.reported.get() {
            eprintln!("PANIC during the monkey's play:\n{}", self.context());
        }
    }
}

/// Plays `per_game` gestures a game, for `SCENARIOS.len()` games' worth, back to back: each
/// game to the victory screen or to `per_game` gestures, then the next scenario.
pub fn play_back_to_back(
    monkey: &mut Monkey<'_>,
    t: &Table,
    per_game: usize,
    mut after_game: impl FnMut(&GameReport),
) -> Result<Vec<GameReport>, String> {
    let mut left = per_game * SCENARIOS.len();
    let mut reports = Vec::new();
    let mut i = 0;
    while left > 0 {
        let scenario = SCENARIOS[i % SCENARIOS.len()];
        let r = monkey.play_game(t, scenario, per_game.min(left))?;
        left = left.saturating_sub(r.actions.max(1));
        after_game(&r);
        reports.push(r);
        i += 1;
    }
    Ok(reports)
}

const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const KEYS: [&str; 12] = [
    "r", "d", "u", "\n", "\u{1b}", "1", "3", "6", "0", "x", " ", "\t",
];

fn game_over(t: &Table) -> bool {
    t.with_session(|s| s.is_some_and(|s| matches!(s.pending(), Pending::GameOver)))
}

fn combat_step(g: &Game<'_>) -> Option<CombatStep> {
    (g.state.phase == Phase::Combat).then(|| g.combat_step())
}

/// Everything with a label and a size, in screen order: its middle inside the window, or
/// scrolled out of view (`scan_all`).
fn scan(w: &AppWindow) -> Vec<Seen> {
    scan_all(w).into_iter().filter(|s| s.inside).collect()
}

fn scan_all(w: &AppWindow) -> Vec<Seen> {
    let size = w.window().size().to_logical(w.window().scale_factor());
    w.root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_label().is_some_and(|l| !l.is_empty()))
        .find_all()
        .into_iter()
        .filter_map(|e| {
            let (p, s) = (e.absolute_position(), e.size());
            let (cx, cy) = (p.x + s.width / 2.0, p.y + s.height / 2.0);
            (s.width > 0.0 && s.height > 0.0).then(|| Seen {
                label: e.accessible_label().unwrap_or_default().to_string(),
                x: p.x,
                y: p.y,
                w: s.width,
                h: s.height,
                button: e.accessible_role() == Some(AccessibleRole::Button),
                enabled: e.accessible_enabled() != Some(false),
                inside: (0.0..size.width).contains(&cx) && (0.0..size.height).contains(&cy),
            })
        })
        .collect()
}

fn find(w: &AppWindow, label: &str) -> Option<Seen> {
    scan(w).into_iter().rfind(|s| s.label == label)
}

fn shows(w: &AppWindow, label: &str) -> bool {
    find(w, label).is_some()
}

fn label_starting(w: &AppWindow, prefix: &str) -> Option<String> {
    scan(w)
        .into_iter()
        .find(|s| s.label.starts_with(prefix))
        .map(|s| s.label)
}

fn labels(w: &AppWindow) -> Vec<String> {
    scan(w).into_iter().take(60).map(|s| s.label).collect()
}

/// The map's rectangle in the window: x, y, width, height.
fn map_rect(w: &AppWindow) -> (f32, f32, f32, f32) {
    match find(w, "map") {
        Some(m) => (m.x, m.y, m.w, m.h),
        None => {
            let size = w.window().size().to_logical(w.window().scale_factor());
            (0.0, 0.0, size.width, size.height)
        }
    }
}

/// Where hex `h` is in the window, from a counter or highlight on the map whose hex is
/// known (each is drawn centred on its hex), if `h` lies inside the map's view.
fn hex_point(t: &Table, w: &AppWindow, h: HexId) -> Option<(f32, f32)> {
    let zoom = w.global::<View>().get_zoom();
    let (mx, my, mw, mh) = map_rect(w);
    let geo = t.with_session(|s| s.map(|s| s.data().map.geometry))?;
    let seen = scan(w);
    let in_map = |(x, y): (f32, f32)| {
        // Not under the zoom buttons in the bottom left corner.
        let under_buttons = x < mx + 60.0 && y > my + mh - 180.0;
        x > mx + 2.0 && x < mx + mw - 2.0 && y > my + 2.0 && y < my + mh - 2.0 && !under_buttons
    };
    let anchor = seen.iter().find_map(|s| {
        let on_map = s.button
            && (s.label.starts_with("unit ") && s.label.contains(" in ")
                || s.label.contains(" hex "))
            && in_map(s.centre());
        let hex = geo.parse(s.label.rsplit(' ').next()?)?;
        on_map.then_some((s.centre(), hex))
    });
    let p = match anchor {
        Some(((ax, ay), ah)) => {
            let (a, b) = (t.hex_center(ah), t.hex_center(h));
            (ax + (b.0 - a.0) * zoom, ay + (b.1 - a.1) * zoom)
        }
        // Nothing drawn on the map: the hex was scrolled to the middle of the view.
        None => (mx + mw / 2.0, my + mh / 2.0),
    };
    in_map(p).then_some(p)
}
