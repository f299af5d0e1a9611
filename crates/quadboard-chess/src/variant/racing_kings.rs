//! Racing kings: no pawns, no castling, no checks; the first king on the eighth rank wins,
//! unless black's king can follow at once (a draw).

use alloc::string::String;

use super::{fen, Variant, VariantError, VariantMove, VariantMoveList, VariantOutcome};
use super::{VariantPosition, VariantTermination};
use crate::attacks;
use crate::movegen::{Counter, Lister, PawnMoves, Visitor};
use crate::setup::Reasons;
use crate::{Bitboard, Board, Color, MoveList, Piece, Position, Rank, Role, Square};

/// The goal: the eighth rank.
const GOAL: Bitboard = Rank::Eighth.bitboard();

/// A racing-kings position: a chess [`Position`] without pawns or castling rights, in which
/// neither king is in check. A move that gives check is illegal; the game ends when a king
/// stands on the eighth rank, except that after white's king arrives black has one move to
/// bring its king there too (a draw) — unless every square of the eighth rank next to
/// black's king holds a black piece or is attacked by white (attacks seen on the board as it
/// stands), which ends the game at once. As in python-chess and shakmaty, no material is
/// insufficient.
///
/// ```
/// use quadboard_chess::variant::{perft, RacingKings, VariantPosition};
/// let start = RacingKings::new();
/// assert_eq!(start.legal_moves().len(), 21);
/// assert_eq!(perft(&start, 2), 421);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RacingKings {
    pos: Position,
}

impl RacingKings {
    /// The chess position (placement, counters).
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The squares from which a piece of the side to move, by role, would check the other
    /// king, and the pieces of the side to move that would uncover a check by moving off
    /// their line (with the sliders behind them).
    #[inline(always)]
    fn no_check_filter<'v, V: Visitor>(&self, inner: &'v mut V) -> NoChecks<'v, V> {
        let board = self.pos.board();
        let us = self.pos.turn();
        let ours = board.by_color(us);
        let occupied = board.occupied();
        let Some(king) = board.king_of(!us) else {
            return NoChecks {
                inner,
                check_squares: [Bitboard::EMPTY; 6],
                discoverers: Bitboard::EMPTY,
                snipers: Bitboard::EMPTY,
                king: Square::A1,
            };
        };
        let diagonal = attacks::bishop(king, occupied);
        let orthogonal = attacks::rook(king, occupied);
        let check_squares = [
            attacks::pawn(!us, king),
            attacks::knight(king),
            diagonal,
            orthogonal,
            diagonal | orthogonal,
            Bitboard::EMPTY,
        ];
        // Our sliders on a line with their king behind exactly one piece of ours.
        let snipers = (attacks::bishop_rays(king) & board.diagonal_sliders()
            | attacks::rook_rays(king) & board.orthogonal_sliders())
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        let mut behind = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() && (blockers & ours).any() {
                discoverers |= blockers;
                behind |= sniper;
            }
        }
        NoChecks {
            inner,
            check_squares,
            discoverers,
            snipers: behind,
            king,
        }
    }

    /// Runs the chess generator through the filter of checks into `visitor`.
    #[inline(always)]
    fn generate<V: Visitor>(&self, visitor: &mut V) {
        let mut filter = self.no_check_filter(visitor);
        self.pos.generate(Bitboard::FULL, &mut filter);
    }

    /// Whether a king of `color` stands on the eighth rank.
    fn in_goal(&self, color: Color) -> bool {
        (self.pos.board().by_piece(Piece::new(color, Role::King)) & GOAL).any()
    }
}

/// A visitor that drops the moves giving check and hands the rest on.
struct NoChecks<'v, V> {
    inner: &'v mut V,
    /// By role index: where a piece of that role would give check.
    check_squares: [Bitboard; 6],
    /// Our pieces that alone stand between one of our sliders and their king.
    discoverers: Bitboard,
    /// Those sliders.
    snipers: Bitboard,
    /// Their king.
    king: Square,
}

