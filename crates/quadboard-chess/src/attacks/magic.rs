//! Slider attacks by fancy magic bitboards: the relevant occupancy times a magic
//! multiplier, shifted right, indexes a per-square slice of one shared table.
//!
//! The multipliers come from a deterministic search in `build.rs`, which also fills the
//! table with the same index function used here and refuses any harmful collision.

use super::slider_math::magic_index;
use super::table::{lookup, Entry, Index, Slider, MAGIC, SIZE};
use crate::{Bitboard, Square};

include!(concat!(env!("OUT_DIR"), "/magics.rs"));

/// The magic index function: works on every CPU.
pub(crate) enum Magic {}

// SAFETY: `magic_index` is below `1 << bits` (a 64-bit product shifted right by
// `64 - bits`), and each square's slice `offset..offset + (1 << bits)` lies inside the
// table by construction of the layout.
unsafe impl Index for Magic {
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
