//! The picture of the Gates map, `docs/gates-map.png`, is what the shared renderer draws from
//! the built-in data today (regenerate it with `cargo run -p data --bin render_map -- --game
//! gates` when this fails).
mod common;
use data::gates;

#[test]
fn render_gates_map_matches_docs_png() {
    let d = gates::load_builtin().expect("built-in data loads");
    assert!(
        d.labels.iter().any(|l| l.text == "HAVEL"),
        "rivers are named"
    );
    let pm = data::render::gates::render_gates(&d, gates::DOCS_SCALE, &d.labels);
    let layout = data::render::Layout::new(d.map.geometry, gates::DOCS_SCALE);
    assert_eq!((pm.width(), pm.height()), layout.size());
    common::assert_matches_docs_png(
        &pm,
        "gates-map.png",
        "cargo run -p data --bin render_map -- --game gates",
    );
}

#[test]
fn render_gates_draws_lakes_blue_and_woods_green() {
    let d = gates::load_builtin().expect("loads");
    let pm = data::render::gates::render_gates(&d, 8.0, &[]);
    let layout = data::render::Layout::new(d.map.geometry, 8.0);
    let px = |h: &str| {
        let (x, y) = layout.center(engine::core::hex::parse_hex(h).expect("hex"));
        let p = pm.pixel(x as u32 + 3, y as u32 + 3).expect("pixel");
        (p.red(), p.green(), p.blue())
    };
    let (lr, _, lb) = px("73.46"); // the Mueggelsee
    assert!(lb > lr, "lakes are blue");
    let (wr, wg, _) = px("28.40"); // the Grunewald
    assert!(wg > wr, "woods are green");
}
