//! The configuration's tests: files, flags, bad values and their warnings.

use super::*;

fn no_env(_: &str) -> Option<OsString> {
    None
}

fn home_env(name: &str) -> Option<OsString> {
    (name == "HOME").then(|| OsString::from("/home/table"))
}

fn from_toml(text: &str) -> (Config, Vec<ConfigWarning>) {
    let mut cfg = Config::defaults(&home_env);
    let mut warnings = Vec::new();
    apply_toml(
        &mut cfg,
        text,
        Path::new("/etc/bt.toml"),
        &home_env,
        &mut warnings,
    );
    (cfg, warnings)
}

fn one_warning(text: &str) -> (Config, ConfigWarning) {
    let (cfg, mut w) = from_toml(text);
    assert_eq!(w.len(), 1, "{text:?} gave {w:?}");
    (cfg, w.remove(0))
}

fn cli(args: &[&str]) -> Cli {
    parse_args(args.iter().copied()).expect("valid command line")
}

#[test]
fn a_full_config_is_read() {
    let (cfg, w) = from_toml(
        r#"
        game = "berlin85"
        scenario = "medicine_wheel"
        seats = "same"
        dice = "physical"
        chits = "Physical"
        renderer = "software"
        save_dir = "~/saves"
        data_dir = "/srv/club-charts"
        log_level = "debug"
        fullscreen = true
        [window]
        width = 800
        height = 480
        [gpio]
        dice_tower = 17
        chit_cup = 27
        confirm = 22
        undo = 23
        die_faces = [5, 6, 13, 19, 26, 16]
        led_roll_wanted = 24
        led_your_turn = 25
        pull = "down"
        debounce_ms = 50
        active_low = false
        "#,
    );
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.scenario.as_deref(), Some("medicine_wheel"));
    assert_eq!(cfg.game, GameId::Berlin85);
    assert_eq!(cfg.seats, Seats::Same);
    assert_eq!((cfg.dice, cfg.chits), (Mode::Physical, Mode::Physical));
    assert_eq!(cfg.renderer, Renderer::Software);
    assert_eq!(cfg.save_dir, PathBuf::from("/home/table/saves"));
    assert_eq!(cfg.data_dir, Some(PathBuf::from("/srv/club-charts")));
    assert_eq!(cfg.log_level, LevelFilter::Debug);
    assert!(cfg.fullscreen);
    assert_eq!((cfg.window_width, cfg.window_height), (800, 480));
    let g = &cfg.gpio;
    assert_eq!((g.dice_tower, g.chit_cup), (Some(17), Some(27)));
    assert_eq!((g.confirm, g.undo), (Some(22), Some(23)));
    assert_eq!(g.die_faces, vec![5, 6, 13, 19, 26, 16]);
    assert_eq!((g.led_roll_wanted, g.led_your_turn), (Some(24), Some(25)));
    assert_eq!(
        (g.pull, g.debounce_ms, g.active_low),
        (Pull::Down, 50, false)
    );
}

#[test]
fn the_sample_config_has_no_warnings() {
    let text = include_str!("../../../deploy/berlin-table.toml");
    let (cfg, w) = from_toml(text);
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.gpio.dice_tower, Some(17));
}

#[test]
fn default_save_dir_follows_xdg() {
    let xdg = |n: &str| match n {
        "XDG_STATE_HOME" => Some(OsString::from("/var/lib/state")),
        "HOME" => Some(OsString::from("/home/table")),
        _ => None,
    };
    assert_eq!(
        default_save_dir(&xdg),
        PathBuf::from("/var/lib/state/berlin-table")
    );
    assert_eq!(
        default_save_dir(&home_env),
        PathBuf::from("/home/table/.local/state/berlin-table")
    );
    let relative = |n: &str| (n == "XDG_STATE_HOME").then(|| OsString::from("rel"));
    assert_eq!(
        default_save_dir(&relative),
        PathBuf::from("berlin-table-state")
    );
}

#[test]
fn unknown_keys_are_named() {
    let (_, w) = one_warning("dise = \"physical\"");
    assert_eq!(w.to_string(), "/etc/bt.toml: dise: unknown key, ignored");
    let (_, w) = one_warning("[gpio]\ndice_towr = 17");
    assert_eq!(w.key, "gpio.dice_towr");
    let (_, w) = one_warning("[window]\ndepth = 3");
    assert_eq!(w.key, "window.depth");
    let (_, w) = one_warning("[sound]\nvolume = 3");
    assert_eq!(w.key, "sound");
}

