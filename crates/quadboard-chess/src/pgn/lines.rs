//! Playing a game's lines: the mainline and variations nested in it, each from the position
//! before the move it replaces.

use alloc::vec::Vec;
use core::fmt;

use super::WarningKind;
use crate::san::{self, Resolved};
use crate::{Bitboard, Move, Position, Role};

/// Why a move of the movetext cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveError {
    /// The text is neither SAN nor UCI.
    NotAMove,
    /// No legal move fits the text.
    Illegal,
    /// Several legal moves fit; the squares they could come from.
    Ambiguous(Bitboard),
    /// A null move (`--`) while in check.
    NullMoveInCheck,
    /// A variation where the line has no move to replace.
    VariationWithoutMove,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove => f.write_str("not a move"),
            MoveError::Illegal => f.write_str("illegal move"),
            MoveError::Ambiguous(candidates) => {
                f.write_str("ambiguous move: it could be played from ")?;
                san::write_squares(f, *candidates)
            }
            MoveError::NullMoveInCheck => f.write_str("null move while in check"),
            MoveError::VariationWithoutMove => f.write_str("variation before any move"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MoveError {}

impl Position {
    /// The legal move that `text` names, read as people write moves in PGN: SAN with the
    /// [`san`] reader's leniency (suffixes, castling with zeros, long
    /// algebraic), UCI (`e2e4`, `e1g1`, king-takes-rook), or a null move (`--`, `Z0`,
    /// `0000`), given as [`Move::NULL`].
    ///
    /// # Errors
    /// [`MoveError`]: not a move, illegal, ambiguous, or a null move in check.
    ///
    /// ```
    /// use quadboard_chess::{Move, Position};
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_pgn_move(b"Nf3"), pos.parse_pgn_move(b"g1f3"));
    /// assert_eq!(pos.parse_pgn_move(b"--"), Ok(Move::NULL));
    /// assert!(pos.parse_pgn_move(b"Ke2").is_err());
    /// ```
    pub fn parse_pgn_move(&self, text: &[u8]) -> Result<Move, MoveError> {
        self.read_pgn_move(text).map(|(m, _)| m)
    }

    /// [`Position::parse_pgn_move`], inlined into `Lines::play`: the call cost 2 % of
    /// checking a file (cachegrind). With the role of the piece that moves (any for
    /// [`Move::NULL`]).
    #[inline(always)]
    fn read_pgn_move(&self, text: &[u8]) -> Result<(Move, Role), MoveError> {
        match san::read(text) {
            Some(san) => match san.resolve(self) {
                Resolved::Move(m, role) => Ok((m, role)),
                Resolved::Ambiguous(candidates) => Err(MoveError::Ambiguous(candidates)),
                Resolved::Illegal => self.parse_pgn_move_not_san(text, true),
            },
            None => self.parse_pgn_move_not_san(text, false),
        }
    }

    /// The rest of [`Position::parse_pgn_move`] for `text` that is not a legal move in SAN
    /// (`san`: whether it is SAN at all): null moves and UCI.
    #[cold]
    fn parse_pgn_move_not_san(&self, text: &[u8], san: bool) -> Result<(Move, Role), MoveError> {
        match text {
            b"--" | b"Z0" | b"0000" => {
                return if self.is_check() {
                    Err(MoveError::NullMoveInCheck)
                } else {
                    Ok((Move::NULL, Role::Pawn))
                };
            }
            // UCI: castling as the king's move, or the origin given for a piece.
            [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8', ..] if text.len() <= 5 => {
                if let Ok(text) = core::str::from_utf8(text) {
                    if let Ok(m) = self.parse_uci(text) {
                        let role = self.board().role_at(m.from()).unwrap_or(Role::Pawn);
                        return Ok((m, role));
                    }
                }
                return Err(MoveError::Illegal);
            }
            _ => {}
        }
        Err(if san {
            MoveError::Illegal
        } else {
            MoveError::NotAMove
        })
    }

    /// Plays `m`, a move of `role`, as [`Position::parse_pgn_move`] gives it: [`Move::NULL`]
    /// passes. Without `KEY` the key is left stale.
    #[inline(always)]
    fn play_pgn_move<const KEY: bool>(&mut self, m: Move, role: Role) {
        if m == Move::NULL {
            // parse_pgn_move gives NULL only when not in check.
            if let Ok(next) = self.null_move() {
                *self = next;
            }
        } else {
            self.play_unchecked_keyed::<KEY>(m, role);
        }
    }
}

