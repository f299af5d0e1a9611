//! Engines that misbehave, written by the tests as shell scripts: each failure gives its
//! error in bounded time, never a hang or a panic.

#[path = "common/engines.rs"]
mod engines;

use std::time::{Duration, Instant};

use engines::Fake;
use quadboard_chess::Position;
use quadboard_engine::{EngineError, Go, Limit, OptionKind, SearchEvent, Timeouts, UciEngine};

/// Short timeouts, so that each failure shows within a second or two.
fn quick() -> Timeouts {
    Timeouts {
        handshake: Duration::from_millis(700),
        ready: Duration::from_millis(700),
        stop: Duration::from_millis(700),
        grace: Duration::from_millis(300),
        search: Some(Duration::from_millis(1500)),
        quit: Duration::from_millis(200),
    }
}

/// Asserts that `f` took less than `limit`.
fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let value = f();
    assert!(start.elapsed() < limit, "took {:?}", start.elapsed());
    value
}

#[test]
fn missing_program() {
    let e = UciEngine::start("/nonexistent/engine").expect_err("no such engine");
    assert!(matches!(e, EngineError::Spawn { .. }));
    assert!(
        e.to_string()
            .starts_with("cannot start engine /nonexistent/engine: "),
        "{e}"
    );
}

#[test]
fn crash_at_start() {
    let fake = Fake::new("crash", "echo 'cannot load network file' >&2; exit 3", "");
    let e = within(Duration::from_secs(3), || {
        UciEngine::start_with(fake.path.as_path(), quick())
    })
    .expect_err("it crashes");
    let text = e.to_string();
    assert!(matches!(e, EngineError::Terminated { .. }), "{text}");
    assert!(
        text.contains("terminated while waiting for uciok"),
        "{text}"
    );
    assert!(text.contains("exit status: 3"), "{text}");
    assert!(text.contains("stderr: cannot load network file"), "{text}");
}

#[test]
fn never_answers_uci() {
    let fake = Fake::new("mute", "", "    *) ;;");
    let e = within(Duration::from_secs(3), || {
        UciEngine::start_with(fake.path.as_path(), quick())
    })
    .expect_err("no uciok");
    let text = e.to_string();
    assert!(matches!(e, EngineError::Timeout { .. }), "{text}");
    assert_eq!(
        text,
        "the engine did not send uciok within 0.7 s; it wrote nothing"
    );
}

#[test]
fn garbage_instead_of_uciok() {
    let fake = Fake::new(
        "garbage",
        "",
        "    uci) printf '\\377\\376 \\001garbage\\n'; echo 'xyzzy 42' ;;",
    );
    let e = within(Duration::from_secs(3), || {
        UciEngine::start_with(fake.path.as_path(), quick())
    })
    .expect_err("no uciok");
    let text = e.to_string();
    assert!(
        text.starts_with(
            "the engine did not send uciok within 0.7 s; its last output: \"xyzzy 42\""
        ),
        "{text}"
    );
}

#[test]
fn crash_mid_search() {
    let fake = Fake::uci(
        "crasher",
        "",
        "    go*) echo 'info depth 1 score cp 3 pv e2e4'; echo 'Segmentation fault' >&2; exit 139 ;;",
    );
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    let e = within(Duration::from_secs(3), || {
        engine.analyse(&Go::new(Position::new(), Limit::nodes(1000)))
    })
    .expect_err("it crashes");
    let text = e.to_string();
    assert!(
        text.contains("terminated while waiting for bestmove"),
        "{text}"
    );
    assert!(text.contains("exit status: 139"), "{text}");
    assert!(text.contains("Segmentation fault"), "{text}");
    // The engine is unusable now, and says so at once.
    let again = engine.is_ready().expect_err("unusable");
    assert!(
        again
            .to_string()
            .contains("unusable after an earlier error"),
        "{again}"
    );
}

