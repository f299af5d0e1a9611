//! Antichess (lichess's rules) and python-chess's giveaway and suicide: captures are
//! compulsory, the king is a piece like any other, and a side that has lost every piece, or
//! cannot move, wins (suicide: a side that cannot move wins with fewer pieces than the
//! other side, loses with more, draws with as many).
//!
//! The three share one type, [`Antichess`], told apart by [`AntichessRules`]: one home for
//! the move generator, make-move and material rules, where the variants differ only in the
//! start position and the stalemate rule.

use alloc::string::String;

use super::kingless::{self, List, Sink, SplitCount};
use super::{fen, Variant, VariantError, VariantMove, VariantMoveKind, VariantMoveList};
use super::{VariantOutcome, VariantPosition, VariantTermination};
use crate::movegen::{Black, DenseNode, Side, White};
use crate::{
    attacks, Bitboard, Board, CastlingMode, CastlingSide, Color, File, Move, MoveKind, Piece, Rank,
    Role, Setup, Square,
};

/// Which of python-chess's three boards of this family a position plays.
///
/// | rules | start position | a side with pieces and no move |
/// | --- | --- | --- |
/// | `Antichess` (lichess, `antichess`) | no castling rights | wins |
/// | `Giveaway` (`giveaway`) | castling rights `KQkq` | wins |
/// | `Suicide` (`suicide`) | castling rights `KQkq` | wins with fewer pieces, loses with more, draws with as many |
///
/// In all three a position with castling rights may castle (python-chess's rules): only
/// when no capture is possible, since captures are compulsory, with no test of attacked
/// squares (there is no check), and only with a king that has not been promoted. Lichess
/// and shakmaty give antichess no castling; their positions have no rights, and play the
/// same under these rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum AntichessRules {
    /// Lichess's antichess. A side to move whose opponent has no pieces left (a position
    /// only a FEN gives) wins here, as this type scored it before it castled; python-chess's
    /// `AntichessBoard`, which is its giveaway from a start without rights, calls it
    /// stalemate (a draw), as [`AntichessRules::Giveaway`] does.
    #[default]
    Antichess,
    /// python-chess's `GiveawayBoard`: antichess from a start with castling rights. A side
    /// to move whose opponent has no pieces left has not won (python-chess calls it
    /// stalemate).
    Giveaway,
    /// python-chess's `SuicideBoard`: giveaway, except that a side that cannot move wins
    /// only with fewer pieces than its opponent (more: it loses; as many: a draw).
    Suicide,
}

impl AntichessRules {
    /// The UCI name python-chess gives the board: `antichess`, `giveaway`, `suicide`.
    pub const fn uci_name(self) -> &'static str {
        match self {
            AntichessRules::Antichess => "antichess",
            AntichessRules::Giveaway => "giveaway",
            AntichessRules::Suicide => "suicide",
        }
    }

    /// The rules of a UCI name or alias (`suicide`, `giveaway`, `antichess`, ignoring
    /// case); `None` for any other name. Lichess's `giveaway` alias of antichess is
    /// python-chess's giveaway here, where the rules must be told apart.
    pub fn from_uci_name(name: &str) -> Option<AntichessRules> {
        match name.to_ascii_lowercase().as_str() {
            "antichess" => Some(AntichessRules::Antichess),
            "giveaway" => Some(AntichessRules::Giveaway),
            "suicide" => Some(AntichessRules::Suicide),
            _ => None,
        }
    }
}

