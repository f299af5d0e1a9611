//! Legal move generation with check and pin masks: no move is made and tested.
//!
//! One generic routine, [`generate`], computes the checkers, the check mask and the two pin
//! masks (orthogonal and diagonal) once per position, then hands every group of legal
//! moves to a [`Visitor`]: a piece and its target set, or a set of pawn targets that share
//! one shift. Counting visitors add popcounts, listing visitors expand the sets into
//! [`Move`]s, and perft makes each move. The side to move is a type parameter so that the
//! pawn shifts and ranks are constants in the generated code.

use crate::attacks;
use crate::moves::{Move, MoveList};
use crate::position::Position;
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
    const PROMOTION_RANK: Bitboard;
    /// The rank pawns promote from.
    const SEVENTH_RANK: Bitboard;
    /// The back rank.
    const BACK_RANK: Bitboard;
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
    const PROMOTION_RANK: Bitboard = Bitboard(0xff00_0000_0000_0000);
    const SEVENTH_RANK: Bitboard = Bitboard(0x00ff_0000_0000_0000);
    const BACK_RANK: Bitboard = Bitboard(0xff);
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
    const PROMOTION_RANK: Bitboard = Bitboard(0xff);
    const SEVENTH_RANK: Bitboard = Bitboard(0xff00);
    const BACK_RANK: Bitboard = Bitboard(0xff00_0000_0000_0000);
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

/// What move generation reads of a position: the piece sets, castling rooks and en
/// passant square. Implemented by [`Position`] (dense sets) and by the quad-bitboard node,
/// so that both representations run the very same generator.
pub(crate) trait Node {
    /// The squares of the pieces of `color`.
    fn color_set(&self, color: Color) -> Bitboard;
    /// The squares of the pieces of `role`, both colours.
    fn role_set(&self, role: Role) -> Bitboard;
    /// The squares of the rooks that may castle.
    fn castling(&self) -> Bitboard;
    /// The en passant square.
    fn ep_square(&self) -> Option<Square>;
}

impl Node for Position {
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
    /// `targets` (possibly empty: counting is cheaper without a test).
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard);
    /// Legal pawn moves: each square `t` of `targets` (never empty) is reached from
    /// `t - offset`.
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8);
    /// A legal en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// Legal castling of the king on `king` with the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square, side: CastlingSide);

    /// Whether the visitor only counts: then unpinned sliders are reported in bulk through
    /// [`Visitor::add_count`], counted setwise by direction.
    const COUNT_ONLY: bool = false;

    /// Adds `n` moves, for counting visitors.
    #[inline(always)]
    fn add_count(&mut self, _n: u64) {}
}

/// The squares attacked by `them` that matter for the king on its way: is `square`
/// attacked by a piece of `them`, given the occupied squares?
#[inline(always)]
fn attacked_by<S: Side, N: Node>(pos: &N, square: Square, occupied: Bitboard) -> bool {
    let them = pos.color_set(<S::Other as Side>::COLOR);
    let leapers = (attacks::knight(square) & pos.role_set(Role::Knight)
        | attacks::king(square) & pos.role_set(Role::King)
        | attacks::pawn(S::COLOR, square) & pos.role_set(Role::Pawn))
        & them;
    if leapers.any() {
        return true;
    }
    // Look sliders up only when one of theirs is on a line with the square.
    let diagonal = (pos.role_set(Role::Bishop) | pos.role_set(Role::Queen)) & them;
    let orthogonal = (pos.role_set(Role::Rook) | pos.role_set(Role::Queen)) & them;
    (attacks::bishop_rays(square) & diagonal).any()
        && (attacks::bishop(square, occupied) & diagonal).any()
        || (attacks::rook_rays(square) & orthogonal).any()
            && (attacks::rook(square, occupied) & orthogonal).any()
}

/// The pieces of `them` that give check to the king of `S` on `king`.
#[inline(always)]
pub(crate) fn checkers<S: Side, N: Node>(pos: &N, king: Square) -> Bitboard {
    let them = pos.color_set(<S::Other as Side>::COLOR);
    let occupied = pos.color_set(Color::White) | pos.color_set(Color::Black);
    (attacks::knight(king) & pos.role_set(Role::Knight)
        | attacks::pawn(S::COLOR, king) & pos.role_set(Role::Pawn)
        | attacks::bishop(king, occupied)
            & (pos.role_set(Role::Bishop) | pos.role_set(Role::Queen))
        | attacks::rook(king, occupied) & (pos.role_set(Role::Rook) | pos.role_set(Role::Queen)))
        & them
}

