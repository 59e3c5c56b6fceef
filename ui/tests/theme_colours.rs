//! Colours come only from `Theme` (ui/ui/theme.slint): a screen that wrote its own colour
//! literal would drift from the rest when a club re-themes the table, and two games' screens
//! would disagree about what a shading means.

use std::fs;
use std::path::Path;

/// `#` followed by 3 to 8 hex digits: a Slint colour literal.
fn colour_literals(line: &str) -> Vec<String> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    for (i, _) in line.match_indices('#') {
        let n = b[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        if (3..=8).contains(&n) {
            out.push(line[i..i + 1 + n].to_string());
        }
    }
    out
}

#[test]
fn colours_are_written_only_in_the_theme() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut found = Vec::new();
    let mut files = 0;
    for entry in fs::read_dir(&dir).expect("ui/ui") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "slint") || path.ends_with("theme.slint") {
            continue;
        }
        files += 1;
        let text = fs::read_to_string(&path).expect("a .slint file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for c in colour_literals(code) {
                found.push(format!("{}:{}: {c}", path.display(), n + 1));
            }
        }
    }
    assert!(files >= 5, "the screens' .slint files were read ({files})");
    assert!(
        found.is_empty(),
        "colour literals outside Theme (give each a name in theme.slint): {found:#?}"
    );
    assert_eq!(
        colour_literals("fill: #39d0ff50; x: #fff"),
        ["#39d0ff50", "#fff"]
    );
}
