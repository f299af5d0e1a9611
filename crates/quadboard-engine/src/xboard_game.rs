//! An XBoard engine kept in one game across calls, with the commands python-chess's
//! `XBoardProtocol` sends: a new game only when it must be (`new`, the variant, the
//! opponent, `force`, `setboard`), otherwise `force` and `undo`/`remove` back to the
//! common position, then the moves; `play` by time control, `st`, `nps`, `sd` and the
//! clocks, `post`/`nopost`, `hard`/`easy`, `go`, and a `ping` after the move; analysis by
//! `analyze`, stopped with `.`, `exit` and a `ping`. Python's `quadboard.engine` drives an
//! engine through these, so that it receives what python-chess would send it.

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quadboard_chess::{CastlingSide, Color, Move, Position};

use crate::info::Score;
use crate::search::Stopper;
use crate::xboard::{parse_move, parse_thinking};
use crate::{EngineError, Info, XboardEngine};

/// The game as the engine holds it: the start position's FEN and the moves since.
#[derive(Clone, Debug)]
pub(crate) struct HeldGame {
    fen: String,
    start: Position,
    moves: Vec<Move>,
}

impl HeldGame {
    fn position(&self) -> Position {
        let mut pos = self.start;
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }
}

/// What an engine does between calls.
#[derive(Debug)]
pub(crate) enum Activity {
    /// Waiting for a command.
    Idle,
    /// Pondering after a `play` with `hard`: the next command first sends `easy` and a ping.
    Pondering,
    /// Analysing (`analyze`) until the `pong` of the stop's ping.
    Analysing(Box<Analysis>),
}

/// A running analysis.
#[derive(Debug)]
pub(crate) struct Analysis {
    root: Position,
    limit: XboardAnalysisLimit,
    started: Instant,
    /// The first move of the last pv: the best move when the analysis ends.
    best: Option<Move>,
    pong: String,
    stopper: Stopper,
    stop_deadline: Option<Instant>,
}

/// The game a search starts from ([`XboardEngine::set_game`]).
#[derive(Clone, Debug)]
pub struct XboardGame {
    /// The start position as `setboard` is to send it (python-chess writes the en passant
    /// square after every double push).
    pub fen: String,
    /// The moves from the start.
    pub moves: Vec<Move>,
    /// Whether a new game must begin even if the engine holds this one (the program's
    /// `game` changed, an opponent was given, `random` or `computer` were set).
    pub new_game: bool,
    /// Sends `random` after `new`.
    pub random: bool,
    /// The opponent's name (`name ...`), when the engine takes one.
    pub opponent_name: Option<String>,
    /// `rating ENGINE OPPONENT`, sent when either is not zero.
    pub ratings: (i64, i64),
    /// Sends `computer` (the opponent is an engine).
    pub computer: bool,
}

impl XboardGame {
    /// The game from `fen` after `moves`, announcing nothing.
    pub fn new(fen: impl Into<String>, moves: Vec<Move>) -> XboardGame {
        XboardGame {
            fen: fen.into(),
            moves,
            new_game: false,
            random: false,
            opponent_name: None,
            ratings: (0, 0),
            computer: false,
        }
    }
}

/// The limits of [`XboardEngine::play`], with the numbers of `level` and `st` already
/// written as the caller wants them sent (python-chess writes Python's numbers).
#[derive(Clone, Debug, Default)]
pub struct XboardGo {
    /// `level MPS BASE INC`'s arguments, when the time control is to be sent.
    pub level: Option<String>,
    /// `st SECONDS`'s argument.
    pub st: Option<String>,
    /// A node limit: `nps 1`, `st NODES`.
    pub nodes: Option<u64>,
    /// `sd DEPTH`.
    pub depth: Option<u32>,
    /// White's clock in centiseconds (`time` or `otim`).
    pub white_clock: Option<u64>,
    /// Black's clock in centiseconds.
    pub black_clock: Option<u64>,
    /// Sends `draw` before `go`.
    pub draw_offered: bool,
    /// `post` (thinking output wanted) or `nopost`.
    pub post: bool,
    /// `hard` (ponder after the move) or `easy`.
    pub ponder: bool,
}

