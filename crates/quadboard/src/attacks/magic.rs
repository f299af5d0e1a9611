//! Slider attacks by fancy magic bitboards: the relevant occupancy times a magic
//! multiplier, shifted right, indexes a per-square slice of one shared table.
//!
//! The multipliers come from a deterministic search in `build.rs`, which also fills the
//! table with the same index function used here and refuses any harmful collision.

use super::slider_math::magic_index;
use super::table::{LAYOUT, MAGIC};
use crate::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

/// What one square needs to index its slice of the table.
#[derive(Copy, Clone, Debug)]
struct Entry {
    mask: u64,
    magic: u64,
    offset: u32,
    /// How many bits the relevant mask has: the index is the product's top `bits` bits.
    bits: u32,
}

const fn entries(kind: usize, magics: &[u64; 64]) -> [Entry; 64] {
    let mut entries = [Entry {
        mask: 0,
        magic: 0,
        offset: 0,
        bits: 0,
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let mask = LAYOUT.masks[kind][sq];
        entries[sq] = Entry {
            mask,
            magic: magics[sq],
            offset: LAYOUT.offsets[kind][sq],
            bits: mask.count_ones(),
        };
        sq += 1;
    }
    entries
}

static ROOK: [Entry; 64] = entries(0, &ROOK_MAGICS);
static BISHOP: [Entry; 64] = entries(1, &BISHOP_MAGICS);

#[inline(always)]
fn lookup(entry: &Entry, occupied: Bitboard) -> Bitboard {
    let index =
        entry.offset as usize + magic_index(occupied.0, entry.mask, entry.magic, entry.bits);
    // SAFETY: `magic_index` is below `1 << bits` (a 64-bit product shifted right by
    // `64 - bits`), and each square's slice `offset..offset + (1 << bits)` lies inside the
    // table by construction of the layout.
    Bitboard(unsafe { *MAGIC.get_unchecked(index) })
}

/// The squares a rook on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK[square.index()], occupied)
}

/// The squares a bishop on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP[square.index()], occupied)
}

/// The magic multipliers found by the build, rook then bishop, by square.
pub const MAGICS: [[u64; 64]; 2] = [ROOK_MAGICS, BISHOP_MAGICS];
