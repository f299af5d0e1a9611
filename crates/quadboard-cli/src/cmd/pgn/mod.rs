//! `quadboard pgn <check|json|fmt|filter|analyse> [FILE]...`: reading PGN game collections.
//!
//! Every command reads its files in turn (`-` or none: standard input; `.gz`, `.zst` and
//! `.bz2` are decompressed), cut into chunks of whole games that `--threads` workers read
//! at once, with results written in input order: the output does not depend on the number
//! of threads. `--part K/N` reads only the games that start in the K-th of N equal byte
//! ranges of each file, for job arrays.
//!
//! One module per command (`check`, `json`, `fmt`, `filter`, `analyse`); `input` opens files and cuts
//! chunks, `pipeline` runs the workers.

mod analyse;
mod check;
mod filter;
mod fmt;
mod input;
mod json;
mod pipeline;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use quadboard_chess::pgn::{GameError, GameWarning};

use crate::error::CliError;
use input::{Compression, Part};
use pipeline::{Job, Stop};

/// Arguments of `pgn`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: PgnCommand,
}

#[derive(Subcommand)]
enum PgnCommand {
    /// Play every move of every game, variations included; one line per game with a
    /// problem, then the totals.
    ///
    /// A game with problems gives `<file>: game <n> (line <l>): ply <p> <move>: <reason>`
    /// (its first problem; ply 0 for the tags), then one line per kind of warning (text
    /// that departs from the standard but was read, see docs/pgn.md) as `<file>: game <n>
    /// (line <l>): warning: ply <p> <text>: <reason>`; the last line is `<g> games, <m>
    /// moves, <e> games with errors, <w> warnings`, over all files. `--strict` writes
    /// warnings as errors (without `warning: `) and counts their games as games with
    /// errors. Exit code 0 when every game is fine, 1 when a game has errors, 2 when a file
    /// cannot be read (`error: ...` on stderr) or an argument is wrong.
    ///
    /// A game whose `[Variant]` tag names a lichess variant ("Atomic", "Antichess",
    /// "Crazyhouse", "Horde", "King of the Hill", "Racing Kings", "Three-check", as lichess
    /// and python-chess write them) is played by that variant's rules, its moves in SAN
    /// (drops as `N@f3`, king promotions as `e8=K`) or UCI, in every `pgn` command (json,
    /// fmt, filter and analyse too; docs/pgn.md).
    Check(check::Args),
    /// One JSON object per game per line: game, line, offset, tags, fen, uci, san, final,
    /// result, nodes, comments, nags, errors, warnings.
    ///
    /// `game` (from 1) and `line` (of its first byte, from 1) count in each file, `offset`
    /// is its first byte's (from 0); `tags` are `[name, value]` pairs in file order; `fen`
    /// is the start position and `final` the position after the mainline, `uci` and `san`
    /// the mainline; `result` the termination marker or null; `nodes`, `comments` and
    /// `nags` are counts over the whole tree; `errors` is `[{"ply": p, "move": text,
    /// "reason": why}]`, empty when the game is fine; `warnings` is a list of strings
    /// (`ply <p> <text>: <reason>`, as `check` writes them), what was forgiven. `--strict`
    /// puts the warnings in `errors` instead. Exit codes as `check`.
    Json(json::Args),
    /// Write the games in PGN export format: the seven tag roster, then the other tags;
    /// the movetext with `$n` NAGs, `{ }` comments and variations, in lines under 80
    /// columns.
    ///
    /// A game with problems is written as far as it could be played, and its first problem
    /// goes to stderr in `check`'s format; exit code 1 then (2 for unreadable files).
    Fmt(fmt::Args),
    /// Write the games that match every criterion given, byte for byte as they are in the
    /// input (from their first byte up to the next game's, blank lines included).
    ///
    /// A game whose text does not end with a line end gets one. Games with problems are
    /// judged on what could be read (the mainline up to the move that failed); problems
    /// are not reported (`check` does that). Exit code 0 (whether or not a game matched),
    /// 2 for unreadable files and wrong arguments.
    Filter(filter::Args),
    /// Evaluate every mainline position with a UCI engine: `[%eval 0.17]` (pawns, white's
    /// point of view) or `[%eval #-3]` (mate) in each move's comment, then the games in
    /// `fmt`'s export format.
    ///
    /// An `[%eval]` already in the comment is replaced; other comment text, NAGs and
    /// variations are kept; a move that ends the game (checkmate, stalemate) gets none.
    /// `--threads J` runs J engine processes, each with its `Threads` option at 1 unless
    /// `--option` sets it, and sends `ucinewgame` before each game: a deterministic engine
    /// (depth or node limit) gives the same output for any J, in input order. A game the
    /// engine fails on keeps its moves and gets `<file>: game <n> (line <l>): engine:
    /// <reason>` on stderr; the engine is restarted. A variant game is analysed when the
    /// engine declares its variant in `UCI_Variant`, else it gets an error line and keeps
    /// its moves. Exit code 1 when a game had a
    /// problem, 2 when a file cannot be read, an option is refused or the engine cannot
    /// start.
    Analyse(analyse::Args),
}

