//! Arbitrary bytes as SAN in a few positions: reading never panics; what reads as SAN prints
//! back to text that reads as the same SAN; a move it names is legal, and its SAN as written
//! by `to_san` reads back as the same move; an ambiguity names at least two pieces.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::san::{San, SanError};
use quadboard_chess::Position;

const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "1k6/8/2Q1Q3/8/2Q1Q3/8/8/K7 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, text)) = data.split_first() else { return };
    let pos = Position::from_fen(FENS[first as usize % FENS.len()]).expect("fixed FENs are legal");
    let san = match San::from_ascii(text) {
        Ok(san) => san,
        Err(e) => {
            assert!(matches!(e, SanError::Syntax(_)));
            let _ = e.to_string();
            return;
        }
    };
    assert_eq!(san.to_string().parse::<San>(), Ok(san));
    match san.to_move(&pos) {
        Ok(m) => {
            assert!(pos.legal_moves().contains(&m));
            assert_eq!(pos.parse_san(pos.to_san(m).as_str()), Ok(m));
            if let Ok(text) = std::str::from_utf8(text) {
                assert_eq!(pos.parse_san(text), Ok(m));
            }
        }
        Err(SanError::Ambiguous { candidates, .. }) => assert!(candidates.more_than_one()),
        Err(SanError::Illegal(_)) => {}
        Err(e @ SanError::Syntax(_)) => panic!("to_move reported {e}"),
    }
});
