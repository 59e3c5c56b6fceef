//! Small hand-made boards for unit tests: a blank map, a stand-in chart set, and a roster
//! built unit by unit. Scenario tests run on the real data set (tests/ crate); these exist so
//! each rule can be tested on the smallest board that shows it.
#![cfg(test)]
extern crate std;

use super::data::*;
use super::game::Game;
use super::state::{Options, Phase};
use crate::core::capacity::berlin85::{MapData, Roster};
use crate::core::crt::{ColumnRange, Columns};
use crate::core::hex::{Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use crate::core::map::{HexFeatures, Place, PlaceKind, SideFeatures};
use crate::core::side::Side;
use crate::core::units::{Formation, Location, Nationality, UnitDef, UnitId, UnitKind};
use std::boxed::Box;

pub const CLEAR: u8 = 0;
pub const URBAN: u8 = 1;
pub const SUBURBAN: u8 = 2;
pub const INDUSTRIAL: u8 = 3;
pub const FOREST: u8 = 4;
pub const ROUGH: u8 = 5;
pub const PARK: u8 = 6;
pub const LAKE: u8 = 7;
pub const AIRFIELD: u8 = 8;

fn s<const N: usize>(t: &str) -> heapless::String<N> {
    let mut x = heapless::String::new();
    let _ = x.push_str(t);
    x
}

fn terrain(
    key: &str,
    mp_half: u16,
    shift: i8,
    survival: i8,
    coll: Option<u8>,
    zoc_blocked: bool,
) -> TerrainEffects {
    TerrainEffects {
        key: s(key),
        name: s(key),
        mp_half,
        combat_shift: shift,
        survival,
        collateral_row: coll,
        zoc_blocked,
        no_stopping: key == "lake",
        open: key == "clear",
    }
}

/// A stand-in chart set consistent with the rulebook's examples ([7.0] park = 1 left).
pub fn tables() -> Tables {
    use CombatResult::*;
    let mut cols = Columns {
        ranges: heapless::Vec::new(),
    };
    for v in -7..=3 {
        let _ = cols.ranges.push(ColumnRange { lo: v, hi: v });
    }
    let _ = cols.ranges.push(ColumnRange { lo: 4, hi: 5 });
    let _ = cols.ranges.push(ColumnRange { lo: 6, hi: 8 });
    let _ = cols.ranges.push(ColumnRange { lo: 9, hi: 11 });
    let _ = cols.ranges.push(ColumnRange { lo: 12, hi: 12 });
    // 15 columns, as data/berlin85/tables.toml: -7 … +3, +4..+5, +6..+8, +9..+11, +12.
    // Rows: die 1 … 6.
    let rows: [[CombatResult; 15]; 6] = [
        [Ae, A3, A2, A2, A1, A1, Br, D1, D1, D2, D2, D3, D4, De, De],
        [A3, A2, A2, A1, A1, Br, Br, D1, D1, D1, D2, D2, D3, D4, De],
        [
            A2, A2, A1, A1, Br, Br, NoEffect, Ax, D1, D1, D1, D2, D3, D3, D4,
        ],
        [
            A2, A1, A1, Br, Br, NoEffect, Ax, Ax, Ex, D1, D1, D1, D2, D3, D3,
        ],
        [
            A1, A1, Br, NoEffect, NoEffect, Ax, Ax, Ex, Ex, Ex, D1, D1, D2, D2, D3,
        ],
        [
            A1, Br, NoEffect, NoEffect, Ax, Ax, Ex, Ex, Ex, Ex, Ex, D1, D1, D2, D2,
        ],
    ];
    let crt = rows.map(|r| {
        let mut v = heapless::Vec::new();
        for x in r {
            let _ = v.push(x);
        }
        v
    });
    let mut t = heapless::Vec::new();
    for x in [
        terrain("clear", 2, 0, 1, None, false),
        terrain("urban", 4, 2, -3, Some(0), true),
        terrain("suburban", 3, 1, -1, Some(1), false),
        terrain("industrial", 3, 1, -1, Some(2), false),
        terrain("forest", 4, 1, -3, Some(3), false),
        terrain("rough", 4, 1, -2, Some(4), false),
        terrain("park", 2, 1, 0, Some(5), false),
        terrain("lake", 2, 0, 0, None, false),
        terrain("airfield", 2, 0, 1, None, false),
    ] {
        let _ = t.push(x);
    }
    let mut thresholds = heapless::Vec::new();
    for base in [6u8, 8, 8, 10, 10, 12] {
        let mut row = heapless::Vec::new();
        for k in 0..5 {
            let _ = row.push(base + 4 * k);
        }
        let _ = thresholds.push(row);
    }
    let collateral = [1u8, 2, 3, 4, 5, 6].map(|die| {
        let mut v = heapless::Vec::new();
        for col in 0..5u8 {
            let _ = v.push(die + col >= 5);
        }
        v
    });
    let mut turns = heapless::Vec::new();
    for t in 1..=16u8 {
        let night = t % 3 == 0;
        let _ = turns.push(TurnBox {
            night,
            wp_air_points: if night { 0 } else { 6 },
            vp_multiple_halves: (11u8.saturating_sub(t.div_ceil(2) + (t > 14) as u8)).max(1),
        });
    }
    let mut untried = heapless::Vec::new();
    for (kind, a, d, n) in [
        (UnitKind::Mechanized, 5, 4, 60),
        (UnitKind::Mechanized, 6, 6, 40),
        (UnitKind::Police, 1, 2, 30),
        (UnitKind::Police, 0, 1, 14),
        (UnitKind::Paratroop, 4, 4, 12),
    ] {
        let _ = untried.push(UntriedChit {
            kind,
            attack: a,
            defense: d,
            count: n,
        });
    }
    let honors_cols = [6i16, 10, 15, 20, 30];
    let mut honors_columns = heapless::Vec::new();
    for c in honors_cols {
        let _ = honors_columns.push(c);
    }
    let honors = core::array::from_fn(|row| {
        let mut v = heapless::Vec::new();
        for col in 0..5 {
            let total = row + 2 + col;
            let _ = v.push(match total {
                0..=5 => HonorsResult::NoEffect,
                6..=8 => HonorsResult::Bonus,
                9..=10 => HonorsResult::Modifier(1),
                11..=12 => HonorsResult::CeaseFireOrSurrender,
                _ => HonorsResult::Surrender,
            });
        }
        v
    });
    Tables {
        terrain: t,
        water: HexsideEffects {
            mp_half: 4,
            combat_shift: 1,
        },
        ferry: HexsideEffects {
            mp_half: 6,
            combat_shift: 1,
        },
        bridge: HexsideEffects {
            mp_half: 2,
            combat_shift: 0,
        },
        border: HexsideEffects {
            mp_half: 4,
            combat_shift: 1,
        },
        lake_shore: HexsideEffects {
            mp_half: 8,
            combat_shift: 0,
        },
        ruin: HexsideEffects {
            mp_half: 2,
            combat_shift: 1,
        },
        crt_columns: cols,
        crt,
        collateral_thresholds: thresholds,
        collateral,
        reinforcement: {
            use ReinforcementResult::*;
            [
                NoReinforcements,
                NoReinforcements,
                NoReinforcements,
                NoReinforcements,
                NoEffect,
                NoEffect,
                NoEffect,
                NoEffect,
                NoEffect,
                AirSupport,
                AirSupportAndJagerbrigade,
            ]
        },
        survival: {
            use SurvivalResult::*;
            [
                Destroyed, Scatter, Scatter, Scatter, Lands, Lands, Lands, Lands, Lands, Lands,
                Lands, Lands,
            ]
        },
        scatter: [0, 1, 2, 3, 4, 5],
        honors_columns,
        honors,
        turns,
        untried,
    }
}

/// Builder for a small board.
pub struct Board {
    pub data: Box<GameData>,
}

impl Board {
    /// A `cols` x `rows` all-clear map, all East Germany, numbered like Berlin '85.
    pub fn new(cols: u8, rows: u8) -> Self {
        let geometry = Geometry {
            columns: cols,
            rows,
            shifted: ShiftedColumns::Even,
            format: HexFormat::Ccrr,
            first_column_at: Edge::East,
            first_row_at: Edge::South,
        };
        let mut map = MapData::blank(geometry);
        for r in map.region.iter_mut() {
            *r = Region::EastGermany as u8;
        }
        let mut formations = heapless::Vec::new();
        for (id, side, nat) in [
            ("nato", super::state::NATO, Nationality::Us),
            ("wp", super::state::WARSAW_PACT, Nationality::Soviet),
        ] {
            let _ = formations.push(Formation {
                id: s(id),
                name: s(id),
                side,
                nationality: nat,
            });
        }
        let mut scenarios = heapless::Vec::new();
        let _ = scenarios.push(Scenario {
            id: s("test"),
            name: s("Test"),
            case: s("21.1"),
            start_turn: 1,
            end_turn: 16,
            setup: heapless::Vec::new(),
            reinforcements: heapless::Vec::new(),
            rules: SpecialRules::default(),
            victory_points: crate::berlin85::victory::medicine_wheel_test_schedule(),
        });
        Board {
            data: Box::new(GameData {
                map,
                roster: Roster {
                    formations,
                    units: heapless::Vec::new(),
                },
                tables: tables(),
                scenarios,
                stand_ins: heapless::Vec::new(),
            }),
        }
    }

    pub fn terrain(&mut self, h: HexId, t: u8) -> &mut Self {
        if let Some(i) = self.data.map.idx(h) {
            self.data.map.terrain[i] = t;
        }
        self
    }

    pub fn region(&mut self, h: HexId, r: Region) -> &mut Self {
        if let Some(i) = self.data.map.idx(h) {
            self.data.map.region[i] = r as u8;
        }
        self
    }

    pub fn feature(&mut self, h: HexId, f: u32) -> &mut Self {
        if let Some(i) = self.data.map.idx(h) {
            self.data.map.features[i].insert(f);
        }
        self
    }

    /// Adds a feature to the side between two adjacent hexes.
    pub fn side(&mut self, a: HexId, b: HexId, f: u16) -> &mut Self {
        if let Some(sd) = self.data.map.geometry.side_between(a, b) {
            if let Some(x) = self.data.map.side_mut(sd) {
                x.insert(f);
            }
        }
        self
    }

    /// A road (or Autobahn, U-Bahn …) along a path of adjacent hexes.
    pub fn line(&mut self, path: &[HexId], f: u16) -> &mut Self {
        for w in path.windows(2) {
            self.side(w[0], w[1], f);
        }
        self
    }

    /// Adds a unit; returns its id. Untried units get printed 0-0 and draw from the mix.
    pub fn unit(
        &mut self,
        side: Side,
        kind: UnitKind,
        attack: u8,
        defense: u8,
        movement: u8,
    ) -> UnitId {
        let id = UnitId(self.data.roster.units.len() as u16);
        let nat = if side == super::state::NATO {
            Nationality::Us
        } else {
            Nationality::Soviet
        };
        let _ = self.data.roster.units.push(UnitDef {
            id: {
                let mut x = heapless::String::new();
                let _ = core::fmt::write(&mut x, format_args!("u{}", id.0));
                x
            },
            name: {
                let mut x = heapless::String::new();
                let _ = core::fmt::write(&mut x, format_args!("unit {}", id.0));
                x
            },
            side,
            nationality: nat,
            formation: if side == super::state::NATO { 0 } else { 1 },
            kind,
            size: s("II"),
            movement,
            attack,
            defense,
            barrage: 0,
            fpf: 0,
            range: 0,
            untried: false,
        });
        id
    }

    pub fn artillery(
        &mut self,
        side: Side,
        barrage: u8,
        fpf: u8,
        range: u8,
        defense: u8,
        movement: u8,
    ) -> UnitId {
        let id = self.unit(side, UnitKind::Artillery, 0, defense, movement);
        let d = &mut self.data.roster.units[id.0 as usize];
        d.barrage = barrage;
        d.fpf = fpf;
        d.range = range;
        id
    }

    pub fn def_mut(&mut self, u: UnitId) -> &mut UnitDef {
        &mut self.data.roster.units[u.0 as usize]
    }

    pub fn scenario_mut(&mut self) -> &mut Scenario {
        &mut self.data.scenarios[0]
    }

    /// Adds a named place of `kind` on `hexes`, with control `towers` (an airfield's [13.23]).
    pub fn place(&mut self, name: &str, kind: PlaceKind, hexes: &[&str], towers: &[&str]) {
        let mut p = Place {
            name: heapless::String::new(),
            kind,
            hexes: heapless::Vec::new(),
            towers: heapless::Vec::new(),
        };
        p.name.push_str(name).unwrap();
        for &h in hexes {
            p.hexes.push(hex(h)).unwrap();
        }
        for &h in towers {
            p.towers.push(hex(h)).unwrap();
        }
        self.data.map.places.push(p).unwrap();
    }

    /// A game on this board in `phase` of `turn` with `phasing` to act, units placed as given.
    /// The board must outlive the game: leak it (tests only).
    pub fn game(
        self,
        phase: Phase,
        phasing: Side,
        turn: u8,
        placed: &[(UnitId, HexId)],
    ) -> Game<'static> {
        let data: &'static GameData = Box::leak(self.data);
        let mut g = Game::new(data, "test", Options::default()).expect("test scenario");
        g.state.phase = phase;
        g.state.phasing = phasing;
        g.state.turn = turn;
        for &(u, h) in placed {
            g.state.units[u.0 as usize].location = Location::OnMap(h);
        }
        g
    }
}

pub fn hex(t: &str) -> HexId {
    crate::core::hex::parse_hex(t).expect("hex number")
}

#[allow(unused_imports)]
pub use crate::core::map::HexFeatures as HF;
#[allow(unused_imports)]
pub use crate::core::map::SideFeatures as SF;
const _: u32 = HexFeatures::SUPPLY;
const _: u16 = SideFeatures::WATER;

/// Puts marker `m` (ruin, fire, gas) in hex `h`.
pub fn mark(g: &mut Game<'_>, h: &str, m: u8) {
    g.hex_state_mut(hex(h))
        .expect("on the map")
        .markers
        .insert(m);
}

/// Puts a ruin marker in hex `h` [10.5].
pub fn ruin(g: &mut Game<'_>, h: &str) {
    mark(g, h, crate::core::map::Markers::RUIN);
}
