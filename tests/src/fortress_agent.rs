//! Fortress Berlin's random player and the invariants every state of its games must keep
//! (issue 11's playouts): used by `tests/tests/playouts_fortress.rs` and the benchmark.
//!
//! The agent proposes inputs a player could give (mode changes, steps into neighbouring hexes,
//! facings, stack orders, close assaults and bombardments on hexes within reach, the end of the
//! segment), many of them doubtful on purpose: the engine refuses what the rules forbid, and
//! every refusal must leave the state as it was.

use engine::core::contract::{EventVisibility, GameEvent, Ruleset};
use engine::core::faces::Face;
use engine::core::hex::{Dir, HexId};
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::core::side::{Side, Viewer};
use engine::core::units::UnitId;
use engine::fortress::board::SegmentKind;
use engine::fortress::counters::{GERMAN, SOVIET};
use engine::fortress::data::Placement;
use engine::fortress::game::{Assaulters, Command, Force, Game, Waiting};
use engine::fortress::GameData;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The built-in Fortress Berlin data (data/fortress-berlin), loaded once per test binary.
pub fn fortress_berlin() -> &'static GameData {
    use std::sync::OnceLock;
    static DATA: OnceLock<&'static GameData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::fortress::load_builtin().unwrap_or_else(|errs| {
            let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            panic!(
                "built-in Fortress Berlin data does not load:\n{}",
                text.join("\n")
            )
        });
        Box::leak(d)
    })
}

/// The hand-made test board of `engine::fortress::testkit` ("skirmish": both sides on the map).
pub fn test_board() -> &'static GameData {
    use std::sync::OnceLock;
    static DATA: OnceLock<&'static GameData> = OnceLock::new();
    DATA.get_or_init(|| Box::leak(Box::new(engine::fortress::testkit::data())))
}

type Fb = Game<'static>;

/// A player making random decisions for whichever side must act.
pub struct FortressAgent {
    pub rng: StdRng,
    /// Commands tried in the current segment: after enough, the agent ends it.
    tries: u32,
    /// Commands tried a segment before the agent ends it.
    actions: u32,
    segment: (u8, SegmentKind, Side),
    /// Set-up (13.0): random placements left before the agent lets auto-place finish, and
    /// auto-place's plan once asked for.
    setup_random: u32,
    setup_plan: Vec<Placement>,
}

impl FortressAgent {
    pub fn new(seed: u64) -> Self {
        FortressAgent {
            rng: StdRng::seed_from_u64(seed),
            tries: 0,
            actions: 12,
            segment: (0, SegmentKind::Reinforcement, GERMAN),
            setup_random: 0,
            setup_plan: Vec::new(),
        }
        .with_setup_coin()
    }

    /// How many units this game's German places at random before auto-place does the rest:
    /// none in a quarter of the games, all of them in another quarter.
    fn with_setup_coin(mut self) -> Self {
        self.setup_random = match self.rng.gen_range(0..4) {
            0 => 0,
            1 => u32::MAX,
            _ => self.rng.gen_range(1..60),
        };
        self
    }

    /// An agent that tries `n` commands a segment before ending it (long journals).
    pub fn with_actions(mut self, n: u32) -> Self {
        self.actions = n;
        self
    }

    /// Inputs to try, in order; the caller applies them until one is accepted (the last, when
    /// commands are wanted, is always the end of the segment).
    pub fn candidates(&mut self, g: &Fb) -> Vec<Input<Command>> {
        match Ruleset::pending(g) {
            Pending::GameOver => Vec::new(),
            Pending::Roll { dice, .. } => {
                let faces: Vec<u8> = (0..dice.count)
                    .map(|_| {
                        let low = u8::from(!dice.zero_based);
                        self.rng.gen_range(low..low + dice.sides)
                    })
                    .collect();
                vec![Input::Rolled(DiceRoll::of(&faces))]
            }
            Pending::Choose { options, .. } => {
                let mut order: Vec<u8> = (0..options.len() as u8).collect();
                order.shuffle(&mut self.rng);
                order.into_iter().map(Input::Chose).collect()
            }
            Pending::DrawChit { chits, .. } => {
                vec![Input::Drew(self.rng.gen_range(0..chits.len().max(1)) as u16)]
            }
            Pending::Command { .. } => self.commands(g),
        }
    }

