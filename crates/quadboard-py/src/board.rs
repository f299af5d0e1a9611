//! `quadboard.Board`: a position with its move stack, under python-chess's names.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyIterator, PyList, PyTuple, PyType};
use quadboard_chess::position::FromFenError;
use quadboard_chess::san::SanError;
use quadboard_chess::{
    Bitboard, CastlingMode, Color, File, Move as QMove, MoveKind, Position, Rank, Reasons, Role,
    Setup, Square,
};

use crate::errors::{py_repr, AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::{square_arg, Move, MoveObj, Piece};
use crate::rules;
use crate::squareset::{mask_of, square_ints, SquareSet};

/// The standard start position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess position and the moves that led to it from where the board was set up.
/// Programs may set attributes of their own on it (`dict`), as on python-chess's boards.
/// `weakref` too: then a Python subclass adds no slot, so its layout is the compiled
/// class's and `board.__class__ = Subclass` works, as programs do with python-chess's.
#[pyclass(subclass, dict, weakref, module = "quadboard")]
#[derive(Clone)]
pub struct Board {
    /// The position now: exact placement, side to move, castling rights, en passant
    /// square and counters, whether or not it is legal. Boxed: `Position` is aligned to 64
    /// bytes, more than CPython gives the objects it allocates (see `lib.rs`).
    pub(crate) pos: Box<Position>,
    /// Whether `pos` is a board the library's move generator does not serve (no king,
    /// several kings, pawns on a back rank, the side not to move in check): its moves,
    /// checks and outcomes then come from [`crate::rules`].
    pub(crate) loose: bool,
    /// python-chess's `castling_rights`: the rights as set (by a FEN, the attribute or the
    /// moves made), kept through edits even where they no longer hold; the position keeps
    /// only those that hold (`clean_castling_rights()`).
    pub(crate) castling_raw: Bitboard,
    /// Each move made with the position before it, oldest first (`pop` restores it).
    pub(crate) stack: Vec<Entry>,
    /// Whether castling is written king-takes-rook (Chess960) rather than as the king's
    /// two-square move.
    pub(crate) chess960: bool,
    /// python-chess's `promoted`: the squares of pieces that arrived by promotion (or were
    /// set with `promoted=True`), moving with them until taken.
    pub(crate) promoted: Bitboard,
    /// `promoted` before each move made while it was not empty, as (the stack's length
    /// before the move, the mask); a move without an entry had none. Kept beside `stack`
    /// rather than in [`Entry`] so that code which pushes entries itself (PGN replays)
    /// needs no change: its moves count as made without promoted pieces.
    pub(crate) promoted_log: Vec<(usize, Bitboard)>,
    /// The legal moves last listed by `legal_moves` and the position they are of, so that
    /// `push` of a listed move skips finding and checking it again.
    pub(crate) listed: Listed,
    /// python-chess's `ep_square` where it differs from the position's: python-chess keeps
    /// whatever a FEN, an assignment or an edit left (a square no pawn can have passed),
    /// the position only a square that can hold. `None` when they agree; moves clear it.
    pub(crate) ep_kept: Option<Option<Square>>,
    /// Whether an attribute (`turn`, the counters, rights, en passant square) was assigned
    /// while moves were on the stack: python-chess's draw claim then takes back moves and
    /// makes them again (see [`Board::replay_claim_moves`]), which forgets such values.
    pub(crate) assigned_after_moves: bool,
    /// The list `move_stack` handed out, kept equal to the stack from then on (see
    /// [`LiveStack`]).
    pub(crate) live_stack: LiveStack,
}

/// python-chess's `move_stack` is one list, changed by every push and pop: a program that
/// keeps `history = board.move_stack` sees later moves in it. The first read of
/// `move_stack` makes the list; from then on making and taking back moves and clearing
/// the stack change it too. A copy of a board starts without one (as `Listed`).
#[derive(Default)]
pub(crate) struct LiveStack(Option<Py<PyList>>);

impl Clone for LiveStack {
    fn clone(&self) -> LiveStack {
        LiveStack(None)
    }
}

/// Runs `f` with the GIL token, for the list `move_stack` handed out (see [`LiveStack`]),
/// from `play` and `take_back`, which have none. Not `Python::attach`: its test of the
/// thread's state was 325 of the 680 instructions that a held list added to a push and
/// pop (cachegrind, a loop pushing and popping the 33 moves of a middlegame position:
/// 1,880 per pair without a list, 2,235 with one).
fn unsafe_attached<R>(f: impl FnOnce(Python<'_>) -> R) -> R {
    // SAFETY: a board has a list only after Python read `move_stack` from it, so it is a
    // Python object, and its moves are made and taken back only by its methods, which
    // Python calls with the GIL held.
    f(unsafe { Python::assume_attached() })
}

/// The legal moves of one position as listed to Python, each with the library move it
/// stands for. A copy of a board starts without them: they are a cache, not state.
#[derive(Default)]
pub(crate) struct Listed(Option<Box<ListedMoves>>);

struct ListedMoves {
    /// The position listed: the moves hold while the board's position equals it.
    pos: Position,
    /// The board's Chess960 flag when listed (it decides how castling is written).
    chess960: bool,
    /// Each move as handed out and as the library plays it, in the order listed.
    moves: Vec<(Move, QMove)>,
    /// Where to look first: the move found last, since a loop over `legal_moves` pushes
    /// them in the order listed (the next one is then the second looked at).
    next: usize,
}

impl Clone for Listed {
    fn clone(&self) -> Listed {
        Listed(None)
    }
}

impl Listed {
    /// Remembers the legal moves of `pos` (in the order listed) with their Python forms.
    fn set(&mut self, pos: &Position, chess960: bool, moves: Vec<(Move, QMove)>) {
        match &mut self.0 {
            Some(listed) => {
                listed.pos = *pos;
                listed.chess960 = chess960;
                listed.moves = moves;
                listed.next = 0;
            }
            None => {
                self.0 = Some(Box::new(ListedMoves {
                    pos: *pos,
                    chess960,
                    moves,
                    next: 0,
                }))
            }
        }
    }

    /// The library move of `m` when it is among the moves listed for exactly this
    /// position; `None` when it is not or another position was listed.
    fn find(&mut self, pos: &Position, chess960: bool, m: Move) -> Option<QMove> {
        let listed = self.0.as_deref_mut()?;
        if listed.chess960 != chess960 || listed.pos != *pos {
            return None;
        }
        let moves = &listed.moves;
        let at = [listed.next, listed.next + 1]
            .into_iter()
            .find(|&i| moves.get(i).is_some_and(|&(py, _)| py == m))
            .or_else(|| moves.iter().position(|&(py, _)| py == m))?;
        listed.next = at;
        Some(moves[at].1)
    }
}

/// A move made: the position before it, whether that was loose, and the move.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The position before the move.
    pub before: Position,
    /// Whether it was loose (see `Board::loose`).
    pub loose: bool,
    /// Its castling rights as set (see `Board::castling_raw`).
    pub castling_raw: Bitboard,
    /// The move, as the library writes it (castling king takes rook).
    pub m: QMove,
    /// The board's `ep_kept` before the move (`pop` restores it).
    pub ep_kept: Option<Option<Square>>,
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

/// Reads a FEN as python-chess does: the placement alone or with some of the other
/// fields (the rest default to `w - - 0 1`), a fullmove number of 0 read as 1. Any
/// placement is accepted; `ValueError` names what is not FEN.
pub fn read_fen(fen: &str) -> PyResult<Setup> {
    let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if fields.is_empty() || fields.len() > 6 {
        return Err(PyValueError::new_err(format!(
            "invalid fen: expected 1 to 6 fields, found {}: {fen:?}",
            fields.len()
        )));
    }
    let defaults = ["", "w", "-", "-", "0", "1"];
    fields.extend_from_slice(&defaults[fields.len()..]);
    // python-chess reads the counters as Python ints: a sign may lead.
    for field in &mut fields[4..] {
        if let Some(unsigned) = field.strip_prefix('+') {
            *field = unsigned;
        }
    }
    if fields[5] == "0" {
        fields[5] = "1";
    }
    // python-chess keeps any square name as the en passant square (`a1`, `e4`); the
    // library reads only ranks 3 and 6, so others are set after reading.
    let mut odd_ep = None;
    if let [f @ b'a'..=b'h', r @ (b'1' | b'2' | b'4' | b'5' | b'7' | b'8')] = fields[3].as_bytes() {
        odd_ep = Some(Square::new((r - b'1') * 8 + (f - b'a')));
        fields[3] = "-";
    }
    let mut setup = Setup::from_fen(&fields.join(" "))
        .map_err(|e| PyValueError::new_err(format!("invalid fen: {e}")))?;
    if odd_ep.is_some() {
        setup.ep_square = odd_ep;
    }
    Ok(setup)
}

/// Whether a castling field has python-chess's syntax: `-`, or up to two of
/// `KQABCDEFGH` followed by up to two of `kqabcdefgh` (the library reads more, such as
/// `kqKQ`, which python-chess refuses).
fn castling_fen_fits(castling: &str) -> bool {
    let white = castling
        .chars()
        .take_while(|c| "KQABCDEFGH".contains(*c))
        .count();
    let black = &castling[white..];
    castling == "-"
        || (white <= 2 && black.len() <= 2 && black.chars().all(|c| "kqabcdefgh".contains(c)))
}

/// The error python-chess's `set_fen` raises for a FEN it refuses, checked in its order
/// (the fields after the placement, then the placement), or `None` where it takes the
/// FEN. Programs print these messages, so they are python-chess's words.
fn python_chess_fen_error(fen: &str) -> Option<String> {
    let parts: Vec<&str> = fen.split_whitespace().collect();
    let Some(&placement) = parts.first() else {
        return Some("empty fen".to_owned());
    };
    let quoted = py_repr(fen);
    let number = |text: &str| text.trim_start_matches('+').parse::<i64>().ok();
    if let Some(&turn) = parts.get(1) {
        if turn != "w" && turn != "b" {
            return Some(format!(
                "expected 'w' or 'b' for turn part of fen: {quoted}"
            ));
        }
    }
    if let Some(&castling) = parts.get(2) {
        if !castling_fen_fits(castling) {
            return Some(format!("invalid castling part in fen: {quoted}"));
        }
    }
    if let Some(&ep) = parts.get(3) {
        if ep != "-" && Square::from_ascii(ep.as_bytes()).is_err() {
            return Some(format!("invalid en passant part in fen: {quoted}"));
        }
    }
    for (index, name, negative) in [
        (
            4,
            "invalid half-move clock in fen",
            "half-move clock cannot be negative",
        ),
        (
            5,
            "invalid fullmove number in fen",
            "fullmove number cannot be negative",
        ),
    ] {
        if let Some(&field) = parts.get(index) {
            match number(field) {
                None => return Some(format!("{name}: {quoted}")),
                Some(n) if n < 0 => return Some(format!("{negative}: {quoted}")),
                Some(_) => {}
            }
        }
    }
    if parts.len() > 6 {
        return Some(format!("fen string has more parts than expected: {quoted}"));
    }
    python_chess_board_fen_error(placement)
}

/// The error python-chess raises for a placement (`set_board_fen`, the first FEN field)
/// it refuses, or `None`: eight rows, each of eight columns, digits not adjacent, `~`
/// only after a piece, nothing but piece letters and digits.
fn python_chess_board_fen_error(board_fen: &str) -> Option<String> {
    let board_fen = board_fen.trim();
    let quoted = py_repr(board_fen);
    if board_fen.contains(' ') {
        return Some(format!(
            "expected position part of fen, got multiple parts: {quoted}"
        ));
    }
    let rows: Vec<&str> = board_fen.split('/').collect();
    if rows.len() != 8 {
        return Some(format!("expected 8 rows in position part of fen: {quoted}"));
    }
    for row in rows {
        let (mut columns, mut after_digit, mut after_piece) = (0u32, false, false);
        for c in row.chars() {
            match c {
                '1'..='8' if after_digit => {
                    return Some(format!(
                        "two subsequent digits in position part of fen: {quoted}"
                    ))
                }
                '1'..='8' => {
                    columns += c as u32 - '0' as u32;
                    (after_digit, after_piece) = (true, false);
                }
                '~' if !after_piece => {
                    return Some(format!(
                        "'~' not after piece in position part of fen: {quoted}"
                    ))
                }
                '~' => (after_digit, after_piece) = (false, false),
                c if "pnbrqk".contains(c.to_ascii_lowercase()) => {
                    columns += 1;
                    (after_digit, after_piece) = (false, true);
                }
                _ => {
                    return Some(format!(
                        "invalid character in position part of fen: {quoted}"
                    ))
                }
            }
        }
        if columns != 8 {
            return Some(format!(
                "expected 8 columns per row in position part of fen: {quoted}"
            ));
        }
    }
    None
}

/// [`read_fen`] with python-chess's message where python-chess refuses the FEN too.
fn read_fen_as_python_chess(original: &str, fen: &str) -> PyResult<Setup> {
    let setup = read_fen(fen).map_err(|error| match python_chess_fen_error(original) {
        Some(message) => PyValueError::new_err(message),
        None => error,
    })?;
    match fen.split_whitespace().nth(2) {
        Some(castling) if !castling_fen_fits(castling) => Err(PyValueError::new_err(format!(
            "invalid castling part in fen: {}",
            py_repr(original)
        ))),
        _ => Ok(setup),
    }
}

/// The squares a rook may have castling rights from, for a king on `king`: the corner
/// rooks that standard notation (e1g1) refers to.
pub(crate) fn standard_rook(king: Square, to: Square) -> Option<Square> {
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
pub(crate) fn make_outcome(
    py: Python<'_>,
    termination: &str,
    winner: Option<bool>,
) -> PyResult<Py<PyAny>> {
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
    /// The SAN of a move (see `san`), without the look-ahead a subclass sees.
    fn san_text(&self, m: Move) -> PyResult<String> {
        if m.is_null() {
            return Ok("--".to_owned());
        }
        let q = self.writable(m)?;
        Ok(self.san_any(q))
    }

    /// The LAN of a move (see `lan`), without the look-ahead a subclass sees.
    fn lan_text(&self, m: Move) -> PyResult<String> {
        if m.is_null() {
            return Ok("--".to_owned());
        }
        let q = self.writable(m)?;
        let san = self.san_any(q);
        if q.is_castle() {
            return Ok(san);
        }
        let suffix: String = san.chars().filter(|&c| c == '+' || c == '#').collect();
        let role = self.pos.board().role_at(q.from()).unwrap_or(Role::Pawn);
        let mut lan = String::new();
        if role != Role::Pawn {
            lan.push(role.char().to_ascii_uppercase());
        }
        lan.push_str(&q.from().to_string());
        lan.push(if self.captures(q) { 'x' } else { '-' });
        lan.push_str(&Square::new(m.to).to_string());
        if let Some(p) = q.promotion_role() {
            lan.push('=');
            lan.push(p.char().to_ascii_uppercase());
        }
        lan.push_str(&suffix);
        Ok(lan)
    }

    /// Whether a move gives check (see `gives_check`), without the look-ahead a subclass
    /// sees.
    fn gives_check_of(&self, m: &Bound<'_, MoveObj>) -> PyResult<bool> {
        if self.promoted_king() {
            let q = if m.get().value().is_null() {
                QMove::NULL
            } else {
                self.writable(m.get().value())?
            };
            let after = if q == QMove::NULL {
                rules::play_null(&self.pos)
            } else {
                rules::play(&self.pos, q).unwrap_or_else(|| self.pos.to_setup())
            };
            let (after, _) = position_of(after, self.chess960);
            let promoted = promoted_after(self.promoted, &self.pos, q);
            return Ok(checkers_skipping(&after, promoted).any());
        }
        if m.get().value().is_null() {
            // python-chess: whether the side not to move is in check.
            let (after, _) = position_of(rules::play_null(&self.pos), self.chess960);
            return Ok(rules::checkers(&after).any());
        }
        let q = self.writable(m.get().value())?;
        if self.loose || !self.pos.is_legal(q) {
            let (after, _) = position_of(
                rules::play(&self.pos, q).unwrap_or_else(|| self.pos.to_setup()),
                self.chess960,
            );
            return Ok(rules::checkers(&after).any());
        }
        Ok(self.pos.gives_check(q))
    }

    /// The last move of the list `move_stack` handed out, while it is the stack's list.
    #[cold]
    fn live_last(&self, py: Python<'_>) -> Option<Py<MoveObj>> {
        let list = self.live_stack.0.as_ref()?.bind(py);
        if list.len() != self.stack.len() {
            return None;
        }
        let last = list.get_item(list.len().checked_sub(1)?).ok()?;
        last.cast_into::<MoveObj>().ok().map(Bound::unbind)
    }

    /// Empties the list `move_stack` handed out, if any (the stack was cleared).
    fn live_clear(&self) {
        if let Some(list) = &self.live_stack.0 {
            unsafe_attached(|py| {
                let list = list.bind(py);
                let _ = list.del_slice(0, list.len());
            });
        }
    }

    /// Takes back the last move (the board as it was before it) and returns it, or `None`.
    /// Only the move comes back: returning the whole entry (a position and more) cost push
    /// and pop a copy of it, 56 of their 1,480 instructions.
    #[inline(always)]
    fn take_back(&mut self) -> Option<QMove> {
        // Read in place and then truncated: `Vec::pop` moved the entry out first, a copy.
        let e = self.stack.last()?;
        *self.pos = e.before;
        self.loose = e.loose;
        self.castling_raw = e.castling_raw;
        self.ep_kept = e.ep_kept;
        let m = e.m;
        self.stack.truncate(self.stack.len() - 1);
        if self.live_stack.0.is_some() {
            self.live_pop();
        }
        self.promoted = match self.promoted_log.last() {
            Some(&(at, mask)) if at == self.stack.len() => {
                self.promoted_log.pop();
                mask
            }
            _ => Bitboard::EMPTY,
        };
        Some(m)
    }

    /// Drops the last move of the list `move_stack` handed out (after the stack lost its
    /// last entry). Out of line: boards whose stack no program read never come here.
    #[cold]
    #[inline(never)]
    fn live_pop(&self) {
        if let Some(list) = &self.live_stack.0 {
            unsafe_attached(|py| {
                let list = list.bind(py);
                // A list the program shortened itself is made again when next read.
                if list.len() > self.stack.len() {
                    let _ = list.del_item(list.len() - 1);
                }
            });
        }
    }

    /// What python-chess's threefold claim leaves behind once an attribute was assigned
    /// after moves: it takes back moves down to the last irreversible one (or all), then
    /// makes them again, so that each position after them is recomputed from the moves.
    fn replay_claim_moves(&mut self) {
        if !self.assigned_after_moves {
            return;
        }
        let mut taken = Vec::new();
        while let Some(m) = self.take_back() {
            taken.push(m);
            if self.irreversible(self.to_py(&self.pos, m)) {
                break;
            }
        }
        for m in taken.into_iter().rev() {
            // Each move was made from this same position before: it can be made again.
            let _ = self.play(m, false);
        }
    }

    /// [`Board::outcome_parts`], then the moves replayed where python-chess's claim of a
    /// threefold repetition ran (see [`Board::replay_claim_moves`]).
    fn outcome_claimed(&mut self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        let parts = self.outcome_parts(claim_draw);
        if claim_draw && matches!(parts, None | Some(("THREEFOLD_REPETITION", _))) {
            self.replay_claim_moves();
        }
        parts
    }

    /// python-chess's `is_irreversible` (see `Board::is_irreversible`).
    fn irreversible(&self, m: Move) -> bool {
        if self.zeroing_shape(m) || self.legal_ep().is_some() {
            return true;
        }
        // python-chess's: the move touches a right's rook, or a king (not promoted) of a
        // side that holds a right.
        let rights = self.clean_rights();
        let touched = touched(m);
        let board = self.pos.board();
        let kings = board.by_role(Role::King).without(self.promoted);
        (rights & touched).any()
            || [(Color::White, Rank::First), (Color::Black, Rank::Eighth)]
                .into_iter()
                .any(|(color, rank)| {
                    (rights & Bitboard::rank(rank)).any()
                        && (touched & kings & board.by_color(color)).any()
                })
    }

    /// A board on a legal position, with an empty stack.
    pub fn from_position(pos: Position, chess960: bool) -> Board {
        Board {
            pos: Box::new(pos),
            loose: false,
            castling_raw: pos.castling_rooks(),
            stack: Vec::new(),
            chess960,
            promoted: Bitboard::EMPTY,
            promoted_log: Vec::new(),
            listed: Listed::default(),
            ep_kept: None,
            assigned_after_moves: false,
            live_stack: LiveStack::default(),
        }
    }

    /// A board on any setup, with an empty stack.
    pub fn from_setup(setup: Setup, chess960: bool) -> Board {
        let castling_raw = setup.castling_rooks;
        let (pos, loose) = position_of(setup, chess960);
        let ep_kept = (pos.ep_square() != setup.ep_square).then_some(setup.ep_square);
        Board {
            pos: Box::new(pos),
            loose,
            castling_raw,
            stack: Vec::new(),
            chess960,
            promoted: Bitboard::EMPTY,
            promoted_log: Vec::new(),
            listed: Listed::default(),
            ep_kept,
            assigned_after_moves: false,
            live_stack: LiveStack::default(),
        }
    }

    /// python-chess's `ep_square`: the one kept (see `ep_kept`), else the position's.
    fn py_ep(&self) -> Option<Square> {
        self.ep_kept.unwrap_or_else(|| self.pos.ep_square())
    }

    /// Replaces the position by a setup (an edit: the stack is cleared, as python-chess
    /// clears it).
    pub fn set_setup(&mut self, setup: Setup) {
        self.castling_raw = setup.castling_rooks;
        (*self.pos, self.loose) = position_of(setup, self.chess960);
        self.ep_kept = (self.pos.ep_square() != setup.ep_square).then_some(setup.ep_square);
        self.stack.clear();
        self.live_clear();
        self.assigned_after_moves = false;
        self.promoted = Bitboard::EMPTY;
        self.promoted_log.clear();
    }

    /// python-chess's `status()` flags as an int: the position's, and an en passant
    /// square kept that the position refused (see `ep_kept`).
    fn status_bits(&self) -> u32 {
        let flags = status_flags(
            &self.pos,
            self.castling_raw,
            self.clean_rights(),
            self.promoted,
        );
        match self.ep_kept {
            Some(Some(_)) => flags | 1 << 9,
            _ => flags,
        }
    }

    /// The setup to edit: the position with the castling rights as set.
    fn edit_setup(&self) -> Setup {
        let mut setup = self.pos.to_setup();
        setup.castling_rooks = self.castling_raw;
        setup.ep_square = self.py_ep();
        setup
    }

    /// The python-chess form of a move of the position `pos`.
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
            drop: 0,
        }
    }

    /// The library move a python-chess move stands for in the current position (castling
    /// and en passant recognised), legal or not; `None` when no piece of the side to move
    /// stands on its origin. `king_steps`: also read castling as the king's two-square
    /// move in Chess960 (what python-chess's `push` and `parse_uci` accept; its
    /// `legal_moves` does not).
    fn candidate(&self, m: Move, king_steps: bool) -> Option<QMove> {
        let pos = &self.pos;
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        let board = pos.board();
        let us = pos.turn();
        let ours = board.by_color(us);
        // Drops and promotions to king are moves of the variants, never of chess.
        if !ours.contains(from) || m.is_null() || m.drop != 0 || m.promotion == Role::King as u8 {
            return None;
        }
        let role = board.role_at(from)?;
        Some(if m.promotion != 0 {
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
        })
    }

    /// The library move for a python-chess move in the current position, if it is legal.
    pub(crate) fn to_legal(&self, m: Move, king_steps: bool) -> Option<QMove> {
        let candidate = self.candidate(m, king_steps)?;
        let legal = if self.loose {
            rules::legal_moves(&self.pos).contains(&candidate)
        } else {
            self.pos.is_legal(candidate)
        };
        legal.then_some(candidate)
    }

    /// The library move for a python-chess move if it is pseudo-legal here (python-chess's
    /// `is_pseudo_legal`: castling only when legal).
    fn to_pseudo_legal(&self, m: Move) -> Option<QMove> {
        let candidate = self.candidate(m, true)?;
        let mut moves = Vec::with_capacity(64);
        rules::pseudo_legal_moves(&self.pos, &mut moves);
        moves.contains(&candidate).then_some(candidate)
    }

    /// A move to write or test (`san`, `lan`, `gives_check`): legal, or pseudo-legal as
    /// python-chess also takes there (a pinned piece's move, a king's step into check);
    /// `IllegalMoveError` otherwise.
    fn writable(&self, m: Move) -> PyResult<QMove> {
        match self.to_legal(m, true) {
            Some(q) => Ok(q),
            None => self
                .to_pseudo_legal(m)
                .ok_or_else(|| self.legal(m).unwrap_err()),
        }
    }

    /// The SAN of a legal or pseudo-legal move (see [`Board::writable`]).
    fn san_any(&self, q: QMove) -> String {
        let san = if self.loose || !self.pos.is_legal(q) {
            rules::san(&self.pos, q)
        } else {
            self.pos.to_san(q).to_string()
        };
        self.check_mark_skipping(q, san)
    }

    /// python-chess's error of `find_move` (and of SAN naming both squares) when no legal
    /// move fits.
    fn no_matching_move(&self, m: Move) -> PyErr {
        IllegalMoveError::new_err(format!(
            "no matching legal move for {} ({} -> {}) in {}",
            m.to_uci(),
            Square::new(m.from),
            Square::new(m.to),
            self.fen_text()
        ))
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

    /// Plays a library move: legal on a legal board (or the null move out of check)
    /// through the library; anything else python-chess's `push` takes through
    /// [`rules::play`].
    fn play(&mut self, m: QMove, known_legal: bool) -> PyResult<()> {
        let entry = Entry {
            before: *self.pos,
            loose: self.loose,
            castling_raw: self.castling_raw,
            m,
            ep_kept: self.ep_kept,
        };
        // python-chess's push keeps the rights as `clean_castling_rights()` gives them,
        // less those of the squares the move touches and, for a king move, its side's.
        let mut raw_after = self.clean_rights();
        if m != QMove::NULL {
            let us = self.pos.turn();
            let mut lost = Bitboard::from_square(m.from()) | m.to().bitboard();
            let king = quadboard_chess::Piece::new(us, Role::King);
            let king_moves = self.pos.board().by_piece(king).contains(m.from())
                && !self.promoted.contains(m.from());
            if king_moves {
                lost |= Bitboard::rank(if us.is_white() {
                    Rank::First
                } else {
                    Rank::Eighth
                });
            }
            // Taking a king on its back rank (boards python-chess plays on) with another
            // piece takes its side's rights too.
            let their_king = quadboard_chess::Piece::new(!us, Role::King);
            let their_rank = Bitboard::rank(if us.is_white() {
                Rank::Eighth
            } else {
                Rank::First
            });
            if !king_moves
                && self.pos.board().by_piece(their_king).contains(m.to())
                && !self.promoted.contains(m.to())
                && their_rank.contains(m.to())
            {
                lost |= their_rank;
            }
            raw_after = raw_after.without(lost);
        }
        if m == QMove::NULL {
            match self.pos.null_move() {
                Ok(next) if !self.loose => *self.pos = next,
                _ => {
                    (*self.pos, self.loose) =
                        position_of(rules::play_null(&self.pos), self.chess960)
                }
            }
        } else if known_legal || (!self.loose && self.pos.is_legal(m)) {
            self.pos.play_unchecked(m);
        } else {
            let setup = rules::play(&self.pos, m).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "no piece to move on {} in {}",
                    m.from(),
                    self.fen_text()
                ))
            })?;
            (*self.pos, self.loose) = position_of(setup, self.chess960);
        }
        self.castling_raw = raw_after;
        self.ep_kept = None;
        if self.promoted.any() {
            self.promoted_log.push((self.stack.len(), self.promoted));
        }
        self.promoted = promoted_after(self.promoted, &entry.before, m);
        self.stack.push(entry);
        if let (Some(list), Some(e)) = (&self.live_stack.0, self.stack.last()) {
            unsafe_attached(|py| -> PyResult<()> {
                list.bind(py).append(self.to_py(&e.before, e.m).object(py)?)
            })?;
        }
        Ok(())
    }

    /// The en passant square when a legal en passant capture exists.
    fn legal_ep(&self) -> Option<Square> {
        if !self.loose {
            return self.pos.legal_ep_square();
        }
        let ep = self.pos.ep_square()?;
        rules::legal_moves(&self.pos)
            .iter()
            .any(|m| m.kind() == MoveKind::EnPassant)
            .then_some(ep)
    }

    /// The en passant square a FEN writes: `legal` (and any other value, as python-chess)
    /// when a legal capture exists, `xfen` when a pawn stands beside the pushed one, `fen`
    /// whenever there is one.
    fn ep_for(&self, en_passant: &str) -> PyResult<Option<Square>> {
        match en_passant {
            "legal" => Ok(self.legal_ep()),
            "fen" => Ok(self.py_ep()),
            "xfen" if self.loose => Ok(self
                .pos
                .ep_square()
                .filter(|_| rules::has_pseudo_legal_ep(&self.pos))),
            "xfen" => {
                let us = self.pos.turn();
                let pawns = self
                    .pos
                    .board()
                    .by_piece(quadboard_chess::Piece::new(us, Role::Pawn));
                Ok(self
                    .pos
                    .ep_square()
                    .filter(|&ep| (quadboard_chess::attacks::pawn(!us, ep) & pawns).any()))
            }
            // python-chess reads every other value as "legal" (its default branch).
            _ => Ok(self.legal_ep()),
        }
    }

    /// The FEN python-chess writes: an en passant square only when a legal capture exists,
    /// castling in X-FEN (`KQkq`, a file letter for a rook that is not the outermost).
    pub fn fen_text(&self) -> String {
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.legal_ep();
        self.write_fen(&setup, false)
    }

    /// A FEN of a setup of this board: X-FEN castling (Shredder-FEN with `shredder`).
    fn write_fen(&self, setup: &Setup, shredder: bool) -> String {
        if !self.loose && self.castling_raw == setup.castling_rooks {
            // A legal position whose rights are the ones set: the library writes them.
            let mode = if shredder {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            return setup.to_fen(mode);
        }
        // Otherwise python-chess's writer, on python-chess's rights (those set, once a
        // move is made).
        let rights = self.clean_rights();
        let board = self.pos.board();
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            let back = Bitboard::rank(if color.is_white() {
                Rank::First
            } else {
                Rank::Eighth
            });
            let case = |c: char| {
                if color.is_white() {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            };
            let held = (rights & back).into_iter().rev();
            if shredder {
                castling.extend(held.map(|rook| case(rook.file().char())));
                continue;
            }
            // python-chess's king: the highest non-promoted king of the colour; no king,
            // no rights written.
            let king = board.by_piece(quadboard_chess::Piece::new(color, Role::King));
            let Some(king) = king.without(self.promoted).msb() else {
                continue;
            };
            let rooks = board.by_piece(quadboard_chess::Piece::new(color, Role::Rook)) & back;
            for rook in held {
                let a_side = rook.file() < king.file();
                let others = rooks.without(rook.bitboard());
                let letter = if others
                    .into_iter()
                    .any(|other| (other.file() < rook.file()) == a_side)
                {
                    rook.file().char()
                } else if a_side {
                    'q'
                } else {
                    'k'
                };
                castling.push(case(letter));
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let mut bare = *setup;
        bare.castling_rooks = Bitboard::EMPTY;
        let fen = bare.to_fen(CastlingMode::Standard);
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() > 2 {
            fields[2] = &castling;
        }
        fields.join(" ")
    }

    /// The legal moves in python-chess's order.
    fn legal_qmoves(&self) -> Vec<QMove> {
        let mut moves = if self.loose {
            rules::legal_moves(&self.pos)
        } else {
            self.pos.legal_moves().iter().copied().collect()
        };
        rules::sort_moves(&self.pos, &mut moves, true);
        moves
    }

    /// How often the current position has occurred: now and at every earlier point of the
    /// stack after the last pawn move or capture.
    fn repetitions(&self) -> usize {
        let key = self.pos.repetition_key();
        let back = (self.pos.halfmoves() as usize).min(self.stack.len());
        1 + self.stack[self.stack.len() - back..]
            .iter()
            .filter(|e| e.before.repetition_key() == key)
            .count()
    }

    fn has_legal_moves(&self) -> bool {
        if self.loose {
            !rules::legal_moves(&self.pos).is_empty()
        } else {
            self.pos.has_legal_moves()
        }
    }

    /// Whether a king is marked promoted (`set_piece_at(..., promoted=True)`): python-chess's
    /// king, checks and check marks then skip it, while its move generator does not.
    fn promoted_king(&self) -> bool {
        (self.pos.board().by_role(Role::King) & self.promoted).any()
    }

    fn in_check(&self) -> bool {
        if self.promoted_king() {
            return checkers_skipping(&self.pos, self.promoted).any();
        }
        if self.loose {
            rules::checkers(&self.pos).any()
        } else {
            self.pos.is_check()
        }
    }

    fn halfmoves_reached(&self, n: u32) -> bool {
        self.pos.halfmoves() >= n && self.has_legal_moves()
    }

    /// The positions after each legal move of a loose board, with whether each is loose
    /// (python-chess's draw claims try every move, on any board).
    fn loose_children(&self) -> Vec<(QMove, Position, bool)> {
        rules::legal_moves(&self.pos)
            .into_iter()
            .filter_map(|m| {
                let setup = rules::play(&self.pos, m)?;
                let (child, loose) = position_of(setup, self.chess960);
                Some((m, child, loose))
            })
            .collect()
    }

    fn claim_fifty(&self) -> bool {
        if self.halfmoves_reached(100) {
            return true;
        }
        if self.pos.halfmoves() >= 99 && self.loose {
            return self.loose_children().into_iter().any(|(m, child, loose)| {
                let moves = |p: &Position| {
                    if loose {
                        !rules::legal_moves(p).is_empty()
                    } else {
                        p.has_legal_moves()
                    }
                };
                !is_zeroing(&self.pos, m) && child.halfmoves() >= 100 && moves(&child)
            });
        }
        if self.pos.halfmoves() >= 99 {
            for &m in self.pos.legal_moves().iter() {
                if !is_zeroing(&self.pos, m) {
                    let mut child = *self.pos;
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
            .map(|e| e.before.repetition_key())
            .collect();
        let now = self.pos.repetition_key();
        keys.push(now);
        if keys.iter().filter(|&&k| k == now).count() >= 3 {
            return true;
        }
        if self.loose {
            return self.loose_children().iter().any(|(_, child, _)| {
                let key = child.repetition_key();
                keys.iter().filter(|&&k| k == key).count() >= 2
            });
        }
        self.pos.legal_moves().iter().any(|&m| {
            let mut child = *self.pos;
            child.play_unchecked(m);
            let key = child.repetition_key();
            keys.iter().filter(|&&k| k == key).count() >= 2
        })
    }

    /// python-chess's outcome: the termination's name and the winner.
    fn outcome_parts(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        let pos = &self.pos;
        let any_moves = self.has_legal_moves();
        if !any_moves && self.in_check() {
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
        let moves = self.legal_qmoves();
        Move::list(py, moves.iter().map(|&m| self.to_py(&self.pos, m)))
    }

    /// [`Board::legal_list`], remembered for `push` (see [`Listed`]) on a legal board.
    fn legal_list_remembered<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if self.loose {
            return self.legal_list(py);
        }
        let pairs: Vec<(Move, QMove)> = self
            .legal_qmoves()
            .into_iter()
            .map(|q| (self.to_py(&self.pos, q), q))
            .collect();
        let list = Move::list(py, pairs.iter().map(|&(m, _)| m))?;
        self.listed.set(&self.pos, self.chess960, pairs);
        Ok(list)
    }

    /// An error for SAN on a board the library does not play on.
    /// python-chess's `clean_castling_rights()`: the rights as set once a move was made
    /// (python-chess assumes moves only take rights away, and keeps an assignment made
    /// after them as it is), else those that hold ([`rules::clean_castling`]).
    fn clean_rights(&self) -> Bitboard {
        if self.stack.is_empty() && self.castling_raw.any() {
            rules::clean_castling(
                self.pos.board(),
                self.castling_raw,
                self.promoted,
                self.chess960,
            )
        } else {
            self.castling_raw
        }
    }

    /// python-chess's SAN of a legal move: the library's on a legal board, else
    /// [`rules::san`].
    fn san_of(&self, q: QMove) -> String {
        let san = if self.loose {
            rules::san(&self.pos, q)
        } else {
            self.pos.to_san(q).to_string()
        };
        self.check_mark_skipping(q, san)
    }

    /// python-chess's `is_into_check` of a pseudo-legal move where a king is marked
    /// promoted: on its king, which skips that one; castling counts as into check when
    /// that king is in check.
    fn leaves_check_skipping(&self, q: QMove) -> bool {
        let us = self.pos.turn();
        let Some(king) = king_skipping(&self.pos, us, self.promoted) else {
            return false;
        };
        let in_check = checkers_skipping(&self.pos, self.promoted).any();
        // In check, python-chess's evasions move that king or a piece that is no king.
        let other_king =
            q.from() != king && self.pos.board().by_role(Role::King).contains(q.from());
        if q.is_castle() || in_check && other_king {
            return in_check;
        }
        let Some(after) = rules::play(&self.pos, q) else {
            return false;
        };
        let (after, _) = position_of(after, self.chess960);
        // The king as it stood before the move (another king moving past it stays other).
        let target = if q.from() == king { q.to() } else { king };
        rules::attackers(&after, !us, target).any()
    }

    /// python-chess's `is_legal`: [`Board::to_legal`], or where a king is marked promoted,
    /// a pseudo-legal move not [`Board::leaves_check_skipping`] (its move list can differ).
    fn legal_skipping(&self, m: Move) -> bool {
        if self.promoted_king() {
            return self
                .to_pseudo_legal(m)
                .is_some_and(|q| !self.leaves_check_skipping(q));
        }
        self.to_legal(m, false).is_some()
    }

    /// `san` with python-chess's check mark where a king is marked promoted: a check on
    /// its king, which skips a promoted one (unchanged otherwise).
    fn check_mark_skipping(&self, q: QMove, san: String) -> String {
        if !self.promoted_king() {
            return san;
        }
        let mut san = san.trim_end_matches(['+', '#']).to_owned();
        if let Some(after) = rules::play(&self.pos, q) {
            let (after, _) = position_of(after, self.chess960);
            if checkers_skipping(&after, promoted_after(self.promoted, &self.pos, q)).any() {
                san.push(if rules::legal_moves(&after).is_empty() {
                    '#'
                } else {
                    '+'
                });
            }
        }
        san
    }

    fn require_legal_board(&self, what: &str) -> PyResult<()> {
        if self.loose {
            return Err(PyValueError::new_err(format!(
                "{what} needs a board with one king a side, no pawn on a back rank and the side not to move out of check: {}",
                self.fen_text()
            )));
        }
        Ok(())
    }

    fn parse_san_move(&self, san: &str) -> PyResult<QMove> {
        if san == "--" || san == "Z0" || san == "0000" || san == "@@@@" {
            return Ok(QMove::NULL);
        }
        let castles = ["O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"];
        let long_castles = ["O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"];
        let side = if castles.contains(&san) {
            Some(quadboard_chess::CastlingSide::KingSide)
        } else if long_castles.contains(&san) {
            Some(quadboard_chess::CastlingSide::QueenSide)
        } else {
            None
        };
        if let Some(side) = side {
            return self
                .legal_qmoves()
                .into_iter()
                .find(|q| q.castling_side() == Some(side))
                .ok_or_else(|| {
                    IllegalMoveError::new_err(format!(
                        "illegal san: {} in {}",
                        py_repr(san),
                        self.fen_text()
                    ))
                });
        }
        // What python-chess's SAN grammar does not take is invalid, whatever the library's
        // reader would make of it (`Pe4`, `e4!?`, `nf3`).
        let parts = san_parts(san).ok_or_else(|| {
            let what = if san.contains(',') {
                "unsupported multi-leg move"
            } else {
                "invalid san"
            };
            InvalidMoveError::new_err(format!("{what}: {}", py_repr(san)))
        })?;
        if parts.role.is_none() {
            if let (Some(file), Some(rank)) = (parts.file, parts.rank) {
                return self.find_san_move(san, rank * 8 + file, parts.to, parts.promotion);
            }
        }
        let parsed = if self.loose {
            rules::parse_san(&self.pos, san)
        } else {
            self.pos.parse_san(san)
        };
        parsed.or_else(|e| match e {
            // Text the grammar takes and the library's reader does not (`e8=K`).
            SanError::Syntax(_) => self.match_san(san, parts),
            SanError::Illegal(_) => Err(IllegalMoveError::new_err(format!(
                "illegal san: {} in {}",
                py_repr(san),
                self.fen_text()
            ))),
            SanError::Ambiguous { .. } => Err(AmbiguousMoveError::new_err(format!(
                "ambiguous san: {} in {}",
                py_repr(san),
                self.fen_text()
            ))),
        })
    }

    /// python-chess's matching of SAN the library's reader refused (`e8=K`): the legal moves from the squares the text allows to the target (not a
    /// square of the side to move) with exactly its promotion.
    fn match_san(&self, san: &str, parts: SanParts) -> PyResult<QMove> {
        let board = self.pos.board();
        let us = board.by_color(self.pos.turn());
        let mut from_mask = Bitboard::FULL;
        if let Some(file) = parts.file {
            from_mask &= Bitboard::file(File::new(file));
        }
        if let Some(rank) = parts.rank {
            from_mask &= Bitboard::rank(Rank::new(rank));
        }
        match parts.role {
            Some(role) => from_mask &= board.by_role(role) & us,
            None => {
                from_mask &= board.by_role(Role::Pawn);
                if parts.file.is_none() {
                    from_mask &= Bitboard::file(Square::new(parts.to).file());
                }
            }
        }
        let to = Square::new(parts.to);
        let mut found = None;
        for q in self.legal_qmoves() {
            // python-chess tests castling's target mask against the rook, a square of the
            // side to move, which the target never is.
            if q.is_castle() {
                continue;
            }
            let m = self.to_py(&self.pos, q);
            let fits = from_mask.contains(Square::new(m.from))
                && m.to == parts.to
                && !us.contains(to)
                && m.promotion == parts.promotion.unwrap_or(0);
            if !fits {
                continue;
            }
            if found.is_some() {
                return Err(AmbiguousMoveError::new_err(format!(
                    "ambiguous san: {} in {}",
                    py_repr(san),
                    self.fen_text()
                )));
            }
            found = Some(q);
        }
        found.ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal san: {} in {}",
                py_repr(san),
                self.fen_text()
            ))
        })
    }

    /// python-chess's reading of SAN that names both squares and no piece (`g1f3`,
    /// `e2-e4`, `e7e8q`): the legal move `find_move` gives, whatever piece moves; a pawn
    /// reaching the last rank must name its promotion.
    fn find_san_move(&self, san: &str, from: u8, to: u8, promotion: Option<u8>) -> PyResult<QMove> {
        let pawn_to_last = self
            .pos
            .board()
            .by_role(Role::Pawn)
            .contains(Square::new(from))
            && Bitboard::BACKRANKS.contains(Square::new(to));
        let wanted = match promotion {
            None if pawn_to_last => Role::Queen as u8,
            p => p.unwrap_or(0),
        };
        let m = Move {
            from,
            to,
            promotion: wanted,
            drop: 0,
        };
        let q = self
            .to_legal(m, true)
            .ok_or_else(|| self.no_matching_move(m))?;
        if promotion.unwrap_or(0) != wanted {
            return Err(IllegalMoveError::new_err(format!(
                "missing promotion piece type: {} in {}",
                py_repr(san),
                self.fen_text()
            )));
        }
        Ok(q)
    }

    fn parse_uci_move(&self, uci: &str) -> PyResult<QMove> {
        let b = uci.as_bytes();
        let promotes_to_pawn_or_king =
            b.len() == 5 && matches!(b[4], b'p' | b'k') && Move::parse_uci(&uci[..4]).is_ok();
        let drop = b.len() == 4
            && b[1] == b'@'
            && b"pnbrqk".contains(&b[0].to_ascii_lowercase())
            && Square::from_ascii(&b[2..4]).is_ok();
        if promotes_to_pawn_or_king || drop {
            // python-chess reads these as UCI (a promotion to a pawn or king, a drop), and
            // none is ever legal.
            return Err(self.illegal_uci(uci));
        }
        let m = Move::parse_uci(uci)?;
        if m.is_null() {
            return Ok(QMove::NULL);
        }
        self.to_legal(m, true).ok_or_else(|| self.illegal_uci(uci))
    }

    /// python-chess's error of `parse_uci` and `push_uci` for a move that is not legal.
    fn illegal_uci(&self, uci: &str) -> PyErr {
        IllegalMoveError::new_err(format!(
            "illegal uci: {} in {}",
            py_repr(uci),
            self.fen_text()
        ))
    }

    fn push_library(&mut self, py: Python<'_>, m: QMove) -> PyResult<Py<MoveObj>> {
        let py_move = self.to_py(&self.pos, m);
        self.play(m, !self.loose)?;
        py_move.object(py)
    }
}

/// Makes a move read by `read` through a subclass's `push` (see [`overridden`]), or
/// directly; returns it.
fn push_read<'py>(
    slf: &Bound<'py, Board>,
    read: impl FnOnce(&Board) -> PyResult<QMove>,
) -> PyResult<Py<MoveObj>> {
    let py = slf.py();
    if let Some(push) = overridden(slf, "push")? {
        let m = {
            let board = slf.borrow();
            let q = read(&board)?;
            board.to_py(&board.pos, q).object(py)?
        };
        push.call1((m.clone_ref(py),))?;
        return Ok(m);
    }
    let mut board = slf.borrow_mut();
    let q = read(&board)?;
    board.push_library(py, q)
}

