//! Which of the table's three games: the one name every layer above the engine uses for a
//! game (save headers, the start screen, the CLI's `--game`, data directories).
//!
//! The start screen lists every game, finished or not (DESIGN.md §1: the table runs three
//! games), so an unfinished game is shown with its [`RulesStatus`], never hidden. The slug is
//! what a save file's header and `data/<slug>/` hold, so it never changes once published.

use core::fmt;
use serde::{Deserialize, Serialize};

/// One of the three games the table runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GameId {
    /// Berlin '85, SPI 1980 (`engine::berlin85`).
    Berlin85,
    /// Fortress Berlin, LPS / Against the Odds 2004 (planned: `engine::fortress`).
    FortressBerlin,
    /// The Enemy is at the Gates: Berlin 1985, Compass Games' Company Scale System (planned:
    /// `engine::gates`).
    Gates,
}

/// How far a game's rules are implemented: what the start screen says next to its title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RulesStatus {
    /// Every rule of the rulebook is enforced; the game can be started.
    Complete,
    /// Its rules module is being built: the headless commands (`play --script`, `replay`,
    /// `resume`) play what the engine enforces, but the table does not offer it yet.
    InProgress,
    /// Every rule is enforced and the headless commands play it, but the table's touch
    /// screens for it are not built yet.
    CommandLineOnly,
    /// Its rules module is being built, and the table plays what the engine enforces so far
    /// by touch (the coverage table says which cases are still partial).
    PlayableInProgress,
    /// Listed so players know it is coming, but it cannot be started yet.
    NotYetImplemented,
}

impl RulesStatus {
    /// Can a game be started at the table?
    pub const fn playable(self) -> bool {
        matches!(
            self,
            RulesStatus::Complete | RulesStatus::PlayableInProgress
        )
    }

    /// Do the headless commands (`play --script`, `replay`, `resume`) play it?
    pub const fn scriptable(self) -> bool {
        matches!(
            self,
            RulesStatus::Complete
                | RulesStatus::InProgress
                | RulesStatus::PlayableInProgress
                | RulesStatus::CommandLineOnly
        )
    }

    /// The words the start screen shows next to the title.
    pub const fn label(self) -> &'static str {
        match self {
            RulesStatus::Complete => "rules complete",
            RulesStatus::InProgress => "rules in progress (command line only)",
            RulesStatus::CommandLineOnly => "rules complete; screens to come (command line only)",
            RulesStatus::PlayableInProgress => "rules in progress; playable at the table",
            RulesStatus::NotYetImplemented => "rules not yet implemented",
        }
    }
}

impl fmt::Display for RulesStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl GameId {
    /// Every game, in the order the start screen lists them.
    pub const ALL: [GameId; 3] = [GameId::Berlin85, GameId::FortressBerlin, GameId::Gates];

    /// The stable short name: save headers, `data/<slug>/`, the CLI.
    pub const fn slug(self) -> &'static str {
        match self {
            GameId::Berlin85 => "berlin85",
            GameId::FortressBerlin => "fortress-berlin",
            GameId::Gates => "gates",
        }
    }

    /// The game a slug names (exact match: a slug is an identifier, not a title).
    pub fn from_slug(slug: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.slug() == slug)
    }

    /// The title as printed on the box.
    pub const fn title(self) -> &'static str {
        match self {
            GameId::Berlin85 => "Berlin '85",
            GameId::FortressBerlin => "Fortress Berlin",
            GameId::Gates => "The Enemy is at the Gates: Berlin 1985",
        }
    }

    /// The title in a few words, for a button on a small screen.
    pub const fn short_title(self) -> &'static str {
        match self {
            GameId::Berlin85 => "Berlin '85",
            GameId::FortressBerlin => "Fortress Berlin",
            GameId::Gates => "Enemy at the Gates",
        }
    }

    /// Who published it (the About screen's credit line).
    pub const fn publisher(self) -> &'static str {
        match self {
            GameId::Berlin85 => "SPI",
            GameId::FortressBerlin => "LPS / Against the Odds",
            GameId::Gates => "Compass Games",
        }
    }

    /// The year of publication, where the rulebook states it. The Gates' exclusive rules in
    /// `../shared/rules` print no year, so none is claimed.
    pub const fn year(self) -> Option<u16> {
        match self {
            GameId::Berlin85 => Some(1980),
            GameId::FortressBerlin => Some(2004),
            GameId::Gates => None,
        }
    }

    /// "SPI, 1980" — the credit line as one text.
    pub const fn credit(self) -> &'static str {
        match self {
            GameId::Berlin85 => "SPI, 1980",
            GameId::FortressBerlin => "LPS / Against the Odds, 2004",
            GameId::Gates => "Compass Games",
        }
    }

    /// How far its rules are implemented. Changed here, in one place, when a ruleset lands.
    pub const fn rules_status(self) -> RulesStatus {
        match self {
            GameId::Berlin85 => RulesStatus::Complete,
            // docs/rules/fortress-berlin.md: every case enforced, played by touch on the framed
            // play screen (ui/src/table/framed).
            GameId::FortressBerlin => RulesStatus::Complete,
            // docs/rules/gates.md: the Gates game runs on the series game state; the framed
            // play screen plays it by touch (issue 15), the command line by script.
            GameId::Gates => RulesStatus::PlayableInProgress,
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_and_are_distinct() {
        for g in GameId::ALL {
            assert_eq!(GameId::from_slug(g.slug()), Some(g));
            for h in GameId::ALL {
                assert_eq!(g == h, g.slug() == h.slug());
                assert_eq!(g == h, g.title() == h.title());
            }
        }
        assert_eq!(GameId::from_slug("berlin85"), Some(GameId::Berlin85));
        assert_eq!(
            GameId::from_slug("fortress-berlin"),
            Some(GameId::FortressBerlin)
        );
        assert_eq!(GameId::from_slug("gates"), Some(GameId::Gates));
        assert_eq!(GameId::from_slug("Berlin85"), None, "slugs are exact");
        assert_eq!(GameId::from_slug(""), None);
    }

    #[test]
    fn all_three_games_are_playable_and_gates_says_its_rules_are_in_progress() {
        assert!(GameId::Berlin85.rules_status().playable());
        let fortress = GameId::FortressBerlin.rules_status();
        assert!(fortress.playable() && fortress.scriptable());
        assert_eq!(fortress.label(), "rules complete");
        let gates = GameId::Gates.rules_status();
        assert_eq!(gates, RulesStatus::PlayableInProgress);
        assert!(gates.playable() && gates.scriptable());
        assert_eq!(gates.label(), "rules in progress; playable at the table");
        // A game whose module is still being built and has no screens is scripted only.
        let cli = RulesStatus::InProgress;
        assert!(!cli.playable() && cli.scriptable());
        assert_eq!(cli.label(), "rules in progress (command line only)");
        // A game listed before its rules exist is neither started nor scripted.
        let unbuilt = RulesStatus::NotYetImplemented;
        assert!(!unbuilt.playable() && !unbuilt.scriptable());
        // A game whose rules are done before its screens says so, and is not started.
        let cli = RulesStatus::CommandLineOnly;
        assert!(!cli.playable() && cli.scriptable());
        assert_eq!(
            cli.label(),
            "rules complete; screens to come (command line only)"
        );
    }

    #[test]
    fn credits_agree_with_publisher_and_year() {
        extern crate std;
        use std::{format, string::ToString};
        for g in GameId::ALL {
            let expect = match g.year() {
                Some(y) => format!("{}, {}", g.publisher(), y),
                None => g.publisher().to_string(),
            };
            assert_eq!(g.credit(), expect);
        }
    }
}
