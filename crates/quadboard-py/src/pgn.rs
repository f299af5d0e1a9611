//! `quadboard.pgn.read_games`: games read from PGN files in chunks of whole games, parsed
//! by the library's `pgn` module into game trees ([`GameData`]) on worker threads without
//! the GIL.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use quadboard_chess::pgn::next_game_start;

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

/// The games of a PGN file, one by one, as [`GameData`] (`quadboard.pgn.read_games` makes
/// them `Game` trees).
#[pyclass(module = "quadboard.pgn")]
pub struct GameReader {
    state: Mutex<Option<State>>,
    threads: usize,
    path: PathBuf,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<GameData>> {
        // A game already read is handed out without letting the GIL go: the lock is
        // never held by a thread that waits for the GIL (refills run without it).
        if let Ok(mut guard) = self.state.lock() {
            if let Some(game) = guard.as_mut().and_then(|s| s.ready.pop_front()) {
                return Ok(Some(game));
            }
        }
        let threads = self.threads;
        let path = &self.path;
        let next = py.detach(|| {
            let mut guard = self
                .state
                .lock()
                .map_err(|_| "the reader failed before".to_owned())?;
            let Some(state) = guard.as_mut() else {
                return Ok(None);
            };
            let more = state
                .refill(threads)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let game = if more { state.ready.pop_front() } else { None };
            if game.is_none() {
                *guard = None;
            }
            Ok::<_, String>(game)
        });
        match next {
            Ok(game) => Ok(game),
            Err(e) => Err(PyOSError::new_err(e)),
        }
    }
}

/// Reads the games of a PGN file (plain, or `.gz`, `.zst`, `.bz2`), `threads` parsing at
/// once; `OSError` if the file cannot be read.
#[pyfunction]
#[pyo3(signature = (path, *, threads = 1))]
pub fn read_games(path: PathBuf, threads: i64) -> PyResult<GameReader> {
    let threads = usize::try_from(threads)
        .ok()
        .filter(|&t| (1..=1024).contains(&t))
        .ok_or_else(|| PyValueError::new_err(format!("threads={threads}: expected 1 to 1024")))?;
    let input = open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
    Ok(GameReader {
        state: Mutex::new(Some(State {
            input,
            pending: Vec::new(),
            done: false,
            ready: VecDeque::new(),
        })),
        threads,
        path,
    })
}
