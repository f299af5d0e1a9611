//! Horde: white's 36 pawns against black's army. White has no king, so nothing of white's
//! is ever in check or pinned; black plays chess.

use alloc::string::String;

use super::kingless::{self, Count, List};
use super::{fen, Variant, VariantError, VariantMove, VariantMoveKind, VariantMoveList};
use super::{VariantOutcome, VariantPosition, VariantTermination};
use crate::cpu::dispatch;
use crate::movegen::{Black, Counter, DenseNode, Generator, Lister, PawnMoves, Visitor, White};
use crate::position::PositionError;
use crate::setup::{impossible_check, Reasons};
use crate::{Bitboard, Board, CastlingMode, Color, MoveKind, MoveList, Piece, Rank, Role};
use crate::{Setup, Square};

/// A horde position: white without a king (at most 36 pieces, pawns also on the first
/// rank), black with one king and chess's material.
///
/// White's pawns on the first rank may step one or two squares; the double step from the
/// first rank leaves no en passant square (only the one from the second does). White, with
/// no king, may make every pseudo-legal move; black's king is royal as in chess, and only
/// black castles. White loses when it has no piece left (python-chess's variant loss, black
/// wins); checkmate and stalemate are chess's. Material is insufficient only for the horde,
/// by python-chess's `HordeBoard.has_insufficient_material` (a table of the few pieces
/// that can or cannot mate a king in a corner against the defender's own pieces); the
/// side with the king can always win, so neither side is ever insufficient at once and
/// [`VariantPosition::is_insufficient_material`] is always false.
///
/// FEN as chess writes it; python-chess's rules for what is legal: no white king, at most
/// 36 white pieces, no white pawn on the eighth rank nor black pawn on either back rank,
/// one black king with no more material than chess allows, no castling rights for white.
///
/// ```
/// use quadboard_chess::variant::{perft, Horde, VariantPosition};
/// let start = Horde::new();
/// assert_eq!(start.legal_moves().len(), 8);
/// assert_eq!(perft(&start, 4), 23_310);
/// // A suite position. The pawn on c1 steps to c3, past b3's black pawn, which may not
/// // take it en passant: the first rank's double step leaves no en passant square.
/// let pos = Horde::from_fen("k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - - 0 1")?;
/// assert_eq!(perft(&pos, 3), 2_205);
/// let after = pos.play(pos.parse_uci("c1c3")?)?;
/// assert_eq!(after.to_fen(), "k7/5p2/4p2P/3p2P1/2p2P2/1pP1P2P/p2P2P1/5P2 b - - 0 1");
/// assert!(after.parse_uci("b3c2").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Horde {
    /// Placement, black's castling rights, en passant square.
    node: DenseNode,
    turn: Color,
    mode: CastlingMode,
    halfmoves: u32,
    fullmoves: u32,
}

impl Horde {
    /// Black's legal moves, by the chess generator: black has its king.
    #[inline(always)]
    fn black_moves<V: Visitor>(&self, visitor: &mut V) {
        let node = &self.node;
        // SAFETY: `dispatch!` picks a level the CPU supports.
        dispatch!(C => unsafe { C::generate::<Black, V, Board>(node, Bitboard::FULL, visitor) })
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

    /// The en passant square, if the last move was a double step from the second rank.
    pub const fn ep_square(&self) -> Option<Square> {
        self.node.ep_square
    }

    /// The squares of black's rooks that may castle.
    pub const fn castling_rooks(&self) -> Bitboard {
        self.node.castling
    }

    /// Black's king (validation and legal play keep it on the board).
    fn black_king(&self) -> Option<Square> {
        self.node.board.king_of(Color::Black)
    }
}

impl Default for Horde {
    fn default() -> Horde {
        <Horde as VariantPosition>::new()
    }
}

/// What the FEN reader demands beyond chess's syntax, as a rule of horde.
fn rule(problem: &'static str) -> Result<Horde, VariantError> {
    Err(VariantError::Rule {
        variant: Variant::Horde,
        problem,
    })
}

impl VariantPosition for Horde {
    const VARIANT: Variant = Variant::Horde;

