//! The breadth-first count shared by the GPU and its CPU twin: the order of the level steps
//! of `kernels/levels.cuh` (prepare, expand, leaves, reduce), splitting a level into parts
//! whenever its children would not fit the next one, and the host's expansion of the plies
//! above the device's.

use std::collections::HashMap;

use quadboard_chess::{Move, Position};

use crate::{host_children, GpuError, GpuPosition};

/// Bytes one position takes in a level: the position, its parent's index, its count word.
pub const LEVEL_SLOT_BYTES: usize = core::mem::size_of::<GpuPosition>() + 4 + 8;

/// Words of the set that merges equal positions in a part of `n` positions, at most
/// `room` (a power of two): twice the part, so that probes stay short.
pub fn set_words(n: usize, room: usize) -> usize {
    (2 * n).next_power_of_two().min(room)
}

/// The fewest positions a level holds: more than any position has legal moves, so that a
/// part of one position always fits.
pub const LEVEL_MIN: usize = 4096;

/// The most plies counted on the device below each position the host hands it.
pub const DEVICE_PLIES_MAX: u32 = 10;

/// The least level memory there is: every level of the deepest count at [`LEVEL_MIN`].
pub const LEVEL_BYTES_MIN: usize = LEVEL_MIN * LEVEL_SLOT_BYTES * DEVICE_PLIES_MAX as usize;

/// Where the work of one count is done, and what memory it may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GpuOptions {
    /// Plies counted on the device below each position the host hands it (1 to
    /// [`DEVICE_PLIES_MAX`]); `None` chooses (all of a count up to 6 plies, else 6).
    pub device_plies: Option<u32>,
    /// Bytes of device memory for the transposition table (0: none). Rounded down to a
    /// power of two of 16-byte entries. With a table the host also merges equal positions
    /// at the plies it expands.
    pub table_bytes: usize,
    /// Bytes of device memory for the levels; `None` takes most of what is free after the
    /// table.
    pub level_bytes: Option<usize>,
}

impl Default for GpuOptions {
    /// The device chooses its plies, no table, most of its free memory for the levels.
    fn default() -> GpuOptions {
        GpuOptions {
            device_plies: None,
            table_bytes: 0,
            level_bytes: None,
        }
    }
}

impl GpuOptions {
    /// Checks the options' ranges.
    ///
    /// # Errors
    /// [`GpuError::Options`] naming the option out of range.
    pub fn check(&self) -> Result<(), GpuError> {
        if let Some(plies) = self.device_plies {
            if !(1..=DEVICE_PLIES_MAX).contains(&plies) {
                return Err(GpuError::Options(format!(
                    "device plies {plies} is not 1 to {DEVICE_PLIES_MAX}"
                )));
            }
        }
        if let Some(bytes) = self.level_bytes {
            if bytes < LEVEL_BYTES_MIN {
                return Err(GpuError::Options(format!(
                    "{bytes} bytes for the levels: at least {LEVEL_BYTES_MIN} are needed"
                )));
            }
        }
        Ok(())
    }

    /// The plies the device counts of a count of `depth` (at least 1).
    pub fn plies_for(&self, depth: u32) -> u32 {
        self.device_plies.unwrap_or(6).min(depth).max(1)
    }
}

/// The most roots one pass takes (the per-root results are allocated for this many).
pub const TOP_MAX: usize = 1 << 22;

/// How many positions each of `levels` levels holds in `bytes`: each level four times
/// the one above it (a position has about 30 children, so lower levels fill faster),
/// none under [`LEVEL_MIN`], the top one at most [`TOP_MAX`].
pub fn level_capacities(bytes: usize, levels: usize) -> Vec<usize> {
    let slots = bytes / LEVEL_SLOT_BYTES;
    let weights: Vec<usize> = (0..levels).map(|k| 1usize << (2 * k)).collect();
    let sum: usize = weights.iter().sum();
    let mut caps: Vec<usize> = weights
        .iter()
        .map(|w| (slots / sum * w).clamp(LEVEL_MIN, u32::MAX as usize / 2))
        .collect();
    caps[0] = caps[0].min(TOP_MAX);
    caps
}

