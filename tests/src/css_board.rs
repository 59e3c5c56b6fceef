//! A small hand-made board with units for the series game state (`engine::css::game`): 12 × 10
//! hexes of Clear, Woods, Town and Village, and three companies for each formation of the test
//! scenario of [`crate::css_scenario`] (rifles, a tank company, a mechanized company), side A
//! in the west, side B in the east, four to six hexes apart. A random driver answers the game's pendings — random d10
//! faces 0–9 and draw indices (the engine never rolls), and among the legal unit commands
//! while a chit is played — and now and then sends nonsense so refusals are exercised (issue
//! 13's unit playouts, no-alloc test and chit benchmark).

use crate::css_scenario;
use engine::core::faces::TwoFaced;
use engine::core::hex::{Edge, Geometry, HexFormat, HexId, ShiftedColumns};
use engine::core::map::MapData;
use engine::core::protocol::{DiceRoll, Events, Input, Pending, RuleViolation};
use engine::core::side::Side;
use engine::core::units::{Nationality, UnitId, UnitKind};
use engine::css::assault::AssaultCharts;
use engine::css::command::turn::{Command, Step};
use engine::css::command::{CommandData, DivisionId, FormationId};
use engine::css::counter::{Armour, Counter, Hq, Size, Symbols};
use engine::css::fire::{Colour, FireCharts};
use engine::css::game::{GameCommand, GameEvent, Group, SeriesData, SeriesGame, UnitCommand};
use engine::css::movement::{COLUMN, DEPLOYED};
use engine::css::sight::SightChart;
use engine::css::stacking::StackingChart;
use engine::css::terrain::{dots, MoveClass, Relief, TerrainChart};
use rand::rngs::StdRng;
use rand::Rng;

/// Hexes of the board.
pub const H: usize = 120;
/// Places of the board.
pub const P: usize = 4;
/// Units of the game.
pub const U: usize = 24;

/// The series game of the test.
pub type Game = SeriesGame<U>;

/// Everything the game's data borrows.
pub struct World {
    pub command: CommandData,
    pub map: MapData<H, P>,
    pub relief: Relief<H>,
    pub chart: TerrainChart,
    pub counters: Vec<Counter>,
    pub fire: FireCharts,
    pub assault: AssaultCharts,
    /// S11.8.2: side A routs off the west edge, side B off the east.
    pub exits: Vec<(Side, HexId)>,
}

fn h(col: u8, row: u8) -> HexId {
    HexId::new(col, row)
}

/// A company of `side`'s formation `f` (division `d`): 0 rifles, 1 tanks, 2 mechanized.
fn company(side: Side, d: u8, f: u8, kind: u8) -> Counter {
    let base = Counter {
        side,
        nationality: if side == Side::A {
            Nationality::WestGerman
        } else {
            Nationality::Soviet
        },
        formation: Some(FormationId(f)),
        division: DivisionId(d),
        kind: UnitKind::Infantry,
        size: Size::Company,
        designation: heapless::String::try_from("coy").expect("fits"),
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
    };
    match kind {
        0 => base,
        1 => Counter {
            kind: UnitKind::Tank,
            firepower: 8,
            colour: Colour::White,
            range: 8,
            defense: 2,
            armour: Armour::Tank,
            class: MoveClass::Tracked,
            ma: TwoFaced { front: 10, back: 4 },
            tq: 5,
            ..base
        },
        _ => Counter {
            kind: UnitKind::Mechanized,
            firepower: 6,
            colour: Colour::Blue,
            range: 5,
            defense: 1,
            armour: Armour::Hard,
            class: MoveClass::Wheeled,
            ma: TwoFaced { front: 12, back: 4 },
            tq: 5,
            ..base
        },
    }
}

