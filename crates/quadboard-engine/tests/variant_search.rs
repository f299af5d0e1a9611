//! Searches of variant positions (`variant` feature): against Fairy-Stockfish, which
//! declares the lichess variants but atomic in `UCI_Variant`, Stockfish, which has no
//! `UCI_Variant`, and a fake engine whose lines break the variant's rules.

#![cfg(feature = "variant")]

#[path = "common/engines.rs"]
mod engines;

use engines::Fake;
use quadboard_chess::variant::{AnyVariant, Variant, VariantMoveKind};
use quadboard_chess::Position;
use quadboard_engine::{uci_variant_names, EngineError, Go, Limit, Score, UciEngine, VariantGo};

/// Fairy-Stockfish with one thread, or `None` (and one line) when it is not installed.
fn fairy() -> Option<UciEngine> {
    let path = engines::engine_path("fairy-stockfish")?;
    let mut engine = UciEngine::start(path.as_path()).expect("fairy-stockfish starts");
    engine.set_option("Threads", "1").unwrap();
    engine.new_game().unwrap();
    Some(engine)
}

fn zh(fen: &str) -> AnyVariant {
    AnyVariant::from_fen(Variant::Crazyhouse, fen).unwrap()
}

fn is_drop(kind: VariantMoveKind) -> bool {
    matches!(kind, VariantMoveKind::Drop { .. })
}

#[test]
fn crazyhouse_drops_in_bestmove_pv_and_ponder() {
    let Some(mut engine) = fairy() else { return };
    // A queen in hand mates at once by a drop beside the king.
    let pos = zh("k7/8/1K6/8/8/8/8/8[Qq] w - - 0 1");
    let result = engine
        .analyse_variant(&VariantGo::after(pos, &[], Limit::depth(6)))
        .unwrap();
    let best = result.best.best.expect("a best move");
    assert!(is_drop(best.kind()), "{}", pos.to_uci(best));
    assert_eq!(result.info().score, Some(Score::Mate(1)));
    assert!(result.warnings.is_empty(), "{:?}", result.warnings);
    // After exchanges both sides hold pawns: the engine's line drops one (depth 8,
    // Fairy-Stockfish 11.1: e4d5 P@e2 f1e2 d8d5 b1c3 d5c5, ponder P@e2).
    let start = zh("r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4");
    engine.new_game().unwrap();
    let result = engine
        .analyse_variant(&VariantGo::after(start, &[], Limit::depth(8)))
        .unwrap();
    let pv = result.info().pv;
    assert!(pv.len() >= 2, "{pv:?}");
    assert!(pv.iter().any(|m| is_drop(m.kind())), "{pv:?}");
    assert!(result.warnings.is_empty(), "{:?}", result.warnings);
    assert_eq!(result.best.best, pv.first().copied());
    if let Some(ponder) = result.best.ponder {
        assert_eq!(Some(ponder), pv.get(1).copied());
    }
    // The moves before the position are sent as moves, drops too: the same search
    // after them gives the same position searched.
    let mut played = start;
    let moves = &pv[..2];
    for &m in moves {
        played = played.play(m).unwrap();
    }
    let search = engine
        .go_variant(&VariantGo::after(start, moves, Limit::depth(4)))
        .unwrap();
    assert_eq!(search.root(), &played);
    let result = search.wait().unwrap();
    assert!(result.best.best.is_some() && result.warnings.is_empty());
}

#[test]
fn three_check_limits_are_exact_and_repeat() {
    let Some(mut engine) = fairy() else { return };
    // White has one check left to give: any check wins, a mate in one.
    let pos = AnyVariant::from_fen(
        Variant::ThreeCheck,
        "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3",
    )
    .unwrap();
    let result = engine
        .analyse_variant(&VariantGo::after(pos, &[], Limit::depth(6)))
        .unwrap();
    assert_eq!(result.info().score, Some(Score::Mate(1)));
    let best = result.best.best.unwrap();
    assert!(pos.play(best).unwrap().is_check());
    // A node limit is the engine's own: a fresh game searched twice to it gives the same
    // line, and the nodes the engine reports stay within it.
    let start = AnyVariant::new(Variant::ThreeCheck);
    let e4 = start.parse_uci("e2e4").unwrap();
    let mut runs = Vec::new();
    for _ in 0..2 {
        engine.new_game().unwrap();
        let r = engine
            .analyse_variant(&VariantGo::after(start, &[e4], Limit::nodes(20_000)))
            .unwrap();
        assert!(
            r.info().nodes.is_some_and(|n| n <= 21_000),
            "{:?}",
            r.info()
        );
        runs.push(r);
    }
    let key = |r: &quadboard_engine::SearchResult<_>| {
        let i = r.info();
        (r.best.clone(), i.depth, i.score, i.nodes, i.pv)
    };
    assert_eq!(key(&runs[0]), key(&runs[1]));
    // A chess search after it sets UCI_Variant back to chess: the standard start's
    // moves are legal chess again.
    let chess = engine
        .analyse(&Go::new(Position::new(), Limit::depth(4)))
        .unwrap();
    assert!(chess.best.best.is_some() && chess.warnings.is_empty());
}

