//! Games of the lichess variants in the game tree (feature `variant`): [`AnyVariant`] as a
//! [`GamePosition`], and [`AnyGame`], the reader that plays a game by its `[Variant]` tag's
//! rules.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::lines::LineStack;
use super::position::sealed::PlayLines;
use super::tree::{GameBuilder, StartTags};
use super::{
    CheckedGame, Checker, Game, GameError, GameErrorKind, GamePosition, GameStart, GameWarning,
    MoveError, MoveWarning, Nag, Played, RawTag, Reader, Source, SyntaxError, Termination, Visitor,
};
use crate::variant::{AnyVariant, Variant, VariantMove, VariantSanError};
use crate::{Color, Move, Position};

impl GamePosition for AnyVariant {
    type Move = VariantMove;
    const NULL_MOVE: VariantMove = VariantMove::from_move(Move::NULL);
    type Lines = VariantLines;

    /// Plays a legal move; a null move (which no variant line holds: the reader refuses
    /// `--` in variant games) does nothing.
    fn play_move(&mut self, m: VariantMove) {
        if m != Self::NULL_MOVE {
            self.play_unchecked(m);
        }
    }

    fn move_to_san(&self, m: VariantMove) -> String {
        if m == Self::NULL_MOVE {
            String::from("--")
        } else {
            String::from(self.to_san(m).as_str())
        }
    }

    fn move_to_uci(&self, m: VariantMove) -> String {
        if m == Self::NULL_MOVE {
            String::from("0000")
        } else {
            self.to_uci(m)
        }
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    /// The last field of the FEN (every variant's FEN ends with it).
    fn fullmove_number(&self) -> u32 {
        self.to_fen()
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }
}

/// The lines of a variant game, as [`Lines`](super::Lines) are chess's: moves in SAN
/// (drops `N@f3`, `@e4`, king promotions `e8=K`, check marks and `!`/`?` suffixes allowed,
/// castling with zeros forgiven with a warning) or UCI. Null moves are refused (no variant
/// position passes), and so are two moves run together and `e.p.` (chess's leniency only).
#[doc(hidden)]
pub struct VariantLines {
    stack: LineStack<AnyVariant>,
}

impl AnyVariant {
    /// The legal move a PGN move token `text` names, in UCI or in SAN (read leniently, as
    /// the variant SAN reader does: check marks, castling with zeros), or why none does:
    /// what variant games' lines play.
    ///
    /// ```
    /// use quadboard_chess::variant::{AnyVariant, Variant};
    /// let pos = AnyVariant::from_fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")?;
    /// assert_eq!(pos.parse_pgn_move(b"N@f3"), pos.parse_pgn_move(b"N@f3+"));
    /// assert!(pos.parse_pgn_move(b"Q@f3").is_err());
    /// # Ok::<(), quadboard_chess::variant::VariantError>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveError::NotAMove`] for text that is no move, [`MoveError::Illegal`] and
    /// [`MoveError::Ambiguous`] as the SAN reader finds them.
    pub fn parse_pgn_move(&self, text: &[u8]) -> Result<VariantMove, MoveError> {
        let text = core::str::from_utf8(text).map_err(|_| MoveError::NotAMove)?;
        if let Ok(m) = self.parse_uci(text.trim_end_matches(['+', '#'])) {
            return Ok(m);
        }
        self.parse_san(text).map_err(|e| match e {
            VariantSanError::Syntax(_) => MoveError::NotAMove,
            VariantSanError::Illegal { .. } => MoveError::Illegal,
            VariantSanError::Ambiguous { candidates, .. } => MoveError::Ambiguous(candidates),
        })
    }
}

impl PlayLines<AnyVariant> for VariantLines {
    fn new_lines() -> VariantLines {
        VariantLines {
            stack: LineStack::new(),
        }
    }

    fn start_position(
        tags: &StartTags,
        warnings: &mut Vec<GameWarning>,
    ) -> Result<AnyVariant, GameError> {
        let Some(variant) = tags.variant().and_then(Variant::from_name) else {
            return Err(GameError {
                ply: 0,
                text: String::from("[Variant]"),
                reason: GameErrorKind::Variant,
            });
        };
        let Some(fen) = tags.fen() else {
            return Ok(AnyVariant::new(variant));
        };
        let pos = AnyVariant::from_fen(variant, fen).map_err(|e| {
            let text = alloc::format!("{e}");
            GameError {
                ply: 0,
                text: String::from("[FEN]"),
                // The kind's message says "invalid FEN" already.
                reason: GameErrorKind::Fen(String::from(
                    text.strip_prefix("invalid FEN: ").unwrap_or(&text),
                )),
            }
        })?;
        tags.setup_warnings(warnings);
        Ok(pos)
    }