/// A position of any setup and whether it is loose (see [`Board::loose`]).
pub(crate) fn position_of(mut setup: Setup, chess960: bool) -> (Position, bool) {
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    if !chess960 {
        setup.castling_rooks &= standard_castling_rooks(&setup.board);
    }
    let (pos, reasons) = Position::from_setup_permissive(setup, mode);
    // An en passant square the library refuses (no pawn behind it, say) still gives
    // python-chess a capture when a pawn of the side to move attacks it: such a board is
    // played by python-chess's rules, which keep the square.
    let loose = !reasons.without(Reasons::IGNORABLE).is_empty()
        || (reasons.contains(Reasons::INVALID_EP_SQUARE) && rules::has_pseudo_legal_ep(&pos));
    let fixable = Reasons::INVALID_CASTLING_RIGHTS | Reasons::INVALID_EP_SQUARE;
    if loose || reasons.without(fixable.complement()).is_empty() {
        return (pos, loose);
    }
    // The library's move generator needs rights and an en passant square that hold.
    setup.drop_invalid_castling_rights();
    setup.drop_invalid_ep_square();
    (Position::from_setup_permissive(setup, mode).0, false)
}

/// A subclass's own method `name` (bound to `slf`), where it replaces `Board`'s: python-chess
/// calls its public methods from its others (`push_san` and `san()` call `push`, `copy.copy`
/// calls `copy()`, `is_game_over()` calls `outcome()`), so a subclass that logs or tracks
/// there sees those calls too. `None` for a `Board` itself (one pointer comparison on the
/// common path).
fn overridden<'py>(slf: &Bound<'py, Board>, name: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = slf.py();
    let cls = slf.get_type();
    if cls.is(py.get_type::<Board>())
        || cls.getattr(name)?.is(py.get_type::<Board>().getattr(name)?)
    {
        return Ok(None);
    }
    slf.getattr(name).map(Some)
}