/// What [`XboardEngine::play`] gives: the move, the hint, the last thinking line, the
/// root it was read from, and whether the engine offered a draw or resigned.
#[derive(Clone, Debug)]
pub struct XboardPlayed {
    /// The engine's move.
    pub best: Option<Move>,
    /// Its `Hint:` (the move it expects in reply).
    pub ponder: Option<Move>,
    /// The last thinking line before the move.
    pub info: Option<Info>,
    /// The position searched.
    pub root: Position,
    /// `offer draw`.
    pub draw_offered: bool,
    /// `resign`, or a result the engine claimed with the word resign.
    pub resigned: bool,
}

/// When an analysis stops by itself, as python-chess stops one: at a thinking line that
/// reaches a limit, or when the time runs out.
#[derive(Clone, Copy, Debug, Default)]
pub struct XboardAnalysisLimit {
    /// The depth reached.
    pub depth: Option<u32>,
    /// The nodes searched.
    pub nodes: Option<u64>,
    /// The time passed (by the clock here, or the thinking line's own time).
    pub time: Option<Duration>,
    /// A mate in this many moves or fewer found.
    pub mate: Option<u32>,
}

/// What an analysis says: a thinking line, or its end with the best move.
#[derive(Clone, Debug)]
pub enum XboardEvent {
    /// A thinking line.
    Info(Box<Info>),
    /// The analysis ended: the first move of the last pv.
    End(Option<Move>),
}

/// Whether `line` is an XBoard error answer (`Error (...): ...`, `Illegal move: ...`).
fn is_error_line(line: &str) -> bool {
    let line = line.trim_start();
    let rest = if let Some(r) = line.strip_prefix("Error") {
        r
    } else if let Some(r) = line.strip_prefix("Illegal move") {
        r
    } else {
        return false;
    };
    let rest = rest.trim_start();
    let rest = match rest.strip_prefix('(') {
        Some(r) => match r.find(')') {
            Some(end) if !r[..end].contains('(') && end > 0 => r[end + 1..].trim_start(),
            _ => return false,
        },
        None => rest,
    };
    rest.starts_with(':')
}

impl XboardEngine {
    /// Ends pondering (`easy`, then a ping) or a running analysis (`.`, `exit`, a ping,
    /// its lines read up to the `pong`) before another command.
    pub(crate) fn settle(&mut self) -> Result<(), EngineError> {
        match std::mem::replace(&mut self.activity, Activity::Idle) {
            Activity::Idle => Ok(()),
            Activity::Pondering => {
                self.link.send("easy\n")?;
                self.ping_now()
            }
            Activity::Analysing(analysis) => {
                self.activity = Activity::Analysing(analysis);
                self.analysis_stop()?;
                while let Some(event) = self.analysis_next(None)? {
                    if matches!(event, XboardEvent::End(_)) {
                        break;
                    }
                }
                self.activity = Activity::Idle;
                Ok(())
            }
        }
    }

    /// A move as XBoard writes it: coordinates, castling in Chess960 as `O-O`/`O-O-O`
    /// (SAN when the engine asked for SAN).
    fn xboard_move(&self, pos: &Position, m: Move) -> String {
        if self.has_feature("san") {
            return pos.to_san(m).to_string();
        }
        if pos.castling_mode().is_chess960() {
            match m.castling_side() {
                Some(CastlingSide::KingSide) => return "O-O".into(),
                Some(CastlingSide::QueenSide) => return "O-O-O".into(),
                None => {}
            }
        }
        pos.to_uci(m).to_string()
    }

