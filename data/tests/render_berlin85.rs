//! The picture of the built-in map, `docs/berlin85-map.png`, is what the renderer draws from
//! the built-in data today (regenerate it with the command in docs/data.md when this fails).
mod common;

/// Pixels per hex radius of the picture in docs (the `render_map` default; docs/data.md).
const DOCS_SCALE: f32 = 24.0;

#[test]
fn render_berlin85_map_matches_docs_png() {
    let files = data::builtin_files(data::BERLIN85).expect("built in");
    let d = data::load_files(&files).expect("built-in data loads");
    let labels = data::labels(&files, &d);
    let pm = data::render::render_map_with_labels(&d, DOCS_SCALE, &labels);
    let layout = data::render::Layout::new(d.map.geometry, DOCS_SCALE);
    assert_eq!((pm.width(), pm.height()), layout.size());
    common::assert_matches_docs_png(
        &pm,
        "berlin85-map.png",
        "cargo run -p data --bin render_map -- docs/berlin85-map.png 24",
    );
}
