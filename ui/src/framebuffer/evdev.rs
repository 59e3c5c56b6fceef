//! Input on the bare Linux display: evdev devices (`/dev/input/event*`) read as raw
//! `input_event` records, one reader thread a device, decoded into what the table's window
//! needs: a touchscreen's finger (the single-touch `ABS_X`/`ABS_Y` + `BTN_TOUCH` every
//! multi-touch driver also reports; `ABS_MT_POSITION_*` where it does not), a mouse
//! (`REL_X`/`REL_Y`, its buttons, `REL_WHEEL`) and a USB keyboard's few keys the table uses.

use slint::platform::{Key, PointerEventButton};
use slint::SharedString;
use std::io::Read;
use std::path::{Path, PathBuf};

const EV_SYN: u16 = 0;
const EV_KEY: u16 = 1;
const EV_REL: u16 = 2;
const EV_ABS: u16 = 3;
const SYN_REPORT: u16 = 0;
const REL_X: u16 = 0;
const REL_Y: u16 = 1;
const REL_WHEEL: u16 = 8;
pub const ABS_X: u16 = 0;
pub const ABS_Y: u16 = 1;
pub const ABS_MT_POSITION_X: u16 = 0x35;
pub const ABS_MT_POSITION_Y: u16 = 0x36;
const ABS_MT_TRACKING_ID: u16 = 0x39;
const BTN_LEFT: u16 = 0x110;
const BTN_RIGHT: u16 = 0x111;
const BTN_MIDDLE: u16 = 0x112;
pub const BTN_TOUCH: u16 = 0x14a;

/// The size of the kernel's `struct input_event`: a `struct timeval` of two `long`s (8 bytes
/// each on 64-bit, 4 on 32-bit armv7, whatever libc's own `time_t` is), then type, code and
/// value.
pub const RECORD_SIZE: usize = 2 * std::mem::size_of::<libc::c_long>() + 8;

/// One `input_event` record as the kernel writes it (native byte order, the time left zero).
pub fn record(kind: u16, code: u16, value: i32) -> Vec<u8> {
    let mut r = vec![0; RECORD_SIZE - 8];
    r.extend_from_slice(&kind.to_ne_bytes());
    r.extend_from_slice(&code.to_ne_bytes());
    r.extend_from_slice(&value.to_ne_bytes());
    r
}

/// A tap at raw touchscreen coordinates (x, y): finger down there, then up.
pub fn tap_records(x: i32, y: i32) -> Vec<u8> {
    [
        record(EV_ABS, ABS_X, x),
        record(EV_ABS, ABS_Y, y),
        record(EV_KEY, BTN_TOUCH, 1),
        record(EV_SYN, SYN_REPORT, 0),
        record(EV_KEY, BTN_TOUCH, 0),
        record(EV_SYN, SYN_REPORT, 0),
    ]
    .concat()
}

/// The range an absolute axis reports (`struct input_absinfo`'s minimum and maximum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbsRange {
    pub min: i32,
    pub max: i32,
}

impl AbsRange {
    /// A raw value as a screen coordinate along a side of `screen` pixels.
    fn to_screen(self, raw: i32, screen: u32) -> f64 {
        let span = f64::from(self.max) - f64::from(self.min);
        if span <= 0.0 {
            return f64::from(raw);
        }
        let v = (f64::from(raw) - f64::from(self.min)) * f64::from(screen - 1) / span;
        v.clamp(0.0, f64::from(screen - 1))
    }
}

/// What a device reported between two `SYN_REPORT`s, for the window.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// The finger at a screen point (physical pixels): down, moved or lifted.
    Touch {
        phase: crate::turning::TouchPhase,
        x: f64,
        y: f64,
    },
    /// The mouse moved by (dx, dy) physical pixels.
    MouseMotion { dx: f64, dy: f64 },
    MouseButton {
        button: PointerEventButton,
        pressed: bool,
    },
    /// Wheel notches, positive away from the user.
    Wheel { notches: i32 },
    Key {
        text: SharedString,
        pressed: bool,
        repeat: bool,
    },
}

