//! 3.10 Engineering actions: only engineers (by symbol or ability, 3.14), Deployed, attempt
//! them, each by a troop-quality check (S11.2) with the task's own modifier added to the
//! effective TQ (S11.2: "TQC −1" makes it harder). The series' ground reads the results as
//! markers (`css::terrain::Conditions`: fortifications, breaches, temporary bridges, bridges
//! out); this module says who may try what, and what a check's raw face makes of it.

use crate::core::protocol::{refuse, Case, RuleViolation};
use crate::css::morale::{check, effective_tq, TqModifiers, TqSituation, Tqc};
use crate::css::terrain::Fortification;
use serde::{Deserialize, Serialize};

/// A bridge as its markers leave it (3.10.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bridge {
    #[default]
    Standing,
    Damaged,
    Destroyed,
}

/// The engineering tasks of 3.10.1–3.10.11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// 3.10.2: a Prepared Position in the engineers' own hex.
    PreparedPosition,
    /// 3.10.3: an Entrenchment on a Prepared Position.
    Entrenchment,
    /// 3.10.4: breach an adjacent Wall hexside.
    BreachWall,
    /// 3.10.5–3.10.7: a crossing over an adjacent unbridged river (major) or minor river or
    /// stream hexside, standing while the engineers stay.
    Crossing { major: bool },
    /// 3.10.8: put out the fire of an adjacent hex.
    PutOutFire,
    /// 3.10.10: damage or destroy an adjacent bridge.
    DemolishBridge,
    /// 3.10.11: repair an adjacent damaged or destroyed bridge.
    RepairBridge,
    /// 2.1.6: remove a Rubble marker from the engineers' hex or an adjacent one (no modifier is
    /// printed: stand-in 0).
    ClearRubble,
}

/// What the engineers are next to or in, as the game state sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Their own hex and its fortification marker (3.10.1).
    OwnHex(Fortification),
    /// An adjacent Wall hexside (3.10.4).
    Wall { adjacent: bool, breached: bool },
    /// An adjacent river or stream hexside (3.10.5).
    Water { adjacent: bool, bridged: bool },
    /// An adjacent hex, burning or not (3.10.8).
    Fire { adjacent: bool, burning: bool },
    /// An adjacent bridge hexside (3.10.9).
    BridgeSide { adjacent: bool, state: Bridge },
    /// The engineers' hex or an adjacent one, with or without Rubble (2.1.6).
    Rubble { within_one: bool, rubbled: bool },
}

/// The unit attempting the task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Engineer {
    /// It has the engineering symbol or ability (3.10, 3.14).
    pub engineer: bool,
    pub deployed: bool,
}

impl Task {
    /// The TQC modifier of the task, added to the effective TQ (3.10.2–3.10.11).
    pub const fn modifier(self, target: Target) -> i8 {
        match self {
            Task::PreparedPosition | Task::PutOutFire | Task::DemolishBridge => 0,
            Task::ClearRubble => 0,
            Task::Entrenchment | Task::BreachWall => -1,
            Task::Crossing { major: true } => -2,
            Task::Crossing { major: false } => -1,
            Task::RepairBridge => match target {
                Target::BridgeSide {
                    state: Bridge::Destroyed,
                    ..
                } => -3,
                _ => -1,
            },
        }
    }

    /// The case each task cites.
    pub const fn case(self) -> Case {
        match self {
            Task::PreparedPosition => "3.10.2",
            Task::Entrenchment => "3.10.3",
            Task::BreachWall => "3.10.4",
            Task::Crossing { major: true } => "3.10.6",
            Task::Crossing { major: false } => "3.10.7",
            Task::PutOutFire => "3.10.8",
            Task::DemolishBridge => "3.10.10",
            Task::RepairBridge => "3.10.11",
            Task::ClearRubble => "2.1.6",
        }
    }
}

