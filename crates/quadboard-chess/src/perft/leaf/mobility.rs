//! What a leaves' parent looks up once for all its children: the king and castling rights
//! of the side to move at the leaves, and that side's knight, slider and pawn moves, which
//! most children inherit unchanged (the reuse `count` checks against a fresh count under
//! `debug_assertions`).

use super::{knight_moves, pawn_moves, slider_moves};
use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::movegen::{self, castle_squares, Checks, Node, Side};
use crate::{Bitboard, Role, Square};

/// What the positions after a leaf-parent's moves share for the side to move in them:
/// its king, which the parent's moves do not move, the squares from which a knight or a
/// pawn would check it, and its castling rights (neither the king nor the rooks of that
/// side move before the leaves, and a capture of a rook shows in the leaf's rights).
/// ([`movegen::castling_moves`] is the generator's version of the castling test.)
#[derive(Copy, Clone, Debug)]
pub(crate) struct Leaves {
    /// The king.
    pub(super) king: Square,
    /// The squares from which a knight of the other side checks the king.
    pub(super) knight_checks: Bitboard,
    /// The squares from which a pawn of the other side checks the king.
    pub(super) pawn_checks: Bitboard,
    /// Per castling rook (at most one on each side of the king; none is `EMPTY`): the rook,
    /// the squares that must be empty, the squares the king passes or lands on.
    pub(super) rooks: [Castle; 2],
    /// The moves of the side's knights, sliders and pawns in the parent, as if it were to
    /// move there with nothing pinned ([`Leaves::with_mobility`]).
    pub(super) mobility: [u32; 3],
    /// For each of the three, the squares on which a change of occupancy may change its
    /// moves; `FULL` while they are unknown.
    pub(super) sensitive: [Bitboard; 3],
    /// The sum of `mobility`.
    pub(super) total_mobility: u32,
    /// The union of `sensitive`.
    pub(super) any_sensitive: Bitboard,
    /// Whether the side's sliders need at most two lookups in the parent, and so in every
    /// child (captures only take sliders away): then they are counted by lookups rather
    /// than by the eight-direction fill.
    pub(super) few_sliders: bool,
}

impl Leaves {
    /// The corners, where a rook's lifting opens no line to its king's path.
    const CORNERS: Bitboard = Bitboard(!(Bitboard::NOT_A_FILE.0 & Bitboard::NOT_H_FILE.0));

    /// No castling rook.
    const NO_CASTLE: Castle = (Bitboard::EMPTY, Bitboard::FULL, Bitboard::EMPTY);

    /// A placeholder for nodes above the leaves' parents, which do not read it.
    pub(crate) const NONE: Leaves = Leaves {
        king: Square::A1,
        knight_checks: Bitboard::EMPTY,
        pawn_checks: Bitboard::EMPTY,
        rooks: [Leaves::NO_CASTLE; 2],
        mobility: [0; 3],
        sensitive: [Bitboard::FULL; 3],
        total_mobility: 0,
        any_sensitive: Bitboard::FULL,
        few_sliders: false,
    };

    /// The king of `S` and its castling rights, or `None` without a king (validation
    /// guarantees one, so there is then nothing to count).
    #[inline(always)]
    pub(crate) fn new<S: Side, B: Placement>(node: &Node<B>) -> Option<Leaves> {
        let us = node.color_set(S::COLOR);
        let king = (node.role_set(Role::King) & us).lsb()?;
        let mut leaves = Leaves {
            king,
            knight_checks: attacks::knight(king),
            pawn_checks: attacks::pawn(S::COLOR, king),
            rooks: [Leaves::NO_CASTLE; 2],
            mobility: [0; 3],
            sensitive: [Bitboard::FULL; 3],
            total_mobility: 0,
            any_sensitive: Bitboard::FULL,
            few_sliders: false,
        };
        let rights = node.castling_rooks::<S>();
        if rights.is_empty() {
            return Some(leaves);
        }
        // Validation allows one right on each side of the king.
        debug_assert!(rights.count() <= 2);
        let slot = |rook: Option<Square>| match rook {
            Some(rook) => {
                let (must_be_empty, path) = castle_squares::<S>(king, rook);
                (rook.bitboard(), must_be_empty, path)
            }
            None => Leaves::NO_CASTLE,
        };
        let second = if rights.more_than_one() {
            rights.msb()
        } else {
            None
        };
        leaves.rooks = [slot(rights.lsb()), slot(second)];
        Some(leaves)
    }

