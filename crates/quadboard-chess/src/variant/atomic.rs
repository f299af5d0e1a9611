//! Atomic chess: a capture explodes the captured piece, the capturer and every piece but a
//! pawn on the eight squares around the capture; the side whose king explodes loses.

use alloc::string::String;

use super::{fen, Variant, VariantError, VariantMove, VariantMoveList, VariantOutcome};
use super::{VariantPosition, VariantTermination};
use crate::attacks::{self, Cpu};
use crate::cpu::{dispatch, for_each_level};
use crate::movegen::{
    attacked_by, castle_squares, king_danger, pinned_slider_moves, Black, Checks, Counter,
    DenseNode, Lister, PawnMoves, PawnTargets, Side, Visitor, White,
};
use crate::setup::Reasons;
use crate::{Bitboard, Board, CastlingMode, CastlingSide, Color, MoveKind, MoveList};
use crate::{Role, Setup, Square};

/// An atomic position: a chess placement in which the side to move may have lost its king
/// (the game is then over), with castling rights, en passant square and counters.
///
/// The rules, as shakmaty and python-chess (`AtomicBoard`) play them:
///
/// - A capture (en passant included) removes the captured piece, the capturing piece and
///   every piece that is not a pawn on the eight squares around the destination square
///   (for en passant the square the capturing pawn lands on), kings included. A king
///   never captures.
/// - A move may not explode one's own king. A move that explodes the other king wins at
///   once, even if it leaves one's own king attacked.
/// - Kings may stand side by side: a king next to the other king is not in check (taking
///   anything there would explode both kings), so it may step next to it, even onto a
///   square the other side attacks.
/// - Castling follows chess, with the kings' rule: no square the king stands on, passes
///   or lands on may be attacked, except a square next to the other king; the landing
///   square is tested with the rook already moved, the others with the rook in place.
/// - The game ends when a king is gone: its side has lost (python-chess's variant loss
///   and win). Checkmate and stalemate are chess's, with the atomic check.
/// - Insufficient material as python-chess's `AtomicBoard.has_insufficient_material`
///   defines it: a bare king cannot win, nor a single knight, bishop or rook (or two
///   knights) against a bare king, nor bishops against bishops all on the other colour of
///   square; anything else can, as long as the other king stands.
///
/// FEN is chess's; castling rights are read as X-FEN (Chess960 when they need it), so the
/// Chess960 starts that python-chess allows for atomic read and play as such.
///
/// ```
/// use quadboard_chess::variant::{perft, Atomic, VariantPosition};
/// let start = Atomic::new();
/// assert_eq!(perft(&start, 3), 8_902);
/// // The suite's atomic960-castle-1: castling next to the other king.
/// let pos = Atomic::from_fen("8/8/8/8/8/8/2k5/rR4KR w KQ -")?;
/// assert_eq!(perft(&pos, 3), 4_364);
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Atomic {
    node: DenseNode,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    mode: CastlingMode,
}

/// What the legality of a capture needs, found once per position: a capture is legal when
/// our king is not in the blast and, unless their king is, our king is not attacked once
/// the blast has cleared the board (kings side by side are never in check).
struct Blast {
    king: Square,
    their_king: Square,
    /// Whether the kings stand side by side (and so will after any capture that explodes
    /// neither).
    adjacent: bool,
    occupied: Bitboard,
    /// The pieces a blast removes: all but pawns.
    non_pawns: Bitboard,
    /// Their knights and pawns that attack our king.
    leapers: Bitboard,
    /// Their sliders on a line with our king (on the empty board).
    snipers: Bitboard,
    /// Their bishops and queens, their rooks and queens.
    diagonal: Bitboard,
    orthogonal: Bitboard,
}

