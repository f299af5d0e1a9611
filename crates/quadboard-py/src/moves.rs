//! `quadboard.Move` and `quadboard.Piece`: small values with python-chess's fields, and
//! the table of shared `Move` objects that move generation hands out.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyType};
use quadboard_chess::{Role, Square};

use crate::errors::{py_repr, InvalidMoveError};

/// The piece letters by python-chess's piece type (1 = pawn ... 6 = king).
const LETTERS: [char; 7] = ['?', 'p', 'n', 'b', 'r', 'q', 'k'];

/// A move as python-chess has it: the squares it goes from and to (0 = a1 ... 63 = h8),
/// the piece type it promotes to (a king too: antichess) and, for a drop (crazyhouse), the
/// piece type dropped (then both squares are the target, as python-chess has them). Castling is the king's move to its destination in
/// standard chess (e1g1) and king-takes-rook in Chess960 (e1h1), as the board that made
/// it writes it. The value; Python's objects are [`MoveObj`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// The promotion's piece type (2 = knight ... 6 = king), 0 for none.
    pub promotion: u8,
    /// The piece type dropped (1 = pawn ... 5 = queen), 0 for a move on the board.
    pub drop: u8,
}

/// Python's `Move`: a [`Move`] in one word, which a program may assign field by field as
/// python-chess's moves allow (`move.promotion = chess.QUEEN` after `Move(a, b)`, as GUI
/// code does). Frozen for PyO3 (no borrow flag on the hot paths), the word atomic for the
/// assignments.
#[pyclass(frozen, name = "Move", module = "quadboard")]
pub struct MoveObj {
    bits: AtomicU32,
}

impl MoveObj {
    /// An object holding `m`.
    pub fn new(m: Move) -> MoveObj {
        MoveObj {
            bits: AtomicU32::new(m.pack()),
        }
    }

    /// The move this object holds now.
    #[inline]
    pub fn value(&self) -> Move {
        Move::unpack(self.bits.load(Ordering::Relaxed))
    }

    fn set(&self, py: Python<'_>, m: Move) {
        if let Some(table) = MOVES.get(py) {
            if std::ptr::eq(table[self.value().index()].get(), self) {
                SHARED_CHANGED.store(true, Ordering::Relaxed);
            }
        }
        self.bits.store(m.pack(), Ordering::Relaxed);
    }
}

/// Whether a program has assigned a field of one of the shared objects of [`MOVES`]: until
/// then (in nearly every process) every shared object holds its own move, and listings
/// hand them out without looking ([`Move::shared_in`]).
static SHARED_CHANGED: AtomicBool = AtomicBool::new(false);

/// Whether every shared move object still holds its own move (see [`Move::list`]).
#[inline]
fn shared_moves_intact() -> bool {
    !SHARED_CHANGED.load(Ordering::Relaxed)
}

/// One object for every move that can exist (64 x 64 squares x 5 promotion states), made
/// once so that listing moves only takes references. A program that assigns a field of
/// one changes only what it holds: the table's object then no longer holds its move, and
/// that move is handed out as new objects (see [`Move::object_in`]).
static MOVES: PyOnceLock<Vec<Py<MoveObj>>> = PyOnceLock::new();

/// `obj`, no longer tracked by Python's cycle collector. For objects of a class without
/// references to other Python objects (no `__dict__`, not subclassable, Rust fields only),
/// which can be in no cycle: the collector then no longer walks them, through PyO3's
/// `tp_traverse` at about 160 instructions each, at every full collection (the 20,480
/// shared `Move` objects doubled a full collection of a process with little else, 1.84 ms
/// against 0.90 ms; measured 2026-11-27, docs/log/2026-11-27-peers-history.md).
pub fn untracked<T>(obj: Py<T>) -> Py<T> {
    // SAFETY: `obj` is a live object of a GC type (every PyO3 class is one); untracking
    // such an object is allowed at any time, and its deallocation (PyO3's) untracks again,
    // which CPython permits for an untracked object. Holding no references, it cannot keep
    // a cycle alive unseen.
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(obj.as_ptr().cast()) };
    obj
}

