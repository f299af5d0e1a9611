//! Antichess (giveaway, lichess's rules): captures are compulsory, the king is a piece like
//! any other, and a side that has lost every piece, or cannot move, wins.

use alloc::string::String;

use super::kingless::{self, List, Sink, SplitCount};
use super::{fen, Variant, VariantError, VariantMove, VariantMoveKind, VariantMoveList};
use super::{VariantOutcome, VariantPosition, VariantTermination};
use crate::movegen::{Black, DenseNode, Side, White};
use crate::{attacks, Bitboard, Board, CastlingMode, Color, MoveKind, Role, Setup, Square};

/// An antichess position: any placement without pawns on the back ranks (no king, or
/// several), no castling rights.
///
/// There is no check: every pseudo-legal move is legal, but a side that can capture must
/// (en passant included), choosing freely among its captures. A pawn may promote to a king
/// (UCI `e7e8k`). The game ends when a side has no pieces left or no move: that side wins
/// (python-chess's `AntichessBoard`, lichess's antichess). Material is insufficient for a
/// side that cannot lose all its pieces: python-chess's rule, which covers positions of
/// bishops alone on squares of opposite colours, and of one knight each whose squares'
/// colours and the side to move keep the knights from ever meeting.
///
/// ```
/// use quadboard_chess::variant::{perft, Antichess, VariantPosition};
/// assert_eq!(perft(&Antichess::new(), 3), 8_067);
/// // White must take: of its 20 moves only exd5 is left.
/// let pos = Antichess::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2")?;
/// assert_eq!(pos.legal_moves().len(), 1);
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Antichess {
    /// Placement and en passant square (castling rights always empty).
    node: DenseNode,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
}

impl Antichess {
    /// Every square a piece of `S` attacks, and whether it can capture en passant: whether
    /// a capture exists.
    #[inline(always)]
    fn can_capture<S: Side>(&self) -> bool {
        let board = &self.node.board;
        let us = board.by_color(S::COLOR);
        let them = board.by_color(!S::COLOR);
        let occupied = us | them;
        let pawns = board.by_role(Role::Pawn) & us;
        if let Some(ep) = self.node.ep_square {
            if (attacks::pawn(!S::COLOR, ep) & pawns).any() {
                return true;
            }
        }
        if ((S::up_west(pawns) | S::up_east(pawns)) & them).any()
            || (attacks::knights_setwise(board.by_role(Role::Knight) & us) & them).any()
            || (attacks::kings_setwise(board.by_role(Role::King) & us) & them).any()
        {
            return true;
        }
        for from in board.diagonal_sliders() & us {
            if (attacks::bishop(from, occupied) & them).any() {
                return true;
            }
        }
        for from in board.orthogonal_sliders() & us {
            if (attacks::rook(from, occupied) & them).any() {
                return true;
            }
        }
        false
    }

    /// Generates the legal moves of `S` into `sink`: the captures if there are any, else
    /// the quiet moves.
    #[inline(always)]
    fn generate<S: Side, K: Sink>(&self, sink: &mut K) {
        let capturing = self.can_capture::<S>();
        kingless::generate::<S, K>(&self.node, capturing, !capturing, sink);
    }

    /// [`Antichess::generate`] for the side to move.
    #[inline(always)]
    fn generate_for_turn<K: Sink>(&self, sink: &mut K) {
        match self.turn {
            Color::White => self.generate::<White, K>(sink),
            Color::Black => self.generate::<Black, K>(sink),
        }
    }

