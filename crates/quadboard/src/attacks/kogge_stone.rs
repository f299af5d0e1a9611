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
/// use quadboard::attacks::kogge_stone::occluded_fill;
/// use quadboard::{Bitboard, Direction, Square};
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