/// What [`Lines::play_lenient`] forgave in a move, or read that the standard does not
/// have; [`WarningKind`] has each under the same name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveWarning {
    /// Castling written with zeros.
    CastlingWithZeros,
    /// `e.p.` after an en passant capture, or as a word of its own.
    EnPassantSuffix,
    /// Two moves written as one word.
    MovesRunTogether,
    /// A null move.
    NullMove,
}

impl From<MoveWarning> for WarningKind {
    fn from(warning: MoveWarning) -> WarningKind {
        match warning {
            MoveWarning::CastlingWithZeros => WarningKind::CastlingWithZeros,
            MoveWarning::EnPassantSuffix => WarningKind::EnPassantSuffix,
            MoveWarning::MovesRunTogether => WarningKind::MovesRunTogether,
            MoveWarning::NullMove => WarningKind::NullMove,
        }
    }
}

/// The warning for `m`, played as `text` says: a null move, or castling with zeros.
fn move_warning(text: &[u8], m: Move) -> Option<MoveWarning> {
    if m == Move::NULL {
        Some(MoveWarning::NullMove)
    } else if text.first() == Some(&b'0') {
        Some(MoveWarning::CastlingWithZeros)
    } else {
        None
    }
}

/// What [`Lines::play_lenient`] played for a word of the movetext (`M`: the move type,
/// chess's [`Move`] or a variant's).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Played<M = Move> {
    /// One move, as written.
    One(M),
    /// Two moves written as one word.
    Two(M, M),
    /// Nothing: a word that adds nothing (`e.p.`).
    Nothing,
}

/// One line being played: where its last move started and where it stands.
#[derive(Clone, Copy)]
pub(super) struct Line<P> {
    pub(super) before: P,
    pub(super) now: P,
    /// Plies from the game's start to `now`.
    pub(super) ply: u32,
    /// Whether the line has a move (a variation needs one to replace).
    pub(super) has_move: bool,
}

/// A stack of lines, one per open variation, the root line at the bottom: what chess's
/// [`Lines`] and the variants' lines share. Kept between games: no allocation per game.
#[derive(Clone)]
pub(super) struct LineStack<P>(Vec<Line<P>>);

impl<P: Copy> LineStack<P> {
    /// A stack with no line: [`LineStack::start`] must come before anything else.
    pub(super) const fn new() -> LineStack<P> {
        LineStack(Vec::new())
    }

    /// Starts a game from `start`: the root line alone.
    pub(super) fn start(&mut self, start: P) {
        self.0.clear();
        self.0.push(Line {
            before: start,
            now: start,
            ply: 0,
            has_move: false,
        });
    }

    /// The current line.
    #[inline(always)]
    pub(super) fn top(&self) -> &Line<P> {
        // `start` pushes the root; `end_variation` never pops it.
        self.0.last().expect("the root line is never popped")
    }

    /// Records a move of the current line and gives its position, on which the caller
    /// makes the move. (A closure that made it was not inlined into the reader's loop:
    /// 4.8 % more instructions in `pgn check`.)
    #[inline(always)]
    pub(super) fn advance(&mut self) -> &mut P {
        let line = self.0.last_mut().expect("the root line is never popped");
        line.before = line.now;
        line.ply += 1;
        line.has_move = true;
        &mut line.now
    }

    /// How many variations are open.
    pub(super) fn depth(&self) -> usize {
        self.0.len().saturating_sub(1)
    }

    /// Opens a variation of the current line's last move: a new line from the position
    /// before it; [`MoveError::VariationWithoutMove`] when the line has no move yet.
    pub(super) fn begin_variation(&mut self) -> Result<(), MoveError> {
        let top = *self.top();
        if !top.has_move {
            return Err(MoveError::VariationWithoutMove);
        }
        self.0.push(Line {
            before: top.before,
            now: top.before,
            ply: top.ply - 1,
            has_move: false,
        });
        Ok(())
    }

