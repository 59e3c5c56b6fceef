//! Helpers for the headless UI tests: the Slint testing backend with the software renderer
//! (so snapshots work), taps by accessible label, and PNG snapshots into `target/ui-snapshots`.
#![allow(dead_code)]

use i_slint_backend_testing::{ElementHandle, ElementRoot, TestingBackend, TestingBackendOptions};
use slint::platform::PointerEventButton;
use slint::ComponentHandle;
use std::path::PathBuf;
use std::time::Duration;
use ui::session::MemoryPersist;
use ui::{AppWindow, Table, UiConfig};

/// Installs the testing backend on this thread (each test runs on its own thread).
pub fn init() {
    let backend = TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    });
    slint::platform::set_platform(Box::new(backend))
        .expect("the platform is set once per test thread");
}

/// A table on the built-in data at the given size, with saves in memory.
pub fn table(w: f32, h: f32, config: UiConfig) -> (Table, MemoryPersist) {
    init();
    let data = ui::builtin_data().expect("built-in data");
    let persist = MemoryPersist::default();
    let t = Table::new(config, data, Box::new(persist.clone()), None, "software").expect("window");
    t.window().window().set_size(slint::LogicalSize::new(w, h));
    t.window().show().expect("show");
    settle();
    (t, persist)
}

/// A table on Operation Unity (seed 85, both sides on the same side of the screen).
pub fn unity(w: f32, h: f32) -> (Table, MemoryPersist) {
    table(
        w,
        h,
        UiConfig {
            seed: Some(85),
            seats: ui::Seats::Same,
            scenario: Some("unity".into()),
            ..UiConfig::default()
        },
    )
}

/// From the start screen, both sides set up by Auto-place: the Warsaw Pact's first move.
pub fn auto_set_up(w: &AppWindow) {
    tap(w, "Set up");
    for _ in 0..2 {
        tap(w, "Auto-place");
        tap(w, "Done");
    }
}

/// Lets timers, change handlers and lazily built items catch up.
pub fn settle() {
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(120));
}

pub fn find(w: &AppWindow, label: &str) -> Option<ElementHandle> {
    ElementHandle::find_by_accessible_label(w, label).find(|e| e.is_valid() && e.size().width > 0.0)
}

/// Every visible element whose accessible label starts with `prefix`.
pub fn find_all(w: &AppWindow, prefix: &str) -> Vec<ElementHandle> {
    let prefix = prefix.to_string();
    w.root_element()
        .query_descendants()
        .match_predicate(move |e| {
            e.accessible_label()
                .is_some_and(|l| l.starts_with(prefix.as_str()))
        })
        .find_all()
        .into_iter()
        .filter(|e| e.size().width > 0.0)
        .collect()
}

/// Is an element with this exact label on screen?
pub fn shows(w: &AppWindow, label: &str) -> bool {
    find(w, label).is_some()
}

/// The first label on screen starting with `prefix`.
pub fn label_starting(w: &AppWindow, prefix: &str) -> Option<String> {
    find_all(w, prefix)
        .first()
        .and_then(|e| e.accessible_label())
        .map(|s| s.to_string())
}

/// Taps the element with this label, panicking with what is on screen if it is not there.
pub fn tap(w: &AppWindow, label: &str) {
    let Some(e) = find(w, label) else {
        panic!(
            "nothing labelled '{label}' on screen; buttons: {:?}",
            labels(w, 60)
        );
    };
    e.mock_single_click(PointerEventButton::Left);
    settle();
}

pub fn tap_element(e: &ElementHandle) {
    e.mock_single_click(PointerEventButton::Left);
    settle();
}

/// The labels on screen (for failure messages).
pub fn labels(w: &AppWindow, max: usize) -> Vec<String> {
    find_all(w, "")
        .into_iter()
        .filter_map(|e| e.accessible_label())
        .filter(|l| !l.is_empty())
        .take(max)
        .map(|l| l.to_string())
        .collect()
}

/// Saves what the window shows as `target/ui-snapshots/<name>.png`.
pub fn snapshot(w: &AppWindow, name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/ui-snapshots");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{name}.png"));
    let shot = w.window().take_snapshot().expect("snapshot");
    let (width, height) = (shot.width(), shot.height());
    let mut bytes = Vec::with_capacity((width * height * 4) as usize);
    for p in shot.as_slice() {
        bytes.extend_from_slice(&[p.r, p.g, p.b, p.a]);
    }
    if let Some(pm) = tiny_skia::IntSize::from_wh(width, height)
        .and_then(|s| tiny_skia::Pixmap::from_vec(bytes, s))
    {
        let _ = pm.save_png(&path);
    }
    path
}

