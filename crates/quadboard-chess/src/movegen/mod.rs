//! Legal move generation with check and pin masks: no move is made and tested.
//!
//! [`generate`] is the textbook algorithm. It finds the checkers and the pinned pieces
//! once per position, then hands every group of legal moves to a [`Visitor`] (a piece and
//! its target set, or a set of pawn targets that share one shift):
//!
//! 1. king moves to the squares the other side does not attack, seen through the king;
//! 2. in double check nothing else; in check every other move must capture the checker
//!    or block its line (the check mask);
//! 3. knights, then sliders, a pinned piece only along its pin line;
//! 4. pawns setwise (pushes, double pushes, captures, promotions);
//! 5. en passant, tested exactly (the horizontal double pin);
//! 6. castling, out of check, across empty and unattacked squares.
//!
//! Each step is a function of its own, so that perft's bulk counter
//! (`crate::perft::leaf`) composes the same steps with its shortcuts instead of a second
//! generator. The side to move is a type parameter, so that pawn shifts and ranks are
//! constants in the generated code; the placement is any [`Placement`], so that the dense
//! and the quad-bitboard representations run the very same generator.
//!
//! Every step is also generic over the CPU level (`C: Cpu`, see [`crate::cpu`]), whose
//! slider lookups and fills it calls; [`Generator::generate`] is the generator compiled
//! with the level's target features, which the entry points dispatch to.
//!
//! The closures handed to the steps are marked `#[inline(always)]`. One that is not
//! inlined holds the node's address, and then perft's children live in memory instead of
//! registers: 25 % more instructions per leaf, measured with cachegrind.

mod node;

pub(crate) use node::{DenseNode, Node};

use crate::attacks::{self, Cpu};
use crate::board::Placement;
use crate::cpu::for_each_level;
use crate::moves::{Move, MoveList};
use crate::{Bitboard, CastlingSide, Color, Role, Square};

/// The side to move, as a type: pawn directions and home ranks become constants.
pub(crate) trait Side {
    /// The colour.
    const COLOR: Color;
    /// The other side.
    type Other: Side;
    /// The rank a single push from the home rank lands on (3rd for white).
    const THIRD_RANK: Bitboard;
    /// The rank pawns promote on.
    const PROMOTION_RANK: Bitboard = <Self::Other as Side>::BACK_RANK;
    /// The rank pawns promote from.
    const SEVENTH_RANK: Bitboard;
    /// The back rank.
    const BACK_RANK: Bitboard = Self::COLOR.back_rank().bitboard();
    /// Square offset of a single push (+8 for white).
    const UP: i8;
    /// Square offset of a capture towards the a-file.
    const UP_WEST: i8 = Self::UP - 1;
    /// Square offset of a capture towards the h-file.
    const UP_EAST: i8 = Self::UP + 1;

    /// The set moved one rank forward.
    fn up(b: Bitboard) -> Bitboard;
    /// The set moved one rank forward and one file towards a.
    fn up_west(b: Bitboard) -> Bitboard;
    /// The set moved one rank forward and one file towards h.
    fn up_east(b: Bitboard) -> Bitboard;
}

/// White to move.
pub(crate) struct White;
/// Black to move.
pub(crate) struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    type Other = Black;
    const THIRD_RANK: Bitboard = Bitboard(0x0000_0000_00ff_0000);
    const SEVENTH_RANK: Bitboard = Bitboard(0x00ff_0000_0000_0000);
    const UP: i8 = 8;
    #[inline(always)]
    fn up(b: Bitboard) -> Bitboard {
        b.north()
    }
    #[inline(always)]
    fn up_west(b: Bitboard) -> Bitboard {
        b.north_west()
    }
    #[inline(always)]
    fn up_east(b: Bitboard) -> Bitboard {
        b.north_east()
    }
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Other = White;
    const THIRD_RANK: Bitboard = Bitboard(0x0000_ff00_0000_0000);
    const SEVENTH_RANK: Bitboard = Bitboard(0xff00);
    const UP: i8 = -8;
    #[inline(always)]
    fn up(b: Bitboard) -> Bitboard {
        b.south()
    }
    #[inline(always)]
    fn up_west(b: Bitboard) -> Bitboard {
        b.south_west()
    }
    #[inline(always)]
    fn up_east(b: Bitboard) -> Bitboard {
        b.south_east()
    }
}

