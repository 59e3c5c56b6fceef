//! Workspace test support: a random legal-input agent, the invariants every state must
//! satisfy, and a playout driver that checks them after every input. Used by the playout
//! tests, the replay tests, the allocation test, the firmware's power-cut test and the
//! benchmark binary.

pub mod alloc_count;
pub mod css_board;
pub mod css_scenario;
pub mod fortress_agent;
pub mod fortress_bench;
pub mod fortress_present_bench;
pub mod gates_agent;
pub mod gates_bench;
pub mod generic;
pub mod synthetic;

use engine::berlin85::board::Occupancy;
use engine::berlin85::combat::CombatStep;
use engine::berlin85::command::{MAX_ATTACKERS, MAX_DEFENDERS};
use engine::berlin85::flags;
use engine::berlin85::{Command, Game, Input85, Options, Pending85, Phase, State};
use engine::core::hex::HexId;
use engine::core::map::MAX_HEXES;
use engine::core::protocol::{DiceRoll, Input, Pending};
use engine::core::units::{Location, UnitId};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Loads the built-in Berlin '85 data once for the whole test binary.
pub fn berlin85() -> &'static engine::berlin85::GameData {
    use std::sync::OnceLock;
    static DATA: OnceLock<&'static engine::berlin85::GameData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::load_builtin("berlin85").unwrap_or_else(|errs| {
            let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            panic!(
                "built-in Berlin '85 data does not load:\n{}",
                text.join("\n")
            )
        });
        Box::leak(Box::new(d))
    })
}

/// A player who makes random legal decisions. It asks the engine what is legal (set-up hexes,
/// move targets, reinforcement hexes, mandatory attacks, fire candidates) and proposes inputs
/// in order of preference; the caller applies them until one is accepted. Some proposals are
/// deliberately doubtful (the engine may refuse them): refusals are part of what the playouts
/// exercise, and every refusal must leave the state unchanged.
pub struct RandomAgent {
    pub rng: StdRng,
    /// The Movement Phase being played (turn, phasing side) and the moves it has left: the
    /// agent moves a random handful of units per phase, which keeps a playout fast.
    phase_key: (u8, u8, u8),
    moves_left: u32,
    /// The most units moved in one Movement Phase (a random number up to it each phase).
    max_moves: u32,
    /// Voluntary combat extras (barrages, air, FPF, voluntary attacks) left this phase.
    extras_left: u32,
}

type Cands = Vec<Input85>;

