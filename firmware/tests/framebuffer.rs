//! The real `berlin-table` on a stand-in framebuffer (issue 16): `--framebuffer` names a temp
//! file whose geometry a temp sysfs directory gives (`BERLIN_TABLE_FB_SYSFS`), `--input` a FIFO
//! of `input_event` records standing in for the touchscreen. The table must draw its start
//! screen into the file, and a tap written to the FIFO must reach its window.

mod common;
use common::x11::{berlin_table, Processes};
use common::Scratch;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};
use ui::framebuffer::device::write_sysfs_stand_in;
use ui::framebuffer::evdev::tap_records;

const WIDTH: usize = 800;
const HEIGHT: usize = 480;

/// How long a step may take (a debug build on a busy 2-core machine).
const STEP: Duration = Duration::from_secs(120);

/// Distinct colours in the framebuffer file, once it holds a whole frame.
fn colours(fb: &Path) -> Option<usize> {
    let bytes = std::fs::read(fb).ok()?;
    if bytes.len() < WIDTH * HEIGHT * 4 {
        return None;
    }
    let mut seen: Vec<&[u8]> = bytes.chunks_exact(4).map(|p| &p[..3]).collect();
    seen.sort_unstable();
    seen.dedup();
    Some(seen.len())
}

fn wait_for(what: &str, log: &Path, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + STEP;
    while !ok() {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; the table's log:\n{}",
            std::fs::read_to_string(log).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_table_draws_its_start_screen_on_a_framebuffer_and_reads_a_tap() {
    let scratch = Scratch::new("framebuffer");
    let dir = &scratch.0;
    let sysfs = dir.join("sysfs");
    write_sysfs_stand_in(&sysfs, (WIDTH as u32, HEIGHT as u32), 32, WIDTH * 4).unwrap();
    let fb = dir.join("fb0");
    std::fs::write(&fb, b"").unwrap();
    let touch = dir.join("event0");
    let made = std::process::Command::new("mkfifo").arg(&touch).status();
    if !made.is_ok_and(|s| s.success()) {
        println!("SKIP: mkfifo could not make a FIFO for the touchscreen's records");
        return;
    }
    let log = dir.join("table.log");
    let mut procs = Processes::default();
    let child = berlin_table()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("BERLIN_TABLE_FB_SYSFS", &sysfs)
        .arg("--save-dir")
        .arg(dir.join("saves"))
        .args(["--config", "/dev/null", "--log-level", "debug"])
        .arg("--framebuffer")
        .arg(&fb)
        .arg("--input")
        .arg(&touch)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("berlin-table runs");
    procs.0.push(child);
    // Opening the FIFO for writing waits for the table to open it for reading.
    let mut touchscreen = std::fs::OpenOptions::new()
        .write(true)
        .open(&touch)
        .expect("the table reads the touchscreen FIFO");

    // The start screen: a whole frame of many colours (text, buttons), not a blank file.
    wait_for("the start screen in the framebuffer", &log, || {
        colours(&fb).is_some_and(|n| n > 8)
    });
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("800x480, Xrgb8888"), "{text}");

    // A tap in the middle of the screen (no axis ranges on a FIFO: raw values are pixels).
    touchscreen.write_all(&tap_records(400, 240)).unwrap();
    wait_for("the tap in the table's log", &log, || {
        std::fs::read_to_string(&log)
            .is_ok_and(|t| t.contains("touch Ended at screen (400, 240), window (400, 240)"))
    });
    let status = procs.0[0].try_wait().unwrap();
    assert!(status.is_none(), "the table stopped: {status:?}");
}

/// A framebuffer that cannot be used stops the table at once with an error naming the option
/// and the file: a missing device, a depth the window cannot draw.
#[test]
fn a_framebuffer_that_cannot_be_used_is_an_error_naming_the_file() {
    let scratch = Scratch::new("framebuffer-errors");
    let dir = &scratch.0;
    let run = |fb: &Path, sysfs: &Path| {
        let out = berlin_table()
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("BERLIN_TABLE_FB_SYSFS", sysfs)
            .arg("--save-dir")
            .arg(dir.join("saves"))
            .args(["--config", "/dev/null"])
            .arg("--framebuffer")
            .arg(fb)
            .stdin(Stdio::null())
            .output()
            .expect("berlin-table runs");
        assert!(
            !out.status.success(),
            "the table started on {}",
            fb.display()
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let sysfs = dir.join("sysfs");
    write_sysfs_stand_in(&sysfs, (800, 480), 24, 2400).unwrap();

    let missing = dir.join("fb7");
    let err = run(&missing, &sysfs);
    let named = format!(
        "--framebuffer {}: cannot open the framebuffer",
        missing.display()
    );
    assert!(err.contains(&named), "{err}");

    let fb = dir.join("fb0");
    std::fs::write(&fb, b"").unwrap();
    let err = run(&fb, &sysfs);
    let named = format!(
        "--framebuffer {}: 24 bits per pixel is not supported",
        sysfs.join("bits_per_pixel").display()
    );
    assert!(err.contains(&named), "{err}");
}
