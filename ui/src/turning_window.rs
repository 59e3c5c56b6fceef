//! The software renderer's window on a desktop (X11, Wayland): a winit window presenting
//! Slint's software renderer through softbuffer, able to turn the whole picture to a seat at
//! run time. Slint's own winit backend cannot: its software renderer is never given a
//! rotation, it hands pointer positions over unturned and its window is always the screen's
//! shape. Here the renderer draws turned (`SoftwareRenderer::set_rendering_rotation`), taps
//! and the mouse are turned back into the window's coordinates ([`crate::turn`]), and on a
//! quarter turn the window Slint lays out is the screen's height wide (a landscape screen
//! read as portrait).
//!
//! The Pi's kiosk build (linuxkms) does not use this: Slint's linuxkms backend reads its
//! rotation once at start (`SLINT_KMS_ROTATION`) and offers no way to change it.

use crate::turn;
use engine::core::seats::TableEdge;
use slint::platform::software_renderer::{
    PremultipliedRgbaColor, RepaintBufferType, SoftwareRenderer, TargetPixel,
};
use slint::platform::{
    EventLoopProxy, Key, PointerEventButton, WindowAdapter, WindowEvent, WindowProperties,
};
use slint::winit_030::winit;
use slint::{EventLoopError, LogicalPosition, PhysicalSize, PlatformError};
use std::cell::{Cell, RefCell};
use std::num::NonZeroU32;
use std::rc::{Rc, Weak};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseButton, MouseScrollDelta, TouchPhase};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key as WinitKey, NamedKey};
use winit::window::{Fullscreen, Window as WinitWindow, WindowId};

/// What other threads and Slint hand to the event loop.
enum UserEvent {
    Invoke(Box<dyn FnOnce() + Send>),
    Quit,
}

/// A pixel of softbuffer's 0RGB buffer, drawn into directly by the software renderer.
#[repr(transparent)]
#[derive(Copy, Clone, bytemuck::Pod, bytemuck::Zeroable)]
struct Pixel(u32);

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

type Surface = softbuffer::Surface<Arc<WinitWindow>, Arc<WinitWindow>>;

/// The one window of the table.
pub struct TurningWindow {
    window: slint::Window,
    renderer: SoftwareRenderer,
    edge: Cell<TableEdge>,
    /// The winit window's inner size: the screen the picture is turned on.
    screen: Cell<PhysicalSize>,
    fullscreen: Cell<bool>,
    title: RefCell<String>,
    needs_redraw: Cell<bool>,
    /// The next frame repaints everything (the picture turned, the buffer was resized).
    repaint_all: Cell<bool>,
    /// Where the pointer is, in the window's (turned) logical coordinates.
    pointer: Cell<LogicalPosition>,
    touch: Cell<Option<u64>>,
    winit: RefCell<Option<Arc<WinitWindow>>>,
    surface: RefCell<Option<Surface>>,
    _context: RefCell<Option<softbuffer::Context<Arc<WinitWindow>>>>,
}

thread_local! {
    /// The table's window, for [`turn_to`] (the controller does not hold the adapter).
    static CURRENT: RefCell<Weak<TurningWindow>> = const { RefCell::new(Weak::new()) };
}

/// Turns the picture to face a seat at `edge`. False when the table is not drawn by this
/// window (FemtoVG, linuxkms, the testing backend): the caller turns it another way.
pub fn turn_to(edge: TableEdge) -> bool {
    CURRENT.with(|c| c.borrow().upgrade()).is_some_and(|w| {
        w.turn(edge);
        true
    })
}

/// The edge the picture faces, when the table is drawn by this window.
pub fn edge() -> Option<TableEdge> {
    CURRENT.with(|c| c.borrow().upgrade()).map(|w| w.edge.get())
}

/// Is the table drawn by this window (so it can turn to any seat)?
pub fn active() -> bool {
    CURRENT.with(|c| c.borrow().upgrade().is_some())
}

