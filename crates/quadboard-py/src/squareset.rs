//! `quadboard.SquareSet` (a mutable set of squares over one 64-bit mask) and the
//! bitboard functions of python-chess's core module that have a library home.

use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyIterator, PyTuple, PyType};
use pyo3::Borrowed;
use quadboard_chess::attacks;
use quadboard_chess::{Bitboard, Square};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

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
    if int.is_instance_of::<PyInt>() {
        // PyO3's `u64` extraction goes through `_PyLong_AsByteArray` (about 200
        // instructions on CPython 3.11); the mask function reads the digits directly and
        // keeps exactly the low 64 bits, negative ints in two's complement.
        // SAFETY: `int` is a live int object, for which the call cannot fail.
        return Ok(unsafe { pyo3::ffi::PyLong_AsUnsignedLongLongMask(int.as_ptr()) });
    }
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
    // Ints first: the int check is a flag test, where a failed SquareSet check walks the
    // int's type hierarchy.
    if obj.is_instance_of::<PyInt>() {
        return low_bits(obj);
    }
    if let Ok(set) = obj.cast::<SquareSet>() {
        return Ok(set.get().get());
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
    let ints = square_ints(py)?;
    // Filled through the C API: `PyTuple::new` of an iterator costs about 25 instructions
    // per item over `PyTuple_SetItem`'s 18, for its generic conversions and length checks.
    // SAFETY: `PyTuple_New` returns a new reference, or null with an exception set.
    let tuple = unsafe {
        Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyTuple_New(mask.count_ones() as _))?
    };
    let fill = |i: usize, square: Square| {
        let item = ints[square.index()].clone_ref(py).into_ptr();
        // SAFETY: `tuple` is a new tuple of `mask.count_ones()` items that nothing else has
        // seen, `i` is below that count, and `PyTuple_SetItem` takes over `item`'s reference.
        unsafe { pyo3::ffi::PyTuple_SetItem(tuple.as_ptr(), i as _, item) };
    };
    if reversed {
        Bitboard(mask)
            .iter()
            .rev()
            .enumerate()
            .for_each(|(i, s)| fill(i, s));
    } else {
        Bitboard(mask)
            .iter()
            .enumerate()
            .for_each(|(i, s)| fill(i, s));
    }
    Ok(tuple.cast_into::<PyTuple>()?)
}

/// The object of a square iterator: CPython's header, then the squares still to come.
/// A type of our own rather than a `#[pyclass]`, so that `__next__` is a plain C slot:
/// through PyO3's trampoline each square would cost about 80 instructions, here about 15.
#[repr(C)]
struct SquareIterObject {
    /// CPython's object header.
    ob_base: pyo3::ffi::PyObject,
    /// Bit i for square i, the squares already handed out cleared.
    mask: u64,
}

/// `SquareSetIterator`, made once: iterates a mask's squares as ints, a1 first.
static SQUARE_ITER_TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Iterators for reuse, handed out as [`POOL`]'s sets are (see there): iterating a set
/// costs neither an allocation nor a deallocation.
static ITER_POOL: PyOnceLock<Box<[Py<PyAny>]>> = PyOnceLock::new();

/// The index of the next pooled iterator (read and written with the GIL held).
static ITER_NEXT: AtomicUsize = AtomicUsize::new(0);

