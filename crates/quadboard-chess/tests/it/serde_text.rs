//! The `serde` feature: every type round-trips through JSON as its text
//! (`cargo test --workspace --all-features`, README's test command).

use quadboard_chess::{Color, File, Move, Piece, Position, Rank, Role, Square};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::common::random_game_positions;

/// `value` is written as the JSON string `text` and read back as itself.
fn round_trip<T>(value: T, text: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(json, serde_json::to_string(text).unwrap(), "{value:?}");
    assert_eq!(serde_json::from_str::<T>(&json).unwrap(), value, "{json}");
}

#[test]
fn small_types_are_their_names() {
    for square in Square::ALL {
        round_trip(square, &square.to_string());
    }
    for file in File::ALL {
        round_trip(file, &file.char().to_string());
    }
    for rank in Rank::ALL {
        round_trip(rank, &rank.char().to_string());
    }
    round_trip(Color::White, "white");
    round_trip(Color::Black, "black");
    for role in Role::ALL {
        round_trip(role, role.name());
    }
    for piece in Piece::ALL {
        round_trip(piece, &piece.char().to_string());
    }
    assert_eq!(
        serde_json::to_string(&[Square::E4, Square::H8]).unwrap(),
        r#"["e4","h8"]"#
    );
    assert_eq!(
        serde_json::from_str::<Color>(r#""w""#).unwrap(),
        Color::White
    );
    assert_eq!(
        serde_json::from_str::<Role>(r#""N""#).unwrap(),
        Role::Knight
    );
}

#[test]
fn bad_text_is_refused_with_the_reason() {
    let error = serde_json::from_str::<Square>(r#""e9""#).unwrap_err();
    assert!(error.to_string().contains("expected a square"), "{error}");
    assert!(serde_json::from_str::<Square>("4").is_err());
    assert!(serde_json::from_str::<File>(r#""A""#).is_err());
    assert!(serde_json::from_str::<Piece>(r#""x""#).is_err());
    assert!(serde_json::from_str::<Role>(r#""Knight""#).is_err());
    for bad in [r#""e2e""#, r#""e2e4k""#, r#""e2e4qq""#, r#""E2E4""#, "17"] {
        assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
    }
    let error = serde_json::from_str::<Position>(r#""8/8/8/8/8/8/8/8 w - - 0 1""#).unwrap_err();
    assert!(error.to_string().contains("invalid FEN"), "{error}");
}

/// Positions as FEN and their moves as UCI, along random standard and Chess960 games.
#[test]
fn positions_and_moves_round_trip() {
    let mut special = 0;
    for pos in random_game_positions(20, 200, 11) {
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, serde_json::to_string(&pos.to_fen()).unwrap());
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_setup(), pos.to_setup(), "{json}");
        assert_eq!(back.key(), pos.key(), "{json}");

        let moves = pos.legal_moves();
        let json = serde_json::to_string(&moves[..]).unwrap();
        let texts: Vec<String> = serde_json::from_str(&json).unwrap();
        let back: Vec<Move> = serde_json::from_str(&json).unwrap();
        for ((&m, text), read) in moves.iter().zip(&texts).zip(back) {
            assert_eq!(*text, m.to_string());
            // The text alone gives normal moves and promotions back exactly; castling and
            // en passant come back through the position.
            if m.is_castle() || m.is_en_passant() {
                special += 1;
                assert_eq!(read, Move::normal(m.from(), m.to()));
            } else {
                assert_eq!(read, m);
            }
            assert_eq!(pos.parse_uci(text), Ok(m), "{} {text}", pos.to_fen());
        }
    }
    assert!(special > 100, "{special} castling and en passant moves");
}
