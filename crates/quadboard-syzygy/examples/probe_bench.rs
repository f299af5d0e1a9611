//! Probes per second against shakmaty-syzygy, one thread, the same positions and tables.
//!
//! ```sh
//! cargo run --release -p quadboard-syzygy --example probe_bench -- ../shared/data/syzygy/tables
//! # one side only, for instruction counts (cachegrind): the kind, then the passes
//! cargo run --release -p quadboard-syzygy --example probe_bench -- DIR ours-wdl 3
//! ```
//!
//! Positions: 1,000 random legal positions of every table in the folder (en passant
//! positions of the pawn tables among them). Warm: both tablebases have probed every
//! position once before the timing; the rounds alternate ours and theirs. Cold: a
//! tablebase just opened (files in the OS cache), first pass. shakmaty-syzygy maps its
//! files too (`with_mmap_filesystem`).

#[path = "../tests/tablebase/random.rs"]
mod random;

use std::hint::black_box;
use std::time::Instant;

use quadboard_chess::Position;
use quadboard_syzygy::Tablebase;
use random::{pieces_of, random_position, table_names, Rng};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use shakmaty_syzygy::Tablebase as Theirs;

fn positions(dir: &std::path::Path) -> Vec<(Position, Chess)> {
    let mut rng = Rng(0xbe4c);
    let mut all = Vec::new();
    for name in table_names(dir) {
        let pieces = pieces_of(&name);
        let mut n = 0;
        while n < 1000 {
            let ep = n % 8 == 7;
            if let Some(pos) = random_position(&mut rng, &pieces, ep) {
                let theirs: Chess = pos
                    .to_fen()
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Standard)
                    .unwrap();
                all.push((pos, theirs));
                n += 1;
            } else if ep {
                n += 1; // a material without the pawns for en passant
            }
        }
    }
    all
}

fn ours_wdl(tb: &Tablebase, ps: &[(Position, Chess)]) {
    for (p, _) in ps {
        black_box(tb.probe_wdl(black_box(p)).unwrap());
    }
}
fn theirs_wdl(tb: &Theirs<Chess>, ps: &[(Position, Chess)]) {
    for (_, p) in ps {
        black_box(tb.probe_wdl_after_zeroing(black_box(p)).unwrap());
    }
}
fn ours_dtz(tb: &Tablebase, ps: &[(Position, Chess)]) {
    for (p, _) in ps {
        black_box(tb.probe_dtz(black_box(p)).unwrap());
    }
}
fn theirs_dtz(tb: &Theirs<Chess>, ps: &[(Position, Chess)]) {
    for (_, p) in ps {
        black_box(tb.probe_dtz(black_box(p)).unwrap());
    }
}

fn ns(start: Instant, n: usize) -> f64 {
    start.elapsed().as_nanos() as f64 / n as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::path::PathBuf::from(args.first().expect("the tables folder"));
    let ps = positions(&dir);
    let n = ps.len();
    let open_theirs = || {
        // Memory-mapped as ours (its default reads with pread: a system call a probe).
        // SAFETY: the tables are not modified while the benchmark runs.
        let mut t = unsafe { Theirs::<Chess>::with_mmap_filesystem() };
        t.add_directory(&dir).unwrap();
        t
    };
    if let Some(kind) = args.get(1) {
        let passes: usize = args.get(2).map_or(1, |p| p.parse().unwrap());
        let ours = Tablebase::open(&dir).unwrap();
        let theirs = open_theirs();
        for _ in 0..passes {
            match kind.as_str() {
                "ours-wdl" => ours_wdl(&ours, &ps),
                "theirs-wdl" => theirs_wdl(&theirs, &ps),
                "ours-dtz" => ours_dtz(&ours, &ps),
                "theirs-dtz" => theirs_dtz(&theirs, &ps),
                "none" => {}
                _ => panic!("ours-wdl, theirs-wdl, ours-dtz, theirs-dtz or none"),
            }
        }
        println!("{kind}: {passes} passes over {n} positions");
        return;
    }
    println!("{n} positions");
    // Cold: just opened, every table mapped on its first probe.
    let ours = Tablebase::open(&dir).unwrap();
    let t = Instant::now();
    ours_wdl(&ours, &ps);
    let ours_cold_wdl = ns(t, n);
    let theirs = open_theirs();
    let t = Instant::now();
    theirs_wdl(&theirs, &ps);
    let theirs_cold_wdl = ns(t, n);
    let ours = Tablebase::open(&dir).unwrap();
    let t = Instant::now();
    ours_dtz(&ours, &ps);
    let ours_cold_dtz = ns(t, n);
    let theirs = open_theirs();
    let t = Instant::now();
    theirs_dtz(&theirs, &ps);
    let theirs_cold_dtz = ns(t, n);
    println!(
        "cold: wdl ours {ours_cold_wdl:.0} ns, shakmaty-syzygy {theirs_cold_wdl:.0} ns; \
         dtz ours {ours_cold_dtz:.0} ns, shakmaty-syzygy {theirs_cold_dtz:.0} ns"
    );
    // Warm: alternating rounds, the best of each.
    let ours = Tablebase::open(&dir).unwrap();
    let theirs = open_theirs();
    ours_dtz(&ours, &ps);
    theirs_dtz(&theirs, &ps);
    let mut best = [f64::MAX; 4];
    for _ in 0..7 {
        let t = Instant::now();
        ours_wdl(&ours, &ps);
        best[0] = best[0].min(ns(t, n));
        let t = Instant::now();
        theirs_wdl(&theirs, &ps);
        best[1] = best[1].min(ns(t, n));
        let t = Instant::now();
        ours_dtz(&ours, &ps);
        best[2] = best[2].min(ns(t, n));
        let t = Instant::now();
        theirs_dtz(&theirs, &ps);
        best[3] = best[3].min(ns(t, n));
    }
    let per_s = |ns: f64| 1e9 / ns;
    println!(
        "warm wdl: ours {:.0} ns ({:.0}/s), shakmaty-syzygy {:.0} ns ({:.0}/s): {:.2}x",
        best[0],
        per_s(best[0]),
        best[1],
        per_s(best[1]),
        best[1] / best[0]
    );
    println!(
        "warm dtz: ours {:.0} ns ({:.0}/s), shakmaty-syzygy {:.0} ns ({:.0}/s): {:.2}x",
        best[2],
        per_s(best[2]),
        best[3],
        per_s(best[3]),
        best[3] / best[2]
    );
}
