//! Shared pieces of every TOML file's reader: parsing with errors at `line:column`, the
//! `Spanned` values that let a semantic check point at the exact value, and small parsers for
//! the value kinds every file uses (hex numbers, hex paths, choices from a fixed list).

use crate::error::{DataError, Src};
use engine::core::hex::{parse_hex, Geometry, HexId};
use serde::de::DeserializeOwned;
use std::ops::Range;

pub use toml::Spanned;

/// A value with its byte span in the file.
pub type Sp<T> = Spanned<T>;

/// Parses a whole TOML file into `T`. The error names the line and column the `toml` crate
/// found the problem at, and the key when the value sits on a `key = value` line.
pub fn parse<T: DeserializeOwned>(src: &Src) -> Result<T, DataError> {
    toml::from_str(src.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let message = e
            .message()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(": ")
            .replace("expected i64", "expected an integer")
            .replace("expected u8", "expected an integer from 0 to 255");
        let message = match key_before(src.text, span.start) {
            Some(k) if !message.contains(&format!("`{k}`")) => format!("{k}: {message}"),
            _ => message,
        };
        src.err(span, message)
    })
}

/// The key of a `key = value` line when `offset` is inside the value.
fn key_before(text: &str, offset: usize) -> Option<&str> {
    let head = text.get(..offset)?;
    let line = head.rsplit('\n').next()?;
    let (key, _) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    plain.then_some(key)
}

/// Span of the text of a string value, past its opening quote(s), so offsets inside the string
/// map onto the file (hex paths name the exact bad hex). Exact for strings without escapes,
/// which is what hex lists are; otherwise merely close.
pub fn inner_start(src: &Src, span: &Range<usize>) -> usize {
    let raw = src.text.get(span.start..).unwrap_or("");
    let quotes = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        3
    } else if raw.starts_with('"') || raw.starts_with('\'') {
        1
    } else {
        0
    };
    span.start + quotes
}

/// Whitespace-separated words of a string value, each with its span in the file. Each word
/// is found again in the raw text of the value, so the spans stay exact in multi-line strings
/// with line-ending backslashes (`"""\`); a word the raw text spells differently (written
/// with escapes) gets the span of the whole value.
pub fn words<'s>(src: &Src, v: &'s Sp<String>) -> Vec<(&'s str, Range<usize>)> {
    let span = v.span();
    let raw = src.text.get(span.clone()).unwrap_or("");
    let mut cursor = inner_start(src, &span)
        .saturating_sub(span.start)
        .min(raw.len());
    let mut out = Vec::new();
    for w in v.get_ref().split_whitespace() {
        match raw.get(cursor..).and_then(|r| r.find(w)) {
            Some(i) => {
                let at = span.start + cursor + i;
                out.push((w, at..at + w.len()));
                cursor += i + w.len();
            }
            None => out.push((w, span.clone())),
        }
    }
    out
}

/// A hex number on the map.
pub fn hex_at(
    src: &Src,
    g: &Geometry,
    text: &str,
    span: Range<usize>,
    field: &str,
) -> Result<HexId, DataError> {
    let Some(h) = parse_hex(text) else {
        return Err(src.err(
            span,
            format!("{field}: '{text}' is not a hex number (write it as four digits, column then row: \"0108\")"),
        ));
    };
    if !g.contains(h) {
        return Err(src.err(
            span,
            format!(
                "{field}: hex {text} is off the map (columns 01-{:02}, rows 01-{:02})",
                g.columns, g.rows
            ),
        ));
    }
    Ok(h)
}

/// A hex number given as a whole string value.
pub fn hex(src: &Src, g: &Geometry, v: &Sp<String>, field: &str) -> Result<HexId, DataError> {
    let span = v.span();
    let inner = inner_start(src, &span);
    hex_at(src, g, v.get_ref().trim(), inner..span.end, field)
}