    /// The position as a setup (for FEN output).
    pub const fn to_setup(&self) -> Setup {
        Setup {
            board: self.node.board,
            turn: self.turn,
            castling_rooks: Bitboard::EMPTY,
            ep_square: self.node.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The en passant square, if the last move was a double pawn push.
    pub const fn ep_square(&self) -> Option<Square> {
        self.node.ep_square
    }
}

impl Default for Antichess {
    fn default() -> Antichess {
        <Antichess as VariantPosition>::new()
    }
}

impl VariantPosition for Antichess {
    const VARIANT: Variant = Variant::Antichess;

    fn new() -> Antichess {
        Antichess {
            node: DenseNode {
                board: Board::start(),
                castling: Bitboard::EMPTY,
                ep_square: None,
            },
            turn: Color::White,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// Reads an antichess FEN: any placement without pawns on the first or last rank, and
    /// no castling rights (lichess's antichess has no castling). An en passant square that
    /// no double push can have left is dropped.
    fn from_fen(text: &str) -> Result<Antichess, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::Antichess)?;
        let mut setup = read.setup;
        let rule = |problem| {
            Err(VariantError::Rule {
                variant: Variant::Antichess,
                problem,
            })
        };
        if setup.castling_rooks.any() {
            return rule("castling rights");
        }
        if (setup.board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            return rule("pawns on the first or last rank");
        }
        setup.drop_invalid_ep_square();
        Ok(Antichess {
            node: DenseNode {
                board: setup.board,
                castling: Bitboard::EMPTY,
                ep_square: setup.ep_square,
            },
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        })
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields::chess(self.to_setup())
    }

    fn to_fen(&self) -> String {
        self.to_setup().to_fen(CastlingMode::Standard)
    }

    fn board(&self) -> &Board {
        &self.node.board
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        if !self.is_variant_end() {
            self.generate_for_turn(&mut List::<true>(&mut list));
        }
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        if self.is_variant_end() {
            return 0;
        }
        let mut count = SplitCount::<true> {
            them: self.node.board.by_color(!self.turn),
            captures: 0,
            quiets: 0,
        };
        match self.turn {
            Color::White => kingless::generate::<White, _>(&self.node, true, true, &mut count),
            Color::Black => kingless::generate::<Black, _>(&self.node, true, true, &mut count),
        }
        if count.captures > 0 {
            count.captures
        } else {
            count.quiets
        }
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        let us = self.turn;
        let board = &self.node.board;
        let (kind, from, to) = match m.kind() {
            VariantMoveKind::Chess(m) => (m.kind(), m.from(), m.to()),
            VariantMoveKind::KingPromotion { from, to } => {
                (MoveKind::Promotion(Role::King), from, to)
            }
            VariantMoveKind::Drop { .. } => return,
        };
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = board.by_color(!us).contains(to) || kind == MoveKind::EnPassant;
        match kind {
            MoveKind::EnPassant => self.node.make_en_passant(us, from, to),
            MoveKind::Promotion(promoted) => self.node.make_promotion(us, from, to, promoted),
            _ if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 => {
                self.node.make_double_push(us, from, to)
            }
            // No castling in antichess: every other move is a piece's step or capture.
            _ => self.node.make_move(us, role, from, to),
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
        false
    }

    #[inline(always)]
    fn is_variant_end(&self) -> bool {
        let board = &self.node.board;
        board.by_color(Color::White).is_empty() || board.by_color(Color::Black).is_empty()
    }

    /// The side to move wins when it has no pieces or no legal move.
    fn variant_outcome(&self) -> Option<VariantOutcome> {
        if self.node.board.by_color(self.turn).is_empty() || self.count_legal_moves() == 0 {
            Some(VariantOutcome {
                termination: VariantTermination::VariantWin,
                winner: Some(self.turn),
            })
        } else {
            None
        }
    }

    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = &self.node.board;
        let ours = board.by_color(color);
        let theirs = board.by_color(!color);
        if ours.is_empty() {
            return false;
        }
        if theirs.is_empty() {
            return true;
        }
        if board.occupied() == board.by_role(Role::Bishop) {
            // Bishops alone: ours can never be taken when none of theirs shares a colour
            // of square with one of ours.
            let light = Bitboard::LIGHT_SQUARES;
            let dark = Bitboard::DARK_SQUARES;
            let some_light = (ours & light).any();
            let some_dark = (ours & dark).any();
            let they_all_dark = (theirs & light).is_empty();
            let they_all_light = (theirs & dark).is_empty();
            return some_light && they_all_dark || some_dark && they_all_light;
        }
        let knights = board.by_role(Role::Knight);
        if board.occupied() == knights && knights.count() == 2 {
            // A knight each: a knight changes the colour of its square with every move, so
            // whether one can ever land on the other is a matter of parity, fixed by the
            // colours of their squares and the side to move.
            let white_dark = (board.by_color(Color::White) & Bitboard::DARK_SQUARES).any();
            let black_light = (board.by_color(Color::Black) & Bitboard::LIGHT_SQUARES).any();
            return self.turn.is_white() == (color.is_white() ^ white_dark ^ black_light);
        }
        false
    }

    fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    fn castling_mode(&self) -> CastlingMode {
        CastlingMode::Standard
    }

    fn to_uci(&self, m: VariantMove) -> String {
        m.to_uci(self.turn, CastlingMode::Standard)
    }
}