/// python-chess writes SAN and LAN and answers `gives_check` by making the move and taking
/// it back through `self.push` and `self.pop`: a subclass's own `push` or `pop` sees that
/// pair (after the answer is found here, which the pair does not change).
fn look_ahead(slf: &Bound<'_, Board>, m: &Bound<'_, MoveObj>) -> PyResult<()> {
    let (push, pop) = (overridden(slf, "push")?, overridden(slf, "pop")?);
    if push.is_none() && pop.is_none() {
        return Ok(());
    }
    match push {
        Some(push) => drop(push.call1((m,))?),
        None => slf.borrow_mut().push(m)?,
    }
    match pop {
        Some(pop) => drop(pop.call0()?),
        None => drop(slf.borrow_mut().pop(slf.py())?),
    }
    Ok(())
}

/// What a subclass's own `outcome(claim_draw=...)` returns, where it has one: python-chess's
/// `is_game_over()` and `result()` ask it.
fn overridden_outcome<'py>(
    slf: &Bound<'py, Board>,
    claim_draw: bool,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Some(outcome) = overridden(slf, "outcome")? else {
        return Ok(None);
    };
    let kwargs = PyDict::new(slf.py());
    kwargs.set_item("claim_draw", claim_draw)?;
    outcome.call((), Some(&kwargs)).map(Some)
}