    fn new() -> Horde {
        match Horde::from_fen(Variant::Horde.start_fen()) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is legal"),
        }
    }

    /// Reads a horde FEN (see [`Horde`] for what is legal). Castling rights and the en
    /// passant square must hold, as in chess; black's king may be in check only when black
    /// is to move, and only by checks one move can give.
    fn from_fen(text: &str) -> Result<Horde, VariantError> {
        let read = fen::read(text)?;
        read.only(false, false, Variant::Horde)?;
        let setup = read.setup;
        let board = &setup.board;
        let white = board.by_color(Color::White);
        let black = board.by_color(Color::Black);
        let pawns = board.by_role(Role::Pawn);
        if (white & board.by_role(Role::King)).any() {
            return rule("white has a king (the horde has none)");
        }
        if (black & board.by_role(Role::King)).more_than_one() {
            return rule("black has more than one king");
        }
        let Some(king) = board.king_of(Color::Black) else {
            return rule("black has no king");
        };
        if white.count() > 36 {
            return rule("more than 36 white pieces");
        }
        if (pawns & white & Rank::Eighth.bitboard()).any() {
            return rule("white pawns on the eighth rank");
        }
        if (pawns & black & Bitboard::BACKRANKS).any() {
            return rule("black pawns on the first or last rank");
        }
        // Chess's validation, less what it says of kings, back-rank pawns and material
        // (decided above and below), and with the checks it gives up on without two kings.
        let mut reasons = setup.validate().without(
            Reasons::MISSING_KING
                | Reasons::TOO_MANY_KINGS
                | Reasons::PAWNS_ON_BACKRANK
                | Reasons::TOO_MUCH_MATERIAL,
        );
        if setup.too_much_material_of(Color::Black) {
            reasons |= Reasons::TOO_MUCH_MATERIAL;
        }
        let checkers = board.attackers(king, Color::White, board.occupied());
        match setup.turn {
            Color::White if checkers.any() => reasons |= Reasons::OPPOSITE_CHECK,
            Color::Black
                if !reasons.contains(Reasons::INVALID_EP_SQUARE)
                    && impossible_check(king, checkers, setup.ep_square, Color::Black, board) =>
            {
                reasons |= Reasons::IMPOSSIBLE_CHECK
            }
            _ => {}
        }
        if !reasons.is_empty() {
            return Err(VariantError::Illegal(PositionError::new(
                setup, read.mode, reasons,
            )));
        }
        Ok(Horde {
            node: DenseNode {
                board: setup.board,
                castling: setup.castling_rooks,
                ep_square: setup.ep_square,
            },
            turn: setup.turn,
            mode: read.mode,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
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
        let mut list = VariantMoveList::new();
        match self.turn {
            Color::White => kingless::generate::<White, _>(
                &self.node,
                true,
                true,
                &mut List::<false>(&mut list),
            ),
            // Once white has lost everything black has won: nothing more to play.
            Color::Black if !self.is_variant_end() => {
                let mut chess = MoveList::new();
                self.black_moves(&mut Lister::<false>(&mut chess));
                list.extend_chess(&chess);
            }
            Color::Black => {}
        }
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        match self.turn {
            // Without white pieces the generator finds nothing: no test for the game's end.
            Color::White => {
                let mut count = Count::<false>(0);
                kingless::generate::<White, _>(&self.node, true, true, &mut count);
                count.0
            }
            Color::Black if self.is_variant_end() => 0,
            Color::Black => {
                let mut counter = Counter(0);
                self.black_moves(&mut counter);
                counter.0
            }
        }
    }

    #[inline]
    fn play_unchecked(&mut self, m: VariantMove) {
        // Horde has no drops and no promotion to king.
        let VariantMoveKind::Chess(m) = m.kind() else {
            return;
        };
        let us = self.turn;
        let (from, to) = (m.from(), m.to());
        let board = &self.node.board;
        // An illegal move may start on an empty square: a pawn stands in (memory safe).
        let role = board.role_at(from).unwrap_or(Role::Pawn);
        let capture = board.by_color(!us).contains(to) || m.kind() == MoveKind::EnPassant;
        match m.kind() {
            MoveKind::Normal if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 => {
                if us.back_rank().bitboard().contains(from) {
                    // The first rank's double step: no en passant square.
                    self.node.make_move(us, Role::Pawn, from, to);
                } else {
                    self.node.make_double_push(us, from, to);
                }
            }
            MoveKind::Normal => self.node.make_move(us, role, from, to),
            _ => self.node.play(us, role, m),
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

    /// Black's king attacked, black to move; white, without a king, is never in check.
    fn is_check(&self) -> bool {
        if self.turn == Color::White {
            return false;
        }
        let board = &self.node.board;
        self.black_king()
            .is_some_and(|king| board.attackers(king, Color::White, board.occupied()).any())
    }

    #[inline(always)]
    fn is_variant_end(&self) -> bool {
        let board = &self.node.board;
        board.by_color(Color::White).is_empty() || board.by_color(Color::Black).is_empty()
    }

    /// The side to move loses when it has no pieces (white, captured to the last piece),
    /// and wins when the other side has none; an empty board, which no game reaches, is
    /// a draw.
    fn variant_outcome(&self) -> Option<VariantOutcome> {
        let board = &self.node.board;
        let (termination, winner) = if board.occupied().is_empty() {
            (VariantTermination::VariantDraw, None)
        } else if board.by_color(self.turn).is_empty() {
            (VariantTermination::VariantLoss, Some(!self.turn))
        } else if board.by_color(!self.turn).is_empty() {
            (VariantTermination::VariantWin, Some(self.turn))
        } else {
            return None;
        };
        Some(VariantOutcome {
            termination,
            winner,
        })
    }

    /// The side with the king can always win (by taking the whole horde); the horde's
    /// chances are python-chess's table (`horde_cannot_mate` below).
    fn has_insufficient_material(&self, color: Color) -> bool {
        let board = &self.node.board;
        if (board.by_color(color) & board.by_role(Role::King)).any() {
            return false;
        }
        horde_cannot_mate(Material::of(board, color), Material::of(board, !color))
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

    /// Black to move two plies from the leaves: each of black's moves is made on the
    /// placement alone and white's replies counted, with no list and no position built.
    #[inline]
    fn perft_bulk(&self, depth: u32) -> Option<u64> {
        if depth != 2 || self.turn == Color::White || self.is_variant_end() {
            return None;
        }
        let mut replies = WhiteReplies {
            node: &self.node,
            total: 0,
        };
        self.black_moves(&mut replies);
        Some(replies.total)
    }
}

/// Counts white's moves after each black move it is handed: perft's last two plies.
///
/// White's moves depend on where the pieces stand and on the en passant square alone, so
/// each black move is made on a copy of the node by its `make` method (no role lookup, no
/// counters); the four promotions of a pawn leave white the same replies.
struct WhiteReplies<'a> {
    node: &'a DenseNode,
    total: u64,
}

impl WhiteReplies<'_> {
    /// White's moves in `node`.
    #[inline(always)]
    fn count(node: &DenseNode) -> u64 {
        let mut count = Count::<false>(0);
        kingless::generate::<White, _>(node, true, true, &mut count);
        count.0
    }
}

impl Visitor for WhiteReplies<'_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            let mut child = *self.node;
            child.make_move(Color::Black, role, from, to);
            self.total += Self::count(&child);
        }
    }

