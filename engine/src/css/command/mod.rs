//! Command (S2.7, S4, S17): the chits, the Cup, each division's Dispatch Points, Direct
//! Commands, fatigue and current troop quality, and what buying a chit costs. The turn's
//! sequence that uses them (Preparation, Action and End Phases, S3) is [`turn`].
//!
//! * **Chits** ([`Chit`], S2.7): Division and Formation Activation, each player's Direct
//!   Command, division-specific Direct Command chits (S4.7), Wind, Random Event.
//! * **The Cup** ([`Cup`], S3.3.1): the chits still to be drawn, in a fixed-capacity list
//!   whose order is the order the draw lists them (`Pending::DrawChit`).
//! * **Divisions** ([`DivisionDef`] printed on the Division Display, [`DivisionTrack`] its
//!   markers): DP (at most 9, S4.2), DC (at most 19, S4.6.1), fatigue (S17.1, S17.2) and
//!   current TQ (S17.3), which limits purchases (S4.3.1, exclusive 9.2).
//! * **Costs** ([`ChitCosts`], table S4.3-T, stand-in): the data crate fills them;
//!   `css::standin::chit_costs` is the marked stand-in set.

pub mod arrivals;
mod end_phase;
mod events;
#[cfg(test)]
mod frame_tests;
pub mod leader_step;
mod preparation;
pub mod sky;
pub mod stacking_step;
#[cfg(test)]
mod stacking_step_tests;
#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests;
pub mod turn;

use crate::core::protocol::{refuse, RuleViolation};
use crate::core::side::Side;
use serde::{Deserialize, Serialize};

/// Divisions in one game (Gates: about a dozen a side; a "division" may be a brigade).
pub const MAX_DIVISIONS: usize = 32;
/// Formations with chits (`core::capacity::gates::FORMATIONS`).
pub const MAX_FORMATIONS: usize = 128;
/// Chits in the Cup at once: every option of a draw must fit one `Pending::DrawChit`.
pub const MAX_CUP: usize = crate::core::protocol::MAX_OPTIONS;

/// A division, by its index in [`CommandData::divisions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct DivisionId(pub u8);

/// A formation with Formation Activation chits, by its index in [`CommandData::formations`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FormationId(pub u8);

/// An activation chit (S2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Chit {
    /// Every unit of the division is active (S4.4).
    Division(DivisionId),
    /// Every unit of the formation is active (S4.5).
    Formation(FormationId),
    /// A player's own Direct Command chit: gain, then spend Direct Commands (S4.6).
    DirectCommand(Side),
    /// A division-specific Direct Command chit: spend that division's DC (S4.7, exclusive
    /// 4.1.1, 5.1).
    DivisionDirectCommand(DivisionId),
    /// Smoke thins and clears (S4.8, S9.9.3).
    Wind,
    /// The game's random events (S4.9).
    RandomEvent,
}

/// A division as its Division Display prints it (S4.1, S17.3), and what the game says of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivisionDef {
    pub side: Side,
    /// Dispatch Rating: a roll at or below it earns the larger DP gain (S4.2).
    pub dispatch_rating: u8,
    /// Command Rating: added to each Direct Command gain (S4.6.1).
    pub command_rating: u8,
    /// Maximum TQ (S17.3).
    pub max_tq: u8,
    /// Fatigue at or above this costs 1 current TQ at step 1B (exclusive 3.3.1: NATO 5,
    /// Warsaw Pact 4).
    pub fatigue_threshold: u8,
    /// Immune to fatigue (exclusive 4.1.1 police, S17.2, B29).
    pub fatigue_immune: bool,
    /// It has a Division Activation chit to buy.
    pub has_division_chit: bool,
    /// It buys division-specific Direct Command chits (exclusive 5.1), at most this many per
    /// scenario (0: none).
    pub dc_chits: u8,
    /// It keeps a DC track; one without (the police, S4.7) gets one die halved plus 1 DC when
    /// its own Direct Command chit is played.
    pub dc_track: bool,
}

/// A formation and the division that pays for its chits (S4.3). A game may have another
/// division pay, picked by the owner each time a chit is bought (*Gates* 4.1.1: a NATO army
/// division pays for a police Formation chit): `paid_by` holds those divisions, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormationDef {
    pub division: DivisionId,
    /// The divisions, by bit, one of which the owner picks to pay for this formation's chits;
    /// 0: its own division pays.
    pub paid_by: u32,
}

impl FormationDef {
    /// A formation of `division`, which pays for its chits.
    pub const fn of(division: DivisionId) -> Self {
        FormationDef {
            division,
            paid_by: 0,
        }
    }

    /// Is the payer picked by the owner (a game's rule such as *Gates* 4.1.1)?
    pub const fn payer_picked(&self) -> bool {
        self.paid_by != 0
    }

    /// May `d` pay for this formation's chits?
    pub const fn may_be_paid_by(&self, d: DivisionId) -> bool {
        if self.paid_by == 0 {
            d.0 == self.division.0
        } else {
            (d.0 as usize) < 32 && self.paid_by & (1 << d.0) != 0
        }
    }

