//! Perft on NVIDIA GPUs over quad-bitboards.
//!
//! The kernels are CUDA C++ in this crate (`kernels/movegen.cuh`: legal move generation,
//! make-move and bulk counting on four bitboards; `kernels/levels.cuh`: the steps of a
//! breadth-first count and the transposition table; `kernels/perft.cu`: the kernels). At
//! run time [`Gpu::new`] loads the CUDA driver and NVRTC dynamically and compiles them, so
//! the crate builds and its tests pass where CUDA is absent: there [`Gpu::new`] answers
//! [`GpuError::NoDevice`]. The same C++ is compiled for the CPU by `build.rs`:
//! [`host_perft`] and [`Emulator`] (the whole GPU path, driver included, on one CPU
//! thread) are what the tests compare with quadboard-chess.
//!
//! The host expands the upper plies (merging equal positions when there is a table); the
//! device counts the rest level by level: each level's positions are expanded into the
//! next (in parts when the next would overflow), the last level is bulk-counted, and the
//! counts flow back up through parent indices, into the table on the way. `docs/gpu.md`
//! has the design and the measurements.

mod device;
mod host;
mod levels;
mod position;

pub use device::{compile_ptx, Gpu, GpuError, GpuMemory};
pub use host::{host_children, host_perft, host_table_errors, Emulator};
pub use levels::{
    GpuOptions, Progress, DEVICE_PLIES_MAX, LEVEL_BYTES_MIN, LEVEL_MIN, LEVEL_SLOT_BYTES,
};
pub use position::GpuPosition;

/// The kernels' CUDA C++ source as NVRTC compiles it: `kernels/perft.cu` with the headers
/// it includes in place of their `#include` lines.
pub fn kernel_source() -> String {
    const MOVEGEN: &str = include_str!("../kernels/movegen.cuh");
    const LEVELS: &str = include_str!("../kernels/levels.cuh");
    const KERNELS: &str = include_str!("../kernels/perft.cu");
    KERNELS
        .replace("#include \"levels.cuh\"", LEVELS)
        .replace("#include \"movegen.cuh\"", MOVEGEN)
        .replace("#pragma once", "")
}
