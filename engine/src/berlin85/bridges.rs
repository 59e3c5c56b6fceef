//! Interrupts that happen "no matter what the Phase" when a unit enters a hex: bridge
//! demolition [12.0] (and the Medicine Wheel / Werewolf variants [21.35] 5, [21.25] 2).
//! `Game::pending` and `Game::apply` look here first, so an interrupt raised in the middle
//! of a move, a retreat or an advance is answered before the phase goes on.
//!
//! Procedure: each bridge (or POL hex) that becomes eligible is queued; its owner is asked
//! yes/no (`Pending::Choose`, Yes first), then rolls one die (`Pending::Roll`): 1-3 succeeds.
//! Every bridge is tried or declined once per game (`State::demolition_tried`).
//!
//! Werewolf POL demolition ([21.25] 2) — a project decision, the rules give no effect: a
//! demolished POL hex gets `Markers::POL_DESTROYED` and stops being a POL hex: it can no
//! longer be set on fire by barrage [10.71] or by spreading fire [10.74] (turn.rs honours the
//! marker), so the Warsaw Pact cannot use it to burn its way forward.

use super::event::Event;
use super::game::{Game, Input85, Pending85};
use super::state::{NATO, WARSAW_PACT};
use crate::core::hex::{Dir, HexId, Hexside};
use crate::core::map::{HexFeatures, Markers, SideFeatures};
use crate::core::protocol::{emit, refuse, DiceSpec, Events, Input, Pending, RuleViolation};
use crate::core::side::Side;
use crate::core::units::UnitId;
use crate::event;
use serde::{Deserialize, Serialize};

/// Demolitions waiting to be answered at once (one hex has six sides and six neighbours).
pub const MAX_QUEUED: usize = 16;
/// POL hexes whose demolition was tried or declined.
pub const MAX_POL: usize = 32;

