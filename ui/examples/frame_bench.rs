//! Frame times for panning and zooming the whole map with every counter on it, at 1280x800
//! or another screen size, the table upright or turned to a seat:
//!
//! ```sh
//! cargo run -p ui --release --example frame_bench -- software   # in-process software renderer
//! cargo run -p ui --release --example frame_bench -- femtovg    # FemtoVG in an X window (Mesa)
//! cargo run -p ui --release --example frame_bench -- software 800x480 east  # turned a quarter
//! cargo run -p ui --release --example frame_bench -- software 1280x800 gates  # the Gates
//! ```
//!
//! `gates`: *The Enemy is at the Gates* instead of *Berlin '85*: its four-sheet map, the largest
//! picture the table draws, with the campaign game "Man Your Stations" (14.0), the scenario
//! with the most counters on the map at its start. Pans are at the zoom the table opens the
//! game with (a hex as large on the screen as in the other games).
//!
//! The orientation is the seat's edge (south: upright; east, west: a quarter turn, the table
//! laid out portrait; north: half a turn), turned the way the table turns it on that renderer:
//! the software renderer's rotation, FemtoVG's `transform-rotation`. Every line names the
//! renderer, the screen size and the edge.
//!
//! Prints the time from start to the first frame, frame times (mean, 95th percentile, worst)
//! for a pan across the map and a zoom sweep, and the resident memory with a scenario loaded,
//! then one `BUDGET` line per budget of issue 5 with PASS or OVER: ≤ 8 ms a frame (the 95th
//! percentile; the mean and the worst frame are printed beside it), ≤ 300 ms to the first
//! frame, ≤ 60 MB resident. Every line carries the load average, as the figures of a shared
//! machine mean little without it.
//!
//! The software renderer is measured twice: redrawing the whole window every frame (the worst
//! case) and with partial repaint on two swapped buffers, which is what the kiosk's software
//! fallback does (linuxkms dumb buffers hand Slint a back buffer of age 2). FemtoVG's frame
//! time waits for the GL driver to finish (`glFinish`), so with Mesa's llvmpipe it includes the
//! rasterisation, not only the recording of the draw calls.
//!
//! `-- femtovg-floor` times the least FemtoVG can draw (one window-sized fill a frame): on the
//! CI machine, Mesa's llvmpipe alone takes about the whole 8 ms budget for it.
//!
//! For diagnosis: `BENCH_SHOTS=dir` saves the software frames of the start screen, the pan
//! start and the whole map as PNG; `BENCH_WITHOUT=tiles,counters,markers` leaves those out
//! (the figures then do not count for the budgets).

mod bench;

use bench::*;
use engine::core::game_id::GameId;
use engine::core::seats::TableEdge;
use slint::platform::software_renderer::{MinimalSoftwareWindow, RepaintBufferType, Rgb565Pixel};
use slint::{ComponentHandle, PhysicalSize};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};
use ui::session::NullPersist;
use ui::{Seats, Table, UiConfig, View};

/// Resident MB of the mappings of the GL driver (Mesa, LLVM for llvmpipe, libGL/EGL).
fn gl_driver_mb() -> f64 {
    let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap_or_default();
    let mut in_driver = false;
    let mut kb = 0.0;
    for l in smaps.lines() {
        let first = l.split_whitespace().next().unwrap_or("");
        if first.contains('-') && !first.ends_with(':') {
            let path = l.split_whitespace().nth(5).unwrap_or("");
            in_driver = ["LLVM", "dri", "libGL", "libEGL", "glapi", "mesa", "gallium"]
                .iter()
                .any(|k| path.contains(k));
        } else if in_driver {
            if let Some(v) = l.strip_prefix("Rss:") {
                kb += v
                    .split_whitespace()
                    .next()
                    .and_then(|v| v.parse::<f64>().ok())
                    .unwrap_or(0.0);
            }
        }
    }
    kb / 1024.0
}

/// What is measured: the screen's size and the edge the table faces.
#[derive(Clone, Copy)]
struct Case {
    width: u32,
    height: u32,
    edge: TableEdge,
    /// The Gates on its four-sheet map instead of Berlin '85's Operation Unity.
    gates: bool,
}

