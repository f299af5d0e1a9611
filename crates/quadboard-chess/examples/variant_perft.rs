//! Variant perft from the command line, timed in the process, one thread: the yardstick
//! that `../shared/bench/peers`' `variant` and `variant-bench` are compared with.
//!
//! ```sh
//! cargo run --release -p quadboard-chess --features variant --example variant_perft -- bench
//! cargo run --release -p quadboard-chess --features variant --example variant_perft -- 3check 5 ["<fen>"]
//! cargo run --release -p quadboard-chess --features variant --example variant_perft -- bench-plain
//! ```
//!
//! `bench-plain` runs king of the hill and three-check without the chess engine's shortcut
//! (`perft_by_variant_moves`): every node expanded by the variant's own generator.
//!
//! Each run prints `<variant> depth <d> nodes <n> seconds <s> nps <x>`, as peers does.

use std::process::ExitCode;
use std::time::Instant;

use quadboard_chess::variant::{
    perft, Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck, Variant,
    VariantPosition,
};

/// peers' `variant-bench` depths, every variant.
const BENCH: [(Variant, u32); 7] = [
    (Variant::Antichess, 6),
    (Variant::Atomic, 6),
    (Variant::Crazyhouse, 6),
    (Variant::Horde, 7),
    (Variant::KingOfTheHill, 6),
    (Variant::RacingKings, 6),
    (Variant::ThreeCheck, 6),
];

fn timed<P: VariantPosition>(
    fen: Option<&str>,
    depth: u32,
    plain: bool,
) -> Result<(u64, f64), String> {
    let pos = match fen {
        Some(fen) => P::from_fen(fen).map_err(|e| e.to_string())?,
        None => P::new(),
    };
    let start = Instant::now();
    let nodes = if plain {
        quadboard_chess::variant::perft_by_variant_moves(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    Ok((nodes, start.elapsed().as_secs_f64()))
}

fn run(variant: Variant, depth: u32, fen: Option<&str>, plain: bool) -> Result<(u64, f64), String> {
    match variant {
        Variant::Antichess => timed::<Antichess>(fen, depth, plain),
        Variant::Atomic => timed::<Atomic>(fen, depth, plain),
        Variant::Crazyhouse => timed::<Crazyhouse>(fen, depth, plain),
        Variant::Horde => timed::<Horde>(fen, depth, plain),
        Variant::KingOfTheHill => timed::<KingOfTheHill>(fen, depth, plain),
        Variant::RacingKings => timed::<RacingKings>(fen, depth, plain),
        Variant::ThreeCheck => timed::<ThreeCheck>(fen, depth, plain),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jobs: Vec<(Variant, u32, Option<&str>)> = match args.as_slice() {
        [bench] if bench == "bench" => BENCH.iter().map(|&(v, d)| (v, d, None)).collect(),
        [bench] if bench == "bench-plain" => {
            vec![
                (Variant::KingOfTheHill, 6, None),
                (Variant::ThreeCheck, 6, None),
            ]
        }
        [name, depth, rest @ ..] if rest.len() <= 1 => {
            let (Some(variant), Ok(depth)) = (Variant::from_name(name), depth.parse()) else {
                eprintln!("error: expected a variant name and a depth, got '{name} {depth}'");
                return ExitCode::from(2);
            };
            vec![(variant, depth, rest.first().map(String::as_str))]
        }
        _ => {
            eprintln!("error: usage: variant_perft bench | <variant> <depth> [fen]");
            return ExitCode::from(2);
        }
    };
    let plain = args.first().is_some_and(|a| a == "bench-plain");
    for (variant, depth, fen) in jobs {
        match run(variant, depth, fen, plain) {
            Ok((nodes, secs)) => println!(
                "{variant} depth {depth} nodes {nodes} seconds {secs:.3} nps {:.0}",
                nodes as f64 / secs
            ),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
