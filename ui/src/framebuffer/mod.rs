//! The software renderer's window on the bare Linux display (the Pi's kiosk without a GPU
//! driver, or with `--framebuffer`): the picture goes to the framebuffer device
//! ([`device`]), input comes from evdev devices ([`evdev`]), and the picture turns to any
//! seat at run time, as on a desktop. Slint's own linuxkms backend cannot: it reads its
//! rotation once at start (`SLINT_KMS_ROTATION`). The turn, the remapping of taps and Slint's
//! window adapter are the desktop window's ([`crate::turning`]).
//!
//! Reader threads, one a device, send what happened to the event loop over a channel; the loop
//! sleeps until an event or Slint's next timer, then draws if asked.

pub mod device;
pub mod evdev;

use crate::turning::{self, LoopMessage, LoopProxy, Output, Pixel, TurningWindow};
use device::Device;
use evdev::{Input, InputDevice};
use slint::platform::{EventLoopProxy, WindowAdapter};
use slint::{PhysicalSize, PlatformError};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::{Rc, Weak};
use std::sync::mpsc;
use std::time::Duration;

/// What reaches the event loop: Slint's and other threads' messages, and input.
enum Event {
    Loop(LoopMessage),
    Input(Input),
}

impl turning::SendToLoop for mpsc::Sender<Event> {
    fn send(&self, message: LoopMessage) -> bool {
        mpsc::Sender::send(self, Event::Loop(message)).is_ok()
    }
}

/// The framebuffer as the window's output: the rendered screen kept in memory (so only what
/// changed is rendered again), and the device it is copied to.
pub struct FramebufferOutput {
    device: RefCell<Device>,
    pixels: RefCell<Vec<Pixel>>,
}

impl Output for FramebufferOutput {
    /// The framebuffer is the screen: a size asked for (`--window-size`) cannot change it.
    fn request_screen_size(&self, size: PhysicalSize) -> bool {
        log::debug!(
            "framebuffer: a {}x{} window was asked for; the screen stays its own size",
            size.width,
            size.height
        );
        true
    }
}

type FramebufferWindow = TurningWindow<FramebufferOutput>;

impl FramebufferWindow {
    /// Renders what changed and writes the changed rows to the device.
    fn draw(&self) -> Result<(), String> {
        let mut pixels = self.output.pixels.borrow_mut();
        let width = self.screen().width as usize;
        // The buffer always holds the previous frame.
        let region = self.render(&mut pixels, width, 1);
        self.pace();
        // The dirty region is in the buffer's (the screen's) frame, turned as drawn.
        let (top, size) = (region.bounding_box_origin(), region.bounding_box_size());
        let top = top.y.max(0) as usize;
        let rows = top..top + size.height as usize;
        let mut device = self.output.device.borrow_mut();
        device
            .write_rows(&pixels, rows)
            .map_err(|e| format!("{}: {e}", device.path().display()))
    }

    fn handle(&self, input: Input, mouse: &mut (f64, f64)) {
        match input {
            Input::Touch { phase, x, y } => {
                let p = self.to_window(x, y);
                log::debug!(
                    "touch {phase:?} at screen ({x:.0}, {y:.0}), window ({:.0}, {:.0})",
                    p.x,
                    p.y
                );
                self.touch(0, phase, x, y)
            }
            Input::MouseMotion { dx, dy } => {
                let s = self.screen();
                *mouse = (
                    (mouse.0 + dx).clamp(0.0, f64::from(s.width - 1)),
                    (mouse.1 + dy).clamp(0.0, f64::from(s.height - 1)),
                );
                self.mouse_at(mouse.0, mouse.1);
            }
            Input::MouseButton { button, pressed } => self.button(pressed, button),
            // A notch is a line, 60 logical pixels as on the desktop; up scrolls up.
            Input::Wheel { notches } => self.scroll(0.0, notches as f32 * 60.0),
            Input::Key {
                text,
                pressed,
                repeat,
            } => self.key(text, pressed, repeat),
        }
    }
}

/// The platform: the framebuffer window and its event loop.
pub struct FramebufferPlatform {
    output: RefCell<Option<FramebufferOutput>>,
    screen: PhysicalSize,
    /// `SLINT_KMS_ROTATION`: how the screen is mounted, as for Slint's linuxkms.
    mount_degrees: i32,
    window: RefCell<Weak<FramebufferWindow>>,
    sender: mpsc::Sender<Event>,
    receiver: mpsc::Receiver<Event>,
}

