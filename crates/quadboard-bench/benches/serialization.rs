//! Serialization strategies compared on realistic sets.
//!
//! Each category holds 1024 fixed pseudo-random sets and one iteration serializes them all,
//! so the reported time divided by 1024 is the time per set:
//! - `sparse`: 1 to 4 squares (kings, queens, pawn captures);
//! - `targets`: 5 to 14 squares (a slider's or several pieces' move targets);
//! - `dense`: 32 to 56 squares (occupancy, empty squares).
//!
//! `leapers` compares the perfect-hashed knight and king lists with the bit-scan loop when
//! turning one piece's target set into moves.
//!
//! Run: `cargo bench -p quadboard-bench --bench serialization`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use quadboard_chess::serialize::{self, SquareBuffer};
use quadboard_chess::{attacks, Bitboard, Color, Square};

const SETS: usize = 1024;

/// xorshift64*: fixed inputs from run to run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A set of exactly `count` random squares.
    fn set_of(&mut self, count: u32) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        while set.count() < count {
            set.0 |= 1 << self.below(64);
        }
        set
    }
}

fn category(rng: &mut Rng, min: u32, max: u32) -> Vec<Bitboard> {
    (0..SETS)
        .map(|_| {
            let count = min + rng.below(u64::from(max - min + 1)) as u32;
            rng.set_of(count)
        })
        .collect()
}

type Strategy = fn(Bitboard, &mut SquareBuffer) -> usize;

fn strategies() -> Vec<(&'static str, Strategy)> {
    #[allow(unused_mut)] // Nothing is pushed without BMI2 and VBMI2.
    let mut all: Vec<(&'static str, Strategy)> = vec![
        ("bitscan", serialize::bitscan),
        ("bytes", serialize::bytes),
        ("bytes_branchless", serialize::bytes_branchless),
        ("words16", serialize::words16),
        ("bisect", serialize::bisect),
    ];
    #[cfg(target_feature = "bmi2")]
    all.push(("pext_bytes", serialize::pext_bytes));
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
    all.push(("compress", serialize::compress));
    all
}

/// Writes the squares an iterator yields to the buffer, as `bitscan` does.
#[inline(always)]
fn drain(squares: impl Iterator<Item = Square>, out: &mut SquareBuffer) -> usize {
    let mut n = 0;
    for (slot, square) in out.iter_mut().zip(squares) {
        *slot = square;
        n += 1;
    }
    n
}

fn bulk(c: &mut Criterion) {
    let mut rng = Rng(0x5175_6164_626f_6172);
    let categories = [
        ("sparse", category(&mut rng, 1, 4)),
        ("targets", category(&mut rng, 5, 14)),
        ("dense", category(&mut rng, 32, 56)),
    ];
    for (name, sets) in &categories {
        let mut group = c.benchmark_group(format!("bulk/{name}"));
        // Strategies are called through their function item, inlined, as in real use.
        macro_rules! bench {
            ($label:expr, $f:expr) => {
                group.bench_function($label, |b| {
                    let mut out = [Square::A1; 64];
                    b.iter(|| {
                        let mut total = 0;
                        for &set in black_box(sets) {
                            total += $f(set, &mut out);
                            black_box(&out);
                        }
                        total
                    })
                });
            };
        }
        bench!("bitscan", serialize::bitscan);
        bench!("bytes", serialize::bytes);
        bench!("bytes_branchless", serialize::bytes_branchless);
        bench!("words16", serialize::words16);
        bench!("bisect", serialize::bisect);
        #[cfg(target_feature = "bmi2")]
        bench!("pext_bytes", serialize::pext_bytes);
        #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
        bench!("compress", serialize::compress);
        bench!("iter_reverse", |set: Bitboard, out: &mut SquareBuffer| {
            drain(set.iter().rev(), out)
        });
        bench!("relative_white", |set, out: &mut SquareBuffer| drain(
            serialize::relative(Color::White, set),
            out
        ));
        bench!("relative_black", |set, out: &mut SquareBuffer| drain(
            serialize::relative(Color::Black, set),
            out
        ));
        group.finish();
    }
    // The strategies agree on the inputs measured.
    for (_, sets) in &categories {
        for &set in sets {
            let mut expected = [Square::A1; 64];
            let n = serialize::bitscan(set, &mut expected);
            for (name, strategy) in strategies() {
                let mut out = [Square::H8; 64];
                assert_eq!(strategy(set, &mut out), n, "{name}");
                assert_eq!(out[..n], expected[..n], "{name}");
            }
        }
    }
}

