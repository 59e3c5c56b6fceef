//! What the benchmarks in `ui/examples` share (`frame_bench`, `soak`): the load average and
//! resident memory beside every figure, frame statistics, the `BUDGET ... PASS|OVER` lines,
//! a platform for the in-process software renderer, and the pan and zoom sweeps.
#![allow(dead_code)]

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::platform::{Platform, WindowAdapter};
use slint::ComponentHandle;
use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};
use ui::View;

pub const W: u32 = 1280;
pub const H: u32 = 800;
/// Frames in a pan or a zoom sweep.
pub const FRAMES: usize = 150;

/// Frames in a sweep of this run: `BENCH_FRAMES`, else [`FRAMES`] (the renderer × size ×
/// orientation matrix of `scripts/xvfb-screens.sh bench` runs shorter sweeps).
pub fn frames() -> usize {
    std::env::var("BENCH_FRAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n >= 20)
        .unwrap_or(FRAMES)
}

/// Budgets of issue 5.
pub const FRAME_BUDGET_MS: f64 = 8.0;
pub const FIRST_FRAME_BUDGET_MS: f64 = 300.0;
pub const RSS_BUDGET_MB: f64 = 60.0;

/// The load average (1, 5, 15 minutes), as printed beside every figure.
pub fn load() -> String {
    let l = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let parts: Vec<&str> = l.split_whitespace().take(3).collect();
    format!("load {}", parts.join(" "))
}

/// A field of /proc/self/status in MB (VmRSS, RssAnon, RssFile).
pub fn status_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

pub fn rss_mb() -> f64 {
    status_mb("VmRSS")
}

pub fn verdict(what: &str, value: f64, budget: f64, unit: &str, note: &str) {
    let v = if value <= budget { "PASS" } else { "OVER" };
    println!(
        "BUDGET {what}: {value:.1} {unit} (budget ≤ {budget} {unit}) {v}{note}  [{}]",
        load()
    );
}

/// Prints mean, p95 and worst of a run; returns the p95 in ms.
pub fn stats(name: &str, mut times: Vec<Duration>) -> f64 {
    if times.is_empty() {
        println!("{name}: no frames");
        return f64::INFINITY;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / times.len() as f64;
    let p95 = ms(times[(times.len() * 95 / 100).min(times.len() - 1)]);
    let worst = ms(times[times.len() - 1]);
    println!(
        "{name:<34} frames {:>4}  mean {mean:6.2} ms  p95 {p95:6.2} ms  worst {worst:6.2} ms  [{}]",
        times.len(),
        load()
    );
    p95
}

/// The platform of the in-process software renderer: one window, and a clock that is either
/// the real one or one the caller moves on (the soak's monkey lets time pass by itself).
pub struct Bench {
    pub window: Rc<MinimalSoftwareWindow>,
    clock: Clock,
}

enum Clock {
    Real(Instant),
    Mock(Rc<Cell<u64>>),
}

impl Bench {
    pub fn real(window: Rc<MinimalSoftwareWindow>) -> Self {
        Bench {
            window,
            clock: Clock::Real(Instant::now()),
        }
    }

    /// A platform whose clock reads `ms`, in milliseconds since the start.
    pub fn mocked(window: Rc<MinimalSoftwareWindow>, ms: Rc<Cell<u64>>) -> Self {
        Bench {
            window,
            clock: Clock::Mock(ms),
        }
    }
}

impl Platform for Bench {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, slint::PlatformError> {
        Ok(self.window.clone())
    }
    fn duration_since_start(&self) -> Duration {
        match &self.clock {
            Clock::Real(start) => start.elapsed(),
            Clock::Mock(ms) => Duration::from_millis(ms.get()),
        }
    }
}

/// The map view of frame `i` of the pan (at the zoom the game opens with, a diagonal across
/// the map) or the zoom sweep (0.35 to 2.95 and back, centred).
pub fn pan_step(w: &ui::AppWindow, i: usize) {
    let v = w.global::<View>();
    let (mw, mh) = (v.get_map_width(), v.get_map_height());
    let f = i as f32 / frames() as f32;
    w.invoke_center_on(mw * (0.2 + 0.6 * f), mh * (0.3 + 0.4 * f));
}

pub fn zoom_step(w: &ui::AppWindow, i: usize) {
    let v = w.global::<View>();
    let (mw, mh) = (v.get_map_width(), v.get_map_height());
    let f = (i as f32 / frames() as f32 * std::f32::consts::TAU).sin() * 0.5 + 0.5;
    v.set_zoom(0.35 + 2.6 * f);
    w.invoke_center_on(mw / 2.0, mh / 2.0);
}