/// The kind of a group of pawn moves that share one shift.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum PawnMoves {
    /// Single pushes that do not promote.
    Push,
    /// Double pushes from the pawns' home rank.
    DoublePush,
    /// Captures that do not promote.
    Capture,
    /// Pushes or captures onto the last rank: four moves per target.
    Promotion,
}

/// Receives the legal moves of a position in groups.
pub(crate) trait Visitor {
    /// Legal moves of a knight, bishop, rook, queen or king on `from` to every square of
    /// `targets` (possibly empty).
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard);
    /// [`Visitor::piece`] for the rarer piece moves: the king's in double check and the
    /// pinned sliders' along their pins. A visitor whose every call site is expensive code
    /// (perft's, which inlines the leaf counter there) keeps these out of line.
    #[inline(always)]
    fn rare_piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        self.piece(role, from, targets);
    }
    /// Legal pawn moves: each square `t` of `targets` (never empty) is reached from
    /// `t - offset`.
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8);
    /// A legal en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Legal castling of the king on `king` with the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Whether a piece of the side not to move (`S::Other`) attacks `square`, given the
/// occupied squares: [`crate::Board::attackers`] with an early exit, and slider lookups only when one
/// of theirs stands on a line with the square.
#[inline(always)]
pub(crate) fn attacked_by<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    square: Square,
    occupied: Bitboard,
) -> bool {
    let them = node.color_set(<S::Other as Side>::COLOR);
    let leapers = (attacks::knight(square) & node.role_set(Role::Knight)
        | attacks::king(square) & node.role_set(Role::King)
        | attacks::pawn(S::COLOR, square) & node.role_set(Role::Pawn))
        & them;
    if leapers.any() {
        return true;
    }
    let diagonal = (node.role_set(Role::Bishop) | node.role_set(Role::Queen)) & them;
    let orthogonal = (node.role_set(Role::Rook) | node.role_set(Role::Queen)) & them;
    (attacks::bishop_rays(square) & diagonal).any()
        && (C::bishop(square, occupied) & diagonal).any()
        || (attacks::rook_rays(square) & orthogonal).any()
            && (C::rook(square, occupied) & orthogonal).any()
}

/// What a position's legality hangs on, found once: our king, the pieces giving check,
/// and the lines of the pins.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Checks {
    /// Our king.
    pub(crate) king: Square,
    /// Our pieces.
    pub(crate) us: Bitboard,
    /// Their pieces.
    pub(crate) them: Bitboard,
    /// Both.
    pub(crate) occupied: Bitboard,
    /// Their pieces that give check.
    pub(crate) checkers: Bitboard,
    /// For each diagonal pin, the squares from our king (excluded) to the pinner
    /// (included).
    pub(crate) pin_diagonal: Bitboard,
    /// The same for orthogonal pins.
    pub(crate) pin_orthogonal: Bitboard,
    /// Their bishops and queens.
    pub(crate) their_diagonal: Bitboard,
    /// Their rooks and queens.
    pub(crate) their_orthogonal: Bitboard,
}

impl Checks {
    /// The checks and pins against the king of `S`; `None` without a king (validation
    /// guarantees one, so there is then nothing to generate).
    #[inline(always)]
    pub(crate) fn new<C: Cpu, S: Side, B: Placement>(node: &Node<B>) -> Option<Checks> {
        let king = (node.role_set(Role::King) & node.color_set(S::COLOR)).lsb()?;
        let leaper_checkers = (attacks::knight(king) & node.role_set(Role::Knight)
            | attacks::pawn(S::COLOR, king) & node.role_set(Role::Pawn))
            & node.color_set(<S::Other as Side>::COLOR);
        Some(Checks::with_king::<C, S, B>(node, king, leaper_checkers))
    }

