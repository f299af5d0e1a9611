//! Variant SAN (`--features variant`) against shakmaty's `San` and `SanPlus`, along random
//! games of every variant done: every legal move of every position written by both and
//! read back by both.
//!
//! The suffix is python-chess's rule (`#` after a variant win or loss, else chess's `#` or
//! `+`), which shakmaty 0.30 shares (its `#` follows any decisive outcome); the test checks
//! both that rule and shakmaty's text.
//!
//! `cargo test` checks a few thousand positions; `cargo test -- --ignored variant_san`
//! checks more than 100,000.

use quadboard_chess::variant::{
    Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck, Variant,
    VariantMove, VariantMoveKind, VariantPosition, VariantSan, VariantTermination,
};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::variant::VariantPosition as Theirs;
use shakmaty::Position as _;

use crate::common::Rng;

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

fn shakmaty_position(v: Variant, fen: &str) -> Theirs {
    let setup = fen
        .parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_setup();
    Theirs::from_setup(shakmaty_variant(v), setup, shakmaty::CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{v} {fen}: {e}"))
}

/// What the positions checked contained, so that a test can insist on reaching each kind
/// of move.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    drops: usize,
    king_promotions: usize,
    disambiguated: usize,
    castles: usize,
    variant_mates: usize,
    checks: usize,
}

/// Checks every legal move of `ours` (shakmaty's `theirs` the same position) both ways.
fn check_position<P: VariantPosition>(ours: &P, theirs: &Theirs, seen: &mut Seen) {
    let fen = ours.to_fen();
    seen.positions += 1;
    for &m in ours.legal_moves().iter() {
        let uci = ours.to_uci(m);
        let their_move = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(theirs)
            .unwrap_or_else(|e| panic!("{fen}: {uci}: {e}"));
        let plain = VariantSan::from_move(ours, m).to_string();
        let their_plain = San::from_move(theirs, their_move).to_string();
        assert_eq!(plain, their_plain, "{fen}: {uci}");
        let written = ours.to_san(m);
        let written = written.as_str();
        let their_written = SanPlus::from_move(theirs.clone(), their_move).to_string();

        // The suffix: python-chess's `#` for a variant win or loss, else chess's, which
        // is shakmaty's.
        let mut child = ours.clone();
        child.play_unchecked(m);
        let chess_suffix = match (child.is_check(), child.count_legal_moves()) {
            (false, _) => "",
            (true, 0) => "#",
            (true, _) => "+",
        };
        let variant_mate = child.variant_outcome().is_some_and(|o| {
            matches!(
                o.termination,
                VariantTermination::VariantWin | VariantTermination::VariantLoss
            )
        });
        let suffix = if variant_mate { "#" } else { chess_suffix };
        assert_eq!(written, format!("{plain}{suffix}"), "{fen}: {uci}");
        assert_eq!(written, their_written, "{fen}: {uci}");

        // Read back by both, with and without suffix.
        for text in [written, plain.as_str(), their_written.as_str()] {
            assert_eq!(ours.parse_san(text), Ok(m), "{fen}: {uci} read from {text}");
            let read: SanPlus = text
                .parse()
                .unwrap_or_else(|e| panic!("{fen}: {text}: {e}"));
            assert_eq!(
                read.san.to_move(theirs),
                Ok(their_move),
                "{fen}: shakmaty reads {text}"
            );
        }

        seen.moves += 1;
        match m.kind() {
            VariantMoveKind::Drop { .. } => seen.drops += 1,
            VariantMoveKind::KingPromotion { .. } => seen.king_promotions += 1,
            VariantMoveKind::Chess(cm) if cm.is_castle() => seen.castles += 1,
            VariantMoveKind::Chess(_) => {}
        }
        if let VariantSan::Move(quadboard_chess::san::San::Normal {
            role, file, rank, ..
        }) = VariantSan::from_move(ours, m)
        {
            let pawn = role == quadboard_chess::Role::Pawn;
            seen.disambiguated += usize::from(!pawn && (file.is_some() || rank.is_some()));
        }
        seen.variant_mates += usize::from(variant_mate);
        seen.checks += usize::from(!chess_suffix.is_empty());
    }
}