impl TurningWindow {
    fn new() -> Rc<Self> {
        Rc::new_cyclic(|w: &Weak<Self>| TurningWindow {
            window: slint::Window::new(w.clone()),
            renderer: SoftwareRenderer::new_with_repaint_buffer_type(RepaintBufferType::NewBuffer),
            edge: Cell::new(TableEdge::South),
            screen: Cell::new(PhysicalSize::new(1280, 800)),
            fullscreen: Cell::new(false),
            title: RefCell::new("berlin-table".into()),
            needs_redraw: Cell::new(true),
            repaint_all: Cell::new(true),
            pointer: Cell::new(LogicalPosition::default()),
            touch: Cell::new(None),
            winit: RefCell::new(None),
            surface: RefCell::new(None),
            _context: RefCell::new(None),
        })
    }

    fn turn(&self, edge: TableEdge) {
        if self.edge.replace(edge) == edge {
            return;
        }
        log::info!("seat: the picture turns to the {edge:?} edge");
        self.renderer
            .set_rendering_rotation(turn::rendering_rotation(edge));
        self.repaint_all.set(true);
        self.tell_size();
        self.request_redraw();
    }

    fn scale(&self) -> f32 {
        self.window.scale_factor()
    }

    /// The screen's size in logical pixels.
    fn screen_logical(&self) -> (f32, f32) {
        let s = self.screen.get();
        (
            s.width as f32 / self.scale(),
            s.height as f32 / self.scale(),
        )
    }

    /// Tells Slint the window's (turned) size, so the layout follows a quarter turn.
    fn tell_size(&self) {
        let (w, h) = turn::window_size(self.edge.get(), self.screen_logical());
        self.window.dispatch_event(WindowEvent::Resized {
            size: slint::LogicalSize::new(w, h),
        });
    }

    /// A screen point (physical pixels) in the window's logical coordinates.
    fn to_window(&self, x: f64, y: f64) -> LogicalPosition {
        let sf = self.scale();
        let (x, y) = turn::screen_to_window(
            self.edge.get(),
            (x as f32 / sf, y as f32 / sf),
            self.screen_logical(),
        );
        LogicalPosition::new(x, y)
    }

    fn pointer_to(&self, p: LogicalPosition) {
        self.pointer.set(p);
        self.window
            .dispatch_event(WindowEvent::PointerMoved { position: p });
    }

    fn button(&self, pressed: bool, button: PointerEventButton) {
        let position = self.pointer.get();
        self.window.dispatch_event(if pressed {
            WindowEvent::PointerPressed { position, button }
        } else {
            WindowEvent::PointerReleased { position, button }
        });
    }

