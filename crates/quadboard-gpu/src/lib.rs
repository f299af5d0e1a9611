//! Perft on NVIDIA GPUs over quad-bitboards.
//!
//! The kernels are CUDA C++ in this crate (`kernels/movegen.cuh`: legal move generation,
//! make-move and bulk counting on four bitboards; `kernels/perft.cu`: the kernels). At run
//! time [`Gpu::new`] loads the CUDA driver and NVRTC dynamically and compiles them, so the
//! crate builds and its tests pass where CUDA is absent: there [`Gpu::new`] answers
//! [`GpuError::NoDevice`]. The same header is compiled for the CPU by `build.rs`
//! ([`host_perft`]), and the tests compare its counts with quadboard-chess.
//!
//! The host expands the position depth-first with quadboard-chess down to the launch depth,
//! collecting positions in batches; each GPU thread counts one position's remaining plies
//! (the last two fused in one loop, the last a bulk count). `docs/gpu.md` has the design.

mod device;
mod host;
mod position;

pub use device::{compile_ptx, Gpu, GpuError, GpuOptions, KERNEL_DEPTH_MAX};
pub use host::{host_children, host_perft, host_thread_perft};
pub use position::GpuPosition;

/// The kernels' CUDA C++ source as NVRTC compiles it: `kernels/perft.cu` with
/// `kernels/movegen.cuh` in place of its `#include`.
pub fn kernel_source() -> String {
    const HEADER: &str = include_str!("../kernels/movegen.cuh");
    const KERNELS: &str = include_str!("../kernels/perft.cu");
    KERNELS.replace("#include \"movegen.cuh\"", HEADER)
}
