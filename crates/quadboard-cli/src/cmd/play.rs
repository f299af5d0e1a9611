//! `quadboard play [--fen <FEN>] [--lenient] <MOVE>...`: plays moves written in UCI or SAN,
//! then prints the final position as `show` does and these lines:
//!
//! ```text
//! Moves: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#
//! Outcome: 1-0 (checkmate)
//! Claimable: threefold repetition, fifty-move rule
//! ```
//!
//! `Outcome:` is `* (ongoing)` while the game goes on; `Claimable:` appears only when a draw
//! may be claimed. A move that cannot be read or played, or one after the game has ended,
//! is an input error naming the move as typed and its ply (1 for the first move given).

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::position::UciError;
use quadboard_chess::san::SanError;
use quadboard_chess::{Game, Move, Position};

use crate::cmd::show;
use crate::error::CliError;
use crate::output;

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: output::PositionArgs,
    /// The moves, each in UCI (e2e4, e1g1, e7e8q) or SAN (e4, Nf3, O-O, exd8=Q+).
    #[arg(value_name = "MOVE", required = true)]
    moves: Vec<String>,
}

/// Plays the moves and prints the final position, the movetext, the outcome and the
/// claimable draws.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let start = args.position.position()?;
    let mut game = Game::from_position(start);
    for (i, text) in args.moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(outcome) = game.outcome() {
            return Err(CliError::input(format!(
                "ply {ply}: cannot play '{text}': the game has ended: {outcome}"
            )));
        }
        let m = read_move(game.position(), text)
            .map_err(|reason| CliError::input(format!("ply {ply}: {reason}")))?;
        game.play(m)
            .map_err(|e| CliError::input(format!("ply {ply}: {e}")))?;
    }

    let mut out = output::stdout();
    show::write_position(&mut out, game.position(), false)?;
    writeln!(out, "Moves: {}", game.movetext())?;
    match game.outcome() {
        Some(outcome) => writeln!(out, "Outcome: {outcome}")?,
        None => writeln!(out, "Outcome: * (ongoing)")?,
    }
    let claims: Vec<&str> = game.claimable_draws().map(|c| c.name()).collect();
    if !claims.is_empty() {
        writeln!(out, "Claimable: {}", claims.join(", "))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The move `text` names in UCI, or else in SAN; the error in words, quoting `text` as
/// typed.
fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    match pos.parse_uci(text) {
        Ok(m) => return Ok(m),
        Err(e @ UciError::Illegal(_)) => return Err(e.to_string()),
        Err(UciError::Syntax(_)) => {}
    }
    pos.parse_san(text).map_err(|e| match e {
        SanError::Syntax(_) => {
            format!("'{text}' is not a move in UCI (e2e4, e7e8q) or SAN (e4, Nf3, O-O, e8=Q)")
        }
        // The library quotes the move as it read it (`0-0` as `O-O`, `Ng1-f3!` as `Nf3`);
        // the user looks for what they typed.
        SanError::Illegal(san) | SanError::Ambiguous { san, .. } => {
            e.to_string()
                .replacen(&format!("'{san}'"), &format!("'{text}'"), 1)
        }
    })
}
