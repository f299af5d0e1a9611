//! The binary files of a work directory: shard files, results and checkpoints, and
//! writing any file atomically.
//!
//! Shard file: the magic `QBSHARD1`, the shard index (u64), then [`Record`]s of 32 bytes.
//! Its SHA-256 is in the manifest.
//!
//! Result and checkpoint files share one layout, little-endian, with the magic
//! `QBRESLT1` or `QBCHKPT1`:
//!
//! | bytes | content |
//! | --- | --- |
//! | 0..8 | magic |
//! | 8..40 | the manifest's SHA-256 (which split this belongs to) |
//! | 40..48 | shard index |
//! | 48..56 | table seed |
//! | 56..64 | records (n) |
//! | 64..72 | milliseconds spent counting, over all runs |
//! | 72..104 | the tool, `quadboard <version>`, UTF-8 padded with zero bytes |
//! | 104..104+8n | the count below each record, in shard order; [`PENDING`] (checkpoints only) when not counted yet |
//! | next 16 | the sum over counted records of multiplicity × count (u128) |
//! | last 32 | the SHA-256 of all bytes before it |

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::record::{Record, RECORD_BYTES};
use crate::sha256::{Digest, Sha256};
use crate::Error;

pub(crate) const SHARD_MAGIC: [u8; 8] = *b"QBSHARD1";
/// Bytes before the first record of a shard file.
pub(crate) const SHARD_HEADER: usize = 16;
const RESULT_MAGIC: [u8; 8] = *b"QBRESLT1";
const CHECKPOINT_MAGIC: [u8; 8] = *b"QBCHKPT1";
const COUNTS_HEADER: usize = 104;
const TOOL_BYTES: usize = 32;

/// The count of a record that a checkpoint has not counted yet.
pub const PENDING: u64 = u64::MAX;

/// Writes `path` whole or not at all: the bytes go to a temporary file in the same
/// directory, which is flushed to disk and renamed over `path`.
pub(crate) fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), Error> {
    let temp = temp_name(path);
    let result = (|| {
        let mut out = BufWriter::new(File::create(&temp)?);
        write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result.map_err(Error::io(path))
}

/// `<name>.tmp.<pid>.<nanoseconds>` beside `path`: unique across processes and hosts
/// that share the directory, and ignored by every reader.
pub(crate) fn temp_name(path: &Path) -> PathBuf {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs() << 30);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp.{}.{nanos:x}", std::process::id()));
    path.with_file_name(name)
}

/// Writes the header of a shard file and hashes everything written through it.
pub(crate) struct ShardWriter {
    out: BufWriter<File>,
    sha: Sha256,
    records: u64,
}

impl ShardWriter {
    pub(crate) fn create(path: &Path, index: u32) -> io::Result<ShardWriter> {
        let mut writer = ShardWriter {
            out: BufWriter::with_capacity(1 << 20, File::create(path)?),
            sha: Sha256::new(),
            records: 0,
        };
        writer.write(&SHARD_MAGIC)?;
        writer.write(&u64::from(index).to_le_bytes())?;
        Ok(writer)
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sha.update(bytes);
        self.out.write_all(bytes)
    }

    pub(crate) fn push(&mut self, record: &Record) -> io::Result<()> {
        self.records += 1;
        self.write(&record.to_bytes())
    }

    pub(crate) fn records(&self) -> u64 {
        self.records
    }

    /// Flushes to disk and returns the file's SHA-256.
    pub(crate) fn finish(self) -> io::Result<Digest> {
        let file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        Ok(self.sha.finish())
    }
}

/// Reads a shard file, checking its size, magic, index and SHA-256 against the manifest.
pub(crate) fn read_shard(
    path: &Path,
    index: u32,
    records: u64,
    sha256: Digest,
) -> Result<Vec<Record>, Error> {
    let file = File::open(path).map_err(Error::io(path))?;
    let len = file.metadata().map_err(Error::io(path))?.len();
    let expected = SHARD_HEADER as u64 + records * RECORD_BYTES as u64;
    if len != expected {
        return Err(Error::corrupt(
            path,
            format!("{len} bytes, expected {expected} for {records} records"),
        ));
    }
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut sha = Sha256::new();
    let mut header = [0u8; SHARD_HEADER];
    input.read_exact(&mut header).map_err(Error::io(path))?;
    sha.update(&header);
    let mut out = Vec::with_capacity(records as usize);
    let mut bytes = [0u8; RECORD_BYTES];
    for _ in 0..records {
        input.read_exact(&mut bytes).map_err(Error::io(path))?;
        sha.update(&bytes);
        out.push(Record::from_bytes(&bytes));
    }
    let digest = sha.finish();
    if digest != sha256 {
        return Err(Error::corrupt(
            path,
            format!("SHA-256 {digest}, the manifest says {sha256}"),
        ));
    }
    if header[..8] != SHARD_MAGIC || header[8..] != u64::from(index).to_le_bytes() {
        return Err(Error::corrupt(
            path,
            format!("not the file of shard {index}"),
        ));
    }
    Ok(out)
}

/// The counts of one shard with one table seed: a finished result, or a checkpoint of a
/// run under way. On disk: a 104-byte header (magic, manifest SHA-256, shard, seed, record
/// count, milliseconds, tool), the counts, the sum and a SHA-256 of it all, little-endian
/// (`docs/distributed.md` has the layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardCounts {
    /// A checkpoint (some counts may be [`PENDING`]) rather than a result.
    pub checkpoint: bool,
    /// The SHA-256 of the manifest of the split.
    pub manifest: Digest,
    /// The shard index.
    pub shard: u32,
    /// The table seed.
    pub seed: u64,
    /// Milliseconds spent counting, over all runs that contributed.
    pub elapsed_ms: u64,
    /// The program that counted, `quadboard <version>`.
    pub tool: String,
    /// The count below each record, in shard order.
    pub counts: Vec<u64>,
    /// The sum over counted records of multiplicity × count.
    pub sum: u128,
}

