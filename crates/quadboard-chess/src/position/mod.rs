//! A legal chess position: placement, side to move, castling rights, en passant square and
//! counters, validated on construction, with legal move generation and move making.
//!
//! Its methods are grouped by what they are for: construction, FEN and moves here; whether
//! one given move is pseudo-legal or legal (`legality.rs`), what a move does without
//! making it (`move_facts.rs`: captures, checks, pins), the null move (`null_move.rs`),
//! staged and selective generation (`staged.rs`) and `FromStr`/`Display` (`text.rs`)
//! beside it.

mod legality;
mod move_facts;
mod null_move;
mod permissive;
mod staged;
mod text;

pub use move_facts::CheckSquares;
pub use null_move::NullMoveError;
pub use staged::{GroupMoves, MoveGroup};

use core::fmt;

use crate::board::Board;
use crate::cpu::dispatch;
use crate::fen::FenError;
use crate::movegen::{
    Black, Counter, DenseNode, Generator, Lister, NoisyLister, QuietLister, Visitor, White,
};
use crate::moves::{Move, MoveKind, MoveList};
use crate::setup::Reasons;
use crate::{zobrist, Bitboard, Castles, CastlingMode, Color, Piece, Role, Setup, Square};
use alloc::string::String;

/// A chess position that move generation can handle: exactly one king per side, the side
/// not to move not in check, no pawns on the back ranks, and castling rights and en
/// passant square consistent with the placement.
///
/// Castling rights are the squares of the rooks that may still castle, so Chess960 needs
/// no special case; [`CastlingMode`] only decides how castling is written.
///
/// `Eq` and `Hash` are structural: they compare every field, the halfmove clock, the
/// fullmove number, the castling mode and an en passant square that no pawn can take
/// included. Two positions that are the same by the rules may therefore compare unequal;
/// compare their [`repetition_key`](Position::repetition_key)s for that.
///
/// ```
/// use quadboard_chess::Position;
/// let a = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
/// let b = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 7 20")?;
/// assert_ne!(a, b);
/// assert_eq!(a.repetition_key(), b.repetition_key());
/// # Ok::<(), quadboard_chess::position::FromFenError>(())
/// ```
//
// Aligned to 64 bytes, 128 in all: a copy is two aligned 64-byte moves, each within a cache
// line, and the board is the first. At 104 bytes the copy was two overlapping moves to
// wherever the caller's frame put it, and whether they forwarded to `play_unchecked`'s
// first read (the 64-byte board) depended on that address: 12 or 21 ns per move made,
// run by run (docs/log/2026-11-26-make-move.md).
//
// The key is the last 8 bytes. A caller that reads it right after `play_unchecked` may be
// compiled to load 16 bytes from it (the copy-make benchmark's tally was): with the
// counters after the key, that load spanned three stores of the make and waited for them
// to retire instead of forwarding (docs/log/2026-11-26-make-move-2.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct Position {
    /// Placement, castling rooks and en passant square: what move generation reads.
    pub(crate) node: DenseNode,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) turn: Color,
    pub(crate) mode: CastlingMode,
    /// Always zero: places the key at the end.
    spare: [u8; SPARE],
    pub(crate) key: u64,
}

/// The bytes between the fields and the key (see the layout comment on [`Position`]).
const SPARE: usize = 128 - 8 - core::mem::size_of::<DenseNode>() - 10;

