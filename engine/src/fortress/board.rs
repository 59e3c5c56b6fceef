//! Who is where on a Fortress Berlin board, and in which mode, facing and condition: the
//! state the unit and force rules (3.1–3.6) work on.
//!
//! A unit's hex is its `UnitState::location`, as in every game; its stack order lives in a
//! `core::stack::Stacks` (one force per side and hex, 3.1.1); its face, facing and the game's
//! own status (disruption, MP budget, command designation) in a `core::faces::CounterState`.
//! The map is the core's `MapData` with the terrain ids of [`terrain`]; fortifications and
//! U-Bahn stations are hex features (`HexFeatures::BUNKER` …), not terrain (7.3.1).

use super::counters::{Counter, ForcesOf, Printed, COMBAT, MANEUVER};
use crate::core::capacity::fortress_berlin::{self, FORMATIONS, UNITS};
use crate::core::faces::{CounterState, Face, Facing};
use crate::core::hex::{Dir, HexId};
use crate::core::map::HexFeatures;
use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use crate::core::stack::{Stack, Stacks};
use crate::core::units::{Location, UnitId, UnitState};
use serde::{Deserialize, Serialize};

/// The map with Fortress Berlin's terrain ids (2.1.1).
pub type MapData = fortress_berlin::MapData;
/// Every counter of a game (`core::capacity::fortress_berlin`).
pub type Forces = ForcesOf<UNITS, FORMATIONS>;
/// A game's board state.
pub type State = FortressState<UNITS>;

/// Terrain ids of the map data (2.1.1, the Terrain Key). Rivers, canals, bridges, roads,
/// railroads and U-Bahn lines are hexside features; fortifications and stations hex features.
pub mod terrain {
    use crate::core::map::TerrainId;
    pub const CLEAR: TerrainId = 0;
    pub const PARK: TerrainId = 1;
    pub const BUILT_UP: TerrainId = 2;
    pub const MAJOR_BUILDING: TerrainId = 3;
    pub const AIRFIELD: TerrainId = 4;
    pub const LAKE: TerrainId = 5;
}

/// The segments of a player-turn (4.1.1–4.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SegmentKind {
    Reinforcement,
    Recovery,
    Movement,
    Combat,
}

/// The segment being played and whose player-turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub side: Side,
    pub kind: SegmentKind,
}

/// Why a unit may not move again this segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Done {
    /// The player let go of it (7.1.1).
    Released,
    /// It entered an enemy-controlled hex (3.2.4).
    ZocStop,
    /// It changed mode as its only action, having too few MP to pay for it (3.3.3).
    SoleAction,
}

/// Fortress Berlin's per-unit state beside the face and facing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// Disrupted, marked with the colour of the player-turn it happened in: the German's
    /// white, the Soviet's red (6.0, 8.8).
    pub disrupted: Option<Side>,
    /// Underground on the U-Bahn (17.1.1).
    pub underground: bool,
    /// MP for this movement segment in MP sub-points: the MA of the face up when the segment
    /// began, halved for a division out of command (7.2.2, 3.5.3).
    pub budget: u16,
    /// Moved or changed mode this segment.
    pub acted: bool,
    pub done: Option<Done>,
    /// Gave HQ support fire this turn (3.5.2).
    pub support_fired: bool,
    /// The German higher HQ that commands this unit directly (3.5.4).
    pub directed_by: Option<UnitId>,
    /// The hex a reinforcement came onto the map by, for the map edge of 5.1's substitutes.
    pub entered_at: Option<HexId>,
}

/// One unit: where it is (core) and its face, facing and status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub state: UnitState,
    pub counter: CounterState<Status>,
}

