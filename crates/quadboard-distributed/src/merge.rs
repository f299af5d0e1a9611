//! What is done in a work directory, and the checked sum of all shards.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::time::SystemTime;

use crate::files::ShardCounts;
use crate::workdir::{self, WorkDir};
use crate::worker::Worker;
use crate::Error;

/// Where one shard stands for one seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardState {
    /// Its result is written.
    Done {
        /// The shard's sum: multiplicity × count over its records.
        nodes: u128,
        /// Milliseconds spent counting it.
        elapsed_ms: u64,
    },
    /// A checkpoint exists and its worker is known to be alive (see [`Worker::is_alive`]).
    Running {
        /// Records counted so far.
        done: u64,
        /// Records in the shard.
        total: u64,
        /// The sum over the records counted so far.
        nodes: u128,
    },
    /// A checkpoint exists but no worker is known to be alive: no worker file, one that
    /// names an ended process on this machine, or one whose heartbeat is older than
    /// [`STALE_AFTER`](crate::STALE_AFTER). The worker was killed or stopped (or cannot be
    /// heard from), and the shard waits to be run again.
    Stale {
        /// Records counted so far.
        done: u64,
        /// Records in the shard.
        total: u64,
        /// The sum over the records counted so far.
        nodes: u128,
    },
    /// Neither result nor checkpoint.
    Missing,
}

/// The shards of one table seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedReport {
    /// The seed.
    pub seed: u64,
    /// The state of each shard, by index.
    pub shards: Vec<ShardState>,
}

impl SeedReport {
    fn indexes(&self, keep: impl Fn(&ShardState) -> bool) -> Vec<u32> {
        (0..self.shards.len() as u32)
            .filter(|&i| keep(&self.shards[i as usize]))
            .collect()
    }

    /// The shards with a result.
    pub fn done(&self) -> Vec<u32> {
        self.indexes(|s| matches!(s, ShardState::Done { .. }))
    }

    /// The shards with a checkpoint and no result whose worker is alive.
    pub fn running(&self) -> Vec<u32> {
        self.indexes(|s| matches!(s, ShardState::Running { .. }))
    }

    /// The shards with a checkpoint and no result whose worker is not known to be alive.
    pub fn stale(&self) -> Vec<u32> {
        self.indexes(|s| matches!(s, ShardState::Stale { .. }))
    }

    /// The shards with neither.
    pub fn missing(&self) -> Vec<u32> {
        self.indexes(|s| matches!(s, ShardState::Missing))
    }

    /// Nodes counted so far: finished shards and the checkpointed part of running and
    /// stale ones.
    pub fn nodes(&self) -> u128 {
        self.shards
            .iter()
            .map(|s| match *s {
                ShardState::Done { nodes, .. }
                | ShardState::Running { nodes, .. }
                | ShardState::Stale { nodes, .. } => nodes,
                ShardState::Missing => 0,
            })
            .sum()
    }

    /// Milliseconds spent on the finished shards.
    pub fn elapsed_ms(&self) -> u64 {
        self.shards
            .iter()
            .map(|s| match *s {
                ShardState::Done { elapsed_ms, .. } => elapsed_ms,
                _ => 0,
            })
            .sum()
    }

    /// Whether every shard is done.
    pub fn is_complete(&self) -> bool {
        self.shards
            .iter()
            .all(|s| matches!(s, ShardState::Done { .. }))
    }
}

/// What [`status`] found: a report for every seed with a result or checkpoint (seed 0
/// alone when there is none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// By seed, ascending.
    pub seeds: Vec<SeedReport>,
}

/// Every result and checkpoint in the directory, read and checked: by seed, then shard.
type Found = BTreeMap<u64, BTreeMap<u32, ShardCounts>>;

fn scan(dir: &WorkDir) -> Result<(Found, Found), Error> {
    let results_dir = dir.path().join(workdir::RESULTS);
    let mut results = Found::new();
    let mut checkpoints = Found::new();
    let entries = match fs::read_dir(&results_dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((results, checkpoints)),
        Err(e) => return Err(Error::io(&results_dir)(e)),
    };
    for entry in entries {
        let entry = entry.map_err(Error::io(&results_dir))?;
        let name = entry.file_name();
        let Some((index, seed, checkpoint)) = name.to_str().and_then(workdir::parse_counts_name)
        else {
            continue;
        };
        if index >= dir.shard_count() {
            return Err(Error::mismatch(
                entry.path(),
                format!(
                    "shard index {index} is out of range: the split has {} shards",
                    dir.shard_count()
                ),
            ));
        }
        let found = if checkpoint {
            &mut checkpoints
        } else {
            &mut results
        };
        // A checkpoint may be replaced by its result between listing and reading.
        if let Some(counts) = dir.read_counts(index, seed, checkpoint)? {
            found.entry(seed).or_default().insert(index, counts);
        }
    }
    Ok((results, checkpoints))
}

fn report(dir: &WorkDir, seed: u64, results: &Found, checkpoints: &Found) -> SeedReport {
    let here = Worker::this_process();
    let now = SystemTime::now();
    let shards = (0..dir.shard_count())
        .map(|i| {
            if let Some(r) = results.get(&seed).and_then(|s| s.get(&i)) {
                ShardState::Done {
                    nodes: r.sum,
                    elapsed_ms: r.elapsed_ms,
                }
            } else if let Some(c) = checkpoints.get(&seed).and_then(|s| s.get(&i)) {
                let (done, total, nodes) = (c.done(), c.counts.len() as u64, c.sum);
                // A checkpoint alone says only that a run began: a killed worker leaves
                // it behind. Its worker file tells whether the run goes on.
                let alive = Worker::read(&dir.worker_path(i, seed))
                    .is_some_and(|worker| worker.is_alive(&here, now));
                if alive {
                    ShardState::Running { done, total, nodes }
                } else {
                    ShardState::Stale { done, total, nodes }
                }
            } else {
                ShardState::Missing
            }
        })
        .collect();
    SeedReport { seed, shards }
}

