//! `scenarios/<id>.toml`: one scenario — length, set-up groups and the zones they set up in,
//! reinforcement schedule, special-rule switches and the scenario's own Victory Point
//! schedule ([21.1]-[21.3], [21.36]).

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::berlin85::data::{
    Arrival, ReinforcementGroup, Scenario, SetupGroup, SpecialRules, VpEntry, VpEvent, VpUnits,
    Zone, Zone85, MAX_GROUP_UNITS, MAX_VP_ENTRIES,
};
use engine::berlin85::{GameData, NATO};
use engine::core::hex::Edge;
use engine::core::map::HexFeatures;
use engine::core::side::Side;
use engine::core::units::UnitId;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: Sp<String>,
    name: Sp<String>,
    case: Sp<String>,
    start_turn: Sp<i64>,
    end_turn: Sp<i64>,
    #[serde(default)]
    setup: Vec<Sp<RawSetup>>,
    #[serde(default)]
    reinforcement: Vec<Sp<RawReinforcement>>,
    #[serde(default)]
    rules: RawRules,
    #[serde(default)]
    victory_points: Vec<Sp<RawVp>>,
}

/// One `[[victory_points]]` line ([21.36]): `side` scores `points` per `event`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVp {
    side: Sp<String>,
    points: Sp<i64>,
    event: Sp<String>,
    units: Option<Sp<String>>,
    edges: Option<Sp<Vec<Sp<String>>>>,
    zone: Option<Sp<RawZone>>,
    case: Sp<String>,
    #[serde(default)]
    stand_in: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    step: Sp<i64>,
    #[serde(default)]
    units: Vec<Sp<String>>,
    #[serde(default)]
    formations: Vec<Sp<String>>,
    zone: Sp<RawZone>,
    case: Sp<String>,
    #[serde(default)]
    not_in_enemy_zoc: bool,
    group_radius: Option<Sp<i64>>,
    #[serde(default)]
    may_withhold: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReinforcement {
    #[serde(default)]
    units: Vec<Sp<String>>,
    #[serde(default)]
    formations: Vec<Sp<String>>,
    turn: Sp<i64>,
    how: Sp<String>,
    case: Option<Sp<String>>,
}

/// A set-up zone: exactly one of the shape keys (`places`, `near_barracks`, `area`,
/// `near_edges`, `columns`, `terrain`, `regions`) with the keys that shape allows.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawZone {
    places: Option<Vec<Sp<String>>>,
    region: Option<Sp<String>>,
    near_barracks: Option<Sp<String>>,
    distance: Option<Sp<i64>>,
    area: Option<Sp<String>>,
    near_edges: Option<Vec<Sp<String>>>,
    columns: Option<Sp<Vec<Sp<i64>>>>,
    row_min: Option<Sp<i64>>,
    terrain: Option<Vec<Sp<String>>>,
    regions: Option<Vec<Sp<String>>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRules {
    #[serde(default)]
    wp_police_frozen_until: Option<Sp<i64>>,
    #[serde(default)]
    wp_first_turn_bonus_shifts: Option<Sp<i64>>,
    #[serde(default)]
    twelve_reads_as_eleven: bool,
    #[serde(default)]
    nato_police_bonus: bool,
    #[serde(default)]
    nato_pol_demolition: bool,
    #[serde(default)]
    skip_first_wp_turn: bool,
    #[serde(default)]
    no_reinforcements: bool,
    #[serde(default)]
    random_wp_air: bool,
    #[serde(default)]
    no_honors_no_surrender: bool,
    #[serde(default)]
    police_unrestricted: bool,
    #[serde(default)]
    nato_may_exit: bool,
    #[serde(default)]
    wp_supply_priority: bool,
    #[serde(default)]
    wp_bridge_demolition: bool,
    #[serde(default)]
    medicine_wheel_vp: Option<Sp<bool>>,
}

