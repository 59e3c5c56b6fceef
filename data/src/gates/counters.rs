//! `counters.toml`: the countermix's units as series [`Counter`]s (S2.2), unit i of the file
//! being `UnitId(i)`, with the Gates abilities the series counter has no room for (3.11
//! sabotage, 3.14, 5.2 Stasi) and the transports of the countermix (6.0). Templates give
//! shared values; each `[[unit]]` makes one counter per designation in `names`.

use super::divisions::{key, Divisions, NATIONALITIES, SIDES};
use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::faces::TwoFaced;
use engine::core::units::UnitKind;
use engine::css::counter::{Armour, Counter, Hq, Size, Symbols};
use engine::css::fire::missile::MissileType;
use engine::css::fire::Colour;
use engine::css::terrain::MoveClass;
use engine::gates::abilities::Abilities;
use engine::gates::command::{Kind, MAX_UNIT_TQ};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Units the loader takes (`core::capacity::gates::UNITS`).
pub const MAX_UNITS: usize = engine::core::capacity::gates::UNITS;

/// Limits the loader holds every printed value to (the engine's tables and 9.2).
pub const MAX_FIREPOWER: i64 = 20;
pub const MAX_RANGE: i64 = 60;
pub const MAX_DEFENSE: i64 = 6;
pub const MAX_MA: i64 = 40;
pub const MAX_STEPS: i64 = 4;

const KINDS: [(&str, UnitKind); 14] = [
    ("infantry", UnitKind::Infantry),
    ("mechanized", UnitKind::Mechanized),
    ("tank", UnitKind::Tank),
    ("recon", UnitKind::Recon),
    ("paratroop", UnitKind::Paratroop),
    ("police", UnitKind::Police),
    ("military_police", UnitKind::MilitaryPolice),
    ("special_forces", UnitKind::SpecialForces),
    ("engineer", UnitKind::Engineer),
    ("headquarters", UnitKind::Headquarters),
    ("artillery", UnitKind::Artillery),
    ("self_propelled_artillery", UnitKind::SelfPropelledArtillery),
    ("rocket_artillery", UnitKind::RocketArtillery),
    ("anti_tank", UnitKind::AntiTank),
];
const SIZES: [(&str, Size); 7] = [
    ("section", Size::Section),
    ("platoon", Size::Platoon),
    ("company", Size::Company),
    ("battalion", Size::Battalion),
    ("regiment", Size::Regiment),
    ("brigade", Size::Brigade),
    ("division", Size::Division),
];
const HQS: [(&str, Hq); 3] = [
    ("none", Hq::No),
    ("formation", Hq::Formation),
    ("division", Hq::Division),
];
const COLOURS: [(&str, Colour); 4] = [
    ("white", Colour::White),
    ("blue", Colour::Blue),
    ("yellow", Colour::Yellow),
    ("white_red", Colour::WhiteRed),
];
const ARMOURS: [(&str, Armour); 3] = [
    ("soft", Armour::Soft),
    ("hard", Armour::Hard),
    ("tank", Armour::Tank),
];
const MOVES: [(&str, MoveClass); 4] = [
    ("leg", MoveClass::Leg),
    ("wheeled", MoveClass::Wheeled),
    ("tracked", MoveClass::Tracked),
    ("boat", MoveClass::Boat),
];
/// 3.12.1's letters that have values in its table (HOT has none).
const MISSILES: [(&str, MissileType); 6] = [
    ("dragon", MissileType::Dragon),
    ("tow", MissileType::Tow),
    ("milan", MissileType::Milan),
    ("spigot", MissileType::Spigot),
    ("sagger", MissileType::Sagger),
    ("konkurs", MissileType::Konkurs),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Sym {
    Indirect,
    Sustained,
    Engineer,
    TqFromHq,
    GermanMark,
    CaptureVp,
    Flame,
    AssaultBonus,
    OneUse,
    FastLeg,
    Sabotage,
}
const SYMBOLS: [(&str, Sym); 11] = [
    ("indirect", Sym::Indirect),
    ("sustained_fire", Sym::Sustained),
    ("engineer", Sym::Engineer),
    ("tq_from_hq", Sym::TqFromHq),
    ("german_mark", Sym::GermanMark),
    ("capture_vp", Sym::CaptureVp),
    ("flame_thrower", Sym::Flame),
    ("assault_bonus", Sym::AssaultBonus),
    ("one_use", Sym::OneUse),
    ("fast_leg", Sym::FastLeg),
    ("sabotage", Sym::Sabotage),
];

/// What a Gates counter prints beyond the series [`Counter`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitInfo {
    /// 3.14's abilities.
    pub abilities: Abilities,
    /// 3.11: the sabotage symbol.
    pub sabotage: bool,
    /// 5.2: a Stasi unit (of the MfS division), the only ones that turn political markers.
    pub stasi: bool,
}

