// Legal move generation, make-move and counting on quad-bitboards, written once for the GPU
// (NVRTC compiles it with the kernels in perft.cu) and for the host (build.rs compiles
// host/perft_host.cpp over it with the `cc` crate, and the tests compare its counts with
// quadboard-chess). Squares are numbered a1 = 0 ... h8 = 63, as in quadboard-chess.
//
// A position is four bitboards (the quad planes: bit i of each square's 4-bit piece code
// `role << 1 | color`, pawn = 1 ... king = 6, black = 1), the castling rooks as a set and
// the en passant square: 48 bytes, laid out as quadboard_gpu::GpuPosition in Rust.
//
// Sliding attacks come from fancy magic tables (the library's multipliers), and lines,
// the squares between two squares and the leapers' attacks by square from small tables,
// all in one struct in device memory (QbTables, 933,888 bytes). The tables are filled once
// from the table-free code kept below (hyperbola quintessence with a bit reversal, line
// masks computed from the square): by the kernel qb_init_tables after the module loads,
// and on the host by quadboard_gpu_host_init. Table loads take the place of ALU work in
// the count's hot loop, whose ALU pipe the bit reversals and line arithmetic had filled.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define QB_HD __host__ __device__ __forceinline__
#define QB_MEMBER __host__ __device__ __forceinline__
#else
#define QB_HD static inline
#define QB_MEMBER inline
#endif

typedef unsigned long long qb_u64;
typedef unsigned int qb_u32;

// The position: see the comment at the top.
struct QbPos {
    qb_u64 q[4];       // quad planes
    qb_u64 castling;   // squares of the rooks that may still castle
    qb_u32 ep;         // en passant square, 64 when there is none
    qb_u32 black;      // 1 when black is to move
};

// Move kinds passed to a sink's `special` and to qb_make.
enum {
    QB_NORMAL = 0,
    QB_DOUBLE = 1,   // double pawn push: sets the en passant square
    QB_EP = 2,       // en passant capture
    QB_CASTLE = 3,   // king "captures" its own castling rook (from = king, to = rook)
    QB_PROMO = 8     // QB_PROMO + role: promotion to knight (2) ... queen (5)
};

#define QB_FILE_A 0x0101010101010101ULL
#define QB_FILE_H 0x8080808080808080ULL
#define QB_RANK_1 0x00000000000000FFULL
#define QB_RANK_3 0x0000000000FF0000ULL
#define QB_RANK_6 0x0000FF0000000000ULL
#define QB_RANK_8 0xFF00000000000000ULL

