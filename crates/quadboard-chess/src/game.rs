//! A game: the start position, the moves played and the history of repetition keys, from
//! which repetitions, outcomes, claimable draws and PGN movetext follow; and [`KeyStack`],
//! the same repetition test for a search.
//!
//! # Two keys
//! - [`Position::key`] is the Polyglot key. Its en passant component counts whenever a pawn
//!   of the side to move stands beside the pawn that has just advanced two squares, whether
//!   or not the capture is legal: that is what opening books were built with.
//! - [`Position::repetition_key`] counts the en passant component only when an en passant
//!   capture is legal. Two positions have the same repetition key exactly when they are the
//!   same for the repetition rules: placement, side to move, castling rights and the
//!   *legal* en passant square (barring a 64-bit collision). [`Game`] and [`KeyStack`]
//!   count repetitions with it.
//!
//! One key serves both the transposition table and repetitions: the repetition key. Without
//! an en passant square it is [`Position::key`] behind one branch; after a double push
//! that left a pawn beside, it tests that capture's legality directly (pins, the
//! horizontal double pin, checks), without generating moves. And since it tells apart
//! exactly the positions the rules tell apart, a table indexed by it never holds two
//! entries for one position. Keep [`Position::key`] for opening books.
//!
//! # Repetitions in a search
//! [`Game`] keeps every position and checks every move, which suits playing a game. A
//! search wants less: [`Game::key_stack`] copies the keys back to the last irreversible
//! move into a [`KeyStack`], on which the search pushes the key of each position it enters
//! and pops it on the way back, and asks [`KeyStack::is_repetition`].
//!
//! ```
//! use quadboard_chess::game::Game;
//!
//! let mut game = Game::new();
//! for san in ["Nf3", "Nf6", "Ng1"] {
//!     game.play_san(san)?;
//! }
//! let mut keys = game.key_stack();
//! let pos = *game.position();
//! for &m in pos.legal_moves().iter() {
//!     let mut child = pos;
//!     child.play_unchecked(m);
//!     keys.push(&child);
//!     // Only Ng8 brings back a position of the game: the start.
//!     assert_eq!(keys.is_repetition(), pos.to_san(m).as_str() == "Ng8");
//!     keys.pop();
//! }
//! # Ok::<(), quadboard_chess::san::SanError>(())
//! ```

use alloc::vec::Vec;
use core::fmt;

use crate::cpu::dispatch;
use crate::movegen::{Black, Generator, White};
use crate::outcome::{DrawClaim, Outcome, Termination};
use crate::position::IllegalMoveError;
use crate::san::SanError;
use crate::{attacks, zobrist, Bitboard, Board, Color, Move, Piece, Position, Role, Square};

impl Position {
    /// The en passant square if an en passant capture is legal; `None` otherwise, even when
    /// [`Position::ep_square`] is set.
    ///
    /// ```
    /// use quadboard_chess::{Position, Square};
    /// let legal = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")?;
    /// assert_eq!(legal.legal_ep_square(), Some(Square::D6));
    /// // Taking would leave both pawns' rank open between the king and the rook.
    /// let pinned = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2")?;
    /// assert_eq!(pinned.ep_square(), Some(Square::D6));
    /// assert_eq!(pinned.legal_ep_square(), None);
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square()?;
        (self.ep_capturers(ep).any() && self.can_take_en_passant()).then_some(ep)
    }

    /// The key for repetitions and for transposition tables: [`Position::key`] with the en
    /// passant component only when an en passant capture is legal, so that two positions
    /// have the same repetition key exactly when they are the same for the rules (see the
    /// [module documentation](crate::game)). Without an en passant square it costs one
    /// branch more than [`Position::key`].
    ///
    /// ```
    /// use quadboard_chess::Position;
    /// // Black's d-pawn has just advanced beside the white pawn on e5, but capturing en
    /// // passant would expose the white king on a5 to the rook on h5.
    /// let pinned = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2")?;
    /// let no_ep = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2")?;
    /// assert_ne!(pinned.key(), no_ep.key());
    /// assert_eq!(pinned.repetition_key(), no_ep.repetition_key());
    /// assert_eq!(pinned.legal_ep_square(), None);
    /// # Ok::<(), quadboard_chess::position::FromFenError>(())
    /// ```
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        match self.ep_square() {
            None => self.key(),
            Some(ep) => self.repetition_key_after_double_push(ep),
        }
    }

    /// [`Position::repetition_key`] when the en passant square is `ep`. Polyglot counts the
    /// file whenever a pawn stands beside (`zobrist::en_passant_key`), so only then can the
    /// two keys differ.
    fn repetition_key_after_double_push(&self, ep: Square) -> u64 {
        if self.ep_capturers(ep).any() && !self.can_take_en_passant() {
            self.key() ^ zobrist::en_passant(ep.file())
        } else {
            self.key()
        }
    }

    /// The pawns of the side to move that stand beside the pawn that has just advanced two
    /// squares over `ep`, legal or not.
    fn ep_capturers(&self, ep: Square) -> Bitboard {
        let turn = self.turn();
        attacks::pawn(!turn, ep) & self.board().by_piece(Piece::new(turn, Role::Pawn))
    }

    /// Whether an en passant capture is legal: the move generator's own test, without the
    /// rest of the generator.
    fn can_take_en_passant(&self) -> bool {
        let node = &self.node;
        // SAFETY: `dispatch!` picks a level the CPU supports.
        dispatch!(C => unsafe {
            match self.turn() {
                Color::White => C::has_en_passant::<White, Board>(node),
                Color::Black => C::has_en_passant::<Black, Board>(node),
            }
        })
    }
}

