//! `quadboard pgn`: the output formats other tools parse, exit codes, standard input,
//! compressed files, byte-exact filtering, parts of files and threads.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use common::{assert_input_error, quadboard, shared_data_dir, stderr, stdout};

/// Seven games, each with another problem but the first and the seventh, and a truncated
/// one at the end.
const MIXED: &str = "[Event \"Good\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
1. e4 e5 2. Nf3 {developing} Nc6 (2... d6 $2) 3. Bb5 a6! 1-0\n\n\
[Event \"Illegal\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n\
[Event \"Ambiguous\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *\n\n\
[Event \"Bad FEN\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
[Event \"Bad variation\"]\n\n1. e4 (1. e5) e5 *\n\n\
[Event \"Only tags\"]\n[Site \"?\"]\n\n\
[Event \"Good 2\"]\n\n1. d4 d5 2. c4 c6 1/2-1/2\n\n\
[Event \"Truncated\"]\n\n1. d4 d5 2. c4";

const MIXED_CHECK: &str = "\
FILE: game 2 (line 8): ply 3 Ke3: illegal move
FILE: game 3 (line 12): ply 1 Nd2: ambiguous move: it could be played from b1 or f1
FILE: game 3 (line 12): warning: ply 0 [FEN]: no [SetUp \"1\"] tag: the FEN is used
FILE: game 4 (line 17): ply 0 [FEN]: invalid FEN: illegal position: a side has no king
FILE: game 5 (line 22): ply 1 e5: illegal move
FILE: game 6 (line 26): warning: ply 0 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)
FILE: game 8 (line 33): warning: ply 3 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)
8 games, 18 moves, 4 games with errors, 3 warnings
";

/// `MIXED_CHECK` with `--strict`: the warnings are errors.
const MIXED_STRICT: &str = "\
FILE: game 2 (line 8): ply 3 Ke3: illegal move
FILE: game 3 (line 12): ply 1 Nd2: ambiguous move: it could be played from b1 or f1
FILE: game 3 (line 12): ply 0 [FEN]: no [SetUp \"1\"] tag: the FEN is used
FILE: game 4 (line 17): ply 0 [FEN]: invalid FEN: illegal position: a side has no king
FILE: game 5 (line 22): ply 1 e5: illegal move
FILE: game 6 (line 26): ply 0 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)
FILE: game 8 (line 33): ply 3 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)
8 games, 18 moves, 6 games with errors, 0 warnings
";

/// A scratch directory of this process.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `bytes` to a scratch file and returns its path as text.
fn file(name: &str, bytes: &[u8]) -> String {
    let path = scratch().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Runs the binary with `input` on its standard input.
fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quadboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A writer thread: the child may write before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Asserts the exit code and that nothing panicked.
fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
    assert!(!stderr(out).contains("panicked"), "{}", stderr(out));
}

/// The shared PGN files, or `None` (skipping) when they are missing outside CI.
fn data_files() -> Option<Vec<String>> {
    let dir = shared_data_dir("pgn")?;
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.to_str().unwrap().to_owned())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .pgn files in {}", dir.display());
    Some(files)
}

#[test]
fn check_names_the_first_problem_of_each_game() {
    let path = file("mixed.pgn", MIXED.as_bytes());
    let expected = MIXED_CHECK.replace("FILE", &path);
    for extra in [
        &[][..],
        &["--threads", "2"],
        &["--threads", "3", "--chunk-bytes", "1"],
    ] {
        let out = quadboard(&[&["pgn", "check", &path][..], extra].concat());
        assert_code(&out, 1);
        assert_eq!(stdout(&out), expected, "{extra:?}");
    }
}

