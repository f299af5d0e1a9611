//! `quadboard book <FILE> [--fen <FEN>]`: the moves a Polyglot book gives for a position,
//! one `<uci> <weight> <learn>` line each, heaviest first, then `<n> moves` (`1 move`).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use quadboard_chess::book::Book;

use crate::error::CliError;
use crate::output;

/// Arguments of `book`.
#[derive(clap::Args)]
pub struct Args {
    /// The Polyglot book (`.bin`): 16-byte entries sorted by key.
    file: PathBuf,
    #[command(flatten)]
    position: output::PositionArgs,
    /// Leave out entries lighter than this; 0 lists the deleted entries (weight 0) too.
    #[arg(long, default_value_t = 1)]
    minimum_weight: u16,
}

/// Prints the book's legal moves for the position, heaviest first (equal weights in file
/// order); a position the book does not have prints `0 moves`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let pos = args.position.position()?;
    let map = map_file(&args.file)?;
    let bytes: &[u8] = map.as_deref().unwrap_or_default();
    let book =
        Book::new(bytes).map_err(|e| CliError::input(format!("{}: {e}", args.file.display())))?;
    let moves = book.ranked_moves(&pos, args.minimum_weight);
    let mut out = output::stdout();
    for (entry, m) in &moves {
        writeln!(out, "{} {} {}", pos.to_uci(*m), entry.weight, entry.learn)?;
    }
    let noun = if moves.len() == 1 { "move" } else { "moves" };
    writeln!(out, "{} {noun}", moves.len())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The file mapped into memory: only the pages of the entries the binary search touches
/// are read, so a large book costs a few page faults rather than a full read. `None` for
/// an empty file, which cannot be mapped.
#[allow(unsafe_code)]
fn map_file(path: &Path) -> Result<Option<memmap2::Mmap>, CliError> {
    let cannot =
        |e: std::io::Error| CliError::input(format!("cannot read {}: {e}", path.display()));
    let file = File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(CliError::input(format!(
            "cannot read {}: not a regular file",
            path.display()
        )));
    }
    if meta.len() == 0 {
        return Ok(None);
    }
    // SAFETY: the map is only read, and the process ends right after; a book that another
    // process truncates meanwhile could fault (SIGBUS), which is memory mapping's one
    // caveat, accepted here as every memory-mapped book reader accepts it.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(cannot)?;
    Ok(Some(map))
}
