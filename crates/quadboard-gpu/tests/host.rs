//! The kernels' code (`kernels/movegen.cuh`) compiled for the CPU against quadboard-chess:
//! perft of tricky positions, random standard and Chess960 positions, and the suites of
//! `../shared/data/perft` at low depth.

#[path = "../../quadboard-chess/tests/common/mod.rs"]
mod common;

use common::Rng;
use quadboard_chess::perft::suite::parse_suite;
use quadboard_chess::{perft, Position};
use quadboard_gpu::{
    host_children, host_perft, Emulator, GpuOptions, GpuPosition, LEVEL_BYTES_MIN, LEVEL_MIN,
};

/// Compares the kernels' perft with the library's at each depth up to `depth`.
fn check(pos: &Position, depth: u32) {
    let gpu = GpuPosition::from(pos);
    for d in 1..=depth {
        assert_eq!(
            host_perft(&gpu, d),
            perft(pos, d),
            "{} depth {d}",
            pos.to_fen()
        );
    }
}

/// Positions where en passant, castling and promotion go wrong first, with depths whose
/// counts stay under a few million nodes.
const TRICKY: &[(&str, u32)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    // Kiwipete: castling both ways, pins, en passant after b2-b4 or g2-g4.
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    // Position 3: en passant that uncovers a rank attack on the king.
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    // Position 4 and its mirror: promotions, castling out of and through checks.
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
    ),
    (
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        4,
    ),
    // Position 5: promotion with capture and check.
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
    ),
    // En passant pinned along the rank, along a diagonal, and a check that en passant ends.
    ("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", 5),
    ("8/8/8/8/k2Pp2Q/8/8/7K b - d3 0 1", 5),
    ("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", 5),
    ("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", 5),
    ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 5),
    // Castling: a rook attacks the path, the b-file rook path, promotion onto a rook.
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4),
    ("r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4),
    ("1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1", 5),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 4),
    // Chess960: king and rook swap squares, the rook shields the king's destination,
    // the king does not move.
    (
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        4,
    ),
    ("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1", 4),
    ("1r2k3/8/8/8/8/8/8/qR2K2R w HB - 0 1", 3),
    ("8/8/8/8/8/8/8/rRK4k w B - 0 1", 3),
];

/// The smallest level memory there is: every level [`LEVEL_MIN`] positions, so that a
/// count of a few thousand nodes already splits levels into parts.
fn tight() -> usize {
    LEVEL_BYTES_MIN
}

/// The kernels' slider tables, built from the library's magics over the kernels' own masks
/// and layout, answer every occupancy of every square as the table-free attacks do.
#[test]
fn slider_tables_match_the_table_free_attacks() {
    assert_eq!(quadboard_gpu::host_table_errors(), 0);
}

/// The whole GPU path (host expansion, levels, parts, table) on the CPU, against the
/// library, in each configuration the device runs.
#[test]
fn emulated_gpu_path_matches_the_library() {
    let configurations = [
        // All plies on the device, levels split into parts, no table.
        (None, 0, Some(tight())),
        // Two plies on the device, the rest expanded by the host one sequence at a time.
        (Some(2), 0, None),
        // A table of 64 entries (constant replacement, torn by nothing) and merged host
        // plies, with parts.
        (Some(3), 64 * 16, Some(tight())),
        // One ply on the device: the leaves step alone under each root.
        (Some(1), 1 << 16, None),
        // Four plies on the device with a table large enough for transpositions to hit
        // (from ply 4 on) and small enough for entries to be replaced.
        (Some(4), 1 << 14, Some(tight())),
    ];
    for (plies, table_bytes, level_bytes) in configurations {
        let options = GpuOptions {
            device_plies: plies,
            table_bytes,
            level_bytes,
        };
        let mut emulator = Emulator::new(options).expect("options in range");
        for &(fen, depth) in TRICKY {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for d in 0..=depth.min(if plies == Some(4) { 5 } else { 4 }) {
                assert_eq!(
                    emulator.perft(&pos, d).expect("counted"),
                    perft(&pos, d),
                    "{fen} depth {d} with {options:?}"
                );
            }
        }
    }
}

