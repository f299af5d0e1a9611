//! `quadboard pgn json [FILE]... [--threads N] [--part K/N] [--strict]`: one JSON object
//! per game per line.

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{AnyGame, Game, GamePosition, Reader};
use serde::Serialize;

use super::input::Chunk;
use super::pipeline::Job;
use super::{Counted, InputArgs};
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn json`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Warnings are errors: in `errors` (as `{"ply", "move", "reason"}`), not `warnings`.
    #[arg(long)]
    strict: bool,
}

/// A game as JSON, after its `game` key (which the printer writes: numbers are known only
/// in input order). Keys in this order.
#[derive(Serialize)]
struct JsonGame<'a> {
    line: u64,
    offset: u64,
    tags: &'a [(String, String)],
    fen: String,
    uci: Vec<String>,
    san: Vec<String>,
    #[serde(rename = "final")]
    final_fen: String,
    result: Option<&'static str>,
    nodes: usize,
    comments: usize,
    nags: usize,
    errors: Vec<JsonError>,
    warnings: Vec<String>,
}

#[derive(Serialize)]
struct JsonError {
    ply: u32,
    #[serde(rename = "move")]
    text: String,
    reason: String,
}

/// A chunk's games: each object without its opening `{`, one after the other.
struct Objects {
    text: Vec<u8>,
    /// Where each object ends in `text`.
    ends: Vec<usize>,
    with_errors: u64,
}

impl Counted for Objects {
    fn games(&self) -> u64 {
        self.ends.len() as u64
    }
}

struct Json {
    strict: bool,
}

impl Job for Json {
    type Output = Objects;

    fn run(&self, chunk: &Chunk) -> Objects {
        let mut reader = Reader::new(&chunk.bytes).starting_at(0, chunk.lines, chunk.offset);
        let mut objects = Objects {
            text: Vec::new(),
            ends: Vec::new(),
            with_errors: 0,
        };
        let mut object = Vec::new();
        while let Ok(Some(game)) = AnyGame::read(&mut reader) {
            object.clear();
            // Serialising strings and numbers into memory cannot fail.
            let _ = match &game {
                AnyGame::Chess(game) => {
                    serde_json::to_writer(&mut object, &json_game(game, self.strict))
                }
                AnyGame::Variant(game) => {
                    serde_json::to_writer(&mut object, &json_game(game, self.strict))
                }
            };
            objects
                .text
                .extend_from_slice(object.get(1..).unwrap_or_default());
            objects.ends.push(objects.text.len());
            let warned = self.strict && !game.warnings().is_empty();
            objects.with_errors += u64::from(!game.errors().is_empty() || warned);
        }
        objects
    }
}

/// The object of a chess or variant game: variant FENs have the variant's fields (check
/// counts, pockets), variant moves their drops and king promotions.
fn json_game<P: GamePosition>(game: &Game<P>, strict: bool) -> JsonGame<'_> {
    let start = game.start_at();
    let mut errors: Vec<JsonError> = game
        .errors()
        .iter()
        .map(|e| JsonError {
            ply: e.ply,
            text: e.text.clone(),
            reason: e.reason.to_string(),
        })
        .collect();
    let mut warnings = Vec::new();
    for w in game.warnings() {
        if strict {
            errors.push(JsonError {
                ply: w.ply,
                text: w.text.clone(),
                reason: w.reason.to_string(),
            });
        } else {
            warnings.push(w.to_string());
        }
    }
    JsonGame {
        line: start.line,
        offset: start.offset,
        tags: game.tags(),
        fen: game.start_position().fen(),
        uci: game.mainline_uci(),
        san: game.mainline_san(),
        final_fen: game.final_position().fen(),
        result: game.result().map(|r| r.as_str()),
        nodes: game.node_count(),
        comments: game.comment_count(),
        nags: game.nag_count(),
        errors,
        warnings,
    }
}

/// Runs `pgn json`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let mut with_errors = 0;
    let job = Json {
        strict: args.strict,
    };
    let all_read = super::for_each_chunk(&args.input, &job, |_, before, objects| {
        with_errors += objects.with_errors;
        let mut start = 0;
        for (i, &end) in objects.ends.iter().enumerate() {
            write!(out, "{{\"game\":{},", before + i as u64 + 1)?;
            out.write_all(&objects.text[start..end])?;
            out.write_all(b"\n")?;
            start = end;
        }
        Ok(())
    })?;
    out.flush()?;
    Ok(super::exit_code(all_read, with_errors))
}
