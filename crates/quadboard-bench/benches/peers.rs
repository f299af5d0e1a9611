//! quadboard against cozy-chess (with `pext`), shakmaty and chess, on the same inputs:
//!
//! - `perft/<position>`: bulk-counting perft of the six wiki positions (see
//!   `quadboard_bench::PERFT_CASES`), each library's fastest public path;
//! - `legal moves/<library>`: listing the legal moves of 1,000 positions from random
//!   games, the cost of move generation per position;
//! - `SAN of all legal moves/<library>`: writing every legal move of the same 1,000
//!   positions in SAN with check and mate suffixes (moves listed beforehand), quadboard's
//!   `Position::to_san` against shakmaty's `SanPlus::from_move`.
//!
//! `RUSTFLAGS="-C target-cpu=native" cargo bench -p quadboard-bench`: every library built
//! for the host, as `docs/peers.md` measures them (cozy-chess gets its PEXT sliders only
//! with BMI2 enabled at compile time; quadboard picks its CPU path at run time either way).

use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use quadboard_bench::{random_game_fens, PERFT_CASES};

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(shakmaty::CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

fn perft(c: &mut Criterion) {
    for case in PERFT_CASES {
        let ours = quadboard_chess::Position::from_fen(case.fen).expect("quadboard reads the FEN");
        let cozy = cozy_chess::Board::from_fen(case.fen, false).expect("cozy reads the FEN");
        let shak = shakmaty_position(case.fen);
        let jb = chess::Board::from_str(case.fen).expect("chess reads the FEN");
        let depth = case.depth;
        // Every library must count right before it is timed.
        assert_eq!(
            quadboard_chess::perft(&ours, depth),
            case.nodes,
            "quadboard {}",
            case.name
        );
        assert_eq!(
            cozy_perft(&cozy, depth),
            case.nodes,
            "cozy-chess {}",
            case.name
        );
        assert_eq!(
            shakmaty::perft(&shak, depth),
            case.nodes,
            "shakmaty {}",
            case.name
        );
        let jb_nodes = chess::MoveGen::movegen_perft_test(&jb, depth as usize) as u64;
        assert_eq!(jb_nodes, case.nodes, "chess {}", case.name);

        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group.throughput(Throughput::Elements(case.nodes));
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(4));
        group.bench_function("quadboard", |b| {
            b.iter(|| quadboard_chess::perft(black_box(&ours), depth))
        });
        group.bench_function("cozy-chess", |b| {
            b.iter(|| cozy_perft(black_box(&cozy), depth))
        });
        group.bench_function("shakmaty", |b| {
            b.iter(|| shakmaty::perft(black_box(&shak), depth))
        });
        group.bench_function("chess", |b| {
            b.iter(|| chess::MoveGen::movegen_perft_test(black_box(&jb), depth as usize))
        });
        group.finish();
    }
}

fn legal_moves(c: &mut Criterion) {
    let fens = random_game_fens(1000);
    let ours: Vec<_> = fens
        .iter()
        .map(|f| quadboard_chess::Position::from_fen(f).expect("quadboard reads its own FEN"))
        .collect();
    let cozy: Vec<_> = fens
        .iter()
        .map(|f| cozy_chess::Board::from_fen(f, false).expect("cozy reads the FEN"))
        .collect();
    let shak: Vec<_> = fens.iter().map(|f| shakmaty_position(f)).collect();
    let jb: Vec<_> = fens
        .iter()
        .map(|f| chess::Board::from_str(f).expect("chess reads the FEN"))
        .collect();

    let mut group = c.benchmark_group("legal moves");
    group.throughput(Throughput::Elements(fens.len() as u64));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("quadboard", |b| {
        b.iter(|| {
            ours.iter()
                .map(|p| black_box(p.legal_moves()).len())
                .sum::<usize>()
        })
    });
    group.bench_function("cozy-chess", |b| {
        b.iter(|| {
            let mut n = 0;
            for board in &cozy {
                // A list, as the others build: each piece's moves expanded one by one.
                let mut list = Vec::with_capacity(64);
                board.generate_moves(|moves| {
                    list.extend(moves);
                    false
                });
                n += black_box(list).len();
            }
            n
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            use shakmaty::Position as _;
            shak.iter()
                .map(|p| black_box(p.legal_moves()).len())
                .sum::<usize>()
        })
    });
    group.bench_function("chess", |b| {
        b.iter(|| {
            jb.iter()
                .map(|p| black_box(chess::MoveGen::new_legal(p).collect::<Vec<_>>()).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn san(c: &mut Criterion) {
    use shakmaty::Position as _;
    let fens = random_game_fens(1000);
    let ours: Vec<_> = fens
        .iter()
        .map(|f| {
            let pos = quadboard_chess::Position::from_fen(f).expect("quadboard reads its own FEN");
            (pos, pos.legal_moves())
        })
        .collect();
    let shak: Vec<_> = fens
        .iter()
        .map(|f| {
            let pos = shakmaty_position(f);
            let moves = pos.legal_moves();
            (pos, moves)
        })
        .collect();
    let total: usize = ours.iter().map(|(_, moves)| moves.len()).sum();
    // Both write the same text for every move before either is timed.
    let mut ours_text: Vec<String> = Vec::with_capacity(total);
    for (pos, moves) in &ours {
        ours_text.extend(moves.iter().map(|&m| pos.to_san(m).to_string()));
    }
    ours_text.sort();
    let mut shak_text: Vec<String> = Vec::with_capacity(total);
    for (pos, moves) in &shak {
        shak_text.extend(
            moves
                .iter()
                .map(|&m| shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()),
        );
    }
    shak_text.sort();
    assert_eq!(ours_text, shak_text, "the same SAN from both libraries");

    let mut group = c.benchmark_group("SAN of all legal moves");
    group.throughput(Throughput::Elements(total as u64));
    group.measurement_time(Duration::from_secs(3));
    // Each library appends each move's text to a reused string.
    group.bench_function("quadboard", |b| {
        let mut text = String::with_capacity(16);
        b.iter(|| {
            let mut bytes = 0;
            for (pos, moves) in &ours {
                for &m in moves.iter() {
                    text.clear();
                    text.push_str(pos.to_san(m).as_str());
                    bytes += black_box(&text).len();
                }
            }
            bytes
        })
    });
    group.bench_function("shakmaty", |b| {
        let mut text = String::with_capacity(16);
        b.iter(|| {
            let mut bytes = 0;
            for (pos, moves) in &shak {
                for &m in moves {
                    text.clear();
                    shakmaty::san::SanPlus::from_move(pos.clone(), m).append_to_string(&mut text);
                    bytes += black_box(&text).len();
                }
            }
            bytes
        })
    });
    group.finish();
}

criterion_group!(benches, perft, legal_moves, san);
criterion_main!(benches);
