//! The terrain of *Gates* (2.0–2.2) on the series ground ([`crate::css::terrain`]): the
//! series chart already holds the numbers the exclusive rules state (dot costs and cover
//! 2.1.1–2.1.6, route rates 2.1.7–2.1.9, slope and stream costs 2.2.1–2.2.2), and the series
//! movement enforces them (S7.3–S7.10). This module names the Gates chart and joins the
//! game's own markers to the series' [`Conditions`]: a Customs Police post the Warsaw Pact has
//! entered is destroyed (2.2.6, 2.5, [`super::places`]) and stops costing movement.

use super::places::{Site, SiteKind, SiteState};
use crate::core::hex::{HexId, Hexside};
use crate::core::side::Side;
use crate::css::terrain::{Conditions, Crossing, Fortification, Part, Smoke, TerrainChart};

/// The Gates terrain chart: table S7.3-T and S7.4-T with the exclusive values of 2.1–2.2
/// (binding) and the series' marked stand-ins for what the rulebook leaves to its chart (the
/// barbed-wire Wall and Customs Police costs among them).
pub fn chart() -> TerrainChart {
    TerrainChart::stand_in()
}

/// The series' markers of a position together with the Gates sites: a Customs Police post
/// is destroyed when its site is (2.2.6); every other answer is the inner markers'.
pub struct WithSites<'a, C: Conditions> {
    pub inner: &'a C,
    pub sites: &'a [Site],
    pub state: &'a SiteState,
}

