//! A UCI engine: the handshake, options, positions, searches.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::DerefMut;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use quadboard_chess::{Color, Move, Position};

use crate::option::{self, parse_uci_option};
use crate::process::{EngineCommand, Link};
use crate::search::{BestMove, Go, LineSender, SearchResult, Stopper};
use crate::{EngineError, EngineOption, Info, Limit, OptionKind, UciPosition};

/// How long to wait for each answer the protocol promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From start to `uciok` (XBoard: to `feature done=1`, or the features' end).
    pub handshake: Duration,
    /// From `isready` to `readyok` (XBoard: `ping` to `pong`).
    pub ready: Duration,
    /// From `stop` to `bestmove`.
    pub stop: Duration,
    /// Beyond a time limit (move time or the side's clock), for `bestmove` to come.
    pub grace: Duration,
    /// The longest a search limited by depth, nodes or mate alone may take; `None`: no
    /// bound (such a search then ends when the engine says so, or dies).
    pub search: Option<Duration>,
    /// From `quit` to the process's exit, before it is killed.
    pub quit: Duration,
}

impl Default for Timeouts {
    /// Ten seconds for the handshake, `readyok`, and `bestmove` after `stop`; five beyond a
    /// time limit; ten minutes for a search by depth or nodes; one second to quit.
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(10),
            stop: Duration::from_secs(10),
            grace: Duration::from_secs(5),
            search: Some(Duration::from_secs(600)),
            quit: Duration::from_secs(1),
        }
    }
}

/// Who the engine says it is (`id name`, `id author`; XBoard's `myname`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    /// The engine's name.
    pub name: Option<String>,
    /// Its author.
    pub author: Option<String>,
}

/// A running UCI engine.
///
/// Every method blocks until the engine's answer or its timeout ([`Timeouts`]). The engine
/// is [`Send`]: it can be driven from a worker thread, and [`Search::stopper`] hands out a
/// handle that stops a search from another thread. Dropping it sends `quit` and, if the
/// process does not exit within [`Timeouts::quit`], kills it.
///
/// After a fatal error ([`EngineError::is_fatal`]: the engine died, timed out or broke the
/// protocol) every further call fails with that error's text: start a new engine.
pub struct UciEngine {
    link: Link,
    id: EngineId,
    options: Vec<EngineOption>,
    /// Option values sent, by lowercase name.
    sent: HashMap<String, String>,
    /// What `UCI_Chess960` and `MultiPV` are set to in the engine.
    chess960: bool,
    multipv: u32,
    /// A search was started and its `bestmove` has not been read.
    searching: bool,
}

impl UciEngine {
    /// Starts the engine and does the handshake (`uci` ... `uciok`) with default timeouts.
    ///
    /// # Errors
    /// The process cannot start, dies, or sends no `uciok` within the handshake timeout.
    pub fn start(command: impl Into<EngineCommand>) -> Result<UciEngine, EngineError> {
        UciEngine::start_with(command, Timeouts::default())
    }

    /// Starts the engine with these timeouts.
    ///
    /// # Errors
    /// As [`UciEngine::start`].
    pub fn start_with(
        command: impl Into<EngineCommand>,
        timeouts: Timeouts,
    ) -> Result<UciEngine, EngineError> {
        let mut engine = UciEngine {
            link: Link::spawn(&command.into(), timeouts)?,
            id: EngineId::default(),
            options: Vec::new(),
            sent: HashMap::new(),
            chess960: false,
            multipv: 1,
            searching: false,
        };
        // An engine that exits at once closes its input before `uci` reaches it: the wait
        // below then reports the exit, with the status and stderr, instead of the pipe.
        let _ = engine.link.process.send("uci\n");
        let deadline = Instant::now() + timeouts.handshake;
        loop {
            let line = engine
                .link
                .recv(Some(deadline), "uciok", timeouts.handshake)?;
            let line = line.trim();
            if line == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("id ") {
                let rest = rest.trim_start();
                if let Some(name) = rest.strip_prefix("name ") {
                    engine.id.name = Some(name.trim().to_owned());
                } else if let Some(author) = rest.strip_prefix("author ") {
                    engine.id.author = Some(author.trim().to_owned());
                }
            } else if let Some(rest) = line.strip_prefix("option ") {
                if let Some(option) = parse_uci_option(rest) {
                    engine.options.push(option);
                }
            }
            // Anything else before `uciok` (copyprotection, registration, banners) is
            // allowed and ignored.
        }
        Ok(engine)
    }

