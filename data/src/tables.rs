//! `tables.toml`: the charts printed on the mapsheet — Terrain Effects Chart, hexside effects,
//! CRT, Collateral Damage, Reinforcement, Survival, Scatter, Honors of War, Turn Record Track.
//! Die tables are keyed by the die total ("1" .. "6", "2" .. "12") and must be complete.

use crate::de::{self, KeyTable, Sp, Val};
use crate::error::{DataError, Src};
use engine::berlin85::data::{
    CombatResult, HexsideEffects, HonorsResult, ReinforcementResult, SurvivalResult, Tables,
    TerrainEffects, TurnBox, MAX_TERRAIN, MAX_TURNS,
};
use engine::core::crt::{ColumnRange, Columns};
use engine::core::hex::{Dir, Edge, Geometry};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTables {
    #[serde(default)]
    stand_in: bool,
    terrain: Vec<Sp<RawTerrain>>,
    hexside: Vec<Sp<RawHexside>>,
    ruin: Sp<RawEffects>,
    crt: Sp<KeyTable>,
    collateral: Sp<KeyTable>,
    reinforcement: Sp<KeyTable>,
    survival: Sp<KeyTable>,
    scatter: Sp<KeyTable>,
    honors_of_war: Sp<KeyTable>,
    turn: Vec<Sp<RawTurn>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    key: Sp<String>,
    name: Sp<String>,
    mp: Sp<i64>,
    combat_shift: Sp<i64>,
    survival: Sp<i64>,
    #[serde(default)]
    zoc_blocked: bool,
    #[serde(default)]
    no_stopping: bool,
    #[serde(default)]
    open: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexside {
    key: Sp<String>,
    mp: Sp<i64>,
    combat_shift: Sp<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEffects {
    mp: Sp<i64>,
    combat_shift: Sp<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurn {
    turn: Sp<i64>,
    #[serde(default)]
    night: bool,
    wp_air_points: Sp<i64>,
    vp_multiple_halves: Sp<i64>,
}

/// What the rest of the loader needs besides the `Tables` value.
pub struct TablesInfo {
    /// Names of the tables marked `stand_in` (the file's flag covers all of them).
    pub stand_ins: Vec<String>,
    pub terrain_spans: Vec<std::ops::Range<usize>>,
}

const HEXSIDE_KEYS: [&str; 5] = ["water", "ferry", "bridge", "border", "lake_shore"];

/// Reads `tables.toml` into `out` (already on the heap). Checks are independent, so one bad
/// value does not hide the others.
pub fn read(src: &Src, g: &Geometry, out: &mut Tables) -> (TablesInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = TablesInfo {
        stand_ins: Vec::new(),
        terrain_spans: Vec::new(),
    };
    let raw: RawTables = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    if raw.stand_in {
        info.stand_ins.push("tables.toml".into());
    }
    terrain(src, &raw, out, &mut info, &mut errors);
    hexsides(src, &raw, out, &mut errors);
    crt(src, &raw.crt, out, &mut info, &mut errors);
    collateral(src, &raw.collateral, out, &mut info, &mut errors);
    reinforcement(src, &raw.reinforcement, out, &mut info, &mut errors);
    survival(src, &raw.survival, out, &mut info, &mut errors);
    scatter(src, g, &raw.scatter, out, &mut info, &mut errors);
    honors(src, &raw.honors_of_war, out, &mut info, &mut errors);
    turns(src, &raw.turn, out, &mut errors);
    (info, errors)
}

fn small(
    src: &Src,
    v: &Sp<i64>,
    field: &str,
    lo: i64,
    hi: i64,
    errors: &mut Vec<DataError>,
) -> i64 {
    de::in_range(src, v, field, lo, hi).unwrap_or_else(|e| {
        errors.push(e);
        0
    })
}

fn terrain(
    src: &Src,
    raw: &RawTables,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    out.terrain.clear();
    for t in &raw.terrain {
        let r = t.get_ref();
        if let Some(prev) = out
            .terrain
            .iter()
            .position(|x| x.key.as_str() == r.key.get_ref())
        {
            let first = info.terrain_spans.get(prev).cloned().unwrap_or(0..0);
            let (line, _) = src.position(first.start);
            errors.push(src.err(
                r.key.span(),
                format!(
                    "terrain: key '{}' is already defined on line {line}",
                    r.key.get_ref()
                ),
            ));
            continue;
        }
        let (key, name) = match (
            de::fixed(src, &r.key, "key"),
            de::fixed(src, &r.name, "name"),
        ) {
            (Ok(k), Ok(n)) => (k, n),
            (k, n) => {
                errors.extend(k.err().into_iter().chain(n.err()));
                continue;
            }
        };
        let row = TerrainEffects {
            key,
            name,
            mp_half: small(src, &r.mp, "mp", 0, 64, errors) as u16,
            combat_shift: small(src, &r.combat_shift, "combat_shift", -12, 12, errors) as i8,
            survival: small(src, &r.survival, "survival", -12, 12, errors) as i8,
            collateral_row: None,
            zoc_blocked: r.zoc_blocked,
            no_stopping: r.no_stopping,
            open: r.open,
        };
        if let Err(e) = de::push(src, &mut out.terrain, row, t.span(), "terrain types") {
            errors.push(e);
            break;
        }
        info.terrain_spans.push(r.key.span());
    }
    if out.terrain.is_empty() {
        errors.push(src.err_file(format!(
            "terrain: at least one [[terrain]] row is needed (at most {MAX_TERRAIN})"
        )));
    }
}

fn effects(
    src: &Src,
    mp: &Sp<i64>,
    shift: &Sp<i64>,
    errors: &mut Vec<DataError>,
) -> HexsideEffects {
    HexsideEffects {
        mp_half: small(src, mp, "mp", 0, 64, errors) as u16,
        combat_shift: small(src, shift, "combat_shift", -12, 12, errors) as i8,
    }
}

fn hexsides(src: &Src, raw: &RawTables, out: &mut Tables, errors: &mut Vec<DataError>) {
    let mut seen = [false; HEXSIDE_KEYS.len()];
    for h in &raw.hexside {
        let r = h.get_ref();
        let Ok(i) = de::choice(
            src,
            &r.key,
            "hexside key",
            &[
                ("water", 0),
                ("ferry", 1),
                ("bridge", 2),
                ("border", 3),
                ("lake_shore", 4),
            ],
        )
        .map_err(|e| errors.push(e)) else {
            continue;
        };
        if seen.get(i).copied().unwrap_or(true) {
            errors.push(src.err(
                r.key.span(),
                format!("hexside: '{}' is listed twice", r.key.get_ref()),
            ));
            continue;
        }
        if let Some(s) = seen.get_mut(i) {
            *s = true;
        }
        let e = effects(src, &r.mp, &r.combat_shift, errors);
        match i {
            0 => out.water = e,
            1 => out.ferry = e,
            2 => out.bridge = e,
            3 => out.border = e,
            _ => out.lake_shore = e,
        }
    }
    for (k, s) in HEXSIDE_KEYS.iter().zip(seen) {
        if !s {
            errors.push(src.err_file(format!("hexside: no [[hexside]] row for '{k}'")));
        }
    }
    let r = raw.ruin.get_ref();
    out.ruin = effects(src, &r.mp, &r.combat_shift, errors);
}

/// Handles the `stand_in` key every chart table may carry; returns false for other keys.
fn stand_in_key(
    src: &Src,
    table: &str,
    k: &Sp<String>,
    v: &Sp<Val>,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) -> bool {
    if k.get_ref() != "stand_in" {
        return false;
    }
    match de::boolean(src, v, "stand_in") {
        Ok(true) => info.stand_ins.push(format!("tables.{table}")),
        Ok(false) => {}
        Err(e) => errors.push(e),
    }
    true
}

fn unknown_key(src: &Src, table: &str, k: &Sp<String>, expected: &str) -> DataError {
    src.err(
        k.span(),
        format!(
            "[{table}]: unknown key '{}' (expected {expected})",
            k.get_ref()
        ),
    )
}

/// A CRT column header: "-7", "0", "+4..+5".
fn column_range(text: &str) -> Option<ColumnRange> {
    let num = |s: &str| s.trim().trim_start_matches('+').parse::<i16>().ok();
    match text.split_once("..") {
        Some((a, b)) => {
            let (lo, hi) = (num(a)?, num(b)?);
            (lo <= hi).then_some(ColumnRange { lo, hi })
        }
        None => num(text).map(|v| ColumnRange { lo: v, hi: v }),
    }
}

const CRT_RESULTS: [(&str, CombatResult); 13] = [
    ("-", CombatResult::NoEffect),
    ("A1", CombatResult::A1),
    ("A2", CombatResult::A2),
    ("A3", CombatResult::A3),
    ("Ae", CombatResult::Ae),
    ("Br", CombatResult::Br),
    ("D1", CombatResult::D1),
    ("D2", CombatResult::D2),
    ("D3", CombatResult::D3),
    ("D4", CombatResult::D4),
    ("De", CombatResult::De),
    ("Ex", CombatResult::Ex),
    ("Ax", CombatResult::Ax),
];

fn crt(
    src: &Src,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let (rows, other) = de::die_rows(src, table.get_ref(), "crt", 1, 6, table.span(), errors);
    out.crt_columns = Columns {
        ranges: heapless::Vec::new(),
    };
    let mut have_columns = false;
    for (k, v) in other {
        if stand_in_key(src, "crt", k, v, info, errors) {
            continue;
        }
        if k.get_ref() != "columns" {
            errors.push(unknown_key(
                src,
                "crt",
                k,
                "columns, stand_in or a die face 1-6",
            ));
            continue;
        }
        have_columns = true;
        let Ok(cells) = de::list(src, v, "columns").map_err(|e| errors.push(e)) else {
            continue;
        };
        let mut prev: Option<ColumnRange> = None;
        for c in cells {
            let Ok(text) = de::string(src, c, "columns").map_err(|e| errors.push(e)) else {
                continue;
            };
            let Some(r) = column_range(text) else {
                errors.push(src.err(
                    c.span(),
                    format!(
                        "columns: '{text}' is not a differential like \"-7\", \"+3\" or \"+4..+5\""
                    ),
                ));
                continue;
            };
            if let Some(p) = prev {
                if i32::from(r.lo) != i32::from(p.hi) + 1 {
                    errors.push(src.err(c.span(), format!("columns: '{text}' does not follow the column before it (columns must run on without gaps or overlaps)")));
                }
            }
            prev = Some(r);
            if let Err(e) = de::push(src, &mut out.crt_columns.ranges, r, c.span(), "CRT columns") {
                errors.push(e);
                break;
            }
        }
    }
    if !have_columns {
        errors.push(src.err(table.span(), "[crt]: 'columns' is missing"));
    }
    let columns = out.crt_columns.len();
    let read = |c: &Sp<Val>, field: &str| result_word(src, c, field, &CRT_RESULTS);
    result_rows(src, &rows, ("crt", 1), columns, &mut out.crt, read, errors);
}

/// A result word, matched without regard to case ("AE" and "Ae" are the same result).
fn result_word<T: Copy>(
    src: &Src,
    v: &Sp<Val>,
    field: &str,
    options: &[(&str, T)],
) -> Result<T, DataError> {
    let s = de::string(src, v, field)?;
    options
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(s.trim()))
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
            src.err(
                v.span(),
                format!(
                    "{field}: unknown result '{s}' (expected one of: {})",
                    names.join(", ")
                ),
            )
        })
}

