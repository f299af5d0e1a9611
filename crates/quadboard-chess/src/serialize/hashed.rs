//! Perfect hashing of knight and king target sets to precomputed square lists.
//!
//! A knight or king on a given square attacks at most eight squares, so its target set has
//! at most 2^8 subsets. Each from-square owns a slice of `2^n` lists, `n` being the size of
//! its attack set, and each subset of the attack set has exactly one list there: the hash is
//! a bijection (a minimal perfect hash). Looking up a target set is one AND, one multiply,
//! one shift and one load, whatever the number of targets.
//!
//! The multipliers are searched once, by the build script (`leaper_hash.rs`, which the
//! library rebuilds its layout with in `const` code). A from-square's attack set, shifted
//! down to bit 0, is its *shape*; squares of the same shape differ only by a shift `d`, and
//! `(x >> d) * (m << d) == x * m` when the low `d` bits of `x` are clear, so one multiplier
//! per shape serves every square of that shape (23 knight shapes, 9 king shapes). The search
//! gives each target bit `p_i` one multiplier bit that carries it to index bit `σ(i)`, and
//! tries permutations `σ` until the cross products leave the index a bijection; a few hundred
//! candidates per leaper suffice. Every table slot is checked to be filled exactly once, so a
//! bad multiplier fails the build rather than a lookup.
//!
//! Three tables of 8-byte lists come out of it:
//! - per square, indexed by the hash ([`knight_targets`], [`king_targets`]): 5520 knight
//!   and 10016 king lists (43 KiB and 78 KiB), borrowed as `&'static [Square]`;
//! - per square, indexed by PEXT with BMI2 (`knight_targets_pext`): the same sizes;
//! - per shape, relative to the attack set's lowest square ([`knight_targets_compact`]):
//!   712 knight and 416 king lists (5.6 KiB and 3.3 KiB), returned by value, padded to eight
//!   squares so that a caller can copy them without a loop.

use crate::{Bitboard, Square};

use super::leaper_hash::{layout, leaper_masks, Layout, Slot, KING_STEPS, KNIGHT_STEPS};

// `KNIGHT_MAGICS` and `KING_MAGICS`: the multipliers, one per square (shared by the squares
// of a shape), as the build script's run of `leaper_hash::layout` found them.
include!(concat!(env!("OUT_DIR"), "/leaper_magics.rs"));

/// Every from-square's lists in increasing order of subsets, which is the order of their
/// PEXT index: each subset's squares in ascending order, as square indices, padded with the
/// from-square (never read: the caller's slice stops at the subset's size).
///
/// Plain bytes rather than `Square`s, and each list made from an earlier one, keep the
/// compile-time evaluation cheap.
const fn lists_by_rank<const N: usize>(layout: &Layout) -> [[u8; 8]; N] {
    assert!(N == layout.size);
    let mut out = [[0u8; 8]; N];
    let mut square = 0;
    while square < 64 {
        let slot = &layout.slots[square];
        let mut bits = [0u8; 8];
        let mut rest = slot.mask;
        let mut k = 0;
        while rest != 0 {
            bits[k] = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            k += 1;
        }
        let offset = slot.offset as usize;
        out[offset] = [square as u8; 8];
        let mut rank = 1usize;
        while rank < 1 << k {
            // The subset of rank `rank` is the one of `rank` without its top bit, plus the
            // square of that bit, which comes last.
            let top = usize::BITS - 1 - rank.leading_zeros();
            let mut list = out[offset + (rank ^ 1 << top)];
            list[rank.count_ones() as usize - 1] = bits[top as usize];
            out[offset + rank] = list;
            rank += 1;
        }
        square += 1;
    }
    out
}

