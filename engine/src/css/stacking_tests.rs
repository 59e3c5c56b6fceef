//! Stacking (series S6.0–S6.6).

extern crate std;

use super::*;
use std::vec::Vec;

/// The 1st MRD (division 1): its 2nd and 3rd regiments are formations 2 and 3.
fn company(id: u16, formation: u16) -> Piece {
    Piece {
        id: UnitId(id),
        side: Side::B,
        formation,
        division: 1,
        role: Role::Combat,
        attached_to: None,
    }
}

fn with_role(mut p: Piece, role: Role) -> Piece {
    p.role = role;
    p
}

fn ids(v: &[UnitId]) -> Vec<u16> {
    v.iter().map(|u| u.0).collect()
}

const CHART: StackingChart = StackingChart::stand_in();

// Example S6.3-A: over-stacking and mixed-formation DGs at step 2D-c.
#[test]
fn example_s6_3_a_stacking_checks_at_step_2d_c() {
    // Hex A: four companies of the 2nd regiment, one over the limit of 3.
    let a: Vec<Piece> = (1..=4).map(|i| company(i, 2)).collect();
    let pa = step_2d_c(&CHART, false, &a, None).unwrap();
    assert!(pa.over_stacked);
    assert_eq!(
        ids(&pa.dg),
        [1, 2, 3, 4],
        "all four units in A receive DG (S6.3)"
    );
    // Hex B: two companies of the 2nd regiment and one of the 3rd, no leader.
    let b = [company(5, 2), company(6, 2), company(7, 3)];
    let pb = step_2d_c(&CHART, false, &b, None).unwrap();
    assert!(!pb.over_stacked);
    assert_eq!(pb.spared, Some(2));
    assert_eq!(ids(&pb.dg), [7], "the 3rd-regiment company (S6.4)");
    // Had the 2nd regiment's leader been in B, B would have had no penalty.
    let mut led = b.to_vec();
    led.push(with_role(company(8, 2), Role::Leader(Leads::Formation(2))));
    assert!(step_2d_c(&CHART, false, &led, None).unwrap().dg.is_empty());
}

// S6.1: at most 3 units a hex (stand-in) when units are placed; hexes a game declares
// unlimited (Gates 3.5) take any number.
#[test]
fn css_s6_1_placed_units_keep_within_the_limit_of_three() {
    let present = [company(1, 2), company(2, 2)];
    assert!(may_place(&CHART, false, &present, &[company(3, 2)]).is_ok());
    let refused = may_place(&CHART, false, &present, &[company(3, 2), company(4, 2)]);
    assert_eq!(refused.unwrap_err().case, "S6.1");
    assert!(may_place(&CHART, true, &present, &[company(3, 2), company(4, 2)]).is_ok());
    // An unlimited hex is never over-stacked.
    let many: Vec<Piece> = (1..=7).map(|i| company(i, 2)).collect();
    assert!(step_2d_c(&CHART, true, &many, None).unwrap().dg.is_empty());
}

// S6.2: combat units and HQs count; leaders, heroes and support weapons never; a transport
// and the unit it carries count as one.
#[test]
fn css_s6_2_what_counts_toward_the_limit() {
    let hex = [
        company(1, 2),
        with_role(company(2, 2), Role::Hq),
        with_role(company(3, 9), Role::Transport),
        with_role(
            company(4, 2),
            Role::Rider {
                transport: UnitId(3),
            },
        ),
        with_role(company(5, 2), Role::Leader(Leads::Division(1))),
        with_role(company(6, 2), Role::Hero),
        with_role(company(7, 2), Role::SupportWeapon),
    ];
    assert_eq!(count(&hex), 3);
    let p = step_2d_c(&CHART, false, &hex, None).unwrap();
    assert!(!p.over_stacked, "three units: within the limit");
    assert!(may_place(&CHART, false, &hex, &[company(8, 2)]).is_err());
    let sw = with_role(company(9, 2), Role::SupportWeapon);
    assert!(may_place(&CHART, false, &hex, &[sw]).is_ok());
}

// S6.3: every unit of an over-stacked hex receives a DG at step 2D-c; nothing is removed.
#[test]
fn css_s6_3_every_unit_of_an_over_stacked_hex_is_disrupted() {
    let hex = [
        company(1, 2),
        company(2, 2),
        with_role(company(3, 2), Role::Hq),
        company(4, 2),
        with_role(company(5, 2), Role::Leader(Leads::Formation(2))),
    ];
    let p = step_2d_c(&CHART, false, &hex, None).unwrap();
    assert!(p.over_stacked);
    assert_eq!(ids(&p.dg), [1, 2, 3, 4], "units only, not the leader");
}

