//! Seats on the software renderer (issue 16): the real `berlin-table` under Xvfb, drawn by the
//! software renderer, turns to face the side across the table when it must act (NATO's set-up
//! in Operation Unity), and taps land on what that player sees.
//!
//! The turned screen is checked against the table drawn upright for the same moment: half a
//! turn (`--seats opposite`) against the upright 1280x800 screenshot turned 180°, a quarter
//! (`--seats right`, `--seats left`) against the table on an upright 800x1280 (portrait)
//! screen, turned a quarter: the layout must be the portrait one (the map above the side
//! panel), not the landscape one squeezed. Then "Auto-place" and "Done" are tapped where the turned screen shows them; NATO's
//! set-up must end (the Warsaw Pact's panel shows and the screen turns back).
//!
//! Without Xvfb, xwininfo, xdotool, xwd or ImageMagick the tests print `SKIP: <reason>` and
//! pass; `scripts/xvfb-screens.sh install` installs them (as root).

mod common;
use common::x11::{berlin_table, have, start_xvfb, Processes};
use common::Scratch;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a step may take (a debug build on a busy 2-core machine).
const STEP: Duration = Duration::from_secs(90);

/// The table running on its own X server, with the test probe on.
struct Table {
    procs: Processes,
    display: String,
    probe: PathBuf,
    log: PathBuf,
    scratch: Scratch,
}

/// Are the tools there? Prints why not.
fn tools() -> bool {
    for (tool, arg, package) in [
        ("xdotool", "version", "xdotool"),
        ("xwd", "-help", "x11-apps"),
        ("compare", "-version", "imagemagick"),
    ] {
        if !have(tool, arg) {
            println!("SKIP: {tool} is not installed (apt-get install {package})");
            return false;
        }
    }
    let im = Command::new("convert").arg("-version").output();
    if !im.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("ImageMagick")) {
        println!("SKIP: convert is not ImageMagick's (apt-get install imagemagick)");
        return false;
    }
    true
}

impl Table {
    /// The table on a `screen` (w, h) with `--seats seats`, software renderer; `None` (after
    /// printing why) when the X tools are missing.
    fn open(name: &str, screen: (u32, u32), seats: &str) -> Option<Table> {
        Table::open_on("software", name, screen, seats)
    }

    /// The same with `--renderer renderer`.
    fn open_on(renderer: &str, name: &str, screen: (u32, u32), seats: &str) -> Option<Table> {
        if !tools() {
            return None;
        }
        let scratch = Scratch::new(name);
        let mut procs = Processes::default();
        let display = start_xvfb(&mut procs, screen.0, screen.1)?;
        let probe = scratch.0.join("probe.tsv");
        let log = scratch.0.join("table.log");
        let child = berlin_table()
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .env("BERLIN_TABLE_PROBE", &probe)
            .arg("--save-dir")
            .arg(scratch.0.join("saves"))
            .args(["--config", "/dev/null", "--log-level", "info"])
            .args([
                "--renderer",
                renderer,
                "--seed",
                "85",
                "--scenario",
                "unity",
            ])
            .args(["--seats", seats])
            .arg("--window-size")
            .arg(format!("{}x{}", screen.0, screen.1))
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start berlin-table");
        procs.0.push(child);
        Some(Table {
            procs,
            display,
            probe,
            log,
            scratch,
        })
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The screen rectangle (x, y, w, h) of the first element labelled `prefix`…, once shown.
    fn find(&mut self, prefix: &str) -> (f32, f32, f32, f32) {
        let started = Instant::now();
        loop {
            if let Some(s) = self
                .procs
                .0
                .last_mut()
                .and_then(|c| c.try_wait().ok().flatten())
            {
                panic!("berlin-table exited ({s}); its log:\n{}", self.log());
            }
            let probe = std::fs::read_to_string(&self.probe).unwrap_or_default();
            let hit = probe.lines().find_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let n = |i: usize| f.get(i).and_then(|v| v.parse::<f32>().ok());
                (f[0].starts_with(prefix)).then_some((n(1)?, n(2)?, n(3)?, n(4)?))
            });
            if let Some(r) = hit {
                return r;
            }
            assert!(
                started.elapsed() < STEP,
                "nothing labelled '{prefix}' appeared; the probe shows:\n{probe}\nthe log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn shows(&self, prefix: &str) -> bool {
        std::fs::read_to_string(&self.probe)
            .unwrap_or_default()
            .lines()
            .any(|l| l.starts_with(prefix))
    }

    /// Taps the centre of the element labelled `prefix`… where the screen shows it.
    fn tap(&mut self, prefix: &str) {
        let (x, y, w, h) = self.find(prefix);
        let (cx, cy) = ((x + w / 2.0) as i32, (y + h / 2.0) as i32);
        let ok = Command::new("xdotool")
            .env("DISPLAY", &self.display)
            .args([
                "mousemove",
                "--sync",
                &cx.to_string(),
                &cy.to_string(),
                "click",
                "1",
            ])
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "xdotool could not tap {prefix}");
        std::thread::sleep(Duration::from_millis(800));
    }