    /// Brings the engine to `game`: a new game when asked, when the engine holds no game
    /// or another start (`new`, `variant fischerandom` in Chess960, `random`, `name`,
    /// `rating`, `computer`, `force`, `setboard` unless the start is the standard
    /// position); otherwise `force`, `remove`/`undo` back to the moves in common. Then the
    /// moves (after `usermove` if the engine asked for it).
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for a start the engine cannot take (no `setboard`, no
    /// `fischerandom`); an invalid FEN; write errors.
    pub fn set_game(&mut self, game: &XboardGame) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        let mut start = Position::from_fen(&game.fen).map_err(|e| {
            EngineError::Unsupported(format!("invalid position {:?}: {e}", game.fen))
        })?;
        // python-chess's Chess960 flag travels as a Shredder FEN's castling letters.
        let chess960 = game
            .fen
            .split(' ')
            .nth(2)
            .is_some_and(|c| c.bytes().any(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h')));
        if chess960 {
            start.set_castling_mode(quadboard_chess::CastlingMode::Chess960);
        }
        let new_game = game.new_game || self.game.as_ref().is_none_or(|held| held.fen != game.fen);
        let mut text = String::new();
        if new_game {
            text.push_str("new\n");
            if chess960 {
                let variants = self.features().get("variants").cloned().unwrap_or_default();
                if !variants.split(',').any(|v| v == "fischerandom") {
                    return Err(EngineError::Unsupported(format!(
                        "unsupported xboard variant: fischerandom (available: {})",
                        variants.split(',').collect::<Vec<_>>().join(", ")
                    )));
                }
                text.push_str("variant fischerandom\n");
            }
            if game.random {
                text.push_str("random\n");
            }
            if let Some(name) = &game.opponent_name {
                if self.features().get("name").is_none_or(|v| v != "0") {
                    let _ = writeln!(text, "name {name}");
                }
            }
            if game.ratings != (0, 0) {
                let _ = writeln!(text, "rating {} {}", game.ratings.0, game.ratings.1);
            }
            if game.computer {
                text.push_str("computer\n");
            }
            text.push_str("force\n");
            if game.fen != Position::new().to_fen() || chess960 {
                if !self.has_feature("setboard") {
                    return Err(EngineError::Unsupported(format!(
                        "the engine has no setboard feature, so it can only start from the standard position, not {}",
                        game.fen
                    )));
                }
                let _ = writeln!(text, "setboard {}", game.fen);
            }
        } else {
            text.push_str("force\n");
        }
        let mut held = match (new_game, self.game.take()) {
            (false, Some(held)) => held,
            _ => HeldGame {
                fen: game.fen.clone(),
                start,
                moves: Vec::new(),
            },
        };
        let common = held
            .moves
            .iter()
            .zip(&game.moves)
            .take_while(|(a, b)| a == b)
            .count();
        while held.moves.len() > common + 1 {
            text.push_str("remove\n");
            held.moves.truncate(held.moves.len() - 2);
        }
        if held.moves.len() > common {
            text.push_str("undo\n");
            held.moves.pop();
        }
        let usermove = if self.has_feature("usermove") {
            "usermove "
        } else {
            ""
        };
        let mut pos = held.position();
        for &m in &game.moves[common..] {
            let _ = writeln!(text, "{usermove}{}", self.xboard_move(&pos, m));
            pos.play_unchecked(m);
            held.moves.push(m);
        }
        self.game = Some(held);
        self.link.send(&text)
    }

    /// The position of the game the engine holds (the standard one when it holds none).
    pub fn game_position(&self) -> Position {
        self.game
            .as_ref()
            .map_or_else(Position::new, HeldGame::position)
    }

    /// `ping N` without waiting: the `pong N` line to wait for.
    fn send_ping(&mut self) -> Result<String, EngineError> {
        self.ping += 1;
        let n = self.ping;
        self.link.send(&format!("ping {n}\n"))?;
        Ok(format!("pong {n}"))
    }

    /// The engine's move in the game set by [`XboardEngine::set_game`], as python-chess's
    /// `play` asks for it: the time control (`level`, `st`), `nps 1` and `st` for a node
    /// limit, `sd`, the clocks (`time`, `otim`), `draw`, `post` or `nopost`, `hard` or
    /// `easy`, `go`; then its thinking lines, `Hint:`, `offer draw`, `resign` and results
    /// until `move`, and a ping after it. The move is added to the game; with `ponder` the
    /// engine goes on pondering until the next command.
    ///
    /// # Errors
    /// A node limit beside a time limit, or for an engine that declared `nps=0`
    /// ([`EngineError::Unsupported`]); an error line ([`EngineError::Refused`], after which
    /// the next game is a new one); an illegal move; the engine dies; no move within the
    /// time limit and the grace timeout (a depth or node limit waits as long as
    /// [`crate::Timeouts::search`] allows).
    pub fn play(&mut self, go: &XboardGo) -> Result<XboardPlayed, EngineError> {
        self.link.usable()?;
        self.settle()?;
        let root = self.game_position();
        let white = root.turn() == Color::White;
        let mut text = String::new();
        if let Some(level) = &go.level {
            let _ = writeln!(text, "level {level}");
        }
        if let Some(st) = &go.st {
            let _ = writeln!(text, "st {st}");
        }
        if let Some(nodes) = go.nodes {
            if go.st.is_some() || go.white_clock.is_some() || go.black_clock.is_some() {
                return Err(EngineError::Unsupported(
                    "xboard does not support mixing node limits with time limits".into(),
                ));
            }
            if self.features().get("nps").is_some_and(|v| v == "0") {
                return Err(EngineError::Unsupported(
                    "xboard engine does not support node limits (feature nps=0)".into(),
                ));
            }
            let _ = writeln!(text, "nps 1\nst {}", nodes.max(1));
        }
        if let Some(depth) = go.depth {
            let _ = writeln!(text, "sd {}", depth.max(1));
        }
        if let Some(cs) = go.white_clock {
            let _ = writeln!(
                text,
                "{} {}",
                if white { "time" } else { "otim" },
                cs.max(1)
            );
        }
        if let Some(cs) = go.black_clock {
            let _ = writeln!(
                text,
                "{} {}",
                if white { "otim" } else { "time" },
                cs.max(1)
            );
        }
        if go.draw_offered && self.features().get("draw").is_none_or(|v| v != "0") {
            text.push_str("draw\n");
        }
        text.push_str(if go.post { "post\n" } else { "nopost\n" });
        text.push_str(if go.ponder { "hard\n" } else { "easy\n" });
        text.push_str("go\n");
        self.link.send(&text)?;

        // The longest a move may take: the time the limit gives, and the grace after it.
        let clock = if white {
            go.white_clock
        } else {
            go.black_clock
        };
        let budget = clock
            .map(|cs| Duration::from_millis(cs.saturating_mul(10)))
            .or_else(|| {
                go.st
                    .as_deref()
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|s| s.is_finite() && *s >= 0.0)
                    .map(|s| Duration::from_secs_f64(s.min(1e9)))
            });
        let allowed = match budget {
            Some(t) => Some(t + self.link.timeouts.grace),
            None => self.link.timeouts.search,
        };
        let deadline = allowed.map(|a| Instant::now() + a);
        let mut played = XboardPlayed {
            best: None,
            ponder: None,
            info: None,
            root,
            draw_offered: false,
            resigned: false,
        };
        let mut pong: Option<String> = None;
        let mut pos = root;
        loop {
            let until = if pong.is_some() {
                Some(Instant::now() + self.link.timeouts.ready)
            } else {
                deadline
            };
            let waiting = if pong.is_some() { "pong" } else { "a move" };
            let after = allowed.unwrap_or_default();
            let line = self.link.recv(until, waiting, after)?;
            let trimmed = line.trim();
            let (token, rest) = trimmed
                .split_once(char::is_whitespace)
                .map_or((trimmed, ""), |(t, r)| (t, r.trim()));
            match token {
                "move" => {
                    let m = parse_move(&pos, rest).ok_or_else(|| {
                        self.game = None;
                        EngineError::Protocol {
                            message: format!("move {rest} is not legal in {}", pos.to_fen()),
                            stderr: self.link.process.stderr_tail(),
                        }
                    });
                    let m = m.map_err(|e| self.link.fail(e))?;
                    pos.play_unchecked(m);
                    if let Some(held) = &mut self.game {
                        held.moves.push(m);
                    }
                    if played.best.is_none() {
                        played.best = Some(m);
                        if pong.is_none() {
                            pong = Some(self.send_ping()?);
                        }
                    }
                }
                "Hint:" => {
                    // The reply expected to the move just made, as python-chess reads it.
                    if played.best.is_some() && played.ponder.is_none() {
                        played.ponder = parse_move(&pos, rest);
                    }
                }
                "pong" if pong.as_deref() == Some(trimmed) => {
                    if go.ponder {
                        self.activity = Activity::Pondering;
                    }
                    return Ok(played);
                }
                "1-0" | "0-1" | "1/2-1/2" => {
                    played.resigned |= trimmed.contains("resign");
                    if pong.is_none() {
                        pong = Some(self.send_ping()?);
                    }
                }
                _ if trimmed == "offer draw" || trimmed == "resign" => {
                    if trimmed == "resign" {
                        played.resigned = true;
                    } else {
                        played.draw_offered = true;
                    }
                    if pong.is_none() {
                        pong = Some(self.send_ping()?);
                    }
                }
                _ if token.starts_with('#') => {}
                _ if is_error_line(&line) => {
                    // The engine's game may no longer be the one held here.
                    self.game = None;
                    return Err(EngineError::Refused(trimmed.to_owned()));
                }
                _ => {
                    if played.best.is_none() {
                        if let Some(info) = parse_thinking(&line, &pos) {
                            played.info = Some(info);
                        }
                    }
                }
            }
        }
    }

    /// Starts an analysis of the game set by [`XboardEngine::set_game`]: `exclude all`
    /// and `include` for each root move (when `root_moves` is given), `post`, `analyze`.
    /// Read it with [`XboardEngine::analysis_next`]; it ends at `limit` or when stopped.
    ///
    /// # Errors
    /// Root moves for an engine without `exclude`; write errors.
    pub fn analysis_start(
        &mut self,
        root_moves: Option<&[Move]>,
        limit: XboardAnalysisLimit,
    ) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        let root = self.game_position();
        let mut text = String::new();
        if let Some(moves) = root_moves {
            if !self.has_feature("exclude") {
                return Err(EngineError::Unsupported(
                    "xboard engine does not support root_moves (feature exclude=0)".into(),
                ));
            }
            text.push_str("exclude all\n");
            for &m in moves {
                let _ = writeln!(text, "include {}", self.xboard_move(&root, m));
            }
        }
        text.push_str("post\nanalyze\n");
        self.link.send(&text)?;
        // The stop's ping number is taken now, so that a stopper on another thread can
        // send the whole stop at once.
        self.ping += 1;
        let n = self.ping;
        let stopper = Stopper {
            stdin: self.link.process.shared_stdin(),
            stopped: Arc::new(AtomicBool::new(false)),
            command: format!(".\nexit\nping {n}\n").into(),
        };
        self.activity = Activity::Analysing(Box::new(Analysis {
            root,
            limit,
            started: Instant::now(),
            best: None,
            pong: format!("pong {n}"),
            stopper,
            stop_deadline: None,
        }));
        Ok(())
    }

