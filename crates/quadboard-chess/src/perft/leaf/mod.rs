//! Bulk counting at the leaves: the legal moves of a position counted without listing
//! them, by the generator's own steps (`crate::movegen`) plus the shortcuts that only
//! counting allows. Each shortcut was kept for a measured drop in instructions per leaf
//! (`scripts/instructions-per-node.sh`; `docs/log/` has the record):
//!
//! - **King moves** by a danger map carried from the parent ([`ZoneDanger`]) when the
//!   last move cannot have changed it; else one or two targets tested square by square;
//!   else the setwise map.
//! - **Sliders** counted by the eight-direction fill, or by lookups when the side has at
//!   most two slider lookups to make ([`Leaves::few_sliders`], decided once per parent).
//! - **Pawns** by popcounts, three more per promotion target.
//! - **Castling** with a corner rook read off the carried danger map, or without one off
//!   a map computed once for the king's targets and every clear path; not looked at below
//!   a parent whose other side has no castling rights ([`Leaves::may_castle`]).
//! - **Two plies together**: the leaves' parent counts the knight, slider and pawn
//!   moves of the side to move at the leaves once ([`Leaves::with_mobility`]); a child
//!   reached by a move that touches none of the squares those moves depend on, and that
//!   neither checks nor pins, has the same ones. Its king and castling rights, and the
//!   squares from which a knight or pawn would check it, are looked up there too.

mod mobility;
mod zone;

pub(crate) use mobility::Leaves;
pub(crate) use zone::ZoneDanger;

use super::engine::Engine;
use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::movegen::{self, Checks, Node, PawnTargets, Side};
use crate::{Bitboard, Role};

/// The number of legal moves of `node`, side to move `S`, whose king and castling rights
/// `leaves` describes. `leaper_checkers` are the knights and pawns that give check (known
/// from the move that led here: only the moved piece can). `known_danger` is what the
/// other side attacks around our king and on our castling paths when the caller knows it
/// (from [`ZoneDanger::after`]). `leaves` also tells whether sliders are looked up one by
/// one and whether the side may castle at all; a caller that knows either fixes it at
/// compile time: `FEW` for sliders looked up, `!CASTLES` for no castling rights. On a
/// level with a variant per combination (`engine::specialised`) the other values are
/// taken as given too (the fill counts, castling is tested); elsewhere `leaves` decides
/// them. `touched` holds the
/// squares whose occupancy the last move changed (`FULL` when unknown), against which
/// [`Leaves::mobility`] is reused.
#[inline(always)]
pub(crate) fn count<C: Engine, S: Side, B: Placement, const FEW: bool, const CASTLES: bool>(
    node: &Node<B>,
    leaves: &Leaves,
    leaper_checkers: Bitboard,
    known_danger: Option<Bitboard>,
    touched: Bitboard,
) -> u64 {
    debug_assert_eq!(leaper_checkers, leaves.leaper_checkers::<S, B>(node));
    let checks = Checks::with_king::<C, S, B>(node, leaves.king, leaper_checkers);
    let (king, occupied) = (checks.king, checks.occupied);
    // The castles whose rook keeps its right and whose squares are empty, out of check;
    // those with a corner rook read the danger map (lifting that rook opens no line to
    // the king's path), so without a carried map one is computed for them and the king.
    let (mut clear_a, mut clear_b) = (false, false);
    let mut corner_paths = Bitboard::EMPTY;
    // Each flag is either fixed by the caller's variant or read from `leaves`.
    debug_assert!(!FEW || leaves.few_sliders);
    debug_assert!(CASTLES || !leaves.may_castle());
    // A level with a variant per combination takes both flags as given (`CASTLES` is then
    // only a promise that castling may be tested, and `!FEW` that the fill counts); the
    // others read what the given values leave open.
    let specialised = const { super::engine::specialised::<C, B>() };
    let castles = CASTLES && (specialised || leaves.may_castle());
    let few = FEW || (!specialised && C::FEW_BY_LOOKUPS && leaves.few_sliders);
    if castles && checks.checkers.is_empty() {
        let [a, b] = leaves.rooks;
        clear_a = leaves.clear(a, node.castling, occupied);
        clear_b = leaves.clear(b, node.castling, occupied);
        corner_paths = leaves.corner_path(a, clear_a) | leaves.corner_path(b, clear_b);
    }
    let known_danger = match known_danger {
        Some(danger) => Some(danger),
        None if corner_paths.any() => {
            let knight_reach =
                attacks::knights_near_king(king) | attacks::knights_setwise(corner_paths);
            Some(movegen::king_danger_reaching::<C, S, B>(
                node,
                &checks,
                knight_reach,
            ))
        }
        None => None,
    };

    let king_targets = checks.king_targets(Bitboard::FULL);
    if cfg!(debug_assertions) {
        if let Some(danger) = known_danger {
            // The carried or computed map is exact where it is read.
            let read = king_targets | corner_paths;
            let fresh = movegen::king_danger_reaching::<C, S, B>(node, &checks, Bitboard::FULL);
            debug_assert_eq!(danger & read, fresh & read, "danger map");
        }
    }
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

    // Unless the last move checks or pins, each kind of piece has the moves it had in the
    // parent when that move touched none of the squares those moves depend on.
    let free = checks.checkers.is_empty() && checks.pinned().is_empty();
    if free && (touched & leaves.any_sensitive).is_empty() {
        debug_assert_eq!(
            leaves.total_mobility,
            fresh_piece_moves::<C, S, B>(node, leaves, &checks),
            "mobility reused"
        );
        n += leaves.total_mobility;
    } else {
        n += piece_moves_after::<C, S, B>(node, leaves, &checks, free, touched, few);
    }

    movegen::en_passant_moves::<C, S, B>(
        node,
        &checks,
        Bitboard::FULL,
        #[inline(always)]
        |_, _| n += 1,
    );
    if castles {
        let [a, b] = leaves.rooks;
        n += u32::from(clear_a && leaves.is_safe::<C, S, B>(node, a, known_danger));
        n += u32::from(clear_b && leaves.is_safe::<C, S, B>(node, b, known_danger));
    }
    u64::from(n)
}

