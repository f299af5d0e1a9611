//! Perft on quad-bitboards: the same legal generator as [`super::perft`], reading its piece
//! sets from a [`QuadBoard`] by the article's boolean formulas, and making moves on a copy
//! of its 32 bytes by clearing and setting nibbles in all four planes at once.
//!
//! This engine exists to answer, with numbers, whether the denser quad-bitboard state
//! (32 bytes of placement instead of 64) pays for the boolean formulas that extract every
//! piece set (see `docs/performance.md`).

use crate::board::QuadBoard;
use crate::movegen::{self, Black, Counter, Node, PawnMoves, Side, Visitor, White, ZoneDanger};
use crate::position::Position;
use crate::{Bitboard, CastlingSide, Color, Piece, Role, Square};

/// A perft node: placement as four planes plus castling rooks, en passant and turn.
#[derive(Clone, Copy)]
struct QuadNode {
    board: QuadBoard,
    castling: Bitboard,
    ep_square: Option<Square>,
}

impl QuadNode {
    fn new(pos: &Position) -> QuadNode {
        QuadNode {
            board: QuadBoard::from_board(pos.board()),
            castling: pos.castling_rooks(),
            ep_square: pos.ep_square(),
        }
    }
}

impl Node for QuadNode {
    #[inline(always)]
    fn color_set(&self, color: Color) -> Bitboard {
        self.board.by_color(color)
    }

    #[inline(always)]
    fn role_set(&self, role: Role) -> Bitboard {
        self.board.by_role(role)
    }

    #[inline(always)]
    fn castling(&self) -> Bitboard {
        self.castling
    }

    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }
}

/// Perft of `pos` computed on quad-bitboards. Always equal to [`super::perft`].
///
/// ```
/// use quadboard::perft::perft_quad;
/// use quadboard::Position;
/// assert_eq!(perft_quad(&Position::new(), 4), 197_281);
/// ```
pub fn perft_quad(pos: &Position, depth: u32) -> u64 {
    let node = QuadNode::new(pos);
    match (depth, pos.turn()) {
        (0, _) => 1,
        (_, Color::White) => expand::<White>(&node, depth),
        (_, Color::Black) => expand::<Black>(&node, depth),
    }
}

#[inline(always)]
fn count<S: Side, const FEW_SLIDERS: bool>(node: &QuadNode, known_danger: Option<Bitboard>) -> u64 {
    let mut counter = Counter(0);
    movegen::generate_with::<S, Counter, QuadNode, FEW_SLIDERS>(
        node,
        Bitboard::FULL,
        known_danger,
        &mut counter,
    );
    counter.0
}

// The leaf-parent techniques of the dense engine (`super::expand`), so that the two
// representations are compared with the same algorithm.
fn expand<S: Side>(node: &QuadNode, depth: u32) -> u64 {
    if depth <= 1 {
        return count::<S, false>(node, None);
    }
    if depth > 2 {
        return expand_with::<S, false>(node, depth, None);
    }
    let zone = movegen::zone_danger::<S, QuadNode>(node);
    if movegen::slider_lookups::<S::Other, QuadNode>(node) <= 2 {
        expand_with::<S, true>(node, depth, zone)
    } else {
        expand_with::<S, false>(node, depth, zone)
    }
}

#[inline(always)]
fn expand_with<S: Side, const FEW_SLIDERS: bool>(
    node: &QuadNode,
    depth: u32,
    zone: Option<ZoneDanger>,
) -> u64 {
    let mut visitor = Expand::<S, FEW_SLIDERS> {
        node,
        depth: depth - 1,
        nodes: 0,
        zone,
        side: core::marker::PhantomData,
    };
    movegen::generate::<S, _, QuadNode>(node, Bitboard::FULL, &mut visitor);
    visitor.nodes
}

struct Expand<'a, S: Side, const FEW_SLIDERS: bool> {
    node: &'a QuadNode,
    depth: u32,
    nodes: u64,
    zone: Option<ZoneDanger>,
    side: core::marker::PhantomData<S>,
}