/// 3.10 and each task's own condition: may `unit` attempt `task` on `target`?
pub fn may_attempt(unit: Engineer, task: Task, target: Target) -> Result<(), RuleViolation> {
    if !unit.engineer {
        return refuse("3.10", "only engineers perform engineering actions");
    }
    if !unit.deployed {
        return refuse("3.10", "an engineering action needs a Deployed unit");
    }
    let ok = match (task, target) {
        // 3.10.1: a marker is built in the hex the engineers start in.
        (Task::PreparedPosition, Target::OwnHex(Fortification::None)) => true,
        (Task::Entrenchment, Target::OwnHex(Fortification::Prepared)) => true,
        (Task::BreachWall, Target::Wall { adjacent, breached }) => adjacent && !breached,
        (Task::Crossing { .. }, Target::Water { adjacent, bridged }) => adjacent && !bridged,
        (Task::PutOutFire, Target::Fire { adjacent, burning }) => adjacent && burning,
        (Task::DemolishBridge, Target::BridgeSide { adjacent, state }) => {
            // 3.10.11 (ruling): a damaged bridge cannot be demolished further.
            adjacent && state == Bridge::Standing
        }
        (Task::RepairBridge, Target::BridgeSide { adjacent, state }) => {
            adjacent && state != Bridge::Standing
        }
        (
            Task::ClearRubble,
            Target::Rubble {
                within_one,
                rubbled,
            },
        ) => within_one && rubbled,
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        refuse(
            task.case(),
            "the engineers are not where this task can be done",
        )
    }
}

/// What a successful or failed attempt leaves behind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Failed,
    /// A permanent marker in the hex (3.10.1).
    Fortified(Fortification),
    /// A Breached marker on the Wall hexside (3.10.4).
    Breached,
    /// A temporary bridge while the engineers stay (3.10.5).
    TemporaryBridge,
    /// The On Fire marker comes off (3.10.8).
    FireOut,
    /// The bridge's new state (3.10.9–3.10.11).
    Bridge(Bridge),
    /// The Rubble marker comes off (2.1.6).
    RubbleCleared,
}

/// 3.10: the check of `task` for an engineer in `situation` (its rule modifier is the task's),
/// read on the raw face `raw`; an unmodified 9 always fails (S11.2). A demolition that passes
/// on a raw 0 destroys the bridge, any other pass damages it; a repair that passes leaves the
/// bridge standing (3.10.9–3.10.11, ruling).
pub fn resolve(
    task: Task,
    target: Target,
    situation: TqSituation,
    m: &TqModifiers,
    raw: u8,
) -> Outcome {
    let s = TqSituation {
        rule_modifier: task.modifier(target),
        ..situation
    };
    if check(effective_tq(&s, m).value, raw, 0) == Tqc::Fail {
        return Outcome::Failed;
    }
    match task {
        Task::PreparedPosition => Outcome::Fortified(Fortification::Prepared),
        Task::Entrenchment => Outcome::Fortified(Fortification::Entrenched),
        Task::BreachWall => Outcome::Breached,
        Task::Crossing { .. } => Outcome::TemporaryBridge,
        Task::PutOutFire => Outcome::FireOut,
        Task::DemolishBridge if raw == 0 => Outcome::Bridge(Bridge::Destroyed),
        Task::DemolishBridge => Outcome::Bridge(Bridge::Damaged),
        Task::RepairBridge => Outcome::Bridge(Bridge::Standing),
        Task::ClearRubble => Outcome::RubbleCleared,
    }
}

