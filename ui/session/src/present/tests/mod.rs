//! The presentation model on real games, one file per game.

mod berlin85;
mod fortress;
mod fortress_card;
mod gates;
