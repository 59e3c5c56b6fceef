//! What combat needs to know about a unit and a defended hex: the counter's values on the face
//! that is up (2.2.3–2.2.7), its mode and facing (3.3, 3.4), command (3.5), disruption (8.8),
//! and the hex's terrain, ruins and fortification (8.1.5, 9.0.3, 10.1).
//!
//! The game state fills these from its roster and map; this module only reads them.

use super::tables::{TerrainKind, TerrainTable, WeaponType};
use crate::core::faces::{Face, Facing};
use crate::core::hex::Dir;
use crate::core::units::UnitId;
use crate::fortress::counters::UnitType;
use serde::{Deserialize, Serialize};

/// Terrain types one hex may mix (7.3.1: three types make it built-up).
pub const MAX_TERRAIN: usize = 3;

/// What combat singles out of a unit type (2.2.2).
impl UnitType {
    /// Armour-type units (2.2.2), which count for armour superiority (8.5.2 names
    /// reconnaissance; assault guns are armour-type).
    pub const fn is_armor(self) -> bool {
        matches!(
            self,
            UnitType::Armor | UnitType::AssaultGun | UnitType::Recon
        )
    }

    /// May be the target of Direct Gun Fire: armoured, mechanized or assault gun units (8.3).
    pub const fn is_gun_target(self) -> bool {
        self.is_armor() || matches!(self, UnitType::MechanizedInfantry)
    }

    /// Defending units that negate the attacker's armour superiority (8.5.2).
    pub const fn negates_armor_superiority(self) -> bool {
        self.is_armor()
            || matches!(
                self,
                UnitType::Engineer | UnitType::AntiTank | UnitType::Flak
            )
    }

    /// Anti-tank, anti-aircraft and artillery units halve their PF when disrupted (8.8).
    pub const fn halves_pf_when_disrupted(self) -> bool {
        matches!(
            self,
            UnitType::AntiTank | UnitType::Flak | UnitType::Artillery
        )
    }
}

/// One unit as combat sees it: the values printed on the face that is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    pub id: UnitId,
    pub class: UnitType,
    pub weapon: WeaponType,
    /// Firepower Strength on the face up (2.2.4).
    pub fs: u8,
    /// Protection Factor on the face up (2.2.5).
    pub pf: u8,
    /// Morale Rating as printed on the combat-mode face, used in either mode (2.2.7, 8.5.1).
    pub mr: u8,
    /// Range on the face up (2.2.3).
    pub range: u8,
    /// Front = maneuver mode, Back = combat mode (3.3).
    pub face: Face,
    /// The hexside a maneuver-mode unit points at; `None` in combat mode (all round, 8.1.6).
    pub facing: Option<Facing>,
    pub disrupted: bool,
    /// In command of an HQ at the start of the combat segment (3.5).
    pub in_command: bool,
    /// Underground in the U-Bahn (17.1.3).
    pub underground: bool,
}

impl Combatant {
    /// A unit in combat mode, in command, not disrupted: the common case, for builders.
    pub const fn new(id: UnitId, class: UnitType, weapon: WeaponType, fs: u8, pf: u8) -> Self {
        Combatant {
            id,
            class,
            weapon,
            fs,
            pf,
            mr: 0,
            range: 1,
            face: Face::Back,
            facing: None,
            disrupted: false,
            in_command: true,
            underground: false,
        }
    }

    pub const fn in_maneuver_mode(&self) -> bool {
        matches!(self.face, Face::Front)
    }

    /// Whether the unit faces `toward` (3.4.1, 8.1.6: combat mode faces all round).
    pub fn faces(&self, toward: Dir) -> bool {
        match (self.in_maneuver_mode(), self.facing) {
            (true, Some(f)) => f.faces(toward),
            _ => true,
        }
    }

    /// The FS the unit defends a close assault with, in half points: disrupted units use half
    /// their printed FS, fractions kept until the side's total is rounded (8.8, 8.4.2 step 3).
    pub const fn defence_fs_halves(&self) -> u16 {
        if self.disrupted {
            self.fs as u16
        } else {
            self.fs as u16 * 2
        }
    }

    /// The PF the unit defends with: disrupted anti-tank, anti-aircraft and artillery units
    /// halve it, rounding down (8.8).
    pub const fn protection(&self) -> u8 {
        if self.disrupted && self.class.halves_pf_when_disrupted() {
            self.pf / 2
        } else {
            self.pf
        }
    }

    /// The Morale Rating in a close assault: one less while disrupted (8.5.1, 8.8).
    pub const fn morale(&self) -> u8 {
        if self.disrupted {
            self.mr.saturating_sub(1)
        } else {
            self.mr
        }
    }
}

/// A fortification in the defender's hex (10.1). A captured strongpoint or flak tower is
/// inactive (10.2) and is described as `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fortification {
    Bunker,
    Strongpoint,
    FlakTower,
}

impl Fortification {
    /// The PF added to units in it (10.1.2: +2, 10.1.3: +3, 10.1.4: +3).
    pub const fn pf(self) -> i8 {
        match self {
            Fortification::Bunker => 2,
            Fortification::Strongpoint | Fortification::FlakTower => 3,
        }
    }

