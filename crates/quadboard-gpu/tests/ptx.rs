//! The kernels compile to PTX with NVRTC, where NVRTC can be loaded: from the folder named
//! by `QUADBOARD_NVRTC_LIB`, else from the PyPI wheel `nvidia-cuda-nvrtc` installed in the
//! virtual environment `target/nvrtc-venv` (`.ci/run` makes it). Without either the test
//! skips with one line on stderr, except under `CI=true`, where it fails. The same holds
//! for `ptxas` (`QUADBOARD_PTXAS`, else the `nvidia-cuda-nvcc` wheel's, beside NVRTC in
//! that environment), which checks that the default fused kernel spills no more than
//! measured.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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

/// Says why a test cannot run: one line on stderr, or a failure under `CI=true`.
fn skip(message: &str) {
    assert!(
        std::env::var("CI").map_or(true, |v| v != "true"),
        "{message} under CI=true"
    );
    eprintln!("skipping: {message}");
}

/// The kernels' PTX for `compute_90`, compiled once for the tests of this file; None
/// (after saying so) where NVRTC is absent.
fn ptx() -> Option<&'static str> {
    static PTX: OnceLock<Option<String>> = OnceLock::new();
    let ptx = PTX.get_or_init(|| {
        let dir = nvrtc_dir()?;
        preload(&dir).unwrap();
        Some(quadboard_gpu::compile_ptx(Some("compute_90")).unwrap())
    });
    if ptx.is_none() {
        skip("NVRTC not found (QUADBOARD_NVRTC_LIB or target/nvrtc-venv)");
    }
    ptx.as_deref()
}

#[test]
fn kernels_compile_to_ptx() {
    let Some(ptx) = ptx() else { return };
    for kernel in [
        "qb_prepare",
        "qb_expand",
        "qb_leaves",
        "qb_fused_2",
        "qb_fused_first_2",
        "qb_reduce",
        "qb_init_tables",
        "qb_check_tables",
    ] {
        assert!(
            ptx.contains(&format!(".entry {kernel}(")),
            "kernel {kernel} missing from the PTX"
        );
    }
    assert!(ptx.contains(".target sm_90"), "PTX not for compute_90");
    // The slider magics are read with 16-byte loads, which fault on the device at an
    // address that is not 16-aligned.
    assert!(
        ptx.contains(".global .align 32 .b8 qb_tables["),
        "the tables are not 32-aligned"
    );
    // For reading register use and spills with ptxas (docs/gpu.md: tuning).
    if let Some(path) = std::env::var_os("QUADBOARD_PTX_OUT") {
        std::fs::write(path, ptx).unwrap();
    }
}

/// The default fused kernel (`qb_fused_<FUSED_BLOCKS>` of src/device.rs) and the spill
/// stores and loads in bytes that `ptxas -arch=sm_90 -O3 -v` of CUDA 13.5.37 reported for
/// it when its hot loop was last made smaller (docs/log/2026-12-01-gpu-hot-loop.md).
const DEFAULT_FUSED: &str = "qb_fused_4";
const SPILL_STORES_MAX: u32 = 180;
const SPILL_LOADS_MAX: u32 = 260;

/// `ptxas` from `QUADBOARD_PTXAS`, else from the `nvidia-cuda-nvcc` wheel (`bin/` beside
/// the NVRTC wheel's `lib/`).
fn ptxas() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("QUADBOARD_PTXAS") {
        return Some(PathBuf::from(path));
    }
    let path = nvrtc_dir()?.parent()?.join("bin/ptxas");
    path.is_file().then_some(path)
}

/// The spill stores and loads (bytes) that `ptxas -v` reports for `kernel` in `log`.
fn spills(log: &str, kernel: &str) -> Option<(u32, u32)> {
    let header = format!("Function properties for {kernel}\n");
    let rest = &log[log.find(&header)? + header.len()..];
    let line = rest.lines().next()?;
    let bytes_before = |what: &str| -> Option<u32> {
        let head = &line[..line.find(what)?];
        head.rsplit(|c: char| !c.is_ascii_digit())
            .find(|word| !word.is_empty())?
            .parse()
            .ok()
    };
    Some((
        bytes_before(" bytes spill stores")?,
        bytes_before(" bytes spill loads")?,
    ))
}

#[test]
fn ptxas_log_is_read() {
    let log = "ptxas info    : Function properties for qb_fused_4\n    \
               640 bytes stack frame, 132 bytes spill stores, 212 bytes spill loads\n";
    assert_eq!(spills(log, "qb_fused_4"), Some((132, 212)));
    assert_eq!(spills(log, "qb_fused_3"), None);
}

#[test]
fn default_fused_kernel_spills_no_more_than_measured() {
    let Some(ptx) = ptx() else { return };
    let Some(ptxas) = ptxas() else {
        skip(
            "ptxas not found (QUADBOARD_PTXAS or the nvidia-cuda-nvcc wheel in target/nvrtc-venv)",
        );
        return;
    };
    let dir = std::env::temp_dir().join(format!("quadboard-gpu-ptxas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (source, cubin) = (dir.join("kernels.ptx"), dir.join("kernels.cubin"));
    std::fs::write(&source, ptx).unwrap();
    let out = std::process::Command::new(&ptxas)
        // That kernel alone (-e): a sixth of the time of the whole module.
        .args(["-arch=sm_90", "-O3", "-v", "-e", DEFAULT_FUSED])
        .arg(&source)
        .arg("-o")
        .arg(&cubin)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", ptxas.display()));
    let _ = std::fs::remove_dir_all(&dir);
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "ptxas failed:\n{log}");
    let (stores, loads) = spills(&log, DEFAULT_FUSED)
        .unwrap_or_else(|| panic!("no spill line for {DEFAULT_FUSED} in:\n{log}"));
    assert!(
        stores <= SPILL_STORES_MAX && loads <= SPILL_LOADS_MAX,
        "{DEFAULT_FUSED} spills {stores}/{loads} bytes (stores/loads), more than the \
         {SPILL_STORES_MAX}/{SPILL_LOADS_MAX} measured: see docs/log/2026-12-01-gpu-hot-loop.md"
    );
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