/// Plays `games` random games of `P` from `start`, at most `plies` each, checking every
/// position.
fn random_games<P: VariantPosition>(start: &str, games: usize, plies: usize, seed: u64) -> Seen {
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for _ in 0..games {
        let mut ours = P::from_fen(start).unwrap_or_else(|e| panic!("{start}: {e}"));
        let mut theirs = shakmaty_position(P::VARIANT, start);
        for _ in 0..plies {
            check_position(&ours, &theirs, &mut seen);
            let moves = ours.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m: VariantMove = moves[rng.below(moves.len())];
            let uci = ours.to_uci(m);
            let their_move = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&theirs)
                .unwrap();
            ours.play_unchecked(m);
            theirs.play_unchecked(their_move);
        }
    }
    seen
}

/// Random games of every variant from its start and (where python-chess allows them)
/// from Chess960 starts; `scale` games of each kind.
fn every_variant(scale: usize, seed: u64) -> [(Variant, Seen); 7] {
    let mut rng = Rng(seed ^ 0x5a4);
    let mut chess960 = || crate::common::chess960_fen(rng.below(960));
    let from_start = |v: Variant| v.start_fen().to_owned();
    let koth = {
        let mut seen =
            random_games::<KingOfTheHill>(&from_start(Variant::KingOfTheHill), scale, 200, seed);
        let more = random_games::<KingOfTheHill>(&chess960(), scale.div_ceil(4), 120, seed + 1);
        merge(&mut seen, more);
        seen
    };
    let three = {
        let mut seen =
            random_games::<ThreeCheck>(&from_start(Variant::ThreeCheck), scale, 200, seed);
        let fen = chess960();
        let (board, rest) = fen.split_once(' ').unwrap();
        let f: Vec<&str> = rest.split(' ').collect();
        let start = format!("{board} {} {} {} 3+3 0 1", f[0], f[1], f[2]);
        merge(
            &mut seen,
            random_games::<ThreeCheck>(&start, scale.div_ceil(4), 120, seed + 2),
        );
        seen
    };
    let zh = {
        let mut seen =
            random_games::<Crazyhouse>(&from_start(Variant::Crazyhouse), scale, 120, seed);
        let fen = chess960();
        let (board, rest) = fen.split_once(' ').unwrap();
        let start = format!("{board}[] {rest}");
        merge(
            &mut seen,
            random_games::<Crazyhouse>(&start, scale.div_ceil(4), 80, seed + 3),
        );
        seen
    };
    let rk = random_games::<RacingKings>(&from_start(Variant::RacingKings), scale, 200, seed);
    // Random antichess games are short; those from pawns about to promote reach kings by
    // promotion, several of them (disambiguated like knights).
    let anti = {
        let start = from_start(Variant::Antichess);
        let mut seen = random_games::<Antichess>(&start, 4 * scale, 200, seed);
        let promoting = "8/PPPP4/8/1n4b1/1N4B1/8/4pppp/8 w - - 0 1";
        merge(
            &mut seen,
            random_games::<Antichess>(promoting, scale, 100, seed + 4),
        );
        seen
    };
    // Atomic games end early, by an explosion: more of them, from Chess960 starts too.
    let atomic = {
        let mut seen = random_games::<Atomic>(&from_start(Variant::Atomic), 4 * scale, 200, seed);
        merge(
            &mut seen,
            random_games::<Atomic>(&chess960(), scale, 120, seed + 5),
        );
        seen
    };
    let horde = random_games::<Horde>(&from_start(Variant::Horde), scale, 200, seed);
    [
        (Variant::Atomic, atomic),
        (Variant::Horde, horde),
        (Variant::KingOfTheHill, koth),
        (Variant::ThreeCheck, three),
        (Variant::Crazyhouse, zh),
        (Variant::RacingKings, rk),
        (Variant::Antichess, anti),
    ]
}