/// The keys before the last one in `keys[first..]` whose side to move is the same, nearest
/// first, starting four plies back: two plies back each side has moved once, and neither
/// can have taken its move back.
fn same_side_before_last(keys: &[u64], first: usize) -> impl Iterator<Item = u64> + '_ {
    let last = keys.len().saturating_sub(1);
    let window = keys.get(first.min(last)..last).unwrap_or(&[]);
    window.iter().rev().skip(3).step_by(2).copied()
}

/// A game from a start position: the moves played, the current position and the repetition
/// key of every position reached.
///
/// Repetitions are counted from the keys, looking back two plies at a time and only as far
/// as the last irreversible move (a capture, a pawn move, or a loss of castling rights),
/// before which no position can recur. Each move stores the position before it, so that
/// [`Game::pop`] takes it back in constant time; playing allocates only when the vectors
/// grow beyond their capacity (see [`Game::reserve`]).
///
/// ```
/// use quadboard_chess::game::Game;
/// use quadboard_chess::outcome::DrawClaim;
///
/// let mut game = Game::new();
/// for _ in 0..2 {
///     for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
///         game.play_san(san)?;
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), None);
/// assert!(game.claimable_draws().eq([DrawClaim::ThreefoldRepetition]));
/// assert_eq!(game.movetext().to_string(), "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8");
/// # Ok::<(), quadboard_chess::san::SanError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// `keys[i]`: the repetition key after `i` moves; one more than `moves`.
    keys: Vec<u64>,
    /// `undo[i]`: what move `i` changed besides `moves` and `keys`.
    undo: Vec<Undo>,
    /// The index in `keys` of the position after the last irreversible move (0 if none).
    irreversible: usize,
}

/// What [`Game::pop`] restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// The position before the move.
    position: Position,
    /// [`Game::irreversible`] before the move.
    irreversible: usize,
}