/// Generates every legal move of `pos` (side to move `S`) into `visitor`, restricted to
/// moves whose destination is in `target` (castling counts as landing on the king's
/// destination square; en passant on the capturing pawn's destination).
#[inline(always)]
pub(crate) fn generate<S: Side, V: Visitor, N: Node>(pos: &N, target: Bitboard, visitor: &mut V) {
    generate_with::<S, V, N, false>(pos, target, None, visitor);
}

/// What a side attacks around the other side's king, computed once in a position and
/// carried to the positions after most of its moves: those that neither start nor end on
/// a sensitive square.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ZoneDanger {
    /// The squares next to the other king, and those it passes or lands on when castling.
    pub(crate) zone: Bitboard,
    /// The squares of `zone` attacked, seen through the other king.
    pub(crate) danger: Bitboard,
    /// The squares of `zone` attacked by two pieces or more.
    pub(crate) danger_twice: Bitboard,
    /// Our pieces that may attack the zone (sliders on a line with it, leapers in reach).
    pub(crate) attackers: Bitboard,
    /// The squares between our sliders and the zone: a move from or to one of them may
    /// uncover or block an attack.
    pub(crate) between: Bitboard,
    /// The occupied squares without the other king.
    pub(crate) through_king: Bitboard,
}

impl ZoneDanger {
    /// The danger around the other king after a move of ours from `from` to `to` that
    /// leaves `role` on `to` (no en passant or castling), if the move cannot have changed
    /// the danger but for the moved piece's own attacks.
    #[inline(always)]
    pub(crate) fn after(
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
            let before = attacks::role_attacks(color, from_role, from, self.through_king);
            danger = self.danger_twice | (danger & !before);
        }
        let occupied = (self.through_king ^ from) | to;
        Some(danger | attacks::role_attacks(color, role, to, occupied) & self.zone)
    }
}

/// How many attack lookups the sliders of `S` need: one per rook or bishop, two per queen.
#[inline(always)]
pub(crate) fn slider_lookups<S: Side, N: Node>(pos: &N) -> u32 {
    let ours = pos.color_set(S::COLOR);
    let queens = pos.role_set(Role::Queen);
    ((pos.role_set(Role::Rook) | queens) & ours).count()
        + ((pos.role_set(Role::Bishop) | queens) & ours).count()
}

