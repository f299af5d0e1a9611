//! Perft: counting the leaf nodes of the legal move tree, the standard test (and benchmark)
//! of a move generator.
//!
//! [`perft`] counts on the dense board and [`perft_quad`] on quad-bitboards, by the same
//! expansion and so always to the same count; [`perft_with_table`] adds an exact
//! transposition table ([`PerftTable`]), and `perft_divide` (with `std`) splits the work
//! across threads. `perft_stats` (with `std`, `perft/stats.rs`) breaks the leaves down
//! into captures, en passant, castles, promotions, checks and mates, as the wiki's tables do. The engine behind them (`perft/engine.rs`) runs the legal generator on a
//! node of either representation, makes each child with the node's own make-move and
//! counts the last ply in bulk (`perft/leaf/`: popcounts of target sets, with shortcuts
//! that only counting allows). No hash key or counter is kept, since perft reads neither.
//! The engine is compiled once per CPU level ([`crate::cpu`]), and each entry point picks
//! the level once.

mod engine;
mod leaf;
#[cfg(feature = "std")]
mod parallel;
#[cfg(feature = "std")]
mod stats;
pub mod suite;
mod table;

#[cfg(feature = "std")]
pub use parallel::{perft_divide, perft_total, PerftOptions};
#[cfg(feature = "std")]
pub use stats::{perft_stats, perft_stats_divide, PerftStats, PerftStatsOptions};
pub use table::{PerftTable, TableAllocError};

use crate::cpu::dispatch;
use crate::position::Position;
use engine::{descend, Hashed, Plain};

/// A position of a standard perft benchmark with the depth it is run to and its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The name it is known by.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth the benchmark runs it to.
    pub depth: u32,
    /// The published node count at that depth.
    pub nodes: u64,
}

/// The six positions of the chess programming wiki's perft page at the depths of
/// `quadboard bench`: 1,451,446,453 nodes in all.
pub const BENCH_POSITIONS: [BenchPosition; 6] = [
    BenchPosition {
        name: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 6,
        nodes: 119_060_324,
    },
    BenchPosition {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 5,
        nodes: 193_690_690,
    },
    BenchPosition {
        name: "position 3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        depth: 7,
        nodes: 178_633_661,
    },
    BenchPosition {
        name: "position 4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        depth: 6,
        nodes: 706_045_033,
    },
    BenchPosition {
        name: "position 5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        depth: 5,
        nodes: 89_941_194,
    },
    BenchPosition {
        name: "position 6",
        fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        depth: 5,
        nodes: 164_075_551,
    },
];

/// The board representation a perft engine runs on. Both give the same counts;
/// `docs/performance.md` compares their speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Representation {
    /// Two colour and six role sets ([`crate::Board`]), the faster one.
    #[default]
    Dense,
    /// Four planes of 4-bit piece codes ([`crate::board::QuadBoard`]).
    Quad,
}

/// The number of leaf nodes `depth` plies below `pos`: single thread, no table.
///
/// ```
/// use quadboard_chess::{perft, Position};
/// assert_eq!(perft(&Position::new(), 4), 197_281);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    dispatch!(C => descend::<C, _, _>(&Plain, &pos.node, pos.turn, depth))
}

/// Perft with a transposition table: the same count as [`perft`], found faster when
/// subtrees repeat. The table may be shared by several threads and reused across calls.
///
/// ```
/// use quadboard_chess::perft::{perft_with_table, PerftTable};
/// use quadboard_chess::Position;
/// let table = PerftTable::new(1);
/// assert_eq!(perft_with_table(&Position::new(), 5, &table), 4_865_609);
/// ```
pub fn perft_with_table(pos: &Position, depth: u32, table: &PerftTable) -> u64 {
    dispatch!(C => descend::<C, _, _>(&Hashed(table), &pos.node, pos.turn, depth))
}

/// Perft of `pos` computed on quad-bitboards: the same expansion as [`perft`] on another
/// representation, so always the same count.
///
/// ```
/// use quadboard_chess::perft::perft_quad;
/// use quadboard_chess::Position;
/// assert_eq!(perft_quad(&Position::new(), 4), 197_281);
/// ```
pub fn perft_quad(pos: &Position, depth: u32) -> u64 {
    let node = pos.node.to_quad_node();
    dispatch_quad!(C => descend::<C, _, _>(&Plain, &node, pos.turn, depth))
}

