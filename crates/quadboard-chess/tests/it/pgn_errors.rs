//! Broken PGN: every problem gives a precise [`GameError`] (ply, text, reason), reading
//! goes on with the next game, nothing panics, and the [`Checker`] reports what the
//! [`Game`] does. Truncated games, unterminated comments and variations, stray
//! parentheses, broken tags, huge lines, random bytes, empty input, byte order marks,
//! games of tags only, moves that are illegal or ambiguous in the mainline and in
//! variations, bad `[FEN]` and `[Variant]` tags.

use quadboard_chess::pgn::{
    Checker, Game, GameErrorKind, MoveError, Reader, SyntaxErrorKind, Termination, WarningKind,
};
use quadboard_chess::{Bitboard, Square};

use crate::common::Rng;
use crate::pgn_gen::{data_files, game_tree, tree_tokens};

/// Every game of `bytes`, with the checker's errors asserted equal to the game's.
fn games(bytes: &[u8]) -> Vec<Game> {
    let games = crate::pgn_gen::qb_games(bytes);
    let mut reader = Reader::new(bytes);
    let mut checker = Checker::new();
    for game in &games {
        let checked = reader
            .read_game(&mut checker)
            .unwrap()
            .expect("as many games");
        assert_eq!(checked.start, game.start_at());
        assert_eq!(
            checked.errors,
            game.errors(),
            "game {}",
            game.start_at().number
        );
        assert_eq!(
            checked.warnings,
            game.warnings(),
            "game {}",
            game.start_at().number
        );
        let dead = game
            .errors()
            .iter()
            .any(|e| matches!(e.reason, GameErrorKind::Fen(_) | GameErrorKind::Variant));
        if !dead {
            assert_eq!(checked.moves, game.node_count() as u64);
        }
    }
    assert!(reader.read_game(&mut checker).unwrap().is_none());
    games
}

/// The errors of each game, as text, then its warnings after `warning: `.
fn errors(pgn: &str) -> Vec<Vec<String>> {
    games(pgn.as_bytes()).iter().map(problems).collect()
}

/// The errors of a game, as text, then its warnings after `warning: `.
fn problems(game: &Game) -> Vec<String> {
    let errors = game.errors().iter().map(|e| e.to_string());
    let warnings = game.warnings().iter().map(|w| format!("warning: {w}"));
    errors.chain(warnings).collect()
}

fn syntax(kind: SyntaxErrorKind) -> GameErrorKind {
    GameErrorKind::Syntax(kind)
}

#[test]
fn empty_inputs_have_no_games() {
    for input in [
        &b""[..],
        b" ",
        b"\n\n\r\n\t  \n",
        b"\xef\xbb\xbf",
        b"\xef\xbb\xbf\n\n",
        b"% only an escape line\n",
        b"\xef\xbb\xbf% escape after a byte order mark\n\n",
    ] {
        assert!(games(input).is_empty(), "{input:?}");
        assert!(Reader::new(input).skip_game() == Ok(false));
    }
    assert_eq!(Game::from_pgn(""), None);
}

#[test]
fn byte_order_mark_and_escape_lines() {
    let pgn = "\u{feff}% exported by\n[Event \"a\"]\n\n1. e4 *\n% between\n\n1. d4 *\n";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 2);
    let first = games[0].start_at();
    assert_eq!((first.number, first.offset, first.line), (1, 17, 2));
    assert_eq!(games[0].tags(), [("Event".to_string(), "a".to_string())]);
    let second = games[1].start_at();
    assert_eq!((second.number, second.offset, second.line), (2, 49, 7));
    assert_eq!(games[1].mainline_san(), ["d4"]);
    assert!(games.iter().all(|g| g.errors().is_empty()));
}