fn cmd(c: Command) -> Input85 {
    Input::Command(c)
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: StdRng::seed_from_u64(seed),
            phase_key: (0, 0, 0),
            moves_left: 0,
            max_moves: 12,
            extras_left: 0,
        }
    }

    /// Moves up to `max` units per Movement Phase instead of a dozen: longer games, as people
    /// play them (the saves tests want journals of thousands of inputs).
    pub fn with_moves_per_phase(mut self, max: u32) -> Self {
        self.max_moves = max;
        self
    }

    /// Answers chance the way the table's digital dice and cup do, and picks a random option
    /// of any pending choice.
    pub fn answer_chance(&mut self, p: &Pending85) -> Option<Input85> {
        match p {
            Pending::Roll { dice, .. } => {
                let lo = if dice.zero_based { 0 } else { 1 };
                let hi = if dice.zero_based {
                    dice.sides - 1
                } else {
                    dice.sides
                };
                let faces: Vec<u8> = (0..dice.count)
                    .map(|_| self.rng.gen_range(lo..=hi))
                    .collect();
                Some(Input::Rolled(DiceRoll::of(&faces)))
            }
            Pending::DrawChit { chits, .. } => {
                Some(Input::Drew(self.rng.gen_range(0..chits.len().max(1)) as u16))
            }
            Pending::Choose { options, .. } => Some(Input::Chose(
                self.rng.gen_range(0..options.len().max(1)) as u8,
            )),
            _ => None,
        }
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.rng.gen_range(0..v.len())])
        }
    }

    /// Candidate inputs for the current state, most wanted first.
    pub fn candidates(&mut self, g: &Game<'_>) -> Cands {
        let p = g.pending();
        if let Some(i) = self.answer_chance(&p) {
            return vec![i];
        }
        let Pending::Command { .. } = p else {
            return vec![];
        };
        let key = (
            g.state.turn,
            g.state.phasing.index() as u8,
            g.state.phase as u8,
        );
        if key != self.phase_key {
            self.phase_key = key;
            self.moves_left = self.rng.gen_range(0..=self.max_moves);
            self.extras_left = self.rng.gen_range(0..=4);
        }
        let mut out = Vec::new();
        match g.state.phase {
            Phase::Setup => self.setup(g, &mut out),
            Phase::Movement => self.movement(g, &mut out),
            Phase::Combat => self.combat(g, &mut out),
            _ => {}
        }
        out
    }

    fn setup(&mut self, g: &Game<'_>, out: &mut Cands) {
        if let Some(u) = g.units_to_place().next() {
            let mut hexes = heapless::Vec::<HexId, 4800>::new();
            g.legal_setup_hexes(u, &mut hexes);
            // Withhold a division now and then [20.21] (refused unless it may be withheld).
            if self.rng.gen_ratio(1, 40) || hexes.is_empty() {
                out.push(cmd(Command::Withhold { unit: u }));
            }
            if let Some(h) = self.pick(&hexes) {
                out.push(cmd(Command::Place { unit: u, hex: h }));
            }
        }
        out.push(cmd(Command::EndSetup));
    }

    fn movement(&mut self, g: &Game<'_>, out: &mut Cands) {
        let side = g.state.phasing;
        if self.moves_left > 0 {
            self.moves_left -= 1;
            // Reinforcements first: airland [13.2] or plot a paradrop [18.0] when offered.
            let mut arriving = Vec::new();
            g.reinforcements_available(side, |u| arriving.push(u));
            if let Some(u) = self.pick(&arriving) {
                let mut hexes = Vec::new();
                if self.rng.gen_bool(0.5) {
                    g.airland_hexes(u, |h| hexes.push(h));
                    if let Some(h) = self.pick(&hexes) {
                        out.push(cmd(Command::Airland { unit: u, hex: h }));
                    }
                } else {
                    g.paradrop_hexes(u, |h| hexes.push(h));
                    if let Some(h) = self.pick(&hexes) {
                        out.push(cmd(Command::Paradrop { unit: u, hex: h }));
                    }
                }
            }
            // A random unit that may move (asking every unit would cost more than the move).
            let mut own: Vec<UnitId> = g
                .units_on_map()
                .filter(|&(u, _)| g.side_of(u) == side)
                .map(|(u, _)| u)
                .collect();
            own.shuffle(&mut self.rng);
            let mover = own.into_iter().take(8).find(|&u| g.may_move(u).is_ok());
            if let Some(u) = mover {
                // Medicine Wheel: NATO may leave the map [21.35] 3.
                if g.scenario().rules.medicine_wheel_vp
                    && g.hex_of(u).is_some_and(|h| g.is_exit_edge_hex(h))
                    && self.rng.gen_bool(0.5)
                {
                    out.push(cmd(Command::Exit { unit: u }));
                }
                let mut targets = Vec::new();
                let _ = g.move_targets(u, |t| targets.push(t));
                if let Some(t) = self.pick(&targets) {
                    out.push(cmd(Command::Move {
                        unit: u,
                        to: t.hex,
                        underground: t.underground,
                    }));
                }
                // Now and then a move the engine should refuse (a random hex).
                if self.rng.gen_ratio(1, 20) {
                    let geo = &g.data.map.geometry;
                    let h = geo
                        .hex_at(self.rng.gen_range(0..geo.hex_count()))
                        .expect("hex");
                    out.insert(
                        0,
                        cmd(Command::Move {
                            unit: u,
                            to: h,
                            underground: false,
                        }),
                    );
                }
            }
        }
        out.push(cmd(Command::EndMovement));
        // Reinforcements that must arrive while they can (NATO's emergency airlanding
        // [13.11]): airland them when the phase may not end yet.
        let mut arriving = Vec::new();
        g.reinforcements_available(side, |u| arriving.push(u));
        for u in arriving {
            let mut hexes = Vec::new();
            g.airland_hexes(u, |h| hexes.push(h));
            if let Some(h) = self.pick(&hexes) {
                out.push(cmd(Command::Airland { unit: u, hex: h }));
                break;
            }
        }
        // The unit in hand may have to move on before the phase can end (it may not stay
        // where it stands, e.g. on a hex a paradrop was plotted on [18.42]).
        if let Some(u) = g.state.movement.in_hand {
            let mut targets = Vec::new();
            let _ = g.move_targets(u, |t| targets.push(t));
            if let Some(t) = self.pick(&targets) {
                out.push(cmd(Command::Move {
                    unit: u,
                    to: t.hex,
                    underground: t.underground,
                }));
            }
        }
    }

    fn combat(&mut self, g: &Game<'_>, out: &mut Cands) {
        let side = g.state.phasing;
        let gas = g.state.options.poison_gas;
        match g.combat_step() {
            CombatStep::Declare => {
                let mut owed = Vec::new();
                g.must_be_attacked(|u| owed.push(u));
                let mut must = Vec::new();
                g.must_attack(|u| must.push(u));
                if let Some(d) = self.pick(&owed) {
                    if !self.declare_on(g, d, out) {
                        // Every unit next to it is committed elsewhere: take back one of
                        // those attacks so it can be made again including this defender [7.21].
                        self.undeclare_near(g, d, out);
                    }
                } else if let Some(a) = self.pick(&must) {
                    // Its adjacent enemies are all engaged by others: take back one of those
                    // attacks so this unit can join when it is made again.
                    let geo = &g.data.map.geometry;
                    if let Some(h) = g.hex_of(a) {
                        let enemies: Vec<UnitId> = geo
                            .neighbours(h)
                            .filter_map(|(_, n)| g.unit_at(n))
                            .filter(|&e| g.side_of(e) != side)
                            .collect();
                        for (i, at) in g.attacks() {
                            if !at.closed && at.defenders.iter().any(|d| enemies.contains(d)) {
                                out.push(cmd(Command::Undeclare { attack: i }));
                            }
                        }
                    }
                } else if self.extras_left > 0 {
                    self.extras_left -= 1;
                    self.combat_extra(g, gas, out);
                }
                out.push(cmd(Command::EndAllocation));
                out.push(cmd(Command::EndCombat));
            }
            CombatStep::Fpf => {
                if self.extras_left > 0 && self.rng.gen_bool(0.7) {
                    self.extras_left -= 1;
                    let attacks: Vec<u8> = g.attacks().map(|(i, _)| i).collect();
                    if let Some(a) = self.pick(&attacks) {
                        let mut arty = Vec::new();
                        g.fpf_candidates(a, |u| arty.push(u));
                        if let Some(u) = self.pick(&arty) {
                            out.push(cmd(Command::Fpf {
                                artillery: u,
                                attack: a,
                                gas: gas && self.rng.gen_bool(0.3),
                            }));
                        }
                        let air = g.air_points_available(side.other());
                        if air > 0 {
                            out.push(cmd(Command::AirPoints {
                                attack: a,
                                points: self.rng.gen_range(1..=air),
                            }));
                        }
                    }
                }
                out.push(cmd(Command::EndAllocation));
            }
            CombatStep::Resolve => {
                let open: Vec<u8> = g
                    .attacks()
                    .filter(|(_, a)| !a.resolved)
                    .map(|(i, _)| i)
                    .collect();
                if let Some(a) = self.pick(&open) {
                    out.push(cmd(Command::Resolve { attack: a }));
                }
                out.push(cmd(Command::EndCombat));
            }
            CombatStep::Reveal | CombatStep::Aftermath => {}
            CombatStep::Done => out.push(cmd(Command::EndCombat)),
        }
    }

    /// Proposes attacks on defender `d` [7.11]: every able adjacent phasing unit against `d`
    /// and every other unengaged enemy next to all of them [7.21], [7.23]; then a random part
    /// of them; then each alone (the engine refuses units that may not attack). False when no
    /// phasing unit next to `d` is free to attack.
    fn declare_on(&mut self, g: &Game<'_>, d: UnitId, out: &mut Cands) -> bool {
        let side = g.state.phasing;
        let geo = &g.data.map.geometry;
        let Some(dh) = g.hex_of(d) else { return false };
        let adj: Vec<UnitId> = geo
            .neighbours(dh)
            .filter_map(|(_, n)| g.unit_at(n))
            .filter(|&a| g.side_of(a) == side && !g.has_attacked(a))
            .collect();
        if adj.is_empty() {
            return false;
        }
        // Other enemy units adjacent to every one of `atts`, not yet attacked.
        let also = |atts: &[UnitId]| -> Vec<UnitId> {
            let hexes: Vec<HexId> = atts.iter().filter_map(|&a| g.hex_of(a)).collect();
            g.units_on_map()
                .filter(|&(e, eh)| {
                    e != d
                        && g.side_of(e) != side
                        && !g.is_attacked(e)
                        && hexes.iter().all(|&ah| geo.adjacent(ah, eh))
                })
                .map(|(e, _)| e)
                .collect()
        };
        let declare = |atts: &[UnitId], more: &[UnitId]| {
            let mut attackers = heapless::Vec::new();
            for &a in atts.iter().take(MAX_ATTACKERS) {
                let _ = attackers.push(a);
            }
            let mut defenders = heapless::Vec::new();
            let _ = defenders.push(d);
            for &e in more.iter().take(MAX_DEFENDERS - 1) {
                let _ = defenders.push(e);
            }
            cmd(Command::Declare {
                attackers,
                defenders,
            })
        };
        if adj.len() > 1 && self.rng.gen_bool(0.3) {
            let part: Vec<UnitId> = adj
                .iter()
                .copied()
                .filter(|_| self.rng.gen_bool(0.5))
                .collect();
            if !part.is_empty() {
                out.push(declare(&part, &also(&part)));
            }
        }
        let more = also(&adj);
        if !more.is_empty() {
            out.push(declare(&adj, &more));
        }
        out.push(declare(&adj, &[]));
        for &a in &adj {
            let more = also(&[a]);
            if !more.is_empty() {
                out.push(declare(&[a], &more));
            }
            out.push(declare(&[a], &[]));
        }
        true
    }

    /// Proposes taking back the open attacks made by units next to `d`.
    fn undeclare_near(&mut self, g: &Game<'_>, d: UnitId, out: &mut Cands) {
        let geo = &g.data.map.geometry;
        let Some(dh) = g.hex_of(d) else { return };
        let mut picks: Vec<u8> = g
            .attacks()
            .filter(|(_, a)| {
                !a.closed
                    && a.attackers
                        .iter()
                        .any(|&u| g.hex_of(u).is_some_and(|h| geo.adjacent(h, dh)))
            })
            .map(|(i, _)| i)
            .collect();
        // Highest index first: taking back an attack may renumber the later ones.
        picks.sort_unstable_by(|a, b| b.cmp(a));
        if let Some(i) = self.pick(&picks) {
            out.push(cmd(Command::Undeclare { attack: i }));
        }
    }

    /// A voluntary extra in the declaration step: a barrage [8.1], ground support [9.0], an
    /// interdiction [20.22] or a voluntary attack.
    fn combat_extra(&mut self, g: &Game<'_>, gas: bool, out: &mut Cands) {
        let side = g.state.phasing;
        let attacks: Vec<u8> = g.attacks().map(|(i, _)| i).collect();
        match self.rng.gen_range(0..4) {
            0 => {
                if let Some(a) = self.pick(&attacks) {
                    let mut arty = Vec::new();
                    g.barrage_candidates(a, |u| arty.push(u));
                    if let Some(u) = self.pick(&arty) {
                        out.push(cmd(Command::Barrage {
                            artillery: u,
                            attack: a,
                            gas: gas && self.rng.gen_bool(0.3),
                        }));
                    }
                }
            }
            1 => {
                let air = g.air_points_available(side);
                if let (Some(a), true) = (self.pick(&attacks), air > 0) {
                    out.push(cmd(Command::AirPoints {
                        attack: a,
                        points: self.rng.gen_range(1..=air),
                    }));
                }
            }
            2 => {
                let arty: Vec<UnitId> = g
                    .units_on_map()
                    .filter(|&(u, _)| g.side_of(u) == side && g.is_artillery(u))
                    .map(|(u, _)| u)
                    .collect();
                if let Some(u) = self.pick(&arty) {
                    out.push(cmd(Command::Interdict { artillery: u }));
                }
            }
            _ => {
                // A voluntary attack on any enemy unit next to one of ours.
                let geo = &g.data.map.geometry;
                let ours: Vec<HexId> = g
                    .units_on_map()
                    .filter(|&(u, _)| g.side_of(u) == side && !g.has_attacked(u))
                    .map(|(_, h)| h)
                    .collect();
                for _ in 0..4 {
                    let Some(h) = self.pick(&ours) else { break };
                    let enemy = geo
                        .neighbours(h)
                        .filter_map(|(_, n)| g.unit_at(n))
                        .find(|&e| g.side_of(e) != side && !g.is_attacked(e));
                    if let Some(e) = enemy {
                        self.declare_on(g, e, out);
                        break;
                    }
                }
            }
        }
    }
}

