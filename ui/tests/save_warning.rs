//! A failed save on the table: the game goes on, the warning over the map says how many moves
//! are not yet safe and stays until the whole game is saved again — by the next move or by the
//! retry timer when nobody moves.

mod common;

use common::*;
use slint::ComponentHandle;
use std::cell::Cell;
use std::io;
use std::rc::Rc;
use ui::session::{Header, MemoryPersist, Persist};
use ui::{Table, UiConfig};

/// Saves into memory, but every write fails while `full` is above zero (counted down per
/// failed write): a full SD card.
#[derive(Clone, Default)]
struct FullCard {
    store: MemoryPersist,
    full: Rc<Cell<u32>>,
}

impl FullCard {
    fn write(&self) -> io::Result<()> {
        match self.full.get() {
            0 => Ok(()),
            n => {
                self.full.set(n - 1);
                Err(io::Error::other("No space left on device"))
            }
        }
    }
}

impl Persist for FullCard {
    fn begin(&mut self, header: &Header) -> io::Result<()> {
        self.store.begin(header)
    }
    fn append(&mut self, input_bytes: &[u8]) -> io::Result<()> {
        self.write()?;
        self.store.append(input_bytes)
    }
    fn truncate(&mut self, len: usize) -> io::Result<()> {
        self.write()?;
        self.store.truncate(len)
    }
    fn rewrite(&mut self, header: &Header, inputs: &[Vec<u8>]) -> io::Result<()> {
        self.write()?;
        self.store.rewrite(header, inputs)
    }
    fn snapshot(&mut self, inputs: usize, state_bytes: &[u8]) -> io::Result<()> {
        self.store.snapshot(inputs, state_bytes)
    }
}

fn warning(t: &Table) -> String {
    t.window()
        .global::<ui::View>()
        .get_save_warning()
        .to_string()
}

#[test]
fn a_full_card_is_shown_until_every_move_is_saved_again() {
    init();
    let data = ui::builtin_data().expect("built-in data");
    let card = FullCard::default();
    let config = UiConfig {
        seed: Some(85),
        seats: ui::Seats::Same,
        scenario: Some("unity".into()),
        ..UiConfig::default()
    };
    let t = Table::new(config, data, Box::new(card.clone()), None, "software").expect("window");
    t.window()
        .window()
        .set_size(slint::LogicalSize::new(1280.0, 800.0));
    t.window().show().expect("show");
    let w = t.window();
    tap(w, "Set up");
    assert_eq!(warning(&t), "", "nothing failed yet");

    // The card is full while Auto-place places the Pact's units.
    card.full.set(u32::MAX);
    tap(w, "Auto-place");
    let shown = warning(&t);
    assert!(
        shown.contains("not yet safe") && shown.contains("No space left"),
        "the warning says what failed and what is at risk: {shown}"
    );
    let played = t.with_session(|s| s.expect("a game").inputs().len());
    let saved = card.store.0.borrow().inputs.len();
    assert!(
        saved < played,
        "some moves are not on the card ({saved} of {played})"
    );
    let unsaved = played - saved;
    assert!(
        shown.contains(&format!("{unsaved} moves are not yet safe")),
        "the count of moves at risk: {shown}"
    );
    // Every placement after the failed one tried to save the whole game again.
    assert_eq!(u32::MAX - card.full.get(), unsaved as u32);
    assert_eq!(
        card.store.0.borrow().inputs.len(),
        saved,
        "nothing after a missing move"
    );
    card.full.set(0);
    // Space is back: nobody moves, the retry timer saves the whole game and the warning goes.
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(6));
    assert_eq!(
        warning(&t),
        "",
        "the warning stays only while moves are unsaved"
    );
    let saved = card.store.0.borrow().inputs.len();
    assert_eq!(saved, played, "every move is on the card again, in order");
    let journal: Vec<Vec<u8>> = t.with_session(|s| {
        s.expect("a game")
            .inputs()
            .iter()
            .map(|i| ui::session::encode_input(i).expect("encodes"))
            .collect()
    });
    assert_eq!(card.store.0.borrow().inputs, journal);
}
