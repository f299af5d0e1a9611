//! `quadboard attacks <PIECE> <SQUARE> [--fen <FEN>]`: the attack set as a diagram, then
//! `<n> squares` (`1 square`).

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::{attacks, Bitboard, Piece, Square};

use crate::error::CliError;
use crate::output;

/// Arguments of `attacks`.
#[derive(clap::Args)]
pub struct Args {
    /// A FEN piece letter: PNBRQK for white, pnbrqk for black.
    piece: String,
    /// The square the piece stands on, like e4.
    square: String,
    /// Take the occupied squares from this position: sliders stop at the first piece of
    /// either colour, which counts as attacked.
    #[arg(long)]
    fen: Option<String>,
}

/// Prints the attacked squares (rank 8 on top, `X` attacked) and their number.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let piece: Piece = args
        .piece
        .parse()
        .map_err(|e| CliError::input(format!("invalid piece '{}': {e}", args.piece)))?;
    let square: Square = args
        .square
        .parse()
        .map_err(|e| CliError::input(format!("invalid square '{}': {e}", args.square)))?;
    let occupied = match args.fen.as_deref() {
        None => Bitboard::EMPTY,
        Some(fen) => {
            let setup = quadboard_chess::Setup::from_fen(fen)
                .map_err(|e| CliError::input(format!("invalid FEN: {e}")))?;
            setup.board.occupied()
        }
    };
    let attacked = attacks::piece_attacks(piece, square, occupied.with(square));
    let mut out = output::stdout();
    write!(out, "{attacked}")?;
    let count = attacked.count();
    let noun = if count == 1 { "square" } else { "squares" };
    writeln!(out, "{count} {noun}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
