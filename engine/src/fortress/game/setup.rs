//! The German set-up as a step of play (13.0–13.6): only the German sets up (13.0), before the
//! first player-turn. Thirty Volkssturm units are first drawn blind from the cup (13.6, the
//! table's draw as in 11.2.3: the engine never picks at random); then the German places each
//! unit of the set-up listings in a hex its listing's zone allows (`GameData::can_set_up`), in
//! the mode he chooses (3.3.3) and, in maneuver mode, facing a hexside (3.4), within the
//! stacking limits (3.1.2). He may take a placed unit back; "set-up done" is refused while a
//! unit waits or a Havel bridge has no Hitler Youth unit on it (13.5).
//!
//! `auto_place` is a deterministic helper that places every remaining unit legally (for the
//! agent, the CLI and the touch UI); its placements go through the same command.

use super::{Event, Game, Waiting};
use crate::core::faces::{Face, Facing};
use crate::core::hex::{Dir, HexId};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::units::{Location, UnitId};
use crate::fortress::board::{force_facing, may_show};
use crate::fortress::counters::{UnitType, COMBAT, GERMAN, MANEUVER};
use crate::fortress::data::{Group, GroupKind, Placement, SetupZone, MAX_PLACEMENTS};
use crate::fortress::stacking;

/// Volkssturm units one set-up may draw (13.6 draws thirty).
pub const MAX_SETUP_DRAW: usize = 64;
/// The place whose hexes are the Havel bridges (13.5).
pub const HAVEL_BRIDGES: &str = "Havel bridges";

impl<'d> Game<'d> {
    /// The German listings placed before play (13.1–13.6, and those of the variants in play);
    /// the Volkssturm pool when it draws some at set-up (13.6).
    fn setup_listings(&self) -> impl Iterator<Item = &'d Group> + 'd {
        let options = self.state.board.options;
        self.data.groups.iter().filter(move |g| {
            g.side == GERMAN
                && g.in_play(&options)
                && (g.kind == GroupKind::SetUp || (g.kind == GroupKind::Pool && g.draw > 0))
                && g.zone.is_some()
        })
    }

