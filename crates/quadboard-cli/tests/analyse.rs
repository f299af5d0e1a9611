//! `quadboard pgn analyse`: Stockfish at small node limits (skipped with one line when it
//! is missing, failing under `CI=true`), and fake engines for failures.

mod common;
#[path = "../../quadboard-engine/tests/common/engines.rs"]
mod engines;

use common::{quadboard, stderr, stdout};
use engines::{engine_path, Fake};

/// Games with what the command must keep: an old eval, a clock, comment text, a NAG, a
/// variation; a game ending in checkmate, one in stalemate, a Chess960 game.
const GAMES: &str = r#"[Event "mate"]
[White "Ann"]

1. e4 {[%eval 9.99] [%clk 0:03:00] good} e5 $1 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "stalemate"]
[FEN "k7/8/8/2Q5/8/8/8/7K w - - 0 1"]
[SetUp "1"]

1. Kg2 Kb7 2. Kg3 Ka8 3. Qc7 1/2-1/2

[Event "960"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]

1. e4 e5 2. Nd3 Nd6 *

[Event "queens"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 *
"#;

/// A file with `text` in a fresh folder.
fn write_pgn(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-analyse-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.pgn"));
    std::fs::write(&path, text).unwrap();
    path
}

fn analyse(
    file: &std::path::Path,
    engine: &std::path::Path,
    extra: &[&str],
) -> std::process::Output {
    let mut args = vec![
        "pgn",
        "analyse",
        file.to_str().unwrap(),
        "--engine",
        engine.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    quadboard(&args)
}

#[test]
fn stockfish_evals_in_export_format_for_any_threads() {
    let Some(stockfish) = engine_path("stockfish") else {
        return;
    };
    let file = write_pgn("games", GAMES);
    let one = analyse(&file, &stockfish, &["--nodes", "3000", "--threads", "1"]);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let text = stdout(&one);
    // Every mainline move but the mating and the stalemating one has an eval.
    let evals = text.matches("[%eval ").count();
    assert_eq!(evals, 6 + 4 + 4 + 8, "{text}");
    assert!(!text.contains("9.99"), "the old eval is replaced");
    assert!(text.contains("[%clk 0:03:00] good }"), "{text}");
    assert!(
        text.contains("$1") && text.contains("1... c5 2. Nf3 )"),
        "{text}"
    );
    assert!(text.contains("Nf6 { [%eval #1] } 4. Qxf7# 1-0"), "{text}");
    assert!(
        text.contains("3. Qc7 1/2-1/2"),
        "no eval after stalemate: {text}"
    );
    for eval in text.split("[%eval ").skip(1) {
        let value = &eval[..eval.find(']').unwrap()];
        let ok = match value.strip_prefix('#') {
            Some(n) => n.trim_start_matches('-').parse::<u32>().is_ok(),
            None => {
                let (whole, frac) = value.split_once('.').unwrap();
                whole.trim_start_matches('-').parse::<u32>().is_ok() && frac.len() == 2
            }
        };
        assert!(ok, "{value}");
    }
    // The same bytes with two engines, and again with one.
    let two = analyse(&file, &stockfish, &["--nodes", "3000", "--threads", "2"]);
    assert_eq!(two.status.code(), Some(0), "{}", stderr(&two));
    assert_eq!(stdout(&two), text);
    let again = analyse(&file, &stockfish, &["--nodes", "3000"]);
    assert_eq!(stdout(&again), text);
    // Parts of the file together are the whole.
    let parts: String = ["1/2", "2/2"]
        .iter()
        .map(|k| {
            stdout(&analyse(
                &file,
                &stockfish,
                &["--nodes", "3000", "--part", k],
            ))
        })
        .collect();
    assert_eq!(parts, text);
    // Its output is what `pgn fmt` writes of it.
    let evaluated = write_pgn("evaluated", &text);
    assert_eq!(
        stdout(&quadboard(&["pgn", "fmt", evaluated.to_str().unwrap()])),
        text
    );
}

#[test]
fn depth_limit_and_options() {
    let Some(stockfish) = engine_path("stockfish") else {
        return;
    };
    let file = write_pgn("depth", "1. e4 e5 *\n");
    let out = analyse(
        &file,
        &stockfish,
        &[
            "--depth",
            "6",
            "--option",
            "Hash=8",
            "--option",
            "Threads=1",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("[%eval ").count(), 2);
    common::assert_input_error(
        &[
            "pgn",
            "analyse",
            file.to_str().unwrap(),
            "--engine",
            stockfish.to_str().unwrap(),
            "--option",
            "Hash=0",
        ],
        "error: --option Hash=0: option \"Hash\": value 0 is outside 1..=",
    );
    common::assert_input_error(
        &[
            "pgn",
            "analyse",
            file.to_str().unwrap(),
            "--engine",
            stockfish.to_str().unwrap(),
            "--option",
            "Bogus=1",
        ],
        "the engine has no option \"Bogus\"",
    );
}

#[test]
fn bad_arguments() {
    let file = write_pgn("args", "1. e4 *\n");
    let path = file.to_str().unwrap();
    common::assert_input_error(
        &["pgn", "analyse", path, "--engine", "/nonexistent/engine"],
        "error: cannot start engine /nonexistent/engine",
    );
    common::assert_input_error(
        &["pgn", "analyse", path, "--engine", "x", "--option", "Hash"],
        "error: --option Hash: expected NAME=VALUE",
    );
    let out = quadboard(&[
        "pgn", "analyse", path, "--engine", "x", "--depth", "3", "--nodes", "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_crashing_engine_is_restarted_and_the_file_goes_on() {
    // Crashes whenever the position holds d2d4; evaluates everything else at +0.10 for the
    // side to move. Declares UCI_Variant without atomic.
    let fake = Fake::uci(
        "crashy",
        "echo 'option name UCI_Variant type combo default chess var chess var crazyhouse';",
        "    position*) pos=\"$line\" ;;\n    go*) case \"$pos\" in *d2d4*) echo 'dying' >&2; exit 1 ;; esac; echo 'info depth 1 score cp 10'; echo 'bestmove 0000' ;;\n    ucinewgame) ;;",
    );
    let file = write_pgn(
        "crash",
        "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. d4 d5 *\n\n[Event \"3\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n\n[Event \"4\"]\n\n1. c4 *\n",
    );
    for threads in ["1", "2"] {
        let out = analyse(&file, &fake.path, &["--nodes", "10", "--threads", threads]);
        assert_eq!(out.status.code(), Some(1));
        let text = stdout(&out);
        assert!(
            text.contains("1. e4 { [%eval -0.10] } 1... e5 { [%eval 0.10] } *"),
            "{text}"
        );
        assert!(
            text.contains("\n1. d4 d5 *\n"),
            "the failed game keeps its moves: {text}"
        );
        assert!(
            text.contains("1. c4 { [%eval -0.10] } *"),
            "the file goes on: {text}"
        );
        let err = stderr(&out);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(
            lines[0].starts_with(&format!(
                "{}: game 2 (line 5): engine: the engine terminated while waiting for bestmove",
                file.display()
            )),
            "{err}"
        );
        assert!(lines[0].ends_with("(stderr: dying)"), "{err}");
        assert_eq!(
            lines[1],
            format!("{}: game 3 (line 9): engine: variant \"Atomic\": the engine does not declare it in UCI_Variant", file.display())
        );
    }
}
