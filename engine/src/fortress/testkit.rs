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

pub(crate) fn p(range: u8, fs: u8, pf: u8, ma: u8) -> Printed {
    Printed::new(range, fs, pf, ma)
}

pub(crate) fn counter(
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
    for name in ["I/1 Inf", "II/1 Inf"] {
        let infantry = counter(
            name,
            GERMAN,
            UnitType::Infantry,
            p(1, 1, 2, 6),
            p(1, 3, 4, 4),
        );
        add(&mut f, infantry);
    }
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
    for name in ["1 Rifle", "2 Rifle"] {
        let rifles = counter(
            name,
            SOVIET,
            UnitType::Infantry,
            p(1, 2, 2, 6),
            p(1, 4, 3, 4),
        );
        add(&mut f, rifles.of(army));
    }
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
        air: None,
        stand_ins: heapless::Vec::new(),
    }
}

// ---- a campaign on the same board: orders of appearance, Hitler, the Reichstag ----------------

/// Soviet rifles listed for turn 1 at area B (15.0 style).
pub const SOVIET_ARRIVAL_1: UnitId = UnitId(8);
pub const SOVIET_ARRIVAL_2: UnitId = UnitId(9);
/// Soviet rifles listed for turn 2 at area A.
pub const SOVIET_LATE: UnitId = UnitId(10);
/// A German battalion listed for turn 1 at area D (14.0 style).
pub const GERMAN_ARRIVAL: UnitId = UnitId(11);
/// Hitler, set up in the bunker (11.1.1).
pub const HITLER: UnitId = UnitId(12);
/// A German unit withdrawn from turn 1 by the south edge (5.2).
pub const GERMAN_WITHDRAWING: UnitId = UnitId(13);
/// Soviet rifles listed for turn 1 at area C and withdrawn on turn 2 (5.1).
pub const SOVIET_WITHDRAWN: UnitId = UnitId(14);
/// A Waffen SS, a Volkssturm and a Hitler Youth unit (11.1.3).
pub const GERMAN_SS: UnitId = UnitId(15);
pub const GERMAN_VS: UnitId = UnitId(16);
pub const GERMAN_HJ: UnitId = UnitId(17);
/// A Plant Protection Battalion (11.2.1).
pub const GERMAN_PPB: UnitId = UnitId(18);
/// Two more Volkssturm counters: with `GERMAN_VS` they make the cup (11.2.3).
pub const GERMAN_VS_2: UnitId = UnitId(19);
pub const GERMAN_VS_3: UnitId = UnitId(20);
/// The hexes on or within the strongpoint perimeter of the campaign board (5.5, 13.3).
pub const WITHIN_PERIMETER: [HexId; 6] = [
    hex(3, 5),
    hex(3, 6),
    hex(4, 6),
    hex(5, 5),
    hex(5, 6),
    hex(4, 7),
];

/// Entry areas of the campaign board (5.0): A 0201, B 0401, C 0601 on the north edge, D 0803
/// on the east edge, X 0103 on the west edge (X is next to A, 5.4).
pub const ENTRY: [(u8, HexId); 5] = [
    (b'A', hex(2, 1)),
    (b'B', hex(4, 1)),
    (b'C', hex(6, 1)),
    (b'D', hex(8, 3)),
    (b'X', hex(1, 3)),
];
/// The Reichstag (12.0), a strongpoint.
pub const REICHSTAG_HEX: HexId = hex(6, 6);
/// Hitler's bunker (11.1.1).
pub const BUNKER_HEX: HexId = hex(6, 8);
/// Another strongpoint (10.1.3, 10.2).
pub const STRONGPOINT_HEX: HexId = hex(6, 4);
/// The edge hexes the German withdrawal leaves by: the south edge, row 8, west of the bunker.
pub const EXIT_HEXES: [HexId; 4] = [hex(1, 8), hex(2, 8), hex(3, 8), hex(4, 8)];

fn group(
    kind: super::data::GroupKind,
    side: crate::core::side::Side,
    turn: u8,
    entry: Option<(u8, u8)>,
    units: &[UnitId],
) -> super::data::Group {
    super::data::Group {
        kind,
        side,
        turn,
        case: text(if side == GERMAN { "14.0" } else { "15.0" }),
        variant: None,
        entry,
        zone: None,
        hexes: heapless::Vec::new(),
        draw: 0,
        units: units.iter().copied().collect(),
    }
}