    /// The listing that sets `u` up, if `u` is to be set up: a unit of a set-up listing, or a
    /// Volkssturm unit drawn for the set-up (13.6).
    pub fn setup_listing_of(&self, u: UnitId) -> Option<&'d Group> {
        let drawn = self.state.setup_drawn.contains(&u);
        self.setup_listings()
            .find(|g| g.units.contains(&u) && (g.kind == GroupKind::SetUp || drawn))
    }

    /// Is the game in the German set-up step (13.0)?
    pub fn setting_up(&self) -> bool {
        matches!(
            self.state.waiting,
            Waiting::SetUp | Waiting::SetUpDraw { .. }
        )
    }

    /// The units still to be placed, in the order of the listings (13.1 first), the drawn
    /// Volkssturm last.
    pub fn units_to_place(&self) -> impl Iterator<Item = UnitId> + '_ {
        let b = &self.state.board;
        let listed = self
            .setup_listings()
            .filter(|g| g.kind == GroupKind::SetUp)
            .flat_map(|g| g.units.iter().copied());
        listed
            .chain(self.state.setup_drawn.iter().copied())
            .filter(move |&u| {
                b.unit(u)
                    .is_some_and(|x| x.state.location == Location::Pool)
            })
    }

    /// How many Volkssturm units the set-up still draws (13.6): the pool's `draw`, as many as
    /// the cup holds.
    pub(super) fn setup_draws_left(&self) -> u8 {
        let want: usize = self
            .setup_listings()
            .filter(|g| g.kind == GroupKind::Pool)
            .map(|g| g.draw as usize)
            .sum();
        let want = want.min(MAX_SETUP_DRAW);
        let left = want.saturating_sub(self.state.setup_drawn.len());
        left.min(self.volkssturm_cup().len()) as u8
    }

    /// What a new game waits for: the set-up draws, the placements, or play itself.
    pub(super) fn begin_setup(&mut self) {
        // 17.4.9: Hitler's birthday draws the leaders before anything is set up.
        if self.birthday_draws_left() > 0 {
            self.state.waiting = Waiting::Birthday;
            return;
        }
        let left = self.setup_draws_left();
        self.state.waiting = if left > 0 {
            Waiting::SetUpDraw { left }
        } else if self.units_to_place().next().is_some() {
            Waiting::SetUp
        } else {
            // 5.6: the first reinforcement segment opens with its checks like every other.
            Waiting::Commands
        };
        if self.state.waiting == Waiting::Commands {
            self.opening_checks();
        }
    }

    /// The table drew chit `i` from the Volkssturm cup for the set-up (13.6, 11.2.3).
    pub(super) fn setup_drew(
        &mut self,
        i: u16,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(&u) = self.volkssturm_cup().get(i as usize) else {
            return refuse("11.2.3", "not a unit in the cup");
        };
        self.state
            .setup_drawn
            .push(u)
            .map_err(|_| RuleViolation::new("engine", "too many units drawn"))?;
        self.begin_setup();
        emit(
            events,
            Event::Drawn {
                unit: u,
                case: "13.6",
            },
        )
    }

    /// Hexes of the Havel bridges (13.5) that no Hitler Youth unit blocks yet.
    fn bridges_unblocked(&self) -> usize {
        let Some(p) = self.data.map.place(HAVEL_BRIDGES) else {
            return 0;
        };
        p.hexes.iter().filter(|&&h| !self.youth_in(h)).count()
    }

    fn youth_in(&self, h: HexId) -> bool {
        let b = &self.state.board;
        b.stacks.at(h, GERMAN).is_some_and(|s| {
            s.units.iter().any(|&u| {
                self.data
                    .forces
                    .counter(u)
                    .is_some_and(|c| c.kind == UnitType::HitlerYouth)
            })
        })
    }

    /// May `unit` be set up in `hex` with `face` up and `facing` (13.0–13.6, 3.1.2, 3.4.2)?
    /// The refusal names the listing's case.
    pub fn check_setup(
        &self,
        unit: UnitId,
        hex: HexId,
        face: Face,
        facing: Dir,
    ) -> Result<(), RuleViolation> {
        let (data, b) = (self.data, &self.state.board);
        if !self.setting_up() {
            return refuse("13.0", "units are set up only before the first player-turn");
        }
        if self.state.waiting != Waiting::SetUp {
            return refuse("13.6", "the set-up's Volkssturm units are drawn first");
        }
        let Some(c) = data.forces.counter(unit) else {
            return refuse("engine", "no such unit");
        };
        let Some(g) = self.setup_listing_of(unit) else {
            return if c.kind == UnitType::Volkssturm {
                refuse(
                    "13.6",
                    "only Volkssturm units drawn from the cup are set up",
                )
            } else {
                refuse(
                    "13.0",
                    "only the German set-up listings are placed before play",
                )
            };
        };
        if b.hex_of(unit).is_some() {
            return refuse("13.0", "the unit is already placed: take it back first");
        }
        if !data.can_set_up(g, hex) {
            return refuse(setup_case(&g.case), zone_reason(g.zone));
        }
        let enterable = data
            .movement
            .enter
            .get(data.map.terrain(hex) as usize)
            .copied()
            .flatten()
            .is_some();
        if !enterable {
            return refuse("2.1.1", "no unit is set up where no unit may go");
        }
        may_show(c, face)?;
        // 13.5: a Hitler Youth unit that blocks no new bridge may not leave one without a unit.
        let new_bridge = data
            .map
            .place(HAVEL_BRIDGES)
            .is_some_and(|p| p.hexes.contains(&hex))
            && !self.youth_in(hex);
        if g.zone == Some(SetupZone::HavelBridgesThenPerimeter)
            && c.kind == UnitType::HitlerYouth
            && !new_bridge
        {
            let youth_left = self
                .units_to_place()
                .filter(|&u| {
                    data.forces
                        .counter(u)
                        .is_some_and(|c| c.kind == UnitType::HitlerYouth)
                        && self
                            .setup_listing_of(u)
                            .is_some_and(|x| core::ptr::eq(x, g))
                })
                .count();
            if youth_left <= self.bridges_unblocked() {
                return refuse(
                    "13.5",
                    "every Havel bridge needs a Hitler Youth unit blocking it first",
                );
            }
        }
        let mut force: heapless::Vec<UnitId, { crate::core::stack::MAX_STACK }> =
            heapless::Vec::new();
        if let Some(s) = b.stacks.at(hex, GERMAN) {
            for &x in &s.units {
                let _ = force.push(x);
            }
            if *c.faces.faced.on(face) && face == MANEUVER {
                if let Some(Facing(d)) = force_facing(b, s) {
                    if d != facing {
                        return refuse(
                            "3.4.2",
                            "maneuver-mode units in one hex all face the same way",
                        );
                    }
                }
            }
        }
        if force.push(unit).is_err() {
            return refuse("3.1.2", "no more units fit in this hex");
        }
        stacking::check(&data.forces, GERMAN, &force)
    }

    /// Places a unit of the set-up (13.0–13.6).
    pub(super) fn set_up(
        &mut self,
        p: &Placement,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.check_setup(p.unit, p.hex, p.face, p.facing)?;
        let case = self
            .setup_listing_of(p.unit)
            .map_or("13.0", |g| g.case.as_str());
        self.state
            .board
            .place(&self.data.forces, p.unit, p.hex, p.face, p.facing)?;
        emit(
            events,
            Event::SetUp {
                unit: p.unit,
                hex: p.hex,
                face: p.face,
                case: setup_case(case),
            },
        )
    }

    /// Takes a placed unit of the set-up back off the map (13.0).
    pub(super) fn take_back(
        &mut self,
        u: UnitId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.state.waiting != Waiting::SetUp {
            return refuse("13.0", "units are taken back only during the set-up");
        }
        if self.setup_listing_of(u).is_none() || self.state.board.hex_of(u).is_none() {
            return refuse("13.0", "only a unit placed in this set-up is taken back");
        }
        let combat_only = self.data.forces.counter(u).is_some_and(|c| c.combat_only);
        let b = &mut self.state.board;
        b.stacks.take(u)?;
        let x = b.unit_mut(u)?;
        x.state.location = Location::Pool;
        x.counter.facing = None;
        x.counter.face = if combat_only { COMBAT } else { MANEUVER };
        emit(events, Event::TakenBack { unit: u })
    }

    /// The German ends his set-up (13.0): every unit placed, every Havel bridge blocked (13.5).
    pub(super) fn setup_done(&mut self, events: &mut Events<Event>) -> Result<(), RuleViolation> {
        if self.state.waiting != Waiting::SetUp {
            return refuse("13.0", "the set-up is not under way");
        }
        if let Some(u) = self.units_to_place().next() {
            let case = self.setup_listing_of(u).map_or("13.0", |g| g.case.as_str());
            return refuse(setup_case(case), "units of the set-up remain to be placed");
        }
        let havel = self
            .setup_listings()
            .any(|g| g.zone == Some(SetupZone::HavelBridgesThenPerimeter));
        if havel && self.bridges_unblocked() > 0 {
            return refuse(
                "13.5",
                "a Havel bridge has no Hitler Youth unit blocking it",
            );
        }
        self.state.setup_drawn.clear();
        self.state.waiting = super::Waiting::Commands;
        self.opening_checks();
        emit(events, Event::SetUpDone)
    }

    /// The first legal placement of `unit` now, in Combat Mode, trying the listing's own hexes,
    /// the Havel bridges, the perimeter, then the whole map (auto-place's order).
    pub fn first_placement(&self, unit: UnitId) -> Option<Placement> {
        let data = self.data;
        let listing = self.setup_listing_of(unit)?;
        let bridges = data
            .map
            .place(HAVEL_BRIDGES)
            .map(|p| &p.hexes[..])
            .unwrap_or(&[]);
        let hex = listing
            .hexes
            .iter()
            .chain(bridges)
            .chain(data.within_perimeter.iter())
            .copied()
            .chain(data.map.hexes())
            // The zone first: it is cheap, and most hexes of the map fail it.
            .find(|&h| {
                data.can_set_up(listing, h) && self.check_setup(unit, h, COMBAT, Dir::Up).is_ok()
            })?;
        Some(Placement {
            unit,
            hex,
            face: COMBAT,
            facing: Dir::Up,
        })
    }

    /// A legal placement for every unit still to be placed, worked out on a copy, in combat
    /// mode (3.3.3: the German's choice; the listed values are the combat face, 13.0). Hexes
    /// are tried in a fixed order — the listing's own hexes, the Havel bridges, the perimeter,
    /// then the whole map — so the result depends on the state alone. A unit with no legal hex
    /// left is skipped.
    pub fn auto_place(&self) -> heapless::Vec<Placement, MAX_PLACEMENTS> {
        let mut out = heapless::Vec::new();
        if self.state.waiting != Waiting::SetUp {
            return out;
        }
        let mut g = self.clone();
        // The units bound to one listed hex first (13.1, 13.2, 16.1), so no free unit takes
        // their room; then the Hitler Youth, so the bridges are theirs before the rest fill
        // the perimeter; then the rest.
        let mut order: heapless::Vec<UnitId, MAX_PLACEMENTS> = heapless::Vec::new();
        let fixed = |u: &UnitId| {
            self.setup_listing_of(*u)
                .is_some_and(|l| l.zone == Some(SetupZone::Hexes))
        };
        let youth = |u: &UnitId| {
            !fixed(u)
                && self
                    .data
                    .forces
                    .counter(*u)
                    .is_some_and(|c| c.kind == UnitType::HitlerYouth)
        };
        let rest = |u: &UnitId| !fixed(u) && !youth(u);
        let ordered = self
            .units_to_place()
            .filter(fixed)
            .chain(self.units_to_place().filter(youth))
            .chain(self.units_to_place().filter(rest));
        for u in ordered {
            let _ = order.push(u);
        }
        for u in order {
            if let Some(p) = g.first_placement(u) {
                let mut ev = Events::new();
                if g.set_up(&p, &mut ev).is_ok() && out.push(p).is_err() {
                    break;
                }
            }
        }
        out
    }
}

