//! Configuration: defaults, then a TOML file, then command-line flags.
//!
//! A kiosk must boot even with a typo in its config: every bad key (unknown, wrong type, bad
//! value) becomes a [`ConfigWarning`] naming the file, the key and the reason, and that key
//! keeps its default. Only a malformed command line (unknown flag, missing argument) is an
//! error, because a person is there to read it.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

use log::LevelFilter;
use toml::{Table, Value};

pub use engine::core::game_id::GameId;

/// Where the players sit, which decides whether the UI turns to face the acting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    Opposite,
    Same,
    Off,
    /// The side across sits at the right-hand (left-hand) edge: the screen turns a quarter.
    Right,
    Left,
}

/// Dice and chits: drawn by the table's RNG, or physical and entered by the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Digital,
    Physical,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renderer {
    Auto,
    FemtoVg,
    Software,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pull {
    Up,
    Down,
}

/// BCM GPIO numbers (not header pin numbers). `None` = not wired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GpioConfig {
    pub dice_tower: Option<u8>,
    pub chit_cup: Option<u8>,
    pub confirm: Option<u8>,
    pub undo: Option<u8>,
    /// `die_faces[0]` is the button for face 1, and so on (at most 10).
    pub die_faces: Vec<u8>,
    pub led_roll_wanted: Option<u8>,
    pub led_your_turn: Option<u8>,
    pub pull: Pull,
    pub debounce_ms: u64,
    /// Buttons wired to GND with pull-ups read low when pressed.
    pub active_low: bool,
}

impl Default for GpioConfig {
    fn default() -> Self {
        GpioConfig {
            dice_tower: None,
            chit_cup: None,
            confirm: None,
            undo: None,
            die_faces: Vec::new(),
            led_roll_wanted: None,
            led_your_turn: None,
            pull: Pull::Up,
            debounce_ms: 30,
            active_low: true,
        }
    }
}