    /// The engine's name and author.
    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// The options the engine declared, in its order.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The option declared as `name` (case-insensitive).
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        option::find(&self.options, name)
    }

    /// The timeouts in force.
    pub fn timeouts(&self) -> Timeouts {
        self.link.timeouts
    }

    /// Changes the timeouts.
    pub fn set_timeouts(&mut self, timeouts: Timeouts) {
        self.link.timeouts = timeouts;
    }

    /// The engine process's id.
    pub fn pid(&self) -> u32 {
        self.link.process.pid()
    }

    /// The last lines the engine wrote on stderr.
    pub fn stderr_tail(&self) -> String {
        self.link.process.stderr_tail()
    }

    /// Sets an option, checked against its declaration (`value` is ignored for buttons:
    /// pass `""`). The engine gives no answer; [`UciEngine::is_ready`] waits until it has
    /// taken it.
    ///
    /// # Errors
    /// [`EngineError::Option`] naming the option or value when the engine did not declare
    /// it or its declaration refuses the value; a fatal error when writing fails.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.link.usable()?;
        self.finish_search()?;
        let declared = option::find(&self.options, name)
            .ok_or_else(|| option::unknown(&self.options, name))?;
        let value = declared.check_value(value)?;
        let text = if declared.kind == OptionKind::Button {
            format!("setoption name {}\n", declared.name)
        } else {
            format!("setoption name {} value {}\n", declared.name, value)
        };
        let key = declared.name.to_ascii_lowercase();
        match key.as_str() {
            "uci_chess960" => self.chess960 = value == "true",
            "multipv" => self.multipv = value.parse().unwrap_or(1),
            _ => {}
        }
        self.sent.insert(key, value);
        self.link.send(&text)
    }

    /// The value last set for an option, if any was.
    pub fn option_value(&self, name: &str) -> Option<&str> {
        self.sent
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }

    /// `isready`, then waits for `readyok` (other lines are skipped).
    ///
    /// # Errors
    /// The engine dies or sends no `readyok` within the ready timeout.
    pub fn is_ready(&mut self) -> Result<(), EngineError> {
        self.link.usable()?;
        self.finish_search()?;
        self.link.send("isready\n")?;
        let wait = self.link.timeouts.ready;
        let deadline = Instant::now() + wait;
        loop {
            if self.link.recv(Some(deadline), "readyok", wait)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `ucinewgame`, then `isready`: the next search starts a new game (the engine clears
    /// its hash table and history).
    ///
    /// # Errors
    /// As [`UciEngine::is_ready`].
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.link.usable()?;
        self.finish_search()?;
        self.link.send("ucinewgame\n")?;
        self.is_ready()
    }

    /// Starts a search; read its `info` lines and its end from the [`Search`].
    ///
    /// `position` is `startpos` when the game starts from the standard position in standard
    /// mode, else the start's FEN; moves follow in the engine's notation (castling as the
    /// king's two-square move, king-takes-rook in Chess960, where `UCI_Chess960` is set to
    /// true first). `MultiPV` is set when `go.multipv` differs from what the engine has.
    /// Everything is sent in one write.
    ///
    /// A search still running from before is stopped first (its `bestmove` read and
    /// dropped). [`Search::start`] does the same with an owned engine.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for moves that are not legal, Chess960 or multipv for an
    /// engine without the option; fatal errors when writing fails.
    pub fn go(&mut self, go: &Go) -> Result<Search<&mut UciEngine>, EngineError> {
        Search::start(self, go).map_err(|(e, _)| e)
    }

    /// Sends what [`UciEngine::go`] sends; the root, the deadline and a stopper.
    fn begin(&mut self, go: &Go) -> Result<(Position, Option<Instant>, Stopper), EngineError> {
        self.link.usable()?;
        self.finish_search()?;
        let root = go
            .root()
            .map_err(|e| EngineError::Unsupported(format!("invalid search: {e}")))?;
        for &m in go.searchmoves.iter().flatten() {
            if !root.is_legal(m) {
                return Err(EngineError::Unsupported(format!(
                    "invalid search: root move {m} is not legal in {}",
                    root.to_fen()
                )));
            }
        }
        let mut text = String::with_capacity(128);
        // A variant set by an earlier variant search goes back to chess; not when the caller
        // writes the position's text (`go.position`: a binding that manages `UCI_Variant`
        // itself, as python-chess does).
        if go.position.is_none()
            && self
                .sent
                .get("uci_variant")
                .is_some_and(|v| !v.eq_ignore_ascii_case("chess"))
        {
            if let Some(declared) = self.option("UCI_Variant") {
                let _ = writeln!(text, "setoption name {} value chess", declared.name);
                self.sent.insert("uci_variant".into(), "chess".into());
            }
        }
        let chess960 = go.start.castling_mode().is_chess960();
        if chess960 != self.chess960 {
            let Some(declared) = self.option("UCI_Chess960") else {
                return Err(EngineError::Unsupported(
                    "the position is Chess960 and the engine has no UCI_Chess960 option".into(),
                ));
            };
            let _ = writeln!(text, "setoption name {} value {chess960}", declared.name);
            self.chess960 = chess960;
            self.sent
                .insert("uci_chess960".into(), chess960.to_string());
        }
        self.write_multipv(&mut text, go.multipv)?;
        match &go.position {
            Some(start) => write_moves(&mut text, start, &go.start, &go.moves),
            None => write_position(&mut text, &go.start, &go.moves),
        }
        write_go(&mut text, &go.limit, go.ponder);
        if let Some(moves) = &go.searchmoves {
            // Last: its moves run to the line's end.
            text.pop();
            text.push_str(" searchmoves");
            for &m in moves {
                let _ = write!(text, " {}", root.to_uci(m));
            }
            if moves.is_empty() {
                text.push_str(" 0000");
            }
            text.push('\n');
        }
        let (deadline, stopper) = self.launch(&text, &go.limit, go.ponder, root.turn())?;
        Ok((root, deadline, stopper))
    }

    /// `setoption name MultiPV` into `text` when `multipv` differs from the engine's.
    fn write_multipv(
        &mut self,
        text: &mut String,
        multipv: Option<u32>,
    ) -> Result<(), EngineError> {
        let multipv = multipv.unwrap_or(1).max(1);
        if multipv != self.multipv {
            let Some(declared) = self.option("MultiPV") else {
                return Err(EngineError::Unsupported(
                    "multipv needs the engine's MultiPV option, which it does not declare".into(),
                ));
            };
            let value = declared.check_value(&multipv.to_string())?;
            let _ = writeln!(text, "setoption name {} value {value}", declared.name);
            self.multipv = multipv;
            self.sent.insert("multipv".into(), value);
        }
        Ok(())
    }

    /// Sends a search's text in one write; its deadline and a stopper.
    fn launch(
        &mut self,
        text: &str,
        limit: &Limit,
        ponder: bool,
        turn: Color,
    ) -> Result<(Option<Instant>, Stopper), EngineError> {
        self.link.send(text)?;
        self.searching = true;
        let deadline = deadline_for(limit, ponder, turn, self.link.timeouts);
        let stopper = Stopper {
            stdin: self.link.process.shared_stdin(),
            stopped: Arc::new(AtomicBool::new(false)),
            command: "stop\n".into(),
        };
        Ok((deadline, stopper))
    }

    /// The engine's own name for `variant` in its `UCI_Variant` combo
    /// ([`crate::uci_variant_names`]), if it declares it.
    #[cfg(feature = "variant")]
    pub fn variant_name(&self, variant: quadboard_chess::variant::Variant) -> Option<String> {
        let option = self.option("UCI_Variant")?;
        let OptionKind::Combo { vars, .. } = &option.kind else {
            return None;
        };
        crate::uci_variant_names(variant)
            .iter()
            .find_map(|name| vars.iter().find(|v| v.eq_ignore_ascii_case(name)))
            .cloned()
    }

    /// Starts a search of a variant position: `UCI_Variant` set to the engine's name for
    /// the variant (when it is not already), `position fen <start> moves ...` (drops as
    /// `P@e4`), and `go` with the limit. The search's lines and best move are the variant's
    /// moves, checked against its position as [`UciEngine::go`]'s are.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] naming the variant when the engine does not declare it
    /// in `UCI_Variant`, and for moves that are not legal; as [`UciEngine::go`] otherwise.
    #[cfg(feature = "variant")]
    pub fn go_variant(
        &mut self,
        go: &crate::VariantGo,
    ) -> Result<Search<&mut UciEngine, quadboard_chess::variant::AnyVariant>, EngineError> {
        Search::start_variant(self, go).map_err(|(e, _)| e)
    }

    /// [`UciEngine::go_variant`] then [`Search::wait`].
    ///
    /// # Errors
    /// As those two.
    #[cfg(feature = "variant")]
    pub fn analyse_variant(
        &mut self,
        go: &crate::VariantGo,
    ) -> Result<SearchResult<quadboard_chess::variant::VariantMove>, EngineError> {
        self.go_variant(go)?.wait()
    }

    /// What [`UciEngine::go_variant`] sends; the root, the deadline and a stopper.
    #[cfg(feature = "variant")]
    fn begin_variant(
        &mut self,
        go: &crate::VariantGo,
    ) -> Result<
        (
            quadboard_chess::variant::AnyVariant,
            Option<Instant>,
            Stopper,
        ),
        EngineError,
    > {
        self.link.usable()?;
        self.finish_search()?;
        let root = go
            .root()
            .map_err(|e| EngineError::Unsupported(format!("invalid search: {e}")))?;
        let legal = root.legal_moves();
        for &m in go.searchmoves.iter().flatten() {
            if !legal.contains(&m) {
                return Err(EngineError::Unsupported(format!(
                    "invalid search: root move {} is not legal in {}",
                    root.to_uci(m),
                    root.to_fen()
                )));
            }
        }
        let mut text = String::with_capacity(128);
        if go.position.is_none() {
            let variant = go.start.variant();
            let Some(name) = self.variant_name(variant) else {
                return Err(EngineError::Unsupported(format!(
                    "variant {variant}: the engine does not declare it in UCI_Variant"
                )));
            };
            if self.sent.get("uci_variant") != Some(&name) {
                let _ = writeln!(text, "setoption name UCI_Variant value {name}");
                self.sent.insert("uci_variant".into(), name);
            }
            if self.chess960 {
                // The lichess variants start from the standard castling rooks.
                if let Some(declared) = self.option("UCI_Chess960") {
                    let _ = writeln!(text, "setoption name {} value false", declared.name);
                    self.chess960 = false;
                    self.sent.insert("uci_chess960".into(), "false".into());
                }
            }
        }
        self.write_multipv(&mut text, go.multipv)?;
        match &go.position {
            Some(start) => {
                let _ = write!(text, "position {start}");
            }
            None => {
                let _ = write!(text, "position fen {}", go.start.to_fen());
            }
        }
        if !go.moves.is_empty() {
            text.push_str(" moves");
            let mut pos = go.start;
            for &m in &go.moves {
                let _ = write!(text, " {}", go.move_text(&pos, m));
                pos.play_unchecked(m);
            }
        }
        text.push('\n');
        write_go(&mut text, &go.limit, go.ponder);
        if let Some(moves) = &go.searchmoves {
            // Last: its moves run to the line's end.
            text.pop();
            text.push_str(" searchmoves");
            for &m in moves {
                let _ = write!(text, " {}", go.move_text(&root, m));
            }
            if moves.is_empty() {
                text.push_str(" 0000");
            }
            text.push('\n');
        }
        let (deadline, stopper) = self.launch(&text, &go.limit, go.ponder, root.turn())?;
        Ok((root, deadline, stopper))
    }

    /// Stops a search whose handle was dropped or given back (an analysis left running, a
    /// ponder search after a move) and reads up to its `bestmove`, so that the engine is
    /// idle; nothing when no search runs. Every command does it first; this is for a
    /// binding that must send the `stop` when another client would, even before a command
    /// that sends nothing.
    ///
    /// # Errors
    /// The engine dies or sends no `bestmove` within the stop timeout.
    pub fn stop_search(&mut self) -> Result<(), EngineError> {
        self.link.usable()?;
        self.finish_search()
    }

    /// Stops a search whose handle was dropped or given up, and reads up to its
    /// `bestmove`, so that the engine is ready for the next command.
    fn finish_search(&mut self) -> Result<(), EngineError> {
        if !self.searching {
            return Ok(());
        }
        self.link.send("stop\n")?;
        let wait = self.link.timeouts.stop;
        let deadline = Instant::now() + wait;
        loop {
            let line = self
                .link
                .recv(Some(deadline), "bestmove after stop", wait)?;
            if line.trim_start().starts_with("bestmove") {
                self.searching = false;
                return Ok(());
            }
        }
    }

    /// `debug on` or `debug off`: the engine's own debugging output (as extra `info string`
    /// lines), switched at once; a running search goes on.
    ///
    /// # Errors
    /// Writing failed (the engine has exited).
    pub fn debug(&mut self, on: bool) -> Result<(), EngineError> {
        self.link.usable()?;
        self.link
            .send(if on { "debug on\n" } else { "debug off\n" })
    }

    /// A handle that writes lines to the engine from any thread, outside this engine's
    /// borrow (a binding's `debug` during a search another thread waits on).
    pub fn line_sender(&self) -> LineSender {
        LineSender {
            stdin: self.link.process.shared_stdin(),
        }
    }

    /// Searches to the limit and returns the result: [`UciEngine::go`] then
    /// [`Search::wait`].
    ///
    /// # Errors
    /// As those two.
    pub fn analyse(&mut self, go: &Go) -> Result<SearchResult, EngineError> {
        self.go(go)?.wait()
    }

    /// Sends `quit` and waits for the process to exit (killing it after
    /// [`Timeouts::quit`]); its exit status if it had one.
    pub fn quit(mut self) -> Option<std::process::ExitStatus> {
        self.link.quit()
    }

    /// Kills the process without sending `quit` (python-chess's `close()` does so); its
    /// exit status.
    pub fn kill(mut self) -> Option<std::process::ExitStatus> {
        self.link.kill()
    }
}

impl std::fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UciEngine")
            .field("id", &self.id)
            .field("link", &self.link)
            .finish_non_exhaustive()
    }
}