/// A list of hex numbers; bad ones are reported and skipped.
pub fn hexes(
    src: &Src,
    g: &Geometry,
    vs: &[Sp<String>],
    field: &str,
    errors: &mut Vec<DataError>,
) -> Vec<HexId> {
    let mut out = Vec::new();
    for v in vs {
        match hex(src, g, v, field) {
            Ok(h) => out.push(h),
            Err(e) => errors.push(e),
        }
    }
    out
}

/// A path of adjacent hexes written `"0101 0102 0203"`.
pub fn path(src: &Src, g: &Geometry, v: &Sp<String>, field: &str) -> Result<Vec<HexId>, DataError> {
    let mut out: Vec<HexId> = Vec::new();
    for (w, span) in words(src, v) {
        let h = hex_at(src, g, w, span.clone(), field)?;
        if let Some(&prev) = out.last() {
            if !g.adjacent(prev, h) {
                return Err(src.err(
                    span,
                    format!(
                        "{field}: hex {w} is not adjacent to the hex before it ({})",
                        g.format(prev)
                    ),
                ));
            }
        }
        out.push(h);
    }
    if out.len() < 2 {
        return Err(src.err(
            v.span(),
            format!("{field}: a path needs at least two hexes"),
        ));
    }
    Ok(out)
}

/// A hexside written `"AAAA/BBBB"` (two adjacent hexes).
pub fn hexside(
    src: &Src,
    g: &Geometry,
    v: &Sp<String>,
    field: &str,
) -> Result<(HexId, HexId), DataError> {
    let text = v.get_ref().as_str();
    let base = inner_start(src, &v.span());
    let Some((a, b)) = text.split_once('/') else {
        return Err(src.err(
            v.span(),
            format!("{field}: '{text}' is not a hexside (write two adjacent hexes: \"1510/1511\")"),
        ));
    };
    let ha = hex_at(src, g, a.trim(), base..base + a.len(), field)?;
    let b_start = base + a.len() + 1;
    let hb = hex_at(src, g, b.trim(), b_start..b_start + b.len(), field)?;
    if !g.adjacent(ha, hb) {
        return Err(src.err(
            v.span(),
            format!(
                "{field}: hexes {} and {} are not adjacent",
                a.trim(),
                b.trim()
            ),
        ));
    }
    Ok((ha, hb))
}

/// A place's optional `case = "2.2.4"`: digits separated by dots, or an error naming the field
/// with an example from the game's own rules.
pub fn rule_case(src: &Src, v: &Sp<String>, example: &str) -> Result<(), DataError> {
    let s = v.get_ref();
    let ok = !s.is_empty()
        && s.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if ok {
        Ok(())
    } else {
        Err(src.err(
            v.span(),
            format!("case: '{s}' is not a rule case like \"{example}\""),
        ))
    }
}

/// One of a fixed set of words.
pub fn choice<T: Copy>(
    src: &Src,
    v: &Sp<String>,
    field: &str,
    options: &[(&str, T)],
) -> Result<T, DataError> {
    let text = v.get_ref().as_str();
    options
        .iter()
        .find(|(k, _)| *k == text)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
            src.err(
                v.span(),
                format!(
                    "{field}: unknown value '{text}' (expected one of: {})",
                    names.join(", ")
                ),
            )
        })
}

/// A string that must fit an engine field of `N` bytes.
pub fn fixed<const N: usize>(
    src: &Src,
    v: &Sp<String>,
    field: &str,
) -> Result<heapless::String<N>, DataError> {
    let mut out = heapless::String::new();
    out.push_str(v.get_ref()).map_err(|_| {
        src.err(
            v.span(),
            format!("{field}: '{}' is too long (at most {N} bytes)", v.get_ref()),
        )
    })?;
    Ok(out)
}

/// A heapless string from text known to fit (cut at a character boundary otherwise).
pub fn cut<const N: usize>(text: &str) -> heapless::String<N> {
    let mut out = heapless::String::new();
    for c in text.chars() {
        if out.push(c).is_err() {
            break;
        }
    }
    out
}

