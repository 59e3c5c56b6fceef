//! Two-faced counters, facing, per-game printed values and state, and units that change owner.
//!
//! Fortress Berlin prints a unit's maneuver mode on the front and its combat mode on the back,
//! each with its own values (3.3), and a maneuver-mode unit points at a hexside: that side and
//! its two neighbours are its facing, the other three its flank (3.4, 8.1.6, 8.5.3). Gates
//! flips two-sided counters too (a leader to his replacement, a fire to cleared, refugees to an
//! armed mob). Berlin '85 keeps its
//! [`crate::core::units::UnitState`] and does not use this module; its untried side [11.0]
//! stays as it is.
//!
//! A ruleset keeps `CounterDef<P>` beside the core's `UnitDef` (same `UnitId` index) and
//! `CounterState<S>` beside `UnitState`; `P` and `S` are the game's own printed values and
//! state. Where a unit is — including the places appended to
//! [`crate::core::units::Location`] (display boxes, turn track, carried, on a hexside,
//! attached) — stays in `UnitState::location`.

use super::hex::Dir;
use super::side::Side;
use serde::{Deserialize, Serialize};

/// Which side of a counter is up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    /// Fortress Berlin: maneuver mode (3.3.1).
    #[default]
    Front,
    /// Fortress Berlin: combat mode (3.3.2).
    Back,
}

impl Face {
    pub const fn flipped(self) -> Face {
        match self {
            Face::Front => Face::Back,
            Face::Back => Face::Front,
        }
    }
}

/// Values printed on both faces of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoFaced<V> {
    pub front: V,
    pub back: V,
}

impl<V> TwoFaced<V> {
    pub const fn on(&self, face: Face) -> &V {
        match face {
            Face::Front => &self.front,
            Face::Back => &self.back,
        }
    }
}

/// A counter as printed: a game's values `P` on each face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterDef<P> {
    pub faces: TwoFaced<P>,
    /// Whether the counter has a facing when this face is up (Fortress Berlin: maneuver mode
    /// only, 3.4; combat mode faces all round).
    pub faced: TwoFaced<bool>,
}

/// Where a counter points: a hexside of its hex; that side and its two neighbours are the
/// facing sides, the other three the flank (3.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facing(pub Dir);

impl Facing {
    /// The three facing directions, the pointed one first.
    pub const fn front(self) -> [Dir; 3] {
        let i = self.0.index();
        [self.0, Dir::from_index(i + 5), Dir::from_index(i + 1)]
    }
    pub fn faces(self, toward: Dir) -> bool {
        self.front().contains(&toward)
    }
    pub fn flank(self, toward: Dir) -> bool {
        !self.faces(toward)
    }
    /// One hexside clockwise (+1) or counter-clockwise (-1) in direction order.
    pub const fn turned(self, steps: i8) -> Facing {
        Facing(Dir::from_index(
            (self.0.index() as i16 + steps as i16).rem_euclid(6) as usize,
        ))
    }
}

/// A counter's changing state beside `UnitState`: face up, facing, current owner and the
/// game's own state `S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterState<S> {
    pub face: Face,
    /// `None` when the counter has no facing (faces all round).
    pub facing: Option<Facing>,
    /// The side that now owns the unit when it differs from the printed side (a unit that
    /// changes sides); `None` = the printed side.
    pub owner: Option<Side>,
    pub game: S,
}

impl<S: Default> Default for CounterState<S> {
    fn default() -> Self {
        CounterState {
            face: Face::Front,
            facing: None,
            owner: None,
            game: S::default(),
        }
    }
}

impl<S> CounterState<S> {
    /// The side commanding the unit now.
    pub fn side(&self, printed: Side) -> Side {
        self.owner.unwrap_or(printed)
    }

    /// Hands the unit to `to` (back to its printed side clears the override).
    pub fn change_owner(&mut self, printed: Side, to: Side) {
        self.owner = (to != printed).then_some(to);
    }

