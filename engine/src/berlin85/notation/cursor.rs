//! The tokenizer under the parser: a line cut at its `#` comment, read word by word (and
//! comma-separated lists), and each error placed at its 1-based character column with what
//! was expected and the text found there ([`NotationError`]).

use super::NotationError;

/// A token: its byte offset in the line and its text.
#[derive(Clone, Copy)]
pub(super) struct Tok<'a> {
    pub(super) at: usize,
    pub(super) text: &'a str,
}

pub(super) struct Cursor<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(super) fn new(line: &'a str) -> Self {
        let end = line.find('#').unwrap_or(line.len());
        Cursor {
            line: &line[..end],
            pos: 0,
        }
    }

    fn column(&self, byte: usize) -> usize {
        self.line[..byte.min(self.line.len())].chars().count() + 1
    }

    fn skip_space(&mut self) {
        let rest = &self.line[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    pub(super) fn peek(&mut self) -> Option<Tok<'a>> {
        self.skip_space();
        let rest = &self.line[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        Some(Tok {
            at: self.pos,
            text: &rest[..len],
        })
    }

    pub(super) fn next(&mut self) -> Option<Tok<'a>> {
        let t = self.peek()?;
        self.pos = t.at + t.text.len();
        Some(t)
    }

    /// A comma-separated list, allowing spaces after the commas ("3, 7").
    pub(super) fn next_list(&mut self) -> Option<Tok<'a>> {
        let first = self.next()?;
        let mut end = first.at + first.text.len();
        while self.line[..end].ends_with(',') {
            match self.next() {
                Some(t) => end = t.at + t.text.len(),
                None => break,
            }
        }
        Some(Tok {
            at: first.at,
            text: &self.line[first.at..end],
        })
    }

    pub(super) fn err(&self, tok: Option<Tok<'_>>, expected: &'static str) -> NotationError {
        let mut found = heapless::String::new();
        let at = match tok {
            Some(t) => {
                for c in t.text.chars() {
                    if found.push(c).is_err() {
                        break;
                    }
                }
                t.at
            }
            None => self.line.trim_end().len(),
        };
        NotationError {
            column: self.column(at),
            expected,
            found,
        }
    }

    pub(super) fn expect_word(
        &mut self,
        word: &str,
        expected: &'static str,
    ) -> Result<(), NotationError> {
        match self.next() {
            Some(t) if t.text.eq_ignore_ascii_case(word) => Ok(()),
            t => Err(self.err(t, expected)),
        }
    }

    /// An optional trailing flag word (`ubahn`, `gas`).
    pub(super) fn flag(&mut self, word: &str) -> bool {
        match self.peek() {
            Some(t) if t.text.eq_ignore_ascii_case(word) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    pub(super) fn end(&mut self) -> Result<(), NotationError> {
        match self.next() {
            None => Ok(()),
            t => Err(self.err(t, "the end of the line")),
        }
    }

    pub(super) fn number<T: core::str::FromStr>(
        &mut self,
        expected: &'static str,
    ) -> Result<T, NotationError> {
        let t = self.next();
        match t {
            Some(tok) if tok.text.bytes().all(|b| b.is_ascii_digit()) => {
                tok.text.parse().map_err(|_| self.err(t, expected))
            }
            _ => Err(self.err(t, expected)),
        }
    }
}