/// The levels a count of `plies` on the device uses: the last two plies are counted by the
/// fused step from the level above them.
pub fn levels_for(plies: u32) -> usize {
    plies.saturating_sub(1).max(1) as usize
}

/// One implementation of the level steps: the CUDA device, or the same code on the CPU.
/// Level `k` holds positions with `plies - k` plies to count; each step works on the
/// elements `start..end` of one level.
pub trait Backend {
    /// Divides the level memory into the levels of a count of `plies` ([`levels_for`]; a
    /// no-op when it already is).
    fn layout(&mut self, plies: u32);
    /// Positions level `level` holds.
    fn capacity(&self, level: usize) -> usize;
    /// Makes `roots` level 0 (each its own parent in the results) and zeroes the results.
    fn upload(&mut self, roots: &[GpuPosition]) -> Result<(), GpuError>;
    /// Probes the table, merges equal positions (when [`Backend::merges`]), sets each count
    /// word; returns the number of children to expand.
    fn prepare(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<u64, GpuError>;
    /// Writes the children of `start..end` to level `level + 1` from its start.
    fn expand(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError>;
    /// Whether equal positions within a part of a level are counted once (with a table).
    fn merges(&self) -> bool;
    /// After `prepare` with two plies left: perft 2 of each position to count, into its
    /// count word.
    fn fused_first(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError>;
    /// Adds each position's perft 2 to its parent's count (without a table).
    fn fused(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError>;
    /// Adds each position's number of legal moves to its parent's count.
    fn leaves(&mut self, level: usize, start: usize, end: usize) -> Result<(), GpuError>;
    /// Stores each count in the table and adds it to the parent's count.
    fn reduce(
        &mut self,
        level: usize,
        start: usize,
        end: usize,
        remaining: u32,
    ) -> Result<(), GpuError>;
    /// The first `n` results (each root's count) after a count.
    fn results(&mut self, n: usize) -> Result<Vec<u64>, GpuError>;
}

/// Called with `(roots counted, roots)` after each pass of the device.
pub type Progress<'a> = &'a dyn Fn(usize, usize);

/// Roots a pass takes at most when someone watches the progress: a sixty-fourth of them,
/// so that the bar moves (the roots are distinct, and the table still finds what earlier
/// passes counted).
fn pass_size(roots: usize, room: usize, watched: bool) -> usize {
    match watched {
        true => roots.div_ceil(64).clamp(1, room),
        false => room,
    }
}

/// Perft `plies` of each root, in order, on `backend` (which has at least `plies` levels).
pub fn count_roots<B: Backend>(
    backend: &mut B,
    roots: &[GpuPosition],
    plies: u32,
    progress: Option<Progress<'_>>,
) -> Result<Vec<u64>, GpuError> {
    if !(1..=DEVICE_PLIES_MAX).contains(&plies) {
        return Err(GpuError::Options(format!(
            "device plies {plies} is not 1 to {DEVICE_PLIES_MAX}"
        )));
    }
    backend.layout(plies);
    let mut out = Vec::with_capacity(roots.len());
    let pass = pass_size(roots.len(), backend.capacity(0), progress.is_some());
    for chunk in roots.chunks(pass) {
        backend.upload(chunk)?;
        run(backend, 0, 0, chunk.len(), plies)?;
        out.extend(backend.results(chunk.len())?);
        if let Some(progress) = progress {
            progress(out.len(), roots.len());
        }
    }
    Ok(out)
}

/// Counts `start..end` of `level`, `remaining` plies each, into their parents' counts.
fn run<B: Backend>(
    backend: &mut B,
    level: usize,
    start: usize,
    end: usize,
    remaining: u32,
) -> Result<(), GpuError> {
    if start == end {
        return Ok(());
    }
    match remaining {
        1 => return backend.leaves(level, start, end),
        2 if backend.merges() => {
            backend.prepare(level, start, end, 2)?;
            backend.fused_first(level, start, end)?;
            return backend.reduce(level, start, end, 2);
        }
        2 => return backend.fused(level, start, end),
        _ => {}
    }
    let children = backend.prepare(level, start, end, remaining)?;
    let room = backend.capacity(level + 1) as u64;
    if children > room {
        // Parts of about three quarters of the room each; a part still too large (its
        // positions have more children than the average) splits again.
        let parts = children.div_ceil(room * 3 / 4) as usize;
        let len = end - start;
        for k in 0..parts {
            let (a, b) = (start + len * k / parts, start + len * (k + 1) / parts);
            run(backend, level, a, b, remaining)?;
        }
        return Ok(());
    }
    backend.expand(level, start, end)?;
    run(backend, level + 1, 0, children as usize, remaining - 1)?;
    backend.reduce(level, start, end, remaining)
}

/// The positions `plies` below `root` with the number of move sequences reaching each:
/// equal positions merged when `merge`, else one entry per sequence.
pub fn frontier(root: GpuPosition, plies: u32, merge: bool) -> Vec<(GpuPosition, u64)> {
    let mut level = vec![(root, 1u64)];
    for _ in 0..plies {
        if merge {
            let mut next: HashMap<GpuPosition, u64> = HashMap::new();
            for (pos, paths) in &level {
                for child in host_children(pos) {
                    *next.entry(child).or_insert(0) += paths;
                }
            }
            level = next.into_iter().collect();
        } else {
            level = level
                .iter()
                .flat_map(|(pos, paths)| host_children(pos).into_iter().map(move |c| (c, *paths)))
                .collect();
        }
    }
    level
}

/// Perft of `pos` to `depth` on `backend`: the host expands `depth - plies` plies, the
/// backend counts `plies` below each position found there.
pub fn perft<B: Backend>(
    backend: &mut B,
    options: &GpuOptions,
    pos: &Position,
    depth: u32,
    progress: Option<Progress<'_>>,
) -> Result<u64, GpuError> {
    if depth == 0 {
        return Ok(1);
    }
    let plies = options.plies_for(depth);
    let front = frontier(
        GpuPosition::from(pos),
        depth - plies,
        options.table_bytes > 0,
    );
    let roots: Vec<GpuPosition> = front.iter().map(|(p, _)| *p).collect();
    let counts = count_roots(backend, &roots, plies, progress)?;
    let total: u128 = front
        .iter()
        .zip(&counts)
        .map(|((_, paths), n)| u128::from(*paths) * u128::from(*n))
        .sum();
    u64::try_from(total).map_err(|_| GpuError::Options(format!("perft {depth} overflows 64 bits")))
}

/// Perft below each legal move of `pos` (`depth` at least 1), in the library's order.
pub fn perft_divide<B: Backend>(
    backend: &mut B,
    options: &GpuOptions,
    pos: &Position,
    depth: u32,
) -> Result<Vec<(Move, u64)>, GpuError> {
    let mut out = Vec::new();
    for m in &pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(*m);
        out.push((
            *m,
            perft(backend, options, &child, depth.saturating_sub(1), None)?,
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Merged, the host's plies hold each position once (the published numbers of unique
    /// positions by ply from the start), and the paths add up to perft.
    #[test]
    fn the_merged_frontier_holds_each_position_once() {
        let start = Position::new();
        for (plies, unique, paths) in [(3, 5_362, 8_902), (4, 72_078, 197_281)] {
            let merged = frontier(GpuPosition::from(&start), plies, true);
            assert_eq!(merged.len(), unique, "ply {plies}");
            assert_eq!(merged.iter().map(|(_, n)| n).sum::<u64>(), paths);
            let plain = frontier(GpuPosition::from(&start), plies, false);
            assert_eq!(plain.len() as u64, paths);
        }
    }
}