impl Move {
    /// The move in one word: origin, destination, promotion, drop, a byte each.
    const fn pack(self) -> u32 {
        self.from as u32
            | (self.to as u32) << 8
            | (self.promotion as u32) << 16
            | (self.drop as u32) << 24
    }

    /// [`Move::pack`] undone.
    const fn unpack(bits: u32) -> Move {
        Move {
            from: bits as u8,
            to: (bits >> 8) as u8,
            promotion: (bits >> 16) as u8,
            drop: (bits >> 24) as u8,
        }
    }

    /// Whether the table of shared objects ([`MOVES`]) has this move: every move of chess
    /// (drops and promotions to king are made as new objects when listed).
    #[inline]
    fn in_table(self) -> bool {
        self.drop == 0 && self.promotion <= 5
    }

    /// The index of a move in [`MOVES`].
    fn index(self) -> usize {
        let promotion = if self.promotion == 0 {
            0
        } else {
            usize::from(self.promotion - 1)
        };
        (usize::from(self.from) * 64 + usize::from(self.to)) * 5 + promotion
    }

    /// The shared Python object of this move.
    pub fn object(self, py: Python<'_>) -> PyResult<Py<MoveObj>> {
        self.object_in(py, Move::table(py)?)
    }

    /// The shared object of this move from the table of [`Move::table`], or a new one if
    /// a program has assigned a field of the shared one (which is then its own).
    #[inline]
    pub fn object_in(self, py: Python<'_>, table: &[Py<MoveObj>]) -> PyResult<Py<MoveObj>> {
        if !self.in_table() {
            return Ok(untracked(Py::new(py, MoveObj::new(self))?));
        }
        let shared = &table[self.index()];
        if shared.get().bits.load(Ordering::Relaxed) == self.pack() {
            Ok(shared.clone_ref(py))
        } else {
            Ok(untracked(Py::new(py, MoveObj::new(self))?))
        }
    }

