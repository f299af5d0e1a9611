//! An XBoard (CECP) engine, protocol version 2: feature negotiation, options, `ping`,
//! positions by `setboard` or moves from the start, and searches with `sd`, `st`, `level`
//! and the clocks, their thinking output (`post`) read into [`Info`].

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use quadboard_chess::{Move, Position};

use crate::info::Score;
use crate::option::{self, parse_xboard_option};
use crate::process::{EngineCommand, Link};
use crate::search::{BestMove, Go, SearchResult};
use crate::uci::search_deadline;
use crate::{EngineError, EngineId, EngineOption, Info, OptionKind, Timeouts};

/// The features this client understands and accepts; any other is rejected.
const ACCEPTED: [&str; 24] = [
    "ping",
    "setboard",
    "playother",
    "san",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "ics",
    "name",
    "pause",
    "done",
    "option",
    "memory",
    "nps",
    "exclude",
    "smp",
    "egt",
];

/// How long an engine that sends no `done=1` may take after its last feature before the
/// features are taken as complete (the protocol's two seconds).
const FEATURE_SILENCE: Duration = Duration::from_secs(2);

/// A running XBoard engine.
///
/// Searches block until the engine moves ([`XboardEngine::analyse`]); the thinking output
/// goes to a callback that may stop the search (`?`, move now). Bounded by [`Timeouts`] as
/// [`crate::UciEngine`]; dropping it sends `quit`, then kills the process if needed.
pub struct XboardEngine {
    pub(crate) link: Link,
    id: EngineId,
    features: HashMap<String, String>,
    options: Vec<EngineOption>,
    pub(crate) ping: u32,
    /// The game the engine holds, as [`XboardEngine::set_game`] left it (`None`: unknown,
    /// the next game is a new one).
    pub(crate) game: Option<crate::xboard_game::HeldGame>,
    /// What the engine is doing between calls: pondering after a move, or analysing.
    pub(crate) activity: crate::xboard_game::Activity,
}

impl XboardEngine {
    /// Starts the engine, sends `xboard` and `protover 2`, and negotiates features:
    /// `accepted` or `rejected` for each; `done=0` extends the wait to the handshake
    /// timeout, `done=1` ends it; an engine that sends none is taken as done after two
    /// seconds of silence. Then `ping` when the engine offers it.
    ///
    /// # Errors
    /// The process cannot start or dies; `done=0` without `done=1` within the handshake
    /// timeout; no `pong`.
    pub fn start(command: impl Into<EngineCommand>) -> Result<XboardEngine, EngineError> {
        XboardEngine::start_with(command, Timeouts::default())
    }

    /// Starts the engine with these timeouts.
    ///
    /// # Errors
    /// As [`XboardEngine::start`].
    pub fn start_with(
        command: impl Into<EngineCommand>,
        timeouts: Timeouts,
    ) -> Result<XboardEngine, EngineError> {
        let mut engine = XboardEngine::negotiate(command, timeouts)?;
        engine.ping_now()?;
        Ok(engine)
    }