/// The invariants every reachable state must satisfy (DESIGN.md §3).
pub fn check_invariants(g: &Game<'_>) -> Result<(), String> {
    let geo = &g.data.map.geometry;
    // One unit per hex [5.31]; paratroops may share a hex only until the check at the start
    // of combat [18.2], and the unit in hand may be passing through a friendly unit's hex.
    let mut seen = std::collections::HashMap::<HexId, UnitId>::new();
    for (u, h) in g.units_on_map() {
        if !geo.contains(h) {
            return Err(format!("unit {} is off the map at {:?}", u.0, h));
        }
        if let Some(o) = seen.insert(h, u) {
            // The unit in hand may pass over a friendly unit; it may not stay there [5.15].
            let passing = [o, u].iter().any(|&x| {
                g.state.units[x.0 as usize].has(flags::PARADROPPED)
                    || g.state.movement.in_hand == Some(x)
            });
            if !(passing && g.state.phase == Phase::Movement) {
                return Err(format!(
                    "units {} and {} stacked in {}",
                    o.0,
                    u.0,
                    geo.format(h)
                ));
            }
        }
    }
    for (i, s) in g.state.units.iter().enumerate() {
        let u = UnitId(i as u16);
        let d = &g.data.roster.units[i];
        // Movement Points never negative: nothing spent beyond the allowance [5.13].
        if g.state.phase == Phase::Movement
            && matches!(s.location, Location::OnMap(_))
            && g.spent_half(u) > g.movement_allowance_half(u)
        {
            return Err(format!(
                "unit {} spent {} half-MP of an allowance of {}",
                d.id,
                g.spent_half(u),
                g.movement_allowance_half(u)
            ));
        }
        if s.revealed.is_some() && !d.untried {
            return Err(format!(
                "unit {} has a revealed strength but is not untried",
                d.id
            ));
        }
    }
    // Surrender Points [19.4] and Medicine Wheel VP [21.36] recounted from scratch equal the
    // running totals.
    let running = g.surrender_points();
    let fresh = g.surrender_points_from_scratch();
    if running != fresh {
        return Err(format!(
            "surrender points {running} but {fresh} from scratch"
        ));
    }
    if g.scenario().rules.medicine_wheel_vp {
        let running = g.state.turn_state.mw_vp;
        let fresh = g.medicine_wheel_vp_from_scratch();
        if running != fresh {
            return Err(format!(
                "Medicine Wheel VP {running:?} but {fresh:?} from scratch"
            ));
        }
    }
    let _ = g.victory_points();
    Ok(())
}

