//! The library's integration tests, as one binary: one link and one start for all of them.
//! Each module is the tests of one area; `tests/cpu.rs` stays a binary of its own, since
//! its tests force CPU levels, which is a setting of the whole process.

#[path = "../common/mod.rs"]
mod common;

mod accelerators;
mod attacks;
mod chess960;
mod fen;
mod games;
mod legality;
mod move_facts;
mod movegen;
mod null_move;
mod oracle;
mod perft_stats;
mod perft_table;
mod pgn_commands;
mod pgn_diff;
mod pgn_errors;
mod pgn_gen;
mod pgn_lines;
mod pgn_reader;
mod pgn_san;
mod pgn_wild;
mod pgn_write;
mod picker;
mod repetition;
mod representations;
mod san_read;
mod see;
#[cfg(feature = "serde")]
mod serde_text;
mod staged;
mod suites;
mod traits;
#[cfg(feature = "variant")]
mod variant;
#[cfg(feature = "variant")]
mod variant_atomic;
#[cfg(feature = "variant")]
mod variant_hash;
#[cfg(feature = "variant")]
mod variant_horde;
#[cfg(feature = "variant")]
mod variant_san;
#[cfg(feature = "variant")]
mod variant_suicide;
mod zobrist;
