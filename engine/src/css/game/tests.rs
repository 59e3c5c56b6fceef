//! The series game state on a small board: a Move hex by hex (S7.2), Fire with its roll and
//! results (S9.3, S9.7), the stacking DGs at step 2D-c (S6.3), a Rally (S11.11), the S6.4 pick,
//! and refusals that change nothing.

extern crate std;

use super::*;
use crate::core::faces::TwoFaced;
use crate::core::protocol::DiceRoll;
use crate::core::side::Side;
use crate::core::units::{Nationality, UnitKind};
use crate::css::actions::tests::{data as command_data, playing, MRD, MRR2};
use crate::css::command::{Chit, FormationId};
use crate::css::counter::{Armour, Hq, Size, Symbols};
use crate::css::fire::Colour;
use crate::css::movement::{COLUMN, DEPLOYED};
use crate::css::scenario::NoVictory;
use crate::css::standin::{fire_charts, tq_modifiers};
use crate::css::terrain::tests::{h, Board, BH, BP};
use crate::css::terrain::MoveClass;

/// A rifle company of formation `f` of division `d` (leg, Column MA 4, Deployed MA 3, yellow
/// firepower 4 at range 3, TQ 6, 2 steps).
pub(super) fn rifles(side: Side, d: u8, f: u8) -> Counter {
    Counter {
        side,
        nationality: Nationality::Soviet,
        formation: Some(FormationId(f)),
        division: crate::css::command::DivisionId(d),
        kind: UnitKind::Infantry,
        size: Size::Company,
        designation: heapless::String::try_from("coy").unwrap(),
        hq: Hq::No,
        firepower: 4,
        colour: Colour::Yellow,
        range: 3,
        defense: 0,
        armour: Armour::Soft,
        class: MoveClass::Leg,
        ma: TwoFaced { front: 4, back: 3 },
        tq: 6,
        steps: 2,
        symbols: Symbols::default(),
    }
}

pub(super) struct Fixture {
    pub command: CommandData,
    pub board: Board,
    pub counters: std::vec::Vec<Counter>,
    pub fire: FireCharts,
    pub assault: AssaultCharts,
    /// S11.8.2: the WP (side B) routs off the west edge, NATO (side A) off the east.
    pub exits: std::vec::Vec<(Side, HexId)>,
}

impl Fixture {
    /// Units 0–3: the WP's 2nd MRR (formation 0); 4: its 3rd MRR (formation 1); 5: a NATO
    /// company (formation 2).
    pub fn new() -> Fixture {
        let mut counters = std::vec::Vec::new();
        for _ in 0..4 {
            counters.push(rifles(Side::B, MRD.0, MRR2.0));
        }
        counters.push(rifles(Side::B, MRD.0, 1));
        counters.push(rifles(Side::A, 1, 2));
        Fixture {
            command: command_data(),
            board: Board::new(),
            counters,
            fire: fire_charts(),
            assault: crate::css::standin::assault_charts(),
            exits: (1..=20)
                .flat_map(|r| [(Side::B, h(1, r)), (Side::A, h(20, r))])
                .collect(),
        }
    }
    pub fn data(&self) -> SeriesData<'_, BH, BP> {
        SeriesData {
            command: &self.command,
            ground: self.board.ground(),
            counters: &self.counters,
            fire: &self.fire,
            tq: tq_modifiers(),
            stacking: StackingChart::stand_in(),
            sight: SightChart::stand_in(),
            assault: &self.assault,
            rout_exits: &self.exits,
        }
    }
    /// The 2nd MRR's Formation chit being played.
    pub fn game(&self, setup: &[(HexId, Face)]) -> SeriesGame<8> {
        let turn = playing(&self.command, Chit::Formation(MRR2));
        SeriesGame::new(&self.data(), turn, setup).unwrap()
    }
}

pub(super) fn one(u: u16) -> Group {
    Group::from_slice(&[UnitId(u)]).unwrap()
}

pub(super) fn unit(c: UnitCommand) -> Input<GameCommand> {
    Input::Command(GameCommand::Unit(c))
}

pub(super) fn apply(
    f: &Fixture,
    g: &mut SeriesGame<8>,
    i: Input<GameCommand>,
) -> Result<(), RuleViolation> {
    let mut ev = Events::new();
    let before = g.clone();
    let r = g.apply(&f.data(), &NoVictory, &i, &mut ev);
    if r.is_err() {
        assert_eq!(*g, before, "a refusal changes nothing");
        assert!(ev.is_empty());
    }
    r
}

