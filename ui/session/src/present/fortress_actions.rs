//! What a selection offers in *Fortress Berlin*: the set-up (13.0), the movement segment's
//! steps, modes, facings, stack order and releases (3.1.5, 3.3.3, 3.4.2, 7.1), the combat
//! segment's bombardments, gun fire and close assaults (4.1.4, 8.2–8.4), the U-Bahn (17.1),
//! exits (5.2), flak disbanded (13.6.1) and the German's own acts (11.1.2, 17.4.2).
//!
//! Each command is offered only when the engine accepts it now (asked on a copy of the game,
//! which a refusal leaves as it was), so every button works.

use super::actions::{accepts, picks, push, send, Action, Offer, Pick, Selection, Then};
use crate::fortress::Fortress;
use crate::ruleset::TableGame;
use engine::core::capacity::fortress_berlin::{Reachable, MP};
use engine::core::contract::Ruleset;
use engine::core::hex::{Dir, HexId};
use engine::core::map::HexFeatures;
use engine::core::protocol::Pending;
use engine::core::units::UnitId;
use engine::fortress::board::SegmentKind;
use engine::fortress::combat::tables::WeaponType;
use engine::fortress::counters::{Front, COMBAT, MANEUVER};
use engine::fortress::game::{Assaulters, Command, Force};
use engine::fortress::players::{german_players, german_roles};
use engine::fortress::terrain::destinations;

fn hex_text(g: &Fortress, h: HexId) -> String {
    g.data.map.geometry.format(h).to_string()
}

/// 13.0: a unit still to place goes to any hex its listing allows; a placed one may be
/// taken back.
fn setup_actions(g: &Fortress, sel: &Selection, out: &mut Vec<Action<Command>>) {
    let [unit] = sel.units[..] else {
        return;
    };
    if TableGame::units_to_place(g).contains(&unit) {
        let hexes = TableGame::placements(g, unit).into_iter().filter_map(|c| {
            let Command::Place(p) = &c else {
                return None;
            };
            Some((p.hex, c.clone(), "combat mode".to_string()))
        });
        push(out, "Set up", "13.0", Then::Hex(picks(g, hexes)));
    }
    send(out, g, "Take back", "13.0", Command::TakeBack { unit });
}

/// The movement segment: moves to any hex in reach, a hex at a time (7.1), modes (3.3.3),
/// facing (3.4.2), the top counter (3.1.5), letting go (7.1.1), exits (5.2), the U-Bahn
/// (17.1), leaders (17.4).
fn movement_actions(g: &Fortress, hex: HexId, units: &[UnitId], out: &mut Vec<Action<Command>>) {
    let force: Force = units.iter().copied().collect();
    push(out, "Move", "7.1", Then::Route(routes(g, hex, &force)));
    if let [unit] = units[..] {
        let board = &g.state.board;
        if board.face(unit) == MANEUVER {
            let facing = board
                .unit(unit)
                .and_then(|u| u.counter.facing)
                .map_or(Dir::Up, |f| f.0);
            send(
                out,
                g,
                "Combat mode",
                "3.3.3",
                Command::ChangeMode { unit, facing },
            );
        } else if board.face(unit) == COMBAT {
            // Turned to maneuver mode it points at a hexside (3.4): the player taps it.
            let sides =
                Dir::ALL.map(|d| (d, Command::ChangeMode { unit, facing: d }, String::new()));
            push(out, "Maneuver mode", "3.3.3", Then::Side(picks(g, sides)));
        }
        send(out, g, "Put on top", "3.1.5", Command::Top { unit });
        send(out, g, "Disband", "13.6.1", Command::Disband { unit });
        ubahn_actions(g, hex, unit, out);
        leader_actions(g, hex, unit, out);
    }
    let faces = Dir::ALL.map(|dir| (dir, Command::Face { hex, dir }, String::new()));
    push(out, "Face", "3.4.2", Then::Side(picks(g, faces)));
    send(
        out,
        g,
        "Exit the map",
        "5.2",
        Command::Exit {
            units: force.clone(),
        },
    );
    send(
        out,
        g,
        "Done moving",
        "7.1.1",
        Command::Release { units: force },
    );
}

