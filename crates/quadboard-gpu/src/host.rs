//! The kernels' code compiled for the CPU (`host/perft_host.cpp`, built by `build.rs`):
//! perft by recursion and the children of a position, for the tests and the host's
//! expansion, and the level steps of [`Emulator`], the GPU path's CPU twin.

use quadboard_chess::{Move, Position};

use crate::levels::{self, level_capacities, Backend};
use crate::{GpuError, GpuOptions, GpuPosition};

extern "C" {
    fn quadboard_gpu_host_init(magics: *const u64);
    fn quadboard_gpu_host_check_tables() -> u32;
    fn quadboard_gpu_host_perft(pos: *const GpuPosition, depth: u32) -> u64;
    fn quadboard_gpu_host_moves(
        pos: *const GpuPosition,
        children: *mut GpuPosition,
        capacity: u32,
    ) -> u32;
    fn quadboard_gpu_host_prepare(
        pos: *const GpuPosition,
        cnt: *mut u64,
        start: u32,
        end: u32,
        remaining: u32,
        slots: *mut u64,
        mask: u64,
        set: *mut u64,
        set_mask: u64,
    ) -> u64;
    fn quadboard_gpu_host_fused_first(pos: *const GpuPosition, cnt: *mut u64, start: u32, end: u32);
    fn quadboard_gpu_host_expand(
        pos: *const GpuPosition,
        cnt: *mut u64,
        start: u32,
        end: u32,
        child: *mut GpuPosition,
        parent: *mut u32,
    ) -> u32;
    fn quadboard_gpu_host_fused(
        pos: *const GpuPosition,
        parent: *const u32,
        start: u32,
        end: u32,
        parent_cnt: *mut u64,
    );
    fn quadboard_gpu_host_leaves(
        pos: *const GpuPosition,
        parent: *const u32,
        start: u32,
        end: u32,
        parent_cnt: *mut u64,
    );
    fn quadboard_gpu_host_reduce(
        pos: *const GpuPosition,
        parent: *const u32,
        cnt: *const u64,
        start: u32,
        end: u32,
        remaining: u32,
        slots: *mut u64,
        mask: u64,
        parent_cnt: *mut u64,
    );
}

/// The 128 slider magics the kernels' tables are built from, rooks then bishops, by
/// square: the library's own, so that both use one layout and one search.
pub(crate) static MAGICS: [[u64; 64]; 2] = quadboard_chess::attacks::magic::MAGICS;

/// Fills the C++ side's tables (`QbTables` in `kernels/movegen.cuh`) once, before the
/// first call that reads them: every public way into the host code calls this first.
fn host_tables() {
    static FILLED: std::sync::Once = std::sync::Once::new();
    // SAFETY: MAGICS is 128 contiguous u64, as the C++ reads them; the Once runs the fill
    // before any other thread can reach code that reads the tables.
    FILLED.call_once(|| unsafe { quadboard_gpu_host_init(MAGICS.as_ptr().cast()) });
}

/// The number of cells of the host's tables that differ from the table-free code (every
/// occupancy of every slider square's mask, and every entry of the tables by square and
/// by pair of squares): 0 unless the magics or the tables' layout are wrong. For the tests.
pub fn host_table_errors() -> u32 {
    host_tables();
    // SAFETY: the tables are filled; the check only reads them.
    unsafe { quadboard_gpu_host_check_tables() }
}

/// Perft of `pos` to `depth` by the kernels' move generator on the CPU, one thread, by
/// recursion.
pub fn host_perft(pos: &GpuPosition, depth: u32) -> u64 {
    host_tables();
    // SAFETY: the pointer comes from a reference to a `repr(C)` struct laid out as the C++
    // `QbPos`; the C++ side only reads it, and its recursion is bounded by `depth`.
    unsafe { quadboard_gpu_host_perft(pos, depth) }
}

/// The positions after each legal move of `pos`, in the kernels' generation order.
pub fn host_children(pos: &GpuPosition) -> Vec<GpuPosition> {
    host_tables();
    // Room for any real position's moves; a lenient setup with more is listed again.
    let mut room = 256;
    loop {
        let mut children = vec![GpuPosition::default(); room];
        // SAFETY: `children` holds `room` writable positions; the C++ side writes at most
        // that many and returns how many moves there are.
        let n =
            unsafe { quadboard_gpu_host_moves(pos, children.as_mut_ptr(), room as u32) } as usize;
        if n <= room {
            children.truncate(n);
            return children;
        }
        room = n;
    }
}

