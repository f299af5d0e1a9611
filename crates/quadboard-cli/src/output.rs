//! Shared helpers: reading positions from options, stdout, progress bars.

use std::io::{self, BufWriter, IsTerminal, StdoutLock};

use indicatif::{ProgressBar, ProgressStyle};
use quadboard_chess::variant::{AnyVariant, Variant};
use quadboard_chess::Position;

use crate::error::CliError;

/// The position a command works on: `--fen`, else the start position, read strictly
/// unless `--lenient`.
#[derive(clap::Args)]
pub struct PositionArgs {
    /// The position as FEN (default: the start position).
    #[arg(long)]
    fen: Option<String>,
    /// Accept positions that are illegal but playable (impossible checks, extra material).
    #[arg(long)]
    lenient: bool,
}

impl PositionArgs {
    /// The position, or an error naming what is wrong with the FEN.
    pub fn position(&self) -> Result<Position, CliError> {
        position(self.fen.as_deref(), self.lenient)
    }

    /// The position of `variant`: `--fen` read with the variant's fields, else the
    /// variant's start position. `--lenient` is refused: a variant's position is legal in
    /// its variant or not read at all.
    pub fn variant_position(&self, variant: Variant) -> Result<AnyVariant, CliError> {
        if self.lenient {
            return Err(CliError::input(format!(
                "--lenient does not apply with --variant {variant}: variant positions are read strictly"
            )));
        }
        crate::variant::position(variant, self.fen.as_deref())
    }
}

/// The start position, or the position of `fen` (strictly validated unless `lenient`).
fn position(fen: Option<&str>, lenient: bool) -> Result<Position, CliError> {
    let Some(fen) = fen else {
        return Ok(Position::new());
    };
    let parsed = if lenient {
        Position::from_fen_lenient(fen)
    } else {
        Position::from_fen(fen)
    };
    // The error's own text starts with "invalid FEN: ".
    parsed.map_err(|e| {
        let ignorable = match &e {
            quadboard_chess::position::FromFenError::Illegal(illegal) => illegal
                .reasons()
                .without(quadboard_chess::Reasons::IGNORABLE)
                .is_empty(),
            quadboard_chess::position::FromFenError::Syntax(_) => false,
        };
        let hint = if !lenient && ignorable {
            " (--lenient accepts positions move generation can still handle)"
        } else {
            ""
        };
        CliError::input(format!("{e}{hint}"))
    })
}

/// Buffered, locked stdout.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// A progress bar on stderr when stderr is a terminal, hidden otherwise.
pub fn progress(total: u64, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{prefix} [{bar:40}] {pos}/{len} {elapsed_precise} (eta {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(what.to_string());
    bar
}

/// The `(done, total)` callback of the library's threaded counts, moving `bar`.
pub fn report_to(bar: &ProgressBar) -> impl Fn(usize, usize) + Sync + '_ {
    move |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    }
}

/// A progress bar of bytes read on stderr when stderr is a terminal, hidden otherwise;
/// without a total (standard input) it shows the bytes read alone.
pub fn progress_bytes(total: Option<u64>, what: &str) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let (bar, template) = match total {
        Some(total) => (
            ProgressBar::new(total),
            "{prefix} [{bar:40}] {bytes}/{total_bytes} {elapsed_precise} (eta {eta})",
        ),
        None => (
            ProgressBar::no_length(),
            "{prefix} {bytes} {elapsed_precise}",
        ),
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(what.to_string());
    bar
}

/// Nodes per second in millions, for humans.
pub fn mnps(nodes: u128, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    }
}
