//! Whole-set serialization into a caller's 64-square buffer, by several strategies.
//!
//! Every function here writes the squares of a set to the front of `out` in ascending order
//! and returns how many there are; the entries after them are unspecified (but valid
//! squares). They differ only in speed, which depends on how many squares the set has: see
//! `docs/serialization.md` for measurements.

use crate::{Bitboard, Square};

/// A buffer that holds any set's squares: a set has at most 64.
pub type SquareBuffer = [Square; 64];

/// For each byte value, the indices (0 to 7) of its one bits in ascending order, packed
/// little-endian into a `u64` (list entry `i` is byte `i`), padded with zeros.
///
/// 256 entries of 8 bytes: 2 KiB, which stays in the L1 cache. A 16-bit table would hold
/// 65536 lists of up to 16 entries, 1 MiB as bytes or 512 KiB even as 4-bit nibbles, far
/// beyond L1; so every strategy here works on bytes and differs in how it skips empty ones.
static BYTE_LISTS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut rest = byte as u32;
        let mut list = 0u64;
        let mut k = 0;
        while rest != 0 {
            list |= (rest.trailing_zeros() as u64) << (8 * k);
            rest &= rest - 1;
            k += 1;
        }
        table[byte] = list;
        byte += 1;
    }
    table
};

/// Adds `base` to each of the eight packed entries (no entry exceeds 7 + 56 = 63, so no
/// carry crosses an entry).
const fn splat(base: u32) -> u64 {
    0x0101_0101_0101_0101 * base as u64
}

/// Stores eight packed squares at `out[at..at + 8]`.
///
/// The callers keep `at <= 56` (they write the list of byte `j` of a set at `at` = the
/// number of squares in the bytes below `j`, at most `8 * j <= 56`) and pass square
/// numbers. The clamp and the mask cost two instructions and make the store sound for any
/// argument.
#[inline(always)]
fn store8(out: &mut SquareBuffer, at: usize, squares: u64) {
    debug_assert!(at <= 56);
    debug_assert!(squares.to_le_bytes().iter().all(|&b| b < 64));
    let at = at.min(56);
    let squares = squares & 0x3f3f_3f3f_3f3f_3f3f;
    // SAFETY: `at + 8 <= 64`, so the eight bytes lie inside `out`; every byte is below 64,
    // a valid `Square` (a `repr(u8)` enum with discriminants 0..64); `write_unaligned`
    // needs no alignment beyond the byte alignment of `Square`.
    unsafe {
        out.as_mut_ptr()
            .add(at)
            .cast::<[u8; 8]>()
            .write_unaligned(squares.to_le_bytes());
    }
}

/// Writes the list of `byte`, which sits at bit `base`, at `out[at..]`; returns the new end.
#[inline(always)]
fn byte_into(out: &mut SquareBuffer, at: usize, byte: u8, base: u32) -> usize {
    store8(out, at, BYTE_LISTS[byte as usize] + splat(base));
    at + byte.count_ones() as usize
}

/// The bit-scan loop: find the lowest square (trailing zero count), store it, clear it
/// (`x & (x - 1)`), repeat. One iteration per square.
///
/// ```
/// use quadboard_chess::{serialize, Bitboard, Square};
/// let mut out = [Square::A1; 64];
/// let set = Bitboard::from_squares(&[Square::H8, Square::E4, Square::A1]);
/// let n = serialize::bitscan(set, &mut out);
/// assert_eq!(out[..n], [Square::A1, Square::E4, Square::H8]);
/// ```
#[inline]
pub fn bitscan(set: Bitboard, out: &mut SquareBuffer) -> usize {
    // The zip stops at the set's end; the buffer's end is never reached (64 slots).
    for (slot, square) in out.iter_mut().zip(set) {
        *slot = square;
    }
    set.count() as usize
}

