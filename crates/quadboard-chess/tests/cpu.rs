//! Every CPU path this machine supports gives the published perft counts, through every
//! entry point, and the same moves as the portable path.
//!
//! The level is global, so this file holds a single test that forces each level in turn.

mod common;

use common::Rng;
use quadboard_chess::cpu::{self, CpuLevel};
use quadboard_chess::perft::{
    perft_divide, perft_quad, perft_stats, perft_with_table, PerftOptions, PerftStats,
    PerftStatsOptions, PerftTable,
};
use quadboard_chess::{perft, Position};

/// (FEN, depth, nodes): the wiki's positions, Chess960 castling, en passant pins and
/// discovered checks, promotions into and out of check.
const CASES: [(&str, u32, u64); 12] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624),
    (
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        3,
        9_467,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
        62_379,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
        89_890,
    ),
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        3,
        12_189,
    ),
    (
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
        3,
        12_333,
    ),
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 5, 185_429),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 5, 206_379),
    ("2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 5, 266_199),
    ("4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 5, 38_983),
];

fn supported() -> Vec<CpuLevel> {
    CpuLevel::ALL
        .into_iter()
        .filter(|l| l.is_supported())
        .collect()
}

/// Positions from random games, standard and Chess960 starts mixed.
fn random_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng(0xc0ff_ee00);
    let mut out = Vec::new();
    for game in 0..games {
        let mut pos = if game % 2 == 0 {
            Position::new()
        } else {
            CASES[6].0.parse_position()
        };
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out
}

/// `perft_stats` of the cases (depth 3 at most) and of some random positions (depth 2),
/// with threads: what every level must find alike.
fn leaf_stats(positions: &[Position]) -> Vec<PerftStats> {
    let options = PerftStatsOptions {
        threads: 2,
        ..Default::default()
    };
    let cases = CASES
        .iter()
        .map(|(fen, depth, _)| perft_stats(&fen.parse_position(), (*depth).min(3), &options));
    let random = positions
        .iter()
        .step_by(8)
        .map(|pos| perft_stats(pos, 2, &options));
    cases.chain(random).collect()
}

trait ParsePosition {
    fn parse_position(&self) -> Position;
}

impl ParsePosition for str {
    fn parse_position(&self) -> Position {
        Position::from_fen(self).unwrap_or_else(|e| panic!("{self}: {e}"))
    }
}

#[test]
fn every_supported_level_counts_and_generates_the_same() {
    let before = cpu::level();
    let levels = supported();
    assert!(levels.contains(&cpu::COMPILED), "{levels:?}");
    // What the lowest path finds, as the reference for the others: the portable one in a
    // build that compiles every level, the only one in a build that compiles one.
    cpu::force(levels[0]).unwrap();
    let positions = random_positions(60, 80);
    let reference: Vec<Vec<_>> = positions.iter().map(|p| p.legal_moves().to_vec()).collect();
    let stats_reference = leaf_stats(&positions);

    for &level in &levels {
        let table = PerftTable::new(1);
        cpu::force(level).unwrap();
        assert_eq!(cpu::level(), level);
        for (fen, depth, nodes) in CASES {
            let pos = fen.parse_position();
            assert_eq!(perft(&pos, depth), nodes, "{level}: {fen}");
            assert_eq!(perft_quad(&pos, depth), nodes, "{level} quad: {fen}");
            assert_eq!(
                perft_with_table(&pos, depth, &table),
                nodes,
                "{level} table: {fen}"
            );
            let options = PerftOptions {
                threads: 2,
                ..Default::default()
            };
            let divided: u128 = perft_divide(&pos, depth, &options)
                .iter()
                .map(|&(_, n)| n)
                .sum();
            assert_eq!(divided, u128::from(nodes), "{level} divide: {fen}");
        }
        for (pos, moves) in positions.iter().zip(&reference) {
            assert_eq!(&pos.legal_moves()[..], moves, "{level}: {}", pos.to_fen());
            assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{level}");
        }
        assert!(
            leaf_stats(&positions) == stats_reference,
            "{level}: perft_stats"
        );
    }
    cpu::force(before).unwrap();
}