fn merge(into: &mut Seen, more: Seen) {
    into.positions += more.positions;
    into.moves += more.moves;
    into.drops += more.drops;
    into.king_promotions += more.king_promotions;
    into.disambiguated += more.disambiguated;
    into.castles += more.castles;
    into.variant_mates += more.variant_mates;
    into.checks += more.checks;
}

/// Each variant's own kinds of move must have been reached for the run to count.
fn assert_reached(results: &[(Variant, Seen)], positions: usize) {
    for (variant, seen) in results {
        assert!(seen.positions >= positions, "{variant}: {seen:?}");
        assert!(seen.disambiguated > 0, "{variant}: {seen:?}");
        match variant {
            Variant::Crazyhouse => assert!(seen.drops > 0 && seen.castles > 0, "{seen:?}"),
            Variant::Antichess => assert!(seen.king_promotions > 0, "{seen:?}"),
            _ => {}
        }
        // Random horde games hardly ever take the last white piece.
        if !matches!(variant, Variant::Crazyhouse | Variant::Horde) {
            assert!(seen.variant_mates > 0, "{variant}: {seen:?}");
        }
        if matches!(
            variant,
            Variant::ThreeCheck | Variant::Crazyhouse | Variant::KingOfTheHill
        ) {
            assert!(seen.checks > 0, "{variant}: {seen:?}");
        }
    }
}

#[test]
fn variant_san_against_shakmaty() {
    let results = every_variant(8, 7);
    assert_reached(&results, 800);
    let total: usize = results.iter().map(|(_, s)| s.positions).sum();
    let moves: usize = results.iter().map(|(_, s)| s.moves).sum();
    eprintln!("variant SAN: {total} positions, {moves} moves checked against shakmaty");
}

#[test]
#[ignore = "more than 100,000 positions: several minutes"]
fn variant_san_against_shakmaty_many() {
    let mut total = 0;
    for seed in 0..4 {
        let results = every_variant(30, 100 + seed);
        assert_reached(&results, 3_000);
        total += results.iter().map(|(_, s)| s.positions).sum::<usize>();
    }
    assert!(total > 100_000, "{total}");
    eprintln!("variant SAN: {total} positions checked against shakmaty");
}

/// python-chess's SAN of every legal move along its own random games of each variant, as
/// `scripts/variant-san-vs-python-chess.py` writes it to the file named by
/// `QUADBOARD_VARIANT_SAN`: ours must be the same text, and must read back to the move.
#[test]
#[ignore = "needs the file of scripts/variant-san-vs-python-chess.py in QUADBOARD_VARIANT_SAN"]
fn variant_san_against_python_chess() {
    use quadboard_chess::variant::AnyVariant;
    let Some(path) = std::env::var_os("QUADBOARD_VARIANT_SAN") else {
        eprintln!("skipped: QUADBOARD_VARIANT_SAN names no file");
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let (mut checked, mut positions) = (0usize, 0usize);
    let mut last: Option<(String, AnyVariant)> = None;
    for (i, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, fen, uci, theirs] = fields[..] else {
            panic!("line {}: expected four fields", i + 1);
        };
        let variant = Variant::from_name(name).unwrap_or_else(|| panic!("{name}"));
        if last.as_ref().is_none_or(|(f, _)| f != fen) {
            match AnyVariant::from_fen(variant, fen) {
                Ok(pos) => {
                    last = Some((fen.to_owned(), pos));
                    positions += 1;
                }
                Err(e) => panic!("line {}: {fen}: {e}", i + 1),
            }
        }
        let (_, pos) = last.as_ref().unwrap();
        let m = pos
            .parse_uci(uci)
            .unwrap_or_else(|e| panic!("line {}: {fen}: {e}", i + 1));
        assert_eq!(
            pos.to_san(m).as_str(),
            theirs,
            "line {}: {fen}: {uci}",
            i + 1
        );
        assert_eq!(pos.parse_san(theirs), Ok(m), "line {}: {fen}", i + 1);
        checked += 1;
    }
    assert!(checked > 0);
    eprintln!("variant SAN: {checked} moves of {positions} positions as python-chess writes them");
}
