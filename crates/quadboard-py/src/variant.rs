//! `quadboard.variant`'s boards: a compiled subclass of `Board` that plays a lichess
//! variant of the library ([`AnyVariant`]) with its own move stack.
//!
//! The variant position decides moves, FEN and endings; after every change its chess part
//! (placement, side to move, rights, counters, crazyhouse's promoted pieces) is written
//! into the `Board` it extends, so that `Board`'s placement methods (`piece_at`,
//! `piece_map`, `attackers`, `board_fen`, `turn`, ...) answer for it unchanged. The Python
//! classes (`python/quadboard/variant.py`) name the variant by their `uci_variant`, edit
//! a position through a FEN (`set_fen`, `_set_position`); a null move is the position with
//! the other side to move, made through its FEN as well.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use quadboard_chess::variant::{
    Antichess, AntichessRules, AnyVariant, Variant, VariantMove, VariantMoveKind, VariantOutcome,
    VariantSanError, VariantTermination,
};
use quadboard_chess::{Bitboard, CastlingMode, Color, MoveKind, Position, Role};

use crate::board::{make_outcome, position_of, standard_rook, Board};
use crate::errors::{py_repr, AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::moves::{Move, MoveObj};

/// A variant board: `Board`'s placement, kept equal to the variant position's, and the
/// variant position with its moves. Empty until `_set_variant` (the Python classes' `__init__`).
#[pyclass(extends = Board, subclass, module = "quadboard")]
pub struct VariantBoard {
    /// The game; boxed, as `Board`'s position, for CPython's 16-byte alignment.
    state: Option<Box<State>>,
}

/// The variant game on a board.
#[derive(Clone)]
struct State {
    /// The variant as the Python class names it.
    kind: Kind,
    /// The position now.
    pos: AnyVariant,
    /// Whether castling is written king-takes-rook (`e1h1`) rather than as the king's
    /// two-square move.
    chess960: bool,
    /// Each move made, oldest first, with the position before it.
    stack: Vec<Made>,
    /// The moves last listed (Python's form and the library's), of the position
    /// `listed_for`: `push` of a listed move in that position (a loop's push after each
    /// pop) then neither generates nor searches far.
    listed: Vec<(Move, VariantMove)>,
    /// The position `listed` holds the moves of; `None` before the first listing.
    listed_for: Option<AnyVariant>,
    /// Where the next listed move is looked for first (a loop pushes them in order).
    next: usize,
    /// python-chess's halfmove clock, which a drop never resets (the library's, as
    /// shakmaty's, resets on a pawn drop): written in the FEN and the `Board`, and counted
    /// by the fifty- and seventy-five-move rules.
    clock: u32,
}

/// What the extended `Board` holds of a position: the chess position, whether it is loose,
/// the promoted pieces (see [`chess_view`]).
type View = (Position, bool, Bitboard);

/// A move made.
#[derive(Clone, Copy)]
struct Made {
    /// The `Board`'s view of the position before the move, which `pop` writes back
    /// (rebuilding it costs more for variants without a `Position` inside).
    base: View,
    /// The position before the move.
    before: AnyVariant,
    /// The move as Python was given it back.
    py: Move,
    /// python-chess's halfmove clock before the move.
    clock: u32,
}

/// The python-chess form of a variant move made with `turn` to move: drops have both
/// squares the target, a promotion to king promotes to 6, castling is the king's
/// two-square move unless `chess960` (as `Board` writes it).
fn py_move(vm: VariantMove, turn: Color, chess960: bool) -> Move {
    match vm.kind() {
        VariantMoveKind::Drop { role, to } => Move {
            from: to.index() as u8,
            to: to.index() as u8,
            promotion: 0,
            drop: role as u8,
        },
        VariantMoveKind::KingPromotion { from, to } => Move {
            from: from.index() as u8,
            to: to.index() as u8,
            promotion: Role::King as u8,
            drop: 0,
        },
        VariantMoveKind::Chess(m) => {
            let (from, mut to) = (m.from(), m.to());
            if let Some(side) = m.castling_side() {
                let king_to = side.king_to(turn);
                if !chess960 && standard_rook(from, king_to) == Some(to) {
                    to = king_to;
                }
            }
            Move {
                from: from.index() as u8,
                to: to.index() as u8,
                promotion: m.promotion_role().map_or(0, |r| r as u8),
                drop: 0,
            }
        }
    }
}

/// Whether `m` is `vm` written king-takes-rook (which python-chess's `push` also takes in
/// standard chess).
fn is_king_takes_rook(vm: VariantMove, m: Move) -> bool {
    match vm.kind() {
        VariantMoveKind::Chess(c) if c.castling_side().is_some() => {
            m.drop == 0
                && m.promotion == 0
                && usize::from(m.from) == c.from().index()
                && usize::from(m.to) == c.to().index()
        }
        _ => false,
    }
}

/// The chess part of a variant position as `Board` holds one: the position, whether it is
/// loose (no king or several, as `Board` calls them), and the promoted pieces.
fn chess_view(v: &AnyVariant, chess960: bool) -> View {
    // The variants whose position is a legal chess `Position` hand it over; the others
    // (no king, touching kings, kings in check from the mover) go through their setup.
    let setup = match v {
        AnyVariant::KingOfTheHill(p) => return (*p.position(), false, Bitboard::EMPTY),
        AnyVariant::ThreeCheck(p) => return (*p.position(), false, Bitboard::EMPTY),
        AnyVariant::RacingKings(p) => return (*p.position(), false, Bitboard::EMPTY),
        AnyVariant::Crazyhouse(p) => return (*p.position(), false, p.promoted()),
        AnyVariant::Antichess(p) => {
            let (pos, loose) = position_of(p.to_setup(), chess960);
            return (pos, loose, p.promoted());
        }
        AnyVariant::Atomic(p) => p.to_setup(),
        AnyVariant::Horde(p) => p.to_setup(),
    };
    let (pos, loose) = position_of(setup, chess960);
    (pos, loose, Bitboard::EMPTY)
}

/// The FEN as python-chess writes it: the library's, with the en passant square only
/// where an en passant capture is legal (the library writes it after every double step).
fn fen_of(pos: &AnyVariant) -> String {
    let fen = pos.to_fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if fields.get(3).is_some_and(|&ep| ep != "-") {
        let legal_ep = pos.legal_moves().iter().any(
            |vm| matches!(vm.kind(), VariantMoveKind::Chess(m) if m.kind() == MoveKind::EnPassant),
        );
        if !legal_ep {
            fields[3] = "-";
            return fields.join(" ");
        }
    }
    fen
}

/// `fen` with `clock` as its halfmove clock (the next-to-last field).
fn with_clock(fen: String, clock: u32) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    let at = fields.len().saturating_sub(2);
    match fields.get_mut(at) {
        Some(field) if *field != clock.to_string() => {
            *field = clock.to_string();
            fields.join(" ")
        }
        _ => fen,
    }
}

