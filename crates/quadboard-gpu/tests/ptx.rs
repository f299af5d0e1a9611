//! The kernels compile to PTX with NVRTC, where NVRTC can be loaded: from the folder named
//! by `QUADBOARD_NVRTC_LIB`, else from the PyPI wheel `nvidia-cuda-nvrtc` installed in the
//! virtual environment `target/nvrtc-venv` (`.ci/run` makes it). Without either the test
//! skips with one line on stderr, except under `CI=true`, where it fails.

use std::path::{Path, PathBuf};

/// The folder holding `libnvrtc.so.*`, if any.
fn nvrtc_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("QUADBOARD_NVRTC_LIB") {
        return Some(PathBuf::from(dir));
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let lib = target.join("nvrtc-venv/lib");
    for python in std::fs::read_dir(&lib).ok()?.flatten() {
        for cuda in ["cu13", "cuda_nvrtc"] {
            let dir = python
                .path()
                .join("site-packages/nvidia")
                .join(cuda)
                .join("lib");
            if dir.is_dir() {
                return Some(dir);
            }
        }
    }
    None
}

/// Loads NVRTC and its builtins from `dir` by path, so that cudarc's load by name finds
/// them already in the process (the loader matches loaded libraries by their soname).
fn preload(dir: &Path) -> Result<(), String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("libnvrtc"))
        })
        .collect();
    // The builtins first: NVRTC opens them by name when it compiles.
    names.sort_by_key(|path| !path.to_string_lossy().contains("builtins"));
    if names.is_empty() {
        return Err(format!("no libnvrtc in {}", dir.display()));
    }
    for path in names {
        // SAFETY: NVRTC's own libraries, loaded once and kept for the life of the test.
        let library = unsafe { libloading::Library::new(&path) }
            .map_err(|e| format!("{}: {e}", path.display()))?;
        std::mem::forget(library);
    }
    Ok(())
}

#[test]
fn kernels_compile_to_ptx() {
    let Some(dir) = nvrtc_dir() else {
        let message = "NVRTC not found (QUADBOARD_NVRTC_LIB or target/nvrtc-venv)";
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "{message} under CI=true"
        );
        eprintln!("skipping: {message}");
        return;
    };
    preload(&dir).unwrap();
    let ptx = quadboard_gpu::compile_ptx(Some("compute_90")).unwrap();
    for kernel in [
        "qb_prepare",
        "qb_expand",
        "qb_leaves",
        "qb_fused_2",
        "qb_fused_first_2",
        "qb_reduce",
        "qb_init_tables",
    ] {
        assert!(
            ptx.contains(&format!(".entry {kernel}(")),
            "kernel {kernel} missing from the PTX"
        );
    }
    assert!(ptx.contains(".target sm_90"), "PTX not for compute_90");
    // For reading register use and spills with ptxas (docs/gpu.md: tuning).
    if let Some(path) = std::env::var_os("QUADBOARD_PTX_OUT") {
        std::fs::write(path, &ptx).unwrap();
    }
}

#[test]
fn without_a_device_the_error_says_so() {
    // On a machine with a GPU this opens it; without one the answer is an error, no panic.
    match quadboard_gpu::Gpu::new(quadboard_gpu::GpuOptions::default()) {
        Ok(gpu) => eprintln!("device: {}", gpu.name()),
        Err(e) => {
            let text = e.to_string();
            assert!(
                text.starts_with("no CUDA device (")
                    || text.starts_with("CUDA kernels did not compile ("),
                "{text}"
            );
        }
    }
}

#[test]
fn options_out_of_range_are_errors() {
    let base = quadboard_gpu::GpuOptions::default();
    for options in [
        quadboard_gpu::GpuOptions {
            device_plies: Some(0),
            ..base
        },
        quadboard_gpu::GpuOptions {
            device_plies: Some(quadboard_gpu::DEVICE_PLIES_MAX + 1),
            ..base
        },
        quadboard_gpu::GpuOptions {
            level_bytes: Some(1 << 20),
            ..base
        },
    ] {
        let Err(quadboard_gpu::GpuError::Options(reason)) = quadboard_gpu::Gpu::new(options) else {
            panic!("{options:?} accepted");
        };
        assert!(
            reason.contains("device plies") || reason.contains("levels"),
            "{reason}"
        );
        assert!(quadboard_gpu::Emulator::new(options).is_err());
    }
}
