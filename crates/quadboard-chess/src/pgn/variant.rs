//! Games of the lichess variants in the game tree (feature `variant`): [`AnyVariant`] as a
//! [`GamePosition`], and [`AnyGame`], the reader that plays a game by its `[Variant]` tag's
//! rules.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::position::sealed::PlayLines;
use super::tree::{GameBuilder, StartTags};
use super::{
    Game, GameError, GameErrorKind, GamePosition, GameStart, GameWarning, MoveError, MoveWarning,
    Nag, Played, RawTag, Reader, Source, SyntaxError, Termination, Visitor,
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

/// One line of a variant game: where its last move started and where it stands.
#[derive(Clone, Copy)]
struct Line {
    before: AnyVariant,
    now: AnyVariant,
    ply: u32,
    has_move: bool,
}

/// The lines of a variant game, as [`Lines`](super::Lines) are chess's: moves in SAN
/// (drops `N@f3`, `@e4`, king promotions `e8=K`, check marks and `!`/`?` suffixes allowed,
/// castling with zeros forgiven with a warning) or UCI. Null moves are refused (no variant
/// position passes), and so are two moves run together and `e.p.` (chess's leniency only).
#[doc(hidden)]
pub struct VariantLines {
    stack: Vec<Line>,
}

impl VariantLines {
    fn top(&self) -> &Line {
        // `start_game` pushes the root; `close_variation` never pops it.
        self.stack.last().expect("the root line is never popped")
    }
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
        VariantLines { stack: Vec::new() }
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
        self.stack.clear();
        self.stack.push(Line {
            before: start,
            now: start,
            ply: 0,
            has_move: false,
        });
    }

    fn play_word(
        &mut self,
        text: &[u8],
    ) -> Result<(Played<VariantMove>, Option<MoveWarning>), MoveError> {
        let line = self
            .stack
            .last_mut()
            .expect("the root line is never popped");
        let m = line.now.parse_pgn_move(text)?;
        line.before = line.now;
        line.now.play_unchecked(m);
        line.ply += 1;
        line.has_move = true;
        let warning = (text.first() == Some(&b'0')).then_some(MoveWarning::CastlingWithZeros);
        Ok((Played::One(m), warning))
    }

    fn line_ply(&self) -> u32 {
        self.top().ply
    }

    fn open_variation(&mut self) -> Result<(), MoveError> {
        let top = *self.top();
        if !top.has_move {
            return Err(MoveError::VariationWithoutMove);
        }
        self.stack.push(Line {
            before: top.before,
            now: top.before,
            ply: top.ply - 1,
            has_move: false,
        });
        Ok(())
    }

    fn close_variation(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
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
        reader.read_game(&mut AnyGameBuilder::new())
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

/// The visitor of [`AnyGame::read`]: the chess builder takes the tags; at the movetext a
/// lichess `[Variant]` hands what it read to the variant builder, which builds the rest.
struct AnyGameBuilder {
    chess: GameBuilder<Position>,
    variant: GameBuilder<AnyVariant>,
    /// The game being read is the variant builder's.
    on_variant: bool,
}

impl AnyGameBuilder {
    fn new() -> AnyGameBuilder {
        AnyGameBuilder {
            chess: GameBuilder::new(),
            variant: GameBuilder::new(),
            on_variant: false,
        }
    }
}

/// Hands the callback to the builder of the game being read.
macro_rules! to_builder {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        if $self.on_variant {
            $self.variant.$method($($arg),*)
        } else {
            $self.chess.$method($($arg),*)
        }
    };
}

impl Visitor for AnyGameBuilder {
    type Output = AnyGame;

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
            .start_tags
            .variant()
            .and_then(Variant::from_name)
            .is_none()
        {
            return self.chess.begin_movetext();
        }
        // What the tags gave moves to the variant builder (a reset one).
        self.variant.game.take_header(&mut self.chess.game);
        self.variant.start_tags = core::mem::take(&mut self.chess.start_tags);
        self.on_variant = true;
        self.variant.begin_movetext()
    }

    #[inline(always)]
    fn san(&mut self, text: &[u8]) -> ControlFlow<()> {
        to_builder!(self.san(text))
    }

    fn nag(&mut self, nag: Nag) -> ControlFlow<()> {
        to_builder!(self.nag(nag))
    }

    fn comment(&mut self, text: &[u8]) -> ControlFlow<()> {
        to_builder!(self.comment(text))
    }

    fn begin_variation(&mut self) -> ControlFlow<()> {
        to_builder!(self.begin_variation())
    }

    fn end_variation(&mut self) -> ControlFlow<()> {
        to_builder!(self.end_variation())
    }

    fn result(&mut self, result: Termination) -> ControlFlow<()> {
        to_builder!(self.result(result))
    }

    fn syntax_error(&mut self, error: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        to_builder!(self.syntax_error(error, token))
    }

    fn syntax_warning(&mut self, warning: SyntaxError, token: &[u8]) -> ControlFlow<()> {
        to_builder!(self.syntax_warning(warning, token))
    }

    fn end_game(&mut self) -> AnyGame {
        if core::mem::take(&mut self.on_variant) {
            // The chess builder's half-read game (its tags moved) is dropped.
            let _ = self.chess.end_game();
            AnyGame::Variant(self.variant.end_game())
        } else {
            AnyGame::Chess(self.chess.end_game())
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
