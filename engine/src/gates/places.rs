//! The places the exclusive rules name on the map and what happens when the Warsaw Pact takes
//! them: Teufelsberg (2.4), the map symbols of 2.5 (NATO positions, police headquarters,
//! Customs Police, landmarks), the prisons (3.4.1), the reinforcement hexes and their no-go
//! area (3.5), the spotter aircraft's bases (8.3) and the victory hexes (10.2).
//!
//! The sites of a map are data ([`Site`]); the hexes the rulebook itself names are in
//! [`hexes`]. Whether a site is destroyed is game state ([`SiteState`]); the game's
//! `css::terrain::Conditions` reads it for the Customs Police surcharge (2.2.6).

use super::{NATO, WARSAW_PACT};
use crate::core::hex::{Geometry, HexId};
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::css::command::{Chit, Cup};
use crate::css::terrain::Relief;
use serde::{Deserialize, Serialize};

/// Hexes the exclusive rules name (2.2.6, 2.4, 2.5, 3.4.1, 8.3).
pub mod hexes {
    use crate::core::hex::HexId;
    /// 2.4: the NATO listening station.
    pub const TEUFELSBERG: HexId = HexId::new(30, 35);
    /// 3.4.1: where captured Warsaw Pact units go (also the landmark example of 2.5).
    pub const SPANDAU_PRISON: HexId = HexId::new(26, 26);
    /// 3.4.1: where captured NATO units go.
    pub const STASI_PRISON: HexId = HexId::new(66, 32);
    /// 2.5: the headquarters of Polizei Direktion 1–5 and the independent one.
    pub const POLICE_HQS: [HexId; 6] = [
        HexId::new(31, 11),
        HexId::new(28, 29),
        HexId::new(38, 32),
        HexId::new(32, 48),
        HexId::new(65, 52),
        HexId::new(43, 34),
    ];
    /// 2.5: the Wasserschutzpolizei headquarters.
    pub const WATER_POLICE_HQ: HexId = HexId::new(37, 34);
    /// 2.5, 2.2.6: the Wall access hexside shown on the map.
    pub const WALL_ACCESS: (HexId, HexId) = (HexId::new(49, 30), HexId::new(50, 30));
    /// 2.5: the German Customs Police station shown.
    pub const CUSTOMS_POLICE: HexId = HexId::new(53, 24);
    /// 2.5: the reinforcement hex shown.
    pub const REINFORCEMENT: HexId = HexId::new(19, 58);
    /// 2.5: the NATO position shown.
    pub const NATO_POSITION: HexId = HexId::new(22, 30);
}

/// NATO's artillery-spotting aircraft (8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aircraft {
    /// US AvDt, based at 52.39.
    UsAvDt,
    /// 7 AAC, based at 15.41.
    Aac7,
    /// French ALAT, based at 37.24.
    Alat,
}

impl Aircraft {
    /// 8.3: the hex whose occupation by the Warsaw Pact removes the aircraft.
    pub const fn base(self) -> HexId {
        match self {
            Aircraft::UsAvDt => HexId::new(52, 39),
            Aircraft::Aac7 => HexId::new(15, 41),
            Aircraft::Alat => HexId::new(37, 24),
        }
    }
}

/// What a site is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SiteKind {
    NatoPosition,
    PoliceHq,
    CustomsPolice,
    Teufelsberg,
    Landmark,
    SpandauPrison,
    StasiPrison,
    /// A spotter aircraft's base (8.3).
    AirBase(Aircraft),
}

/// A site on the map (data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    pub hex: HexId,
    pub kind: SiteKind,
}

impl Site {
    /// 10.2 (with 2.5): the places of special interest count for victory once taken.
    pub const fn victory(&self) -> bool {
        !matches!(self.kind, SiteKind::StasiPrison | SiteKind::AirBase(_))
    }
}

/// Sites a map may hold.
pub const MAX_SITES: usize = 64;

/// Which sites are destroyed (bit per index of the map's site list).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteState {
    pub destroyed: u64,
}

/// What the Warsaw Pact's entry did, with its case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Taken {
    /// A Destroyed marker goes on the site (2.5, 10.2).
    Destroyed { site: u8 },
    /// Teufelsberg is destroyed for good: NATO no longer picks chits (2.4).
    Teufelsberg { site: u8 },
    /// Spandau Prison: its prisoners are freed and removed, the prison destroyed (3.4.1).
    SpandauLiberated { site: u8 },
    /// A spotter aircraft is removed from the game (8.3).
    AircraftLost(Aircraft),
}