impl Case {
    fn from_args(args: &[String]) -> Case {
        let mut case = Case {
            width: W,
            height: H,
            edge: TableEdge::South,
            gates: false,
        };
        for a in args {
            if let Some((w, h)) = a.split_once('x') {
                if let (Ok(w), Ok(h)) = (w.parse(), h.parse()) {
                    (case.width, case.height) = (w, h);
                    continue;
                }
            }
            if a == "gates" {
                case.gates = true;
                continue;
            }
            case.edge = match a.as_str() {
                "south" => TableEdge::South,
                "east" => TableEdge::East,
                "north" => TableEdge::North,
                "west" => TableEdge::West,
                _ => {
                    eprintln!(
                        "frame_bench: unknown argument {a} (WIDTHxHEIGHT, south|east|north|west, gates)"
                    );
                    std::process::exit(2);
                }
            };
        }
        case
    }
    /// "1280x800 east": printed in every figure's name.
    fn name(&self) -> String {
        format!(
            "{}{}x{} {}",
            if self.gates { "gates " } else { "" },
            self.width,
            self.height,
            format!("{:?}", self.edge).to_lowercase()
        )
    }
    /// The window the table lays out: the screen, its sides swapped on a quarter turn.
    fn window(&self) -> (u32, u32) {
        let (w, h) = ui::turn::window_size(self.edge, (self.width as f32, self.height as f32));
        (w as u32, h as u32)
    }
}

fn frame_verdict(what: &str, p95: f64) {
    verdict(
        &format!("{what} frame (p95)"),
        p95,
        FRAME_BUDGET_MS,
        "ms",
        "",
    );
}