/// The [`ZoneDanger`] of the side to move `S` around the other king.
#[inline(always)]
pub(crate) fn zone_danger<S: Side, N: Node>(pos: &N) -> Option<ZoneDanger> {
    let us = pos.color_set(S::COLOR);
    let them = pos.color_set(<S::Other as Side>::COLOR);
    let their_king = (pos.role_set(Role::King) & them).lsb()?;
    // The squares their king may pass when castling count too (their castling rooks stand
    // on their back rank; Chess960 rooks may stand anywhere on it).
    let mut zone = attacks::king(their_king);
    let mut knight_reach = attacks::knights_near_king(their_king);
    let rights = pos.castling() & them & <S::Other as Side>::BACK_RANK;
    if rights.any() {
        for rook in rights {
            zone |= castle_squares::<S::Other>(their_king, rook).1;
        }
        knight_reach = attacks::knights_setwise(zone);
    }
    let through_king = (us | them) ^ their_king;
    let pawns = pos.role_set(Role::Pawn) & us;
    let knights = pos.role_set(Role::Knight) & us;
    let king = pos.role_set(Role::King) & us;
    let orthogonal = (pos.role_set(Role::Rook) | pos.role_set(Role::Queen)) & us;
    let diagonal = (pos.role_set(Role::Bishop) | pos.role_set(Role::Queen)) & us;
    let (mut once, mut twice) =
        attacks::eight_directions::slider_attacks_twice(orthogonal, diagonal, !through_king);
    let mut add = |a: Bitboard| {
        twice |= once & a;
        once |= a;
    };
    // One layer per pawn capture direction: pawns capturing the same way never share a
    // square.
    add(S::up_west(pawns));
    add(S::up_east(pawns));
    for knight in knights & knight_reach {
        add(attacks::knight(knight));
    }
    if let Some(king) = king.lsb() {
        add(attacks::king(king));
    }
    let (between, aligned) = attacks::eight_directions::lines_to(orthogonal, diagonal, zone);
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

/// [`generate`], given the squares attacked around our king when the caller knows them
/// (from [`ZoneDanger::after`]). With `FEW_SLIDERS`, counting looks sliders up one by one.
#[inline(always)]
pub(crate) fn generate_with<S: Side, V: Visitor, N: Node, const FEW_SLIDERS: bool>(
    pos: &N,
    target: Bitboard,
    known_danger: Option<Bitboard>,
    visitor: &mut V,
) {
    let us = pos.color_set(S::COLOR);
    let them = pos.color_set(<S::Other as Side>::COLOR);
    let occupied = us | them;
    let kings = pos.role_set(Role::King);
    // Validation guarantees one king per side; without one there is nothing to generate.
    let Some(king) = (kings & us).lsb() else {
        return;
    };

    // Checkers and pins in one pass: a slider of theirs that sees our king through none of
    // our pieces gives check, through exactly one pins it. The empty-board rays skip the
    // lookups when no slider of theirs is on a line with the king.
    let diagonal_sliders = (pos.role_set(Role::Bishop) | pos.role_set(Role::Queen)) & them;
    let orthogonal_sliders = (pos.role_set(Role::Rook) | pos.role_set(Role::Queen)) & them;
    let mut checkers = (attacks::knight(king) & pos.role_set(Role::Knight)
        | attacks::pawn(S::COLOR, king) & pos.role_set(Role::Pawn))
        & them;
    let mut pin_diagonal = Bitboard::EMPTY;
    let mut pin_orthogonal = Bitboard::EMPTY;
    let snipers = attacks::bishop_rays(king) & diagonal_sliders;
    if snipers.any() {
        for sniper in attacks::bishop(king, them) & snipers {
            let ray = attacks::between(king, sniper);
            let blockers = ray & us;
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.more_than_one() {
                pin_diagonal |= ray | sniper;
            }
        }
    }
    let snipers = attacks::rook_rays(king) & orthogonal_sliders;
    if snipers.any() {
        for sniper in attacks::rook(king, them) & snipers {
            let ray = attacks::between(king, sniper);
            let blockers = ray & us;
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.more_than_one() {
                pin_orthogonal |= ray | sniper;
            }
        }
    }

    // King moves first: they need no check or pin mask, only the squares they attack,
    // seen through our king (it must not hide a square behind itself).
    let king_targets = attacks::king(king) & !us & target;
    if let Some(danger) = known_danger {
        visitor.piece(Role::King, king, king_targets & !danger);
    } else if V::COUNT_ONLY && king_targets.any() && king_targets.count() <= 2 {
        // Counting one or two targets square by square costs fewer instructions than the
        // setwise map (measured with cachegrind; docs/performance.md).
        let mut n = 0;
        for to in king_targets {
            n += u64::from(!attacked_by::<S, N>(pos, to, occupied ^ king));
        }
        visitor.add_count(n);
    } else if king_targets.any() {
        let their_king = (kings & them).lsb().map_or(Bitboard::EMPTY, attacks::king);
        // Knights elsewhere cannot reach the king's neighbourhood.
        let mut knight_danger = Bitboard::EMPTY;
        for knight in pos.role_set(Role::Knight) & them & attacks::knights_near_king(king) {
            knight_danger |= attacks::knight(knight);
        }
        let danger =
            attacks::pawns_setwise(<S::Other as Side>::COLOR, pos.role_set(Role::Pawn) & them)
                | knight_danger
                | their_king
                | attacks::eight_directions::slider_attacks(
                    orthogonal_sliders,
                    diagonal_sliders,
                    !(occupied ^ king),
                );
        visitor.piece(Role::King, king, king_targets & !danger);
    }
    if checkers.more_than_one() {
        return;
    }

    // The check mask: where a non-king move must land (anywhere, or block or capture).
    let check_mask = match checkers.lsb() {
        None => Bitboard::FULL,
        Some(checker) => attacks::between(king, checker) | checkers,
    };

    let pinned = (pin_diagonal | pin_orthogonal) & us;
    let movable = !us & check_mask & target;

    // Knights: a pinned knight never moves.
    let knights = pos.role_set(Role::Knight) & us & !pinned;
    for from in knights {
        let t = attacks::knight(from) & movable;
        visitor.piece(Role::Knight, from, t);
    }

    // Diagonal sliders: unpinned ones anywhere; diagonally pinned ones along their pin.
    let bishops = pos.role_set(Role::Bishop) & us;
    let rooks = pos.role_set(Role::Rook) & us;
    let queens = pos.role_set(Role::Queen) & us;
    if V::COUNT_ONLY && FEW_SLIDERS {
        // A slider or two cost fewer instructions looked up than filled in eight
        // directions (measured with cachegrind on the bench positions).
        let mut n = 0;
        for from in (rooks | queens) & !pinned {
            n += (attacks::rook(from, occupied) & movable).count();
        }
        for from in (bishops | queens) & !pinned {
            n += (attacks::bishop(from, occupied) & movable).count();
        }
        visitor.add_count(u64::from(n));
    } else if V::COUNT_ONLY {
        let n = attacks::eight_directions::slider_move_count(
            (rooks | queens) & !pinned,
            (bishops | queens) & !pinned,
            !occupied,
            movable,
        );
        visitor.add_count(u64::from(n));
    } else {
        for from in bishops & !pinned {
            let t = attacks::bishop(from, occupied) & movable;
            visitor.piece(Role::Bishop, from, t);
        }
        for from in rooks & !pinned {
            let t = attacks::rook(from, occupied) & movable;
            visitor.piece(Role::Rook, from, t);
        }
        for from in queens & !pinned {
            let t = attacks::queen(from, occupied) & movable;
            visitor.piece(Role::Queen, from, t);
        }
    }
    if pinned.any() {
        for from in (bishops | queens) & pin_diagonal {
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Bishop
            };
            let t = attacks::bishop(from, occupied) & movable & pin_diagonal;
            visitor.piece(role, from, t);
        }
        for from in (rooks | queens) & pin_orthogonal {
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Rook
            };
            let t = attacks::rook(from, occupied) & movable & pin_orthogonal;
            visitor.piece(role, from, t);
        }
    }

    // Pawns, setwise. Pushes: diagonally pinned pawns never push; orthogonally pinned ones
    // only along their pin (a file pin). Captures: orthogonally pinned pawns never capture;
    // diagonally pinned ones only along their pin.
    let pawns = pos.role_set(Role::Pawn) & us;
    let empty = !occupied;
    let capture_mask = them & check_mask & target;
    let (single, west, east) = if (pawns & pinned).is_empty() {
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
        let pinned_capturers = capturers & pin_diagonal;
        let west =
            (S::up_west(free) | (S::up_west(pinned_capturers) & pin_diagonal)) & capture_mask;
        let east =
            (S::up_east(free) | (S::up_east(pinned_capturers) & pin_diagonal)) & capture_mask;
        (single, west, east)
    };
    let double = S::up(single & S::THIRD_RANK) & empty & check_mask & target;
    let single = single & check_mask & target;

    let promo = S::PROMOTION_RANK;
    if V::COUNT_ONLY {
        // Every promotion counts four moves; only a pawn on the seventh rank can promote.
        let mut n = single.count() + double.count() + west.count() + east.count();
        if (pawns & S::SEVENTH_RANK).any() {
            n += 3 * ((single & promo).count() + (west & promo).count() + (east & promo).count());
        }
        visitor.add_count(u64::from(n));
    } else {
        if (single | west | east) & promo != Bitboard::EMPTY {
            for (set, offset) in [(single, S::UP), (west, S::UP_WEST), (east, S::UP_EAST)] {
                let p = set & promo;
                if p.any() {
                    visitor.pawns(PawnMoves::Promotion, p, offset);
                }
            }
        }
        let quiet_single = single & !promo;
        if quiet_single.any() {
            visitor.pawns(PawnMoves::Push, quiet_single, S::UP);
        }
        if double.any() {
            visitor.pawns(PawnMoves::DoublePush, double, 2 * S::UP);
        }
        let west = west & !promo;
        if west.any() {
            visitor.pawns(PawnMoves::Capture, west, S::UP_WEST);
        }
        let east = east & !promo;
        if east.any() {
            visitor.pawns(PawnMoves::Capture, east, S::UP_EAST);
        }
    }

    // En passant: rare, so test each capture exactly by looking along the lines through
    // the king after removing both pawns. This covers the horizontal double pin.
    if let Some(ep) = pos.ep_square() {
        if target.contains(ep) {
            // The captured pawn stands one rank behind the target square (validation keeps
            // the en passant square on the sixth rank relative to the side to move).
            let victim = ep.offset(0, -S::UP.signum()).unwrap_or(ep);
            for from in attacks::pawn(<S::Other as Side>::COLOR, ep) & pawns {
                let after = occupied ^ from ^ victim | ep;
                let sliders_see_king = attacks::bishop(king, after) & diagonal_sliders
                    | attacks::rook(king, after) & orthogonal_sliders;
                // Any other check must be the victim pawn itself (sliders rechecked above).
                let other_checkers =
                    checkers & !victim.bitboard() & !(diagonal_sliders | orthogonal_sliders);
                if sliders_see_king.is_empty() && other_checkers.is_empty() {
                    visitor.en_passant(from, ep);
                }
            }
        }
    }

    // Castling: only out of check; see `castle_is_legal` for the squares tested.
    if checkers.is_empty() {
        let rights = pos.castling() & us & S::BACK_RANK;
        if rights.any() {
            for rook in rights {
                let side = if rook > king {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let (must_be_empty, king_path) = castle_squares::<S>(king, rook);
                if (must_be_empty & occupied).is_empty()
                    && target.contains(side.king_to(S::COLOR))
                    && castle_is_safe::<S, N>(pos, king, rook, king_path, known_danger)
                {
                    visitor.castle(king, rook, side);
                }
            }
        }
    }
}

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
fn castle_squares<S: Side>(king: Square, rook: Square) -> (Bitboard, Bitboard) {
    let shift = S::BACK_RANK.0.trailing_zeros();
    let (empty, path) = CASTLE_SQUARES[(king.index() & 7) * 8 + (rook.index() & 7)];
    (Bitboard(empty << shift), Bitboard(path << shift))
}