/// Where each unit stood before an input, and whether it stood in an enemy zone of control
/// above ground, so a move out of one can be caught [5.14], [16.22], [5.24].
pub struct ZocWatch {
    occ: Box<Occupancy>,
    before: Vec<(Option<HexId>, bool)>,
}

impl Default for ZocWatch {
    fn default() -> Self {
        Self::new()
    }
}

impl ZocWatch {
    pub fn new() -> Self {
        ZocWatch {
            occ: Box::new(Occupancy {
                unit: [0; MAX_HEXES],
                zoc: [0; MAX_HEXES],
            }),
            before: Vec::new(),
        }
    }

    /// Records the positions before an input of the Movement Phase.
    pub fn observe(&mut self, g: &Game<'_>) {
        self.before.clear();
        if g.state.phase != Phase::Movement {
            return;
        }
        g.occupancy(&mut self.occ);
        let geo = &g.data.map.geometry;
        let m = &g.state.movement;
        for (i, s) in g.state.units.iter().enumerate() {
            let u = UnitId(i as u16);
            let h = s.hex();
            let underground = m.in_hand == Some(u) && m.in_hand_underground;
            let in_zoc = h
                .and_then(|h| geo.index(h))
                .is_some_and(|hi| !underground && self.occ.zoc_of(hi, g.side_of(u).other()));
            self.before.push((h, in_zoc));
        }
    }