    /// [`Checks::new`] for a caller that knows our king and which knights and pawns of
    /// theirs give check (perft's leaves learn both from the parent and its move).
    #[inline(always)]
    pub(crate) fn with_king<C: Cpu, S: Side, B: Placement>(
        node: &Node<B>,
        king: Square,
        leaper_checkers: Bitboard,
    ) -> Checks {
        let us = node.color_set(S::COLOR);
        let them = node.color_set(<S::Other as Side>::COLOR);
        let queens = node.role_set(Role::Queen);
        let their_diagonal = (node.role_set(Role::Bishop) | queens) & them;
        let their_orthogonal = (node.role_set(Role::Rook) | queens) & them;
        let mut checks = Checks {
            king,
            us,
            them,
            occupied: us | them,
            checkers: leaper_checkers,
            pin_diagonal: Bitboard::EMPTY,
            pin_orthogonal: Bitboard::EMPTY,
            their_diagonal,
            their_orthogonal,
        };
        // A slider of theirs that sees our king through none of our pieces gives check,
        // through exactly one pins it. The empty-board rays skip the lookups when no
        // slider of theirs is on a line with the king.
        let snipers = attacks::bishop_rays(king) & their_diagonal;
        if snipers.any() {
            let seen = C::bishop(king, them) & snipers;
            checks.pin_diagonal = checks.checks_and_pins(seen);
        }
        let snipers = attacks::rook_rays(king) & their_orthogonal;
        if snipers.any() {
            let seen = C::rook(king, them) & snipers;
            checks.pin_orthogonal = checks.checks_and_pins(seen);
        }
        checks
    }

    /// Adds the snipers that see our king unobstructed to the checkers and returns the
    /// lines of those that see it through exactly one of our pieces.
    #[inline(always)]
    fn checks_and_pins(&mut self, snipers: Bitboard) -> Bitboard {
        let mut pins = Bitboard::EMPTY;
        for sniper in snipers {
            let ray = attacks::between(self.king, sniper);
            let blockers = ray & self.us;
            if blockers.is_empty() {
                self.checkers |= sniper;
            } else if !blockers.more_than_one() {
                pins |= ray | sniper;
            }
        }
        pins
    }

    /// Our pinned pieces.
    #[inline(always)]
    pub(crate) fn pinned(&self) -> Bitboard {
        (self.pin_diagonal | self.pin_orthogonal) & self.us
    }

    /// Where a move other than the king's must land: anywhere out of check, on the
    /// checker or between it and the king in single check. (Meaningless in double check.)
    #[inline(always)]
    pub(crate) fn check_mask(&self) -> Bitboard {
        match self.checkers.lsb() {
            None => Bitboard::FULL,
            Some(checker) => attacks::between(self.king, checker) | self.checkers,
        }
    }

    /// The squares next to our king that hold none of our pieces, within `target`.
    #[inline(always)]
    pub(crate) fn king_targets(&self, target: Bitboard) -> Bitboard {
        attacks::king(self.king) & !self.us & target
    }
}

/// The squares the side not to move attacks, seen through our king (which must not hide a
/// square behind itself): where our king may not go. Only near our king is it exact:
/// knights elsewhere are left out, since they cannot reach the king's neighbourhood.
#[inline(always)]
pub(crate) fn king_danger<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
) -> Bitboard {
    king_danger_reaching::<C, S, B>(node, checks, attacks::knights_near_king(checks.king))
}

/// [`king_danger`] with the knights on `knight_reach` instead of those near our king: exact
/// on the squares those knights can reach.
#[inline(always)]
pub(crate) fn king_danger_reaching<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    knight_reach: Bitboard,
) -> Bitboard {
    let them = checks.them;
    let mut knights = Bitboard::EMPTY;
    for knight in node.role_set(Role::Knight) & them & knight_reach {
        knights |= attacks::knight(knight);
    }
    let their_king = (node.role_set(Role::King) & them)
        .lsb()
        .map_or(Bitboard::EMPTY, attacks::king);
    attacks::pawns_setwise(<S::Other as Side>::COLOR, node.role_set(Role::Pawn) & them)
        | knights
        | their_king
        | C::slider_attacks(
            checks.their_orthogonal,
            checks.their_diagonal,
            !(checks.occupied ^ checks.king),
        )
}

