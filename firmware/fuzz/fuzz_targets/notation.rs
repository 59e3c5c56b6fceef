//! Arbitrary text as Berlin '85 notation against the built-in data: every line is read or
//! refused with an error, never a panic; a line that reads prints back to text that reads as
//! the same input.
#![no_main]

use engine::berlin85::{notation, GameData};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn data() -> &'static GameData {
    static DATA: OnceLock<&'static GameData> = OnceLock::new();
    DATA.get_or_init(|| {
        let d = data::load_builtin("berlin85").expect("the built-in data loads");
        Box::leak(d)
    })
}

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let data = data();
    for line in text.lines() {
        match notation::parse_input(data, line) {
            Ok(Some(input)) => {
                let printed = notation::format_input(data, &input);
                let again = notation::parse_input(data, &printed);
                assert_eq!(again, Ok(Some(input)), "'{line}' printed as '{printed}'");
            }
            Ok(None) => {}
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    for (n, item) in notation::parse_script_with(data, &text) {
        assert!(n >= 1);
        let _ = item;
    }
    for (_, item) in notation::parse_script(&text) {
        let _ = item;
    }
});
