//! A shared transposition table for perft, verified by a 128-bit key.
//!
//! A subtree is identified exactly by [`Packed`]: the position's quad-bitboard (four words
//! whose vertical nibble per square is the piece code) plus one word for castling rooks,
//! en passant square, side to move and depth. The table does not store those five words:
//! it stores two independent 64-bit hashes of them, and trusts an entry only when both
//! equal the probe's. An entry is then four words (32 bytes), two to a 64-byte bucket, and
//! a table holds 1.75 times the entries that whole positions (56 bytes each) would fit.
//!
//! **Collision risk.** A wrong count needs two different subtrees whose 128-bit keys are
//! equal. Taking the hashes as random, each comparison of a probe with a stored entry
//! errs with probability 2^-128; a start-position perft 9 compares about 2^30 times, so
//! the chance that it counts wrong is below 2^-97 (10^-29). The index of a bucket is part
//! of the first hash, so a bucket's entries agree with the probe in those bits already,
//! and the comparison is with the full 128 bits.
//!
//! Threads share the table without locks. A store writes `key ^ data` next to `data`
//! (the lockless scheme of Hyatt and Mann), so that a read whose words come from two
//! different stores fails the comparison, and is a miss, unless both stores were of the
//! same subtree, when it returns the same count.

use core::alloc::Layout;
use core::ptr::NonNull;
use core::sync::atomic::{AtomicU64, Ordering};

use super::engine::TABLE_MIN_DEPTH;
use super::perft;
use crate::attacks;
use crate::board::Placement;
use crate::movegen::Node;
use crate::position::Position;
use crate::{Color, Role};

/// A perft subtree's identity: position and remaining depth, packed in five words.
///
/// An en passant square is kept only when a pawn of the side to move attacks it: otherwise
/// it changes no count, and leaving it out lets the transpositions that differ only there
/// share an entry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Packed([u64; 5]);

impl Packed {
    #[inline]
    pub(crate) fn new<B: Placement>(node: &Node<B>, turn: Color, depth: u32) -> Packed {
        let q = node.board.to_quad().planes();
        let castling = node.castling;
        // Castling rooks stand on the back ranks: eight bits for each.
        let rights = (castling.0 & 0xff) | (castling.0 >> 48 & 0xff00);
        let our_pawns = node.board.role_set(Role::Pawn) & node.board.color_set(turn);
        let ep = node
            .ep_square
            .filter(|&sq| (attacks::pawn(turn.other(), sq) & our_pawns).any())
            .map_or(0, |sq| sq as u64 + 1);
        let extra = rights | ep << 16 | (turn as u64) << 23 | u64::from(depth) << 24;
        Packed([q[0].0, q[1].0, q[2].0, q[3].0, extra])
    }

    /// The 128-bit key under `seeds`: two hashes with independent constants.
    #[inline]
    fn key(&self, seeds: [u64; 2]) -> Key {
        Key([
            hash(&self.0, seeds[0], &LOW),
            hash(&self.0, seeds[1], &HIGH),
        ])
    }
}

/// Multipliers of the two hashes (odd, from the hexadecimal digits of pi and e), one per
/// packed word and one to finish.
const LOW: [u64; 6] = [
    0x243f_6a88_85a3_08d3,
    0x1319_8a2e_0370_7345,
    0xa409_3822_299f_31d1,
    0x082e_fa98_ec4e_6c89,
    0x4528_21e6_38d0_1377,
    0xbe54_66cf_34e9_0c6d,
];
const HIGH: [u64; 6] = [
    0xb7e1_5162_8aed_2a6b,
    0xf324_0f19_29a8_1c9f,
    0x7f0f_3419_c9a1_f3c1,
    0x5a82_7999_fbce_a1d7,
    0xc1e0_3cd3_9e73_58a5,
    0x6ed9_eba1_1f1b_bcdd,
];

/// Folds each word into the state by a 64 x 64 -> 128-bit multiply whose halves are
/// added back together: every input bit reaches every output bit within two steps.
#[inline(always)]
fn hash(words: &[u64; 5], start: u64, multipliers: &[u64; 6]) -> u64 {
    let fold = |a: u64, b: u64| {
        let product = u128::from(a) * u128::from(b);
        (product as u64) ^ (product >> 64) as u64
    };
    let mut h = start;
    for (w, &m) in words.iter().zip(multipliers) {
        h = fold(h ^ w, m).wrapping_add(*w);
    }
    fold(h, multipliers[5])
}