#[test]
fn wrong_types_fall_back_to_defaults() {
    let (cfg, w) = one_warning("fullscreen = \"yes\"");
    assert_eq!(cfg.fullscreen, FULLSCREEN_BY_DEFAULT);
    assert_eq!(
        w.to_string(),
        format!(
            "/etc/bt.toml: fullscreen: expected true or false, found string \"yes\"; using {}",
            FULLSCREEN_BY_DEFAULT
        )
    );
    let (cfg, w) = one_warning("[gpio]\ndebounce_ms = \"fast\"");
    assert_eq!(cfg.gpio.debounce_ms, 30);
    assert_eq!(w.key, "gpio.debounce_ms");
    assert!(w.reason.contains("expected an integer"), "{w}");
    let (_, w) = one_warning("dice = 6");
    assert!(w.reason.contains("found integer 6"), "{w}");
    let (cfg, w) = one_warning("gpio = 17");
    assert_eq!(cfg.gpio, GpioConfig::default());
    assert!(w.reason.contains("expected a table"), "{w}");
    let (_, w) = one_warning("window = \"big\"");
    assert_eq!(w.key, "window");
    let (_, w) = one_warning("save_dir = 3");
    assert!(w.reason.contains("expected a path string"), "{w}");
}

#[test]
fn every_game_is_accepted_by_its_slug() {
    for g in GameId::ALL {
        let (cfg, w) = resolve(&cli(&["--game", g.slug()]), &no_env);
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(cfg.game, g);
    }
    let (cfg, _) = resolve(
        &cli(&["--game", "fortress-berlin", "--scenario", "street-fight"]),
        &no_env,
    );
    assert_eq!(cfg.game, GameId::FortressBerlin);
    assert_eq!(cfg.scenario.as_deref(), Some("street-fight"));
}

#[test]
fn bad_values_fall_back_to_defaults() {
    let (cfg, w) = one_warning("scenario = \"two words\"");
    assert_eq!(cfg.scenario, None);
    assert_eq!(
        w.reason,
        "'two words' is not a scenario name (letters, digits, '_' and '-'); using the game's first"
    );
    let (cfg, w) = one_warning("game = \"chess\"");
    assert_eq!(cfg.game, GameId::Berlin85);
    assert_eq!(
        w.reason,
        "'chess' is not one of berlin85 | fortress-berlin | gates; using berlin85"
    );
    let (cfg, w) = one_warning("[gpio]\ndice_tower = 40");
    assert_eq!(cfg.gpio.dice_tower, None);
    assert!(w.reason.contains("40 is out of range 0..=27"), "{w}");
    let (_, w) = one_warning("[gpio]\npull = \"sideways\"");
    assert!(w.reason.contains("up | down"), "{w}");
    let (cfg, w) = one_warning("[window]\nwidth = 10");
    assert_eq!(cfg.window_width, 1280);
    assert_eq!(w.key, "window.width");
    let (cfg, w) = one_warning("data_dir = \"\"");
    assert_eq!(cfg.data_dir, None);
    assert!(w.reason.contains("empty path"), "{w}");
    let (_, w) = one_warning("[gpio]\ndebounce_ms = -5");
    assert!(w.reason.contains("out of range"), "{w}");
    let (_, w) = one_warning("log_level = \"loud\"");
    assert!(w.reason.contains("using info"), "{w}");
}

#[test]
fn die_faces_are_checked() {
    let (cfg, w) = one_warning("[gpio]\ndie_faces = [1,2,3,4,5,6,7,8,9,10,11]");
    assert!(cfg.gpio.die_faces.is_empty());
    assert!(w.reason.contains("at most 10 faces"), "{w}");
    let (_, w) = one_warning("[gpio]\ndie_faces = [5, \"six\"]");
    assert!(w.reason.contains("face 2 is string \"six\""), "{w}");
    let (_, w) = one_warning("[gpio]\ndie_faces = 5");
    assert!(w.reason.contains("expected an array"), "{w}");
}

#[test]
fn a_pin_used_twice_is_wired_once() {
    // The dice tower comes first in priority, whatever the order in the file.
    let (cfg, w) = one_warning("[gpio]\nchit_cup = 17\ndice_tower = 17");
    assert_eq!(cfg.gpio.pins(), vec![("dice_tower".to_string(), 17)]);
    assert_eq!(w.key, "gpio.chit_cup");
    assert!(w.reason.contains("already used by gpio.dice_tower"), "{w}");
    let (cfg, _) = one_warning("[gpio]\nundo = 5\ndie_faces = [4, 5, 6]");
    assert!(cfg.gpio.die_faces.is_empty());
    assert_eq!(cfg.gpio.undo, Some(5));
}