    fn placeholder() -> AnyVariant {
        AnyVariant::new(Variant::KingOfTheHill)
    }

    fn start_game(&mut self, start: AnyVariant) {
        self.stack.start(start);
    }

    fn play_word(
        &mut self,
        text: &[u8],
    ) -> Result<(Played<VariantMove>, Option<MoveWarning>), MoveError> {
        let m = self.stack.top().now.parse_pgn_move(text)?;
        self.stack.advance().play_unchecked(m);
        let warning = (text.first() == Some(&b'0')).then_some(MoveWarning::CastlingWithZeros);
        Ok((Played::One(m), warning))
    }

    fn line_ply(&self) -> u32 {
        self.stack.top().ply
    }

    fn open_variation(&mut self) -> Result<(), MoveError> {
        self.stack.begin_variation()
    }

    fn close_variation(&mut self) {
        self.stack.end_variation();
    }
}

/// A game read by [`AnyGame::read`]: a chess game (standard or Chess960), or a game of a
/// lichess variant, played by its `[Variant]` tag's rules.
///
/// ```
/// use quadboard_chess::pgn::AnyGame;
///
/// let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b5 *\n";
/// let AnyGame::Variant(game) = AnyGame::from_pgn(pgn).expect("a game") else {
///     panic!("a crazyhouse game");
/// };
/// assert_eq!(game.mainline_san().last().map(String::as_str), Some("@b5"));
/// assert_eq!(game.mainline_uci().last().map(String::as_str), Some("P@b5"));
/// assert_eq!(game.final_position().to_fen(),
///     "rnb1kbnr/ppp1pppp/8/qP6/8/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4");
/// assert!(matches!(AnyGame::from_pgn("1. e4 *"), Some(AnyGame::Chess(_))));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AnyGame {
    /// A game of chess: no `[Variant]` tag, or one that names standard chess or Chess960
    /// (or a variant the library does not know: its [`GameErrorKind::Variant`] error).
    Chess(Game),
    /// A game of a lichess variant.
    Variant(Game<AnyVariant>),
}

impl AnyGame {
    /// Reads the next game of `reader`: `Ok(None)` at the end of the input. A game whose
    /// `[Variant]` tag names a lichess variant ([`Variant::from_name`]) is played by its
    /// rules; every other game as [`Game::read`] reads it, at the same cost but a test per
    /// callback.
    ///
    /// # Errors
    /// Only the source's read errors; problems in the game are in the game's `errors`.
    pub fn read<S: Source>(reader: &mut Reader<S>) -> Result<Option<AnyGame>, S::Error> {
        reader.read_game(&mut AnyGameBuilder::pair())
    }

    /// A game from the text of one game (the first, if there are several); `None` when the
    /// text holds none.
    pub fn from_pgn(text: &str) -> Option<AnyGame> {
        AnyGame::read(&mut Reader::new(text.as_bytes())).unwrap_or_else(|e| match e {})
    }

    /// The variant of a variant game; `None` for chess.
    pub fn variant(&self) -> Option<Variant> {
        match self {
            AnyGame::Chess(_) => None,
            AnyGame::Variant(game) => Some(game.start_position().variant()),
        }
    }

    /// Where the game starts in its input.
    pub fn start_at(&self) -> GameStart {
        match self {
            AnyGame::Chess(game) => game.start_at(),
            AnyGame::Variant(game) => game.start_at(),
        }
    }

    /// The tag pairs in file order, values unescaped.
    pub fn tags(&self) -> &[(String, String)] {
        match self {
            AnyGame::Chess(game) => game.tags(),
            AnyGame::Variant(game) => game.tags(),
        }
    }

    /// The problems met ([`Game::errors`]).
    pub fn errors(&self) -> &[GameError] {
        match self {
            AnyGame::Chess(game) => game.errors(),
            AnyGame::Variant(game) => game.errors(),
        }
    }

    /// What was forgiven ([`Game::warnings`]).
    pub fn warnings(&self) -> &[GameWarning] {
        match self {
            AnyGame::Chess(game) => game.warnings(),
            AnyGame::Variant(game) => game.warnings(),
        }
    }
}

