//! The unit and force model on small hand-made boards, one test per rule a player would notice.
//! Counter values are made up for the tests (the rulebook prints only combat faces).
extern crate std;

use super::board::{terrain, Done, Forces, MapData, SegmentKind, State};
use super::command::{self, Command};
use super::counters::*;
use super::fog::{self, AttackKind};
use super::modes::{self, Disruption, MODE_CHANGE};
use super::{facing, force, stacking, zoc};
use crate::core::capacity::fortress_berlin::MP;
use crate::core::faces::Facing;
use crate::core::hex::{Dir, Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use crate::core::map::{HexFeatures, SideFeatures};
use crate::core::side::{Side, Viewer};
use crate::core::stack::SeenStack;
use crate::core::units::{Location, UnitId};
use std::boxed::Box;
use std::vec::Vec;

fn geometry() -> Geometry {
    Geometry {
        columns: 12,
        rows: 12,
        shifted: ShiftedColumns::Even,
        format: HexFormat::Ccrr,
        first_column_at: Edge::West,
        first_row_at: Edge::North,
    }
}

fn h(col: u8, row: u8) -> HexId {
    HexId::new(col, row)
}

fn n(hex: HexId, d: Dir) -> HexId {
    geometry().neighbour(hex, d).expect("on the board")
}

/// A blank board of park (ZOCs enter park; built-up is tested on its own).
fn map() -> Box<MapData> {
    let mut m = Box::new(MapData::blank(geometry()));
    for t in m.terrain.iter_mut() {
        *t = terrain::PARK;
    }
    m
}

fn p(range: u8, fs: u8, pf: u8, ma: u8) -> Printed {
    Printed::new(range, fs, pf, ma)
}

struct Kit {
    map: Box<MapData>,
    forces: Box<Forces>,
}

impl Kit {
    /// One step of a move on this kit's map (`force::step`).
    fn step(
        &self,
        s: &mut State,
        units: &[UnitId],
        to: HexId,
        cost: u16,
    ) -> Result<(), crate::core::protocol::RuleViolation> {
        force::step(&self.map, &self.forces, s, units, to, cost)
    }

    /// Who commands `u` (3.5) as the units stand in `s`.
    fn command_of(&self, s: &State, u: UnitId) -> Command {
        command::command_of(&self.map, &self.forces, s, u)
    }

    fn new() -> Self {
        Kit {
            map: map(),
            forces: Box::default(),
        }
    }
    fn formation(
        &mut self,
        side: Side,
        kind: FormationKind,
        higher: Option<FormationId>,
    ) -> FormationId {
        self.forces
            .add_formation("f", side, kind, higher)
            .expect("room")
    }
    /// Infantry: maneuver 1-1-2-6, combat 1-3-4-4 (range-FS-PF-MA).
    fn infantry(&mut self, side: Side, f: Option<FormationId>) -> UnitId {
        self.unit(side, UnitType::Infantry, f, p(1, 1, 2, 6), p(1, 3, 4, 4))
    }
    fn unit(
        &mut self,
        side: Side,
        kind: UnitType,
        f: Option<FormationId>,
        m: Printed,
        c: Printed,
    ) -> UnitId {
        let mut k = Counter::new(
            "u",
            side,
            kind,
            UnitSize::Battalion,
            WeaponType::SmallArms,
            m,
            c,
            2,
        );
        k.formation = f;
        self.forces.add(k).expect("room")
    }
    fn hq(&mut self, side: Side, f: FormationId, radius: Radius, combat_ma: u8) -> UnitId {
        let k = Counter::new(
            "hq",
            side,
            UnitType::Headquarters,
            UnitSize::Division,
            WeaponType::SmallArms,
            p(1, 1, 2, 6),
            p(1, 2, 3, combat_ma),
            2,
        )
        .of(f)
        .hq(radius);
        self.forces.add(k).expect("room")
    }
    fn state(&self) -> Box<State> {
        Box::new(State::new(&self.forces))
    }
}

fn put(k: &Kit, s: &mut State, u: UnitId, hex: HexId, face: crate::core::faces::Face, d: Dir) {
    s.place(&k.forces, u, hex, face, d).expect("placed");
}

fn move_seg(k: &Kit, s: &mut State, side: Side) {
    force::begin_movement(&k.map, &k.forces, s, side);
}

// ---- 2.2 counters ----

#[test]
fn fb_counters_2_2_each_face_prints_its_own_values_and_morale_serves_both() {
    let mut k = Kit::new();
    let u = k.unit(GERMAN, UnitType::Armor, None, p(1, 2, 3, 8), p(2, 6, 5, 4));
    let mut s = k.state();
    put(&k, &mut s, u, h(5, 5), MANEUVER, Dir::Up);
    assert_eq!(*s.printed(&k.forces, u).unwrap(), p(1, 2, 3, 8));
    move_seg(&k, &mut s, GERMAN);
    modes::change_mode(&k.forces, &mut s, u, Dir::Up).unwrap();
    // 2.2.3-2.2.6: range, FS, PF and MA follow the face up.
    assert_eq!(*s.printed(&k.forces, u).unwrap(), p(2, 6, 5, 4));
    // 2.2.7: one morale for both modes.
    assert_eq!(k.forces.counter(u).unwrap().morale, 2);
    assert_eq!(UnitType::Armor.class(), TypeClass::ArmorType);
}

#[test]
fn fb_counters_2_2_1_sizes_and_2_2_2_type_classes() {
    assert!(UnitSize::Army > UnitSize::Corps && UnitSize::Corps > UnitSize::Division);
    assert!(UnitSize::Battalion > UnitSize::Company);
    assert_eq!(UnitType::Volkssturm.class(), TypeClass::InfantryType);
    assert_eq!(UnitType::Headquarters.class(), TypeClass::InfantryType);
    assert_eq!(UnitType::Recon.class(), TypeClass::ArmorType);
    assert_eq!(UnitType::Flak.class(), TypeClass::WeaponsType);
    assert_eq!(UnitType::Artillery.class(), TypeClass::ArtilleryType);
    assert!(!UnitType::Leader.is_combat_unit());
}

#[test]
fn fb_counters_2_2_8_command_radius_in_hexes_and_a_star_is_the_whole_map() {
    assert!(Radius::Hexes(3).reaches(3));
    assert!(!Radius::Hexes(3).reaches(4));
    assert!(Radius::WholeMap.reaches(200));
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    assert!(k.forces.counter(hq).unwrap().is_hq());
}

// ---- 3.1 stacking ----

#[test]
fn fb_stacking_3_1_2_german_three_units_or_four_of_one_division() {
    let mut k = Kit::new();
    let higher = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(higher));
    let korps = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let d: Vec<UnitId> = (0..4).map(|_| k.infantry(GERMAN, Some(div))).collect();
    let other = k.infantry(GERMAN, None);
    let corps_troops = k.infantry(GERMAN, Some(korps));
    let f = &k.forces;
    assert!(stacking::check(f, GERMAN, &d[..3]).is_ok());
    assert!(
        stacking::check(f, GERMAN, &d).is_ok(),
        "four of one division"
    );
    let mixed = [d[0], d[1], d[2], other];
    assert_eq!(
        stacking::check(f, GERMAN, &mixed).unwrap_err().case,
        "3.1.2"
    );
    let with_corps = [d[0], d[1], d[2], corps_troops];
    assert!(
        stacking::check(f, GERMAN, &with_corps).is_err(),
        "corps troops are no division"
    );
}