fn collateral(
    src: &Src,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let (rows, other) = de::die_rows(
        src,
        table.get_ref(),
        "collateral",
        1,
        6,
        table.span(),
        errors,
    );
    out.collateral_thresholds.clear();
    let mut width: Option<usize> = None;
    // Threshold rows are stored in the order of the terrain table, so collateral_row indexes
    // them the same way whatever order the file lists them in.
    let mut by_terrain: Vec<(usize, &Sp<Val>)> = Vec::new();
    for (k, v) in other {
        if stand_in_key(src, "collateral", k, v, info, errors) {
            continue;
        }
        match out
            .terrain
            .iter()
            .position(|t| t.key.as_str() == k.get_ref())
        {
            Some(t) => by_terrain.push((t, v)),
            None => errors.push(unknown_key(
                src,
                "collateral",
                k,
                "stand_in, a terrain key of [[terrain]] or a die face 1-6",
            )),
        }
    }
    by_terrain.sort_by_key(|(t, _)| *t);
    for (t, v) in by_terrain {
        let key = out
            .terrain
            .get(t)
            .map(|x| x.key.to_string())
            .unwrap_or_default();
        let field = format!("collateral {key}");
        let Ok(cells) = de::list(src, v, &field).map_err(|e| errors.push(e)) else {
            continue;
        };
        let mut row = heapless::Vec::<u8, 8>::new();
        let mut prev = 0;
        for c in cells {
            let Ok(x) = de::int(src, c, &field, 1, 255).map_err(|e| errors.push(e)) else {
                continue;
            };
            if x <= prev {
                errors.push(src.err(
                    c.span(),
                    format!("{field}: fire strengths must increase from column to column"),
                ));
            }
            prev = x;
            if row.push(x as u8).is_err() {
                errors.push(src.err(c.span(), format!("{field}: more than 8 columns")));
                break;
            }
        }
        match width {
            Some(w) if w != cells.len() => {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "{field}: {} columns, but the rows before it have {w}",
                        cells.len()
                    ),
                ));
            }
            _ => width = Some(cells.len()),
        }
        let index = out.collateral_thresholds.len();
        if out.collateral_thresholds.push(row).is_err() {
            errors.push(src.err(v.span(), format!("{field}: more than 8 terrain rows")));
            break;
        }
        if let Some(te) = out.terrain.get_mut(t) {
            te.collateral_row = Some(index as u8);
        }
    }
    if width.is_none() {
        errors.push(src.err(table.span(), "[collateral]: no terrain row (at least one terrain must be able to suffer collateral damage [10.2])"));
    }
    for (i, row) in rows.iter().enumerate() {
        let Some(slot) = out.collateral.get_mut(i) else {
            continue;
        };
        slot.clear();
        let Some(v) = row else { continue };
        let field = format!("collateral row {}", i + 1);
        let Ok(cells) = de::list(src, v, &field).map_err(|e| errors.push(e)) else {
            continue;
        };
        if let Some(w) = width {
            if cells.len() != w {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "[collateral]: row {} has {} results, expected {w} (one per column)",
                        i + 1,
                        cells.len()
                    ),
                ));
                continue;
            }
        }
        for c in cells {
            match result_word(src, c, &field, &[("-", false), ("d", true)]) {
                Ok(d) => {
                    if slot.push(d).is_err() {
                        break;
                    }
                }
                Err(e) => errors.push(e),
            }
        }
    }
}