/// The state of every shard for every seed found, from the result and checkpoint files
/// (each checked against its checksum, split, shard and seed) and the worker files of
/// checkpointed shards; shard files are not read.
///
/// # Errors
/// [`Error::Corrupt`] or [`Error::Mismatch`] for a damaged or foreign result or
/// checkpoint, [`Error::Io`] when the directory cannot be read.
pub fn status(dir: &WorkDir) -> Result<Status, Error> {
    let (results, checkpoints) = scan(dir)?;
    let mut seeds: BTreeSet<u64> = results.keys().chain(checkpoints.keys()).copied().collect();
    if seeds.is_empty() {
        seeds.insert(0);
    }
    Ok(Status {
        seeds: seeds
            .into_iter()
            .map(|seed| report(dir, seed, &results, &checkpoints))
            .collect(),
    })
}

/// A record whose counts differ between seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The shard.
    pub shard: u32,
    /// The record's place in the shard.
    pub record: u64,
    /// Its position, as [`WorkDir::fen_of`] writes it.
    pub fen: String,
    /// The count of each seed that has a result for the shard, by seed.
    pub counts: Vec<(u64, u64)>,
}

/// What [`merge`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeReport {
    /// The seeds merged, ascending.
    pub seeds: Vec<SeedReport>,
    /// Records whose counts were compared between two or more seeds.
    pub compared: u64,
    /// Records whose counts differ between seeds (all of them).
    pub different: u64,
    /// The first differences, in shard and record order (at most [`MergeReport::LISTED`]).
    pub differences: Vec<Difference>,
    /// The perft of the root: present when every seed merged has every shard and the
    /// seeds agree on every record.
    pub total: Option<u128>,
}

impl MergeReport {
    /// How many differences are listed at most.
    pub const LISTED: usize = 20;
}

/// Checks everything and adds the shards up: the manifest, every shard file (size,
/// SHA-256, the manifest's paths), every result and checkpoint (checksum, split, shard,
/// seed, record count, sum); where two or more seeds have a result for a shard, their
/// counts are compared record by record. `seeds` limits the merge to those seeds; by
/// default (`None` or empty) every seed with a result or checkpoint takes part (seed 0 when there is none).
///
/// # Errors
/// [`Error::Corrupt`] or [`Error::Mismatch`] for a damaged or foreign file,
/// [`Error::Io`] when one cannot be read. Missing shards and differences are not
/// errors: they are in the report, and [`MergeReport::total`] is then `None`.
pub fn merge(dir: &WorkDir, seeds: Option<&[u64]>) -> Result<MergeReport, Error> {
    let (results, checkpoints) = scan(dir)?;
    let seeds: Vec<u64> = match seeds {
        Some(seeds) if !seeds.is_empty() => seeds
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect(),
        _ => {
            let found: BTreeSet<u64> = results.keys().chain(checkpoints.keys()).copied().collect();
            if found.is_empty() {
                vec![0]
            } else {
                found.into_iter().collect()
            }
        }
    };
    let mut compared = 0;
    let mut different = 0;
    let mut differences = Vec::new();
    for index in 0..dir.shard_count() {
        let here: Vec<(u64, &ShardCounts)> = seeds
            .iter()
            .filter_map(|&seed| Some((seed, results.get(&seed)?.get(&index)?)))
            .collect();
        if here.is_empty() {
            continue;
        }
        let records = dir.read_shard(index)?;
        let shard_path = dir.shard_path(index);
        let info = &dir.manifest().shards[index as usize];
        let paths: u128 = records.iter().map(|r| u128::from(r.multiplicity)).sum();
        if paths != info.paths {
            return Err(Error::corrupt(
                &shard_path,
                format!(
                    "multiplicities add up to {paths}, the manifest says {}",
                    info.paths
                ),
            ));
        }
        for &(seed, result) in &here {
            let sum: u128 = records
                .iter()
                .zip(&result.counts)
                .map(|(r, &c)| u128::from(r.multiplicity) * u128::from(c))
                .sum();
            if sum != result.sum {
                return Err(Error::corrupt(
                    dir.result_path(index, seed),
                    format!("its counts add up to {sum}, it says {}", result.sum),
                ));
            }
        }
        if here.len() < 2 {
            continue;
        }
        compared += records.len() as u64;
        for (r, record) in records.iter().enumerate() {
            let first = here[0].1.counts[r];
            if here.iter().all(|(_, result)| result.counts[r] == first) {
                continue;
            }
            different += 1;
            if differences.len() < MergeReport::LISTED {
                differences.push(Difference {
                    shard: index,
                    record: r as u64,
                    fen: dir
                        .fen_of(record)
                        .map_err(|e| Error::corrupt(&shard_path, e))?,
                    counts: here
                        .iter()
                        .map(|&(seed, res)| (seed, res.counts[r]))
                        .collect(),
                });
            }
        }
    }
    let seeds: Vec<SeedReport> = seeds
        .iter()
        .map(|&seed| report(dir, seed, &results, &checkpoints))
        .collect();
    let total =
        (different == 0 && seeds.iter().all(SeedReport::is_complete)).then(|| seeds[0].nodes());
    Ok(MergeReport {
        seeds,
        compared,
        different,
        differences,
        total,
    })
}