#[test]
fn strict_makes_warnings_errors() {
    let path = file("mixed-strict.pgn", MIXED.as_bytes());
    let out = quadboard(&["pgn", "check", "--strict", &path]);
    assert_code(&out, 1);
    assert_eq!(stdout(&out), MIXED_STRICT.replace("FILE", &path));
    // json: the warnings in `warnings`, or with --strict in `errors`.
    let puzzle = b"[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 0\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n";
    let out = with_stdin(&["pgn", "json"], puzzle);
    assert_code(&out, 0);
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        value["warnings"],
        serde_json::json!(["ply 0 [FEN]: fullmove number 0 read as 1"])
    );
    assert_eq!(value["fen"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(value["san"], serde_json::json!(["Kd2"]));
    let out = with_stdin(&["pgn", "json", "--strict"], puzzle);
    assert_code(&out, 1);
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(value["warnings"], serde_json::json!([]));
    assert_eq!(
        value["errors"],
        serde_json::json!([{"ply": 0, "move": "[FEN]", "reason": "fullmove number 0 read as 1"}])
    );
}

#[test]
fn check_reads_standard_input() {
    let comment = b"[Event \"Comment\"]\n\n1. d4 { never closed\n2. c4 *\n";
    let expected = "\
-: game 1 (line 1): warning: ply 1 {: comment without a closing '}'
-: game 1 (line 1): warning: ply 1 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)
1 games, 1 moves, 0 games with errors, 2 warnings
";
    for args in [&["pgn", "check", "-"][..], &["pgn", "check"]] {
        let out = with_stdin(args, comment);
        assert_code(&out, 0);
        assert_eq!(stdout(&out), expected);
    }
    // Strict: the same lines without `warning: `, the game one with errors.
    let out = with_stdin(&["pgn", "check", "--strict"], comment);
    assert_code(&out, 1);
    assert_eq!(
        stdout(&out),
        expected.replace("warning: ", "").replace(
            "0 games with errors, 2 warnings",
            "1 games with errors, 0 warnings"
        )
    );
    let good = b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n[Event \"x\"]\n\n1. d4 1-0\n";
    let out = with_stdin(&["pgn", "check"], good);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "2 games, 6 moves, 0 games with errors, 0 warnings\n"
    );
    let out = with_stdin(&["pgn", "check"], b"");
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "0 games, 0 moves, 0 games with errors, 0 warnings\n"
    );
}

#[test]
fn totals_are_over_all_files() {
    let mixed = file("totals-mixed.pgn", MIXED.as_bytes());
    let good = file("totals-good.pgn", b"1. e4 *\n");
    let out = quadboard(&["pgn", "check", &good, &mixed, &good]);
    assert_code(&out, 1);
    assert!(stdout(&out).ends_with("\n10 games, 20 moves, 4 games with errors, 3 warnings\n"));
    // Games are numbered in each file.
    assert!(stdout(&out).starts_with(&format!("{mixed}: game 2 (line 8)")));
}

#[test]
fn unreadable_files_and_bad_arguments_exit_2() {
    let good = file("good.pgn", b"1. e4 *\n");
    // The other files are read, and the totals written.
    let out = quadboard(&["pgn", "check", "/nonexistent/games.pgn", &good]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("error: /nonexistent/games.pgn: "));
    assert_eq!(
        stdout(&out),
        "1 games, 1 moves, 0 games with errors, 0 warnings\n"
    );
    let dir = scratch();
    let out = quadboard(&["pgn", "json", dir.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));

    let gz = file("part.pgn.gz", b"");
    assert_input_error(&["pgn", "check", "--part", "1/2", &gz], "compressed");
    assert_input_error(&["pgn", "check", "--part", "1/2"], "standard input");
    assert_input_error(&["pgn", "json", "--part", "1/2", "-"], "standard input");
    for part in [
        "0/3",
        "4/3",
        "1/0",
        "3",
        "a/b",
        "-1/2",
        "1/-2",
        "1/18446744073709551616",
    ] {
        assert_input_error(&["pgn", "check", &format!("--part={part}"), &good], part);
    }
    assert_input_error(&["pgn", "check", "--threads", "0", &good], "threads");
    assert_input_error(
        &["pgn", "filter", "--fen", "not a fen", &good],
        "--fen: invalid FEN",
    );
    // A position neither chess nor any variant plays (an empty board is antichess's).
    assert_input_error(
        &[
            "pgn",
            "filter",
            "--fen",
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &good,
        ],
        "--fen: invalid FEN",
    );
    assert_input_error(&["pgn", "filter", "--result", "2-0", &good], "2-0");
    assert_input_error(&["pgn", "filter", "--tag", "White", &good], "NAME=VALUE");
    assert_input_error(&["pgn", "filter", "--min-plies", "x", &good], "x");
    assert_input_error(&["pgn", "frobnicate"], "frobnicate");
}

