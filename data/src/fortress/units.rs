//! `units.toml`: Fortress Berlin's formations and every counter, grouped as the set-up (13.x)
//! and the orders of appearance (14.0, 15.0, 16.x) list them, compiled into the engine's
//! [`Forces`] and [`Group`]s.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::map::PlaceKind;
use engine::core::side::Side;
use engine::core::units::UnitId;
use engine::fortress::counters::{
    Counter, FormationId, FormationKind, Front, Printed, Radius, Service, UnitSize, UnitType,
    WeaponType, GERMAN, SOVIET,
};
use engine::fortress::data::{GameData, Group, GroupKind, SetupZone};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnits {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    volkssturm_checks: Vec<Sp<i64>>,
    #[serde(default)]
    naval_checks: Vec<Sp<i64>>,
    #[serde(default)]
    formation: Vec<RawFormation>,
    #[serde(default)]
    group: Vec<RawGroup>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    id: Sp<String>,
    name: Sp<String>,
    side: Sp<String>,
    kind: Sp<String>,
    #[serde(default)]
    higher: Option<Sp<String>>,
    #[serde(default)]
    front: Option<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    case: Sp<String>,
    #[serde(default)]
    variant: Option<Sp<String>>,
    side: Sp<String>,
    kind: Sp<String>,
    turn: Sp<i64>,
    #[serde(default)]
    formation: Option<Sp<String>>,
    #[serde(default)]
    entry: Option<Sp<String>>,
    #[serde(default)]
    zone: Option<Sp<String>>,
    #[serde(default)]
    hexes: Vec<Sp<String>>,
    #[serde(default)]
    place: Option<Sp<String>>,
    #[serde(default)]
    draw: Option<Sp<i64>>,
    #[serde(default)]
    members: Vec<Sp<String>>,
    units: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: Sp<String>,
    name: Sp<String>,
    #[serde(rename = "type")]
    kind: Sp<String>,
    size: Sp<String>,
    weapon: Sp<String>,
    combat: Sp<String>,
    maneuver: Sp<String>,
    range: Sp<i64>,
    #[serde(default)]
    maneuver_range: Option<Sp<i64>>,
    morale: Sp<i64>,
    #[serde(default)]
    radius: Option<Sp<String>>,
    #[serde(default)]
    formation: Option<Sp<String>>,
    #[serde(default)]
    service: Option<Sp<String>>,
    /// A leader of the Character Game: his stars (1-3) and set-up hex (17.4.1).
    #[serde(default)]
    stars: Option<Sp<i64>>,
    #[serde(default)]
    hex: Option<Sp<String>>,
}

/// A Soviet army's front in the multi-player games [17.2].
const FRONTS: [(&str, Front); 2] = [("zhukov", Front::Zhukov), ("koniev", Front::Koniev)];

/// German services the type and SS mark do not tell [17.3].
const SERVICES: [(&str, Service); 2] = [
    ("freikorps", Service::Freikorps),
    ("bodyguard", Service::Bodyguard),
];

const SIDES: [(&str, Side); 2] = [("german", GERMAN), ("soviet", SOVIET)];

const FORMATION_KINDS: [(&str, FormationKind); 6] = [
    ("division", FormationKind::Division),
    ("higher_command", FormationKind::HigherCommand),
    ("other", FormationKind::GermanOther),
    ("mobile_corps", FormationKind::MobileCorps),
    ("rifle_corps", FormationKind::RifleCorps),
    ("army", FormationKind::Army),
];

const TYPES: [(&str, UnitType); 16] = [
    ("infantry", UnitType::Infantry),
    ("engineer", UnitType::Engineer),
    ("volkssturm", UnitType::Volkssturm),
    ("police", UnitType::Police),
    ("hitler_youth", UnitType::HitlerYouth),
    ("plant_protection", UnitType::PlantProtection),
    ("motorized_infantry", UnitType::MotorizedInfantry),
    ("mechanized_infantry", UnitType::MechanizedInfantry),
    ("headquarters", UnitType::Headquarters),
    ("armor", UnitType::Armor),
    ("assault_gun", UnitType::AssaultGun),
    ("recon", UnitType::Recon),
    ("anti_tank", UnitType::AntiTank),
    ("flak", UnitType::Flak),
    ("artillery", UnitType::Artillery),
    ("leader", UnitType::Leader),
];

