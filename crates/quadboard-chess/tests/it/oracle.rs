//! Differential test against shakmaty: along random games from the standard start and
//! from random Chess960 starts, both libraries must list the same legal moves, reach the
//! same positions after every one of them, and agree on the Polyglot key.

use std::collections::BTreeMap;

use quadboard_chess::{CastlingMode, Position};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Position as _};

use crate::common::{chess960_fen, Rng};

fn shakmaty_position(fen: &str, mode: shakmaty::CastlingMode) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(mode)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts that the two positions are the same and returns their moves keyed by UCI.
fn compare(
    ours: &Position,
    theirs: &Chess,
    mode: shakmaty::CastlingMode,
) -> BTreeMap<String, (quadboard_chess::Move, shakmaty::Move)> {
    let fen = ours.to_fen();
    // Our FEN reads back in shakmaty as the same position.
    let reread = shakmaty_position(&fen, mode);
    assert_eq!(
        Fen::from_position(&reread, EnPassantMode::Legal).to_string(),
        Fen::from_position(theirs, EnPassantMode::Legal).to_string(),
        "{fen}"
    );
    assert_eq!(
        u64::from(theirs.castles().castling_rights()),
        ours.castling_rooks().0,
        "{fen}"
    );
    let key: Zobrist64 = theirs.zobrist_hash(EnPassantMode::PseudoLegal);
    assert_eq!(ours.key(), key.0, "{fen}");
    assert_eq!(ours.is_check(), theirs.is_check(), "{fen}");

    let mut our_moves: BTreeMap<String, quadboard_chess::Move> = BTreeMap::new();
    for &m in ours.legal_moves().iter() {
        assert!(
            our_moves.insert(ours.to_uci(m).to_string(), m).is_none(),
            "{fen}: duplicate {m:?}"
        );
    }
    let mut their_moves: BTreeMap<String, shakmaty::Move> = BTreeMap::new();
    for m in theirs.legal_moves() {
        their_moves.insert(m.to_uci(mode).to_string(), m);
    }
    assert_eq!(
        our_moves.keys().collect::<Vec<_>>(),
        their_moves.keys().collect::<Vec<_>>(),
        "{fen}"
    );
    assert_eq!(ours.count_legal_moves(), our_moves.len() as u64, "{fen}");
    our_moves
        .into_iter()
        .map(|(uci, m)| {
            let theirs = their_moves[&uci];
            (uci, (m, theirs))
        })
        .collect()
}

/// Plays random games from `start`, checking every position and every child; returns the
/// number of positions checked.
fn random_games(start: &str, chess960: bool, games: usize, plies: usize, rng: &mut Rng) -> usize {
    let mode = if chess960 {
        shakmaty::CastlingMode::Chess960
    } else {
        shakmaty::CastlingMode::Standard
    };
    let mut checked = 0;
    for _ in 0..games {
        let mut ours = Position::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        if chess960 {
            ours.set_castling_mode(CastlingMode::Chess960);
        }
        let mut theirs = shakmaty_position(start, mode);
        for _ in 0..plies {
            let moves = compare(&ours, &theirs, mode);
            checked += 1;
            if moves.is_empty() {
                break;
            }
            // Every child: same key and placement in both.
            for (uci, &(m, sm)) in &moves {
                let child = ours.play(m).unwrap();
                let mut their_child = theirs.clone();
                their_child.play_unchecked(sm);
                let key: Zobrist64 = their_child.zobrist_hash(EnPassantMode::PseudoLegal);
                assert_eq!(child.key(), key.0, "{} after {uci}", ours.to_fen());
                assert_eq!(
                    child.key(),
                    child.compute_key(),
                    "{} after {uci}",
                    ours.to_fen()
                );
                assert_eq!(
                    u64::from(their_child.board().occupied()),
                    child.board().occupied().0,
                    "{} after {uci}",
                    ours.to_fen()
                );
            }
            let (_, &(m, sm)) = moves.iter().nth(rng.below(moves.len())).unwrap();
            ours.play_unchecked(m);
            theirs.play_unchecked(sm);
        }
    }
    checked
}

#[test]
fn agrees_with_shakmaty_from_the_start_position() {
    let mut rng = Rng(2026);
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let checked = random_games(start, false, 400, 300, &mut rng);
    assert!(checked >= 60_000, "{checked} positions");
}

#[test]
fn agrees_with_shakmaty_from_chess960_starts() {
    let mut rng = Rng(960);
    let mut checked = 0;
    for _ in 0..240 {
        let fen = chess960_fen(rng.below(960));
        checked += random_games(&fen, true, 1, 300, &mut rng);
    }
    assert!(checked >= 40_000, "{checked} positions");
}

/// Positions rich in castling, en passant and promotions, from the perft literature.
#[test]
fn agrees_with_shakmaty_from_tricky_positions() {
    let mut rng = Rng(7);
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3",
        "8/5k2/8/2Pp4/2B5/1K6/8/8 w - d6 0 1",
    ] {
        random_games(fen, false, 20, 200, &mut rng);
    }
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    ] {
        random_games(fen, true, 20, 200, &mut rng);
    }
}
