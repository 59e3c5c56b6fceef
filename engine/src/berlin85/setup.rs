//! Set-up [3.0] and the scenarios' initial deployments [21.11], [21.21], [21.31]: each side
//! places its units one per hex in the zones its scenario allows, in the scenario's order.

use super::board::Occupancy;
use super::command::Command;
use super::data::{Region, SetupGroup, Zone, Zone85};
use super::event::Event;
use super::game::{Game, Input85, Pending85};
use crate::core::hex::{Geometry, HexId};
use crate::core::map::{HexFeatures, MAX_HEXES};
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::{Location, UnitId};
use crate::event;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupState {
    /// The set-up step in progress (groups with this `step` are being placed).
    pub step: u8,
    /// Bit per set-up group: withheld by its owner [20.21].
    pub withheld: u32,
}

impl<'d> Game<'d> {
    fn current_groups(&self) -> impl Iterator<Item = (usize, &'d SetupGroup)> + 'd {
        let step = self.state.setup.step;
        self.scenario()
            .setup
            .iter()
            .enumerate()
            .filter(move |(_, g)| g.step == step)
    }

    /// The side placing units now.
    pub fn setup_side(&self) -> Side {
        self.current_groups()
            .map(|(_, g)| g.side)
            .next()
            .unwrap_or(super::state::NATO)
    }

    pub(crate) fn setup_begin(&mut self) {
        self.state.setup.step = self
            .scenario()
            .setup
            .iter()
            .map(|g| g.step)
            .min()
            .unwrap_or(0);
    }

    pub(crate) fn setup_pending(&self) -> Pending85 {
        Pending::Command {
            player: self.setup_side(),
        }
    }

    /// The set-up group a unit belongs to in this scenario.
    pub fn setup_group_of(&self, u: UnitId) -> Option<(usize, &'d SetupGroup)> {
        self.scenario()
            .setup
            .iter()
            .enumerate()
            .find(|(_, g)| g.units.contains(&u))
    }

    fn regions_contain(&self, mask: u8, h: HexId) -> bool {
        mask & (1 << self.region(h) as u8) != 0
    }

    /// Is `h` inside the zone? (Occupancy and group rules are checked separately.)
    pub fn in_setup_zone(&self, zone: &Zone85, h: HexId) -> bool {
        let map = &self.data.map;
        let g = &map.geometry;
        match zone {
            Zone85::PlaceKinds { features, region } => {
                map.features(h).0 & features != 0 && self.region(h) == *region
            }
            Zone85::NearBarracks { zone, distance } => {
                // Only the few hexes around `h` can hold the barracks (scanning the whole map
                // per hex made the set-up highlights quadratic in the map size).
                (*zone == Zone::None || self.region(h) == Region::WestBerlin)
                    && hexes_within(g, h, *distance).any(|b| {
                        map.features(b).has(HexFeatures::BARRACKS) && map.zone(b) == *zone as u8
                    })
            }
            Zone85::Area { name } => map.place(name).is_some_and(|p| p.hexes.contains(&h)),
            Zone85::NearEdge {
                edges,
                distance,
                regions,
            } => {
                self.regions_contain(*regions, h)
                    && edges.iter().any(|&e| g.within_of_edge(h, *distance, e))
            }
            Zone85::Columns {
                col_lo,
                col_hi,
                row_min,
                regions,
            } => {
                self.regions_contain(*regions, h)
                    && h.col >= *col_lo
                    && h.col <= *col_hi
                    && h.row >= *row_min
            }
            Zone85::Terrain { terrain, regions } => {
                self.regions_contain(*regions, h) && terrain & (1 << map.terrain(h)) != 0
            }
            Zone85::Regions { regions } => self.regions_contain(*regions, h),
        }
    }

    /// Why `unit` may not be placed on `h` now, if it may not.
    pub fn check_placement(&self, unit: UnitId, h: HexId) -> Result<(), RuleViolation> {
        let (_, group) = self.placement_group(unit)?;
        self.check_placement_hex(unit, group, h, None)
    }

    /// The unit-level half of [`Game::check_placement`]: the unit's set-up group, if it may
    /// be placed at this step at all.
    fn placement_group(&self, unit: UnitId) -> Result<(usize, &'d SetupGroup), RuleViolation> {
        let Some((gi, group)) = self.setup_group_of(unit) else {
            return Err(RuleViolation::new(
                "3.0",
                "this unit is not in the scenario's initial deployment",
            ));
        };
        if group.step != self.state.setup.step {
            return Err(RuleViolation::new(
                "3.0",
                "this unit sets up at another step of the set-up order",
            ));
        }
        if self.state.setup.withheld & (1 << gi) != 0 {
            return Err(RuleViolation::new(
                "20.21",
                "this division has been withheld",
            ));
        }
        Ok((gi, group))
    }

    /// The hex-level half of [`Game::check_placement`]. `occ`, when given, is the board's
    /// occupancy and zones of control built once for a whole scan of the map.
    fn check_placement_hex(
        &self,
        unit: UnitId,
        group: &SetupGroup,
        h: HexId,
        occ: Option<&Occupancy>,
    ) -> Result<(), RuleViolation> {
        let g = &self.data.map.geometry;
        let Some(hi) = g.index(h) else {
            return refuse("2.1", "that hex is not on the map");
        };
        let occupant = match occ {
            Some(o) => o.unit_at(hi),
            None => self.unit_at(h),
        };
        if occupant.is_some_and(|o| o != unit) {
            return refuse("5.31", "one unit per hex: stacking is prohibited");
        }
        if self.terrain(h).is_some_and(|t| t.no_stopping) {
            return refuse("5.26", "a unit may not stop in a lake hex");
        }
        if !self.in_setup_zone(&group.zone, h) {
            return refuse(
                case_of(group),
                "that hex is outside this unit's set-up zone",
            );
        }
        if group.not_in_enemy_zoc {
            let in_zoc = match occ {
                Some(o) => o.zoc_of(hi, group.side.other()),
                None => self.enemy_zoc(h, group.side),
            };
            if in_zoc {
                return refuse(
                    case_of(group),
                    "these units may not set up in an enemy zone of control",
                );
            }
        }
        if let Some(r) = group.group_radius {
            let far = group
                .units
                .iter()
                .filter(|&&o| o != unit)
                .filter_map(|&o| self.hex_of(o));
            for oh in far {
                if g.distance(oh, h) > r as u16 {
                    return refuse(
                        case_of(group),
                        "the units of this formation must set up close together",
                    );
                }
            }
        }
        Ok(())
    }

    /// Every hex where `unit` may be placed now (for the UI's highlights and auto-place).
    pub fn legal_setup_hexes<const N: usize>(
        &self,
        unit: UnitId,
        out: &mut heapless::Vec<HexId, N>,
    ) {
        out.clear();
        let Ok((_, group)) = self.placement_group(unit) else {
            return;
        };
        // One pass over the units instead of one per hex (see `Occupancy`).
        let mut occ = Occupancy {
            unit: [0; MAX_HEXES],
            zoc: [0; MAX_HEXES],
        };
        self.occupancy(&mut occ);
        for h in self.data.map.hexes() {
            if self.check_placement_hex(unit, group, h, Some(&occ)).is_ok() && out.push(h).is_err()
            {
                return;
            }
        }
    }

    /// Units still to be placed at this step.
    pub fn units_to_place(&self) -> impl Iterator<Item = UnitId> + '_ {
        let withheld = self.state.setup.withheld;
        self.current_groups()
            .filter(move |(gi, _)| withheld & (1 << gi) == 0)
            .flat_map(|(_, g)| g.units.iter().copied())
            .filter(|&u| self.state.units[u.0 as usize].location == Location::Pool)
    }

