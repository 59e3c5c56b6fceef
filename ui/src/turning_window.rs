//! The software renderer's window on a desktop (X11, Wayland): a winit window presenting
//! Slint's software renderer through softbuffer, able to turn the whole picture to a seat at
//! run time. Slint's own winit backend cannot: its software renderer is never given a
//! rotation, it hands pointer positions over unturned and its window is always the screen's
//! shape. Here the renderer draws turned (`SoftwareRenderer::set_rendering_rotation`), taps
//! and the mouse are turned back into the window's coordinates ([`crate::turn`]), and on a
//! quarter turn the window Slint lays out is the screen's height wide (a landscape screen
//! read as portrait).
//!
//! Everything but the winit window itself (the pixel type, the turn, the remapping of taps,
//! Slint's window adapter, [`turn_to`]) is shared with the bare Linux display's framebuffer
//! window ([`crate::framebuffer`]) in [`crate::turning`].

use crate::turning::{self, LoopMessage, LoopProxy, Output, Pixel, TouchPhase};
pub use crate::turning::{active, edge, turn_to};
use engine::core::seats::TableEdge;
use slint::platform::{EventLoopProxy, Key, PointerEventButton, WindowAdapter, WindowEvent};
use slint::winit_030::winit;
use slint::{PhysicalSize, PlatformError};
use std::cell::{Cell, RefCell};
use std::num::NonZeroU32;
use std::rc::{Rc, Weak};
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, MouseButton, MouseScrollDelta};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::{Key as WinitKey, NamedKey};
use winit::window::{Fullscreen, Window as WinitWindow, WindowId};

type Surface = softbuffer::Surface<Arc<WinitWindow>, Arc<WinitWindow>>;

/// The winit window the picture is presented in, once the event loop has created it.
#[derive(Default)]
pub struct WinitOutput {
    fullscreen: Cell<bool>,
    title: RefCell<String>,
    winit: RefCell<Option<Arc<WinitWindow>>>,
    surface: RefCell<Option<Surface>>,
    _context: RefCell<Option<softbuffer::Context<Arc<WinitWindow>>>>,
}

impl Output for WinitOutput {
    fn redraw_requested(&self) {
        if let Some(w) = self.winit.borrow().as_ref() {
            w.request_redraw();
        }
    }

    fn request_screen_size(&self, size: PhysicalSize) -> bool {
        match self.winit.borrow().as_ref() {
            Some(w) => {
                let _ =
                    w.request_inner_size(winit::dpi::PhysicalSize::new(size.width, size.height));
                true
            }
            None => false,
        }
    }

    fn set_title(&self, title: &str) {
        if *self.title.borrow() != title {
            if let Some(w) = self.winit.borrow().as_ref() {
                w.set_title(title);
            }
            *self.title.borrow_mut() = title.to_string();
        }
    }

    fn set_fullscreen(&self, fullscreen: bool) {
        if self.fullscreen.replace(fullscreen) != fullscreen {
            if let Some(w) = self.winit.borrow().as_ref() {
                w.set_fullscreen(fullscreen.then_some(Fullscreen::Borderless(None)));
            }
        }
    }
}

/// The one window of the table on a desktop.
type TurningWindow = turning::TurningWindow<WinitOutput>;

