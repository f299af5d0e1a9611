//! Against a real engine: Stockfish (Debian's `stockfish` package), deterministic with one
//! thread, a fixed hash and node or depth limits. Skips with one line when Stockfish is
//! missing; fails under `CI=true`.

#[path = "common/engines.rs"]
mod engines;

use std::time::Duration;

use quadboard_chess::{Move, Position};
use quadboard_engine::{
    EngineCommand, Go, Limit, OptionKind, Score, Search, SearchEvent, SearchResult, Stderr,
    Stopper, UciEngine,
};

/// Stockfish with one thread and 16 MB of hash, after `ucinewgame`; `None` when missing.
fn stockfish() -> Option<UciEngine> {
    let path = engines::engine_path("stockfish")?;
    let mut engine = UciEngine::start(path.as_path()).expect("stockfish starts");
    engine.set_option("Threads", "1").unwrap();
    engine.set_option("Hash", "16").unwrap();
    engine.new_game().unwrap();
    Some(engine)
}

fn uci(pos: &Position, text: &str) -> Move {
    pos.parse_uci(text).unwrap()
}

/// Positions of every kind: openings, a middlegame, an endgame, Chess960.
fn positions() -> Vec<(Position, Vec<&'static str>)> {
    vec![
        (Position::new(), vec![]),
        (
            Position::new(),
            vec!["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"],
        ),
        (
            Position::from_fen(
                "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
            )
            .unwrap(),
            vec![],
        ),
        (
            Position::from_fen("8/8/4k3/8/2K5/8/3P4/8 w - - 0 1").unwrap(),
            vec!["d2d4"],
        ),
        (Position::chess960(0).unwrap(), vec![]),
        (Position::chess960(731).unwrap(), vec!["b2b3"]),
    ]
}

/// One analysis per position at `nodes`, by a fresh engine.
fn run(nodes: u64) -> Option<Vec<SearchResult>> {
    let mut engine = stockfish()?;
    let mut results = Vec::new();
    for (start, moves) in positions() {
        let mut pos = start;
        let moves: Vec<Move> = moves
            .iter()
            .map(|t| {
                let m = uci(&pos, t);
                pos.play_unchecked(m);
                m
            })
            .collect();
        engine.new_game().unwrap();
        results.push(
            engine
                .analyse(&Go::after(start, &moves, Limit::nodes(nodes)))
                .unwrap(),
        );
    }
    Some(results)
}

#[test]
fn handshake_and_options() {
    let Some(engine) = stockfish() else { return };
    assert!(engine
        .id()
        .name
        .as_deref()
        .unwrap_or("")
        .starts_with("Stockfish"));
    let hash = engine.option("hash").unwrap();
    assert!(matches!(hash.kind, OptionKind::Spin { min: Some(1), .. }));
    assert_eq!(
        engine.option("Clear Hash").unwrap().kind,
        OptionKind::Button
    );
    assert!(matches!(
        engine.option("UCI_Chess960").unwrap().kind,
        OptionKind::Check {
            default: Some(false)
        }
    ));
    assert!(matches!(
        engine.option("SyzygyPath").unwrap().kind,
        OptionKind::String { .. }
    ));
    assert_eq!(engine.option_value("threads"), Some("1"));
}

#[test]
fn deterministic_searches_repeat_exactly() {
    let Some(first) = run(5000) else { return };
    let second = run(5000).unwrap();
    assert_eq!(first.len(), 6);
    for (i, (a, b)) in first.iter().zip(&second).enumerate() {
        let (ia, ib) = (a.info(), b.info());
        assert!(a.best.best.is_some(), "position {i}");
        assert!(
            !ia.pv.is_empty() && ia.pv[0] == a.best.best.unwrap(),
            "position {i}"
        );
        assert!(a.warnings.is_empty(), "position {i}: {:?}", a.warnings);
        assert_eq!(a.best, b.best, "position {i}");
        assert_eq!(
            (ia.nodes, ia.depth, ia.seldepth),
            (ib.nodes, ib.depth, ib.seldepth),
            "position {i}"
        );
        assert_eq!((ia.score, &ia.pv), (ib.score, &ib.pv), "position {i}");
        assert!(ia.nodes.unwrap() >= 5000, "position {i}: {:?}", ia.nodes);
    }
}

