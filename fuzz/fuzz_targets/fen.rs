//! Arbitrary text as FEN: parsing never panics, printing round-trips, and accepted
//! positions keep their invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::{perft, CastlingMode, Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The forgiving reading that PGN headers get: what it accepts is a position whose
    // printed FEN reads back to the same position.
    if let Ok((pos, _warnings)) = Position::from_fen_with_warnings(text) {
        assert_eq!(pos.key(), pos.compute_key());
        let printed = pos.to_fen();
        let again = Position::from_fen_lenient(&printed).expect("printed position must parse");
        assert_eq!(again.board(), pos.board(), "{printed}");
        assert_eq!(again.legal_moves().len(), pos.legal_moves().len(), "{printed}");
    }
    let Ok(setup) = Setup::from_fen(text) else { return };
    let _ = setup.validate();
    let four_fields = text.split_ascii_whitespace().count() == 4;
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let printed = setup.to_fen(mode);
        let again = Setup::from_fen(&printed).expect("printed FEN must parse");
        assert_eq!(again.board, setup.board);
        assert_eq!(again.turn, setup.turn);
        assert_eq!(again.ep_square, setup.ep_square);
        if !four_fields {
            assert_eq!((again.halfmoves, again.fullmoves), (setup.halfmoves, setup.fullmoves));
        }
        // Castling letters name rooks; a right without its rook may print differently.
        if setup.invalid_castling_rooks().is_empty() {
            assert_eq!(again.castling_rooks, setup.castling_rooks, "{printed}");
        }
    }
    let strict = Position::from_fen(text);
    for pos in [strict.ok(), Position::from_fen_lenient(text).ok()].into_iter().flatten() {
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64);
        assert_eq!(pos.key(), pos.compute_key());
        let reparsed = Position::from_fen_lenient(&pos.to_fen()).expect("printed position must parse");
        assert_eq!(reparsed.legal_moves().len(), moves.len());
        let mut sum = 0;
        for &m in moves.iter() {
            let child = pos.play(m).expect("generated move must be legal");
            assert_eq!(child.key(), child.compute_key());
            sum += perft(&child, 1);
        }
        assert_eq!(perft(&pos, 2), sum);
    }
});
