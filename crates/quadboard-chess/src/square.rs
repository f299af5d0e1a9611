//! Files, ranks and squares in little-endian rank-file order: a1 = 0, b1 = 1, h8 = 63.

use core::fmt;
use core::str::FromStr;

use crate::Bitboard;

macro_rules! small_enum {
    ($(#[$meta:meta])* $name:ident, $num:expr, [$($variant:ident),* $(,)?]) => {
        $(#[$meta])*
        #[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        pub enum $name {
            $(#[allow(missing_docs)] $variant),*
        }

        impl $name {
            /// How many values there are.
            pub const NUM: usize = $num;
            /// Every value, in index order.
            pub const ALL: [$name; $num] = [$($name::$variant),*];

            /// The value with this index, or `None` when the index is out of range.
            #[inline]
            pub const fn try_new(index: u8) -> Option<$name> {
                if (index as usize) < $num {
                    // SAFETY: the enum is `repr(u8)` with discriminants 0..NUM, checked above.
                    Some(unsafe { core::mem::transmute::<u8, $name>(index) })
                } else {
                    None
                }
            }

            /// The value with this index.
            ///
            /// # Panics
            /// When `index` is out of range.
            #[inline]
            pub const fn new(index: u8) -> $name {
                match Self::try_new(index) {
                    Some(v) => v,
                    None => panic!(concat!("index out of range for ", stringify!($name))),
                }
            }

            /// The value with this index, without a range check in release builds.
            ///
            /// # Safety
            /// `index` must be below [`Self::NUM`].
            #[inline(always)]
            pub const unsafe fn new_unchecked(index: u8) -> $name {
                debug_assert!((index as usize) < $num);
                // SAFETY: the caller keeps `index` in 0..NUM, the enum's discriminant range.
                unsafe { core::mem::transmute::<u8, $name>(index) }
            }

            /// The index of this value.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

small_enum!(
    /// A column of the board, `a` to `h`.
    File, 8, [A, B, C, D, E, F, G, H]
);

small_enum!(
    /// A row of the board, first (white's back rank) to eighth.
    Rank, 8, [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

small_enum!(
    /// A square of the board; its index is `8 * rank + file`.
    Square, 64, [
        A1, B1, C1, D1, E1, F1, G1, H1,
        A2, B2, C2, D2, E2, F2, G2, H2,
        A3, B3, C3, D3, E3, F3, G3, H3,
        A4, B4, C4, D4, E4, F4, G4, H4,
        A5, B5, C5, D5, E5, F5, G5, H5,
        A6, B6, C6, D6, E6, F6, G6, H6,
        A7, B7, C7, D7, E7, F7, G7, H7,
        A8, B8, C8, D8, E8, F8, G8, H8,
    ]
);

impl File {
    /// The letter `a` to `h`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file of a lowercase letter `a` to `h`, as squares are written in FEN, UCI and
    /// SAN; uppercase letters are refused, the same rule as `"a".parse::<File>()`. (Shredder-FEN
    /// writes white's castling files in uppercase; its reader decides what the case means.)
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::try_new(c as u8 - b'a'),
            _ => None,
        }
    }

    /// The file mirrored left to right (a to h).
    #[inline]
    pub const fn mirror(self) -> File {
        File::new(7 - self as u8)
    }

    /// The squares of this file.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

impl Rank {
    /// The digit `1` to `8`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank of a digit `1` to `8`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::try_new(c as u8 - b'1'),
            _ => None,
        }
    }

    /// The rank seen from the other side (first to eighth).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::new(7 - self as u8)
    }

    /// The squares of this rank.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xff << (8 * self as u8))
    }
}

impl Square {
    /// The square on this file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u8 * 8 + file as u8)
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u8 & 7)
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u8 >> 3)
    }

    /// The set holding only this square.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u8)
    }

    /// The square seen from the other side: a1 becomes a8 (vertical flip).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u8 ^ 56)
    }

    /// The square mirrored left to right: a1 becomes h1.
    #[inline]
    pub const fn mirror_horizontal(self) -> Square {
        Square::new(self as u8 ^ 7)
    }

    /// The square `files` columns and `ranks` rows away, or `None` off the board.
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let f = self.file() as i8 + files;
        let r = self.rank() as i8 + ranks;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square::new((r * 8 + f) as u8))
        }
    }

    /// Whether the square is dark (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() as u8 + self.rank() as u8) & 1 == 0
    }

    /// Parses the two bytes of a square name such as `b"e4"`.
    pub const fn from_ascii(name: &[u8]) -> Result<Square, ParseSquareError> {
        if name.len() != 2 {
            return Err(ParseSquareError);
        }
        match (
            File::from_char(name[0] as char),
            Rank::from_char(name[1] as char),
        ) {
            (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError),
        }
    }
}

/// The text is not a square name: a file `a`-`h` then a rank `1`-`8`, like `e4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square: a file a-h and a rank 1-8, like e4")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseSquareError {}

/// The text is not a file letter `a`-`h` or not a rank digit `1`-`8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseCoordError;

impl fmt::Display for ParseCoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a file a-h or a rank 1-8")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseCoordError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl FromStr for File {
    type Err = ParseCoordError;
    fn from_str(s: &str) -> Result<File, ParseCoordError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => File::from_char(c).ok_or(ParseCoordError),
            _ => Err(ParseCoordError),
        }
    }
}

impl FromStr for Rank {
    type Err = ParseCoordError;
    fn from_str(s: &str) -> Result<Rank, ParseCoordError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c).ok_or(ParseCoordError),
            _ => Err(ParseCoordError),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.file().char())?;
        fmt::Write::write_char(f, self.rank().char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_little_endian_rank_file() {
        assert_eq!(Square::A1.index(), 0);
        assert_eq!(Square::B1.index(), 1);
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::from_coords(File::E, Rank::Fourth), Square::E4);
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
            assert_eq!(sq.mirror_horizontal().file(), sq.file().mirror());
        }
    }

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
        for bad in ["", "e", "i9", "e9", "a0", "E4", "e44", "4e", "é4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
        }
        assert_eq!("c".parse::<File>(), Ok(File::C));
        for bad in ["i", "C", "A", "", "ab", "1"] {
            assert!(bad.parse::<File>().is_err(), "{bad}");
        }
        for c in ['a', 'h'] {
            let file = File::from_char(c).unwrap();
            assert_eq!(c.to_string().parse::<File>(), Ok(file));
            assert_eq!(File::from_char(c.to_ascii_uppercase()), None);
        }
        assert_eq!("8".parse::<Rank>(), Ok(Rank::Eighth));
        assert!("9".parse::<Rank>().is_err());
    }

    #[test]
    fn offsets_stay_on_board() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Some(Square::B3));
        assert_eq!(Square::H8.offset(0, 1), None);
        assert!(Square::A1.is_dark());
        assert!(!Square::H1.is_dark());
    }
}
