//! The `quadboard` command-line tool: perft, perft suites, the benchmark, boards, legal
//! moves, games, attack sets, Polyglot books, PGN files, and perft split into work units (split, shard,
//! merge, status).
//!
//! Each subcommand lives in its own module under `cmd/` and returns `Result<ExitCode,
//! CliError>`; `main` prints errors as `error: <message>` on stderr and exits with code 2.
//! To add a subcommand: add a variant with its arguments to [`Command`], a module with a
//! `run` function, and one line in `main`'s match.

// Denied rather than forbidden: `book` maps its file into memory (one allowed block).
#![deny(unsafe_code)]

mod cmd;
mod error;
mod output;
mod variant;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use error::CliError;

/// What `quadboard --help` ends with: a first command of each kind, to copy and change.
const EXAMPLES: &str = "\
Examples:
  quadboard perft 6                                   Nodes searched: 119060324
  quadboard perft 4 --fen \"<FEN>\" --divide            nodes per root move
  quadboard moves --fen \"<FEN>\" --san                 the legal moves in SAN
  quadboard play e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#          board, moves, outcome
  quadboard pgn check games.pgn.zst --threads 2       every move of every game checked
  quadboard perft 4 --variant crazyhouse              Nodes searched: 197281

Each command's --help gives its options and output format. Bad input prints
`error: ...` on stderr and exits with code 2.";

/// Chess bitboards done properly: exact, fast move generation and perft.
#[derive(Parser)]
#[command(name = "quadboard", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree (bulk counting at the last ply).
    Perft(cmd::perft::Args),
    /// Check a perft suite: EPD `;D<n> <count>` lines or `.perft` blocks.
    Suite(cmd::suite::Args),
    /// Time single-threaded perft on the six positions of the chess programming wiki.
    Bench(cmd::bench::Args),
    /// Print a position: diagram, FEN, Polyglot key, rights.
    Show(cmd::show::Args),
    /// List the legal moves in UCI notation (or SAN).
    Moves(cmd::moves::Args),
    /// Play moves in UCI or SAN; print the position, the moves, the outcome and claims.
    Play(cmd::play::Args),
    /// Print the squares a piece attacks from a square.
    Attacks(cmd::attacks::Args),
    /// List a Polyglot opening book's moves for a position, heaviest first.
    Book(cmd::book::Args),
    /// Read PGN files: check every move, games as JSON, export format, filter games.
    Pgn(cmd::pgn::Args),
    /// Split deep perft into shards of unique positions: a work directory for schedulers.
    Split(cmd::split::Args),
    /// Count one shard of a work directory (index from --index or the job array).
    Shard(cmd::shard::Args),
    /// Check a work directory and add its shards up.
    Merge(cmd::merge::Args),
    /// Show which shards of a work directory are done, running, stale or missing.
    ///
    /// Results and checkpoints are checked against their checksums (a damaged or foreign
    /// file is an error, exit code 2); shard files are not read.
    ///
    /// A shard with a checkpoint and no result is running while its worker is known to be
    /// alive: on this machine
    /// (same host name, boot and pid namespace), while its process exists; elsewhere,
    /// while the heartbeat in its worker file (results/shard-INDEX.seed-SEED.worker, rewritten
    /// every --checkpoint seconds, at least every minute) is at most 5 minutes old. Otherwise
    /// it is stale: its worker was killed or stopped, or cannot be heard from; running
    /// `shard` on it again resumes from the checkpoint.
    Status(cmd::status::Args),
    /// Probe Syzygy tablebases: WDL, DTZ and the best move of positions.
    Syzygy(cmd::syzygy::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with success; usage errors exit 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    // The library ignores a QUADBOARD_CPU it cannot use; the tool says so.
    if let Err(e) = quadboard_chess::cpu::env_level() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Perft(args) => cmd::perft::run(args),
        Command::Suite(args) => cmd::suite::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Attacks(args) => cmd::attacks::run(args),
        Command::Book(args) => cmd::book::run(args),
        Command::Pgn(args) => cmd::pgn::run(args),
        Command::Split(args) => cmd::split::run(args),
        Command::Shard(args) => cmd::shard::run(args),
        Command::Merge(args) => cmd::merge::run(args),
        Command::Status(args) => cmd::status::run(args),
        Command::Syzygy(args) => cmd::syzygy::run(args),
    };
    match result {
        Ok(code) => code,
        Err(CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