#[test]
fn fb_stacking_3_1_3_soviet_two_units_or_three_of_one_corps() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let tank = k.formation(SOVIET, FormationKind::MobileCorps, Some(army));
    let rifle = k.formation(SOVIET, FormationKind::RifleCorps, Some(army));
    let t: Vec<UnitId> = (0..4).map(|_| k.infantry(SOVIET, Some(tank))).collect();
    let r: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, Some(rifle))).collect();
    let a: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, Some(army))).collect();
    let f = &k.forces;
    assert!(stacking::check(f, SOVIET, &r[..2]).is_ok());
    assert!(
        stacking::check(f, SOVIET, &t[..3]).is_ok(),
        "three of one tank corps"
    );
    assert_eq!(stacking::check(f, SOVIET, &t).unwrap_err().case, "3.1.3");
    assert!(
        stacking::check(f, SOVIET, &r).is_err(),
        "a rifle corps gets no bonus"
    );
    assert!(
        stacking::check(f, SOVIET, &a).is_err(),
        "army troops get no bonus"
    );
    assert!(stacking::check(f, SOVIET, &[t[0], t[1], r[0]]).is_err());
}

#[test]
fn fb_stacking_3_1_1_one_force_per_side_a_leader_does_not_count() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let hitler = k.unit(GERMAN, UnitType::Leader, None, p(0, 0, 0, 0), p(0, 0, 0, 0));
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, hitler, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::Up), COMBAT, Dir::Up);
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[b], x, MP.mp(1)).unwrap();
    // One force in the hex, the arrivals on top.
    let st = s.stacks.at(x, GERMAN).unwrap();
    assert_eq!(st.len(), 4);
    assert_eq!(st.top(), Some(b));
    assert_eq!(s.stacks.stacks.iter().filter(|t| t.hex == x).count(), 1);
    // Three units and Hitler: within the limit.
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
    // Hitler is no combat unit: he neither moves (11.1.2) nor controls hexes (3.2.1).
    let e = k.step(&mut s, &[hitler], n(x, Dir::Down), 0);
    assert_eq!(e.unwrap_err().case, "11.1.2");
    assert!(!zoc::projects_into(
        &k.map,
        &k.forces,
        &s,
        hitler,
        n(x, Dir::Down)
    ));
    assert!(zoc::projects_into(
        &k.map,
        &k.forces,
        &s,
        a,
        n(x, Dir::Down)
    ));
}

