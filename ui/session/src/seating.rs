//! Where each player sits, and which edge of the table the screen faces while someone must act
//! (issue 12), for any game.
//!
//! A game lists its players for its options ([`TableGame::table_players`]: one per side in a
//! two-player game; Fortress Berlin's three- to six-player games one per role, 17.2, 17.3);
//! the [`Header`] records the table edge each sits at (`places`). While a side must act, the
//! screen faces one seat of it: the seat of the role the game says must answer
//! ([`TableGame::answering_role`]: the owner of a retreating force, the side's lead role), or
//! the role whose force a player of the acting side has just taken in hand (he is the one
//! moving it), else the side's first seat.

use crate::header::{Header, Seats};
use crate::ruleset::TableGame;
use engine::core::seats::{Formations, Seats as TableSeats, TableEdge};
use engine::core::side::Side;

/// One player at the table, as a game lists them for its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablePlayer {
    /// The role's name, as the core's `Seat::role` and the presentation model's
    /// `CounterFace::role` give it; the side's name when one player has the whole side.
    pub role: &'static str,
    /// The player's name on the start screen (the role's full title).
    pub title: &'static str,
    pub side: Side,
    /// Where he sits unless the players choose otherwise.
    pub edge: TableEdge,
}

/// One player per side, named after it: the side across the table at the North edge, the
/// other at the South edge (the default of [`TableGame::table_players`]).
pub fn two_sided<G: TableGame>() -> Vec<TablePlayer> {
    [Side::A, Side::B]
        .into_iter()
        .map(|side| TablePlayer {
            role: G::side_name(side),
            title: G::side_name(side),
            side,
            edge: if side == G::SIDE_ACROSS {
                TableEdge::North
            } else {
                TableEdge::South
            },
        })
        .collect()
}

/// The core's seats for `players` sitting at `places` (in order; a player beyond them at his
/// default edge). Each seat commands every formation of its side: who commands a force is
/// read from its role ([`TableSeats::holding`]).
pub fn seats_at(players: &[TablePlayer], places: &[TableEdge]) -> TableSeats {
    let mut seats = TableSeats::default();
    for (i, p) in players.iter().enumerate() {
        let edge = places.get(i).copied().unwrap_or(p.edge);
        let _ = seats.add(p.role, p.side, edge, Formations::ALL);
    }
    seats
}

/// The seats of `game` as `header` records them: with no places recorded (a save of formats
/// 1–3), every player of the side across the table at the edge the two-sided `seats` give it
/// and everyone else at the South edge, as such a game was seated.
pub fn seats_of<G: TableGame>(header: &Header, game: &G) -> TableSeats {
    if header.places.is_empty() {
        let mut seats = game.seats_now(&[]);
        for s in seats.seats.iter_mut() {
            s.edge = header.seats.edge_for_side(Some(s.side), G::SIDE_ACROSS);
        }
        return seats;
    }
    game.seats_now(&header.places)
}

/// The seat that must act now in `game`: the seat of `taken` (the role of a force a player of
/// the acting side has taken in hand, while the side gives commands), else of the role the
/// game says must answer, else the acting side's first seat. `None` when nobody must act.
pub fn acting_seat<G: TableGame>(
    seats: &TableSeats,
    game: &G,
    taken: Option<&str>,
) -> Option<usize> {
    let pending = game.pending();
    let side = pending.player()?;
    let commands = matches!(pending, engine::core::protocol::Pending::Command { .. });
    let role = taken
        .filter(|_| commands)
        .and_then(|r| seats.holding(side, r))
        .or_else(|| game.answering_role().and_then(|r| seats.holding(side, r)));
    role.or_else(|| seats.must_act(Some(side)).iter().next())
}

/// The edge of the table the screen faces now: that of the seat that must act
/// ([`acting_seat`]); the South edge once nobody must act, or when the players sit side by
/// side or have turned seat turning off.
pub fn facing<G: TableGame>(header: &Header, game: &G, taken: Option<&str>) -> TableEdge {
    if header.seats == Seats::Off {
        return TableEdge::South;
    }
    let seats = seats_of(header, game);
    acting_seat(&seats, game, taken)
        .and_then(|i| seats.seats.get(i))
        .map_or(TableEdge::South, |s| s.edge)
}
