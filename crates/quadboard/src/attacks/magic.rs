//! Slider attacks by fancy magic bitboards: the relevant occupancy times a magic
//! multiplier, shifted right, indexes a per-square slice of one shared table.
//!
//! The multipliers come from a deterministic search in `build.rs`, which also fills the
//! table with the same index function used here and refuses any harmful collision.

use super::slider_math::magic_index;
use super::table::{lookup, Index, Slider, LAYOUT, MAGIC, SIZE};
use crate::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

/// What one square needs to index its slice of the table.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    mask: u64,
    magic: u64,
    offset: u32,
    /// How many bits the relevant mask has: the index is the product's top `bits` bits.
    bits: u32,
}

static ENTRIES: [[Entry; 64]; 2] = {
    let mut entries = [[Entry {
        mask: 0,
        magic: 0,
        offset: 0,
        bits: 0,
    }; 64]; 2];
    let mut kind = 0;
    while kind < 2 {
        let magics = &MAGICS[kind];
        let mut sq = 0;
        while sq < 64 {
            let mask = LAYOUT.masks[kind][sq];
            entries[kind][sq] = Entry {
                mask,
                magic: magics[sq],
                offset: LAYOUT.offsets[kind][sq],
                bits: mask.count_ones(),
            };
            sq += 1;
        }
        kind += 1;
    }
    entries
};

/// The magic index function: works on every CPU.
pub(crate) enum Magic {}

// SAFETY: `magic_index` is below `1 << bits` (a 64-bit product shifted right by
// `64 - bits`), and each square's slice `offset..offset + (1 << bits)` lies inside the
// table by construction of the layout.
unsafe impl Index for Magic {
    type Entry = Entry;

    #[inline(always)]
    fn entries() -> &'static [[Entry; 64]; 2] {
        &ENTRIES
    }

    #[inline(always)]
    fn table() -> &'static [u64; SIZE] {
        MAGIC
    }

    #[inline(always)]
    fn index(entry: &Entry, occupied: Bitboard) -> usize {
        entry.offset as usize + magic_index(occupied.0, entry.mask, entry.magic, entry.bits)
    }
}

/// The squares a rook on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    lookup::<Magic>(Slider::Rook, square, occupied)
}

/// The squares a bishop on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    lookup::<Magic>(Slider::Bishop, square, occupied)
}

/// The magic multipliers found by the build, rook then bishop, by square.
pub const MAGICS: [[u64; 64]; 2] = [ROOK_MAGICS, BISHOP_MAGICS];
