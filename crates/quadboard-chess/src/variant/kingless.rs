//! Move generation for a side without a royal king (antichess's both sides, horde's white
//! pawns and pieces): no check and no pin, so every pseudo-legal move is legal and the
//! chess generator's check and pin masks have nothing to do.
//!
//! One generator for both variants; what they differ in is a parameter: which kinds of move
//! (antichess lists its captures or else its quiet moves, horde both), and whether a pawn
//! may promote to a king (antichess). Pawns on their own first rank (horde's) may step
//! twice, as from the second; only the second rank's double step leaves an en passant
//! square, which the caller decides when it plays the move.

use super::{VariantMove, VariantMoveList};
use crate::movegen::{DenseNode, Side};
use crate::{attacks, Bitboard, Move, Role, Square};

/// Receives a kingless generator's moves in groups, as [`crate::movegen::Visitor`] does for
/// chess.
pub(super) trait Sink {
    /// Moves of the piece on `from` to every square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each square `t` of `targets` from `t - offset`; promotions when
    /// `promote`.
    fn pawns(&mut self, targets: Bitboard, offset: i8, promote: bool);
    /// An en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
}

/// The roles a pawn may become: four in chess, and the king as a fifth with `KING`.
const fn promotions(king: bool) -> u64 {
    if king {
        5
    } else {
        4
    }
}

/// Counts moves; with `KING`, five promotions per promoting pawn move.
pub(super) struct Count<const KING: bool>(pub(super) u64);

impl<const KING: bool> Sink for Count<KING> {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i8, promote: bool) {
        let n = u64::from(targets.count());
        self.0 += if promote { promotions(KING) * n } else { n };
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// Counts captures (en passant included) and quiet moves apart, for a generator run with
/// both kinds: what antichess's bulk count needs (its captures if there are any, else its
/// quiet moves) in one pass over the pieces, where asking first whether a capture exists
/// looks every slider up twice. With `KING`, five promotions per promoting pawn move.
pub(super) struct SplitCount<const KING: bool> {
    /// The other side's pieces: the targets that are captures.
    pub(super) them: Bitboard,
    /// Captures so far.
    pub(super) captures: u64,
    /// Quiet moves so far.
    pub(super) quiets: u64,
}

impl<const KING: bool> Sink for SplitCount<KING> {
    #[inline(always)]
    fn piece(&mut self, _: Square, targets: Bitboard) {
        self.captures += u64::from((targets & self.them).count());
        self.quiets += u64::from((targets & !self.them).count());
    }
    #[inline(always)]
    fn pawns(&mut self, targets: Bitboard, _: i8, promote: bool) {
        // A group is all captures or all pushes.
        let n = u64::from(targets.count()) * if promote { promotions(KING) } else { 1 };
        if (targets & self.them).any() {
            self.captures += n;
        } else {
            self.quiets += n;
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.captures += 1;
    }
}

/// Lists moves; with `KING`, promotions to king after the four of chess.
pub(super) struct List<'a, const KING: bool>(pub(super) &'a mut VariantMoveList);

impl<const KING: bool> Sink for List<'_, KING> {
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.0.push(VariantMove::from_move(Move::normal(from, to)));
        }
    }
    fn pawns(&mut self, targets: Bitboard, offset: i8, promote: bool) {
        for to in targets {
            // SAFETY: every target is a pawn's square shifted by `offset`, so the origin
            // `to - offset` is a square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            if promote {
                for role in Role::PROMOTIONS {
                    self.0
                        .push(VariantMove::from_move(Move::promotion(from, to, role)));
                }
                if KING {
                    self.0.push(VariantMove::king_promotion(from, to));
                }
            } else {
                self.0.push(VariantMove::from_move(Move::normal(from, to)));
            }
        }
    }
    fn en_passant(&mut self, from: Square, to: Square) {
        self.0
            .push(VariantMove::from_move(Move::en_passant(from, to)));
    }
}

/// Generates the moves of `S`'s pieces in `node` into `sink`: its captures (en passant
/// included) when `captures`, its moves to empty squares when `quiets`. A king of `S`, if
/// any, moves as any other piece.
#[inline(always)]
pub(super) fn generate<S: Side, K: Sink>(
    node: &DenseNode,
    captures: bool,
    quiets: bool,
    sink: &mut K,
) {
    let board = &node.board;
    let us = board.by_color(S::COLOR);
    let them = board.by_color(!S::COLOR);
    let occupied = us | them;
    let empty = !occupied;
    let mut targets = Bitboard::EMPTY;
    if captures {
        targets |= them;
    }
    if quiets {
        targets |= empty;
    }
    let pawns = board.by_role(Role::Pawn) & us;
    let promo = S::PROMOTION_RANK;
    let mut group = |set: Bitboard, offset: i8| {
        if (set & promo).any() {
            sink.pawns(set & promo, offset, true);
        }
        if (set & !promo).any() {
            sink.pawns(set & !promo, offset, false);
        }
    };
    if captures {
        group(S::up_west(pawns) & them, S::UP_WEST);
        group(S::up_east(pawns) & them, S::UP_EAST);
    }
    if quiets {
        let single = S::up(pawns) & empty;
        group(single, S::UP);
        // A pawn that has stepped once from its first rank (horde) or its second stands on
        // the second or third: it may have stepped twice.
        let from_home = single & (S::THIRD_RANK | S::up(S::BACK_RANK));
        let double = S::up(from_home) & empty;
        if double.any() {
            sink.pawns(double, 2 * S::UP, false);
        }
    }
    for from in board.by_role(Role::Knight) & us {
        sink.piece(from, attacks::knight(from) & targets);
    }
    for from in board.by_role(Role::Bishop) & us {
        sink.piece(from, attacks::bishop(from, occupied) & targets);
    }
    for from in board.by_role(Role::Rook) & us {
        sink.piece(from, attacks::rook(from, occupied) & targets);
    }
    for from in board.by_role(Role::Queen) & us {
        sink.piece(from, attacks::queen(from, occupied) & targets);
    }
    for from in board.by_role(Role::King) & us {
        sink.piece(from, attacks::king(from) & targets);
    }
    if captures {
        if let Some(ep) = node.ep_square {
            for from in attacks::pawn(!S::COLOR, ep) & pawns {
                sink.en_passant(from, ep);
            }
        }
    }
}