const SIZES: [(&str, UnitSize); 7] = [
    ("company", UnitSize::Company),
    ("battalion", UnitSize::Battalion),
    ("regiment", UnitSize::Regiment),
    ("brigade", UnitSize::Brigade),
    ("division", UnitSize::Division),
    ("corps", UnitSize::Corps),
    ("army", UnitSize::Army),
];

const WEAPONS: [(&str, WeaponType); 6] = [
    ("small_arms", WeaponType::SmallArms),
    ("heavy_weapons", WeaponType::HeavyWeapons),
    ("anti_tank", WeaponType::AntiTank),
    ("artillery", WeaponType::Artillery),
    ("dual_purpose", WeaponType::DualPurpose),
    ("defence_only", WeaponType::Defensive),
];

const KINDS: [(&str, GroupKind); 5] = [
    ("setup", GroupKind::SetUp),
    ("arrival", GroupKind::Arrival),
    ("withdrawal", GroupKind::Withdrawal),
    ("pool", GroupKind::Pool),
    ("leaders", GroupKind::Leaders),
];

/// The case of the Character Game, the `variant` of its leaders' group (17.4).
const CHARACTER_GAME: &str = engine::fortress::board::CHARACTER_GAME;

const ZONES: [(&str, SetupZone); 12] = [
    ("hexes", SetupZone::Hexes),
    ("near", SetupZone::Near),
    ("airfield", SetupZone::Airfield),
    ("away_from_edge", SetupZone::AwayFromEdge),
    ("within_perimeter", SetupZone::WithinPerimeter),
    ("on_or_within_perimeter", SetupZone::OnOrWithinPerimeter),
    ("perimeter_or_south_edge", SetupZone::PerimeterOrSouthEdge),
    (
        "major_building_or_station",
        SetupZone::MajorBuildingOrStation,
    ),
    ("station", SetupZone::Station),
    ("strongpoint", SetupZone::Strongpoint),
    (
        "major_building_or_teltow_bank",
        SetupZone::MajorBuildingOrTeltowBank,
    ),
    (
        "havel_bridges_then_perimeter",
        SetupZone::HavelBridgesThenPerimeter,
    ),
];

/// What the units file says beside the compiled data.
#[derive(Default)]
pub struct UnitsInfo {
    pub stand_in: bool,
    /// Unit ids in counter order (index = `UnitId`).
    pub ids: Vec<String>,
}

/// `"FS-PF-MA"` as the rules print a combat face (13.0).
fn face(src: &Src, v: &Sp<String>, field: &str) -> Result<(u8, u8, u8), DataError> {
    let parts: Vec<Option<u8>> = v
        .get_ref()
        .split('-')
        .map(|p| p.trim().parse::<u8>().ok().filter(|&x| x <= 99))
        .collect();
    match parts.as_slice() {
        [Some(fs), Some(pf), Some(ma)] => Ok((*fs, *pf, *ma)),
        _ => Err(src.err(
            v.span(),
            format!(
                "{field}: '{}' is not a face \"FS-PF-MA\" like \"2-3-6\" (each 0-99) [13.0]",
                v.get_ref()
            ),
        )),
    }
}

fn small(src: &Src, v: &Sp<i64>, field: &str, hi: i64) -> Option<u8> {
    de::in_range(src, v, field, 0, hi).ok().map(|x| x as u8)
}

