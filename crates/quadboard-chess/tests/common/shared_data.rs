//! Where the tests find `../shared/data`: one home for the library's and the CLI's tests.
//!
//! The folder beside the repository (`../shared`, which a fresh clone lacks) unless
//! `QUADBOARD_SHARED` names another; `.ci/run` points it at an empty folder once to check
//! that the tests pass on a stranger's machine.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// The environment variable that overrides the location of `../shared`.
pub const SHARED_VAR: &str = "QUADBOARD_SHARED";

/// `<shared>/data/<name>`, or `None` with one line on stderr (once per folder and test
/// binary, shown even when the tests pass) when it is missing; under
/// `CI=true` a missing folder fails the test instead, so that CI never passes by skipping.
pub fn shared_data_dir(name: &str) -> Option<PathBuf> {
    let shared = match std::env::var_os(SHARED_VAR) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    let dir = shared.join("data").join(name);
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{name} data missing under CI=true: {}", dir.display());
    }
    // Once per process and folder, past the test harness's capture (which holds back
    // `eprintln!` of passing tests), so that a skip is seen.
    static REPORTED: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut reported = REPORTED.lock().unwrap_or_else(|e| e.into_inner());
    if !reported.iter().any(|n| n == name) {
        reported.push(name.to_owned());
        let _ = writeln!(
            std::io::stderr(),
            "skipping: {name} data not found at {}",
            dir.display()
        );
    }
    None
}
