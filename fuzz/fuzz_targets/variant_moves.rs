//! A selector byte picking a variant and one of a few positions of it (each start position,
//! then crazyhouse with pockets and promoted pieces, antichess with promotions to a king,
//! atomic with the kings near, horde mid-game, three-check with checks given, king of the
//! hill and racing kings near their goal), then any bytes as a move text: `parse_uci`,
//! `parse_san` and `parse_pgn_move` never panic; a move any of them accepts is legal, and
//! its `to_uci` and `to_san` read back as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::variant::{AnyVariant, Variant, VariantMove};

/// The positions beside each start position.
const POSITIONS: [(Variant, &str); 9] = [
    (
        Variant::Crazyhouse,
        "r1bq1rk1/ppp2ppp/2n2n2/3Pp3/1bB5/2N2N2/PPPP1PPP/R1BQ~K2R[PBnp] w KQ - 0 7",
    ),
    (
        Variant::Crazyhouse,
        "4k3/1P6/8/8/8/8/6p1/4K2R[QRBNPqrbnp] w K - 0 1",
    ),
    (Variant::Antichess, "8/1P4k1/8/8/8/8/5p2/6N1 w - - 0 1"),
    (
        Variant::Antichess,
        "rnb1kbnr/pPpp1ppp/8/4p3/8/8/P1PPPPPP/RNBQKBNR w - - 0 4",
    ),
    (Variant::Atomic, "8/8/8/3kq3/3QK3/8/8/8 w - - 0 1"),
    (
        Variant::Atomic,
        "r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 1",
    ),
    (
        Variant::Horde,
        "rnbqkbnr/pppp1ppp/8/4p3/1PPP1PP1/PPPPPPPP/PPPPPPPP/PPP1PPPP w kq e6 0 3",
    ),
    (Variant::ThreeCheck, "4k3/8/8/8/8/8/8/R3K2R w KQ - 1+2 0 1"),
    (Variant::KingOfTheHill, "8/8/8/2k5/8/4K3/8/8 w - - 0 1"),
];

/// A move read, checked: legal, and its printed forms read back as itself.
fn check(pos: &AnyVariant, m: VariantMove) {
    assert!(pos.legal_moves().contains(&m), "{m:?} is not legal");
    let uci = pos.to_uci(m);
    assert_eq!(
        pos.parse_uci(&uci),
        Ok(m),
        "{uci} reads back as another move"
    );
    let san = pos.to_san(m);
    assert_eq!(
        pos.parse_san(san.as_str()),
        Ok(m),
        "{san} reads back as another move"
    );
    assert_eq!(pos.parse_pgn_move(san.as_str().as_bytes()), Ok(m));
    assert_eq!(pos.parse_pgn_move(uci.as_bytes()), Ok(m));
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let count = Variant::ALL.len() + POSITIONS.len();
    let pos = match first as usize % count {
        n if n < Variant::ALL.len() => AnyVariant::new(Variant::ALL[n]),
        n => {
            let (variant, fen) = POSITIONS[n - Variant::ALL.len()];
            AnyVariant::from_fen(variant, fen).expect("fixed FENs are legal")
        }
    };
    if let Ok(m) = pos.parse_pgn_move(rest) {
        check(&pos, m);
    }
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if let Ok(m) = pos.parse_uci(text) {
        check(&pos, m);
    }
    if let Ok(m) = pos.parse_san(text) {
        check(&pos, m);
    }
});