/// A table with Operation Unity ready to be set up (auto-place for both sides in `set_up`),
/// or with the Gates on the start screen.
fn game_table(renderer: &'static str, size: (u32, u32), gates: bool) -> Table {
    let data = match ui::builtin_data() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (game, scenario) = if gates {
        (GameId::Gates, "man_your_stations")
    } else {
        (GameId::Berlin85, "unity")
    };
    let config = UiConfig {
        seed: Some(85),
        seats: Seats::Same,
        game,
        scenario: Some(scenario.into()),
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
        .set_size(slint::LogicalSize::new(size.0 as f32, size.1 as f32));
    table
}

fn set_up(table: &Table) {
    let a = table.window().global::<ui::Actions>();
    a.invoke_start_game();
    let gates = table.with_gates(|s| {
        s.map(|s| {
            let g = s.game();
            let on_map = g.state.series.units.iter();
            let on_map = on_map.filter(|u| u.hex.is_some() && u.removed.is_none());
            (g.scenario().scenario.title.to_string(), on_map.count())
        })
    });
    if let Some((title, on_map)) = gates {
        println!(
            "scenario loaded: The Enemy is at the Gates, {title}, {on_map} counters on the map"
        );
        leave_out_parts(table);
        return;
    }
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
    leave_out_parts(table);
}

fn leave_out_parts(table: &Table) {
    // Diagnosis only (the budgets need everything drawn): BENCH_WITHOUT=tiles,counters,markers
    // leaves those out, to see what each costs.
    let without = std::env::var("BENCH_WITHOUT").unwrap_or_default();
    if !without.is_empty() {
        let v = table.window().global::<View>();
        for part in without.split(',') {
            match part {
                "tiles" => v.set_tiles(Default::default()),
                "counters" => v.set_counters(Default::default()),
                "markers" => v.set_markers(Default::default()),
                _ => eprintln!("BENCH_WITHOUT: unknown part {part}"),
            }
        }
        println!("WITHOUT {without}: the figures below do not count for the budgets");
    }
}

fn save_png(buffer: &[Rgb565Pixel], (w, h): (u32, u32), path: &std::path::Path) {
    let mut bytes = Vec::with_capacity(buffer.len() * 4);
    for p in buffer {
        let v = p.0;
        let (r, g, b) = ((v >> 11) & 31, (v >> 5) & 63, v & 31);
        bytes.extend_from_slice(&[
            (r * 255 / 31) as u8,
            (g * 255 / 63) as u8,
            (b * 255 / 31) as u8,
            255,
        ]);
    }
    if let Some(pm) =
        tiny_skia::IntSize::from_wh(w, h).and_then(|s| tiny_skia::Pixmap::from_vec(bytes, s))
    {
        match pm.save_png(path) {
            Ok(()) => println!("saved {}", path.display()),
            Err(e) => eprintln!("{}: {e}", path.display()),
        }
    }
}

fn software(started: Instant, case: Case) {
    let (sw, sh) = (case.width, case.height);
    let (ww, wh) = case.window();
    let rotation = ui::turn::rendering_rotation(case.edge);
    let name = format!("software {}", case.name());
    let frames = frames();
    let window = MinimalSoftwareWindow::new(RepaintBufferType::NewBuffer);
    window.set_size(PhysicalSize::new(ww, wh));
    if slint::platform::set_platform(Box::new(Bench::real(window.clone()))).is_err() {
        eprintln!("platform already set");
        return;
    }
    let shots = std::env::var_os("BENCH_SHOTS").map(std::path::PathBuf::from);
    // The screen's buffer: the renderer turns the window into it, as the table's window does.
    let mut buffer = vec![Rgb565Pixel::default(); (sw * sh) as usize];
    let mut frame = |window: &MinimalSoftwareWindow, shot: Option<&str>| -> Duration {
        slint::platform::update_timers_and_animations();
        let t = Instant::now();
        window.draw_if_needed(|r| {
            r.set_rendering_rotation(rotation);
            r.render(&mut buffer, sw as usize);
        });
        let took = t.elapsed();
        if let (Some(dir), Some(name)) = (&shots, shot) {
            let _ = std::fs::create_dir_all(dir);
            save_png(&buffer, (sw, sh), &dir.join(format!("{name}.png")));
        }
        took
    };
    let t = Instant::now();
    let table = game_table("software", (ww, wh), case.gates);
    let build = t.elapsed();
    if table.window().show().is_err() {
        return;
    }
    frame(&window, Some("start"));
    let first = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "{name}: start to first frame (start screen): {first:.0} ms (of which building the window {:.0} ms)  [{}]",
        build.as_secs_f64() * 1000.0,
        load()
    );
    set_up(&table);
    let w = table.window();
    // The zoom the table opens the game with; the pans are at it.
    let opening = w.global::<View>().get_zoom();
    pan_step(w, 0);
    window.request_redraw();
    frame(&window, Some("pan-start"));

    let mut verdicts = Vec::new();
    for (mode, kind) in [
        ("full redraw", RepaintBufferType::NewBuffer),
        (
            "partial, swapped buffers",
            RepaintBufferType::SwappedBuffers,
        ),
    ] {
        window.draw_if_needed(|r| r.set_repaint_buffer_type(kind));
        let mut pan = Vec::new();
        for i in 0..frames {
            pan_step(w, i);
            window.request_redraw();
            pan.push(frame(&window, None));
        }
        let p = stats(&format!("{name} pan ({mode})"), pan);
        let mut zoom = Vec::new();
        for i in 0..frames {
            zoom_step(w, i);
            window.request_redraw();
            zoom.push(frame(&window, None));
        }
        let z = stats(&format!("{name} zoom ({mode})"), zoom);
        verdicts.push((format!("{name} pan, {mode},"), p));
        verdicts.push((format!("{name} zoom, {mode},"), z));
        w.global::<View>().set_zoom(opening);
    }
    window.draw_if_needed(|r| r.set_repaint_buffer_type(RepaintBufferType::NewBuffer));
    w.invoke_fit_map();
    window.request_redraw();
    let whole = frame(&window, Some("whole-map"));
    println!(
        "{name} whole map frame: {:.2} ms",
        whole.as_secs_f64() * 1000.0
    );
    let rss = rss_mb();
    println!(
        "{name} resident memory with the scenario loaded: {rss:.1} MB (anonymous {:.1}, files {:.1})",
        status_mb("RssAnon"),
        status_mb("RssFile")
    );
    verdict(
        &format!("{name} start to first frame"),
        first,
        FIRST_FRAME_BUDGET_MS,
        "ms",
        "",
    );
    for (what, p95) in verdicts {
        frame_verdict(&what, p95);
    }
    verdict(
        &format!("{name} resident memory"),
        rss,
        RSS_BUDGET_MB,
        "MB",
        "",
    );
}

type GlFinish = unsafe extern "system" fn();

/// The driver's `glFinish`, to wait in `AfterRendering` until the frame is really drawn.
fn gl_finish(api: &slint::GraphicsAPI<'_>) -> Option<GlFinish> {
    let slint::GraphicsAPI::NativeOpenGL { get_proc_address } = api else {
        return None;
    };
    let f = get_proc_address(c"glFinish");
    // SAFETY: a non-null glFinish is a function without arguments or result.
    (!f.is_null()).then(|| unsafe { std::mem::transmute::<*const std::ffi::c_void, GlFinish>(f) })
}

