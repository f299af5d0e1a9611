//! `quadboard.engine`'s UCI client: the Rust client of `quadboard-engine` behind a Python
//! class, `_quadboard.UciClient`, which `quadboard/engine.py` drives under python-chess's
//! names. The protocol (handshake, `info` lines, `bestmove`, timeouts) is the Rust
//! client's; this file converts its values to python-chess's (`InfoDict`s with `PovScore`,
//! `Move` objects) and releases the GIL around every wait on the engine.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};
use quadboard_chess::variant::{AnyVariant, VariantMove};
use quadboard_chess::{CastlingMode, Color, Move as QMove, Position};
use quadboard_engine::{
    BestMove, EngineError, Go, Info, Limit, LineSender, OptionKind, Score, Search, SearchEvent,
    Stderr, Stopper, Timeouts, UciEngine, UciPosition, VariantGo, XboardAnalysisLimit,
    XboardEngine, XboardEvent, XboardGame, XboardGo,
};

use crate::moves::Move;
use crate::variant::VariantBoard;

/// python-chess's `Info` flags, as `engine.py` passes them.
const INFO_SCORE: u32 = 2;
const INFO_PV: u32 = 4;
const INFO_REFUTATION: u32 = 8;
const INFO_CURRLINE: u32 = 16;

/// What the client holds: the engine between searches, or the search running on it.
enum State {
    Idle(Box<UciEngine>),
    /// Boxed: a search is large beside the other variants.
    Searching(Box<Running>),
    /// Quit, or lost in a panic.
    Gone,
}

/// A running search: of a chess board, or of a `quadboard.variant` board (with whether
/// that board writes castling king-takes-rook, for the moves given back).
enum Running {
    Chess(Search<Box<UciEngine>>),
    Variant(Search<Box<UciEngine>, AnyVariant>, bool),
}

impl Running {
    /// The engine back (see [`Search::into_engine`]).
    fn into_engine(self) -> Box<UciEngine> {
        match self {
            Running::Chess(search) => search.into_engine(),
            Running::Variant(search, _) => search.into_engine(),
        }
    }

    /// The stopper of the search.
    fn stopper(&self) -> Stopper {
        match self {
            Running::Chess(search) => search.stopper(),
            Running::Variant(search, _) => search.stopper(),
        }
    }

    /// The next event with the root to read its moves (see [`Search::next`]).
    fn next(&mut self, wait: Option<Duration>) -> Result<Option<Said>, EngineError> {
        Ok(match self {
            Running::Chess(search) => {
                let root = *search.root();
                search.next(wait)?.map(|e| Said::Chess(e, root))
            }
            Running::Variant(search, chess960) => {
                let root = VariantRoot {
                    pos: *search.root(),
                    chess960: *chess960,
                };
                search.next(wait)?.map(|e| Said::Variant(e, root))
            }
        })
    }

    /// `ponderhit` after the infos sent while pondering, which are dropped; false when
    /// the search has ended (see `UciClient::ponderhit`).
    fn ponderhit(&mut self) -> Result<bool, EngineError> {
        match self {
            Running::Chess(search) => ponderhit_on(search),
            Running::Variant(search, _) => ponderhit_on(search),
        }
    }

    /// Reads to the `bestmove`: it and every info, with the root.
    fn finish(&mut self) -> Result<Finished, EngineError> {
        Ok(match self {
            Running::Chess(search) => {
                let (best, infos) = finish_on(search)?;
                Finished::Chess(*search.root(), best, infos)
            }
            Running::Variant(search, chess960) => {
                let (best, infos) = finish_on(search)?;
                let root = VariantRoot {
                    pos: *search.root(),
                    chess960: *chess960,
                };
                Finished::Variant(root, best, infos)
            }
        })
    }
}

/// [`Running::ponderhit`] on a search of either kind.
fn ponderhit_on<P: UciPosition>(
    search: &mut Search<Box<UciEngine>, P>,
) -> Result<bool, EngineError> {
    loop {
        match search.next(Some(Duration::ZERO))? {
            Some(SearchEvent::Info(_)) => continue,
            Some(SearchEvent::BestMove(_)) => return Ok(false),
            None if search.is_finished() => return Ok(false),
            None => break,
        }
    }
    search.ponderhit().map(|()| true)
}

/// [`Running::finish`] on a search of either kind.
#[allow(clippy::type_complexity)]
fn finish_on<P: UciPosition>(
    search: &mut Search<Box<UciEngine>, P>,
) -> Result<(BestMove<P::Move>, Vec<Info<P::Move>>), EngineError> {
    let mut infos = Vec::new();
    loop {
        match search.next(None)? {
            Some(SearchEvent::Info(info)) => infos.push(*info),
            Some(SearchEvent::BestMove(best)) => return Ok((best, infos)),
            None => continue,
        }
    }
}

/// An event of a running search, with the root its moves are read in.
enum Said {
    Chess(SearchEvent, Position),
    Variant(SearchEvent<VariantMove>, VariantRoot),
}

/// A search read to its end: the root, the best move, every info.
enum Finished {
    Chess(Position, BestMove, Vec<Info>),
    Variant(VariantRoot, BestMove<VariantMove>, Vec<Info<VariantMove>>),
}

/// A searched position as `engine.py` gives its moves back: python-chess's `Move`s of
/// the board searched.
trait Root: Copy + Send {
    /// The position's move type.
    type Move: Copy + Send;

    /// The Python `Move` of `m`, legal here.
    fn py_move(&self, py: Python<'_>, m: Self::Move) -> PyResult<Py<PyAny>>;

    /// The position after `m`, legal here.
    fn after(&self, m: Self::Move) -> Self;

    /// Whether white is to move (the side of the `PovScore`s).
    fn white_to_move(&self) -> bool;
}

impl Root for Position {
    type Move = QMove;

    fn py_move(&self, py: Python<'_>, m: QMove) -> PyResult<Py<PyAny>> {
        py_move(py, self, m)
    }

    fn after(&self, m: QMove) -> Position {
        let mut pos = *self;
        pos.play_unchecked(m);
        pos
    }

