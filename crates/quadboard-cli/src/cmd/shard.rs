//! `quadboard shard <DIR> [--index <I>] [--threads <N>] [--hash <MB>] [--seed <S>]`: counts
//! one shard of a work directory, the index given or taken from the scheduler.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use quadboard_distributed::{run_shard, ShardOptions, ShardOutcome, WorkDir};

use crate::error::CliError;
use crate::output;

/// The environment variables that carry a task's index, in the order they are read:
/// Slurm job arrays, Kubernetes Indexed Jobs, AWS Batch array jobs.
pub const INDEX_VARIABLES: [&str; 3] = [
    "SLURM_ARRAY_TASK_ID",
    "JOB_COMPLETION_INDEX",
    "AWS_BATCH_JOB_ARRAY_INDEX",
];

/// Arguments of `shard`.
#[derive(clap::Args)]
pub struct Args {
    /// The work directory written by `split`.
    dir: PathBuf,
    /// The shard to count (default: from SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or
    /// AWS_BATCH_JOB_ARRAY_INDEX).
    #[arg(long, value_name = "I")]
    index: Option<u32>,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Transposition table size in MiB (0: none), shared by the threads (with --gpu: the
    /// GPU's table).
    #[arg(long, value_name = "MB", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=65536))]
    hash: u32,
    /// Count the records on the GPU (a build with the `gpu` feature and a CUDA device), one
    /// after another; the results are the same files as the CPU's.
    #[arg(long, conflicts_with = "threads")]
    gpu: bool,
    /// Table hash seed: results of each seed are kept apart, and `merge` compares them.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    checkpoint: u64,
}

/// The shard index: `--index`, else the first scheduler variable that is set.
fn index(given: Option<u32>) -> Result<u32, CliError> {
    if let Some(index) = given {
        return Ok(index);
    }
    for name in INDEX_VARIABLES {
        if let Some(value) = std::env::var_os(name) {
            let text = value.to_string_lossy();
            return text
                .trim()
                .parse()
                .map_err(|_| CliError::input(format!("{name}={text:?} is not a shard index")));
        }
    }
    Err(CliError::input(format!(
        "no shard index: give --index, or run as a task of a job array ({})",
        INDEX_VARIABLES.join(", ")
    )))
}

/// Runs `shard`: one line `shard <I> seed <S>: <records> records, <nodes> nodes` (with
/// `already done, ` before the records when a valid result existed); notes on resumed
/// checkpoints and replaced files, and the time, on stderr.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let index = index(args.index)?;
    let dir = WorkDir::open(&args.dir).map_err(|e| CliError::input(e.to_string()))?;
    let records = dir
        .manifest()
        .shards
        .get(index as usize)
        .map_or(0, |s| s.records);
    let bar = output::progress(records, &format!("shard {index}"));
    let progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let counter = if args.gpu {
        Some(crate::cmd::gpu::counter(args.hash)?)
    } else {
        None
    };
    let options = ShardOptions {
        threads: args.threads as usize,
        table_megabytes: if args.gpu { 0 } else { args.hash as usize },
        count: counter.as_deref(),
        seed: args.seed,
        checkpoint_every: Duration::from_secs(args.checkpoint),
        progress: Some(&progress),
        stop: None,
    };
    let start = Instant::now();
    let outcome = run_shard(&dir, index, &options).map_err(|e| CliError::input(e.to_string()))?;
    bar.finish_and_clear();
    let seed = args.seed;
    // Notes first, then the result line, then the time: in that order in a job's log.
    let (line, nodes) = match outcome {
        ShardOutcome::AlreadyDone(result) => {
            let n = result.counts.len();
            let line = format!(
                "shard {index} seed {seed}: already done, {n} records, {} nodes",
                result.sum
            );
            (line, None)
        }
        ShardOutcome::Counted {
            result,
            resumed,
            replaced,
        } => {
            for reason in replaced {
                eprintln!("warning: replaced {reason}");
            }
            let n = result.counts.len();
            if resumed > 0 {
                eprintln!("resumed from a checkpoint: {resumed} of {n} records were done");
            }
            let line = format!(
                "shard {index} seed {seed}: {n} records, {} nodes",
                result.sum
            );
            (line, Some(result.sum))
        }
        ShardOutcome::Stopped { done, total } => (
            format!("shard {index} seed {seed}: stopped, {done} of {total} records"),
            None,
        ),
    };
    let mut out = output::stdout();
    writeln!(out, "{line}")?;
    out.flush()?;
    if let Some(nodes) = nodes {
        let seconds = start.elapsed().as_secs_f64();
        eprintln!(
            "time: {seconds:.3} s, {:.1} Mnps",
            output::mnps(nodes, seconds)
        );
    }
    Ok(ExitCode::SUCCESS)
}