/// The library's halfmove clock of a variant position.
fn library_clock(pos: &AnyVariant) -> u32 {
    chess_view(pos, false).0.halfmoves()
}

/// The repetition key of a position: its FEN without the two counters.
fn key(pos: &AnyVariant) -> String {
    let fen = fen_of(pos);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields.truncate(fields.len().saturating_sub(2));
    fields.join(" ")
}

/// The name of python-chess's `Termination` member for a variant ending.
fn termination_name(t: VariantTermination) -> &'static str {
    use quadboard_chess::Termination;
    match t {
        VariantTermination::Chess(Termination::Checkmate) => "CHECKMATE",
        VariantTermination::Chess(Termination::Stalemate) => "STALEMATE",
        VariantTermination::Chess(Termination::InsufficientMaterial) => "INSUFFICIENT_MATERIAL",
        VariantTermination::Chess(Termination::SeventyFiveMoveRule) => "SEVENTYFIVE_MOVES",
        VariantTermination::Chess(Termination::FivefoldRepetition) => "FIVEFOLD_REPETITION",
        VariantTermination::VariantWin => "VARIANT_WIN",
        VariantTermination::VariantLoss => "VARIANT_LOSS",
        VariantTermination::VariantDraw => "VARIANT_DRAW",
    }
}