impl World {
    pub fn new() -> World {
        let g = Geometry {
            columns: 12,
            rows: 10,
            shifted: ShiftedColumns::Even,
            format: HexFormat::CcDotRr,
            first_column_at: Edge::West,
            first_row_at: Edge::North,
        };
        let mut map = MapData::blank(g);
        for i in 0..g.hex_count() {
            let at = g.hex_at(i).expect("on the board");
            map.terrain[i] = match (at.col, at.row) {
                (4..=5, 2..=4) | (6..=7, 7..=8) => dots::WOODS,
                (5..=6, 5..=6) => dots::TOWN,
                (1, 8) | (10, 1) => dots::VILLAGE,
                _ => dots::CLEAR,
            };
        }
        let mut counters = Vec::new();
        for (f, d, side) in [
            (0u8, 0u8, Side::A),
            (1, 0, Side::A),
            (2, 1, Side::A),
            (3, 2, Side::B),
            (4, 2, Side::B),
            (5, 3, Side::B),
        ] {
            for kind in 0..3 {
                counters.push(company(side, d, f, kind));
            }
        }
        // Units 18–21: each division's HQ (S2.2.2), a haven for its routing units (S11.8.2)
        // and the place its returning units come back to (S11.10).
        for (d, f, side) in [
            (0u8, 0u8, Side::A),
            (1, 2, Side::A),
            (2, 3, Side::B),
            (3, 5, Side::B),
        ] {
            counters.push(Counter {
                hq: Hq::Division,
                kind: UnitKind::Headquarters,
                firepower: 1,
                range: 1,
                class: MoveClass::Wheeled,
                ma: TwoFaced { front: 8, back: 3 },
                tq: 5,
                steps: 1,
                ..company(side, d, f, 0)
            });
        }
        World {
            command: css_scenario::scenario()
                .command_data(&css_scenario::command_data())
                .expect("data"),
            relief: Relief::flat(g.hex_count()),
            map,
            chart: TerrainChart::stand_in(),
            counters,
            fire: engine::css::standin::fire_charts(),
            assault: engine::css::standin::assault_charts(),
            exits: (1..=10)
                .flat_map(|r| [(Side::A, h(1, r)), (Side::B, h(12, r))])
                .collect(),
        }
    }

    pub fn data(&self) -> SeriesData<'_, H, P> {
        SeriesData {
            command: &self.command,
            ground: engine::css::terrain::Ground::new(&self.map, &self.relief, &self.chart),
            counters: &self.counters,
            fire: &self.fire,
            tq: engine::css::standin::tq_modifiers(),
            stacking: StackingChart::stand_in(),
            sight: SightChart::stand_in(),
            assault: &self.assault,
            rout_exits: &self.exits,
        }
    }

    /// Where each company starts: formation `f`'s three in one column, A west, B east.
    pub fn setup(&self) -> Vec<(HexId, engine::core::faces::Face)> {
        let mut out = Vec::new();
        for f in 0..6u8 {
            let col = [3u8, 4, 3, 9, 8, 9][f as usize];
            let row0 = [1u8, 3, 6, 1, 4, 7][f as usize];
            for k in 0..3u8 {
                let face = if k == 1 { COLUMN } else { DEPLOYED };
                out.push((h(col, row0 + k / 2), face));
            }
        }
        // The four HQs behind their divisions.
        for at in [h(1, 2), h(1, 7), h(12, 3), h(12, 8)] {
            out.push((at, DEPLOYED));
        }
        out
    }

    /// The game at the scenario's start.
    pub fn start(&self, events: &mut Events<GameEvent>) -> Game {
        let mut tev = Events::new();
        let s = css_scenario::scenario();
        let turn = engine::css::command::turn::TurnState::from_scenario(
            &self.command,
            &s,
            Default::default(),
            &mut tev,
        )
        .expect("start");
        for e in tev {
            let _ = events.push(GameEvent::Turn(e));
        }
        Game::new(&self.data(), turn, &self.setup()).expect("setup")
    }
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

/// Applies `input` with the test scenario's victory test.
pub fn apply(
    data: &SeriesData<'_, H, P>,
    game: &mut Game,
    input: &Input<GameCommand>,
    events: &mut Events<GameEvent>,
) -> Result<(), RuleViolation> {
    let v = css_scenario::WornDown(game.turn.track(DivisionId(3)).tq);
    game.apply(data, &v, input, events)
}

fn group(rng: &mut StdRng) -> Group {
    let mut g = Group::new();
    for _ in 0..rng.gen_range(0..3) {
        let _ = g.push(UnitId(rng.gen_range(0..U as u16 + 2)));
    }
    g
}

