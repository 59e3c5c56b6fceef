//! The framebuffer window (issue 16) on stand-ins, through its real event loop: a temp file for
//! `/dev/fb0` with a temp sysfs directory, and a pipe of `input_event` records for the
//! touchscreen. The picture written to the "framebuffer" turns to the seat (a corner marker
//! moves to the opposite corner on half a turn; a quarter turn lays the window out portrait),
//! and a tap at a screen point lands where the player at each edge sees that point; so do a
//! mouse's clicks, and a keyboard's keys reach the focused element.
//!
//! One test: Slint's platform is set once a process.

#![cfg(target_os = "linux")]

use engine::core::seats::TableEdge;
use slint::ComponentHandle;
use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};
use ui::framebuffer::device::{write_sysfs_stand_in, Device};
use ui::framebuffer::evdev::{record, tap_records, AbsRange, InputDevice};
use ui::framebuffer::FramebufferPlatform;

slint::slint! {
    export component Probe inherits Window {
        in-out property <length> tap-x: -1px;
        in-out property <length> tap-y: -1px;
        in-out property <int> taps;
        in-out property <string> key;
        in-out property <color> spot: #0000ff;
        background: #0000ff;
        forward-focus: keys;
        keys := FocusScope {
            key-pressed(event) => {
                root.key = event.text;
                accept
            }
        }
        TouchArea {
            clicked => {
                root.tap-x = self.pressed-x;
                root.tap-y = self.pressed-y;
                root.taps += 1;
            }
        }
        // The picture's top-left corner.
        Rectangle { x: 0; y: 0; width: 4px; height: 4px; background: #ff0000; }
        // A spot that turns red, to see a partial repaint of a turned picture.
        Rectangle { x: 30px; y: 10px; width: 4px; height: 4px; background: root.spot; }
    }
}

const WIDTH: u32 = 64;
const HEIGHT: u32 = 40;
/// The touchscreen's range on both axes: 4095 / 63 = 65 and 4095 / 39 = 105 raw units a pixel.
const RAW_MAX: i32 = 4095;
const RED: u32 = 0xff0000;
const BLUE: u32 = 0x0000ff;

fn pixel(fb: &Path, x: u32, y: u32) -> Option<u32> {
    let bytes = std::fs::read(fb).ok()?;
    let at = (y * WIDTH * 4 + x * 4) as usize;
    let p = bytes.get(at..at + 4)?;
    Some(u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0xff_ffff)
}

/// Where the red corner marker is on the screen, if the picture is drawn.
fn marker(fb: &Path) -> Option<(u32, u32)> {
    let corners = [
        (0, 0),
        (WIDTH - 1, 0),
        (0, HEIGHT - 1),
        (WIDTH - 1, HEIGHT - 1),
    ];
    let reds: Vec<_> = corners
        .into_iter()
        .filter(|&(x, y)| pixel(fb, x, y) == Some(RED))
        .collect();
    let blues = corners
        .into_iter()
        .filter(|&(x, y)| pixel(fb, x, y) == Some(BLUE))
        .count();
    (reds.len() == 1 && blues == 3).then(|| reds[0])
}

/// What the test waits for next.
enum Step {
    /// The marker at this screen corner, then the window `size`.
    Picture(TableEdge, (u32, u32), (f32, f32)),
    /// A tap at screen (10, 30) landing on this window point.
    Tap(TableEdge, (f32, f32)),
    /// The mouse moved from the screen's top-left corner by (dx, dy) and clicked: a click
    /// at this window point.
    Click(TableEdge, (i32, i32), (f32, f32)),
    /// A key typed on the keyboard: this text reaches the focused element.
    Key(u16, &'static str),
    /// Turned to the edge, the spot turns red: only what changed is drawn again, and it must
    /// reach the framebuffer where that player sees it.
    Spot(TableEdge, (u32, u32)),
}

#[test]
fn the_framebuffer_window_turns_its_picture_and_input_to_each_seat() {
    let dir = std::env::temp_dir().join(format!("bt-fb-window-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let sysfs = dir.join("sysfs");
    write_sysfs_stand_in(&sysfs, (WIDTH, HEIGHT), 32, WIDTH as usize * 4).unwrap();
    let fb: PathBuf = dir.join("fb0");
    std::fs::write(&fb, b"").unwrap();

    let device = Device::open(&fb, &sysfs).expect("the stand-in framebuffer");
    let (reader, writer) = std::io::pipe().expect("a pipe");
    let range = AbsRange {
        min: 0,
        max: RAW_MAX,
    };
    let touchscreen = InputDevice {
        name: "the test's touchscreen".into(),
        reader: Box::new(reader),
        single: Some((range, range)),
        multi: None,
    };
    slint::platform::set_platform(Box::new(FramebufferPlatform::with_inputs(
        device,
        vec![touchscreen],
    )))
    .expect("the framebuffer platform");

    let probe = Probe::new().expect("the probe window");
    probe.show().unwrap();
    let screen = (WIDTH as f32, HEIGHT as f32);
    let tap_at = (10.0, 30.0);
    let mut steps = vec![
        // Upright: the marker at the top-left; North: half round, at the bottom-right.
        Step::Picture(TableEdge::South, (0, 0), screen),
        Step::Picture(TableEdge::North, (WIDTH - 1, HEIGHT - 1), screen),
        // East: the window's top-left is at the screen's bottom-left, and it is portrait.
        Step::Picture(TableEdge::East, (0, HEIGHT - 1), (screen.1, screen.0)),
        Step::Picture(TableEdge::West, (WIDTH - 1, 0), (screen.1, screen.0)),
    ];
    for edge in TableEdge::ALL {
        steps.push(Step::Tap(
            edge,
            ui::turn::screen_to_window(edge, tap_at, screen),
        ));
    }
    let west = ui::turn::screen_to_window(TableEdge::West, (20.0, 5.0), screen);
    steps.push(Step::Click(TableEdge::West, (20, 5), west));
    // KEY_3 types "3".
    steps.push(Step::Key(4, "3"));
    // The spot (window 30..34, 10..14) half round is at screen 30..34, 26..30.
    steps.push(Step::Spot(TableEdge::North, (31, 28)));
    steps.reverse();

    let failures = Rc::new(RefCell::new(Vec::<String>::new()));
    let writer = RefCell::new(writer);
    let deadline = Instant::now() + Duration::from_secs(60);
    let started = RefCell::new(None::<(TableEdge, i32)>);
    let timer = slint::Timer::default();
    let (weak, fails) = (probe.as_weak(), failures.clone());
    let fb_path = fb.clone();
    timer.start(
        slint::TimerMode::Repeated,
        Duration::from_millis(10),
        move || {
            let probe = weak.unwrap();
            if Instant::now() > deadline {
                fails.borrow_mut().push(format!(
                    "timed out; the framebuffer's corner marker is at {:?}",
                    marker(&fb_path)
                ));
                let _ = slint::quit_event_loop();
                return;
            }
            let Some(step) = steps.last() else {
                let _ = slint::quit_event_loop();
                return;
            };
            match *step {
                Step::Picture(edge, corner, size) => {
                    ui::turning::turn_to(edge);
                    if marker(&fb_path) != Some(corner) {
                        return;
                    }
                    let s = probe.window().size();
                    let got = (s.width as f32, s.height as f32);
                    if got != size {
                        fails
                            .borrow_mut()
                            .push(format!("{edge:?}: the window is {got:?}, not {size:?}"));
                    }
                    steps.pop();
                }
                Step::Tap(edge, expected) => {
                    let mut started = started.borrow_mut();
                    match *started {
                        None => {
                            ui::turning::turn_to(edge);
                            *started = Some((edge, probe.get_taps()));
                            let raw = tap_records(10 * 65, 30 * 105);
                            writer.borrow_mut().write_all(&raw).expect("the tap");
                        }
                        Some((_, before)) if probe.get_taps() > before => {
                            let got = (probe.get_tap_x(), probe.get_tap_y());
                            if (got.0 - expected.0).abs() > 0.5 || (got.1 - expected.1).abs() > 0.5
                            {
                                fails.borrow_mut().push(format!(
                                    "{edge:?}: a tap at screen {tap_at:?} landed at {got:?}, \
                                 not {expected:?}"
                                ));
                            }
                            *started = None;
                            steps.pop();
                        }
                        Some(_) => {}
                    }
                }
                Step::Click(edge, (dx, dy), expected) => {
                    let mut started = started.borrow_mut();
                    match *started {
                        None => {
                            ui::turning::turn_to(edge);
                            *started = Some((edge, probe.get_taps()));
                            // Far up and left first: the pointer stops at the screen's corner.
                            let raw = [
                                record(2, 0, -1000),
                                record(2, 1, -1000),
                                record(0, 0, 0),
                                record(2, 0, dx),
                                record(2, 1, dy),
                                record(0, 0, 0),
                                record(1, 0x110, 1),
                                record(0, 0, 0),
                                record(1, 0x110, 0),
                                record(0, 0, 0),
                            ]
                            .concat();
                            writer.borrow_mut().write_all(&raw).expect("the click");
                        }
                        Some((_, before)) if probe.get_taps() > before => {
                            let got = (probe.get_tap_x(), probe.get_tap_y());
                            if (got.0 - expected.0).abs() > 0.5 || (got.1 - expected.1).abs() > 0.5
                            {
                                fails.borrow_mut().push(format!(
                                    "{edge:?}: a click at screen ({dx}, {dy}) landed at {got:?}, \
                                 not {expected:?}"
                                ));
                            }
                            *started = None;
                            steps.pop();
                        }
                        Some(_) => {}
                    }
                }
                Step::Spot(edge, (x, y)) => {
                    ui::turning::turn_to(edge);
                    if probe.get_spot() == slint::Color::from_rgb_u8(0, 0, 255) {
                        // The whole turned picture first.
                        if marker(&fb_path) == Some((WIDTH - 1, HEIGHT - 1)) {
                            probe.set_spot(slint::Color::from_rgb_u8(255, 0, 0));
                        }
                    } else if pixel(&fb_path, x, y) == Some(RED) {
                        steps.pop();
                    }
                }
                Step::Key(code, text) => {
                    let mut started = started.borrow_mut();
                    if started.is_none() {
                        *started = Some((TableEdge::South, 0));
                        let raw = [
                            record(1, code, 1),
                            record(0, 0, 0),
                            record(1, code, 0),
                            record(0, 0, 0),
                        ]
                        .concat();
                        writer.borrow_mut().write_all(&raw).expect("the key");
                    } else if probe.get_key() == text {
                        *started = None;
                        steps.pop();
                    }
                }
            }
        },
    );
    slint::run_event_loop_until_quit().expect("the event loop");
    drop(timer);
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.borrow();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
