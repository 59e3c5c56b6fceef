//! The one replay of a journal: state is a pure function of (data, header, journal), and this
//! is the function. A resume, an undo and the CLI's `replay` / `play --script` all call
//! [`replay`].

use crate::ruleset::{Berlin85, TableGame};
use crate::{Header, LoggedEvent, SessionError};
use engine::core::protocol::{Input, RuleViolation};

/// The state is kept in memory after every this-many inputs (a checkpoint, so an undo replays
/// at most that many), and a snapshot is handed to [`Persist::snapshot`](crate::Persist::snapshot)
/// as often.
pub const SNAPSHOT_EVERY: usize = 64;

/// How the inputs are applied. Both give the same game and the same report; the mode only
/// says what is cheapest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Inputs the engine accepted when they were made (a saved journal): applied in place,
    /// without a copy of the state per input. Should one be refused all the same (a damaged
    /// journal), the replay starts again from the same point, checked, so the game returned
    /// is never a half-applied input.
    Trusted,
    /// Every input through the engine's checked `apply` (a script, a journal from elsewhere):
    /// a refused input leaves the state at the last good one.
    Checked,
}

/// What a replay did.
#[derive(Clone, Debug)]
pub struct ReplayReport<G: TableGame = Berlin85> {
    /// The starting state given to [`replay`] was used, standing for this many inputs
    /// (`None`: the replay began with a new game).
    pub from_state: Option<usize>,
    /// Inputs the game now stands after, counted from the start of the journal: `inputs[..good]`.
    pub good: usize,
    /// The refusal of `inputs[good]`, where the replay stopped before the end.
    pub refusal: Option<RuleViolation>,
    /// The events of every input replayed, with its journal position.
    pub log: Vec<LoggedEvent<G::LogEvent>>,
    /// For each of `inputs[..good]`: did it answer a secret roll [17.0]? (`false` for the
    /// inputs a starting state stands for: they are not replayed.)
    pub secret: Vec<bool>,
    /// The state where the replay began, then after every [`SNAPSHOT_EVERY`]-th input
    /// replayed.
    pub checkpoints: Vec<(usize, G::State)>,
}

impl<G: TableGame> Default for ReplayReport<G> {
    fn default() -> Self {
        ReplayReport {
            from_state: None,
            good: 0,
            refusal: None,
            log: Vec::new(),
            secret: Vec::new(),
            checkpoints: Vec::new(),
        }
    }
}

impl<G: TableGame> ReplayReport<G> {
    /// The journal position the replay began at (0, or where the starting state stands).
    pub fn start(&self) -> usize {
        self.from_state.unwrap_or(0)
    }
    /// Inputs actually replayed.
    pub fn replayed(&self) -> usize {
        self.good - self.start()
    }
    /// The events of the input at journal position `i` (empty unless it was replayed).
    pub fn events_of(&self, i: usize) -> impl Iterator<Item = &G::LogEvent> + '_ {
        let from = self.log.partition_point(|e| e.input < i);
        self.log[from..]
            .iter()
            .take_while(move |e| e.input == i)
            .map(|e| &e.event)
    }
}

/// Replays `inputs` onto a new game of the header's scenario and options — or onto `from`,
/// the state after the first `n` inputs (a snapshot, an in-memory checkpoint), when it fits
/// (`n` within the journal, the same scenario; otherwise it is ignored and the replay starts
/// from the beginning). Stops at the first refused input: the game returned stands after the
/// last good one and the report says which was refused.
///
/// `Err` when the header's game cannot be set up (unknown scenario, data too large, options
/// this game does not have).
pub fn replay<G: TableGame>(
    data: &'static G::Data,
    header: &Header,
    inputs: &[Input<G::Command>],
    from: Option<(usize, G::State)>,
    mode: Mode,
) -> Result<(G, ReplayReport<G>), SessionError> {
    let mut game = new_game::<G>(data, header)?;
    let mut report = ReplayReport::<G>::default();
    if let Some((n, state)) = from {
        if n <= inputs.len() && game.fits(&state) {
            game.set_state(state);
            report.from_state = Some(n);
        }
    }
    let start = report.start();
    report.checkpoints.push((start, game.state().clone()));
    run(&mut game, inputs, &mut report, mode == Mode::Checked);
    if report.refusal.is_some() && mode == Mode::Trusted {
        // A damaged journal: the in-place run may have left a half-applied input behind.
        // Again from the same point, checked, to the last good input.
        game.set_state(report.checkpoints[0].1.clone());
        report.checkpoints.truncate(1);
        report.log.clear();
        report.secret.clear();
        report.refusal = None;
        run(&mut game, inputs, &mut report, true);
    }
    Ok((game, report))
}

/// A new game of the header's scenario with the header's options, for game `G`.
pub(crate) fn new_game<G: TableGame>(
    data: &'static G::Data,
    header: &Header,
) -> Result<G, SessionError> {
    let options = header
        .game_options::<G>()
        .map_err(|why| SessionError::Incompatible(format!("options: {why}")))?;
    G::new(data, &header.scenario, options).map_err(|e| {
        if G::is_unknown_scenario(&e) {
            SessionError::UnknownScenario(header.scenario.clone())
        } else {
            SessionError::DataTooLarge
        }
    })
}

