//! Board definitions: where the pieces stand, in four interchangeable forms.
//!
//! - [`Board`]: the dense form, two colour sets and six role sets; a coloured piece set is
//!   one intersection. [`crate::Position`] keeps this one (see `docs/performance.md` for
//!   the measurement that chose it).
//! - [`ClassicalBoard`]: one set per coloured piece plus the unions, indexed by piece code
//!   so that either side's sets are found without a branch.
//! - [`QuadBoard`]: four planes holding a 4-bit piece code per square, 32 bytes in all,
//!   with SIMD conversions and make/unmake by XOR of [`QuadDelta`]s.
//! - [`Mailbox`]: one optional piece per square, for display and conversions.
//!
//! Every form converts to every other without loss.

mod classical;
mod dense;
mod diagram;
mod quad;

pub use classical::ClassicalBoard;
pub use dense::Board;
pub use diagram::PieceGlyphs;
pub use quad::{InvalidCodeError, QuadBoard, QuadDelta};

use crate::attacks::{self, Cpu};
use crate::{Bitboard, CastlingSide, Color, Move, MoveKind, Piece, Role, Square};

/// A placement that legal move generation reads and makes moves on: the dense [`Board`]
/// and the [`QuadBoard`]. Each representation writes its make-move here once, as four
/// primitives; [`Placement::play`] and every engine build on them.
///
/// The primitives trust their caller: the squares and pieces must describe a move that
/// can be made on this placement (from a legal move generator, for example). Given
/// anything else they leave a meaningless but memory-safe placement.
pub trait Placement: Copy {
    /// The squares holding pieces of `color`.
    fn color_set(&self, color: Color) -> Bitboard;

    /// The squares holding pieces of `role`, either colour.
    fn role_set(&self, role: Role) -> Bitboard;

    /// The piece on `square`, if any.
    fn piece_on(&self, square: Square) -> Option<Piece>;

    /// The squares holding `piece`.
    #[inline(always)]
    fn piece_set(&self, piece: Piece) -> Bitboard {
        self.color_set(piece.color()) & self.role_set(piece.role())
    }

    /// The squares holding a piece.
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.color_set(Color::White) | self.color_set(Color::Black)
    }

    /// The bishops and queens, either colour.
    #[inline(always)]
    fn diagonal_sliders(&self) -> Bitboard {
        self.role_set(Role::Bishop) | self.role_set(Role::Queen)
    }

    /// The rooks and queens, either colour.
    #[inline(always)]
    fn orthogonal_sliders(&self) -> Bitboard {
        self.role_set(Role::Rook) | self.role_set(Role::Queen)
    }

    /// The pieces of the other colour that give check to the king of `us`: the one
    /// computation behind [`crate::Position::checkers`] and the engines on any placement.
    /// The king must be there (a1 stands in when it is not) and the kings must not
    /// touch: a king is never looked for as a checker.
    #[inline(always)]
    fn checkers(&self, us: Color) -> Bitboard {
        let king = self
            .piece_set(Piece::new(us, Role::King))
            .lsb()
            .unwrap_or(Square::A1);
        let them = self.color_set(!us);
        let mut checkers = (attacks::knight(king) & self.role_set(Role::Knight)
            | attacks::pawn(us, king) & self.role_set(Role::Pawn))
            & them;
        // The empty-board rays skip a slider lookup when no slider of theirs is on a
        // line with the king, as in most positions.
        let diagonal = attacks::bishop_rays(king) & self.diagonal_sliders() & them;
        if diagonal.any() {
            checkers |= attacks::bishop(king, self.occupied()) & diagonal;
        }
        let orthogonal = attacks::rook_rays(king) & self.orthogonal_sliders() & them;
        if orthogonal.any() {
            checkers |= attacks::rook(king, self.occupied()) & orthogonal;
        }
        checkers
    }

    /// The placement as quad-bitboard planes (the perft table's packed form).
    fn to_quad(&self) -> QuadBoard;

    /// Moves `piece` from `from` to `to`, removing whatever stood on `to`.
    fn move_piece(&mut self, piece: Piece, from: Square, to: Square);

    /// Moves the pawn of `color` from `from` to `to`, removing whatever stood on `to`, and
    /// replaces it by `role`.
    fn promote(&mut self, color: Color, from: Square, to: Square, role: Role);

    /// Removes `piece`, which stands on `square` (the victim of an en passant capture).
    fn remove(&mut self, piece: Piece, square: Square);

    /// Castles the king of `color` on `king` with its rook on `rook` (Chess960 included:
    /// either may land on the other's square or stay where it is).
    fn castle(&mut self, color: Color, king: Square, rook: Square);

    /// Makes `m` on the placement alone; `m` must be playable here (its piece stands on
    /// its origin; see [`Move`] for how each kind is encoded).
    #[inline]
    fn play(&mut self, m: Move) {
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.piece_on(from) else {
            return;
        };
        let color = piece.color();
        match m.kind() {
            MoveKind::Normal => self.move_piece(piece, from, to),
            MoveKind::Promotion(role) => self.promote(color, from, to, role),
            MoveKind::EnPassant => {
                self.move_piece(piece, from, to);
                let victim = Square::from_coords(to.file(), from.rank());
                self.remove(Piece::new(!color, Role::Pawn), victim);
            }
            MoveKind::Castle => self.castle(color, from, to),
        }
    }
}

