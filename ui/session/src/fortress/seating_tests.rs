//! Where the players of Fortress Berlin's three- to six-player games sit and which edge the
//! screen faces for each thing the game waits for (17.2, 17.3; issue 12).

use super::{Fortress, Options};
use crate::header::{Header, Seats};
use crate::present::actions::{Offer, Selection};
use crate::seating::{facing, seats_of};
use crate::{NullPersist, Session, TableGame};
use engine::core::contract::Ruleset;
use engine::core::protocol::{Input, Pending};
use engine::core::seats::TableEdge::{self, East, North, South, West};
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::game::{Choice, Command, DieFor, Stage, Waiting};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

fn session(players: u8, places: &[TableEdge]) -> Session<Fortress> {
    let data = super::builtin_data().expect("data");
    let options = Options {
        players,
        ..Options::default()
    };
    let mut header = Header::for_game::<Fortress>("full-game", &options, 5);
    if !places.is_empty() {
        header.places = places.to_vec();
    }
    Session::<Fortress>::new(data, header, Box::new(NullPersist)).expect("session")
}

/// The edge the screen faces now, with `taken` the role of a force a player took in hand.
fn faces(s: &Session<Fortress>, taken: Option<&str>) -> TableEdge {
    facing(s.header(), s.game(), taken)
}

/// The edge of the seat holding `role` now.
fn edge_of(s: &Session<Fortress>, side: Side, role: &str) -> TableEdge {
    let seats = seats_of(s.header(), s.game());
    let i = seats.holding(side, role).expect("a seat holds the role");
    seats.seats[i].edge
}

/// Through the Volkssturm draw and the German set-up to the German's first commands.
fn set_up(s: &mut Session<Fortress>, during: &mut impl FnMut(&Session<Fortress>)) {
    while matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
        during(s);
        s.apply(Input::Drew(0)).expect("drawn");
    }
    during(s);
    s.auto_place().expect("auto-place");
    s.apply(Input::Command(Command::SetUpDone))
        .expect("set-up done");
}

/// Ends steps until `side` gives commands.
fn until_commands_of(s: &mut Session<Fortress>, side: Side) {
    for _ in 0..40 {
        match Ruleset::pending(s.game()) {
            Pending::Command { player } if player == side => return,
            Pending::Command { .. } => {
                let end = Ruleset::step_end(s.game()).expect("a button");
                s.apply(Input::Command(end.command)).expect("ended");
            }
            Pending::Roll { .. } => {
                s.roll_digital().expect("rolled");
            }
            Pending::DrawChit { .. } => {
                s.apply(Input::Drew(0)).expect("drawn");
            }
            Pending::Choose { .. } => {
                s.apply(Input::Chose(0)).expect("chosen");
            }
            Pending::GameOver => panic!("the game ended"),
        }
    }
    panic!("{side:?} never gave commands");
}

// 17.3.1: four players at the four edges; each side's lead role (the Hitler player, Zhukov)
// faces the screen when his side gives commands, a force's commander when he takes it in hand,
// and the Hitler player's seat moves with his role when the commands are handed out.
#[test]
fn fb_17_3_1_four_players_the_screen_faces_the_lead_role_the_force_taken_and_the_new_hitler() {
    // Hitler player South, Armed Forces player East, Zhukov North, Koniev West.
    let mut s = session(4, &[South, East, North, West]);
    // A saved game resumes with its seating: the places come back from the header's bytes.
    let saved = Header::decode(&s.header().encode().expect("bytes")).expect("format 4");
    assert_eq!(saved.places, [South, East, North, West]);
    // 13.6, 13.0: the Volkssturm drawn and the set-up are the Hitler player's (17.3.1).
    set_up(&mut s, &mut |s| assert_eq!(faces(s, None), South, "set-up"));
    until_commands_of(&mut s, GERMAN);
    assert_eq!(
        faces(&s, None),
        South,
        "the Hitler player leads the Germans"
    );
    assert_eq!(
        faces(&s, Some("Armed Forces Player")),
        East,
        "an Armed Forces force taken in hand turns the screen to its commander"
    );
    assert_eq!(
        faces(&s, Some("Koniev")),
        South,
        "a role of the other side never takes the screen"
    );
    // The Hitler player hands his role to the Armed Forces player: seats stay, roles move.
    s.apply(Input::Command(Command::Shuffle {
        holder: [1, 0, 2, 3],
    }))
    .expect("17.3.1 shuffle");
    assert_eq!(edge_of(&s, GERMAN, "Hitler Player"), East);
    assert_eq!(faces(&s, None), East, "the new Hitler player leads");
    assert_eq!(faces(&s, Some("Armed Forces Player")), South);
    // 17.2: the Soviet player-turn: Zhukov leads, Koniev's forces turn the screen to him.
    until_commands_of(&mut s, SOVIET);
    assert_eq!(faces(&s, None), North);
    assert_eq!(faces(&s, Some("Koniev")), West);
    assert_eq!(faces(&s, Some("Zhukov")), North);
    assert_eq!(faces(&s, Some("Hitler Player")), North);
}

