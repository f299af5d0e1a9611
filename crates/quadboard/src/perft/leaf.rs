//! Bulk counting at the leaves: the legal moves of a position counted without listing
//! them, by the generator's own steps (`crate::movegen`) plus the shortcuts that only
//! counting allows. Each shortcut was kept for a measured drop in instructions per leaf
//! (`scripts/instructions-per-node.sh`; `docs/performance.md` has the record):
//!
//! - **King moves** by a danger map carried from the parent ([`ZoneDanger`]) when the
//!   last move cannot have changed it; else one or two targets tested square by square;
//!   else the setwise map.
//! - **Sliders** counted by the eight-direction fill, or by lookups when the side has at
//!   most two slider lookups to make (`FEW_SLIDERS`, decided once per parent).
//! - **Pawns** by popcounts, three more per promotion target.
//! - **Castling** with a corner rook read off the carried danger map, or without one off
//!   a map computed once for the king's targets and every clear path; not looked at below
//!   a parent whose other side has no castling rights (`CASTLES`).

use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::movegen::{self, castle_squares, Checks, Node, PawnTargets, Side};
use crate::{Bitboard, Color, Role, Square};

/// The number of legal moves of `node`, side to move `S`. `known_danger` is what the other
/// side attacks around our king and on our castling paths when the caller knows it (from
/// [`ZoneDanger::after`]); with `FEW_SLIDERS` sliders are looked up one by one; without
/// `CASTLES` the side is known to have no castling rights.
#[inline(always)]
pub(crate) fn count<C: Cpu, S: Side, B: Placement, const FEW_SLIDERS: bool, const CASTLES: bool>(
    node: &Node<B>,
    known_danger: Option<Bitboard>,
) -> u64 {
    let Some(checks) = Checks::new::<C, S, B>(node) else {
        return 0;
    };
    let (king, us, occupied) = (checks.king, checks.us, checks.occupied);
    // With a corner rook, lifting it opens no line to the king's path, so one danger map
    // answers for the king's moves and the whole path.
    let corners = !(Bitboard::NOT_A_FILE & Bitboard::NOT_H_FILE);
    let known_danger = match known_danger {
        Some(danger) => Some(danger),
        None if CASTLES => castling_danger::<C, S, B>(node, &checks, corners),
        None => None,
    };

    let king_targets = checks.king_targets(Bitboard::FULL);
    let mut n = if let Some(danger) = known_danger {
        (king_targets & !danger).count()
    } else if king_targets.any() && king_targets.count() <= 2 {
        // Square by square is cheaper than the setwise map for one or two targets. (A
        // loop rather than an iterator adapter, which the compiler keeps out of line,
        // where it lacks the CPU level's target features.)
        let mut safe = 0;
        for to in king_targets {
            safe += u32::from(!movegen::attacked_by::<C, S, B>(node, to, occupied ^ king));
        }
        safe
    } else if king_targets.any() {
        (king_targets & !movegen::king_danger::<C, S, B>(node, &checks)).count()
    } else {
        0
    };
    if checks.checkers.more_than_one() {
        return u64::from(n);
    }

    let check_mask = checks.check_mask();
    let movable = !us & check_mask;
    let pinned = checks.pinned();

    for from in node.role_set(Role::Knight) & us & !pinned {
        n += (attacks::knight(from) & movable).count();
    }
    let queens = node.role_set(Role::Queen);
    let orthogonal = (node.role_set(Role::Rook) | queens) & us & !pinned;
    let diagonal = (node.role_set(Role::Bishop) | queens) & us & !pinned;
    if FEW_SLIDERS {
        for from in orthogonal {
            n += (C::rook(from, occupied) & movable).count();
        }
        for from in diagonal {
            n += (C::bishop(from, occupied) & movable).count();
        }
    } else {
        n += C::slider_move_count(orthogonal, diagonal, !occupied, movable);
    }
    if pinned.any() {
        movegen::pinned_slider_moves::<C, B>(
            node,
            &checks,
            movable,
            #[inline(always)]
            |_, _, t| n += t.count(),
        );
    }

    let pawns = PawnTargets::new::<S, B>(node, &checks, check_mask, Bitboard::FULL);
    n += pawns.single.count() + pawns.double.count() + pawns.west.count() + pawns.east.count();
    if (node.role_set(Role::Pawn) & us & S::SEVENTH_RANK).any() {
        let promo = S::PROMOTION_RANK;
        n += 3
            * ((pawns.single & promo).count()
                + (pawns.west & promo).count()
                + (pawns.east & promo).count());
    }

    movegen::en_passant_moves::<C, S, B>(
        node,
        &checks,
        Bitboard::FULL,
        #[inline(always)]
        |_, _| n += 1,
    );
    if !CASTLES {
        return u64::from(n);
    }
    movegen::castling_moves::<S, B>(
        node,
        &checks,
        Bitboard::FULL,
        #[inline(always)]
        |king, rook, path| match known_danger.filter(|_| corners.contains(rook)) {
            Some(danger) => (path & danger).is_empty(),
            None => movegen::castle_is_safe::<C, S, B>(node, king, rook, path),
        },
        #[inline(always)]
        |_, _| n += 1,
    );
    u64::from(n)
}

/// Without a carried map, when a rook in one of `corners` may castle across empty
/// squares: the danger map around our king and on those paths, computed once rather than
/// testing the king's targets and the path square by square.
#[inline(always)]
fn castling_danger<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    corners: Bitboard,
) -> Option<Bitboard> {
    let rights = node.castling & checks.us & S::BACK_RANK & corners;
    if rights.is_empty() || checks.checkers.any() {
        return None;
    }
    let mut paths = Bitboard::EMPTY;
    for rook in rights {
        let (must_be_empty, king_path) = castle_squares::<S>(checks.king, rook);
        if (must_be_empty & checks.occupied).is_empty() {
            paths |= king_path;
        }
    }
    if paths.is_empty() {
        return None;
    }
    let knight_reach = attacks::knights_near_king(checks.king) | attacks::knights_setwise(paths);
    Some(movegen::king_danger_reaching::<C, S, B>(
        node,
        checks,
        knight_reach,
    ))
}

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
        let rights = node.castling & them & <S::Other as Side>::BACK_RANK;
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

/// How many attack lookups the sliders of `S` need: one per rook or bishop, two per queen.
#[inline(always)]
pub(crate) fn slider_lookups<S: Side, B: Placement>(node: &Node<B>) -> u32 {
    let ours = node.color_set(S::COLOR);
    let queens = node.role_set(Role::Queen);
    ((node.role_set(Role::Rook) | queens) & ours).count()
        + ((node.role_set(Role::Bishop) | queens) & ours).count()
}
