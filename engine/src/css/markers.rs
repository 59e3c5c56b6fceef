//! The series' markers as engine state (S2.6): every marker of the counter mix, the group it
//! belongs to and the engine state that holds it ([`Marker::held_by`]), and a unit's own markers
//! together ([`UnitMarkers`]) so that they travel with it (S15.4) and a rout clears what it
//! should (S11.8.3).
//!
//! Status, step-loss, fire and supply markers sit on a unit ([`UnitMarkers`]); terrain and hex
//! markers are game state the series reads through `css::terrain::Conditions` (and
//! `css::night::Sky` for Illumination); control is `css::control::Control`; track markers are
//! the division and turn records (`css::command`).

#[cfg(test)]
#[path = "markers_tests.rs"]
mod tests;

use super::fire::FireMarkers;
use super::morale::{Condition, Status};
use super::supply::SupplyChits;
use serde::{Deserialize, Serialize};

/// The groups of S2.6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Group {
    /// On a unit: its status, losses and fire markers.
    Status,
    /// On a unit: its supply chits (S15.0).
    Supply,
    /// On a hex: what changes the ground.
    Terrain,
    /// On a hex: who holds it.
    Hex,
    /// On a display or track.
    Track,
}

/// Every marker of the series (S2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Marker {
    Pin,
    Dg,
    Suppressed,
    StepLoss,
    OpFire,
    Fired,
    SustainedFire,
    /// The guided-missile marker on its target (S9.13).
    Missile,
    AmmoLow,
    AmmoOut,
    FuelOut,
    Smoke,
    ThinSmoke,
    Illumination,
    Rubble,
    OnFire,
    ClearedFire,
    PreparedPosition,
    Entrenchment,
    Destroyed,
    Damaged,
    Breached,
    HexOwned,
    Control,
    DispatchPoints,
    DirectCommands,
    Fatigue,
    DivisionTq,
    Turn,
    VictoryPoints,
}

impl Marker {
    pub const ALL: [Marker; 30] = [
        Marker::Pin,
        Marker::Dg,
        Marker::Suppressed,
        Marker::StepLoss,
        Marker::OpFire,
        Marker::Fired,
        Marker::SustainedFire,
        Marker::Missile,
        Marker::AmmoLow,
        Marker::AmmoOut,
        Marker::FuelOut,
        Marker::Smoke,
        Marker::ThinSmoke,
        Marker::Illumination,
        Marker::Rubble,
        Marker::OnFire,
        Marker::ClearedFire,
        Marker::PreparedPosition,
        Marker::Entrenchment,
        Marker::Destroyed,
        Marker::Damaged,
        Marker::Breached,
        Marker::HexOwned,
        Marker::Control,
        Marker::DispatchPoints,
        Marker::DirectCommands,
        Marker::Fatigue,
        Marker::DivisionTq,
        Marker::Turn,
        Marker::VictoryPoints,
    ];

    pub const fn group(self) -> Group {
        use Marker::*;
        match self {
            Pin | Dg | Suppressed | StepLoss | OpFire | Fired | SustainedFire | Missile => {
                Group::Status
            }
            AmmoLow | AmmoOut | FuelOut => Group::Supply,
            Smoke | ThinSmoke | Illumination | Rubble | OnFire | ClearedFire | PreparedPosition
            | Entrenchment | Destroyed | Damaged | Breached => Group::Terrain,
            HexOwned | Control => Group::Hex,
            DispatchPoints | DirectCommands | Fatigue | DivisionTq | Turn | VictoryPoints => {
                Group::Track
            }
        }
    }

    /// The case that says what the marker does.
    pub const fn case(self) -> &'static str {
        use Marker::*;
        match self {
            Pin => "S11.4",
            Dg => "S11.5",
            Suppressed => "S11.6",
            StepLoss => "S2.3",
            OpFire => "S9.11.3",
            Fired => "S9.3.5",
            SustainedFire => "S9.12",
            Missile => "S9.13.2",
            AmmoLow | AmmoOut | FuelOut => "S15.1",
            Smoke | ThinSmoke => "S9.9",
            Illumination => "S14.3",
            Rubble => "S7.3",
            OnFire | ClearedFire => "S14.4",
            PreparedPosition | Entrenchment => "S19.2",
            Destroyed | Damaged => "S7.9",
            Breached => "S7.4",
            HexOwned => "S16.3",
            Control => "S16.1",
            DispatchPoints => "S4.2",
            DirectCommands => "S4.6",
            Fatigue => "S17.1",
            DivisionTq => "S17.3",
            Turn => "S3.1",
            VictoryPoints => "S21.2",
        }
    }

    /// The engine state that holds the marker.
    pub const fn held_by(self) -> &'static str {
        use Marker::*;
        match self {
            Pin | Dg | Suppressed => "css::morale::Condition::status",
            StepLoss => "css::morale::Condition::lost",
            OpFire => "css::fire::FireMarkers::op_fire",
            Fired => "css::fire::FireMarkers::fired",
            SustainedFire => "css::fire::FireMarkers::sustained",
            Missile => "css::fire::missile::MissileAttack",
            AmmoLow | AmmoOut => "css::supply::SupplyChits::ammo",
            FuelOut => "css::supply::SupplyChits::fuel_out",
            Smoke | ThinSmoke => "css::terrain::Conditions::smoke",
            Illumination => "css::night::Sky::illuminated",
            Rubble => "css::terrain::Conditions::rubble",
            OnFire => "css::terrain::Conditions::on_fire",
            ClearedFire => "gates::fires::Target",
            PreparedPosition | Entrenchment => "css::terrain::Conditions::fortification",
            Destroyed | Damaged => "css::terrain::Conditions::bridge_out",
            Breached => "css::terrain::Conditions::breached",
            HexOwned => "css::terrain::Conditions::hex_owned",
            Control => "css::control::Control",
            DispatchPoints => "css::command::DivisionTrack::dp",
            DirectCommands => "css::command::DivisionTrack::dc",
            Fatigue => "css::command::DivisionTrack::fatigue",
            DivisionTq => "css::command::DivisionTrack::tq",
            Turn => "css::command::turn::TurnState::turn",
            VictoryPoints => "gates::victory::VictoryTrack",
        }
    }
}

/// The markers on one unit (S2.6): status and lost steps, fire markers, supply chits. They are
/// part of the unit and go wherever it goes — moved, carried, routed (S15.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMarkers {
    pub condition: Condition,
    pub fire: FireMarkers,
    pub supply: SupplyChits,
}

impl UnitMarkers {
    /// A unit of `steps` steps with no marker; `sustained_ability` units hold their Sustained
    /// Fire marker from the start (S9.12).
    pub const fn fresh(steps: u8, sustained_ability: bool) -> Self {
        UnitMarkers {
            condition: Condition::fresh(steps),
            fire: FireMarkers {
                fired: false,
                op_fire: false,
                sustained: sustained_ability,
            },
            supply: SupplyChits::NONE,
        }
    }

    /// S11.8.3, S15.4: the unit goes to the Routed box: its status marker and the fire
    /// markers of its last position go; its lost steps, its Sustained Fire marker and its
    /// supply chits stay with it.
    pub fn rout(&mut self) {
        self.condition.status = Status::None;
        self.fire.fired = false;
        self.fire.op_fire = false;
    }
}