/// Game options that change the unit and force rules, and the variants both players agreed to
/// (16.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The optional rule of 3.5.3: a unit is in command only through its own division's HQ, and a
    /// division HQ supports only its own division's units.
    pub own_division_command: bool,
    /// Minor variant 16.1: a fourth flak tower in the Reichstag, whose place as the Soviet's
    /// objective the Brandenburg Gate takes.
    pub reichstag_flak_tower: bool,
    /// Minor variant 16.2: a Latvian SS battalion joins the German turn-1 arrivals.
    pub latvians: bool,
    /// Minor variant 16.3: the 156th Infantry Division joins the German turn-2 arrivals.
    pub lvi_panzer_korps: bool,
    /// Major variant 16.4: Steiner's and the Soviet's turn-4 additions, the 1st Polish Army
    /// back on turn 4, no German automatic victory.
    pub steiner: bool,
    /// Major variant 16.5: Wenck's and the Soviet's turn-9 additions, the withdrawn 20th
    /// Panzergrenadier back on turn 9, no German automatic victory.
    pub wenck: bool,
    /// Optional rule 17.1: German infantry and engineer battalions may move by U-Bahn; Soviet
    /// infantry may go down to block it.
    pub ubahn: bool,
    /// Optional rule 17.5: Soviet units of different armies in one direct gun fire or close
    /// assault lower its letter.
    #[serde(default)]
    pub army_coordination: bool,
    /// Players at the table (17.2, 17.3): 2 (0 reads as 2) to 6.
    #[serde(default)]
    pub players: u8,
    /// Optional rule 17.4, the Character Game: more Nazi leaders, who may flee, kill
    /// themselves, defect and assassinate Hitler.
    pub character_game: bool,
}

/// One variant the engine enforces (16.0).
pub struct Variant {
    /// The case a data listing names in its `variant` field.
    pub case: &'static str,
    /// The Soviet's bonus VP for agreeing to it.
    pub bonus_vp: u16,
    /// Its switch in [`Options`].
    pub on: fn(&Options) -> bool,
}

/// Every variant the engine enforces, the one table [`Options::variant_on`] and
/// [`Options::variant_bonus_vp`] read.
pub const VARIANTS: [Variant; 5] = [
    Variant {
        case: "16.1",
        bonus_vp: 1,
        on: |o| o.reichstag_flak_tower,
    },
    Variant {
        case: "16.2",
        bonus_vp: 1,
        on: |o| o.latvians,
    },
    Variant {
        case: "16.3",
        bonus_vp: 4,
        on: |o| o.lvi_panzer_korps,
    },
    Variant {
        case: "16.4",
        bonus_vp: 15,
        on: |o| o.steiner,
    },
    Variant {
        case: "16.5",
        bonus_vp: 30,
        on: |o| o.wenck,
    },
];

/// The case of the Character Game (17.4): the `variant` of the data listing of its leaders.
pub const CHARACTER_GAME: &str = "17.4";

/// The Reichstag's place on the map: the Soviet's objective (12.0), a flak tower in 16.1.
pub const REICHSTAG: &str = "Reichstag";
/// The Brandenburg Gate's place: the Soviet's objective in 16.1.
pub const BRANDENBURG_GATE: &str = "Brandenburg Gate";

/// The features of `hex` as the game stands: the map's, and the Reichstag's flak tower when
/// 16.1 is in play (it then works like the other three, 10.1.4).
pub fn features(map: &MapData, options: &Options, hex: HexId) -> HexFeatures {
    let mut f = map.features(hex);
    if options.reichstag_flak_tower && map.place(REICHSTAG).is_some_and(|p| p.hexes.contains(&hex))
    {
        f.insert(HexFeatures::FLAK_TOWER);
    }
    f
}

impl Options {
    /// Players at the table, 2 to 6 (17.2, 17.3).
    pub fn players(&self) -> u8 {
        self.players.clamp(
            crate::fortress::players::MIN_PLAYERS,
            crate::fortress::players::MAX_PLAYERS,
        )
    }

    /// Is the variant of case `case` (16.x) in play? A variant the engine does not enforce
    /// never is (its listings stay out of the game).
    pub fn variant_on(&self, case: &str) -> bool {
        VARIANTS.iter().any(|v| v.case == case && (v.on)(self))
            || (case == CHARACTER_GAME && self.character_game)
    }

    /// Is a major variant in play? Then holding the Reichstag wins nothing by itself: the
    /// German needs more VP than the Soviet (16.4, 16.5 notes).
    pub fn major_variant(&self) -> bool {
        self.steiner || self.wenck
    }

    /// The Soviet's bonus VP for the variants in play (16.1-16.5: the price of the German's
    /// extra troops).
    pub fn variant_bonus_vp(&self) -> u16 {
        VARIANTS
            .iter()
            .filter(|v| (v.on)(self))
            .map(|v| v.bonus_vp)
            .sum()
    }
}

