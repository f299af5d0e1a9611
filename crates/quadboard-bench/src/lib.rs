//! Shared inputs for the peer benchmarks in `benches/peers.rs`: the positions every
//! library is timed on, so that all of them do exactly the same work.
//!
//! `cargo bench -p quadboard-bench` runs the comparison; `docs/peers.md` explains it.

use quadboard_chess::perft::BenchPosition;
use quadboard_chess::Position;

/// The six positions of the chess programming wiki's perft page, one or two plies
/// shallower than `quadboard bench` so that criterion can sample them many times.
pub const PERFT_CASES: [BenchPosition; 6] = [
    BenchPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
    },
    BenchPosition {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 6,
        nodes: 11_030_083,
    },
    BenchPosition {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 5,
        nodes: 15_833_292,
    },
    BenchPosition {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 4,
        nodes: 2_103_487,
    },
    BenchPosition {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 4,
        nodes: 3_894_594,
    },
];

/// FENs of `count` positions along reproducible random games from the start position
/// (splitmix64 choices, at most 100 plies a game): the set the per-position move
/// generation benchmark walks.
pub fn random_game_fens(count: usize) -> Vec<String> {
    let mut state = 0x51_7cc1_b727_220a_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut fens = Vec::with_capacity(count);
    while fens.len() < count {
        let mut pos = Position::new();
        for _ in 0..100 {
            let moves = pos.legal_moves();
            if moves.is_empty() || fens.len() == count {
                break;
            }
            fens.push(pos.to_fen());
            pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
    }
    fens
}