#[test]
fn a_variant_the_engine_lacks_is_named() {
    // Fairy-Stockfish 11.1 (Debian) has no atomic.
    if let Some(mut engine) = fairy() {
        let e = engine
            .analyse_variant(&VariantGo::after(
                AnyVariant::new(Variant::Atomic),
                &[],
                Limit::depth(2),
            ))
            .unwrap_err();
        assert!(matches!(e, EngineError::Unsupported(_)));
        assert!(
            e.to_string()
                .contains("variant atomic: the engine does not declare it in UCI_Variant"),
            "{e}"
        );
        // The engine is still usable.
        assert!(engine.variant_name(Variant::Crazyhouse).is_some());
    }
    // Stockfish has no UCI_Variant at all.
    let Some(path) = engines::engine_path("stockfish") else {
        return;
    };
    let mut engine = UciEngine::start(path.as_path()).unwrap();
    let e = engine
        .analyse_variant(&VariantGo::after(
            AnyVariant::new(Variant::Crazyhouse),
            &[],
            Limit::depth(2),
        ))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("variant crazyhouse: the engine does not declare it in UCI_Variant"),
        "{e}"
    );
    assert!(engine
        .analyse(&Go::new(Position::new(), Limit::depth(2)))
        .is_ok());
}

#[test]
fn every_variant_has_a_name_fairy_stockfish_declares_but_atomic() {
    let Some(engine) = fairy() else { return };
    for variant in [
        Variant::Antichess,
        Variant::Crazyhouse,
        Variant::Horde,
        Variant::KingOfTheHill,
        Variant::RacingKings,
        Variant::ThreeCheck,
    ] {
        let name = engine.variant_name(variant);
        assert_eq!(
            name.as_deref(),
            Some(uci_variant_names(variant)[0]),
            "{variant}"
        );
    }
    assert_eq!(engine.variant_name(Variant::Atomic), None);
}

#[test]
fn an_illegal_variant_move_ends_the_pv() {
    // The second drop lands on the pawn the first dropped; the king promotion is
    // antichess's, not crazyhouse's, so a bestmove of it is a protocol error.
    let fake = Fake::uci(
        "zh",
        "echo 'option name UCI_Variant type combo default chess var chess var crazyhouse';",
        "    go*) echo 'info depth 1 score cp 5 pv P@e4 P@e4 e7e5 refutation P@d4 P@d4'; echo 'bestmove P@e4 ponder e7e5' ;;",
    );
    let mut engine = UciEngine::start(fake.path.as_path()).unwrap();
    let start = zh("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1");
    let result = engine
        .analyse_variant(&VariantGo::after(start, &[], Limit::depth(1)))
        .unwrap();
    let info = result.info();
    assert_eq!(info.pv.len(), 1);
    assert!(is_drop(info.pv[0].kind()));
    assert_eq!(
        info.refutation.as_ref().map(|(_, rest)| rest.len()),
        Some(0)
    );
    assert_eq!(result.warnings.len(), 2, "{:?}", result.warnings);
    assert!(
        result.warnings[0].starts_with("pv: move 2 (P@e4)"),
        "{:?}",
        result.warnings
    );
    assert_eq!(result.best.best, Some(info.pv[0]));
    assert_eq!(
        result
            .best
            .ponder
            .map(|m| start.play(info.pv[0]).unwrap().to_uci(m)),
        Some("e7e5".into())
    );
    // Chess after it: UCI_Variant goes back to chess before the position.
    engine
        .analyse(&Go::new(Position::new(), Limit::depth(1)))
        .unwrap_err(); // the fake's bestmove P@e4 is no chess move
    let input = fake.input();
    let lines: Vec<&str> = input.lines().collect();
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| *l == text)
            .unwrap_or_else(|| panic!("{text:?} not in {input}"))
    };
    let set = at("setoption name UCI_Variant value crazyhouse");
    let position = at("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1");
    assert!(
        set < position && lines[position + 1] == "go depth 1",
        "{input}"
    );
    let back = at("setoption name UCI_Variant value chess");
    assert!(
        back > position && lines[back + 1] == "position startpos",
        "{input}"
    );
}

#[test]
fn variant_root_moves_and_pondering() {
    let Some(mut engine) = fairy() else { return };
    let start = zh("r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4");
    // Only a drop may be searched: it is the best move and the line's first.
    let drop = start.parse_uci("P@d3").unwrap();
    let mut go = VariantGo::after(start, &[], Limit::nodes(5_000));
    go.searchmoves = Some(vec![drop]);
    let result = engine.analyse_variant(&go).unwrap();
    assert_eq!(result.best.best, Some(drop));
    assert_eq!(result.info().pv.first(), Some(&drop));
    // A root move that is not legal is refused before anything is sent.
    let mut bad = VariantGo::after(start, &[], Limit::nodes(100));
    bad.searchmoves = Some(vec![zh("k7/8/1K6/8/8/8/8/8[Qq] w - - 0 1")
        .parse_uci("Q@a7")
        .unwrap()]);
    let e = engine.analyse_variant(&bad).unwrap_err();
    assert!(e.to_string().contains("root move Q@a7 is not legal"), "{e}");
    // Pondering on the expected reply, then ponderhit: the search ends by its limit as a
    // normal one, with a move of the position after the two.
    let (best, reply) = (
        result.best.best.unwrap(),
        result.best.ponder.expect("a ponder move"),
    );
    let mut go = VariantGo::after(start, &[best, reply], Limit::nodes(5_000));
    go.ponder = true;
    let mut search = engine.go_variant(&go).unwrap();
    let root = *search.root();
    search.ponderhit().unwrap();
    let result = search.wait().unwrap();
    let m = result.best.best.expect("a best move after ponderhit");
    assert!(root.play(m).is_ok());
}
