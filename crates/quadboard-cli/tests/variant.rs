//! `--variant` on `perft`, `moves`, `show`, `play` and `suite`: the lichess variants, with
//! the output formats of chess plus the variants' own lines, and their errors.
//!
//! Atomic and horde may not be played by the library yet: their checks accept either the
//! right answer or the "not supported yet" error, so that they start to check the counts
//! the moment the library plays them.

mod common;

use std::path::PathBuf;

use common::{assert_input_error, last_line, quadboard, shared_data_dir, stderr, stdout};

/// Every variant the library plays, by name, and its start position's perft 1 and 2.
const START_COUNTS: [(&str, u64, u64); 7] = [
    ("atomic", 20, 400),
    ("antichess", 20, 400),
    ("crazyhouse", 20, 400),
    ("horde", 8, 128),
    ("kingofthehill", 20, 400),
    ("racingkings", 21, 421),
    ("3check", 20, 400),
];

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-cli-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Whether `out` is the error for a variant the library does not play yet.
fn not_supported_yet(out: &std::process::Output) -> bool {
    out.status.code() == Some(2) && stderr(out).contains("is not supported yet")
}

/// The value of the `<name>: ` line of `text`.
fn field<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(": "))
}

#[test]
fn perft_of_every_start_position() {
    for (name, d1, d2) in START_COUNTS {
        for (depth, expected) in [(1, d1), (2, d2)] {
            let out = quadboard(&["perft", &depth.to_string(), "--variant", name]);
            if not_supported_yet(&out) {
                assert_eq!(depth, 1, "{name}");
                assert!(
                    matches!(name, "atomic" | "horde"),
                    "{name}: {}",
                    stderr(&out)
                );
                break;
            }
            assert!(out.status.success(), "{name}: {}", stderr(&out));
            assert_eq!(
                last_line(&out),
                format!("Nodes searched: {expected}"),
                "{name}"
            );
        }
    }
}

#[test]
fn perft_from_variant_fens_and_aliases() {
    for (variant, fen, depth, nodes) in [
        ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 2, 3_083),
        ("zh", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1", 2, 3_083),
        ("3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1", 2, 562),
        (
            "Three-check",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1",
            1,
            26,
        ),
        ("antichess", "8/1p6/8/8/8/8/P7/8 w - - 0 1", 4, 3),
        ("giveaway", "8/1p6/8/8/8/8/P7/8 w - - 0 1", 6, 0),
        ("racingkings", "4brn1/2K2k2/8/8/8/8/8/8 w - - 0 1", 3, 178),
        (
            "King of the Hill",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            3,
            8_902,
        ),
    ] {
        let out = quadboard(&[
            "perft",
            &depth.to_string(),
            "--variant",
            variant,
            "--fen",
            fen,
        ]);
        assert!(out.status.success(), "{variant}: {}", stderr(&out));
        assert_eq!(
            last_line(&out),
            format!("Nodes searched: {nodes}"),
            "{variant} {fen}"
        );
    }
}

#[test]
fn perft_divide_and_threads_agree() {
    let fen = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
    let one = quadboard(&[
        "perft",
        "2",
        "--variant",
        "crazyhouse",
        "--fen",
        fen,
        "--divide",
    ]);
    let two = quadboard(&[
        "perft",
        "2",
        "--variant",
        "crazyhouse",
        "--fen",
        fen,
        "--divide",
        "--threads",
        "2",
    ]);
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let text = stdout(&one);
    let lines: Vec<&str> = text.lines().collect();
    // 67 moves, sorted by UCI text, a blank line, the total.
    assert_eq!(lines.len(), 67 + 2);
    assert_eq!(lines[67], "");
    let mut sum = 0;
    let mut ucis = Vec::new();
    for line in &lines[..67] {
        let (uci, nodes) = line.split_once(": ").expect("uci: nodes");
        sum += nodes.parse::<u64>().unwrap();
        ucis.push(uci);
    }
    assert!(ucis.windows(2).all(|w| w[0] < w[1]), "sorted: {ucis:?}");
    assert!(ucis.contains(&"Q@c7"), "{ucis:?}");
    assert_eq!(sum, 3_083);
    assert_eq!(lines[68], "Nodes searched: 3083");
    // Depth 0 divides nothing.
    let zero = quadboard(&["perft", "0", "--variant", "racingkings", "--divide"]);
    assert_eq!(stdout(&zero), "Nodes searched: 1\n");
    let plain = quadboard(&["perft", "3", "--variant", "antichess", "--threads", "2"]);
    assert_eq!(last_line(&plain), "Nodes searched: 8067");
}

