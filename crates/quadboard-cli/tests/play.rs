//! The output formats and exit codes of `quadboard play` and `quadboard moves --san`.

mod common;

use common::{assert_input_error, quadboard, stderr, stdout};

/// The stdout of a successful run.
fn success(args: &[&str]) -> String {
    let out = quadboard(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    assert!(out.stderr.is_empty(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The lines of `play` after the position: from `Moves:` on.
fn game_lines(args: &[&str]) -> Vec<String> {
    let text = success(args);
    let start = text.find("\nMoves: ").expect("a Moves: line") + 1;
    text[start..].lines().map(str::to_owned).collect()
}

/// Asserts exit code 2, nothing on stdout, and exactly `message` on stderr.
fn assert_error(args: &[&str], message: &str) {
    let out = quadboard(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "{args:?}: {}", stdout(&out));
    assert_eq!(stderr(&out), format!("{message}\n"), "{args:?}");
}

#[test]
fn play_prints_the_position_as_show_does_then_the_game() {
    let text = success(&["play", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert_eq!(
        text,
        "\
8  r . b q k b . r
7  p p p p . Q p p
6  . . n . . n . .
5  . . . . p . . .
4  . . B . P . . .
3  . . . . . . . .
2  P P P P . P P P
1  R N B . K . N R
   a b c d e f g h

FEN: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
Key: c3116e611017a62f
Turn: black
Castling: white king side (h1), white queen side (a1), black king side (h8), black queen side (a8)
En passant: none
Checkers: queen f7
Moves: 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#
Outcome: 1-0 (checkmate)
"
    );
    // The part before `Moves:` is what `show` prints for the final position.
    let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let show = success(&["show", "--fen", fen]);
    assert!(text.starts_with(&show), "{show}");
}

#[test]
fn play_reads_uci_and_san_move_by_move() {
    let lines = game_lines(&["play", "e2e4", "e5", "g1f3", "Nc6", "Bb5", "a7a6", "O-O"]);
    assert_eq!(
        lines,
        [
            "Moves: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O",
            "Outcome: * (ongoing)"
        ]
    );
    // Lenient SAN: annotations, zeros, over-disambiguation, promotion without `=`.
    let fen = "4k3/8/8/8/8/8/8/4K1NR w K - 0 1";
    let lines = game_lines(&["play", "--fen", fen, "Ng1-f3!", "Kd7", "0-0?!"]);
    assert_eq!(lines[0], "Moves: 1. Nf3 Kd7 2. O-O");
    let lines = game_lines(&["play", "--fen", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q"]);
    assert_eq!(lines[0], "Moves: 1. b8=Q+");
    // Chess960: castling as king-takes-rook in UCI, O-O in SAN.
    let fen = "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1";
    let lines = game_lines(&["play", "--fen", fen, "e1h1", "O-O-O"]);
    assert_eq!(lines[0], "Moves: 1. O-O O-O-O");
}

#[test]
fn movetext_numbers_come_from_the_fen() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12";
    let lines = game_lines(&["play", "--fen", fen, "e5", "Nf3", "Nc6"]);
    assert_eq!(lines[0], "Moves: 12... e5 13. Nf3 Nc6");
}

#[test]
fn every_outcome_is_written() {
    for (fen, moves, outcome, claims) in [
        (
            "7k/5K2/8/6Q1/8/8/8/8 w - - 0 1",
            &["Qg6"][..],
            "1/2-1/2 (stalemate)",
            &[][..],
        ),
        (
            "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1",
            &["Kxd2"],
            "1/2-1/2 (insufficient material)",
            &[],
        ),
        // The game is over, and the fifty-move rule is a fact of the position still.
        (
            "4k3/8/8/8/8/8/8/R3K3 w - - 149 100",
            &["Ra2"],
            "1/2-1/2 (seventy-five-move rule)",
            &["Claimable: fifty-move rule"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["f3", "e5", "g4", "Qh4"],
            "0-1 (checkmate)",
            &[],
        ),
        // Mate on the 150th ply: no legal move, so no fifty-move claim either.
        (
            "7k/5K2/8/8/8/8/8/6Q1 w - - 149 100",
            &["Qg7"],
            "1-0 (checkmate)",
            &[],
        ),
    ] {
        let mut args = vec!["play", "--fen", fen];
        args.extend_from_slice(moves);
        let lines = game_lines(&args);
        assert_eq!(lines[1], format!("Outcome: {outcome}"), "{fen}");
        assert_eq!(lines[2..], *claims, "{fen}");
    }
    // A fivefold repetition is a threefold one too.
    let mut shuffle = vec!["play"];
    for _ in 0..4 {
        shuffle.extend(["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    let lines = game_lines(&shuffle);
    assert_eq!(
        lines[1..],
        [
            "Outcome: 1/2-1/2 (fivefold repetition)",
            "Claimable: threefold repetition"
        ]
    );
}

#[test]
fn claimable_draws_are_listed_only_when_there_are_some() {
    let rook = "4k3/8/8/8/8/8/8/R3K3 w - - 92 100";
    let lines = game_lines(&["play", "--fen", rook, "Ra2"]);
    assert_eq!(lines[1..], ["Outcome: * (ongoing)"]);
    let mut args = vec!["play", "--fen", rook];
    args.extend(["Ra2", "Kd8", "Ra1", "Ke8"]);
    // Twice, and 96 plies: nothing to claim yet.
    assert_eq!(game_lines(&args)[1..], ["Outcome: * (ongoing)"]);
    args.extend(["Ra2", "Kd8", "Ra1", "Ke8"]);
    assert_eq!(
        game_lines(&args)[1..],
        [
            "Outcome: * (ongoing)",
            "Claimable: threefold repetition, fifty-move rule"
        ]
    );
    let lines = game_lines(&["play", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 99 100", "Ra2"]);
    assert_eq!(
        lines[1..],
        ["Outcome: * (ongoing)", "Claimable: fifty-move rule"]
    );
    let lines = game_lines(&[
        "play", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8",
    ]);
    assert_eq!(
        lines[1..],
        ["Outcome: * (ongoing)", "Claimable: threefold repetition"]
    );
}

#[test]
fn bad_moves_name_the_move_its_ply_and_the_reason() {
    assert_error(
        &["play", "e4", "xx"],
        "error: ply 2: 'xx' is not a move in UCI (e2e4, e7e8q) or SAN (e4, Nf3, O-O, e8=Q)",
    );
    assert_error(
        &["play", "e4", "e5", "Nf6"],
        "error: ply 3: illegal move 'Nf6' in this position",
    );
    assert_error(
        &["play", "e2e5"],
        "error: ply 1: illegal move 'e2e5' in this position",
    );
    assert_error(
        &["play", "--fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2"],
        "error: ply 1: ambiguous move 'Nd2': it could be played from b1 or f3",
    );
    assert_error(
        &["play", "f3", "e5", "g4", "Qh4#", "Kf2"],
        "error: ply 5: cannot play 'Kf2': the game has ended: 0-1 (checkmate)",
    );
    assert_error(
        &["play", "--fen", "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c8"],
        "error: ply 1: illegal move 'c8' in this position (a pawn reaching the last rank promotes, like c8=Q)",
    );
    assert_input_error(
        &["play", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "e4"],
        "invalid FEN",
    );
    // At least one move is required.
    assert_eq!(quadboard(&["play"]).status.code(), Some(2));
}

/// Errors quote the move as typed: `0-0` was reported as `O-O`, `Nb1-d2?` as `Nd2`.
#[test]
fn errors_quote_the_move_as_typed() {
    assert_error(
        &["play", "0-0"],
        "error: ply 1: illegal move '0-0' in this position",
    );
    assert_error(
        &["play", "e4", "e5", "Nb1-d2?"],
        "error: ply 3: illegal move 'Nb1-d2?' in this position",
    );
    assert_error(
        &["play", "--fen", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2!"],
        "error: ply 1: ambiguous move 'Nd2!': it could be played from b1 or f3",
    );
    assert_error(
        &["play", "--fen", "4k3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7-c8"],
        "error: ply 1: illegal move 'c7-c8' in this position (a pawn reaching the last rank promotes, like c8=Q)",
    );
}

/// Movetext as people paste it: numbers attached or apart, in one argument or many, a
/// result at the end.
#[test]
fn play_reads_pasted_movetext() {
    let expected = "Moves: 1. e4 e5 2. Nf3 Nc6";
    for args in [
        &["1.e4 e5 2.Nf3 Nc6"][..],
        &["1. e4 e5 2. Nf3 Nc6"],
        &["1.", "e4", "e5", "2.", "Nf3", "Nc6"],
        &["1.e4", "e5", "2.Nf3", "Nc6"],
        &["1. e4 1... e5 2. Nf3 2... Nc6"],
        &["1. e4 1. e5 2. Nf3 2. Nc6"],
        &["1.e4 1...e5 2.Nf3 Nc6 *"],
        &["  1. e4\te5\n2. Nf3 Nc6  "],
        &["e4 e5 Nf3 Nc6"],
    ] {
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        assert_eq!(game_lines(&all)[0], expected, "{args:?}");
    }
    // Black to move starts with `N...`; numbers follow the FEN's.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12";
    for text in ["12... e5 13. Nf3", "12...e5 13.Nf3", "e5 13. Nf3"] {
        let lines = game_lines(&["play", "--fen", fen, text]);
        assert_eq!(lines[0], "Moves: 12... e5 13. Nf3", "{text}");
    }
    // A result is ignored: the board need not show it (resignation, agreement).
    for result in ["1-0", "0-1", "1/2-1/2", "*"] {
        let lines = game_lines(&["play", "1. e4 e5", result]);
        assert_eq!(
            lines,
            ["Moves: 1. e4 e5", "Outcome: * (ongoing)"],
            "{result}"
        );
    }
    let lines = game_lines(&["play", "1. f3 e5 2. g4 Qh4# 0-1"]);
    assert_eq!(lines[1], "Outcome: 0-1 (checkmate)");
    // Castling with zeros is a move, not a number.
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let lines = game_lines(&["play", "--fen", fen, "1. 0-0"]);
    assert_eq!(lines[0], "Moves: 1. O-O");
}

/// Move numbers must fit the moves: a wrong one usually means a move was lost.
#[test]
fn movetext_numbers_that_do_not_fit_are_errors() {
    assert_error(
        &["play", "1. e4 2. Nf3"],
        "error: ply 2: move number '2.' does not fit: the next move is 1... (black to move)",
    );
    assert_error(
        &["play", "1... e5"],
        "error: ply 1: move number '1...' does not fit: the next move is 1. (white to move)",
    );
    assert_error(
        &["play", "1. e4 e5 3. Nf3"],
        "error: ply 3: move number '3.' does not fit: the next move is 2. (white to move)",
    );
    assert_error(
        &["play", "1. e4 e5 2."],
        "error: ply 3: move number '2.' without a move after it",
    );
    assert_error(
        &["play", "1. 1. e4"],
        "error: ply 1: move number '1.' follows '1.' without a move between",
    );
    assert_error(
        &["play", "1. e4 1-0 e5"],
        "error: the result '1-0' must come last, after the moves",
    );
    assert_error(&["play", "*"], "error: no moves to play");
    assert_error(&["play", " "], "error: no moves to play");
    // Two dots are neither a white nor a black move number.
    assert_error(
        &["play", "1..e4"],
        "error: ply 1: '1..e4' is not a move in UCI (e2e4, e7e8q) or SAN (e4, Nf3, O-O, e8=Q)",
    );
}

#[test]
fn moves_in_san_then_the_count() {
    let text = success(&["moves", "--san"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20], "20 legal moves");
    assert!(lines.contains(&"Nf3") && lines.contains(&"e4"), "{text}");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let text = success(&["moves", "--san", "--fen", kiwipete]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"48 legal moves"));
    for san in ["O-O", "O-O-O", "gxh3", "dxe6", "Nxf7", "Qxf6", "Bxa6"] {
        assert!(lines.contains(&san), "{san} in {text}");
    }
    // Same moves, same order as UCI.
    let uci = success(&["moves", "--fen", kiwipete]);
    assert_eq!(uci.lines().count(), lines.len());
}
