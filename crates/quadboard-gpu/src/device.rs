//! The GPU driver: loading CUDA, compiling the kernels with NVRTC, expanding on the host,
//! launching and summing.

use std::fmt;
use std::sync::Arc;

use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg,
};
use cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions};
use quadboard_chess::{Color, Move, Position};

use crate::{kernel_source, GpuPosition};

/// The deepest count one GPU thread makes (kernels `qb_perft_1` to `qb_perft_4`).
pub const KERNEL_DEPTH_MAX: u32 = 4;

/// Threads per block of every launch.
const BLOCK: u32 = 256;

/// Why the GPU path cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuError {
    /// The CUDA driver library does not load or finds no device; the reason says which.
    NoDevice(String),
    /// NVRTC does not load or the kernels do not compile; the reason holds its log.
    Compile(String),
    /// A driver call failed after the device was found.
    Driver(String),
    /// The options are out of range; the reason names the option.
    Options(String),
    /// The position has more than 16 pieces of one colour (a lenient setup): the kernels'
    /// move lists are sized for at most 16.
    TooManyPieces,
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoDevice(reason) => write!(f, "no CUDA device ({reason})"),
            GpuError::Compile(reason) => write!(f, "CUDA kernels did not compile ({reason})"),
            GpuError::Driver(reason) => write!(f, "CUDA error ({reason})"),
            GpuError::Options(reason) => write!(f, "bad GPU option ({reason})"),
            GpuError::TooManyPieces => f.write_str(
                "more than 16 pieces of one colour: the GPU path counts positions with at most 16 a side",
            ),
        }
    }
}

impl std::error::Error for GpuError {}

fn driver(e: cudarc::driver::DriverError) -> GpuError {
    GpuError::Driver(e.to_string())
}

/// How the work is split between host and device.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GpuOptions {
    /// Plies each GPU thread counts (1 to [`KERNEL_DEPTH_MAX`]); the host expands the rest.
    pub kernel_depth: u32,
    /// Positions per launch; host and device each hold one batch of 48-byte positions.
    pub batch: usize,
}

impl Default for GpuOptions {
    /// Three plies per thread, batches of 2^21 positions (96 MiB on each side).
    fn default() -> GpuOptions {
        GpuOptions {
            kernel_depth: 3,
            batch: 1 << 21,
        }
    }
}

/// Finds out whether a shared library of `name` (as cudarc names its candidates) loads,
/// without letting cudarc panic when it does not.
fn library_loads(name: &str) -> Result<(), String> {
    let candidates = cudarc::get_lib_name_candidates(name);
    let mut last = String::new();
    for candidate in &candidates {
        // SAFETY: loading runs the library's initialisers; the candidates are the CUDA
        // libraries cudarc itself would load next, and the handle is dropped at once.
        match unsafe { libloading::Library::new(candidate) } {
            Ok(_) => return Ok(()),
            Err(e) => {
                last = std::error::Error::source(&e)
                    .map_or_else(|| e.to_string(), ToString::to_string);
            }
        }
    }
    Err(format!(
        "lib{name} did not load under any of {} names: {last}",
        candidates.len()
    ))
}

/// Compiles the kernels to PTX with NVRTC for `arch` (for example `compute_90`), or for
/// NVRTC's default architecture.
///
/// # Errors
/// [`GpuError::Compile`] when NVRTC does not load or the source does not compile.
pub fn compile_ptx(arch: Option<&'static str>) -> Result<String, GpuError> {
    library_loads("nvrtc").map_err(GpuError::Compile)?;
    let options = CompileOptions {
        arch,
        options: vec!["-std=c++17".into()],
        ..Default::default()
    };
    compile_ptx_with_opts(kernel_source(), options)
        .map(|ptx| ptx.to_src())
        .map_err(|e| GpuError::Compile(e.to_string()))
}

