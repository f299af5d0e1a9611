//! Arbitrary text as a UCI move in a few positions: never panics, and every accepted
//! move is legal and prints back to a text that reads as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::Position;

const FENS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let pos = Position::from_fen(FENS[first as usize % FENS.len()]).expect("fixed FENs are legal");
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if let Ok(m) = pos.parse_uci(text) {
        assert!(pos.legal_moves().contains(&m));
        assert_eq!(pos.parse_uci(&pos.to_uci(m).to_string()), Ok(m));
    }
});