/// An antichess, giveaway or suicide position ([`AntichessRules`]): any placement without
/// pawns on the back ranks (no king, or several), castling rights as python-chess keeps
/// them.
///
/// There is no check: every pseudo-legal move is legal, but a side that can capture must
/// (en passant included), choosing freely among its captures. A pawn may promote to a king
/// (UCI `e7e8k`). The game ends when a side has no pieces left or no move: that side wins
/// (python-chess's `AntichessBoard` and `GiveawayBoard`, lichess's antichess; suicide
/// counts the pieces of a side that cannot move). Material is insufficient for a side that
/// cannot lose all its pieces: python-chess's rule, which covers positions of bishops alone
/// on squares of opposite colours, and of one knight each whose squares' colours and the
/// side to move keep the knights from ever meeting.
///
/// Castling, as python-chess plays it: a right is a rook's square; the king that castles
/// is the lowest-placed king of the side on its back rank that was not promoted; the king
/// and rook land as in Chess960 (king on c or g, rook on d or f) with every square between
/// free of other pieces, and no square is tested for attacks. A move of that king, or the
/// capture of a king of the side (not a promoted one) on its back rank, takes the side's
/// rights; a promoted king moves without taking them. Promoted pieces are tracked while
/// castling rights remain (to tell promoted kings apart, and for python-chess's FEN, which
/// marks them `Q~` when the rights are Chess960's); without rights nothing of this costs.
///
/// ```
/// use quadboard_chess::variant::{perft, Antichess, VariantPosition};
/// assert_eq!(perft(&Antichess::new(), 3), 8_067);
/// // White must take: of its 20 moves only exd5 is left.
/// let pos = Antichess::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2")?;
/// assert_eq!(pos.legal_moves().len(), 1);
///
/// // Giveaway's start castles once the way is free, with nothing to capture.
/// use quadboard_chess::variant::AntichessRules;
/// let give = Antichess::from_fen_as(
///     "rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1",
///     AntichessRules::Giveaway,
///     None,
/// )?;
/// assert!(give.legal_moves().iter().any(|&m| give.to_uci(m) == "e1g1"));
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Antichess {
    /// Placement, castling rights (python-chess's, cleaned as it cleans them) and en
    /// passant square.
    node: DenseNode,
    /// The promoted pieces, while castling rights remain (empty without rights).
    promoted: Bitboard,
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    rules: AntichessRules,
    /// How castling is written and its rights cleaned (python-chess's `chess960`).
    mode: CastlingMode,
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
    /// the quiet moves; whether castling moves (not generated here) are to be added: no
    /// capture, and castling rights.
    #[inline(always)]
    fn generate<S: Side, K: Sink>(&self, sink: &mut K) -> bool {
        let capturing = self.can_capture::<S>();
        kingless::generate::<S, K>(&self.node, capturing, !capturing, sink);
        !capturing && self.node.castling.any()
    }

    /// The castling moves of the side to move (king-takes-rook), at most two, whatever
    /// captures there are: the caller lists them only when there are none.
    #[cold]
    fn castles(&self) -> ([Move; 2], usize) {
        let mut found = [Move::castle(Square::A1, Square::A1); 2];
        let mut n = 0;
        let us = self.turn;
        let back = Bitboard::rank(us.back_rank());
        let board = &self.node.board;
        let kings = board.by_piece(Piece::new(us, Role::King)) & back & !self.promoted;
        let Some(king) = kings.lsb() else {
            return (found, 0);
        };
        let occupied = board.occupied();
        for rook in self.node.castling & back {
            let side = CastlingSide::of(king, rook);
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            let path = attacks::between(king, king_to)
                | attacks::between(rook, rook_to)
                | king_to.bitboard()
                | rook_to.bitboard();
            let others = occupied & !king.bitboard() & !rook.bitboard();
            if (others & path).is_empty() && n < 2 {
                found[n] = Move::castle(king, rook);
                n += 1;
            }
        }
        (found, n)
    }

    /// The rook squares a FEN's castling field names, as python-chess reads them: `K` the
    /// highest rook of the side on its back rank when it stands above the side's highest
    /// king that was not promoted (else the h-file corner), `Q` the lowest when below it
    /// (else the a-file corner), a file letter that file's back-rank square.
    fn raw_rights(field: &str, board: &Board, promoted: Bitboard) -> Bitboard {
        let mut raw = Bitboard::EMPTY;
        for c in field.chars() {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let back = color.back_rank();
            let rooks = board.by_piece(Piece::new(color, Role::Rook)) & Bitboard::rank(back);
            let king = (board.by_piece(Piece::new(color, Role::King)) & !promoted).msb();
            match c.to_ascii_lowercase() {
                'k' => match (king, rooks.msb()) {
                    (Some(king), Some(rook)) if king < rook => raw |= rook.bitboard(),
                    // No rook: python-chess's comparison with no square is false.
                    (_, None) | (None, _) | (Some(_), Some(_)) => {
                        raw |= Square::from_coords(File::H, back).bitboard()
                    }
                },
                'q' => match (king, rooks.lsb()) {
                    (Some(king), Some(rook)) if rook < king => raw |= rook.bitboard(),
                    // No rook at all: python-chess adds nothing (the lowest of none).
                    (Some(_), None) => {}
                    _ => raw |= Square::from_coords(File::A, back).bitboard(),
                },
                letter => {
                    if let Some(file) = File::from_char(letter) {
                        raw |= Square::from_coords(file, back).bitboard();
                    }
                }
            }
        }
        raw
    }

    /// python-chess's castling rights of `raw` (rook squares) in `board`, cleaned as it
    /// cleans a position's rights before the first move: a rook of the side on its back
    /// rank; in standard chess on a corner, with a king of the side that was not promoted
    /// on e1 or e8; in Chess960 at most one on each side of the highest such king on the
    /// back rank (the outermost).
    fn clean_rights(
        raw: Bitboard,
        board: &Board,
        promoted: Bitboard,
        mode: CastlingMode,
    ) -> Bitboard {
        let mut rights = Bitboard::EMPTY;
        for color in Color::ALL {
            let back = Bitboard::rank(color.back_rank());
            let mine = raw & back & board.by_piece(Piece::new(color, Role::Rook));
            let kings = board.by_piece(Piece::new(color, Role::King)) & back & !promoted;
            match mode {
                CastlingMode::Standard => {
                    let e = Square::from_coords(File::E, color.back_rank());
                    if kings.contains(e) {
                        rights |= mine & Bitboard::CORNERS;
                    }
                }
                CastlingMode::Chess960 => {
                    let (Some(king), Some(low), Some(high)) = (kings.msb(), mine.lsb(), mine.msb())
                    else {
                        continue;
                    };
                    if low < king {
                        rights |= low.bitboard();
                    }
                    if high > king {
                        rights |= high.bitboard();
                    }
                }
            }
        }
        rights
    }

    /// Whether the castling rights are ones only Chess960 has (python-chess's
    /// `has_chess960_castling_rights`): a rook off the corners, or a king of the side off
    /// e1 or e8. python-chess's FEN then marks promoted pieces (`Q~`).
    pub fn has_chess960_castling_rights(&self) -> bool {
        let rights = self.node.castling;
        let kings = self.node.board.by_role(Role::King);
        let white = self.node.board.by_color(Color::White);
        let black = self.node.board.by_color(Color::Black);
        (rights & !Bitboard::CORNERS).any()
            || (rights & Bitboard::rank(Rank::First)).any() && !(kings & white).contains(Square::E1)
            || (rights & Bitboard::rank(Rank::Eighth)).any()
                && !(kings & black).contains(Square::E8)
    }

    /// The castling field as python-chess writes it (X-FEN): `K` or `Q` for the outermost
    /// rook on its side, the rook's file otherwise, white's first, each side's from the h-file
    /// down; a side without a king that was not promoted writes none.
    fn castling_field(&self) -> String {
        let mut out = String::new();
        let board = &self.node.board;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)) & !self.promoted;
            let Some(king) = kings.msb() else {
                continue;
            };
            let back = Bitboard::rank(color.back_rank());
            let rooks = board.by_piece(Piece::new(color, Role::Rook)) & back;
            for rook in (self.node.castling & back).iter().rev() {
                let a_side = rook.file() < king.file();
                let outer = (rooks & !rook.bitboard())
                    .iter()
                    .any(|other| (other.file() < rook.file()) == a_side);
                let letter = match (outer, a_side) {
                    (true, _) => rook.file().char(),
                    (false, true) => 'q',
                    (false, false) => 'k',
                };
                out.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The start position of `rules`: antichess's without castling rights, giveaway's and
    /// suicide's with `KQkq`.
    pub fn start(rules: AntichessRules) -> Antichess {
        let castling = match rules {
            AntichessRules::Antichess => Bitboard::EMPTY,
            AntichessRules::Giveaway | AntichessRules::Suicide => Bitboard::CORNERS,
        };
        Antichess {
            node: DenseNode {
                board: Board::start(),
                castling,
                ep_square: None,
            },
            promoted: Bitboard::EMPTY,
            turn: Color::White,
            halfmoves: 0,
            fullmoves: 1,
            rules,
            mode: CastlingMode::Standard,
        }
    }

    /// Reads a position of `rules` from FEN: any placement without pawns on the first or
    /// last rank, promoted pieces marked `~` (as python-chess writes them), castling
    /// rights as python-chess cleans them in `mode` (standard chess or Chess960; `None`:
    /// Chess960 when the FEN's rights need it). An en passant square that no double push
    /// can have left is dropped.
    ///
    /// # Errors
    /// [`VariantError`] when the text is not FEN, has check counts or a pocket, or has
    /// pawns on a back rank.
    pub fn from_fen_as(
        text: &str,
        rules: AntichessRules,
        mode: Option<CastlingMode>,
    ) -> Result<Antichess, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::Antichess).or_else(|e| {
            // Promoted pieces are python-chess's `~` marks; check counts and pockets are
            // not fields of the variant.
            if read.remaining_checks.is_none() && read.pockets.is_none() {
                Ok(())
            } else {
                Err(e)
            }
        })?;
        let mut setup = read.setup;
        if (setup.board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
            return Err(VariantError::Rule {
                variant: Variant::Antichess,
                problem: "pawns on the first or last rank",
            });
        }
        setup.drop_invalid_ep_square();
        let mode = mode.unwrap_or(read.mode);
        // The FEN reader has checked the field; `K` and `Q` are resolved again as
        // python-chess resolves them, from the highest king that was not promoted (the
        // reader's from the only king, where there may be several here).
        let raw = match text.split_ascii_whitespace().nth(2) {
            Some(field) => Antichess::raw_rights(field, &setup.board, read.promoted),
            None => setup.castling_rooks,
        };
        let castling = Antichess::clean_rights(raw, &setup.board, read.promoted, mode);
        Ok(Antichess {
            node: DenseNode {
                board: setup.board,
                castling,
                ep_square: setup.ep_square,
            },
            promoted: if castling.any() {
                read.promoted
            } else {
                Bitboard::EMPTY
            },
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            rules,
            mode,
        })
    }

    /// [`VariantPosition::to_fen`] with every promoted piece the position keeps marked `~`
    /// (python-chess's FEN marks them only where the rights are Chess960's): a FEN that
    /// reads back as this very position, promoted kings included.
    pub fn to_fen_marked(&self) -> String {
        let fen = self.to_fen();
        if self.promoted.any() && !self.has_chess960_castling_rights() {
            fen::write_placement_extras(&fen, self.promoted, None)
        } else {
            fen
        }
    }

    /// The rules the position plays.
    pub const fn rules(&self) -> AntichessRules {
        self.rules
    }

    /// The castling rights: the squares of the rooks that may castle.
    pub const fn castling_rights(&self) -> Bitboard {
        self.node.castling
    }

    /// The promoted pieces, as far as they matter: while castling rights remain (empty
    /// otherwise).
    pub const fn promoted(&self) -> Bitboard {
        self.promoted
    }

    /// The castling rights and promoted pieces after `us` moves its `role` from `from` to
    /// `to` (a move of `kind`), as python-chess's make-move leaves them: the rights of the
    /// squares left and reached go; all of `us`'s go with a move of a king that was not
    /// promoted; otherwise the capture of the other side's king (not a promoted one) on
    /// its back rank takes that side's. A promoted piece stays promoted where it lands, a
    /// promotion makes one, castling lands king and rook unpromoted; without rights left
    /// the promoted pieces are forgotten.
    fn rights_after(
        &self,
        us: Color,
        role: Role,
        kind: MoveKind,
        from: Square,
        to: Square,
    ) -> (Bitboard, Bitboard) {
        let board = &self.node.board;
        let touched = from.bitboard() | to.bitboard();
        let mut rights = self.node.castling & !touched;
        let moved_promoted = self.promoted.contains(from);
        let their_back = Bitboard::rank((!us).back_rank());
        if role == Role::King && !moved_promoted {
            rights &= !Bitboard::rank(us.back_rank());
        } else if board.by_piece(Piece::new(!us, Role::King)).contains(to)
            && !self.promoted.contains(to)
            && their_back.contains(to)
        {
            rights &= !their_back;
        }
        if rights.is_empty() {
            return (rights, Bitboard::EMPTY);
        }
        let mut promoted = self.promoted & !touched;
        match kind {
            MoveKind::Castle => {}
            MoveKind::Promotion(_) => promoted |= to.bitboard(),
            MoveKind::EnPassant => {
                let victim = Square::from_coords(to.file(), from.rank());
                promoted &= !victim.bitboard();
            }
            _ if moved_promoted => promoted |= to.bitboard(),
            _ => {}
        }
        (rights, promoted)
    }

    /// The move's kind and squares (a king promotion as a promotion to king); `None` for a
    /// drop, which antichess does not have.
    #[inline(always)]
    fn decode(m: VariantMove) -> Option<(MoveKind, Square, Square)> {
        match m.kind() {
            VariantMoveKind::Chess(m) => Some((m.kind(), m.from(), m.to())),
            VariantMoveKind::KingPromotion { from, to } => {
                Some((MoveKind::Promotion(Role::King), from, to))
            }
            VariantMoveKind::Drop { .. } => None,
        }
    }

    /// Makes `m` on the placement, with the counters, the turn, and the node's own
    /// castling update (the chess one, right for no rights at all).
    #[inline(always)]
    fn play_placement(&mut self, m: VariantMove) {
        let us = self.turn;
        let board = &self.node.board;
        let Some((kind, from, to)) = Antichess::decode(m) else {
            return;
        };
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = board.by_color(!us).contains(to) || kind == MoveKind::EnPassant;
        match kind {
            MoveKind::EnPassant => self.node.make_en_passant(us, from, to),
            MoveKind::Promotion(promoted) => self.node.make_promotion(us, from, to, promoted),
            MoveKind::Castle => self.node.make_castling(us, from, to),
            _ if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 => {
                self.node.make_double_push(us, from, to)
            }
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

    /// Makes `m` in a position with castling rights: the rights and promoted pieces as
    /// python-chess's make-move leaves them, worked out before the move, replace the
    /// node's (which takes the rights as chess does: any king move takes them).
    #[inline(never)]
    fn play_with_rights(&mut self, m: VariantMove) {
        let Some((kind, from, to)) = Antichess::decode(m) else {
            return;
        };
        let role = self.node.board.role_at(from).unwrap_or(Role::Pawn);
        let (rights, promoted) = self.rights_after(self.turn, role, kind, from, to);
        self.play_placement(m);
        self.node.castling = rights;
        self.promoted = promoted;
    }

    /// Whether the side to move has pieces and no legal move: python-chess's stalemate,
    /// which giveaway and antichess score as a win and suicide by the pieces left.
    fn stalemated(&self) -> bool {
        !self.is_variant_end() && self.count_legal_moves() == 0
    }

    /// [`Antichess::generate`] for the side to move: whether castling moves are to be
    /// added (no capture, and castling rights).
    #[inline(always)]
    fn generate_for_turn<K: Sink>(&self, sink: &mut K) -> bool {
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
            castling_rooks: self.node.castling,
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
        Antichess::start(AntichessRules::Antichess)
    }

    /// Reads an antichess FEN (lichess's rules, [`Antichess::from_fen_as`]): any placement
    /// without pawns on the first or last rank; castling rights, which lichess's antichess
    /// does not have, are kept as python-chess keeps them, and castle.
    fn from_fen(text: &str) -> Result<Antichess, VariantError> {
        Antichess::from_fen_as(text, AntichessRules::Antichess, None)
    }

    fn key_fields(&self) -> super::hash::KeyFields {
        super::hash::KeyFields::chess(self.to_setup())
    }

    /// The FEN as python-chess writes it: castling rights in X-FEN, and promoted pieces
    /// marked `~` when the rights are Chess960's.
    fn to_fen(&self) -> String {
        let mut setup = self.to_setup();
        if setup.castling_rooks.is_empty() {
            return setup.to_fen(CastlingMode::Standard);
        }
        setup.castling_rooks = Bitboard::EMPTY;
        let fen = setup.to_fen(CastlingMode::Standard);
        let mut fields: alloc::vec::Vec<String> = fen.split(' ').map(String::from).collect();
        fields[2] = self.castling_field();
        let fen = fields.join(" ");
        if self.has_chess960_castling_rights() && self.promoted.any() {
            fen::write_placement_extras(&fen, self.promoted, None)
        } else {
            fen
        }
    }

    fn board(&self) -> &Board {
        &self.node.board
    }

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self) -> VariantMoveList {
        let mut list = VariantMoveList::new();
        if !self.is_variant_end() && self.generate_for_turn(&mut List::<true>(&mut list)) {
            let (castles, n) = self.castles();
            for &m in &castles[..n] {
                list.push(VariantMove::from_move(m));
            }
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
        } else if self.node.castling.any() {
            count.quiets + self.castles().1 as u64
        } else {
            count.quiets
        }
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        // Castling rights and promoted pieces change only while there are rights: lichess's
        // antichess positions pay one test, and their make-move is the one below.
        if self.node.castling.any() {
            self.play_with_rights(m);
        } else {
            self.play_placement(m);
        }
    }

    fn is_check(&self) -> bool {
        false
    }

    #[inline(always)]
    fn is_variant_end(&self) -> bool {
        let board = &self.node.board;
        board.by_color(Color::White).is_empty() || board.by_color(Color::Black).is_empty()
    }

    /// The side to move wins when it has no pieces or no legal move; in suicide a side
    /// with pieces and no move wins with fewer pieces than the other side, loses with
    /// more, draws with as many. Antichess also gives the win to a side to move whose
    /// opponent has no pieces, which giveaway and suicide (python-chess) do not.
    fn variant_outcome(&self) -> Option<VariantOutcome> {
        let board = &self.node.board;
        let ours = board.by_color(self.turn);
        let win = Some(VariantOutcome {
            termination: VariantTermination::VariantWin,
            winner: Some(self.turn),
        });
        if ours.is_empty() {
            return win;
        }
        match self.rules {
            AntichessRules::Antichess if self.count_legal_moves() == 0 => win,
            AntichessRules::Giveaway if self.stalemated() => win,
            AntichessRules::Suicide if self.stalemated() => {
                let theirs = board.by_color(!self.turn).count();
                Some(match ours.count().cmp(&theirs) {
                    core::cmp::Ordering::Less => VariantOutcome {
                        termination: VariantTermination::VariantWin,
                        winner: Some(self.turn),
                    },
                    core::cmp::Ordering::Greater => VariantOutcome {
                        termination: VariantTermination::VariantLoss,
                        winner: Some(!self.turn),
                    },
                    core::cmp::Ordering::Equal => VariantOutcome {
                        termination: VariantTermination::VariantDraw,
                        winner: None,
                    },
                })
            }
            _ => None,
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
        self.mode
    }

    /// UCI as python-chess writes it: castling king-takes-rook in Chess960, and in
    /// standard chess too unless the king castles from e1 or e8 with a corner rook (then
    /// the king's two-square move, `e1g1`).
    fn to_uci(&self, m: VariantMove) -> String {
        if let VariantMoveKind::Chess(cm) = m.kind() {
            if let Some(side) = cm.castling_side() {
                let back = self.turn.back_rank();
                let e = Square::from_coords(File::E, back);
                let corner = Square::from_coords(
                    if side == CastlingSide::KingSide {
                        File::H
                    } else {
                        File::A
                    },
                    back,
                );
                if self.mode == CastlingMode::Chess960 || cm.from() != e || cm.to() != corner {
                    return m.to_uci(self.turn, CastlingMode::Chess960);
                }
            }
        }
        m.to_uci(self.turn, CastlingMode::Standard)
    }
}
