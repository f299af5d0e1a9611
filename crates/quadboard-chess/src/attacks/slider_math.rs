//! Slider geometry on raw `u64` sets, shared word for word by the build script (which
//! searches magic multipliers) and the library (which fills and reads the lookup tables),
//! so that the tables and their index function cannot drift apart.

/// Rook steps as (file, rank) deltas.
pub const ROOK_STEPS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// Bishop steps as (file, rank) deltas.
pub const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The steps of slider kind `kind`: 0 for rooks, 1 for bishops (the order of the tables).
pub const fn steps_of(kind: usize) -> &'static [(i8, i8); 4] {
    if kind == 0 {
        &ROOK_STEPS
    } else {
        &BISHOP_STEPS
    }
}

/// The squares a slider on `square` reaches along `steps`, stopping at (and including)
/// the first occupied square of each ray: the reference that every faster method must equal.
pub const fn ray_walk(square: u8, occupied: u64, steps: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = steps[d];
        let mut f = (square & 7) as i8 + df;
        let mut r = (square >> 3) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The relevant occupancy mask: the empty-board rays without their last square, whose
/// occupancy never changes the attack set.
pub const fn relevant_mask(square: u8, steps: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = steps[d];
        let mut f = (square & 7) as i8 + df;
        let mut r = (square >> 3) as i8 + dr;
        // Keep a square only when the next one along the ray is still on the board.
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// The multiply-shift hash of an occupancy into a magic table slice of `1 << bits` entries.
#[inline(always)]
pub const fn magic_index(occupied: u64, mask: u64, magic: u64, bits: u32) -> usize {
    ((occupied & mask).wrapping_mul(magic) >> (64 - bits)) as usize
}

/// The `index`-th subset of `mask` in the order of a software PEXT: bit `i` of `index`
/// decides the `i`-th lowest square of `mask`. Its inverse is PEXT.
#[allow(dead_code)] // Used by build.rs, which includes this file.
pub const fn deposit(index: u64, mask: u64) -> u64 {
    let mut result = 0;
    let mut m = mask;
    let mut bit = 0;
    while m != 0 {
        let low = m & m.wrapping_neg();
        if index & (1 << bit) != 0 {
            result |= low;
        }
        m ^= low;
        bit += 1;
    }
    result
}

/// Where each square's slice starts in the shared rook-then-bishop table, and its mask.
pub struct TableLayout {
    /// Relevant masks, rook (`[0]`) and bishop (`[1]`), by square.
    pub masks: [[u64; 64]; 2],
    /// Start of each square's slice, rook and bishop, by square.
    pub offsets: [[u32; 64]; 2],
    /// Total entries: every square has `1 << popcount(mask)` of them.
    pub size: usize,
}

/// The layout of the shared slider table: rooks a1..h8, then bishops a1..h8.
pub const fn table_layout() -> TableLayout {
    let mut layout = TableLayout {
        masks: [[0; 64]; 2],
        offsets: [[0; 64]; 2],
        size: 0,
    };
    let mut offset = 0u32;
    let mut kind = 0;
    while kind < 2 {
        let steps = steps_of(kind);
        let mut sq = 0;
        while sq < 64 {
            let mask = relevant_mask(sq as u8, steps);
            layout.masks[kind][sq] = mask;
            layout.offsets[kind][sq] = offset;
            offset += 1 << mask.count_ones();
            sq += 1;
        }
        kind += 1;
    }
    layout.size = offset as usize;
    layout
}
