//! The table in a desktop window, without the firmware around it (no GPIO, saves in memory):
//! `cargo run -p ui --release --example table -- [--size 800x480] [--renderer software]
//! [--scenario unity] [--seed 7] [--physical-dice] [--seats same]`.

use std::process::ExitCode;
use ui::session::MemoryPersist;
use ui::{Randomness, Renderer, Seats, UiConfig};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let mut config = UiConfig {
        renderer: match value("--renderer").as_deref() {
            Some("software") => Renderer::Software,
            Some("femtovg") => Renderer::FemtoVg,
            _ => Renderer::Auto,
        },
        seed: value("--seed").and_then(|s| s.parse().ok()),
        scenario: value("--scenario"),
        ..UiConfig::default()
    };
    if args.iter().any(|a| a == "--physical-dice") {
        config.dice = Randomness::Physical;
    }
    config.seats = match value("--seats").as_deref() {
        Some("same") => Seats::Same,
        Some("off") => Seats::Off,
        _ => Seats::Opposite,
    };
    let size = value("--size").and_then(|s| {
        let (w, h) = s.split_once('x')?;
        Some((w.parse::<f32>().ok()?, h.parse::<f32>().ok()?))
    });
    let renderer = match ui::select_backend(config.renderer) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("no window system: {e}");
            return ExitCode::FAILURE;
        }
    };
    let data = match ui::builtin_data() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let table = match ui::Table::new(
        config,
        data,
        Box::new(MemoryPersist::default()),
        None,
        renderer,
    ) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot open the window: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some((w, h)) = size {
        use slint::ComponentHandle;
        table
            .window()
            .window()
            .set_size(slint::LogicalSize::new(w, h));
    }
    match table.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
