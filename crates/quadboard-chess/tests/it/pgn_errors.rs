//! Broken PGN: every problem gives a precise [`GameError`] (ply, text, reason), reading
//! goes on with the next game, nothing panics, and the [`Checker`] reports what the
//! [`Game`] does. Truncated games, unterminated comments and variations, stray
//! parentheses, broken tags, huge lines, random bytes, empty input, byte order marks,
//! games of tags only, moves that are illegal or ambiguous in the mainline and in
//! variations, bad `[FEN]` and `[Variant]` tags.

use quadboard_chess::pgn::{Checker, GameErrorKind, Reader, Termination};

/// Every game of `bytes`, with the checker's errors asserted equal to the game's.
fn games(bytes: &[u8]) -> Vec<quadboard_chess::pgn::Game> {
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

/// The errors of each game, as text.
fn errors(pgn: &str) -> Vec<Vec<String>> {
    games(pgn.as_bytes())
        .iter()
        .map(|g| g.errors().iter().map(|e| e.to_string()).collect())
        .collect()
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
