//! A work directory opened for reading: its manifest checked, and the paths of its files.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::files::{self, ShardCounts};
use crate::manifest::Manifest;
use crate::record::{Record, RecordError};
use crate::sha256::Digest;
use crate::Error;
use quadboard_chess::{Color, Position};

/// A work directory whose manifest has been read and checked.
#[derive(Clone, Debug)]
pub struct WorkDir {
    path: PathBuf,
    manifest: Manifest,
    digest: Digest,
    root: Position,
}

/// The file names of a work directory.
pub(crate) const MANIFEST: &str = "manifest.txt";
pub(crate) const SHARDS: &str = "shards";
pub(crate) const RESULTS: &str = "results";

/// `shard-00042`: five digits at least, so that listings sort.
pub(crate) fn shard_stem(index: u32) -> String {
    format!("shard-{index:05}")
}

/// The shard index and seed of a result or checkpoint file name, and whether it is a
/// checkpoint; `None` for any other name (temporary files among them).
pub(crate) fn parse_counts_name(name: &str) -> Option<(u32, u64, bool)> {
    let (rest, checkpoint) = if let Some(rest) = name.strip_suffix(".result") {
        (rest, false)
    } else {
        (name.strip_suffix(".checkpoint")?, true)
    };
    let (shard_text, seed_text) = rest.strip_prefix("shard-")?.split_once(".seed-")?;
    let index: u32 = shard_text.parse().ok()?;
    let seed: u64 = seed_text.parse().ok()?;
    // Only the names this module writes: no signs, no stray zeros.
    (shard_text == format!("{index:05}") && seed_text == seed.to_string())
        .then_some((index, seed, checkpoint))
}