/// Calls `f` with each pinned slider of ours, its role and its targets along its pin.
#[inline(always)]
pub(crate) fn pinned_slider_moves<C: Cpu, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    movable: Bitboard,
    mut f: impl FnMut(Role, Square, Bitboard),
) {
    let queens = node.role_set(Role::Queen);
    let role = |from: Square, other: Role| {
        if queens.contains(from) {
            Role::Queen
        } else {
            other
        }
    };
    let diagonal = (node.role_set(Role::Bishop) | queens) & checks.pin_diagonal;
    for from in diagonal & checks.us {
        let t = C::bishop(from, checks.occupied) & movable & checks.pin_diagonal;
        f(role(from, Role::Bishop), from, t);
    }
    let orthogonal = (node.role_set(Role::Rook) | queens) & checks.pin_orthogonal;
    for from in orthogonal & checks.us {
        let t = C::rook(from, checks.occupied) & movable & checks.pin_orthogonal;
        f(role(from, Role::Rook), from, t);
    }
}

/// The destinations of our pawns' legal pushes and captures, promotions included, within
/// the check mask and `target` (en passant aside).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnTargets {
    /// Single pushes.
    pub(crate) single: Bitboard,
    /// Double pushes.
    pub(crate) double: Bitboard,
    /// Captures towards the a-file.
    pub(crate) west: Bitboard,
    /// Captures towards the h-file.
    pub(crate) east: Bitboard,
}

impl PawnTargets {
    /// Setwise, for all pawns of `S` at once. Pushes: diagonally pinned pawns never push;
    /// orthogonally pinned ones only along their pin (a file pin). Captures: orthogonally
    /// pinned pawns never capture; diagonally pinned ones only along their pin.
    #[inline(always)]
    pub(crate) fn new<S: Side, B: Placement>(
        node: &Node<B>,
        checks: &Checks,
        check_mask: Bitboard,
        target: Bitboard,
    ) -> PawnTargets {
        let pawns = node.role_set(Role::Pawn) & checks.us;
        let empty = !checks.occupied;
        let capture_mask = checks.them & check_mask & target;
        let (pin_diagonal, pin_orthogonal) = (checks.pin_diagonal, checks.pin_orthogonal);
        let (single, west, east) = if (pawns & checks.pinned()).is_empty() {
            (
                S::up(pawns) & empty,
                S::up_west(pawns) & capture_mask,
                S::up_east(pawns) & capture_mask,
            )
        } else {
            let pushers = pawns & !pin_diagonal;
            let single = (S::up(pushers & !pin_orthogonal)
                | (S::up(pushers & pin_orthogonal) & pin_orthogonal))
                & empty;
            let capturers = pawns & !pin_orthogonal;
            let free = capturers & !pin_diagonal;
            let pinned = capturers & pin_diagonal;
            let west = (S::up_west(free) | (S::up_west(pinned) & pin_diagonal)) & capture_mask;
            let east = (S::up_east(free) | (S::up_east(pinned) & pin_diagonal)) & capture_mask;
            (single, west, east)
        };
        PawnTargets {
            single: single & check_mask & target,
            double: S::up(single & S::THIRD_RANK) & empty & check_mask & target,
            west,
            east,
        }
    }
}