#[test]
fn fb_stacking_3_1_4_force_moves_at_its_slowest_units_pace() {
    let mut k = Kit::new();
    let fast = k.unit(GERMAN, UnitType::Armor, None, p(1, 2, 3, 8), p(1, 6, 5, 4));
    let slow = k.infantry(GERMAN, None); // maneuver MA 6
    let mut s = k.state();
    let x = h(3, 3);
    put(&k, &mut s, fast, x, MANEUVER, Dir::Up);
    put(&k, &mut s, slow, x, MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(force::force_remaining(&s, &[fast, slow]), MP.mp(6));
    let mut at = x;
    for _ in 0..3 {
        let next = n(at, Dir::Up);
        k.step(&mut s, &[fast, slow], next, MP.mp(2)).unwrap();
        at = next;
    }
    let e = k.step(&mut s, &[fast, slow], n(at, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.1.4");
    // Leaving the force is free: the tank goes on alone with its own 2 MP left.
    k.step(&mut s, &[fast], n(at, Dir::Up), MP.mp(2)).unwrap();
    assert_eq!(s.hex_of(slow), Some(at));
}

#[test]
fn fb_stacking_3_1_4_over_stacked_at_segment_end_owner_picks_losses() {
    let mut k = Kit::new();
    let higher = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(higher));
    let d: Vec<UnitId> = (0..4).map(|_| k.infantry(GERMAN, Some(div))).collect();
    let vs = k.unit(
        GERMAN,
        UnitType::Volkssturm,
        None,
        p(1, 1, 1, 4),
        p(1, 1, 2, 2),
    );
    let mut s = k.state();
    let x = h(6, 6);
    for &u in &d[..3] {
        put(&k, &mut s, u, x, COMBAT, Dir::Up);
    }
    put(&k, &mut s, vs, x, COMBAT, Dir::Up);
    put(&k, &mut s, d[3], n(x, Dir::Down), COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    // During the segment a fifth unit may join (7.2.1); the limit waits for its end.
    k.step(&mut s, &[d[3]], x, MP.mp(1)).unwrap();
    let pending = stacking::over_stacked::<4>(&k.forces, &s);
    assert_eq!(pending.len(), 1);
    let loss = &pending[0];
    assert_eq!((loss.player, loss.hex, loss.case), (GERMAN, x, "3.1.4"));
    // Losing the Volkssturm leaves four of one division: one loss is enough, and the table
    // offers only that unit.
    assert_eq!(loss.remove, 1);
    assert_eq!(&loss.from[..], &[vs]);
    match loss.pending() {
        crate::core::protocol::Pending::Choose {
            player,
            case,
            options,
            ..
        } => assert_eq!((player, case, &options[..]), (GERMAN, "3.1.4", &[vs][..])),
        other => panic!("expected a choice, got {other:?}"),
    }
    let refused = stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[d[0]]);
    assert_eq!(
        refused.unwrap_err().case,
        "3.1.2",
        "three of the division and a VS is too many"
    );
    let two = stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[d[0], d[1]]);
    assert_eq!(two.unwrap_err().case, "3.1.4", "no more than needed");
    stacking::eliminate_over_stacked(&k.forces, &mut s, x, GERMAN, &[vs]).unwrap();
    assert_eq!(s.unit(vs).unwrap().state.location, Location::Eliminated);
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
}

#[test]
fn fb_stacking_7_2_1_friends_do_not_hinder_enemies_may_not_be_entered() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let enemy = k.infantry(SOVIET, None);
    let mut s = k.state();
    let x = h(4, 4);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::Up), COMBAT, Dir::Up);
    // The Soviet unit sits two hexes off, facing away: no zone reaches a's path.
    put(&k, &mut s, enemy, n(x, Dir::DownHigherCol), COMBAT, Dir::Up);
    s.units[enemy.0 as usize].counter.game.disrupted = Some(SOVIET);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[a], n(x, Dir::Up), MP.mp(1)).unwrap();
    k.step(&mut s, &[a], n(n(x, Dir::Up), Dir::Up), MP.mp(1))
        .unwrap();
    let back = k.step(&mut s, &[a], n(x, Dir::Up), 0);
    assert!(back.is_ok());
    let e = k
        .step(&mut s, &[b], x, MP.mp(1))
        .and_then(|_| k.step(&mut s, &[b], n(x, Dir::DownHigherCol), MP.mp(1)));
    assert_eq!(e.unwrap_err().case, "7.2.1");
}

// ---- 3.1.5, 3.6 fog of war ----

#[test]
fn fb_fog_3_1_5_enemy_sees_only_the_top_unit_the_owner_chose() {
    let mut k = Kit::new();
    let a = k.infantry(SOVIET, None);
    let b = k.infantry(SOVIET, None);
    let mut s = k.state();
    let x = h(7, 7);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, x, COMBAT, Dir::Up);
    let german = Viewer::Side(GERMAN);
    assert_eq!(fog::seen(&s, german, x, SOVIET, false), SeenStack::Top(b));
    fog::set_top(&k.forces, &mut s, SOVIET, a).unwrap();
    assert_eq!(fog::seen(&s, german, x, SOVIET, false), SeenStack::Top(a));
    assert_eq!(
        fog::seen(&s, Viewer::Public, x, SOVIET, false),
        SeenStack::Top(a)
    );
    assert_eq!(
        fog::seen(&s, Viewer::Side(SOVIET), x, SOVIET, false),
        SeenStack::All(&[a, b])
    );
    // During a revealing combat the whole force shows.
    assert_eq!(
        fog::seen(&s, german, x, SOVIET, true),
        SeenStack::All(&[a, b])
    );
    assert_eq!(
        fog::set_top(&k.forces, &mut s, GERMAN, b).unwrap_err().case,
        "3.1.5"
    );
}

#[test]
fn fb_fog_3_6_close_assault_gun_fire_and_mixed_bombardment_reveal_bombardment_does_not() {
    assert!(fog::reveals(AttackKind::CloseAssault));
    assert!(fog::reveals(AttackKind::DirectGunFire));
    assert!(fog::reveals(AttackKind::MixedBombardment));
    assert!(!fog::reveals(AttackKind::Bombardment));
    assert!(!fog::reveals(AttackKind::AirStrike));
}

// ---- 3.2 zones of control ----

#[test]
fn fb_zoc_3_2_1_combat_mode_six_hexes_maneuver_mode_three_facing() {
    let mut k = Kit::new();
    let c = k.infantry(SOVIET, None);
    let m = k.infantry(SOVIET, None);
    let mut s = k.state();
    let (x, y) = (h(3, 5), h(9, 5));
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    put(&k, &mut s, m, y, MANEUVER, Dir::Up);
    for d in Dir::ALL {
        assert!(
            zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(x, d)),
            "{d:?}"
        );
        let facing = matches!(d, Dir::Up | Dir::UpHigherCol | Dir::UpLowerCol);
        assert_eq!(
            zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(y, d)),
            facing,
            "{d:?}"
        );
    }
    assert!(!zoc::enemy_zone(
        &k.map,
        &k.forces,
        &s,
        GERMAN,
        n(n(x, Dir::Up), Dir::Up)
    ));
    // Units are never hindered by their own side's zones (3.2.2).
    assert!(!zoc::enemy_zone(
        &k.map,
        &k.forces,
        &s,
        SOVIET,
        n(x, Dir::Up)
    ));
}

