//! Running the `quadboard` binary from the integration tests.

#![allow(dead_code)] // each test file uses a different part

use std::process::{Command, Output};

// Where `../shared/data` is: the library's tests' one home for it.
#[path = "../../../quadboard-chess/tests/common/shared_data.rs"]
mod shared_data;
#[allow(unused_imports)] // not every test file reads the shared data
pub use shared_data::shared_data_dir;

/// Runs the binary with `args`.
pub fn quadboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quadboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// The standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// The standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

/// The last line of the standard output.
pub fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or_default().to_owned()
}

/// Asserts exit code 2, an `error:` line on stderr, nothing on stdout.
pub fn assert_input_error(args: &[&str], needle: &str) {
    let out = quadboard(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(needle),
        "{args:?}: expected {needle:?} in {err:?}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout {:?}", stdout(&out));
}