// S6.4: in a hex of several formations, the units not of the largest one receive a DG; HQs,
// attached units and transports with their riders are not a different formation; a leader
// of the division or of a formation present cancels it; a tie is the owner's pick; a unit
// gets one DG however many penalties apply.
#[test]
fn css_s6_4_mixed_formations_disrupt_all_but_the_largest() {
    let mut attached = company(3, 4);
    attached.attached_to = Some(2);
    let hex = [
        company(1, 2),
        attached,
        with_role(company(4, 9), Role::Transport),
        with_role(
            company(5, 3),
            Role::Rider {
                transport: UnitId(4),
            },
        ),
    ];
    let p = step_2d_c(&CHART, false, &hex, None).unwrap();
    assert_eq!(p.dg.len(), 0, "nobody counts as a different formation");
    let with_hq = [
        company(1, 2),
        company(2, 2),
        with_role(company(3, 7), Role::Hq),
    ];
    assert!(step_2d_c(&CHART, false, &with_hq, None)
        .unwrap()
        .dg
        .is_empty());
    let tie = [company(1, 2), company(2, 3)];
    let Err(Undecided::Tie(t)) = step_2d_c(&CHART, false, &tie, None) else {
        panic!("a tie asks the owner");
    };
    assert_eq!((t.owner, t.formations.as_slice()), (Side::B, &[2, 3][..]));
    assert_eq!(
        ids(&step_2d_c(&CHART, false, &tie, Some(3)).unwrap().dg),
        [1]
    );
    let mut by_division = tie.to_vec();
    by_division.push(with_role(company(9, 5), Role::Leader(Leads::Division(1))));
    assert!(step_2d_c(&CHART, false, &by_division, None)
        .unwrap()
        .dg
        .is_empty());
    let mut other_division = tie.to_vec();
    other_division.push(with_role(company(9, 5), Role::Leader(Leads::Division(2))));
    assert!(
        step_2d_c(&CHART, false, &other_division, Some(2))
            .unwrap()
            .dg
            .len()
            == 1
    );
    // Over-stacked and mixed: four units, each DG once.
    let both = [company(1, 2), company(2, 2), company(3, 2), company(4, 3)];
    let p = step_2d_c(&CHART, false, &both, None).unwrap();
    assert_eq!(ids(&p.dg), [1, 2, 3, 4]);
}

// S6.5: units of the two sides never share a hex.
#[test]
fn css_s6_5_enemies_never_share_a_hex() {
    let mut nato = company(1, 2);
    nato.side = Side::A;
    let present = [company(2, 2)];
    assert_eq!(may_share(&present, Side::A).unwrap_err().case, "S6.5");
    assert_eq!(
        may_place(&CHART, true, &present, &[nato]).unwrap_err().case,
        "S6.5"
    );
    assert!(may_share(&present, Side::B).is_ok());
    let leader_alone = [with_role(company(3, 2), Role::Leader(Leads::Formation(2)))];
    assert!(
        may_share(&leader_alone, Side::A).is_ok(),
        "a leader is not a unit"
    );
}

// S6.6, table S9.5-T: fire against a hex of 3 or more units gets +1; fire attacks every unit
// in the hex but leaders, heroes and SWs (riders share their transport's fate), or only the
// unit a missile or sniper names.
#[test]
fn css_s6_6_fire_at_a_crowded_hex_and_whom_it_attacks() {
    let two = [company(1, 2), company(2, 2)];
    assert_eq!(fire_density(&CHART, &two), 0);
    let hex = [
        company(1, 2),
        company(2, 2),
        with_role(company(3, 9), Role::Transport),
        with_role(
            company(4, 2),
            Role::Rider {
                transport: UnitId(3),
            },
        ),
        with_role(company(5, 2), Role::Leader(Leads::Formation(2))),
        with_role(company(6, 2), Role::SupportWeapon),
    ];
    assert_eq!(fire_density(&CHART, &hex), 1);
    let all: Vec<u16> = fire_targets(&hex, None).map(|u| u.0).collect();
    assert_eq!(all, [1, 2, 3]);
    let one: Vec<u16> = fire_targets(&hex, Some(UnitId(2))).map(|u| u.0).collect();
    assert_eq!(one, [2]);
    assert_eq!(
        fire_targets(&hex, Some(UnitId(5))).count(),
        0,
        "a leader alone"
    );
}