    fn white_to_move(&self) -> bool {
        self.turn() == Color::White
    }
}

/// The root of a variant search and whether its board writes castling king-takes-rook.
#[derive(Clone, Copy)]
struct VariantRoot {
    pos: AnyVariant,
    chess960: bool,
}

impl VariantRoot {
    /// How the board writes castling.
    fn mode(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

impl Root for VariantRoot {
    type Move = VariantMove;

    /// As the variant board holds it: drops with the piece in `drop`, a promotion to king
    /// as promotion 6, castling in the board's form; through the UCI text, which names
    /// each of them the one way `Move.from_uci` reads.
    fn py_move(&self, py: Python<'_>, m: VariantMove) -> PyResult<Py<PyAny>> {
        let text = m.to_uci(self.pos.turn(), VariantRoot::mode(self.chess960));
        Ok(Move::parse_uci(&text)?.object(py)?.into_any())
    }

    fn after(&self, m: VariantMove) -> VariantRoot {
        let mut pos = self.pos;
        pos.play_unchecked(m);
        VariantRoot {
            pos,
            chess960: self.chess960,
        }
    }

    fn white_to_move(&self) -> bool {
        self.pos.turn() == Color::White
    }
}

/// A running UCI engine (`UciClient(program, args, cwd, timeout)`), for `engine.py`.
#[pyclass(module = "quadboard._quadboard")]
pub struct UciClient {
    state: Mutex<State>,
    /// The running search's stopper, outside the state's lock: `stop()` from another
    /// thread must not wait for the thread that waits on the search.
    stopper: Mutex<Option<Stopper>>,
    pid: u32,
    /// Writes lines beside the client's commands (`debug on`), a search running or not.
    input: LineSender,
    /// The Python class of the first fatal error (`EngineTerminatedError` once the engine
    /// died): later calls raise the same class, as python-chess does.
    fatal: Mutex<Option<&'static str>>,
}

/// The classes of `quadboard.engine`'s exceptions.
static ERRORS: PyOnceLock<(Py<PyAny>, Py<PyAny>)> = PyOnceLock::new();
/// `quadboard._score`'s `PovScore`, `Cp`, `Mate`, `PovWdl`, `Wdl`.
static SCORES: PyOnceLock<[Py<PyAny>; 5]> = PyOnceLock::new();

/// The Python exception for `e`: `TimeoutError`, `EngineTerminatedError`, `OSError` for a
/// program that cannot start, `EngineError` otherwise.
fn to_py_err(py: Python<'_>, e: &EngineError) -> PyErr {
    let text = e.to_string();
    let class = match e {
        EngineError::Timeout { .. } => return PyTimeoutError::new_err(text),
        EngineError::Spawn { source, .. } => {
            return PyOSError::new_err((source.raw_os_error().unwrap_or(2), text));
        }
        EngineError::Terminated { .. } | EngineError::Write { .. } => "terminated",
        _ => "error",
    };
    raise(py, class, text)
}

/// An `EngineError` (`class` "error") or `EngineTerminatedError` ("terminated").
fn raise(py: Python<'_>, class: &str, text: String) -> PyErr {
    let classes = ERRORS.get_or_try_init(py, || {
        let module = py.import("quadboard.engine")?;
        Ok::<_, PyErr>((
            module.getattr("EngineError")?.unbind(),
            module.getattr("EngineTerminatedError")?.unbind(),
        ))
    });
    match classes {
        Ok((error, terminated)) => {
            let class = if class == "terminated" {
                terminated
            } else {
                error
            };
            match class.bind(py).call1((text,)) {
                Ok(exc) => PyErr::from_value(exc),
                Err(e) => e,
            }
        }
        Err(e) => e,
    }
}

/// Seconds as a duration; `None` (no limit) as a day.
fn seconds(s: Option<f64>) -> Duration {
    match s {
        Some(s) if s.is_finite() && s >= 0.0 => Duration::from_secs_f64(s.min(1e9)),
        _ => Duration::from_secs(86_400),
    }
}

/// `t` with python-chess's `timeout` (seconds, `None` for none) on every answer the
/// protocol promises and on the grace beyond a time limit; searches by depth or nodes
/// have no deadline.
fn answer_timeouts(
    mut t: quadboard_engine::Timeouts,
    timeout: Option<f64>,
) -> quadboard_engine::Timeouts {
    let wait = seconds(timeout);
    t.ready = wait;
    t.stop = wait;
    t.grace = wait;
    t.search = None;
    t
}

impl UciClient {
    /// Runs `f` on the idle engine, the GIL released; a search still held is given up
    /// first (the engine's next command stops it, as the Rust client does).
    fn with_engine<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut UciEngine) -> Result<T, EngineError> + Send,
    ) -> PyResult<T> {
        if let Some(class) = *self.fatal.lock().map_err(poisoned)? {
            return Err(raise(py, class, "engine process died unexpectedly".into()));
        }
        let result = py.detach(|| {
            let mut state = self.state.lock().map_err(|_| None)?;
            let engine = match std::mem::replace(&mut *state, State::Gone) {
                State::Idle(engine) => engine,
                State::Searching(search) => (*search).into_engine(),
                State::Gone => return Err(None),
            };
            let mut engine = engine;
            let result = f(&mut engine);
            *state = State::Idle(engine);
            result.map_err(Some)
        });
        result.map_err(|e| self.error(py, e))
    }

    /// Starts a search on the idle engine (a search still held is given up first), the
    /// GIL released; on an error the engine stays idle.
    fn start_search(
        &self,
        py: Python<'_>,
        start: impl FnOnce(Box<UciEngine>) -> Result<Running, (EngineError, Box<UciEngine>)> + Send,
    ) -> PyResult<()> {
        if let Some(class) = *self.fatal.lock().map_err(poisoned)? {
            return Err(raise(py, class, "engine process died unexpectedly".into()));
        }
        let result = py.detach(|| {
            let mut state = self.state.lock().map_err(|_| None)?;
            let engine = match std::mem::replace(&mut *state, State::Gone) {
                State::Idle(engine) => engine,
                State::Searching(search) => (*search).into_engine(),
                State::Gone => return Err(None),
            };
            match start(engine) {
                Ok(search) => {
                    if let Ok(mut stopper) = self.stopper.lock() {
                        *stopper = Some(search.stopper());
                    }
                    *state = State::Searching(Box::new(search));
                    Ok(())
                }
                Err((e, engine)) => {
                    *state = State::Idle(engine);
                    Err(Some(e))
                }
            }
        });
        result.map_err(|e| self.error(py, e))
    }

