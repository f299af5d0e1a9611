//! What a search is asked (position, limits, root moves) and what it gives back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use quadboard_chess::{Color, Move, Position};

use crate::process::{write_to, SharedStdin};
use crate::Info;

/// When a search ends. Several limits may be given; the engine stops at the first reached.
/// `infinite` searches until [`crate::Search::stop`]; no limit at all sends a bare `go`, as
/// python-chess does for `Limit()`, which engines take as a search until stopped too (the
/// client then waits without a deadline).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// Plies (`go depth`).
    pub depth: Option<u32>,
    /// Nodes (`go nodes`).
    pub nodes: Option<u64>,
    /// Time for this move (`go movetime`).
    pub movetime: Option<Duration>,
    /// Search for a mate in so many moves (`go mate`).
    pub mate: Option<u32>,
    /// White's clock (`go wtime`).
    pub wtime: Option<Duration>,
    /// Black's clock (`go btime`).
    pub btime: Option<Duration>,
    /// White's increment (`go winc`).
    pub winc: Option<Duration>,
    /// Black's increment (`go binc`).
    pub binc: Option<Duration>,
    /// Moves to the next time control (`go movestogo`).
    pub movestogo: Option<u32>,
    /// Search until stopped (`go infinite`), whatever else is given.
    pub infinite: bool,
}

impl Limit {
    /// A depth limit.
    pub fn depth(depth: u32) -> Limit {
        Limit {
            depth: Some(depth),
            ..Limit::default()
        }
    }

    /// A node limit.
    pub fn nodes(nodes: u64) -> Limit {
        Limit {
            nodes: Some(nodes),
            ..Limit::default()
        }
    }

    /// A time limit for the move.
    pub fn movetime(time: Duration) -> Limit {
        Limit {
            movetime: Some(time),
            ..Limit::default()
        }
    }

    /// No limit: until stopped.
    pub fn infinite() -> Limit {
        Limit {
            infinite: true,
            ..Limit::default()
        }
    }

    /// Whether the search ends by itself.
    pub fn is_bounded(&self) -> bool {
        !self.infinite
            && (self.depth.is_some()
                || self.nodes.is_some()
                || self.movetime.is_some()
                || self.mate.is_some()
                || self.wtime.is_some()
                || self.btime.is_some())
    }