/// `position startpos|fen <fen> [moves ...]`.
pub(crate) fn write_position(text: &mut String, start: &Position, moves: &[Move]) {
    let start_text = if !start.castling_mode().is_chess960() && *start == Position::new() {
        "startpos".to_owned()
    } else {
        format!("fen {}", start.to_fen())
    };
    write_moves(text, &start_text, start, moves);
}

/// `position <start_text> [moves ...]`, the moves played from `start`.
fn write_moves(text: &mut String, start_text: &str, start: &Position, moves: &[Move]) {
    let _ = write!(text, "position {start_text}");
    if !moves.is_empty() {
        text.push_str(" moves");
        let mut pos = *start;
        for &m in moves {
            let _ = write!(text, " {}", pos.to_uci(m));
            pos.play_unchecked(m);
        }
    }
    text.push('\n');
}

/// `go` with the limits and `ponder`.
fn write_go(text: &mut String, limit: &Limit, ponder: bool) {
    text.push_str("go");
    if ponder {
        text.push_str(" ponder");
    }
    let ms = |d: Duration| d.as_millis();
    if let Some(t) = limit.wtime {
        let _ = write!(text, " wtime {}", ms(t));
    }
    if let Some(t) = limit.btime {
        let _ = write!(text, " btime {}", ms(t));
    }
    if let Some(t) = limit.winc {
        let _ = write!(text, " winc {}", ms(t));
    }
    if let Some(t) = limit.binc {
        let _ = write!(text, " binc {}", ms(t));
    }
    if let Some(n) = limit.movestogo {
        let _ = write!(text, " movestogo {n}");
    }
    if let Some(n) = limit.depth {
        let _ = write!(text, " depth {n}");
    }
    if let Some(n) = limit.nodes {
        let _ = write!(text, " nodes {n}");
    }
    if let Some(n) = limit.mate {
        let _ = write!(text, " mate {n}");
    }
    if let Some(t) = limit.movetime {
        let _ = write!(text, " movetime {}", ms(t));
    }
    if limit.infinite {
        text.push_str(" infinite");
    }
    text.push('\n');
}