/// What may be demolished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DemolitionTarget {
    Bridge(Hexside),
    Pol(HexId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Demolition {
    pub target: DemolitionTarget,
    /// The player who may demolish (NATO [12.0], [21.25] 2; the Warsaw Pact [21.35] 5).
    pub by: Side,
}

impl Demolition {
    pub fn case(&self) -> &'static str {
        match (self.target, self.by) {
            (DemolitionTarget::Pol(_), _) => "21.25",
            (_, NATO) => "12.0",
            _ => "21.35",
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterruptState {
    /// Demolitions to ask about, first one current.
    pub queue: heapless::Vec<Demolition, MAX_QUEUED>,
    /// The current one was accepted: waiting for the die.
    pub rolling: bool,
    pub pol_tried: heapless::Vec<HexId, MAX_POL>,
}

fn yes_no() -> heapless::Vec<super::command::Choice, { crate::core::protocol::MAX_OPTIONS }> {
    let mut v = heapless::Vec::new();
    let _ = v.push(super::command::Choice::Yes);
    let _ = v.push(super::command::Choice::No);
    v
}

impl<'d> Game<'d> {
    /// Is the side of `h` toward `d` an intact bridge (printed, or implied by a road or
    /// Autobahn crossing water [5.25])?
    pub fn is_intact_bridge(&self, h: HexId, d: Dir) -> bool {
        let sf = self.data.map.side_toward(h, d);
        let bridge = sf.has(SideFeatures::BRIDGE)
            || (sf.has(SideFeatures::WATER) && sf.has(SideFeatures::ROAD | SideFeatures::AUTOBAHN));
        bridge && !self.bridge_blown(h, d)
    }

    fn queue_demolition(&mut self, d: Demolition) -> Result<bool, RuleViolation> {
        if self.state.interrupt.queue.contains(&d) {
            return Ok(false);
        }
        self.state
            .interrupt
            .queue
            .push(d)
            .map_err(|_| RuleViolation::new("engine", "too many demolitions at once"))?;
        Ok(true)
    }

    /// Every entry of a unit into a hex goes through here — movement, retreat, displacement,
    /// advance, airlanding: the hex becomes held by the unit's side [19.44] and any interrupt
    /// the entry triggers is queued.
    pub(crate) fn unit_entered(
        &mut self,
        u: UnitId,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let side = self.side_of(u);
        self.mark_held(hex, side);
        let rules = self.scenario().rules;
        let west = self.in_west_berlin(hex);
        // [12.0] WP into West Berlin; [21.35] 5 NATO next to East German / East Berlin bridges.
        let by = if side == WARSAW_PACT && west {
            Some(NATO)
        } else if side == NATO && !west && rules.wp_bridge_demolition {
            Some(WARSAW_PACT)
        } else {
            None
        };
        if let Some(by) = by {
            let g = self.data.map.geometry;
            for d in Dir::ALL {
                if !self.is_intact_bridge(hex, d) {
                    continue;
                }
                let Some(s) = g.canonical_side(hex, d) else {
                    continue;
                };
                if self.state.demolition_tried.contains(&s) {
                    continue;
                }
                if self.queue_demolition(Demolition {
                    target: DemolitionTarget::Bridge(s),
                    by,
                })? {
                    let label = g.format(hex);
                    emit(
                        events,
                        event!(
                            if by == NATO { "12.0" } else { "21.35" },
                            "enemy at the bridge by {}: {} may try to blow it",
                            label,
                            super::state::side_name(by)
                        )
                        .at(hex),
                    )?;
                }
            }
        }
        // [21.25] 2: a WP unit next to (or in) a West Berlin POL hex.
        if side == WARSAW_PACT && rules.nato_pol_demolition {
            let g = self.data.map.geometry;
            let mut candidates: heapless::Vec<HexId, 7> = heapless::Vec::new();
            let _ = candidates.push(hex);
            for (_, n) in g.neighbours(hex) {
                let _ = candidates.push(n);
            }
            for p in candidates {
                if self.in_west_berlin(p)
                    && self.features(p).has(HexFeatures::POL)
                    && !self.markers(p).has(Markers::POL_DESTROYED)
                    && !self.state.interrupt.pol_tried.contains(&p)
                    && self.queue_demolition(Demolition {
                        target: DemolitionTarget::Pol(p),
                        by: NATO,
                    })?
                {
                    let label = g.format(p);
                    emit(
                        events,
                        event!(
                            "21.25",
                            "enemy next to the POL at {}: NATO may demolish it",
                            label
                        )
                        .at(p),
                    )?;
                }
            }
        }
        Ok(())
    }

    /// The demolition being asked about, if any.
    pub fn current_demolition(&self) -> Option<Demolition> {
        self.state.interrupt.queue.first().copied()
    }

    /// The interrupt the table must answer before anything else, if any.
    pub(crate) fn interrupt_pending(&self) -> Option<Pending85> {
        let d = self.current_demolition()?;
        let purpose = match d.target {
            DemolitionTarget::Bridge(_) => "demolish the bridge",
            DemolitionTarget::Pol(_) => "demolish the POL",
        };
        Some(if self.state.interrupt.rolling {
            Pending::Roll {
                player: d.by,
                dice: DiceSpec::D6,
                purpose,
                case: d.case(),
                secret: false,
            }
        } else {
            Pending::Choose {
                player: d.by,
                purpose,
                case: d.case(),
                options: yes_no(),
            }
        })
    }

    fn demolition_tried(&mut self, d: Demolition) -> Result<(), RuleViolation> {
        let full = RuleViolation::new("engine", "too many demolitions recorded");
        match d.target {
            DemolitionTarget::Bridge(s) => {
                if !self.state.demolition_tried.contains(&s) {
                    self.state.demolition_tried.push(s).map_err(|_| full)?;
                }
            }
            DemolitionTarget::Pol(h) => {
                if !self.state.interrupt.pol_tried.contains(&h) {
                    self.state.interrupt.pol_tried.push(h).map_err(|_| full)?;
                }
            }
        }
        if !self.state.interrupt.queue.is_empty() {
            self.state.interrupt.queue.remove(0);
        }
        self.state.interrupt.rolling = false;
        Ok(())
    }

    /// Answers the pending interrupt (only called when `interrupt_pending` is `Some`).
    pub(crate) fn interrupt_apply(
        &mut self,
        input: &Input85,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(d) = self.current_demolition() else {
            return refuse("12.0", "no interrupt is pending");
        };
        let case = d.case();
        let what = match d.target {
            DemolitionTarget::Bridge(_) => "bridge",
            DemolitionTarget::Pol(_) => "POL",
        };
        match (input, self.state.interrupt.rolling) {
            (Input::Chose(0), false) => {
                self.state.interrupt.rolling = true;
                emit(events, event!(case, "demolition of the {} attempted", what))?;
                return Ok(());
            }
            (Input::Chose(1), false) => {
                emit(
                    events,
                    event!(
                        case,
                        "the {} is left standing, for the rest of the game",
                        what
                    ),
                )?;
                self.demolition_tried(d)?;
            }
            (Input::Rolled(r), true) => {
                if !DiceSpec::D6.accepts(r) {
                    return refuse(case, "one die is rolled for each demolition");
                }
                let blown = r.total() <= 3;
                if blown {
                    match d.target {
                        DemolitionTarget::Bridge(s) => {
                            self.state.blown_bridges.push(s).map_err(|_| {
                                RuleViolation::new("engine", "too many blown bridges")
                            })?;
                        }
                        DemolitionTarget::Pol(h) => {
                            if let Some(hs) = self.hex_state_mut(h) {
                                hs.markers.insert(Markers::POL_DESTROYED);
                            }
                        }
                    }
                }
                emit(
                    events,
                    event!(
                        case,
                        "demolition roll {}: the {} {}",
                        r.total(),
                        what,
                        if blown { "is destroyed" } else { "stands" }
                    ),
                )?;
                self.demolition_tried(d)?;
            }
            (_, false) => return refuse(case, "answer first: demolish or not"),
            (_, true) => return refuse(case, "roll one die for the demolition first"),
        }
        if self.state.interrupt.queue.is_empty() {
            self.movement_after_interrupt(events)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::berlin85::data::Region;
    use crate::berlin85::movement::tests::*;
    use crate::berlin85::testkit::*;
    use crate::core::units::UnitKind;

    /// West Berlin columns 1-5; a road bridge between 0505 and 0506.
    fn bridge_board() -> Board {
        let mut b = Board::new(10, 10);
        for c in 1..=5u8 {
            for r in 1..=10 {
                b.region(HexId::new(c, r), Region::WestBerlin);
            }
        }
        b.side(hex("0505"), hex("0506"), SF::WATER | SF::ROAD);
        b
    }

    fn bridge(g: &Game<'_>) -> Hexside {
        g.data
            .map
            .geometry
            .side_between(hex("0505"), hex("0506"))
            .unwrap()
    }

    fn is_choice(g: &Game<'_>, who: Side, case: &str) -> bool {
        matches!(g.pending(), Pending::Choose { player, case: c, .. } if player == who && c == case)
    }

    #[test]
    fn bridge_12_0_interrupts_the_move_and_a_1_to_3_blows_it() {
        let mut b = bridge_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0501"))]);
        let ev = mv_path(&mut g, u, &["0502", "0503", "0504", "0505", "0506", "0507"]).unwrap();
        assert!(ev.iter().any(|e| e.case == "12.0"));
        assert_eq!(
            at(&g, u),
            hex("0505"),
            "the move stops where the interrupt happened"
        );
        assert!(is_choice(&g, NATO, "12.0"));
        assert_eq!(
            case_of(mv(&mut g, u, "0504")),
            "12.0",
            "the interrupt comes first"
        );
        g.apply(&yes()).unwrap();
        assert!(matches!(
            g.pending(),
            Pending::Roll {
                player: NATO,
                case: "12.0",
                ..
            }
        ));
        g.apply(&roll(&[3])).unwrap();
        assert!(g.state.blown_bridges.contains(&bridge(&g)));
        assert!(g.state.demolition_tried.contains(&bridge(&g)));
        // The unit is still in hand and goes on; the side is now plain water.
        mv_path(&mut g, u, &["0506"]).unwrap();
        assert_eq!(g.spent_half(u), 8 + 2 + g.data.tables.water.mp_half);
    }

    #[test]
    fn bridge_12_0_a_4_to_6_leaves_it_standing_for_good() {
        let mut b = bridge_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0504")), (v, hex("0704"))]);
        mv(&mut g, u, "0505").unwrap();
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[4])).unwrap();
        assert!(g.state.blown_bridges.is_empty());
        mv(&mut g, u, "0506").unwrap();
        assert_eq!(g.spent_half(u), 2 + 2 + g.data.tables.bridge.mp_half);
        // Another unit later: no second attempt.
        mv(&mut g, u, "0507").unwrap();
        assert!(g.interrupt_pending().is_none());
    }

    #[test]
    fn bridge_12_0_a_unit_stopped_on_a_friend_must_move_on() {
        let mut b = bridge_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0504")), (f, hex("0505"))]);
        mv_path(&mut g, u, &["0505", "0506"]).unwrap();
        assert_eq!(at(&g, u), hex("0505"), "stopped on the friend's hex");
        g.apply(&no()).unwrap();
        let end = g.apply(&cmd(crate::berlin85::Command::EndMovement));
        assert_eq!(case_of(end), "5.31");
        mv(&mut g, u, "0506").unwrap();
        g.apply(&cmd(crate::berlin85::Command::EndMovement))
            .unwrap();
    }

    #[test]
    fn bridge_12_0_a_unit_that_can_neither_stop_nor_go_on_goes_back() {
        // The interrupt leaves the unit on a friend's hex [5.31]; if it has nowhere left to go,
        // it goes back to the last hex of its move where it could stop, so play goes on.
        let mut b = bridge_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let f = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0503")), (f, hex("0505"))]);
        mv_path(&mut g, u, &["0504", "0505", "0506"]).unwrap();
        assert_eq!(at(&g, u), hex("0505"));
        g.apply(&no()).unwrap();
        // Every Movement Point is gone (as after a long road march): no hex to go on to.
        let all = g.movement_allowance_half(u);
        g.state.units[u.0 as usize].spent_mp = all;
        let ev = g
            .apply(&cmd(crate::berlin85::Command::EndMovement))
            .unwrap();
        assert_eq!(
            at(&g, u),
            hex("0504"),
            "back to the last hex where it could stop"
        );
        assert!(ev.iter().any(|e| e.case == "5.31" && e.unit == Some(u)));
        assert_eq!(at(&g, f), hex("0505"));
    }

    #[test]
    fn bridge_12_0_declined_means_never_again() {
        let mut b = bridge_board();
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let v = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0504")), (v, hex("0507"))]);
        mv(&mut g, u, "0505").unwrap();
        g.apply(&no()).unwrap();
        assert!(g.interrupt_pending().is_none());
        mv(&mut g, v, "0506").unwrap();
        assert!(g.interrupt_pending().is_none());
    }

    #[test]
    fn bridge_12_0_nato_units_and_east_german_hexes_raise_nothing() {
        let mut b = bridge_board();
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, NATO, &[(n, hex("0504"))]);
        mv(&mut g, n, "0505").unwrap();
        assert!(g.interrupt_pending().is_none());
    }

    #[test]
    fn bridge_21_35_5_warsaw_pact_demolishes_in_east_germany() {
        let mut b = Board::new(10, 10);
        b.side(hex("0505"), hex("0506"), SF::WATER | SF::ROAD);
        b.scenario_mut().rules.wp_bridge_demolition = true;
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, NATO, &[(n, hex("0503"))]);
        mv(&mut g, n, "0506").unwrap();
        assert_eq!(at(&g, n), hex("0505"));
        assert!(is_choice(&g, WARSAW_PACT, "21.35"));
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[1])).unwrap();
        assert!(g.state.blown_bridges.contains(&bridge(&g)));
    }

    #[test]
    fn pol_21_25_2_nato_may_demolish_a_west_berlin_pol() {
        let mut b = bridge_board();
        b.scenario_mut().rules.nato_pol_demolition = true;
        b.feature(hex("0308"), HF::POL);
        let u = b.unit(WARSAW_PACT, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, WARSAW_PACT, &[(u, hex("0303"))]);
        mv_path(&mut g, u, &["0304", "0305", "0306", "0307"]).unwrap();
        assert_eq!(at(&g, u), hex("0307"));
        assert!(is_choice(&g, NATO, "21.25"));
        g.apply(&yes()).unwrap();
        g.apply(&roll(&[2])).unwrap();
        assert!(g.markers(hex("0308")).has(Markers::POL_DESTROYED));
        assert!(g.interrupt_pending().is_none());
    }

    #[test]
    fn hold_19_44_every_hex_moved_through_becomes_held() {
        let mut b = bridge_board();
        let n = b.unit(NATO, UnitKind::Mechanized, 4, 4, 12);
        let mut g = start(b, NATO, &[(n, hex("0701"))]);
        mv(&mut g, n, "0704").unwrap();
        for r in 2..=4 {
            assert_eq!(g.held_by(HexId::new(7, r)), NATO);
        }
        assert_eq!(g.held_by(hex("0705")), WARSAW_PACT);
    }
}