/// `tp_iternext`: the next square, or null without an exception when none is left.
unsafe extern "C" fn square_iter_next(obj: *mut pyo3::ffi::PyObject) -> *mut pyo3::ffi::PyObject {
    let it = obj.cast::<SquareIterObject>();
    // SAFETY: CPython calls `tp_iternext` with the GIL held on an object of this type,
    // which only `new_square_iter` makes, with the layout of `SquareIterObject`.
    let mask = unsafe { (*it).mask };
    if mask == 0 {
        return std::ptr::null_mut();
    }
    // SAFETY: as above.
    unsafe { (*it).mask = mask & (mask - 1) };
    // SAFETY: the GIL is held (above).
    let py = unsafe { Python::assume_attached() };
    // The table exists: `square_iter` made it before any iterator was handed out.
    match square_ints(py) {
        Ok(ints) => ints[mask.trailing_zeros() as usize]
            .clone_ref(py)
            .into_ptr(),
        Err(err) => {
            err.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// `tp_dealloc`: frees the object and drops its reference to the (heap) type.
unsafe extern "C" fn square_iter_dealloc(obj: *mut pyo3::ffi::PyObject) {
    // SAFETY: CPython calls `tp_dealloc` once, with the GIL held, on an object that
    // `PyType_GenericAlloc` made (with `PyObject_Malloc`, the type not being collected by
    // the GC) and that holds a reference to its heap type.
    unsafe {
        let ty = pyo3::ffi::Py_TYPE(obj);
        pyo3::ffi::PyObject_Free(obj.cast());
        pyo3::ffi::Py_DecRef(ty.cast());
    }
}

/// The iterator type, made from a spec on first use.
fn square_iter_type(py: Python<'_>) -> PyResult<&Py<PyType>> {
    SQUARE_ITER_TYPE.get_or_try_init(py, || {
        // Leaked once: before Python 3.12 the type keeps pointing into its spec.
        let slots = Box::leak(Box::new([
            pyo3::ffi::PyType_Slot {
                slot: pyo3::ffi::Py_tp_iter,
                pfunc: pyo3::ffi::PyObject_SelfIter as *mut std::ffi::c_void,
            },
            pyo3::ffi::PyType_Slot {
                slot: pyo3::ffi::Py_tp_iternext,
                pfunc: square_iter_next as *mut std::ffi::c_void,
            },
            pyo3::ffi::PyType_Slot {
                slot: pyo3::ffi::Py_tp_dealloc,
                pfunc: square_iter_dealloc as *mut std::ffi::c_void,
            },
            pyo3::ffi::PyType_Slot {
                slot: 0,
                pfunc: std::ptr::null_mut(),
            },
        ]));
        let spec = Box::leak(Box::new(pyo3::ffi::PyType_Spec {
            name: c"quadboard.SquareSetIterator".as_ptr(),
            basicsize: std::mem::size_of::<SquareIterObject>() as _,
            itemsize: 0,
            flags: (pyo3::ffi::Py_TPFLAGS_DEFAULT | pyo3::ffi::Py_TPFLAGS_DISALLOW_INSTANTIATION)
                as _,
            slots: slots.as_mut_ptr(),
        }));
        // SAFETY: the spec and its slots live for the rest of the process, and
        // `PyType_FromSpec` returns a new reference to a type or null with an exception.
        let ty = unsafe { Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyType_FromSpec(spec))? };
        Ok(ty.cast_into::<PyType>()?.unbind())
    })
}

/// A new iterator object with no squares.
fn new_square_iter(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let ty = square_iter_type(py)?;
    // SAFETY: `ty` is a type whose instances are `SquareIterObject`s; `PyType_GenericAlloc`
    // returns a zeroed object of its size with the header set, or null with an exception.
    unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            pyo3::ffi::PyType_GenericAlloc(ty.bind(py).as_type_ptr(), 0),
        )
        .map(Bound::unbind)
    }
}

