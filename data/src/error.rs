//! Errors that point at the text a person must fix: `data/berlin85/map.txt:17:9: unknown
//! terrain 'q'`. Every check in the loader reports through [`Src`], which turns the byte span
//! of the offending value into a 1-based line and column.

use std::fmt;
use std::ops::Range;

/// One problem in one data file. `line` and `column` are 1-based; both are 0 when the problem
/// concerns the file as a whole (missing, unreadable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl DataError {
    /// A problem with a whole file (no position).
    pub fn file(file: &str, message: impl Into<String>) -> Self {
        DataError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    /// `file:line:column` (or just `file`), the part an editor jumps to.
    pub fn location(&self) -> String {
        if self.line == 0 {
            self.file.clone()
        } else {
            format!("{}:{}:{}", self.file, self.line, self.column)
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

impl std::error::Error for DataError {}

/// The text of one file being checked, with the name errors carry.
#[derive(Clone, Copy, Debug)]
pub struct Src<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

impl<'a> Src<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        Src { name, text }
    }

    /// 1-based line and column (in characters) of a byte offset; offsets past the end or
    /// inside a character are clamped, so any span from any parser is safe to report.
    pub fn position(&self, offset: usize) -> (u32, u32) {
        let mut end = offset.min(self.text.len());
        while end > 0 && !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let before = self.text.get(..end).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
        (to_u32(line), to_u32(column))
    }

    /// An error at the start of `span`.
    pub fn err(&self, span: Range<usize>, message: impl Into<String>) -> DataError {
        let (line, column) = self.position(span.start);
        DataError {
            file: self.name.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// An error at an explicit line and column (the grid parser counts them itself).
    pub fn err_at(&self, line: usize, column: usize, message: impl Into<String>) -> DataError {
        DataError {
            file: self.name.to_string(),
            line: to_u32(line),
            column: to_u32(column),
            message: message.into(),
        }
    }

    /// An error about the whole file.
    pub fn err_file(&self, message: impl Into<String>) -> DataError {
        DataError::file(self.name, message)
    }
}

fn to_u32(v: usize) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let s = Src::new("f", "ab\nßc\nd");
        assert_eq!(s.position(0), (1, 1));
        assert_eq!(s.position(3), (2, 1));
        assert_eq!(s.position(5), (2, 2), "ß is one column");
        assert_eq!(s.position(4), (2, 1), "inside ß clamps back");
        assert_eq!(s.position(99), (3, 2));
    }

    #[test]
    fn display_is_file_line_column_message() {
        let s = Src::new("data/berlin85/map.txt", "");
        let e = s.err_at(17, 9, "unknown terrain 'q'");
        assert_eq!(
            e.to_string(),
            "data/berlin85/map.txt:17:9: unknown terrain 'q'"
        );
        assert_eq!(
            DataError::file("x.toml", "missing").to_string(),
            "x.toml: missing"
        );
    }
}