    /// Plays to NATO's set-up (the Warsaw Pact's first if it comes first).
    fn play_to_natos_setup(&mut self) {
        self.tap("Set up");
        let started = Instant::now();
        while !self.shows("panel NATO") {
            if self.shows("panel Warsaw Pact") {
                self.tap("Auto-place");
                self.tap("Done");
            }
            assert!(
                started.elapsed() < STEP,
                "no NATO set-up; log:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(300));
        }
        // Let the probe and the picture settle (the probe is written every 300 ms).
        std::thread::sleep(Duration::from_millis(1500));
    }

    /// A PNG of the whole screen, kept under the target directory (to look at after a run).
    fn shot(&self, name: &str) -> PathBuf {
        let xwd = self.scratch.0.join(format!("{name}.xwd"));
        let png = shots().join(format!("{name}.png"));
        let ok = Command::new("xwd")
            .env("DISPLAY", &self.display)
            .args(["-root", "-silent", "-out"])
            .arg(&xwd)
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "xwd failed");
        convert(&[xwd.as_os_str(), png.as_os_str()]);
        png
    }
}

fn convert(args: &[&std::ffi::OsStr]) {
    let ok = Command::new("convert")
        .args(args)
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "convert {args:?} failed");
}

/// Where the screenshots go: `target/tmp/seat-turn/`.
fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("seat-turn");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// The share of pixels that differ by more than a little between two screenshots.
fn differing(a: &Path, b: &Path) -> f64 {
    let out = Command::new("compare")
        .args(["-metric", "AE", "-fuzz", "10%"])
        .arg(a)
        .arg(b)
        .arg("null:")
        .output()
        .expect("run compare");
    let text = String::from_utf8_lossy(&out.stderr);
    let n: f64 = text
        .split_whitespace()
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("compare {} {}: {text}", a.display(), b.display()));
    let (w, h) = dimensions(a);
    n / (w * h)
}

/// A picture's (width, height).
fn dimensions(png: &Path) -> (f64, f64) {
    let size = Command::new("identify")
        .args(["-format", "%w %h"])
        .arg(png)
        .output()
        .expect("identify");
    let dims: Vec<f64> = String::from_utf8_lossy(&size.stdout)
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    (dims[0], dims[1])
}

/// `png` turned `degrees` clockwise.
fn turned(png: &Path, degrees: u32) -> PathBuf {
    let out = png.with_file_name(format!(
        "{}-turned-{degrees}.png",
        png.file_stem().unwrap_or_default().to_string_lossy()
    ));
    let deg = degrees.to_string();
    convert(&[
        png.as_os_str(),
        "-rotate".as_ref(),
        deg.as_ref(),
        out.as_os_str(),
    ]);
    out
}

/// The part `(x, y, w, h)` of a screenshot.
fn crop(png: &Path, name: &str, r: (f32, f32, f32, f32)) -> PathBuf {
    let out = png.with_file_name(format!(
        "{}-{name}.png",
        png.file_stem().unwrap_or_default().to_string_lossy()
    ));
    let geometry = format!(
        "{}x{}+{}+{}",
        r.2 as u32, r.3 as u32, r.0 as u32, r.1 as u32
    );
    convert(&[
        png.as_os_str(),
        "-crop".as_ref(),
        geometry.as_ref(),
        "+repage".as_ref(),
        out.as_os_str(),
    ]);
    out
}

/// Taps NATO's set-up through where the turned screen shows the buttons; the set-up must end
/// (the Warsaw Pact acts) and the picture turn back upright.
fn taps_finish_natos_setup(t: &mut Table, logs_turns: bool) {
    t.tap("Auto-place");
    t.tap("Done");
    t.find("panel Warsaw Pact");
    let log = t.log();
    assert!(
        !logs_turns || log.contains("the picture turns to the South edge"),
        "the table did not turn back for the Warsaw Pact; log:\n{log}"
    );
}

