//! `quadboard pgn analyse FILE... --engine PATH [--depth N | --nodes N | --movetime MS]
//! [--option NAME=VALUE]... [--threads J] [--part K/N]`: every mainline position evaluated
//! by a UCI engine, written as `[%eval]` comments in `pgn fmt`'s export format.
//!
//! One thread reads the games; J workers own an engine each and analyse a game at a time;
//! the caller's thread writes the games in input order. Each game starts with
//! `ucinewgame`, and each engine has `Threads` 1 unless `--option` says otherwise, so that
//! a deterministic engine gives the same output for any J.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use indicatif::{ProgressBar, ProgressStyle};
use quadboard_chess::pgn::{AnyGame, Eval, Game, GamePosition, NodeId, Reader};
use quadboard_chess::variant::{AnyVariant, VariantMove};
use quadboard_chess::{Color, Move};
use quadboard_engine::{EngineError, Go, Limit, Score, UciEngine, VariantGo};

use super::InputArgs;
use crate::error::CliError;
use crate::output;

/// Arguments of `pgn analyse`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// The UCI engine to run (one process per thread).
    #[arg(long, value_name = "PATH")]
    engine: PathBuf,
    /// Search each position to this depth (the default, 16, when no limit is given).
    #[arg(long, value_name = "N", conflicts_with_all = ["nodes", "movetime"],
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    depth: Option<u32>,
    /// Search each position for this many nodes.
    #[arg(long, value_name = "N", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search each position for this many milliseconds (the output then depends on the
    /// machine's speed).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// An engine option, checked against what the engine declares (repeatable; a button
    /// takes `NAME=`). `Threads` is 1 unless given here.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

/// What every worker needs to (re)start its engine and search.
struct Setup {
    engine: PathBuf,
    options: Vec<(String, String)>,
    limit: Limit,
}

impl Setup {
    /// Starts the engine and sets its options: `Threads` 1 first, when the engine has it
    /// and `--option` does not set it.
    fn start(&self) -> Result<UciEngine, String> {
        let shown = self.engine.display();
        let mut engine = UciEngine::start(self.engine.as_path()).map_err(|e| e.to_string())?;
        let threads_given = self
            .options
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("Threads"));
        if !threads_given && engine.option("Threads").is_some() {
            engine
                .set_option("Threads", "1")
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        for (name, value) in &self.options {
            engine
                .set_option(name, value)
                .map_err(|e| format!("--option {name}={value}: {e}"))?;
        }
        engine.is_ready().map_err(|e| e.to_string())?;
        Ok(engine)
    }
}

/// A game to analyse, with where it is.
struct Task {
    file: Arc<str>,
    number: u64,
    line: u64,
    game: AnyGame,
}

/// A game analysed: its text, and its error lines for stderr.
struct Done {
    text: String,
    errors: Vec<String>,
}

/// Runs `pgn analyse`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    args.input.check_part()?;
    let mut options = Vec::new();
    for text in &args.options {
        let Some((name, value)) = text.split_once('=') else {
            return Err(CliError::input(format!(
                "--option {text}: expected NAME=VALUE (NAME= for a button)"
            )));
        };
        options.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    let limit = match (args.depth, args.nodes, args.movetime) {
        (_, Some(n), _) => Limit::nodes(n),
        (_, _, Some(ms)) => Limit::movetime(std::time::Duration::from_millis(ms)),
        (d, _, _) => Limit::depth(d.unwrap_or(16)),
    };
    let setup = Setup {
        engine: args.engine.clone(),
        options,
        limit,
    };
    let threads = args.input.threads as usize;
    let mut engines = Vec::with_capacity(threads);
    for _ in 0..threads {
        engines.push(setup.start().map_err(CliError::input)?);
    }
    let chunk_bytes = usize::try_from(args.input.chunk_bytes).unwrap_or(usize::MAX);
    let files = args.input.files();
    let part = args.input.part;
    let bar = games_bar();

    type Work = (Task, SyncSender<Done>);
    let (work_tx, work_rx) = sync_channel::<Work>(threads);
    let work_rx = Mutex::new(work_rx);
    let (order_tx, order_rx) = sync_channel::<Receiver<Done>>(2 * threads + 8);
    let mut out = output::stdout();
    let mut with_errors = 0u64;
    let (written, all_read) = std::thread::scope(|scope| {
        let reader = scope.spawn(move || {
            let mut all_read = true;
            for file in files {
                let name: Arc<str> = Arc::from(file.display().to_string());
                let mut opened = match super::input::open(&file, part, chunk_bytes) {
                    Ok(opened) => opened,
                    Err(message) => {
                        eprintln!("error: {message}");
                        all_read = false;
                        continue;
                    }
                };
                opened.chunker.set_line_counting(true);
                let mut number = 0;
                loop {
                    let chunk = match opened.chunker.next_chunk() {
                        Ok(Some(chunk)) => chunk,
                        Ok(None) => break,
                        Err(e) => {
                            eprintln!("error: {name}: {e}");
                            all_read = false;
                            break;
                        }
                    };
                    let mut reader =
                        Reader::new(&chunk.bytes).starting_at(0, chunk.lines, chunk.offset);
                    while let Ok(Some(game)) = AnyGame::read(&mut reader) {
                        number += 1;
                        let task = Task {
                            file: Arc::clone(&name),
                            number,
                            line: game.start_at().line,
                            game,
                        };
                        let (result_tx, result_rx) = sync_channel(1);
                        // A closed queue: the writer stopped (its output is closed).
                        if order_tx.send(result_rx).is_err()
                            || work_tx.send((task, result_tx)).is_err()
                        {
                            return all_read;
                        }
                    }
                }
                opened.bar.finish_and_clear();
            }
            all_read
        });
        for engine in engines {
            let (work_rx, setup) = (&work_rx, &setup);
            scope.spawn(move || {
                let mut engine = Some(engine);
                // The `UCI_Variant` of the games the engine analysed (`Some(None)`: chess);
                // `None` while it has analysed none.
                let mut played: Option<Option<String>> = None;
                loop {
                    let next = match work_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok((task, result_tx)) = next else { return };
                    let _ = result_tx.send(analyse(task, &mut engine, &mut played, setup));
                }
            });
        }
        let mut written = Ok(());
        for result_rx in order_rx.iter() {
            let Ok(done) = result_rx.recv() else { break };
            bar.inc(1);
            if let Err(e) = write_done(&mut out, &done) {
                written = Err(e);
                break;
            }
            with_errors += u64::from(!done.errors.is_empty());
        }
        drop(order_rx);
        let all_read = reader.join().unwrap_or(false);
        (written, all_read)
    });
    bar.finish_and_clear();
    written?;
    out.flush()?;
    Ok(super::exit_code(all_read, with_errors))
}

