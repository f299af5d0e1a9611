//! `quadboard.SquareSet` (a mutable set of squares over one 64-bit mask) and the
//! bitboard functions of python-chess's core module that have a library home.

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyIterator, PyTuple};
use quadboard_chess::attacks;
use quadboard_chess::{Bitboard, Square};
use std::sync::atomic::{AtomicU64, Ordering};

/// The iterator `SquareSet.carry_rippler` returns: the library's subsets, one at a time.
#[pyclass(module = "quadboard")]
pub struct Subsets(quadboard_chess::bitboard::Subsets);

#[pymethods]
impl Subsets {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        self.0.next().map(|b| b.0)
    }
}

/// Reads a square argument: an int in 0..63, or `ValueError` naming it.
pub fn square_of(obj: &Bound<'_, PyAny>) -> PyResult<Square> {
    let index: i64 = obj.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "a square is an int (0 = a1 ... 63 = h8), not {}",
            obj.repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })?;
    match u8::try_from(index) {
        Ok(i) if i < 64 => Ok(Square::new(i)),
        _ => Err(PyValueError::new_err(format!(
            "square {index} is out of range (0 = a1 ... 63 = h8)"
        ))),
    }
}

/// The low 64 bits of a Python int (what `x & BB_ALL` keeps).
fn low_bits(int: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(v) = int.extract::<u64>() {
        return Ok(v);
    }
    if let Ok(v) = int.extract::<i64>() {
        return Ok(v as u64);
    }
    int.call_method1("__and__", (u64::MAX,))?.extract()
}

/// A mask from what python-chess accepts as a set of squares: a `SquareSet`, an int (or
/// anything with `__int__`) whose low 64 bits are the mask, or an iterable of squares.
pub fn mask_of(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = obj.cast::<SquareSet>() {
        return Ok(set.get().get());
    }
    if obj.is_instance_of::<PyInt>() {
        return low_bits(obj);
    }
    if obj.hasattr("__int__")? {
        return low_bits(&obj.call_method0("__int__")?);
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a SquareSet, an int mask or an iterable of squares, not {}",
            obj.get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        ))
    })?;
    let mut mask = 0u64;
    for item in iter {
        mask |= 1 << square_of(&item?)?.index();
    }
    Ok(mask)
}

/// The ints 0 to 63, made once (CPython shares its ints up to 256 anyway; holding them
/// here spares a call per square where squares are handed out by the dozen).
static SQUARE_INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();

