//! The presentation model on *Berlin '85*: untried strengths and secret rolls stay hidden.

use super::super::*;
use crate::ruleset::{Berlin85, Command as B85Command, Options as B85Options, Phase};
use crate::{Header, NullPersist, Session};
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;

fn unity() -> Session<Berlin85> {
    let data = crate::builtin_data().expect("data");
    Session::new(
        data,
        Header::new("unity", B85Options::default(), 7),
        Box::new(NullPersist),
    )
    .expect("Operation Unity")
}

#[test]
fn b85_11_0_untried_strengths_show_u_and_every_unit_on_the_map_has_a_counter() {
    let mut s = unity();
    while s.game().state.phase == Phase::Setup {
        s.auto_place().expect("auto-place");
        s.apply(Input::Command(B85Command::EndSetup))
            .expect("end set-up");
    }
    let g = s.game();
    let f = frame(g, Viewer::Public);
    let on_map = g
        .view(Viewer::Public)
        .units
        .iter()
        .filter(|u| matches!(u.location, engine::core::units::Location::OnMap(_)))
        .count();
    assert_eq!(f.counters.len(), on_map);
    assert!(
        f.counters.iter().any(|c| c.factors.starts_with("U-")),
        "[11.0] untried units show U for their strengths"
    );
    // Berlin '85's counters have one face and no facing.
    assert!(f
        .counters
        .iter()
        .all(|c| c.face.is_none() && c.facing.is_none()));
}

#[test]
fn b85_17_0_a_secret_roll_names_its_purpose_to_its_roller_only() {
    let mut s = unity();
    for _ in 0..4000 {
        let g = s.game();
        let pending = Ruleset::pending(g);
        if let Pending::Roll {
            player,
            secret: true,
            purpose,
            ..
        } = pending
        {
            let other = if player == engine::berlin85::NATO {
                engine::berlin85::WARSAW_PACT
            } else {
                engine::berlin85::NATO
            };
            let read = |v| match frame(g, v).dialog {
                Dialog::Roll { purpose, .. } => purpose,
                d => panic!("a roll, not {d:?}"),
            };
            assert!(read(Viewer::Side(player)).contains(purpose));
            assert!(!read(Viewer::Side(other)).contains(purpose));
            assert!(!read(Viewer::Public).contains(purpose));
            return;
        }
        match pending {
            Pending::Roll { .. } => {
                s.roll_digital().expect("rolled");
            }
            Pending::DrawChit { .. } => {
                s.apply(Input::Drew(0)).expect("drawn");
            }
            Pending::Choose { .. } => {
                s.apply(Input::Chose(0)).expect("chosen");
            }
            Pending::Command { .. } => {
                if g.state.phase == Phase::Setup {
                    s.auto_place().expect("auto-place");
                }
                let end = Ruleset::step_end(s.game()).expect("a step-ending command");
                s.apply(Input::Command(end.command)).expect("step ended");
            }
            Pending::GameOver => break,
        }
    }
    panic!("[17.0] no secret roll came up");
}

#[test]
fn b85_3_0_the_units_still_to_set_up_wait_in_a_box_off_the_map() {
    let s = unity();
    let g = s.game();
    let f = frame(g, Viewer::Public);
    let to_set_up = f
        .boxes
        .iter()
        .find(|b| b.case == "3.0")
        .expect("a set-up box");
    assert_eq!(
        to_set_up.counters.len(),
        crate::TableGame::units_to_place(g).len()
    );
    assert!(!to_set_up.counters.is_empty());
    assert!(to_set_up.counters.iter().all(|c| c.hex.is_none()));
    // Once every unit is placed the box is gone.
    let mut s = unity();
    s.auto_place().expect("auto-place");
    assert!(frame(s.game(), Viewer::Public)
        .boxes
        .iter()
        .all(|b| b.case != "3.0"));
}
