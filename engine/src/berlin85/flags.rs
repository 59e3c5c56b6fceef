//! Per-unit flag bits kept in `UnitState::flags`. They are allocated here, in one place, so
//! the subsystems that set them can never collide: bits 0-6 belong to movement, supply and
//! reinforcements; bits 7-15 to combat.

// ---- movement [5.x], supply [14.x], reinforcements [13.x], [18.x]: bits 0-6

/// The unit has moved (or airlanded) this Movement Phase. Once another unit is moved it is
/// done for the Player-Turn [5.15] (`MoveState::in_hand` says which unit is still in hand).
pub const MOVED: u16 = 1 << 0;
/// Out of supply at the start of this Movement Phase: half Movement Allowance [14.31], [5.16].
pub const UNSUPPLIED_AT_START: u16 = 1 << 1;
/// Airlanded this Game-Turn: half Movement Allowance [13.22].
pub const AIRLANDED: u16 = 1 << 2;
/// Arrived in an enemy zone of control: may not move this Game-Turn [13.25].
pub const ARRIVED_IN_ZOC: u16 = 1 << 3;
/// Paradropped this Game-Turn: may not move [18.41], in supply [18.43], checked at the start
/// of combat [18.2].
pub const PARADROPPED: u16 = 1 << 4;
/// Began this Player-Turn in an enemy zone of control (night disengagement [16.22], and the
/// U-Bahn may not be used to leave that hex [5.24]).
pub const STARTED_IN_ZOC: u16 = 1 << 5;
/// Entered an enemy zone of control above ground during this move: it must stop [6.0].
pub const STOPPED_IN_ZOC: u16 = 1 << 6;

/// All movement-phase bits, cleared when the owner's Movement Phase begins.
pub const MOVEMENT_BITS: u16 = 0x7f;

// ---- combat [7.x]-[11.0]: bits 7-15
