//! The Gates' records off the map in words, for the table's tracks panel: the Victory Point
//! track (10.1), the city's power and the Booze marker (3.7, 3.8), and each division's
//! Division Display (S18.4): its Dispatch and Command Ratings (S4.1), Dispatch Points and
//! Direct Commands on the General Records Track, fatigue against its threshold (exclusive
//! 3.3.1), current TQ against its maximum (S17.3), and its units in the Routed box (S11.8.3).
//! Every number is the engine's; both players see the same displays.

use super::SheetSection;
use crate::gates::Gates;
use engine::core::contract::Ruleset;
use engine::gates::game::describe::{name, Named};
use engine::gates::{NATO, WARSAW_PACT};

/// Every record, the game's own first, then the divisions of the scenario, the Warsaw Pact's
/// first (3.2).
pub fn sheets(g: &Gates) -> Vec<SheetSection> {
    let vp = &g.state.vp;
    let booze = match g.state.booze.window.holder {
        Some(side) => Gates::side_name(side).to_string(),
        None => "out of play".to_string(),
    };
    let mut out = vec![
        SheetSection {
            title: "Victory Points".into(),
            case: "10.1",
            cells: vec![
                (
                    Gates::side_name(WARSAW_PACT).into(),
                    vp.of(WARSAW_PACT).to_string(),
                ),
                (Gates::side_name(NATO).into(), vp.of(NATO).to_string()),
            ],
            note: "A side at 29 with the other at 0 has won at once (10.1).".into(),
        },
        SheetSection {
            title: "The city".into(),
            case: "3.7",
            cells: vec![
                (
                    "Power".into(),
                    if g.state.power.on { "on" } else { "off" }.into(),
                ),
                ("Booze marker".into(), booze),
            ],
            note: "NATO switches the power at 1C-a (3.7); the marker's holder may have a d10 \
                   rolled again (3.8)."
                .into(),
        },
    ];
    let data = g.series_data();
    let turn = &g.state.series.turn;
    for side in [WARSAW_PACT, NATO] {
        for d in data.command.division_ids() {
            let Ok(def) = data.command.division(d) else {
                continue;
            };
            // The divisions of the scenario's order of battle: those with a unit in the game.
            let in_play = g.state.series.units.iter().any(|u| {
                g.state.series.in_game(u.id) && data.counter(u.id).is_ok_and(|c| c.division == d)
            });
            if def.side != side || !in_play {
                continue;
            }
            let track = turn.track(d);
            let routed = turn.displays.of(d).map_or(0, |b| b.routed.len());
            let mut cells = vec![
                ("Dispatch".to_string(), def.dispatch_rating.to_string()),
                ("Command".to_string(), def.command_rating.to_string()),
                ("DP".to_string(), track.dp.to_string()),
            ];
            if def.dc_track {
                cells.push(("DC".into(), track.dc.to_string()));
            }
            if !def.fatigue_immune {
                cells.push(("Fatigue".into(), track.fatigue.to_string()));
            }
            cells.push(("TQ".into(), format!("{} of {}", track.tq, def.max_tq)));
            cells.push(("Routed".into(), routed.to_string()));
            let mut notes = Vec::new();
            if def.fatigue_immune {
                notes.push("immune to fatigue (4.1.1)".to_string());
            } else if track.fatigue >= def.fatigue_threshold {
                notes.push(format!(
                    "fatigue at {} or more costs 1 TQ at 1B (3.3.1)",
                    def.fatigue_threshold
                ));
            }
            if !track.hq_on_map {
                notes.push("its HQ is off the map: no Direct Commands gained (S4.6.1)".into());
            }
            out.push(SheetSection {
                title: format!(
                    "{}: {}",
                    Gates::side_name(side),
                    name(g.data, Named::Division(d))
                ),
                case: "S18.4",
                cells,
                note: notes.join("; "),
            });
        }
    }
    out
}