/// Reads `units.toml` into `data.forces` and `data.groups`.
pub fn read(src: &Src, data: &mut GameData) -> (UnitsInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = UnitsInfo::default();
    let raw: RawUnits = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    info.stand_in = raw.stand_in;
    for (list, out, field) in [
        (
            &raw.volkssturm_checks,
            &mut data.volkssturm_checks,
            "volkssturm_checks",
        ),
        (&raw.naval_checks, &mut data.naval_checks, "naval_checks"),
    ] {
        for v in list {
            let Some(t) = de::in_range(src, v, field, 1, 15).keep(&mut errors) else {
                continue;
            };
            if out.contains(&(t as u8)) {
                errors.push(src.err(v.span(), format!("{field}: turn {t} is listed twice")));
                continue;
            }
            de::push(src, out, t as u8, v.span(), "check turns").keep(&mut errors);
        }
    }

    // Formations: ids first, then their higher formations.
    let mut fids: BTreeMap<String, (FormationId, Side)> = BTreeMap::new();
    let mut highers = Vec::new();
    for f in &raw.formation {
        let side = de::choice(src, &f.side, "side", &SIDES).keep(&mut errors);
        let kind = de::choice(src, &f.kind, "kind", &FORMATION_KINDS).keep(&mut errors);
        let (Some(side), Some(kind)) = (side, kind) else {
            continue;
        };
        if fids.contains_key(f.id.get_ref()) {
            errors.push(src.err(
                f.id.span(),
                format!("id: formation '{}' is defined twice", f.id.get_ref()),
            ));
            continue;
        }
        let name = de::fixed::<32>(src, &f.name, "name")
            .keep(&mut errors)
            .unwrap_or_default();
        let Some(id) = data.forces.add_formation(&name, side, kind, None) else {
            errors.push(src.err(f.id.span(), "formation: too many formations for the engine"));
            continue;
        };
        if let Some(front) = &f.front {
            let front = de::choice(src, front, "front", &FRONTS).keep(&mut errors);
            if side != SOVIET || kind != FormationKind::Army {
                errors.push(src.err(
                    f.id.span(),
                    "front: only a Soviet army belongs to a front [17.2]",
                ));
            } else if let Some(f) = data.forces.formations.get_mut(id.0 as usize) {
                f.front = front;
            }
        }
        fids.insert(f.id.get_ref().clone(), (id, side));
        if let Some(h) = &f.higher {
            highers.push((id, side, h));
        }
    }
    for (id, side, h) in highers {
        match fids.get(h.get_ref()) {
            Some(&(hid, hside)) if hside == side => {
                if let Some(f) = data.forces.formations.get_mut(id.0 as usize) {
                    f.higher = Some(hid);
                }
            }
            Some(_) => errors.push(src.err(
                h.span(),
                format!("higher: formation '{}' is on the other side", h.get_ref()),
            )),
            None => errors.push(src.err(
                h.span(),
                format!("higher: unknown formation '{}'", h.get_ref()),
            )),
        }
    }

    let mut uids: BTreeMap<String, UnitId> = BTreeMap::new();
    for g in &raw.group {
        let side = de::choice(src, &g.side, "side", &SIDES).keep(&mut errors);
        let kind = de::choice(src, &g.kind, "kind", &KINDS).keep(&mut errors);
        let turn = de::in_range(src, &g.turn, "turn", 0, 15).keep(&mut errors);
        let (Some(side), Some(kind), Some(turn)) = (side, kind, turn) else {
            continue;
        };
        let group_formation = g
            .formation
            .as_ref()
            .and_then(|f| formation(src, &fids, f, side, &mut errors));
        let mut out = Group {
            kind,
            side,
            turn: turn as u8,
            case: de::cut(g.case.get_ref()),
            variant: g.variant.as_ref().map(|v| de::cut(v.get_ref())),
            entry: None,
            zone: None,
            hexes: heapless::Vec::new(),
            draw: 0,
            units: heapless::Vec::new(),
        };
        check_case(src, &g.case, "case", &mut errors);
        if let Some(v) = &g.variant {
            if !v.get_ref().starts_with("16.") && v.get_ref() != CHARACTER_GAME {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "variant: '{}' is not a variant of module 16.0 nor the Character Game \"17.4\"",
                        v.get_ref()
                    ),
                ));
            }
        }
        let leaders = kind == GroupKind::Leaders;
        if leaders {
            if g.variant.as_ref().map(|v| v.get_ref().as_str()) != Some(CHARACTER_GAME) {
                errors.push(src.err(
                    g.kind.span(),
                    "variant: a leaders group is in play only with the Character Game: variant = \"17.4\" [17.4.1]",
                ));
            }
            if side != GERMAN {
                errors.push(src.err(
                    g.side.span(),
                    "side: the leaders of the Character Game are German [17.4.1]",
                ));
            }
        }
        read_where(src, g, &mut out, data, &mut errors);
        for m in &g.members {
            match uids.get(m.get_ref()) {
                Some(&u) => {
                    let _ = out.units.push(u);
                }
                None => errors.push(src.err(m.span(), format!("members: unknown unit id '{}' (members name units listed in an earlier group)", m.get_ref()))),
            }
        }
        for u in &g.units {
            let Some(c) = counter(src, u, side, group_formation, &fids, &mut errors) else {
                continue;
            };
            let Some(c) = leader(src, u, c, leaders, data, &mut errors) else {
                continue;
            };
            if uids.contains_key(u.id.get_ref()) {
                errors.push(src.err(
                    u.id.span(),
                    format!("id: unit '{}' is listed twice", u.id.get_ref()),
                ));
                continue;
            }
            if u.id.get_ref().is_empty() || u.id.get_ref().len() > 24 {
                errors.push(src.err(u.id.span(), "id: a unit id is 1 to 24 bytes"));
                continue;
            }
            // 11.1.3: a German unit is Waffen SS when its name or its formation's says so.
            let ss_word = |n: &str| n.split_whitespace().any(|w| w == "SS");
            let ss = side == GERMAN
                && (ss_word(&c.name)
                    || c.formation
                        .and_then(|f| data.forces.formation(f))
                        .is_some_and(|f| ss_word(&f.name)));
            let c = if ss { c.ss() } else { c };
            let Some(id) = data.forces.add(c) else {
                errors.push(src.err(u.id.span(), "unit: too many counters for the engine"));
                continue;
            };
            uids.insert(u.id.get_ref().clone(), id);
            info.ids.push(u.id.get_ref().clone());
            de::push(src, &mut out.units, id, u.id.span(), "units in one group").keep(&mut errors);
        }
        de::push(src, &mut data.groups, out, g.case.span(), "groups").keep(&mut errors);
    }
    (info, errors)
}

