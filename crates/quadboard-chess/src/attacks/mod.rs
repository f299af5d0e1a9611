//! Attack sets: which squares a piece (or a whole set of pieces) attacks.
//!
//! - [`leapers`]: knights, kings and pawns, setwise by shifts and per square by table.
//! - [`magic`]: sliders by fancy magic bitboards, on every CPU.
//! - `pext`: sliders by BMI2 PEXT, for the CPU levels that have it.
//! - [`kogge_stone`]: occluded fills for any number of sliders in one direction.
//! - [`rays`]: `between` and `line` for any two squares.
//! - [`eight_directions`]: attacks and move counts of many sliders at once, all eight
//!   directions in two SIMD registers.
//!
//! The functions at this level pick the fastest slider lookup the build was compiled for
//! ([`crate::cpu::COMPILED`]: magic lookups unless built with BMI2). Perft and move
//! generation choose theirs at run time instead, through the primitives of their CPU
//! level (`Cpu`).

mod cpu;
pub mod eight_directions;
pub mod kogge_stone;
pub mod leapers;
pub mod magic;
#[cfg(target_arch = "x86_64")]
mod pext;
pub mod rays;
mod slider_math;
mod table;

pub(crate) use cpu::Cpu;

pub use leapers::{
    king, kings_setwise, knight, knights_near_king, knights_setwise, pawn, pawn_double_pushes,
    pawn_pushes, pawns_setwise,
};
pub use rays::{aligned, between, bishop_rays, line, rook_rays};

use crate::cpu::{with_level, COMPILED};
use crate::{Bitboard, Color, Piece, Role, Square};

/// The squares a rook on `square` attacks, given the occupied squares. The first
/// occupied square in each direction is included.
#[inline(always)]
pub fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    with_level!(COMPILED, C => C::rook(square, occupied))
}

/// The squares a bishop on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    with_level!(COMPILED, C => C::bishop(square, occupied))
}

/// The squares a queen on `square` attacks, given the occupied squares.
#[inline(always)]
pub fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    rook(square, occupied) | bishop(square, occupied)
}

/// The squares `role` of `color` on `square` attacks, given the occupied squares.
#[inline]
pub fn role_attacks(color: Color, role: Role, square: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn(color, square),
        Role::Knight => knight(square),
        Role::Bishop => bishop(square, occupied),
        Role::Rook => rook(square, occupied),
        Role::Queen => queen(square, occupied),
        Role::King => king(square),
    }
}

/// The squares `piece` on `square` attacks, given the occupied squares.
#[inline]
pub fn piece_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    role_attacks(piece.color(), piece.role(), square, occupied)
}

/// The reference slider attacks by walking each ray square by square: slow and obviously
/// right, for tests and for checking the fast lookups.
pub fn rook_walk(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(slider_math::ray_walk(
        square as u8,
        occupied.0,
        &slider_math::ROOK_STEPS,
    ))
}

/// The reference bishop attacks by walking each ray; see [`rook_walk`].
pub fn bishop_walk(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(slider_math::ray_walk(
        square as u8,
        occupied.0,
        &slider_math::BISHOP_STEPS,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::Rng;

    #[test]
    fn sliders_match_ray_walk() {
        let mut rng = Rng(7);
        for sq in Square::ALL {
            for i in 0..2000 {
                // Mix densities: sparse, medium and dense occupancies.
                let occ = Bitboard(rng.sparse(i % 3));
                assert_eq!(magic::rook(sq, occ), rook_walk(sq, occ));
                assert_eq!(magic::bishop(sq, occ), bishop_walk(sq, occ));
                assert_eq!(rook(sq, occ), rook_walk(sq, occ));
                assert_eq!(bishop(sq, occ), bishop_walk(sq, occ));
            }
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(
            between(Square::A1, Square::A4),
            Bitboard::from_squares(&[Square::A2, Square::A3])
        );
        assert_eq!(between(Square::A1, Square::C3), Square::B2.bitboard());
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::A1, Square::B2), Bitboard::EMPTY);
        assert_eq!(line(Square::C3, Square::E5), Bitboard::DIAGONAL);
        assert_eq!(line(Square::B1, Square::B7), crate::File::B.bitboard());
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(between(a, b), between(b, a));
                assert_eq!(line(a, b), line(b, a));
                assert!(between(a, b).is_subset(line(a, b)));
                let (df, dr) = (
                    b.file() as i8 - a.file() as i8,
                    b.rank() as i8 - a.rank() as i8,
                );
                let aligned = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
                assert_eq!(line(a, b).any(), aligned);
                if aligned {
                    // Walk from a towards b one step at a time.
                    let mut walked = Bitboard::EMPTY;
                    let mut sq = a.offset(df.signum(), dr.signum()).unwrap();
                    while sq != b {
                        walked |= sq;
                        sq = sq.offset(df.signum(), dr.signum()).unwrap();
                    }
                    assert_eq!(between(a, b), walked);
                    assert_eq!(
                        line(a, b).count(),
                        (rook_walk(a, Bitboard::EMPTY) | bishop_walk(a, Bitboard::EMPTY))
                            .intersect(line(a, b))
                            .count()
                            + 1
                    );
                }
            }
        }
    }
}
