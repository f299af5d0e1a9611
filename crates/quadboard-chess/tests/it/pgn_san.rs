//! SAN as the PGN reader resolves it ([`San::to_move`], which finds the candidate origins
//! and tests each for legality alone) against a naive search of the legal moves, for
//! SAN that fits one move, several, or none: along random games from the standard start,
//! from Chess960 starts, and from positions crowded with pieces of one kind.

use quadboard_chess::moves::MoveKind;
use quadboard_chess::san::{San, SanError};
use quadboard_chess::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

use crate::common::{random_game, random_game_positions, Rng};

/// Whether the legal move `m` is one that `san` names, by the rules of the SAN reader:
/// the piece, the destination, the origin's file and rank when given, the promotion piece;
/// a pawn written without its file, or with the destination's, pushes; the capture sign is
/// not checked.
fn fits(pos: &Position, san: San, m: Move) -> bool {
    match san {
        San::Castle(side) => {
            m.is_castle()
                && side
                    == if m.to() > m.from() {
                        CastlingSide::KingSide
                    } else {
                        CastlingSide::QueenSide
                    }
        }
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let from = m.from();
            let promoted = match m.kind() {
                MoveKind::Promotion(p) => Some(p),
                _ => None,
            };
            let pawn_ok = role != Role::Pawn
                || if file.is_none() || file == Some(to.file()) {
                    from.file() == to.file()
                } else {
                    from.file() != to.file()
                };
            !m.is_castle()
                && pos.board().role_at(from) == Some(role)
                && m.to() == to
                && file.is_none_or(|f| from.file() == f)
                && rank.is_none_or(|r| from.rank() == r)
                && promoted == promotion
                && pawn_ok
        }
    }
}

/// Asserts that `san` resolves in `pos` as the naive search says.
fn check(pos: &Position, legal: &[Move], san: San) {
    let fitting: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| fits(pos, san, m))
        .collect();
    let got = san.to_move(pos);
    match fitting.as_slice() {
        [] => assert!(
            matches!(got, Err(SanError::Illegal(s)) if s == san),
            "{} {san:?}: {got:?}",
            pos.to_fen()
        ),
        [m] => assert_eq!(got, Ok(*m), "{} {san:?}", pos.to_fen()),
        many => {
            let candidates: Bitboard = many.iter().map(|m| m.from()).collect();
            assert!(
                matches!(got, Err(SanError::Ambiguous { san: s, candidates: c }) if s == san && c == candidates),
                "{} {san:?}: {got:?}, expected {candidates:?}",
                pos.to_fen()
            );
        }
    }
    // The text of the SAN reads back as the same SAN.
    assert_eq!(san.to_string().parse::<San>(), Ok(san), "{san}");
}

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

fn square(rng: &mut Rng) -> Square {
    Square::new(rng.below(64) as u8)
}

/// SAN for `pos`: every legal move's, with its origin given in full, in part or not at
/// all, and random SAN, mostly near the legal moves.
fn sans(pos: &Position, legal: &[Move], rng: &mut Rng, random: usize) -> Vec<San> {
    let mut out = vec![
        San::Castle(CastlingSide::KingSide),
        San::Castle(CastlingSide::QueenSide),
    ];
    for &m in legal {
        let Some(role) = pos.board().role_at(m.from()) else {
            continue;
        };
        if m.is_castle() {
            // The king's move onto its own rook, or to the castling square, is no castling.
            for to in [
                m.to(),
                Square::from_coords(
                    if m.to() > m.from() { File::G } else { File::C },
                    m.from().rank(),
                ),
            ] {
                out.push(San::Normal {
                    role,
                    file: None,
                    rank: None,
                    capture: false,
                    to,
                    promotion: None,
                });
            }
            continue;
        }
        let promotion = match m.kind() {
            MoveKind::Promotion(p) => Some(p),
            _ => None,
        };
        for (file, rank) in [
            (None, None),
            (Some(m.from().file()), None),
            (None, Some(m.from().rank())),
            (Some(m.from().file()), Some(m.from().rank())),
        ] {
            out.push(San::Normal {
                role,
                file,
                rank,
                capture: rng.below(2) == 0,
                to: m.to(),
                promotion,
            });
        }
    }
    for _ in 0..random {
        let near = legal.get(rng.below(legal.len() + 1)).copied();
        let to = match near {
            Some(m) if rng.below(4) != 0 => m.to(),
            _ => square(rng),
        };
        let role = match near {
            Some(m) if rng.below(3) != 0 => pos.board().role_at(m.from()).unwrap_or(Role::Pawn),
            _ => ROLES[rng.below(6)],
        };
        let file = (rng.below(3) == 0).then(|| File::ALL[rng.below(8)]);
        let rank = (rng.below(4) == 0).then(|| Rank::ALL[rng.below(8)]);
        let promotion = (rng.below(6) == 0).then(|| PROMOTIONS[rng.below(4)]);
        out.push(San::Normal {
            role,
            file,
            rank,
            capture: rng.below(2) == 0,
            to,
            promotion,
        });
    }
    out
}

fn check_positions(positions: &[Position], rng: &mut Rng, random: usize) -> usize {
    let mut checked = 0;
    for pos in positions {
        let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
        for san in sans(pos, &legal, rng, random) {
            check(pos, &legal, san);
            checked += 1;
        }
    }
    checked
}

#[test]
fn san_along_random_games() {
    let mut rng = Rng(0x5a4_0001);
    let positions = random_game_positions(12, 100, 0x5a4_0002);
    let checked = check_positions(&positions, &mut rng, 40);
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn san_in_crowded_positions() {
    let mut rng = Rng(0x5a4_0003);
    let mut positions = Vec::new();
    for fen in [
        "1k6/8/2Q1Q3/8/2Q1Q3/8/8/K7 w - - 0 1",
        "3k4/8/1N3N2/8/1N3N2/8/8/7K w - - 0 1",
        "4k3/8/8/1R5R/8/8/1R5R/4K3 w - - 0 1",
        "1q2k2q/8/8/8/8/8/8/1Q2K2Q b - - 0 1",
        "4k3/PPP3PP/8/8/8/8/ppp3pp/4K3 w - - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "2b1kb2/8/8/3pP3/8/8/8/2B1KB2 w - d6 0 2",
        "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
        "b3k2b/8/8/8/8/8/8/B1B1K1BB w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for _ in 0..6 {
            positions.extend(random_game(pos, 40, &mut rng));
        }
    }
    let checked = check_positions(&positions, &mut rng, 40);
    assert!(checked > 50_000, "{checked}");
}
