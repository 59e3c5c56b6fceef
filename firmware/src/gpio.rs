//! The table's physical inputs: the dice-tower and chit-cup buttons, optional die-face
//! buttons, confirm and undo, and the LEDs that say "a roll is wanted" / "your turn".
//!
//! Every source yields debounced presses through [`ButtonSource`]; what a press *means* is
//! decided by [`button_action`] from what the game is waiting for, so a stray press with
//! nothing pending is ignored instead of acting.

use std::collections::VecDeque;

use crate::config::Mode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    DiceTower,
    ChitCup,
    /// A physical die-face button, 1..=10 (a d10's "0" is 10).
    DieFace(u8),
    Confirm,
    Undo,
}

const BUTTON_SLOTS: usize = 14;

impl Button {
    /// A dense index for per-button state; `None` for a die face outside 1..=10.
    fn slot(self) -> Option<usize> {
        match self {
            Button::DiceTower => Some(0),
            Button::ChitCup => Some(1),
            Button::Confirm => Some(2),
            Button::Undo => Some(3),
            Button::DieFace(n @ 1..=10) => Some(3 + usize::from(n)),
            Button::DieFace(_) => None,
        }
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

    pub fn window_ms(&self) -> u64 {
        self.window_ms
    }

    /// Sets a button's level without reporting anything (e.g. read at start-up, so a button
    /// held while the table boots is not a press).
    pub fn set_level(&mut self, button: Button, level: Level) {
        if let Some(ch) = button.slot().and_then(|s| self.channels.get_mut(s)) {
            ch.raw = level;
            ch.accepted = level;
        }
    }

    /// Feeds one edge; returns a press when this edge is a real press.
    pub fn edge(&mut self, button: Button, level: Level, at_ms: u64) -> Option<ButtonEvent> {
        let ch = self.channels.get_mut(button.slot()?)?;
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
#[derive(Clone, Debug)]
pub struct ScriptedSource {
    edges: VecDeque<(u64, Button, Level)>,
    debouncer: Debouncer,
}

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

/// Keyboard stand-in for the buttons on a machine without GPIO. The UI forwards key presses
/// (Slint's `KeyEvent.text` and `.repeat`); keys that map to no button are left to the UI.
#[derive(Clone, Debug, Default)]
pub struct KeyboardMap {
    queue: VecDeque<ButtonEvent>,
}

impl KeyboardMap {
    pub fn new() -> Self {
        KeyboardMap::default()
    }

    /// `r` dice tower, `c` chit cup, `1`..`9` and `0` die faces 1..10, Enter confirm,
    /// Backspace undo. Accepts key names and Slint's key text (`"\n"`, `"\u{8}"`).
    pub fn button_for_key(key: &str) -> Option<Button> {
        let b = match key {
            "r" | "R" => Button::DiceTower,
            "c" | "C" => Button::ChitCup,
            "\n" | "\r" | "Enter" | "Return" => Button::Confirm,
            "\u{8}" | "\u{7f}" | "Backspace" => Button::Undo,
            "0" => Button::DieFace(10),
            _ => match key.as_bytes() {
                [d @ b'1'..=b'9'] => Button::DieFace(d - b'0'),
                _ => return None,
            },
        };
        Some(b)
    }

    /// Queues the button for `key`; returns whether the key was one of the table's.
    /// Auto-repeat of a held key is swallowed, like a held physical button.
    pub fn key_pressed(&mut self, key: &str, repeat: bool, at_ms: u64) -> bool {
        match Self::button_for_key(key) {
            Some(button) => {
                if !repeat {
                    self.queue.push_back(ButtonEvent { button, at: at_ms });
                }
                true
            }
            None => false,
        }
    }
}

impl ButtonSource for KeyboardMap {
    fn poll(&mut self) -> Option<ButtonEvent> {
        self.queue.pop_front()
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

/// For tables without LEDs.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLeds;

impl Leds for NoLeds {
    fn set(&mut self, _led: Led, _on: bool) {}
}

/// What the game is waiting for, as far as the buttons are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableContext {
    /// A roll is pending: the number of faces of the die (6 or 10).
    pub roll_wanted: Option<u8>,
    /// A chit draw is pending.
    pub draw_wanted: bool,
    pub dice: Mode,
    pub chits: Mode,
    /// A dialog with an OK button is open (keypad with a value, chit picked, ...).
    pub awaiting_confirm: bool,
}

impl TableContext {
    /// Nothing pending.
    pub fn idle(dice: Mode, chits: Mode) -> Self {
        TableContext {
            roll_wanted: None,
            draw_wanted: false,
            dice,
            chits,
            awaiting_confirm: false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Roll the digital dice for the pending roll.
    RollNow,
    /// Physical dice: open the keypad to enter what the tower showed.
    OpenKeypad,
    /// Draw from the digital cup.
    DrawNow,
    /// Physical cup: open the picker to say which chit came out.
    OpenChitPicker,
    EnterDieFace(u8),
    Confirm,
    Undo,
    /// Nothing to do for this press right now.
    Ignore,
}

/// What a press means given what the game waits for. Presses that would act on nothing (a
/// roll with no roll pending, a face larger than the die) are `Ignore`.
pub fn button_action(button: Button, ctx: &TableContext) -> Action {
    match button {
        Button::DiceTower => match (ctx.roll_wanted, ctx.dice) {
            (None, _) => Action::Ignore,
            (Some(_), Mode::Digital) => Action::RollNow,
            (Some(_), Mode::Physical) => Action::OpenKeypad,
        },
        Button::ChitCup => match (ctx.draw_wanted, ctx.chits) {
            (false, _) => Action::Ignore,
            (true, Mode::Digital) => Action::DrawNow,
            (true, Mode::Physical) => Action::OpenChitPicker,
        },
        Button::DieFace(n) => match ctx.roll_wanted {
            Some(faces) if ctx.dice == Mode::Physical && (1..=faces).contains(&n) => {
                Action::EnterDieFace(n)
            }
            _ => Action::Ignore,
        },
        Button::Confirm if ctx.awaiting_confirm => Action::Confirm,
        Button::Confirm => Action::Ignore,
        // The engine refuses to undo past a roll, a draw or a revealed secret.
        Button::Undo => Action::Undo,
    }
}

/// What the buttons and LEDs need to know of what the game waits for: the context, and whether
/// a player must act (a command or a choice; not a roll, a draw or the end of the game).
pub fn pending_context<O>(
    pending: &engine::core::protocol::Pending<O>,
    dice: Mode,
    chits: Mode,
) -> (TableContext, bool) {
    use engine::core::protocol::Pending;
    let mut ctx = TableContext::idle(dice, chits);
    match pending {
        Pending::Roll { dice, .. } => ctx.roll_wanted = Some(dice.sides),
        Pending::DrawChit { .. } => ctx.draw_wanted = true,
        _ => {}
    }
    let someone_acts = matches!(pending, Pending::Command { .. } | Pending::Choose { .. });
    (ctx, someone_acts)
}

/// Mirrors the context on the LEDs: "roll wanted" lights for a pending roll or draw.
pub fn update_leds(leds: &mut dyn Leds, ctx: &TableContext, your_turn: bool) {
    leds.set(
        Led::RollWanted,
        ctx.roll_wanted.is_some() || ctx.draw_wanted,
    );
    leds.set(Led::YourTurn, your_turn);
}

#[cfg(all(target_os = "linux", feature = "gpio"))]
pub use rpi::{GpioError, RppalLeds, RppalSource};

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
    fn keyboard_keys_map_to_buttons() {
        let k = KeyboardMap::button_for_key;
        assert_eq!(k("r"), Some(TOWER));
        assert_eq!(k("c"), Some(Button::ChitCup));
        assert_eq!(k("1"), Some(Button::DieFace(1)));
        assert_eq!(k("9"), Some(Button::DieFace(9)));
        assert_eq!(k("0"), Some(Button::DieFace(10)));
        assert_eq!(k("\n"), Some(Button::Confirm));
        assert_eq!(k("Enter"), Some(Button::Confirm));
        assert_eq!(k("\u{8}"), Some(Button::Undo));
        assert_eq!(k("Backspace"), Some(Button::Undo));
        assert_eq!(k("x"), None);
        assert_eq!(k(""), None);
        assert_eq!(k("12"), None);
        assert_eq!(k("é"), None);

        let mut kb = KeyboardMap::new();
        assert!(kb.key_pressed("r", false, 10));
        assert!(
            kb.key_pressed("r", true, 40),
            "auto-repeat is still the table's key"
        );
        assert!(!kb.key_pressed("q", false, 50));
        assert!(kb.key_pressed("0", false, 60));
        assert_eq!(
            presses(&mut kb),
            vec![press(TOWER, 10), press(Button::DieFace(10), 60)]
        );
    }

    #[test]
    fn a_press_with_nothing_pending_is_ignored() {
        for mode in [Mode::Digital, Mode::Physical] {
            let idle = TableContext::idle(mode, mode);
            for b in [TOWER, Button::ChitCup, Button::DieFace(3), Button::Confirm] {
                assert_eq!(button_action(b, &idle), Action::Ignore, "{b:?} in {mode:?}");
            }
        }
    }

    #[test]
    fn presses_map_to_actions() {
        let mut ctx = TableContext::idle(Mode::Digital, Mode::Physical);
        ctx.roll_wanted = Some(6);
        assert_eq!(button_action(TOWER, &ctx), Action::RollNow);
        assert_eq!(
            button_action(Button::DieFace(3), &ctx),
            Action::Ignore,
            "digital dice"
        );
        ctx.dice = Mode::Physical;
        assert_eq!(button_action(TOWER, &ctx), Action::OpenKeypad);
        assert_eq!(
            button_action(Button::DieFace(6), &ctx),
            Action::EnterDieFace(6)
        );
        assert_eq!(
            button_action(Button::DieFace(7), &ctx),
            Action::Ignore,
            "no 7 on a d6"
        );
        ctx.roll_wanted = Some(10);
        assert_eq!(
            button_action(Button::DieFace(10), &ctx),
            Action::EnterDieFace(10)
        );
        assert_eq!(
            button_action(Button::ChitCup, &ctx),
            Action::Ignore,
            "no draw pending"
        );

        let mut ctx = TableContext::idle(Mode::Digital, Mode::Digital);
        ctx.draw_wanted = true;
        assert_eq!(button_action(Button::ChitCup, &ctx), Action::DrawNow);
        ctx.chits = Mode::Physical;
        assert_eq!(button_action(Button::ChitCup, &ctx), Action::OpenChitPicker);
        ctx.awaiting_confirm = true;
        assert_eq!(button_action(Button::Confirm, &ctx), Action::Confirm);
        assert_eq!(button_action(Button::Undo, &ctx), Action::Undo);
    }

    #[test]
    fn a_bouncing_tower_rolls_once() {
        let mut ctx = TableContext::idle(Mode::Digital, Mode::Digital);
        ctx.roll_wanted = Some(6);
        let mut src = ScriptedSource::new(
            DEFAULT_DEBOUNCE_MS,
            [
                (1000, TOWER, P),
                (1004, TOWER, R),
                (1007, TOWER, P),
                (1010, TOWER, R),
                (1012, TOWER, P),
            ],
        );
        let actions: Vec<_> = presses(&mut src)
            .into_iter()
            .map(|p| button_action(p.button, &ctx))
            .collect();
        assert_eq!(actions, vec![Action::RollNow]);
    }

    /// What the buttons see of a real game: a roll is wanted when the engine asks for one.
    fn context_of(s: &session::Session) -> TableContext {
        let mut ctx = TableContext::idle(Mode::Digital, Mode::Digital);
        if let engine::core::protocol::Pending::Roll { dice, .. } = s.pending() {
            ctx.roll_wanted = Some(dice.sides);
        }
        ctx
    }

    /// Feeds the debounced presses of `src` to a real game the way the table does.
    fn press_all(src: &mut dyn ButtonSource, s: &mut session::Session) {
        for p in presses(src) {
            if button_action(p.button, &context_of(s)) == Action::RollNow {
                s.roll_digital().expect("a wanted roll is accepted");
            }
        }
    }

    #[test]
    fn a_bouncing_tower_makes_exactly_one_roll_in_a_real_game() {
        let data = ::tests::berlin85();
        let header = session::Header::new("unity", Default::default(), 7);
        let mut s =
            session::Session::new(data, header, Box::new(session::NullPersist)).expect("scenario");

        // Set-up waits for placements: a press (even a bouncing one) does nothing harmful.
        let before = postcard::to_allocvec(&s.game().state).expect("state");
        let mut src = ScriptedSource::new(
            DEFAULT_DEBOUNCE_MS,
            [
                (10, TOWER, P),
                (13, TOWER, R),
                (15, TOWER, P),
                (200, TOWER, R),
            ],
        );
        press_all(&mut src, &mut s);
        assert!(s.inputs().is_empty());
        assert_eq!(
            postcard::to_allocvec(&s.game().state).expect("state"),
            before
        );
        // Even a roll forced with nothing to roll is refused and changes nothing.
        assert!(s.roll_digital().is_err());
        assert_eq!(
            postcard::to_allocvec(&s.game().state).expect("state"),
            before
        );

        // Play on until the engine wants a roll (Honors of War, reinforcements ...).
        let mut agent = ::tests::RandomAgent::new(3);
        while !matches!(s.pending(), engine::core::protocol::Pending::Roll { .. }) {
            assert!(s.inputs().len() < 5_000, "no roll was ever wanted");
            // A refused candidate leaves the session unchanged; the next one is tried.
            let candidates = agent.candidates(s.game());
            let accepted = candidates.into_iter().any(|i| s.apply(i).is_ok());
            assert!(accepted, "the agent is stuck at {:?}", s.pending());
        }
        let n = s.inputs().len();
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
        press_all(&mut src, &mut s);
        assert_eq!(s.inputs().len(), n + 1, "one bouncing press, one roll");
        assert!(matches!(
            s.inputs().last(),
            Some(engine::core::protocol::Input::Rolled(_))
        ));
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
        let (ctx, acts) = pending_context(&roll, Mode::Digital, Mode::Digital);
        assert_eq!(
            (ctx.roll_wanted, ctx.draw_wanted, acts),
            (Some(6), false, false)
        );
        let command: Pending<()> = Pending::Command { player: Side::B };
        let (ctx, acts) = pending_context(&command, Mode::Digital, Mode::Digital);
        assert_eq!(
            (ctx.roll_wanted, ctx.draw_wanted, acts),
            (None, false, true)
        );
    }

    #[test]
    fn leds_follow_the_context() {
        #[derive(Default)]
        struct Record(Vec<(Led, bool)>);
        impl Leds for Record {
            fn set(&mut self, led: Led, on: bool) {
                self.0.push((led, on));
            }
        }
        let mut leds = Record::default();
        let mut ctx = TableContext::idle(Mode::Physical, Mode::Physical);
        update_leds(&mut leds, &ctx, true);
        ctx.draw_wanted = true;
        update_leds(&mut leds, &ctx, false);
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
}
