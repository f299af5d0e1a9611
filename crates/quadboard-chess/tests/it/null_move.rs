//! The null move along random standard and Chess960 games: the key kept incrementally is
//! the key from scratch, the position is the one its FEN describes, and a side in check
//! may not pass.

use quadboard_chess::position::NullMoveError;
use quadboard_chess::{zobrist, Color, Position};

use crate::common::random_game_positions;

#[test]
fn null_move_keys_and_fields() {
    let (mut passed, mut refused) = (0, 0);
    for pos in random_game_positions(100, 200, 77) {
        let fen = pos.to_fen();
        if pos.is_check() {
            assert_eq!(pos.null_move(), Err(NullMoveError), "{fen}");
            refused += 1;
            continue;
        }
        let next = pos.null_move().unwrap_or_else(|e| panic!("{fen}: {e}"));
        passed += 1;
        assert_eq!(next.key(), next.compute_key(), "{fen}");
        assert_eq!(next.turn(), !pos.turn());
        assert_eq!(next.ep_square(), None);
        assert_eq!(next.board(), pos.board());
        assert_eq!(next.castling_rooks(), pos.castling_rooks());
        assert_eq!(next.castling_mode(), pos.castling_mode());
        assert_eq!(next.halfmoves(), pos.halfmoves() + 1);
        let fullmoves = pos.fullmoves() + u32::from(pos.turn() == Color::Black);
        assert_eq!(next.fullmoves(), fullmoves);
        // The result is a legal position: the one its own FEN describes.
        let reread = Position::from_fen(&next.to_fen()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(reread.key(), next.key(), "{fen}");
        assert_eq!(
            reread.legal_moves().len(),
            next.legal_moves().len(),
            "{fen}"
        );
        // Moves after the null move keep the key right as well.
        if let Some(&m) = next.legal_moves().first() {
            let after = next.play(m).expect("generated moves are legal");
            assert_eq!(after.key(), after.compute_key(), "{fen}");
        }
        // Passing back restores the key unless an en passant capture was possible.
        if let Ok(back) = next.null_move() {
            let ep_key = zobrist::en_passant_key(pos.board(), pos.turn(), pos.ep_square());
            assert_eq!(back.key() ^ ep_key, pos.key(), "{fen}");
        }
    }
    assert!(
        passed >= 30_000 && refused >= 1_000,
        "{passed} passed, {refused} refused"
    );
}

#[test]
fn null_move_examples() {
    let pos =
        Position::from_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2").unwrap();
    let next = pos.null_move().unwrap();
    assert_eq!(
        next.to_fen(),
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 2"
    );
    // Black passes: the move number goes up.
    assert_eq!(next.null_move().unwrap().fullmoves(), 3);
    let check = Position::from_fen("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1").unwrap();
    assert_eq!(check.null_move(), Err(NullMoveError));
    assert_eq!(NullMoveError.to_string(), "no null move while in check");
}