/// The lists of `by_rank` moved to the slots of the multiply-shift hash. Fails to compile on
/// a hash collision.
const fn lists_by_magic<const N: usize>(layout: &Layout, by_rank: &[[u8; 8]; N]) -> [[u8; 8]; N] {
    // 0xff marks a free slot: real lists start with a square index.
    let mut out = [[0xffu8; 8]; N];
    let mut square = 0;
    while square < 64 {
        let slot = &layout.slots[square];
        let mut subset = 0u64;
        let mut rank = 0usize;
        loop {
            let i = slot.offset as usize + (subset.wrapping_mul(slot.magic) >> slot.shift) as usize;
            assert!(out[i][0] == 0xff, "hash collision");
            out[i] = by_rank[slot.offset as usize + rank];
            subset = subset.wrapping_sub(slot.mask) & slot.mask;
            rank += 1;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    out
}

/// Every shape's lists at their hash slots, each square relative to the attack set's lowest
/// square and packed little-endian into a `u64`, padded with zeros (the lowest square).
const fn lists_by_shape<const N: usize>(layout: &Layout) -> [u64; N] {
    assert!(N == layout.shape_size);
    // All ones marks a free slot: a real list has no byte above 63.
    let mut out = [u64::MAX; N];
    let mut square = 0;
    while square < 64 {
        let slot = &layout.slots[square];
        // The empty set hashes to 0: if its slot is taken, a square of the same shape has
        // filled the shape's lists already (the tests compare every square's lists).
        if out[slot.shape_offset as usize] != u64::MAX {
            square += 1;
            continue;
        }
        let mut subset = 0u64;
        loop {
            let hash = (subset.wrapping_mul(slot.magic) >> slot.shift) as usize;
            let i = slot.shape_offset as usize + hash;
            let mut list = 0u64;
            let mut rest = subset;
            let mut k = 0;
            while rest != 0 {
                list |= ((rest.trailing_zeros() - slot.low as u32) as u64) << (8 * k);
                rest &= rest - 1;
                k += 1;
            }
            assert!(out[i] == u64::MAX, "hash collision");
            out[i] = list;
            subset = subset.wrapping_sub(slot.mask) & slot.mask;
            if subset == 0 {
                break;
            }
        }
        square += 1;
    }
    out
}

const KNIGHT_LAYOUT: Layout = layout(&leaper_masks(&KNIGHT_STEPS), Some(&KNIGHT_MAGICS));
const KING_LAYOUT: Layout = layout(&leaper_masks(&KING_STEPS), Some(&KING_MAGICS));
/// How many knight lists there are: the sum over squares of `2^n`.
pub const KNIGHT_LISTS: usize = KNIGHT_LAYOUT.size;
/// How many king lists there are.
pub const KING_LISTS: usize = KING_LAYOUT.size;

/// How many per-shape knight lists there are.
const KNIGHT_SHAPE_LISTS: usize = KNIGHT_LAYOUT.shape_size;
/// How many per-shape king lists there are.
const KING_SHAPE_LISTS: usize = KING_LAYOUT.shape_size;

static KNIGHT_SLOTS: [Slot; 64] = KNIGHT_LAYOUT.slots;
static KING_SLOTS: [Slot; 64] = KING_LAYOUT.slots;
// Consts, not statics: other statics are built from them, and reading a static in a
// constant needs Rust 1.83. Only static initializers use them, so no copy exists at run time.
#[allow(clippy::large_const_arrays)]
const KNIGHT_BY_RANK: [[u8; 8]; KNIGHT_LISTS] = lists_by_rank(&KNIGHT_LAYOUT);
#[allow(clippy::large_const_arrays)]
const KING_BY_RANK: [[u8; 8]; KING_LISTS] = lists_by_rank(&KING_LAYOUT);
static KNIGHT_BY_MAGIC: [[u8; 8]; KNIGHT_LISTS] = lists_by_magic(&KNIGHT_LAYOUT, &KNIGHT_BY_RANK);
static KING_BY_MAGIC: [[u8; 8]; KING_LISTS] = lists_by_magic(&KING_LAYOUT, &KING_BY_RANK);
static KNIGHT_BY_SHAPE: [u64; KNIGHT_SHAPE_LISTS] = lists_by_shape(&KNIGHT_LAYOUT);
static KING_BY_SHAPE: [u64; KING_SHAPE_LISTS] = lists_by_shape(&KING_LAYOUT);
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
static KNIGHT_BY_PEXT: [[u8; 8]; KNIGHT_LISTS] = KNIGHT_BY_RANK;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
static KING_BY_PEXT: [[u8; 8]; KING_LISTS] = KING_BY_RANK;

/// The first `count` squares of the list at `index`.
#[inline(always)]
fn list(lists: &'static [[u8; 8]], index: usize, count: u32) -> &'static [Square] {
    debug_assert!(index < lists.len() && count <= 8);
    // SAFETY: `index` is the slot's offset plus a value below `2^n` (the top `n` bits of a
    // product, or a PEXT by an `n`-bit mask), and the `2^n` lists of every slot lie inside the
    // table (`layout` sums them into its size). `count` is the size of a subset of an attack
    // set of at most 8 squares, and every list has 8 entries, each a square index below 64,
    // hence a valid `Square` (a one-byte enum with discriminants 0..64).
    unsafe {
        let list = lists.get_unchecked(index);
        core::slice::from_raw_parts(list.as_ptr().cast::<Square>(), count as usize)
    }
}

impl Slot {
    /// The targets within the attack set, and the hash of that subset.
    #[inline(always)]
    fn hash(&self, targets: Bitboard) -> (u64, usize) {
        let set = targets.0 & self.mask;
        (set, (set.wrapping_mul(self.magic) >> self.shift) as usize)
    }

    /// The list of `targets` from the per-square table.
    #[inline(always)]
    fn by_magic(&self, lists: &'static [[u8; 8]], targets: Bitboard) -> &'static [Square] {
        let (set, hash) = self.hash(targets);
        list(lists, self.offset as usize + hash, set.count_ones())
    }

    /// The list of `targets` from the per-shape table, relative lists moved to this square.
    #[inline(always)]
    fn by_shape(&self, lists: &'static [u64], targets: Bitboard) -> ([Square; 8], usize) {
        let (set, hash) = self.hash(targets);
        debug_assert!(self.shape_offset as usize + hash < lists.len());
        // SAFETY: the hash is below `2^n` and the shape's `2^n` lists lie inside the table
        // (`layout` counts them into its shape size).
        let relative = unsafe { *lists.get_unchecked(self.shape_offset as usize + hash) };
        // No byte carries: a relative square plus the lowest square is a square of the board.
        let squares = (relative + 0x0101_0101_0101_0101 * self.low as u64).to_le_bytes();
        debug_assert!(squares.iter().all(|&b| b < 64));
        // SAFETY: every byte is below 64 (see above), a valid `Square` (a one-byte enum with
        // discriminants 0..64), and `[u8; 8]` and `[Square; 8]` have the same layout.
        let squares = unsafe { core::mem::transmute::<[u8; 8], [Square; 8]>(squares) };
        (squares, set.count_ones() as usize)
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
fn by_pext(
    slots: &'static [Slot; 64],
    lists: &'static [[u8; 8]],
    from: Square,
    targets: Bitboard,
) -> &'static [Square] {
    let slot = &slots[from.index()];
    // SAFETY: this function only compiles with BMI2 enabled, so `pext` exists on every CPU
    // the binary targets.
    let rank = unsafe { core::arch::x86_64::_pext_u64(targets.0, slot.mask) };
    let count = (targets.0 & slot.mask).count_ones();
    list(lists, slot.offset as usize + rank as usize, count)
}

/// The squares of `targets` that a knight on `from` attacks, in ascending order, by a
/// multiply-shift perfect hash into a table of precomputed lists.
///
/// Squares of `targets` that a knight on `from` does not attack are ignored, so any set is
/// a valid argument; move generation passes `attacks::knight(from) & !own`.
///
/// ```
/// use quadboard_chess::{attacks, serialize, Bitboard, Square};
/// let targets = attacks::knight(Square::G1) & !Bitboard::from_square(Square::E2);
/// assert_eq!(serialize::knight_targets(Square::G1, targets), [Square::F3, Square::H3]);
/// ```
#[inline(always)]
pub fn knight_targets(from: Square, targets: Bitboard) -> &'static [Square] {
    KNIGHT_SLOTS[from.index()].by_magic(&KNIGHT_BY_MAGIC, targets)
}

/// The squares of `targets` that a king on `from` attacks, in ascending order, by a
/// multiply-shift perfect hash into a table of precomputed lists.
///
/// Squares of `targets` that a king on `from` does not attack are ignored.
///
/// ```
/// use quadboard_chess::{serialize, Bitboard, Square};
/// let targets = Bitboard::from_squares(&[Square::F2, Square::D1, Square::A8]);
/// assert_eq!(serialize::king_targets(Square::E1, targets), [Square::D1, Square::F2]);
/// ```
#[inline(always)]
pub fn king_targets(from: Square, targets: Bitboard) -> &'static [Square] {
    KING_SLOTS[from.index()].by_magic(&KING_BY_MAGIC, targets)
}

/// [`knight_targets`] from a table per attack-set shape: the first `len` squares of the
/// returned array are the targets, in ascending order; the other entries are valid squares
/// to ignore (a caller may store all eight and advance by `len`, with no loop).
///
/// The squares of one shape differ only by a shift, so they share one table slice of lists
/// relative to the attack set's lowest square, which the lookup adds back: for one more
/// addition, the table shrinks from 43 KiB to 5.6 KiB (kings: from 78 KiB to 3.3 KiB), well
/// inside the L1 cache.
///
/// ```
/// use quadboard_chess::{attacks, serialize, Square};
/// let (squares, len) = serialize::knight_targets_compact(Square::B1, attacks::knight(Square::B1));
/// assert_eq!(squares[..len], [Square::D2, Square::A3, Square::C3]);
/// ```
#[inline(always)]
pub fn knight_targets_compact(from: Square, targets: Bitboard) -> ([Square; 8], usize) {
    KNIGHT_SLOTS[from.index()].by_shape(&KNIGHT_BY_SHAPE, targets)
}

/// [`king_targets`] from a table per attack-set shape; see [`knight_targets_compact`].
#[inline(always)]
pub fn king_targets_compact(from: Square, targets: Bitboard) -> ([Square; 8], usize) {
    KING_SLOTS[from.index()].by_shape(&KING_BY_SHAPE, targets)
}

/// [`knight_targets`] indexed by PEXT instead of the multiply-shift hash (its own table).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
pub fn knight_targets_pext(from: Square, targets: Bitboard) -> &'static [Square] {
    by_pext(&KNIGHT_SLOTS, &KNIGHT_BY_PEXT, from, targets)
}

/// [`king_targets`] indexed by PEXT instead of the multiply-shift hash (its own table).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
pub fn king_targets_pext(from: Square, targets: Bitboard) -> &'static [Square] {
    by_pext(&KING_SLOTS, &KING_BY_PEXT, from, targets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use alloc::vec::Vec;

    fn ascending(set: Bitboard) -> Vec<Square> {
        set.iter().collect()
    }

    #[test]
    fn table_sizes() {
        // Corners, edges and the rest: 4 * 2^3 + 24 * 2^5 + 36 * 2^8 king lists.
        assert_eq!(KING_LISTS, 10016);
        assert_eq!(KNIGHT_LISTS, 5520);
    }

    #[test]
    fn every_subset_of_every_square() {
        for from in Square::ALL {
            for (attack, lookup) in [
                (
                    attacks::knight(from),
                    knight_targets as fn(Square, Bitboard) -> &'static [Square],
                ),
                (attacks::king(from), king_targets),
            ] {
                for subset in attack.subsets() {
                    let expected = ascending(subset);
                    assert_eq!(lookup(from, subset), expected, "{from} {subset:?}");
                    // Squares outside the attack set are ignored.
                    assert_eq!(lookup(from, subset | !attack), expected);
                }
            }
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[test]
    fn pext_twin_agrees() {
        for from in Square::ALL {
            for subset in attacks::knight(from).subsets() {
                let all = subset | Bitboard(0x8142_2418_1824_4281);
                assert_eq!(knight_targets_pext(from, all), knight_targets(from, all));
            }
            for subset in attacks::king(from).subsets() {
                let all = subset | Bitboard(0x8142_2418_1824_4281);
                assert_eq!(king_targets_pext(from, all), king_targets(from, all));
            }
        }
    }

    #[test]
    fn compact_twin_agrees() {
        for from in Square::ALL {
            for (attack, lookup, compact) in [
                (
                    attacks::knight(from),
                    knight_targets as fn(Square, Bitboard) -> &'static [Square],
                    knight_targets_compact as fn(Square, Bitboard) -> ([Square; 8], usize),
                ),
                (attacks::king(from), king_targets, king_targets_compact),
            ] {
                for subset in attack.subsets() {
                    let all = subset | !attack;
                    let (squares, len) = compact(from, all);
                    assert_eq!(squares[..len], *lookup(from, subset), "{from} {subset:?}");
                }
            }
        }
        // 712 lists of 8 bytes instead of 5520 for knights, 416 instead of 10016 for kings.
        assert_eq!((KNIGHT_SHAPE_LISTS, KING_SHAPE_LISTS), (712, 416));
    }

    /// The tables' attack sets are the setwise attacks, and the build script's multipliers
    /// those that the search finds from them.
    #[test]
    fn build_script_multipliers() {
        for (steps, setwise, magics) in [
            (
                &KNIGHT_STEPS,
                attacks::knights_setwise as fn(Bitboard) -> Bitboard,
                &KNIGHT_MAGICS,
            ),
            (&KING_STEPS, attacks::kings_setwise, &KING_MAGICS),
        ] {
            let masks = leaper_masks(steps);
            for from in Square::ALL {
                assert_eq!(masks[from.index()], setwise(from.bitboard()).0, "{from}");
            }
            let searched = layout(&masks, None);
            let found: Vec<u64> = searched.slots.iter().map(|slot| slot.magic).collect();
            assert_eq!(found, magics.to_vec());
        }
        assert_eq!(KNIGHT_SLOTS[0].magic, KNIGHT_MAGICS[0]);
        assert_eq!(KING_SLOTS[63].magic, KING_MAGICS[63]);
    }

    #[test]
    fn one_multiplier_per_shape() {
        for (slots, shapes) in [(&KNIGHT_SLOTS, 23), (&KING_SLOTS, 9)] {
            let mut seen: Vec<(u64, &Slot)> = Vec::new();
            for slot in slots.iter() {
                let low = slot.mask.trailing_zeros();
                assert_eq!(u32::from(slot.low), low);
                match seen.iter().find(|(shape, _)| *shape == slot.mask >> low) {
                    // Same shape, `d` squares higher: the same table slice, and the lower
                    // square's multiplier is this one shifted left by `d`.
                    Some((_, first)) => {
                        assert_eq!(slot.shape_offset, first.shape_offset);
                        let d = low - first.mask.trailing_zeros();
                        assert_eq!(slot.magic << d, first.magic);
                    }
                    None => seen.push((slot.mask >> low, slot)),
                }
            }
            assert_eq!(seen.len(), shapes);
        }
    }
}
