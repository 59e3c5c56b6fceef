//! Fire markers and smoke (S3.7.3, S9.9).

use super::*;

// S3.7.3, S9.11.3: Op Fire markers go at step 2D-c; Fired and Op Fire at the End Phase.
#[test]
fn css_s3_7_3_fire_markers_are_cleared() {
    let mut m = FireMarkers {
        fired: true,
        op_fire: true,
        sustained: true,
    };
    m.end_of_activation();
    assert_eq!((m.fired, m.op_fire), (true, false));
    m.op_fire = true;
    m.end_phase();
    assert_eq!((m.fired, m.op_fire, m.sustained), (false, false, true));
}

// S9.9.3, S4.8: the Wind removes Thin Smoke and thins Smoke; a gust (0 or 1) clears everything.
#[test]
fn css_s9_9_3_the_wind_thins_and_clears_smoke() {
    assert_eq!(wind(Smoke::Thick, false), Smoke::Thin);
    assert_eq!(wind(Smoke::Thin, false), Smoke::None);
    assert_eq!(wind(Smoke::Thick, is_gust(1)), Smoke::None);
    assert_eq!(wind(Smoke::None, false), Smoke::None);
    assert!(is_gust(0) && is_gust(1) && !is_gust(2) && !is_gust(6));
}

// S9.9.1: barrage smoke by an indirect-fire unit at a spotted hex (or one next to it) in range.
#[test]
fn css_s9_9_1_barrage_smoke_needs_a_black_dot_and_a_spotted_hex() {
    let mortar = Member::deployed(Weapon {
        indirect: true,
        ..weapon(4, Colour::White, 12)
    });
    assert!(check_smoke_mission(&mortar, 8, true).is_ok());
    assert_eq!(
        check_smoke_mission(&mortar, 8, false).unwrap_err().case,
        "S9.9.1"
    );
    assert_eq!(
        check_smoke_mission(&mortar, 13, true).unwrap_err().case,
        "S9.2"
    );
    let rifles = Member::deployed(weapon(5, Colour::White, 3));
    assert_eq!(
        check_smoke_mission(&rifles, 2, true).unwrap_err().case,
        "S9.9.1"
    );
    let fired = Member {
        fired: true,
        ..mortar
    };
    assert_eq!(
        check_smoke_mission(&fired, 2, true).unwrap_err().case,
        "S5.1.2"
    );
}
