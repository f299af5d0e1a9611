//! One module per subcommand.

pub mod attacks;
pub mod bench;
pub mod book;
pub mod gpu;
pub mod merge;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod shard;
pub mod show;
pub mod split;
pub mod status;
pub mod suite;
pub mod syzygy;
