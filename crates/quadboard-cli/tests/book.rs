//! `quadboard book`: exact output on books written here, the empty answer, and files that
//! are not books.

mod common;

use std::path::PathBuf;

use common::{assert_input_error, quadboard, stderr, stdout};
use quadboard_chess::book::Entry;
use quadboard_chess::{Position, Square};

/// Writes `entries` (sorted by key, stable) to a fresh file and returns its path.
fn write_book(name: &str, entries: &[Entry]) -> PathBuf {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|e| e.key);
    let bytes: Vec<u8> = sorted.iter().flat_map(|e| e.to_bytes()).collect();
    write_bytes(name, &bytes)
}

fn write_bytes(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The entry for a UCI move as Polyglot writes it (castling king-takes-rook: `e1h1`).
fn entry(key: u64, uci: &str, weight: u16, learn: u32) -> Entry {
    let sq = |s: &str| s.parse::<Square>().unwrap();
    let promotion: u16 = match uci.as_bytes().get(4) {
        None => 0,
        Some(b'n') => 1,
        Some(b'b') => 2,
        Some(b'r') => 3,
        _ => 4,
    };
    Entry {
        key,
        raw_move: sq(&uci[2..4]) as u16 | (sq(&uci[..2]) as u16) << 6 | promotion << 12,
        weight,
        learn,
    }
}

fn run_ok(args: &[&str]) -> String {
    let out = quadboard(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

fn key(fen: &str) -> u64 {
    Position::from_fen(fen).unwrap().key()
}

const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const CHESS960: &str = "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1";
const PROMOTION: &str = "8/1P5k/8/8/8/8/8/K7 w - - 0 1";

/// The sample book, written once per process: the binary maps the file, so a test
/// rewriting it while another reads it would truncate a mapping (SIGBUS).
fn sample_book() -> PathBuf {
    static BOOK: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BOOK.get_or_init(write_sample_book).clone()
}

fn write_sample_book() -> PathBuf {
    let start = Position::new().key();
    write_book(
        "sample.bin",
        &[
            entry(start, "e2e4", 5, 1),
            entry(start, "d2d4", 10, 2),
            entry(start, "g1f3", 0, 3),
            entry(start, "c2c4", 10, 4),
            // Not legal in the start position: skipped.
            entry(start, "e2e5", 50, 0),
            entry(key(CASTLING), "e1h1", 7, 0),
            entry(key(CASTLING), "e1a1", 3, 9),
            entry(key(CHESS960), "f1g1", 2, 0),
            entry(key(CHESS960), "f1b1", 1, 0),
            entry(key(PROMOTION), "b7b8n", 1, 0),
            entry(key(PROMOTION), "b7b8q", 8, 0),
        ],
    )
}

#[test]
fn heaviest_first_ties_in_file_order() {
    let book = sample_book();
    let book = book.to_str().unwrap();
    assert_eq!(
        run_ok(&["book", book]),
        "d2d4 10 2\nc2c4 10 4\ne2e4 5 1\n3 moves\n"
    );
    assert_eq!(
        run_ok(&["book", book, "--minimum-weight", "0"]),
        "d2d4 10 2\nc2c4 10 4\ne2e4 5 1\ng1f3 0 3\n4 moves\n"
    );
}

#[test]
fn castling_is_written_as_moves_writes_it() {
    let book = sample_book();
    let book = book.to_str().unwrap();
    // Standard chess: the king's two-square move, as `quadboard moves` writes it.
    assert_eq!(
        run_ok(&["book", book, "--fen", CASTLING]),
        "e1g1 7 0\ne1c1 3 9\n2 moves\n"
    );
    let moves = run_ok(&["moves", "--fen", CASTLING]);
    assert!(moves.lines().any(|l| l == "e1g1"), "{moves}");
    // Chess960: king-takes-rook.
    assert_eq!(
        run_ok(&["book", book, "--fen", CHESS960]),
        "f1g1 2 0\nf1b1 1 0\n2 moves\n"
    );
    let moves = run_ok(&["moves", "--fen", CHESS960]);
    assert!(moves.lines().any(|l| l == "f1b1"), "{moves}");
}

#[test]
fn promotions_and_one_move_in_the_singular() {
    let book = sample_book();
    let book = book.to_str().unwrap();
    assert_eq!(
        run_ok(&["book", book, "--fen", PROMOTION]),
        "b7b8q 8 0\nb7b8n 1 0\n2 moves\n"
    );
    let single = write_book("single.bin", &[entry(Position::new().key(), "g1f3", 1, 0)]);
    assert_eq!(
        run_ok(&["book", single.to_str().unwrap()]),
        "g1f3 1 0\n1 move\n"
    );
}

#[test]
fn a_position_not_in_the_book_prints_zero_moves() {
    let book = sample_book();
    let book = book.to_str().unwrap();
    assert_eq!(
        run_ok(&["book", book, "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]),
        "0 moves\n"
    );
    let empty = write_bytes("empty.bin", &[]);
    assert_eq!(run_ok(&["book", empty.to_str().unwrap()]), "0 moves\n");
}

#[test]
fn files_that_are_not_books_exit_2() {
    let truncated = write_bytes("truncated.bin", &[0; 40]);
    assert_input_error(
        &["book", truncated.to_str().unwrap()],
        "not a Polyglot book: 40 bytes",
    );
    let dir = std::env::temp_dir();
    assert_input_error(&["book", dir.to_str().unwrap()], "cannot read");
    assert_input_error(
        &["book", "/nonexistent/book.bin"],
        "cannot read /nonexistent/book.bin",
    );
    let book = sample_book();
    assert_input_error(
        &["book", book.to_str().unwrap(), "--fen", "not a fen"],
        "invalid FEN",
    );
}

#[test]
fn help_lists_book() {
    let text = stdout(&quadboard(&["--help"]));
    let summary = text.lines().next().unwrap_or_default();
    assert!(summary.contains("Polyglot books"), "{summary:?}");
    let (_, list) = text.split_once("\nCommands:\n").expect("a command list");
    assert!(
        list.lines()
            .any(|l| l.split_whitespace().next() == Some("book")),
        "{text}"
    );
    let help = run_ok(&["book", "--help"]);
    assert!(help.contains("--minimum-weight"), "{help}");
}