pub const PLACE_SYMBOLS: [(&str, u32); 8] = [
    ("supply", HexFeatures::SUPPLY),
    ("barracks", HexFeatures::BARRACKS),
    ("objective", HexFeatures::OBJECTIVE),
    ("pol", HexFeatures::POL),
    ("airfield", HexFeatures::AIRFIELD),
    ("control_tower", HexFeatures::CONTROL_TOWER),
    ("rail_line", HexFeatures::RAIL_LINE),
    ("town", HexFeatures::TOWN),
];

const EDGES: [(&str, Edge); 4] = [
    ("north", Edge::North),
    ("south", Edge::South),
    ("east", Edge::East),
    ("west", Edge::West),
];

/// Reads one scenario file. `key_id` is the id the file name gives (`scenarios/<id>.toml`).
pub fn read(src: &Src, key_id: &str, data: &GameData) -> Result<Scenario, Vec<DataError>> {
    let raw: RawScenario = de::parse(src).map_err(|e| vec![e])?;
    let mut errors = Vec::new();

    if raw.id.get_ref() != key_id {
        errors.push(src.err(
            raw.id.span(),
            format!(
                "id: '{}' differs from the file name ({key_id}.toml)",
                raw.id.get_ref()
            ),
        ));
    }
    let id = de::fixed::<16>(src, &raw.id, "id").keep(&mut errors);
    let name = de::fixed::<32>(src, &raw.name, "name").keep(&mut errors);
    let case = case_of(src, &raw.case).keep(&mut errors);
    let turns = data.tables.turns.len() as i64;
    let start = de::in_range(src, &raw.start_turn, "start_turn", 1, turns.max(1)).keep(&mut errors);
    let end = de::in_range(src, &raw.end_turn, "end_turn", 1, turns.max(1)).map_err(|e| {
        if *raw.end_turn.get_ref() > turns {
            src.err(raw.end_turn.span(), format!("end_turn: turn {} is not on the Turn Record Track of tables.toml (it has {turns} turns)", raw.end_turn.get_ref()))
        } else {
            e
        }
    }).keep(&mut errors);
    if let (Some(s), Some(e)) = (start, end) {
        if e < s {
            errors.push(src.err(
                raw.end_turn.span(),
                format!("end_turn: {e} is before start_turn {s}"),
            ));
        }
    }

    let mut used: Vec<(UnitId, usize)> = Vec::new();
    let mut setup =
        heapless::Vec::<SetupGroup, { engine::berlin85::data::MAX_SETUP_GROUPS }>::new();
    for s in &raw.setup {
        let r = s.get_ref();
        let Some((side, units)) = group_units(
            src,
            data,
            &r.units,
            &r.formations,
            s.span(),
            &mut used,
            &mut errors,
        ) else {
            continue;
        };
        let step = de::in_range(src, &r.step, "step", 0, 255).keep(&mut errors);
        let zone = zone(src, data, &r.zone).keep(&mut errors);
        let case = case_of(src, &r.case).keep(&mut errors);
        let radius = match &r.group_radius {
            Some(v) => de::in_range(src, v, "group_radius", 0, 99)
                .keep(&mut errors)
                .map(|x| Some(x as u8)),
            None => Some(None),
        };
        if let (Some(step), Some(zone), Some(case), Some(group_radius)) = (step, zone, case, radius)
        {
            let g = SetupGroup {
                side,
                step: step as u8,
                units,
                zone,
                not_in_enemy_zoc: r.not_in_enemy_zoc,
                group_radius,
                may_withhold: r.may_withhold,
                case,
            };
            if de::push(src, &mut setup, g, s.span(), "set-up groups")
                .keep(&mut errors)
                .is_none()
            {
                break;
            }
        }
    }

    let mut reinforcements = heapless::Vec::<
        ReinforcementGroup,
        { engine::berlin85::data::MAX_REINFORCEMENT_GROUPS },
    >::new();
    for s in &raw.reinforcement {
        let r = s.get_ref();
        let Some((side, units)) = group_units(
            src,
            data,
            &r.units,
            &r.formations,
            s.span(),
            &mut used,
            &mut errors,
        ) else {
            continue;
        };
        let turn = de::in_range(src, &r.turn, "turn", 1, turns.max(1)).keep(&mut errors);
        let arrival = de::choice(
            src,
            &r.how,
            "how",
            &[
                ("airlanding_or_paradrop", Arrival::AirlandingOrParadrop),
                ("emergency", Arrival::Emergency),
            ],
        )
        .keep(&mut errors);
        if let Some(c) = &r.case {
            case_of(src, c).keep(&mut errors);
        }
        if let (Some(turn), Some(arrival)) = (turn, arrival) {
            let g = ReinforcementGroup {
                side,
                units,
                from_turn: turn as u8,
                arrival,
            };
            if de::push(
                src,
                &mut reinforcements,
                g,
                s.span(),
                "reinforcement groups",
            )
            .keep(&mut errors)
            .is_none()
            {
                break;
            }
        }
    }

    let rules = rules(src, &raw.rules, &mut errors);
    let victory_points = victory_points(src, data, &raw, &mut errors);
    match (id, name, case, start, end) {
        (Some(id), Some(name), Some(case), Some(start), Some(end)) if errors.is_empty() => {
            Ok(Scenario {
                id,
                name,
                case,
                start_turn: start as u8,
                end_turn: end as u8,
                setup,
                reinforcements,
                rules,
                victory_points,
            })
        }
        _ => Err(errors),
    }
}