/// Where the PTX for `arch` is kept between runs: NVRTC takes seconds to compile the
/// kernels. The name holds a hash of the source and the architecture, so a changed kernel
/// never loads stale code; `QUADBOARD_GPU_CACHE` names the folder (default:
/// `$XDG_CACHE_HOME/quadboard`, else `$HOME/.cache/quadboard`, the user's own, not a
/// shared temporary folder where another user could leave a file of that name).
fn ptx_cache_path(arch: &str) -> Option<std::path::PathBuf> {
    // FNV-1a, 64 bits: a name, not a defence against a hostile file.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in kernel_source().bytes().chain(arch.bytes()) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
    }
    let dir: std::path::PathBuf = match std::env::var_os("QUADBOARD_GPU_CACHE") {
        Some(dir) => dir.into(),
        None => match std::env::var_os("XDG_CACHE_HOME") {
            Some(dir) => std::path::PathBuf::from(dir).join("quadboard"),
            None => std::path::PathBuf::from(std::env::var_os("HOME")?).join(".cache/quadboard"),
        },
    };
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join(format!("quadboard-gpu-{hash:016x}.ptx")))
}

/// Compiles the kernels, loads them and keeps the PTX at `cache` (a failure to write it
/// only costs the next run the compile).
fn compile_and_load(
    ctx: &Arc<CudaContext>,
    arch: &'static str,
    cache: Option<&std::path::Path>,
) -> Result<Arc<cudarc::driver::CudaModule>, GpuError> {
    let ptx = compile_ptx(Some(arch))?;
    let module = ctx
        .load_module(cudarc::nvrtc::Ptx::from_src(ptx.clone()))
        .map_err(driver)?;
    if let Some(path) = cache {
        let _ = std::fs::write(path, ptx);
    }
    Ok(module)
}

/// One CUDA device with the perft kernels loaded.
pub struct Gpu {
    stream: Arc<CudaStream>,
    kernels: Vec<CudaFunction>,
    name: String,
    options: GpuOptions,
}

impl Gpu {
    /// Loads the driver, opens device 0 and compiles the kernels for it.
    ///
    /// # Errors
    /// [`GpuError::NoDevice`] when libcuda does not load or has no device,
    /// [`GpuError::Compile`] when NVRTC fails, [`GpuError::Options`] for options out of
    /// range, [`GpuError::Driver`] for any other driver failure.
    pub fn new(options: GpuOptions) -> Result<Gpu, GpuError> {
        if !(1..=KERNEL_DEPTH_MAX).contains(&options.kernel_depth) {
            return Err(GpuError::Options(format!(
                "kernel depth {} is not 1 to {KERNEL_DEPTH_MAX}",
                options.kernel_depth
            )));
        }
        if options.batch == 0 || options.batch > u32::MAX as usize {
            return Err(GpuError::Options(format!(
                "batch {} is not 1 to 2^32 - 1",
                options.batch
            )));
        }
        library_loads("cuda").map_err(GpuError::NoDevice)?;
        let ctx = CudaContext::new(0).map_err(|e| GpuError::NoDevice(e.to_string()))?;
        let name = ctx.name().map_err(driver)?;
        let (major, minor) = ctx.compute_capability().map_err(driver)?;
        // NVRTC wants a static string: the architectures of this century's cards.
        let arch: &'static str = Box::leak(format!("compute_{major}{minor}").into_boxed_str());
        let cache = ptx_cache_path(arch);
        let cached = cache
            .as_ref()
            .and_then(|path| std::fs::read_to_string(path).ok());
        let module = match cached.map(|ptx| ctx.load_module(cudarc::nvrtc::Ptx::from_src(ptx))) {
            Some(Ok(module)) => module,
            _ => compile_and_load(&ctx, arch, cache.as_deref())?,
        };
        let kernels = (1..=KERNEL_DEPTH_MAX)
            .map(|d| module.load_function(&format!("qb_perft_{d}")))
            .collect::<Result<Vec<_>, _>>()
            .map_err(driver)?;
        let (free, _) = ctx.mem_get_info().map_err(driver)?;
        let mut options = options;
        // Never ask for more than half of what is free for the batch.
        let most = free / 2 / core::mem::size_of::<GpuPosition>();
        options.batch = options.batch.min(most.max(1));
        Ok(Gpu {
            stream: ctx.default_stream(),
            kernels,
            name,
            options,
        })
    }

