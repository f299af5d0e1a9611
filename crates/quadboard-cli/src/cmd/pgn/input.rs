//! Where the games come from: files (decompressed by extension) or standard input, the
//! byte range of a `--part`, and the chunks of whole games that the commands read.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

use indicatif::ProgressBar;
use memmap2::Mmap;
use quadboard_chess::pgn::{next_game_start, Reader};

use crate::output;

/// The compression of a file, from its extension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Compression {
    None,
    Gzip,
    Zstd,
    Bzip2,
}

impl Compression {
    /// `.gz`, `.zst` and `.bz2` (in any case); anything else is plain text.
    pub fn of(path: &Path) -> Compression {
        let ext = path.extension().and_then(OsStr::to_str).unwrap_or_default();
        if ext.eq_ignore_ascii_case("gz") {
            Compression::Gzip
        } else if ext.eq_ignore_ascii_case("zst") {
            Compression::Zstd
        } else if ext.eq_ignore_ascii_case("bz2") {
            Compression::Bzip2
        } else {
            Compression::None
        }
    }
}

/// `--part K/N`: the K-th of N equal byte ranges of a file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Part {
    pub k: u64,
    pub n: u64,
}

impl Part {
    /// Reads `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Part, String> {
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("{text:?} is not K/N (for example 3/8)"))?;
        let number = |s: &str| -> Result<u64, String> {
            s.trim()
                .parse::<u64>()
                .map_err(|_| format!("{text:?} is not K/N: {s:?} is not a whole number"))
        };
        let (k, n) = (number(k)?, number(n)?);
        if n == 0 || k == 0 || k > n {
            return Err(format!("{text:?}: K must be from 1 to N, and N at least 1"));
        }
        Ok(Part { k, n })
    }

    /// The part's bytes of a file of `len` bytes: `[start, end)`.
    pub fn range(self, len: u64) -> (u64, u64) {
        let at = |i: u64| (u128::from(len) * u128::from(i) / u128::from(self.n)) as u64;
        (at(self.k - 1), at(self.k))
    }
}

/// The bytes of a [`Chunk`]: read into memory, or a range of a memory-mapped file.
pub enum Bytes {
    Read(Vec<u8>),
    Mapped(Arc<Mmap>, usize, usize),
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Read(bytes) => bytes,
            Bytes::Mapped(map, start, end) => &map[*start..*end],
        }
    }
}

/// A piece of an input that holds whole games.
pub struct Chunk {
    pub bytes: Bytes,
    /// The offset of `bytes[0]` in the (uncompressed) input.
    pub offset: u64,
    /// The newlines before `bytes[0]`, counted from where the reading began (the start of
    /// the input, or the first game of a part); 0 when the chunker does not count them
    /// (`Chunker::set_line_counting`).
    pub lines: u64,
}

/// Cuts a stream into [`Chunk`]s of about `target` bytes, each ending where a game starts
/// ([`next_game_start`]) or at the end of the input.
pub struct Chunker<R> {
    inner: R,
    buf: Vec<u8>,
    /// The offset of `buf[0]` in the input.
    offset: u64,
    lines: u64,
    target: usize,
    /// Before the first chunk: drop the bytes before the first game at or after here.
    begin: Option<u64>,
    /// Stop at the first game that starts at or after here.
    end: Option<u64>,
    eof: bool,
    done: bool,
    /// Counts the bytes read, for a stream not wrapped in [`Counted`].
    bar: Option<ProgressBar>,
    /// A memory-mapped file and the index in it of the first byte not handed out: the
    /// input, instead of `inner` and `buf`.
    mapped: Option<(Arc<Mmap>, usize)>,
    /// Whether `lines` is counted (see [`Chunker::set_line_counting`]).
    count_lines: bool,
}

/// Bytes asked of the stream at least at a time.
const READ_BLOCK: usize = 1 << 16;

impl<R: Read> Chunker<R> {
    /// Chunks of `inner`, whose first byte is at `offset` in the input.
    pub fn new(inner: R, offset: u64, target: usize) -> Chunker<R> {
        Chunker {
            inner,
            buf: Vec::new(),
            offset,
            lines: 0,
            target: target.max(1),
            begin: None,
            end: None,
            eof: false,
            done: false,
            bar: None,
            mapped: None,
            count_lines: true,
        }
    }