    #[inline(always)]
    fn pawns(&mut self, kind: PawnMoves, targets: Bitboard, offset: i8) {
        for to in targets {
            // SAFETY: every target is a pawn's square shifted by `offset`, so the origin
            // `to - offset` is a square.
            let from = unsafe { Square::new_unchecked((to as i8 - offset) as u8) };
            let mut child = *self.node;
            match kind {
                PawnMoves::DoublePush => child.make_double_push(Color::Black, from, to),
                PawnMoves::Promotion => child.make_promotion(Color::Black, from, to, Role::Queen),
                PawnMoves::Push | PawnMoves::Capture => {
                    child.make_move(Color::Black, Role::Pawn, from, to)
                }
            }
            let replies = Self::count(&child);
            self.total += if kind == PawnMoves::Promotion {
                4 * replies
            } else {
                replies
            };
        }
    }

    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        let mut child = *self.node;
        child.make_en_passant(Color::Black, from, to);
        self.total += Self::count(&child);
    }

    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        let mut child = *self.node;
        child.make_castling(Color::Black, king, rook);
        self.total += Self::count(&child);
    }
}

/// A side's pieces by kind, its bishops by the colour of their squares.
#[derive(Clone, Copy, Debug)]
struct Material {
    pawns: u32,
    knights: u32,
    light_bishops: u32,
    dark_bishops: u32,
    rooks: u32,
    queens: u32,
    /// Every piece, the king included.
    all: u32,
}

