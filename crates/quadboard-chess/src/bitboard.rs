//! A bitboard is a set of squares: bit `i` stands for the square with index `i`.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{File, Rank, Square};

/// A set of squares, one bit per square (a1 = bit 0, h8 = bit 63).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

/// Builds a [`Bitboard`] from an 8x8 picture, rank 8 on top: `X` is in the set, `.` is not.
///
/// ```
/// use quadboard_chess::{bitboard, Bitboard, Square};
/// let corners = bitboard! {
///     X . . . . . . X
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     . . . . . . . .
///     X . . . . . . X
/// };
/// assert_eq!(corners, Bitboard::CORNERS);
/// ```
#[macro_export]
macro_rules! bitboard {
    ($($cell:tt)*) => {{
        const CELLS: &[u8] = stringify!($($cell)*).as_bytes();
        const BITS: u64 = {
            let mut bits = 0u64;
            let mut seen = 0usize;
            let mut i = 0;
            while i < CELLS.len() {
                let c = CELLS[i];
                if c == b'X' || c == b'.' {
                    assert!(seen < 64, "bitboard! takes exactly 64 cells");
                    // The picture is read rank 8 first, file a first.
                    let square = (7 - seen / 8) * 8 + seen % 8;
                    if c == b'X' {
                        bits |= 1 << square;
                    }
                    seen += 1;
                } else {
                    assert!(c == b' ' || c == b'\n', "bitboard! takes only X and . cells");
                }
                i += 1;
            }
            assert!(seen == 64, "bitboard! takes exactly 64 cells");
            bits
        };
        $crate::Bitboard(BITS)
    }};
}

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// Every square except the a-file: the mask for shifts towards the h-file.
    pub const NOT_A_FILE: Bitboard = Bitboard(!0x0101_0101_0101_0101);
    /// Every square except the a- and b-files.
    pub const NOT_AB_FILE: Bitboard = Bitboard(!0x0303_0303_0303_0303);
    /// Every square except the h-file: the mask for shifts towards the a-file.
    pub const NOT_H_FILE: Bitboard = Bitboard(!0x8080_8080_8080_8080);
    /// Every square except the g- and h-files.
    pub const NOT_GH_FILE: Bitboard = Bitboard(!0xc0c0_c0c0_c0c0_c0c0);
    /// The dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The light squares.
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xaa55_aa55_aa55_aa55);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// The outer ring of squares.
    pub const EDGES: Bitboard = Bitboard(0xff81_8181_8181_81ff);
    /// The first and eighth ranks.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The a1-h8 diagonal.
    pub const DIAGONAL: Bitboard = Bitboard(0x8040_2010_0804_0201);
    /// The h1-a8 anti-diagonal.
    pub const ANTI_DIAGONAL: Bitboard = Bitboard(0x0102_0408_1020_4080);

    /// The set of these squares.
    pub const fn from_squares(squares: &[Square]) -> Bitboard {
        let mut bits = 0;
        let mut i = 0;
        while i < squares.len() {
            bits |= 1 << squares[i] as u8;
            i += 1;
        }
        Bitboard(bits)
    }

    /// The set holding one square.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square as u8)
    }

    /// The squares of a file.
    #[inline(always)]
    pub const fn file(file: File) -> Bitboard {
        file.bitboard()
    }

    /// The squares of a rank.
    #[inline(always)]
    pub const fn rank(rank: Rank) -> Bitboard {
        rank.bitboard()
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square as u8) != 0
    }

    /// Whether the set has no squares.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two or more squares (cheaper than counting).
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// How many squares are in the set (population count).
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square (least significant one bit), or `None` when empty.
    #[inline(always)]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            // SAFETY: a non-zero u64 has at most 63 trailing zeros.
            Some(unsafe { Square::new_unchecked(self.0.trailing_zeros() as u8) })
        }
    }

    /// The highest square (most significant one bit), or `None` when empty.
    #[inline(always)]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            // SAFETY: a non-zero u64 has at most 63 leading zeros, so 63 - lz is in 0..64.
            Some(unsafe { Square::new_unchecked(63 - self.0.leading_zeros() as u8) })
        }
    }

    /// The only square of a one-square set, or `None` when the set is empty or larger.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.lsb()
        }
    }

    /// The set of the lowest square alone (LS1B isolation, `x & -x`).
    #[inline(always)]
    pub const fn isolate_lsb(self) -> Bitboard {
        Bitboard(self.0 & self.0.wrapping_neg())
    }

    /// The set without its lowest square (LS1B reset, `x & (x - 1)`).
    #[inline(always)]
    pub const fn reset_lsb(self) -> Bitboard {
        Bitboard(self.0 & self.0.wrapping_sub(1))
    }

    /// Removes the lowest square and returns it, or `None` when empty.
    #[inline(always)]
    pub fn pop_lsb(&mut self) -> Option<Square> {
        let square = self.lsb();
        *self = self.reset_lsb();
        square
    }

    /// Removes the highest square and returns it, or `None` when empty.
    #[inline(always)]
    pub fn pop_msb(&mut self) -> Option<Square> {
        let square = self.msb();
        if let Some(sq) = square {
            self.0 ^= 1 << sq as u8;
        }
        square
    }

    /// The union.
    #[inline(always)]
    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }

    /// The intersection.
    #[inline(always)]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// The squares of `self` that are not in `other` (relative complement).
    #[inline(always)]
    pub const fn without(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The squares in exactly one of the two sets.
    #[inline(always)]
    pub const fn toggle(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ other.0)
    }

    /// The complement.
    #[inline(always)]
    pub const fn complement(self) -> Bitboard {
        Bitboard(!self.0)
    }

    /// Whether every square of `self` is in `other`.
    #[inline(always)]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share no square.
    #[inline(always)]
    pub const fn is_disjoint(self, other: Bitboard) -> bool {
        self.0 & other.0 == 0
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | 1 << square as u8)
    }

    /// The set with `square` removed.
    #[inline(always)]
    pub const fn remove(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << square as u8))
    }

    /// Each square moved one rank up (towards rank 8); rank 8 falls off.
    #[inline(always)]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Each square moved one rank down; rank 1 falls off.
    #[inline(always)]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Each square moved one file right (towards h); the h-file falls off.
    #[inline(always)]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 << 1) & Self::NOT_A_FILE.0)
    }

    /// Each square moved one file left (towards a); the a-file falls off.
    #[inline(always)]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 >> 1) & Self::NOT_H_FILE.0)
    }

    /// Each square moved one step up and right.
    #[inline(always)]
    pub const fn north_east(self) -> Bitboard {
        Bitboard((self.0 << 9) & Self::NOT_A_FILE.0)
    }

    /// Each square moved one step up and left.
    #[inline(always)]
    pub const fn north_west(self) -> Bitboard {
        Bitboard((self.0 << 7) & Self::NOT_H_FILE.0)
    }

    /// Each square moved one step down and right.
    #[inline(always)]
    pub const fn south_east(self) -> Bitboard {
        Bitboard((self.0 >> 7) & Self::NOT_A_FILE.0)
    }

    /// Each square moved one step down and left.
    #[inline(always)]
    pub const fn south_west(self) -> Bitboard {
        Bitboard((self.0 >> 9) & Self::NOT_H_FILE.0)
    }

    /// Each square moved one step in `direction`.
    #[inline(always)]
    pub const fn shift(self, direction: Direction) -> Bitboard {
        match direction {
            Direction::North => self.north(),
            Direction::South => self.south(),
            Direction::East => self.east(),
            Direction::West => self.west(),
            Direction::NorthEast => self.north_east(),
            Direction::NorthWest => self.north_west(),
            Direction::SouthEast => self.south_east(),
            Direction::SouthWest => self.south_west(),
        }
    }

    /// The set seen from the other side: rank 1 swaps with rank 8 (a byte swap).
    #[inline(always)]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored left to right: the a-file swaps with the h-file.
    #[inline]
    pub const fn mirror_horizontal(self) -> Bitboard {
        const K1: u64 = 0x5555_5555_5555_5555;
        const K2: u64 = 0x3333_3333_3333_3333;
        const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let mut x = self.0;
        x = ((x >> 1) & K1) | ((x & K1) << 1);
        x = ((x >> 2) & K2) | ((x & K2) << 2);
        x = ((x >> 4) & K4) | ((x & K4) << 4);
        Bitboard(x)
    }

    /// The set flipped about the a1-h8 diagonal: b1 goes to a2.
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        const K1: u64 = 0x5500_5500_5500_5500;
        const K2: u64 = 0x3333_0000_3333_0000;
        const K4: u64 = 0x0f0f_0f0f_0000_0000;
        let mut x = self.0;
        let mut t = K4 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = K2 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = K1 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Bitboard(x)
    }

    /// The set flipped about the h1-a8 anti-diagonal: a1 goes to h8.
    #[inline]
    pub const fn flip_anti_diagonal(self) -> Bitboard {
        const K1: u64 = 0xaa00_aa00_aa00_aa00;
        const K2: u64 = 0xcccc_0000_cccc_0000;
        const K4: u64 = 0xf0f0_f0f0_0f0f_0f0f;
        let mut x = self.0;
        let mut t = x ^ (x << 36);
        x ^= K4 & (t ^ (x >> 36));
        t = K2 & (x ^ (x << 18));
        x ^= t ^ (t >> 18);
        t = K1 & (x ^ (x << 9));
        x ^= t ^ (t >> 9);
        Bitboard(x)
    }

    /// The squares in LS1B order (a1 first); iterate backwards for MS1B order.
    #[inline(always)]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// Every subset of this set, the empty set first and the set itself last,
    /// by the Carry-Rippler trick.
    #[inline]
    pub const fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: Some(0),
        }
    }
}