/// The board as an object of `cls`: a subclass's object is made as python-chess makes
/// copies, `cls(None)`, then given the board.
fn of_type<'py>(cls: &Bound<'py, PyType>, board: Board) -> PyResult<Bound<'py, PyAny>> {
    let py = cls.py();
    if cls.is(py.get_type::<Board>()) {
        return Ok(Bound::new(py, board)?.into_any());
    }
    let obj = cls.call1((py.None(),))?;
    *obj.cast::<Board>()?.borrow_mut() = board;
    Ok(obj)
}

/// The squares a move touches: its origin and destination (none for the null move, as
/// python-chess's XOR of the two).
fn touched(m: Move) -> Bitboard {
    Bitboard((1u64 << m.from) ^ (1u64 << m.to))
}

/// The back rank of a colour (rank 1 for white).
fn back_rank(white: bool) -> Bitboard {
    Bitboard::rank(if white { Rank::First } else { Rank::Eighth })
}

/// python-chess's king of `color`: the highest of its kings not marked `promoted`.
fn king_skipping(pos: &Position, color: Color, promoted: Bitboard) -> Option<Square> {
    pos.board()
        .by_piece(quadboard_chess::Piece::new(color, Role::King))
        .without(promoted)
        .msb()
}

/// python-chess's checkers: the attackers of [`king_skipping`]'s king of the side to move.
fn checkers_skipping(pos: &Position, promoted: Bitboard) -> Bitboard {
    king_skipping(pos, pos.turn(), promoted)
        .map_or(Bitboard::EMPTY, |k| rules::attackers(pos, !pos.turn(), k))
}

/// python-chess's `promoted` after a move of `before`: the mover's mark goes with it (a
/// promotion marks its square), what a capture or castling clears is cleared.
fn promoted_after(promoted: Bitboard, before: &Position, m: QMove) -> Bitboard {
    if m == QMove::NULL || promoted.is_empty() && m.promotion_role().is_none() {
        return promoted;
    }
    let (from, to) = (m.from(), m.to());
    let mut after = promoted.without(from.bitboard() | to.bitboard());
    match m.kind() {
        MoveKind::Castle => {
            let side = quadboard_chess::CastlingSide::of(from, to);
            let us = before.turn();
            after.without(side.king_to(us).bitboard() | side.rook_to(us).bitboard())
        }
        kind => {
            if kind == MoveKind::EnPassant {
                after = after.without(Square::from_coords(to.file(), from.rank()).bitboard());
            }
            if promoted.contains(from) || m.promotion_role().is_some() {
                after |= to.bitboard();
            }
            after
        }
    }
}

/// A FEN without the `~` marks of promoted pieces (python-chess reads `Q~`), and the
/// squares they marked. A `~` that follows no piece letter is left for the FEN reader to
/// report.
fn unmark_promoted(fen: &str) -> (std::borrow::Cow<'_, str>, Bitboard) {
    let placement = fen.trim_start().split(' ').next().unwrap_or_default();
    if !placement.contains('~') {
        return (std::borrow::Cow::Borrowed(fen), Bitboard::EMPTY);
    }
    let mut marks = Bitboard::EMPTY;
    let mut kept = String::with_capacity(fen.len());
    let (mut rank, mut file, mut after_piece) = (7u8, 0u8, false);
    for c in placement.chars() {
        match c {
            '~' if after_piece && (1..=8).contains(&file) => {
                marks |= Square::new(rank * 8 + file - 1).bitboard();
                after_piece = false;
                continue;
            }
            '/' => {
                rank = rank.saturating_sub(1);
                file = 0;
            }
            '1'..='8' => file = file.saturating_add(c as u8 - b'0'),
            _ => file = file.saturating_add(1),
        }
        after_piece = c.is_ascii_alphabetic();
        kept.push(c);
    }
    let rest = &fen.trim_start()[placement.len()..];
    kept.push_str(rest);
    (std::borrow::Cow::Owned(kept), marks)
}

/// A FEN's placement field with `~` after each piece on a square of `promoted`
/// (python-chess's `promoted=True`).
fn mark_promoted(placement: &str, promoted: Bitboard) -> String {
    let mut out = String::with_capacity(placement.len() + 4);
    let (mut rank, mut file) = (7u8, 0u8);
    for c in placement.chars() {
        out.push(c);
        match c {
            '/' => {
                rank = rank.saturating_sub(1);
                file = 0;
            }
            '1'..='8' => file += c as u8 - b'0',
            _ => {
                if file < 8 && promoted.contains(Square::new(rank * 8 + file)) {
                    out.push('~');
                }
                file += 1;
            }
        }
    }
    out
}