    /// A Python list of the objects of `moves` (moves of chess: no drops, no promotions to
    /// king; variant boards list theirs with [`Move::object_in`]): the shared ones, taken without the test
    /// of [`Move::object_in`] while no program has changed one (nearly always: the list is
    /// then filled straight from the iterator), else through it.
    pub fn list<'py>(
        py: Python<'py>,
        moves: impl ExactSizeIterator<Item = Move>,
    ) -> PyResult<Bound<'py, PyList>> {
        let table = Move::table(py)?;
        if shared_moves_intact() {
            return PyList::new(
                py,
                moves.map(|m| {
                    debug_assert!(m.in_table());
                    table[m.index()].clone_ref(py)
                }),
            );
        }
        let objects = moves
            .map(|m| m.object_in(py, table))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// Every `Move` object, made on first use.
    pub fn table(py: Python<'_>) -> PyResult<&'static [Py<MoveObj>]> {
        let table = MOVES.get_or_try_init(py, || {
            let mut table = Vec::with_capacity(64 * 64 * 5);
            for from in 0..64u8 {
                for to in 0..64u8 {
                    for promotion in [0, 2, 3, 4, 5] {
                        table.push(untracked(Py::new(
                            py,
                            MoveObj::new(Move {
                                from,
                                to,
                                promotion,
                                drop: 0,
                            }),
                        )?));
                    }
                }
            }
            Ok::<_, PyErr>(table)
        })?;
        Ok(table)
    }

    /// The null move, a1 to a1.
    pub const NULL: Move = Move {
        from: 0,
        to: 0,
        promotion: 0,
        drop: 0,
    };

    /// Whether this is the null move.
    pub fn is_null(self) -> bool {
        self == Move::NULL
    }

    /// XBoard text: UCI, `@@@@` for the null move.
    pub fn xboard_text(self) -> String {
        if self.is_null() {
            "@@@@".to_owned()
        } else {
            self.to_uci()
        }
    }

    /// UCI text: `e2e4`, `e7e8q`, `0000` for the null move.
    pub fn to_uci(self) -> String {
        if self.is_null() {
            return "0000".to_owned();
        }
        if self.drop != 0 {
            return format!(
                "{}@{}",
                LETTERS[usize::from(self.drop)].to_ascii_uppercase(),
                Square::new(self.to)
            );
        }
        let mut text = format!("{}{}", Square::new(self.from), Square::new(self.to));
        if self.promotion != 0 {
            text.push(LETTERS[usize::from(self.promotion)]);
        }
        text
    }

    /// Reads UCI syntax (no board): two squares and an optional promotion letter, or `0000`.
    pub fn parse_uci(text: &str) -> PyResult<Move> {
        if text == "0000" {
            return Ok(Move::NULL);
        }
        let bytes = text.as_bytes();
        // python-chess's messages, which programs print.
        let invalid = || InvalidMoveError::new_err(format!("invalid uci: {}", py_repr(text)));
        if bytes.len() == 4 && bytes[1] == b'@' {
            // A drop, `P@e4` (python-chess reads the letter in either case).
            let drop = match Role::from_char(char::from(bytes[0].to_ascii_lowercase())) {
                Some(role) if role != Role::King => role as u8,
                _ => return Err(invalid()),
            };
            let to = Square::from_ascii(&bytes[2..4])
                .map_err(|_| invalid())?
                .index() as u8;
            return Ok(Move {
                from: to,
                to,
                promotion: 0,
                drop,
            });
        }
        if !(bytes.len() == 4 || bytes.len() == 5) {
            return Err(InvalidMoveError::new_err(format!(
                "expected uci string to be of length 4 or 5: {}",
                py_repr(text)
            )));
        }
        let from = Square::from_ascii(&bytes[0..2]).map_err(|_| invalid())?;
        let to = Square::from_ascii(&bytes[2..4]).map_err(|_| invalid())?;
        let promotion = match bytes.get(4) {
            None => 0,
            // Lower case only, as python-chess reads UCI.
            Some(&letter) => match Role::from_char(char::from(letter)) {
                // A king too, as antichess promotes.
                Some(role) if role != Role::Pawn && letter.is_ascii_lowercase() => role as u8,
                _ => return Err(invalid()),
            },
        };
        if from == to {
            return Err(InvalidMoveError::new_err(format!(
                "invalid uci (use 0000 for null moves): {}",
                py_repr(text)
            )));
        }
        Ok(Move {
            from: from.index() as u8,
            to: to.index() as u8,
            promotion,
            drop: 0,
        })
    }
}

/// Reads a square number, 0 to 63.
pub fn square_arg(square: i64) -> PyResult<u8> {
    u8::try_from(square)
        .ok()
        .filter(|&s| s < 64)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "square {square} is out of range (0 = a1 ... 63 = h8)"
            ))
        })
}

/// A promotion argument: None, or a piece type a pawn may become (2 = knight ... 5 = queen,
/// 6 = king as antichess has it).
fn promotion_arg(promotion: Option<i64>) -> PyResult<u8> {
    match promotion {
        None => Ok(0),
        Some(p @ 2..=6) => Ok(p as u8),
        Some(p) => Err(InvalidMoveError::new_err(format!(
            "invalid promotion piece type {p} (2 = knight ... 6 = king)"
        ))),
    }
}

/// A drop argument: None, or a piece type that may be dropped (1 = pawn ... 5 = queen).
fn drop_arg(drop: Option<i64>) -> PyResult<u8> {
    match drop {
        None => Ok(0),
        Some(d @ 1..=5) => Ok(d as u8),
        Some(d) => Err(InvalidMoveError::new_err(format!(
            "invalid drop piece type {d} (1 = pawn ... 5 = queen)"
        ))),
    }
}

