//! One game being played at the table: the engine's game, the journal of inputs that made it,
//! the table's own dice and chit cup, undo, resume and the in-memory checkpoints.

use crate::replay::{new_game, replay, Mode, SNAPSHOT_EVERY};
use crate::ruleset::{self, Berlin85, TableGame};
use crate::{encode_input, mix, Header, Persist, Randomness, HEADER_FORMAT};
use engine::core::protocol::{DiceRoll, Input, Pending, RuleViolation};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io;

/// One line of the event log: the event and the journal position of the input that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEvent<E = ruleset::Event> {
    pub input: usize,
    pub event: E,
    /// Who may read it, as the engine says (a secret roll's own lines [17.0] are its side's).
    pub visibility: engine::core::contract::EventVisibility,
}

/// Why a session could not start or resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    UnknownScenario(String),
    DataTooLarge,
    /// The save was written by another game or an incompatible version.
    Incompatible(String),
}

impl std::fmt::Display for SessionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionError::UnknownScenario(s) => write!(f, "unknown scenario '{s}'"),
            SessionError::DataTooLarge => {
                write!(f, "the game data is larger than the engine's capacities")
            }
            SessionError::Incompatible(why) => write!(f, "the saved game cannot be resumed: {why}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// What a resume did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResumeReport {
    /// Inputs replayed (after the snapshot, if one was used).
    pub replayed: usize,
    /// The snapshot was used, standing for this many inputs.
    pub from_snapshot: Option<usize>,
    /// Inputs at the end of the journal that were refused or unreadable and dropped: the game
    /// resumes at the last good state.
    pub dropped: usize,
    /// The refusal of the first dropped input.
    pub first_refusal: Option<RuleViolation>,
    /// The game was saved with other game data than the table has now (a club's override
    /// charts changed): the whole journal was replayed with the data in use.
    pub other_data: bool,
}

/// A saved game to offer on the start screen, or to resume: what [`Session::resume`] takes.
#[derive(Clone, Debug)]
pub struct Resume<G: TableGame = Berlin85> {
    pub header: Header,
    pub inputs: Vec<Input<G::Command>>,
    /// The state after the first `n` inputs, so the resume need not replay them all.
    pub snapshot: Option<(usize, G::State)>,
}

/// One game being played: any game the table knows ([`TableGame`]); `Session` alone is
/// Berlin '85's.
pub struct Session<G: TableGame = Berlin85> {
    data: &'static G::Data,
    game: G,
    header: Header,
    inputs: Vec<Input<G::Command>>,
    /// Parallel to `inputs`: the input answered a secret roll [17.0].
    secret: Vec<bool>,
    log: Vec<LoggedEvent<G::LogEvent>>,
    persist: Box<dyn Persist>,
    /// The first input of the journal the log covers (a snapshot resume skips earlier ones).
    log_from: usize,
    /// The last save error, for the UI to show (the game goes on; the table warns). Cleared
    /// only when the whole journal is durable again.
    save_error: Option<String>,
    /// Inputs acknowledged as durable: the first `saved` inputs survive a power cut.
    saved: usize,
    /// A save failed: nothing is appended after a record that may be missing; the whole
    /// journal is written again at the next input or retry ([`Session::retry_save`]).
    needs_rewrite: bool,
    /// In-memory states every [`SNAPSHOT_EVERY`] inputs (and where the session began), so an
    /// undo replays at most that many inputs, however long the game.
    checkpoints: Vec<(usize, G::State)>,
}

const PHYSICAL_DICE: RuleViolation = RuleViolation::new(
    "table",
    "dice are physical at this table: type the faces on the keypad",
);
const PHYSICAL_CHITS: RuleViolation = RuleViolation::new(
    "table",
    "chits are physical at this table: pick the chit that was drawn",
);

impl<G: TableGame> Session<G> {
    /// Starts a new game.
    pub fn new(
        data: &'static G::Data,
        header: Header,
        mut persist: Box<dyn Persist>,
    ) -> Result<Self, SessionError> {
        Self::check_game(&header)?;
        let game = new_game::<G>(data, &header)?;
        let mut header = header;
        header.data_version = G::data_version(data);
        let begun = persist.begin(&header);
        let mut session = Session {
            data,
            game,
            header,
            inputs: Vec::new(),
            secret: Vec::new(),
            log: Vec::new(),
            persist,
            log_from: 0,
            save_error: None,
            saved: 0,
            needs_rewrite: false,
            checkpoints: Vec::new(),
        };
        session.checkpoints.push((0, session.game.state().clone()));
        session.saved_or_failed(begun);
        Ok(session)
    }