/// An integer value that must lie in `lo..=hi`.
pub fn in_range(src: &Src, v: &Sp<i64>, field: &str, lo: i64, hi: i64) -> Result<i64, DataError> {
    let x = *v.get_ref();
    if x < lo || x > hi {
        return Err(src.err(
            v.span(),
            format!("{field}: {x} is out of range ({lo} to {hi})"),
        ));
    }
    Ok(x)
}

/// Pushes `item` into a fixed-capacity vector, reporting overflow at `span`.
pub fn push<T, const N: usize>(
    src: &Src,
    out: &mut heapless::Vec<T, N>,
    item: T,
    span: Range<usize>,
    what: &str,
) -> Result<(), DataError> {
    out.push(item).map_err(|_| {
        src.err(
            span,
            format!("too many {what} (the engine holds at most {N})"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct T {
        #[allow(dead_code)]
        n: u8,
    }

    #[test]
    fn toml_errors_name_line_column_and_key() {
        let src = Src::new("t.toml", "# c\nn = 300\n");
        let e = parse::<T>(&src).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("t.toml:2:5: n: invalid value: integer `300`, expected an integer from 0 to 255")
        );
        let src = Src::new("t.toml", "n = 3\nm = 1\n");
        let e = parse::<T>(&src).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("t.toml:2:1: unknown field `m`, expected `n`")
        );
    }

    #[test]
    fn words_carry_their_file_spans() {
        let text = "p = \"0101  0102\"\n";
        let src = Src::new("t", text);
        let v = Sp::new(4..16, "0101  0102".to_string());
        let w = words(&src, &v);
        assert_eq!(w.len(), 2);
        assert_eq!(w.first().map(|x| x.1.clone()), Some(5..9));
        assert_eq!(w.get(1).map(|x| x.1.clone()), Some(11..15));
    }
}

/// A TOML value of a table whose keys are data (die faces "1".."6", terrain keys), read
/// with its span so each cell can be checked and reported on its own.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Int(i64),
    Str(String),
    Bool(bool),
    List(Vec<Sp<Val>>),
}

impl Val {
    pub fn kind(&self) -> &'static str {
        match self {
            Val::Int(_) => "an integer",
            Val::Str(_) => "a string",
            Val::Bool(_) => "true/false",
            Val::List(_) => "a list",
        }
    }
}

