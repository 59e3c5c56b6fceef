//! The systemd watchdog: a table whose UI freezes is killed and restarted by systemd, and comes
//! back to the game it was showing.
//!
//! Under `Type=notify` with `WatchdogSec=` (deploy/berlin-table.service) systemd hands the
//! program `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID`. The table then sends
//!
//! * `READY=1` once its first frame is drawn (FemtoVG reports it through a rendering notifier;
//!   the software renderer has none, so there it is the first turn of the event loop after the
//!   window is shown), and
//! * `WATCHDOG=1` every half `WATCHDOG_USEC`, from a [`slint::Timer`]. Timers run on the UI
//!   event loop, so when the loop hangs (a callback that never returns, a deadlock, an fsync
//!   stuck on a dying SD card) no keep-alive goes out, and systemd kills the program
//!   (`WatchdogSignal=`, SIGABRT) and starts it again (`Restart=`).
//!
//! Back to the game: while a game is on screen the table keeps an empty file `in-game` in its
//! runtime directory (`$RUNTIME_DIRECTORY`, `/run/berlin-table`; the unit's
//! `RuntimeDirectoryPreserve=restart` keeps it across restarts, but a stop or a reboot clears
//! it). A start that finds the file is a restart in the middle of a game, and the table goes
//! straight back into the saved game instead of the start screen ([`resume_after_restart`]).
//! The file is removed as it is read and written again only at the first keep-alive, so a game
//! that brings the table down as soon as it is resumed is not resumed again and again: the
//! start after that shows the start screen.
//!
//! Without `NOTIFY_SOCKET` (a desktop, the tests) nothing is sent, and without
//! `RUNTIME_DIRECTORY` nothing is kept.

use slint::{ComponentHandle, Timer, TimerMode};
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

/// The file in the runtime directory that says "a game is on screen".
pub const IN_GAME_MARKER: &str = "in-game";

/// How often the in-game marker is brought up to date when systemd asked for no watchdog.
const MARKER_PERIOD: Duration = Duration::from_secs(5);

/// What systemd asked for, read from the environment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `NOTIFY_SOCKET` is set: systemd waits for `READY=1` (`Type=notify`).
    pub notify: bool,
    /// `WATCHDOG_USEC` for this process (`WATCHDOG_PID` unset or ours): the watchdog timeout.
    pub watchdog: Option<Duration>,
    /// `$RUNTIME_DIRECTORY` (its first entry): where the in-game marker is kept.
    pub runtime_dir: Option<PathBuf>,
}