    /// Closes the innermost variation; nothing when none is open.
    pub(super) fn end_variation(&mut self) {
        if self.0.len() > 1 {
            self.0.pop();
        }
    }
}

/// The lines of a game as its movetext opens and closes them: a stack of positions, one
/// per open variation. The stack is kept between games: no allocation per game.
///
/// ```
/// use quadboard_chess::pgn::Lines;
/// use quadboard_chess::Position;
///
/// let mut lines = Lines::new();
/// lines.start(Position::new());
/// lines.play(b"e4")?;
/// lines.play(b"e5")?;
/// lines.begin_variation()?; // 1... c5 instead of 1... e5
/// lines.play(b"c5")?;
/// assert_eq!(lines.ply(), 2);
/// lines.end_variation();
/// lines.play(b"Nf3")?;
/// assert_eq!(lines.ply(), 3);
/// assert_eq!(lines.position().to_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
/// # Ok::<(), quadboard_chess::pgn::MoveError>(())
/// ```
#[derive(Clone)]
pub struct Lines {
    stack: LineStack<Position>,
    /// Whether the positions' keys are kept up to date (see [`Lines::without_keys`]).
    keys: bool,
}

impl Lines {
    /// Lines from the standard start position; [`Lines::start`] starts another game.
    pub fn new() -> Lines {
        let mut lines = Lines {
            stack: LineStack::new(),
            keys: true,
        };
        lines.start(Position::new());
        lines
    }

    /// Lines whose positions' keys are not updated as moves are played (stale after the
    /// first): for readers that never look at a key, such as [`Checker`](super::Checker).
    pub(crate) fn without_keys() -> Lines {
        Lines {
            keys: false,
            ..Lines::new()
        }
    }

    /// Starts a game from `start`.
    pub fn start(&mut self, start: Position) {
        self.stack.start(start);
    }

    #[inline(always)]
    fn top(&self) -> &Line<Position> {
        self.stack.top()
    }

    /// The position the current line stands at.
    pub fn position(&self) -> &Position {
        &self.top().now
    }

    /// The position before the current line's last move (its start if it has none).
    pub fn before(&self) -> &Position {
        &self.top().before
    }

    /// Plies from the game's start to the current line's position.
    pub fn ply(&self) -> u32 {
        self.top().ply
    }

    /// How many variations are open.
    pub fn depth(&self) -> usize {
        self.stack.depth()
    }

    /// Reads a move of the current line ([`Position::parse_pgn_move`]) and plays it.
    ///
    /// # Errors
    /// [`MoveError`]; the line is left as it was.
    #[inline]
    pub fn play(&mut self, text: &[u8]) -> Result<Move, MoveError> {
        let (m, role) = self.position().read_pgn_move(text)?;
        self.push(m, role);
        Ok(m)
    }

    /// Plays `m`, a legal move of `role` (or [`Move::NULL`] out of check) in the current
    /// line.
    #[inline(always)]
    fn push(&mut self, m: Move, role: Role) {
        let keys = self.keys;
        let now = self.stack.advance();
        if keys {
            now.play_pgn_move::<true>(m, role);
        } else {
            now.play_pgn_move::<false>(m, role);
        }
    }

