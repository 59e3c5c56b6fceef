//! Frame times for panning and zooming the whole map with every counter on it, at 1280x800:
//!
//! ```sh
//! cargo run -p ui --release --example frame_bench -- software   # in-process software renderer
//! cargo run -p ui --release --example frame_bench -- femtovg    # FemtoVG in an X window (Mesa)
//! ```
//!
//! Prints the time from start to the first frame, frame times (mean, 95th percentile, worst)
//! for a pan across the map and a zoom sweep, and the resident memory with a scenario loaded.
//! Budgets (issue 5): ≤ 8 ms a frame, ≤ 300 ms to the first frame, ≤ 60 MB resident.

use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType, Rgb565Pixel};
use slint::platform::{Platform, WindowAdapter};
use slint::{ComponentHandle, PhysicalSize};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};
use ui::session::NullPersist;
use ui::{Seats, Table, UiConfig, View};

const W: u32 = 1280;
const H: u32 = 800;
const FRAMES: usize = 150;

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn stats(name: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        println!("{name}: no frames");
        return;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / times.len() as f64;
    let p95 = ms(times[(times.len() * 95 / 100).min(times.len() - 1)]);
    let worst = ms(times[times.len() - 1]);
    println!(
        "{name:<28} frames {:>4}  mean {mean:6.2} ms  p95 {p95:6.2} ms  worst {worst:6.2} ms",
        times.len()
    );
}

/// A table with Operation Unity set up (auto-place for both sides), in play.
fn game_table(renderer: &'static str) -> Table {
    let data = match ui::builtin_data() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let config = UiConfig {
        seed: Some(85),
        seats: Seats::Same,
        scenario: Some("unity".into()),
        ..UiConfig::default()
    };
    let table = match Table::new(config, data, Box::new(NullPersist), None, renderer) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    table
        .window()
        .window()
        .set_size(slint::LogicalSize::new(W as f32, H as f32));
    table
}

fn set_up(table: &Table) {
    let a = table.window().global::<ui::Actions>();
    a.invoke_start_game();
    for _ in 0..6 {
        if table.with_session(|s| {
            s.is_some_and(|s| s.game().state.phase != engine::berlin85::Phase::Setup)
        }) {
            break;
        }
        a.invoke_auto_place();
        a.invoke_primary();
    }
    let on_map = table.with_session(|s| s.map_or(0, |s| s.game().units_on_map().count()));
    println!("scenario loaded: Operation Unity, {on_map} counters on the map");
}

struct Bench {
    window: Rc<MinimalSoftwareWindow>,
    start: Instant,
}

impl Platform for Bench {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, slint::PlatformError> {
        Ok(self.window.clone())
    }
    fn duration_since_start(&self) -> Duration {
        self.start.elapsed()
    }
}

