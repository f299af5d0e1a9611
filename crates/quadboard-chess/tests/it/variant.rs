//! The lichess variants (`--features variant`): the variant perft suites of
//! `../shared/data/variants/` and a differential test against shakmaty's `variant` module
//! along random games (move sets as UCI, the position after every move, game ends and
//! outcomes, insufficient material).
//!
//! `cargo test` runs every suite line up to a node cap and a few hundred games; `cargo test
//! -- --ignored variant` runs every line at full depth and thousands of games. Missing
//! data skips with one line (fails under `CI=true`).

use std::collections::BTreeSet;

use quadboard_chess::variant::{
    perft, Antichess, AnyVariant, Crazyhouse, KingOfTheHill, RacingKings, ThreeCheck, Variant,
    VariantOutcome, VariantPosition, VariantTermination,
};
use quadboard_chess::Color;
use shakmaty::fen::Fen;
use shakmaty::variant::VariantPosition as Theirs;
use shakmaty::{EnPassantMode, KnownOutcome, Outcome, Position as _};

use crate::common::{variant_data_dir, Rng};

/// One position of a variant suite.
pub(crate) struct Entry {
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) variant: Variant,
    pub(crate) fen: String,
    pub(crate) counts: Vec<(u32, u64)>,
}

/// Every entry of every suite file, its variant from `variant` lines or the file name.
pub(crate) fn suite_entries() -> Vec<Entry> {
    let Some(dir) = variant_data_dir() else {
        return Vec::new();
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 9,
        "expected the nine suites in {}",
        dir.display()
    );
    let mut entries = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut variant = Variant::from_name(path.file_stem().unwrap().to_str().unwrap());
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            match word {
                "variant" => {
                    variant = Some(
                        Variant::from_name(rest.trim())
                            .unwrap_or_else(|| panic!("{file}:{}: unknown variant", i + 1)),
                    )
                }
                "epd" => entries.push(Entry {
                    file: file.clone(),
                    line: i + 1,
                    variant: variant.unwrap_or_else(|| panic!("{file}:{}: no variant", i + 1)),
                    fen: rest.trim().to_owned(),
                    counts: Vec::new(),
                }),
                "perft" => {
                    let (d, n) = rest.trim().split_once(' ').expect("perft DEPTH NODES");
                    let entry = entries.last_mut().expect("perft after epd");
                    entry
                        .counts
                        .push((d.parse().unwrap(), n.trim().parse().unwrap()));
                }
                _ => {}
            }
        }
    }
    entries
}

/// Perft of a suite FEN in our implementation of `variant` (through [`AnyVariant`]),
/// `None` for a variant not done.
fn our_perft(variant: Variant, fen: &str, depth: u32) -> Option<Result<u64, String>> {
    let pos = AnyVariant::new(variant);
    assert_eq!(pos.to_fen(), variant.start_fen());
    Some(
        AnyVariant::from_fen(variant, fen)
            .map(|pos| pos.perft(depth))
            .map_err(|e| e.to_string()),
    )
}

