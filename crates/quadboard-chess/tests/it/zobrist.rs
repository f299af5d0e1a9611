//! Polyglot keys: the published test positions, and incremental keys along random games.

use quadboard_chess::{Position, Setup};

#[test]
fn published_polyglot_keys() {
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            0x463b96181691fc9c,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            0x823c9b50fd114196,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            0x0756b94461c50fb0,
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
            0x662fafb965db29d4,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            0x22a48b5a8e47ff78,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
            0x652a607ca3f242c1,
        ),
        (
            "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
            0x00fdd303c946bdd9,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
            0x3c8123ea7b067637,
        ),
        (
            "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
            0x5c3f9b829b279560,
        ),
    ];
    for (fen, key) in cases {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.key(), key, "{fen}");
    }
    // The same keys reached by playing the moves.
    let mut pos = Position::new();
    for (uci, key) in [
        ("e2e4", 0x823c9b50fd114196u64),
        ("d7d5", 0x0756b94461c50fb0),
        ("e4e5", 0x662fafb965db29d4),
        ("f7f5", 0x22a48b5a8e47ff78),
        ("e1e2", 0x652a607ca3f242c1),
        ("e8f7", 0x00fdd303c946bdd9),
    ] {
        pos = pos.play(pos.parse_uci(uci).unwrap()).unwrap();
        assert_eq!(pos.key(), key, "after {uci}");
    }
}

#[test]
fn incremental_keys_match_keys_from_scratch() {
    let mut seed = 99u64;
    for game in 0..300 {
        let mut pos = if game % 2 == 0 {
            Position::new()
        } else {
            // Chess960 starts exercise castling with any rook and king files.
            Position::from_fen("qnbrkrnb/pppppppp/8/8/8/8/PPPPPPPP/QNBRKRNB w KQkq - 0 1").unwrap()
        };
        for _ in 0..150 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            assert_eq!(pos.key(), pos.compute_key(), "{}", pos.to_fen());
            let again = Position::from_fen(&pos.to_fen()).unwrap();
            assert_eq!(again.key(), pos.key(), "{}", pos.to_fen());
            assert_eq!(Setup::from_fen(&pos.to_fen()).unwrap(), pos.to_setup());
        }
    }
}