#[test]
fn json_writes_every_key_in_order() {
    let path = file("json.pgn", MIXED.as_bytes());
    let out = quadboard(&["pgn", "json", &path]);
    assert_code(&out, 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        lines[0],
        format!(
            "{{\"game\":1,\"line\":1,\"offset\":0,\"tags\":[[\"Event\",\"Good\"],[\"White\",\"A\"],\
             [\"Black\",\"B\"],[\"Result\",\"1-0\"]],\"fen\":\"{start}\",\
             \"uci\":[\"e2e4\",\"e7e5\",\"g1f3\",\"b8c6\",\"f1b5\",\"a7a6\"],\
             \"san\":[\"e4\",\"e5\",\"Nf3\",\"Nc6\",\"Bb5\",\"a6\"],\
             \"final\":\"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4\",\
             \"result\":\"1-0\",\"nodes\":7,\"comments\":1,\"nags\":2,\"errors\":[],\"warnings\":[]}}"
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "{{\"game\":2,\"line\":8,\"offset\":117,\"tags\":[[\"Event\",\"Illegal\"]],\
             \"fen\":\"{start}\",\"uci\":[\"e2e4\",\"e7e5\"],\"san\":[\"e4\",\"e5\"],\
             \"final\":\"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\",\
             \"result\":\"*\",\"nodes\":2,\"comments\":0,\"nags\":0,\
             \"errors\":[{{\"ply\":3,\"move\":\"Ke3\",\"reason\":\"illegal move\"}}],\"warnings\":[]}}"
        )
    );
    // A bad FEN tag: the standard start, and the error at ply 0.
    assert!(
        lines[3].contains(&format!("\"fen\":\"{start}\"")),
        "{}",
        lines[3]
    );
    assert!(lines[3].ends_with(
        "\"errors\":[{\"ply\":0,\"move\":\"[FEN]\",\"reason\":\"invalid FEN: illegal position: a side has no king\"}],\"warnings\":[]}"
    ));
    // Tags only: no result; truncated: no result, the moves read.
    assert!(
        lines[5].contains("\"result\":null,\"nodes\":0,"),
        "{}",
        lines[5]
    );
    assert!(
        lines[7].contains("\"uci\":[\"d2d4\",\"d7d5\",\"c2c4\"],"),
        "{}",
        lines[7]
    );
    assert!(
        lines[7].contains("\"result\":null,\"nodes\":3,"),
        "{}",
        lines[7]
    );
    // Every line is JSON, and escapes are escaped.
    let quoted = file("quoted.pgn", b"[White \"A \\\"B\\\" \\\\ C\"]\n\n*\n");
    let out = quadboard(&["pgn", "json", &quoted]);
    assert_code(&out, 0);
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim_end()).unwrap();
    assert_eq!(value["tags"][0][1], "A \"B\" \\ C");
    assert_eq!(value["errors"], serde_json::json!([]));
}

#[test]
fn fmt_writes_export_format() {
    let path = file("fmt.pgn", MIXED.as_bytes());
    let out = quadboard(&["pgn", "fmt", &path]);
    assert_code(&out, 1);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "[Event \"Good\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
             [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
             1. e4 e5 2. Nf3 { developing } 2... Nc6 ( 2... d6 $2 ) 3. Bb5 a6 $1 1-0\n\n\
             [Event \"Illegal\"]\n"
        ),
        "{text}"
    );
    // The games with problems as far as they go; the problems on stderr.
    assert!(
        text.contains("\n\n1. e4 e5 *\n\n[Event \"Ambiguous\"]"),
        "{text}"
    );
    assert!(text.ends_with("\n\n1. d4 d5 2. c4 *\n\n"), "{text}");
    assert_eq!(text.matches("[Event ").count(), 8);
    assert_eq!(
        stderr(&out),
        // Errors only: fmt writes no warnings.
        MIXED_CHECK
            .replace("FILE", &path)
            .lines()
            .filter(|l| l.contains(": ply ") && !l.contains("warning: "))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    // What fmt writes reads back to itself; only the bad FEN tag is still a problem.
    let again = file("fmt-again.pgn", &out.stdout);
    let out = quadboard(&["pgn", "fmt", &again]);
    assert_code(&out, 1);
    assert_eq!(stdout(&out), text);
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert!(
        stderr(&out).contains(": game 4 (line 32): ply 0 [FEN]: "),
        "{}",
        stderr(&out)
    );
}

const FILTER_SET: &str =
    "[Event \"A\"]\n[White \"Ann\"]\n[Result \"1-0\"]\n\n1. e4 Nf6 2. e5 d5 1-0\n\n\
[Event \"B\"]\n[White \"Bob \\\"B\\\"\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n\n\
[Event \"C\"]\n[White \"Ann\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 *\n\
[Event \"D\"]\n[Result \"0-1\"]\n\n1. c4";

/// The games of FILTER_SET as they are in it.
fn filter_game(name: char) -> &'static str {
    let at = FILTER_SET.find(&format!("[Event \"{name}\"]")).unwrap();
    let end = FILTER_SET[at + 1..]
        .find("[Event ")
        .map_or(FILTER_SET.len(), |e| at + 1 + e);
    &FILTER_SET[at..end]
}

