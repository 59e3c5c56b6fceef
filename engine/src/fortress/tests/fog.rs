//! 3.1.5, 3.6 fog of war: the top unit the enemy sees and which attacks reveal a stack.

use super::*;
use crate::fortress::fog;

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
