//! PGN as it is found in the wild: the corpus of quirky inputs in `tests/data/pgn-wild/`
//! (each file names the tracker its quirk comes from), read with the warnings each quirk
//! gives and no errors, and compared game by game with what python-chess 1.11.2 reads
//! (recorded by `scripts/pgn-wild-expected.py` in `python-chess.jsonl`): the same tags,
//! start position and tree for every game python-chess reads without errors.

use std::collections::HashMap;
use std::path::PathBuf;

use quadboard_chess::pgn::{Checker, Game, NodeId, Reader, SEVEN_TAG_ROSTER};
use quadboard_chess::Move;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn-wild")
}

/// The corpus files (`.pgn`), sorted by name.
fn corpus_paths() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("the corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    paths
}

/// The corpus files, sorted, with their games (the checker's errors and warnings asserted
/// equal to the game's).
fn corpus() -> Vec<(String, Vec<Game>)> {
    corpus_paths()
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap();
            let mut reader = Reader::new(&bytes[..]);
            let mut checking = Reader::new(&bytes[..]);
            let mut checker = Checker::new();
            let mut games = Vec::new();
            while let Some(game) = Game::read(&mut reader).unwrap() {
                let checked = checking.read_game(&mut checker).unwrap().unwrap();
                assert_eq!(checked.errors, game.errors());
                assert_eq!(checked.warnings, game.warnings());
                assert_eq!(checked.moves, game.node_count() as u64);
                games.push(game);
            }
            let name = path.file_name().unwrap().to_str().unwrap().to_owned();
            (name, games)
        })
        .collect()
}

fn event(game: &Game) -> &str {
    game.tag("Event").unwrap_or("?")
}

/// The tree in preorder as UCI, `)` after each node's subtree (as the script writes it).
fn tree(game: &Game, id: NodeId, out: &mut Vec<String>) {
    let pos = game.position_after(id);
    for child in game.children(id) {
        let m = game.node(child).mv;
        out.push(if m == Move::NULL {
            "0000".to_owned()
        } else {
            pos.to_uci(m).to_string()
        });
        tree(game, child, out);
        out.push(")".to_owned());
    }
}

