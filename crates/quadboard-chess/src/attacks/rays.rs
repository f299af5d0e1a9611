//! Geometry between two squares: the squares strictly between them and the whole line
//! through them, when they share a rank, file or diagonal.

use super::slider_math::{ray_walk, steps_of, BISHOP_STEPS, ROOK_STEPS};
use crate::{Bitboard, Square};

/// The squares from `square` (not included) to the edge, stepping `(df, dr)`.
const fn ray(square: usize, df: i8, dr: i8) -> u64 {
    let mut set = 0;
    let mut f = (square & 7) as i8 + df;
    let mut r = (square >> 3) as i8 + dr;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        set |= 1u64 << (r * 8 + f);
        f += df;
        r += dr;
    }
    set
}

/// Walks each of the eight directions from each square once: every square it meets
/// gets the squares passed so far (between) and the whole line (line). Compile-time
/// evaluation is slow, so this takes a few thousand steps where testing every pair of
/// squares with `ray_walk` took a million (0.9 s of every build's front end, which
/// nothing else runs beside).
const fn tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut kind = 0;
        while kind < 2 {
            let steps = steps_of(kind);
            let mut d = 0;
            while d < 4 {
                let (df, dr) = steps[d];
                let whole = ray(a, df, dr) | ray(a, -df, -dr) | 1 << a;
                let mut passed = 0;
                let mut f = (a & 7) as i8 + df;
                let mut r = (a >> 3) as i8 + dr;
                while f >= 0 && f < 8 && r >= 0 && r < 8 {
                    let b = (r * 8 + f) as usize;
                    between[a][b] = passed;
                    line[a][b] = whole;
                    passed |= 1 << b;
                    f += df;
                    r += dr;
                }
                d += 1;
            }
            kind += 1;
        }
        a += 1;
    }
    (between, line)
}

const TABLES: ([[u64; 64]; 64], [[u64; 64]; 64]) = tables();

const fn empty_board_rays(steps: &[(i8, i8); 4]) -> [Bitboard; 64] {
    let mut rays = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        rays[sq] = Bitboard(ray_walk(sq as u8, 0, steps));
        sq += 1;
    }
    rays
}

static ROOK_RAYS: [Bitboard; 64] = empty_board_rays(&ROOK_STEPS);
static BISHOP_RAYS: [Bitboard; 64] = empty_board_rays(&BISHOP_STEPS);

/// The squares a rook on `square` attacks on an empty board (its rank and file).
#[inline(always)]
pub fn rook_rays(square: Square) -> Bitboard {
    ROOK_RAYS[square.index()]
}

/// The squares a bishop on `square` attacks on an empty board (its two diagonals).
#[inline(always)]
pub fn bishop_rays(square: Square) -> Bitboard {
    BISHOP_RAYS[square.index()]
}
static BETWEEN: [[u64; 64]; 64] = TABLES.0;
static LINE: [[u64; 64]; 64] = TABLES.1;

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal;
/// otherwise empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole rank, file or diagonal through `a` and `b`, edge to edge, when they share
/// one; otherwise empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// Whether the three squares lie on one rank, file or diagonal.
#[inline(always)]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair against the definitions by `ray_walk`: between is where the rays of the
    /// two squares, each blocked by the other, meet; the line is what both squares'
    /// empty-board rays share, plus the two squares.
    #[test]
    fn every_pair_matches_ray_walks() {
        for a in 0..64u8 {
            for b in 0..64u8 {
                let (mut between, mut line) = (0, 0);
                for steps in [&ROOK_STEPS, &BISHOP_STEPS] {
                    if a != b && ray_walk(a, 0, steps) & 1 << b != 0 {
                        between = ray_walk(a, 1 << b, steps) & ray_walk(b, 1 << a, steps);
                        line = ray_walk(a, 0, steps) & ray_walk(b, 0, steps) | 1 << a | 1 << b;
                    }
                }
                assert_eq!(BETWEEN[a as usize][b as usize], between, "between {a} {b}");
                assert_eq!(LINE[a as usize][b as usize], line, "line {a} {b}");
            }
        }
    }
}