    /// Starts the engine and negotiates its features, without the `ping` after them (as
    /// python-chess starts an engine, so that the engine receives the same commands).
    ///
    /// # Errors
    /// As [`XboardEngine::start`], but for the `pong`.
    pub fn negotiate(
        command: impl Into<EngineCommand>,
        timeouts: Timeouts,
    ) -> Result<XboardEngine, EngineError> {
        let mut engine = XboardEngine {
            link: Link::spawn(&command.into(), timeouts)?,
            id: EngineId::default(),
            features: HashMap::new(),
            options: Vec::new(),
            ping: 0,
            game: None,
            activity: crate::xboard_game::Activity::Idle,
        };
        let _ = engine.link.process.send("xboard\nprotover 2\n");
        let start = Instant::now();
        let mut deadline = start + FEATURE_SILENCE;
        let mut extended = false;
        loop {
            let line = match engine.link.process.recv(Some(deadline), "feature done=1") {
                Ok(line) => line,
                Err(EngineError::Timeout { .. }) if !extended => break,
                Err(EngineError::Timeout {
                    last_output,
                    stderr,
                    ..
                }) => {
                    return Err(EngineError::Timeout {
                        waiting_for: "feature done=1".into(),
                        after: timeouts.handshake,
                        last_output,
                        stderr,
                    })
                }
                Err(e) => return Err(e),
            };
            let Some(rest) = line.trim().strip_prefix("feature ") else {
                continue;
            };
            let mut replies = String::new();
            let mut done = false;
            for (name, value) in parse_features(rest) {
                let accepted = ACCEPTED.contains(&name.as_str());
                let _ = writeln!(
                    replies,
                    "{} {name}",
                    if accepted { "accepted" } else { "rejected" }
                );
                match name.as_str() {
                    "done" if value == "0" => {
                        extended = true;
                        deadline = start + timeouts.handshake;
                    }
                    "done" => done = true,
                    "option" => engine.options.extend(parse_xboard_option(&value)),
                    "myname" => engine.id.name = Some(value.clone()),
                    _ => {}
                }
                if accepted && name != "option" {
                    engine.features.insert(name, value);
                }
            }
            engine.link.send(&replies)?;
            if done {
                break;
            }
            if !extended {
                deadline = Instant::now() + FEATURE_SILENCE;
            }
        }
        Ok(engine)
    }

    /// The engine's name (`myname`).
    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// The features accepted, by name, with their values as sent (quotes removed).
    pub fn features(&self) -> &HashMap<String, String> {
        &self.features
    }

    /// Whether a feature was sent with value 1.
    pub fn has_feature(&self, name: &str) -> bool {
        self.features.get(name).is_some_and(|v| v == "1")
    }

    /// The options the engine declared (`feature option="..."`).
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The engine process's id.
    pub fn pid(&self) -> u32 {
        self.link.process.pid()
    }