/// Runs every suite line of a done variant up to `max_nodes`; returns the lines run.
fn run_suites(max_nodes: u64) -> usize {
    let mut ran = 0;
    let mut failures = Vec::new();
    for entry in suite_entries() {
        for &(depth, nodes) in &entry.counts {
            // Horde's lines run in `variant_horde.rs`.
            if nodes > max_nodes || entry.variant == Variant::Horde {
                continue;
            }
            let Some(got) = our_perft(entry.variant, &entry.fen, depth) else {
                continue;
            };
            ran += 1;
            match got {
                Ok(got) if got == nodes => {}
                got => failures.push(format!(
                    "{}:{} {} {} depth {depth}: expected {nodes}, got {got:?}",
                    entry.file, entry.line, entry.variant, entry.fen
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn variant_suites_capped() {
    let ran = run_suites(300_000);
    if variant_data_dir().is_some() {
        // Of the 110 lines of the six variants, those of 300,000 nodes or fewer.
        assert_eq!(ran, 92, "suite lines run");
    }
}

#[test]
#[ignore = "every line at full depth: about 20 seconds"]
fn variant_suites_full() {
    let ran = run_suites(u64::MAX);
    if variant_data_dir().is_some() {
        // 3check 6 + 2, racingkings 15 + 3, crazyhouse 18 + 3, king of the hill 2,
        // antichess 23 + 1, atomic 31 + 6.
        assert_eq!(ran, 110, "suite lines run");
    }
}

/// Every suite entry of a done variant reads, and its FEN reads back to the same position.
#[test]
fn variant_suite_fens_round_trip() {
    fn check<P: VariantPosition + PartialEq + std::fmt::Debug>(fen: &str) {
        let pos = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let again = P::from_fen(&pos.to_fen()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos, again, "{fen}");
    }
    for entry in suite_entries() {
        match entry.variant {
            Variant::KingOfTheHill => check::<KingOfTheHill>(&entry.fen),
            Variant::ThreeCheck => check::<ThreeCheck>(&entry.fen),
            Variant::Crazyhouse => check::<Crazyhouse>(&entry.fen),
            Variant::RacingKings => check::<RacingKings>(&entry.fen),
            Variant::Antichess => check::<Antichess>(&entry.fen),
            _ => {}
        }
    }
}

fn shakmaty_variant(v: Variant) -> shakmaty::variant::Variant {
    use shakmaty::variant::Variant as V;
    match v {
        Variant::Atomic => V::Atomic,
        Variant::Antichess => V::Antichess,
        Variant::Crazyhouse => V::Crazyhouse,
        Variant::Horde => V::Horde,
        Variant::KingOfTheHill => V::KingOfTheHill,
        Variant::RacingKings => V::RacingKings,
        Variant::ThreeCheck => V::ThreeCheck,
    }
}

pub(crate) fn shakmaty_position(v: Variant, fen: &str) -> Theirs {
    let setup = fen
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_setup();
    Theirs::from_setup(shakmaty_variant(v), setup, shakmaty::CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{v} {fen}: {e}"))
}

pub(super) fn their_fen(pos: &Theirs) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

pub(super) fn winner(outcome: Outcome) -> Option<Option<Color>> {
    match outcome {
        Outcome::Unknown => None,
        Outcome::Known(KnownOutcome::Draw) => Some(None),
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some(Some(match winner {
            shakmaty::Color::White => Color::White,
            shakmaty::Color::Black => Color::Black,
        })),
    }
}

/// Compares one position with shakmaty's; returns the legal moves as UCI.
pub(crate) fn compare<P: VariantPosition>(ours: &P, theirs: &Theirs, last: &str) -> Vec<String> {
    let fen = format!("{} (after {last})", ours.to_fen());
    let fen = fen.as_str();
    // Our FEN, read by shakmaty, is shakmaty's position (which writes it its way).
    let reread = shakmaty_position(P::VARIANT, &ours.to_fen());
    assert_eq!(their_fen(&reread), their_fen(theirs), "{fen}");
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
        quadboard_chess::CastlingMode::Standard => shakmaty::CastlingMode::Standard,
        quadboard_chess::CastlingMode::Chess960 => shakmaty::CastlingMode::Chess960,
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

/// Plays `games` random games of `P` from its start position, at most `plies` each,
/// checking every position against shakmaty; returns the positions checked and how many
/// games reached each kind of ending.
pub(crate) fn random_games<P: VariantPosition>(
    games: usize,
    plies: usize,
    seed: u64,
) -> (usize, Endings) {
    let start = P::VARIANT.start_fen();
    assert_eq!(P::new().to_fen(), start);
    random_games_from::<P>(start, games, plies, seed)
}

/// [`random_games`] from the position of `start`.
pub(crate) fn random_games_from<P: VariantPosition>(
    start: &str,
    games: usize,
    plies: usize,
    seed: u64,
) -> (usize, Endings) {
    let mut rng = Rng(seed);
    let mut checked = 0;
    let mut endings = Endings::default();
    for _ in 0..games {
        let mut ours = P::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        let mut theirs = shakmaty_position(P::VARIANT, start);
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
        endings.add(ours.outcome());
    }
    (checked, endings)
}

/// How many games ended how: the differential test must reach the variant's endings.
#[derive(Default, Debug)]
pub(crate) struct Endings {
    pub(crate) variant: usize,
    pub(crate) chess: usize,
    pub(crate) unfinished: usize,
}

impl Endings {
    fn add(&mut self, outcome: Option<VariantOutcome>) {
        match outcome.map(|o| o.termination) {
            None => self.unfinished += 1,
            Some(VariantTermination::Chess(_)) => self.chess += 1,
            Some(_) => self.variant += 1,
        }
    }
}

#[test]
fn variant_king_of_the_hill_against_shakmaty() {
    let (checked, endings) = random_games::<KingOfTheHill>(60, 300, 0x4b07);
    assert!(checked > 3_000, "{checked}");
    assert!(endings.variant > 20, "{endings:?}");
}

#[test]
fn variant_three_check_against_shakmaty() {
    let (checked, endings) = random_games::<ThreeCheck>(60, 300, 0x3c3c);
    assert!(checked > 2_000, "{checked}");
    assert!(endings.variant > 20, "{endings:?}");
}

#[test]
fn variant_crazyhouse_against_shakmaty() {
    let (checked, endings) = random_games::<Crazyhouse>(30, 200, 0x2a2a);
    assert!(checked > 3_000, "{checked}");
    assert!(endings.chess > 0, "{endings:?}");
}

#[test]
fn variant_racing_kings_against_shakmaty() {
    let (checked, endings) = random_games::<RacingKings>(60, 300, 0x5ace);
    assert!(checked > 2_000, "{checked}");
    assert!(endings.variant > 20, "{endings:?}");
}

#[test]
fn variant_antichess_against_shakmaty() {
    let (checked, endings) = random_games::<Antichess>(60, 300, 0xa7c1);
    assert!(checked > 2_000, "{checked}");
    assert!(endings.variant > 20, "{endings:?}");
}

#[test]
#[ignore = "thousands of games of each variant: a few minutes"]
fn variant_many_games_against_shakmaty() {
    for seed in 0..4 {
        random_games::<KingOfTheHill>(1_000, 300, seed);
        random_games::<ThreeCheck>(1_000, 300, seed);
        random_games::<Crazyhouse>(500, 300, seed);
        random_games::<RacingKings>(1_000, 300, seed);
        random_games::<Antichess>(1_000, 300, seed);
    }
}

/// Short random games from every suite position of a done variant (Chess960 castling,
/// pockets, promoted pieces, check counts of 1), checked as the games from the start are.
#[test]
fn variant_games_from_suite_positions_against_shakmaty() {
    let mut checked = 0;
    for (i, entry) in suite_entries().iter().enumerate() {
        let seed = 0x5e7 + i as u64;
        let (n, _) = match entry.variant {
            Variant::KingOfTheHill => random_games_from::<KingOfTheHill>(&entry.fen, 4, 60, seed),
            Variant::ThreeCheck => random_games_from::<ThreeCheck>(&entry.fen, 4, 60, seed),
            Variant::Crazyhouse => random_games_from::<Crazyhouse>(&entry.fen, 4, 60, seed),
            Variant::RacingKings => random_games_from::<RacingKings>(&entry.fen, 4, 60, seed),
            Variant::Antichess => random_games_from::<Antichess>(&entry.fen, 4, 60, seed),
            _ => continue,
        };
        checked += n;
    }
    if variant_data_dir().is_some() {
        assert!(checked > 1_000, "{checked}");
    }
}

/// Endings and material that random games rarely reach, each compared with shakmaty and
/// with the outcome python-chess gives.
#[test]
fn variant_endings_against_shakmaty() {
    use quadboard_chess::Termination::{InsufficientMaterial, Stalemate};
    use VariantTermination::{Chess, VariantDraw, VariantLoss, VariantWin};
    fn check<P: VariantPosition>(fen: &str, expected: Option<(VariantTermination, Option<Color>)>) {
        let ours = P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&ours, &shakmaty_position(P::VARIANT, fen), "-");
        let got = ours.outcome().map(|o| (o.termination, o.winner));
        assert_eq!(got, expected, "{fen}");
    }
    let (white, black) = (Some(Color::White), Some(Color::Black));
    // King of the hill: the king on the hill wins, whoever is to move.
    check::<KingOfTheHill>("8/8/8/4k3/8/8/8/K7 w - - 0 1", Some((VariantLoss, black)));
    check::<KingOfTheHill>("8/8/8/3K4/8/8/8/k7 w - - 0 1", Some((VariantWin, white)));
    check::<KingOfTheHill>("8/8/8/8/8/8/8/K6k w - - 0 1", None);
    // Three-check: the third check wins; a bare king cannot give one.
    check::<ThreeCheck>(
        "4k3/8/8/8/8/8/8/4K2R b K - 0+3 0 1",
        Some((VariantLoss, white)),
    );
    check::<ThreeCheck>(
        "4k3/8/8/8/8/8/8/4K2R w K - 0+2 0 1",
        Some((VariantWin, white)),
    );
    check::<ThreeCheck>(
        "4k3/8/8/8/8/8/8/4K3 w - - 1+1 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<ThreeCheck>("4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1", None);
    check::<ThreeCheck>("4k3/8/8/8/8/8/8/4KN2 w - - 0 1 +2+2", None);
    // Crazyhouse: three pieces or fewer, none of them a pawn, rook, queen or promoted.
    check::<Crazyhouse>(
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<Crazyhouse>(
        "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<Crazyhouse>(
        "4k3/8/8/8/8/8/8/4KB2[] w - - 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<Crazyhouse>("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1", None);
    check::<Crazyhouse>("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1", None);
    check::<Crazyhouse>("4k3/8/8/8/8/8/8/4KN~2[] w - - 0 1", None);
    check::<Crazyhouse>("4k3/8/8/8/8/8/8/3NKN2[] w - - 0 1", None);
    check::<Crazyhouse>(
        "k7/8/1Q6/8/8/8/8/7K[] b - - 0 1",
        Some((Chess(Stalemate), None)),
    );
    // Racing kings: black may follow white's king home (a draw) unless it cannot.
    check::<RacingKings>("4K3/8/8/8/8/8/k7/8 b - - 0 1", Some((VariantLoss, white)));
    check::<RacingKings>("4K3/k7/8/8/8/8/8/8 b - - 0 1", None);
    check::<RacingKings>("1R2K3/k7/8/8/8/8/8/8 b - - 0 1", None);
    check::<RacingKings>("2R1K3/k7/8/8/8/8/8/8 b - - 0 1", Some((VariantLoss, white)));
    check::<RacingKings>("k3K3/8/8/8/8/8/8/8 w - - 0 1", Some((VariantDraw, None)));
    check::<RacingKings>("k7/8/8/8/8/8/8/4K3 w - - 0 1", Some((VariantLoss, black)));
    check::<RacingKings>("4K3/8/8/8/8/8/8/k7 w - - 0 1", Some((VariantWin, white)));
    check::<RacingKings>("4K3/8/k7/8/8/8/8/8 b - - 0 1", Some((VariantLoss, white)));
    // Antichess: no pieces or no moves wins; bishops that can never meet are insufficient.
    check::<Antichess>("8/8/8/8/8/8/8/4K3 b - - 0 1", Some((VariantWin, black)));
    // The other side without pieces, which no game reaches: python-chess's variant end
    // leaves no legal move, so the side to move wins by stalemate; shakmaty plays on.
    let unreachable = Antichess::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(unreachable.legal_moves().is_empty());
    assert_eq!(
        unreachable.outcome().map(|o| (o.termination, o.winner)),
        Some((VariantWin, white))
    );
    check::<Antichess>("8/8/8/8/8/p7/P7/8 w - - 0 1", Some((VariantWin, white)));
    check::<Antichess>("8/8/8/8/8/8/b7/1B6 w - - 0 1", None);
    check::<Antichess>(
        "8/8/8/8/8/8/b7/B7 w - - 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<Antichess>(
        "8/8/8/8/8/8/b7/B6b w - - 0 1",
        Some((Chess(InsufficientMaterial), None)),
    );
    check::<Antichess>("8/8/8/8/8/8/b7/B5b1 w - - 0 1", None);
    check::<Antichess>("8/8/8/8/8/8/n7/N7 w - - 0 1", None);
    check::<Antichess>("8/8/8/8/8/8/n7/1N6 w - - 0 1", None);
    check::<Antichess>("8/8/8/8/8/8/n7/2N5 b - - 0 1", None);
    check::<Antichess>("8/8/8/8/3n4/8/8/N7 w - - 0 1", None);
    check::<Antichess>("8/8/8/8/3n4/8/8/N7 b - - 0 1", None);
    check::<Antichess>("8/8/8/8/3n4/8/8/1N6 w - - 0 1", None);
    check::<Antichess>("8/8/8/8/3n4/8/8/1N6 b - - 0 1", None);
    check::<Antichess>("8/8/8/8/3n4/8/8/1NN5 b - - 0 1", None);
}

/// Positions each variant refuses, with the reason in the error.
#[test]
fn variant_refuses_what_its_rules_forbid() {
    for (fen, expected) in [
        ("8/8/8/8/8/8/krbnNBRK/qrbnNBRP w - - 0 1", "pawns"),
        ("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w K - 0 1", "castling"),
        (
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 3+3 0 1",
            "check counts",
        ),
        ("7k/8/8/8/8/8/8/K5q1 w - - 0 1", "in check"),
        ("k3K3/8/8/8/8/8/8/8 b - - 0 1", "both kings"),
        ("4k3/8/8/8/8/8/8/NNNK4 w - - 0 1", "more pieces"),
    ] {
        let error = RacingKings::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
    for (fen, expected) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 4+0 0 1", "0 to 3"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "not a field"),
    ] {
        let error = ThreeCheck::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
    for (fen, expected) in [
        ("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "king"),
        ("4k3/8/8/8/8/8/8/4K3[x] w - - 0 1", "piece letters"),
        ("4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", "brackets"),
        ("4k3/8/8/8/8/8/8/~4K3[] w - - 0 1", "'~'"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - 3+3 0 1", "not a field"),
    ] {
        let error = Crazyhouse::from_fen(fen).unwrap_err().to_string();
        assert!(error.contains(expected), "{fen}: {error}");
    }
    let error = KingOfTheHill::from_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(error.to_string().contains("king"), "{error}");
}

/// Moves in UCI: drops, castling both ways, and errors that say what is wrong.
#[test]
fn variant_uci() {
    let zh = Crazyhouse::from_fen("4k3/8/8/8/8/8/8/R3K3[Pn] w Q - 0 1").unwrap();
    let drop = zh.parse_uci("P@e4").unwrap();
    assert_eq!(zh.to_uci(drop), "P@e4");
    assert!(
        zh.parse_uci("P@e8").is_err(),
        "a pawn dropped on the last rank"
    );
    assert!(
        zh.parse_uci("N@e4").is_err(),
        "black's knight dropped by white"
    );
    let castle = zh.parse_uci("e1c1").unwrap();
    assert_eq!(zh.parse_uci("e1a1"), Ok(castle));
    assert_eq!(zh.to_uci(castle), "e1c1");
    let after = zh.play(drop).unwrap();
    assert_eq!(after.to_fen(), "4k3/8/8/8/4P3/8/8/R3K3[n] b Q - 0 1");
    assert_eq!(
        after
            .pockets()
            .count(Color::White, quadboard_chess::Role::Pawn),
        0
    );
    assert!(matches!(
        zh.parse_uci("e2e4x"),
        Err(quadboard_chess::variant::VariantUciError::Syntax(_))
    ));
    assert!(matches!(
        zh.parse_uci("e2e4"),
        Err(quadboard_chess::variant::VariantUciError::Illegal(_))
    ));
}

/// The chess engine's shortcut in king of the hill, three-check and crazyhouse
/// (`perft_as_chess`) gives the count that the variant's own expansion gives, along random
/// games (kings near and far from the hill, check counts from 3 down to 1, pockets empty
/// with captures at hand and pockets that fill).
#[test]
fn variant_perft_shortcut_is_exact() {
    fn along<P: VariantPosition>(start: &str, seed: u64) -> usize {
        let mut rng = Rng(seed);
        let mut compared = 0;
        for _ in 0..6 {
            let mut pos = P::from_fen(start).unwrap();
            for _ in 0..40 {
                for depth in 2..=3 {
                    assert_eq!(
                        perft(&pos, depth),
                        quadboard_chess::variant::perft_by_variant_moves(&pos, depth),
                        "{} depth {depth}",
                        pos.to_fen()
                    );
                    compared += 1;
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        compared
    }
    assert!(along::<KingOfTheHill>(Variant::KingOfTheHill.start_fen(), 1) > 300);
    assert!(along::<ThreeCheck>(Variant::ThreeCheck.start_fen(), 2) > 300);
    assert!(
        along::<ThreeCheck>(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+2 0 1",
            3
        ) > 300
    );
    assert!(along::<Crazyhouse>(Variant::Crazyhouse.start_fen(), 4) > 300);
    // Both pockets empty, a capture at hand for each side: the capture's piece may be
    // dropped only on the side's second move, which perft 2 does not reach.
    let zh = Crazyhouse::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2")
        .unwrap();
    for depth in 2..=4 {
        assert_eq!(
            perft(&zh, depth),
            quadboard_chess::variant::perft_by_variant_moves(&zh, depth)
        );
    }
    // From the start the shortcut serves every child at depth 5.
    let koth = KingOfTheHill::new();
    assert_eq!(perft(&koth, 5), 4_865_609);
    assert_eq!(perft(&ThreeCheck::new(), 5), 4_865_609);
}

/// Mangled FENs never panic: each reader gives a position or an error, and a position it
/// gives generates, plays and writes a FEN that reads back.
#[test]
fn variant_mangled_fens_do_not_panic() {
    fn try_all<P: VariantPosition>(fen: &str) -> bool {
        let Ok(pos) = P::from_fen(fen) else {
            return false;
        };
        let moves = pos.legal_moves();
        assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
        for &m in moves.iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let _ = child.outcome();
        }
        P::from_fen(&pos.to_fen()).unwrap_or_else(|e| panic!("{fen} -> {}: {e}", pos.to_fen()));
        true
    }
    let mut rng = Rng(0xf00d);
    let mut fens: Vec<String> = Variant::ALL
        .iter()
        .map(|v| v.start_fen().to_owned())
        .collect();
    fens.extend(suite_entries().into_iter().map(|e| e.fen));
    let alphabet = b"pnbrqkPNBRQK12345678/[]~+- wb0123456789KQkqABCDEFGHaceh";
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
        read += usize::from(try_all::<KingOfTheHill>(&fen))
            + usize::from(try_all::<ThreeCheck>(&fen))
            + usize::from(try_all::<Crazyhouse>(&fen))
            + usize::from(try_all::<RacingKings>(&fen))
            + usize::from(try_all::<Antichess>(&fen));
    }
    assert!(read > 100, "{read}");
}

/// Random games from random Chess960 starts in the variants that python-chess plays from
/// them (castling written king-takes-rook, as shakmaty writes it in Chess960 mode).
#[test]
fn variant_chess960_games_against_shakmaty() {
    let mut rng = Rng(0x960);
    let mut checked = 0;
    for i in 0..24 {
        let fen = crate::common::chess960_fen(rng.below(960));
        let (board, rest) = fen.split_once(' ').unwrap();
        let fields: Vec<&str> = rest.split(' ').collect();
        let seed = 0x960 + i;
        checked += match i % 4 {
            0 => random_games_from::<KingOfTheHill>(&fen, 1, 120, seed).0,
            1 => {
                let three = format!("{board} {} {} {} 3+3 0 1", fields[0], fields[1], fields[2]);
                random_games_from::<ThreeCheck>(&three, 1, 120, seed).0
            }
            2 => random_games_from::<Crazyhouse>(&format!("{board}[] {rest}"), 1, 120, seed).0,
            _ => {
                let anti = format!("{board} {} - {} 0 1", fields[0], fields[2]);
                random_games_from::<Antichess>(&anti, 1, 120, seed).0
            }
        };
    }
    assert!(checked > 1_000, "{checked}");
}