/// An iterator over the squares of a mask, a1 first: a pooled one that nothing else holds,
/// or a new one.
fn square_iter(py: Python<'_>, mask: u64) -> PyResult<Bound<'_, PyAny>> {
    square_ints(py)?;
    let pool = ITER_POOL.get_or_try_init(py, || {
        (0..POOL_SIZE)
            .map(|_| new_square_iter(py))
            .collect::<PyResult<Box<[_]>>>()
    })?;
    let next = ITER_NEXT.load(Ordering::Relaxed);
    ITER_NEXT.store((next + 1) % POOL_SIZE, Ordering::Relaxed);
    let pooled = &pool[next];
    // SAFETY: `pooled` is a live object that the pool holds a reference to.
    let it = if unsafe { pyo3::ffi::Py_REFCNT(pooled.as_ptr()) } == 1 {
        pooled.clone_ref(py)
    } else {
        new_square_iter(py)?
    };
    // SAFETY: `it` is a `SquareIterObject` (made by `new_square_iter`) that only this call
    // and the pool see: the pool's object is taken only when the pool holds its one
    // reference.
    unsafe { (*it.as_ptr().cast::<SquareIterObject>()).mask = mask };
    Ok(it.into_bound(py))
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

    /// A Python `SquareSet` of a mask: a pooled object that nothing else holds, or a new
    /// one.
    pub fn object(py: Python<'_>, mask: u64) -> PyResult<Py<SquareSet>> {
        let pool = POOL.get_or_try_init(py, || {
            (0..POOL_SIZE)
                .map(|_| Py::new(py, SquareSet::new(0)))
                .collect::<PyResult<Box<[_]>>>()
        })?;
        // Round robin: the object at the cursor was handed out POOL_SIZE sets ago, so in
        // loops that drop their sets (nearly all) it is free again.
        let next = NEXT.load(Ordering::Relaxed);
        NEXT.store((next + 1) % POOL_SIZE, Ordering::Relaxed);
        let set = &pool[next];
        // SAFETY: `set` is a live object (the pool holds a reference to it for the life of
        // the process), and reading its count is a plain load on the stable ABI.
        if unsafe { pyo3::ffi::Py_REFCNT(set.as_ptr()) } == 1 {
            // Only the pool holds it: no one can see the mask change. A SquareSet has no
            // weak references, and the pool holds exact SquareSets, never subclasses.
            set.get().put(mask);
            return Ok(set.clone_ref(py));
        }
        Py::new(py, SquareSet::new(mask))
    }
}

/// How many `SquareSet` objects [`SquareSet::object`] keeps for reuse.
const POOL_SIZE: usize = 64;

/// `SquareSet` objects for reuse. PyO3 makes each new object through the base type's
/// `tp_new` and a free list behind a mutex, and frees it through `tp_dealloc`: about 500
/// instructions per set, where a SquareSet's own work is a few. An object of the pool
/// whose only reference is the pool's is handed out again with a new mask, and when
/// Python drops it, its count falls back to 1 without a deallocation.
static POOL: PyOnceLock<Box<[Py<SquareSet>]>> = PyOnceLock::new();

/// The index of the next pooled object to hand out. Only read and written with the
/// interpreter attached (the GIL held: the stable ABI has no free-threaded builds), so
/// relaxed loads and stores suffice.
static NEXT: AtomicUsize = AtomicUsize::new(0);

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

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        square_iter(py, self.get())
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
    fn copy(&self, py: Python<'_>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get())
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
    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(other.py(), self.get() | mask_of(other)?)
    }

    /// The squares in both.
    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(other.py(), self.get() & mask_of(other)?)
    }

    /// The squares of this set that are not in the other.
    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(other.py(), self.get() & !mask_of(other)?)
    }

    /// The squares in exactly one of the two.
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(other.py(), self.get() ^ mask_of(other)?)
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

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        self.union(other)
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        self.intersection(other)
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        self.difference(other)
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
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

    fn __invert__(&self, py: Python<'_>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, !self.get())
    }

    fn __lshift__(&self, py: Python<'_>, shift: u32) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get().checked_shl(shift).unwrap_or(0))
    }

    fn __rshift__(&self, py: Python<'_>, shift: u32) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get().checked_shr(shift).unwrap_or(0))
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
    fn mirror(&self, py: Python<'_>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get().swap_bytes())
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

    fn __copy__(&self, py: Python<'_>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get())
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Py<SquareSet>> {
        SquareSet::object(py, self.get())
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

/// One of python-chess's slider tables: the 64 masks and, per square, a dict from each
/// subset of its mask to the attacks.
pub type SliderTable<'py> = (Vec<u64>, Vec<Bound<'py, PyDict>>);

/// python-chess's slider tables, `BB_DIAG_*`, `BB_FILE_*` and `BB_RANK_*`: per square, the
/// mask of the squares whose occupancy decides the slider's attacks along those lines (the
/// lines on an empty board, the board's edge squares off them left out), and a dict from
/// every subset of that mask to the attacks along the lines. Built from the library's
/// slider attacks, in the order diagonal, file, rank.
#[pyfunction]
#[pyo3(name = "_slider_tables")]
pub fn slider_tables(py: Python<'_>) -> PyResult<Vec<SliderTable<'_>>> {
    use quadboard_chess::{File, Rank};
    let edges = |square: Square| {
        let ranks = (Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth))
            & !Bitboard::rank(square.rank());
        let files =
            (Bitboard::file(File::A) | Bitboard::file(File::H)) & !Bitboard::file(square.file());
        ranks | files
    };
    type Lines = fn(Square, Bitboard) -> Bitboard;
    let lines: [Lines; 3] = [
        |s, occupied| attacks::bishop(s, occupied),
        |s, occupied| attacks::rook(s, occupied) & Bitboard::file(s.file()),
        |s, occupied| attacks::rook(s, occupied) & Bitboard::rank(s.rank()),
    ];
    lines
        .iter()
        .map(|along| {
            let mut masks = Vec::with_capacity(64);
            let mut tables = Vec::with_capacity(64);
            for square in (0..64u8).map(Square::new) {
                let mask = along(square, Bitboard::EMPTY) & !edges(square);
                let table = PyDict::new(py);
                for subset in mask.subsets() {
                    table.set_item(subset.0, along(square, subset).0)?;
                }
                masks.push(mask.0);
                tables.push(table);
            }
            Ok((masks, tables))
        })
        .collect()
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

/// The `Board.pieces` that PyO3 generated, for the calls that [`board_pieces`] does not
/// take itself.
static PIECES_FALLBACK: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `Board.pieces(piece_type, color)` as CPython calls it (`METH_FASTCALL | METH_KEYWORDS`),
/// for the common call: a piece type 1 to 6 and a bool colour given by position. The method is
/// the hot call of `SquareSet` loops, and PyO3's wrapper (its trampoline, the general
/// argument parser, the `bool` extraction) costs about 200 instructions per call where
/// this costs about 60. Any other call goes to PyO3's method, unchanged.
unsafe extern "C" fn board_pieces(
    slf: *mut pyo3::ffi::PyObject,
    args: *const *mut pyo3::ffi::PyObject,
    nargs: pyo3::ffi::Py_ssize_t,
    kwnames: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls methods with the interpreter attached (the GIL held).
    let py = unsafe { Python::assume_attached() };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        if nargs == 2 && kwnames.is_null() {
            // SAFETY: CPython passes `nargs` borrowed arguments (see `fastcall_args`).
            let (piece_type, color) = unsafe { (*args, *args.add(1)) };
            // SAFETY: reading the addresses of the two bools.
            let color = unsafe {
                if color == pyo3::ffi::Py_True() {
                    Some(true)
                } else if color == pyo3::ffi::Py_False() {
                    Some(false)
                } else {
                    None
                }
            };
            // CPython's ints 1 to 6 are shared objects: compared by address, the usual
            // piece type is found without a conversion. Any other type or colour (another
            // int, an int subclass, a non-bool colour) goes to PyO3's method, which reads
            // or refuses it.
            let ints = square_ints(py);
            let role = ints
                .ok()
                .and_then(|ints| ints[1..=6].iter().position(|i| i.as_ptr() == piece_type));
            if let (Some(color), Some(role)) = (color, role) {
                // SAFETY: the method descriptor checked that `slf` is a `Board`; it is
                // borrowed for the call.
                let board =
                    unsafe { Borrowed::from_ptr(py, slf).cast_unchecked::<crate::board::Board>() };
                if let Ok(board) = board.try_borrow() {
                    let role = quadboard_chess::Role::ALL[role];
                    let piece = quadboard_chess::Piece::new(
                        if color {
                            quadboard_chess::Color::White
                        } else {
                            quadboard_chess::Color::Black
                        },
                        role,
                    );
                    return to_c(
                        py,
                        SquareSet::object(py, board.pos.board().by_piece(piece).0),
                    );
                }
            }
        }
        // SAFETY: as CPython passed them (above).
        let (slf, all) = unsafe {
            (
                Bound::from_borrowed_ptr(py, slf),
                fastcall_args(py, args, nargs, kwnames),
            )
        };
        let result = PIECES_FALLBACK
            .get(py)
            .ok_or_else(|| PyRuntimeError::new_err("Board.pieces is not installed"))
            // SAFETY: the arguments as CPython passed them (above).
            .and_then(|original| unsafe {
                call_original(py, original.bind(py), &slf, all, kwnames)
            });
        to_c(py, result.map(Bound::unbind))
    }));
    result.unwrap_or_else(|_| {
        PyRuntimeError::new_err("quadboard: Board.pieces panicked").restore(py);
        std::ptr::null_mut()
    })
}

/// A result as CPython takes it from a C function: a new reference, or null with the
/// exception set.
pub fn to_c<T>(py: Python<'_>, result: PyResult<Py<T>>) -> *mut pyo3::ffi::PyObject {
    match result {
        Ok(obj) => obj.into_ptr(),
        Err(err) => {
            err.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// Calls PyO3's method `original` (unbound) with the arguments of a `METH_FASTCALL |
/// METH_KEYWORDS` call as CPython passed them.
///
/// # Safety
/// `all` and `kwnames` are as [`fastcall_args`] returns and takes them: borrowed live
/// objects, `kwnames` null or a tuple naming the last of them.
pub unsafe fn call_original<'py>(
    py: Python<'py>,
    original: &Bound<'py, PyAny>,
    slf: &Bound<'py, PyAny>,
    all: &[*mut pyo3::ffi::PyObject],
    kwnames: *mut pyo3::ffi::PyObject,
) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: the pointers are borrowed references that live for the call, and `kwnames`
    // is null or a tuple of strings (the caller's contract).
    let (items, names) = unsafe {
        let items: Vec<Bound<'py, PyAny>> = all
            .iter()
            .map(|&p| Bound::from_borrowed_ptr(py, p))
            .collect();
        let names = Borrowed::from_ptr_or_opt(py, kwnames).map(|n| n.to_owned());
        (items, names)
    };
    let named = names.as_ref().map_or(Ok(0), |n| n.len())?;
    let positional = items.len() - named;
    let mut call_args = vec![slf.clone()];
    call_args.extend_from_slice(&items[..positional]);
    let kwargs = match names {
        Some(names) => {
            let kwargs = PyDict::new(py);
            for (name, value) in names.try_iter()?.zip(&items[positional..]) {
                kwargs.set_item(name?, value)?;
            }
            Some(kwargs)
        }
        None => None,
    };
    original.call(PyTuple::new(py, call_args)?, kwargs.as_ref())
}

/// Replaces `Board.pieces` with a C function (`board_pieces`), keeping PyO3's method for
/// the calls it does not take. Called once, when the module is made.
pub fn install_fast_paths(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let original = install_method(
        &py.get_type::<crate::board::Board>(),
        c"pieces",
        c"pieces($self, piece_type, color)\n--\n\nThe squares of the pieces of a type and colour.",
        pyo3::ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: board_pieces,
        },
        pyo3::ffi::METH_FASTCALL | pyo3::ffi::METH_KEYWORDS,
    )?;
    PIECES_FALLBACK
        .set(py, original.unbind())
        .map_err(|_| PyRuntimeError::new_err("Board.pieces installed twice"))
}

/// Sets method `name` of class `ty` to the C function `meth` of calling convention
/// `flags` (with docstring `doc`), and returns the method it replaces (PyO3's, for the
/// calls `meth` leaves to it: see [`call_original`]).
pub fn install_method<'py>(
    ty: &Bound<'py, PyType>,
    name: &'static std::ffi::CStr,
    doc: &'static std::ffi::CStr,
    meth: pyo3::ffi::PyMethodDefPointer,
    flags: std::ffi::c_int,
) -> PyResult<Bound<'py, PyAny>> {
    let py = ty.py();
    let text = name.to_string_lossy();
    let original = ty.getattr(&*text)?;
    let def = Box::leak(Box::new(pyo3::ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: meth,
        ml_flags: flags,
        ml_doc: doc.as_ptr(),
    }));
    // SAFETY: `ty` is a type object, `def` lives for the rest of the process (leaked once
    // per module), and `PyDescr_NewMethod` returns a new reference or null with an
    // exception set.
    let descr = unsafe {
        Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyDescr_NewMethod(ty.as_type_ptr(), def))?
    };
    ty.setattr(&*text, descr)?;
    Ok(original)
}