/// The Python ints of the 64 squares, by index.
pub fn square_ints(py: Python<'_>) -> PyResult<&'static [Py<PyInt>]> {
    let ints = SQUARE_INTS.get_or_try_init(py, || {
        (0..64u8)
            .map(|i| Ok(i.into_pyobject(py)?.unbind()))
            .collect::<PyResult<Vec<_>>>()
    })?;
    Ok(ints)
}

/// The squares of a mask as a Python tuple, in ascending order (or descending with
/// `reversed`). A tuple rather than a list: small tuples come from CPython's free lists in
/// one allocation, and iterating a `SquareSet` makes one per loop.
fn square_tuple(py: Python<'_>, mask: u64, reversed: bool) -> PyResult<Bound<'_, PyTuple>> {
    let squares = Bitboard(mask).iter().map(|s| s.index() as u8);
    if reversed {
        PyTuple::new(py, squares.rev())
    } else {
        PyTuple::new(py, squares)
    }
}

/// A set of squares, as python-chess's `SquareSet`: built from an int mask or an
/// iterable of squares, iterated in square order (a1 first), with set operators that take
/// sets, ints and iterables.
//
// Frozen, with the mask in an atomic (relaxed loads and stores are plain moves): a frozen
// class's methods take no borrow flag, which each call on a mutable class sets and clears
// with two atomic read-modify-writes (few instructions, but each waits tens of cycles).
#[pyclass(frozen, subclass, freelist = 64, module = "quadboard")]
pub struct SquareSet {
    /// Bit i for square i.
    mask: AtomicU64,
}

impl SquareSet {
    /// A set of the squares of `mask`.
    pub fn new(mask: u64) -> SquareSet {
        SquareSet {
            mask: AtomicU64::new(mask),
        }
    }

    /// The mask, bit i for square i.
    pub fn get(&self) -> u64 {
        self.mask.load(Ordering::Relaxed)
    }

    /// Replaces the mask.
    fn put(&self, mask: u64) {
        self.mask.store(mask, Ordering::Relaxed);
    }

    /// A new Python `SquareSet` of a mask.
    pub fn object(py: Python<'_>, mask: u64) -> PyResult<Py<SquareSet>> {
        Py::new(py, SquareSet::new(mask))
    }
}

#[pymethods]
impl SquareSet {
    /// `SquareSet(squares=0)`: an int mask (its low 64 bits) or an iterable of squares.
    #[new]
    #[pyo3(signature = (squares = None))]
    fn py_new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(
            squares.map(mask_of).transpose()?.unwrap_or(0),
        ))
    }

    /// The mask, bit i for square i.
    #[getter]
    fn get_mask(&self) -> u64 {
        self.get()
    }

    #[setter]
    fn set_mask(&self, mask: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(low_bits(mask)?);
        Ok(())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        square_tuple(py, self.get(), false)?.into_any().try_iter()
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        square_tuple(py, self.get(), true)?.into_any().try_iter()
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> bool {
        match square.extract::<i64>() {
            Ok(i) if (0..64).contains(&i) => self.get() >> i & 1 == 1,
            _ => false,
        }
    }

    fn __len__(&self) -> usize {
        self.get().count_ones() as usize
    }

    fn __bool__(&self) -> bool {
        self.get() != 0
    }

    fn __int__(&self) -> u64 {
        self.get()
    }

    fn __index__(&self) -> u64 {
        self.get()
    }

    /// Adds a square.
    fn add(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() | 1 << square_of(square)?.index());
        Ok(())
    }

    /// Removes a square if present.
    fn discard(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() & !(1 << square_of(square)?.index()));
        Ok(())
    }

    /// Removes a square; `KeyError` if it is not in the set.
    fn remove(&self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let bit = 1 << square_of(square)?.index();
        if self.get() & bit == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        self.put(self.get() & !bit);
        Ok(())
    }

    /// Removes and returns the lowest square; `KeyError` when empty.
    fn pop(&self) -> PyResult<u8> {
        let mut b = Bitboard(self.get());
        let square = b
            .pop_lsb()
            .ok_or_else(|| PyKeyError::new_err("pop from empty SquareSet"))?;
        self.put(b.0);
        Ok(square.index() as u8)
    }

    /// Removes every square.
    fn clear(&self) {
        self.put(0);
    }

    /// A copy.
    fn copy(&self) -> SquareSet {
        SquareSet::new(self.get())
    }

    /// Adds the squares of every argument.
    #[pyo3(signature = (*others))]
    fn update(&self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.put(self.get() | mask_of(&other)?);
        }
        Ok(())
    }

    /// Keeps the squares that every argument has.
    #[pyo3(signature = (*others))]
    fn intersection_update(&self, others: &Bound<'_, PyTuple>) -> PyResult<()> {
        for other in others {
            self.put(self.get() & mask_of(&other)?);
        }
        Ok(())
    }

    /// Removes the squares of the argument.
    fn difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() & !mask_of(other)?);
        Ok(())
    }

    /// Toggles the squares of the argument.
    fn symmetric_difference_update(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() ^ mask_of(other)?);
        Ok(())
    }

    /// The squares in either.
    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.get() | mask_of(other)?))
    }

    /// The squares in both.
    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.get() & mask_of(other)?))
    }

    /// The squares of this set that are not in the other.
    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.get() & !mask_of(other)?))
    }

    /// The squares in exactly one of the two.
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(self.get() ^ mask_of(other)?))
    }

    /// Whether the two have no square in common.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.get() & mask_of(other)? == 0)
    }

    /// Whether every square of this set is in the other.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.get() & !mask_of(other)? == 0)
    }

    /// Whether every square of the other is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(mask_of(other)? & !self.get() == 0)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.union(other)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.intersection(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.difference(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.symmetric_difference(other)
    }

    fn __ior__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() | mask_of(other)?);
        Ok(())
    }

    fn __iand__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() & mask_of(other)?);
        Ok(())
    }

    fn __isub__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() & !mask_of(other)?);
        Ok(())
    }

    fn __ixor__(&self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.put(self.get() ^ mask_of(other)?);
        Ok(())
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet::new(!self.get())
    }

    fn __lshift__(&self, shift: u32) -> SquareSet {
        SquareSet::new(self.get().checked_shl(shift).unwrap_or(0))
    }

    fn __rshift__(&self, shift: u32) -> SquareSet {
        SquareSet::new(self.get().checked_shr(shift).unwrap_or(0))
    }

    fn __ilshift__(&self, shift: u32) {
        self.put(self.get().checked_shl(shift).unwrap_or(0));
    }

    fn __irshift__(&self, shift: u32) {
        self.put(self.get().checked_shr(shift).unwrap_or(0));
    }

    /// Equal to a set, int or iterable with the same squares; never equal to anything
    /// else. (Like python-chess's, a `SquareSet` is mutable and so not hashable.)
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        mask_of(other).is_ok_and(|m| m == self.get())
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> bool {
        !self.__eq__(other)
    }

    /// The set flipped vertically (rank 1 to rank 8).
    fn mirror(&self) -> SquareSet {
        SquareSet::new(self.get().swap_bytes())
    }

    /// Every subset of the set, as int masks, the empty one first, made one at a time
    /// (a set of 40 squares has 2**40 subsets: a list of them would not fit in memory).
    fn carry_rippler(&self) -> Subsets {
        Subsets(Bitboard(self.get()).subsets())
    }

    /// 64 booleans, square a1 first.
    fn tolist(&self) -> Vec<bool> {
        (0..64).map(|i| self.get() >> i & 1 == 1).collect()
    }

    /// The whole rank, file or diagonal through both squares, or an empty set.
    #[staticmethod]
    fn ray(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(ray(a, b)?))
    }

    /// The squares strictly between two squares on a line, or an empty set.
    #[staticmethod]
    fn between(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(between(a, b)?))
    }

    /// The set of one square.
    #[staticmethod]
    fn from_square(square: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet::new(1 << square_of(square)?.index()))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        Ok((slf.get_type().into_any(), (slf.get().get(),)))
    }

    fn __copy__(&self) -> SquareSet {
        SquareSet::new(self.get())
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> SquareSet {
        SquareSet::new(self.get())
    }

    fn __repr__(&self) -> String {
        let m = self.get();
        format!(
            "SquareSet(0x{:04x}_{:04x}_{:04x}_{:04x})",
            m >> 48,
            m >> 32 & 0xffff,
            m >> 16 & 0xffff,
            m & 0xffff
        )
    }

    /// The set as an 8x8 grid, rank 8 first: `1` for a square in the set, `.` otherwise.
    fn __str__(&self) -> String {
        grid(self.get())
    }
}

