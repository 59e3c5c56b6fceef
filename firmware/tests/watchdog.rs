//! The systemd watchdog (src/watchdog.rs), with a datagram socket standing in for systemd.
//!
//! * In this process, on Slint's testing backend (no window system needed): `READY=1`, then a
//!   `WATCHDOG=1` every half `WATCHDOG_USEC` from the event loop, none while the event loop is
//!   blocked, and again once it turns; the in-game marker a restart goes back into the game by.
//! * The real `berlin-table` program in an X window under Xvfb (skipped with `SKIP: ...` when
//!   Xvfb is not installed; `scripts/xvfb-screens.sh` installs it): readiness after the first
//!   frame and keep-alives over an abstract `NOTIFY_SOCKET` address; a frozen table (SIGSTOP)
//!   that "systemd" kills and starts again comes back into its game, and after a stop (the
//!   runtime directory cleared) to the start screen; the software renderer under
//!   `MemoryDenyWriteExecute=` (prctl `PR_SET_MDWE`, what systemd uses on kernels that have it).

#[path = "../src/watchdog.rs"]
#[allow(dead_code)]
mod watchdog;

mod common;
use common::Scratch;
use engine::berlin85::{notation, Game, Input85};
use engine::core::protocol::Pending;
use slint::ComponentHandle;
use std::io::{BufRead, BufReader};
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Tests that change this process's environment take turns.
static ENV: Mutex<()> = Mutex::new(());

fn env_lock() -> std::sync::MutexGuard<'static, ()> {
    ENV.lock().unwrap_or_else(|e| e.into_inner())
}

/// The service manager's end of the notify socket: every datagram, with when it came.
struct FakeSystemd {
    /// What the table finds in `NOTIFY_SOCKET`.
    address: String,
    rx: mpsc::Receiver<(Instant, String)>,
}

impl FakeSystemd {
    /// A socket file in `dir`.
    fn at_path(dir: &Path) -> Self {
        let path = dir.join("notify");
        let sock = UnixDatagram::bind(&path).expect("bind the notify socket");
        Self::serve(sock, path.to_str().expect("UTF-8 path").to_string())
    }

    /// An address in Linux's abstract namespace, as `@name` in `NOTIFY_SOCKET`.
    fn abstract_address(name: &str) -> Self {
        use std::os::linux::net::SocketAddrExt;
        let name = format!("berlin-table-test/{name}/{}", std::process::id());
        let addr = std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes())
            .expect("abstract address");
        let sock = UnixDatagram::bind_addr(&addr).expect("bind the abstract notify socket");
        Self::serve(sock, format!("@{name}"))
    }

    fn serve(sock: UnixDatagram, address: String) -> Self {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = sock.recv(&mut buf) {
                let text = String::from_utf8_lossy(&buf[..n]).trim_end().to_string();
                if tx.send((Instant::now(), text)).is_err() {
                    return;
                }
            }
        });
        FakeSystemd { address, rx }
    }

    /// The next message within `timeout`.
    fn next(&self, timeout: Duration) -> Option<(Instant, String)> {
        self.rx.recv_timeout(timeout).ok()
    }

    /// Every message that arrives within `span`.
    fn collect(&self, span: Duration) -> Vec<(Instant, String)> {
        let end = Instant::now() + span;
        let mut out = Vec::new();
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.rx.recv_timeout(left) {
                Ok(m) => out.push(m),
                Err(_) => break,
            }
        }
        out
    }

    /// Waits for `READY=1`; panics with the table's log when it does not come.
    fn expect_ready(&self, timeout: Duration, table: &mut Table) {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.next(left.min(Duration::from_millis(500))) {
                Some((_, m)) if m == "READY=1" => return,
                Some(_) => {}
                None if table.exited() => break,
                None => {}
            }
        }
        panic!(
            "no READY=1 within {timeout:?}; table {}:\n{}",
            table.status(),
            table.log()
        );
    }
}

fn keep_alives(msgs: &[(Instant, String)]) -> Vec<Instant> {
    msgs.iter()
        .filter(|(_, m)| m == "WATCHDOG=1")
        .map(|(t, _)| *t)
        .collect()
}

// ---- in this process ------------------------------------------------------------------------

