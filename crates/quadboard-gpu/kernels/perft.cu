// The perft kernels: one thread per element of a level (levels.cuh has the steps and
// src/levels.rs the order the host launches them in). Every thread of a warp takes part in
// the warp-wide steps, those past the end with nothing to do.
#include "levels.cuh"

#define QB_FULL 0xffffffffu

// Fills the tables (movegen.cuh) from the 128 slider magics: launched once after the
// module loads, before any other kernel, on a grid of QB_INIT_COLS / 256 by QB_INIT_ROWS
// blocks of 256.
extern "C" __global__ void qb_init_tables(const qb_u64* magics) {
    const qb_u32 row = blockIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    qb_init_cell(magics, row, col, row < 128 ? qb_slider_offset(row) : 0);
}

// Adds to *wrong the cells of the tables that differ from the table-free code (on the
// grid of qb_init_tables): for the tests on the device.
extern "C" __global__ void qb_check_tables(qb_u32* wrong) {
    const qb_u32 row = blockIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    if (!qb_table_cell_ok(row, col)) atomicAdd(wrong, 1u);
}

// prepare: also adds the level's number of children to *total (one atomic per warp).
extern "C" __global__ void qb_prepare(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end, unsigned remaining,
                                      qb_u64* slots, qb_u64 mask, qb_u64* set, qb_u64 set_mask, qb_u64* total) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const QbTable t{slots, mask};
    qb_u64 n = i < end ? qb_prepare_one(pos, cnt, i, remaining, t, QbSet{set, set_mask}) : 0;
    for (int offset = 16; offset > 0; offset >>= 1) n += __shfl_down_sync(QB_FULL, n, offset);
    if ((threadIdx.x & 31) == 0 && n) atomicAdd(total, n);
}

// expand: each warp reserves one block of the next level for its lanes' children.
extern "C" __global__ void qb_expand(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end, QbPos* child,
                                     qb_u32* parent, qb_u32* cursor) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned lane = threadIdx.x & 31;
    const qb_u32 n = i < end ? qb_children_of(cnt, i) : 0;
    qb_u32 scan = n;  // inclusive prefix sum over the warp
    for (int offset = 1; offset < 32; offset <<= 1) {
        const qb_u32 y = __shfl_up_sync(QB_FULL, scan, offset);
        if (lane >= (unsigned)offset) scan += y;
    }
    const qb_u32 sum = __shfl_sync(QB_FULL, scan, 31);
    qb_u32 base = 0;
    if (lane == 31 && sum) base = atomicAdd(cursor, sum);
    base = __shfl_sync(QB_FULL, base, 31);
    if (i < end && !(cnt[i] & QB_ELSEWHERE)) qb_expand_one(pos, cnt, i, base + scan - n, child, parent);
}

// Adds each live lane's count c (a count of at most two plies: it fits 32 bits, and so does
// a warp's sum) to its parent's. Neighbouring positions mostly share a parent (a thread's
// children are written together), so lanes with the same parent sum first and one of them
// adds. Every lane of the warp takes part.
__device__ __forceinline__ void qb_add_to_parents(bool live, qb_u32 c, const qb_u32* parent, qb_u32 i,
                                                  qb_u64* parent_cnt) {
    const qb_u32 key = live ? parent[i] : 0xffffffffu;
    const unsigned same = __match_any_sync(QB_FULL, key);
    const qb_u32 sum = __reduce_add_sync(same, c);
    const unsigned lane = threadIdx.x & 31;
    if (live && sum && lane == (unsigned)(__ffs(same) - 1)) atomicAdd(parent_cnt + key, (qb_u64)sum);
}

// leaves: the last ply, a bulk count added to the parent.
extern "C" __global__ void qb_leaves(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                     qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const bool live = i < end;
    qb_add_to_parents(live, live ? (qb_u32)qb_count_moves(pos[i]) : 0, parent, i, parent_cnt);
}

// reduce: counts stored in the table and added to the parents.
extern "C" __global__ void qb_reduce(const QbPos* pos, const qb_u32* parent, const qb_u64* cnt, qb_u32 start,
                                     qb_u32 end, unsigned remaining, qb_u64* slots, qb_u64 mask,
                                     qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < end) qb_reduce_one(pos, parent, cnt, i, remaining, QbTable{slots, mask}, parent_cnt);
}

// fused, one thread per position (without a table; with one, prepare merges the level and
// qb_fused_first counts): the last two plies of pos[i] added to its parent.
__device__ __forceinline__ void qb_fused_body(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                              qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const bool live = i < end;
    qb_add_to_parents(live, live ? (qb_u32)qb_perft2(pos[i]) : 0, parent, i, parent_cnt);
}

// Both fused kernels come with the registers per thread bounded (256 threads a block, at
// least N blocks an SM: at most 65536 / 256N registers a thread), trading registers, and
// spills, for warps to hide latency with: QUADBOARD_GPU_BLOCKS picks N (docs/gpu.md).
#define QB_FUSED_BOUNDED(NAME, FIRST, BLOCKS)                                                            \
    extern "C" __global__ void __launch_bounds__(256, BLOCKS)                                             \
        NAME(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end, qb_u64* parent_cnt) {      \
        qb_fused_body(pos, parent, start, end, parent_cnt);                                              \
    }                                                                                                     \
    extern "C" __global__ void __launch_bounds__(256, BLOCKS)                                             \
        FIRST(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end) {                                  \
        const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;                                   \
        if (i < end) qb_fused_first_one(pos, cnt, i);                                                     \
    }
QB_FUSED_BOUNDED(qb_fused_2, qb_fused_first_2, 2)
QB_FUSED_BOUNDED(qb_fused_3, qb_fused_first_3, 3)
QB_FUSED_BOUNDED(qb_fused_4, qb_fused_first_4, 4)
QB_FUSED_BOUNDED(qb_fused_5, qb_fused_first_5, 5)
