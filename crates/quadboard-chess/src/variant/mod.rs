//! The lichess variants (cargo feature `variant`): one position type per variant, each on
//! the library's board, attacks and legal move generator, behind the common trait
//! [`VariantPosition`].
//!
//! | type | variant | what differs from chess |
//! | --- | --- | --- |
//! | [`KingOfTheHill`] | `kingofthehill` | a king on d4, e4, d5 or e5 wins |
//! | [`ThreeCheck`] | `3check` | the third check wins; FEN counts the checks |
//! | [`Crazyhouse`] | `crazyhouse` | captured pieces change sides and may be dropped |
//! | [`RacingKings`] | `racingkings` | no checks; the first king on the eighth rank wins |
//! | [`Antichess`] | `antichess` | captures are compulsory; losing every piece wins (python-chess's giveaway and suicide: [`AntichessRules`]) |
//! | [`Atomic`] | `atomic` | captures explode the pieces around; exploding the king wins |
//! | [`Horde`] | `horde` | 36 white pawns, no white king; black wins by taking them all |
//!
//! Every rule is as shakmaty and python-chess play it, and each type's docs say where that
//! takes a decision: the differential tests (`tests/it/variant.rs`) compare move sets,
//! positions, game ends and outcomes with shakmaty along random games, and the variant perft
//! suites of `../shared/data/variants/` run in full.
//!
//! [`AnyVariant`] holds any of them, the variant chosen at run time.
//!
//! Standard chess pays nothing: the variants wrap a [`Position`](crate::Position) and call
//! its generator (with a filtering visitor where moves are banned: racing kings' checks) or
//! add their own moves beside it (crazyhouse's drops); no test of a variant runs in the
//! standard generator.
//!
//! ```
//! use quadboard_chess::variant::{perft, Crazyhouse, KingOfTheHill, ThreeCheck, VariantPosition};
//!
//! let koth = KingOfTheHill::new();
//! assert_eq!(perft(&koth, 4), 197_281);
//! let three = ThreeCheck::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1")?;
//! assert_eq!(perft(&three, 2), 562);
//! assert_eq!(ThreeCheck::new().to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
//!
//! let zh = Crazyhouse::from_fen("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")?;
//! assert_eq!(perft(&zh, 3), 88_634);
//! let after = zh.play(zh.parse_uci("Q@c7")?)?;
//! assert_eq!(after.to_fen(), "2k5/2Q5/8/8/8/8/8/4K3[n] b - - 1 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod antichess;
mod any;
mod atomic;
mod crazyhouse;
mod fen;
pub mod hash;
mod horde;
mod king_of_the_hill;
mod kingless;
mod moves;
mod racing_kings;
pub mod san;
mod three_check;

pub use antichess::{Antichess, AntichessRules};
pub use any::AnyVariant;
pub use atomic::Atomic;
pub use crazyhouse::{Crazyhouse, Pockets};
pub use horde::Horde;
pub use king_of_the_hill::{KingOfTheHill, CENTER};
pub use moves::{VariantMove, VariantMoveKind, VariantMoveList, MAX_VARIANT_MOVES};
pub use racing_kings::RacingKings;
pub use san::{VariantSan, VariantSanError};
pub use three_check::ThreeCheck;

use alloc::string::String;
use core::fmt;

use crate::fen::FenError;
use crate::outcome::Termination;
use crate::position::PositionError;
use crate::{Board, Color};

/// A lichess variant, by the name UCI engines and lichess give it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Captures explode: `atomic`.
    Atomic,
    /// Captures are compulsory and losing everything wins: `antichess`.
    Antichess,
    /// Captured pieces may be dropped back: `crazyhouse`.
    Crazyhouse,
    /// White's pawns against black's army: `horde`.
    Horde,
    /// A king in the centre wins: `kingofthehill`.
    KingOfTheHill,
    /// Kings race to the eighth rank: `racingkings`.
    RacingKings,
    /// The third check wins: `3check`.
    ThreeCheck,
}

