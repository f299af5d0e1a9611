// The host build of kernels/movegen.cuh: perft at any depth, for the tests (quadboard_gpu::host).
#include "../kernels/movegen.cuh"

static qb_u64 perft_rec(const QbPos& p, unsigned depth);

namespace {
struct Rec {
    qb_u64 n;
    const QbPos* p;
    unsigned depth;
    void operator()(int from, int to, int kind) { n += perft_rec(qb_make(*p, from, to, kind), depth - 1); }
};
}  // namespace

static qb_u64 perft_rec(const QbPos& p, unsigned depth) {
    if (depth == 0) return 1;
    if (depth == 1) return qb_count_moves(p);
    // The kernels' fused two plies, where their move list bound holds (always below a
    // position with at most 16 pieces a side); the unbounded walk otherwise.
    if (depth == 2 && qb_fits_move_list(p)) return QbPerft<2>::run(p);
    Rec rec{0, &p, depth};
    qb_for_each_move(p, rec);
    return rec.n;
}

extern "C" qb_u64 quadboard_gpu_host_perft(const QbPos* p, unsigned depth) { return perft_rec(*p, depth); }

extern "C" unsigned quadboard_gpu_host_moves(const QbPos* p, QbPos* children, unsigned capacity) {
    struct Each {
        const QbPos* p;
        QbPos* out;
        unsigned cap, n;
        void operator()(int from, int to, int kind) {
            if (n < cap) out[n] = qb_make(*p, from, to, kind);
            ++n;
        }
    } each{p, children, capacity, 0};
    qb_for_each_move(*p, each);
    return each.n;
}

// What one GPU thread computes (QbPerft<depth>, depth 1 to 4, as the kernels qb_perft_1 to
// qb_perft_4), for positions with at most 16 pieces a side; u64 max for another depth.
extern "C" qb_u64 quadboard_gpu_host_thread_perft(const QbPos* p, unsigned depth) {
    switch (depth) {
        case 1: return QbPerft<1>::run(*p);
        case 2: return QbPerft<2>::run(*p);
        case 3: return QbPerft<3>::run(*p);
        case 4: return QbPerft<4>::run(*p);
        default: return ~0ULL;
    }
}