/// 17.1: going down at this station or an adjacent one, riding to another, coming up.
fn ubahn_actions(g: &Fortress, hex: HexId, unit: UnitId, out: &mut Vec<Action<Command>>) {
    let stations = stations(g);
    let geo = g.data.map.geometry;
    let down = stations
        .iter()
        .filter(|&&at| geo.distance(hex, at) <= 1)
        .map(|&at| (at, Command::UbahnDown { unit, at }, hex_text(g, at)));
    push(out, "U-Bahn down", "17.1.1", Then::Hex(picks(g, down)));
    let ride = stations
        .iter()
        .map(|&to| (to, Command::UbahnRide { unit, to }, hex_text(g, to)));
    push(out, "Ride the U-Bahn", "17.1.2", Then::Hex(picks(g, ride)));
    send(out, g, "Come up", "17.1.2", Command::UbahnUp { unit });
}

/// 17.4.2, 17.4.3: a leader's flight or suicide; a defector's move for the Soviet.
fn leader_actions(g: &Fortress, hex: HexId, leader: UnitId, out: &mut Vec<Action<Command>>) {
    if !g.state.board.options.character_game {
        return;
    }
    send(out, g, "Flee Berlin", "17.4.2", Command::Flee { leader });
    send(
        out,
        g,
        "Suicide",
        "17.4.2",
        Command::LeaderSuicide { leader },
    );
    let geo = g.data.map.geometry;
    let moves = geo
        .neighbours(hex)
        .map(|(_, to)| (to, Command::LeaderMove { leader, to }, hex_text(g, to)));
    push(
        out,
        "Move the defector",
        "17.4.3",
        Then::Hex(picks(g, moves)),
    );
}

/// The combat segment (4.1.4): bombardment and air strike, then gun fire, then close
/// assault, each offered while the engine still takes it.
fn combat_actions(g: &Fortress, hex: HexId, units: &[UnitId], out: &mut Vec<Action<Command>>) {
    let firers: Assaulters = units.iter().copied().collect();
    // Units from several hexes may combine (8.2.4, 8.3, 8.4.1): targets are measured from
    // every hex the selection stands in.
    let mut origins: Vec<HexId> = units
        .iter()
        .filter_map(|&u| g.state.board.hex_of(u))
        .collect();
    origins.push(hex);
    origins.sort();
    origins.dedup();
    let reach = units
        .iter()
        .filter_map(|&u| {
            let c = g.data.forces.counter(u)?;
            Some(u16::from(c.on(g.state.board.face(u)).range))
        })
        .max()
        .unwrap_or(0);
    // Only artillery bombards (8.2), and a Soviet Army HQ calls its off-board artillery (11.3):
    // a selection with neither is not asked about each hex.
    let bombards = units.iter().any(|&u| {
        g.data
            .forces
            .counter(u)
            .is_some_and(|c| c.kind == engine::fortress::counters::UnitType::Artillery || c.is_hq())
    });
    // A bombardment needs an enemy force in the target hex (8.2): the hexes of those seen.
    let mut targets: Vec<HexId> = if bombards {
        enemy_forces_near(g, &origins, reach.max(1))
            .into_iter()
            .map(|(h, _)| h)
            .collect()
    } else {
        Vec::new()
    };
    targets.dedup();
    // Artillery with gun units is a mixed bombardment, artillery alone a plain one (8.2.1):
    // the selection decides which of the two it may be.
    let guns = units.iter().any(|&u| {
        g.data
            .forces
            .counter(u)
            .is_some_and(|c| !c.is_hq() && c.weapon != WeaponType::Artillery)
    });
    let (label, case) = if guns {
        ("Mixed bombardment", "8.2.1")
    } else {
        ("Bombard", "8.2")
    };
    // The gun units of a mixed bombardment fire as direct fire does (8.2.1, 8.3.1): never
    // beyond four hexes (a flak tower's reach), so farther hexes need not be asked about.
    if guns {
        let geo = &g.data.map.geometry;
        let gun_hexes: Vec<HexId> = units
            .iter()
            .filter(|&&u| {
                g.data
                    .forces
                    .counter(u)
                    .is_some_and(|c| !c.is_hq() && c.weapon != WeaponType::Artillery)
            })
            .filter_map(|&u| g.state.board.hex_of(u))
            .collect();
        targets.retain(|&t| gun_hexes.iter().all(|&h| geo.distance(h, t) <= 4));
    }
    let cands = targets.iter().map(|&target| {
        let c = Command::Bombard {
            firers: firers.clone(),
            target,
            mixed: guns,
        };
        (target, c, hex_text(g, target))
    });
    push(out, label, case, Then::Hex(picks(g, cands)));
    // Direct fire reaches two hexes, four from a flak tower (8.3.1), whatever the range.
    let enemy: Vec<UnitId> = enemy_forces_near(g, &origins, 4)
        .into_iter()
        .map(|(_, u)| u)
        .collect();
    let fire = enemy.iter().map(|&target| {
        let c = Command::GunFire {
            firers: firers.clone(),
            target,
        };
        let name = g
            .data
            .forces
            .counter(target)
            .map_or(String::new(), |c| c.name.to_string());
        (target, c, name)
    });
    push(out, "Gun fire", "8.3", Then::Unit(picks(g, fire)));
    let geo = g.data.map.geometry;
    let mut adjacent: Vec<HexId> = origins
        .iter()
        .flat_map(|&o| geo.neighbours(o).map(|(_, h)| h))
        .collect();
    adjacent.sort();
    adjacent.dedup();
    let assault = adjacent.into_iter().map(|target| {
        let c = Command::Assault {
            attackers: firers.clone(),
            target,
        };
        (target, c, hex_text(g, target))
    });
    push(out, "Close assault", "8.4", Then::Hex(picks(g, assault)));
}

