//! What the tests share: where the tables are.

#![allow(dead_code)] // each test file uses a different part

// The library's tests' one home for `../shared/data`.
#[path = "../../../quadboard-chess/tests/common/shared_data.rs"]
mod shared_data;
pub use shared_data::shared_data_dir;