const VP_EVENTS: [(&str, &str); 3] = [
    ("enemy_destroyed", "enemy_destroyed"),
    ("exited", "exited"),
    ("held_at_end", "held_at_end"),
];

const VP_UNITS: [(&str, VpUnits); 3] = [
    ("police", VpUnits::Police),
    ("non_police", VpUnits::NonPolice),
    ("any", VpUnits::Any),
];

/// The `[[victory_points]]` schedule ([21.36]), read when `[rules] medicine_wheel_vp` is on
/// (and only then). Each event takes its own keys; a key that does not go with the event is
/// an error, as is a second `exited` line that could count the same unit (a unit that left
/// the map must be worth one known amount, whichever edge it crossed).
fn victory_points(
    src: &Src,
    data: &GameData,
    raw: &RawScenario,
    errors: &mut Vec<DataError>,
) -> heapless::Vec<VpEntry, MAX_VP_ENTRIES> {
    let mut out = heapless::Vec::new();
    let switch = raw.rules.medicine_wheel_vp.as_ref();
    match (
        switch.is_some_and(|v| *v.get_ref()),
        raw.victory_points.first(),
    ) {
        (false, Some(first)) => {
            errors.push(src.err(
                first.span(),
                "victory_points: a schedule is only used with [rules] medicine_wheel_vp = true",
            ));
            return out;
        }
        (true, None) => {
            let span = switch.map_or(0..0, |v| v.span());
            errors.push(src.err(
                span,
                "medicine_wheel_vp: the scenario needs a [[victory_points]] schedule to score by",
            ));
            return out;
        }
        _ => {}
    }
    // (side, units, line) of each `exited` line so far.
    let mut exits: Vec<(Side, VpUnits, usize)> = Vec::new();
    for v in &raw.victory_points {
        let r = v.get_ref();
        let n = errors.len();
        let side = de::choice(src, &r.side, "side", &crate::units::SIDES).keep(errors);
        let points = de::in_range(src, &r.points, "points", 1, 99).keep(errors);
        let event = de::choice(src, &r.event, "event", &VP_EVENTS).keep(errors);
        case_of(src, &r.case).keep(errors);
        let case = de::fixed::<8>(src, &r.case, "case").ok();
        // Keys each event needs (✓) and may not have (✗).
        let (needs_units, needs_edges, needs_zone) = match event {
            Some("enemy_destroyed") => (true, false, false),
            Some("exited") => (true, true, false),
            Some("held_at_end") => (false, false, true),
            _ => continue,
        };
        let event_name = event.unwrap_or_default();
        let mut key = |present: Option<std::ops::Range<usize>>, needed: bool, k: &str| match (
            present, needed,
        ) {
            (None, true) => errors.push(src.err(
                r.event.span(),
                format!("victory_points: event '{event_name}' needs '{k}'"),
            )),
            (Some(sp), false) => errors.push(src.err(
                sp,
                format!("victory_points: '{k}' does not go with event '{event_name}'"),
            )),
            _ => {}
        };
        key(r.units.as_ref().map(|x| x.span()), needs_units, "units");
        key(r.edges.as_ref().map(|x| x.span()), needs_edges, "edges");
        key(r.zone.as_ref().map(|x| x.span()), needs_zone, "zone");
        if errors.len() != n {
            continue;
        }
        let units = r
            .units
            .as_ref()
            .and_then(|u| de::choice(src, u, "units", &VP_UNITS).keep(errors));
        let vp_event = match event_name {
            "enemy_destroyed" => units.map(|units| VpEvent::EnemyDestroyed { units }),
            "exited" => {
                // Only NATO may leave the map, and only where [21.35] 3 allows it.
                let may_exit = raw.rules.nato_may_exit;
                if side != Some(NATO) || !may_exit {
                    errors.push(src.err(
                        r.event.span(),
                        "victory_points: only NATO units leave the map, with [rules] nato_may_exit = true [21.35]",
                    ));
                }
                let mut edges = heapless::Vec::new();
                let list = r.edges.as_ref().map_or(&[][..], |e| e.get_ref().as_slice());
                for e in list {
                    let edge = de::choice(src, e, "edges", &EDGES).keep(errors);
                    if edge == Some(Edge::East) {
                        errors.push(src.err(
                            e.span(),
                            "edges: units may not leave across the east edge [21.35]",
                        ));
                    }
                    if let Some(edge) = edge {
                        if !edges.contains(&edge) {
                            let _ = edges.push(edge);
                        }
                    }
                }
                if list.is_empty() {
                    if let Some(e) = &r.edges {
                        errors.push(src.err(e.span(), "edges: the list is empty"));
                    }
                }
                units.map(|units| VpEvent::Exited { units, edges })
            }
            _ => r
                .zone
                .as_ref()
                .and_then(|z| zone(src, data, z).keep(errors))
                .map(|zone| VpEvent::HeldAtEnd { zone }),
        };
        if let (Some(side), Some(VpEvent::Exited { units, .. })) = (side, &vp_event) {
            let overlaps =
                |a: VpUnits, b: VpUnits| a == b || a == VpUnits::Any || b == VpUnits::Any;
            if let Some(&(_, _, at)) = exits
                .iter()
                .find(|&&(s, u, _)| s == side && overlaps(u, *units))
            {
                let (line, _) = src.position(at);
                errors.push(src.err(
                    v.span(),
                    format!("victory_points: an 'exited' line for the same side and units is already on line {line}; list all scoring edges in one line"),
                ));
            }
            exits.push((side, *units, v.span().start));
        }
        if errors.len() != n {
            continue;
        }
        if let (Some(side), Some(points), Some(event), Some(case)) = (side, points, vp_event, case)
        {
            let e = VpEntry {
                side,
                points: points as u8,
                event,
                case,
                stand_in: r.stand_in,
            };
            if de::push(src, &mut out, e, v.span(), "victory_points lines")
                .keep(errors)
                .is_none()
            {
                break;
            }
        }
    }
    out
}