/// With a table: parts of a level find the entries earlier parts stored (the level of
/// Kiwipete's third ply splits into parts), and a count repeated is answered from the
/// entries of the first.
#[test]
fn emulated_table_entries_are_found_across_parts_and_counts() {
    let options = GpuOptions {
        device_plies: Some(4),
        table_bytes: 1 << 20,
        level_bytes: Some(tight()),
    };
    let mut emulator = Emulator::new(options).expect("options in range");
    let kiwipete = Position::from_fen(TRICKY[1].0).expect("valid");
    assert_eq!(emulator.perft(&kiwipete, 5).expect("counted"), 193_690_690);
    for _ in 0..2 {
        assert_eq!(emulator.perft(&kiwipete, 4).expect("counted"), 4_085_603);
    }
}

/// Watched, a count goes in passes of a sixty-fourth of the host's positions, each
/// reported once, ending at the whole; the count is the same.
#[test]
fn progress_is_reported_after_each_pass() {
    let mut emulator = Emulator::new(GpuOptions {
        device_plies: Some(2),
        table_bytes: 1 << 16,
        level_bytes: None,
    })
    .expect("options in range");
    let reports = std::cell::RefCell::new(Vec::new());
    let record = |done: usize, total: usize| reports.borrow_mut().push((done, total));
    let n = emulator
        .perft_with_progress(&Position::new(), 5, Some(&record))
        .expect("counted");
    assert_eq!(n, 4_865_609);
    let reports = reports.into_inner();
    // Ply 3 merged: 5,362 positions in passes of 84.
    assert_eq!(reports.len(), 5_362usize.div_ceil(84));
    assert!(reports.windows(2).all(|w| w[0].0 < w[1].0));
    assert_eq!(reports.last(), Some(&(5_362, 5_362)));
}

/// The roots' counts come back each to its own root, in order, chunk after chunk.
#[test]
fn emulated_counts_per_root_and_divide_match_the_library() {
    let options = GpuOptions {
        device_plies: None,
        table_bytes: 1 << 12,
        level_bytes: Some(tight()),
    };
    let mut emulator = Emulator::new(options).expect("options in range");
    let mut rng = Rng(0xd1_7d1e);
    let positions: Vec<Position> = (0..6000)
        .map(|i| random_walk(Position::new(), 2 + i % 30, &mut rng))
        .collect();
    let roots: Vec<GpuPosition> = positions.iter().map(GpuPosition::from).collect();
    // More roots than the top level holds: two chunks.
    assert!(roots.len() > LEVEL_MIN);
    let counts = emulator.count_roots(&roots, 2).expect("counted");
    for (pos, n) in positions.iter().zip(counts) {
        assert_eq!(n, perft(pos, 2), "{}", pos.to_fen());
    }
    let kiwipete = Position::from_fen(TRICKY[1].0).expect("valid");
    let divided = emulator.perft_divide(&kiwipete, 3).expect("counted");
    assert_eq!(divided.len(), 48);
    for (m, n) in divided {
        let mut child = kiwipete;
        child.play_unchecked(m);
        assert_eq!(n, perft(&child, 2));
    }
}

/// A lenient setup with 40 white pieces (far more moves than any real position) counts
/// as the library does: the kernels keep no move list of bounded length.
#[test]
fn crowded_lenient_setups_count_too() {
    let crowded =
        Position::from_fen_lenient("kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1").unwrap();
    let mut emulator = Emulator::new(GpuOptions::default()).expect("defaults");
    for d in 1..=2 {
        assert_eq!(
            emulator.perft(&crowded, d).expect("counted"),
            perft(&crowded, d)
        );
    }
}

#[test]
fn tricky_positions_match_the_library() {
    for &(fen, depth) in TRICKY {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check(&pos, depth);
    }
}

