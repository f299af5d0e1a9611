//! Counts on a real device (ignored: run where there is a GPU, `scripts/gpu-check.sh` does):
//! the exactness list against the library, in each configuration of the driver,
//! with times printed. Without a device each test says so and passes.

#[path = "../../quadboard-chess/tests/common/mod.rs"]
mod common;

use std::time::Instant;

use common::Rng;
use quadboard_chess::perft::{perft_total, PerftOptions};
use quadboard_chess::Position;
use quadboard_gpu::{Gpu, GpuOptions};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

fn open(options: GpuOptions) -> Option<Gpu> {
    match Gpu::new(options) {
        Ok(gpu) => Some(gpu),
        Err(e) => {
            eprintln!("skipping: {e}");
            None
        }
    }
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The library's count on all cores.
fn reference(pos: &Position, depth: u32) -> u64 {
    let options = PerftOptions {
        threads: threads(),
        ..PerftOptions::default()
    };
    perft_total(pos, depth, &options) as u64
}

/// The tables as `qb_init_tables` filled them on the card agree with the table-free code
/// in every cell (the host's are checked by tests/host.rs).
#[test]
#[ignore = "needs a CUDA device"]
fn tables_on_the_device_match_the_table_free_attacks() {
    let Some(mut gpu) = open(GpuOptions::default()) else {
        return;
    };
    assert_eq!(
        gpu.table_errors().expect("launched"),
        0,
        "on {}",
        gpu.name()
    );
}

/// Start 1-8, Kiwipete 1-6, position 3 1-8 against the known counts, in three
/// configurations: no table, a table with merged host plies, and levels so small that they
/// split into parts at every level.
#[test]
#[ignore = "needs a CUDA device"]
fn known_counts_on_the_device() {
    let known: [(&str, &[u64]); 3] = [
        (
            START,
            &[
                20,
                400,
                8902,
                197281,
                4865609,
                119060324,
                3195901860,
                84998978956,
            ],
        ),
        (KIWIPETE, &[48, 2039, 97862, 4085603, 193690690, 8031647685]),
        (
            POSITION_3,
            &[
                14, 191, 2812, 43238, 674624, 11030083, 178633661, 3009794393,
            ],
        ),
    ];
    let configurations = [
        ("no table", GpuOptions::default()),
        (
            "1 GiB table",
            GpuOptions {
                table_bytes: 1 << 30,
                ..GpuOptions::default()
            },
        ),
        (
            "64 MiB of levels, 4 device plies",
            GpuOptions {
                device_plies: Some(4),
                level_bytes: Some(64 << 20),
                ..GpuOptions::default()
            },
        ),
    ];
    for (name, options) in configurations {
        let Some(mut gpu) = open(options) else { return };
        for (fen, counts) in known {
            let pos = Position::from_fen(fen).expect("valid");
            for (d, &expected) in counts.iter().enumerate() {
                let depth = d as u32 + 1;
                let start = Instant::now();
                let got = gpu.perft(&pos, depth).expect("counted");
                eprintln!(
                    "{name}: {fen} depth {depth}: {got} in {:.3} s",
                    start.elapsed().as_secs_f64()
                );
                assert_eq!(got, expected, "{name}: {fen} depth {depth}");
            }
        }
    }
}

/// A position `plies` random legal moves from `pos` (fewer when the game ends first).
fn random_walk(pos: Position, plies: usize, rng: &mut Rng) -> Position {
    *common::random_game(pos, plies, rng)
        .last()
        .expect("the start at least")
}

/// 200 random standard and Chess960 positions at depth 5, with and without a table.
#[test]
#[ignore = "needs a CUDA device"]
fn random_positions_on_the_device() {
    let mut rng = Rng(0x36_0bad_5eed);
    let positions: Vec<Position> = (0..200)
        .map(|i| {
            let start = if i % 2 == 0 {
                Position::new()
            } else {
                Position::chess960(rng.below(960) as u16).expect("0 to 959")
            };
            random_walk(start, rng.below(70), &mut rng)
        })
        .collect();
    let expected: Vec<u64> = positions.iter().map(|p| reference(p, 5)).collect();
    for options in [
        GpuOptions::default(),
        GpuOptions {
            table_bytes: 1 << 28,
            device_plies: Some(3),
            ..GpuOptions::default()
        },
    ] {
        let Some(mut gpu) = open(options) else { return };
        let start = Instant::now();
        for (pos, &n) in positions.iter().zip(&expected) {
            assert_eq!(
                gpu.perft(pos, 5).expect("counted"),
                n,
                "{} with {options:?}",
                pos.to_fen()
            );
        }
        eprintln!(
            "200 random positions at depth 5 exact with {options:?} in {:.2} s",
            start.elapsed().as_secs_f64()
        );
    }
}