/// Byte lookup: for each non-empty byte of the set, copy its precomputed list of squares.
///
/// The copy always stores a fixed chunk of eight squares and then advances by the byte's
/// population count, so it has no loop over the byte's bits; empty bytes are skipped by a
/// test (eight tests in all).
///
/// ```
/// use quadboard_chess::{serialize, Bitboard, Square};
/// let mut out = [Square::A1; 64];
/// let n = serialize::bytes(Bitboard::BACKRANKS, &mut out);
/// assert_eq!(n, 16);
/// assert_eq!((out[0], out[15]), (Square::A1, Square::H8));
/// ```
#[inline]
pub fn bytes(set: Bitboard, out: &mut SquareBuffer) -> usize {
    let mut at = 0;
    let mut k = 0;
    while k < 8 {
        let byte = (set.0 >> (8 * k)) as u8;
        if byte != 0 {
            at = byte_into(out, at, byte, 8 * k);
        }
        k += 1;
    }
    at
}

/// Byte lookup without any test: all eight bytes are copied, an empty byte advancing by
/// zero. Constant work, no branch to mispredict: made for dense sets.
#[inline]
pub fn bytes_branchless(set: Bitboard, out: &mut SquareBuffer) -> usize {
    let mut at = 0;
    let mut k = 0;
    while k < 8 {
        at = byte_into(out, at, (set.0 >> (8 * k)) as u8, 8 * k);
        k += 1;
    }
    at
}

/// 16-bit words: each non-empty word (tested, four tests in all) copies both of its bytes'
/// lists without a further test.
#[inline]
pub fn words16(set: Bitboard, out: &mut SquareBuffer) -> usize {
    let mut at = 0;
    let mut k = 0;
    while k < 4 {
        let word = (set.0 >> (16 * k)) as u16;
        if word != 0 {
            at = byte_into(out, at, word as u8, 16 * k);
            at = byte_into(out, at, (word >> 8) as u8, 16 * k + 8);
        }
        k += 1;
    }
    at
}

/// Bisection: test the 32-bit halves, then the 16-bit quarters of the non-empty halves,
/// then the bytes of the non-empty quarters, and copy each non-empty byte's list. A set
/// confined to a few ranks touches few tests.
#[inline]
pub fn bisect(set: Bitboard, out: &mut SquareBuffer) -> usize {
    #[inline(always)]
    fn word(out: &mut SquareBuffer, at: usize, word: u16, base: u32) -> usize {
        let mut at = at;
        if word as u8 != 0 {
            at = byte_into(out, at, word as u8, base);
        }
        if word >> 8 != 0 {
            at = byte_into(out, at, (word >> 8) as u8, base + 8);
        }
        at
    }
    #[inline(always)]
    fn half(out: &mut SquareBuffer, at: usize, half: u32, base: u32) -> usize {
        let mut at = at;
        if half as u16 != 0 {
            at = word(out, at, half as u16, base);
        }
        if half >> 16 != 0 {
            at = word(out, at, (half >> 16) as u16, base + 16);
        }
        at
    }
    let mut at = 0;
    if set.0 as u32 != 0 {
        at = half(out, at, set.0 as u32, 0);
    }
    if set.0 >> 32 != 0 {
        at = half(out, at, (set.0 >> 32) as u32, 32);
    }
    at
}

/// Byte lists by BMI2 instead of a table: PDEP spreads a byte's bits to one bit per byte,
/// a multiply widens them to byte masks, and PEXT gathers the matching square numbers.
/// Branchless like [`bytes_branchless`]. Only with `target_feature = "bmi2"`.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline]
pub fn pext_bytes(set: Bitboard, out: &mut SquareBuffer) -> usize {
    use core::arch::x86_64::{_pdep_u64, _pext_u64};
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    const IOTA: u64 = 0x0706_0504_0302_0100;
    let mut at = 0;
    let mut k = 0;
    while k < 8 {
        let byte = (set.0 >> (8 * k)) as u8;
        // SAFETY: this function only compiles with BMI2 enabled, so `pdep` and `pext` exist
        // on every CPU the binary targets.
        let list =
            unsafe { _pext_u64(IOTA + splat(8 * k), _pdep_u64(byte as u64, LOW_BITS) * 0xff) };
        store8(out, at, list);
        at += byte.count_ones() as usize;
        k += 1;
    }
    at
}

