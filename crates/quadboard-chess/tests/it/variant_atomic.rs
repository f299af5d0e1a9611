//! Atomic chess (`--features variant`): every atomic line of the variant perft suites of
//! `../shared/data/variants/`, and a differential test against shakmaty's `Atomic` along
//! random games (legal moves as UCI, the position after every move, check, game end,
//! insufficient material, outcome), from the start, from Chess960 starts and from the suite
//! positions.
//!
//! `cargo test` runs the suite lines up to a node cap and a few thousand positions of
//! random games; `cargo test -- --ignored atomic` runs every line at full depth and over
//! 100,000 positions. Missing data skips with one line (fails under `CI=true`).

use std::collections::BTreeSet;

use quadboard_chess::variant::{
    perft, Atomic, Variant, VariantOutcome, VariantPosition, VariantTermination,
};
use quadboard_chess::{CastlingMode, Color};
use shakmaty::fen::Fen;
use shakmaty::variant::VariantPosition as Theirs;
use shakmaty::{EnPassantMode, Position as _};

use super::variant::{shakmaty_position, suite_entries, their_fen, winner};
use crate::common::{chess960_fen, variant_data_dir, Rng};

/// Runs every atomic suite line (of every file: `variant atomic` sections too) of at most
/// `max_nodes`; returns the lines run.
fn run_atomic_suites(max_nodes: u64) -> usize {
    let mut ran = 0;
    let mut failures = Vec::new();
    for entry in suite_entries() {
        if entry.variant != Variant::Atomic {
            continue;
        }
        let pos = Atomic::from_fen(&entry.fen)
            .unwrap_or_else(|e| panic!("{}:{} {}: {e}", entry.file, entry.line, entry.fen));
        for &(depth, nodes) in &entry.counts {
            if nodes > max_nodes {
                continue;
            }
            ran += 1;
            let got = perft(&pos, depth);
            if got != nodes {
                failures.push(format!(
                    "{}:{} {} depth {depth}: expected {nodes}, got {got}",
                    entry.file, entry.line, entry.fen
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn atomic_suites_capped() {
    let ran = run_atomic_suites(300_000);
    if variant_data_dir().is_some() {
        // Of the 37 atomic lines (atomic.perft 31, chessops 3, Fairy-Stockfish 2,
        // multi-variant Stockfish 1), those of 300,000 nodes or fewer.
        assert_eq!(ran, 30, "atomic suite lines run");
    }
}

#[test]
#[ignore = "every atomic line at full depth: about 15 million nodes"]
fn atomic_suites_full() {
    let ran = run_atomic_suites(u64::MAX);
    if variant_data_dir().is_some() {
        assert_eq!(ran, 37, "atomic suite lines run");
    }
}

/// shakmaty's FEN of its position, but for the castling rights of a side whose king was
/// taken outright, which shakmaty keeps (it drops them only for a king caught in a blast)
/// and which no FEN can hold: python-chess's FEN drops them, as this library does.
fn their_clean_fen(theirs: &Theirs) -> String {
    let mut setup = theirs.to_setup(EnPassantMode::Legal);
    for color in shakmaty::Color::ALL {
        if setup.board.king_of(color).is_none() {
            setup.castling_rights &= !shakmaty::Bitboard::from(color.backrank());
        }
    }
    Fen::try_from_setup(setup)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .to_string()
}

/// Compares one position with shakmaty's; returns the legal moves as UCI.
fn compare(ours: &Atomic, theirs: &Theirs, last: &str) -> Vec<String> {
    let fen = format!("{} (after {last})", ours.to_fen());
    let fen = fen.as_str();
    // Our FEN, read by shakmaty, is shakmaty's position (which writes it its way).
    let reread = shakmaty_position(Variant::Atomic, &ours.to_fen());
    assert_eq!(their_fen(&reread), their_clean_fen(theirs), "{fen}");
    assert_eq!(ours.is_check(), theirs.is_check(), "{fen}");
    assert_eq!(ours.is_variant_end(), theirs.is_variant_end(), "{fen}");
    for (color, theirs_color) in [
        (Color::White, shakmaty::Color::White),
        (Color::Black, shakmaty::Color::Black),
    ] {
        assert_eq!(
            ours.has_insufficient_material(color),
            theirs.has_insufficient_material(theirs_color),
            "{fen}: insufficient material of {color:?}"
        );
    }
    // shakmaty has no seventy-five-move rule; python-chess's order names the ending.
    if ours.halfmoves() < 150 {
        let outcome = ours.outcome();
        assert_eq!(
            outcome.map(|o| o.winner),
            winner(theirs.outcome()),
            "{fen}: {outcome:?}"
        );
    }
    let moves = ours.legal_moves();
    let our_uci: BTreeSet<String> = moves.iter().map(|&m| ours.to_uci(m)).collect();
    assert_eq!(our_uci.len(), moves.len(), "{fen}: duplicate moves");
    let mode = match ours.castling_mode() {
        CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
    };
    let their_uci: BTreeSet<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect();
    assert_eq!(our_uci, their_uci, "{fen}");
    assert_eq!(ours.count_legal_moves(), moves.len() as u64, "{fen}");
    moves.iter().map(|&m| ours.to_uci(m)).collect()
}

/// How the games ended: the differential test must reach explosions of kings.
#[derive(Default, Debug)]
struct Endings {
    exploded: usize,
    chess: usize,
    unfinished: usize,
}

/// Plays `games` random games from `start`, at most `plies` each, checking every position
/// against shakmaty; returns the positions checked.
fn random_games(
    start: &str,
    games: usize,
    plies: usize,
    seed: u64,
    endings: &mut Endings,
) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut ours = Atomic::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        let mut theirs = shakmaty_position(Variant::Atomic, start);
        let mut last = String::from("-");
        for _ in 0..plies {
            let moves = compare(&ours, &theirs, &last);
            checked += 1;
            if moves.is_empty() {
                break;
            }
            let uci = &moves[rng.below(moves.len())];
            let m = ours.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
            let their_move = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap_or_else(|e| panic!("{}: {uci}: {e}", ours.to_fen()));
            ours = ours.play(m).unwrap_or_else(|e| panic!("{e}"));
            theirs.play_unchecked(their_move);
            last.clone_from(uci);
        }
        match ours.outcome().map(|o| o.termination) {
            None => endings.unfinished += 1,
            Some(VariantTermination::Chess(_)) => endings.chess += 1,
            Some(_) => endings.exploded += 1,
        }
    }
    checked
}

#[test]
fn atomic_against_shakmaty() {
    let mut endings = Endings::default();
    let checked = random_games(Variant::Atomic.start_fen(), 60, 300, 0xa70, &mut endings);
    assert!(checked > 2_000, "{checked}");
    assert!(endings.exploded > 30 && endings.chess > 0, "{endings:?}");
}

#[test]
#[ignore = "over 100,000 positions: a few minutes"]
fn atomic_many_games_against_shakmaty() {
    let mut endings = Endings::default();
    let mut checked = 0;
    for seed in 0..4 {
        checked += random_games(Variant::Atomic.start_fen(), 1_000, 300, seed, &mut endings);
    }
    let mut rng = Rng(0x960a);
    for i in 0..400 {
        let start = chess960_fen(rng.below(960));
        checked += random_games(&start, 2, 300, i, &mut endings);
    }
    for (i, entry) in suite_entries().iter().enumerate() {
        if entry.variant == Variant::Atomic {
            checked += random_games(&entry.fen, 100, 200, i as u64, &mut endings);
        }
    }
    eprintln!("atomic: {checked} positions compared with shakmaty, endings {endings:?}");
    assert!(checked > 100_000, "{checked}");
}

/// Random games from random Chess960 starts (python-chess plays atomic from them):
/// castling written king-takes-rook, as shakmaty writes it in Chess960 mode.
#[test]
fn atomic_chess960_games_against_shakmaty() {
    let mut rng = Rng(0x960);
    let mut endings = Endings::default();
    let mut checked = 0;
    for i in 0..16 {
        let start = chess960_fen(rng.below(960));
        checked += random_games(&start, 1, 200, 0x960 + i, &mut endings);
    }
    assert!(checked > 500, "{checked}");
}

/// Short random games from every atomic suite position (castling next to the other king,
/// touching kings), checked as the games from the start are.
#[test]
fn atomic_games_from_suite_positions_against_shakmaty() {
    let mut endings = Endings::default();
    let mut checked = 0;
    for (i, entry) in suite_entries().iter().enumerate() {
        if entry.variant == Variant::Atomic {
            checked += random_games(&entry.fen, 6, 80, 0xa75 + i as u64, &mut endings);
        }
    }
    if variant_data_dir().is_some() {
        assert!(checked > 500, "{checked}");
    }
}

/// The rules that random games rarely reach, each compared with shakmaty and with the
/// fact it stands for.
#[test]
fn atomic_rules_against_shakmaty() {
    fn pos(fen: &str) -> Atomic {
        let ours = Atomic::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&ours, &shakmaty_position(Variant::Atomic, fen), "-");
        ours
    }
    fn has(fen: &str, uci: &str) -> bool {
        let p = pos(fen);
        p.legal_moves().iter().any(|&m| p.to_uci(m) == uci)
    }
    // Touching kings: no check from the rook behind; the king may step next to the other
    // king onto a square the rook attacks, not onto one away from it.
    let touching = "5r2/8/8/8/8/8/3k4/4K3 w - - 0 1";
    assert!(!pos(touching).is_check());
    assert!(has(touching, "e1e2"));
    assert!(!has(touching, "e1f2") && !has(touching, "e1f1"));
    // A capture next to one's own king explodes it: illegal.
    assert!(!has("4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "d1d2"));
    // A capture next to theirs wins, though our king stays in check.
    let win = "4k3/3p4/8/8/8/8/8/3QK2r w - - 0 1";
    let p = pos(win);
    assert!(p.is_check());
    let after = p.play(p.parse_uci("d1d7").unwrap()).unwrap();
    compare(
        &after,
        &shakmaty_position(Variant::Atomic, &after.to_fen()),
        "d1d7",
    );
    assert_eq!(
        after.outcome(),
        Some(VariantOutcome {
            termination: VariantTermination::VariantLoss,
            winner: Some(Color::White)
        })
    );
    // En passant explodes around the square the pawn lands on: the knight on b6 goes,
    // the pawn on b7 stays.
    let ep = pos("4k3/1p6/1n6/2pP4/8/8/8/4K3 w - c6 0 2");
    let after = ep.play(ep.parse_uci("d5c6").unwrap()).unwrap();
    assert_eq!(after.to_fen(), "4k3/1p6/8/8/8/8/8/4K3 b - - 0 2");
    // Castling across an attacked square is illegal, unless the square is next to the
    // other king (here every square the king uses).
    assert!(!has("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1"));
    assert!(has("8/8/8/8/8/8/5k2/4K2R w K - 0 1", "e1g1"));
}

/// Insufficient material as python-chess defines it, each also compared with shakmaty.
#[test]
fn atomic_insufficient_material() {
    for (fen, white, black) in [
        // Bare kings; a bare king against anything.
        ("8/8/3k4/8/8/3K4/8/8 w - - 0 1", true, true),
        ("8/8/3k4/8/8/3K4/8/5Q2 w - - 0 1", false, true),
        // One minor piece or rook against a bare king cannot win; a queen or a pawn can.
        ("8/8/3k4/8/8/3K4/8/5N2 b - - 0 1", true, true),
        ("8/8/3k4/8/8/3K4/8/5R2 w - - 0 1", true, true),
        ("8/8/3k4/8/8/3K4/5P2/8 w - - 0 1", false, true),
        // Two knights cannot, three can; knight and bishop can.
        ("8/8/3k4/8/8/3K4/8/4NN2 w - - 0 1", true, true),
        ("8/8/3k4/8/8/3K4/8/3NNN2 w - - 0 1", false, true),
        ("8/8/3k4/8/8/3K4/8/4NB2 w - - 0 1", false, true),
        // Pieces on both sides: theirs may explode next to their king...
        ("8/8/3k4/3n4/8/3K4/8/4N3 w - - 0 1", false, false),
        // ...unless all are bishops that never meet: white's on light, black's on dark.
        ("8/8/3k4/2b5/8/3K4/8/5B2 w - - 0 1", true, true),
        ("8/8/3k4/3b4/8/3K4/8/5B2 w - - 0 1", false, false),
    ] {
        let ours = Atomic::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&ours, &shakmaty_position(Variant::Atomic, fen), "-");
        assert_eq!(
            (
                ours.has_insufficient_material(Color::White),
                ours.has_insufficient_material(Color::Black)
            ),
            (white, black),
            "{fen}"
        );
    }
}

/// Positions atomic refuses, with the reason in the error; and those it takes that chess
/// refuses.
#[test]
fn atomic_reads_its_own_rules() {
    for (fen, expected) in [
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "no king"),
        ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "in check"),
        ("4k3/8/8/8/8/8/8/4KP2 w - - 0 1", "pawns on the first"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", "not a field"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "not a field"),
    ] {
        let error = Atomic::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
    // The side to move without its king: the game is over, lost.
    let over = Atomic::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    assert!(over.legal_moves().is_empty() && over.is_variant_end());
    assert_eq!(over.outcome().unwrap().winner, Some(Color::Black));
    // Kings side by side, a rook "attacking" one of them.
    let touching = Atomic::from_fen("8/8/8/8/8/8/3k4/3RK3 b - - 0 1").unwrap();
    assert!(!touching.is_check());
    assert_eq!(Atomic::new().to_fen(), Variant::Atomic.start_fen());
}

/// Mangled FENs never panic: a position read generates, counts, plays every move and writes
/// a FEN that reads back.
#[test]
fn atomic_mangled_fens_do_not_panic() {
    let mut rng = Rng(0xa7f0);
    let mut fens: Vec<String> = vec![Variant::Atomic.start_fen().to_owned()];
    fens.extend(
        suite_entries()
            .into_iter()
            .filter(|e| e.variant == Variant::Atomic)
            .map(|e| e.fen),
    );
    let alphabet = b"pnbrqkPNBRQK12345678/ wb0123456789KQkqABCDEFGHaceh-";
    let mut read = 0;
    for round in 0..4_000 {
        let mut bytes = fens[round % fens.len()].clone().into_bytes();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[i] = alphabet[rng.below(alphabet.len())],
                1 => {
                    bytes.remove(i);
                }
                _ => bytes.insert(i, alphabet[rng.below(alphabet.len())]),
            }
            if bytes.is_empty() {
                break;
            }
        }
        let fen = String::from_utf8(bytes).unwrap();
        let Ok(pos) = Atomic::from_fen(&fen) else {
            continue;
        };
        read += 1;
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
        for &m in moves.iter() {
            let mut child = pos;
            child.play_unchecked(m);
            let _ = child.outcome();
            Atomic::from_fen(&child.to_fen())
                .unwrap_or_else(|e| panic!("{fen} -> {}: {e}", child.to_fen()));
        }
        Atomic::from_fen(&pos.to_fen())
            .unwrap_or_else(|e| panic!("{fen} -> {}: {e}", pos.to_fen()));
    }
    assert!(read > 50, "{read}");
}