    /// The Python error of a failed call, remembering fatal ones.
    fn error(&self, py: Python<'_>, e: Option<EngineError>) -> PyErr {
        let Some(e) = e else {
            return raise(py, "terminated", "the engine has quit".into());
        };
        if e.is_fatal() {
            if let Ok(mut fatal) = self.fatal.lock() {
                if fatal.is_none() {
                    *fatal = Some(match e {
                        EngineError::Timeout { .. } => "error",
                        EngineError::Terminated { .. } | EngineError::Write { .. } => "terminated",
                        _ => "error",
                    });
                }
            }
        }
        to_py_err(py, &e)
    }
}

fn poisoned<T>(_: T) -> PyErr {
    PyRuntimeError::new_err("the engine's lock is poisoned (a panic in an earlier call)")
}

/// A Python `Move` for the library move `m` of `pos`, as python-chess's board would hold
/// it (castling as the king's two-square move in standard chess, king takes rook in
/// Chess960: the UCI text of the position's mode).
fn py_move(py: Python<'_>, pos: &Position, m: QMove) -> PyResult<Py<PyAny>> {
    let text = pos.to_uci(m);
    let b = text.as_str().as_bytes();
    let square = |f: u8, r: u8| (r - b'1') * 8 + (f - b'a');
    if b.len() < 4 {
        return Ok(py.None());
    }
    let promotion = match b.get(4) {
        Some(b'n') => 2,
        Some(b'b') => 3,
        Some(b'r') => 4,
        Some(b'q') => 5,
        _ => 0,
    };
    let mv = Move {
        from: square(b[0], b[1]),
        to: square(b[2], b[3]),
        promotion,
        drop: 0,
    };
    Ok(mv.object(py)?.into_any())
}

/// The moves of `line` from `pos`, as a list of Python moves.
fn py_line<'py, R: Root>(
    py: Python<'py>,
    pos: &R,
    line: &[R::Move],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    let mut pos = *pos;
    for &m in line {
        list.append(pos.py_move(py, m)?)?;
        pos = pos.after(m);
    }
    Ok(list)
}

/// python-chess's `InfoDict` of one `info` line, keys in the order Stockfish writes them
/// (python-chess's order is the line's), fields filtered by the `Info` flags as python-chess
/// filters them (score, pv, refutation and currline by their flags; the rest always).
fn info_dict<'py, R: Root>(
    py: Python<'py>,
    info: &Info<R::Move>,
    root: &R,
    flags: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    if flags == 0 {
        return Ok(d);
    }
    let turn = root.white_to_move();
    let scores = SCORES.get_or_try_init(py, || {
        let m = py.import("quadboard._score")?;
        Ok::<_, PyErr>([
            m.getattr("PovScore")?.unbind(),
            m.getattr("Cp")?.unbind(),
            m.getattr("Mate")?.unbind(),
            m.getattr("PovWdl")?.unbind(),
            m.getattr("Wdl")?.unbind(),
        ])
    })?;
    if let Some(n) = info.depth {
        d.set_item("depth", n)?;
    }
    if let Some(n) = info.seldepth {
        d.set_item("seldepth", n)?;
    }
    if let Some(n) = info.multipv {
        d.set_item("multipv", n)?;
    }
    if flags & INFO_SCORE != 0 {
        if let Some(score) = info.score {
            // python-chess sets the bound's key before the score's.
            if info.lowerbound {
                d.set_item("lowerbound", true)?;
            }
            if info.upperbound {
                d.set_item("upperbound", true)?;
            }
            let relative = match score {
                Score::Cp(n) => scores[1].bind(py).call1((n,))?,
                Score::Mate(n) => scores[2].bind(py).call1((n,))?,
            };
            d.set_item("score", scores[0].bind(py).call1((relative, turn))?)?;
        }
    }
    if let Some(w) = info.wdl {
        let wdl = scores[4].bind(py).call1((w.wins, w.draws, w.losses))?;
        d.set_item("wdl", scores[3].bind(py).call1((wdl, turn))?)?;
    }
    if let Some(n) = info.nodes {
        d.set_item("nodes", n)?;
    }
    if let Some(n) = info.nps {
        d.set_item("nps", n)?;
    }
    if let Some(n) = info.hashfull {
        d.set_item("hashfull", n)?;
    }
    if let Some(n) = info.tbhits {
        d.set_item("tbhits", n)?;
    }
    if let Some(n) = info.cpuload {
        d.set_item("cpuload", n)?;
    }
    if let Some(t) = info.time {
        d.set_item("time", t.as_millis() as f64 / 1000.0)?;
    }
    if let Some(m) = info.currmove {
        d.set_item("currmove", root.py_move(py, m)?)?;
    }
    if let Some(n) = info.currmovenumber {
        d.set_item("currmovenumber", n)?;
    }
    if flags & INFO_PV != 0 && !info.pv.is_empty() {
        d.set_item("pv", py_line(py, root, &info.pv)?)?;
    }
    if flags & INFO_REFUTATION != 0 {
        if let Some((refuted, line)) = &info.refutation {
            let inner = PyDict::new(py);
            let after = root.after(*refuted);
            inner.set_item(root.py_move(py, *refuted)?, py_line(py, &after, line)?)?;
            d.set_item("refutation", inner)?;
        }
    }
    if flags & INFO_CURRLINE != 0 {
        if let Some((cpu, line)) = &info.currline {
            let inner = PyDict::new(py);
            inner.set_item(cpu, py_line(py, root, line)?)?;
            d.set_item("currline", inner)?;
        }
    }
    // `string` takes the rest of the line: always the last key.
    if let Some(s) = &info.string {
        d.set_item("string", s)?;
    }
    Ok(d)
}

/// What `wait` gives Python: the best move, the ponder move, the infos.
type Ended<'py> = (Option<Py<PyAny>>, Option<Py<PyAny>>, Bound<'py, PyList>);

/// How `engine.py` asks for an engine to be started, from python-chess's `popen_args`
/// (checked and converted there): every key present, `None` for the default.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Launch {
    /// The working folder.
    cwd: Option<String>,
    /// The whole environment (it replaces the caller's, as `subprocess`'s `env` does).
    env: Option<Vec<(String, String)>>,
    /// stderr: `None` kept for messages, `-3` (`subprocess.DEVNULL`) discarded, else a
    /// file descriptor that `engine.py` duplicated for this call, which is now ours.
    stderr: Option<i32>,
    /// A process group (`process_group`, 0 for a new one: `setpgrp`).
    process_group: Option<i32>,
}