/// The arguments of a `METH_FASTCALL | METH_KEYWORDS` call, positional then named.
///
/// # Safety
/// As CPython passes them: `nargs` positional arguments followed by one per name in
/// `kwnames` (a tuple, or null for none), borrowed for the call, in an array that may be
/// null when there are none; the GIL is held.
pub unsafe fn fastcall_args<'a>(
    py: Python<'_>,
    args: *const *mut pyo3::ffi::PyObject,
    nargs: pyo3::ffi::Py_ssize_t,
    kwnames: *mut pyo3::ffi::PyObject,
) -> &'a [*mut pyo3::ffi::PyObject] {
    // SAFETY: the caller's contract.
    unsafe {
        let names = Borrowed::from_ptr_or_opt(py, kwnames).map_or(0, |n| n.len().unwrap_or(0));
        let count = nargs as usize + names;
        if args.is_null() || count == 0 {
            &[][..]
        } else {
            std::slice::from_raw_parts(args, count)
        }
    }
}

/// PyO3's slot functions of `SquareSet` that [`install_slots`] replaced, called for every
/// case the replacements do not take themselves.
struct PyO3Slots {
    or: pyo3::ffi::binaryfunc,
    and: pyo3::ffi::binaryfunc,
    sub: pyo3::ffi::binaryfunc,
    contains: pyo3::ffi::objobjproc,
}