#[test]
fn a_syntax_error_ignores_the_file_and_says_where() {
    let (cfg, w) = one_warning("dice = \"physical\"\nseats = opposite\n");
    assert_eq!(
        cfg.dice,
        Mode::Digital,
        "nothing from a broken file is used"
    );
    assert!(w.key.is_empty());
    assert!(w.reason.contains("not valid TOML"), "{w}");
    assert!(w.reason.contains("line 2"), "{w}");
}

#[test]
fn good_keys_survive_beside_bad_ones() {
    let (cfg, w) =
        from_toml("dice = \"physical\"\nseats = \"round\"\n[gpio]\nchit_cup = 27\nundo = true");
    assert_eq!(w.len(), 2, "{w:?}");
    assert_eq!(cfg.dice, Mode::Physical);
    assert_eq!(cfg.gpio.chit_cup, Some(27));
    assert_eq!(cfg.seats, Seats::Opposite);
}

#[test]
fn a_missing_config_file_is_a_warning_only_when_named() {
    let (cfg, w) = resolve(&cli(&["--config", "/nonexistent/bt.toml"]), &no_env);
    assert_eq!(cfg, Config::defaults(&no_env));
    assert_eq!(w.len(), 1);
    assert!(w[0]
        .to_string()
        .starts_with("/nonexistent/bt.toml: cannot read the file"));
}

#[test]
fn flags_override_the_file() {
    let dir = std::env::temp_dir().join(format!("bt-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let file = dir.join("bt.toml");
    std::fs::write(&file, "dice = \"physical\"\nscenario = \"werewolf\"\n").expect("write");
    let file_s = file.display().to_string();
    let (cfg, w) = resolve(
        &cli(&[
            "--config",
            &file_s,
            "--dice=digital",
            "--fullscreen",
            "--window-size",
            "800x480",
            "--debounce-ms",
            "45",
            "--save-dir",
            "/tmp/saves",
        ]),
        &no_env,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.dice, Mode::Digital);
    assert_eq!(cfg.scenario.as_deref(), Some("werewolf"));
    assert!(cfg.fullscreen);
    assert_eq!((cfg.window_width, cfg.window_height), (800, 480));
    assert_eq!(cfg.gpio.debounce_ms, 45);
    assert_eq!(cfg.save_dir, PathBuf::from("/tmp/saves"));
}

#[test]
fn the_framebuffer_and_its_input_devices_come_from_the_file_or_the_flags() {
    let (cfg, w) = from_toml("framebuffer = \"/dev/fb1\"\ninput = [\"/dev/input/event3\"]\n");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.framebuffer, Some(PathBuf::from("/dev/fb1")));
    assert_eq!(cfg.inputs, vec![PathBuf::from("/dev/input/event3")]);
    let (cfg, w) = from_toml("input = \"/dev/input/event7\"\n");
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.inputs, vec![PathBuf::from("/dev/input/event7")]);
    // Each --input adds a device; the command line's list replaces the file's.
    let (cfg, w) = resolve(
        &cli(&[
            "--config=/dev/null",
            "--framebuffer",
            "/dev/fb0",
            "--input",
            "/dev/input/event0",
            "--input=/dev/input/event1",
        ]),
        &no_env,
    );
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.framebuffer, Some(PathBuf::from("/dev/fb0")));
    assert_eq!(
        cfg.inputs,
        vec![
            PathBuf::from("/dev/input/event0"),
            PathBuf::from("/dev/input/event1")
        ]
    );
    assert_eq!(Config::defaults(&no_env).framebuffer, None);
}

#[test]
fn a_bad_framebuffer_or_input_is_a_warning_naming_the_option() {
    let (cfg, w) = one_warning("framebuffer = 3\n");
    assert_eq!(cfg.framebuffer, None);
    assert_eq!(w.key, "framebuffer");
    let (cfg, w) = one_warning("input = [\"/dev/input/event0\", 5]\n");
    assert!(cfg.inputs.is_empty());
    assert_eq!(w.key, "input");
    let (cfg, w) = resolve(&cli(&["--config=/dev/null", "--framebuffer="]), &no_env);
    assert_eq!(cfg.framebuffer, None);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].key, "--framebuffer");
    assert!(w[0].reason.contains("empty path"), "{}", w[0].reason);
    let (_, w) = resolve(&cli(&["--config=/dev/null", "--input="]), &no_env);
    assert_eq!(w[0].key, "--input");
}

