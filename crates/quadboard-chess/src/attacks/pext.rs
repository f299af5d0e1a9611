//! Slider attacks by PEXT (BMI2): the relevant occupancy bits, gathered by `pext`, index a
//! per-square slice of a dense table. Reached only through the CPU levels that have BMI2
//! (`crate::attacks::Cpu`).

use super::table::{Entry, Index, PEXT, SIZE};
use crate::Bitboard;

/// The PEXT index function. It executes BMI2's `pext`, so it may only be used where the
/// CPU has BMI2: by the levels of `crate::cpu` that require it, in code those levels
/// dispatch to.
pub(crate) enum Pext {}

// SAFETY: PEXT with a mask of n bits returns a value below 1 << n, and each square's
// slice of 1 << n entries starting at `offset` lies inside the table.
unsafe impl Index for Pext {
    #[inline(always)]
    fn table() -> &'static [u64; SIZE] {
        PEXT
    }

    #[inline(always)]
    fn index(entry: &Entry, occupied: Bitboard) -> usize {
        // SAFETY: `Pext` is used only by CPU levels with BMI2, and code generic over a
        // level runs only on CPUs that support it (`crate::cpu::dispatch!`).
        let index = unsafe { core::arch::x86_64::_pext_u64(occupied.0, entry.mask) };
        entry.offset as usize + index as usize
    }
}
