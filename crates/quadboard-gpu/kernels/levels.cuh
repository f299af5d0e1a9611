// Breadth-first perft over levels of positions, one element of a level per thread: the
// bodies of the kernels in perft.cu, written once for the GPU and the host (the host build
// loops over the elements; host/perft_host.cpp), so that the driver that sequences them
// (src/levels.rs) runs the same steps on both and is tested on the CPU.
//
// A level is three arrays of equal length: positions, the index of each one's parent in
// the level above (for the top level: an index into the per-root results) and a 64-bit
// word per position (`cnt`). A position with `remaining` plies still to count goes through
//   prepare  cnt = its number of children, or QB_HIT | its count when the table has it, or
//            (with a table) QB_DUP | the index of an equal position earlier in the part
//   expand   its children written to the next level (a block reserved with one atomic
//            add per warp), cnt = 0 so that the children's counts can be added to it
//   reduce   (after the levels below are done) cnt stored in the table and added to the
//            parent's cnt (a duplicate's taken from the equal position's)
// and a position with two plies left is counted whole by one thread (`fused`: its moves
// listed, each made and its replies counted; with a table after a prepare that probes and
// merges, then a reduce), so that the last level, thirty times the size of the one above,
// is never written to memory; with one ply left (a count of depth 1 on the device) a
// position adds its number of legal moves to its parent's cnt (`leaves`).
#pragma once

#include "movegen.cuh"

// Marks a cnt that came from the table: the position is counted and has no children.
#define QB_HIT (1ULL << 63)
// Marks a cnt whose position equals an earlier one of the same part of its level (the
// index in the low 32 bits): it takes that one's count and has no children.
#define QB_DUP (1ULL << 62)
#define QB_ELSEWHERE (QB_HIT | QB_DUP)
// Counts the table holds: the rest of an entry's value word checks the key.
#define QB_VALUE_BITS 48
#define QB_VALUE_MASK ((1ULL << QB_VALUE_BITS) - 1)

// A table of four regions of 2^k entries of two words each (none when `slots` is null):
// one region for each of 2, 3 and 4 plies left and one for more, so that the many
// shallow entries never push out the few deep ones, each worth more work. An entry for
// key (h1, h2) at index h2 & mask of its region holds
//   w1 = (h2 & ~QB_VALUE_MASK) | count     w0 = h1 ^ w1
// so a probe checks the 64 bits of h1, the top 16 bits of h2 and, through the index, k
// more bits of h2; and a torn entry (w0 of one write, w1 of another) fails the h1 check
// unless 64 bits happen to match.
struct QbTable {
    qb_u64* slots;
    qb_u64 mask;  // entries of one region, less one
};

#define QB_TABLE_REGIONS 4

QB_HD qb_u64* qb_entry(QbTable t, unsigned remaining, qb_u64 h2) {
    const qb_u64 region = (remaining < 5 ? remaining : 5) - 2;
    return t.slots + 2 * (region * (t.mask + 1) + (h2 & t.mask));
}