/// An 8x8 grid of a mask, rank 8 first: `1` for a set bit, `.` otherwise.
pub fn grid(mask: u64) -> String {
    let mut out = String::with_capacity(127);
    for rank in (0..8).rev() {
        for file in 0..8 {
            if file > 0 {
                out.push(' ');
            }
            out.push(if mask >> (rank * 8 + file) & 1 == 1 {
                '1'
            } else {
                '.'
            });
        }
        if rank > 0 {
            out.push('\n');
        }
    }
    out
}

/// `ray(a, b)`: the mask of the whole line through two squares, or 0.
#[pyfunction]
pub fn ray(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    let (a, b) = (square_of(a)?, square_of(b)?);
    if a == b {
        return Ok(0);
    }
    Ok(attacks::line(a, b).0)
}

/// `between(a, b)`: the mask of the squares strictly between two squares on a line, or 0.
#[pyfunction]
pub fn between(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(attacks::between(square_of(a)?, square_of(b)?).0)
}

/// The knight, king and pawn attack masks of every square, for `BB_KNIGHT_ATTACKS`,
/// `BB_KING_ATTACKS` and `BB_PAWN_ATTACKS` (black's first, as python-chess indexes them
/// by colour), and the rays of every pair of squares for `BB_RAYS`.
#[pyfunction]
#[pyo3(name = "_tables")]
#[allow(clippy::type_complexity)]
pub fn tables() -> (Vec<u64>, Vec<u64>, [Vec<u64>; 2], Vec<Vec<u64>>) {
    let squares = || (0..64u8).map(Square::new);
    let pawn =
        |c: quadboard_chess::Color| squares().map(|s| attacks::pawn(c, s).0).collect::<Vec<_>>();
    (
        squares().map(|s| attacks::knight(s).0).collect(),
        squares().map(|s| attacks::king(s).0).collect(),
        [
            pawn(quadboard_chess::Color::Black),
            pawn(quadboard_chess::Color::White),
        ],
        squares()
            .map(|a| {
                squares()
                    .map(|b| if a == b { 0 } else { attacks::line(a, b).0 })
                    .collect()
            })
            .collect(),
    )
}

/// The fewest knight moves from one square to another (python-chess's
/// `square_knight_distance`), by breadth-first search over the library's knight attacks.
#[pyfunction]
pub fn square_knight_distance(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u32> {
    let (a, b) = (square_of(a)?, square_of(b)?);
    let mut seen = Bitboard::from_square(a);
    let mut frontier = seen;
    let mut steps = 0;
    while !frontier.contains(b) {
        let mut next = Bitboard::EMPTY;
        for s in frontier.iter() {
            next |= attacks::knight(s);
        }
        frontier = next.without(seen);
        seen |= frontier;
        steps += 1;
    }
    Ok(steps)
}

/// Reads a bitboard argument: an int in 0..2^64.
fn bb(mask: u64) -> Bitboard {
    Bitboard(mask)
}

/// Flips a mask vertically (rank 1 to rank 8).
#[pyfunction]
pub fn flip_vertical(mask: u64) -> u64 {
    bb(mask).flip_vertical().0
}

/// Mirrors a mask horizontally (a-file to h-file).
#[pyfunction]
pub fn flip_horizontal(mask: u64) -> u64 {
    bb(mask).mirror_horizontal().0
}

/// Flips a mask about the a1-h8 diagonal.
#[pyfunction]
pub fn flip_diagonal(mask: u64) -> u64 {
    bb(mask).flip_diagonal().0
}

/// Flips a mask about the a8-h1 diagonal.
#[pyfunction]
pub fn flip_anti_diagonal(mask: u64) -> u64 {
    bb(mask).flip_anti_diagonal().0
}
