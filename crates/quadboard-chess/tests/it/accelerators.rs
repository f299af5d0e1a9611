//! The perft shortcuts checked against the plain generator on positions from random
//! games, standard and Chess960.
//!
//! Bulk perft takes shortcuts that `legal_moves` does not: counting target sets without
//! listing them, the danger around their king carried from a position to its children
//! (zone danger, which also decides castling in the children), slider moves counted by
//! lookups when there are few sliders, and moves made on the bare piece sets. The quad
//! engine adds its own make-move on quad-bitboards, and `moves_to_hashed` serializes knight
//! and king targets by perfect hashing. Here each is compared with the plain way:
//! `legal_moves` at every level and `Position::play_unchecked` to make the moves.
//!
//! Size: 195,189 positions at depth 2 and one in four of them (48,799) at depth 3. Depth
//! 3 on all of them took 26 s of CPU time, too long for `cargo test`; as it is, the file
//! takes 7.6 s of CPU time (`/usr/bin/time` on the test binary; AMD EPYC Zen 4, 2 vCPUs
//! shared with other jobs), about 4 s on two idle cores.

use quadboard_chess::perft::perft_quad;
use quadboard_chess::{attacks, perft, Bitboard, Move, Position, Role};

use crate::common::{chess960_fen, Rng};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What a set of positions covers: the counts behind the minimums the tests assert.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    castling_rights: usize,
    castling_moves: usize,
    ep_squares: usize,
    ep_captures: usize,
    promotions: usize,
    checks: usize,
}

impl Coverage {
    fn add(&mut self, pos: &Position) {
        let moves = pos.legal_moves();
        self.positions += 1;
        self.castling_rights += usize::from(pos.castling_rooks().any());
        self.castling_moves += usize::from(moves.iter().any(|m| m.is_castle()));
        self.ep_squares += usize::from(pos.ep_square().is_some());
        self.ep_captures += usize::from(moves.iter().any(|m| m.is_en_passant()));
        self.promotions += usize::from(moves.iter().any(|m| m.promotion_role().is_some()));
        self.checks += usize::from(pos.is_check());
    }

    /// Fails unless every count reaches the one of `minimum`.
    fn assert_at_least(&self, minimum: Coverage) {
        let pairs = [
            (self.positions, minimum.positions),
            (self.castling_rights, minimum.castling_rights),
            (self.castling_moves, minimum.castling_moves),
            (self.ep_squares, minimum.ep_squares),
            (self.ep_captures, minimum.ep_captures),
            (self.promotions, minimum.promotions),
            (self.checks, minimum.checks),
        ];
        assert!(
            pairs.iter().all(|(have, need)| have >= need),
            "{self:?} does not reach {minimum:?}"
        );
    }
}

/// A move chosen at random, but often one that makes the positions these tests need:
/// a double push beside an enemy pawn (en passant next), any double push, a check, or a
/// knight, bishop or queen leaving the back rank while castling rights remain (so that
/// castling becomes possible).
fn biased_move(rng: &mut Rng, pos: &Position) -> Move {
    let moves = pos.legal_moves();
    let pick = |rng: &mut Rng, wanted: &dyn Fn(Move) -> bool| {
        let chosen: Vec<Move> = moves.iter().copied().filter(|&m| wanted(m)).collect();
        (!chosen.is_empty()).then(|| chosen[rng.below(chosen.len())])
    };
    let role = |m: Move| pos.board().role_at(m.from());
    let double_push =
        |m: Move| role(m) == Some(Role::Pawn) && m.from().index().abs_diff(m.to().index()) == 16;
    let their_pawns = pos.board().by_color(!pos.turn()) & pos.board().by_role(Role::Pawn);
    let beside = |m: Move| {
        let to = m.to().bitboard();
        ((to.east() | to.west()) & their_pawns).any()
    };
    let gives_check = |m: Move| pos.play(m).is_ok_and(|child| child.is_check());
    let develops = |m: Move| {
        matches!(role(m), Some(Role::Knight | Role::Bishop | Role::Queen))
            && (pos.castling_rooks() & pos.board().by_color(pos.turn())).any()
            && Bitboard::BACKRANKS.contains(m.from())
    };
    let preferred = match rng.below(9) {
        0..=2 => pick(rng, &|m| double_push(m) && beside(m)),
        3 => pick(rng, &double_push),
        4 => pick(rng, &gives_check),
        5 | 6 => pick(rng, &develops),
        _ => None,
    };
    preferred.unwrap_or_else(|| moves[rng.below(moves.len())])
}

/// Every position of `games` random games of at most `plies` plies from `start` (a
/// random Chess960 start each game when `None`), with the moves of [`biased_move`].
fn random_positions(
    rng: &mut Rng,
    start: Option<&str>,
    games: usize,
    plies: usize,
) -> Vec<Position> {
    let mut out = Vec::new();
    for _ in 0..games {
        let fen = start.map_or_else(|| chess960_fen(rng.below(960)), str::to_owned);
        let mut pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for _ in 0..plies {
            if pos.legal_moves().is_empty() {
                break;
            }
            out.push(pos);
            let m = biased_move(rng, &pos);
            pos.play_unchecked(m);
        }
    }
    out
}

/// The positions after each legal move, made by `Position::play_unchecked`.
fn children(pos: &Position) -> impl Iterator<Item = Position> + '_ {
    pos.legal_moves().to_vec().into_iter().map(move |m| {
        let mut child = *pos;
        child.play_unchecked(m);
        child
    })
}