impl GpioConfig {
    /// Every wired pin with its config key, inputs then LEDs.
    pub fn pins(&self) -> Vec<(String, u8)> {
        let mut out = Vec::new();
        let single = [
            ("dice_tower", self.dice_tower),
            ("chit_cup", self.chit_cup),
            ("confirm", self.confirm),
            ("undo", self.undo),
        ];
        out.extend(
            single
                .iter()
                .filter_map(|(k, p)| p.map(|p| (k.to_string(), p))),
        );
        out.extend(
            self.die_faces
                .iter()
                .enumerate()
                .map(|(i, &p)| (format!("die_faces[{i}]"), p)),
        );
        let leds = [
            ("led_roll_wanted", self.led_roll_wanted),
            ("led_your_turn", self.led_your_turn),
        ];
        out.extend(
            leds.iter()
                .filter_map(|(k, p)| p.map(|p| (k.to_string(), p))),
        );
        out
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The game the table offers first and the headless commands play (`--game`).
    pub game: GameId,
    /// The scenario preselected for a new game; `None` is the game's first. Checked against the
    /// game's own scenario list once its data is loaded (`main::scenario_of`).
    pub scenario: Option<String>,
    pub seats: Seats,
    pub dice: Mode,
    pub chits: Mode,
    pub renderer: Renderer,
    pub save_dir: PathBuf,
    /// A club's own transcription of the charts, validated at start-up; `None` = built in.
    pub data_dir: Option<PathBuf>,
    pub log_level: LevelFilter,
    /// Fill the screen; else a window of `window_width` x `window_height` pixels.
    pub fullscreen: bool,
    pub window_width: u32,
    pub window_height: u32,
    /// The seed of the table's dice and chits for new games (`--seed`, for a run that can be
    /// repeated exactly); `None` takes one from the clock.
    pub seed: Option<u64>,
    /// The framebuffer the software renderer draws on, turning to any seat (`--framebuffer`);
    /// `None`: a desktop window, or in the kiosk build `/dev/fb0` if there is one.
    pub framebuffer: Option<PathBuf>,
    /// The framebuffer window's input devices (`--input`); empty: every /dev/input/event*.
    pub inputs: Vec<PathBuf>,
    pub gpio: GpioConfig,
}

/// A kiosk build (`--features kiosk`) fills its screen unless told otherwise: on the Pi's
/// display (linuxkms) it always does, and under a window system (X, Wayland) it asks to.
/// A desktop build opens a window.
pub const FULLSCREEN_BY_DEFAULT: bool = cfg!(feature = "kiosk");

impl Config {
    /// Defaults; `env` looks up environment variables (for the save directory).
    pub fn defaults(env: &dyn Fn(&str) -> Option<OsString>) -> Config {
        Config {
            game: GameId::Berlin85,
            scenario: None,
            seats: Seats::Opposite,
            dice: Mode::Digital,
            chits: Mode::Digital,
            renderer: Renderer::Auto,
            save_dir: default_save_dir(env),
            data_dir: None,
            log_level: LevelFilter::Info,
            fullscreen: FULLSCREEN_BY_DEFAULT,
            window_width: 1280,
            window_height: 800,
            seed: None,
            framebuffer: None,
            inputs: Vec::new(),
            gpio: GpioConfig::default(),
        }
    }
}

/// `$XDG_STATE_HOME/berlin-table`, else `~/.local/state/berlin-table`, else a relative
/// `berlin-table-state` (a service with no HOME still gets somewhere to save).
pub fn default_save_dir(env: &dyn Fn(&str) -> Option<OsString>) -> PathBuf {
    // The XDG spec says relative values are invalid and must be ignored.
    let absolute = |name: &str| env(name).map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(state) = absolute("XDG_STATE_HOME") {
        return state.join("berlin-table");
    }
    if let Some(home) = absolute("HOME") {
        return home.join(".local/state/berlin-table");
    }
    PathBuf::from("berlin-table-state")
}

/// Config files tried when `--config` is not given, first found wins.
pub fn default_config_paths(env: &dyn Fn(&str) -> Option<OsString>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let abs = |name: &str| env(name).map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(dir) = abs("XDG_CONFIG_HOME") {
        out.push(dir.join("berlin-table/berlin-table.toml"));
    } else if let Some(home) = abs("HOME") {
        out.push(home.join(".config/berlin-table/berlin-table.toml"));
    }
    out.push(PathBuf::from("/etc/berlin-table/berlin-table.toml"));
    out
}

/// The program's version, for `--version` and the start-up log line.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The real process environment, for [`resolve`] and [`Config::defaults`].
pub fn process_env(name: &str) -> Option<OsString> {
    std::env::var_os(name)
}

/// One key that could not be used, and what was used instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigWarning {
    /// The config file, or "command line".
    pub source: String,
    /// Dotted key (`gpio.debounce_ms`) or flag (`--dice`); empty when the whole file is bad.
    pub key: String,
    pub reason: String,
}

impl fmt::Display for ConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            write!(f, "{}: {}", self.source, self.reason)
        } else {
            write!(f, "{}: {}: {}", self.source, self.key, self.reason)
        }
    }
}

/// What the program was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Run the table (window or kiosk).
    Run,
    /// Print a saved game's events with case numbers.
    Replay {
        file: PathBuf,
    },
    /// Apply a text-notation script headlessly; print the events and the final state.
    Play {
        script: PathBuf,
    },
    /// Load the game in the save directory as the table's Resume does; print where it stands
    /// and optionally write its state (postcard bytes) to a file.
    Resume {
        state_out: Option<PathBuf>,
    },
    /// Validate an override data directory.
    CheckData {
        dir: PathBuf,
    },
    /// List the game's units by the index the notation writes them by.
    Units,
    Help,
    Version,
}

/// A parsed command line, before the config file is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cli {
    pub command: Command,
    pub config_file: Option<PathBuf>,
    /// (config key, flag as typed, value), applied after the file, in order.
    overrides: Vec<(&'static str, String, String)>,
}

/// The command line could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (try --help)", self.0)
    }
}

impl std::error::Error for UsageError {}

/// Flags that take a value: (flag, config key). `--help` lists each of them.
const VALUE_FLAGS: &[(&str, &str)] = &[
    ("--game", "game"),
    ("--scenario", "scenario"),
    ("--seats", "seats"),
    ("--dice", "dice"),
    ("--chits", "chits"),
    ("--renderer", "renderer"),
    ("--save-dir", "save_dir"),
    ("--data-dir", "data_dir"),
    ("--log-level", "log_level"),
    ("--window-size", "window_size"),
    ("--seed", "seed"),
    ("--framebuffer", "framebuffer"),
    ("--input", "input"),
    ("--debounce-ms", "gpio.debounce_ms"),
];