/// The testkit board with a 15-turn scenario, "campaign", in which only Hitler is set up; the
/// other counters of the campaign arrive by their listings (large: box it).
pub fn campaign() -> GameData {
    use super::data::{EntryArea, GroupKind};
    use crate::core::map::{HexFeatures, Place, PlaceKind};
    let mut d = data();
    let f = &mut d.forces;
    let inf =
        |name: &str, side| counter(name, side, UnitType::Infantry, p(1, 2, 1, 6), p(1, 4, 2, 4));
    for (name, side) in [
        ("1 Arrival", SOVIET),
        ("2 Arrival", SOVIET),
        ("3 Late", SOVIET),
        ("Kampfgruppe", GERMAN),
    ] {
        f.add(inf(name, side)).expect("room");
    }
    f.add(counter(
        "Hitler",
        GERMAN,
        UnitType::Leader,
        p(0, 0, 0, 0),
        p(0, 0, 0, 0),
    ))
    .expect("room");
    f.add(inf("20 PzG", GERMAN)).expect("room");
    f.add(inf("Polish", SOVIET)).expect("room");
    f.add(inf("SS Bn", GERMAN).ss()).expect("room");
    f.add(counter(
        "VS Bn",
        GERMAN,
        UnitType::Volkssturm,
        p(1, 1, 1, 6),
        p(1, 1, 2, 4),
    ))
    .expect("room");
    f.add(counter(
        "HJ Bn",
        GERMAN,
        UnitType::HitlerYouth,
        p(1, 1, 1, 3),
        p(1, 1, 2, 0),
    ))
    .expect("room");
    f.add(Counter::combat_only(
        "PPB Siemens",
        GERMAN,
        UnitType::PlantProtection,
        UnitSize::Battalion,
        WeaponType::SmallArms,
        p(1, 1, 2, 0),
        1,
    ))
    .expect("room");
    for name in ["VS 2", "VS 3"] {
        f.add(counter(
            name,
            GERMAN,
            UnitType::Volkssturm,
            p(1, 1, 1, 6),
            p(1, 1, 2, 4),
        ))
        .expect("room");
    }
    for (letter, at) in ENTRY {
        let _ = d.entry_areas.push(EntryArea { letter, hex: at });
    }
    let g = d.map.geometry;
    let mut mark = |h: HexId, bit: u32| {
        let i = g.index(h).expect("on the board");
        d.map.features[i].insert(bit);
    };
    mark(REICHSTAG_HEX, HexFeatures::STRONGPOINT);
    mark(STRONGPOINT_HEX, HexFeatures::STRONGPOINT);
    mark(BUNKER_HEX, HexFeatures::BUNKER);
    let _ = d.map.places.push(Place {
        name: text(super::game::REICHSTAG),
        kind: PlaceKind::Area,
        hexes: [REICHSTAG_HEX].into_iter().collect(),
        towers: heapless::Vec::new(),
    });
    let groups = [
        group(
            GroupKind::Arrival,
            SOVIET,
            1,
            Some((b'B', b'B')),
            &[SOVIET_ARRIVAL_1, SOVIET_ARRIVAL_2],
        ),
        group(
            GroupKind::Arrival,
            SOVIET,
            2,
            Some((b'A', b'A')),
            &[SOVIET_LATE],
        ),
        group(
            GroupKind::Arrival,
            GERMAN,
            1,
            Some((b'D', b'D')),
            &[GERMAN_ARRIVAL],
        ),
        group(
            GroupKind::Arrival,
            SOVIET,
            1,
            Some((b'C', b'C')),
            &[SOVIET_WITHDRAWN],
        ),
        group(GroupKind::Withdrawal, SOVIET, 2, None, &[SOVIET_WITHDRAWN]),
        {
            let mut w = group(
                GroupKind::Withdrawal,
                GERMAN,
                1,
                None,
                &[GERMAN_WITHDRAWING],
            );
            w.hexes = EXIT_HEXES.into_iter().collect();
            w
        },
    ];
    for x in groups {
        let _ = d.groups.push(x);
    }
    let mut cup = group(
        GroupKind::Pool,
        GERMAN,
        0,
        None,
        &[GERMAN_VS, GERMAN_VS_2, GERMAN_VS_3],
    );
    cup.case = text("13.6");
    let _ = d.groups.push(cup);
    d.within_perimeter = WITHIN_PERIMETER.into_iter().collect();
    let mut setup = heapless::Vec::new();
    let _ = setup.push(place(HITLER, BUNKER_HEX, COMBAT, Dir::Up));
    let _ = d.scenarios.push(Scenario {
        id: text("campaign"),
        name: text("Campaign (test board)"),
        case: text("13.0"),
        last_turn: 15,
        setup,
    });
    d
}

// ---- the Character Game on the campaign board (17.4) -------------------------------------------

/// Seven leaders of the Character Game (17.4.1), after the campaign's counters: their stars
/// and set-up hexes. The birthday draws six of them (17.4.9).
pub const LEADERS: [(UnitId, u8, HexId); 7] = [
    (UnitId(21), 3, hex(2, 6)),
    (UnitId(22), 3, hex(3, 6)),
    (UnitId(23), 2, hex(4, 6)),
    (UnitId(24), 2, hex(5, 5)),
    (UnitId(25), 1, hex(4, 2)),
    (UnitId(26), 1, hex(6, 2)),
    (UnitId(27), 1, hex(7, 3)),
];

/// The campaign board with the seven leaders in a cup listed for the Character Game
/// (`variant = "17.4"`): they come into play only with the option.
pub fn character() -> GameData {
    let mut d = campaign();
    for (i, &(id, stars, home)) in LEADERS.iter().enumerate() {
        let name = [
            "Leader A", "Leader B", "Leader C", "Leader D", "Leader E", "Leader F", "Leader G",
        ][i];
        let c = counter(name, GERMAN, UnitType::Leader, p(0, 0, 0, 0), p(0, 0, 0, 0))
            .leader(stars, home);
        let u = d.forces.add(c).expect("room");
        assert_eq!(u, id, "the leaders follow the campaign's counters");
    }
    let mut cup = group(
        super::data::GroupKind::Leaders,
        GERMAN,
        0,
        None,
        &LEADERS.map(|l| l.0),
    );
    cup.case = text("17.4.1");
    cup.variant = Some(text(super::board::CHARACTER_GAME));
    let _ = d.groups.push(cup);
    d
}