    /// The values printed on the face that is up.
    pub fn values<'a, P>(&self, def: &'a CounterDef<P>) -> &'a P {
        def.faces.on(self.face)
    }

    /// Turns the counter over. A face without facing drops it; a face with facing keeps the
    /// old one or takes `facing` (3.3.3: a unit entering maneuver mode needs one).
    pub fn flip<P>(&mut self, def: &CounterDef<P>, facing: Dir) {
        self.face = self.face.flipped();
        self.facing = if *def.faced.on(self.face) {
            Some(self.facing.unwrap_or(Facing(facing)))
        } else {
            None
        };
    }

    /// May the unit act toward `toward`? Units without facing act all round (8.1.6).
    pub fn faces(&self, toward: Dir) -> bool {
        match self.facing {
            None => true,
            Some(f) => f.faces(toward),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::units::{Location, UnitId};

    /// Fortress Berlin-like printed values: FS, PF, MA.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
    struct Fb {
        fs: u8,
        pf: u8,
        ma: u8,
    }

    fn tank() -> CounterDef<Fb> {
        CounterDef {
            faces: TwoFaced {
                front: Fb {
                    fs: 2,
                    pf: 3,
                    ma: 10,
                },
                back: Fb {
                    fs: 8,
                    pf: 6,
                    ma: 4,
                },
            },
            faced: TwoFaced {
                front: true,
                back: false,
            },
        }
    }

    // 3.3 deployment modes: each face has its own printed values
    #[test]
    fn flipping_switches_printed_values_and_facing() {
        let def = tank();
        let mut s: CounterState<()> = CounterState {
            facing: Some(Facing(Dir::Up)),
            ..CounterState::default()
        };
        assert_eq!(s.values(&def).ma, 10);
        s.flip(&def, Dir::Down);
        assert_eq!(s.face, Face::Back);
        assert_eq!(
            *s.values(&def),
            Fb {
                fs: 8,
                pf: 6,
                ma: 4
            }
        );
        // 3.4 combat mode has all-round facing
        assert_eq!(s.facing, None);
        assert!(s.faces(Dir::Down));
        s.flip(&def, Dir::Down);
        assert_eq!(s.facing, Some(Facing(Dir::Down)));
        assert_eq!(s.values(&def).fs, 2);
    }

    // 3.4.1 facing: the pointed hexside and its two neighbours face; three are flank
    #[test]
    fn facing_covers_three_hexsides_and_leaves_three_flank() {
        let f = Facing(Dir::Up);
        assert!(f.faces(Dir::Up) && f.faces(Dir::UpHigherCol) && f.faces(Dir::UpLowerCol));
        assert!(f.flank(Dir::Down) && f.flank(Dir::DownHigherCol) && f.flank(Dir::DownLowerCol));
        let g = Facing(Dir::Down);
        assert_eq!(
            Dir::ALL.iter().filter(|&&d| g.faces(d)).count(),
            3,
            "exactly three facing sides"
        );
        assert!(g.faces(Dir::DownHigherCol) && g.flank(Dir::Up));
        assert_eq!(f.turned(1), Facing(Dir::UpHigherCol));
        assert_eq!(f.turned(-1), Facing(Dir::UpLowerCol));
        assert_eq!(f.turned(6), f);
    }

    #[test]
    fn a_unit_may_change_owner_and_back() {
        let mut s: CounterState<u8> = CounterState::default();
        assert_eq!(s.side(Side::A), Side::A);
        s.change_owner(Side::A, Side::B);
        assert_eq!((s.side(Side::A), s.owner), (Side::B, Some(Side::B)));
        s.change_owner(Side::A, Side::A);
        assert_eq!(s.owner, None);
    }

    // Berlin '85's saves must not change: the places appended to `Location` come after the
    // old ones, so the old ones keep their encoding.
    #[test]
    fn old_locations_keep_their_encoding_and_new_ones_round_trip() {
        use crate::core::hex::{HexId, Hexside};
        let old = [
            (Location::Unused, &[0u8][..]),
            (Location::Pool, &[1]),
            (Location::OnMap(HexId::new(3, 4)), &[2, 3, 4]),
            (Location::Eliminated, &[3]),
            (Location::Exited, &[4]),
            (Location::Withheld, &[5]),
        ];
        for (l, bytes) in old {
            assert_eq!(postcard::to_allocvec(&l).unwrap(), bytes, "{l:?}");
        }
        let new = [
            Location::DisplayBox(7),
            Location::TurnTrack(12),
            Location::Carried(UnitId(40)),
            Location::OnHexside(Hexside {
                hex: HexId::new(5, 6),
                dir: 2,
            }),
            Location::Attached(UnitId(3)),
        ];
        for (i, l) in new.iter().enumerate() {
            let b = postcard::to_allocvec(l).unwrap();
            assert_eq!(b[0] as usize, 6 + i, "{l:?} appended in order");
            assert_eq!(postcard::from_bytes::<Location>(&b).unwrap(), *l);
        }
        assert_eq!(
            crate::core::units::UnitState {
                location: Location::Carried(UnitId(1)),
                ..Default::default()
            }
            .hex(),
            None
        );
    }
}
