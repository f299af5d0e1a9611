//! `quadboard split <DEPTH> --at <K> --shards <N> --out <DIR> [--fen <FEN>] [--text <FILE>]`:
//! the unique positions K plies below the root, written as a work directory of N shards.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use quadboard_distributed::{split, SplitOptions, SplitProgress, WorkDir};

use crate::error::CliError;
use crate::output;

/// Arguments of `split`.
#[derive(clap::Args)]
pub struct Args {
    /// The perft depth from the root (0 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    /// Plies from the root to the shard records (K, at most DEPTH).
    #[arg(long = "at", value_name = "K", value_parser = clap::value_parser!(u32).range(0..=20))]
    split_depth: u32,
    /// Shard files to write (N, at most the number of unique positions).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    shards: u32,
    /// The work directory to create (new or empty).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    #[command(flatten)]
    position: output::PositionArgs,
    /// Memory for deduplication in MiB; more positions spill to temporary files.
    #[arg(long, value_name = "MB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    memory: u32,
    /// Directory for temporary files (default: the work directory).
    #[arg(long, value_name = "DIR")]
    temp: Option<PathBuf>,
    /// Also write every record as a line `<FEN> <multiplicity>` to FILE (`-`: stdout,
    /// and the summary goes to stderr).
    #[arg(long, value_name = "FILE")]
    text: Option<PathBuf>,
}

/// Runs `split`: summary lines `unique positions: <n>`, `paths: <perft(K)>`,
/// `shards: <N>, <min> to <max> records each`; time on stderr.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // Every argument is checked before the split writes anything (the library checks its
    // own parameters and the output directory first): a refused split leaves nothing
    // behind, so the corrected command can run on the same directory.
    let root = args.position.position()?;
    if let Some(text) = &args.text {
        check_text_output(text, &args.out)?;
    }
    let bar = output::progress(0, "split");
    let progress = |p: SplitProgress| match p {
        SplitProgress::Expanding { ply, done, total } => {
            bar.set_prefix(format!("ply {ply}"));
            bar.set_length(total);
            bar.set_position(done);
        }
        SplitProgress::Writing { done, total } => {
            bar.set_prefix("shards");
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    let options = SplitOptions {
        depth: args.depth,
        split_depth: args.split_depth,
        shards: args.shards,
        memory: (args.memory as usize) << 20,
        temp_dir: args.temp.as_deref(),
        progress: Some(&progress),
    };
    let start = Instant::now();
    let manifest = split(&root, &options, &args.out).map_err(|e| CliError::input(e.to_string()))?;
    bar.finish_and_clear();

    let to_stdout = args.text.as_deref().is_some_and(|t| t.as_os_str() == "-");
    if let Some(text) = &args.text {
        let dir = WorkDir::open(&args.out).map_err(|e| CliError::input(e.to_string()))?;
        let written = if to_stdout {
            let mut out = output::stdout();
            let written = dir.write_text(&mut out);
            out.flush()?;
            written
        } else {
            let file = std::fs::File::create(text)
                .map_err(|e| CliError::input(format!("{}: {e}", text.display())))?;
            let mut out = std::io::BufWriter::new(file);
            let written = dir.write_text(&mut out);
            out.flush()
                .map_err(|e| CliError::input(format!("{}: {e}", text.display())))?;
            written
        };
        written.map_err(|e| CliError::input(e.to_string()))?;
    }

    let records = manifest.shards.iter().map(|s| s.records);
    let (least, most) = (records.clone().min(), records.max());
    let summary = format!(
        "unique positions: {}\npaths: {}\nshards: {}, {} to {} records each\n",
        manifest.positions,
        manifest.paths,
        manifest.shards.len(),
        least.unwrap_or(0),
        most.unwrap_or(0),
    );
    if to_stdout {
        eprint!("{summary}");
    } else {
        let mut out = output::stdout();
        out.write_all(summary.as_bytes())?;
        out.flush()?;
    }
    eprintln!("time: {:.3} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

/// Whether the `--text` file can be written, without creating or changing it: an existing
/// file is opened for writing (not truncated), a new one needs an existing directory (or
/// one inside the work directory, which the split creates).
fn check_text_output(text: &Path, out: &Path) -> Result<(), CliError> {
    if text.as_os_str() == "-" {
        return Ok(());
    }
    let fail = |e: std::io::Error| CliError::input(format!("--text {}: {e}", text.display()));
    match std::fs::metadata(text) {
        Ok(meta) if meta.is_dir() => Err(CliError::input(format!(
            "--text {}: is a directory",
            text.display()
        ))),
        Ok(_) => std::fs::OpenOptions::new()
            .write(true)
            .truncate(false)
            .open(text)
            .map(drop)
            .map_err(fail),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let parent = match text.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            if parent.is_dir() || parent.starts_with(out) {
                Ok(())
            } else {
                Err(CliError::input(format!(
                    "--text {}: the directory {} does not exist",
                    text.display(),
                    parent.display()
                )))
            }
        }
        Err(e) => Err(fail(e)),
    }
}
