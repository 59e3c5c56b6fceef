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

use config::{Command, Config, GameId};
// The games the headless commands play; `--game` is checked against their rules status.
use session::fortress::Fortress;
use session::gates::Gates;
use session::ruleset::Berlin85;
use session::TableGame;
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
        // The headless commands play the game's rules: a game listed but not yet implemented
        // is refused with the reason, before any file is touched.
        _ if !config.game.rules_status().scriptable() => Err(not_playable(config.game, false)),
        Command::CheckData { dir } => cli::check_data(dir),
        command => match config.game {
            GameId::Berlin85 => {
                load_data(&config).and_then(|d| headless::<Berlin85>(command, &config, d))
            }
            GameId::FortressBerlin => {
                load_fortress_data(&config).and_then(|d| headless::<Fortress>(command, &config, d))
            }
            GameId::Gates => {
                load_gates_data(&config).and_then(|d| headless::<Gates>(command, &config, d))
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("berlin-table: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `replay`, `play --script`, `resume` and `units` for game `G` on its data.
fn headless<G: TableGame>(
    command: &Command,
    config: &Config,
    data: &'static G::Data,
) -> Result<(), String> {
    match command {
        Command::Replay { file } => cli::replay::<G>(data, file),
        Command::Play { script } => {
            let explicit_save =
                std::env::args().any(|a| a == "--save-dir" || a.starts_with("--save-dir="));
            cli::play::<G>(
                data,
                script,
                explicit_save.then_some(config.save_dir.as_path()),
                session_seats(config.seats),
            )
        }
        Command::Resume { state_out } => {
            cli::resume::<G>(data, &config.save_dir, state_out.as_deref())
        }
        Command::Units => {
            cli::units::<G>(data);
            Ok(())
        }
        _ => unreachable!("only the headless commands are dispatched by game"),
    }
}

/// Why `--game` names a game the table (`at_table`) or the headless commands cannot play yet.
fn not_playable(game: GameId, at_table: bool) -> String {
    let playable: Vec<&str> = GameId::ALL
        .iter()
        .filter(|g| {
            let status = g.rules_status();
            if at_table {
                status.playable()
            } else {
                status.scriptable()
            }
        })
        .map(|g| g.slug())
        .collect();
    format!(
        "--game {}: {} ({}): {}; {} {}",
        game.slug(),
        game.title(),
        game.credit(),
        game.rules_status().label(),
        if at_table {
            "this table plays"
        } else {
            "the command line plays"
        },
        playable.join(", ")
    )
}

/// The scenario a new game starts on: the configured one if the game has it, else the game's
/// first (with a warning naming the scenarios there are).
fn scenario_of(config: &Config, data: &engine::berlin85::GameData) -> Option<String> {
    let ids: Vec<&str> = data.scenarios.iter().map(|s| s.id.as_str()).collect();
    match config.scenario.as_deref() {
        Some(s) if ids.contains(&s) => Some(s.to_string()),
        Some(s) => {
            log::warn!(
                "config: scenario: '{s}' is not a scenario of {} ({}); using {}",
                config.game.title(),
                ids.join(" | "),
                ids.first().copied().unwrap_or("none")
            );
            ids.first().map(|s| s.to_string())
        }
        None => ids.first().map(|s| s.to_string()),
    }
}

/// The game data: built in, or a club's override directory validated file by file (a bad
/// override file is reported and the built-in file used instead).
fn load_data(config: &Config) -> Result<&'static engine::berlin85::GameData, String> {
    let data = match &config.data_dir {
        Some(dir) => {
            let (d, errors) = data::load_with_override(config.game.slug(), dir);
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

/// The Gates' data: built in, or a club's override directory (a bad override file is
/// reported and the built-in file used instead).
fn load_gates_data(config: &Config) -> Result<&'static engine::gates::game::GatesData, String> {
    match &config.data_dir {
        Some(dir) => {
            let (d, errors) = data::gates::load_game_with_override(dir);
            for e in &errors {
                log::warn!("override data: {e}");
            }
            log::info!("data: built-in with overrides from {}", dir.display());
            Ok(Box::leak(d))
        }
        None => session::gates::builtin_data(),
    }
}

/// Fortress Berlin's data: built in, or a club's override directory (a bad override file is
/// reported and the built-in file used instead).
fn load_fortress_data(config: &Config) -> Result<&'static engine::fortress::GameData, String> {
    match &config.data_dir {
        Some(dir) => {
            let (d, errors) = data::fortress::load_with_override(dir);
            for e in &errors {
                log::warn!("override data: {e}");
            }
            log::info!("data: built-in with overrides from {}", dir.display());
            Ok(Box::leak(d))
        }
        None => session::fortress::builtin_data(),
    }
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
    if !config.game.rules_status().playable() {
        // The start screen lists every game; one it cannot start is shown as such.
        log::warn!("{}", not_playable(config.game, true));
    }
    let data = load_data(config)?;
    let dir = saves::SaveDir::open(&config.save_dir)
        .map_err(|e| format!("{}: {e}", config.save_dir.display()))?;
    // The journal's inputs are decoded as the game its header names: a Fortress Berlin game
    // cut off by a power failure comes back as Fortress Berlin.
    let saved_id = persist::saved_game_id(&dir);
    let (mut resume, mut fortress_resume, mut gates_resume) = (None, None, None);
    match saved_id.as_deref().and_then(GameId::from_slug) {
        Some(GameId::FortressBerlin) => fortress_resume = persist::saved_game::<Fortress, _>(&dir),
        Some(GameId::Gates) => gates_resume = persist::saved_game::<Gates, _>(&dir),
        _ => resume = persist::saved_game::<Berlin85, _>(&dir),
    }
    if let Some(r) = &resume {
        log::info!(
            "saved game found: {} with {} inputs",
            r.header.scenario,
            r.inputs.len()
        );
    }
    for (game, found) in [
        (
            GameId::FortressBerlin,
            fortress_resume
                .as_ref()
                .map(|r| (&r.header, r.inputs.len())),
        ),
        (
            GameId::Gates,
            gates_resume.as_ref().map(|r| (&r.header, r.inputs.len())),
        ),
    ] {
        if let Some((header, inputs)) = found {
            log::info!(
                "saved {} game found: {} with {inputs} inputs",
                game.title(),
                header.scenario
            );
        }
    }
    let ui_config = ui::UiConfig {
        seats: session_seats(config.seats),
        dice: randomness(config.dice),
        chits: randomness(config.chits),
        renderer: match config.renderer {
            config::Renderer::Auto => ui::Renderer::Auto,
            config::Renderer::FemtoVg => ui::Renderer::FemtoVg,
            config::Renderer::Software => ui::Renderer::Software,
        },
        seed: config.seed,
        game: config.game,
        // Berlin '85's scenarios; Fortress Berlin's start screen lists its own.
        scenario: (config.game == GameId::Berlin85)
            .then(|| scenario_of(config, data))
            .flatten(),
        poison_gas: false,
        // After a crash or a watchdog kill in the middle of a game: straight back into it.
        auto_resume: watchdog::resume_after_restart(),
        data: Some(data),
        version: config::VERSION.to_string(),
    };
    let previous = persist::previous_game(&dir);
    let persist = Box::new(persist::DiskPersist::new(dir));
    let framebuffer = ui::FramebufferConfig {
        device: config.framebuffer.clone(),
        inputs: config.inputs.clone(),
    };
    let renderer = ui::select_display(ui_config.renderer, &framebuffer)
        .map_err(|e| format!("no renderer: {e}"))?;
    log::info!("renderer: {renderer}");
    let table = ui::Table::new(ui_config, data, persist, resume, renderer)
        .map_err(|e| format!("the window could not be opened: {e}"))?;
    if let Some(previous) = previous {
        table.offer_previous(previous);
    }
    if let Some(r) = fortress_resume {
        table.offer_fortress_resume(r, watchdog::resume_after_restart());
    }
    if let Some(r) = gates_resume {
        table.offer_gates_resume(r, watchdog::resume_after_restart());
    }
    let _gpio = start_gpio(config, table.button_sender());
    let _leds = start_leds(config, &table);
    // READY=1 after the first frame, WATCHDOG=1 from the event loop (systemd, Type=notify).
    let _watchdog = watchdog::start(table.window());
    window::place(&table, window::Placement::of(config));
    table.run().map_err(|e| format!("the table stopped: {e}"))
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
                Ok(s) => {
                    log::info!("GPIO buttons (BCM pins): {:?}", s.wired());
                    s
                }
                Err(e) => {
                    log::warn!("GPIO buttons unavailable ({e}); use the touchscreen or keyboard");
                    return;
                }
            };
            loop {
                while let Some(ev) = source.poll() {
                    log::debug!("button {:?} at {} ms", ev.button, ev.at);
                    if !sender.send(ev.button) {
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
    let watch = table.pending_watch();
    let timer = slint::Timer::default();
    timer.start(
        slint::TimerMode::Repeated,
        std::time::Duration::from_millis(150),
        move || match watch.pending() {
            Some(p) => gpio::update_leds(&mut leds, gpio::led_state(&p)),
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
    None
}

fn randomness(m: config::Mode) -> session::Randomness {
    match m {
        config::Mode::Digital => session::Randomness::Digital,
        config::Mode::Physical => session::Randomness::Physical,
    }
}

/// The `--seats` setting as the session's two-sided seats.
fn session_seats(seats: config::Seats) -> session::Seats {
    match seats {
        config::Seats::Opposite => session::Seats::Opposite,
        config::Seats::Same => session::Seats::Same,
        config::Seats::Off => session::Seats::Off,
        config::Seats::Right => session::Seats::Right,
        config::Seats::Left => session::Seats::Left,
    }
}
