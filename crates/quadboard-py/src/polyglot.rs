//! `quadboard.polyglot`'s compiled part: a memory-mapped Polyglot book read through the
//! library's `book` module, and Polyglot's random numbers. The Python module
//! (`python/quadboard/polyglot.py`) gives them python-chess's names.

use std::fs::File;
use std::path::PathBuf;

use pyo3::exceptions::{PyIndexError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use quadboard_chess::book::{Book, Entry};
use quadboard_chess::zobrist;

use crate::board::Board;
use crate::moves::{Move, MoveObj};

/// An entry as the Python side builds its `Entry` from: key, raw move, weight, learn, move.
type EntryTuple = (u64, u16, u16, u32, Py<MoveObj>);

/// A Polyglot book file mapped into memory (python-chess's `MemoryMappedReader` keeps
/// this, and gives it the names).
#[pyclass(module = "quadboard._quadboard")]
pub struct BookFile {
    /// The mapped file; `None` for an empty file, which cannot be mapped.
    map: Option<memmap2::Mmap>,
    /// Whether `close` was called.
    closed: bool,
}

impl BookFile {
    /// The book, or `ValueError` once closed (python-chess's mmap says the same).
    fn book(&self) -> PyResult<Book<'_>> {
        if self.closed {
            return Err(PyValueError::new_err("the book is closed"));
        }
        let bytes: &[u8] = self.map.as_deref().unwrap_or_default();
        // The length was checked when the file was opened.
        Book::new(bytes).map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// The `OSError` (its errno's subclass, e.g. `FileNotFoundError`) for `e` on `path`.
fn os_error(e: &std::io::Error, path: &str) -> PyErr {
    match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, e.to_string(), path.to_owned())),
        None => PyOSError::new_err(format!("{path}: {e}")),
    }
}

/// The raw move as python-chess reads it without a board: squares and promotion as
/// stored (castling king-takes-rook). A promotion field of 5 to 7, which names no piece
/// python-chess's moves can hold here, reads as no promotion.
fn raw_move(entry: Entry) -> Move {
    Move {
        from: entry.from_square().index() as u8,
        to: entry.to_square().index() as u8,
        promotion: match entry.promotion_field() {
            field @ 1..=4 => field + 1,
            _ => 0,
        },
        drop: 0,
    }
}

#[pymethods]
impl BookFile {
    /// Maps the file at `path`; `OSError` when it cannot be read or its length is not a
    /// whole number of 16-byte entries.
    #[new]
    fn new(path: PathBuf) -> PyResult<BookFile> {
        let name = path.display().to_string();
        let file = File::open(&path).map_err(|e| os_error(&e, &name))?;
        let meta = file.metadata().map_err(|e| os_error(&e, &name))?;
        if meta.is_dir() {
            return Err(PyOSError::new_err((21, "Is a directory", name)));
        }
        let map = if meta.len() == 0 {
            None
        } else {
            // SAFETY: the map is only read. A file that another process truncates while
            // it is mapped can fault (SIGBUS): memory mapping's one caveat, which
            // python-chess's mmap reader shares.
            Some(unsafe { memmap2::Mmap::map(&file) }.map_err(|e| os_error(&e, &name))?)
        };
        let bytes: &[u8] = map.as_deref().unwrap_or_default();
        if let Err(e) = Book::new(bytes) {
            return Err(PyOSError::new_err(format!("{name}: {e}")));
        }
        Ok(BookFile { map, closed: false })
    }

    /// The number of entries.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.book()?.len())
    }

    /// The entry at `index` (negative counts from the end) with its raw move.
    fn entry(&self, py: Python<'_>, index: isize) -> PyResult<EntryTuple> {
        let book = self.book()?;
        let len = book.len();
        let at = if index < 0 {
            len.checked_sub(index.unsigned_abs())
        } else {
            Some(index.unsigned_abs()).filter(|&i| i < len)
        };
        let entry = at.and_then(|i| book.get(i)).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "book entry index {index} out of range: the book has {len} entries"
            ))
        })?;
        Ok((
            entry.key,
            entry.raw_move,
            entry.weight,
            entry.learn,
            raw_move(entry).object(py)?,
        ))
    }

    /// The index of the first entry whose key is not below `key`.
    fn bisect_key_left(&self, key: u64) -> PyResult<usize> {
        Ok(self.book()?.lower_bound(key))
    }

    /// The entries of a board (its legal moves, as the board writes them) or of a key (raw
    /// moves), in file order, with a weight of at least `minimum_weight`.
    fn find_all(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        minimum_weight: i64,
    ) -> PyResult<Vec<EntryTuple>> {
        let book = self.book()?;
        let table = Move::table(py)?;
        let heavy = |entry: &Entry| i64::from(entry.weight) >= minimum_weight;
        if let Ok(board) = board.cast::<Board>() {
            let board = board.borrow();
            let pos = &board.pos;
            let mut found = Vec::new();
            for entry in book.entries(pos.key()).filter(heavy) {
                let m = if board.loose {
                    // python-chess's rules for boards the library's generator does not serve.
                    board.to_legal(raw_move(entry), false)
                } else {
                    entry.move_in(pos)
                };
                if let Some(m) = m {
                    let m = board.to_py(pos, m);
                    found.push((
                        entry.key,
                        entry.raw_move,
                        entry.weight,
                        entry.learn,
                        m.object_in(py, table)?,
                    ));
                }
            }
            return Ok(found);
        }
        if !board.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "expected a quadboard.Board or a Zobrist hash (int), not {}",
                board.repr()?
            )));
        }
        // An int outside 0..2**64 is no key a book can hold: no entries, as in python-chess.
        let Ok(key) = board.extract::<u64>() else {
            return Ok(Vec::new());
        };
        book.entries(key)
            .filter(heavy)
            .map(|entry| {
                let m = raw_move(entry).object_in(py, table)?;
                Ok((entry.key, entry.raw_move, entry.weight, entry.learn, m))
            })
            .collect::<PyResult<Vec<_>>>()
    }

    /// Unmaps the file; later reads raise `ValueError`. Closing twice is allowed.
    fn close(&mut self) {
        self.map = None;
        self.closed = true;
    }

    /// Whether `close` was called.
    #[getter]
    fn closed(&self) -> bool {
        self.closed
    }
}

/// Polyglot's 781 random numbers (python-chess's `POLYGLOT_RANDOM_ARRAY`), from the
/// library's table.
#[pyfunction]
pub fn polyglot_random_array() -> Vec<u64> {
    zobrist::RANDOM.to_vec()
}
