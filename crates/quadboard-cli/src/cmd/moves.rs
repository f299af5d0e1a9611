//! `quadboard moves [--fen <FEN>] [--san]`: the legal moves in UCI (or SAN), then
//! `<n> legal moves`.

use std::io::Write;
use std::process::ExitCode;

use crate::error::CliError;
use crate::output;

/// Arguments of `moves`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: output::PositionArgs,
    /// Write the moves in SAN (Nf3, exd5, O-O, e8=Q+) instead of UCI.
    #[arg(long)]
    san: bool,
}

/// Prints one move per line in generation order, then the count.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let pos = args.position.position()?;
    let moves = pos.legal_moves();
    let mut out = output::stdout();
    for &m in moves.iter() {
        if args.san {
            writeln!(out, "{}", pos.to_san(m))?;
        } else {
            writeln!(out, "{}", pos.to_uci(m))?;
        }
    }
    writeln!(out, "{} legal moves", moves.len())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
