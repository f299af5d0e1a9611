//! Against a real XBoard engine: Fairy-Max (Debian's `fairymax` package). Skips with one
//! line when it is missing; fails under `CI=true`. Fakes for what it does not show.

#[path = "common/engines.rs"]
mod engines;

use std::time::Duration;

use engines::Fake;
use quadboard_chess::Position;
use quadboard_engine::{EngineError, Go, Limit, OptionKind, Score, Timeouts, XboardEngine};

fn fairymax() -> Option<XboardEngine> {
    let path = engines::engine_path("fairymax")?;
    Some(XboardEngine::start(path.as_path()).expect("fairymax starts"))
}

#[test]
fn features_and_options() {
    let Some(mut engine) = fairymax() else { return };
    assert_eq!(engine.id().name.as_deref(), Some("Fairy-Max 5.0b"));
    assert!(engine.has_feature("ping"));
    assert!(
        !engine.has_feature("setboard"),
        "Fairy-Max declares setboard=0"
    );
    assert!(!engine.features().contains_key("xedit"), "rejected");
    let threshold = engine
        .options()
        .iter()
        .find(|o| o.name == "Resign Threshold")
        .unwrap();
    assert_eq!(
        threshold.kind,
        OptionKind::Spin {
            default: Some(800),
            min: Some(200),
            max: Some(1200)
        }
    );
    engine.set_option("Resign Threshold", "900").unwrap();
    engine.set_option("Resign", "false").unwrap();
    engine.set_option("Clear Hash", "").unwrap();
    let e = engine.set_option("Resign Threshold", "5").unwrap_err();
    assert_eq!(
        e.to_string(),
        "option \"Resign Threshold\": value 5 is outside 200..=1200"
    );
    engine.ping().unwrap();
}

#[test]
fn searches_by_depth_and_time() {
    let Some(mut engine) = fairymax() else { return };
    engine.new_game().unwrap();
    let start = Position::new();
    let e4 = start.parse_uci("e2e4").unwrap();
    let mut seen = 0;
    let result = engine
        .analyse_with(&Go::after(start, &[e4], Limit::depth(4)), |info| {
            seen += 1;
            info.depth.is_some()
        })
        .unwrap();
    assert!(seen > 0);
    let best = result.best.best.expect("a move");
    let mut after = start;
    after.play_unchecked(e4);
    assert!(after.is_legal(best));
    let info = result.info();
    assert_eq!(info.depth, Some(4));
    assert!(matches!(info.score, Some(Score::Cp(_))));
    assert!(!info.pv.is_empty() && info.pv[0] == best, "{info:?}");
    assert!(result.warnings.is_empty(), "{:?}", result.warnings);
    let result = engine
        .analyse(&Go::new(start, Limit::movetime(Duration::from_millis(300))))
        .unwrap();
    assert!(result.best.best.is_some());
    // What this client does not send to XBoard engines is refused, not guessed.
    let e = engine
        .analyse(&Go::new(start, Limit::nodes(100)))
        .unwrap_err();
    assert!(matches!(e, EngineError::Unsupported(_)), "{e}");
    let other = Position::from_fen("8/8/4k3/8/2K5/8/3P4/8 w - - 0 1").unwrap();
    let e = engine
        .analyse(&Go::new(other, Limit::depth(2)))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("the engine has no setboard feature"),
        "{e}"
    );
    // And the engine is still fine.
    assert!(engine.analyse(&Go::new(start, Limit::depth(2))).is_ok());
}

#[test]
fn feature_negotiation_with_a_fake() {
    let quick = Timeouts {
        handshake: Duration::from_millis(800),
        ready: Duration::from_millis(800),
        ..Timeouts::default()
    };
    // done=0 and then nothing: a timeout naming done=1.
    let fake = Fake::new(
        "stalls",
        "",
        "    'protover 2') echo 'feature ping=1 done=0' ;;\n    *) ;;",
    );
    let e = XboardEngine::start_with(fake.path.as_path(), quick).expect_err("no done=1");
    assert!(
        e.to_string()
            .starts_with("the engine did not send feature done=1 within 0.8 s"),
        "{e}"
    );
    // Every feature answered, accepted or rejected; setboard used; usermove prefixed.
    let fake = Fake::new(
        "features",
        "",
        "    'protover 2') echo 'feature myname=\"Fake 1\" setboard=1 usermove=1 ping=1 fancy=1'; echo 'feature done=1' ;;\n    ping*) echo \"pong ${line#ping }\" ;;\n    go) echo '1 -100002 5 40 d7d5 e4d5'; echo 'move d7d5' ;;\n    quit) exit 0 ;;",
    );
    let mut engine = XboardEngine::start_with(fake.path.as_path(), quick).unwrap();
    assert_eq!(engine.id().name.as_deref(), Some("Fake 1"));
    let start =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1").unwrap();
    let e4 = start.parse_uci("e2e4").unwrap();
    let result = engine
        .analyse(&Go::after(start, &[e4], Limit::depth(3)))
        .unwrap();
    assert_eq!(
        result.best.best.map(|m| m.to_string()).as_deref(),
        Some("d7d5")
    );
    assert_eq!(result.info().score, Some(Score::Mate(-2)));
    assert_eq!(result.info().time, Some(Duration::from_millis(50)));
    drop(engine);
    assert_eq!(
        fake.input(),
        "xboard\nprotover 2\naccepted myname\naccepted setboard\naccepted usermove\naccepted ping\nrejected fancy\n\
         accepted done\nping 1\nnew\nforce\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1\n\
         usermove e2e4\nsd 3\nlevel 0 1000 0\npost\ngo\nquit\n"
    );
}