impl Variant {
    /// Every variant, in the order above.
    pub const ALL: [Variant; 7] = [
        Variant::Atomic,
        Variant::Antichess,
        Variant::Crazyhouse,
        Variant::Horde,
        Variant::KingOfTheHill,
        Variant::RacingKings,
        Variant::ThreeCheck,
    ];

    /// The UCI name (`UCI_Variant`), as lichess, shakmaty and python-chess's `uci_variant`
    /// write it.
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::Horde => "horde",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::RacingKings => "racingkings",
            Variant::ThreeCheck => "3check",
        }
    }

    /// The variant of a UCI name or one of the other names lichess and python-chess use
    /// (`King of the Hill`, `Three-check`, `threecheck`, `koth`, ...), ignoring case,
    /// spaces, hyphens and underscores.
    ///
    /// ```
    /// use quadboard_chess::variant::Variant;
    /// assert_eq!(Variant::from_name("Three-check"), Some(Variant::ThreeCheck));
    /// assert_eq!(Variant::from_name("King of the Hill"), Some(Variant::KingOfTheHill));
    /// assert_eq!(Variant::from_name("chess"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Variant> {
        let mut key = String::new();
        for c in name.chars() {
            if !matches!(c, ' ' | '-' | '_') {
                key.push(c.to_ascii_lowercase());
            }
        }
        Some(match key.as_str() {
            "atomic" | "atomicchess" => Variant::Atomic,
            "antichess" | "anti" | "giveaway" | "giveawaychess" => Variant::Antichess,
            "crazyhouse" | "zh" => Variant::Crazyhouse,
            "horde" | "hordechess" => Variant::Horde,
            "kingofthehill" | "koth" => Variant::KingOfTheHill,
            "racingkings" | "racekings" | "racingkingschess" => Variant::RacingKings,
            "3check" | "threecheck" | "threecheckchess" | "3checkchess" => Variant::ThreeCheck,
            _ => return None,
        })
    }

    /// The start position's FEN, as python-chess's `starting_fen` writes it.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::Atomic | Variant::KingOfTheHill => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
            Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Variant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Variant::Horde => {
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
            }
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.uci_name())
    }
}

/// How a variant game ended: a chess ending, or the variant's own win, loss or draw (as
/// python-chess's `Termination.VARIANT_WIN`, `VARIANT_LOSS` and `VARIANT_DRAW` name them:
/// a win or loss for the side to move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum VariantTermination {
    /// An ending of chess: checkmate, stalemate, insufficient material, the
    /// seventy-five-move rule.
    Chess(Termination),
    /// The side to move has won by the variant's rule (three checks given, king on the hill).
    VariantWin,
    /// The side to move has lost by the variant's rule.
    VariantLoss,
    /// Drawn by the variant's rule (both kings on the eighth rank in racing kings).
    VariantDraw,
}

impl VariantTermination {
    /// The ending in words: a chess ending's name, or `variant win`, `variant loss`,
    /// `variant draw`.
    pub const fn name(self) -> &'static str {
        match self {
            VariantTermination::Chess(t) => t.name(),
            VariantTermination::VariantWin => "variant win",
            VariantTermination::VariantLoss => "variant loss",
            VariantTermination::VariantDraw => "variant draw",
        }
    }
}

/// The end of a variant game: how it ended, and who won (`None` for a draw).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VariantOutcome {
    /// How the game ended.
    pub termination: VariantTermination,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
}

impl VariantOutcome {
    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for VariantOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.termination.name())
    }
}

/// Why a variant position could not be read or is not legal in its variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// A chess field of the FEN is wrong.
    Fen(FenError),
    /// A variant field (check counts, pocket, promoted markers) is wrong.
    Field {
        /// The field's name: `check counts`, `pocket`, `promoted pieces`.
        field: &'static str,
        /// The text read (cut to 40 bytes).
        text: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The placement and rights are not a legal chess position, as the variant needs.
    Illegal(PositionError),
    /// Legal in chess, but not in this variant.
    Rule {
        /// The variant.
        variant: Variant,
        /// What its rules forbid here.
        problem: &'static str,
    },
}

