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
//! - **Two plies together**: the leaves' parent counts the knight, slider and pawn
//!   moves of the side to move at the leaves once ([`Leaves::with_mobility`]); a child
//!   reached by a move that touches none of the squares those moves depend on, and that
//!   neither checks nor pins, has the same ones. Its king and castling rights, and the
//!   squares from which a knight or pawn would check it, are looked up there too.

use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::movegen::{self, castle_squares, Checks, Node, PawnTargets, Side};
use crate::{Bitboard, Color, Role, Square};

/// The number of legal moves of `node`, side to move `S`, whose king and castling rights
/// `leaves` describes. `leaper_checkers` are the knights and pawns that give check (known
/// from the move that led here: only the moved piece can). `known_danger` is what the
/// other side attacks around our king and on our castling paths when the caller knows it
/// (from [`ZoneDanger::after`]); with `FEW_SLIDERS` sliders are looked up one by one;
/// without `CASTLES` the side is known to have no castling rights. `touched` holds the
/// squares whose occupancy the last move changed (`FULL` when unknown), against which
/// [`Leaves::mobility`] is reused.
#[inline(always)]
pub(crate) fn count<C: Cpu, S: Side, B: Placement, const FEW_SLIDERS: bool, const CASTLES: bool>(
    node: &Node<B>,
    leaves: &Leaves,
    leaper_checkers: Bitboard,
    known_danger: Option<Bitboard>,
    touched: Bitboard,
) -> u64 {
    let checks = Checks::with_king::<C, S, B>(node, leaves.king, leaper_checkers);
    let (king, occupied) = (checks.king, checks.occupied);
    // The castles whose rook keeps its right and whose squares are empty, out of check;
    // those with a corner rook read the danger map (lifting that rook opens no line to
    // the king's path), so without a carried map one is computed for them and the king.
    let (mut clear_a, mut clear_b) = (false, false);
    let mut corner_paths = Bitboard::EMPTY;
    if CASTLES && checks.checkers.is_empty() {
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
        n += leaves.total_mobility;
    } else {
        n += piece_moves_after::<C, S, B, FEW_SLIDERS>(node, leaves, &checks, free, touched);
    }

    movegen::en_passant_moves::<C, S, B>(
        node,
        &checks,
        Bitboard::FULL,
        #[inline(always)]
        |_, _| n += 1,
    );
    if CASTLES {
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
fn piece_moves_after<C: Cpu, S: Side, B: Placement, const FEW_SLIDERS: bool>(
    node: &Node<B>,
    leaves: &Leaves,
    checks: &Checks,
    free: bool,
    touched: Bitboard,
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
        slider_moves::<C, B, FEW_SLIDERS>(node, checks, movable)
    };
    n += if free && (touched & pawns).is_empty() {
        leaves.mobility[2]
    } else {
        pawn_moves::<S, B>(node, checks, check_mask)
    };
    n
}

/// The legal moves of our knights to `movable` squares.
#[inline(always)]
fn knight_moves<B: Placement>(node: &Node<B>, checks: &Checks, movable: Bitboard) -> u32 {
    let mut n = 0;
    for from in node.role_set(Role::Knight) & checks.us & !checks.pinned() {
        n += (attacks::knight(from) & movable).count();
    }
    n
}

/// The legal moves of our sliders to `movable` squares, pinned ones along their pins.
#[inline(always)]
fn slider_moves<C: Cpu, B: Placement, const FEW_SLIDERS: bool>(
    node: &Node<B>,
    checks: &Checks,
    movable: Bitboard,
) -> u32 {
    let (us, occupied, pinned) = (checks.us, checks.occupied, checks.pinned());
    let queens = node.role_set(Role::Queen);
    let orthogonal = (node.role_set(Role::Rook) | queens) & us & !pinned;
    let diagonal = (node.role_set(Role::Bishop) | queens) & us & !pinned;
    let mut n = 0;
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
fn pawn_moves<S: Side, B: Placement>(node: &Node<B>, checks: &Checks, check_mask: Bitboard) -> u32 {
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

/// What the positions after a leaf-parent's moves share for the side to move in them:
/// its king, which the parent's moves do not move, the squares from which a knight or a
/// pawn would check it, and its castling rights (neither the king nor the rooks of that
/// side move before the leaves, and a capture of a rook shows in the leaf's rights).
/// ([`movegen::castling_moves`] is the generator's version of the castling test.)
#[derive(Copy, Clone, Debug)]
pub(crate) struct Leaves {
    /// The king.
    king: Square,
    /// The squares from which a knight of the other side checks the king.
    knight_checks: Bitboard,
    /// The squares from which a pawn of the other side checks the king.
    pawn_checks: Bitboard,
    /// Per castling rook (at most one on each side of the king; none is `EMPTY`): the rook,
    /// the squares that must be empty, the squares the king passes or lands on.
    rooks: [Castle; 2],
    /// The moves of the side's knights, sliders and pawns in the parent, as if it were to
    /// move there with nothing pinned ([`Leaves::with_mobility`]).
    mobility: [u32; 3],
    /// For each of the three, the squares on which a change of occupancy may change its
    /// moves; `FULL` while they are unknown.
    sensitive: [Bitboard; 3],
    /// The sum of `mobility`.
    total_mobility: u32,
    /// The union of `sensitive`.
    any_sensitive: Bitboard,
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
        };
        let rights = node.castling & us & S::BACK_RANK;
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
            slider_moves::<C, B, false>(node, &checks, movable),
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
        self
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
    fn clear(
        &self,
        (rook, must_be_empty, _): Castle,
        rights: Bitboard,
        occupied: Bitboard,
    ) -> bool {
        (rook & rights).any() && (must_be_empty & occupied).is_empty()
    }

    /// The king's path of a `clear` castle with a corner rook, else nothing.
    #[inline(always)]
    fn corner_path(&self, (rook, _, path): Castle, clear: bool) -> Bitboard {
        if clear && (rook & Leaves::CORNERS).any() {
            path
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether no square of a clear castle's king path is attacked: by the danger map if
    /// there is one and the rook stands in a corner, else square by square.
    #[inline(always)]
    fn is_safe<C: Cpu, S: Side, B: Placement>(
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
type Castle = (Bitboard, Bitboard, Bitboard);

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
