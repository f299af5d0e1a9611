//! What a [`Game`](super::Game) tree plays its moves on: [`GamePosition`], implemented by
//! chess's [`Position`] and, with the `variant` feature, by
//! `AnyVariant`.
//!
//! The tree, its reader and its writer are written once, generic over the position; each
//! position brings the player of its lines. Chess keeps [`Lines`], the player tuned for
//! reading files fast, so a chess game is read by the very code it was read by before the
//! tree became generic (the compiler makes a copy per position type).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::tree::{GameError, GameWarning, StartTags};
use super::{Lines, MoveError, MoveWarning, Played};
use crate::{Color, Move, Position};

/// A position a [`Game`](super::Game) can be played on: what the tree, its reader and its
/// writer need. Implemented by [`Position`] and, with the `variant` feature, by
/// `AnyVariant`; it cannot be implemented outside this crate.
pub trait GamePosition: Copy + Eq + fmt::Debug {
    /// A move of the position.
    type Move: Copy + Eq + fmt::Debug;
    /// The move of the tree's root, and of a null move.
    const NULL_MOVE: Self::Move;
    /// How the moves of a game's lines are read and played.
    #[doc(hidden)]
    type Lines: sealed::PlayLines<Self>;

    /// Plays a move of the tree: a legal move, or [`GamePosition::NULL_MOVE`], which passes
    /// where passing is possible (chess, out of check) and does nothing elsewhere.
    fn play_move(&mut self, m: Self::Move);
    /// The move in SAN (`--` for a null move).
    fn move_to_san(&self, m: Self::Move) -> String;
    /// The move in UCI (`0000` for a null move).
    fn move_to_uci(&self, m: Self::Move) -> String;
    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// The fullmove number.
    fn fullmove_number(&self) -> u32;
    /// The position in FEN.
    fn fen(&self) -> String;
}

pub(crate) mod sealed {
    use super::*;

    /// The lines of a game as its movetext opens and closes them, for the tree's builder
    /// (see [`Lines`], whose methods these are for chess).
    pub trait PlayLines<P: GamePosition>: Sized {
        /// Lines from `P`'s usual start.
        fn new_lines() -> Self;
        /// Lines for a [`Checker`](crate::pgn::Checker), which never reads a key.
        fn checking_lines() -> Self {
            Self::new_lines()
        }
        /// The start position the tags give, or why there is none; what was forgiven goes
        /// to `warnings`.
        fn start_position(
            tags: &StartTags,
            warnings: &mut Vec<GameWarning>,
        ) -> Result<P, GameError>;
        /// A position for a game that has none (its start tags were refused).
        fn placeholder() -> P;
        /// Starts a game from `start`.
        fn start_game(&mut self, start: P);
        /// Reads a word of the movetext and plays it, leniently.
        fn play_word(
            &mut self,
            text: &[u8],
        ) -> Result<(Played<P::Move>, Option<MoveWarning>), MoveError>;
        /// Plies from the start to the current line's position.
        fn line_ply(&self) -> u32;
        /// Opens a variation of the current line's last move.
        fn open_variation(&mut self) -> Result<(), MoveError>;
        /// Closes the innermost variation.
        fn close_variation(&mut self);
    }
}

impl sealed::PlayLines<Position> for Lines {
    fn new_lines() -> Lines {
        Lines::new()
    }

    fn checking_lines() -> Lines {
        // Their update would be 5 % of checking.
        Lines::without_keys()
    }

    fn start_position(
        tags: &StartTags,
        warnings: &mut Vec<GameWarning>,
    ) -> Result<Position, GameError> {
        tags.start(warnings)
    }

    fn placeholder() -> Position {
        Position::new()
    }

    fn start_game(&mut self, start: Position) {
        self.start(start);
    }

    #[inline(always)]
    fn play_word(&mut self, text: &[u8]) -> Result<(Played<Move>, Option<MoveWarning>), MoveError> {
        self.play_lenient(text)
    }

    #[inline(always)]
    fn line_ply(&self) -> u32 {
        self.ply()
    }

    #[inline(always)]
    fn open_variation(&mut self) -> Result<(), MoveError> {
        self.begin_variation()
    }

    fn close_variation(&mut self) {
        self.end_variation();
    }
}

impl GamePosition for Position {
    type Move = Move;
    const NULL_MOVE: Move = Move::NULL;
    type Lines = Lines;

    fn play_move(&mut self, m: Move) {
        if m == Move::NULL {
            if let Ok(next) = self.null_move() {
                *self = next;
            }
        } else {
            self.play_unchecked(m);
        }
    }

    fn move_to_san(&self, m: Move) -> String {
        if m == Move::NULL {
            String::from("--")
        } else {
            String::from(self.to_san(m).as_str())
        }
    }

    fn move_to_uci(&self, m: Move) -> String {
        if m == Move::NULL {
            String::from("0000")
        } else {
            String::from(self.to_uci(m).as_str())
        }
    }

    fn side_to_move(&self) -> Color {
        self.turn()
    }

    fn fullmove_number(&self) -> u32 {
        self.fullmoves()
    }

    fn fen(&self) -> String {
        self.to_fen()
    }
}