/// The command and the deadlines both clients start an engine with: `timeout` seconds
/// (`None`: no limit) for every answer the protocol promises, a second to quit.
fn launch(
    program: String,
    args: Vec<String>,
    how: Launch,
    timeout: Option<f64>,
) -> PyResult<(quadboard_engine::EngineCommand, Timeouts)> {
    let mut command = quadboard_engine::EngineCommand::new(program).args(args);
    if let Some(dir) = how.cwd {
        command = command.current_dir(dir);
    }
    if let Some(env) = how.env {
        command = command.env_clear();
        for (key, value) in env {
            command = command.env(key, value);
        }
    }
    match how.stderr {
        None => {}
        Some(-3) => command = command.stderr(Stderr::Null),
        Some(fd) if fd >= 0 => command = command.stderr(Stderr::File(Arc::new(owned_file(fd)?))),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "stderr {other}: not a file descriptor"
            )))
        }
    }
    if let Some(pgid) = how.process_group {
        command = command.process_group(pgid);
    }
    let wait = seconds(timeout);
    let timeouts = Timeouts {
        handshake: wait,
        ready: wait,
        stop: wait,
        grace: wait,
        search: None,
        quit: Duration::from_secs(1),
    };
    Ok((command, timeouts))
}

/// The file behind `fd`, a descriptor `engine.py` duplicated (`os.dup`) for this call.
#[cfg(unix)]
fn owned_file(fd: i32) -> PyResult<std::fs::File> {
    use std::os::fd::{FromRawFd, OwnedFd};
    // SAFETY: `engine.py` passes a descriptor it has just made with `os.dup` and keeps no
    // other reference to, so that this is its only owner, which closes it once.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    Ok(std::fs::File::from(owned))
}

#[cfg(not(unix))]
fn owned_file(fd: i32) -> PyResult<std::fs::File> {
    Err(PyValueError::new_err(format!(
        "stderr {fd}: a file descriptor for the engine's stderr works on Unix only"
    )))
}

/// What `wait` gives Python for a search read to its end.
fn ended_py<'py, R: Root>(
    py: Python<'py>,
    root: &R,
    best: BestMove<R::Move>,
    infos: &[Info<R::Move>],
    flags: u32,
) -> PyResult<Ended<'py>> {
    let list = PyList::empty(py);
    for info in infos {
        list.append(info_dict(py, info, root, flags)?)?;
    }
    let (best, ponder) = best_py(py, root, best)?;
    Ok((best, ponder, list))
}

/// The Python moves of a `bestmove`: the best move of `root` and the ponder move after it
/// (the Rust client keeps a ponder move only when it is legal there).
#[allow(clippy::type_complexity)]
fn best_py<R: Root>(
    py: Python<'_>,
    root: &R,
    best: BestMove<R::Move>,
) -> PyResult<(Option<Py<PyAny>>, Option<Py<PyAny>>)> {
    let b = best.best.map(|m| root.py_move(py, m)).transpose()?;
    let p = match (best.best, best.ponder) {
        (Some(m), Some(p)) => Some(root.after(m).py_move(py, p)?),
        _ => None,
    };
    Ok((b, p))
}

/// An event of a running search for Python: `("info", InfoDict)` or `("bestmove", best,
/// ponder)`, and whether it ends the search.
fn event_py<'py, R: Root>(
    py: Python<'py>,
    event: SearchEvent<R::Move>,
    root: &R,
    flags: u32,
) -> PyResult<(Bound<'py, PyAny>, bool)> {
    match event {
        SearchEvent::Info(info) => {
            let d = info_dict(py, &info, root, flags)?;
            Ok((("info", d).into_pyobject(py)?.into_any(), false))
        }
        SearchEvent::BestMove(best) => {
            let (b, p) = best_py(py, root, best)?;
            Ok((("bestmove", b, p).into_pyobject(py)?.into_any(), true))
        }
    }
}

/// The moves `moves` (UCI) played from `start`, and the root moves `searchmoves` read in
/// the position they lead to: a search's moves, checked before anything is sent.
fn read_moves<P: Copy, M: Copy, E: std::fmt::Display>(
    py: Python<'_>,
    start: P,
    moves: &[String],
    searchmoves: Option<&[String]>,
    parse: impl Fn(&P, &str) -> Result<M, E>,
    play: impl Fn(&mut P, M),
) -> PyResult<(Vec<M>, Vec<M>)> {
    let mut pos = start;
    let mut played = Vec::with_capacity(moves.len());
    for text in moves {
        let m = parse(&pos, text).map_err(|e| raise(py, "error", format!("move {text}: {e}")))?;
        played.push(m);
        play(&mut pos, m);
    }
    let roots = searchmoves
        .into_iter()
        .flatten()
        .map(|text| {
            parse(&pos, text).map_err(|e| raise(py, "error", format!("root move {text}: {e}")))
        })
        .collect::<PyResult<_>>()?;
    Ok((played, roots))
}

/// The limit of a search from python-chess's values, converted by `engine.py`
/// (milliseconds).
#[allow(clippy::too_many_arguments)]
fn limit_of(
    depth: Option<u32>,
    nodes: Option<u64>,
    mate: Option<u32>,
    movetime: Option<u64>,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: Option<u64>,
    binc: Option<u64>,
    movestogo: Option<u32>,
    infinite: bool,
) -> Limit {
    let ms = |t: Option<u64>| t.map(Duration::from_millis);
    Limit {
        depth,
        nodes,
        movetime: ms(movetime),
        mate,
        wtime: ms(wtime),
        btime: ms(btime),
        winc: ms(winc),
        binc: ms(binc),
        movestogo,
        infinite,
    }
}

/// `fen` with its castling field in Shredder-FEN (`HAha`), as python-chess writes a
/// Chess960 board's: the library writes the standard rooks' rights as `KQkq`.
fn shredder_castling(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    if let Some(field) = fields.get_mut(2) {
        *field = field
            .chars()
            .map(|c| match c {
                'K' => 'H',
                'Q' => 'A',
                'k' => 'h',
                'q' => 'a',
                other => other,
            })
            .collect();
    }
    fields.join(" ")
}

#[pymethods]
impl UciClient {
    /// Starts `program` with `args` in `cwd` and does the handshake within `timeout`
    /// seconds (`None`: no limit), the GIL released.
    #[new]
    #[pyo3(signature = (program, args, how, timeout=None))]
    fn new(
        py: Python<'_>,
        program: String,
        args: Vec<String>,
        how: Launch,
        timeout: Option<f64>,
    ) -> PyResult<UciClient> {
        let (command, timeouts) = launch(program, args, how, timeout)?;
        let engine = py
            .detach(|| UciEngine::start_with(command, timeouts))
            .map_err(|e| to_py_err(py, &e))?;
        Ok(UciClient {
            pid: engine.pid(),
            input: engine.line_sender(),
            state: Mutex::new(State::Idle(Box::new(engine))),
            stopper: Mutex::new(None),
            fatal: Mutex::new(None),
        })
    }

