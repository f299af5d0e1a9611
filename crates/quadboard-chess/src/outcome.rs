//! How a game ends: checkmate, stalemate, insufficient material and the move-count rules
//! that a position decides alone. Repetitions need the history: see [`crate::game::Game`].
//!
//! The definitions and their order follow python-chess (and agree with shakmaty where it has
//! them): an automatic ending is checkmate, then insufficient material, then stalemate, then
//! the seventy-five-move rule, then fivefold repetition; the first that applies names the
//! ending.

use core::fmt;

use crate::{Bitboard, Color, Position, Role};

/// Why a game ended without anyone's say.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can possibly checkmate: see [`Position::is_insufficient_material`].
    InsufficientMaterial,
    /// 150 plies without a capture or pawn move, and a legal move exists.
    SeventyFiveMoveRule,
    /// The position has occurred five times.
    FivefoldRepetition,
}

impl Termination {
    /// The ending in words, as the CLI prints it: `checkmate`, `stalemate`, `insufficient
    /// material`, `seventy-five-move rule`, `fivefold repetition`.
    pub const fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::SeventyFiveMoveRule => "seventy-five-move rule",
            Termination::FivefoldRepetition => "fivefold repetition",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The end of a game: how it ended and who won (`None` for a draw).
///
/// ```
/// use quadboard_chess::outcome::{Outcome, Termination};
/// use quadboard_chess::{Color, Position};
///
/// let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
/// let outcome = mated.outcome().unwrap();
/// assert_eq!(outcome, Outcome { termination: Termination::Checkmate, winner: Some(Color::Black) });
/// assert_eq!(outcome.to_string(), "0-1 (checkmate)");
/// assert_eq!(Position::new().outcome(), None);
/// # Ok::<(), quadboard_chess::position::FromFenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// How the game ended.
    pub termination: Termination,
    /// The winner; `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// A draw by `termination`.
    pub const fn draw(termination: Termination) -> Outcome {
        Outcome {
            termination,
            winner: None,
        }
    }

    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// `<result> (<termination>)`, like `1-0 (checkmate)` or `1/2-1/2 (stalemate)`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.termination)
    }
}

/// A draw that a player may claim but that does not end the game by itself. Each is a fact
/// of the position, true or not whatever else holds: a game that fivefold repetition or the
/// seventy-five-move rule has ended may also be claimed by threefold repetition or the
/// fifty-move rule (see [`crate::game::Game::claimable_draws`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DrawClaim {
    /// The current position has occurred at least three times.
    ThreefoldRepetition,
    /// 100 plies without a capture or pawn move, and a legal move exists.
    FiftyMoveRule,
}

