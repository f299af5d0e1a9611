//! Analyses FENs read from stdin (one a line; an EPD's `;` fields are ignored) and prints
//! one line per position: the FEN, the best and ponder moves, then per multipv line depth,
//! seldepth, multipv, score (side to move's), bound, nodes, tbhits and pv in UCI. The
//! format is the one `scripts/engine-vs-python-chess.py` prints with python-chess, for a
//! diff of the two clients over the same engine.
//!
//! `analyse_fens ENGINE NODES MULTIPV < fens.txt`

use std::io::BufRead;

use quadboard_chess::{Move, Position};
use quadboard_engine::{Go, Info, Limit, Score, UciEngine};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [engine_path, nodes, multipv] = args.as_slice() else {
        return Err("usage: analyse_fens ENGINE NODES MULTIPV < fens.txt".into());
    };
    let (nodes, multipv): (u64, u32) = (nodes.parse()?, multipv.parse()?);
    let mut engine = UciEngine::start(engine_path.as_str())?;
    engine.set_option("Threads", "1")?;
    engine.set_option("Hash", "16")?;
    // As python-chess's `analysis` does for engines that declare it.
    if engine.option("UCI_AnalyseMode").is_some() {
        engine.set_option("UCI_AnalyseMode", "true")?;
    }
    engine.new_game()?;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        // Perft suites hold positions with impossible checks, which python-chess accepts.
        let pos = Position::from_fen_lenient(fen)?;
        let mut go = Go::new(pos, Limit::nodes(nodes));
        if multipv > 1 {
            go = go.multipv(multipv);
        }
        let result = engine.analyse(&go)?;
        let text =
            |m: Option<Move>, at: &Position| m.map_or("-".to_owned(), |m| at.to_uci(m).to_string());
        let mut after = pos;
        if let Some(best) = result.best.best {
            after.play_unchecked(best);
        }
        let mut out = format!(
            "{fen}\t{} {}",
            text(result.best.best, &pos),
            text(result.best.ponder, &after)
        );
        for info in &result.lines {
            out.push('\t');
            out.push_str(&describe(info, &pos));
        }
        println!("{out}");
    }
    Ok(())
}

fn describe(info: &Info, pos: &Position) -> String {
    let n = |v: Option<u64>| v.map_or("-".to_owned(), |v| v.to_string());
    let score = match info.score {
        Some(Score::Cp(cp)) => format!("cp {cp}"),
        Some(Score::Mate(m)) => format!("mate {m}"),
        None => "-".into(),
    };
    let bound = if info.lowerbound {
        "lower"
    } else if info.upperbound {
        "upper"
    } else {
        "exact"
    };
    let mut at = *pos;
    let pv: Vec<String> = info
        .pv
        .iter()
        .map(|&m| {
            let t = at.to_uci(m).to_string();
            at.play_unchecked(m);
            t
        })
        .collect();
    format!(
        "depth {} seldepth {} multipv {} {score} {bound} nodes {} tbhits {} pv {}",
        n(info.depth.map(u64::from)),
        n(info.seldepth.map(u64::from)),
        n(info.multipv.map(u64::from)),
        n(info.nodes),
        n(info.tbhits),
        pv.join(" ")
    )
}