/// A position `plies` random legal moves from `pos` (fewer when the game ends first).
fn random_walk(pos: Position, plies: usize, rng: &mut Rng) -> Position {
    *common::random_game(pos, plies, rng)
        .last()
        .expect("the start at least")
}

#[test]
fn random_standard_and_chess960_positions_match_the_library() {
    let mut rng = Rng(0x9e0_2026);
    for i in 0..120 {
        let start = if i % 2 == 0 {
            Position::new()
        } else {
            Position::chess960(rng.below(960) as u16).expect("0 to 959")
        };
        let pos = random_walk(start, rng.below(60), &mut rng);
        check(&pos, if i < 20 { 4 } else { 3 });
    }
}

/// The kernels' children of a position are the library's, as sets: make-move writes the
/// same placement, castling rooks, en passant square (where a pawn can take) and side to
/// move.
#[test]
fn children_match_the_library_in_random_games() {
    let mut rng = Rng(0x5eed_c0de);
    for i in 0..200 {
        let start = if i % 2 == 0 {
            Position::new()
        } else {
            Position::chess960(rng.below(960) as u16).expect("0 to 959")
        };
        let pos = random_walk(start, rng.below(80), &mut rng);
        let mut expected: Vec<GpuPosition> = pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = pos;
                child.play_unchecked(m);
                GpuPosition::from(&child)
            })
            .collect();
        let mut got = host_children(&GpuPosition::from(&pos));
        let key = |p: &GpuPosition| (p.planes, p.castling, p.ep, p.black);
        expected.sort_by_key(key);
        got.sort_by_key(key);
        // Whole positions: the en passant square too, which both keep only where a pawn of
        // the side to move attacks it (so that equal positions merge).
        assert_eq!(got, expected, "{}", pos.to_fen());
    }
}

/// The suites at low depth: every entry up to `max_nodes` at each depth.
fn run_suite(file: &str, every: usize, max_nodes: u64) -> usize {
    let Some(dir) = common::perft_data_dir() else {
        return 0;
    };
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = parse_suite(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut ran = 0;
    for entry in entries.iter().step_by(every) {
        let pos = Position::from_fen_lenient(&entry.fen)
            .unwrap_or_else(|e| panic!("{file}:{}: {e}", entry.line));
        let gpu = GpuPosition::from(&pos);
        for &(depth, nodes) in &entry.counts {
            if nodes <= max_nodes {
                assert_eq!(
                    host_perft(&gpu, depth),
                    nodes,
                    "{file}:{}: depth {depth}",
                    entry.line
                );
                ran += 1;
            }
        }
    }
    assert!(ran > 0, "{file}: no entry under the cap");
    ran
}

#[test]
fn suites_at_low_depth() {
    run_suite("ethereal-standard.epd", 1, 1_000_000);
    run_suite("ethereal-fischer.epd", 4, 500_000);
    run_suite("shakmaty-tricky.perft", 1, 1_000_000);
    run_suite("python-chess-tricky.perft", 1, 1_000_000);
    run_suite("sedlak-generated.epd", 1, 1_000_000);
    run_suite("random.perft", 40, 200_000);
}

/// The kernels' generator alone on the CPU (start perft 5, Kiwipete 4, position 3 5), for
/// counting its instructions with cachegrind as a deterministic stand-in for the work a
/// GPU thread does (docs/gpu.md): `valgrind --tool=cachegrind <test binary>
/// kernel_work_on_the_cpu --ignored`.
#[test]
#[ignore = "a workload for cachegrind"]
fn kernel_work_on_the_cpu() {
    for (fen, depth, nodes) in [
        (TRICKY[0].0, 5, 4_865_609),
        (TRICKY[1].0, 4, 4_085_603),
        (TRICKY[2].0, 5, 674_624),
    ] {
        let pos = Position::from_fen(fen).expect("valid");
        assert_eq!(host_perft(&GpuPosition::from(&pos), depth), nodes);
    }
}
