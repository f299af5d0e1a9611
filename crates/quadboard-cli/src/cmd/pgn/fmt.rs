//! `quadboard pgn fmt [FILE]... [--threads N] [--part K/N]`: the games in PGN export format.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{AnyGame, Reader};

use super::input::Chunk;
use super::pipeline::Job;
use super::{Counted, InputArgs, Problem};
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn fmt`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// A chunk's games in export format, and their problems.
struct Formatted {
    games: u64,
    text: String,
    problems: Vec<Problem>,
}

impl Counted for Formatted {
    fn games(&self) -> u64 {
        self.games
    }
}

struct Fmt;

impl Job for Fmt {
    type Output = Formatted;

    fn run(&self, chunk: &Chunk) -> Formatted {
        let mut reader = Reader::new(&chunk.bytes).starting_at(0, chunk.lines, chunk.offset);
        let mut formatted = Formatted {
            games: 0,
            text: String::new(),
            problems: Vec::new(),
        };
        while let Ok(Some(game)) = AnyGame::read(&mut reader) {
            formatted.games += 1;
            // Writing into a String cannot fail.
            let _ = write!(formatted.text, "{game}");
            if let Some(error) = game.errors().first() {
                formatted.problems.push(Problem {
                    number: game.start_at().number,
                    line: game.start_at().line,
                    error: error.clone(),
                });
            }
        }
        formatted
    }
}

/// Runs `pgn fmt`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let mut with_errors = 0;
    let all_read = super::for_each_chunk(&args.input, &Fmt, |file, before, formatted| {
        out.write_all(formatted.text.as_bytes())?;
        with_errors += formatted.problems.len() as u64;
        if !formatted.problems.is_empty() {
            // Keep stdout and stderr in order on a terminal.
            out.flush()?;
            let mut err = std::io::stderr().lock();
            for problem in &formatted.problems {
                problem.write(&mut err, file, before)?;
            }
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(super::exit_code(all_read, with_errors))
}