/// Enemy units on the map within `reach` hexes of one of `origins` that the player can see
/// (the top of each enemy force, unless more of it is shown, 3.1.5), with their hexes.
fn enemy_forces_near(g: &Fortress, origins: &[HexId], reach: u16) -> Vec<(HexId, UnitId)> {
    let Pending::Command { player } = Ruleset::pending(g) else {
        return Vec::new();
    };
    let geo = &g.data.map.geometry;
    let view = g.view(engine::core::side::Viewer::Side(player));
    view.forces
        .iter()
        .filter(|f| f.owner != player && origins.iter().any(|&o| geo.distance(o, f.hex) <= reach))
        .flat_map(|f| f.units.iter().map(move |&u| (f.hex, u)))
        .collect()
}

/// The German's acts with no unit selected: Hitler's suicide (11.1.2); air strikes on a
/// selected hex (11.4).
fn hex_actions(g: &Fortress, hex: HexId, out: &mut Vec<Action<Command>>) {
    // 17.2: with two Soviet players each front calls its own strikes.
    if g.players() >= 3 {
        for (front, label) in [
            (Front::Zhukov, "Air strike (Zhukov)"),
            (Front::Koniev, "Air strike (Koniev)"),
        ] {
            let by = Some(front);
            send(
                out,
                g,
                label,
                "17.2",
                Command::AirStrike { target: hex, by },
            );
        }
    }
    send(
        out,
        g,
        "Air strike",
        "11.4",
        Command::AirStrike {
            target: hex,
            by: None,
        },
    );
}

