//! Whether one given move is pseudo-legal or legal here, in constant time: for the move an
//! engine takes from a hash table, a killer slot or a countermove table, which was found
//! in another position and must be checked before it is played.
//!
//! Neither lists moves. [`Position::is_pseudo_legal`] reads the board at the move's two
//! squares: a few table lookups and, for a slider, one slider lookup.
//! [`Position::is_legal`] adds one question, whether any piece of theirs attacks our king
//! once the move is made, which is what the generator's rules (check mask, pins, the
//! exact en passant test) amount to for a single move; see [`king_safe_after`].

use crate::attacks::{self, Cpu};
use crate::board::Board;
use crate::cpu::{with_level, COMPILED};
use crate::movegen::{attacked_by, castle_is_safe, castle_squares, Black, DenseNode, Side, White};
use crate::{Color, Move, MoveKind, Position, Role, Square};

impl Position {
    /// Whether the piece of the side to move on `m.from()` could make the move `m` by the
    /// movement rules, leaving aside only whether it leaves its own king attacked. Any
    /// `Move` may be asked, [`Move::NULL`] and 16 random bits included; the answer takes
    /// constant time and no move list.
    ///
    /// Exactly, `m` is pseudo-legal when a piece of ours stands on `m.from()` and:
    /// - a knight, bishop, rook, queen or king makes a [`MoveKind::Normal`] move that its
    ///   pattern allows (sliders over empty squares only) onto a square that does not hold
    ///   a piece of ours;
    /// - a pawn makes a single push onto an empty square, a double push from its second
    ///   rank over two empty squares, or a diagonal capture of a piece of theirs; as a
    ///   [`MoveKind::Promotion`] exactly when it lands on the last rank, otherwise as
    ///   [`MoveKind::Normal`];
    /// - a pawn captures [`MoveKind::EnPassant`]: `m.to()` is the en passant square and
    ///   the pawn attacks it;
    /// - the king castles ([`MoveKind::Castle`], written king-takes-rook as
    ///   [`Move::castle`], Chess960 included) with a rook that keeps its castling right,
    ///   and the castling is **legal**: every square the king and the rook pass or land on
    ///   is empty but for the two of them, the king is not in check, and no square the
    ///   king passes or lands on is attacked. Engines expect a castling move to be
    ///   playable once it is pseudo-legal, since testing its path is the expensive part,
    ///   so castling is pseudo-legal only when it is legal.
    ///
    /// Every other move is not, in particular a move from a square of theirs or an empty
    /// one, onto its own square, a pawn moving backwards or sideways, a promotion of a
    /// piece that is no pawn or short of the last rank, and castling with a piece that is
    /// no castling rook.
    ///
    /// ```
    /// use quadboard_chess::{Move, Position, Square};
    /// // A hash move found in another position: the knight on e2 may jump to c3, but here
    /// // it is pinned to its king.
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/8/4N3/4K2R w K - 0 1")?;
    /// let hash_move = Move::normal(Square::E2, Square::C3);
    /// assert!(pos.is_pseudo_legal(hash_move));
    /// assert!(!pos.is_legal(hash_move));
    /// // Castling counts only when it is legal: a bishop on h3 would see f1.
    /// assert!(pos.is_pseudo_legal(Move::castle(Square::E1, Square::H1)));
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/7b/4N3/4K2R w K - 0 1")?;
    /// assert!(!pos.is_pseudo_legal(Move::castle(Square::E1, Square::H1)));
    /// // Garbage is neither: h8 to h8, and a1 to a1.
    /// let garbage = Move::from_bits(0x0fff).unwrap();
    /// assert!(!pos.is_pseudo_legal(garbage) && !pos.is_legal(garbage));
    /// assert!(!pos.is_pseudo_legal(Move::NULL));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        with_level!(COMPILED, C => match self.turn {
            Color::White => pseudo_legal::<C, White>(&self.node, m),
            Color::Black => pseudo_legal::<C, Black>(&self.node, m),
        })
    }

    /// Whether `m` is legal here: [pseudo-legal](Position::is_pseudo_legal) and no piece
    /// of theirs attacks our king once it is made. The same answer as
    /// `self.legal_moves().contains(&m)` for every `Move`, in constant time and without a
    /// move list. In terms of the rules: the king moves to a square that is not attacked
    /// with the king lifted off the board; in double check nothing else moves; in check
    /// any other move captures the checker or blocks its line; a pinned piece moves along
    /// its pin; en passant is tested with both pawns moved (the horizontal double pin).
    ///
    /// ```
    /// use quadboard_chess::{Move, Position, Square};
    /// // Black's rook on e7 gives check: the knight may block on e3 or e4, not go to b1.
    /// let pos = Position::from_fen("4k3/4r3/8/8/8/8/8/2N1K3 w - - 0 1")?;
    /// assert!(pos.is_legal(Move::normal(Square::C1, Square::E2)));
    /// assert!(!pos.is_legal(Move::normal(Square::C1, Square::B3)));
    /// assert!(pos.is_pseudo_legal(Move::normal(Square::C1, Square::B3)));
    /// // Nor may the king stay on the rook's file.
    /// assert!(!pos.is_legal(Move::normal(Square::E1, Square::E2)));
    /// assert!(pos.is_legal(Move::normal(Square::E1, Square::D2)));
    /// // En passant that would open the fifth rank to the rook on a5.
    /// let pos = Position::from_fen("8/8/8/r2pP2K/8/8/8/4k3 w - d6 0 2")?;
    /// let ep = Move::en_passant(Square::E5, Square::D6);
    /// assert!(pos.is_pseudo_legal(ep) && !pos.is_legal(ep));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        with_level!(COMPILED, C => match self.turn {
            Color::White => legal::<C, White>(&self.node, m),
            Color::Black => legal::<C, Black>(&self.node, m),
        })
    }
}