impl Taken {
    pub const fn case(&self) -> &'static str {
        match self {
            Taken::Destroyed { .. } => "2.5",
            Taken::Teufelsberg { .. } => "2.4",
            Taken::SpandauLiberated { .. } => "3.4.1",
            Taken::AircraftLost(_) => "8.3",
        }
    }
}

impl SiteState {
    pub const fn is_destroyed(&self, site: usize) -> bool {
        site < 64 && self.destroyed & (1 << site) != 0
    }

    /// Is a site of `kind` in `h` destroyed?
    pub fn destroyed_at(&self, sites: &[Site], h: HexId) -> bool {
        sites
            .iter()
            .enumerate()
            .any(|(i, s)| s.hex == h && self.is_destroyed(i))
    }

    /// A unit of `side` enters or occupies `h` (2.4, 2.5, 3.4.1, 8.3, 10.2): every standing
    /// site there that the Warsaw Pact takes is destroyed. NATO's entries change nothing (the
    /// Stasi Prison is raided only by sabotage, 3.4.1). Returns what happened, at most one
    /// line per site.
    pub fn occupy(&mut self, sites: &[Site], side: Side, h: HexId) -> heapless::Vec<Taken, 4> {
        let mut out = heapless::Vec::new();
        if side != WARSAW_PACT {
            return out;
        }
        for (i, s) in sites.iter().enumerate().take(MAX_SITES) {
            if s.hex != h || self.is_destroyed(i) {
                continue;
            }
            let site = i as u8;
            let taken = match s.kind {
                SiteKind::StasiPrison => continue,
                SiteKind::Teufelsberg => Taken::Teufelsberg { site },
                SiteKind::SpandauPrison => Taken::SpandauLiberated { site },
                SiteKind::AirBase(a) => Taken::AircraftLost(a),
                _ => Taken::Destroyed { site },
            };
            self.destroyed |= 1 << i;
            let _ = out.push(taken);
        }
        out
    }

    /// Teufelsberg is held by NATO (2.4): not destroyed. A scenario whose map lacks it says
    /// whether NATO controls it (`off_map_held`).
    pub fn teufelsberg_held(&self, sites: &[Site], off_map_held: bool) -> bool {
        match sites.iter().position(|s| s.kind == SiteKind::Teufelsberg) {
            Some(i) => !self.is_destroyed(i),
            None => off_map_held,
        }
    }

    /// 10.2: victory hexes the Warsaw Pact has taken.
    pub fn victory_hexes_taken(&self, sites: &[Site]) -> usize {
        sites
            .iter()
            .enumerate()
            .filter(|(i, s)| s.victory() && self.is_destroyed(*i))
            .count()
    }
}

/// 2.4: while NATO holds Teufelsberg it may name the next chit instead of a random draw, but
/// only a Division or Formation chit still in the Cup (of either side, B20).
pub fn nato_picks(held: bool, cup: &Cup, chit: Chit) -> Result<(), RuleViolation> {
    if !held {
        return refuse(
            "2.4",
            "only while NATO holds Teufelsberg does it pick the next chit",
        );
    }
    if !matches!(chit, Chit::Division(_) | Chit::Formation(_)) {
        return refuse(
            "2.4",
            "the chit picked must be a Division or Formation chit",
        );
    }
    if !cup.contains(chit) {
        return refuse("2.4", "the chit picked must be in the Cup");
    }
    Ok(())
}

/// 2.4: may NATO pick at all (it holds the station and such a chit is in the Cup)?
pub fn nato_may_pick(held: bool, cup: &Cup) -> bool {
    held && cup
        .chits
        .iter()
        .any(|c| matches!(c, Chit::Division(_) | Chit::Formation(_)))
}

/// 1.2: a NATO or West German unit that some rule forces into an East German hex leaves play
/// (its moves there are refused outright: the map bars those hexes to NATO, S7.8).
pub fn leaves_play(side: Side, east_german_hex: bool) -> bool {
    side == NATO && east_german_hex
}

/// 3.5: is `h` in the no-go area of a reinforcement hex (the hex itself or within 3 hexes)?
pub fn in_no_go_area(g: &Geometry, h: HexId, reinforcement_hexes: &[HexId]) -> bool {
    reinforcement_hexes.iter().any(|r| g.distance(*r, h) <= 3)
}

