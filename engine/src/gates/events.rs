//! 7.0 Random events: once the Random Event chit comes up (S4.9) the sabotage missions go
//! first (3.11), then a die says whether there is an event (0, 1 or 2); a second die picks it
//! from the list of ten (ruling 7.0 in `docs/rules/gates.md`: the list is numbered 0–9 while
//! only three faces trigger an event). This module reads the dice and says what each event
//! asks for; heroes, markers and missiles are the series' (S12.6, S15.1, S9.14).

use super::{NATO, WARSAW_PACT};
use crate::core::protocol::{refuse, DiceSpec, Pending, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// The ten events of 7.0, by the face of the second die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RandomEvent {
    /// 0: a NATO hero appears in a NATO-held hex, clearing its DG, Suppressed and Pin markers.
    NatoHero,
    /// 1: the same for the Warsaw Pact.
    WarsawPactHero,
    /// 2: the Whiskey side of the Booze marker returns to NATO.
    NatoNco,
    /// 3: the Cognac side returns to the Warsaw Pact.
    WarsawPactNco,
    /// 4: the Warsaw Pact places die/2 Ammo Rationing markers on NATO-held hexes.
    AmmoRationing,
    /// 5: two surface-to-surface missile strikes (white 6, unmodified) and On Fire markers.
    MissileStrike,
    /// 6: a Warsaw Pact division of NATO's choice takes a Division TQC.
    BadNewsWarsawPact,
    /// 7: the Warsaw Pact places die/2 Fuel Rationing markers on NATO-held hexes.
    FuelRationing,
    /// 8: the Warsaw Pact may move refugees and armed mobs.
    Refugees,
    /// 9: a NATO division of the Warsaw Pact's choice takes a Division TQC.
    BadNewsNato,
}

/// 7.0: the first die: a 0, 1 or 2 means an event this turn.
pub const fn occurs(raw: u8) -> bool {
    raw <= 2
}

/// 7.0: the second die picks the event.
pub const fn event(raw: u8) -> RandomEvent {
    use RandomEvent::*;
    match raw {
        0 => NatoHero,
        1 => WarsawPactHero,
        2 => NatoNco,
        3 => WarsawPactNco,
        4 => AmmoRationing,
        5 => MissileStrike,
        6 => BadNewsWarsawPact,
        7 => FuelRationing,
        8 => Refugees,
        _ => BadNewsNato,
    }
}

/// The die roll of the event procedure (the initiative player rolls, S3.8).
pub fn event_roll<O>(purpose: &'static str) -> Pending<O> {
    Pending::Roll {
        player: WARSAW_PACT,
        dice: DiceSpec::D10,
        purpose,
        case: "7.0",
        secret: false,
    }
}

impl RandomEvent {
    /// Who decides what the event does (places the hero or markers, picks the division, moves
    /// the mobs); `None` for the NCO events, which only move the Booze marker.
    pub const fn chooser(self) -> Option<Side> {
        use RandomEvent::*;
        match self {
            NatoHero | BadNewsWarsawPact => Some(NATO),
            WarsawPactHero | AmmoRationing | MissileStrike | FuelRationing | Refugees
            | BadNewsNato => Some(WARSAW_PACT),
            NatoNco | WarsawPactNco => None,
        }
    }

    /// The side whose division takes the Division TQC of events 6 and 9.
    pub const fn checking_side(self) -> Option<Side> {
        match self {
            RandomEvent::BadNewsWarsawPact => Some(WARSAW_PACT),
            RandomEvent::BadNewsNato => Some(NATO),
            _ => None,
        }
    }

    /// Does the event need a further die (rationing markers: die/2)?
    pub const fn needs_die(self) -> bool {
        matches!(
            self,
            RandomEvent::AmmoRationing | RandomEvent::FuelRationing
        )
    }
}

/// 7.0 events 4 and 7: the die halved, rounded down, is the number of markers.
pub const fn rationing_markers(raw: u8) -> u8 {
    raw / 2
}

/// 7.0 event 5: two strike hexes, each attacked with an unmodified white 6 (S9.14).
pub const MISSILE_STRIKES: u8 = 2;
pub const MISSILE_FIREPOWER: u8 = 6;