/// Every game of the corpus reads without errors, with the warnings its quirk gives.
#[test]
fn corpus_games_read_with_their_warnings() {
    // (file, game's Event, the warnings' reasons in order, as text after `ply <p> <text>: `).
    let expected: &[(&str, &str, &[&str])] = &[
        ("annotations.pgn", "annotations before checks", &[]),
        (
            "annotations.pgn",
            "check after annotation",
            &["'+' or '#' after a '!'/'?' annotation: dropped"],
        ),
        (
            "blank-line-in-tags.pgn",
            "AlphaZero vs. Stockfish",
            &["blank line inside the tag section"],
        ),
        (
            "bom-crlf.pgn",
            "with a byte order mark",
            &["byte order mark skipped"],
        ),
        (
            "castling-zeros.pgn",
            "zeros",
            &["castling written with zeros"],
        ),
        (
            "comment-lines-in-tags.pgn",
            "comment lines in tags",
            &["';' comment line inside the tag section dropped"],
        ),
        (
            "en-passant-suffix.pgn",
            "e.p. as a word",
            &["'e.p.' ignored"],
        ),
        ("en-passant-suffix.pgn", "e.p. joined", &["'e.p.' ignored"]),
        (
            "fen-fields.pgn",
            "four fields, rights without rooks",
            &[
                "FEN has 4 fields, not 6: the missing ones read as '0 1'",
                "castling rights without their king and rook dropped (rooks on a1, h1)",
            ],
        ),
        (
            "fen-fields.pgn",
            "board and side only",
            &["FEN has 2 fields, not 6: the missing ones read as '- - 0 1'"],
        ),
        (
            "fen-fields.pgn",
            "Shredder letters in a standard game",
            &["castling rights written as rook files (Shredder-FEN/X-FEN letters)"],
        ),
        (
            "fen-fields.pgn",
            "en passant square without a pawn",
            &["en passant square e6 that no pawn has just crossed: dropped"],
        ),
        (
            "fullmove-zero.pgn",
            "fullmove zero, white",
            &["fullmove number 0 read as 1"],
        ),
        (
            "fullmove-zero.pgn",
            "fullmove zero, no SetUp",
            &[
                "no [SetUp \"1\"] tag: the FEN is used",
                "fullmove number 0 read as 1",
            ],
        ),
        ("lichess-joined.pgn", "second", &[]),
        (
            "null-moves.pgn",
            "Turkey Cup 2014",
            &["null move (not in the PGN standard): the side to move passes"],
        ),
        (
            "quotes-in-tags.pgn",
            "5th \"Mikis Theodorakis\" International Tournament 2026",
            &["tag value with unescaped '\"' or '\\': read up to its last '\"'"],
        ),
        (
            "results.pgn",
            "no result, then a tag",
            &["movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"],
        ),
        (
            "results.pgn",
            "mismatched result",
            &["result differs from the [Result] tag's \"1-0\""],
        ),
        (
            "run-together.pgn",
            "moves run together",
            &["two moves written as one word: both played"],
        ),
        (
            "setup-tag.pgn",
            "SetUp 0",
            &["[SetUp \"0\"] with a FEN: the FEN is used"],
        ),
        (
            "unbalanced-braces.pgn",
            "stray closing brace",
            &["'}' without a comment to close: dropped"],
        ),
        (
            "unbalanced-braces.pgn",
            "comment left open at the end",
            &[
                "comment without a closing '}'",
                "movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)",
            ],
        ),
        (
            "windows-1252.pgn",
            "Graz Open \u{2013} A",
            &[
                "tag value not UTF-8: read as Windows-1252",
                "comment not UTF-8: read as Windows-1252",
            ],
        ),
    ];
    let corpus = corpus();
    let mut games = 0;
    for (file, file_games) in &corpus {
        for game in file_games {
            games += 1;
            assert!(
                game.errors().is_empty(),
                "{file}: {}: {:?}",
                event(game),
                game.errors()
            );
            let reasons: Vec<String> = game
                .warnings()
                .iter()
                .map(|w| w.reason.to_string())
                .collect();
            if let Some((_, _, want)) = expected
                .iter()
                .find(|(f, e, _)| f == file && *e == event(game))
            {
                assert_eq!(reasons, *want, "{file}: {}", event(game));
            }
        }
    }
    for (file, name, _) in expected {
        assert!(
            corpus
                .iter()
                .any(|(f, g)| f == file && g.iter().any(|g| event(g) == *name)),
            "{file}: no game {name:?}"
        );
    }
    assert!(games >= 30, "{games} games");
}

