//! Kogge-Stone occluded fills: the squares any number of sliders reach in one direction,
//! in three shift steps (1, 2, 4) instead of up to seven, by propagating through empty
//! squares as a parallel prefix.
//!
//! `occluded_fill` includes the generators and stops before the first blocker;
//! `sliding_attacks` shifts once more, so it includes the first blocker of each ray.

use crate::{Bitboard, Direction};

/// The shift amount of a direction and the wrap mask that keeps a shifted square on its
/// side of the board; `left` is true when the direction shifts towards higher squares.
const fn geometry(direction: Direction) -> (u32, u64, bool) {
    const NOT_A: u64 = Bitboard::NOT_A_FILE.0;
    const NOT_H: u64 = Bitboard::NOT_H_FILE.0;
    match direction {
        Direction::North => (8, !0, true),
        Direction::South => (8, !0, false),
        Direction::East => (1, NOT_A, true),
        Direction::West => (1, NOT_H, false),
        Direction::NorthEast => (9, NOT_A, true),
        Direction::NorthWest => (7, NOT_H, true),
        Direction::SouthEast => (7, NOT_A, false),
        Direction::SouthWest => (9, NOT_H, false),
    }
}

#[inline(always)]
const fn shift(bits: u64, amount: u32, left: bool) -> u64 {
    if left {
        bits << amount
    } else {
        bits >> amount
    }
}

/// The generators and every square they reach in `direction` through `empty` squares.
///
/// ```
/// use quadboard_chess::attacks::kogge_stone::occluded_fill;
/// use quadboard_chess::{Bitboard, Direction, Square};
/// let rook = Square::A1.bitboard();
/// let empty = !Square::A5.bitboard();
/// let fill = occluded_fill(rook, empty, Direction::North);
/// assert_eq!(fill, Bitboard::from_squares(&[Square::A1, Square::A2, Square::A3, Square::A4]));
/// ```
#[inline]
pub const fn occluded_fill(
    generators: Bitboard,
    empty: Bitboard,
    direction: Direction,
) -> Bitboard {
    let (s, mask, left) = geometry(direction);
    let mut g = generators.0;
    let mut pro = empty.0 & mask;
    g |= pro & shift(g, s, left);
    pro &= shift(pro, s, left);
    g |= pro & shift(g, 2 * s, left);
    pro &= shift(pro, 2 * s, left);
    g |= pro & shift(g, 4 * s, left);
    Bitboard(g)
}

/// The squares sliders attack in `direction`: the occluded fill shifted one step, so each
/// ray ends on its first occupied square.
#[inline]
pub const fn sliding_attacks(
    generators: Bitboard,
    empty: Bitboard,
    direction: Direction,
) -> Bitboard {
    let (s, mask, left) = geometry(direction);
    Bitboard(shift(occluded_fill(generators, empty, direction).0, s, left) & mask)
}

/// Every square attacked by a set of rooks (or the orthogonal moves of queens).
#[inline]
pub const fn rook_attacks(rooks: Bitboard, empty: Bitboard) -> Bitboard {
    Bitboard(
        sliding_attacks(rooks, empty, Direction::North).0
            | sliding_attacks(rooks, empty, Direction::South).0
            | sliding_attacks(rooks, empty, Direction::East).0
            | sliding_attacks(rooks, empty, Direction::West).0,
    )
}

/// Every square attacked by a set of bishops (or the diagonal moves of queens).
#[inline]
pub const fn bishop_attacks(bishops: Bitboard, empty: Bitboard) -> Bitboard {
    Bitboard(
        sliding_attacks(bishops, empty, Direction::NorthEast).0
            | sliding_attacks(bishops, empty, Direction::NorthWest).0
            | sliding_attacks(bishops, empty, Direction::SouthEast).0
            | sliding_attacks(bishops, empty, Direction::SouthWest).0,
    )
}

/// Every square attacked by a set of queens.
#[inline]
pub const fn queen_attacks(queens: Bitboard, empty: Bitboard) -> Bitboard {
    Bitboard(rook_attacks(queens, empty).0 | bishop_attacks(queens, empty).0)
}

/// Four occluded fills in one pass through one set of empty squares: lane `i` fills
/// `generators[i]` in `directions[i]`. With one direction in all lanes this propagates,
/// say, white rooks and queens, black rooks and queens and both kings at once, as the
/// quad-bitboard article suggests; with four directions it fills one piece set along
/// four rays. Uses AVX2 (one 256-bit register, variable shifts) when compiled for it;
/// always equal to [`quad_occluded_fill_scalar`].
///
/// ```
/// use quadboard_chess::attacks::kogge_stone::{occluded_fill, quad_occluded_fill};
/// use quadboard_chess::{Bitboard, Direction, Square};
/// let gens = [Square::A1, Square::D4, Square::H8, Square::E1].map(Square::bitboard);
/// let empty = !Square::D6.bitboard();
/// let fills = quad_occluded_fill(gens, empty, [Direction::North; 4]);
/// for (fill, generator) in fills.into_iter().zip(gens) {
///     assert_eq!(fill, occluded_fill(generator, empty, Direction::North));
/// }
/// ```
#[inline]
pub fn quad_occluded_fill(
    generators: [Bitboard; 4],
    empty: Bitboard,
    directions: [Direction; 4],
) -> [Bitboard; 4] {
    quad_fill(generators, empty, directions, false)
}