#[test]
fn fb_zoc_3_2_3_none_into_built_up_lakes_or_fortifications_nor_across_water() {
    let mut k = Kit::new();
    let c = k.infantry(SOVIET, None);
    let x = h(6, 6);
    let g = geometry();
    let idx = |hex: HexId| g.index(hex).unwrap();
    k.map.terrain[idx(n(x, Dir::Up))] = terrain::BUILT_UP;
    k.map.terrain[idx(n(x, Dir::Down))] = terrain::LAKE;
    k.map.features[idx(n(x, Dir::UpHigherCol))].insert(HexFeatures::STRONGPOINT);
    k.map.features[idx(n(x, Dir::DownHigherCol))].insert(HexFeatures::BUNKER);
    let river = g.canonical_side(x, Dir::UpLowerCol).unwrap();
    let mut bridged = SideFeatures::default();
    bridged.insert(SideFeatures::WATER | SideFeatures::BRIDGE);
    *k.map.side_mut(river).unwrap() = bridged;
    k.map.terrain[idx(n(x, Dir::DownLowerCol))] = terrain::MAJOR_BUILDING;
    let mut s = k.state();
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    let z = |d| zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, n(x, d));
    assert!(!z(Dir::Up), "built-up");
    assert!(!z(Dir::Down), "lake");
    assert!(!z(Dir::UpHigherCol), "strongpoint");
    assert!(!z(Dir::DownHigherCol), "bunker");
    assert!(!z(Dir::UpLowerCol), "across a bridged river");
    assert!(
        z(Dir::DownLowerCol),
        "a major building is not on the list (ruling)"
    );
}

#[test]
fn fb_zoc_3_2_6_disrupted_units_have_none_and_3_2_2_friends_do_not_cancel() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let ger = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 8);
    let target = n(x, Dir::Up);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    put(&k, &mut s, ger, target, COMBAT, Dir::Up);
    assert!(
        zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, target),
        "a German unit there changes nothing"
    );
    assert!(
        zoc::enemy_zone(&k.map, &k.forces, &s, SOVIET, x),
        "both zones coexist"
    );
    s.segment.side = GERMAN;
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, sov, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert!(!zoc::enemy_zone(&k.map, &k.forces, &s, GERMAN, target));
}

#[test]
fn fb_zoc_3_2_4_entering_stops_and_never_zone_to_zone() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(6, 6);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    // a starts two hexes below, b starts in the zone just above-right.
    let below2 = n(n(x, Dir::Down), Dir::Down);
    put(&k, &mut s, a, below2, MANEUVER, Dir::Up);
    put(&k, &mut s, b, n(x, Dir::UpHigherCol), MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[a], n(x, Dir::Down), MP.mp(1)).unwrap();
    assert_eq!(s.unit(a).unwrap().counter.game.done, Some(Done::ZocStop));
    let e = k.step(&mut s, &[a], n(x, Dir::DownLowerCol), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.2.4");
    // Zone to zone is refused; leaving to a free hex is allowed.
    let e = k.step(&mut s, &[b], n(x, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "3.2.4");
    let free = n(n(x, Dir::UpHigherCol), Dir::UpHigherCol);
    k.step(&mut s, &[b], free, MP.mp(1)).unwrap();
}

#[test]
fn fb_zoc_3_2_5_retreats_cross_enemy_zones_only_where_friends_stand() {
    let mut k = Kit::new();
    let sov = k.infantry(SOVIET, None);
    let ger = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(6, 6);
    put(&k, &mut s, sov, x, COMBAT, Dir::Up);
    let (held, open) = (n(x, Dir::Up), n(x, Dir::Down));
    put(&k, &mut s, ger, held, COMBAT, Dir::Up);
    assert!(!zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, open));
    assert!(zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, held));
    assert!(
        !zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, x),
        "never into enemy units"
    );
    assert!(zoc::retreat_open(&k.map, &k.forces, &s, GERMAN, h(1, 1)));
}

// ---- 3.3 modes ----

