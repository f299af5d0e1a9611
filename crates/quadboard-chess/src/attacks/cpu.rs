//! The attack primitives of each CPU level ([`crate::cpu`]): what perft and move generation
//! call in their hot loops, as associated functions of the level's marker type, so that
//! code generic over `C: Cpu` compiles to the level's instructions once it is inlined
//! into a function with the level's target features.

use super::eight_directions::{self as eight, slider_move_count_scalar};
use super::magic::Magic;
#[cfg(target_arch = "x86_64")]
use super::pext::Pext;
use super::table::{lookup, Slider};
use super::{king, knight, pawn};
use crate::cpu::{for_each_level, CpuLevel};
use crate::{Bitboard, Color, Role, Square};

/// A CPU level as a type, with its attack primitives.
///
/// Levels above baseline execute instructions that not every CPU has. Code generic over
/// `C: Cpu` must therefore run only where `C::LEVEL` is supported: a level becomes a type
/// only in `crate::cpu::with_level!`, from [`crate::cpu::level`] (which checks the CPU)
/// or [`crate::cpu::COMPILED`] (which the build guarantees).
// Elsewhere than on x86-64 only the baseline exists, which reads none of the constants.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) trait Cpu {
    /// The level.
    const LEVEL: CpuLevel;
    /// Slider lookups by PEXT rather than magic multiplication.
    const PEXT: bool = matches!(Self::LEVEL, CpuLevel::Bmi2 | CpuLevel::Avx512);
    /// Eight-direction fills in AVX2 registers rather than scalar.
    const SIMD: bool = !matches!(Self::LEVEL, CpuLevel::Baseline);
    /// Slider move counts by AVX-512 vector popcounts.
    const VPOPCNT: bool = matches!(Self::LEVEL, CpuLevel::Avx512);

    /// The squares a slider of `kind` on `square` attacks, given the occupied squares.
    #[inline(always)]
    fn slider(kind: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        if Self::PEXT {
            return lookup::<Pext>(kind, square, occupied);
        }
        lookup::<Magic>(kind, square, occupied)
    }

    /// The squares a rook on `square` attacks, given the occupied squares.
    #[inline(always)]
    fn rook(square: Square, occupied: Bitboard) -> Bitboard {
        Self::slider(Slider::Rook, square, occupied)
    }

    /// The squares a bishop on `square` attacks, given the occupied squares.
    #[inline(always)]
    fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
        Self::slider(Slider::Bishop, square, occupied)
    }

    /// The squares a queen on `square` attacks, given the occupied squares.
    #[inline(always)]
    fn queen(square: Square, occupied: Bitboard) -> Bitboard {
        Self::rook(square, occupied) | Self::bishop(square, occupied)
    }

    /// The squares `role` of `color` on `square` attacks, given the occupied squares.
    #[inline(always)]
    fn role_attacks(color: Color, role: Role, square: Square, occupied: Bitboard) -> Bitboard {
        match role {
            Role::Pawn => pawn(color, square),
            Role::Knight => knight(square),
            Role::Bishop => Self::bishop(square, occupied),
            Role::Rook => Self::rook(square, occupied),
            Role::Queen => Self::queen(square, occupied),
            Role::King => king(square),
        }
    }

    /// [`eight::slider_move_count`].
    #[inline(always)]
    fn slider_move_count(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
        movable: Bitboard,
    ) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if Self::SIMD {
            let vpopcnt = Self::VPOPCNT;
            // SAFETY: the level has AVX2, and with VPOPCNT AVX-512 VL and VPOPCNTDQ (see
            // the trait).
            return unsafe {
                eight::simd::move_count(orthogonal, diagonal, empty, movable, vpopcnt)
            };
        }
        slider_move_count_scalar(orthogonal, diagonal, empty, movable)
    }

    /// [`eight::slider_attacks`].
    #[inline(always)]
    fn slider_attacks(orthogonal: Bitboard, diagonal: Bitboard, empty: Bitboard) -> Bitboard {
        #[cfg(target_arch = "x86_64")]
        if Self::SIMD {
            // SAFETY: the level has AVX2 (see the trait).
            return unsafe { eight::simd::attacks(orthogonal, diagonal, empty) };
        }
        eight::slider_attacks_scalar(orthogonal, diagonal, empty)
    }

    /// [`eight::slider_attacks_twice`].
    #[inline(always)]
    fn slider_attacks_twice(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        empty: Bitboard,
    ) -> (Bitboard, Bitboard) {
        #[cfg(target_arch = "x86_64")]
        if Self::SIMD {
            // SAFETY: the level has AVX2 (see the trait).
            return unsafe { eight::simd::attacks_twice(orthogonal, diagonal, empty) };
        }
        eight::slider_attacks_twice_scalar(orthogonal, diagonal, empty)
    }

    /// [`eight::lines_to`].
    #[inline(always)]
    fn lines_to(
        orthogonal: Bitboard,
        diagonal: Bitboard,
        targets: Bitboard,
    ) -> (Bitboard, Bitboard) {
        #[cfg(target_arch = "x86_64")]
        if Self::SIMD {
            // SAFETY: the level has AVX2 (see the trait).
            return unsafe { eight::simd::lines_to(orthogonal, diagonal, targets) };
        }
        eight::lines_to_scalar(orthogonal, diagonal, targets)
    }
}

