//! The picture of Fortress Berlin's built-in map, `docs/fortress-berlin-map.png`, is what the
//! shared renderer draws from the built-in data today (regenerate it with
//! `cargo run -p data --bin render_map -- --game fortress-berlin` when this fails).
mod common;
use data::fortress;

const DOCS_SCALE: f32 = 24.0;

#[test]
fn render_fortress_berlin_map_matches_docs_png() {
    let files = fortress::builtin_files();
    let d = fortress::load_files(&files).expect("built-in data loads");
    let labels = fortress::labels(&files, &d);
    assert!(
        labels.iter().any(|l| l.text == "Havel"),
        "rivers are named on the map"
    );
    let pm = data::render::fortress::render_fortress(&d, DOCS_SCALE, &labels);
    let layout = data::render::Layout::new(d.map.geometry, DOCS_SCALE);
    assert_eq!((pm.width(), pm.height()), layout.size());
    common::assert_matches_docs_png(
        &pm,
        "fortress-berlin-map.png",
        "cargo run -p data --bin render_map -- --game fortress-berlin",
    );
}

#[test]
fn render_fortress_draws_the_reichstag_and_the_perimeter() {
    let files = fortress::builtin_files();
    let d = fortress::load_files(&files).expect("loads");
    let pm = data::render::fortress::render_fortress(&d, 12.0, &[]);
    let layout = data::render::Layout::new(d.map.geometry, 12.0);
    let px = |h: &str| {
        let (x, y) = layout.center(engine::core::hex::parse_hex(h).expect("hex"));
        let p = pm.pixel(x as u32 + 4, y as u32 + 4).expect("pixel");
        (p.red(), p.green(), p.blue())
    };
    // A major building is darker than the built-up hexes beside it, and the lake is blue.
    let (mr, _, _) = px("5015");
    let (br, _, _) = px("5314");
    assert!(mr < br, "Reichstag {mr} vs built-up {br}");
    let (lr, _, lb) = px("1723");
    assert!(lb > lr, "the Havel lakes are blue");
}
