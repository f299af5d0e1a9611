//! Perft split across threads: the subtrees two plies below the root are shared out to
//! workers that take the next one as they finish, so that uneven subtrees balance.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};

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

/// A subtree to count: the root move it belongs to, its position and remaining depth.
struct Work {
    root: usize,
    pos: Position,
    depth: u32,
}

/// Perft below each legal move of `pos`, in generation order, with 128-bit counts; their
/// sum is the perft of `pos` (empty at depth 0, where there is nothing to divide).
///
/// ```
/// use quadboard::perft::{perft_divide, PerftOptions};
/// use quadboard::Position;
/// let divided = perft_divide(&Position::new(), 3, &PerftOptions { threads: 2, ..Default::default() });
/// assert_eq!(divided.len(), 20);
/// assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u128>(), 8_902);
/// ```
pub fn perft_divide(pos: &Position, depth: u32, options: &PerftOptions) -> Vec<(Move, u128)> {
    if depth == 0 {
        return Vec::new();
    }
    let roots = pos.legal_moves();
    let mut work = Vec::new();
    for (i, &m) in roots.iter().enumerate() {
        let mut child = *pos;
        child.play_unchecked(m);
        // Split one more ply when there is depth to spare: finer pieces balance better.
        if depth >= 3 && options.threads > 1 {
            for &grand in child.legal_moves().iter() {
                let mut grandchild = child;
                grandchild.play_unchecked(grand);
                work.push(Work {
                    root: i,
                    pos: grandchild,
                    depth: depth - 2,
                });
            }
        } else {
            work.push(Work {
                root: i,
                pos: child,
                depth: depth - 1,
            });
        }
    }

    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let worker = || {
        let mut totals = alloc::vec![0u128; roots.len()];
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = work.get(i) else { break };
            let nodes = perft_on(&item.pos, item.depth, options.representation, options.table);
            totals[item.root] += u128::from(nodes);
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = options.progress {
                progress(finished, work.len());
            }
        }
        totals
    };

    let threads = options.threads.clamp(1, work.len().max(1));
    let totals: Vec<Vec<u128>> = if threads == 1 {
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
    roots
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            (
                m,
                totals.iter().map(|t| t.get(i).copied().unwrap_or(0)).sum(),
            )
        })
        .collect()
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
