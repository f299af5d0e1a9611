//! One copy-make walk of `benches/copy_make.rs`, run once, for counting instructions with
//! cachegrind: the program that `scripts/copy-make-instructions.sh` builds in a crate of
//! its own (beside `copy_make.rs`), so that `cargo test` never builds the peers for it.
//!
//! `copy-make-count <quadboard|quadboard-made|cozy|shakmaty|xor|quadcopy> <plain|ordered> [POSITION|all] [DEPTH] [REPEAT]`
//! walks every benchmark position (or the one named) at its benchmark depth (or `DEPTH`; `-` for the benchmark's)
//! and prints `<position> <nodes made> checks <n> best <n>` per position; `none` as the
//! library walks nothing, for the cost of starting the process; `xor` is make and unmake on
//! quad-bitboards and `quadcopy` copy-make of the same position (`walks/xor_unmake.rs`);
//! `quadboard-made` is quadboard's ordered walk with the check test asked of each child
//! after its make instead of from the parent's `CheckSquares`.
//! With `REPEAT`, each walk
//! runs that many times and the line ends with the fastest walk's nanoseconds per node (a
//! quick look between criterion runs, not a replacement for them). Exits with 2 on
//! arguments it does not know.

#[path = "copy_make.rs"]
mod walks;

use std::process::ExitCode;
use std::time::Instant;

use walks::{cozy, quadboard, shak, shakmaty_position, xor, Tally, CASES};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: copy-make-count <quadboard|quadboard-made|cozy|shakmaty|xor|quadcopy|none> <plain|ordered> [POSITION] [DEPTH]";
    let (Some(library), Some(mode)) = (args.first(), args.get(1)) else {
        eprintln!("error: {usage}");
        return ExitCode::from(2);
    };
    let ordered = match mode.as_str() {
        "plain" => false,
        "ordered" => true,
        other => {
            eprintln!("error: unknown walk '{other}' (plain or ordered)");
            return ExitCode::from(2);
        }
    };
    let depth = match args.get(3).filter(|&d| d != "-").map(|d| d.parse::<u32>()) {
        None => None,
        Some(Ok(d)) if d > 0 => Some(d),
        Some(_) => {
            eprintln!("error: the depth must be a whole number from 1");
            return ExitCode::from(2);
        }
    };
    let repeat = match args.get(4).map(|r| r.parse::<u32>()) {
        None => None,
        Some(Ok(r)) if r > 0 => Some(r),
        Some(_) => {
            eprintln!("error: the repeat count must be a whole number from 1");
            return ExitCode::from(2);
        }
    };
    let named = args.get(2).filter(|&n| n != "all");
    if let Some(name) = named {
        if !CASES.iter().any(|c| c.name == name) {
            let names: Vec<&str> = CASES.iter().map(|c| c.name).collect();
            eprintln!(
                "error: unknown position '{name}' (one of {})",
                names.join(", ")
            );
            return ExitCode::from(2);
        }
    }
    for case in CASES.iter().filter(|c| named.is_none_or(|n| c.name == n)) {
        let depth = depth.unwrap_or(case.depth);
        let mut fastest = f64::INFINITY;
        let mut tally = Tally::default();
        for _ in 0..repeat.unwrap_or(1) {
            tally = Tally::default();
            let start = Instant::now();
            match library.as_str() {
                "quadboard" | "quadboard-made" => {
                    let pos = quadboard_chess::Position::from_fen(case.fen).expect("a legal FEN");
                    // `quadboard-made` asks `is_check` after the make in the ordered walk.
                    let walk = match (ordered, library == "quadboard-made") {
                        (false, _) => quadboard::walk,
                        (true, false) => quadboard::walk_ordered,
                        (true, true) => quadboard::walk_ordered_made,
                    };
                    walk(&pos, depth, &mut tally);
                }
                "cozy" => {
                    let board = cozy_chess::Board::from_fen(case.fen, false).expect("a legal FEN");
                    let walk = if ordered {
                        cozy::walk_ordered
                    } else {
                        cozy::walk
                    };
                    walk(&board, depth, &mut tally);
                }
                "shakmaty" => {
                    let node = shak::Keyed::new(shakmaty_position(case.fen));
                    let walk = if ordered {
                        shak::walk_ordered
                    } else {
                        shak::walk
                    };
                    walk(&node, depth, &mut tally);
                }
                "xor" => {
                    let pos = quadboard_chess::Position::from_fen(case.fen).expect("a legal FEN");
                    let mut pos = xor::XorPosition::from_position(&pos);
                    let walk = if ordered {
                        xor::walk_ordered
                    } else {
                        xor::walk
                    };
                    walk(&mut pos, depth, &mut tally);
                }
                "quadcopy" => {
                    let pos = quadboard_chess::Position::from_fen(case.fen).expect("a legal FEN");
                    let pos = xor::XorPosition::from_position(&pos);
                    let walk = if ordered {
                        xor::copy::walk_ordered
                    } else {
                        xor::copy::walk
                    };
                    walk(&pos, depth, &mut tally);
                }
                "none" => {}
                other => {
                    eprintln!(
                        "error: unknown library '{other}' (quadboard, quadboard-made, cozy, shakmaty, xor, quadcopy or none)"
                    );
                    return ExitCode::from(2);
                }
            }
            fastest = fastest.min(start.elapsed().as_secs_f64());
        }
        print!(
            "{} {} checks {} best {}",
            case.name, tally.nodes, tally.checks, tally.best
        );
        if repeat.is_some() {
            print!(" {:.2} ns/node", fastest * 1e9 / tally.nodes.max(1) as f64);
        }
        println!();
    }
    ExitCode::SUCCESS
}
