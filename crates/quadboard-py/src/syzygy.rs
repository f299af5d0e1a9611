//! `quadboard.syzygy`'s compiled part: Syzygy tables probed by the `quadboard-syzygy`
//! crate, for boards one at a time or for many boards and FENs at once without the GIL.
//! The Python module (`python/quadboard/syzygy.py`) subclasses [`Tables`] as python-chess's
//! `Tablebase` and adds the parts that are plain Python (file names, defaults, `with`).

use std::collections::HashSet;
use std::path::PathBuf;

use pyo3::exceptions::{PyKeyError, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};
use quadboard_chess::{Bitboard, Color, Position, Role};
use quadboard_syzygy::{Metric, ProbeError, Tablebase};

use crate::board::{read_fen, Board};

/// python-chess's `TBPIECES`: the most pieces a Syzygy table holds.
const TB_PIECES: u32 = 7;

/// Syzygy tables (python-chess's `Tablebase` is the Python subclass of this class).
///
/// Probes take `&self`; the batch probes release the GIL and may split the work over
/// threads, since one `quadboard_syzygy::Tablebase` serves many threads.
#[pyclass(module = "quadboard._quadboard", subclass)]
pub struct Tables {
    tb: Tablebase,
    /// The materials of the WDL tables added (`material_key`), both orientations.
    wdl_keys: HashSet<u64>,
}

/// Why a position was not handed to the crate: python-chess's board-level answers, which
/// the library's `Position` cannot tell (it keeps only the castling rights that hold, and
/// the crate serves only boards the move generator serves).
#[derive(Clone, Copy)]
enum Before {
    /// Probe the position.
    Probe,
    /// python-chess's `castling_rights` is not empty (even where no right holds).
    Castling,
    /// A board the move generator does not serve (no king, several kings, ...) with only
    /// kings on it: python-chess's KvK rule gives 0.
    LooseKings,
    /// Any other such board: no table holds it.
    LooseMissing,
    /// No WDL table of the position's own material (or 8 pieces): python-chess's answer
    /// then depends on the order in which its search meets the captures (a capture into
    /// the tables that wins cuts the search off before the missing table is looked up),
    /// so the Python subclass follows that search (`_uncovered_wdl`, `_uncovered_dtz`).
    Uncovered,
}

/// A material as a number: 4 bits for each colour and role.
fn material_key(pos: &Position) -> u64 {
    let b = pos.board();
    let mut key = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let n = u64::from((b.by_color(color) & b.by_role(role)).count().min(15));
            key = key << 4 | n;
        }
    }
    key
}

/// [`material_key`] of a table name's sides (`KQvKR`: white KQ, black KR).
fn name_key(white: &str, black: &str) -> u64 {
    let mut key = 0;
    for side in [white, black] {
        for letter in [b'P', b'N', b'B', b'R', b'Q', b'K'] {
            let n = side.bytes().filter(|&c| c == letter).count().min(15) as u64;
            key = key << 4 | n;
        }
    }
    key
}

/// What python-chess reads off a board before probing, with the position.
fn board_input(board: &Board, wdl_keys: &HashSet<u64>) -> (Position, Before) {
    let pos = *board.pos;
    let before = if board.castling_raw != Bitboard::EMPTY {
        Before::Castling
    } else if board.loose {
        let b = pos.board();
        if b.occupied() == b.by_role(Role::King) {
            Before::LooseKings
        } else {
            Before::LooseMissing
        }
    } else {
        let b = pos.board();
        let pieces = b.occupied().count();
        let kings_only = b.occupied() == b.by_role(Role::King);
        if pieces == TB_PIECES + 1
            || (pieces <= TB_PIECES && !kings_only && !wdl_keys.contains(&material_key(&pos)))
        {
            Before::Uncovered
        } else {
            Before::Probe
        }
    };
    (pos, before)
}

/// A board or FEN of a batch, as [`board_input`] reads it.
fn item_input(item: &Bound<'_, PyAny>, wdl_keys: &HashSet<u64>) -> PyResult<(Position, Before)> {
    if let Ok(board) = item.cast::<Board>() {
        return Ok(board_input(&board.borrow(), wdl_keys));
    }
    if let Ok(fen) = item.cast::<PyString>() {
        let board = Board::from_setup(read_fen(fen.to_str()?)?, false);
        return Ok(board_input(&board, wdl_keys));
    }
    Err(not_a_board(item, true))
}

/// The `TypeError` for an argument that is not a board (nor, in a batch, a FEN).
fn not_a_board(item: &Bound<'_, PyAny>, fen_too: bool) -> PyErr {
    let what = if fen_too {
        "a quadboard.Board or a FEN"
    } else {
        "a quadboard.Board"
    };
    match item.repr() {
        Ok(repr) => PyTypeError::new_err(format!("expected {what}, not {repr}")),
        Err(e) => e,
    }
}