/// The game in export format ([`Game::write`]).
impl core::fmt::Display for AnyGame {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            AnyGame::Chess(game) => game.write(f),
            AnyGame::Variant(game) => game.write(f),
        }
    }
}

/// The visitor of [`AnyGame::read`].
type AnyGameBuilder = ByVariant<GameBuilder<Position>>;

/// A [`Checker`] that plays each game by its `[Variant]` tag's rules: chess games (no tag,
/// "Standard", "Chess960", "From Position") as [`Checker`] does, games of a lichess
/// variant on [`AnyVariant`], with the same errors and warnings.
///
/// ```
/// use quadboard_chess::pgn::{AnyChecker, Reader};
///
/// let pgn = b"[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ne5 Nd7 3. Nxd7# 1-0\n\n\
///             [Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 N@e5 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut checker = AnyChecker::new();
/// // The capture on d7 blows up the black king beside it.
/// let atomic = reader.read_game(&mut checker).unwrap().unwrap();
/// assert_eq!((atomic.moves, atomic.errors.len()), (5, 0));
/// // White drops the pawn it took; black has a pawn in hand, not a knight.
/// let crazyhouse = reader.read_game(&mut checker).unwrap().unwrap();
/// assert_eq!(crazyhouse.moves, 5);
/// assert_eq!(crazyhouse.errors[0].to_string(), "ply 6 N@e5: illegal move");
/// ```
pub type AnyChecker = ByVariant<Checker>;

impl AnyChecker {
    /// A checker for any number of games.
    pub fn new() -> AnyChecker {
        ByVariant::pair()
    }
}

impl Default for AnyChecker {
    fn default() -> AnyChecker {
        AnyChecker::new()
    }
}

pub(crate) mod sealed {
    use super::*;

    /// A chess visitor that can hand the game it reads, at its movetext, to a twin that
    /// plays it on [`AnyVariant`]: what [`ByVariant`] dispatches between.
    pub trait HandOver: Visitor + Sized {
        /// The twin on [`AnyVariant`].
        type Twin: Visitor;
        /// What [`ByVariant`] gives for a game of either.
        type Either;
        /// A visitor and its twin, both new.
        fn pair() -> (Self, Self::Twin);
        /// The start tags read so far.
        fn start_tags(&self) -> &StartTags;
        /// Moves what the tags gave (tags, start, problems so far) to `twin`, a reset one.
        fn hand_over(&mut self, twin: &mut Self::Twin);
        /// The chess visitor's output as the common one.
        fn chess(output: Self::Output) -> Self::Either;
        /// The twin's output as the common one.
        fn variant(output: <Self::Twin as Visitor>::Output) -> Self::Either;
    }
}
use sealed::HandOver;

impl HandOver for GameBuilder<Position> {
    type Twin = GameBuilder<AnyVariant>;
    type Either = AnyGame;

    fn pair() -> (Self, Self::Twin) {
        (GameBuilder::new(), GameBuilder::new())
    }

    fn start_tags(&self) -> &StartTags {
        &self.start_tags
    }

    fn hand_over(&mut self, twin: &mut Self::Twin) {
        twin.game.take_header(&mut self.game);
        twin.start_tags = core::mem::take(&mut self.start_tags);
    }

    fn chess(output: Game) -> AnyGame {
        AnyGame::Chess(output)
    }

    fn variant(output: Game<AnyVariant>) -> AnyGame {
        AnyGame::Variant(output)
    }
}

impl HandOver for Checker {
    type Twin = Checker<AnyVariant>;
    type Either = CheckedGame;

    fn pair() -> (Self, Self::Twin) {
        (Checker::new(), Checker::for_position())
    }

    fn start_tags(&self) -> &StartTags {
        &self.start_tags
    }

    fn hand_over(&mut self, twin: &mut Self::Twin) {
        twin.start = self.start.take();
        twin.start_tags = core::mem::take(&mut self.start_tags);
        twin.errors = core::mem::take(&mut self.errors);
        twin.warnings = core::mem::take(&mut self.warnings);
    }

    fn chess(output: CheckedGame) -> CheckedGame {
        output
    }

    fn variant(output: CheckedGame) -> CheckedGame {
        output
    }
}