/// 7.0 events 0 and 1: a hero goes when the enemy rolls a raw 0 direct-firing into its hex.
pub const fn hero_falls(raw_direct_fire: u8) -> bool {
    raw_direct_fire == 0
}

/// 7.0 event 4: a hex under Ammo Rationing that rolls a raw 9 to fire runs out of ammunition.
pub const fn ammo_runs_out(raw_fire: u8) -> bool {
    raw_fire == 9
}

/// 7.0 event 7: a unit under Fuel Rationing rolls after each Movement action; a 9 runs it out
/// of fuel.
pub const fn fuel_runs_out(raw: u8) -> bool {
    raw == 9
}

/// 7.0 events 0 and 1: a new hero goes to a hex holding a unit of its side (that player's
/// choice) and clears the hex's DG, Suppressed and Pin markers (S12.6).
pub fn may_place_hero(own_unit_in_hex: bool) -> Result<(), RuleViolation> {
    if !own_unit_in_hex {
        return refuse("7.0", "a hero is placed with a unit of its own side");
    }
    Ok(())
}

/// 7.0 events 4 and 7: rationing markers go on hexes NATO occupies and stay with a unit.
pub fn may_place_rationing(nato_unit_in_hex: bool) -> Result<(), RuleViolation> {
    if !nato_unit_in_hex {
        return refuse("7.0", "rationing markers go on hexes NATO units occupy");
    }
    Ok(())
}

/// The supply markers of 7.0 (they act like DG markers, B26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Supply {
    AmmoRationing,
    AmmoOut,
    FuelRationing,
    FuelOut,
}

/// What a unit under a 7.0 supply marker may not do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub opportunity_fire: bool,
    pub direct_or_indirect_fire: bool,
    /// Second actions under a Division or Formation chit.
    pub second_action: bool,
    /// It must move by the shortest way to a friendly Barracks hex and end its activation
    /// there; with no way (traced as a rout path) it surrenders.
    pub must_go_to_barracks: bool,
}

impl Supply {
    /// 7.0: Ammo Rationing forbids opportunity fire from the hex, Ammo Out all direct and
    /// indirect fire; Fuel Rationing forbids second actions, Fuel Out sends the unit to the
    /// barracks.
    pub const fn limits(self) -> Limits {
        let none = Limits {
            opportunity_fire: true,
            direct_or_indirect_fire: true,
            second_action: true,
            must_go_to_barracks: false,
        };
        match self {
            Supply::AmmoRationing => Limits {
                opportunity_fire: false,
                ..none
            },
            Supply::AmmoOut => Limits {
                opportunity_fire: false,
                direct_or_indirect_fire: false,
                ..none
            },
            Supply::FuelRationing => Limits {
                second_action: false,
                ..none
            },
            Supply::FuelOut => Limits {
                second_action: false,
                must_go_to_barracks: true,
                ..none
            },
        }
    }

    /// 7.0: a unit whose activation ends in one of its own side's Barracks hexes (not
    /// destroyed) loses an ammunition marker; getting there also clears Fuel Out.
    pub const fn removed_at_barracks(self) -> bool {
        !matches!(self, Supply::FuelRationing)
    }

    /// The series supply chit the marker is (S15.1): 7.0's and 3.11.3's Ammo Out and Fuel Out
    /// are the series chits, with this game's direction for Fuel Out (the journey to a
    /// barracks, `css::supply::SupplyChits::may_move` with `directed`) and its barracks
    /// removal; the rationing markers are the game's own (B26).
    pub const fn series_chit(self) -> Option<crate::css::supply::Chit> {
        match self {
            Supply::AmmoOut => Some(crate::css::supply::Chit::AmmoOut),
            Supply::FuelOut => Some(crate::css::supply::Chit::FuelOut),
            Supply::AmmoRationing | Supply::FuelRationing => None,
        }
    }