/// 3.5: bars the no-go areas to NATO in the relief, so the series movement refuses them
/// (S7.8). Returns the number of hexes barred.
pub fn bar_no_go_areas<const H: usize>(
    g: &Geometry,
    relief: &mut Relief<H>,
    reinforcement_hexes: &[HexId],
) -> usize {
    let bit = match NATO {
        Side::A => 1,
        Side::B => 2,
    };
    let mut n = 0;
    for (i, d) in relief.hexes.iter_mut().enumerate() {
        if let Some(h) = g.hex_at(i) {
            if in_no_go_area(g, h, reinforcement_hexes) {
                d.barred |= bit;
                n += 1;
            }
        }
    }
    n
}

/// 3.5: NATO never fires at a reinforcement hex or the units in it.
pub fn may_fire_at(
    side: Side,
    target: HexId,
    reinforcement_hexes: &[HexId],
) -> Result<(), RuleViolation> {
    if side == NATO && reinforcement_hexes.contains(&target) {
        return refuse(
            "3.5",
            "NATO may not fire at a reinforcement hex or the units in it",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::units::UnitId;
    use crate::css::command::{DivisionId, FormationId};
    use crate::css::stacking::{may_place, Piece, Role, StackingChart};
    use crate::css::terrain::tests::{h, Board};

    fn sites() -> [Site; 6] {
        [
            Site {
                hex: hexes::TEUFELSBERG,
                kind: SiteKind::Teufelsberg,
            },
            Site {
                hex: hexes::POLICE_HQS[0],
                kind: SiteKind::PoliceHq,
            },
            Site {
                hex: hexes::SPANDAU_PRISON,
                kind: SiteKind::SpandauPrison,
            },
            Site {
                hex: hexes::SPANDAU_PRISON,
                kind: SiteKind::Landmark,
            },
            Site {
                hex: hexes::STASI_PRISON,
                kind: SiteKind::StasiPrison,
            },
            Site {
                hex: Aircraft::Alat.base(),
                kind: SiteKind::AirBase(Aircraft::Alat),
            },
        ]
    }

    // 2.5 map symbols and 10.2 victory hexes: a Warsaw Pact unit entering a police HQ (or a
    // NATO position, customs post, landmark) puts a Destroyed marker on it, once; NATO's
    // entries do nothing.
    #[test]
    fn gates_2_5_warsaw_pact_entry_destroys_the_site() {
        let s = sites();
        let mut st = SiteState::default();
        assert!(st.occupy(&s, NATO, hexes::POLICE_HQS[0]).is_empty());
        let t = st.occupy(&s, WARSAW_PACT, hexes::POLICE_HQS[0]);
        assert_eq!(t.as_slice(), &[Taken::Destroyed { site: 1 }]);
        assert_eq!(t[0].case(), "2.5");
        assert!(st.destroyed_at(&s, hexes::POLICE_HQS[0]));
        assert!(st.occupy(&s, WARSAW_PACT, hexes::POLICE_HQS[0]).is_empty());
        assert_eq!(st.victory_hexes_taken(&s), 1);
        assert!(st.occupy(&s, WARSAW_PACT, hexes::STASI_PRISON).is_empty());
    }

    // 10.2 victory hexes: every site of special interest taken counts; the prisons' own roles
    // (3.4.1) and the air bases (8.3) are separate.
    #[test]
    fn gates_10_2_victory_hexes_are_marked_when_taken() {
        let s = sites();
        let mut st = SiteState::default();
        let t = st.occupy(&s, WARSAW_PACT, hexes::SPANDAU_PRISON);
        assert_eq!(
            t.as_slice(),
            &[
                Taken::SpandauLiberated { site: 2 },
                Taken::Destroyed { site: 3 }
            ]
        );
        assert_eq!(t[0].case(), "3.4.1");
        assert_eq!(st.victory_hexes_taken(&s), 2);
        let t = st.occupy(&s, WARSAW_PACT, hexes::TEUFELSBERG);
        assert_eq!(t.as_slice(), &[Taken::Teufelsberg { site: 0 }]);
        assert_eq!(st.victory_hexes_taken(&s), 3);
    }

    // 8.3 spotters: a Warsaw Pact unit in an aircraft's base hex removes that aircraft.
    #[test]
    fn gates_8_3_a_spotter_is_lost_with_its_base_hex() {
        let s = sites();
        let mut st = SiteState::default();
        let t = st.occupy(&s, WARSAW_PACT, HexId::new(37, 24));
        assert_eq!(t.as_slice(), &[Taken::AircraftLost(Aircraft::Alat)]);
        assert_eq!(t[0].case(), "8.3");
        assert_eq!(Aircraft::UsAvDt.base(), HexId::new(52, 39));
        assert_eq!(Aircraft::Aac7.base(), HexId::new(15, 41));
    }

    // 2.4 Teufelsberg: while NATO holds it, NATO names the next chit, a Division or
    // Formation chit in the Cup; once the Warsaw Pact enters it, never again.
    #[test]
    fn gates_2_4_teufelsberg_lets_nato_pick_the_next_chit() {
        let s = sites();
        let mut st = SiteState::default();
        let mut cup = Cup::default();
        let div = Chit::Division(DivisionId(0));
        cup.put(div).unwrap();
        cup.put(Chit::Wind).unwrap();
        let held = st.teufelsberg_held(&s, false);
        assert!(held && nato_may_pick(held, &cup));
        assert!(nato_picks(held, &cup, div).is_ok());
        assert_eq!(nato_picks(held, &cup, Chit::Wind).unwrap_err().case, "2.4");
        assert_eq!(
            nato_picks(held, &cup, Chit::Formation(FormationId(1)))
                .unwrap_err()
                .case,
            "2.4"
        );
        st.occupy(&s, WARSAW_PACT, hexes::TEUFELSBERG);
        let held = st.teufelsberg_held(&s, false);
        assert!(!held && !nato_may_pick(held, &cup));
        assert_eq!(nato_picks(held, &cup, div).unwrap_err().case, "2.4");
        // A scenario without the hex says whether NATO holds it.
        assert!(SiteState::default().teufelsberg_held(&[], true));
    }

    // 1.2 East Germany: NATO units never enter it (barred, S7.8) and leave play if forced in.
    #[test]
    fn gates_1_2_nato_units_forced_into_east_germany_leave_play() {
        assert!(leaves_play(NATO, true));
        assert!(!leaves_play(NATO, false));
        assert!(!leaves_play(WARSAW_PACT, true));
        let mut b = Board::new();
        b.detail(h(4, 4)).barred = 1;
        assert!(b.ground().detail(h(4, 4)).barred_to(NATO));
        assert!(!b.ground().detail(h(4, 4)).barred_to(WARSAW_PACT));
    }

    // 3.5 reinforcement hexes: NATO stays 3 hexes away (barred for movement, S7.8) and never
    // fires at them; stacking there is unlimited.
    #[test]
    fn gates_3_5_reinforcement_hexes_no_go_area_and_unlimited_stacking() {
        let mut b = Board::new();
        let g = b.g();
        let r = [h(10, 10)];
        assert!(in_no_go_area(&g, h(10, 13), &r));
        assert!(!in_no_go_area(&g, h(10, 14), &r));
        let n = bar_no_go_areas(&g, &mut b.relief, &r);
        assert_eq!(n, 37, "the hex and three rings");
        let ground = b.ground();
        assert!(ground.detail(h(10, 12)).barred_to(NATO));
        assert!(!ground.detail(h(10, 12)).barred_to(WARSAW_PACT));
        assert!(!ground.detail(h(10, 14)).barred_to(NATO));
        assert_eq!(may_fire_at(NATO, r[0], &r).unwrap_err().case, "3.5");
        assert!(may_fire_at(WARSAW_PACT, r[0], &r).is_ok());
        assert!(may_fire_at(NATO, h(10, 11), &r).is_ok());
        let unit = |i: u16| Piece {
            id: UnitId(i),
            side: WARSAW_PACT,
            formation: 0,
            division: 0,
            role: Role::Combat,
            attached_to: None,
        };
        let five: [Piece; 5] = core::array::from_fn(|i| unit(i as u16));
        let chart = StackingChart::stand_in();
        assert!(may_place(&chart, true, &five[..3], &five[3..]).is_ok());
        assert_eq!(
            may_place(&chart, false, &five[..3], &five[3..])
                .unwrap_err()
                .case,
            "S6.1"
        );
    }
}
