//! `divisions.toml`: the divisions and formations of both sides as their Division Displays
//! print them (9.0), filled into the series' [`CommandData`] through the Gates command rules
//! (`engine::gates::command`): the Warsaw Pact's initiative (3.2), the fatigue thresholds
//! (3.3.1), the West Berlin police (4.1.1), the Direct-Command-only East German forces (5.1)
//! and the limits of 9.1 and 9.2 are the engine's and binding; the ratings are the file's.

use crate::de::{self, Keep, Sp};
use crate::error::{DataError, Src};
use engine::core::side::Side;
use engine::core::units::Nationality;
use engine::css::command::{CommandData, DivisionId, FormationDef, MAX_DIVISIONS, MAX_FORMATIONS};
use engine::gates::abilities::Garrison;
use engine::gates::command::{self as rules, Division, Kind, INITIATIVE};
use engine::gates::{NATO, WARSAW_PACT};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The sides as the files write them.
pub const SIDES: [(&str, Side); 2] = [("nato", NATO), ("warsaw_pact", WARSAW_PACT)];

/// Nationalities (13.0's colours).
pub const NATIONALITIES: [(&str, Nationality); 8] = [
    ("us", Nationality::Us),
    ("british", Nationality::British),
    ("french", Nationality::French),
    ("west_german", Nationality::WestGerman),
    ("west_berlin_police", Nationality::WestBerlinPolice),
    ("soviet", Nationality::Soviet),
    ("east_german", Nationality::EastGerman),
    ("east_berlin_police", Nationality::EastBerlinPolice),
];

/// The kinds of command (4.1.1, 5.1).
const COMMANDS: [(&str, Kind); 3] = [
    ("army", Kind::Army),
    ("west_german_police", Kind::WestGermanPolice),
    ("direct_command_only", Kind::DirectCommandOnly),
];

/// The Berlin garrisons of 3.14.
const GARRISONS: [(&str, Garrison); 3] = [
    ("berlin_brigade", Garrison::BerlinBrigade),
    ("british_infantry_brigade", Garrison::BritishInfantryBrigade),
    ("french_berlin_garrison", Garrison::FrenchBerlinGarrison),
];

/// One division as loaded: what the engine's [`CommandData`] has no room for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivisionInfo {
    /// The key the other files name it by.
    pub key: String,
    pub name: String,
    pub side: Side,
    pub nationality: Nationality,
    pub kind: Kind,
    /// 3.14: its every unit may use sustained fire.
    pub garrison: Option<Garrison>,
    /// 4.1.1: the NATO divisions that may pay for its Formation chits (police only).
    pub paid_by: Vec<DivisionId>,
}

/// One formation as loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormationInfo {
    pub key: String,
    pub name: String,
    pub division: DivisionId,
}

/// `divisions.toml` loaded: the command data (its `last_turn` is 0 until a scenario sets it,
/// `Scenario::command_data`) and the names and keys beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divisions {
    pub command: CommandData,
    pub divisions: Vec<DivisionInfo>,
    pub formations: Vec<FormationInfo>,
    pub stand_in: bool,
}

impl Divisions {
    /// A division by key.
    pub fn division(&self, key: &str) -> Option<DivisionId> {
        self.divisions
            .iter()
            .position(|d| d.key == key)
            .and_then(|i| u8::try_from(i).ok())
            .map(DivisionId)
    }

    /// A formation by key.
    pub fn formation(&self, key: &str) -> Option<engine::css::command::FormationId> {
        self.formations
            .iter()
            .position(|f| f.key == key)
            .and_then(|i| u8::try_from(i).ok())
            .map(engine::css::command::FormationId)
    }

    /// The division behind an id.
    pub fn info(&self, d: DivisionId) -> Option<&DivisionInfo> {
        self.divisions.get(d.0 as usize)
    }