    /// Chunks of a memory-mapped file, handed out as ranges of the map: the file is
    /// neither copied by the kernel nor moved between buffers (together about 6 % of
    /// `pgn check`'s time, `perf`). The progress bar counts the bytes handed out.
    pub fn mapped(inner: R, map: Mmap, target: usize, bar: ProgressBar) -> Chunker<R> {
        let mut chunker = Chunker::new(inner, 0, target).counting(bar);
        chunker.mapped = Some((Arc::new(map), 0));
        chunker.eof = true;
        chunker
    }

    /// The bytes read and not handed out yet.
    fn pending(&self) -> &[u8] {
        match &self.mapped {
            Some((map, at)) => &map[*at..],
            None => &self.buf,
        }
    }

    /// Counts the bytes read into `bar`. For a file read as it is: wrapping it in
    /// [`Counted`] instead hides the file's own `read_buf`, and the default one zeroes the
    /// buffer before every read (2.6 % of `pgn check`'s instructions, cachegrind).
    pub fn counting(mut self, bar: ProgressBar) -> Chunker<R> {
        self.bar = Some(bar);
        self
    }

    /// Reads only the games that start in `[begin, end)`. The stream must begin at the
    /// start of a line at or before the line before `begin`, so that a game starting at
    /// `begin` is seen as one. From 0, everything up to `end` is read, whatever it starts
    /// with (a byte order mark, a game without tags).
    /// An empty range holds no game, even at 0.
    pub fn within(mut self, begin: u64, end: u64) -> Chunker<R> {
        self.begin = (begin > 0).then_some(begin);
        self.end = Some(end);
        self.done = begin >= end;
        self
    }

    /// Reads at least `READ_BLOCK` bytes more, or up to the end of the stream.
    fn fill(&mut self) -> io::Result<()> {
        let want = self.target.saturating_sub(self.buf.len()).max(READ_BLOCK);
        self.buf.reserve(want);
        let got = (&mut self.inner)
            .take(want as u64)
            .read_to_end(&mut self.buf)?;
        // `read_to_end` stops short of the limit only at the end of the stream.
        self.eof = got < want;
        if let Some(bar) = &self.bar {
            bar.inc(got as u64);
        }
        Ok(())
    }

    /// The index in `buf` of the input offset `at` (saturated).
    fn index(&self, at: u64) -> usize {
        usize::try_from(at.saturating_sub(self.offset)).unwrap_or(usize::MAX)
    }

    /// Hands out `buf[..cut]` and keeps the rest.
    fn cut(&mut self, cut: usize) -> Chunk {
        if let Some((map, at)) = &mut self.mapped {
            let chunk = Chunk {
                offset: self.offset,
                lines: self.lines,
                bytes: Bytes::Mapped(Arc::clone(map), *at, *at + cut),
            };
            *at += cut;
            self.offset += cut as u64;
            if self.count_lines {
                self.lines += count_newlines(&chunk.bytes);
            }
            if let Some(bar) = &self.bar {
                bar.inc(cut as u64);
            }
            return chunk;
        }
        let mut rest = Vec::with_capacity(self.target.saturating_add(READ_BLOCK));
        rest.extend_from_slice(&self.buf[cut..]);
        self.buf.truncate(cut);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let chunk = Chunk {
            offset: self.offset,
            lines: self.lines,
            bytes: Bytes::Read(bytes),
        };
        self.offset += cut as u64;
        if self.count_lines {
            self.lines += count_newlines(&chunk.bytes);
        }
        chunk
    }

    /// Whether chunks carry the newlines before them (`Chunk::lines`); when not, every
    /// chunk's `lines` is 0, for a job that counts lines itself.
    pub fn set_line_counting(&mut self, count: bool) {
        self.count_lines = count;
    }

