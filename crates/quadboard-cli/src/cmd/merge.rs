//! `quadboard merge <DIR> [--seed <S>]...`: checks every file of a work directory and adds
//! the shards up.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use quadboard_distributed::{merge, WorkDir};

use super::status::ranges;
use crate::error::CliError;
use crate::output;

/// Arguments of `merge`.
#[derive(clap::Args)]
pub struct Args {
    /// The work directory written by `split`.
    dir: PathBuf,
    /// Merge only this table seed (repeatable; default: every seed with results).
    #[arg(long, value_name = "S")]
    seed: Vec<u64>,
}

/// Runs `merge`. Each seed gets a line `seed <S>: <d> of <N> shards done, <n> nodes`, and
/// `seed <S> missing: <ranges>` / `seed <S> running: <ranges>` / `seed <S> stale: <ranges>`
/// lines for shards not done (running and stale as `status` tells them);
/// with two or more seeds, `seeds <list> agree on all <n> records` or one line per
/// differing record and `seeds <list> differ on <d> of <n> records`. The last line is
/// `Nodes searched: <N>` when every shard of every seed is done and they agree; otherwise
/// the exit code is 1, with `error: shards not done: seed <S> missing: <ranges>; ...`
/// and/or `error: seeds <list> differ on <d> of <n> records compared` on stderr. Damaged
/// or foreign files are errors (exit code 2).
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let dir = WorkDir::open(&args.dir).map_err(|e| CliError::input(e.to_string()))?;
    let seeds = (!args.seed.is_empty()).then_some(args.seed.as_slice());
    let report = merge(&dir, seeds).map_err(|e| CliError::input(e.to_string()))?;
    let shards = dir.shard_count();
    let mut out = output::stdout();
    for seed in &report.seeds {
        let done = seed.done().len();
        writeln!(
            out,
            "seed {}: {done} of {shards} shards done, {} nodes, {:.1} s counting",
            seed.seed,
            seed.nodes(),
            seed.elapsed_ms() as f64 / 1000.0
        )?;
        let missing = seed.missing();
        if !missing.is_empty() {
            writeln!(out, "seed {} missing: {}", seed.seed, ranges(&missing))?;
        }
        let running = seed.running();
        if !running.is_empty() {
            writeln!(out, "seed {} running: {}", seed.seed, ranges(&running))?;
        }
        let stale = seed.stale();
        if !stale.is_empty() {
            writeln!(out, "seed {} stale: {}", seed.seed, ranges(&stale))?;
        }
    }
    if report.seeds.len() > 1 {
        let names: Vec<String> = report.seeds.iter().map(|s| s.seed.to_string()).collect();
        let names = names.join(", ");
        for d in &report.differences {
            let counts: Vec<String> = d
                .counts
                .iter()
                .map(|(s, c)| format!("seed {s} {c}"))
                .collect();
            writeln!(
                out,
                "shard {} record {}: {}: {}",
                d.shard,
                d.record,
                counts.join(", "),
                d.fen
            )?;
        }
        if report.compared == 0 {
            writeln!(out, "seeds {names}: no shard has results of two seeds yet")?;
        } else if report.different == 0 {
            writeln!(
                out,
                "seeds {names} agree on all {} records compared",
                report.compared
            )?;
        } else {
            writeln!(
                out,
                "seeds {names} differ on {} of {} records compared",
                report.different, report.compared
            )?;
        }
    }
    if let Some(total) = report.total {
        writeln!(out, "Nodes searched: {total}")?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    out.flush()?;
    // Exit code 1 rather than 2: the files are sound, the work is not finished or the
    // seeds disagree. The `error:` lines say which, where a script's log shows it.
    let not_done: Vec<String> = report
        .seeds
        .iter()
        .flat_map(|seed| {
            [
                ("missing", seed.missing()),
                ("running", seed.running()),
                ("stale", seed.stale()),
            ]
            .into_iter()
            .filter(|(_, shards)| !shards.is_empty())
            .map(move |(what, shards)| format!("seed {} {what}: {}", seed.seed, ranges(&shards)))
        })
        .collect();
    if !not_done.is_empty() {
        eprintln!("error: shards not done: {}", not_done.join("; "));
    }
    if report.different > 0 {
        let names: Vec<String> = report.seeds.iter().map(|s| s.seed.to_string()).collect();
        eprintln!(
            "error: seeds {} differ on {} of {} records compared",
            names.join(", "),
            report.different,
            report.compared
        );
    }
    Ok(ExitCode::from(1))
}