/// Perft 2 by the plain generator.
fn plain_perft2(pos: &Position) -> u64 {
    children(pos).map(|c| c.legal_moves().len() as u64).sum()
}

/// Perft 3 by the plain generator.
fn plain_perft3(pos: &Position) -> u64 {
    children(pos).map(|c| plain_perft2(&c)).sum()
}

/// Asserts that `positions` cover at least `minimum`, then checks them: bulk perft at
/// depth 2 of every position and at depth 3 of every 4th equals the plain count, and so
/// does the quad engine on every 4th at depth 2 and every 16th at depth 3.
fn check(positions: &[Position], minimum: Coverage) {
    let mut coverage = Coverage::default();
    for pos in positions {
        coverage.add(pos);
    }
    coverage.assert_at_least(minimum);
    for (i, pos) in positions.iter().enumerate() {
        let fen = pos.to_fen();
        let two = plain_perft2(pos);
        assert_eq!(perft(pos, 2), two, "perft 2 of {fen}");
        if i % 4 == 0 {
            assert_eq!(perft_quad(pos, 2), two, "quad perft 2 of {fen}");
            let three = plain_perft3(pos);
            assert_eq!(perft(pos, 3), three, "perft 3 of {fen}");
            if i % 16 == 0 {
                assert_eq!(perft_quad(pos, 3), three, "quad perft 3 of {fen}");
            }
        }
    }
}

/// Positions from the standard start (63,305 of them). Catches a zone danger carried to
/// a child that the move changed (an attack near their king uncovered, blocked or
/// captured, a castling path newly attacked), a slider count by lookups that includes a
/// pinned slider, a bulk count off by a promotion or an en passant capture, and perft's
/// make-move keeping castling rights a king move lost or the pawn taken en passant.
#[test]
fn bulk_perft_matches_the_plain_generator_in_standard_games() {
    let mut rng = Rng(0xacce1);
    let positions = random_positions(&mut rng, Some(START), 1_000, 64);
    check(
        &positions,
        Coverage {
            positions: 60_000,
            castling_rights: 25_000,
            castling_moves: 4_000,
            ep_squares: 6_000,
            ep_captures: 700,
            promotions: 100,
            checks: 2_500,
        },
    );
}

/// Positions from random Chess960 starts (63,171), where kings and castling rooks stand
/// anywhere on the back rank. Catches, besides the above, the zone danger deciding
/// castling with a rook that is not in a corner (lifting it can open a line to the
/// king's path) and castling paths shared by king and rook.
#[test]
fn bulk_perft_matches_the_plain_generator_in_chess960_games() {
    let mut rng = Rng(0x960);
    let positions = random_positions(&mut rng, None, 1_000, 64);
    check(
        &positions,
        Coverage {
            positions: 60_000,
            castling_rights: 25_000,
            castling_moves: 6_000,
            ep_squares: 6_000,
            ep_captures: 700,
            promotions: 100,
            checks: 2_500,
        },
    );
}

/// Positions late in long games, standard and Chess960 (68,713): promotions, bare kings
/// and few sliders, where bulk counting looks sliders up one by one. Catches the same
/// bugs in the endgame paths of the generator.
#[test]
fn bulk_perft_matches_the_plain_generator_late_in_games() {
    let mut rng = Rng(0x1a7e);
    let mut positions = random_positions(&mut rng, Some(START), 100, 400);
    positions.extend(random_positions(&mut rng, None, 100, 400));
    check(
        &positions,
        Coverage {
            positions: 50_000,
            castling_rights: 4_000,
            castling_moves: 1_000,
            ep_squares: 1_000,
            ep_captures: 100,
            promotions: 1_200,
            checks: 3_000,
        },
    );
}

/// `moves_to_hashed` gives the moves of `moves_to` in the same order, for target sets of
/// every density, on random positions. Catches a perfect-hashed knight or king list that
/// drops, repeats or reorders a target, and a chunked push that miscounts its length.
#[test]
fn hashed_serialization_lists_the_same_moves_in_the_same_order() {
    let mut rng = Rng(0x4a54);
    let mut positions = random_positions(&mut rng, Some(START), 100, 200);
    positions.extend(random_positions(&mut rng, None, 100, 200));
    assert!(positions.len() >= 20_000, "{}", positions.len());
    let mut knight_or_king_moves = 0;
    for pos in &positions {
        let king = pos.our_king();
        let mut targets = vec![Bitboard::FULL, Bitboard::EMPTY, !pos.board().occupied()];
        targets.extend((0..4).map(|k| Bitboard(rng.sparse(k))));
        targets.extend((0..2).map(|k| Bitboard(!rng.sparse(k))));
        // Squares around our king only: king moves come from the hashed king list.
        targets.push(Bitboard(rng.next()) & attacks::king(king));
        for target in targets {
            let plain = pos.moves_to(target);
            let hashed = pos.moves_to_hashed(target);
            assert_eq!(&hashed[..], &plain[..], "{} to {target:?}", pos.to_fen());
            knight_or_king_moves += plain
                .iter()
                .filter(|m| {
                    matches!(
                        pos.board().role_at(m.from()),
                        Some(Role::Knight | Role::King)
                    )
                })
                .count();
        }
    }
    assert!(knight_or_king_moves >= 100_000, "{knight_or_king_moves}");
}
