//! `quadboard pgn json [FILE]... [--threads N] [--part K/N]`: one JSON object per game per
//! line.

use std::io::Write;
use std::process::ExitCode;

use quadboard_chess::pgn::{Game, Reader};
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

struct Json;

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
        while let Ok(Some(game)) = Game::read(&mut reader) {
            object.clear();
            // Serialising strings and numbers into memory cannot fail.
            let _ = serde_json::to_writer(&mut object, &json_game(&game));
            objects
                .text
                .extend_from_slice(object.get(1..).unwrap_or_default());
            objects.ends.push(objects.text.len());
            objects.with_errors += u64::from(!game.errors().is_empty());
        }
        objects
    }
}

fn json_game(game: &Game) -> JsonGame<'_> {
    let start = game.start_at();
    JsonGame {
        line: start.line,
        offset: start.offset,
        tags: game.tags(),
        fen: game.start_position().to_fen(),
        uci: game.mainline_uci(),
        san: game.mainline_san(),
        final_fen: game.final_position().to_fen(),
        result: game.result().map(|r| r.as_str()),
        nodes: game.node_count(),
        comments: game.comment_count(),
        nags: game.nag_count(),
        errors: game
            .errors()
            .iter()
            .map(|e| JsonError {
                ply: e.ply,
                text: e.text.clone(),
                reason: e.reason.to_string(),
            })
            .collect(),
    }
}

/// Runs `pgn json`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let mut with_errors = 0;
    let all_read = super::for_each_chunk(&args.input, &Json, |_, before, objects| {
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
