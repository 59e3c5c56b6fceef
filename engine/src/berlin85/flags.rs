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

/// Attacks (adjacent or barrage) or interdicts in an attack announced this Combat Phase
/// [7.13], [7.3].
pub const ATTACKING: u16 = 1 << 7;
/// Is the defender of an attack announced this Combat Phase [7.13], [8.41].
pub const ATTACKED: u16 = 1 << 8;
/// Artillery that fired final protective fire this Combat Phase [8.4], [7.3].
pub const FIRED_FPF: u16 = 1 << 9;
/// Suffered an adverse combat result in this Combat Phase (set when a result hits the unit's
/// side of a combat; the aftermath may also set it, e.g. on displacement) [8.41].
pub const ADVERSE_RESULT: u16 = 1 << 10;
/// Suffered an adverse combat result in the previous Combat Phase: no FPF now [8.41].
pub const ADVERSE_LAST_PHASE: u16 = 1 << 11;
/// The bits recomputed from the attack list during a Combat Phase.
pub const COMBAT_PHASE_BITS: u16 = ATTACKING | ATTACKED | FIRED_FPF;
/// Advanced after combat this phase: may neither attack nor be attacked for the rest of the
/// phase [7.96] (set by the aftermath; cleared when the next Combat Phase begins).
pub const ADVANCED: u16 = 1 << 12;
/// Displaced by a friendly retreat this phase [7.82]: artillery that had not fired yet may not
/// fire this phase (set by the aftermath; cleared when the next Combat Phase begins).
pub const DISPLACED: u16 = 1 << 13;
/// The bits the aftermath sets during a Combat Phase.
pub const AFTERMATH_BITS: u16 = ADVANCED | DISPLACED;