#[test]
fn games_of_tags_only() {
    let pgn = "[Event \"only tags\"]\n[Site \"x\"]\n\n[Event \"next\"]\n\n1. e4 *\n\n\
               [Event \"last, tags only\"]\n";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].tags().len(), 2);
    assert_eq!(games[0].node_count(), 0);
    assert_eq!(games[0].result(), None);
    assert_eq!(
        errors(pgn),
        [
            vec!["warning: ply 0 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"],
            vec![],
            vec!["warning: ply 0 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"],
        ]
    );
    assert_eq!(games[1].tag("Event"), Some("next"));
    assert_eq!(games[1].mainline_san(), ["e4"]);
    assert_eq!(games[2].start_at().line, 8);
}

#[test]
fn broken_tags() {
    let pgn =
        "[Event]\n[Site \"x\"]\n[Date \"2025.01.01]\n[ \"nameless\"]\n[Round \"1\"\n\n1. e4 *\n";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 1);
    let game = &games[0];
    // A tag without a value or a name is dropped; one without its closing quote or
    // bracket is kept with what it has.
    assert_eq!(
        game.tags(),
        [
            ("Site".to_string(), "x".to_string()),
            ("Date".to_string(), "2025.01.01".to_string()),
            ("Round".to_string(), "1".to_string()),
        ]
    );
    let errors: Vec<(u32, &str, GameErrorKind)> = game
        .errors()
        .iter()
        .map(|e| (e.ply, e.text.as_str(), e.reason.clone()))
        .collect();
    assert_eq!(
        errors,
        [
            (0, "[Event]", syntax(SyntaxErrorKind::TagWithoutValue)),
            (
                0,
                "[Date \"2025.01.01]",
                syntax(SyntaxErrorKind::UnterminatedTagValue)
            ),
            (
                0,
                "[ \"nameless\"]",
                syntax(SyntaxErrorKind::TagWithoutName)
            ),
            (0, "[Round \"1\"", syntax(SyntaxErrorKind::UnterminatedTag)),
        ]
    );
    assert_eq!(game.mainline_san(), ["e4"]);
}

#[test]
fn tag_errors_after_a_game_are_at_ply_0() {
    // The checker reports the same ply as the game, whatever the game before it did.
    let pgn = "1. e4 e5 2. Nf3 *\n\n[Event]\n\n1. d4 *\n";
    assert_eq!(
        errors(pgn),
        [vec![], vec!["ply 0 [Event]: tag without a quoted value"]]
    );
}

#[test]
fn broken_movetext() {
    let cases: [(&str, &[&str], &[&str]); 9] = [
        (
            "1. e4 { never closed\n\n[Event \"swallowed\"]\n\n1. d4 *\n",
            &[
                "warning: ply 1 {: comment without a closing '}'",
                "warning: ply 1 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)",
            ],
            &["e4"],
        ),
        (
            "1. e4 (1. d4 d5 2. c4\n",
            &["ply 3 [end]: variation without a closing ')'"],
            &["e4"],
        ),
        (
            "1. e4 ) e5 *",
            &["ply 1 ): ')' without a variation to close"],
            &["e4", "e5"],
        ),
        (
            "1. e4 (1. d4 1-0) e5 *",
            &["ply 1 1-0: result inside a variation"],
            &["e4", "e5"],
        ),
        (
            "1. e4 $256 e5 !!! 2. Nf3 $ *",
            &[
                "ply 1 $256: not an annotation: expected $0 to $255, !, ?, !!, ??, !? or ?!",
                "ply 2 !!!: not an annotation: expected $0 to $255, !, ?, !!, ??, !? or ?!",
                "ply 3 $: not an annotation: expected $0 to $255, !, ?, !!, ??, !? or ?!",
            ],
            &["e4", "e5", "Nf3"],
        ),
        (
            "1. e4 ] e5 \" 2. Nf3 } *",
            &[
                "ply 1 ]: unexpected character",
                "ply 2 \": unexpected character",
                "warning: ply 3 }: '}' without a comment to close: dropped",
            ],
            &["e4", "e5", "Nf3"],
        ),
        (
            "1. e4 e5 2. Nf3",
            &["warning: ply 3 [end]: movetext ends without a result (1-0, 0-1, 1/2-1/2 or *)"],
            &["e4", "e5", "Nf3"],
        ),
        (
            "( 1. e4 ) 1. d4 *",
            &["ply 0 (: variation before any move"],
            &["d4"],
        ),
        (
            "1. e4 e5 2. Nf3 ( ; a line comment ) keeps the parenthesis\n2. d4 ) 2... Nc6 *",
            &[],
            &["e4", "e5", "Nf3", "Nc6"],
        ),
    ];
    for (pgn, expected_errors, expected_mainline) in cases {
        let games = games(pgn.as_bytes());
        assert_eq!(problems(&games[0]), expected_errors, "{pgn}");
        assert_eq!(games[0].mainline_san(), expected_mainline, "{pgn}");
    }
    // The variation left open is kept, as far as it goes.
    let game = Game::from_pgn("1. e4 (1. d4 d5 2. c4\n").expect("a game");
    assert_eq!(game.node_count(), 4);
    assert_eq!(game.result(), None);
}