    /// The divisions that may pay, in id order.
    pub fn payers(&self) -> impl Iterator<Item = DivisionId> + '_ {
        (0..MAX_DIVISIONS as u8)
            .map(DivisionId)
            .filter(|d| self.may_be_paid_by(*d))
    }
}

/// Table S4.3-T and the command values of S4.2, S4.6.1, S4.7, S17.1 (stand-in where the
/// exclusive rules give none; the limits of 9.1 and 9.2 are the exclusive ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChitCosts {
    pub division: u8,
    /// A Formation chit in step 1D.
    pub formation_preparation: u8,
    /// A Formation chit in the Action Phase (interrupt S3.5, step 2D-d S4.3.3).
    pub formation_action: u8,
    /// Division Direct Command chits, the first, second, third … bought in a scenario
    /// (exclusive 5.1: 1, 1, then 2).
    pub division_dc: [u8; 3],
    /// DP kept at most (exclusive 9.1: 9).
    pub max_dp: u8,
    /// DC kept at most (exclusive 9.1: 19).
    pub max_dc: u8,
    /// DP gained on a roll at or below the Dispatch Rating, and above it (exclusive 9.1: 3, 1).
    pub dp_gain_pass: u8,
    pub dp_gain_fail: u8,
    /// Current TQ at or below which no Formation chit may be bought (exclusive 9.2: 3), and no
    /// Division or Formation chit (9.2: 2).
    pub no_formation_at_tq: u8,
    pub no_activation_at_tq: u8,
    /// Fatigue: any Division/Formation chit bought in step 1D (+1), no Division chit (−2),
    /// each Formation chit bought in the Action Phase (+2) (exclusive 3.3.1, S17.1, B3).
    pub fatigue_any_chit: u8,
    pub fatigue_no_division: u8,
    pub fatigue_action_formation: u8,
    /// The extra DC of a formation without a DC track (S4.7, stand-in: +1).
    pub trackless_dc_bonus: u8,
}

/// Static command data of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandData {
    pub divisions: heapless::Vec<DivisionDef, MAX_DIVISIONS>,
    pub formations: heapless::Vec<FormationDef, MAX_FORMATIONS>,
    pub costs: ChitCosts,
    /// The initiative player (S3.8; Gates 3.2: the Warsaw Pact).
    pub initiative: Side,
    /// Chits the game adds to the Cup every turn at step 2A (Gates 4.1.1: the police Direct
    /// Command chit while police are in play).
    pub always_in_cup: heapless::Vec<Chit, 8>,
    /// The scenario's last Game Turn (S3.7.2).
    pub last_turn: u8,
}

impl CommandData {
    pub fn division(&self, d: DivisionId) -> Result<&DivisionDef, RuleViolation> {
        self.divisions
            .get(d.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such division"))
    }
    pub fn formation(&self, f: FormationId) -> Result<&FormationDef, RuleViolation> {
        self.formations
            .get(f.0 as usize)
            .ok_or(RuleViolation::new("engine", "no such formation"))
    }
    /// The side a chit belongs to (Wind and Random Event belong to nobody).
    pub fn owner(&self, c: Chit) -> Option<Side> {
        match c {
            Chit::Division(d) | Chit::DivisionDirectCommand(d) => {
                self.division(d).ok().map(|x| x.side)
            }
            Chit::Formation(f) => {
                let d = self.formation(f).ok()?.division;
                self.division(d).ok().map(|x| x.side)
            }
            Chit::DirectCommand(s) => Some(s),
            Chit::Wind | Chit::RandomEvent => None,
        }
    }
    /// Does playing `chit` make the units of formation `f` active (S3.4, S4.4, S4.5)? A Direct
    /// Command activates only the units a DC is spent on (S4.6.2), so it answers false here.
    pub fn activates(&self, chit: Chit, f: FormationId) -> bool {
        match chit {
            Chit::Division(d) => self.formation(f).is_ok_and(|x| x.division == d),
            Chit::Formation(g) => g == f,
            _ => false,
        }
    }

    /// The division that pays for (and is tired by) a chit.
    pub fn payer(&self, c: Chit) -> Option<DivisionId> {
        match c {
            Chit::Division(d) | Chit::DivisionDirectCommand(d) => Some(d),
            Chit::Formation(f) => self.formation(f).ok().map(|x| x.division),
            _ => None,
        }
    }
    pub fn division_ids(&self) -> impl Iterator<Item = DivisionId> {
        (0..self.divisions.len() as u8).map(DivisionId)
    }
}

/// What a unit active under a chit may do after its first action (S5.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SecondAction {
    /// Under a Formation chit: freely (S4.5).
    Free,
    /// Under a Division chit: after passing a TQC (S4.4).
    AfterTqc,
    /// Under a Direct Command: never (S4.6.2).
    Never,
}

impl Chit {
    /// S5.1.2, S4.4, S4.5, S4.6.2: the second-action rule of the units this chit activates.
    pub const fn second_action(self) -> SecondAction {
        match self {
            Chit::Formation(_) => SecondAction::Free,
            Chit::Division(_) => SecondAction::AfterTqc,
            _ => SecondAction::Never,
        }
    }
}

