//! *Berlin '85*'s adapter to the presentation model: its counters (nationality colours, NATO
//! symbols, factors as printed, "U" while untried [11.0]) and its questions in words.

use super::nato::{palette, symbol};
use super::{stacked, CounterBox, CounterFace, CounterMark, OptionText, Present, VictoryText};
use crate::ruleset::Berlin85;
use engine::berlin85::bridges::DemolitionTarget;
use engine::berlin85::movement::DropStage;
use engine::berlin85::view::UnitView;
use engine::berlin85::{Choice, GameData, Phase};
use engine::core::contract::Ruleset;
use engine::core::hex::{Dir, HexId};
use engine::core::protocol::Case;
use engine::core::side::Viewer;
use engine::core::units::{Location, UnitId};

/// The values a counter prints, in the order it prints them.
struct Printed<'a> {
    artillery: bool,
    untried: bool,
    attack: &'a dyn core::fmt::Display,
    defense: &'a dyn core::fmt::Display,
    movement: u8,
    /// Barrage, FPF and range of artillery [2.32].
    fire: [u8; 3],
}

impl Printed<'_> {
    /// "A-D-M", "U-M" while untried [11.0], "B-F-R-D-M" for artillery [2.32].
    fn text(&self) -> String {
        let [barrage, fpf, range] = self.fire;
        let (d, m) = (self.defense, self.movement);
        if self.artillery {
            format!("{barrage}-{fpf}-{range}-{d}-{m}")
        } else if self.untried {
            format!("U-{m}")
        } else {
            format!("{}-{d}-{m}", self.attack)
        }
    }
}

/// Factors as the viewer sees them (untried strengths stay hidden [11.0]).
pub fn factors(u: &UnitView<'_>) -> String {
    Printed {
        artillery: u.kind.is_artillery(),
        untried: u.untried,
        attack: &u.attack,
        defense: &u.defense,
        movement: u.movement,
        fire: [u.barrage, u.fpf, u.range],
    }
    .text()
}

/// A roster unit's counter as printed, before play puts it anywhere (untried units show "U"
/// [11.0]).
pub fn printed(data: &GameData, u: UnitId) -> Option<CounterFace> {
    let d = data.roster.get(u)?;
    let factors = Printed {
        artillery: d.kind.is_artillery(),
        untried: d.untried,
        attack: &d.attack,
        defense: &d.defense,
        movement: d.movement,
        fire: [d.barrage, d.fpf, d.range],
    }
    .text();
    Some(CounterFace {
        unit: u,
        hex: None,
        depth: 0,
        side: d.side,
        palette: palette(d.nationality),
        symbol: symbol(d.kind),
        size: d.size.to_string(),
        factors,
        corner: String::new(),
        name: d.name.to_string(),
        face: None,
        facing: None,
        marks: Vec::new(),
        hides_more: false,
        role: None,
        notes: Vec::new(),
    })
}

/// One counter of the view, as drawn.
pub fn face(u: &UnitView<'_>, hex: Option<HexId>, depth: u8, spent: bool) -> CounterFace {
    CounterFace {
        unit: u.id,
        hex,
        depth,
        side: u.side,
        palette: palette(u.nationality),
        symbol: symbol(u.kind),
        size: u.size.to_string(),
        factors: factors(u),
        corner: String::new(),
        name: u.name.to_string(),
        face: None,
        facing: None,
        marks: if spent {
            vec![CounterMark::Spent]
        } else {
            Vec::new()
        },
        hides_more: false,
        role: None,
        notes: Vec::new(),
    }
}

/// "the bridge between 1420 and 1421", "the POL at 2316" [12.0].
pub fn demolition_place(game: &Berlin85, target: DemolitionTarget) -> String {
    let geo = &game.data().map.geometry;
    match target {
        DemolitionTarget::Bridge(side) => {
            let dir = Dir::from_index(usize::from(side.dir));
            match geo.neighbour(side.hex, dir) {
                Some(n) => format!(
                    "the bridge between {} and {}",
                    geo.format(side.hex),
                    geo.format(n)
                ),
                None => format!("the bridge at {}", geo.format(side.hex)),
            }
        }
        DemolitionTarget::Pol(h) => format!("the POL at {}", geo.format(h)),
    }
}

impl Present for Berlin85 {
    fn counters(&self, viewer: Viewer) -> Vec<CounterFace> {
        let view = self.view(viewer);
        let mut out = Vec::new();
        // Counters of a hex lie in roster order; Berlin '85 keeps no stack order.
        let mut hexes: Vec<HexId> = Vec::new();
        for u in &view.units {
            if let Location::OnMap(h) = u.location {
                if !hexes.contains(&h) {
                    hexes.push(h);
                }
            }
        }
        for h in hexes {
            let here: Vec<_> = view
                .units
                .iter()
                .filter(|u| u.location == Location::OnMap(h))
                .map(|u| u.id)
                .collect();
            stacked(
                h,
                &here,
                |id, hex, depth| {
                    let u = view.unit(id)?;
                    // Spent: moved in the phasing player's movement phase [5.0].
                    let spent = u.moved && u.side == view.phasing && view.phase == Phase::Movement;
                    Some(face(u, hex, depth, spent))
                },
                &mut out,
            );
        }
        out
    }

