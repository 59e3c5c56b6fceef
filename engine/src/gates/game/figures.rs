//! 4.3 Political undesirables and 5.2 Stasi units, in play: the scenario's political figure
//! markers lie where it puts them (stand-in hexes in its file), face up and never moving; what
//! is on their backs is known to nobody, the engine included. When a Stasi unit enters a hex
//! holding a face-down marker (a move step S7.2, an advance S10.6 or a placement S18.1), the
//! marker is turned over: the game waits for the draw of its back from the backs still face
//! down of the eighteen (`Pending::DrawChit`, answered by `Input::Drew`, `gates::political`).
//! A blank leaves the game, Herr Schmidt gives the Warsaw Pact 1 VP on the 10.1 track and
//! leaves play, any other leader goes to the Stasi Prison (66.32, 3.4.1).
//!
//! Order (4.3, S9.11.2): the marker is turned as the Stasi enters, before anything the entry
//! sets off: the draw comes before the opportunity-fire window the series game opens on the
//! hex and before the move's next step; while it is owed every other input is refused (4.3).
//! Several markers found by one input are turned in the order they were found.
//!
//! Why the draw is uniform over the backs still hidden: the scenario's markers are any of the
//! eighteen, face up, so the back of the next one turned is any back not yet seen. The state
//! holds only the markers' hexes and the count of each kind of back not yet drawn (which both
//! players can work out from the backs already shown): nothing there tells a face-down back.

use super::{Event, Game, State};
use crate::core::hex::HexId;
use crate::core::protocol::{emit, refuse, Events, Input, Pending, RuleViolation};
use crate::core::units::UnitId;
use crate::css::command::turn::Choice;
use crate::css::command::DivisionId;
use crate::css::counter::Counter;
use crate::css::game::{GameEvent, UnitWhat};
use crate::gates::political::{Back, Hidden, Turned};
use crate::gates::WARSAW_PACT;
use serde::{Deserialize, Serialize};

/// 4.3: there are eighteen political figure markers.
pub const MAX_FIGURES: usize = 18;

/// A scenario's political figures (4.3, 5.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FigureSetup {
    /// Where its markers lie (the `political_figures` special rule says how many; stand-in
    /// hexes, the Scenario Book not being in the rulebook).
    pub hexes: heapless::Vec<HexId, MAX_FIGURES>,
    /// 5.2: the division whose units are the Stasi (the countermix's MfS), if it has one.
    pub stasi: Option<DivisionId>,
}

impl FigureSetup {
    /// 5.2: is this counter a Stasi unit?
    pub fn is_stasi(&self, c: &Counter) -> bool {
        self.stasi == Some(c.division)
    }
}

/// One political figure marker: its hex, and its back once a Stasi unit turned it over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    pub hex: HexId,
    pub turned: Option<Back>,
}

/// Where a marker is now (4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureAt {
    /// Face down (its back unknown) on the map.
    FaceDown(HexId),
    /// A leader held in the Stasi Prison (66.32, 3.4.1).
    StasiPrison,
    /// Out of the game (a blank, Herr Schmidt).
    Removed,
}

impl Figure {
    pub fn at(&self) -> FigureAt {
        match self.turned.map(Back::turned) {
            None => FigureAt::FaceDown(self.hex),
            Some(Turned::ToStasiPrison) => FigureAt::StasiPrison,
            Some(_) => FigureAt::Removed,
        }
    }
}

/// The political figures of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figures {
    pub markers: heapless::Vec<Figure, MAX_FIGURES>,
    /// The backs of the eighteen not yet drawn, by kind (4.3).
    pub hidden: Hidden,
    /// Markers a Stasi unit found face down, still to be turned over, in the order found.
    pub owed: heapless::Vec<u8, MAX_FIGURES>,
}

/// A back's code in [`Choice::Marker`].
pub const fn code(b: Back) -> u8 {
    match b {
        Back::Blank => 0,
        Back::HerrSchmidt => 1,
        Back::Leader => 2,
    }
}

/// The back of a [`Choice::Marker`] code.
pub const fn back(code: u8) -> Option<Back> {
    match code {
        0 => Some(Back::Blank),
        1 => Some(Back::HerrSchmidt),
        2 => Some(Back::Leader),
        _ => None,
    }
}

