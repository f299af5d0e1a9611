//! A client for chess engines that speak UCI or XBoard (CECP, protocol version 2), on
//! quadboard-chess's types.
//!
//! An engine is a process with lines in and out; [`UciEngine`] and [`XboardEngine`] start
//! one, do the handshake, check options against the engine's declarations, send positions
//! as FEN plus moves, run searches with every limit, and read what the engine says into
//! typed values ([`Info`], [`BestMove`]) whose moves are checked against the position.
//! Every wait for an answer the protocol promises has a deadline ([`Timeouts`]); an engine
//! that dies, hangs or writes garbage gives an [`EngineError`] that says which, with its
//! last stderr lines, never a hang or a panic.
//!
//! The API blocks; a search runs as a [`Search`] handle that streams `info` lines
//! ([`Search::next`] with a timeout) and can be stopped from another thread
//! ([`Search::stopper`]). Threads and channels only, no async runtime: one thread reads
//! each of the engine's output streams.
//!
//! ```no_run
//! use quadboard_chess::Position;
//! use quadboard_engine::{Go, Limit, UciEngine};
//!
//! let mut engine = UciEngine::start("/usr/games/stockfish")?;
//! engine.set_option("Threads", "1")?;
//! engine.new_game()?;
//! let result = engine.analyse(&Go::new(Position::new(), Limit::depth(12)))?;
//! println!("{:?} {:?}", result.best.best, result.info().score);
//! # Ok::<(), quadboard_engine::EngineError>(())
//! ```

mod error;
mod info;
mod option;
mod position;
mod process;
mod search;
mod uci;
#[cfg(feature = "variant")]
mod variant_names;
mod xboard;
mod xboard_game;

pub use error::EngineError;
pub use info::{Info, Score, Wdl};
pub use option::{parse_uci_option, parse_xboard_option, EngineOption, OptionKind};
pub use position::UciPosition;
pub use process::{EngineCommand, Stderr};
#[cfg(feature = "variant")]
pub use search::VariantGo;
pub use search::{BestMove, Go, Limit, LineSender, SearchResult, Stopper};
pub use uci::{EngineId, Search, SearchEvent, Timeouts, UciEngine};
#[cfg(feature = "variant")]
pub use variant_names::uci_variant_names;
pub use xboard::XboardEngine;
pub use xboard_game::{XboardAnalysisLimit, XboardEvent, XboardGame, XboardGo, XboardPlayed};
