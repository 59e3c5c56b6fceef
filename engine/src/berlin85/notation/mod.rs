//! A readable text notation for every Berlin '85 input and choice, for tests, journals, bug
//! reports and the headless CLI. One input per line; `#` starts a comment.
//!
//! ```text
//! place 4 3409                 withhold 5           unplace 4          end setup
//! move 12 to 3510              move 12 to 3510 ubahn
//! path 12 3509 3510 3611       path us-m-1 3509 ubahn
//! airland 70 3217              paradrop 71 2519     exit 9             end movement
//! declare 3,7 on 15            undeclare 1          barrage 40 on 2 gas
//! barrage-hex 40 at 2519       air 2 points 4       interdict 33       end allocation
//! fpf 33 on 2                  resolve 2            end combat
//! roll 3 4                     draw 2               choose 1
//! ```
//!
//! Units are written by roster id (`us-m-1`) or by their index in the unit table (`12`); the
//! printer uses roster ids when it has the game data. Hexes are written as printed on the map
//! (`3510`, or `30.35`). An empty unit list is `-`. Choice options (what a `choose N` picks)
//! have their own words: `yes`, `no`, `hex 3510`, `stop`, `they-shall-not-pass`, `unit 12`,
//! `strength 5-4`.
//!
//! This module holds the entry points, the [`Notation`] reader/writer and its error; the
//! printer is `print`, the line tokenizer `cursor` and the grammar the parser reads `parse`.

mod cursor;
mod parse;
mod print;
#[cfg(test)]
mod tests;

use super::command::Choice;
use super::data::GameData;
use super::game::Input85;
use core::fmt;

/// Longest line the printer writes.
pub const LINE: usize = 640;
/// Longest offending text quoted in an error.
pub const FOUND: usize = 32;

pub type Line = heapless::String<LINE>;

/// A line that does not read: where (1-based character column) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub column: usize,
    pub expected: &'static str,
    /// The text found there (empty at the end of the line).
    pub found: heapless::String<FOUND>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(
                f,
                "column {}: expected {}, found the end of the line",
                self.column, self.expected
            )
        } else {
            write!(
                f,
                "column {}: expected {}, found '{}'",
                self.column, self.expected, self.found
            )
        }
    }
}

/// Reads and writes the notation, with or without the game data (without it, units are
/// written by index and roster ids cannot be read).
#[derive(Clone, Copy)]
pub struct Notation<'d> {
    pub data: Option<&'d GameData>,
}

impl<'d> Notation<'d> {
    pub const fn plain() -> Self {
        Notation { data: None }
    }

    pub const fn with(data: &'d GameData) -> Self {
        Notation { data: Some(data) }
    }
}

/// Prints an input with roster ids (the CLI's journal listing).
pub fn format_input(data: &GameData, input: &Input85) -> Line {
    Notation { data: Some(data) }.format_input(input)
}

/// Reads one line; `Ok(None)` for a blank or comment line.
pub fn parse_input(data: &GameData, line: &str) -> Result<Option<Input85>, NotationError> {
    Notation { data: Some(data) }.parse_input(line)
}

/// Reads a script line by line, skipping blank and comment lines: `(line number, input)`.
/// Units must be given by index (no game data to look roster ids up).
pub fn parse_script(text: &str) -> Script<'_, '_> {
    Script {
        notation: Notation { data: None },
        lines: text.lines().enumerate(),
    }
}

/// Like [`parse_script`], reading roster ids with the game data.
pub fn parse_script_with<'d, 't>(data: &'d GameData, text: &'t str) -> Script<'d, 't> {
    Script {
        notation: Notation { data: Some(data) },
        lines: text.lines().enumerate(),
    }
}

pub struct Script<'d, 't> {
    notation: Notation<'d>,
    lines: core::iter::Enumerate<core::str::Lines<'t>>,
}

impl Iterator for Script<'_, '_> {
    type Item = (usize, Result<Input85, NotationError>);
    fn next(&mut self) -> Option<Self::Item> {
        for (i, line) in self.lines.by_ref() {
            match self.notation.parse_input(line) {
                Ok(None) => continue,
                Ok(Some(input)) => return Some((i + 1, Ok(input))),
                Err(e) => return Some((i + 1, Err(e))),
            }
        }
        None
    }
}

/// The index of `choice` among the options of a pending choice (for `choose N`).
pub fn choice_index(options: &[Choice], choice: &Choice) -> Option<u8> {
    options.iter().position(|o| o == choice).map(|i| i as u8)
}