pub(super) fn roll(f: &Fixture, g: &mut SeriesGame<8>, v: u8) {
    apply(f, g, Input::Rolled(DiceRoll::of(&[v]))).unwrap();
}

pub(super) const END: Input<GameCommand> =
    Input::Command(GameCommand::Turn(Command::EndActivation));
const END_2D_B: Input<GameCommand> = Input::Command(GameCommand::Turn(Command::EndLeaderMoves));

/// Ends the chit: 2D-a, then 2D-b (the scenario has leaders), where 2D-c runs.
pub(super) fn end_chit(f: &Fixture, g: &mut SeriesGame<8>) -> Result<(), RuleViolation> {
    apply(f, g, END)?;
    apply(f, g, END_2D_B)
}

/// Units 0–4 far from the enemy (unit 5).
pub(super) fn spread() -> [(HexId, Face); 6] {
    [
        (h(2, 2), DEPLOYED),
        (h(2, 2), DEPLOYED),
        (h(2, 3), DEPLOYED),
        (h(3, 3), DEPLOYED),
        (h(2, 8), DEPLOYED),
        (h(12, 12), DEPLOYED),
    ]
}

#[test]
fn css_s7_2_game_move_hex_by_hex_then_finish() {
    let f = Fixture::new();
    let mut g = f.game(&spread());
    // S5.1: a unit of another formation is not active under the 2nd MRR's chit.
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(4),
            to: h(2, 9),
        }),
    );
    assert_eq!(r.unwrap_err().case, "S5.1");
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(2),
            to: h(2, 4),
        }),
    )
    .unwrap();
    assert_eq!(g.units[2].hex, Some(h(2, 4)));
    // S7.2: not a neighbour.
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(2),
            to: h(2, 9),
        }),
    );
    assert_eq!(r.unwrap_err().case, "S7.2");
    // S3.4: another unit waits for the move to end; the chit cannot end either.
    let r = apply(&f, &mut g, unit(UnitCommand::Hold { units: one(3) }));
    assert_eq!(r.unwrap_err().case, "S3.4");
    assert_eq!(apply(&f, &mut g, END).unwrap_err().case, "S7.2");
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(2),
            to: h(2, 5),
        }),
    )
    .unwrap();
    apply(
        &f,
        &mut g,
        unit(UnitCommand::FinishMove { change_side: true }),
    )
    .unwrap();
    assert_eq!((g.units[2].hex, g.units[2].face), (Some(h(2, 5)), COLUMN));
    assert_eq!(g.stage, Stage::Idle);
}

#[test]
fn css_s9_3_game_fire_rolls_and_applies_the_result() {
    let f = Fixture::new();
    let mut setup = spread();
    setup[5] = (h(2, 5), DEPLOYED); // two hexes from unit 2
    let mut g = f.game(&setup);
    // S9.3.1: the target hex must hold enemy units.
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Fire {
            units: one(2),
            target: h(2, 2),
        }),
    );
    assert_eq!(r.unwrap_err().case, "S9.3.1");
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Fire {
            units: one(2),
            target: h(2, 5),
        }),
    )
    .unwrap();
    assert!(matches!(
        g.pending(&f.data()),
        Pending::Roll { case: "S9.3.2", .. }
    ));
    // The roll is awaited: nothing else is taken.
    assert_eq!(apply(&f, &mut g, END).unwrap_err().case, "S9.3.2");
    roll(&f, &mut g, 0); // S9.6: an unmodified 0 gives at least a Pin
    assert!(g.units[5].cond.status >= Status::Pinned);
    assert!(g.units[2].fire.fired, "S9.3.5 Fired marker");
    // S5.1.2: no second fire-type action (a Formation chit's free second action).
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Fire {
            units: one(2),
            target: h(2, 5),
        }),
    );
    assert_eq!(r.unwrap_err().case, "S5.1.2");
}

#[test]
fn css_s6_3_game_over_stacking_gets_a_dg_at_2d_c() {
    let f = Fixture::new();
    let mut setup = spread();
    setup[2] = (h(2, 2), DEPLOYED); // units 0–2 in 2.2: the limit
    let mut g = f.game(&setup);
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(3),
            to: h(2, 2),
        }),
    )
    .unwrap();
    apply(
        &f,
        &mut g,
        unit(UnitCommand::FinishMove { change_side: false }),
    )
    .unwrap();
    end_chit(&f, &mut g).unwrap();
    for u in 0..4 {
        assert_eq!(g.units[u].cond.status, Status::Dg, "unit {u}");
    }
    assert_eq!(g.units[4].cond.status, Status::None);
    assert!(g.activation.is_none() || g.activation.as_ref().unwrap().chit != Chit::Formation(MRR2));
}

