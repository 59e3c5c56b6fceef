//! Capacities per game. The core's containers and searches take their capacities as const
//! parameters ([`MapData<H, P>`](super::map::MapData), [`Roster<U, F>`](super::units::Roster),
//! [`Reachable<H, M>`](super::movement::Reachable)); each game names its own here, with the
//! scale of its Movement Points, so a big map or roster of one game never grows another game's
//! state or data. Every figure is a capacity, not the game's count: overflowing one is an
//! error value ("engine" refusals, `SearchError::QueueFull`), never a panic.
//!
//! The search's node count (`HEXES * MODES`) must stay within 32,768 (`Reachable`'s packed
//! open list); the compiler checks it where a search is instantiated.
//!
//! Sizes (bytes, x86-64; `cargo run --release -p tests --bin bench state` prints them):
//! Berlin '85's `GameData` and `State` are exactly what they were before capacities were per
//! game.

/// Berlin '85 (SPI 1980): a 39 x 50 map (1,950 hexes), 200 counters, a handful of airfields
/// and named areas. Capacities are as they were when they were the core's only ones, so
/// `GameData`, the search scratch and the compiled blob are unchanged (a club's own map may be
/// larger than the printed one, up to `HEXES`; the game state itself tracks 2,048 hexes,
/// `berlin85::state::MAX_MAP_HEXES`).
pub mod berlin85 {
    use crate::core::movement::MpScale;

    pub const HEXES: usize = 4800;
    /// Airfields [13.22], Potsdam [21.11], the rail line [20.22] …
    pub const PLACES: usize = 24;
    pub const UNITS: usize = 320;
    pub const FORMATIONS: usize = 48;
    /// Above ground, and underground on the U-Bahn [15.0].
    pub const MODES: usize = 2;
    /// Half-MP: the Autobahn costs 1/2 MP [5.23].
    pub const MP: MpScale = MpScale::HALVES;

    pub type MapData = crate::core::map::MapData<HEXES, PLACES>;
    pub type Roster = crate::core::units::Roster<UNITS, FORMATIONS>;
    pub type Reachable = crate::core::movement::Reachable<HEXES, MODES>;
}

/// Fortress Berlin (LPS 2004): one map (hexes up to column 64 are cited: 6430/6431 in 13.4,
/// 5015 in 16.x), 350–400 combat units in stacks of 2–4 (3.1.2, 3.1.3) plus leaders (17.4),
/// entry areas A–X (5.0) besides the named buildings and airfields.
pub mod fortress_berlin {
    use crate::core::movement::MpScale;

    /// Room for an 80 x 60 numbering space.
    pub const HEXES: usize = 4800;
    /// 24 entry areas, the Reichstag, the Führer Bunker, flak towers, airfields, leaders'
    /// buildings (17.4.1).
    pub const PLACES: usize = 48;
    pub const UNITS: usize = 512;
    /// Divisions, corps and armies with their HQs (3.5).
    pub const FORMATIONS: usize = 96;
    /// Maneuver mode, combat mode (3.3), underground on the U-Bahn (17.1); a mode change in
    /// the middle of a move is an in-place step costing 2 MP (3.3.3,
    /// `MoveRules::in_place`).
    pub const MODES: usize = 3;
    /// The Terrain Effects Chart is not in the rulebook; its lower road and rail rates (7.3.2)
    /// are assumed to be 1/2 MP until the printed chart is transcribed (stand-in).
    pub const MP: MpScale = MpScale::HALVES;

    pub type MapData = crate::core::map::MapData<HEXES, PLACES>;
    pub type Roster = crate::core::units::Roster<UNITS, FORMATIONS>;
    pub type Reachable = crate::core::movement::Reachable<HEXES, MODES>;
}

