//! Horde (`--features variant`): every horde line of the variant suites of
//! `../shared/data/variants/` (`horde.perft`, and the `variant horde` sections of the
//! Fairy-Stockfish and multi-variant Stockfish files), and differential tests against
//! shakmaty's horde: random games from the start and from the suite positions (move sets,
//! the position after every move, checks, game ends, outcomes, insufficient material), and
//! random sparse positions, where the horde's insufficient material decides.
//!
//! `cargo test` runs the suite lines up to a node cap and a few thousand positions;
//! `cargo test -- --ignored horde` runs every line at full depth and more than 100,000
//! positions. Missing data skips with one line (fails under `CI=true`).

use quadboard_chess::variant::{
    perft, perft_by_variant_moves, AnyVariant, Horde, Variant, VariantOutcome, VariantPosition,
    VariantTermination,
};
use quadboard_chess::{Color, Termination};

use crate::common::{variant_data_dir, Rng};
use crate::variant::{compare, random_games, random_games_from, shakmaty_position, suite_entries};

/// Runs every horde suite line of `max_nodes` nodes or fewer, through [`Horde`] and through
/// [`AnyVariant`]; returns the lines run.
fn run_horde_suites(max_nodes: u64) -> usize {
    let mut ran = 0;
    let mut failures = Vec::new();
    for entry in suite_entries() {
        if entry.variant != Variant::Horde {
            continue;
        }
        let pos = Horde::from_fen(&entry.fen)
            .unwrap_or_else(|e| panic!("{}:{} {}: {e}", entry.file, entry.line, entry.fen));
        let any = AnyVariant::from_fen(Variant::Horde, &entry.fen).expect("read as Horde");
        for &(depth, nodes) in &entry.counts {
            if nodes > max_nodes {
                continue;
            }
            ran += 1;
            let got = perft(&pos, depth);
            if got != nodes || any.perft(depth) != nodes {
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
fn horde_suites_capped() {
    let ran = run_horde_suites(300_000);
    if variant_data_dir().is_some() {
        // horde.perft's 12 lines and Fairy-Stockfish's 2; multi-variant Stockfish's depth 6
        // (5.4 million nodes) waits for the full run.
        assert_eq!(ran, 14, "horde suite lines run");
    }
}

#[test]
#[ignore = "every horde line at full depth: a few seconds"]
fn horde_suites_full() {
    let ran = run_horde_suites(u64::MAX);
    if variant_data_dir().is_some() {
        assert_eq!(ran, 15, "horde suite lines run");
    }
}

/// The suite positions read and write back to the same position, and the start position is
/// python-chess's `starting_fen`.
#[test]
fn horde_fens_round_trip() {
    assert_eq!(Horde::new().to_fen(), Variant::Horde.start_fen());
    for entry in suite_entries() {
        if entry.variant == Variant::Horde {
            let pos = Horde::from_fen(&entry.fen).unwrap();
            assert_eq!(
                Horde::from_fen(&pos.to_fen()).unwrap(),
                pos,
                "{}",
                entry.fen
            );
        }
    }
}

#[test]
fn horde_against_shakmaty() {
    let (checked, endings) = random_games::<Horde>(12, 400, 0x40de);
    assert!(checked > 3_000, "{checked}");
    assert!(endings.unfinished < 12, "{endings:?}");
}

#[test]
#[ignore = "more than 100,000 positions of random horde games: a minute or two"]
fn horde_many_games_against_shakmaty() {
    let mut checked = 0;
    let mut variant_endings = 0;
    for seed in 0..8 {
        let (n, endings) = random_games::<Horde>(50, 600, seed);
        checked += n;
        variant_endings += endings.variant;
    }
    assert!(checked > 100_000, "{checked}");
    assert!(variant_endings > 0, "no game took the whole horde");
}

/// Short random games from every horde suite position (a black king among white pawns on
/// the first rank, en passant squares), checked as the games from the start are.
#[test]
fn horde_games_from_suite_positions_against_shakmaty() {
    let mut checked = 0;
    for (i, entry) in suite_entries().iter().enumerate() {
        if entry.variant == Variant::Horde {
            checked += random_games_from::<Horde>(&entry.fen, 8, 80, 0x40 + i as u64).0;
        }
    }
    if variant_data_dir().is_some() {
        assert!(checked > 1_000, "{checked}");
    }
}

/// A random horde position with little material: a black king with up to five pieces,
/// white with one to four, on random squares; `None` when the placement is not legal.
fn sparse_position(rng: &mut Rng) -> Option<String> {
    let mut board = [None::<char>; 64];
    let mut place = |rng: &mut Rng, piece: char| {
        for _ in 0..20 {
            let square = rng.below(64);
            let rank = square / 8;
            let pawn_bad = match piece {
                'P' => rank == 7,
                'p' => rank == 0 || rank == 7,
                _ => false,
            };
            if board[square].is_none() && !pawn_bad {
                board[square] = Some(piece);
                return;
            }
        }
    };
    place(rng, 'k');
    let roles = ['p', 'n', 'b', 'r', 'q'];
    for _ in 0..rng.below(6) {
        let piece = roles[rng.below(roles.len())];
        place(rng, piece);
    }
    for _ in 0..1 + rng.below(4) {
        let piece = roles[rng.below(roles.len())].to_ascii_uppercase();
        place(rng, piece);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if rng.below(2) == 0 {
        " w - - 0 1"
    } else {
        " b - - 0 1"
    });
    Horde::from_fen(&fen).ok().map(|_| fen)
}

/// Insufficient material is python-chess's long table (shakmaty's port of it is the oracle
/// here): random positions of few pieces reach its branches, which games almost never do.
/// Each position is compared in full (moves, checks, outcome) and played on a little.
#[test]
fn horde_sparse_positions_against_shakmaty() {
    let mut rng = Rng(0x5ba5e);
    let (mut positions, mut insufficient) = (0, 0);
    while positions < 3_000 {
        let Some(fen) = sparse_position(&mut rng) else {
            continue;
        };
        positions += 1;
        let pos = Horde::from_fen(&fen).unwrap();
        compare(&pos, &shakmaty_position(Variant::Horde, &fen), "-");
        insufficient += usize::from(pos.has_insufficient_material(Color::White));
        assert!(!pos.has_insufficient_material(Color::Black), "{fen}");
        if positions % 10 == 0 {
            random_games_from::<Horde>(&fen, 1, 20, positions as u64);
        }
    }
    // Both answers must be common for the comparison to mean something.
    assert!(
        (300..2_700).contains(&insufficient),
        "{insufficient} of {positions}"
    );
}

#[test]
#[ignore = "a hundred thousand sparse positions: a minute"]
fn horde_many_sparse_positions_against_shakmaty() {
    let mut rng = Rng(0x5ba5e5);
    let mut positions = 0;
    while positions < 100_000 {
        if let Some(fen) = sparse_position(&mut rng) {
            positions += 1;
            let pos = Horde::from_fen(&fen).unwrap();
            compare(&pos, &shakmaty_position(Variant::Horde, &fen), "-");
        }
    }
}

/// Endings, compared with shakmaty and with the outcome python-chess gives.
#[test]
fn horde_endings() {
    use VariantTermination::{Chess, VariantLoss, VariantWin};
    fn check(fen: &str, expected: Option<(VariantTermination, Option<Color>)>) {
        let ours = Horde::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&ours, &shakmaty_position(Variant::Horde, fen), "-");
        let got = ours
            .outcome()
            .map(|o: VariantOutcome| (o.termination, o.winner));
        assert_eq!(got, expected, "{fen}");
    }
    let (white, black) = (Some(Color::White), Some(Color::Black));
    // The horde taken to the last pawn: black wins.
    check("4k3/8/8/8/8/8/8/8 w - - 0 1", Some((VariantLoss, black)));
    // Black to move with the horde gone (no game gets here): black has won.
    let gone = Horde::from_fen("4k3/8/8/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(gone.legal_moves().is_empty() && gone.is_variant_end());
    assert_eq!(
        gone.outcome().map(|o| (o.termination, o.winner)),
        Some((VariantWin, black))
    );
    // Black mated by the horde.
    check(
        "k7/PP6/1PP5/8/8/8/8/8 b - - 0 1",
        Some((Chess(Termination::Checkmate), white)),
    );
    // Black stalemated, and white stalemated: its pawns blocked.
    check(
        "k7/2P5/1PP5/8/8/8/8/8 b - - 0 1",
        Some((Chess(Termination::Stalemate), None)),
    );
    check(
        "4k3/8/8/8/8/8/p7/P7 w - - 0 1",
        Some((Chess(Termination::Stalemate), None)),
    );
    // A lone knight cannot mate a bare king; the game goes on, drawn only by a claim.
    let knight = Horde::from_fen("4k3/8/8/8/8/8/8/N7 w - - 0 1").unwrap();
    assert!(knight.has_insufficient_material(Color::White));
    assert!(!knight.is_insufficient_material());
    check("4k3/8/8/8/8/8/8/N7 w - - 0 1", None);
    check("4k3/8/8/8/8/8/8/NN6 w - - 0 1", None);
}

/// The first rank's double step: legal over two empty squares, and without an en passant
/// square; the second rank's sets one, and black may take.
#[test]
fn horde_double_steps() {
    let pos = Horde::from_fen("4k3/8/8/8/8/8/8/P7 w - - 0 1").unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.to_uci(m)).collect();
    assert_eq!(moves, ["a1a2", "a1a3"]);
    let after = pos.play(pos.parse_uci("a1a3").unwrap()).unwrap();
    assert_eq!(after.ep_square(), None);
    let blocked = Horde::from_fen("4k3/8/8/8/8/p7/8/P7 w - - 0 1").unwrap();
    assert_eq!(blocked.legal_moves().len(), 1);
    let pos = Horde::from_fen("4k3/8/8/8/1p6/8/P7/8 w - - 0 1").unwrap();
    let after = pos.play(pos.parse_uci("a2a4").unwrap()).unwrap();
    assert_eq!(after.ep_square().map(|s| s.to_string()), Some("a3".into()));
    assert!(after.parse_uci("b4a3").is_ok());
}

/// Positions horde refuses, with the reason in the error.
#[test]
fn horde_refuses_what_its_rules_forbid() {
    for (fen, expected) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white has a king"),
        ("8/8/8/8/8/8/8/PPPP4 w - - 0 1", "no king"),
        ("4k2k/8/8/8/8/8/8/P7 w - - 0 1", "more than one king"),
        ("P3k3/8/8/8/8/8/8/8 w - - 0 1", "eighth rank"),
        ("4k3/8/8/8/8/8/8/p7 w - - 0 1", "black pawns"),
        ("4k3/8/8/8/8/8/8/P6R w K - 0 1", "castling"),
        ("4k3/3P4/8/8/8/8/8/8 w - - 0 1", "check"),
        ("4k3/8/8/8/8/8/8/P7 w - - 3+3 0 1", "not a field"),
        ("4k3/8/8/8/8/8/8/P7 w - a6 0 1", "en passant"),
        ("4k3/pppppppp/pppppppp/8/8/8/8/P7 w - - 0 1", "material"),
        (
            "rnbqkbnr/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
            "36",
        ),
    ] {
        let error = Horde::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
}

/// Perft's bulk count of the last two plies (black's moves made on the placement alone)
/// equals the expansion by the legal move list and make-move, along random games from the
/// start and from sparse positions (black's promotions, castling, en passant).
#[test]
fn horde_bulk_perft_is_exact() {
    let mut rng = Rng(0xb01c);
    let mut compared = 0;
    let mut starts = vec![Variant::Horde.start_fen().to_owned()];
    starts.extend(
        suite_entries()
            .into_iter()
            .filter(|e| e.variant == Variant::Horde)
            .map(|e| e.fen),
    );
    while starts.len() < 40 {
        if let Some(fen) = sparse_position(&mut rng) {
            starts.push(fen);
        }
    }
    for start in &starts {
        let mut pos = Horde::from_fen(start).unwrap();
        for ply in 0..120 {
            if ply % 3 == 0 {
                for depth in 1..=3 {
                    assert_eq!(
                        perft(&pos, depth),
                        perft_by_variant_moves(&pos, depth),
                        "{} depth {depth}",
                        pos.to_fen()
                    );
                    compared += 1;
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(compared > 1_000, "{compared}");
    assert_eq!(perft(&Horde::new(), 3), 1_274);
}

/// Mangled horde FENs never panic: a position read generates, plays, ends and writes a FEN
/// that reads back.
#[test]
fn horde_mangled_fens_do_not_panic() {
    let mut fens = vec![Variant::Horde.start_fen().to_owned()];
    fens.extend(
        suite_entries()
            .into_iter()
            .filter(|e| e.variant == Variant::Horde)
            .map(|e| e.fen),
    );
    let alphabet = b"pnbrqkPNBRQK12345678/ wb0123456789KQkqABCDEFGHaceh-";
    let mut rng = Rng(0xbad);
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
        let Ok(pos) = Horde::from_fen(&fen) else {
            continue;
        };
        read += 1;
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
        for &m in moves.iter() {
            let _ = pos.play(m).unwrap().outcome();
        }
        Horde::from_fen(&pos.to_fen()).unwrap_or_else(|e| panic!("{fen}: {e}"));
    }
    assert!(read > 40, "{read}");
}
