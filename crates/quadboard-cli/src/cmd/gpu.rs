//! `perft --gpu` and `bench --gpu`: the quadboard-gpu crate behind the `gpu` feature. A
//! build without it answers that it has no GPU support; a build with it and no CUDA
//! device answers `no CUDA device (<reason>)`; both exit with code 2.

/// What the GPU path is asked to do, beside the position.
#[cfg_attr(not(feature = "gpu"), allow(dead_code))]
pub struct GpuPerft {
    /// Plies to count.
    pub depth: u32,
    /// One `<uci>: <nodes>` line per root move first.
    pub divide: bool,
    /// `--hash`: MiB of GPU memory the transposition table takes (0: none).
    pub hash: u32,
    /// `--gpu-plies`: plies counted on the device (None: chosen by depth).
    pub plies: Option<u32>,
}

#[cfg(not(feature = "gpu"))]
mod imp {
    use std::process::ExitCode;

    use quadboard_chess::Position;

    use super::GpuPerft;
    use crate::error::CliError;

    fn unsupported() -> CliError {
        CliError::input(
            "--gpu: this quadboard was built without GPU support \
             (cargo install quadboard-cli --features gpu)",
        )
    }

    /// `perft --gpu`: as `perft` prints, the GPU's name, memory and time on stderr.
    pub fn perft(_pos: &Position, _request: &GpuPerft) -> Result<ExitCode, CliError> {
        Err(unsupported())
    }

    /// `bench --gpu`: as `bench` prints, each count checked.
    pub fn bench(_plies: Option<u32>) -> Result<ExitCode, CliError> {
        Err(unsupported())
    }

    /// `shard --gpu`: the GPU's perft for each record.
    pub fn counter(_hash: u32) -> Result<Box<super::Counter>, CliError> {
        Err(unsupported())
    }
}

#[cfg(feature = "gpu")]
mod imp {
    use std::io::Write;
    use std::process::ExitCode;
    use std::time::Instant;

    use quadboard_gpu::{Gpu, GpuOptions};

    use quadboard_chess::Position;

    use super::GpuPerft;
    use crate::error::CliError;
    use crate::output;

    fn gpu_error(e: quadboard_gpu::GpuError) -> CliError {
        CliError::input(e.to_string())
    }

    /// Opens the device and says on stderr what its memory holds.
    fn open(plies: Option<u32>, hash_mib: u32) -> Result<Gpu, CliError> {
        let options = GpuOptions {
            device_plies: plies,
            table_bytes: (hash_mib as usize) << 20,
            level_bytes: None,
        };
        let gpu = Gpu::new(options).map_err(gpu_error)?;
        let memory = gpu.memory();
        eprintln!(
            "gpu: {}, {} MiB free: table {} MiB, levels {} MiB",
            gpu.name(),
            memory.free >> 20,
            memory.table >> 20,
            memory.levels >> 20,
        );
        Ok(gpu)
    }

    /// `perft --gpu`.
    pub fn perft(pos: &Position, request: &GpuPerft) -> Result<ExitCode, CliError> {
        let mut gpu = open(request.plies, request.hash)?;
        let plies = gpu.options().plies_for(request.depth);
        if request.depth > plies {
            eprintln!(
                "host: expands {} plies{}, the device counts {plies} below each position",
                request.depth - plies,
                if request.hash > 0 {
                    ", equal positions merged (host memory grows with the positions at that ply)"
                } else {
                    ""
                }
            );
        }
        let start = Instant::now();
        let mut out = output::stdout();
        let total = if request.divide && request.depth > 0 {
            let mut divided: Vec<(String, u64)> = gpu
                .perft_divide(pos, request.depth)
                .map_err(gpu_error)?
                .into_iter()
                .map(|(m, n)| (pos.to_uci(m).to_string(), n))
                .collect();
            divided.sort();
            if !divided.is_empty() {
                for (uci, nodes) in &divided {
                    writeln!(out, "{uci}: {nodes}")?;
                }
                writeln!(out)?;
            }
            divided.iter().map(|(_, n)| n).sum()
        } else {
            // The host's positions passed to the device, on stderr when it is a terminal
            // (only then in passes small enough for the bar to move).
            let bar = output::progress(0, "gpu");
            let report = output::report_to(&bar);
            let watched = (!bar.is_hidden()).then_some(&report as quadboard_gpu::Progress<'_>);
            let total = gpu
                .perft_with_progress(pos, request.depth, watched)
                .map_err(gpu_error)?;
            bar.finish_and_clear();
            total
        };
        let seconds = start.elapsed().as_secs_f64();
        writeln!(out, "Nodes searched: {total}")?;
        out.flush()?;
        eprintln!(
            "time: {seconds:.3} s, {:.1} Mnps",
            output::mnps(u128::from(total), seconds)
        );
        Ok(ExitCode::SUCCESS)
    }

    /// `bench --gpu`: the wiki's six positions at the CPU bench's depths, counts checked.
    pub fn bench(plies: Option<u32>) -> Result<ExitCode, CliError> {
        let mut gpu = open(plies, 0)?;
        crate::cmd::bench::rows(|pos, depth| gpu.perft(pos, depth).map_err(gpu_error))
    }

    /// `shard --gpu`: the GPU's perft for each record, with a table of `hash` MiB.
    pub fn counter(hash: u32) -> Result<Box<super::Counter>, CliError> {
        let gpu = std::sync::Mutex::new(open(None, hash)?);
        Ok(Box::new(move |pos: &Position, depth: u32| {
            let mut gpu = gpu.lock().unwrap_or_else(|p| p.into_inner());
            gpu.perft(pos, depth).map_err(|e| e.to_string())
        }))
    }
}

/// What `shard --gpu` counts each record with.
pub type Counter = quadboard_distributed::RecordCounter<'static>;

pub use imp::{bench, counter, perft};