#[test]
fn multipv_and_root_moves() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    let result = engine
        .analyse(&Go::new(Position::new(), Limit::depth(8)).multipv(3))
        .unwrap();
    assert_eq!(result.lines.len(), 3);
    let firsts: Vec<Move> = result.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    for (k, line) in result.lines.iter().enumerate() {
        assert_eq!(line.multipv, Some(k as u32 + 1));
        assert_eq!(line.depth, Some(8));
    }
    let start = Position::new();
    let only = [uci(&start, "a2a3"), uci(&start, "h2h4")];
    let result = engine
        .analyse(&Go::new(start, Limit::nodes(2000)).searchmoves(&only))
        .unwrap();
    assert!(only.contains(&result.best.best.unwrap()));
    assert_eq!(result.lines.len(), 1, "multipv back to 1");
}

#[test]
fn mates_and_finished_games() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    // Mate in 2 for white (a rook ladder).
    let pos = Position::from_fen("6k1/8/6K1/8/8/8/8/R6R w - - 0 1").unwrap();
    let limit = Limit {
        mate: Some(2),
        ..Limit::depth(10)
    };
    let result = engine.analyse(&Go::new(pos, limit)).unwrap();
    assert!(
        matches!(result.info().score, Some(Score::Mate(n)) if n <= 2 && n > 0),
        "{:?}",
        result.info().score
    );
    // Checkmated and stalemated: no best move.
    let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    let result = engine.analyse(&Go::new(mated, Limit::depth(5))).unwrap();
    assert_eq!(result.best.best, None);
    assert_eq!(result.info().score, Some(Score::Mate(0)));
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let result = engine
        .analyse(&Go::new(stalemate, Limit::depth(5)))
        .unwrap();
    assert_eq!(result.best.best, None);
    assert_eq!(result.info().score, Some(Score::Cp(0)));
}

#[test]
fn infinite_search_stops_and_streams() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    let mut search = engine
        .go(&Go::new(Position::new(), Limit::infinite()))
        .unwrap();
    let mut infos = 0;
    while infos < 5 {
        match search.next(Some(Duration::from_secs(5))).unwrap() {
            Some(SearchEvent::Info(info)) if info.depth.is_some() => infos += 1,
            Some(SearchEvent::BestMove(_)) => panic!("an infinite search ended by itself"),
            _ => {}
        }
    }
    // Stopped from another thread, as a GUI or a Python binding would.
    let stopper = search.stopper();
    std::thread::spawn(move || stopper.stop().unwrap())
        .join()
        .unwrap();
    let result = search.wait().unwrap();
    assert!(result.best.best.is_some());
    assert!(result.info().depth.unwrap() >= 5);
    // The engine is ready for the next search; a dropped search is stopped for it.
    drop(
        engine
            .go(&Go::new(Position::new(), Limit::infinite()))
            .unwrap(),
    );
    assert!(engine
        .analyse(&Go::new(Position::new(), Limit::nodes(100)))
        .is_ok());
}

#[test]
fn ponder_then_ponderhit() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    let start = Position::new();
    let first = engine.analyse(&Go::new(start, Limit::nodes(3000))).unwrap();
    let (best, ponder) = (first.best.best.unwrap(), first.best.ponder.unwrap());
    let mut search = engine
        .go(&Go::after(start, &[best, ponder], Limit::nodes(3000)).ponder())
        .unwrap();
    // Pondering goes on until the hit; then the node limit counts.
    assert!(search.next(Some(Duration::from_secs(5))).unwrap().is_some());
    search.ponderhit().unwrap();
    assert!(search.ponderhit().is_err(), "not pondering any more");
    let result = search.wait().unwrap();
    assert!(result.best.best.is_some());
}

