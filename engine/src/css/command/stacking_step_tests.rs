//! Step 2D-c through the turn machine (S3.3.4 c, S6.3, S6.4, S11.4, S9.11.3).

use super::frame_tests::data;
use super::stacking_step::{Board2dC, Stack2dC, MAX_2D_C_HEXES};
use super::turn::{Choice, Command, Event, Step, TurnState, What};
use super::*;
use crate::core::hex::HexId;
use crate::core::protocol::{DiceRoll, Events, Input, Pending, RuleViolation};
use crate::core::units::UnitId;
use crate::css::fire::FireMarkers;
use crate::css::morale::{Condition, Status};
use crate::css::stacking::{Piece, Role, StackingChart};

const WP: Side = Side::B;

/// One unit on the little board: its hex, formation, whether the chit activated it, its
/// condition and fire markers.
#[derive(Clone, Copy)]
struct U {
    id: u16,
    hex: HexId,
    formation: u16,
    active: bool,
    c: Condition,
    m: FireMarkers,
}

struct Little {
    units: [U; 6],
}

impl Board2dC for Little {
    fn stacks_ended_in(
        &self,
        _: Chit,
    ) -> Result<heapless::Vec<Stack2dC, MAX_2D_C_HEXES>, RuleViolation> {
        let mut out: heapless::Vec<Stack2dC, MAX_2D_C_HEXES> = heapless::Vec::new();
        for u in self.units.iter().filter(|u| u.active) {
            if out.iter().any(|s| s.hex == u.hex) {
                continue;
            }
            let mut s = Stack2dC {
                hex: u.hex,
                unlimited: false,
                pieces: heapless::Vec::new(),
                spared: None,
            };
            for v in self.units.iter().filter(|v| v.hex == u.hex) {
                let _ = s.pieces.push(Piece {
                    id: UnitId(v.id),
                    side: WP,
                    formation: v.formation,
                    division: 0,
                    role: Role::Combat,
                    attached_to: None,
                });
            }
            let _ = out.push(s);
        }
        Ok(out)
    }
    fn each_unit(
        &mut self,
        _: Chit,
        f: &mut dyn FnMut(UnitId, bool, &mut Condition, &mut FireMarkers),
    ) {
        for u in self.units.iter_mut() {
            f(UnitId(u.id), u.active, &mut u.c, &mut u.m);
        }
    }
}

fn unit(id: u16, hex: HexId, formation: u16, active: bool, status: Status) -> U {
    U {
        id,
        hex,
        formation,
        active,
        c: Condition {
            status,
            ..Condition::fresh(2)
        },
        m: FireMarkers {
            op_fire: true,
            ..FireMarkers::default()
        },
    }
}

// S3.3.4 c: when the Formation chit's play ends, the turn machine checks the stacking of the
// hexes its units ended in, after 2D-b: four units in one hex (limit 3) all get a DG (the one
// already DG is Suppressed, a pinned one is DG), a pinned unit that was active loses its Pin,
// one that was not keeps it, and every Op Fire marker goes.
#[test]
fn css_s3_3_4_step_2d_c_checks_stacking_and_clears_pins_and_op_fire() {
    let d = data();
    let chart = StackingChart::stand_in();
    let crowded = HexId::new(5, 5);
    let quiet = HexId::new(9, 9);
    let mut board = Little {
        units: [
            unit(1, crowded, 0, true, Status::Pinned),
            unit(2, crowded, 0, true, Status::None),
            unit(3, crowded, 0, true, Status::Dg),
            unit(4, crowded, 0, false, Status::None),
            unit(5, quiet, 1, false, Status::Pinned),
            unit(6, HexId::new(12, 12), 1, true, Status::Pinned),
        ],
    };
    let mut ev: Events<Event> = Events::new();
    let mut s = TurnState::new(&d, &mut ev).unwrap();
    s.track_mut(DivisionId(0)).dp = 2;
    let go = |s: &mut TurnState, board: &mut Little, i: Input<Command>| {
        let mut e = Events::new();
        let dg = s
            .apply_on_board(&d, &chart, board, &i, &mut e)
            .unwrap_or_else(|err| panic!("{i:?}: {err}"));
        (dg, e)
    };
    for i in [
        Input::Command(Command::EndReinforcements),
        Input::Command(Command::Buy(Chit::Formation(FormationId(0)))),
        Input::Command(Command::DoneBuying),
        Input::Command(Command::DoneBuying),
        Input::Rolled(DiceRoll::of(&[9])),
        Input::Rolled(DiceRoll::of(&[9])),
    ] {
        let (dg, _) = go(&mut s, &mut board, i);
        assert!(dg.is_empty());
    }
    let Pending::DrawChit { chits, .. } = s.pending(&d) else {
        panic!("no draw: {:?}", s.pending(&d))
    };
    let at = chits
        .iter()
        .position(|c| *c == Choice::Chit(Chit::Formation(FormationId(0))))
        .unwrap();
    go(&mut s, &mut board, Input::Drew(at as u16));
    let (dg, _) = go(&mut s, &mut board, Input::Command(Command::EndActivation));
    assert!(matches!(s.step, Step::LeaderMoves(_)), "2D-b comes first");
    assert!(dg.is_empty() && board.units.iter().all(|u| u.m.op_fire));
    assert_eq!(board.units[0].c.status, Status::Pinned, "not before 2D-c");
    let (dg, e) = go(&mut s, &mut board, Input::Command(Command::EndLeaderMoves));
    assert_eq!(dg.as_slice(), [UnitId(1), UnitId(2), UnitId(3), UnitId(4)]);
    assert!(e.iter().any(|x| x.what == What::StackingDg(UnitId(4))));
    let status: heapless::Vec<Status, 6> = board.units.iter().map(|u| u.c.status).collect();
    assert_eq!(
        status.as_slice(),
        [
            Status::Dg,
            Status::Dg,
            Status::Suppressed,
            Status::Dg,
            Status::Pinned,
            Status::None
        ],
        "unit 6 was active alone in its hex: its Pin goes; unit 5 was not active: it stays"
    );
    assert!(board.units.iter().all(|u| !u.m.op_fire));
}