/// Whether no square of `king_path` is attacked, for castling the king on `king` with the
/// rook on `rook` when the side is not in check and the squares between are empty.
/// Attacks are tested with the king and the rook lifted off the board: the only lines
/// through them that reach those squares run along the back rank, and an attacker there
/// would either give check already or attack the king's path once the rook has left (the
/// Chess960 rook-shield case). With `known_danger` (the squares attacked around the king
/// and on its castling paths, seen through it), a corner rook needs no further test:
/// lifting it opens nothing.
#[inline(always)]
fn castle_is_safe<S: Side, N: Node>(
    pos: &N,
    king: Square,
    rook: Square,
    king_path: Bitboard,
    known_danger: Option<Bitboard>,
) -> bool {
    let corners = !(Bitboard::NOT_A_FILE & Bitboard::NOT_H_FILE);
    if let Some(danger) = known_danger.filter(|_| corners.contains(rook)) {
        return (king_path & danger).is_empty();
    }
    let movers = king.bitboard() | rook.bitboard();
    let occupied = (pos.color_set(Color::White) | pos.color_set(Color::Black)) ^ movers;
    !king_path
        .iter()
        .any(|sq| attacked_by::<S, N>(pos, sq, occupied))
}

/// Counts legal moves: popcounts of target sets.
pub(crate) struct Counter(pub(crate) u64);

impl Visitor for Counter {
    const COUNT_ONLY: bool = true;
    #[inline(always)]
    fn add_count(&mut self, n: u64) {
        self.0 += n;
    }
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
    fn castle(&mut self, _: Square, _: Square, _: CastlingSide) {
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
    fn castle(&mut self, king: Square, rook: Square, _: CastlingSide) {
        self.0.push(Move::castle(king, rook));
    }
}

/// Runs `generate` for the side to move of `pos`.
#[inline(always)]
pub(crate) fn generate_any<V: Visitor>(pos: &Position, target: Bitboard, visitor: &mut V) {
    match pos.turn {
        Color::White => generate::<White, V, Position>(pos, target, visitor),
        Color::Black => generate::<Black, V, Position>(pos, target, visitor),
    }
}