    /// Adds the mobility of `S` (the side these leaves are of) in `node`, the leaves'
    /// parent: after a move of the other side that neither checks nor pins and that
    /// neither starts nor ends on one of a kind's [`Leaves::sensitive`] squares, `S`'s
    /// pieces of that kind have exactly these moves.
    #[inline(always)]
    pub(crate) fn with_mobility<C: Cpu, S: Side, B: Placement>(mut self, node: &Node<B>) -> Leaves {
        let us = node.color_set(S::COLOR);
        let them = node.color_set(<S::Other as Side>::COLOR);
        let queens = node.role_set(Role::Queen);
        let orthogonal = (node.role_set(Role::Rook) | queens) & us;
        let diagonal = (node.role_set(Role::Bishop) | queens) & us;
        let checks = Checks {
            king: self.king,
            us,
            them,
            occupied: us | them,
            checkers: Bitboard::EMPTY,
            pin_diagonal: Bitboard::EMPTY,
            pin_orthogonal: Bitboard::EMPTY,
            their_diagonal: (node.role_set(Role::Bishop) | queens) & them,
            their_orthogonal: (node.role_set(Role::Rook) | queens) & them,
        };
        let movable = !us;
        self.mobility = [
            knight_moves::<B>(node, &checks, movable),
            slider_moves::<C, B>(node, &checks, movable, false),
            pawn_moves::<S, B>(node, &checks, Bitboard::FULL),
        ];
        // Knights and sliders may go to any square but ours: an empty square that fills
        // with a piece of theirs stays a target. Knight moves change when a piece of
        // ours that a knight of ours defends is taken, or a knight itself; slider moves
        // when a square a slider attacks fills or empties (or a slider is taken); pawn
        // moves when a push or capture square changes (for a double push, also the
        // square passed), or a pawn is taken.
        let knights = node.role_set(Role::Knight) & us;
        let pawns = node.role_set(Role::Pawn) & us;
        let pushes = S::up(pawns);
        self.sensitive = [
            knights | attacks::knights_setwise(knights) & us,
            orthogonal | diagonal | C::slider_attacks(orthogonal, diagonal, !checks.occupied),
            pawns | pushes | S::up(pushes & S::THIRD_RANK) | S::up_west(pawns) | S::up_east(pawns),
        ];
        self.total_mobility = self.mobility.iter().sum();
        self.any_sensitive = self.sensitive[0] | self.sensitive[1] | self.sensitive[2];
        self.few_sliders = super::few_sliders::<S, B>(node);
        self
    }

    /// Whether the side's sliders are counted by lookups (see [`Leaves::few_sliders`]).
    #[inline(always)]
    pub(crate) fn few_sliders(&self) -> bool {
        self.few_sliders
    }

    /// Whether the side has a castling right.
    #[inline(always)]
    pub(crate) fn may_castle(&self) -> bool {
        self.rooks[0].0.any()
    }

    /// The knights and pawns of the other side that check the king in `node`.
    #[inline(always)]
    pub(crate) fn leaper_checkers<S: Side, B: Placement>(&self, node: &Node<B>) -> Bitboard {
        (self.knight_checks & node.role_set(Role::Knight)
            | self.pawn_checks & node.role_set(Role::Pawn))
            & node.color_set(<S::Other as Side>::COLOR)
    }

    /// Whether the other side's piece of `role` gives check from `to`, as a checker set:
    /// after a move to `to` that ends out of check for its side, the moved knight or pawn
    /// is the only leaper that can give check (sliders are found by [`Checks`]).
    #[inline(always)]
    pub(crate) fn check_from(&self, role: Role, to: Square) -> Bitboard {
        match role {
            Role::Knight => self.knight_checks & to.bitboard(),
            Role::Pawn => self.pawn_checks & to.bitboard(),
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether the castle of `rook` keeps its right and has its squares empty.
    #[inline(always)]
    pub(super) fn clear(
        &self,
        (rook, must_be_empty, _): Castle,
        rights: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        (rook & rights).any() && (must_be_empty & occupied).is_empty()
    }

    /// The king's path of a `clear` castle with a corner rook, else nothing.
    #[inline(always)]
    pub(super) fn corner_path(&self, (rook, _, path): Castle, clear: bool) -> Bitboard {
        if clear && (rook & Leaves::CORNERS).any() {
            path
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether no square of a clear castle's king path is attacked: by the danger map if
    /// there is one and the rook stands in a corner, else square by square.
    #[inline(always)]
    pub(super) fn is_safe<C: Cpu, S: Side, B: Placement>(
        &self,
        node: &Node<B>,
        (rook, _, path): Castle,
        danger: Option<Bitboard>,
    ) -> bool {
        match (danger, rook.lsb()) {
            (Some(danger), _) if (rook & Leaves::CORNERS).any() => (path & danger).is_empty(),
            (_, Some(rook)) => movegen::castle_is_safe::<C, S, B>(node, self.king, rook, path),
            (_, None) => false,
        }
    }
}

/// A castling rook, the squares that must be empty and the king's path.
pub(super) type Castle = (Bitboard, Bitboard, Bitboard);
