//! `pgn fmt` and `pgn json` on variant games against python-chess: random games of every
//! lichess variant that python-chess played and exported
//! (`scripts/variant-pgn-vs-python-chess.py`). `fmt` must write python-chess's export
//! tag for tag and token for token (python-chess breaks lines elsewhere); `json` must give
//! its moves in UCI and SAN, its start and final FENs (but for two documented differences,
//! `same_fen`); the library's outcome of the final position must be python-chess's.
//!
//! The CI slice is `tests/data/variant-games.{pgn,jsonl}` (3 games per variant, at most
//! 60 plies, from FEN tags too, with comments, NAGs and variations); the ignored test reads
//! the files the script writes to the prefix in `QUADBOARD_VARIANT_PGN`.

mod common;

use std::path::Path;

use common::{quadboard, stderr, stdout};
use quadboard_chess::variant::{AnyVariant, Variant};
use quadboard_chess::Color;
use serde_json::Value;

/// Each game of export-format text as its tag lines and its movetext's tokens.
fn games_of(text: &str) -> Vec<(Vec<&str>, Vec<&str>)> {
    let mut games = Vec::new();
    let mut lines = text.lines().peekable();
    while lines.peek().is_some() {
        let tags: Vec<&str> = lines.by_ref().take_while(|l| !l.is_empty()).collect();
        let moves: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.is_empty())
            .flat_map(str::split_ascii_whitespace)
            .collect();
        games.push((tags, moves));
    }
    games
}

/// Whether quadboard's FEN `ours` is python-chess's `theirs` but for the two documented
/// differences (docs/variants.md): crazyhouse's halfmove clock after a pawn drop
/// (python-chess does not reset it), and an en passant square that quadboard keeps where
/// no pawn can take (python-chess writes only a legal one). Counts the second in `ep`.
fn same_fen(variant: Variant, ours: &str, theirs: &str, ep: &mut usize) -> bool {
    let (mut a, b): (Vec<&str>, Vec<&str>) =
        (ours.split(' ').collect(), theirs.split(' ').collect());
    if a.len() != b.len() || a.len() < 4 {
        return false;
    }
    if variant == Variant::Crazyhouse {
        a[4] = b[4];
    }
    if a[3] != b[3] && b[3] == "-" {
        a[3] = "-";
        *ep += 1;
    }
    a == b
}

/// Compares `quadboard pgn fmt` and `pgn json` on `prefix.pgn` with python-chess's
/// `prefix.jsonl`; returns the number of games.
fn compare(prefix: &str) -> usize {
    let pgn = format!("{prefix}.pgn");
    let theirs = std::fs::read_to_string(&pgn).unwrap_or_else(|e| panic!("{pgn}: {e}"));
    let expected = std::fs::read_to_string(format!("{prefix}.jsonl")).unwrap();
    let expected: Vec<Value> = expected
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();

    let out = quadboard(&["pgn", "fmt", &pgn]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Tags line by line; movetext token by token: python-chess breaks lines between a
    // move number and its move (`6.` / `Nf3`), quadboard keeps them together.
    let ours = stdout(&out);
    let (ours, theirs) = (games_of(&ours), games_of(&theirs));
    assert_eq!(ours.len(), theirs.len());
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "pgn fmt: game {}", i + 1);
    }

    let out = quadboard(&["pgn", "json", &pgn]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let games: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), expected.len());
    let mut ep = 0;
    for (i, (ours, theirs)) in games.iter().zip(&expected).enumerate() {
        let what = format!("game {} ({})", i + 1, theirs["variant"]);
        let variant = Variant::from_name(theirs["variant"].as_str().unwrap()).unwrap();
        for key in ["uci", "san"] {
            assert_eq!(ours[key], theirs[key], "{what}: {key}");
        }
        for key in ["fen", "final"] {
            let (a, b) = (ours[key].as_str().unwrap(), theirs[key].as_str().unwrap());
            assert!(
                same_fen(variant, a, b, &mut ep),
                "{what}: {key}: {a} against {b}"
            );
        }
        assert_eq!(ours["errors"], Value::Array(vec![]), "{what}");
        let last = AnyVariant::from_fen(variant, ours["final"].as_str().unwrap()).unwrap();
        let outcome = last.outcome().map(|o| match o.winner {
            Some(Color::White) => "white",
            Some(Color::Black) => "black",
            None => "draw",
        });
        assert_eq!(outcome, theirs["outcome"].as_str(), "{what}: outcome");
    }
    eprintln!("{ep} FENs with an en passant square python-chess leaves out");
    games.len()
}

#[test]
fn variant_games_against_python_chess() {
    let prefix = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variant-games");
    let games = compare(prefix.to_str().unwrap());
    assert_eq!(games, 21);
}