/// The Enemy is at the Gates: Berlin 1985 (Compass CSS): four 34 x 22 inch sheets at 500 m a
/// hex (1.1, 1.2), about 5,000–6,000 playable hexes laid out as one numbering space (hexes up
/// to column 66 and row 58 are cited), company-scale units from nine countersheets (1.1).
pub mod gates {
    use crate::core::movement::MpScale;

    /// Room for an 80 x 80 numbering space over the four sheets.
    pub const HEXES: usize = 6400;
    /// Police headquarters (4.1.2), customs police headquarters (2.2.6), reinforcement hexes
    /// (3.5), airfields (3.11.4) …
    pub const PLACES: usize = 96;
    /// Nine countersheets hold about 2,500 pieces, markers included; the units among them
    /// are an estimate until the counter manifest is transcribed (stand-in).
    pub const UNITS: usize = 1536;
    pub const FORMATIONS: usize = 128;
    /// Column and Deployed (2.1.7; series S2.2.1), each in either part of a hex a river or an
    /// in-hex stream divides (2.2.2, 2.2.3; series S7.4, S7.10): the part a unit is in decides
    /// where it may go next and what leaving costs, so it is part of the search's node. Boats
    /// move along river hexsides (4.2), not through hexes: not a mode of this search.
    pub const MODES: usize = 4;
    /// Sixth-MP: a unit in Column enters a road hex for 1/2 MP (2.1.9) and a highway hex for
    /// 1/3 MP (2.1.7); series S1.5.
    pub const MP: MpScale = MpScale::SIXTHS;

    pub type MapData = crate::core::map::MapData<HEXES, PLACES>;
    pub type Roster = crate::core::units::Roster<UNITS, FORMATIONS>;
    pub type Reachable = crate::core::movement::Reachable<HEXES, MODES>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::{Edge, Geometry, HexFormat, HexId, ShiftedColumns};
    use crate::core::movement::{search, Link, MoveRules, MpScale, Reachable, Step};
    use core::mem::size_of;
    extern crate std;

    #[test]
    fn berlin85_keeps_its_sizes() {
        // The figures before capacities were per game (x86-64 and the 32-bit ARM target alike
        // count these arrays the same way; pointers and padding aside).
        assert_eq!(
            size_of::<berlin85::MapData>(),
            size_of::<crate::core::map::MapData<4800, 24>>()
        );
        assert_eq!(berlin85::MP.mp(1), 2);
    }

    /// Clear terrain, 1 MP a hex in every game's scale.
    struct Open(crate::core::movement::MpScale);
    impl MoveRules for Open {
        fn steps(&self, _l: Link, m: u8, out: &mut heapless::Vec<Step, 4>) {
            let _ = out.push(Step {
                cost: self.0.mp(1),
                mode: m,
                stop: false,
            });
        }
        fn may_end(&self, _h: HexId, _m: u8) -> bool {
            true
        }
    }

    #[test]
    fn every_game_searches_its_whole_map() {
        // Instantiating the searches also checks the node packing at compile time.
        fn whole_map<const H: usize, const M: usize>(mp: MpScale) {
            let mut side = 1;
            while (side + 1) * (side + 1) <= H {
                side += 1;
            }
            let side = side as u8;
            let g = Geometry {
                columns: side,
                rows: side,
                shifted: ShiftedColumns::Even,
                format: HexFormat::CcDotRr,
                first_column_at: Edge::West,
                first_row_at: Edge::North,
            };
            let mut r = std::boxed::Box::new(Reachable::<H, M>::new());
            let corner = HexId::new(1, 1);
            search(&g, &Open(mp), corner, 0, mp.mp(200), &mut r).unwrap();
            assert_eq!(r.iter(&g).count(), g.hex_count());
        }
        whole_map::<{ berlin85::HEXES }, { berlin85::MODES }>(berlin85::MP);
        whole_map::<{ fortress_berlin::HEXES }, { fortress_berlin::MODES }>(fortress_berlin::MP);
        whole_map::<{ gates::HEXES }, { gates::MODES }>(gates::MP);
    }
}
