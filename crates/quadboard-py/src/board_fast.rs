//! `Board.push` and `Board.pop` as C methods that CPython calls directly: the two calls of
//! every `board.push(move); board.pop()` loop, where PyO3's wrappers (the trampoline with
//! its thread-local accesses, the general argument parser, the type test of the move)
//! cost about as much as the move itself. The common call (one exact `Move` given by
//! position; no arguments) runs the same Rust method PyO3's wrapper runs; every other call
//! goes to PyO3's method, unchanged, so errors and messages stay the same.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::Borrowed;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::board::Board;
use crate::moves::MoveObj;
use crate::squareset::{call_original, fastcall_args, install_method, to_c};

/// PyO3's `Board.push`, for the calls [`board_push`] does not take.
static PUSH_ORIGINAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// PyO3's `Board.pop`, for the calls [`board_pop`] does not take.
static POP_ORIGINAL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The `Move` type object (`Move` has no subclasses: a move is an instance exactly when
/// its type is this one).
static MOVE_TYPE: AtomicPtr<pyo3::ffi::PyTypeObject> = AtomicPtr::new(std::ptr::null_mut());

/// Runs a method body, turning a panic into a `RuntimeError` (as PyO3 does) rather than
/// letting it unwind into CPython.
fn guarded(
    py: Python<'_>,
    name: &str,
    body: impl FnOnce() -> *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or_else(|_| {
        PyRuntimeError::new_err(format!("quadboard: Board.{name} panicked")).restore(py);
        std::ptr::null_mut()
    })
}

/// PyO3's method `original`, or a `RuntimeError` if it was never saved.
fn original<'py>(
    py: Python<'py>,
    saved: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<&'py Bound<'py, PyAny>> {
    saved
        .get(py)
        .map(|m| m.bind(py))
        .ok_or_else(|| PyRuntimeError::new_err(format!("Board.{name} is not installed")))
}

/// `Board.push(move)` as CPython calls it (`METH_FASTCALL | METH_KEYWORDS`).
unsafe extern "C" fn board_push(
    slf: *mut pyo3::ffi::PyObject,
    args: *const *mut pyo3::ffi::PyObject,
    nargs: pyo3::ffi::Py_ssize_t,
    kwnames: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls methods with the GIL held, `slf` an instance of the class the
    // method was installed on (`Board`, checked by the method descriptor), the arguments
    // as `fastcall_args` takes them.
    let (py, slf, all) = unsafe {
        let py = Python::assume_attached();
        (
            py,
            Borrowed::from_ptr(py, slf),
            fastcall_args(py, args, nargs, kwnames),
        )
    };
    guarded(py, "push", || {
        if let ([m], true) = (all, kwnames.is_null()) {
            // SAFETY: a live object (above); its type is read without a reference.
            if unsafe { pyo3::ffi::Py_TYPE(*m) } == MOVE_TYPE.load(Ordering::Relaxed) {
                // SAFETY: `slf` is a `Board` (above) and `m` a `Move` (its exact type),
                // both borrowed for the call.
                let (board, m) = unsafe {
                    (
                        slf.cast_unchecked::<Board>(),
                        Borrowed::from_ptr(py, *m).cast_unchecked::<MoveObj>(),
                    )
                };
                // A board already borrowed (a callback from inside one of its methods) is
                // left to PyO3, which raises its error for it.
                if let Ok(mut board) = board.try_borrow_mut() {
                    return to_c(py, board.push(&m).map(|()| py.None()));
                }
            }
        }
        let result = original(py, &PUSH_ORIGINAL, "push")
            // SAFETY: the arguments as CPython passed them (above).
            .and_then(|push| unsafe { call_original(py, push, &slf, all, kwnames) });
        to_c(py, result.map(Bound::unbind))
    })
}

/// `Board.pop()` as CPython calls it (`METH_NOARGS`, as PyO3 made it: CPython refuses
/// arguments with the same error as before).
unsafe extern "C" fn board_pop(
    slf: *mut pyo3::ffi::PyObject,
    _args: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: as in `board_push`.
    let (py, slf) = unsafe {
        let py = Python::assume_attached();
        (py, Borrowed::from_ptr(py, slf))
    };
    guarded(py, "pop", || {
        // SAFETY: `slf` is a `Board` (above).
        let board = unsafe { slf.cast_unchecked::<Board>() };
        if let Ok(mut board) = board.try_borrow_mut() {
            return to_c(py, board.pop(py));
        }
        let result = original(py, &POP_ORIGINAL, "pop").and_then(|pop| pop.call1((slf,)));
        to_c(py, result.map(Bound::unbind))
    })
}

/// Replaces `Board.push` and `Board.pop` with `board_push` and `board_pop`, keeping
/// PyO3's methods for the calls they do not take. Called once, when the module is made.
pub fn install(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let board = py.get_type::<Board>();
    MOVE_TYPE.store(py.get_type::<MoveObj>().as_type_ptr(), Ordering::Relaxed);
    let push = install_method(
        &board,
        c"push",
        c"push($self, move, /)\n--\n\nMakes a legal, pseudo-legal or null move.",
        pyo3::ffi::PyMethodDefPointer {
            PyCFunctionFastWithKeywords: board_push,
        },
        pyo3::ffi::METH_FASTCALL | pyo3::ffi::METH_KEYWORDS,
    )?;
    let pop = install_method(
        &board,
        c"pop",
        c"pop($self, /)\n--\n\nTakes back the last move and returns it.",
        pyo3::ffi::PyMethodDefPointer {
            PyCFunction: board_pop,
        },
        pyo3::ffi::METH_NOARGS,
    )?;
    let twice = |_| PyRuntimeError::new_err("Board.push and pop installed twice");
    PUSH_ORIGINAL.set(py, push.unbind()).map_err(twice)?;
    POP_ORIGINAL.set(py, pop.unbind()).map_err(twice)
}
