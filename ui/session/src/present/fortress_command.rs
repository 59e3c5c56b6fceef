//! Command radii on the map in *Fortress Berlin* (3.5, 2.2.8): what the table shades when the
//! player selects an HQ (the hexes it commands), or a unit out of command (the radii of the HQs
//! that could command it, so he sees where to take it). Every answer is the engine's
//! (`fortress::command`); this file only gathers the hexes and words the line.

use super::actions::{CommandReach, Selection};
use crate::fortress::Fortress;
use engine::core::hex::HexId;
use engine::core::units::UnitId;
use engine::fortress::command::{self, Command};
use engine::fortress::counters::Radius;

/// The hexes within `hq`'s radius (none for a whole-map radius: the line says so instead).
fn radius_hexes(g: &Fortress, hq: UnitId, into: &mut Vec<HexId>) {
    let map = &g.data.map;
    let Some(Radius::Hexes(_)) = g.data.forces.counter(hq).and_then(|c| c.command) else {
        return;
    };
    for h in map.hexes() {
        if command::reaches(map, &g.data.forces, &g.state.board, hq, h) && !into.contains(&h) {
            into.push(h);
        }
    }
}

fn name(g: &Fortress, u: UnitId) -> String {
    g.data
        .forces
        .counter(u)
        .map_or(String::new(), |c| c.name.to_string())
}

fn radius_text(g: &Fortress, hq: UnitId) -> String {
    match g.data.forces.counter(hq).and_then(|c| c.command) {
        Some(Radius::Hexes(n)) => format!("{n} hexes"),
        Some(Radius::WholeMap) => "the whole map".to_string(),
        None => String::new(),
    }
}

/// 3.5: the selected HQ's radius, else the radii that would command a selected unit out of
/// command. Only the acting player's own units are ever selected (the offer's rule), so no
/// enemy HQ is revealed (3.1.5).
pub(super) fn command_reach(g: &Fortress, sel: &Selection) -> Option<CommandReach> {
    let (map, forces, board) = (&g.data.map, &g.data.forces, &g.state.board);
    let on_map = |u: &&UnitId| board.hex_of(**u).is_some();
    if let Some(&hq) = sel
        .units
        .iter()
        .filter(on_map)
        .find(|&&u| forces.counter(u).is_some_and(|c| c.is_hq()))
    {
        let mut hexes = Vec::new();
        radius_hexes(g, hq, &mut hexes);
        let status = match command::command_of(map, forces, board, hq) {
            Command::Out => "; out of command itself: its division moves at half MA (3.5.3)",
            _ => "",
        };
        return Some(CommandReach {
            hexes,
            text: format!(
                "{} commands {} around it{status}",
                name(g, hq),
                radius_text(g, hq)
            ),
            case: "3.5.1",
        });
    }
    let out = sel
        .units
        .iter()
        .filter(on_map)
        .copied()
        .find(|&u| command::command_of(map, forces, board, u) == Command::Out)?;
    let mut hqs = Vec::new();
    command::commanders_of(map, forces, board, out, |h| hqs.push(h));
    let mut hexes = Vec::new();
    for &hq in &hqs {
        radius_hexes(g, hq, &mut hexes);
    }
    let within = if hqs.is_empty() {
        "no HQ on the map could command it".to_string()
    } else {
        let names: Vec<String> = hqs.iter().map(|&h| name(g, h)).collect();
        format!("shaded: the radius of {}", names.join(", "))
    };
    Some(CommandReach {
        hexes,
        text: format!("{} is out of command; {within}", name(g, out)),
        case: "3.5",
    })
}
