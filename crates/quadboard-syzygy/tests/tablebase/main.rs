//! The crate's integration tests in one binary (one link instead of six): tables read
//! from `../shared/data/syzygy`, damaged copies of them, the two oracles, threads.
//! `no_alloc` stays a binary of its own: its counting global allocator would count
//! every other test's allocations.

#[path = "../common/mod.rs"]
mod common;
mod damaged;
mod lists;
mod open;
mod python_oracle;
mod random;
mod shakmaty_oracle;
mod threads;
