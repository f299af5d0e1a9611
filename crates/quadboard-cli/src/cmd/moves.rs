//! `quadboard moves [--fen <FEN>] [--variant <VARIANT>] [--san]`: the legal moves in UCI (or SAN), then
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
    #[command(flatten)]
    variant: crate::variant::VariantArgs,
    /// Write the moves in SAN (Nf3, exd5, O-O, e8=Q+) instead of UCI.
    #[arg(long)]
    san: bool,
}

/// Prints one move per line in generation order, then the count; a variant's moves with
/// drops as `N@f3` (SAN `N@f3`, `@e4` for a pawn) and king promotions as `e7e8k` (`e8=K`).
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(variant) = args.variant.variant {
        let pos = args.position.variant_position(variant)?;
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
        return Ok(ExitCode::SUCCESS);
    }
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