/// The case a set-up listing cites, as a `'static` string (events and refusals keep cases
/// as `&'static str`).
fn setup_case(case: &str) -> &'static str {
    const CASES: [&str; 8] = [
        "13.0", "13.1", "13.2", "13.3", "13.4", "13.5", "13.6", "16.1",
    ];
    CASES.into_iter().find(|&c| c == case).unwrap_or("13.0")
}

/// Why a hex is outside a listing's zone, in player words.
fn zone_reason(zone: Option<SetupZone>) -> &'static str {
    match zone {
        None => "this listing is not set up",
        Some(SetupZone::Hexes) => "this unit sets up in its listed hex",
        Some(SetupZone::Near) => "this unit sets up in or next to its listed hex",
        Some(SetupZone::Airfield) => "this unit sets up on its airfield",
        Some(SetupZone::AwayFromEdge) => "free units set up three or more hexes from every edge",
        Some(SetupZone::WithinPerimeter) => "artillery sets up inside the strongpoint perimeter",
        Some(SetupZone::OnOrWithinPerimeter) => "this unit sets up on or inside the perimeter",
        Some(SetupZone::PerimeterOrSouthEdge) => {
            "Volkssturm set up on or inside the perimeter or within three hexes of the south edge"
        }
        Some(SetupZone::MajorBuildingOrStation) => {
            "engineers set up on a major building or a U-Bahn station"
        }
        Some(SetupZone::Station) => "police set up on a U-Bahn station",
        Some(SetupZone::Strongpoint) => "this unit sets up on a strongpoint",
        Some(SetupZone::MajorBuildingOrTeltowBank) => {
            "PPBs set up on a major building or a Teltow Canal bank hex"
        }
        Some(SetupZone::HavelBridgesThenPerimeter) => {
            "Hitler Youth set up on a Havel bridge or on or inside the perimeter"
        }
    }
}
