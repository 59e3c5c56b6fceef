//! What the table's two turning windows share: the desktop's winit window
//! ([`crate::turning_window`]) and the bare Linux display's framebuffer window
//! ([`crate::framebuffer`]). Both draw with Slint's software renderer into a buffer of
//! [`Pixel`]s, turned to the seat that must act (`SoftwareRenderer::set_rendering_rotation`);
//! both turn taps and the mouse back into the window's coordinates ([`crate::turn`]); on a
//! quarter turn the window Slint lays out is the screen's height wide. What differs is only
//! where the pixels go and where input comes from: the [`Output`] a [`TurningWindow`] holds.

use crate::frame_pacing::FramePacer;
use crate::turn;
use engine::core::seats::TableEdge;
use slint::platform::software_renderer::{
    PhysicalRegion, PremultipliedRgbaColor, RepaintBufferType, SoftwareRenderer, TargetPixel,
};
use slint::platform::{PointerEventButton, WindowAdapter, WindowEvent, WindowProperties};
use slint::{LogicalPosition, PhysicalSize, SharedString};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::time::{Duration, Instant};

/// A pixel as 0RGB in a `u32` (softbuffer's layout, and XRGB8888's), drawn into directly by
/// the software renderer.
#[repr(transparent)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Pixel(pub u32);

impl Pixel {
    pub fn rgb(self) -> (u8, u8, u8) {
        ((self.0 >> 16) as u8, (self.0 >> 8) as u8, self.0 as u8)
    }
}

impl TargetPixel for Pixel {
    fn blend(&mut self, c: PremultipliedRgbaColor) {
        let v = self.0;
        let mut p = PremultipliedRgbaColor {
            red: (v >> 16) as u8,
            green: (v >> 8) as u8,
            blue: v as u8,
            alpha: (v >> 24) as u8,
        };
        p.blend(c);
        self.0 =
            (p.alpha as u32) << 24 | (p.red as u32) << 16 | (p.green as u32) << 8 | p.blue as u32;
    }
    fn from_rgb(r: u8, g: u8, b: u8) -> Self {
        Pixel(0xff00_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32)
    }
    fn background() -> Self {
        Pixel(0)
    }
}

/// Where a turning window's pixels go: a winit window, the Linux framebuffer.
pub trait Output: 'static {
    /// Slint wants a new frame; the event loop draws it when it next looks.
    fn redraw_requested(&self) {}
    /// The program asks for a screen of `size` (`--window-size`). True when the output took
    /// the request (a winit window asks the window system); false: it is the screen now.
    fn request_screen_size(&self, _size: PhysicalSize) -> bool {
        false
    }
    fn set_title(&self, _title: &str) {}
    fn set_fullscreen(&self, _fullscreen: bool) {}
}

/// The table's window, drawn turned to a seat, on `output`.
pub struct TurningWindow<O: Output> {
    pub(crate) window: slint::Window,
    pub(crate) renderer: SoftwareRenderer,
    edge: Cell<TableEdge>,
    /// Clockwise quarter turns of a screen mounted turned (the framebuffer window's
    /// `SLINT_KMS_ROTATION`), added to the seat's turn.
    mount: Cell<u8>,
    /// The output's size: the screen the picture is turned on.
    screen: Cell<PhysicalSize>,
    needs_redraw: Cell<bool>,
    /// The next frame repaints everything (the picture turned, the buffer was resized).
    repaint_all: Cell<bool>,
    /// Where the pointer is, in the window's (turned) logical coordinates.
    pointer: Cell<LogicalPosition>,
    /// The finger that is the pointer, while one is down.
    touch: Cell<Option<u64>>,
    /// Keeps frames drawn for a drag at the drag's beat ([`crate::frame_pacing`]).
    pacer: RefCell<FramePacer>,
    pub(crate) output: O,
}

/// One finger on the screen: where in its life a touch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchPhase {
    Started,
    Moved,
    Ended,
}

/// What [`turn_to`], [`edge`] and [`active`] need of whichever window draws the table.
trait Turnable {
    fn turn(&self, edge: TableEdge);
    fn edge(&self) -> TableEdge;
}

thread_local! {
    /// The table's window, for [`turn_to`] (the controller does not hold the adapter).
    static CURRENT: RefCell<Option<Weak<dyn Turnable>>> = const { RefCell::new(None) };
}