#[test]
fn never_sends_bestmove() {
    let fake = Fake::uci("silent", "", "    go*) echo 'info depth 1 score cp 3' ;;");
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    // A time limit: its time plus the grace.
    let go = Go::new(Position::new(), Limit::movetime(Duration::from_millis(200)));
    let e = within(Duration::from_secs(2), || engine.analyse(&go)).expect_err("no bestmove");
    assert_eq!(
        e.to_string(),
        "the engine did not send bestmove within 0.5 s; its last output: \"info depth 1 score cp 3\""
    );
    // A node limit: the search timeout. And an infinite search: the stop timeout.
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    let e = within(Duration::from_secs(3), || {
        engine.analyse(&Go::new(Position::new(), Limit::nodes(10)))
    })
    .expect_err("no bestmove");
    assert!(e.to_string().contains("within 1.5 s"), "{e}");
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    let mut search = engine
        .go(&Go::new(Position::new(), Limit::infinite()))
        .unwrap();
    assert!(matches!(
        search.next(Some(Duration::from_secs(1))),
        Ok(Some(SearchEvent::Info(_)))
    ));
    // Nothing more comes: a timeout of the call is not an error.
    assert!(matches!(
        search.next(Some(Duration::from_millis(100))),
        Ok(None)
    ));
    let e = within(Duration::from_secs(2), || search.stop_and_wait()).expect_err("no bestmove");
    assert!(
        e.to_string()
            .starts_with("the engine did not send bestmove after stop within 0.7 s"),
        "{e}"
    );
}

#[test]
fn illegal_pv_and_bestmove() {
    let fake = Fake::uci(
        "liar",
        "",
        "    'go nodes 1') echo 'info depth 2 score cp 5 pv e2e4 e2e4 d7d5 nodes 9'; echo 'bestmove e2e4 ponder e2e4' ;;\n    'go nodes 2') echo 'bestmove e2e5' ;;",
    );
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    let result = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(1)))
        .unwrap();
    let info = result.info();
    assert_eq!(info.pv.len(), 1, "the pv ends at the illegal move");
    assert_eq!(info.nodes, Some(9));
    assert_eq!(
        result.best.best.map(|m| m.to_string()).as_deref(),
        Some("e2e4")
    );
    assert_eq!(
        result.best.ponder, None,
        "an illegal ponder move is dropped"
    );
    assert_eq!(result.warnings.len(), 2, "{:?}", result.warnings);
    assert!(
        result.warnings[0].starts_with("pv: move 2 (e2e4)"),
        "{:?}",
        result.warnings
    );
    assert!(
        result.warnings[1].starts_with("ponder move e2e4"),
        "{:?}",
        result.warnings
    );
    let e = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(2)))
        .expect_err("illegal");
    assert!(
        e.to_string()
            .starts_with("engine protocol error: bestmove e2e5: illegal move 'e2e5'"),
        "{e}"
    );
}