/// The board: one entry per counter of [`Forces`] (same index) and the stacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FortressState<const U: usize> {
    pub turn: u8,
    pub segment: Segment,
    pub options: Options,
    pub units: heapless::Vec<Unit, U>,
    pub stacks: Stacks<U>,
    /// Hexes marked with a ruins marker, for the rest of the game (9.0.1).
    pub ruins: heapless::Vec<HexId, MAX_RUINS>,
    /// Strongpoint and flak tower hexes the Soviets have captured: marked with a star, they
    /// help neither side any more (10.2).
    pub captured: heapless::Vec<HexId, MAX_CAPTURED>,
}

/// Strongpoint and flak tower hexes a game may see captured (10.2; a stand-in capacity above
/// the map's forty-odd fortifications).
pub const MAX_CAPTURED: usize = 64;

/// Ruins markers a game may place (the counter mix is not in the rulebook; a stand-in
/// capacity, ample for a city that could be ruined hex by hex in fifteen turns of fire).
pub const MAX_RUINS: usize = 256;

const NO_UNIT: RuleViolation = RuleViolation::new("engine", "no such unit");

/// May the counter show `face`? A Plant Protection Battalion has no maneuver face (11.2.1).
pub fn may_show(c: &Counter, face: Face) -> Result<(), RuleViolation> {
    if c.combat_only && face == MANEUVER {
        return refuse(
            "11.2.1",
            "a Plant Protection Battalion has a combat face only",
        );
    }
    Ok(())
}

/// The facing of the maneuver-mode units of a force (3.4.2: they all face alike).
pub fn force_facing(state: &State, stack: &Stack) -> Option<Facing> {
    stack
        .units
        .iter()
        .find_map(|&u| state.unit(u).and_then(|x| x.counter.facing))
}

impl FortressState<UNITS> {
    /// Every counter of `forces` off the map, maneuver face up (reinforcements arrive in
    /// Maneuver Mode, 3.3.3), turn 1, the German reinforcement segment (4.1).
    pub fn new(forces: &Forces) -> Self {
        let mut units = heapless::Vec::new();
        for c in &forces.counters {
            let mut u = Unit::default();
            u.state.location = Location::Pool;
            if c.combat_only {
                u.counter.face = COMBAT;
            }
            let _ = units.push(u);
        }
        FortressState {
            turn: 1,
            segment: Segment {
                side: super::counters::GERMAN,
                kind: SegmentKind::Reinforcement,
            },
            options: Options::default(),
            units,
            stacks: Stacks::default(),
            ruins: heapless::Vec::new(),
            captured: heapless::Vec::new(),
        }
    }