#[test]
fn fb_modes_3_3_3_a_change_costs_two_mp_in_the_middle_of_a_move() {
    let mut k = Kit::new();
    let u = k.infantry(GERMAN, None); // maneuver MA 6
    let mut s = k.state();
    let x = h(2, 2);
    put(&k, &mut s, u, x, MANEUVER, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    k.step(&mut s, &[u], n(x, Dir::Up), MP.mp(1)).unwrap();
    modes::change_mode(&k.forces, &mut s, u, Dir::Up).unwrap();
    assert_eq!(s.face(u), COMBAT);
    assert_eq!(s.remaining(u), MP.mp(6) - MP.mp(1) - MODE_CHANGE);
    // It moves on after the change, still on its maneuver-face budget (7.2.2).
    k.step(&mut s, &[u], n(n(x, Dir::Up), Dir::Up), MP.mp(3))
        .unwrap();
    assert_eq!(s.remaining(u), 0);
    let e = modes::change_mode(&k.forces, &mut s, u, Dir::Up);
    assert_eq!(e.unwrap_err().case, "3.3.3", "no 2 MP left");
}

#[test]
fn fb_modes_7_2_2_the_budget_is_the_ma_of_the_face_at_the_segment_start() {
    let mut k = Kit::new();
    let u = k.infantry(GERMAN, None); // combat MA 4, maneuver MA 6
    let mut s = k.state();
    put(&k, &mut s, u, h(2, 2), COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    modes::change_mode(&k.forces, &mut s, u, Dir::Up).unwrap();
    assert_eq!(s.face(u), MANEUVER);
    assert_eq!(
        s.remaining(u),
        MP.mp(4) - MODE_CHANGE,
        "not the maneuver face's 6"
    );
    // The next segment uses the face then up.
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(u), MP.mp(6));
}

#[test]
fn fb_modes_3_3_3_short_of_two_mp_only_as_the_sole_action() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let slow = k.unit(
        SOVIET,
        UnitType::Artillery,
        None,
        p(2, 2, 1, 1),
        p(4, 6, 2, 1),
    );
    let mut s = k.state();
    put(&k, &mut s, hq, h(3, 3), COMBAT, Dir::Up);
    put(&k, &mut s, slow, h(8, 3), MANEUVER, Dir::Up);
    move_seg(&k, &mut s, SOVIET);
    // A 0-MA HQ may still flip to maneuver mode, and then it is done (7.2.2).
    modes::change_mode(&k.forces, &mut s, hq, Dir::Down).unwrap();
    assert_eq!(s.face(hq), MANEUVER);
    assert_eq!(s.unit(hq).unwrap().counter.facing, Some(Facing(Dir::Down)));
    let e = k.step(&mut s, &[hq], h(3, 4), 0);
    assert_eq!(e.unwrap_err().case, "3.3.3");
    // A 1-MA unit that has moved may not change at all.
    k.step(&mut s, &[slow], h(8, 4), MP.mp(1)).unwrap();
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, slow, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
}

#[test]
fn fb_modes_3_3_3_disrupted_underground_ppb_and_the_enemys_segment_refused() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let ppb = k.forces.add(Counter::combat_only(
        "PPB",
        GERMAN,
        UnitType::PlantProtection,
        UnitSize::Battalion,
        WeaponType::SmallArms,
        p(1, 1, 1, 0),
        1,
    ));
    let ppb = ppb.unwrap();
    let mut s = k.state();
    put(&k, &mut s, a, h(2, 2), COMBAT, Dir::Up);
    put(&k, &mut s, b, h(4, 2), COMBAT, Dir::Up);
    put(&k, &mut s, c, h(6, 2), MANEUVER, Dir::Up);
    assert_eq!(
        s.place(&k.forces, ppb, h(8, 2), MANEUVER, Dir::Up)
            .unwrap_err()
            .case,
        "11.2.1"
    );
    put(&k, &mut s, ppb, h(8, 2), COMBAT, Dir::Up);
    move_seg(&k, &mut s, SOVIET);
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, a, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    move_seg(&k, &mut s, GERMAN);
    s.units[a.0 as usize].counter.game.disrupted = Some(SOVIET);
    s.units[c.0 as usize].counter.game.underground = true;
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, a, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, c, Dir::Up)
            .unwrap_err()
            .case,
        "17.1.1"
    );
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, ppb, Dir::Up)
            .unwrap_err()
            .case,
        "11.2.1"
    );
    modes::change_mode(&k.forces, &mut s, b, Dir::Up).unwrap();
}

#[test]
fn fb_modes_8_8_disruption_flips_to_maneuver_a_second_eliminates_6_0_markers_by_colour() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let m = k.infantry(GERMAN, None);
    let ppb = k
        .forces
        .add(Counter::combat_only(
            "PPB",
            GERMAN,
            UnitType::PlantProtection,
            UnitSize::Battalion,
            WeaponType::SmallArms,
            p(1, 1, 1, 0),
            1,
        ))
        .unwrap();
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, m, x, MANEUVER, Dir::DownHigherCol);
    put(&k, &mut s, a, x, COMBAT, Dir::Up);
    put(&k, &mut s, b, h(7, 7), COMBAT, Dir::Up);
    put(&k, &mut s, ppb, h(9, 9), COMBAT, Dir::Up);
    s.segment.side = SOVIET; // disrupted in the Soviet player-turn: a red marker
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, a, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert_eq!(s.face(a), MANEUVER);
    // It takes its force's facing (3.4.2).
    assert_eq!(
        s.unit(a).unwrap().counter.facing,
        Some(Facing(Dir::DownHigherCol))
    );
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, ppb, Dir::Up).unwrap(),
        Disruption::Eliminated
    );
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    // The German recovery removes white markers only: the red ones stay.
    modes::recover(&k.forces, &mut s, GERMAN);
    assert!(s.disrupted(a) && s.disrupted(b));
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Eliminated
    );
    assert_eq!(s.unit(b).unwrap().state.location, Location::Eliminated);
    modes::recover(&k.forces, &mut s, SOVIET);
    assert!(!s.disrupted(a));
    assert_eq!(s.segment.kind, SegmentKind::Recovery);
}

// ---- 3.4 facing ----

#[test]
fn fb_facing_3_4_2_free_in_the_own_movement_segment_and_the_whole_hex_alike() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let c = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, x, MANEUVER, Dir::Down);
    put(&k, &mut s, c, x, COMBAT, Dir::Up);
    assert_eq!(
        s.unit(b).unwrap().counter.facing,
        Some(Facing(Dir::Up)),
        "joins a's facing"
    );
    assert_eq!(
        facing::set_facing(&mut s, x, GERMAN, Dir::Down)
            .unwrap_err()
            .case,
        "3.4.2"
    );
    move_seg(&k, &mut s, GERMAN);
    facing::set_facing(&mut s, x, GERMAN, Dir::Down).unwrap();
    assert_eq!(s.remaining(a), MP.mp(6), "free");
    for u in [a, b] {
        assert_eq!(s.unit(u).unwrap().counter.facing, Some(Facing(Dir::Down)));
    }
    assert_eq!(
        s.unit(c).unwrap().counter.facing,
        None,
        "combat mode faces all round"
    );
    s.units[b.0 as usize].counter.game.disrupted = Some(GERMAN);
    assert_eq!(
        facing::set_facing(&mut s, x, GERMAN, Dir::Up)
            .unwrap_err()
            .case,
        "8.8"
    );
}