// The layout that the copy's speed hangs on (see the comment on `Position`): a field more
// that took it past 128 bytes would make a copy three moves, the last one overlapping.
const _: () = assert!(
    core::mem::size_of::<Position>() == 128
        && core::mem::align_of::<Position>() == 64
        && core::mem::offset_of!(Position, node) == 0
        && core::mem::offset_of!(Position, key) == 120,
    "Position must stay 128 bytes aligned to 64 (two aligned 64-byte moves per copy), \
     the node first and the key last"
);

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("node", &self.node)
            .field("turn", &self.turn)
            .field("mode", &self.mode)
            .field("halfmoves", &self.halfmoves)
            .field("fullmoves", &self.fullmoves)
            .field("key", &self.key)
            .finish()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    pub const fn new() -> Position {
        Position {
            node: DenseNode {
                board: Board::start(),
                castling: Bitboard::CORNERS,
                ep_square: None,
            },
            turn: Color::White,
            mode: CastlingMode::Standard,
            halfmoves: 0,
            fullmoves: 1,
            spare: [0; SPARE],
            key: 0x463b_9618_1691_fc9c,
        }
    }

    /// Builds a position from a setup without validating it. Move generation on a setup
    /// that violates the invariants listed on [`Position`] gives meaningless (but memory
    /// safe) results.
    fn from_setup_unchecked(setup: &Setup, mode: CastlingMode) -> Position {
        let mut pos = Position {
            node: DenseNode {
                board: setup.board,
                castling: setup.castling_rooks,
                ep_square: setup.ep_square,
            },
            turn: setup.turn,
            mode,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            spare: [0; SPARE],
            key: 0,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// Validates a setup and makes it a position; `mode` decides how castling is written.
    ///
    /// # Errors
    /// [`PositionError`] with every reason the setup is not legal; positions whose only
    /// problems move generation copes with can still be accepted by
    /// [`PositionError::ignore`].
    pub fn from_setup(setup: Setup, mode: CastlingMode) -> Result<Position, PositionError> {
        let reasons = setup.validate();
        if reasons.is_empty() {
            Ok(Position::from_setup_unchecked(&setup, mode))
        } else {
            Err(PositionError {
                setup,
                mode,
                reasons,
            })
        }
    }

    /// Reads a legal position from FEN, in Chess960 mode when the castling rights need it
    /// (see [`Setup::castling_mode`]).
    ///
    /// # Errors
    /// [`FromFenError`]: the text is not FEN, or the position is not legal.
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FromFenError> {
        let setup = Setup::from_fen(fen).map_err(FromFenError::Syntax)?;
        let mode = setup.castling_mode();
        Position::from_setup(setup, mode).map_err(FromFenError::Illegal)
    }

    /// Like [`Position::from_fen`], but accepts positions whose only problems are in
    /// [`Reasons::IGNORABLE`] (impossible checks, too much material; invalid castling rights
    /// and en passant squares are dropped), as perft suites need.
    ///
    /// # Errors
    /// [`FromFenError`]: the text is not FEN, or the position has a problem that cannot be
    /// ignored (missing kings, pawns on the back rank, the side not to move in check).
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FromFenError> {
        let setup = Setup::from_fen(fen).map_err(FromFenError::Syntax)?;
        let mode = setup.castling_mode();
        Position::from_setup(setup, mode)
            .or_else(|e| e.ignore(Reasons::IGNORABLE))
            .map_err(FromFenError::Illegal)
    }

    /// The position as FEN: castling as `KQkq` in standard mode, Shredder-FEN in Chess960.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_fen(self.mode)
    }

    /// The Zobrist key, equal to the Polyglot opening-book key of the position: the key for
    /// opening books. Its en passant part counts whenever a pawn stands beside the pawn
    /// that has just advanced two squares, legal capture or not. For transposition tables
    /// and repetitions use [`Position::repetition_key`]: one branch more (and a legality
    /// test just after such a double push), and equal exactly for positions that are the
    /// same by the rules (see [`crate::game`]).
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// assert_eq!(Position::new().key(), 0x463b_9618_1691_fc9c);
    /// ```
    #[inline(always)]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// The key computed from scratch (what [`Position::key`] keeps up to date move by move).
    pub fn compute_key(&self) -> u64 {
        let mut key = zobrist::board_key(self.board()) ^ self.rights_key();
        if self.turn == Color::White {
            key ^= zobrist::white_to_move();
        }
        key
    }

    /// Switches castling between standard and Chess960 notation.
    pub fn set_castling_mode(&mut self, mode: CastlingMode) {
        self.mode = mode;
    }

    /// The position as a setup (for FEN output and for editing).
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

    /// Piece placement.
    #[inline(always)]
    pub const fn board(&self) -> &Board {
        &self.node.board
    }

    /// The side to move.
    #[inline(always)]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The squares of the rooks that may still castle.
    #[inline(always)]
    pub const fn castling_rooks(&self) -> Bitboard {
        self.node.castling
    }

    /// The castling rights by colour and side.
    pub fn castles(&self) -> Castles {
        Castles::from_rooks(self.board(), self.node.castling)
    }

    /// The en passant square, if the last move was a double pawn push.
    #[inline(always)]
    pub const fn ep_square(&self) -> Option<Square> {
        self.node.ep_square
    }

    /// How castling is written for this position.
    #[inline(always)]
    pub const fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Plies since the last capture or pawn move.
    #[inline(always)]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, incremented after each black move.
    #[inline(always)]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The king of the side to move.
    #[inline(always)]
    pub fn our_king(&self) -> Square {
        // Validation guarantees the king; a1 only stands in for an impossible case.
        self.board().king_of(self.turn).unwrap_or(Square::A1)
    }

    /// The pieces giving check to the side to move.
    ///
    /// ```
    /// use quadboard_chess::{Position, Square};
    /// // The knight has just left c1 for d3: a double check.
    /// let pos = Position::from_fen("4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1")?;
    /// assert_eq!(pos.checkers(), Square::A1.bitboard() | Square::D3);
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        // Validation guarantees the king and that the kings do not touch.
        crate::board::Placement::checkers(&self.node.board, self.turn)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The pieces of `color` that attack `square`, given the occupied squares.
    pub fn attackers(&self, square: Square, color: Color, occupied: Bitboard) -> Bitboard {
        self.board().attackers(square, color, occupied)
    }

    /// Runs the legal generator for the side to move, compiled for the CPU level in use.
    #[inline(always)]
    pub(crate) fn generate<V: Visitor>(&self, target: Bitboard, visitor: &mut V) {
        let node = &self.node;
        // SAFETY: `dispatch!` picks a level the CPU supports.
        dispatch!(C => unsafe {
            match self.turn {
                Color::White => C::generate::<White, V, Board>(node, target, visitor),
                Color::Black => C::generate::<Black, V, Board>(node, target, visitor),
            }
        })
    }

    /// Every legal move, least valuable mover first: pawns (en passant with them),
    /// knights, bishops, rooks, queens (pieces pinned to the king after the others), the
    /// king, castling.
    pub fn legal_moves(&self) -> MoveList {
        self.moves_to(Bitboard::FULL)
    }

    /// The legal moves that land on `target`: castling lands on the king's destination
    /// square and en passant on the capturing pawn's destination.
    #[inline]
    pub fn moves_to(&self, target: Bitboard) -> MoveList {
        MoveList::build(|list| self.generate(target, &mut Lister::<false>(list)))
    }

    /// [`Position::moves_to`] with knight and king targets serialized by perfect hashing
    /// instead of the bit-scan loop: the same moves in the same order. Kept public so that
    /// the two strategies can be compared (`benches/movegen.rs`).
    #[doc(hidden)]
    pub fn moves_to_hashed(&self, target: Bitboard) -> MoveList {
        MoveList::build(|list| self.generate(target, &mut Lister::<true>(list)))
    }

    /// The legal captures, promotions to any piece included, and en passant.
    ///
    /// Generated straight to the squares of the other side's pieces, the en passant square
    /// and the last rank; nothing else is listed and then dropped. Listed least valuable
    /// mover first: pawns (promotions and en passant among them), then knights, bishops,
    /// rooks, queens (pieces pinned to the king after the others) and the king, so that ordering them by MVV-LVA only has to move
    /// captures of better victims forward (the search yardstick's sort costs 16 % fewer
    /// instructions, `docs/log/2026-11-27-search-order.md`).
    pub fn captures(&self) -> MoveList {
        let them = self.board().by_color(!self.turn);
        let ep = self
            .node
            .ep_square
            .map_or(Bitboard::EMPTY, Square::bitboard);
        let promotion_rank = (!self.turn).back_rank().bitboard();
        MoveList::build(|list| {
            self.generate(them | ep | promotion_rank, &mut NoisyLister { list, them })
        })
    }

    /// The legal moves that are not captures or promotions (castling included).
    pub fn quiet_moves(&self) -> MoveList {
        // Not the empty squares: a Chess960 king may castle onto its own square or its
        // rook's. No other move lands on a square of ours.
        let them = self.board().by_color(!self.turn);
        MoveList::build(|list| self.generate(!them, &mut QuietLister(list)))
    }

    /// How many legal moves there are, without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(Bitboard::FULL, &mut counter);
        counter.0
    }

    /// Plays a legal move and returns the new position (copy-make).
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `m` is not legal in this position.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if !self.is_legal(m) {
            return Err(IllegalMoveError {
                uci: MoveText::new(self, m),
            });
        }
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// Plays `m` in place. `m` must be legal (for example from [`Position::legal_moves`]);
    /// an illegal move leaves a meaningless but memory-safe position.
    ///
    /// The placement changes by the same code as in perft; the key changes by the pieces
    /// the move's kind moves, so no square is looked up twice.
    //
    // Normal moves (all but castling, en passant and promotions) take a straight path of
    // their own and the rest one call: with every kind in one match the make kept more
    // values live across the branches than registers hold, and spilled them on every move
    // (docs/log/2026-11-26-make-move-2.md).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        // An illegal move may start on an empty square: a pawn stands in, so that the
        // result stays memory safe.
        let role = self.node.board.role_at(m.from()).unwrap_or(Role::Pawn);
        self.play_unchecked_keyed::<true>(m, role);
    }

    /// [`Position::play_unchecked`] of a move by a piece of `role` (the one on its origin,
    /// which a reader of notation knows already), leaving the key as it was when `KEY` is
    /// false: for the PGN checker, which reads no key (docs/log/2026-11-26-pgn-speed.md).
    /// The key is then stale.
    #[inline(always)]
    pub(crate) fn play_unchecked_keyed<const KEY: bool>(&mut self, m: Move, role: Role) {
        if !matches!(m.kind(), MoveKind::Normal) {
            self.play_special::<KEY>(m, role);
            return;
        }
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let board = &self.node.board;
        let victim = if board.by_color(them).contains(to) {
            board.role_at(to)
        } else {
            None
        };
        let mut key = self.key;
        if KEY {
            let piece = Piece::new(us, role);
            key ^= zobrist::white_to_move()
                ^ zobrist::piece_square(piece, from)
                ^ zobrist::piece_square(piece, to);
            if let Some(victim) = victim {
                key ^= zobrist::piece_square(Piece::new(them, victim), to);
            }
            if self.node.ep_square.is_some() {
                key ^= zobrist::en_passant_key(board, us, self.node.ep_square);
            }
            let lost = self.node.rights_lost(us, role, from, to);
            if lost.any() {
                key ^= lost_rights_key(board, lost);
            }
        }
        if role == Role::Pawn && from.index().abs_diff(to.index()) == 16 {
            self.node.make_double_push(us, from, to);
            if KEY {
                key ^= zobrist::en_passant_key(&self.node.board, them, self.node.ep_square);
            }
        } else {
            self.node.make_move(us, role, from, to);
        }
        self.finish(key, role == Role::Pawn || victim.is_some());
    }

    /// The new key, the side to move and the counters, after a move that was `irreversible`
    /// (a pawn move or a capture) or not.
    #[inline(always)]
    fn finish(&mut self, key: u64, irreversible: bool) {
        self.key = key;
        // Saturating: a FEN may give any counter, and playing on must not overflow.
        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    /// [`Position::play_unchecked_keyed`] for castling, en passant and promotions.
    #[inline(never)]
    fn play_special<const KEY: bool>(&mut self, m: Move, role: Role) {
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from(), m.to());
        let board = &self.node.board;
        let piece = |role| Piece::new(us, role);
        let mut key = self.key;
        if KEY {
            key ^= zobrist::white_to_move() ^ zobrist::piece_square(piece(role), from);
            if self.node.ep_square.is_some() {
                key ^= zobrist::en_passant_key(board, us, self.node.ep_square);
            }
            let lost = self.node.rights_lost(us, role, from, to);
            if lost.any() {
                key ^= lost_rights_key(board, lost);
            }
        }
        let mut irreversible = role == Role::Pawn;
        match m.kind() {
            MoveKind::Castle => {
                let (king_to, rook_to) = crate::board::castle_targets(us, from, to);
                key ^= zobrist::piece_square(piece(Role::King), king_to)
                    ^ zobrist::piece_square(piece(Role::Rook), to)
                    ^ zobrist::piece_square(piece(Role::Rook), rook_to);
            }
            MoveKind::EnPassant => {
                let victim = Square::from_coords(to.file(), from.rank());
                key ^= zobrist::piece_square(Piece::new(them, Role::Pawn), victim)
                    ^ zobrist::piece_square(piece(Role::Pawn), to);
            }
            kind => {
                if board.by_color(them).contains(to) {
                    irreversible = true;
                    if let Some(victim) = board.role_at(to) {
                        key ^= zobrist::piece_square(Piece::new(them, victim), to);
                    }
                }
                let landed = match kind {
                    MoveKind::Promotion(promoted) => promoted,
                    _ => role,
                };
                key ^= zobrist::piece_square(piece(landed), to);
            }
        }
        self.node.play(us, role, m);
        if KEY && self.node.ep_square.is_some() {
            key ^= zobrist::en_passant_key(&self.node.board, them, self.node.ep_square);
        }
        // Without KEY the key took only the special move's own terms above: put it back.
        self.finish(if KEY { key } else { self.key }, irreversible);
    }

    /// The key of the castling rights and the en passant square.
    fn rights_key(&self) -> u64 {
        zobrist::castling_key(self.board(), self.node.castling)
            ^ zobrist::en_passant_key(self.board(), self.turn, self.node.ep_square)
    }

    /// Writes `m` in UCI: `e2e4`, `e7e8q`; castling as `e1g1` in standard chess and as
    /// king-takes-rook (`e1h1`) in Chess960.
    pub fn to_uci(&self, m: Move) -> MoveText {
        MoveText::new(self, m)
    }

    /// Reads a legal move in UCI. Castling may be written as the king's move to its
    /// destination (`e1g1`, standard chess only) or as king-takes-rook (`e1h1`).
    ///
    /// # Errors
    /// [`UciError`] when the text is not UCI or names no legal move.
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let Some((from, to, promotion)) = crate::moves::parse_uci_syntax(text) else {
            return Err(UciError::Syntax(MoveText::raw(text)));
        };
        let legal = self.legal_moves();
        let found = legal.iter().copied().find(|&m| {
            if m.from() != from || m.promotion_role() != promotion {
                return false;
            }
            if m.to() == to {
                return true;
            }
            // Standard notation for castling: the king's own destination.
            self.mode == CastlingMode::Standard
                && m.castling_side().map(|side| side.king_to(self.turn)) == Some(to)
        });
        found.ok_or(UciError::Illegal(MoveText::raw(text)))
    }
}

