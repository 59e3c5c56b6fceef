//! `scenarios/<id>.toml`: a Gates scenario in the series format (S21.3) filled into
//! [`Scenario`], checked against the map (set-up on playable hexes, NATO never in East
//! Germany 1.2 nor next to a reinforcement hex 3.5, at most 3 units a hex S6.1, never enemies
//! together S6.5, wheeled and tracked units in Column in town and city 2.1.4, 2.1.6), the
//! countermix and the command data ([`Scenario::validate`]).

use super::counters::Countermix;
use super::divisions::{Divisions, SIDES};
use super::GatesMap;
use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::hex::HexId;
use engine::core::region::Region;
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::css::command::{Chit, CommandData, DivisionId};
use engine::css::morale::Status;
use engine::css::scenario::{
    DivisionStart, Reinforcement, Scenario, SetUp, SpecialRule, Start, VictoryRules,
};
use engine::css::terrain::{dots, MoveClass};
use engine::css::track::{gates_day, GATES_DAY, MAX_TRACK};
use engine::gates::command::{Kind, INITIATIVE};
use engine::gates::game::figures::{FigureSetup, MAX_FIGURES};
use engine::gates::game::objectives::{
    Group, Lead, Objectives, Otherwise, Test, MAX_GROUPS, MAX_OBJECTIVES,
};
use engine::gates::NATO;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// The sheets (stand-in layout, `game.toml`): one bit each of [`Scenario::maps`].
pub const SHEETS: [(&str, u8); 4] = [
    ("north_west", 1),
    ("north_east", 2),
    ("south_west", 4),
    ("south_east", 8),
];

/// Units a hex holds (series S6.1, stand-in 3).
pub const STACKING: usize = 3;

const STATUSES: [(&str, Status); 4] = [
    ("none", Status::None),
    ("pinned", Status::Pinned),
    ("dg", Status::Dg),
    ("suppressed", Status::Suppressed),
];