/// The rows of a die table keyed `range` whose only other key may be `stand_in`; any other is
/// an error that says the keys may be `expected`.
fn stand_in_rows<'t>(
    src: &Src,
    table: &'t Sp<KeyTable>,
    name: &str,
    range: core::ops::RangeInclusive<i64>,
    expected: &str,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) -> Vec<Option<&'t Sp<Val>>> {
    let (lo, hi) = range.into_inner();
    let (rows, other) = de::die_rows(src, table.get_ref(), name, lo, hi, table.span(), errors);
    for (k, v) in other {
        if !stand_in_key(src, name, k, v, info, errors) {
            errors.push(unknown_key(src, name, k, expected));
        }
    }
    rows
}

/// Each row's word, one of `words`, into its slot.
fn words_into<T: Copy>(
    src: &Src,
    rows: &[Option<&Sp<Val>>],
    name: &str,
    words: &[(&str, T)],
    slots: &mut [T],
    errors: &mut Vec<DataError>,
) {
    for (slot, row) in slots.iter_mut().zip(rows) {
        if let Some(v) = row {
            match de::word(src, v, name, words) {
                Ok(r) => *slot = r,
                Err(e) => errors.push(e),
            }
        }
    }
}

fn reinforcement(
    src: &Src,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let name = "reinforcement";
    let expected = "stand_in or a dice total 2-12";
    let rows = stand_in_rows(src, table, name, 2..=12, expected, info, errors);
    const WORDS: [(&str, ReinforcementResult); 4] = [
        ("no_reinforcements", ReinforcementResult::NoReinforcements),
        ("no_effect", ReinforcementResult::NoEffect),
        ("air_support", ReinforcementResult::AirSupport),
        (
            "air_support_and_jagerbrigade",
            ReinforcementResult::AirSupportAndJagerbrigade,
        ),
    ];
    words_into(src, &rows, name, &WORDS, &mut out.reinforcement, errors);
}