fn current() -> Option<Rc<dyn Turnable>> {
    CURRENT.with(|c| c.borrow().as_ref().and_then(Weak::upgrade))
}

/// Turns the picture to face a seat at `edge`. False when the table is not drawn by a turning
/// window (FemtoVG, linuxkms, the testing backend): the caller turns it another way.
pub fn turn_to(edge: TableEdge) -> bool {
    current().is_some_and(|w| {
        w.turn(edge);
        true
    })
}

/// The edge the picture faces, when the table is drawn by a turning window.
pub fn edge() -> Option<TableEdge> {
    current().map(|w| w.edge())
}

/// Is the table drawn by a turning window (so it can turn to any seat)?
pub fn active() -> bool {
    current().is_some()
}

impl<O: Output> Turnable for TurningWindow<O> {
    fn turn(&self, edge: TableEdge) {
        if self.edge.replace(edge) == edge {
            return;
        }
        log::info!("seat: the picture turns to the {edge:?} edge");
        self.apply_turn();
    }

    fn edge(&self) -> TableEdge {
        self.edge.get()
    }
}

impl<O: Output> TurningWindow<O> {
    /// A window on `output`, a screen of `screen` physical pixels; it becomes the window
    /// [`turn_to`] turns.
    pub fn new(output: O, screen: PhysicalSize) -> Rc<Self> {
        let w = Rc::new_cyclic(|w: &Weak<Self>| TurningWindow {
            window: slint::Window::new(w.clone()),
            renderer: SoftwareRenderer::new_with_repaint_buffer_type(RepaintBufferType::NewBuffer),
            edge: Cell::new(TableEdge::South),
            mount: Cell::new(0),
            screen: Cell::new(screen),
            needs_redraw: Cell::new(true),
            repaint_all: Cell::new(true),
            pointer: Cell::new(LogicalPosition::default()),
            touch: Cell::new(None),
            pacer: RefCell::new(FramePacer::new()),
            output,
        });
        let turnable: Weak<dyn Turnable> = Rc::downgrade(&w) as Weak<dyn Turnable>;
        CURRENT.with(|c| *c.borrow_mut() = Some(turnable));
        w
    }

    pub fn edge(&self) -> TableEdge {
        self.edge.get()
    }

    /// The screen is mounted turned `degrees` clockwise (0, 90, 180 or 270): the picture turns
    /// that much more for every seat, and taps with it.
    pub fn set_mount_rotation(&self, degrees: i32) {
        self.mount
            .set(turn::clockwise_quarters(turn::edge_of_clockwise_degrees(
                degrees,
            )));
        self.apply_turn();
    }

    /// The turn of the picture on the screen: the seat's and the mounting's together, as the
    /// edge a seat would be at for that turn alone.
    pub fn on_screen(&self) -> TableEdge {
        let quarters = turn::clockwise_quarters(self.edge.get()) + self.mount.get();
        turn::edge_of_clockwise_degrees(i32::from(quarters) * 90)
    }

    fn apply_turn(&self) {
        self.renderer
            .set_rendering_rotation(turn::rendering_rotation(self.on_screen()));
        self.repaint_all.set(true);
        self.tell_size();
        self.request_redraw();
    }

    pub fn screen(&self) -> PhysicalSize {
        self.screen.get()
    }

    pub fn scale(&self) -> f32 {
        self.window.scale_factor()
    }

    /// The screen's size in logical pixels.
    pub fn screen_logical(&self) -> (f32, f32) {
        let s = self.screen.get();
        (
            s.width as f32 / self.scale(),
            s.height as f32 / self.scale(),
        )
    }

    /// Tells Slint the window's (turned) size, so the layout follows a quarter turn.
    pub fn tell_size(&self) {
        let (w, h) = turn::window_size(self.on_screen(), self.screen_logical());
        self.window.dispatch_event(WindowEvent::Resized {
            size: slint::LogicalSize::new(w, h),
        });
    }

    /// The screen is now `size` physical pixels (the window system resized the window).
    pub fn set_screen(&self, size: PhysicalSize) {
        if size.width == 0 || size.height == 0 {
            return;
        }
        self.screen.set(size);
        self.repaint_all.set(true);
        self.tell_size();
        self.request_redraw();
    }

    /// A screen point (physical pixels) in the window's logical coordinates.
    pub fn to_window(&self, x: f64, y: f64) -> LogicalPosition {
        let sf = self.scale();
        let (x, y) = turn::screen_to_window(
            self.on_screen(),
            (x as f32 / sf, y as f32 / sf),
            self.screen_logical(),
        );
        LogicalPosition::new(x, y)
    }

