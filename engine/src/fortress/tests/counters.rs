//! 2.2 counters: the printed faces, morale, sizes, type classes and command radii.

use super::*;
use crate::fortress::modes;

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