#[test]
fn clocks_movetime_and_wdl() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    engine.set_option("UCI_ShowWDL", "true").unwrap();
    let limit = Limit {
        wtime: Some(Duration::from_millis(2000)),
        btime: Some(Duration::from_millis(2000)),
        winc: Some(Duration::from_millis(10)),
        binc: Some(Duration::from_millis(10)),
        movestogo: Some(40),
        ..Limit::default()
    };
    let result = engine.analyse(&Go::new(Position::new(), limit)).unwrap();
    assert!(result.best.best.is_some());
    let wdl = result.info().wdl.expect("UCI_ShowWDL gives wdl");
    assert_eq!(wdl.wins + wdl.draws + wdl.losses, 1000);
    let result = engine
        .analyse(&Go::new(
            Position::new(),
            Limit::movetime(Duration::from_millis(50)),
        ))
        .unwrap();
    assert!(result.best.best.is_some());
    assert!(result.info().time.is_some() && result.info().nps.is_some());
}

#[test]
fn chess960_castling() {
    let Some(mut engine) = stockfish() else {
        return;
    };
    // Rooks off the corners: castling is king-takes-rook, with UCI_Chess960 set first.
    let pos = Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1").unwrap();
    let castle = uci(&pos, "e1g1");
    let result = engine
        .analyse(&Go::after(pos, &[castle], Limit::nodes(2000)))
        .unwrap();
    assert!(result.best.best.is_some());
    assert!(result.warnings.is_empty(), "{:?}", result.warnings);
    assert_eq!(engine.option_value("UCI_Chess960"), Some("true"));
    let result = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(500)))
        .unwrap();
    assert!(result.best.best.is_some());
    assert_eq!(engine.option_value("UCI_Chess960"), Some("false"));
}

#[test]
fn an_owned_search_in_another_thread() {
    // What a Python binding does: the engine owned by the search, the search moved to a
    // worker thread, stopped from this one, the engine given back.
    fn send<T: Send>(_: &T) {}
    fn sync<T: Send + Sync>(_: &T) {}
    let Some(engine) = stockfish() else { return };
    send(&engine);
    let search = Search::start(
        Box::new(engine),
        &Go::new(Position::new(), Limit::infinite()),
    )
    .map_err(|(e, _)| e)
    .unwrap();
    let stopper: Stopper = search.stopper();
    sync(&stopper);
    let worker = std::thread::spawn(move || {
        let mut search = search;
        let mut infos = 0;
        while let Some(event) = search.next(None).unwrap() {
            match event {
                SearchEvent::Info(_) => infos += 1,
                SearchEvent::BestMove(best) => return (infos, best, search.into_engine()),
            }
        }
        unreachable!("next(None) returns an event until the end");
    });
    std::thread::sleep(Duration::from_millis(100));
    stopper.stop().unwrap();
    let (infos, best, mut engine) = worker.join().unwrap();
    assert!(infos > 0 && best.best.is_some());
    // A search given back unfinished is stopped by the engine's next command.
    let search = Search::start(engine, &Go::new(Position::new(), Limit::infinite()))
        .map_err(|(e, _)| e)
        .unwrap();
    engine = search.into_engine();
    let result = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(500)))
        .unwrap();
    assert!(result.best.best.is_some());
    // A refused search gives the engine back with the error.
    let c960 = Position::chess960(5).unwrap();
    // A black pawn's move with white to move.
    let e7e5 = Position::from_fen("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1")
        .unwrap()
        .parse_uci("e7e5")
        .unwrap();
    let refused = Go::new(c960, Limit::nodes(1)).searchmoves(&[e7e5]);
    let Err((e, mut engine)) = Search::start(engine, &refused) else {
        panic!("e7e5 is not a move of white's");
    };
    assert!(e.to_string().contains("root move e7e5 is not legal"), "{e}");
    engine.is_ready().unwrap();
}