QB_HD int qb_popcount(qb_u64 x) {
#ifdef __CUDA_ARCH__
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

// Index of the lowest set bit; x must not be 0.
QB_HD int qb_lsb(qb_u64 x) {
#ifdef __CUDA_ARCH__
    // The bits below the lowest, counted: two POPC, where __ffsll takes bit reversals and
    // FLO (the fused kernel's hot loop 1,158 -> 1,076 instructions).
    return __popcll(~x & (x - 1));
#else
    return __builtin_ctzll(x);
#endif
}

QB_HD qb_u64 qb_brev(qb_u64 x) {
#ifdef __CUDA_ARCH__
    return __brevll(x);
#else
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(x);
#endif
}

QB_HD qb_u64 qb_bit(int sq) { return 1ULL << sq; }

// ---- sets from the quad planes -------------------------------------------------------

QB_HD qb_u64 qb_occupied(const QbPos& p) { return p.q[1] | p.q[2] | p.q[3]; }
QB_HD qb_u64 qb_pawns(const QbPos& p) { return p.q[1] & ~p.q[2] & ~p.q[3]; }
QB_HD qb_u64 qb_knights(const QbPos& p) { return ~p.q[1] & p.q[2] & ~p.q[3]; }
QB_HD qb_u64 qb_rooks(const QbPos& p) { return ~p.q[1] & ~p.q[2] & p.q[3]; }
QB_HD qb_u64 qb_kings(const QbPos& p) { return ~p.q[1] & p.q[2] & p.q[3]; }
// Bishops and queens (codes 3 and 5): role bit 0 set and exactly one of bits 1 and 2.
QB_HD qb_u64 qb_diagonal(const QbPos& p) { return p.q[1] & (p.q[2] ^ p.q[3]); }
// Rooks and queens (codes 4 and 5): role bit 2 set, bit 1 clear.
QB_HD qb_u64 qb_orthogonal(const QbPos& p) { return p.q[3] & ~p.q[2]; }

// The 4-bit piece code on a square (0 when empty).
QB_HD int qb_code_at(const QbPos& p, int sq) {
    return (int)((p.q[0] >> sq) & 1) | (int)((p.q[1] >> sq) & 1) << 1 |
           (int)((p.q[2] >> sq) & 1) << 2 | (int)((p.q[3] >> sq) & 1) << 3;
}

QB_HD void qb_clear(QbPos& p, qb_u64 b) {
    p.q[0] &= ~b;
    p.q[1] &= ~b;
    p.q[2] &= ~b;
    p.q[3] &= ~b;
}

// Puts `code` on the (empty) squares of b.
QB_HD void qb_put(QbPos& p, qb_u64 b, int code) {
    p.q[0] |= (code & 1) ? b : 0;
    p.q[1] |= (code & 2) ? b : 0;
    p.q[2] |= (code & 4) ? b : 0;
    p.q[3] |= (code & 8) ? b : 0;
}

// ---- attacks without tables (the leapers' for sets, and what fills the tables) ------------

QB_HD qb_u64 qb_knight_attacks(qb_u64 b) {
    qb_u64 l1 = (b >> 1) & ~QB_FILE_H, l2 = (b >> 2) & ~(QB_FILE_H | (QB_FILE_H >> 1));
    qb_u64 r1 = (b << 1) & ~QB_FILE_A, r2 = (b << 2) & ~(QB_FILE_A | (QB_FILE_A << 1));
    qb_u64 h1 = l1 | r1, h2 = l2 | r2;
    return (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8);
}

QB_HD qb_u64 qb_king_attacks(qb_u64 b) {
    qb_u64 row = b | ((b << 1) & ~QB_FILE_A) | ((b >> 1) & ~QB_FILE_H);
    return (row | (row << 8) | (row >> 8)) & ~b;
}

// Squares that pawns of the given colour on b attack.
QB_HD qb_u64 qb_pawn_attacks(qb_u64 b, int black) {
    qb_u64 l = b & ~QB_FILE_A, r = b & ~QB_FILE_H;
    return black ? (l >> 9) | (r >> 7) : (l << 7) | (r << 9);
}

QB_HD qb_u64 qb_file_mask(int sq) { return QB_FILE_A << (sq & 7); }
QB_HD qb_u64 qb_rank_mask(int sq) { return QB_RANK_1 << (sq & 56); }
QB_HD qb_u64 qb_diag_mask(int sq) {
    int d = (sq & 7) - (sq >> 3);
    const qb_u64 m = 0x8040201008040201ULL;
    return d >= 0 ? m >> (8 * d) : m << (-8 * d);
}
QB_HD qb_u64 qb_anti_mask(int sq) {
    int e = (sq & 7) + (sq >> 3) - 7;
    const qb_u64 m = 0x0102040810204080ULL;
    return e >= 0 ? m << (8 * e) : m >> (-8 * e);
}

// Attacks of a slider on sq along one line (mask holds sq), stopping at the first
// occupied square each way (included).
QB_HD qb_u64 qb_line_attacks(qb_u64 occ, int sq, qb_u64 mask) {
    qb_u64 s = qb_bit(sq);
    mask &= ~s;
    qb_u64 o = occ & mask;
    qb_u64 forward = o - s;
    qb_u64 reverse = qb_brev(qb_brev(o) - qb_brev(s));
    return (forward ^ reverse) & mask;
}

QB_HD qb_u64 qb_rook_rays(int sq, qb_u64 occ) {
    return qb_line_attacks(occ, sq, qb_file_mask(sq)) | qb_line_attacks(occ, sq, qb_rank_mask(sq));
}

QB_HD qb_u64 qb_bishop_rays(int sq, qb_u64 occ) {
    return qb_line_attacks(occ, sq, qb_diag_mask(sq)) | qb_line_attacks(occ, sq, qb_anti_mask(sq));
}

// The whole line through a and b (both included) when they share one, else 0.
QB_HD qb_u64 qb_line_math(int a, int b) {
    if (((a ^ b) & 7) == 0) return qb_file_mask(a);
    if (((a ^ b) & 56) == 0) return qb_rank_mask(a);
    if ((a & 7) - (a >> 3) == (b & 7) - (b >> 3)) return qb_diag_mask(a);
    if ((a & 7) + (a >> 3) == (b & 7) + (b >> 3)) return qb_anti_mask(a);
    return 0;
}

// Squares strictly between a and b when they share a line, else 0: the line cut to the
// span of indices between the two.
QB_HD qb_u64 qb_between_math(int a, int b) {
    const int lo = a < b ? a : b, hi = a < b ? b : a;
    return lo == hi ? 0 : qb_line_math(a, b) & ((1ULL << hi) - (2ULL << lo));
}

// ---- the tables --------------------------------------------------------------------------

// Slider table entries: for each of the 128 slider squares (rooks a1..h8, then bishops)
// 1 << (squares in its relevant mask), in that order, as quadboard-chess lays out its own.
#define QB_SLIDER_ENTRIES 107648
// Rows of qb_init_cell: the 128 slider squares, then one per square for the 64 x 64 tables.
#define QB_INIT_ROWS 192
// Columns of qb_init_cell: the most subsets a relevant mask has (a rook's 12 squares).
#define QB_INIT_COLS 4096

// One slider square's magic: the index of occupancy occ in the table is
// offset + (high word of (occ & mask) * magic) >> shift. 32 bytes, aligned so, so that
// the four words come in two aligned loads from one sector (a 16-byte load of a
// misaligned address faults on the device; without alignas the tables were 8-aligned).
struct alignas(32) QbMagic {
    qb_u64 mask;
    qb_u64 magic;
    qb_u32 offset;
    qb_u32 shift;  // 32 less the mask's squares
    qb_u64 unused;
};

struct QbTables {
    QbMagic magic[128];
    qb_u64 slider[QB_SLIDER_ENTRIES];
    qb_u64 line[64 * 64];     // qb_line_math
    qb_u64 between[64 * 64];  // qb_between_math
    qb_u64 knight[64];
    qb_u64 king[64];
    qb_u64 rook_rays[64];     // on an empty board
    qb_u64 bishop_rays[64];
    qb_u64 pawn[2][64];       // what a pawn of each colour on the square attacks
};

static_assert(sizeof(QbMagic) == 32 && alignof(QbTables) >= 16, "QbMagic: two aligned 16-byte loads");

#ifdef __CUDA_ARCH__
// Written only by qb_init_tables, before any other kernel runs: read through the
// read-only data cache.
__device__ QbTables qb_tables;
#define QB_LOAD(x) __ldg(&(x))
#else
static QbTables qb_tables;
#define QB_LOAD(x) (x)
#endif

// The squares whose occupancy changes a slider's attacks: its lines without itself and
// without the last square of each ray (nothing lies beyond it), as quadboard-chess's masks.
QB_HD qb_u64 qb_relevant_mask(qb_u32 row) {
    const int sq = (int)(row & 63);
    const qb_u64 edges = QB_RANK_1 | QB_RANK_8 | QB_FILE_A | QB_FILE_H;
    const qb_u64 lines = row < 64 ? (qb_file_mask(sq) & ~(QB_RANK_1 | QB_RANK_8)) |
                                        (qb_rank_mask(sq) & ~(QB_FILE_A | QB_FILE_H))
                                  : (qb_diag_mask(sq) | qb_anti_mask(sq)) & ~edges;
    return lines & ~qb_bit(sq);
}

// Where slider square `row`'s slice of the table starts.
QB_HD qb_u32 qb_slider_offset(qb_u32 row) {
    qb_u32 offset = 0;
    for (qb_u32 j = 0; j < row; ++j) offset += 1u << qb_popcount(qb_relevant_mask(j));
    return offset;
}

// The index-th subset of mask: bit i of index says whether its i-th lowest square is in.
QB_HD qb_u64 qb_deposit(qb_u32 index, qb_u64 mask) {
    qb_u64 out = 0;
    for (; mask; mask &= mask - 1, index >>= 1)
        if (index & 1) out |= mask & (0 - mask);
    return out;
}

QB_HD qb_u32 qb_magic_index(const qb_u64 occ, qb_u64 mask, qb_u64 magic, qb_u32 offset, qb_u32 shift) {
    return offset + ((qb_u32)(((occ & mask) * magic) >> 32) >> shift);
}

// Fills one cell of the tables: for row < 128 (slider square row, whose slice starts at
// `offset`, qb_slider_offset(row)) the table entry of the col-th subset of its mask, and
// its QbMagic from col 0; for the rows after, the entries of square a = row - 128 with
// square b = col in the 64 x 64 tables, and its leapers' and rays' from col 0. Cells past
// a row's end do nothing. `magics`: the 128 multipliers (quadboard_chess::attacks::magic::MAGICS).
QB_HD void qb_init_cell(const qb_u64* magics, qb_u32 row, qb_u32 col, qb_u32 offset) {
    if (row < 128) {
        const qb_u64 mask = qb_relevant_mask(row);
        const qb_u32 bits = (qb_u32)qb_popcount(mask);
        if (col >= (1u << bits)) return;
        const qb_u64 magic = magics[row];
        if (col == 0) {
            QbMagic& m = qb_tables.magic[row];
            m.mask = mask;
            m.magic = magic;
            m.offset = offset;
            m.shift = 32 - bits;
            m.unused = 0;
        }
        const int sq = (int)(row & 63);
        const qb_u64 occ = qb_deposit(col, mask);
        qb_tables.slider[qb_magic_index(occ, mask, magic, offset, 32 - bits)] =
            row < 64 ? qb_rook_rays(sq, occ) : qb_bishop_rays(sq, occ);
    } else if (row < QB_INIT_ROWS && col < 64) {
        const int a = (int)row - 128, b = (int)col;
        qb_tables.line[a * 64 + b] = qb_line_math(a, b);
        qb_tables.between[a * 64 + b] = qb_between_math(a, b);
        if (b == 0) {
            qb_tables.knight[a] = qb_knight_attacks(qb_bit(a));
            qb_tables.king[a] = qb_king_attacks(qb_bit(a));
            qb_tables.rook_rays[a] = qb_rook_rays(a, 0);
            qb_tables.bishop_rays[a] = qb_bishop_rays(a, 0);
            qb_tables.pawn[0][a] = qb_pawn_attacks(qb_bit(a), 0);
            qb_tables.pawn[1][a] = qb_pawn_attacks(qb_bit(a), 1);
        }
    }
}

// ---- attacks from the tables -------------------------------------------------------------

QB_HD qb_u64 qb_slider_attacks(int row, qb_u64 occ) {
#ifdef __CUDA_ARCH__
    const QbMagic* m = &qb_tables.magic[row];
    const ulonglong2 mm = __ldg(reinterpret_cast<const ulonglong2*>(m));
    const uint2 os = __ldg(reinterpret_cast<const uint2*>(m) + 2);
    return __ldg(&qb_tables.slider[qb_magic_index(occ, mm.x, mm.y, os.x, os.y)]);
#else
    const QbMagic& m = qb_tables.magic[row];
    return qb_tables.slider[qb_magic_index(occ, m.mask, m.magic, m.offset, m.shift)];
#endif
}

QB_HD qb_u64 qb_rook_attacks(int sq, qb_u64 occ) { return qb_slider_attacks(sq, occ); }
QB_HD qb_u64 qb_bishop_attacks(int sq, qb_u64 occ) { return qb_slider_attacks(64 + sq, occ); }
QB_HD qb_u64 qb_knight_from(int sq) { return QB_LOAD(qb_tables.knight[sq]); }
QB_HD qb_u64 qb_king_from(int sq) { return QB_LOAD(qb_tables.king[sq]); }
QB_HD qb_u64 qb_pawn_from(int sq, int black) { return QB_LOAD(qb_tables.pawn[black][sq]); }
QB_HD qb_u64 qb_line(int a, int b) { return QB_LOAD(qb_tables.line[a * 64 + b]); }
QB_HD qb_u64 qb_between(int a, int b) { return QB_LOAD(qb_tables.between[a * 64 + b]); }

// Whether the tables agree with the table-free code at cell (row, col) of qb_init_cell:
// for a slider square, the lookup of its col-th subset (with squares off its mask added,
// which must not change it); for the rows after, every table's entry for (a, b). Cells
// past a row's end are right.
QB_HD bool qb_table_cell_ok(qb_u32 row, qb_u32 col) {
    if (row < 128) {
        const qb_u64 mask = qb_relevant_mask(row);
        if (col >= (1u << qb_popcount(mask))) return true;
        const int sq = (int)(row & 63);
        const qb_u64 occ = qb_deposit(col, mask) | (~mask & (0x8100000000000081ULL * (col & 1)));
        return qb_slider_attacks((int)row, occ) == (row < 64 ? qb_rook_rays(sq, occ) : qb_bishop_rays(sq, occ));
    }
    if (row >= QB_INIT_ROWS || col >= 64) return true;
    const int a = (int)row - 128, b = (int)col;
    return qb_line(a, b) == qb_line_math(a, b) && qb_between(a, b) == qb_between_math(a, b) &&
           qb_knight_from(a) == qb_knight_attacks(qb_bit(a)) && qb_king_from(a) == qb_king_attacks(qb_bit(a)) &&
           qb_pawn_from(a, 0) == qb_pawn_attacks(qb_bit(a), 0) && qb_pawn_from(a, 1) == qb_pawn_attacks(qb_bit(a), 1) &&
           QB_LOAD(qb_tables.rook_rays[a]) == qb_rook_rays(a, 0) &&
           QB_LOAD(qb_tables.bishop_rays[a]) == qb_bishop_rays(a, 0);
}

// Pieces of the set `them` (of colour `them_black`) that attack sq with occupancy occ.
QB_HD qb_u64 qb_attackers(const QbPos& p, int sq, qb_u64 occ, qb_u64 them, int them_black) {
    return ((qb_pawn_from(sq, !them_black) & qb_pawns(p)) |
            (qb_knight_from(sq) & qb_knights(p)) |
            (qb_king_from(sq) & qb_kings(p)) |
            (qb_bishop_attacks(sq, occ) & qb_diagonal(p)) |
            (qb_rook_attacks(sq, occ) & qb_orthogonal(p))) &
           them;
}

// The inclusive span of squares from a to b on one rank.
QB_HD qb_u64 qb_span(int a, int b) {
    int lo = a < b ? a : b, hi = a < b ? b : a;
    return (2ULL << hi) - (1ULL << lo);
}

// ---- legal move generation -------------------------------------------------------------
//
// Generates every legal move of p into a sink with three members:
//   piece(from, targets)                          moves of one non-pawn piece (king included)
//   pawns(push1, push2, cap_l, cap_r, black)      pawn moves by their targets: single and
//                                                 double pushes, captures towards file a and h
//   special(from, to, kind)                       one en passant capture or castling move
// A counting sink only popcounts; an enumerating one walks the sets.

// With the side to move a constant (Black: 1 for black), so that each colour's code
// has no choices between the two; qb_generate picks one from the position.
template <int Black, class Sink>
QB_HD void qb_generate_as(const QbPos& p, Sink& sink) {
    const int black = Black;
    const qb_u64 occ = qb_occupied(p);
    const qb_u64 us = black ? p.q[0] & occ : occ & ~p.q[0];
    const qb_u64 them = occ & ~us;
    const int ksq = qb_lsb(qb_kings(p) & us);
    const qb_u64 kbit = qb_bit(ksq);

    // Checkers and pins from their sliders on the king's lines (few, most of the time):
    // nothing between is a check, one piece of ours between is a pin. No attack computed.
    qb_u64 checkers = (qb_pawn_from(ksq, black) & qb_pawns(p) & them) |
                      (qb_knight_from(ksq) & qb_knights(p) & them);
    qb_u64 pinned = 0;
    {
        qb_u64 lined = ((QB_LOAD(qb_tables.rook_rays[ksq]) & qb_orthogonal(p)) |
                        (QB_LOAD(qb_tables.bishop_rays[ksq]) & qb_diagonal(p))) & them;
        for (; lined; lined &= lined - 1) {
            const qb_u64 b = qb_between(ksq, qb_lsb(lined)) & occ;
            if (!b) checkers |= lined & (0 - lined);
            else if (!(b & (b - 1))) pinned |= b & us;
        }
    }

    // King moves: squares their pieces attack with our king lifted off the board, looked
    // at only where the king could go.
    const qb_u64 zone = qb_king_from(ksq) & ~us;
    if (zone) {
        const qb_u64 occ_nk = occ ^ kbit;
        qb_u64 danger = qb_pawn_attacks(qb_pawns(p) & them, !black) |
                        qb_knight_attacks(qb_knights(p) & them) |
                        qb_king_attacks(qb_kings(p) & them);
        for (qb_u64 s = qb_diagonal(p) & them; s; s &= s - 1) danger |= qb_bishop_attacks(qb_lsb(s), occ_nk);
        for (qb_u64 s = qb_orthogonal(p) & them; s; s &= s - 1) danger |= qb_rook_attacks(qb_lsb(s), occ_nk);
        sink.piece(ksq, zone & ~danger);
    }
    if (checkers & (checkers - 1)) return;  // double check: only the king moves

    qb_u64 target = ~us;
    if (checkers) target &= checkers | qb_between(ksq, qb_lsb(checkers));

    for (qb_u64 s = qb_knights(p) & us & ~pinned; s; s &= s - 1) {
        int sq = qb_lsb(s);
        sink.piece(sq, qb_knight_from(sq) & target);
    }
    for (qb_u64 s = qb_diagonal(p) & us; s; s &= s - 1) {
        int sq = qb_lsb(s);
        qb_u64 t = qb_bishop_attacks(sq, occ) & target;
        if (pinned & s & (0 - s)) t &= qb_line(ksq, sq);
        sink.piece(sq, t);
    }
    for (qb_u64 s = qb_orthogonal(p) & us; s; s &= s - 1) {
        int sq = qb_lsb(s);
        qb_u64 t = qb_rook_attacks(sq, occ) & target;
        if (pinned & s & (0 - s)) t &= qb_line(ksq, sq);
        sink.piece(sq, t);
    }

    // Pawns, as sets. A pinned pawn moves only along its pin: it pushes when pinned on the
    // king's file, and takes only along the diagonal it is pinned on (a take along it is
    // towards the pinner: the squares on the king's side are empty or the king).
    const qb_u64 pawns = qb_pawns(p) & us;
    const qb_u64 free_pawns = pawns & ~pinned;
    const qb_u64 empty = ~occ;
    const qb_u64 pushers = free_pawns | (pawns & qb_file_mask(ksq));
    // Takes towards file a go along the king's anti-diagonal for white (+7), its diagonal
    // for black (-9); towards file h the other way round.
    const qb_u64 diag = free_pawns | (pawns & qb_diag_mask(ksq));
    const qb_u64 anti = free_pawns | (pawns & qb_anti_mask(ksq));
    qb_u64 push1, push2, cap_l, cap_r;
    if (black) {
        push1 = (pushers >> 8) & empty;
        push2 = ((push1 & QB_RANK_6) >> 8) & empty;
        cap_l = ((diag & ~QB_FILE_A) >> 9) & them;
        cap_r = ((anti & ~QB_FILE_H) >> 7) & them;
    } else {
        push1 = (pushers << 8) & empty;
        push2 = ((push1 & QB_RANK_3) << 8) & empty;
        cap_l = ((anti & ~QB_FILE_A) << 7) & them;
        cap_r = ((diag & ~QB_FILE_H) << 9) & them;
    }
    sink.pawns(push1 & target, push2 & target, cap_l & target, cap_r & target, black);

    // En passant: made on a copy of the occupancy and checked for any attack on the king.
    if (p.ep < 64) {
        const int ep = (int)p.ep;
        const int cap = black ? ep + 8 : ep - 8;
        for (qb_u64 s = qb_pawn_from(ep, !black) & pawns; s; s &= s - 1) {
            int from = qb_lsb(s);
            qb_u64 occ2 = occ ^ qb_bit(from) ^ qb_bit(ep) ^ qb_bit(cap);
            if (!qb_attackers(p, ksq, occ2, them & ~qb_bit(cap), !black))
                sink.special(from, ep, QB_EP);
        }
    }

    // Castling (Chess960 too): the king takes its own rook; the squares both cross must be
    // empty but for the two, and none the king stands on or crosses may be attacked with
    // both lifted off the board.
    if (!checkers) {
        const int back = black ? 56 : 0;
        for (qb_u64 s = p.castling & qb_rooks(p) & us & (QB_RANK_1 << back); s; s &= s - 1) {
            const int rook = qb_lsb(s);
            const bool king_side = rook > ksq;
            const int kdest = back + (king_side ? 6 : 2), rdest = back + (king_side ? 5 : 3);
            const qb_u64 rbit = qb_bit(rook);
            if (occ & (qb_span(ksq, kdest) | qb_span(rook, rdest)) & ~kbit & ~rbit) continue;
            const qb_u64 occ3 = occ ^ kbit ^ rbit;
            bool safe = true;
            for (qb_u64 path = qb_span(ksq, kdest); path && safe; path &= path - 1)
                if (qb_attackers(p, qb_lsb(path), occ3, them, !black)) safe = false;
            if (safe) sink.special(ksq, rook, QB_CASTLE);
        }
    }
}

template <class Sink>
QB_HD void qb_generate(const QbPos& p, Sink& sink) {
    if (p.black) qb_generate_as<1>(p, sink);
    else qb_generate_as<0>(p, sink);
}

// ---- make move ---------------------------------------------------------------------------

// p's side to move is Black (1 for black).
template <int Black>
QB_HD QbPos qb_make_as(const QbPos& p, int from, int to, int kind) {
    QbPos n = p;
    const qb_u64 fb = qb_bit(from), tb = qb_bit(to);
    const int black = Black;
    // One piece lands, on `land` (castling: the king, whose rook follows on `rook_to`),
    // after the squares of `lifted` are emptied: one clear and one put for every kind.
    const int code = kind >= QB_PROMO ? ((kind - QB_PROMO) << 1) | black : qb_code_at(p, from);
    qb_u64 lifted = fb | tb, land = tb, rook_to = 0;
    n.ep = 64;
    n.black = p.black ^ 1;
    n.castling &= ~lifted;
    if (kind == QB_CASTLE) {
        const int back = black ? 56 : 0;
        const bool king_side = to > from;
        land = qb_bit(back + (king_side ? 6 : 2));
        rook_to = qb_bit(back + (king_side ? 5 : 3));
    } else if (kind == QB_EP) {
        lifted |= qb_bit(black ? to + 8 : to - 8);
    }
    qb_clear(n, lifted);
    qb_put(n, land, code);
    n.q[3] |= rook_to;  // a rook: code 8 | black
    n.q[0] |= black ? rook_to : 0;
    if ((code >> 1) == 6) n.castling &= ~(black ? QB_RANK_8 : QB_RANK_1);
    // The en passant square only where a pawn of theirs could take: positions that differ
    // in an en passant square nobody can use are one position to the table and the
    // merging of equal positions.
    if (kind == QB_DOUBLE) {
        const int ep = (from + to) >> 1;
        const qb_u64 takers = qb_pawns(n) & (black ? ~n.q[0] : n.q[0]) & qb_occupied(n);
        if (qb_pawn_from(ep, black) & takers) n.ep = (qb_u32)ep;
    }
    return n;
}

QB_HD QbPos qb_make(const QbPos& p, int from, int to, int kind) {
    return p.black ? qb_make_as<1>(p, from, to, kind) : qb_make_as<0>(p, from, to, kind);
}

// ---- sinks and perft ------------------------------------------------------------------------

// Counts moves: popcounts, four moves per promotion target.
struct QbCountSink {
    qb_u32 n;
    QB_MEMBER void piece(int, qb_u64 t) { n += (qb_u32)qb_popcount(t); }
    QB_MEMBER void pawns(qb_u64 push1, qb_u64 push2, qb_u64 cap_l, qb_u64 cap_r, int black) {
        n += (qb_u32)(qb_popcount(push1) + qb_popcount(push2) + qb_popcount(cap_l) + qb_popcount(cap_r));
        // Three more a promotion: the last rank's bits of the three sets that reach it side
        // by side in one word, one popcount for all.
        const int shift = black ? 0 : 56;
        const qb_u64 last = black ? QB_RANK_1 : QB_RANK_8;
        const qb_u64 promos = ((push1 & last) >> shift) | ((cap_l & last) >> shift) << 8 |
                              ((cap_r & last) >> shift) << 16;
        n += 3 * (qb_u32)qb_popcount(promos);
    }
    QB_MEMBER void special(int, int, int) { n += 1; }
};

// Calls f(from, to, kind) for each move.
template <class F>
struct QbEachSink {
    F& f;
    QB_MEMBER void piece(int from, qb_u64 t) {
        for (; t; t &= t - 1) f(from, qb_lsb(t), QB_NORMAL);
    }
    // The pawn moves to the targets t, each from `to - delta`.
    QB_MEMBER void pawn_set(qb_u64 t, int delta, int kind, qb_u64 last) {
        for (; t; t &= t - 1) {
            int to = qb_lsb(t);
            if (qb_bit(to) & last) {
                for (int role = 5; role >= 2; --role) f(to - delta, to, QB_PROMO + role);
            } else {
                f(to - delta, to, kind);
            }
        }
    }
    QB_MEMBER void pawns(qb_u64 push1, qb_u64 push2, qb_u64 cap_l, qb_u64 cap_r, int black) {
        const qb_u64 last = black ? QB_RANK_1 : QB_RANK_8;
        const int d1 = black ? -8 : 8;
        pawn_set(push1, d1, QB_NORMAL, last);
        pawn_set(push2, 2 * d1, QB_DOUBLE, 0);
        pawn_set(cap_l, black ? -9 : 7, QB_NORMAL, last);
        pawn_set(cap_r, black ? -7 : 9, QB_NORMAL, last);
    }
    QB_MEMBER void special(int from, int to, int kind) { f(from, to, kind); }
};

template <class F>
QB_HD void qb_for_each_move(const QbPos& p, F& f) {
    QbEachSink<F> sink{f};
    qb_generate(p, sink);
}

// The number of legal moves of p, whose side to move is Black.
template <int Black>
QB_HD qb_u32 qb_count_moves_as(const QbPos& p) {
    QbCountSink sink{0};
    qb_generate_as<Black>(p, sink);
    return sink.n;
}

// The number of legal moves.
QB_HD qb_u32 qb_count_moves(const QbPos& p) {
    return p.black ? qb_count_moves_as<1>(p) : qb_count_moves_as<0>(p);
}