/// Taps a window point (logical pixels).
pub fn tap_at(w: &AppWindow, x: f32, y: f32) {
    use slint::platform::WindowEvent;
    let position = slint::LogicalPosition::new(x, y);
    let button = PointerEventButton::Left;
    w.window()
        .dispatch_event(WindowEvent::PointerMoved { position });
    w.window()
        .dispatch_event(WindowEvent::PointerPressed { position, button });
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(50));
    w.window()
        .dispatch_event(WindowEvent::PointerReleased { position, button });
    settle();
}

/// Taps the middle of the map (after `Table::center_on_hex`, the hex centred on).
pub fn tap_map_center(w: &AppWindow) {
    let m = find(w, "map").expect("the map is on screen");
    let (p, s) = (m.absolute_position(), m.size());
    tap_at(w, p.x + s.width / 2.0, p.y + s.height / 2.0);
}

// ---- Reading the game (only to know where to tap) and tapping hexes ----------------------

use engine::berlin85::combat::CombatStep;
use engine::berlin85::{Pending85, Phase};
use engine::core::hex::HexId;
use engine::core::units::UnitId;

/// The unit with this counter name.
pub fn unit(t: &Table, name: &str) -> UnitId {
    t.with_session(|s| {
        let d = s?.data();
        d.roster
            .ids()
            .find(|&u| d.roster.get(u).is_some_and(|x| x.name.as_str() == name))
    })
    .unwrap_or_else(|| panic!("no unit {name}"))
}

/// The hex with this number ("3315").
pub fn hex(t: &Table, text: &str) -> HexId {
    t.with_session(|s| s?.data().map.geometry.parse(text))
        .unwrap_or_else(|| panic!("no hex {text}"))
}

pub fn hex_of(t: &Table, u: UnitId) -> Option<HexId> {
    t.with_session(|s| s?.game().hex_of(u))
}

/// The hex's number as the screen writes it.
pub fn name_of(t: &Table, h: HexId) -> String {
    t.hex_label(h)
}

pub fn pending(t: &Table) -> Option<Pending85> {
    t.with_session(|s| s.map(|s| s.pending()))
}

/// Game-Turn, phase and (in the Combat Phase) combat step.
pub fn phase(t: &Table) -> (u8, Phase, Option<CombatStep>) {
    t.with_session(|s| {
        let g = s.expect("a game").game();
        let step = (g.state.phase == Phase::Combat).then(|| g.combat_step());
        (g.state.turn, g.state.phase, step)
    })
}

/// Taps a hex of the map: scroll it into view, then tap the counter or highlight drawn on
/// it (the map's touch area on top takes the tap), or the middle of the view.
pub fn tap_hex(t: &Table, w: &AppWindow, h: HexId) {
    t.center_on_hex(h);
    // A player's taps are not a double tap (which zooms the map).
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(800));
    settle();
    let suffix = format!(" {}", name_of(t, h));
    let m = find(w, "map").expect("the map is on screen");
    let (mp, ms) = (m.absolute_position(), m.size());
    let on_hex = w
        .root_element()
        .query_descendants()
        .match_predicate(move |e| {
            e.accessible_label().is_some_and(|l| {
                l.ends_with(suffix.as_str())
                    && (l.starts_with("unit ")
                        || l.contains(" hex ")
                        || l.starts_with("artillery "))
            })
        })
        .find_all()
        .into_iter()
        .rfind(|e| {
            let (p, sz) = (e.absolute_position(), e.size());
            let (x, y) = (p.x + sz.width / 2.0, p.y + sz.height / 2.0);
            sz.width > 0.0
                && x > mp.x + 60.0
                && x < mp.x + ms.width - 4.0
                && y > mp.y + 4.0
                && y < mp.y + ms.height - 4.0
        });
    match on_hex {
        Some(e) => tap_element(&e),
        None => tap_map_center(w),
    }
}

// ---- Bringing a game to a situation (engine only), then resuming it on the table ---------

use engine::berlin85::{Game, Input85, Options};
use engine::core::protocol::Pending as EnginePending;
use ui::session::MemoryPersist as Memory;
use ui::{Header, Randomness, Resume, Seats};

