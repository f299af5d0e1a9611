//! `quadboard.pgn.read_games`: games read from PGN files in chunks of whole games, parsed
//! by the library's `pgn` module into game trees ([`GameData`]) on worker threads without
//! the GIL.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use quadboard_chess::pgn::next_game_start;

use crate::moves::untracked;
use crate::pgn_tree::GameData;

/// About how many bytes of PGN are read and parsed per batch: small enough that a batch's
/// trees (about ten times its bytes) are handed out and freed before the next batch takes
/// their memory again, instead of faulting in fresh pages (4 MB batches made `read_games`
/// about a tenth slower on the benchmark's 1 MB files).
const CHUNK: usize = 256 << 10;

/// Parses whole games of `bytes` on up to `threads` threads, in order.
fn parse_chunk(bytes: &[u8], threads: usize) -> Vec<GameData> {
    let parse = GameData::read_all;
    if threads <= 1 || bytes.len() < 64 << 10 {
        return parse(bytes);
    }
    let mut cuts = vec![0];
    for k in 1..threads {
        let at = next_game_start(bytes, bytes.len() * k / threads).unwrap_or(bytes.len());
        cuts.push(at.max(*cuts.last().unwrap_or(&0)));
    }
    cuts.push(bytes.len());
    std::thread::scope(|scope| {
        let workers: Vec<_> = cuts
            .windows(2)
            .map(|w| {
                let part = &bytes[w[0]..w[1]];
                scope.spawn(move || parse(part))
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    })
}

/// The input and what has been read of it but not yet handed out.
struct State {
    input: Box<dyn Read + Send>,
    pending: Vec<u8>,
    done: bool,
    ready: VecDeque<GameData>,
}

impl State {
    /// Appends up to CHUNK more bytes of the input to `pending`; at its end, sets `done`.
    fn read_more(&mut self) -> io::Result<()> {
        let n = (&mut self.input)
            .take(CHUNK as u64)
            .read_to_end(&mut self.pending)?;
        if n == 0 {
            self.done = true;
        }
        Ok(())
    }

    /// Reads the next chunk of whole games and parses it; false at the end of the input.
    fn refill(&mut self, threads: usize) -> io::Result<bool> {
        while self.ready.is_empty() {
            if self.done && self.pending.is_empty() {
                return Ok(false);
            }
            // Read until a game starts past CHUNK bytes, or the input ends.
            let cut = loop {
                if !self.done && self.pending.len() < CHUNK {
                    self.read_more()?;
                    continue;
                }
                if self.done {
                    break self.pending.len();
                }
                match next_game_start(&self.pending, CHUNK.min(self.pending.len())) {
                    Some(at) if at > 0 && at < self.pending.len() => break at,
                    _ => self.read_more()?,
                }
            };
            let rest = self.pending.split_off(cut);
            let chunk = std::mem::replace(&mut self.pending, rest);
            self.ready.extend(parse_chunk(&chunk, threads));
        }
        Ok(true)
    }
}

/// Opens a file, decompressed by its extension (`.gz`, `.zst`, `.bz2`).
fn open(path: &PathBuf) -> io::Result<Box<dyn Read + Send>> {
    if path.is_dir() {
        return Err(io::Error::other("is a directory, not a PGN file"));
    }
    let file = io::BufReader::with_capacity(1 << 16, File::open(path)?);
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    Ok(match ext.as_str() {
        "gz" => Box::new(flate2::read::MultiGzDecoder::new(file)),
        "bz2" => Box::new(bzip2::read::MultiBzDecoder::new(file)),
        "zst" => Box::new(zstd::stream::read::Decoder::with_buffer(file)?),
        _ => Box::new(file),
    })
}

/// What a reading thread sends: a batch of games, the end, or why it stopped.
enum Batch {
    Games(Vec<GameData>),
    Done,
    Failed(String),
}

/// Where a reader's games come from.
enum Feed {
    /// Read and parsed when asked for, in the caller's thread (`threads = 1`).
    Inline(State),
    /// Read and parsed ahead by a thread of the reader's own (`threads` above 1), a batch
    /// at a time: Python takes the games of one batch while the next is parsed.
    Ahead {
        batches: Receiver<Batch>,
        ready: VecDeque<GameData>,
    },
}

impl Feed {
    fn ready(&mut self) -> &mut VecDeque<GameData> {
        match self {
            Feed::Inline(state) => &mut state.ready,
            Feed::Ahead { ready, .. } => ready,
        }
    }

    /// The next game, reading or waiting for more; `None` at the end.
    fn next(&mut self, threads: usize, path: &Path) -> Result<Option<GameData>, String> {
        match self {
            Feed::Inline(state) => {
                let more = state
                    .refill(threads)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok(if more { state.ready.pop_front() } else { None })
            }
            Feed::Ahead { batches, ready } => loop {
                if let Some(game) = ready.pop_front() {
                    return Ok(Some(game));
                }
                match batches.recv() {
                    Ok(Batch::Games(games)) => ready.extend(games),
                    Ok(Batch::Done) => return Ok(None),
                    Ok(Batch::Failed(e)) => return Err(e),
                    Err(_) => {
                        return Err(format!("{}: the reading thread stopped", path.display()))
                    }
                }
            },
        }
    }
}

/// Reads `state`'s input batch by batch, `threads` parsing each, and sends the batches
/// until the input ends, reading fails or the receiver is gone.
fn read_ahead(mut state: State, threads: usize, path: &Path, batches: &SyncSender<Batch>) {
    loop {
        let batch = match state.refill(threads) {
            Ok(true) => Batch::Games(state.ready.drain(..).collect()),
            Ok(false) => Batch::Done,
            Err(e) => Batch::Failed(format!("{}: {e}", path.display())),
        };
        let last = !matches!(batch, Batch::Games(_));
        if batches.send(batch).is_err() || last {
            return;
        }
    }
}

/// The games of a PGN file, one by one, as [`GameData`] (`quadboard.pgn.read_games` makes
/// them `Game` trees).
#[pyclass(module = "quadboard.pgn")]
pub struct GameReader {
    feed: Mutex<Option<Feed>>,
    threads: usize,
    path: PathBuf,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<GameData>>> {
        // A game already read is handed out without letting the GIL go: the lock is
        // never held by a thread that waits for the GIL (reads and waits run without it).
        if let Ok(mut guard) = self.feed.lock() {
            if let Some(game) = guard.as_mut().and_then(|f| f.ready().pop_front()) {
                return to_python(py, Some(game));
            }
        }
        let threads = self.threads;
        let path = &self.path;
        let next = py.detach(|| {
            let mut guard = self
                .feed
                .lock()
                .map_err(|_| "the reader failed before".to_owned())?;
            let Some(feed) = guard.as_mut() else {
                return Ok(None);
            };
            let game = feed.next(threads, path);
            if matches!(game, Ok(None)) || (matches!(feed, Feed::Ahead { .. }) && game.is_err()) {
                *guard = None;
            }
            game
        });
        match next {
            Ok(game) => to_python(py, game),
            Err(e) => Err(PyOSError::new_err(e)),
        }
    }
}

/// A game as a Python object that the cycle collector does not track (it holds no Python
/// objects; each game's would otherwise be walked by the collections while it lives).
fn to_python(py: Python<'_>, game: Option<GameData>) -> PyResult<Option<Py<GameData>>> {
    game.map(|g| Py::new(py, g).map(untracked)).transpose()
}

/// Reads the games of a PGN file (plain, or `.gz`, `.zst`, `.bz2`): with `threads` 1 as
/// they are asked for, with more in a thread of the reader's own that parses ahead
/// (`threads - 1` parsing each batch at once); `OSError` if the file cannot be read.
#[pyfunction]
#[pyo3(signature = (path, *, threads = 1))]
pub fn read_games(path: PathBuf, threads: i64) -> PyResult<GameReader> {
    let threads = usize::try_from(threads)
        .ok()
        .filter(|&t| (1..=1024).contains(&t))
        .ok_or_else(|| PyValueError::new_err(format!("threads={threads}: expected 1 to 1024")))?;
    let input = open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    let state = State {
        input,
        pending: Vec::new(),
        done: false,
        ready: VecDeque::new(),
    };
    let feed = if threads == 1 {
        Feed::Inline(state)
    } else {
        // Two batches ahead at most: the thread waits while Python is behind.
        let (sender, batches) = sync_channel(2);
        let at = path.clone();
        std::thread::Builder::new()
            .name("quadboard-pgn".into())
            .spawn(move || read_ahead(state, threads - 1, &at, &sender))
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        Feed::Ahead {
            batches,
            ready: VecDeque::new(),
        }
    };
    Ok(GameReader {
        feed: Mutex::new(Some(feed)),
        threads,
        path,
    })
}
