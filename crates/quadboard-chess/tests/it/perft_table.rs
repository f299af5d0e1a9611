//! The perft transposition table under pressure: hits, replacements, index collisions and
//! threads sharing one table, every count checked against plain perft or a published
//! count.
//!
//! The table only serves subtrees of depth 2 or more, so the roots here are searched to
//! depth 4 to 7. Whether the table was used is read from [`PerftTable::stores`]: one
//! thread stores once per miss, so fewer stores than there are depth-2+ nodes in the
//! tree means some of them were answered from the table.

use std::sync::Barrier;

use quadboard_chess::perft::{
    perft_divide, perft_total, perft_with_table, PerftOptions, PerftTable, Representation,
};
use quadboard_chess::{perft, Position};

/// Positions where many move orders lead to the same position, with a depth that gives
/// the table thousands of subtrees to share, and their published counts.
const TRANSPOSING: [(&str, u32, u64); 3] = [
    // Rooks, kings and pawns: shuffling pieces transpose everywhere.
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    // Castling rights lost on different paths to the same placement.
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 6, 179_862_938),
];

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The nodes of the tree below `pos` that have 2 or more plies left (the ones the table
/// serves): one probe each when nothing is found in the table.
fn probed_without_hits(pos: &Position, depth: u32) -> u64 {
    (0..=depth.saturating_sub(2)).map(|d| perft(pos, d)).sum()
}

/// A 1 MiB table (32,768 entries) is far smaller than these trees: the counts stay exact
/// through hits and replacements, and the table is really used. Catches a hit that
/// returns the wrong subtree's count (a key missing a field, a count stored for the wrong
/// depth), a replacement that leaves the old count under the new key, and a table that
/// silently stops hitting (probe and store indexing differently), which would store once
/// per probed node.
#[test]
fn small_table_hits_and_replaces_with_exact_counts() {
    for (fen, depth, nodes) in TRANSPOSING {
        let pos = position(fen);
        let table = PerftTable::new(1);
        assert_eq!(perft_with_table(&pos, depth, &table), nodes, "{fen}");
        let probed = probed_without_hits(&pos, depth);
        let stores = table.stores();
        assert!(stores < probed, "{fen}: no hits ({stores} stores)");
        assert!(stores > table.occupied() as u64, "{fen}: no replacements");
        // Reused, the table answers the root at once with the same count.
        assert_eq!(perft_with_table(&pos, depth, &table), nodes, "{fen}");
        assert_eq!(table.stores(), stores, "{fen}: the root was not found");
    }
}

/// A table of one two-way bucket: every probe lands on the same two entries, which
/// nearly always hold other subtrees. Counts stay exact only if an entry is trusted
/// after comparing its whole 128-bit key (of position and depth), not its index. Catches
/// a probe that skips or shortens that comparison.
#[test]
fn one_bucket_refuses_foreign_entries() {
    let table = PerftTable::new(0);
    assert_eq!(table.len(), 2);
    for (fen, depth) in [
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            5,
        ),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            5,
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            5,
        ),
    ] {
        let pos = position(fen);
        let stores = table.stores();
        assert_eq!(
            perft_with_table(&pos, depth, &table),
            perft(&pos, depth),
            "{fen}"
        );
        // Nearly every probed subtree missed and went through the two entries.
        let probed = probed_without_hits(&pos, depth);
        assert!(table.stores() - stores >= probed / 2, "{fen}");
    }
    assert_eq!(table.occupied(), 2);
}

/// One table reused across positions that share their placement but differ in side to
/// move, castling rights or en passant square, and across depths of one position. Catches
/// a packed key that drops or overlaps one of those fields: the root would then find the
/// count its twin stored before it.
#[test]
fn reused_table_tells_apart_turn_castling_en_passant_and_depth() {
    let table = PerftTable::new(1);
    let groups: [&[&str]; 5] = [
        &[
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        ],
        // Chess960: the same placement with inner and outer rooks castling.
        &[
            "rr2k1rr/8/8/8/8/8/8/RR2K1RR w HAha - 0 1",
            "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1",
            "rr2k1rr/8/8/8/8/8/8/RR2K1RR w GAga - 0 1",
        ],
        &[
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
        ],
        &[
            "8/8/3k4/8/2pPp3/8/8/3K4 b - d3 0 1",
            "8/8/3k4/8/2pPp3/8/8/3K4 b - - 0 1",
            "8/8/3k4/8/2pPp3/8/8/3K4 w - - 0 1",
        ],
        &[
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
        ],
    ];
    for group in groups {
        for depth in [4, 5, 3] {
            for fen in group {
                let pos = position(fen);
                assert_eq!(
                    perft_with_table(&pos, depth, &table),
                    perft(&pos, depth),
                    "{fen} depth {depth}"
                );
            }
        }
    }
}