/// The key of the castling rights in `lost`, rooks on `board` (the board before the move):
/// those on corners from a table, inline; others (Chess960's) by [`other_rights_key`].
#[inline(always)]
fn lost_rights_key(board: &Board, lost: Bitboard) -> u64 {
    let mut key = zobrist::corner_rights_key(lost);
    let elsewhere = lost & !Bitboard::CORNERS;
    if elsewhere.any() {
        key ^= other_rights_key(board, elsewhere);
    }
    key
}

/// The key of the castling rights in `lost`, each by the side of its king on `board` (the
/// board before the move). Out of line: only rooks off the corners (Chess960's) come here,
/// and inlined, its loops made [`Position::play_unchecked`] spill registers on every move.
#[cold]
#[inline(never)]
fn other_rights_key(board: &Board, lost: Bitboard) -> u64 {
    zobrist::castling_key(board, lost)
}

/// A move written in UCI, at most 5 ASCII characters (kept inline, no allocation).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    bytes: [u8; 8],
    len: u8,
}

impl MoveText {
    fn new(pos: &Position, m: Move) -> MoveText {
        let to = match m.castling_side() {
            Some(side) if pos.mode == CastlingMode::Standard => side.king_to(pos.turn),
            _ => m.to(),
        };
        let mut text = MoveText {
            bytes: [0; 8],
            len: 4,
        };
        text.bytes[0] = m.from().file().char() as u8;
        text.bytes[1] = m.from().rank().char() as u8;
        text.bytes[2] = to.file().char() as u8;
        text.bytes[3] = to.rank().char() as u8;
        if let Some(role) = m.promotion_role() {
            text.bytes[4] = role.char() as u8;
            text.len = 5;
        }
        text
    }

