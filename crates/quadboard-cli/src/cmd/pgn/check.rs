//! `quadboard pgn check [FILE]... [--threads N] [--part K/N]`: plays every move of every
//! game, variations included, and names the games with problems.

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{Checker, Reader};

use super::input::Chunk;
use super::pipeline::Job;
use super::{Counted, InputArgs, Problem};
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// What a chunk gives: its counts and the first problem of each game that has one.
struct Checked {
    games: u64,
    moves: u64,
    problems: Vec<Problem>,
}

impl Counted for Checked {
    fn games(&self) -> u64 {
        self.games
    }
}

struct Check;

impl Job for Check {
    type Output = Checked;

    fn run(&self, chunk: &Chunk) -> Checked {
        let mut reader = Reader::new(&chunk.bytes).starting_at(0, chunk.lines, chunk.offset);
        let mut checker = Checker::new();
        let mut checked = Checked {
            games: 0,
            moves: 0,
            problems: Vec::new(),
        };
        while let Ok(Some(game)) = reader.read_game(&mut checker) {
            checked.games += 1;
            checked.moves += game.moves;
            if let Some(error) = game.errors.into_iter().next() {
                checked.problems.push(Problem {
                    number: game.start.number,
                    line: game.start.line,
                    error,
                });
            }
        }
        checked
    }
}

/// Runs `pgn check`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let (mut games, mut moves, mut with_errors) = (0u64, 0u64, 0u64);
    let all_read = super::for_each_chunk(&args.input, &Check, |file, before, checked| {
        games += checked.games;
        moves += checked.moves;
        with_errors += checked.problems.len() as u64;
        for problem in &checked.problems {
            problem.write(&mut out, file, before)?;
        }
        Ok(())
    })?;
    writeln!(
        out,
        "{games} games, {moves} moves, {with_errors} games with errors"
    )?;
    out.flush()?;
    Ok(super::exit_code(all_read, with_errors))
}
