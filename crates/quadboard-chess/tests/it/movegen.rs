//! Consistency of the move generation API along random games: every way of asking for
//! moves agrees with every other.

use quadboard_chess::perft::{perft_divide, perft_total, PerftOptions, PerftTable, Representation};
use quadboard_chess::{perft, Bitboard, Move, Position, Role, Square};

use crate::common::{random_game_positions, Rng};

fn random_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos);
            pos = pos
                .play(moves[rng.below(moves.len())])
                .expect("generated moves are legal");
        }
    }
    out
}

#[test]
fn start_position_perft() {
    let pos = Position::new();
    let expected = [1, 20, 400, 8_902, 197_281, 4_865_609];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&pos, depth as u32), nodes, "depth {depth}");
    }
}

#[test]
fn counting_listing_and_subsets_agree() {
    // Chess960 too: a king may castle onto its own square or its rook's, which quiet
    // moves must still include.
    for pos in random_game_positions(40, 120, 1) {
        let all = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), all.len() as u64);
        assert_eq!(perft(&pos, 1), all.len() as u64);

        let mut sorted: Vec<Move> = all.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), all.len(), "duplicate moves");

        // Captures and quiet moves split the moves exactly.
        let captures = pos.captures();
        let quiets = pos.quiet_moves();
        let mut union: Vec<Move> = captures.iter().chain(quiets.iter()).copied().collect();
        union.sort();
        assert_eq!(union, sorted);

        // Generating towards a target set gives exactly the moves landing there.
        let target = Bitboard(0x00ff_00ff_00ff_00ff);
        let to_target = pos.moves_to(target);
        for m in to_target.iter() {
            assert!(all.contains(m));
        }
        let landing = all
            .iter()
            .filter(|m| !m.is_castle() && target.contains(m.to()))
            .count();
        let castles = to_target.iter().filter(|m| m.is_castle()).count();
        assert_eq!(to_target.len(), landing + castles);

        for &m in all.iter() {
            assert!(pos.is_legal(m));
            let uci = pos.to_uci(m).to_string();
            assert_eq!(pos.parse_uci(&uci), Ok(m), "{uci}");
        }
    }
}

#[test]
fn captures_come_least_valuable_mover_first() {
    // Pawns (en passant and promotions among them), knights, bishops, rooks, queens,
    // king: an MVV-LVA sort of the list then only reorders by victim. Pinned pieces
    // come after the free ones.
    let mut kings_last = 0;
    for pos in random_game_positions(60, 120, 7) {
        let captures = pos.captures();
        let movers: Vec<Role> = captures
            .iter()
            .map(|&m| pos.moved_role(m).expect("a piece moves"))
            .collect();
        let free: Vec<Role> = captures
            .iter()
            .filter(|m| !pos.pinned().contains(m.from()) || pos.moved_role(**m) == Some(Role::Pawn))
            .map(|&m| pos.moved_role(m).expect("a piece moves"))
            .collect();
        let pawns = movers.iter().take_while(|&&r| r == Role::Pawn).count();
        let kings = movers
            .iter()
            .rev()
            .take_while(|&&r| r == Role::King)
            .count();
        assert!(
            free.windows(2).all(|w| w[0] <= w[1])
                && !movers[pawns..].contains(&Role::Pawn)
                && !movers[..movers.len() - kings].contains(&Role::King),
            "{}: {movers:?}",
            pos.to_fen()
        );
        if movers.len() > 1 && movers.last() == Some(&Role::King) {
            kings_last += 1;
        }
    }
    // The old order put the king first: make sure the sample would have caught it.
    assert!(kings_last > 0);
}

#[test]
fn illegal_moves_are_errors() {
    let pos = Position::new();
    assert!(pos.play(Move::normal(Square::E2, Square::E5)).is_err());
    assert!(pos.play(Move::NULL).is_err());
    for bad in [
        "", "e2", "e2e4x", "e2e4qq", "i2i4", "e2e5", "e7e5", "e1g1", "a1a1", "e2e4 ",
    ] {
        assert!(pos.parse_uci(bad).is_err(), "{bad:?}");
    }
    let m = pos.parse_uci("g1f3").unwrap();
    assert_eq!(m, Move::normal(Square::G1, Square::F3));
}

#[test]
fn threads_and_table_give_the_same_counts() {
    let table = PerftTable::new(4);
    for pos in random_positions(4, 40, 7).into_iter().step_by(13) {
        let plain: Vec<u128> = (1..=3).map(|d| u128::from(perft(&pos, d))).collect();
        for depth in 1..=3u32 {
            for threads in [1, 2, 3] {
                for table in [None, Some(&table)] {
                    for representation in [Representation::Dense, Representation::Quad] {
                        let options = PerftOptions {
                            threads,
                            table,
                            progress: None,
                            representation,
                        };
                        assert_eq!(
                            perft_total(&pos, depth, &options),
                            plain[depth as usize - 1],
                            "{representation:?}"
                        );
                    }
                }
            }
        }
        let divided = perft_divide(&pos, 3, &PerftOptions::default());
        assert_eq!(divided.len(), pos.legal_moves().len());
        for (m, nodes) in divided {
            let child = pos.play(m).unwrap();
            assert_eq!(nodes, u128::from(perft(&child, 2)));
        }
    }
}

/// A king with one capture in reach is tested on that square alone (not with every attack
/// of theirs): the capture is listed when nothing guards the victim, and not when a knight
/// guards it, a rook sees the square through the king that leaves the line, or (the king
/// in check by the victim) a rook behind the victim guards it.
#[test]
fn a_single_king_capture_is_tested_exactly() {
    let cases = [
        ("7k/8/8/8/3Kp3/8/8/8 w - - 0 1", vec!["d4e4"]),
        ("7k/8/5n2/8/3Kp3/8/8/8 w - - 0 1", vec![]),
        ("7k/8/8/8/r2Kp3/8/8/8 w - - 0 1", vec![]),
        ("7k/8/8/8/3Kr3/8/8/8 w - - 0 1", vec!["d4e4"]),
        ("4r2k/8/8/8/3Kr3/8/8/8 w - - 0 1", vec![]),
    ];
    for (fen, expected) in cases {
        let pos = Position::from_fen(fen).unwrap();
        let captures: Vec<String> = pos
            .captures()
            .iter()
            .map(|&m| pos.to_uci(m).to_string())
            .collect();
        assert_eq!(captures, expected, "{fen}");
        let listed = pos.legal_moves();
        let king_captures = listed
            .iter()
            .filter(|&&m| pos.captured(m).is_some())
            .count();
        assert_eq!(king_captures, expected.len(), "{fen}");
    }
}
