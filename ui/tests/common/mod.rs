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