#[test]
fn filter_writes_the_games_as_they_are() {
    let path = file("filter.pgn", FILTER_SET.as_bytes());
    let filter = |criteria: &[&str]| {
        let out = quadboard(&[&["pgn", "filter", &path][..], criteria].concat());
        assert_code(&out, 0);
        stdout(&out)
    };
    let games = |names: &str| -> String {
        names
            .chars()
            .map(|n| {
                let text = filter_game(n);
                if text.ends_with('\n') {
                    text.to_owned()
                } else {
                    format!("{text}\n")
                }
            })
            .collect()
    };
    // Everything, byte for byte; the last game gets its line end.
    assert_eq!(filter(&[]), format!("{FILTER_SET}\n"));
    assert_eq!(filter(&["--tag", "White=Ann"]), games("AC"));
    assert_eq!(filter(&["--tag", "White=Bob \"B\""]), games("B"));
    assert_eq!(
        filter(&["--tag", "White=Ann", "--tag", "Event=C"]),
        games("C")
    );
    assert_eq!(filter(&["--tag", "White=Ann", "--tag", "Event=B"]), "");
    assert_eq!(filter(&["--tag", "Round=?"]), "");
    // The marker, or the Result tag where there is none (D).
    assert_eq!(filter(&["--result", "1-0"]), games("A"));
    assert_eq!(filter(&["--result", "0-1"]), games("BD"));
    assert_eq!(filter(&["--result", "*"]), games("C"));
    assert_eq!(filter(&["--result", "1/2-1/2"]), "");
    assert_eq!(filter(&["--min-plies", "4"]), games("A"));
    assert_eq!(filter(&["--min-plies", "1"]), games("ABCD"));
    assert_eq!(
        filter(&["--min-plies", "0", "--tag", "Event=D"]),
        games("D")
    );
    // After 2... d5 white may take en passant on d6: the square counts. After 1. e4 it
    // cannot, and e3 does not count. Counters do not count.
    let a = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(filter(&["--fen", a]), games("A"));
    assert_eq!(filter(&["--fen", &a.replace(" d6 0 3", " - 0 3")]), "");
    let e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(filter(&["--fen", e4]), games("AC"));
    assert_eq!(
        filter(&["--fen", &e4.replace(" e3 0 1", " - 7 30")]),
        games("AC")
    );
    assert_eq!(filter(&["--fen", e4, "--result", "*"]), games("C"));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(filter(&["--fen", start]), games("ABCD"));
    assert_eq!(filter(&["--fen", &start.replace("KQkq", "Qkq")]), "");
}