/// One level in host memory.
struct HostLevel {
    pos: Vec<GpuPosition>,
    parent: Vec<u32>,
    cnt: Vec<u64>,
}

/// The level steps on the CPU, one thread: the same C++ as the kernels, the same driver.
struct HostBackend {
    bytes: usize,
    plies: u32,
    levels: Vec<HostLevel>,
    results: Vec<u64>,
    table: Vec<u64>,
    /// The set that merges equal positions (empty without a table).
    set: Vec<u64>,
}

/// The C++ steps that add each position's count to its parent's.
type IntoParents = unsafe extern "C" fn(*const GpuPosition, *const u32, u32, u32, *mut u64);

impl HostBackend {
    fn table(&mut self) -> (*mut u64, u64) {
        if self.table.is_empty() {
            (core::ptr::null_mut(), 0)
        } else {
            (self.table.as_mut_ptr(), region_mask(self.table.len() / 2))
        }
    }

    /// Level `level` and the counts its parent indices point into: the level above's, or
    /// the results for level 0.
    fn with_parents(&mut self, level: usize) -> (&HostLevel, *mut u64) {
        let (upper, lower) = self.levels.split_at_mut(level);
        let parent_cnt = match upper.last_mut() {
            Some(above) => above.cnt.as_mut_ptr(),
            None => self.results.as_mut_ptr(),
        };
        (&lower[0], parent_cnt)
    }

    /// Runs `step` (the leaves or the fused step) over `start..end` of `level`.
    fn count_into_parents(&mut self, step: IntoParents, level: usize, start: usize, end: usize) {
        let (l, parent_cnt) = self.with_parents(level);
        // SAFETY: `start..end` lies within the level, and every parent index points into
        // the level above (or the results, for level 0), as expand and upload wrote them.
        unsafe {
            step(
                l.pos.as_ptr(),
                l.parent.as_ptr(),
                start as u32,
                end as u32,
                parent_cnt,
            );
        }
    }
}

impl Backend for HostBackend {
    fn layout(&mut self, plies: u32) {
        if plies == self.plies {
            return;
        }
        self.plies = plies;
        self.levels = level_capacities(self.bytes, levels::levels_for(plies))
            .into_iter()
            .map(|n| HostLevel {
                pos: vec![GpuPosition::default(); n],
                parent: vec![0; n],
                cnt: vec![0; n],
            })
            .collect();
    }

    fn capacity(&self, level: usize) -> usize {
        self.levels[level].pos.len()
    }

    fn upload(&mut self, roots: &[GpuPosition]) -> Result<(), GpuError> {
        let top = &mut self.levels[0];
        top.pos[..roots.len()].copy_from_slice(roots);
        for (i, p) in top.parent[..roots.len()].iter_mut().enumerate() {
            *p = i as u32;
        }
        self.results.clear();
        self.results.resize(roots.len(), 0);
        Ok(())
    }