#[test]
fn moves_lists_drops_and_king_promotions() {
    let out = quadboard(&[
        "moves",
        "--variant",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "Q@c7"), "{text}");
    assert!(
        !text.lines().any(|l| l.starts_with("N@")),
        "black's knight is not white's: {text}"
    );
    assert_eq!(last_line(&out), "67 legal moves");

    let out = quadboard(&[
        "moves",
        "--variant",
        "antichess",
        "--fen",
        "8/4P3/8/8/8/8/8/k7 w - - 0 1",
    ]);
    let text = stdout(&out);
    for m in ["e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7e8k"] {
        assert!(text.lines().any(|l| l == m), "{m} in {text}");
    }
    assert_eq!(last_line(&out), "5 legal moves");

    // Captures are compulsory in antichess.
    let out = quadboard(&[
        "moves",
        "--variant",
        "antichess",
        "--fen",
        "8/8/8/3p4/4P3/8/8/8 w - - 0 1",
    ]);
    assert_eq!(stdout(&out), "e4d5\n1 legal moves\n");

    // A position won by the variant's rule has no moves.
    let out = quadboard(&[
        "moves",
        "--variant",
        "kingofthehill",
        "--fen",
        "4k3/8/8/8/3K4/8/8/8 b - - 0 1",
    ]);
    assert_eq!(stdout(&out), "0 legal moves\n");

    for (name, d1, _) in START_COUNTS {
        let out = quadboard(&["moves", "--variant", name]);
        if not_supported_yet(&out) {
            continue;
        }
        assert_eq!(last_line(&out), format!("{d1} legal moves"), "{name}");
    }
}

#[test]
fn show_prints_the_variant_fields() {
    let out = quadboard(&[
        "show",
        "--variant",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qqn] w - - 0 1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("8  . . k . . . . ."));
    assert_eq!(field(&text, "Variant"), Some("crazyhouse"));
    assert_eq!(field(&text, "Pockets"), Some("white Q, black qn"));
    assert_eq!(field(&text, "Turn"), Some("white"));
    assert_eq!(field(&text, "Castling"), Some("none"));
    assert_eq!(field(&text, "En passant"), Some("none"));
    assert!(field(&text, "Outcome").is_none(), "{text}");

    let out = quadboard(&["show", "--variant", "3check"]);
    let text = stdout(&out);
    assert_eq!(
        field(&text, "FEN"),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1")
    );
    assert_eq!(field(&text, "Remaining checks"), Some("white 3, black 3"));
    assert_eq!(
        field(&text, "Castling"),
        Some("white king side (h1), white queen side (a1), black king side (h8), black queen side (a8)")
    );

    // Chess960 castling rights, read as X-FEN, in words.
    let out = quadboard(&[
        "show",
        "--variant",
        "kingofthehill",
        "--fen",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    ]);
    let text = stdout(&out);
    assert_eq!(
        field(&text, "Castling"),
        Some("white king side (g1), white queen side (b1), black king side (g8), black queen side (b8)"),
        "{text}"
    );

    // In check, and won by the variant's rule.
    let out = quadboard(&[
        "show",
        "--variant",
        "racingkings",
        "--fen",
        "1K6/8/8/8/8/8/8/k7 b - - 0 1",
    ]);
    let text = stdout(&out);
    assert_eq!(
        field(&text, "Outcome"),
        Some("1-0 (variant loss)"),
        "{text}"
    );
    let out = quadboard(&[
        "show",
        "--variant",
        "3check",
        "--fen",
        "4k3/8/8/8/8/8/8/4R1K1 b - - 2+3 0 1",
    ]);
    let text = stdout(&out);
    assert_eq!(field(&text, "Checkers"), Some("rook e1"), "{text}");

    for (name, _, _) in START_COUNTS {
        let out = quadboard(&["show", "--variant", name, "--unicode"]);
        if not_supported_yet(&out) {
            continue;
        }
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert_eq!(field(&stdout(&out), "Variant"), Some(name));
    }
}

