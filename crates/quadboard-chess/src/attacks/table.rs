//! The slider tables that `build.rs` writes as raw words, viewed as `u64` arrays, and the
//! lookup shared by their two index functions (magic multiply-shift and PEXT).
//!
//! Both tables are statics in the binary's read-only data, so the system maps their pages
//! in only when a lookup touches them: a run that uses one index function does not pay
//! for the other table.

use super::magic::MAGICS;
use super::slider_math::{table_layout, TableLayout};
use crate::{Bitboard, Square};

pub(crate) const LAYOUT: TableLayout = table_layout();
pub(crate) const SIZE: usize = LAYOUT.size;

/// Gives the included bytes the alignment of the words they hold.
#[repr(C, align(64))]
pub(crate) struct Aligned<T: ?Sized>(pub(crate) T);

macro_rules! words {
    ($file:literal) => {{
        static BYTES: &Aligned<[u8; SIZE * 8]> =
            &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/", $file)));
        // SAFETY: BYTES holds exactly SIZE * 8 bytes (the array type checks the file's
        // length at compile time), is 64-byte aligned, and any bit pattern is a valid u64;
        // build.rs wrote the words in the target's byte order.
        unsafe { &*(BYTES.0.as_ptr() as *const [u64; SIZE]) }
    }};
}

pub(crate) static MAGIC: &[u64; SIZE] = words!("magic.bin");
#[cfg(target_arch = "x86_64")]
pub(crate) static PEXT: &[u64; SIZE] = words!("pext.bin");

/// The two slider kinds, in the order of the tables and of [`LAYOUT`].
#[derive(Clone, Copy)]
pub(crate) enum Slider {
    Rook = 0,
    Bishop = 1,
}

/// What one square needs to index its slice of either table.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    /// The relevant occupancy mask.
    pub(crate) mask: u64,
    /// The magic multiplier.
    pub(crate) magic: u64,
    /// Where the square's slice starts.
    pub(crate) offset: u32,
    /// How many bits the mask has: the slice holds `1 << bits` entries.
    pub(crate) bits: u32,
}

/// The entries by kind ([`Slider`]) and square.
static ENTRIES: [[Entry; 64]; 2] = {
    let mut entries = [[Entry {
        mask: 0,
        magic: 0,
        offset: 0,
        bits: 0,
    }; 64]; 2];
    let mut kind = 0;
    while kind < 2 {
        let mut sq = 0;
        while sq < 64 {
            let mask = LAYOUT.masks[kind][sq];
            entries[kind][sq] = Entry {
                mask,
                magic: MAGICS[kind][sq],
                offset: LAYOUT.offsets[kind][sq],
                bits: mask.count_ones(),
            };
            sq += 1;
        }
        kind += 1;
    }
    entries
};

/// An index function into one of the tables: from a square's entry and the occupied
/// squares, a position in the table.
///
/// # Safety
/// `index` must return a position inside `table()` for every entry of the layout and
/// every occupancy: [`lookup`] reads the table there unchecked.
pub(crate) unsafe trait Index {
    /// The table the index points into.
    fn table() -> &'static [u64; SIZE];
    /// The position of the attack set of `entry`'s square given `occupied`.
    fn index(entry: &Entry, occupied: Bitboard) -> usize;
}

/// The squares a slider of `kind` on `square` attacks, given the occupied squares, by the
/// table and index function of `I`.
#[inline(always)]
pub(crate) fn lookup<I: Index>(kind: Slider, square: Square, occupied: Bitboard) -> Bitboard {
    let entry = &ENTRIES[kind as usize][square.index()];
    // SAFETY: `Index` implementations return positions inside their table.
    Bitboard(unsafe { *I::table().get_unchecked(I::index(entry, occupied)) })
}
