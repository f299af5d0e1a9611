//! Enumerating the unique positions some plies below a root, with bounded memory, and
//! writing them to a work directory as balanced shards.
//!
//! Positions are found ply by ply: each unique position of one ply is expanded, and its
//! children are deduplicated (multiplicities added) into the next ply. Deduplication
//! sorts a buffer of fixed size by a hash of the packed position; when the buffer stays
//! full after merging equal entries, it is spilled to 64 bucket files by the hash's
//! leading bits, and each bucket is merged the same way afterwards (split again by the
//! next bits when it is still too large). The output is in hash order whatever the
//! memory, so a split is the same on every machine.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::files::{write_atomically, ShardWriter};
use crate::manifest::{Manifest, ShardInfo};
use crate::record::{PackedPosition, Record, RECORD_BYTES};
use crate::workdir;
use crate::{Error, TOOL};
use quadboard_chess::{CastlingMode, Position};

/// How [`split`] runs.
#[derive(Clone, Copy)]
pub struct SplitOptions<'a> {
    /// The perft depth from the root.
    pub depth: u32,
    /// The plies from the root to the records (K): the shards hold the unique positions
    /// there.
    pub split_depth: u32,
    /// How many shard files to write (N); at most the number of unique positions.
    pub shards: u32,
    /// Bytes of memory for deduplication (approximate: 40 bytes a position); more
    /// positions spill to temporary files.
    pub memory: usize,
    /// Where temporary files go (a new subdirectory, removed at the end); by default the
    /// output directory.
    pub temp_dir: Option<&'a Path>,
    /// Called now and then with what is being done.
    pub progress: Option<&'a dyn Fn(SplitProgress)>,
}

impl Default for SplitOptions<'_> {
    /// Depth 1 split at 0 into one shard, 1 GiB of memory.
    fn default() -> Self {
        SplitOptions {
            depth: 1,
            split_depth: 0,
            shards: 1,
            memory: 1 << 30,
            temp_dir: None,
            progress: None,
        }
    }
}

impl core::fmt::Debug for SplitOptions<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SplitOptions")
            .field("depth", &self.depth)
            .field("split_depth", &self.split_depth)
            .field("shards", &self.shards)
            .field("memory", &self.memory)
            .field("temp_dir", &self.temp_dir)
            .finish_non_exhaustive()
    }
}

/// What [`split`] is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitProgress {
    /// Expanding the unique positions of ply `ply - 1` into ply `ply`: `done` of `total`.
    Expanding {
        /// The ply being found.
        ply: u32,
        /// Parents expanded.
        done: u64,
        /// Parents in all.
        total: u64,
    },
    /// Writing the shard files: `done` of `total` records.
    Writing {
        /// Records written.
        done: u64,
        /// Records in all.
        total: u64,
    },
}

/// Bits of the hash that pick one of the 64 buckets at each level of spilling.
const BUCKET_BITS: u32 = 6;
/// How often progress is reported, in parents or records.
const PROGRESS_EVERY: u64 = 1 << 14;

/// A packed position with its multiplicity and the hash that orders it.
#[derive(Clone, Copy)]
struct Entry {
    order: u64,
    key: [u64; 3],
    multiplicity: u64,
}

/// The order of positions in every stream and shard: a fixed hash of the packed form, so
/// that neighbours in a shard are unrelated and shards get even work.
fn order_of(key: &[u64; 3]) -> u64 {
    let mut h = 0x6a09_e667_f3bc_c908u64;
    for &w in key {
        h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 31;
    }
    h.wrapping_mul(0x94d0_49bb_1331_11eb) ^ (h >> 29)
}

/// Deduplicates a stream of positions in bounded memory (see the module documentation)
/// and hands them on in `(order, key)` order.
struct Dedup<'a> {
    entries: Vec<Entry>,
    capacity: usize,
    dir: &'a Path,
    /// Leading bits of `order` that every entry here shares.
    shift: u32,
    buckets: Vec<BufWriter<File>>,
}