/// Set once by [`install_slots`], before any slot below can be called.
static PYO3_SLOTS: std::sync::OnceLock<PyO3Slots> = std::sync::OnceLock::new();

/// The `SquareSet` type object, for the exact-type tests of the slots.
static SQUARESET_TYPE: std::sync::atomic::AtomicPtr<pyo3::ffi::PyTypeObject> =
    std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

/// The mask of an object known to be a `SquareSet` (or an instance of a subclass).
///
/// # Safety
/// `obj` is a live `SquareSet` instance and the GIL is held.
unsafe fn mask_at(py: Python<'_>, obj: *mut pyo3::ffi::PyObject) -> u64 {
    // SAFETY: the caller's contract; a frozen class's contents are read without a borrow.
    unsafe { Borrowed::from_ptr(py, obj).cast_unchecked::<SquareSet>() }
        .get()
        .get()
}

/// The mask of a binary operator's right operand when it is an exact `SquareSet` or an
/// exact int (the operands of nearly every call); `None` for anything else.
///
/// # Safety
/// `obj` is a live object and the GIL is held.
unsafe fn exact_operand(
    py: Python<'_>,
    obj: *mut pyo3::ffi::PyObject,
    squareset: *mut pyo3::ffi::PyTypeObject,
) -> Option<u64> {
    // SAFETY: the caller's contract.
    unsafe {
        let ty = pyo3::ffi::Py_TYPE(obj);
        if ty == squareset {
            Some(mask_at(py, obj))
        } else if ty == &raw mut pyo3::ffi::PyLong_Type {
            // Cannot fail for an int: the low 64 bits, as `low_bits` reads them.
            Some(pyo3::ffi::PyLong_AsUnsignedLongLongMask(obj))
        } else {
            None
        }
    }
}