/// Flags without a value: (flag, config key, value).
const SWITCHES: &[(&str, &str, &str)] = &[
    ("--fullscreen", "fullscreen", "true"),
    ("--windowed", "fullscreen", "false"),
];

pub const HELP: &str = "\
berlin-table: a digital game table for board wargames about the battle for Berlin

USAGE:
    berlin-table [OPTIONS]                      run the table
    berlin-table [OPTIONS] replay FILE          print a saved game's events with case numbers
    berlin-table [OPTIONS] play --script FILE   apply a text-notation script headlessly and
                                                print the events and the final state
    berlin-table [OPTIONS] resume [STATE_FILE]  load the game in the save directory as the
                                                table's Resume does and print where it stands
                                                (STATE_FILE: also write its state, postcard)
    berlin-table [OPTIONS] check-data DIR       validate an override data directory
    berlin-table [OPTIONS] units                list the game's units: the index a script
                                                names each by, side, name, printed values

OPTIONS (each overrides the config file):
    --config FILE          config file (default: $XDG_CONFIG_HOME/berlin-table/berlin-table.toml,
                           else ~/.config/berlin-table/berlin-table.toml,
                           else /etc/berlin-table/berlin-table.toml)
    --game NAME            berlin85 | fortress-berlin | gates  (the game the start screen
                           shows first, and the game of play, replay and resume; The Enemy
                           is at the Gates plays from the command line only, its rules in
                           progress)
    --scenario NAME        a scenario of the game (Berlin '85: unity | werewolf |
                           medicine_wheel; default: the game's first)
    --seats MODE           opposite | same | off | right | left  (turn the screen to the
                           acting player's edge: across, none, none, a quarter either way)
    --dice MODE            digital | physical
    --chits MODE           digital | physical
    --renderer NAME        auto | femtovg | software
    --save-dir DIR         where games are saved (default: $XDG_STATE_HOME/berlin-table,
                           else ~/.local/state/berlin-table)
    --data-dir DIR         game data override directory (default: built-in data)
    --log-level LEVEL      off | error | warn | info | debug | trace
    --fullscreen           fill the screen (the default of a kiosk build)
    --windowed             open a window of --window-size (the default of a desktop build)
    --window-size WxH      window size in pixels when not fullscreen, e.g. 800x480
                           (default: the config file's [window] width and height, else 1280x800)
    --seed N               seed the table's dice and chits for new games, to repeat a run
                           exactly (default: from the clock)
    --framebuffer DEVICE   draw on this Linux framebuffer (e.g. /dev/fb0) with the software
                           renderer, turning to any seat (default: a desktop window; the kiosk
                           build uses /dev/fb0 when the software renderer is chosen)
    --input DEVICE         an evdev input device for the framebuffer (touchscreen, mouse,
                           keyboard), e.g. /dev/input/event0; repeat it for more (default:
                           every readable /dev/input/event*)
    --debounce-ms N        GPIO button debounce window in milliseconds (default 30)
    -h, --help             print this help
    -V, --version          print the version

GPIO pins, pull-ups and LEDs are set in the config file's [gpio] table (see docs/deploy.md).
A bad config key is reported and replaced by its default; the table still starts.
";

/// Parses the arguments after the program name.
pub fn parse_args<I, S>(args: I) -> Result<Cli, UsageError>
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    let mut args = args.into_iter().map(Into::into);
    let mut cli = Cli {
        command: Command::Run,
        config_file: None,
        overrides: Vec::new(),
    };
    let mut positional: Vec<String> = Vec::new();
    let mut script: Option<String> = None;

    while let Some(raw) = args.next() {
        let arg = raw
            .into_string()
            .map_err(|a| UsageError(format!("argument {a:?} is not valid UTF-8")))?;
        // `--flag=value` and `--flag value` are both accepted.
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, UsageError> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => args
                    .next()
                    .and_then(|v| v.into_string().ok())
                    .ok_or_else(|| UsageError(format!("{name} needs a value"))),
            }
        };
        match flag.as_str() {
            "-h" | "--help" => {
                return Ok(Cli {
                    command: Command::Help,
                    ..cli
                })
            }
            "-V" | "--version" => {
                return Ok(Cli {
                    command: Command::Version,
                    ..cli
                })
            }
            "--config" => cli.config_file = Some(PathBuf::from(value("--config")?)),
            "--script" => script = Some(value("--script")?),
            f if f.starts_with('-') && f.len() > 1 => {
                if let Some((name, key)) = VALUE_FLAGS.iter().find(|(n, _)| *n == f) {
                    let v = value(name)?;
                    cli.overrides.push((key, name.to_string(), v));
                } else if let Some((name, key, v)) = SWITCHES.iter().find(|(n, ..)| *n == f) {
                    if inline.is_some() {
                        return Err(UsageError(format!("{name} takes no value")));
                    }
                    cli.overrides.push((key, name.to_string(), v.to_string()));
                } else {
                    return Err(UsageError(format!("unknown option '{f}'")));
                }
            }
            _ => positional.push(arg),
        }
    }

    let mut pos = positional.into_iter();
    cli.command = match pos.next().as_deref() {
        None => Command::Run,
        Some("replay") => Command::Replay {
            file: PathBuf::from(
                pos.next()
                    .ok_or_else(|| UsageError("replay needs a FILE".into()))?,
            ),
        },
        Some("play") => match script.take() {
            Some(s) => Command::Play {
                script: PathBuf::from(s),
            },
            None => return Err(UsageError("play needs --script FILE".into())),
        },
        Some("resume") => Command::Resume {
            state_out: pos.next().map(PathBuf::from),
        },
        Some("units") => Command::Units,
        Some("check-data") => Command::CheckData {
            dir: PathBuf::from(
                pos.next()
                    .ok_or_else(|| UsageError("check-data needs a DIR".into()))?,
            ),
        },
        Some(other) => return Err(UsageError(format!("unknown command '{other}'"))),
    };
    if let Some(extra) = pos.next() {
        return Err(UsageError(format!("unexpected argument '{extra}'")));
    }
    if script.is_some() {
        return Err(UsageError("--script belongs to the play command".into()));
    }
    Ok(cli)
}

