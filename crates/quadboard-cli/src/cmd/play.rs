//! `quadboard play [--fen <FEN>] [--lenient] [--variant <VARIANT>] <MOVE>...`: plays moves written in UCI or SAN,
//! then prints the final position as `show` does and these lines:
//!
//! ```text
//! Moves: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#
//! Outcome: 1-0 (checkmate)
//! Claimable: threefold repetition, fifty-move rule
//! ```
//!
//! `Outcome:` is `* (ongoing)` while the game goes on. `Claimable:` appears only when a draw
//! may be claimed in the final position, also when the game has ended: the claims are facts
//! of the position (a fivefold repetition is a threefold one, a game ended by the
//! seventy-five-move rule has passed the fifty-move one). A move that cannot be read or
//! played, or one after the game has ended, is an input error naming the move as typed and
//! its ply (1 for the first move given).
//!
//! Movetext pasted from a game reads as well: arguments are split at whitespace, and
//! besides moves they may hold
//!
//! - move numbers, alone or attached to the move (`1.`, `1. e4`, `1.e4`, `12...Nf6`): a
//!   number must be the number of the move it stands before (counted from the FEN's
//!   fullmove number); `N...` stands only before a black move, `N.` before either side's.
//!   A number that does not fit is an error rather than ignored: it most often means a
//!   move was lost in the copy, and playing on would give another game without a word;
//! - a result as the last word (`1-0`, `0-1`, `1/2-1/2`, `*`), which is ignored: a game
//!   may end by resignation or agreement, which the board does not show.
//!
//! Comments, variations and NAGs (`{...}`, `(...)`, `$1`) are not read.
//!
//! With `--variant` the moves are played by the variant's rules, in UCI or SAN (`P@e4` or
//! `@e4` for a drop, `e7e8k` or `e8=K` for antichess's king promotion); the final position
//! is printed as `show --variant` prints it, `Moves:` as for chess, and `Outcome:` gives the
//! variant's ending (`1-0 (variant loss)`: black, to move, has lost by the variant's
//! rule).

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::position::UciError;
use quadboard_chess::san::SanError;
use quadboard_chess::variant::{AnyVariant, VariantMove, VariantSanError, VariantUciError};
use quadboard_chess::{Color, Game, Move, Position};

use crate::cmd::show;
use crate::error::CliError;
use crate::output;

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    position: output::PositionArgs,
    #[command(flatten)]
    variant: crate::variant::VariantArgs,
    /// The moves, each in UCI (e2e4, e1g1, e7e8q) or SAN (e4, Nf3, O-O, exd8=Q+); pasted
    /// movetext also works ("1. e4 e5 2.Nf3 Nc6", "12... Nf6"), numbers checked, a
    /// final result (1-0, 0-1, 1/2-1/2, *) ignored.
    #[arg(value_name = "MOVE", required = true)]
    moves: Vec<String>,
}