impl Settings {
    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID` and `RUNTIME_DIRECTORY`.
    pub fn from_env() -> Settings {
        let notify =
            sd::available() && std::env::var_os("NOTIFY_SOCKET").is_some_and(|s| !s.is_empty());
        let watchdog = if notify {
            sd::watchdog_enabled().filter(|d| !d.is_zero())
        } else {
            None
        };
        if notify && watchdog.is_none() {
            if let Some(usec) = std::env::var_os("WATCHDOG_USEC") {
                // systemd sets WATCHDOG_PID to the main process; a child that inherited the
                // variables must not keep its parent alive.
                log::info!(
                    "systemd watchdog: WATCHDOG_USEC={usec:?} is not for this process \
                     (WATCHDOG_PID={:?}, we are {}) or not a number: no keep-alive",
                    std::env::var_os("WATCHDOG_PID"),
                    std::process::id()
                );
            }
        }
        let runtime_dir = std::env::var("RUNTIME_DIRECTORY").ok().and_then(|v| {
            v.split(':')
                .next()
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
        });
        Settings {
            notify,
            watchdog,
            runtime_dir,
        }
    }

    /// The keep-alive period: half the watchdog timeout, as sd_watchdog_enabled(3) advises.
    pub fn keep_alive(&self) -> Option<Duration> {
        self.watchdog.map(|d| (d / 2).max(Duration::from_millis(1)))
    }
}

/// Was the table restarted in the middle of a game (by systemd, after a crash or a watchdog
/// timeout)? Reads and removes the in-game marker; true means: go straight back into the
/// saved game.
pub fn resume_after_restart() -> bool {
    let Some(dir) = Settings::from_env().runtime_dir else {
        return false;
    };
    let marker = dir.join(IN_GAME_MARKER);
    match std::fs::remove_file(&marker) {
        Ok(()) => {
            log::warn!(
                "restarted while a game was on screen (after a crash or a watchdog timeout, \
                 see the log before this start): resuming the saved game"
            );
            true
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => {
            log::warn!("{}: {e}", marker.display());
            false
        }
    }
}

/// The running watchdog: keep it alive as long as the event loop runs.
#[derive(Default)]
pub struct Watchdog {
    _tick: Option<Timer>,
    _ready: Option<Timer>,
}

/// Starts telling systemd about the table shown in `window` (see the module documentation).
/// Must be called on the UI thread before the event loop runs.
pub fn start(window: &ui::AppWindow) -> Watchdog {
    start_with(window, Settings::from_env())
}

/// [`start`] with explicit settings.
pub fn start_with(window: &ui::AppWindow, settings: Settings) -> Watchdog {
    if !settings.notify && settings.runtime_dir.is_none() {
        log::debug!("not started by systemd (no NOTIFY_SOCKET, no RUNTIME_DIRECTORY): no watchdog");
        return Watchdog::default();
    }
    let ready = Rc::new(Cell::new(!settings.notify));
    let mut ready_timer = None;
    if settings.notify {
        let r = Rc::clone(&ready);
        let notifier = window.window().set_rendering_notifier(move |state, _| {
            if matches!(state, slint::RenderingState::AfterRendering) && !r.get() {
                r.set(true);
                tell_ready("the first frame is drawn");
            }
        });
        if notifier.is_err() {
            // The software renderer has no rendering notifier: the first turn of the event
            // loop, which runs once the window is shown.
            let r = Rc::clone(&ready);
            let t = Timer::default();
            t.start(TimerMode::SingleShot, Duration::ZERO, move || {
                if !r.get() {
                    r.set(true);
                    tell_ready("the event loop is running");
                }
            });
            ready_timer = Some(t);
        }
    }
    let keep_alive = settings.keep_alive();
    match (settings.watchdog, keep_alive) {
        (Some(timeout), Some(period)) => log::info!(
            "systemd watchdog: timeout {} ms, keep-alive every {} ms from the UI event loop",
            timeout.as_millis(),
            period.as_millis()
        ),
        _ if settings.notify => {
            log::info!("systemd: READY=1 after the first frame; no watchdog (WatchdogSec= unset)")
        }
        _ => {}
    }
    let marker = settings.runtime_dir.map(|d| d.join(IN_GAME_MARKER));
    let weak = window.as_weak();
    let failing = Cell::new(false);
    let in_game: Cell<Option<bool>> = Cell::new(None);
    let tick = Timer::default();
    tick.start(
        TimerMode::Repeated,
        keep_alive.unwrap_or(MARKER_PERIOD),
        move || {
            if !ready.get() {
                return;
            }
            if keep_alive.is_some() {
                match sd::keep_alive() {
                    Ok(()) if failing.replace(false) => {
                        log::info!("systemd watchdog: keep-alive sent again")
                    }
                    Ok(()) => {}
                    Err(e) if !failing.replace(true) => {
                        log::warn!("systemd watchdog: the keep-alive could not be sent: {e}")
                    }
                    Err(_) => {}
                }
            }
            if let (Some(path), Some(w)) = (&marker, weak.upgrade()) {
                let now = match w.global::<ui::View>().get_screen() {
                    ui::Screen::Play | ui::Screen::Victory => Some(true),
                    ui::Screen::Start => Some(false),
                    // The About screen: opened from a game or from the start screen.
                    _ => None,
                };
                if let Some(now) = now {
                    if in_game.replace(Some(now)) != Some(now) {
                        mark_in_game(path, now);
                    }
                }
            }
        },
    );
    Watchdog {
        _tick: Some(tick),
        _ready: ready_timer,
    }
}

fn tell_ready(why: &str) {
    match sd::ready() {
        Ok(()) => log::info!("systemd: READY=1 ({why})"),
        Err(e) => log::warn!("systemd: READY=1 could not be sent: {e}"),
    }
}

/// Writes or removes the in-game marker.
fn mark_in_game(path: &Path, in_game: bool) {
    let result = if in_game {
        std::fs::write(path, b"")
    } else {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            r => r,
        }
    };
    match result {
        Ok(()) if in_game => {
            log::info!("a game is on screen: a restart goes straight back into it")
        }
        Ok(()) => log::info!("no game on screen: a restart shows the start screen"),
        Err(e) => log::warn!("{}: {e}", path.display()),
    }
}

/// The notify protocol, through the `libsystemd` crate (Linux only).
#[cfg(target_os = "linux")]
mod sd {
    use libsystemd::daemon::{self, NotifyState};
    use std::time::Duration;

    pub fn available() -> bool {
        true
    }

    /// `WATCHDOG_USEC` when `WATCHDOG_PID` is unset or this process.
    pub fn watchdog_enabled() -> Option<Duration> {
        daemon::watchdog_enabled(false)
    }

    fn send(state: NotifyState) -> Result<(), String> {
        match daemon::notify(false, &[state]) {
            Ok(true) => Ok(()),
            Ok(false) => Err("NOTIFY_SOCKET is not set".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    pub fn ready() -> Result<(), String> {
        send(NotifyState::Ready)
    }

    pub fn keep_alive() -> Result<(), String> {
        send(NotifyState::Watchdog)
    }
}

/// No systemd here.
#[cfg(not(target_os = "linux"))]
mod sd {
    use std::time::Duration;

    pub fn available() -> bool {
        false
    }

    pub fn watchdog_enabled() -> Option<Duration> {
        None
    }

    pub fn ready() -> Result<(), String> {
        Ok(())
    }

    pub fn keep_alive() -> Result<(), String> {
        Ok(())
    }
}