    /// The device's name, as the driver gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options in force (the batch shrunk to what the device has free).
    pub fn options(&self) -> GpuOptions {
        self.options
    }

    /// Perft of `pos` to `depth` (leaf nodes at that depth; 1 at depth 0).
    ///
    /// # Errors
    /// [`GpuError::TooManyPieces`] for a position with more than 16 pieces of one colour,
    /// [`GpuError::Driver`] when a copy or launch fails.
    pub fn perft(&self, pos: &Position, depth: u32) -> Result<u64, GpuError> {
        let board = pos.board();
        if board.by_color(Color::White).count() > 16 || board.by_color(Color::Black).count() > 16 {
            return Err(GpuError::TooManyPieces);
        }
        if depth == 0 {
            return Ok(1);
        }
        let kernel_depth = self.options.kernel_depth.min(depth);
        let mut run = Run {
            stream: &self.stream,
            kernel: &self.kernels[kernel_depth as usize - 1],
            batch: Vec::with_capacity(self.options.batch),
            capacity: self.options.batch,
            device: self
                .stream
                .alloc_zeros::<GpuPosition>(self.options.batch)
                .map_err(driver)?,
            total: self.stream.alloc_zeros::<u64>(1).map_err(driver)?,
        };
        run.expand(pos, depth - kernel_depth)?;
        run.flush()?;
        let total = self.stream.clone_dtoh(&run.total).map_err(driver)?;
        Ok(total[0])
    }

    /// Perft below each legal move of `pos` (`depth` >= 1), in generation order.
    ///
    /// # Errors
    /// As [`Gpu::perft`].
    pub fn perft_divide(&self, pos: &Position, depth: u32) -> Result<Vec<(Move, u64)>, GpuError> {
        let mut out = Vec::new();
        for m in &pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(*m);
            out.push((*m, self.perft(&child, depth.saturating_sub(1))?));
        }
        Ok(out)
    }
}

/// One perft: the host's batch and the device's copy of it, and the device's total.
struct Run<'a> {
    stream: &'a Arc<CudaStream>,
    kernel: &'a CudaFunction,
    batch: Vec<GpuPosition>,
    capacity: usize,
    device: CudaSlice<GpuPosition>,
    total: CudaSlice<u64>,
}

impl Run<'_> {
    /// Collects the positions `plies` below `pos`, launching whenever the batch fills.
    fn expand(&mut self, pos: &Position, plies: u32) -> Result<(), GpuError> {
        if plies == 0 {
            self.batch.push(GpuPosition::from(pos));
            if self.batch.len() == self.capacity {
                self.flush()?;
            }
            return Ok(());
        }
        for m in &pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(*m);
            self.expand(&child, plies - 1)?;
        }
        Ok(())
    }

    /// Copies the batch to the device and launches the kernel over it.
    fn flush(&mut self) -> Result<(), GpuError> {
        let n = self.batch.len();
        if n == 0 {
            return Ok(());
        }
        let mut view = self.device.slice_mut(..n);
        self.stream
            .memcpy_htod(&self.batch, &mut view)
            .map_err(driver)?;
        let n32 = n as u32;
        let config = LaunchConfig {
            grid_dim: (n32.div_ceil(BLOCK), 1, 1),
            block_dim: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut launch = self.stream.launch_builder(self.kernel);
        launch.arg(&self.device).arg(&n32).arg(&mut self.total);
        // SAFETY: the kernel's parameters are (const QbPos*, unsigned, unsigned long long*):
        // a device buffer of at least n positions, n, and one 64-bit counter, as passed.
        unsafe { launch.launch(config) }.map_err(driver)?;
        self.batch.clear();
        Ok(())
    }
}
