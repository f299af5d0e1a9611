//! The PGN reader against pgn-reader 0.29 with shakmaty: on the data files and on random
//! games written with comments, NAGs and nested variations, both give the same tags, the
//! same moves in every line and the same tree shape, and so do the [`Game`] tree and the
//! [`Checker`]. Games with moves in UCI, which pgn-reader does not read, are checked
//! against what the generator wrote.

use quadboard_chess::pgn::{Checker, Game, NodeId, Reader};

use crate::pgn_gen::{
    data_files, pr_records, qb_games, qb_records, random_pgn, tree_record, GenOptions, Record, Tok,
};

/// Asserts that the tree and the checker agree with the visitor's record of each game.
fn check_trees(name: &str, bytes: &[u8], records: &[Record]) {
    let games = qb_games(bytes);
    assert_eq!(games.len(), records.len(), "{name}");
    let mut reader = Reader::new(bytes);
    let mut checker = Checker::new();
    for (i, (game, record)) in games.iter().zip(records).enumerate() {
        assert!(
            game.errors().is_empty(),
            "{name} game {}: {:?}",
            i + 1,
            game.errors()
        );
        assert_eq!(tree_record(game), record.as_tree(), "{name} game {}", i + 1);
        assert_eq!(game.node_count(), record.moves(), "{name} game {}", i + 1);
        let count = |f: fn(&Tok) -> bool| record.tokens.iter().filter(|t| f(t)).count();
        assert_eq!(game.nag_count(), count(|t| matches!(t, Tok::Nag(_))));
        assert_eq!(
            game.comment_count(),
            count(|t| matches!(t, Tok::Comment(_)))
        );
        // The mainline, in UCI as read, in SAN as written, and where it ends.
        assert_eq!(
            game.mainline_uci(),
            record.mainline_uci(),
            "{name} game {}",
            i + 1
        );
        let mut pos = *game.start_position();
        for (m, san) in game.mainline_moves().into_iter().zip(game.mainline_san()) {
            assert_eq!(pos.to_san(m).as_str(), san);
            pos.play_unchecked(m);
        }
        assert_eq!(game.final_position(), pos);
        let last = game.mainline().last().unwrap_or(NodeId::ROOT);
        assert_eq!(game.position_after(last), pos);
        let checked = reader.read_game(&mut checker).unwrap().expect("a game");
        assert_eq!(checked.start, game.start_at(), "{name} game {}", i + 1);
        assert_eq!(
            checked.moves,
            record.moves() as u64,
            "{name} game {}",
            i + 1
        );
        assert!(checked.errors.is_empty(), "{name} game {}", i + 1);
    }
    assert!(reader.read_game(&mut checker).unwrap().is_none());
}

#[test]
fn data_files_read_as_pgn_reader_reads_them() {
    for (name, bytes) in data_files() {
        let theirs = pr_records(&bytes);
        let ours = qb_records(&bytes);
        assert_eq!(ours.len(), theirs.len(), "{name}");
        for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(o, t, "{name} game {}", i + 1);
        }
        // The counts of the data's README.
        let mainline: usize = ours.iter().map(Record::mainline_moves).sum();
        let expected = match name.as_str() {
            "lichess_db_1000k.pgn" => (438, 28_538),
            _ => (1_110, 101_487),
        };
        assert_eq!((ours.len(), mainline), expected, "{name}");
        check_trees(&name, &bytes, &ours);
    }
}

#[test]
fn generated_games_read_as_pgn_reader_reads_them() {
    let options = GenOptions {
        quadboard_only: false,
        long_comments: true,
    };
    let (games, text) = random_pgn(0x9e4_2001, 700, options);
    let theirs = pr_records(text.as_bytes());
    let ours = qb_records(text.as_bytes());
    assert_eq!(theirs.len(), games.len());
    assert_eq!(ours.len(), games.len());
    for (i, game) in games.iter().enumerate() {
        assert_eq!(
            theirs[i],
            game.expected,
            "pgn-reader, game {}:\n{}",
            i + 1,
            game.text
        );
        assert_eq!(ours[i], game.expected, "game {}:\n{}", i + 1, game.text);
    }
    check_trees("generated", text.as_bytes(), &ours);
}

#[test]
fn generated_games_with_uci_moves() {
    let options = GenOptions {
        quadboard_only: true,
        long_comments: false,
    };
    let (games, text) = random_pgn(0x9e4_2002, 400, options);
    assert!(text.contains("e1h1") || text.contains("e8h8") || text.contains("e1g1"));
    let ours = qb_records(text.as_bytes());
    assert_eq!(ours.len(), games.len());
    for (i, game) in games.iter().enumerate() {
        assert_eq!(ours[i], game.expected, "game {}:\n{}", i + 1, game.text);
        // Each game alone reads the same.
        let alone = Game::from_pgn(&game.text).expect("a game");
        assert_eq!(tree_record(&alone), game.expected.as_tree());
    }
    check_trees("generated with UCI", text.as_bytes(), &ours);
}

#[test]
fn chess960_castling_against_pgn_reader() {
    // The king on its castling square, the king onto the rook's square, the rook onto the
    // king's, the long way across the board; with letters and with zeros.
    let games = [
        (
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
            "1. O-O O-O-O 2. Kh1 Kb8",
            "g1h1 g8b8 g1h1 c8b8",
        ),
        (
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
            "1. 0-0 0-0-0 2. Kh1 Kb8",
            "b1g1 b8a8 g1h1 c8b8",
        ),
        (
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
            "1. O-O-O O-O 2. Kb1 Kh8",
            "b1a1 b8g8 c1b1 g8h8",
        ),
        (
            "5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w HFhf - 0 1",
            "1. O-O-O O-O-O",
            "g1f1 g8f8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O",
            "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1 e8h8",
        ),
    ];
    let mut text = String::new();
    for (fen, moves, _) in games {
        text.push_str(&format!(
            "[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n{moves} *\n\n"
        ));
    }
    let ours = qb_records(text.as_bytes());
    assert_eq!(pr_records(text.as_bytes()), ours);
    check_trees("castling", text.as_bytes(), &ours);
    for (record, (fen, _, uci)) in ours.iter().zip(games) {
        assert_eq!(record.mainline_uci().join(" "), uci, "{fen}");
    }
    for game in qb_games(text.as_bytes()) {
        let written = game.to_string();
        assert!(written.contains("O-O"), "{written}");
        assert_eq!(
            tree_record(&Game::from_pgn(&written).expect("a game")).tokens,
            tree_record(&game).tokens
        );
    }
}