/// 17.3.1: the Hitler player hands out the German commands again: each order of the German
/// players over the roles is an option.
fn shuffle_actions(g: &Fortress, out: &mut Vec<Action<Command>>) {
    let roles = german_roles(g.players());
    if roles.len() < 2 {
        return;
    }
    let n = german_players(g.players());
    let mut orders: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..n {
        orders = orders
            .into_iter()
            .flat_map(|o| {
                (0..n)
                    .filter(|p| !o.contains(p))
                    .map(|p| {
                        let mut next = o.clone();
                        next.push(p);
                        next
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    let options = orders.into_iter().map(|order| {
        let mut holder = [0u8, 1, 2, 3];
        holder[..order.len()].copy_from_slice(&order);
        let label = roles
            .iter()
            .zip(&order)
            .map(|(r, p)| format!("{}: player {}", r.name(), p + 1))
            .collect::<Vec<_>>()
            .join(", ");
        (label, Command::Shuffle { holder }, String::new())
    });
    push(
        out,
        "Hand out the commands",
        "17.3.1",
        Then::List(picks(g, options)),
    );
}

/// Units off the map: reinforcements due this turn step onto an entry hex (5.0, 7.1.2); a
/// Volkssturm unit drawn from the cup stands where 5.5 lets it; a naval battalion lands at an
/// open airfield or the Tiergarten road (13.7).
fn arrival_actions(g: &Fortress, units: &[UnitId], out: &mut Vec<Action<Command>>) {
    let [unit] = units[..] else {
        return;
    };
    let enter = |hexes: Vec<HexId>| {
        hexes.into_iter().map(move |to| {
            let units: Force = core::iter::once(unit).collect();
            (to, Command::Move { units, to }, hex_text(g, to))
        })
    };
    if let Some((group, delay)) = g.due(unit) {
        let hexes = g.entry_hexes(&group, delay).to_vec();
        push(out, "Enter", "5.0", Then::Hex(picks(g, enter(hexes))));
    }
    if g.state.vs_drawn.contains(&unit) {
        let hexes = g
            .data
            .map
            .hexes()
            .filter(|&h| g.volkssturm_may_stand(unit, h))
            .collect();
        push(out, "Place", "5.5", Then::Hex(picks(g, enter(hexes))));
    }
    if g.state.naval_drawn == Some(unit) {
        let hexes = g
            .data
            .map
            .hexes()
            .filter(|&h| g.airfield_open(h) || g.road_open(h))
            .collect();
        push(out, "Land", "13.7", Then::Hex(picks(g, enter(hexes))));
    }
}

/// Every hex the force may reach with the MP it has left (3.1.4, 7.1), each with the steps of
/// its cheapest route, one hex at a time as the rules move a force, and the MP it costs.
fn routes(g: &Fortress, from: HexId, force: &Force) -> Vec<Pick<HexId, Vec<Command>>> {
    let mut reach = Box::new(Reachable::new());
    let (data, board) = (g.data, &g.state.board);
    if destinations(
        &data.movement,
        &data.map,
        &data.forces,
        board,
        force,
        &mut reach,
    )
    .is_err()
    {
        return Vec::new();
    }
    let geo = &data.map.geometry;
    // The first step of every route is into a neighbour: ask the engine once per neighbour.
    let first_steps: Vec<HexId> = geo
        .neighbours(from)
        .map(|(_, to)| to)
        .filter(|&to| {
            let units = force.clone();
            accepts(g, &Command::Move { units, to })
        })
        .collect();
    let mut path: heapless::Vec<(HexId, u8), 256> = heapless::Vec::new();
    let mut out = Vec::new();
    for (hex, cost) in reach.iter(geo) {
        if hex == from || !reach.path_to(geo, hex, 0, &mut path) {
            continue;
        }
        let steps: Vec<Command> = path[1..]
            .iter()
            .map(|&(to, _)| Command::Move {
                units: force.clone(),
                to,
            })
            .collect();
        // The first step must be one the engine takes now (the search and the rules agree
        // on the rest, which `fb_every_offered_action…` checks step by step).
        if path.get(1).is_some_and(|(h, _)| first_steps.contains(h)) {
            out.push(Pick {
                target: hex,
                command: steps,
                detail: format!("{} MP", MP.display(cost)),
            });
        }
    }
    out
}

/// Every U-Bahn station of the map, when the optional rule is played (17.1).
fn stations(g: &Fortress) -> Vec<HexId> {
    if !g.state.board.options.ubahn {
        return Vec::new();
    }
    g.data
        .map
        .hexes()
        .filter(|&h| g.data.map.features(h).has(HexFeatures::STATION))
        .collect()
}

impl Offer for Fortress {
    fn command_reach(&self, sel: &Selection) -> Option<super::actions::CommandReach> {
        super::fortress_command::command_reach(self, sel)
    }

    /// 7.1: a force moves a hex at a time, so a traced path is a Move per hex, in order.
    fn trace_step(&self, sel: &Selection, to: HexId) -> Option<Command> {
        (sel.hex.is_some() && !sel.units.is_empty()).then(|| Command::Move {
            units: sel.units.iter().copied().collect(),
            to,
        })
    }

    fn actions(&self, sel: &Selection) -> Vec<Action<Command>> {
        let mut out = Vec::new();
        if !matches!(Ruleset::pending(self), Pending::Command { .. }) {
            return out;
        }
        if self.setting_up() {
            setup_actions(self, sel, &mut out);
            return out;
        }
        let Some(hex) = sel.hex else {
            arrival_actions(self, &sel.units, &mut out);
            if sel.units.is_empty() {
                shuffle_actions(self, &mut out);
            }
            send(
                &mut out,
                self,
                "Hitler's suicide",
                "11.1.2",
                Command::Suicide,
            );
            return out;
        };
        if sel.units.is_empty() {
            hex_actions(self, hex, &mut out);
            return out;
        }
        match self.state.board.segment.kind {
            SegmentKind::Movement | SegmentKind::Reinforcement => {
                movement_actions(self, hex, &sel.units, &mut out)
            }
            SegmentKind::Combat => {
                combat_actions(self, hex, &sel.units, &mut out);
                // 17.4.2: a leader's suicide comes at the start of the German combat segment.
                if let [leader] = sel.units[..] {
                    leader_actions(self, hex, leader, &mut out);
                }
            }
            SegmentKind::Recovery => {}
        }
        out
    }
}
