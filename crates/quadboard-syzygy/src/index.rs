//! The index of a position in a table: pure arithmetic on squares.
//!
//! A table stores one value per placement of its pieces, counted without the placements
//! that a symmetry of the board maps onto another. The pieces are split into groups (the
//! leading group first: the kings, or the kings and a third unique piece, or the leading
//! pawns), each group's squares are ranked as a combination among the squares left free by
//! the groups before it, and the ranks are combined in mixed radix. This module holds the
//! constant tables of that ranking and the functions that compute an index from squares
//! already mirrored into the table's orientation; `table.rs` does the mirroring.
//!
//! Squares are numbers 0 (a1) to 63 (h8), as in the library.

/// The most pieces a table has.
pub const MAX_PIECES: usize = 7;

/// `rank - file`: 0 on the a1-h8 diagonal, negative below it, positive above.
#[inline(always)]
pub const fn off_diagonal(sq: u8) -> i8 {
    (sq >> 3) as i8 - (sq & 7) as i8
}

/// The square mirrored in the a1-h8 diagonal (a3 becomes c1).
#[inline(always)]
pub const fn flip_diagonal(sq: u8) -> u8 {
    ((sq >> 3) | (sq << 3)) & 63
}

/// `BINOMIAL[k][n]`: the ways to choose `k` of `n` squares.
pub const BINOMIAL: [[u64; 64]; MAX_PIECES] = {
    let mut t = [[0u64; 64]; MAX_PIECES];
    let mut n = 0;
    while n < 64 {
        let mut k = 0;
        while k < MAX_PIECES {
            t[k][n] = if k == 0 {
                1
            } else if n == 0 {
                0
            } else {
                t[k - 1][n - 1] + t[k][n - 1]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The squares below the a1-h8 diagonal numbered 0 to 27 in square order (b1 = 0).
pub const BELOW_DIAGONAL: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 64 {
        if off_diagonal(sq) < 0 {
            t[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    t
};

/// The a1-d1-d4 triangle numbered 0 to 9: the six squares below the diagonal first (b1,
/// c1, d1, c2, d2, d3), then the four on it (a1, b2, c3, d4).
pub const TRIANGLE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut code = 0;
    let mut sq = 0;
    while sq < 32 {
        if off_diagonal(sq) < 0 && (sq & 7) <= 3 {
            t[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    let mut sq = 0;
    while sq < 32 {
        if off_diagonal(sq) == 0 && (sq & 7) <= 3 {
            t[sq as usize] = code;
            code += 1;
        }
        sq += 1;
    }
    t
};

/// Whether two squares are the same or touch (where two kings cannot stand).
const fn kings_touch(a: u8, b: u8) -> bool {
    let df = (a & 7) as i8 - (b & 7) as i8;
    let dr = (a >> 3) as i8 - (b >> 3) as i8;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// `KING_PAIRS[TRIANGLE[a]][b]`: the 462 placements of two kings, the first in the a1-d1-d4
/// triangle and, when it is on the diagonal, the second not above it. The placements with
/// both kings on the diagonal are numbered last.
pub const KING_PAIRS: [[u16; 64]; 10] = {
    let mut t = [[0u16; 64]; 10];
    let mut code = 0u16;
    // Both kings on the diagonal: numbered after all others, in the same order.
    let mut both = [(0u8, 0u8); 64];
    let mut nboth = 0;
    let mut idx = 0;
    while idx < 10 {
        let mut a = 0u8;
        while a < 32 {
            // TRIANGLE is 0 for squares outside it too: b1 is the one real 0.
            let inside = off_diagonal(a) <= 0 && (a & 7) <= 3;
            if inside && TRIANGLE[a as usize] as usize == idx {
                let mut b = 0u8;
                while b < 64 {
                    if kings_touch(a, b) || (off_diagonal(a) == 0 && off_diagonal(b) > 0) {
                        // Illegal, or the mirror image of a placement counted already.
                    } else if off_diagonal(a) == 0 && off_diagonal(b) == 0 {
                        both[nboth] = (idx as u8, b);
                        nboth += 1;
                    } else {
                        t[idx][b as usize] = code;
                        code += 1;
                    }
                    b += 1;
                }
            }
            a += 1;
        }
        idx += 1;
    }
    let mut i = 0;
    while i < nboth {
        t[both[i].0 as usize][both[i].1 as usize] = code;
        code += 1;
        i += 1;
    }
    assert!(code == 462, "462 placements of two kings");
    t
};

/// The placements of three unique pieces as the leading group (the first in the triangle).
pub const THREE_UNIQUE: u64 = 31_332;
/// The placements of two kings as the leading group.
pub const TWO_KINGS: u64 = 462;

/// `PAWN_RANK[sq]` for the pawn squares a2-h7: 47 for a2, 46 for h2, 45 for a3, ...: how
/// many squares are left for the other leading pawns when the leading pawn (the one
/// nearest an edge file, then the lowest) stands on `sq`; a larger number is a better
/// claim to lead.
pub const PAWN_RANK: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut left = 47u8;
    let mut file = 0;
    while file < 4 {
        let mut rank = 1;
        while rank < 7 {
            let sq = rank * 8 + file;
            t[sq] = left;
            t[sq ^ 7] = left - 1;
            left = left.wrapping_sub(2);
            rank += 1;
        }
        file += 1;
    }
    t
};

/// `LEAD_PAWNS_START[n - 1][sq]`: where the indices of `n` leading pawns with the leader
/// on `sq` (files a-d) begin in their file's table.
pub const LEAD_PAWNS_START: [[u32; 64]; 5] = lead_pawns().0;
/// `LEAD_PAWNS_SIZE[n - 1][file]`: how many placements `n` leading pawns have when the
/// leader stands on `file` (a-d).
pub const LEAD_PAWNS_SIZE: [[u32; 4]; 5] = lead_pawns().1;

const fn lead_pawns() -> ([[u32; 64]; 5], [[u32; 4]; 5]) {
    let mut start = [[0u32; 64]; 5];
    let mut size = [[0u32; 4]; 5];
    let mut n = 1;
    while n <= 5 {
        let mut file = 0;
        while file < 4 {
            let mut idx = 0u32;
            let mut rank = 1;
            while rank < 7 {
                let sq = rank * 8 + file;
                start[n - 1][sq] = idx;
                idx += BINOMIAL[n - 1][PAWN_RANK[sq] as usize] as u32;
                rank += 1;
            }
            size[n - 1][file] = idx;
            file += 1;
        }
        n += 1;
    }
    (start, size)
}

/// The index of three unique leading pieces, their squares already mirrored so that the
/// first is in the a1-d1-d4 triangle and the first one off the diagonal is below it.
#[inline]
pub fn three_unique_index(s0: u8, s1: u8, s2: u8) -> u64 {
    let adjust1 = u64::from(s1 > s0);
    let adjust2 = u64::from(s2 > s0) + u64::from(s2 > s1);
    let (s0, s1, s2) = (u64::from(s0), u64::from(s1), u64::from(s2));
    let rank = |s: u64| s >> 3;
    // Each case counts the placements of the cases before it: 6 * 63 * 62 with the first
    // piece off the diagonal, 4 * 28 * 62 with only the second off it, 4 * 7 * 28 with
    // only the third, 4 * 7 * 6 with all three on it.
    if off_diagonal(s0 as u8) != 0 {
        (u64::from(TRIANGLE[s0 as usize]) * 63 + (s1 - adjust1)) * 62 + s2 - adjust2
    } else if off_diagonal(s1 as u8) != 0 {
        (6 * 63 + rank(s0) * 28 + u64::from(BELOW_DIAGONAL[s1 as usize])) * 62 + s2 - adjust2
    } else if off_diagonal(s2 as u8) != 0 {
        6 * 63 * 62
            + 4 * 28 * 62
            + rank(s0) * 7 * 28
            + (rank(s1) - adjust1) * 28
            + u64::from(BELOW_DIAGONAL[s2 as usize])
    } else {
        6 * 63 * 62
            + 4 * 28 * 62
            + 4 * 7 * 28
            + rank(s0) * 7 * 6
            + (rank(s1) - adjust1) * 6
            + (rank(s2) - adjust2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(BINOMIAL[0][0], 1);
        assert_eq!(BINOMIAL[2][62], 1891);
        assert_eq!(BINOMIAL[3][48], 17_296);
        assert_eq!(BINOMIAL[1][5], 5);
        assert_eq!(BINOMIAL[6][5], 0);
    }

    #[test]
    fn triangle_and_diagonal_numbering() {
        // b1 c1 d1 c2 d2 d3, then a1 b2 c3 d4.
        let order = [1, 2, 3, 10, 11, 19, 0, 9, 18, 27];
        for (code, sq) in order.iter().enumerate() {
            assert_eq!(TRIANGLE[*sq] as usize, code);
        }
        assert_eq!(BELOW_DIAGONAL[1], 0); // b1
        assert_eq!(BELOW_DIAGONAL[55], 27); // h7
        assert_eq!(flip_diagonal(16), 2); // a3 -> c1
    }

    #[test]
    fn king_pairs_are_a_numbering_of_462() {
        let mut seen = [false; 462];
        for a in 0u8..32 {
            if off_diagonal(a) > 0 || a & 7 > 3 {
                continue;
            }
            for b in 0u8..64 {
                if kings_touch(a, b) || (off_diagonal(a) == 0 && off_diagonal(b) > 0) {
                    continue;
                }
                let code = KING_PAIRS[TRIANGLE[a as usize] as usize][b as usize] as usize;
                assert!(!seen[code], "{a} {b}");
                seen[code] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn pawn_ranks() {
        assert_eq!(PAWN_RANK[8], 47); // a2
        assert_eq!(PAWN_RANK[15], 46); // h2
        assert_eq!(PAWN_RANK[16], 45); // a3
        assert_eq!(PAWN_RANK[51], 1); // d7
        assert_eq!(PAWN_RANK[52], 0); // e7
                                      // One pawn: six ranks per file.
        assert_eq!(LEAD_PAWNS_SIZE[0], [6, 6, 6, 6]);
        assert_eq!(LEAD_PAWNS_START[0][16], 1);
    }

    #[test]
    fn three_unique_indices_cover_31332() {
        // Every placement the probe can produce maps below THREE_UNIQUE, and distinct
        // placements map apart.
        let mut seen = vec![false; THREE_UNIQUE as usize];
        for s0 in 0u8..64 {
            if s0 & 7 > 3 || s0 >> 3 > 3 || off_diagonal(s0) > 0 {
                continue;
            }
            for s1 in 0u8..64 {
                for s2 in 0u8..64 {
                    if s1 == s0 || s2 == s0 || s2 == s1 {
                        continue;
                    }
                    // The first piece off the diagonal must be below it.
                    let first_off = [s0, s1, s2].into_iter().find(|&s| off_diagonal(s) != 0);
                    if first_off.is_some_and(|s| off_diagonal(s) > 0) {
                        continue;
                    }
                    let idx = three_unique_index(s0, s1, s2) as usize;
                    assert!(idx < seen.len());
                    assert!(!seen[idx], "{s0} {s1} {s2}");
                    seen[idx] = true;
                }
            }
        }
    }
}
