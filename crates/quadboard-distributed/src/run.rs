//! Counting one shard: every record to the remaining depth, with checkpoints, threads and
//! a seeded transposition table.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use crate::files::{write_atomically, ShardCounts, PENDING};
use crate::record::Record;
use crate::workdir::WorkDir;
use crate::worker::{WorkerFile, HEARTBEAT_MAX};
use crate::{Error, TOOL};
use quadboard_chess::perft::{perft, perft_total, perft_with_table, PerftOptions, PerftTable};
use quadboard_chess::Position;

/// How [`run_shard`] counts.
#[derive(Clone, Copy)]
pub struct ShardOptions<'a> {
    /// Worker threads: records are shared out to them, or, when a shard has fewer records
    /// than threads, each record's subtree is.
    pub threads: usize,
    /// Transposition table size in MiB, shared by the threads; 0 for none.
    pub table_megabytes: usize,
    /// The table's hash seed ([`PerftTable::with_seed`]): results of different seeds come
    /// from different table layouts and are kept apart, for comparison.
    pub seed: u64,
    /// How often to write the checkpoint; the worker file's heartbeat is written as
    /// often, but at least every [`HEARTBEAT_MAX`](crate::HEARTBEAT_MAX) and at most
    /// every second.
    pub checkpoint_every: Duration,
    /// Called now and then with `(records done, records in the shard)`.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
    /// Set to stop early: the records done so far are saved in the checkpoint, and
    /// [`ShardOutcome::Stopped`] is returned.
    pub stop: Option<&'a AtomicBool>,
    /// Counts each record (position, remaining depth) in place of the CPU engine, from one
    /// worker: a GPU (`quadboard shard --gpu`). An error stops the shard with its text.
    pub count: Option<&'a RecordCounter<'a>>,
}

/// A counter of records in place of the CPU engine: perft of the position to the depth,
/// or the reason it cannot count.
pub type RecordCounter<'f> = dyn Fn(&Position, u32) -> Result<u64, String> + Sync + 'f;

impl Default for ShardOptions<'_> {
    /// One thread, no table, seed 0, a checkpoint every minute.
    fn default() -> Self {
        ShardOptions {
            threads: 1,
            table_megabytes: 0,
            seed: 0,
            checkpoint_every: Duration::from_secs(60),
            progress: None,
            stop: None,
            count: None,
        }
    }
}

impl core::fmt::Debug for ShardOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ShardOptions")
            .field("threads", &self.threads)
            .field("table_megabytes", &self.table_megabytes)
            .field("seed", &self.seed)
            .field("checkpoint_every", &self.checkpoint_every)
            .finish_non_exhaustive()
    }
}

/// What [`run_shard`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardOutcome {
    /// A valid result was there already; nothing was counted.
    AlreadyDone(ShardCounts),
    /// The shard was counted and its result written.
    Counted {
        /// The result.
        result: ShardCounts,
        /// Records whose counts came from a checkpoint of an earlier run.
        resumed: u64,
        /// Files that were found damaged or foreign and replaced, with the reason.
        replaced: Vec<String>,
    },
    /// Stopped on request before the end; the checkpoint holds the records done.
    Stopped {
        /// Records counted, in this run and earlier ones.
        done: u64,
        /// Records in the shard.
        total: u64,
    },
}

