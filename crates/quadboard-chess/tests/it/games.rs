//! Games against shakmaty and against a naive history.
//!
//! - Along random games from the standard start, from random Chess960 starts and from
//!   positions crowded with pieces of one kind (over 110,000 positions), the SAN of every legal move equals
//!   shakmaty's `SanPlus`, reads back as the same move (also over-disambiguated, without
//!   `=`, and with castling in zeros), and checkmate, stalemate, insufficient material and
//!   the outcome agree.
//! - Along random games that often take a move back, [`Game::repetitions`] equals a count
//!   over the whole history comparing full positions, and repetition keys are equal exactly
//!   when those positions are.

use std::collections::HashMap;

use quadboard_chess::game::Game;
use quadboard_chess::outcome::Termination;
use quadboard_chess::{Bitboard, Board, CastlingMode, Color, Move, Position, Role, Square};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, KnownOutcome, Outcome, Position as _};

use crate::common::{chess960_fen, Rng};

fn shakmaty_position(fen: &str, mode: shakmaty::CastlingMode) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(mode)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn square(sq: shakmaty::Square) -> Square {
    Square::new(u8::from(sq))
}

fn role(role: shakmaty::Role) -> Role {
    Role::from_char(role.char()).expect("same letters")
}

/// Their move as ours.
fn our_move(m: &shakmaty::Move) -> Move {
    match *m {
        shakmaty::Move::Normal {
            from,
            to,
            promotion: Some(p),
            ..
        } => Move::promotion(square(from), square(to), role(p)),
        shakmaty::Move::Normal { from, to, .. } => Move::normal(square(from), square(to)),
        shakmaty::Move::EnPassant { from, to } => Move::en_passant(square(from), square(to)),
        shakmaty::Move::Castle { king, rook } => Move::castle(square(king), square(rook)),
        shakmaty::Move::Put { .. } => panic!("no drops in chess"),
    }
}

/// Other ways people write the same move: the origin in full, no `=`, castling with zeros.
fn variants(pos: &Position, m: Move, san: &str) -> Vec<String> {
    if m.is_castle() {
        return vec![san.replace('O', "0"), format!("{san}!?")];
    }
    let role = pos.board().role_at(m.from()).expect("a piece moves");
    let letter = match role {
        Role::Pawn => String::new(),
        r => r.char().to_ascii_uppercase().to_string(),
    };
    let capture = if san.contains('x') { "x" } else { "" };
    let promotion = m
        .promotion_role()
        .map_or(String::new(), |p| p.char().to_string());
    vec![
        format!("{letter}{}{capture}{}{promotion}", m.from(), m.to()),
        san.replace('=', ""),
    ]
}

/// Checks one position against shakmaty; returns the pairs of moves.
fn compare(ours: &Position, theirs: &Chess) -> Vec<(Move, shakmaty::Move)> {
    let fen = ours.to_fen();
    let legal = ours.legal_moves();
    let pairs: Vec<(Move, shakmaty::Move)> = theirs
        .legal_moves()
        .iter()
        .map(|tm| (our_move(tm), *tm))
        .collect();
    assert_eq!(legal.len(), pairs.len(), "{fen}");
    for &(m, tm) in &pairs {
        assert!(legal.contains(&m), "{fen}: {m:?}");
        let expected = SanPlus::from_move(theirs.clone(), tm).to_string();
        let san = ours.to_san(m);
        assert_eq!(san.as_str(), expected, "{fen}: {m:?}");
        assert_eq!(ours.parse_san(san.as_str()), Ok(m), "{fen}: {san}");
        for text in variants(ours, m, san.as_str()) {
            assert_eq!(ours.parse_san(&text), Ok(m), "{fen}: {text}");
        }
    }

    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "{fen}");
    assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "{fen}");
    assert_eq!(
        ours.is_insufficient_material(),
        theirs.is_insufficient_material(),
        "{fen}"
    );
    // shakmaty's outcome has no move-count rule; python-chess's order puts the
    // seventy-five-move rule after the endings shakmaty knows.
    let expected = match theirs.outcome() {
        Outcome::Known(known) => Some(known),
        Outcome::Unknown if theirs.halfmoves() >= 150 => Some(KnownOutcome::Draw),
        Outcome::Unknown => None,
    };
    let outcome = ours.outcome();
    let winner = outcome.map(|o| o.winner.map(|c| c == Color::White));
    let their_winner = expected.map(|k| match k {
        KnownOutcome::Decisive { winner } => Some(winner == shakmaty::Color::White),
        KnownOutcome::Draw => None,
    });
    assert_eq!(winner, their_winner, "{fen}");
    if let Some(o) = outcome {
        let termination_holds = match o.termination {
            Termination::Checkmate => theirs.is_checkmate(),
            Termination::InsufficientMaterial => theirs.is_insufficient_material(),
            Termination::Stalemate => theirs.is_stalemate(),
            Termination::SeventyFiveMoveRule => ours.halfmoves() >= 150,
            Termination::FivefoldRepetition => false,
        };
        assert!(termination_holds, "{fen}: {o}");
    }
    pairs
}