#[test]
#[ignore = "needs the files of scripts/variant-pgn-vs-python-chess.py at QUADBOARD_VARIANT_PGN"]
fn many_variant_games_against_python_chess() {
    let Some(prefix) = std::env::var_os("QUADBOARD_VARIANT_PGN") else {
        eprintln!("skipped: QUADBOARD_VARIANT_PGN names no prefix");
        return;
    };
    let games = compare(prefix.to_str().unwrap());
    eprintln!("{games} variant games as python-chess writes and plays them");
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("quadboard-variant-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

const MIXED: &str =
    "[Event \"zh\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b5 *\n\n\
[Event \"chess\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n\n\
[Event \"3check\"]\n[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ g6 *\n\n\
[Event \"horde\"]\n[Variant \"Horde\"]\n\n1. e5 d6 2. exd6 *\n";

/// The `[Event]` of each game `pgn filter` writes.
fn events(out: &std::process::Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter_map(|l| l.strip_prefix("[Event \"")?.strip_suffix("\"]"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn filter_reads_variant_games_by_their_rules() {
    let file = temp_file("mixed.pgn", MIXED);
    let filter = |args: &[&str]| {
        let out = quadboard(&[&["pgn", "filter"][..], args, &[&file]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        events(&out)
    };
    assert_eq!(filter(&["--min-plies", "7"]), ["zh", "3check"]);
    // A crazyhouse position with its pocket: only the crazyhouse game reaches it.
    let zh = "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4";
    assert_eq!(filter(&["--fen", zh]), ["zh"]);
    // Three-check counts are part of the position: white has given two checks here.
    let three = "r1bq1bnr/pppp1k1p/2n3p1/4p2Q/4P3/8/PPPP1PPP/RNB1K1NR w KQ - 1+3 0 5";
    assert_eq!(filter(&["--fen", three]), ["3check"]);
    assert!(filter(&["--fen", &three.replace("1+3", "2+3")]).is_empty());
    // The standard start is the start of chess, crazyhouse (no pocket) and three-check.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(filter(&["--fen", start]), ["zh", "chess", "3check"]);
    // After 2. exd6 in horde (black's pawn taken), a position only horde reads.
    let horde = "rnbqkbnr/ppp1pppp/3P4/1PP2PP1/PPPP1PPP/PPPPPPPP/PPPPPPPP/PPPPPPPP b kq - 0 2";
    assert_eq!(filter(&["--fen", horde]), ["horde"]);
}

/// Fairy-Stockfish, the engine of the variant analyses: `None` (and one line) when it is
/// not installed, a failure under `CI=true`.
fn fairy_stockfish() -> Option<&'static str> {
    const PATH: &str = "/usr/games/fairy-stockfish";
    if Path::new(PATH).exists() {
        return Some(PATH);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "CI=true needs {PATH} (apt-get install fairy-stockfish)"
    );
    eprintln!("skipped: {PATH} is not installed (apt-get install fairy-stockfish)");
    None
}

#[test]
fn analyse_evaluates_variant_games_the_engine_declares() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let text = format!("{MIXED}\n[Event \"atomic\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n");
    let file = temp_file("analyse.pgn", &text);
    let run = |threads: &str| {
        quadboard(&[
            "pgn",
            "analyse",
            "--engine",
            engine,
            "--depth",
            "5",
            "--threads",
            threads,
            &file,
        ])
    };
    let out = run("1");
    let text = stdout(&out);
    let games: Vec<&str> = text.split("\n\n[Event").collect();
    assert_eq!(games.len(), 5, "{text}");
    // No move of these games ends the game: each gets an eval.
    for (game, plies) in games.iter().zip([7, 4, 8, 3]) {
        assert_eq!(game.matches("[%eval ").count(), plies, "{game}");
    }
    let declares_atomic = {
        let out = std::process::Command::new(engine)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(b"uci\nquit\n")?;
                child.wait_with_output()
            })
            .unwrap();
        String::from_utf8_lossy(&out.stdout).contains(" var atomic")
    };
    if declares_atomic {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(games[4].matches("[%eval ").count(), 2);
    } else {
        // Fairy-Stockfish 11.1 (Debian) is built without atomic.
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).ends_with(
                "game 5 (line 20): engine: variant \"Atomic\": the engine does not declare it in UCI_Variant\n"
            ),
            "{}",
            stderr(&out)
        );
        assert!(games[4].contains("1. e4 e5 *"), "{}", games[4]);
    }
    // The same output for any number of engines.
    assert_eq!(stdout(&run("3")), text);
}

#[test]
fn analyse_variant_node_limits_give_the_same_output_for_any_threads() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    // Variants and chess interleaved, so that each engine switches `UCI_Variant` between
    // games, and each thread count deals the games out differently.
    let koth = "[Event \"koth\"]\n[Variant \"King of the Hill\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let anti = "[Event \"anti\"]\n[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 *\n";
    let text = format!("{MIXED}\n{koth}\n{anti}\n{MIXED}\n{anti}\n{koth}");
    let file = temp_file("analyse-nodes.pgn", &text);
    let run = |threads: &str| {
        let out = quadboard(&[
            "pgn",
            "analyse",
            "--engine",
            engine,
            "--nodes",
            "2000",
            "--threads",
            threads,
            &file,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out)
    };
    let one = run("1");
    // Every position gets an eval: crazyhouse 7, chess 4, three-check 8, horde 3, king of
    // the hill 4, antichess 3, twice each.
    assert_eq!(
        one.matches("[%eval ").count(),
        2 * (7 + 4 + 8 + 3 + 4 + 3),
        "{one}"
    );
    assert!(one.contains("4. @b5 { [%eval "), "{one}");
    assert_eq!(run("3"), one);
}
