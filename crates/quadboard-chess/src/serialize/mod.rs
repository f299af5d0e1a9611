//! Bitboard serialization: turning a set of squares into a list of squares.
//!
//! - Square by square: [`Bitboard::iter`] scans forward (LS1B first, a1 towards h8) and, from
//!   the back, in reverse (MS1B first); [`relative`] scans from one side's far rank.
//! - Whole sets into a [`SquareBuffer`], in ascending order, by several strategies that
//!   differ only in speed: [`bitscan`] (one loop iteration per square), [`bytes`],
//!   [`bytes_branchless`], [`words16`] and [`bisect`] (precomputed lists per byte, skipping
//!   empty parts of the set at different granularities), `pext_bytes` with BMI2 and
//!   `compress` with AVX-512 VBMI2. [`squares_into`] is the one to call.
//! - Knight and king targets by perfect hashing: [`knight_targets`] and [`king_targets`]
//!   map a target set to a precomputed `&'static [Square]`; [`knight_targets_compact`] and
//!   [`king_targets_compact`] to a padded array, from tables small enough for the L1 cache.
//!
//! `docs/serialization.md` describes the strategies and compares their speed.

mod bulk;
mod hashed;
mod leaper_hash;
mod relative;

#[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
pub use bulk::compress;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub use bulk::pext_bytes;
pub use bulk::{bisect, bitscan, bytes, bytes_branchless, words16, SquareBuffer};
pub use hashed::{
    king_targets, king_targets_compact, knight_targets, knight_targets_compact, KING_LISTS,
    KNIGHT_LISTS,
};
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub use hashed::{king_targets_pext, knight_targets_pext};
pub use relative::{relative, RelativeSquares};

use crate::Bitboard;

/// Writes the squares of `set` in ascending order to the front of `out` and returns how
/// many there are, by the fastest strategy this build has: `compress` with AVX-512 VBMI2
/// (constant time, fastest at every density), otherwise [`words16`]: no scalar strategy wins
/// at every density, and this one stayed within about 1.5 times the best of them on sparse,
/// move-target and dense sets alike (the bit-scan loop wins on 1 to 4 squares but is five
/// times slower on dense sets).
///
/// ```
/// use quadboard_chess::{serialize, Bitboard, Square};
/// let mut out = [Square::A1; 64];
/// let n = serialize::squares_into(Bitboard::CORNERS, &mut out);
/// assert_eq!(out[..n], [Square::A1, Square::H1, Square::A8, Square::H8]);
/// ```
#[inline]
pub fn squares_into(set: Bitboard, out: &mut SquareBuffer) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
    return compress(set, out);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx512vbmi2")))]
    return words16(set, out);
}
