//! Chess960 starting positions by number: all 960 distinct and legal, the published
//! numbering, and the inverse.

use std::collections::HashSet;

use quadboard_chess::chess960::{self, Chess960Error};
use quadboard_chess::{CastlingMode, Position, Role, Setup};

fn letters(roles: [Role; 8]) -> String {
    roles
        .iter()
        .map(|r| r.char().to_ascii_uppercase())
        .collect()
}

#[test]
fn all_960_are_distinct_legal_and_numbered_back() {
    let mut seen = HashSet::new();
    for n in 0..chess960::COUNT {
        let pos = Position::chess960(n).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert!(pos.to_setup().validate().is_empty(), "{n}");
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        assert_eq!(pos.castling_rooks().count(), 4, "{n}");
        assert_eq!(pos.legal_moves().len(), pos.count_legal_moves() as usize);
        assert!(seen.insert(pos.key()), "{n}: key seen before");
        assert_eq!(pos.chess960_number(), Some(n));
        let roles = chess960::back_rank(n).unwrap();
        assert_eq!(chess960::number(&roles), Some(n));
        // Through FEN and back, the same position.
        let reread = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(reread.key(), pos.key(), "{n}");
        assert_eq!(reread.chess960_number(), Some(n));
    }
    assert_eq!(seen.len(), 960);
}

#[test]
fn numbers_match_the_published_table() {
    for (n, rank) in [
        (0, "BBQNNRKR"),
        (1, "BQNBNRKR"),
        (2, "BQNNRBKR"),
        (3, "BQNNRKRB"),
        (4, "QBBNNRKR"),
        (21, "NQBBNRKR"),
        (37, "NNBBQRKR"),
        (59, "NNRQBKRB"),
        (518, "RNBQKBNR"),
        (959, "RKRNNQBB"),
    ] {
        assert_eq!(letters(chess960::back_rank(n).unwrap()), rank, "{n}");
    }
    let standard = Position::chess960(518).unwrap();
    assert_eq!(standard.board(), Position::new().board());
    assert_eq!(standard.castling_rooks(), Position::new().castling_rooks());
    assert_eq!(standard.key(), Position::new().key());
    assert_eq!(Position::new().chess960_number(), Some(518));
}

#[test]
fn bad_numbers_and_non_starts_are_refused() {
    assert_eq!(Position::chess960(960), Err(Chess960Error(960)));
    assert_eq!(chess960::back_rank(u16::MAX), Err(Chess960Error(u16::MAX)));
    assert_eq!(
        Chess960Error(960).to_string(),
        "no Chess960 starting position 960: numbers run from 0 to 959"
    );
    use Role::*;
    for bad in [
        [Rook, Knight, Bishop, Queen, Bishop, King, Knight, Rook], // bishops on one colour
        [King, Rook, Bishop, Queen, Rook, Bishop, Knight, Knight], // king not between rooks
        [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Knight], // one rook
        [Pawn; 8],
    ] {
        assert_eq!(chess960::number(&bad), None, "{bad:?}");
    }
    // A start position after a move, without castling rights, or black to move is not one.
    let start = Position::new();
    let e4 = start.play(start.parse_uci("e2e4").unwrap()).unwrap();
    assert_eq!(e4.chess960_number(), None);
    let mut setup = Setup::start();
    setup.castling_rooks = quadboard_chess::Bitboard::EMPTY;
    let no_rights = Position::from_setup(setup, CastlingMode::Standard).unwrap();
    assert_eq!(no_rights.chess960_number(), None);
    assert_eq!(start.null_move().unwrap().chess960_number(), None);
}
