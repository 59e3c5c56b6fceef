//! berlin-table's touch UI: the Slint screens (`ui/*.slint`), the view model that fills them
//! from the engine ([`table`]), the map layer ([`map_layer`], [`terrain`]) and the rules
//! reference ([`rules_ref`]). The game it shows is kept by the [`session`] crate (journal,
//! undo, replay, the table's dice; no Slint), re-exported here as `ui::session`.
//!
//! The UI computes no rules: it asks the engine what is legal, what things cost and what an
//! attack's column is ([`ask`]), and shows the answers (`tests/no_rules_in_ui.rs` keeps it so).

slint::include_modules!();

pub mod ask;
pub mod buttons;
pub mod combat_view;
pub mod counters;
#[cfg(target_os = "linux")]
pub mod frame_pacing;
pub mod framebuffer;
pub mod map_layer;
pub mod probe;
pub mod renderer_choice;
pub mod rules_ref;
pub mod table;
pub mod turn;
pub mod turning;
pub mod turning_window;

pub use ::session;
pub use buttons::{Button, ButtonSender};
pub use session::{builtin_data, Header, Persist, Randomness, Resume, Seats, Session};
pub use table::{PendingWatch, Renderer, Table, UiConfig};

/// Where the table draws and reads input on the bare Linux display (`--framebuffer`,
/// `--input`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FramebufferConfig {
    /// The framebuffer device to draw on with the software renderer. `None`: in the kiosk
    /// build `/dev/fb0` when the software renderer is chosen and it exists, else no
    /// framebuffer (a desktop window, or Slint's linuxkms for FemtoVG).
    pub device: Option<std::path::PathBuf>,
    /// Input devices; empty: every `/dev/input/event*` that can be read.
    pub inputs: Vec<std::path::PathBuf>,
}

/// Selects the Slint backend and renderer, with no framebuffer named ([`select_display`]).
pub fn select_backend(renderer: Renderer) -> Result<&'static str, slint::PlatformError> {
    select_display(renderer, &FramebufferConfig::default())
}

/// Selects the Slint backend and renderer. "Auto" is FemtoVG on a real GPU and the software
/// renderer where OpenGL would itself be a software rasteriser ([`renderer_choice`]); the
/// choice and its reason are logged. A renderer named in the configuration is used as asked
/// (FemtoVG falls back to software if it cannot be set up). `SLINT_BACKEND` in the environment
/// overrides both (unless a framebuffer is named, or in the kiosk build it says only
/// `linuxkms`, the kiosk's own). The software renderer draws in a window that turns to any
/// seat: a winit window on a desktop ([`turning_window`]), the framebuffer on the bare Linux display
/// ([`framebuffer`]: a device named in `framebuffer`, or the kiosk's `/dev/fb0`). Returns the
/// renderer's name.
pub fn select_display(
    renderer: Renderer,
    framebuffer: &FramebufferConfig,
) -> Result<&'static str, slint::PlatformError> {
    let backend = if cfg!(feature = "kiosk") {
        "linuxkms"
    } else {
        "winit"
    };
    // The kiosk's unit names its own backend (`SLINT_BACKEND=linuxkms`): that leaves the
    // renderer, and the framebuffer window, to the choice below; so does `--framebuffer`.
    let forced = std::env::var("SLINT_BACKEND").ok().filter(|env| {
        framebuffer.device.is_none() && !(cfg!(feature = "kiosk") && env == "linuxkms")
    });
    if let Some(env) = forced {
        slint::BackendSelector::new().select()?;
        return Ok(if env.contains("software") || env.contains("sw") {
            "software"
        } else {
            "femtovg"
        });
    }
    let mut renderer = renderer;
    if framebuffer.device.is_some() {
        // A framebuffer named on purpose is drawn on by the software renderer.
        if renderer == Renderer::FemtoVg {
            log::warn!("--framebuffer: drawn by the software renderer, not FemtoVG");
        }
        renderer = Renderer::Software;
    }
    if renderer == Renderer::Auto {
        let env = |k: &str| std::env::var(k).ok();
        match renderer_choice::software_opengl(&env, std::path::Path::new("/dev/dri")) {
            Some(why) => {
                log::info!("renderer auto: software ({why})");
                renderer = Renderer::Software;
            }
            None => log::info!("renderer auto: FemtoVG (a GPU render node is present)"),
        }
    }
    if renderer != Renderer::Software {
        let femtovg = slint::BackendSelector::new()
            .backend_name(backend.into())
            .renderer_name("femtovg".into())
            .select();
        match femtovg {
            Ok(()) => return Ok("femtovg"),
            Err(e) => log::warn!("FemtoVG is not available ({e}); using the software renderer"),
        }
    }
    if !framebuffer.inputs.is_empty() && framebuffer.device.is_none() && !cfg!(feature = "kiosk") {
        log::warn!("--input: input devices are read only on a framebuffer (--framebuffer)");
    }
    if select_framebuffer(framebuffer)? {
        return Ok("software");
    }
    // On a desktop the software renderer draws in the table's own winit window, which can turn
    // to any seat. winit builds one event loop per process, even when building it fails: if
    // ours cannot be built (no window system to connect to), Slint's winit backend cannot
    // build one either, so the reason is reported as it is.
    if !cfg!(feature = "kiosk") {
        let platform = turning_window::TurningPlatform::new().map_err(|e| {
            slint::PlatformError::Other(format!("the window system cannot be reached: {e}"))
        })?;
        match slint::platform::set_platform(Box::new(platform)) {
            Ok(()) => return Ok("software"),
            Err(e) => log::warn!("the turning window cannot be installed ({e})"),
        }
    }
    slint::BackendSelector::new()
        .backend_name(backend.into())
        .renderer_name("software".into())
        .select()?;
    Ok("software")
}