    /// The units still to set up [3.0] and the reinforcements the phasing side may bring on
    /// now [13.0], as the view shows them (untried strengths stay "U" [11.0]).
    fn boxes(&self, viewer: Viewer) -> Vec<CounterBox> {
        let view = self.view(viewer);
        let faces = |units: Vec<UnitId>| -> Vec<CounterFace> {
            units
                .into_iter()
                .filter_map(|u| Some(face(view.unit(u)?, None, 0, false)))
                .collect()
        };
        let mut out = Vec::new();
        let to_place = faces(crate::TableGame::units_to_place(self));
        if !to_place.is_empty() {
            out.push(CounterBox {
                title: "To set up".to_string(),
                case: "3.0",
                counters: to_place,
            });
        }
        if view.phase == Phase::Movement {
            let mut arriving = Vec::new();
            self.reinforcements_available(view.phasing, |u| arriving.push(u));
            let arriving = faces(arriving);
            if !arriving.is_empty() {
                out.push(CounterBox {
                    title: "Reinforcements".to_string(),
                    case: "13.0",
                    counters: arriving,
                });
            }
        }
        out
    }

    fn option_text(&self, o: &Choice, case: Case) -> OptionText {
        let data = self.data();
        let geo = &data.map.geometry;
        let (label, detail) = match o {
            Choice::Yes => ("Yes".to_string(), String::new()),
            Choice::No => ("No".to_string(), String::new()),
            Choice::Hex(h) => {
                let terrain = data
                    .terrain(*h)
                    .map_or(String::new(), |t| t.name.to_string());
                (format!("Hex {}", geo.format(*h)), terrain)
            }
            Choice::Stop if case.starts_with("7.9") => (
                "Stop here".to_string(),
                "[7.92] advance no further".to_string(),
            ),
            Choice::Stop => (
                "Stop here".to_string(),
                "[7.75] end the retreat in this urban hex".to_string(),
            ),
            Choice::TheyShallNotPass => (
                "They Shall Not Pass".to_string(),
                "[7.76] roll instead of retreating".to_string(),
            ),
            Choice::Unit(u) => (
                data.roster
                    .get(*u)
                    .map_or(String::new(), |d| d.name.to_string()),
                String::new(),
            ),
            Choice::Strength { attack, defense } => {
                (format!("{attack}-{defense}"), "strength chit".to_string())
            }
        };
        OptionText { label, detail }
    }

    /// A paradrop's Survival [18.5] and Scatter [18.1] rolls name the unit and its hex (and
    /// the survival modifier [18.6]); a demolition roll names what is blown [12.0].
    fn roll_purpose(&self, purpose: &'static str, _case: Case) -> String {
        let geo = &self.data().map.geometry;
        let movement = &self.state.movement;
        let drop = match movement.drop_stage {
            DropStage::Survival(n) | DropStage::Scatter(n) => {
                movement.drops.get(usize::from(n)).copied()
            }
            _ => None,
        };
        if let Some(d) = drop {
            let modifier = if matches!(movement.drop_stage, DropStage::Survival(_)) {
                format!(", modifier {:+} [18.6]", self.survival_modifier(d.hex))
            } else {
                String::new()
            };
            return format!(
                "{purpose}: {} dropping on {}{modifier}",
                self.def(d.unit).name,
                geo.format(d.hex)
            );
        }
        if let Some(d) = self.current_demolition() {
            return format!("Demolish {}", demolition_place(self, d.target));
        }
        purpose.to_string()
    }

    /// The Honors level, how the game ended, and the Victory Point schedule line by line
    /// [20.0]; the Surrender Points last [19.4].
    fn victory(&self) -> Option<VictoryText> {
        use engine::berlin85::victory::Ending;
        let view = self.view(Viewer::Public);
        let o = view.outcome.as_ref()?;
        let name = &self.scenario().name;
        let why = match o.ending {
            Ending::CityControlled { turn } => format!(
                "the Warsaw Pact controls West Berlin at the end of Game-Turn {turn} [20.11]"
            ),
            Ending::Surrender { turn } => format!("NATO surrendered in Game-Turn {turn} [19.1]"),
            Ending::LastTurn { turn } => {
                format!("Game-Turn {turn}, the last, has been played [{}]", o.case)
            }
        };
        let mut rows = Vec::new();
        for l in &o.lines {
            rows.push((
                format!(
                    "[{}] {} ({})",
                    l.case,
                    l.label,
                    engine::berlin85::state::side_name(l.side)
                ),
                format!(
                    "{} × {} = {}",
                    l.count,
                    half_text(l.each_halves),
                    half_text(l.total_halves)
                ),
            ));
        }
        rows.push((
            "Warsaw Pact Victory Points".into(),
            half_text(o.wp_vp_halves),
        ));
        if o.nato_vp_halves != 0 {
            rows.push(("NATO Victory Points".into(), half_text(o.nato_vp_halves)));
        }
        if o.stand_in {
            rows.push((
                "A stand-in Victory Point schedule decided this game (see About)".into(),
                String::new(),
            ));
        }
        rows.push((
            "Surrender Points [19.4]".into(),
            format!("{:+}", view.surrender_points),
        ));
        Some(VictoryText {
            title: o.level.to_string(),
            subtitle: format!("{name}: {why}"),
            case: o.case,
            rows,
        })
    }
}

/// Half points as text: 21 → "10½".
pub fn half_text(halves: i32) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let h = halves.unsigned_abs();
    match (h / 2, h % 2) {
        (0, 1) => format!("{sign}½"),
        (n, 0) => format!("{sign}{n}"),
        (n, _) => format!("{sign}{n}½"),
    }
}