    /// 7.0: the raw 9 that worsens a rationing marker (to fire, or after a Movement action).
    pub const fn worsens(self, raw: u8) -> Option<Supply> {
        match self {
            Supply::AmmoRationing if ammo_runs_out(raw) => Some(Supply::AmmoOut),
            Supply::FuelRationing if fuel_runs_out(raw) => Some(Supply::FuelOut),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::css::command::DivisionTrack;
    use crate::css::morale::division_check;
    use crate::gates::command::{division_def, Division, Kind};

    // 7.0 random events: a first die of 0–2 means an event, a second picks one of ten; each
    // event names who decides it.
    #[test]
    fn gates_7_0_random_event_trigger_and_table() {
        assert!(occurs(0) && occurs(2) && !occurs(3));
        let all: [RandomEvent; 10] = core::array::from_fn(|i| event(i as u8));
        assert_eq!(all[0], RandomEvent::NatoHero);
        assert_eq!(all[5], RandomEvent::MissileStrike);
        assert_eq!(all[9], RandomEvent::BadNewsNato);
        assert_eq!(RandomEvent::NatoHero.chooser(), Some(NATO));
        assert_eq!(RandomEvent::BadNewsWarsawPact.chooser(), Some(NATO));
        assert_eq!(RandomEvent::AmmoRationing.chooser(), Some(WARSAW_PACT));
        assert_eq!(RandomEvent::NatoNco.chooser(), None);
        assert!(RandomEvent::FuelRationing.needs_die());
        assert_eq!(rationing_markers(7), 3);
        assert_eq!(rationing_markers(1), 0);
        assert!(hero_falls(0) && !hero_falls(1));
        assert!(ammo_runs_out(9) && fuel_runs_out(9) && !fuel_runs_out(8));
        let Pending::<u8>::Roll { case, .. } = event_roll("random event?") else {
            panic!("a roll")
        };
        assert_eq!(case, "7.0");
        assert_eq!((MISSILE_STRIKES, MISSILE_FIREPOWER), (2, 6));
    }

    // 7.0 events 0, 1, 4 and 7: heroes join their own units; rationing goes on NATO hexes and
    // limits fire, second actions and movement; a 9 worsens it; barracks cure it.
    #[test]
    fn gates_7_0_heroes_and_rationing_markers() {
        assert!(may_place_hero(true).is_ok());
        assert_eq!(may_place_hero(false).unwrap_err().case, "7.0");
        assert!(may_place_rationing(true).is_ok());
        assert_eq!(may_place_rationing(false).unwrap_err().case, "7.0");
        let a = Supply::AmmoRationing.limits();
        assert!(!a.opportunity_fire && a.direct_or_indirect_fire && a.second_action);
        let out = Supply::AmmoOut.limits();
        assert!(!out.opportunity_fire && !out.direct_or_indirect_fire);
        let f = Supply::FuelRationing.limits();
        assert!(!f.second_action && !f.must_go_to_barracks && f.opportunity_fire);
        assert!(Supply::FuelOut.limits().must_go_to_barracks);
        assert_eq!(Supply::AmmoRationing.worsens(9), Some(Supply::AmmoOut));
        assert_eq!(Supply::AmmoRationing.worsens(8), None);
        assert_eq!(Supply::FuelRationing.worsens(9), Some(Supply::FuelOut));
        assert_eq!(Supply::AmmoOut.worsens(9), None);
        assert!(Supply::AmmoOut.removed_at_barracks() && Supply::FuelOut.removed_at_barracks());
        // S15.1: Ammo Out and Fuel Out are the series chits; the rationing markers are not.
        use crate::css::supply::Chit;
        assert_eq!(Supply::AmmoOut.series_chit(), Some(Chit::AmmoOut));
        assert_eq!(Supply::FuelOut.series_chit(), Some(Chit::FuelOut));
        assert_eq!(Supply::AmmoRationing.series_chit(), None);
        assert!(!Supply::FuelRationing.removed_at_barracks());
    }

    // 7.0 events 6 and 9: bad news from the front: the division chosen takes a Division TQC
    // (S11.2.1); a failure costs 1 current TQ.
    #[test]
    fn gates_7_0_bad_news_is_a_division_tq_check() {
        assert_eq!(
            RandomEvent::BadNewsWarsawPact.checking_side(),
            Some(WARSAW_PACT)
        );
        assert_eq!(RandomEvent::BadNewsNato.checking_side(), Some(NATO));
        let def = division_def(&Division {
            side: NATO,
            kind: Kind::Army,
            dispatch_rating: 5,
            command_rating: 2,
            max_tq: 5,
        });
        let mut t = DivisionTrack::new(&def);
        assert!(division_check(t.tq, 5).passed());
        assert!(!division_check(t.tq, 6).passed());
        t.fail_division_check();
        assert_eq!(t.tq, 4);
    }
}