/// The FEN python-chess's messages quote: the board's `fen()` (a subclass's too), or that
/// of the board a FEN sets up.
fn fen_of(item: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(fen) = item.cast::<PyString>() {
        return Ok(Board::from_setup(read_fen(fen.to_str()?)?, false).fen_text());
    }
    item.call_method0("fen")?.extract()
}

/// python-chess's `calc_key`: white's pieces, `v`, black's, each in the order KQRBNP.
fn side_name(pos: &Position, color: Color) -> String {
    let b = pos.board();
    let mut name = String::new();
    for (role, c) in [
        (Role::King, 'K'),
        (Role::Queen, 'Q'),
        (Role::Rook, 'R'),
        (Role::Bishop, 'B'),
        (Role::Knight, 'N'),
        (Role::Pawn, 'P'),
    ] {
        for _ in 0..(b.by_color(color) & b.by_role(role)).count() {
            name.push(c);
        }
    }
    name
}

/// The key python-chess names a missing table by: the material of the board it looked
/// up, white's side first. The crate names the table with the stronger side first; the
/// table belongs to `root` or to a position after captures (and promotions) from it, so
/// the side that fits white's material at the root is white's. Where both fit (a line of
/// captures from KQRvKQR to KQvKR or KRvKQ), python-chess's search order decides and may
/// name the other orientation.
fn missing_key(table: &str, root: &Position) -> String {
    let (white, black) = (side_name(root, Color::White), side_name(root, Color::Black));
    let Some((a, b)) = table.split_once('v') else {
        return table.to_owned();
    };
    if (a, b) == (white.as_str(), black.as_str()) || a == b {
        return table.to_owned();
    }
    if (b, a) == (white.as_str(), black.as_str()) {
        return format!("{b}v{a}");
    }
    // A side fits a colour's material when captures and promotions can make it: no more
    // pawns, and no more of each piece than there are or promoted pawns can add.
    let fits = |side: &str, root: &str| {
        let count = |s: &str, c: u8| s.bytes().filter(|&b| b == c).count();
        let (pawns, spare) = (count(side, b'P'), count(root, b'P'));
        pawns <= spare
            && b"QRBN"
                .iter()
                .try_fold(spare - pawns, |spare, &c| {
                    spare.checked_sub(count(side, c).saturating_sub(count(root, c)))
                })
                .is_some()
    };
    if fits(a, &white) && fits(b, &black) {
        table.to_owned()
    } else {
        format!("{b}v{a}")
    }
}

/// The exception python-chess raises where the crate has no value for `item`.
fn probe_error(py: Python<'_>, e: ProbeError, item: &Bound<'_, PyAny>, root: &Position) -> PyErr {
    match e {
        ProbeError::Castling => castling_error(item),
        ProbeError::TooManyPieces { pieces } => match fen_of(item) {
            Ok(fen) => PyKeyError::new_err(format!(
                "syzygy tables support up to {TB_PIECES} pieces, not {pieces}: {fen}"
            )),
            Err(e) => e,
        },
        ProbeError::MissingTable { metric, name } => {
            let metric = match metric {
                Metric::Wdl => "wdl",
                Metric::Dtz => "dtz",
            };
            missing_table(
                py,
                format!(
                    "did not find {metric} table {}",
                    missing_key(&name.to_string(), root)
                ),
            )
        }
        // python-chess raises `IOError` (`OSError`) for a table it cannot read.
        e @ (ProbeError::Io { .. } | ProbeError::Damaged { .. }) => {
            PyOSError::new_err(e.to_string())
        }
    }
}

/// python-chess's `KeyError` for a board with castling rights.
fn castling_error(item: &Bound<'_, PyAny>) -> PyErr {
    match fen_of(item) {
        Ok(fen) => PyKeyError::new_err(format!(
            "syzygy tables do not contain positions with castling rights: {fen}"
        )),
        Err(e) => e,
    }
}

/// `quadboard.syzygy.MissingTableError(message)`: the class is the Python module's (a
/// `KeyError` as python-chess's); raising it is the rare path, so it is looked up then.
fn missing_table(py: Python<'_>, message: String) -> PyErr {
    let class = py
        .import("quadboard.syzygy")
        .and_then(|m| m.getattr("MissingTableError"));
    match class.and_then(|c| c.cast_into::<PyType>().map_err(PyErr::from)) {
        Ok(class) => PyErr::from_type(class, message),
        Err(e) => e,
    }
}