fn femtovg(started: Instant, case: Case) {
    let name = format!("femtovg {}", case.name());
    let frames_per_sweep = frames();
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
    let t = Instant::now();
    let table = game_table("femtovg", (case.width, case.height), case.gates);
    println!(
        "femtovg: building the window {:.0} ms after {:.0} ms of start-up (the rest until the first frame is the window system and the GL driver)",
        t.elapsed().as_secs_f64() * 1000.0,
        t.duration_since(started).as_secs_f64() * 1000.0
    );
    let rss_before_gl = rss_mb();
    let first: Rc<Cell<Option<Duration>>> = Rc::default();
    // Each frame drawn: what was measured (0 nothing, 1 pan, 2 zoom), its start and its end.
    let frames: Rc<RefCell<Vec<(u8, Instant, Instant)>>> = Rc::default();
    let phase: Rc<Cell<u8>> = Rc::default();
    let begin: Rc<Cell<Option<Instant>>> = Rc::default();
    {
        let (first, frames, begin, phase) =
            (first.clone(), frames.clone(), begin.clone(), phase.clone());
        let mut finish: Option<GlFinish> = None;
        let res = table
            .window()
            .window()
            .set_rendering_notifier(move |state, api| match state {
                slint::RenderingState::RenderingSetup => finish = gl_finish(api),
                slint::RenderingState::BeforeRendering => begin.set(Some(Instant::now())),
                slint::RenderingState::AfterRendering => {
                    if let Some(f) = finish {
                        // SAFETY: called on the rendering thread with the context current.
                        unsafe { f() };
                    }
                    let now = Instant::now();
                    if first.get().is_none() {
                        first.set(Some(started.elapsed()));
                    }
                    if let Some(b) = begin.take() {
                        frames.borrow_mut().push((phase.get(), b, now));
                    }
                }
                _ => {}
            });
        if let Err(e) = res {
            eprintln!("femtovg: no rendering notifier ({e:?})");
            return;
        }
    }
    let step = Rc::new(Cell::new(0usize));
    let timer = slint::Timer::default();
    let weak = table.window().as_weak();
    let (frames2, first2) = (frames.clone(), first.clone());
    // The next step waits until the previous one has been drawn: one frame a step.
    let drawn_at_step = Rc::new(Cell::new(usize::MAX));
    let set_up_done = Rc::new(Cell::new(false));
    let table = Rc::new(table);
    let t2 = table.clone();
    let rss_gl = Rc::new(Cell::new(0.0));
    let rss_gl2 = rss_gl.clone();
    let name2 = name.clone();
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(1),
        move || {
            let Some(w) = weak.upgrade() else { return };
            if first2.get().is_none() {
                return;
            }
            if !set_up_done.get() {
                rss_gl2.set(rss_mb());
                set_up(&t2);
                // Turned as the table turns for a seat on FemtoVG (the controller does it from
                // the seats; the bench's are side by side, so it is set here).
                w.global::<View>()
                    .set_turn_degrees(ui::turn::clockwise_degrees(case.edge));
                set_up_done.set(true);
                drawn_at_step.set(frames2.borrow().len());
                w.window().request_redraw();
                return;
            }
            if frames2.borrow().len() == drawn_at_step.get() {
                return;
            }
            let s = step.get();
            if s == frames_per_sweep || s == 2 * frames_per_sweep {
                let phase = if s == frames_per_sweep { "pan" } else { "zoom" };
                println!(
                    "{name2} resident memory after the {phase}: {:.1} MB",
                    rss_mb()
                );
            }
            if s < frames_per_sweep {
                phase.set(1);
                pan_step(&w, s);
            } else if s < 2 * frames_per_sweep {
                phase.set(2);
                zoom_step(&w, s - frames_per_sweep);
            } else {
                let _ = slint::quit_event_loop();
                return;
            }
            step.set(s + 1);
            drawn_at_step.set(frames2.borrow().len());
            w.window().request_redraw();
        },
    );
    if let Err(e) = table.run() {
        eprintln!("femtovg: {e}");
        return;
    }
    let first = first
        .get()
        .map_or(f64::INFINITY, |f| f.as_secs_f64() * 1000.0);
    println!(
        "{name}: start to first frame (start screen): {first:.0} ms  [{}]",
        load()
    );
    let all = frames.borrow();
    let render = |which: u8| -> Vec<Duration> {
        all.iter()
            .filter(|f| f.0 == which)
            .map(|(_, b, a)| *a - *b)
            .collect()
    };
    let p = stats(&format!("{name} pan: render + glFinish"), render(1));
    let z = stats(&format!("{name} zoom: render + glFinish"), render(2));
    let interval: Vec<Duration> = all
        .windows(2)
        .filter(|w| w[0].0 != 0)
        .map(|w| w[1].2 - w[0].2)
        .collect();
    stats(&format!("{name} frame interval (with swap)"), interval);
    let (rss, anon, files, driver) = (
        rss_mb(),
        status_mb("RssAnon"),
        status_mb("RssFile"),
        gl_driver_mb(),
    );
    println!(
        "{name} resident memory with the scenario loaded: {rss:.1} MB (anonymous {anon:.1}, files \
         {files:.1}; the GL driver's libraries {driver:.1}); before the GL context {rss_before_gl:.1} MB, \
         with the GL context before the scenario {:.1} MB",
        rss_gl.get()
    );
    #[cfg(target_env = "gnu")]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: glibc's malloc_trim only hands free heap pages back to the system.
        unsafe { malloc_trim(0) };
        println!(
            "femtovg: of it {:.1} MB was freed heap that malloc kept (malloc_trim gives it back)",
            rss - rss_mb()
        );
    }
    verdict(
        &format!("{name} start to first frame"),
        first,
        FIRST_FRAME_BUDGET_MS,
        "ms",
        " (includes creating the window and the GL context)",
    );
    frame_verdict(&format!("{name} pan"), p);
    frame_verdict(&format!("{name} zoom"), z);
    verdict(
        &format!("{name} resident memory"),
        rss,
        RSS_BUDGET_MB,
        "MB",
        &format!(
            " (the GL driver's own libraries are {driver:.1} MB of it; without them {:.1} MB)",
            rss - driver
        ),
    );
}

