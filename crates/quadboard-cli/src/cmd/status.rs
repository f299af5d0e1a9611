//! `quadboard status <DIR>`: which shards are done, running, stale or missing, and the
//! nodes so far.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use quadboard_distributed::{status, ShardState, WorkDir};

use crate::error::CliError;
use crate::output;

/// Arguments of `status`.
#[derive(clap::Args)]
pub struct Args {
    /// The work directory written by `split`.
    dir: PathBuf,
}

/// Shard indexes as ranges: `0-3, 5, 7-9`.
pub fn ranges(indexes: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < indexes.len() {
        let mut j = i;
        while j + 1 < indexes.len() && indexes[j + 1] == indexes[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            indexes[i].to_string()
        } else {
            format!("{}-{}", indexes[i], indexes[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// `<i> (<done>/<records>)` for each shard of `indexes` with a checkpoint.
fn with_progress(shards: &[ShardState], indexes: &[u32]) -> String {
    let states: Vec<String> = indexes
        .iter()
        .filter_map(|&i| match shards[i as usize] {
            ShardState::Running { done, total, .. } | ShardState::Stale { done, total, .. } => {
                Some(format!("{i} ({done}/{total})"))
            }
            _ => None,
        })
        .collect();
    states.join(", ")
}

/// Runs `status`: a line for the split, then for each seed
/// `seed <S>: <d> done, <r> running, <m> missing, <n> nodes so far` (with `, <k> stale`
/// after the missing count when some shards are stale), followed by
/// `seed <S> running: <i> (<done>/<records>), ...`, `seed <S> stale: <i> (<done>/<records>), ...`
/// and `seed <S> missing: <ranges>` lines when there are any.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let dir = WorkDir::open(&args.dir).map_err(|e| CliError::input(e.to_string()))?;
    let status = status(&dir).map_err(|e| CliError::input(e.to_string()))?;
    let manifest = dir.manifest();
    let mut out = output::stdout();
    writeln!(
        out,
        "split: depth {} at ply {}, {} shards, {} positions",
        manifest.depth,
        manifest.split_depth,
        manifest.shards.len(),
        manifest.positions
    )?;
    for seed in &status.seeds {
        let (done, running, stale, missing) =
            (seed.done(), seed.running(), seed.stale(), seed.missing());
        // The stale count only when there is one: the line stays as it was for the
        // tools that parse it whenever every worker is alive.
        let stale_count = if stale.is_empty() {
            String::new()
        } else {
            format!(", {} stale", stale.len())
        };
        writeln!(
            out,
            "seed {}: {} done, {} running, {} missing{stale_count}, {} nodes so far",
            seed.seed,
            done.len(),
            running.len(),
            missing.len(),
            seed.nodes()
        )?;
        if !running.is_empty() {
            let shards = with_progress(&seed.shards, &running);
            writeln!(out, "seed {} running: {shards}", seed.seed)?;
        }
        if !stale.is_empty() {
            let shards = with_progress(&seed.shards, &stale);
            writeln!(out, "seed {} stale: {shards}", seed.seed)?;
        }
        if !missing.is_empty() {
            writeln!(out, "seed {} missing: {}", seed.seed, ranges(&missing))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