    pub fn unit(&self, u: UnitId) -> Option<&Unit> {
        self.units.get(u.0 as usize)
    }
    pub fn unit_mut(&mut self, u: UnitId) -> Result<&mut Unit, RuleViolation> {
        self.units.get_mut(u.0 as usize).ok_or(NO_UNIT)
    }
    pub fn hex_of(&self, u: UnitId) -> Option<HexId> {
        self.unit(u)?.state.hex()
    }
    pub fn face(&self, u: UnitId) -> Face {
        self.unit(u).map(|x| x.counter.face).unwrap_or_default()
    }
    pub fn in_maneuver(&self, u: UnitId) -> bool {
        self.face(u) == MANEUVER
    }
    pub fn disrupted(&self, u: UnitId) -> bool {
        self.unit(u)
            .is_some_and(|x| x.counter.game.disrupted.is_some())
    }
    /// The printed values of the face up.
    pub fn printed<'f>(&self, forces: &'f Forces, u: UnitId) -> Option<&'f Printed> {
        Some(forces.counter(u)?.on(self.face(u)))
    }
    /// MP sub-points left this movement segment.
    pub fn remaining(&self, u: UnitId) -> u16 {
        self.unit(u).map_or(0, |x| {
            x.counter.game.budget.saturating_sub(x.state.spent_mp)
        })
    }
    /// Is a stack of `side` in `hex`?
    pub fn occupied_by(&self, hex: HexId, side: Side) -> bool {
        self.stacks.at(hex, side).is_some_and(|s| !s.is_empty())
    }

    /// Sets a unit up in `hex` with `face` up, before play or as it enters (13.0: the German
    /// picks the mode; 3.3.3). A maneuver-mode unit joining maneuver-mode units takes their
    /// facing (3.4.2), otherwise `facing`. Stacking limits are checked at the end of the
    /// segment (3.1.4), so any number up to the stack capacity is accepted here.
    pub fn place(
        &mut self,
        forces: &Forces,
        u: UnitId,
        hex: HexId,
        face: Face,
        facing: Dir,
    ) -> Result<(), RuleViolation> {
        let c: &Counter = forces.counter(u).ok_or(NO_UNIT)?;
        may_show(c, face)?;
        let joined = self
            .stacks
            .at(hex, c.side)
            .and_then(|s| force_facing(self, s));
        self.stacks.place(u, hex, c.side, &super::stacking::LOOSE)?;
        let x = self.unit_mut(u)?;
        x.state.location = Location::OnMap(hex);
        x.counter.face = face;
        x.counter.facing = (*c.faces.faced.on(face)).then(|| joined.unwrap_or(Facing(facing)));
        Ok(())
    }

    /// Moves `units` of one force into `to` without paying for it (a retreat, an advance, a
    /// defector's walk): maneuver-mode units joining a force there take its facing (3.4.2).
    pub fn shift(&mut self, units: &[UnitId], to: HexId) -> Result<(), RuleViolation> {
        let side = units
            .first()
            .and_then(|&u| self.stacks.of(u))
            .map(|s| s.owner);
        let joined = side
            .and_then(|s| self.stacks.at(to, s))
            .and_then(|s| force_facing(self, s));
        self.stacks.move_force(units, to, &super::stacking::LOOSE)?;
        for &u in units {
            let x = self.unit_mut(u)?;
            x.state.location = Location::OnMap(to);
            if let (Some(f), Some(_)) = (joined, x.counter.facing) {
                x.counter.facing = Some(f);
            }
        }
        Ok(())
    }

    /// Takes a unit off the map for good (eliminated, 3.1.4, 8.6).
    pub fn eliminate(&mut self, u: UnitId) -> Result<(), RuleViolation> {
        if self.stacks.of(u).is_some() {
            self.stacks.take(u)?;
        }
        let x = self.unit_mut(u)?;
        x.state.location = Location::Eliminated;
        x.counter.facing = None;
        Ok(())
    }

    pub fn ruined(&self, hex: HexId) -> bool {
        self.ruins.contains(&hex)
    }

    /// Marks `hex` with ruins (9.0.1); they stay for the rest of the game.
    pub fn add_ruins(&mut self, hex: HexId) -> Result<(), RuleViolation> {
        if !self.ruined(hex) {
            self.ruins
                .push(hex)
                .map_err(|_| RuleViolation::new("engine", "ruins capacity exceeded"))?;
        }
        Ok(())
    }

    /// Has the strongpoint or flak tower in `hex` been captured (10.2)?
    pub fn captured(&self, hex: HexId) -> bool {
        self.captured.contains(&hex)
    }

    /// Marks a captured strongpoint or flak tower with its star (10.2): for good, even if the
    /// German takes the hex back. `false` if it was marked already.
    pub fn capture(&mut self, hex: HexId) -> Result<bool, RuleViolation> {
        if self.captured(hex) {
            return Ok(false);
        }
        self.captured
            .push(hex)
            .map_err(|_| RuleViolation::new("engine", "captured-marker capacity exceeded"))?;
        Ok(true)
    }

    /// Does `side` hold `hex` with a combat unit? A leader alone holds nothing (11.1.5).
    pub fn held_by(&self, forces: &Forces, hex: HexId, side: Side) -> bool {
        self.stacks.at(hex, side).is_some_and(|s| {
            s.units
                .iter()
                .any(|&u| forces.counter(u).is_some_and(|c| c.kind.is_combat_unit()))
        })
    }

    /// Is it `side`'s movement segment?
    pub fn moving(&self, side: Side) -> bool {
        self.segment
            == Segment {
                side,
                kind: SegmentKind::Movement,
            }
    }
}
