//! Renders a game's map to a PNG so a person can check it against the real place:
//! `cargo run -p data --bin render_map -- [OUT.png] [SCALE] [DATA_DIR]`
//! (defaults: `docs/berlin85-map.png`, 24 pixels per hex radius, the built-in Berlin '85 data;
//! DATA_DIR is an override directory laid over it), or
//! `cargo run -p data --bin render_map -- --game fortress-berlin [OUT.png] [SCALE]`
//! (default `docs/fortress-berlin-map.png`, the built-in Fortress Berlin data), or
//! `cargo run -p data --bin render_map -- --game gates [OUT.png] [SCALE]` (default
//! `docs/gates-map.png` at `data::docs_map_scale`).

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--game") {
        let game = args.get(1).cloned().unwrap_or_default();
        args.drain(..2.min(args.len()));
        if game != data::BERLIN85 {
            return other_game(&game, &args);
        }
    }
    let out = PathBuf::from(args.first().map_or("docs/berlin85-map.png", String::as_str));
    let scale: f32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(24.0);
    let (data, errors) = match args.get(2) {
        Some(dir) => data::load_with_override(data::BERLIN85, std::path::Path::new(dir)),
        None => match data::load_builtin(data::BERLIN85) {
            Ok(d) => (d, Vec::new()),
            Err(e) => {
                let files = data::builtin_files(data::BERLIN85).unwrap_or_default();
                let (d, _) = data::check_files(&files);
                (d, e)
            }
        },
    };
    for e in &errors {
        eprintln!("{e}");
    }
    let files = data::builtin_files(data::BERLIN85).unwrap_or_default();
    let labels = data::labels(&files, &data);
    let pm = data::render::render_map_with_labels(&data, scale, &labels);
    save(&pm, &out, errors.is_empty())
}

/// A game whose map the data crate draws from its own files (Fortress Berlin).
fn other_game(game: &str, args: &[String]) -> ExitCode {
    let default = format!("docs/{game}-map.png");
    let out = PathBuf::from(args.first().map_or(default.as_str(), String::as_str));
    let scale: f32 = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(data::docs_map_scale(game));
    let Some((pm, errors)) = data::render_builtin_map(game, scale) else {
        eprintln!("unknown game '{game}' (berlin85, fortress-berlin, gates)");
        return ExitCode::FAILURE;
    };
    for e in &errors {
        eprintln!("{e}");
    }
    save(&pm, &out, errors.is_empty())
}

fn save(pm: &tiny_skia::Pixmap, out: &std::path::Path, clean: bool) -> ExitCode {
    match pm.save_png(out) {
        Ok(()) => {
            println!("wrote {} ({}x{})", out.display(), pm.width(), pm.height());
            if clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(2)
            }
        }
        Err(e) => {
            eprintln!("cannot write {}: {e}", out.display());
            ExitCode::FAILURE
        }
    }
}
