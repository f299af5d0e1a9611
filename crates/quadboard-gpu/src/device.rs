//! The GPU driver: loading CUDA, compiling the kernels with NVRTC, expanding on the host,
//! launching and summing.

use std::fmt;
use std::sync::Arc;

use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, LaunchConfig, PushKernelArg,
};
use cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions};
use quadboard_chess::{Move, Position};

use crate::host::{region_mask, table_entries};
use crate::levels::{self, level_capacities, Backend};
use crate::{kernel_source, GpuOptions, GpuPosition};

/// Threads per block of every launch.
const BLOCK: u32 = 256;

/// Blocks per SM the fused kernels' registers allow for (`qb_fused_<N>` in
/// `kernels/perft.cu`).
const FUSED_BLOCKS: u32 = 4;

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
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoDevice(reason) => write!(f, "no CUDA device ({reason})"),
            GpuError::Compile(reason) => write!(f, "CUDA kernels did not compile ({reason})"),
            GpuError::Driver(reason) => write!(f, "CUDA error ({reason})"),
            GpuError::Options(reason) => write!(f, "bad GPU option ({reason})"),
        }
    }
}

impl std::error::Error for GpuError {}

fn driver(e: cudarc::driver::DriverError) -> GpuError {
    GpuError::Driver(e.to_string())
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

/// The grid of the table kernels (qb_init_tables, qb_check_tables): QB_INIT_COLS / 256 by
/// QB_INIT_ROWS blocks, one thread a cell.
const TABLE_GRID: LaunchConfig = LaunchConfig {
    grid_dim: (4096 / BLOCK, 192, 1),
    block_dim: (BLOCK, 1, 1),
    shared_mem_bytes: 0,
};

/// Fills the module's tables (`QbTables` in `kernels/movegen.cuh`: slider magics and
/// attacks, lines, leapers) with the kernel `init`, once after the module loads: every
/// launch after it on the stream reads them.
fn fill_tables(stream: &Arc<CudaStream>, init: &CudaFunction) -> Result<(), GpuError> {
    let magics: Vec<u64> = crate::host::MAGICS.iter().flatten().copied().collect();
    let magics = stream.clone_htod(&magics).map_err(driver)?;
    let mut launch = stream.launch_builder(init);
    launch.arg(&magics);
    // SAFETY: qb_init_tables(const u64*) reads the 128 magics just copied and writes only
    // the module's own tables, each cell by one thread.
    unsafe { launch.launch(TABLE_GRID) }.map_err(driver)?;
    // The magics' buffer is freed on return: the fill must be done with it.
    stream.synchronize().map_err(driver)
}

/// One level in device memory: its capacity and the raw addresses of its three arrays.
struct DeviceLevel {
    capacity: usize,
    pos: u64,
    parent: u64,
    cnt: u64,
}

/// The level steps as kernel launches on one stream.
struct DeviceBackend {
    stream: Arc<CudaStream>,
    prepare: CudaFunction,
    expand: CudaFunction,
    leaves: CudaFunction,
    fused: CudaFunction,
    fused_first: CudaFunction,
    reduce: CudaFunction,
    levels: Vec<DeviceLevel>,
    plies: u32,
    /// The memory the levels are carved from.
    arena: CudaSlice<u64>,
    arena_bytes: usize,
    results: CudaSlice<u64>,
    results_ptr: u64,
    /// Two words: the children total of `prepare` and the cursor of `expand`.
    scratch: CudaSlice<u64>,
    scratch_ptr: u64,
    table_ptr: u64,
    table_mask: u64,
    /// The set that merges equal positions, carved from the arena (with a table only).
    set_ptr: u64,
    set_room: usize,
    _table: Option<CudaSlice<u64>>,
}

fn address<T>(slice: &CudaSlice<T>, stream: &CudaStream) -> u64 {
    slice.device_ptr(stream).0
}

fn grid(n: usize) -> LaunchConfig {
    LaunchConfig {
        grid_dim: ((n as u32).div_ceil(BLOCK), 1, 1),
        block_dim: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    }
}

impl DeviceBackend {
    /// Launches `kernel`, one of qb_leaves and the fused kernels (const QbPos*, const u32*,
    /// u32, u32, u64*), which add each position's count to its parent's.
    fn count_into_parents(
        &self,
        kernel: &CudaFunction,
        level: usize,
        start: usize,
        end: usize,
    ) -> Result<(), GpuError> {
        let l = &self.levels[level];
        let parent_cnt = self.parent_counts(level);
        let (s, e) = (start as u32, end as u32);
        let mut launch = self.stream.launch_builder(kernel);
        launch
            .arg(&l.pos)
            .arg(&l.parent)
            .arg(&s)
            .arg(&e)
            .arg(&parent_cnt);
        // SAFETY: the kernel takes these five arguments; the level's arrays hold `end`
        // elements, and every parent index points into the counts above (or the results),
        // as expand and upload wrote them.
        unsafe { launch.launch(grid(end - start)) }
            .map(|_| ())
            .map_err(driver)
    }

    /// The address of the counts that level `level`'s parent indices point into.
    fn parent_counts(&self, level: usize) -> u64 {
        match level {
            0 => self.results_ptr,
            _ => self.levels[level - 1].cnt,
        }
    }
}

impl Backend for DeviceBackend {
    fn layout(&mut self, plies: u32) {
        if plies == self.plies {
            return;
        }
        self.plies = plies;
        // Each array starts on a 256-byte boundary.
        let align = |bytes: usize| bytes.next_multiple_of(256);
        let mut at = address(&self.arena, &self.stream);
        let mut slot_bytes = self.arena_bytes - 3 * 256 * levels::levels_for(plies);
        if self.table_ptr != 0 {
            // A fifth of the arena for the set: two words a position of the largest part.
            self.set_room = 1 << (usize::BITS - 1 - (slot_bytes / 5 / 8).leading_zeros());
            self.set_ptr = at;
            at += 8 * self.set_room as u64;
            slot_bytes -= 8 * self.set_room;
        }
        self.levels = level_capacities(slot_bytes, levels::levels_for(plies))
            .into_iter()
            .map(|n| {
                let level = DeviceLevel {
                    capacity: n,
                    pos: at,
                    parent: at + align(n * core::mem::size_of::<GpuPosition>()) as u64,
                    cnt: at
                        + (align(n * core::mem::size_of::<GpuPosition>()) + align(n * 4)) as u64,
                };
                at = level.cnt + align(n * 8) as u64;
                level
            })
            .collect();
    }

    fn capacity(&self, level: usize) -> usize {
        self.levels[level].capacity
    }

    fn upload(&mut self, roots: &[GpuPosition]) -> Result<(), GpuError> {
        let n = roots.len();
        let top = &self.levels[0];
        let parents: Vec<u32> = (0..n as u32).collect();
        // SAFETY: level 0 holds at least n positions and parents at these addresses, inside
        // the arena; the copies are ordered on the stream before any launch that reads them.
        unsafe {
            cudarc::driver::result::memcpy_htod_async(top.pos, roots, self.stream.cu_stream())
                .map_err(driver)?;
            cudarc::driver::result::memcpy_htod_async(
                top.parent,
                &parents,
                self.stream.cu_stream(),
            )
            .map_err(driver)?;
        }
        // The copies read host memory that is dropped at the end of this call.
        self.stream.synchronize().map_err(driver)?;
        let mut results = self.results.slice_mut(..n);
        self.stream.memset_zeros(&mut results).map_err(driver)?;
        Ok(())
    }

    fn prepare(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<u64, GpuError> {
        self.stream
            .memset_zeros(&mut self.scratch)
            .map_err(driver)?;
        let (set, set_mask) = match self.set_ptr {
            0 => (0, 0),
            ptr => {
                let words = levels::set_words(end - start, self.set_room);
                // SAFETY: the set's words lie in the arena, carved for it by `layout`.
                unsafe {
                    cudarc::driver::result::memset_d8_async(
                        ptr,
                        0,
                        8 * words,
                        self.stream.cu_stream(),
                    )
                }
                .map_err(driver)?;
                (ptr, words as u64 - 1)
            }
        };
        let l = &self.levels[level];
        let (s, e) = (start as u32, end as u32);
        let mut launch = self.stream.launch_builder(&self.prepare);
        launch
            .arg(&l.pos)
            .arg(&l.cnt)
            .arg(&s)
            .arg(&e)
            .arg(&remaining)
            .arg(&self.table_ptr)
            .arg(&self.table_mask)
            .arg(&set)
            .arg(&set_mask)
            .arg(&self.scratch_ptr);
        // SAFETY: qb_prepare(const QbPos*, u64*, u32, u32, unsigned, u64*, u64, u64*, u64,
        // u64*): the level's arrays hold `end` elements, the table is null or `mask + 1`
        // entries, the set null or `set_mask + 1` words, and the scratch word is a u64.
        unsafe { launch.launch(grid(end - start)) }.map_err(driver)?;
        let scratch = self.stream.clone_dtoh(&self.scratch).map_err(driver)?;
        Ok(scratch[0])
    }

    fn expand(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        self.stream
            .memset_zeros(&mut self.scratch)
            .map_err(driver)?;
        let (l, next) = (&self.levels[level], &self.levels[level + 1]);
        let (s, e) = (start as u32, end as u32);
        // The cursor: the second scratch word, used as a u32 (little-endian low half).
        let cursor = self.scratch_ptr + 8;
        let mut launch = self.stream.launch_builder(&self.expand);
        launch
            .arg(&l.pos)
            .arg(&l.cnt)
            .arg(&s)
            .arg(&e)
            .arg(&next.pos)
            .arg(&next.parent)
            .arg(&cursor);
        // SAFETY: qb_expand(const QbPos*, u64*, u32, u32, QbPos*, u32*, u32*): prepare
        // found that the children fit the next level, which holds `capacity` elements.
        unsafe { launch.launch(grid(end - start)) }
            .map(|_| ())
            .map_err(driver)
    }

    fn merges(&self) -> bool {
        self.table_ptr != 0
    }

    fn fused_first(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        let l = &self.levels[level];
        let (s, e) = (start as u32, end as u32);
        let mut launch = self.stream.launch_builder(&self.fused_first);
        launch.arg(&l.pos).arg(&l.cnt).arg(&s).arg(&e);
        // SAFETY: qb_fused_first(const QbPos*, u64*, u32, u32): the level's arrays hold
        // `end` elements.
        unsafe { launch.launch(grid(end - start)) }
            .map(|_| ())
            .map_err(driver)
    }

    fn fused(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        self.count_into_parents(&self.fused, level, start, end)
    }

    fn leaves(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        self.count_into_parents(&self.leaves, level, start, end)
    }

    fn reduce(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<(), GpuError> {
        let l = &self.levels[level];
        let parent_cnt = self.parent_counts(level);
        let (s, e) = (start as u32, end as u32);
        let mut launch = self.stream.launch_builder(&self.reduce);
        launch
            .arg(&l.pos)
            .arg(&l.parent)
            .arg(&l.cnt)
            .arg(&s)
            .arg(&e)
            .arg(&remaining)
            .arg(&self.table_ptr)
            .arg(&self.table_mask)
            .arg(&parent_cnt);
        // SAFETY: qb_reduce(const QbPos*, const u32*, const u64*, u32, u32, unsigned, u64*,
        // u64, u64*): as in leaves, and the table is null or `mask + 1` entries.
        unsafe { launch.launch(grid(end - start)) }
            .map(|_| ())
            .map_err(driver)
    }

    fn results(&mut self, n: usize) -> Result<Vec<u64>, GpuError> {
        let mut out = vec![0u64; n];
        self.stream
            .memcpy_dtoh(&self.results.slice(..n), &mut out)
            .map_err(driver)?;
        // The copy is queued on the stream: wait for it before reading `out`.
        self.stream.synchronize().map_err(driver)?;
        Ok(out)
    }
}

/// What the device's memory holds for a count, for the user to see.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GpuMemory {
    /// Bytes free on the device before quadboard allocated.
    pub free: usize,
    /// Bytes of the transposition table (16-byte entries).
    pub table: usize,
    /// Bytes of the levels (positions, parents, counts), divided among the levels of each
    /// count: each level four times the one above.
    pub levels: usize,
}

/// One CUDA device with the perft kernels loaded and its memory allocated.
pub struct Gpu {
    backend: DeviceBackend,
    check_tables: CudaFunction,
    name: String,
    options: GpuOptions,
    memory: GpuMemory,
}

impl Gpu {
    /// Loads the driver, opens device 0, compiles the kernels for it and allocates the
    /// table and the levels.
    ///
    /// # Errors
    /// [`GpuError::NoDevice`] when libcuda does not load or has no device,
    /// [`GpuError::Compile`] when NVRTC fails, [`GpuError::Options`] for options out of
    /// range or memory the device does not have free, [`GpuError::Driver`] for any other
    /// driver failure.
    pub fn new(options: GpuOptions) -> Result<Gpu, GpuError> {
        options.check()?;
        library_loads("cuda").map_err(GpuError::NoDevice)?;
        let ctx = CudaContext::new(0).map_err(|e| GpuError::NoDevice(e.to_string()))?;
        // One stream: the raw addresses passed to the kernels need no events.
        // SAFETY: nothing has been allocated or launched on this context yet.
        unsafe { ctx.disable_event_tracking() };
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
        let function = |name: &str| module.load_function(name).map_err(driver);
        // QUADBOARD_GPU_BLOCKS (2 to 5) picks the register bound of the fused kernels: the
        // default is the fastest measured (docs/gpu.md, "Tuning").
        let blocks = match std::env::var("QUADBOARD_GPU_BLOCKS").as_deref() {
            Ok(n @ ("2" | "3" | "4" | "5")) => n.to_string(),
            _ => FUSED_BLOCKS.to_string(),
        };
        let stream = ctx.default_stream();
        fill_tables(&stream, &function("qb_init_tables")?)?;
        let (free, _) = ctx.mem_get_info().map_err(driver)?;
        // Leave a tenth of what is free (and a little more) to the driver and others.
        let usable = free / 10 * 9 - (256 << 20).min(free / 10);
        let entries = table_entries(options.table_bytes);
        let table = entries * 16;
        if table + levels::LEVEL_BYTES_MIN > usable {
            return Err(GpuError::Options(format!(
                "a table of {} MiB does not fit the {} MiB the device has free",
                table >> 20,
                free >> 20
            )));
        }
        let level_bytes = options.level_bytes.unwrap_or(usable - table);
        if table + level_bytes > usable {
            return Err(GpuError::Options(format!(
                "{} MiB of table and levels do not fit the {} MiB the device has free",
                (table + level_bytes) >> 20,
                free >> 20
            )));
        }
        let arena = stream.alloc_zeros::<u64>(level_bytes / 8).map_err(driver)?;
        let results = stream.alloc_zeros::<u64>(levels::TOP_MAX).map_err(driver)?;
        let scratch = stream.alloc_zeros::<u64>(2).map_err(driver)?;
        let table_slice = match entries {
            0 => None,
            n => Some(stream.alloc_zeros::<u64>(2 * n).map_err(driver)?),
        };
        let memory = GpuMemory {
            free,
            table,
            levels: level_bytes,
        };
        Ok(Gpu {
            check_tables: function("qb_check_tables")?,
            backend: DeviceBackend {
                prepare: function("qb_prepare")?,
                expand: function("qb_expand")?,
                leaves: function("qb_leaves")?,
                // QUADBOARD_GPU_FUSED=warp: the balanced fused step (an experiment,
                // slower than the default when it was timed: docs/log/2026-11-26-gpu.md).
                fused: function(&format!("qb_fused_{blocks}"))?,
                fused_first: function(&format!("qb_fused_first_{blocks}"))?,
                reduce: function("qb_reduce")?,
                results_ptr: address(&results, &stream),
                results,
                scratch_ptr: address(&scratch, &stream),
                scratch,
                table_ptr: table_slice.as_ref().map_or(0, |t| address(t, &stream)),
                table_mask: region_mask(entries),
                set_ptr: 0,
                set_room: 0,
                _table: table_slice,
                levels: Vec::new(),
                plies: 0,
                arena,
                arena_bytes: level_bytes / 8 * 8,
                stream,
            },
            name,
            options,
            memory,
        })
    }

    /// The number of cells of the device's tables (slider attacks for every occupancy of
    /// every square's mask, lines, squares between, leapers) that differ from the
    /// table-free code, as filled by `qb_init_tables`: 0 unless the fill went wrong. For
    /// the tests on the device.
    ///
    /// # Errors
    /// [`GpuError::Driver`] when a copy or launch fails.
    pub fn table_errors(&mut self) -> Result<u32, GpuError> {
        let stream = &self.backend.stream;
        let wrong = stream.alloc_zeros::<u32>(1).map_err(driver)?;
        let mut launch = stream.launch_builder(&self.check_tables);
        launch.arg(&wrong);
        // SAFETY: qb_check_tables(u32*) only reads the module's tables and adds to the one
        // counter allocated above.
        unsafe { launch.launch(TABLE_GRID) }.map_err(driver)?;
        let wrong = stream.clone_dtoh(&wrong).map_err(driver)?;
        // As in `results`: the copy is queued on the stream.
        stream.synchronize().map_err(driver)?;
        Ok(wrong[0])
    }

    /// The device's name, as the driver gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The options in force.
    pub fn options(&self) -> GpuOptions {
        self.options
    }

    /// What the table and the levels take.
    pub fn memory(&self) -> GpuMemory {
        self.memory
    }

    /// Perft of `pos` to `depth` (leaf nodes at that depth; 1 at depth 0).
    ///
    /// # Errors
    /// [`GpuError::Driver`] when a copy or launch fails.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> Result<u64, GpuError> {
        self.perft_with_progress(pos, depth, None)
    }

    /// [`Gpu::perft`], calling `progress` with `(positions counted, positions)` of the
    /// host's last ply after each pass of the device (in passes of a sixty-fourth of them).
    ///
    /// # Errors
    /// As [`Gpu::perft`].
    pub fn perft_with_progress(
        &mut self,
        pos: &Position,
        depth: u32,
        progress: Option<levels::Progress<'_>>,
    ) -> Result<u64, GpuError> {
        // Synchronous: the results are copied back (and waited for) after each pass.
        levels::perft(&mut self.backend, &self.options, pos, depth, progress)
    }

    /// Perft below each legal move of `pos` (`depth` at least 1), in generation order.
    ///
    /// # Errors
    /// As [`Gpu::perft`].
    pub fn perft_divide(
        &mut self,
        pos: &Position,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, GpuError> {
        levels::perft_divide(&mut self.backend, &self.options, pos, depth)
    }

    /// Perft `plies` below each of `roots` (the device's part alone).
    ///
    /// # Errors
    /// [`GpuError::Options`] for plies outside 1 to [`levels::DEVICE_PLIES_MAX`],
    /// [`GpuError::Driver`] when a copy or launch fails.
    pub fn count_roots(&mut self, roots: &[GpuPosition], plies: u32) -> Result<Vec<u64>, GpuError> {
        levels::count_roots(&mut self.backend, roots, plies, None)
    }
}