#[test]
fn illegal_and_ambiguous_moves_in_the_mainline() {
    // The mainline stops at the move; its variations and the rest of the game are
    // skipped, the result is still read, and the next game is read normally.
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 (2... d6) 3. Nf3 1-0\n\n\
               [Event \"b\"]\n\n1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 0-1\n\n\
               [Event \"c\"]\n\n1. d4 d5 2. Qh8 *\n\n\
               [Event \"d\"]\n\n1. e4 xyz 2. d4 *\n\n\
               [Event \"e\"]\n\n1. d4 1/2-1/2\n";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 5);
    let errors: Vec<Vec<(u32, String, GameErrorKind)>> = games
        .iter()
        .map(|g| {
            g.errors()
                .iter()
                .map(|e| (e.ply, e.text.clone(), e.reason.clone()))
                .collect()
        })
        .collect();
    let b1_f3 = Bitboard::EMPTY | Square::B1 | Square::F3;
    assert_eq!(
        errors,
        [
            vec![(
                3,
                "Ke3".to_string(),
                GameErrorKind::Move(MoveError::Illegal)
            )],
            vec![(
                5,
                "Nd2".to_string(),
                GameErrorKind::Move(MoveError::Ambiguous(b1_f3))
            )],
            vec![(
                3,
                "Qh8".to_string(),
                GameErrorKind::Move(MoveError::Illegal)
            )],
            vec![(
                2,
                "xyz".to_string(),
                GameErrorKind::Move(MoveError::NotAMove)
            )],
            vec![],
        ]
    );
    assert_eq!(
        games[1].errors()[0].to_string(),
        "ply 5 Nd2: ambiguous move: it could be played from b1 or f3"
    );
    let mainlines: Vec<Vec<String>> = games.iter().map(Game::mainline_san).collect();
    assert_eq!(
        mainlines,
        [
            vec!["e4", "e5"],
            vec!["d4", "d5", "Nf3", "Nf6"],
            vec!["d4", "d5"],
            vec!["e4"],
            vec!["d4"],
        ]
    );
    assert_eq!(
        games[0].node_count(),
        2,
        "the variation after the error is skipped"
    );
    let results: Vec<Option<Termination>> = games.iter().map(Game::result).collect();
    assert_eq!(
        results,
        [
            Some(Termination::WhiteWins),
            Some(Termination::BlackWins),
            Some(Termination::Unknown),
            Some(Termination::Unknown),
            Some(Termination::Draw),
        ]
    );
    assert_eq!(games[4].tag("Event"), Some("e"));
}

