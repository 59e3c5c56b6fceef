//! A tiny hand-made Fortress Berlin data set to play on in tests: an 8 × 8 board of clear
//! ground with a park, two built-up hexes, a lake, a river crossed by one bridge and a road,
//! eight counters (made-up values: the rulebook prints only combat faces) and one scenario,
//! "skirmish", two turns long, with both sides set up (a test scenario: in the real game the
//! Soviets enter as reinforcements, 13.0). No heap: the workspace tests box it themselves.

use super::board::{terrain, MapData};
use super::combat::standin;
use super::counters::*;
use super::data::{text, GameData, Placement, Scenario};
use super::terrain as tec;
use crate::core::hex::{Dir, Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use crate::core::map::SideFeatures;
use crate::core::units::UnitId;

/// The side the German units belong to (`counters::GERMAN`), for tests outside the engine.
pub const GERMAN_TANK_SIDE: crate::core::side::Side = GERMAN;
pub const GERMAN_INFANTRY_1: UnitId = UnitId(0);
pub const GERMAN_INFANTRY_2: UnitId = UnitId(1);
pub const GERMAN_TANK: UnitId = UnitId(2);
pub const SOVIET_RIFLES_1: UnitId = UnitId(3);
pub const SOVIET_RIFLES_2: UnitId = UnitId(4);
pub const SOVIET_TANK: UnitId = UnitId(5);
pub const SOVIET_ARMY_HQ: UnitId = UnitId(6);
pub const SOVIET_ARTILLERY: UnitId = UnitId(7);

pub const fn hex(col: u8, row: u8) -> HexId {
    HexId::new(col, row)
}

/// The park, built-up and lake hexes, and the hexsides with water and road.
pub const PARK_HEX: HexId = hex(2, 2);
pub const BUILT_UP_HEXES: [HexId; 2] = [hex(4, 4), hex(4, 5)];
pub const LAKE_HEX: HexId = hex(7, 7);
/// A river between 0303 and 0304 (no bridge) and between 0203 and 0204 (bridged).
pub const RIVER: (HexId, HexId) = (hex(3, 3), hex(3, 4));
pub const BRIDGE: (HexId, HexId) = (hex(2, 3), hex(2, 4));
/// A road from 0101 up to 0104.
pub const ROAD: [HexId; 4] = [hex(1, 1), hex(1, 2), hex(1, 3), hex(1, 4)];

pub fn geometry() -> Geometry {
    Geometry {
        columns: 8,
        rows: 8,
        shifted: ShiftedColumns::Even,
        format: HexFormat::Ccrr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    }
}

fn side(m: &mut MapData, a: HexId, b: HexId, f: u16) {
    let s = m.geometry.side_between(a, b).expect("adjacent");
    m.side_mut(s).expect("on the map").insert(f);
}

pub fn map() -> MapData {
    let mut m = MapData::blank(geometry());
    let g = m.geometry;
    let mut set = |h: HexId, t| {
        let i = g.index(h).expect("on the map");
        m.terrain[i] = t;
    };
    set(PARK_HEX, terrain::PARK);
    for h in BUILT_UP_HEXES {
        set(h, terrain::BUILT_UP);
    }
    set(LAKE_HEX, terrain::LAKE);
    side(&mut m, RIVER.0, RIVER.1, SideFeatures::WATER);
    side(
        &mut m,
        BRIDGE.0,
        BRIDGE.1,
        SideFeatures::WATER | SideFeatures::BRIDGE,
    );
    for w in ROAD.windows(2) {
        side(&mut m, w[0], w[1], SideFeatures::ROAD);
    }
    m
}

fn p(range: u8, fs: u8, pf: u8, ma: u8) -> Printed {
    Printed::new(range, fs, pf, ma)
}

fn counter(
    name: &str,
    side: crate::core::side::Side,
    kind: UnitType,
    m: Printed,
    c: Printed,
) -> Counter {
    let weapon = match kind {
        UnitType::Armor => WeaponType::DualPurpose,
        UnitType::Artillery => WeaponType::Artillery,
        _ => WeaponType::SmallArms,
    };
    Counter::new(name, side, kind, UnitSize::Battalion, weapon, m, c, 2)
}

pub fn forces() -> super::board::Forces {
    let mut f = super::board::Forces::default();
    let army = f
        .add_formation("3rd Shock Army", SOVIET, FormationKind::Army, None)
        .expect("room");
    let add = |f: &mut super::board::Forces, c: Counter| f.add(c).expect("room");
    add(
        &mut f,
        counter(
            "I/1 Inf",
            GERMAN,
            UnitType::Infantry,
            p(1, 1, 2, 6),
            p(1, 3, 4, 4),
        ),
    );
    add(
        &mut f,
        counter(
            "II/1 Inf",
            GERMAN,
            UnitType::Infantry,
            p(1, 1, 2, 6),
            p(1, 3, 4, 4),
        ),
    );
    add(
        &mut f,
        counter(
            "Pz Abt",
            GERMAN,
            UnitType::Armor,
            p(1, 4, 3, 8),
            p(1, 6, 5, 6),
        ),
    );
    add(
        &mut f,
        counter(
            "1 Rifle",
            SOVIET,
            UnitType::Infantry,
            p(1, 2, 2, 6),
            p(1, 4, 3, 4),
        )
        .of(army),
    );
    add(
        &mut f,
        counter(
            "2 Rifle",
            SOVIET,
            UnitType::Infantry,
            p(1, 2, 2, 6),
            p(1, 4, 3, 4),
        )
        .of(army),
    );
    add(
        &mut f,
        counter(
            "1 Gds Tank",
            SOVIET,
            UnitType::Armor,
            p(1, 5, 3, 8),
            p(1, 7, 5, 6),
        )
        .of(army),
    );
    let mut hq = counter(
        "3 Sh HQ",
        SOVIET,
        UnitType::Headquarters,
        p(1, 1, 2, 4),
        p(1, 2, 3, 0),
    )
    .of(army)
    .hq(Radius::Hexes(6));
    hq.size = UnitSize::Army;
    add(&mut f, hq);
    add(
        &mut f,
        counter(
            "152 Gun Bde",
            SOVIET,
            UnitType::Artillery,
            p(4, 4, 1, 4),
            p(4, 16, 2, 2),
        )
        .of(army),
    );
    f
}

fn place(unit: UnitId, at: HexId, face: crate::core::faces::Face, facing: Dir) -> Placement {
    Placement {
        unit,
        hex: at,
        face,
        facing,
    }
}

pub fn scenario() -> Scenario {
    let mut setup = heapless::Vec::new();
    for pl in [
        place(GERMAN_INFANTRY_1, hex(4, 4), COMBAT, Dir::Up),
        place(GERMAN_INFANTRY_2, hex(4, 4), COMBAT, Dir::Up),
        place(GERMAN_TANK, hex(3, 5), MANEUVER, Dir::Up),
        place(SOVIET_RIFLES_1, hex(4, 7), MANEUVER, Dir::Down),
        place(SOVIET_RIFLES_2, hex(5, 7), MANEUVER, Dir::Down),
        place(SOVIET_TANK, hex(6, 7), MANEUVER, Dir::Down),
        place(SOVIET_ARMY_HQ, hex(5, 8), COMBAT, Dir::Down),
        place(SOVIET_ARTILLERY, hex(3, 8), COMBAT, Dir::Down),
    ] {
        let _ = setup.push(pl);
    }
    Scenario {
        id: text("skirmish"),
        name: text("Skirmish (test board)"),
        case: text("13.0"),
        last_turn: 2,
        setup,
    }
}

/// The whole data set (large: box it, `Box::new(testkit::data())`).
pub fn data() -> GameData {
    let mut scenarios = heapless::Vec::new();
    let _ = scenarios.push(scenario());
    GameData {
        map: map(),
        forces: forces(),
        combat: standin::tables(),
        movement: tec::standin(),
        scenarios,
        entry_areas: heapless::Vec::new(),
        perimeter: heapless::Vec::new(),
        within_perimeter: heapless::Vec::new(),
        barriers: heapless::Vec::new(),
        groups: heapless::Vec::new(),
        volkssturm_checks: heapless::Vec::new(),
        naval_checks: heapless::Vec::new(),
        stand_ins: heapless::Vec::new(),
    }
}