slint::slint! {
    // The least FemtoVG can draw: one window-sized rectangle whose colour changes every frame.
    export component Floor inherits Window {
        in property <float> shade;
        width: 1280px;
        height: 800px;
        Rectangle {
            background: hsv(root.shade * 360, 0.3, 0.8);
        }
    }
}

/// The driver's floor: frames of [`Floor`], with the same timing as the real window.
fn femtovg_floor() {
    if let Err(e) = ui::select_backend(ui::Renderer::FemtoVg) {
        eprintln!("femtovg: no window system ({e})");
        return;
    }
    let Ok(w) = Floor::new() else { return };
    let frames: Rc<RefCell<Vec<Duration>>> = Rc::default();
    let f2 = frames.clone();
    let begin: Rc<Cell<Option<Instant>>> = Rc::default();
    let mut finish: Option<GlFinish> = None;
    let _ = w
        .window()
        .set_rendering_notifier(move |state, api| match state {
            slint::RenderingState::RenderingSetup => finish = gl_finish(api),
            slint::RenderingState::BeforeRendering => begin.set(Some(Instant::now())),
            slint::RenderingState::AfterRendering => {
                if let Some(f) = finish {
                    // SAFETY: called on the rendering thread with the context current.
                    unsafe { f() };
                }
                if let Some(b) = begin.take() {
                    f2.borrow_mut().push(b.elapsed());
                }
            }
            _ => {}
        });
    let timer = slint::Timer::default();
    let weak = w.as_weak();
    let f3 = frames.clone();
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(1),
        move || {
            let Some(w) = weak.upgrade() else { return };
            let i = f3.borrow().len();
            if i >= FRAMES {
                let _ = slint::quit_event_loop();
                return;
            }
            w.set_shade(i as f32 / FRAMES as f32);
        },
    );
    if w.run().is_ok() {
        let p95 = stats(
            "femtovg floor (one window-sized fill)",
            frames.borrow().clone(),
        );
        println!(
            "femtovg floor: the GL driver alone needs {p95:.1} ms (p95) to fill {W}x{H} once and finish"
        );
    }
}

fn main() {
    let started = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let case = Case::from_args(args.get(1..).unwrap_or_default());
    println!("frame benchmark at {}  [{}]", case.name(), load());
    match args.first().map(String::as_str) {
        Some("femtovg") => femtovg(started, case),
        Some("femtovg-floor") => femtovg_floor(),
        _ => software(started, case),
    }
}
