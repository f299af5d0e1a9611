//! Reading perft suites: EPD lines `<FEN> ;D1 20 ;D2 400 ...` and the `.perft` block
//! format (`id <name>`, `epd <FEN>`, `perft <depth> <nodes>` lines, `#` comments).
//!
//! Parsing here only splits the text; the FENs are read by the caller, which decides how
//! lenient to be.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

/// One position of a suite with its expected counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The position's name (`id` in `.perft` files), if given.
    pub id: Option<String>,
    /// The FEN as written (4 or 6 fields).
    pub fen: String,
    /// `(depth, nodes)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
    /// The 1-based line the FEN is on.
    pub line: usize,
}

/// A line of a suite that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for SuiteError {}

fn error(line: usize, message: impl ToString) -> SuiteError {
    SuiteError {
        line,
        message: message.to_string(),
    }
}

fn parse_count(line: usize, depth: &str, nodes: &str) -> Result<(u32, u64), SuiteError> {
    let depth = depth
        .parse::<u32>()
        .ok()
        .filter(|d| (1..=64).contains(d))
        .ok_or_else(|| {
            error(
                line,
                alloc::format!("invalid depth '{depth}': expected 1 to 64"),
            )
        })?;
    let nodes = nodes
        .parse::<u64>()
        .map_err(|_| error(line, alloc::format!("invalid node count '{nodes}'")))?;
    Ok((depth, nodes))
}

/// Reads a suite in either format: a file whose first meaningful line starts with `id`,
/// `epd` or `perft` is read as `.perft` blocks, anything else as EPD lines.
///
/// # Errors
/// The first line that fits neither format, with its number.
///
/// ```
/// use quadboard_chess::perft::suite::parse_suite;
/// let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
/// let entries = parse_suite(epd).unwrap();
/// assert_eq!(entries[0].counts, [(1, 20), (2, 400)]);
/// ```
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let blocks = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| {
            let word = l.split_whitespace().next().unwrap_or("");
            matches!(word, "id" | "epd" | "perft")
        });
    if blocks {
        parse_blocks(text)
    } else {
        parse_epd(text)
    }
}

fn parse_epd(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or("").trim();
        if fen.is_empty() {
            return Err(error(line, "missing FEN before the first ';'"));
        }
        let mut counts = Vec::new();
        for part in parts {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let mut words = part.split_whitespace();
            let (Some(tag), Some(nodes), None) = (words.next(), words.next(), words.next()) else {
                return Err(error(
                    line,
                    alloc::format!("expected 'D<depth> <nodes>', found '{part}'"),
                ));
            };
            let Some(depth) = tag.strip_prefix('D') else {
                return Err(error(
                    line,
                    alloc::format!("expected 'D<depth> <nodes>', found '{part}'"),
                ));
            };
            counts.push(parse_count(line, depth, nodes)?);
        }
        if counts.is_empty() {
            return Err(error(line, "no ';D<depth> <nodes>' counts after the FEN"));
        }
        entries.push(SuiteEntry {
            id: None,
            fen: fen.to_string(),
            counts,
            line,
        });
    }
    Ok(entries)
}

fn parse_blocks(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries: Vec<SuiteEntry> = Vec::new();
    let mut pending_id: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let (word, rest) = raw.split_once(char::is_whitespace).unwrap_or((raw, ""));
        let rest = rest.trim();
        match word {
            "id" => pending_id = Some(rest.to_string()),
            "epd" => {
                if rest.is_empty() {
                    return Err(error(line, "'epd' needs a FEN"));
                }
                entries.push(SuiteEntry {
                    id: pending_id.take(),
                    fen: rest.to_string(),
                    counts: Vec::new(),
                    line,
                });
            }
            "perft" => {
                let Some(entry) = entries.last_mut() else {
                    return Err(error(line, "'perft' before any 'epd' line"));
                };
                let mut words = rest.split_whitespace();
                let (Some(depth), Some(nodes), None) = (words.next(), words.next(), words.next())
                else {
                    return Err(error(
                        line,
                        alloc::format!("expected 'perft <depth> <nodes>', found '{raw}'"),
                    ));
                };
                entry.counts.push(parse_count(line, depth, nodes)?);
            }
            other => {
                return Err(error(
                    line,
                    alloc::format!("unknown keyword '{other}': expected id, epd or perft"),
                ))
            }
        }
    }
    if let Some(entry) = entries.iter().find(|e| e.counts.is_empty()) {
        return Err(error(entry.line, "'epd' without any 'perft' line"));
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_formats() {
        let blocks = "# comment\n\nid start\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nperft 2 9\n\nepd x\nperft 1 1\n";
        let e = parse_suite(blocks).unwrap();
        assert_eq!(e.len(), 2);
        assert_eq!(e[0].id.as_deref(), Some("start"));
        assert_eq!(e[0].counts, [(1, 3), (2, 9)]);
        assert_eq!(e[1].line, 8);
        let epd = "a b c d 0 1 ;D1 20 ;D2 400\nx y z w ;D5 7";
        let e = parse_suite(epd).unwrap();
        assert_eq!(e[1].counts, [(5, 7)]);
    }

    #[test]
    fn names_the_bad_line() {
        for (text, line) in [
            ("a ;D1 x\n", 1),
            ("a ;D1 1\nb ;E2 3\n", 2),
            ("a ;D0 1\n", 1),
            ("a\n", 1),
            ("epd a\nperft 1\n", 2),
            ("perft 1 1\n", 1),
            ("epd a\nfoo\n", 2),
            ("epd a\n", 1),
        ] {
            assert_eq!(parse_suite(text).unwrap_err().line, line, "{text:?}");
        }
    }
}