/// The corner rooks that may keep castling rights in standard chess: each colour's, on
/// its back rank's corners, with its king on the e-file of that rank.
fn standard_castling_rooks(board: &quadboard_chess::Board) -> Bitboard {
    let mut rooks = Bitboard::EMPTY;
    for (color, rank) in [(Color::White, Rank::First), (Color::Black, Rank::Eighth)] {
        let king = quadboard_chess::Piece::new(color, Role::King);
        if board.piece_at(Square::from_coords(File::E, rank)) == Some(king) {
            let corners = Bitboard::from_square(Square::from_coords(File::A, rank))
                | Square::from_coords(File::H, rank).bitboard();
            rooks |= corners & board.by_piece(quadboard_chess::Piece::new(color, Role::Rook));
        }
    }
    rooks
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
    /// The move in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q#`); a pseudo-legal move is written
    /// too, as python-chess writes it; `IllegalMoveError` for anything else.
    fn san(slf: &Bound<'_, Self>, m: &Bound<'_, MoveObj>) -> PyResult<String> {
        let san = slf.borrow().san_text(m.get().value())?;
        look_ahead(slf, m)?;
        Ok(san)
    }

    /// The move in long algebraic notation: `Ng1-f3`, `e4xd5`, `O-O`, `e7-e8=Q+`.
    fn lan(slf: &Bound<'_, Self>, m: &Bound<'_, MoveObj>) -> PyResult<String> {
        let lan = slf.borrow().lan_text(m.get().value())?;
        look_ahead(slf, m)?;
        Ok(lan)
    }

    /// Whether the move gives check (legal or pseudo-legal); `IllegalMoveError` otherwise.
    fn gives_check(slf: &Bound<'_, Self>, m: &Bound<'_, MoveObj>) -> PyResult<bool> {
        let check = slf.borrow().gives_check_of(m)?;
        look_ahead(slf, m)?;
        Ok(check)
    }

    /// A new board object; its position comes from `__init__`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Board {
        // The position is set by `__init__`, so that a subclass whose `__init__` takes
        // other arguments works as on python-chess (it calls `super().__init__(fen)`).
        Board::from_position(Position::new(), false)
    }

    /// `Board(fen=STARTING_FEN, *, chess960=False)`: `None` for an empty board; a FEN may
    /// carry python-chess's promoted marks (`Q~`). `ValueError` naming what is wrong.
    #[pyo3(signature = (fen = Some(STARTING_FEN.to_owned()), *, chess960 = false))]
    fn __init__(&mut self, fen: Option<String>, chess960: bool) -> PyResult<()> {
        *self = match fen {
            None => Board::from_setup(Setup::empty(), chess960),
            Some(fen) => {
                let (unmarked, promoted) = unmark_promoted(&fen);
                let mut board =
                    Board::from_setup(read_fen_as_python_chess(&fen, &unmarked)?, chess960);
                board.promoted = promoted;
                board
            }
        };
        Ok(())
    }

    /// The FEN of the position (python-chess's: en passant only when a legal capture
    /// exists, X-FEN castling; `shredder=True` for Shredder-FEN castling letters).
    #[pyo3(signature = (*, shredder = Flag(false), en_passant = "legal", promoted = None))]
    fn fen(&self, shredder: Flag, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        let shredder = shredder.0;
        let mut setup = self.pos.to_setup();
        setup.ep_square = self.ep_for(en_passant)?;
        let fen = self.write_fen(&setup, shredder);
        if promoted != Some(true) || self.promoted.is_empty() {
            return Ok(fen);
        }
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        Ok(format!(
            "{} {rest}",
            mark_promoted(placement, self.promoted)
        ))
    }

    /// The piece placement part of the FEN.
    #[pyo3(signature = (*, promoted = None))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let fen = self.pos.to_setup().to_fen(CastlingMode::Standard);
        let placement = fen.split(' ').next().unwrap_or_default().to_owned();
        if promoted == Some(true) {
            return mark_promoted(&placement, self.promoted);
        }
        placement
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

    /// The castling rights as a set of rook squares (bit i for square i), as set: like
    /// python-chess's, they may include rights that no longer hold after edits (see
    /// `clean_castling_rights()`).
    #[getter]
    fn castling_rights(&self) -> u64 {
        self.castling_raw.0
    }

    /// Whether `color` may still castle on some side.
    fn has_castling_rights(&self, color: Flag) -> bool {
        let color = color.0;
        (self.clean_rights() & back_rank(color)).any()
    }

    /// Whether `color` may still castle king side (a right's rook above its king).
    fn has_kingside_castling_rights(&self, color: Flag) -> bool {
        let color = color.0;
        self.side_rights(color, true)
    }

    /// Whether `color` may still castle queen side (a right's rook below its king).
    fn has_queenside_castling_rights(&self, color: Flag) -> bool {
        let color = color.0;
        self.side_rights(color, false)
    }

    /// The en passant square after a double pawn push (whether or not a capture is
    /// possible, as python-chess keeps it), else None.
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.py_ep().map(|s| s.index() as u8)
    }

    /// Whether an en passant capture is legal.
    fn has_legal_en_passant(&self) -> bool {
        self.legal_ep().is_some()
    }

    /// Plies played since the game began: `2 * (fullmove_number - 1)`, plus 1 with black
    /// to move.
    fn ply(&self) -> i64 {
        // python-chess's arithmetic: -1 or -2 after `fullmove_number = 0`.
        2 * (i64::from(self.pos.fullmoves()) - 1) + i64::from(!self.pos.turn().is_white())
    }

    /// The legal moves: iterable, with `len()` and `in`.
    #[getter]
    fn legal_moves(slf: Bound<'_, Board>) -> LegalMoveGenerator {
        LegalMoveGenerator {
            board: slf.unbind(),
        }
    }

    /// The moves made, oldest first.
    #[getter]
    fn move_stack<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        if let Some(list) = &self.live_stack.0 {
            let list = list.bind(py);
            if list.len() == self.stack.len() {
                return Ok(list.clone());
            }
        }
        let moves = self
            .stack
            .iter()
            .map(|e| self.to_py(&e.before, e.m).object(py))
            .collect::<PyResult<Vec<_>>>()?;
        match &self.live_stack.0 {
            // The same list again, its items replaced (the stack was cleared or the
            // program changed the list's length), so that names bound to it see them.
            Some(list) => {
                let list = list.bind(py);
                list.set_slice(0, list.len(), PyList::new(py, moves)?.as_any())?;
                Ok(list.clone())
            }
            None => {
                let list = PyList::new(py, moves)?;
                self.live_stack.0 = Some(list.clone().unbind());
                Ok(list)
            }
        }
    }

    /// Makes a legal or pseudo-legal move, or the null move, as python-chess's `push` is
    /// documented to take; `IllegalMoveError` naming any other move (python-chess does
    /// not check, and would corrupt its board). The keyword is python-chess's, `move`.
    pub(crate) fn push(&mut self, r#move: &Bound<'_, MoveObj>) -> PyResult<()> {
        let m = r#move.get().value();
        if m.is_null() {
            return self.play(QMove::NULL, false);
        }
        if !self.loose {
            if let Some(q) = self.listed.find(&self.pos, self.chess960, m) {
                return self.play(q, true);
            }
            if let Some(q) = self.to_legal(m, true) {
                return self.play(q, true);
            }
        }
        let q = self.to_pseudo_legal(m).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "push: {} is not a pseudo-legal move in {}",
                m.to_uci(),
                self.fen_text()
            ))
        })?;
        self.play(q, false)
    }

    /// Reads a move in UCI, makes it and returns it. `InvalidMoveError` for text that is not
    /// UCI, `IllegalMoveError` for a move that is not legal.
    fn push_uci(slf: &Bound<'_, Self>, uci: &str) -> PyResult<Py<MoveObj>> {
        push_read(slf, |board| board.parse_uci_move(uci))
    }

    /// Reads a move in SAN, makes it and returns it. `InvalidMoveError`, `IllegalMoveError`
    /// or `AmbiguousMoveError` when it cannot.
    fn push_san(slf: &Bound<'_, Self>, san: &str) -> PyResult<Py<MoveObj>> {
        push_read(slf, |board| board.parse_san_move(san))
    }

    /// A move in XBoard notation: in Chess960 (`chess960`, the board's mode when `None`)
    /// castling is `O-O` or `O-O-O`; otherwise the move's own XBoard text (UCI as given,
    /// `@@@@` for the null move), as python-chess writes it.
    #[pyo3(signature = (r#move, chess960 = None))]
    fn xboard(&self, r#move: &Bound<'_, MoveObj>, chess960: Option<Flag>) -> String {
        let chess960 = chess960.map_or(self.chess960, |f| f.0);
        let m = r#move.get().value();
        if chess960 && !m.is_null() && self.castling_shape(m) {
            match self.castling_side(m) {
                Some(quadboard_chess::CastlingSide::QueenSide) => "O-O-O".to_owned(),
                _ => "O-O".to_owned(),
            }
        } else {
            m.xboard_text()
        }
    }

    /// Reads a move in XBoard notation (which python-chess reads as SAN, UCI text and
    /// `@@@@` included) without making it.
    fn parse_xboard(&self, py: Python<'_>, xboard: &str) -> PyResult<Py<MoveObj>> {
        self.parse_san(py, xboard)
    }

    /// Reads a move in XBoard notation and makes it; returns the move.
    fn push_xboard(slf: &Bound<'_, Self>, xboard: &str) -> PyResult<Py<MoveObj>> {
        Self::push_san(slf, xboard)
    }

    /// Reads a move in UCI without making it.
    fn parse_uci(&self, py: Python<'_>, uci: &str) -> PyResult<Py<MoveObj>> {
        let m = self.parse_uci_move(uci)?;
        self.to_py(&self.pos, m).object(py)
    }

    /// Reads a move in SAN without making it.
    fn parse_san(&self, py: Python<'_>, san: &str) -> PyResult<Py<MoveObj>> {
        let m = self.parse_san_move(san)?;
        self.to_py(&self.pos, m).object(py)
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    pub(crate) fn pop(&mut self, py: Python<'_>) -> PyResult<Py<MoveObj>> {
        // The object `move_stack` holds, as python-chess returns it (changed or not).
        let held = if self.live_stack.0.is_some() {
            self.live_last(py)
        } else {
            None
        };
        let Some(m) = self.take_back() else {
            return Err(PyIndexError::new_err("pop from empty list"));
        };
        match held {
            Some(held) => Ok(held),
            None => self.to_py(&self.pos, m).object(py),
        }
    }

    /// The last move; `IndexError` when there is none.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<MoveObj>> {
        let Some(e) = self.stack.last() else {
            return Err(PyIndexError::new_err("list index out of range"));
        };
        match self.live_last(py) {
            Some(m) => Ok(m),
            None => self.to_py(&e.before, e.m).object(py),
        }
    }

    /// A copy; `stack=False` drops the move stack, an int keeps that many last moves.
    #[pyo3(signature = (*, stack = None))]
    fn copy<'py>(
        slf: &Bound<'py, Self>,
        stack: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = slf.borrow().copied(stack)?;
        of_type(&slf.get_type(), board)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        if let Some(copy) = overridden(slf, "copy")? {
            return copy.call0();
        }
        of_type(&slf.get_type(), slf.borrow().clone())
    }

    /// python-chess's equality: the same placement, side to move, castling rights that
    /// hold, en passant square where a capture is legal, and counters; the move stack and
    /// the rights as set do not count. Anything but a board is `NotImplemented`.
    fn __eq__(&self, other: PyRef<'_, Board>) -> bool {
        self.eq_board(&other)
    }

    /// The move in UCI as python-chess's `Board.uci` writes it: castling as the king's
    /// two-square move in standard chess (`e1g1`, whichever side is to move) and as king
    /// takes rook with `chess960=True` (by default the board's mode).
    #[pyo3(signature = (m, *, chess960 = None))]
    fn uci(&self, m: &Bound<'_, MoveObj>, chess960: Option<bool>) -> String {
        let m = m.get().value();
        let chess960 = chess960.unwrap_or(self.chess960);
        let board = self.pos.board();
        let (kings, rooks) = (board.by_role(Role::King), board.by_role(Role::Rook));
        let (from, mut to) = (Square::new(m.from), Square::new(m.to));
        for (king, [c, g, a, h]) in [
            (Square::E1, [Square::C1, Square::G1, Square::A1, Square::H1]),
            (Square::E8, [Square::C8, Square::G8, Square::A8, Square::H8]),
        ] {
            if from != king || !kings.contains(king) {
                continue;
            }
            // The two-square step to king-takes-rook, then back unless Chess960.
            if to == g && !rooks.contains(g) {
                to = h;
            } else if to == c && !rooks.contains(c) {
                to = a;
            }
            if !chess960 && m.promotion == 0 {
                if to == h {
                    to = g;
                } else if to == a {
                    to = c;
                }
            }
        }
        Move {
            from: m.from,
            to: to.index() as u8,
            promotion: m.promotion,
            drop: m.drop,
        }
        .to_uci()
    }

    /// The move's SAN, then the move made (see `san` and `push`).
    fn san_and_push(slf: &Bound<'_, Self>, m: &Bound<'_, MoveObj>) -> PyResult<String> {
        let san = slf.borrow().san_text(m.get().value())?;
        match overridden(slf, "push")? {
            Some(push) => {
                push.call1((m,))?;
            }
            None => slf.borrow_mut().push(m)?,
        }
        Ok(san)
    }

    /// Whether the move is legal here.
    fn is_legal(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.legal_skipping(m.get().value())
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.in_check()
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_moves()
    }

    /// Whether the side to move has no legal move and is not in check.
    fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_moves()
    }

    /// Whether neither side has the material to mate (python-chess's definition).
    fn is_insufficient_material(&self) -> bool {
        self.insufficient()
    }

    /// Whether `color` alone lacks the material to mate.
    fn has_insufficient_material(&self, color: Flag) -> bool {
        let color = color.0;
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
    fn can_claim_threefold_repetition(&mut self) -> bool {
        let claim = self.claim_threefold();
        self.replay_claim_moves();
        claim
    }

    /// Whether a draw by the fifty-move rule can be claimed now or with a legal move.
    fn can_claim_fifty_moves(&self) -> bool {
        self.claim_fifty()
    }

    /// Either claim.
    fn can_claim_draw(&mut self) -> bool {
        self.claim_fifty() || self.can_claim_threefold_repetition()
    }

    /// How the game ended, or None: an `Outcome` with `termination` and `winner`.
    /// Claimable draws count only with `claim_draw=True`.
    #[pyo3(signature = (*, claim_draw = Flag(false)))]
    fn outcome(&mut self, py: Python<'_>, claim_draw: Flag) -> PyResult<Option<Py<PyAny>>> {
        let claim_draw = claim_draw.0;
        self.outcome_claimed(claim_draw)
            .map(|(name, winner)| make_outcome(py, name, winner))
            .transpose()
    }

    /// Whether the game has ended (with `claim_draw=True`, a claimable draw counts).
    #[pyo3(signature = (*, claim_draw = Flag(false)))]
    fn is_game_over(slf: &Bound<'_, Self>, claim_draw: Flag) -> PyResult<bool> {
        if let Some(outcome) = overridden_outcome(slf, claim_draw.0)? {
            return Ok(!outcome.is_none());
        }
        Ok(slf.borrow_mut().outcome_claimed(claim_draw.0).is_some())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = Flag(false)))]
    fn result(slf: &Bound<'_, Self>, claim_draw: Flag) -> PyResult<String> {
        if let Some(outcome) = overridden_outcome(slf, claim_draw.0)? {
            return if outcome.is_none() {
                Ok("*".to_owned())
            } else {
                outcome.call_method0("result")?.extract()
            };
        }
        Ok(match slf.borrow_mut().outcome_claimed(claim_draw.0) {
            None => "*",
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
        }
        .to_owned())
    }

    /// The piece on a square (0 = a1 ... 63 = h8), or None.
    fn piece_at(&self, py: Python<'_>, square: i64) -> PyResult<Option<Py<PyAny>>> {
        let square = Square::new(square_arg(square)?);
        self.pos
            .piece_at(square)
            .map(|p| Piece::of(p).object(py))
            .transpose()
    }

    /// The piece type on a square, or None.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        let square = Square::new(square_arg(square)?);
        Ok(self.pos.board().role_at(square).map(|r| r as u8))
    }

    /// The square of `color`'s king (the highest, when it has several).
    fn king(&self, color: Flag) -> Option<u8> {
        let color = color.0;
        king_skipping(&self.pos, color_of(color), self.promoted).map(|s| s.index() as u8)
    }

    /// The Polyglot key, equal to python-chess's `chess.polyglot.zobrist_hash(board)`.
    fn zobrist_hash(&self) -> u64 {
        if !self.loose && self.ep_kept.is_none() && self.castling_raw == self.pos.castling_rooks() {
            return self.pos.key();
        }
        // python-chess's hasher on what python-chess holds: the rights its
        // `has_*_castling_rights` see, an en passant square kept as set (a1 read as none).
        use quadboard_chess::zobrist;
        let board = self.pos.board();
        let turn = self.pos.turn();
        let mut key = zobrist::board_key(board);
        if turn.is_white() {
            key ^= zobrist::white_to_move();
        }
        for color in [Color::White, Color::Black] {
            for side in [
                quadboard_chess::CastlingSide::KingSide,
                quadboard_chess::CastlingSide::QueenSide,
            ] {
                let king_side = side == quadboard_chess::CastlingSide::KingSide;
                if self.side_rights(color.is_white(), king_side) {
                    key ^= zobrist::castling(color, side);
                }
            }
        }
        let ep = self.py_ep().filter(|ep| ep.index() != 0);
        key ^ zobrist::en_passant_key(board, turn, ep)
    }

    /// Whether the move captures: it touches (leaves or lands on) a square of the other
    /// side, or takes en passant. As python-chess's, by the move's shape: it need not be
    /// legal.
    fn is_capture(&self, m: &Bound<'_, MoveObj>) -> bool {
        let m = m.get().value();
        let them = self.pos.board().by_color(!self.pos.turn());
        (touched(m) & them).any() || self.en_passant_shape(m)
    }

    /// Whether the move is an en passant capture by its shape: a pawn of the side to move
    /// steps diagonally onto the empty en passant square (legal or not).
    fn is_en_passant(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.en_passant_shape(m.get().value())
    }

    /// Whether the move is castling by its shape: a king moves two files or more, or onto
    /// a rook of the side to move (legal or not, as python-chess's).
    fn is_castling(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.castling_shape(m.get().value())
    }

    /// Static exchange evaluation of a legal move, in centipawns from the mover's side:
    /// pawn 100, knight 300, bishop 300, rook 500, queen 900 (the king is never taken).
    /// `IllegalMoveError` if not legal.
    fn see(&self, m: &Bound<'_, MoveObj>) -> PyResult<i32> {
        let q = self.legal(m.get().value())?;
        self.require_legal_board("see")?;
        Ok(self.pos.see(q))
    }

    // ---- Placement queries (any board) ----

    /// A dict of square to piece for the occupied squares of `mask`, highest square first
    /// (python-chess's order).
    #[pyo3(signature = (*, mask = u64::MAX))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: u64) -> PyResult<Bound<'py, PyDict>> {
        let board = self.pos.board();
        let dict = PyDict::new(py);
        // The twelve pieces taken from their list once and the squares' ints made once:
        // each entry is then one `PyDict_SetItem`, with no object made or looked up.
        let pieces: Vec<Bound<'py, PyAny>> = Piece::table(py)?.iter().collect();
        let squares = square_ints(py)?;
        for square in (board.occupied() & Bitboard(mask)).iter().rev() {
            if let Some(piece) = board.piece_at(square) {
                let piece = Piece::of(piece);
                let index = usize::from(piece.color) * 6 + usize::from(piece.piece_type) - 1;
                if let Some(object) = pieces.get(index) {
                    dict.set_item(squares[square.index()].bind(py), object)?;
                }
            }
        }
        Ok(dict)
    }

    /// The mask of the pieces of a type (1 = pawn ... 6 = king) and colour.
    pub(crate) fn pieces_mask(&self, piece_type: i64, color: Flag) -> PyResult<u64> {
        let color = color.0;
        Ok(self
            .pos
            .board()
            .by_piece(quadboard_chess::Piece::new(
                color_of(color),
                role_arg(piece_type)?,
            ))
            .0)
    }

    /// The squares of the pieces of a type and colour.
    fn pieces(&self, py: Python<'_>, piece_type: i64, color: Flag) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.pieces_mask(piece_type, color)?)
    }

    /// The occupied squares.
    #[getter]
    fn occupied(&self) -> u64 {
        self.pos.board().occupied().0
    }

    /// The squares of each colour: `[black, white]`, indexed by `BLACK` and `WHITE`.
    #[getter]
    fn occupied_co(&self) -> [u64; 2] {
        let board = self.pos.board();
        [
            board.by_color(Color::Black).0,
            board.by_color(Color::White).0,
        ]
    }

    /// The squares of the pawns, both colours.
    #[getter]
    fn pawns(&self) -> u64 {
        self.pos.board().by_role(Role::Pawn).0
    }

    /// The squares of the knights.
    #[getter]
    fn knights(&self) -> u64 {
        self.pos.board().by_role(Role::Knight).0
    }

    /// The squares of the bishops.
    #[getter]
    fn bishops(&self) -> u64 {
        self.pos.board().by_role(Role::Bishop).0
    }

    /// The squares of the rooks.
    #[getter]
    fn rooks(&self) -> u64 {
        self.pos.board().by_role(Role::Rook).0
    }

    /// The squares of the queens.
    #[getter]
    fn queens(&self) -> u64 {
        self.pos.board().by_role(Role::Queen).0
    }

    /// The squares of the kings.
    #[getter]
    fn kings(&self) -> u64 {
        self.pos.board().by_role(Role::King).0
    }

    /// The squares of promoted pieces: set by promotions (and `set_piece_at(...,
    /// promoted=True)`), moving with the piece, cleared when it is taken or the square is
    /// edited. Written as `Q~` by `fen(promoted=True)`; it changes no rule of standard chess.
    #[getter]
    fn promoted(&self) -> u64 {
        self.promoted.0
    }

    #[setter]
    fn set_promoted(&mut self, mask: &Bound<'_, PyAny>) -> PyResult<()> {
        self.promoted = Bitboard(mask_of(mask)?);
        Ok(())
    }

    /// The colour of the piece on a square, or None.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        let square = Square::new(square_arg(square)?);
        Ok(self.pos.board().color_at(square).map(Color::is_white))
    }

    /// The squares the piece on a square attacks (0 for an empty square).
    fn attacks_mask(&self, square: i64) -> PyResult<u64> {
        let square = Square::new(square_arg(square)?);
        let board = self.pos.board();
        Ok(board.piece_at(square).map_or(0, |piece| {
            quadboard_chess::attacks::piece_attacks(piece, square, board.occupied()).0
        }))
    }

    /// The squares the piece on a square attacks, as a `SquareSet`.
    fn attacks(&self, py: Python<'_>, square: i64) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.attacks_mask(square)?)
    }

    /// The pieces of `color` that attack a square, given the occupied squares (the board's
    /// by default).
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers_mask(
        &self,
        color: Flag,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let color = color.0;
        let square = Square::new(square_arg(square)?);
        let board = self.pos.board();
        let occupied = match occupied {
            Some(o) => Bitboard(mask_of(o)?),
            None => board.occupied(),
        };
        Ok(board.attackers(square, color_of(color), occupied).0)
    }

    /// [`Board::attackers_mask`] as a `SquareSet`.
    #[pyo3(signature = (color, square, occupied = None))]
    fn attackers(
        &self,
        py: Python<'_>,
        color: Flag,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.attackers_mask(color, square, occupied)?)
    }

    /// Whether a piece of `color` attacks the square.
    #[pyo3(signature = (color, square, occupied = None))]
    fn is_attacked_by(
        &self,
        color: Flag,
        square: i64,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let color = color.0;
        Ok(self.attackers_mask(Flag(color), square, occupied)? != 0)
    }

    /// The pieces giving check to the side to move.
    fn checkers_mask(&self) -> u64 {
        checkers_skipping(&self.pos, self.promoted).0
    }

    /// The pieces giving check, as a `SquareSet`.
    fn checkers(&self, py: Python<'_>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.checkers_mask())
    }

    /// The line a piece of `color` on `square` is pinned to its king along, or every
    /// square when it is not pinned.
    fn pin_mask(&self, color: Flag, square: i64) -> PyResult<u64> {
        let color = color.0;
        let square = Square::new(square_arg(square)?);
        Ok(rules::pin_mask(&self.pos, color_of(color), square).0)
    }

    /// [`Board::pin_mask`] as a `SquareSet`.
    fn pin(&self, py: Python<'_>, color: Flag, square: i64) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.pin_mask(color, square)?)
    }

    /// Whether a piece of `color` on `square` is pinned to its king.
    fn is_pinned(&self, color: Flag, square: i64) -> PyResult<bool> {
        let color = color.0;
        Ok(self.pin_mask(Flag(color), square)? != u64::MAX)
    }

    /// Whether a pseudo-legal move would leave the mover's king attacked. For any other
    /// move, python-chess's answer: True in check; else True for a king move to an
    /// attacked square or a move of a pinned piece off its line.
    fn is_into_check(&self, m: &Bound<'_, MoveObj>) -> bool {
        let m = m.get().value();
        let us = self.pos.turn();
        if let Some(q) = self.to_pseudo_legal(m).filter(|_| self.promoted_king()) {
            return self.leaves_check_skipping(q);
        }
        if let Some(q) = self.to_pseudo_legal(m) {
            return if self.loose {
                !rules::legal_moves(&self.pos).contains(&q)
            } else {
                !self.pos.is_legal(q)
            };
        }
        let Some(king) = king_skipping(&self.pos, us, self.promoted) else {
            return false;
        };
        if checkers_skipping(&self.pos, self.promoted).any() {
            return true;
        }
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        if from == king {
            return !self.castling_shape(m) && rules::attackers(&self.pos, !us, to).any();
        }
        let pinned = self.pos.board().by_color(us).contains(from)
            && rules::pin_mask(&self.pos, us, from) != Bitboard::FULL;
        pinned && !quadboard_chess::attacks::line(from, to).contains(king)
    }

    /// Whether the side that just moved left its king attacked.
    fn was_into_check(&self) -> bool {
        let them = !self.pos.turn();
        king_skipping(&self.pos, them, self.promoted)
            .is_some_and(|k| rules::attackers(&self.pos, !them, k).any())
    }

    /// Whether the move is pseudo-legal: a move of a piece of the side to move as it moves,
    /// perhaps leaving its king attacked (castling only when legal).
    fn is_pseudo_legal(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.to_pseudo_legal(m.get().value()).is_some()
    }

    /// The pseudo-legal moves: iterable, with `len()`, `count()` and `in`.
    #[getter]
    fn pseudo_legal_moves(slf: Bound<'_, Board>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator {
            board: slf.unbind(),
        }
    }

    /// The legal moves from squares of `from_mask` to squares of `to_mask` (for castling,
    /// the rook's square), in python-chess's order.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.legal_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, |_| true)
    }

    /// The legal captures (en passant included) between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.legal_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, |m| self.captures(m))
    }

    /// The pseudo-legal moves between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.pseudo_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, |_| true)
    }

    /// The pseudo-legal captures between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_captures<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.pseudo_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, |m| self.captures(m))
    }

    /// The legal castling moves between the masks (`to_mask` is tested against the rook).
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_castling_moves<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let mut moves = Vec::new();
        rules::castling_moves(&self.pos, &mut moves);
        self.move_iter(py, moves, from_mask, to_mask, |_| true)
    }

    /// The legal en passant captures between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.legal_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, QMove::is_en_passant)
    }

    /// The pseudo-legal en passant captures between the masks.
    #[pyo3(signature = (from_mask = u64::MAX, to_mask = u64::MAX))]
    fn generate_pseudo_legal_ep<'py>(
        &self,
        py: Python<'py>,
        from_mask: u64,
        to_mask: u64,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let moves = self.pseudo_qmoves();
        self.move_iter(py, moves, from_mask, to_mask, QMove::is_en_passant)
    }

    /// The legal move from one square to another: a pawn reaching the last rank promotes
    /// to `promotion` (a queen by default), and in standard chess the king's two-square
    /// move is castling. `IllegalMoveError` when there is none.
    #[pyo3(signature = (from_square, to_square, promotion = None))]
    fn find_move(
        &self,
        py: Python<'_>,
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
    ) -> PyResult<Py<MoveObj>> {
        let (from, to) = (square_arg(from_square)?, square_arg(to_square)?);
        let mut promotion = match promotion {
            Some(p) => role_arg(p)? as u8,
            None => 0,
        };
        let board = self.pos.board();
        let pawn_to_last = board.by_role(Role::Pawn).contains(Square::new(from))
            && Bitboard::BACKRANKS.contains(Square::new(to));
        if promotion == 0 && pawn_to_last {
            promotion = Role::Queen as u8;
        }
        let m = Move {
            from,
            to,
            promotion,
            drop: 0,
        };
        let q = self
            .to_legal(m, true)
            .ok_or_else(|| self.no_matching_move(m))?;
        self.to_py(&self.pos, q).object(py)
    }

    /// Whether the move resets the fifty-move counter (a pawn move or a capture).
    fn is_zeroing(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.zeroing_shape(m.get().value())
    }

    /// Whether the move can never be undone: zeroing, losing castling rights, or giving up
    /// a legal en passant capture.
    fn is_irreversible(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.irreversible(m.get().value())
    }

    /// Whether the move is castling king side.
    fn is_kingside_castling(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.castling_side(m.get().value()) == Some(quadboard_chess::CastlingSide::KingSide)
    }

    /// Whether the move is castling queen side.
    fn is_queenside_castling(&self, m: &Bound<'_, MoveObj>) -> bool {
        self.castling_side(m.get().value()) == Some(quadboard_chess::CastlingSide::QueenSide)
    }

    /// A line of legal moves in SAN with move numbers: `1. e4 e5 2. Nf3` (`1... e5` when
    /// black moves first). `IllegalMoveError` names the first illegal move.
    fn variation_san(&self, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = Board::from_position(*self.pos, self.chess960);
        board.loose = self.loose;
        // A king marked promoted keeps its mark along the line (the check marks skip it).
        board.promoted = self.promoted;
        let mut out = String::new();
        for (i, item) in variation.try_iter()?.enumerate() {
            let item = item?;
            let m: Move = item.cast::<MoveObj>()?.get().value();
            let q = board.to_legal(m, true).filter(|_| board.legal_skipping(m));
            let q = q.ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "illegal move {} in position {}",
                    m.to_uci(),
                    board.fen_text()
                ))
            })?;
            let white = board.pos.turn().is_white();
            if white {
                out.push_str(&format!(
                    "{}{}. ",
                    if i > 0 { " " } else { "" },
                    board.pos.fullmoves()
                ));
            } else if i == 0 {
                out.push_str(&format!("{}...", board.pos.fullmoves()));
            } else {
                out.push(' ');
            }
            out.push_str(&board.san_of(q));
            board.play(q, true)?;
        }
        Ok(out)
    }

    /// The board as it was before the first move of the stack.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        of_type(&slf.get_type(), slf.borrow().root_board())
    }

    // ---- Editing (any placement; each edit clears the move stack, as python-chess's) ----

    /// An empty board (no pieces, white to move).
    #[classmethod]
    #[pyo3(signature = (*, chess960 = false))]
    fn empty<'py>(cls: &Bound<'py, PyType>, chess960: bool) -> PyResult<Bound<'py, PyAny>> {
        of_type(cls, Board::from_setup(Setup::empty(), chess960))
    }

    /// Empties the board: no pieces, white to move, no rights, counters reset.
    fn clear(&mut self) {
        self.set_setup(Setup::empty());
    }

    /// Removes every piece, keeping the side to move, rights and counters.
    fn clear_board(&mut self) {
        let mut setup = self.edit_setup();
        setup.board = quadboard_chess::Board::empty();
        self.set_setup(setup);
    }

    /// The standard start position.
    fn reset(&mut self) {
        self.set_setup(Setup::start());
    }

    /// The standard start placement, keeping the side to move, rights and counters.
    fn reset_board(&mut self) {
        let mut setup = self.edit_setup();
        setup.board = Setup::start().board;
        self.set_setup(setup);
    }

    /// Puts a piece on a square (None empties it).
    #[pyo3(signature = (square, piece, promoted = None))]
    fn set_piece_at(
        &mut self,
        square: i64,
        piece: Option<&Bound<'_, PyAny>>,
        promoted: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        // python-chess tests the flag's truth (programs pass None or 0 too).
        let promoted = promoted
            .map(|p| p.is_truthy())
            .transpose()?
            .unwrap_or(false);
        let square = Square::new(square_arg(square)?);
        let mut setup = self.edit_setup();
        setup.board.remove_piece_at(square);
        let mut marked = self.promoted.without(square.bitboard());
        if let Some(piece) = piece {
            setup
                .board
                .set_piece_at(square, Piece::extract(piece)?.to_library());
            if promoted {
                marked |= square.bitboard();
            }
        }
        self.set_setup(setup);
        self.promoted = marked;
        Ok(())
    }

    /// Removes and returns the piece on a square, or None.
    fn remove_piece_at(&mut self, py: Python<'_>, square: i64) -> PyResult<Option<Py<PyAny>>> {
        let square = Square::new(square_arg(square)?);
        let mut setup = self.edit_setup();
        let removed = setup.board.remove_piece_at(square);
        let marked = self.promoted.without(square.bitboard());
        self.set_setup(setup);
        self.promoted = marked;
        removed.map(|p| Piece::of(p).object(py)).transpose()
    }

    /// Replaces the placement by a dict of square to piece.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut setup = self.edit_setup();
        setup.board = quadboard_chess::Board::empty();
        let items = pieces.call_method0("items")?;
        for item in items.try_iter()? {
            let (square, piece): (i64, Bound<'_, PyAny>) = item?.extract()?;
            setup.board.set_piece_at(
                Square::new(square_arg(square)?),
                Piece::extract(&piece)?.to_library(),
            );
        }
        self.set_setup(setup);
        Ok(())
    }

    /// Replaces the placement by the placement part of a FEN.
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        if let Some(message) = python_chess_board_fen_error(fen) {
            return Err(PyValueError::new_err(message));
        }
        let (fen, promoted) = unmark_promoted(fen.trim());
        let mut setup = self.edit_setup();
        setup.board = read_fen(&fen)?.board;
        self.set_setup(setup);
        self.promoted = promoted;
        Ok(())
    }

    /// Replaces the position by a FEN (any placement).
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let (unmarked, promoted) = unmark_promoted(fen);
        self.set_setup(read_fen_as_python_chess(fen, &unmarked)?);
        self.promoted = promoted;
        Ok(())
    }

    /// Sets the castling rights from the castling field of a FEN (`KQkq`, `HAha`, `-`).
    fn set_castling_fen(&mut self, castling_fen: &str) -> PyResult<()> {
        if !castling_fen_fits(castling_fen) {
            return Err(PyValueError::new_err(format!(
                "invalid castling fen: {}",
                py_repr(castling_fen)
            )));
        }
        // The edit's setup keeps the en passant square as python-chess does.
        let mut setup = self.edit_setup();
        let fen = format!(
            "{} w {} - 0 1",
            self.board_fen(None),
            if castling_fen.is_empty() {
                "-"
            } else {
                castling_fen
            }
        );
        setup.castling_rooks = read_fen(&fen)?.castling_rooks;
        self.set_setup(setup);
        Ok(())
    }

    /// The castling rights that hold (rooks and kings on their squares), as a mask.
    fn clean_castling_rights(&self) -> u64 {
        self.clean_rights().0
    }

    /// python-chess's `Status` flags: why the board is not a valid position.
    fn status(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let flags = self.status_bits();
        Ok(status_type(py)?.bind(py).call1((flags,))?.unbind())
    }

    /// Whether the board is a valid position (`status()` is empty).
    fn is_valid(&self) -> bool {
        self.status_bits() == 0
    }

    /// The FEN with Shredder-FEN castling letters (`HAha`).
    #[pyo3(signature = (*, en_passant = "legal", promoted = None))]
    fn shredder_fen(&self, en_passant: &str, promoted: Option<bool>) -> PyResult<String> {
        self.fen(Flag(true), en_passant, promoted)
    }

    /// The castling field of the FEN in X-FEN (`KQkq`, a file letter for an inner rook).
    fn castling_xfen(&self) -> String {
        let fen = self.fen_text();
        fen.split(' ').nth(2).unwrap_or("-").to_owned()
    }

    /// The castling field in Shredder-FEN (`HAha`).
    fn castling_shredder_fen(&self) -> PyResult<String> {
        let fen = self.fen(Flag(true), "fen", None)?;
        Ok(fen.split(' ').nth(2).unwrap_or("-").to_owned())
    }

    /// Whether a pawn of the side to move could capture en passant, legal or not.
    fn has_pseudo_legal_en_passant(&self) -> PyResult<bool> {
        Ok(self.ep_for("xfen")?.is_some())
    }

    /// Forgets the moves made (the position stays; `pop` has nothing to take back).
    fn clear_stack(&mut self) {
        self.stack.clear();
        self.live_clear();
        self.promoted_log.clear();
        self.assigned_after_moves = false;
    }

    /// Always False: standard chess has no variant end.
    fn is_variant_end(&self) -> bool {
        false
    }

    /// Always False (no variant win in standard chess).
    fn is_variant_win(&self) -> bool {
        false
    }

    /// Always False (no variant loss in standard chess).
    fn is_variant_loss(&self) -> bool {
        false
    }

    /// Always False (no variant draw in standard chess).
    fn is_variant_draw(&self) -> bool {
        false
    }

    /// `"chess"`: the variant's UCI name.
    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }

    /// `"normal"`: the variant's XBoard name.
    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }

    /// The FEN of the variant's start position.
    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }

    /// The variant's names, as python-chess lists them.
    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec![
            "Standard",
            "Chess",
            "Classical",
            "Normal",
            "Illegal",
            "From Position",
        ]
    }

    /// `".rtbw"`: the suffix of the variant's Syzygy WDL tables.
    #[classattr]
    fn tbw_suffix() -> &'static str {
        ".rtbw"
    }

    /// `".rtbz"`: the suffix of the variant's Syzygy DTZ tables.
    #[classattr]
    fn tbz_suffix() -> &'static str {
        ".rtbz"
    }

    /// The magic bytes of the variant's Syzygy WDL tables.
    #[classattr]
    fn tbw_magic() -> &'static [u8] {
        b"\x71\xe8\x23\x5d"
    }

    /// The magic bytes of the variant's Syzygy DTZ tables.
    #[classattr]
    fn tbz_magic() -> &'static [u8] {
        b"\xd7\x66\x0c\xa5"
    }

    /// None: the variant has no separate pawnless tables.
    #[classattr]
    fn pawnless_tbw_suffix() -> Option<&'static str> {
        None
    }

    /// None: the variant has no separate pawnless tables.
    #[classattr]
    fn pawnless_tbz_suffix() -> Option<&'static str> {
        None
    }

    /// None: the variant has no separate pawnless tables.
    #[classattr]
    fn pawnless_tbw_magic() -> Option<&'static [u8]> {
        None
    }

    /// None: the variant has no separate pawnless tables.
    #[classattr]
    fn pawnless_tbz_magic() -> Option<&'static [u8]> {
        None
    }

    /// False: kings may not stand next to each other.
    #[classattr]
    fn connected_kings() -> bool {
        false
    }

    /// True: each side has one king.
    #[classattr]
    fn one_king() -> bool {
        true
    }

    /// False: captures are not compulsory.
    #[classattr]
    fn captures_compulsory() -> bool {
        false
    }

    /// A board of an EPD line and its operations: `(board, operations)`.
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960 = false))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let board = of_type(cls, Board::from_setup(Setup::empty(), chess960))?;
        let operations = cold(cls.py(), "set_epd")?.call1((&board, epd))?;
        Ok((board, operations))
    }

    // ---- Transforms ----

    /// The board seen from the other side: flipped vertically, colours swapped, the other
    /// side to move; rights and en passant square follow (the stack is not kept).
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        if let Some(copy) = overridden(slf, "copy")? {
            let board = copy.call0()?;
            board.call_method0("apply_mirror")?;
            return Ok(board);
        }
        of_type(&slf.get_type(), slf.borrow().mirrored())
    }

    /// Mirrors the board in place (and clears the stack).
    fn apply_mirror(&mut self) {
        let mirrored = self.mirrored();
        self.pos = mirrored.pos;
        self.ep_kept = mirrored.ep_kept;
        self.loose = mirrored.loose;
        self.castling_raw = mirrored.castling_raw;
        self.stack.clear();
        self.live_clear();
        self.promoted = mirrored.promoted;
        self.promoted_log.clear();
    }

    // ---- Chess960 ----

    /// The Chess960 start position number `n` (0 ... 959; 518 is the standard one).
    #[classmethod]
    #[pyo3(signature = (scharnagl, *, chess960 = true))]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: i64,
        chess960: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        of_type(
            cls,
            Board::from_position(chess960_position(scharnagl)?, chess960),
        )
    }

    /// Sets up Chess960 start position `n`.
    fn set_chess960_pos(&mut self, scharnagl: i64) -> PyResult<()> {
        let pos = chess960_position(scharnagl)?;
        // python-chess switches the board to Chess960.
        self.chess960 = true;
        self.set_setup(pos.to_setup());
        Ok(())
    }

    /// The Chess960 number of this position if it is a start position, else None.
    #[pyo3(signature = (*, ignore_turn = Flag(false), ignore_castling = Flag(false), ignore_counters = Flag(true)))]
    fn chess960_pos(
        &self,
        ignore_turn: Flag,
        ignore_castling: Flag,
        ignore_counters: Flag,
    ) -> Option<u16> {
        let ignore_turn = ignore_turn.0;
        let ignore_castling = ignore_castling.0;
        let ignore_counters = ignore_counters.0;
        // python-chess refuses any en passant square it holds (a1 reads as none).
        if self.py_ep().is_some_and(|ep| ep.index() != 0) {
            return None;
        }
        let mut setup = self.pos.to_setup();
        if !ignore_counters && (setup.halfmoves != 0 || setup.fullmoves != 1) {
            return None;
        }
        if ignore_turn {
            setup.turn = Color::White;
        }
        if setup.ep_square.is_some() && !ignore_turn {
            setup.ep_square = self.legal_ep();
        }
        if ignore_castling {
            let rooks = setup.board.by_role(Role::Rook) & Bitboard::BACKRANKS;
            setup.castling_rooks = rooks;
        }
        let (pos, _) = Position::from_setup_permissive(setup, CastlingMode::Chess960);
        if self.loose || self.promoted.any() {
            return None;
        }
        pos.chess960_number()
    }

    /// Whether a castling right is held by a rook or king off the standard squares.
    fn has_chess960_castling_rights(&self) -> bool {
        // python-chess's `clean_castling_rights()` as on a Chess960 board: the rights as
        // set once a move was made.
        let rights = if self.stack.is_empty() {
            rules::clean_castling(self.pos.board(), self.castling_raw, self.promoted, true)
        } else {
            self.castling_raw
        };
        if rights.without(Bitboard::CORNERS).any() {
            return true;
        }
        let board = self.pos.board();
        [(Color::White, Rank::First), (Color::Black, Rank::Eighth)]
            .into_iter()
            .any(|(color, rank)| {
                let king = quadboard_chess::Piece::new(color, Role::King);
                (rights & Bitboard::rank(rank)).any()
                    && board.piece_at(Square::from_coords(File::E, rank)) != Some(king)
            })
    }

    // ---- Copies and pickling ----

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(copy) = overridden(slf, "copy")? {
            let board = copy.call0()?;
            memo.set_item(slf.as_ptr() as usize, &board)?;
            return Ok(board);
        }
        of_type(&slf.get_type(), slf.borrow().clone())
    }

    /// Pickles as the starting FEN, its en passant square and castling rights as set, the
    /// moves in UCI and the Chess960 flag, and the attributes a program set on it.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let board = slf.borrow();
        let root = board.root_board();
        // The placement, side and counters; the en passant square and the rights as set
        // travel apart (a FEN cannot hold every value python-chess's attributes take).
        let mut setup = root.pos.to_setup();
        setup.castling_rooks = Bitboard::EMPTY;
        setup.ep_square = None;
        let root_fen = setup.to_fen(CastlingMode::Standard);
        let moves: Vec<String> = board
            .stack
            .iter()
            .map(|e| {
                if e.m == QMove::NULL {
                    "0000".to_owned()
                } else {
                    board.to_py(&e.before, e.m).to_uci()
                }
            })
            .collect();
        let rebuild = py.import("quadboard._cold")?.getattr("_unpickle_board")?;
        let args = PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                root_fen.into_pyobject(py)?.into_any(),
                root.py_ep()
                    .map(|s| s.index() as u8)
                    .into_pyobject(py)?
                    .into_any(),
                root.castling_raw.0.into_pyobject(py)?.into_any(),
                moves.into_pyobject(py)?.into_any(),
                board.chess960.into_pyobject(py)?.to_owned().into_any(),
                root.promoted.0.into_pyobject(py)?.into_any(),
                // The attributes now, which an assignment after the moves may have set.
                (
                    board.pos.turn().is_white(),
                    board.castling_raw.0,
                    board.py_ep().map(|s| s.index() as u8),
                    board.pos.halfmoves(),
                    board.pos.fullmoves(),
                )
                    .into_pyobject(py)?
                    .into_any(),
                // The attributes before each move, where an assignment between moves may
                // have set them (a move made after `turn` was assigned, say); else None.
                if board.assigned_after_moves {
                    board
                        .stack
                        .iter()
                        .map(|e| {
                            (
                                e.before.turn().is_white(),
                                e.castling_raw.0,
                                e.ep_kept
                                    .unwrap_or_else(|| e.before.ep_square())
                                    .map(|s| s.index() as u8),
                                e.before.halfmoves(),
                                e.before.fullmoves(),
                            )
                        })
                        .collect::<Vec<_>>()
                        .into_pyobject(py)?
                        .into_any()
                } else {
                    py.None().into_bound(py)
                },
            ],
        )?;
        // The program's own attributes, restored after the rebuild as python-chess's
        // pickles restore them (None: nothing to restore).
        let attributes = slf.getattr("__dict__")?;
        let state = if attributes.is_truthy()? {
            attributes
        } else {
            py.None().into_bound(py)
        };
        Ok((rebuild, args, state))
    }

    #[setter(chess960)]
    fn set_chess960_flag(&mut self, chess960: bool) {
        if chess960 != self.chess960 {
            // python-chess reads the rights it keeps with the board's flag when they are
            // restored: the positions kept for `pop` and `root()` read them anew too.
            for e in &mut self.stack {
                let mut setup = e.before.to_setup();
                setup.castling_rooks = e.castling_raw;
                (e.before, e.loose) = position_of(setup, chess960);
            }
        }
        self.chess960 = chess960;
        self.edit_keeping_stack(|_| {});
    }

    #[setter]
    fn set_turn(&mut self, white: &Bound<'_, PyAny>) -> PyResult<()> {
        // Any value, read by its truth (python-chess stores it as given).
        let white = white.is_truthy()?;
        self.edit_keeping_stack(|s| s.turn = color_of(white));
        Ok(())
    }

    #[setter]
    fn set_ep_square(&mut self, square: Option<i64>) -> PyResult<()> {
        let square = square.map(square_arg).transpose()?.map(Square::new);
        self.edit_keeping_stack(|s| s.ep_square = square);
        Ok(())
    }

    #[setter]
    fn set_castling_rights(&mut self, mask: u64) {
        self.edit_keeping_stack(|s| s.castling_rooks = Bitboard(mask));
    }

    #[setter]
    fn set_halfmove_clock(&mut self, n: u32) {
        self.edit_keeping_stack(|s| s.halfmoves = n);
    }

    #[setter]
    fn set_fullmove_number(&mut self, n: u32) {
        self.edit_keeping_stack(|s| s.fullmoves = n);
    }

    /// The board in chess figurines (see python-chess's `Board.unicode`).
    #[pyo3(signature = (*, invert_color = Flag(false), borders = Flag(false), empty_square = "\u{2b58}", orientation = Flag(true)))]
    fn unicode(
        slf: &Bound<'_, Self>,
        invert_color: Flag,
        borders: Flag,
        empty_square: &str,
        orientation: Flag,
    ) -> PyResult<String> {
        let invert_color = invert_color.0;
        let borders = borders.0;
        let orientation = orientation.0;
        cold(slf.py(), "unicode")?
            .call1((slf, invert_color, borders, empty_square, orientation))?
            .extract()
    }

    /// The position as EPD, with `opcode=value` operations (moves in SAN, strings
    /// quoted, None for an opcode alone).
    #[pyo3(signature = (*, shredder = Flag(false), en_passant = "legal", promoted = None, **operations))]
    fn epd(
        slf: &Bound<'_, Self>,
        shredder: Flag,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let shredder = shredder.0;
        let operations = match operations {
            Some(o) => o.clone(),
            None => PyDict::new(slf.py()),
        };
        cold(slf.py(), "epd")?
            .call1((
                slf,
                shredder,
                en_passant,
                operations,
                promoted == Some(true),
            ))?
            .extract()
    }

    /// Sets the position of an EPD line and returns its operations as a dict.
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyAny>> {
        cold(slf.py(), "set_epd")?.call1((slf, epd))
    }

    /// A copy with `f` applied to every piece mask, the castling rights and the en
    /// passant square.
    fn transform<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        cold(slf.py(), "transform")?.call1((slf, f))
    }

    /// Applies `f` as [`Board::transform`] does, in place (the stack is cleared).
    fn apply_transform(slf: &Bound<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let result = cold(slf.py(), "transform")?.call1((slf, f))?;
        let result = result.cast::<Board>()?.borrow();
        let mut this = slf.borrow_mut();
        *this.pos = *result.pos;
        this.ep_kept = result.ep_kept;
        this.loose = result.loose;
        this.castling_raw = result.castling_raw;
        this.stack.clear();
        this.live_clear();
        this.promoted = result.promoted;
        this.promoted_log.clear();
        Ok(())
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

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        // A subclass is written under its own name, as python-chess's `type(self).__name__`.
        let name = slf
            .get_type()
            .name()
            .map_or_else(|_| "Board".to_owned(), |n| n.to_string());
        let this = slf.borrow();
        if this.chess960 {
            format!("{name}('{}', chess960=True)", this.fen_text())
        } else {
            format!("{name}('{}')", this.fen_text())
        }
    }

    /// The board as an SVG diagram for notebooks, as python-chess draws it: 390 pixels,
    /// the last move highlighted, the king of the side to move marked when in check.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        // The drawing is Python (quadboard/svg.py), one home for what a diagram shows.
        slf.py()
            .import("quadboard.svg")?
            .getattr("_board_repr_svg")?
            .call1((slf,))
    }
}

