//! Moves as PGN writes them ([`Position::parse_pgn_move`]) and the lines they are played
//! in ([`Lines`]): SAN with its leniency, UCI, null moves, variations from the position
//! before the move they replace.

use quadboard_chess::pgn::{Game, Lines, MoveError};
use quadboard_chess::{Move, Position};

#[test]
fn move_forms() {
    let start = Position::new();
    let nf3 = start.parse_pgn_move(b"Nf3").expect("Nf3");
    for text in [
        &b"g1f3"[..],
        b"Ng1f3",
        b"Ng1-f3",
        b"Nf3!?",
        b"Ngf3",
        b"N1f3",
    ] {
        assert_eq!(start.parse_pgn_move(text), Ok(nf3), "{text:?}");
    }
    for text in [&b"--"[..], b"Z0", b"0000"] {
        assert_eq!(start.parse_pgn_move(text), Ok(Move::NULL), "{text:?}");
    }
    let cases: [(&[u8], MoveError); 7] = [
        (b"Ke2", MoveError::Illegal),
        (b"e2e5", MoveError::Illegal),
        (b"Nf4", MoveError::Illegal),
        (b"xyz", MoveError::NotAMove),
        (b"e9", MoveError::NotAMove),
        (b"", MoveError::NotAMove),
        (b"O-O-O-O", MoveError::NotAMove),
    ];
    for (text, error) in cases {
        assert_eq!(start.parse_pgn_move(text), Err(error), "{text:?}");
    }
    // Castling as SAN, with zeros, as the king's move and as king-takes-rook.
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = pos.parse_pgn_move(b"O-O").unwrap();
    assert!(short.is_castle());
    for text in [&b"0-0"[..], b"O-O+", b"e1g1", b"e1h1"] {
        assert_eq!(pos.parse_pgn_move(text), Ok(short), "{text:?}");
    }
    let long = pos.parse_pgn_move(b"0-0-0").unwrap();
    assert_eq!(pos.parse_pgn_move(b"e1c1"), Ok(long));
    assert_ne!(short, long);
    // A promotion needs its piece.
    let pos = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let queen = pos.parse_pgn_move(b"a8=Q").unwrap();
    for text in [&b"a8Q"[..], b"a8q", b"a7a8q", b"a8=Q+"] {
        assert_eq!(pos.parse_pgn_move(text), Ok(queen), "{text:?}");
    }
    assert_eq!(pos.parse_pgn_move(b"a8"), Err(MoveError::Illegal));
    assert_eq!(pos.parse_pgn_move(b"a7a8"), Err(MoveError::Illegal));
    // A null move in check.
    let check = Position::from_fen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(check.parse_pgn_move(b"--"), Err(MoveError::NullMoveInCheck));
    assert_eq!(
        MoveError::NullMoveInCheck.to_string(),
        "null move while in check"
    );
}

#[test]
fn lines_of_a_game() {
    let mut lines = Lines::new();
    assert_eq!(
        lines.begin_variation(),
        Err(MoveError::VariationWithoutMove)
    );
    assert_eq!(lines.depth(), 0);
    lines.play(b"e4").unwrap();
    lines.play(b"--").unwrap();
    assert_eq!(lines.ply(), 2);
    assert_eq!(lines.position().turn(), quadboard_chess::Color::White);
    let after_e4 = *lines.before();
    // A variation replaces the null move, another nested in it replaces its first move.
    lines.begin_variation().unwrap();
    assert_eq!((lines.depth(), lines.ply()), (1, 1));
    assert_eq!(*lines.position(), after_e4);
    assert_eq!(
        lines.begin_variation(),
        Err(MoveError::VariationWithoutMove)
    );
    lines.play(b"e5").unwrap();
    lines.begin_variation().unwrap();
    assert_eq!(
        (lines.depth(), lines.ply(), *lines.position()),
        (2, 1, after_e4)
    );
    // A move that cannot be played leaves the line as it was.
    assert_eq!(lines.play(b"e4"), Err(MoveError::Illegal));
    assert_eq!((lines.ply(), *lines.position()), (1, after_e4));
    lines.play(b"c5").unwrap();
    lines.end_variation();
    lines.end_variation();
    lines.end_variation();
    assert_eq!(lines.depth(), 0);
    lines.play(b"d4").unwrap();
    assert_eq!(lines.ply(), 3);
    assert_eq!(
        lines.position().to_fen(),
        "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2"
    );
    // A new game starts from its own position.
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    lines.start(pos);
    assert_eq!((lines.depth(), lines.ply(), *lines.position()), (0, 0, pos));
}

#[test]
fn null_moves_in_games() {
    let game = Game::from_pgn("1. e4 -- 2. d4 Z0 3. c4 (3. Nf3 --) 3... e5 *").expect("a game");
    assert!(game.errors().is_empty(), "{:?}", game.errors());
    assert_eq!(game.mainline_san(), ["e4", "--", "d4", "--", "c4", "e5"]);
    assert_eq!(
        game.mainline_uci(),
        ["e2e4", "0000", "d2d4", "0000", "c2c4", "e7e5"]
    );
    let text = game.to_string();
    assert!(text.ends_with("\n\n1. e4 -- 2. d4 -- 3. c4 ( 3. Nf3 -- ) 3... e5 *\n\n"));
    assert_eq!(Game::from_pgn(&text).unwrap().nodes(), game.nodes());
    // In check a null move is an error.
    let game = Game::from_pgn("1. e4 f5 2. Qh5+ -- 3. Qe8 *").expect("a game");
    assert_eq!(
        game.errors()[0].to_string(),
        "ply 4 --: null move while in check"
    );
    assert_eq!(game.mainline_san(), ["e4", "f5", "Qh5+"]);
}

#[test]
fn null_move_in_uci_is_a_move_not_a_move_number() {
    let game = Game::from_pgn("1. e4 0000 2. d4 -- 3. c4 *").expect("a game");
    assert!(game.errors().is_empty(), "{:?}", game.errors());
    assert_eq!(
        game.mainline_uci(),
        ["e2e4", "0000", "d2d4", "0000", "c2c4"]
    );
    assert_eq!(game.mainline_san(), ["e4", "--", "d4", "--", "c4"]);
}

#[test]
fn byte_order_marks_of_joined_files_are_skipped() {
    let text = "\u{feff}[Event \"a\"]\n\n1. e4 *\n\n\u{feff}[Event \"b\"]\n\n1. d4 *\n";
    let mut reader = quadboard_chess::pgn::Reader::new(text.as_bytes());
    let mut events = Vec::new();
    while let Some(game) = Game::read(&mut reader).unwrap_or_else(|e| match e {}) {
        assert!(game.errors().is_empty(), "{:?}", game.errors());
        events.push((game.tag("Event").map(String::from), game.mainline_uci()));
    }
    assert_eq!(
        events,
        [
            (Some("a".to_string()), vec!["e2e4".to_string()]),
            (Some("b".to_string()), vec!["d2d4".to_string()]),
        ]
    );
}