/// A subtree's 128-bit key; the low word also picks the bucket.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Key([u64; 2]);

/// One entry: `key[0] ^ count`, `key[1] ^ meta`, `count`, `meta`, where `meta` holds the
/// depth (low 8 bits) and how often the entry was written (for [`PerftTable::stores`]).
/// All zero means empty: no key is found there, since its check words would be the key.
type Entry = [AtomicU64; 4];

/// Two entries in one cache line, so that a probe reads one line.
#[repr(C, align(64))]
struct Bucket([Entry; 2]);

impl Bucket {
    /// The count stored under `key`, if either entry holds it.
    #[inline]
    fn find(&self, key: Key) -> Option<u64> {
        self.0.iter().find_map(|entry| {
            let [c0, c1, count, meta] = entry.each_ref().map(|w| w.load(Ordering::Relaxed));
            (c0 ^ count == key.0[0] && c1 ^ meta == key.0[1] && meta != 0).then_some(count)
        })
    }

    /// Writes `count` for `key` into the entry that holds the key already, else into the
    /// one with the smaller depth (the second on a tie: the first keeps its entry longer).
    #[inline]
    fn store(&self, key: Key, depth: u32, count: u64) {
        let read = |e: &Entry| {
            let meta = e[3].load(Ordering::Relaxed);
            let held = e[0].load(Ordering::Relaxed) ^ e[2].load(Ordering::Relaxed) == key.0[0]
                && e[1].load(Ordering::Relaxed) ^ meta == key.0[1];
            (held, meta)
        };
        let (held0, meta0) = read(&self.0[0]);
        let (held1, meta1) = read(&self.0[1]);
        let (entry, old) = if held0 || (!held1 && meta0 & 0xff < meta1 & 0xff) {
            (&self.0[0], meta0)
        } else {
            (&self.0[1], meta1)
        };
        // The write count shares the word with the depth; it may lose a store to a racing
        // thread, which only makes `stores` a lower bound.
        let meta = (old >> 8).wrapping_add(1) << 8 | u64::from(depth.min(0xff));
        entry[0].store(key.0[0] ^ count, Ordering::Relaxed);
        entry[1].store(key.0[1] ^ meta, Ordering::Relaxed);
        entry[2].store(count, Ordering::Relaxed);
        entry[3].store(meta, Ordering::Relaxed);
    }
}

/// A transposition table for perft, safe to share between threads.
pub struct PerftTable {
    buckets: Buckets,
    mask: usize,
    seeds: [u64; 2],
    /// Bits of the key that probes compare: all in real tables; tests weaken it to show
    /// that a shorter key gives wrong counts, and so that the comparison is what keeps
    /// counts exact.
    verified: [u64; 2],
}

impl PerftTable {
    /// Bytes per entry.
    pub const ENTRY_BYTES: usize = core::mem::size_of::<Entry>();

    /// A table of at most `megabytes` MiB (a power of two number of entries, at least 2).
    ///
    /// # Panics
    /// Aborts, as any allocation does, when the memory cannot be had;
    /// [`PerftTable::try_new`] returns the failure instead.
    pub fn new(megabytes: usize) -> PerftTable {
        PerftTable::with_seed(megabytes, 0)
    }

    /// Like [`PerftTable::new`], with both hashes started from values derived from `seed`
    /// (0 gives the table of `new`): another seed stores the same subtrees in other
    /// buckets under other keys, so that two runs with different seeds share neither a
    /// table layout nor a key collision.
    ///
    /// # Panics
    /// Aborts when the memory cannot be had, as [`PerftTable::new`] does.
    pub fn with_seed(megabytes: usize, seed: u64) -> PerftTable {
        match PerftTable::try_with_seed(megabytes, seed) {
            Ok(table) => table,
            // The allocator's own report ("memory allocation of N bytes failed").
            Err(e) => match Layout::from_size_align(e.bytes, 64) {
                Ok(layout) => alloc::alloc::handle_alloc_error(layout),
                Err(_) => panic!("{e}: the size has no memory layout"),
            },
        }
    }

