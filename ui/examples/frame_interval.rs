//! The frame interval a player sees, measured from outside the program: while xdotool drags
//! the map at 60 Hz, this polls a patch of the X screen (core `GetImage`, as a screenshot
//! would) and times every change of it. The interval between changes is what reaches the
//! screen, whatever the renderer's own timing says; `scripts/xvfb-screens.sh bench` runs it
//! on the real `berlin-table` under Xvfb at 1280x800 with the software renderer.
//!
//! ```sh
//! DISPLAY=:99 frame_interval X Y    # drag from (X, Y) on the map, 2 s at 60 Hz
//! ```
//!
//! Prints the number of frames seen, the interval's mean, p95 and worst, the drag's own
//! cadence (xdotool's sleeps are not exact: frames cannot come faster than the moves), and a
//! `BUDGET` line with PASS or OVER against 17 ms (one 60 Hz frame).

mod bench;

use bench::{load, stats, verdict};
use std::hash::{Hash, Hasher};
use std::process::Command;
use std::time::{Duration, Instant};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt, ImageFormat};

/// One 60 Hz frame, in ms.
const INTERVAL_BUDGET_MS: f64 = 17.0;
/// Moves in the drag (2 s at 60 Hz) and the distance each moves the pointer.
const MOVES: i32 = 120;
const STEP_PX: i32 = 3;
/// The watched patch: around the drag's start, inside the map.
const PATCH: u16 = 160;

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
    // The drag: press on the map, then one move every 1/60 s, diagonally, then release; one
    // xdotool process so the moves are not slowed by starting a process each.
    let mut chain: Vec<String> = vec![
        "mousemove".into(),
        "--sync".into(),
        x.to_string(),
        y.to_string(),
        "mousedown".into(),
        "1".into(),
    ];
    for i in 1..=MOVES {
        // Out and back, so the pan stays on the map.
        let d = if i <= MOVES / 2 { i } else { MOVES - i } * STEP_PX;
        chain.extend([
            "mousemove".into(),
            (x - d).to_string(),
            (y - d / 2).to_string(),
            "sleep".into(),
            "0.0166".into(),
        ]);
    }
    chain.extend(["mouseup".into(), "1".into()]);
    let mut last = grab();
    let started = Instant::now();
    let mut xdotool = match Command::new("xdotool").args(&chain).spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("frame_interval: xdotool: {e}");
            std::process::exit(1);
        }
    };
    let mut changes: Vec<Instant> = Vec::new();
    loop {
        let now = grab();
        if now != last {
            changes.push(Instant::now());
            last = now;
        }
        if xdotool.try_wait().ok().flatten().is_some() {
            break;
        }
        // Poll about every millisecond: fine enough for 16 ms frames, and leaves the table
        // most of a core on a 2-core machine.
        std::thread::sleep(Duration::from_micros(700));
    }
    let drag = started.elapsed();
    let intervals: Vec<Duration> = changes.windows(2).map(|w| w[1] - w[0]).collect();
    println!(
        "drag of {MOVES} moves took {:.0} ms ({:.1} ms a move, xdotool's cadence); {} screen changes seen  [{}]",
        drag.as_secs_f64() * 1000.0,
        drag.as_secs_f64() * 1000.0 / f64::from(MOVES),
        changes.len(),
        load()
    );
    if changes.len() < (MOVES / 4) as usize {
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