#[test]
fn a_kiosk_build_fills_the_screen_by_default() {
    let cfg = Config::defaults(&no_env);
    assert_eq!(cfg.fullscreen, cfg!(feature = "kiosk"));
    assert_eq!((cfg.window_width, cfg.window_height), (1280, 800));
    let (cfg, w) = resolve(&cli(&["--config=/dev/null", "--windowed"]), &no_env);
    assert!(w.is_empty(), "{w:?}");
    assert!(!cfg.fullscreen);
    let (cfg, _) = resolve(&cli(&["--config=/dev/null", "--fullscreen"]), &no_env);
    assert!(cfg.fullscreen);
}

#[test]
fn the_seed_is_taken_from_the_command_line_only() {
    let (cfg, w) = resolve(&cli(&["--config=/dev/null", "--seed", "85"]), &no_env);
    assert!(w.is_empty(), "{w:?}");
    assert_eq!(cfg.seed, Some(85));
    let (cfg, w) = resolve(&cli(&["--config=/dev/null", "--seed=lucky"]), &no_env);
    assert_eq!(cfg.seed, None);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].key, "--seed");
    assert!(w[0].reason.contains("seeding from the clock"), "{w:?}");
    let (cfg, w) = one_warning("seed = 85");
    assert_eq!(cfg.seed, None);
    assert_eq!(w.reason, "unknown key, ignored");
}

#[test]
fn bad_flag_values_are_warnings_naming_the_flag() {
    let (cfg, w) = resolve(
        &cli(&[
            "--config=/dev/null",
            "--dice",
            "loaded",
            "--window-size",
            "huge",
            "--debounce-ms",
            "soon",
        ]),
        &no_env,
    );
    assert_eq!(cfg.dice, Mode::Digital);
    let keys: Vec<_> = w.iter().map(|w| w.key.as_str()).collect();
    assert_eq!(keys, ["--dice", "--window-size", "--debounce-ms"], "{w:?}");
    assert!(w.iter().all(|w| w.source == "command line"));
    assert!(w[1].reason.contains("WIDTHxHEIGHT"));
}

#[test]
fn subcommands_are_recognised() {
    assert_eq!(cli(&[]).command, Command::Run);
    assert_eq!(
        cli(&["replay", "game.bin"]).command,
        Command::Replay {
            file: "game.bin".into()
        }
    );
    assert_eq!(
        cli(&["play", "--script", "s.txt"]).command,
        Command::Play {
            script: "s.txt".into()
        }
    );
    assert_eq!(
        cli(&["--save-dir", "/tmp/s", "resume"]).command,
        Command::Resume { state_out: None }
    );
    assert_eq!(
        cli(&["resume", "state.bin"]).command,
        Command::Resume {
            state_out: Some("state.bin".into())
        }
    );
    assert_eq!(
        cli(&["--game", "fortress-berlin", "units"]).command,
        Command::Units
    );
    assert_eq!(
        cli(&["--data-dir", "d", "check-data", "charts"]).command,
        Command::CheckData {
            dir: "charts".into()
        }
    );
    assert_eq!(
        cli(&["--dice", "physical", "--help"]).command,
        Command::Help
    );
    assert_eq!(cli(&["-V"]).command, Command::Version);
}

#[test]
fn a_malformed_command_line_is_an_error() {
    let err = |args: &[&str]| parse_args(args.iter().copied()).unwrap_err().to_string();
    assert_eq!(
        err(&["--dcie", "x"]),
        "unknown option '--dcie' (try --help)"
    );
    assert!(err(&["replay"]).contains("replay needs a FILE"));
    assert!(err(&["play"]).contains("play needs --script FILE"));
    assert!(err(&["check-data"]).contains("check-data needs a DIR"));
    assert!(err(&["dance"]).contains("unknown command 'dance'"));
    assert!(err(&["--dice"]).contains("--dice needs a value"));
    assert!(err(&["replay", "a", "b"]).contains("unexpected argument 'b'"));
    assert!(err(&["--fullscreen=no"]).contains("takes no value"));
    assert!(err(&["--script", "s"]).contains("belongs to the play command"));
}

#[test]
fn help_lists_every_flag() {
    for (flag, _) in VALUE_FLAGS {
        assert!(HELP.contains(flag), "{flag} missing from --help");
    }
    for (flag, ..) in SWITCHES {
        assert!(HELP.contains(flag), "{flag} missing from --help");
    }
    for word in [
        "--config",
        "--help",
        "--version",
        "replay",
        "play --script",
        "resume",
        "check-data",
    ] {
        assert!(HELP.contains(word), "{word} missing from --help");
    }
}