/// The moves of our knights, sliders and pawns after a move that touched `touched`:
/// each kind's from the parent when the move touched none of its sensitive squares and
/// left us `free` (out of check, nothing pinned), else counted.
#[inline(always)]
fn piece_moves_after<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    leaves: &Leaves,
    checks: &Checks,
    free: bool,
    touched: Bitboard,
    few_sliders: bool,
) -> u32 {
    let check_mask = checks.check_mask();
    let movable = !checks.us & check_mask;
    let [knights, sliders, pawns] = leaves.sensitive;
    let mut n = if free && (touched & knights).is_empty() {
        leaves.mobility[0]
    } else {
        knight_moves::<B>(node, checks, movable)
    };
    n += if free && (touched & sliders).is_empty() {
        leaves.mobility[1]
    } else {
        slider_moves::<C, B>(node, checks, movable, few_sliders)
    };
    n += if free && (touched & pawns).is_empty() {
        leaves.mobility[2]
    } else {
        pawn_moves::<S, B>(node, checks, check_mask)
    };
    debug_assert_eq!(
        n,
        fresh_piece_moves::<C, S, B>(node, leaves, checks),
        "mobility reused in part"
    );
    n
}

/// The moves of our knights, sliders and pawns counted afresh: what the reused counts of
/// [`Leaves::mobility`] must equal (checked under `debug_assertions`).
#[inline(always)]
fn fresh_piece_moves<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    leaves: &Leaves,
    checks: &Checks,
) -> u32 {
    let check_mask = checks.check_mask();
    let movable = !checks.us & check_mask;
    knight_moves::<B>(node, checks, movable)
        + slider_moves::<C, B>(node, checks, movable, leaves.few_sliders)
        + pawn_moves::<S, B>(node, checks, check_mask)
}

/// The legal moves of our knights to `movable` squares.
#[inline(always)]
pub(super) fn knight_moves<B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    movable: Bitboard,
) -> u32 {
    let mut n = 0;
    for from in node.role_set(Role::Knight) & checks.us & !checks.pinned() {
        n += (attacks::knight(from) & movable).count();
    }
    n
}

/// The legal moves of our sliders to `movable` squares, pinned ones along their pins.
#[inline(always)]
pub(super) fn slider_moves<C: Cpu, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    movable: Bitboard,
    few_sliders: bool,
) -> u32 {
    let (us, occupied, pinned) = (checks.us, checks.occupied, checks.pinned());
    let queens = node.role_set(Role::Queen);
    let orthogonal = (node.role_set(Role::Rook) | queens) & us & !pinned;
    let diagonal = (node.role_set(Role::Bishop) | queens) & us & !pinned;
    let mut n = 0;
    if few_sliders {
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
            checks,
            movable,
            #[inline(always)]
            |_, _, t| n += t.count(),
        );
    }
    n
}

/// The legal pawn moves within `check_mask` (en passant aside), four per promotion.
#[inline(always)]
pub(super) fn pawn_moves<S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    check_mask: Bitboard,
) -> u32 {
    let pawns = PawnTargets::new::<S, B>(node, checks, check_mask, Bitboard::FULL);
    let mut n =
        pawns.single.count() + pawns.double.count() + pawns.west.count() + pawns.east.count();
    if (node.role_set(Role::Pawn) & checks.us & S::SEVENTH_RANK).any() {
        let promo = S::PROMOTION_RANK;
        n += 3
            * ((pawns.single & promo).count()
                + (pawns.west & promo).count()
                + (pawns.east & promo).count());
    }
    n
}

/// Whether the sliders of `S` need at most two attack lookups ([`slider_lookups`]): then
/// the leaves count their moves by lookups rather than by the eight-direction fill, and so
/// do the leaves of every child (captures only take sliders away).
#[inline(always)]
pub(crate) fn few_sliders<S: Side, B: Placement>(node: &Node<B>) -> bool {
    slider_lookups::<S, B>(node) <= 2
}

/// How many attack lookups the sliders of `S` need: one per rook or bishop, two per queen.
#[inline(always)]
fn slider_lookups<S: Side, B: Placement>(node: &Node<B>) -> u32 {
    let ours = node.color_set(S::COLOR);
    let queens = node.role_set(Role::Queen);
    ((node.role_set(Role::Rook) | queens) & ours).count()
        + ((node.role_set(Role::Bishop) | queens) & ours).count()
}
