//! `quadboard suite <FILE> [--max-nodes <N>] [--threads <N>] [--variant <VARIANT>]`: checks
//! every perft count of a suite file, in EPD (`<FEN> ;D1 20 ;D2 400`) or `.perft` block
//! format, of chess or of the lichess variants (`variant NAME` lines, as in
//! `../shared/data/variants/`).

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use quadboard_chess::perft::perft;
use quadboard_chess::perft::suite::parse_suite;
use quadboard_chess::variant::{AnyVariant, Variant};
use quadboard_chess::Position;

use crate::error::CliError;
use crate::output;

/// Arguments of `suite`.
#[derive(clap::Args)]
pub struct Args {
    /// The suite file.
    file: std::path::PathBuf,
    /// Skip entries whose expected count exceeds this.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Worker threads (entries run in parallel; output keeps the file's order).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// The variant of every entry. Without it, `variant NAME` lines choose the variant of
    /// the entries after them (`variant chess` or `standard`: chess), and a file without
    /// them takes the variant its name gives (`atomic.perft`, `3check.epd`), else chess.
    /// Variant FENs are read with X-FEN castling, as the variant suites need.
    #[command(flatten)]
    variant: crate::variant::VariantArgs,
}

/// The position of an entry: chess, or a variant's.
#[derive(Clone, Copy)]
enum SuitePosition {
    Chess(Position),
    Variant(AnyVariant),
}

impl SuitePosition {
    fn perft(&self, depth: u32) -> u64 {
        match self {
            SuitePosition::Chess(pos) => perft(pos, depth),
            SuitePosition::Variant(pos) => crate::variant::perft(pos, depth),
        }
    }
}

/// One perft to check.
struct Job {
    pos: SuitePosition,
    fen: String,
    depth: u32,
    expected: u64,
}

/// Chess, or a lichess variant: what a suite's entries are read as.
type Rules = Option<Variant>;

/// The rules named on a `variant NAME` line (`chess`, `standard`: chess).
fn rules_named(name: &str) -> Option<Rules> {
    if ["chess", "standard"]
        .iter()
        .any(|n| n.eq_ignore_ascii_case(name))
    {
        return Some(None);
    }
    Variant::from_name(name).map(Some)
}

/// The text with every `variant NAME` line blanked (the library's suite reader does not
/// know them; blank lines keep the line numbers), and the lines where the rules change,
/// in file order.
fn split_variant_lines(name: &str, text: &str) -> Result<(String, Vec<(usize, Rules)>), CliError> {
    let mut kept = String::with_capacity(text.len());
    let mut changes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let (word, rest) = trimmed
            .split_once(char::is_whitespace)
            .unwrap_or((trimmed, ""));
        if word == "variant" {
            let rules = rules_named(rest.trim()).ok_or_else(|| {
                CliError::input(format!(
                    "{name}: line {}: unknown variant '{}': expected chess or one of {}",
                    i + 1,
                    rest.trim(),
                    Variant::ALL.map(Variant::uci_name).join(", ")
                ))
            })?;
            changes.push((i + 1, rules));
        } else {
            kept.push_str(line);
        }
        kept.push('\n');
    }
    Ok((kept, changes))
}

/// Runs the suite: a `FAIL <fen> depth <d>: expected <x>, got <y>` line per failure, then
/// `<P> passed, <F> failed` (and `, <S> skipped`, with `(<V> of variants not supported
/// yet: <names>)` when entries of variants this build does not play were skipped). Exit
/// code 1 when any failed; a file without entries (empty, or only comments and blank
/// lines) is an input error.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let name = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let (text, changes) = split_variant_lines(&name, &text)?;
    // The flag wins; else the file's `variant` lines; else its name.
    let from_name = args
        .file
        .file_stem()
        .and_then(|stem| stem.to_str())
        .and_then(Variant::from_name);
    let rules_at = |line: usize| -> Rules {
        if let Some(variant) = args.variant.variant {
            return Some(variant);
        }
        // Entries before the first `variant` line take the file name's.
        changes
            .iter()
            .take_while(|&&(at, _)| at < line)
            .last()
            .map_or(from_name, |&(_, rules)| rules)
    };
    let entries = parse_suite(&text).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    // "0 passed, 0 failed" would report success for a wrong path or a truncated file.
    if entries.is_empty() {
        return Err(CliError::input(format!(
            "{name}: no perft entries (expected EPD lines '<FEN> ;D1 20' or 'epd'/'perft' blocks)"
        )));
    }
    let mut jobs = Vec::new();
    let mut skipped = 0usize;
    for entry in &entries {
        let pos = match rules_at(entry.line) {
            // Suites hold deliberately illegal but playable positions and X-FEN castling.
            None => SuitePosition::Chess(
                Position::from_fen_lenient(&entry.fen)
                    .map_err(|e| CliError::input(format!("{name}: line {}: {e}", entry.line)))?,
            ),
            Some(variant) => {
                SuitePosition::Variant(AnyVariant::from_fen(variant, &entry.fen).map_err(|e| {
                    CliError::input(format!("{name}: line {}: {variant}: {e}", entry.line))
                })?)
            }
        };
        for &(depth, expected) in &entry.counts {
            if args.max_nodes.is_some_and(|max| expected > max) {
                skipped += 1;
            } else {
                jobs.push(Job {
                    pos,
                    fen: entry.fen.clone(),
                    depth,
                    expected,
                });
            }
        }
    }

    let results: Vec<Mutex<Option<u64>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let bar = output::progress(jobs.len() as u64, "suite");
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = jobs.get(i) else { break };
        let got = job.pos.perft(job.depth);
        if let Ok(mut slot) = results[i].lock() {
            *slot = Some(got);
        }
        bar.inc(1);
    };
    std::thread::scope(|scope| {
        for _ in 1..args.threads {
            scope.spawn(work);
        }
        work();
    });
    bar.finish_and_clear();

    let mut out = output::stdout();
    let (mut passed, mut failed) = (0usize, 0usize);
    for (job, result) in jobs.iter().zip(&results) {
        let got = result.lock().ok().and_then(|r| *r).unwrap_or(u64::MAX);
        if got == job.expected {
            passed += 1;
        } else {
            failed += 1;
            writeln!(
                out,
                "FAIL {} depth {}: expected {}, got {got}",
                job.fen, job.depth, job.expected
            )?;
        }
    }
    if skipped > 0 {
        writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped")?;
    } else {
        writeln!(out, "{passed} passed, {failed} failed")?;
    }
    out.flush()?;
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