impl Material {
    fn of(board: &Board, color: Color) -> Material {
        let count = |role| board.by_piece(Piece::new(color, role)).count();
        let bishops = board.by_piece(Piece::new(color, Role::Bishop));
        Material {
            pawns: count(Role::Pawn),
            knights: count(Role::Knight),
            light_bishops: (bishops & Bitboard::LIGHT_SQUARES).count(),
            dark_bishops: (bishops & Bitboard::DARK_SQUARES).count(),
            rooks: count(Role::Rook),
            queens: count(Role::Queen),
            all: board.by_color(color).count(),
        }
    }

    fn bishops(&self) -> u32 {
        self.light_bishops + self.dark_bishops
    }

    /// The bishops on light squares (`light`) or on dark ones.
    fn bishops_on(&self, light: bool) -> u32 {
        if light {
            self.light_bishops
        } else {
            self.dark_bishops
        }
    }

    fn bishop_pair(&self) -> bool {
        self.light_bishops > 0 && self.dark_bishops > 0
    }
}

/// Whether the kingless `horde` can never checkmate a king defended by `defence`,
/// python-chess's `HordeBoard.has_insufficient_material`: mates in a corner where the
/// defender's own pieces take the king's flight squares, listed by what the horde has left.
/// The defender's pieces count only as obstacles, so this is a matter of counts.
fn horde_cannot_mate(horde: Material, defence: Material) -> bool {
    let h = horde;
    let d = defence;
    // Beyond two bishops on a colour, more cover no square more around one king.
    let force =
        h.pawns + h.knights + h.rooks + h.queens + h.light_bishops.min(2) + h.dark_bishops.min(2);
    if force == 0 {
        return true;
    }
    if force >= 4 {
        return false;
    }
    // The colour of the horde's bishops where they are all on one (light if any is), and
    // the defender's bishops on it and on the other.
    let light = h.light_bishops > 0;
    let d_same = d.bishops_on(light);
    let d_other = d.bishops_on(!light);
    // A pawn (it promotes) or a queen with anything else mates.
    if (h.pawns > 0 || h.queens > 0) && force >= 2 {
        return false;
    }
    // A rook with anything mates, unless it is a rook and a bishop against a king whose
    // only other pieces stand on the bishop's colour (those cannot block its flight).
    if h.rooks > 0 && force >= 2 {
        let rook_and_bishop_alone =
            force == 2 && h.rooks == 1 && h.bishops() == 1 && d.all - d_same == 1;
        if !rook_and_bishop_alone {
            return false;
        }
    }
    match force {
        1 => lone_piece_cannot_mate(h, d, d_other),
        2 => two_pieces_cannot_mate(h, d, d_same, d_other),
        // Two knights and a bishop, three knights, or the bishop pair with a third piece
        // mate in a corner; two bishops of one colour and a knight need a defender's piece
        // to move while the net closes.
        _ => {
            let mates = h.knights == 2 && h.bishops() == 1 || h.knights == 3 || h.bishop_pair();
            !mates && d.all == 1
        }
    }
}