/// Builds the configuration: defaults, then the config file, then the flags.
/// Never fails; everything that could not be used is in the returned warnings.
pub fn resolve(cli: &Cli, env: &dyn Fn(&str) -> Option<OsString>) -> (Config, Vec<ConfigWarning>) {
    let mut cfg = Config::defaults(env);
    let mut warnings = Vec::new();
    let file = match &cli.config_file {
        Some(path) => Some((path.clone(), true)),
        None => default_config_paths(env)
            .into_iter()
            .find(|p| p.is_file())
            .map(|p| (p, false)),
    };
    if let Some((path, explicit)) = file {
        match std::fs::read_to_string(&path) {
            Ok(text) => apply_toml(&mut cfg, &text, &path, env, &mut warnings),
            // A file named on the command line must exist; a default one is optional.
            Err(e) if explicit || e.kind() != std::io::ErrorKind::NotFound => {
                warnings.push(ConfigWarning {
                    source: path.display().to_string(),
                    key: String::new(),
                    reason: format!("cannot read the file ({e}); using the defaults"),
                })
            }
            Err(_) => {}
        }
    }
    // Input devices named on the command line replace the file's list.
    if cli.overrides.iter().any(|(key, ..)| *key == "input") {
        cfg.inputs.clear();
    }
    for (key, flag, value) in &cli.overrides {
        let mut w = Warn {
            source: "command line",
            out: &mut warnings,
        };
        apply_flag(&mut cfg, key, flag, value, env, &mut w);
    }
    (cfg, warnings)
}

/// Applies a config file's text. `path` is only used in warnings.
pub fn apply_toml(
    cfg: &mut Config,
    text: &str,
    path: &Path,
    env: &dyn Fn(&str) -> Option<OsString>,
    warnings: &mut Vec<ConfigWarning>,
) {
    let source = path.display().to_string();
    let table: Table = match text.parse() {
        Ok(t) => t,
        Err(e) => {
            // toml's message already names the line and column.
            let msg = e.to_string().replace('\n', " ");
            warnings.push(ConfigWarning {
                source,
                key: String::new(),
                reason: format!("not valid TOML, the whole file is ignored: {}", msg.trim()),
            });
            return;
        }
    };
    let mut w = Warn {
        source: &source,
        out: warnings,
    };
    for (key, value) in &table {
        match key.as_str() {
            "gpio" => match value.as_table() {
                Some(gpio) => {
                    for (k, v) in gpio {
                        set_gpio(&mut cfg.gpio, k, v, &mut w);
                    }
                    check_pin_conflicts(&mut cfg.gpio, &mut w);
                }
                None => w.push("gpio", type_reason("a table", value, "no GPIO")),
            },
            "window" => match value.as_table() {
                Some(win) => {
                    for (k, v) in win {
                        set_window(cfg, &format!("window.{k}"), k, v, &mut w);
                    }
                }
                None => w.push("window", type_reason("a table", value, "the default size")),
            },
            k => set_top(cfg, k, k, value, env, &mut w),
        }
    }
}