    /// Like [`PerftTable::new`], but a size the allocator refuses (more than the process
    /// may have, or than the address space holds) is an error instead of an abort.
    ///
    /// The memory comes zeroed from the allocator, so a large table is only reserved
    /// here: pages are committed where perft writes. Whether the system will commit them
    /// all later is not known here (Linux overcommits).
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails, with the size asked for.
    ///
    /// ```
    /// use quadboard_chess::perft::PerftTable;
    /// assert_eq!(PerftTable::try_new(1).unwrap().len(), 32_768);
    /// assert!(PerftTable::try_new(usize::MAX).is_err());
    /// ```
    pub fn try_new(megabytes: usize) -> Result<PerftTable, TableAllocError> {
        PerftTable::try_with_seed(megabytes, 0)
    }

    /// [`PerftTable::with_seed`] with the allocation's failure returned, as in
    /// [`PerftTable::try_new`].
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails.
    pub fn try_with_seed(megabytes: usize, seed: u64) -> Result<PerftTable, TableAllocError> {
        PerftTable::try_with_buckets(buckets_in(megabytes), seed)
    }

    /// A table for a perft of `pos` to `depth` with at most `megabytes` MiB: the size
    /// [`PerftTable::try_new`] gives, or less when the search is too small to fill it.
    ///
    /// Perft stores a count for each subtree of two plies or more, so the search can
    /// store at most its nodes on plies 0 to `depth - 2`. They are counted with perft
    /// where that is cheap (a few thousand move generations at most) and extrapolated
    /// with the largest branching factor seen beyond; the table gets a bucket (two
    /// entries) for each, rounded up to a power of two. A larger table would cost more
    /// than it saves: each store writes a random page, and on Linux a table of 2 MiB
    /// or more asks for huge pages, each of which the kernel clears on its first write
    /// (`perft 4` with 16 GiB stores at most 421 counts, and they left 861 MB resident).
    /// Deep searches estimate far more entries than any table holds and get the size
    /// asked for; finding that out costs a few thousand move generations.
    ///
    /// # Errors
    /// [`TableAllocError`] when the allocation fails.
    ///
    /// ```
    /// use quadboard_chess::perft::{perft_with_table, PerftTable};
    /// use quadboard_chess::Position;
    /// let pos = Position::new();
    /// // perft 4 stores at most the 421 nodes of plies 0 to 2: 512 buckets.
    /// let table = PerftTable::try_for_perft(&pos, 4, 1024).unwrap();
    /// assert_eq!(table.len(), 1024);
    /// assert_eq!(perft_with_table(&pos, 4, &table), 197_281);
    /// // Deep searches get what they ask for.
    /// assert_eq!(PerftTable::try_for_perft(&pos, 9, 1).unwrap().len(), 32_768);
    /// ```
    pub fn try_for_perft(
        pos: &Position,
        depth: u32,
        megabytes: usize,
    ) -> Result<PerftTable, TableAllocError> {
        let needed = stored_estimate(pos, depth)
            .max(1)
            .checked_next_power_of_two()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(usize::MAX);
        PerftTable::try_with_buckets(buckets_in(megabytes).min(needed), 0)
    }

    /// A table of `len` buckets (a power of two) under `seed`.
    fn try_with_buckets(len: usize, seed: u64) -> Result<PerftTable, TableAllocError> {
        Ok(PerftTable {
            buckets: Buckets::try_new(len)?,
            mask: len - 1,
            seeds: [splitmix(seed), splitmix(seed ^ 0x9e37_79b9_7f4a_7c15)],
            verified: [u64::MAX; 2],
        })
    }

    /// A table that compares only the key bits in `verified`, for tests of the
    /// comparison.
    #[cfg(test)]
    pub(crate) fn weakened(megabytes: usize, verified: [u64; 2]) -> PerftTable {
        PerftTable {
            verified,
            ..PerftTable::new(megabytes)
        }
    }