/// Counts shard `index` of `dir` to the remaining depth and writes its result, unless a
/// valid result for this seed exists (then it returns at once, so that a scheduler may
/// run a shard again freely). A checkpoint of an earlier run with this seed is resumed;
/// a checkpoint is written every [`ShardOptions::checkpoint_every`] while counting. While
/// it counts, the shard's worker file ([`WorkDir::worker_path`]) names this process and
/// carries a heartbeat, for [`status`](crate::status); it is removed when the run ends.
///
/// # Errors
/// [`Error::Invalid`] for an index out of range, [`Error::Corrupt`] for a damaged shard
/// file, [`Error::Io`] when a file cannot be read or written.
pub fn run_shard(dir: &WorkDir, index: u32, options: &ShardOptions) -> Result<ShardOutcome, Error> {
    dir.check_index(index)?;
    let seed = options.seed;
    let mut replaced = Vec::new();
    match dir.read_counts(index, seed, false) {
        Ok(Some(result)) => return Ok(ShardOutcome::AlreadyDone(result)),
        Ok(None) => {}
        Err(e @ Error::Io { .. }) => return Err(e),
        Err(e) => replaced.push(e.to_string()),
    }
    let records = dir.read_shard(index)?;
    let counts: Vec<AtomicU64> = records.iter().map(|_| AtomicU64::new(PENDING)).collect();
    let mut elapsed_before = 0;
    let mut resumed = 0;
    match dir.read_counts(index, seed, true) {
        Ok(Some(checkpoint)) => {
            for (slot, &count) in counts.iter().zip(&checkpoint.counts) {
                slot.store(count, Ordering::Relaxed);
            }
            elapsed_before = checkpoint.elapsed_ms;
            resumed = checkpoint.done();
        }
        Ok(None) => {}
        Err(e @ Error::Io { .. }) => return Err(e),
        Err(e) => replaced.push(e.to_string()),
    }

    // A table the process cannot get is refused before any file is written.
    let table = match options.table_megabytes {
        0 => None,
        megabytes => Some(
            PerftTable::try_with_seed(megabytes, seed)
                .map_err(|e| Error::Invalid(format!("--hash {megabytes}: {e}")))?,
        ),
    };
    // Before the first checkpoint, so that `status` never sees this run's checkpoint
    // without its worker; dropped (removed) on every way out of this function.
    let worker = WorkerFile::create(dir.worker_path(index, seed))?;
    let run = Run {
        dir,
        index,
        seed,
        records: &records,
        counts: &counts,
        started: Instant::now(),
        elapsed_before,
        worker: &worker,
    };
    let pending: Vec<usize> = (0..records.len())
        .filter(|&i| counts[i].load(Ordering::Relaxed) == PENDING)
        .collect();
    // A checkpoint at once tells `status` that the shard is running.
    run.save(true)?;
    run.count(&pending, table.as_ref(), options)?;

    let total = records.len() as u64;
    let done = counts
        .iter()
        .filter(|c| c.load(Ordering::Relaxed) != PENDING)
        .count() as u64;
    if done < total {
        run.save(true)?;
        return Ok(ShardOutcome::Stopped { done, total });
    }
    let result = run.save(false)?;
    let checkpoint = dir.checkpoint_path(index, seed);
    if let Err(e) = std::fs::remove_file(&checkpoint) {
        if e.kind() != std::io::ErrorKind::NotFound {
            return Err(Error::io(&checkpoint)(e));
        }
    }
    Ok(ShardOutcome::Counted {
        result,
        resumed,
        replaced,
    })
}

/// One run of one shard.
struct Run<'a> {
    dir: &'a WorkDir,
    index: u32,
    seed: u64,
    records: &'a [Record],
    counts: &'a [AtomicU64],
    started: Instant,
    elapsed_before: u64,
    worker: &'a WorkerFile,
}