#[test]
fn fb_facing_3_4_1_maneuver_acts_only_through_its_facing_hexsides() {
    let mut k = Kit::new();
    let m = k.infantry(SOVIET, None);
    let c = k.infantry(SOVIET, None);
    let mut s = k.state();
    let (x, y) = (h(3, 6), h(9, 6));
    put(&k, &mut s, m, x, MANEUVER, Dir::Up);
    put(&k, &mut s, c, y, COMBAT, Dir::Up);
    assert_eq!(
        facing::faces_hex(&k.map, &s, m, n(x, Dir::UpLowerCol)),
        Some(true)
    );
    assert_eq!(
        facing::faces_hex(&k.map, &s, m, n(x, Dir::Down)),
        Some(false)
    );
    assert_eq!(
        facing::faces_hex(&k.map, &s, c, n(y, Dir::Down)),
        Some(true)
    );
    assert_eq!(facing::faces_hex(&k.map, &s, m, h(3, 9)), None);
    assert!(facing::on_the_flank(
        &k.map,
        &s,
        SOVIET,
        x,
        n(x, Dir::DownHigherCol)
    ));
    assert!(!facing::on_the_flank(&k.map, &s, SOVIET, x, n(x, Dir::Up)));
    assert!(!facing::on_the_flank(
        &k.map,
        &s,
        SOVIET,
        y,
        n(y, Dir::Down)
    ));
}

// ---- 3.5 command ----

#[test]
fn fb_command_3_5_1_an_army_hq_commands_any_unit_in_radius_enemies_between_or_not() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let other_army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    let near = k.infantry(SOVIET, Some(other_army));
    let far = k.infantry(SOVIET, Some(army));
    let blocker = k.infantry(GERMAN, None);
    let mut s = k.state();
    put(&k, &mut s, hq, h(2, 6), COMBAT, Dir::Up);
    put(&k, &mut s, blocker, h(3, 6), COMBAT, Dir::Up);
    put(&k, &mut s, near, h(5, 6), COMBAT, Dir::Up);
    put(&k, &mut s, far, h(6, 6), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, near), Command::By(hq));
    assert_eq!(k.command_of(&s, far), Command::Out);
    assert_eq!(k.command_of(&s, hq), Command::Source);
    assert!(command::may_direct_fire(&k.map, &k.forces, &s, near).is_ok());
    assert_eq!(
        command::may_direct_fire(&k.map, &k.forces, &s, far)
            .unwrap_err()
            .case,
        "3.5.2"
    );
}

#[test]
fn fb_command_3_5_3_division_hq_out_of_command_halves_its_units_ma() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let higher = k.hq(GERMAN, berlin, Radius::Hexes(4), 6);
    let dhq = k.hq(GERMAN, div, Radius::Hexes(2), 6);
    let inf = k.infantry(GERMAN, Some(div));
    let stranger = k.infantry(GERMAN, None);
    let headless = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let elements = k.infantry(GERMAN, Some(headless));
    let mut s = k.state();
    put(&k, &mut s, elements, h(12, 12), MANEUVER, Dir::Up);
    put(&k, &mut s, higher, h(1, 1), COMBAT, Dir::Up);
    put(&k, &mut s, dhq, h(5, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, inf, h(6, 1), MANEUVER, Dir::Up);
    put(&k, &mut s, stranger, h(7, 1), MANEUVER, Dir::Up);
    assert_eq!(k.command_of(&s, dhq), Command::By(higher));
    // 3.5.1: the division HQ commands any unit in its radius, not only its own.
    assert_eq!(k.command_of(&s, stranger), Command::By(dhq));
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(inf), MP.mp(6));
    // The division HQ moves out of its higher HQ's radius: the division is out of command.
    k.step(&mut s, &[dhq], h(6, 1), MP.mp(1)).unwrap();
    assert_eq!(k.command_of(&s, dhq), Command::Out);
    assert_eq!(k.command_of(&s, inf), Command::Out);
    move_seg(&k, &mut s, GERMAN);
    assert_eq!(s.remaining(inf), MP.mp(3), "half its MA");
    assert_eq!(s.remaining(dhq), MP.mp(3), "the HQ too");
    assert_eq!(s.remaining(stranger), MP.mp(6), "not of the division");
    assert_eq!(
        s.remaining(elements),
        MP.mp(6),
        "a division without an HQ counter"
    );
}

