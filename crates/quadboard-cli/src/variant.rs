//! `--variant`: the lichess variants of the library's `variant` module, chosen by name at
//! run time ([`AnyVariant`]), and what the commands print of them beyond chess.
//!
//! Every variant name the library knows is accepted: the library plays them all.

use std::io::{self, Write};

use quadboard_chess::variant::{AnyVariant, Variant, VariantError};
use quadboard_chess::{CastlingSide, Color, File, Role, Setup};

use crate::error::CliError;

/// The `--variant` option of `perft`, `moves`, `play`, `show` and `suite`.
#[derive(clap::Args)]
pub struct VariantArgs {
    /// Play a lichess variant instead of chess: atomic, antichess, crazyhouse, horde,
    /// kingofthehill, racingkings or 3check (also the other names lichess and
    /// python-chess use: "King of the Hill", koth, giveaway, zh, threecheck, ...). The
    /// start position is the variant's; --fen is read with the variant's fields (3+3
    /// check counts, pockets in brackets after the placement, ~ after promoted pieces) and
    /// X-FEN castling.
    #[arg(long, value_name = "VARIANT", value_parser = parse_variant)]
    pub variant: Option<Variant>,
}

/// Reads a variant name (clap prints the message after `error: invalid value ...`).
pub fn parse_variant(text: &str) -> Result<Variant, String> {
    Variant::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.uci_name()).collect();
        format!(
            "unknown variant '{text}': expected one of {}",
            names.join(", ")
        )
    })
}

/// The start position of `variant`, or the position of `fen` read with its fields.
pub fn position(variant: Variant, fen: Option<&str>) -> Result<AnyVariant, CliError> {
    match fen {
        None => Ok(AnyVariant::new(variant)),
        Some(fen) => AnyVariant::from_fen(variant, fen).map_err(|e| fen_error(variant, &e)),
    }
}

/// A FEN error in words that name the variant (the library's own text starts with
/// `invalid FEN: ` or `illegal <variant> position: `).
pub fn fen_error(variant: Variant, e: &VariantError) -> CliError {
    match e {
        VariantError::Rule { .. } => CliError::input(e.to_string()),
        _ => CliError::input(format!("{e} (variant {variant})")),
    }
}

/// The chess fields of a variant FEN (the variant's own fields dropped: pockets, `~`
/// markers, check counts), for what the variant types do not hand out themselves:
/// castling rights, en passant square, move numbers. `None` when they cannot be read, which
/// does not happen for a FEN the library wrote.
pub fn chess_fields(fen: &str) -> Option<Setup> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next()?;
    // A pocket is `[..]` after the placement or a ninth rank.
    let placement = placement.split('[').next()?;
    let ranks: Vec<&str> = placement.split('/').take(8).collect();
    let placement = ranks.join("/").replace('~', "");
    // Check counts are `3+3` (a field of their own) or `+W+B` (after the move number).
    let rest: Vec<&str> = fields.filter(|f| !f.contains('+')).collect();
    Setup::from_fen(&format!("{placement} {}", rest.join(" "))).ok()
}

/// The side to move and the fullmove number of a variant position.
pub fn move_number(pos: &AnyVariant) -> u32 {
    chess_fields(&pos.to_fen()).map_or(1, |setup| setup.fullmoves)
}