/// Writes a game, then its error lines (stdout flushed first, to keep both in order on a
/// terminal).
fn write_done(out: &mut impl Write, done: &Done) -> Result<(), CliError> {
    out.write_all(done.text.as_bytes())?;
    if !done.errors.is_empty() {
        out.flush()?;
        let mut err = std::io::stderr().lock();
        for line in &done.errors {
            writeln!(err, "{line}")?;
        }
    }
    Ok(())
}

/// A progress line of games done, on stderr when it is a terminal.
fn games_bar() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::no_length();
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {pos} games analysed ({per_sec}, {elapsed})")
    {
        bar.set_style(style);
    }
    bar
}

/// Analyses one game: the evals go into its comments; problems become error lines. A
/// fatal engine error restarts the engine for the next game. A variant game is analysed
/// when the engine declares its variant in `UCI_Variant`, else it gets an error line.
fn analyse(
    mut task: Task,
    engine: &mut Option<UciEngine>,
    played: &mut Option<Option<String>>,
    setup: &Setup,
) -> Done {
    let place = format!("{}: game {} (line {})", task.file, task.number, task.line);
    let mut errors = Vec::new();
    if let Some(error) = task.game.errors().first() {
        errors.push(format!("{place}: {error}"));
    }
    if engine.is_none() {
        *played = None;
        match setup.start() {
            Ok(started) => *engine = Some(started),
            Err(e) => errors.push(format!("{place}: engine: cannot restart: {e}")),
        }
    }
    // The engine's `UCI_Variant` for this game: `None` for chess, and for a variant the
    // engine does not declare (which is not analysed).
    let wanted = match &task.game {
        AnyGame::Chess(_) => None,
        AnyGame::Variant(game) => {
            let variant = game.start_position().variant();
            match engine.as_ref().map(|e| e.variant_name(variant)) {
                Some(None) => {
                    let name = game.tag("Variant").unwrap_or("?");
                    errors.push(format!(
                        "{place}: engine: variant {name:?}: the engine does not declare it in UCI_Variant"
                    ));
                    let mut text = String::new();
                    let _ = write!(text, "{}", task.game);
                    return Done { text, errors };
                }
                Some(Some(name)) => Some(name),
                None => None,
            }
        }
    };
    // An engine that analysed games of another variant (or chess) is started again:
    // Fairy-Stockfish evaluates differently after a switch of `UCI_Variant` than fresh,
    // `ucinewgame` or not, so that the output would depend on which games a thread had
    // before (on --threads). Measured with Fairy-Stockfish 11.1, exact `go depth 8`
    // searches and `ucinewgame` at each game: without the restart, an 18-game file of six
    // variants and chess gives other evals for --threads 1 and 4 (chess after crazyhouse:
    // 1. e4 0.12 against 0.01 fresh); with it, the same.
    if engine.is_some() && played.as_ref().is_some_and(|before| *before != wanted) {
        *played = None;
        if let Some(old) = engine.take() {
            let _ = old.quit();
        }
        match setup.start() {
            Ok(started) => *engine = Some(started),
            Err(e) => errors.push(format!("{place}: engine: cannot restart: {e}")),
        }
    }
    if let Some(running) = engine.as_mut() {
        *played = Some(wanted.clone());
        let result = match (&mut task.game, &wanted) {
            (AnyGame::Chess(game), _) => evaluate(game, running, &setup.limit),
            (AnyGame::Variant(game), Some(_)) => evaluate_variant(game, running, &setup.limit),
            // The engine's start failed: reported above.
            (AnyGame::Variant(_), None) => Ok(()),
        };
        if let Err(e) = result {
            errors.push(format!("{place}: engine: {e}"));
            if e.is_fatal() {
                // Started again for the next game, where the error is reported if
                // starting fails.
                *engine = None;
            }
        }
    }
    let mut text = String::new();
    let _ = write!(text, "{}", task.game);
    Done { text, errors }
}