/// The 2nd MRR's unit 3 ends its move in 3.04 with the 3rd MRR's company: the two formations
/// tie there (S6.4); the chit's activation is over, step 2D-b waits.
fn tied_at_2d_b() -> (Fixture, SeriesGame<8>) {
    let f = Fixture::new();
    let mut setup = spread();
    setup[4] = (h(3, 4), DEPLOYED); // the 3rd MRR's company next to unit 3
    let mut g = f.game(&setup);
    apply(
        &f,
        &mut g,
        unit(UnitCommand::Move {
            units: one(3),
            to: h(3, 4),
        }),
    )
    .unwrap();
    apply(
        &f,
        &mut g,
        unit(UnitCommand::FinishMove { change_side: false }),
    )
    .unwrap();
    apply(&f, &mut g, END).unwrap();
    (f, g)
}

/// S6.4: the owner's pick of the formation spared in `hex`.
fn spare(hex: HexId, formation: u16) -> Input<GameCommand> {
    unit(UnitCommand::Spare { hex, formation })
}

#[test]
fn css_s6_4_game_tied_formations_need_the_owners_pick() {
    let (f, mut g) = tied_at_2d_b();
    assert_eq!(apply(&f, &mut g, END_2D_B).unwrap_err().case, "S6.4");
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Spare {
            hex: h(3, 4),
            formation: 2,
        }),
    );
    assert_eq!(r.unwrap_err().case, "S6.4");
    // Only a hex where a unit of the chit is, is checked at 2D-c.
    let r = apply(
        &f,
        &mut g,
        unit(UnitCommand::Spare {
            hex: h(12, 12),
            formation: 2,
        }),
    );
    assert_eq!(r.unwrap_err().case, "S6.4");
    apply(&f, &mut g, spare(h(3, 4), 1)).unwrap();
    apply(&f, &mut g, END_2D_B).unwrap();
    assert_eq!(
        g.units[3].cond.status,
        Status::Dg,
        "the 2nd MRR's company is not spared"
    );
    assert_eq!(g.units[4].cond.status, Status::None);
}

// S6.4: a pick made earlier in the chit that no longer settles the hex (its formation is not
// among the tied ones now) is asked again: the legal commands offer the tied formations.
#[test]
fn css_s6_4_a_pick_that_no_longer_settles_the_tie_is_asked_again() {
    let (f, mut g) = tied_at_2d_b();
    // A stale pick: formation 2 is not in the hex's tie (the 2nd MRR, 0, and the 3rd, 1).
    g.spared.push((h(3, 4), 2)).unwrap();
    assert_eq!(apply(&f, &mut g, END_2D_B).unwrap_err().case, "S6.4");
    let mut legal = std::vec::Vec::new();
    g.legal_unit_commands(&f.data(), |c| legal.push(c.clone()));
    for formation in [0, 1] {
        assert!(
            legal.contains(&UnitCommand::Spare {
                hex: h(3, 4),
                formation
            }),
            "formation {formation} is offered: {legal:?}"
        );
    }
    apply(&f, &mut g, spare(h(3, 4), 1)).unwrap();
    apply(&f, &mut g, END_2D_B).unwrap();
}

#[test]
fn css_s11_11_game_rally_needs_a_marker_and_a_roll() {
    let f = Fixture::new();
    let mut g = f.game(&spread());
    let r = apply(&f, &mut g, unit(UnitCommand::Rally { unit: UnitId(0) }));
    assert_eq!(r.unwrap_err().case, "S11.11");
    g.units[0].cond.status = Status::Suppressed;
    apply(&f, &mut g, unit(UnitCommand::Rally { unit: UnitId(0) })).unwrap();
    // S1.3: a d10 is read 0 to 9.
    let r = apply(&f, &mut g, Input::Rolled(DiceRoll::of(&[10])));
    assert_eq!(r.unwrap_err().case, "S1.3");
    roll(&f, &mut g, 2);
    assert_eq!(
        g.units[0].cond.status,
        Status::Dg,
        "a pass turns Suppressed into DG"
    );
}