/// The pieces of `color` that attack `square` on `board`, given the occupied squares
/// (which need not be the board's: pass fewer to look through pieces), by the slider
/// lookups of CPU level `C`.
#[inline(always)]
pub(crate) fn attackers<C: Cpu, B: Placement>(
    board: &B,
    square: Square,
    color: Color,
    occupied: Bitboard,
) -> Bitboard {
    let queens = board.role_set(Role::Queen);
    (attacks::knight(square) & board.role_set(Role::Knight)
        | attacks::king(square) & board.role_set(Role::King)
        | attacks::pawn(!color, square) & board.role_set(Role::Pawn)
        | C::bishop(square, occupied) & (board.role_set(Role::Bishop) | queens)
        | C::rook(square, occupied) & (board.role_set(Role::Rook) | queens))
        & board.color_set(color)
}

/// The reads of [`Placement`] for a representation whose inherent `by_color`, `by_role`
/// and `piece_at` have the same meaning.
macro_rules! placement_reads {
    () => {
        #[inline(always)]
        fn color_set(&self, color: Color) -> Bitboard {
            self.by_color(color)
        }

        #[inline(always)]
        fn role_set(&self, role: Role) -> Bitboard {
            self.by_role(role)
        }

        #[inline(always)]
        fn piece_on(&self, square: Square) -> Option<Piece> {
            self.piece_at(square)
        }

        #[inline(always)]
        fn piece_set(&self, piece: Piece) -> Bitboard {
            self.by_piece(piece)
        }

        #[inline(always)]
        fn occupied(&self) -> Bitboard {
            Self::occupied(self)
        }

        #[inline(always)]
        fn diagonal_sliders(&self) -> Bitboard {
            Self::diagonal_sliders(self)
        }

        #[inline(always)]
        fn orthogonal_sliders(&self) -> Bitboard {
            Self::orthogonal_sliders(self)
        }
    };
}
use placement_reads;

/// The squares the king and the rook of `color` land on when the king on `king` castles
/// with the rook on `rook`.
#[inline(always)]
pub(crate) fn castle_targets(color: Color, king: Square, rook: Square) -> (Square, Square) {
    let side = CastlingSide::of(king, rook);
    (side.king_to(color), side.rook_to(color))
}

/// One optional piece per square, indexed by square (a1 = 0).
pub type Mailbox = [Option<Piece>; 64];
