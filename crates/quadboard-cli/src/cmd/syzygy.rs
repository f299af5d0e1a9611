//! `quadboard syzygy <DIR> (--fen <FEN> | --file <FENS>) [--line]`: Syzygy tablebase values
//! of positions (crate `quadboard-syzygy`).
//!
//! One position: `wdl <-2..2>`, `dtz <n>` (with `--line`, followed by the moves of a
//! DTZ-optimal line in UCI) and `best <uci>` (`best none` without a legal move), one per
//! line. A file of FENs: one `<fen>\twdl <w>\tdtz <d>\tbest <uci>` line per position. A
//! position the tables cannot answer (no table, castling rights, too many pieces, a
//! damaged table) is an `error: ...` line on stderr, and the exit code is then 1.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use quadboard_chess::Position;
use quadboard_syzygy::{ProbeError, Tablebase};

use crate::error::CliError;
use crate::output;

/// Arguments of `syzygy`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["fen", "file"])))]
pub struct Args {
    /// The folder of tables (`KRvK.rtbw`, `KRvK.rtbz`, ...): mapped as positions need them.
    dir: PathBuf,
    /// The position as FEN.
    #[arg(long)]
    fen: Option<String>,
    /// A file of positions, one FEN (or EPD's first four fields) a line; empty lines and
    /// lines starting with `#` are skipped.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Append a DTZ-optimal line (best moves up to the next capture or pawn move) to the
    /// DTZ value.
    #[arg(long)]
    line: bool,
}

/// The values of one position, formatted: `wdl`, `dtz` (and the line) and `best`.
struct Answer {
    wdl: i8,
    dtz: String,
    best: String,
}

fn probe(tb: &Tablebase, pos: &Position, line: bool) -> Result<Answer, ProbeError> {
    let wdl = tb.probe_wdl(pos)?;
    let mut dtz = tb.probe_dtz(pos)?.plies.to_string();
    if line {
        let mut at = *pos;
        for m in tb.dtz_line(pos)? {
            let _ = write!(dtz, " {}", at.to_uci(m));
            at.play_unchecked(m);
        }
    }
    let best = match tb.best_move(pos)? {
        Some((m, _)) => pos.to_uci(m).to_string(),
        None => "none".to_owned(),
    };
    Ok(Answer { wdl, dtz, best })
}

/// Reads a FEN, or the first four fields of an EPD line (with counters 0 and 1).
fn parse(text: &str) -> Result<Position, CliError> {
    Position::from_fen(text).or_else(|e| {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() >= 4 && fields.get(4).is_none_or(|f| f.parse::<u32>().is_err()) {
            if let Ok(pos) = Position::from_fen(&format!("{} 0 1", fields[..4].join(" "))) {
                return Ok(pos);
            }
        }
        Err(CliError::input(e.to_string()))
    })
}

/// Probes the position of `--fen` or every position of `--file`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if !args.dir.is_dir() {
        return Err(CliError::input(format!(
            "cannot read {}: not a folder",
            args.dir.display()
        )));
    }
    let tb = Tablebase::open(&args.dir)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", args.dir.display())))?;
    let mut out = output::stdout();
    if let Some(fen) = &args.fen {
        let pos = parse(fen)?;
        return match probe(&tb, &pos, args.line) {
            Ok(a) => {
                writeln!(out, "wdl {}\ndtz {}\nbest {}", a.wdl, a.dtz, a.best)?;
                out.flush()?;
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => {
                out.flush()?;
                eprintln!("error: {e}");
                Ok(ExitCode::from(1))
            }
        };
    }
    let Some(path) = &args.file else {
        return Err(CliError::input("give --fen or --file"));
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
    let mut failed = false;
    for (n, line) in text.lines().enumerate() {
        let fen = line.trim();
        if fen.is_empty() || fen.starts_with('#') {
            continue;
        }
        let pos = parse(fen)
            .map_err(|e| CliError::input(format!("{}:{}: {e}", path.display(), n + 1)))?;
        match probe(&tb, &pos, args.line) {
            Ok(a) => writeln!(out, "{fen}\twdl {}\tdtz {}\tbest {}", a.wdl, a.dtz, a.best)?,
            Err(e) => {
                // Keep stdout and stderr in order for a reader of both.
                out.flush()?;
                eprintln!("error: {}:{}: {fen}: {e}", path.display(), n + 1);
                failed = true;
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
