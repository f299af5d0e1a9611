//! `quadboard.Board`: a position with its move stack, under python-chess's names.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyIterator, PyList};
use quadboard_chess::position::FromFenError;
use quadboard_chess::san::SanError;
use quadboard_chess::{
    Bitboard, CastlingMode, Color, File, Move as QMove, MoveKind, Position, Rank, Role, Square,
};

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::{square_arg, Move, Piece};

/// The standard start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position and the moves that led to it from where the board was set up.
#[pyclass(module = "quadboard")]
#[derive(Clone)]
pub struct Board {
    /// The position now.
    pub(crate) pos: Position,
    /// Each move made with the position before it, oldest first (`pop` restores it).
    pub(crate) stack: Vec<(Position, QMove)>,
    /// Whether castling is written king-takes-rook (Chess960) rather than as the king's
    /// two-square move.
    pub(crate) chess960: bool,
}

/// Reads a FEN as a legal position; the error names what is wrong.
pub fn parse_fen(fen: &str, chess960: bool) -> Result<Position, String> {
    let mut pos = Position::from_fen(fen.trim()).map_err(|e| match e {
        FromFenError::Syntax(e) => format!("invalid fen: {e}"),
        FromFenError::Illegal(e) => format!("{e}: {fen:?}"),
    })?;
    pos.set_castling_mode(if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    });
    Ok(pos)
}

/// The squares a rook may have castling rights from, for a king on `king`: the corner
/// rooks that standard notation (e1g1) refers to.
fn standard_rook(king: Square, to: Square) -> Option<Square> {
    let e_file =
        king.file() == File::E && (king.rank() == Rank::First || king.rank() == Rank::Eighth);
    if !e_file || to.rank() != king.rank() {
        return None;
    }
    match to.file() {
        File::G => Some(Square::from_coords(File::H, king.rank())),
        File::C => Some(Square::from_coords(File::A, king.rank())),
        _ => None,
    }
}

/// Whether a move is zeroing (a pawn move or a capture), as the fifty-move rule counts.
fn is_zeroing(pos: &Position, m: QMove) -> bool {
    m.kind() != MoveKind::Castle
        && (pos.board().by_role(Role::Pawn).contains(m.from())
            || pos.board().by_color(!pos.turn()).contains(m.to()))
}

/// Whether `color` alone could not mate by any series of legal moves (python-chess's
/// definition): no pawns, rooks or queens; a lone knight against nothing but a king and
/// queens; bishops all on one square colour with no pawns or knights on the board.
fn has_insufficient_material(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(color);
    let heavy = board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
    if (ours & heavy).any() {
        return false;
    }
    if (ours & board.by_role(Role::Knight)).any() {
        let others =
            board.by_color(!color) & !board.by_role(Role::King) & !board.by_role(Role::Queen);
        return ours.count() <= 2 && others.is_empty();
    }
    let bishops = board.by_role(Role::Bishop);
    if (ours & bishops).any() {
        let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
            || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
        return one_colour && (board.by_role(Role::Pawn) | board.by_role(Role::Knight)).is_empty();
    }
    true
}

/// python-chess's `Termination` and `Outcome`, from the package's `_outcome` module.
static OUTCOME_TYPES: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();

/// An `Outcome(Termination.<name>, winner)`.
fn make_outcome(py: Python<'_>, termination: &str, winner: Option<bool>) -> PyResult<Py<PyAny>> {
    let (termination_type, outcome_type) = OUTCOME_TYPES.get_or_try_init(py, || {
        let module = py.import("quadboard._outcome")?;
        Ok::<_, PyErr>((
            module.getattr("Termination")?.unbind(),
            module.getattr("Outcome")?.unbind(),
        ))
    })?;
    let termination = termination_type.bind(py).getattr(termination)?;
    Ok(outcome_type.bind(py).call1((termination, winner))?.unbind())
}

