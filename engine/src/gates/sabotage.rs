//! 3.11 Sabotage: units with the sabotage symbol, once put in their division's Available for
//! Sabotage box, go on missions when the Random Event chit is played (before its roll, 7.0).
//! A mission is a chain of troop-quality checks (S11.2) whose modifier depends on the mission,
//! the step, day or night, and the damage already done to a prison; a raw 9 always fails and
//! has each step's own consequence. This module reads each check's raw face and says what
//! follows; moving the unit along the turn track (S18.3) is the game's.

use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::css::morale::{check, Tqc};
use serde::{Deserialize, Serialize};

/// The four missions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mission {
    /// 3.11.1: free the prisoners of the enemy's prison.
    FreePrisoners,
    /// 3.11.2: seize a radio or TV station.
    Broadcast,
    /// 3.11.3: ambush a supply convoy.
    Convoy,
    /// 3.11.4: raid a Warsaw Pact airfield (NATO only).
    Airfield,
}

/// The steps of a mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Step one: through the enemy's lines.
    Sneak,
    /// Step two: into the prison, station, convoy or airfield.
    Strike,
    /// Step three of 3.11.1: out with the prisoners.
    Liberate,
}

impl Mission {
    pub const fn case(self) -> &'static str {
        match self {
            Mission::FreePrisoners => "3.11.1",
            Mission::Broadcast => "3.11.2",
            Mission::Convoy => "3.11.3",
            Mission::Airfield => "3.11.4",
        }
    }
}

/// 3.11: may a unit of `side` launch `mission`? It must be in the Available for Sabotage box;
/// the airfield raid is NATO's; a destroyed prison takes no more raids.
pub fn may_launch(
    mission: Mission,
    side: Side,
    in_sabotage_box: bool,
    prison_destroyed: bool,
) -> Result<(), RuleViolation> {
    if !in_sabotage_box {
        return refuse(
            "3.11",
            "only units in the Available for Sabotage box sabotage",
        );
    }
    if mission == Mission::Airfield && side != super::NATO {
        return refuse("3.11.4", "only NATO raids airfields");
    }
    if mission == Mission::FreePrisoners && prison_destroyed {
        return refuse("3.11.1", "a destroyed prison takes no more raids");
    }
    Ok(())
}

/// The TQC modifier of a step, day or night, added to the effective TQ (3.11: "day/night").
/// For a prison raid each Damaged marker on the prison makes steps one and two one harder.
/// The convoy's one modifier (3.11.3's heading, 0/+2) is its first step's (ruling).
pub const fn modifier(mission: Mission, step: Step, night: bool, prison_damage: u8) -> i8 {
    let (day, dark) = match (mission, step) {
        (Mission::FreePrisoners, Step::Sneak) | (Mission::Broadcast, Step::Sneak) => (-1, 1),
        (Mission::FreePrisoners, Step::Strike) => (0, 2),
        (Mission::FreePrisoners, Step::Liberate) => (0, 1),
        (Mission::Convoy, Step::Sneak) | (Mission::Airfield, Step::Sneak) => (0, 2),
        (_, Step::Strike) => (1, 3),
        (_, Step::Liberate) => (0, 0),
    };
    let base = if night { dark } else { day };
    let damage = match (mission, step) {
        (Mission::FreePrisoners, Step::Sneak | Step::Strike) => prison_damage as i8,
        _ => 0,
    };
    base - damage
}

/// What a failed firefight costs (a raw 9 on some steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    Eliminated,
    /// Captured into the enemy's prison (3.11.4).
    Captured,
    /// A Damaged marker on the prison; the unit still gets home (3.11.1 step two).
    PrisonDamaged,
}

/// What a mission achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// 3.11.1: the prisoners go home in as many turns as the die showed; freed political
    /// figures leave play for VP; a Damaged marker on the prison. With the die exactly the
    /// unit's TQ, half the prisoners (rounded down) are lost and the prison is destroyed.
    Liberated { exact: bool },
    /// 3.11.2: a Division TQC for a division the saboteur picks (failure: −1 TQ); NATO places
    /// the die's number of refugees or armed mobs, the Warsaw Pact half as many armed mobs.
    Broadcast,
    /// 3.11.3: three Ammo Out or Fuel Out markers on enemy units of the saboteur's choice.
    Convoy,
    /// 3.11.4: a Destroyed marker in the Airfield box and two random Warsaw Pact aircraft lost.
    Airfield,
}

/// What follows a step's check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Step one passed: on the turn track this many turns ahead; the next step is rolled when
    /// it arrives (it may wait for a night turn, [`waiting_fails`]).
    Onward { turns: u8 },
    /// Go on to the next step at once (3.11.1 step two).
    NextStep,
    /// Back to the Available for Sabotage box after this many turns (0: at once).
    Home { turns: u8 },
    /// Back to the box after as many turns as a fresh die shows.
    HomeAfterDie,
    /// A firefight: the unit takes a plain TQC ([`firefight`]).
    Firefight(Loss),
    /// The mission worked; the unit comes home after `turns` (0: at once).
    Succeeded { effect: Effect, turns: u8 },
    /// 3.11.1 step three failed: one random prisoner is lost; the unit gets home after a die.
    PrisonerLost,
    /// A raw 9 of a NATO unit in 3.11.1 step three or 3.11.2 step two: another die, a second
    /// 9 captures it, any other face brings it home after that many turns; the prison is
    /// damaged either way.
    SecondDie,
    /// The unit is captured into the enemy's prison (and the prison is damaged).
    Captured,
    /// The unit is eliminated.
    Eliminated,
    /// A Damaged marker on the prison; the unit gets home after a fresh die.
    DamagedHomeAfterDie,
}