/// The error of an input python-chess answers before probing, if any.
fn before_error(
    py: Python<'_>,
    before: Before,
    item: &Bound<'_, PyAny>,
    pos: &Position,
) -> Option<PyErr> {
    match before {
        Before::Probe | Before::LooseKings | Before::Uncovered => None,
        Before::Castling => Some(castling_error(item)),
        Before::LooseMissing => {
            let key = format!(
                "{}v{}",
                side_name(pos, Color::White),
                side_name(pos, Color::Black)
            );
            // python-chess looks up the WDL table first, also for DTZ.
            Some(missing_table(py, format!("did not find wdl table {key}")))
        }
    }
}

/// One probe of the crate: WDL or DTZ, as python-chess's value.
fn probe(tb: &Tablebase, pos: &Position, dtz: bool) -> Result<i32, ProbeError> {
    if dtz {
        tb.probe_dtz(pos).map(|d| d.plies)
    } else {
        tb.probe_wdl(pos).map(i32::from)
    }
}

/// The answer for a position of a material that has its table where the crate raised
/// `e`: where the missing table is one that a capture reaches, python-chess's search may
/// have found a winning capture first, so a missing table is searched again in python-chess's
/// order by the Python subclass (`_recheck`), which raises `e` where no capture decides.
fn recheck<'py>(
    slf: &Bound<'py, Tables>,
    item: &Bound<'py, PyAny>,
    dtz: bool,
    e: ProbeError,
    pos: &Position,
) -> PyResult<Bound<'py, PyAny>> {
    let py = slf.py();
    let err = probe_error(py, e, item, pos);
    if !matches!(e, ProbeError::MissingTable { .. }) {
        return Err(err);
    }
    slf.call_method1("_recheck", (item, dtz, err.into_value(py)))
}

/// `e` for a board python-chess answers before probing; for a board the move generator
/// does not serve (e.g. the side not to move in check), python-chess's capture search in
/// the Python subclass first (`_recheck`), where a winning capture decides as in
/// python-chess; where none does, python-chess reads the table for a position it holds no
/// value of, and this raises `e` (a `MissingTableError`).
fn search_loose<'py>(
    slf: &Bound<'py, Tables>,
    item: &Bound<'py, PyAny>,
    dtz: bool,
    before: Before,
    e: PyErr,
) -> PyResult<Bound<'py, PyAny>> {
    match before {
        Before::LooseMissing => slf.call_method1("_recheck", (item, dtz, e.into_value(slf.py()))),
        _ => Err(e),
    }
}

/// The Python subclass's answer for a position without its own table.
fn uncovered(slf: &Bound<'_, Tables>, item: &Bound<'_, PyAny>, dtz: bool) -> PyResult<Py<PyAny>> {
    let method = if dtz {
        "_uncovered_dtz"
    } else {
        "_uncovered_wdl"
    };
    Ok(slf.call_method1(method, (item,))?.unbind())
}

impl Tables {
    /// `probe_wdl` or `probe_dtz` of one board.
    fn probe_one(
        slf: &Bound<'_, Tables>,
        board: &Bound<'_, PyAny>,
        dtz: bool,
    ) -> PyResult<Py<PyAny>> {
        let py = board.py();
        let Ok(b) = board.cast::<Board>() else {
            return Err(not_a_board(board, false));
        };
        let this = slf.borrow();
        let (pos, before) = board_input(&b.borrow(), &this.wdl_keys);
        if let Some(e) = before_error(py, before, board, &pos) {
            drop(this);
            return search_loose(slf, board, dtz, before, e).map(Bound::unbind);
        }
        match before {
            Before::LooseKings => return Ok(0i32.into_pyobject(py)?.into_any().unbind()),
            Before::Uncovered => {
                drop(this);
                return uncovered(slf, board, dtz);
            }
            _ => {}
        }
        match probe(&this.tb, &pos, dtz) {
            Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            Err(e) => {
                drop(this);
                recheck(slf, board, dtz, e, &pos).map(Bound::unbind)
            }
        }
    }

