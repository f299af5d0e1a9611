//! Board definitions: where the pieces stand, in three interchangeable forms.
//!
//! - [`Board`]: the dense form, two colour sets and six role sets; a coloured piece set is
//!   one intersection. [`crate::Position`] keeps this one.
//! - [`Mailbox`]: one optional piece per square, for display and conversions.
//!
//! Every form converts to every other without loss.

mod dense;

pub use dense::Board;

use crate::Piece;

/// One optional piece per square, indexed by square (a1 = 0).
pub type Mailbox = [Option<Piece>; 64];