fn survival(
    src: &Src,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let name = "survival";
    let expected = "stand_in or a modified total 1-12 [18.65]";
    let rows = stand_in_rows(src, table, name, 1..=12, expected, info, errors);
    const WORDS: [(&str, SurvivalResult); 3] = [
        ("destroyed", SurvivalResult::Destroyed),
        ("scatter", SurvivalResult::Scatter),
        ("lands", SurvivalResult::Lands),
    ];
    words_into(src, &rows, name, &WORDS, &mut out.survival, errors);
}

/// Compass direction on the drawn map → engine direction (numbering space), which depends on
/// which way the numbers run.
pub fn compass_dir(g: &Geometry, compass: &str) -> Option<Dir> {
    let north_is_up = g.first_row_at == Edge::South;
    let east_is_higher = g.first_column_at == Edge::West;
    let (north, east) = match compass {
        "n" => return Some(if north_is_up { Dir::Up } else { Dir::Down }),
        "s" => return Some(if north_is_up { Dir::Down } else { Dir::Up }),
        "ne" => (true, true),
        "se" => (false, true),
        "sw" => (false, false),
        "nw" => (true, false),
        _ => return None,
    };
    let up = north == north_is_up;
    let higher = east == east_is_higher;
    Some(match (up, higher) {
        (true, true) => Dir::UpHigherCol,
        (false, true) => Dir::DownHigherCol,
        (false, false) => Dir::DownLowerCol,
        (true, false) => Dir::UpLowerCol,
    })
}