fn color_of(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

impl State {
    /// The legal moves, listed now or earlier for this very position.
    fn listed(&mut self) -> &[(Move, VariantMove)] {
        if self.listed_for != Some(self.pos) {
            let (turn, chess960) = (self.pos.turn(), self.chess960);
            self.listed.clear();
            self.listed.extend(
                self.pos
                    .legal_moves()
                    .iter()
                    .map(|&vm| (py_move(vm, turn, chess960), vm)),
            );
            self.listed_for = Some(self.pos);
            self.next = 0;
        }
        &self.listed
    }

    /// The legal move `m` stands for, if any.
    fn find(&mut self, m: Move) -> Option<VariantMove> {
        let next = self.next;
        let listed = self.listed();
        let at = [next, next + 1]
            .into_iter()
            .find(|&i| listed.get(i).is_some_and(|&(py, _)| py == m))
            .or_else(|| listed.iter().position(|&(py, _)| py == m))
            .or_else(|| listed.iter().position(|&(_, vm)| is_king_takes_rook(vm, m)))?;
        let vm = listed[at].1;
        self.next = at + 1;
        Some(vm)
    }

    /// python-chess's null move: the other side to move, no en passant square, the clock
    /// and (after black) the move number counted on, the variant's fields (pocket, checks)
    /// kept. `IllegalMoveError` where the library does not hold the position it leaves (the
    /// side to move in check, which would then be the side not to move).
    fn play_null(&mut self, py: Move, base: View) -> PyResult<()> {
        let fen = self.fen();
        let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
        let n = fields.len();
        if n < 6 {
            return Err(IllegalMoveError::new_err(format!(
                "push: no null move in {fen}"
            )));
        }
        let black = fields[1] == "b";
        fields[1] = if black { "w" } else { "b" }.to_owned();
        fields[3] = "-".to_owned();
        fields[n - 2] = self.clock.saturating_add(1).to_string();
        if black {
            let number: u32 = fields[n - 1].parse().unwrap_or(1);
            fields[n - 1] = number.saturating_add(1).to_string();
        }
        let after = self
            .kind
            .read(&fields.join(" "), self.chess960)
            .map_err(|e| {
                IllegalMoveError::new_err(format!("push: a null move is not played in {fen} ({e})"))
            })?;
        self.stack.push(Made {
            base,
            before: self.pos,
            py,
            clock: self.clock,
        });
        self.pos = after;
        self.clock = self.clock.saturating_add(1);
        Ok(())
    }

    fn play(&mut self, vm: VariantMove, py: Move, base: View) {
        self.stack.push(Made {
            base,
            before: self.pos,
            py,
            clock: self.clock,
        });
        // python-chess's zeroing moves: captures and pawn moves; drops never.
        let (board, them) = (self.pos.board(), !self.pos.turn());
        let zeroing = match vm.kind() {
            VariantMoveKind::Drop { .. } => false,
            VariantMoveKind::KingPromotion { .. } => true,
            VariantMoveKind::Chess(m) => {
                m.kind() != MoveKind::Castle
                    && (board.by_role(Role::Pawn).contains(m.from())
                        || board.by_color(them).contains(m.to()))
            }
        };
        self.pos.play_unchecked(vm);
        self.clock = if zeroing {
            0
        } else {
            self.clock.saturating_add(1)
        };
    }

    /// The FEN as python-chess writes it.
    fn fen(&self) -> String {
        with_clock(fen_of(&self.pos), self.clock)
    }

    /// The variant's own ending.
    fn variant_ending(&self) -> Option<VariantOutcome> {
        self.pos.outcome().filter(|o| {
            matches!(
                o.termination,
                VariantTermination::VariantWin
                    | VariantTermination::VariantLoss
                    | VariantTermination::VariantDraw
            )
        })
    }

    /// python-chess's `is_repetition(count)`: the position has occurred `count` times,
    /// counted back through the moves until one that cannot be undone (a capture, pawn
    /// move or drop, which resets the halfmove clock, or a change of castling rights).
    fn is_repetition(&self, count: usize) -> bool {
        if count <= 1 {
            return true;
        }
        let now = key(&self.pos);
        let mut seen = 1;
        let mut after = self.pos;
        for made in self.stack.iter().rev() {
            let before = &made.before;
            let (b, a) = (chess_view(before, false).0, chess_view(&after, false).0);
            if a.halfmoves() == 0 || b.castling_rooks() != a.castling_rooks() {
                break;
            }
            if key(before) == now {
                seen += 1;
                if seen >= count {
                    return true;
                }
            }
            after = *before;
        }
        false
    }

    fn halfmoves(&self) -> u32 {
        self.clock
    }

    /// python-chess's `outcome(claim_draw=)`: the library's automatic endings, then
    /// fivefold repetition, then the claims.
    fn outcome(&self, claim_draw: bool) -> Option<(&'static str, Option<bool>)> {
        // The library's seventy-five-move rule counts its clock; python-chess's is ours.
        let seventy_five = |o: &VariantOutcome| {
            o.termination
                == VariantTermination::Chess(quadboard_chess::Termination::SeventyFiveMoveRule)
        };
        match self.pos.outcome() {
            Some(o) if !seventy_five(&o) => {
                return Some((
                    termination_name(o.termination),
                    o.winner.map(Color::is_white),
                ))
            }
            _ => {}
        }
        if self.clock >= 150 && self.pos.count_legal_moves() > 0 {
            return Some(("SEVENTYFIVE_MOVES", None));
        }
        if self.is_repetition(5) {
            return Some(("FIVEFOLD_REPETITION", None));
        }
        if claim_draw {
            if self.halfmoves() >= 100 {
                return Some(("FIFTY_MOVES", None));
            }
            if self.is_repetition(3) {
                return Some(("THREEFOLD_REPETITION", None));
            }
        }
        None
    }
}

impl VariantBoard {
    fn state(&self) -> PyResult<&State> {
        self.state
            .as_deref()
            .ok_or_else(|| PyValueError::new_err("variant board not initialised"))
    }

    fn state_mut(&mut self) -> PyResult<&mut State> {
        self.state
            .as_deref_mut()
            .ok_or_else(|| PyValueError::new_err("variant board not initialised"))
    }
}

/// Writes the variant position's chess part into the `Board` it extends.
fn sync(slf: &mut PyRefMut<'_, VariantBoard>) -> PyResult<()> {
    let (view, chess960, clock) = {
        let state = slf.state()?;
        (
            chess_view(&state.pos, state.chess960),
            state.chess960,
            state.clock,
        )
    };
    let (mut pos, mut loose, promoted) = view;
    if pos.halfmoves() != clock {
        // After a drop (rare): the position again with python-chess's clock.
        let mut setup = pos.to_setup();
        setup.halfmoves = clock;
        (pos, loose) = position_of(setup, chess960);
    }
    write_view(slf, (pos, loose, promoted), chess960);
    if let AnyVariant::Antichess(p) = &slf.state()?.pos {
        // The antichess family castles without a king, or with several: its rights as
        // python-chess keeps them, which the chess view may have dropped.
        let rights = p.castling_rights();
        slf.as_super().castling_raw = rights;
    }
    Ok(())
}

/// The extended `Board`'s view of the position now (for [`Made::base`]).
fn base_view(slf: &mut PyRefMut<'_, VariantBoard>) -> View {
    let base = slf.as_super();
    (*base.pos, base.loose, base.promoted)
}

/// Writes a view of the position into the extended `Board`.
fn write_view(slf: &mut PyRefMut<'_, VariantBoard>, view: View, chess960: bool) {
    let (pos, loose, promoted) = view;
    let base = slf.as_super();
    *base.pos = pos;
    base.loose = loose;
    base.castling_raw = pos.castling_rooks();
    base.chess960 = chess960;
    base.promoted = promoted;
    base.ep_kept = None;
    base.stack.clear();
    base.promoted_log.clear();
    base.assigned_after_moves = false;
}

/// Replaces the position by a FEN of the board's variant, the move stack kept or cleared;
/// the board unchanged on a bad FEN.
fn replace_position(
    slf: &mut PyRefMut<'_, VariantBoard>,
    fen: &str,
    keep_stack: bool,
) -> PyResult<()> {
    let (kind, chess960) = {
        let state = slf.state()?;
        (state.kind, state.chess960)
    };
    let pos = read_variant(kind, fen, chess960)?;
    let state = slf.state_mut()?;
    state.pos = pos;
    state.clock = library_clock(&pos);
    if !keep_stack {
        state.stack.clear();
    }
    sync(slf)
}

/// A variant as the Python classes name it: the library's, and for antichess which of
/// python-chess's three boards (antichess, giveaway, suicide) it is.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Kind {
    /// The library's variant.
    variant: Variant,
    /// The rules of the antichess family (giveaway's for the others, unused).
    rules: AntichessRules,
    /// The Python class's `uci_variant` (boards of different classes are never equal).
    name: &'static str,
}

