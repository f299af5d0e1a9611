//! Slider attacks of many pieces in all eight directions at once: one Kogge-Stone occluded
//! fill per direction, the four directions that shift left in one AVX2 register and the four
//! that shift right in another.
//!
//! Within one direction, the rays of different sliders never overlap: each ray stops at the
//! first piece, where the next slider's ray would start. So the popcount of a direction's
//! attack set is the sum of the sliders' counts in that direction, and
//! [`slider_move_count`] counts the moves of every slider without looking any up.
//!
//! Each function has a scalar twin, which the tests compare it with; perft and move
//! generation call the version of their CPU level (`crate::attacks::Cpu`), the public
//! functions the best version the build was compiled for.

use super::Cpu;
use crate::cpu::{with_level, COMPILED};
use crate::Bitboard;

const NOT_A: u64 = Bitboard::NOT_A_FILE.0;
const NOT_H: u64 = Bitboard::NOT_H_FILE.0;

/// Per direction: the attack sets of the orthogonal sliders north, east, south, west and of
/// the diagonal sliders north-east, north-west, south-west, south-east, given the empty
/// squares. The scalar reference for the SIMD path.
pub fn direction_attacks_scalar(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
) -> [Bitboard; 8] {
    // (generators, shift, wrap mask): left shifts first, then right shifts.
    let left = [
        (orthogonal.0, 8, !0),
        (orthogonal.0, 1, NOT_A),
        (diagonal.0, 9, NOT_A),
        (diagonal.0, 7, NOT_H),
    ];
    let right = [
        (orthogonal.0, 8, !0),
        (orthogonal.0, 1, NOT_H),
        (diagonal.0, 9, NOT_H),
        (diagonal.0, 7, NOT_A),
    ];
    let mut out = [Bitboard::EMPTY; 8];
    for (i, (gen, s, mask)) in left.into_iter().enumerate() {
        let mut g = gen;
        let mut pro = empty.0 & mask;
        g |= pro & (g << s);
        pro &= pro << s;
        g |= pro & (g << (2 * s));
        pro &= pro << (2 * s);
        g |= pro & (g << (4 * s));
        out[i] = Bitboard((g << s) & mask);
    }
    for (i, (gen, s, mask)) in right.into_iter().enumerate() {
        let mut g = gen;
        let mut pro = empty.0 & mask;
        g |= pro & (g >> s);
        pro &= pro >> s;
        g |= pro & (g >> (2 * s));
        pro &= pro >> (2 * s);
        g |= pro & (g >> (4 * s));
        out[4 + i] = Bitboard((g >> s) & mask);
    }
    out
}

/// The number of moves of all the given sliders to squares of `movable`, by the fastest
/// method this build was compiled for (see [`crate::cpu::COMPILED`]; perft and move
/// generation choose theirs at run time).
#[inline(always)]
pub fn slider_move_count(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
    movable: Bitboard,
) -> u32 {
    with_level!(COMPILED, C => C::slider_move_count(orthogonal, diagonal, empty, movable))
}

/// The scalar twin of [`slider_move_count`].
pub fn slider_move_count_scalar(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
    movable: Bitboard,
) -> u32 {
    direction_attacks_scalar(orthogonal, diagonal, empty)
        .iter()
        .map(|&a| (a & movable).count())
        .sum()
}

/// Every square attacked by the given sliders, by the fastest method this build was
/// compiled for.
#[inline(always)]
pub fn slider_attacks(orthogonal: Bitboard, diagonal: Bitboard, empty: Bitboard) -> Bitboard {
    with_level!(COMPILED, C => C::slider_attacks(orthogonal, diagonal, empty))
}

/// The scalar twin of [`slider_attacks`].
pub fn slider_attacks_scalar(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
) -> Bitboard {
    direction_attacks_scalar(orthogonal, diagonal, empty)
        .iter()
        .fold(Bitboard::EMPTY, |a, &b| a | b)
}

