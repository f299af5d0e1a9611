//! `quadboard bench`: single-threaded perft of the six positions of the chess programming
//! wiki's perft page (1,451,446,453 nodes), each count checked.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use quadboard_chess::cpu::CpuLevel;
use quadboard_chess::perft::{perft, perft_quad, BENCH_POSITIONS};
use quadboard_chess::Position;

use crate::error::CliError;
use crate::output;

/// Arguments of `bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Run the quad-bitboard engine instead of the default one.
    #[arg(long)]
    quad: bool,
    /// Run on the GPU (a build with the `gpu` feature and a CUDA device); counts checked.
    #[arg(long, conflicts_with = "quad")]
    gpu: bool,
    /// With --gpu: plies counted on the device below each position the host expands to
    /// (1 to 10; default: all of a perft up to 6, else 6).
    #[arg(long, requires = "gpu", value_parser = clap::value_parser!(u32).range(1..=10))]
    gpu_plies: Option<u32>,
}

/// Runs the benchmark: one line per position, then
/// `total: <nodes> nodes, <seconds> s, <nps> nps`. A wrong count fails with exit code 1.
/// The CPU path it runs on goes to stderr first (`cpu: bmi2 (AVX2, BMI2/PEXT, POPCNT)`).
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.gpu {
        return crate::cmd::gpu::bench(args.gpu_plies);
    }
    eprintln!("{}", cpu_line(quadboard_chess::cpu::level()));
    rows(|pos, depth| {
        Ok(if args.quad {
            perft_quad(pos, depth)
        } else {
            perft(pos, depth)
        })
    })
}

/// The benchmark's rows and total with `count` as the engine (the CPU's here, the GPU's
/// in `cmd::gpu`): one line per position, each count checked (exit code 1 if wrong).
pub fn rows(
    mut count: impl FnMut(&Position, u32) -> Result<u64, CliError>,
) -> Result<ExitCode, CliError> {
    let mut out = output::stdout();
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for bench in BENCH_POSITIONS {
        let pos = Position::from_fen(bench.fen).map_err(|e| CliError::input(e.to_string()))?;
        let start = Instant::now();
        let counted = count(&pos, bench.depth)?;
        let elapsed = start.elapsed().as_secs_f64();
        if counted != bench.nodes {
            out.flush()?;
            eprintln!(
                "bench: WRONG COUNT for {} at depth {}: expected {}, got {counted}",
                bench.name, bench.depth, bench.nodes
            );
            return Ok(ExitCode::from(1));
        }
        writeln!(
            out,
            "{:<12} depth {}  {:>11} nodes  {:>7.3} s  {:>8.1} Mnps",
            bench.name,
            bench.depth,
            counted,
            elapsed,
            output::mnps(u128::from(counted), elapsed)
        )?;
        out.flush()?;
        nodes += counted;
        seconds += elapsed;
    }
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    writeln!(out, "total: {nodes} nodes, {seconds:.3} s, {nps} nps")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The stderr line naming the CPU path: `cpu: <level> (<what it runs on>)`.
fn cpu_line(level: CpuLevel) -> String {
    format!("cpu: {level} ({})", level.description())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_line_names_the_level() {
        assert_eq!(
            cpu_line(CpuLevel::Bmi2),
            "cpu: bmi2 (AVX2, BMI2/PEXT, POPCNT)"
        );
        assert_eq!(
            cpu_line(CpuLevel::Baseline),
            "cpu: baseline (portable: magic lookups, scalar fills)"
        );
    }
}
