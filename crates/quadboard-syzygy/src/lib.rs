//! Syzygy endgame tablebases for [`quadboard_chess`] positions: win/draw/loss, distance to
//! zeroing and the recommended move, read straight from the table files.
//!
//! ```no_run
//! use quadboard_chess::Position;
//! use quadboard_syzygy::Tablebase;
//!
//! let tb = Tablebase::open("syzygy/tables")?;
//! let pos = Position::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")?;
//! assert_eq!(tb.probe_wdl(&pos)?, 2);
//! let dtz = tb.probe_dtz(&pos)?;
//! let (best, _) = tb.best_move(&pos)?.expect("a legal move");
//! println!("dtz {} best {}", dtz.plies, pos.to_uci(best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - Values are python-chess's (`chess.syzygy`): [`Tablebase::probe_wdl`] assumes the
//!   last move zeroed the fifty-move counter, [`Tablebase::probe_wdl_fifty`] counts the
//!   position's halfmove clock, [`Tablebase::probe_dtz`] is DTZ50'' with the format's
//!   rounding ([`Dtz::rounded`]); [`Tablebase::best_move`] chooses as shakmaty-syzygy.
//! - Tables are memory-mapped on their first probe; opening a folder only lists it.
//! - A probe does not allocate (after its tables' first use) and takes `&self`: one
//!   [`Tablebase`] serves many threads.
//! - A damaged table is an error ([`ProbeError::Damaged`]), never a panic or a read
//!   outside the file: every read of the file is bounds-checked.
//!
//! The format (Ronald de Man's, as his generator writes it) is read by code written for
//! this crate from the format's description; `docs/syzygy.md` in the repository describes
//! it as far as this reader needs.

#![warn(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod error;
mod index;
mod material;
mod pairs;
mod table;
mod tablebase;

pub use error::ProbeError;
pub use material::TableName;
pub use table::Metric;
pub use tablebase::{Dtz, FiftyMoveWdl, Tablebase};
