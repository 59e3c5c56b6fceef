//! Arbitrary text as *Gates* notation against the built-in data (`engine::gates::game::notation`,
//! the lines `berlin-table --game gates play --script` reads): every line is read or refused
//! with an error, never a panic; a line that reads prints back to text that reads as the same
//! input.
#![no_main]

use engine::gates::game::{notation, GatesData};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn data() -> &'static GatesData {
    static DATA: OnceLock<&'static GatesData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::gates::load_game_builtin().expect("the built-in Gates data loads");
        Box::leak(d)
    })
}

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let data = data();
    for line in text.lines() {
        match notation::read(data, line) {
            Ok(Some(input)) => {
                let mut printed = String::new();
                notation::write(data, &input, &mut printed).expect("printable");
                let again = notation::read(data, &printed);
                assert_eq!(again, Ok(Some(input)), "'{line}' printed as '{printed}'");
            }
            Ok(None) => {}
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
});