/// The moves a new game has room for before it allocates.
const INITIAL_CAPACITY: usize = 64;

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `start`.
    pub fn from_position(start: Position) -> Game {
        let mut keys = Vec::with_capacity(INITIAL_CAPACITY + 1);
        keys.push(start.repetition_key());
        Game {
            start,
            position: start,
            moves: Vec::with_capacity(INITIAL_CAPACITY),
            keys,
            undo: Vec::with_capacity(INITIAL_CAPACITY),
            irreversible: 0,
        }
    }

    /// Makes room for at least `additional` more moves, so that playing that many
    /// allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.moves.reserve(additional);
        self.keys.reserve(additional);
        self.undo.reserve(additional);
    }

    /// The position the game started from.
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The repetition key ([`Position::repetition_key`]) of the start position and of the
    /// position after each move: one more than [`Game::moves`].
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays a legal move. Moves remain playable after an automatic ending (fivefold
    /// repetition, the seventy-five-move rule, insufficient material), as analysis needs;
    /// check [`Game::outcome`] first to enforce the rules.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `m` is not legal in the current position; the game is
    /// unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let next = self.position.play(m)?;
        self.record(m, next);
        Ok(())
    }

    /// Plays `m` without checking that it is legal, for moves that come from the move
    /// generator. `m` must be legal in the current position (for example from
    /// [`Position::legal_moves`]); an illegal move leaves a meaningless but memory-safe
    /// game, as [`Position::play_unchecked`] leaves a meaningless position.
    ///
    /// ```
    /// use quadboard_chess::Game;
    /// let mut game = Game::new();
    /// let m = game.position().legal_moves()[0];
    /// game.play_unchecked(m);
    /// assert_eq!(game.moves(), [m]);
    /// assert_eq!(game.pop(), Some(m));
    /// assert_eq!(game.position(), game.start());
    /// ```
    pub fn play_unchecked(&mut self, m: Move) {
        let mut next = self.position;
        next.play_unchecked(m);
        self.record(m, next);
    }

    /// Reads a move in SAN (see [`Position::parse_san`]) and plays it.
    ///
    /// # Errors
    /// [`SanError`] when the text is not SAN or names no single legal move; the game is
    /// unchanged.
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        let m = self.position.parse_san(text)?;
        self.play_unchecked(m);
        Ok(m)
    }

    fn record(&mut self, m: Move, next: Position) {
        let reversible =
            next.halfmoves() != 0 && next.castling_rooks() == self.position.castling_rooks();
        self.undo.push(Undo {
            position: self.position,
            irreversible: self.irreversible,
        });
        self.moves.push(m);
        self.keys.push(next.repetition_key());
        if !reversible {
            self.irreversible = self.keys.len() - 1;
        }
        self.position = next;
    }

    /// Takes back the last move and returns it; `None` at the start position. The
    /// position, the keys and the repetition counts are those from before the move, in
    /// constant time.
    ///
    /// ```
    /// use quadboard_chess::Game;
    /// let mut game = Game::new();
    /// for san in ["e4", "e5", "Nf3"] {
    ///     game.play_san(san)?;
    /// }
    /// let nf3 = game.pop().unwrap();
    /// assert_eq!(game.position().to_san(nf3).as_str(), "Nf3");
    /// assert_eq!(game.movetext().to_string(), "1. e4 e5");
    /// game.pop();
    /// game.pop();
    /// assert_eq!(game.pop(), None);
    /// assert_eq!(game.keys(), [game.start().repetition_key()]);
    /// # Ok::<(), quadboard_chess::san::SanError>(())
    /// ```
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.keys.pop();
        if let Some(undo) = self.undo.pop() {
            self.position = undo.position;
            self.irreversible = undo.irreversible;
        }
        Some(m)
    }

    /// The keys back to the last irreversible move, ready for a search to push onto: see
    /// [`KeyStack`]. The same as `KeyStack::from(&game)`; its
    /// [`repetitions`](KeyStack::repetitions) are the game's until a push.
    pub fn key_stack(&self) -> KeyStack {
        KeyStack::from(self)
    }

    /// How many times the current position has occurred in the game, itself included.
    pub fn repetitions(&self) -> usize {
        let key = self.keys.last().copied().unwrap_or(0);
        let earlier = same_side_before_last(&self.keys, self.irreversible);
        1 + earlier.filter(|&k| k == key).count()
    }

    /// Whether the current position has occurred five times: the game is drawn.
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Whether the current position has occurred at least three times: a draw may be
    /// claimed. (python-chess also counts a repetition that the next move would make;
    /// here it is the current position only.)
    pub fn can_claim_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }

    /// The automatic ending, if the game is over, in python-chess's order: checkmate,
    /// insufficient material, stalemate, the seventy-five-move rule, fivefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| {
            self.is_fivefold_repetition()
                .then_some(Outcome::draw(Termination::FivefoldRepetition))
        })
    }

    /// The draws that may be claimed in the current position: threefold repetition
    /// ([`Game::can_claim_threefold_repetition`]), then the fifty-move rule
    /// ([`Position::can_claim_fifty_moves`]). They are facts of the position, reported
    /// whether or not the game has ended ([`Game::outcome`]), as python-chess does: a game
    /// drawn by fivefold repetition can also be claimed by threefold, one drawn by the
    /// seventy-five-move rule by the fifty-move rule.
    ///
    /// ```
    /// use quadboard_chess::game::Game;
    /// use quadboard_chess::outcome::{DrawClaim, Termination};
    ///
    /// let mut game = Game::new();
    /// for _ in 0..4 {
    ///     for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///         game.play_san(san)?;
    ///     }
    /// }
    /// assert_eq!(game.outcome().map(|o| o.termination), Some(Termination::FivefoldRepetition));
    /// assert!(game.claimable_draws().eq([DrawClaim::ThreefoldRepetition]));
    /// # Ok::<(), quadboard_chess::san::SanError>(())
    /// ```
    pub fn claimable_draws(&self) -> impl Iterator<Item = DrawClaim> {
        let threefold = self.can_claim_threefold_repetition();
        let fifty = self.position.can_claim_fifty_moves();
        [
            threefold.then_some(DrawClaim::ThreefoldRepetition),
            fifty.then_some(DrawClaim::FiftyMoveRule),
        ]
        .into_iter()
        .flatten()
    }

    /// The moves as PGN movetext, displayed: `1. e4 e5 2. Nf3`, or `12... Nf6 13. Bd3` when
    /// black moved first; move numbers continue from the start position's.
    pub fn movetext(&self) -> Movetext<'_> {
        Movetext { game: self }
    }
}