    /// Sets an option (`option NAME=VALUE`, `option NAME` for buttons), checked against its
    /// declaration; check options take `true`/`false` and are sent as 1/0. `memory`,
    /// `cores` and `egtpath KIND` are the protocol's own commands (`memory 64`), sent when
    /// the engine offered `memory`, `smp` or `egt`.
    ///
    /// # Errors
    /// [`EngineError::Option`] naming the option or value; write errors.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        let command = match name {
            "memory" => self.has_feature("memory"),
            "cores" => self.has_feature("smp"),
            _ => name.strip_prefix("egtpath ").is_some_and(|kind| {
                self.features
                    .get("egt")
                    .is_some_and(|k| k.split(',').any(|k| k == kind))
            }),
        };
        if command {
            if value.contains(['\n', '\r']) {
                return Err(EngineError::Option(format!(
                    "invalid line-break in option {name:?}: {value:?}"
                )));
            }
            return self.link.send(&format!("{name} {value}\n"));
        }
        let declared = option::find(&self.options, name)
            .ok_or_else(|| option::unknown(&self.options, name))?;
        let value = declared.check_value(value)?;
        let text = match declared.kind {
            OptionKind::Button => format!("option {}\n", declared.name),
            OptionKind::Check { .. } => {
                format!("option {}={}\n", declared.name, u8::from(value == "true"))
            }
            _ => format!("option {}={value}\n", declared.name),
        };
        self.link.send(&text)
    }

    /// `ping N`, then waits for `pong N` (other lines are skipped). Does nothing when the
    /// engine did not offer `ping`.
    ///
    /// # Errors
    /// The engine dies or sends no `pong` within the ready timeout.
    pub fn ping(&mut self) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        self.ping_now()
    }

    /// `ping N` and its `pong N`, whatever the engine is doing.
    pub(crate) fn ping_now(&mut self) -> Result<(), EngineError> {
        if !self.has_feature("ping") {
            return Ok(());
        }
        self.ping += 1;
        let n = self.ping;
        self.link.send(&format!("ping {n}\n"))?;
        let want = format!("pong {n}");
        let deadline = Instant::now() + self.link.timeouts.ready;
        loop {
            if self
                .link
                .recv(Some(deadline), &want, self.link.timeouts.ready)?
                .trim()
                == want
            {
                return Ok(());
            }
        }
    }

    /// `new`, `force`, then `ping`: a new game, the engine playing neither side.
    ///
    /// # Errors
    /// As [`XboardEngine::ping`].
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.link.usable()?;
        self.settle()?;
        self.game = None;
        self.link.send("new\nforce\n")?;
        self.ping()
    }

    /// Searches and returns the engine's move with its last thinking line.
    ///
    /// Sends `new`, `force`, the position (`setboard` when the start is not the standard
    /// position; the moves in coordinate notation, after `usermove` if the engine asked for
    /// it, or SAN if it asked for that), the limit (`sd` for depth, `st` for move time in
    /// whole seconds, `level` with `time`/`otim` in centiseconds for clocks), `post` and
    /// `go`, then reads thinking lines until `move`. `on_info` sees each thinking line;
    /// returning `false` sends `?` (move now).
    ///
    /// # Errors
    /// [`EngineError::Unsupported`] for what XBoard cannot express here (node and mate
    /// limits, root moves, multipv, ponder, infinite search, Chess960, a start position
    /// without `setboard`); a protocol error for an illegal move or an engine error line;
    /// timeouts as [`crate::UciEngine::go`].
    pub fn analyse_with(
        &mut self,
        go: &Go,
        mut on_info: impl FnMut(&Info) -> bool,
    ) -> Result<SearchResult, EngineError> {
        self.link.usable()?;
        self.settle()?;
        let unsupported = |what: &str| {
            Err(EngineError::Unsupported(format!(
                "XBoard engines: {what} is not supported by this client"
            )))
        };
        let limit = &go.limit;
        if limit.nodes.is_some() || limit.mate.is_some() {
            return unsupported("a node or mate limit");
        }
        if go.searchmoves.is_some() || go.multipv.unwrap_or(1) > 1 || go.ponder {
            return unsupported("searchmoves, multipv or ponder");
        }
        if !limit.is_bounded() {
            return unsupported("a search without a limit");
        }
        if go.start.castling_mode().is_chess960() {
            return unsupported("Chess960");
        }
        let root = go
            .root()
            .map_err(|e| EngineError::Unsupported(format!("invalid search: {e}")))?;
        self.game = None;
        let mut text = String::from("new\nforce\n");
        if go.start != Position::new() {
            if !self.has_feature("setboard") {
                return Err(EngineError::Unsupported(format!(
                    "the engine has no setboard feature, so it can only start from the standard position, not {}",
                    go.start.to_fen()
                )));
            }
            let _ = writeln!(text, "setboard {}", go.start.to_fen());
        }
        let usermove = if self.has_feature("usermove") {
            "usermove "
        } else {
            ""
        };
        let mut pos = go.start;
        for &m in &go.moves {
            if self.has_feature("san") {
                let _ = writeln!(text, "{usermove}{}", pos.to_san(m));
            } else {
                let _ = writeln!(text, "{usermove}{}", pos.to_uci(m));
            }
            pos.play_unchecked(m);
        }
        if let Some(depth) = limit.depth {
            let _ = writeln!(text, "sd {depth}");
        }
        if let Some(t) = limit.movetime {
            let _ = writeln!(text, "st {}", t.as_millis().div_ceil(1000).max(1));
        } else if limit.wtime.is_some() || limit.btime.is_some() {
            let (ours, theirs, inc) = match root.turn() {
                quadboard_chess::Color::White => (limit.wtime, limit.btime, limit.winc),
                quadboard_chess::Color::Black => (limit.btime, limit.wtime, limit.binc),
            };
            let base = ours.unwrap_or_default().as_secs();
            let _ = writeln!(
                text,
                "level {} {}:{:02} {}",
                limit.movestogo.unwrap_or(0),
                base / 60,
                base % 60,
                inc.unwrap_or_default().as_secs()
            );
            let cs = |d: Option<Duration>| d.unwrap_or_default().as_millis() / 10;
            let _ = writeln!(text, "time {}\notim {}", cs(ours), cs(theirs));
        } else {
            // Depth alone: no time control, so that the engine does not hurry.
            text.push_str("level 0 1000 0\n");
        }
        text.push_str("post\ngo\n");
        self.link.send(&text)?;
        let deadline = search_deadline(go, &root, self.link.timeouts);
        let mut stop_deadline = None;
        let mut result = SearchResult::default();
        loop {
            let until = stop_deadline.or(deadline);
            let allowed = match stop_deadline {
                Some(_) => self.link.timeouts.stop,
                None => limit
                    .time_bound(root.turn())
                    .map_or(self.link.timeouts.search.unwrap_or_default(), |t| {
                        t + self.link.timeouts.grace
                    }),
            };
            let line = self.link.recv(until, "a move", allowed)?;
            let line = line.trim();
            if let Some(info) = parse_thinking(line, &root) {
                result.warnings.extend(info.warnings.iter().cloned());
                let keep_going = on_info(&info);
                result.lines = vec![info];
                if !keep_going && stop_deadline.is_none() {
                    self.link.send("?\n")?;
                    stop_deadline = Some(Instant::now() + self.link.timeouts.stop);
                }
                continue;
            }
            let text = line
                .strip_prefix("move ")
                .or_else(|| line.strip_prefix("My move is:"))
                .or_else(|| line.strip_prefix("my move is"));
            if let Some(text) = text {
                let text = text.trim();
                let m = parse_move(&root, text).ok_or_else(|| {
                    self.link.fail(EngineError::Protocol {
                        message: format!("move {text} is not legal in {}", root.to_fen()),
                        stderr: self.link.process.stderr_tail(),
                    })
                })?;
                result.best = BestMove {
                    best: Some(m),
                    ponder: None,
                };
                return Ok(result);
            }
            if line.starts_with("Illegal move") || line.starts_with("Error") {
                return Err(self.link.fail(EngineError::Protocol {
                    message: format!("the engine answered {line:?}"),
                    stderr: self.link.process.stderr_tail(),
                }));
            }
            if line == "resign"
                || line.starts_with("1-0")
                || line.starts_with("0-1")
                || line.starts_with("1/2-1/2")
            {
                // The game is over for the engine: no move.
                self.ping()?;
                return Ok(result);
            }
        }
    }

    /// [`XboardEngine::analyse_with`] without a callback.
    ///
    /// # Errors
    /// As [`XboardEngine::analyse_with`].
    pub fn analyse(&mut self, go: &Go) -> Result<SearchResult, EngineError> {
        self.analyse_with(go, |_| true)
    }

    /// Sends `quit` and waits for the process to exit (killing it after
    /// [`Timeouts::quit`]).
    pub fn quit(mut self) -> Option<std::process::ExitStatus> {
        self.link.quit()
    }
}