// 17.3.3: six players at their default edges: the Germans at the South and West edges by
// turns, the Soviets across at the North edge and Koniev at the East.
#[test]
fn fb_17_3_3_six_players_sit_at_their_default_edges_and_the_volkssturm_draw_faces_the_civilian() {
    let mut s = session(6, &[]);
    assert_eq!(s.header().places, [South, West, South, West, North, East]);
    let seats = seats_of(s.header(), s.game());
    let roles: Vec<&str> = seats.seats.iter().map(|x| x.role.as_str()).collect();
    assert_eq!(
        roles,
        [
            "Hitler Player",
            "Armed Forces Player",
            "SS Player",
            "Civilian Player",
            "Zhukov",
            "Koniev"
        ]
    );
    // 13.6: the thirty Volkssturm drawn at set-up are the Civilian player's (17.3.3).
    let mut draws = 0;
    set_up(&mut s, &mut |s| {
        if matches!(Ruleset::pending(s.game()), Pending::DrawChit { .. }) {
            draws += 1;
            assert_eq!(faces(s, None), West, "the Civilian player draws");
        }
    });
    assert!(draws > 0);
    until_commands_of(&mut s, GERMAN);
    assert_eq!(faces(&s, None), South, "the Hitler player leads");
    assert_eq!(faces(&s, Some("SS Player")), South);
    assert_eq!(faces(&s, Some("Civilian Player")), West);
    until_commands_of(&mut s, SOVIET);
    assert_eq!((faces(&s, None), faces(&s, Some("Koniev"))), (North, East));
}

/// The role of the first unit of `side` among `units` that has one.
fn role_among(
    g: &Fortress,
    side: Side,
    units: impl IntoIterator<Item = UnitId>,
) -> Option<&'static str> {
    units
        .into_iter()
        .filter(|&u| g.data.forces.counter(u).is_some_and(|c| c.side == side))
        .find_map(|u| g.role_of(u))
        .map(|r| r.name())
}