/// Lines from sliders to target squares on an empty board: the squares strictly between a
/// slider and a target on a line of the slider's kind (a rank or file for `orthogonal`, a
/// diagonal for `diagonal`), and the sliders that share such a line with some target. By
/// the fastest method this build was compiled for.
///
/// A move from or to a square of neither set cannot change which targets the sliders
/// attack, nor can a move of a slider outside the second set.
#[inline(always)]
pub fn lines_to(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    with_level!(COMPILED, C => C::lines_to(orthogonal, diagonal, targets))
}

/// The squares the given sliders attack at least once and at least twice, given the
/// empty squares (which must not include the sliders' own), by the fastest method this
/// build was compiled for. Rays in one direction never overlap, so the squares attacked
/// twice are those reached from two directions.
#[inline(always)]
pub fn slider_attacks_twice(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
) -> (Bitboard, Bitboard) {
    with_level!(COMPILED, C => C::slider_attacks_twice(orthogonal, diagonal, empty))
}

/// The scalar twin of [`slider_attacks_twice`].
pub fn slider_attacks_twice_scalar(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    empty: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut once = Bitboard::EMPTY;
    let mut twice = Bitboard::EMPTY;
    for a in direction_attacks_scalar(orthogonal, diagonal, empty) {
        twice |= once & a;
        once |= a;
    }
    (once, twice)
}

/// The scalar twin of [`lines_to`].
pub fn lines_to_scalar(
    orthogonal: Bitboard,
    diagonal: Bitboard,
    targets: Bitboard,
) -> (Bitboard, Bitboard) {
    let from_sliders = direction_attacks_scalar(orthogonal, diagonal, Bitboard::FULL);
    let from_targets = direction_attacks_scalar(targets, targets, Bitboard::FULL);
    let mut between = Bitboard::EMPTY;
    let mut aligned = Bitboard::EMPTY;
    for i in 0..4 {
        // Direction i and direction i + 4 are opposite.
        between |= from_sliders[i] & from_targets[i + 4] | from_sliders[i + 4] & from_targets[i];
        let kind = if i < 2 { orthogonal } else { diagonal };
        aligned |= (from_targets[i] | from_targets[i + 4]) & kind;
    }
    (between, aligned)
}

/// The SIMD versions. Every function here executes AVX2 instructions (and
/// `move_count_vpopcnt` AVX-512 ones): the caller must know that the CPU has them, which
/// the CPU levels that call them do (`crate::attacks::Cpu`).
#[cfg(target_arch = "x86_64")]
pub(super) mod simd {
    use super::{NOT_A, NOT_H};
    use crate::Bitboard;
    use core::arch::x86_64::*;

