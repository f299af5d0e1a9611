//! Protocol overhead: round trips per second of `position` + `go nodes 1` -> `bestmove`.
//!
//! `cargo run --release -p quadboard-engine --example roundtrip -- [ENGINE] [SECONDS]`
//! (default `/usr/games/stockfish`, 3 s). Prints `<n> round trips in <t> s: <r>/s` for
//! this client, then for a bare loop over the same pipes (the same lines written and read
//! without parsing), which is the floor any client pays. Each line also gives the client's
//! own CPU time per round trip (Linux: `/proc/self/stat`), which, unlike the rate, does not
//! depend on how busy the machine is.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use quadboard_chess::Position;
use quadboard_engine::{Go, Limit, UciEngine};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let engine_path = args.next().unwrap_or_else(|| "/usr/games/stockfish".into());
    let seconds: f64 = args.next().map_or(Ok(3.0), |s| s.parse())?;
    let budget = Duration::from_secs_f64(seconds);

    let mut engine = UciEngine::start(engine_path.as_str())?;
    engine.set_option("Threads", "1")?;
    engine.new_game()?;
    let go = Go::new(Position::new(), Limit::nodes(1));
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let mut n = 0u64;
    while start.elapsed() < budget {
        let result = engine.analyse(&go)?;
        assert!(result.best.best.is_some());
        n += 1;
    }
    let t = start.elapsed().as_secs_f64();
    let us = (cpu_seconds() - cpu) * 1e6 / n as f64;
    println!(
        "quadboard-engine: {n} round trips in {t:.2} s: {:.0}/s, client CPU {us:.1} us each",
        n as f64 / t
    );
    drop(engine);

    let mut child = Command::new(&engine_path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut line = String::new();
    stdin.write_all(b"uci\nsetoption name Threads value 1\nucinewgame\nisready\n")?;
    stdin.flush()?;
    loop {
        line.clear();
        stdout.read_line(&mut line)?;
        if line.trim() == "readyok" {
            break;
        }
    }
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let mut n = 0u64;
    while start.elapsed() < budget {
        stdin.write_all(b"position startpos\ngo nodes 1\n")?;
        stdin.flush()?;
        loop {
            line.clear();
            if stdout.read_line(&mut line)? == 0 {
                return Err("the engine closed its output".into());
            }
            if line.starts_with("bestmove") {
                break;
            }
        }
        n += 1;
    }
    let t = start.elapsed().as_secs_f64();
    let us = (cpu_seconds() - cpu) * 1e6 / n as f64;
    println!(
        "bare pipe loop:   {n} round trips in {t:.2} s: {:.0}/s, client CPU {us:.1} us each",
        n as f64 / t
    );
    stdin.write_all(b"quit\n")?;
    child.wait()?;
    Ok(())
}

/// This process's user and system CPU time in seconds (0 where `/proc` is missing).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which is in parentheses and may hold spaces):
    // utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}
