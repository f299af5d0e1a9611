//! `--variant` on `perft`, `moves`, `show`, `play` and `suite`: the lichess variants, with
//! the output formats of chess plus the variants' own lines, and their errors.

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
        assert_eq!(last_line(&out), format!("{d1} legal moves"), "{name}");
    }
}

#[test]
fn moves_in_variant_san() {
    let out = quadboard(&[
        "moves",
        "--san",
        "--variant",
        "crazyhouse",
        "--fen",
        "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
    ]);
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == "Q@c7+"), "{text}");
    assert_eq!(last_line(&out), "67 legal moves");
    let out = quadboard(&[
        "moves",
        "--san",
        "--variant",
        "antichess",
        "--fen",
        "8/4P3/8/8/8/8/8/k7 w - - 0 1",
    ]);
    assert!(
        stdout(&out).lines().any(|l| l == "e8=K"),
        "{}",
        stdout(&out)
    );
    // SAN moves play as UCI ones do.
    let san = quadboard(&["play", "--variant", "zh", "e4", "d5", "exd5", "Qxd5", "@e4"]);
    let uci = quadboard(&[
        "play",
        "--variant",
        "zh",
        "e2e4",
        "d7d5",
        "e4d5",
        "d8d5",
        "P@e4",
    ]);
    assert!(san.status.success(), "{}", stderr(&san));
    assert_eq!(stdout(&san), stdout(&uci));
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
        Some("1. e3 a6 2. Ke2 a5 3. Kd3 a4 4. Kd4#")
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
    assert_eq!(field(&text, "Moves"), Some("1. e4 d5 2. exd5 Qxd5 3. @e4"));
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
    assert_eq!(field(&stdout(&out), "Moves"), Some("7... Ka3 8. Kh3"));

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
    assert_eq!(last, "6 passed, 0 failed");
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
        "ply 1: 'zz' is not a move in UCI",
    );
    assert_input_error(
        &["play", "--variant", "antichess", "2.", "e2e4"],
        "move number '2.' does not fit",
    );
    assert_input_error(
        &["play", "--variant", "antichess", "e4", "d5", "Nf3"],
        "ply 3: illegal move 'Nf3' in this antichess position",
    );
    assert_input_error(
        &["play", "--variant", "crazyhouse", "Q@e4"],
        "ply 1: illegal move 'Q@e4'",
    );
    assert_input_error(
        &["play", "--variant", "crazyhouse", "K@e4"],
        "ply 1: 'K@e4' is not a move in UCI",
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

/// Random games of python-chess 1.11.2 (`chess.variant` boards, `chess.pgn.Game.from_board`,
/// a variation added on the first black move; Site, Date, Round and players dropped), then
/// three written here: an antichess move that skips a compulsory capture, a variant
/// quadboard does not know, and a Chess960 game, which stays chess.
const VARIANT_GAMES: &str = r#"[Event "random crazyhouse"]
[Result "*"]
[Variant "Crazyhouse"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"]

1. b3 h6 ( 1... Nh6 ) 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. a4 Rh7 6. e3 Ke7 7. Qg6 Nc6 8. a5 Nb8 9. Qxh6 Rxh6 10. Bc4 Q@a3 11. f4 Na6 12. @d6+ Ke8 13. Nh3 b5 14. axb6 Qe7 15. @b2 c5 *

[Event "random antichess"]
[Result "*"]
[Variant "Antichess"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"]

1. h4 Nf6 ( 1... Nh6 ) 2. g3 Nc6 3. e4 Nxe4 4. Bd3 Nxf2 5. Bxh7 Nxd1 6. Kxd1 Rxh7 7. b4 Rxh4 8. Rxh4 Nxb4 9. Rxb4 g6 10. Rxb7 Bxb7 11. Bb2 e6 12. c4 a6 13. Ne2 a5 14. c5 Bxc5 15. Ba3 Bxa3 16. Nxa3 a4 17. Nd4 d6 18. Nxe6 fxe6 19. Rb1 Qg5 20. Rxb7 Qxd2 *

[Event "random kingofthehill"]
[Result "0-1"]
[Variant "King of the Hill"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. f4 c6 ( 1... Nh6 ) 2. a4 Qc7 3. Nc3 a6 4. h3 Qd6 5. Rb1 Qc7 6. g4 e6 7. Nb5 d5 8. c4 Bd6 9. b4 Bxb4 10. Qb3 Ba5 11. e3 c5 12. Nc3 Ke7 13. Nge2 g5 14. Nd1 Nd7 15. Rb2 Qe5 16. Ndc3 f5 17. cxd5 Qd6 18. Kd1 Bc7 19. Nb5 e5 20. Bg2 Nb8 21. Qb4 b6 22. Nbd4 Kf6 23. Ng3 Bd8 24. Qa3 cxd4 25. Rf1 e4 26. Qxd6+ Kg7 27. Rc2 Kf7 28. Rg1 Be6 29. Qxb6 Ke7 30. Rh1 Ke8 31. d6 Bc8 32. Bf1 d3 33. Rc3 Bc7 34. Qd4 Nf6 35. Nxf5 Kf7 36. Qxd3 Ne8 37. Qb1 Rg8 38. Qxe4 Bxd6 39. Qe6+ Kxe6 40. Bxa6 Rh8 41. Nh6 Ke7 42. d4 Nd7 43. Rg1 Nef6 44. f5 Rd8 45. Bb2 Bg3 46. Rf1 Bd6 47. Rg1 Nb8 48. Bd3 Bf4 49. Rf1 Re8 50. Rc5 Bd7 51. Ba6 Bc6 52. Rd5 Rd8 53. Rf2 Re8 54. Bd3 Rh8 55. h4 Ra5 56. hxg5 Na6 57. Rc2 Rf8 58. Rd6 Nh5 59. Rc1 Rfxf5 60. Bc2 Rf7 61. Ba1 Nf6 62. Bb1 Nd7 63. Rxd7+ Ke6 64. exf4 Bf3+ 65. Kc2 Nc7 66. Re7+ Kd6 67. Rxc7 Bc6 68. Kd3 Bb5+ 69. axb5 Rf6 70. Bc2 Rf8 71. Nf7+ Kd5# 0-1

[Event "random 3check"]
[Result "1-0"]
[Variant "Three-check"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"]

1. h3 c5 ( 1... Nh6 ) 2. Rh2 g5 3. c3 d5 4. Qa4+ Nd7 5. b4 e6 6. Qa5 Qb6 7. e4 Qc7 8. a4 h5 9. d4 Qe5 10. Be2 Ndf6 11. Bf1 dxe4 12. Be2 Nh7 13. bxc5 f5 14. Bf4 gxf4 15. Qc7 Ne7 16. Bf3 Qd6 17. Ne2 Nf6 18. Nd2 b6 19. Nb1 Qe5 20. Qb7 Nfg8 21. Qxa7 Kf7 22. c4 Bd7 23. Na3 Kg6 24. c6 Rh7 25. c7 Kf7 26. Qa5 Rb8 27. Kf1 Ke8 28. Rb1 Rf7 29. Rb4 Qxc7 30. Qe5 Qc6 31. Ng1 Nc8 32. Qxe6+ Bxe6 33. Bxh5 Ke7 34. Be2 Nf6 35. Rb1 Qc5 36. g4 Kd8 37. gxf5 Qb5 38. Rb2 Qa5 39. Rb5 Kd7 40. Bd1 Qxa4 41. Ra5 Be7 42. Ra8 e3 43. Ra5 Qb3 44. Bc2 Bd8 45. Bd3 Ke7 46. h4 Ne8 47. Ra8 Kf6 48. Be2 Kg7 49. Nh3 Kf8 50. h5 Qc2 51. Nb1 Rbb7 52. Bd1 Ra7 53. Nxf4 Ng7 54. c5 Qb2 55. Bc2 Ra1 56. f6 Qxd4 57. fxg7# 1-0

[Event "random racingkings"]
[Result "*"]
[Variant "Racing Kings"]
[FEN "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"]

1. Rg6 Ne3 ( 1... Ne4 ) 2. R6g4 Rb8 3. Nxc2 Rf8 4. Qe4 Nf5 5. Na3 Rg8 6. Qa8 Ne7 7. Qa5 Qf6 8. Be1 Ra1 9. Qg5 Kb2 10. Qg6 Qa6 11. Bxd2 Ra2 12. Nc3 Kxa3 13. Qf6 Bb2 14. Qf7 Qc8 15. Qc4 Qe8 16. Rg6 Qf8 17. Nd1 Nc6 18. Bc1 Rg7 19. Rd6 Ne5 20. Qg4 Ra7 *

[Event "random atomic"]
[Result "*"]
[Variant "Atomic"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. d4 a5 ( 1... Nh6 ) 2. f3 h6 3. g4 e6 4. Nd2 Ra6 5. h4 c5 6. e3 b5 7. Ne2 d6 8. h5 a4 9. Rh4 Qa5 10. f4 Kd8 11. d5 Be7 12. g5 Rc6 13. Kf2 Kc7 14. Nf3 g6 15. Ne5 Kb6 *

[Event "random horde"]
[Result "*"]
[Variant "Horde"]
[FEN "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"]

1. h5 e5 ( 1... Nh6 ) 2. dxe5 Bd6 3. d4 Be7 4. f6 Bxc5 5. bxc5 a6 6. g6 Kf8 7. c6 h6 8. cxd7 Bxd7 9. bxa6 bxa6 10. c5 Bxg4 11. f5 Qd5 12. c6 Ra7 13. e6 Qxe6 14. fxg7+ Ke7 15. a5 Rh7 *

[Event "illegal: a capture is compulsory"]
[Variant "Antichess"]

1. e4 d5 2. Nf3 *

[Event "unknown variant"]
[Variant "Shogi"]

1. e4 *

[Event "Chess960 stays chess"]
[Variant "Chess960"]
[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]
[SetUp "1"]

9. g3 Nb6 *
"#;

#[test]
fn pgn_check_plays_variant_games_by_their_rules() {
    let file = temp_file("variants.pgn", VARIANT_GAMES);
    let name = file.to_str().unwrap();
    let out = quadboard(&["pgn", "check", name]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    // Games 1 to 7 start from a [FEN] without [SetUp "1"], which is forgiven with a warning
    // as in chess games; game 8 has an illegal move; bughouse (game 9) is no variant we play.
    let mut expected: Vec<String> = (1..=7)
        .map(|game| {
            format!(
                "{name}: game {game} (line {}): warning: ply 0 [FEN]: no [SetUp \"1\"] tag: the FEN is used",
                7 * game - 6
            )
        })
        .collect();
    expected.push(format!("{name}: game 8 (line 50): ply 3 Nf3: illegal move"));
    expected.push(format!(
        "{name}: game 9 (line 55): ply 0 [Variant]: unsupported variant: expected standard or Chess960"
    ));
    expected.push("10 games, 436 moves, 2 games with errors, 7 warnings".to_string());
    assert_eq!(text.lines().collect::<Vec<_>>(), expected, "{text}");
}

#[test]
fn pgn_check_reads_variant_san_drops_and_variations() {
    let pgn = "\
[Variant \"Crazyhouse\"]

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 (4... P@e5 5. Be2) 5. Nf3 P@e4 *

[Variant \"Antichess\"]

1. e3 b5 2. Bxb5 Bb7 3. Bxd7+ Kxd7 (3... Nxd7 4. Qg4) 4. h4 *

[Variant \"Three-check\"]
[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1\"]

1. Rxa8+ Kd7 *

[Variant \"Racing Kings\"]

1. Ka3 *
";
    let file = temp_file("small.pgn", pgn);
    let out = quadboard(&["pgn", "check", file.to_str().unwrap()]);
    let text = stdout(&out);
    let name = file.to_str().unwrap();
    // Three-check ends with the third check: no move after it. Racing kings: the white
    // king is on h2, so Ka3 is no move.
    assert_eq!(
        text,
        format!(
            "{name}: game 3 (line 9): ply 2 Kd7: illegal move\n\
             {name}: game 3 (line 9): warning: ply 0 [FEN]: no [SetUp \"1\"] tag: the FEN is used\n\
             {name}: game 4 (line 14): ply 1 Ka3: illegal move\n\
             4 games, 22 moves, 2 games with errors, 1 warnings\n"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn variant_perft_agrees_on_every_cpu_level() {
    // The bmi2 copy of the variant perft against the library's own (baseline).
    for (variant, depth) in [("antichess", 4), ("crazyhouse", 4), ("racingkings", 3)] {
        let mut counts = Vec::new();
        for level in ["baseline", "avx2", "bmi2", "avx512"] {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_quadboard"))
                .args(["perft", &depth.to_string(), "--variant", variant])
                .env("QUADBOARD_CPU", level)
                .output()
                .unwrap();
            // A level this CPU lacks is an error.
            if out.status.success() {
                counts.push(last_line(&out));
            }
        }
        assert!(!counts.is_empty());
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "{variant}: {counts:?}"
        );
    }
}