/// One of the eight directions a bitboard can be shifted by one step.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[allow(missing_docs)]
pub enum Direction {
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Direction {
    /// All eight directions.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The file and rank step of this direction.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }

    /// Whether the direction is along a rank or file (a rook's direction).
    pub const fn is_orthogonal(self) -> bool {
        matches!(
            self,
            Direction::North | Direction::South | Direction::East | Direction::West
        )
    }
}

/// The squares of a [`Bitboard`] in LS1B order; from the back, in MS1B order.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let mut bb = Bitboard(self.0);
        let sq = bb.pop_lsb();
        self.0 = bb.0;
        sq
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        Bitboard(self.0).msb()
    }
}

impl DoubleEndedIterator for Squares {
    #[inline(always)]
    fn next_back(&mut self) -> Option<Square> {
        let mut bb = Bitboard(self.0);
        let sq = bb.pop_msb();
        self.0 = bb.0;
        sq
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            *self = self.with(sq);
        }
    }
}

/// Every subset of a set, by the Carry-Rippler trick `next = (next - set) & set`.
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        let current = self.next?;
        let following = current.wrapping_sub(self.set) & self.set;
        self.next = if following == 0 {
            None
        } else {
            Some(following)
        };
        Some(Bitboard(current))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.next {
            None => (0, Some(0)),
            // Subsets come in increasing order: count those at or above `next`.
            Some(next) => {
                let total = 1u128 << self.set.count_ones();
                // The rank of `next` among subsets is its bits gathered from `set`.
                let mut rank = 0u128;
                let mut set = self.set;
                let mut bit = 1u128;
                while set != 0 {
                    let low = set & set.wrapping_neg();
                    if next & low != 0 {
                        rank |= bit;
                    }
                    bit <<= 1;
                    set ^= low;
                }
                let left = total - rank;
                let n = usize::try_from(left).unwrap_or(usize::MAX);
                (n, usize::try_from(left).ok())
            }
        }
    }
}

