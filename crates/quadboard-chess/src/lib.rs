//! quadboard: chess bitboards done properly.
//!
//! The crate follows the board-representation ideas of the chess programming literature:
//! [`Bitboard`] sets with one-step shifts and several serialization strategies, setwise and
//! table-driven attacks, interchangeable board definitions, and on top of them positions,
//! legal move generation and perft.
//!
//! Squares use little-endian rank-file order: a1 = 0, b1 = 1, h8 = 63.
//!
//! ```
//! use quadboard_chess::{attacks, perft, Bitboard, Position, Square};
//!
//! // Sets of squares and setwise attacks.
//! let knights = Bitboard::from_squares(&[Square::B1, Square::G1]);
//! assert_eq!(attacks::knights_setwise(knights).count(), 6);
//!
//! // Legal moves and perft.
//! let start = Position::new();
//! assert_eq!(start.legal_moves().len(), 20);
//! let e4 = start.parse_uci("e2e4").unwrap();
//! let after = start.play(e4).unwrap();
//! assert_eq!(perft(&after, 3), 13_160);
//! ```
//!
//! The [`guide`] goes from a FEN to a search loop.
//!
//! # Features
//! - `std` (default): threads for [`perft::perft_divide`] and `std::error::Error`. Without
//!   it the crate is `no_std` and needs only `alloc`.
//! - `serde` (off): `Serialize` and `Deserialize` for squares, files, ranks, colours, roles
//!   and pieces as their names, moves as UCI and positions as FEN (see `serde_support`:
//!   castling is written king-takes-rook, and a move read from text alone is a normal move
//!   or a promotion). It works with or without `std`.
//! - `dispatch` (default, needs `std`): perft and move generation compiled for every CPU
//!   level and picked at run time ([`cpu`]), in optimised builds. Without it, one level:
//!   the best that the build's target features allow.
//! - `variant` (off): the lichess variants in `variant`: king of the hill, three-check,
//!   crazyhouse, racing kings and antichess, each with its position type, legal moves, FEN
//!   fields, game end and perft. Without it the crate compiles exactly what it did before.

#![cfg_attr(not(feature = "std"), no_std)]
// docs.rs builds with every feature and marks the items each one adds.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
// Every unsafe operation sits in a block of its own with a `// SAFETY:` line, also inside
// unsafe fns.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

extern crate alloc;

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod book;
pub mod castling;
pub mod chess960;
pub mod cpu;
pub mod fen;
pub mod game;
pub mod guide;
mod movegen;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod pgn;
pub mod picker;
pub mod piece;
pub mod position;
pub mod san;
pub mod see;
#[cfg(feature = "serde")]
pub mod serde_support;
pub mod serialize;
pub mod setup;
pub mod square;
#[cfg(test)]
mod test_support;
#[cfg(feature = "variant")]
pub mod variant;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use board::Board;
pub use castling::{Castles, CastlingMode, CastlingSide};
pub use game::Game;
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{Outcome, Termination};
pub use perft::perft;
pub use picker::MovePicker;
pub use piece::{Color, Piece, Role};
pub use position::Position;
pub use san::San;
pub use setup::{Reasons, Setup};
pub use square::{File, Rank, Square};

/// The names most programs use, in one import: `use quadboard_chess::prelude::*;`.
///
/// ```
/// use quadboard_chess::prelude::*;
///
/// let pos = Position::new();
/// let mut stack = KeyStack::new(&pos);
/// for m in MovePicker::new(&pos, None) {
///     let mut child = pos;
///     child.play_unchecked(m);
///     stack.push(&child);
///     assert!(!stack.is_repetition());
///     stack.pop();
/// }
/// assert_eq!(perft(&pos, 2), 400);
/// ```
pub mod prelude {
    pub use crate::game::{Game, KeyStack};
    pub use crate::outcome::{Outcome, Termination};
    pub use crate::perft::perft;
    pub use crate::picker::{CaptureOrder, MovePicker, Stage};
    pub use crate::{
        Bitboard, Board, CastlingMode, CastlingSide, Color, File, Move, MoveKind, MoveList, Piece,
        Position, Rank, Role, Setup, Square,
    };
}

/// The crate README's examples, run as doc tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