/// What every command reads, and how.
#[derive(clap::Args)]
struct InputArgs {
    /// PGN files (`-`: standard input, also when none is given); `.gz`, `.zst` and `.bz2`
    /// files are decompressed.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Worker threads; the output is the same for any number.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Only the games whose first byte lies in the K-th of N equal byte ranges of each file
    /// (plain files only, not standard input or compressed files): parts 1 to N hold every
    /// game once. `offset` stays the byte offset in the file, but game numbers and lines
    /// count from the part's first game (game 1, line 1).
    #[arg(long, value_name = "K/N", value_parser = Part::parse)]
    part: Option<Part>,
    /// Bytes per chunk of games handed to a thread (for tests: the output is the same for
    /// any size).
    #[arg(long, default_value_t = 1 << 20, hide = true, value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    chunk_bytes: u64,
}

impl InputArgs {
    /// The files, `-` when none is given.
    fn files(&self) -> Vec<PathBuf> {
        if self.files.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            self.files.clone()
        }
    }

    /// Refuses `--part` for inputs that cannot be cut by bytes.
    fn check_part(&self) -> Result<(), CliError> {
        if self.part.is_none() {
            return Ok(());
        }
        for file in self.files() {
            if file.as_os_str() == "-" {
                return Err(CliError::input(
                    "--part needs a file: standard input cannot be cut into byte ranges",
                ));
            }
            if Compression::of(&file) != Compression::None {
                return Err(CliError::input(format!(
                    "--part needs an uncompressed file: {} is compressed (decompress it first)",
                    file.display()
                )));
            }
        }
        Ok(())
    }
}

/// Runs a `pgn` command.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.command {
        PgnCommand::Check(args) => check::run(args),
        PgnCommand::Json(args) => json::run(args),
        PgnCommand::Fmt(args) => fmt::run(args),
        PgnCommand::Filter(args) => filter::run(args),
        PgnCommand::Analyse(args) => analyse::run(args),
    }
}

/// A chunk's results, with how many games it held.
trait Counted {
    fn games(&self) -> u64;
    /// The chunk's newlines, for a job that counts them itself ([`Job::COUNTS_LINES`]):
    /// the chunker then leaves every chunk's `lines` at 0.
    fn newlines(&self) -> u64 {
        0
    }
    /// Adds `lines` (the newlines before the chunk) to the line numbers of a job that
    /// counts its lines itself.
    fn shift_lines(&mut self, lines: u64) {
        let _ = lines;
    }
}

/// Runs `job` on every file of `input` and hands each chunk's output to `sink` with the
/// file's name as given and the number of games before the chunk in its file (or part).
/// Unreadable files are reported on stderr and skipped; returns whether every file was
/// read whole. Errors are those of writing the output.
fn for_each_chunk<J>(
    input: &InputArgs,
    job: &J,
    mut sink: impl FnMut(&str, u64, J::Output) -> Result<(), CliError>,
) -> Result<bool, CliError>
where
    J: Job,
    J::Output: Counted,
{
    input.check_part()?;
    let threads = input.threads as usize;
    let chunk_bytes = usize::try_from(input.chunk_bytes).unwrap_or(usize::MAX);
    let mut all_read = true;
    for file in input.files() {
        let name = file.display().to_string();
        let mut opened = match input::open(&file, input.part, chunk_bytes) {
            Ok(opened) => opened,
            Err(message) => {
                eprintln!("error: {message}");
                all_read = false;
                continue;
            }
        };
        opened.chunker.set_line_counting(!J::COUNTS_LINES);
        let (mut games, mut lines) = (0, 0);
        let result = pipeline::run(&mut opened.chunker, job, threads, |mut output| {
            let before = games;
            games += output.games();
            if J::COUNTS_LINES {
                output.shift_lines(lines);
                lines += output.newlines();
            }
            sink(&name, before, output)
        });
        opened.bar.finish_and_clear();
        match result {
            Ok(()) => {}
            Err(Stop::Input(e)) => {
                eprintln!("error: {name}: {e}");
                all_read = false;
            }
            Err(Stop::Output(e)) => return Err(e),
        }
    }
    Ok(all_read)
}

/// The exit code: 2 when a file could not be read, else 1 when a game has errors, else 0.
fn exit_code(all_read: bool, games_with_errors: u64) -> ExitCode {
    if !all_read {
        ExitCode::from(2)
    } else if games_with_errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A game's first problem and its warnings, with where the game is.
struct Warned {
    /// The game's number in its chunk, from 1.
    number: u64,
    line: u64,
    error: Option<GameError>,
    warnings: Vec<GameWarning>,
}

impl Warned {
    /// The error line, then a line per warning (`warning: ` after the place unless
    /// `strict`), numbered after `before` games.
    fn write(
        &self,
        out: &mut impl Write,
        file: &str,
        before: u64,
        strict: bool,
    ) -> std::io::Result<()> {
        let (number, line) = (before + self.number, self.line);
        if let Some(error) = &self.error {
            writeln!(out, "{file}: game {number} (line {line}): {error}")?;
        }
        let label = if strict { "" } else { "warning: " };
        for warning in &self.warnings {
            writeln!(out, "{file}: game {number} (line {line}): {label}{warning}")?;
        }
        Ok(())
    }
}

/// A game's first problem with where the game is.
struct Problem {
    /// The game's number in its chunk, from 1.
    number: u64,
    line: u64,
    error: GameError,
}

impl Problem {
    /// `<file>: game <n> (line <l>): ply <p> <move>: <reason>`, numbered after `before`
    /// games.
    fn write(&self, out: &mut impl Write, file: &str, before: u64) -> std::io::Result<()> {
        writeln!(
            out,
            "{file}: game {} (line {}): {}",
            before + self.number,
            self.line,
            self.error
        )
    }
}