fn scatter(
    src: &Src,
    g: &Geometry,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let expected = "stand_in or a die face 1-6";
    let rows = stand_in_rows(src, table, "scatter", 1..=6, expected, info, errors);
    let mut used = [false; 6];
    for (slot, row) in out.scatter.iter_mut().zip(&rows) {
        let Some(v) = row else { continue };
        let Ok(s) = de::string(src, v, "scatter").map_err(|e| errors.push(e)) else {
            continue;
        };
        match compass_dir(g, s) {
            Some(d) => {
                if used.get(d.index()).copied().unwrap_or(false) {
                    errors
                        .push(src.err(v.span(), format!("scatter: direction '{s}' is used twice")));
                }
                if let Some(u) = used.get_mut(d.index()) {
                    *u = true;
                }
                *slot = d as u8;
            }
            None => errors.push(src.err(
                v.span(),
                format!("scatter: unknown direction '{s}' (expected n, ne, se, s, sw or nw)"),
            )),
        }
    }
}

fn honors(
    src: &Src,
    table: &Sp<KeyTable>,
    out: &mut Tables,
    info: &mut TablesInfo,
    errors: &mut Vec<DataError>,
) {
    let (rows, other) = de::die_rows(
        src,
        table.get_ref(),
        "honors_of_war",
        2,
        12,
        table.span(),
        errors,
    );
    out.honors_columns.clear();
    let mut have_columns = false;
    for (k, v) in other {
        if stand_in_key(src, "honors_of_war", k, v, info, errors) {
            continue;
        }
        if k.get_ref() != "columns" {
            errors.push(unknown_key(
                src,
                "honors_of_war",
                k,
                "columns, stand_in or a dice total 2-12",
            ));
            continue;
        }
        have_columns = true;
        let Ok(cells) = de::list(src, v, "columns").map_err(|e| errors.push(e)) else {
            continue;
        };
        let mut prev = i64::MIN;
        for c in cells {
            let Ok(x) = de::int(src, c, "columns", -999, 999).map_err(|e| errors.push(e)) else {
                continue;
            };
            if x <= prev {
                errors.push(src.err(
                    c.span(),
                    "columns: Surrender Point thresholds must increase",
                ));
            }
            prev = x;
            if let Err(e) = de::push(
                src,
                &mut out.honors_columns,
                x as i16,
                c.span(),
                "Honors of War columns",
            ) {
                errors.push(e);
                break;
            }
        }
    }
    if !have_columns {
        errors.push(src.err(table.span(), "[honors_of_war]: 'columns' is missing"));
    }
    let columns = out.honors_columns.len();
    let read = |c: &Sp<Val>, field: &str| honors_result(src, c, field);
    result_rows(
        src,
        &rows,
        ("honors_of_war", 2),
        columns,
        &mut out.honors,
        read,
        errors,
    );
}

