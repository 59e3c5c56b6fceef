//! The frame interval a player sees, measured from outside the program: while a drag of the
//! map at 60 Hz is injected into the X server, this polls a patch of the X screen (core
//! `GetImage`, as a screenshot would) and times every change of it. The interval between
//! changes is what reaches the screen, whatever the renderer's own timing says;
//! `scripts/xvfb-screens.sh bench` runs it on the real `berlin-table` under Xvfb at 1280x800
//! with the software renderer.
//!
//! ```sh
//! DISPLAY=:99 frame_interval X Y    # drag from (X, Y) on the map, 2 s at 60 Hz
//! ```
//!
//! The drag is injected with the XTEST extension (as xdotool does) from a thread of its own,
//! each move at its own deadline (start + n/60 s): a sleep after each move, as an xdotool
//! chain does, drifts by the sleep's overshoot and the move's own time, so the drag's cadence
//! came out slower than 60 Hz and its jitter was counted against the table.
//!
//! Prints the number of frames seen, the interval's mean, p95 and worst, the drag's own
//! cadence (frames cannot come faster than the moves), how often the screen was polled (the
//! timing's resolution), and a `BUDGET` line with PASS or OVER against 17 ms (one 60 Hz frame).

mod bench;

use bench::{load, stats, verdict};
use std::hash::{Hash, Hasher};
use std::io::IoSlice;
use std::time::{Duration, Instant};
use x11rb::connection::{Connection, RequestConnection};
use x11rb::protocol::xproto::{ConnectionExt, ImageFormat};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

/// One 60 Hz frame, in ms.
const INTERVAL_BUDGET_MS: f64 = 17.0;
/// Moves in the drag (2 s at 60 Hz) and the distance each moves the pointer.
const MOVES: i32 = 120;
const STEP_PX: i32 = 3;
/// The watched patch: around the drag's start, inside the map. Small, so one poll costs the
/// X server little and the polls come often (the timing's resolution).
const PATCH: u16 = 64;
/// The pause between polls.
const POLL_PAUSE: Duration = Duration::from_micros(250);

/// XTEST's FakeInput event types (core protocol event codes).
const BUTTON_PRESS: u8 = 4;
const BUTTON_RELEASE: u8 = 5;
const MOTION: u8 = 6;

/// Sends one XTEST FakeInput request: a motion to (x, y) on the root window, or a press or
/// release of button 1. x11rb is built here without its XTEST module (the table's own build
/// does not need it, and turning it on would rebuild winit and Slint for the examples), so the
/// 36-byte request is written out as the XTEST protocol defines it.
fn fake_input(
    conn: &RustConnection,
    opcode: u8,
    root: u32,
    kind: u8,
    (x, y): (i32, i32),
) -> Result<(), String> {
    let mut req = [0u8; 36];
    req[0] = opcode;
    req[1] = 2; // FakeInput
    req[2..4].copy_from_slice(&9u16.to_ne_bytes()); // length in 4-byte units
    req[4] = kind;
    req[5] = if kind == MOTION { 0 } else { 1 }; // absolute motion; button 1
                                                 // time 0 (now) at 8..12
    req[12..16].copy_from_slice(&root.to_ne_bytes());
    req[24..26].copy_from_slice(&(x as i16).to_ne_bytes());
    req[26..28].copy_from_slice(&(y as i16).to_ne_bytes());
    conn.send_request_without_reply(&[IoSlice::new(&req)], Vec::new())
        .map_err(|e| e.to_string())?;
    conn.flush().map_err(|e| e.to_string())
}

