//! `quadboard suite <FILE> [--max-nodes <N>] [--threads <N>]`: checks every perft count of
//! a suite file, in EPD (`<FEN> ;D1 20 ;D2 400`) or `.perft` block format.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use quadboard_chess::perft::perft;
use quadboard_chess::perft::suite::parse_suite;
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
}

/// One perft to check.
struct Job {
    pos: Position,
    fen: String,
    depth: u32,
    expected: u64,
}

/// Runs the suite: a `FAIL <fen> depth <d>: expected <x>, got <y>` line per failure, then
/// `<P> passed, <F> failed` (and `, <S> skipped`). Exit code 1 when any failed; a file
/// without entries (empty, or only comments and blank lines) is an input error.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let name = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).map_err(|e| CliError::input(format!("{name}: {e}")))?;
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
        // Suites hold deliberately illegal but playable positions and X-FEN castling.
        let pos = Position::from_fen_lenient(&entry.fen)
            .map_err(|e| CliError::input(format!("{name}: line {}: {e}", entry.line)))?;
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
        let got = perft(&job.pos, job.depth);
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