#[test]
fn illegal_moves_in_variations() {
    // A variation stops at its bad move (the moves before it are kept), the mainline goes
    // on; a variation nested after the bad move goes with it.
    let pgn = "1. e4 e5 (1... Ke7 2. d4) (1... c5 2. Nf3 Kc7 (2... Nc6) 3. d4) \
               (1... e6 (1... Nf6 2. Ng8) 2. d4) 2. Nf3 Nc6 *";
    let game = Game::from_pgn(pgn).expect("a game");
    let errors: Vec<String> = game.errors().iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errors,
        [
            "ply 2 Ke7: illegal move",
            "ply 4 Kc7: illegal move",
            "ply 3 Ng8: illegal move"
        ]
    );
    assert_eq!(game.mainline_san(), ["e4", "e5", "Nf3", "Nc6"]);
    // e4 e5 Nf3 Nc6, c5 Nf3, e6 d4, Nf6.
    assert_eq!(game.node_count(), 9);
    let tokens = tree_tokens(&game_tree(&game), None);
    let moves: Vec<String> = tokens
        .iter()
        .map(|t| match t {
            crate::pgn_gen::Tok::Move(m) => m.clone(),
            crate::pgn_gen::Tok::Begin => "(".to_string(),
            crate::pgn_gen::Tok::End => ")".to_string(),
            t => format!("{t:?}"),
        })
        .collect();
    assert_eq!(
        moves.join(" "),
        "e2e4 e7e5 ( c7c5 g1f3 ) ( e7e6 d2d4 ) ( g8f6 ) g1f3 b8c6"
    );
}

#[test]
fn bad_start_tags() {
    let pgn = "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 { c } e5 *\n\n\
               [FEN \"not a fen\"]\n\n1. e4 *\n\n\
               [Variant \"Atomic\"]\n\n1. e4 *\n\n\
               [Variant \"fischerandom\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O 0-0 *\n\n\
               [Variant \"Standard\"]\n\n1. e4 *\n";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 5);
    for game in &games[..3] {
        assert_eq!(game.node_count(), 0);
        assert_eq!(game.result(), Some(Termination::Unknown));
        assert_eq!(game.errors().len(), 1);
        assert_eq!(game.errors()[0].ply, 0);
    }
    let first = &games[0].errors()[0];
    assert_eq!(first.text, "[FEN]");
    assert!(matches!(first.reason, GameErrorKind::Fen(_)));
    assert_eq!(
        first.to_string(),
        "ply 0 [FEN]: invalid FEN: illegal position: a side has no king"
    );
    assert!(matches!(games[1].errors()[0].reason, GameErrorKind::Fen(_)));
    assert_eq!(
        games[2].errors()[0].to_string(),
        "ply 0 [Variant]: unsupported variant: expected standard or Chess960"
    );
    // Chess960 castling from the tags.
    assert!(games[3].errors().is_empty(), "{:?}", games[3].errors());
    assert_eq!(games[3].mainline_uci()[6..], ["e1h1", "e8h8"]);
    assert_eq!(games[3].mainline_san()[7], "O-O");
    assert_eq!(games[4].mainline_san(), ["e4"]);
}

#[test]
fn huge_lines() {
    const SIZE: usize = 10 << 20;
    // One comment of 10 MB.
    let mut pgn = b"[Event \"big\"]\n\n1. e4 {".to_vec();
    pgn.resize(pgn.len() + SIZE, b'c');
    pgn.extend_from_slice(b"} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    for games in [games(&pgn), from_read(&pgn)] {
        assert_eq!(games.len(), 2);
        assert!(games[0].errors().is_empty());
        let e4 = games[0].mainline().next().expect("e4");
        assert_eq!(games[0].node(e4).comments_after[0].len(), SIZE);
        assert_eq!(games[0].mainline_san(), ["e4", "e5"]);
        assert_eq!(games[1].mainline_san(), ["d4"]);
        assert_eq!(games[1].start_at().offset, pgn.len() as u64 - 24);
    }
    // One word of 10 MB: not a move, shown shortened.
    let mut pgn = b"1. e4 ".to_vec();
    pgn.resize(pgn.len() + SIZE, b'x');
    pgn.extend_from_slice(b" e5 *\n\n1. d4 *\n");
    for games in [games(&pgn), from_read(&pgn)] {
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].errors()[0].to_string(),
            format!("ply 2 {}...: not a move", "x".repeat(40))
        );
        assert_eq!(games[0].mainline_san(), ["e4"]);
        assert_eq!(games[0].result(), Some(Termination::Unknown));
        assert_eq!(games[1].mainline_san(), ["d4"]);
    }
}