    /// Checks that no unit left an enemy zone of control except as the rules allow:
    /// only by night, only a unit that began the Player-Turn there and had not moved yet
    /// [16.22]; never by day [5.14], and never on the U-Bahn from such a hex [5.24] (a unit
    /// that left underground was above ground in the zone, so it is caught here as well).
    pub fn check(&self, before: &Game<'_>, after: &Game<'_>) -> Result<(), String> {
        if self.before.is_empty() {
            return Ok(());
        }
        for (i, s) in after.state.units.iter().enumerate() {
            let (was, in_zoc) = self.before[i];
            let (Some(was), Some(now)) = (was, s.hex()) else {
                continue;
            };
            if was == now || !in_zoc {
                continue;
            }
            let b = &before.state.units[i];
            let disengaging =
                before.is_night() && b.has(flags::STARTED_IN_ZOC) && !b.has(flags::MOVED);
            if !disengaging {
                let geo = &after.data.map.geometry;
                return Err(format!(
                    "unit {} left an enemy zone of control ({} to {}) on a {} turn",
                    after.data.roster.units[i].id,
                    geo.format(was),
                    geo.format(now),
                    if before.is_night() { "night" } else { "day" }
                ));
            }
        }
        Ok(())
    }
}

/// Two states are the same byte for byte (postcard, as saved) and field by field.
pub fn same_state(a: &State, b: &State) -> bool {
    a == b && postcard::to_allocvec(a).ok() == postcard::to_allocvec(b).ok()
}