/// When the wait for `bestmove` gives up: a time limit plus the grace, else the search
/// timeout for a bounded search; never for an infinite or ponder search (they end with
/// `stop`, whose own timeout then applies).
pub(crate) fn search_deadline(go: &Go, root: &Position, timeouts: Timeouts) -> Option<Instant> {
    deadline_for(&go.limit, go.ponder, root.turn(), timeouts)
}

/// [`search_deadline`] by the limit, the ponder mode and the side to move.
fn deadline_for(limit: &Limit, ponder: bool, turn: Color, timeouts: Timeouts) -> Option<Instant> {
    if ponder || !limit.is_bounded() {
        return None;
    }
    let wait = match limit.time_bound(turn) {
        Some(t) => t + timeouts.grace,
        None => timeouts.search?,
    };
    Some(Instant::now() + wait)
}

/// What a running search says next (`M`: the position's move type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchEvent<M = Move> {
    /// An `info` line (boxed: it is large beside the other variant).
    Info(Box<Info<M>>),
    /// The search ended.
    BestMove(BestMove<M>),
}

/// A running search. Read its events with [`Search::next`], or wait for its end with
/// [`Search::wait`]; stop it with [`Search::stop`] (or a [`Stopper`] from another thread).
///
/// It holds its engine as `E`: borrowed (`&mut UciEngine`, from [`UciEngine::go`]) or owned
/// (a `Box<UciEngine>` or the engine itself, through [`Search::start`], given back by
/// [`Search::into_engine`]), so that a binding can keep a search without a borrow, as
/// Python objects must. A search dropped or given back before its end goes on; the
/// engine's next command stops it and reads up to its `bestmove` first.
///
/// `P` is the position searched: a chess [`Position`], or with the `variant` feature a
/// variant's (from `UciEngine::go_variant`).
pub struct Search<E: DerefMut<Target = UciEngine>, P: UciPosition = Position> {
    engine: E,
    root: P,
    go_limit: crate::Limit,
    pondering: bool,
    stopper: Stopper,
    deadline: Option<Instant>,
    stop_deadline: Option<Instant>,
    finished: Option<BestMove<P::Move>>,
    result: SearchResult<P::Move>,
}