/// 3.11: one step's check. `effective` already holds the step's [`modifier`]; the raw face
/// also counts turns where the mission says so.
pub fn step(mission: Mission, step: Step, side: Side, effective: i8, raw: u8) -> Outcome {
    if raw == 9 {
        return match (mission, step) {
            (_, Step::Sneak) | (Mission::Convoy, _) => Outcome::Firefight(Loss::Eliminated),
            (Mission::Airfield, _) => Outcome::Firefight(Loss::Captured),
            (Mission::FreePrisoners, Step::Strike) => Outcome::Firefight(Loss::PrisonDamaged),
            _ if side == super::NATO => Outcome::SecondDie,
            _ => Outcome::Captured,
        };
    }
    let passed = check(effective, raw, 0) == Tqc::Pass;
    match (mission, step, passed) {
        (_, Step::Sneak, true) => Outcome::Onward { turns: raw },
        (_, Step::Sneak, false) => Outcome::Home { turns: 4 },
        (Mission::FreePrisoners, Step::Strike, true) => Outcome::NextStep,
        (Mission::FreePrisoners, Step::Strike, false) => Outcome::HomeAfterDie,
        (Mission::FreePrisoners, Step::Liberate, true) => Outcome::Succeeded {
            effect: Effect::Liberated {
                exact: raw as i8 == effective,
            },
            turns: raw,
        },
        (Mission::FreePrisoners, Step::Liberate, false) => Outcome::PrisonerLost,
        (Mission::Broadcast, _, true) => Outcome::Succeeded {
            effect: Effect::Broadcast,
            turns: 0,
        },
        (Mission::Broadcast, _, false) => Outcome::Home { turns: 0 },
        (Mission::Convoy, _, true) => Outcome::Succeeded {
            effect: Effect::Convoy,
            turns: raw,
        },
        (Mission::Airfield, _, true) => Outcome::Succeeded {
            effect: Effect::Airfield,
            turns: raw,
        },
        (Mission::Convoy | Mission::Airfield, _, false) => Outcome::Home { turns: 4 },
    }
}

/// A firefight's plain TQC: a pass brings the unit home after as many turns as the die showed;
/// a failure costs `loss`. In the prison (3.11.1 step two) the unit gets home after a fresh
/// die either way, and a failure damages the prison.
pub fn firefight(loss: Loss, effective: i8, raw: u8) -> Outcome {
    match (check(effective, raw, 0), loss) {
        (Tqc::Pass, Loss::PrisonDamaged) => Outcome::HomeAfterDie,
        (Tqc::Fail, Loss::PrisonDamaged) => Outcome::DamagedHomeAfterDie,
        (Tqc::Pass, _) => Outcome::Home { turns: raw },
        (Tqc::Fail, Loss::Eliminated) => Outcome::Eliminated,
        (Tqc::Fail, Loss::Captured) => Outcome::Captured,
    }
}

/// 3.11.1–3.11.4 step one: a unit waiting for a night turn rolls each turn it lets pass; a 9
/// fails step one.
pub const fn waiting_fails(raw: u8) -> bool {
    raw == 9
}