/// Plays the moves and prints the final position, the movetext, the outcome and the
/// claimable draws.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let words: Vec<&str> = args
        .moves
        .iter()
        .flat_map(|arg| arg.split_whitespace())
        .collect();
    if let Some(variant) = args.variant.variant {
        let start = args.position.variant_position(variant)?;
        return run_variant(start, &words);
    }
    let start = args.position.position()?;
    let mut game = Game::from_position(start);
    // The move number that stands before the next move, if any.
    let mut number: Option<MoveNumber> = None;
    let mut ply = 0;
    for (i, &word) in words.iter().enumerate() {
        let last = i + 1 == words.len();
        if is_result(word) {
            if !last {
                return Err(CliError::input(format!(
                    "the result '{word}' must come last, after the moves"
                )));
            }
            break;
        }
        let text = match MoveNumber::read(word) {
            Some((found, rest)) => {
                if let Some(before) = number {
                    return Err(CliError::input(format!(
                        "ply {}: move number '{}' follows '{}' without a move between",
                        ply + 1,
                        found.text,
                        before.text
                    )));
                }
                found.check(game.position().turn(), game.position().fullmoves(), ply + 1)?;
                number = Some(found);
                if rest.is_empty() {
                    continue;
                }
                rest
            }
            None => word,
        };
        number = None;
        ply += 1;
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
    if let Some(number) = number {
        return Err(CliError::input(format!(
            "ply {}: move number '{}' without a move after it",
            ply + 1,
            number.text
        )));
    }
    if ply == 0 {
        return Err(CliError::input("no moves to play"));
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

/// `play --variant`: the moves in UCI or SAN, then the final position as `show --variant`
/// writes it, `Moves:` (numbered, in SAN) and `Outcome:` by the variant's rules. No `Claimable:` line: repetitions are not tracked for variants.
fn run_variant(start: AnyVariant, words: &[&str]) -> Result<ExitCode, CliError> {
    let mut pos = start;
    let first_turn = pos.turn();
    let first_number = crate::variant::move_number(&pos);
    let mut played: Vec<String> = Vec::new();
    let mut number: Option<MoveNumber> = None;
    for (i, &word) in words.iter().enumerate() {
        let ply = played.len();
        if is_result(word) {
            if i + 1 != words.len() {
                return Err(CliError::input(format!(
                    "the result '{word}' must come last, after the moves"
                )));
            }
            break;
        }
        let text = match MoveNumber::read(word) {
            Some((found, rest)) => {
                if let Some(before) = number {
                    return Err(CliError::input(format!(
                        "ply {}: move number '{}' follows '{}' without a move between",
                        ply + 1,
                        found.text,
                        before.text
                    )));
                }
                found.check(pos.turn(), crate::variant::move_number(&pos), ply + 1)?;
                number = Some(found);
                if rest.is_empty() {
                    continue;
                }
                rest
            }
            None => word,
        };
        number = None;
        let ply = ply + 1;
        if let Some(outcome) = pos.outcome() {
            return Err(CliError::input(format!(
                "ply {ply}: cannot play '{text}': the game has ended: {outcome}"
            )));
        }
        let m = read_variant_move(&pos, text)
            .map_err(|reason| CliError::input(format!("ply {ply}: {reason}")))?;
        played.push(pos.to_san(m).to_string());
        pos.play_unchecked(m);
    }
    if let Some(number) = number {
        return Err(CliError::input(format!(
            "ply {}: move number '{}' without a move after it",
            played.len() + 1,
            number.text
        )));
    }
    if played.is_empty() {
        return Err(CliError::input("no moves to play"));
    }
    let mut out = output::stdout();
    crate::variant::write_position(&mut out, &pos, false)?;
    writeln!(
        out,
        "Moves: {}",
        movetext(first_turn, first_number, &played)
    )?;
    match pos.outcome() {
        Some(outcome) => writeln!(out, "Outcome: {outcome}")?,
        None => writeln!(out, "Outcome: * (ongoing)")?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The variant move `text` names in UCI, or else in SAN; the error in words.
fn read_variant_move(pos: &AnyVariant, text: &str) -> Result<VariantMove, String> {
    match pos.parse_uci(text) {
        Ok(m) => return Ok(m),
        Err(e @ VariantUciError::Illegal(_)) => return Err(e.to_string()),
        Err(VariantUciError::Syntax(_)) => {}
    }
    pos.parse_san(text).map_err(|e| match e {
        VariantSanError::Syntax(_) => format!(
            "'{text}' is not a move in UCI (e2e4, e7e8q, P@e4) or SAN (e4, Nf3, O-O, e8=Q, N@f3)"
        ),
        _ => e.to_string(),
    })
}

/// Numbered movetext (`1. e4 e5 2. Nf3`, `5... d5 6. c4`) of `moves` played
/// from fullmove `number` with `turn` to move.
fn movetext(turn: Color, number: u32, moves: &[String]) -> String {
    let mut text = String::new();
    let (mut turn, mut number) = (turn, number);
    for (i, m) in moves.iter().enumerate() {
        if !text.is_empty() {
            text.push(' ');
        }
        match turn {
            Color::White => text.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => text.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        text.push_str(m);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    text
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

/// Whether `word` is a game result, which may end movetext.
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A move number of movetext: `12.` (a move of either side) or `12...` (black's).
#[derive(Clone, Copy)]
struct MoveNumber<'a> {
    /// The number and its dots, as typed.
    text: &'a str,
    number: u32,
    black: bool,
}

impl<'a> MoveNumber<'a> {
    /// The move number `word` starts with, and the rest of the word (a move attached to
    /// the number, or nothing); `None` when the word does not start with digits and one
    /// or three dots (castling with zeros, `0-0`, is a move).
    fn read(word: &'a str) -> Option<(MoveNumber<'a>, &'a str)> {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits == 0 || !(dots == 1 || dots == 3) {
            return None;
        }
        let (text, rest) = word.split_at(digits + dots);
        // More digits than a u32 holds cannot be the current move number either.
        let number = word[..digits].parse().unwrap_or(u32::MAX);
        Some((
            MoveNumber {
                text,
                number,
                black: dots == 3,
            },
            rest,
        ))
    }

    /// Checks that the number is that of the move to be played (ply `ply`) by `turn` at
    /// fullmove number `fullmoves`.
    fn check(&self, turn: Color, fullmoves: u32, ply: usize) -> Result<(), CliError> {
        if self.number == fullmoves && (turn == Color::Black || !self.black) {
            return Ok(());
        }
        let expected = match turn {
            Color::White => format!("{fullmoves}."),
            Color::Black => format!("{fullmoves}..."),
        };
        Err(CliError::input(format!(
            "ply {ply}: move number '{}' does not fit: the next move is {expected} ({turn} to move)",
            self.text
        )))
    }
}
