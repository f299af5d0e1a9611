//! Move listing with two serialization strategies for knight and king targets: the
//! bit-scan loop and perfect-hashed target lists stored eight at a time.
//!
//! And the streaming interface (`Position::for_each_group`) against listing: finding the
//! first capture, and visiting every move.
//!
//! `cargo bench -p quadboard-bench --bench movegen`

use core::ops::ControlFlow;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use quadboard_chess::{Bitboard, Move, Position};
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

/// The first legal capture in generation order, from the list.
fn first_capture_listed(pos: &Position) -> Option<Move> {
    let them = pos.board().by_color(!pos.turn());
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| them.contains(m.to()))
}

/// The same capture from the stream, which stops there.
fn first_capture_streamed(pos: &Position) -> Option<Move> {
    let them = pos.board().by_color(!pos.turn());
    pos.for_each_group(Bitboard::FULL, them, |group| match group.moves().next() {
        Some(m) => ControlFlow::Break(m),
        None => ControlFlow::Continue(()),
    })
    .break_value()
}

fn streaming(c: &mut Criterion) {
    let positions = positions();
    for pos in &positions {
        assert_eq!(first_capture_listed(pos), first_capture_streamed(pos));
    }
    let mut group = c.benchmark_group("stream or list");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group
        .measurement_time(Duration::from_secs(3))
        .sample_size(30);
    group.bench_function("first capture: legal_moves, then find", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| first_capture_listed(black_box(p)))
                .count()
        })
    });
    group.bench_function("first capture: for_each_group to captures, break", |b| {
        b.iter(|| {
            positions
                .iter()
                .filter_map(|p| first_capture_streamed(black_box(p)))
                .count()
        })
    });
    group.bench_function("every move: legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    black_box(p)
                        .legal_moves()
                        .iter()
                        .map(|m| m.bits() as usize)
                        .sum::<usize>()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("every move: for_each_group", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    let mut sum = 0;
                    let _ = black_box(p).for_each_group(Bitboard::FULL, Bitboard::FULL, |g| {
                        sum += g.moves().map(|m| m.bits() as usize).sum::<usize>();
                        ControlFlow::<()>::Continue(())
                    });
                    sum
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, listing, streaming);
criterion_main!(benches);