impl DrawClaim {
    /// The claim in words: `threefold repetition` or `fifty-move rule`.
    pub const fn name(self) -> &'static str {
        match self {
            DrawClaim::ThreefoldRepetition => "threefold repetition",
            DrawClaim::FiftyMoveRule => "fifty-move rule",
        }
    }
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Position {
    /// Whether the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated: not in check, and no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether neither side can possibly checkmate, whatever the moves: no pawns, rooks or
    /// queens, and either a single knight besides the kings or only bishops, all on squares
    /// of one colour (bare kings included). This is the rule of shakmaty and python-chess;
    /// positions where mate is possible but cannot be forced (king and two knights) do not
    /// count.
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// let bishops = Position::from_fen("8/8/3k4/2b5/8/4B3/3K4/8 w - - 0 1")?;
    /// assert!(bishops.is_insufficient_material()); // c5 and e3 are both dark
    /// let opposite = Position::from_fen("8/8/3k4/3b4/8/4B3/3K4/8 w - - 0 1")?;
    /// assert!(!opposite.is_insufficient_material());
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        let board = self.board();
        let heavy_or_pawns =
            board.by_role(Role::Pawn) | board.by_role(Role::Rook) | board.by_role(Role::Queen);
        if heavy_or_pawns.any() {
            return false;
        }
        let knights = board.by_role(Role::Knight);
        let bishops = board.by_role(Role::Bishop);
        if knights.any() {
            // A lone knight: with anything else on the board a helpmate exists.
            return knights.count() == 1 && bishops.is_empty();
        }
        bishops.is_subset(Bitboard::DARK_SQUARES) || bishops.is_subset(Bitboard::LIGHT_SQUARES)
    }

    /// Whether the seventy-five-move rule ends the game: the halfmove clock is at least 150
    /// and a legal move exists (a mate on the 150th ply stands).
    pub fn is_seventy_five_moves(&self) -> bool {
        self.halfmoves() >= 150 && self.has_legal_moves()
    }

    /// Whether a draw may be claimed by the fifty-move rule: the halfmove clock is at least
    /// 100 and a legal move exists.
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.halfmoves() >= 100 && self.has_legal_moves()
    }

    /// The automatic ending that the position alone decides, in python-chess's order:
    /// checkmate, insufficient material, stalemate, the seventy-five-move rule. `None`
    /// while the game goes on. Fivefold repetition needs the history: see
    /// [`crate::game::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let has_moves = self.has_legal_moves();
        if !has_moves && self.is_check() {
            return Some(Outcome {
                termination: Termination::Checkmate,
                winner: Some(!self.turn()),
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if !has_moves {
            return Some(Outcome::draw(Termination::Stalemate));
        }
        if self.halfmoves() >= 150 {
            return Some(Outcome::draw(Termination::SeventyFiveMoveRule));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn insufficient_material_cases() {
        for (fen, expected) in [
            ("8/8/3k4/8/8/4K3/8/8 w - - 0 1", true),
            ("8/8/3k4/8/8/4K3/8/6N1 w - - 0 1", true),
            ("8/8/3k4/8/8/4K3/8/5B2 w - - 0 1", true),
            ("8/8/3k4/8/8/4K3/8/5NN1 w - - 0 1", false),
            ("8/8/3k4/8/8/4K3/8/5n1N w - - 0 1", false),
            ("8/8/3k4/8/8/4K3/8/5b1N w - - 0 1", false),
            // Bishops of both sides on light squares only.
            ("8/8/3k4/8/b7/4K3/8/5B2 w - - 0 1", true),
            ("8/8/3k4/8/1b6/4K3/8/5B2 w - - 0 1", false),
            ("8/8/3k4/8/8/4K3/7P/8 w - - 0 1", false),
            ("8/8/3k4/8/8/4K3/8/7R w - - 0 1", false),
            ("8/8/3k4/8/8/4K3/8/7q w - - 0 1", false),
        ] {
            assert_eq!(pos(fen).is_insufficient_material(), expected, "{fen}");
        }
    }

    #[test]
    fn endings_in_order() {
        // Stalemate with a lone bishop: insufficient material comes first.
        let both = pos("7k/5K2/6B1/8/8/8/8/8 b - - 0 1");
        assert!(both.is_stalemate());
        assert_eq!(
            both.outcome(),
            Some(Outcome::draw(Termination::InsufficientMaterial))
        );
        let stalemate = pos("7k/5K2/6Q1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            stalemate.outcome(),
            Some(Outcome::draw(Termination::Stalemate))
        );
        assert!(!stalemate.is_checkmate());
        // Mate on the 150th ply is still mate; without it the clock ends the game.
        let mate = pos("7k/5KQ1/8/8/8/8/8/8 b - - 150 100");
        assert!(mate.is_checkmate());
        assert_eq!(mate.outcome().map(|o| o.winner), Some(Some(Color::White)));
        let clock = pos("7k/5K2/8/8/8/8/8/6R1 b - - 150 100");
        assert!(clock.is_seventy_five_moves());
        // The game is over, and the fifty-move rule still holds.
        assert!(clock.can_claim_fifty_moves());
        assert_eq!(
            clock.outcome(),
            Some(Outcome::draw(Termination::SeventyFiveMoveRule))
        );
        assert!(!pos("7k/5K2/8/8/8/8/8/6R1 b - - 149 100").is_seventy_five_moves());
        assert!(pos("7k/5K2/8/8/8/8/8/6R1 b - - 100 100").can_claim_fifty_moves());
        assert!(!pos("7k/5K2/8/8/8/8/8/6R1 b - - 99 100").can_claim_fifty_moves());
        assert!(!mate.can_claim_fifty_moves());
    }

    #[test]
    fn words() {
        let mate = Outcome {
            termination: Termination::Checkmate,
            winner: Some(Color::White),
        };
        assert_eq!(mate.to_string(), "1-0 (checkmate)");
        assert_eq!(
            Outcome::draw(Termination::SeventyFiveMoveRule).to_string(),
            "1/2-1/2 (seventy-five-move rule)"
        );
        assert_eq!(DrawClaim::FiftyMoveRule.to_string(), "fifty-move rule");
    }
}
