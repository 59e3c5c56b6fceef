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
    // Anti-aliasing may round differently on another CPU (SSE on x86, NEON on the Pi, and the
    // aarch64 tests run under qemu): a channel within 16 counts as equal, and a few dozen
    // edge pixels may differ further. One hex redrawn in another colour changes ~1,500.
    let differing = shown
        .data()
        .chunks(4)
        .zip(pm.data().chunks(4))
        .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 16))
        .count();
    assert!(
        differing <= 50,
        "docs/berlin85-map.png is out of date: {differing} pixels differ; run \
         `cargo run -p data --bin render_map -- docs/berlin85-map.png 24`"
    );
}