    /// The next chunk; `None` after the last.
    ///
    /// # Errors
    /// The stream's read errors (a damaged compressed file, a device error).
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        if self.done {
            return Ok(None);
        }
        if let Some(begin) = self.begin {
            self.begin = None;
            if !self.skip_to_game(begin)? || self.end.is_some_and(|end| self.offset >= end) {
                self.done = true;
                return Ok(None);
            }
        }
        // The buffer is searched up to here already.
        let mut searched = 0;
        let mut fallback = self.target.saturating_mul(4);
        loop {
            let end = self.end.map(|end| self.index(end));
            let from = end.map_or(self.target, |end| end.min(self.target));
            // Never a cut at 0: the chunk starts with a game.
            let from = from.max(searched).max(1);
            if let Some(cut) = next_game_start(self.pending(), from) {
                if end.is_some_and(|end| cut >= end) {
                    self.done = true;
                }
                return Ok(Some(self.cut(cut)));
            }
            // No tag section for long (games without tags): cut after a game that the
            // reader has seen end, trying again at twice the size.
            if self.pending().len() >= fallback {
                if let Some(cut) = self.game_end_after(self.target) {
                    return Ok(Some(self.cut(cut)));
                }
                fallback = fallback.saturating_mul(2);
            }
            if self.eof {
                self.done = true;
                if self.pending().iter().all(u8::is_ascii_whitespace) {
                    return Ok(None);
                }
                let len = self.pending().len();
                return Ok(Some(self.cut(len)));
            }
            searched = self.pending().len();
            self.fill()?;
        }
    }

    /// Drops the bytes before the first game starting at or after the input offset
    /// `begin`; false when none does. Memory stays bounded: bytes that cannot be the line
    /// before a game start are dropped as the search goes.
    fn skip_to_game(&mut self, begin: u64) -> io::Result<bool> {
        let mut searched = 0;
        loop {
            // Not 0: a game starting at the first byte of the buffer is before `begin`
            // (the buffer starts before it) or was looked at before the bytes before it
            // were dropped.
            let from = self.index(begin).max(searched).max(1);
            if let Some(start) = next_game_start(&self.buf, from) {
                self.buf.drain(..start);
                self.offset += start as u64;
                return Ok(true);
            }
            if self.eof {
                return Ok(false);
            }
            // A game may start after the last byte: keep the line before it.
            let last = self.buf.len().saturating_sub(1);
            let keep = self.buf[..last]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |newline| newline + 1);
            self.buf.drain(..keep);
            self.offset += keep as u64;
            searched = self.buf.len();
            self.fill()?;
        }
    }

    /// The index of the first byte after a whole game (the next game's first byte) at or
    /// after `from`, as the reader sees games; `None` when the buffer may end inside the
    /// game that reaches `from`.
    fn game_end_after(&self, from: usize) -> Option<usize> {
        let pending = self.pending();
        let mut reader = Reader::new(pending).starting_at(0, 0, self.offset);
        loop {
            if !reader.skip_game().unwrap_or_else(|e| match e {}) {
                return None;
            }
            let at = self.index(reader.offset());
            if at >= pending.len() {
                return None;
            }
            if at >= from {
                return Some(at);
            }
        }
    }
}

