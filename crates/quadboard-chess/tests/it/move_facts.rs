//! What a move does, asked without making it (`gives_check`, `captured`, `piece_at`),
//! against making it, for every legal move along random standard and Chess960 games.

use quadboard_chess::{Bitboard, Color, Move, Position, Role, Square};

use crate::common::random_game_positions;

/// The roles of `color`'s pieces, counted.
fn role_counts(pos: &Position, color: Color) -> [u32; 6] {
    Role::ALL.map(|role| (pos.board().by_role(role) & pos.board().by_color(color)).count())
}

/// The checkers of `pos` looked up by `Board::attackers`: the general lookup that
/// `Position::checkers` (its own inline code with ray prefilters) must agree with.
fn found_checkers(pos: &Position) -> Bitboard {
    let board = pos.board();
    board.attackers(pos.our_king(), !pos.turn(), board.occupied())
}

#[derive(Default, Debug)]
struct Tally {
    moves: usize,
    direct: usize,
    discovered: usize,
    promotion: usize,
    en_passant: usize,
    castle: usize,
}

#[test]
fn gives_check_and_captured_agree_with_playing_the_move() {
    let positions = random_game_positions(180, 320, 13);
    assert!(positions.len() >= 100_000, "{} positions", positions.len());
    let mut tally = Tally::default();
    for pos in &positions {
        let fen = pos.to_fen();
        let them = !pos.turn();
        let check_squares = pos.check_squares();
        for &m in pos.legal_moves().iter() {
            let child = pos.play(m).expect("generated moves are legal");
            let checkers = child.checkers();
            assert_eq!(checkers, found_checkers(&child), "{fen}: {m:?}");
            assert_eq!(pos.gives_check(m), checkers.any(), "{fen}: {m:?}");
            assert_eq!(
                check_squares.gives_check(pos, m),
                checkers.any(),
                "{fen}: {m:?}"
            );
            tally.moves += 1;
            if checkers.any() {
                let landing = if m.is_castle() {
                    child.board().by_role(Role::Rook) & checkers
                } else {
                    m.to().bitboard()
                };
                if checkers.is_disjoint(landing) || checkers.more_than_one() {
                    tally.discovered += 1;
                } else {
                    tally.direct += 1;
                }
                tally.promotion += usize::from(m.promotion_role().is_some());
                tally.en_passant += usize::from(m.is_en_passant());
                tally.castle += usize::from(m.is_castle());
            }

            // The role that disappears from the other side is the one `captured` names.
            let before = role_counts(pos, them);
            let after = role_counts(&child, them);
            let lost: Vec<Role> = Role::ALL
                .into_iter()
                .filter(|r| after[r.index()] < before[r.index()])
                .collect();
            assert_eq!(
                pos.captured(m).into_iter().collect::<Vec<_>>(),
                lost,
                "{fen}: {m:?}"
            );
            assert_eq!(pos.is_capture(m), !lost.is_empty(), "{fen}: {m:?}");
        }
        // `captures()` lists exactly the captures and the promotions.
        let mut expected: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m) || m.promotion_role().is_some())
            .collect();
        let mut listed = pos.captures().to_vec();
        expected.sort();
        listed.sort();
        assert_eq!(listed, expected, "{fen}");
        for square in Square::ALL {
            assert_eq!(pos.piece_at(square), pos.board().piece_at(square));
        }
    }
    // The sample reaches every kind of check, the rare ones included (about 2.5 million
    // moves: 163,456 direct checks, 6,084 discovered, 4,045 by promotion, 22 by en passant
    // and 8 by castling).
    assert!(tally.moves > 2_000_000, "{tally:?}");
    assert!(tally.direct > 10_000, "{tally:?}");
    assert!(tally.discovered > 1_000, "{tally:?}");
    assert!(tally.promotion > 1_000, "{tally:?}");
    assert!(tally.en_passant > 0 && tally.castle > 0, "{tally:?}");
}