/// The text Slint expects for a keyboard key the table uses: digits (physical dice),
/// Enter, Escape, Backspace and the arrows.
fn key_text(code: u16) -> Option<SharedString> {
    let named = |k: Key| Some(SharedString::from(char::from(k)));
    match code {
        1 => named(Key::Escape),
        // KEY_1 … KEY_9, KEY_0.
        2..=10 => Some(char::from(b'1' + (code - 2) as u8).to_string().into()),
        11 => Some("0".into()),
        14 => named(Key::Backspace),
        28 | 96 => named(Key::Return),
        57 => Some(" ".into()),
        103 => named(Key::UpArrow),
        105 => named(Key::LeftArrow),
        106 => named(Key::RightArrow),
        108 => named(Key::DownArrow),
        _ => None,
    }
}

/// Turns one device's records into [`Input`]s for a screen of `screen` physical pixels.
pub struct Decoder {
    screen: (u32, u32),
    /// The ranges of (ABS_X, ABS_Y) and of (ABS_MT_POSITION_X, ABS_MT_POSITION_Y); `None`
    /// where the device did not say (then raw values are taken as pixels).
    single: Option<(AbsRange, AbsRange)>,
    multi: Option<(AbsRange, AbsRange)>,
    raw: (Option<i32>, Option<i32>),
    mt: (Option<i32>, Option<i32>),
    /// Does the device report single-touch coordinates (then those are the finger)?
    has_single: bool,
    moved: bool,
    down: bool,
    touch_change: Option<bool>,
    rel: (i32, i32),
    frame: Vec<Input>,
}

impl Decoder {
    pub fn new(
        screen: (u32, u32),
        single: Option<(AbsRange, AbsRange)>,
        multi: Option<(AbsRange, AbsRange)>,
    ) -> Decoder {
        Decoder {
            screen,
            single,
            multi,
            raw: (None, None),
            mt: (None, None),
            has_single: false,
            moved: false,
            down: false,
            touch_change: None,
            rel: (0, 0),
            frame: Vec::new(),
        }
    }

    /// The finger's screen point.
    fn finger(&self) -> Option<(f64, f64)> {
        let (pos, ranges) = if self.has_single {
            (self.raw, self.single)
        } else {
            (self.mt, self.multi)
        };
        let (x, y) = (pos.0?, pos.1?);
        Some(match ranges {
            Some((rx, ry)) => (
                rx.to_screen(x, self.screen.0),
                ry.to_screen(y, self.screen.1),
            ),
            None => (f64::from(x), f64::from(y)),
        })
    }

    /// Takes one record (`RECORD_SIZE` bytes); returns what a `SYN_REPORT` completed.
    pub fn feed(&mut self, record: &[u8]) -> Vec<Input> {
        let tail = &record[record.len() - 8..];
        let kind = u16::from_ne_bytes([tail[0], tail[1]]);
        let code = u16::from_ne_bytes([tail[2], tail[3]]);
        let value = i32::from_ne_bytes([tail[4], tail[5], tail[6], tail[7]]);
        match (kind, code) {
            (EV_ABS, ABS_X) => {
                (self.has_single, self.raw.0, self.moved) = (true, Some(value), true)
            }
            (EV_ABS, ABS_Y) => {
                (self.has_single, self.raw.1, self.moved) = (true, Some(value), true)
            }
            (EV_ABS, ABS_MT_POSITION_X) => (self.mt.0, self.moved) = (Some(value), true),
            (EV_ABS, ABS_MT_POSITION_Y) => (self.mt.1, self.moved) = (Some(value), true),
            // A driver without BTN_TOUCH: a tracking id is a finger down, -1 lifted.
            (EV_ABS, ABS_MT_TRACKING_ID) if !self.has_single => {
                self.touch_change = Some(value >= 0)
            }
            (EV_KEY, BTN_TOUCH) => self.touch_change = Some(value != 0),
            (EV_KEY, BTN_LEFT | BTN_RIGHT | BTN_MIDDLE) => {
                let button = match code {
                    BTN_LEFT => PointerEventButton::Left,
                    BTN_RIGHT => PointerEventButton::Right,
                    _ => PointerEventButton::Middle,
                };
                self.frame.push(Input::MouseButton {
                    button,
                    pressed: value != 0,
                });
            }
            (EV_KEY, _) => {
                if let Some(text) = key_text(code) {
                    self.frame.push(Input::Key {
                        text,
                        pressed: value != 0,
                        repeat: value == 2,
                    });
                }
            }
            (EV_REL, REL_X) => self.rel.0 += value,
            (EV_REL, REL_Y) => self.rel.1 += value,
            (EV_REL, REL_WHEEL) => self.frame.push(Input::Wheel { notches: value }),
            (EV_SYN, SYN_REPORT) => return self.report(),
            _ => {}
        }
        Vec::new()
    }