impl Run<'_> {
    /// Writes the counts so far as a checkpoint, or as the result.
    fn save(&self, checkpoint: bool) -> Result<ShardCounts, Error> {
        let counts: Vec<u64> = self
            .counts
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect();
        let sum = self
            .records
            .iter()
            .zip(&counts)
            .filter(|(_, &c)| c != PENDING)
            .map(|(r, &c)| u128::from(r.multiplicity) * u128::from(c))
            .sum();
        let elapsed = self.started.elapsed().as_millis() as u64;
        let file = ShardCounts {
            checkpoint,
            manifest: self.dir.digest(),
            shard: self.index,
            seed: self.seed,
            elapsed_ms: self.elapsed_before + elapsed,
            tool: TOOL.to_string(),
            counts,
            sum,
        };
        let path = if checkpoint {
            self.dir.checkpoint_path(self.index, self.seed)
        } else {
            self.dir.result_path(self.index, self.seed)
        };
        let bytes = file.to_bytes();
        write_atomically(&path, |w| w.write_all(&bytes))?;
        Ok(file)
    }

    /// Counts the pending records on worker threads while this thread writes checkpoints
    /// and reports progress.
    fn count(
        &self,
        pending: &[usize],
        table: Option<&PerftTable>,
        options: &ShardOptions,
    ) -> Result<(), Error> {
        let depth = self.dir.manifest().remaining_depth();
        let mode = self.dir.root().castling_mode();
        let shard_path = self.dir.shard_path(self.index);
        let threads = options.threads.max(1);
        let next = AtomicUsize::new(0);
        let failed = AtomicBool::new(false);
        let error: Mutex<Option<Error>> = Mutex::new(None);
        let stopping = || {
            failed.load(Ordering::Relaxed)
                || options.stop.is_some_and(|s| s.load(Ordering::Relaxed))
        };
        let position = |r: usize| -> Result<Position, Error> {
            self.records[r]
                .position
                .unpack(mode)
                .map_err(|e| Error::corrupt(&shard_path, format!("record {r}: {e}")))
        };
        let fail = |e: Error| {
            failed.store(true, Ordering::Relaxed);
            let mut slot = error.lock().unwrap_or_else(|p| p.into_inner());
            slot.get_or_insert(e);
        };
        // Few records: each is counted by all threads together. A counter of its own (a
        // GPU) takes the records one after another.
        let whole_records = pending.len() < threads && options.count.is_none();
        let workers = if whole_records || options.count.is_some() {
            1
        } else {
            threads
        };
        let worker = || {
            while !stopping() {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&r) = pending.get(i) else { break };
                let pos = match position(r) {
                    Ok(pos) => pos,
                    Err(e) => return fail(e),
                };
                let nodes = if let Some(count) = options.count {
                    match count(&pos, depth) {
                        Ok(n) => n,
                        Err(e) => {
                            return fail(Error::Invalid(format!(
                                "record {r} of shard {}: {e}",
                                self.index
                            )))
                        }
                    }
                } else if whole_records {
                    let options = PerftOptions {
                        threads,
                        table,
                        ..PerftOptions::default()
                    };
                    match u64::try_from(perft_total(&pos, depth, &options)) {
                        Ok(n) => n,
                        Err(_) => {
                            return fail(Error::Invalid(format!(
                                "record {r} of shard {}: its count exceeds 2^64",
                                self.index
                            )))
                        }
                    }
                } else if let Some(table) = table {
                    perft_with_table(&pos, depth, table)
                } else {
                    perft(&pos, depth)
                };
                self.counts[r].store(nodes, Ordering::Relaxed);
            }
        };

        let total = self.records.len() as u64;
        let done_now = || {
            self.counts
                .iter()
                .filter(|c| c.load(Ordering::Relaxed) != PENDING)
                .count() as u64
        };
        std::thread::scope(|scope| -> Result<(), Error> {
            let (finished, wait) = mpsc::channel::<()>();
            for _ in 0..workers {
                let finished = finished.clone();
                let worker = &worker;
                scope.spawn(move || {
                    worker();
                    let _ = finished.send(());
                });
            }
            drop(finished);
            let mut last_save = Instant::now();
            let mut saved = total - pending.len() as u64;
            // The heartbeat goes on while one record takes hours and the checkpoint
            // has nothing new to save.
            let beat_every = options
                .checkpoint_every
                .clamp(Duration::from_secs(1), HEARTBEAT_MAX);
            let mut last_beat = Instant::now();
            // Wake often enough for progress and checkpoints, never in a busy loop.
            let tick = options
                .checkpoint_every
                .clamp(Duration::from_millis(20), Duration::from_millis(200));
            let mut running = workers;
            while running > 0 {
                match wait.recv_timeout(tick) {
                    Ok(()) => running -= 1,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                let done = done_now();
                if let Some(progress) = options.progress {
                    progress(done, total);
                }
                if done != saved && last_save.elapsed() >= options.checkpoint_every {
                    if let Err(e) = self.save(true) {
                        fail(e);
                    }
                    saved = done;
                    last_save = Instant::now();
                }
                if last_beat.elapsed() >= beat_every {
                    self.worker.beat();
                    last_beat = Instant::now();
                }
            }
            Ok(())
        })?;
        match error.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
