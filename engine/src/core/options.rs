//! Game options as data: each ruleset lists its optional rules and variants once
//! ([`OptionInfo`]), so the start screen draws a switch per option and the CLI reads
//! `key=value` pairs without knowing any game (DESIGN.md §2 principle 7).
//!
//! Berlin '85 has two yes/no options ([8.8] poison gas, the [7.0] note on resolving each
//! attack as announced); Fortress Berlin has five variants (16.1–16.5) and optional rules
//! (17.x), and its three-to-six-player games (17.2, 17.3) pick a number of players, hence
//! [`OptionKind::OneOf`] beside [`OptionKind::Flag`].

use super::protocol::Case;
use core::fmt;

/// Longest option key an error quotes back.
pub const OPTION_KEY: usize = 32;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Flag { default: bool },
    /// One of a few named values (index into `values`).
    OneOf {
        values: &'static [&'static str],
        default: u8,
    },
}

/// An option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Flag(bool),
    /// Index into [`OptionKind::OneOf`]'s `values`.
    OneOf(u8),
}

/// One optional rule or variant, as the start screen and the CLI show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// Stable key (`poison-gas`): CLI `key=value`, config files, save headers.
    pub key: &'static str,
    /// What the start screen writes beside the switch.
    pub label: &'static str,
    /// The rule case that makes it optional.
    pub case: Case,
    pub kind: OptionKind,
}

/// An option that could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this key (the key, cut to [`OPTION_KEY`] characters).
    UnknownKey(heapless::String<OPTION_KEY>),
    /// The value does not fit the option; `expected` says what would.
    BadValue {
        key: &'static str,
        expected: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey(k) => write!(f, "no option '{}'", k),
            OptionError::BadValue { key, expected } => {
                write!(f, "option '{}': expected {}", key, expected)
            }
        }
    }
}

impl OptionError {
    pub fn unknown(key: &str) -> Self {
        let mut k = heapless::String::new();
        for c in key.chars() {
            if k.push(c).is_err() {
                break;
            }
        }
        OptionError::UnknownKey(k)
    }
}

impl OptionInfo {
    /// The value a new game starts with.
    pub const fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Flag { default } => OptionValue::Flag(default),
            OptionKind::OneOf { default, .. } => OptionValue::OneOf(default),
        }
    }

    /// Reads a value as typed: `on/off`, `yes/no`, `true/false`, `1/0` for a flag (an empty
    /// value turns a flag on: `--option poison-gas`), one of the names for a choice.
    pub fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        let t = text.trim();
        match self.kind {
            OptionKind::Flag { .. } => match t {
                "" | "on" | "yes" | "true" | "1" => Ok(OptionValue::Flag(true)),
                "off" | "no" | "false" | "0" => Ok(OptionValue::Flag(false)),
                _ => Err(OptionError::BadValue {
                    key: self.key,
                    expected: "on or off",
                }),
            },
            OptionKind::OneOf { values, .. } => values
                .iter()
                .position(|v| *v == t)
                .map(|i| OptionValue::OneOf(i as u8))
                .ok_or(OptionError::BadValue {
                    key: self.key,
                    expected: "one of the listed values",
                }),
        }
    }

    /// Does `value` fit this option?
    pub fn accepts(&self, value: OptionValue) -> bool {
        match (self.kind, value) {
            (OptionKind::Flag { .. }, OptionValue::Flag(_)) => true,
            (OptionKind::OneOf { values, .. }, OptionValue::OneOf(i)) => {
                (i as usize) < values.len()
            }
            _ => false,
        }
    }

    /// The value as the CLI and a save header write it (`parse` reads it back).
    pub fn format(&self, value: OptionValue) -> &'static str {
        match (self.kind, value) {
            (_, OptionValue::Flag(true)) => "on",
            (_, OptionValue::Flag(false)) => "off",
            (OptionKind::OneOf { values, .. }, OptionValue::OneOf(i)) => {
                values.get(i as usize).copied().unwrap_or("?")
            }
            (OptionKind::Flag { .. }, OptionValue::OneOf(_)) => "?",
        }
    }
}

/// The option of `list` with this key.
pub fn find(list: &'static [OptionInfo], key: &str) -> Result<&'static OptionInfo, OptionError> {
    list.iter()
        .find(|o| o.key == key.trim())
        .ok_or_else(|| OptionError::unknown(key.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAYERS: OptionInfo = OptionInfo {
        key: "players",
        label: "Players",
        case: "17.3",
        kind: OptionKind::OneOf {
            values: &["2", "3", "4"],
            default: 0,
        },
    };
    const GAS: OptionInfo = OptionInfo {
        key: "gas",
        label: "Gas",
        case: "8.8",
        kind: OptionKind::Flag { default: false },
    };

    #[test]
    fn values_parse_and_print_back() {
        for o in [PLAYERS, GAS] {
            let d = o.default_value();
            assert!(o.accepts(d));
            assert_eq!(o.parse(o.format(d)), Ok(d));
        }
        assert_eq!(PLAYERS.parse("3"), Ok(OptionValue::OneOf(1)));
        assert!(PLAYERS.parse("7").is_err());
        assert!(!PLAYERS.accepts(OptionValue::OneOf(3)));
        assert!(!PLAYERS.accepts(OptionValue::Flag(true)));
        assert_eq!(GAS.parse(""), Ok(OptionValue::Flag(true)));
        assert_eq!(GAS.parse("off"), Ok(OptionValue::Flag(false)));
        assert!(GAS.parse("maybe").is_err());
        static LIST: [OptionInfo; 2] = [PLAYERS, GAS];
        assert_eq!(find(&LIST, " gas ").map(|o| o.key), Ok("gas"));
        assert_eq!(find(&LIST, "x"), Err(OptionError::unknown("x")));
    }
}