    fn report(&mut self) -> Vec<Input> {
        use crate::turning::TouchPhase;
        let mut out = Vec::new();
        if self.rel != (0, 0) {
            let (dx, dy) = std::mem::take(&mut self.rel);
            out.push(Input::MouseMotion {
                dx: f64::from(dx),
                dy: f64::from(dy),
            });
        }
        let phase = match self.touch_change.take() {
            Some(true) if !self.down => Some(TouchPhase::Started),
            Some(false) if self.down => Some(TouchPhase::Ended),
            _ if self.down && self.moved => Some(TouchPhase::Moved),
            _ => None,
        };
        self.moved = false;
        if let (Some(phase), Some((x, y))) = (phase, self.finger()) {
            self.down = phase != TouchPhase::Ended;
            out.push(Input::Touch { phase, x, y });
        }
        out.append(&mut self.frame);
        out
    }
}

/// An input device: where its records come from and how its axes are scaled.
pub struct InputDevice {
    pub name: String,
    pub reader: Box<dyn Read + Send>,
    pub single: Option<(AbsRange, AbsRange)>,
    pub multi: Option<(AbsRange, AbsRange)>,
}

/// `EVIOCGABS(axis)`: `_IOR('E', 0x40 + axis, struct input_absinfo)`.
fn eviocgabs(axis: u16) -> u64 {
    let size = std::mem::size_of::<libc::input_absinfo>() as u64;
    (2 << 30) | (size << 16) | (u64::from(b'E') << 8) | (0x40 + u64::from(axis))
}

/// The range of an absolute axis of the open device; `None` if it has no such axis (or is not
/// an evdev device at all: a file of recorded events).
fn abs_range(file: &std::fs::File, axis: u16) -> Option<AbsRange> {
    use std::os::fd::AsRawFd;
    let mut info = libc::input_absinfo {
        value: 0,
        minimum: 0,
        maximum: 0,
        fuzz: 0,
        flat: 0,
        resolution: 0,
    };
    // SAFETY: EVIOCGABS writes one `struct input_absinfo` (the size encoded in the request)
    // into `info`, which lives across the call; the descriptor is open for the whole call.
    let r = unsafe { libc::ioctl(file.as_raw_fd(), eviocgabs(axis) as _, &mut info) };
    (r == 0 && info.maximum > info.minimum).then_some(AbsRange {
        min: info.minimum,
        max: info.maximum,
    })
}

impl InputDevice {
    /// Opens an evdev device (or a file of its records) for reading; asks its axes' ranges.
    pub fn open(path: &Path) -> Result<InputDevice, String> {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("{}: cannot read the input device: {e}", path.display()))?;
        let pair = |x, y| Some((abs_range(&file, x)?, abs_range(&file, y)?));
        let (single, multi) = (
            pair(ABS_X, ABS_Y),
            pair(ABS_MT_POSITION_X, ABS_MT_POSITION_Y),
        );
        Ok(InputDevice {
            name: path.display().to_string(),
            single,
            multi,
            reader: Box::new(file),
        })
    }

    /// Reads records until the device is gone (or a file ends), handing each [`Input`] to
    /// `send`; stops when `send` says the event loop is gone.
    pub fn read_into(mut self, screen: (u32, u32), send: impl Fn(Input) -> bool) {
        let mut decoder = Decoder::new(screen, self.single, self.multi);
        let mut buf = vec![0u8; RECORD_SIZE * 64];
        let mut filled = 0;
        loop {
            match self.reader.read(&mut buf[filled..]) {
                Ok(0) => {
                    log::info!("input {}: no more events", self.name);
                    return;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    log::warn!("input {}: {e}; no longer read", self.name);
                    return;
                }
            }
            let whole = filled / RECORD_SIZE * RECORD_SIZE;
            for record in buf[..whole].chunks_exact(RECORD_SIZE) {
                for input in decoder.feed(record) {
                    if !send(input) {
                        return;
                    }
                }
            }
            buf.copy_within(whole..filled, 0);
            filled -= whole;
        }
    }
}

/// Every event device there is (`/dev/input/event*`), for when none is named.
pub fn all_event_devices() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir("/dev/input")
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("event"))
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}