fn check_case(src: &Src, v: &Sp<String>, field: &str, errors: &mut Vec<DataError>) {
    let s = v.get_ref();
    let ok = !s.is_empty()
        && s.len() <= 8
        && s.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !ok {
        errors.push(src.err(
            v.span(),
            format!("{field}: '{s}' is not a rule case like \"13.1\""),
        ));
    }
}

fn formation(
    src: &Src,
    fids: &BTreeMap<String, (FormationId, Side)>,
    f: &Sp<String>,
    side: Side,
    errors: &mut Vec<DataError>,
) -> Option<FormationId> {
    match fids.get(f.get_ref()) {
        Some(&(id, s)) if s == side => Some(id),
        Some(_) => {
            errors.push(src.err(
                f.span(),
                format!("formation: '{}' belongs to the other side", f.get_ref()),
            ));
            None
        }
        None => {
            errors.push(src.err(
                f.span(),
                format!(
                    "formation: unknown formation '{}' (not a [[formation]] id)",
                    f.get_ref()
                ),
            ));
            None
        }
    }
}

/// Entry letters, set-up zone, hexes and draw of a group, checked against its kind.
fn read_where(
    src: &Src,
    g: &RawGroup,
    out: &mut Group,
    data: &GameData,
    errors: &mut Vec<DataError>,
) {
    let geo = data.map.geometry;
    if let Some(e) = &g.entry {
        let b = e.get_ref().as_bytes();
        let letter = |c: u8| (b'A'..=b'X').contains(&c);
        match b {
            [x, b'-', y] if letter(*x) && letter(*y) && x <= y => out.entry = Some((*x, *y)),
            [x] if letter(*x) => out.entry = Some((*x, *x)),
            _ => errors.push(src.err(
                e.span(),
                format!(
                    "entry: '{}' is not an entry area or range of areas A-X, like \"A-C\" [5.0]",
                    e.get_ref()
                ),
            )),
        }
    }
    if let Some(z) = &g.zone {
        out.zone = de::choice(src, z, "zone", &ZONES).keep(errors);
    }
    let listed = de::hexes(src, &geo, &g.hexes, "hexes", errors);
    if listed.len() > out.hexes.capacity() {
        errors.push(src.err(
            g.kind.span(),
            format!(
                "hexes: a group names at most {} hexes",
                out.hexes.capacity()
            ),
        ));
    }
    for h in listed {
        let _ = out.hexes.push(h);
    }
    if let Some(p) = &g.place {
        match data
            .map
            .places
            .iter()
            .find(|x| x.name.as_str() == p.get_ref())
        {
            Some(x) if x.kind == PlaceKind::Flugplatz => {
                for &h in &x.hexes {
                    let _ = out.hexes.push(h);
                }
            }
            _ => errors.push(src.err(
                p.span(),
                format!("place: no airfield '{}' in places.toml", p.get_ref()),
            )),
        }
    }
    if let Some(d) = &g.draw {
        out.draw = small(src, d, "draw", 80).unwrap_or(0);
        if out.draw as usize > g.units.len() {
            errors.push(src.err(
                d.span(),
                format!("draw: {} drawn from a pile of {}", out.draw, g.units.len()),
            ));
        }
    }
    let span = g.kind.span();
    let needs_hexes = matches!(
        out.zone,
        Some(SetupZone::Hexes | SetupZone::Near | SetupZone::Airfield)
    );
    if needs_hexes && out.hexes.is_empty() {
        errors.push(src.err(
            span.clone(),
            "hexes: this zone needs the hexes (or the airfield `place`) it names",
        ));
    }
    match out.kind {
        GroupKind::SetUp if out.zone.is_none() => {
            errors.push(src.err(span, "zone: a set-up group needs a zone [13.0]"));
        }
        GroupKind::SetUp | GroupKind::Pool | GroupKind::Leaders if out.turn != 0 => {
            errors.push(src.err(
                g.turn.span(),
                "turn: a set-up group, pile or leaders' cup is turn 0",
            ));
        }
        GroupKind::Arrival if out.turn == 0 => {
            errors.push(src.err(
                g.turn.span(),
                "turn: an arrival comes on a turn from 1 to 15",
            ));
        }
        GroupKind::Arrival if out.entry.is_none() && out.hexes.is_empty() => {
            errors.push(src.err(
                span,
                "entry: an arrival needs entry areas or edge hexes [5.0]",
            ));
        }
        GroupKind::Withdrawal if g.members.is_empty() => {
            errors.push(src.err(span, "members: a withdrawal names the units that leave"));
        }
        _ => {}
    }
}