#[test]
fn software_renderer_turns_half_round_for_the_seat_across_and_taps_follow() {
    let Some(mut upright) = Table::open("seat-same", (1280, 800), "same") else {
        return;
    };
    upright.play_to_natos_setup();
    let reference = upright.shot("upright");
    drop(upright);

    let mut t = Table::open("seat-opposite", (1280, 800), "opposite").expect("tools");
    t.play_to_natos_setup();
    assert!(
        t.log().contains("the picture turns to the North edge"),
        "{}",
        t.log()
    );
    let across = t.shot("across");
    let back = turned(&across, 180);
    let diff = differing(&reference, &back);
    assert!(
        diff < 0.01,
        "turned back by 180°, the screen for the seat across differs from the upright one in \
         {:.1}% of its pixels ({} vs {})",
        diff * 100.0,
        reference.display(),
        back.display()
    );
    // Not a picture that only looks the same either way: upright, it differs.
    assert!(differing(&reference, &across) > 0.05);
    taps_finish_natos_setup(&mut t, true);
}

#[test]
fn software_renderer_turns_a_quarter_for_a_corner_seat_with_the_portrait_layout() {
    quarter_turns("software", "the picture turns to the {edge} edge");
}

/// FemtoVG turns the table in the `.slint` (`transform-rotation`); Mesa's llvmpipe under Xvfb.
#[test]
fn femtovg_turns_a_quarter_for_a_corner_seat_with_the_portrait_layout() {
    quarter_turns("femtovg", "");
}

/// `--seats right` and `left` on `renderer`; `turn_log` (with `{edge}`), when not empty, is
/// the line the table logs when it turns.
fn quarter_turns(renderer: &str, turn_log: &str) {
    // What the player round the corner must see: the table laid out on a portrait screen.
    let name = format!("{renderer}-portrait");
    let Some(mut portrait) = Table::open_on(renderer, &name, (800, 1280), "same") else {
        return;
    };
    portrait.play_to_natos_setup();
    let reference = portrait.shot(&name);
    // The map keeps the view it had before the screen turned (laid out landscape, then
    // portrait), so it is not compared pixel for pixel: the phase bar above it and the side
    // panel below it are. Portrait stacks them: the map has the screen's whole width.
    let (mx, my, mw, mh) = portrait.find("map");
    let parts = [
        ("bar", (0.0, 0.0, 800.0, my)),
        ("panel", (0.0, my + mh, 800.0, 1280.0 - my - mh)),
    ];
    assert!(
        my >= 40.0 && mx <= 1.0 && mw >= 799.0 && my + mh <= 1280.0 - 200.0,
        "portrait: the map at {mx},{my} {mw}x{mh} is not above the side panel"
    );
    drop(portrait);

    for (seats, edge, back_by) in [("right", "East", 90), ("left", "West", 270)] {
        let name = format!("{renderer}-{seats}");
        let mut t = Table::open_on(renderer, &name, (1280, 800), seats).expect("tools");
        t.play_to_natos_setup();
        let line = turn_log.replace("{edge}", edge);
        assert!(t.log().contains(&line), "{}", t.log());
        // A button wider than tall for its player stands taller than wide on the screen.
        let (_, _, w, h) = t.find("Done");
        assert!(h > w, "--seats {seats}: 'Done' is {w}x{h} on the screen");
        let shot = t.shot(&name);
        let back = turned(&shot, back_by);
        for (part, r) in parts {
            let diff = differing(&crop(&reference, part, r), &crop(&back, part, r));
            // FemtoVG resamples turned glyphs, so its text's edges differ from upright text.
            let tolerance = if renderer == "femtovg" { 0.15 } else { 0.01 };
            assert!(
                diff < tolerance,
                "--seats {seats}: turned back, the {part} differs from the portrait table's in \
                 {:.1}% of its pixels ({} vs {})",
                diff * 100.0,
                reference.display(),
                back.display()
            );
        }
        // And the turned screen is not the landscape table: turned back it is portrait.
        assert_eq!(dimensions(&back), (800.0, 1280.0));
        taps_finish_natos_setup(&mut t, renderer == "software");
    }
}