    /// Reads a move as [`Lines::play`] does, and forgives what it refuses but whose meaning
    /// is clear: `e.p.` after the move or as a word of its own (ignored), and two moves run
    /// together (`e4e5`, `Nf3Nc6`: both played, when they are not one move in UCI). Says
    /// what it forgave, and also what [`Lines::play`] reads but the standard does not have:
    /// castling with zeros and null moves.
    ///
    /// # Errors
    /// [`MoveError`] as [`Lines::play`] gives it when nothing could be forgiven; the line
    /// is left as it was.
    ///
    /// ```
    /// use quadboard_chess::pgn::{Lines, MoveWarning, Played, WarningKind};
    /// let mut lines = Lines::new();
    /// let (played, warning) = lines.play_lenient(b"e4e5")?;
    /// assert!(matches!(played, Played::Two(..)));
    /// assert_eq!(warning, Some(MoveWarning::MovesRunTogether));
    /// assert_eq!(WarningKind::from(MoveWarning::MovesRunTogether).to_string(),
    ///     "two moves written as one word: both played");
    /// assert_eq!(lines.play_lenient(b"Nf3")?.1, None);
    /// # Ok::<(), quadboard_chess::pgn::MoveError>(())
    /// ```
    #[inline(always)]
    pub fn play_lenient(
        &mut self,
        text: &[u8],
    ) -> Result<(Played, Option<MoveWarning>), MoveError> {
        // Almost every move of almost every file is SAN as the standard writes it (suffixes
        // aside), with nothing to say: played here, inlined into the reader's loop, with no
        // test for what would need a word. The rest (UCI, null moves, castling with zeros,
        // errors and what is forgiven) goes the whole way in a cold function, so that clean
        // files pay nothing for it (cachegrind: 1.2 % of checking them when this path
        // tested every move for warnings).
        let resolved = san::read_without_zeros(text).map(|san| san.resolve(self.position()));
        match resolved {
            Some(Resolved::Move(m, role)) => {
                self.push(m, role);
                Ok((Played::One(m), None))
            }
            _ => self.play_lenient_cold(text),
        }
    }

    /// [`Lines::play_lenient`] for a move that is not SAN as the standard writes it, or
    /// cannot be played: read by [`Lines::play`], whatever it forgives.
    #[cold]
    #[inline(never)]
    fn play_lenient_cold(
        &mut self,
        text: &[u8],
    ) -> Result<(Played, Option<MoveWarning>), MoveError> {
        match self.play(text) {
            Ok(m) => Ok((Played::One(m), move_warning(text, m))),
            Err(e) => self.forgive(text, e),
        }
    }

    /// What [`Lines::play_lenient`] tries after [`Lines::play`] refused `text` with `error`.
    #[cold]
    fn forgive(
        &mut self,
        text: &[u8],
        error: MoveError,
    ) -> Result<(Played, Option<MoveWarning>), MoveError> {
        const EN_PASSANT: [&[u8]; 4] = [b"e.p.", b"e.p", b"ep", b"e.p.+"];
        if EN_PASSANT.contains(&text) {
            return Ok((Played::Nothing, Some(MoveWarning::EnPassantSuffix)));
        }
        for suffix in EN_PASSANT {
            if let Some(head) = text.strip_suffix(suffix).filter(|h| h.len() >= 4) {
                if let Ok(m) = self.play(head) {
                    return Ok((Played::One(m), Some(MoveWarning::EnPassantSuffix)));
                }
            }
        }
        // Two moves in one word: the second starts with a piece letter, a file or `O`.
        for split in 2..text.len().saturating_sub(1) {
            if !matches!(
                text[split],
                b'a'..=b'h' | b'N' | b'B' | b'R' | b'Q' | b'K' | b'O'
            ) {
                continue;
            }
            let (first, second) = text.split_at(split);
            let pos = *self.position();
            let Ok((a, role)) = pos.read_pgn_move(first) else {
                continue;
            };
            let mut next = pos;
            next.play_pgn_move::<false>(a, role);
            if next.parse_pgn_move(second).is_ok() {
                let a = self.play(first)?;
                let b = self.play(second)?;
                return Ok((Played::Two(a, b), Some(MoveWarning::MovesRunTogether)));
            }
        }
        Err(error)
    }

    /// Opens a variation of the current line's last move: a new line from the position
    /// before it.
    ///
    /// # Errors
    /// [`MoveError::VariationWithoutMove`] when the line has no move yet; nothing opens.
    pub fn begin_variation(&mut self) -> Result<(), MoveError> {
        self.stack.begin_variation()
    }

    /// Closes the innermost variation; nothing when none is open.
    pub fn end_variation(&mut self) {
        self.stack.end_variation();
    }
}

impl Default for Lines {
    fn default() -> Lines {
        Lines::new()
    }
}