/// Any input at all, with no regard for the pending (most are refused).
pub fn random_input(rng: &mut StdRng) -> Input<GameCommand> {
    let hex = h(rng.gen_range(0..14), rng.gen_range(0..12));
    let unit = UnitId(rng.gen_range(0..U as u16 + 2));
    match rng.gen_range(0..10) {
        0..=4 => match css_scenario::random_input(rng) {
            Input::Command(c) => Input::Command(GameCommand::Turn(c)),
            Input::Rolled(r) => Input::Rolled(r),
            Input::Drew(i) => Input::Drew(i),
            Input::Chose(i) => Input::Chose(i),
        },
        5 => Input::Command(GameCommand::Unit(UnitCommand::Move {
            units: group(rng),
            to: hex,
        })),
        6 => Input::Command(GameCommand::Unit(UnitCommand::Fire {
            units: group(rng),
            target: hex,
        })),
        7 => Input::Command(GameCommand::Unit(match rng.gen_range(0..4) {
            0 => UnitCommand::Rally { unit },
            1 => UnitCommand::SecondActionCheck { unit },
            2 => UnitCommand::FinishMove {
                change_side: rng.gen(),
            },
            _ => UnitCommand::Spare {
                hex,
                formation: rng.gen_range(0..7),
            },
        })),
        8 => Input::Command(GameCommand::Unit(match rng.gen_range(0..4) {
            0 => UnitCommand::ChangeSide { units: group(rng) },
            1 => UnitCommand::Assault {
                units: group(rng),
                target: hex,
            },
            2 => UnitCommand::Charge {
                units: group(rng),
                target: hex,
                checker: unit,
            },
            _ => UnitCommand::Advance { units: group(rng) },
        })),
        _ => Input::Rolled(DiceRoll::of(&[rng.gen_range(0..12)])),
    }
}

/// An input that answers the pending: the turn machine's answer, or, while a chit is played,
/// mostly one of the legal unit commands (then `EndActivation` when none is left or by
/// chance). `None` once the game is over.
pub fn answer(
    rng: &mut StdRng,
    data: &SeriesData<'_, H, P>,
    game: &Game,
) -> Option<Input<GameCommand>> {
    let pending = game.pending(data);
    if let Pending::Roll { .. } = pending {
        return Some(Input::Rolled(DiceRoll::of(&[rng.gen_range(0..10)])));
    }
    // S9.11.3: the opportunity-fire window: fire (most of the time) or pass.
    if let (Some(_), Pending::Choose { options, .. }) = (&game.op, &pending) {
        let i = if options.len() > 1 && rng.gen_bool(0.7) {
            rng.gen_range(1..options.len())
        } else {
            0
        };
        return Some(Input::Chose(i as u8));
    }
    let mut legal: Vec<UnitCommand> = Vec::new();
    if game.activation.is_some() {
        game.legal_unit_commands(data, |c| legal.push(c.clone()));
    }
    if let Some(i) = placement(data, game) {
        return Some(i);
    }
    let playing = matches!(game.turn.step, Step::Playing(p) if !p.rolling);
    if !playing && !legal.is_empty() {
        // Step 2D-b: the S6.4 picks before the chit ends.
        let i = rng.gen_range(0..legal.len());
        return Some(Input::Command(GameCommand::Unit(legal.swap_remove(i))));
    }
    if playing && game.activation.is_some() {
        // A Move under way or an advance to decide must be answered by a unit command.
        let must = !matches!(game.stage, engine::css::game::Stage::Idle);
        if !legal.is_empty() && (must || rng.gen_bool(0.9)) {
            // Spares first: a tied hex blocks the end of the chit (S6.4).
            let spare = legal
                .iter()
                .position(|c| matches!(c, UnitCommand::Spare { .. }));
            // Fire when it can, half the time: the playouts must see results.
            let fire = legal
                .iter()
                .position(|c| matches!(c, UnitCommand::Fire { .. }));
            // Close combat when it can, a third of the time (S10).
            let close = legal.iter().position(|c| {
                matches!(c, UnitCommand::Assault { .. } | UnitCommand::Charge { .. })
            });
            let i = match (spare, fire, close) {
                (Some(i), ..) if rng.gen_bool(0.5) => i,
                (_, _, Some(i)) if rng.gen_bool(0.33) => i,
                (_, Some(i), _) if rng.gen_bool(0.5) => i,
                _ => rng.gen_range(0..legal.len()),
            };
            return Some(Input::Command(GameCommand::Unit(legal.swap_remove(i))));
        }
        if rng.gen_bool(0.3) {
            if let Some(Input::Command(c @ Command::SpendDirectCommand { .. })) =
                css_scenario::answer(rng, data.command, &game.turn)
            {
                return Some(Input::Command(GameCommand::Turn(c)));
            }
        }
        return Some(Input::Command(GameCommand::Turn(Command::EndActivation)));
    }
    Some(match css_scenario::answer(rng, data.command, &game.turn)? {
        Input::Command(c) => Input::Command(GameCommand::Turn(c)),
        Input::Rolled(r) => Input::Rolled(r),
        Input::Drew(i) => Input::Drew(i),
        Input::Chose(i) => Input::Chose(i),
    })
}