impl VariantError {
    fn field(field: &'static str, text: &str, problem: &'static str) -> VariantError {
        let mut end = text.len().min(40);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        VariantError::Field {
            field,
            text: String::from(&text[..end]),
            problem,
        }
    }
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Fen(e) => write!(f, "invalid FEN: {e}"),
            VariantError::Field {
                field,
                text,
                problem,
            } => write!(f, "invalid FEN: {field} field '{text}': {problem}"),
            VariantError::Illegal(e) => write!(f, "invalid FEN: {e}"),
            VariantError::Rule { variant, problem } => {
                write!(f, "illegal {variant} position: {problem}")
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VariantError {}

/// A move that could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantUciError {
    /// Not of the form `<from><to>[n|b|r|q|k]` or `<role>@<to>` (like `e2e4`, `e7e8q`,
    /// `N@f3`).
    Syntax(String),
    /// Well-formed, but no legal move of the position.
    Illegal(String),
}

impl fmt::Display for VariantUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantUciError::Syntax(t) => write!(
                f,
                "invalid UCI move '{t}': expected <from><to>[n|b|r|q|k] or <role>@<to>, like e2e4, e7e8q or N@f3"
            ),
            VariantUciError::Illegal(t) => write!(f, "illegal move '{t}' in this position"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for VariantUciError {}

/// At most 12 bytes of `text`, cut at a character boundary, for an error message.
fn cut(text: &str) -> String {
    let mut end = text.len().min(12);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    String::from(&text[..end])
}

/// What every variant position offers: legal moves, make-move, FEN, game end and perft.
pub trait VariantPosition: Clone + Sized {
    /// The variant.
    const VARIANT: Variant;

    /// The variant's start position.
    fn new() -> Self;

    /// Reads a position of this variant from FEN with its variant fields (see each type).
    /// Castling rights are read as X-FEN (Chess960 castling whenever they say so).
    ///
    /// # Errors
    /// [`VariantError`]: the text is not FEN, a variant field is wrong, or the position
    /// is not legal in this variant.
    fn from_fen(fen: &str) -> Result<Self, VariantError>;

    /// The position as FEN, with the variant's fields.
    fn to_fen(&self) -> String;

    /// Where the pieces stand.
    fn board(&self) -> &Board;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Every legal move; none once the game has ended by the variant's rule.
    fn legal_moves(&self) -> VariantMoveList;

    /// How many legal moves there are, without listing them (perft's leaves).
    fn count_legal_moves(&self) -> u64;

    /// Plays `m`, which must be legal (from [`VariantPosition::legal_moves`]); an illegal
    /// move leaves a meaningless but memory-safe position.
    fn play_unchecked(&mut self, m: VariantMove);

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Whether the game has ended by the variant's own rule.
    fn is_variant_end(&self) -> bool;

    /// The variant's own ending, if it has come: python-chess's variant loss, win or draw,
    /// tested in that order.
    fn variant_outcome(&self) -> Option<VariantOutcome>;

    /// Whether `color` cannot possibly win, as python-chess's `has_insufficient_material`
    /// defines it for the variant.
    fn has_insufficient_material(&self, color: Color) -> bool;

    /// Whether neither side can win (python-chess's `is_insufficient_material`).
    fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&color| self.has_insufficient_material(color))
    }

    /// Plies since the last capture or pawn move.
    fn halfmoves(&self) -> u32;

    /// How castling is written: as the king's two-square move, or king-takes-rook
    /// (Chess960, when the FEN's rights needed it).
    fn castling_mode(&self) -> crate::CastlingMode;

