//! The UI computes no rules (DESIGN.md §2, issue 5): it asks the engine what is legal, what a
//! move costs and what an attack's column is. This test keeps it so by refusing rule
//! arithmetic and rule tables anywhere in `ui/src` and `ui/ui`.

use std::path::{Path, PathBuf};

/// Patterns that mean the UI is doing the engine's work: reading the charts, counting hexes,
/// searching movement, working out zones of control or column shifts.
const FORBIDDEN: &[&str] = &[
    "combat_shift",
    "mp_half",
    "crt[",
    ".crt",
    "crt_columns",
    "column_of(",
    ".shifted(",
    "distance(",
    "within_of_edge(",
    "collateral_thresholds",
    "tables.collateral",
    "tables.survival",
    "tables.honors",
    "tables.reinforcement",
    "tables.scatter",
    "tables.untried",
    "honors_columns",
    "enemy_zoc(",
    "zoc_extends(",
    "zoc_blocked(",
    "movement::search",
    "MoveRules",
    "Occupancy",
    "untried_left",
    "surrender_points +=",
    "surrender_points -=",
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs" || x == "slint") {
            out.push(p);
        }
    }
}

#[test]
fn ui_does_not_compute_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&root.join("src"), &mut all);
    files(&root.join("ui"), &mut all);
    assert!(
        all.len() > 5,
        "found only {} UI files under {}",
        all.len(),
        root.display()
    );
    let mut found = Vec::new();
    for f in &all {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            for pat in FORBIDDEN {
                if line.contains(pat) {
                    found.push(format!(
                        "{}:{}: `{pat}` in: {}",
                        f.display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "rule computations in the UI (ask the engine instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_catches_a_violation() {
    // The patterns are live: a line that reads the CRT is caught.
    let line = "let r = data.tables.crt[die as usize - 1][col];";
    assert!(FORBIDDEN.iter().any(|p| line.contains(p)));
}
