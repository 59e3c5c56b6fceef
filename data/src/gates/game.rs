//! The Gates game's data (`engine::gates::game::GatesData`): the map ([`super::check_files`])
//! and the forces and scenarios ([`super::forces`]) joined with the series charts the rules
//! print or the project stands in for (`css::standin`, `gates::terrain::chart`). One entry
//! point for the program, [`load_game_builtin`]; a club's folder goes through
//! [`load_game_with_override`].

use super::forces::{check_forces, GatesForces};
use super::{builtin_files, check_files, GatesMap};
use crate::error::DataError;
use crate::source::FileSet;
use engine::core::capacity::gates::UNITS;
use engine::core::side::Side;
use engine::css::sight::SightChart;
use engine::css::stacking::StackingChart;
use engine::css::standin::{assault_charts, fire_charts, tq_modifiers};
use engine::gates::game::{GatesData, GatesScenario, Name, MAX_EXITS, MAX_SCENARIOS};

/// Checks and loads the built-in game data.
pub fn load_game_builtin() -> Result<Box<GatesData>, Vec<DataError>> {
    load_game(&builtin_files())
}

/// Checks and loads a whole Gates file set; `Err` lists every problem.
pub fn load_game(files: &FileSet) -> Result<Box<GatesData>, Vec<DataError>> {
    FileSet::loaded(check_game(files))
}

/// The built-in files overlaid by a club's folder (a bad override file is reported and the
/// built-in one used instead).
pub fn load_game_with_override(dir: &std::path::Path) -> (Box<GatesData>, Vec<DataError>) {
    crate::overlay(&builtin_files(), dir, &check_game)
}

/// Every problem of a file set, with the game data built despite them.
pub fn check_game(files: &FileSet) -> (Box<GatesData>, Vec<DataError>) {
    crate::with_stack(|| {
        let (map, mut errors) = check_files(files);
        let (forces, e) = check_forces(files, &map);
        errors.extend(e);
        let data = join(*map, forces, &mut errors);
        (data, errors)
    })
}

fn too_many(what: &str) -> DataError {
    DataError::file(super::FOLDER, format!("more {what} than the engine holds"))
}

fn join(map: GatesMap, forces: GatesForces, errors: &mut Vec<DataError>) -> Box<GatesData> {
    let mut data = Box::new(GatesData {
        map: map.map,
        relief: map.relief,
        chart: engine::gates::terrain::chart(),
        counters: heapless::Vec::new(),
        fire: fire_charts(),
        assault: assault_charts(),
        tq: tq_modifiers(),
        stacking: StackingChart::stand_in(),
        sight: SightChart::stand_in(),
        weather: engine::css::standin::weather_chart(),
        scenarios: heapless::Vec::new(),
        division_names: heapless::Vec::new(),
        formation_names: heapless::Vec::new(),
    });
    let name = |n: &str| {
        let mut out = Name::new();
        for c in n.chars() {
            if out.push(c).is_err() {
                break; // a long name is cut on the log line, not refused
            }
        }
        out
    };
    for d in &forces.divisions {
        let _ = data.division_names.push(name(&d.name)); // one per division of CommandData
    }
    for f in &forces.formations {
        let _ = data.formation_names.push(name(&f.name));
    }
    for c in forces.counters {
        if data.counters.push(c).is_err() {
            errors.push(too_many(&format!("counters ({UNITS})")));
            break;
        }
    }
    for s in forces.scenarios {
        // S11.8.2: a routing unit may leave by its side's entry hexes in this scenario (its
        // HQs are havens besides).
        let mut rout_exits = heapless::Vec::<(Side, _), MAX_EXITS>::new();
        for r in &s.scenario.reinforcements {
            if !rout_exits.contains(&(r.side, r.entry))
                && rout_exits.push((r.side, r.entry)).is_err()
            {
                errors.push(too_many("entry hexes"));
                break;
            }
        }
        let Ok(id) = heapless::String::try_from(s.key.as_str()) else {
            errors.push(DataError::file(
                super::FOLDER,
                format!(
                    "scenarios/{}.toml: the file name is too long for an id",
                    s.key
                ),
            ));
            continue;
        };
        let scenario = GatesScenario {
            id,
            case: heapless::String::try_from("S21.3").unwrap_or_default(),
            scenario: s.scenario,
            command: s.command,
            rout_exits,
            objectives: s.objectives,
            political: s.political,
        };
        if data.scenarios.push(scenario).is_err() {
            errors.push(too_many(&format!("scenarios ({MAX_SCENARIOS})")));
            break;
        }
    }
    data
}