    /// The process id.
    fn pid(&self) -> u32 {
        self.pid
    }

    /// `id` lines as `[(key, value)]` (name, author).
    fn id(&self, py: Python<'_>) -> PyResult<Vec<(String, String)>> {
        self.with_engine(py, |e| {
            let id = e.id();
            let mut out = Vec::new();
            if let Some(name) = &id.name {
                out.push(("name".to_owned(), name.clone()));
            }
            if let Some(author) = &id.author {
                out.push(("author".to_owned(), author.clone()));
            }
            Ok(out)
        })
    }

    /// The declared options as `(name, type, default text, min, max, vars)`.
    #[allow(clippy::type_complexity)]
    fn options(
        &self,
        py: Python<'_>,
    ) -> PyResult<
        Vec<(
            String,
            &'static str,
            Option<String>,
            Option<i64>,
            Option<i64>,
            Vec<String>,
        )>,
    > {
        self.with_engine(py, |e| {
            Ok(e.options()
                .iter()
                .map(|o| {
                    let default = o.default_value();
                    match &o.kind {
                        OptionKind::Check { .. } => {
                            (o.name.clone(), "check", default, None, None, vec![])
                        }
                        OptionKind::Spin { min, max, .. } => {
                            (o.name.clone(), "spin", default, *min, *max, vec![])
                        }
                        OptionKind::Combo { vars, .. } => {
                            (o.name.clone(), "combo", default, None, None, vars.clone())
                        }
                        OptionKind::Button => (o.name.clone(), "button", None, None, None, vec![]),
                        OptionKind::String { .. } => {
                            (o.name.clone(), "string", default, None, None, vec![])
                        }
                    }
                })
                .collect())
        })
    }

    /// Sets the timeouts in seconds: answers (`readyok`, handshake, `bestmove` after
    /// `stop`) and beyond a time limit; searches by depth or nodes have none.
    #[pyo3(signature = (timeout))]
    fn set_timeout(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<()> {
        self.with_engine(py, |e| {
            e.set_timeouts(answer_timeouts(e.timeouts(), timeout));
            Ok(())
        })
    }

    /// `setoption` (checked against the declaration by the Rust client).
    fn set_option(&self, py: Python<'_>, name: String, value: String) -> PyResult<()> {
        self.with_engine(py, |e| e.set_option(&name, &value))
    }

    /// `isready` ... `readyok`.
    fn is_ready(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, |e| e.is_ready())
    }