/// The repetition keys of the positions along a search path, for repetition draws inside
/// a search: push the position after making a move, pop after taking it back, and ask
/// [`KeyStack::is_repetition`] at each node.
///
/// It holds a key ([`Position::repetition_key`], see the [module documentation](self)) and
/// a count per position, 12 bytes, no more; pushes allocate only beyond the capacity, which
/// has room for 128 positions more when the stack is made (see [`KeyStack::reserve`]).
/// Each position looks back, two plies at a time, only as far as the last irreversible
/// move, which it learns from the halfmove clock (a capture or pawn move sets it to zero;
/// a loss of castling rights does not, but every key before it differs anyway), or as far
/// as the last null move ([`KeyStack::push_null`]): positions on either side of a null
/// move are not repetitions of each other, since passing is not a move of chess.
///
/// ```
/// use quadboard_chess::game::{Game, KeyStack};
/// use quadboard_chess::Position;
///
/// let mut game = Game::new();
/// for san in ["Nf3", "Nf6", "Ng1"] {
///     game.play_san(san)?;
/// }
/// let mut keys = game.key_stack();
/// let mut pos = *game.position();
/// pos.play_unchecked(pos.parse_san("Ng8")?);
/// keys.push(&pos);
/// assert!(keys.is_repetition()); // the start position, again
/// assert_eq!(keys.repetitions(), 2);
/// assert_eq!(keys.pop(), Some(pos.repetition_key()));
/// assert!(!keys.is_repetition());
///
/// // Alone, a position has no history to repeat.
/// let root = KeyStack::new(&Position::new());
/// assert_eq!(root.repetitions(), 1);
/// # Ok::<(), quadboard_chess::san::SanError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyStack {
    /// The repetition key of each position, the current one last.
    keys: Vec<u64>,
    /// `reach[i]`: how many positions before `keys[i]` may equal it (those since the last
    /// irreversible move or null move).
    reach: Vec<u32>,
}

/// The positions a [`KeyStack`] made from a [`Game`] has room for beyond the game's: a deep
/// search's path.
const SEARCH_ROOM: usize = 128;

impl KeyStack {
    /// A stack holding `position` alone, with no history before it.
    pub fn new(position: &Position) -> KeyStack {
        let mut keys = Vec::with_capacity(1 + SEARCH_ROOM);
        let mut reach = Vec::with_capacity(1 + SEARCH_ROOM);
        keys.push(position.repetition_key());
        reach.push(0);
        KeyStack { keys, reach }
    }

    /// Makes room for at least `additional` more positions, so that pushing that many
    /// allocates nothing.
    pub fn reserve(&mut self, additional: usize) {
        self.keys.reserve(additional);
        self.reach.reserve(additional);
    }

    /// The repetition key of the current position.
    pub fn key(&self) -> u64 {
        self.keys.last().copied().unwrap_or(0)
    }

    /// Enters `position`, the position after a move from the current one. Its halfmove
    /// clock says how far back it may look: zero after a capture or pawn move.
    #[inline]
    pub fn push(&mut self, position: &Position) {
        let before = self.reach.last().copied().unwrap_or(0);
        let reach = before.saturating_add(1).min(position.halfmoves());
        self.keys.push(position.repetition_key());
        self.reach.push(reach);
    }