/// A rules case like "21.11".
fn case_of(src: &Src, v: &Sp<String>) -> Result<heapless::String<8>, DataError> {
    let t = v.get_ref();
    let well_formed = t.split('.').count() == 2
        && t.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !well_formed {
        return Err(src.err(
            v.span(),
            format!("case: '{t}' is not a rules case like \"21.11\""),
        ));
    }
    de::fixed(src, v, "case")
}

/// The units of a group (by id and by whole formation), all of one side, none in another
/// group of the scenario.
fn group_units(
    src: &Src,
    data: &GameData,
    ids: &[Sp<String>],
    formations: &[Sp<String>],
    span: std::ops::Range<usize>,
    used: &mut Vec<(UnitId, usize)>,
    errors: &mut Vec<DataError>,
) -> Option<(Side, heapless::Vec<UnitId, MAX_GROUP_UNITS>)> {
    let roster = &data.roster;
    let mut list: Vec<(UnitId, std::ops::Range<usize>)> = Vec::new();
    let n = errors.len();
    for f in formations {
        match roster
            .formations
            .iter()
            .position(|x| x.id.as_str() == f.get_ref())
        {
            Some(fi) => {
                let before = list.len();
                for (i, u) in roster.units.iter().enumerate() {
                    if usize::from(u.formation) == fi {
                        list.push((UnitId(i as u16), f.span()));
                    }
                }
                if list.len() == before {
                    errors.push(src.err(
                        f.span(),
                        format!("formations: formation '{}' has no units", f.get_ref()),
                    ));
                }
            }
            None => errors.push(src.err(
                f.span(),
                format!(
                    "formations: unknown formation '{}' (not in units.toml)",
                    f.get_ref()
                ),
            )),
        }
    }
    for v in ids {
        match roster.find(v.get_ref()) {
            Some(u) => list.push((u, v.span())),
            None => errors.push(src.err(
                v.span(),
                format!(
                    "units: unknown unit id '{}' (not in units.toml)",
                    v.get_ref()
                ),
            )),
        }
    }
    if list.is_empty() && errors.len() == n {
        errors.push(src.err(span, "a group needs 'units' or 'formations'"));
    }
    let mut side = None;
    let mut out = heapless::Vec::new();
    for (u, sp) in list {
        let Some(def) = roster.get(u) else { continue };
        if let Some(&(_, first)) = used.iter().find(|(x, _)| *x == u) {
            let (line, _) = src.position(first);
            errors.push(src.err(
                sp.clone(),
                format!(
                    "unit '{}' is already in a group of this scenario (line {line})",
                    def.id
                ),
            ));
            continue;
        }
        used.push((u, sp.start));
        match side {
            None => side = Some(def.side),
            Some(s) if s != def.side => {
                errors.push(src.err(
                    sp.clone(),
                    format!(
                        "unit '{}' belongs to the other side than the rest of its group",
                        def.id
                    ),
                ));
                continue;
            }
            _ => {}
        }
        if out.push(u).is_err() {
            errors.push(src.err(sp, format!("a group holds at most {MAX_GROUP_UNITS} units")));
            break;
        }
    }
    (errors.len() == n)
        .then_some(())
        .and(side.map(|s| (s, out)))
}