/// Each die row of table `name` (its first row numbered `first`) into its slot: a list of
/// results, one per column while there are any `columns`, each read by `read`.
fn result_rows<T, const N: usize>(
    src: &Src,
    rows: &[Option<&Sp<Val>>],
    (name, first): (&str, usize),
    columns: usize,
    slots: &mut [heapless::Vec<T, N>],
    read: impl Fn(&Sp<Val>, &str) -> Result<T, DataError>,
    errors: &mut Vec<DataError>,
) {
    for (i, (row, slot)) in rows.iter().zip(slots.iter_mut()).enumerate() {
        slot.clear();
        let Some(v) = row else { continue };
        let field = format!("{name} row {}", i + first);
        let Ok(cells) = de::list(src, v, &field).map_err(|e| errors.push(e)) else {
            continue;
        };
        if columns > 0 && cells.len() != columns {
            errors.push(src.err(
                v.span(),
                format!(
                    "[{name}]: row {} has {} results, expected {columns} (one per column)",
                    i + first,
                    cells.len()
                ),
            ));
            continue;
        }
        for c in cells {
            match read(c, &field) {
                Ok(r) => {
                    if slot.push(r).is_err() {
                        errors.push(src.err(c.span(), format!("{field}: more than {N} columns")));
                        break;
                    }
                }
                Err(e) => errors.push(e),
            }
        }
    }
}

/// "-", "B", "C", "S" or a die modifier "+1" / "-2" [19.1].
fn honors_result(src: &Src, v: &Sp<Val>, field: &str) -> Result<HonorsResult, DataError> {
    let s = de::string(src, v, field)?.trim();
    let r = match s {
        "-" => Some(HonorsResult::NoEffect),
        "B" | "b" => Some(HonorsResult::Bonus),
        "C" | "c" => Some(HonorsResult::CeaseFireOrSurrender),
        "S" | "s" => Some(HonorsResult::Surrender),
        _ if s.starts_with(['+', '-']) => s
            .trim_start_matches('+')
            .parse::<i8>()
            .ok()
            .filter(|m| (-6..=6).contains(m) && *m != 0)
            .map(HonorsResult::Modifier),
        _ => None,
    };
    r.ok_or_else(|| src.err(v.span(), format!("{field}: unknown result '{s}' (expected -, B, C, S or a die modifier like +1 or -2)")))
}

fn turns(src: &Src, raw: &[Sp<RawTurn>], out: &mut Tables, errors: &mut Vec<DataError>) {
    out.turns.clear();
    let mut by_turn: Vec<Option<(usize, TurnBox)>> = vec![None; MAX_TURNS];
    let mut last_span = 0..0;
    for t in raw {
        let r = t.get_ref();
        last_span = t.span();
        let Ok(n) =
            de::in_range(src, &r.turn, "turn", 1, MAX_TURNS as i64).map_err(|e| errors.push(e))
        else {
            continue;
        };
        let b = TurnBox {
            night: r.night,
            wp_air_points: small(src, &r.wp_air_points, "wp_air_points", 0, 60, errors) as u8,
            vp_multiple_halves: small(
                src,
                &r.vp_multiple_halves,
                "vp_multiple_halves",
                0,
                100,
                errors,
            ) as u8,
        };
        match by_turn.get_mut(n as usize - 1) {
            Some(Some((first, _))) => {
                let (line, _) = src.position(*first);
                errors.push(src.err(
                    r.turn.span(),
                    format!("turn: turn {n} is already on the track (line {line})"),
                ));
            }
            Some(slot) => *slot = Some((r.turn.span().start, b)),
            None => {}
        }
    }
    let count = by_turn
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |i| i + 1);
    if count == 0 {
        errors.push(src.err_file("turn: the Turn Record Track has no [[turn]]"));
    }
    for (i, slot) in by_turn.iter().take(count).enumerate() {
        match slot {
            Some((_, b)) => {
                let _ = out.turns.push(*b);
            }
            None => {
                // Reported at the next turn on the track, where the missing one belongs.
                let at = by_turn
                    .iter()
                    .skip(i + 1)
                    .flatten()
                    .map(|(s, _)| *s)
                    .next()
                    .unwrap_or(last_span.start);
                errors.push(src.err(at..at, format!("turn: the Turn Record Track is missing turn {} (turns run 1, 2, 3 … without gaps)", i + 1)));
            }
        }
    }
}