/// What the screen must face for the pending of `s`, worked out from the board: the owner of
/// the force a roll or a choice is about, else the side's lead role. `None`: no expectation
/// (the rule is checked by the caller: a seat of the acting side).
fn expected(s: &Session<Fortress>) -> (Option<&'static str>, &'static str) {
    let g = s.game();
    let pending = Ruleset::pending(g);
    let Some(side) = pending.player() else {
        return (None, "game over");
    };
    let lead = if side == GERMAN {
        "Hitler Player"
    } else {
        "Zhukov"
    };
    match (&g.state.waiting, &pending) {
        (Waiting::AssaultRoll(a), _) => (
            role_among(g, side, a.attackers.iter().copied()),
            "the attacker's roll (8.4.2)",
        ),
        (Waiting::Aftermath(a), _) if matches!(a.stage, Stage::Retreat { .. }) => {
            let Stage::Retreat { path, .. } = &a.stage else {
                unreachable!()
            };
            let at = path.last().copied().unwrap_or(a.announced.target);
            let here = g
                .state
                .board
                .stacks
                .at(at, side)
                .map(|st| st.units.to_vec())
                .unwrap_or_default();
            (role_among(g, side, here), "a retreat (8.7)")
        }
        (Waiting::Aftermath(a), Pending::Choose { options, .. })
            if side == a.defender && options.iter().all(|c| matches!(c, Choice::Unit(_))) =>
        {
            let units = options.iter().filter_map(|c| match c {
                Choice::Unit(u) => Some(*u),
                _ => None,
            });
            (role_among(g, side, units), "a defender's loss (8.6)")
        }
        (Waiting::Commands, _) => (Some(lead), "commands"),
        (
            Waiting::Die(DieFor::Desertion(u) | DieFor::PpbDesertion(u) | DieFor::NavalLanding(u)),
            _,
        ) => (
            role_among(g, side, [*u]),
            "a unit's own die (11.1.3, 11.2.1, 13.7.1)",
        ),
        (_, Pending::Choose { options, .. } | Pending::DrawChit { chits: options, .. })
            if !options.is_empty() && options.iter().all(|c| matches!(c, Choice::Unit(_))) =>
        {
            let units = options.iter().filter_map(|c| match c {
                Choice::Unit(u) => Some(*u),
                _ => None,
            });
            (
                role_among(g, side, units),
                "a unit picked or drawn (3.1.4, 5.5, 8.6)",
            )
        }
        _ => (None, "other"),
    }
}

/// Plays `inputs` inputs by offered actions at random, checking at every pending that the
/// screen faces a seat of the acting side, and the owner's seat where the board says whose
/// force it is; returns how often each kind was checked.
fn play_checking(players: u8, seed: u64, inputs: usize) -> BTreeMap<&'static str, usize> {
    let mut s = session(players, &[]);
    set_up(&mut s, &mut |_| {});
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut tries = 0;
    for _ in 0..inputs {
        let g = s.game();
        let pending = Ruleset::pending(g);
        let Some(side) = pending.player() else { break };
        let here = faces(&s, None);
        let seats = seats_of(s.header(), g);
        assert!(
            seats
                .must_act(Some(side))
                .iter()
                .any(|i| seats.seats[i].edge == here),
            "{pending:?}: {here:?} is no seat of the acting side"
        );
        let (role, kind) = expected(&s);
        if let Some(role) = role {
            assert_eq!(here, edge_of(&s, side, role), "{kind}: {role}'s seat");
            *seen.entry(kind).or_default() += 1;
            if role != "Hitler Player" && role != "Zhukov" {
                *seen.entry("a seat other than the lead's").or_default() += 1;
            }
        }
        match pending {
            Pending::Roll { .. } => {
                s.roll_digital().expect("rolled");
            }
            Pending::DrawChit { chits, .. } => {
                let i = rng.gen_range(0..chits.len()) as u16;
                s.apply(Input::Drew(i)).expect("drawn");
            }
            Pending::Choose { options, .. } => {
                let i = rng.gen_range(0..options.len()) as u8;
                s.apply(Input::Chose(i)).expect("chosen");
            }
            Pending::Command { player } => {
                tries += 1;
                let sel = pick(g, player, &mut rng).filter(|_| tries < 20);
                let tap = sel.and_then(|sel| {
                    let actions = g.actions(&sel);
                    // Combat brings the rolls and choices of a force's owner: taken first.
                    let fights: Vec<_> = actions
                        .iter()
                        .filter(|a| {
                            ["Close assault", "Bombard", "Gun fire"]
                                .iter()
                                .any(|l| a.label.starts_with(l))
                        })
                        .collect();
                    let a = match fights.choose(&mut rng) {
                        Some(a) if rng.gen_bool(0.8) => *a,
                        _ => actions.choose(&mut rng)?,
                    };
                    a.then.taps().choose(&mut rng).cloned()
                });
                match tap {
                    Some(commands) => {
                        for (i, c) in commands.into_iter().enumerate() {
                            if i > 0
                                && !matches!(Ruleset::pending(s.game()), Pending::Command { .. })
                            {
                                break;
                            }
                            s.apply(Input::Command(c)).expect("offered");
                        }
                    }
                    None => {
                        tries = 0;
                        let end = Ruleset::step_end(g).expect("a button");
                        s.apply(Input::Command(end.command)).expect("ended");
                    }
                }
            }
            Pending::GameOver => break,
        }
    }
    eprintln!(
        "{players} players: {seen:?}; ended at {} with {:?}",
        s.game().summary(),
        Ruleset::pending(s.game())
    );
    seen
}