/// A move as move generation stores it: from and to square, six bits each.
#[inline(always)]
fn encode(from: Square, to: Square) -> u16 {
    (from as u16) << 6 | to as u16
}

fn leapers(c: &mut Criterion) {
    let mut rng = Rng(0x6c65_6170_6572_7321);
    // Random from-squares, and random "own pieces" (a quarter of the board) to take out of
    // the attack set, as move generation does.
    let inputs: Vec<(Square, Bitboard)> = (0..SETS)
        .map(|_| {
            let from = Square::ALL[rng.below(64) as usize];
            (from, Bitboard(rng.next() & rng.next()))
        })
        .collect();
    let targets = |attack: fn(Square) -> Bitboard| -> Vec<(Square, Bitboard)> {
        inputs
            .iter()
            .map(|&(from, own)| (from, attack(from) & !own))
            .collect()
    };
    let knights = targets(attacks::knight);
    let kings = targets(attacks::king);
    let mut group = c.benchmark_group("leapers");
    // Both variants store each move into a move list, as move generation would.
    macro_rules! bench {
        ($label:expr, $inputs:expr, |$from:ident, $targets:ident| $squares:expr) => {
            group.bench_function($label, |b| {
                let mut moves = [0u16; 256];
                b.iter(|| {
                    let mut n = 0;
                    for &($from, $targets) in black_box($inputs) {
                        for to in $squares {
                            moves[n & 255] = encode($from, to);
                            n += 1;
                        }
                        black_box(&moves);
                    }
                    n
                })
            });
        };
    }
    // Branchless: all eight entries of a padded list are stored, and the count advances by
    // the list's length.
    macro_rules! bench_chunk {
        ($label:expr, $inputs:expr, |$from:ident, $targets:ident| $padded:expr) => {
            group.bench_function($label, |b| {
                let mut moves = [0u16; 256 + 8];
                b.iter(|| {
                    let mut n = 0;
                    for &($from, $targets) in black_box($inputs) {
                        let (squares, len): ([Square; 8], usize) = $padded;
                        let at = n & 255;
                        moves[at..at + 8].copy_from_slice(&squares.map(|to| encode($from, to)));
                        n += len;
                        black_box(&moves);
                    }
                    n
                })
            });
        };
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
    fn compressed(targets: Bitboard) -> ([Square; 8], usize) {
        let mut out = [Square::A1; 64];
        let len = serialize::compress(targets, &mut out);
        let mut squares = [Square::A1; 8];
        squares.copy_from_slice(&out[..8]);
        (squares, len)
    }
    // A macro rather than a loop over function pointers, so that every lookup inlines.
    macro_rules! leaper {
        ($name:literal, $inputs:expr, $hashed:path, $pext:path, $compact:path) => {
            bench!(concat!($name, "/bitscan"), $inputs, |from, targets| targets);
            bench!(concat!($name, "/hashed"), $inputs, |from, targets| $hashed(
                from, targets
            )
            .iter()
            .copied());
            #[cfg(target_feature = "bmi2")]
            bench!(concat!($name, "/hashed_pext"), $inputs, |from, targets| {
                $pext(from, targets).iter().copied()
            });
            bench!(concat!($name, "/compact"), $inputs, |from, targets| {
                let (squares, len) = $compact(from, targets);
                squares.into_iter().take(len)
            });
            bench_chunk!(
                concat!($name, "/compact_chunk"),
                $inputs,
                |from, targets| { $compact(from, targets) }
            );
            #[cfg(all(target_arch = "x86_64", target_feature = "avx512vbmi2"))]
            bench_chunk!(
                concat!($name, "/compress_chunk"),
                $inputs,
                |from, targets| { compressed(targets) }
            );
        };
    }
    leaper!(
        "knight",
        &knights,
        serialize::knight_targets,
        serialize::knight_targets_pext,
        serialize::knight_targets_compact
    );
    leaper!(
        "king",
        &kings,
        serialize::king_targets,
        serialize::king_targets_pext,
        serialize::king_targets_compact
    );
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = bulk, leapers
}
criterion_main!(benches);