fn software(started: Instant) {
    let window = MinimalSoftwareWindow::new(RepaintBufferType::NewBuffer);
    window.set_size(PhysicalSize::new(W, H));
    if slint::platform::set_platform(Box::new(Bench {
        window: window.clone(),
        start: Instant::now(),
    }))
    .is_err()
    {
        eprintln!("platform already set");
        return;
    }
    let mut buffer = vec![Rgb565Pixel::default(); (W * H) as usize];
    let mut frame = |window: &MinimalSoftwareWindow| -> Duration {
        slint::platform::update_timers_and_animations();
        let t = Instant::now();
        window.draw_if_needed(|r| {
            r.render(&mut buffer, W as usize);
        });
        t.elapsed()
    };
    let table = game_table("software");
    if table.window().show().is_err() {
        return;
    }
    frame(&window);
    println!(
        "software: start to first frame (start screen): {:.0} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    set_up(&table);
    let v = table.window().global::<View>();
    v.set_zoom(1.6);
    window.request_redraw();
    frame(&window);
    let (mw, mh) = (v.get_map_width(), v.get_map_height());
    let mut pan = Vec::new();
    for i in 0..FRAMES {
        let f = i as f32 / FRAMES as f32;
        table
            .window()
            .invoke_center_on(mw * (0.2 + 0.6 * f), mh * (0.3 + 0.4 * f));
        window.request_redraw();
        pan.push(frame(&window));
    }
    stats("software pan (zoom 1.6)", pan);
    let mut zoom = Vec::new();
    for i in 0..FRAMES {
        let f = (i as f32 / FRAMES as f32 * std::f32::consts::TAU).sin() * 0.5 + 0.5;
        v.set_zoom(0.35 + 2.6 * f);
        table.window().invoke_center_on(mw / 2.0, mh / 2.0);
        window.request_redraw();
        zoom.push(frame(&window));
    }
    stats("software zoom 0.35-2.95", zoom);
    v.set_zoom(0.3);
    table.window().invoke_fit_map();
    window.request_redraw();
    let whole = frame(&window);
    println!(
        "software whole map frame: {:.2} ms",
        whole.as_secs_f64() * 1000.0
    );
    println!(
        "software resident memory with the scenario loaded: {:.1} MB",
        rss_mb()
    );
}

fn femtovg(started: Instant) {
    let renderer = match ui::select_backend(ui::Renderer::FemtoVg) {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "femtovg: no window system ({e}); run under X (scripts/xvfb-screens.sh bench)"
            );
            return;
        }
    };
    if renderer != "femtovg" {
        eprintln!("femtovg: not available, got {renderer}");
        return;
    }
    let table = game_table("femtovg");
    let first: Rc<RefCell<Option<Duration>>> = Rc::default();
    let frames: Rc<RefCell<Vec<(Instant, Instant)>>> = Rc::default();
    let begin: Rc<RefCell<Option<Instant>>> = Rc::default();
    {
        let (first, frames, begin) = (first.clone(), frames.clone(), begin.clone());
        let res = table
            .window()
            .window()
            .set_rendering_notifier(move |state, _| match state {
                slint::RenderingState::BeforeRendering => {
                    *begin.borrow_mut() = Some(Instant::now())
                }
                slint::RenderingState::AfterRendering => {
                    let now = Instant::now();
                    first.borrow_mut().get_or_insert(started.elapsed());
                    if let Some(b) = begin.borrow_mut().take() {
                        frames.borrow_mut().push((b, now));
                    }
                }
                _ => {}
            });
        if let Err(e) = res {
            eprintln!("femtovg: no rendering notifier ({e:?})");
            return;
        }
    }
    let step = Rc::new(RefCell::new(0usize));
    let timer = slint::Timer::default();
    let weak = table.window().as_weak();
    let (frames2, first2) = (frames.clone(), first.clone());
    let set_up_done = Rc::new(RefCell::new(false));
    let table = Rc::new(table);
    let t2 = table.clone();
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(1),
        move || {
            let Some(w) = weak.upgrade() else { return };
            if first2.borrow().is_none() {
                return;
            }
            if !*set_up_done.borrow() {
                set_up(&t2);
                w.global::<View>().set_zoom(1.6);
                *set_up_done.borrow_mut() = true;
                frames2.borrow_mut().clear();
                return;
            }
            let mut s = step.borrow_mut();
            let v = w.global::<View>();
            let (mw, mh) = (v.get_map_width(), v.get_map_height());
            let i = *s % FRAMES;
            let f = i as f32 / FRAMES as f32;
            if *s < FRAMES {
                w.invoke_center_on(mw * (0.2 + 0.6 * f), mh * (0.3 + 0.4 * f));
            } else if *s < 2 * FRAMES {
                v.set_zoom(0.35 + 2.6 * ((f * std::f32::consts::TAU).sin() * 0.5 + 0.5));
                w.invoke_center_on(mw / 2.0, mh / 2.0);
            } else {
                let _ = slint::quit_event_loop();
                return;
            }
            *s += 1;
            w.window().request_redraw();
        },
    );
    if let Err(e) = table.run() {
        eprintln!("femtovg: {e}");
        return;
    }
    if let Some(f) = *first.borrow() {
        println!(
            "femtovg: start to first frame (start screen): {:.0} ms",
            f.as_secs_f64() * 1000.0
        );
    }
    let all = frames.borrow();
    let render: Vec<Duration> = all.iter().map(|(b, a)| *a - *b).collect();
    let interval: Vec<Duration> = all.windows(2).map(|w| w[1].1 - w[0].1).collect();
    let half = render.len() / 2;
    stats(
        "femtovg pan: render",
        render[..half.min(render.len())].to_vec(),
    );
    stats(
        "femtovg zoom: render",
        render[half.min(render.len())..].to_vec(),
    );
    stats("femtovg frame interval", interval);
    println!(
        "femtovg resident memory with the scenario loaded: {:.1} MB",
        rss_mb()
    );
}

fn main() {
    let started = Instant::now();
    match std::env::args().nth(1).as_deref() {
        Some("femtovg") => femtovg(started),
        _ => software(started),
    }
}