    /// The pointer moved to `p` (window coordinates).
    pub fn pointer_to(&self, p: LogicalPosition) {
        let arrived = Instant::now();
        self.pointer.set(p);
        self.window
            .dispatch_event(WindowEvent::PointerMoved { position: p });
        self.drew_for_input(arrived);
    }

    /// An input that arrived at `arrived` has been handled: if it changed the picture, the
    /// next frame shows it and is paced against it.
    fn drew_for_input(&self, arrived: Instant) {
        if self.wants_frame() {
            self.pacer.borrow_mut().input(arrived);
        }
    }

    /// Call between drawing a frame and presenting it: waits, if the frame was drawn for a
    /// drag and drew faster than the drag's recent frames, so that it reaches the screen at
    /// the drag's beat ([`crate::frame_pacing`]; at most half a frame).
    pub fn pace(&self) {
        let present_at = self.pacer.borrow_mut().present_at(Instant::now());
        if let Some(at) = present_at {
            std::thread::sleep(at.saturating_duration_since(Instant::now()));
        }
    }

    /// The mouse is at a screen point (physical pixels).
    pub fn mouse_at(&self, x: f64, y: f64) {
        self.pointer_to(self.to_window(x, y));
    }

    pub fn button(&self, pressed: bool, button: PointerEventButton) {
        let position = self.pointer.get();
        self.window.dispatch_event(if pressed {
            WindowEvent::PointerPressed { position, button }
        } else {
            WindowEvent::PointerReleased { position, button }
        });
    }

    pub fn pointer_left(&self) {
        self.window.dispatch_event(WindowEvent::PointerExited);
    }

    /// A finger at a screen point (physical pixels). One finger is the pointer (the table's
    /// gestures are one-finger drags and taps); others are ignored while it is down.
    pub fn touch(&self, id: u64, phase: TouchPhase, x: f64, y: f64) {
        let p = self.to_window(x, y);
        match phase {
            TouchPhase::Started if self.touch.get().is_none() => {
                self.touch.set(Some(id));
                self.pointer_to(p);
                self.button(true, PointerEventButton::Left);
            }
            TouchPhase::Moved if self.touch.get() == Some(id) => self.pointer_to(p),
            TouchPhase::Ended if self.touch.get() == Some(id) => {
                self.touch.set(None);
                self.pointer_to(p);
                self.button(false, PointerEventButton::Left);
                self.pointer_left();
            }
            _ => {}
        }
    }

    /// A scroll of (dx, dy) logical pixels in the screen's directions, at the pointer.
    pub fn scroll(&self, dx: f32, dy: f32) {
        let arrived = Instant::now();
        // A direction on the screen, turned like a point: the difference of two.
        let (edge, screen) = (self.on_screen(), self.screen_logical());
        let a = turn::screen_to_window(edge, (0.0, 0.0), screen);
        let b = turn::screen_to_window(edge, (dx, dy), screen);
        self.window.dispatch_event(WindowEvent::PointerScrolled {
            position: self.pointer.get(),
            delta_x: b.0 - a.0,
            delta_y: b.1 - a.1,
        });
        self.drew_for_input(arrived);
    }

    /// A key, as the text Slint expects for it.
    pub fn key(&self, text: SharedString, pressed: bool, repeat: bool) {
        self.window.dispatch_event(match (pressed, repeat) {
            (true, false) => WindowEvent::KeyPressed { text },
            (true, true) => WindowEvent::KeyPressRepeated { text },
            (false, _) => WindowEvent::KeyReleased { text },
        });
    }

    /// Does the window want a frame drawn (asked for one, or animating)?
    pub fn wants_frame(&self) -> bool {
        self.needs_redraw.get() || self.window.has_active_animations()
    }

    /// Runs Slint's timers and says how long the event loop may sleep: about a frame at 60
    /// frames a second while animating, else until the next timer (`None`: until an event).
    pub fn next_wake(&self) -> Option<Duration> {
        slint::platform::update_timers_and_animations();
        if self.window.has_active_animations() {
            Some(Duration::from_millis(16))
        } else {
            slint::platform::duration_until_next_timer_update()
        }
    }