/// The drag, on a connection of its own: press at (x, y), one move every 1/60 s out and back
/// diagonally (so the pan stays on the map), release. Returns when each move was sent.
fn drag(x: i32, y: i32) -> Result<Vec<Instant>, String> {
    let (conn, screen) = x11rb::connect(None).map_err(|e| e.to_string())?;
    let root = conn.setup().roots[screen].root;
    let opcode = conn
        .extension_information("XTEST")
        .map_err(|e| e.to_string())?
        .ok_or("the X server has no XTEST extension")?
        .major_opcode;
    fake_input(&conn, opcode, root, MOTION, (x, y))?;
    conn.sync().map_err(|e| e.to_string())?;
    std::thread::sleep(Duration::from_millis(50));
    fake_input(&conn, opcode, root, BUTTON_PRESS, (x, y))?;
    let period = Duration::from_secs(1) / 60;
    let start = Instant::now() + period;
    let mut sent = Vec::with_capacity(MOVES as usize);
    for i in 1..=MOVES {
        let due = start + period * (i - 1) as u32;
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let d = if i <= MOVES / 2 { i } else { MOVES - i } * STEP_PX;
        fake_input(&conn, opcode, root, MOTION, (x - d, y - d / 2))?;
        sent.push(Instant::now());
    }
    std::thread::sleep(period);
    fake_input(&conn, opcode, root, BUTTON_RELEASE, (x, y))?;
    conn.sync().map_err(|e| e.to_string())?;
    Ok(sent)
}

fn main() {
    let args: Vec<i32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [x, y] = args[..] else {
        eprintln!("usage: frame_interval X Y  (a point on the map, with DISPLAY set)");
        std::process::exit(2);
    };
    let (conn, screen) = match x11rb::connect(None) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("frame_interval: no X display ({e})");
            std::process::exit(1);
        }
    };
    let root = conn.setup().roots[screen].root;
    let (px, py) = (
        (x - i32::from(PATCH) / 2) as i16,
        (y - i32::from(PATCH) / 2) as i16,
    );
    let grab = || -> Option<u64> {
        let reply = conn
            .get_image(ImageFormat::Z_PIXMAP, root, px, py, PATCH, PATCH, !0)
            .ok()?
            .reply()
            .ok()?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        reply.data.hash(&mut h);
        Some(h.finish())
    };
    let mut last = grab();
    let dragging = std::thread::spawn(move || drag(x, y));
    let mut changes: Vec<Instant> = Vec::new();
    let mut polls = 0u32;
    let started = Instant::now();
    while !dragging.is_finished() {
        let now = grab();
        polls += 1;
        if now != last {
            changes.push(Instant::now());
            last = now;
        }
        std::thread::sleep(POLL_PAUSE);
    }
    let polled = started.elapsed();
    let sent = match dragging.join() {
        Ok(Ok(sent)) => sent,
        Ok(Err(e)) => {
            eprintln!("frame_interval: the drag could not be injected: {e}");
            std::process::exit(1);
        }
        Err(_) => std::process::exit(1),
    };
    // Only the frames the moves asked for: from the first move to a frame after the last.
    let (first, last_move) = (sent[0], sent[sent.len() - 1]);
    let drawn: Vec<Instant> = changes
        .into_iter()
        .filter(|t| *t >= first && *t <= last_move + Duration::from_millis(40))
        .collect();
    let intervals: Vec<Duration> = drawn.windows(2).map(|w| w[1] - w[0]).collect();
    let cadence = (last_move - first).as_secs_f64() * 1000.0 / f64::from(MOVES - 1);
    let worst_move = sent
        .windows(2)
        .map(|w| (w[1] - w[0]).as_secs_f64() * 1000.0)
        .fold(0.0, f64::max);
    println!(
        "drag of {MOVES} moves: {cadence:.2} ms a move (worst {worst_move:.2} ms); screen polled every {:.2} ms; {} screen changes seen  [{}]",
        polled.as_secs_f64() * 1000.0 / f64::from(polls.max(1)),
        drawn.len(),
        load()
    );
    if drawn.len() < (MOVES / 4) as usize {
        println!("FAIL: the map hardly changed during the drag (did the drag hit the map?)");
    }
    let p95 = stats("on-screen frame interval", intervals);
    verdict(
        "software 1280x800 on-screen frame interval during a 60 Hz drag (p95, out of process)",
        p95,
        INTERVAL_BUDGET_MS,
        "ms",
        "",
    );
}