    /// Brings back a saved game that is not the current one (the previous game): it becomes
    /// the current journal (the store keeps the game it replaces as its previous one) and
    /// is resumed from there.
    pub fn load(
        data: &'static G::Data,
        header: Header,
        inputs: Vec<Input<G::Command>>,
        mut persist: Box<dyn Persist>,
    ) -> Result<(Self, ResumeReport), SessionError> {
        let encoded: Vec<Vec<u8>> = inputs.iter().filter_map(|i| encode_input(i).ok()).collect();
        let begun = persist.begin_with(&header, &encoded);
        let (mut session, report) = Self::resume(data, header, inputs, None, persist)?;
        if begun.is_err() {
            session.saved = 0;
            session.saved_or_failed(begun);
        }
        Ok((session, report))
    }

    /// Resumes a saved game: replays `inputs` (after `snapshot`, if given and usable). Inputs
    /// the engine refuses end the replay: the game resumes at the last good state and the save
    /// is cut back to it.
    pub fn resume(
        data: &'static G::Data,
        header: Header,
        inputs: Vec<Input<G::Command>>,
        snapshot: Option<(usize, G::State)>,
        mut persist: Box<dyn Persist>,
    ) -> Result<(Self, ResumeReport), SessionError> {
        if header.format != HEADER_FORMAT {
            return Err(SessionError::Incompatible(format!(
                "save format {} (this table reads {HEADER_FORMAT})",
                header.format
            )));
        }
        Self::check_game(&header)?;
        // Saved with other data: a snapshot holds what the old data computed, so the whole
        // journal is replayed with the data in use (a refusal then keeps the good part).
        let current = G::data_version(data);
        let other_data = header.data_version != 0 && header.data_version != current;
        let snapshot = if other_data {
            log::warn!(
                "this game was saved with other game data ({:016x}, now {current:016x}): replaying it whole with the data in use",
                header.data_version
            );
            None
        } else {
            snapshot
        };
        // Every input was accepted when it was made: a trusted replay (in place; a damaged
        // journal is replayed again, checked, to the last good input).
        let (game, run) = replay::<G>(data, &header, &inputs, snapshot, Mode::Trusted)?;
        let good = run.good;
        let report = ResumeReport {
            replayed: run.replayed(),
            from_snapshot: run.from_state,
            dropped: inputs.len() - good,
            first_refusal: run.refusal,
            other_data,
        };
        let start = run.start();
        let (log, secret, checkpoints) = (run.log, run.secret, run.checkpoints);
        let mut kept = inputs;
        kept.truncate(good);
        // The journal may hold more records than were replayed (refused or unreadable ones):
        // cut it back, so nothing is ever appended after a record that is not part of the game.
        let mut header = header;
        let cut = if other_data {
            // From now on the game is the current data's: the journal is written again under
            // a header saying so (one write, the previous game untouched).
            header.data_version = current;
            let encoded: Vec<Vec<u8>> = kept.iter().filter_map(|i| encode_input(i).ok()).collect();
            persist.rewrite(&header, &encoded)
        } else {
            persist.truncate(good)
        };
        let mut session = Session {
            data,
            game,
            header,
            inputs: kept,
            secret,
            log,
            persist,
            log_from: start,
            save_error: None,
            saved: good,
            needs_rewrite: false,
            checkpoints,
        };
        session.saved_or_failed(cut);
        Ok((session, report))
    }

    /// A save of another game is not resumed as this one (its journal means other things).
    fn check_game(header: &Header) -> Result<(), SessionError> {
        if header.game == ruleset::game_id::<G>() {
            Ok(())
        } else {
            Err(SessionError::Incompatible(format!(
                "game '{}'",
                header.game
            )))
        }
    }