    /// No divisions: the Gates command rules with nothing to command (a missing file).
    pub fn empty() -> Self {
        Divisions {
            command: CommandData {
                divisions: heapless::Vec::new(),
                formations: heapless::Vec::new(),
                costs: rules::chit_costs(),
                initiative: INITIATIVE,
                always_in_cup: heapless::Vec::new(),
                last_turn: 0,
            },
            divisions: Vec::new(),
            formations: Vec::new(),
            stand_in: false,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    stand_in: bool,
    initiative: Sp<String>,
    #[serde(default)]
    division: Vec<RawDivision>,
    #[serde(default)]
    formation: Vec<RawFormation>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDivision {
    key: Sp<String>,
    name: Sp<String>,
    side: Sp<String>,
    nationality: Sp<String>,
    command: Sp<String>,
    dispatch_rating: Sp<i64>,
    command_rating: Sp<i64>,
    max_tq: Sp<i64>,
    #[serde(default)]
    garrison: Option<Sp<String>>,
    #[serde(default)]
    paid_by: Vec<Sp<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    key: Sp<String>,
    name: Sp<String>,
    division: Sp<String>,
}

/// A key: lower-case letters, digits and '_' (other files name things by it).
pub fn key(src: &Src, v: &Sp<String>, field: &str) -> Result<String, DataError> {
    let k = v.get_ref();
    let ok = !k.is_empty()
        && k.len() <= 32
        && k.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        Ok(k.clone())
    } else {
        Err(src.err(
            v.span(),
            format!("{field}: '{k}' is not a key (1 to 32 of a-z, 0-9 and _)"),
        ))
    }
}

/// Reads `divisions.toml`; the data is built despite the problems listed.
pub fn read(src: &Src) -> (Divisions, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut out = Divisions::empty();
    let raw: RawFile = match de::parse(src) {
        Ok(r) => r,
        Err(e) => return (out, vec![e]),
    };
    out.stand_in = raw.stand_in;
    // 3.2: the Warsaw Pact has the initiative in every scenario.
    if let Some(side) = de::choice(src, &raw.initiative, "initiative", &SIDES).keep(&mut errors) {
        if side != INITIATIVE {
            errors.push(src.err(
                raw.initiative.span(),
                "initiative: the Warsaw Pact has the initiative in every scenario (3.2)",
            ));
        }
    }
    let mut defs = Vec::new();
    let mut keys = BTreeMap::new();
    // The file's division i is the loaded division accepted[i].
    let mut accepted = BTreeMap::new();
    for (i, d) in raw.division.iter().enumerate() {
        let Some(info) = division(src, d, &mut errors) else {
            continue;
        };
        if keys.insert(info.0.key.clone(), keys.len()).is_some() {
            errors.push(src.err(
                d.key.span(),
                format!("key: division '{}' is named twice", d.key.get_ref()),
            ));
            continue;
        }
        if defs.len() >= MAX_DIVISIONS {
            errors.push(src.err(
                d.key.span(),
                format!("too many divisions (the engine holds at most {MAX_DIVISIONS})"),
            ));
            break;
        }
        accepted.insert(i, out.divisions.len());
        defs.push(info.1);
        out.divisions.push(info.0);
    }
    // 4.1.1: police Formation chits are paid by a NATO army division.
    for (i, d) in raw.division.iter().enumerate() {
        let mut paid_by = Vec::new();
        for p in &d.paid_by {
            match keys
                .get(p.get_ref())
                .and_then(|&j| defs.get(j).map(|x| (j, x)))
            {
                Some((j, x)) if x.side == NATO && x.kind == Kind::Army => {
                    paid_by.push(DivisionId(j as u8));
                }
                Some(_) => errors.push(src.err(
                    p.span(),
                    format!(
                        "paid_by: '{}' is not a NATO army division (4.1.1)",
                        p.get_ref()
                    ),
                )),
                None => errors.push(src.err(
                    p.span(),
                    format!("paid_by: unknown division '{}'", p.get_ref()),
                )),
            }
        }
        let Some(info) = accepted.get(&i).and_then(|&j| out.divisions.get_mut(j)) else {
            continue;
        };
        match info.kind {
            Kind::WestGermanPolice if paid_by.is_empty() => errors.push(src.err(
                d.key.span(),
                format!(
                    "paid_by: police division '{}' names the NATO divisions that may pay for its Formation chits (4.1.1)",
                    info.key
                ),
            )),
            Kind::WestGermanPolice => {}
            _ if !d.paid_by.is_empty() => errors.push(src.err(
                d.key.span(),
                "paid_by: only the police have their Formation chits paid by another division (4.1.1)",
            )),
            _ => {}
        }
        info.paid_by = paid_by;
    }
    let mut fdefs = Vec::new();
    for f in &raw.formation {
        let Some(k) = key(src, &f.key, "key").keep(&mut errors) else {
            continue;
        };
        if out.formations.iter().any(|x| x.key == k) {
            errors.push(src.err(f.key.span(), format!("key: formation '{k}' is named twice")));
            continue;
        }
        let Some(&di) = keys.get(f.division.get_ref()) else {
            errors.push(src.err(
                f.division.span(),
                format!("division: unknown division '{}'", f.division.get_ref()),
            ));
            continue;
        };
        // 5.1: these forces act only by Direct Commands; a formation would have chits.
        if defs
            .get(di)
            .is_some_and(|d| d.kind == Kind::DirectCommandOnly)
        {
            errors.push(src.err(
                f.division.span(),
                format!(
                    "division: '{}' acts only by Direct Commands (5.1): its units belong to no formation",
                    f.division.get_ref()
                ),
            ));
            continue;
        }
        if fdefs.len() >= MAX_FORMATIONS {
            errors.push(src.err(
                f.key.span(),
                format!("too many formations (the engine holds at most {MAX_FORMATIONS})"),
            ));
            break;
        }
        let division = DivisionId(di as u8);
        // 4.1.1: a police formation's chits are paid by a NATO army division its owner picks.
        let paid_by = out.divisions.get(di).map_or(0, |d| {
            d.paid_by.iter().fold(0u32, |bits, p| bits | 1 << p.0)
        });
        fdefs.push(FormationDef { division, paid_by });
        out.formations.push(FormationInfo {
            key: k,
            name: f.name.get_ref().clone(),
            division,
        });
    }
    let police = defs.iter().any(|d| d.kind == Kind::WestGermanPolice);
    match rules::command_data(&defs, &fdefs, police, 0) {
        Ok(c) => out.command = c,
        Err(v) => errors.push(src.err_file(format!("{}: {}", v.case, v.reason))),
    }
    (out, errors)
}

fn division(
    src: &Src,
    d: &RawDivision,
    errors: &mut Vec<DataError>,
) -> Option<(DivisionInfo, Division)> {
    let k = key(src, &d.key, "key").keep(errors);
    let side = de::choice(src, &d.side, "side", &SIDES).keep(errors);
    let nationality = de::choice(src, &d.nationality, "nationality", &NATIONALITIES).keep(errors);
    let kind = de::choice(src, &d.command, "command", &COMMANDS).keep(errors);
    let dr = de::in_range(src, &d.dispatch_rating, "dispatch_rating", 0, 9).keep(errors);
    let cr = de::in_range(src, &d.command_rating, "command_rating", 0, 9).keep(errors);
    // 9.2: no TQ above 8.
    let tq = de::in_range(src, &d.max_tq, "max_tq", 1, 8).keep(errors);
    let garrison = match &d.garrison {
        Some(g) => Some(de::choice(src, g, "garrison", &GARRISONS).keep(errors)?),
        None => None,
    };
    name_ok(src, &d.name, errors)?;
    // A bad rating is reported above; the division keeps its key so that the other files'
    // references to it are still checked.
    let (k, side, nationality, kind) = (k?, side?, nationality?, kind?);
    let (dr, cr, tq) = (dr.unwrap_or(0), cr.unwrap_or(0), tq.unwrap_or(1));
    // 4.1.1 the West Berlin police are NATO's; 5.1 the MND, VP and SED the Warsaw Pact's.
    let want = match kind {
        Kind::WestGermanPolice => Some(NATO),
        Kind::DirectCommandOnly => Some(WARSAW_PACT),
        Kind::Army => None,
    };
    if want.is_some_and(|w| w != side) {
        errors.push(src.err(
            d.side.span(),
            format!(
                "side: a '{}' division fights for {} (4.1.1, 5.1)",
                d.command.get_ref(),
                rules::side_name(side.other())
            ),
        ));
        return None;
    }
    if garrison.is_some() && side != NATO {
        errors.push(src.err(d.side.span(), "garrison: the garrisons of 3.14 are NATO's"));
        return None;
    }
    let info = DivisionInfo {
        key: k,
        name: d.name.get_ref().clone(),
        side,
        nationality,
        kind,
        garrison,
        paid_by: Vec::new(),
    };
    let def = Division {
        side,
        kind,
        dispatch_rating: dr as u8,
        command_rating: cr as u8,
        max_tq: tq as u8,
    };
    Some((info, def))
}

/// A display name: 1 to 48 bytes.
pub fn name_ok(src: &Src, v: &Sp<String>, errors: &mut Vec<DataError>) -> Option<()> {
    let n = v.get_ref();
    if n.is_empty() || n.len() > 48 {
        errors.push(src.err(v.span(), "name: 1 to 48 bytes"));
        return None;
    }
    Some(())
}