/// The rarer checks, each in a position made for it: (FEN, move, gives check).
#[test]
fn gives_check_in_made_positions() {
    let cases = [
        // Castling: the rook checks, king side and queen side.
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", true),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", true),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", false),
        // Chess960 castling, written king-takes-rook: the rook lands on f1 under the king.
        ("1r3k2/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", true),
        // En passant: the captured pawn uncovers a rook along the rank and a bishop along
        // a diagonal; the capturing pawn checks directly.
        ("8/8/8/R2pP2k/8/8/8/K7 w - d6 0 1", "e5d6", true),
        ("8/5k2/8/3pP3/8/1B6/8/K7 w - d6 0 1", "e5d6", true),
        ("8/4k3/8/3pP3/8/8/8/K7 w - d6 0 1", "e5d6", true),
        ("8/8/8/3pP3/8/8/8/K5k1 w - d6 0 1", "e5d6", false),
        // Promotions: the new piece checks (a knight where a queen would not), its line
        // runs through the square the pawn left, or the pawn uncovers a rook.
        ("8/4P3/3k4/8/8/8/8/K7 w - - 0 1", "e7e8n", true),
        ("8/4P3/3k4/8/8/8/8/K7 w - - 0 1", "e7e8q", false),
        ("2r5/3P4/4k3/8/8/8/8/K7 w - - 0 1", "d7c8q", true),
        ("2r5/3P4/4k3/8/8/8/8/K7 w - - 0 1", "d7c8b", true),
        ("2r5/3P4/4k3/8/8/8/8/K7 w - - 0 1", "d7d8q", false),
        ("8/R3P2k/8/8/8/8/8/K7 w - - 0 1", "e7e8n", true),
        // A king that steps off the line of its own rook; one that stays on it.
        ("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2d2", true),
        ("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2e3", false),
        // A bishop that takes the one piece between it and the king, and one that moves
        // away along the same blocked line; a knight that leaves a rook's file, alone on
        // it and with a pawn of theirs still between.
        ("8/k7/1p6/8/3B4/8/8/K7 w - - 0 1", "d4b6", true),
        ("8/k7/1p6/8/3B4/8/8/K7 w - - 0 1", "d4e3", false),
        ("4k3/8/8/4N3/8/8/8/K3R3 w - - 0 1", "e5c6", true),
        ("4k3/4p3/8/4N3/8/8/8/K3R3 w - - 0 1", "e5c6", false),
        // Black to move, a discovered double check.
        ("7k/1r6/8/8/8/1n6/8/1K6 b - - 0 1", "b3d2", true),
    ];
    for (fen, uci, checks) in cases {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.gives_check(m), checks, "{fen} {uci}");
        assert_eq!(
            pos.check_squares().gives_check(&pos, m),
            checks,
            "{fen} {uci}"
        );
        let child = pos.play(m).unwrap();
        assert_eq!(child.is_check(), checks, "{fen} {uci}");
        assert_eq!(child.checkers(), found_checkers(&child), "{fen} {uci}");
    }
}

/// Every node of the wiki's perft positions to depth 3 (Kiwipete's castling and pins,
/// position 3's en passant along the rank of both kings, 4 and 5's promotions and checks):
/// `checkers` after each move against `Board::attackers`, and the checks counted against
/// the wiki's tables.
#[test]
fn checkers_along_perft_trees() {
    fn walk(pos: &Position, depth: u32, checks: &mut u64) {
        for &m in pos.legal_moves().iter() {
            let mut child = *pos;
            child.play_unchecked(m);
            assert_eq!(
                child.checkers(),
                found_checkers(&child),
                "{}: {m:?}",
                pos.to_fen()
            );
            *checks += u64::from(child.is_check());
            if depth > 1 {
                walk(&child, depth - 1, checks);
            }
        }
    }
    // (FEN, checks among the nodes of plies 1 to 3: the sums of the wiki's rows; its
    // position 5 has no check column.)
    let cases = [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            Some(3 + 993),
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            Some(2 + 10 + 267),
        ),
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            Some(10 + 38),
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            None,
        ),
    ];
    for (fen, expected) in cases {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut checks = 0;
        walk(&pos, 3, &mut checks);
        if let Some(expected) = expected {
            assert_eq!(checks, expected, "{fen}");
        }
    }
}
