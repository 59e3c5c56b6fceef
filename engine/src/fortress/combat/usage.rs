//! Who may still attack this combat segment (8.2, 8.3.3, 8.3.4, 8.9 note) and which hexes may
//! still be bombarded (8.2, 11.4). The game state keeps one [`SegmentUse`] per unit and asks
//! [`SegmentUse::check`] before it commits a unit to a combat.

use super::tables::CombatKind;
use crate::core::protocol::{refuse, RuleViolation};
use serde::{Deserialize, Serialize};

/// One unit's combat so far in the current combat segment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentUse {
    /// The type of combat the unit has engaged in this segment.
    pub used: Option<CombatKind>,
    /// It has advanced after a close assault since (8.9 note).
    pub advanced: bool,
}

impl SegmentUse {
    /// May the unit take part in a combat of `kind` now?
    pub fn check(&self, kind: CombatKind) -> Result<(), RuleViolation> {
        let Some(used) = self.used else {
            return Ok(());
        };
        if used != kind {
            return refuse(
                "8.3.4",
                "a unit engages in one type of combat per combat segment",
            );
        }
        match kind {
            CombatKind::Bombardment | CombatKind::MixedBombardment => {
                refuse("8.2", "a unit fires only once per combat segment")
            }
            CombatKind::DirectGunFire => refuse(
                "8.3.3",
                "a unit fires Direct Gun Fire at one target per combat segment",
            ),
            CombatKind::CloseAssault if self.advanced => Ok(()),
            CombatKind::CloseAssault => refuse(
                "8.9",
                "a unit close assaults again only after advancing after combat",
            ),
        }
    }

    /// Records the unit's part in a combat of `kind`.
    pub fn record(&mut self, kind: CombatKind) -> Result<(), RuleViolation> {
        self.check(kind)?;
        self.used = Some(kind);
        self.advanced = false;
        Ok(())
    }

    /// Records an advance after combat (8.9), which lets the unit close assault again.
    pub fn record_advance(&mut self) {
        self.advanced = true;
    }
}

/// May this hex be bombarded now? Once per combat segment (8.2); an air strike is a
/// bombardment of its own and combines with nothing (11.4).
pub fn check_hex_bombardment(already_bombarded: bool) -> Result<(), RuleViolation> {
    if already_bombarded {
        return refuse("8.2", "a hex is bombarded only once per combat segment");
    }
    Ok(())
}