    /// The German set-up (13.0–13.6): random legal placements in a random mode and facing,
    /// now and then a unit taken back, auto-place for the rest, then "set-up done".
    fn setup(&mut self, g: &Fb) -> Vec<Input<Command>> {
        let left: Vec<UnitId> = g.units_to_place().collect();
        if left.is_empty() {
            return vec![Input::Command(Command::SetUpDone)];
        }
        let mut out = Vec::new();
        if self.setup_random > 0 {
            self.setup_random -= 1;
            // Doubtful on purpose now and then: "set-up done" with units left (13.0).
            if self.rng.gen_bool(0.02) {
                out.push(Input::Command(Command::SetUpDone));
            }
            let mut sure = false;
            if self.rng.gen_bool(0.05) {
                let placed: Vec<UnitId> = (0..g.state.board.units.len() as u16)
                    .map(UnitId)
                    .filter(|&u| {
                        g.setup_listing_of(u).is_some() && g.state.board.hex_of(u).is_some()
                    })
                    .collect();
                if let Some(&unit) = placed.choose(&mut self.rng) {
                    out.push(Input::Command(Command::TakeBack { unit }));
                    sure = true;
                }
            }
            let unit = *left.choose(&mut self.rng).expect("units left");
            let listing = g.setup_listing_of(unit).expect("a set-up unit");
            let geometry = g.data.map.geometry;
            let bridges: &[HexId] = g
                .data
                .map
                .place(engine::fortress::game::HAVEL_BRIDGES)
                .map_or(&[], |p| &p.hexes[..]);
            let perimeter = &g.data.within_perimeter;
            for _ in 0..6 {
                let hex = match self.rng.gen_range(0..4) {
                    0 if !listing.hexes.is_empty() => {
                        listing.hexes[self.rng.gen_range(0..listing.hexes.len())]
                    }
                    1 if !bridges.is_empty() => bridges[self.rng.gen_range(0..bridges.len())],
                    2 if !perimeter.is_empty() => perimeter[self.rng.gen_range(0..perimeter.len())],
                    _ => HexId::new(
                        self.rng.gen_range(1..=geometry.columns),
                        self.rng.gen_range(1..=geometry.rows),
                    ),
                };
                let (face, facing) = if self.rng.gen_bool(0.5) {
                    (Face::Front, Dir::ALL[self.rng.gen_range(0..6)])
                } else {
                    (Face::Back, Dir::Up)
                };
                let place = Input::Command(Command::Place(Placement {
                    unit,
                    hex,
                    face,
                    facing,
                }));
                if g.check_setup(unit, hex, face, facing).is_ok() {
                    out.push(place);
                    sure = true;
                    break;
                } else if self.rng.gen_bool(0.05) {
                    out.push(place);
                }
            }
            if !sure {
                // None of the tries was legal: the first legal hex for this unit.
                if let Some(p) = g.first_placement(unit) {
                    out.push(Input::Command(Command::Place(p)));
                    sure = true;
                }
            }
            if sure {
                // The board changes under any plan made before.
                self.setup_plan.clear();
                return out;
            }
        }
        // Auto-place does what the random placements did not; its plan holds while the
        // board changes only by it.
        if self.setup_plan.is_empty() {
            self.setup_plan = g.auto_place().into_iter().collect();
            self.setup_plan.reverse();
        }
        if let Some(p) = self.setup_plan.pop() {
            out.push(Input::Command(Command::Place(p)));
            return out;
        }
        // A unit with no legal hex left (its listed hexes full, 3.1.2): the German takes back
        // what stands there, or else any unit of his set-up.
        let stuck = g.setup_listing_of(left[0]).expect("a set-up unit");
        let b = &g.state.board;
        let placed: Vec<UnitId> = (0..b.units.len() as u16)
            .map(UnitId)
            .filter(|&u| g.setup_listing_of(u).is_some())
            .filter(|&u| {
                b.hex_of(u)
                    .is_some_and(|h| stuck.hexes.is_empty() || stuck.hexes.contains(&h))
            })
            .filter(|&u| !stuck.units.contains(&u))
            .collect();
        if let Some(&unit) = placed.choose(&mut self.rng) {
            out.push(Input::Command(Command::TakeBack { unit }));
        }
        out
    }

