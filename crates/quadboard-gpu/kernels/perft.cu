// The perft kernels: one thread per position, each counting perft to a depth fixed at
// compile time (QbPerft<D> in movegen.cuh: the last two plies fused, the last one a bulk
// count). Counts are summed within each warp, then added to one 64-bit total.
#include "movegen.cuh"

template <int D>
__device__ __forceinline__ void qb_perft_batch(const QbPos* positions, unsigned n, qb_u64* total) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    qb_u64 c = 0;
    if (i < n) c = QbPerft<D>::run(positions[i]);
    for (int offset = 16; offset > 0; offset >>= 1) c += __shfl_down_sync(0xffffffffu, c, offset);
    if ((threadIdx.x & 31) == 0 && c) atomicAdd(total, c);
}

extern "C" __global__ void qb_perft_1(const QbPos* p, unsigned n, qb_u64* t) { qb_perft_batch<1>(p, n, t); }
extern "C" __global__ void qb_perft_2(const QbPos* p, unsigned n, qb_u64* t) { qb_perft_batch<2>(p, n, t); }
extern "C" __global__ void qb_perft_3(const QbPos* p, unsigned n, qb_u64* t) { qb_perft_batch<3>(p, n, t); }
extern "C" __global__ void qb_perft_4(const QbPos* p, unsigned n, qb_u64* t) { qb_perft_batch<4>(p, n, t); }
