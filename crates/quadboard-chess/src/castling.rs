//! Castling rights, stored as rook squares so that Chess960 needs no special case.

use core::fmt;

use crate::{Bitboard, Color, File, Square};

/// Which way a king castles; the king side orders first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum CastlingSide {
    /// Towards the h-file (O-O): the king ends on g, the rook on f.
    KingSide = 0,
    /// Towards the a-file (O-O-O): the king ends on c, the rook on d.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// 0 for the king side, 1 for the queen side.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side on which the rook on `rook` stands relative to the king on `king` (both on
    /// one back rank): the king side when the rook is nearer the h-file.
    ///
    /// ```
    /// use quadboard_chess::{CastlingSide, Square};
    /// assert_eq!(CastlingSide::of(Square::E1, Square::H1), CastlingSide::KingSide);
    /// assert_eq!(CastlingSide::of(Square::B8, Square::A8), CastlingSide::QueenSide);
    /// ```
    #[inline(always)]
    pub const fn of(king: Square, rook: Square) -> CastlingSide {
        if (rook as u8) > (king as u8) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The file the king ends on: g or c.
    #[inline(always)]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on: f or d.
    #[inline(always)]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The square the king of `color` ends on.
    #[inline(always)]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), color.back_rank())
    }

    /// The square the rook of `color` ends on.
    #[inline(always)]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), color.back_rank())
    }
}

/// How castling is written: standard chess (`KQkq`, UCI `e1g1`) or Chess960 (Shredder-FEN
/// file letters where needed, UCI king-takes-rook `e1h1`). Move generation is the same.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum CastlingMode {
    /// Kings start on e, rooks on a and h.
    #[default]
    Standard,
    /// Any king and rook files.
    Chess960,
}

impl CastlingMode {
    /// Whether this is Chess960.
    pub const fn is_chess960(self) -> bool {
        matches!(self, CastlingMode::Chess960)
    }
}

/// The castling rights of both sides: for each colour and side, the square of the rook
/// that may still castle, if any.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Castles {
    rooks: [[Option<Square>; 2]; 2],
}

impl Castles {
    /// No rights at all.
    pub const NONE: Castles = Castles {
        rooks: [[None; 2]; 2],
    };

    /// The rights of the standard starting position.
    pub const STANDARD: Castles = Castles {
        rooks: [
            [Some(Square::H1), Some(Square::A1)],
            [Some(Square::H8), Some(Square::A8)],
        ],
    };

    /// The rights given by castling rooks on `board` (any placement: the dense
    /// [`crate::Board`] or a [`crate::board::QuadBoard`]): each rook of `rooks` counts for
    /// its colour on its side of that colour's king (a colour without exactly one king has
    /// none).
    pub fn from_rooks<B: crate::board::Placement>(board: &B, rooks: Bitboard) -> Castles {
        let mut castles = Castles::NONE;
        for color in Color::ALL {
            let kings = board.role_set(crate::Role::King) & board.color_set(color);
            let Some(king) = kings.single_square() else {
                continue;
            };
            for rook in rooks & board.color_set(color) {
                castles.set_rook(color, CastlingSide::of(king, rook), Some(rook));
            }
        }
        castles
    }

    /// The rook that may castle for `color` on `side`.
    #[inline(always)]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        self.rooks[color as usize][side as usize]
    }

    /// Grants (`Some`) or removes (`None`) one right.
    #[inline]
    pub fn set_rook(&mut self, color: Color, side: CastlingSide, rook: Option<Square>) {
        self.rooks[color.index()][side.index()] = rook;
    }

    /// Removes both rights of `color`.
    #[inline]
    pub fn discard_color(&mut self, color: Color) {
        self.rooks[color.index()] = [None; 2];
    }

    /// Removes any right whose rook stands on a square of `squares`.
    #[inline]
    pub fn discard_rooks(&mut self, squares: Bitboard) {
        for side in &mut self.rooks {
            for rook in side {
                if let Some(sq) = *rook {
                    if squares.contains(sq) {
                        *rook = None;
                    }
                }
            }
        }
    }

    /// Whether no right remains.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        matches!(self.rooks, [[None, None], [None, None]])
    }

    /// Whether `color` may still castle on either side.
    #[inline]
    pub const fn has_color(&self, color: Color) -> bool {
        !matches!(self.rooks[color as usize], [None, None])
    }

    /// The squares of every rook that may castle.
    pub fn rook_squares(&self) -> Bitboard {
        self.rooks.iter().flatten().flatten().copied().collect()
    }

    /// The rights as a 4-bit mask: bit `2 * color + side`.
    pub const fn bits(&self) -> u8 {
        let mut bits = 0;
        let mut i = 0;
        while i < 4 {
            if self.rooks[i / 2][i % 2].is_some() {
                bits |= 1 << i;
            }
            i += 1;
        }
        bits
    }
}

impl Default for Castles {
    fn default() -> Castles {
        Castles::NONE
    }
}

impl fmt::Display for CastlingSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingSide::KingSide => "king side",
            CastlingSide::QueenSide => "queen side",
        })
    }
}