impl<S: Side, const FEW_SLIDERS: bool> Expand<'_, S, FEW_SLIDERS> {
    #[inline(always)]
    fn recurse(&mut self, child: &QuadNode, known_danger: Option<Bitboard>) {
        self.nodes += if self.depth == 1 {
            count::<S::Other, FEW_SLIDERS>(child, known_danger)
        } else {
            expand::<S::Other>(child, self.depth)
        };
    }

    /// The danger around their king after a move that leaves `role` on `to`.
    #[inline(always)]
    fn known_danger(
        &self,
        from_role: Role,
        role: Role,
        from: Square,
        to: Square,
    ) -> Option<Bitboard> {
        self.zone
            .and_then(|zone| zone.after(S::COLOR, from_role, role, from, to))
    }

    /// The child after `piece` of `S` leaves `from` and lands on `to` as `placed`.
    #[inline(always)]
    fn child(&self, from: Square, to: Square, placed: Role) -> QuadNode {
        let mut child = *self.node;
        let from_to = from.bitboard() | to.bitboard();
        child
            .board
            .place(from_to, to.bitboard(), Piece::new(S::COLOR, placed));
        child.castling &= !from_to;
        child.ep_square = None;
        child
    }
}

impl<S: Side, const FEW_SLIDERS: bool> Visitor for Expand<'_, S, FEW_SLIDERS> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let mut child = self.child(from, to, role);
            if role == Role::King {
                child.castling &= !S::BACK_RANK;
            }
            let known_danger = self.known_danger(role, role, from, to);
            self.recurse(&child, known_danger);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        for to in targets {
            // SAFETY: each target is a pawn's square shifted by `offset`, so `to - offset`
            // is that pawn's square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            match kind {
                PawnMoves::Promotion => {
                    for role in Role::PROMOTIONS {
                        let child = self.child(from, to, role);
                        let known_danger = self.known_danger(Role::Pawn, role, from, to);
                        self.recurse(&child, known_danger);
                    }
                }
                PawnMoves::DoublePush => {
                    let mut child = self.child(from, to, Role::Pawn);
                    // SAFETY: the square passed over lies between two squares.
                    child.ep_square =
                        Some(unsafe { Square::new_unchecked((to as i8 - offset / 2) as u8) });
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse(&child, known_danger);
                }
                PawnMoves::Push | PawnMoves::Capture => {
                    let child = self.child(from, to, Role::Pawn);
                    let known_danger = self.known_danger(Role::Pawn, Role::Pawn, from, to);
                    self.recurse(&child, known_danger);
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = self.child(from, to, Role::Pawn);
        let victim = Square::from_coords(to.file(), from.rank()).bitboard();
        child.board.clear(victim);
        self.recurse(&child, None);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square, side: CastlingSide) {
        let mut child = *self.node;
        let lifted = king.bitboard() | rook.bitboard();
        child.board.place(
            lifted,
            side.king_to(S::COLOR).bitboard(),
            Piece::new(S::COLOR, Role::King),
        );
        child.board.place(
            Bitboard::EMPTY,
            side.rook_to(S::COLOR).bitboard(),
            Piece::new(S::COLOR, Role::Rook),
        );
        child.castling &= !S::BACK_RANK;
        child.ep_square = None;
        self.recurse(&child, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quad engine counts what the dense one counts, castling, en passant and
    /// promotions included, in standard chess and Chess960.
    #[test]
    fn agrees_with_the_dense_engine() {
        for (fen, depth) in [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                3,
            ),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(perft_quad(&pos, depth), crate::perft(&pos, depth), "{fen}");
        }
    }

    /// The state copied per move; `docs/performance.md` quotes these sizes.
    #[test]
    fn node_sizes() {
        assert_eq!(core::mem::size_of::<QuadBoard>(), 32);
        assert_eq!(core::mem::size_of::<QuadNode>(), 64);
        assert_eq!(core::mem::size_of::<crate::Board>(), 64);
        assert_eq!(core::mem::size_of::<Position>(), 96);
    }
}
