//! Players and seats over the two sides: who sits where at the table, which side each plays,
//! which formations each commands, and which seats must act when a side must.
//!
//! Berlin '85 and Gates are two-player games (one seat per side). Fortress Berlin may be
//! played by three to six (17.2, 17.3): two Soviet fronts and up to four German commands, the
//! players of a side acting together in that side's phases, each moving only the formations
//! given to him, and the German commands can swap roles during play (17.3.1). The engine
//! speaks in [`Side`]s; the session maps them to seats with [`Seats`].

use super::protocol::RuleViolation;
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Players at one table (Fortress Berlin's six-player game, 17.3.3).
pub const MAX_SEATS: usize = 6;

/// The edge of the table a seat faces from, as the rotation of its view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableEdge {
    /// 0°: the edge the map is drawn upright for.
    South,
    /// 90°.
    East,
    /// 180°.
    North,
    /// 270°.
    West,
}

impl TableEdge {
    pub const ALL: [TableEdge; 4] = [
        TableEdge::South,
        TableEdge::East,
        TableEdge::North,
        TableEdge::West,
    ];
    /// How far a view for this seat is turned, in degrees.
    pub const fn degrees(self) -> u16 {
        self as u16 * 90
    }
}

/// A set of formation indices (`UnitDef::formation`, 0–255).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formations(pub [u64; 4]);

impl Formations {
    pub const NONE: Formations = Formations([0; 4]);
    pub const ALL: Formations = Formations([u64::MAX; 4]);

    pub fn of(list: &[u8]) -> Formations {
        let mut f = Formations::NONE;
        for &x in list {
            f.insert(x);
        }
        f
    }
    pub const fn contains(&self, f: u8) -> bool {
        self.0[(f / 64) as usize] & (1 << (f % 64)) != 0
    }
    pub fn insert(&mut self, f: u8) {
        self.0[(f / 64) as usize] |= 1 << (f % 64);
    }
    pub fn remove(&mut self, f: u8) {
        self.0[(f / 64) as usize] &= !(1 << (f % 64));
    }
    pub fn overlaps(&self, o: &Formations) -> bool {
        self.0.iter().zip(o.0.iter()).any(|(a, b)| a & b != 0)
    }
}

/// One player's place at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The role's name ("NATO", "Zhukov", "Hitler Player" …).
    pub role: heapless::String<24>,
    pub side: Side,
    pub edge: TableEdge,
    /// The formations of `side` this seat commands.
    pub commands: Formations,
}

/// A bit per seat index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const fn contains(self, i: usize) -> bool {
        self.0 & (1 << i) != 0
    }
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..MAX_SEATS).filter(move |&i| self.contains(i))
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
}

/// Who sits at the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    pub seats: heapless::Vec<Seat, MAX_SEATS>,
}

const FULL: RuleViolation = RuleViolation::new("engine", "too many seats");

impl Seats {
    /// One seat per side, facing each other across the table (Berlin '85, Gates).
    pub fn two_player(a: &str, b: &str) -> Seats {
        let mut s = Seats::default();
        let _ = s.add(a, Side::A, TableEdge::South, Formations::ALL);
        let _ = s.add(b, Side::B, TableEdge::North, Formations::ALL);
        s
    }

    /// Adds a seat; the index it gets is its place in [`Seats::seats`].
    pub fn add(
        &mut self,
        role: &str,
        side: Side,
        edge: TableEdge,
        commands: Formations,
    ) -> Result<usize, RuleViolation> {
        let mut r = heapless::String::new();
        for c in role.chars() {
            if r.push(c).is_err() {
                break;
            }
        }
        self.seats
            .push(Seat {
                role: r,
                side,
                edge,
                commands,
            })
            .map_err(|_| FULL)?;
        Ok(self.seats.len() - 1)
    }

