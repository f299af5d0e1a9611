//! The danger map a leaves' parent carries to its children: what the side to move there
//! attacks around the other king and on its castling paths, valid after every move that
//! cannot have changed it but for the moved piece's own attacks.

use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::movegen::{castle_squares, Node, Side};
use crate::{Bitboard, Color, Role, Square};

/// What a side attacks around the other side's king, computed once in a position and
/// carried to the positions after most of its moves: those that neither start nor end on
/// a sensitive square.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ZoneDanger {
    /// The squares next to the other king, and those it passes or lands on when castling.
    zone: Bitboard,
    /// The squares of `zone` attacked, seen through the other king.
    danger: Bitboard,
    /// The squares of `zone` attacked by two pieces or more.
    danger_twice: Bitboard,
    /// Our pieces that may attack the zone (sliders on a line with it, leapers in reach).
    attackers: Bitboard,
    /// The squares between our sliders and the zone that a slider reaches: a move from or
    /// to one of them may uncover or block an attack.
    between: Bitboard,
    /// The occupied squares without the other king.
    through_king: Bitboard,
}

impl ZoneDanger {
    /// The danger map of the side to move `S` around the other king, or `None` without one.
    #[inline(always)]
    pub(crate) fn new<C: Cpu, S: Side, B: Placement>(node: &Node<B>) -> Option<ZoneDanger> {
        let us = node.color_set(S::COLOR);
        let them = node.color_set(<S::Other as Side>::COLOR);
        let their_king = (node.role_set(Role::King) & them).lsb()?;
        // The squares their king may pass when castling count too (their castling rooks
        // stand on their back rank; Chess960 rooks may stand anywhere on it).
        let mut zone = attacks::king(their_king);
        let mut knight_reach = attacks::knights_near_king(their_king);
        let rights = node.castling_rooks::<S::Other>();
        if rights.any() {
            for rook in rights {
                zone |= castle_squares::<S::Other>(their_king, rook).1;
            }
            knight_reach = attacks::knights_setwise(zone);
        }
        let through_king = (us | them) ^ their_king;
        let pawns = node.role_set(Role::Pawn) & us;
        let knights = node.role_set(Role::Knight) & us;
        let king = node.role_set(Role::King) & us;
        let queens = node.role_set(Role::Queen);
        let orthogonal = (node.role_set(Role::Rook) | queens) & us;
        let diagonal = (node.role_set(Role::Bishop) | queens) & us;
        let (mut once, mut twice) = C::slider_attacks_twice(orthogonal, diagonal, !through_king);
        let slider_reach = once;
        let mut add = |a: Bitboard| {
            twice |= once & a;
            once |= a;
        };
        // One layer per pawn capture direction: pawns capturing the same way never share
        // a square.
        add(S::up_west(pawns));
        add(S::up_east(pawns));
        for knight in knights & knight_reach {
            add(attacks::knight(knight));
        }
        if let Some(king) = king.lsb() {
            add(attacks::king(king));
        }
        let (between, aligned) = C::lines_to(orthogonal, diagonal, zone);
        // Only a square a slider reaches now can open or close its line: one it does not
        // reach lies behind a blocker that stays.
        let between = between & slider_reach;
        let attackers = aligned
            | pawns & attacks::pawns_setwise(<S::Other as Side>::COLOR, zone)
            | knights & knight_reach
            | king & attacks::kings_setwise(zone);
        Some(ZoneDanger {
            zone,
            danger: once & zone,
            danger_twice: twice & zone,
            attackers,
            between,
            through_king,
        })
    }

    /// The danger around the other king after a move of ours from `from` to `to` that
    /// leaves `role` on `to` (no en passant or castling), if the move cannot have changed
    /// the danger but for the moved piece's own attacks.
    #[inline(always)]
    pub(crate) fn after<C: Cpu>(
        &self,
        color: Color,
        from_role: Role,
        role: Role,
        from: Square,
        to: Square,
    ) -> Option<Bitboard> {
        if ((from.bitboard() | to.bitboard()) & self.between).any() {
            return None;
        }
        let mut danger = self.danger;
        if self.attackers.contains(from) {
            // What only the moved piece attacked is no longer attacked.
            let before = C::role_attacks(color, from_role, from, self.through_king);
            danger = self.danger_twice | (danger & !before);
        }
        let occupied = (self.through_king ^ from) | to;
        Some(danger | C::role_attacks(color, role, to, occupied) & self.zone)
    }
}
