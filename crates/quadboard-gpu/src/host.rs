//! The kernels' header compiled for the CPU (`host/perft_host.cpp`, built by `build.rs`).

use crate::GpuPosition;

extern "C" {
    fn quadboard_gpu_host_perft(pos: *const GpuPosition, depth: u32) -> u64;
    fn quadboard_gpu_host_thread_perft(pos: *const GpuPosition, depth: u32) -> u64;
    fn quadboard_gpu_host_moves(
        pos: *const GpuPosition,
        children: *mut GpuPosition,
        capacity: u32,
    ) -> u32;
}

/// Perft of `pos` to `depth` by the kernels' code running on the CPU, one thread.
pub fn host_perft(pos: &GpuPosition, depth: u32) -> u64 {
    // SAFETY: the pointer comes from a reference to a `repr(C)` struct laid out as the C++
    // `QbPos`; the C++ side only reads it, and its recursion is bounded by `depth`.
    unsafe { quadboard_gpu_host_perft(pos, depth) }
}

/// What one GPU thread computes for `pos` (the kernel `qb_perft_<depth>`, compiled for
/// the CPU): `None` for a depth outside 1 to [`crate::KERNEL_DEPTH_MAX`] or a position with
/// more than 16 pieces of one colour, which the GPU path refuses.
pub fn host_thread_perft(pos: &GpuPosition, depth: u32) -> Option<u64> {
    let pieces = |set: u64| set.count_ones() <= 16;
    let occupied = pos.planes[1] | pos.planes[2] | pos.planes[3];
    if !(1..=crate::KERNEL_DEPTH_MAX).contains(&depth)
        || !pieces(occupied & pos.planes[0])
        || !pieces(occupied & !pos.planes[0])
    {
        return None;
    }
    // SAFETY: as in `host_perft`; the depth is one the C++ side has a kernel for.
    Some(unsafe { quadboard_gpu_host_thread_perft(pos, depth) })
}

/// The positions after each legal move of `pos`, in the kernels' generation order.
pub fn host_children(pos: &GpuPosition) -> Vec<GpuPosition> {
    // No chess position has more than 218 legal moves.
    let mut children = vec![GpuPosition::default(); 256];
    // SAFETY: `children` holds `capacity` writable positions; the C++ side writes at most
    // `capacity` of them and returns how many moves there are.
    let n = unsafe { quadboard_gpu_host_moves(pos, children.as_mut_ptr(), 256) };
    children.truncate(n as usize);
    children
}