impl Kind {
    /// The kind of a Python class's `uci_variant`.
    fn named(name: &str) -> PyResult<Kind> {
        // `giveaway` and `suicide` are python-chess's own boards; the library's names
        // (where `giveaway` is lichess's antichess) name the rest. python-chess's
        // `AntichessBoard` is its giveaway from a start without rights, which its class
        // gives: giveaway's rules (lichess's differ in a position only a FEN gives, where
        // the side to move has pieces and its opponent none).
        if let Some(rules) = AntichessRules::from_uci_name(name) {
            return Ok(Kind {
                variant: Variant::Antichess,
                rules: match rules {
                    AntichessRules::Suicide => AntichessRules::Suicide,
                    _ => AntichessRules::Giveaway,
                },
                name: rules.uci_name(),
            });
        }
        let variant = Variant::from_name(name)
            .ok_or_else(|| PyValueError::new_err(format!("unknown variant: {}", py_repr(name))))?;
        Ok(Kind {
            variant,
            rules: AntichessRules::Giveaway,
            name: variant.uci_name(),
        })
    }

    /// A position of this kind from a FEN; castling rights of the antichess family cleaned
    /// as python-chess cleans them on a board of `chess960`.
    fn read(
        self,
        fen: &str,
        chess960: bool,
    ) -> Result<AnyVariant, quadboard_chess::variant::VariantError> {
        if self.variant == Variant::Antichess {
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            return Antichess::from_fen_as(fen, self.rules, Some(mode)).map(AnyVariant::Antichess);
        }
        AnyVariant::from_fen(self.variant, fen)
    }
}