/// The fill (`attacks` false) or the attacks (`attacks` true) of four generator sets: AVX2
/// when compiled for it, else the scalar twins.
#[inline(always)]
fn quad_fill(
    generators: [Bitboard; 4],
    empty: Bitboard,
    directions: [Direction; 4],
    attacks: bool,
) -> [Bitboard; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        quad_avx2::fill(generators, empty, directions, attacks)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        if attacks {
            quad_sliding_attacks_scalar(generators, empty, directions)
        } else {
            quad_occluded_fill_scalar(generators, empty, directions)
        }
    }
}

/// [`quad_occluded_fill`] as four scalar fills.
pub fn quad_occluded_fill_scalar(
    generators: [Bitboard; 4],
    empty: Bitboard,
    directions: [Direction; 4],
) -> [Bitboard; 4] {
    core::array::from_fn(|i| occluded_fill(generators[i], empty, directions[i]))
}

/// Four sliding attack sets in one pass: [`quad_occluded_fill`] shifted one more step, so
/// each ray ends on its first occupied square. Always equal to
/// [`quad_sliding_attacks_scalar`].
#[inline]
pub fn quad_sliding_attacks(
    generators: [Bitboard; 4],
    empty: Bitboard,
    directions: [Direction; 4],
) -> [Bitboard; 4] {
    quad_fill(generators, empty, directions, true)
}

/// [`quad_sliding_attacks`] as four scalar fills.
pub fn quad_sliding_attacks_scalar(
    generators: [Bitboard; 4],
    empty: Bitboard,
    directions: [Direction; 4],
) -> [Bitboard; 4] {
    core::array::from_fn(|i| sliding_attacks(generators[i], empty, directions[i]))
}

/// Rook attacks of a set of rooks with the four rays filled in one quad pass; equal to
/// [`rook_attacks`].
#[inline]
pub fn rook_attacks_quad(rooks: Bitboard, empty: Bitboard) -> Bitboard {
    use Direction::*;
    let [a, b, c, d] = quad_sliding_attacks([rooks; 4], empty, [North, South, East, West]);
    a | b | c | d
}

/// Bishop attacks of a set of bishops with the four rays filled in one quad pass; equal
/// to [`bishop_attacks`].
#[inline]
pub fn bishop_attacks_quad(bishops: Bitboard, empty: Bitboard) -> Bitboard {
    use Direction::*;
    let dirs = [NorthEast, NorthWest, SouthEast, SouthWest];
    let [a, b, c, d] = quad_sliding_attacks([bishops; 4], empty, dirs);
    a | b | c | d
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod quad_avx2 {
    use super::geometry;
    use crate::{Bitboard, Direction};
    use core::arch::x86_64::*;

    /// Per-lane shift counts: a left-shifting lane gets 64 in the right-shift count (and
    /// vice versa), which AVX2's variable shifts turn into zero, so one `sllv | srlv`
    /// shifts every lane its own way.
    #[inline(always)]
    pub(super) fn fill(
        generators: [Bitboard; 4],
        empty: Bitboard,
        directions: [Direction; 4],
        attacks: bool,
    ) -> [Bitboard; 4] {
        let mut left = [64i64; 4];
        let mut right = [64i64; 4];
        let mut masks = [0i64; 4];
        for (i, &direction) in directions.iter().enumerate() {
            let (s, mask, is_left) = geometry(direction);
            if is_left {
                left[i] = i64::from(s);
            } else {
                right[i] = i64::from(s);
            }
            masks[i] = mask as i64;
        }
        let mut out = [Bitboard::EMPTY; 4];
        // SAFETY: AVX2 is enabled at compile time (module cfg); the only memory access is
        // the unaligned 32-byte store into `out`.
        unsafe {
            let l1 = _mm256_setr_epi64x(left[0], left[1], left[2], left[3]);
            let r1 = _mm256_setr_epi64x(right[0], right[1], right[2], right[3]);
            let l2 = _mm256_add_epi64(l1, l1);
            let r2 = _mm256_add_epi64(r1, r1);
            let l4 = _mm256_add_epi64(l2, l2);
            let r4 = _mm256_add_epi64(r2, r2);
            let shift = |x: __m256i, l: __m256i, r: __m256i| {
                _mm256_or_si256(_mm256_sllv_epi64(x, l), _mm256_srlv_epi64(x, r))
            };
            let wrap = _mm256_setr_epi64x(masks[0], masks[1], masks[2], masks[3]);
            let [g0, g1, g2, g3] = generators.map(|g| g.0 as i64);
            let mut g = _mm256_setr_epi64x(g0, g1, g2, g3);
            let mut pro = _mm256_and_si256(_mm256_set1_epi64x(empty.0 as i64), wrap);
            g = _mm256_or_si256(g, _mm256_and_si256(pro, shift(g, l1, r1)));
            pro = _mm256_and_si256(pro, shift(pro, l1, r1));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, shift(g, l2, r2)));
            pro = _mm256_and_si256(pro, shift(pro, l2, r2));
            g = _mm256_or_si256(g, _mm256_and_si256(pro, shift(g, l4, r4)));
            if attacks {
                g = _mm256_and_si256(shift(g, l1, r1), wrap);
            }
            _mm256_storeu_si256(out.as_mut_ptr().cast(), g);
        }
        out
    }
}