    /// The attack sets by direction, left-shifting lanes (N, E, NE, NW) in the first
    /// register and right-shifting ones (S, W, SW, SE) in the second.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    unsafe fn fills(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
    ) -> (__m256i, __m256i) {
        // SAFETY: the caller guarantees AVX2; register operations only.
        unsafe {
            let (o, d) = (orthogonal.0 as i64, diagonal.0 as i64);
            // `_mm256_set_epi64x` lists lanes from high to low.
            let gen = _mm256_set_epi64x(d, d, o, o);
            let shift1 = _mm256_set_epi64x(7, 9, 1, 8);
            let shift2 = _mm256_add_epi64(shift1, shift1);
            let shift4 = _mm256_add_epi64(shift2, shift2);
            let mask_l = _mm256_set_epi64x(NOT_H as i64, NOT_A as i64, NOT_A as i64, -1);
            let mask_r = _mm256_set_epi64x(NOT_A as i64, NOT_H as i64, NOT_H as i64, -1);
            let empty = _mm256_set1_epi64x(empty.0 as i64);

            let mut g = gen;
            let mut pro = _mm256_and_si256(empty, mask_l);
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_sllv_epi64(g, shift1)));
            pro = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, shift1));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_sllv_epi64(g, shift2)));
            pro = _mm256_and_si256(pro, _mm256_sllv_epi64(pro, shift2));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_sllv_epi64(g, shift4)));
            let left = _mm256_and_si256(_mm256_sllv_epi64(g, shift1), mask_l);

            let mut g = gen;
            let mut pro = _mm256_and_si256(empty, mask_r);
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_srlv_epi64(g, shift1)));
            pro = _mm256_and_si256(pro, _mm256_srlv_epi64(pro, shift1));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_srlv_epi64(g, shift2)));
            pro = _mm256_and_si256(pro, _mm256_srlv_epi64(pro, shift2));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, _mm256_srlv_epi64(g, shift4)));
            let right = _mm256_and_si256(_mm256_srlv_epi64(g, shift1), mask_r);
            (left, right)
        }
    }

    /// [`super::slider_move_count`]: the eight lanes counted by AVX-512 VPOPCNTDQ, four
    /// per instruction, with `vpopcnt`; else by scalar `popcnt`.
    ///
    /// # Safety
    /// The CPU must have AVX2, and with `vpopcnt` AVX-512 VL and VPOPCNTDQ.
    #[inline(always)]
    pub(crate) unsafe fn move_count(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
        movable: Bitboard,
        vpopcnt: bool,
    ) -> u32 {
        // SAFETY: the caller guarantees the features; register operations and stores to a
        // local array.
        unsafe {
            let (left, right) = fills(orthogonal, diagonal, empty);
            let movable = _mm256_set1_epi64x(movable.0 as i64);
            let (left, right) = (
                _mm256_and_si256(left, movable),
                _mm256_and_si256(right, movable),
            );
            if vpopcnt {
                let counts =
                    _mm256_add_epi64(_mm256_popcnt_epi64(left), _mm256_popcnt_epi64(right));
                let pair = _mm_add_epi64(
                    _mm256_castsi256_si128(counts),
                    _mm256_extracti128_si256(counts, 1),
                );
                (_mm_cvtsi128_si64(pair) + _mm_extract_epi64(pair, 1)) as u32
            } else {
                let mut lanes = [0u64; 8];
                _mm256_storeu_si256(lanes.as_mut_ptr().cast(), left);
                _mm256_storeu_si256(lanes.as_mut_ptr().add(4).cast(), right);
                lanes.iter().map(|l| l.count_ones()).sum()
            }
        }
    }

    /// The union of the four lanes.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    unsafe fn or_lanes(v: __m256i) -> Bitboard {
        // SAFETY: the caller guarantees AVX2; register operations only.
        unsafe {
            let pair = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
            Bitboard((_mm_cvtsi128_si64(pair) | _mm_extract_epi64(pair, 1)) as u64)
        }
    }

    /// [`super::lines_to`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn lines_to(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        targets: Bitboard,
    ) -> (Bitboard, Bitboard) {
        // SAFETY: the caller guarantees AVX2; register operations only.
        unsafe {
            let (sl, sr) = fills(orthogonal, diagonal, Bitboard::FULL);
            let (tl, tr) = fills(targets, targets, Bitboard::FULL);
            // Lane i of the left-shifting register and lane i of the right-shifting one are
            // opposite directions.
            let between = _mm256_or_si256(_mm256_and_si256(sl, tr), _mm256_and_si256(sr, tl));
            let (o, d) = (orthogonal.0 as i64, diagonal.0 as i64);
            let kinds = _mm256_set_epi64x(d, d, o, o);
            let aligned = _mm256_and_si256(_mm256_or_si256(tl, tr), kinds);
            (or_lanes(between), or_lanes(aligned))
        }
    }

    /// [`super::slider_attacks_twice`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn attacks_twice(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
    ) -> (Bitboard, Bitboard) {
        // SAFETY: the caller guarantees AVX2; register operations only.
        unsafe {
            let (l, r) = fills(orthogonal, diagonal, empty);
            // Eight lanes folded to one in three halvings, carrying what two lanes share.
            let twice = _mm256_and_si256(l, r);
            let once = _mm256_or_si256(l, r);
            let swapped = _mm256_permute4x64_epi64(once, 0b01_00_11_10);
            let twice = _mm256_or_si256(twice, _mm256_and_si256(once, swapped));
            let once = _mm256_or_si256(once, swapped);
            let swapped = _mm256_shuffle_epi32(once, 0b01_00_11_10);
            let twice = _mm256_or_si256(twice, _mm256_and_si256(once, swapped));
            let once = _mm256_or_si256(once, swapped);
            (
                Bitboard(_mm256_extract_epi64(once, 0) as u64),
                or_lanes(twice),
            )
        }
    }

    /// [`super::slider_attacks`].
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[inline(always)]
    pub(crate) unsafe fn attacks(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
    ) -> Bitboard {
        // SAFETY: the caller guarantees AVX2; register operations only.
        unsafe {
            let (left, right) = fills(orthogonal, diagonal, empty);
            or_lanes(_mm256_or_si256(left, right))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{bishop_walk, rook_walk};
    use crate::test_support::Rng;

    #[test]
    fn lines_to_matches_pairwise_lines() {
        use crate::attacks::{between, bishop_rays, rook_rays};
        let mut rng = Rng(0x9e37_79b9);
        for _ in 0..5_000 {
            let orthogonal = Bitboard(rng.sparse(2));
            let diagonal = Bitboard(rng.sparse(2)) & !orthogonal;
            let targets = Bitboard(rng.sparse(2));
            let mut want_between = Bitboard::EMPTY;
            let mut want_aligned = Bitboard::EMPTY;
            for t in targets {
                for s in orthogonal & rook_rays(t) {
                    want_between |= between(s, t);
                    want_aligned |= s;
                }
                for s in diagonal & bishop_rays(t) {
                    want_between |= between(s, t);
                    want_aligned |= s;
                }
            }
            let want = (want_between, want_aligned);
            // Sliders occupy their squares.
            let empty = Bitboard(!rng.sparse(1)) & !(orthogonal | diagonal);
            let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
            for s in orthogonal | diagonal {
                let mut a = Bitboard::EMPTY;
                if orthogonal.contains(s) {
                    a |= rook_walk(s, !empty);
                }
                if diagonal.contains(s) {
                    a |= bishop_walk(s, !empty);
                }
                twice |= once & a;
                once |= a;
            }
            assert_eq!(
                slider_attacks_twice_scalar(orthogonal, diagonal, empty),
                (once, twice)
            );
            assert_eq!(
                slider_attacks_twice(orthogonal, diagonal, empty),
                (once, twice)
            );
            assert_eq!(lines_to_scalar(orthogonal, diagonal, targets), want);
            assert_eq!(lines_to(orthogonal, diagonal, targets), want);
        }
    }

    #[test]
    fn counts_and_unions_match_per_piece_walks() {
        let mut rng = Rng(0x1234_5678);
        for _ in 0..20_000 {
            let occupied = Bitboard(rng.sparse(1));
            let orthogonal = Bitboard(rng.sparse(2)) & occupied;
            let diagonal = Bitboard(rng.sparse(2)) & occupied;
            let movable = Bitboard(!rng.sparse(1));
            let mut count = 0;
            let mut union = Bitboard::EMPTY;
            for sq in orthogonal {
                count += (rook_walk(sq, occupied) & movable).count();
                union |= rook_walk(sq, occupied);
            }
            for sq in diagonal {
                count += (bishop_walk(sq, occupied) & movable).count();
                union |= bishop_walk(sq, occupied);
            }
            let empty = !occupied;
            assert_eq!(
                slider_move_count_scalar(orthogonal, diagonal, empty, movable),
                count
            );
            assert_eq!(
                slider_move_count(orthogonal, diagonal, empty, movable),
                count
            );
            assert_eq!(slider_attacks_scalar(orthogonal, diagonal, empty), union);
            assert_eq!(slider_attacks(orthogonal, diagonal, empty), union);
        }
    }
}