/// Reads a variant FEN (python-chess's forms: crazyhouse's pocket in brackets, three-check's
/// `3+3` counts); `ValueError` naming what is wrong.
fn read_variant(kind: Kind, fen: &str, chess960: bool) -> PyResult<AnyVariant> {
    kind.read(fen.trim(), chess960)
        .map_err(|e| PyValueError::new_err(format!("{e}: {}", py_repr(fen))))
}

#[pymethods]
impl VariantBoard {
    /// A new, empty object; the Python class's `__init__` sets the game.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<VariantBoard> {
        PyClassInitializer::from(Board::from_position(Position::new(), false))
            .add_subclass(VariantBoard { state: None })
    }

    /// Sets the game: `variant` by any of its names, the position from `fen`, castling
    /// written king-takes-rook when `chess960`.
    fn _set_variant(
        mut slf: PyRefMut<'_, Self>,
        variant: &str,
        fen: &str,
        chess960: bool,
    ) -> PyResult<()> {
        let kind = Kind::named(variant)?;
        let pos = read_variant(kind, fen, chess960)?;
        slf.state = Some(Box::new(State {
            kind,
            pos,
            chess960,
            stack: Vec::new(),
            listed: Vec::new(),
            listed_for: None,
            next: 0,
            clock: library_clock(&pos),
        }));
        sync(&mut slf)
    }

    /// Replaces the position by a FEN of the board's variant; the stack is cleared.
    fn set_fen(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        replace_position(&mut slf, fen, false)
    }

    /// Replaces the position by a FEN of the board's variant and keeps the move stack: an
    /// attribute assigned between moves (`turn`, `halfmove_clock`, ...), which python-chess
    /// keeps until `pop` restores the position before the last move, as this stack does.
    fn _set_position(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        replace_position(&mut slf, fen, true)
    }

    /// The FEN with the variant's fields, as python-chess writes it.
    #[pyo3(signature = (*, shredder = false, en_passant = "legal", promoted = None))]
    fn fen(
        slf: PyRef<'_, Self>,
        shredder: bool,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        if shredder || en_passant != "legal" || promoted == Some(false) {
            return Err(pyo3::exceptions::PyNotImplementedError::new_err(
                "variant boards write python-chess's default FEN only (no shredder, en_passant or promoted choices)",
            ));
        }
        let state = slf.state()?;
        let fen = state.fen();
        if !state.chess960 || matches!(state.pos, AnyVariant::Antichess(_)) {
            // The antichess family writes python-chess's X-FEN itself.
            return Ok(fen);
        }
        // The library writes Chess960 rights as file letters (`HAha`); python-chess writes
        // X-FEN (`KQkq` for the outermost rooks), as `Board` does for the same rights.
        let chess_fen = slf.as_super().fen_text();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let (Some(field), Some(xfen)) = (fields.get_mut(2), chess_fen.split(' ').nth(2)) {
            *field = xfen;
        }
        Ok(fields.join(" "))
    }

    /// Whether castling is written king-takes-rook.
    #[getter]
    fn chess960(&self) -> PyResult<bool> {
        Ok(self.state()?.chess960)
    }

    /// The legal moves as a list of `Move`s (the generator object is Python's).
    fn _legal_list<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = Move::table(py)?;
        let state = self.state_mut()?;
        let listed = state.listed();
        let objects = listed
            .iter()
            .map(|&(m, _)| m.object_in(py, table))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// How many legal moves there are.
    fn _legal_count(&self) -> PyResult<u64> {
        Ok(self.state()?.pos.count_legal_moves())
    }

    /// Makes a legal move (drops and promotions to king included); `IllegalMoveError`
    /// naming any other.
    fn push(mut slf: PyRefMut<'_, Self>, r#move: &Bound<'_, MoveObj>) -> PyResult<()> {
        let m = r#move.get().value();
        let base = base_view(&mut slf);
        let state = slf.state_mut()?;
        if m.is_null() {
            state.play_null(m, base)?;
            return sync(&mut slf);
        }
        let Some(vm) = state.find(m) else {
            return Err(IllegalMoveError::new_err(format!(
                "push: {} is not a legal move in {}",
                m.to_uci(),
                state.fen()
            )));
        };
        state.play(vm, m, base);
        sync(&mut slf)
    }

    /// Takes back the last move and returns it; `IndexError` when there is none.
    fn pop(mut slf: PyRefMut<'_, Self>, py: Python<'_>) -> PyResult<Py<MoveObj>> {
        let state = slf.state_mut()?;
        let Some(made) = state.stack.pop() else {
            return Err(PyIndexError::new_err("pop from empty list"));
        };
        state.pos = made.before;
        state.clock = made.clock;
        let chess960 = state.chess960;
        write_view(&mut slf, made.base, chess960);
        made.py.object(py)
    }

    /// The last move; `IndexError` when there is none.
    fn peek(&self, py: Python<'_>) -> PyResult<Py<MoveObj>> {
        match self.state()?.stack.last() {
            Some(made) => made.py.object(py),
            None => Err(PyIndexError::new_err("list index out of range")),
        }
    }

    /// The moves made, oldest first (a new list each time).
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self
            .state()?
            .stack
            .iter()
            .map(|made| made.py.object(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, moves)
    }

    /// The plies played from the FEN's fullmove number.
    fn ply(&self) -> PyResult<i64> {
        let state = self.state()?;
        let pos = chess_view(&state.pos, state.chess960).0;
        let turn_offset = i64::from(!pos.turn().is_white());
        Ok(2 * (i64::from(pos.fullmoves()) - 1) + turn_offset)
    }

    /// Forgets the moves made, keeping the position.
    fn clear_stack(&mut self) -> PyResult<()> {
        self.state_mut()?.stack.clear();
        Ok(())
    }

    /// The FEN before the first move of the stack.
    fn _root_fen(&self) -> PyResult<String> {
        let state = self.state()?;
        let (root, fen) = match state.stack.first() {
            Some(first) => (
                &first.before,
                with_clock(fen_of(&first.before), first.clock),
            ),
            None => (&state.pos, state.fen()),
        };
        Ok(match root {
            // The antichess family's promoted kings, which its FEN does not always mark,
            // kept for `root()`, pickling and a change of `chess960`.
            AnyVariant::Antichess(p) if p.promoted().any() => {
                let marked = p.to_fen_marked();
                let placement = marked.split(' ').next().unwrap_or_default();
                match fen.split_once(' ') {
                    Some((_, rest)) => format!("{placement} {rest}"),
                    None => fen,
                }
            }
            _ => fen,
        })
    }

    /// A copy of the game into `other` (a new board of the same class), keeping the last
    /// `keep` moves of the stack (all with `None`).
    #[pyo3(signature = (other, keep = None))]
    fn _copy_into(&self, other: &Bound<'_, VariantBoard>, keep: Option<usize>) -> PyResult<()> {
        let mut state = self.state()?.clone();
        if let Some(keep) = keep {
            let cut = state.stack.len().saturating_sub(keep);
            state.stack.drain(..cut);
        }
        let mut other = other.borrow_mut();
        other.state = Some(Box::new(state));
        sync(&mut other)
    }

    /// Reads a move in UCI (drops as `P@e4`, promotions to king as `e7e8k`) without making
    /// it; `InvalidMoveError` for text that is not UCI, `IllegalMoveError` for an illegal move.
    fn parse_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Py<MoveObj>> {
        let m = Move::parse_uci(uci)?;
        let state = self.state_mut()?;
        match state.find(m) {
            Some(vm) => py_move(vm, state.pos.turn(), state.chess960).object(py),
            None => Err(IllegalMoveError::new_err(format!(
                "illegal uci: {} in {}",
                py_repr(uci),
                state.fen()
            ))),
        }
    }

    /// The legal move in SAN as python-chess writes it on this variant (drops `N@f3`,
    /// king promotions `e8=K`, the variant's `+`/`#`); `IllegalMoveError` for any other.
    fn _san(&mut self, m: &Bound<'_, MoveObj>) -> PyResult<String> {
        let m = m.get().value();
        let state = self.state_mut()?;
        match state.find(m) {
            Some(vm) => Ok(state.pos.to_san(vm).as_str().to_owned()),
            None => Err(IllegalMoveError::new_err(format!(
                "san: {} is not a legal move in {}",
                m.to_uci(),
                state.fen()
            ))),
        }
    }

    /// Reads a legal move in SAN without making it: `InvalidMoveError` for text that is
    /// not SAN, `IllegalMoveError` when no legal move fits, `AmbiguousMoveError` when
    /// several do.
    fn parse_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Py<MoveObj>> {
        let state = self.state_mut()?;
        match state.pos.parse_san(san) {
            Ok(vm) => py_move(vm, state.pos.turn(), state.chess960).object(py),
            Err(VariantSanError::Syntax(_)) => Err(InvalidMoveError::new_err(format!(
                "invalid san: {}",
                py_repr(san)
            ))),
            Err(VariantSanError::Illegal { .. }) => Err(IllegalMoveError::new_err(format!(
                "illegal san: {} in {}",
                py_repr(san),
                state.fen()
            ))),
            Err(VariantSanError::Ambiguous { .. }) => Err(AmbiguousMoveError::new_err(format!(
                "ambiguous san: {} in {}",
                py_repr(san),
                state.fen()
            ))),
        }
    }

    /// Reads a move in UCI, makes it and returns it.
    fn push_uci(mut slf: PyRefMut<'_, Self>, uci: &str) -> PyResult<Py<MoveObj>> {
        let py = slf.py();
        let m = Move::parse_uci(uci)?;
        let base = base_view(&mut slf);
        let state = slf.state_mut()?;
        let Some(vm) = state.find(m) else {
            return Err(IllegalMoveError::new_err(format!(
                "illegal uci: {} in {}",
                py_repr(uci),
                state.fen()
            )));
        };
        let played = py_move(vm, state.pos.turn(), state.chess960);
        state.play(vm, played, base);
        sync(&mut slf)?;
        played.object(py)
    }

    /// Whether the move is legal here.
    fn is_legal(&mut self, m: &Bound<'_, MoveObj>) -> PyResult<bool> {
        let m = m.get().value();
        Ok(self.state_mut()?.find(m).is_some())
    }

    /// Whether the side to move is in check (as the variant counts it).
    fn is_check(&self) -> PyResult<bool> {
        Ok(self.state()?.pos.is_check())
    }

    /// In check with no legal move (and the game not ended by the variant's rule first).
    fn is_checkmate(&self) -> PyResult<bool> {
        let pos = &self.state()?.pos;
        Ok(pos.is_check() && pos.count_legal_moves() == 0)
    }

    /// Not in check, no legal move, and the game not ended by the variant's rule.
    fn is_stalemate(&self) -> PyResult<bool> {
        let pos = &self.state()?.pos;
        Ok(!pos.is_check() && !pos.is_variant_end() && pos.count_legal_moves() == 0)
    }

    /// Whether the game has ended by the variant's own rule.
    fn is_variant_end(&self) -> PyResult<bool> {
        Ok(self.state()?.pos.is_variant_end())
    }

    /// Whether the side to move has won by the variant's rule.
    fn is_variant_win(&self) -> PyResult<bool> {
        Ok(self
            .state()?
            .variant_ending()
            .is_some_and(|o| o.termination == VariantTermination::VariantWin))
    }

    /// Whether the side to move has lost by the variant's rule.
    fn is_variant_loss(&self) -> PyResult<bool> {
        Ok(self
            .state()?
            .variant_ending()
            .is_some_and(|o| o.termination == VariantTermination::VariantLoss))
    }

    /// Whether the game is drawn by the variant's rule.
    fn is_variant_draw(&self) -> PyResult<bool> {
        Ok(self
            .state()?
            .variant_ending()
            .is_some_and(|o| o.termination == VariantTermination::VariantDraw))
    }

    /// Whether neither side can win, as python-chess defines it for the variant.
    fn is_insufficient_material(&self) -> PyResult<bool> {
        let pos = &self.state()?.pos;
        Ok(pos.has_insufficient_material(Color::White)
            && pos.has_insufficient_material(Color::Black))
    }

    /// Whether `color` cannot win, as python-chess defines it for the variant.
    fn has_insufficient_material(&self, color: bool) -> PyResult<bool> {
        Ok(self.state()?.pos.has_insufficient_material(color_of(color)))
    }

    /// 150 plies without a capture or pawn move, and a move to make.
    fn is_seventyfive_moves(&self) -> PyResult<bool> {
        let state = self.state()?;
        Ok(state.halfmoves() >= 150 && state.pos.count_legal_moves() > 0)
    }

    /// 100 plies without a capture or pawn move, and a move to make.
    fn is_fifty_moves(&self) -> PyResult<bool> {
        let state = self.state()?;
        Ok(state.halfmoves() >= 100 && state.pos.count_legal_moves() > 0)
    }

    /// Whether the position has occurred `count` times (see python-chess's).
    #[pyo3(signature = (count = 3))]
    fn is_repetition(&self, count: usize) -> PyResult<bool> {
        Ok(self.state()?.is_repetition(count))
    }

    /// Whether the position has occurred five times.
    fn is_fivefold_repetition(&self) -> PyResult<bool> {
        Ok(self.state()?.is_repetition(5))
    }

    /// Whether a draw by threefold repetition may be claimed now.
    fn can_claim_threefold_repetition(&self) -> PyResult<bool> {
        Ok(self.state()?.is_repetition(3))
    }

    /// Whether a draw by the fifty-move rule may be claimed now.
    fn can_claim_fifty_moves(&self) -> PyResult<bool> {
        Ok(self.state()?.halfmoves() >= 100)
    }

    /// Either claim.
    fn can_claim_draw(&self) -> PyResult<bool> {
        let state = self.state()?;
        Ok(state.halfmoves() >= 100 || state.is_repetition(3))
    }

    /// How the game ended, or None: python-chess's order (the variant's loss, win and draw,
    /// checkmate, insufficient material, stalemate, the seventy-five-move rule, fivefold
    /// repetition, then the claims with `claim_draw`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&self, py: Python<'_>, claim_draw: bool) -> PyResult<Option<Py<PyAny>>> {
        match self.state()?.outcome(claim_draw) {
            Some((termination, winner)) => Ok(Some(make_outcome(py, termination, winner)?)),
            None => Ok(None),
        }
    }

    /// Whether the game is over (see `outcome`).
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&self, claim_draw: bool) -> PyResult<bool> {
        Ok(self.state()?.outcome(claim_draw).is_some())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&self, claim_draw: bool) -> PyResult<&'static str> {
        Ok(match self.state()?.outcome(claim_draw) {
            Some((_, Some(true))) => "1-0",
            Some((_, Some(false))) => "0-1",
            Some((_, None)) => "1/2-1/2",
            None => "*",
        })
    }

    /// The move in UCI as the board writes it (castling as the king's two-square move
    /// unless Chess960).
    #[pyo3(signature = (m, *, chess960 = None))]
    fn uci(&mut self, m: &Bound<'_, MoveObj>, chess960: Option<bool>) -> PyResult<String> {
        let m = m.get().value();
        let state = self.state_mut()?;
        let chess960 = chess960.unwrap_or(state.chess960);
        let turn = state.pos.turn();
        Ok(match state.find(m) {
            Some(vm) => py_move(vm, turn, chess960).to_uci(),
            None => m.to_uci(),
        })
    }

    /// Crazyhouse's pockets: for white, then black, the counts of pawns, knights, bishops,
    /// rooks and queens; None on other variants.
    fn _pockets(&self) -> PyResult<Option<[[u8; 5]; 2]>> {
        Ok(match &self.state()?.pos {
            AnyVariant::Crazyhouse(p) => {
                let count = |color| {
                    [
                        Role::Pawn,
                        Role::Knight,
                        Role::Bishop,
                        Role::Rook,
                        Role::Queen,
                    ]
                    .map(|role| p.pockets().count(color, role))
                };
                Some([count(Color::White), count(Color::Black)])
            }
            _ => None,
        })
    }

    /// Whether the castling rights are ones only Chess960 has (python-chess's
    /// `has_chess960_castling_rights`), for the antichess family, whose positions the
    /// chess view may not hold; `Board`'s answer for the others.
    fn _has_chess960_castling_rights(slf: PyRef<'_, Self>) -> PyResult<bool> {
        match &slf.state()?.pos {
            AnyVariant::Antichess(p) => Ok(p.has_chess960_castling_rights()),
            _ => Err(PyValueError::new_err(
                "_has_chess960_castling_rights: the antichess family's only",
            )),
        }
    }

    /// Three-check's checks still to give, as python-chess's `remaining_checks` lists
    /// them (black's, then white's); None on other variants.
    fn _remaining_checks(&self) -> PyResult<Option<[u8; 2]>> {
        Ok(match &self.state()?.pos {
            AnyVariant::ThreeCheck(p) => Some([
                p.remaining_checks(Color::Black),
                p.remaining_checks(Color::White),
            ]),
            _ => None,
        })
    }

    /// Equal to a variant board of the same variant, position and pockets or counts.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<VariantBoard>() else {
            return Ok(false);
        };
        let (a, b) = (self.state()?, other.borrow());
        let b = b.state()?;
        Ok(a.kind == b.kind && key(&a.pos) == key(&b.pos))
    }

    /// The count of `perft` at `depth` from this position, without the GIL.
    fn _perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let pos = self.state()?.pos;
        Ok(py.detach(|| pos.perft(depth)))
    }
}

/// For `quadboard.engine` (`engine.rs`): a variant board's position before its first move
/// (`root`) or now, its FEN as python-chess's `fen(en_passant="fen")` writes it (the en
/// passant square after every double step, which the library keeps, and python-chess's
/// halfmove clock), and whether castling is written king-takes-rook.
pub(crate) fn engine_position(
    board: &Bound<'_, VariantBoard>,
    root: bool,
) -> PyResult<(AnyVariant, String, bool)> {
    let board = board.borrow();
    let state = board.state()?;
    let (pos, clock) = match state.stack.first() {
        Some(first) if root => (first.before, first.clock),
        _ => (state.pos, state.clock),
    };
    Ok((pos, with_clock(pos.to_fen(), clock), state.chess960))
}