    /// The die-roll modifier against all types of combat (10.1.2: -2, 10.1.3: -3, 10.1.4: -4).
    pub const fn drm(self) -> i8 {
        match self {
            Fortification::Bunker => -2,
            Fortification::Strongpoint => -3,
            Fortification::FlakTower => -4,
        }
    }

    /// The intrinsic garrison's defensive FS and MR (10.1.3: 1 and 1, 10.1.4: 3 and 3);
    /// bunkers have none.
    pub const fn garrison(self) -> Option<Garrison> {
        match self {
            Fortification::Bunker => None,
            Fortification::Strongpoint => Some(Garrison { fs: 1, mr: 1 }),
            Fortification::FlakTower => Some(Garrison { fs: 3, mr: 3 }),
        }
    }

    pub const fn case(self) -> &'static str {
        match self {
            Fortification::Bunker => "10.1.2",
            Fortification::Strongpoint => "10.1.3",
            Fortification::FlakTower => "10.1.4",
        }
    }
}

/// An intrinsic garrison: not a unit; it cannot move or attack (10.1.3, 10.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Garrison {
    pub fs: u8,
    pub mr: u8,
}

/// Ruins: +4 to the defenders' PF and -4 to the roll in all types of combat (9.0.3).
pub const RUINS: (i8, i8) = (4, -4);

/// The hex under attack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefendedHex {
    /// The terrain types in it (7.3.1); the most favourable to the defender applies (8.1.5).
    pub terrain: heapless::Vec<TerrainKind, MAX_TERRAIN>,
    pub ruins: bool,
    pub fortification: Option<Fortification>,
}

impl DefendedHex {
    pub fn of(kind: TerrainKind) -> Self {
        let mut terrain = heapless::Vec::new();
        let _ = terrain.push(kind);
        DefendedHex {
            terrain,
            ruins: false,
            fortification: None,
        }
    }

    pub fn with(mut self, f: Fortification) -> Self {
        self.fortification = Some(f);
        self
    }

    pub fn ruined(mut self) -> Self {
        self.ruins = true;
        self
    }

    pub fn has(&self, kind: TerrainKind) -> bool {
        self.terrain.contains(&kind)
    }

    /// The single highest PF modifier of the hex (8.2.4 steps 1 and 4: not cumulative; 8.1.5:
    /// the most favourable to the defender), from terrain, ruins and fortification.
    pub fn pf_modifier(&self, tec: &TerrainTable) -> i8 {
        let terrain = self.terrain.iter().map(|&k| tec.of(k).pf);
        let ruins = self.ruins.then_some(RUINS.0);
        let fort = self.fortification.map(Fortification::pf);
        terrain.chain(ruins).chain(fort).max().unwrap_or(0).max(0)
    }

    /// The single most favourable hex die-roll modifier (8.2.4 step 5, 8.1.5).
    pub fn drm(&self, tec: &TerrainTable) -> i8 {
        let terrain = self.terrain.iter().map(|&k| tec.of(k).drm);
        let ruins = self.ruins.then_some(RUINS.1);
        let fort = self.fortification.map(Fortification::drm);
        terrain.chain(ruins).chain(fort).min().unwrap_or(0).min(0)
    }

    /// The intrinsic garrison of an active strongpoint or flak tower (10.1.3, 10.1.4).
    pub fn garrison(&self) -> Option<Garrison> {
        self.fortification.and_then(Fortification::garrison)
    }

    /// Bunkers, strongpoints and flak towers shut out the outflanking and surrounded shifts
    /// (8.5.3, 8.5.4 exception, 10.1.2, 10.1.3).
    pub fn fortified(&self) -> bool {
        self.fortification.is_some()
    }

    /// The hex is a built-up area, where fire combat can make ruins (8.6 `*`, 9.0.1).
    pub fn built_up(&self) -> bool {
        self.has(TerrainKind::BuiltUp)
    }

    /// Armour superiority is possible only against clear or park terrain (8.5.2; 7.3.1: a hex
    /// with any other type in it is that type).
    pub fn open_ground(&self) -> bool {
        !self.terrain.is_empty()
            && self
                .terrain
                .iter()
                .all(|k| matches!(k, TerrainKind::Clear | TerrainKind::Park))
    }
}

/// What an attacking unit crosses into the defender's hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Water {
    #[default]
    None,
    /// A river or canal hexside with a bridge (8.1.5, 8.4.2 step 3).
    Bridged,
    /// A river or canal hexside without one (7.3.3: no close assault across it).
    Unbridged,
}

/// The hexside between an attacking unit and the defender's hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crossing {
    pub water: Water,
    /// A perimeter barrier on that hexside (10.1.1).
    pub perimeter_barrier: bool,
}

impl Crossing {
    pub const OPEN: Crossing = Crossing {
        water: Water::None,
        perimeter_barrier: false,
    };

    pub const fn bridged() -> Crossing {
        Crossing {
            water: Water::Bridged,
            perimeter_barrier: false,
        }
    }

    pub const fn barrier() -> Crossing {
        Crossing {
            water: Water::None,
            perimeter_barrier: true,
        }
    }
}
