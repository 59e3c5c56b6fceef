//! The table's window: the size the configuration asks for (`--window-size`, the config file's
//! `[window]`), or the whole screen (`--fullscreen`, `fullscreen = true`, a kiosk build's
//! default). On the Pi's display without a desktop (linuxkms) the table always fills the screen
//! and none of this applies.

use crate::config::Config;
use slint::winit_030::winit;
use slint::winit_030::WinitWindowAccessor;
use slint::ComponentHandle;
use std::time::Duration;

/// How the window is to be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Fullscreen,
    /// A window of this many physical pixels.
    Windowed {
        width: u32,
        height: u32,
    },
}

impl Placement {
    pub fn of(config: &Config) -> Placement {
        if config.fullscreen {
            Placement::Fullscreen
        } else {
            Placement::Windowed {
                width: config.window_width,
                height: config.window_height,
            }
        }
    }
}

/// Places the table's window; call it before the window is shown (`Table::run`).
pub fn place(table: &ui::Table, placement: Placement) {
    let app = table.window();
    match placement {
        Placement::Windowed { width, height } => {
            log::info!("window: {width}x{height}");
            app.window()
                .set_size(slint::PhysicalSize::new(width, height));
        }
        Placement::Fullscreen => {
            log::info!("window: fullscreen");
            app.window().set_fullscreen(true);
            fill_screen_on_x11(app.as_weak(), 0);
        }
    }
}

/// How often, and how many times, to look whether the window exists yet.
const POLL: Duration = Duration::from_millis(50);
const POLLS: u32 = 200;

/// On X11 "fullscreen" is a request to the window manager: with no window manager (X started
/// for the table alone, as on a Pi without a desktop, or Xvfb) nobody grants it and the window
/// keeps its own size. So once the window exists, it is also sized to its screen. A window
/// manager that did make it fullscreen has already given it that size; other window systems
/// (Wayland, linuxkms) are left alone.
fn fill_screen_on_x11(app: slint::Weak<ui::AppWindow>, polls: u32) {
    let delay = if polls == 0 { Duration::ZERO } else { POLL };
    slint::Timer::single_shot(delay, move || {
        let Some(app) = app.upgrade() else {
            return;
        };
        let window = app.window();
        if !window.has_winit_window() {
            // Not created yet (the event loop has just started), or never: not a winit window.
            if polls < POLLS {
                fill_screen_on_x11(app.as_weak(), polls + 1);
            }
            return;
        }
        window.with_winit_window(|w: &winit::window::Window| {
            use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
            let x11 = matches!(
                w.window_handle().map(|h| h.as_raw()),
                Ok(RawWindowHandle::Xlib(_) | RawWindowHandle::Xcb(_))
            );
            let Some(monitor) = w.current_monitor().or_else(|| w.primary_monitor()) else {
                return;
            };
            let screen = monitor.size();
            if x11 && screen.width > 0 && screen.height > 0 && w.inner_size() != screen {
                log::info!(
                    "fullscreen: sizing the window to its screen, {}x{} (no window manager did)",
                    screen.width,
                    screen.height
                );
                let _ = w.request_inner_size(screen);
            }
        });
    });
}
