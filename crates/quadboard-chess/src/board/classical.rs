//! The classical board definition: one bitboard per coloured piece kind plus the union
//! sets, in one array indexed by piece code.
//!
//! Index `2 * role + color` is [`Piece::code`], so `sets[Piece::WhiteRook.code() + color]`
//! picks either side's rooks without a branch. The four codes no piece uses hold the
//! unions: 0 white, 1 black (so `sets[color]` is that side's pieces), 14 occupied,
//! 15 empty.

use core::fmt;

use super::{Board, Mailbox, QuadBoard};
use crate::{Bitboard, Color, Piece, Role, Square};

/// A placement as 16 bitboards: twelve piece sets and four unions.
///
/// ```
/// use quadboard_chess::board::ClassicalBoard;
/// use quadboard_chess::{Color, Piece};
/// let board = ClassicalBoard::start();
/// let side = Color::Black;
/// // The rooks of the side, indexed without a branch on colour.
/// let rooks = board.sets()[(Piece::WhiteRook.code() + side as u8) as usize];
/// assert_eq!(rooks.count(), 2);
/// assert_eq!(board.sets()[ClassicalBoard::OCCUPIED].count(), 32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassicalBoard {
    sets: [Bitboard; 16],
}

impl ClassicalBoard {
    /// Index of the set of white pieces (the colour's index, as for black).
    pub const WHITE: usize = 0;
    /// Index of the set of black pieces.
    pub const BLACK: usize = 1;
    /// Index of the set of occupied squares.
    pub const OCCUPIED: usize = 14;
    /// Index of the set of empty squares.
    pub const EMPTY_SQUARES: usize = 15;

    /// The board with no pieces.
    pub const EMPTY: ClassicalBoard = {
        let mut sets = [Bitboard::EMPTY; 16];
        sets[15] = Bitboard::FULL;
        ClassicalBoard { sets }
    };

    /// The standard starting placement.
    pub const fn start() -> ClassicalBoard {
        ClassicalBoard::from_board(&Board::start())
    }

    /// The classical board of a dense board.
    pub const fn from_board(board: &Board) -> ClassicalBoard {
        let mut sets = [Bitboard::EMPTY; 16];
        let mut i = 0;
        while i < 12 {
            let piece = Piece::ALL[i];
            sets[piece.code() as usize] = board.by_piece(piece);
            i += 1;
        }
        sets[0] = board.by_color(Color::White);
        sets[1] = board.by_color(Color::Black);
        sets[14] = board.occupied();
        sets[15] = board.empty_squares();
        ClassicalBoard { sets }
    }

    /// The dense board of the same placement.
    pub fn to_board(&self) -> Board {
        let by_role = Role::ALL.map(|role| self.by_role(role));
        Board::from_sets([self.sets[0], self.sets[1]], by_role)
            .expect("classical piece sets are disjoint")
    }

    /// Builds the board from the twelve piece sets, filling in the unions; `None` when two
    /// sets overlap.
    pub fn from_piece_sets(pieces: [Bitboard; 12]) -> Option<ClassicalBoard> {
        let mut board = ClassicalBoard::EMPTY;
        for (piece, set) in Piece::ALL.into_iter().zip(pieces) {
            if (board.sets[Self::OCCUPIED] & set).any() {
                return None;
            }
            board.toggle(piece, set);
        }
        Some(board)
    }

    /// The quad-bitboard hex sets re-indexed: the piece sets carry over, the unions are
    /// recomputed.
    pub fn from_quad(quad: &QuadBoard) -> ClassicalBoard {
        let hex = quad.to_hex();
        let mut pieces = [Bitboard::EMPTY; 12];
        for (set, piece) in pieces.iter_mut().zip(Piece::ALL) {
            *set = hex[piece.code() as usize];
        }
        ClassicalBoard::from_piece_sets(pieces).expect("hex sets are disjoint")
    }

    /// The quad-bitboard of the same placement.
    pub fn to_quad(&self) -> QuadBoard {
        let mut hex = self.sets;
        hex[0] = self.sets[Self::EMPTY_SQUARES];
        hex[1] = Bitboard::EMPTY;
        hex[14] = Bitboard::EMPTY;
        hex[15] = Bitboard::EMPTY;
        QuadBoard::from_hex(&hex).expect("classical sets partition the board")
    }