macro_rules! cpu_impl {
    ($marker:ty, $level:ident, $features:tt) => {
        impl Cpu for $marker {
            const LEVEL: CpuLevel = CpuLevel::$level;
        }
    };
}
for_each_level!(cpu_impl);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{bishop_walk, rook_walk};
    use crate::cpu::with_level;

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The levels this machine can run.
    fn supported() -> impl Iterator<Item = CpuLevel> {
        CpuLevel::ALL.into_iter().filter(|l| l.is_supported())
    }

    fn lookups_match_walks<C: Cpu>() {
        let mut seed = 7;
        for sq in Square::ALL {
            for i in 0..500 {
                // Mix densities: sparse, medium and dense occupancies.
                let occ = match i % 3 {
                    0 => xorshift(&mut seed) & xorshift(&mut seed) & xorshift(&mut seed),
                    1 => xorshift(&mut seed) & xorshift(&mut seed),
                    _ => xorshift(&mut seed),
                };
                let occ = Bitboard(occ);
                assert_eq!(C::rook(sq, occ), rook_walk(sq, occ), "{}", C::LEVEL);
                assert_eq!(C::bishop(sq, occ), bishop_walk(sq, occ), "{}", C::LEVEL);
            }
        }
    }

    /// Each level's slider lookups equal the ray walk.
    #[test]
    fn each_level_looks_up_sliders_exactly() {
        for level in supported() {
            with_level!(level, C => lookups_match_walks::<C>());
        }
    }

    fn fills_match_scalar_twins<C: Cpu>() {
        let mut seed = 0x1234_5678u64;
        for _ in 0..20_000 {
            let occupied = Bitboard(xorshift(&mut seed) & xorshift(&mut seed));
            let sliders = xorshift(&mut seed) & xorshift(&mut seed) & occupied.0;
            let split = xorshift(&mut seed);
            // Queens count in both sets.
            let orthogonal = Bitboard(sliders & split);
            let diagonal = Bitboard(sliders & (!split | xorshift(&mut seed)));
            let movable = Bitboard(xorshift(&mut seed) | xorshift(&mut seed));
            let targets = Bitboard(xorshift(&mut seed) & xorshift(&mut seed));
            let empty = !occupied;
            let level = C::LEVEL;
            assert_eq!(
                C::slider_move_count(orthogonal, diagonal, empty, movable),
                eight::slider_move_count_scalar(orthogonal, diagonal, empty, movable),
                "{level}"
            );
            assert_eq!(
                C::slider_attacks(orthogonal, diagonal, empty),
                eight::slider_attacks_scalar(orthogonal, diagonal, empty),
                "{level}"
            );
            assert_eq!(
                C::slider_attacks_twice(orthogonal, diagonal, empty),
                eight::slider_attacks_twice_scalar(orthogonal, diagonal, empty),
                "{level}"
            );
            assert_eq!(
                C::lines_to(orthogonal, diagonal, targets),
                eight::lines_to_scalar(orthogonal, diagonal, targets),
                "{level}"
            );
        }
    }

    /// Each level's eight-direction primitives equal their scalar twins (which the tests
    /// of `eight_directions` check against per-piece walks).
    #[test]
    fn each_level_matches_the_scalar_twins() {
        for level in supported() {
            with_level!(level, C => fills_match_scalar_twins::<C>());
        }
    }
}