impl Position {
    /// [`Position::is_legal`] for a move already known to be pseudo-legal, not castling,
    /// made by a piece of `role`: the king-safety half only. For readers of notation, which
    /// find the move from the pieces that could make it.
    #[inline(always)]
    pub(crate) fn is_legal_pseudo_legal(&self, m: Move, role: Role) -> bool {
        let captured = if m.is_en_passant() {
            Square::from_coords(m.to().file(), m.from().rank())
        } else {
            m.to()
        };
        let step = Step { role, captured };
        with_level!(COMPILED, C => match self.turn {
            Color::White => step_is_legal::<C, White>(&self.node, m, step),
            Color::Black => step_is_legal::<C, Black>(&self.node, m, step),
        })
    }
}

/// A pseudo-legal move other than castling, as legality needs it: the role that moves and
/// the square of what it captures (its destination, or the en passant victim's square).
#[derive(Clone, Copy)]
struct Step {
    role: Role,
    captured: Square,
}

/// [`Position::is_pseudo_legal`] with `S` to move.
#[inline(always)]
fn pseudo_legal<C: Cpu, S: Side>(node: &DenseNode, m: Move) -> bool {
    if m.is_castle() {
        castle_is_legal::<C, S>(node, m.from(), m.to())
    } else {
        step::<C, S>(node, m).is_some()
    }
}

/// [`Position::is_legal`] with `S` to move.
#[inline(always)]
fn legal<C: Cpu, S: Side>(node: &DenseNode, m: Move) -> bool {
    if m.is_castle() {
        return castle_is_legal::<C, S>(node, m.from(), m.to());
    }
    let Some(step) = step::<C, S>(node, m) else {
        return false;
    };
    step_is_legal::<C, S>(node, m, step)
}

/// Whether the pseudo-legal move `m` (not castling), described by `step`, leaves our king
/// safe.
#[inline(always)]
fn step_is_legal<C: Cpu, S: Side>(node: &DenseNode, m: Move, step: Step) -> bool {
    let board = &node.board;
    if step.role == Role::King {
        // Lifted, so that a slider's line through the king's square covers the squares
        // behind it.
        return !attacked_by::<C, S, Board>(node, m.to(), board.occupied().remove(m.from()));
    }
    // Validation guarantees our king; without one there is nothing legal, as in the
    // generator.
    let Some(king) = board.king_of(S::COLOR) else {
        return false;
    };
    king_safe_after::<C, S>(node, king, m, step.captured)
}