    /// The seats playing `side`.
    pub fn of_side(&self, side: Side) -> SeatSet {
        let mut s = SeatSet(0);
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.side == side {
                s.0 |= 1 << i;
            }
        }
        s
    }

    /// The seats that must act when the engine waits for `side` (`Pending::player()`): all
    /// players of that side act together in its phases (17.2). `None` (game over): nobody.
    pub fn must_act(&self, side: Option<Side>) -> SeatSet {
        side.map_or(SeatSet(0), |s| self.of_side(s))
    }

    /// The seat that commands `formation` of `side`: the one that must answer for a unit of
    /// it (a retreat, a loss). `None` if no seat does.
    pub fn commander(&self, side: Side, formation: u8) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.side == side && s.commands.contains(formation))
    }

    /// The seat of `side` holding `role` (by the role's name): the one that answers for a
    /// unit the game says that role commands (FB 17.2, 17.3). `None` if no seat does.
    pub fn holding(&self, side: Side, role: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.side == side && s.role.as_str() == role)
    }

    /// May seat `i` give orders to a unit of `side` in `formation`?
    pub fn may_command(&self, i: usize, side: Side, formation: u8) -> bool {
        self.seats
            .get(i)
            .is_some_and(|s| s.side == side && s.commands.contains(formation))
    }

    /// Two seats of one side trade their commands (and roles) but keep their places at the
    /// table (17.3.1: the Hitler and Armed Forces players exchange roles).
    pub fn swap_roles(&mut self, a: usize, b: usize) -> Result<(), RuleViolation> {
        let n = self.seats.len();
        if a >= n || b >= n || self.seats[a].side != self.seats[b].side {
            return Err(RuleViolation::new(
                "17.3.1",
                "only two players of the same side can exchange roles",
            ));
        }
        let (ra, ca) = (self.seats[a].role.clone(), self.seats[a].commands);
        self.seats[a].role = self.seats[b].role.clone();
        self.seats[a].commands = self.seats[b].commands;
        self.seats[b].role = ra;
        self.seats[b].commands = ca;
        Ok(())
    }

    /// Checks that each side has a seat and that every formation in `formations` (index,
    /// side) is commanded by exactly one seat of its side.
    pub fn validate(&self, formations: &[(u8, Side)]) -> Result<(), RuleViolation> {
        for side in [Side::A, Side::B] {
            if self.of_side(side).is_empty() {
                return Err(RuleViolation::new("17.2", "each side needs a player"));
            }
        }
        for &(f, side) in formations {
            let n = self
                .seats
                .iter()
                .filter(|s| s.side == side && s.commands.contains(f))
                .count();
            if n != 1 {
                return Err(RuleViolation::new(
                    "17.3",
                    "every formation needs exactly one commanding player",
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Formations of a toy Fortress Berlin: 0–2 Zhukov's armies, 3–4 Koniev's, 10 SS, 11 Army,
    // 12 Volkssturm, 13 FAH.
    const ZHUKOV: &[u8] = &[0, 1, 2];
    const KONIEV: &[u8] = &[3, 4];

    fn formations() -> [(u8, Side); 9] {
        [
            (0, Side::B),
            (1, Side::B),
            (2, Side::B),
            (3, Side::B),
            (4, Side::B),
            (10, Side::A),
            (11, Side::A),
            (12, Side::A),
            (13, Side::A),
        ]
    }

    fn four_players() -> Seats {
        let mut s = Seats::default();
        s.add("Zhukov", Side::B, TableEdge::North, Formations::of(ZHUKOV))
            .unwrap();
        s.add("Koniev", Side::B, TableEdge::East, Formations::of(KONIEV))
            .unwrap();
        s.add(
            "Hitler Player",
            Side::A,
            TableEdge::South,
            Formations::of(&[10, 12, 13]),
        )
        .unwrap();
        s.add(
            "Armed Forces Player",
            Side::A,
            TableEdge::West,
            Formations::of(&[11]),
        )
        .unwrap();
        s
    }

    #[test]
    fn two_player_games_seat_one_player_per_side_across_the_table() {
        let s = Seats::two_player("NATO", "Warsaw Pact");
        assert_eq!(s.must_act(Some(Side::A)), SeatSet(0b01));
        assert_eq!(s.must_act(Some(Side::B)), SeatSet(0b10));
        assert!(s.must_act(None).is_empty());
        assert_eq!(s.seats[0].edge.degrees(), 0);
        assert_eq!(s.seats[1].edge.degrees(), 180);
        assert!(s.validate(&formations()).is_ok());
    }

    // 17.2 three-player game: both Soviet players act in the Soviet phases
    #[test]
    fn a_side_with_two_players_has_both_act() {
        let s = four_players();
        let soviets = s.must_act(Some(Side::B));
        assert_eq!(soviets.iter().collect::<heapless::Vec<usize, 6>>(), [0, 1]);
        assert_eq!(soviets.len(), 2);
        assert_eq!(
            TableEdge::ALL.map(|e| e.degrees()),
            [0, 90, 180, 270],
            "seats on all four edges"
        );
        assert_eq!(s.seats[1].edge.degrees(), 90);
        assert_eq!(s.seats[3].edge.degrees(), 270);
    }

    // 17.2 each Soviet player commands his own front's armies
    #[test]
    fn each_formation_has_one_commander() {
        let s = four_players();
        assert_eq!(s.commander(Side::B, 1), Some(0));
        assert_eq!(s.commander(Side::B, 4), Some(1));
        assert_eq!(s.commander(Side::A, 11), Some(3));
        assert_eq!(s.holding(Side::B, "Koniev"), Some(1));
        assert_eq!(s.holding(Side::A, "Koniev"), None);
        assert!(s.may_command(2, Side::A, 13));
        assert!(!s.may_command(2, Side::A, 11));
        assert!(!s.may_command(0, Side::B, 3));
        assert!(s.validate(&formations()).is_ok());
        // A formation nobody commands, or two commanders, is refused.
        let mut t = s.clone();
        t.seats[3].commands.remove(11);
        assert_eq!(t.validate(&formations()).unwrap_err().case, "17.3");
        let mut t = s.clone();
        t.seats[2].commands.insert(11);
        assert!(t.validate(&formations()).is_err());
        // A side without a player is refused.
        let mut t = Seats::default();
        t.add("Zhukov", Side::B, TableEdge::North, Formations::ALL)
            .unwrap();
        assert_eq!(t.validate(&[]).unwrap_err().case, "17.2");
    }

    // 17.3.1 the Hitler and Armed Forces players exchange roles
    #[test]
    fn swapping_roles_swaps_commands_but_not_places() {
        let mut s = four_players();
        s.swap_roles(2, 3).unwrap();
        assert_eq!(s.seats[2].role.as_str(), "Armed Forces Player");
        assert_eq!(s.seats[2].edge, TableEdge::South);
        assert_eq!(s.commander(Side::A, 11), Some(2));
        assert_eq!(s.commander(Side::A, 13), Some(3));
        assert_eq!(s.swap_roles(0, 2).unwrap_err().case, "17.3.1");
        assert!(s.swap_roles(0, 9).is_err());
    }

    #[test]
    fn more_than_six_seats_is_an_error() {
        let mut s = Seats::default();
        for _ in 0..MAX_SEATS {
            s.add("x", Side::A, TableEdge::South, Formations::NONE)
                .unwrap();
        }
        assert_eq!(
            s.add("x", Side::A, TableEdge::South, Formations::NONE),
            Err(FULL)
        );
    }
}