struct Warn<'a> {
    source: &'a str,
    out: &'a mut Vec<ConfigWarning>,
}

impl Warn<'_> {
    fn push(&mut self, key: &str, reason: String) {
        self.out.push(ConfigWarning {
            source: self.source.to_string(),
            key: key.to_string(),
            reason,
        });
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::String(s) => format!("string \"{s}\""),
        Value::Integer(i) => format!("integer {i}"),
        Value::Float(x) => format!("float {x}"),
        Value::Boolean(b) => format!("boolean {b}"),
        Value::Datetime(d) => format!("datetime {d}"),
        Value::Array(_) => "an array".to_string(),
        Value::Table(_) => "a table".to_string(),
    }
}

fn type_reason(expected: &str, found: &Value, default: &str) -> String {
    format!(
        "expected {expected}, found {}; using {default}",
        describe(found)
    )
}

/// Reads one of `choices` (case-insensitive), or explains why not.
fn choose<T: Copy>(v: &Value, choices: &[(&str, T)], default_name: &str) -> Result<T, String> {
    let names = choices
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(" | ");
    let Some(s) = v.as_str() else {
        return Err(type_reason(&format!("one of {names}"), v, default_name));
    };
    choices
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(s.trim()))
        .map(|(_, t)| *t)
        .ok_or_else(|| format!("'{s}' is not one of {names}; using {default_name}"))
}

/// A scenario id as the data names them ("medicine_wheel", "war-is-coming").
fn is_identifier(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 32
        && s.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
}

fn int_in(v: &Value, lo: i64, hi: i64, default: &str) -> Result<i64, String> {
    match v.as_integer() {
        Some(i) if (lo..=hi).contains(&i) => Ok(i),
        Some(i) => Err(format!("{i} is out of range {lo}..={hi}; using {default}")),
        None => Err(type_reason("an integer", v, default)),
    }
}

fn path_value(
    v: &Value,
    env: &dyn Fn(&str) -> Option<OsString>,
    default: &str,
) -> Result<PathBuf, String> {
    match v.as_str() {
        Some("") => Err(format!("an empty path; using {default}")),
        // `~/` is expanded because config files are written by hand.
        Some(s) => match s.strip_prefix("~/") {
            Some(rest) => env("HOME")
                .map(|h| PathBuf::from(h).join(rest))
                .ok_or_else(|| format!("'{s}' starts with ~ but HOME is not set; using {default}")),
            None => Ok(PathBuf::from(s)),
        },
        None => Err(type_reason("a path string", v, default)),
    }
}

