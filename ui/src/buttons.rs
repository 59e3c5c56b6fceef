//! The table's physical buttons, one type from the GPIO pins (or the keyboard) to the screen.
//!
//! A button names the hardware, never a meaning: what a press of the dice tower does (roll the
//! table's dice, or nothing while the keypad waits for real dice) is decided in one place, the
//! table's controller, from the game's own dice and chit modes (the save header) and what the
//! engine is waiting for. Presses from the GPIO thread reach the UI thread through Slint's event
//! loop as typed values ([`ButtonSender`]), not as integer codes through a callback.

use std::cell::RefCell;
use std::rc::Weak;

/// A button of the table (firmware/src/gpio.rs reads them from the pins; the keyboard stands in
/// for them on a desktop, see [`Button::for_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// The button at the foot of the dice tower.
    DiceTower,
    /// The button on the chit cup.
    ChitCup,
    /// A die-face button, 1..=10 (a d10's "0" is 10).
    DieFace(u8),
    Confirm,
    Undo,
}

impl Button {
    /// The keyboard's stand-ins on a machine without GPIO: `r` dice tower, `c` or `d` chit cup,
    /// `1`..`9` and `0` die faces 1..10, Enter confirm, `u` or Backspace undo. Takes Slint's key
    /// text (`"\n"`, `"\u{8}"`) or a key name.
    pub fn for_key(key: &str) -> Option<Button> {
        Some(match key {
            "r" | "R" => Button::DiceTower,
            "c" | "C" | "d" | "D" => Button::ChitCup,
            "\n" | "\r" | "Enter" | "Return" => Button::Confirm,
            "u" | "U" | "\u{8}" | "\u{7f}" | "Backspace" => Button::Undo,
            "0" => Button::DieFace(10),
            _ => match key.as_bytes() {
                [d @ b'1'..=b'9'] => Button::DieFace(d - b'0'),
                _ => return None,
            },
        })
    }
}

/// Whoever takes presses on the UI thread (the table's controller).
pub(crate) trait ButtonTarget {
    fn press(&self, b: Button);
}

thread_local! {
    /// The table on this (the UI) thread that button presses go to. Set by `Table::new`; the
    /// GPIO thread cannot hold the table itself (it is not `Send`), so a press travels as a
    /// plain value and finds the table here.
    static TARGET: RefCell<Option<Weak<dyn ButtonTarget>>> = const { RefCell::new(None) };
}

pub(crate) fn set_target(target: Weak<dyn ButtonTarget>) {
    TARGET.with(|t| *t.borrow_mut() = Some(target));
}

/// Sends button presses to the UI thread; `Send`, so the GPIO thread can own one.
#[derive(Clone, Copy, Debug, Default)]
pub struct ButtonSender;

impl ButtonSender {
    /// Queues a press on the event loop; false once the event loop has stopped. A press that
    /// arrives when no table is open is dropped there.
    pub fn send(&self, b: Button) -> bool {
        slint::invoke_from_event_loop(move || {
            let target = TARGET.with(|t| t.borrow().as_ref().and_then(Weak::upgrade));
            if let Some(target) = target {
                target.press(b);
            }
        })
        .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::Button;

    #[test]
    fn keys_stand_in_for_every_button() {
        assert_eq!(Button::for_key("r"), Some(Button::DiceTower));
        assert_eq!(Button::for_key("D"), Some(Button::ChitCup));
        assert_eq!(Button::for_key("\n"), Some(Button::Confirm));
        assert_eq!(Button::for_key("Backspace"), Some(Button::Undo));
        assert_eq!(Button::for_key("u"), Some(Button::Undo));
        assert_eq!(Button::for_key("7"), Some(Button::DieFace(7)));
        // A d10 face of 0 is the die's tenth face.
        assert_eq!(Button::for_key("0"), Some(Button::DieFace(10)));
        assert_eq!(Button::for_key("x"), None);
        assert_eq!(Button::for_key("12"), None);
    }
}
