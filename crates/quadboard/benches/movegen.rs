//! Move listing with two serialization strategies for knight and king targets: the
//! bit-scan loop and perfect-hashed target lists stored eight at a time.
//!
//! `cargo bench -p quadboard --bench movegen`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use quadboard::{Bitboard, Position};
use std::hint::black_box;
use std::time::Duration;

/// Positions along reproducible random games from the start.
fn positions() -> Vec<Position> {
    let mut seed = 0x5eed_u64;
    let mut out = Vec::new();
    for _ in 0..64 {
        let mut pos = Position::new();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos);
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    out
}

fn listing(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("list legal moves");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group
        .measurement_time(Duration::from_secs(3))
        .sample_size(30);
    group.bench_function("bit-scan loop", |b| {
        b.iter_batched_ref(
            || (),
            |_| {
                positions
                    .iter()
                    .map(|p| black_box(p.moves_to(Bitboard::FULL)).len())
                    .sum::<usize>()
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("perfect hashing", |b| {
        b.iter_batched_ref(
            || (),
            |_| {
                positions
                    .iter()
                    .map(|p| black_box(p.moves_to_hashed(Bitboard::FULL)).len())
                    .sum::<usize>()
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function("count only", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal_moves())
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, listing);
criterion_main!(benches);
