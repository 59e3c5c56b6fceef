//! `berlin-table`: the game table program. With no subcommand it opens the table (a desktop
//! window, or the Pi's display with `--features kiosk`); subcommands run headless.

mod cli;
mod config;
// The Pi's buttons and LEDs: only wired into the program with `--features gpio` (or kiosk);
// the debouncer and its tests build everywhere.
#[cfg_attr(not(all(target_os = "linux", feature = "gpio")), allow(dead_code))]
mod gpio;
mod persist;
mod saves;
mod storage;
mod watchdog;
mod window;

use config::{Command, Config};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match config::parse_args(std::env::args_os().skip(1)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("berlin-table: {e}");
            return ExitCode::from(2);
        }
    };
    let (config, warnings) = config::resolve(&cli, &config::process_env);
    env_logger::Builder::new()
        .filter_level(config.log_level)
        .parse_env("BERLIN_TABLE_LOG")
        .format_timestamp_millis()
        .init();
    for w in &warnings {
        log::warn!("{w}");
    }
    let result = match &cli.command {
        Command::Help => {
            print!("{}", config::HELP);
            Ok(())
        }
        Command::Version => {
            println!("berlin-table {}", config::VERSION);
            Ok(())
        }
        Command::Run => run_table(&config),
        Command::Replay { file } => load_data(&config).and_then(|d| cli::replay(d, file)),
        Command::Play { script } => {
            let explicit_save =
                std::env::args().any(|a| a == "--save-dir" || a.starts_with("--save-dir="));
            load_data(&config).and_then(|d| {
                cli::play(
                    d,
                    script,
                    explicit_save.then_some(config.save_dir.as_path()),
                )
            })
        }
        Command::Resume { state_out } => {
            load_data(&config).and_then(|d| cli::resume(d, &config.save_dir, state_out.as_deref()))
        }
        Command::CheckData { dir } => cli::check_data(dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("berlin-table: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The game data: built in, or a club's override directory validated file by file (a bad
/// override file is reported and the built-in file used instead).
fn load_data(config: &Config) -> Result<&'static engine::berlin85::GameData, String> {
    let data = match &config.data_dir {
        Some(dir) => {
            let (d, errors) = data::load_with_override("berlin85", dir);
            for e in &errors {
                log::warn!("override data: {e}");
            }
            log::info!("data: built-in with overrides from {}", dir.display());
            d
        }
        None => {
            // The compiled postcard blob embedded in the binary: no files, no parsing.
            log::info!("data: built-in (embedded blob)");
            return session::builtin_data();
        }
    };
    Ok(Box::leak(Box::new(data)))
}

fn run_table(config: &Config) -> Result<(), String> {
    log::info!(
        "berlin-table {} starting: renderer {:?}, seats {:?}, dice {:?}, saves in {}",
        config::VERSION,
        config.renderer,
        config.seats,
        config.dice,
        config.save_dir.display()
    );
    let data = load_data(config)?;
    let dir = saves::SaveDir::open(&config.save_dir)
        .map_err(|e| format!("{}: {e}", config.save_dir.display()))?;
    let resume = persist::saved_game(&dir);
    if let Some(r) = &resume {
        log::info!(
            "saved game found: {} with {} inputs",
            r.header.scenario,
            r.inputs.len()
        );
    }
    let ui_config = ui::UiConfig {
        seats: match config.seats {
            config::Seats::Opposite => session::Seats::Opposite,
            config::Seats::Same => session::Seats::Same,
            config::Seats::Off => session::Seats::Off,
        },
        dice: randomness(config.dice),
        chits: randomness(config.chits),
        renderer: match config.renderer {
            config::Renderer::Auto => ui::Renderer::Auto,
            config::Renderer::FemtoVg => ui::Renderer::FemtoVg,
            config::Renderer::Software => ui::Renderer::Software,
        },
        seed: config.seed,
        scenario: Some(scenario_id(config.scenario).to_string()),
        poison_gas: false,
        // After a crash or a watchdog kill in the middle of a game: straight back into it.
        auto_resume: watchdog::resume_after_restart(),
        data: Some(data),
        version: config::VERSION.to_string(),
    };
    let previous = persist::previous_game(&dir);
    let persist = Box::new(persist::DiskPersist::new(dir));
    let renderer =
        ui::select_backend(ui_config.renderer).map_err(|e| format!("no renderer: {e}"))?;
    log::info!("renderer: {renderer}");
    let table = ui::Table::new(ui_config, data, persist, resume, renderer)
        .map_err(|e| format!("the window could not be opened: {e}"))?;
    if let Some(previous) = previous {
        table.offer_previous(previous);
    }
    let _gpio = start_gpio(config, table.button_sender());
    let _leds = start_leds(config, &table);
    // READY=1 after the first frame, WATCHDOG=1 from the event loop (systemd, Type=notify).
    let _watchdog = watchdog::start(table.window());
    window::place(&table, window::Placement::of(config));
    table.run().map_err(|e| format!("the table stopped: {e}"))
}

/// What a physical button means to the table in the configured dice/chit modes.
fn table_button(b: gpio::Button, config: &Config) -> ui::Button {
    match (b, config.dice, config.chits) {
        (gpio::Button::DiceTower, config::Mode::Digital, _) => ui::Button::RollNow,
        (gpio::Button::DiceTower, config::Mode::Physical, _) => ui::Button::OpenKeypad,
        (gpio::Button::ChitCup, _, config::Mode::Digital) => ui::Button::DrawNow,
        (gpio::Button::ChitCup, _, config::Mode::Physical) => ui::Button::OpenChitPicker,
        (gpio::Button::DieFace(n), _, _) => ui::Button::EnterDieFace(n),
        (gpio::Button::Confirm, _, _) => ui::Button::Confirm,
        (gpio::Button::Undo, _, _) => ui::Button::Undo,
    }
}

/// Starts watching the GPIO buttons (Raspberry Pi, `--features gpio`/`kiosk`); presses are
/// handed to the UI thread, which ignores a press when nothing is waiting for it. On other
/// machines the same events come from the keyboard (the UI's key handler).
#[cfg(all(target_os = "linux", feature = "gpio"))]
fn start_gpio(config: &Config, sender: ui::ButtonSender) -> Option<std::thread::JoinHandle<()>> {
    use gpio::ButtonSource;
    let cfg = config.clone();
    let handle = std::thread::Builder::new()
        .name("gpio".into())
        .spawn(move || {
            let mut source = match gpio::RppalSource::new(&cfg.gpio, None) {
                Ok(s) => s,
                Err(e) => {
                    log::warn!("GPIO buttons unavailable ({e}); use the touchscreen or keyboard");
                    return;
                }
            };
            loop {
                while let Some(ev) = source.poll() {
                    log::debug!("button {:?} at {} ms", ev.button, ev.at);
                    if !sender.send(table_button(ev.button, &cfg)) {
                        return;
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        });
    handle.ok()
}

/// Lights the LEDs (a roll or draw is wanted; a player must act) from a timer on the UI thread,
/// following what the game waits for.
#[cfg(all(target_os = "linux", feature = "gpio"))]
fn start_leds(config: &Config, table: &ui::Table) -> Option<slint::Timer> {
    use gpio::Leds;
    if config.gpio.led_roll_wanted.is_none() && config.gpio.led_your_turn.is_none() {
        return None;
    }
    let mut leds = match gpio::RppalLeds::new(&config.gpio) {
        Ok(l) => l,
        Err(e) => {
            log::warn!("GPIO LEDs unavailable ({e})");
            return None;
        }
    };
    let (dice, chits) = (config.dice, config.chits);
    let watch = table.pending_watch();
    let timer = slint::Timer::default();
    timer.start(
        slint::TimerMode::Repeated,
        std::time::Duration::from_millis(150),
        move || match watch.pending() {
            Some(p) => {
                let (ctx, someone_acts) = gpio::pending_context(&p, dice, chits);
                gpio::update_leds(&mut leds, &ctx, someone_acts);
            }
            None => {
                leds.set(gpio::Led::RollWanted, false);
                leds.set(gpio::Led::YourTurn, false);
            }
        },
    );
    Some(timer)
}

#[cfg(not(all(target_os = "linux", feature = "gpio")))]
fn start_leds(_config: &Config, _table: &ui::Table) -> Option<()> {
    None
}

#[cfg(not(all(target_os = "linux", feature = "gpio")))]
fn start_gpio(config: &Config, _sender: ui::ButtonSender) -> Option<std::thread::JoinHandle<()>> {
    log::info!(
        "no GPIO on this build: keyboard keys stand in for the buttons (dice {:?}, chits {:?})",
        config.dice,
        config.chits
    );
    let _ = table_button;
    None
}

fn randomness(m: config::Mode) -> session::Randomness {
    match m {
        config::Mode::Digital => session::Randomness::Digital,
        config::Mode::Physical => session::Randomness::Physical,
    }
}

fn scenario_id(s: config::Scenario) -> &'static str {
    match s {
        config::Scenario::Unity => "unity",
        config::Scenario::Werewolf => "werewolf",
        config::Scenario::MedicineWheel => "medicine_wheel",
    }
}
