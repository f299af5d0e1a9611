//! The manifest of a work directory: what was split, how, and a checksum of each shard.
//!
//! A text file of `key value` lines in a fixed order, ending with the SHA-256 of all the
//! lines before it:
//!
//! ```text
//! format quadboard-split 1
//! tool quadboard 0.1.0
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! depth 6
//! split-depth 2
//! shards 2
//! positions 400
//! paths 400
//! shard 0 records 200 paths 200 work 4470 sha256 <64 hex digits>
//! shard 1 records 200 paths 200 work 4511 sha256 <64 hex digits>
//! manifest-sha256 <64 hex digits>
//! ```

use core::fmt;
use std::fmt::Write as _;

use crate::sha256::{Digest, Sha256};

/// The format line, with the version of the work-directory format.
const FORMAT: &str = "format quadboard-split 1";

/// A split: the root, the depths, the unique positions and the shards. Written as text
/// lines `format quadboard-split 1`, `tool`, `fen`, `depth`, `split-depth`, `shards`,
/// `positions`, `paths`, one `shard <i> records <n> paths <n> work <n> sha256 <digest>`
/// line per shard, and `manifest-sha256 <digest>` of all the lines before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The program that wrote it, `quadboard <version>`.
    pub tool: String,
    /// The root position.
    pub fen: String,
    /// The perft depth from the root.
    pub depth: u32,
    /// The plies from the root to the records (K).
    pub split_depth: u32,
    /// Unique positions K plies below the root: the records of all shards.
    pub positions: u64,
    /// Move paths of K plies from the root, perft(K): the sum of the multiplicities.
    pub paths: u128,
    /// The shards in index order.
    pub shards: Vec<ShardInfo>,
}

/// What the manifest says about one shard file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardInfo {
    /// Records in the file.
    pub records: u64,
    /// The sum of their multiplicities.
    pub paths: u128,
    /// The expected work: the sum over records of their legal move counts.
    pub work: u64,
    /// The SHA-256 of the whole file.
    pub sha256: Digest,
}

/// A manifest that cannot be read: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    /// The line (0 when the problem is the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for ManifestError {}

impl Manifest {
    /// Remaining plies below each record: `depth - split_depth`.
    pub fn remaining_depth(&self) -> u32 {
        self.depth.saturating_sub(self.split_depth)
    }

    /// The manifest as text, with its checksum line, and the checksum (which identifies
    /// the split in result files).
    pub fn to_text(&self) -> (String, Digest) {
        let mut text = String::new();
        // Writing to a String cannot fail.
        let _ = writeln!(text, "{FORMAT}");
        let _ = writeln!(text, "tool {}", self.tool);
        let _ = writeln!(text, "fen {}", self.fen);
        let _ = writeln!(text, "depth {}", self.depth);
        let _ = writeln!(text, "split-depth {}", self.split_depth);
        let _ = writeln!(text, "shards {}", self.shards.len());
        let _ = writeln!(text, "positions {}", self.positions);
        let _ = writeln!(text, "paths {}", self.paths);
        for (i, shard) in self.shards.iter().enumerate() {
            let _ = writeln!(
                text,
                "shard {i} records {} paths {} work {} sha256 {}",
                shard.records, shard.paths, shard.work, shard.sha256
            );
        }
        let digest = Sha256::digest(text.as_bytes());
        let _ = writeln!(text, "manifest-sha256 {digest}");
        (text, digest)
    }

    /// Reads a manifest and checks it: its checksum, the shard lines in order, the totals
    /// equal to the sums over shards. Returns the manifest and its checksum.
    ///
    /// # Errors
    /// [`ManifestError`] naming the first line that is wrong.
    pub fn parse(text: &str) -> Result<(Manifest, Digest), ManifestError> {
        let err = |line: usize, message: String| ManifestError { line, message };
        // The checksum covers every byte before the last line.
        let body_len = text.trim_end_matches('\n').rfind('\n').map_or(0, |i| i + 1);
        let (body, last) = text.split_at(body_len);
        let last_line = body.lines().count() + 1;
        let stated = last
            .trim_end_matches('\n')
            .strip_prefix("manifest-sha256 ")
            .ok_or_else(|| err(last_line, "expected 'manifest-sha256 <digest>'".into()))?
            .parse::<Digest>()
            .map_err(|e| err(last_line, e.to_string()))?;
        let digest = Sha256::digest(body.as_bytes());
        if digest != stated {
            return Err(err(
                0,
                format!(
                    "checksum mismatch: the text hashes to {digest}, the manifest says {stated}"
                ),
            ));
        }

        let mut lines = body.lines().enumerate().map(|(i, l)| (i + 1, l));
        let mut next = |key: &str| -> Result<(usize, String), ManifestError> {
            let (n, line) = lines
                .next()
                .ok_or_else(|| err(last_line, format!("expected '{key} ...'")))?;
            let value = line
                .strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(' '))
                .ok_or_else(|| err(n, format!("expected '{key} ...', found '{line}'")))?;
            Ok((n, value.to_string()))
        };
        let number = |(n, value): (usize, String)| -> Result<u128, ManifestError> {
            value
                .parse::<u128>()
                .map_err(|_| err(n, format!("'{value}' is not a number")))
        };
        let small = |(n, value): (usize, String)| -> Result<u32, ManifestError> {
            value
                .parse::<u32>()
                .map_err(|_| err(n, format!("'{value}' is not a depth or count")))
        };