/// Stockfish behind `sh -c`, its input appended to `log` by `tee` (what it receives, in
/// order); `prelude` runs first in the shell.
fn logged(path: &std::path::Path, log: &std::path::Path, prelude: &str) -> EngineCommand {
    EngineCommand::new("/bin/sh").args([
        "-c".to_owned(),
        format!("{prelude} tee -a \"$1\" | \"$2\""),
        "sh".to_owned(),
        log.display().to_string(),
        path.display().to_string(),
    ])
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("quadboard-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn empty_root_moves_a_bare_go_debug_and_quit_on_drop() {
    let Some(path) = engines::engine_path("stockfish") else {
        return;
    };
    let dir = temp_dir("sf-bare");
    let log = dir.join("input.log");
    let mut engine = UciEngine::start(logged(&path, &log, "")).unwrap();
    // No root move to search: `searchmoves 0000`, and Stockfish finds no move.
    let none = engine
        .analyse(&Go::new(Position::new(), Limit::nodes(1000)).searchmoves(&[]))
        .unwrap();
    assert_eq!(none.best.best, None);
    // No limit at all: a bare `go`, which Stockfish searches until stopped.
    let mut search = engine
        .go(&Go::new(Position::new(), Limit::default()))
        .unwrap();
    let first = search.next(Some(Duration::from_secs(5))).unwrap();
    assert!(matches!(first, Some(SearchEvent::Info(_))), "{first:?}");
    std::thread::sleep(Duration::from_millis(50));
    assert!(!search.is_finished());
    let result = search.stop_and_wait().unwrap();
    assert!(result.best.best.is_some());
    engine.debug(true).unwrap();
    engine.debug(false).unwrap();
    engine.line_sender().send_line("isready").unwrap();
    assert!(engine.line_sender().send_line("a\nb").is_err());
    engine.is_ready().unwrap();
    drop(engine);
    let sent = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        sent,
        "uci\n\
         position startpos\n\
         go nodes 1000 searchmoves 0000\n\
         position startpos\n\
         go\n\
         stop\n\
         debug on\n\
         debug off\n\
         isready\n\
         isready\n\
         quit\n"
    );
}

#[test]
fn environment_stderr_and_process_group() {
    let Some(path) = engines::engine_path("stockfish") else {
        return;
    };
    let dir = temp_dir("sf-env");
    let log = dir.join("input.log");
    let errors = dir.join("stderr.txt");
    let prelude = "echo \"engine sees QB_VALUE=$QB_VALUE HOME=${HOME:-unset}\" >&2;";
    // The environment replaced, stderr to a file, a process group of its own.
    let file = std::fs::File::create(&errors).unwrap();
    let command = logged(&path, &log, prelude)
        .env_clear()
        .env("QB_VALUE", "42")
        .stderr(Stderr::File(std::sync::Arc::new(file)))
        .process_group(0);
    let mut engine = UciEngine::start(command).unwrap();
    let pid = engine.pid();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // pid (comm) state ppid pgrp ...: the group is the engine's own id.
    let after_comm = &stat[stat.rfind(')').unwrap() + 2..];
    let pgrp: u32 = after_comm.split(' ').nth(2).unwrap().parse().unwrap();
    assert_eq!(pgrp, pid);
    engine.is_ready().unwrap();
    assert_eq!(engine.stderr_tail(), "");
    drop(engine);
    assert_eq!(
        std::fs::read_to_string(&errors).unwrap(),
        "engine sees QB_VALUE=42 HOME=unset\n"
    );
    // Discarded stderr: nothing kept, and the engine still works; the inherited
    // environment plus one variable.
    let command = logged(&path, &log, prelude)
        .env("QB_VALUE", "7")
        .stderr(Stderr::Null);
    let mut engine = UciEngine::start(command).unwrap();
    engine.is_ready().unwrap();
    assert_eq!(engine.stderr_tail(), "");
    drop(engine);
    // Kept (the default): the tail quotes it.
    let mut engine = UciEngine::start(logged(&path, &log, prelude).env("QB_VALUE", "8")).unwrap();
    engine.is_ready().unwrap();
    assert!(
        engine
            .stderr_tail()
            .starts_with("engine sees QB_VALUE=8 HOME="),
        "{}",
        engine.stderr_tail()
    );
    drop(engine);
    let _ = std::fs::remove_dir_all(&dir);
}
