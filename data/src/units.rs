//! `units.toml`: formations, every counter of every order of battle, and the stand-in mix of
//! hidden strengths drawn for untried units [11.0].

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::berlin85::data::{Tables, UntriedChit, MAX_UNTRIED_CHITS};
use engine::berlin85::state::{NATO, WARSAW_PACT};
use engine::core::capacity::berlin85::Roster;
use engine::core::side::Side;
use engine::core::units::{Formation, Nationality, UnitDef, UnitKind};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnits {
    #[serde(default)]
    stand_in: bool,
    formation: Vec<Sp<RawFormation>>,
    unit: Vec<Sp<RawUnit>>,
    untried_mix: Sp<RawMix>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    id: Sp<String>,
    name: Sp<String>,
    side: Sp<String>,
    nationality: Sp<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: Sp<String>,
    formation: Sp<String>,
    kind: Sp<String>,
    size: Sp<String>,
    name: Sp<String>,
    movement: Sp<i64>,
    #[serde(default)]
    untried: bool,
    attack: Option<Sp<i64>>,
    defense: Option<Sp<i64>>,
    barrage: Option<Sp<i64>>,
    fpf: Option<Sp<i64>>,
    range: Option<Sp<i64>>,
    /// Overrides the formation's nationality (a British unit attached to a US formation).
    nationality: Option<Sp<String>>,
}

/// `[untried_mix]`: per unit kind, the hidden strengths and how many of each.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMix {
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    infantry: Vec<Sp<RawChit>>,
    #[serde(default)]
    mech: Vec<Sp<RawChit>>,
    #[serde(default)]
    tank: Vec<Sp<RawChit>>,
    #[serde(default)]
    recon: Vec<Sp<RawChit>>,
    #[serde(default)]
    paratroop: Vec<Sp<RawChit>>,
    #[serde(default)]
    police: Vec<Sp<RawChit>>,
    #[serde(default)]
    military_police: Vec<Sp<RawChit>>,
    #[serde(default)]
    special_forces: Vec<Sp<RawChit>>,
    #[serde(default)]
    engineer: Vec<Sp<RawChit>>,
    #[serde(default)]
    hq: Vec<Sp<RawChit>>,
    #[serde(default)]
    artillery: Vec<Sp<RawChit>>,
    #[serde(default)]
    sp_artillery: Vec<Sp<RawChit>>,
    #[serde(default)]
    rocket_artillery: Vec<Sp<RawChit>>,
    #[serde(default)]
    antitank: Vec<Sp<RawChit>>,
}

