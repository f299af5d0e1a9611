//! quadboard: chess bitboards done properly.
//!
//! The crate follows the board-representation ideas of the chess programming literature:
//! [`Bitboard`] sets with one-step shifts and several serialization strategies, setwise and
//! table-driven attacks, three interchangeable board definitions (classical, dense and
//! quad-bitboards), and on top of them FEN, legal move generation and perft.
//!
//! Squares use little-endian rank-file order: a1 = 0, b1 = 1, h8 = 63.

#![cfg_attr(not(feature = "std"), no_std)]
#![warn(missing_docs)]

extern crate alloc;

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod piece;
pub mod serialize;
pub mod setup;
pub mod square;

pub use bitboard::{Bitboard, Direction};
pub use board::Board;
pub use castling::{Castles, CastlingMode, CastlingSide};
pub use piece::{Color, Piece, Role};
pub use setup::Setup;
pub use square::{File, Rank, Square};