    /// `ucinewgame`, `isready` ... `readyok`.
    fn new_game(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, |e| e.new_game())
    }

    /// Starts a search: the start position (`fen`, in Chess960 mode when `chess960`) as
    /// `position_text` says it, the moves in UCI, the limit in python-chess's units
    /// converted by the caller (milliseconds), root moves, multipv.
    #[pyo3(signature = (fen, chess960, position_text, moves, depth, nodes, mate, movetime, wtime, btime, winc, binc, movestogo, infinite, searchmoves, multipv, ponder))]
    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        py: Python<'_>,
        fen: &str,
        chess960: bool,
        position_text: String,
        moves: Vec<String>,
        depth: Option<u32>,
        nodes: Option<u64>,
        mate: Option<u32>,
        movetime: Option<u64>,
        wtime: Option<u64>,
        btime: Option<u64>,
        winc: Option<u64>,
        binc: Option<u64>,
        movestogo: Option<u32>,
        infinite: bool,
        searchmoves: Option<Vec<String>>,
        multipv: Option<u32>,
        ponder: bool,
    ) -> PyResult<()> {
        let mut start = Position::from_fen(fen)
            .map_err(|e| raise(py, "error", format!("invalid position {fen:?}: {e}")))?;
        if chess960 {
            start.set_castling_mode(CastlingMode::Chess960);
        }
        let (played, roots) = read_moves(
            py,
            start,
            &moves,
            searchmoves.as_deref(),
            Position::parse_uci,
            Position::play_unchecked,
        )?;
        let limit = limit_of(
            depth, nodes, mate, movetime, wtime, btime, winc, binc, movestogo, infinite,
        );
        let mut go = Go::after(start, &played, limit);
        if searchmoves.is_some() {
            go = go.searchmoves(&roots);
        }
        go.multipv = multipv;
        go.ponder = ponder;
        go.position = Some(position_text);
        self.start_search(py, |engine| Search::start(engine, &go).map(Running::Chess))
    }

    /// Starts a search of a `quadboard.variant` board: its position before its first move
    /// (`from_root`) or now, as python-chess writes it (`fen(shredder=chess960,
    /// en_passant="fen")`), the moves in UCI (drops `P@e4`); the rest as `go`. The caller
    /// has set `UCI_Variant` and `UCI_Chess960`.
    #[pyo3(signature = (board, from_root, moves, depth, nodes, mate, movetime, wtime, btime, winc, binc, movestogo, infinite, searchmoves, multipv, ponder))]
    #[allow(clippy::too_many_arguments)]
    fn go_variant(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        from_root: bool,
        moves: Vec<String>,
        depth: Option<u32>,
        nodes: Option<u64>,
        mate: Option<u32>,
        movetime: Option<u64>,
        wtime: Option<u64>,
        btime: Option<u64>,
        winc: Option<u64>,
        binc: Option<u64>,
        movestogo: Option<u32>,
        infinite: bool,
        searchmoves: Option<Vec<String>>,
        multipv: Option<u32>,
        ponder: bool,
    ) -> PyResult<()> {
        let board = board.cast::<VariantBoard>().map_err(|_| {
            raise(
                py,
                "error",
                "a board whose uci_variant is not chess must be a quadboard.variant board".into(),
            )
        })?;
        let (start, fen, chess960) = crate::variant::engine_position(board, from_root)?;
        let fen = if chess960 {
            shredder_castling(&fen)
        } else {
            fen
        };
        let (played, roots) = read_moves(
            py,
            start,
            &moves,
            searchmoves.as_deref(),
            AnyVariant::parse_uci,
            AnyVariant::play_unchecked,
        )?;
        let limit = limit_of(
            depth, nodes, mate, movetime, wtime, btime, winc, binc, movestogo, infinite,
        );
        let mut go = VariantGo::after(start, &played, limit);
        go.searchmoves = searchmoves.is_some().then_some(roots);
        go.multipv = multipv;
        go.ponder = ponder;
        go.castling = Some(VariantRoot::mode(chess960));
        go.position = Some(format!("fen {fen}"));
        self.start_search(py, |engine| {
            Search::start_variant(engine, &go).map(|search| Running::Variant(search, chess960))
        })
    }

    /// Stops a search left running (a ponder search, an analysis given up) and reads to
    /// its `bestmove`; nothing when none runs.
    fn stop_search(&self, py: Python<'_>) -> PyResult<()> {
        self.search_ended();
        self.with_engine(py, |e| e.stop_search())
    }

    /// `ponderhit` for the running ponder search, whose infos and `bestmove` then come as
    /// a normal search's (read them with `wait`). The infos it sent before are dropped, as
    /// python-chess reads them while pondering and drops them. False, and nothing sent,
    /// when no ponder search runs (it ended by itself: its `bestmove` is dropped too).
    fn ponderhit(&self, py: Python<'_>) -> PyResult<bool> {
        let result = py.detach(|| {
            let mut state = self.state.lock().map_err(|_| None)?;
            let State::Searching(search) = &mut *state else {
                return Ok(false);
            };
            search.ponderhit().map_err(Some)
        });
        let sent = result.map_err(|e| self.finish_error(py, e))?;
        if !sent {
            self.search_ended();
        }
        Ok(sent)
    }

    /// Writes `line` to the engine at once, whatever it is doing (`debug on`, python-chess's
    /// `send_line`); the client does not know what it means.
    fn send_line(&self, py: Python<'_>, line: &str) -> PyResult<()> {
        self.input.send_line(line).map_err(|e| {
            if e.kind() == std::io::ErrorKind::InvalidInput {
                PyValueError::new_err(e.to_string())
            } else {
                raise(py, "terminated", format!("cannot write to the engine: {e}"))
            }
        })
    }

    /// Sends `stop` to the running search (from any thread; nothing when none runs).
    fn stop(&self) -> PyResult<()> {
        if let Some(stopper) = self.stopper.lock().map_err(poisoned)?.as_ref() {
            let _ = stopper.stop();
        }
        Ok(())
    }

    /// Waits for the search's end: `(best, ponder, [InfoDict per info line])`, the GIL
    /// released while waiting.
    fn wait<'py>(&self, py: Python<'py>, flags: u32) -> PyResult<Ended<'py>> {
        let result: Result<Finished, Option<EngineError>> = py.detach(|| {
            let mut state = self.state.lock().map_err(|_| None)?;
            let State::Searching(search) = &mut *state else {
                return Err(None);
            };
            search.finish().map_err(Some)
        });
        self.search_ended();
        match result.map_err(|e| self.finish_error(py, e))? {
            Finished::Chess(root, best, infos) => ended_py(py, &root, best, &infos, flags),
            Finished::Variant(root, best, infos) => ended_py(py, &root, best, &infos, flags),
        }
    }

    /// The next event of the running search within `timeout` seconds (`None`: until one
    /// comes): `("info", InfoDict)`, `("bestmove", best, ponder)`, or `None` when the time
    /// passed or the search is over.
    #[pyo3(signature = (flags, timeout=None))]
    fn next_event<'py>(
        &self,
        py: Python<'py>,
        flags: u32,
        timeout: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let wait = timeout.map(|t| seconds(Some(t)));
        let result = py.detach(|| {
            let mut state = self.state.lock().map_err(|_| None)?;
            let State::Searching(search) = &mut *state else {
                return Ok(None);
            };
            search.next(wait).map_err(Some)
        });
        let said = result.map_err(|e| self.finish_error(py, e))?;
        let (event, ended) = match said {
            None => return Ok(None),
            Some(Said::Chess(event, root)) => event_py(py, event, &root, flags)?,
            Some(Said::Variant(event, root)) => event_py(py, event, &root, flags)?,
        };
        if ended {
            self.search_ended();
        }
        Ok(Some(event))
    }

    /// `quit`, then waits for the exit (a second, then kills); the exit code if any.
    fn quit(&self, py: Python<'_>) -> Option<i32> {
        self.end(py, false)
    }

    /// Kills the engine without `quit` (python-chess's `close()`); the exit code if any.
    fn kill(&self, py: Python<'_>) -> Option<i32> {
        self.end(py, true)
    }

    /// Whether the engine has quit or is unusable.
    fn is_gone(&self) -> bool {
        matches!(self.state.lock().as_deref(), Ok(State::Gone) | Err(_))
    }
}

impl UciClient {
    /// Quits or kills the engine; its exit code (a signal's number negated).
    fn end(&self, py: Python<'_>, kill: bool) -> Option<i32> {
        if let Ok(mut stopper) = self.stopper.lock() {
            *stopper = None;
        }
        let status = py.detach(|| {
            let mut state = self.state.lock().ok()?;
            let engine = match std::mem::replace(&mut *state, State::Gone) {
                State::Idle(engine) => engine,
                State::Searching(search) => (*search).into_engine(),
                State::Gone => return None,
            };
            if kill {
                engine.kill()
            } else {
                engine.quit()
            }
        })?;
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            status.code().or_else(|| status.signal().map(|n| -n))
        }
        #[cfg(not(unix))]
        {
            status.code()
        }
    }

    /// Forgets the stopper of a search that has ended: a later `stop()` sends nothing.
    fn search_ended(&self) {
        if let Ok(mut stopper) = self.stopper.lock() {
            *stopper = None;
        }
    }

    /// The error of a search, remembering fatal ones.
    fn finish_error(&self, py: Python<'_>, e: Option<EngineError>) -> PyErr {
        match e {
            None => raise(py, "error", "no search is running".into()),
            e => self.error(py, e),
        }
    }
}

/// A running XBoard engine (`XboardClient(program, args, cwd, timeout)`), for
/// `engine.py`'s `XBoardProtocol`: the Rust client's game, `play` and analysis
/// (`XboardEngine::set_game`, `play`, `analysis_start`), whose commands are
/// python-chess's.
#[pyclass(module = "quadboard._quadboard")]
pub struct XboardClient {
    /// `None` once quit.
    engine: Mutex<Option<XboardEngine>>,
    /// The running analysis's stopper, outside the engine's lock (see `UciClient`).
    stopper: Mutex<Option<Stopper>>,
    pid: u32,
    fatal: Mutex<Option<&'static str>>,
}