#[test]
fn compressed_files_read_as_plain_ones() {
    let plain = MIXED.as_bytes();
    let expected = stdout(&quadboard(&["pgn", "json", &file("plain.pgn", plain)]));
    // gzip in two members, as concatenated .gz files are.
    let (first, second) = plain.split_at(plain.len() / 2);
    let mut gz = Vec::new();
    for part in [first, second] {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(part).unwrap();
        gz.extend(encoder.finish().unwrap());
    }
    let zst = zstd::encode_all(plain, 3).unwrap();
    let mut bz2 = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz2.write_all(plain).unwrap();
    let bz2 = bz2.finish().unwrap();
    for (name, bytes) in [
        ("games.pgn.gz", gz),
        ("games.pgn.zst", zst),
        ("games.PGN.BZ2", bz2),
    ] {
        let path = file(name, &bytes);
        let out = quadboard(&[
            "pgn",
            "json",
            &path,
            "--chunk-bytes",
            "100",
            "--threads",
            "2",
        ]);
        assert_code(&out, 1);
        assert_eq!(stdout(&out), expected, "{name}");
        // A damaged file: what was read before the damage, then an error.
        let cut = file(&format!("cut-{name}"), &bytes[..bytes.len() - 10]);
        let out = quadboard(&["pgn", "check", &cut]);
        assert_code(&out, 2);
        assert!(
            stderr(&out).contains(&format!("error: {cut}: ")),
            "{}",
            stderr(&out)
        );
        let junk = file(&format!("junk-{name}"), b"this is not compressed");
        assert_code(&quadboard(&["pgn", "check", &junk]), 2);
    }
}

/// Games as JSON without the numbers that count from the start of a part.
fn without_numbers(json_lines: &str) -> Vec<serde_json::Value> {
    json_lines
        .lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            let object = value.as_object_mut().unwrap();
            object.remove("game");
            object.remove("line");
            value
        })
        .collect()
}

/// Parts 1 to N of `path` hold its games, each once, for `check`, `json` and `filter`.
fn assert_parts_cover(path: &str, parts: &[u64], extra: &[&str]) {
    let run = |command: &str, part: Option<String>| {
        let mut args = vec!["pgn", command, path];
        args.extend_from_slice(extra);
        let part_arg;
        if let Some(part) = part {
            part_arg = part;
            args.extend_from_slice(&["--part", &part_arg]);
        }
        let out = quadboard(&args);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {}",
            stderr(&out)
        );
        out.stdout
    };
    let whole_json = without_numbers(&String::from_utf8(run("json", None)).unwrap());
    let whole_filter = run("filter", None);
    let whole_check = String::from_utf8(run("check", None)).unwrap();
    let totals = |text: &str| -> [u64; 3] {
        let last = text.lines().last().unwrap().to_owned();
        let numbers: Vec<u64> = last
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        [numbers[0], numbers[1], numbers[2]]
    };
    for &n in parts {
        let (mut json, mut filtered, mut sums) = (Vec::new(), Vec::new(), [0u64; 3]);
        for k in 1..=n {
            let part = Some(format!("{k}/{n}"));
            let part_json = without_numbers(&String::from_utf8(run("json", part.clone())).unwrap());
            json.extend(part_json);
            filtered.extend(run("filter", part.clone()));
            let check = String::from_utf8(run("check", part)).unwrap();
            for (sum, x) in sums.iter_mut().zip(totals(&check)) {
                *sum += x;
            }
        }
        assert_eq!(json.len(), whole_json.len(), "{path}: {n} parts");
        assert!(json == whole_json, "{path}: {n} parts give other games");
        assert!(
            filtered == whole_filter,
            "{path}: {n} parts filter other bytes"
        );
        assert_eq!(sums, totals(&whole_check), "{path}: {n} parts");
    }
}

#[test]
fn parts_hold_every_game_once() {
    let mixed = file("parts.pgn", MIXED.as_bytes());
    assert_parts_cover(&mixed, &[1, 2, 3, 5, 8, 13, 40], &[]);
    // Part numbers count from the part's first game; offsets do not. The second half
    // starts at byte 225, inside game 3; game 4 starts at 231.
    assert_eq!(MIXED.len() / 2, 225);
    let out = quadboard(&["pgn", "json", &mixed, "--part", "2/2"]);
    let first: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!((&first["game"], &first["line"]), (&1.into(), &1.into()));
    assert_eq!(first["offset"], 231);
    assert_eq!(first["tags"][0][1], "Bad FEN");
    // More parts than bytes: most are empty.
    let tiny = file("tiny.pgn", b"[Event \"a\"]\n\n1. e4 *\n");
    assert_parts_cover(&tiny, &[30], &[]);
    let Some(files) = data_files() else { return };
    for path in &files {
        assert_parts_cover(path, &[1, 2, 3, 4, 5, 6, 7], &[]);
        // Parts read in small chunks too.
        assert_parts_cover(path, &[3], &["--chunk-bytes", "5000", "--threads", "2"]);
    }
}