/// A visitor that reads each game by its `[Variant]` tag: the chess visitor `C` takes the
/// tags; at the movetext a lichess variant's tag hands what it read to `C`'s twin on
/// [`AnyVariant`], which reads the rest. [`AnyChecker`] is one; [`AnyGame::read`] reads
/// by another.
pub struct ByVariant<C: HandOver> {
    chess: C,
    variant: C::Twin,
    /// The game being read is the twin's.
    on_variant: bool,
}

impl<C: HandOver> ByVariant<C> {
    fn pair() -> ByVariant<C> {
        let (chess, variant) = C::pair();
        ByVariant {
            chess,
            variant,
            on_variant: false,
        }
    }
}

/// Hands the callback to the visitor of the game being read.
macro_rules! to_reader {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        if $self.on_variant {
            $self.variant.$method($($arg),*)
        } else {
            $self.chess.$method($($arg),*)
        }
    };
}

impl<C: HandOver> Visitor for ByVariant<C> {
    type Output = C::Either;

    fn begin_game(&mut self, start: GameStart) -> ControlFlow<()> {
        self.on_variant = false;
        self.chess.begin_game(start)
    }

    #[inline]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        self.chess.tag(name, value)
    }

    fn begin_movetext(&mut self) -> ControlFlow<()> {
        if self
            .chess
            .start_tags()
            .variant()
            .and_then(Variant::from_name)
            .is_none()
        {
            return self.chess.begin_movetext();
        }
        self.chess.hand_over(&mut self.variant);
        self.on_variant = true;
        self.variant.begin_movetext()
    }

    // Inlined into the reader's loop as the chess visitors' own are: a chess game pays
    // one test per move.
    #[inline(always)]
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        to_reader!(self.san(text))
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        to_reader!(self.nag(nag))
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        to_reader!(self.comment(text))
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        to_reader!(self.begin_variation())
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        to_reader!(self.end_variation())
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        to_reader!(self.result(result))
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        to_reader!(self.syntax_error(error, token))
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        to_reader!(self.syntax_warning(warning, token))
    }

    fn end_game(&mut self) -> C::Either {
        if core::mem::take(&mut self.on_variant) {
            // The chess visitor's half-read game (what its tags gave, moved) is dropped.
            let _ = self.chess.end_game();
            C::variant(self.variant.end_game())
        } else {
            C::chess(self.chess.end_game())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_games_are_read_written_and_read_back() {
        let pgn = "[Event \"x\"]\n[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n\
                   1. e4 {a} e5 (1... d5 2. exd5) 2. Nf3 d6 3. Nxe5 $1 1-0\n";
        let Some(AnyGame::Variant(game)) = AnyGame::from_pgn(pgn) else {
            panic!("an atomic game");
        };
        assert!(game.errors().is_empty(), "{:?}", game.errors());
        assert_eq!(game.node_count(), 7);
        assert_eq!(game.mainline_san(), ["e4", "e5", "Nf3", "d6", "Nxe5"]);
        // The knight and the pawn it took explode; the pawn on d6 is no piece a blast takes.
        assert_eq!(
            game.final_position().to_fen(),
            "rnbqkbnr/ppp2ppp/3p4/8/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3"
        );
        let text = game.to_string();
        let Some(AnyGame::Variant(again)) = AnyGame::from_pgn(&text) else {
            panic!("read back");
        };
        assert_eq!(again.nodes(), game.nodes());
        assert_eq!(again.to_string(), text);
    }

    #[test]
    fn variant_errors_have_plies_and_chess_games_stay_chess() {
        let game = AnyGame::from_pgn("[Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n").unwrap();
        assert_eq!(game.variant(), Some(Variant::Antichess));
        assert_eq!(game.errors()[0].to_string(), "ply 3 Nf3: illegal move");
        let game = AnyGame::from_pgn("[Variant \"Three-check\"]\n[FEN \"8/8 w\"]\n\n*").unwrap();
        assert_eq!(game.errors()[0].text, "[FEN]");
        let game = AnyGame::from_pgn("[Variant \"Bughouse\"]\n\n1. e4 *").unwrap();
        assert!(matches!(game, AnyGame::Chess(_)));
        assert_eq!(game.errors()[0].reason, GameErrorKind::Variant);
        let game = AnyGame::from_pgn("[Variant \"Chess960\"]\n\n1. e4 *").unwrap();
        assert!(game.errors().is_empty());
        assert_eq!(game.variant(), None);
    }
}