fn regions_mask(
    src: &Src,
    list: &Option<Vec<Sp<String>>>,
    zone_span: std::ops::Range<usize>,
) -> Result<u8, DataError> {
    let Some(list) = list else { return Ok(0b111) };
    let mut mask = 0u8;
    for v in list {
        let r = de::choice(src, v, "regions", &crate::game::REGIONS)?;
        mask |= 1 << (r as u8);
    }
    if mask == 0 {
        return Err(src.err(zone_span, "regions: the list is empty"));
    }
    Ok(mask)
}

fn zone(src: &Src, data: &GameData, z: &Sp<RawZone>) -> Result<Zone85, DataError> {
    let r = z.get_ref();
    let shapes = [
        ("places", r.places.is_some()),
        ("near_barracks", r.near_barracks.is_some()),
        ("area", r.area.is_some()),
        ("near_edges", r.near_edges.is_some()),
        ("columns", r.columns.is_some()),
        ("terrain", r.terrain.is_some()),
    ];
    let given: Vec<&str> = shapes.iter().filter(|s| s.1).map(|s| s.0).collect();
    let shape = match given.as_slice() {
        [] if r.regions.is_some() => "regions",
        [one] => one,
        [] => return Err(src.err(z.span(), "zone: give one of places, near_barracks, area, near_edges, columns, terrain or regions")),
        many => return Err(src.err(z.span(), format!("zone: give only one of {}", many.join(", ")))),
    };
    // Keys that are not part of the chosen shape are errors, not silently ignored.
    let allowed: &[&str] = match shape {
        "places" => &["region"],
        "near_barracks" => &["distance"],
        "near_edges" => &["distance", "regions"],
        "columns" => &["row_min", "regions"],
        "terrain" => &["regions"],
        _ => &[],
    };
    let extras: [(&str, Option<std::ops::Range<usize>>); 4] = [
        ("region", r.region.as_ref().map(|v| v.span())),
        ("distance", r.distance.as_ref().map(|v| v.span())),
        ("row_min", r.row_min.as_ref().map(|v| v.span())),
        (
            "regions",
            r.regions
                .as_ref()
                .and_then(|v| v.first().map(|x| x.span()))
                .or(r.regions.as_ref().map(|_| z.span())),
        ),
    ];
    for (k, sp) in extras {
        if let Some(sp) = sp {
            if shape != "regions" && k != shape && !allowed.contains(&k) {
                return Err(src.err(sp, format!("zone: '{k}' does not go with '{shape}'")));
            }
        }
    }
    let distance = || -> Result<u8, DataError> {
        match &r.distance {
            Some(d) => de::in_range(src, d, "distance", 0, 99).map(|x| x as u8),
            None => Err(src.err(z.span(), format!("zone: '{shape}' needs 'distance'"))),
        }
    };
    let g = &data.map.geometry;
    match shape {
        "places" => {
            let mut features = 0;
            for v in r.places.iter().flatten() {
                features |= de::choice(src, v, "places", &PLACE_SYMBOLS)?;
            }
            let region = match &r.region {
                Some(v) => de::choice(src, v, "region", &crate::game::REGIONS)?,
                None => return Err(src.err(z.span(), "zone: 'places' needs 'region'")),
            };
            // The zone must exist: some hex of the region carries one of the symbols.
            let exists = data.map.hexes().any(|h| {
                data.map.features(h).0 & features != 0 && data.map.region(h) == region as u8
            });
            if !exists {
                return Err(src.err(
                    z.span(),
                    "zone: no hex of the region has any of these symbols (places.toml)",
                ));
            }
            Ok(Zone85::PlaceKinds { features, region })
        }
        "near_barracks" => {
            let v = r
                .near_barracks
                .as_ref()
                .ok_or_else(|| src.err(z.span(), "zone"))?;
            let zone = de::choice(src, v, "near_barracks", &crate::game::ZONES)?;
            let any = data.map.hexes().any(|h| {
                data.map.features(h).has(HexFeatures::BARRACKS) && data.map.zone(h) == zone as u8
            });
            if !any {
                return Err(src.err(
                    v.span(),
                    format!(
                        "near_barracks: there is no barracks hex in the '{}' zone",
                        v.get_ref()
                    ),
                ));
            }
            Ok(Zone85::NearBarracks {
                zone,
                distance: distance()?,
            })
        }
        "area" => {
            let v = r.area.as_ref().ok_or_else(|| src.err(z.span(), "zone"))?;
            if data.map.place(v.get_ref()).is_none() {
                return Err(src.err(
                    v.span(),
                    format!(
                        "area: no place or area named '{}' in places.toml",
                        v.get_ref()
                    ),
                ));
            }
            Ok(Zone85::Area {
                name: de::fixed(src, v, "area")?,
            })
        }
        "near_edges" => {
            let mut edges = heapless::Vec::new();
            for v in r.near_edges.iter().flatten() {
                let e = de::choice(src, v, "near_edges", &EDGES)?;
                if !edges.contains(&e) {
                    let _ = edges.push(e);
                }
            }
            Ok(Zone85::NearEdge {
                edges,
                distance: distance()?,
                regions: regions_mask(src, &r.regions, z.span())?,
            })
        }
        "columns" => {
            let v = r
                .columns
                .as_ref()
                .ok_or_else(|| src.err(z.span(), "zone"))?;
            let cols = v.get_ref();
            let (Some(lo), Some(hi), None) = (cols.first(), cols.get(1), cols.get(2)) else {
                return Err(src.err(
                    v.span(),
                    "columns: give the first and last column, like [37, 39]",
                ));
            };
            let max = i64::from(g.columns);
            let lo_v = de::in_range(src, lo, "columns", 1, max)?;
            let hi_v = de::in_range(src, hi, "columns", lo_v, max)?;
            let row_min = match &r.row_min {
                Some(m) => de::in_range(src, m, "row_min", 1, i64::from(g.rows))?,
                None => 1,
            };
            Ok(Zone85::Columns {
                col_lo: lo_v as u8,
                col_hi: hi_v as u8,
                row_min: row_min as u8,
                regions: regions_mask(src, &r.regions, z.span())?,
            })
        }
        "terrain" => {
            let mut terrain = 0u16;
            for v in r.terrain.iter().flatten() {
                match data.terrain_key(v.get_ref()) {
                    Some(t) if t < 16 => terrain |= 1 << t,
                    _ => {
                        return Err(src.err(
                            v.span(),
                            format!(
                                "terrain: unknown terrain '{}' (not in tables.toml)",
                                v.get_ref()
                            ),
                        ))
                    }
                }
            }
            Ok(Zone85::Terrain {
                terrain,
                regions: regions_mask(src, &r.regions, z.span())?,
            })
        }
        _ => Ok(Zone85::Regions {
            regions: regions_mask(src, &r.regions, z.span())?,
        }),
    }
}

