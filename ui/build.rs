//! Compiles the Slint screens. Debug info is always on: the headless UI tests find elements by
//! their accessible labels, which needs it, and it costs the table nothing noticeable.

fn main() {
    let config = slint_build::CompilerConfiguration::new().with_debug_info(true);
    if let Err(e) = slint_build::compile_with_config("ui/app.slint", config) {
        println!("cargo:warning=Slint compilation failed: {e}");
        std::process::exit(1);
    }
}