impl<E: DerefMut<Target = UciEngine>> Search<E> {
    /// Starts a search on `engine`, as [`UciEngine::go`] does.
    ///
    /// # Errors
    /// As [`UciEngine::go`], with the engine given back.
    pub fn start(mut engine: E, go: &Go) -> Result<Search<E>, (EngineError, E)> {
        let begun = engine.begin(go);
        Search::begun(engine, begun, &go.limit, go.ponder)
    }
}

#[cfg(feature = "variant")]
impl<E: DerefMut<Target = UciEngine>> Search<E, quadboard_chess::variant::AnyVariant> {
    /// Starts a variant search on `engine`, as [`UciEngine::go_variant`] does.
    ///
    /// # Errors
    /// As [`UciEngine::go_variant`], with the engine given back.
    pub fn start_variant(mut engine: E, go: &crate::VariantGo) -> Result<Self, (EngineError, E)> {
        let begun = engine.begin_variant(go);
        Search::begun(engine, begun, &go.limit, go.ponder)
    }
}

impl<E: DerefMut<Target = UciEngine>, P: UciPosition> Search<E, P> {
    /// The search that `begin` or `begin_variant` sent (root, deadline, stopper), or its
    /// error with the engine given back.
    fn begun(
        engine: E,
        begun: Result<(P, Option<Instant>, Stopper), EngineError>,
        limit: &crate::Limit,
        pondering: bool,
    ) -> Result<Self, (EngineError, E)> {
        match begun {
            Ok((root, deadline, stopper)) => Ok(Search {
                engine,
                root,
                go_limit: limit.clone(),
                pondering,
                stopper,
                deadline,
                stop_deadline: None,
                finished: None,
                result: SearchResult::default(),
            }),
            Err(e) => Err((e, engine)),
        }
    }