impl std::fmt::Debug for XboardEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("XboardEngine")
            .field("id", &self.id)
            .field("link", &self.link)
            .finish_non_exhaustive()
    }
}

/// The `name=value` pairs of a `feature` line; values may be quoted (`myname="Fairy-Max
/// 5.0b"`), quotes removed.
pub(crate) fn parse_features(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim_start();
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim().to_owned();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            match after.find(char::is_whitespace) {
                Some(end) => (&after[..end], &after[end..]),
                None => (after, ""),
            }
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            break;
        }
        pairs.push((name, value.to_owned()));
        rest = next.trim_start();
    }
    pairs
}

/// A move in coordinate notation or SAN.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Option<Move> {
    pos.parse_uci(text)
        .ok()
        .or_else(|| pos.parse_san(text).ok())
}

/// A thinking line `ply score time nodes [seldepth [nps [... tbhits]]] pv`: score in
/// centipawns (mate as 100000 + N moves, negative when mated), time in centiseconds; as
/// python-chess reads it, the leading integers are the numbers (past the fifth, the last
/// one is `tbhits`, those between are reserved), the rest the pv in coordinates or SAN,
/// move numbers skipped, checked from `root`. `None` for other lines.
pub(crate) fn parse_thinking(line: &str, root: &Position) -> Option<Info> {
    let mut tokens = line.split_ascii_whitespace().peekable();
    let mut numbers: Vec<i64> = Vec::new();
    while let Some(n) = tokens.peek().and_then(|t| t.parse::<i64>().ok()) {
        numbers.push(n);
        tokens.next();
    }
    if numbers.len() < 4 {
        return None;
    }
    let unsigned = |n: i64| u64::try_from(n).unwrap_or(0);
    let score = numbers[1];
    let mut info = Info {
        depth: Some(u32::try_from(numbers[0]).ok()?),
        score: Some(if score.unsigned_abs() >= 100_000 {
            let n = i32::try_from(score.unsigned_abs() - 100_000).unwrap_or(i32::MAX);
            Score::Mate(if score < 0 { -n } else { n })
        } else {
            Score::Cp(i32::try_from(score).unwrap_or(0))
        }),
        time: Some(Duration::from_millis(
            unsigned(numbers[2]).saturating_mul(10),
        )),
        nodes: Some(unsigned(numbers[3])),
        ..Info::default()
    };
    let mut rest = numbers[4..].iter();
    info.seldepth = rest.next().and_then(|&n| u32::try_from(n).ok());
    info.nps = rest.next().map(|&n| unsigned(n));
    info.tbhits = rest.last().map(|&n| unsigned(n));
    let mut pos = *root;
    for token in tokens {
        // Move numbers (`12.`, `12...`) and the optional extra numbers are not moves.
        if token
            .trim_end_matches('.')
            .bytes()
            .all(|b| b.is_ascii_digit())
            || token == "..."
        {
            continue;
        }
        match parse_move(&pos, token) {
            Some(m) => {
                pos.play_unchecked(m);
                info.pv.push(m);
            }
            None => {
                info.warnings.push(format!(
                    "pv: move {} ({token}) is not legal",
                    info.pv.len() + 1
                ));
                break;
            }
        }
    }
    Some(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_with_quotes() {
        let pairs = parse_features(r#"myname="Fairy-Max 5.0b" setboard=0 ping=1 done=0"#);
        assert_eq!(
            pairs,
            vec![
                ("myname".into(), "Fairy-Max 5.0b".into()),
                ("setboard".into(), "0".into()),
                ("ping".into(), "1".into()),
                ("done".into(), "0".into())
            ]
        );
        let pairs = parse_features(r#"option="Resign Threshold -spin 800 200 1200""#);
        assert_eq!(pairs[0].1, "Resign Threshold -spin 800 200 1200");
    }

    #[test]
    fn thinking_lines() {
        let root = Position::new();
        let info =
            parse_thinking(" 4      0        3       1171 d2d4 d7d5 b1c3 b8c6", &root).unwrap();
        assert_eq!(info.depth, Some(4));
        assert_eq!(info.score, Some(Score::Cp(0)));
        assert_eq!(info.time, Some(Duration::from_millis(30)));
        assert_eq!(info.nodes, Some(1171));
        assert_eq!(info.pv.len(), 4);
        let info = parse_thinking("9 -100003 10 500 1. e4 e5 2. Qh5 Kxh5", &root).unwrap();
        assert_eq!(info.score, Some(Score::Mate(-3)));
        assert_eq!(info.pv.len(), 3);
        assert_eq!(info.warnings.len(), 1);
        assert!(parse_thinking("move e2e4", &root).is_none());
        let info = parse_thinking("1 -9223372036854775808 -5 0", &root).unwrap();
        assert_eq!(info.score, Some(Score::Mate(-i32::MAX)));
        assert_eq!(info.time, Some(Duration::ZERO));
        let info = parse_thinking("7 20 5 900 11 4000 0 3 e2e4", &root).unwrap();
        assert_eq!(
            (info.seldepth, info.nps, info.tbhits, info.pv.len()),
            (Some(11), Some(4000), Some(3), 1)
        );
        assert!(parse_thinking("1 2 3 e2e4", &root).is_none());
        assert!(parse_thinking("# times @ 857363858", &root).is_none());
    }
}