impl FusedIterator for Subsets {}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Bitboard {
        square.bitboard()
    }
}

impl From<u64> for Bitboard {
    #[inline(always)]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline(always)]
    fn from(bb: Bitboard) -> u64 {
        bb.0
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $fn(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op rhs.bitboard().0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline(always)]
            fn $assign_fn(&mut self, rhs: Square) {
                self.0 = self.0 $op rhs.bitboard().0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The relative complement: squares of `self` not in `rhs`.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        self.without(rhs)
    }
}

impl SubAssign for Bitboard {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = self.without(rhs);
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// An 8x8 diagram, rank 8 on top: `X` for a member square, `.` otherwise.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let sq = Square::from_coords(file, *rank);
                f.write_str(if self.contains(sq) { "X" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl fmt::UpperHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

impl fmt::Binary for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    extern crate alloc;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    use crate::test_support::Rng;

    fn naive_shift(bb: Bitboard, d: Direction) -> Bitboard {
        let (df, dr) = d.delta();
        bb.iter().filter_map(|sq| sq.offset(df, dr)).collect()
    }

    #[test]
    fn shifts_respect_wrap_masks() {
        let mut rng = Rng(1);
        for _ in 0..1000 {
            let bb = Bitboard(rng.next());
            for d in Direction::ALL {
                assert_eq!(bb.shift(d), naive_shift(bb, d), "{d:?}");
            }
        }
        assert_eq!(Bitboard::from_square(Square::H4).east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::from_square(Square::A4).west(), Bitboard::EMPTY);
    }

    #[test]
    fn flips_match_square_flips() {
        for sq in Square::ALL {
            let bb = sq.bitboard();
            assert_eq!(bb.flip_vertical(), sq.flip_vertical().bitboard());
            assert_eq!(bb.mirror_horizontal(), sq.mirror_horizontal().bitboard());
            let diag = Square::from_coords(File::new(sq.rank() as u8), Rank::new(sq.file() as u8));
            assert_eq!(bb.flip_diagonal(), diag.bitboard(), "{sq}");
            let anti = Square::from_coords(
                File::new(7 - sq.rank() as u8),
                Rank::new(7 - sq.file() as u8),
            );
            assert_eq!(bb.flip_anti_diagonal(), anti.bitboard(), "{sq}");
        }
    }

    #[test]
    fn scans_and_iteration() {
        let bb = Bitboard::from_squares(&[Square::C2, Square::A1, Square::H8, Square::E4]);
        assert_eq!(bb.count(), 4);
        assert_eq!(bb.lsb(), Some(Square::A1));
        assert_eq!(bb.msb(), Some(Square::H8));
        assert_eq!(bb.isolate_lsb(), Square::A1.bitboard());
        assert_eq!(bb.reset_lsb(), bb.remove(Square::A1));
        let forward: Vec<_> = bb.iter().collect();
        assert_eq!(forward, [Square::A1, Square::C2, Square::E4, Square::H8]);
        let backward: Vec<_> = bb.iter().rev().collect();
        assert_eq!(backward, [Square::H8, Square::E4, Square::C2, Square::A1]);
        let mut it = bb.iter();
        assert_eq!(it.len(), 4);
        it.next();
        it.next_back();
        assert_eq!(it.len(), 2);
        assert_eq!(Bitboard::EMPTY.lsb(), None);
        assert_eq!(Bitboard::EMPTY.msb(), None);
        assert!(bb.more_than_one());
        assert_eq!(Square::D5.bitboard().single_square(), Some(Square::D5));
    }

    #[test]
    fn subsets_are_complete_and_ordered() {
        let set = Bitboard::from_squares(&[Square::B2, Square::D4, Square::G7, Square::H8]);
        let subsets: Vec<_> = set.subsets().collect();
        assert_eq!(subsets.len(), 16);
        assert_eq!(subsets[0], Bitboard::EMPTY);
        assert_eq!(subsets[15], set);
        assert!(subsets.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(subsets.iter().all(|s| s.is_subset(set)));
        let mut it = set.subsets();
        assert_eq!(it.size_hint(), (16, Some(16)));
        it.next();
        assert_eq!(it.size_hint(), (15, Some(15)));
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
    }

    #[test]
    fn diagram_has_rank_8_on_top() {
        let text = Square::A8.bitboard().to_string();
        assert!(text.starts_with("X . . . . . . .\n"));
        assert_eq!(text.lines().count(), 8);
        let bb = bitboard! {
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . X . . .
            . . . . . . . .
            . . . . . . . .
            X . . . . . . .
        };
        assert_eq!(bb, Bitboard::from_squares(&[Square::A1, Square::E4]));
    }
}
