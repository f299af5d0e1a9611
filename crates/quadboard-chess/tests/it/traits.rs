//! The conventional traits: `FromStr` and `Display` for positions (FEN), `source()` on
//! wrapping errors, `Hash` and `Ord` on the small value types.

use std::collections::{BTreeSet, HashSet};
use std::error::Error;
use std::hash::Hash;

use quadboard_chess::position::FromFenError;
use quadboard_chess::{
    CastlingSide, Color, File, Move, MoveKind, Piece, Position, Rank, Role, Square,
};

use crate::common::random_game_positions;

#[test]
fn positions_read_and_write_fen_through_the_traits() {
    for pos in random_game_positions(40, 200, 3) {
        let text = pos.to_string();
        assert_eq!(text, pos.to_fen());
        let parsed: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.to_setup(), pos.to_setup(), "{text}");
        assert_eq!(parsed.key(), pos.key(), "{text}");
        assert_eq!(format!("{pos}"), text);
    }
    // Strict, as `from_fen`: what only the lenient reader accepts is refused.
    let ten_queens = "4k3/8/8/8/8/8/QQQ5/QQQQKQQQ w - - 0 1";
    assert!(Position::from_fen_lenient(ten_queens).is_ok());
    assert_eq!(
        ten_queens.parse::<Position>().unwrap_err(),
        Position::from_fen(ten_queens).unwrap_err()
    );
}

#[test]
fn fen_errors_give_their_source() {
    let syntax = "8/8/8/8/8/8/8/8 x - - 0 1".parse::<Position>().unwrap_err();
    assert!(matches!(syntax, FromFenError::Syntax(_)));
    let source = syntax.source().expect("a syntax error has a source");
    assert_eq!(
        source.to_string(),
        "side to move field 'x': expected 'w' or 'b'"
    );
    assert_eq!(syntax.to_string(), format!("invalid FEN: {source}"));

    let illegal = "8/8/8/8/8/8/8/8 w - - 0 1".parse::<Position>().unwrap_err();
    assert!(matches!(illegal, FromFenError::Illegal(_)));
    let source = illegal.source().expect("an illegal position has a source");
    assert!(
        source.to_string().contains("a side has no king"),
        "{source}"
    );
    assert!(source.source().is_none());
}

fn distinct_and_sorted<T: Hash + Ord + Copy + std::fmt::Debug>(values: &[T]) {
    let hashed: HashSet<T> = values.iter().copied().collect();
    assert_eq!(hashed.len(), values.len(), "{values:?}");
    let mut sorted = values.to_vec();
    sorted.sort();
    assert_eq!(sorted, values, "declared order");
    let tree: BTreeSet<T> = values.iter().copied().collect();
    assert_eq!(tree.len(), values.len());
}

#[test]
fn small_types_hash_and_order_naturally() {
    distinct_and_sorted(&Square::ALL);
    distinct_and_sorted(&File::ALL);
    distinct_and_sorted(&Rank::ALL);
    distinct_and_sorted(&Color::ALL);
    distinct_and_sorted(&Role::ALL);
    distinct_and_sorted(&Piece::ALL);
    distinct_and_sorted(&CastlingSide::ALL);
    distinct_and_sorted(&[
        MoveKind::Normal,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Promotion(Role::Knight),
        MoveKind::Promotion(Role::Bishop),
        MoveKind::Promotion(Role::Rook),
        MoveKind::Promotion(Role::Queen),
    ]);
    // Moves order by their bits: origin square first.
    let mut moves: Vec<Move> = Position::new().legal_moves().to_vec();
    moves.sort_by_key(|m| m.bits());
    distinct_and_sorted(&moves);
    assert!(Move::normal(Square::A2, Square::A3) < Move::normal(Square::B2, Square::A3));
    assert!(Role::Pawn < Role::King && Color::White < Color::Black);
}
