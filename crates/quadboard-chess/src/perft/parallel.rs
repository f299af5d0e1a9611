//! Perft split across threads: the unique positions a few plies below the root are shared
//! out to workers that take the next one as they finish, so that uneven subtrees balance
//! and transpositions near the root are counted once.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::collections::HashMap;

use super::table::Packed;
use super::{perft_on, PerftTable, Representation};
use crate::moves::Move;
use crate::position::Position;

/// How [`perft_divide`] runs.
#[derive(Clone, Copy, Default)]
pub struct PerftOptions<'a> {
    /// Worker threads; 0 and 1 both mean the calling thread alone.
    pub threads: usize,
    /// A transposition table to share between the workers.
    pub table: Option<&'a PerftTable>,
    /// Called after each finished piece of work with `(done, total)`, from any worker.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    /// The board representation the engine runs on.
    pub representation: Representation,
}

impl core::fmt::Debug for PerftOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PerftOptions")
            .field("threads", &self.threads)
            .field("table", &self.table)
            .field("progress", &self.progress.is_some())
            .field("representation", &self.representation)
            .finish()
    }
}

/// A subtree to count: a position some plies below the root, its remaining depth, and the
/// root moves that lead to it with how many move orders each.
struct Work {
    pos: Position,
    depth: u32,
    roots: Vec<(usize, u64)>,
}

/// How many plies below the root the work is split: deep enough that transpositions
/// near the root are counted once and that threads get many pieces, shallow enough that
/// finding the positions costs little beside the counting (ply 4 of the start position
/// has 197,281 positions, 72,078 unique; perft 8 below it has 85 billion leaves).
pub(crate) fn split_plies(depth: u32, threads: usize) -> u32 {
    let plies = depth.saturating_sub(4).clamp(1, 4);
    if threads > 1 {
        plies.max(2.min(depth - 1))
    } else {
        plies
    }
}

/// The unique positions `plies` below `pos` (`plies` >= 1), in the order first reached,
/// each with its root moves and multiplicities.
fn unique_positions(pos: &Position, roots: &[Move], plies: u32, depth: u32) -> Vec<Work> {
    let mut level: Vec<Work> = roots
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let mut child = *pos;
            child.play_unchecked(m);
            Work {
                pos: child,
                depth: depth - 1,
                roots: alloc::vec![(i, 1)],
            }
        })
        .collect();
    for _ in 1..plies {
        let mut next: Vec<Work> = Vec::new();
        let mut seen: HashMap<Packed, usize> = HashMap::new();
        for parent in &level {
            for &m in parent.pos.legal_moves().iter() {
                let mut child = parent.pos;
                child.play_unchecked(m);
                let key = Packed::new(&child.node, child.turn, 0);
                let index = *seen.entry(key).or_insert_with(|| {
                    next.push(Work {
                        pos: child,
                        depth: parent.depth - 1,
                        roots: Vec::new(),
                    });
                    next.len() - 1
                });
                let roots = &mut next[index].roots;
                for &(root, count) in &parent.roots {
                    match roots.iter_mut().find(|(r, _)| *r == root) {
                        Some((_, n)) => *n += count,
                        None => roots.push((root, count)),
                    }
                }
            }
        }
        level = next;
    }
    level
}

/// Perft below each legal move of `pos`, in generation order, with 128-bit counts; their
/// sum is the perft of `pos` (empty at depth 0, where there is nothing to divide).
///
/// The work is split a few plies below the root (more for deeper runs) into the unique
/// positions there, each counted once and multiplied by the number of move orders that
/// reach it from each root move; threads take those positions one at a time.
///
/// ```
/// use quadboard_chess::perft::{perft_divide, PerftOptions};
/// use quadboard_chess::Position;
/// let divided = perft_divide(&Position::new(), 3, &PerftOptions { threads: 2, ..Default::default() });
/// assert_eq!(divided.len(), 20);
/// assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u128>(), 8_902);
/// ```
pub fn perft_divide(pos: &Position, depth: u32, options: &PerftOptions) -> Vec<(Move, u128)> {
    if depth == 0 {
        return Vec::new();
    }
    let plies = split_plies(depth, options.threads);
    divide_with(
        pos,
        depth,
        plies,
        options.threads,
        options.progress,
        |item, depth| u128::from(perft_on(item, depth, options.representation, options.table)),
    )
}

/// What a divided count accumulates per root move: a subtree's count, added as many times
/// as move orders reach it.
pub(crate) trait Tally: Default + Send {
    /// Adds `part` `times` times.
    fn add_times(&mut self, part: &Self, times: u64);
}

impl Tally for u128 {
    #[inline]
    fn add_times(&mut self, part: &Self, times: u64) {
        *self += part * u128::from(times);
    }
}

/// The threaded division behind [`perft_divide`] and the other divided counts: `count`
/// runs on the unique positions `plies` below the root (1 <= `plies` <= `depth`) with the
/// depth left there, on `threads` workers, and each result is added to the root moves that
/// reach it, once per move order. The root moves come in generation order.
pub(crate) fn divide_with<T: Tally>(
    pos: &Position,
    depth: u32,
    plies: u32,
    threads: usize,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    count: impl Fn(&Position, u32) -> T + Sync,
) -> Vec<(Move, T)> {
    let roots = pos.legal_moves();
    let work = unique_positions(pos, &roots, plies, depth);

    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let worker = || {
        let mut totals: Vec<T> = (0..roots.len()).map(|_| T::default()).collect();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = work.get(i) else { break };
            let part = count(&item.pos, item.depth);
            for &(root, times) in &item.roots {
                totals[root].add_times(&part, times);
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = progress {
                progress(finished, work.len());
            }
        }
        totals
    };

    let threads = threads.clamp(1, work.len().max(1));
    let mut totals: Vec<Vec<T>> = if threads == 1 {
        alloc::vec![worker()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };
    let mut sums = totals.pop().unwrap_or_default();
    sums.resize_with(roots.len(), T::default);
    for other in &totals {
        for (sum, part) in sums.iter_mut().zip(other) {
            sum.add_times(part, 1);
        }
    }
    roots.iter().copied().zip(sums).collect()
}

/// Total perft of `pos` with the given options, in 128 bits.
pub fn perft_total(pos: &Position, depth: u32, options: &PerftOptions) -> u128 {
    if depth == 0 {
        return 1;
    }
    perft_divide(pos, depth, options)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}
