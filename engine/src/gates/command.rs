//! Command in *Gates*: the series command module ([`crate::css::command`]) set up with the
//! exclusive values — the Warsaw Pact's initiative (3.2), the fatigue thresholds (3.3.1), the
//! West German police (4.1.1), the East German divisions that act only by Direct Commands
//! (5.1), the Dispatch Point and Direct Command limits (9.1) and the troop-quality limits
//! (9.2). The turn that uses them is the series' [`crate::css::command::turn::TurnState`].

use super::{NATO, WARSAW_PACT};
use crate::core::protocol::RuleViolation;
use crate::core::side::Side;
use crate::css::command::{Chit, ChitCosts, CommandData, DivisionDef, DivisionId, FormationDef};
use crate::css::morale::TqModifiers;
use crate::css::standin;

/// 3.2: the Warsaw Pact has the initiative in every scenario.
pub const INITIATIVE: Side = WARSAW_PACT;

/// What kind of command a division has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An army division or brigade: Division and Formation chits, DC track, fatigue.
    Army,
    /// The West German police (4.1.1): constant TQ, immune to fatigue, no Division chit, its
    /// own Direct Command chit in the Cup while any police unit is in play.
    WestGermanPolice,
    /// The East German MND, VP and SED formations (5.1): activated only by Direct Commands,
    /// bought as division Direct Command chits (1, 1, then 2 DP; three per scenario).
    DirectCommandOnly,
}

/// A Division Display's printed values (9.0) and the kind of command it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Division {
    pub side: Side,
    pub kind: Kind,
    pub dispatch_rating: u8,
    pub command_rating: u8,
    pub max_tq: u8,
}

/// 3.3.1: fatigue at which a division loses 1 TQ at step 1B — NATO 5, Warsaw Pact 4.
pub const fn fatigue_threshold(side: Side) -> u8 {
    match side {
        Side::A => 5,
        Side::B => 4,
    }
}

/// The series' division definition for a Gates division.
pub fn division_def(d: &Division) -> DivisionDef {
    let army = DivisionDef {
        side: d.side,
        dispatch_rating: d.dispatch_rating,
        command_rating: d.command_rating,
        max_tq: d.max_tq.min(MAX_UNIT_TQ as u8),
        fatigue_threshold: fatigue_threshold(d.side),
        fatigue_immune: false,
        has_division_chit: true,
        dc_chits: 0,
        dc_track: true,
    };
    match d.kind {
        Kind::Army => army,
        // 4.1.1: immune to fatigue, no Division Activation chit, no DC track of its own.
        Kind::WestGermanPolice => DivisionDef {
            fatigue_immune: true,
            has_division_chit: false,
            dc_track: false,
            ..army
        },
        // 5.1: no activation chits at all; up to three Direct Command chits per scenario.
        Kind::DirectCommandOnly => DivisionDef {
            has_division_chit: false,
            dc_chits: 3,
            ..army
        },
    }
}

/// 9.2: no unit's TQ is ever above 8.
pub const MAX_UNIT_TQ: i8 = 8;

/// Table S4.3-T (stand-in prices) with the exclusive limits: DP at most 9 and DC at most 19,
/// 3 DP on a Dispatch roll at or under the rating and 1 above it (9.1); no Formation chit at
/// current TQ 3 or less, no activation chit at 2 or less (9.2); fatigue +1 / −2 / +2 (3.3.1);
/// division Direct Command chits at 1, 1, 2 DP (5.1).
pub const fn chit_costs() -> ChitCosts {
    standin::chit_costs()
}

/// Table S11.3-T (stand-in) with the cap of 9.2.
pub const fn tq_modifiers() -> TqModifiers {
    let mut m = standin::tq_modifiers();
    m.cap = MAX_UNIT_TQ;
    m
}