    /// The longest the search may take by its time limits when `turn` is to move: the move
    /// time, or the side's clock (it cannot think longer than it has). `None` when no time
    /// limit applies.
    pub(crate) fn time_bound(&self, turn: Color) -> Option<Duration> {
        let clock = match turn {
            Color::White => self.wtime,
            Color::Black => self.btime,
        };
        match (self.movetime, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A search request: the position as the game's start and the moves played since (so that
/// the engine sees repetitions), the limit, and the options of `go`.
#[derive(Clone, Debug)]
pub struct Go {
    /// The game's start position (in Chess960 mode when the game is Chess960).
    pub start: Position,
    /// The moves played from `start`, each legal in turn.
    pub moves: Vec<Move>,
    /// When to stop.
    pub limit: Limit,
    /// Only these root moves (`go searchmoves ...`); all when `None`. An empty list is
    /// sent as `searchmoves 0000` (UCI cannot write an empty list; a null move matches no
    /// legal move, so the engine finds none to search, and python-chess sends the same).
    pub searchmoves: Option<Vec<Move>>,
    /// Lines searched at once (the `MultiPV` option, set when it differs).
    pub multipv: Option<u32>,
    /// Search in ponder mode (`go ponder`) until [`crate::Search::ponderhit`] or stop; the
    /// last of `moves` is then the move pondered on.
    pub ponder: bool,
    /// The start as sent after `position` (`startpos` or `fen <fen>`), instead of what
    /// quadboard writes from `start`: for a binding that must send another client's exact
    /// text (python-chess writes Shredder-FEN castling and every en passant square). It
    /// must describe `start`; the moves still follow from `moves`.
    pub position: Option<String>,
}

impl Go {
    /// A search of `position` (no moves before it) with `limit`.
    pub fn new(position: Position, limit: Limit) -> Go {
        Go {
            start: position,
            moves: Vec::new(),
            limit,
            searchmoves: None,
            multipv: None,
            ponder: false,
            position: None,
        }
    }

    /// A search after `moves` from `start`.
    pub fn after(start: Position, moves: &[Move], limit: Limit) -> Go {
        Go {
            moves: moves.to_vec(),
            ..Go::new(start, limit)
        }
    }

    /// Restricts the root moves (to none when `moves` is empty).
    pub fn searchmoves(mut self, moves: &[Move]) -> Go {
        self.searchmoves = Some(moves.to_vec());
        self
    }

    /// Searches `n` lines.
    pub fn multipv(mut self, n: u32) -> Go {
        self.multipv = Some(n);
        self
    }

    /// Searches in ponder mode.
    pub fn ponder(mut self) -> Go {
        self.ponder = true;
        self
    }

    /// The position searched: `start` after `moves`.
    ///
    /// # Errors
    /// The first move that is not legal, by its index and text.
    pub fn root(&self) -> Result<Position, String> {
        let mut pos = self.start;
        for (i, &m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(format!(
                    "move {} ({m}) is not legal in {}",
                    i + 1,
                    pos.to_fen()
                ));
            }
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}

/// The end of a search: the best move and the move the engine would ponder on. `M` is the
/// position's move type ([`Move`] for chess).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestMove<M = Move> {
    /// The move, `None` when there is none (`bestmove (none)` or `0000`: the game is over).
    pub best: Option<M>,
    /// The expected reply, if the engine gave a legal one.
    pub ponder: Option<M>,
}

// By hand: a derive would ask `M: Default`.
impl<M> Default for BestMove<M> {
    fn default() -> BestMove<M> {
        BestMove {
            best: None,
            ponder: None,
        }
    }
}

/// A finished search: its best move and the last `info` of each line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M = Move> {
    /// The best move and ponder move.
    pub best: BestMove<M>,
    /// The last `info` line that had a score or pv, per multipv line: `lines[0]` is line 1.
    /// Fields of other `info` lines (a later `nodes`, `hashfull`) are merged into the line
    /// they follow, as python-chess's `analyse` does.
    pub lines: Vec<Info<M>>,
    /// Warnings: the ones of each info line, and a ponder move that was not legal.
    pub warnings: Vec<String>,
}

impl<M> Default for SearchResult<M> {
    fn default() -> SearchResult<M> {
        SearchResult {
            best: BestMove::default(),
            lines: Vec::new(),
            warnings: Vec::new(),
        }
    }
}

impl<M: Clone> SearchResult<M> {
    /// The main line's info (line 1); empty when the engine sent none.
    pub fn info(&self) -> Info<M> {
        self.lines.first().cloned().unwrap_or_default()
    }
}

/// A search of a lichess variant's position (`variant` feature): the game's start and the
/// moves played since, the limit, and the lines searched at once. The engine must declare
/// the variant in its `UCI_Variant` option ([`crate::uci_variant_names`]).
#[cfg(feature = "variant")]
#[derive(Clone, Debug)]
pub struct VariantGo {
    /// The game's start position.
    pub start: quadboard_chess::variant::AnyVariant,
    /// The moves played from `start`, each legal in turn.
    pub moves: Vec<quadboard_chess::variant::VariantMove>,
    /// When to stop.
    pub limit: Limit,
    /// Lines searched at once (the `MultiPV` option, set when it differs).
    pub multipv: Option<u32>,
    /// Only these root moves (`go searchmoves ...`), as [`Go::searchmoves`]; all when
    /// `None`.
    pub searchmoves: Option<Vec<quadboard_chess::variant::VariantMove>>,
    /// Search in ponder mode (`go ponder`), as [`Go::ponder`].
    pub ponder: bool,
    /// How castling is written in the moves sent (`position ... moves`, `searchmoves`):
    /// `None` for the position's own mode (Chess960 when its rights need it); a binding
    /// whose board writes castling otherwise (python-chess's Chess960 flag) names it.
    pub castling: Option<quadboard_chess::CastlingMode>,
    /// The start as sent after `position` (`fen <fen>`), instead of what quadboard writes
    /// from `start`, for a binding that must send another client's exact text. With it the
    /// binding manages `UCI_Variant` and `UCI_Chess960` itself (as python-chess does, by
    /// [`crate::UciEngine::set_option`]), and the search sets neither.
    pub position: Option<String>,
}

#[cfg(feature = "variant")]
impl VariantGo {
    /// A search after `moves` from `start` with `limit`.
    pub fn after(
        start: quadboard_chess::variant::AnyVariant,
        moves: &[quadboard_chess::variant::VariantMove],
        limit: Limit,
    ) -> VariantGo {
        VariantGo {
            start,
            moves: moves.to_vec(),
            limit,
            multipv: None,
            searchmoves: None,
            ponder: false,
            castling: None,
            position: None,
        }
    }

    /// `m`, played in `pos`, as the moves of this search are written (see
    /// [`VariantGo::castling`]).
    pub fn move_text(
        &self,
        pos: &quadboard_chess::variant::AnyVariant,
        m: quadboard_chess::variant::VariantMove,
    ) -> String {
        match self.castling {
            Some(mode) => m.to_uci(pos.turn(), mode),
            None => pos.to_uci(m),
        }
    }

    /// The position searched: `start` after `moves`.
    ///
    /// # Errors
    /// The first move that is not legal, by its index and text.
    pub fn root(&self) -> Result<quadboard_chess::variant::AnyVariant, String> {
        let mut pos = self.start;
        for (i, &m) in self.moves.iter().enumerate() {
            match pos.play(m) {
                Ok(after) => pos = after,
                Err(e) => {
                    return Err(format!(
                        "move {} ({}): {e} in {}",
                        i + 1,
                        pos.to_uci(m),
                        pos.to_fen()
                    ))
                }
            }
        }
        Ok(pos)
    }
}

/// Sends `stop` to a running search from any thread: the search then ends with its best
/// move. Stopping a search that has ended does nothing (the engine ignores a stray `stop`).
#[derive(Clone, Debug)]
pub struct Stopper {
    pub(crate) stdin: SharedStdin,
    pub(crate) stopped: Arc<AtomicBool>,
    pub(crate) command: std::borrow::Cow<'static, str>,
}

impl Stopper {
    /// Asks the engine to stop; the search's next wait is then bounded by the stop timeout.
    ///
    /// # Errors
    /// Writing to the engine failed (it has exited).
    pub fn stop(&self) -> std::io::Result<()> {
        if self.stopped.swap(true, Ordering::SeqCst) {
            return Ok(());
        }
        write_to(&self.stdin, &self.command)
    }

    /// Whether a stop was sent.
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }
}

/// Sends lines to an engine from any thread, beside the client's own commands: for
/// commands that need no answer and may come at any time, a search running or not (UCI's
/// `debug on`, python-chess's `send_line`). The client does not know what such a line
/// does: one that starts or ends a search (`go`, `stop`) leaves it out of step.
#[derive(Clone, Debug)]
pub struct LineSender {
    pub(crate) stdin: SharedStdin,
}

impl LineSender {
    /// Writes `line` and a newline in one write.
    ///
    /// # Errors
    /// `InvalidInput` for a line with a line break in it; write errors (the engine has
    /// exited).
    pub fn send_line(&self, line: &str) -> std::io::Result<()> {
        if line.contains(['\n', '\r']) {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("a line sent to an engine has a line break in it: {line:?}"),
            ));
        }
        write_to(&self.stdin, &format!("{line}\n"))
    }
}