/// Calls `f` with each legal en passant capture landing in `target`. En passant is rare,
/// so each capture is tested exactly by looking along the lines through our king with both
/// pawns moved; this covers the horizontal double pin.
#[inline(always)]
pub(crate) fn en_passant_moves<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    target: Bitboard,
    mut f: impl FnMut(Square, Square),
) {
    let Some(ep) = node.ep_square else {
        return;
    };
    if !target.contains(ep) {
        return;
    }
    // The captured pawn stands one rank behind the target square (validation keeps the en
    // passant square on the sixth rank relative to the side to move).
    let victim = ep.offset(0, -S::UP.signum()).unwrap_or(ep);
    let sliders = checks.their_diagonal | checks.their_orthogonal;
    // Any check but a slider's (tested below with the pawns moved) must be the victim's.
    let other_checkers = checks.checkers & !victim.bitboard() & !sliders;
    if other_checkers.any() {
        return;
    }
    let pawns = node.role_set(Role::Pawn) & checks.us;
    for from in attacks::pawn(<S::Other as Side>::COLOR, ep) & pawns {
        let after = checks.occupied ^ from ^ victim | ep;
        let seen = C::bishop(checks.king, after) & checks.their_diagonal
            | C::rook(checks.king, after) & checks.their_orthogonal;
        if seen.is_empty() {
            f(from, ep);
        }
    }
}

/// Whether `S` has a legal en passant capture: [`en_passant_moves`] asked for any, for
/// callers that need the answer and not the moves (repetition keys).
#[inline(always)]
pub(crate) fn has_en_passant<C: Cpu, S: Side, B: Placement>(node: &Node<B>) -> bool {
    let Some(checks) = Checks::new::<C, S, B>(node) else {
        return false;
    };
    let mut found = false;
    en_passant_moves::<C, S, B>(
        node,
        &checks,
        Bitboard::FULL,
        #[inline(always)]
        |_, _| found = true,
    );
    found
}

/// Calls `f` with the king and rook of each castling move of `S` whose squares are empty
/// and whose king lands in `target`, when `is_safe(king, rook, king_path)` says that no
/// square the king passes or lands on is attacked. Only out of check.
#[inline(always)]
pub(crate) fn castling_moves<S: Side, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    target: Bitboard,
    is_safe: impl Fn(Square, Square, Bitboard) -> bool,
    mut f: impl FnMut(Square, Square),
) {
    if checks.checkers.any() {
        return;
    }
    let rights = node.castling & checks.us & S::BACK_RANK;
    for rook in rights {
        let (must_be_empty, king_path) = castle_squares::<S>(checks.king, rook);
        let king_to = CastlingSide::of(checks.king, rook).king_to(S::COLOR);
        if (must_be_empty & checks.occupied).is_empty()
            && target.contains(king_to)
            && is_safe(checks.king, rook, king_path)
        {
            f(checks.king, rook);
        }
    }
}

/// Whether no square of `king_path` is attacked, for castling our king on `king` with the
/// rook on `rook` when we are not in check and the squares between are empty. Attacks are
/// tested with the king and the rook lifted off the board: the only lines through them
/// that reach those squares run along the back rank, and an attacker there would either
/// give check already or attack the king's path once the rook has left (the Chess960
/// rook-shield case).
#[inline(always)]
pub(crate) fn castle_is_safe<C: Cpu, S: Side, B: Placement>(
    node: &Node<B>,
    king: Square,
    rook: Square,
    king_path: Bitboard,
) -> bool {
    let occupied = node.occupied() ^ king ^ rook;
    // A loop, not `any`: see `crate::perft::leaf::count`.
    for square in king_path {
        if attacked_by::<C, S, B>(node, square, occupied) {
            return false;
        }
    }
    true
}