impl<'a> Dedup<'a> {
    fn new(capacity: usize, dir: &'a Path, shift: u32) -> Dedup<'a> {
        Dedup {
            entries: Vec::with_capacity(capacity),
            capacity,
            dir,
            shift,
            buckets: Vec::new(),
        }
    }

    fn bucket_path(&self, bucket: usize) -> PathBuf {
        self.dir.join(format!("bucket-{}-{bucket}.bin", self.shift))
    }

    fn push(&mut self, key: [u64; 3], multiplicity: u64) -> Result<(), Error> {
        if self.entries.len() >= self.capacity {
            self.combine()?;
            // Mostly distinct positions: make room by spilling them all.
            if self.entries.len() > self.capacity / 2 {
                self.spill()?;
            }
        }
        self.entries.push(Entry {
            order: order_of(&key),
            key,
            multiplicity,
        });
        Ok(())
    }

    /// Sorts the buffer and adds up the multiplicities of equal positions.
    fn combine(&mut self) -> Result<(), Error> {
        self.entries.sort_unstable_by_key(|e| (e.order, e.key));
        let mut kept = 0;
        for i in 0..self.entries.len() {
            let entry = self.entries[i];
            if kept > 0 && self.entries[kept - 1].key == entry.key {
                let sum = &mut self.entries[kept - 1].multiplicity;
                *sum = sum
                    .checked_add(entry.multiplicity)
                    .ok_or_else(|| Error::Invalid("a multiplicity exceeds 2^64".into()))?;
            } else {
                self.entries[kept] = entry;
                kept += 1;
            }
        }
        self.entries.truncate(kept);
        Ok(())
    }

    fn spill(&mut self) -> Result<(), Error> {
        if self.shift + BUCKET_BITS > 64 {
            return Err(Error::Invalid(
                "deduplication cannot split its buckets further: give it more memory".into(),
            ));
        }
        if self.buckets.is_empty() {
            for bucket in 0..1 << BUCKET_BITS {
                let path = self.bucket_path(bucket);
                let file = File::create(&path).map_err(Error::io(&path))?;
                self.buckets.push(BufWriter::with_capacity(1 << 18, file));
            }
        }
        for entry in self.entries.drain(..) {
            let bucket = ((entry.order << self.shift) >> (64 - BUCKET_BITS)) as usize;
            let record = Record {
                position: PackedPosition::from_words(entry.key),
                multiplicity: entry.multiplicity,
            };
            self.buckets[bucket]
                .write_all(&record.to_bytes())
                .map_err(Error::io(self.dir))?;
        }
        Ok(())
    }

    /// Hands every unique position on, in order, and removes the bucket files.
    fn finish(mut self, sink: &mut dyn FnMut(Record) -> Result<(), Error>) -> Result<(), Error> {
        self.combine()?;
        if self.buckets.is_empty() {
            for entry in &self.entries {
                sink(Record {
                    position: PackedPosition::from_words(entry.key),
                    multiplicity: entry.multiplicity,
                })?;
            }
            return Ok(());
        }
        self.spill()?;
        self.entries = Vec::new();
        for (bucket, writer) in core::mem::take(&mut self.buckets).into_iter().enumerate() {
            let path = self.bucket_path(bucket);
            writer
                .into_inner()
                .map_err(|e| e.into_error())
                .map_err(Error::io(&path))?;
            let mut inner = Dedup::new(self.capacity, self.dir, self.shift + BUCKET_BITS);
            for_each_record(&path, |record| {
                inner.push(record.position.words(), record.multiplicity)
            })?;
            fs::remove_file(&path).map_err(Error::io(&path))?;
            inner.finish(sink)?;
        }
        Ok(())
    }
}

/// Calls `f` with each record of a file of bare records.
fn for_each_record(
    path: &Path,
    mut f: impl FnMut(Record) -> Result<(), Error>,
) -> Result<(), Error> {
    let file = File::open(path).map_err(Error::io(path))?;
    let mut input = BufReader::with_capacity(1 << 20, file);
    let mut bytes = [0u8; RECORD_BYTES];
    loop {
        match input.read_exact(&mut bytes) {
            Ok(()) => f(Record::from_bytes(&bytes))?,
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(()),
            Err(e) => return Err(Error::io(path)(e)),
        }
    }
}

/// Streams the unique positions `plies` below `root` with their multiplicities to `sink`,
/// in a fixed order (by a hash of the packed position), using about `memory` bytes and
/// temporary files in `temp_dir`. Returns how many there are and the sum of their
/// multiplicities, perft(`plies`).
///
/// # Errors
/// [`Error::Io`] when a temporary file fails, [`Error::Invalid`] for a root with more than
/// 32 pieces, and whatever `sink` returns.
pub fn unique_positions(
    root: &Position,
    plies: u32,
    memory: usize,
    temp_dir: &Path,
    progress: Option<&dyn Fn(SplitProgress)>,
    sink: &mut dyn FnMut(Record) -> Result<(), Error>,
) -> Result<(u64, u128), Error> {
    let invalid = |e: crate::RecordError| Error::Invalid(format!("root: {e}"));
    let mode = root.castling_mode();
    let capacity = (memory / core::mem::size_of::<Entry>()).max(1024);
    let mut found = (0u64, 0u128);
    let mut count = |record: Record, sink: &mut dyn FnMut(Record) -> Result<(), Error>| {
        found.0 += 1;
        found.1 += u128::from(record.multiplicity);
        sink(record)
    };
    if plies == 0 {
        let position = PackedPosition::new(root).map_err(invalid)?;
        count(
            Record {
                position,
                multiplicity: 1,
            },
            sink,
        )?;
        return Ok(found);
    }
    PackedPosition::new(root).map_err(invalid)?;
    // The previous ply: the root in memory, then a file of records.
    let mut parents: (Option<PathBuf>, u64) = (None, 1);
    for ply in 1..=plies {
        let mut dedup = Dedup::new(capacity, temp_dir, 0);
        let mut done = 0u64;
        let mut expand = |pos: &Position, multiplicity: u64| -> Result<(), Error> {
            for &m in pos.legal_moves().iter() {
                let mut child = *pos;
                child.play_unchecked(m);
                let key = PackedPosition::new(&child).map_err(invalid)?;
                dedup.push(key.words(), multiplicity)?;
            }
            done += 1;
            if let Some(progress) = progress {
                if done.is_multiple_of(PROGRESS_EVERY) || done == parents.1 {
                    progress(SplitProgress::Expanding {
                        ply,
                        done,
                        total: parents.1,
                    });
                }
            }
            Ok(())
        };
        match &parents.0 {
            None => expand(root, 1)?,
            Some(path) => {
                for_each_record(path, |record| {
                    let pos = record.position.unpack(mode).map_err(|e| {
                        Error::corrupt(path, format!("a position of ply {}: {e}", ply - 1))
                    })?;
                    expand(&pos, record.multiplicity)
                })?;
                fs::remove_file(path).map_err(Error::io(path))?;
            }
        }
        if ply == plies {
            dedup.finish(&mut |record| count(record, sink))?;
        } else {
            let path = temp_dir.join(format!("ply-{ply}.bin"));
            let file = File::create(&path).map_err(Error::io(&path))?;
            let mut out = BufWriter::with_capacity(1 << 20, file);
            let mut written = 0u64;
            dedup.finish(&mut |record| {
                written += 1;
                out.write_all(&record.to_bytes()).map_err(Error::io(&path))
            })?;
            out.flush().map_err(Error::io(&path))?;
            parents = (Some(path), written);
        }
    }
    Ok(found)
}

/// Writes a work directory to `out` (which must not exist or be empty): the unique
/// positions `split_depth` plies below `root` in `shards` files of about equal expected
/// work, and the manifest. Returns the manifest.
///
/// Expected work is the number of legal moves of each record (1 for a record with none,
/// or when nothing remains to count): shards are consecutive runs of records in hash
/// order whose work adds up to about the total divided by the shard count.
///
/// The parameters, the root and `out` are checked before anything is written, and a split
/// that fails later (more shards than unique positions, a write error) removes what it
/// created, so that the same command can be run again.
///
/// # Errors
/// [`Error::Invalid`] for impossible parameters (split depth above the depth, no shards,
/// more shards than unique positions, a root with more than 32 pieces, an output path
/// that is not a directory or a directory in use), [`Error::Io`] when writing fails.
pub fn split(root: &Position, options: &SplitOptions, out: &Path) -> Result<Manifest, Error> {
    let SplitOptions {
        depth,
        split_depth,
        shards,
        ..
    } = *options;
    if split_depth > depth {
        return Err(Error::Invalid(format!(
            "the split depth {split_depth} exceeds the depth {depth}"
        )));
    }
    if shards == 0 {
        return Err(Error::Invalid("a split needs at least one shard".into()));
    }
    PackedPosition::new(root).map_err(|e| Error::Invalid(format!("root: {e}")))?;
    check_empty_dir(out)?;
    if let Some(temp) = options.temp_dir {
        if temp.exists() && !temp.is_dir() {
            return Err(Error::Invalid(format!(
                "{} exists and is not a directory",
                temp.display()
            )));
        }
    }
    // What to remove if the split fails: `out` with every parent it needed, or, when `out`
    // was there (empty), what the split put in it.
    let created = out
        .ancestors()
        .take_while(|dir| !dir.as_os_str().is_empty() && !dir.exists())
        .last()
        .map(Path::to_path_buf);
    let temp = options
        .temp_dir
        .unwrap_or(out)
        .join(format!("split-tmp-{}", std::process::id()));
    let result = (|| {
        fs::create_dir_all(out).map_err(Error::io(out))?;
        fs::create_dir_all(&temp).map_err(Error::io(&temp))?;
        write_split(root, options, out, &temp)
    })();
    let _ = fs::remove_dir_all(&temp);
    if result.is_err() {
        // Best effort: the error being reported matters more than a failed removal.
        match created {
            Some(dir) => {
                let _ = fs::remove_dir_all(dir);
            }
            None => {
                for name in [workdir::SHARDS, workdir::RESULTS] {
                    let _ = fs::remove_dir_all(out.join(name));
                }
                let _ = fs::remove_file(out.join(workdir::MANIFEST));
            }
        }
    }
    result
}

/// Refuses an output path that is a file, or a directory with anything in it.
fn check_empty_dir(out: &Path) -> Result<(), Error> {
    match fs::metadata(out) {
        Ok(meta) if !meta.is_dir() => Err(Error::Invalid(format!(
            "{} exists and is not a directory",
            out.display()
        ))),
        Ok(_) => {
            let mut entries = fs::read_dir(out).map_err(Error::io(out))?;
            if entries.next().is_some() {
                return Err(Error::Invalid(format!(
                    "{} exists and is not empty",
                    out.display()
                )));
            }
            Ok(())
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(out)(e)),
    }
}

fn write_split(
    root: &Position,
    options: &SplitOptions,
    out: &Path,
    temp: &Path,
) -> Result<Manifest, Error> {
    let remaining = options.depth - options.split_depth;
    let mode = root.castling_mode();

    // The unique positions with their expected work, in their final order.
    let unique = temp.join("unique.bin");
    let file = File::create(&unique).map_err(Error::io(&unique))?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    let mut total_work = 0u128;
    let (positions, paths) = unique_positions(
        root,
        options.split_depth,
        options.memory,
        temp,
        options.progress,
        &mut |record| {
            let work =
                expected_work(&record, mode, remaining).map_err(|e| Error::corrupt(&unique, e))?;
            total_work += u128::from(work);
            writer
                .write_all(&record.to_bytes())
                .and_then(|()| writer.write_all(&work.to_le_bytes()))
                .map_err(Error::io(&unique))
        },
    )?;
    writer.flush().map_err(Error::io(&unique))?;
    drop(writer);
    let n = u64::from(options.shards);
    if positions < n {
        return Err(Error::Invalid(format!(
            "only {positions} unique positions {} plies below the root: use at most {positions} shards",
            options.split_depth
        )));
    }
    // Only now that the split is known to work: an earlier failure leaves no directories.
    for dir in [out.join(workdir::SHARDS), out.join(workdir::RESULTS)] {
        fs::create_dir(&dir).map_err(Error::io(&dir))?;
    }

    // Consecutive runs of about equal work.
    let mut infos = Vec::with_capacity(options.shards as usize);
    let mut current = OpenShard::create(out, 0)?;
    let mut work_before = 0u128;
    let file = File::open(&unique).map_err(Error::io(&unique))?;
    let mut input = BufReader::with_capacity(1 << 20, file);
    let (mut record_bytes, mut work_bytes) = ([0u8; RECORD_BYTES], [0u8; 8]);
    for placed in 0..positions {
        input
            .read_exact(&mut record_bytes)
            .and_then(|()| input.read_exact(&mut work_bytes))
            .map_err(Error::io(&unique))?;
        let record = Record::from_bytes(&record_bytes);
        let work = u64::from_le_bytes(work_bytes);
        let index = current.index;
        if current.writer.records() > 0 && index + 1 < options.shards {
            let target = total_work * u128::from(index + 1) / u128::from(n);
            // Every later shard needs a record.
            let left = positions - placed;
            let shards_after = u64::from(options.shards - index - 1);
            if work_before >= target || left <= shards_after {
                let next = OpenShard::create(out, index + 1)?;
                infos.push(core::mem::replace(&mut current, next).finish()?);
            }
        }
        current.push(&record, work)?;
        work_before += u128::from(work);
        if let Some(progress) = options.progress {
            if (placed + 1).is_multiple_of(PROGRESS_EVERY) || placed + 1 == positions {
                progress(SplitProgress::Writing {
                    done: placed + 1,
                    total: positions,
                });
            }
        }
    }
    infos.push(current.finish()?);

    let manifest = Manifest {
        tool: TOOL.to_string(),
        fen: root.to_fen(),
        depth: options.depth,
        split_depth: options.split_depth,
        positions,
        paths,
        shards: infos,
    };
    let (text, _) = manifest.to_text();
    write_atomically(&out.join(workdir::MANIFEST), |w| {
        w.write_all(text.as_bytes())
    })?;
    Ok(manifest)
}

/// A shard file being written, with its sums so far.
struct OpenShard {
    index: u32,
    path: PathBuf,
    writer: ShardWriter,
    paths: u128,
    work: u64,
}

impl OpenShard {
    fn create(out: &Path, index: u32) -> Result<OpenShard, Error> {
        let path = out
            .join(workdir::SHARDS)
            .join(format!("{}.bin", workdir::shard_stem(index)));
        let writer = ShardWriter::create(&path, index).map_err(Error::io(&path))?;
        Ok(OpenShard {
            index,
            path,
            writer,
            paths: 0,
            work: 0,
        })
    }

    fn push(&mut self, record: &Record, work: u64) -> Result<(), Error> {
        self.writer.push(record).map_err(Error::io(&self.path))?;
        self.paths += u128::from(record.multiplicity);
        self.work += work;
        Ok(())
    }

    fn finish(self) -> Result<ShardInfo, Error> {
        let records = self.writer.records();
        let sha256 = self.writer.finish().map_err(Error::io(&self.path))?;
        Ok(ShardInfo {
            records,
            paths: self.paths,
            work: self.work,
            sha256,
        })
    }
}

/// The legal moves of a record's position, at least 1 (1 when nothing remains to count).
fn expected_work(
    record: &Record,
    mode: CastlingMode,
    remaining: u32,
) -> Result<u64, crate::RecordError> {
    if remaining == 0 {
        return Ok(1);
    }
    let pos = record.position.unpack(mode)?;
    Ok(pos.count_legal_moves().max(1))
}
