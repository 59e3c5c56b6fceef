//! The Terrain Effects Chart's movement columns (7.1, 7.3, 9.0.2, 10.1.1): the stand-in set
//! honours the figures the rules state, and a club's chart that does not is refused.

use super::*;
use crate::core::capacity::fortress_berlin::MP;

#[test]
fn fb_move_7_3_1_the_standin_chart_keeps_the_figures_the_rules_state() {
    let c = standin();
    assert_eq!(c.validate(), Ok(()));
    assert_eq!(
        c.enter[terrain::CLEAR as usize],
        Some(MP.mp(1)),
        "7.3.1: clear is 1 MP"
    );
    assert_eq!(c.ruins, MP.mp(4), "9.0.2: ruins are 4 MP");
    assert_eq!(c.barrier, MP.mp(1), "10.1.1: a barrier adds 1 MP");
    assert_eq!(c.enter[terrain::LAKE as usize], None, "lakes are closed");
    // 7.3.2: the road rate is lower than any terrain's, so it is worth following a road.
    assert!(c.enter.iter().flatten().all(|&t| c.road < t));
}

#[test]
fn fb_move_7_3_1_a_chart_that_breaks_a_stated_figure_is_refused() {
    let mut c = standin();
    c.enter[terrain::CLEAR as usize] = Some(MP.mp(2));
    assert_eq!(c.validate().unwrap_err().case, "7.3.1");
    let mut c = standin();
    c.ruins = MP.mp(3);
    assert_eq!(c.validate().unwrap_err().case, "9.0.2");
    let mut c = standin();
    c.barrier = MP.mp(2);
    assert_eq!(c.validate().unwrap_err().case, "10.1.1");
    let mut c = standin();
    c.enter[terrain::LAKE as usize] = Some(MP.mp(5));
    assert_eq!(c.validate().unwrap_err().case, "2.1.1");
}

#[test]
fn fb_move_7_1_the_chart_travels_as_data() {
    let c = standin();
    let bytes = postcard::to_allocvec(&c).expect("encodes");
    let back: MovementChart = postcard::from_bytes(&bytes).expect("decodes");
    assert_eq!(back, c);
}
