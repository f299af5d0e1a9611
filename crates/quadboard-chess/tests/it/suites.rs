//! The public perft suites in `../shared/data/perft/` (see its README).
//!
//! `cargo test` checks every entry up to a node cap; `cargo test -- --ignored` runs every
//! entry at full depth (see the README for timings). When the data is
//! missing the tests skip, except under `CI=true`, where they fail.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use quadboard_chess::perft::suite::parse_suite;
use quadboard_chess::{perft, Position};

use crate::common::perft_data_dir;

const FILES: [&str; 6] = [
    "ethereal-standard.epd",
    "ethereal-fischer.epd",
    "shakmaty-tricky.perft",
    "python-chess-tricky.perft",
    "random.perft",
    "sedlak-generated.epd",
];

/// Checks every entry of `file` whose count is at most `max_nodes`; returns how many ran.
fn run_suite(file: &str, max_nodes: u64) -> usize {
    let Some(dir) = perft_data_dir() else {
        return 0;
    };
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = parse_suite(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert!(!entries.is_empty(), "{file} has no entries");
    let mut jobs = Vec::new();
    for entry in &entries {
        let pos = Position::from_fen_lenient(&entry.fen)
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
        for &(depth, nodes) in &entry.counts {
            if nodes <= max_nodes {
                jobs.push((pos, depth, nodes, entry.line));
            }
        }
    }
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(pos, depth, expected, line)) = jobs.get(i) else {
                    break;
                };
                let got = perft(&pos, depth);
                if got != expected {
                    failures.lock().unwrap().push(format!(
                        "{file}:{line}: {} depth {depth}: expected {expected}, got {got}",
                        pos.to_fen()
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let nodes: u64 = jobs.iter().map(|job| job.2).sum();
    eprintln!("{file}: {} entries, {nodes} nodes", jobs.len());
    assert!(!jobs.is_empty(), "{file}: no entry under the cap");
    jobs.len()
}

/// CI runs this file once per CPU path (`QUADBOARD_CPU`): the path must be the one asked
/// for, not a silent fallback.
#[test]
fn runs_on_the_cpu_path_asked_for() {
    let asked = quadboard_chess::cpu::env_level().expect("QUADBOARD_CPU names a supported level");
    if let Some(level) = asked {
        assert_eq!(quadboard_chess::cpu::level(), level);
    }
}

#[test]
fn standard_suite_capped() {
    run_suite("ethereal-standard.epd", 10_000_000);
}

#[test]
fn fischer_suite_capped() {
    run_suite("ethereal-fischer.epd", 2_000_000);
}

#[test]
fn tricky_suites() {
    // Deep entries of the 270-move and 218-move positions are cheap at low depth only.
    run_suite("shakmaty-tricky.perft", 5_000_000);
    run_suite("python-chess-tricky.perft", 5_000_000);
}

#[test]
fn random_suite_capped() {
    run_suite("random.perft", 200_000);
}

#[test]
fn sedlak_suite_capped() {
    run_suite("sedlak-generated.epd", 20_000_000);
}

/// Every entry of every file at full depth, except `random.perft` (4.3 trillion nodes in
/// all), which runs up to a billion nodes per entry here and in full below.
#[test]
#[ignore = "full-depth suites take minutes; run with --release -- --ignored"]
fn all_suites_full_depth() {
    for file in FILES {
        let cap = if file == "random.perft" {
            1_000_000_000
        } else {
            u64::MAX
        };
        run_suite(file, cap);
    }
}

/// `random.perft` in full: about an hour on two cores.
#[test]
#[ignore = "4.3 trillion nodes; run explicitly"]
fn random_suite_full_depth() {
    run_suite("random.perft", u64::MAX);
}