    pub(crate) fn setup_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Input::Command(cmd) = input else {
            return refuse("3.0", "set-up takes placement commands only");
        };
        match cmd {
            Command::Place { unit, hex } => {
                self.check_placement(*unit, *hex)?;
                self.put(*unit, *hex);
                emit(
                    events,
                    event!(
                        "3.0",
                        "{} set up in {}",
                        self.def(*unit).name,
                        self.data.map.geometry.format(*hex)
                    )
                    .unit(*unit)
                    .at(*hex),
                )
            }
            Command::Unplace { unit } => {
                match self.setup_group_of(*unit) {
                    Some((_, g))
                        if g.step == self.state.setup.step && self.hex_of(*unit).is_some() => {}
                    _ => {
                        return refuse(
                            "3.0",
                            "only a unit placed at this set-up step can be taken back",
                        )
                    }
                }
                self.state.units[unit.0 as usize].location = Location::Pool;
                Ok(())
            }
            Command::Withhold { unit } => {
                let Some((gi, g)) = self.setup_group_of(*unit) else {
                    return refuse("20.21", "this unit is not in the initial deployment");
                };
                if !g.may_withhold || g.step != self.state.setup.step {
                    return refuse(
                        "20.21",
                        "only a Soviet mechanized or airborne division may be withheld",
                    );
                }
                self.state.setup.withheld |= 1 << gi;
                for &u in &g.units {
                    self.state.units[u.0 as usize].location = Location::Withheld;
                }
                emit(
                    events,
                    event!(
                        "20.21",
                        "a division is withheld ({} units, 5 VP each if the city falls)",
                        g.units.len()
                    ),
                )
            }
            Command::EndSetup => {
                if let Some(u) = self.units_to_place().next() {
                    let _ = u;
                    return refuse("3.0", "every unit of this set-up step must be placed first");
                }
                let next = self
                    .scenario()
                    .setup
                    .iter()
                    .map(|g| g.step)
                    .filter(|&s| s > self.state.setup.step)
                    .min();
                match next {
                    Some(s) => {
                        self.state.setup.step = s;
                        emit(
                            events,
                            event!(
                                "3.0",
                                "{} sets up",
                                super::state::side_name(self.setup_side())
                            ),
                        )
                    }
                    None => self.begin_play(events),
                }
            }
            _ => refuse("3.0", "the game has not started: finish the set-up first"),
        }
    }
}

fn case_of(g: &SetupGroup) -> &'static str {
    // Scenario set-up cases are few and fixed; map the data's text onto static case strings.
    match g.case.as_str() {
        "21.21" => "21.21",
        "21.31" => "21.31",
        _ => "21.11",
    }
}

/// The hexes within `d` of `h` (a bounding-box scan filtered by distance: a step changes the
/// column or the row by at most one, so nothing farther than `d` in either is that close).
fn hexes_within(g: &Geometry, h: HexId, d: u8) -> impl Iterator<Item = HexId> + '_ {
    let (c, r, d) = (h.col as i16, h.row as i16, d as i16);
    (c - d..=c + d)
        .flat_map(move |col| (r - d..=r + d).map(move |row| (col, row)))
        .filter(|&(col, row)| (1..=255).contains(&col) && (1..=255).contains(&row))
        .map(|(col, row)| HexId::new(col as u8, row as u8))
        .filter(move |&b| g.contains(b) && g.distance(b, h) <= d as u16)
}
