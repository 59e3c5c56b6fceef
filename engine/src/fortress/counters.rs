//! What a Fortress Berlin counter prints (2.2): type, size, formation, the weapon oval, and
//! per face (Maneuver Mode on the front, Combat Mode on the back, 3.3) its range, Firepower
//! Strength, Protection Factor and Movement Allowance; morale (the same in both modes, 2.2.7)
//! and, for HQs, a command radius in hexes or the whole map (2.2.8).
//!
//! The rulebook prints only the combat face of each unit ("FS-PF-MA" in 13.x–16.x); the
//! maneuver faces and the HQ radii come from the data files and are stand-ins until a club
//! transcribes its counters (`../shared/rules/README.md`).

use crate::core::faces::{CounterDef, Face, TwoFaced};
use crate::core::side::Side;
use crate::core::units::UnitId;
// The weapon type in the oval (2.2.3) is the CRT Heading Table's row (`WeaponType::Defensive` is
// "DEF": defend, never attack).
pub use super::combat::tables::WeaponType;
use serde::{Deserialize, Serialize};

/// The German side is the first player (4.1); the Soviet side is the second (4.2).
pub const GERMAN: Side = Side::A;
pub const SOVIET: Side = Side::B;

/// Unit sizes (2.2.1). Army and corps appear on HQs only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitSize {
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
    Corps,
    Army,
}

/// Unit types (2.2.2), grouped into the four classes the rules speak of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitType {
    Infantry,
    Engineer,
    Volkssturm,
    Police,
    HitlerYouth,
    PlantProtection,
    MotorizedInfantry,
    MechanizedInfantry,
    Headquarters,
    Armor,
    AssaultGun,
    Recon,
    AntiTank,
    Flak,
    Artillery,
    /// Hitler and the leaders of 17.4: not a combat unit (11.1.5, 17.4.5).
    Leader,
}

/// The classes of 2.2.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeClass {
    InfantryType,
    ArmorType,
    WeaponsType,
    ArtilleryType,
    Leader,
}

impl UnitType {
    pub const fn class(self) -> TypeClass {
        use UnitType::*;
        match self {
            Infantry | Engineer | Volkssturm | Police | HitlerYouth | PlantProtection
            | MotorizedInfantry | MechanizedInfantry | Headquarters => TypeClass::InfantryType,
            Armor | AssaultGun | Recon => TypeClass::ArmorType,
            AntiTank | Flak => TypeClass::WeaponsType,
            Artillery => TypeClass::ArtilleryType,
            Leader => TypeClass::Leader,
        }
    }
    /// Combat units project zones of control and count toward stacking; leaders and markers
    /// do neither (3.1.1, 3.2.1, 11.1.5).
    pub const fn is_combat_unit(self) -> bool {
        !matches!(self, UnitType::Leader)
    }
}

/// An HQ's command radius (2.2.8): hexes, not MP; the asterisk takes in the whole map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Radius {
    Hexes(u8),
    WholeMap,
}

impl Radius {
    /// Does the radius reach a hex `distance` hexes away?
    pub const fn reaches(self, distance: u16) -> bool {
        match self {
            Radius::Hexes(n) => distance <= n as u16,
            Radius::WholeMap => true,
        }
    }
}

/// Values printed on one face (2.2.3–2.2.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Printed {
    /// Range in hexes (2.2.3); artillery's varies with the mode.
    pub range: u8,
    /// Firepower Strength (2.2.4).
    pub fs: u8,
    /// Protection Factor (2.2.5).
    pub pf: u8,
    /// Movement Allowance (2.2.6), whole MP.
    pub ma: u8,
}

impl Printed {
    pub const fn new(range: u8, fs: u8, pf: u8, ma: u8) -> Self {
        Printed { range, fs, pf, ma }
    }
}

/// Index into [`Forces::formations`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationId(pub u8);

