//! Every way of computing attacks agrees with a naive walk over the board.

use quadboard_chess::attacks::{self, kogge_stone};
use quadboard_chess::{Bitboard, Color, Direction, Square};

use crate::common::{Rng, KING_STEPS, KNIGHT_STEPS};

/// The squares reached by single steps of the given offsets.
fn walk_steps(sq: Square, steps: &[(i8, i8)]) -> Bitboard {
    steps.iter().filter_map(|&(f, r)| sq.offset(f, r)).collect()
}

/// A slider's attacks by walking each direction until the first occupied square.
fn walk_rays(sq: Square, occupied: Bitboard, directions: &[Direction]) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for d in directions {
        let (f, r) = d.delta();
        let mut cur = sq;
        while let Some(next) = cur.offset(f, r) {
            out |= next;
            if occupied.contains(next) {
                break;
            }
            cur = next;
        }
    }
    out
}

const ROOK_DIRS: [Direction; 4] = [
    Direction::North,
    Direction::South,
    Direction::East,
    Direction::West,
];
const BISHOP_DIRS: [Direction; 4] = [
    Direction::NorthEast,
    Direction::NorthWest,
    Direction::SouthEast,
    Direction::SouthWest,
];

#[test]
fn leaper_tables_equal_setwise_equal_walk() {
    for sq in Square::ALL {
        let one = sq.bitboard();
        assert_eq!(attacks::knight(sq), walk_steps(sq, &KNIGHT_STEPS));
        assert_eq!(attacks::knights_setwise(one), attacks::knight(sq));
        assert_eq!(attacks::king(sq), walk_steps(sq, &KING_STEPS));
        assert_eq!(attacks::kings_setwise(one), attacks::king(sq));
        assert_eq!(
            attacks::pawn(Color::White, sq),
            walk_steps(sq, &[(-1, 1), (1, 1)])
        );
        assert_eq!(
            attacks::pawn(Color::Black, sq),
            walk_steps(sq, &[(-1, -1), (1, -1)])
        );
        for color in Color::ALL {
            assert_eq!(attacks::pawns_setwise(color, one), attacks::pawn(color, sq));
        }
    }
}

#[test]
fn leaper_counts_run_from_corner_to_centre() {
    let mut knight = [0; 9];
    let mut king = [0; 9];
    for sq in Square::ALL {
        knight[attacks::knight(sq).count() as usize] += 1;
        king[attacks::king(sq).count() as usize] += 1;
    }
    assert_eq!(knight, [0, 0, 4, 8, 20, 0, 16, 0, 16]);
    assert_eq!(king, [0, 0, 0, 4, 0, 24, 0, 0, 36]);
    assert_eq!(attacks::knight(Square::A1).count(), 2);
    assert_eq!(attacks::knight(Square::E4).count(), 8);
}

#[test]
fn setwise_leapers_are_unions_of_tables() {
    let mut rng = Rng(3);
    for _ in 0..2000 {
        let set = Bitboard(rng.sparse(1));
        let union =
            |f: &dyn Fn(Square) -> Bitboard| set.iter().fold(Bitboard::EMPTY, |a, s| a | f(s));
        assert_eq!(attacks::knights_setwise(set), union(&attacks::knight));
        assert_eq!(attacks::kings_setwise(set), union(&attacks::king));
        for color in Color::ALL {
            assert_eq!(
                attacks::pawns_setwise(color, set),
                union(&|s| attacks::pawn(color, s))
            );
        }
    }
}

#[test]
fn sliders_agree_with_walks_by_every_method() {
    let mut rng = Rng(11);
    for _ in 0..3000 {
        let occupied = Bitboard(rng.sparse(1));
        let empty = !occupied;
        for sq in Square::ALL {
            let rook = walk_rays(sq, occupied, &ROOK_DIRS);
            let bishop = walk_rays(sq, occupied, &BISHOP_DIRS);
            assert_eq!(attacks::rook(sq, occupied), rook);
            assert_eq!(attacks::bishop(sq, occupied), bishop);
            assert_eq!(attacks::magic::rook(sq, occupied), rook);
            assert_eq!(attacks::magic::bishop(sq, occupied), bishop);
            // PEXT lookups: per CPU level in the unit tests of `attacks::cpu`.
            assert_eq!(attacks::queen(sq, occupied), rook | bishop);
            // Kogge-Stone for a single slider (it may stand on an "empty" square too).
            assert_eq!(kogge_stone::rook_attacks(sq.bitboard(), empty), rook);
            assert_eq!(kogge_stone::bishop_attacks(sq.bitboard(), empty), bishop);
        }
        // Many sliders at once: the union of the single attacks.
        let rooks = Bitboard(rng.sparse(2));
        let union = rooks.iter().fold(Bitboard::EMPTY, |a, s| {
            a | walk_rays(s, occupied, &ROOK_DIRS)
        });
        assert_eq!(kogge_stone::rook_attacks(rooks, empty), union);
        let union = rooks.iter().fold(Bitboard::EMPTY, |a, s| {
            a | walk_rays(s, occupied, &BISHOP_DIRS)
        });
        assert_eq!(kogge_stone::bishop_attacks(rooks, empty), union);
        for d in Direction::ALL {
            let single = rooks
                .iter()
                .fold(Bitboard::EMPTY, |a, s| a | walk_rays(s, occupied, &[d]));
            assert_eq!(
                kogge_stone::sliding_attacks(rooks, empty, d),
                single,
                "{d:?}"
            );
        }
    }
}

#[test]
fn between_and_line_spot_checks() {
    assert_eq!(attacks::between(Square::E1, Square::E8).count(), 6);
    assert_eq!(attacks::between(Square::A8, Square::H1).count(), 6);
    assert_eq!(attacks::line(Square::B2, Square::G7), Bitboard::DIAGONAL);
    assert!(attacks::aligned(Square::A1, Square::D4, Square::H8));
    assert!(!attacks::aligned(Square::A1, Square::D4, Square::H7));
}

/// The quad fill (AVX2 where compiled) equals its scalar twin and four separate fills,
/// for one direction in all lanes and for a different direction per lane.
#[test]
fn quad_kogge_stone_matches_single_fills() {
    let mut rng = Rng(23);
    for round in 0..5000 {
        let empty = !Bitboard(rng.sparse(1));
        let gens = [0; 4].map(|_| Bitboard(rng.sparse(2)));
        let d = Direction::ALL[round % 8];
        let mixed = [0, 3, 5, 6].map(|k| Direction::ALL[(round + k) % 8]);
        for dirs in [[d; 4], mixed] {
            let fills = kogge_stone::quad_occluded_fill(gens, empty, dirs);
            let attacks = kogge_stone::quad_sliding_attacks(gens, empty, dirs);
            assert_eq!(
                fills,
                kogge_stone::quad_occluded_fill_scalar(gens, empty, dirs)
            );
            assert_eq!(
                attacks,
                kogge_stone::quad_sliding_attacks_scalar(gens, empty, dirs)
            );
            for i in 0..4 {
                assert_eq!(
                    fills[i],
                    kogge_stone::occluded_fill(gens[i], empty, dirs[i])
                );
                assert_eq!(
                    attacks[i],
                    kogge_stone::sliding_attacks(gens[i], empty, dirs[i])
                );
            }
        }
        assert_eq!(
            kogge_stone::rook_attacks_quad(gens[0], empty),
            kogge_stone::rook_attacks(gens[0], empty)
        );
        assert_eq!(
            kogge_stone::bishop_attacks_quad(gens[1], empty),
            kogge_stone::bishop_attacks(gens[1], empty)
        );
    }
}