/// 6.0: the transports of the countermix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Transports {
    pub buses: u8,
    pub cars: u8,
}

/// `counters.toml` loaded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Countermix {
    pub counters: Vec<Counter>,
    pub units: Vec<UnitInfo>,
    pub transports: Transports,
    pub stand_in: bool,
}

impl Countermix {
    /// A unit by its designation.
    pub fn find(&self, designation: &str) -> Option<engine::core::units::UnitId> {
        self.counters
            .iter()
            .position(|c| c.designation.as_str() == designation)
            .and_then(|i| u16::try_from(i).ok())
            .map(engine::core::units::UnitId)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    stand_in: bool,
    transports: RawTransports,
    #[serde(default)]
    template: BTreeMap<String, RawUnit>,
    #[serde(default)]
    unit: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTransports {
    buses: Sp<i64>,
    cars: Sp<i64>,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    formation: Option<Sp<String>>,
    division: Option<Sp<String>>,
    template: Option<Sp<String>>,
    names: Option<Vec<Sp<String>>>,
    side: Option<Sp<String>>,
    nationality: Option<Sp<String>>,
    kind: Option<Sp<String>>,
    size: Option<Sp<String>>,
    hq: Option<Sp<String>>,
    firepower: Option<Sp<i64>>,
    colour: Option<Sp<String>>,
    range: Option<Sp<i64>>,
    defense: Option<Sp<i64>>,
    armour: Option<Sp<String>>,
    #[serde(rename = "move")]
    class: Option<Sp<String>>,
    ma: Option<Sp<Vec<i64>>>,
    tq: Option<Sp<i64>>,
    steps: Option<Sp<i64>>,
    symbols: Option<Vec<Sp<String>>>,
    missile: Option<Sp<String>>,
}

/// Reads `counters.toml` against the divisions and formations; the countermix is built
/// despite the problems listed.
pub fn read(src: &Src, divs: &Divisions) -> (Countermix, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut out = Countermix::default();
    let raw: RawFile = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (out, vec![e]),
    };
    out.stand_in = raw.stand_in;
    let count = |v: &Sp<i64>, f: &str, errors: &mut Vec<DataError>| {
        de::in_range(src, v, f, 0, 99).keep(errors).unwrap_or(0) as u8
    };
    out.transports = Transports {
        buses: count(&raw.transports.buses, "buses", &mut errors),
        cars: count(&raw.transports.cars, "cars", &mut errors),
    };
    for (name, t) in &raw.template {
        for (v, f) in [(&t.formation, "formation"), (&t.division, "division")] {
            if let Some(v) = v {
                errors.push(src.err(
                    v.span(),
                    format!(
                        "{f}: template '{name}' gives values, not a place in the order of battle"
                    ),
                ));
            }
        }
        let at = t
            .template
            .as_ref()
            .map(|v| v.span())
            .or_else(|| t.names.as_ref().and_then(|n| n.first()).map(|v| v.span()));
        if let Some(at) = at {
            errors.push(src.err(
                at,
                format!("template '{name}': a template names no template and no units"),
            ));
        }
    }
    let mut seen = BTreeSet::new();
    for u in &raw.unit {
        let t = match &u.template {
            Some(name) => match raw.template.get(name.get_ref()) {
                Some(t) => t,
                None => {
                    errors.push(src.err(
                        name.span(),
                        format!("template: unknown template '{}'", name.get_ref()),
                    ));
                    continue;
                }
            },
            None => &RawUnit::default(),
        };
        let Some(names) = &u.names else {
            errors.push(src.err(
                span_of(u),
                "names: missing field `names` (the designations of this block's counters)",
            ));
            continue;
        };
        let Some((counter, info)) = unit(src, divs, u, t, &mut errors) else {
            continue;
        };
        for n in names {
            let Some(designation) = de::fixed::<24>(src, n, "names").keep(&mut errors) else {
                continue;
            };
            if designation.is_empty() {
                errors.push(src.err(n.span(), "names: a designation is 1 to 24 bytes"));
                continue;
            }
            if !seen.insert(n.get_ref().clone()) {
                errors.push(src.err(n.span(), format!("names: '{}' is named twice", n.get_ref())));
                continue;
            }
            if out.counters.len() >= MAX_UNITS {
                errors.push(src.err(
                    n.span(),
                    format!("too many units (the engine holds at most {MAX_UNITS})"),
                ));
                return (out, errors);
            }
            out.counters.push(Counter {
                designation,
                ..counter.clone()
            });
            out.units.push(info);
        }
    }
    check_hqs(src, divs, &out, &mut errors);
    (out, errors)
}

/// Where a block is reported when a whole field is missing: its first given value.
fn span_of(u: &RawUnit) -> std::ops::Range<usize> {
    [&u.formation, &u.division, &u.template, &u.kind]
        .into_iter()
        .flatten()
        .map(|v| v.span())
        .next()
        .unwrap_or(0..0)
}

/// The unit's value of a field, or its template's, or an error naming the field.
fn pick<'a, T>(
    src: &Src,
    u: &'a RawUnit,
    own: &'a Option<Sp<T>>,
    theirs: &'a Option<Sp<T>>,
    field: &str,
    errors: &mut Vec<DataError>,
) -> Option<&'a Sp<T>> {
    let v = own.as_ref().or(theirs.as_ref());
    if v.is_none() {
        errors.push(src.err(
            span_of(u),
            format!("{field}: missing field `{field}` (give it here or in the template)"),
        ));
    }
    v
}