/// Generates every legal move of `node` (side to move `S`) into `visitor`, restricted to
/// moves whose destination is in `target` (castling counts as landing on the king's
/// destination square; en passant on the capturing pawn's destination).
#[inline(always)]
pub(crate) fn generate<C: Cpu, S: Side, V: Visitor, B: Placement>(
    node: &Node<B>,
    target: Bitboard,
    visitor: &mut V,
) {
    let Some(checks) = Checks::new::<C, S, B>(node) else {
        return;
    };

    if checks.checkers.more_than_one() {
        king_moves::<C, S, V, B, true>(node, &checks, target, visitor);
        return;
    }

    let check_mask = checks.check_mask();
    let movable = !checks.us & check_mask & target;
    let pinned = checks.pinned();
    let occupied = checks.occupied;

    // Least valuable mover first (pawns, knights, bishops, rooks, queens, pinned pieces,
    // the king): a list sorted by MVV-LVA then has few inversions to undo.
    pawn_moves::<C, S, V, B>(node, &checks, check_mask, target, visitor);
    for from in node.role_set(Role::Knight) & checks.us & !pinned {
        visitor.piece(Role::Knight, from, attacks::knight(from) & movable);
    }
    let free = checks.us & !pinned;
    for from in node.role_set(Role::Bishop) & free {
        visitor.piece(Role::Bishop, from, C::bishop(from, occupied) & movable);
    }
    for from in node.role_set(Role::Rook) & free {
        visitor.piece(Role::Rook, from, C::rook(from, occupied) & movable);
    }
    for from in node.role_set(Role::Queen) & free {
        visitor.piece(Role::Queen, from, C::queen(from, occupied) & movable);
    }
    if pinned.any() {
        pinned_slider_moves::<C, B>(
            node,
            &checks,
            movable,
            #[inline(always)]
            |role, from, t| {
                visitor.rare_piece(role, from, t);
            },
        );
    }

    king_moves::<C, S, V, B, false>(node, &checks, target, visitor);
    castling_moves::<S, B>(
        node,
        &checks,
        target,
        #[inline(always)]
        |king, rook, path| castle_is_safe::<C, S, B>(node, king, rook, path),
        #[inline(always)]
        |king, rook| visitor.castle(king, rook),
    );
}

/// The king's moves of [`generate`]; `DOUBLE_CHECK` for the only moves of a king in double
/// check, which go to [`Visitor::rare_piece`].
#[inline(always)]
fn king_moves<C: Cpu, S: Side, V: Visitor, B: Placement, const DOUBLE_CHECK: bool>(
    node: &Node<B>,
    checks: &Checks,
    target: Bitboard,
    visitor: &mut V,
) {
    let king_targets = checks.king_targets(target);
    if king_targets.more_than_one() || target == Bitboard::FULL {
        let danger = king_danger::<C, S, B>(node, checks);
        visit_king::<V, DOUBLE_CHECK>(visitor, checks.king, king_targets & !danger);
    } else if let Some(square) = king_targets.lsb() {
        // One square of a restricted target (as for captures): testing it costs less
        // than every attack of theirs. Seen through our king, as `king_danger` is. Full
        // generation keeps the danger map: perft's interior nodes, which use it, counted
        // more instructions per leaf with the test (docs/log/2026-11-26-make-move-2.md).
        let attacked =
            attacked_by::<C, S, B>(node, square, checks.occupied ^ checks.king.bitboard());
        if !attacked {
            visit_king::<V, DOUBLE_CHECK>(visitor, checks.king, king_targets);
        }
    }
}

/// The king's moves to `targets`, to [`Visitor::rare_piece`] in double check.
#[inline(always)]
fn visit_king<V: Visitor, const DOUBLE_CHECK: bool>(
    visitor: &mut V,
    king: Square,
    targets: Bitboard,
) {
    if DOUBLE_CHECK {
        visitor.rare_piece(Role::King, king, targets);
    } else {
        visitor.piece(Role::King, king, targets);
    }
}