/// Installs the framebuffer window, if one is named or (kiosk) `/dev/fb0` exists. A device
/// named that cannot be used is an error naming it; the kiosk's default one, a warning (Slint's
/// linuxkms draws instead, upright).
#[cfg(target_os = "linux")]
fn select_framebuffer(config: &FramebufferConfig) -> Result<bool, slint::PlatformError> {
    // The kiosk's framebuffer when none is named.
    const DEFAULT_FRAMEBUFFER: &str = "/dev/fb0";
    let (device, named) = match &config.device {
        Some(d) => (d.clone(), true),
        None if cfg!(feature = "kiosk") && std::path::Path::new(DEFAULT_FRAMEBUFFER).exists() => {
            (DEFAULT_FRAMEBUFFER.into(), false)
        }
        None => return Ok(false),
    };
    let opened =
        framebuffer::device::Device::open(&device, &framebuffer::device::sysfs_dir(&device));
    let device = match opened {
        Ok(d) => d,
        Err(e) if named => return Err(slint::PlatformError::Other(format!("--framebuffer {e}"))),
        Err(e) => {
            log::warn!("{e}; Slint's linuxkms draws instead, and cannot turn at run time");
            return Ok(false);
        }
    };
    let platform = framebuffer::FramebufferPlatform::open(device, &config.inputs)
        .map_err(slint::PlatformError::Other)?;
    slint::platform::set_platform(Box::new(platform))
        .map(|()| true)
        .map_err(|e| slint::PlatformError::Other(format!("the framebuffer window: {e}")))
}

#[cfg(not(target_os = "linux"))]
fn select_framebuffer(config: &FramebufferConfig) -> Result<bool, slint::PlatformError> {
    match &config.device {
        Some(d) => Err(slint::PlatformError::Other(format!(
            "--framebuffer {}: a Linux framebuffer, and this is not Linux",
            d.display()
        ))),
        None => Ok(false),
    }
}

/// Runs the table until its window is closed: selects the renderer, loads the data, shows the
/// start screen (or goes straight back into `resume` when `config.auto_resume`).
pub fn run(
    config: UiConfig,
    persist: Box<dyn Persist>,
    resume: Option<Resume>,
) -> Result<(), slint::PlatformError> {
    let renderer = select_backend(config.renderer)?;
    let data = match config.data {
        Some(d) => d,
        None => builtin_data().map_err(slint::PlatformError::Other)?,
    };
    log::info!(
        "berlin-table UI {} on the {renderer} renderer",
        config.version
    );
    let table = Table::new(config, data, persist, resume, renderer)?;
    table.run()
}
