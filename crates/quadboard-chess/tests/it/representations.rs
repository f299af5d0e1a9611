//! Every board representation converts to every other without loss, and quad-bitboard
//! make/unmake by XOR deltas tracks move making exactly.

use proptest::prelude::*;
use quadboard_chess::board::{ClassicalBoard, Mailbox, Placement, QuadBoard};
use quadboard_chess::{Board, Piece, Position};

use crate::common::Rng;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
];

fn assert_round_trips(board: &Board) {
    let quad = QuadBoard::from_board(board);
    let classical = ClassicalBoard::from_board(board);
    let mailbox = board.to_mailbox();
    assert_eq!(quad.to_board(), *board);
    assert_eq!(classical.to_board(), *board);
    assert_eq!(Board::from_mailbox(&mailbox), *board);
    assert_eq!(quad.to_mailbox(), mailbox);
    assert_eq!(classical.to_mailbox(), mailbox);
    assert_eq!(QuadBoard::from_mailbox(&mailbox), quad);
    assert_eq!(ClassicalBoard::from_mailbox(&mailbox), classical);
    assert_eq!(classical.to_quad(), quad);
    assert_eq!(ClassicalBoard::from_quad(&quad), classical);
    assert_eq!(QuadBoard::from_hex(&quad.to_hex()), Some(quad));
    assert_eq!(QuadBoard::from_codes(&quad.to_codes()), Ok(quad));
    assert_eq!(quad.to_hex(), quad.to_hex_scalar());
    assert_eq!(quad.to_codes(), quad.to_codes_scalar());
    for piece in Piece::ALL {
        assert_eq!(quad.by_piece(piece), board.by_piece(piece));
        assert_eq!(classical.by_piece(piece), board.by_piece(piece));
    }
}

#[test]
fn random_games_round_trip_and_xor_make_unmake() {
    let mut rng = Rng(3);
    let mut positions = 0;
    for game in 0..400 {
        let mut pos = Position::from_fen_lenient(STARTS[game % STARTS.len()]).unwrap();
        for _ in 0..200 {
            assert_round_trips(pos.board());
            let fen = pos.to_fen();
            let reparsed = Position::from_fen_lenient(&fen).unwrap();
            assert_eq!(reparsed.to_fen(), fen);
            assert_eq!(
                (reparsed.board(), reparsed.key()),
                (pos.board(), pos.key()),
                "{fen}"
            );
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = QuadBoard::from_board(pos.board());
            for &m in moves.iter() {
                let mut quad = before;
                let delta = quad.play(m);
                let after = pos.play(m).unwrap();
                assert_eq!(
                    quad,
                    QuadBoard::from_board(after.board()),
                    "{fen} {}",
                    pos.to_uci(m)
                );
                quad.apply(delta);
                assert_eq!(quad, before, "{fen} {}: unmake", pos.to_uci(m));
            }
            pos = pos
                .play(moves[(rng.next() % moves.len() as u64) as usize])
                .unwrap();
        }
    }
    assert!(positions > 50_000, "{positions}");
}

fn any_mailbox() -> impl Strategy<Value = Mailbox> {
    let square = prop_oneof![
        3 => Just(None),
        2 => proptest::sample::select(Piece::ALL.to_vec()).prop_map(Some),
    ];
    proptest::collection::vec(square, 64).prop_map(|v| <[Option<Piece>; 64]>::try_from(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary placements, legal or not, survive every conversion.
    #[test]
    fn arbitrary_placements_round_trip(mailbox in any_mailbox()) {
        assert_round_trips(&Board::from_mailbox(&mailbox));
    }

    /// Arbitrary bytes as codes: accepted exactly when every byte names a piece or empty.
    #[test]
    fn codes_are_validated(codes in proptest::array::uniform32(0u8..16), high in proptest::array::uniform32(0u8..16)) {
        let mut all = [0u8; 64];
        all[..32].copy_from_slice(&codes);
        all[32..].copy_from_slice(&high);
        let valid = all.iter().all(|&c| c == 0 || (2..=13).contains(&c));
        match QuadBoard::from_codes(&all) {
            Ok(quad) => {
                prop_assert!(valid);
                prop_assert_eq!(quad.to_codes(), all);
            }
            Err(err) => {
                prop_assert!(!valid);
                prop_assert_eq!(all[err.square as usize], err.code);
            }
        }
    }
}

/// The quad-bitboard engine counts what the dense one counts, castling, en passant and
/// promotions included, in standard chess and Chess960.
#[test]
fn checkers_agree_on_every_placement() {
    // `Placement::checkers` on the quad planes (through its overridden reads) against
    // `Position::checkers` on the dense board, over positions with checks among them.
    let mut checks = 0;
    for pos in crate::common::random_game_positions(60, 120, 3) {
        let quad = QuadBoard::from_board(pos.board());
        assert_eq!(
            quad.checkers(pos.turn()),
            pos.checkers(),
            "{}",
            pos.to_fen()
        );
        assert_eq!(Placement::occupied(&quad), pos.board().occupied());
        checks += usize::from(pos.is_check());
    }
    assert!(checks > 10, "only {checks} positions in check");
}

#[test]
fn quad_perft_agrees_with_dense() {
    use quadboard_chess::perft::{perft, perft_quad};
    use quadboard_chess::Position;
    for (fen, depth) in [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            3,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            3,
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            3,
        ),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft_quad(&pos, depth), perft(&pos, depth), "{fen}");
    }
}