/// A binary operator of two exact operands, the left one a `SquareSet`: the pooled result,
/// or `None` to leave the call to PyO3's slot.
///
/// # Safety
/// Both are live objects and the GIL is held.
unsafe fn binary_fast(
    a: *mut pyo3::ffi::PyObject,
    b: *mut pyo3::ffi::PyObject,
    op: fn(u64, u64) -> u64,
) -> Option<*mut pyo3::ffi::PyObject> {
    // SAFETY: CPython calls number slots with the GIL held.
    let py = unsafe { Python::assume_attached() };
    let squareset = SQUARESET_TYPE.load(Ordering::Relaxed);
    // SAFETY: the caller's contract; `a` is tested to be an exact `SquareSet` first.
    unsafe {
        if pyo3::ffi::Py_TYPE(a) != squareset {
            return None;
        }
        let other = exact_operand(py, b, squareset)?;
        Some(to_c(py, SquareSet::object(py, op(mask_at(py, a), other))))
    }
}

/// `nb_or`: `a | b` of a `SquareSet` and a `SquareSet` or int without PyO3's slot wrapper
/// (about 120 instructions of a ~500-instruction operator); PyO3's slot otherwise.
unsafe extern "C" fn squareset_or(
    a: *mut pyo3::ffi::PyObject,
    b: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython passes two live objects with the GIL held; the slots were saved
    // before this function was installed.
    unsafe { binary_fast(a, b, |x, y| x | y).unwrap_or_else(|| (slots().or)(a, b)) }
}

