//! Why a probe has no value.

use core::fmt;
use std::io;

use crate::material::TableName;
use crate::table::Metric;

/// Why a position could not be probed. Every variant is `Copy` and carries no heap data,
/// so that a failing probe does not allocate either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeError {
    /// The position has castling rights: the tables hold none.
    Castling,
    /// More pieces than any Syzygy table has (7).
    TooManyPieces {
        /// The pieces on the board.
        pieces: u32,
    },
    /// A table the probe needs is not in the folders opened.
    MissingTable {
        /// WDL or DTZ.
        metric: Metric,
        /// The table's name (`KRPvKR`).
        name: TableName,
    },
    /// A table could not be opened or mapped.
    Io {
        /// WDL or DTZ.
        metric: Metric,
        /// The table's name.
        name: TableName,
        /// What the operating system said.
        kind: io::ErrorKind,
    },
    /// A table is damaged: its header or its data are not those of a valid table.
    Damaged {
        /// WDL or DTZ.
        metric: Metric,
        /// The table's name.
        name: TableName,
        /// What is wrong.
        what: &'static str,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Castling => {
                f.write_str("syzygy tables hold no positions with castling rights")
            }
            ProbeError::TooManyPieces { pieces } => write!(
                f,
                "syzygy tables hold at most {} pieces, the position has {pieces}",
                crate::index::MAX_PIECES
            ),
            ProbeError::MissingTable { metric, name } => {
                write!(
                    f,
                    "no {} table {name}.{}",
                    kind(*metric),
                    metric.extension()
                )
            }
            ProbeError::Io {
                metric,
                name,
                kind: k,
            } => write!(
                f,
                "cannot read {} table {name}.{}: {}",
                kind(*metric),
                metric.extension(),
                io::Error::from(*k)
            ),
            ProbeError::Damaged { metric, name, what } => write!(
                f,
                "damaged {} table {name}.{}: {what}",
                kind(*metric),
                metric.extension()
            ),
        }
    }
}

fn kind(metric: Metric) -> &'static str {
    match metric {
        Metric::Wdl => "WDL",
        Metric::Dtz => "DTZ",
    }
}

impl std::error::Error for ProbeError {}
