//! The Gates forces: `divisions.toml` ([`divisions`](super::divisions)), `counters.toml`
//! ([`counters`](super::counters)) and `scenarios/*.toml` ([`scenario`](super::scenario)),
//! checked together against the map they are played on. One entry point,
//! [`load_forces_builtin`], gives [`GatesForces`]; a club's override folder goes through
//! [`load_forces`] like the map files.

use super::counters::{self, Transports, UnitInfo};
use super::divisions::{self, DivisionInfo, FormationInfo};
use super::scenario::{self, Context, GatesScenario};
use super::GatesMap;
use crate::error::{DataError, Src};
use crate::source::FileSet;
use engine::css::command::CommandData;
use engine::css::counter::Counter;

/// The forces' files besides `scenarios/*.toml`, all required.
pub const FILES: [&str; 2] = ["divisions.toml", "counters.toml"];

/// Both sides' forces and the scenarios that use them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatesForces {
    /// The divisions' command data (9.0; `last_turn` 0: each scenario's own command data
    /// sets it, [`GatesScenario::command`]).
    pub command: CommandData,
    /// Division i of [`CommandData::divisions`] (`DivisionId(i)`): key, name, nationality …
    pub divisions: Vec<DivisionInfo>,
    /// Formation i of [`CommandData::formations`] (`FormationId(i)`).
    pub formations: Vec<FormationInfo>,
    /// Unit i of `counters.toml` is `UnitId(i)`.
    pub counters: Vec<Counter>,
    /// What counter i prints beyond the series counter (3.11, 3.14, 5.2).
    pub units: Vec<UnitInfo>,
    /// 6.0: the transports of the countermix.
    pub transports: Transports,
    /// The scenarios, in file-name order.
    pub scenarios: Vec<GatesScenario>,
    /// The files that are marked stand-ins.
    pub stand_ins: Vec<String>,
}

impl GatesForces {
    /// A scenario by its file name without `.toml`.
    pub fn scenario(&self, key: &str) -> Option<&GatesScenario> {
        self.scenarios.iter().find(|s| s.key == key)
    }

    /// A unit by its designation.
    pub fn unit(&self, designation: &str) -> Option<engine::core::units::UnitId> {
        self.counters
            .iter()
            .position(|c| c.designation.as_str() == designation)
            .and_then(|i| u16::try_from(i).ok())
            .map(engine::core::units::UnitId)
    }
}

/// Checks and loads the built-in forces (with the built-in map they are checked on).
pub fn load_forces_builtin() -> Result<GatesForces, Vec<DataError>> {
    load_forces(&super::builtin_files())
}

/// Checks and loads the forces of a whole Gates file set (map files included: a scenario's
/// hexes are checked on that map); `Err` lists every problem of the forces' files and the map's.
pub fn load_forces(files: &FileSet) -> Result<GatesForces, Vec<DataError>> {
    let (map, mut errors) = super::check_files(files);
    let (forces, e) = check_forces(files, &map);
    errors.extend(e);
    FileSet::loaded((forces, errors))
}

/// Every problem of the forces' files, checked on `map`, with the forces built despite them.
pub fn check_forces(files: &FileSet, map: &GatesMap) -> (GatesForces, Vec<DataError>) {
    crate::with_stack(|| check_here(files, map))
}

fn check_here(files: &FileSet, map: &GatesMap) -> (GatesForces, Vec<DataError>) {
    let mut errors = Vec::new();
    let mut stand_ins = Vec::new();
    let divs = match files.required("divisions.toml", &mut errors) {
        Some((n, t)) => {
            let (d, e) = divisions::read(&Src::new(&n, &t));
            errors.extend(e);
            d
        }
        None => divisions::Divisions::empty(),
    };
    if divs.stand_in {
        stand_ins.push("divisions.toml".to_string());
    }
    let mix = match files.required("counters.toml", &mut errors) {
        Some((n, t)) => {
            let (m, e) = counters::read(&Src::new(&n, &t), &divs);
            errors.extend(e);
            m
        }
        None => counters::Countermix::default(),
    };
    if mix.stand_in {
        stand_ins.push("counters.toml".to_string());
    }
    let cx = Context {
        map,
        divisions: &divs,
        mix: &mix,
    };
    let mut scenarios = Vec::new();
    for f in files.scenarios() {
        let key = f
            .key
            .trim_start_matches("scenarios/")
            .trim_end_matches(".toml");
        let (s, e) = scenario::read(&Src::new(&f.display, &f.text), key, &cx);
        errors.extend(e);
        if let Some(s) = s {
            if s.scenario.stand_in {
                stand_ins.push(f.key.clone());
            }
            scenarios.push(s);
        }
    }
    let forces = GatesForces {
        command: divs.command,
        divisions: divs.divisions,
        formations: divs.formations,
        counters: mix.counters,
        units: mix.units,
        transports: mix.transports,
        scenarios,
        stand_ins,
    };
    (forces, errors)
}
