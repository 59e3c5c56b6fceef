//! Saved Fortress Berlin games on the card, read back as Fortress Berlin.

use super::*;
use engine::core::contract::Ruleset;
use engine::core::protocol::Input;
use session::fortress::Fortress;
use session::ruleset::Berlin85;
use session::Session;

/// A Fortress Berlin game cut off by a power failure comes back as Fortress Berlin: the
/// card names its game, Berlin '85 does not read its journal, and the inputs are all there.
#[test]
fn a_fortress_berlin_journal_is_read_as_fortress_berlin() {
    let dir = std::env::temp_dir().join(format!("berlin-table-fb-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = session::fortress::builtin_data().expect("data");
    let options = <Fortress as Ruleset<'static>>::default_options();
    let header = Header::for_game::<Fortress>("full-game", &options, 7);
    let persist = DiskPersist::new(SaveDir::open(&dir).expect("save dir"));
    let mut s = Session::<Fortress>::new(data, header, Box::new(persist)).expect("game");
    // The set-up's Volkssturm draws (13.6), then the German set-up by random placement.
    while matches!(
        s.pending(),
        engine::core::protocol::Pending::DrawChit { .. }
    ) {
        s.apply(Input::Drew(0)).expect("drawn");
    }
    s.auto_place().expect("placed");
    let played = s.inputs().to_vec();
    assert!(
        played.len() > 10,
        "a game under way: {} inputs",
        played.len()
    );
    drop(s);
    let saves = SaveDir::open(&dir).expect("reopen");
    assert_eq!(saved_game_id(&saves).as_deref(), Some("fortress-berlin"));
    assert!(
        saved_game::<Berlin85, _>(&saves).is_none(),
        "Berlin '85 does not decode another game's inputs"
    );
    let r = saved_game::<Fortress, _>(&saves).expect("the Fortress Berlin game");
    assert_eq!(r.inputs, played, "every input comes back");
    let (back, report) = Session::<Fortress>::resume(
        data,
        r.header,
        r.inputs,
        r.snapshot,
        Box::new(session::NullPersist),
    )
    .expect("resumed");
    assert_eq!(report.dropped, 0);
    assert_eq!(back.inputs(), &played[..]);
    let _ = std::fs::remove_dir_all(&dir);
}