/// A square argument of a move's field: 0 to 63; `ValueError` otherwise.
fn field_square(square: &Bound<'_, PyAny>) -> PyResult<u8> {
    square_arg(square.extract::<i64>()?)
}

#[pymethods]
impl MoveObj {
    /// `Move(from_square, to_square, promotion=None, drop=None)`: a new object, which the
    /// program may change field by field. A drop (crazyhouse) has both squares the target,
    /// as python-chess's (`Move(E4, E4, drop=PAWN)`).
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion = None, drop = None))]
    fn py_new(
        from_square: i64,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<MoveObj> {
        Ok(MoveObj::new(Move {
            from: square_arg(from_square)?,
            to: square_arg(to_square)?,
            promotion: promotion_arg(promotion)?,
            drop: drop_arg(drop)?,
        }))
    }

    /// The square the piece leaves.
    #[getter(from_square)]
    fn py_from_square(&self) -> u8 {
        self.value().from
    }

    #[setter(from_square)]
    fn set_from_square(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let from = field_square(square)?;
        self.set(
            square.py(),
            Move {
                from,
                ..self.value()
            },
        );
        Ok(())
    }

    /// The square the piece lands on.
    #[getter(to_square)]
    fn py_to_square(&self) -> u8 {
        self.value().to
    }

    #[setter(to_square)]
    fn set_to_square(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let to = field_square(square)?;
        self.set(square.py(), Move { to, ..self.value() });
        Ok(())
    }

    /// The promotion's piece type, or None.
    #[getter(promotion)]
    fn py_promotion(&self) -> Option<u8> {
        let m = self.value();
        (m.promotion != 0).then_some(m.promotion)
    }

    #[setter(promotion)]
    fn set_promotion(&self, py: Python<'_>, promotion: Option<i64>) -> PyResult<()> {
        let promotion = promotion_arg(promotion)?;
        self.set(
            py,
            Move {
                promotion,
                ..self.value()
            },
        );
        Ok(())
    }

    /// The piece type dropped (crazyhouse), or None.
    #[getter]
    fn drop(&self) -> Option<u8> {
        let m = self.value();
        (m.drop != 0).then_some(m.drop)
    }

    #[setter(drop)]
    fn set_drop(&self, py: Python<'_>, drop: Option<i64>) -> PyResult<()> {
        let drop = drop_arg(drop)?;
        self.set(
            py,
            Move {
                drop,
                ..self.value()
            },
        );
        Ok(())
    }

    /// UCI text: `e2e4`, `e7e8q`, `P@e4` for a drop, `0000` for the null move.
    fn uci(&self) -> String {
        self.value().to_uci()
    }

    /// Reads UCI text (`e2e4`, `e7e8q`, `e7e8k`, `P@e4`, `0000`); `InvalidMoveError` if it
    /// is not UCI.
    #[classmethod]
    fn from_uci(_cls: &Bound<'_, PyType>, uci: &str) -> PyResult<MoveObj> {
        Move::parse_uci(uci).map(MoveObj::new)
    }

    /// The null move (`0000`).
    #[classmethod]
    fn null(_cls: &Bound<'_, PyType>) -> MoveObj {
        MoveObj::new(Move::NULL)
    }

    /// XBoard text: UCI, `@@@@` for the null move.
    pub(crate) fn xboard(&self) -> String {
        self.value().xboard_text()
    }

    fn __bool__(&self) -> bool {
        !self.value().is_null()
    }

    /// Equal to a move of the same fields; `NotImplemented` for anything else.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        Ok(match other.cast::<MoveObj>() {
            Ok(other) => (self.value() == other.get().value())
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind(),
            Err(_) => py.NotImplemented(),
        })
    }

    /// python-chess's hash (of the tuple of its four fields), so that sets and dicts of
    /// moves iterate in the same order.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let m = self.value();
        let promotion = (m.promotion != 0).then_some(m.promotion);
        let drop = (m.drop != 0).then_some(m.drop);
        (m.from, m.to, promotion, drop).into_pyobject(py)?.hash()
    }

    fn __str__(&self) -> String {
        self.value().to_uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.value().to_uci())
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (u8, u8, Option<u8>, Option<u8>)) {
        let m = slf.get().value();
        (
            slf.get_type(),
            (
                m.from,
                m.to,
                (m.promotion != 0).then_some(m.promotion),
                (m.drop != 0).then_some(m.drop),
            ),
        )
    }

    /// A new object of the same fields (changing one does not change the other).
    fn __copy__(&self) -> MoveObj {
        MoveObj::new(self.value())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> MoveObj {
        MoveObj::new(self.value())
    }
}