impl Figures {
    /// 4.3: the scenario's markers, face down, none turned.
    pub fn setup(s: &FigureSetup) -> Self {
        let mut markers = heapless::Vec::new();
        for h in &s.hexes {
            let _ = markers.push(Figure {
                hex: *h,
                turned: None,
            }); // `hexes` holds at most eighteen
        }
        Figures {
            markers,
            hidden: Hidden::START,
            owed: heapless::Vec::new(),
        }
    }

    /// The face-down markers in `hex`.
    pub fn face_down_in(&self, hex: HexId) -> impl Iterator<Item = usize> + '_ {
        self.markers
            .iter()
            .enumerate()
            .filter(move |(_, m)| m.turned.is_none() && m.hex == hex)
            .map(|(i, _)| i)
    }

    /// 4.3, 5.2: `unit` entered `hex`: a Stasi unit finds every face-down marker there (event
    /// `FigureFound`); any other unit ignores them.
    pub fn entered(
        &mut self,
        setup: &FigureSetup,
        unit: UnitId,
        counter: &Counter,
        hex: HexId,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        if !setup.is_stasi(counter) {
            return Ok(());
        }
        let mut found: heapless::Vec<u8, MAX_FIGURES> = heapless::Vec::new();
        for i in self.face_down_in(hex) {
            if !self.owed.contains(&(i as u8)) {
                let _ = found.push(i as u8);
            }
        }
        for i in found {
            let _ = self.owed.push(i); // at most eighteen markers are owed
            emit(
                events,
                Event::FigureFound {
                    unit,
                    marker: i,
                    hex,
                },
            )?;
        }
        Ok(())
    }

    /// 4.3: the draw of the back of the next marker found, if one is owed.
    pub fn pending(&self) -> Option<Pending<Choice>> {
        self.owed.first()?;
        let mut chits = heapless::Vec::new();
        for b in self.hidden.backs() {
            let _ = chits.push(Choice::Marker(code(b))); // at most eighteen
        }
        Some(Pending::DrawChit {
            player: WARSAW_PACT,
            cup: "political figures",
            case: "4.3",
            chits,
        })
    }
}

impl State {
    /// The series events of one input, as the exclusive layer reads them: units entering hexes
    /// destroy objectives (10.2) and find political figures (4.3, 5.2).
    pub(super) fn read_series_event(
        &mut self,
        scenario: &super::GatesScenario,
        counters: &[Counter],
        e: &GameEvent,
        events: &mut Events<Event>,
    ) -> Result<(), RuleViolation> {
        let GameEvent::Unit {
            unit,
            what: UnitWhat::Entered(hex),
            ..
        } = e
        else {
            return Ok(());
        };
        let Some(c) = counters.get(unit.0 as usize) else {
            return Ok(());
        };
        self.read_teufelsberg_entry(c, *hex);
        self.objectives
            .entered(&scenario.objectives, *unit, c, *hex, events)?;
        self.figures
            .entered(&scenario.political, *unit, c, *hex, events)
    }
}

impl Game<'_> {
    /// 4.3: while a marker's back is owed, the draw is the only input taken (true: it was
    /// this input's business).
    pub(super) fn political_draw<C>(
        &mut self,
        input: &Input<C>,
        events: &mut Events<Event>,
    ) -> Result<bool, RuleViolation> {
        let Some(&marker) = self.state.figures.owed.first() else {
            return Ok(false);
        };
        if self.is_over() {
            return Ok(false); // the series game refuses everything once over (S3.7.2)
        }
        let Input::Drew(i) = input else {
            return refuse(
                "4.3",
                "the back of the political figure the Stasi found is drawn first",
            );
        };
        let figures = &mut self.state.figures;
        let b = figures.hidden.take(usize::from(*i))?;
        figures.owed.remove(0);
        let m = &mut figures.markers[marker as usize];
        m.turned = Some(b);
        emit(
            events,
            Event::FigureTurned {
                marker,
                hex: m.hex,
                back: b,
            },
        )?;
        if let Turned::RemovedScoring(points) = b.turned() {
            self.award(WARSAW_PACT, points, events)?;
            self.end_if_decided(events)?;
        }
        Ok(true)
    }
}

/// 3.4.1, 4.3: the leaders held in the Stasi Prison.
pub fn in_stasi_prison(f: &Figures) -> usize {
    f.markers
        .iter()
        .filter(|m| m.at() == FigureAt::StasiPrison)
        .count()
}
