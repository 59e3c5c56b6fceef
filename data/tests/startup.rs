//! Start-up cost of the two ways the program can get its data, measured (not asserted) on the
//! default 2 MiB test-thread stack, which also proves neither path needs a big stack.
//! `cargo test -p data --release --test startup -- --nocapture` prints the figures.
use std::time::Instant;

fn time<T>(what: &str, runs: u32, mut f: impl FnMut() -> T) -> T {
    let mut out = f();
    let start = Instant::now();
    for _ in 0..runs {
        out = f();
    }
    let per = start.elapsed() / runs;
    println!("startup: {what}: {per:?} per run ({runs} runs)");
    out
}

#[test]
fn startup_cost() {
    let blob = data::builtin_blob();
    println!("startup: built-in blob: {} bytes", blob.len());
    let decoded = time("decode_blob(builtin_blob())", 20, || {
        data::decode_blob(blob)
    });
    let loaded = time("load_builtin (parse + check the text)", 5, || {
        data::load_builtin(data::BERLIN85)
    });
    let (Ok(decoded), Ok(loaded)) = (decoded, loaded) else {
        panic!("the built-in data does not load yet");
    };
    assert!(*decoded == *loaded);
    println!(
        "startup: GameData is {} bytes in memory",
        std::mem::size_of::<engine::berlin85::data::GameData>()
    );
}
