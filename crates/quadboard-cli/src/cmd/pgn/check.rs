//! `quadboard pgn check [FILE]... [--threads N] [--part K/N] [--strict]`: plays every move
//! of every game, variations included, and names the games with problems and what was
//! forgiven in them. Games of the lichess variants (`[Variant "Crazyhouse"]`, ...) are
//! played by their variant's rules.

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{AnyChecker, Reader};

use super::input::{count_newlines, Chunk};
use super::pipeline::Job;
use super::{Counted, InputArgs, Warned};
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Warnings are errors: written as error lines, and the game counts as one with errors.
    #[arg(long)]
    strict: bool,
}

/// What a chunk gives: its counts, and the first problem and the warnings of each game
/// that has either, in input order, with lines numbered from the chunk's start.
struct Checked {
    games: u64,
    moves: u64,
    newlines: u64,
    warned: Vec<Warned>,
}

impl Counted for Checked {
    fn games(&self) -> u64 {
        self.games
    }

    fn newlines(&self) -> u64 {
        self.newlines
    }

    fn shift_lines(&mut self, lines: u64) {
        for game in &mut self.warned {
            game.line += lines;
        }
    }
}

struct Check;

impl Job for Check {
    type Output = Checked;

    const COUNTS_LINES: bool = true;

    fn run(&self, chunk: &Chunk) -> Checked {
        // Lines from the chunk's start (`chunk.lines` is 0): the reader counts them up to
        // each game's start, and only the last game's are counted here.
        let mut reader = Reader::new(&chunk.bytes).starting_at(0, 0, chunk.offset);
        let mut checker = AnyChecker::new();
        let mut checked = Checked {
            games: 0,
            moves: 0,
            newlines: 0,
            warned: Vec::new(),
        };
        let mut last = (0, 1);
        while let Ok(Some(game)) = reader.read_game(&mut checker) {
            last = (game.start.offset - chunk.offset, game.start.line);
            checked.games += 1;
            checked.moves += game.moves;
            let error = game.errors.into_iter().next();
            if error.is_some() || !game.warnings.is_empty() {
                checked.warned.push(Warned {
                    number: game.start.number,
                    line: game.start.line,
                    error,
                    warnings: game.warnings,
                });
            }
        }
        let (at, line) = last;
        checked.newlines = line - 1 + count_newlines(&chunk.bytes[at as usize..]);
        checked
    }
}

/// Runs `pgn check`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let (mut games, mut moves, mut with_errors, mut warnings) = (0u64, 0u64, 0u64, 0u64);
    let all_read = super::for_each_chunk(&args.input, &Check, |file, before, checked| {
        games += checked.games;
        moves += checked.moves;
        for game in &checked.warned {
            with_errors += u64::from(game.error.is_some() || args.strict);
            if !args.strict {
                warnings += game.warnings.len() as u64;
            }
            game.write(&mut out, file, before, args.strict)?;
        }
        Ok(())
    })?;
    writeln!(
        out,
        "{games} games, {moves} moves, {with_errors} games with errors, {warnings} warnings"
    )?;
    out.flush()?;
    Ok(super::exit_code(all_read, with_errors))
}