impl<V: Visitor> Visitor for NoChecks<'_, V> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        let mut targets = targets & !self.check_squares[role.index()];
        if self.discoverers.contains(from) {
            // A piece that unmasks a slider may only move along the line it blocks.
            for sniper in self.snipers {
                let line = attacks::between(self.king, sniper);
                if line.contains(from) {
                    targets &= line;
                }
            }
        }
        if targets.any() {
            self.inner.piece(role, from, targets);
        }
    }

    // Racing kings has no pawns and no castling (validation refuses them and no move makes
    // them), so these never run; they hand the moves on as chess has them.
    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        self.inner.pawns(kind, targets, offset);
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.inner.en_passant(from, to);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.inner.castle(king, rook);
    }
}

impl Default for RacingKings {
    fn default() -> RacingKings {
        <RacingKings as VariantPosition>::new()
    }
}

impl VariantPosition for RacingKings {
    const VARIANT: Variant = Variant::RacingKings;

    fn new() -> RacingKings {
        match RacingKings::from_fen(Variant::RacingKings.start_fen()) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is legal"),
        }
    }

    /// Reads a racing-kings FEN: chess rules, and then no pawns, no castling rights, no
    /// king in check, no more than two knights, bishops or rooks or one queen a side, and
    /// not black to move with both kings home (python-chess's status).
    fn from_fen(text: &str) -> Result<RacingKings, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::RacingKings)?;
        let rule = |problem| {
            Err(VariantError::Rule {
                variant: Variant::RacingKings,
                problem,
            })
        };
        if read.setup.castling_rooks.any() {
            return rule("castling rights");
        }
        let pos = super::chess_position(&read, Reasons::NONE)?;
        let board = pos.board();
        if board.by_role(Role::Pawn).any() {
            return rule("pawns");
        }
        if pos.is_check() {
            return rule("a king in check");
        }
        for color in Color::ALL {
            let count = |role| board.by_piece(Piece::new(color, role)).count();
            if count(Role::Knight) > 2
                || count(Role::Bishop) > 2
                || count(Role::Rook) > 2
                || count(Role::Queen) > 1
            {
                return rule("more pieces of a kind than the start position's");
            }
        }
        let pos = RacingKings { pos };
        if pos.pos.turn() == Color::Black && pos.in_goal(Color::White) && pos.in_goal(Color::Black)
        {
            return rule("black to move with both kings on the eighth rank");
        }
        Ok(pos)
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields::chess(self.pos.to_setup())
    }

    fn to_fen(&self) -> String {
        self.pos.to_fen()
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    fn turn(&self) -> Color {
        self.pos.turn()
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        if !self.is_variant_end() {
            let mut chess = MoveList::new();
            self.generate(&mut Lister::<false>(&mut chess));
            list.extend_chess(&chess);
        }
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        if self.is_variant_end() {
            return 0;
        }
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        if let Some(m) = m.chess() {
            self.pos.play_unchecked(m);
        }
    }

    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    fn is_variant_end(&self) -> bool {
        let board = self.pos.board();
        let home = board.by_role(Role::King) & GOAL;
        if home.is_empty() {
            return false;
        }
        if self.pos.turn() == Color::White || (home & board.by_color(Color::Black)).any() {
            return true;
        }
        // White's king is home and black is to move: black's king may still follow onto a
        // square of the eighth rank that no white piece attacks.
        let Some(king) = board.king_of(Color::Black) else {
            return true;
        };
        let occupied = board.occupied();
        let reachable = attacks::king(king) & GOAL & !board.by_color(Color::Black);
        !reachable
            .into_iter()
            .any(|square| board.attackers(square, Color::White, occupied).is_empty())
    }

    fn variant_outcome(&self) -> Option<VariantOutcome> {
        if !self.is_variant_end() {
            return None;
        }
        let turn = self.turn();
        let (ours, theirs) = (self.in_goal(turn), self.in_goal(!turn));
        let (termination, winner) = match (ours, theirs) {
            (false, _) => (VariantTermination::VariantLoss, Some(!turn)),
            (true, false) => (VariantTermination::VariantWin, Some(turn)),
            (true, true) => (VariantTermination::VariantDraw, None),
        };
        Some(VariantOutcome {
            termination,
            winner,
        })
    }

    fn has_insufficient_material(&self, _: Color) -> bool {
        false
    }

    fn halfmoves(&self) -> u32 {
        self.pos.halfmoves()
    }

    fn castling_mode(&self) -> crate::CastlingMode {
        self.pos.castling_mode()
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn(), self.pos.castling_mode())
    }
}