    /// The automatic ending the position alone decides, in python-chess's order: the
    /// variant's ending, checkmate, insufficient material, stalemate, the
    /// seventy-five-move rule. `None` while the game goes on.
    fn outcome(&self) -> Option<VariantOutcome> {
        if let Some(outcome) = self.variant_outcome() {
            return Some(outcome);
        }
        let has_moves = self.count_legal_moves() > 0;
        let chess = |termination, winner| {
            Some(VariantOutcome {
                termination: VariantTermination::Chess(termination),
                winner,
            })
        };
        if !has_moves && self.is_check() {
            return chess(Termination::Checkmate, Some(!self.turn()));
        }
        if self.is_insufficient_material() {
            return chess(Termination::InsufficientMaterial, None);
        }
        if !has_moves {
            return chess(Termination::Stalemate, None);
        }
        if self.halfmoves() >= 150 {
            return chess(Termination::SeventyFiveMoveRule, None);
        }
        None
    }

    /// Writes `m` in UCI: `e2e4`, `e7e8q`, drops as `P@e4`, king promotions as `e7e8k`;
    /// castling as the king's two-square move unless the position was read as Chess960.
    fn to_uci(&self, m: VariantMove) -> String;

    /// Reads a legal move in UCI (castling also as king-takes-rook).
    ///
    /// # Errors
    /// [`VariantUciError`] when the text is not UCI or names no legal move.
    fn parse_uci(&self, text: &str) -> Result<VariantMove, VariantUciError> {
        let legal = self.legal_moves();
        let found = legal
            .iter()
            .copied()
            .find(|&m| self.to_uci(m) == text || moves::king_takes_rook_uci(m) == text);
        match found {
            Some(m) => Ok(m),
            None if moves::is_uci_syntax(text) => Err(VariantUciError::Illegal(cut(text))),
            None => Err(VariantUciError::Syntax(cut(text))),
        }
    }

    /// Perft of this position by the chess engine, when `depth` plies cannot reach a
    /// position where the variant's rules differ from chess's (then the counts are the
    /// same); `None` otherwise, and for variants whose moves always differ.
    fn perft_as_chess(&self, depth: u32) -> Option<u64> {
        let _ = depth;
        None
    }

    /// Perft of this position by a bulk counter of the variant's own, at the depths it has
    /// one for (horde's last two plies); `None` otherwise.
    fn perft_bulk(&self, depth: u32) -> Option<u64> {
        let _ = depth;
        None
    }

    /// The fields the position's hash key is made of (see [`hash`]). The default reads
    /// them back from [`VariantPosition::to_fen`]; the library's variant types give them
    /// directly.
    ///
    /// ```
    /// use quadboard_chess::variant::{Crazyhouse, VariantPosition};
    /// let pos = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/Q~3K3[Nb] w - - 0 1")?;
    /// let fields = pos.key_fields();
    /// assert_eq!(fields.promoted.count(), 1);
    /// assert_eq!(fields.pockets.map(|p| p.total(quadboard_chess::Color::White)), Some(1));
    /// # Ok::<(), quadboard_chess::variant::VariantError>(())
    /// ```
    fn key_fields(&self) -> hash::KeyFields {
        hash::KeyFields::from_fen(&self.to_fen())
    }