/// The settings follow sd_watchdog_enabled(3): no socket, no watchdog; `WATCHDOG_PID` must be
/// this process; the keep-alive is half the timeout; the runtime directory's first entry.
#[test]
fn settings_follow_the_environment() {
    let _env = env_lock();
    let keys = [
        "NOTIFY_SOCKET",
        "WATCHDOG_USEC",
        "WATCHDOG_PID",
        "RUNTIME_DIRECTORY",
    ];
    let saved: Vec<_> = keys.iter().map(std::env::var_os).collect();
    let set = |pairs: &[(&str, &str)]| {
        for k in keys {
            std::env::remove_var(k);
        }
        for (k, v) in pairs {
            std::env::set_var(k, v);
        }
        watchdog::Settings::from_env()
    };
    let me = std::process::id().to_string();

    let s = set(&[]);
    assert_eq!(
        s,
        watchdog::Settings::default(),
        "not under systemd: nothing"
    );
    assert_eq!(s.keep_alive(), None);

    let s = set(&[("WATCHDOG_USEC", "10000000")]);
    assert_eq!(s.watchdog, None, "no notify socket, no watchdog");

    let s = set(&[("NOTIFY_SOCKET", "/run/systemd/notify")]);
    assert!(s.notify);
    assert_eq!(s.watchdog, None, "Type=notify without WatchdogSec=");

    let s = set(&[
        ("NOTIFY_SOCKET", "/run/systemd/notify"),
        ("WATCHDOG_USEC", "10000000"),
    ]);
    assert_eq!(s.watchdog, Some(Duration::from_secs(10)));
    assert_eq!(s.keep_alive(), Some(Duration::from_secs(5)));

    let s = set(&[
        ("NOTIFY_SOCKET", "@/org/freedesktop/systemd1/notify"),
        ("WATCHDOG_USEC", "10000000"),
        ("WATCHDOG_PID", &me),
    ]);
    assert_eq!(s.keep_alive(), Some(Duration::from_secs(5)), "our own pid");

    let s = set(&[
        ("NOTIFY_SOCKET", "/run/systemd/notify"),
        ("WATCHDOG_USEC", "10000000"),
        ("WATCHDOG_PID", "1"),
    ]);
    assert!(s.notify);
    assert_eq!(s.watchdog, None, "the watchdog is for another process");

    let s = set(&[
        ("NOTIFY_SOCKET", "/run/systemd/notify"),
        ("WATCHDOG_USEC", "ten seconds"),
    ]);
    assert_eq!(s.watchdog, None, "not a number");

    let s = set(&[("RUNTIME_DIRECTORY", "/run/berlin-table:/run/other")]);
    assert_eq!(s.runtime_dir, Some(PathBuf::from("/run/berlin-table")));
    assert!(!s.notify);

    for (k, v) in keys.iter().zip(saved) {
        match v {
            Some(v) => std::env::set_var(k, v),
            None => std::env::remove_var(k),
        }
    }
}