fn rules(src: &Src, r: &RawRules, errors: &mut Vec<DataError>) -> SpecialRules {
    let turn = |v: &Option<Sp<i64>>, f: &str, errors: &mut Vec<DataError>| -> u8 {
        v.as_ref()
            .and_then(|v| {
                de::in_range(src, v, f, 0, 99)
                    .map_err(|e| errors.push(e))
                    .ok()
            })
            .unwrap_or(0) as u8
    };
    SpecialRules {
        wp_police_frozen_until: turn(&r.wp_police_frozen_until, "wp_police_frozen_until", errors),
        wp_first_turn_bonus_shifts: turn(
            &r.wp_first_turn_bonus_shifts,
            "wp_first_turn_bonus_shifts",
            errors,
        ),
        twelve_reads_as_eleven: r.twelve_reads_as_eleven,
        nato_police_bonus: r.nato_police_bonus,
        nato_pol_demolition: r.nato_pol_demolition,
        skip_first_wp_turn: r.skip_first_wp_turn,
        no_reinforcements: r.no_reinforcements,
        random_wp_air: r.random_wp_air,
        no_honors_no_surrender: r.no_honors_no_surrender,
        police_unrestricted: r.police_unrestricted,
        nato_may_exit: r.nato_may_exit,
        wp_supply_priority: r.wp_supply_priority,
        wp_bridge_demolition: r.wp_bridge_demolition,
        medicine_wheel_vp: r.medicine_wheel_vp.as_ref().is_some_and(|v| *v.get_ref()),
    }
}

/// A zone's name, for messages elsewhere.
pub fn zone_name(z: Zone) -> &'static str {
    crate::game::ZONES
        .iter()
        .find(|x| x.1 == z)
        .map_or("none", |x| x.0)
}
