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

/// Whether a dashed sheet edge is drawn along hexside `d` of `hex` (the purple of the edge on
/// some pixel along it).
fn sheet_edge_along(hex: &str, d: engine::core::hex::Dir) -> bool {
    let d_ = gates::load_builtin().expect("loads");
    let scale = 16.0;
    let pm = data::render::gates::render_gates(&d_, scale, &[]);
    let layout = data::render::Layout::new(d_.map.geometry, scale);
    let ((ax, ay), (bx, by)) = layout.side(engine::core::hex::parse_hex(hex).expect("hex"), d);
    (0..=20).any(|i| {
        let t = i as f32 / 20.0;
        let (x, y) = (ax + (bx - ax) * t, ay + (by - ay) * t);
        pm.pixel(x as u32, y as u32).is_some_and(|p| {
            let (r, g, b) = (p.red(), p.green(), p.blue());
            b > 120 && r > 80 && g < 60
        })
    })
}

// 1.2 (stand-in layout in game.toml): the four sheets meet at column 40|41 and row 40|41; the
// picture shows where, so players find a sheet on the table as on the printed maps.
#[test]
fn render_gates_draws_the_sheet_edges() {
    use engine::core::hex::Dir;
    assert!(
        sheet_edge_along("40.20", Dir::DownHigherCol),
        "east edge of the west sheets"
    );
    assert!(
        sheet_edge_along("20.40", Dir::Up),
        "south edge of the north sheets (row 41 is Up)"
    );
    assert!(
        !sheet_edge_along("20.20", Dir::DownHigherCol),
        "inside a sheet"
    );
    assert!(!sheet_edge_along("20.20", Dir::Up), "inside a sheet");
}