/// The keep-alive is a timer on the event loop: it stops while the loop is blocked and comes
/// back when the loop turns again. The in-game marker follows the screen, and a start that
/// finds it resumes (once).
#[test]
fn keep_alive_comes_from_the_event_loop_and_stops_while_it_is_blocked() {
    let _env = env_lock();
    let scratch = Scratch::new("in-process");
    let systemd = FakeSystemd::at_path(&scratch.0);
    let run = scratch.0.join("run");
    std::fs::create_dir_all(&run).unwrap();
    // 200 ms watchdog: a keep-alive every 100 ms.
    std::env::set_var("NOTIFY_SOCKET", &systemd.address);
    std::env::set_var("WATCHDOG_USEC", "200000");
    std::env::set_var("WATCHDOG_PID", std::process::id().to_string());
    std::env::set_var("RUNTIME_DIRECTORY", &run);

    i_slint_backend_testing::init_integration_test_with_system_time();
    let window = ui::AppWindow::new().expect("window");
    let settings = watchdog::Settings::from_env();
    assert_eq!(settings.keep_alive(), Some(Duration::from_millis(100)));
    assert_eq!(settings.runtime_dir.as_deref(), Some(run.as_path()));
    let dog = watchdog::start(&window);

    let blocked: Arc<Mutex<Option<(Instant, Instant)>>> = Arc::default();
    let marker = run.join(watchdog::IN_GAME_MARKER);
    let marker_on_start_screen = Arc::new(Mutex::new(None));
    {
        let blocked = Arc::clone(&blocked);
        let seen = Arc::clone(&marker_on_start_screen);
        let marker = marker.clone();
        slint::Timer::single_shot(Duration::from_millis(1000), move || {
            *seen.lock().unwrap() = Some(marker.exists());
            // A hang: a callback that does not return for 1.2 s (6 keep-alive periods).
            let t0 = Instant::now();
            std::thread::sleep(Duration::from_millis(1200));
            *blocked.lock().unwrap() = Some((t0, Instant::now()));
        });
    }
    {
        let weak = window.as_weak();
        slint::Timer::single_shot(Duration::from_millis(1400), move || {
            // A game comes on screen: the next tick writes the marker.
            if let Some(w) = weak.upgrade() {
                w.global::<ui::View>().set_screen(ui::Screen::Play);
            }
        });
    }
    slint::Timer::single_shot(Duration::from_millis(3200), || {
        let _ = slint::quit_event_loop();
    });
    slint::run_event_loop().expect("event loop");
    drop(dog);

    let msgs = systemd.collect(Duration::from_millis(300));
    assert_eq!(
        msgs.first().map(|(_, m)| m.as_str()),
        Some("READY=1"),
        "READY=1 comes first: {msgs:?}"
    );
    assert_eq!(
        msgs.iter().filter(|(_, m)| m == "READY=1").count(),
        1,
        "READY=1 once"
    );
    let (t0, t1) = blocked.lock().unwrap().expect("the blocking callback ran");
    let pings = keep_alives(&msgs);
    let before = pings.iter().filter(|&&t| t <= t0).count();
    let during = pings
        .iter()
        .filter(|&&t| t > t0 + Duration::from_millis(50) && t < t1)
        .count();
    let after: Vec<_> = pings.iter().filter(|&&t| t >= t1).copied().collect();
    println!(
        "keep-alives: {before} before the hang, {during} during 1.2 s of hang, {} after",
        after.len()
    );
    assert!(
        before >= 6,
        "about 9 keep-alives in the first second, got {before}"
    );
    assert_eq!(during, 0, "no keep-alive while the event loop is blocked");
    assert!(
        after.len() >= 6,
        "keep-alives again after the hang: {after:?}"
    );
    // Every half timeout while the loop turns: no gap longer than the timeout itself.
    let gaps: Vec<Duration> = after.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        gaps.iter().all(|g| *g < Duration::from_millis(200)),
        "keep-alive gaps {gaps:?}"
    );

    assert_eq!(
        *marker_on_start_screen.lock().unwrap(),
        Some(false),
        "no marker while the start screen shows"
    );
    assert!(
        marker.exists(),
        "a game on screen leaves the in-game marker"
    );
    assert!(
        watchdog::resume_after_restart(),
        "a restart resumes the game"
    );
    assert!(!marker.exists(), "the marker is used once");
    assert!(!watchdog::resume_after_restart(), "and only once");

    for k in [
        "NOTIFY_SOCKET",
        "WATCHDOG_USEC",
        "WATCHDOG_PID",
        "RUNTIME_DIRECTORY",
    ] {
        std::env::remove_var(k);
    }
}

// ---- the real program under Xvfb -------------------------------------------------------------

/// An Xvfb server on a free display (`-displayfd`), stopped when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    /// `None` (after printing `SKIP: ...`) when Xvfb is not installed.
    fn start(test: &str) -> Option<Xvfb> {
        let spawned = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => {
                println!(
                    "SKIP: {test}: Xvfb cannot be started ({e}); \
                     scripts/xvfb-screens.sh installs it"
                );
                return None;
            }
        };
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).ok();
        let n = line.trim();
        if n.is_empty() {
            let _ = child.kill();
            let _ = child.wait();
            println!("SKIP: {test}: Xvfb did not report a display");
            return None;
        }
        Some(Xvfb {
            display: format!(":{n}"),
            child,
        })
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The real `berlin-table` in a window, killed when dropped.
struct Table {
    child: Child,
    log: PathBuf,
}

