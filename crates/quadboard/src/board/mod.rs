//! Board definitions: where the pieces stand, in four interchangeable forms.
//!
//! - [`Board`]: the dense form, two colour sets and six role sets; a coloured piece set is
//!   one intersection. [`crate::Position`] keeps this one (see `docs/performance.md` for
//!   the measurement that chose it).
//! - [`ClassicalBoard`]: one set per coloured piece plus the unions, indexed by piece code
//!   so that either side's sets are found without a branch.
//! - [`QuadBoard`]: four planes holding a 4-bit piece code per square, 32 bytes in all,
//!   with SIMD conversions and make/unmake by XOR of [`QuadDelta`]s.
//! - [`Mailbox`]: one optional piece per square, for display and conversions.
//!
//! Every form converts to every other without loss.

mod classical;
mod dense;
mod diagram;
mod quad;

pub use classical::ClassicalBoard;
pub use dense::Board;
pub use diagram::PieceGlyphs;
pub use quad::{InvalidCodeError, QuadBoard, QuadDelta};

use crate::Piece;

/// One optional piece per square, indexed by square (a1 = 0).
pub type Mailbox = [Option<Piece>; 64];