/// A line about where the game stands, for failure messages.
pub fn situation(g: &Game<'_>) -> String {
    if g.state.phase != Phase::Combat {
        return format!("{:?}", g.state.phase);
    }
    let mut must = Vec::new();
    g.must_attack(|u| must.push(u.0));
    let mut owed = Vec::new();
    g.must_be_attacked(|u| owed.push(u.0));
    format!(
        "combat step {:?}, {} attacks, must attack {must:?}, must be attacked {owed:?}",
        g.combat_step(),
        g.attacks().count()
    )
}

/// The options a seed plays with: poison gas [8.8] on a quarter of the games, sequential
/// combat ([7.0] note) on a fifth.
pub fn options_for(seed: u64) -> Options {
    Options {
        poison_gas: seed % 4 == 1,
        sequential_combat: seed % 5 == 2,
    }
}

/// Plays one game to its end with the random agent, checking the invariants after every
/// input and that every refused input left the state unchanged. Returns the accepted inputs.
pub fn playout(
    data: &'static engine::berlin85::GameData,
    scenario: &str,
    seed: u64,
    max_inputs: usize,
) -> Result<Vec<Input85>, String> {
    playout_with(data, scenario, seed, max_inputs, true)
}

/// [`playout`], optionally without the invariant checks (for the benchmark).
pub fn playout_with(
    data: &'static engine::berlin85::GameData,
    scenario: &str,
    seed: u64,
    max_inputs: usize,
    check: bool,
) -> Result<Vec<Input85>, String> {
    playout_to_end(data, scenario, seed, max_inputs, check).map(|(j, _)| j)
}

/// [`playout_with`], returning the final state as well (for the replay tests).
pub fn playout_to_end(
    data: &'static engine::berlin85::GameData,
    scenario: &str,
    seed: u64,
    max_inputs: usize,
    check: bool,
) -> Result<(Vec<Input85>, State), String> {
    let mut g = Game::new(data, scenario, options_for(seed)).map_err(|e| format!("{e:?}"))?;
    let mut agent = RandomAgent::new(seed);
    let mut journal = Vec::new();
    let mut watch = ZocWatch::new();
    let fail = |g: &Game<'_>, n: usize, e: String| {
        format!(
            "{scenario} seed {seed}, input {n} (turn {} {:?}): {e}",
            g.state.turn, g.state.phase
        )
    };
    while journal.len() < max_inputs {
        if matches!(g.pending(), Pending::GameOver) {
            return Ok((journal, g.state));
        }
        let mut accepted = false;
        let mut refusals = Vec::new();
        if check {
            watch.observe(&g);
        }
        for input in agent.candidates(&g) {
            let before = g.clone();
            match g.apply(&input) {
                Ok(_) => {
                    if check {
                        watch
                            .check(&before, &g)
                            .map_err(|e| fail(&g, journal.len(), format!("{e} after {input:?}")))?;
                    }
                    journal.push(input);
                    accepted = true;
                    break;
                }
                Err(e) => {
                    if refusals.len() < 6 {
                        refusals.push(format!("{input:?} refused [{}] {}", e.case, e.reason));
                    }
                    if check && !same_state(&g.state, &before.state) {
                        return Err(fail(
                            &g,
                            journal.len(),
                            format!("a refused input changed the state: {input:?}"),
                        ));
                    }
                }
            }
        }
        if !accepted {
            return Err(fail(
                &g,
                journal.len(),
                format!(
                    "stuck waiting for {:?} ({}); tried: {}",
                    g.pending(),
                    situation(&g),
                    refusals.join("; ")
                ),
            ));
        }
        if check {
            check_invariants(&g).map_err(|e| fail(&g, journal.len(), e))?;
        }
    }
    Err(fail(&g, journal.len(), "no game over".into()))
}