/// Sets one top-level key. `name` is how the key is shown in warnings.
fn set_top(
    cfg: &mut Config,
    name: &str,
    key: &str,
    v: &Value,
    env: &dyn Fn(&str) -> Option<OsString>,
    w: &mut Warn<'_>,
) {
    let result: Result<(), String> = match key {
        "game" => {
            let games = GameId::ALL.map(|g| (g.slug(), g));
            choose(v, &games, GameId::Berlin85.slug()).map(|g| cfg.game = g)
        }
        // Which scenarios exist is the game's data's business: checked once it is loaded.
        "scenario" => match v.as_str().map(str::trim) {
            Some(s) if is_identifier(s) => {
                cfg.scenario = Some(s.to_string());
                Ok(())
            }
            Some(s) => Err(format!(
                "'{s}' is not a scenario name (letters, digits, '_' and '-'); using the game's first"
            )),
            None => Err(type_reason("a scenario name", v, "the game's first")),
        },
        "seats" => choose(
            v,
            &[
                ("opposite", Seats::Opposite),
                ("same", Seats::Same),
                ("off", Seats::Off),
                ("right", Seats::Right),
                ("left", Seats::Left),
            ],
            "opposite",
        )
        .map(|s| cfg.seats = s),
        "dice" | "chits" => {
            let modes = [("digital", Mode::Digital), ("physical", Mode::Physical)];
            choose(v, &modes, "digital").map(|m| {
                if key == "dice" {
                    cfg.dice = m
                } else {
                    cfg.chits = m
                }
            })
        }
        "renderer" => choose(
            v,
            &[
                ("auto", Renderer::Auto),
                ("femtovg", Renderer::FemtoVg),
                ("software", Renderer::Software),
            ],
            "auto",
        )
        .map(|r| cfg.renderer = r),
        "save_dir" => {
            let default = format!("{}", cfg.save_dir.display());
            path_value(v, env, &default).map(|p| cfg.save_dir = p)
        }
        "data_dir" => path_value(v, env, "the built-in data").map(|p| cfg.data_dir = Some(p)),
        "framebuffer" => path_value(v, env, "no framebuffer").map(|p| cfg.framebuffer = Some(p)),
        // One device, or a list of them.
        "input" => match v.as_array() {
            Some(items) => items
                .iter()
                .map(|item| path_value(item, env, "every /dev/input/event*"))
                .collect::<Result<Vec<_>, _>>()
                .map(|list| cfg.inputs = list),
            None => path_value(v, env, "every /dev/input/event*").map(|p| cfg.inputs = vec![p]),
        },
        "log_level" => choose(
            v,
            &[
                ("off", LevelFilter::Off),
                ("error", LevelFilter::Error),
                ("warn", LevelFilter::Warn),
                ("info", LevelFilter::Info),
                ("debug", LevelFilter::Debug),
                ("trace", LevelFilter::Trace),
            ],
            "info",
        )
        .map(|l| cfg.log_level = l),
        "fullscreen" => match v.as_bool() {
            Some(b) => {
                cfg.fullscreen = b;
                Ok(())
            }
            None => Err(type_reason(
                "true or false",
                v,
                if FULLSCREEN_BY_DEFAULT {
                    "true"
                } else {
                    "false"
                },
            )),
        },
        _ => Err("unknown key, ignored".to_string()),
    };
    if let Err(reason) = result {
        w.push(name, reason);
    }
}

fn set_window(cfg: &mut Config, name: &str, key: &str, v: &Value, w: &mut Warn<'_>) {
    // 320 px is below any usable table; 16384 is beyond any GPU texture limit.
    let result = match key {
        "width" => int_in(v, 320, 16384, "1280").map(|i| cfg.window_width = i as u32),
        "height" => int_in(v, 240, 16384, "800").map(|i| cfg.window_height = i as u32),
        _ => Err("unknown key, ignored (expected width or height)".to_string()),
    };
    if let Err(reason) = result {
        w.push(name, reason);
    }
}

/// The BCM numbers of the 40-pin header's GPIOs.
const MAX_BCM: i64 = 27;

fn pin(v: &Value) -> Result<u8, String> {
    int_in(v, 0, MAX_BCM, "no pin (not wired)").map(|i| i as u8)
}

fn set_gpio(g: &mut GpioConfig, key: &str, v: &Value, w: &mut Warn<'_>) {
    let name = format!("gpio.{key}");
    let result = match key {
        "dice_tower" => pin(v).map(|p| g.dice_tower = Some(p)),
        "chit_cup" => pin(v).map(|p| g.chit_cup = Some(p)),
        "confirm" => pin(v).map(|p| g.confirm = Some(p)),
        "undo" => pin(v).map(|p| g.undo = Some(p)),
        "led_roll_wanted" => pin(v).map(|p| g.led_roll_wanted = Some(p)),
        "led_your_turn" => pin(v).map(|p| g.led_your_turn = Some(p)),
        "die_faces" => die_faces(v).map(|f| g.die_faces = f),
        "pull" => choose(v, &[("up", Pull::Up), ("down", Pull::Down)], "up").map(|p| g.pull = p),
        "debounce_ms" => int_in(v, 0, 1000, "30").map(|i| g.debounce_ms = i as u64),
        "active_low" => match v.as_bool() {
            Some(b) => {
                g.active_low = b;
                Ok(())
            }
            None => Err(type_reason("true or false", v, "true")),
        },
        _ => Err("unknown key, ignored".to_string()),
    };
    if let Err(reason) = result {
        w.push(&name, reason);
    }
}