/// The variant lines of `show`: the diagram, then `FEN:`, `Key:` (the library's variant
/// key: Polyglot's for the chess part, its documented extension for pockets, promoted
/// pieces and check counts), `Turn:`, `Castling:`, `En passant:`, `Checkers:` (in check)
/// as for chess, then `Variant:`, `Pockets:` (crazyhouse) and `Remaining checks:`
/// (three-check).
pub fn write_position(out: &mut impl Write, pos: &AnyVariant, unicode: bool) -> io::Result<()> {
    let glyphs = if unicode {
        quadboard_chess::board::PieceGlyphs::Figurines
    } else {
        quadboard_chess::board::PieceGlyphs::Letters
    };
    let board = pos.board();
    write!(out, "{}", board.diagram(glyphs))?;
    writeln!(out)?;
    let fen = pos.to_fen();
    writeln!(out, "FEN: {fen}")?;
    writeln!(out, "Key: {:016x}", pos.key())?;
    writeln!(out, "Turn: {}", pos.turn())?;
    let setup = chess_fields(&fen);
    writeln!(out, "Castling: {}", castling_words(setup.as_ref()))?;
    match setup.and_then(|s| s.ep_square) {
        Some(sq) => writeln!(out, "En passant: {sq}")?,
        None => writeln!(out, "En passant: none")?,
    }
    if pos.is_check() {
        if let Some(king) = board.king_of(pos.turn()) {
            let checkers = board.attackers(king, !pos.turn(), board.occupied());
            let names: Vec<String> = checkers
                .iter()
                .filter_map(|sq| board.piece_at(sq).map(|p| format!("{} {sq}", p.role())))
                .collect();
            writeln!(out, "Checkers: {}", names.join(", "))?;
        }
    }
    writeln!(out, "Variant: {}", pos.variant())?;
    if let AnyVariant::Crazyhouse(zh) = pos {
        let pockets = zh.pockets();
        let side = |color: Color| {
            let mut text = String::new();
            for role in [
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                let letter = quadboard_chess::Piece::new(color, role).char();
                for _ in 0..pockets.count(color, role) {
                    text.push(letter);
                }
            }
            if text.is_empty() {
                text.push_str("none");
            }
            format!("{color} {text}")
        };
        writeln!(
            out,
            "Pockets: {}, {}",
            side(Color::White),
            side(Color::Black)
        )?;
    }
    if let AnyVariant::ThreeCheck(three) = pos {
        writeln!(
            out,
            "Remaining checks: white {}, black {}",
            three.remaining_checks(Color::White),
            three.remaining_checks(Color::Black)
        )?;
    }
    Ok(())
}

/// The castling rights in words, as `show` writes them for chess.
fn castling_words(setup: Option<&Setup>) -> String {
    let mut words = Vec::new();
    if let Some(setup) = setup {
        for color in Color::ALL {
            let king_file = setup
                .board
                .king_of(color)
                .map_or(File::E, |king| king.file());
            // King side first, as chess's `show` writes them.
            let mut rooks: Vec<_> = (setup.castling_rooks & setup.board.by_color(color))
                .iter()
                .collect();
            rooks.sort_by_key(|rook| rook.file() < king_file);
            for rook in rooks {
                let side = if rook.file() < king_file {
                    CastlingSide::QueenSide
                } else {
                    CastlingSide::KingSide
                };
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

/// Variant perft, its recursion compiled once more with the instructions of CPU level
/// `bmi2` and run there when the library's level in use ([`quadboard_chess::cpu::level`])
/// has them.
///
/// The library compiles its chess generator per CPU level and dispatches at every call,
/// but a variant's own code around it (make-move, the filters and counts of racing kings
/// and antichess, crazyhouse's drops) is compiled for baseline x86-64 in a build without
/// target flags. Here, in the one release build with fat LTO, that code is inlined into a
/// function compiled with POPCNT, BMI1/2, LZCNT and AVX2.
pub fn perft(pos: &AnyVariant, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use quadboard_chess::cpu::{self, CpuLevel};
        if cpu::level() >= CpuLevel::Bmi2 {
            #[allow(unsafe_code)]
            // SAFETY: the level in use is one the CPU supports (`cpu::level` says so), and
            // `bmi2` and above have every feature `perft_bmi2` enables.
            return unsafe { perft_bmi2(pos, depth) };
        }
    }
    pos.perft(depth)
}

/// [`perft`] with the `bmi2` level's instructions.
///
/// # Safety
/// The CPU must have POPCNT, BMI1, BMI2, LZCNT and AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
#[allow(unsafe_code)]
unsafe fn perft_bmi2(pos: &AnyVariant, depth: u32) -> u64 {
    use quadboard_chess::variant::VariantPosition;

    /// The library's variant perft (`variant::perft`), with these instructions.
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    fn walk<P: VariantPosition>(pos: &P, depth: u32) -> u64 {
        quadboard_chess::variant::perft_node(pos, depth, |child, d| walk(child, d))
    }

    match pos {
        AnyVariant::Antichess(p) => walk(p, depth),
        AnyVariant::Crazyhouse(p) => walk(p, depth),
        AnyVariant::RacingKings(p) => walk(p, depth),
        AnyVariant::Atomic(p) => walk(p, depth),
        AnyVariant::Horde(p) => walk(p, depth),
        // King of the hill and three-check hand most of their tree to the chess engine,
        // which dispatches by itself.
        AnyVariant::KingOfTheHill(_) | AnyVariant::ThreeCheck(_) => pos.perft(depth),
    }
}
