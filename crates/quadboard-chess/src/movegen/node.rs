//! The state move generation reads and perft copies: a placement in any representation,
//! the castling rooks and the en passant square.

use super::Side;
use crate::board::{Placement, QuadBoard};
use crate::{Bitboard, Board, Color, Move, MoveKind, Piece, Role, Square};

/// A placement with castling rights and en passant square: everything legal move
/// generation needs but the side to move, which callers carry as a type or a field.
///
/// Moves are made by the `make` methods below, one per kind of move, so that
/// [`crate::Position::play_unchecked`] and every perft engine make moves the same way;
/// only the [`Placement`] primitives differ between representations.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Node<B> {
    /// Where the pieces stand.
    pub(crate) board: B,
    /// The squares of the rooks that may castle.
    pub(crate) castling: Bitboard,
    /// The square a pawn passed over in a double push just made, if any.
    pub(crate) ep_square: Option<Square>,
}

/// The node of [`crate::Position`].
pub(crate) type DenseNode = Node<Board>;

/// The node of the quad-bitboard perft engine.
pub(crate) type QuadNode = Node<QuadBoard>;

impl<B: Placement> Node<B> {
    /// The squares of the pieces of `color`.
    #[inline(always)]
    pub(crate) fn color_set(&self, color: Color) -> Bitboard {
        self.board.color_set(color)
    }

    /// The rooks that side `S` may still castle with: its own, on its back rank.
    #[inline(always)]
    pub(crate) fn castling_rooks<S: Side>(&self) -> Bitboard {
        self.castling & self.color_set(S::COLOR) & S::BACK_RANK
    }

    /// The squares of the pieces of `role`, both colours.
    #[inline(always)]
    pub(crate) fn role_set(&self, role: Role) -> Bitboard {
        self.board.role_set(role)
    }

    /// The occupied squares.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.color_set(Color::White) | self.color_set(Color::Black)
    }

    /// The same node on quad-bitboards.
    #[inline]
    pub(crate) fn to_quad_node(self) -> QuadNode {
        Node {
            board: self.board.to_quad(),
            castling: self.castling,
            ep_square: self.ep_square,
        }
    }

    /// What every move changes besides the placement: a piece leaving or landing on a
    /// castling rook's square takes that right, a king move takes both of its side's, and
    /// the en passant square is gone.
    #[inline(always)]
    fn after_move_of(&mut self, color: Color, role: Role, from: Square, to: Square) {
        self.castling &= !self.rights_lost(color, role, from, to);
        self.ep_square = None;
    }

    /// The castling rooks whose rights a move of `color`'s `role` from `from` to `to` takes
    /// (castling is a king move onto its rook's square).
    #[inline(always)]
    pub(crate) fn rights_lost(
        &self,
        color: Color,
        role: Role,
        from: Square,
        to: Square,
    ) -> Bitboard {
        let mut touched = from.bitboard() | to;
        if role == Role::King {
            touched |= color.back_rank().bitboard();
        }
        self.castling & touched
    }

    /// Makes the move of `color`'s `role` from `from` to `to`, capturing whatever stands
    /// there: any move but a double push, promotion, en passant or castling.
    #[inline(always)]
    pub(crate) fn make_move(&mut self, color: Color, role: Role, from: Square, to: Square) {
        self.board.move_piece(Piece::new(color, role), from, to);
        self.after_move_of(color, role, from, to);
    }

    /// Makes a pawn's double push from `from` to `to`.
    #[inline(always)]
    pub(crate) fn make_double_push(&mut self, color: Color, from: Square, to: Square) {
        self.make_move(color, Role::Pawn, from, to);
        self.ep_square = Some(passed_square(from, to));
    }

    /// Makes a pawn's move from `from` to `to`, where it becomes `role`.
    #[inline(always)]
    pub(crate) fn make_promotion(&mut self, color: Color, from: Square, to: Square, role: Role) {
        self.board.promote(color, from, to, role);
        self.after_move_of(color, Role::Pawn, from, to);
    }

    /// Makes the en passant capture of the pawn on `from`, landing on `to`.
    #[inline(always)]
    pub(crate) fn make_en_passant(&mut self, color: Color, from: Square, to: Square) {
        self.make_move(color, Role::Pawn, from, to);
        let victim = Square::from_coords(to.file(), from.rank());
        self.board.remove(Piece::new(!color, Role::Pawn), victim);
    }

    /// Castles the king of `color` on `king` with the rook on `rook`.
    #[inline(always)]
    pub(crate) fn make_castling(&mut self, color: Color, king: Square, rook: Square) {
        self.board.castle(color, king, rook);
        self.after_move_of(color, Role::King, king, rook);
    }

    /// Makes `m`, a legal move of `color`'s `role` (the piece on its origin), with the
    /// method of its kind.
    #[inline(always)]
    pub(crate) fn play(&mut self, color: Color, role: Role, m: Move) {
        let (from, to) = (m.from(), m.to());
        match m.kind() {
            MoveKind::Castle => self.make_castling(color, from, to),
            MoveKind::EnPassant => self.make_en_passant(color, from, to),
            MoveKind::Promotion(promoted) => self.make_promotion(color, from, to, promoted),
            MoveKind::Normal if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 => {
                self.make_double_push(color, from, to)
            }
            MoveKind::Normal => self.make_move(color, role, from, to),
        }
    }
}

/// The square between the origin and the destination of a double push.
#[inline(always)]
pub(crate) const fn passed_square(from: Square, to: Square) -> Square {
    // SAFETY: the mean of two squares is a square.
    unsafe { Square::new_unchecked((from as u8 + to as u8) / 2) }
}