        let (n, format) = next("format")?;
        if format != FORMAT["format ".len()..] {
            return Err(err(
                n,
                format!("unknown format '{format}' (this tool reads '{FORMAT}')"),
            ));
        }
        let tool = next("tool")?.1;
        let fen = next("fen")?.1;
        let depth = small(next("depth")?)?;
        let (n, split) = next("split-depth")?;
        let split_depth = small((n, split))?;
        if split_depth > depth {
            return Err(err(
                n,
                format!("split depth {split_depth} exceeds depth {depth}"),
            ));
        }
        let (n, count) = next("shards")?;
        let count = small((n, count))?;
        let (n, positions) = next("positions")?;
        let positions = u64::try_from(number((n, positions))?)
            .map_err(|_| err(n, "too many positions".into()))?;
        let (paths_line, paths) = next("paths")?;
        let paths = number((paths_line, paths))?;

        // The count is only trusted as far as the lines go.
        let mut shards = Vec::with_capacity(count.min(1 << 16) as usize);
        for i in 0..count {
            let (n, line) = next("shard")?;
            let fields: Vec<&str> = line.split(' ').collect();
            let [index, "records", records, "paths", shard_paths, "work", work, "sha256", sha] =
                fields[..]
            else {
                return Err(err(
                    n,
                    "expected 'shard <i> records <n> paths <n> work <n> sha256 <digest>'".into(),
                ));
            };
            if index != i.to_string() {
                return Err(err(n, format!("expected shard {i}, found shard {index}")));
            }
            let parse = |value: &str| number((n, value.to_string()));
            let records =
                u64::try_from(parse(records)?).map_err(|_| err(n, "too many records".into()))?;
            let work = u64::try_from(parse(work)?).map_err(|_| err(n, "work too large".into()))?;
            let shard_paths = parse(shard_paths)?;
            let sha256 = sha.parse::<Digest>().map_err(|e| err(n, e.to_string()))?;
            if records == 0 {
                return Err(err(n, format!("shard {i} has no records")));
            }
            shards.push(ShardInfo {
                records,
                paths: shard_paths,
                work,
                sha256,
            });
        }
        if let Some((n, line)) = lines.next() {
            return Err(err(n, format!("unexpected line '{line}'")));
        }
        if count == 0 {
            return Err(err(0, "a split has at least one shard".into()));
        }
        let records: u64 = shards.iter().map(|s| s.records).sum();
        if records != positions {
            return Err(err(
                0,
                format!(
                    "the shards hold {records} records, the manifest says {positions} positions"
                ),
            ));
        }
        let shard_paths: u128 = shards.iter().map(|s| s.paths).sum();
        if shard_paths != paths {
            return Err(err(
                paths_line,
                format!("the shards' paths add up to {shard_paths}, not {paths}"),
            ));
        }
        let manifest = Manifest {
            tool,
            fen,
            depth,
            split_depth,
            positions,
            paths,
            shards,
        };
        Ok((manifest, digest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Manifest {
        Manifest {
            tool: "quadboard 9.9.9".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            depth: 6,
            split_depth: 2,
            positions: 400,
            paths: 400,
            shards: vec![
                ShardInfo {
                    records: 150,
                    paths: 150,
                    work: 3000,
                    sha256: Sha256::digest(b"zero"),
                },
                ShardInfo {
                    records: 250,
                    paths: 250,
                    work: 5000,
                    sha256: Sha256::digest(b"one"),
                },
            ],
        }
    }

    #[test]
    fn manifests_read_back() {
        let manifest = sample();
        let (text, digest) = manifest.to_text();
        assert!(text.starts_with("format quadboard-split 1\ntool quadboard 9.9.9\nfen rnbq"));
        assert!(text.contains("\nshard 1 records 250 paths 250 work 5000 sha256 "));
        assert_eq!(Manifest::parse(&text), Ok((manifest, digest)));
        // The checksum line is the SHA-256 of the text before it, as sha256sum prints it.
        let body = &text[..text.rfind("manifest-sha256").unwrap()];
        assert!(text.ends_with(&format!(
            "manifest-sha256 {}\n",
            Sha256::digest(body.as_bytes())
        )));
    }

    #[test]
    fn any_edit_is_refused() {
        let (text, _) = sample().to_text();
        let edited = text.replace("depth 6", "depth 7");
        let e = Manifest::parse(&edited).unwrap_err();
        assert!(e.message.contains("checksum mismatch"), "{e}");
        assert!(Manifest::parse(&text[..text.len() - 2]).is_err());
        assert!(Manifest::parse("").is_err());
    }

    /// Re-signs edited text, so that the checks behind the checksum are reached.
    fn signed(body: &str) -> String {
        format!(
            "{body}manifest-sha256 {}\n",
            Sha256::digest(body.as_bytes())
        )
    }

    #[test]
    fn inconsistent_manifests_are_refused_with_their_line() {
        let (text, _) = sample().to_text();
        let body = &text[..text.rfind("manifest-sha256").unwrap()];
        let cases = [
            (body.replace("positions 400", "positions 401"), "records"),
            (body.replace("paths 400", "paths 399"), "line 8"),
            (
                body.replace("shard 1 records", "shard 2 records"),
                "line 10",
            ),
            (body.replace("shards 2", "shards 3"), "expected 'shard"),
            (body.replace("split-depth 2", "split-depth 7"), "line 5"),
            (
                body.replace("format quadboard-split 1", "format quadboard-split 2"),
                "line 1",
            ),
            (body.replace(" work 3000", ""), "line 9"),
            (body.replace("records 150", "records x"), "line 9"),
        ];
        for (body, needle) in cases {
            let e = Manifest::parse(&signed(&body)).unwrap_err();
            assert!(e.to_string().contains(needle), "{needle}: {e}");
        }
    }
}