impl WorkDir {
    /// Opens a work directory and checks its manifest (its checksum and totals, and that
    /// its root FEN is a position).
    ///
    /// # Errors
    /// [`Error::Io`] when the manifest cannot be read, [`Error::Corrupt`] when it is
    /// damaged.
    pub fn open(path: impl AsRef<Path>) -> Result<WorkDir, Error> {
        let path = path.as_ref().to_path_buf();
        let file = path.join(MANIFEST);
        let text = fs::read_to_string(&file).map_err(Error::io(&file))?;
        let (manifest, digest) = Manifest::parse(&text).map_err(|e| Error::corrupt(&file, e))?;
        let root = Position::from_fen_lenient(&manifest.fen)
            .map_err(|e| Error::corrupt(&file, format!("root: {e}")))?;
        Ok(WorkDir {
            path,
            manifest,
            digest,
            root,
        })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The manifest.
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The manifest's SHA-256, which result files carry to name their split.
    pub fn digest(&self) -> Digest {
        self.digest
    }

    /// The root position.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// How many shards there are.
    pub fn shard_count(&self) -> u32 {
        self.manifest.shards.len() as u32
    }

    /// The shard file of `index`.
    pub fn shard_path(&self, index: u32) -> PathBuf {
        self.path
            .join(SHARDS)
            .join(format!("{}.bin", shard_stem(index)))
    }

    /// The result file of shard `index` counted with table seed `seed`.
    pub fn result_path(&self, index: u32, seed: u64) -> PathBuf {
        self.path
            .join(RESULTS)
            .join(format!("{}.seed-{seed}.result", shard_stem(index)))
    }

    /// The checkpoint of shard `index` with table seed `seed`, present while it runs.
    pub fn checkpoint_path(&self, index: u32, seed: u64) -> PathBuf {
        self.path
            .join(RESULTS)
            .join(format!("{}.seed-{seed}.checkpoint", shard_stem(index)))
    }

    /// The worker file of shard `index` with table seed `seed`: which process counts it,
    /// with a heartbeat ([`Worker`](crate::Worker)); present while it runs.
    pub fn worker_path(&self, index: u32, seed: u64) -> PathBuf {
        self.path
            .join(RESULTS)
            .join(format!("{}.seed-{seed}.worker", shard_stem(index)))
    }

    pub(crate) fn check_index(&self, index: u32) -> Result<(), Error> {
        let n = self.shard_count();
        if index >= n {
            return Err(Error::Invalid(format!(
                "shard index {index} is out of range: the split has {n} shards (0 to {})",
                n - 1
            )));
        }
        Ok(())
    }

    /// The records of shard `index`, checked against the manifest (size, SHA-256).
    ///
    /// # Errors
    /// [`Error::Invalid`] for an index out of range, [`Error::Io`] when the file cannot be
    /// read, [`Error::Corrupt`] when it does not match the manifest.
    pub fn read_shard(&self, index: u32) -> Result<Vec<Record>, Error> {
        self.check_index(index)?;
        let info = &self.manifest.shards[index as usize];
        files::read_shard(&self.shard_path(index), index, info.records, info.sha256)
    }

    /// The result (`checkpoint` false) or checkpoint of shard `index` with seed `seed`:
    /// `None` when the file does not exist.
    ///
    /// # Errors
    /// [`Error::Corrupt`] for a damaged file, [`Error::Mismatch`] for one that belongs to
    /// another split, shard or seed, or has the wrong number of records.
    pub fn read_counts(
        &self,
        index: u32,
        seed: u64,
        checkpoint: bool,
    ) -> Result<Option<ShardCounts>, Error> {
        self.check_index(index)?;
        let path = if checkpoint {
            self.checkpoint_path(index, seed)
        } else {
            self.result_path(index, seed)
        };
        if !path.exists() {
            return Ok(None);
        }
        let counts = ShardCounts::read(&path, checkpoint)?;
        let records = self.manifest.shards[index as usize].records;
        if counts.manifest != self.digest {
            return Err(Error::mismatch(
                &path,
                "belongs to another split (its manifest checksum differs)",
            ));
        }
        if counts.shard != index || counts.seed != seed {
            return Err(Error::mismatch(
                &path,
                format!(
                    "holds shard {} with seed {}, not shard {index} with seed {seed}",
                    counts.shard, counts.seed
                ),
            ));
        }
        if counts.counts.len() as u64 != records {
            return Err(Error::mismatch(
                &path,
                format!(
                    "{} records, the manifest says {records}",
                    counts.counts.len()
                ),
            ));
        }
        Ok(Some(counts))
    }

    /// The FEN of a record's position: halfmove clock 0 (the paths to a position need not
    /// agree on it) and the move number `split_depth` plies after the root's.
    ///
    /// # Errors
    /// [`RecordError`] when the record does not hold a position.
    pub fn fen_of(&self, record: &Record) -> Result<String, RecordError> {
        let mode = self.root.castling_mode();
        let mut setup = record.position.unpack(mode)?.to_setup();
        let plies = self.manifest.split_depth + u32::from(self.root.turn() == Color::Black);
        setup.fullmoves = self.root.fullmoves() + plies / 2;
        Ok(setup.to_fen(mode))
    }

    /// Writes every record as a text line `<FEN> <multiplicity>` (the exchange format of
    /// earlier record efforts; FEN as [`WorkDir::fen_of`]), in shard order, and returns
    /// how many.
    ///
    /// # Errors
    /// [`Error::Corrupt`] or [`Error::Io`] for a shard file that cannot be read, and
    /// [`Error::Io`] when `out` fails.
    pub fn write_text(&self, out: &mut dyn Write) -> Result<u64, Error> {
        let mut written = 0;
        for index in 0..self.shard_count() {
            let path = self.shard_path(index);
            for record in self.read_shard(index)? {
                let fen = self.fen_of(&record).map_err(|e| Error::corrupt(&path, e))?;
                writeln!(out, "{fen} {}", record.multiplicity).map_err(Error::io("text output"))?;
                written += 1;
            }
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_written_are_read() {
        assert_eq!(
            parse_counts_name("shard-00042.seed-0.result"),
            Some((42, 0, false))
        );
        assert_eq!(
            parse_counts_name("shard-123456.seed-18446744073709551615.checkpoint"),
            Some((123_456, u64::MAX, true))
        );
        for name in [
            "shard-00042.seed-0.result.tmp.12.ab",
            "shard-42.seed-0.result",
            "shard-00042.seed-00.result",
            "shard-00042.seed-+1.result",
            "shard-+0042.seed-1.result",
            "shard-00042.result",
            "manifest.txt",
        ] {
            assert_eq!(parse_counts_name(name), None, "{name}");
        }
    }
}