/// One AVX-512 VBMI2 instruction: `vpcompressb` packs the square numbers 0..63 selected by
/// the set (as a 64-lane mask) to the front of a register, which is stored whole. Constant
/// time, no table, no branch. Only with `target_feature = "avx512vbmi2"` (Rust 1.89 or
/// later for the intrinsics).
#[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
// Compilers older than 1.89 do not report the unstable AVX-512 features to `cfg`, so this
// function only exists where its intrinsics are stable.
#[allow(clippy::incompatible_msrv)]
#[inline]
pub fn compress(set: Bitboard, out: &mut SquareBuffer) -> usize {
    use core::arch::x86_64::{_mm512_loadu_si512, _mm512_maskz_compress_epi8, _mm512_storeu_si512};
    static IOTA: [u8; 64] = {
        let mut iota = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            iota[i] = i as u8;
            i += 1;
        }
        iota
    };
    // SAFETY: this function only compiles with AVX-512 VBMI2 (hence AVX-512F) enabled. The
    // load reads the 64 bytes of IOTA. The compressed lanes are square numbers below 64 and
    // the zeroed lanes are 0, all valid `Square`s, and the store writes exactly the 64 bytes
    // of `out` (unaligned store, `Square` being one byte).
    unsafe {
        let squares = _mm512_maskz_compress_epi8(set.0, _mm512_loadu_si512(IOTA.as_ptr().cast()));
        _mm512_storeu_si512(out.as_mut_ptr().cast(), squares);
    }
    set.count() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::Rng;

    type Strategy = fn(Bitboard, &mut SquareBuffer) -> usize;

    fn strategies() -> alloc::vec::Vec<(&'static str, Strategy)> {
        #[allow(unused_mut)] // Nothing is pushed without BMI2 and VBMI2.
        let mut all: alloc::vec::Vec<(&'static str, Strategy)> = alloc::vec![
            ("bitscan", bitscan),
            ("bytes", bytes),
            ("bytes_branchless", bytes_branchless),
            ("words16", words16),
            ("bisect", bisect),
        ];
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        all.push(("pext_bytes", pext_bytes));
        #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
        all.push(("compress", compress));
        all
    }

    fn check(set: Bitboard) {
        let expected: alloc::vec::Vec<Square> = set.iter().collect();
        for (name, strategy) in strategies() {
            // A dirty buffer: strategies must not rely on its contents.
            let mut out = [Square::H8; 64];
            let n = strategy(set, &mut out);
            assert_eq!(out[..n], expected[..], "{name} on {:#018x}", set.0);
        }
    }

    #[test]
    fn edge_cases() {
        check(Bitboard::EMPTY);
        check(Bitboard::FULL);
        for square in Square::ALL {
            check(square.bitboard());
            check(!square.bitboard());
        }
        for set in [
            0xff,
            0xff << 56,
            0x8000_0000_0000_0001,
            0x0101_0101_0101_0101,
        ] {
            check(Bitboard(set));
        }
    }

    #[test]
    fn random_sets_of_all_densities() {
        let mut rng = Rng(0x5e7);
        for _ in 0..4000 {
            // A random word AND-ed with k more has density 1/2^(k+1), its complement
            // 1 - 1/2^(k+1).
            let k = rng.below(7) as u32;
            check(Bitboard(rng.sparse(k)));
            check(Bitboard(!rng.sparse(k)));
        }
    }

    #[test]
    fn every_byte_in_every_position() {
        for byte in 0..256u64 {
            for k in 0..8 {
                check(Bitboard(byte << (8 * k)));
                check(Bitboard(byte << (8 * k) | 0x8000_0000_0000_0001));
            }
        }
    }
}