/// Step 1C: the first arriving or returning unit of the player enters in a hex next to its
/// HQs or its entry hex if one takes it (S18.1, S11.10), else it waits on the track or stays
/// in the Routed box.
fn placement(data: &SeriesData<'_, H, P>, game: &Game) -> Option<Input<GameCommand>> {
    let t = &game.turn;
    let (unit, near, wait) = match t.step {
        Step::Arrivals(side) => {
            let a = t.arriving.iter().find(|a| a.side == side)?;
            let near: Vec<HexId> = match a.to {
                engine::css::track::Arrival::Enter { entry } => vec![entry],
                _ => Vec::new(),
            };
            (a.unit, near, Command::HoldArrival(a.unit))
        }
        Step::Returns(side) => {
            let r = t.returning.iter().find(|r| r.side == side)?;
            let c = data.counter(r.unit).ok()?;
            let near: Vec<HexId> = game
                .units
                .iter()
                .filter(|u| data.counter(u.id).is_ok_and(|h| h.supplies(c)))
                .filter_map(|u| u.hex)
                .collect();
            (r.unit, near, Command::StayRouted(r.unit))
        }
        _ => return None,
    };
    let g = &data.ground.map.geometry;
    for at in near {
        for hex in std::iter::once(at).chain(g.neighbours(at).map(|(_, n)| n)) {
            let c = GameCommand::Place { unit, hex };
            let mut copy = game.clone();
            let mut ev = Events::new();
            let ok = apply(data, &mut copy, &Input::Command(c.clone()), &mut ev).is_ok();
            if ok {
                return Some(Input::Command(c));
            }
        }
    }
    Some(Input::Command(GameCommand::Turn(wait)))
}

/// The same companies on the synthetic 6,084-hex CSS ground of [`crate::synthetic::css_ground`]
/// (the legal-actions benchmark's map): for the no-alloc test and the benchmark of one unit's
/// legal actions.
pub struct BigWorld {
    pub css: crate::synthetic::CssGround,
    pub command: CommandData,
    pub counters: Vec<Counter>,
    pub fire: FireCharts,
    pub assault: AssaultCharts,
    pub exits: Vec<(Side, HexId)>,
}

/// Hexes and places of the big map.
pub const BH: usize = crate::synthetic::CSS_HEXES;
pub const BP: usize = crate::synthetic::CSS_PLACES;

impl BigWorld {
    pub fn new() -> BigWorld {
        let small = World::new();
        BigWorld {
            css: crate::synthetic::css_ground(),
            command: small.command,
            counters: small.counters,
            fire: small.fire,
            assault: small.assault,
            exits: Vec::new(),
        }
    }

    pub fn data(&self) -> SeriesData<'_, BH, BP> {
        SeriesData {
            command: &self.command,
            ground: self.css.ground(),
            counters: &self.counters,
            fire: &self.fire,
            tq: engine::css::standin::tq_modifiers(),
            stacking: StackingChart::stand_in(),
            sight: SightChart::stand_in(),
            assault: &self.assault,
            rout_exits: &self.exits,
        }
    }

    /// The game with the companies placed as on the small board (side B two columns nearer),
    /// shifted to `(col, row)`, and
    /// the turn machine driven (seeded) until a Formation chit of side A is played.
    pub fn playing(&self, col: u8, row: u8) -> SeriesGame<U> {
        let ground = self.css.ground();
        let setup: Vec<_> = World::new()
            .setup()
            .into_iter()
            .enumerate()
            .map(|(i, (at, face))| {
                // Side B two columns nearer than on the small board: four hexes apart.
                let west = if self.counters[i].side == Side::B {
                    2
                } else {
                    0
                };
                let mut x = h(col + at.col - west, row + at.row);
                // An unplayable hex (water) moves the company down the column.
                while !ground.playable(x) {
                    x = h(x.col, x.row + 1);
                }
                (x, face)
            })
            .collect();
        let mut rng = <StdRng as rand::SeedableRng>::seed_from_u64(7);
        let mut tev = Events::new();
        let (data, mut t) = css_scenario::start(&mut tev);
        for _ in 0..10_000 {
            if let Some(engine::css::command::Chit::Formation(f)) = t.active_chit() {
                if self.command.formations[f.0 as usize].division.0 == 0 {
                    break;
                }
            }
            let i = css_scenario::answer(&mut rng, &data, &t).expect("not over");
            tev.clear();
            let _ = css_scenario::apply(&data, &mut t, &i, &mut tev);
        }
        SeriesGame::new(&self.data(), t, &setup).expect("setup")
    }
}

impl Default for BigWorld {
    fn default() -> Self {
        BigWorld::new()
    }
}
