//! Portable Game Notation: reading game collections, playing them, and writing them.
//!
//! Three layers, each usable alone:
//! - [`Reader`] tokenizes a stream of games (bytes in memory, or any `std::io::Read`) and
//!   calls a [`Visitor`]: tags, moves as text, NAGs, comments, variations, the result. No
//!   copy of the text and no allocation per game; a callback that returns `Break` skips
//!   the rest of its line or game at the cost of the scan. Each game comes with its number,
//!   byte offset and line ([`GameStart`]).
//! - [`Lines`] plays the moves of the mainline and of every variation on [`Position`]s,
//!   reading them as people write them (the [`san`](crate::san) reader's leniency, castling
//!   with zeros, UCI moves, `--` for a null move), and says why a move cannot be played.
//! - [`Game`] is the whole tree: tags in file order, start position from `[FEN]` and
//!   `[Variant]`, mainline and variations, comments before and after moves, NAGs, and the
//!   problems found ([`GameError`]). [`Game::write`] writes export format.
//!
//! Errors never stop the input: a move that cannot be played ends its own line (the
//! mainline stops there, a variation is dropped) and is recorded; the next game is read
//! normally. Text that departs from the standard but whose meaning is clear (a `[FEN]`
//! with fullmove 0, a blank line inside the tags, `0-0`, `--`, a missing result, ...) is
//! read and reported as a [`GameWarning`] beside the errors; text that is not UTF-8 is
//! read as Windows-1252, with a warning. `docs/pgn.md` lists every warning.
//!
//! ```
//! use quadboard_chess::pgn::{Game, Reader};
//!
//! let pgn = "[Event \"Casual\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 *\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let game = Game::read(&mut reader).unwrap().expect("one game");
//! assert_eq!(game.tag("White"), Some("A"));
//! assert_eq!(game.mainline_san(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
//! assert_eq!(game.node_count(), 8);
//! assert!(game.errors().is_empty());
//! ```
//!
//! Game boundaries: a game ends after its termination marker (with any comments after
//! it), at a `[` outside comments (a new tag section), or at the end of the input; a
//! blank line ends a tag section unless a tag with another name than the section's first
//! follows it, so a game that is only tags stands alone.

mod check;
mod commands;
mod lines;
mod position;
mod reader;
mod split;
mod tree;
#[cfg(feature = "variant")]
mod variant;
mod write;

use core::fmt;

pub use check::{CheckedGame, Checker};
pub use commands::{clock, eval, Eval};
pub use lines::{Lines, MoveError, MoveWarning, Played};
pub use position::GamePosition;
#[cfg(feature = "std")]
pub use reader::IoSource;
pub use reader::{GameStart, RawTag, Reader, Source, SyntaxError, SyntaxErrorKind, Visitor};
pub use split::{game_start_at_or_after, next_game_start};
pub use tree::{Game, GameError, GameErrorKind, GameWarning, Node, NodeId, WarningKind};
#[cfg(feature = "variant")]
pub use variant::{AnyChecker, AnyGame, ByVariant};
pub use write::SEVEN_TAG_ROSTER;

#[allow(unused_imports)]
use crate::Position;

/// A numeric annotation glyph: `$1` is `!`, `$2` is `?`, and so on to `$255`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Nag(pub u8);

impl Nag {
    /// `!`, `$1`.
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?`, `$2`.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, `$3`.
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??`, `$4`.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, `$5`.
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!`, `$6`.
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The NAG of a move suffix: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    ///
    /// ```
    /// use quadboard_chess::pgn::Nag;
    /// assert_eq!(Nag::from_suffix(b"?!"), Some(Nag(6)));
    /// assert_eq!(Nag::from_suffix(b"!!!"), None);
    /// ```
    pub const fn from_suffix(text: &[u8]) -> Option<Nag> {
        match text {
            b"!" => Some(Nag::GOOD_MOVE),
            b"?" => Some(Nag::MISTAKE),
            b"!!" => Some(Nag::BRILLIANT_MOVE),
            b"??" => Some(Nag::BLUNDER),
            b"!?" => Some(Nag::SPECULATIVE_MOVE),
            b"?!" => Some(Nag::DUBIOUS_MOVE),
            _ => None,
        }
    }
}

/// `$n`, as export format writes every NAG.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// The termination marker that ends a game's movetext.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    Unknown,
}

impl Termination {
    /// The marker's text.
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::WhiteWins => "1-0",
            Termination::BlackWins => "0-1",
            Termination::Draw => "1/2-1/2",
            Termination::Unknown => "*",
        }
    }

    /// The marker written exactly.
    #[inline(always)]
    pub const fn from_ascii(text: &[u8]) -> Option<Termination> {
        match text {
            b"1-0" => Some(Termination::WhiteWins),
            b"0-1" => Some(Termination::BlackWins),
            b"1/2-1/2" => Some(Termination::Draw),
            b"*" => Some(Termination::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of reading a [`Termination`] from text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TerminationError;

impl fmt::Display for TerminationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a result: expected 1-0, 0-1, 1/2-1/2 or *")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TerminationError {}

impl core::str::FromStr for Termination {
    type Err = TerminationError;
    fn from_str(text: &str) -> Result<Termination, TerminationError> {
        Termination::from_ascii(text.as_bytes()).ok_or(TerminationError)
    }
}
