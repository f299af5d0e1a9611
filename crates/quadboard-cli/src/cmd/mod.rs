//! One module per subcommand.

pub mod attacks;
pub mod bench;
pub mod moves;
pub mod perft;
pub mod play;
pub mod show;
pub mod suite;