/// The legal moves of a board (`board.legal_moves`): iterable, with `len()` and `in`,
/// always of the board's current position.
#[pyclass(module = "quadboard")]
pub struct LegalMoveGenerator {
    /// The board whose moves these are (python-chess's attribute).
    #[pyo3(get)]
    board: Py<Board>,
}

#[pymethods]
impl LegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        if let Some(generate) = overridden(self.board.bind(py), "generate_legal_moves")? {
            return generate.call0()?.try_iter();
        }
        let list = match self.board.try_borrow_mut(py) {
            Ok(mut board) => board.legal_list_remembered(py)?,
            // Borrowed already (Python code called back from one of the board's own
            // methods): list without remembering, as before.
            Err(_) => self.board.borrow(py).legal_list(py)?,
        };
        list.into_any().try_iter()
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.count(py)
    }

    /// The number of legal moves.
    fn count(&self, py: Python<'_>) -> PyResult<usize> {
        if let Some(generate) = overridden(self.board.bind(py), "generate_legal_moves")? {
            let mut n = 0;
            for m in generate.call0()?.try_iter()? {
                m?;
                n += 1;
            }
            return Ok(n);
        }
        let board = self.board.borrow(py);
        Ok(if board.loose {
            rules::legal_moves(&board.pos).len()
        } else {
            board.pos.count_legal_moves() as usize
        })
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        if let Some(generate) = overridden(self.board.bind(py), "generate_legal_moves")? {
            return Ok(generate.call0()?.try_iter()?.next().transpose()?.is_some());
        }
        Ok(self.board.borrow(py).has_legal_moves())
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
        // python-chess asks the board's `is_legal`, a subclass's own too.
        if let Some(is_legal) = overridden(self.board.bind(py), "is_legal")? {
            return is_legal.call1((m,))?.is_truthy();
        }
        Ok(match m.cast::<MoveObj>() {
            Ok(m) => self
                .board
                .borrow(py)
                .to_legal(m.get().value(), false)
                .is_some(),
            Err(_) => false,
        })
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let this = slf.borrow();
        let py = slf.py();
        if overridden(this.board.bind(py), "generate_legal_moves")?.is_some() {
            // python-chess's form of the moves its iteration gives, each in the board's SAN.
            let mut sans = Vec::new();
            for m in Self::__iter__(&this, py)? {
                sans.push(
                    this.board
                        .bind(py)
                        .call_method1("san", (m?,))?
                        .extract::<String>()?,
                );
            }
            return Ok(format!(
                "<LegalMoveGenerator at {:#x} ({})>",
                slf.as_ptr() as usize,
                sans.join(", ")
            ));
        }
        let board = this.board.borrow(py);
        let sans: Vec<String> = board
            .legal_qmoves()
            .iter()
            .map(|&m| board.san_of(m))
            .collect();
        // python-chess's form: the object's address, then the moves.
        Ok(format!(
            "<LegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            sans.join(", ")
        ))
    }
}

