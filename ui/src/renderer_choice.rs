//! Which renderer "auto" means on this machine. FemtoVG draws with OpenGL: on a real GPU (the
//! Pi's VideoCore) that is the fast one, but where OpenGL is itself a software rasteriser
//! (Mesa's llvmpipe, softpipe or swrast: no GPU, a VM, Xvfb) Slint's own software renderer is
//! several times faster and a fifth of the memory (measured by `ui/examples/frame_bench.rs`;
//! see docs/deploy.md, "Which renderer").

use std::path::Path;

/// Why OpenGL on this machine would be a software rasteriser, if it would: then "auto" picks
/// the software renderer. `env` reads an environment variable; `dri` is the `/dev/dri`
/// directory (render nodes `renderD*` exist only where a GPU driver is loaded).
pub fn software_opengl(env: &dyn Fn(&str) -> Option<String>, dri: &Path) -> Option<String> {
    if let Some(v) = env("LIBGL_ALWAYS_SOFTWARE").filter(|v| !v.is_empty() && v != "0") {
        return Some(format!(
            "LIBGL_ALWAYS_SOFTWARE={v} forces Mesa's software OpenGL"
        ));
    }
    if let Some(d) =
        env("GALLIUM_DRIVER").filter(|d| matches!(d.as_str(), "llvmpipe" | "softpipe" | "swrast"))
    {
        return Some(format!("GALLIUM_DRIVER={d} is a software rasteriser"));
    }
    if !cfg!(target_os = "linux") {
        return None;
    }
    let has_render_node = std::fs::read_dir(dri).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with("renderD"))
    });
    (!has_render_node).then(|| {
        format!(
            "no GPU render node in {}: OpenGL would be Mesa's llvmpipe",
            dri.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn forced_software_opengl_picks_the_software_renderer() {
        let env = |k: &str| (k == "LIBGL_ALWAYS_SOFTWARE").then(|| "1".to_string());
        assert!(software_opengl(&env, Path::new("/nonexistent")).is_some());
        let env = |k: &str| (k == "GALLIUM_DRIVER").then(|| "llvmpipe".to_string());
        assert!(software_opengl(&env, Path::new("/nonexistent")).is_some());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_render_node_means_a_gpu_and_none_means_llvmpipe() {
        let dir = std::env::temp_dir().join(format!("bt-dri-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("card0"), b"").unwrap();
        let why = software_opengl(&none, &dir).expect("a display without a GPU");
        assert!(why.contains("llvmpipe"), "{why}");
        std::fs::write(dir.join("renderD128"), b"").unwrap();
        assert_eq!(software_opengl(&none, &dir), None, "a GPU: FemtoVG");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