/// The pawns' moves of [`generate`], en passant last.
#[inline(always)]
fn pawn_moves<C: Cpu, S: Side, V: Visitor, B: Placement>(
    node: &Node<B>,
    checks: &Checks,
    check_mask: Bitboard,
    target: Bitboard,
    visitor: &mut V,
) {
    let pawns = PawnTargets::new::<S, B>(node, checks, check_mask, target);
    let promo = S::PROMOTION_RANK;
    // Written out, not loops over arrays of sets and kinds: as loops they were compiled
    // with the kind a run-time value, so a visitor that lists only some kinds
    // (`captures()`) tested it and walked the empty sets of the others on every call
    // (docs/log/2026-11-27-captures.md).
    macro_rules! group {
        ($kind:expr, $set:expr, $offset:expr) => {
            let set = $set;
            if set.any() {
                visitor.pawns($kind, set, $offset);
            }
        };
    }
    group!(PawnMoves::Promotion, pawns.single & promo, S::UP);
    group!(PawnMoves::Promotion, pawns.west & promo, S::UP_WEST);
    group!(PawnMoves::Promotion, pawns.east & promo, S::UP_EAST);
    group!(PawnMoves::Push, pawns.single & !promo, S::UP);
    group!(PawnMoves::DoublePush, pawns.double, 2 * S::UP);
    group!(PawnMoves::Capture, pawns.west & !promo, S::UP_WEST);
    group!(PawnMoves::Capture, pawns.east & !promo, S::UP_EAST);

    en_passant_moves::<C, S, B>(
        node,
        checks,
        target,
        #[inline(always)]
        |from, to| {
            visitor.en_passant(from, to);
        },
    );
}

/// [`generate`] and [`has_en_passant`] compiled with the target features of a CPU level:
/// the functions that position methods call, so that they inline the level's primitives.
pub(crate) trait Generator: Cpu {
    /// [`generate`] on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn generate<S: Side, V: Visitor, B: Placement>(
        node: &Node<B>,
        target: Bitboard,
        visitor: &mut V,
    );

    /// [`has_en_passant`] on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn has_en_passant<S: Side, B: Placement>(node: &Node<B>) -> bool;
}

macro_rules! generator_impl {
    // With dispatch `avx512` runs `bmi2`'s generator: they differ only in how the
    // eight-direction fill counts slider moves, which perft's leaves do and the generator
    // does not; so the generator is compiled three times, not four.
    ($marker:ty, Avx512, $features:tt) => {
        #[cfg(quadboard_dispatch)]
        impl Generator for $marker {
            #[inline(always)]
            unsafe fn generate<S: Side, V: Visitor, B: Placement>(
                node: &Node<B>,
                target: Bitboard,
                visitor: &mut V,
            ) {
                // SAFETY: the caller's CPU has AVX-512, so it has BMI2 and AVX2.
                unsafe { <crate::cpu::Bmi2 as Generator>::generate::<S, V, B>(node, target, visitor) }
            }

            #[inline(always)]
            unsafe fn has_en_passant<S: Side, B: Placement>(node: &Node<B>) -> bool {
                // SAFETY: as above.
                unsafe { <crate::cpu::Bmi2 as Generator>::has_en_passant::<S, B>(node) }
            }
        }
        #[cfg(not(quadboard_dispatch))]
        generator_impl!(@own $marker, $features);
    };
    ($marker:ty, $level:ident, $features:tt) => {
        generator_impl!(@own $marker, $features);
    };
    (@own $marker:ty, [$($feature:tt),*]) => {
        impl Generator for $marker {
            $(#[target_feature(enable = $feature)])*
            unsafe fn generate<S: Side, V: Visitor, B: Placement>(
                node: &Node<B>,
                target: Bitboard,
                visitor: &mut V,
            ) {
                generate::<Self, S, V, B>(node, target, visitor);
            }

            $(#[target_feature(enable = $feature)])*
            unsafe fn has_en_passant<S: Side, B: Placement>(node: &Node<B>) -> bool {
                has_en_passant::<Self, S, B>(node)
            }
        }
    };
}
for_each_level!(generator_impl);

/// For castling on the back rank of `S` with the king on file `k` and the rook on file
/// `r` (index `k * 8 + r`): the squares that must be empty but for the two of them (every
/// square either passes or lands on), and the squares the king passes or lands on. On the
/// first rank; the second rank's tables are these shifted up to the eighth.
const CASTLE_SQUARES: [(u64, u64); 64] = {
    const fn span(a: u32, b: u32) -> u64 {
        // Files a..=b or b..=a on the first rank.
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        ((1u64 << (hi + 1)) - 1) & !((1u64 << lo) - 1)
    }
    let mut table = [(0, 0); 64];
    let mut k = 0;
    while k < 8 {
        let mut r = 0;
        while r < 8 {
            if k != r {
                // King side when the rook stands right of the king: king to g, rook to f.
                let (king_to, rook_to) = if r > k { (6, 5) } else { (2, 3) };
                let movers = (1u64 << k) | (1u64 << r);
                let king_path = span(k, king_to) & !(1u64 << k) | (1u64 << king_to);
                let rook_path = span(r, rook_to) & !(1u64 << r) | (1u64 << rook_to);
                table[(k * 8 + r) as usize] = ((king_path | rook_path) & !movers, king_path);
            }
            r += 1;
        }
        k += 1;
    }
    table
};

/// [`CASTLE_SQUARES`] for the king on `king` and the castling rook on `rook`, both on the
/// back rank of `S`.
#[inline(always)]
pub(crate) fn castle_squares<S: Side>(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let shift = S::BACK_RANK.0.trailing_zeros();
    let (empty, path) = CASTLE_SQUARES[(king.index() & 7) * 8 + (rook.index() & 7)];
    (Bitboard(empty << shift), Bitboard(path << shift))
}

/// Counts legal moves: popcounts of target sets, four per promotion.
pub(crate) struct Counter(pub(crate) u64);

impl Visitor for Counter {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, _: i8) {
        let n = u64::from(targets.count());
        self.0 += if kind == PawnMoves::Promotion {
            4 * n
        } else {
            n
        };
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// Expands groups into a [`MoveList`]. With `HASHED`, knight and king target sets are
/// serialized by the perfect-hashed lists of [`crate::serialize`] (eight moves stored at
/// once); otherwise by the bit-scan loop. See `docs/serialization.md` for the comparison.
pub(crate) struct Lister<'a, const HASHED: bool>(pub(crate) &'a mut MoveList);

impl<const HASHED: bool> Visitor for Lister<'_, HASHED> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        if HASHED && role == Role::Knight {
            let (squares, len) = crate::serialize::knight_targets_compact(from, targets);
            self.0.push_chunk(from, squares, len);
        } else if HASHED && role == Role::King {
            let (squares, len) = crate::serialize::king_targets_compact(from, targets);
            self.0.push_chunk(from, squares, len);
        } else {
            for to in targets {
                self.0.push(Move::normal(from, to));
            }
        }
    }
    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        for to in targets {
            // SAFETY: every target was produced by shifting a pawn by `offset`, so the
            // origin `to - offset` is a square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            if kind == PawnMoves::Promotion {
                for role in Role::PROMOTIONS {
                    self.0.push(Move::promotion(from, to, role));
                }
            } else {
                self.0.push(Move::normal(from, to));
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.0.push(Move::en_passant(from, to));
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.0.push(Move::castle(king, rook));
    }
}

