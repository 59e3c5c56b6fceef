//! The table's physical inputs: the dice-tower and chit-cup buttons, optional die-face
//! buttons, confirm and undo, and the LEDs that say "a roll is wanted" / "your turn".
//!
//! Every source yields debounced presses of [`ui::Button`], the one button type from the pins to
//! the screen; what a press *means* (roll, nothing, enter a face) is decided by the table from
//! the game's dice and chit modes and what the engine waits for, so a stray press with nothing
//! pending is ignored instead of acting.

#[cfg(test)]
use std::collections::VecDeque;

pub use ui::Button;

const BUTTON_SLOTS: usize = 14;

/// A dense index for per-button state; `None` for a die face outside 1..=10.
fn slot(b: Button) -> Option<usize> {
    match b {
        Button::DiceTower => Some(0),
        Button::ChitCup => Some(1),
        Button::Confirm => Some(2),
        Button::Undo => Some(3),
        Button::DieFace(n @ 1..=10) => Some(3 + usize::from(n)),
        Button::DieFace(_) => None,
    }
}

/// The logical level of a button, after `active_low` has been applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Pressed,
    Released,
}

/// A debounced press. `at` is in milliseconds on the source's own monotonic clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonEvent {
    pub button: Button,
    pub at: u64,
}

/// Where presses come from. `poll` never blocks; it returns the presses in order, then `None`.
pub trait ButtonSource {
    fn poll(&mut self) -> Option<ButtonEvent>;
}

pub const DEFAULT_DEBOUNCE_MS: u64 = 30;

#[derive(Clone, Copy, Debug)]
struct Channel {
    /// The level of the last edge seen, bouncing or not.
    raw: Level,
    /// The level last reported.
    accepted: Level,
    /// When the last reported change happened; edges within the window after it are bounce.
    changed_at: Option<u64>,
}

const IDLE: Channel = Channel {
    raw: Level::Released,
    accepted: Level::Released,
    changed_at: None,
};

/// Turns raw edges into presses: the first edge of a change is reported at once (no added
/// latency), the edges in the `window_ms` after it are bounce. After the window the button
/// takes whatever level it settled at, so a release hidden inside the window of a quick tap
/// is not lost and the next press still counts. Pure logic: time is passed in.
#[derive(Clone, Debug)]
pub struct Debouncer {
    window_ms: u64,
    channels: [Channel; BUTTON_SLOTS],
}

impl Default for Debouncer {
    fn default() -> Self {
        Debouncer::new(DEFAULT_DEBOUNCE_MS)
    }
}

impl Debouncer {
    pub fn new(window_ms: u64) -> Self {
        Debouncer {
            window_ms,
            channels: [IDLE; BUTTON_SLOTS],
        }
    }

    /// Sets a button's level without reporting anything (e.g. read at start-up, so a button
    /// held while the table boots is not a press).
    pub fn set_level(&mut self, button: Button, level: Level) {
        if let Some(ch) = slot(button).and_then(|s| self.channels.get_mut(s)) {
            ch.raw = level;
            ch.accepted = level;
        }
    }

    /// Feeds one edge; returns a press when this edge is a real press.
    pub fn edge(&mut self, button: Button, level: Level, at_ms: u64) -> Option<ButtonEvent> {
        let ch = self.channels.get_mut(slot(button)?)?;
        let settled = ch.raw;
        ch.raw = level;
        // A clock that went backwards (`checked_sub` fails) ends the window rather than
        // locking the button until the clock catches up.
        let bouncing = ch
            .changed_at
            .and_then(|t| at_ms.checked_sub(t))
            .is_some_and(|since| since < self.window_ms);
        if bouncing {
            return None;
        }
        ch.accepted = settled;
        if level == ch.accepted {
            return None;
        }
        ch.accepted = level;
        ch.changed_at = Some(at_ms);
        (level == Level::Pressed).then_some(ButtonEvent { button, at: at_ms })
    }
}

