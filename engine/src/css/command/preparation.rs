//! The Preparation Phase's command steps (S3.2): 1B the fatigue check (S17.2), 1D buying
//! chits (S4.3, table S4.3-T, S4.3.1), 1E fatigue for chits (S17.1) and the order of the 1F
//! Dispatch Point rolls (S4.2, S3.8). The state machine that calls them is [`super::turn`].

use super::turn::{ev, Event, Step, TurnState, What};
use super::turn::{push_chit, FormationSet};
use super::{Chit, CommandData, DivisionId};
use crate::core::protocol::{emit, refuse, Events, RuleViolation};
use crate::core::side::Side;

impl TurnState {
    /// A new turn: step 1A if the weather is due (S3.2.1, `super::sky`), else step 1B.
    pub(super) fn begin_turn(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        self.turn += 1;
        emit(events, ev("S3.1", What::TurnBegins(self.turn)))?;
        self.bought.clear();
        self.picked_payers.clear();
        self.bought_in_preparation = FormationSet::default();
        self.bought_in_action = FormationSet::default();
        if self.dawn() {
            self.step = Step::Weather;
            return Ok(());
        }
        self.step_1b(data, events)
    }

    /// Step 1B (S3.2.2, S17.2), then step 1C (`super::arrivals`).
    pub(super) fn step_1b(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        for d in data.division_ids() {
            let def = *data.division(d)?;
            let t = self.track_mut(d);
            let change = t.fatigue_check(&def);
            let now = t.tq;
            if change != 0 {
                emit(
                    events,
                    ev(
                        "S17.2",
                        What::CurrentTq {
                            division: d,
                            change,
                            now,
                        },
                    ),
                )?;
            }
        }
        self.step_1c(data, events)
    }

    /// The division that paid for the `i`th chit bought in step 1D: the one its owner picked
    /// (S4.3; Gates 4.1.1), or its own.
    fn payer_of_bought(&self, data: &CommandData, i: usize) -> Option<DivisionId> {
        let c = *self.bought.get(i)?;
        self.picked_payers
            .iter()
            .find(|(p, _)| *p == c)
            .map(|(_, d)| *d)
            .or_else(|| data.payer(c))
    }

    /// Step 1D (S3.2.4, S4.3, table S4.3-T, S4.3.1).
    pub(super) fn buy_in_preparation(
        &mut self,
        data: &CommandData,
        side: Side,
        chit: Chit,
        picked: Option<DivisionId>,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let Some(own) = data.payer(chit) else {
            return refuse(
                "S4.3",
                "only Division, Formation and division Direct Command chits are bought",
            );
        };
        if data.owner(chit) != Some(side) {
            return refuse("S4.3", "a division buys only its own chits");
        }
        // S4.3: a formation whose payer is picked (Gates 4.1.1) names it; any other chit is
        // paid by its own division.
        let picks = match chit {
            Chit::Formation(f) => data.formation(f)?.payer_picked(),
            _ => false,
        };
        let payer = match (chit, picked) {
            (Chit::Formation(f), Some(p)) if picks => {
                if !data.formation(f)?.may_be_paid_by(p) {
                    return refuse("S4.3", "that division may not pay for this Formation chit");
                }
                p
            }
            (_, None) if picks => {
                return refuse(
                    "S4.3",
                    "this Formation chit is paid by a division its owner names",
                )
            }
            (_, Some(_)) => {
                return refuse("S4.3", "this chit is paid by its own division");
            }
            _ => own,
        };
        let def = *data.division(own)?;
        let costs = &data.costs;
        let track = *self.track(own);
        let cost = match chit {
            Chit::Division(_) => {
                if !def.has_division_chit {
                    return refuse("S4.3", "this division has no Division Activation chit");
                }
                if self.bought.contains(&chit) || self.carried == Some(chit) {
                    return refuse(
                        "S4.3",
                        "one Division chit per division per turn (S3.6: a carried-over one counts)",
                    );
                }
                costs.division
            }
            Chit::Formation(f) => {
                if self.bought_in_preparation.contains(f) {
                    return refuse("S4.3", "one Formation chit per formation in step 1D");
                }
                costs.formation_preparation
            }
            Chit::DivisionDirectCommand(_) => {
                if track.dc_chits_bought >= def.dc_chits {
                    return refuse(
                        "S4.7",
                        "no more Direct Command chits for this division in this scenario",
                    );
                }
                if self.bought.contains(&chit) || self.carried == Some(chit) {
                    return refuse(
                        "S4.7",
                        "the division's Direct Command chit is already in play this turn",
                    );
                }
                costs.division_dc[(track.dc_chits_bought as usize).min(2)]
            }
            _ => return refuse("S4.3", "that chit is not bought"),
        };
        track.may_buy(chit, costs)?;
        self.track_mut(payer).pay(cost)?;
        push_chit(&mut self.bought, chit)?;
        if picks {
            self.picked_payers
                .push((chit, payer))
                .map_err(|_| RuleViolation::new("engine", "too many chits"))?;
        }
        match chit {
            Chit::Formation(f) => self.bought_in_preparation.insert(f),
            Chit::DivisionDirectCommand(_) => self.track_mut(payer).dc_chits_bought += 1,
            _ => {}
        }
        emit(events, ev("S4.3", What::Bought { chit, cost }))
    }

    /// Step 1E (S3.2.5, S17.1).
    pub(super) fn fatigue_for_chits(
        &mut self,
        data: &CommandData,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        for d in data.division_ids() {
            let before = self.track(d).fatigue;
            let now = self.fatigue_at_1e(data, d)?;
            self.track_mut(d).fatigue = now;
            if now != before {
                emit(events, ev("S17.1", What::Fatigue { division: d, now }))?;
            }
        }
        Ok(())
    }

    /// S17.1: the fatigue step 1E will give division `d` for the chits bought so far this
    /// turn (what the table shows beside each chit on offer in step 1D).
    pub fn fatigue_at_1e(&self, data: &CommandData, d: DivisionId) -> Result<u8, RuleViolation> {
        let def = *data.division(d)?;
        let bought_any = self.bought.iter().enumerate().any(|(i, c)| {
            matches!(c, Chit::Division(_) | Chit::Formation(_))
                && self.payer_of_bought(data, i) == Some(d)
        });
        let had_division =
            self.bought.contains(&Chit::Division(d)) || self.carried == Some(Chit::Division(d));
        let mut t = *self.track(d);
        t.fatigue_for_chits(&def, &data.costs, bought_any, had_division);
        Ok(t.fatigue)
    }

    /// Step 1F rolls in order: the initiative player's divisions first (S3.8).
    pub(super) fn roll_order(&self, data: &CommandData, n: u8) -> Option<DivisionId> {
        let first = data.initiative;
        data.division_ids()
            .filter(|d| data.division(*d).is_ok_and(|x| x.side == first))
            .chain(
                data.division_ids()
                    .filter(|d| data.division(*d).is_ok_and(|x| x.side != first)),
            )
            .nth(n as usize)
    }

    pub(super) fn next_dispatch_roll(
        &mut self,
        data: &CommandData,
        n: u8,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if self.roll_order(data, n).is_some() {
            self.step = Step::DispatchRoll(n);
            Ok(())
        } else {
            self.fill_cup(data, events)
        }
    }
}