#[test]
fn an_engine_that_never_moves_or_dies() {
    let quick = Timeouts {
        handshake: Duration::from_millis(800),
        ready: Duration::from_millis(800),
        grace: Duration::from_millis(300),
        ..Timeouts::default()
    };
    let fake = Fake::new(
        "idle",
        "",
        "    'protover 2') echo 'feature ping=1 done=1' ;;\n    ping*) echo \"pong ${line#ping }\" ;;\n    go) echo '1 10 0 5 e2e4' ;;",
    );
    let mut engine = XboardEngine::start_with(fake.path.as_path(), quick).unwrap();
    let start = std::time::Instant::now();
    let go = Go::new(
        Position::new(),
        Limit::movetime(Duration::from_millis(1000)),
    );
    let e = engine.analyse(&go).expect_err("no move");
    assert!(start.elapsed() < Duration::from_secs(3));
    assert_eq!(
        e.to_string(),
        "the engine did not send a move within 1.3 s; its last output: \"1 10 0 5 e2e4\""
    );
    let fake = Fake::new("dies", "echo 'no board' >&2; exit 2", "");
    let e = XboardEngine::start_with(fake.path.as_path(), quick).expect_err("it dies");
    assert!(
        e.to_string()
            .starts_with("the engine terminated while waiting for feature done=1 (exit status: 2)"),
        "{e}"
    );
}

#[test]
fn a_game_kept_in_the_engine() {
    use quadboard_engine::{XboardAnalysisLimit, XboardEvent, XboardGame, XboardGo};
    // A fake that logs what it gets: the commands of python-chess's XBoard protocol.
    let fake = Fake::new(
        "game",
        "",
        "    'protover 2') echo 'feature ping=1 setboard=1 exclude=1 done=1' ;;\n    ping*) echo \"pong ${line#ping }\" ;;\n    go) echo '3 25 7 900 9 1200 e7e5 g1f3'; echo 'move e7e5'; echo 'Hint: g1f3' ;;\n    analyze) echo '1 10 0 5 b8c6'; echo '2 12 1 50 b8c6 g1f3' ;;\n    nps*) echo 'Error (unknown command): nps' ;;\n    quit) exit 0 ;;",
    );
    let mut engine = XboardEngine::negotiate(fake.path.as_path(), Timeouts::default()).unwrap();
    let start = Position::new();
    let fen = start.to_fen().to_string();
    let e4 = start.parse_uci("e2e4").unwrap();
    engine
        .set_game(&XboardGame::new(fen.clone(), vec![e4]))
        .unwrap();
    let go = XboardGo {
        depth: Some(3),
        post: true,
        ..XboardGo::default()
    };
    let played = engine.play(&go).unwrap();
    let e5 = played.best.unwrap();
    assert_eq!(e5.to_string(), "e7e5");
    assert_eq!(
        played.ponder.map(|m| m.to_string()).as_deref(),
        Some("g1f3")
    );
    let info = played.info.unwrap();
    assert_eq!(
        (info.depth, info.seldepth, info.nps),
        (Some(3), Some(9), Some(1200))
    );
    // The engine's move is part of the game now: the next position needs no new game.
    let mut pos = start;
    pos.play_unchecked(e4);
    pos.play_unchecked(e5);
    let nf3 = pos.parse_uci("g1f3").unwrap();
    engine
        .set_game(&XboardGame::new(fen.clone(), vec![e4, e5, nf3]))
        .unwrap();
    // Another line from the start: back to the common moves.
    let d4 = start.parse_uci("d2d4").unwrap();
    engine
        .set_game(&XboardGame::new(fen.clone(), vec![d4]))
        .unwrap();
    engine
        .analysis_start(
            Some(&[]),
            XboardAnalysisLimit {
                depth: Some(2),
                ..XboardAnalysisLimit::default()
            },
        )
        .unwrap();
    let mut events = Vec::new();
    while let Some(event) = engine.analysis_next(None).unwrap() {
        let end = matches!(event, XboardEvent::End(_));
        events.push(event);
        if end {
            break;
        }
    }
    assert!(matches!(events.last(), Some(XboardEvent::End(Some(m))) if m.to_string() == "b8c6"));
    // An error line is a refusal, not the end of the engine.
    let e = engine
        .play(&XboardGo {
            nodes: Some(10),
            ..XboardGo::default()
        })
        .unwrap_err();
    assert!(matches!(e, EngineError::Refused(_)), "{e}");
    engine.game_result("1-0", "White mates").unwrap();
    assert!(engine.game_result("1-0", "a{b}").is_err());
    drop(engine);
    assert_eq!(
        fake.input(),
        "xboard\nprotover 2\naccepted ping\naccepted setboard\naccepted exclude\naccepted done\n\
         new\nforce\ne2e4\nsd 3\npost\neasy\ngo\nping 1\n\
         force\ng1f3\n\
         force\nremove\nundo\nd2d4\n\
         exclude all\npost\nanalyze\n.\nexit\nping 2\n\
         nps 1\nst 10\nnopost\neasy\ngo\n\
         result 1-0 {White mates}\nquit\n"
    );
}