/// The list of the twelve shared `quadboard.Piece` objects (a Python class,
/// `quadboard._core.Piece`: slot reads cost what a Python attribute does, half a compiled
/// getter), black pawn ... white king: `_core._PIECE_TABLE`, read at each use because a
/// piece the program changes is replaced in it.
static PIECES: PyOnceLock<Py<PyList>> = PyOnceLock::new();

/// A piece: its type (1 = pawn ... 6 = king) and colour (True = white), as the Python
/// `Piece` holds it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// 1 = pawn ... 6 = king.
    pub piece_type: u8,
    /// True for white.
    pub color: bool,
}

impl Piece {
    /// The python-chess piece of a library piece.
    pub fn of(piece: quadboard_chess::Piece) -> Piece {
        Piece {
            piece_type: piece.role() as u8,
            color: piece.color().is_white(),
        }
    }

    /// The library piece.
    pub fn to_library(self) -> quadboard_chess::Piece {
        let role = Role::from_index(usize::from(self.piece_type) - 1).unwrap_or(Role::Pawn);
        let color = if self.color {
            quadboard_chess::Color::White
        } else {
            quadboard_chess::Color::Black
        };
        quadboard_chess::Piece::new(color, role)
    }

    /// The list of the shared `Piece` objects (index: `object_in`).
    pub fn table(py: Python<'_>) -> PyResult<&Bound<'_, PyList>> {
        let table = PIECES.get_or_try_init(py, || {
            Ok::<_, PyErr>(
                py.import("quadboard._core")?
                    .getattr("_PIECE_TABLE")?
                    .cast_into::<PyList>()?
                    .unbind(),
            )
        })?;
        Ok(table.bind(py))
    }

    /// The shared object of this piece from the list of [`Piece::table`].
    pub fn object_in<'py>(self, table: &Bound<'py, PyList>) -> PyResult<Bound<'py, PyAny>> {
        table.get_item(usize::from(self.color) * 6 + usize::from(self.piece_type) - 1)
    }

    /// The shared Python object of this piece.
    pub fn object(self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self.object_in(Piece::table(py)?)?.unbind())
    }

    /// Reads a piece argument: one of the shared objects (found by identity) or anything
    /// with python-chess's `piece_type` (1 to 6) and `color` attributes, such as a
    /// python-chess `Piece`.
    pub fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Piece> {
        let py = obj.py();
        for (i, shared) in Piece::table(py)?.iter().enumerate() {
            if shared.is(obj) {
                return Ok(Piece {
                    piece_type: (i % 6) as u8 + 1,
                    color: i >= 6,
                });
            }
        }
        let invalid = || {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "expected a Piece, not {}",
                obj.repr()
                    .map_or_else(|_| "?".to_owned(), |r| r.to_string())
            ))
        };
        let piece_type: i64 = obj
            .getattr("piece_type")
            .map_err(|_| invalid())?
            .extract()
            .map_err(|_| invalid())?;
        let color = obj.getattr("color").map_err(|_| invalid())?.is_truthy()?;
        match u8::try_from(piece_type) {
            Ok(t @ 1..=6) => Ok(Piece {
                piece_type: t,
                color,
            }),
            _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "invalid piece type {piece_type} (1 = pawn ... 6 = king)"
            ))),
        }
    }
}