    /// The engine back; a search that has not ended goes on until the engine's next
    /// command stops it.
    pub fn into_engine(self) -> E {
        self.engine
    }

    /// The position searched.
    pub fn root(&self) -> &P {
        &self.root
    }

    /// A handle that stops this search from any thread.
    pub fn stopper(&self) -> Stopper {
        self.stopper.clone()
    }

    /// Whether `bestmove` has come.
    pub fn is_finished(&self) -> bool {
        self.finished.is_some()
    }

    /// The lines so far: the last info per multipv line, merged as in [`SearchResult`].
    pub fn lines(&self) -> &[Info<P::Move>] {
        &self.result.lines
    }

    /// Sends `stop`; the search then ends with `bestmove` within the stop timeout.
    ///
    /// # Errors
    /// Writing failed (the engine has exited).
    pub fn stop(&mut self) -> Result<(), EngineError> {
        if self.finished.is_some() {
            return Ok(());
        }
        let stderr = self.engine.link.process.stderr_tail();
        self.stopper.stop().map_err(|source| {
            self.engine.link.fail(EngineError::Write {
                command: "stop".into(),
                source,
                stderr,
            })
        })?;
        self.stop_deadline = Some(Instant::now() + self.engine.link.timeouts.stop);
        Ok(())
    }