    /// The batch probes: every input read with the GIL, probed without it, answered in order.
    fn probe_many(
        slf: &Bound<'_, Tables>,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        dtz: bool,
        default: Option<&Bound<'_, PyAny>>,
        threads: i64,
    ) -> PyResult<Py<PyList>> {
        let threads = usize::try_from(threads)
            .ok()
            .filter(|&t| (1..=1024).contains(&t))
            .ok_or_else(|| {
                PyValueError::new_err(format!("threads={threads}: expected 1 to 1024"))
            })?;
        let this = slf.borrow();
        let mut items = Vec::new();
        let mut inputs = Vec::new();
        for item in positions.try_iter()? {
            let item = item?;
            inputs.push(item_input(&item, &this.wdl_keys)?);
            items.push(item);
        }
        let tb = &this.tb;
        let values: Vec<Result<i32, ProbeError>> = py.detach(|| {
            let run = |part: &[(Position, Before)]| -> Vec<Result<i32, ProbeError>> {
                part.iter()
                    .map(|(pos, before)| match before {
                        Before::Probe => probe(tb, pos, dtz),
                        // Answered below, with the GIL.
                        _ => Ok(0),
                    })
                    .collect()
            };
            if threads <= 1 || inputs.len() < 2 * threads {
                return run(&inputs);
            }
            let per = inputs.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let workers: Vec<_> = inputs
                    .chunks(per)
                    .map(|part| scope.spawn(move || run(part)))
                    .collect();
                let mut all = Vec::with_capacity(inputs.len());
                for worker in workers {
                    // A probe does not panic (a damaged table is an error); were one to,
                    // the panic goes on to PyO3, which raises it as `PanicException`.
                    all.extend(
                        worker
                            .join()
                            .unwrap_or_else(|p| std::panic::resume_unwind(p)),
                    );
                }
                all
            })
        });
        drop(this);
        let list = PyList::empty(py);
        for ((item, (pos, before)), value) in items.iter().zip(&inputs).zip(values) {
            let err = match before_error(py, *before, item, pos) {
                Some(e) => search_loose(slf, item, dtz, *before, e),
                None if matches!(before, Before::Uncovered) => {
                    uncovered(slf, item, dtz).map(|v| v.into_bound(py))
                }
                None => match value {
                    Ok(v) => Ok(v.into_pyobject(py)?.into_any()),
                    Err(e) => recheck(slf, item, dtz, e, pos),
                },
            };
            match err {
                Ok(v) => list.append(v)?,
                // As `get_wdl` and `get_dtz`: the default for what python-chess answers
                // with a `KeyError`; an unreadable table still raises.
                Err(e) if e.is_instance_of::<PyKeyError>(py) && default.is_some() => {
                    list.append(default)?;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(list.unbind())
    }
}

#[pymethods]
impl Tables {
    /// No tables; the Python subclass's `__init__` reads the arguments.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Tables {
        Tables {
            tb: Tablebase::new(),
            wdl_keys: HashSet::new(),
        }
    }

    /// Adds the table file at `path` (its name checked by the caller); whether it was
    /// added. Nothing is read until a probe needs the table.
    fn _add_table(&mut self, path: PathBuf) -> bool {
        let wdl_sides = match (path.extension(), path.file_stem().and_then(|s| s.to_str())) {
            (Some(ext), Some(stem)) if ext == "rtbw" => stem
                .split_once('v')
                .map(|(w, b)| (w.to_owned(), b.to_owned())),
            _ => None,
        };
        if self.tb.add_file(&path).is_err() {
            return false;
        }
        if let Some((white, black)) = wdl_sides {
            self.wdl_keys.insert(name_key(&white, &black));
            self.wdl_keys.insert(name_key(&black, &white));
        }
        true
    }

    /// Forgets every table (unmapping the files); tables may be added again afterwards.
    fn _clear(&mut self) {
        self.tb = Tablebase::new();
        self.wdl_keys.clear();
    }

    /// The number of table files added.
    fn _table_count(&self) -> usize {
        self.tb.len()
    }

    /// python-chess's `probe_wdl`: -2 to 2 for the side to move, assuming the last move
    /// was a capture or pawn move.
    fn probe_wdl(slf: &Bound<'_, Self>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Tables::probe_one(slf, board, false)
    }

    /// python-chess's `probe_dtz`: the distance to the next capture or pawn move in plies,
    /// signed as the WDL value (rounded where the table stores moves).
    fn probe_dtz(slf: &Bound<'_, Self>, board: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Tables::probe_one(slf, board, true)
    }

    /// `probe_wdl` of each board or FEN, in order, probed without the GIL (over `threads`
    /// threads). With `use_default`, a position python-chess answers with a `KeyError`
    /// gives `default`; without, the first failing position raises its error.
    #[pyo3(signature = (positions, use_default, default, threads))]
    fn _probe_wdl_many(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        use_default: bool,
        default: &Bound<'_, PyAny>,
        threads: i64,
    ) -> PyResult<Py<PyList>> {
        Tables::probe_many(
            slf,
            py,
            positions,
            false,
            use_default.then_some(default),
            threads,
        )
    }

    /// `probe_dtz` of each board or FEN, as `_probe_wdl_many`.
    #[pyo3(signature = (positions, use_default, default, threads))]
    fn _probe_dtz_many(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        positions: &Bound<'_, PyAny>,
        use_default: bool,
        default: &Bound<'_, PyAny>,
        threads: i64,
    ) -> PyResult<Py<PyList>> {
        Tables::probe_many(
            slf,
            py,
            positions,
            true,
            use_default.then_some(default),
            threads,
        )
    }
}
