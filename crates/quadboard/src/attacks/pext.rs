//! Slider attacks by PEXT (BMI2): the relevant occupancy bits, gathered by `pext`, index a
//! per-square slice of a dense table. Compiled only with `target_feature = "bmi2"`.

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
compile_error!(
    "the pext module needs BMI2: build with -C target-feature=+bmi2 or target-cpu=native"
);

use super::table::{LAYOUT, PEXT};
use crate::{Bitboard, Square};

/// Per square: the relevant mask and the start of its slice.
#[derive(Copy, Clone)]
struct Entry {
    mask: u64,
    offset: u64,
}

const fn entries(kind: usize) -> [Entry; 64] {
    let mut out = [Entry { mask: 0, offset: 0 }; 64];
    let mut sq = 0;
    while sq < 64 {
        out[sq] = Entry {
            mask: LAYOUT.masks[kind][sq],
            offset: LAYOUT.offsets[kind][sq] as u64,
        };
        sq += 1;
    }
    out
}

static ROOK: [Entry; 64] = entries(0);
static BISHOP: [Entry; 64] = entries(1);

#[inline(always)]
fn lookup(entry: &Entry, occupied: Bitboard) -> Bitboard {
    // SAFETY: this module only compiles with BMI2 enabled (see the compile_error! above),
    // so the `pext` instruction exists on every CPU the binary targets.
    let index = unsafe { core::arch::x86_64::_pext_u64(occupied.0, entry.mask) };
    // SAFETY: PEXT with a mask of n bits returns a value below 1 << n, and each square's
    // slice of 1 << n entries starting at `offset` lies inside the table.
    Bitboard(unsafe { *PEXT.get_unchecked((entry.offset + index) as usize) })
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
