//! A game: the start position, the moves played and the history of repetition keys, from
//! which repetitions, outcomes, claimable draws and PGN movetext follow.
//!
//! # Two keys
//! - [`Position::key`] is the Polyglot key. Its en passant component counts whenever a pawn
//!   of the side to move stands beside the pawn that has just advanced two squares, whether
//!   or not the capture is legal: that is what opening books were built with.
//! - [`Position::repetition_key`] counts the en passant component only when an en passant
//!   capture is legal. Two positions have the same repetition key exactly when they are the
//!   same for the repetition rules: placement, side to move, castling rights and the
//!   *legal* en passant square (barring a 64-bit collision). [`Game`] counts repetitions
//!   with it.

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

/// A game from a start position: the moves played, the current position and the repetition
/// key of every position reached.
///
/// Repetitions are counted from the keys, looking back two plies at a time and only as far
/// as the last irreversible move (a capture, a pawn move, or a loss of castling rights),
/// before which no position can recur. Playing a move appends to two vectors and allocates
/// only when they grow.
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
    /// The index in `keys` of the position after the last irreversible move (0 if none).
    irreversible: usize,
}

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
        let mut keys = Vec::with_capacity(64);
        keys.push(start.repetition_key());
        Game {
            start,
            position: start,
            moves: Vec::with_capacity(64),
            keys,
            irreversible: 0,
        }
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
        self.push(m, next);
        Ok(())
    }

    /// Reads a move in SAN (see [`Position::parse_san`]) and plays it.
    ///
    /// # Errors
    /// [`SanError`] when the text is not SAN or names no single legal move; the game is
    /// unchanged.
    pub fn play_san(&mut self, text: &str) -> Result<Move, SanError> {
        let m = self.position.parse_san(text)?;
        let mut next = self.position;
        next.play_unchecked(m);
        self.push(m, next);
        Ok(m)
    }

    fn push(&mut self, m: Move, next: Position) {
        let reversible =
            next.halfmoves() != 0 && next.castling_rooks() == self.position.castling_rooks();
        self.moves.push(m);
        self.keys.push(next.repetition_key());
        if !reversible {
            self.irreversible = self.keys.len() - 1;
        }
        self.position = next;
    }

    /// How many times the current position has occurred in the game, itself included.
    pub fn repetitions(&self) -> usize {
        let last = self.keys.len() - 1;
        let key = self.keys[last];
        // Same side to move: every second position, back to the last irreversible move.
        let earlier = self.keys[self.irreversible..last].iter().rev().skip(1);
        1 + earlier.step_by(2).filter(|&&k| k == key).count()
    }

    /// Whether the current position has occurred five times: the game is drawn.
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Whether the current position has occurred at least three times: a draw may be
    /// claimed.
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

    /// The draws that may be claimed while the game goes on: threefold repetition, then
    /// the fifty-move rule. Empty once the game has ended ([`Game::outcome`]).
    pub fn claimable_draws(&self) -> impl Iterator<Item = DrawClaim> {
        let ongoing = self.outcome().is_none();
        let threefold = ongoing && self.can_claim_threefold_repetition();
        let fifty = ongoing && self.position.can_claim_fifty_moves();
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
        assert_eq!(game.claimable_draws().count(), 0);
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
        let before = g.clone();
        assert!(g.play(Move::NULL).is_err());
        assert!(g.play_san("Ra9").is_err());
        assert_eq!(g.moves(), before.moves());
        assert_eq!(g.keys(), before.keys());
    }
}
