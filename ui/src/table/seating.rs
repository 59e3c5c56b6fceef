//! Where the players sit, as the start screen sets it (issue 12): in a game of more than two
//! players (Fortress Berlin's 17.2, 17.3) one row per player with his role's name and the four
//! edges of the table; with two, the two-sided seats (opposite, same side, off, round a corner).
//! The new game's header records one edge per player (`Header::places`). Written for any game
//! (`TableGame::table_players`).

use super::*;
use session::TableGame;

/// `TableEdge` as the start screen's edge index (0 South, 1 East, 2 North, 3 West).
fn edge_index(e: TableEdge) -> i32 {
    TableEdge::ALL.iter().position(|&x| x == e).unwrap_or(0) as i32
}

fn edge_at(i: i32) -> TableEdge {
    usize::try_from(i)
        .ok()
        .and_then(|i| TableEdge::ALL.get(i).copied())
        .unwrap_or(TableEdge::South)
}

/// The rows of game `G`'s players with `options`: none with two players (the two-sided seats
/// serve), else each player's title and edge, keeping the edge a player already picked
/// (`before`, by title) when the number of players changes.
pub(super) fn seat_rows<G: TableGame>(options: &G::Options, before: &[SeatRow]) -> Vec<SeatRow> {
    let players = G::table_players(options);
    if players.len() <= 2 {
        return Vec::new();
    }
    players
        .iter()
        .map(|p| SeatRow {
            title: p.title.into(),
            edge: before
                .iter()
                .find(|r| r.title.as_str() == p.title)
                .map_or(edge_index(p.edge), |r| r.edge),
        })
        .collect()
}

impl Controller {
    /// Shows game `G`'s player rows for `options` on the start screen.
    pub(super) fn show_seat_rows_of<G: TableGame>(&self, options: &G::Options) {
        let before: Vec<SeatRow> = self.models.player_seats.iter().collect();
        sync(&self.models.player_seats, seat_rows::<G>(options, &before));
    }

    /// A player picked the edge he sits at (row `i`, edge `e` in `TableEdge` order).
    pub(super) fn seat_edge(&mut self, _w: &AppWindow, i: i32, e: i32) {
        let model = &self.models.player_seats;
        let Some(mut row) = usize::try_from(i).ok().and_then(|i| model.row_data(i)) else {
            return;
        };
        row.edge = edge_index(edge_at(e));
        model.set_row_data(i as usize, row);
    }

    /// Where the players of a new game of `G` sit, on its header: one edge per player from the
    /// rows (a game of more than two; the screen turns to whoever must act), or as the
    /// two-sided seats say.
    pub(super) fn seat_header<G: TableGame>(&self, v: &View<'_>, header: &mut Header) {
        let rows = &self.models.player_seats;
        if rows.row_count() > 0 {
            header.seats = Seats::Opposite;
            header.places = rows.iter().map(|r| edge_at(r.edge)).collect();
            return;
        }
        let seats = match v.get_seats() {
            0 => Seats::Opposite,
            1 => Seats::Same,
            3 => Seats::Right,
            4 => Seats::Left,
            _ => Seats::Off,
        };
        header.seat_two_sided::<G>(seats);
    }
}
