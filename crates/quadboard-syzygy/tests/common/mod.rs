//! What the tests share: where the tables are.

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

// The library's tests' one home for `../shared/data`.
#[path = "../../../quadboard-chess/tests/common/shared_data.rs"]
mod shared_data;
pub use shared_data::shared_data_dir;

/// `../shared/data/syzygy`, or `None` after one line on stderr (a failure under CI=true).
pub fn syzygy_dir() -> Option<PathBuf> {
    shared_data_dir("syzygy")
}

/// The test tables, or `None` (skipped with a line).
pub fn tables_dir() -> Option<PathBuf> {
    syzygy_dir().map(|d| d.join("tables"))
}
