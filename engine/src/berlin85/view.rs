//! What one seat at the table may see ([`Game::view`]), with no heap. Hidden information is
//! filtered here and nowhere else (DESIGN.md §2, principle 5):
//! - untried units show "U" for their combat strengths until revealed [11.0] — to both sides,
//!   since neither player knows them;
//! - NATO's emergency reinforcement roll is secret [17.0]: the Warsaw Pact (and an onlooker)
//!   sees its total only when it brought reinforcements, and never learns that a 2-5 ended
//!   the rolls [17.1];
//! - a pending roll that is secret to another seat is marked so the UI shows it face down.

use super::game::{Game, Pending85};
use super::state::{Phase, MAX_BRIDGES, NATO};
use super::turn::ReinforcementRoll;
use super::victory::{Outcome, VpSoFar};
use crate::core::hex::{HexId, Hexside};
use crate::core::map::{Markers, MAX_HEXES};
use crate::core::protocol::Pending;
use crate::core::side::{Side, Viewer};
use crate::core::units::{Location, Nationality, UnitId, UnitKind, MAX_UNITS};
use core::fmt;

/// Hexes with markers listed in one view.
pub const MAX_VIEW_MARKERS: usize = 512;
/// Words of the "held by the Warsaw Pact" hex bitset.
pub const HELD_WORDS: usize = MAX_HEXES.div_ceil(32);

/// A combat strength as a player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Value(u8),
    /// The untried side is up: "U" [11.0].
    Untried,
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shown::Value(v) => write!(f, "{}", v),
            Shown::Untried => f.write_str("U"),
        }
    }
}

/// One counter as the viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitView<'d> {
    pub id: UnitId,
    pub roster_id: &'d str,
    pub name: &'d str,
    pub side: Side,
    pub kind: UnitKind,
    pub nationality: Nationality,
    pub size: &'d str,
    pub location: Location,
    pub attack: Shown,
    pub defense: Shown,
    pub movement: u8,
    /// Artillery values (0 for other units) [2.32].
    pub barrage: u8,
    pub fpf: u8,
    pub range: u8,
    pub untried: bool,
    /// Has spent movement points this phase.
    pub moved: bool,
    /// The subsystems' per-turn flags, raw (moved, attacked, out of supply …).
    pub flags: u16,
}

/// Markers on one hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexMarkers {
    pub hex: HexId,
    pub markers: Markers,
    /// Game-Turn the fire or gas marker was placed.
    pub placed_turn: u8,
}

/// Everything one seat may see of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View<'d> {
    pub viewer: Viewer,
    pub scenario: &'d str,
    pub turn: u8,
    pub last_turn: u8,
    pub night: bool,
    pub phase: Phase,
    pub phasing: Side,
    /// Air points left this Game-Turn, by side index [9.1].
    pub air_points: [u8; 2],
    pub air_superiority: Side,
    pub honors_bonus: Option<Side>,
    pub honors_failed_offers: u8,
    pub cease_fire: bool,
    pub surrender_points: i16,
    pub vp: VpSoFar,
    pub vp_multiple_halves: u8,
    pub rail_vp: u16,
    /// The Medicine Wheel supply priority is in force (or the rule is not used) [21.35] 4.
    pub wp_supply_priority: bool,
    /// NATO's last emergency reinforcement roll, if this viewer may know it [17.0].
    pub reinforcement_roll: Option<ReinforcementRoll>,
    /// NATO only: a 2-5 has ended the emergency reinforcements [17.1].
    pub reinforcements_over: Option<bool>,
    /// A 12 ended the rolls in the open [17.23].
    pub twelve_rolled: bool,
    /// The Jägerbrigade may airland this Game-Turn [17.1].
    pub emergency_airlanding: bool,
    pub units: heapless::Vec<UnitView<'d>, MAX_UNITS>,
    pub markers: heapless::Vec<HexMarkers, MAX_VIEW_MARKERS>,
    pub blown_bridges: heapless::Vec<Hexside, MAX_BRIDGES>,
    /// Bit per hex (map index): held by the Warsaw Pact [19.44].
    pub wp_held: [u32; HELD_WORDS],
    /// The POL hex being rolled for [10.74].
    pub fire_spread_hex: Option<HexId>,
    pub pending: Pending85,
    /// The pending roll's result will be secret from this viewer [17.0].
    pub pending_secret_from_viewer: bool,
    pub outcome: Option<Outcome>,
}

impl View<'_> {
    pub fn unit(&self, u: UnitId) -> Option<&UnitView<'_>> {
        self.units.iter().find(|v| v.id == u)
    }
    pub fn sees_as(&self, side: Side) -> bool {
        self.viewer == Viewer::Side(side)
    }
}