/// What a formation is, for stacking (3.1.2, 3.1.3) and command (3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormationKind {
    /// German division: four units may stack if all are of one division (3.1.2); its HQ
    /// commands (3.5.3).
    Division,
    /// German higher command: Berlin, LVI Panzer Korps, Steiner, Wenck (3.5.4).
    HigherCommand,
    /// Any other German grouping (SS Group "Clausewitz" …): no stacking bonus.
    GermanOther,
    /// Soviet tank or mechanized corps: three may stack (3.1.3).
    MobileCorps,
    /// Soviet rifle corps: no stacking bonus (see the stacking ruling).
    RifleCorps,
    /// Soviet army: its HQ commands (3.5); army troops get no stacking bonus (3.1.3).
    Army,
}

/// The two Soviet fronts of the three- to six-player games (17.2): Zhukov's and Koniev's
/// armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Front {
    Zhukov,
    Koniev,
}

/// The service of a German unit, which decides who commands it in the four- to six-player games
/// (17.3.1–17.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Service {
    /// Army, navy, Luftwaffe ground troops, anti-tank and flak.
    Wehrmacht,
    WaffenSs,
    HitlerYouth,
    /// Volkssturm, plant protection and police.
    Civil,
    /// The Freikorps Adolf Hitler.
    Freikorps,
    /// Hitler's two SS bodyguard battalions, set up in his hex.
    Bodyguard,
}

/// A formation of the order of appearance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    pub name: heapless::String<32>,
    pub side: Side,
    pub kind: FormationKind,
    /// The formation above: a division's higher command (3.5.3, 3.5.4), a corps' army.
    pub higher: Option<FormationId>,
    /// A Soviet army's front (17.2).
    #[serde(default)]
    pub front: Option<Front>,
}

/// One counter as printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    pub name: heapless::String<24>,
    pub side: Side,
    pub kind: UnitType,
    pub size: UnitSize,
    pub weapon: WeaponType,
    /// The formation stripe (2.2.1); `None` for independent units.
    pub formation: Option<FormationId>,
    /// Front = Maneuver Mode, back = Combat Mode (3.3); only the front has a facing (3.4).
    pub faces: CounterDef<Printed>,
    /// Morale, printed on the combat face and used in both modes (2.2.7, 8.5.1).
    pub morale: u8,
    /// HQs only (2.2.8).
    pub command: Option<Radius>,
    /// Plant Protection Battalions print a combat face only (11.2.1): both faces hold it and
    /// the counter never changes mode.
    pub combat_only: bool,
    /// A Waffen SS unit: it may desert after Hitler's death (11.1.3).
    pub waffen_ss: bool,
    /// A German unit's service where its type and SS mark do not say it: the Freikorps and
    /// Hitler's bodyguard (17.3); see [`Counter::service`].
    #[serde(default)]
    pub special: Option<Service>,
    /// A leader of the Character Game (17.4.1): the stars on his Soviet face (1–3), 0 for
    /// every other counter (Hitler included).
    pub stars: u8,
    /// A leader's set-up hex, printed on his Soviet face (17.4.1, 17.4.9).
    pub home: Option<crate::core::hex::HexId>,
}

/// The face of each mode.
pub const MANEUVER: Face = Face::Front;
pub const COMBAT: Face = Face::Back;