impl Table {
    fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }

    fn status(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(s)) => format!("exited: {s}"),
            _ => "still running".into(),
        }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    fn signal(&self, sig: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("pid");
        // SAFETY: a signal to our own child, which has not been waited for (so the pid is
        // still its own).
        let rc = unsafe { libc::kill(pid, sig) };
        assert_eq!(rc, 0, "kill({pid}, {sig})");
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Launch<'a> {
    x: &'a Xvfb,
    systemd: &'a FakeSystemd,
    watchdog_usec: u64,
    save_dir: &'a Path,
    runtime_dir: &'a Path,
    renderer: &'a str,
    probe: Option<&'a Path>,
    log: PathBuf,
    mdwe: bool,
}

impl Launch<'_> {
    /// Starts the table as systemd would: NOTIFY_SOCKET, WATCHDOG_USEC, RUNTIME_DIRECTORY.
    fn start(&self) -> Table {
        let log = std::fs::File::create(&self.log).expect("log file");
        let mut c = Command::new(env!("CARGO_BIN_EXE_berlin-table"));
        c.env("DISPLAY", &self.x.display)
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_CONFIG_HOME", "/nonexistent")
            .env("HOME", "/nonexistent")
            .env_remove("BERLIN_TABLE_LOG")
            .env("NOTIFY_SOCKET", &self.systemd.address)
            .env("WATCHDOG_USEC", self.watchdog_usec.to_string())
            .env_remove("WATCHDOG_PID")
            .env("RUNTIME_DIRECTORY", self.runtime_dir)
            .env_remove("BERLIN_TABLE_PROBE")
            .args([
                "--windowed",
                "--window-size",
                "1280x800",
                "--log-level",
                "info",
            ])
            .args(["--renderer", self.renderer])
            .arg("--save-dir")
            .arg(self.save_dir)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log);
        if let Some(p) = self.probe {
            c.env("BERLIN_TABLE_PROBE", p);
        }
        if self.mdwe {
            use std::os::unix::process::CommandExt;
            // SAFETY: prctl is async-signal-safe; nothing else runs between fork and exec.
            unsafe {
                c.pre_exec(|| {
                    let flags = libc::PR_MDWE_REFUSE_EXEC_GAIN as libc::c_ulong;
                    let zero: libc::c_ulong = 0;
                    if libc::prctl(libc::PR_SET_MDWE, flags, zero, zero, zero) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        Table {
            child: c.spawn().expect("start berlin-table"),
            log: self.log.clone(),
        }
    }
}

/// A debug build starts slowly on a busy 2-core machine (and FemtoVG on llvmpipe more so).
const START: Duration = Duration::from_secs(120);

/// The labels the probe lists now (empty until it has written once).
fn probe_labels(probe: &Path) -> Vec<String> {
    std::fs::read_to_string(probe)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect()
}

/// Waits until the probe shows the game (the map) or the start screen ("Set up").
fn screen_shown(probe: &Path, table: &mut Table) -> &'static str {
    let end = Instant::now() + Duration::from_secs(30);
    while Instant::now() < end {
        let labels = probe_labels(probe);
        if labels.iter().any(|l| l == "map") {
            return "game";
        }
        if labels.iter().any(|l| l == "Set up") {
            return "start";
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!(
        "the probe shows neither the map nor the start screen; table {}:\n{}",
        table.status(),
        table.log()
    );
}

/// The real table tells "systemd" it is ready once a frame is up and then keeps it alive
/// every half WATCHDOG_USEC, here over an abstract socket address (what the crate is for);
/// while the process is frozen nothing comes.
#[test]
fn the_real_table_says_ready_and_keeps_alive() {
    let Some(x) = Xvfb::start("the_real_table_says_ready_and_keeps_alive") else {
        return;
    };
    let scratch = Scratch::new("real");
    let systemd = FakeSystemd::abstract_address("real");
    let save = scratch.0.join("saves");
    let run = scratch.0.join("run");
    std::fs::create_dir_all(&run).unwrap();
    let launch = Launch {
        x: &x,
        systemd: &systemd,
        watchdog_usec: 1_000_000,
        save_dir: &save,
        runtime_dir: &run,
        renderer: "auto",
        probe: None,
        log: scratch.0.join("table.log"),
        mdwe: false,
    };
    let mut table = launch.start();
    systemd.expect_ready(START, &mut table);
    let msgs = systemd.collect(Duration::from_millis(2600));
    let pings = keep_alives(&msgs);
    let log = table.log();
    let how = log
        .lines()
        .find(|l| l.contains("READY=1"))
        .unwrap_or("(no READY line in the log)");
    println!("{how}");
    assert!(
        pings.len() >= 4,
        "a keep-alive every 500 ms, got {} in 2.6 s: {msgs:?}\n{log}",
        pings.len()
    );
    let gaps: Vec<Duration> = pings.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        gaps.iter().all(|g| *g < Duration::from_millis(1000)),
        "keep-alive gaps {gaps:?}"
    );
    assert!(
        log.contains("keep-alive every 500 ms from the UI event loop"),
        "the log says what the watchdog does:\n{log}"
    );

    // Frozen: not one keep-alive for longer than the timeout. systemd would kill it now.
    table.signal(libc::SIGSTOP);
    let frozen = systemd.collect(Duration::from_millis(2000));
    table.signal(libc::SIGCONT);
    assert!(
        keep_alives(&frozen).is_empty(),
        "keep-alives from a frozen table: {frozen:?}"
    );
    let thawed = systemd.collect(Duration::from_millis(1500));
    assert!(
        !keep_alives(&thawed).is_empty(),
        "keep-alives once it runs again"
    );
}

/// A frozen table in the middle of a game is killed by "systemd" (no keep-alive for longer than
/// the timeout) and started again; it comes back into its game. After a stop (which clears the
/// runtime directory) it shows the start screen.
#[test]
fn a_frozen_table_is_restarted_into_its_game() {
    let Some(x) = Xvfb::start("a_frozen_table_is_restarted_into_its_game") else {
        return;
    };
    let scratch = Scratch::new("restart");
    let systemd = FakeSystemd::at_path(&scratch.0);
    let save = scratch.0.join("saves");
    let run = scratch.0.join("run");
    std::fs::create_dir_all(&run).unwrap();
    save_a_game(&scratch.0, &save);
    let probe = scratch.0.join("probe.tsv");
    let mut launch = Launch {
        x: &x,
        systemd: &systemd,
        watchdog_usec: 1_000_000,
        save_dir: &save,
        runtime_dir: &run,
        renderer: "software",
        probe: Some(&probe),
        log: scratch.0.join("table-1.log"),
        mdwe: false,
    };
    let marker = run.join(watchdog::IN_GAME_MARKER);

    // 1. A table with a game on screen (as after an earlier restart: the marker is there).
    std::fs::write(&marker, b"").unwrap();
    let mut first = launch.start();
    systemd.expect_ready(START, &mut first);
    assert_eq!(screen_shown(&probe, &mut first), "game");
    let msgs = systemd.collect(Duration::from_millis(1200));
    assert!(!keep_alives(&msgs).is_empty(), "keep-alives: {msgs:?}");
    assert!(
        marker.exists(),
        "the in-game marker is back after the first keep-alive:\n{}",
        first.log()
    );

    // 2. It freezes. Past the timeout with no keep-alive, systemd kills it (SIGKILL here: a
    //    stopped process takes no SIGABRT) and starts it again with the same runtime directory.
    first.signal(libc::SIGSTOP);
    let frozen = systemd.collect(Duration::from_millis(1500));
    assert!(keep_alives(&frozen).is_empty(), "frozen: {frozen:?}");
    first.kill();
    let _ = std::fs::remove_file(&probe);
    launch.log = scratch.0.join("table-2.log");
    let mut second = launch.start();
    systemd.expect_ready(START, &mut second);
    assert_eq!(
        screen_shown(&probe, &mut second),
        "game",
        "back into the game after the restart:\n{}",
        second.log()
    );
    assert!(
        second
            .log()
            .contains("restarted while a game was on screen"),
        "the log says why it resumed:\n{}",
        second.log()
    );
    second.kill();

    // 3. `systemctl stop` (or a reboot) clears /run/berlin-table: the next start shows the start
    //    screen with its Resume button.
    std::fs::remove_dir_all(&run).unwrap();
    std::fs::create_dir_all(&run).unwrap();
    let _ = std::fs::remove_file(&probe);
    launch.log = scratch.0.join("table-3.log");
    let mut third = launch.start();
    systemd.expect_ready(START, &mut third);
    assert_eq!(screen_shown(&probe, &mut third), "start");
    assert!(probe_labels(&probe).iter().any(|l| l == "Resume"));
}

/// `MemoryDenyWriteExecute=yes`: the software renderer needs no writable and executable memory.
/// FemtoVG on Mesa's llvmpipe (a JIT) does; what it does under the restriction is printed (it
/// is why the unit's comment says to pick the software renderer on a machine without a GPU
/// driver). The Pi's V3D/VC4 drivers compile shaders for the GPU, not for the CPU.
#[test]
fn memory_deny_write_execute_leaves_the_software_renderer_working() {
    let test = "memory_deny_write_execute_leaves_the_software_renderer_working";
    let Some(x) = Xvfb::start(test) else {
        return;
    };
    let zero: libc::c_ulong = 0;
    // SAFETY: PR_GET_MDWE only returns this process's flags; it takes no pointers.
    if unsafe { libc::prctl(libc::PR_GET_MDWE, zero, zero, zero, zero) } < 0 {
        println!("SKIP: {test}: this kernel has no PR_SET_MDWE (Linux 6.3+)");
        return;
    }
    let scratch = Scratch::new("mdwe");
    let systemd = FakeSystemd::at_path(&scratch.0);
    let save = scratch.0.join("saves");
    let run = scratch.0.join("run");
    std::fs::create_dir_all(&run).unwrap();
    let mut launch = Launch {
        x: &x,
        systemd: &systemd,
        watchdog_usec: 1_000_000,
        save_dir: &save,
        runtime_dir: &run,
        renderer: "software",
        probe: None,
        log: scratch.0.join("software.log"),
        mdwe: true,
    };
    let mut table = launch.start();
    systemd.expect_ready(START, &mut table);
    let msgs = systemd.collect(Duration::from_millis(1200));
    assert!(!keep_alives(&msgs).is_empty(), "keep-alives under MDWE");
    table.kill();

    launch.renderer = "femtovg";
    launch.log = scratch.0.join("femtovg.log");
    let mut table = launch.start();
    let end = Instant::now() + Duration::from_secs(30);
    let mut ready = false;
    while Instant::now() < end && !ready {
        ready = systemd
            .next(Duration::from_millis(200))
            .is_some_and(|(_, m)| m == "READY=1");
        if table.exited() {
            break;
        }
    }
    println!(
        "INFO: FemtoVG under MemoryDenyWriteExecute: {} ({})",
        if ready {
            "first frame drawn"
        } else {
            "no first frame"
        },
        table.status()
    );
}

/// Plays a few set-up inputs into `save` with `berlin-table play --script`.
fn save_a_game(scratch: &Path, save: &Path) {
    let data = tests::berlin85();
    let mut g = Game::new(data, "unity", Default::default()).expect("scenario");
    let mut agent = tests::RandomAgent::new(19);
    let mut inputs: Vec<Input85> = Vec::new();
    while inputs.len() < 6 && !matches!(g.pending(), Pending::GameOver) {
        let accepted = agent
            .candidates(&g)
            .into_iter()
            .find(|i| g.apply(i).is_ok())
            .expect("the agent finds an input");
        inputs.push(accepted);
    }
    let mut text = String::from("scenario unity\n");
    for i in &inputs {
        text.push_str(&notation::format_input(data, i));
        text.push('\n');
    }
    let script = scratch.join("game.txt");
    std::fs::write(&script, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_berlin-table"))
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .env("HOME", "/nonexistent")
        .args(["--log-level", "off", "--save-dir"])
        .arg(save)
        .arg("play")
        .arg("--script")
        .arg(&script)
        .output()
        .expect("berlin-table play");
    assert!(
        out.status.success(),
        "play --script: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
