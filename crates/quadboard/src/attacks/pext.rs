//! Slider attacks by PEXT (BMI2): the relevant occupancy bits, gathered by `pext`, index a
//! per-square slice of a dense table. Reached only through the CPU levels that have BMI2
//! (`crate::attacks::Cpu`).

use super::table::{Index, LAYOUT, PEXT, SIZE};
use crate::Bitboard;

/// Per square: the relevant mask and the start of its slice.
#[derive(Copy, Clone)]
pub(crate) struct Entry {
    mask: u64,
    offset: u64,
}

static ENTRIES: [[Entry; 64]; 2] = {
    let mut entries = [[Entry { mask: 0, offset: 0 }; 64]; 2];
    let mut kind = 0;
    while kind < 2 {
        let mut sq = 0;
        while sq < 64 {
            entries[kind][sq] = Entry {
                mask: LAYOUT.masks[kind][sq],
                offset: LAYOUT.offsets[kind][sq] as u64,
            };
            sq += 1;
        }
        kind += 1;
    }
    entries
};

/// The PEXT index function. It executes BMI2's `pext`, so it may only be used where the
/// CPU has BMI2: by the levels of `crate::cpu` that require it, in code those levels
/// dispatch to.
pub(crate) enum Pext {}

// SAFETY: PEXT with a mask of n bits returns a value below 1 << n, and each square's
// slice of 1 << n entries starting at `offset` lies inside the table.
unsafe impl Index for Pext {
    type Entry = Entry;

    #[inline(always)]
    fn entries() -> &'static [[Entry; 64]; 2] {
        &ENTRIES
    }

    #[inline(always)]
    fn table() -> &'static [u64; SIZE] {
        PEXT
    }

    #[inline(always)]
    fn index(entry: &Entry, occupied: Bitboard) -> usize {
        // SAFETY: `Pext` is used only by CPU levels with BMI2, and code generic over a
        // level runs only on CPUs that support it (`crate::cpu::dispatch!`).
        let index = unsafe { core::arch::x86_64::_pext_u64(occupied.0, entry.mask) };
        (entry.offset + index) as usize
    }
}