    /// Sends `ponderhit`: the move pondered on was played, and the search goes on as a
    /// normal one, its limit now counting.
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] when the search is not pondering; write errors.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        if !self.pondering || self.finished.is_some() {
            return Err(EngineError::Unsupported(
                "ponderhit: the search is not pondering".into(),
            ));
        }
        self.pondering = false;
        self.engine.link.send("ponderhit\n")?;
        self.deadline = deadline_for(
            &self.go_limit,
            false,
            self.root.side_to_move(),
            self.engine.link.timeouts,
        );
        Ok(())
    }

    /// The next event, waiting at most `timeout` (`None`: until there is one). `Ok(None)`
    /// when `timeout` passed without one, or the search has ended and its `bestmove` was
    /// given.
    ///
    /// # Errors
    /// The engine died, or the search ran past its limit's deadline, or past the stop
    /// timeout after `stop`, or sent an illegal best move: the engine is then unusable.
    pub fn next(
        &mut self,
        timeout: Option<Duration>,
    ) -> Result<Option<SearchEvent<P::Move>>, EngineError> {
        if self.finished.is_some() {
            return Ok(None);
        }
        let call_end = timeout.map(|t| Instant::now() + t);
        loop {
            if self.stop_deadline.is_none() && self.stopper.is_stopped() {
                // Stopped from another thread.
                self.stop_deadline = Some(Instant::now() + self.engine.link.timeouts.stop);
            }
            let (search_end, waiting_for, allowed) = match self.stop_deadline {
                Some(d) => (
                    Some(d),
                    "bestmove after stop",
                    self.engine.link.timeouts.stop,
                ),
                None => (self.deadline, "bestmove", Duration::ZERO),
            };
            // Without any deadline, wake now and then to notice a stop from elsewhere.
            let poll = (search_end.is_none() && call_end.is_none())
                .then(|| Instant::now() + Duration::from_millis(50));
            let until = [search_end, call_end, poll].into_iter().flatten().min();
            let line = match self.engine.link.process.recv(until, waiting_for) {
                Ok(line) => line,
                Err(EngineError::Timeout {
                    last_output,
                    stderr,
                    ..
                }) => {
                    let now = Instant::now();
                    if search_end.is_some_and(|d| now >= d) {
                        let after = if allowed.is_zero() {
                            self.deadline_allowance()
                        } else {
                            allowed
                        };
                        return Err(self.engine.link.fail(EngineError::Timeout {
                            waiting_for: waiting_for.to_owned(),
                            after,
                            last_output,
                            stderr,
                        }));
                    }
                    if call_end.is_some_and(|d| now >= d) {
                        return Ok(None);
                    }
                    continue;
                }
                Err(e) => return Err(self.engine.link.fail(e)),
            };
            if let Some(event) = self.handle(&line)? {
                return Ok(Some(event));
            }
        }
    }

    /// How long the search's own deadline allowed, for the timeout message.
    fn deadline_allowance(&self) -> Duration {
        let t = self.engine.link.timeouts;
        match self.go_limit.time_bound(self.root.side_to_move()) {
            Some(limit) => limit + t.grace,
            None => t.search.unwrap_or_default(),
        }
    }

    /// Reads one line: an event, or `None` for lines that are neither `info` nor
    /// `bestmove`.
    fn handle(&mut self, line: &str) -> Result<Option<SearchEvent<P::Move>>, EngineError> {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("info") {
            if !(rest.is_empty() || rest.starts_with(' ')) {
                return Ok(None);
            }
            let info = Info::parse(rest, &self.root);
            self.result.warnings.extend(info.warnings.iter().cloned());
            merge(&mut self.result.lines, &info);
            return Ok(Some(SearchEvent::Info(Box::new(info))));
        }
        let Some(rest) = line.strip_prefix("bestmove") else {
            return Ok(None);
        };
        if !(rest.is_empty() || rest.starts_with(' ')) {
            return Ok(None);
        }
        self.engine.searching = false;
        let best = self.parse_bestmove(rest)?;
        self.finished = Some(best.clone());
        self.result.best = best.clone();
        Ok(Some(SearchEvent::BestMove(best)))
    }

    /// `bestmove <move> [ponder <move>]`; `(none)` and `0000` for no move.
    fn parse_bestmove(&mut self, rest: &str) -> Result<BestMove<P::Move>, EngineError> {
        let mut tokens = rest.split_ascii_whitespace();
        let Some(text) = tokens.next() else {
            let stderr = self.engine.link.process.stderr_tail();
            return Err(self.engine.link.fail(EngineError::Protocol {
                message: "bestmove without a move".into(),
                stderr,
            }));
        };
        if matches!(text, "(none)" | "0000" | "none" | "NULL") {
            return Ok(BestMove::default());
        }
        let best = match self.root.parse_uci_move(text) {
            Ok(m) => m,
            Err(e) => {
                let stderr = self.engine.link.process.stderr_tail();
                return Err(self.engine.link.fail(EngineError::Protocol {
                    message: format!("bestmove {text}: {e} ({})", self.root.fen_text()),
                    stderr,
                }));
            }
        };
        let mut ponder = None;
        if tokens.next() == Some("ponder") {
            if let Some(p) = tokens.next() {
                let after = {
                    let mut pos = self.root.clone();
                    pos.play_uci_move(best);
                    pos
                };
                match after.parse_uci_move(p) {
                    Ok(m) => ponder = Some(m),
                    Err(e) if p != "(none)" => {
                        self.result.warnings.push(format!("ponder move {p}: {e}"))
                    }
                    Err(_) => {}
                }
            }
        }
        Ok(BestMove {
            best: Some(best),
            ponder,
        })
    }

    /// Waits for `bestmove` and returns the result.
    ///
    /// # Errors
    /// As [`Search::next`]. A search without a limit waits until it is stopped (from
    /// another thread, by a [`Stopper`]).
    pub fn wait(mut self) -> Result<SearchResult<P::Move>, EngineError> {
        while self.finished.is_none() {
            self.next(None)?;
        }
        Ok(std::mem::take(&mut self.result))
    }

    /// Stops the search and waits for its end.
    ///
    /// # Errors
    /// As [`Search::next`].
    pub fn stop_and_wait(mut self) -> Result<SearchResult<P::Move>, EngineError> {
        self.stop()?;
        self.wait()
    }
}

/// Merges `info` into its multipv line: each field it has replaces the line's.
fn merge<M: Clone>(lines: &mut Vec<Info<M>>, info: &Info<M>) {
    let k = info.multipv.unwrap_or(1).max(1) as usize;
    // An engine may announce any line number; more than a few hundred lines is garbage.
    if k > 1024 {
        return;
    }
    if lines.len() < k {
        lines.resize_with(k, Info::default);
    }
    let line = &mut lines[k - 1];
    macro_rules! take {
        ($($field:ident),*) => {$(
            if info.$field.is_some() {
                line.$field = info.$field.clone();
            }
        )*};
    }
    take!(
        depth,
        seldepth,
        multipv,
        wdl,
        nodes,
        nps,
        time,
        hashfull,
        tbhits,
        cpuload,
        currmove,
        currmovenumber,
        refutation,
        currline,
        string
    );
    if info.score.is_some() {
        line.score = info.score;
        line.lowerbound = info.lowerbound;
        line.upperbound = info.upperbound;
    }
    if !info.pv.is_empty() {
        line.pv = info.pv.clone();
    }
    line.warnings.extend(info.warnings.iter().cloned());
}