    /// Enters `position`, the position after a null move from the current one
    /// ([`Position::null_move`]): a barrier, like an irreversible move. Later positions may
    /// repeat `position`, but none of those before it.
    ///
    /// ```
    /// use quadboard_chess::game::KeyStack;
    /// use quadboard_chess::Position;
    ///
    /// let start = Position::new();
    /// let mut keys = KeyStack::new(&start);
    /// let mut pos = start;
    /// for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_unchecked(pos.parse_uci(uci)?);
    ///     keys.push(&pos);
    /// }
    /// assert!(keys.is_repetition());
    /// // White passes twice, black answers with the knight out and back: the placement,
    /// // side to move and rights are the start's, but a null move stands between.
    /// let passed = start.null_move()?;
    /// let mut keys = KeyStack::new(&start);
    /// keys.push_null(&passed);
    /// let mut pos = passed;
    /// pos.play_unchecked(pos.parse_uci("g8f6")?);
    /// keys.push(&pos);
    /// let passed = pos.null_move()?;
    /// keys.push_null(&passed);
    /// let mut pos = passed;
    /// pos.play_unchecked(pos.parse_uci("f6g8")?);
    /// keys.push(&pos);
    /// assert_eq!(pos.repetition_key(), start.repetition_key());
    /// assert!(!keys.is_repetition());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn push_null(&mut self, position: &Position) {
        self.keys.push(position.repetition_key());
        self.reach.push(0);
    }

    /// Leaves the current position for the one before and returns the key left; `None`
    /// when only one position remains, which stays.
    #[inline]
    pub fn pop(&mut self) -> Option<u64> {
        if self.keys.len() <= 1 {
            return None;
        }
        self.reach.pop();
        self.keys.pop()
    }

    /// The positions the current one may repeat: every second one back to the last
    /// irreversible move or null move.
    fn earlier(&self) -> impl Iterator<Item = u64> + '_ {
        let reach = self.reach.last().map_or(0, |&r| r as usize);
        let first = self.keys.len().saturating_sub(1 + reach);
        same_side_before_last(&self.keys, first)
    }

    /// Whether the current position has occurred before, since the last irreversible move
    /// or null move: a search usually scores it as a draw.
    #[inline]
    pub fn is_repetition(&self) -> bool {
        let key = self.key();
        self.earlier().any(|k| k == key)
    }

    /// How many times the current position has occurred, itself included, since the last
    /// irreversible move or null move.
    pub fn repetitions(&self) -> usize {
        let key = self.key();
        1 + self.earlier().filter(|&k| k == key).count()
    }
}

/// The game's positions back to its last irreversible move, the current one last.
impl From<&Game> for KeyStack {
    fn from(game: &Game) -> KeyStack {
        let history = &game.keys[game.irreversible..];
        let mut keys = Vec::with_capacity(history.len() + SEARCH_ROOM);
        keys.extend_from_slice(history);
        let mut reach = Vec::with_capacity(keys.capacity());
        reach.extend((0..history.len()).map(|i| u32::try_from(i).unwrap_or(u32::MAX)));
        KeyStack { keys, reach }
    }
}

/// The moves of a [`Game`] in SAN as PGN movetext (see [`Game::movetext`]); written when
/// displayed.
#[derive(Clone, Copy, Debug)]
pub struct Movetext<'a> {
    game: &'a Game,
}