/// The loop: applies `inputs[report.start()..]` to `game` until the end or a refusal.
fn run<G: TableGame>(
    game: &mut G,
    inputs: &[Input<G::Command>],
    report: &mut ReplayReport<G>,
    checked: bool,
) {
    let start = report.start();
    report.good = start;
    report.secret.resize(start, false);
    let mut events = Vec::new();
    for (i, input) in inputs.iter().enumerate().skip(start) {
        let roller = game.secret_roller(input);
        events.clear();
        if let Err(v) = game.apply_logged(input, checked, &mut events) {
            report.refusal = Some(v);
            return;
        }
        report.secret.push(roller.is_some());
        report
            .log
            .extend(events.drain(..).map(|(event, visibility)| LoggedEvent {
                input: i,
                event,
                visibility,
            }));
        report.good = i + 1;
        if report.good.is_multiple_of(SNAPSHOT_EVERY) {
            report.checkpoints.push((report.good, game.state().clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Command, Options, Phase};
    use crate::{NullPersist, Session};
    use engine::core::protocol::Input as EngineInput;

    /// A game set up by auto-place, and its header.
    fn set_up() -> (Session, Header) {
        let data = crate::builtin_data().expect("built-in data");
        let header = Header::new("unity", Options::default(), 7);
        let mut s =
            Session::<Berlin85>::new(data, header.clone(), Box::new(NullPersist)).expect("unity");
        while s.game().state.phase == Phase::Setup {
            s.auto_place().expect("auto-place");
            s.apply(EngineInput::Command(Command::EndSetup))
                .expect("end set-up");
        }
        (s, header)
    }

    #[test]
    fn trusted_and_checked_replays_agree_on_a_good_and_a_damaged_journal() {
        let (s, header) = set_up();
        let data = s.data();
        let mut inputs = s.inputs().to_vec();
        for damaged in [false, true] {
            if damaged {
                // Setting up again after set-up is over cannot be right.
                inputs.push(EngineInput::Command(Command::EndSetup));
                inputs.push(EngineInput::Chose(3));
            }
            let (a, ra) =
                replay::<Berlin85>(data, &header, &inputs, None, Mode::Trusted).expect("trusted");
            let (b, rb) =
                replay::<Berlin85>(data, &header, &inputs, None, Mode::Checked).expect("checked");
            assert_eq!(a.state, s.game().state, "damaged: {damaged}");
            assert_eq!(b.state, s.game().state, "damaged: {damaged}");
            for r in [&ra, &rb] {
                assert_eq!(r.good, s.inputs().len());
                assert_eq!(r.refusal.is_some(), damaged);
                assert_eq!(r.log, s.log());
                assert_eq!(r.secret.len(), r.good);
                assert_eq!(r.checkpoints[0].0, 0);
            }
        }
    }

    #[test]
    fn a_starting_state_is_used_only_when_it_fits_the_journal() {
        let (s, header) = set_up();
        let data = s.data();
        let inputs = s.inputs();
        let n = inputs.len() / 2;
        let (at_n, _) =
            replay::<Berlin85>(data, &header, &inputs[..n], None, Mode::Trusted).expect("at n");
        let (g, r) = replay::<Berlin85>(
            data,
            &header,
            inputs,
            Some((n, at_n.state.clone())),
            Mode::Trusted,
        )
        .expect("from n");
        assert_eq!(r.from_state, Some(n));
        assert_eq!(r.replayed(), inputs.len() - n);
        assert_eq!(g.state, s.game().state);
        assert!(r.log.iter().all(|e| e.input >= n));
        // A state standing for more inputs than the journal holds is ignored.
        let (g, r) = replay::<Berlin85>(
            data,
            &header,
            &inputs[..n - 1],
            Some((n, at_n.state)),
            Mode::Trusted,
        )
        .expect("from the start");
        assert_eq!(r.from_state, None);
        assert_eq!(r.good, n - 1);
        let (expected, _) =
            replay::<Berlin85>(data, &header, &inputs[..n - 1], None, Mode::Checked)
                .expect("n - 1");
        assert_eq!(g.state, expected.state);
    }

    #[test]
    fn events_are_grouped_by_input() {
        let (s, header) = set_up();
        let (_, r) =
            replay::<Berlin85>(s.data(), &header, s.inputs(), None, Mode::Checked).expect("replay");
        let total: usize = (0..r.good).map(|i| r.events_of(i).count()).sum();
        assert_eq!(total, r.log.len());
        assert_eq!(r.events_of(r.good).count(), 0);
    }

    #[test]
    fn an_unknown_scenario_is_an_error() {
        let data = crate::builtin_data().expect("built-in data");
        let header = Header::new("nowhere", Options::default(), 7);
        let err = replay::<Berlin85>(data, &header, &[], None, Mode::Checked).err();
        assert_eq!(err, Some(SessionError::UnknownScenario("nowhere".into())));
    }
}