impl<'d> Game<'d> {
    /// The game as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> View<'d> {
        let data: &'d super::data::GameData = self.data;
        let ts = &self.state.turn_state;
        let nato_eyes = viewer == Viewer::Side(NATO);
        let mut units = heapless::Vec::new();
        for (i, s) in self.state.units.iter().enumerate() {
            let d = &data.roster.units[i];
            if s.location == Location::Unused {
                continue;
            }
            let u = UnitId(i as u16);
            let untried = d.untried && s.revealed.is_none();
            let (attack, defense) = if untried {
                (Shown::Untried, Shown::Untried)
            } else {
                let a = if d.kind.is_artillery() {
                    d.barrage
                } else {
                    self.attack_strength(u)
                };
                (Shown::Value(a), Shown::Value(self.defense_strength(u)))
            };
            let _ = units.push(UnitView {
                id: u,
                roster_id: d.id.as_str(),
                name: d.name.as_str(),
                side: d.side,
                kind: d.kind,
                nationality: d.nationality,
                size: d.size.as_str(),
                location: s.location,
                attack,
                defense,
                movement: d.movement,
                barrage: d.barrage,
                fpf: d.fpf,
                range: d.range,
                untried,
                moved: s.spent_mp > 0,
                flags: s.flags,
            });
        }
        let mut markers = heapless::Vec::new();
        let mut wp_held = [0u32; HELD_WORDS];
        for (i, hs) in self.state.hexes.iter().enumerate() {
            if hs.held_by != NATO {
                wp_held[i / 32] |= 1 << (i % 32);
            }
            if hs.markers.0 != 0 {
                if let Some(h) = data.map.geometry.hex_at(i) {
                    let _ = markers.push(HexMarkers {
                        hex: h,
                        markers: hs.markers,
                        placed_turn: hs.marker_turn,
                    });
                }
            }
        }
        let mut blown_bridges = heapless::Vec::new();
        for &b in &self.state.blown_bridges {
            let _ = blown_bridges.push(b);
        }
        let reinforcement_roll = ts.reinforcement_roll.filter(|r| r.public || nato_eyes);
        let pending = self.pending();
        let pending_secret_from_viewer = match &pending {
            Pending::Roll {
                secret: true,
                player,
                ..
            } => viewer != Viewer::Side(*player),
            _ => false,
        };
        View {
            viewer,
            scenario: self.scenario().id.as_str(),
            turn: self.state.turn,
            last_turn: self.scenario().end_turn,
            night: self.is_night(),
            phase: self.state.phase,
            phasing: self.state.phasing,
            air_points: ts.air_points,
            air_superiority: self.air_superiority(),
            honors_bonus: ts.bonus_side,
            honors_failed_offers: ts.honors_failed_offers,
            cease_fire: ts.cease_fire,
            surrender_points: self.surrender_points(),
            vp: self.victory_points(),
            vp_multiple_halves: self.vp_multiple_halves(self.state.turn),
            rail_vp: ts.rail_vp,
            wp_supply_priority: self.wp_supply_priority_active(),
            reinforcement_roll,
            reinforcements_over: nato_eyes.then_some(ts.reinforcements_over),
            twelve_rolled: ts.twelve_rolled,
            emergency_airlanding: self.emergency_land_reinforcements_available(),
            units,
            markers,
            blown_bridges,
            wp_held,
            fire_spread_hex: self.fire_spread_hex(),
            pending,
            pending_secret_from_viewer,
            outcome: self.outcome(),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::state::WARSAW_PACT;
    use crate::berlin85::testkit::{hex, Board};
    use crate::berlin85::turn::tests::{
        begin, berlin_board, end_turn, no, roll, take_barracks, yes,
    };
    use std::format;
    use std::string::String;

    fn untried_board() -> (Board, UnitId, UnitId) {
        let mut b = berlin_board();
        let wp = b.unit(WARSAW_PACT, UnitKind::Mechanized, 0, 0, 12);
        b.def_mut(wp).untried = true;
        let art = b.artillery(NATO, 3, 2, 12, 2, 14);
        (b, wp, art)
    }

    #[test]
    fn view_11_0_untried_strengths_show_u_to_every_seat() {
        let (b, wp, art) = untried_board();
        let mut g = b.game(Phase::Movement, WARSAW_PACT, 1, &[]);
        g.put(wp, hex("0505"));
        g.put(art, hex("0707"));
        for viewer in [
            Viewer::Side(NATO),
            Viewer::Side(WARSAW_PACT),
            Viewer::Public,
        ] {
            let v = g.view(viewer);
            let u = v.unit(wp).unwrap();
            assert_eq!(
                (u.attack, u.defense),
                (Shown::Untried, Shown::Untried),
                "{viewer:?}"
            );
            assert_eq!(
                format!("{}-{}", u.attack, u.movement),
                "U-12",
                "as [3.0] lists it"
            );
            let a = v.unit(art).unwrap();
            assert!(!a.untried, "artillery has no untried side [2.3]");
            assert_eq!(
                (a.attack, a.defense, a.fpf, a.range),
                (Shown::Value(3), Shown::Value(2), 2, 12)
            );
        }
    }

    #[test]
    fn view_11_0_revealed_strengths_are_shown() {
        let (b, wp, _) = untried_board();
        let mut g = b.game(Phase::Movement, WARSAW_PACT, 1, &[]);
        g.put(wp, hex("0505"));
        g.state.units[wp.0 as usize].revealed = Some((6, 5));
        let v = g.view(Viewer::Side(NATO));
        let u = v.unit(wp).unwrap();
        assert_eq!(
            (u.attack, u.defense, u.untried),
            (Shown::Value(6), Shown::Value(5), false)
        );
    }

    #[test]
    fn view_11_0_never_contains_an_unrevealed_strength() {
        // Even if a data set printed the hidden values on the counter, the view hides them.
        let (mut b, wp, _) = untried_board();
        b.def_mut(wp).attack = 97;
        b.def_mut(wp).defense = 98;
        let mut g = b.game(Phase::Movement, WARSAW_PACT, 1, &[]);
        g.put(wp, hex("0505"));
        for viewer in [
            Viewer::Side(NATO),
            Viewer::Side(WARSAW_PACT),
            Viewer::Public,
        ] {
            let text = format!("{:?}", g.view(viewer));
            assert!(!text.contains("97") && !text.contains("98"), "{viewer:?}");
        }
    }

    #[test]
    fn view_17_0_the_warsaw_pact_never_sees_the_secret_roll() {
        for a in 1..=6u8 {
            for b2 in 1..=6u8 {
                let total = a + b2;
                if total >= 11 {
                    continue;
                }
                let mut g = berlin_board().game(Phase::TurnStart, WARSAW_PACT, 1, &[]);
                begin(&mut g, 2);
                g.apply(&yes()).unwrap();
                let wp_before = g.view(Viewer::Side(WARSAW_PACT));
                assert!(wp_before.pending_secret_from_viewer);
                assert!(!g.view(Viewer::Side(NATO)).pending_secret_from_viewer);
                g.apply(&roll(&[a, b2])).unwrap();
                for viewer in [Viewer::Side(WARSAW_PACT), Viewer::Public] {
                    let v = g.view(viewer);
                    assert_eq!(v.reinforcement_roll, None, "{total}");
                    assert_eq!(v.reinforcements_over, None, "{total}");
                    let text: String = format!("{:?}", v);
                    assert!(!text.contains("ReinforcementRoll"), "{total}");
                }
                let n = g.view(Viewer::Side(NATO));
                assert_eq!(n.reinforcement_roll.map(|r| r.total), Some(total));
                assert_eq!(n.reinforcements_over, Some(total <= 5));
            }
        }
    }

    #[test]
    fn view_17_0_reinforcements_received_are_announced() {
        let mut g = berlin_board().game(Phase::TurnStart, WARSAW_PACT, 1, &[]);
        begin(&mut g, 2);
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[5, 6])).unwrap();
        let v = g.view(Viewer::Side(WARSAW_PACT));
        assert_eq!(v.reinforcement_roll.map(|r| r.total), Some(11));
        assert_eq!(v.air_superiority, NATO);
        assert_eq!(v.air_points, [6, 0]);
    }

    #[test]
    fn view_shows_turn_phase_markers_sp_and_pending() {
        let mut g = berlin_board().game(Phase::TurnStart, WARSAW_PACT, 1, &[]);
        take_barracks(&mut g, 3);
        let s = g.hex_state_mut(hex("0505")).unwrap();
        s.markers.insert(Markers::RUIN);
        begin(&mut g, 2);
        let v = g.view(Viewer::Public);
        assert_eq!(
            (v.turn, v.last_turn, v.night, v.phase),
            (2, 16, false, Phase::TurnStart)
        );
        assert_eq!(v.surrender_points, 6);
        assert!(matches!(v.pending, Pending::Choose { case: "19.0", .. }));
        assert_eq!(v.markers.len(), 1);
        assert_eq!(v.markers[0].hex, hex("0505"));
        let i = g.data.map.idx(hex("0101")).unwrap();
        assert!(v.wp_held[i / 32] & (1 << (i % 32)) != 0);
        g.apply(&no()).unwrap();
        g.apply(&no()).unwrap();
        let v = g.view(Viewer::Side(WARSAW_PACT));
        assert_eq!(
            (v.phase, v.phasing, v.air_points[WARSAW_PACT.index()]),
            (Phase::Movement, WARSAW_PACT, 6)
        );
        assert_eq!(v.vp_multiple_halves, 10);
        assert!(v.outcome.is_none());
        g.state.phase = Phase::Combat;
        g.state.turn = 16;
        end_turn(&mut g);
        assert!(g.view(Viewer::Public).outcome.is_some());
    }
}
