//! Helpers shared by the integration tests.

// The same generator as the unit tests' `crate::test_support`: one home for both.
#[path = "../../src/test_support.rs"]
mod test_support;

pub use test_support::Rng;