impl Counter {
    /// A two-faced counter.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        name: &str,
        side: Side,
        kind: UnitType,
        size: UnitSize,
        weapon: WeaponType,
        maneuver: Printed,
        combat: Printed,
        morale: u8,
    ) -> Self {
        let mut n = heapless::String::new();
        for c in name.chars() {
            if n.push(c).is_err() {
                break;
            }
        }
        Counter {
            name: n,
            side,
            kind,
            size,
            weapon,
            formation: None,
            faces: CounterDef {
                faces: TwoFaced {
                    front: maneuver,
                    back: combat,
                },
                faced: TwoFaced {
                    front: true,
                    back: false,
                },
            },
            morale,
            command: None,
            combat_only: false,
            waffen_ss: false,
            stars: 0,
            home: None,
            special: None,
        }
    }

    /// The service a German unit belongs to (17.3): its `special` one, else by its SS mark and
    /// type.
    pub fn service(&self) -> Service {
        if let Some(s) = self.special {
            return s;
        }
        match self.kind {
            _ if self.waffen_ss => Service::WaffenSs,
            UnitType::HitlerYouth => Service::HitlerYouth,
            UnitType::Volkssturm | UnitType::PlantProtection | UnitType::Police => Service::Civil,
            _ => Service::Wehrmacht,
        }
    }

    /// A counter printed with a combat face only (PPB, 11.2.1): it faces all round, always.
    pub fn combat_only(
        name: &str,
        side: Side,
        kind: UnitType,
        size: UnitSize,
        weapon: WeaponType,
        combat: Printed,
        morale: u8,
    ) -> Self {
        let mut c = Counter::new(name, side, kind, size, weapon, combat, combat, morale);
        c.faces.faced.front = false;
        c.combat_only = true;
        c
    }

    /// Puts the counter in a formation (its stripe, 2.2.1).
    pub fn of(mut self, f: FormationId) -> Self {
        self.formation = Some(f);
        self
    }

    /// Marks the counter Waffen SS (11.1.3).
    pub fn ss(mut self) -> Self {
        self.waffen_ss = true;
        self
    }

    /// Makes the counter a leader of the Character Game with his stars and set-up hex (17.4.1).
    pub fn leader(mut self, stars: u8, home: crate::core::hex::HexId) -> Self {
        self.stars = stars;
        self.home = Some(home);
        self
    }

    /// Makes the counter an HQ with a command radius (2.2.8).
    pub fn hq(mut self, radius: Radius) -> Self {
        self.command = Some(radius);
        self
    }

    pub fn is_hq(&self) -> bool {
        self.command.is_some()
    }

    /// The values of the face up.
    pub fn on(&self, face: Face) -> &Printed {
        self.faces.faces.on(face)
    }
}

/// The static side of a game's forces: formations and counters, sized by
/// `core::capacity::fortress_berlin` (see [`super::Forces`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcesOf<const U: usize, const F: usize> {
    pub formations: heapless::Vec<Formation, F>,
    pub counters: heapless::Vec<Counter, U>,
}

impl<const U: usize, const F: usize> Default for ForcesOf<U, F> {
    fn default() -> Self {
        ForcesOf {
            formations: heapless::Vec::new(),
            counters: heapless::Vec::new(),
        }
    }
}

impl<const U: usize, const F: usize> ForcesOf<U, F> {
    pub fn counter(&self, u: UnitId) -> Option<&Counter> {
        self.counters.get(u.0 as usize)
    }
    pub fn formation(&self, f: FormationId) -> Option<&Formation> {
        self.formations.get(f.0 as usize)
    }
    /// Adds a formation; `None` when the capacity is full.
    pub fn add_formation(
        &mut self,
        name: &str,
        side: Side,
        kind: FormationKind,
        higher: Option<FormationId>,
    ) -> Option<FormationId> {
        let mut n = heapless::String::new();
        for c in name.chars() {
            if n.push(c).is_err() {
                break;
            }
        }
        let id = FormationId(self.formations.len() as u8);
        self.formations
            .push(Formation {
                name: n,
                side,
                kind,
                higher,
                front: None,
            })
            .ok()?;
        Some(id)
    }
    /// Adds a counter; `None` when the capacity is full.
    pub fn add(&mut self, c: Counter) -> Option<UnitId> {
        let id = UnitId(self.counters.len() as u16);
        self.counters.push(c).ok()?;
        Some(id)
    }
    /// The formation kind of a unit's stripe.
    pub fn kind_of(&self, u: UnitId) -> Option<FormationKind> {
        let f = self.counter(u)?.formation?;
        Some(self.formation(f)?.kind)
    }
}