/// SAN as python-chess's grammar reads it: an optional piece letter (`NBRQK`), file and
/// rank of origin, `-` or `x`, the target square, a promotion letter (either case, after
/// an optional `=`, a king too) and `+` or `#`.
#[derive(Clone, Copy)]
struct SanParts {
    role: Option<Role>,
    file: Option<u8>,
    rank: Option<u8>,
    to: u8,
    /// The promotion's piece type (2 = knight ... 6 = king).
    promotion: Option<u8>,
}

/// [`SanParts`] of the text, or `None` when python-chess's grammar does not take it.
fn san_parts(san: &str) -> Option<SanParts> {
    let b = san.as_bytes();
    let mut i = 0;
    let role = match b.first() {
        Some(&c @ (b'N' | b'B' | b'R' | b'Q' | b'K')) => {
            i += 1;
            Role::from_char(char::from(c))
        }
        _ => None,
    };
    let is_file = |c: Option<&u8>| c.is_some_and(|c| (b'a'..=b'h').contains(c));
    let is_rank = |c: Option<&u8>| c.is_some_and(|c| (b'1'..=b'8').contains(c));
    // The target square is the last file-rank pair before the promotion and suffix: read
    // greedily, then give back the pair if nothing is left for the target.
    let start = i;
    let mut file = None;
    let mut rank = None;
    if is_file(b.get(i)) {
        file = Some(b[i] - b'a');
        i += 1;
    }
    if is_rank(b.get(i)) {
        rank = Some(b[i] - b'1');
        i += 1;
    }
    if matches!(b.get(i), Some(b'-' | b'x')) {
        i += 1;
    }
    let to = if is_file(b.get(i)) && is_rank(b.get(i + 1)) {
        let to = (b[i + 1] - b'1') * 8 + (b[i] - b'a');
        i += 2;
        to
    } else if i == start + 2 && file.is_some() && rank.is_some() {
        // Only a square: it was the target.
        let to = rank? * 8 + file?;
        file = None;
        rank = None;
        to
    } else {
        return None;
    };
    let mut promotion = None;
    let letter = if b.get(i) == Some(&b'=') {
        b.get(i + 1)
    } else {
        b.get(i)
    };
    if let Some(&c) = letter {
        if let Some(p) = b"nbrqk".iter().position(|&x| x == c.to_ascii_lowercase()) {
            if c.is_ascii_alphabetic() {
                i += if b.get(i) == Some(&b'=') { 2 } else { 1 };
                promotion = Some(p as u8 + 2);
            }
        }
    }
    if matches!(b.get(i), Some(b'+' | b'#')) {
        i += 1;
    }
    (i == b.len()).then_some(SanParts {
        role,
        file,
        rank,
        to,
        promotion,
    })
}