    fn prepare(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<u64, GpuError> {
        let (slots, mask) = self.table();
        let (set, set_mask) = if self.set.is_empty() {
            (core::ptr::null_mut(), 0)
        } else {
            let words = levels::set_words(end - start, self.set.len());
            self.set[..words].fill(0);
            (self.set.as_mut_ptr(), words as u64 - 1)
        };
        let l = &mut self.levels[level];
        // SAFETY: `start..end` lies within the level (the driver's ranges do), the table
        // pointer is null or points at `2 * (mask + 1)` words, the set's at `set_mask + 1`.
        Ok(unsafe {
            quadboard_gpu_host_prepare(
                l.pos.as_ptr(),
                l.cnt.as_mut_ptr(),
                start as u32,
                end as u32,
                remaining,
                slots,
                mask,
                set,
                set_mask,
            )
        })
    }

    fn expand(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        let (upper, lower) = self.levels.split_at_mut(level + 1);
        let (l, next) = (&mut upper[level], &mut lower[0]);
        // SAFETY: `start..end` lies within the level; `prepare` found that their children
        // fit the next level, which the C++ side fills from its start.
        unsafe {
            quadboard_gpu_host_expand(
                l.pos.as_ptr(),
                l.cnt.as_mut_ptr(),
                start as u32,
                end as u32,
                next.pos.as_mut_ptr(),
                next.parent.as_mut_ptr(),
            );
        }
        Ok(())
    }

    fn merges(&self) -> bool {
        !self.set.is_empty()
    }

    fn fused_first(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        let l = &mut self.levels[level];
        // SAFETY: `start..end` lies within the level.
        unsafe {
            quadboard_gpu_host_fused_first(
                l.pos.as_ptr(),
                l.cnt.as_mut_ptr(),
                start as u32,
                end as u32,
            );
        }
        Ok(())
    }

    fn fused(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        self.count_into_parents(quadboard_gpu_host_fused, level, start, end);
        Ok(())
    }

    fn leaves(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError> {
        self.count_into_parents(quadboard_gpu_host_leaves, level, start, end);
        Ok(())
    }

    fn reduce(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<(), GpuError> {
        let (slots, mask) = self.table();
        let (l, parent_cnt) = self.with_parents(level);
        // SAFETY: as in `count_into_parents`; the table pointer is null or points at its
        // words.
        unsafe {
            quadboard_gpu_host_reduce(
                l.pos.as_ptr(),
                l.parent.as_ptr(),
                l.cnt.as_ptr(),
                start as u32,
                end as u32,
                remaining,
                slots,
                mask,
                parent_cnt,
            );
        }
        Ok(())
    }

    fn results(&mut self, n: usize) -> Result<Vec<u64>, GpuError> {
        Ok(self.results[..n].to_vec())
    }
}

/// The GPU path run on the CPU: the kernels' C++ and the same driver (levels, parts,
/// table), one thread. Slow; it is there so that every step the device takes is tested
/// where there is no device.
pub struct Emulator {
    backend: HostBackend,
    options: GpuOptions,
}

impl Emulator {
    /// An emulator with `options` (its level memory defaults to 64 MiB, its table is
    /// `options.table_bytes` rounded down to a power of two of 16-byte entries).
    ///
    /// # Errors
    /// [`GpuError::Options`] for options out of range.
    pub fn new(options: GpuOptions) -> Result<Emulator, GpuError> {
        options.check()?;
        host_tables();
        let entries = table_entries(options.table_bytes);
        Ok(Emulator {
            backend: HostBackend {
                bytes: options.level_bytes.unwrap_or(64 << 20),
                plies: 0,
                levels: Vec::new(),
                results: Vec::new(),
                table: vec![0; 2 * entries],
                // As many words as the emulator's levels hold positions, at most.
                set: match entries {
                    0 => Vec::new(),
                    _ => vec![
                        0;
                        (options.level_bytes.unwrap_or(64 << 20) / levels::LEVEL_SLOT_BYTES)
                            .next_power_of_two()
                            / 2
                    ],
                },
            },
            options,
        })
    }

    /// Perft of `pos` to `depth`.
    ///
    /// # Errors
    /// None in practice; the signature is the GPU's.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> Result<u64, GpuError> {
        levels::perft(&mut self.backend, &self.options, pos, depth, None)
    }

    /// [`Emulator::perft`] with progress, as [`crate::Gpu::perft_with_progress`].
    ///
    /// # Errors
    /// As [`Emulator::perft`].
    pub fn perft_with_progress(
        &mut self,
        pos: &Position,
        depth: u32,
        progress: Option<levels::Progress<'_>>,
    ) -> Result<u64, GpuError> {
        levels::perft(&mut self.backend, &self.options, pos, depth, progress)
    }

    /// Perft below each legal move of `pos`.
    ///
    /// # Errors
    /// As [`Emulator::perft`].
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
    /// As [`Emulator::perft`].
    pub fn count_roots(&mut self, roots: &[GpuPosition], plies: u32) -> Result<Vec<u64>, GpuError> {
        levels::count_roots(&mut self.backend, roots, plies, None)
    }
}

/// Entries of a table of at most `bytes` (16 bytes each, a power of two, at least one per
/// region; 0 for none).
pub(crate) fn table_entries(bytes: usize) -> usize {
    match bytes / 16 {
        n if n < TABLE_REGIONS => 0,
        n => 1 << (usize::BITS - 1 - n.leading_zeros()),
    }
}

/// The table's regions: one each for 2, 3 and 4 plies left and one for more
/// (`QB_TABLE_REGIONS` in `kernels/levels.cuh`).
pub(crate) const TABLE_REGIONS: usize = 4;

/// The index mask of one region of a table of `entries`.
pub(crate) fn region_mask(entries: usize) -> u64 {
    (entries / TABLE_REGIONS).saturating_sub(1) as u64
}