impl Blast {
    /// Whether the capture from `from` to `to`, taking the piece on `captured` (`to` but
    /// for en passant), is legal.
    #[inline(always)]
    fn is_legal<C: Cpu>(&self, from: Square, to: Square, captured: Square) -> bool {
        let blast = attacks::king(to) & self.non_pawns;
        if blast.contains(self.king) {
            return false;
        }
        if (blast | captured).contains(self.their_king) || self.adjacent {
            return true;
        }
        let gone = blast | from | to | captured;
        if (self.leapers & !gone).any() {
            return false;
        }
        let snipers = self.snipers & !gone;
        if snipers.is_empty() {
            return true;
        }
        let occupied = self.occupied & !gone;
        (C::bishop(self.king, occupied) & snipers & self.diagonal).is_empty()
            && (C::rook(self.king, occupied) & snipers & self.orthogonal).is_empty()
    }

    /// The squares of `targets` that the capture from `from` may take.
    #[inline(always)]
    fn legal_targets<C: Cpu>(&self, from: Square, targets: Bitboard) -> Bitboard {
        let mut legal = Bitboard::EMPTY;
        for to in targets {
            if self.is_legal::<C>(from, to, to) {
                legal |= to;
            }
        }
        legal
    }

    /// The squares of `targets` that pawns may capture on from `to - offset`.
    #[inline(always)]
    fn legal_pawn_targets<C: Cpu>(&self, targets: Bitboard, offset: i8) -> Bitboard {
        let mut legal = Bitboard::EMPTY;
        for to in targets {
            // SAFETY: every target is a pawn's square shifted by `offset`.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            if self.is_legal::<C>(from, to, to) {
                legal |= to;
            }
        }
        legal
    }
}

