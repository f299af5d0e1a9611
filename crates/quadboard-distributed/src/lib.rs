//! quadboard-distributed: deep perft split into work units that batch schedulers run:
//! Slurm job arrays, Kubernetes Indexed Jobs, AWS Batch array jobs, GNU parallel.
//!
//! It is built on the public API of `quadboard-chess` (positions, perft, the seeded
//! perft table) and the standard library alone; the `quadboard` CLI's `split`, `shard`,
//! `merge` and `status` commands are thin layers over it.
//!
//! [`split()`] enumerates the unique positions some plies below a root with their
//! multiplicities (how many move paths reach each) and writes a *work directory*: a
//! [`Manifest`] and shard files of [`Record`]s. [`run_shard`] counts one shard to the
//! remaining depth and writes its result atomically, resuming from a checkpoint when a
//! previous run was killed. [`merge`] checks every file and adds the shards up, comparing
//! runs made with different table seeds record by record; [`status`] tells what is done.
//!
//! ```text
//! DIR/manifest.txt                           the split (text, ends with its own SHA-256)
//! DIR/shards/shard-00042.bin                 the records of shard 42
//! DIR/results/shard-00042.seed-0.result      its per-record counts with table seed 0
//! DIR/results/shard-00042.seed-0.checkpoint  while shard 42 runs: the records done so far
//! DIR/results/shard-00042.seed-0.worker      while shard 42 runs: its process, a heartbeat
//! ```
//!
//! Every file is written under a temporary name and renamed into place, so that a reader
//! sees a whole file or none, and carries a SHA-256 (in the manifest for shard files, in
//! the file itself otherwise). `docs/distributed.md` documents the formats byte by byte.
//!
//! ```
//! use quadboard_distributed::{merge, run_shard, split, ShardOptions, SplitOptions, WorkDir};
//! use quadboard_chess::Position;
//! let dir = std::env::temp_dir().join(format!("quadboard-doc-{}", std::process::id()));
//! # let _ = std::fs::remove_dir_all(&dir);
//! let options = SplitOptions { depth: 4, split_depth: 2, shards: 3, ..SplitOptions::default() };
//! let manifest = split(&Position::new(), &options, &dir)?;
//! assert_eq!((manifest.positions, manifest.paths), (400, 400));
//! let work = WorkDir::open(&dir)?;
//! for index in [2, 0, 1] {
//!     run_shard(&work, index, &ShardOptions::default())?;
//! }
//! assert_eq!(merge(&work, None)?.total, Some(197_281));
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok::<(), quadboard_distributed::Error>(())
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod files;
mod manifest;
mod merge;
mod record;
mod run;
mod sha256;
mod split;
mod workdir;
mod worker;

#[cfg(test)]
mod tests;

pub use files::{ShardCounts, PENDING};
pub use manifest::{Manifest, ManifestError, ShardInfo};
pub use merge::{merge, status, Difference, MergeReport, SeedReport, ShardState, Status};
pub use record::{
    legal_ep_square, PackedPosition, Record, RecordError, PACKED_BYTES, RECORD_BYTES,
};
pub use run::{run_shard, RecordCounter, ShardOptions, ShardOutcome};
pub use sha256::{Digest, ParseDigestError, Sha256};
pub use split::{split, unique_positions, SplitOptions, SplitProgress};
pub use workdir::WorkDir;
pub use worker::{Worker, HEARTBEAT_MAX, STALE_AFTER};

use std::fmt;
use std::io;
use std::path::PathBuf;

/// The name and version written into every file: `quadboard <version>`.
pub const TOOL: &str = concat!("quadboard ", env!("CARGO_PKG_VERSION"));

/// What can go wrong with a work directory.
#[derive(Debug)]
pub enum Error {
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A file is damaged: wrong size, magic bytes or checksum, or a record that cannot be
    /// read.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A file is intact but belongs elsewhere: another split, shard or seed.
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What does not match.
        reason: String,
    },
    /// A request that cannot be carried out: split parameters, a shard index out of range.
    Invalid(String),
}

impl Error {
    pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(io::Error) -> Error {
        let path = path.into();
        move |source| Error::Io { path, source }
    }

    pub(crate) fn corrupt(path: impl Into<PathBuf>, reason: impl fmt::Display) -> Error {
        Error::Corrupt {
            path: path.into(),
            reason: reason.to_string(),
        }
    }

    pub(crate) fn mismatch(path: impl Into<PathBuf>, reason: impl fmt::Display) -> Error {
        Error::Mismatch {
            path: path.into(),
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Corrupt { path, reason } => write!(f, "{}: corrupt: {reason}", path.display()),
            Error::Mismatch { path, reason } => write!(f, "{}: {reason}", path.display()),
            Error::Invalid(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
