//! Traversal of a set in the order of one side's view of the board.

use core::iter::FusedIterator;

use crate::bitboard::Squares;
use crate::{Bitboard, Color, Square};

/// The squares of a set ordered from `color`'s far rank to its own back rank, files a to h
/// within each rank (see [`relative`]).
#[derive(Clone, Debug)]
pub struct RelativeSquares {
    /// The set, flipped vertically for white.
    squares: Squares,
    /// 56 for white (undoes the flip: `square ^ 56` flips the rank), 0 for black.
    unflip: u8,
}

/// The squares of `set`, far ranks first as seen by `color`.
///
/// The order is exact:
/// - white: rank 8 from a8 to h8, then rank 7 from a7 to h7, ..., rank 1 from a1 to h1;
/// - black: rank 1 from a1 to h1, then rank 2, ..., rank 8 from a8 to h8 (plain ascending
///   order).
///
/// From the back ([`DoubleEndedIterator`]) the order is exactly reversed: the side's own back
/// rank first, h to a.
///
/// For white the set is flipped vertically (a byte swap) once, chosen by a mask derived
/// from the colour, and each square found by the LS1B scan of [`Bitboard::iter`] is flipped
/// back by an XOR with 56 or 0: there is no branch on the colour, neither here nor in the loop.
///
/// ```
/// use quadboard_chess::{serialize, Bitboard, Color, Square};
/// let set = Bitboard::from_squares(&[Square::A1, Square::H1, Square::B7, Square::C8]);
/// let white: Vec<Square> = serialize::relative(Color::White, set).collect();
/// assert_eq!(white, [Square::C8, Square::B7, Square::A1, Square::H1]);
/// let black: Vec<Square> = serialize::relative(Color::Black, set).collect();
/// assert_eq!(black, [Square::A1, Square::H1, Square::B7, Square::C8]);
/// ```
#[inline(always)]
pub const fn relative(color: Color, set: Bitboard) -> RelativeSquares {
    // All ones for white (0 - 1), zero for black (1 - 1).
    let white = (color as u64).wrapping_sub(1);
    let bits = set.0 ^ ((set.0 ^ set.0.swap_bytes()) & white);
    RelativeSquares {
        squares: Bitboard(bits).iter(),
        unflip: (white & 56) as u8,
    }
}

impl RelativeSquares {
    #[inline(always)]
    fn unflip(&self, square: Square) -> Square {
        // SAFETY: XOR with 0 or 56 keeps an index below 64 below 64.
        unsafe { Square::new_unchecked(square as u8 ^ self.unflip) }
    }
}

impl Iterator for RelativeSquares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let square = self.squares.next()?;
        Some(self.unflip(square))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.squares.size_hint()
    }

    #[inline]
    fn count(self) -> usize {
        self.squares.count()
    }
}

impl DoubleEndedIterator for RelativeSquares {
    #[inline(always)]
    fn next_back(&mut self) -> Option<Square> {
        let square = self.squares.next_back()?;
        Some(self.unflip(square))
    }
}

impl ExactSizeIterator for RelativeSquares {}
impl FusedIterator for RelativeSquares {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;
    use alloc::vec::Vec;

    /// The order spelled out: ranks from the far one, files a to h.
    fn reference(color: Color, set: Bitboard) -> Vec<Square> {
        let ranks: Vec<Rank> = match color {
            Color::White => Rank::ALL.iter().rev().copied().collect(),
            Color::Black => Rank::ALL.to_vec(),
        };
        ranks
            .into_iter()
            .flat_map(|rank| (set & rank.bitboard()).iter())
            .collect()
    }

    #[test]
    fn order_is_far_rank_first() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut sets = alloc::vec![Bitboard::EMPTY, Bitboard::FULL, Bitboard::CORNERS];
        sets.extend(Square::ALL.iter().map(|s| s.bitboard()));
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            sets.push(Bitboard(state & (state >> 17) & (state << 5)));
            sets.push(Bitboard(state));
        }
        for set in sets {
            for color in Color::ALL {
                let expected = reference(color, set);
                let forward: Vec<Square> = relative(color, set).collect();
                assert_eq!(forward, expected, "{color:?} {:#x}", set.0);
                let mut backward: Vec<Square> = relative(color, set).rev().collect();
                backward.reverse();
                assert_eq!(backward, expected);
                assert_eq!(relative(color, set).len(), expected.len());
            }
        }
    }

    #[test]
    fn both_ends_meet() {
        let set = Bitboard::from_squares(&[Square::A1, Square::E4, Square::H8, Square::B2]);
        let mut it = relative(Color::White, set);
        assert_eq!(it.next(), Some(Square::H8));
        assert_eq!(it.next_back(), Some(Square::A1));
        assert_eq!(it.len(), 2);
        assert_eq!(it.next(), Some(Square::E4));
        assert_eq!(it.next_back(), Some(Square::B2));
        assert_eq!(it.next(), None);
        assert_eq!(it.next_back(), None);
    }
}