/// A loaded scenario: the series scenario, its command data (initiative, length and ratings
/// applied, `Scenario::command_data`; the police Direct Command chit only when police take
/// part, 4.1.1), the hexes its victory conditions name with its test of them (10.2) and its
/// political figure markers (4.3, 5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatesScenario {
    /// The file's name without `.toml` ("intro").
    pub key: String,
    pub scenario: Scenario,
    pub command: CommandData,
    pub objectives: Objectives,
    pub political: FigureSetup,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    #[serde(default)]
    stand_in: bool,
    title: Sp<String>,
    maps: Vec<Sp<String>>,
    days: Sp<i64>,
    first_turn: Sp<i64>,
    last_turn: Sp<i64>,
    initiative: Sp<String>,
    start: Sp<String>,
    #[serde(default)]
    cup: Vec<Sp<String>>,
    sets_up_first: Sp<String>,
    #[serde(default)]
    division: Vec<RawDivision>,
    #[serde(default)]
    setup: Vec<RawSetUp>,
    #[serde(default)]
    reinforcement: Vec<RawReinforcement>,
    #[serde(default)]
    special: Vec<RawSpecial>,
    /// 4.3: where the scenario's political figure markers lie (as many as its
    /// `political_figures` special rule says).
    #[serde(default)]
    political_figure_hexes: Vec<Sp<String>>,
    victory: RawVictory,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDivision {
    key: Sp<String>,
    #[serde(default)]
    dispatch_rating: Option<Sp<i64>>,
    #[serde(default)]
    command_rating: Option<Sp<i64>>,
    #[serde(default)]
    dp: Option<Sp<i64>>,
    #[serde(default)]
    dc: Option<Sp<i64>>,
    #[serde(default)]
    fatigue: Option<Sp<i64>>,
    #[serde(default)]
    tq: Option<Sp<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetUp {
    unit: Sp<String>,
    hex: Sp<String>,
    #[serde(default)]
    column: bool,
    #[serde(default)]
    status: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReinforcement {
    unit: Sp<String>,
    turn: Sp<i64>,
    entry: Sp<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecial {
    name: Sp<String>,
    value: Sp<i64>,
    #[serde(default)]
    case: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVictory {
    check_turns: Vec<Sp<i64>>,
    vp_per_unit: Sp<i64>,
    #[serde(default)]
    objectives: Vec<Sp<String>>,
    /// 10.2: what the Warsaw Pact's test counts: "destroyed" (the default) or "held".
    #[serde(default)]
    test: Option<Sp<String>>,
    /// 10.2: the test: every group has at least its count of objectives.
    #[serde(default)]
    groups: Vec<RawGroup>,
    /// What else wins a check for the Warsaw Pact: "none" (default), "vp", "losses".
    #[serde(default)]
    or_leads: Option<Sp<String>>,
    /// Who wins the last turn when the test fails: "vp" (the side ahead, default), "nato".
    #[serde(default)]
    otherwise: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    objectives: Vec<Sp<String>>,
    at_least: Sp<i64>,
}

const TESTS: [(&str, Test); 2] = [("destroyed", Test::Destroyed), ("held", Test::Held)];
const LEADS: [(&str, Lead); 3] = [
    ("none", Lead::None),
    ("vp", Lead::Vp),
    ("losses", Lead::Losses),
];
const OTHERWISE: [(&str, Otherwise); 2] = [("vp", Otherwise::VpLead), ("nato", Otherwise::Nato)];

/// An optional word of a list.
fn pick<T: Copy>(
    src: &Src,
    v: &Option<Sp<String>>,
    field: &str,
    options: &[(&str, T)],
    errors: &mut Vec<DataError>,
) -> Option<T> {
    v.as_ref()
        .and_then(|v| de::choice(src, v, field, options).keep(errors))
}

/// S21.3 item 9, 10.2: the objectives and the Warsaw Pact's test of them.
fn objectives(
    src: &Src,
    g: &engine::core::hex::Geometry,
    raw: &RawVictory,
    errors: &mut Vec<DataError>,
) -> Objectives {
    let mut o = Objectives::default();
    for h in de::hexes(src, g, &raw.objectives, "objectives", errors) {
        if o.hexes.contains(&h) {
            errors.push(src.err_file(format!("objectives: {} twice", g.format(h))));
        } else if o.hexes.push(h).is_err() {
            errors.push(src.err_file(format!("objectives: at most {MAX_OBJECTIVES}")));
            break;
        }
    }
    o.test = pick(src, &raw.test, "test", &TESTS, errors).unwrap_or_default();
    o.lead = pick(src, &raw.or_leads, "or_leads", &LEADS, errors).unwrap_or_default();
    o.otherwise = pick(src, &raw.otherwise, "otherwise", &OTHERWISE, errors).unwrap_or_default();
    for r in &raw.groups {
        let mut mask = 0u32;
        for v in &r.objectives {
            let Some(h) = de::hex(src, g, v, "groups").keep(errors) else {
                continue;
            };
            match o.bit(h) {
                Some(b) => mask |= b,
                None => errors.push(src.err(
                    v.span(),
                    "groups: a group names hexes of the objectives list (10.2)",
                )),
            }
        }
        let n = i64::from(mask.count_ones() as u8).max(1);
        let Some(at_least) = de::in_range(src, &r.at_least, "at_least", 1, n).keep(errors) else {
            continue;
        };
        let group = Group {
            mask,
            at_least: at_least as u8,
        };
        if o.groups.push(group).is_err() {
            errors.push(src.err(r.at_least.span(), format!("groups: at most {MAX_GROUPS}")));
        }
    }
    o
}

/// 4.3, 5.2: the political figure markers (as many as the `political_figures` special rule
/// says, none without it) and the Stasi's division (the countermix's units marked Stasi).
fn political(
    src: &Src,
    g: &engine::core::hex::Geometry,
    raw: &RawScenario,
    special: &[SpecialRule],
    mix: &Countermix,
    errors: &mut Vec<DataError>,
) -> FigureSetup {
    let mut p = FigureSetup {
        stasi: mix
            .counters
            .iter()
            .zip(&mix.units)
            .find(|(_, u)| u.stasi)
            .map(|(c, _)| c.division),
        ..FigureSetup::default()
    };
    let want = special
        .iter()
        .find(|r| r.name.as_str() == "political_figures")
        .map_or(0, |r| r.value);
    if !(0..=MAX_FIGURES as i16).contains(&want) {
        errors.push(src.err_file("political_figures: 0 to 18 markers (4.3)"));
    }
    let hexes = de::hexes(
        src,
        g,
        &raw.political_figure_hexes,
        "political_figure_hexes",
        errors,
    );
    if hexes.len() as i64 != i64::from(want) {
        errors.push(src.err_file(format!(
            "political_figure_hexes: {} hexes for the {want} markers of political_figures (4.3)",
            hexes.len()
        )));
    }
    for h in hexes {
        if p.hexes.push(h).is_err() {
            break;
        }
    }
    p
}

/// The world a scenario is checked against.
pub struct Context<'a> {
    pub map: &'a GatesMap,
    pub divisions: &'a Divisions,
    pub mix: &'a Countermix,
}

/// Reads one scenario file; `None` when it cannot be built (the problems say why).
pub fn read(src: &Src, key: &str, cx: &Context) -> (Option<GatesScenario>, Vec<DataError>) {
    let mut errors = Vec::new();
    let raw: RawScenario = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (None, vec![e]),
    };
    let s = build(src, key, &raw, cx, &mut errors);
    (s, errors)
}

fn build(
    src: &Src,
    key: &str,
    raw: &RawScenario,
    cx: &Context,
    errors: &mut Vec<DataError>,
) -> Option<GatesScenario> {
    let g = cx.map.map.geometry;
    let divs = cx.divisions;
    let title = de::fixed::<48>(src, &raw.title, "title").keep(errors);
    let mut maps = 0u8;
    for m in &raw.maps {
        maps |= de::choice(src, m, "maps", &SHEETS)
            .keep(errors)
            .unwrap_or(0);
    }
    let days = de::in_range(
        src,
        &raw.days,
        "days",
        1,
        (MAX_TRACK / GATES_DAY.len()) as i64,
    )
    .keep(errors);
    let boxes = gates_day(days.unwrap_or(1) as u8);
    let turns = boxes.len() as i64;
    let first = de::in_range(src, &raw.first_turn, "first_turn", 1, turns).keep(errors);
    let last = de::in_range(src, &raw.last_turn, "last_turn", 1, turns).keep(errors);
    if let (Some(f), Some(l)) = (first, last) {
        if l < f {
            errors.push(src.err(
                raw.last_turn.span(),
                "last_turn: a scenario ends on or after its first turn (S21.3)",
            ));
        }
    }
    // 3.2: the Warsaw Pact has the initiative in every scenario.
    let initiative = de::choice(src, &raw.initiative, "initiative", &SIDES).keep(errors);
    if initiative.is_some_and(|s| s != INITIATIVE) {
        errors.push(src.err(
            raw.initiative.span(),
            "initiative: the Warsaw Pact has the initiative in every scenario (3.2)",
        ));
    }
    let sets_up_first = de::choice(src, &raw.sets_up_first, "sets_up_first", &SIDES).keep(errors);
    // S21.3 item 6: the divisions taking part and their starting values.
    let mut taking_part = BTreeSet::new();
    let mut starts = heapless::Vec::new();
    for d in &raw.division {
        let Some(id) = division(src, divs, &d.key, "key", errors) else {
            continue;
        };
        if !taking_part.insert(id) {
            errors.push(src.err(
                d.key.span(),
                format!("key: division '{}' is listed twice", d.key.get_ref()),
            ));
            continue;
        }
        let opt = |v: &Option<Sp<i64>>, f: &str, hi: i64, errors: &mut Vec<DataError>| match v {
            Some(v) => de::in_range(src, v, f, 0, hi)
                .keep(errors)
                .map(|x| Some(x as u8)),
            None => Some(None),
        };
        let costs = &divs.command.costs;
        let max_tq = divs
            .command
            .divisions
            .get(id.0 as usize)
            .map_or(8, |x| x.max_tq);
        let start = DivisionStart {
            division: id,
            dispatch_rating: opt(&d.dispatch_rating, "dispatch_rating", 9, errors)?,
            command_rating: opt(&d.command_rating, "command_rating", 9, errors)?,
            dp: opt(&d.dp, "dp", i64::from(costs.max_dp), errors)?.unwrap_or(0),
            dc: opt(&d.dc, "dc", i64::from(costs.max_dc), errors)?.unwrap_or(0),
            fatigue: opt(&d.fatigue, "fatigue", 20, errors)?.unwrap_or(0),
            tq: opt(&d.tq, "tq", i64::from(max_tq), errors)?,
        };
        de::push(src, &mut starts, start, d.key.span(), "divisions").keep(errors);
    }
    // S21.3 item 4: where play starts; the Cup holds chits of the divisions taking part.
    let start = match raw.start.get_ref().as_str() {
        "preparation" => Start::Preparation,
        "action_phase" => {
            let mut cup = heapless::Vec::new();
            for c in &raw.cup {
                if let Some(chit) = chit(src, divs, c, &taking_part, errors) {
                    de::push(src, &mut cup, chit, c.span(), "chits in the Cup").keep(errors);
                }
            }
            Start::ActionPhase { cup }
        }
        other => {
            errors.push(src.err(
                raw.start.span(),
                format!(
                    "start: unknown value '{other}' (expected one of: preparation, action_phase)"
                ),
            ));
            Start::Preparation
        }
    };
    if matches!(start, Start::Preparation) && !raw.cup.is_empty() {
        errors.push(src.err(
            raw.start.span(),
            "cup: a scenario starting at the Preparation Phase buys its chits in play (S21.3)",
        ));
    }
    // S21.3 item 5: the set-up.
    let mut placed: BTreeSet<UnitId> = BTreeSet::new();
    let mut hexes: BTreeMap<HexId, Vec<Side>> = BTreeMap::new();
    let mut setup = heapless::Vec::new();
    for s in &raw.setup {
        let Some((unit, side, division)) = unit(src, cx, &s.unit, &taking_part, errors) else {
            continue;
        };
        let Some(hex) = de::hex(src, &g, &s.hex, "hex").keep(errors) else {
            continue;
        };
        if !placed.insert(unit) {
            errors.push(src.err(
                s.unit.span(),
                format!("unit: '{}' is set up twice", s.unit.get_ref()),
            ));
            continue;
        }
        if !legal_hex(src, cx, &s.hex, hex, side, "hex", errors) {
            continue;
        }
        let stack = hexes.entry(hex).or_default();
        if stack.iter().any(|x| *x != side) {
            errors.push(src.err(
                s.hex.span(),
                format!(
                    "hex: {} holds enemy units; the two sides never share a hex (S6.5)",
                    s.hex.get_ref()
                ),
            ));
            continue;
        }
        stack.push(side);
        if stack.len() > STACKING {
            errors.push(src.err(
                s.hex.span(),
                format!(
                    "hex: {} holds more than {STACKING} units (S6.1)",
                    s.hex.get_ref()
                ),
            ));
        }
        let t = cx.map.map.terrain(hex);
        // 2.1.4, 2.1.6: wheeled and tracked units may not deploy in Town or City.
        let class = cx.mix.counters.get(unit.0 as usize).map(|c| c.class);
        if !s.column
            && matches!(class, Some(MoveClass::Wheeled | MoveClass::Tracked))
            && (t == dots::TOWN || t == dots::CITY)
        {
            errors.push(src.err(
                s.hex.span(),
                format!(
                    "column: '{}' is wheeled or tracked and {} is town or city: set it up in Column (2.1.4, 2.1.6)",
                    s.unit.get_ref(),
                    s.hex.get_ref()
                ),
            ));
        }
        let status = match &s.status {
            Some(v) => de::choice(src, v, "status", &STATUSES)
                .keep(errors)
                .unwrap_or_default(),
            None => Status::None,
        };
        let item = SetUp {
            unit,
            side,
            division,
            hex,
            column: s.column,
            status,
        };
        de::push(src, &mut setup, item, s.unit.span(), "set-up units").keep(errors);
    }
    // S21.3 item 7, S18.1: reinforcements on a later turn of the scenario.
    let mut reinforcements = heapless::Vec::new();
    for r in &raw.reinforcement {
        let Some((unit, side, division)) = unit(src, cx, &r.unit, &taking_part, errors) else {
            continue;
        };
        if placed.contains(&unit) {
            errors.push(src.err(
                r.unit.span(),
                format!(
                    "unit: '{}' is both set up and a reinforcement",
                    r.unit.get_ref()
                ),
            ));
            continue;
        }
        placed.insert(unit);
        let lo = first.unwrap_or(1) + 1;
        let hi = last.unwrap_or(turns).max(lo);
        let Some(turn) = de::in_range(src, &r.turn, "turn", lo, hi).keep(errors) else {
            continue;
        };
        let Some(entry) = de::hex(src, &g, &r.entry, "entry").keep(errors) else {
            continue;
        };
        if !legal_hex(src, cx, &r.entry, entry, side, "entry", errors) {
            continue;
        }
        let item = Reinforcement {
            unit,
            side,
            division,
            turn: turn as u8,
            entry,
        };
        de::push(
            src,
            &mut reinforcements,
            item,
            r.unit.span(),
            "reinforcements",
        )
        .keep(errors);
    }
    // S21.3 item 8.
    let mut special = heapless::Vec::new();
    for r in &raw.special {
        if let Some(c) = &r.case {
            de::rule_case(src, c, "3.7").keep(errors);
        }
        let Some(name) = de::fixed::<24>(src, &r.name, "name").keep(errors) else {
            continue;
        };
        let Some(value) = de::in_range(src, &r.value, "value", -999, 999).keep(errors) else {
            continue;
        };
        let rule = SpecialRule {
            name,
            value: value as i16,
        };
        de::push(src, &mut special, rule, r.name.span(), "special rules").keep(errors);
    }
    // S21.3 item 9.
    let mut check_turns = heapless::Vec::new();
    for t in &raw.victory.check_turns {
        let lo = first.unwrap_or(1);
        let hi = last.unwrap_or(turns).max(lo);
        if let Some(t) = de::in_range(src, t, "check_turns", lo, hi).keep(errors) {
            de::push(
                src,
                &mut check_turns,
                t as u8,
                raw.victory.vp_per_unit.span(),
                "check turns",
            )
            .keep(errors);
        }
    }
    let vp = de::in_range(src, &raw.victory.vp_per_unit, "vp_per_unit", 0, 29).keep(errors);
    let objectives = objectives(src, &g, &raw.victory, errors);
    let political = political(src, &g, raw, &special, cx.mix, errors);
    let scenario = Scenario {
        title: title?,
        maps,
        stand_in: raw.stand_in,
        first_turn: first? as u8,
        last_turn: last? as u8,
        boxes,
        initiative: initiative?,
        start,
        sets_up_first: sets_up_first?,
        setup,
        divisions: starts,
        reinforcements,
        special,
        victory: VictoryRules {
            check_turns,
            vp_per_unit: vp? as u8,
        },
    };
    let whole = |e: engine::core::protocol::RuleViolation| {
        src.err_file(format!("{}: {}", e.case, e.reason))
    };
    if let Err(e) = scenario.validate(&divs.command) {
        errors.push(whole(e));
        return None;
    }
    let mut command = match scenario.command_data(&divs.command) {
        Ok(c) => c,
        Err(e) => {
            errors.push(whole(e));
            return None;
        }
    };
    // 4.1.1: the police Direct Command chit goes in the Cup only while police are in play.
    let police = |d: DivisionId| {
        divs.info(d)
            .is_some_and(|x| x.kind == Kind::WestGermanPolice)
    };
    let police_play = scenario.setup.iter().any(|s| police(s.division))
        || scenario.reinforcements.iter().any(|r| police(r.division));
    if !police_play {
        command
            .always_in_cup
            .retain(|c| !matches!(c, Chit::DivisionDirectCommand(d) if police(*d)));
    }
    Some(GatesScenario {
        key: key.to_string(),
        scenario,
        command,
        objectives,
        political,
    })
}

fn division(
    src: &Src,
    divs: &Divisions,
    v: &Sp<String>,
    field: &str,
    errors: &mut Vec<DataError>,
) -> Option<DivisionId> {
    let id = divs.division(v.get_ref());
    if id.is_none() {
        errors.push(src.err(
            v.span(),
            format!("{field}: unknown division '{}'", v.get_ref()),
        ));
    }
    id
}

/// A chit written "division:KEY", "formation:KEY" or "direct_command:KEY" (5.1).
fn chit(
    src: &Src,
    divs: &Divisions,
    v: &Sp<String>,
    taking_part: &BTreeSet<DivisionId>,
    errors: &mut Vec<DataError>,
) -> Option<Chit> {
    let bad = |m: String| src.err(v.span(), m);
    let Some((kind, k)) = v.get_ref().split_once(':') else {
        errors.push(bad(format!("cup: '{}' is not a chit (write \"division:KEY\", \"formation:KEY\" or \"direct_command:KEY\")", v.get_ref())));
        return None;
    };
    let (chit, division) = match kind {
        "division" | "direct_command" => {
            let Some(d) = divs.division(k) else {
                errors.push(bad(format!("cup: unknown division '{k}'")));
                return None;
            };
            let def = divs.command.divisions.get(d.0 as usize)?;
            if kind == "division" && !def.has_division_chit {
                errors.push(bad(format!(
                    "cup: '{k}' has no Division Activation chit (4.1.1, 5.1)"
                )));
                return None;
            }
            if kind == "direct_command" && def.dc_chits == 0 {
                errors.push(bad(format!(
                    "cup: '{k}' buys no Direct Command chits of its own (5.1)"
                )));
                return None;
            }
            let c = if kind == "division" {
                Chit::Division(d)
            } else {
                Chit::DivisionDirectCommand(d)
            };
            (c, d)
        }
        "formation" => {
            let Some(f) = divs.formation(k) else {
                errors.push(bad(format!("cup: unknown formation '{k}'")));
                return None;
            };
            (
                Chit::Formation(f),
                divs.formations.get(f.0 as usize)?.division,
            )
        }
        _ => {
            errors.push(bad(format!(
                "cup: unknown chit kind '{kind}' (expected division, formation or direct_command)"
            )));
            return None;
        }
    };
    if !taking_part.contains(&division) {
        errors.push(bad(
            "cup: the chit's division does not take part (list it under [[division]])".into(),
        ));
        return None;
    }
    Some(chit)
}

/// A unit by designation, of a division taking part: its id, side and division.
fn unit(
    src: &Src,
    cx: &Context,
    v: &Sp<String>,
    taking_part: &BTreeSet<DivisionId>,
    errors: &mut Vec<DataError>,
) -> Option<(UnitId, Side, DivisionId)> {
    let Some(id) = cx.mix.find(v.get_ref()) else {
        errors.push(src.err(
            v.span(),
            format!(
                "unit: unknown unit '{}' (a designation in counters.toml)",
                v.get_ref()
            ),
        ));
        return None;
    };
    let c = cx.mix.counters.get(id.0 as usize)?;
    if !taking_part.contains(&c.division) {
        let name = cx
            .divisions
            .info(c.division)
            .map_or("?", |d| d.key.as_str());
        errors.push(src.err(
            v.span(),
            format!("unit: '{}' is of division '{name}', which does not take part (list it under [[division]])", v.get_ref()),
        ));
        return None;
    }
    Some((id, c.side, c.division))
}

/// A hex a unit of `side` may stand on: playable (a dot, 2.0), and for NATO not in East
/// Germany (1.2) nor within three hexes of a reinforcement hex (3.5).
fn legal_hex(
    src: &Src,
    cx: &Context,
    v: &Sp<String>,
    hex: HexId,
    side: Side,
    field: &str,
    errors: &mut Vec<DataError>,
) -> bool {
    let m = &cx.map;
    if m.map.terrain(hex) == dots::NONE {
        errors.push(src.err(
            v.span(),
            format!(
                "{field}: hex {} has no dot and is not playable (2.0)",
                v.get_ref()
            ),
        ));
        return false;
    }
    if side == NATO {
        if m.map.region(hex) == Region::EastGermany as u8 {
            errors.push(src.err(
                v.span(),
                format!(
                    "{field}: hex {} is in East Germany, where NATO never goes (1.2)",
                    v.get_ref()
                ),
            ));
            return false;
        }
        let barred = m
            .map
            .idx(hex)
            .and_then(|i| m.relief.hexes.get(i))
            .is_some_and(|x| x.barred_to(NATO));
        if barred {
            errors.push(src.err(
                v.span(),
                format!("{field}: hex {} is within three hexes of a reinforcement hex, barred to NATO (3.5)", v.get_ref()),
            ));
            return false;
        }
    }
    true
}