#[test]
fn fb_command_3_5_4_higher_hq_commands_vs_and_one_designated_unit() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let higher = k.hq(GERMAN, berlin, Radius::Hexes(3), 6);
    let vs = k.unit(
        GERMAN,
        UnitType::Volkssturm,
        None,
        p(1, 1, 1, 4),
        p(1, 1, 2, 2),
    );
    // Three independent anti-tank battalions, alike.
    let mut anti_tank = || {
        k.unit(
            GERMAN,
            UnitType::AntiTank,
            None,
            p(2, 3, 2, 2),
            p(2, 6, 2, 0),
        )
    };
    let (at1, at2, far) = (anti_tank(), anti_tank(), anti_tank());
    let mut s = k.state();
    put(&k, &mut s, higher, h(4, 4), COMBAT, Dir::Up);
    put(&k, &mut s, vs, h(6, 4), COMBAT, Dir::Up);
    put(&k, &mut s, at1, h(5, 4), COMBAT, Dir::Up);
    put(&k, &mut s, at2, h(4, 6), COMBAT, Dir::Up);
    put(&k, &mut s, far, h(10, 4), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, vs), Command::By(higher));
    assert_eq!(k.command_of(&s, at1), Command::Out);
    command::designate(&k.map, &k.forces, &mut s, higher, at1).unwrap();
    assert_eq!(k.command_of(&s, at1), Command::Directed(higher));
    // One unit only: designating another releases the first.
    command::designate(&k.map, &k.forces, &mut s, higher, at2).unwrap();
    assert_eq!(k.command_of(&s, at1), Command::Out);
    assert_eq!(k.command_of(&s, at2), Command::Directed(higher));
    let e = command::designate(&k.map, &k.forces, &mut s, higher, far);
    assert_eq!(e.unwrap_err().case, "3.5.4");
    let e = command::designate(&k.map, &k.forces, &mut s, vs, at1);
    assert_eq!(e.unwrap_err().case, "3.5.4", "a Volkssturm unit is no HQ");
}

#[test]
fn fb_command_3_5_2_support_fire_once_a_turn_in_radius_not_when_assaulted_or_disrupted() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(3), 0);
    let inf = k.infantry(SOVIET, Some(army));
    let mut s = k.state();
    let at = h(5, 5);
    put(&k, &mut s, hq, at, COMBAT, Dir::Up);
    put(&k, &mut s, inf, h(7, 5), COMBAT, Dir::Up);
    let (m, f) = (&k.map, &k.forces);
    let near = h(8, 5);
    assert!(command::may_support(m, f, &s, hq, near, &[near], &[inf]).is_ok());
    let e = command::may_support(m, f, &s, hq, h(9, 5), &[], &[inf]);
    assert_eq!(e.unwrap_err().case, "3.5.2", "beyond the radius");
    let e = command::may_support(m, f, &s, hq, near, &[near, at], &[inf]);
    assert_eq!(e.unwrap_err().case, "3.5.2", "the HQ is itself assaulted");
    assert_eq!(
        command::may_support(m, f, &s, inf, near, &[], &[])
            .unwrap_err()
            .case,
        "3.5.2"
    );
    command::use_support(&mut s, hq).unwrap();
    assert!(
        command::may_support(m, f, &s, hq, near, &[], &[inf]).is_err(),
        "once a turn"
    );
    command::new_turn(&mut s);
    assert!(command::may_support(m, f, &s, hq, near, &[], &[inf]).is_ok());
    s.units[hq.0 as usize].counter.game.disrupted = Some(GERMAN);
    assert!(command::may_support(m, f, &s, hq, near, &[], &[inf]).is_err());
    // A disrupted HQ still commands (3.5.2).
    assert_eq!(command::command_of(m, f, &s, inf), Command::By(hq));
}

#[test]
fn fb_command_3_5_3_optional_rule_own_division_hq_only() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let div = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let other = k.formation(GERMAN, FormationKind::Division, Some(berlin));
    let higher = k.hq(GERMAN, berlin, Radius::WholeMap, 6);
    let dhq = k.hq(GERMAN, div, Radius::Hexes(3), 6);
    let own = k.infantry(GERMAN, Some(div));
    let foreign = k.infantry(GERMAN, Some(other));
    let mut s = k.state();
    put(&k, &mut s, higher, h(12, 12), COMBAT, Dir::Up);
    put(&k, &mut s, dhq, h(3, 3), COMBAT, Dir::Up);
    put(&k, &mut s, own, h(4, 3), COMBAT, Dir::Up);
    put(&k, &mut s, foreign, h(5, 3), COMBAT, Dir::Up);
    assert_eq!(k.command_of(&s, foreign), Command::By(dhq));
    s.options.own_division_command = true;
    assert_eq!(k.command_of(&s, own), Command::By(dhq));
    assert_eq!(k.command_of(&s, foreign), Command::Out);
    let e = command::may_support(&k.map, &k.forces, &s, dhq, h(5, 4), &[], &[foreign]);
    assert_eq!(e.unwrap_err().case, "3.5.3");
    assert!(command::may_support(&k.map, &k.forces, &s, dhq, h(5, 4), &[], &[own]).is_ok());
}

// ---- ruins and movement restrictions ----

#[test]
fn fb_modes_3_3_2_a_soviet_hq_with_no_ma_may_enter_one_adjacent_ruins_hex_not_also_flip() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let hq = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let hq2 = k.hq(SOVIET, army, Radius::Hexes(4), 0);
    let mut s = k.state();
    let (x, y) = (h(3, 3), h(8, 3));
    put(&k, &mut s, hq, x, COMBAT, Dir::Up);
    put(&k, &mut s, hq2, y, COMBAT, Dir::Up);
    s.add_ruins(n(x, Dir::Up)).unwrap();
    move_seg(&k, &mut s, SOVIET);
    assert_eq!(s.remaining(hq), 0);
    let e = k.step(&mut s, &[hq2], n(y, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.1", "no MP for open ground");
    k.step(&mut s, &[hq], n(x, Dir::Up), MP.mp(4)).unwrap();
    assert_eq!(s.hex_of(hq), Some(n(x, Dir::Up)));
    // Not both: no mode change after it, and no second ruins hex.
    assert_eq!(
        modes::change_mode(&k.forces, &mut s, hq, Dir::Up)
            .unwrap_err()
            .case,
        "3.3.3"
    );
    s.add_ruins(n(n(x, Dir::Up), Dir::Up)).unwrap();
    let e = k.step(&mut s, &[hq], n(n(x, Dir::Up), Dir::Up), MP.mp(4));
    assert_eq!(e.unwrap_err().case, "3.3.3");
}

#[test]
fn fb_modes_9_0_2_maneuver_mode_never_enters_ruins_and_recovers_into_combat_mode_there() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    let ruin = n(x, Dir::Up);
    s.add_ruins(ruin).unwrap();
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, x, COMBAT, Dir::Up);
    move_seg(&k, &mut s, GERMAN);
    let e = k.step(&mut s, &[a, b], ruin, MP.mp(4));
    assert_eq!(e.unwrap_err().case, "9.0.2");
    k.step(&mut s, &[b], ruin, MP.mp(4)).unwrap();
    // Disrupted in the ruins it flips to maneuver, and back to combat when it recovers.
    assert_eq!(
        modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap(),
        Disruption::Disrupted
    );
    assert_eq!(s.face(b), MANEUVER);
    modes::recover(&k.forces, &mut s, GERMAN);
    assert_eq!((s.face(b), s.disrupted(b)), (COMBAT, false));
}