/// Perft of `pos` on the given representation, with a table if one is given.
#[cfg(feature = "std")]
pub(crate) fn perft_on(
    pos: &Position,
    depth: u32,
    representation: Representation,
    table: Option<&PerftTable>,
) -> u64 {
    let turn = pos.turn;
    match (representation, table) {
        (Representation::Dense, None) => perft(pos, depth),
        (Representation::Dense, Some(t)) => perft_with_table(pos, depth, t),
        (Representation::Quad, None) => perft_quad(pos, depth),
        (Representation::Quad, Some(t)) => {
            let node = pos.node.to_quad_node();
            dispatch_quad!(C => descend::<C, _, _>(&Hashed(t), &node, turn, depth))
        }
    }
}

/// [`dispatch!`] for the quad-bitboard engine, which is compiled for two levels only (half
/// the build time of four): the portable one, and BMI2 for every CPU that has it. Below
/// BMI2 it runs portable code; the AVX-512 level differs from BMI2 only in the dense
/// engine's move counts.
macro_rules! dispatch_quad {
    ($C:ident => $body:expr) => {
        match crate::cpu::level() {
            #[cfg(target_arch = "x86_64")]
            crate::cpu::CpuLevel::Bmi2 | crate::cpu::CpuLevel::Avx512 => {
                type $C = crate::cpu::Bmi2;
                $body
            }
            _ => {
                type $C = crate::cpu::Baseline;
                $body
            }
        }
    };
}
use dispatch_quad;

#[cfg(test)]
mod tests {
    use super::table::Packed;
    use super::*;
    use crate::movegen::Node;
    use crate::test_support::Rng;

    /// The table's key comparison is what keeps counts exact. Subtrees of random
    /// positions are stored in a one-bucket table and probed with other subtrees: a table
    /// comparing the full 128 bits never answers for a subtree it does not hold, one
    /// comparing 10 bits does. Catches a probe that trusts an entry for its bucket alone,
    /// and shows that the full comparison is tested on probes that collide. (The engine's
    /// counts through the table are tested in `tests/it/perft_table.rs`; the unit tests
    /// stay off the engine, so that their build does not compile it again.)
    #[test]
    fn weakened_keys_let_collisions_through() {
        let mut rng = Rng(0x7ab1e);
        let mut subtrees = Vec::new();
        let (mut pos, mut plies) = (Position::new(), 0);
        while subtrees.len() < 20_000 {
            let moves = pos.legal_moves();
            if moves.is_empty() || plies == 80 {
                (pos, plies) = (Position::new(), 0);
                continue;
            }
            plies += 1;
            for depth in 2..5 {
                subtrees.push(Packed::new(&pos.node, pos.turn(), depth));
            }
            pos = pos.play(moves[rng.below(moves.len())]).unwrap();
        }
        let (mut full_wrong, mut weak_wrong) = (0, 0);
        for pair in subtrees.windows(2) {
            if pair[0] == pair[1] {
                continue;
            }
            for (table, wrong) in [
                (PerftTable::new(0), &mut full_wrong),
                (PerftTable::weakened(0, [0x3ff, 0]), &mut weak_wrong),
            ] {
                table.store(table.slot(&pair[0]), 1);
                *wrong += usize::from(table.probe(table.slot(&pair[1])).is_some());
                assert_eq!(table.probe(table.slot(&pair[0])), Some(1));
            }
        }
        assert_eq!(full_wrong, 0);
        assert!(weak_wrong > 0, "no probe collided on 10 bits");
    }

    /// The state copied per move; `docs/performance.md` quotes these sizes.
    #[test]
    fn node_sizes() {
        assert_eq!(core::mem::size_of::<crate::board::QuadBoard>(), 32);
        assert_eq!(core::mem::size_of::<Node<crate::board::QuadBoard>>(), 64);
        assert_eq!(core::mem::size_of::<crate::Board>(), 64);
        assert_eq!(core::mem::size_of::<Node<crate::Board>>(), 80);
    }
}