/// The command data of a Gates scenario: its divisions and formations, the Warsaw Pact's
/// initiative (3.2), and the police Direct Command chit put in the Cup every turn while police
/// units are in play (4.1.1).
pub fn command_data(
    divisions: &[Division],
    formations: &[FormationDef],
    police_in_play: bool,
    last_turn: u8,
) -> Result<CommandData, RuleViolation> {
    let mut data = CommandData {
        divisions: heapless::Vec::new(),
        formations: heapless::Vec::new(),
        costs: chit_costs(),
        initiative: INITIATIVE,
        always_in_cup: heapless::Vec::new(),
        last_turn,
    };
    for (i, d) in divisions.iter().enumerate() {
        data.divisions
            .push(division_def(d))
            .map_err(|_| RuleViolation::new("engine", "more than MAX_DIVISIONS divisions"))?;
        if d.kind == Kind::WestGermanPolice && police_in_play {
            data.always_in_cup
                .push(Chit::DivisionDirectCommand(DivisionId(i as u8)))
                .map_err(|_| RuleViolation::new("engine", "too many chits always in the Cup"))?;
        }
    }
    for f in formations {
        if f.division.0 as usize >= divisions.len() {
            return Err(RuleViolation::new("engine", "a formation of no division"));
        }
        data.formations
            .push(*f)
            .map_err(|_| RuleViolation::new("engine", "more than MAX_FORMATIONS formations"))?;
    }
    Ok(data)
}

/// 4.1.1: a police unit's TQ situation: the value printed on the Police HQ, never lowered by
/// its division's TQ (constant, immune to fatigue, B29).
pub const fn police_tq(hq_printed: u8) -> crate::css::morale::TqSituation {
    crate::css::morale::TqSituation::printed(hq_printed)
}

/// 4.1.1: the NATO player picks which NATO division pays for a police Formation chit: one with
/// its own Division chit (not the police).
pub fn police_chit_payer(data: &CommandData, payer: DivisionId) -> Result<(), RuleViolation> {
    let d = data.division(payer)?;
    if d.side != NATO || !d.has_division_chit || d.fatigue_immune {
        return Err(RuleViolation::new(
            "4.1.1",
            "a NATO army division pays for the police Formation chits",
        ));
    }
    Ok(())
}

/// Which side a division of `side` fights for, by name (for messages).
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::A => "NATO",
        Side::B => "Warsaw Pact",
    }
}