impl RawMix {
    /// The chit lists with their kind names, in [`KINDS`] order.
    fn lists(&self) -> [(&'static str, &[Sp<RawChit>]); 14] {
        [
            ("infantry", &self.infantry),
            ("mech", &self.mech),
            ("tank", &self.tank),
            ("recon", &self.recon),
            ("paratroop", &self.paratroop),
            ("police", &self.police),
            ("military_police", &self.military_police),
            ("special_forces", &self.special_forces),
            ("engineer", &self.engineer),
            ("hq", &self.hq),
            ("artillery", &self.artillery),
            ("sp_artillery", &self.sp_artillery),
            ("rocket_artillery", &self.rocket_artillery),
            ("antitank", &self.antitank),
        ]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChit {
    attack: Sp<i64>,
    defense: Sp<i64>,
    count: Sp<i64>,
}

pub const SIDES: [(&str, Side); 2] = [("nato", NATO), ("warsaw_pact", WARSAW_PACT)];

pub const NATIONALITIES: [(&str, Nationality); 9] = [
    ("us", Nationality::Us),
    ("british", Nationality::British),
    ("french", Nationality::French),
    ("west_german", Nationality::WestGerman),
    ("west_berlin_police", Nationality::WestBerlinPolice),
    ("soviet", Nationality::Soviet),
    ("east_german", Nationality::EastGerman),
    ("east_berlin_police", Nationality::EastBerlinPolice),
    ("german", Nationality::German),
];

pub const KINDS: [(&str, UnitKind); 14] = [
    ("infantry", UnitKind::Infantry),
    ("mech", UnitKind::Mechanized),
    ("tank", UnitKind::Tank),
    ("recon", UnitKind::Recon),
    ("paratroop", UnitKind::Paratroop),
    ("police", UnitKind::Police),
    ("military_police", UnitKind::MilitaryPolice),
    ("special_forces", UnitKind::SpecialForces),
    ("engineer", UnitKind::Engineer),
    ("hq", UnitKind::Headquarters),
    ("artillery", UnitKind::Artillery),
    ("sp_artillery", UnitKind::SelfPropelledArtillery),
    ("rocket_artillery", UnitKind::RocketArtillery),
    ("antitank", UnitKind::AntiTank),
];

/// What the scenarios need to know about the units besides the roster.
pub struct UnitsInfo {
    pub stand_ins: Vec<String>,
}

/// Reads `units.toml` into `roster` and the untried mix into `tables.untried`.
pub fn read(src: &Src, roster: &mut Roster, tables: &mut Tables) -> (UnitsInfo, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut info = UnitsInfo {
        stand_ins: Vec::new(),
    };
    roster.formations.clear();
    roster.units.clear();
    tables.untried.clear();
    let raw: RawUnits = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (info, vec![e]),
    };
    if raw.stand_in {
        info.stand_ins.push("units.toml".into());
    }

    // Byte offset of each entry's id, turned into a line number only for a duplicate.
    let mut formation_at: Vec<usize> = Vec::new();
    for f in &raw.formation {
        let r = f.get_ref();
        if let Some(i) = roster
            .formations
            .iter()
            .position(|x| x.id.as_str() == r.id.get_ref())
        {
            let line = src.position(formation_at.get(i).copied().unwrap_or(0)).0;
            errors.push(src.err(
                r.id.span(),
                format!(
                    "formation: id '{}' is already used on line {line}",
                    r.id.get_ref()
                ),
            ));
            continue;
        }
        let (Some(id), Some(name), Some(side), Some(nationality)) = (
            de::fixed(src, &r.id, "formation id").keep(&mut errors),
            de::fixed(src, &r.name, "formation name").keep(&mut errors),
            de::choice(src, &r.side, "side", &SIDES).keep(&mut errors),
            de::choice(src, &r.nationality, "nationality", &NATIONALITIES).keep(&mut errors),
        ) else {
            continue;
        };
        if de::push(
            src,
            &mut roster.formations,
            Formation {
                id,
                name,
                side,
                nationality,
            },
            f.span(),
            "formations",
        )
        .keep(&mut errors)
        .is_none()
        {
            break;
        }
        formation_at.push(r.id.span().start);
    }

    let mut unit_at: Vec<usize> = Vec::new();
    for u in &raw.unit {
        let r = u.get_ref();
        let id_text = r.id.get_ref();
        if let Some(i) = roster.units.iter().position(|x| x.id.as_str() == id_text) {
            let line = src.position(unit_at.get(i).copied().unwrap_or(0)).0;
            errors.push(src.err(
                r.id.span(),
                format!("unit: id '{id_text}' is already used on line {line}"),
            ));
            continue;
        }
        let formation = roster
            .formations
            .iter()
            .position(|x| x.id.as_str() == r.formation.get_ref());
        if formation.is_none() {
            errors.push(src.err(
                r.formation.span(),
                format!("formation: unknown formation '{}'", r.formation.get_ref()),
            ));
        }
        let kind = de::choice(src, &r.kind, "kind", &KINDS).keep(&mut errors);
        let nationality = match &r.nationality {
            Some(n) => de::choice(src, n, "nationality", &NATIONALITIES).keep(&mut errors),
            None => formation
                .and_then(|i| roster.formations.get(i))
                .map(|f| f.nationality),
        };
        let movement = de::in_range(src, &r.movement, "movement", 1, 99).keep(&mut errors);
        let name = de::fixed(src, &r.name, "unit name").keep(&mut errors);
        let size = de::fixed(src, &r.size, "size").keep(&mut errors);
        let Some(id) = de::fixed(src, &r.id, "unit id").keep(&mut errors) else {
            continue;
        };
        // A unit with a bad field is still entered (its errors are reported), so scenarios
        // that name it do not add "unknown unit" errors on top.
        let kind = kind.unwrap_or(UnitKind::Infantry);
        let fi = formation.unwrap_or(0);
        let side = roster.formations.get(fi).map_or(NATO, |f| f.side);
        let (attack, defense, barrage, fpf, range) = strengths(src, r, kind, &mut errors);
        let def = UnitDef {
            id,
            name: name.unwrap_or_default(),
            side,
            nationality: nationality.unwrap_or(Nationality::Us),
            formation: fi as u8,
            kind,
            size: size.unwrap_or_default(),
            movement: movement.unwrap_or(1) as u8,
            attack,
            defense,
            barrage,
            fpf,
            range,
            untried: r.untried,
        };
        if de::push(src, &mut roster.units, def, u.span(), "units")
            .keep(&mut errors)
            .is_none()
        {
            break;
        }
        unit_at.push(r.id.span().start);
    }
    if roster.units.is_empty() {
        errors.push(src.err_file("unit: there are no [[unit]] entries"));
    }

    let mix = raw.untried_mix.get_ref();
    if mix.stand_in {
        info.stand_ins.push("untried_mix".into());
    }
    for (name, list) in mix.lists() {
        let kind = KINDS.iter().find(|(k, _)| *k == name).map(|&(_, k)| k);
        for c in list {
            let r = c.get_ref();
            let attack = de::in_range(src, &r.attack, "attack", 0, 99).keep(&mut errors);
            let defense = de::in_range(src, &r.defense, "defense", 0, 99).keep(&mut errors);
            let count = de::in_range(src, &r.count, "count", 1, 255).keep(&mut errors);
            if let (Some(kind), Some(attack), Some(defense), Some(count)) =
                (kind, attack, defense, count)
            {
                let chit = UntriedChit {
                    kind,
                    attack: attack as u8,
                    defense: defense as u8,
                    count: count as u8,
                };
                if de::push(src, &mut tables.untried, chit, c.span(), "untried chits")
                    .keep(&mut errors)
                    .is_none()
                {
                    break;
                }
            }
        }
        // A draw lists every chit left in the cup, so a uniform pick is a fair draw [11.0].
        let total: u32 = list
            .iter()
            .map(|c| (*c.get_ref().count.get_ref()).clamp(0, 255) as u32)
            .sum();
        if let Some(first) = list.first() {
            if total as usize > engine::core::protocol::MAX_OPTIONS {
                errors.push(src.err(
                    first.span(),
                    format!(
                        "untried_mix: the '{name}' cup holds {total} chits; a draw can list at most {}",
                        engine::core::protocol::MAX_OPTIONS
                    ),
                ));
            }
        }
    }
    // Every kind of untried unit must have something to draw [11.0].
    for u in &raw.unit {
        let r = u.get_ref();
        if !r.untried {
            continue;
        }
        let Ok(kind) = de::choice(src, &r.kind, "kind", &KINDS) else {
            continue;
        };
        let covered = tables.untried.iter().any(|c| c.kind == kind);
        let already = errors.iter().any(|e| {
            e.message
                .contains(&format!("no chit for kind '{}'", r.kind.get_ref()))
        });
        if !covered && !already {
            errors.push(src.err(
                r.kind.span(),
                format!("untried_mix: no chit for kind '{}', so this untried unit has no strength to reveal (at most {MAX_UNTRIED_CHITS} chit rows)", r.kind.get_ref()),
            ));
        }
    }
    (info, errors)
}

/// Attack, defense, barrage, FPF, range of a counter, checked against its type: artillery has
/// barrage/FPF/range and no untried side [2.3]; an untried unit's strengths are hidden [11.0].
fn strengths(
    src: &Src,
    r: &RawUnit,
    kind: UnitKind,
    errors: &mut Vec<DataError>,
) -> (u8, u8, u8, u8, u8) {
    let val = |v: &Option<Sp<i64>>, field: &str, errors: &mut Vec<DataError>| -> Option<u8> {
        let v = v.as_ref()?;
        de::in_range(src, v, field, 0, 99)
            .map_err(|e| errors.push(e))
            .ok()
            .map(|x| x as u8)
    };
    let attack = val(&r.attack, "attack", errors);
    let defense = val(&r.defense, "defense", errors);
    let barrage = val(&r.barrage, "barrage", errors);
    let fpf = val(&r.fpf, "fpf", errors);
    let range = val(&r.range, "range", errors);
    let id = r.id.get_ref();
    if kind.is_artillery() {
        if r.untried {
            errors.push(src.err(
                r.id.span(),
                format!("unit '{id}': artillery has no untried side [2.3]"),
            ));
        }
        if let Some(a) = &r.attack {
            errors.push(src.err(
                a.span(),
                format!(
                    "unit '{id}': artillery has a barrage strength, not an attack strength [2.31]"
                ),
            ));
        }
        for (v, f) in [
            (&r.barrage, "barrage"),
            (&r.fpf, "fpf"),
            (&r.range, "range"),
            (&r.defense, "defense"),
        ] {
            if v.is_none() {
                errors.push(src.err(
                    r.id.span(),
                    format!("unit '{id}': artillery needs '{f}' [2.31]"),
                ));
            }
        }
    } else {
        for (v, f) in [
            (&r.barrage, "barrage"),
            (&r.fpf, "fpf"),
            (&r.range, "range"),
        ] {
            if let Some(v) = v {
                errors.push(src.err(v.span(), format!("unit '{id}': only artillery has '{f}'")));
            }
        }
        if r.untried {
            for (v, f) in [(&r.attack, "attack"), (&r.defense, "defense")] {
                if let Some(v) = v {
                    errors.push(src.err(v.span(), format!("unit '{id}': an untried unit's '{f}' is hidden; leave it out and list the strengths in [untried_mix] [11.0]")));
                }
            }
        } else {
            for (v, f) in [(&r.attack, "attack"), (&r.defense, "defense")] {
                if v.is_none() {
                    errors.push(src.err(
                        r.id.span(),
                        format!("unit '{id}': needs '{f}' (or untried = true)"),
                    ));
                }
            }
        }
    }
    (
        attack.unwrap_or(0),
        defense.unwrap_or(0),
        barrage.unwrap_or(0),
        fpf.unwrap_or(0),
        range.unwrap_or(0),
    )
}