impl ShardCounts {
    /// Records counted so far.
    pub fn done(&self) -> u64 {
        self.counts.iter().filter(|&&c| c != PENDING).count() as u64
    }

    /// The file's bytes in the layout above, checksum included.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.counts.len();
        let mut out = Vec::with_capacity(COUNTS_HEADER + 8 * n + 48);
        out.extend_from_slice(if self.checkpoint {
            &CHECKPOINT_MAGIC
        } else {
            &RESULT_MAGIC
        });
        out.extend_from_slice(&self.manifest.0);
        out.extend_from_slice(&u64::from(self.shard).to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&(n as u64).to_le_bytes());
        out.extend_from_slice(&self.elapsed_ms.to_le_bytes());
        let mut tool = [0u8; TOOL_BYTES];
        let name = self.tool.as_bytes();
        let len = name.len().min(TOOL_BYTES);
        tool[..len].copy_from_slice(&name[..len]);
        out.extend_from_slice(&tool);
        for count in &self.counts {
            out.extend_from_slice(&count.to_le_bytes());
        }
        out.extend_from_slice(&self.sum.to_le_bytes());
        let digest = Sha256::digest(&out);
        out.extend_from_slice(&digest.0);
        out
    }

    /// Reads a result (`checkpoint` false) or checkpoint file, checking its size, magic
    /// and checksum; whether it belongs to a given split, shard and seed is for the
    /// caller to check.
    pub(crate) fn read(path: &Path, checkpoint: bool) -> Result<ShardCounts, Error> {
        let bytes = fs::read(path).map_err(Error::io(path))?;
        ShardCounts::from_bytes(&bytes, checkpoint).map_err(|reason| Error::corrupt(path, reason))
    }

    /// Reads a result (`checkpoint` false) or checkpoint from its bytes, checking size,
    /// magic and checksum.
    ///
    /// # Errors
    /// What is wrong with the bytes, in words.
    pub fn from_bytes(bytes: &[u8], checkpoint: bool) -> Result<ShardCounts, String> {
        let u64_at = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[i..i + 8]);
            u64::from_le_bytes(w)
        };
        if bytes.len() < COUNTS_HEADER + 48 {
            return Err(format!("{} bytes: too short", bytes.len()));
        }
        let magic = if checkpoint {
            CHECKPOINT_MAGIC
        } else {
            RESULT_MAGIC
        };
        if bytes[..8] != magic {
            let what = if checkpoint { "checkpoint" } else { "result" };
            return Err(format!("not a {what} file"));
        }
        let n = u64_at(56);
        let expected = (n as u128) * 8 + COUNTS_HEADER as u128 + 48;
        if bytes.len() as u128 != expected {
            return Err(format!(
                "{} bytes, expected {expected} for {n} records",
                bytes.len()
            ));
        }
        let (body, stated) = bytes.split_at(bytes.len() - 32);
        let digest = Sha256::digest(body);
        if digest.0 != stated {
            return Err("checksum mismatch".into());
        }
        let mut manifest = [0u8; 32];
        manifest.copy_from_slice(&bytes[8..40]);
        let shard = u32::try_from(u64_at(40)).map_err(|_| "shard index out of range")?;
        let tool = &bytes[72..72 + TOOL_BYTES];
        let tool_len = tool.iter().position(|&b| b == 0).unwrap_or(TOOL_BYTES);
        let tool = std::str::from_utf8(&tool[..tool_len])
            .map_err(|_| "tool name is not UTF-8")?
            .to_string();
        let counts: Vec<u64> = (0..n as usize)
            .map(|i| u64_at(COUNTS_HEADER + 8 * i))
            .collect();
        if !checkpoint && counts.contains(&PENDING) {
            return Err("a result with records not counted".into());
        }
        let mut sum = [0u8; 16];
        let at = COUNTS_HEADER + 8 * n as usize;
        sum.copy_from_slice(&bytes[at..at + 16]);
        Ok(ShardCounts {
            checkpoint,
            manifest: Digest(manifest),
            shard,
            seed: u64_at(48),
            elapsed_ms: u64_at(64),
            tool,
            counts,
            sum: u128::from_le_bytes(sum),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(checkpoint: bool) -> ShardCounts {
        ShardCounts {
            checkpoint,
            manifest: Sha256::digest(b"manifest"),
            shard: 7,
            seed: 0xdead_beef,
            elapsed_ms: 1234,
            tool: "quadboard 0.1.0".into(),
            counts: vec![5, if checkpoint { PENDING } else { 6 }, 1 << 40],
            sum: (1u128 << 100) + 3,
        }
    }

    #[test]
    fn counts_files_read_back() {
        for checkpoint in [false, true] {
            let counts = sample(checkpoint);
            let bytes = counts.to_bytes();
            assert_eq!(bytes.len(), 104 + 3 * 8 + 16 + 32);
            let magic: &[u8] = if checkpoint { b"QBCHKPT1" } else { b"QBRESLT1" };
            assert_eq!(&bytes[..8], magic);
            assert_eq!(&bytes[8..40], &counts.manifest.0);
            assert_eq!(&bytes[40..48], &7u64.to_le_bytes());
            assert_eq!(&bytes[48..56], &0xdead_beefu64.to_le_bytes());
            assert_eq!(&bytes[56..64], &3u64.to_le_bytes());
            assert_eq!(&bytes[64..72], &1234u64.to_le_bytes());
            assert_eq!(&bytes[72..87], b"quadboard 0.1.0");
            assert_eq!(&bytes[104..112], &5u64.to_le_bytes());
            assert_eq!(&bytes[120..128], &(1u64 << 40).to_le_bytes());
            assert_eq!(&bytes[128..144], &((1u128 << 100) + 3).to_le_bytes());
            assert_eq!(&bytes[144..], &Sha256::digest(&bytes[..144]).0);
            assert_eq!(
                ShardCounts::from_bytes(&bytes, checkpoint),
                Ok(counts.clone())
            );
            // A result is not a checkpoint and the other way round.
            assert!(ShardCounts::from_bytes(&bytes, !checkpoint).is_err());
            assert_eq!(counts.done(), if checkpoint { 2 } else { 3 });
        }
    }

    #[test]
    fn every_flipped_bit_is_caught() {
        let bytes = sample(false).to_bytes();
        for i in 0..bytes.len() {
            for bit in [0, 5] {
                let mut damaged = bytes.clone();
                damaged[i] ^= 1 << bit;
                assert!(
                    ShardCounts::from_bytes(&damaged, false).is_err(),
                    "byte {i}"
                );
            }
        }
        for len in 0..bytes.len() {
            assert!(ShardCounts::from_bytes(&bytes[..len], false).is_err());
        }
    }

    #[test]
    fn a_result_cannot_hold_pending_records() {
        let mut counts = sample(true);
        counts.checkpoint = false;
        let e = ShardCounts::from_bytes(&counts.to_bytes(), false).unwrap_err();
        assert!(e.contains("not counted"), "{e}");
    }
}