/// What `play` gives Python: best, ponder, the info, draw offered, resigned.
type Played<'py> = (
    Option<Py<PyAny>>,
    Option<Py<PyAny>>,
    Bound<'py, PyDict>,
    bool,
    bool,
);

impl XboardClient {
    /// Runs `f` on the engine with the GIL released.
    fn with_engine<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut XboardEngine) -> Result<T, EngineError> + Send,
    ) -> PyResult<T> {
        if let Some(class) = *self.fatal.lock().map_err(poisoned)? {
            return Err(raise(py, class, "engine process died unexpectedly".into()));
        }
        let result = py.detach(|| {
            let mut engine = self.engine.lock().map_err(|_| None)?;
            let engine = engine.as_mut().ok_or(None)?;
            f(engine).map_err(Some)
        });
        result.map_err(|e| self.error(py, e))
    }

    /// The Python error of a failed call, remembering fatal ones.
    fn error(&self, py: Python<'_>, e: Option<EngineError>) -> PyErr {
        let Some(e) = e else {
            return raise(py, "terminated", "the engine has quit".into());
        };
        if e.is_fatal() {
            if let Ok(mut fatal) = self.fatal.lock() {
                if fatal.is_none() {
                    *fatal = Some(match e {
                        EngineError::Terminated { .. } | EngineError::Write { .. } => "terminated",
                        _ => "error",
                    });
                }
            }
        }
        to_py_err(py, &e)
    }

    /// The thinking line as python-chess's `_parse_xboard_post` gives it: depth, score,
    /// time (centiseconds as seconds), nodes, seldepth, nps, tbhits, the pv (its first move
    /// only without `INFO_PV`).
    fn post_dict<'py>(
        py: Python<'py>,
        info: &Info,
        root: &Position,
        flags: u32,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut shown = info.clone();
        if flags & INFO_PV == 0 {
            shown.pv.truncate(1);
        }
        // Every key python-chess's XBoard reader fills, whatever the flags say.
        let d = info_dict(py, &shown, root, INFO_SCORE | INFO_PV | 1)?;
        if let Some(t) = info.time {
            d.set_item("time", (t.as_millis() / 10) as f64 / 100.0)?;
        }
        if !d.contains("pv")? {
            d.set_item("pv", PyList::empty(py))?;
        }
        // python-chess's key order: depth, time, nodes, score, seldepth, nps, tbhits, pv.
        let ordered = PyDict::new(py);
        for key in [
            "depth", "time", "nodes", "score", "seldepth", "nps", "tbhits", "pv",
        ] {
            if let Some(v) = d.get_item(key)? {
                ordered.set_item(key, v)?;
            }
        }
        Ok(ordered)
    }
}

#[pymethods]
impl XboardClient {
    /// Starts `program` with `args` in `cwd` and negotiates the features within `timeout`
    /// seconds (`None`: no limit), the GIL released.
    #[new]
    #[pyo3(signature = (program, args, how, timeout=None))]
    fn new(
        py: Python<'_>,
        program: String,
        args: Vec<String>,
        how: Launch,
        timeout: Option<f64>,
    ) -> PyResult<XboardClient> {
        let (command, timeouts) = launch(program, args, how, timeout)?;
        let engine = py
            .detach(|| XboardEngine::negotiate(command, timeouts))
            .map_err(|e| to_py_err(py, &e))?;
        Ok(XboardClient {
            pid: engine.pid(),
            engine: Mutex::new(Some(engine)),
            stopper: Mutex::new(None),
            fatal: Mutex::new(None),
        })
    }

    /// The process id.
    fn pid(&self) -> u32 {
        self.pid
    }

    /// The accepted features as `[(name, value)]`.
    fn features(&self, py: Python<'_>) -> PyResult<Vec<(String, String)>> {
        self.with_engine(py, |e| {
            let mut out: Vec<(String, String)> = e
                .features()
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            out.sort();
            Ok(out)
        })
    }

    /// The declared options as `(name, type, default text, min, max, vars)`.
    #[allow(clippy::type_complexity)]
    fn options(
        &self,
        py: Python<'_>,
    ) -> PyResult<
        Vec<(
            String,
            &'static str,
            Option<String>,
            Option<i64>,
            Option<i64>,
            Vec<String>,
        )>,
    > {
        self.with_engine(py, |e| Ok(e.options().iter().map(option_row).collect()))
    }

    /// Sets the timeouts in seconds (see `UciClient.set_timeout`).
    #[pyo3(signature = (timeout))]
    fn set_timeout(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<()> {
        self.with_engine(py, |e| {
            e.set_timeouts(answer_timeouts(e.timeouts(), timeout));
            Ok(())
        })
    }

    /// `option NAME=VALUE` (or `memory`, `cores`, `egtpath KIND`).
    fn set_option(&self, py: Python<'_>, name: String, value: String) -> PyResult<()> {
        self.with_engine(py, |e| e.set_option(&name, &value))
    }

    /// `ping N` ... `pong N`.
    fn ping(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, |e| e.ping())
    }

    /// Brings the engine to the game from `fen` (Shredder castling letters in Chess960)
    /// after `moves` (UCI), starting a new one when `new_game` or when it must.
    #[pyo3(signature = (fen, chess960, moves, new_game, random, name, ratings, computer))]
    #[allow(clippy::too_many_arguments)]
    fn set_game(
        &self,
        py: Python<'_>,
        fen: String,
        chess960: bool,
        moves: Vec<String>,
        new_game: bool,
        random: bool,
        name: Option<String>,
        ratings: (i64, i64),
        computer: bool,
    ) -> PyResult<()> {
        let mut pos = Position::from_fen(&fen)
            .map_err(|e| raise(py, "error", format!("invalid position {fen:?}: {e}")))?;
        if chess960 {
            pos.set_castling_mode(CastlingMode::Chess960);
        }
        let mut played = Vec::with_capacity(moves.len());
        for text in &moves {
            let m = pos
                .parse_uci(text)
                .map_err(|e| raise(py, "error", format!("move {text}: {e}")))?;
            played.push(m);
            pos.play_unchecked(m);
        }
        let mut game = XboardGame::new(fen, played);
        game.new_game = new_game;
        game.random = random;
        game.opponent_name = name;
        game.ratings = ratings;
        game.computer = computer;
        self.with_engine(py, |e| e.set_game(&game))
    }

