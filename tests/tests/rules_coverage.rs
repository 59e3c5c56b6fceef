//! Keeps the rules coverage tables honest: every case of the rulebook has a row, every row has
//! a known status, and every test a row names exists as a test function in the workspace.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// Case numbers that head a rule in the rulebook text ("[7.76] THEY SHALL NOT PASS").
fn rulebook_cases(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' {
            if let Some(end) = text[i + 1..].find(']') {
                let inner = &text[i + 1..i + 1 + end];
                let is_case = inner.split('.').count() == 2
                    && inner
                        .split('.')
                        .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()));
                if is_case {
                    // A heading is followed by its title in capitals (possibly after '*' or a space).
                    let rest = text[i + 2 + end..].trim_start_matches([' ', '*']);
                    if rest.starts_with(|c: char| c.is_ascii_uppercase() || c == '"' || c == '“')
                    {
                        out.insert(inner.to_string());
                    }
                }
                i += end + 1;
            }
        }
        i += 1;
    }
    out
}

struct Row {
    case: String,
    status: String,
    tests: Vec<String>,
}

fn coverage_rows(md: &str) -> Vec<Row> {
    md.lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let case = cells.first()?.trim_matches(['[', ']']).to_string();
            if !case.contains('.') || !case.bytes().next()?.is_ascii_digit() {
                return None;
            }
            let status = cells.get(1)?.to_lowercase();
            let tests = cells
                .get(3)
                .map(|t| {
                    t.split([',', ' '])
                        .map(|s| s.trim_matches('`'))
                        .filter(|s| {
                            !s.is_empty()
                                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        })
                        .map(String::from)
                        .collect()
                })
                .unwrap_or_default();
            Some(Row {
                case,
                status,
                tests,
            })
        })
        .collect()
}

fn test_functions(root: &Path, out: &mut BTreeSet<String>) {
    let Ok(dir) = fs::read_dir(root) else { return };
    for e in dir.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            if !name.starts_with('.') && name != "target" && !name.starts_with("target") {
                test_functions(&p, out);
            }
        } else if name.ends_with(".rs") {
            let text = fs::read_to_string(&p).unwrap_or_default();
            let mut after_test_attr = false;
            for line in text.lines() {
                let l = line.trim();
                if l.starts_with("#[test]")
                    || l.starts_with("#[proptest]")
                    || l.contains("proptest!")
                {
                    after_test_attr = true;
                }
                if let Some(rest) = l.strip_prefix("fn ").or_else(|| l.strip_prefix("pub fn ")) {
                    if after_test_attr {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        out.insert(name);
                    }
                    after_test_attr = false;
                }
            }
        }
    }
}

#[test]
fn berlin85_coverage_table_is_complete_and_names_real_tests() {
    let root = workspace();
    let md = fs::read_to_string(root.join("docs/rules/berlin85.md"))
        .expect("docs/rules/berlin85.md exists");
    let rows = coverage_rows(&md);
    assert!(
        rows.len() > 200,
        "the table should list every case; found {} rows",
        rows.len()
    );

    let rulebook = root.join("../shared/rules/000_9b518941f2a24dd8.txt");
    match fs::read_to_string(&rulebook) {
        Ok(text) => {
            let cases = rulebook_cases(&text);
            let listed: BTreeSet<String> = rows.iter().map(|r| r.case.clone()).collect();
            let missing: Vec<_> = cases.difference(&listed).collect();
            assert!(
                missing.is_empty(),
                "cases missing from docs/rules/berlin85.md: {missing:?}"
            );
        }
        Err(_) => println!(
            "skipping the rulebook cross-check: {} is not beside this checkout",
            rulebook.display()
        ),
    }

    let mut fns = BTreeSet::new();
    for dir in ["engine", "data", "ui", "firmware", "tests"] {
        test_functions(&root.join(dir), &mut fns);
    }
    let mut problems = Vec::new();
    for r in &rows {
        let known = [
            "implemented",
            "partial",
            "not applicable",
            "not yet implemented",
        ];
        if !known.iter().any(|k| r.status.starts_with(k)) {
            problems.push(format!("{}: unknown status '{}'", r.case, r.status));
        }
        if r.status.starts_with("implemented") && r.tests.is_empty() {
            problems.push(format!("{}: implemented but names no test", r.case));
        }
        for t in &r.tests {
            if !fns.contains(t) {
                problems.push(format!("{}: test `{}` does not exist", r.case, t));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "coverage table problems:\n{}",
        problems.join("\n")
    );
}
