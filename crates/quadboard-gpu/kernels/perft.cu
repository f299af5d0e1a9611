// The perft kernels: one thread per element of a level (levels.cuh has the steps and
// src/levels.rs the order the host launches them in). Every thread of a warp takes part in
// the warp-wide steps, those past the end with nothing to do.
#include "levels.cuh"

#define QB_FULL 0xffffffffu

// prepare: also adds the level's number of children to *total (one atomic per warp).
extern "C" __global__ void qb_prepare(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end, unsigned remaining,
                                      qb_u64* slots, qb_u64 mask, qb_u64* total) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const QbTable t{slots, mask};
    qb_u64 n = i < end ? qb_prepare_one(pos, cnt, i, remaining, t) : 0;
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
    if (i < end && !(cnt[i] & QB_HIT)) qb_expand_one(pos, cnt, i, base + scan - n, child, parent);
}

// leaves: the last ply, a bulk count added to the parent. Neighbouring positions mostly
// share a parent (a thread's children are written together), so lanes with the same
// parent sum first and one of them adds.
extern "C" __global__ void qb_leaves(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                     qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const bool live = i < end;
    const qb_u32 c = live ? (qb_u32)qb_count_moves(pos[i]) : 0;
    const qb_u32 key = live ? parent[i] : 0xffffffffu;
    const unsigned same = __match_any_sync(QB_FULL, key);
    const qb_u32 sum = __reduce_add_sync(same, c);
    const unsigned lane = threadIdx.x & 31;
    if (live && sum && lane == (unsigned)(__ffs(same) - 1)) atomicAdd(parent_cnt + key, (qb_u64)sum);
}

// reduce: counts stored in the table and added to the parents.
extern "C" __global__ void qb_reduce(const QbPos* pos, const qb_u32* parent, const qb_u64* cnt, qb_u32 start,
                                     qb_u32 end, unsigned remaining, qb_u64* slots, qb_u64 mask,
                                     qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    if (i < end) qb_reduce_one(pos, parent, cnt, i, remaining, QbTable{slots, mask}, parent_cnt);
}

// fused, one thread per position: the last two plies of pos[i] added to its parent (lanes
// with the same parent summing first: perft 2 of any position fits 32 bits, and so does a
// warp's sum).
extern "C" __global__ void qb_fused(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                    qb_u64* slots, qb_u64 mask, qb_u64* parent_cnt) {
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const bool live = i < end;
    const qb_u32 c = live ? (qb_u32)qb_fused_value(pos, i, QbTable{slots, mask}) : 0;
    const qb_u32 key = live ? parent[i] : 0xffffffffu;
    const unsigned same = __match_any_sync(QB_FULL, key);
    const qb_u32 sum = __reduce_add_sync(same, c);
    const unsigned lane = threadIdx.x & 31;
    if (live && sum && lane == (unsigned)(__ffs(same) - 1)) atomicAdd(parent_cnt + key, (qb_u64)sum);
}

// Moves one warp of the balanced fused step lists together in shared memory.
#define QB_WARP_MOVES 1024

// fused, balanced: the warp's 32 positions list their moves into one shared list, and the
// lanes take its moves in turn (the owner's position passed by shuffles), so that a warp
// takes as many rounds as its positions have moves over 32, not as many as its position
// with the most. A warp whose moves overflow the shared list counts one position per lane.
extern "C" __global__ void __launch_bounds__(256) qb_fused_warp(const QbPos* pos, const qb_u32* parent, qb_u32 start,
                                                                qb_u32 end, qb_u64* slots, qb_u64 mask,
                                                                qb_u64* parent_cnt) {
    __shared__ qb_u32 list[8][QB_WARP_MOVES];
    __shared__ qb_u32 acc[8][32];
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const qb_u32 i = start + blockIdx.x * blockDim.x + threadIdx.x;
    const bool live = i < end;
    const QbTable t{slots, mask};
    QbPos p;
    if (live) p = pos[i];
    else p = QbPos{{0, 0, 0, 0}, 0, 64, 0};
    qb_u64 hit = 0;
    bool done = !live;  // counted without the shared list (a hit, or no position)
    qb_u32 value = 0;
    if (live && t.slots && qb_probe(t, p, 2, hit)) {
        done = true;
        value = (qb_u32)hit;
    }
    qb_u16 moves[QB_WINDOW];
    QbWindowSink sink{moves, 0, 0, 0};
    if (!done) qb_generate(p, sink);
    const bool big = !done && sink.seen > QB_WINDOW;
    qb_u32 n = (done || big) ? 0 : (qb_u32)sink.n;
    qb_u32 scan = n;
    for (int offset = 1; offset < 32; offset <<= 1) {
        const qb_u32 y = __shfl_up_sync(QB_FULL, scan, offset);
        if (lane >= (unsigned)offset) scan += y;
    }
    const qb_u32 total = __shfl_sync(QB_FULL, scan, 31);
    acc[warp][lane] = 0;
    if (total <= QB_WARP_MOVES) {
        for (qb_u32 k = 0; k < n; ++k) list[warp][scan - n + k] = (qb_u32)moves[k] | lane << 16;
        __syncwarp();
        for (qb_u32 base = 0; base < total; base += 32) {
            const qb_u32 j = base + lane;
            const qb_u32 e = j < total ? list[warp][j] : 0;
            const int owner = (int)(e >> 16);
            QbPos q;
            for (int w = 0; w < 4; ++w) q.q[w] = __shfl_sync(QB_FULL, p.q[w], owner);
            q.castling = __shfl_sync(QB_FULL, p.castling, owner);
            q.ep = __shfl_sync(QB_FULL, p.ep, owner);
            q.black = __shfl_sync(QB_FULL, p.black, owner);
            if (j < total) atomicAdd(&acc[warp][owner], (qb_u32)qb_count_moves(qb_make16(q, e & 0xffff)));
        }
        __syncwarp();
        if (!done && !big) value = acc[warp][lane];
    } else if (!done && !big) {
        value = (qb_u32)qb_perft2(p);
    }
    if (big) value = (qb_u32)qb_perft2(p);
    if (live && !done && t.slots) qb_store(t, p, 2, value);
    const qb_u32 key = live ? parent[i] : 0xffffffffu;
    const unsigned same = __match_any_sync(QB_FULL, key);
    const qb_u32 sum = __reduce_add_sync(same, value);
    if (live && sum && lane == (unsigned)(__ffs(same) - 1)) atomicAdd(parent_cnt + key, (qb_u64)sum);
}