impl fmt::Display for Movetext<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pos = self.game.start;
        for (i, &m) in self.game.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            match pos.turn() {
                Color::White => write!(f, "{}. ", pos.fullmoves())?,
                Color::Black if i == 0 => write!(f, "{}... ", pos.fullmoves())?,
                Color::Black => {}
            }
            f.write_str(pos.to_san(m).as_str())?;
            pos.play_unchecked(m);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut game = Game::from_position(Position::from_fen(fen).unwrap());
        for san in moves {
            game.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        }
        game
    }

    const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

    #[test]
    fn fivefold_ends_threefold_is_claimed() {
        let mut game = Game::new();
        assert_eq!(game.repetitions(), 1);
        for round in 1..=4 {
            for san in SHUFFLE {
                game.play_san(san).unwrap();
            }
            assert_eq!(game.repetitions(), round + 1, "round {round}");
        }
        assert!(game.is_fivefold_repetition());
        assert_eq!(
            game.outcome(),
            Some(Outcome::draw(Termination::FivefoldRepetition))
        );
        // Fivefold ends the game, and threefold may still be claimed: a fact of the position.
        assert!(game.claimable_draws().eq([DrawClaim::ThreefoldRepetition]));
        // The knight moves are reversible; after one more the count is for the new position.
        game.play_san("e4").unwrap();
        assert_eq!(game.repetitions(), 1);
        assert_eq!(game.keys().len(), game.moves().len() + 1);
    }

    #[test]
    fn irreversible_moves_end_the_look_back() {
        // The king leaves and returns: the rights are gone, so the first position does not
        // count again.
        let mut g = game(
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            &["Kd1", "Kd8", "Ke1", "Ke8"],
        );
        assert_eq!(g.repetitions(), 1);
        for san in ["Kd1", "Kd8", "Ke1", "Ke8"] {
            g.play_san(san).unwrap();
        }
        assert_eq!(g.repetitions(), 2);
    }

    #[test]
    fn en_passant_counts_only_when_legal() {
        // After 1. e4 the black pawns cannot take en passant: the position after 1... Nf6
        // 2. Ng1 Ng8 ... recurs with the same key as after 1. e4.
        let start = Position::new();
        let e4 = start.play(start.parse_uci("e2e4").unwrap()).unwrap();
        assert_eq!(e4.legal_ep_square(), None);
        assert_eq!(e4.repetition_key(), e4.key());
        // A pawn beside, but pinned: Polyglot marks it, the repetition key does not.
        let pinned = Position::from_fen("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2").unwrap();
        assert_ne!(pinned.repetition_key(), pinned.key());
        let legal = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        assert_eq!(legal.legal_ep_square(), Some(Square::D6));
        assert_eq!(legal.repetition_key(), legal.key());
    }

    #[test]
    fn a_pinned_en_passant_does_not_stop_a_repetition() {
        // After 1... d5 white cannot take en passant (the king on a5 would face the rook),
        // so the kings' walk back repeats the position; the Polyglot keys differ.
        let fen = "4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1";
        let g = game(fen, &["d5", "Ka4", "Ke7", "Ka5", "Ke8"]);
        assert_eq!(g.repetitions(), 2);
        assert_eq!(g.keys()[1], g.keys()[5]);
        let after_d5 = game(fen, &["d5"]);
        assert_ne!(after_d5.position().key(), g.position().key());
    }

    #[test]
    fn movetext_numbers_from_the_start_position() {
        let g = game(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12",
            &["e5", "Nf3", "Nc6"],
        );
        assert_eq!(g.movetext().to_string(), "12... e5 13. Nf3 Nc6");
        assert_eq!(Game::new().movetext().to_string(), "");
        let mate = game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["f3", "e5", "g4", "Qh4#"],
        );
        assert_eq!(mate.movetext().to_string(), "1. f3 e5 2. g4 Qh4#");
        assert_eq!(
            mate.outcome().map(|o| o.to_string()),
            Some("0-1 (checkmate)".to_string())
        );
    }

    #[test]
    fn fifty_move_claim_and_illegal_moves() {
        let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &[]);
        assert_eq!(g.claimable_draws().count(), 0);
        g.play_san("Ra2").unwrap();
        assert!(g.claimable_draws().eq([DrawClaim::FiftyMoveRule]));
        // Ended by the seventy-five-move rule, claimable by the fifty-move rule.
        let ended = game("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", &["Ra2"]);
        assert_eq!(
            ended.outcome(),
            Some(Outcome::draw(Termination::SeventyFiveMoveRule))
        );
        assert!(ended.claimable_draws().eq([DrawClaim::FiftyMoveRule]));
        // Mate on the 150th ply: no legal move, nothing to claim.
        let mate = game("7k/5K2/8/8/8/8/8/6Q1 w - - 149 100", &["Qg7"]);
        assert_eq!(
            mate.outcome().map(|o| o.termination),
            Some(Termination::Checkmate)
        );
        assert_eq!(mate.claimable_draws().count(), 0);
        let before = g.clone();
        assert!(g.play(Move::NULL).is_err());
        assert!(g.play_san("Ra9").is_err());
        assert_eq!(g.moves(), before.moves());
        assert_eq!(g.keys(), before.keys());
    }
}
