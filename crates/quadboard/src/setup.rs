//! A position that is not necessarily legal: what a FEN says, before validation.

use crate::board::Board;
use crate::{Bitboard, Color, Square};

/// Everything a FEN describes, with no legality checked: piece placement, side to move,
/// castling rights as the squares of the rooks that may castle, en passant square and the
/// two counters. [`crate::Position`] is made from a `Setup` by validation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Side to move.
    pub turn: Color,
    /// The squares of the rooks that keep castling rights (X-FEN `KQkq` is resolved to the
    /// outermost rook on each side of the king).
    pub castling_rooks: Bitboard,
    /// The en passant target square, if the FEN names one.
    pub ep_square: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after black moves.
    pub fullmoves: u32,
}

impl Setup {
    /// The standard starting position.
    pub const fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::White,
            castling_rooks: Bitboard::CORNERS,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// An empty board, white to move, no rights.
    pub const fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rooks: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}
