//! `quadboard perft <DEPTH> [--fen <FEN>] [--variant <VARIANT>] [--divide] [--threads <N>] [--hash <MB>] [--quad]
//! [--stats] [--gpu [--gpu-plies <N>]]`

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use quadboard_chess::perft::{
    perft, perft_divide, perft_stats_divide, PerftOptions, PerftStats, PerftStatsOptions,
    PerftTable, Representation,
};
use quadboard_chess::variant::AnyVariant;
use quadboard_chess::Position;

use crate::error::CliError;
use crate::output;

/// Arguments of `perft`.
#[derive(clap::Args)]
pub struct Args {
    /// Plies to search (0 to 20).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    #[command(flatten)]
    position: output::PositionArgs,
    #[command(flatten)]
    variant: crate::variant::VariantArgs,
    /// Print the count below each legal move, sorted by UCI text.
    #[arg(long)]
    divide: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Transposition table of at most this many MiB (0: none), for deep perft (depth 7 or
    /// more from the start position): it counts each subtree that several move orders
    /// reach once. A smaller search gets a table sized for it (stderr says how large). An
    /// entry is trusted only when its 128-bit key of position and depth matches
    /// (docs/performance.md: collision risk).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=65536), conflicts_with = "variant")]
    hash: u32,
    /// Run the engine on quad-bitboards instead of the dense board (same counts).
    #[arg(long, conflicts_with = "variant")]
    quad: bool,
    /// Break the leaves down as the chess programming wiki's tables do: after the node
    /// count, the captures (en passant included), en passant captures, castles, promotions,
    /// checks (all kinds), discovered checks (the piece that moved is not a checker),
    /// double checks and checkmates, one `<name>: <n>` line each. With --divide each move's
    /// line gives the nine numbers in that order. Counted on the dense board without a
    /// table, so not with --hash or --quad.
    #[arg(long, conflicts_with_all = ["hash", "quad", "variant"])]
    stats: bool,
    /// Count on the GPU (a build with the `gpu` feature and a CUDA device): the host
    /// expands the upper plies, the device counts the last --gpu-plies level by level.
    /// With --hash the device keeps a transposition table of that many MiB and the host
    /// merges equal positions at the plies it expands (docs/gpu.md: memory and the
    /// collision risk).
    #[arg(long, conflicts_with_all = ["stats", "quad", "threads", "variant"])]
    gpu: bool,
    /// With --gpu: plies counted on the device below each position the host expands to
    /// (1 to 10; default: all of a perft up to 6, else 6).
    #[arg(long, requires = "gpu", value_parser = clap::value_parser!(u32).range(1..=10))]
    gpu_plies: Option<u32>,
}

/// Runs `perft`: with `--divide` one `<uci>: <nodes>` line per move and an empty line
/// (neither at depth 0 or from a root without moves: nothing is divided); the last line
/// is always `Nodes searched: <N>`. The table's size, time and speed go to stderr.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if let Some(variant) = args.variant.variant {
        let pos = args.position.variant_position(variant)?;
        return run_variant(&args, &pos);
    }
    let pos = args.position.position()?;
    if args.gpu {
        let request = crate::cmd::gpu::GpuPerft {
            depth: args.depth,
            divide: args.divide,
            hash: args.hash,
            plies: args.gpu_plies,
        };
        return crate::cmd::gpu::perft(&pos, &request);
    }
    if args.stats {
        return run_stats(&args, &pos);
    }
    let table = match args.hash {
        0 => None,
        megabytes => {
            let table = PerftTable::try_for_perft(&pos, args.depth, megabytes as usize)
                .map_err(|e| {
                    CliError::input(format!(
                        "--hash {megabytes}: {e}: the memory is not available (try a smaller --hash)"
                    ))
                })?;
            let bytes = table.len() * PerftTable::ENTRY_BYTES;
            // A table sized down is at most half the largest power of two allowed.
            let sized = if bytes.saturating_mul(2) <= (megabytes as usize).saturating_mul(1 << 20) {
                format!(", sized for this search (--hash {megabytes} allows more)")
            } else {
                String::new()
            };
            eprintln!("table: {}, {} entries{sized}", human(bytes), table.len());
            Some(table)
        }
    };
    let start = Instant::now();
    let mut out = output::stdout();
    let representation = if args.quad {
        Representation::Quad
    } else {
        Representation::Dense
    };
    let total: u128 = if args.threads == 1 && table.is_none() && !args.divide && !args.quad {
        u128::from(perft(&pos, args.depth))
    } else {
        let bar = output::progress(0, "perft");
        let progress = output::report_to(&bar);
        let options = PerftOptions {
            threads: args.threads as usize,
            table: table.as_ref(),
            progress: Some(&progress),
            representation,
        };
        let mut divided: Vec<(String, u128)> = perft_divide(&pos, args.depth, &options)
            .into_iter()
            .map(|(m, nodes)| (pos.to_uci(m).to_string(), nodes))
            .collect();
        bar.finish_and_clear();
        let total = if args.depth == 0 {
            1
        } else {
            divided.iter().map(|(_, n)| n).sum()
        };
        // Depth 0 divides nothing (nor does a root without moves): only the total, as
        // other tools print it.
        if args.divide && !divided.is_empty() {
            divided.sort();
            for (uci, nodes) in &divided {
                writeln!(out, "{uci}: {nodes}")?;
            }
            writeln!(out)?;
        }
        total
    };
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    eprintln!(
        "time: {seconds:.3} s, {:.1} Mnps",
        output::mnps(total, seconds)
    );
    Ok(ExitCode::SUCCESS)
}