/// 3.10.5: an engineers' crossing stands only while the unit that made it stays in its hex,
/// pointed at the hexside; the game clears `css::terrain::Conditions::temporary_bridge` when
/// this turns false.
pub const fn crossing_stands(engineers_in_hex: bool, still_pointing: bool) -> bool {
    engineers_in_hex && still_pointing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gates::command::tq_modifiers;

    const ENG: Engineer = Engineer {
        engineer: true,
        deployed: true,
    };

    fn tq(t: u8) -> TqSituation {
        TqSituation::printed(t)
    }

    // 3.10 engineering actions: engineers only, Deployed only; each task needs its place.
    #[test]
    fn gates_3_10_only_deployed_engineers_in_the_right_place() {
        let here = Target::OwnHex(Fortification::None);
        assert!(may_attempt(ENG, Task::PreparedPosition, here).is_ok());
        let rifles = Engineer {
            engineer: false,
            ..ENG
        };
        assert_eq!(
            may_attempt(rifles, Task::PreparedPosition, here)
                .unwrap_err()
                .case,
            "3.10"
        );
        let column = Engineer {
            deployed: false,
            ..ENG
        };
        assert_eq!(
            may_attempt(column, Task::PreparedPosition, here)
                .unwrap_err()
                .case,
            "3.10"
        );
        let far_wall = Target::Wall {
            adjacent: false,
            breached: false,
        };
        assert_eq!(
            may_attempt(ENG, Task::BreachWall, far_wall)
                .unwrap_err()
                .case,
            "3.10.4"
        );
        assert_eq!(
            may_attempt(ENG, Task::PutOutFire, here).unwrap_err().case,
            "3.10.8"
        );
    }

    // 3.10.1–3.10.3 fortifications: a Prepared Position (no modifier) in the own hex, then an
    // Entrenchment on it (TQC −1); both stay for good.
    #[test]
    fn gates_3_10_1_fortifications_prepared_then_entrenched() {
        let m = tq_modifiers();
        let none = Target::OwnHex(Fortification::None);
        let prepared = Target::OwnHex(Fortification::Prepared);
        assert_eq!(Task::PreparedPosition.modifier(none), 0);
        assert_eq!(
            resolve(Task::PreparedPosition, none, tq(4), &m, 4),
            Outcome::Fortified(Fortification::Prepared)
        );
        assert_eq!(
            may_attempt(ENG, Task::Entrenchment, none).unwrap_err().case,
            "3.10.3"
        );
        assert!(may_attempt(ENG, Task::Entrenchment, prepared).is_ok());
        assert_eq!(Task::Entrenchment.modifier(prepared), -1);
        assert_eq!(
            resolve(Task::Entrenchment, prepared, tq(4), &m, 4),
            Outcome::Failed,
            "4 − 1 = 3"
        );
        assert_eq!(
            resolve(Task::Entrenchment, prepared, tq(4), &m, 3),
            Outcome::Fortified(Fortification::Entrenched)
        );
        assert_eq!(
            may_attempt(ENG, Task::PreparedPosition, prepared)
                .unwrap_err()
                .case,
            "3.10.2"
        );
    }

    // 3.10.4 breach the Wall (TQC −1) and 3.10.5–3.10.7 crossings (−2 major river, −1 minor
    // river or stream) from an adjacent hex.
    #[test]
    fn gates_3_10_4_breach_and_3_10_5_river_crossings() {
        let m = tq_modifiers();
        let wall = Target::Wall {
            adjacent: true,
            breached: false,
        };
        assert!(may_attempt(ENG, Task::BreachWall, wall).is_ok());
        assert_eq!(
            resolve(Task::BreachWall, wall, tq(5), &m, 4),
            Outcome::Breached
        );
        assert_eq!(
            resolve(Task::BreachWall, wall, tq(5), &m, 5),
            Outcome::Failed
        );
        let done = Target::Wall {
            adjacent: true,
            breached: true,
        };
        assert!(may_attempt(ENG, Task::BreachWall, done).is_err());
        let river = Target::Water {
            adjacent: true,
            bridged: false,
        };
        let major = Task::Crossing { major: true };
        let minor = Task::Crossing { major: false };
        assert_eq!((major.modifier(river), minor.modifier(river)), (-2, -1));
        assert_eq!((major.case(), minor.case()), ("3.10.6", "3.10.7"));
        assert_eq!(
            resolve(major, river, tq(5), &m, 3),
            Outcome::TemporaryBridge
        );
        assert_eq!(resolve(major, river, tq(5), &m, 4), Outcome::Failed);
        assert_eq!(
            resolve(minor, river, tq(5), &m, 4),
            Outcome::TemporaryBridge
        );
        assert!(crossing_stands(true, true));
        assert!(!crossing_stands(false, true), "the engineers left");
        assert!(!crossing_stands(true, false));
        let bridged = Target::Water {
            adjacent: true,
            bridged: true,
        };
        assert_eq!(may_attempt(ENG, minor, bridged).unwrap_err().case, "3.10.7");
    }

    // 2.1.6 rubble: engineers remove a Rubble marker with a TQC.
    #[test]
    fn gates_2_1_6_engineers_clear_rubble() {
        let m = tq_modifiers();
        let rubble = Target::Rubble {
            within_one: true,
            rubbled: true,
        };
        assert!(may_attempt(ENG, Task::ClearRubble, rubble).is_ok());
        assert_eq!(
            resolve(Task::ClearRubble, rubble, tq(4), &m, 4),
            Outcome::RubbleCleared
        );
        assert_eq!(
            resolve(Task::ClearRubble, rubble, tq(4), &m, 5),
            Outcome::Failed
        );
        let clean = Target::Rubble {
            within_one: true,
            rubbled: false,
        };
        assert_eq!(
            may_attempt(ENG, Task::ClearRubble, clean).unwrap_err().case,
            "2.1.6"
        );
    }

    // 3.10.8 put out an adjacent fire with an unmodified TQC; a 9 always fails.
    #[test]
    fn gates_3_10_8_engineers_put_out_fires() {
        let m = tq_modifiers();
        let fire = Target::Fire {
            adjacent: true,
            burning: true,
        };
        assert!(may_attempt(ENG, Task::PutOutFire, fire).is_ok());
        assert_eq!(
            resolve(Task::PutOutFire, fire, tq(8), &m, 8),
            Outcome::FireOut
        );
        assert_eq!(
            resolve(Task::PutOutFire, fire, tq(8), &m, 9),
            Outcome::Failed
        );
        let cold = Target::Fire {
            adjacent: true,
            burning: false,
        };
        assert!(may_attempt(ENG, Task::PutOutFire, cold).is_err());
    }

    // 3.10.9–3.10.11 bridges: demolition (no modifier) damages, or destroys on a raw 0; a
    // damaged bridge is not demolished further; repair at −1 (damaged) or −3 (destroyed).
    #[test]
    fn gates_3_10_9_demolish_and_repair_bridges() {
        let m = tq_modifiers();
        let side = |state| Target::BridgeSide {
            adjacent: true,
            state,
        };
        let standing = side(Bridge::Standing);
        assert!(may_attempt(ENG, Task::DemolishBridge, standing).is_ok());
        assert_eq!(
            resolve(Task::DemolishBridge, standing, tq(5), &m, 0),
            Outcome::Bridge(Bridge::Destroyed)
        );
        assert_eq!(
            resolve(Task::DemolishBridge, standing, tq(5), &m, 5),
            Outcome::Bridge(Bridge::Damaged)
        );
        assert_eq!(
            may_attempt(ENG, Task::DemolishBridge, side(Bridge::Damaged))
                .unwrap_err()
                .case,
            "3.10.10"
        );
        assert_eq!(
            may_attempt(ENG, Task::RepairBridge, standing)
                .unwrap_err()
                .case,
            "3.10.11"
        );
        let damaged = side(Bridge::Damaged);
        let destroyed = side(Bridge::Destroyed);
        assert_eq!(Task::RepairBridge.modifier(damaged), -1);
        assert_eq!(Task::RepairBridge.modifier(destroyed), -3);
        assert_eq!(
            resolve(Task::RepairBridge, destroyed, tq(5), &m, 2),
            Outcome::Bridge(Bridge::Standing)
        );
        assert_eq!(
            resolve(Task::RepairBridge, destroyed, tq(5), &m, 3),
            Outcome::Failed
        );
        assert_eq!(
            resolve(Task::RepairBridge, damaged, tq(5), &m, 4),
            Outcome::Bridge(Bridge::Standing)
        );
    }
}