/// `nb_and`, as [`squareset_or`].
unsafe extern "C" fn squareset_and(
    a: *mut pyo3::ffi::PyObject,
    b: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: as in `squareset_or`.
    unsafe { binary_fast(a, b, |x, y| x & y).unwrap_or_else(|| (slots().and)(a, b)) }
}

/// `nb_subtract`, as [`squareset_or`].
unsafe extern "C" fn squareset_sub(
    a: *mut pyo3::ffi::PyObject,
    b: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: as in `squareset_or`.
    unsafe { binary_fast(a, b, |x, y| x & !y).unwrap_or_else(|| (slots().sub)(a, b)) }
}

/// `mp_length` (where PyO3 puts `__len__`, which `len()` reads when there is no
/// `sq_length`): the number of squares. CPython calls it only on
/// instances of `SquareSet` or of subclasses that do not define `__len__`.
unsafe extern "C" fn squareset_len(obj: *mut pyo3::ffi::PyObject) -> pyo3::ffi::Py_ssize_t {
    // SAFETY: CPython calls the slot with the GIL held on an instance of the type.
    unsafe {
        let py = Python::assume_attached();
        mask_at(py, obj).count_ones() as pyo3::ffi::Py_ssize_t
    }
}

/// `sq_contains`: `square in set` for an exact int; PyO3's slot for anything else.
unsafe extern "C" fn squareset_contains(
    obj: *mut pyo3::ffi::PyObject,
    item: *mut pyo3::ffi::PyObject,
) -> std::ffi::c_int {
    // SAFETY: CPython calls the slot with the GIL held on an instance of the type and a
    // live item.
    unsafe {
        if pyo3::ffi::Py_TYPE(item) != &raw mut pyo3::ffi::PyLong_Type {
            return (slots().contains)(obj, item);
        }
        let py = Python::assume_attached();
        let mut overflow = 0;
        let square = pyo3::ffi::PyLong_AsLongLongAndOverflow(item, &mut overflow);
        // An int too large for 64 bits is no square (as PyO3's `i64` extraction failing).
        std::ffi::c_int::from(
            overflow == 0 && (0..64).contains(&square) && mask_at(py, obj) >> square & 1 == 1,
        )
    }
}

/// `tp_iter`: the pooled square iterator, without PyO3's slot wrapper.
unsafe extern "C" fn squareset_iter(obj: *mut pyo3::ffi::PyObject) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls the slot with the GIL held on an instance of the type.
    unsafe {
        let py = Python::assume_attached();
        to_c(py, square_iter(py, mask_at(py, obj)).map(Bound::unbind))
    }
}

/// The slots PyO3 made, saved by [`install_slots`].
fn slots() -> &'static PyO3Slots {
    // Installed only after the slots were saved: never empty when a slot runs.
    PYO3_SLOTS
        .get()
        .expect("SquareSet slots saved before install")
}

/// Replaces every occurrence of slot function `old` in the type object `ty` (a heap type of
/// `size` bytes) by `new`, and checks with `PyType_GetSlot` that slot `id` now reads `new`.
/// Returns whether it did.
///
/// The stable ABI has no call that sets a slot, and setting `__or__` from Python installs
/// CPython's generic slot, which looks the method up at every call (slower than PyO3's).
/// A heap type keeps its slots in its own object (the number and sequence tables are part
/// of `PyHeapTypeObject`), so the word holding `old` is found by value; PyO3 makes one
/// function per slot of a class, so every word holding it is that slot.
///
/// # Safety
/// `ty` is a heap type of `size` bytes that no other thread uses, with the GIL held.
unsafe fn replace_slot(
    ty: *mut pyo3::ffi::PyTypeObject,
    size: usize,
    id: std::ffi::c_int,
    old: *mut std::ffi::c_void,
    new: *mut std::ffi::c_void,
) -> bool {
    if old.is_null() {
        return false;
    }
    let words = ty.cast::<*mut std::ffi::c_void>();
    let mut found = 0;
    // SAFETY: the type object is `size` bytes, pointer-aligned (the caller's contract); no
    // word of it is read or written elsewhere meanwhile (the GIL is held).
    unsafe {
        for i in 0..size / std::mem::size_of::<*mut std::ffi::c_void>() {
            if *words.add(i) == old {
                *words.add(i) = new;
                found += 1;
            }
        }
        found > 0 && pyo3::ffi::PyType_GetSlot(ty, id) == new
    }
}