impl<C: Conditions> Conditions for WithSites<'_, C> {
    fn bridge_out(&self, at: Crossing) -> bool {
        self.inner.bridge_out(at)
    }
    fn temporary_bridge(&self, s: Hexside) -> bool {
        self.inner.temporary_bridge(s)
    }
    fn breached(&self, s: Hexside) -> bool {
        self.inner.breached(s)
    }
    /// 2.2.6: destroyed when a Warsaw Pact unit entered it (2.5).
    fn customs_destroyed(&self, h: HexId) -> bool {
        self.inner.customs_destroyed(h)
            || self.sites.iter().enumerate().any(|(i, s)| {
                s.hex == h && s.kind == SiteKind::CustomsPolice && self.state.is_destroyed(i)
            })
    }
    fn hex_owned(&self, h: HexId) -> Option<(Side, Part)> {
        self.inner.hex_owned(h)
    }
    fn rubble(&self, h: HexId) -> bool {
        self.inner.rubble(h)
    }
    fn fortification(&self, h: HexId) -> Fortification {
        self.inner.fortification(h)
    }
    fn smoke(&self, h: HexId) -> Smoke {
        self.inner.smoke(h)
    }
    fn lit(&self, h: HexId) -> bool {
        self.inner.lit(h)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::core::map::{HexFeatures, SideFeatures};
    use crate::core::protocol::RuleViolation;
    use crate::css::move_action::Move;
    use crate::css::movement::tests::{rifles, tank, trucks};
    use crate::css::movement::{Ctx, Enemies, Mover, Party, COLUMN, DEPLOYED};
    use crate::css::terrain::tests::{h, Board, Marks, BH};
    use crate::css::terrain::{dots, FireKind, MoveClass, NoMarkers, SIXTHS};
    use crate::gates::{NATO, WARSAW_PACT};
    use std::string::ToString;

    /// Walks `path` from its first hex with the series' checked move; the MP spent (sixths).
    fn walk<C: Conditions>(
        b: &Board,
        cond: &C,
        face: crate::core::faces::Face,
        unit: Mover,
        path: &[HexId],
    ) -> Result<u16, RuleViolation> {
        let p = Party::new(NATO, path[0], Part::First, face, &[unit], false)?;
        let enemies = Enemies::<BH>::new();
        let ctx = Ctx {
            ground: b.ground(),
            cond,
            enemies: &enemies,
            party: &p,
        };
        let (mut m, _) = Move::begin(&ctx, false)?;
        for &to in &path[1..] {
            m.step(&ctx, to)?;
        }
        Ok(m.spent)
    }

    fn col(c: u8, rows: core::ops::RangeInclusive<u8>) -> std::vec::Vec<HexId> {
        rows.map(|r| h(c, r)).collect()
    }

    // 2.1.1–2.1.6 in-hex terrain: the cost of each dot for leg, wheeled and tracked units,
    // whether it blocks sight, and the cover a Deployed target gets (B5 for Woods and City).
    #[test]
    fn gates_2_1_dot_costs_cover_and_blocking() {
        let c = chart();
        let mp = |t, class| c.dot(t).unwrap().cost.get(class).map(|s| s / 6);
        let costs = |t| {
            (
                mp(t, MoveClass::Leg),
                mp(t, MoveClass::Wheeled),
                mp(t, MoveClass::Tracked),
            )
        };
        assert_eq!(costs(dots::CLEAR), (Some(1), Some(3), Some(2)), "2.1.1");
        assert_eq!(costs(dots::WOODS), (Some(2), Some(8), Some(6)), "2.1.2");
        assert_eq!(costs(dots::VILLAGE), (Some(1), Some(3), Some(2)), "2.1.3");
        assert_eq!(costs(dots::TOWN), (Some(1), Some(4), Some(3)), "2.1.4");
        assert_eq!(costs(dots::MARSH), (Some(4), None, None), "2.1.5");
        assert_eq!(costs(dots::CITY), (Some(1), Some(4), Some(3)), "2.1.6");
        let cover = |t| {
            let d = c.dot(t).unwrap();
            (d.blocks_los, d.cover_direct, d.cover_indirect)
        };
        assert_eq!(cover(dots::CLEAR), (false, 0, 0));
        assert_eq!(cover(dots::WOODS), (true, -2, 0), "tree bursts");
        assert_eq!(cover(dots::VILLAGE), (true, -1, -1));
        assert_eq!(cover(dots::TOWN), (true, -2, -2));
        assert_eq!(cover(dots::MARSH), (false, 0, 0));
        assert_eq!(cover(dots::CITY), (true, -3, -3));
        // Cover is the Deployed target's only (2.1.1–2.1.6 name Deployed units).
        let mut b = Board::new();
        b.dot(h(4, 4), dots::CITY);
        let g = b.ground();
        assert_eq!(g.cover(h(4, 4), true, FireKind::Direct, &NoMarkers), -3);
        assert_eq!(g.cover(h(4, 4), false, FireKind::Direct, &NoMarkers), 0);
    }

    // 2.1.4, 2.1.6: wheeled and tracked units are never Deployed in Town or City hexes; the
    // marsh of 2.1.5 is closed to them.
    #[test]
    fn gates_2_1_4_vehicles_never_deploy_in_town_or_city() {
        let mut b = Board::new();
        b.dot(h(4, 4), dots::TOWN)
            .dot(h(4, 5), dots::CITY)
            .dot(h(6, 6), dots::MARSH);
        let g = b.ground();
        for at in [h(4, 4), h(4, 5)] {
            assert!(g.may_deploy(at, MoveClass::Leg));
            assert!(!g.may_deploy(at, MoveClass::Wheeled));
            assert!(!g.may_deploy(at, MoveClass::Tracked));
        }
        assert!(g.may_deploy(h(3, 3), MoveClass::Tracked), "Clear");
        let r = walk(&b, &NoMarkers, COLUMN, tank(), &[h(6, 5), h(6, 6)]);
        assert_eq!(r.unwrap_err().case, "S7.3", "2.1.5: no tracks in the marsh");
        assert_eq!(
            walk(&b, &NoMarkers, COLUMN, rifles(), &[h(6, 5), h(6, 6)]),
            Ok(24)
        );
    }

    // 2.1.7 highways: a unit in Column entering along a highway pays ⅓ MP whatever the dot;
    // a Deployed unit pays the dot.
    #[test]
    fn gates_2_1_7_highways_cost_a_third_for_column_units() {
        let mut b = Board::new();
        let path = col(5, 3..=6);
        for at in &path {
            b.dot(*at, dots::WOODS);
        }
        b.route(&path, SideFeatures::HIGHWAY);
        assert_eq!(
            walk(&b, &NoMarkers, COLUMN, trucks(), &path),
            Ok(6),
            "3 × ⅓"
        );
        assert_eq!(walk(&b, &NoMarkers, COLUMN, rifles(), &path), Ok(6));
        assert_eq!(
            walk(&b, &NoMarkers, DEPLOYED, rifles(), &path[..2]),
            Ok(12),
            "Deployed: the Woods dot"
        );
        assert_eq!(SIXTHS.display(2).to_string(), "⅓");
    }

    // 2.1.8 railroads (1 MP) and 2.1.9 roads (½ MP leg and tracked, 1 MP wheeled) for units
    // in Column entering along them.
    #[test]
    fn gates_2_1_8_railroads_and_2_1_9_roads_column_rates() {
        let mut b = Board::new();
        let rail = col(3, 3..=5);
        let road = col(7, 3..=5);
        for at in rail.iter().chain(&road) {
            b.dot(*at, dots::WOODS);
        }
        b.route(&rail, SideFeatures::RAIL)
            .route(&road, SideFeatures::ROAD);
        assert_eq!(walk(&b, &NoMarkers, COLUMN, tank(), &rail), Ok(12));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, trucks(), &rail), Ok(12));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, rifles(), &road), Ok(6));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, tank(), &road), Ok(6));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, trucks(), &road), Ok(12));
    }

    // 2.2.2 streams: +2 MP leg, +4 MP tracked, no wheeled crossing.
    #[test]
    fn gates_2_2_2_stream_hexsides() {
        let mut b = Board::new();
        b.side(h(5, 5), h(5, 6), SideFeatures::STREAM);
        let p = [h(5, 5), h(5, 6)];
        assert_eq!(walk(&b, &NoMarkers, COLUMN, rifles(), &p), Ok(18));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, tank(), &p), Ok(36));
        assert_eq!(
            walk(&b, &NoMarkers, COLUMN, trucks(), &p).unwrap_err().case,
            "S7.4"
        );
    }

    // 2.2.6 Berlin Wall: no crossing, except at an access point (free), over barbed wire
    // (the chart's price) or through a breach (3.10.4).
    #[test]
    fn gates_2_2_6_the_wall_is_crossed_only_where_open() {
        let mut b = Board::new();
        b.side(h(3, 5), h(3, 6), SideFeatures::BORDER)
            .side(
                h(5, 5),
                h(5, 6),
                SideFeatures::BORDER | SideFeatures::WALL_GAP,
            )
            .side(
                h(7, 5),
                h(7, 6),
                SideFeatures::BORDER | SideFeatures::WALL_WIRE,
            );
        let at = |c: u8| [h(c, 5), h(c, 6)];
        assert_eq!(
            walk(&b, &NoMarkers, COLUMN, rifles(), &at(3))
                .unwrap_err()
                .case,
            "S7.8"
        );
        assert_eq!(walk(&b, &NoMarkers, COLUMN, trucks(), &at(5)), Ok(18));
        assert_eq!(walk(&b, &NoMarkers, COLUMN, rifles(), &at(7)), Ok(18));
        let mut m = Marks::default();
        m.breached
            .push(b.g().side_between(h(3, 5), h(3, 6)).unwrap());
        assert_eq!(walk(&b, &m, COLUMN, trucks(), &at(3)), Ok(18));
    }

    // 2.2.6 Customs Police: its post and the hexes around it cost more to enter until a
    // Warsaw Pact unit enters the post, which destroys it (2.5).
    #[test]
    fn gates_2_2_6_customs_post_destroyed_by_warsaw_pact_entry() {
        let mut b = Board::new();
        let post = h(6, 6);
        b.feature(post, HexFeatures::CUSTOMS_POST);
        b.detail(post).customs = true;
        b.detail(h(6, 7)).customs = true;
        let sites = [Site {
            hex: post,
            kind: SiteKind::CustomsPolice,
        }];
        let mut state = SiteState::default();
        let path = [h(6, 8), h(6, 7), post];
        let cost = |state: &SiteState| {
            let cond = WithSites {
                inner: &NoMarkers,
                sites: &sites,
                state,
            };
            walk(&b, &cond, COLUMN, rifles(), &path)
        };
        assert_eq!(cost(&state), Ok(24), "+1 MP in each of the two hexes");
        assert!(state.occupy(&sites, NATO, post).is_empty());
        assert_eq!(state.occupy(&sites, WARSAW_PACT, post).len(), 1);
        assert_eq!(cost(&state), Ok(12));
    }
}