/// A source that replays recorded edges `(ms, button, level)` through a debouncer: for tests
/// and for the scripted GPIO runs in `tests/`.
#[cfg(test)]
#[derive(Clone, Debug)]
pub struct ScriptedSource {
    edges: VecDeque<(u64, Button, Level)>,
    debouncer: Debouncer,
}

#[cfg(test)]
impl ScriptedSource {
    pub fn new(debounce_ms: u64, edges: impl IntoIterator<Item = (u64, Button, Level)>) -> Self {
        ScriptedSource {
            edges: edges.into_iter().collect(),
            debouncer: Debouncer::new(debounce_ms),
        }
    }

    /// Edges not consumed yet.
    pub fn remaining(&self) -> usize {
        self.edges.len()
    }
}

#[cfg(test)]
impl ButtonSource for ScriptedSource {
    fn poll(&mut self) -> Option<ButtonEvent> {
        while let Some((at, button, level)) = self.edges.pop_front() {
            if let Some(press) = self.debouncer.edge(button, level, at) {
                return Some(press);
            }
        }
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Led {
    RollWanted,
    YourTurn,
}

pub trait Leds {
    fn set(&mut self, led: Led, on: bool);
}

/// For tables without LEDs (tests).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLeds;

#[cfg(test)]
impl Leds for NoLeds {
    fn set(&mut self, _led: Led, _on: bool) {}
}

/// What the LEDs show of what the game waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LedState {
    /// A roll or a chit draw is pending (real or digital: the tower or the cup is wanted).
    pub roll_wanted: bool,
    /// A player must act: a command or a choice (not a roll, a draw or the end of the game).
    pub your_turn: bool,
}

/// The LEDs for what the engine is waiting for.
pub fn led_state<O>(pending: &engine::core::protocol::Pending<O>) -> LedState {
    use engine::core::protocol::Pending;
    LedState {
        roll_wanted: matches!(pending, Pending::Roll { .. } | Pending::DrawChit { .. }),
        your_turn: matches!(pending, Pending::Command { .. } | Pending::Choose { .. }),
    }
}

/// Mirrors the state on the LEDs.
pub fn update_leds(leds: &mut dyn Leds, state: LedState) {
    leds.set(Led::RollWanted, state.roll_wanted);
    leds.set(Led::YourTurn, state.your_turn);
}

#[cfg(all(target_os = "linux", feature = "gpio"))]
pub use rpi::{RppalLeds, RppalSource};

#[cfg(all(target_os = "linux", feature = "gpio"))]
mod rpi {
    use std::fmt;
    use std::sync::mpsc::{self, Receiver};
    use std::sync::Arc;

    use rppal::gpio::{Event, Gpio, InputPin, Level as PinLevel, OutputPin, Trigger};

    use super::{Button, ButtonEvent, ButtonSource, Debouncer, Led, Leds, Level};
    use crate::config::{GpioConfig, Pull};

    /// A GPIO operation that failed, with the config key and pin it concerned.
    #[derive(Debug)]
    pub struct GpioError {
        pub what: String,
        pub source: rppal::gpio::Error,
    }

