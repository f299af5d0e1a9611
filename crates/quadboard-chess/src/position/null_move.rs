//! The null move: the side to move passes, as search's null-move pruning asks.

use core::fmt;

use crate::{zobrist, Color, Position};

impl Position {
    /// The position after the side to move passes: the other side is to move, the en
    /// passant square is cleared, the halfmove clock goes up by one and the fullmove number
    /// by one when black passed. Castling rights and placement stay. The key is updated
    /// incrementally, and equals [`Position::compute_key`] of the result.
    ///
    /// # Errors
    /// [`NullMoveError`] when the side to move is in check: passing would leave its king
    /// capturable, which no legal position allows.
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::new();
    /// let passed = pos.null_move()?;
    /// assert_eq!(passed.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
    /// assert_eq!(passed.key(), passed.compute_key());
    /// // Passing twice gives back the placement and the key, not the counters.
    /// assert_eq!(passed.null_move()?.key(), pos.key());
    ///
    /// let in_check = Position::from_fen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1")?;
    /// assert!(in_check.null_move().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn null_move(&self) -> Result<Position, NullMoveError> {
        if self.is_check() {
            return Err(NullMoveError);
        }
        let mut next = *self;
        // Only the en passant part and the side to move enter the key; the new side to move
        // has no en passant square, so its en passant part is zero.
        next.key ^= zobrist::en_passant_key(&self.node.board, self.turn, self.node.ep_square)
            ^ zobrist::white_to_move();
        next.node.ep_square = None;
        next.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        next.turn = !self.turn;
        Ok(next)
    }
}

/// A null move was asked for while the side to move is in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NullMoveError;

impl fmt::Display for NullMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no null move while in check")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NullMoveError {}