// The murmur3 64-bit finaliser: a bijection that mixes every input bit into every output bit.
QB_HD qb_u64 qb_mix(qb_u64 x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

// Two 64-bit keys of (position, remaining plies), from two chains of the mixer with
// different seeds: nothing to look up, so no table of random numbers on the device.
QB_HD void qb_keys(const QbPos& p, unsigned remaining, qb_u64& h1, qb_u64& h2) {
    const qb_u64 words[6] = {p.q[0], p.q[1], p.q[2], p.q[3], p.castling,
                             (qb_u64)p.ep | (qb_u64)p.black << 8 | (qb_u64)remaining << 16};
    qb_u64 a = 0x9e3779b97f4a7c15ULL, b = 0xd1b54a32d192ed03ULL;
    for (int i = 0; i < 6; ++i) {
        a = qb_mix(a ^ words[i]);
        b = qb_mix(b + words[i]);
    }
    h1 = a;
    h2 = b;
}

QB_HD bool qb_probe(QbTable t, const QbPos& p, unsigned remaining, qb_u64& count) {
    qb_u64 h1, h2;
    qb_keys(p, remaining, h1, h2);
    const qb_u64* e = qb_entry(t, remaining, h2);
#ifdef __CUDA_ARCH__
    // One 16-byte load, so that both words usually come from the same write.
    const ulonglong2 w = *reinterpret_cast<const ulonglong2*>(e);
    const qb_u64 w0 = w.x, w1 = w.y;
#else
    const qb_u64 w0 = e[0], w1 = e[1];
#endif
    if ((w0 ^ w1) != h1 || ((w1 ^ h2) & ~QB_VALUE_MASK) != 0) return false;
    count = w1 & QB_VALUE_MASK;
    return true;
}

QB_HD void qb_store(QbTable t, const QbPos& p, unsigned remaining, qb_u64 count) {
    if (count > QB_VALUE_MASK) return;
    qb_u64 h1, h2;
    qb_keys(p, remaining, h1, h2);
    qb_u64* e = qb_entry(t, remaining, h2);
    const qb_u64 w1 = (h2 & ~QB_VALUE_MASK) | count;
#ifdef __CUDA_ARCH__
    ulonglong2 w;
    w.x = h1 ^ w1;
    w.y = w1;
    *reinterpret_cast<ulonglong2*>(e) = w;
#else
    e[0] = h1 ^ w1;
    e[1] = w1;
#endif
}

QB_HD void qb_add(qb_u64* a, qb_u64 v) {
#ifdef __CUDA_ARCH__
    atomicAdd(a, v);
#else
    *a += v;
#endif
}

QB_HD qb_u64 qb_cas(qb_u64* a, qb_u64 expected, qb_u64 desired) {
#ifdef __CUDA_ARCH__
    return atomicCAS(a, expected, desired);
#else
    const qb_u64 old = *a;
    if (old == expected) *a = desired;
    return old;
#endif
}

QB_HD bool qb_same(const QbPos& a, const QbPos& b) {
    return a.q[0] == b.q[0] && a.q[1] == b.q[1] && a.q[2] == b.q[2] && a.q[3] == b.q[3] &&
           a.castling == b.castling && a.ep == b.ep && a.black == b.black;
}

// A set of the positions of one part of a level (2^k words, zero when empty, each a 32-bit
// tag of the key and the index of the first position with it), so that equal positions
// in a part are counted once (none when `slots` is null). Equality is checked on the
// whole position, so a tag that two positions share merges nothing wrongly.
struct QbSet {
    qb_u64* slots;
    qb_u64 mask;
};

// How far a probe runs before the position is left as its own representative (correct,
// only not merged).
#define QB_SET_PROBES 32

// The index of an equal position already in the set, or i when pos[i] is the first.
QB_HD qb_u32 qb_first_equal(QbSet set, const QbPos* pos, qb_u32 i, qb_u64 h2) {
    const qb_u64 tag = (h2 >> 32) | 1;
    qb_u64 slot = h2 & set.mask;
    for (int probe = 0; probe < QB_SET_PROBES; ++probe, slot = (slot + 1) & set.mask) {
        qb_u64 cur = set.slots[slot];
        if (cur == 0) {
            cur = qb_cas(set.slots + slot, 0, tag << 32 | i);
            if (cur == 0) return i;
        }
        if ((cur >> 32) == tag && qb_same(pos[(qb_u32)cur], pos[i])) return (qb_u32)cur;
    }
    return i;
}

// Sets cnt[i] and returns the number of children to expand: 0 for a table hit or a
// position equal to an earlier one; with two plies left the children are not counted
// (the fused step counts the position whole) and cnt[i] is 0 for a position to count.
QB_HD qb_u64 qb_prepare_one(const QbPos* pos, qb_u64* cnt, qb_u32 i, unsigned remaining, QbTable t, QbSet set) {
    qb_u64 count;
    if (t.slots && qb_probe(t, pos[i], remaining, count)) {
        cnt[i] = QB_HIT | count;
        return 0;
    }
    if (set.slots) {
        qb_u64 h1, h2;
        qb_keys(pos[i], remaining, h1, h2);
        const qb_u32 first = qb_first_equal(set, pos, i, h2);
        if (first != i) {
            cnt[i] = QB_DUP | first;
            return 0;
        }
    }
    if (remaining == 2) {
        cnt[i] = 0;
        return 0;
    }
    const qb_u64 n = qb_count_moves(pos[i]);
    cnt[i] = n;
    return n;
}

// Writes the children of pos[i] at child[base...] with parent index i.
struct QbChildSink {
    const QbPos* p;
    QbPos* child;
    qb_u32* parent;
    qb_u32 at;
    qb_u32 i;
    QB_MEMBER void operator()(int from, int to, int kind) {
        child[at] = qb_make(*p, from, to, kind);
        parent[at] = i;
        ++at;
    }
};

QB_HD void qb_expand_one(const QbPos* pos, qb_u64* cnt, qb_u32 i, qb_u32 base, QbPos* child, qb_u32* parent) {
    QbChildSink sink{pos + i, child, parent, base, i};
    qb_for_each_move(pos[i], sink);
    cnt[i] = 0;
}

// The number of children expand writes for element i (set by prepare).
QB_HD qb_u32 qb_children_of(const qb_u64* cnt, qb_u32 i) {
    return (cnt[i] & QB_ELSEWHERE) ? 0 : (qb_u32)cnt[i];
}

QB_HD void qb_reduce_one(const QbPos* pos, const qb_u32* parent, const qb_u64* cnt, qb_u32 i, unsigned remaining,
                         QbTable t, qb_u64* parent_cnt) {
    qb_u64 v = cnt[i];
    if (v & QB_HIT) {
        v &= ~QB_HIT;
    } else if (v & QB_DUP) {
        // The first equal position's count: final, as its own step of the part is done.
        v = cnt[(qb_u32)v];
    } else if (t.slots) {
        qb_store(t, pos[i], remaining, v);
    }
    qb_add(parent_cnt + parent[i], v);
}

// Moves listed at a time by one thread of the fused step, 16 bits each
// (`from | to << 6 | kind << 12`). A position with more (only lenient setups with many
// queens have them) is listed again for each further window.
#define QB_WINDOW 256

typedef unsigned short qb_u16;

// Lists the moves `skip` to `skip + QB_WINDOW` of a position (a functor of
// qb_for_each_move); `seen` counts them all.
struct QbWindow {
    qb_u16* moves;
    int n;
    int skip;
    int seen;
    QB_MEMBER void operator()(int from, int to, int kind) {
        if (seen++ >= skip && n < QB_WINDOW) moves[n++] = (qb_u16)(from | to << 6 | kind << 12);
    }
};

// Perft 2 of p, whose side to move is Black: each move made and the replies counted.
// One loop per colour, each with the colours constant.
template <int Black>
QB_HD qb_u64 qb_perft2_as(const QbPos& p) {
    qb_u16 moves[QB_WINDOW];
    // 32 bits: even a lenient setup's few hundred moves, each with a few hundred replies.
    qb_u32 total = 0;
    for (int skip = 0;; skip += QB_WINDOW) {
        QbWindow window{moves, 0, skip, 0};
        QbEachSink<QbWindow> sink{window};
        qb_generate_as<Black>(p, sink);
        for (int k = 0; k < window.n; ++k) {
            const qb_u32 m = moves[k];
            total += qb_count_moves_as<1 - Black>(
                qb_make_as<Black>(p, (int)(m & 63), (int)((m >> 6) & 63), (int)(m >> 12)));
        }
        if (window.seen <= skip + QB_WINDOW) return total;
    }
}

// Perft 2 of p.
QB_HD qb_u64 qb_perft2(const QbPos& p) { return p.black ? qb_perft2_as<1>(p) : qb_perft2_as<0>(p); }

// The fused step after prepare merged the level: perft 2 of each position to count
// (cnt[i] == 0), kept in cnt[i] for reduce to store and pass up.
QB_HD void qb_fused_first_one(const QbPos* pos, qb_u64* cnt, qb_u32 i) {
    if (cnt[i] == 0) cnt[i] = qb_perft2(pos[i]);
}
