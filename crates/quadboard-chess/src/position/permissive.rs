//! Positions from any setup, for callers that play on boards the rules do not allow
//! (python-chess's boards: no king, several kings, pawns on the back rank, the side not to
//! move in check) and check [`Reasons`] before using move generation.

use crate::setup::Reasons;
use crate::{CastlingMode, Position, Setup};

impl Position {
    /// The setup as a position whatever it holds, with every reason it is not legal
    /// ([`Setup::validate`]). Nothing is dropped: with invalid castling rights or en
    /// passant squares, or reasons beyond [`Reasons::IGNORABLE`], move generation, check
    /// detection and the other king-based queries give meaningless (but memory safe)
    /// results, while the placement, side to move, castling rights, en passant square and
    /// counters are exact (the key counts the rights that [`crate::Castles::from_rooks`]
    /// sees). Callers that generate moves drop invalid rights and squares first
    /// ([`Setup::drop_invalid_castling_rights`], [`Setup::drop_invalid_ep_square`]).
    ///
    /// ```
    /// use quadboard_chess::setup::Reasons;
    /// use quadboard_chess::{CastlingMode, Position, Setup};
    /// let (pos, reasons) = Position::from_setup_permissive(Setup::empty(), CastlingMode::Standard);
    /// assert_eq!(reasons, Reasons::MISSING_KING);
    /// assert!(pos.board().occupied().is_empty());
    /// ```
    pub fn from_setup_permissive(setup: Setup, mode: CastlingMode) -> (Position, Reasons) {
        let reasons = setup.validate();
        (Position::from_setup_unchecked(&setup, mode), reasons)
    }
}