/// 3.11.1 step three: how many prisoners are lost when the die was exactly the TQ.
pub const fn prisoners_lost_when_exact(prisoners: u8) -> u8 {
    prisoners / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::{NATO, WARSAW_PACT};

    // 3.11 sabotage: only from the Available for Sabotage box; day and night modifiers; a 9
    // always fails.
    #[test]
    fn gates_3_11_sabotage_launch_modifiers_and_the_nine() {
        assert!(may_launch(Mission::Convoy, WARSAW_PACT, true, false).is_ok());
        assert_eq!(
            may_launch(Mission::Convoy, NATO, false, false)
                .unwrap_err()
                .case,
            "3.11"
        );
        assert_eq!(
            modifier(Mission::Broadcast, Step::Sneak, false, 0),
            -1,
            "day"
        );
        assert_eq!(
            modifier(Mission::Broadcast, Step::Sneak, true, 0),
            1,
            "night"
        );
        assert_eq!(modifier(Mission::Convoy, Step::Sneak, true, 0), 2);
        assert_eq!(modifier(Mission::Airfield, Step::Strike, false, 0), 1);
        // TQ 8 + 3 at night is still beaten by an unmodified 9.
        assert_eq!(
            step(Mission::Convoy, Step::Sneak, NATO, 8, 9),
            Outcome::Firefight(Loss::Eliminated)
        );
        assert_eq!(
            step(Mission::Convoy, Step::Sneak, NATO, 5, 3),
            Outcome::Onward { turns: 3 }
        );
        assert_eq!(
            step(Mission::Convoy, Step::Sneak, NATO, 2, 3),
            Outcome::Home { turns: 4 }
        );
        assert!(waiting_fails(9) && !waiting_fails(8));
        assert_eq!(
            firefight(Loss::Eliminated, 5, 5),
            Outcome::Home { turns: 5 }
        );
        assert_eq!(firefight(Loss::Eliminated, 5, 6), Outcome::Eliminated);
    }

    // 3.11.1 free prisoners: damage makes steps one and two harder; the strike leads straight
    // on; freeing on exactly the TQ loses half the prisoners; a destroyed prison is no target.
    #[test]
    fn gates_3_11_1_freeing_prisoners() {
        assert_eq!(
            may_launch(Mission::FreePrisoners, NATO, true, true)
                .unwrap_err()
                .case,
            "3.11.1"
        );
        assert_eq!(modifier(Mission::FreePrisoners, Step::Strike, true, 1), 1);
        assert_eq!(modifier(Mission::FreePrisoners, Step::Liberate, true, 1), 1);
        let nato = |s, tq, raw| step(Mission::FreePrisoners, s, NATO, tq, raw);
        assert_eq!(nato(Step::Strike, 5, 2), Outcome::NextStep);
        assert_eq!(nato(Step::Strike, 5, 6), Outcome::HomeAfterDie);
        assert_eq!(
            nato(Step::Strike, 5, 9),
            Outcome::Firefight(Loss::PrisonDamaged)
        );
        assert_eq!(firefight(Loss::PrisonDamaged, 5, 3), Outcome::HomeAfterDie);
        assert_eq!(
            firefight(Loss::PrisonDamaged, 5, 6),
            Outcome::DamagedHomeAfterDie
        );
        assert_eq!(
            nato(Step::Liberate, 5, 3),
            Outcome::Succeeded {
                effect: Effect::Liberated { exact: false },
                turns: 3
            }
        );
        assert_eq!(
            nato(Step::Liberate, 5, 5),
            Outcome::Succeeded {
                effect: Effect::Liberated { exact: true },
                turns: 5
            }
        );
        assert_eq!(prisoners_lost_when_exact(5), 2);
        assert_eq!(nato(Step::Liberate, 5, 7), Outcome::PrisonerLost);
        assert_eq!(nato(Step::Liberate, 5, 9), Outcome::SecondDie);
        assert_eq!(
            step(Mission::FreePrisoners, Step::Liberate, WARSAW_PACT, 5, 9),
            Outcome::Captured
        );
    }

    // 3.11.2 broadcast: success calls a Division TQC; failure brings the unit home at once.
    #[test]
    fn gates_3_11_2_seizing_a_station() {
        let strike = |side, tq, raw| step(Mission::Broadcast, Step::Strike, side, tq, raw);
        let seized = Outcome::Succeeded {
            effect: Effect::Broadcast,
            turns: 0,
        };
        assert_eq!(strike(NATO, 4, 4), seized);
        assert_eq!(strike(NATO, 4, 5), Outcome::Home { turns: 0 });
        assert_eq!(strike(NATO, 4, 9), Outcome::SecondDie);
        assert_eq!(strike(WARSAW_PACT, 4, 9), Outcome::Captured);
    }

    // 3.11.3 convoy: success places three Ammo Out or Fuel Out markers; poor intelligence
    // brings the unit back four turns later; a 9 is a trap.
    #[test]
    fn gates_3_11_3_raiding_a_convoy() {
        let strike = |raw| step(Mission::Convoy, Step::Strike, WARSAW_PACT, 6, raw);
        let raided = Outcome::Succeeded {
            effect: Effect::Convoy,
            turns: 2,
        };
        assert_eq!(strike(2), raided);
        assert_eq!(strike(7), Outcome::Home { turns: 4 });
        assert_eq!(strike(9), Outcome::Firefight(Loss::Eliminated));
    }

    // 3.11.4 airfield: NATO only; a lost firefight means capture.
    #[test]
    fn gates_3_11_4_raiding_an_airfield() {
        assert_eq!(
            may_launch(Mission::Airfield, WARSAW_PACT, true, false)
                .unwrap_err()
                .case,
            "3.11.4"
        );
        assert_eq!(
            step(Mission::Airfield, Step::Strike, NATO, 5, 5),
            Outcome::Succeeded {
                effect: Effect::Airfield,
                turns: 5
            }
        );
        assert_eq!(
            step(Mission::Airfield, Step::Sneak, NATO, 5, 9),
            Outcome::Firefight(Loss::Eliminated)
        );
        assert_eq!(
            step(Mission::Airfield, Step::Strike, NATO, 5, 9),
            Outcome::Firefight(Loss::Captured)
        );
        assert_eq!(firefight(Loss::Captured, 5, 7), Outcome::Captured);
        assert_eq!(Mission::Airfield.case(), "3.11.4");
    }
}