/// Random games from `start`; returns the number of positions checked.
fn random_games(start: &str, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let first = Position::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mode = match first.castling_mode() {
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
    };
    let mut checked = 0;
    for _ in 0..games {
        let mut ours = first;
        let mut theirs = shakmaty_position(start, mode);
        for _ in 0..plies {
            let pairs = compare(&ours, &theirs);
            checked += 1;
            if pairs.is_empty() {
                break;
            }
            let (m, tm) = pairs[rng.below(pairs.len())];
            ours.play_unchecked(m);
            theirs.play_unchecked(tm);
        }
    }
    checked
}

#[test]
fn san_and_outcomes_agree_with_shakmaty_from_the_start_position() {
    let mut rng = Rng(12);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let checked = random_games(start, 220, 300, &mut rng);
    assert!(checked >= 55_000, "{checked} positions");
}

#[test]
fn san_and_outcomes_agree_with_shakmaty_from_chess960_starts() {
    let mut rng = Rng(9600);
    let mut checked = 0;
    for _ in 0..160 {
        checked += random_games(&chess960_fen(rng.below(960)), 1, 300, &mut rng);
    }
    assert!(checked >= 40_000, "{checked} positions");
}

/// Many pieces of one kind (disambiguation by file, rank and both), promotions, castling
/// next to the rooks, and bare endings that end by material or the move-count rules.
#[test]
fn san_and_outcomes_agree_with_shakmaty_in_crowded_positions() {
    let mut rng = Rng(3);
    let mut checked = 0;
    for fen in [
        "1k6/8/2Q1Q3/8/2Q1Q3/8/8/K7 w - - 0 1",
        "3k4/8/1N3N2/8/1N3N2/8/8/7K w - - 0 1",
        "4k3/8/8/1R5R/8/8/1R5R/4K3 w - - 0 1",
        "1q2k2q/8/8/8/8/8/8/1Q2K2Q w - - 0 1",
        "4k3/PPP3PP/8/8/8/8/ppp3pp/4K3 w - - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/1N2K3 w - - 140 90",
        "4k3/8/8/8/8/8/8/R3K3 w - - 145 90",
        "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
    ] {
        checked += random_games(fen, 8, 120, &mut rng);
    }
    assert!(checked >= 5_000, "{checked} positions");
}

/// What the repetition rules compare: placement, side to move, castling rights and the en
/// passant square when a capture there is legal (found by listing every legal move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Full {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

fn full(pos: &Position) -> Full {
    let ep = pos
        .legal_moves()
        .iter()
        .find(|m| m.is_en_passant())
        .map(|m| m.to());
    Full {
        board: *pos.board(),
        turn: pos.turn(),
        castling: pos.castling_rooks(),
        ep,
    }
}

/// Random games that take back their own previous move when they can (and otherwise
/// prefer quiet piece moves), so that positions recur; returns the number of positions
/// that had occurred before.
fn repeating_games(start: &str, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let first = Position::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
    let mut repeated = 0;
    let mut keys: HashMap<u64, Full> = HashMap::new();
    for _ in 0..games {
        let mut game = Game::from_position(first);
        let mut history = vec![full(&first)];
        for ply in 0..plies {
            let pos = *game.position();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let back = ply
                .checked_sub(2)
                .map(|i| game.moves()[i])
                .filter(|m| !m.is_castle())
                .map(|m| Move::normal(m.to(), m.from()))
                .filter(|m| moves.contains(m));
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| {
                    pos.board().role_at(m.from()) != Some(Role::Pawn)
                        && !pos.board().occupied().contains(m.to())
                })
                .collect();
            let m = match back {
                Some(m) if rng.below(10) < 6 => m,
                _ if !quiet.is_empty() && rng.below(10) < 8 => quiet[rng.below(quiet.len())],
                _ => moves[rng.below(moves.len())],
            };
            game.play(m).unwrap();
            let now = full(game.position());
            let naive = history.iter().filter(|&&p| p == now).count() + 1;
            history.push(now);
            let fen = game.position().to_fen();
            assert_eq!(game.repetitions(), naive, "{fen} after {}", game.movetext());
            assert_eq!(game.is_fivefold_repetition(), naive >= 5, "{fen}");
            assert_eq!(game.can_claim_threefold_repetition(), naive >= 3, "{fen}");
            let key = game.position().repetition_key();
            assert_eq!(key, *game.keys().last().unwrap());
            let seen = *keys.entry(key).or_insert(now);
            assert_eq!(seen, now, "two positions share repetition key {key:016x}");
            if naive > 1 {
                repeated += 1;
            }
        }
    }
    // Equal positions have equal keys: each distinct position has exactly one key.
    let distinct: std::collections::HashSet<Full> = keys.values().copied().collect();
    assert_eq!(distinct.len(), keys.len());
    repeated
}

#[test]
fn repetitions_agree_with_a_naive_count() {
    let mut rng = Rng(333);
    let mut repeated = repeating_games(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        300,
        200,
        &mut rng,
    );
    for _ in 0..40 {
        repeated += repeating_games(&chess960_fen(rng.below(960)), 1, 200, &mut rng);
    }
    // Just after a double push whose en passant capture is pinned (the position recurs
    // although Polyglot marks en passant), is legal (it cannot recur), or is to come.
    for fen in [
        "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/2p1p3/8/3P4/8/8/8/4K3 b - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        repeated += repeating_games(fen, 30, 120, &mut rng);
    }
    assert!(repeated >= 10_000, "only {repeated} repeated positions");
}