    /// Writes a legal move in SAN with python-chess's suffix: drops `N@f3` and `@e4`,
    /// promotions to king `e8=K`, `#` after a move that wins or loses by the variant's
    /// rule (see [`san`]).
    ///
    /// ```
    /// use quadboard_chess::variant::{Crazyhouse, VariantPosition};
    /// let pos = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1")?;
    /// assert_eq!(pos.to_san(pos.parse_uci("R@e7")?), "R@e7+");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_san(&self, m: VariantMove) -> crate::san::SanText {
        san::to_san(self, m)
    }

    /// Reads a legal move in SAN, leniently (see [`san`]).
    ///
    /// ```
    /// use quadboard_chess::variant::{KingOfTheHill, VariantPosition};
    /// let pos = KingOfTheHill::new();
    /// assert_eq!(pos.parse_san("Nf3")?, pos.parse_uci("g1f3").unwrap());
    /// assert!(pos.parse_san("Nf4").is_err());
    /// # Ok::<(), quadboard_chess::variant::VariantSanError>(())
    /// ```
    ///
    /// # Errors
    /// [`VariantSanError`]: the text is not SAN, fits no legal move, or fits several.
    fn parse_san(&self, text: &str) -> Result<VariantMove, VariantSanError> {
        san::parse_san(self, text)
    }

    /// Plays a legal move and returns the new position.
    ///
    /// # Errors
    /// [`VariantUciError::Illegal`] when `m` is not legal here.
    fn play(&self, m: VariantMove) -> Result<Self, VariantUciError> {
        if !self.legal_moves().contains(&m) {
            return Err(VariantUciError::Illegal(self.to_uci(m)));
        }
        let mut next = self.clone();
        next.play_unchecked(m);
        Ok(next)
    }
}

/// The number of leaf nodes `depth` plies below `pos`, the last ply counted in bulk.
///
/// ```
/// use quadboard_chess::variant::{perft, RacingKings, VariantPosition};
/// assert_eq!(perft(&RacingKings::new(), 3), 11_264);
/// ```
///
/// A subtree in which the variant's rules cannot yet differ from chess's (no king can
/// reach the hill, no side can give its last check before the leaves) is counted by the
/// chess engine, [`crate::perft()`]: see [`VariantPosition::perft_as_chess`]; a variant's
/// own bulk counter counts the depths it has one for ([`VariantPosition::perft_bulk`]).
pub fn perft<P: VariantPosition>(pos: &P, depth: u32) -> u64 {
    perft_node(pos, depth, perft)
}

/// One node of [`perft`], its children counted by `below`: the shortcuts, the bulk count
/// at depth 1, the expansion. A caller that compiles the recursion with other target
/// features (the CLI's per-CPU-level perft) passes its own function, and this body is
/// inlined into it.
#[inline(always)]
pub fn perft_node<P: VariantPosition>(pos: &P, depth: u32, below: impl Fn(&P, u32) -> u64) -> u64 {
    if let Some(nodes) = pos.perft_as_chess(depth) {
        return nodes;
    }
    if let Some(nodes) = pos.perft_bulk(depth) {
        return nodes;
    }
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += below(&child, depth - 1);
            }
            nodes
        }
    }
}

/// [`perft`] without [`VariantPosition::perft_as_chess`] and
/// [`VariantPosition::perft_bulk`]: every node expanded by the variant's own generator and
/// make-move (for the tests that compare them).
#[doc(hidden)]
pub fn perft_by_variant_moves<P: VariantPosition>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += perft_by_variant_moves(&child, depth - 1);
            }
            nodes
        }
    }
}

/// How many moves the side to move (`ours`) and the other side make in the first
/// `plies` plies.
const fn moves_in(plies: u32) -> (u32, u32) {
    (plies.div_ceil(2), plies / 2)
}

/// Perft of each legal move of `pos`: `(uci, nodes)` in the order of
/// [`VariantPosition::legal_moves`].
pub fn perft_divide<P: VariantPosition>(pos: &P, depth: u32) -> alloc::vec::Vec<(String, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (pos.to_uci(m), perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// The chess position of a variant FEN's chess fields, validated as chess with the
/// reasons in `allowed` forgiven (invalid castling rights and en passant squares are then
/// dropped, as [`PositionError::ignore`] does).
fn chess_position(
    read: &fen::VariantSetup,
    allowed: crate::setup::Reasons,
) -> Result<crate::Position, VariantError> {
    crate::Position::from_setup(read.setup, read.mode)
        .or_else(|e| {
            if e.reasons().without(allowed).is_empty() {
                e.ignore(allowed)
            } else {
                Err(e)
            }
        })
        .map_err(VariantError::Illegal)
}
