//! `quadboard show [--fen <FEN>] [--variant <VARIANT>] [--unicode] [--quad]`: diagram, FEN,
//! Polyglot key, side to move, castling rights and en passant square in words; for a
//! variant also its pockets, remaining checks and outcome.

use std::io::{self, Write};
use std::process::ExitCode;

use quadboard_chess::board::{PieceGlyphs, QuadBoard};
use quadboard_chess::{CastlingSide, Color, Piece, Position};

use crate::error::CliError;
use crate::output;

/// Arguments of `show`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: output::PositionArgs,
    #[command(flatten)]
    variant: crate::variant::VariantArgs,
    /// Draw pieces as figurines instead of letters.
    #[arg(long)]
    unicode: bool,
    /// Also print the four quad-bitboard planes side by side.
    #[arg(long, conflicts_with = "variant")]
    quad: bool,
}

/// Prints the position; a variant's as [`crate::variant::write_position`] does, with
/// `Outcome:` when its game is over.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(variant) = args.variant.variant {
        let pos = args.position.variant_position(variant)?;
        let mut out = output::stdout();
        crate::variant::write_position(&mut out, &pos, args.unicode)?;
        if let Some(outcome) = pos.outcome() {
            writeln!(out, "Outcome: {outcome}")?;
        }
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let pos = args.position.position()?;
    let mut out = output::stdout();
    write_position(&mut out, &pos, args.unicode)?;
    if args.quad {
        writeln!(out)?;
        write!(out, "{}", quad_planes(&pos))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The diagram, then the `FEN:`, `Key:`, `Turn:`, `Castling:`, `En passant:` and (in check)
/// `Checkers:` lines: what `show` prints and `play` prints for its final position.
pub fn write_position(out: &mut impl Write, pos: &Position, unicode: bool) -> io::Result<()> {
    let glyphs = if unicode {
        PieceGlyphs::Figurines
    } else {
        PieceGlyphs::Letters
    };
    write!(out, "{}", pos.board().diagram(glyphs))?;
    writeln!(out)?;
    writeln!(out, "FEN: {}", pos.to_fen())?;
    writeln!(out, "Key: {:016x}", pos.key())?;
    writeln!(out, "Turn: {}", pos.turn())?;
    writeln!(out, "Castling: {}", castling_words(pos))?;
    match pos.ep_square() {
        Some(sq) => writeln!(out, "En passant: {sq}")?,
        None => writeln!(out, "En passant: none")?,
    }
    let checkers = pos.checkers();
    if checkers.any() {
        let names: Vec<String> = checkers
            .iter()
            .filter_map(|sq| {
                pos.board()
                    .piece_at(sq)
                    .map(|p| format!("{} {sq}", p.role()))
            })
            .collect();
        writeln!(out, "Checkers: {}", names.join(", "))?;
    }
    Ok(())
}

fn castling_words(pos: &Position) -> String {
    let castles = pos.castles();
    let mut words = Vec::new();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(rook) = castles.rook(color, side) {
                words.push(format!("{color} {side} ({rook})"));
            }
        }
    }
    if words.is_empty() {
        "none".to_string()
    } else {
        words.join(", ")
    }
}

/// The four quad-bitboard planes side by side, as in the article's figure, then the code
/// of each piece.
fn quad_planes(pos: &Position) -> String {
    let mut text = QuadBoard::from_board(pos.board()).to_string();
    let codes: Vec<String> = Piece::ALL
        .iter()
        .map(|p| format!("{}={:04b}", p.char(), p.code()))
        .collect();
    text.push_str(&format!("codes: {}\n", codes.join(" ")));
    text
}