/// Generates the legal moves of `S` into `visitor`: the quiet moves by the chess
/// generator's steps (check mask and pins as in chess, both dropped when the kings touch),
/// king steps by chess's danger map with the squares next to their king added, each
/// capture tested by its blast, castling by the atomic test of its squares. Nothing when
/// a king is missing.
#[inline(always)]
fn generate<C: Cpu, S: Side, V: Visitor>(node: &DenseNode, visitor: &mut V) {
    let board = &node.board;
    let us = board.by_color(S::COLOR);
    let them = board.by_color(!S::COLOR);
    let kings = board.by_role(Role::King);
    let (Some(king), Some(their_king)) = ((kings & us).lsb(), (kings & them).lsb()) else {
        return;
    };
    let adjacent = attacks::king(king).contains(their_king);
    let all_pawns = board.by_role(Role::Pawn);
    let leapers = (attacks::knight(king) & board.by_role(Role::Knight)
        | attacks::pawn(S::COLOR, king) & all_pawns)
        & them;
    let mut checks = Checks::with_king::<C, S, Board>(node, king, leapers);
    if adjacent {
        // Touching kings: no check, and a piece may leave its line, since nothing then
        // checks a king next to its own.
        checks.checkers = Bitboard::EMPTY;
        checks.pin_diagonal = Bitboard::EMPTY;
        checks.pin_orthogonal = Bitboard::EMPTY;
    }
    let occupied = checks.occupied;
    let empty = !occupied;
    let pawns = all_pawns & us;
    let promo = S::PROMOTION_RANK;
    macro_rules! group {
        ($kind:expr, $set:expr, $offset:expr) => {
            let set = $set;
            if set.any() {
                visitor.pawns($kind, set, $offset);
            }
        };
    }

    let blast = Blast {
        king,
        their_king,
        adjacent,
        occupied,
        non_pawns: occupied & !all_pawns,
        leapers,
        snipers: (attacks::bishop_rays(king) & checks.their_diagonal
            | attacks::rook_rays(king) & checks.their_orthogonal),
        diagonal: checks.their_diagonal,
        orthogonal: checks.their_orthogonal,
    };

    // Quiet moves but the king's are chess's, since neither king moves or explodes: in
    // the check mask, along their pins, none in double check. Captures are tested each by
    // its blast, whatever the pins and checks. A piece's attacks serve both.
    let double_check = checks.checkers.more_than_one();
    let check_mask = checks.check_mask();
    let quiet = if double_check {
        Bitboard::EMPTY
    } else {
        empty & check_mask
    };
    if !double_check {
        let pushes = PawnTargets::new::<S, Board>(node, &checks, check_mask, empty);
        group!(PawnMoves::Promotion, pushes.single & promo, S::UP);
        group!(PawnMoves::Push, pushes.single & !promo, S::UP);
        group!(PawnMoves::DoublePush, pushes.double, 2 * S::UP);
    }
    let west = blast.legal_pawn_targets::<C>(S::up_west(pawns) & them, S::UP_WEST);
    let east = blast.legal_pawn_targets::<C>(S::up_east(pawns) & them, S::UP_EAST);
    group!(PawnMoves::Promotion, west & promo, S::UP_WEST);
    group!(PawnMoves::Promotion, east & promo, S::UP_EAST);
    group!(PawnMoves::Capture, west & !promo, S::UP_WEST);
    group!(PawnMoves::Capture, east & !promo, S::UP_EAST);
    if let Some(ep) = node.ep_square {
        for from in attacks::pawn(!S::COLOR, ep) & pawns {
            let victim = Square::from_coords(ep.file(), from.rank());
            if blast.is_legal::<C>(from, ep, victim) {
                visitor.en_passant(from, ep);
            }
        }
    }

    let pinned = checks.pinned();
    macro_rules! pieces {
        ($role:expr, $attacks:expr) => {
            for from in board.by_role($role) & us {
                let attacked = $attacks(from);
                let captures = blast.legal_targets::<C>(from, attacked & them);
                let quiet = if pinned.contains(from) {
                    Bitboard::EMPTY
                } else {
                    attacked & quiet
                };
                visitor.piece($role, from, quiet | captures);
            }
        };
    }
    pieces!(Role::Knight, attacks::knight);
    pieces!(Role::Bishop, |from| C::bishop(from, occupied));
    pieces!(Role::Rook, |from| C::rook(from, occupied));
    pieces!(Role::Queen, |from| C::queen(from, occupied));
    if pinned.any() && !double_check {
        // Pinned sliders' quiet moves along their pins (their captures came above).
        pinned_slider_moves::<C, Board>(
            node,
            &checks,
            quiet,
            #[inline(always)]
            |role, from, t| visitor.piece(role, from, t),
        );
    }

    // King steps onto empty squares: chess's danger map counts their king's squares as
    // attacked, but next to their king ours is safe. One square is tested alone.
    let king_targets = attacks::king(king) & empty;
    let near_theirs = attacks::king(their_king);
    if king_targets.more_than_one() {
        let danger = king_danger::<C, S, Board>(node, &checks);
        visitor.piece(Role::King, king, king_targets & (!danger | near_theirs));
    } else if let Some(square) = king_targets.lsb() {
        if near_theirs.contains(square)
            || !attacked_by::<C, S, Board>(node, square, occupied ^ king)
        {
            visitor.piece(Role::King, king, king_targets);
        }
    }

    // Castling, as shakmaty tests it: the king's square and the squares it passes with
    // the rook in place, its landing square with the rook moved; a square next to their
    // king counts as safe.
    let rights = node.castling & us & S::BACK_RANK;
    let safe = |square: Square, occupied: Bitboard| {
        attacks::king(their_king).contains(square)
            || !attacked_by::<C, S, Board>(node, square, occupied)
    };
    'rooks: for rook in rights {
        let (must_be_empty, _) = castle_squares::<S>(king, rook);
        if (must_be_empty & occupied).any() {
            continue;
        }
        let side = CastlingSide::of(king, rook);
        let king_to = side.king_to(S::COLOR);
        let rook_to = side.rook_to(S::COLOR);
        if !safe(king_to, occupied ^ king ^ rook ^ rook_to) {
            continue;
        }
        for square in attacks::between(king, king_to) | king {
            if !safe(square, occupied ^ king) {
                continue 'rooks;
            }
        }
        visitor.castle(king, rook);
    }
}

