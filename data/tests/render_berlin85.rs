//! The picture of the built-in map, `docs/berlin85-map.png`, is what the renderer draws from
//! the built-in data today (regenerate it with the command in docs/data.md when this fails).
use std::path::Path;

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
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        let _ = pm.save_png(Path::new(&dir).join("berlin85-map.png"));
    }
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/berlin85-map.png");
    let bytes = std::fs::read(&docs).expect("docs/berlin85-map.png exists");
    let shown = tiny_skia::Pixmap::decode_png(&bytes).expect("docs/berlin85-map.png is a PNG");
    assert_eq!(
        (shown.width(), shown.height()),
        (pm.width(), pm.height()),
        "docs/berlin85-map.png was drawn at another scale or from another map"
    );
    let differing = shown
        .data()
        .chunks(4)
        .zip(pm.data().chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(
        differing, 0,
        "docs/berlin85-map.png is out of date: {differing} pixels differ; run \
         `cargo run -p data --bin render_map -- docs/berlin85-map.png 24`"
    );
}