/// Plays `scenario` with the random agent until `stop` holds before an input, and returns
/// the journal (or None when the game ends first).
pub fn journal_until(
    scenario: &str,
    options: Options,
    seed: u64,
    stop: impl Fn(&Game<'_>) -> bool,
) -> Option<Vec<Input85>> {
    let data = tests::berlin85();
    let mut g = Game::new(data, scenario, options).ok()?;
    let mut agent = tests::RandomAgent::new(seed);
    let mut journal = Vec::new();
    while journal.len() < 4000 {
        if matches!(g.pending(), EnginePending::GameOver) {
            return None;
        }
        if stop(&g) {
            return Some(journal);
        }
        let accepted = agent
            .candidates(&g)
            .into_iter()
            .find(|i| g.apply(i).is_ok())?;
        journal.push(accepted);
    }
    None
}

/// A journal reaching `stop`, trying seeds until one does.
pub fn situation(scenario: &str, stop: impl Fn(&Game<'_>) -> bool) -> Vec<Input85> {
    situation_with(scenario, Options::default(), stop)
}

pub fn situation_with(
    scenario: &str,
    options: Options,
    stop: impl Fn(&Game<'_>) -> bool,
) -> Vec<Input85> {
    (1..40)
        .find_map(|seed| journal_until(scenario, options, seed, &stop))
        .unwrap_or_else(|| panic!("no playout of {scenario} reached the situation"))
}

/// The table resumed at the end of `journal`, as the start screen's Resume does.
pub fn resumed(scenario: &str, journal: Vec<Input85>) -> Table {
    resumed_with(scenario, Options::default(), journal)
}

pub fn resumed_with(scenario: &str, options: Options, journal: Vec<Input85>) -> Table {
    init();
    let data = ui::builtin_data().expect("built-in data");
    let mut header = Header::new(scenario, options, 7);
    header.dice = Randomness::Physical;
    header.seats = Seats::Same;
    let config = UiConfig {
        seed: Some(7),
        seats: Seats::Same,
        scenario: Some(scenario.into()),
        dice: Randomness::Physical,
        auto_resume: true,
        ..UiConfig::default()
    };
    let resume = Resume {
        header,
        inputs: journal,
        snapshot: None,
    };
    let persist = Memory::default();
    let t = Table::new(config, data, Box::new(persist), Some(resume), "software").expect("window");
    t.window()
        .window()
        .set_size(slint::LogicalSize::new(1280.0, 800.0));
    t.window().show().expect("show");
    settle();
    t
}

/// The log lines of the session (newest last), as the event log shows them.
pub fn log_lines(t: &Table) -> Vec<String> {
    t.with_session(|s| {
        s.expect("a game")
            .log()
            .iter()
            .map(|e| e.event.to_string())
            .collect()
    })
}

/// Taps hex `h` of a framed game's map: scrolls it into view and sends the map's tap at its
/// centre (the map's own touch area reports taps in map image coordinates; a hex at the map's
/// edge cannot be scrolled to the middle of the view, so the tap is not aimed at the view).
pub fn tap_map_hex(t: &Table, w: &AppWindow, h: HexId) {
    t.center_on_hex(h);
    let (x, y) = t.hex_center(h);
    w.global::<ui::Actions>().invoke_map_tapped(x, y);
    settle();
}

/// The labels, without `prefix`, of every element whose label starts with it, on or off the
/// view (marks on the map, rows scrolled out of the panel).
pub fn find_all_any(w: &AppWindow, prefix: &str) -> Vec<String> {
    let p = prefix.to_string();
    w.root_element()
        .query_descendants()
        .match_predicate(move |e| {
            e.accessible_label()
                .is_some_and(|l| l.starts_with(p.as_str()))
        })
        .find_all()
        .into_iter()
        .filter_map(|e| e.accessible_label())
        .map(|l| l.trim_start_matches(prefix).to_string())
        .collect()
}

/// The counters of the framed panel's tray (off the map: to set up, drawn, arriving), on
/// screen or scrolled below it.
pub fn find_all_tray(w: &AppWindow) -> Vec<ElementHandle> {
    w.root_element()
        .query_descendants()
        .match_predicate(|e| e.accessible_label().is_some_and(|l| l.starts_with("take ")))
        .find_all()
}

/// The labels of the framed offer panel's actions (without the "action " prefix).
pub fn offered(w: &AppWindow) -> Vec<String> {
    find_all(w, "action ")
        .into_iter()
        .filter_map(|e| e.accessible_label())
        .map(|l| l.trim_start_matches("action ").to_string())
        .collect()
}

/// The hex numbers the map shades as the armed action's targets.
pub fn shaded_targets(w: &AppWindow) -> Vec<String> {
    use slint::Model;
    let marks = w.global::<ui::View>().get_marks();
    marks
        .iter()
        .filter_map(|m| {
            let l = m.label.to_string();
            ["target hex ", "reach hex ", "unit target hex "]
                .iter()
                .find_map(|p| l.strip_prefix(p).map(str::to_string))
        })
        .collect()
}

/// A table at 1280x800 with one seat for everyone and the table's dice and chits seeded: the
/// framed games' whole-game tap tests.
pub fn seeded_table(seed: u64) -> (Table, MemoryPersist) {
    table(
        1280.0,
        800.0,
        UiConfig {
            seed: Some(seed),
            seats: ui::Seats::Same,
            ..UiConfig::default()
        },
    )
}

/// What a game waits for, as a word (read to know which tap comes next).
pub fn waiting_word<C>(pending: Option<EnginePending<C>>) -> &'static str {
    match pending {
        None => "no game",
        Some(EnginePending::Command { .. }) => "commands",
        Some(EnginePending::Roll { .. }) => "roll",
        Some(EnginePending::DrawChit { .. }) => "draw",
        Some(EnginePending::Choose { .. }) => "choose",
        Some(EnginePending::GameOver) => "over",
    }
}