impl FramebufferPlatform {
    /// The platform on the framebuffer `device`, reading `inputs`: named devices must open
    /// (the error names the option and the file); of all devices, those that can be read.
    pub fn open(device: Device, inputs: &[PathBuf]) -> Result<Self, String> {
        let mut opened = Vec::new();
        if inputs.is_empty() {
            for path in evdev::all_event_devices() {
                match InputDevice::open(&path) {
                    Ok(d) => opened.push(d),
                    Err(e) => log::info!("{e}; not read"),
                }
            }
        } else {
            for path in inputs {
                opened.push(InputDevice::open(path).map_err(|e| format!("--input {e}"))?);
            }
        }
        Ok(Self::with_inputs(device, opened))
    }

    /// The platform on an open device, reading `inputs` (each on its own thread).
    pub fn with_inputs(device: Device, inputs: Vec<InputDevice>) -> Self {
        let g = device.geometry;
        log::info!(
            "framebuffer {}: {}x{}, {:?}; input from {}",
            device.path().display(),
            g.width,
            g.height,
            g.format,
            if inputs.is_empty() {
                "no device".to_string()
            } else {
                inputs
                    .iter()
                    .map(|d| d.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        );
        let (sender, receiver) = mpsc::channel();
        let screen = (g.width, g.height);
        for input in inputs {
            let sender = sender.clone();
            let spawned = std::thread::Builder::new()
                .name("evdev".into())
                .spawn(move || input.read_into(screen, |i| sender.send(Event::Input(i)).is_ok()));
            if let Err(e) = spawned {
                log::warn!("an input device cannot be read: {e}");
            }
        }
        let pixels = vec![Pixel(0); g.width as usize * g.height as usize];
        FramebufferPlatform {
            output: RefCell::new(Some(FramebufferOutput {
                device: RefCell::new(device),
                pixels: RefCell::new(pixels),
            })),
            screen: PhysicalSize::new(g.width, g.height),
            mount_degrees: mount_rotation(std::env::var("SLINT_KMS_ROTATION").ok().as_deref()),
            window: RefCell::new(Weak::new()),
            sender,
            receiver,
        }
    }
}

/// The mounting rotation `SLINT_KMS_ROTATION` says (0, 90, 180 or 270 degrees clockwise, as
/// Slint's linuxkms reads it); anything else is warned of and taken as 0.
pub fn mount_rotation(value: Option<&str>) -> i32 {
    match value.map(str::trim) {
        None | Some("") => 0,
        Some(v) => {
            match v.parse::<i32>() {
                Ok(d @ (0 | 90 | 180 | 270)) => d,
                _ => {
                    log::warn!("SLINT_KMS_ROTATION={v}: not 0, 90, 180 or 270; the screen is taken as upright");
                    0
                }
            }
        }
    }
}

impl slint::platform::Platform for FramebufferPlatform {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        let output = self.output.borrow_mut().take().ok_or_else(|| {
            PlatformError::Other("the framebuffer has room for one window only".into())
        })?;
        let w = TurningWindow::new(output, self.screen);
        w.set_mount_rotation(self.mount_degrees);
        // The only window on the screen has the keyboard's focus from the start.
        w.window
            .dispatch_event(slint::platform::WindowEvent::WindowActiveChanged(true));
        *self.window.borrow_mut() = Rc::downgrade(&w);
        Ok(w)
    }

    fn new_event_loop_proxy(&self) -> Option<Box<dyn EventLoopProxy>> {
        Some(Box::new(LoopProxy::new(self.sender.clone())))
    }

    fn run_event_loop(&self) -> Result<(), PlatformError> {
        let mut mouse = (0.0, 0.0);
        loop {
            let window = self.window.borrow().upgrade();
            let wait = match &window {
                Some(w) => {
                    let next = w.next_wake();
                    if w.wants_frame() {
                        w.draw().map_err(PlatformError::Other)?;
                    }
                    next
                }
                None => {
                    slint::platform::update_timers_and_animations();
                    slint::platform::duration_until_next_timer_update()
                }
            };
            // Woken by an event or the next timer; an hour is "until an event".
            let event = match self
                .receiver
                .recv_timeout(wait.unwrap_or(Duration::from_secs(3600)))
            {
                Ok(e) => e,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Ok(()),
            };
            // This event and any others already waiting, before the next frame.
            for event in std::iter::once(event).chain(self.receiver.try_iter()) {
                match event {
                    Event::Loop(LoopMessage::Invoke(f)) => f(),
                    Event::Loop(LoopMessage::Quit) => return Ok(()),
                    Event::Input(input) => {
                        if let Some(w) = &window {
                            w.handle(input, &mut mouse);
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