fn counter(
    src: &Src,
    u: &RawUnit,
    side: Side,
    group_formation: Option<FormationId>,
    fids: &BTreeMap<String, (FormationId, Side)>,
    errors: &mut Vec<DataError>,
) -> Option<Counter> {
    let n0 = errors.len();
    let kind = de::choice(src, &u.kind, "type", &TYPES).keep(errors);
    let size = de::choice(src, &u.size, "size", &SIZES).keep(errors);
    let weapon = de::choice(src, &u.weapon, "weapon", &WEAPONS).keep(errors);
    let combat = face(src, &u.combat, "combat").keep(errors);
    let maneuver = face(src, &u.maneuver, "maneuver").keep(errors);
    let range = de::in_range(src, &u.range, "range", 0, 30).keep(errors);
    let mrange = match &u.maneuver_range {
        Some(r) => de::in_range(src, r, "maneuver_range", 0, 30).keep(errors),
        None => range,
    };
    let morale = de::in_range(src, &u.morale, "morale", 0, 9).keep(errors);
    let name = de::fixed::<24>(src, &u.name, "name").keep(errors);
    let formation = match &u.formation {
        Some(f) => formation(src, fids, f, side, errors),
        None => group_formation,
    };
    let radius = match &u.radius {
        Some(r) if r.get_ref() == "*" => Some(Radius::WholeMap),
        Some(r) => match r.get_ref().parse::<u8>() {
            Ok(n) if n <= 60 => Some(Radius::Hexes(n)),
            _ => {
                errors.push(src.err(
                    r.span(),
                    format!(
                        "radius: '{}' is not a number of hexes or \"*\" [2.2.8]",
                        r.get_ref()
                    ),
                ));
                None
            }
        },
        None => None,
    };
    if errors.len() > n0 {
        return None;
    }
    let (kind, size, weapon, (fs, pf, ma), (mfs, mpf, mma)) =
        (kind?, size?, weapon?, combat?, maneuver?);
    let is_hq = kind == UnitType::Headquarters;
    if is_hq && radius.is_none() {
        errors.push(src.err(u.id.span(), "radius: an HQ prints a command radius [2.2.8]"));
        return None;
    }
    if let (false, Some(r)) = (is_hq, &u.radius) {
        errors.push(src.err(r.span(), "radius: only an HQ has a command radius [2.2.8]"));
        return None;
    }
    let combat = Printed::new(range? as u8, fs, pf, ma);
    let maneuver_face = Printed::new(mrange? as u8, mfs, mpf, mma);
    let mut c = if kind == UnitType::PlantProtection {
        if maneuver_face != combat {
            errors.push(src.err(u.maneuver.span(), "maneuver: a Plant Protection Battalion prints a combat face only; repeat it here [11.2.1]"));
            return None;
        }
        Counter::combat_only(&name?, side, kind, size, weapon, combat, morale? as u8)
    } else {
        Counter::new(
            &name?,
            side,
            kind,
            size,
            weapon,
            maneuver_face,
            combat,
            morale? as u8,
        )
    };
    if let Some(f) = formation {
        c = c.of(f);
    }
    if let Some(r) = radius {
        c = c.hq(r);
    }
    if let Some(s) = &u.service {
        if side != GERMAN {
            errors.push(src.err(s.span(), "service: only German units name a service [17.3]"));
        }
        c.special = de::choice(src, s, "service", &SERVICES).keep(errors);
    }
    Some(c)
}