/// The counter of a `[[unit]]` block (its designation left blank) and its Gates abilities.
fn unit(
    src: &Src,
    divs: &Divisions,
    u: &RawUnit,
    t: &RawUnit,
    errors: &mut Vec<DataError>,
) -> Option<(Counter, UnitInfo)> {
    // Its place in the order of battle: a formation, or a division for a unit outside any
    // formation (series S4.10; 5.1's Direct-Command-only forces).
    let (formation, division) = match (&u.formation, &u.division) {
        (Some(f), None) => match divs.formation(f.get_ref()) {
            Some(id) => (Some(id), divs.formations.get(id.0 as usize)?.division),
            None => {
                errors.push(src.err(
                    f.span(),
                    format!("formation: unknown formation '{}'", f.get_ref()),
                ));
                return None;
            }
        },
        (None, Some(d)) => {
            key(src, d, "division").keep(errors)?;
            match divs.division(d.get_ref()) {
                Some(id) => (None, id),
                None => {
                    errors.push(src.err(
                        d.span(),
                        format!("division: unknown division '{}'", d.get_ref()),
                    ));
                    return None;
                }
            }
        }
        (Some(f), Some(_)) => {
            errors.push(src.err(
                f.span(),
                "formation: give a formation or a division, not both (a formation names its division)",
            ));
            return None;
        }
        (None, None) => {
            errors.push(src.err(
                span_of(u),
                "formation: missing field `formation` (or `division` for a unit outside any formation)",
            ));
            return None;
        }
    };
    let div = divs.info(division)?;
    let side = div.side;
    if let Some(s) = &u.side {
        if de::choice(src, s, "side", &SIDES).keep(errors)? != side {
            errors.push(src.err(
                s.span(),
                format!("side: division '{}' fights for the other side", div.key),
            ));
            return None;
        }
    }
    let nationality = match u.nationality.as_ref().or(t.nationality.as_ref()) {
        Some(n) => de::choice(src, n, "nationality", &NATIONALITIES).keep(errors)?,
        None => div.nationality,
    };
    let num = |own: &Option<Sp<i64>>,
               theirs: &Option<Sp<i64>>,
               f: &str,
               lo: i64,
               hi: i64,
               errors: &mut Vec<DataError>| {
        let v = pick(src, u, own, theirs, f, errors)?;
        de::in_range(src, v, f, lo, hi)
            .keep(errors)
            .map(|x| x as u8)
    };
    let opt_num = |own: &Option<Sp<i64>>,
                   theirs: &Option<Sp<i64>>,
                   f: &str,
                   hi: i64,
                   dflt: u8,
                   errors: &mut Vec<DataError>| {
        match own.as_ref().or(theirs.as_ref()) {
            Some(v) => de::in_range(src, v, f, 0, hi).keep(errors).map(|x| x as u8),
            None => Some(dflt),
        }
    };
    let word =
        |own: &Option<Sp<String>>,
         theirs: &Option<Sp<String>>,
         f: &str,
         errors: &mut Vec<DataError>| { pick(src, u, own, theirs, f, errors).cloned() };
    let kind = word(&u.kind, &t.kind, "kind", errors)
        .and_then(|v| de::choice(src, &v, "kind", &KINDS).keep(errors));
    let size = word(&u.size, &t.size, "size", errors)
        .and_then(|v| de::choice(src, &v, "size", &SIZES).keep(errors));
    let hq = match u.hq.as_ref().or(t.hq.as_ref()) {
        Some(v) => de::choice(src, v, "hq", &HQS).keep(errors),
        None => Some(Hq::No),
    };
    let colour = word(&u.colour, &t.colour, "colour", errors)
        .and_then(|v| de::choice(src, &v, "colour", &COLOURS).keep(errors));
    let armour = match u.armour.as_ref().or(t.armour.as_ref()) {
        Some(v) => de::choice(src, v, "armour", &ARMOURS).keep(errors),
        None => Some(Armour::Soft),
    };
    let class = word(&u.class, &t.class, "move", errors)
        .and_then(|v| de::choice(src, &v, "move", &MOVES).keep(errors));
    let firepower = num(
        &u.firepower,
        &t.firepower,
        "firepower",
        0,
        MAX_FIREPOWER,
        errors,
    );
    let range = num(&u.range, &t.range, "range", 0, MAX_RANGE, errors);
    let defense = opt_num(&u.defense, &t.defense, "defense", MAX_DEFENSE, 0, errors);
    let steps = match u.steps.as_ref().or(t.steps.as_ref()) {
        Some(v) => de::in_range(src, v, "steps", 1, MAX_STEPS)
            .keep(errors)
            .map(|x| x as u8),
        None => Some(1),
    };
    let ma = pick(src, u, &u.ma, &t.ma, "ma", errors).and_then(|v| match v.get_ref().as_slice() {
        [c, d] if (0..=MAX_MA).contains(c) && (0..=MAX_MA).contains(d) => Some(TwoFaced {
            front: *c as u8,
            back: *d as u8,
        }),
        _ => {
            errors.push(src.err(
                v.span(),
                format!("ma: write [Column, Deployed], each 0 to {MAX_MA}"),
            ));
            None
        }
    });
    let missile = match u.missile.as_ref().or(t.missile.as_ref()) {
        Some(v) => Some(de::choice(src, v, "missile", &MISSILES).keep(errors)?),
        None => None,
    };
    let mut symbols = Symbols {
        missile,
        ..Symbols::default()
    };
    let mut info = UnitInfo {
        // 5.2: the Stasi's units are those of the Ministry for State Security.
        stasi: div.key == "gdr_mfs",
        ..UnitInfo::default()
    };
    for s in u
        .symbols
        .as_ref()
        .or(t.symbols.as_ref())
        .into_iter()
        .flatten()
    {
        match de::choice(src, s, "symbols", &SYMBOLS).keep(errors)? {
            Sym::Indirect => symbols.indirect = true,
            Sym::Sustained => {
                symbols.sustained_fire = true;
                info.abilities.sustained_fire = true;
            }
            Sym::Engineer => {
                symbols.engineer = true;
                info.abilities.engineer = true;
            }
            Sym::TqFromHq => symbols.tq_from_hq = true,
            Sym::GermanMark => info.abilities.german_mark = true,
            Sym::CaptureVp => info.abilities.capture_vp = true,
            Sym::Flame => info.abilities.flame_thrower = true,
            Sym::AssaultBonus => info.abilities.assault_bonus = true,
            Sym::OneUse => info.abilities.one_use = true,
            Sym::FastLeg => info.abilities.fast_leg = true,
            Sym::Sabotage => info.sabotage = true,
        }
    }
    // 4.1.1: every West Berlin police unit but its HQs takes the TQ of its Police HQ.
    if div.kind == Kind::WestGermanPolice && hq == Some(Hq::No) && !symbols.tq_from_hq {
        let at = u
            .symbols
            .as_ref()
            .and_then(|s| s.first())
            .map_or(span_of(u), |v| v.span());
        errors.push(src.err(at, "symbols: a West Berlin police unit takes its TQ from its Police HQ: add \"tq_from_hq\" (4.1.1)"));
        return None;
    }
    // 3.14: every unit of the Berlin garrisons may use sustained fire.
    if div.garrison.is_some() {
        symbols.sustained_fire = true;
    }
    // 4.1.1: a police unit's TQ is its Police HQ's; an HQ prints its own.
    let tq_v = u.tq.as_ref().or(t.tq.as_ref());
    let tq = if symbols.tq_from_hq {
        if let Some(v) = tq_v {
            errors.push(src.err(
                v.span(),
                "tq: a unit with \"tq_from_hq\" prints no TQ; it uses its HQ's (4.1.1)",
            ));
            return None;
        }
        Some(0)
    } else {
        num(&u.tq, &t.tq, "tq", 1, i64::from(MAX_UNIT_TQ), errors)
    };
    let (kind, size, hq, colour, armour, class) = (kind?, size?, hq?, colour?, armour?, class?);
    let (firepower, range, defense, steps, ma, tq) =
        (firepower?, range?, defense?, steps?, ma?, tq?);
    let here = u
        .kind
        .as_ref()
        .or(u.template.as_ref())
        .map_or(span_of(u), |v| v.span());
    let fail = |m: String, errors: &mut Vec<DataError>| {
        errors.push(src.err(here.clone(), m));
        None::<(Counter, UnitInfo)>
    };
    // S2.2.2: an HQ is an HQ counter, of its formation or its division.
    if (hq != Hq::No) != (kind == UnitKind::Headquarters) {
        return fail("hq: an HQ counter has kind \"headquarters\" and hq \"formation\" or \"division\" (S2.2.2)".into(), errors);
    }
    if hq == Hq::Formation && formation.is_none() {
        return fail(
            "hq: a formation HQ names its formation (S2.2.2)".into(),
            errors,
        );
    }
    if hq == Hq::Division && formation.is_some() {
        return fail(
            "hq: a Division HQ names its division, not a formation (S2.2.2)".into(),
            errors,
        );
    }
    if symbols.tq_from_hq && (hq != Hq::No || formation.is_none()) {
        return fail(
            "symbols: \"tq_from_hq\" is for a unit of a formation with an HQ (4.1.1, S11.1)".into(),
            errors,
        );
    }
    // 4.2: boats are the river police's.
    if class == MoveClass::Boat && kind == UnitKind::Headquarters {
        return fail("move: an HQ is no boat (4.2)".into(), errors);
    }
    // 3.13: an armour symbol on a tank is the tank symbol.
    if kind == UnitKind::Tank && armour != Armour::Tank {
        return fail(
            "armour: a tank unit has armour \"tank\" (3.13)".into(),
            errors,
        );
    }
    let counter = Counter {
        side,
        nationality,
        formation,
        division,
        kind,
        size,
        designation: heapless::String::new(),
        hq,
        firepower,
        colour,
        range,
        defense,
        armour,
        class,
        ma,
        tq,
        steps,
        symbols,
    };
    info.abilities.sustained_fire |= symbols.sustained_fire;
    Some((counter, info))
}

/// S2.2.2, 9.1: every formation has its HQ, every division its Division HQ, and a unit that
/// takes its TQ from its HQ (4.1.1) has one that prints a TQ.
fn check_hqs(src: &Src, divs: &Divisions, mix: &Countermix, errors: &mut Vec<DataError>) {
    let whole = |m: String| src.err_file(m);
    for (i, f) in divs.formations.iter().enumerate() {
        let has = mix
            .counters
            .iter()
            .any(|c| c.hq == Hq::Formation && c.formation.is_some_and(|x| x.0 as usize == i));
        if !has {
            errors.push(whole(format!(
                "formation '{}' has no HQ counter (S2.2.2)",
                f.key
            )));
        }
    }
    for (i, d) in divs.divisions.iter().enumerate() {
        let has = mix
            .counters
            .iter()
            .any(|c| c.hq == Hq::Division && c.division.0 as usize == i);
        if !has {
            errors.push(whole(format!(
                "division '{}' has no Division HQ counter (S2.2.2, 9.1)",
                d.key
            )));
        }
    }
}