    /// Renders the turned picture into `pixels` (the screen's rows, `stride` pixels apart),
    /// which held the frame drawn `age` frames ago (0: unknown). Returns the dirty region in
    /// the window's frame.
    pub fn render(&self, pixels: &mut [Pixel], stride: usize, age: u8) -> PhysicalRegion {
        slint::platform::update_timers_and_animations();
        self.needs_redraw.set(false);
        let kind = match age {
            _ if self.repaint_all.replace(false) => RepaintBufferType::NewBuffer,
            1 => RepaintBufferType::ReusedBuffer,
            2 => RepaintBufferType::SwappedBuffers,
            _ => RepaintBufferType::NewBuffer,
        };
        self.renderer.set_repaint_buffer_type(kind);
        self.renderer.render(pixels, stride)
    }
}

impl<O: Output> WindowAdapter for TurningWindow<O> {
    fn window(&self) -> &slint::Window {
        &self.window
    }

    fn renderer(&self) -> &dyn slint::platform::Renderer {
        &self.renderer
    }

    /// The window Slint lays out: the screen, its sides swapped on a quarter turn.
    fn size(&self) -> PhysicalSize {
        let s = self.screen.get();
        if turn::is_quarter(self.on_screen()) {
            PhysicalSize::new(s.height, s.width)
        } else {
            s
        }
    }

    /// A size asked for by the program (`--window-size`) is the screen's, unturned.
    fn set_size(&self, size: slint::WindowSize) {
        let s = size.to_physical(self.scale());
        if !self.output.request_screen_size(s) {
            self.screen.set(s);
            self.tell_size();
        }
    }

    fn request_redraw(&self) {
        self.needs_redraw.set(true);
        self.output.redraw_requested();
    }

    fn update_window_properties(&self, properties: WindowProperties<'_>) {
        self.output.set_title(&properties.title());
        self.output.set_fullscreen(properties.is_fullscreen());
    }
}

/// What Slint and other threads hand to a turning window's event loop.
pub enum LoopMessage {
    Invoke(Box<dyn FnOnce() + Send>),
    Quit,
}

/// A way into an event loop from any thread: winit's proxy, a channel's sender.
pub trait SendToLoop: Send + 'static {
    /// False once the event loop is gone.
    fn send(&self, message: LoopMessage) -> bool;
}

/// Slint's handle on an event loop (`invoke_from_event_loop`, `quit_event_loop`).
pub struct LoopProxy<S>(std::sync::Mutex<S>);

impl<S: SendToLoop> LoopProxy<S> {
    pub fn new(sender: S) -> Self {
        LoopProxy(std::sync::Mutex::new(sender))
    }

    fn send(&self, message: LoopMessage) -> Result<(), slint::EventLoopError> {
        let sender = self
            .0
            .lock()
            .map_err(|_| slint::EventLoopError::EventLoopTerminated)?;
        sender
            .send(message)
            .then_some(())
            .ok_or(slint::EventLoopError::EventLoopTerminated)
    }
}

impl<S: SendToLoop> slint::platform::EventLoopProxy for LoopProxy<S> {
    fn quit_event_loop(&self) -> Result<(), slint::EventLoopError> {
        self.send(LoopMessage::Quit)
    }
    fn invoke_from_event_loop(
        &self,
        f: Box<dyn FnOnce() + Send>,
    ) -> Result<(), slint::EventLoopError> {
        self.send(LoopMessage::Invoke(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoOutput;
    impl Output for NoOutput {}

    /// A screen mounted upside down (`SLINT_KMS_ROTATION=180`): the seat at the South edge
    /// gets the picture half turned, the seat across gets it upright, taps follow.
    #[test]
    fn a_mounting_rotation_adds_to_the_seats_turn() {
        let w = TurningWindow::new(NoOutput, PhysicalSize::new(800, 480));
        w.set_mount_rotation(180);
        assert_eq!(w.on_screen(), TableEdge::North);
        assert_eq!(w.to_window(10.0, 20.0), LogicalPosition::new(790.0, 460.0));
        assert!(turn_to(TableEdge::North));
        assert_eq!(w.on_screen(), TableEdge::South);
        assert_eq!(
            edge(),
            Some(TableEdge::North),
            "the seat, not the screen's turn"
        );
        assert_eq!(w.to_window(10.0, 20.0), LogicalPosition::new(10.0, 20.0));
        // A quarter more: portrait.
        w.set_mount_rotation(90);
        assert_eq!(w.size(), PhysicalSize::new(480, 800));
    }
}
