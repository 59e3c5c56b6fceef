//! The map picture renders from any data set without panicking and has the expected shape.
mod common;

use common::*;

#[test]
fn tiny_map_renders() {
    let files = tiny();
    let d = data::load_files(&files).expect("fixture loads");
    let labels = data::labels(&files, &d);
    assert_eq!(labels.len(), 1);
    let pm = data::render::render_map_with_labels(&d, 40.0, &labels);
    let layout = data::render::Layout::new(d.map.geometry, 40.0);
    assert_eq!((pm.width(), pm.height()), layout.size());
    // The lake hex 0405 is drawn in the lake colour at its centre.
    let (x, y) = layout.center(engine::core::hex::HexId::new(4, 5));
    let p = pm.pixel(x as u32 + 6, y as u32 + 6).expect("inside");
    assert!(p.blue() > p.red(), "lake is blue: {p:?}");
    if let Ok(dir) = std::env::var("RENDER_OUT") {
        let _ = pm.save_png(std::path::Path::new(&dir).join("tiny.png"));
    }
}

#[test]
fn extreme_scales_do_not_panic() {
    let d = data::load_files(&tiny()).expect("fixture loads");
    for s in [0.0, -3.0, f32::NAN, f32::INFINITY, 1e9] {
        let pm = data::render::render_map(&d, s);
        assert!(pm.width() >= 1 && pm.height() >= 1);
    }
}