/// [`generate`] compiled with the target features of a CPU level, as the chess generator
/// is (`crate::movegen::Generator`): perft's leaves are popcounts of target sets, which
/// the baseline level counts without the `popcnt` instruction.
trait Levels: Cpu {
    /// [`generate`] on this level.
    ///
    /// # Safety
    /// The CPU must support the level (see [`Cpu`]).
    unsafe fn generate<S: Side, V: Visitor>(node: &DenseNode, visitor: &mut V);
}

macro_rules! levels_impl {
    // AVX-512 adds to BMI2 only the vector popcount of slider move counts, which this
    // generator does not use: under dispatch it runs BMI2's code (one copy fewer).
    ($marker:ty, Avx512, $features:tt) => {
        #[cfg(quadboard_dispatch)]
        impl Levels for $marker {
            #[inline(always)]
            unsafe fn generate<S: Side, V: Visitor>(node: &DenseNode, visitor: &mut V) {
                // SAFETY: the caller's CPU has AVX-512, so it has BMI2 and AVX2.
                unsafe { <crate::cpu::Bmi2 as Levels>::generate::<S, V>(node, visitor) }
            }
        }
        #[cfg(not(quadboard_dispatch))]
        levels_impl!(@own $marker, $features);
    };
    ($marker:ty, $level:ident, $features:tt) => {
        levels_impl!(@own $marker, $features);
    };
    (@own $marker:ty, [$($feature:tt),*]) => {
        impl Levels for $marker {
            $(#[target_feature(enable = $feature)])*
            unsafe fn generate<S: Side, V: Visitor>(node: &DenseNode, visitor: &mut V) {
                generate::<Self, S, V>(node, visitor);
            }
        }
    };
}
for_each_level!(levels_impl);

impl Atomic {
    /// Runs [`generate`] for the side to move, on the CPU level in use.
    #[inline(always)]
    fn generate_for_turn<V: Visitor>(&self, visitor: &mut V) {
        // SAFETY: `dispatch!` picks a level the CPU supports.
        dispatch!(C => unsafe {
            match self.turn {
                Color::White => <C as Levels>::generate::<White, V>(&self.node, visitor),
                Color::Black => <C as Levels>::generate::<Black, V>(&self.node, visitor),
            }
        })
    }

    /// The position as a setup (for FEN output).
    ///
    /// ```
    /// use quadboard_chess::variant::{Atomic, VariantPosition};
    /// use quadboard_chess::CastlingMode;
    /// let pos = Atomic::new();
    /// assert_eq!(pos.to_setup().to_fen(CastlingMode::Standard), pos.to_fen());
    /// ```
    pub const fn to_setup(&self) -> Setup {
        Setup {
            board: self.node.board,
            turn: self.turn,
            castling_rooks: self.node.castling,
            ep_square: self.node.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The en passant square, if the last move was a double pawn push.
    ///
    /// ```
    /// use quadboard_chess::variant::{Atomic, VariantPosition};
    /// use quadboard_chess::Square;
    /// let pos = Atomic::new();
    /// let after = pos.play(pos.parse_uci("e2e4")?)?;
    /// assert_eq!(after.ep_square(), Some(Square::E3));
    /// # Ok::<(), quadboard_chess::variant::VariantUciError>(())
    /// ```
    pub const fn ep_square(&self) -> Option<Square> {
        self.node.ep_square
    }

    /// The squares of the rooks that may still castle. A rook caught in a blast loses its
    /// right, as does a rook that captures (it explodes).
    ///
    /// ```
    /// use quadboard_chess::variant::{Atomic, VariantPosition};
    /// use quadboard_chess::{Bitboard, Square};
    /// let pos = Atomic::from_fen("r3k2r/p7/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.castling_rooks(), Bitboard::CORNERS);
    /// // Rxa7 explodes the rook on a8 too.
    /// let after = pos.play(pos.parse_uci("a1a7").unwrap()).unwrap();
    /// assert_eq!(after.castling_rooks(), Square::H1.bitboard() | Square::H8);
    /// assert_eq!(after.to_fen(), "4k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    /// # Ok::<(), quadboard_chess::variant::VariantError>(())
    /// ```
    pub const fn castling_rooks(&self) -> Bitboard {
        self.node.castling
    }

    /// The pieces of `color`'s opponent that give check to the king of `color` as atomic
    /// counts it: none when either king is missing or the kings touch.
    fn checkers_of(&self, color: Color) -> Bitboard {
        let board = &self.node.board;
        match (board.king_of(color), board.king_of(!color)) {
            (Some(king), Some(theirs)) if !attacks::king(king).contains(theirs) => {
                board.attackers(king, !color, board.occupied())
            }
            _ => Bitboard::EMPTY,
        }
    }

    /// Explodes the capture on `to`: the capturer there and every piece but a pawn around
    /// it; rooks that explode lose their rights, and so does a side that lost its king.
    #[inline]
    fn explode(&mut self, to: Square) {
        let board = &mut self.node.board;
        let blast = attacks::king(to) & board.occupied() & !board.by_role(Role::Pawn);
        for square in blast | to {
            board.remove_piece_at(square);
        }
        self.node.castling &= !blast;
        for color in Color::ALL {
            if board.king_of(color).is_none() {
                self.node.castling &= !color.back_rank().bitboard();
            }
        }
    }

    /// Why `setup` is not an atomic position, if it is not: chess's rules but for the
    /// kings (the side to move may have lost its king, the kings may touch) and checks,
    /// which atomic counts its own way (as shakmaty validates).
    fn refuse(setup: &Setup, mode: CastlingMode) -> Result<(), VariantError> {
        let chess = setup
            .validate()
            .without(Reasons::MISSING_KING | Reasons::OPPOSITE_CHECK | Reasons::IMPOSSIBLE_CHECK);
        let rule = |problem| {
            Err(VariantError::Rule {
                variant: Variant::Atomic,
                problem,
            })
        };
        if let Some((_, problem)) = chess.iter().next() {
            return rule(problem);
        }
        let board = &setup.board;
        if board.king_of(!setup.turn).is_none() {
            return rule("the side not to move has no king");
        }
        let pos = Atomic {
            node: DenseNode {
                board: *board,
                castling: setup.castling_rooks,
                ep_square: setup.ep_square,
            },
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode,
        };
        if pos.checkers_of(!setup.turn).any() {
            return rule("the side not to move is in check");
        }
        // Checks after a double push: the pushed pawn alone, or a slider it uncovered.
        // (Without the square, any checks may follow from a king stepping away.)
        let checkers = pos.checkers_of(setup.turn);
        if let (Some(ep), Some(king)) = (setup.ep_square, board.king_of(setup.turn)) {
            let forward: i8 = if setup.turn == Color::White { -1 } else { 1 };
            let pushed = ep.offset(0, forward);
            let origin = ep.offset(0, -forward);
            if let (Some(pushed), Some(origin), Some(checker)) = (pushed, origin, checkers.lsb()) {
                let before = board.occupied().without(pushed.bitboard()) | origin;
                if checkers.more_than_one()
                    || checker != pushed && board.attackers(king, !setup.turn, before).any()
                {
                    return rule("a check that no double push can have given");
                }
            }
        }
        Ok(())
    }
}

impl Default for Atomic {
    fn default() -> Atomic {
        <Atomic as VariantPosition>::new()
    }
}

impl VariantPosition for Atomic {
    const VARIANT: Variant = Variant::Atomic;

    fn new() -> Atomic {
        Atomic {
            node: DenseNode {
                board: Board::start(),
                castling: Bitboard::CORNERS,
                ep_square: None,
            },
            turn: Color::White,
            halfmoves: 0,
            fullmoves: 1,
            mode: CastlingMode::Standard,
        }
    }

    /// Reads an atomic FEN: chess's rules, but the side to move may have no king (it has
    /// exploded: the game is over), the kings may touch, and checks are atomic's.
    fn from_fen(text: &str) -> Result<Atomic, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::Atomic)?;
        Atomic::refuse(&read.setup, read.mode)?;
        let setup = read.setup;
        Ok(Atomic {
            node: DenseNode {
                board: setup.board,
                castling: setup.castling_rooks,
                ep_square: setup.ep_square,
            },
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            mode: read.mode,
        })
    }

    fn to_fen(&self) -> String {
        self.to_setup().to_fen(self.mode)
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields::chess(self.to_setup())
    }

    fn board(&self) -> &Board {
        &self.node.board
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut chess = MoveList::new();
        self.generate_for_turn(&mut Lister::<false>(&mut chess));
        let mut list = VariantMoveList::new();
        list.extend_chess(&chess);
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate_for_turn(&mut counter);
        counter.0
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        let Some(m) = m.chess() else {
            return;
        };
        let us = self.turn;
        let board = &self.node.board;
        let (from, to) = (m.from(), m.to());
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = match m.kind() {
            MoveKind::Castle => false,
            MoveKind::EnPassant => true,
            _ => board.by_color(!us).contains(to),
        };
        self.node.play(us, role, m);
        if capture {
            self.explode(to);
        }
        self.halfmoves = if capture || role == Role::Pawn {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
    }

    fn is_check(&self) -> bool {
        self.checkers_of(self.turn).any()
    }

    fn is_variant_end(&self) -> bool {
        let board = &self.node.board;
        board.king_of(Color::White).is_none() || board.king_of(Color::Black).is_none()
    }

    /// The side to move loses when its king has exploded.
    fn variant_outcome(&self) -> Option<VariantOutcome> {
        let board = &self.node.board;
        let (termination, winner) = if board.king_of(self.turn).is_none() {
            (VariantTermination::VariantLoss, !self.turn)
        } else if board.king_of(!self.turn).is_none() {
            (VariantTermination::VariantWin, self.turn)
        } else {
            return None;
        };
        Some(VariantOutcome {
            termination,
            winner: Some(winner),
        })
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = &self.node.board;
        let kings = board.by_role(Role::King);
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        // With their king gone the game is decided, whatever is left.
        if (theirs & kings).is_empty() {
            return false;
        }
        // A bare king cannot win.
        if (ours & !kings).is_empty() {
            return true;
        }
        let bishops = board.by_role(Role::Bishop);
        if (theirs & !kings).any() {
            // Their own pieces may explode next to their king, unless all are bishops
            // that can never meet ours: each side's on one colour of square, opposite.
            if board.occupied() == kings | bishops {
                let white = bishops & board.by_color(Color::White);
                let black = bishops & board.by_color(Color::Black);
                if (white & Bitboard::DARK_SQUARES).is_empty() {
                    return (black & Bitboard::LIGHT_SQUARES).is_empty();
                }
                if (white & Bitboard::LIGHT_SQUARES).is_empty() {
                    return (black & Bitboard::DARK_SQUARES).is_empty();
                }
            }
            return false;
        }
        // Against a bare king: a queen or a pawn (a queen to be) can win.
        if (board.by_role(Role::Queen) | board.by_role(Role::Pawn)).any() {
            return false;
        }
        let knights = board.by_role(Role::Knight);
        if (knights | bishops | board.by_role(Role::Rook)).count() == 1 {
            return true;
        }
        // Two knights cannot win against a bare king; three can.
        if board.occupied() == kings | knights {
            return knights.count() <= 2;
        }
        false
    }

    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn, self.mode)
    }
}