/// Gives `SquareSet` C slots for `|`, `&`, `-`, `len`, `in` and `iter` that skip PyO3's
/// slot wrappers for the common operands, keeping PyO3's slots for the rest. Called once,
/// when the module is made, before any subclass of `SquareSet` exists (a subclass copies
/// its base's slots when it is made). If a slot cannot be found in the type object, none
/// is replaced and the class stays as PyO3 made it.
pub fn install_slots(m: &Bound<'_, PyModule>) -> PyResult<()> {
    use pyo3::ffi::{
        PyType_GetSlot, Py_mp_length, Py_nb_and, Py_nb_or, Py_nb_subtract, Py_sq_contains,
        Py_tp_iter,
    };
    let py = m.py();
    let ty = py.get_type::<SquareSet>();
    let raw = ty.as_type_ptr();
    let size: usize = py
        .get_type::<PyType>()
        .getattr("__basicsize__")?
        .extract()?;
    // SAFETY: `raw` is a live type object; `PyType_GetSlot` reads heap types' slots.
    let get = |id| unsafe { PyType_GetSlot(raw, id) };
    let (or, and, sub, len, contains, iter) = (
        get(Py_nb_or),
        get(Py_nb_and),
        get(Py_nb_subtract),
        get(Py_mp_length),
        get(Py_sq_contains),
        get(Py_tp_iter),
    );
    if [or, and, sub, len, contains, iter]
        .iter()
        .any(|p| p.is_null())
    {
        return Ok(());
    }
    // SAFETY: the pointers are PyO3's slot functions of these signatures (read from the
    // slots of those names), non-null (tested above).
    let saved = unsafe {
        PyO3Slots {
            or: std::mem::transmute::<*mut std::ffi::c_void, pyo3::ffi::binaryfunc>(or),
            and: std::mem::transmute::<*mut std::ffi::c_void, pyo3::ffi::binaryfunc>(and),
            sub: std::mem::transmute::<*mut std::ffi::c_void, pyo3::ffi::binaryfunc>(sub),
            contains: std::mem::transmute::<*mut std::ffi::c_void, pyo3::ffi::objobjproc>(contains),
        }
    };
    if PYO3_SLOTS.set(saved).is_err() {
        return Err(PyRuntimeError::new_err("SquareSet slots installed twice"));
    }
    SQUARESET_TYPE.store(raw, Ordering::Relaxed);
    let news: [(
        std::ffi::c_int,
        *mut std::ffi::c_void,
        *mut std::ffi::c_void,
    ); 6] = [
        (Py_nb_or, or, squareset_or as *mut _),
        (Py_nb_and, and, squareset_and as *mut _),
        (Py_nb_subtract, sub, squareset_sub as *mut _),
        (Py_mp_length, len, squareset_len as *mut _),
        (Py_sq_contains, contains, squareset_contains as *mut _),
        (Py_tp_iter, iter, squareset_iter as *mut _),
    ];
    // SAFETY: `raw` is PyO3's heap type for `SquareSet`, `size` bytes (the size of every
    // heap type object), used by no other thread while the module is made.
    let all = news
        .iter()
        .all(|&(id, old, new)| unsafe { replace_slot(raw, size, id, old, new) });
    if !all {
        // Put back what was replaced: the class stays PyO3's.
        for &(id, old, new) in &news {
            // SAFETY: as above.
            unsafe { replace_slot(raw, size, id, new, old) };
        }
    }
    // SAFETY: `raw` is a live type object whose slots may have changed.
    unsafe { pyo3::ffi::PyType_Modified(raw) };
    Ok(())
}