/// The markers of one Division Display (S4.2, S4.6, S17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DivisionTrack {
    pub dp: u8,
    pub dc: u8,
    pub fatigue: u8,
    /// Current TQ (S17.3).
    pub tq: u8,
    /// The Division HQ is on the map (DC gains need it, S4.6.1, exclusive 9.1).
    pub hq_on_map: bool,
    /// Division Direct Command chits bought so far this scenario (exclusive 5.1).
    pub dc_chits_bought: u8,
}

impl DivisionTrack {
    pub const fn new(def: &DivisionDef) -> Self {
        DivisionTrack {
            dp: 0,
            dc: 0,
            fatigue: 0,
            tq: def.max_tq,
            hq_on_map: true,
            dc_chits_bought: 0,
        }
    }

    /// Pays `cost` DP (S4.3).
    pub fn pay(&mut self, cost: u8) -> Result<(), RuleViolation> {
        if self.dp < cost {
            return refuse("S4.3", "not enough Dispatch Points");
        }
        self.dp -= cost;
        Ok(())
    }

    /// S4.2, exclusive 9.1: the step-1F roll; returns the DP gained (the excess over the
    /// maximum is lost).
    pub fn dispatch_roll(&mut self, def: &DivisionDef, costs: &ChitCosts, raw: u8) -> u8 {
        let gain = if raw <= def.dispatch_rating {
            costs.dp_gain_pass
        } else {
            costs.dp_gain_fail
        };
        let before = self.dp;
        self.dp = (self.dp + gain).min(costs.max_dp);
        self.dp - before
    }

    /// S4.6.1, exclusive 9.1: a player's Direct Command chit: the die halved (rounded down)
    /// plus the Command Rating, only with the Division HQ on the map; at most 19 kept.
    pub fn gain_direct_commands(&mut self, def: &DivisionDef, costs: &ChitCosts, raw: u8) -> u8 {
        if !self.hq_on_map || !def.dc_track {
            return 0;
        }
        let before = self.dc;
        self.dc = (self.dc + def.command_rating + raw / 2).min(costs.max_dc);
        self.dc - before
    }

    /// S4.3.1 (exclusive 9.2): may this division buy this kind of activation chit now?
    pub fn may_buy(&self, chit: Chit, costs: &ChitCosts) -> Result<(), RuleViolation> {
        match chit {
            Chit::Division(_) if self.tq <= costs.no_activation_at_tq => refuse(
                "S4.3.1",
                "current TQ 2 or less: no Division or Formation chits",
            ),
            Chit::Formation(_) if self.tq <= costs.no_formation_at_tq => {
                refuse("S4.3.1", "current TQ 3 or less: no Formation chits")
            }
            _ => Ok(()),
        }
    }

    /// S17.2 at step 1B: fatigue at or above the threshold costs 1 current TQ; fatigue 0
    /// restores 1 up to the maximum (stand-in recovery). Returns the change.
    pub fn fatigue_check(&mut self, def: &DivisionDef) -> i8 {
        if def.fatigue_immune {
            return 0;
        }
        if self.fatigue >= def.fatigue_threshold && self.tq > 0 {
            self.tq -= 1;
            -1
        } else if self.fatigue == 0 && self.tq < def.max_tq {
            self.tq += 1;
            1
        } else {
            0
        }
    }

    /// S17.1 at step 1E: +1 if any Division or Formation chit went into the Cup for it, −2
    /// (never below 0) if it had no Division chit this turn (bought or carried over, S3.6).
    pub fn fatigue_for_chits(
        &mut self,
        def: &DivisionDef,
        costs: &ChitCosts,
        bought_any: bool,
        had_division_chit: bool,
    ) {
        if def.fatigue_immune {
            return;
        }
        if bought_any {
            self.fatigue = self.fatigue.saturating_add(costs.fatigue_any_chit);
        }
        if def.has_division_chit && !had_division_chit {
            self.fatigue = self.fatigue.saturating_sub(costs.fatigue_no_division);
        }
    }

    /// S11.2.1 and exclusive 3.11.2: a failed Division TQC lowers the current TQ by 1.
    pub fn fail_division_check(&mut self) {
        self.tq = self.tq.saturating_sub(1);
    }
}

/// The Cup (S3.3): the chits still to be drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup {
    pub chits: heapless::Vec<Chit, MAX_CUP>,
}

impl Cup {
    pub fn put(&mut self, c: Chit) -> Result<(), RuleViolation> {
        self.chits
            .push(c)
            .map_err(|_| RuleViolation::new("engine", "the Cup is full"))
    }
    /// Takes the `i`th chit listed (a draw answered by `Input::Drew(i)`).
    pub fn take(&mut self, i: usize) -> Result<Chit, RuleViolation> {
        if i >= self.chits.len() {
            return refuse("S3.3.4", "no such chit in the Cup");
        }
        Ok(self.chits.remove(i))
    }
    pub fn len(&self) -> usize {
        self.chits.len()
    }
    pub fn is_empty(&self) -> bool {
        self.chits.is_empty()
    }
    pub fn contains(&self, c: Chit) -> bool {
        self.chits.contains(&c)
    }
}