    /// A handle that stops the running analysis from any thread (`None` when none runs).
    pub fn analysis_stopper(&self) -> Option<Stopper> {
        match &self.activity {
            Activity::Analysing(a) => Some(a.stopper.clone()),
            _ => None,
        }
    }

    /// Stops the running analysis (`.`, `exit`, `ping`); its end comes through
    /// [`XboardEngine::analysis_next`]. Nothing when none runs or it was stopped.
    ///
    /// # Errors
    /// Writing failed.
    pub fn analysis_stop(&mut self) -> Result<(), EngineError> {
        let Activity::Analysing(a) = &mut self.activity else {
            return Ok(());
        };
        if a.stop_deadline.is_none() {
            a.stop_deadline = Some(Instant::now() + self.link.timeouts.stop);
        }
        let stopper = a.stopper.clone();
        stopper.stop().map_err(|source| {
            let e = EngineError::Write {
                command: ". exit ping".into(),
                source,
                stderr: self.link.process.stderr_tail(),
            };
            self.link.fail(e)
        })
    }

    /// The analysis's next event within `wait` (`None`: until one comes): a thinking line,
    /// or its end after the stop's `pong`. `Ok(None)` when `wait` passed, or when no
    /// analysis runs.
    ///
    /// # Errors
    /// An error line ([`EngineError::Refused`]); the engine dies; no `pong` within the stop
    /// timeout after the stop.
    pub fn analysis_next(
        &mut self,
        wait: Option<Duration>,
    ) -> Result<Option<XboardEvent>, EngineError> {
        let asked_until = wait.map(|w| Instant::now() + w);
        loop {
            let Activity::Analysing(a) = &mut self.activity else {
                return Ok(None);
            };
            if a.stop_deadline.is_none() && a.stopper.is_stopped() {
                a.stop_deadline = Some(Instant::now() + self.link.timeouts.stop);
            }
            let time_up = match (a.stop_deadline, a.limit.time) {
                (None, Some(t)) => Some(a.started + t),
                _ => None,
            };
            if time_up.is_some_and(|t| t <= Instant::now()) {
                self.analysis_stop()?;
                continue;
            }
            // Until a stop, waits are cut into slices so that a stop sent by another
            // thread's stopper starts the stop's deadline.
            let slice = Instant::now() + Duration::from_millis(50);
            let mut until = a.stop_deadline.unwrap_or(slice).min(slice);
            if let Some(t) = time_up {
                until = until.min(t);
            }
            if let Some(t) = asked_until {
                until = until.min(t);
            }
            let stop_deadline = a.stop_deadline;
            let stop = self.link.timeouts.stop;
            let line = match self.link.process.recv(Some(until), "pong") {
                Ok(line) => line,
                Err(EngineError::Timeout { .. }) => {
                    if stop_deadline.is_some_and(|d| d <= Instant::now()) {
                        let e = self.link.recv(
                            Some(Instant::now()),
                            "pong after the analysis's stop",
                            stop,
                        );
                        let e = match e {
                            Err(e) => e,
                            Ok(_) => continue,
                        };
                        self.activity = Activity::Idle;
                        return Err(e);
                    }
                    if asked_until.is_some_and(|t| t <= Instant::now()) {
                        return Ok(None);
                    }
                    continue;
                }
                Err(e) => {
                    self.activity = Activity::Idle;
                    return Err(self.link.fail(e));
                }
            };
            let Activity::Analysing(a) = &mut self.activity else {
                return Ok(None);
            };
            let trimmed = line.trim();
            if trimmed.starts_with('#') {
                continue;
            }
            if let Some(info) = parse_thinking(&line, &a.root) {
                if let Some(&m) = info.pv.first() {
                    a.best = Some(m);
                }
                let l = a.limit;
                let reached = l.time.is_some_and(|t| info.time.is_some_and(|it| it >= t))
                    || l.nodes.is_some_and(|n| info.nodes.is_some_and(|i| i >= n))
                    || l.depth.is_some_and(|d| info.depth.is_some_and(|i| i >= d))
                    || l.mate.is_some_and(|m| {
                        matches!(info.score, Some(Score::Mate(n))
                            if n > 0 && u32::try_from(n).is_ok_and(|n| n <= m))
                    });
                if reached {
                    self.analysis_stop()?;
                }
                return Ok(Some(XboardEvent::Info(Box::new(info))));
            }
            if trimmed == a.pong {
                let best = a.best;
                self.activity = Activity::Idle;
                return Ok(Some(XboardEvent::End(best)));
            }
            if is_error_line(&line) {
                // An engine whose search already ended (Fairy-Max at its `sd`) answers
                // the stop's `.` with an error line: the `pong` still ends the analysis.
                // (python-chess's analysis fails on that line and never ends.)
                if a.stop_deadline.is_some() && trimmed.ends_with(": .") {
                    continue;
                }
                self.game = None;
                return Err(EngineError::Refused(trimmed.to_owned()));
            }
        }
    }

