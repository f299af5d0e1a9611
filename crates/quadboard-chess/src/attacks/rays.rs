//! Geometry between two squares: the squares strictly between them and the whole line
//! through them, when they share a rank, file or diagonal.

use super::slider_math::{ray_walk, steps_of, BISHOP_STEPS, ROOK_STEPS};
use crate::{Bitboard, Square};

const fn tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let bb = 1u64 << b;
            let mut kind = 0;
            while kind < 2 {
                let steps = steps_of(kind);
                if a != b && ray_walk(a as u8, 0, steps) & bb != 0 {
                    // Between: where the rays of a and of b, each blocked by the other, meet.
                    let from_a = ray_walk(a as u8, bb, steps);
                    let from_b = ray_walk(b as u8, 1 << a, steps);
                    between[a][b] = from_a & from_b;
                    // Line: both empty-board rays that contain the other square, plus both ends.
                    line[a][b] =
                        (ray_walk(a as u8, 0, steps) & ray_walk(b as u8, 0, steps)) | (1 << a) | bb;
                }
                kind += 1;
            }
            b += 1;
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