const _: () = assert!(matches!(NATO, Side::A));

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::core::protocol::{Events, Input, Pending};
    use crate::css::command::turn::{Command, TurnState};
    use crate::css::command::{DivisionTrack, FormationId};
    use crate::css::morale::{effective_tq, TqSituation};

    const MRD: DivisionId = DivisionId(0);
    const BB: DivisionId = DivisionId(1);
    const POLICE: DivisionId = DivisionId(2);
    const VP: DivisionId = DivisionId(3);

    fn divisions() -> [Division; 4] {
        let mrd = Division {
            side: WARSAW_PACT,
            kind: Kind::Army,
            dispatch_rating: 5,
            command_rating: 3,
            max_tq: 6,
        };
        [
            mrd,
            Division {
                side: NATO,
                dispatch_rating: 6,
                command_rating: 2,
                ..mrd
            },
            Division {
                side: NATO,
                kind: Kind::WestGermanPolice,
                max_tq: 5,
                ..mrd
            },
            Division {
                kind: Kind::DirectCommandOnly,
                max_tq: 4,
                ..mrd
            },
        ]
    }

    fn data(police: bool) -> CommandData {
        let f = |d: DivisionId| FormationDef::of(d);
        command_data(&divisions(), &[f(MRD), f(BB), f(POLICE)], police, 8).unwrap()
    }

    fn turn(data: &CommandData) -> TurnState {
        TurnState::new(data, &mut Events::new()).unwrap()
    }

    // 3.2 initiative: the Warsaw Pact acts first wherever both players would.
    #[test]
    fn gates_3_2_the_warsaw_pact_has_the_initiative() {
        let d = data(true);
        assert_eq!(d.initiative, WARSAW_PACT);
        let mut t = turn(&d);
        assert_eq!(
            t.pending(&d),
            Pending::Command {
                player: WARSAW_PACT
            }
        );
        t.apply(
            &d,
            &Input::Command(Command::EndReinforcements),
            &mut Events::new(),
        )
        .unwrap();
        assert_eq!(t.pending(&d).player(), Some(WARSAW_PACT), "buys first");
        assert_eq!(side_name(INITIATIVE), "Warsaw Pact");
    }

    // 3.3.1 fatigue: NATO divisions lose 1 TQ at fatigue 5, Warsaw Pact divisions at 4.
    #[test]
    fn gates_3_3_1_fatigue_thresholds_nato_five_warsaw_pact_four() {
        let d = data(false);
        let (mrd, bb) = (*d.division(MRD).unwrap(), *d.division(BB).unwrap());
        assert_eq!((mrd.fatigue_threshold, bb.fatigue_threshold), (4, 5));
        let mut wp = DivisionTrack::new(&mrd);
        let mut nato = DivisionTrack::new(&bb);
        wp.fatigue = 4;
        nato.fatigue = 4;
        assert_eq!(wp.fatigue_check(&mrd), -1);
        assert_eq!(nato.fatigue_check(&bb), 0);
        nato.fatigue = 5;
        assert_eq!(nato.fatigue_check(&bb), -1);
        assert_eq!((wp.tq, nato.tq), (5, 5));
    }

    // 3.3.1 fatigue: +1 for putting any Division/Formation chit in the Cup, −2 for a turn
    // without the Division chit (B3).
    #[test]
    fn gates_3_3_1_chits_add_fatigue_and_a_turn_without_the_division_chit_rests() {
        let d = data(false);
        let def = *d.division(MRD).unwrap();
        let mut t = DivisionTrack::new(&def);
        t.fatigue_for_chits(&def, &d.costs, true, true);
        assert_eq!(t.fatigue, 1);
        t.fatigue_for_chits(&def, &d.costs, true, false);
        assert_eq!(t.fatigue, 0, "+1 −2, never below 0");
        t.fatigue = 3;
        t.fatigue_for_chits(&def, &d.costs, false, false);
        assert_eq!(t.fatigue, 1);
        assert_eq!(
            d.costs.fatigue_action_formation, 2,
            "a Formation chit in the Action Phase"
        );
    }

    // 4.1.1 police: immune to fatigue, no Division chit, their Direct Command chit goes in the
    // Cup every turn while police are in play.
    #[test]
    fn gates_4_1_1_police_are_immune_to_fatigue_and_have_their_own_dc_chit() {
        let d = data(true);
        let p = *d.division(POLICE).unwrap();
        assert!(p.fatigue_immune && !p.has_division_chit && !p.dc_track);
        let mut t = DivisionTrack::new(&p);
        t.fatigue = 9;
        assert_eq!(t.fatigue_check(&p), 0);
        assert_eq!(t.tq, 5);
        assert_eq!(
            d.always_in_cup.as_slice(),
            &[Chit::DivisionDirectCommand(POLICE)]
        );
        assert!(data(false).always_in_cup.is_empty());
        // Their TQ is the Police HQ's and never drops with the division.
        assert_eq!(police_tq(5).division_shortfall, 0);
        assert_eq!(police_tq(5).printed, 5);
        // NATO picks a NATO army division to pay for their Formation chits.
        assert!(police_chit_payer(&d, BB).is_ok());
        assert_eq!(police_chit_payer(&d, POLICE).unwrap_err().case, "4.1.1");
        assert_eq!(police_chit_payer(&d, MRD).unwrap_err().case, "4.1.1");
        // No West German Division Activation chit can be bought.
        let mut s = turn(&d);
        let mut ev = Events::new();
        s.apply(&d, &Input::Command(Command::EndReinforcements), &mut ev)
            .unwrap();
        s.apply(&d, &Input::Command(Command::DoneBuying), &mut ev)
            .unwrap();
        s.track_mut(POLICE).dp = 9;
        let r = s.apply(
            &d,
            &Input::Command(Command::Buy(Chit::Division(POLICE))),
            &mut ev,
        );
        assert_eq!(r.unwrap_err().case, "S4.3");
    }

    // 5.1 East German police: only Direct Command chits, 1 DP, 1 DP, then 2 DP, three at most.
    #[test]
    fn gates_5_1_dc_only_divisions_buy_direct_command_chits() {
        let d = data(false);
        let vp = *d.division(VP).unwrap();
        assert!(!vp.has_division_chit);
        assert_eq!((vp.dc_chits, d.costs.division_dc), (3, [1, 1, 2]));
        let mut s = turn(&d);
        let mut ev = Events::new();
        s.apply(&d, &Input::Command(Command::EndReinforcements), &mut ev)
            .unwrap();
        s.track_mut(VP).dp = 5;
        let buy = |c| Input::Command(Command::Buy(c));
        assert_eq!(
            s.apply(&d, &buy(Chit::Division(VP)), &mut ev)
                .unwrap_err()
                .case,
            "S4.3"
        );
        s.apply(&d, &buy(Chit::DivisionDirectCommand(VP)), &mut ev)
            .unwrap();
        assert_eq!(s.track(VP).dp, 4, "the first costs 1 DP");
        assert_eq!(s.track(VP).dc_chits_bought, 1);
        // Later purchases: the second costs 1, the third 2, no fourth.
        let mut t = DivisionTrack::new(&vp);
        t.dc_chits_bought = 3;
        assert!(t.dc_chits_bought >= vp.dc_chits);
    }

    // 9.1 dispatch points and direct commands: a roll at or under the Dispatch Rating gives
    // 3 DP, else 1, never above 9; Direct Commands add die/2 plus the Command Rating, never
    // above 19, and only with the Division HQ on the map.
    #[test]
    fn gates_9_1_dispatch_points_stop_at_9_and_direct_commands_at_19() {
        let d = data(false);
        let def = *d.division(BB).unwrap();
        let mut t = DivisionTrack::new(&def);
        assert_eq!(t.dispatch_roll(&def, &d.costs, 6), 3);
        assert_eq!(t.dispatch_roll(&def, &d.costs, 7), 1);
        t.dp = 8;
        assert_eq!(t.dispatch_roll(&def, &d.costs, 0), 1, "the excess is lost");
        assert_eq!(t.dp, 9);
        assert_eq!(t.gain_direct_commands(&def, &d.costs, 5), 4, "5/2 + 2");
        t.dc = 17;
        assert_eq!(t.gain_direct_commands(&def, &d.costs, 9), 2);
        assert_eq!(t.dc, 19);
        t.hq_on_map = false;
        t.dc = 0;
        assert_eq!(t.gain_direct_commands(&def, &d.costs, 9), 0);
    }

    // 9.2 division troop quality: no unit's TQ above 8; at current TQ 3 or less no Formation
    // chits, at 2 or less no Division or Formation chits; a Division TQC passes at or under
    // the current TQ.
    #[test]
    fn gates_9_2_troop_quality_caps_and_chit_limits() {
        let d = data(false);
        let m = tq_modifiers();
        let s = TqSituation {
            leader_bonus: 2,
            ..TqSituation::printed(8)
        };
        let e = effective_tq(&s, &m);
        assert_eq!((e.value, e.capped), (8, true));
        let def = *d.division(MRD).unwrap();
        let mut t = DivisionTrack::new(&def);
        t.tq = 3;
        assert!(t.may_buy(Chit::Division(MRD), &d.costs).is_ok());
        assert_eq!(
            t.may_buy(Chit::Formation(FormationId(0)), &d.costs)
                .unwrap_err()
                .case,
            "S4.3.1"
        );
        t.tq = 2;
        assert_eq!(
            t.may_buy(Chit::Division(MRD), &d.costs).unwrap_err().case,
            "S4.3.1"
        );
        assert!(crate::css::morale::division_check(3, 3).passed());
        assert!(!crate::css::morale::division_check(3, 4).passed());
        let big = Division {
            max_tq: 11,
            ..divisions()[0]
        };
        assert_eq!(division_def(&big).max_tq, 8);
    }
}