/// Every game of `bytes` read through `std::io::Read`.
fn from_read(bytes: &[u8]) -> Vec<Game> {
    let mut reader = Reader::from_read(bytes);
    let mut out = Vec::new();
    while let Some(game) = Game::read(&mut reader).expect("no read error") {
        out.push(game);
    }
    out
}

/// A game cut anywhere reads as a prefix of the whole game, with the error that says
/// where it stopped; the games before it are untouched.
#[test]
fn truncated_games() {
    let files = data_files();
    // Cuts, and those in a comment and in a move.
    let (mut cuts, mut in_comments, mut in_moves) = (0, 0, 0);
    for (name, bytes) in &files {
        let whole = games(bytes);
        // The first ten games, cut every 97 bytes.
        let end = whole[10].start_at().offset as usize;
        for cut in (1..end).step_by(97) {
            let part = games(&bytes[..cut]);
            cuts += 1;
            let last = part.last().expect("a game");
            let n = part.len();
            assert_eq!(&part[..n - 1], &whole[..n - 1], "{name} cut at {cut}");
            let full = &whole[n - 1];
            assert_eq!(last.start_at(), full.start_at());
            // Tags: a prefix, the last one possibly cut.
            let tags = last.tags();
            assert!(tags.len() <= full.tags().len());
            for (i, (t, f)) in tags.iter().zip(full.tags()).enumerate() {
                if i + 1 < tags.len() {
                    assert_eq!(t, f);
                } else {
                    assert!(
                        f.0.starts_with(&t.0) && f.1.starts_with(&t.1),
                        "{t:?} {f:?}"
                    );
                }
            }
            // Moves: a prefix, the last one possibly a cut word read as another move.
            let moves = last.mainline_moves();
            let full_moves = full.mainline_moves();
            let sure = moves.len().saturating_sub(1);
            assert!(moves.len() <= full_moves.len());
            assert_eq!(moves[..sure], full_moves[..sure], "{name} cut at {cut}");
            // A game cut after its result is whole.
            if last.result().is_some() {
                assert_eq!(last, full, "{name} cut at {cut}");
                continue;
            }
            // The errors: maybe a cut move, maybe a cut tag, then where the text stopped.
            let text = &bytes[full.start_at().offset as usize..cut];
            let open = text.iter().rposition(|&b| b == b'{');
            let in_comment = open.is_some() && open > text.iter().rposition(|&b| b == b'}');
            let errors = last.errors();
            let warnings = last.warnings();
            let end = warnings.last().expect("a warning at the cut");
            assert_eq!(
                end.reason,
                WarningKind::Syntax(SyntaxErrorKind::MissingResult),
                "{name} cut at {cut}: {warnings:?}"
            );
            assert_eq!(end.text, "[end]");
            in_comments += usize::from(in_comment);
            if in_comment {
                let w = &warnings[warnings.len() - 2];
                assert_eq!(
                    w.reason,
                    WarningKind::Syntax(SyntaxErrorKind::UnterminatedComment)
                );
                assert_eq!((w.ply, w.text.as_str()), (moves.len() as u32, "{"));
            }
            for error in errors {
                assert!(
                    matches!(
                        error.reason,
                        GameErrorKind::Move(_)
                            | GameErrorKind::Syntax(
                                SyntaxErrorKind::UnterminatedTagValue
                                    | SyntaxErrorKind::UnterminatedTag
                                    | SyntaxErrorKind::TagWithoutValue
                                    | SyntaxErrorKind::TagWithoutName
                            )
                    ),
                    "{name} cut at {cut}: {errors:?}"
                );
            }
            if let Some(e) = errors
                .iter()
                .find(|e| matches!(e.reason, GameErrorKind::Move(_)))
            {
                // Only the word at the cut.
                in_moves += 1;
                assert_eq!(e.ply as usize, moves.len() + 1);
                assert!(
                    text.ends_with(e.text.as_bytes()),
                    "{name} cut at {cut}: {e}"
                );
            }
        }
    }
    assert!(
        files.is_empty() || cuts > 300 && in_comments > 30 && in_moves > 30,
        "{cuts} cuts, {in_comments} in comments, {in_moves} in moves"
    );
}