impl TurningWindow {
    fn create(&self, event_loop: &ActiveEventLoop) -> Result<(), String> {
        let out = &self.output;
        let mut attrs = WinitWindow::default_attributes()
            .with_title(out.title.borrow().as_str())
            .with_inner_size(winit::dpi::PhysicalSize::new(
                self.screen().width,
                self.screen().height,
            ));
        if out.fullscreen.get() {
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
        *out._context.borrow_mut() = Some(context);
        *out.surface.borrow_mut() = Some(surface);
        self.window.dispatch_event(WindowEvent::ScaleFactorChanged {
            scale_factor: w.scale_factor() as f32,
        });
        let size = w.inner_size();
        *out.winit.borrow_mut() = Some(w);
        self.set_screen(PhysicalSize::new(size.width, size.height));
        Ok(())
    }

    fn draw(&self) -> Result<(), String> {
        let screen = self.screen();
        let (Some(w), Some(h)) = (
            NonZeroU32::new(screen.width),
            NonZeroU32::new(screen.height),
        ) else {
            return Ok(());
        };
        let mut surface = self.output.surface.borrow_mut();
        let Some(surface) = surface.as_mut() else {
            return Ok(());
        };
        surface.resize(w, h).map_err(|e| e.to_string())?;
        let mut buffer = surface.buffer_mut().map_err(|e| e.to_string())?;
        let age = buffer.age();
        let pixels: &mut [Pixel] = bytemuck::cast_slice_mut(&mut buffer);
        let region = self.render(pixels, screen.width as usize, age);
        self.pace();
        if let Some(win) = self.output.winit.borrow().as_ref() {
            win.pre_present_notify();
        }
        if self.edge() == TableEdge::South {
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

/// The platform: one winit event loop driving Slint's timers and the table's window.
pub struct TurningPlatform {
    event_loop: RefCell<Option<EventLoop<LoopMessage>>>,
    proxy: winit::event_loop::EventLoopProxy<LoopMessage>,
    window: RefCell<Weak<TurningWindow>>,
}

impl TurningPlatform {
    /// Opens the connection to the window system (fails without a display).
    pub fn new() -> Result<Self, String> {
        let event_loop = EventLoop::<LoopMessage>::with_user_event()
            .build()
            .map_err(|e| e.to_string())?;
        Ok(TurningPlatform {
            proxy: event_loop.create_proxy(),
            event_loop: RefCell::new(Some(event_loop)),
            window: RefCell::new(Weak::new()),
        })
    }
}

impl turning::SendToLoop for winit::event_loop::EventLoopProxy<LoopMessage> {
    fn send(&self, message: LoopMessage) -> bool {
        self.send_event(message).is_ok()
    }
}

impl slint::platform::Platform for TurningPlatform {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        let w = TurningWindow::new(WinitOutput::default(), PhysicalSize::new(1280, 800));
        w.output.title.replace("berlin-table".into());
        *self.window.borrow_mut() = Rc::downgrade(&w);
        Ok(w)
    }

    fn new_event_loop_proxy(&self) -> Option<Box<dyn EventLoopProxy>> {
        Some(Box::new(LoopProxy::new(self.proxy.clone())))
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

impl ApplicationHandler<LoopMessage> for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        let Some(w) = self.window.upgrade() else {
            return;
        };
        if w.output.winit.borrow().is_none() {
            if let Err(e) = w.create(event_loop) {
                self.error = Some(format!("the window could not be opened: {e}"));
                event_loop.exit();
            }
        }
    }

    fn user_event(&mut self, event_loop: &ActiveEventLoop, event: LoopMessage) {
        match event {
            LoopMessage::Invoke(f) => f(),
            LoopMessage::Quit => event_loop.exit(),
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
            E::Resized(size) => w.set_screen(PhysicalSize::new(size.width, size.height)),
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
            E::CursorMoved { position, .. } => w.mouse_at(position.x, position.y),
            E::CursorLeft { .. } => w.pointer_left(),
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
                w.scroll(dx, dy);
            }
            E::Touch(t) => {
                let phase = match t.phase {
                    winit::event::TouchPhase::Started => TouchPhase::Started,
                    winit::event::TouchPhase::Moved => TouchPhase::Moved,
                    winit::event::TouchPhase::Ended | winit::event::TouchPhase::Cancelled => {
                        TouchPhase::Ended
                    }
                };
                w.touch(t.id, phase, t.location.x, t.location.y);
            }
            E::KeyboardInput { event, .. } => {
                if let Some(text) = key_text(&event.logical_key) {
                    let pressed = event.state == ElementState::Pressed;
                    w.key(text, pressed, event.repeat);
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        let Some(w) = self.window.upgrade() else {
            slint::platform::update_timers_and_animations();
            event_loop.set_control_flow(ControlFlow::Wait);
            return;
        };
        let next = w.next_wake();
        if w.wants_frame() {
            w.output.redraw_requested();
        }
        event_loop.set_control_flow(match next {
            Some(d) => ControlFlow::WaitUntil(Instant::now() + d),
            None => ControlFlow::Wait,
        });
    }
}