    pub fn data(&self) -> &'static G::Data {
        self.data
    }
    pub fn game(&self) -> &G {
        &self.game
    }
    pub fn header(&self) -> &Header {
        &self.header
    }
    pub fn pending(&self) -> Pending<G::Choice> {
        self.game.pending()
    }
    pub fn inputs(&self) -> &[Input<G::Command>] {
        &self.inputs
    }
    pub fn log(&self) -> &[LoggedEvent<G::LogEvent>] {
        &self.log
    }
    /// The first journal position the log covers (non-zero after a resume from a snapshot).
    pub fn log_from(&self) -> usize {
        self.log_from
    }
    /// The last save error, if the firmware could not write (the game goes on). It stays
    /// until every input is durable again.
    pub fn save_error(&self) -> Option<&str> {
        self.save_error.as_deref()
    }

    /// Inputs made since the last durable save: what a power cut would lose right now.
    pub fn unsaved(&self) -> usize {
        self.inputs.len() - self.saved.min(self.inputs.len())
    }

    /// Tries again to make the whole journal durable after a failed save (the UI calls this
    /// on a timer; every input tries too). True when nothing is left unsaved.
    pub fn retry_save(&mut self) -> bool {
        if self.needs_rewrite {
            self.rewrite_journal();
        }
        !self.needs_rewrite
    }

    /// Did the input at journal position `i` answer a secret roll [17.0]?
    pub fn was_secret(&self, i: usize) -> bool {
        self.secret.get(i).copied().unwrap_or(false)
    }

    /// The same game at the same point, saving to `persist` from here on (which must hold
    /// the same journal): a test forks a game to try a fault on one branch.
    pub fn fork(&self, persist: Box<dyn Persist>) -> Session<G> {
        Session {
            data: self.data,
            game: self.game.clone(),
            header: self.header.clone(),
            inputs: self.inputs.clone(),
            secret: self.secret.clone(),
            log: self.log.clone(),
            persist,
            log_from: self.log_from,
            save_error: self.save_error.clone(),
            saved: self.saved,
            needs_rewrite: self.needs_rewrite,
            checkpoints: self.checkpoints.clone(),
        }
    }

    /// Ends the session, handing back where it saved (for the next game).
    pub fn into_persist(self) -> Box<dyn Persist> {
        self.persist
    }

    /// Applies one input: on success it is journalled and saved; a refusal changes nothing.
    pub fn apply(&mut self, input: Input<G::Command>) -> Result<Vec<G::LogEvent>, RuleViolation> {
        let roller = self.game.secret_roller(&input);
        let mut logged = Vec::new();
        self.game.apply_logged(&input, true, &mut logged)?;
        self.secret.push(roller.is_some());
        let n = self.inputs.len();
        let encoded = encode_input(&input);
        self.inputs.push(input);
        if self.needs_rewrite {
            // Never a record after one that may be missing: the whole journal, or nothing.
            self.rewrite_journal();
        } else {
            match encoded {
                Ok(bytes) => {
                    let appended = self.persist.append(&bytes);
                    self.saved_or_failed(appended);
                }
                Err(e) => self.failed(e),
            }
        }
        let events: Vec<G::LogEvent> = logged.iter().map(|(e, _)| e.clone()).collect();
        self.log
            .extend(logged.into_iter().map(|(event, visibility)| LoggedEvent {
                input: n,
                visibility,
                event,
            }));
        if self.inputs.len().is_multiple_of(SNAPSHOT_EVERY) {
            self.checkpoints
                .push((self.inputs.len(), self.game.state().clone()));
            self.save_snapshot();
        }
        Ok(events)
    }

    /// Answers what is not a command at random: a roll by the table's dice, a draw or a
    /// question by `rng` (the playouts and the offered-action tests, between commands).
    /// `Ok(false)`: the game waits for a command or is over, and nothing was sent.
    pub fn answer_at_random(&mut self, rng: &mut impl Rng) -> Result<bool, RuleViolation> {
        let input = match self.game.pending() {
            Pending::Command { .. } | Pending::GameOver => return Ok(false),
            Pending::Roll { .. } => return self.roll_digital().map(|_| true),
            Pending::DrawChit { chits, .. } => Input::Drew(rng.gen_range(0..chits.len()) as u16),
            Pending::Choose { options, .. } => Input::Chose(rng.gen_range(0..options.len()) as u8),
        };
        self.apply(input).map(|_| true)
    }

    /// Answers the pending roll or draw from the table's seeded generator (digital mode).
    pub fn roll_digital(&mut self) -> Result<Vec<G::LogEvent>, RuleViolation> {
        let mut rng = self.rng_for(self.inputs.len());
        let input = match self.game.pending() {
            Pending::Roll { dice, .. } => {
                if self.header.dice == Randomness::Physical {
                    return Err(PHYSICAL_DICE);
                }
                let (lo, hi) = if dice.zero_based {
                    (0, dice.sides.saturating_sub(1))
                } else {
                    (1, dice.sides)
                };
                let faces: Vec<u8> = (0..dice.count).map(|_| rng.gen_range(lo..=hi)).collect();
                Input::Rolled(DiceRoll::of(&faces))
            }
            Pending::DrawChit { chits, .. } => {
                if self.header.chits == Randomness::Physical {
                    return Err(PHYSICAL_CHITS);
                }
                if chits.is_empty() {
                    return Err(G::EMPTY_CUP);
                }
                Input::Drew(rng.gen_range(0..chits.len()) as u16)
            }
            _ => return Err(G::NOTHING_TO_ROLL),
        };
        self.apply(input)
    }

    /// Physical dice typed on the keypad or die-face buttons.
    pub fn enter_dice(&mut self, faces: &[u8]) -> Result<Vec<G::LogEvent>, RuleViolation> {
        match self.game.pending() {
            Pending::Roll { dice, .. } => {
                let roll = DiceRoll::of(faces);
                if !dice.accepts(&roll) {
                    return Err(RuleViolation::new(
                        "table",
                        "those faces are not on the dice being rolled",
                    ));
                }
                self.apply(Input::Rolled(roll))
            }
            _ => Err(G::NOTHING_TO_ROLL),
        }
    }

    /// Can the last input be taken back (it is not a roll, a draw or a revealed secret)?
    pub fn can_undo(&self) -> bool {
        self.undo_target().is_some()
    }

    fn undo_target(&self) -> Option<usize> {
        let n = G::undo_len(&self.inputs)?;
        // A snapshot resume cannot replay what lies before the snapshot.
        (n >= self.log_from).then_some(n)
    }

    /// Takes the last input back by replaying the journal without it. Returns false when
    /// nothing may be undone (the last input was a roll, a draw or revealed a secret).
    pub fn undo(&mut self) -> bool {
        let Some(n) = self.undo_target() else {
            return false;
        };
        // From the last in-memory checkpoint at or before `n` (there is always one: where the
        // session began, which `undo_target` never goes before), replay the few inputs after
        // it: they were all accepted.
        let Some((from, state)) = self.checkpoints.iter().rev().find(|(k, _)| *k <= n) else {
            return false;
        };
        let from = Some((*from, state.clone()));
        let game = match replay::<G>(
            self.data,
            &self.header,
            &self.inputs[..n],
            from,
            Mode::Trusted,
        ) {
            Ok((game, run)) if run.refusal.is_none() && run.good == n => game,
            // Cannot happen for a journal the engine accepted; keep the game as it was.
            _ => return false,
        };
        self.game = game;
        self.checkpoints.retain(|(k, _)| *k <= n);
        let kept_log = self.log.partition_point(|e| e.input < n);
        self.log.truncate(kept_log);
        self.inputs.truncate(n);
        self.secret.truncate(n);
        self.saved = self.saved.min(n);
        if self.needs_rewrite {
            self.rewrite_journal();
        } else {
            let cut = self.persist.truncate(n);
            self.saved_or_failed(cut);
        }
        true
    }

    /// Places every unit of the current set-up step still in the pool on a random legal hex.
    /// Returns how many were placed; units with no legal hex left are skipped.
    pub fn auto_place(&mut self) -> Result<usize, RuleViolation> {
        self.auto_place_logged(&mut Vec::new())
    }

    /// [`Self::auto_place`], adding the placements' events to `log` (the CLI prints them).
    pub fn auto_place_logged(
        &mut self,
        log: &mut Vec<G::LogEvent>,
    ) -> Result<usize, RuleViolation> {
        let mut rng =
            StdRng::seed_from_u64(mix(self.header.seed ^ 0x5e7u64, self.inputs.len() as u64));
        ruleset::auto_place(self, &mut rng, log)
    }

    /// Hands the current state to the persistence as a snapshot.
    pub fn save_snapshot(&mut self) {
        match postcard::to_allocvec(self.game.state()) {
            // A snapshot only speeds up a resume: a failed one is logged, never a lost move.
            Ok(bytes) if !self.needs_rewrite => {
                let n = self.inputs.len();
                if let Err(e) = self.persist.snapshot(n, &bytes) {
                    log::warn!("snapshot after {n} inputs not saved: {e}");
                }
            }
            Ok(_) => {}
            Err(e) => log::warn!("snapshot not encoded: {e}"),
        }
    }

    /// Records the outcome of a journal write that covered every input made so far.
    fn saved_or_failed(&mut self, result: io::Result<()>) {
        match result {
            Ok(()) => {
                self.saved = self.inputs.len();
                self.save_error = None;
            }
            Err(e) => self.failed(e.to_string()),
        }
    }

    fn failed(&mut self, error: String) {
        self.needs_rewrite = true;
        log::error!(
            "save failed ({} input(s) not yet safe): {error}",
            self.unsaved()
        );
        self.save_error = Some(error);
    }

    /// Writes the whole journal again (one write, one fsync): after a failed save.
    fn rewrite_journal(&mut self) {
        let encoded: Result<Vec<Vec<u8>>, String> = self.inputs.iter().map(encode_input).collect();
        let result = match encoded {
            Ok(all) => self.persist.rewrite(&self.header, &all),
            Err(e) => return self.failed(e),
        };
        if result.is_ok() {
            self.needs_rewrite = false;
            log::info!(
                "the whole journal ({} inputs) is saved again",
                self.inputs.len()
            );
        }
        self.saved_or_failed(result);
    }

    /// The generator for the random answer at journal position `n`.
    fn rng_for(&self, n: usize) -> StdRng {
        StdRng::seed_from_u64(mix(self.header.seed, n as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Command, Options, Phase};
    use crate::ruleset::{GameData, Input as GameInput};
    use crate::{decode_input, decode_state, MemoryPersist, NullPersist};

    fn data() -> &'static GameData {
        crate::builtin_data().expect("built-in data")
    }

    fn unity(persist: Box<dyn Persist>) -> Session {
        Session::new(data(), Header::new("unity", Options::default(), 7), persist)
            .expect("Operation Unity")
    }

    /// Sets up both sides by auto-place.
    fn set_up(s: &mut Session) {
        for _ in 0..6 {
            if s.game().state.phase != Phase::Setup {
                return;
            }
            s.auto_place().expect("auto-place");
            s.apply(Input::Command(Command::EndSetup))
                .expect("end set-up");
        }
    }

    #[test]
    fn auto_place_sets_up_every_unit_on_a_legal_hex() {
        let mut s = unity(Box::new(NullPersist));
        assert_eq!(s.game().state.phase, Phase::Setup);
        set_up(&mut s);
        assert_ne!(s.game().state.phase, Phase::Setup, "both sides set up");
        let on_map = s.game().units_on_map().count();
        assert!(on_map > 100, "{on_map} units on the map");
    }

    #[test]
    fn every_input_is_saved_and_a_resume_replays_to_the_same_state() {
        let store = MemoryPersist::default();
        let mut s = unity(Box::new(store.clone()));
        set_up(&mut s);
        let saved = store.0.borrow().clone();
        assert_eq!(saved.header.as_ref(), Some(s.header()));
        assert_eq!(saved.inputs.len(), s.inputs().len());
        let inputs: Vec<GameInput> = saved
            .inputs
            .iter()
            .map(|b| decode_input(b).expect("decodes"))
            .collect();
        let (r, report) = Session::<Berlin85>::resume(
            data(),
            saved.header.clone().expect("header"),
            inputs,
            None,
            Box::new(NullPersist),
        )
        .expect("resumes");
        assert_eq!(report.dropped, 0);
        assert_eq!(r.game().state, s.game().state);
        assert_eq!(r.log().len(), s.log().len());
    }

    /// The header records the data a game was played with; a resume on other data (a club's
    /// changed charts) ignores the snapshot, replays the whole journal with the data in use,
    /// says so, and writes the journal again under the new data's version.
    #[test]
    fn a_resume_on_other_data_replays_everything_and_records_the_new_data() {
        let store = MemoryPersist::default();
        let mut s = unity(Box::new(store.clone()));
        set_up(&mut s);
        let saved = store.0.borrow().clone();
        let header = saved.header.clone().expect("header");
        assert_eq!(header.data_version, Berlin85::data_version(data()));
        assert_ne!(header.data_version, 0);
        let inputs: Vec<GameInput> = saved
            .inputs
            .iter()
            .map(|b| decode_input(b).expect("decodes"))
            .collect();
        // Other data: a scenario renamed (what a club's override might change).
        let mut other: GameData = data().clone();
        other.scenarios[0].name = heapless::String::try_from("Unity (club charts)").expect("name");
        let other: &'static GameData = Box::leak(Box::new(other));
        assert_ne!(Berlin85::data_version(other), header.data_version);
        // A snapshot that does not even belong to the game: on other data it must not be used.
        let bogus = Some((
            inputs.len(),
            Session::<Berlin85>::new(
                data(),
                Header::new("werewolf", Options::default(), 1),
                Box::new(NullPersist),
            )
            .expect("werewolf")
            .game()
            .state
            .clone(),
        ));
        let rewritten = MemoryPersist::default();
        let (r, report) = Session::<Berlin85>::resume(
            other,
            header.clone(),
            inputs.clone(),
            bogus,
            Box::new(rewritten.clone()),
        )
        .expect("resumes");
        assert!(report.other_data);
        assert_eq!(
            report.from_snapshot, None,
            "the snapshot of the old data is not used"
        );
        assert_eq!(report.replayed, inputs.len());
        assert_eq!(
            r.game().state,
            s.game().state,
            "the same game on the renamed data"
        );
        let written = rewritten.0.borrow().clone();
        assert_eq!(
            written.header.map(|h| h.data_version),
            Some(Berlin85::data_version(other)),
            "the journal now says which data it is played with"
        );
        assert_eq!(written.inputs.len(), inputs.len());
        // On the same data nothing is said.
        let (_, same) =
            Session::<Berlin85>::resume(data(), header, inputs, None, Box::new(NullPersist))
                .expect("resumes");
        assert!(!same.other_data);
    }

    #[test]
    fn a_snapshot_resume_matches_a_full_replay() {
        let store = MemoryPersist::default();
        let mut s = unity(Box::new(store.clone()));
        set_up(&mut s);
        s.save_snapshot();
        let saved = store.0.borrow().clone();
        let (n, bytes) = saved.snapshot.clone().expect("a snapshot");
        let state = decode_state(&bytes).expect("decodes");
        let inputs: Vec<GameInput> = saved
            .inputs
            .iter()
            .filter_map(|b| decode_input(b))
            .collect();
        let (r, report) = Session::<Berlin85>::resume(
            data(),
            s.header().clone(),
            inputs,
            Some((n, state)),
            Box::new(NullPersist),
        )
        .expect("resumes");
        assert_eq!(report.from_snapshot, Some(n));
        assert_eq!(r.game().state, s.game().state);
    }

    #[test]
    fn a_damaged_journal_resumes_at_the_last_good_input() {
        let mut s = unity(Box::new(NullPersist));
        set_up(&mut s);
        let good = s.inputs().len();
        let mut inputs = s.inputs().to_vec();
        // An input that cannot be right here: setting up again after set-up is over.
        inputs.push(Input::Command(Command::EndSetup));
        inputs.push(Input::Chose(3));
        let store = MemoryPersist::default();
        let (r, report) =
            Session::<Berlin85>::resume(data(), s.header().clone(), inputs, None, Box::new(store))
                .expect("resumes");
        assert_eq!(report.dropped, 2);
        assert!(report.first_refusal.is_some());
        assert_eq!(r.inputs().len(), good);
        assert_eq!(r.game().state, s.game().state);
    }

    #[test]
    fn undo_replays_to_the_previous_input() {
        let mut s = unity(Box::new(NullPersist));
        let before = s.game().state.clone();
        s.auto_place().expect("auto-place");
        let n = s.inputs().len();
        assert!(n > 0);
        assert!(s.undo());
        assert_eq!(s.inputs().len(), n - 1);
        while s.undo() {}
        assert_eq!(s.inputs().len(), 0);
        assert_eq!(s.game().state, before);
        assert!(!s.can_undo());
    }

    #[test]
    fn undo_never_takes_back_a_roll() {
        let mut s = unity(Box::new(NullPersist));
        // A fake journal tail: a roll cannot be undone whatever came before.
        s.inputs.push(Input::Rolled(DiceRoll::of(&[3])));
        assert!(!s.can_undo());
        assert!(!s.undo());
    }

    #[test]
    fn digital_rolls_are_reproducible_from_the_seed_and_position() {
        let a = StdRng::seed_from_u64(mix(7, 12)).gen_range(1..=6u8);
        let b = StdRng::seed_from_u64(mix(7, 12)).gen_range(1..=6u8);
        assert_eq!(a, b);
        let faces: Vec<u8> = (0..200)
            .map(|n| StdRng::seed_from_u64(mix(7, n)).gen_range(1..=6u8))
            .collect();
        for f in 1..=6 {
            assert!(faces.contains(&f), "face {f} comes up");
        }
    }

    #[test]
    fn the_table_refuses_to_roll_when_nothing_is_to_be_rolled() {
        let mut s = unity(Box::new(NullPersist));
        assert_eq!(s.roll_digital().err().map(|v| v.case), Some("4.0"));
        assert!(s.enter_dice(&[4]).is_err());
    }
}