#[test]
fn fb_force_7_2_3_disrupted_units_do_not_move_and_7_1_1_released_forces_are_done() {
    let mut k = Kit::new();
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    let x = h(5, 5);
    put(&k, &mut s, a, x, MANEUVER, Dir::Up);
    put(&k, &mut s, b, h(8, 8), MANEUVER, Dir::Up);
    s.segment.side = SOVIET;
    modes::disrupt(&k.forces, &mut s, a, Dir::Up).unwrap();
    move_seg(&k, &mut s, GERMAN);
    let e = k.step(&mut s, &[a], n(x, Dir::Up), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "8.8");
    k.step(&mut s, &[b], h(8, 9), MP.mp(1)).unwrap();
    force::release(&mut s, &[b]).unwrap();
    let e = k.step(&mut s, &[b], h(8, 10), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.1.1");
    // Only in the own movement segment (7.2).
    move_seg(&k, &mut s, SOVIET);
    let e = k.step(&mut s, &[b], h(8, 10), MP.mp(1));
    assert_eq!(e.unwrap_err().case, "7.2");
}

#[test]
fn fb_stacking_3_1_4_the_owner_eliminates_over_stacked_units_one_choice_at_a_time() {
    let mut k = Kit::new();
    let army = k.formation(SOVIET, FormationKind::Army, None);
    let rifle = k.formation(SOVIET, FormationKind::RifleCorps, Some(army));
    let r: Vec<UnitId> = (0..4).map(|_| k.infantry(SOVIET, Some(rifle))).collect();
    let mut s = k.state();
    let x = h(4, 4);
    for &u in &r {
        put(&k, &mut s, u, x, COMBAT, Dir::Up);
    }
    let loss = &stacking::over_stacked::<4>(&k.forces, &s)[0];
    assert_eq!(
        (loss.player, loss.remove),
        (SOVIET, 2),
        "a rifle corps stacks two"
    );
    assert_eq!(loss.from.len(), 4, "any of them");
    stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[0]).unwrap();
    let e = stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[0]);
    assert_eq!(e.unwrap_err().case, "3.1.4", "already gone");
    stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[3]).unwrap();
    assert!(stacking::over_stacked::<4>(&k.forces, &s).is_empty());
    let e = stacking::eliminate_one(&k.forces, &mut s, x, SOVIET, r[1]);
    assert_eq!(e.unwrap_err().case, "3.1.4", "no more than the limit needs");
    assert_eq!(s.stacks.at(x, SOVIET).unwrap().len(), 2);
}

#[test]
fn fb_stacking_8_7_1_a_move_that_must_end_within_the_limit_is_refused_beyond_it() {
    let mut k = Kit::new();
    let a: Vec<UnitId> = (0..3).map(|_| k.infantry(SOVIET, None)).collect();
    let strict = stacking::Strict {
        forces: &k.forces,
        side: SOVIET,
    };
    let mut st = crate::core::stack::Stack::new(h(2, 2), SOVIET);
    st.push_top(a[0], &strict).unwrap();
    st.push_top(a[1], &strict).unwrap();
    assert_eq!(st.push_top(a[2], &strict).unwrap_err().case, "3.1.3");
    assert_eq!(st.len(), 2, "unchanged by the refusal");
}

#[test]
fn fb_board_a_saved_board_resumes_with_modes_facings_markers_and_orders() {
    let mut k = Kit::new();
    let berlin = k.formation(GERMAN, FormationKind::HigherCommand, None);
    let higher = k.hq(GERMAN, berlin, Radius::WholeMap, 6);
    let a = k.infantry(GERMAN, None);
    let b = k.infantry(GERMAN, None);
    let mut s = k.state();
    put(&k, &mut s, higher, h(1, 1), COMBAT, Dir::Up);
    put(&k, &mut s, a, h(4, 4), MANEUVER, Dir::DownLowerCol);
    put(&k, &mut s, b, h(4, 4), COMBAT, Dir::Up);
    fog::set_top(&k.forces, &mut s, GERMAN, a).unwrap();
    command::designate(&k.map, &k.forces, &mut s, higher, b).unwrap();
    s.add_ruins(h(6, 6)).unwrap();
    modes::disrupt(&k.forces, &mut s, b, Dir::Up).unwrap();
    let bytes = postcard::to_allocvec(&*s).unwrap();
    let back: State = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, *s);
    assert_eq!(back.stacks.at(h(4, 4), GERMAN).unwrap().top(), Some(a));
    assert!(back.disrupted(b) && back.ruined(h(6, 6)));
    // Flipped by its disruption, it took its force's facing (3.4.2).
    assert_eq!(
        back.unit(b).unwrap().counter.facing,
        Some(Facing(Dir::DownLowerCol))
    );
}
