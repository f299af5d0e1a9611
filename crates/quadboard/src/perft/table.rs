//! A shared transposition table for perft whose entries hold the whole position, so that a
//! hash collision can never return the count of another position.
//!
//! A position is packed as its quad-bitboard (four words whose vertical nibble per square
//! is the piece code) plus one word for castling rooks, en passant square, side to move and
//! depth: five words identify a perft subtree exactly. The table index is a hash of those
//! words. Entries are guarded by a per-entry sequence lock, so that threads can share the
//! table without locks and a torn read is detected and treated as a miss.

use alloc::vec::Vec;
use core::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};

use crate::board::Placement;
use crate::movegen::Node;
use crate::Color;

/// A perft subtree's identity: position and remaining depth, packed in five words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Packed([u64; 5]);

impl Packed {
    #[inline]
    pub(crate) fn new<B: Placement>(node: &Node<B>, turn: Color, depth: u32) -> Packed {
        let q = node.board.to_quad().planes();
        let castling = node.castling;
        // Castling rooks stand on the back ranks: eight bits for each.
        let rights = (castling.0 & 0xff) | (castling.0 >> 48 & 0xff00);
        let ep = node.ep_square.map_or(0, |sq| sq as u64 + 1);
        let extra = rights | ep << 16 | (turn as u64) << 23 | u64::from(depth) << 24;
        Packed([q[0].0, q[1].0, q[2].0, q[3].0, extra])
    }

    /// The table index hash; `start` is the seed-dependent starting value.
    #[inline]
    fn hash(&self, start: u64) -> u64 {
        let mut h = start;
        for w in self.0 {
            h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h ^= h >> 29;
        }
        h
    }

    fn depth(&self) -> u32 {
        (self.0[4] >> 24) as u32
    }
}

/// One entry: a sequence number (odd while a writer is busy), the packed identity and
/// the count.
struct Slot {
    sequence: AtomicU32,
    words: [AtomicU64; 6],
}

impl Slot {
    fn new() -> Slot {
        Slot {
            sequence: AtomicU32::new(0),
            words: Default::default(),
        }
    }

    #[inline]
    fn read(&self) -> Option<(Packed, u64)> {
        let before = self.sequence.load(Ordering::Acquire);
        if before & 1 == 1 {
            return None;
        }
        let mut w = [0u64; 6];
        for (dst, src) in w.iter_mut().zip(&self.words) {
            *dst = src.load(Ordering::Relaxed);
        }
        fence(Ordering::Acquire);
        if self.sequence.load(Ordering::Relaxed) != before {
            return None;
        }
        Some((Packed([w[0], w[1], w[2], w[3], w[4]]), w[5]))
    }

    #[inline]
    fn write(&self, key: &Packed, nodes: u64) {
        let before = self.sequence.load(Ordering::Relaxed);
        // Another writer holds the slot: skip this store rather than wait.
        if before & 1 == 1
            || self
                .sequence
                .compare_exchange(
                    before,
                    before.wrapping_add(1),
                    Ordering::Acquire,
                    Ordering::Relaxed,
                )
                .is_err()
        {
            return;
        }
        fence(Ordering::Release);
        for (dst, &src) in self.words.iter().zip(key.0.iter().chain([nodes].iter())) {
            dst.store(src, Ordering::Relaxed);
        }
        self.sequence
            .store(before.wrapping_add(2), Ordering::Release);
    }
}

/// A transposition table for perft, safe to share between threads.
pub struct PerftTable {
    slots: Vec<Slot>,
    mask: usize,
    hash_start: u64,
}

impl PerftTable {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = core::mem::size_of::<Slot>();

    /// A table of at most `megabytes` MiB (a power of two number of entries, at least 2).
    pub fn new(megabytes: usize) -> PerftTable {
        PerftTable::with_seed(megabytes, 0)
    }

    /// Like [`PerftTable::new`], with the index hash started from `seed` (0 gives the
    /// table of `new`): another seed stores the same subtrees in other slots, so that two
    /// runs with different seeds share no table layout. Entries are verified by the whole
    /// position either way; a second seed guards against faults, not collisions.
    pub fn with_seed(megabytes: usize, seed: u64) -> PerftTable {
        let wanted = (megabytes.saturating_mul(1 << 20) / Self::ENTRY_BYTES).max(2);
        // Round down to a power of two so that the index is a mask.
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let mut slots = Vec::with_capacity(len);
        slots.resize_with(len, Slot::new);
        // SplitMix64's finaliser: every seed bit moves the start, and seed 0 leaves it.
        let mut z = seed;
        z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        PerftTable {
            slots,
            mask: len - 1,
            hash_start: 0x243f_6a88_85a3_08d3 ^ z ^ z >> 31,
        }
    }

    /// How many entries the table has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no entries (never: it has at least two).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The count stored for exactly this subtree, if any.
    #[inline]
    pub(crate) fn probe(&self, key: &Packed) -> Option<u64> {
        let i = key.hash(self.hash_start) as usize & self.mask;
        // Two-way buckets: the slot and its neighbour.
        for slot in [&self.slots[i], &self.slots[i ^ 1]] {
            if let Some((stored, nodes)) = slot.read() {
                if stored == *key {
                    return Some(nodes);
                }
            }
        }
        None
    }

    /// Stores a count, replacing the shallower of the two candidate entries.
    #[inline]
    pub(crate) fn store(&self, key: &Packed, nodes: u64) {
        let i = key.hash(self.hash_start) as usize & self.mask;
        let depth_of = |slot: &Slot| slot.read().map_or(0, |(k, _)| k.depth());
        let target = if depth_of(&self.slots[i]) <= depth_of(&self.slots[i ^ 1]) {
            i
        } else {
            i ^ 1
        };
        self.slots[target].write(key, nodes);
    }
}

/// What the table holds, for tests and tuning. Both are read from the entries' sequence
/// numbers (each completed store advances one by two) by a scan of the whole table, so
/// perft pays nothing for them.
impl PerftTable {
    /// How many entries have been written at least once.
    pub fn occupied(&self) -> usize {
        self.slots
            .iter()
            .filter(|slot| slot.sequence.load(Ordering::Relaxed) != 0)
            .count()
    }

    /// How many stores have completed since the table was made: `stores() - occupied()`
    /// of them replaced an entry. A store that found its entry busy is skipped and not
    /// counted; each entry's share wraps after 2^31 stores.
    pub fn stores(&self) -> u64 {
        self.slots
            .iter()
            .map(|slot| u64::from(slot.sequence.load(Ordering::Relaxed) / 2))
            .sum()
    }
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PerftTable({} entries)", self.slots.len())
    }
}
