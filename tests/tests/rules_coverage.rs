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

/// Is `s` a case number of any depth: "7.76", "3.1.5", "3.10.11"?
fn is_case_number(s: &str) -> bool {
    s.split('.').count() >= 2
        && s.split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
}

/// How a rulebook heads its cases.
#[derive(Clone, Copy)]
enum Headings {
    /// SPI style, anywhere in a line: "[7.76] THEY SHALL NOT PASS" (Berlin '85).
    Bracketed,
    /// At the start of a line: "3.1.5 Limited Intelligence: …", "3.10.11 DESTROY …" (Fortress
    /// Berlin, Enemy at the Gates). Table-of-contents lines (dot leaders, a page number at the
    /// end) are skipped; their cases head a section in the text as well.
    LineStart,
}

/// Case numbers that head a rule in a rulebook's text, at any depth.
fn rulebook_cases(text: &str, style: Headings) -> BTreeSet<String> {
    match style {
        Headings::Bracketed => bracketed_cases(text),
        Headings::LineStart => line_start_cases(text),
    }
}

fn bracketed_cases(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'[' {
            if let Some(end) = text[i + 1..].find(']') {
                let inner = &text[i + 1..i + 1 + end];
                if is_case_number(inner) {
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

fn line_start_cases(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let l = line.trim_start();
        let Some((number, rest)) = l.split_once([' ', '\t']) else {
            continue;
        };
        let number = number.trim_end_matches('.');
        let toc = l.contains("....")
            || line.trim_end().ends_with(|c: char| c.is_ascii_digit()) && l.contains('\t');
        let titled = rest
            .trim_start()
            .starts_with(|c: char| c.is_ascii_uppercase() || c == '<' || c == '"' || c == '“');
        if is_case_number(number) && titled && !toc {
            out.insert(number.to_string());
        }
    }
    out
}

/// The three rulebooks (../shared/rules/README.md) and their coverage tables.
struct Book {
    game: &'static str,
    rulebook: &'static str,
    headings: Headings,
    coverage: &'static str,
    /// The table's "Summary:" paragraph states the count of cases and of each status, which
    /// must match the rows (Berlin '85's summary is worded differently and is not read).
    counted: bool,
}

const BOOKS: [Book; 3] = [
    Book {
        game: "Berlin '85",
        rulebook: "000_9b518941f2a24dd8.txt",
        headings: Headings::Bracketed,
        coverage: "docs/rules/berlin85.md",
        counted: false,
    },
    Book {
        game: "Fortress Berlin",
        rulebook: "003_6747d1891126d042.txt",
        headings: Headings::LineStart,
        coverage: "docs/rules/fortress-berlin.md",
        counted: true,
    },
    Book {
        game: "The Enemy is at the Gates",
        rulebook: "002_cea8ed2828d96deb.txt",
        headings: Headings::LineStart,
        coverage: "docs/rules/gates.md",
        counted: true,
    },
];

fn rulebook_text(book: &Book) -> Option<String> {
    fs::read_to_string(workspace().join("../shared/rules").join(book.rulebook)).ok()
}

struct Row {
    case: String,
    status: String,
    tests: Vec<String>,
}

fn coverage_rows(md: &str) -> Vec<Row> {
    coverage_rows_where(md, is_case_number)
}

/// The rows of a coverage table whose first cell is a case number `accept` takes.
fn coverage_rows_where(md: &str, accept: fn(&str) -> bool) -> Vec<Row> {
    md.lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let case = cells.first()?.trim_matches(['[', ']']).to_string();
            if !accept(&case) {
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

/// Checks one game's coverage table: every case of its rulebook has a row, every row has a
/// known status, and every test a row names exists. Returns the problems found.
fn check_coverage(book: &Book, md: &str, fns: &BTreeSet<String>) -> Vec<String> {
    let rows = coverage_rows(md);
    let mut problems = Vec::new();
    match rulebook_text(book) {
        Some(text) => {
            let cases = rulebook_cases(&text, book.headings);
            let listed: BTreeSet<String> = rows.iter().map(|r| r.case.clone()).collect();
            let missing: Vec<_> = cases.difference(&listed).collect();
            if !missing.is_empty() {
                problems.push(format!("cases missing from {}: {missing:?}", book.coverage));
            }
        }
        None => println!(
            "skipping the {} rulebook cross-check: ../shared/rules/{} is not beside this checkout",
            book.game, book.rulebook
        ),
    }
    problems.extend(check_rows(&rows, fns));
    if book.counted {
        problems.extend(check_summary(md, &rows));
    }
    problems
}

/// The checks every coverage row gets: a known status, a test for an implemented case, and
/// only tests that exist.
fn check_rows(rows: &[Row], fns: &BTreeSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    for r in rows {
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
    problems
}

/// The statuses a summary counts, in the order [`summary_counts`] returns them after the
/// total.
const STATUSES: [&str; 4] = [
    "implemented",
    "partial",
    "not applicable",
    "not yet implemented",
];

/// The counts a coverage table's summary states: `[cases, implemented, partial, not
/// applicable, not yet implemented]`, read from the paragraph that starts with "Summary:"
/// ("Summary: 87 cases — 32 implemented, 18 partial, 19 not applicable, 18 not yet
/// implemented."; the paragraph may wrap). `None` where a number is not found.
fn summary_counts(md: &str) -> [Option<usize>; 5] {
    let mut out = [None; 5];
    let Some(start) = md.find("Summary:") else {
        return out;
    };
    let paragraph: String = md[start..]
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .replace('\n', " ");
    let words: Vec<String> = paragraph
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
                .to_string()
        })
        .collect();
    let number = |i: usize| {
        i.checked_sub(1)
            .and_then(|j| words[j].parse::<usize>().ok())
    };
    for i in 0..words.len() {
        let at = |phrase: &str| {
            let p: Vec<&str> = phrase.split(' ').collect();
            words.len() >= i + p.len() && words[i..i + p.len()].iter().zip(&p).all(|(w, q)| w == q)
        };
        if (words[i] == "cases" || words[i] == "S-cases") && out[0].is_none() {
            out[0] = number(i);
        }
        // "not yet implemented" before "implemented", which it ends with.
        if at("not yet implemented") {
            out[4] = out[4].or(number(i));
        } else if at("not applicable") {
            out[3] = out[3].or(number(i));
        } else if at("partial") {
            out[2] = out[2].or(number(i));
        } else if at("implemented") && (i == 0 || words[i - 1] != "yet") {
            out[1] = out[1].or(number(i));
        }
    }
    out
}

/// The summary of a coverage table against its rows: the total and every status count.
fn check_summary(md: &str, rows: &[Row]) -> Vec<String> {
    let stated = summary_counts(md);
    let mut actual = [rows.len(), 0, 0, 0, 0];
    for r in rows {
        // Longest first: "not yet implemented" is not "implemented".
        if let Some(k) = [3usize, 2, 1, 0]
            .into_iter()
            .find(|&k| r.status.starts_with(STATUSES[k]))
        {
            actual[k + 1] += 1;
        }
    }
    let labels = ["cases", STATUSES[0], STATUSES[1], STATUSES[2], STATUSES[3]];
    let mut problems = Vec::new();
    for ((stated, actual), label) in stated.into_iter().zip(actual).zip(labels) {
        match stated {
            None => problems.push(format!("the summary states no count of {label}")),
            Some(n) if n != actual => problems.push(format!(
                "the summary says {n} {label} but the table has {actual}"
            )),
            Some(_) => {}
        }
    }
    problems
}

/// Is `s` a case number of the project's CSS series rules: "S7.3", "S11.8.2"?
fn is_series_case(s: &str) -> bool {
    s.strip_prefix('S').is_some_and(is_case_number)
}

/// The S-cases that head a rule in `docs/rules/css-series.md`: a line that starts (after any
/// markdown `#`s) with "S<case>" and a capitalised title, e.g. "### S9.11 Opportunity Fire" or
/// "S9.11.2 Triggers". Table rows, list items and example ids ("Example S9.5-A") are not
/// headings.
fn series_headings(md: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in md.lines() {
        let l = line.trim_start_matches('#').trim_start();
        let Some((number, rest)) = l.split_once(' ') else {
            continue;
        };
        let titled = rest
            .trim_start()
            .starts_with(|c: char| c.is_ascii_uppercase());
        if is_series_case(number) && titled {
            out.insert(number.to_string());
        }
    }
    out
}

/// The CSS series (the project's own rules for Gates, `docs/rules/css-series.md`) against its
/// coverage table (`docs/rules/css-coverage.md`): every S-case heading has exactly one row,
/// every row is a heading, statuses are known and named tests exist.
fn check_series_coverage(series: &str, coverage: &str, fns: &BTreeSet<String>) -> Vec<String> {
    let headings = series_headings(series);
    let rows = coverage_rows_where(coverage, is_series_case);
    let mut problems = Vec::new();
    let mut listed = BTreeSet::new();
    for r in &rows {
        if !listed.insert(r.case.clone()) {
            problems.push(format!("{}: listed twice in css-coverage.md", r.case));
        }
    }
    let missing: Vec<_> = headings.difference(&listed).collect();
    if !missing.is_empty() {
        problems.push(format!("S-cases missing from css-coverage.md: {missing:?}"));
    }
    let unknown: Vec<_> = listed.difference(&headings).collect();
    if !unknown.is_empty() {
        problems.push(format!(
            "css-coverage.md rows that head no case of css-series.md: {unknown:?}"
        ));
    }
    problems.extend(check_rows(&rows, fns));
    problems.extend(
        check_summary(coverage, &rows)
            .into_iter()
            .map(|p| format!("css-coverage.md: {p}")),
    );
    problems
}

fn workspace_test_functions() -> BTreeSet<String> {
    let root = workspace();
    let mut fns = BTreeSet::new();
    for dir in ["engine", "data", "ui", "firmware", "tests"] {
        test_functions(&root.join(dir), &mut fns);
    }
    fns
}

#[test]
fn berlin85_coverage_table_is_complete_and_names_real_tests() {
    let md = fs::read_to_string(workspace().join(BOOKS[0].coverage))
        .expect("docs/rules/berlin85.md exists");
    assert!(
        coverage_rows(&md).len() > 200,
        "the table should list every case; found {} rows",
        coverage_rows(&md).len()
    );
    let problems = check_coverage(&BOOKS[0], &md, &workspace_test_functions());
    assert!(
        problems.is_empty(),
        "coverage table problems:\n{}",
        problems.join("\n")
    );
}

/// Fortress Berlin's and Gates' tables are checked the same way as soon as they exist
/// (issues 11 and 13 write them); until then the test says so.
#[test]
fn every_games_coverage_table_is_complete_and_names_real_tests() {
    let fns = workspace_test_functions();
    let mut problems = Vec::new();
    for book in &BOOKS {
        match fs::read_to_string(workspace().join(book.coverage)) {
            Ok(md) => problems.extend(
                check_coverage(book, &md, &fns)
                    .into_iter()
                    .map(|p| format!("{}: {p}", book.game)),
            ),
            Err(_) => println!("{}: no coverage table yet ({})", book.game, book.coverage),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The case reader finds cases of any depth in all three rulebooks, and nothing from the
/// tables of contents that the text does not head as well.
#[test]
fn case_numbers_of_any_depth_are_read_from_all_three_rulebooks() {
    let Some(b85) = rulebook_text(&BOOKS[0]) else {
        println!("skipping: the rulebooks are not beside this checkout (../shared/rules)");
        return;
    };
    let b85 = rulebook_cases(&b85, BOOKS[0].headings);
    for case in ["1.0", "7.76", "18.67", "21.36"] {
        assert!(b85.contains(case), "Berlin '85 case {case} not read");
    }
    let fb = rulebook_cases(
        &rulebook_text(&BOOKS[1]).expect("Fortress Berlin"),
        BOOKS[1].headings,
    );
    // 3.1.5 limited intelligence (three levels), 17.3 more players, 2.2.8 command radius.
    for case in ["1.0.1", "2.2.8", "3.1.1", "3.1.5", "8.1.2", "17.3"] {
        assert!(fb.contains(case), "Fortress Berlin case {case} not read");
    }
    let gates = rulebook_cases(&rulebook_text(&BOOKS[2]).expect("Gates"), BOOKS[2].headings);
    // Two-digit middle levels: 3.10.1 … 3.10.11 engineering actions.
    for case in ["1.3.1", "2.2.6", "3.8", "3.10.1", "3.10.10", "14.0"] {
        assert!(gates.contains(case), "Gates case {case} not read");
    }
    // Body text that merely starts with a number is not a heading.
    assert!(
        !line_start_cases("2.5 hexes away the unit fires\n").contains("2.5"),
        "a sentence starting with a number is not a case"
    );
    println!(
        "cases read: Berlin '85 {}, Fortress Berlin {}, Gates {}",
        b85.len(),
        fb.len(),
        gates.len()
    );
}

#[test]
fn css_series_coverage_table_matches_the_s_case_headings() {
    let series = fs::read_to_string(workspace().join("docs/rules/css-series.md"))
        .expect("docs/rules/css-series.md exists");
    let coverage = fs::read_to_string(workspace().join("docs/rules/css-coverage.md"))
        .expect("docs/rules/css-coverage.md exists");
    let headings = series_headings(&series);
    assert!(
        headings.len() > 150,
        "the series rules should head every case; found {} S-cases",
        headings.len()
    );
    // The sections the exclusive rules lean on hardest are there.
    for case in [
        "S3.5", "S3.6", "S9.6", "S9.11", "S9.13.2", "S10.7.2", "S11.2", "S17.1",
    ] {
        assert!(headings.contains(case), "css-series.md lacks {case}");
    }
    let problems = check_series_coverage(&series, &coverage, &workspace_test_functions());
    assert!(
        problems.is_empty(),
        "CSS series coverage problems:\n{}",
        problems.join("\n")
    );
}

/// Every worked example of the series rules has an id of its own, so each can become one test.
#[test]
fn css_series_example_ids_are_unique() {
    let series = fs::read_to_string(workspace().join("docs/rules/css-series.md"))
        .expect("docs/rules/css-series.md exists");
    let mut seen = BTreeSet::new();
    for line in series.lines() {
        let Some(rest) = line.strip_prefix("**Example ") else {
            continue;
        };
        let id: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
        assert!(seen.insert(id.clone()), "example id {id} is used twice");
    }
    assert!(
        seen.len() >= 10,
        "expected the worked examples; found {seen:?}"
    );
}

/// The S-case reader: headings of any depth, with or without markdown hashes; nothing else.
#[test]
fn series_headings_are_read_and_nothing_else() {
    let md = "## S7.0 Movement\n### S7.3 Terrain Costs\n#### S7.3.2 Roads\nS11.8.2 The Rout Path\n\
              | S9.6 | not yet implemented | fire table |  |\n\
              **Example S9.5-A — a fire.** text\n\
              S7 is not a case\nS7.3 costs are read from data\n- S9.1 list item\n";
    let got = series_headings(md);
    let want: BTreeSet<String> = ["S7.0", "S7.3", "S7.3.2", "S11.8.2"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(got, want);
    // A coverage table that misses a heading, lists a stray case or uses an unknown status
    // is caught.
    let coverage = "| case | status | rule | tests |\n|---|---|---|---|\n\
                    | S7.0 | not yet implemented | movement |  |\n\
                    | S7.3 | done | costs |  |\n\
                    | S7.3.2 | not yet implemented | roads |  |\n\
                    | S7.9 | not yet implemented | bridges |  |\n";
    let problems = check_series_coverage(md, coverage, &BTreeSet::new());
    let text = problems.join("\n");
    assert!(text.contains("S11.8.2"), "{text}");
    assert!(text.contains("S7.9"), "{text}");
    assert!(text.contains("unknown status 'done'"), "{text}");
}

/// The exclusive cases a cell of the presupposition pass names: "3.12", "2.1.1–2.1.6",
/// "1.3, 1.3.1, 13.0", "2.1.6 Rubble".
fn cases_in_cell(cell: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for piece in cell.split(',') {
        let Some(token) = piece.split_whitespace().next() else {
            continue;
        };
        match token.split_once('–') {
            Some((a, b)) => {
                let (Some((pa, la)), Some((pb, lb))) = (a.rsplit_once('.'), b.rsplit_once('.'))
                else {
                    continue;
                };
                if let (true, Ok(la), Ok(lb)) = (pa == pb, la.parse::<u32>(), lb.parse::<u32>()) {
                    out.extend((la..=lb).map(|k| format!("{pa}.{k}")));
                }
            }
            None if is_case_number(token) => {
                out.insert(token.to_string());
            }
            None => {}
        }
    }
    out
}

/// Appendix A.2 of css-series.md reads every case of the Gates exclusive rules against the
/// series rules: each case heading of the rulebook is named there (a row for a case covers its
/// sub-cases).
#[test]
fn css_series_final_pass_names_every_exclusive_case() {
    let Some(text) = rulebook_text(&BOOKS[2]) else {
        println!("skipping: the Gates rulebook is not beside this checkout (../shared/rules)");
        return;
    };
    let series = fs::read_to_string(workspace().join("docs/rules/css-series.md"))
        .expect("docs/rules/css-series.md exists");
    let pass: String = series
        .split("### A.2")
        .nth(1)
        .expect("css-series.md has its Appendix A.2 final pass")
        .split("\n---")
        .next()
        .unwrap_or_default()
        .to_string();
    let mut named = BTreeSet::new();
    for line in pass.lines().filter(|l| l.starts_with('|')) {
        let first = line.trim_matches('|').split('|').next().unwrap_or_default();
        named.extend(cases_in_cell(first));
    }
    let covered = |case: &str| {
        named
            .iter()
            .any(|n| case == n || case.starts_with(&format!("{n}.")))
    };
    let missing: Vec<String> = rulebook_cases(&text, BOOKS[2].headings)
        .into_iter()
        .filter(|c| !covered(c))
        .collect();
    assert!(
        missing.is_empty(),
        "exclusive cases the final pass of css-series.md does not name: {missing:?}"
    );
    assert_eq!(
        cases_in_cell("2.1.1–2.1.3, 14.0 and more, 2.1.6 Rubble"),
        ["2.1.1", "2.1.2", "2.1.3", "14.0", "2.1.6"]
            .into_iter()
            .map(String::from)
            .collect()
    );
}

/// Every S-case a text cites ("see S9.11.2", "table S9.5-T", "Example S10.5-A").
fn series_references(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    for (i, _) in text.match_indices('S') {
        let before_ok = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.');
        let number: String = text[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let number = number.trim_end_matches('.');
        if before_ok && is_case_number(number) {
            out.insert(format!("S{number}"));
        }
    }
    out
}

/// No dangling cross-references: every S-case that css-series.md, css-coverage.md or gates.md
/// cites is a heading of css-series.md.
#[test]
fn css_series_cross_references_resolve() {
    let series = fs::read_to_string(workspace().join("docs/rules/css-series.md"))
        .expect("docs/rules/css-series.md exists");
    let coverage = fs::read_to_string(workspace().join("docs/rules/css-coverage.md"))
        .expect("docs/rules/css-coverage.md exists");
    // The Gates coverage table names the S-cases each exclusive case rests on.
    let gates = fs::read_to_string(workspace().join("docs/rules/gates.md")).unwrap_or_default();
    let headings = series_headings(&series);
    let mut dangling: Vec<String> = series_references(&series)
        .into_iter()
        .chain(series_references(&coverage))
        .chain(series_references(&gates))
        .filter(|r| !headings.contains(r))
        .collect();
    dangling.dedup();
    assert!(
        dangling.is_empty(),
        "dangling S-case references: {dangling:?}"
    );
    assert_eq!(
        series_references("see S9.11.2, table S9.5-T, Example S10.5-A; not GPS1.2 or S12"),
        ["S9.11.2", "S9.5", "S10.5"]
            .into_iter()
            .map(String::from)
            .collect()
    );
}

/// The summary reader: counts of a wrapped paragraph, "not yet implemented" kept apart from
/// "implemented", and a wrong count reported.
#[test]
fn coverage_summaries_are_read_and_must_match_the_rows() {
    let md = "intro\n\nSummary: 5 cases — 2 implemented, 1 partial, 1 not applicable, 1 not yet\nimplemented.\n\n\
              | case | status | rule | tests |\n|---|---|---|---|\n\
              | 1.0 | implemented | a | `x` |\n| 1.1 | implemented | b | `x` |\n\
              | 1.2 | partial — c | c |  |\n| 1.3 | not applicable | d |  |\n\
              | 1.4 | not yet implemented | e |  |\n";
    assert_eq!(
        summary_counts(md),
        [Some(5), Some(2), Some(1), Some(1), Some(1)]
    );
    let rows = coverage_rows(md);
    assert!(check_summary(md, &rows).is_empty());
    let wrong = md.replace("2 implemented", "3 implemented");
    let problems = check_summary(&wrong, &rows).join("\n");
    assert!(
        problems.contains("says 3 implemented but the table has 2"),
        "{problems}"
    );
    assert!(!check_summary("no summary here", &rows).is_empty());
    // The Gates table states its counts; they are checked with the table itself.
    let gates = fs::read_to_string(workspace().join("docs/rules/gates.md"))
        .expect("docs/rules/gates.md exists");
    assert!(BOOKS[2].counted);
    assert!(check_summary(&gates, &coverage_rows(&gates)).is_empty());
}