/// A force of `player` (all of a hex or one counter), or a drawn unit to place.
fn pick(g: &Fortress, player: Side, rng: &mut StdRng) -> Option<Selection> {
    if let Some(u) = g.state.vs_drawn.first().copied().or(g.state.naval_drawn) {
        return Some(Selection {
            hex: None,
            units: vec![u],
        });
    }
    let f = crate::present::frame(g, Viewer::Side(player));
    let mut hexes: BTreeMap<_, Vec<UnitId>> = BTreeMap::new();
    for c in f.counters.iter().filter(|c| c.side == player) {
        if let Some(h) = c.hex {
            hexes.entry(h).or_default().push(c.unit);
        }
    }
    let hexes: Vec<_> = hexes.into_iter().collect();
    let (hex, units) = hexes.choose(rng)?;
    Some(Selection::units(*hex, units))
}

/// Plays games of `players` (seeds 0, 1, …, at most `games`) until each of `wanted` was checked.
fn check_until(players: u8, games: u64, wanted: &[&str]) {
    let mut seen: BTreeMap<&'static str, usize> = BTreeMap::new();
    for seed in 0..games {
        for (k, n) in play_checking(players, 30 + seed, 3000) {
            *seen.entry(k).or_default() += n;
        }
        if wanted.iter().all(|w| seen.contains_key(w)) {
            return;
        }
    }
    panic!("{players} players: not all of {wanted:?} came up: {seen:?}");
}

// 17.2, 17.3.1, 8.4.2, 8.6, 8.7: in a four-player game the screen faces, for every pending, a
// seat of the side that must act, the attacker's commander for his roll, the commander of the
// force a loss, a draw or a retreat is about, else the side's lead role.
#[test]
fn fb_17_3_1_four_players_every_pending_faces_its_answering_seat() {
    check_until(
        4,
        6,
        &[
            "commands",
            "the attacker's roll (8.4.2)",
            "a unit picked or drawn (3.1.4, 5.5, 8.6)",
            "a seat other than the lead's",
        ],
    );
}

// 17.3.3: the same with six players at their default edges.
#[test]
fn fb_17_3_3_six_players_every_pending_faces_its_answering_seat() {
    check_until(
        6,
        6,
        &[
            "commands",
            "the attacker's roll (8.4.2)",
            "a unit picked or drawn (3.1.4, 5.5, 8.6)",
            "a seat other than the lead's",
        ],
    );
}

// Issue 12: a Fortress Berlin game saved in format 3 (its players seated by the two-sided
// seats alone) resumes as it was seated: every Soviet player across the table, every German
// at the South edge.
#[test]
fn fb_a_format_3_four_player_save_is_seated_as_before() {
    let mut s = session(4, &[]);
    let mut header = s.header().clone();
    header.places.clear();
    header.seats = Seats::Opposite;
    set_up(&mut s, &mut |_| {});
    let g = s.game();
    let seats = seats_of(&header, g);
    for seat in &seats.seats {
        let before = header
            .seats
            .edge_for_side(Some(seat.side), Fortress::SIDE_ACROSS);
        assert_eq!(seat.edge, before, "{}", seat.role);
    }
    assert_eq!(facing(&header, g, Some("Armed Forces Player")), South);
    until_commands_of(&mut s, SOVIET);
    assert_eq!(facing(&header, s.game(), Some("Koniev")), North);
}