/// King and pawn endings: the same position recurs within one tree at different depths
/// (kings step out and back), so the depth stored with an entry must match. Catches a key
/// without the depth, and hits that give a subtree of the wrong size.
#[test]
fn positions_recurring_at_other_depths() {
    for (fen, depth) in [
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 9),
        ("8/8/8/3k4/8/8/8/R3K3 w Q - 0 1", 7),
        ("8/5p2/8/2k5/8/8/3P4/3K4 w - - 0 1", 8),
    ] {
        let pos = position(fen);
        let table = PerftTable::new(1);
        let hashed = perft_with_table(&pos, depth, &table);
        assert_eq!(hashed, perft(&pos, depth), "{fen}");
        assert!(table.stores() < probed_without_hits(&pos, depth), "{fen}");
    }
}

/// Worker threads sharing one small table through `perft_divide`: the published count in
/// total, the plain count per root move. Catches work lost or counted twice between the
/// workers, a count credited to the wrong root move, and hits on subtrees another worker
/// stored that return the wrong count. Both representations run the same engine, the
/// quad-bitboard one included.
#[test]
fn threads_share_a_small_table() {
    for representation in [Representation::Dense, Representation::Quad] {
        for (fen, depth, nodes) in TRANSPOSING {
            let pos = position(fen);
            let table = PerftTable::new(1);
            let options = PerftOptions {
                threads: 3,
                table: Some(&table),
                progress: None,
                representation,
            };
            assert_eq!(
                perft_total(&pos, depth, &options),
                u128::from(nodes),
                "{fen} {representation:?}"
            );
            assert!(table.stores() > table.occupied() as u64, "{fen}");
        }
    }
    let pos = position(TRANSPOSING[2].0);
    let table = PerftTable::new(1);
    let divided = perft_divide(
        &pos,
        4,
        &PerftOptions {
            threads: 2,
            table: Some(&table),
            ..Default::default()
        },
    );
    for (m, nodes) in divided {
        let child = pos.play(m).unwrap();
        assert_eq!(nodes, u128::from(perft(&child, 3)), "{m:?}");
    }
}

/// Threads started together on the same position share one table, each taking the root
/// moves in its own rotation, so that at any moment they store different subtrees into
/// the same entries and find the subtrees the others stored. With two entries every store
/// contends with the other threads; with 1 MiB most hits come from another thread. Every
/// thread must still get the plain count. Catches a count that depends on which thread
/// stored an entry, and an entry found under another subtree's key after concurrent
/// stores. A torn read that mixes two stores needs two threads within nanoseconds of
/// each other on one entry, and is not reliably caught here (each entry stores its key
/// XORed with its data, so that such a mix fails the key comparison).
#[test]
fn racing_threads_on_one_position_agree() {
    const THREADS: usize = 4;
    for (fen, depth) in [
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
        ),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 8),
    ] {
        let pos = position(fen);
        let expected = perft(&pos, depth);
        let children: Vec<Position> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.play(m).unwrap())
            .collect();
        for megabytes in [0, 1] {
            let table = PerftTable::new(megabytes);
            let barrier = Barrier::new(THREADS);
            let counts: Vec<u64> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..THREADS)
                    .map(|t| {
                        let (children, table, barrier) = (&children, &table, &barrier);
                        scope.spawn(move || {
                            barrier.wait();
                            let first = t * children.len() / THREADS;
                            (0..children.len())
                                .map(|i| {
                                    let child = &children[(first + i) % children.len()];
                                    perft_with_table(child, depth - 1, table)
                                })
                                .sum()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            assert_eq!(counts, [expected; THREADS], "{fen}, {megabytes} MiB");
        }
    }
}

/// Deep enough runs are split three plies below the root, into unique positions each
/// counted once and multiplied by the move orders that reach it from each root move.
/// Every root move's count must equal its own perft, with and without a table and
/// threads. Catches a multiplicity credited to the wrong root move, lost when two root
/// moves reach one position, or counted once per position instead of once per path.
#[test]
fn divide_counts_shared_positions_once_per_path() {
    for fen in [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ] {
        let pos = position(fen);
        let check = PerftTable::new(16);
        let expected: Vec<u128> = pos
            .legal_moves()
            .iter()
            .map(|&m| u128::from(perft_with_table(&pos.play(m).unwrap(), 6, &check)))
            .collect();
        for (threads, megabytes) in [(1, 0), (2, 0), (2, 4)] {
            let table = (megabytes > 0).then(|| PerftTable::new(megabytes));
            let options = PerftOptions {
                threads,
                table: table.as_ref(),
                ..Default::default()
            };
            let divided: Vec<u128> = perft_divide(&pos, 7, &options)
                .into_iter()
                .map(|(_, nodes)| nodes)
                .collect();
            assert_eq!(
                divided, expected,
                "{fen}, {threads} threads, {megabytes} MiB"
            );
        }
    }
}
