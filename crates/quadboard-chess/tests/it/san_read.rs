//! Reading SAN against a reference that filters the legal move list: every way of naming a
//! piece's move to a square (any role, any square, any disambiguation, any promotion) gives
//! the same move, the same "illegal" and the same ambiguity as the list says. The reader
//! itself tests candidate origins one by one for legality, without a list.

use quadboard_chess::san::{San, SanError};
use quadboard_chess::{Bitboard, File, Move, Position, Rank, Role, Square};

use crate::common::{random_game_positions, Rng};

/// What the legal move list says `san` is.
fn reference(pos: &Position, san: San) -> Result<Move, SanError> {
    let San::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = san
    else {
        unreachable!("only normal moves here");
    };
    let file = match (role, file) {
        (Role::Pawn, None) => Some(to.file()),
        _ => file,
    };
    let fits: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            !m.is_castle()
                && m.to() == to
                && m.promotion_role() == promotion
                && file.is_none_or(|f| f == m.from().file())
                && rank.is_none_or(|r| r == m.from().rank())
                && pos.board().role_at(m.from()) == Some(role)
        })
        .collect();
    match fits.as_slice() {
        [] => Err(SanError::Illegal(san)),
        [m] => Ok(*m),
        _ => Err(SanError::Ambiguous {
            san,
            candidates: fits.iter().fold(Bitboard::EMPTY, |b, m| b.with(m.from())),
        }),
    }
}

#[test]
fn every_way_of_naming_a_move_reads_as_the_legal_move_list_says() {
    let mut rng = Rng(0x5a4_2ead);
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    let promotions = [
        None,
        Some(Role::Knight),
        Some(Role::Queen),
        Some(Role::Rook),
    ];
    let (mut legal, mut illegal, mut ambiguous) = (0, 0, 0);
    for pos in random_game_positions(60, 120, 0x5a4) {
        // Every legal move's destination with every role, plus random squares.
        let mut targets: Vec<Square> = pos.legal_moves().iter().map(|m| m.to()).collect();
        targets.extend((0..4).map(|_| Square::new(rng.below(64) as u8)));
        for &to in &targets {
            for role in roles {
                let file = match rng.below(3) {
                    0 => None,
                    1 => Some(to.file()),
                    _ => Some(File::new(rng.below(8) as u8)),
                };
                let rank = match rng.below(3) {
                    0 => None,
                    _ => Some(Rank::new(rng.below(8) as u8)),
                };
                for (file, rank) in [(None, None), (file, None), (None, rank), (file, rank)] {
                    let promotion = if role == Role::Pawn {
                        promotions[rng.below(promotions.len())]
                    } else {
                        None
                    };
                    let san = San::Normal {
                        role,
                        file,
                        rank,
                        capture: false,
                        to,
                        promotion,
                    };
                    let expected = reference(&pos, san);
                    match &expected {
                        Ok(_) => legal += 1,
                        Err(SanError::Ambiguous { .. }) => ambiguous += 1,
                        Err(_) => illegal += 1,
                    }
                    assert_eq!(san.to_move(&pos), expected, "{}: {san}", pos.to_fen());
                }
            }
        }
    }
    // The walk reaches every outcome often.
    assert!(
        legal > 20_000 && illegal > 20_000 && ambiguous > 100,
        "{legal} {illegal} {ambiguous}"
    );
}