/// [`horde_cannot_mate`] for a horde of one piece (`d_other`: the defender's bishops on the
/// colour the horde's bishop, if any, is not on).
fn lone_piece_cannot_mate(h: Material, d: Material, d_other: u32) -> bool {
    if d.all == 1 {
        // One piece never mates a bare king.
        return true;
    }
    if h.queens == 1 {
        // A king in the corner mated by a queen needs a pawn or a rook of its own beside
        // it, or two bishops of one colour.
        return !(d.pawns > 0 || d.rooks > 0 || d.light_bishops >= 2 || d.dark_bishops >= 2);
    }
    if h.pawns == 1 {
        // The pawn can mate if it can as the queen or the knight it may become.
        let queen = Material {
            pawns: 0,
            queens: 1,
            ..h
        };
        let knight = Material {
            pawns: 0,
            knights: 1,
            ..h
        };
        return horde_cannot_mate(queen, d) && horde_cannot_mate(knight, d);
    }
    if h.rooks == 1 {
        // A king on a8 mated by a rook needs a7 and b7 taken: two pawns, or a pawn or a
        // rook there and a knight or pawn beside.
        let blocks = d.pawns >= 2
            || d.rooks > 0 && d.pawns > 0
            || d.rooks > 0 && d.knights > 0
            || d.pawns > 0 && d.knights > 0;
        return !blocks;
    }
    if h.bishops() == 1 {
        // A bishop mates only a king hemmed in by two pieces that stand on squares of the
        // other colour: pawns (which may also promote to such bishops) or bishops.
        return d_other + d.pawns < 2;
    }
    // A knight: a smothered king, which needs three pieces of the defender's around it
    // (and pieces that can go where the knight's colour demands).
    let pairs = d.knights >= 2
        || d.pawns >= 2
        || d.rooks > 0 && d.knights > 0
        || d.rooks > 0 && d.bishops() > 0
        || d.knights > 0 && d.bishops() > 0
        || d.rooks > 0 && d.pawns > 0
        || d.knights > 0 && d.pawns > 0
        || d.bishops() > 0 && d.pawns > 0
        || d.bishop_pair() && d.pawns > 0;
    let dark_ok = d.dark_bishops < 2 || d.all - d.dark_bishops >= 3;
    let light_ok = d.light_bishops < 2 || d.all - d.light_bishops >= 3;
    !(d.all >= 4 && pairs && dark_ok && light_ok)
}

/// [`horde_cannot_mate`] for two minor pieces (or a rook and a bishop that fall under the
/// bishops' rule), `d_same` and `d_other` the defender's bishops on the colour of the
/// horde's bishops and on the other.
fn two_pieces_cannot_mate(h: Material, d: Material, d_same: u32, d_other: u32) -> bool {
    if d.all == 1 {
        // Two minor pieces never mate a bare king.
        return true;
    }
    if h.knights == 2 {
        // Two knights mate a king in the corner whose neighbour is a minor piece or pawn
        // of its own; against rooks and queens alone they cannot.
        return d.pawns + d.bishops() + d.knights == 0;
    }
    if h.bishop_pair() {
        // The pair mates a king boxed in by a pawn or bishop, or (Boden's mate) by a
        // knight and a rook or queen.
        return !(d.pawns > 0 || d.bishops() > 0 || d.knights > 0 && d.rooks + d.queens > 0);
    }
    if h.bishops() > 0 && h.knights > 0 {
        // Bishop and knight mate in the corner beside a pawn or a bishop of the other
        // colour, or with any two pieces that are not bishops of the bishop's colour.
        return !(d.pawns > 0 || d_other > 0 || d.all - d_same >= 3);
    }
    // Bishops of one colour: the defender must fill the squares of the other colour round
    // its king, with two pieces that can stand there: pawns, knights, bishops of that
    // colour, two of one kind or of two.
    d.pawns + d.knights + d_other < 2
}