    impl fmt::Display for GpioError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "gpio: {}: {}", self.what, self.source)
        }
    }

    impl std::error::Error for GpioError {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.source)
        }
    }

    fn open_chip() -> Result<Gpio, GpioError> {
        Gpio::new().map_err(|source| GpioError {
            what: "cannot open the GPIO chip (not a Raspberry Pi, or the user is not in \
                   the gpio group?)"
                .to_string(),
            source,
        })
    }

    fn inputs(cfg: &GpioConfig) -> Vec<(String, Button, u8)> {
        let mut out = Vec::new();
        let single = [
            ("dice_tower", Button::DiceTower, cfg.dice_tower),
            ("chit_cup", Button::ChitCup, cfg.chit_cup),
            ("confirm", Button::Confirm, cfg.confirm),
            ("undo", Button::Undo, cfg.undo),
        ];
        for (key, button, pin) in single {
            if let Some(pin) = pin {
                out.push((key.to_string(), button, pin));
            }
        }
        // At most 10 faces (config checks), so the face number fits a u8.
        for (i, &pin) in cfg.die_faces.iter().enumerate().take(10) {
            out.push((format!("die_faces[{i}]"), Button::DieFace(i as u8 + 1), pin));
        }
        out
    }

    /// Buttons on Raspberry Pi GPIO. Edges arrive from rppal's interrupt thread over a
    /// channel and are debounced in `poll`, on the UI thread.
    pub struct RppalSource {
        // Dropping an InputPin stops its interrupt thread, so they live here.
        _pins: Vec<InputPin>,
        wired: Vec<(Button, u8)>,
        rx: Receiver<(Button, Level, u64)>,
        debouncer: Debouncer,
    }

    impl RppalSource {
        /// Claims the configured input pins. A pin that cannot be claimed is logged and
        /// skipped (the touchscreen still works); only an unusable GPIO chip is an error.
        /// `wake` is called from the interrupt thread after each edge (e.g. to schedule a
        /// `poll` on the UI event loop).
        pub fn new(
            cfg: &GpioConfig,
            wake: Option<Arc<dyn Fn() + Send + Sync>>,
        ) -> Result<RppalSource, GpioError> {
            let gpio = open_chip()?;
            let (tx, rx) = mpsc::channel();
            let mut debouncer = Debouncer::new(cfg.debounce_ms);
            let mut pins = Vec::new();
            let mut wired = Vec::new();
            let active_low = cfg.active_low;
            let logical = move |l: PinLevel| {
                if (l == PinLevel::Low) == active_low {
                    Level::Pressed
                } else {
                    Level::Released
                }
            };
            for (key, button, bcm) in inputs(cfg) {
                let pin = match gpio.get(bcm) {
                    Ok(p) => p,
                    Err(e) => {
                        log::warn!("gpio: {key} (BCM {bcm}) is not wired: {e}");
                        continue;
                    }
                };
                let mut pin = match cfg.pull {
                    Pull::Up => pin.into_input_pullup(),
                    Pull::Down => pin.into_input_pulldown(),
                };
                debouncer.set_level(button, logical(pin.read()));
                let tx = tx.clone();
                let wake = wake.clone();
                let callback = move |event: Event| {
                    let level = match event.trigger {
                        Trigger::FallingEdge => PinLevel::Low,
                        _ => PinLevel::High,
                    };
                    // Kernel timestamp since boot: immune to the UI thread being busy.
                    let ms = u64::try_from(event.timestamp.as_millis()).unwrap_or(u64::MAX);
                    // The receiver is gone only while shutting down.
                    if tx.send((button, logical(level), ms)).is_ok() {
                        if let Some(w) = &wake {
                            w();
                        }
                    }
                };
                if let Err(e) = pin.set_async_interrupt(Trigger::Both, None, callback) {
                    log::warn!("gpio: {key} (BCM {bcm}): cannot watch for presses: {e}");
                    continue;
                }
                log::info!("gpio: {key} on BCM {bcm}");
                pins.push(pin);
                wired.push((button, bcm));
            }
            Ok(RppalSource {
                _pins: pins,
                wired,
                rx,
                debouncer,
            })
        }

        /// The buttons that were claimed, with their BCM pins.
        pub fn wired(&self) -> &[(Button, u8)] {
            &self.wired
        }
    }

    impl ButtonSource for RppalSource {
        fn poll(&mut self) -> Option<ButtonEvent> {
            while let Ok((button, level, at)) = self.rx.try_recv() {
                if let Some(press) = self.debouncer.edge(button, level, at) {
                    return Some(press);
                }
            }
            None
        }
    }

    /// LEDs on GPIO outputs (each through a resistor, see docs/deploy.md). Unconfigured or
    /// unclaimable LEDs are simply dark.
    pub struct RppalLeds {
        roll_wanted: Option<OutputPin>,
        your_turn: Option<OutputPin>,
    }

    impl RppalLeds {
        pub fn new(cfg: &GpioConfig) -> Result<RppalLeds, GpioError> {
            let gpio = open_chip()?;
            let claim = |key: &str, pin: Option<u8>| {
                let bcm = pin?;
                match gpio.get(bcm) {
                    Ok(p) => Some(p.into_output_low()),
                    Err(e) => {
                        log::warn!("gpio: {key} (BCM {bcm}) is not wired: {e}");
                        None
                    }
                }
            };
            Ok(RppalLeds {
                roll_wanted: claim("led_roll_wanted", cfg.led_roll_wanted),
                your_turn: claim("led_your_turn", cfg.led_your_turn),
            })
        }
    }

    impl Leds for RppalLeds {
        fn set(&mut self, led: Led, on: bool) {
            let pin = match led {
                Led::RollWanted => &mut self.roll_wanted,
                Led::YourTurn => &mut self.your_turn,
            };
            if let Some(pin) = pin {
                pin.write(if on { PinLevel::High } else { PinLevel::Low });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Level::{Pressed as P, Released as R};

    fn presses(src: &mut dyn ButtonSource) -> Vec<ButtonEvent> {
        std::iter::from_fn(|| src.poll()).collect()
    }

    fn press(button: Button, at: u64) -> ButtonEvent {
        ButtonEvent { button, at }
    }

    const TOWER: Button = Button::DiceTower;

    #[test]
    fn a_bouncing_button_is_one_press() {
        // 5 edges in 12 ms, then a clean release.
        let mut src = ScriptedSource::new(
            30,
            [
                (0, TOWER, P),
                (3, TOWER, R),
                (5, TOWER, P),
                (9, TOWER, R),
                (12, TOWER, P),
                (150, TOWER, R),
            ],
        );
        assert_eq!(presses(&mut src), vec![press(TOWER, 0)]);
        assert_eq!(src.remaining(), 0);
    }

    #[test]
    fn two_presses_200_ms_apart_are_two() {
        let mut src = ScriptedSource::new(
            30,
            [
                (0, TOWER, P),
                (80, TOWER, R),
                (200, TOWER, P),
                (280, TOWER, R),
            ],
        );
        assert_eq!(presses(&mut src), vec![press(TOWER, 0), press(TOWER, 200)]);
    }

    #[test]
    fn a_quick_tap_does_not_swallow_the_next_press() {
        // The release at 20 ms falls inside the window of the press; it must still count.
        let mut src = ScriptedSource::new(
            30,
            [
                (0, TOWER, P),
                (20, TOWER, R),
                (100, TOWER, P),
                (110, TOWER, R),
            ],
        );
        assert_eq!(presses(&mut src), vec![press(TOWER, 0), press(TOWER, 100)]);
    }

    #[test]
    fn a_bouncing_release_is_not_a_press() {
        let mut src = ScriptedSource::new(
            30,
            [
                (0, TOWER, P),
                (100, TOWER, R),
                (102, TOWER, P),
                (104, TOWER, R),
                (110, TOWER, P),
                (111, TOWER, R),
            ],
        );
        assert_eq!(presses(&mut src), vec![press(TOWER, 0)]);
    }

    #[test]
    fn buttons_are_debounced_independently() {
        let cup = Button::ChitCup;
        let mut src = ScriptedSource::new(
            30,
            [(0, TOWER, P), (2, cup, P), (4, TOWER, R), (5, TOWER, P)],
        );
        assert_eq!(presses(&mut src), vec![press(TOWER, 0), press(cup, 2)]);
    }

    #[test]
    fn a_button_held_at_start_up_is_not_a_press() {
        let mut d = Debouncer::default();
        d.set_level(TOWER, P);
        assert_eq!(d.edge(TOWER, P, 10), None);
        assert_eq!(d.edge(TOWER, R, 500), None);
        assert_eq!(d.edge(TOWER, P, 900), Some(press(TOWER, 900)));
    }

    #[test]
    fn odd_input_never_panics() {
        let mut d = Debouncer::new(0);
        assert_eq!(d.edge(Button::DieFace(0), P, 0), None);
        assert_eq!(d.edge(Button::DieFace(11), P, 0), None);
        assert_eq!(d.edge(TOWER, P, u64::MAX), Some(press(TOWER, u64::MAX)));
        // A clock that jumps back still works, and a zero window counts every press.
        assert_eq!(d.edge(TOWER, R, 5), None);
        assert_eq!(d.edge(TOWER, P, 6), Some(press(TOWER, 6)));
        let mut d = Debouncer::new(u64::MAX);
        assert_eq!(d.edge(TOWER, P, 1), Some(press(TOWER, 1)));
        assert_eq!(d.edge(TOWER, R, 2), None);
    }

    #[test]
    fn the_leds_say_a_roll_is_wanted_and_whose_turn_it_is() {
        use engine::core::protocol::{DiceSpec, Pending};
        use engine::core::side::Side;
        let roll: Pending<()> = Pending::Roll {
            player: Side::A,
            dice: DiceSpec::D6,
            purpose: "",
            case: "7.6",
            secret: false,
        };
        let on = |roll_wanted, your_turn| LedState {
            roll_wanted,
            your_turn,
        };
        assert_eq!(led_state(&roll), on(true, false));
        let draw: Pending<()> = Pending::DrawChit {
            player: Side::B,
            cup: "untried",
            case: "11.0",
            chits: Default::default(),
        };
        assert_eq!(led_state(&draw), on(true, false));
        assert_eq!(
            led_state(&Pending::<()>::Command { player: Side::B }),
            on(false, true)
        );
        let choose: Pending<()> = Pending::Choose {
            player: Side::A,
            purpose: "",
            case: "7.7",
            options: Default::default(),
        };
        assert_eq!(led_state(&choose), on(false, true));
        assert_eq!(led_state(&Pending::<()>::GameOver), on(false, false));
    }

    #[test]
    fn leds_follow_the_state() {
        #[derive(Default)]
        struct Record(Vec<(Led, bool)>);
        impl Leds for Record {
            fn set(&mut self, led: Led, on: bool) {
                self.0.push((led, on));
            }
        }
        let mut leds = Record::default();
        update_leds(
            &mut leds,
            LedState {
                roll_wanted: false,
                your_turn: true,
            },
        );
        update_leds(
            &mut leds,
            LedState {
                roll_wanted: true,
                your_turn: false,
            },
        );
        assert_eq!(
            leds.0,
            vec![
                (Led::RollWanted, false),
                (Led::YourTurn, true),
                (Led::RollWanted, true),
                (Led::YourTurn, false)
            ]
        );
        NoLeds.set(Led::RollWanted, true);
    }

    // ---- presses on the real table ----------------------------------------------------------

    use engine::core::protocol::{Input, Pending};

    /// Inputs of a Unity game (seed 7) played by the random agent up to the first pending roll,
    /// or up to a pending command when `until_roll` is false (a command after a few inputs).
    fn inputs_until(until_roll: bool) -> Vec<engine::berlin85::Input85> {
        let header = ui::Header::new("unity", ui::session::ruleset::Options::default(), 7);
        let mut s = ui::Session::<ui::session::ruleset::Berlin85>::new(
            ::tests::berlin85(),
            header,
            Box::new(ui::session::NullPersist),
        )
        .expect("scenario");
        let mut agent = ::tests::RandomAgent::new(3);
        loop {
            let p = s.pending();
            if until_roll && matches!(p, Pending::Roll { .. }) {
                break;
            }
            if !until_roll && s.inputs().len() > 40 && matches!(p, Pending::Command { .. }) {
                break;
            }
            assert!(s.inputs().len() < 5_000, "no roll was ever wanted");
            let accepted = agent
                .candidates(s.game())
                .into_iter()
                .any(|i| s.apply(i).is_ok());
            assert!(accepted, "the agent is stuck at {p:?}");
        }
        s.inputs().to_vec()
    }

    /// The real table (Slint's testing backend) resumed into a game of `inputs`, with the
    /// game's dice in `dice` mode.
    fn table_at(inputs: Vec<engine::berlin85::Input85>, dice: ui::Randomness) -> ui::Table {
        use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
        let backend = TestingBackend::new(TestingBackendOptions {
            mock_time: true,
            threading: false,
            renderer_name: Some("software".into()),
        });
        let _ = slint::platform::set_platform(Box::new(backend));
        let mut header = ui::Header::new("unity", ui::session::ruleset::Options::default(), 7);
        header.dice = dice;
        let resume = ui::Resume {
            header,
            inputs,
            snapshot: None,
        };
        let config = ui::UiConfig {
            auto_resume: true,
            seats: ui::Seats::Same,
            ..ui::UiConfig::default()
        };
        let data = ui::builtin_data().expect("built-in data");
        ui::Table::new(
            config,
            data,
            Box::new(ui::session::NullPersist),
            Some(resume),
            "software",
        )
        .expect("window")
    }

    fn played(t: &ui::Table) -> Vec<engine::berlin85::Input85> {
        t.with_session(|s| s.expect("a game is open").inputs().to_vec())
    }

    #[test]
    fn a_bouncing_tower_makes_exactly_one_roll_on_the_real_table() {
        let inputs = inputs_until(true);
        let t = table_at(inputs.clone(), ui::Randomness::Digital);
        assert_eq!(played(&t), inputs, "resumed where the roll is wanted");
        // Five edges inside the debounce window, then a clean release: one press, one roll.
        let mut src = ScriptedSource::new(
            DEFAULT_DEBOUNCE_MS,
            [
                (1000, TOWER, P),
                (1004, TOWER, R),
                (1007, TOWER, P),
                (1011, TOWER, R),
                (1014, TOWER, P),
                (1200, TOWER, R),
            ],
        );
        for p in presses(&mut src) {
            t.on_button(p.button);
        }
        let now = played(&t);
        assert_eq!(now.len(), inputs.len() + 1, "one bouncing press, one roll");
        assert!(matches!(now.last(), Some(Input::Rolled(_))));
    }

    #[test]
    fn with_real_dice_the_tower_waits_for_the_faces_and_a_face_the_die_lacks_is_ignored() {
        let inputs = inputs_until(true);
        let t = table_at(inputs.clone(), ui::Randomness::Physical);
        let dice = match t.with_session(|s| s.expect("game").pending()) {
            Pending::Roll { dice, .. } => dice,
            p => panic!("expected a roll, not {p:?}"),
        };
        // The tower with real dice: the keypad is already up, the press rolls nothing.
        t.on_button(Button::DiceTower);
        t.on_button(Button::ChitCup);
        // A 7 on a d6 does not exist.
        t.on_button(Button::DieFace(dice.sides + 1));
        assert_eq!(played(&t), inputs, "nothing entered");
        for _ in 0..dice.count {
            t.on_button(Button::DieFace(4));
        }
        let now = played(&t);
        assert_eq!(
            now.len(),
            inputs.len() + 1,
            "the faces entered are the roll"
        );
        match now.last() {
            Some(Input::Rolled(r)) => assert!(r.values.iter().all(|&v| v == 4), "{r:?}"),
            other => panic!("expected the entered roll, got {other:?}"),
        }
    }

    #[test]
    fn a_press_with_nothing_pending_changes_nothing() {
        let inputs = inputs_until(false);
        for dice in [ui::Randomness::Digital, ui::Randomness::Physical] {
            let t = table_at(inputs.clone(), dice);
            let before = t.with_session(|s| postcard::to_allocvec(&s.expect("game").game().state));
            for b in [TOWER, Button::ChitCup, Button::DieFace(3), Button::Confirm] {
                t.on_button(b);
            }
            assert_eq!(
                played(&t),
                inputs,
                "{dice:?}: a command is pending, not a roll"
            );
            let after = t.with_session(|s| postcard::to_allocvec(&s.expect("game").game().state));
            assert_eq!(before.ok(), after.ok(), "{dice:?}: the state is unchanged");
        }
    }
}