    fn create(&self, event_loop: &ActiveEventLoop) -> Result<(), String> {
        let mut attrs = WinitWindow::default_attributes()
            .with_title(self.title.borrow().as_str())
            .with_inner_size(winit::dpi::PhysicalSize::new(
                self.screen.get().width,
                self.screen.get().height,
            ));
        if self.fullscreen.get() {
            // Without a window manager (X for the table alone, Xvfb) nobody grants
            // "fullscreen": the window is also made the monitor's size.
            if let Some(m) = event_loop.primary_monitor() {
                attrs = attrs.with_inner_size(m.size());
            }
            attrs = attrs.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        let w = Arc::new(event_loop.create_window(attrs).map_err(|e| e.to_string())?);
        let context = softbuffer::Context::new(w.clone()).map_err(|e| e.to_string())?;
        let surface = softbuffer::Surface::new(&context, w.clone()).map_err(|e| e.to_string())?;
        *self._context.borrow_mut() = Some(context);
        *self.surface.borrow_mut() = Some(surface);
        self.window.dispatch_event(WindowEvent::ScaleFactorChanged {
            scale_factor: w.scale_factor() as f32,
        });
        let size = w.inner_size();
        *self.winit.borrow_mut() = Some(w);
        self.screen_resized(size);
        Ok(())
    }

    fn screen_resized(&self, size: winit::dpi::PhysicalSize<u32>) {
        if size.width == 0 || size.height == 0 {
            return;
        }
        self.screen.set(PhysicalSize::new(size.width, size.height));
        self.repaint_all.set(true);
        self.tell_size();
        self.request_redraw();
    }

    fn draw(&self) -> Result<(), String> {
        slint::platform::update_timers_and_animations();
        self.needs_redraw.set(false);
        let screen = self.screen.get();
        let (Some(w), Some(h)) = (
            NonZeroU32::new(screen.width),
            NonZeroU32::new(screen.height),
        ) else {
            return Ok(());
        };
        let mut surface = self.surface.borrow_mut();
        let Some(surface) = surface.as_mut() else {
            return Ok(());
        };
        surface.resize(w, h).map_err(|e| e.to_string())?;
        let mut buffer = surface.buffer_mut().map_err(|e| e.to_string())?;
        let kind = match buffer.age() {
            _ if self.repaint_all.replace(false) => RepaintBufferType::NewBuffer,
            1 => RepaintBufferType::ReusedBuffer,
            2 => RepaintBufferType::SwappedBuffers,
            _ => RepaintBufferType::NewBuffer,
        };
        self.renderer.set_repaint_buffer_type(kind);
        let pixels: &mut [Pixel] = bytemuck::cast_slice_mut(&mut buffer);
        let region = self.renderer.render(pixels, screen.width as usize);
        if let Some(win) = self.winit.borrow().as_ref() {
            win.pre_present_notify();
        }
        if self.edge.get() == TableEdge::South {
            let damage: Vec<softbuffer::Rect> = region
                .iter()
                .filter_map(|(p, s)| {
                    Some(softbuffer::Rect {
                        x: p.x.max(0) as u32,
                        y: p.y.max(0) as u32,
                        width: NonZeroU32::new(s.width)?,
                        height: NonZeroU32::new(s.height)?,
                    })
                })
                .collect();
            if !damage.is_empty() {
                buffer
                    .present_with_damage(&damage)
                    .map_err(|e| e.to_string())?;
            }
        } else {
            // The renderer's dirty region is in the window's frame; a turned picture is
            // presented whole rather than trusting a turned rectangle.
            buffer.present().map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

impl WindowAdapter for TurningWindow {
    fn window(&self) -> &slint::Window {
        &self.window
    }

    fn renderer(&self) -> &dyn slint::platform::Renderer {
        &self.renderer
    }

    /// The window Slint lays out: the screen, its sides swapped on a quarter turn.
    fn size(&self) -> PhysicalSize {
        let s = self.screen.get();
        if turn::is_quarter(self.edge.get()) {
            PhysicalSize::new(s.height, s.width)
        } else {
            s
        }
    }

    /// A size asked for by the program (`--window-size`) is the screen's, unturned.
    fn set_size(&self, size: slint::WindowSize) {
        let s = size.to_physical(self.scale());
        match self.winit.borrow().as_ref() {
            Some(w) => {
                let _ = w.request_inner_size(winit::dpi::PhysicalSize::new(s.width, s.height));
            }
            None => {
                self.screen.set(s);
                self.tell_size();
            }
        }
    }

    fn request_redraw(&self) {
        self.needs_redraw.set(true);
        if let Some(w) = self.winit.borrow().as_ref() {
            w.request_redraw();
        }
    }

    fn update_window_properties(&self, properties: WindowProperties<'_>) {
        let title = properties.title().to_string();
        if *self.title.borrow() != title {
            if let Some(w) = self.winit.borrow().as_ref() {
                w.set_title(&title);
            }
            *self.title.borrow_mut() = title;
        }
        let fullscreen = properties.is_fullscreen();
        if self.fullscreen.replace(fullscreen) != fullscreen {
            if let Some(w) = self.winit.borrow().as_ref() {
                w.set_fullscreen(fullscreen.then_some(Fullscreen::Borderless(None)));
            }
        }
    }
}

/// The platform: one winit event loop driving Slint's timers and the table's window.
pub struct TurningPlatform {
    event_loop: RefCell<Option<EventLoop<UserEvent>>>,
    proxy: winit::event_loop::EventLoopProxy<UserEvent>,
    window: RefCell<Weak<TurningWindow>>,
}

impl TurningPlatform {
    /// Opens the connection to the window system (fails without a display).
    pub fn new() -> Result<Self, String> {
        let event_loop = EventLoop::<UserEvent>::with_user_event()
            .build()
            .map_err(|e| e.to_string())?;
        Ok(TurningPlatform {
            proxy: event_loop.create_proxy(),
            event_loop: RefCell::new(Some(event_loop)),
            window: RefCell::new(Weak::new()),
        })
    }
}

struct Proxy(Mutex<winit::event_loop::EventLoopProxy<UserEvent>>);

impl EventLoopProxy for Proxy {
    fn quit_event_loop(&self) -> Result<(), EventLoopError> {
        let p = self
            .0
            .lock()
            .map_err(|_| EventLoopError::EventLoopTerminated)?;
        p.send_event(UserEvent::Quit)
            .map_err(|_| EventLoopError::EventLoopTerminated)
    }
    fn invoke_from_event_loop(&self, f: Box<dyn FnOnce() + Send>) -> Result<(), EventLoopError> {
        let p = self
            .0
            .lock()
            .map_err(|_| EventLoopError::EventLoopTerminated)?;
        p.send_event(UserEvent::Invoke(f))
            .map_err(|_| EventLoopError::EventLoopTerminated)
    }
}

impl slint::platform::Platform for TurningPlatform {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        let w = TurningWindow::new();
        *self.window.borrow_mut() = Rc::downgrade(&w);
        CURRENT.with(|c| *c.borrow_mut() = Rc::downgrade(&w));
        Ok(w)
    }

    fn new_event_loop_proxy(&self) -> Option<Box<dyn EventLoopProxy>> {
        Some(Box::new(Proxy(Mutex::new(self.proxy.clone()))))
    }

    fn run_event_loop(&self) -> Result<(), PlatformError> {
        let event_loop = self
            .event_loop
            .borrow_mut()
            .take()
            .ok_or_else(|| PlatformError::Other("the event loop runs only once".into()))?;
        let mut app = App {
            window: self.window.borrow().clone(),
            error: None,
        };
        event_loop
            .run_app(&mut app)
            .map_err(|e| PlatformError::Other(e.to_string()))?;
        app.error.map_or(Ok(()), |e| Err(PlatformError::Other(e)))
    }
}

struct App {
    window: Weak<TurningWindow>,
    error: Option<String>,
}

/// The text Slint expects for a key (its private-use code points for the named keys).
fn key_text(key: &WinitKey) -> Option<slint::SharedString> {
    let named = |k: Key| Some(slint::SharedString::from(char::from(k)));
    match key {
        WinitKey::Character(s) => Some(s.as_str().into()),
        WinitKey::Named(n) => match n {
            NamedKey::Escape => named(Key::Escape),
            NamedKey::Enter => named(Key::Return),
            NamedKey::Backspace => named(Key::Backspace),
            NamedKey::Tab => named(Key::Tab),
            NamedKey::Delete => named(Key::Delete),
            NamedKey::Space => Some(" ".into()),
            NamedKey::ArrowLeft => named(Key::LeftArrow),
            NamedKey::ArrowRight => named(Key::RightArrow),
            NamedKey::ArrowUp => named(Key::UpArrow),
            NamedKey::ArrowDown => named(Key::DownArrow),
            NamedKey::Shift => named(Key::Shift),
            NamedKey::Control => named(Key::Control),
            NamedKey::Alt => named(Key::Alt),
            NamedKey::F1 => named(Key::F1),
            _ => None,
        },
        _ => None,
    }
}

impl ApplicationHandler<UserEvent> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        let Some(w) = self.window.upgrade() else {
            return;
        };
        if w.winit.borrow().is_none() {
            if let Err(e) = w.create(event_loop) {
                self.error = Some(format!("the window could not be opened: {e}"));
                event_loop.exit();
            }
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: UserEvent) {
        match event {
            UserEvent::Invoke(f) => f(),
            UserEvent::Quit => event_loop.exit(),
        }
    }

    fn window_event(
        &mut self,
        event_loop: &ActiveEventLoop,
        _id: WindowId,
        event: winit::event::WindowEvent,
    ) {
        use winit::event::WindowEvent as E;
        let Some(w) = self.window.upgrade() else {
            return;
        };
        match event {
            E::Resized(size) => w.screen_resized(size),
            E::ScaleFactorChanged { scale_factor, .. } => {
                w.window.dispatch_event(WindowEvent::ScaleFactorChanged {
                    scale_factor: scale_factor as f32,
                });
                w.tell_size();
            }
            E::CloseRequested => w.window.dispatch_event(WindowEvent::CloseRequested),
            E::RedrawRequested => {
                if let Err(e) = w.draw() {
                    self.error = Some(format!("drawing failed: {e}"));
                    event_loop.exit();
                }
            }
            E::CursorMoved { position, .. } => w.pointer_to(w.to_window(position.x, position.y)),
            E::CursorLeft { .. } => w.window.dispatch_event(WindowEvent::PointerExited),
            E::MouseInput { state, button, .. } => {
                let button = match button {
                    MouseButton::Left => PointerEventButton::Left,
                    MouseButton::Right => PointerEventButton::Right,
                    MouseButton::Middle => PointerEventButton::Middle,
                    _ => PointerEventButton::Other,
                };
                w.button(state == ElementState::Pressed, button);
            }
            E::MouseWheel { delta, .. } => {
                let (dx, dy) = match delta {
                    MouseScrollDelta::LineDelta(x, y) => (x * 60.0, y * 60.0),
                    MouseScrollDelta::PixelDelta(p) => {
                        let sf = f64::from(w.scale());
                        ((p.x / sf) as f32, (p.y / sf) as f32)
                    }
                };
                // A direction on the screen, turned like a point: the difference of two.
                let (edge, screen) = (w.edge.get(), w.screen_logical());
                let a = turn::screen_to_window(edge, (0.0, 0.0), screen);
                let b = turn::screen_to_window(edge, (dx, dy), screen);
                w.window.dispatch_event(WindowEvent::PointerScrolled {
                    position: w.pointer.get(),
                    delta_x: b.0 - a.0,
                    delta_y: b.1 - a.1,
                });
            }
            // One finger is the pointer (the table's gestures are one-finger drags and taps).
            E::Touch(t) => {
                let p = w.to_window(t.location.x, t.location.y);
                match t.phase {
                    TouchPhase::Started if w.touch.get().is_none() => {
                        w.touch.set(Some(t.id));
                        w.pointer_to(p);
                        w.button(true, PointerEventButton::Left);
                    }
                    TouchPhase::Moved if w.touch.get() == Some(t.id) => w.pointer_to(p),
                    TouchPhase::Ended | TouchPhase::Cancelled if w.touch.get() == Some(t.id) => {
                        w.touch.set(None);
                        w.pointer_to(p);
                        w.button(false, PointerEventButton::Left);
                        w.window.dispatch_event(WindowEvent::PointerExited);
                    }
                    _ => {}
                }
            }
            E::KeyboardInput { event, .. } => {
                if let Some(text) = key_text(&event.logical_key) {
                    w.window.dispatch_event(match (event.state, event.repeat) {
                        (ElementState::Pressed, false) => WindowEvent::KeyPressed { text },
                        (ElementState::Pressed, true) => WindowEvent::KeyPressRepeated { text },
                        (ElementState::Released, _) => WindowEvent::KeyReleased { text },
                    });
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        slint::platform::update_timers_and_animations();
        let Some(w) = self.window.upgrade() else {
            event_loop.set_control_flow(ControlFlow::Wait);
            return;
        };
        let animating = w.window.has_active_animations();
        if animating || w.needs_redraw.get() {
            if let Some(ww) = w.winit.borrow().as_ref() {
                ww.request_redraw();
            }
        }
        // Animations at about 60 frames a second; otherwise sleep until the next timer.
        let next = if animating {
            Some(Duration::from_millis(16))
        } else {
            slint::platform::duration_until_next_timer_update()
        };
        event_loop.set_control_flow(match next {
            Some(d) => ControlFlow::WaitUntil(Instant::now() + d),
            None => ControlFlow::Wait,
        });
    }
}
