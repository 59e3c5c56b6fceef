//! The frame interval a player sees, measured from outside the program: while a drag of the
//! map at 60 Hz is injected into the X server, this asks the server (its DAMAGE extension, as
//! a VNC server or a compositor does) to report every drawing on the screen, and times each
//! one that touches a patch of the map. The interval between them is what reaches the screen,
//! whatever the renderer's own timing says;
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
//! Damage reports arrive as the server draws, on a thread that waits for them, so the timing
//! needs no polling: an earlier version polled the patch with `GetImage` every 0.4 ms, which
//! both blurred each time by up to a poll and loaded the X server the table draws through.
//!
//! Prints the number of frames seen, the interval's mean, p95 and worst, the drag's own
//! cadence (frames cannot come faster than the moves), and a `BUDGET` line with PASS or OVER
//! against 17 ms (one 60 Hz frame). `FRAME_INTERVAL_DUMP=1` also prints when each move was
//! sent and each frame drawn.

mod bench;

use bench::{load, stats, verdict};
use std::io::IoSlice;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use x11rb::connection::{Connection, RequestConnection};
use x11rb::rust_connection::RustConnection;
use x11rb::wrapper::ConnectionExt as _;

/// One 60 Hz frame, in ms.
const INTERVAL_BUDGET_MS: f64 = 17.0;
/// Moves in the drag (2 s at 60 Hz) and the distance each moves the pointer.
const MOVES: i32 = 120;
const STEP_PX: i32 = 3;
/// The watched patch: around the drag's start, inside the map (the phase bar or the side panel
/// redrawing is not a frame of the pan).
const PATCH: i32 = 64;
/// Drawings closer together than this are one frame (a frame may be put in several pieces).
const SAME_FRAME: Duration = Duration::from_millis(4);

/// DAMAGE requests (minor opcodes) and the report level asked for: every drawing, with its
/// rectangle.
const DAMAGE_QUERY_VERSION: u8 = 0;
const DAMAGE_CREATE: u8 = 1;
const DAMAGE_REPORT_RAW_RECTANGLES: u8 = 0;

/// XTEST's FakeInput event types (core protocol event codes).
const BUTTON_PRESS: u8 = 4;
const BUTTON_RELEASE: u8 = 5;
const MOTION: u8 = 6;

/// Sends one XTEST FakeInput request: a motion to (x, y) on the root window, or a press or
/// release of button 1. x11rb is built here without its XTEST and DAMAGE modules (the table's
/// own build does not need them, and turning them on would rebuild winit and Slint for the
/// examples), so the requests are written out as the two protocols define them.
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
        if std::env::var_os("TT").is_some() {
            println!(
                "TT sent {:.3}",
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_secs_f64()
                    * 1000.0
                    % 100000.0
            );
        }
    }
    std::thread::sleep(period);
    fake_input(&conn, opcode, root, BUTTON_RELEASE, (x, y))?;
    conn.sync().map_err(|e| e.to_string())?;
    Ok(sent)
}

/// Asks the server to report every drawing on the screen (the root window and the windows in
/// it): DAMAGE's version handshake (the server refuses other requests before it), then a
/// damage object at the raw-rectangles level. Returns the event code of a damage report.
fn watch_screen(conn: &RustConnection, root: u32) -> Result<u8, String> {
    let ext = conn
        .extension_information("DAMAGE")
        .map_err(|e| e.to_string())?
        .ok_or("the X server has no DAMAGE extension")?;
    let mut version = [0u8; 12];
    version[0] = ext.major_opcode;
    version[1] = DAMAGE_QUERY_VERSION;
    version[2..4].copy_from_slice(&3u16.to_ne_bytes());
    version[4..8].copy_from_slice(&1u32.to_ne_bytes());
    version[8..12].copy_from_slice(&1u32.to_ne_bytes());
    conn.send_request_with_reply::<VersionReply>(&[IoSlice::new(&version)], Vec::new())
        .map_err(|e| e.to_string())?
        .raw_reply()
        .map_err(|e| format!("DAMAGE version: {e}"))?;
    let damage = conn.generate_id().map_err(|e| e.to_string())?;
    let mut create = [0u8; 16];
    create[0] = ext.major_opcode;
    create[1] = DAMAGE_CREATE;
    create[2..4].copy_from_slice(&4u16.to_ne_bytes());
    create[4..8].copy_from_slice(&damage.to_ne_bytes());
    create[8..12].copy_from_slice(&root.to_ne_bytes());
    create[12] = DAMAGE_REPORT_RAW_RECTANGLES;
    conn.send_request_without_reply(&[IoSlice::new(&create)], Vec::new())
        .map_err(|e| e.to_string())?;
    conn.sync().map_err(|e| format!("DAMAGE create: {e}"))?;
    Ok(ext.first_event)
}

