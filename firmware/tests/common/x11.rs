//! The real program under Xvfb: the binary with no config or saves of this machine, an X
//! server on a free display, and the children killed when a test ends (even by a panic).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub fn berlin_table() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_berlin-table"));
    // No config file or saves from the machine running the tests.
    c.env("XDG_CONFIG_HOME", "/nonexistent")
        .env("HOME", "/nonexistent")
        .env_remove("XDG_STATE_HOME")
        .env_remove("SLINT_BACKEND")
        .env_remove("BERLIN_TABLE_LOG")
        .env_remove("BERLIN_TABLE_PROBE");
    c
}

/// Child processes killed (and reaped) when dropped, so a failing assertion leaves no table
/// or X server behind. The first one pushed is killed last (the X server after the table).
#[derive(Default)]
pub struct Processes(pub Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        while let Some(mut c) = self.0.pop() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Is `tool` on the PATH? (It is run with `arg`, which must make it exit at once.)
pub fn have(tool: &str, arg: &str) -> bool {
    Command::new(tool)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Starts Xvfb on a free display with one screen of `w`x`h`; returns the display (":N"), or
/// `None` after printing why the test is skipped.
pub fn start_xvfb(procs: &mut Processes, w: u32, h: u32) -> Option<String> {
    for (tool, arg, package) in [
        ("Xvfb", "-help", "xvfb"),
        ("xwininfo", "-version", "x11-utils"),
    ] {
        if !have(tool, arg) {
            println!(
                "SKIP: {tool} is not installed (apt-get install {package}; \
                 scripts/xvfb-screens.sh installs it when run as root)"
            );
            return None;
        }
    }
    // A server that said it was ready once refused the table's connection (CI, 2026-11-27):
    // each display is checked with a client of our own before it is handed out, and a server
    // that does not answer is replaced.
    for attempt in 1..=3 {
        let (child, display) = spawn_xvfb(w, h);
        procs.0.push(child);
        if accepts_clients(&display) {
            return Some(display);
        }
        println!(
            "Xvfb on {display} does not accept clients (attempt {attempt} of 3); starting another"
        );
        if let Some(mut dead) = procs.0.pop() {
            let _ = dead.kill();
            let _ = dead.wait();
        }
    }
    panic!("three Xvfb servers in a row did not accept clients");
}

/// Does the X server on `display` take a client (`xwininfo -root`), within 10 s?
fn accepts_clients(display: &str) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        let ok = Command::new("xwininfo")
            .args(["-root", "-display", display])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// Starts one Xvfb and reads the display it took.
fn spawn_xvfb(w: u32, h: u32) -> (Child, String) {
    // -displayfd: Xvfb picks a free display itself and writes its number once it accepts
    // connections, so parallel tests and other X servers on the machine never collide.
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-nolisten", "tcp", "-screen", "0"])
        .arg(format!("{w}x{h}x24"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Xvfb");
    let stdout = child.stdout.take().expect("Xvfb stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("Xvfb did not say which display it took within 30 s");
    let n: u32 = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("Xvfb did not start (it wrote {line:?})"));
    (child, format!(":{n}"))
}