/// `m` as a [`Step`] when it is pseudo-legal and not castling.
#[inline(always)]
fn step<C: Cpu, S: Side>(node: &DenseNode, m: Move) -> Option<Step> {
    // A move made by `Move::promotion` with a pawn or a king carries a kind field that
    // `kind()` reads as normal; the generator never makes one, so it is never legal.
    Move::from_bits(m.bits())?;
    let board = &node.board;
    let (from, to) = (m.from(), m.to());
    let us = board.by_color(S::COLOR);
    if !us.contains(from) || us.contains(to) {
        return None;
    }
    let role = board.role_at(from)?;
    let them = board.by_color(<S::Other as Side>::COLOR);
    let occupied = us | them;
    let reach = match (role, m.kind()) {
        (Role::Pawn, MoveKind::EnPassant) => {
            if node.ep_square != Some(to) || !attacks::pawn(S::COLOR, from).contains(to) {
                return None;
            }
            // Validation keeps their pawn just past the en passant square, beside ours.
            let victim = Square::from_coords(to.file(), from.rank());
            return Some(Step {
                role,
                captured: victim,
            });
        }
        (Role::Pawn, kind @ (MoveKind::Normal | MoveKind::Promotion(_))) => {
            let promotes = matches!(kind, MoveKind::Promotion(_));
            if S::PROMOTION_RANK.contains(to) != promotes {
                return None;
            }
            let single = S::up(from.bitboard()) & !occupied;
            let double = S::up(single & S::THIRD_RANK) & !occupied;
            single | double | attacks::pawn(S::COLOR, from) & them
        }
        (_, MoveKind::Normal) => C::role_attacks(S::COLOR, role, from, occupied),
        _ => return None,
    };
    reach.contains(to).then_some(Step { role, captured: to })
}

/// Whether no piece of theirs attacks our king on `king` once `m`, a pseudo-legal move of
/// another piece of ours, has been made, capturing whatever stands on `captured`.
///
/// This one test is the generator's rules for such a move. A knight or pawn of theirs
/// that checks us must be the piece captured (which in double check leaves the other
/// checker). A slider's line to our king is closed only by a piece on it: the move must
/// capture the slider or land between; a line opened by leaving `from` (a pin) or by
/// removing the en passant victim (the horizontal double pin) lets the slider through
/// unless the move lands on it again. Their king never attacks ours.
#[inline(always)]
fn king_safe_after<C: Cpu, S: Side>(
    node: &DenseNode,
    king: Square,
    m: Move,
    captured: Square,
) -> bool {
    let board = &node.board;
    let them = board.by_color(<S::Other as Side>::COLOR).remove(captured);
    let leapers = (attacks::knight(king) & board.by_role(Role::Knight)
        | attacks::pawn(S::COLOR, king) & board.by_role(Role::Pawn))
        & them;
    if leapers.any() {
        return false;
    }
    let occupied = board
        .occupied()
        .remove(m.from())
        .remove(captured)
        .with(m.to());
    let queens = board.by_role(Role::Queen);
    let diagonal = (board.by_role(Role::Bishop) | queens) & them;
    let orthogonal = (board.by_role(Role::Rook) | queens) & them;
    // The empty-board rays skip a lookup when no slider of theirs is on such a line.
    let diagonal_check = (attacks::bishop_rays(king) & diagonal).any()
        && (C::bishop(king, occupied) & diagonal).any();
    let orthogonal_check = (attacks::rook_rays(king) & orthogonal).any()
        && (C::rook(king, occupied) & orthogonal).any();
    !(diagonal_check || orthogonal_check)
}

/// Whether our king on `king` may castle with the rook on `rook`: the generator's
/// conditions (`crate::movegen::castling_moves` and `castle_is_safe`) for this one pair.
#[inline(always)]
fn castle_is_legal<C: Cpu, S: Side>(node: &DenseNode, king: Square, rook: Square) -> bool {
    let board = &node.board;
    let us = board.by_color(S::COLOR);
    let rooks = node.castling & board.by_role(Role::Rook) & us & S::BACK_RANK;
    let kings = board.by_role(Role::King) & us & S::BACK_RANK;
    if !rooks.contains(rook) || !kings.contains(king) {
        return false;
    }
    let occupied = board.occupied();
    let (must_be_empty, king_path) = castle_squares::<S>(king, rook);
    (must_be_empty & occupied).is_empty()
        && !attacked_by::<C, S, Board>(node, king, occupied)
        && castle_is_safe::<C, S, Board>(node, king, rook, king_path)
}
