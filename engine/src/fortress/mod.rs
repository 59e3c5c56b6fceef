//! Fortress Berlin (LPS / Against the Odds, 2004), the second ruleset on the core.
//!
//! Built module by module; each submodule cites the rule cases it implements.
//! `combat` — module 8.0, the combat segment's resolution over a described combat.

pub mod combat;