/// A flag or colour argument read by its truth, as python-chess reads them (`1`, `0` and
/// `None` as well as `True` and `False`).
pub struct Flag(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Flag> {
        obj.is_truthy().map(Flag)
    }
}

/// Reads a piece type argument (1 = pawn ... 6 = king).
fn role_arg(piece_type: i64) -> PyResult<Role> {
    usize::try_from(piece_type)
        .ok()
        .filter(|&t| (1..=6).contains(&t))
        .and_then(|t| Role::from_index(t - 1))
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid piece type {piece_type} (1 = pawn ... 6 = king)"
            ))
        })
}

/// The Chess960 start position of a number, or `ValueError`.
fn chess960_position(n: i64) -> PyResult<Position> {
    u16::try_from(n)
        .ok()
        .and_then(|n| Position::chess960(n).ok())
        .ok_or_else(|| PyValueError::new_err(format!("chess960 position index not 0 <= {n} < 960")))
}

/// python-chess's `Status` flags of a position, built from the library's validation and
/// the counts python-chess checks.
fn status_flags(
    pos: &Position,
    castling_raw: Bitboard,
    clean: Bitboard,
    promoted: Bitboard,
) -> u32 {
    let board = pos.board();
    let mut flags = 0;
    if board.occupied().is_empty() {
        flags |= 1 << 11;
    }
    let king = |c| board.by_piece(quadboard_chess::Piece::new(c, Role::King));
    if king(Color::White).is_empty() {
        flags |= 1 << 0;
    }
    if king(Color::Black).is_empty() {
        flags |= 1 << 1;
    }
    // python-chess counts kings over both colours.
    if board.by_role(Role::King).count() > 2 {
        flags |= 1 << 2;
    }
    for (color, pawns_flag, pieces_flag) in [(Color::White, 3, 6), (Color::Black, 4, 7)] {
        let ours = board.by_color(color);
        if (ours & board.by_role(Role::Pawn)).count() > 8 {
            flags |= 1 << pawns_flag;
        }
        if ours.count() > 16 {
            flags |= 1 << pieces_flag;
        }
    }
    if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
        flags |= 1 << 5;
    }
    let setup = pos.to_setup();
    let reasons = setup.validate();
    if castling_raw != clean {
        flags |= 1 << 8;
    }
    if reasons.contains(Reasons::INVALID_EP_SQUARE) {
        flags |= 1 << 9;
    }
    let them = !pos.turn();
    if king_skipping(pos, them, promoted)
        .is_some_and(|k| rules::attackers(pos, pos.turn(), k).any())
    {
        flags |= 1 << 10;
    }
    // python-chess's impossible checks (its king is the highest not promoted, and every
    // such king of the side counts here): more than two checkers, or two on one line with a king; after a
    // double push (a valid en passant square), more than one, or one that is not the
    // pushed pawn while the king was attacked before the push.
    let checkers = checkers_skipping(pos, promoted);
    if checkers.any() {
        let kings = board
            .by_piece(quadboard_chess::Piece::new(pos.turn(), Role::King))
            .without(promoted);
        if checkers.count() > 2 {
            flags |= 1 << 15;
        }
        let ep = pos
            .ep_square()
            .filter(|_| !reasons.contains(Reasons::INVALID_EP_SQUARE));
        let impossible = match ep {
            Some(ep) => {
                let pushed_to = Square::new(ep.index() as u8 ^ 8);
                let pushed_from = Square::new(ep.index() as u8 ^ 24);
                let before = (board.occupied() ^ pushed_to.bitboard()) | pushed_from.bitboard();
                checkers.count() > 1
                    || (checkers.msb() != Some(pushed_to)
                        && kings.iter().any(|k| board.attackers(k, them, before).any()))
            }
            None => {
                checkers.count() > 2
                    || (checkers.count() == 2
                        && checkers.lsb().zip(checkers.msb()).is_some_and(|(a, b)| {
                            (quadboard_chess::attacks::line(a, b) & kings).any()
                        }))
            }
        };
        if impossible {
            flags |= 1 << 16;
        }
    }
    flags
}

/// A function of the package's `_cold` module (the cold parts of `Board`, in Python).
fn cold<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("quadboard._cold")?.getattr(name)
}

/// python-chess's `Status` type, from the package's `_core` module.
static STATUS_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn status_type(py: Python<'_>) -> PyResult<&Py<PyAny>> {
    STATUS_TYPE.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("quadboard._core")?.getattr("Status")?.unbind())
    })
}

impl Board {
    /// The pseudo-legal moves in python-chess's order.
    fn pseudo_qmoves(&self) -> Vec<QMove> {
        let mut moves = Vec::with_capacity(64);
        rules::pseudo_legal_moves(&self.pos, &mut moves);
        rules::sort_moves(&self.pos, &mut moves, false);
        moves
    }

    /// Whether a library move of the current position captures (en passant included).
    fn captures(&self, m: QMove) -> bool {
        m.kind() == MoveKind::EnPassant
            || (m.kind() != MoveKind::Castle
                && self.pos.board().by_color(!self.pos.turn()).contains(m.to()))
    }

    /// The castling side of a legal castling move, else None.
    fn castling_side(&self, m: Move) -> Option<quadboard_chess::CastlingSide> {
        if !self.castling_shape(m) {
            return None;
        }
        Some(if m.to % 8 > m.from % 8 {
            quadboard_chess::CastlingSide::KingSide
        } else {
            quadboard_chess::CastlingSide::QueenSide
        })
    }

    /// python-chess's `is_castling`: see `Board::is_castling`.
    fn castling_shape(&self, m: Move) -> bool {
        let board = self.pos.board();
        let us = self.pos.turn();
        let ours = board.by_color(us);
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        // A king of either colour, as python-chess's test reads.
        board.by_role(Role::King).contains(from)
            && ((m.from % 8).abs_diff(m.to % 8) > 1
                || (board.by_role(Role::Rook) & ours).contains(to))
    }

    /// python-chess's `is_en_passant`: see `Board::is_en_passant`.
    fn en_passant_shape(&self, m: Move) -> bool {
        let board = self.pos.board();
        let (from, to) = (Square::new(m.from), Square::new(m.to));
        // python-chess's test: its en passant square as kept, a pawn of either side.
        self.py_ep() == Some(to)
            && board.by_role(Role::Pawn).contains(from)
            && matches!(m.from.abs_diff(m.to), 7 | 9)
            && !board.occupied().contains(to)
    }

    /// python-chess's `is_zeroing`: the move touches a pawn (of either side) or a piece of
    /// the other side.
    fn zeroing_shape(&self, m: Move) -> bool {
        let board = self.pos.board();
        let touched = touched(m);
        (touched & (board.by_role(Role::Pawn) | board.by_color(!self.pos.turn()))).any()
    }

    /// python-chess's `has_kingside_castling_rights` (`king_side`) or the queen side's: a
    /// right on the back rank whose rook's bit is above (below) the mask of the colour's
    /// kings there, not promoted.
    fn side_rights(&self, color: bool, king_side: bool) -> bool {
        let back = back_rank(color);
        let board = self.pos.board();
        let kings = board.by_piece(quadboard_chess::Piece::new(color_of(color), Role::King)) & back;
        let kings = kings.without(self.promoted);
        if kings.is_empty() {
            return false;
        }
        (self.clean_rights() & back).iter().any(|rook| {
            let bit = rook.bitboard().0;
            if king_side {
                bit > kings.0
            } else {
                bit < kings.0
            }
        })
    }

    /// An iterator over the moves between the masks that `keep` accepts, as shared objects.
    fn move_iter<'py>(
        &self,
        py: Python<'py>,
        moves: Vec<QMove>,
        from_mask: u64,
        to_mask: u64,
        keep: impl Fn(QMove) -> bool,
    ) -> PyResult<Bound<'py, PyIterator>> {
        let (from_mask, to_mask) = (Bitboard(from_mask), Bitboard(to_mask));
        let moves: Vec<Move> = moves
            .into_iter()
            .filter(|&m| from_mask.contains(m.from()) && to_mask.contains(m.to()) && keep(m))
            .map(|m| self.to_py(&self.pos, m))
            .collect();
        Move::list(py, moves.into_iter())?.into_any().try_iter()
    }

    /// The board seen from the other side (see `mirror`).
    fn mirrored(&self) -> Board {
        let mut setup = self.edit_setup();
        setup.board = setup.board.mirror();
        setup.turn = !setup.turn;
        setup.castling_rooks = setup.castling_rooks.flip_vertical();
        setup.ep_square = setup.ep_square.map(|s| Square::new(s.index() as u8 ^ 0x38));
        let mut board = Board::from_setup(setup, self.chess960);
        board.promoted = self.promoted.flip_vertical();
        board
    }

    /// The board as it was before the first move of the stack.
    fn root_board(&self) -> Board {
        match self.stack.first() {
            Some(e) => Board {
                pos: Box::new(e.before),
                loose: e.loose,
                castling_raw: e.castling_raw,
                stack: Vec::new(),
                chess960: self.chess960,
                promoted: match self.promoted_log.first() {
                    Some(&(0, mask)) => mask,
                    _ => Bitboard::EMPTY,
                },
                promoted_log: Vec::new(),
                listed: Listed::default(),
                ep_kept: e.ep_kept,
                assigned_after_moves: false,
                live_stack: LiveStack::default(),
            },
            None => Board {
                pos: self.pos.clone(),
                loose: self.loose,
                castling_raw: self.castling_raw,
                stack: Vec::new(),
                chess960: self.chess960,
                promoted: self.promoted,
                promoted_log: Vec::new(),
                listed: Listed::default(),
                ep_kept: self.ep_kept,
                assigned_after_moves: false,
                live_stack: LiveStack::default(),
            },
        }
    }

    /// A copy; `stack=False` drops the move stack, an int keeps that many last moves.
    fn copied(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
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
        let dropped = self.stack.len() - keep;
        Ok(Board {
            pos: self.pos.clone(),
            loose: self.loose,
            castling_raw: self.castling_raw,
            stack: self.stack[dropped..].to_vec(),
            chess960: self.chess960,
            promoted: self.promoted,
            promoted_log: self
                .promoted_log
                .iter()
                .filter(|&&(at, _)| at >= dropped)
                .map(|&(at, mask)| (at - dropped, mask))
                .collect(),
            listed: Listed::default(),
            ep_kept: self.ep_kept,
            assigned_after_moves: self.assigned_after_moves,
            live_stack: LiveStack::default(),
        })
    }

    /// python-chess's equality (see `__eq__`).
    fn eq_board(&self, other: &Board) -> bool {
        self.pos.board() == other.pos.board()
            && self.pos.turn() == other.pos.turn()
            && self.pos.castling_rooks() == other.pos.castling_rooks()
            && self.legal_ep() == other.legal_ep()
            && self.pos.halfmoves() == other.pos.halfmoves()
            && self.pos.fullmoves() == other.pos.fullmoves()
    }

    /// Applies an edit of the setup that keeps the move stack (python-chess's attribute
    /// setters: `turn`, `ep_square`, `castling_rights`, the counters).
    fn edit_keeping_stack(&mut self, edit: impl FnOnce(&mut Setup)) {
        let mut setup = self.edit_setup();
        edit(&mut setup);
        self.castling_raw = setup.castling_rooks;
        (*self.pos, self.loose) = position_of(setup, self.chess960);
        self.ep_kept = (self.pos.ep_square() != setup.ep_square).then_some(setup.ep_square);
        self.assigned_after_moves |= !self.stack.is_empty();
    }
}

/// The pseudo-legal moves of a board (`board.pseudo_legal_moves`): iterable, with
/// `len()`, `count()` and `in`, always of the board's current position.
#[pyclass(module = "quadboard")]
pub struct PseudoLegalMoveGenerator {
    /// The board whose moves these are (python-chess's attribute).
    #[pyo3(get)]
    board: Py<Board>,
}

#[pymethods]
impl PseudoLegalMoveGenerator {
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let board = self.board.borrow(py);
        board.move_iter(py, board.pseudo_qmoves(), u64::MAX, u64::MAX, |_| true)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.count(py)
    }

    /// The number of pseudo-legal moves.
    fn count(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).pseudo_qmoves().len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.count(py) > 0
    }

    fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> bool {
        match m.cast::<MoveObj>() {
            Ok(m) => self
                .board
                .borrow(py)
                .to_pseudo_legal(m.get().value())
                .is_some(),
            Err(_) => false,
        }
    }

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        let this = slf.borrow();
        let board = this.board.borrow(slf.py());
        let moves: Vec<String> = board
            .pseudo_qmoves()
            .iter()
            .map(|&m| {
                // python-chess writes the legal ones in SAN, the others in UCI.
                let legal = if board.loose {
                    rules::legal_moves(&board.pos).contains(&m)
                } else {
                    board.pos.is_legal(m)
                };
                if legal {
                    board.san_of(m)
                } else {
                    board.to_py(&board.pos, m).to_uci()
                }
            })
            .collect();
        format!(
            "<PseudoLegalMoveGenerator at {:#x} ({})>",
            slf.as_ptr() as usize,
            moves.join(", ")
        )
    }
}
