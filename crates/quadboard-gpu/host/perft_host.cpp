// The kernels' code built for the CPU (quadboard_gpu::host and the CPU levels backend):
// perft by recursion for the tests, and each level step of levels.cuh as a loop over the
// elements, one thread, in place of a launch.
#include "../kernels/levels.cuh"

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
    Rec rec{0, &p, depth};
    qb_for_each_move(p, rec);
    return rec.n;
}

// Fills the tables from the 128 slider magics; called once, before anything else here.
extern "C" void quadboard_gpu_host_init(const qb_u64* magics) {
    for (qb_u32 row = 0, offset = 0; row < QB_INIT_ROWS; ++row) {
        for (qb_u32 col = 0; col < QB_INIT_COLS; ++col) qb_init_cell(magics, row, col, offset);
        if (row < 128) offset += 1u << qb_popcount(qb_relevant_mask(row));
    }
}

// The number of table cells (qb_table_cell_ok) that differ from the table-free code: 0
// when the magics and the layout agree.
extern "C" qb_u32 quadboard_gpu_host_check_tables() {
    qb_u32 wrong = qb_slider_offset(128) != QB_SLIDER_ENTRIES;
    for (qb_u32 row = 0; row < QB_INIT_ROWS; ++row)
        for (qb_u32 col = 0; col < QB_INIT_COLS; ++col) wrong += !qb_table_cell_ok(row, col);
    return wrong;
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

extern "C" qb_u64 quadboard_gpu_host_prepare(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end,
                                             unsigned remaining, qb_u64* slots, qb_u64 mask, qb_u64* set,
                                             qb_u64 set_mask) {
    qb_u64 total = 0;
    for (qb_u32 i = start; i < end; ++i)
        total += qb_prepare_one(pos, cnt, i, remaining, QbTable{slots, mask}, QbSet{set, set_mask});
    return total;
}

extern "C" void quadboard_gpu_host_fused_first(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end) {
    for (qb_u32 i = start; i < end; ++i) qb_fused_first_one(pos, cnt, i);
}

// Returns the number of children written (the next level's length).
extern "C" qb_u32 quadboard_gpu_host_expand(const QbPos* pos, qb_u64* cnt, qb_u32 start, qb_u32 end, QbPos* child,
                                            qb_u32* parent) {
    qb_u32 at = 0;
    for (qb_u32 i = start; i < end; ++i) {
        const qb_u32 n = qb_children_of(cnt, i);
        if (!(cnt[i] & QB_ELSEWHERE)) qb_expand_one(pos, cnt, i, at, child, parent);
        at += n;
    }
    return at;
}

extern "C" void quadboard_gpu_host_leaves(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                          qb_u64* parent_cnt) {
    for (qb_u32 i = start; i < end; ++i) parent_cnt[parent[i]] += qb_count_moves(pos[i]);
}

extern "C" void quadboard_gpu_host_reduce(const QbPos* pos, const qb_u32* parent, const qb_u64* cnt, qb_u32 start,
                                          qb_u32 end, unsigned remaining, qb_u64* slots, qb_u64 mask,
                                          qb_u64* parent_cnt) {
    for (qb_u32 i = start; i < end; ++i)
        qb_reduce_one(pos, parent, cnt, i, remaining, QbTable{slots, mask}, parent_cnt);
}

extern "C" void quadboard_gpu_host_fused(const QbPos* pos, const qb_u32* parent, qb_u32 start, qb_u32 end,
                                         qb_u64* parent_cnt) {
    for (qb_u32 i = start; i < end; ++i) parent_cnt[parent[i]] += qb_perft2(pos[i]);
}