    /// `result RESULT {ENDING}`, after the game's last moves were sent with
    /// [`XboardEngine::set_game`].
    ///
    /// # Errors
    /// An ending with a line break or curly braces; write errors.
    pub fn game_result(&mut self, result: &str, ending: &str) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        if ending.contains(['{', '}', '\n', '\r']) {
            return Err(EngineError::Unsupported(format!(
                "invalid line break or curly braces in game ending message: {ending:?}"
            )));
        }
        let text = if ending.is_empty() {
            format!("result {result}\n")
        } else {
            format!("result {result} {{{ending}}}\n")
        };
        self.link.send(&text)
    }

    /// The timeouts in force.
    pub fn timeouts(&self) -> crate::Timeouts {
        self.link.timeouts
    }

    /// Replaces the timeouts.
    pub fn set_timeouts(&mut self, timeouts: crate::Timeouts) {
        self.link.timeouts = timeouts;
    }

    /// Whether the engine is analysing (an analysis started and not yet ended).
    pub fn is_analysing(&self) -> bool {
        matches!(self.activity, Activity::Analysing(_))
    }

    /// The root of the running analysis.
    pub fn analysis_root(&self) -> Option<Position> {
        match &self.activity {
            Activity::Analysing(a) => Some(a.root),
            _ => None,
        }
    }

    /// Kills the engine at once (no `quit`).
    pub fn kill(mut self) -> Option<std::process::ExitStatus> {
        self.link.kill()
    }
}

#[cfg(test)]
mod tests {
    use super::is_error_line;

    #[test]
    fn error_lines_as_python_chess_reads_them() {
        assert!(is_error_line("Error (unknown command): nps"));
        assert!(is_error_line("  Illegal move: e2e5"));
        assert!(is_error_line("Illegal move (no piece): e2e5"));
        assert!(is_error_line("Error: bad"));
        assert!(!is_error_line("Errors are fine"));
        assert!(!is_error_line("Error (a (b)): x"));
        assert!(!is_error_line("# Error (x): y"));
    }
}