/// The reply to DAMAGE's QueryVersion, read only to know the handshake is done.
struct VersionReply;

impl x11rb::x11_utils::TryParse for VersionReply {
    fn try_parse(value: &[u8]) -> Result<(Self, &[u8]), x11rb::errors::ParseError> {
        let rest = value
            .get(32..)
            .ok_or(x11rb::errors::ParseError::InsufficientData)?;
        Ok((VersionReply, rest))
    }
}

/// The rectangle a damage report names, in screen coordinates: (x, y, width, height) at bytes
/// 16..24 of the event, as the DAMAGE protocol lays out DamageNotify.
fn damaged_area(event: &[u8]) -> Option<(i32, i32, i32, i32)> {
    let word = |at: usize| Some(i16::from_ne_bytes(event.get(at..at + 2)?.try_into().ok()?));
    let unsigned = |at: usize| Some(u16::from_ne_bytes(event.get(at..at + 2)?.try_into().ok()?));
    Some((
        i32::from(word(16)?),
        i32::from(word(18)?),
        i32::from(unsigned(20)?),
        i32::from(unsigned(22)?),
    ))
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
    let report = watch_screen(&conn, root).unwrap_or_else(|e| {
        eprintln!("frame_interval: cannot watch the screen: {e}");
        std::process::exit(1);
    });
    // Each report touching the patch, timed as it arrives; the thread waits on the connection,
    // so the timing costs the server nothing between drawings.
    let (px, py) = (x - PATCH / 2, y - PATCH / 2);
    let conn = Arc::new(conn);
    let (tx, drawings) = mpsc::channel::<Instant>();
    let watcher = Arc::clone(&conn);
    std::thread::spawn(move || {
        while let Ok(event) = watcher.wait_for_raw_event() {
            let at = Instant::now();
            if std::env::var_os("TT").is_some() {
                println!(
                    "TT damage {:.3}",
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .unwrap()
                        .as_secs_f64()
                        * 1000.0
                        % 100000.0
                );
            }
            if event.first().map(|t| t & 0x7f) != Some(report) {
                continue;
            }
            let Some((ax, ay, aw, ah)) = damaged_area(&event) else {
                continue;
            };
            let touches = ax < px + PATCH && px < ax + aw && ay < py + PATCH && py < ay + ah;
            if touches && tx.send(at).is_err() {
                break;
            }
        }
    });
    let sent = match drag(x, y) {
        Ok(sent) => sent,
        Err(e) => {
            eprintln!("frame_interval: the drag could not be injected: {e}");
            std::process::exit(1);
        }
    };
    std::thread::sleep(Duration::from_millis(60));
    // One frame per burst of drawings; only the frames the moves asked for: from the first
    // move to the last move's frame (the release, a period after it, may start an animation
    // that is not the pan).
    let (first, last_move) = (sent[0], sent[sent.len() - 1]);
    let mut drawn: Vec<Instant> = Vec::new();
    for at in drawings.try_iter() {
        if drawn.last().is_some_and(|&f| at - f < SAME_FRAME) {
            continue;
        }
        drawn.push(at);
    }
    drawn.retain(|t| *t >= first && *t < last_move + Duration::from_secs(1) / 60);
    let intervals: Vec<Duration> = drawn.windows(2).map(|w| w[1] - w[0]).collect();
    if std::env::var_os("FRAME_INTERVAL_DUMP").is_some() {
        let ms = |t: &Instant| format!("{:.2}", (*t - first).as_secs_f64() * 1000.0);
        let moves: Vec<String> = sent.iter().map(ms).collect();
        let frames: Vec<String> = drawn.iter().map(ms).collect();
        println!("moves at {}", moves.join(" "));
        println!("frames at {}", frames.join(" "));
    }
    let cadence = (last_move - first).as_secs_f64() * 1000.0 / f64::from(MOVES - 1);
    let worst_move = sent
        .windows(2)
        .map(|w| (w[1] - w[0]).as_secs_f64() * 1000.0)
        .fold(0.0, f64::max);
    println!(
        "drag of {MOVES} moves: {cadence:.2} ms a move (worst {worst_move:.2} ms); {} frames drawn on the watched patch (DAMAGE reports)  [{}]",
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
