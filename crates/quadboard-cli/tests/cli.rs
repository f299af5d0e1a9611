//! End-to-end checks of the `quadboard` binary: output formats that other tools parse,
//! and exit codes (0 success, 1 failed suite entries, 2 bad input).

mod common;

use std::path::PathBuf;

use common::{assert_input_error, last_line, quadboard, shared_data_dir, stderr, stdout};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn attacks_of_a_knight_in_the_corner() {
    let out = quadboard(&["attacks", "N", "a1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(last_line(&out), "2 squares");
    // Eight rows of eight cells, rank 8 first: b3 and c2 are marked.
    let rows: Vec<&str> = text.lines().take(8).collect();
    assert!(
        rows.iter().all(|r| r.split_whitespace().count() == 8),
        "{text}"
    );
    assert_eq!(rows[5], ". X . . . . . .");
    assert_eq!(rows[6], ". . X . . . . .");
}

#[test]
fn attacks_of_sliders_and_blockers() {
    assert_eq!(last_line(&quadboard(&["attacks", "Q", "d4"])), "27 squares");
    assert_eq!(last_line(&quadboard(&["attacks", "b", "a1"])), "7 squares");
    assert_eq!(last_line(&quadboard(&["attacks", "K", "e1"])), "5 squares");
    // From the start position the rook on a1 sees only a2 and b1, both own pieces.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        last_line(&quadboard(&["attacks", "R", "a1", "--fen", start])),
        "2 squares"
    );
    assert_eq!(
        last_line(&quadboard(&["attacks", "q", "d4", "--fen", start])),
        "22 squares"
    );
}

#[test]
fn attacks_counts_one_square_in_the_singular() {
    // A white pawn on a2 attacks b3 alone; on the last rank it attacks nothing.
    assert_eq!(last_line(&quadboard(&["attacks", "P", "a2"])), "1 square");
    assert_eq!(last_line(&quadboard(&["attacks", "P", "a8"])), "0 squares");
}

#[test]
fn attacks_rejects_bad_arguments() {
    assert_input_error(&["attacks", "N", "i9"], "i9");
    assert_input_error(&["attacks", "X", "a1"], "X");
    assert_input_error(&["attacks", "N", "a1", "--fen", "not a fen"], "invalid FEN");
}

#[test]
fn perft_prints_the_node_count_last() {
    let out = quadboard(&["perft", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Nodes searched: 197281\n");
}

#[test]
fn perft_divide_lists_every_root_move() {
    let out = quadboard(&["perft", "3", "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "{text}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    let mut sum = 0;
    for line in &lines[..20] {
        let (uci, nodes) = line.split_once(": ").expect("<uci>: <nodes>");
        assert!(uci.len() == 4, "{line}");
        sum += nodes.parse::<u64>().unwrap();
    }
    assert_eq!(sum, 8902);
    assert!(text.contains("e2e4: 600\n"), "{text}");
}

#[test]
fn perft_with_threads_and_hash_agrees() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for extra in [
        &[][..],
        &["--threads", "2"],
        &["--hash", "16"],
        &["--threads", "2", "--hash", "8"],
    ] {
        let mut args = vec!["perft", "4", "--fen", kiwipete];
        args.extend_from_slice(extra);
        let out = quadboard(&args);
        assert!(out.status.success(), "{args:?}");
        assert_eq!(last_line(&out), "Nodes searched: 4085603", "{args:?}");
    }
}

/// A table the process cannot have is an input error naming its size, not an abort
/// (exit 134 with a backtrace). The address space is limited to 256 MiB so that a 1 GiB
/// table must fail and nothing large is ever committed, whatever the machine and its
/// overcommit policy; the CPU limit stops the run should the table be allocated anyway.
#[cfg(unix)]
#[test]
fn perft_hash_larger_than_the_memory_is_an_error() {
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -v 262144 && ulimit -t 60 && exec \"$0\" \"$@\"",
        ])
        .arg(env!("CARGO_BIN_EXE_quadboard"))
        .args(["perft", "8", "--hash", "1024"])
        .output()
        .expect("sh runs");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: --hash 1024: cannot allocate a perft table of 1024 MiB"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "{}", stdout(&out));
}

/// A small search gets a table sized for it, not the size asked for, which it would only
/// fault in (perft 5 took 1.6 s with 256 MiB and 71 s with 16 GiB, 0.01 s without): perft
/// 3 stores at most the 21 nodes of plies 0 and 1. The counts stay exact.
#[test]
fn perft_sizes_the_table_for_the_search() {
    for (depth, nodes) in [("3", "8902"), ("5", "4865609")] {
        let out = quadboard(&["perft", depth, "--hash", "16384"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(last_line(&out), format!("Nodes searched: {nodes}"));
        let err = stderr(&out);
        let line = err
            .lines()
            .find(|l| l.starts_with("table: "))
            .unwrap_or_else(|| panic!("no table line in {err:?}"));
        assert!(
            line.ends_with("sized for this search (--hash 16384 allows more)"),
            "{line}"
        );
        let entries: usize = line
            .split(", ")
            .nth(1)
            .and_then(|e| e.strip_suffix(" entries"))
            .and_then(|e| e.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        // Two entries a node that can be stored, rounded up to a power of two.
        let most = if depth == "3" { 64 } else { 2 * 16384 };
        assert!(entries <= most, "{line}");
    }
    // A search that fills the table asked for gets all of it.
    let out = quadboard(&["perft", "5", "--hash", "1"]);
    assert_eq!(last_line(&out), "Nodes searched: 4865609");
    assert!(
        stderr(&out).starts_with("table: 1 MiB, 32768 entries\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn perft_zero_divides_nothing() {
    let out = quadboard(&["perft", "0", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Nodes searched: 1\n");
    // A root without moves has nothing to divide either.
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = quadboard(&["perft", "2", "--divide", "--fen", mate]);
    assert_eq!(stdout(&out), "Nodes searched: 0\n");
}

#[test]
fn perft_in_chess960() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(
        last_line(&quadboard(&["perft", "4", "--fen", fen])),
        "Nodes searched: 326672"
    );
}

#[test]
fn perft_stats_prints_one_counter_a_line() {
    let out = quadboard(&["perft", "4", "--stats"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "Nodes searched: 197281\nCaptures: 1576\nEn passant: 0\nCastles: 0\nPromotions: 0\n\
         Checks: 469\nDiscovered checks: 0\nDouble checks: 0\nCheckmates: 8\n"
    );
    // Threads count the same; depth 0 is the root alone.
    let threaded = quadboard(&["perft", "4", "--stats", "--threads", "2"]);
    assert_eq!(stdout(&threaded), stdout(&out));
    let root = quadboard(&["perft", "0", "--stats", "--divide"]);
    assert!(
        stdout(&root).starts_with("Nodes searched: 1\nCaptures: 0\n"),
        "{}",
        stdout(&root)
    );
}

#[test]
fn perft_divide_stats_gives_nine_numbers_per_move() {
    // Kiwipete at depth 1: each move is its own leaf.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = quadboard(&["perft", "1", "--fen", kiwipete, "--divide", "--stats"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 48 + 1 + 9, "{text}");
    assert_eq!(lines[0], "a1b1: 1 0 0 0 0 0 0 0 0");
    assert!(lines.contains(&"e1g1: 1 0 0 1 0 0 0 0 0"), "{text}");
    assert!(lines.contains(&"e5f7: 1 1 0 0 0 0 0 0 0"), "{text}");
    assert_eq!(lines[48], "");
    assert_eq!(lines[49], "Nodes searched: 48");
    assert_eq!(lines[50], "Captures: 8");
    assert_eq!(lines[52], "Castles: 2");
    // The start position at depth 3: the moves' numbers add up to the totals.
    let out = quadboard(&["perft", "3", "--divide", "--stats"]);
    let text = stdout(&out);
    let mut sums = [0u64; 9];
    for line in text.lines().take(20) {
        let (_, numbers) = line.split_once(": ").unwrap();
        for (sum, n) in sums.iter_mut().zip(numbers.split(' ')) {
            *sum += n.parse::<u64>().unwrap();
        }
    }
    assert_eq!(sums, [8902, 34, 0, 0, 0, 12, 0, 0, 0], "{text}");
    assert!(
        text.contains("\n\nNodes searched: 8902\nCaptures: 34\n"),
        "{text}"
    );
}

#[test]
fn perft_stats_refuses_hash_and_quad() {
    assert_input_error(&["perft", "3", "--stats", "--hash", "16"], "--hash");
    assert_input_error(&["perft", "3", "--stats", "--quad"], "--quad");
    assert_input_error(&["perft", "3", "--stats", "--threads", "0"], "0");
}

#[test]
fn perft_rejects_bad_arguments() {
    assert_input_error(&["perft", "x"], "x");
    assert_input_error(
        &["perft", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        "invalid FEN",
    );
    assert_input_error(&["perft", "3", "--threads", "0"], "0");
    // A legal-looking position with the side not to move in check is refused...
    let illegal = "4k3/8/8/8/8/8/8/4K2r b - - 0 1";
    assert_input_error(&["perft", "1", "--fen", illegal], "invalid FEN");
}

#[test]
fn lenient_accepts_playable_illegal_positions() {
    // Aligned double check: impossible in a game, fine for move generation.
    let fen = "4k3/8/8/8/8/8/8/r3K2r w - - 0 1";
    let strict = quadboard(&["perft", "1", "--fen", fen]);
    assert_eq!(strict.status.code(), Some(2));
    let lenient = quadboard(&["perft", "1", "--fen", fen, "--lenient"]);
    assert!(lenient.status.success(), "{}", stderr(&lenient));
}

#[test]
fn moves_lists_uci_then_the_count() {
    let out = quadboard(&["moves"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20], "20 legal moves");
    assert!(lines.contains(&"g1f3"));
    // Chess960 castling is written king-takes-rook.
    let fen = "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1";
    let text = stdout(&quadboard(&["moves", "--fen", fen]));
    assert!(text.lines().any(|l| l == "e1h1"), "{text}");
    assert!(text.lines().any(|l| l == "e1b1"), "{text}");
}

#[test]
fn show_prints_fen_and_polyglot_key() {
    let out = quadboard(&["show"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.starts_with("8  r n b q k b n r\n7  p p p p p p p p\n6  . . . . . . . .\n"),
        "{text}"
    );
    assert!(
        text.contains("1  R N B Q K B N R\n   a b c d e f g h\n\nFEN: "),
        "{text}"
    );
    assert!(
        text.contains("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
        "{text}"
    );
    assert!(text.contains("Key: 463b96181691fc9c\n"), "{text}");
    let quad = stdout(&quadboard(&["show", "--quad"]));
    assert!(quad.len() > text.len());
    let unicode = stdout(&quadboard(&["show", "--unicode"]));
    assert!(unicode.contains('♔'), "{unicode}");
    assert_input_error(
        &[
            "show",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        ],
        "invalid FEN",
    );
}

#[test]
fn suite_reports_failures_and_skips() {
    let path = temp_file(
        "mixed.epd",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401 ;D5 4865609\n",
    );
    let out = quadboard(&["suite", path.to_str().unwrap(), "--max-nodes", "1000"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("FAIL rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 2: expected 401, got 400\n"),
        "{text}"
    );
    assert_eq!(last_line(&out), "1 passed, 1 failed, 1 skipped");
}

#[test]
fn suite_reads_the_perft_block_format() {
    let path = temp_file(
        "blocks.perft",
        "# a comment\nepd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\nperft 1 48\nperft 2 2039\n\nepd 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1\nperft 3 2812\n",
    );
    let out = quadboard(&["suite", path.to_str().unwrap(), "--threads", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(last_line(&out), "3 passed, 0 failed");
}

/// A file without entries is a mistake (a wrong path, a truncated download), not a suite
/// that passed.
#[test]
fn suite_without_entries_is_an_error() {
    for (name, text) in [
        ("empty.epd", ""),
        ("comments.epd", "# nothing yet\n\n   \n# still nothing\n"),
        ("comments.perft", "# an empty .perft file\n"),
    ] {
        let path = temp_file(name, text);
        assert_input_error(&["suite", path.to_str().unwrap()], "no perft entries");
    }
}

#[test]
fn suite_rejects_a_bad_file() {
    let path = temp_file("bad.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20\nthis is not a suite line\n");
    assert_input_error(&["suite", path.to_str().unwrap()], "line 2");
    assert_input_error(&["suite", "/nonexistent/suite.epd"], "suite.epd");
}

/// The shared suites parse and pass under a small node cap (full runs: see README).
#[test]
fn suite_on_the_shared_files() {
    let Some(dir) = shared_data_dir("perft") else {
        return;
    };
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default();
        if !matches!(ext, "epd" | "perft") {
            continue;
        }
        files += 1;
        let out = quadboard(&[
            "suite",
            path.to_str().unwrap(),
            "--max-nodes",
            "20000",
            "--threads",
            "2",
        ]);
        assert!(
            out.status.success(),
            "{}: {}{}",
            path.display(),
            stdout(&out),
            stderr(&out)
        );
        assert!(
            last_line(&out).contains(" passed, 0 failed"),
            "{}",
            last_line(&out)
        );
    }
    assert!(files > 0, "no suite files in {}", dir.display());
}

/// Every subcommand is in the list of `--help`, and the line it opens with names them
/// all (it named six of eleven).
#[test]
fn help_names_every_subcommand() {
    let out = quadboard(&["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let summary = text.lines().next().unwrap_or_default();
    let (_, list) = text.split_once("\nCommands:\n").expect("a command list");
    for name in [
        "perft", "suite", "bench", "show", "moves", "play", "attacks", "pgn", "split", "shard",
        "merge", "status", "book",
    ] {
        assert!(
            list.lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "{name} not listed: {text}"
        );
        assert!(summary.contains(name), "{name} not in {summary:?}");
    }
}

#[test]
fn help_and_version_succeed() {
    assert!(quadboard(&["--help"]).status.success());
    assert!(quadboard(&["--version"]).status.success());
    assert_eq!(quadboard(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(quadboard(&[]).status.code(), Some(2));
}

/// The examples that `--help` ends with run as written (a FEN in place of `<FEN>`; the
/// PGN one needs a file and is left out), and the perft line prints the count it shows.
#[test]
fn help_examples_run() {
    let text = stdout(&quadboard(&["--help"]));
    let (_, examples) = text
        .split_once("\nExamples:\n")
        .expect("an Examples section");
    let mut ran = 0;
    for line in examples.lines().take_while(|l| !l.trim().is_empty()) {
        let (command, comment) = line
            .trim()
            .split_once("   ")
            .expect("command, then comment");
        let words: Vec<String> = command
            .split_whitespace()
            .skip(1)
            .map(|w| w.replace("\"<FEN>\"", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"))
            .collect();
        if words[0] == "pgn" {
            continue;
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let out = quadboard(&args);
        assert!(out.status.success(), "{command}: {}", stderr(&out));
        if let Some(count) = comment.trim().strip_prefix("Nodes searched: ") {
            assert_eq!(
                last_line(&out),
                format!("Nodes searched: {count}"),
                "{command}"
            );
        }
        ran += 1;
    }
    assert_eq!(ran, 5, "{examples}");
}