impl Board {
    /// A board on a position, with an empty stack.
    pub fn from_position(pos: Position, chess960: bool) -> Board {
        Board {
            pos,
            stack: Vec::new(),
            chess960,
        }
    }

    /// The python-chess form of a legal move of the position `pos`.
    pub fn to_py(&self, pos: &Position, m: QMove) -> Move {
        if m == QMove::NULL {
            return Move::NULL;
        }
        let (from, mut to) = (m.from(), m.to());
        if m.kind() == MoveKind::Castle && !self.chess960 {
            let side = quadboard_chess::CastlingSide::of(from, to);
            if standard_rook(from, side.king_to(pos.turn())) == Some(to) {
                to = side.king_to(pos.turn());
            }
        }
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            promotion: m.promotion_role().map_or(0, |r| r as u8),
        }
    }

    /// The library move for a python-chess move in the current position, if it is legal.
    /// `king_steps`: also read castling as the king's two-square move in Chess960 (what
    /// python-chess's `push` and `parse_uci` accept; its `legal_moves` does not).
    fn to_legal(&self, m: Move, king_steps: bool) -> Option<QMove> {
        let pos = &self.pos;
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        let board = pos.board();
        let us = pos.turn();
        let ours = board.by_color(us);
        if !ours.contains(from) {
            return None;
        }
        let role = board.role_at(from)?;
        let candidate = if m.promotion != 0 {
            QMove::promotion(from, to, Role::from_index(usize::from(m.promotion - 1))?)
        } else if role == Role::King && pos.castling_rooks().contains(to) && ours.contains(to) {
            QMove::castle(from, to)
        } else if role == Role::King
            && (king_steps || !self.chess960)
            && !ours.contains(to)
            && standard_rook(from, to).is_some_and(|rook| pos.castling_rooks().contains(rook))
            && from.file() == File::E
            && (to.file() == File::G || to.file() == File::C)
        {
            QMove::castle(from, standard_rook(from, to)?)
        } else if role == Role::Pawn && pos.ep_square() == Some(to) && from.file() != to.file() {
            QMove::en_passant(from, to)
        } else {
            QMove::normal(from, to)
        };
        pos.is_legal(candidate).then_some(candidate)
    }

    /// [`Board::to_legal`] or `IllegalMoveError`.
    fn legal(&self, m: Move) -> PyResult<QMove> {
        self.to_legal(m, true).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal move: {} in {}",
                m.to_uci(),
                self.fen_text()
            ))
        })
    }

    /// Plays a library move (legal, or the null move when not in check).
    fn play(&mut self, m: QMove) -> PyResult<()> {
        let before = self.pos;
        if m == QMove::NULL {
            self.pos = self.pos.null_move().map_err(|_| {
                IllegalMoveError::new_err("a null move is not allowed while in check")
            })?;
        } else {
            self.pos.play_unchecked(m);
        }
        self.stack.push((before, m));
        Ok(())
    }

    /// The FEN python-chess writes: an en passant square only when a legal capture exists,
    /// castling in X-FEN (`KQkq`, a file letter for a rook that is not the outermost).
    pub fn fen_text(&self) -> String {
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.pos.legal_ep_square();
        setup.to_fen(CastlingMode::Standard)
    }

    /// How often the current position has occurred: now and at every earlier point of the
    /// stack after the last pawn move or capture.
    fn repetitions(&self) -> usize {
        let key = self.pos.repetition_key();
        let back = (self.pos.halfmoves() as usize).min(self.stack.len());
        1 + self.stack[self.stack.len() - back..]
            .iter()
            .filter(|(p, _)| p.repetition_key() == key)
            .count()
    }

    fn has_legal_moves(&self) -> bool {
        self.pos.has_legal_moves()
    }

    fn halfmoves_reached(&self, n: u32) -> bool {
        self.pos.halfmoves() >= n && self.has_legal_moves()
    }

    fn claim_fifty(&self) -> bool {
        if self.halfmoves_reached(100) {
            return true;
        }
        if self.pos.halfmoves() >= 99 {
            for &m in self.pos.legal_moves().iter() {
                if !is_zeroing(&self.pos, m) {
                    let mut child = self.pos;
                    child.play_unchecked(m);
                    if child.has_legal_moves() {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn claim_threefold(&self) -> bool {
        let back = (self.pos.halfmoves() as usize).min(self.stack.len());
        let mut keys: Vec<u64> = self.stack[self.stack.len() - back..]
            .iter()
            .map(|(p, _)| p.repetition_key())
            .collect();
        let now = self.pos.repetition_key();
        keys.push(now);
        if keys.iter().filter(|&&k| k == now).count() >= 3 {
            return true;
        }
        self.pos.legal_moves().iter().any(|&m| {
            let mut child = self.pos;
            child.play_unchecked(m);
            let key = child.repetition_key();
            keys.iter().filter(|&&k| k == key).count() >= 2
        })
    }

    /// python-chess's outcome: the termination's name and the winner.
    fn outcome_parts(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        let pos = &self.pos;
        let any_moves = self.has_legal_moves();
        if !any_moves && pos.is_check() {
            return Some(("CHECKMATE", Some(!pos.turn().is_white())));
        }
        if self.insufficient() {
            return Some(("INSUFFICIENT_MATERIAL", None));
        }
        if !any_moves {
            return Some(("STALEMATE", None));
        }
        if pos.halfmoves() >= 150 {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if self.repetitions() >= 5 {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if self.claim_fifty() {
                return Some(("FIFTY_MOVES", None));
            }
            if self.claim_threefold() {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }

    fn insufficient(&self) -> bool {
        has_insufficient_material(&self.pos, Color::White)
            && has_insufficient_material(&self.pos, Color::Black)
    }

    /// The moves of the current position as shared Python objects.
    fn legal_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = Move::table(py)?;
        let moves = self.pos.legal_moves();
        PyList::new(
            py,
            moves
                .iter()
                .map(|&m| self.to_py(&self.pos, m).object_in(py, table)),
        )
    }

    fn parse_san_move(&self, san: &str) -> PyResult<QMove> {
        if san == "--" || san == "Z0" || san == "0000" || san == "@@@@" {
            return Ok(QMove::NULL);
        }
        self.pos.parse_san(san).map_err(|e| match e {
            SanError::Syntax(_) => InvalidMoveError::new_err(e.to_string()),
            SanError::Illegal(_) => IllegalMoveError::new_err(format!("{e}: {}", self.fen_text())),
            SanError::Ambiguous { .. } => {
                AmbiguousMoveError::new_err(format!("{e}: {}", self.fen_text()))
            }
        })
    }

    fn parse_uci_move(&self, uci: &str) -> PyResult<QMove> {
        let m = Move::parse_uci(uci)?;
        if m.is_null() {
            return Ok(QMove::NULL);
        }
        self.legal(m)
    }

    fn push_library(&mut self, py: Python<'_>, m: QMove) -> PyResult<Py<Move>> {
        let py_move = self.to_py(&self.pos, m);
        self.play(m)?;
        py_move.object(py)
    }
}

/// Reads a colour argument: True / 1 for white, False / 0 for black.
fn color_of(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

#[pymethods]
impl Board {
    /// `Board(fen=STARTING_FEN, *, chess960=False)`. `ValueError` if the FEN is not FEN or
    /// not a legal position.
    #[new]
    #[pyo3(signature = (fen = Some(STARTING_FEN.to_owned()), *, chess960 = false))]
    fn py_new(fen: Option<String>, chess960: bool) -> PyResult<Board> {
        let Some(fen) = fen else {
            return Err(PyValueError::new_err(
                "an empty board (fen=None) has no kings and is not a legal position",
            ));
        };
        let pos = parse_fen(&fen, chess960).map_err(PyValueError::new_err)?;
        Ok(Board::from_position(pos, chess960))
    }

    /// The FEN of the position (python-chess's: en passant only when a legal capture
    /// exists, X-FEN castling; `shredder=True` for Shredder-FEN castling letters).
    #[pyo3(signature = (*, shredder = false, en_passant = "legal"))]
    fn fen(&self, shredder: bool, en_passant: &str) -> PyResult<String> {
        if en_passant != "legal" {
            return Err(PyValueError::new_err(format!(
                "en_passant={en_passant:?} is not supported (only \"legal\")"
            )));
        }
        if shredder {
            let mut setup = self.pos.to_setup();
            setup.ep_square = self.pos.legal_ep_square();
            return Ok(setup.to_fen(CastlingMode::Chess960));
        }
        Ok(self.fen_text())
    }

    /// The piece placement part of the FEN.
    fn board_fen(&self) -> String {
        let fen = self.fen_text();
        fen.split(' ').next().unwrap_or_default().to_owned()
    }

    /// True when white is to move.
    #[getter]
    fn turn(&self) -> bool {
        self.pos.turn().is_white()
    }

    /// Whether castling is written king-takes-rook.
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// The fullmove number, 1 at the start, incremented after black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves()
    }

    /// Plies since the last pawn move or capture.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmoves()
    }

    /// The castling rights as a set of rook squares (bit i for square i), like python-chess.
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.pos.castling_rooks().0
    }

    /// Whether `color` may still castle on some side.
    fn has_castling_rights(&self, color: bool) -> bool {
        self.pos.castles().has_color(color_of(color))
    }

    /// Whether `color` may still castle king side.
    fn has_kingside_castling_rights(&self, color: bool) -> bool {
        self.pos
            .castles()
            .rook(color_of(color), quadboard_chess::CastlingSide::KingSide)
            .is_some()
    }

    /// Whether `color` may still castle queen side.
    fn has_queenside_castling_rights(&self, color: bool) -> bool {
        self.pos
            .castles()
            .rook(color_of(color), quadboard_chess::CastlingSide::QueenSide)
            .is_some()
    }

    /// The en passant square when a legal en passant capture exists, else None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.pos.legal_ep_square().map(|s| s.index() as u8)
    }

    /// Plies played since the game began: `2 * (fullmove_number - 1)`, plus 1 with black
    /// to move.
    fn ply(&self) -> u32 {
        2 * self.pos.fullmoves().saturating_sub(1) + u32::from(!self.pos.turn().is_white())
    }

    /// The legal moves: iterable, with `len()` and `in`.
    #[getter]
    fn legal_moves(slf: Bound<'_, Board>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: slf.unbind(),
        }
    }

    /// An iterator over the legal moves.
    fn generate_legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.legal_list(py)?.into_any().try_iter()
    }

    /// The moves made, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self
            .stack
            .iter()
            .map(|(before, m)| self.to_py(before, *m).object(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, moves)
    }

    /// Makes a legal move (or the null move); `IllegalMoveError` otherwise. python-chess
    /// does not check; quadboard does, so that the board stays a legal position.
    fn push(&mut self, m: &Bound<'_, Move>) -> PyResult<()> {
        let m = *m.get();
        let q = if m.is_null() {
            QMove::NULL
        } else {
            self.legal(m)?
        };
        self.play(q)
    }

    /// Reads a move in UCI, makes it and returns it. `InvalidMoveError` for text that is not
    /// UCI, `IllegalMoveError` for a move that is not legal.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let m = self.parse_uci_move(uci)?;
        self.push_library(py, m)
    }

    /// Reads a move in SAN, makes it and returns it. `InvalidMoveError`, `IllegalMoveError`
    /// or `AmbiguousMoveError` when it cannot.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let m = self.parse_san_move(san)?;
        self.push_library(py, m)
    }

    /// Reads a move in UCI without making it.
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<Move>> {
        let m = self.parse_uci_move(uci)?;
        self.to_py(&self.pos, m).object(py)
    }

    /// Reads a move in SAN without making it.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<Move>> {
        let m = self.parse_san_move(san)?;
        self.to_py(&self.pos, m).object(py)
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        let Some((before, m)) = self.stack.pop() else {
            return Err(PyIndexError::new_err("pop from empty move stack"));
        };
        self.pos = before;
        self.to_py(&before, m).object(py)
    }

    /// The last move; `IndexError` when there is none.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<Move>> {
        let Some((before, m)) = self.stack.last() else {
            return Err(PyIndexError::new_err("peek at empty move stack"));
        };
        self.to_py(before, *m).object(py)
    }

    /// A copy; `stack=False` drops the move stack, an int keeps that many last moves.
    #[pyo3(signature = (*, stack = None))]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let keep = match stack {
            None => self.stack.len(),
            Some(s) if s.is_instance_of::<pyo3::types::PyBool>() => {
                if s.extract::<bool>()? {
                    self.stack.len()
                } else {
                    0
                }
            }
            Some(s) => {
                let n: i64 = s.extract()?;
                usize::try_from(n)
                    .map_err(|_| PyValueError::new_err(format!("stack={n} is negative")))?
                    .min(self.stack.len())
            }
        };
        Ok(Board {
            pos: self.pos,
            stack: self.stack[self.stack.len() - keep..].to_vec(),
            chess960: self.chess960,
        })
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    /// The move in UCI as this board writes it (castling e1g1, or e1h1 in Chess960).
    fn uci(&self, m: &Bound<'_, Move>) -> String {
        let m = *m.get();
        match self.to_legal(m, true) {
            Some(q) => self.to_py(&self.pos, q).to_uci(),
            None => m.to_uci(),
        }
    }

    /// The move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q#`); `IllegalMoveError` if not legal.
    fn san(&self, m: &Bound<'_, Move>) -> PyResult<String> {
        let m = *m.get();
        if m.is_null() {
            return Ok("--".to_owned());
        }
        Ok(self.pos.to_san(self.legal(m)?).to_string())
    }

    /// Whether the move is legal here.
    fn is_legal(&self, m: &Bound<'_, Move>) -> bool {
        self.to_legal(*m.get(), false).is_some()
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.pos.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        !self.pos.is_check() && !self.has_legal_moves()
    }

    /// Whether neither side has the material to mate (python-chess's definition).
    fn is_insufficient_material(&self) -> bool {
        self.insufficient()
    }

    /// Whether `color` alone lacks the material to mate.
    fn has_insufficient_material(&self, color: bool) -> bool {
        has_insufficient_material(&self.pos, color_of(color))
    }

    /// Whether 75 moves (150 plies) passed without a pawn move or capture, and the game
    /// has not ended otherwise.
    fn is_seventyfive_moves(&self) -> bool {
        self.halfmoves_reached(150)
    }

    /// Whether the fifty-move rule can be claimed now (100 plies and a legal move).
    fn is_fifty_moves(&self) -> bool {
        self.halfmoves_reached(100)
    }

    /// Whether the position has occurred five times.
    fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Whether the position has occurred at least `count` times (this time included).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: i64) -> bool {
        i64::try_from(self.repetitions()).unwrap_or(i64::MAX) >= count
    }

    /// Whether a draw by threefold repetition can be claimed: the position occurred three
    /// times, or a legal move reaches one that occurred twice.
    fn can_claim_threefold_repetition(&self) -> bool {
        self.claim_threefold()
    }

    /// Whether a draw by the fifty-move rule can be claimed now or with a legal move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.claim_fifty()
    }

    /// Either claim.
    fn can_claim_draw(&self) -> bool {
        self.claim_fifty() || self.claim_threefold()
    }

    /// How the game ended, or None: an `Outcome` with `termination` and `winner`.
    /// Claimable draws count only with `claim_draw=True`.
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, py: Python<'_>, claim_draw: bool) -> PyResult<Option<Py<PyAny>>> {
        self.outcome_parts(claim_draw)
            .map(|(name, winner)| make_outcome(py, name, winner))
            .transpose()
    }

    /// Whether the game has ended (with `claim_draw=True`, a claimable draw counts).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> bool {
        self.outcome_parts(claim_draw).is_some()
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> &'static str {
        match self.outcome_parts(claim_draw) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
    }

    /// The piece on a square (0 = a1 ... 63 = h8), or None.
    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        let square = Square::new(square_arg(square)?);
        Ok(self.pos.piece_at(square).map(Piece::of))
    }

    /// The piece type on a square, or None.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        let square = Square::new(square_arg(square)?);
        Ok(self.pos.board().role_at(square).map(|r| r as u8))
    }

    /// The square of `color`'s king.
    fn king(&self, color: bool) -> Option<u8> {
        self.pos
            .board()
            .king_of(color_of(color))
            .map(|s| s.index() as u8)
    }

    /// The Polyglot key, equal to python-chess's `chess.polyglot.zobrist_hash(board)`.
    fn zobrist_hash(&self) -> u64 {
        self.pos.key()
    }

    /// Whether the legal move gives check; `IllegalMoveError` if not legal.
    fn gives_check(&self, m: &Bound<'_, Move>) -> PyResult<bool> {
        let q = self.legal(*m.get())?;
        Ok(self.pos.gives_check(q))
    }

    /// Whether the move captures (en passant included). The move need not be legal.
    fn is_capture(&self, m: &Bound<'_, Move>) -> bool {
        let m = *m.get();
        if m.is_null() {
            return false;
        }
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        let board = self.pos.board();
        let them = board.by_color(!self.pos.turn());
        them.contains(to)
            || (board.by_role(Role::Pawn).contains(from)
                && board.by_color(self.pos.turn()).contains(from)
                && self.pos.ep_square() == Some(to)
                && from.file() != to.file())
    }

    /// Whether the legal move is an en passant capture.
    fn is_en_passant(&self, m: &Bound<'_, Move>) -> bool {
        self.to_legal(*m.get(), true)
            .is_some_and(|q| q.kind() == MoveKind::EnPassant)
    }

    /// Whether the legal move is castling.
    fn is_castling(&self, m: &Bound<'_, Move>) -> bool {
        self.to_legal(*m.get(), true).is_some_and(QMove::is_castle)
    }

    /// Static exchange evaluation of a legal move, in centipawns from the mover's side:
    /// pawn 100, knight 300, bishop 300, rook 500, queen 900 (the king is never taken).
    /// `IllegalMoveError` if not legal.
    fn see(&self, m: &Bound<'_, Move>) -> PyResult<i32> {
        let q = self.legal(*m.get())?;
        Ok(self.pos.see(q))
    }

    fn __str__(&self) -> String {
        let board = self.pos.board();
        let mut out = String::with_capacity(127);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                if file > 0 {
                    out.push(' ');
                }
                let square = Square::new(rank * 8 + file);
                out.push(board.piece_at(square).map_or('.', |p| p.char()));
            }
            if rank > 0 {
                out.push('\n');
            }
        }
        out
    }

    fn __repr__(&self) -> String {
        if self.chess960 {
            format!("Board('{}', chess960=True)", self.fen_text())
        } else {
            format!("Board('{}')", self.fen_text())
        }
    }
}

/// The legal moves of a board (`board.legal_moves`): iterable, with `len()` and `in`,
/// always of the board's current position.
#[pyclass(module = "quadboard")]
pub struct LegalMoveGenerator {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.board.borrow(py).legal_list(py)?.into_any().try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).pos.count_legal_moves() as usize
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.board.borrow(py).has_legal_moves()
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> bool {
        match m.cast::<Move>() {
            Ok(m) => self.board.borrow(py).to_legal(*m.get(), false).is_some(),
            Err(_) => false,
        }
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let board = self.board.borrow(py);
        let sans: Vec<String> = board
            .pos
            .legal_moves()
            .iter()
            .map(|&m| board.pos.to_san(m).to_string())
            .collect();
        format!("<LegalMoveGenerator ({})>", sans.join(", "))
    }
}