#[test]
fn play_by_the_variants_rules() {
    // King of the hill: a king on d4 wins.
    let out = quadboard(&[
        "play",
        "--variant",
        "koth",
        "1. e2e3 a7a6 2. e1e2 a6a5 3.e2d3 a5a4 4. d3d4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(
        field(&text, "Moves"),
        Some("1. e2e3 a7a6 2. e1e2 a6a5 3. e2d3 a5a4 4. d3d4")
    );
    assert_eq!(field(&text, "Outcome"), Some("1-0 (variant loss)"));
    assert_eq!(field(&text, "Variant"), Some("kingofthehill"));
    assert_input_error(
        &[
            "play",
            "--variant",
            "koth",
            "e2e3",
            "a7a6",
            "e1e2",
            "a6a5",
            "e2d3",
            "a5a4",
            "d3d4",
            "h7h6",
        ],
        "ply 8: cannot play 'h7h6': the game has ended: 1-0",
    );

    // Three-check: the last check given wins.
    let out = quadboard(&[
        "play",
        "--variant",
        "3check",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1",
        "a1a8",
    ]);
    let text = stdout(&out);
    assert_eq!(
        field(&text, "Remaining checks"),
        Some("white 0, black 1"),
        "{text}"
    );
    assert!(
        field(&text, "Outcome").unwrap().starts_with("1-0 ("),
        "{text}"
    );

    // Crazyhouse: a capture goes to the pocket and is dropped back.
    let out = quadboard(&[
        "play",
        "--variant",
        "crazyhouse",
        "e2e4",
        "d7d5",
        "e4d5",
        "d8d5",
        "P@e4",
    ]);
    let text = stdout(&out);
    assert_eq!(
        field(&text, "Pockets"),
        Some("white none, black p"),
        "{text}"
    );
    assert_eq!(
        field(&text, "Moves"),
        Some("1. e2e4 d7d5 2. e4d5 d8d5 3. P@e4")
    );
    assert_eq!(field(&text, "Outcome"), Some("* (ongoing)"));

    // Racing kings from black's move, numbered from the FEN.
    let out = quadboard(&[
        "play",
        "--variant",
        "racingkings",
        "--fen",
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 7",
        "7...",
        "h2h3",
        "1/2-1/2",
    ]);
    assert!(!out.status.success(), "black cannot move white's king");
    let out = quadboard(&[
        "play",
        "--variant",
        "racingkings",
        "--fen",
        "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ b - - 0 7",
        "7...",
        "a2a3",
        "8.",
        "h2h3",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(field(&stdout(&out), "Moves"), Some("7... a2a3 8. h2h3"));

    // Antichess: captures are compulsory.
    assert_input_error(
        &["play", "--variant", "antichess", "e2e4", "d7d5", "g1f3"],
        "ply 3: illegal move 'g1f3'",
    );
    let out = quadboard(&["play", "--variant", "antichess", "e2e4", "d7d5", "e4d5"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn suite_takes_the_variant_from_flag_lines_or_name() {
    // Racing kings' start in a file that names no variant: wrong as chess, right with the flag.
    let plain = "epd 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -\nperft 1 21\nperft 2 421\n";
    let file = temp_file("plain.perft", plain);
    let file = file.to_str().unwrap();
    let out = quadboard(&["suite", file, "--variant", "racingkings"]);
    assert_eq!(last_line(&out), "2 passed, 0 failed", "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(0));
    let out = quadboard(&["suite", file]);
    assert!(last_line(&out).ends_with("0 passed, 2 failed") || out.status.code() == Some(2));

    // The file name.
    let named = temp_file("racingkings.perft", plain);
    let out = quadboard(&["suite", named.to_str().unwrap()]);
    assert_eq!(last_line(&out), "2 passed, 0 failed", "{}", stderr(&out));

    // `variant` lines, chess among them, and a variant that may not be played yet.
    let mixed = "\
# several variants
epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
perft 1 20

variant 3check
id castling
epd r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1
perft 2 562

variant crazyhouse
epd 2k5/8/8/8/8/8/8/4K3[Qn] w - -
perft 1 67

variant chess
epd 4k3/8/8/8/8/8/8/4K2R w K -
perft 1 15

variant horde
epd rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq -
perft 1 8
perft 2 128
";
    let file = temp_file("mixed.perft", mixed);
    let out = quadboard(&["suite", file.to_str().unwrap()]);
    let last = last_line(&out);
    assert_eq!(out.status.code(), Some(0), "{last}: {}", stderr(&out));
    assert!(
        last == "6 passed, 0 failed"
            || last == "4 passed, 0 failed, 2 skipped (2 of variants not supported yet: horde)",
        "{last}"
    );
    // EPD lines take `variant` lines too.
    let epd = "variant antichess\n8/1p6/8/8/8/8/P7/8 w - - ;D1 2 ;D4 3\n";
    let file = temp_file("lines.epd", epd);
    let out = quadboard(&["suite", file.to_str().unwrap()]);
    assert_eq!(last_line(&out), "2 passed, 0 failed", "{}", stderr(&out));
    // A wrong count is a failure with the FEN.
    let wrong = temp_file(
        "3check.epd",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 ;D1 25\n",
    );
    let out = quadboard(&["suite", wrong.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "FAIL r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 depth 1: expected 25, got 26\n0 passed, 1 failed\n"
    );
}

#[test]
fn suite_errors_name_the_line() {
    let file = temp_file(
        "unknown.perft",
        "variant shogi\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\n",
    );
    assert_input_error(
        &["suite", file.to_str().unwrap()],
        "line 1: unknown variant 'shogi'",
    );
    let file = temp_file(
        "badfen.perft",
        "variant crazyhouse\nepd 2k5/8/8/8/8/8/8/4K3[Qx] w - -\nperft 1 3\n",
    );
    assert_input_error(
        &["suite", file.to_str().unwrap()],
        "line 2: crazyhouse: invalid FEN",
    );
}

#[test]
fn the_shared_variant_suites_pass() {
    let Some(dir) = shared_data_dir("variants") else {
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    assert!(files.len() >= 9, "{files:?}");
    let mut passed = 0;
    for file in &files {
        // A capped slice: the full suites run in the library's tests.
        let out = quadboard(&[
            "suite",
            file.to_str().unwrap(),
            "--max-nodes",
            "20000",
            "--threads",
            "2",
        ]);
        let last = last_line(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {last}: {}",
            file.display(),
            stderr(&out)
        );
        assert!(
            last.contains(" passed, 0 failed"),
            "{}: {last}",
            file.display()
        );
        passed += last.split(' ').next().unwrap().parse::<u32>().unwrap();
    }
    assert!(passed >= 40, "{passed} counts checked");
}

#[test]
fn bad_variants_fens_and_options_are_errors() {
    assert_input_error(
        &["perft", "1", "--variant", "shogi"],
        "unknown variant 'shogi'",
    );
    assert_input_error(&["show", "--variant", ""], "unknown variant ''");
    assert_input_error(
        &[
            "moves",
            "--variant",
            "crazyhouse",
            "--fen",
            "2k5/8/8/8/8/8/8/4K3[Qx] w - - 0 1",
        ],
        "invalid FEN",
    );
    assert_input_error(
        &[
            "show",
            "--variant",
            "3check",
            "--fen",
            "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1",
        ],
        "check counts",
    );
    assert_input_error(
        &[
            "perft",
            "1",
            "--variant",
            "racingkings",
            "--fen",
            "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
        ],
        "racingkings",
    );
    assert_input_error(
        &["play", "--variant", "crazyhouse", "e2e5"],
        "ply 1: illegal move 'e2e5'",
    );
    assert_input_error(
        &["play", "--variant", "crazyhouse", "zz"],
        "ply 1: invalid UCI move 'zz'",
    );
    assert_input_error(
        &["play", "--variant", "antichess", "2.", "e2e4"],
        "move number '2.' does not fit",
    );
    assert_input_error(
        &["moves", "--variant", "koth", "--san"],
        "--san with --variant kingofthehill",
    );
    assert_input_error(
        &["show", "--variant", "koth", "--lenient"],
        "--lenient does not apply",
    );
    assert_input_error(
        &["perft", "2", "--variant", "koth", "--hash", "16"],
        "--hash",
    );
    assert_input_error(&["perft", "2", "--variant", "koth", "--stats"], "--stats");
    assert_input_error(&["show", "--variant", "koth", "--quad"], "--quad");
}