/// Games without tags: the chunks are cut where the reader ends games.
#[test]
fn games_without_tags_are_read_in_chunks_too() {
    let games: String = (0..300)
        .map(|i| match i % 3 {
            0 => "1. e4 e5 2. Nf3 {a comment} Nc6 1-0\n\n".to_owned(),
            1 => format!("1. d4 ({i}. c4) d5 *\n"),
            _ => "1. c4 e5 2. Kd3 1/2-1/2 ; trailing\n\n".to_owned(),
        })
        .collect();
    let path = file("tagless.pgn", games.as_bytes());
    for command in ["check", "json", "fmt", "filter"] {
        let one = quadboard(&["pgn", command, &path]);
        assert_code(&one, if command == "filter" { 0 } else { 1 });
        let many = quadboard(&[
            "pgn",
            command,
            &path,
            "--threads",
            "3",
            "--chunk-bytes",
            "50",
        ]);
        assert!(one.stdout == many.stdout, "{command}");
        assert_eq!(stderr(&one), stderr(&many), "{command}");
    }
    let check = stdout(&quadboard(&["pgn", "check", &path]));
    assert!(
        check.ends_with("\n300 games, 900 moves, 100 games with errors, 0 warnings\n"),
        "{check}"
    );
    assert!(check.starts_with(&format!(
        "{path}: game 3 (line 4): ply 3 Kd3: illegal move\n"
    )));
    // Parts cut at tag sections: here the first holds every game.
    assert_parts_cover(&path, &[3], &["--chunk-bytes", "50"]);
}

#[test]
fn threads_do_not_change_the_output() {
    let Some(files) = data_files() else { return };
    for command in ["check", "json", "fmt", "filter"] {
        let run = |extra: &[&str]| {
            let mut args = vec!["pgn", command];
            args.extend(files.iter().map(String::as_str));
            args.extend_from_slice(extra);
            let out = quadboard(&args);
            assert_code(&out, 0);
            out
        };
        let one = run(&[]);
        for extra in [
            &["--threads", "2"][..],
            &["--threads", "2", "--chunk-bytes", "3000"],
            &["--threads", "5", "--chunk-bytes", "65536"],
        ] {
            let other = run(extra);
            assert!(one.stdout == other.stdout, "{command} {extra:?}");
            assert_eq!(stderr(&one), stderr(&other));
        }
        if command == "check" {
            assert_eq!(
                stdout(&one),
                "1548 games, 130025 moves, 0 games with errors, 0 warnings\n"
            );
        }
    }
}

#[test]
fn no_input_makes_it_panic() {
    let inputs: [&[u8]; 12] = [
        b"",
        b"[",
        b"{",
        b")",
        b"(((((",
        b"[Event \"x",
        b"\xef\xbb\xbf[Event \"bom\"]\n\n1. e4 *\n",
        b"\xff\xfe\x00garbage\x00\n[\n[[\n\n1. e4 $999 !!! ??? (",
        b"1. e4 e5 2. O-O-O 0-0 e8=Q Zz9 -- 0000 *\n",
        b"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Variant \"atomic\"]\n\n1. e4 *",
        b"%escape\n[Event \"x\"]\n\n1. e4 { a } ; b\n(2. d4) ) 1-0 { after } 1-0",
        b"\n\n\n   \n",
    ];
    for input in inputs {
        let path = file("garbage.pgn", input);
        for command in ["check", "json", "fmt", "filter"] {
            for extra in [
                &[][..],
                &["--threads", "2", "--chunk-bytes", "1"],
                &["--part", "2/3"],
            ] {
                let out = quadboard(&[&["pgn", command, &path][..], extra].concat());
                assert!(
                    matches!(out.status.code(), Some(0 | 1)),
                    "{input:?} {command}: {}",
                    stderr(&out)
                );
                assert!(
                    !stderr(&out).contains("panicked"),
                    "{input:?}: {}",
                    stderr(&out)
                );
            }
        }
    }
}