    /// Keeps up to 8 bytes of arbitrary text for an error message, cut at a character
    /// boundary.
    fn raw(text: &str) -> MoveText {
        let mut end = text.len().min(8);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut bytes = [0; 8];
        bytes[..end].copy_from_slice(&text.as_bytes()[..end]);
        MoveText {
            bytes,
            len: end as u8,
        }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever stored (see `new` and `raw`).
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    uci: MoveText,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move: {}", self.uci)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for IllegalMoveError {}

/// Why a UCI move could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not of the form `<from><to>[n|b|r|q]`, like `e2e4` or `e7e8q`.
    Syntax(MoveText),
    /// Well-formed but not a legal move in the position.
    Illegal(MoveText),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(t) => write!(
                f,
                "invalid UCI move '{t}': expected <from><to>[n|b|r|q], like e2e4 or e7e8q"
            ),
            UciError::Illegal(t) => write!(f, "illegal move '{t}' in this position"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UciError {}

/// A setup that is not a legal position, with every reason why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    setup: Setup,
    mode: CastlingMode,
    reasons: Reasons,
}

impl PositionError {
    /// The error for `setup` with `reasons` found by a validation other than chess's (a
    /// variant's).
    #[cfg(feature = "variant")]
    pub(crate) const fn new(setup: Setup, mode: CastlingMode, reasons: Reasons) -> PositionError {
        PositionError {
            setup,
            mode,
            reasons,
        }
    }

    /// Why the setup is not legal.
    pub fn reasons(&self) -> Reasons {
        self.reasons
    }

    /// The setup that was refused.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Accepts the position anyway when every reason is in `allowed` and in
    /// [`Reasons::IGNORABLE`]; invalid castling rights and en passant squares are dropped.
    ///
    /// # Errors
    /// `self` again when a reason remains that is not both allowed and ignorable.
    pub fn ignore(self, allowed: Reasons) -> Result<Position, PositionError> {
        let ignorable = allowed.without(Reasons::IGNORABLE.complement());
        if !self.reasons.without(ignorable).is_empty() {
            return Err(self);
        }
        let mut setup = self.setup;
        setup.drop_invalid_castling_rights();
        setup.drop_invalid_ep_square();
        Ok(Position::from_setup_unchecked(&setup, self.mode))
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal position: {}", self.reasons)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PositionError {}

/// Why [`Position::from_fen`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromFenError {
    /// The text is not FEN.
    Syntax(FenError),
    /// The FEN describes a position that is not legal.
    Illegal(PositionError),
}

impl fmt::Display for FromFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FromFenError::Syntax(e) => write!(f, "invalid FEN: {e}"),
            FromFenError::Illegal(e) => write!(f, "invalid FEN: {e}"),
        }
    }
}

/// The source is the [`FenError`] or [`PositionError`] that `Display` already quotes.
#[cfg(feature = "std")]
impl std::error::Error for FromFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FromFenError::Syntax(e) => Some(e),
            FromFenError::Illegal(e) => Some(e),
        }
    }
}
