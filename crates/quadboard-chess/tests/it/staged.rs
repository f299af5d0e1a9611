//! Staged and selective generation, and the pin masks, against the full move list and
//! against definitions that make and test.

use core::ops::ControlFlow;

use quadboard_chess::{attacks, Bitboard, Color, Move, Position, Role};

use crate::common::{random_game_positions, Rng};

/// Where a move lands for selection by destination: the king's square for castling.
fn landing(pos: &Position, m: Move) -> quadboard_chess::Square {
    match m.castling_side() {
        Some(side) => side.king_to(pos.turn()),
        None => m.to(),
    }
}

/// Every group concatenated is `legal_moves`, in order, and each group's length is its
/// iterator's; with random origin and destination masks, the groups hold exactly the
/// legal moves that start and land inside them. Catches a group dropped or repeated, a
/// pawn origin computed from the wrong offset, promotions not expanded four times, a
/// filter applied to the wrong end of a move, and an order that differs from the list's.
#[test]
fn groups_are_the_legal_moves_in_order() {
    let mut rng = Rng(41);
    let mut filtered = 0;
    for pos in random_game_positions(60, 200, 5) {
        let all = pos.legal_moves();
        let mut streamed = Vec::new();
        let _ = pos.for_each_group(Bitboard::FULL, Bitboard::FULL, |group| {
            assert_eq!(group.moves().len(), group.len());
            assert!(!group.is_empty());
            for m in group {
                let role = pos.piece_at(m.from()).map(|p| p.role());
                assert_eq!(role, Some(group.role()), "{m:?} in {group:?}");
                streamed.push(m);
            }
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(streamed, all.to_vec(), "{}", pos.to_fen());

        let from = Bitboard(rng.sparse(1));
        let to = Bitboard(rng.sparse(1));
        let mut selected = Vec::new();
        let _ = pos.for_each_group(from, to, |group| {
            selected.extend(group.moves());
            ControlFlow::<()>::Continue(())
        });
        let want: Vec<Move> = all
            .iter()
            .copied()
            .filter(|&m| from.contains(m.from()) && to.contains(landing(&pos, m)))
            .collect();
        filtered += want.len();
        assert_eq!(selected, want, "{}", pos.to_fen());
        let from_only: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| from.contains(m.from()))
            .collect();
        assert_eq!(pos.moves_from(from).to_vec(), from_only);
    }
    assert!(filtered > 10_000, "{filtered}");
}

/// A break stops the stream: the callback is not called again and its value comes back.
/// Catches a stream that ignores the callback's answer.
#[test]
fn a_break_stops_the_stream() {
    for pos in random_game_positions(20, 120, 9) {
        let groups = {
            let mut n = 0;
            let _ = pos.for_each_group(Bitboard::FULL, Bitboard::FULL, |_| {
                n += 1;
                ControlFlow::<()>::Continue(())
            });
            n
        };
        for stop in 1..=groups {
            let mut calls = 0;
            let result = pos.for_each_group(Bitboard::FULL, Bitboard::FULL, |_| {
                calls += 1;
                if calls == stop {
                    ControlFlow::Break(calls)
                } else {
                    ControlFlow::Continue(())
                }
            });
            assert_eq!(result, ControlFlow::Break(stop));
            assert_eq!(calls, stop);
        }
    }
}

/// `moves_of` keeps the moves of one role (castling as a king move, en passant as a pawn
/// move) and `evasions` is every move in check and none otherwise. Catches a role filter
/// that reads the wrong colour's pieces and evasions offered out of check.
#[test]
fn moves_of_a_role_and_evasions() {
    let mut in_check = 0;
    for pos in random_game_positions(60, 200, 17) {
        let all = pos.legal_moves();
        for role in Role::ALL {
            let want: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.from()).map(|p| p.role()) == Some(role))
                .collect();
            assert_eq!(
                pos.moves_of(role).to_vec(),
                want,
                "{role:?} {}",
                pos.to_fen()
            );
        }
        if pos.is_check() {
            in_check += 1;
            assert_eq!(pos.evasions().to_vec(), all.to_vec());
        } else {
            assert!(pos.evasions().is_empty());
        }
    }
    assert!(in_check > 500, "{in_check}");
}

/// The definition of a blocker, by trying: a piece is a blocker of `color` when lifting
/// it lets a slider of the other side attack that king, which it does not with the piece
/// in place; the slider is then a pinner.
fn blockers_by_lifting(pos: &Position, color: Color) -> (Bitboard, Bitboard) {
    let board = pos.board();
    let Some(king) = board.king_of(color) else {
        return (Bitboard::EMPTY, Bitboard::EMPTY);
    };
    let occupied = board.occupied();
    let sliders = |occupied: Bitboard| {
        (attacks::rook(king, occupied) & board.orthogonal_sliders()
            | attacks::bishop(king, occupied) & board.diagonal_sliders())
            & board.by_color(!color)
    };
    let before = sliders(occupied);
    let (mut blockers, mut pinners) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for piece in occupied & !king.bitboard() {
        let opened = sliders(occupied ^ piece) & !before & !piece.bitboard();
        if opened.any() {
            blockers |= piece;
            pinners |= opened;
        }
    }
    (blockers, pinners)
}

/// The pin masks agree with lifting each piece off the board, for both colours; a pinned
/// piece's legal moves stay on the line through its king. Catches pinners counted through
/// two pieces, the wrong colour's sliders, and queens missing from either kind of line.
#[test]
fn pins_agree_with_lifting_pieces() {
    let mut pinned_seen = 0;
    for pos in random_game_positions(80, 240, 23) {
        for color in Color::ALL {
            let (blockers, pinners) = blockers_by_lifting(&pos, color);
            assert_eq!(pos.blockers(color), blockers, "{color:?} {}", pos.to_fen());
            assert_eq!(pos.pinners(color), pinners, "{color:?} {}", pos.to_fen());
        }
        let pinned = pos.pinned();
        assert_eq!(
            pinned,
            pos.blockers(pos.turn()) & pos.board().by_color(pos.turn())
        );
        pinned_seen += pinned.count();
        let king = pos.our_king();
        for m in pos
            .legal_moves()
            .iter()
            .filter(|m| pinned.contains(m.from()))
        {
            assert!(
                attacks::aligned(king, m.from(), m.to()),
                "{m:?} {}",
                pos.to_fen()
            );
        }
    }
    assert!(pinned_seen > 1_000, "{pinned_seen}");
}