/// A leader of the Character Game (17.4.1): `type = "leader"`, `stars` 1 to 3 and a set-up
/// `hex` on the map where a unit may stand; neither field on any other counter.
fn leader(
    src: &Src,
    u: &RawUnit,
    c: Counter,
    in_leaders: bool,
    data: &GameData,
    errors: &mut Vec<DataError>,
) -> Option<Counter> {
    if !in_leaders {
        for (span, field) in [
            (u.stars.as_ref().map(|s| s.span()), "stars"),
            (u.hex.as_ref().map(|h| h.span()), "hex"),
        ] {
            if let Some(span) = span {
                errors.push(src.err(
                    span,
                    format!("{field}: only a leader of a `leaders` group has {field} [17.4.1]"),
                ));
                return None;
            }
        }
        return Some(c);
    }
    let n0 = errors.len();
    if c.kind != UnitType::Leader {
        errors.push(src.err(
            u.kind.span(),
            "type: a leaders group holds leaders only: type = \"leader\" [17.4.1]",
        ));
    }
    let stars = match &u.stars {
        Some(s) => de::in_range(src, s, "stars", 1, 3).keep(errors),
        None => {
            errors.push(src.err(
                u.id.span(),
                "stars: a leader prints one to three stars [17.4.1]",
            ));
            None
        }
    };
    let home = match &u.hex {
        Some(h) => de::hex(src, &data.map.geometry, h, "hex").keep(errors),
        None => {
            errors.push(src.err(u.id.span(), "hex: a leader prints his set-up hex [17.4.1]"));
            None
        }
    };
    if let (Some(h), Some(raw)) = (home, &u.hex) {
        let enterable = data
            .movement
            .enter
            .get(data.map.terrain(h) as usize)
            .copied()
            .flatten()
            .is_some();
        if !enterable {
            errors.push(src.err(
                raw.span(),
                format!(
                    "hex: {} is terrain no unit may stand in [2.1.1]",
                    raw.get_ref()
                ),
            ));
        }
    }
    if errors.len() > n0 {
        return None;
    }
    Some(c.leader(stars? as u8, home?))
}