    /// The engine's move in the game set: `(best, ponder, InfoDict, draw_offered,
    /// resigned)`.
    #[pyo3(signature = (level, st, nodes, depth, white_clock, black_clock, draw_offered, post, ponder, flags))]
    #[allow(clippy::too_many_arguments)]
    fn play<'py>(
        &self,
        py: Python<'py>,
        level: Option<String>,
        st: Option<String>,
        nodes: Option<u64>,
        depth: Option<u32>,
        white_clock: Option<u64>,
        black_clock: Option<u64>,
        draw_offered: bool,
        post: bool,
        ponder: bool,
        flags: u32,
    ) -> PyResult<Played<'py>> {
        let go = XboardGo {
            level,
            st,
            nodes,
            depth,
            white_clock,
            black_clock,
            draw_offered,
            post,
            ponder,
        };
        let played = self.with_engine(py, |e| e.play(&go))?;
        let info = match &played.info {
            Some(info) => Self::post_dict(py, info, &played.root, flags)?,
            None => PyDict::new(py),
        };
        let best = played
            .best
            .map(|m| py_move(py, &played.root, m))
            .transpose()?;
        let ponder = match (played.best, played.ponder) {
            (Some(b), Some(p)) => {
                let mut after = played.root;
                after.play_unchecked(b);
                Some(py_move(py, &after, p)?)
            }
            _ => None,
        };
        Ok((best, ponder, info, played.draw_offered, played.resigned))
    }

    /// Starts an analysis (`exclude`/`include` for `root_moves`, `post`, `analyze`) that
    /// stops itself at the limits (seconds for `time`).
    #[pyo3(signature = (root_moves, depth, nodes, time, mate))]
    fn start_analysis(
        &self,
        py: Python<'_>,
        root_moves: Option<Vec<String>>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        mate: Option<u32>,
    ) -> PyResult<()> {
        let limit = XboardAnalysisLimit {
            depth,
            nodes,
            time: time.map(|t| seconds(Some(t))),
            mate,
        };
        let stopper = self.with_engine(py, |e| {
            let root = e.game_position();
            let moves = match &root_moves {
                Some(texts) => {
                    let mut moves = Vec::with_capacity(texts.len());
                    for text in texts {
                        moves.push(root.parse_uci(text).map_err(|err| {
                            EngineError::Unsupported(format!("root move {text}: {err}"))
                        })?);
                    }
                    Some(moves)
                }
                None => None,
            };
            e.analysis_start(moves.as_deref(), limit)?;
            Ok(e.analysis_stopper())
        })?;
        *self.stopper.lock().map_err(poisoned)? = stopper;
        Ok(())
    }

    /// Stops the running analysis (from any thread; nothing when none runs).
    fn stop(&self) -> PyResult<()> {
        if let Some(stopper) = self.stopper.lock().map_err(poisoned)?.as_ref() {
            let _ = stopper.stop();
        }
        Ok(())
    }

    /// The analysis's next event within `timeout` seconds (`None`: until one comes):
    /// `("info", InfoDict)`, `("bestmove", best, None)`, or `None`.
    #[pyo3(signature = (flags, timeout=None))]
    fn next_event<'py>(
        &self,
        py: Python<'py>,
        flags: u32,
        timeout: Option<f64>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let wait = timeout.map(|t| seconds(Some(t)));
        let event = self.with_engine(py, |e| {
            let Some(root) = e.analysis_root() else {
                return Ok(None);
            };
            Ok(e.analysis_next(wait)?.map(|ev| (ev, root)))
        });
        let event = match event {
            Ok(event) => event,
            Err(e) => {
                *self.stopper.lock().map_err(poisoned)? = None;
                return Err(e);
            }
        };
        match event {
            None => Ok(None),
            Some((XboardEvent::Info(info), root)) => {
                let d = Self::post_dict(py, &info, &root, flags)?;
                Ok(Some(("info", d).into_pyobject(py)?.into_any()))
            }
            Some((XboardEvent::End(best), root)) => {
                *self.stopper.lock().map_err(poisoned)? = None;
                let b = best.map(|m| py_move(py, &root, m)).transpose()?;
                Ok(Some(
                    ("bestmove", b, py.None()).into_pyobject(py)?.into_any(),
                ))
            }
        }
    }

    /// `result RESULT {ENDING}`.
    fn game_result(&self, py: Python<'_>, result: String, ending: String) -> PyResult<()> {
        self.with_engine(py, |e| e.game_result(&result, &ending))
    }

    /// `quit`, then waits for the exit (a second, then kills); the exit code if any.
    fn quit(&self, py: Python<'_>) -> Option<i32> {
        self.end(py, false)
    }

    /// Kills the engine without `quit`; the exit code if any.
    fn kill(&self, py: Python<'_>) -> Option<i32> {
        self.end(py, true)
    }

    /// Whether the engine has quit.
    fn is_gone(&self) -> bool {
        matches!(self.engine.lock().as_deref(), Ok(None) | Err(_))
    }
}

impl XboardClient {
    fn end(&self, py: Python<'_>, kill: bool) -> Option<i32> {
        if let Ok(mut stopper) = self.stopper.lock() {
            *stopper = None;
        }
        let status = py.detach(|| {
            let engine = self.engine.lock().ok()?.take()?;
            if kill {
                engine.kill()
            } else {
                engine.quit()
            }
        })?;
        exit_code(status)
    }
}

/// An exit status as Python's return code (a signal's number negated).
fn exit_code(status: std::process::ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.code().or_else(|| status.signal().map(|n| -n))
    }
    #[cfg(not(unix))]
    {
        status.code()
    }
}

/// An option as `(name, type, default text, min, max, vars)`.
#[allow(clippy::type_complexity)]
fn option_row(
    o: &quadboard_engine::EngineOption,
) -> (
    String,
    &'static str,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Vec<String>,
) {
    let default = o.default_value();
    match &o.kind {
        OptionKind::Check { .. } => (o.name.clone(), "check", default, None, None, vec![]),
        OptionKind::Spin { min, max, .. } => (o.name.clone(), "spin", default, *min, *max, vec![]),
        OptionKind::Combo { vars, .. } => {
            (o.name.clone(), "combo", default, None, None, vars.clone())
        }
        OptionKind::Button => (o.name.clone(), "button", None, None, None, vec![]),
        OptionKind::String { .. } => (o.name.clone(), "string", default, None, None, vec![]),
    }
}