/// Newlines in `bytes`.
pub fn count_newlines(bytes: &[u8]) -> u64 {
    // Counts of at most 255 in byte lanes, which the compiler vectorises.
    bytes
        .chunks(255)
        .map(|c| u64::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// Counts the bytes read into a progress bar.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

/// An input ready to be read.
pub struct Input {
    pub chunker: Chunker<Box<dyn Read + Send>>,
    pub bar: ProgressBar,
}

/// Opens `name` (`-` for standard input), decompressing by extension; with `part`, only the
/// games that start in that part of the file (plain files only: checked by the caller).
pub fn open(name: &Path, part: Option<Part>, target: usize) -> Result<Input, String> {
    let shown = name.display();
    if name == Path::new("-") {
        let bar = output::progress_bytes(None, "-");
        let stdin = Counted {
            inner: io::stdin(),
            bar: bar.clone(),
        };
        let chunker = Chunker::new(Box::new(stdin) as Box<dyn Read + Send>, 0, target);
        return Ok(Input { chunker, bar });
    }
    let mut file = File::open(name).map_err(|e| format!("{shown}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("{shown}: {e}"))?;
    if meta.is_dir() {
        return Err(format!("{shown}: is a directory"));
    }
    let len = meta.len();
    let label = name.to_string_lossy();
    let Some(part) = part else {
        let bar = output::progress_bytes(Some(len), &label);
        if Compression::of(name) == Compression::None {
            let chunker = match map(&file, &meta) {
                Some(map) => Chunker::mapped(
                    Box::new(io::empty()) as Box<dyn Read + Send>,
                    map,
                    target,
                    bar.clone(),
                ),
                None => Chunker::new(Box::new(file) as Box<dyn Read + Send>, 0, target)
                    .counting(bar.clone()),
            };
            return Ok(Input { chunker, bar });
        }
        let raw = Counted {
            inner: file,
            bar: bar.clone(),
        };
        let reader: Box<dyn Read + Send> = match Compression::of(name) {
            Compression::None => Box::new(raw),
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(
                io::BufReader::with_capacity(1 << 16, raw),
            )),
            Compression::Zstd => Box::new(
                zstd::stream::read::Decoder::new(raw).map_err(|e| format!("{shown}: {e}"))?,
            ),
            Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(
                io::BufReader::with_capacity(1 << 16, raw),
            )),
        };
        let chunker = Chunker::new(reader, 0, target);
        return Ok(Input { chunker, bar });
    };
    let (begin, end) = part.range(len);
    let bar = output::progress_bytes(Some(end - begin), &label);
    let from = if begin == 0 {
        0
    } else {
        line_start_before(&mut file, begin).map_err(|e| format!("{shown}: {e}"))?
    };
    file.seek(SeekFrom::Start(from))
        .map_err(|e| format!("{shown}: {e}"))?;
    let chunker = Chunker::new(Box::new(file) as Box<dyn Read + Send>, from, target)
        .within(begin, end)
        .counting(bar.clone());
    Ok(Input { chunker, bar })
}

/// A regular file of at least one byte, memory-mapped; `None` where it cannot be (an
/// empty file, a pipe or device, a failed map), which is then read as a stream.
#[allow(unsafe_code)]
fn map(file: &File, meta: &std::fs::Metadata) -> Option<Mmap> {
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    // SAFETY: the map is only read. A file that another process truncates while it is
    // read can fault (SIGBUS): memory mapping's one caveat, accepted as `quadboard book`
    // accepts it, for the copy it saves.
    unsafe { Mmap::map(file) }.ok()
}

/// The start of a line at or before the line before the one holding byte `at - 1`: where
/// to read from to see whether a game starts at `at`.
fn line_start_before(file: &mut File, at: u64) -> io::Result<u64> {
    // The line before the candidate ends at `at - 1` at the latest; its start is after the
    // last newline before `at - 2`.
    let limit = at.saturating_sub(2);
    let mut window = 1u64 << 12;
    loop {
        let from = limit.saturating_sub(window);
        file.seek(SeekFrom::Start(from))?;
        let mut bytes = Vec::new();
        (&mut *file).take(limit - from).read_to_end(&mut bytes)?;
        if let Some(i) = bytes.iter().rposition(|&b| b == b'\n') {
            return Ok(from + i as u64 + 1);
        }
        if from == 0 {
            return Ok(0);
        }
        window = window.saturating_mul(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &[u8], target: usize) -> Vec<(u64, u64, Vec<u8>)> {
        let mut chunker = Chunker::new(text, 0, target);
        let mut out = Vec::new();
        while let Some(c) = chunker.next_chunk().unwrap() {
            out.push((c.offset, c.lines, c.bytes.to_vec()));
        }
        out
    }

    /// The chunks of `text` written to a file and memory-mapped.
    fn mapped_chunks(text: &[u8], target: usize) -> Vec<(u64, u64, Vec<u8>)> {
        let path = std::env::temp_dir().join(format!(
            "quadboard-mapped-{}-{target}-{}.pgn",
            std::process::id(),
            text.len()
        ));
        std::fs::write(&path, text).unwrap();
        let file = File::open(&path).unwrap();
        let meta = file.metadata().unwrap();
        let map = map(&file, &meta).expect("a file of some bytes maps");
        let mut chunker = Chunker::mapped(io::empty(), map, target, ProgressBar::hidden());
        let mut out = Vec::new();
        while let Some(c) = chunker.next_chunk().unwrap() {
            out.push((c.offset, c.lines, c.bytes.to_vec()));
        }
        std::fs::remove_file(&path).unwrap();
        out
    }

    #[test]
    fn a_mapped_file_is_cut_as_its_stream() {
        let texts: [&[u8]; 5] = [
            b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n",
            b"1. e4 e5 *\n\n1. d4 {a} 1-0 {b}\n\n1. c4 (1. Nf3) *\n1. g3 *",
            b"1. e4 e5 *\n\n1. d4 { no end",
            b"\n \n",
            b"\xef\xbb\xbf[Event \"x\"]\n1. e4 *\n\n\n[Event \"y\"]\n[Site \"?\"]\n\n1. d4 d5 *\n",
        ];
        for text in texts {
            for target in [1, 2, 7, 30, 1 << 20] {
                assert_eq!(
                    mapped_chunks(text, target),
                    chunks(text, target),
                    "{text:?} at {target}"
                );
            }
        }
        let empty =
            std::env::temp_dir().join(format!("quadboard-empty-{}.pgn", std::process::id()));
        std::fs::write(&empty, b"").unwrap();
        let file = File::open(&empty).unwrap();
        assert!(
            map(&file, &file.metadata().unwrap()).is_none(),
            "an empty file is streamed"
        );
        std::fs::remove_file(&empty).unwrap();
    }

    #[test]
    fn chunks_end_where_games_start() {
        let pgn =
            b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n1. c4 *\n";
        let one = chunks(pgn, 1);
        assert_eq!(one.len(), 3);
        assert_eq!(one[1].0, 22);
        assert_eq!(one[1].1, 4);
        assert!(one[1].2.starts_with(b"[Event \"b\"]"));
        assert_eq!(
            one.iter().flat_map(|c| c.2.clone()).collect::<Vec<u8>>(),
            pgn
        );
        assert_eq!(chunks(pgn, 1 << 20).len(), 1);
        assert!(chunks(b"\n \n", 1).is_empty());
    }

    #[test]
    fn games_without_tags_are_cut_where_the_reader_ends_them() {
        let pgn = b"1. e4 e5 *\n\n1. d4 {a} 1-0 {b}\n\n1. c4 (1. Nf3) *\n1. g3 *";
        let cut = chunks(pgn, 2);
        let starts: Vec<u64> = cut.iter().map(|c| c.0).collect();
        assert_eq!(starts, [0, 12, 31, 48]);
        assert_eq!(
            cut.iter().flat_map(|c| c.2.clone()).collect::<Vec<u8>>(),
            pgn
        );
        // An unfinished game is not cut.
        assert_eq!(chunks(b"1. e4 e5 *\n\n1. d4 { no end", 1).len(), 2);
        assert_eq!(chunks(b"1. e4 { no end } *", 1).len(), 1);
    }

    #[test]
    fn a_part_skips_to_its_first_game_with_little_memory() {
        // Movetext of 1 MB, then a game: the search for it keeps about a line.
        let mut pgn = b"1. e4 e5 *\n".repeat(100_000);
        let game = pgn.len() as u64;
        pgn.extend_from_slice(b"[Event \"x\"]\n\n1. d4 *\n");
        let mut chunker = Chunker::new(&pgn[..], 0, 4096).within(10, game + 1);
        let chunk = chunker.next_chunk().unwrap().unwrap();
        assert_eq!(
            (chunk.offset, chunk.bytes.len()),
            (game, pgn.len() - game as usize)
        );
        // The chunk is the buffer of the search.
        let Bytes::Read(bytes) = &chunk.bytes else {
            panic!("a stream's chunk is read into memory");
        };
        assert!(bytes.capacity() < 1 << 18, "{}", bytes.capacity());
        assert!(chunker.next_chunk().unwrap().is_none());
    }

    #[test]
    fn parts_are_ranges_of_whole_games() {
        assert_eq!(Part::parse("2/3"), Ok(Part { k: 2, n: 3 }));
        assert!(Part::parse("0/3").is_err());
        assert!(Part::parse("4/3").is_err());
        assert!(Part::parse("1/0").is_err());
        assert!(Part::parse("x").is_err());
        assert_eq!(Part { k: 3, n: 3 }.range(10), (6, 10));
    }
}