fn die_faces(v: &Value) -> Result<Vec<u8>, String> {
    let Some(items) = v.as_array() else {
        return Err(type_reason(
            "an array of pin numbers",
            v,
            "no die-face buttons",
        ));
    };
    if items.len() > 10 {
        return Err(format!(
            "{} pins given, a die has at most 10 faces; using no die-face buttons",
            items.len()
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            pin(item).map_err(|_| {
                format!(
                    "face {} is {}, not a BCM pin 0..={MAX_BCM}; using no die-face buttons",
                    i + 1,
                    describe(item)
                )
            })
        })
        .collect()
}

/// A pin can serve one purpose. On a clash the later use in [`GpioConfig::pins`] order
/// (dice tower, chit cup, confirm, undo, die faces, LEDs) is dropped with a warning.
fn check_pin_conflicts(g: &mut GpioConfig, w: &mut Warn<'_>) {
    let mut seen: Vec<(u8, String)> = Vec::new();
    let mut drop_keys = Vec::new();
    for (key, p) in g.pins() {
        match seen.iter().find(|(q, _)| *q == p) {
            Some((_, first)) => {
                w.push(
                    &format!("gpio.{key}"),
                    format!("pin {p} is already used by gpio.{first}; {key} is not wired"),
                );
                drop_keys.push(key);
            }
            None => seen.push((p, key)),
        }
    }
    for key in drop_keys {
        match key.as_str() {
            "dice_tower" => g.dice_tower = None,
            "chit_cup" => g.chit_cup = None,
            "confirm" => g.confirm = None,
            "undo" => g.undo = None,
            "led_roll_wanted" => g.led_roll_wanted = None,
            "led_your_turn" => g.led_your_turn = None,
            // A die-face keypad with a hole in it would shift every face: drop them all.
            _ => g.die_faces.clear(),
        }
    }
}

/// Applies one flag. Values are turned into the TOML type the key expects, so flags and the
/// file share one validator and one set of messages.
fn apply_flag(
    cfg: &mut Config,
    key: &str,
    flag: &str,
    value: &str,
    env: &dyn Fn(&str) -> Option<OsString>,
    w: &mut Warn<'_>,
) {
    match key {
        "window_size" => {
            let size = value.split_once(['x', 'X']).and_then(|(a, b)| {
                Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
            });
            match size {
                Some((wd, ht)) => {
                    set_window(cfg, flag, "width", &Value::Integer(wd), w);
                    set_window(cfg, flag, "height", &Value::Integer(ht), w);
                }
                None => w.push(
                    flag,
                    format!(
                        "'{value}' is not WIDTHxHEIGHT (e.g. 1280x800); using the default size"
                    ),
                ),
            }
        }
        "gpio.debounce_ms" => {
            let v = value
                .parse::<i64>()
                .map(Value::Integer)
                .unwrap_or_else(|_| Value::String(value.to_string()));
            let mut inner = Warn {
                source: w.source,
                out: w.out,
            };
            let before = inner.out.len();
            set_gpio(&mut cfg.gpio, "debounce_ms", &v, &mut inner);
            // Name the flag the person typed, not the file key.
            for warning in inner.out.iter_mut().skip(before) {
                warning.key = flag.to_string();
            }
        }
        "fullscreen" => {
            set_top(cfg, flag, key, &Value::Boolean(value == "true"), env, w);
        }
        // Command line only: a config file that fixed the dice would replay one game forever.
        "seed" => match value.trim().parse::<u64>() {
            Ok(n) => cfg.seed = Some(n),
            Err(_) => w.push(
                flag,
                format!(
                    "'{value}' is not a whole number from 0 to {}; seeding from the clock",
                    u64::MAX
                ),
            ),
        },
        // Repeatable: each --input adds a device.
        "input" => {
            let before = cfg.inputs.clone();
            set_top(cfg, flag, key, &Value::String(value.to_string()), env, w);
            if cfg.inputs != before {
                let added = cfg.inputs.pop();
                cfg.inputs = before.into_iter().chain(added).collect();
            }
        }
        _ => set_top(cfg, flag, key, &Value::String(value.to_string()), env, w),
    }
}

#[cfg(test)]
mod tests;
