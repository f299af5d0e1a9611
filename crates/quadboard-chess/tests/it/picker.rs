//! The staged move picker against the move lists: every legal move exactly once, stages in
//! order, each stage holding the moves its definition names, captures best first.

use quadboard_chess::picker::{CaptureOrder, MovePicker, Stage};
use quadboard_chess::{Move, Position, Role};

use crate::common::{random_game_positions, Rng};

/// The MVV-LVA key as `CaptureOrder::MvvLva` defines it, written out again.
fn mvv_lva(pos: &Position, m: Move) -> u32 {
    let value = |role: Option<Role>| match role {
        Some(Role::Pawn) => 1,
        Some(Role::Knight | Role::Bishop) => 3,
        Some(Role::Rook) => 5,
        Some(Role::Queen) => 9,
        _ => 0,
    };
    let attacker = pos.moved_role(m).expect("a piece moves");
    (value(pos.captured(m)) + value(m.promotion_role())) * 8 + 7 - attacker.index() as u32
}

fn is_noisy(pos: &Position, m: Move) -> bool {
    pos.is_capture(m) || m.promotion_role().is_some()
}

/// A hash move or killer as a search would find it: none, a legal move, a move of another
/// position, or garbage bits.
fn candidate(rng: &mut Rng, pos: &Position, other: &Position) -> Option<Move> {
    let pick =
        |list: &[Move], rng: &mut Rng| (!list.is_empty()).then(|| list[rng.below(list.len())]);
    match rng.below(5) {
        0 => None,
        1 | 2 => pick(&pos.legal_moves(), rng),
        3 => pick(&other.legal_moves(), rng),
        _ => Move::from_bits(rng.below(1 << 16) as u16),
    }
}

/// Catches a move returned twice or never (the hash move or a killer also returned by
/// its generated stage, a losing capture lost), a stage out of order, a quiet killer
/// returned that is illegal here, a capture in the quiet stage, and captures out of order.
#[test]
fn every_legal_move_once_in_stage_order() {
    let mut rng = Rng(97);
    let positions = random_game_positions(40, 160, 23);
    let (mut hash_moves, mut killers_returned, mut losing) = (0, 0, 0);
    for (i, pos) in positions.iter().enumerate() {
        let other = &positions[(i * 7 + 3) % positions.len()];
        let hash = candidate(&mut rng, pos, other);
        let killers = [
            candidate(&mut rng, pos, other),
            candidate(&mut rng, pos, other),
        ];
        let legal = pos.legal_moves();
        for order in [CaptureOrder::MvvLva, CaptureOrder::See] {
            let mut picker = MovePicker::new(pos, hash)
                .with_killers(killers)
                .with_capture_order(order);
            let mut seen = Vec::new();
            let mut last_stage = Stage::HashMove;
            let mut last_key = u32::MAX;
            let mut last_see = i32::MAX;
            while let Some(m) = picker.next() {
                let stage = picker.stage();
                assert!(stage >= last_stage, "{stage:?} after {last_stage:?}");
                last_stage = stage;
                match stage {
                    Stage::HashMove => {
                        assert!(seen.is_empty());
                        assert_eq!(Some(m), hash);
                        hash_moves += 1;
                    }
                    Stage::Captures => {
                        assert!(is_noisy(pos, m), "{m:?}");
                        if order == CaptureOrder::MvvLva {
                            let key = mvv_lva(pos, m);
                            assert!(
                                key <= last_key,
                                "{m:?} after a lower key in {}",
                                pos.to_fen()
                            );
                            last_key = key;
                        } else {
                            let see = pos.see(m);
                            assert!(see >= 0);
                            assert!(see <= last_see, "{m:?}: {see} after {last_see}");
                            last_see = see;
                        }
                    }
                    Stage::Killers => {
                        assert!(killers.contains(&Some(m)));
                        assert!(!is_noisy(pos, m));
                        killers_returned += 1;
                    }
                    Stage::Quiets => assert!(!is_noisy(pos, m), "{m:?}"),
                    Stage::LosingCaptures => {
                        assert_eq!(order, CaptureOrder::See);
                        assert!(is_noisy(pos, m) && pos.see(m) < 0);
                        losing += 1;
                    }
                }
                seen.push(m);
            }
            assert_eq!(picker.next(), None);
            let mut expected = legal.to_vec();
            expected.sort();
            seen.sort();
            assert_eq!(seen, expected, "{}", pos.to_fen());
        }
    }
    // The cases above must have occurred.
    assert!(hash_moves > 1_000, "{hash_moves}");
    assert!(killers_returned > 100, "{killers_returned}");
    assert!(losing > 100, "{losing}");
}

/// Catches a quiescence picker that returns quiet moves, misses en passant or a quiet
/// promotion, or returns a quiet hash move.
#[test]
fn captures_only_are_the_captures() {
    let mut rng = Rng(5);
    for pos in random_game_positions(30, 160, 71) {
        let hash = candidate(&mut rng, &pos, &pos);
        for order in [CaptureOrder::MvvLva, CaptureOrder::See] {
            let mut picked: Vec<Move> = MovePicker::new(&pos, hash)
                .captures_only()
                .with_capture_order(order)
                .collect();
            let mut expected = pos.captures().to_vec();
            picked.sort();
            expected.sort();
            assert_eq!(picked, expected, "{}", pos.to_fen());
        }
    }
}

#[test]
fn moved_role_is_the_piece_on_the_origin() {
    for pos in random_game_positions(10, 100, 3) {
        for &m in pos.legal_moves().iter() {
            let expected = if m.is_castle() {
                Role::King
            } else {
                pos.piece_at(m.from()).expect("a piece moves").role()
            };
            assert_eq!(pos.moved_role(m), Some(expected));
        }
    }
    let from_empty = Move::normal(quadboard_chess::Square::E4, quadboard_chess::Square::E5);
    assert_eq!(Position::new().moved_role(from_empty), None);
}