    fn commands(&mut self, g: &Fb) -> Vec<Input<Command>> {
        if g.setting_up() {
            return self.setup(g);
        }
        let b = &g.state.board;
        let key = (b.turn, b.segment.kind, b.segment.side);
        if key != self.segment {
            self.segment = key;
            self.tries = 0;
        }
        self.tries += 1;
        let mut out = Vec::new();
        // A handful of actions a segment keeps a 15-turn game quick.
        let busy = self.tries < self.actions;
        let side = b.segment.side;
        let mine: Vec<(UnitId, HexId)> = (0..b.units.len() as u16)
            .map(UnitId)
            .filter(|&u| g.data.forces.counter(u).is_some_and(|c| c.side == side))
            .filter_map(|u| Some((u, b.hex_of(u)?)))
            .collect();
        // 5.5, 13.6.1, 13.7: units drawn this reinforcement segment are placed before it ends.
        let drawn = g
            .state
            .vs_drawn
            .first()
            .copied()
            .map(|u| (u, true))
            .or(g.state.naval_drawn.map(|u| (u, false)));
        if let Some((unit, volkssturm)) = drawn {
            let hexes: Vec<HexId> = g
                .data
                .map
                .hexes()
                .filter(|&h| {
                    if volkssturm {
                        g.volkssturm_may_stand(unit, h)
                    } else {
                        g.airfield_open(h) || g.road_open(h)
                    }
                })
                .collect();
            for _ in 0..3 {
                if let Some(&to) = hexes.choose(&mut self.rng) {
                    let units: Force = [unit].into_iter().collect();
                    out.push(Input::Command(Command::Move { units, to }));
                }
            }
        }
        // 5.0: units due this turn step onto one of their entry hexes (7.1.2).
        if busy && b.segment.kind == SegmentKind::Movement {
            let due: Vec<UnitId> = (0..b.units.len() as u16)
                .map(UnitId)
                .filter(|&u| g.due(u).is_some())
                .collect();
            if let Some(&unit) = due.choose(&mut self.rng) {
                if let Some((group, delay)) = g.due(unit) {
                    let hexes = g.entry_hexes(&group, delay);
                    if let Some(&to) = hexes.choose(&mut self.rng) {
                        let units: Force = [unit].into_iter().collect();
                        out.push(Input::Command(Command::Move { units, to }));
                    }
                }
            }
        }
        // 17.3.1: now and then the Hitler player reshuffles the German roles.
        let players = b.options.players();
        if busy && players >= 4 && self.rng.gen_bool(0.1) {
            let n = engine::fortress::players::german_players(players);
            let mut order: Vec<u8> = (0..n).collect();
            order.shuffle(&mut self.rng);
            let mut holder = [0u8, 1, 2, 3];
            holder[..order.len()].copy_from_slice(&order);
            out.push(Input::Command(Command::Shuffle { holder }));
        }
        // 11.1.2, 11.4, 5.2: now and then Hitler's suicide attempt, an air strike, an exit.
        if busy && self.rng.gen_bool(0.05) {
            out.push(Input::Command(Command::Suicide));
        }
        // 17.4.2, 17.4.3: the Character Game's flights, leaders' suicides and defectors.
        if busy && g.state.board.options.character_game {
            out.extend(self.leader_commands(g));
        }
        if busy && self.rng.gen_bool(0.05) {
            if let Some(&(_, at)) = mine.choose(&mut self.rng) {
                let geometry = g.data.map.geometry;
                let near: Vec<HexId> = geometry.neighbours(at).map(|(_, h)| h).collect();
                if let Some(&target) = near.choose(&mut self.rng) {
                    out.push(Input::Command(Command::AirStrike {
                        target,
                        by: Some(if self.rng.gen_bool(0.5) {
                            engine::fortress::counters::Front::Zhukov
                        } else {
                            engine::fortress::counters::Front::Koniev
                        })
                        .filter(|_| g.players() >= 3 && side == SOVIET),
                    }));
                }
            }
        }
        if busy && !mine.is_empty() {
            let geometry = g.data.map.geometry;
            let dir = |r: &mut StdRng| Dir::ALL[r.gen_range(0..6)];
            for _ in 0..4 {
                let &(unit, at) = mine.choose(&mut self.rng).expect("units");
                let force: Force = b
                    .stacks
                    .at(at, side)
                    .map(|s| s.units.iter().copied().collect())
                    .unwrap_or_default();
                let neighbours: Vec<HexId> = geometry.neighbours(at).map(|(_, h)| h).collect();
                match b.segment.kind {
                    SegmentKind::Movement => {
                        let to = *neighbours.choose(&mut self.rng).expect("neighbours");
                        let moving: Force = if self.rng.gen_bool(0.5) {
                            force.clone()
                        } else {
                            [unit].into_iter().collect()
                        };
                        if self.rng.gen_bool(0.3) {
                            out.push(Input::Command(Command::ChangeMode {
                                unit,
                                facing: dir(&mut self.rng),
                            }));
                        }
                        out.push(Input::Command(Command::Move { units: moving, to }));
                        // 17.1: down into the U-Bahn here or at the next hex, a ride, up again.
                        if b.options.ubahn && self.rng.gen_bool(0.2) {
                            let map = &g.data.map;
                            let down_at = if self.rng.gen_bool(0.5) { at } else { to };
                            out.push(Input::Command(Command::UbahnDown { unit, at: down_at }));
                            let rides: Vec<HexId> = engine::fortress::game::next_stations(map, at)
                                .into_iter()
                                .collect();
                            if let Some(&ride) = rides.choose(&mut self.rng) {
                                out.push(Input::Command(Command::UbahnRide { unit, to: ride }));
                            }
                            out.push(Input::Command(Command::UbahnUp { unit }));
                        }
                        if self.rng.gen_bool(0.1) {
                            out.push(Input::Command(Command::Face {
                                hex: at,
                                dir: dir(&mut self.rng),
                            }));
                        }
                        if self.rng.gen_bool(0.1) {
                            out.push(Input::Command(Command::Top { unit }));
                        }
                        if self.rng.gen_bool(0.05) {
                            out.push(Input::Command(Command::Exit {
                                units: force.clone(),
                            }));
                        }
                        if self.rng.gen_bool(0.1) {
                            out.push(Input::Command(Command::Release { units: force }));
                        }
                    }
                    SegmentKind::Combat => {
                        let enemy = side.other();
                        let targets: Vec<HexId> = b
                            .stacks
                            .stacks
                            .iter()
                            .filter(|s| s.owner == enemy && !s.is_empty())
                            .map(|s| s.hex)
                            .filter(|&h| geometry.distance(at, h) <= 10)
                            .collect();
                        if let Some(&target) = targets.choose(&mut self.rng) {
                            let units: Assaulters = force.iter().copied().collect();
                            let enemy_top = b
                                .stacks
                                .at(target, enemy)
                                .and_then(|s| s.units.first().copied());
                            if geometry.distance(at, target) <= 2 && self.rng.gen_bool(0.3) {
                                // 8.3: gun fire at the one enemy unit the firers can see.
                                if let Some(unit) = enemy_top {
                                    out.push(Input::Command(Command::GunFire {
                                        firers: units,
                                        target: unit,
                                    }));
                                }
                            } else if geometry.adjacent(at, target) && self.rng.gen_bool(0.7) {
                                out.push(Input::Command(Command::Assault {
                                    attackers: units,
                                    target,
                                }));
                            } else {
                                out.push(Input::Command(Command::Bombard {
                                    firers: units,
                                    target,
                                    mixed: self.rng.gen_bool(0.2),
                                }));
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        out.push(Input::Command(Command::EndSegment));
        out
    }
}

impl FortressAgent {
    /// The Character Game (17.4): now and then a flight at any time (refused outside the
    /// German reinforcement segment), a leader's suicide attempt, and each defector's step,
    /// mostly toward Hitler's bunker.
    fn leader_commands(&mut self, g: &Fb) -> Vec<Input<Command>> {
        let mut out = Vec::new();
        let b = &g.state.board;
        let german: Vec<UnitId> = g.german_leaders().collect();
        if self.rng.gen_bool(0.15) {
            if let Some(&leader) = german.choose(&mut self.rng) {
                out.push(Input::Command(Command::Flee { leader }));
            }
        }
        if self.rng.gen_bool(0.05) {
            let mut who = german.clone();
            who.extend(g.hitler());
            if let Some(&leader) = who.choose(&mut self.rng) {
                out.push(Input::Command(Command::LeaderSuicide { leader }));
            }
        }
        // 17.4.3: a Soviet air strike on a leader's hex may turn him (11.4: any hex).
        if b.segment.kind == SegmentKind::Combat
            && b.segment.side == SOVIET
            && self.rng.gen_bool(0.5)
        {
            if let Some(&leader) = german.choose(&mut self.rng) {
                if let Some(target) = b.hex_of(leader) {
                    out.push(Input::Command(Command::AirStrike {
                        target,
                        by: Some(if self.rng.gen_bool(0.5) {
                            engine::fortress::counters::Front::Zhukov
                        } else {
                            engine::fortress::counters::Front::Koniev
                        })
                        .filter(|_| g.players() >= 3 && g.phasing() == SOVIET),
                    }));
                }
            }
        }
        if b.segment.kind == SegmentKind::Movement {
            let geometry = g.data.map.geometry;
            let bunker = g.hitler().and_then(|h| b.hex_of(h));
            let defectors: Vec<(UnitId, HexId)> = g.defectors().collect();
            for (leader, at) in defectors {
                let mut near: Vec<HexId> = geometry.neighbours(at).map(|(_, h)| h).collect();
                near.shuffle(&mut self.rng);
                if let (Some(bunker), true) = (bunker, self.rng.gen_bool(0.7)) {
                    near.sort_by_key(|&h| geometry.distance(h, bunker));
                }
                if let Some(&to) = near.first() {
                    out.push(Input::Command(Command::LeaderMove { leader, to }));
                }
            }
        }
        out
    }
}

/// Checks the invariants of one state; `Err` says which one broke.
/// * MP never beyond the allowance (7.1): no unit has spent more than its segment's budget,
///   and no budget is more than the unit's larger printed MA;
/// * stacking (3.1.4): when the phasing player is to give commands at the start of a segment,
///   no force is over its limit;
/// * (in [`playout`]) the VP track equals the awards summed from the start (12.0);
/// * modes and facing (3.3, 3.4): a unit has a facing exactly when its face up is a faced one
///   (maneuver mode; never a plant protection battalion), and the faced units of one force
///   face the same way;
/// * the Soviet fronts never share a hex (17.2), and a finished game names its winners;
/// * limited intelligence (3.1.5, 3.6): no seat and no onlooker sees more of an enemy force
///   than its top unit, unless a close assault or mixed bombardment involving it is waiting
///   for its dice.
pub fn check_invariants(g: &Fb, segment_start: bool) -> Result<(), String> {
    let b = &g.state.board;
    let per = engine::core::capacity::fortress_berlin::MP.per_mp();
    for (i, unit) in b.units.iter().enumerate() {
        let u = UnitId(i as u16);
        let status = unit.counter.game;
        if unit.state.spent_mp > status.budget {
            return Err(format!(
                "7.1: unit {i} spent {} MP sub-points of a budget of {}",
                unit.state.spent_mp, status.budget
            ));
        }
        if let Some(c) = g.data.forces.counter(u) {
            let ma = c.on(Face::Front).ma.max(c.on(Face::Back).ma) as u16 * per;
            if status.budget > ma {
                return Err(format!(
                    "7.1: unit {i} has {} MP sub-points, its larger MA is {ma}",
                    status.budget
                ));
            }
        }
    }
    if segment_start && g.state.waiting == Waiting::Commands {
        let over = engine::fortress::stacking::over_stacked::<4>(&g.data.forces, b);
        if let Some(l) = over.first() {
            return Err(format!(
                "{}: a force is over the stacking limit at a segment's start: {:?}",
                l.case, l.from
            ));
        }
    }
    // 3.3, 3.4: a facing exactly on a faced face; one facing a force.
    for s in &b.stacks.stacks {
        let mut force_facing = None;
        for &u in &s.units {
            let (Some(c), Some(x)) = (g.data.forces.counter(u), b.unit(u)) else {
                continue;
            };
            let faced = *c.faces.faced.on(x.counter.face);
            if faced != x.counter.facing.is_some() {
                return Err(format!(
                    "3.4: unit {u:?} in {:?} mode has facing {:?}",
                    x.counter.face, x.counter.facing
                ));
            }
            if let Some(f) = x.counter.facing {
                if *force_facing.get_or_insert(f) != f {
                    return Err(format!("3.4: the force in {:?} faces two ways", s.hex));
                }
            }
        }
    }
    // 17.2: the two Soviet fronts never share a hex.
    for s in &b.stacks.stacks {
        if engine::fortress::players::mixes_fronts(
            &g.data.forces,
            b.options.players(),
            s.units.iter().copied(),
        ) {
            return Err(format!("17.2: both fronts stack in {:?}", s.hex));
        }
    }
    // 12.0, 17.2, 17.3: a finished game names its winners among the players.
    if g.state.waiting == Waiting::GameOver && g.winners().is_none() {
        return Err("12.0: the game is over without an outcome".into());
    }
    let open = matches!(g.state.waiting, Waiting::AssaultRoll(_)) || g.state.suspended.is_some();
    for viewer in [Viewer::Side(GERMAN), Viewer::Side(SOVIET), Viewer::Public] {
        let view = Ruleset::view(g, viewer);
        for seen in &view.forces {
            let own = viewer == Viewer::Side(seen.owner);
            let actual = b.stacks.at(seen.hex, seen.owner).map(|s| s.units.clone());
            let Some(actual) = actual else {
                return Err(format!("{viewer:?} sees a force in an empty hex"));
            };
            if seen.top_only {
                if seen.units.len() != 1 || actual.first() != seen.units.first() {
                    return Err(format!(
                        "3.1.5: {viewer:?} is shown a unit that is not the top"
                    ));
                }
            } else if !own && !open {
                return Err(format!(
                    "3.6: {viewer:?} sees the whole enemy force in {:?} outside combat",
                    seen.hex
                ));
            } else if seen.units.as_slice() != actual.as_slice() {
                return Err(format!("{viewer:?} is shown a force that is not there"));
            }
        }
    }
    Ok(())
}

/// The postcard bytes of a state (compared byte for byte).
pub fn state_bytes(g: &Fb) -> Vec<u8> {
    postcard::to_allocvec(&g.state).expect("state encodes")
}

/// The end of one playout.
pub struct Playout {
    pub journal: Vec<Input<Command>>,
    pub refusals: usize,
    /// Close assaults and bombardments resolved (a result read on the Lower Matrix, 8.6).
    pub combats: usize,
    pub game: Fb,
}

/// One random playout of `scenario` to its end (or `max_inputs`), every invariant checked
/// after every input, every refusal checked to leave the state byte for byte as it was, and
/// every event's visibility as the rules say (a force's moves and orders are its owner's).
pub fn playout(
    data: &'static GameData,
    scenario: &str,
    seed: u64,
    max_inputs: usize,
) -> Result<Playout, String> {
    playout_with(data, scenario, FortressAgent::new(seed), max_inputs, true)
}

/// A playout by `agent`; `checked`: the invariants and refusals checked after every input (off
/// for the benchmark's timing of the rules alone).
pub fn playout_with(
    data: &'static GameData,
    scenario: &str,
    agent: FortressAgent,
    max_inputs: usize,
    checked: bool,
) -> Result<Playout, String> {
    playout_with_options(
        data,
        scenario,
        Default::default(),
        agent,
        max_inputs,
        checked,
    )
}

/// [`playout_with`] under `options` (an optional rule, the variants of 16.0).
pub fn playout_with_options(
    data: &'static GameData,
    scenario: &str,
    options: engine::fortress::board::Options,
    mut agent: FortressAgent,
    max_inputs: usize,
    checked: bool,
) -> Result<Playout, String> {
    let mut g = Fb::new(data, scenario, options).map_err(|e| format!("{e}"))?;
    let mut journal = Vec::new();
    let mut refusals = 0;
    let mut combats = 0;
    // 12.0.1, 12.0.2: the VP of every award event, summed from the start (German, Soviet);
    // the variants' bonus is the Soviet's from the start (16.0).
    let mut awarded = [g.state.victory.german, g.state.victory.soviet];
    check_invariants(&g, true)?;
    while journal.len() < max_inputs && !matches!(Ruleset::pending(&g), Pending::GameOver) {
        let segment = (g.state.board.turn, g.state.board.segment);
        let mut accepted = false;
        let mut last_refusal = None;
        for input in agent.candidates(&g) {
            let before = if checked { state_bytes(&g) } else { Vec::new() };
            match Ruleset::apply(&mut g, &input) {
                Ok(events) => {
                    combats += events
                        .iter()
                        .filter(|e| matches!(e, engine::fortress::Event::AssaultResult { .. }))
                        .count();
                    for e in &events {
                        if let engine::fortress::Event::VictoryPoints {
                            side,
                            points,
                            total,
                            ..
                        } = e
                        {
                            let sum = &mut awarded[usize::from(*side != GERMAN)];
                            *sum += points;
                            if *sum != *total {
                                return Err(format!(
                                    "input {}: 12.0: an award says {total} VP, the awards sum to {sum}",
                                    journal.len()
                                ));
                            }
                        }
                        if let EventVisibility::Only(side) = e.visibility() {
                            let phasing = g.state.board.segment.side;
                            if side != phasing {
                                return Err(format!(
                                    "input {}: a private event of the non-phasing side: {e:?}",
                                    journal.len()
                                ));
                            }
                        }
                    }
                    journal.push(input);
                    accepted = true;
                    break;
                }
                Err(v) => {
                    refusals += 1;
                    last_refusal = Some(format!("{input:?}: [{}] {}", v.case, v.reason));
                    if checked && state_bytes(&g) != before {
                        return Err(format!(
                            "input {}: the refusal [{}] {} changed the state",
                            journal.len(),
                            v.case,
                            v.reason
                        ));
                    }
                }
            }
        }
        if !accepted {
            return Err(format!(
                "input {}: every candidate refused, pending {:?}; the last: {}",
                journal.len(),
                Ruleset::pending(&g),
                last_refusal.unwrap_or_default()
            ));
        }
        let starts = (g.state.board.turn, g.state.board.segment) != segment;
        if checked {
            check_invariants(&g, starts).map_err(|e| format!("input {}: {e}", journal.len()))?;
            let track = [g.state.victory.german, g.state.victory.soviet];
            if track != awarded {
                return Err(format!(
                    "input {}: 12.0: the VP track says {track:?}, the awards sum to {awarded:?}",
                    journal.len()
                ));
            }
        }
    }
    Ok(Playout {
        journal,
        refusals,
        combats,
        game: g,
    })
}

/// The script of the test agent's full game of `seed` up to a position a screenshot needs
/// (`table-position fortress-berlin POSITION`): `combat`, the dice of a close assault or a
/// bombardment wanted (8.2.4, 8.4.2), its combat card on the table; `movement`, the German's
/// first movement segment (4.1.3), his forces set up (13.0); `soviet-movement`, the Soviet's
/// first (4.2). `None` if this seed's game does not get there.
pub fn position_script(want: &str, seed: u64, max_inputs: usize) -> Option<String> {
    let reached = |g: &Fb| match want {
        "combat" => matches!(g.state.waiting, Waiting::AssaultRoll(_)),
        "movement" | "soviet-movement" => {
            let side = if want == "movement" { GERMAN } else { SOVIET };
            matches!(Ruleset::pending(g), Pending::Command { player } if player == side)
                && g.state.board.segment.kind == SegmentKind::Movement
                && !g.setting_up()
        }
        other => panic!("unknown position '{other}' (known: combat, movement, soviet-movement)"),
    };
    let game = Fb::new(fortress_berlin(), "full-game", Default::default()).expect("the game");
    let mut agent = FortressAgent::new(seed);
    let header = format!(
        "# Fortress Berlin up to '{want}': the test agent's game of seed {seed}\n\
         scenario full-game\n"
    );
    let next = |g: &Fb| {
        agent
            .candidates(g)
            .into_iter()
            .find(|i| Ruleset::apply(&mut g.clone(), i).is_ok())
    };
    crate::generic::script_until(game, header, max_inputs, next, reached)
}