/// Random bytes, from mere noise to PGN with bytes changed: nothing panics, every game
/// can be written and read back as the same tree, and the checker agrees.
#[test]
fn random_bytes() {
    let mut rng = Rng(0x0bad_b17e);
    let sample =
        b"[Event \"x\"]\n\n1. e4 {c} e5 (1... c5 $1 2. Nf3) 2. Nf3?! ; l\n0-0 O-O-O 1-0 */";
    for round in 0..400 {
        let len = rng.below(3000);
        let bytes: Vec<u8> = (0..len)
            .map(|_| match round % 3 {
                // Anything at all.
                0 => rng.next() as u8,
                // PGN's own bytes.
                1 => sample[rng.below(sample.len())],
                // Mostly PGN, some invalid UTF-8.
                _ => {
                    if rng.below(20) == 0 {
                        0x80 | rng.next() as u8
                    } else {
                        sample[rng.below(sample.len())]
                    }
                }
            })
            .collect();
        for game in games(&bytes) {
            let text = game.to_string();
            let again = Game::from_pgn(&text).expect("a game");
            assert_eq!(
                tree_tokens(&game_tree(&again), None),
                tree_tokens(&game_tree(&game), None),
                "{bytes:?}\n{text}"
            );
            assert_eq!(again.to_string(), text);
        }
    }
}

#[test]
fn tags_as_written() {
    // Two tags on one line, escapes, a bracket in a value, spaces around the parts.
    let pgn =
        "[Event \"a\"] [Site \"b\"]\n[  White   \"x \\\"y\\\" ]z\"  ]\n[Black \"\\\\\"]\n\n1. e4 *";
    let games = games(pgn.as_bytes());
    assert_eq!(games.len(), 1);
    assert!(games[0].errors().is_empty(), "{:?}", games[0].errors());
    let tags: Vec<(&str, &str)> = games[0]
        .tags()
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "a"),
            ("Site", "b"),
            ("White", "x \"y\" ]z"),
            ("Black", "\\")
        ]
    );
}

#[test]
fn tag_values_unescaped() {
    // `\"` and `\\` are one character; any other backslash stays; a value that is not
    // UTF-8 is read as Windows-1252. Against a byte-by-byte reference, on random values.
    fn reference(value: &[u8]) -> String {
        let mut out = Vec::new();
        let mut i = 0;
        while i < value.len() {
            if value[i] == b'\\' && matches!(value.get(i + 1), Some(b'\\' | b'"')) {
                out.push(value[i + 1]);
                i += 2;
            } else {
                out.push(value[i]);
                i += 1;
            }
        }
        match String::from_utf8(out) {
            Ok(text) => text,
            // Of the alphabet's bytes only 0x82 differs from Latin-1 in Windows-1252.
            Err(e) => e
                .into_bytes()
                .iter()
                .map(|&b| if b == 0x82 { '\u{201a}' } else { char::from(b) })
                .collect(),
        }
    }
    let mut rng = Rng(0x7a9);
    let alphabet = [b'\\', b'"', b'a', b' ', 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0xac];
    for _ in 0..20_000 {
        let value: Vec<u8> = (0..rng.below(12))
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        assert_eq!(
            quadboard_chess::pgn::RawTag(&value).decode(),
            reference(&value),
            "{value:?}"
        );
    }
    assert_eq!(quadboard_chess::pgn::RawTag(b"a\\\\\"").decode(), "a\\\"");
}