#[test]
fn every_option_type_and_the_commands_sent() {
    let options = "echo 'option name Use Book type check default true'; \
        echo 'option name Hash type spin default 16 min 1 max 1024'; \
        echo 'option name Style type combo default Normal var Solid var Normal var Risky Play'; \
        echo 'option name Clear Hash type button'; \
        echo 'option name Book File type string default <empty>'; \
        echo 'option name UCI_Chess960 type check default false'; \
        echo 'option name MultiPV type spin default 1 min 1 max 8';";
    let fake = Fake::uci(
        "options",
        options,
        "    go*) echo 'info depth 1 multipv 1 score cp 1 pv a2a3'; echo 'info depth 1 multipv 2 score cp 0 pv b2b3'; echo 'bestmove 0000' ;;",
    );
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    assert_eq!(engine.id().name.as_deref(), Some("options"));
    assert_eq!(engine.id().author.as_deref(), Some("tests"));
    let kinds: Vec<&OptionKind> = engine.options().iter().map(|o| &o.kind).collect();
    assert_eq!(kinds.len(), 7);
    assert_eq!(
        kinds[0],
        &OptionKind::Check {
            default: Some(true)
        }
    );
    assert_eq!(
        kinds[1],
        &OptionKind::Spin {
            default: Some(16),
            min: Some(1),
            max: Some(1024)
        }
    );
    assert_eq!(
        kinds[2],
        &OptionKind::Combo {
            default: Some("Normal".into()),
            vars: vec!["Solid".into(), "Normal".into(), "Risky Play".into()]
        }
    );
    assert_eq!(kinds[3], &OptionKind::Button);
    assert_eq!(
        kinds[4],
        &OptionKind::String {
            default: Some(String::new())
        }
    );

    engine.set_option("use book", "false").unwrap();
    engine.set_option("Hash", "64").unwrap();
    engine.set_option("Style", "risky play").unwrap();
    engine.set_option("Clear Hash", "").unwrap();
    engine.set_option("Book File", "/tmp/book two.bin").unwrap();
    let errors = [
        engine.set_option("Threads", "2").unwrap_err().to_string(),
        engine.set_option("Hash", "2048").unwrap_err().to_string(),
        engine.set_option("Hash", "lots").unwrap_err().to_string(),
        engine.set_option("Style", "Wild").unwrap_err().to_string(),
        engine
            .set_option("Use Book", "maybe")
            .unwrap_err()
            .to_string(),
        engine
            .set_option("Clear Hash", "now")
            .unwrap_err()
            .to_string(),
    ];
    assert_eq!(
        errors,
        [
            "the engine has no option \"Threads\" (it declares: Use Book, Hash, Style, Clear Hash, Book File, UCI_Chess960, MultiPV)",
            "option \"Hash\": value 2048 is outside 1..=1024",
            "option \"Hash\": value \"lots\" is not an integer",
            "option \"Style\": value \"Wild\" is not one of \"Solid\", \"Normal\", \"Risky Play\"",
            "option \"Use Book\": value \"maybe\" is not true or false (a check option)",
            "option \"Clear Hash\": a button takes no value, got \"now\"",
        ]
    );
    engine.new_game().unwrap();
    // Standard castling is the king's move; multipv sets the option first.
    let start = Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1").unwrap();
    let castle = start.parse_uci("e1g1").unwrap();
    let result = engine
        .analyse(&Go::after(start, &[castle], Limit::depth(3)).multipv(2))
        .unwrap();
    assert_eq!(result.lines.len(), 2);
    // Chess960: UCI_Chess960 first, castling as king takes rook.
    let c960 =
        Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1").unwrap();
    let castle960 = c960.parse_uci("e1g1").unwrap();
    let mut go = Go::after(c960, &[castle960], Limit::default());
    go.limit.wtime = Some(Duration::from_millis(60_000));
    go.limit.btime = Some(Duration::from_millis(50_000));
    go.limit.winc = Some(Duration::from_millis(1_000));
    go.limit.binc = Some(Duration::from_millis(2_000));
    go.limit.movestogo = Some(20);
    go.limit.mate = Some(3);
    go.searchmoves = None;
    let _ = engine.analyse(&go);
    // Back to standard chess: UCI_Chess960 false again; searchmoves come last.
    let a3 = Position::new().parse_uci("a2a3").unwrap();
    let b3 = Position::new().parse_uci("b2b3").unwrap();
    engine
        .analyse(&Go::new(Position::new(), Limit::nodes(100)).searchmoves(&[a3, b3]))
        .unwrap();
    drop(engine);
    assert_eq!(
        fake.input(),
        "uci\n\
         setoption name Use Book value false\n\
         setoption name Hash value 64\n\
         setoption name Style value Risky Play\n\
         setoption name Clear Hash\n\
         setoption name Book File value /tmp/book two.bin\n\
         ucinewgame\n\
         isready\n\
         setoption name MultiPV value 2\n\
         position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1g1\n\
         go depth 3\n\
         setoption name UCI_Chess960 value true\n\
         setoption name MultiPV value 1\n\
         position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1 moves e1g1\n\
         go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20 mate 3\n\
         setoption name UCI_Chess960 value false\n\
         position startpos\n\
         go nodes 100 searchmoves a2a3 b2b3\n\
         quit\n"
    );
}

#[test]
fn requests_the_engine_cannot_serve() {
    let fake = Fake::uci("plain", "", "    go*) echo 'bestmove a2a3' ;;");
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    let c960 = Position::chess960(0).unwrap();
    let e = engine.analyse(&Go::new(c960, Limit::nodes(1))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the position is Chess960 and the engine has no UCI_Chess960 option"
    );
    assert!(!e.is_fatal());
    let e = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(1)).multipv(3))
        .unwrap_err();
    assert!(e.to_string().contains("MultiPV"), "{e}");
    let e4 = Position::new().parse_uci("e2e4").unwrap();
    let e = engine
        .analyse(&Go::after(Position::new(), &[e4, e4], Limit::nodes(1)))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("invalid search: move 2 (e2e4) is not legal"),
        "{e}"
    );
    // None of these broke the engine.
    assert!(engine
        .analyse(&Go::new(Position::new(), Limit::nodes(1)))
        .is_ok());
}

#[test]
fn the_start_as_the_caller_writes_it() {
    let fake = Fake::uci("plain", "", "    go*) echo 'bestmove e7e5' ;;");
    let mut engine = UciEngine::start_with(fake.path.as_path(), quick()).unwrap();
    // python-chess writes the en passant square whether or not a capture is possible;
    // the moves still follow from `moves`.
    let start = Position::new();
    let e4 = start.parse_uci("e2e4").unwrap();
    let mut go = Go::after(start, &[e4], Limit::nodes(5));
    go.position = Some("fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let result = engine.analyse(&go).unwrap();
    assert!(result.best.best.is_some());
    drop(engine);
    assert_eq!(
        fake.input(),
        "uci\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\n\
         go nodes 5\n\
         quit\n"
    );
}