    /// How many entries the table has.
    pub fn len(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Whether the table has no entries (never: it has at least two).
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Where `key`'s entry lives and what it must hold.
    #[inline]
    pub(crate) fn slot(&self, key: &Packed) -> Slot {
        let Key([low, high]) = key.key(self.seeds);
        Slot {
            bucket: low as usize & self.mask,
            key: Key([low & self.verified[0], high & self.verified[1]]),
            depth: (key.0[4] >> 24) as u32,
        }
    }

    /// Starts loading the slot's cache line, so that a probe soon after finds it there.
    #[inline(always)]
    pub(crate) fn prefetch(&self, slot: Slot) {
        #[cfg(target_arch = "x86_64")]
        {
            let line: *const Bucket = &self.buckets[slot.bucket];
            // SAFETY: a prefetch only hints the cache and cannot fault; the address is
            // a bucket of the table.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(line.cast())
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    /// The count stored for the slot's subtree, if any.
    #[inline]
    pub(crate) fn probe(&self, slot: Slot) -> Option<u64> {
        self.buckets[slot.bucket].find(slot.key)
    }

    /// Stores a count, replacing the shallower of the two entries of its bucket.
    #[inline]
    pub(crate) fn store(&self, slot: Slot, nodes: u64) {
        self.buckets[slot.bucket].store(slot.key, slot.depth, nodes);
    }
}

/// A subtree's place in a [`PerftTable`]: its bucket, its key and its depth.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    bucket: usize,
    key: Key,
    depth: u32,
}

/// SplitMix64's finaliser: every seed bit moves every output bit.
fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ z >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ z >> 31
}

/// The buckets of a table of at most `megabytes` MiB: a power of two (so that the index
/// is a mask), at least one.
fn buckets_in(megabytes: usize) -> usize {
    let wanted = (megabytes.saturating_mul(1 << 20) / core::mem::size_of::<Bucket>()).max(1);
    1usize << (usize::BITS - 1 - wanted.leading_zeros())
}

/// Levels of the tree with at most this many nodes are expanded to count the next one
/// exactly: the estimate then costs at most a few thousand generations beyond the first
/// levels (about a millisecond).
const EXACT_UP_TO: u64 = 1 << 12;

/// An upper estimate of the counts a perft of `pos` to `depth` stores: its nodes with
/// [`TABLE_MIN_DEPTH`] plies or more left, those on plies 0 to `depth - 2`. Each level is
/// counted by perft while the level above has at most [`EXACT_UP_TO`] nodes, and beyond
/// that is the level above times the largest branching factor seen so far (saturating).
/// Transpositions make the true number of stores smaller: the tree counts a position once
/// per path.
fn stored_estimate(pos: &Position, depth: u32) -> u64 {
    let Some(last) = depth.checked_sub(TABLE_MIN_DEPTH) else {
        return 0;
    };
    let (mut level, mut total, mut branching) = (1u64, 1u64, 1u64);
    for ply in 1..=last {
        if level == 0 {
            // Every line has ended: nothing deeper to store.
            break;
        }
        level = if level <= EXACT_UP_TO {
            let next = perft(pos, ply);
            branching = branching.max(next.div_ceil(level));
            next
        } else {
            level.saturating_mul(branching)
        };
        total = total.saturating_add(level);
    }
    total
}

/// `len` empty buckets, cache-line aligned, in zeroed memory from the allocator: a large
/// table comes from fresh pages, so that making one costs no time and memory is
/// committed only where the run writes. (Asking the allocator for 64-byte alignment
/// would make it clear the memory itself.)
struct Buckets {
    first: NonNull<Bucket>,
    len: usize,
    allocation: NonNull<u8>,
    layout: Layout,
}

// SAFETY: `Buckets` owns its allocation, and a `Bucket` (atomic integers) may be shared
// and sent between threads.
unsafe impl Send for Buckets {}
// SAFETY: as above; shared access only reads through `&[Bucket]`.
unsafe impl Sync for Buckets {}

impl Buckets {
    /// `len` zeroed buckets, or the size that could not be had.
    fn try_new(len: usize) -> Result<Buckets, TableAllocError> {
        let align = core::mem::align_of::<Bucket>();
        let bytes = len.saturating_mul(core::mem::size_of::<Bucket>());
        // A size over `isize::MAX` has no layout: no allocator could give it.
        let layout = bytes
            .checked_add(align)
            .and_then(|total| Layout::from_size_align(total, 8).ok())
            .ok_or(TableAllocError { bytes })?;
        // SAFETY: the layout is not zero-sized.
        let raw = unsafe { alloc::alloc::alloc_zeroed(layout) };
        let allocation = NonNull::new(raw).ok_or(TableAllocError { bytes })?;
        let skip = raw.align_offset(align);
        // SAFETY: `skip < align`, and the allocation has `align` bytes beyond the buckets.
        let first = unsafe { allocation.add(skip) }.cast::<Bucket>();
        huge_pages(first.as_ptr().cast(), bytes);
        Ok(Buckets {
            first,
            len,
            allocation,
            layout,
        })
    }
}

impl core::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` is aligned and followed by `len` buckets of zeroed (so valid)
        // memory that lives as long as `self`.
        unsafe { core::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout.
        unsafe { alloc::alloc::dealloc(self.allocation.as_ptr(), self.layout) }
    }
}

/// Asks Linux to back a large table with 2 MiB pages where it can: a probe lands on a
/// random bucket, and with 4 KiB pages nearly every probe of a table of gigabytes also
/// misses the TLB and walks the page tables.
#[cfg(all(feature = "std", target_os = "linux"))]
fn huge_pages(start: *mut u8, bytes: usize) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut core::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let skip = start.align_offset(HUGE);
    if bytes < skip + HUGE {
        return;
    }
    let len = (bytes - skip) / HUGE * HUGE;
    // SAFETY: the range lies within the table's allocation; the advice changes how the
    // kernel backs it, not its contents. A refusal (old kernel, no THP) is harmless.
    unsafe { madvise(start.add(skip).cast(), len, MADV_HUGEPAGE) };
}

#[cfg(not(all(feature = "std", target_os = "linux")))]
fn huge_pages(_start: *mut u8, _bytes: usize) {}

/// What the table holds, for tests and tuning. Both are read from the entries by a scan of
/// the whole table, so perft pays nothing for them.
impl PerftTable {
    /// How many entries have been written at least once.
    pub fn occupied(&self) -> usize {
        self.entries()
            .filter(|entry| entry[3].load(Ordering::Relaxed) != 0)
            .count()
    }

    /// How many stores have completed since the table was made: `stores() - occupied()`
    /// of them replaced an entry or wrote one again. Stores racing on one entry may be
    /// counted once.
    pub fn stores(&self) -> u64 {
        self.entries()
            .map(|entry| entry[3].load(Ordering::Relaxed) >> 8)
            .sum()
    }

    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.buckets.iter().flat_map(|bucket| &bucket.0)
    }
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PerftTable({} entries)", self.len())
    }
}

/// A perft table whose memory the allocator refused: more than the process may have, or
/// than the address space holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    bytes: usize,
}

impl TableAllocError {
    /// The size of the table that could not be allocated, in bytes (saturated at
    /// `usize::MAX`).
    pub fn bytes(&self) -> usize {
        self.bytes
    }
}

impl core::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        const MIB: usize = 1 << 20;
        if self.bytes.is_multiple_of(MIB) {
            write!(
                f,
                "cannot allocate a perft table of {} MiB",
                self.bytes / MIB
            )
        } else {
            write!(f, "cannot allocate a perft table of {} bytes", self.bytes)
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TableAllocError {}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    /// Sizes no allocator can give are errors with the size, not aborts: beyond
    /// `isize::MAX` (no layout) and beyond the address space (the allocator refuses; the
    /// memory is only reserved, so nothing is committed either way).
    #[test]
    fn impossible_sizes_are_errors() {
        let err = PerftTable::try_new(usize::MAX).unwrap_err();
        assert!(err.bytes() > isize::MAX as usize, "{err}");
        #[cfg(target_pointer_width = "64")]
        {
            let err = PerftTable::try_new(1 << 40).unwrap_err();
            assert_eq!(err.bytes(), 1 << 60);
            assert_eq!(
                err.to_string(),
                "cannot allocate a perft table of 1099511627776 MiB"
            );
        }
    }

    /// The estimate is exact while the tree is small, grows with depth, and deep searches
    /// get the size asked for.
    #[test]
    fn the_table_fits_the_search() {
        let start = Position::new();
        for (depth, stored) in [(0, 0), (1, 0), (2, 1), (3, 21), (4, 421), (5, 9_323)] {
            assert_eq!(stored_estimate(&start, depth), stored, "depth {depth}");
        }
        // Ply 4 extrapolated from ply 3 (8,902 nodes, at most 23 per node above).
        assert_eq!(stored_estimate(&start, 6), 9_323 + 8_902 * 23);
        assert_eq!(
            PerftTable::try_for_perft(&start, 5, 1024).unwrap().len(),
            2 * 16_384
        );
        for depth in 7..=20 {
            let table = PerftTable::try_for_perft(&start, depth, 1).unwrap();
            assert_eq!(table.len(), PerftTable::new(1).len(), "depth {depth}");
        }
        // Checkmated: the root alone.
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let mate = Position::from_fen(mate).unwrap();
        assert_eq!(stored_estimate(&mate, 9), 1);
        assert_eq!(PerftTable::try_for_perft(&mate, 9, 1024).unwrap().len(), 2);
    }
}
