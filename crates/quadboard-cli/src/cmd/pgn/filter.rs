//! `quadboard pgn filter [FILE]... [--tag NAME=VALUE]... [--fen FEN] [--result R]
//! [--min-plies N]`: the games that match, byte for byte as they are in the input.

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{AnyGame, Game, GamePosition, Reader, Termination};
use quadboard_chess::variant::{AnyVariant, Variant};
use quadboard_chess::{Move, Position};

use super::input::Chunk;
use super::pipeline::Job;
use super::{Counted, InputArgs};
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn filter`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Games with this tag, its value exactly VALUE (unescaped: `\"` is `"`); several
    /// --tag must all match.
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_tag)]
    tag: Vec<(String, String)>,
    /// Games whose mainline reaches this position (start position included): same pieces,
    /// side to move, castling rights and en passant square where a capture there is legal;
    /// move counters are ignored. A variant game compares its positions with the FEN read
    /// as one of its variant (pockets, check counts and promoted pieces must be the same
    /// too); a FEN that variant cannot read matches none of its games.
    #[arg(long)]
    fen: Option<String>,
    /// Games with this result: 1-0, 0-1, 1/2-1/2 or *, as the movetext's termination
    /// marker says, or the Result tag for a movetext without one.
    #[arg(long, value_name = "R", value_parser = parse_result)]
    result: Option<Termination>,
    /// Games whose mainline has at least N plies.
    #[arg(long, value_name = "N")]
    min_plies: Option<u64>,
}

fn parse_tag(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_owned(), value.to_owned())),
        _ => Err(format!("{text:?} is not NAME=VALUE")),
    }
}

fn parse_result(text: &str) -> Result<Termination, String> {
    text.parse().map_err(|e| format!("{text:?}: {e}"))
}

/// The criteria, ready to compare.
struct Filter {
    tags: Vec<(String, String)>,
    /// `--fen` as chess reads it (`None` without `--fen`, or when only variants read it).
    position: Option<Position>,
    /// `--fen` as each variant reads it, counters dropped (`Variant::ALL`'s order); `None`
    /// where the variant cannot read it.
    variant_positions: Option<Vec<Option<String>>>,
    result: Option<Termination>,
    min_plies: Option<u64>,
}

/// A variant FEN without its last two fields (the move counters).
fn without_counters(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    fields[..fields.len().saturating_sub(2)].join(" ")
}

/// Whether the mainline of a variant game reaches `target` (a FEN without counters).
fn reaches_variant(game: &Game<AnyVariant>, target: &str) -> bool {
    let mut pos = *game.start_position();
    if without_counters(&pos.to_fen()) == target {
        return true;
    }
    for id in game.mainline() {
        pos.play_move(game.node(id).mv);
        if without_counters(&pos.to_fen()) == target {
            return true;
        }
    }
    false
}

impl Filter {
    fn matches(&self, game: &AnyGame) -> bool {
        match game {
            AnyGame::Chess(game) => {
                self.matches_header(game)
                    && (self.variant_positions.is_none()
                        || self.position.as_ref().is_some_and(|t| reaches(game, t)))
            }
            AnyGame::Variant(game) => {
                let variant = game.start_position().variant();
                self.matches_header(game)
                    && self.variant_positions.as_ref().is_none_or(|targets| {
                        let i = Variant::ALL.iter().position(|&v| v == variant);
                        i.and_then(|i| targets[i].as_deref())
                            .is_some_and(|target| reaches_variant(game, target))
                    })
            }
        }
    }

    /// The criteria other than `--fen`.
    fn matches_header<P: GamePosition>(&self, game: &Game<P>) -> bool {
        self.tags
            .iter()
            .all(|(name, value)| game.tags().iter().any(|(n, v)| n == name && v == value))
            && self.result.is_none_or(|want| {
                let result = game
                    .result()
                    .or_else(|| game.tag("Result").and_then(|r| r.parse().ok()));
                result == Some(want)
            })
            && self
                .min_plies
                .is_none_or(|n| game.mainline().count() as u64 >= n)
    }
}

/// Whether the mainline of `game` reaches `target`, counters aside.
fn reaches(game: &Game, target: &Position) -> bool {
    let key = target.repetition_key();
    let same = |pos: &Position| {
        pos.repetition_key() == key
            && pos.board() == target.board()
            && pos.turn() == target.turn()
            && pos.castling_rooks() == target.castling_rooks()
            && pos.legal_ep_square() == target.legal_ep_square()
    };
    let mut pos = *game.start_position();
    if same(&pos) {
        return true;
    }
    for id in game.mainline() {
        let m = game.node(id).mv;
        if m == Move::NULL {
            match pos.null_move() {
                Ok(next) => pos = next,
                Err(_) => return false,
            }
        } else {
            pos.play_unchecked(m);
        }
        if same(&pos) {
            return true;
        }
    }
    false
}

/// A chunk's matching games, as read.
struct Matched {
    games: u64,
    text: Vec<u8>,
}

impl Counted for Matched {
    fn games(&self) -> u64 {
        self.games
    }
}

impl Job for Filter {
    type Output = Matched;

    fn run(&self, chunk: &Chunk) -> Matched {
        let mut reader = Reader::new(&chunk.bytes)
            .starting_at(0, chunk.lines, chunk.offset)
            .keep_games(true);
        let mut matched = Matched {
            games: 0,
            text: Vec::new(),
        };
        while let Ok(Some(game)) = AnyGame::read(&mut reader) {
            matched.games += 1;
            if self.matches(&game) {
                let text = reader.last_game_bytes();
                matched.text.extend_from_slice(text);
                if !text.ends_with(b"\n") {
                    matched.text.push(b'\n');
                }
            }
        }
        matched
    }
}

/// Runs `pgn filter`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let (position, variant_positions) = match &args.fen {
        None => (None, None),
        Some(fen) => {
            let fen = fen.trim();
            let chess = Position::from_fen(fen);
            let variants: Vec<Option<String>> = Variant::ALL
                .iter()
                .map(|&v| {
                    let pos = AnyVariant::from_fen(v, fen).ok()?;
                    Some(without_counters(&pos.to_fen()))
                })
                .collect();
            match chess {
                Ok(pos) => (Some(pos), Some(variants)),
                // A FEN of a variant only (pockets, check counts) is fine.
                Err(_) if variants.iter().any(Option::is_some) => (None, Some(variants)),
                Err(e) => return Err(CliError::input(format!("--fen: {e}"))),
            }
        }
    };
    let filter = Filter {
        tags: args.tag,
        position,
        variant_positions,
        result: args.result,
        min_plies: args.min_plies,
    };
    let mut out = output::stdout();
    let all_read = super::for_each_chunk(&args.input, &filter, |_, _, matched| {
        out.write_all(&matched.text)?;
        Ok(())
    })?;
    out.flush()?;
    Ok(super::exit_code(all_read, 0))
}