impl<'de> serde::Deserialize<'de> for Val {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Val;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an integer, a string, true/false or a list of them")
            }
            fn visit_i64<E>(self, v: i64) -> Result<Val, E> {
                Ok(Val::Int(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Val, E> {
                i64::try_from(v)
                    .map(Val::Int)
                    .map_err(|_| E::custom("integer too large"))
            }
            fn visit_str<E>(self, v: &str) -> Result<Val, E> {
                Ok(Val::Str(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<Val, E> {
                Ok(Val::Str(v))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Val, E> {
                Ok(Val::Bool(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Val, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = seq.next_element::<Sp<Val>>()? {
                    out.push(x);
                }
                Ok(Val::List(out))
            }
        }
        d.deserialize_any(V)
    }
}

/// A table with data keys: `key -> value`, both spanned.
pub type KeyTable = std::collections::BTreeMap<Sp<String>, Sp<Val>>;

/// The value as a list (a scalar is an error naming `field`).
pub fn list<'v>(src: &Src, v: &'v Sp<Val>, field: &str) -> Result<&'v [Sp<Val>], DataError> {
    match v.get_ref() {
        Val::List(l) => Ok(l),
        other => Err(src.err(
            v.span(),
            format!("{field}: expected a list, found {}", other.kind()),
        )),
    }
}

/// The value as an integer in `lo..=hi`.
pub fn int(src: &Src, v: &Sp<Val>, field: &str, lo: i64, hi: i64) -> Result<i64, DataError> {
    match v.get_ref() {
        Val::Int(x) if (lo..=hi).contains(x) => Ok(*x),
        Val::Int(x) => Err(src.err(
            v.span(),
            format!("{field}: {x} is out of range ({lo} to {hi})"),
        )),
        other => Err(src.err(
            v.span(),
            format!("{field}: expected an integer, found {}", other.kind()),
        )),
    }
}

/// The value as a string.
pub fn string<'v>(src: &Src, v: &'v Sp<Val>, field: &str) -> Result<&'v str, DataError> {
    match v.get_ref() {
        Val::Str(s) => Ok(s),
        other => Err(src.err(
            v.span(),
            format!("{field}: expected a string, found {}", other.kind()),
        )),
    }
}

/// The value as a bool.
pub fn boolean(src: &Src, v: &Sp<Val>, field: &str) -> Result<bool, DataError> {
    match v.get_ref() {
        Val::Bool(b) => Ok(*b),
        other => Err(src.err(
            v.span(),
            format!("{field}: expected true or false, found {}", other.kind()),
        )),
    }
}

/// A string cell matched against a fixed set of words.
pub fn word<T: Copy>(
    src: &Src,
    v: &Sp<Val>,
    field: &str,
    options: &[(&str, T)],
) -> Result<T, DataError> {
    let s = string(src, v, field)?;
    options
        .iter()
        .find(|(k, _)| *k == s)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(k, _)| *k).collect();
            src.err(
                v.span(),
                format!(
                    "{field}: unknown value '{s}' (expected one of: {})",
                    names.join(", ")
                ),
            )
        })
}

/// The rows of a die table by total, and its other (non-numeric) entries.
pub type DieRows<'t> = (Vec<Option<&'t Sp<Val>>>, Vec<(&'t Sp<String>, &'t Sp<Val>)>);

/// Rows of a die table keyed `lo..=hi` ("1" .. "6", "2" .. "12"): each present once, none
/// missing, no other numeric key. Non-numeric keys are returned to the caller to handle.
/// A missing row is reported at `table_span` (the table's header).
pub fn die_rows<'t>(
    src: &Src,
    table: &'t KeyTable,
    table_name: &str,
    lo: i64,
    hi: i64,
    table_span: Range<usize>,
    errors: &mut Vec<DataError>,
) -> DieRows<'t> {
    let mut rows: Vec<Option<&Sp<Val>>> = vec![None; usize::try_from(hi - lo + 1).unwrap_or(0)];
    let mut other = Vec::new();
    for (k, v) in table {
        match k.get_ref().trim().parse::<i64>() {
            Ok(n) if (lo..=hi).contains(&n) => {
                if let Some(slot) = usize::try_from(n - lo).ok().and_then(|i| rows.get_mut(i)) {
                    *slot = Some(v);
                }
            }
            Ok(n) => errors.push(src.err(
                k.span(),
                format!("[{table_name}]: row {n} is outside the dice range {lo}-{hi}"),
            )),
            Err(_) => other.push((k, v)),
        }
    }
    let missing: Vec<String> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.is_none())
        .map(|(i, _)| (lo + i as i64).to_string())
        .collect();
    if !missing.is_empty() {
        errors.push(src.err(
            table_span,
            format!(
                "[{table_name}]: incomplete for its dice range {lo}-{hi}: no row for {}",
                missing.join(", ")
            ),
        ));
    }
    (rows, other)
}

/// Collects an error and goes on: `check(...).keep(&mut errors)`.
pub trait Keep<T> {
    fn keep(self, errors: &mut Vec<DataError>) -> Option<T>;
}

impl<T> Keep<T> for Result<T, DataError> {
    fn keep(self, errors: &mut Vec<DataError>) -> Option<T> {
        self.map_err(|e| errors.push(e)).ok()
    }
}