/// Lists the captures and promotions among the moves generated to the other side's pieces,
/// the en passant square and the last rank: a piece's move onto an empty square of that
/// target is dropped here, pushes that do not promote never reach it.
pub(crate) struct NoisyLister<'a> {
    /// Where the moves go.
    pub(crate) list: &'a mut MoveList,
    /// The other side's pieces.
    pub(crate) them: Bitboard,
}

impl Visitor for NoisyLister<'_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        Lister::<false>(self.list).piece(role, from, targets & self.them);
    }
    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        if matches!(kind, PawnMoves::Capture | PawnMoves::Promotion) {
            Lister::<false>(self.list).pawns(kind, targets, offset);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.list.push(Move::en_passant(from, to));
    }
    #[inline(always)]
    fn castle(&mut self, _: Square, _: Square) {}
}

/// Lists the moves that neither capture nor promote, among the moves generated to the
/// squares the other side does not hold: en passant and promoting pushes are left out.
pub(crate) struct QuietLister<'a>(pub(crate) &'a mut MoveList);

impl Visitor for QuietLister<'_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        Lister::<false>(self.0).piece(role, from, targets);
    }
    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        if matches!(kind, PawnMoves::Push | PawnMoves::DoublePush) {
            Lister::<false>(self.0).pawns(kind, targets, offset);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {}
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.0.push(Move::castle(king, rook));
    }
}
