//! One core, three games (issue 10): above the engine, only a game's own module and its
//! adapters may name that game's types. A source file outside `engine/src/<game>/` that names
//! `berlin85` types (`engine::berlin85`, `berlin85::`) must be listed in
//! `tests/golden/game-specific-files.txt`, which may only shrink: a new file naming a game's
//! types fails this test, and so does a listed file that no longer needs its entry (remove the
//! line). Fortress Berlin (`fortress`) and Gates (`gates`) are held to the same rule.
//!
//! Files whose path names the game (`…/berlin85/…`, `…berlin85….rs`) are that game's adapters
//! and data, and are allowed.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const GAMES: [&str; 3] = ["berlin85", "fortress", "gates"];
const LAYERS: [&str; 5] = ["ui", "firmware", "data", "tests", "engine/src/core"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            // Build output, fuzz corpora and the data files themselves are not code.
            if !name.starts_with('.') && !name.starts_with("target") && name != "corpus" {
                sources(&p, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".slint") {
            out.push(p);
        }
    }
}

/// Does this file name a game's types? (`engine::berlin85`, `berlin85::Game` …)
fn names_game_types(text: &str, game: &str) -> bool {
    text.contains(&format!("{game}::"))
}

#[test]
fn only_a_games_own_modules_and_adapters_name_its_types() {
    let root = workspace();
    let mut files = Vec::new();
    for layer in LAYERS {
        sources(&root.join(layer), &mut files);
    }
    let this_test = Path::new(file!()).file_name().expect("name").to_owned();
    let mut naming = BTreeSet::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        if f.file_name() == Some(this_test.as_os_str()) {
            continue;
        }
        // A file or folder named after a game (`fortress.rs`, `fortress_data/main.rs`).
        if GAMES
            .iter()
            .any(|g| rel.contains(&format!("/{g}/")) || rel.split('/').any(|c| c.contains(g)))
        {
            continue; // the game's own adapter or data
        }
        let text = fs::read_to_string(f).unwrap_or_default();
        if GAMES.iter().any(|g| names_game_types(&text, g)) {
            naming.insert(rel);
        }
    }
    let list_path = root.join("tests/golden/game-specific-files.txt");
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        let mut text = String::from(
            "# Files above the engine that still name a game's types (tests/tests/game_neutral_layers.rs).\n# This list may only shrink.\n",
        );
        for f in &naming {
            text.push_str(f);
            text.push('\n');
        }
        fs::write(&list_path, text).expect("list written");
        return;
    }
    let listed: BTreeSet<String> = fs::read_to_string(&list_path)
        .expect("tests/golden/game-specific-files.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    let new: Vec<_> = naming.difference(&listed).collect();
    let gone: Vec<_> = listed.difference(&naming).collect();
    assert!(
        new.is_empty(),
        "these files name a game's types outside its module and adapters (use the game-neutral \
         contract, or move the code into engine/src/<game>/ or a per-game adapter): {new:?}"
    );
    assert!(
        gone.is_empty(),
        "these files no longer name a game's types: remove them from \
         tests/golden/game-specific-files.txt so they stay neutral: {gone:?}"
    );
    println!(
        "{} files above the engine still name a game's types (the list may only shrink)",
        naming.len()
    );
}