/// The corpus against python-chess 1.11.2's reading of it: every game python-chess reads
/// without errors, matched by file and `[Event]`, has the same tags (python-chess adds the
/// seven-tag roster's defaults), start position and tree here. Games python-chess starts
/// at stray movetext (its `[Event]` is then its default, `?`) are parts of tagged games
/// here; the games python-chess reads otherwise are listed with why.
#[test]
fn corpus_matches_python_chess() {
    // python-chess reads `[Event "a"] [Site "b"]` on one line as one tag whose value runs
    // to the last quote; the standard allows several tags on a line.
    const KNOWN: &[(&str, &str)] = &[("quotes-in-tags.pgn", "two tags on a line\"] [Site \"here")];
    let corpus = corpus();
    let text = std::fs::read_to_string(corpus_dir().join("python-chess.jsonl")).unwrap();
    let (mut compared, mut python_errors) = (0, 0);
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = record["file"].as_str().unwrap();
        let tags: Vec<(String, String)> = record["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| {
                (
                    pair[0].as_str().unwrap().to_owned(),
                    pair[1].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let python_event = tags
            .iter()
            .find(|(n, _)| n == "Event")
            .map_or("?", |(_, v)| v.as_str());
        if python_event == "?" {
            continue;
        }
        if !record["errors"].as_array().unwrap().is_empty() {
            python_errors += 1;
            continue;
        }
        let (_, games) = corpus.iter().find(|(f, _)| f == file).expect("the file");
        let Some(game) = games.iter().find(|g| event(g) == python_event) else {
            assert!(
                KNOWN.contains(&(file, python_event)),
                "{file}: python-chess reads {python_event:?}, not read here"
            );
            continue;
        };
        let context = format!("{file}: {python_event}");
        // Tags: python-chess keeps the last value of a name, and the roster's defaults.
        let ours: HashMap<&str, &str> = game
            .tags()
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        for (name, value) in &tags {
            let default = SEVEN_TAG_ROSTER
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, d)| *d);
            match ours.get(name.as_str()) {
                // python-chess sets a `[Result]` of `*` or none from the movetext's marker.
                Some(&"*") | None if name == "Result" => assert_eq!(
                    value.as_str(),
                    game.result().map_or("*", |r| r.as_str()),
                    "{context}: [Result]"
                ),
                Some(v) => assert_eq!(v, value, "{context}: [{name}]"),
                None => assert_eq!(Some(value.as_str()), default, "{context}: [{name}]"),
            }
        }
        for name in ours.keys() {
            assert!(
                tags.iter().any(|(n, _)| n == name),
                "{context}: [{name}] not in python-chess"
            );
        }
        assert_eq!(
            game.start_position().to_fen(),
            record["fen"].as_str().unwrap(),
            "{context}"
        );
        let mut ours_tree = Vec::new();
        tree(game, NodeId::ROOT, &mut ours_tree);
        let theirs: Vec<&str> = record["tree"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(ours_tree, theirs, "{context}");
        assert!(game.errors().is_empty(), "{context}: {:?}", game.errors());
        compared += 1;
    }
    assert!(
        compared >= 28 && python_errors <= 2,
        "{compared} games compared, {python_errors} with python-chess errors"
    );
}

/// A `Read` that gives one byte a call: the reader's buffer then drops what it has read
/// soon after (the first tag's line, before a blank line in the section is met).
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

/// Every corpus file, and tag sections with blank lines before a tag named as the first
/// (a new game) or not (the section goes on), read a byte at a time: the same games,
/// warnings and errors as in memory.
#[test]
fn corpus_read_a_byte_at_a_time() {
    let blank_lines: &[u8] = b"[Event \"first\"]\n[Site \"a\"]\n\n[Date \"2026.11.27\"]\n\n\
        1. e4 *\n\n[Event \"tags only\"]\n[Site \"b\"]\n\n[Event \"next\"]\n\n[Site \"c\"]\n\n1. d4 *\n";
    let mut inputs: Vec<(String, Vec<u8>)> = vec![("blank lines".to_owned(), blank_lines.to_vec())];
    for path in corpus_paths() {
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        inputs.push((name, std::fs::read(&path).unwrap()));
    }
    for (name, bytes) in &inputs {
        let mut whole = Reader::new(&bytes[..]);
        let mut trickle = Reader::from_read(Trickle(bytes));
        let mut checking = Reader::from_read(Trickle(bytes));
        let mut checker = Checker::new();
        let mut games = 0;
        loop {
            let game = Game::read(&mut whole).unwrap();
            assert_eq!(
                Game::read(&mut trickle).unwrap(),
                game,
                "{name}: game {games}"
            );
            let checked = checking.read_game(&mut checker).unwrap();
            let Some(game) = game else {
                assert_eq!(checked, None, "{name}");
                break;
            };
            let checked = checked.expect("as many games");
            assert_eq!(checked.warnings, game.warnings(), "{name}: game {games}");
            assert_eq!(checked.errors, game.errors(), "{name}: game {games}");
            games += 1;
        }
        if name == "blank lines" {
            // The section's blank line before `[Date]` is forgiven; before `[Event]` it
            // starts a game, and a game of tags only; the next game's blank line too.
            assert_eq!(games, 3);
            let first = Game::read(&mut Reader::from_read(Trickle(bytes)))
                .unwrap()
                .unwrap();
            assert_eq!(first.tag("Date"), Some("2026.11.27"));
            assert_eq!(
                first.warnings()[0].reason.to_string(),
                "blank line inside the tag section"
            );
        }
    }
}
