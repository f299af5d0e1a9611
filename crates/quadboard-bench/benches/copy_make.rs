//! The work an engine does per node, on its own: quadboard against cozy-chess (with
//! `pext`) and shakmaty, walking the same trees to a fixed depth.
//!
//! - `copy-make/<position>`: every interior node lists its legal moves; every node, the
//!   leaves included, is reached by copying its parent and making the move with its hash
//!   key kept up to date, and the key is read. No bulk counting.
//! - `copy-make ordered/<position>`: the same, and also what a search asks besides: every
//!   node made is asked whether its side to move is in check, and every interior node
//!   sorts its moves by MVV-LVA before making them. quadboard answers the check question
//!   before each make from the parent's `CheckSquares` (its cheapest way);
//!   `quadboard made` asks `is_check` of each child after its make, as cozy-chess and
//!   shakmaty are asked.
//!
//! - `quadboard xor`: the same walks on quad-bitboards, each move made by XOR of its delta
//!   and unmade by XOR-ing it back (`walks/xor_unmake.rs`).
//!
//! Throughput is in nodes made (the root excluded), so criterion prints nodes per second.
//! Before timing, the three libraries must agree on every node count, and quadboard's on
//! the perft count at the leaves.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p quadboard-bench --bench copy_make`
//! (cozy-chess gets its PEXT sliders only with BMI2 enabled at compile time).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

// The walks themselves, shared with `walks/count.rs` (scripts/copy-make-instructions.sh).
#[path = "../walks/copy_make.rs"]
mod walks;

use walks::{cozy, quadboard, shak, shakmaty_position, xor, Tally, CASES};

/// A walk from a root to a depth.
type Walk<Node> = fn(&Node, u32, &mut Tally);

fn bench(c: &mut Criterion, ordered: bool) {
    for case in CASES {
        let ours = quadboard_chess::Position::from_fen(case.fen).expect("quadboard reads the FEN");
        let cozy = cozy_chess::Board::from_fen(case.fen, false).expect("cozy reads the FEN");
        let shak = shak::Keyed::new(shakmaty_position(case.fen));
        assert_eq!(shak.key.0, ours.key(), "initial keys of {}", case.name);
        let depth = case.depth;
        let (walk_ours, walk_cozy, walk_shak): (
            Walk<quadboard_chess::Position>,
            Walk<cozy_chess::Board>,
            Walk<shak::Keyed>,
        ) = if ordered {
            (
                quadboard::walk_ordered,
                cozy::walk_ordered,
                shak::walk_ordered,
            )
        } else {
            (quadboard::walk, cozy::walk, shak::walk)
        };

        // The three must do the same work before any is timed.
        let run = |walk: &dyn Fn(&mut Tally)| {
            let mut tally = Tally::default();
            walk(&mut tally);
            tally
        };
        let t_ours = run(&|t| walk_ours(&ours, depth, t));
        let t_cozy = run(&|t| walk_cozy(&cozy, depth, t));
        let t_shak = run(&|t| walk_shak(&shak, depth, t));
        let xor_root = xor::XorPosition::from_position(&ours);
        let walk_xor = if ordered {
            xor::walk_ordered
        } else {
            xor::walk
        };
        // The walk unmakes every move, so it leaves its copy of the root as it found it.
        let run_xor = |root: &xor::XorPosition| run(&|t| walk_xor(&mut root.clone(), depth, t));
        let t_xor = run_xor(&xor_root);
        // The XOR walk's control: the same position and make by copy-make (not timed here).
        let walk_quadcopy = if ordered {
            xor::copy::walk_ordered
        } else {
            xor::copy::walk
        };
        let t_quadcopy = run(&|t| walk_quadcopy(&xor_root, depth, t));
        let walk_made = if ordered {
            quadboard::walk_ordered_made
        } else {
            quadboard::walk
        };
        let t_made = run(&|t| walk_made(&ours, depth, t));
        assert_eq!(
            t_ours.leaves,
            quadboard_chess::perft(&ours, depth),
            "{}: leaves against quadboard's perft",
            case.name
        );
        assert_eq!(
            t_ours.leaves,
            shakmaty::perft(&shak.pos, depth),
            "{}: leaves against shakmaty's perft",
            case.name
        );
        assert_eq!(t_ours.leaves, case.nodes, "{}: perft count", case.name);
        let counts = |t: Tally| (t.nodes, t.leaves, t.checks, t.best);
        assert_eq!(counts(t_ours), counts(t_cozy), "{}: cozy-chess", case.name);
        assert_eq!(t_ours, t_shak, "{}: shakmaty, keys included", case.name);
        assert_eq!(t_ours, t_xor, "{}: XOR unmake, keys included", case.name);
        assert_eq!(t_ours, t_quadcopy, "{}: quad copy-make", case.name);
        assert_eq!(t_ours, t_made, "{}: checks asked after the make", case.name);
        eprintln!("{} depth {depth}: {t_ours:?}", case.name);

        let prefix = if ordered {
            "copy-make ordered"
        } else {
            "copy-make"
        };
        let mut group = c.benchmark_group(format!("{prefix}/{}", case.name));
        group.throughput(Throughput::Elements(t_ours.nodes));
        group
            .sample_size(20)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        group.bench_function("quadboard", |b| {
            b.iter(|| run(&|t| walk_ours(black_box(&ours), depth, t)))
        });
        if ordered {
            group.bench_function("quadboard made", |b| {
                b.iter(|| run(&|t| walk_made(black_box(&ours), depth, t)))
            });
        }
        group.bench_function("cozy-chess", |b| {
            b.iter(|| run(&|t| walk_cozy(black_box(&cozy), depth, t)))
        });
        group.bench_function("quadboard xor", |b| {
            b.iter(|| run_xor(black_box(&xor_root)))
        });
        group.bench_function("shakmaty", |b| {
            b.iter(|| run(&|t| walk_shak(black_box(&shak), depth, t)))
        });
        group.finish();
    }
}

fn copy_make(c: &mut Criterion) {
    bench(c, false);
}

fn copy_make_ordered(c: &mut Criterion) {
    bench(c, true);
}

criterion_group!(benches, copy_make, copy_make_ordered);
criterion_main!(benches);
