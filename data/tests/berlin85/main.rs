//! The built-in Berlin '85 data set: it loads with no error, every place the rules cite is
//! where they cite it, and the stand-in map looks like Berlin.
use data::BERLIN85;
use engine::berlin85::data::{
    Arrival, GameData, HonorsResult, Region, ReinforcementResult, Scenario, SurvivalResult,
    VpEvent, VpUnits, Zone, Zone85,
};
use engine::berlin85::{NATO, WARSAW_PACT};
use engine::core::hex::{parse_hex, HexId};
use engine::core::map::{HexFeatures, Place, PlaceKind, SideFeatures};
use engine::core::units::UnitKind;
use std::sync::OnceLock;

mod charts;
mod counters;
mod map;
mod scenarios;

fn data() -> &'static GameData {
    static D: OnceLock<Box<GameData>> = OnceLock::new();
    D.get_or_init(|| match data::load_builtin(BERLIN85) {
        Ok(d) => d,
        Err(e) => {
            let shown: Vec<String> = e.iter().take(40).map(|e| e.to_string()).collect();
            panic!(
                "built-in Berlin '85 data has {} errors:\n{}",
                e.len(),
                shown.join("\n")
            )
        }
    })
}

fn h(t: &str) -> HexId {
    parse_hex(t).expect("hex number")
}

fn fold(s: &str) -> String {
    s.to_lowercase()
        .replace('ö', "o")
        .replace('ä', "a")
        .replace('ü', "u")
        .replace('ß', "ss")
}

/// The airfield whose name contains `part` (spelling-tolerant: Schönefeld / Schonefeld).
fn airfield(part: &str) -> &'static Place {
    let d = data();
    d.map
        .places
        .iter()
        .find(|p| {
            matches!(p.kind, PlaceKind::Flughafen | PlaceKind::Flugplatz)
                && fold(&p.name).contains(part)
        })
        .unwrap_or_else(|| panic!("no airfield named like '{part}'"))
}

fn region(hx: HexId) -> Region {
    Region::from_u8(data().map.region(hx))
}

fn terrain_key(hx: HexId) -> &'static str {
    data().terrain(hx).map_or("?", |t| t.key.as_str())
}

/// A counter as the orders of battle print it: "U-12M" (untried, movement, type) or
/// "4-0-20-1-10" (barrage, FPF, range, defense, movement; the type letter left off, since
/// [21.11] prints some artillery without it).
fn printed(u: &engine::core::units::UnitDef) -> String {
    if u.kind.is_artillery() {
        return format!(
            "{}-{}-{}-{}-{}",
            u.barrage, u.fpf, u.range, u.defense, u.movement
        );
    }
    let letter = match u.kind {
        UnitKind::Mechanized => "M",
        UnitKind::Engineer => "E",
        UnitKind::Infantry => "I",
        UnitKind::SpecialForces => "SF",
        UnitKind::MilitaryPolice => "MP",
        UnitKind::Headquarters => "HQ",
        UnitKind::Police => "P",
        UnitKind::Paratroop => "PC",
        UnitKind::Recon => "R",
        UnitKind::Tank => "T",
        _ => "?",
    };
    let untried = if u.untried { "U" } else { "?" };
    format!("{untried}-{}{letter}", u.movement)
}

/// The printed counters of a formation, sorted, each with its count.
fn formation_counters(id: &str) -> Vec<(String, usize)> {
    let d = data();
    let fi = d
        .roster
        .formations
        .iter()
        .position(|f| f.id.as_str() == id)
        .unwrap_or_else(|| panic!("formation {id}"));
    let mut codes: Vec<String> = d
        .roster
        .units
        .iter()
        .filter(|u| usize::from(u.formation) == fi)
        .map(printed)
        .collect();
    codes.sort();
    let mut out: Vec<(String, usize)> = Vec::new();
    for c in codes {
        match out.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

fn counters(list: &[(&str, usize)]) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = list.iter().map(|(c, n)| (c.to_string(), *n)).collect();
    v.sort();
    v
}

fn scenario(case: &str) -> &'static Scenario {
    data()
        .scenarios
        .iter()
        .find(|s| s.case.as_str() == case)
        .unwrap_or_else(|| panic!("scenario {case}"))
}

/// Ids of the formations whose units are in the scenario's set-up groups.
fn set_up_formations(s: &Scenario) -> Vec<&'static str> {
    let d = data();
    let mut out: Vec<&str> = s
        .setup
        .iter()
        .flat_map(|g| g.units.iter())
        .filter_map(|&u| d.roster.get(u))
        .filter_map(|u| d.roster.formations.get(usize::from(u.formation)))
        .map(|f| f.id.as_str())
        .collect();
    out.sort();
    out.dedup();
    out
}