/// Evaluates the position after every mainline move, except after a move that ends the
/// game (no legal moves), writing `[%eval]` into the move's comment.
fn evaluate(game: &mut Game, engine: &mut UciEngine, limit: &Limit) -> Result<(), EngineError> {
    engine.new_game()?;
    let ids: Vec<NodeId> = game.mainline().collect();
    let mut start = *game.start_position();
    let mut moves: Vec<Move> = Vec::new();
    let mut pos = start;
    for id in ids {
        let m = game.node(id).mv;
        if m == Move::NULL {
            // A null move cannot be sent as a move: the position after it is a new start.
            match pos.null_move() {
                Ok(after) => pos = after,
                Err(_) => return Ok(()),
            }
            start = pos;
            moves.clear();
        } else {
            pos.play_unchecked(m);
            moves.push(m);
        }
        if pos.legal_moves().is_empty() {
            continue;
        }
        let result = engine.analyse(&Go::after(start, &moves, limit.clone()))?;
        let Some(score) = result.info().score else {
            continue;
        };
        set_eval(game.comments_after_mut(id), white_eval(score, pos.turn()));
    }
    Ok(())
}

/// `score` (from the side to move's point of view, `turn`) as white's eval.
fn white_eval(score: Score, turn: Color) -> Eval {
    match score.pov(turn, Color::White) {
        Score::Cp(cp) => Eval::Centipawns(cp),
        Score::Mate(n) => Eval::Mate(n),
    }
}

/// [`evaluate`] for a variant game: the engine sets `UCI_Variant` and searches the start
/// and the moves to the limit as for chess; a move that ends the game by the variant's
/// rules or leaves no legal move gets no eval.
fn evaluate_variant(
    game: &mut Game<AnyVariant>,
    engine: &mut UciEngine,
    limit: &Limit,
) -> Result<(), EngineError> {
    engine.new_game()?;
    let ids: Vec<NodeId> = game.mainline().collect();
    let start = *game.start_position();
    let mut moves: Vec<VariantMove> = Vec::new();
    let mut pos = start;
    for id in ids {
        let m = game.node(id).mv;
        pos.play_move(m);
        moves.push(m);
        if pos.is_variant_end() || pos.count_legal_moves() == 0 {
            continue;
        }
        let result = engine.analyse_variant(&VariantGo::after(start, &moves, limit.clone()))?;
        if let Some(score) = result.info().score {
            set_eval(game.comments_after_mut(id), white_eval(score, pos.turn()));
        }
    }
    Ok(())
}

/// Puts `[%eval <eval>]` in the comments: in place of the first `[%eval ...]`, else at the
/// start of the first comment, else as a comment of its own.
fn set_eval(comments: &mut Vec<String>, eval: Eval) {
    let command = format!("[%eval {eval}]");
    for comment in comments.iter_mut() {
        if let Some(at) = comment.find("[%eval") {
            if let Some(len) = comment[at..].find(']') {
                comment.replace_range(at..at + len + 1, &command);
                return;
            }
        }
    }
    match comments.first_mut() {
        Some(first) => {
            let rest = first.trim_start();
            *first = if rest.is_empty() {
                command
            } else {
                format!("{command} {rest}")
            };
        }
        None => comments.push(command),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_replace_or_join_comments() {
        let mut c = vec![];
        set_eval(&mut c, Eval::Centipawns(17));
        assert_eq!(c, ["[%eval 0.17]"]);
        let mut c = vec!["[%clk 0:03:00] [%eval -3.2,20] good".to_owned()];
        set_eval(&mut c, Eval::Mate(-3));
        assert_eq!(c, ["[%clk 0:03:00] [%eval #-3] good"]);
        let mut c = vec!["a fine move".to_owned(), "second".to_owned()];
        set_eval(&mut c, Eval::Centipawns(-150));
        assert_eq!(c, ["[%eval -1.50] a fine move", "second"]);
    }
}