    /// All sixteen sets, by the indices described on the module.
    #[inline]
    pub const fn sets(&self) -> &[Bitboard; 16] {
        &self.sets
    }

    /// The squares holding `piece`.
    #[inline]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        self.sets[piece.code() as usize]
    }

    /// The pieces of one colour.
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.sets[color as usize]
    }

    /// The pieces of one role, both colours.
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        let white = (role as usize) << 1;
        Bitboard(self.sets[white].0 | self.sets[white + 1].0)
    }

    /// Occupied squares.
    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.sets[Self::OCCUPIED]
    }

    /// Empty squares.
    #[inline]
    pub const fn empty_squares(&self) -> Bitboard {
        self.sets[Self::EMPTY_SQUARES]
    }

    /// The piece on `square`, by testing the twelve piece sets.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        if !self.occupied().contains(square) {
            return None;
        }
        Piece::ALL
            .into_iter()
            .find(|&piece| self.by_piece(piece).contains(square))
    }

    /// Toggles `piece` on every square of `mask` and keeps the unions in step. `mask` must
    /// hold only squares that are empty or hold `piece`.
    #[inline]
    pub fn toggle(&mut self, piece: Piece, mask: Bitboard) {
        self.sets[piece.code() as usize] ^= mask;
        self.sets[piece.color() as usize] ^= mask;
        self.sets[Self::OCCUPIED] ^= mask;
        self.sets[Self::EMPTY_SQUARES] ^= mask;
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    pub fn set_piece_at(&mut self, square: Square, piece: Piece) {
        self.remove_piece_at(square);
        self.toggle(piece, square.bitboard());
    }

    /// Empties `square` and returns what stood there.
    pub fn remove_piece_at(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_at(square)?;
        self.toggle(piece, square.bitboard());
        Some(piece)
    }

    /// The placement as one optional piece per square.
    pub fn to_mailbox(&self) -> Mailbox {
        self.to_board().to_mailbox()
    }

    /// The classical board of a mailbox.
    pub fn from_mailbox(mailbox: &Mailbox) -> ClassicalBoard {
        ClassicalBoard::from_board(&Board::from_mailbox(mailbox))
    }
}

impl Default for ClassicalBoard {
    fn default() -> ClassicalBoard {
        ClassicalBoard::EMPTY
    }
}

impl From<&Board> for ClassicalBoard {
    fn from(board: &Board) -> ClassicalBoard {
        ClassicalBoard::from_board(board)
    }
}

impl From<&ClassicalBoard> for Board {
    fn from(board: &ClassicalBoard) -> Board {
        board.to_board()
    }
}

impl fmt::Debug for ClassicalBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ClassicalBoard")
            .field("sets", &self.sets.map(|s| s.0))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_sets() {
        let board = ClassicalBoard::start();
        assert_eq!(board.by_color(Color::White).count(), 16);
        assert_eq!(board.sets()[ClassicalBoard::BLACK].count(), 16);
        assert_eq!(board.empty_squares().count(), 32);
        assert_eq!(board.by_piece(Piece::BlackKing), Square::E8.bitboard());
        assert_eq!(board.by_role(Role::Knight).count(), 4);
        assert_eq!(board.to_board(), Board::start());
        assert_eq!(board.to_quad(), QuadBoard::start());
        assert_eq!(ClassicalBoard::from_quad(&QuadBoard::start()), board);
    }

    #[test]
    fn edits_keep_unions() {
        let mut board = ClassicalBoard::start();
        assert_eq!(board.remove_piece_at(Square::E2), Some(Piece::WhitePawn));
        board.set_piece_at(Square::E4, Piece::WhitePawn);
        board.set_piece_at(Square::D8, Piece::WhiteQueen);
        assert_eq!(board.piece_at(Square::D8), Some(Piece::WhiteQueen));
        assert_eq!(board.by_color(Color::Black).count(), 15);
        assert_eq!(
            board.occupied(),
            board.by_color(Color::White) | board.by_color(Color::Black)
        );
        assert_eq!(board.empty_squares(), !board.occupied());
        assert_eq!(ClassicalBoard::from_mailbox(&board.to_mailbox()), board);
        assert_eq!(ClassicalBoard::from_board(&board.to_board()), board);
        assert_eq!(
            ClassicalBoard::from_piece_sets([Square::A1.bitboard(); 12]),
            None
        );
    }
}
