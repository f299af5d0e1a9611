//! The layout of the knight and king perfect hashes on raw `u64` sets, shared word for
//! word by the build script (which searches the multipliers once, natively) and the
//! library (which lays its tables out from them in `const` code and checks every slot).
//!
//! The search was the most expensive `const` evaluation of the crate: about 0.5 s of the
//! single-threaded front end of every cold build, all of it for the king's 256-subset
//! shapes. The build script does it in milliseconds.

/// Knight steps as (file, rank) deltas.
pub const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// King steps as (file, rank) deltas.
pub const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The squares a leaper on each square reaches by `steps`: the tables' attack sets,
/// which the library's tests compare with its setwise attacks.
pub const fn leaper_masks(steps: &[(i8, i8); 8]) -> [u64; 64] {
    let mut masks = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = steps[d];
            let f = (square & 7) as i8 + df;
            let r = (square >> 3) as i8 + dr;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                masks[square] |= 1u64 << (r * 8 + f);
            }
            d += 1;
        }
        square += 1;
    }
    masks
}

/// How the subsets of one from-square's attack set find their lists.
#[derive(Copy, Clone)]
pub struct Slot {
    /// The attack set: targets outside it are ignored.
    pub mask: u64,
    /// The multiplier of the hash.
    pub magic: u64,
    /// Where this square's `2^n` lists start in the per-square table.
    pub offset: u32,
    /// Where this square's shape's `2^n` lists start in the per-shape table.
    pub shape_offset: u16,
    /// `64 - n`: the hash keeps the top `n` bits of the product.
    pub shift: u8,
    /// The lowest square of the attack set, which the per-shape lists are relative to.
    pub low: u8,
}

/// The hash parameters of every from-square, and the total numbers of lists.
pub struct Layout {
    /// Per from-square.
    pub slots: [Slot; 64],
    /// The total number of per-square lists.
    pub size: usize,
    /// The total number of per-shape lists.
    pub shape_size: usize,
}

/// xorshift64*: a fixed generator, so the multipliers (and the tables) are reproducible.
const fn next_random(state: u64) -> u64 {
    let mut x = state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    x
}

const fn scramble(state: u64) -> u64 {
    state.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// Whether `subset * magic >> shift` takes a different value on every subset of `mask`.
const fn is_injective(mask: u64, magic: u64, shift: u32) -> bool {
    let mut seen = [0u64; 4];
    let mut subset = 0u64;
    loop {
        let index = (subset.wrapping_mul(magic) >> shift) as usize;
        if seen[index >> 6] >> (index & 63) & 1 != 0 {
            return false;
        }
        seen[index >> 6] |= 1 << (index & 63);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            return true;
        }
    }
}

/// A multiplier that hashes the subsets of `mask` injectively into its top `n` bits, and the
/// generator state after the search.
const fn search_magic(mask: u64, mut state: u64) -> (u64, u64) {
    let n = mask.count_ones();
    assert!(n >= 1 && n <= 8);
    let mut bits = [0u32; 8];
    let mut rest = mask;
    let mut i = 0;
    while rest != 0 {
        bits[i] = rest.trailing_zeros();
        rest &= rest - 1;
        i += 1;
    }
    let mut attempts = 0;
    loop {
        attempts += 1;
        assert!(attempts < 1 << 20, "no multiplier found");
        // A random order of the index bits (Fisher-Yates).
        let mut order = [0u32, 1, 2, 3, 4, 5, 6, 7];
        let mut k = n as usize;
        while k > 1 {
            k -= 1;
            state = next_random(state);
            let j = (scramble(state) % (k as u64 + 1)) as usize;
            let t = order[k];
            order[k] = order[j];
            order[j] = t;
        }
        let mut magic = 0u64;
        let mut i = 0;
        while i < n as usize {
            let target = 64 - n + order[i];
            if target >= bits[i] {
                magic |= 1 << (target - bits[i]);
            }
            i += 1;
        }
        if is_injective(mask, magic, 64 - n) {
            return (magic, state);
        }
    }
}

/// The layout of the attack sets `masks`: with `magics`, the multipliers the build script
/// found; without, searched here (what the build script runs). A shape (an attack set
/// shifted down to bit 0) gets its multiplier at its highest square; each lower square of
/// that shape shares it, shifted, and its per-shape lists.
pub const fn layout(masks: &[u64; 64], magics: Option<&[u64; 64]>) -> Layout {
    let mut slots = [Slot {
        mask: 0,
        magic: 0,
        offset: 0,
        shape_offset: 0,
        shift: 0,
        low: 0,
    }; 64];
    // A fixed seed ("serializ"), so the multipliers never change from build to build.
    let mut state = 0x7365_7269_616c_697a;
    let mut shape_size = 0;
    // From h8 down, so that every shape is searched once, at its highest square.
    let mut square = 64;
    while square > 0 {
        square -= 1;
        let mask = masks[square];
        let low = mask.trailing_zeros();
        let mut magic = 0;
        let mut shape_offset = 0;
        let mut known = false;
        let mut higher = square + 1;
        while higher < 64 {
            let other = slots[higher].mask;
            let other_low = other.trailing_zeros();
            if other >> other_low == mask >> low {
                magic = slots[higher].magic << (other_low - low);
                shape_offset = slots[higher].shape_offset;
                known = true;
                break;
            }
            higher += 1;
        }
        if !known {
            magic = match magics {
                Some(magics) => magics[square],
                None => {
                    let found = search_magic(mask, state);
                    state = found.1;
                    found.0
                }
            };
            shape_offset = shape_size as u16;
            shape_size += 1 << mask.count_ones();
        }
        if let Some(magics) = magics {
            // The given multipliers are the searched ones, shared by each shape.
            assert!(
                magics[square] == magic,
                "multiplier not shared by its shape"
            );
        }
        slots[square].mask = mask;
        slots[square].magic = magic;
        slots[square].shape_offset = shape_offset;
        slots[square].shift = 64 - mask.count_ones() as u8;
        slots[square].low = low as u8;
    }
    let mut size = 0;
    let mut square = 0;
    while square < 64 {
        slots[square].offset = size as u32;
        size += 1 << slots[square].mask.count_ones();
        square += 1;
    }
    Layout {
        slots,
        size,
        shape_size,
    }
}