/// `perft --stats`: the node count, then one line per counter; with `--divide` first one
/// `<uci>: <nodes> <captures> <ep> <castles> <promotions> <checks> <discovered> <double>
/// <mates>` line per root move, sorted by UCI text, and an empty line.
fn run_stats(args: &Args, pos: &Position) -> Result<ExitCode, CliError> {
    let start = Instant::now();
    let mut out = output::stdout();
    let bar = output::progress(0, "perft");
    let progress = output::report_to(&bar);
    let options = PerftStatsOptions {
        threads: args.threads as usize,
        progress: Some(&progress),
    };
    let mut divided: Vec<(String, PerftStats)> = perft_stats_divide(pos, args.depth, &options)
        .into_iter()
        .map(|(m, stats)| (pos.to_uci(m).to_string(), stats))
        .collect();
    bar.finish_and_clear();
    let total = if args.depth == 0 {
        PerftStats {
            nodes: 1,
            ..PerftStats::default()
        }
    } else {
        divided.iter().map(|&(_, stats)| stats).sum()
    };
    if args.divide && !divided.is_empty() {
        divided.sort_by(|a, b| a.0.cmp(&b.0));
        for (uci, stats) in &divided {
            let numbers: Vec<String> = stats.to_array().iter().map(u64::to_string).collect();
            writeln!(out, "{uci}: {}", numbers.join(" "))?;
        }
        writeln!(out)?;
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {}", total.nodes)?;
    for (name, n) in [
        ("Captures", total.captures),
        ("En passant", total.en_passant),
        ("Castles", total.castles),
        ("Promotions", total.promotions),
        ("Checks", total.checks),
        ("Discovered checks", total.discovered_checks),
        ("Double checks", total.double_checks),
        ("Checkmates", total.checkmates),
    ] {
        writeln!(out, "{name}: {n}")?;
    }
    out.flush()?;
    eprintln!(
        "time: {seconds:.3} s, {:.1} Mnps",
        output::mnps(u128::from(total.nodes), seconds)
    );
    Ok(ExitCode::SUCCESS)
}

/// `perft --variant`: the same lines as for chess (`<uci>: <nodes>` per root move with
/// `--divide`, sorted by UCI text, then `Nodes searched: <N>`); `--threads` share out the
/// root moves.
fn run_variant(args: &Args, pos: &AnyVariant) -> Result<ExitCode, CliError> {
    let start = Instant::now();
    let mut out = output::stdout();
    let (total, mut divided) = if args.depth == 0 {
        (1, Vec::new())
    } else if args.threads == 1 && !args.divide {
        (crate::variant::perft(pos, args.depth), Vec::new())
    } else {
        let moves = pos.legal_moves();
        let bar = output::progress(moves.len() as u64, "perft");
        let counts: Vec<Mutex<u64>> = moves.iter().map(|_| Mutex::new(0)).collect();
        let next = AtomicUsize::new(0);
        let work = || loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&m) = moves.get(i) else { break };
            let mut child = *pos;
            child.play_unchecked(m);
            let nodes = crate::variant::perft(&child, args.depth - 1);
            if let Ok(mut slot) = counts[i].lock() {
                *slot = nodes;
            }
            bar.inc(1);
        };
        std::thread::scope(|scope| {
            for _ in 1..args.threads {
                scope.spawn(work);
            }
            work();
        });
        bar.finish_and_clear();
        let divided: Vec<(String, u64)> = moves
            .iter()
            .zip(&counts)
            .map(|(&m, n)| (pos.to_uci(m), n.lock().map_or(0, |n| *n)))
            .collect();
        (divided.iter().map(|(_, n)| n).sum(), divided)
    };
    if args.divide && !divided.is_empty() {
        divided.sort();
        for (uci, nodes) in &divided {
            writeln!(out, "{uci}: {nodes}")?;
        }
        writeln!(out)?;
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    eprintln!(
        "time: {seconds:.3} s, {:.1} Mnps",
        output::mnps(u128::from(total), seconds)
    );
    Ok(ExitCode::SUCCESS)
}

/// A size in bytes for people: whole KiB, MiB or GiB where it is one (table sizes are
/// powers of two), else bytes.
fn human(n: usize) -> String {
    for (unit, size) in [("GiB", 1usize << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] {
        if n >= size && n.is_multiple_of(size) {
            return format!("{} {unit}", n / size);
        }
    }
    format!("{n} bytes")
}
