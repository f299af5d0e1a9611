//! Work on many positions per call, without the GIL: perft and legal move counts.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use quadboard_chess::perft::PerftOptions;
use quadboard_chess::Position;

use crate::board::parse_fen;

/// Reads a thread count, 1 or more.
fn threads_arg(threads: i64) -> PyResult<usize> {
    usize::try_from(threads)
        .ok()
        .filter(|&t| (1..=1024).contains(&t))
        .ok_or_else(|| PyValueError::new_err(format!("threads={threads}: expected 1 to 1024")))
}

/// The number of leaf nodes `depth` plies below the position of `fen` (perft).
#[pyfunction]
#[pyo3(signature = (fen, depth, *, chess960 = false, threads = 1))]
pub fn perft(
    py: Python<'_>,
    fen: &str,
    depth: i64,
    chess960: bool,
    threads: i64,
) -> PyResult<u128> {
    let pos = parse_fen(fen, chess960).map_err(PyValueError::new_err)?;
    let depth = u32::try_from(depth)
        .ok()
        .filter(|&d| d <= 32)
        .ok_or_else(|| PyValueError::new_err(format!("depth={depth}: expected 0 to 32")))?;
    let threads = threads_arg(threads)?;
    Ok(py.detach(|| {
        if threads <= 1 {
            u128::from(quadboard_chess::perft(&pos, depth))
        } else {
            let options = PerftOptions {
                threads,
                ..Default::default()
            };
            quadboard_chess::perft::perft_total(&pos, depth, &options)
        }
    }))
}

/// The number of legal moves of each FEN, in order.
#[pyfunction]
#[pyo3(signature = (fens, *, chess960 = false, threads = 1))]
pub fn legal_move_counts(
    py: Python<'_>,
    fens: Vec<String>,
    chess960: bool,
    threads: i64,
) -> PyResult<Vec<u64>> {
    let threads = threads_arg(threads)?;
    let counted = py.detach(|| {
        let count = |fens: &[String], first: usize| -> Result<Vec<u64>, String> {
            fens.iter()
                .enumerate()
                .map(|(i, fen)| {
                    parse_fen(fen, chess960)
                        .map(|pos: Position| pos.count_legal_moves())
                        .map_err(|e| format!("fens[{}]: {e}", first + i))
                })
                .collect()
        };
        if threads <= 1 || fens.len() < 2 * threads {
            return count(&fens, 0);
        }
        let per = fens.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let workers: Vec<_> = fens
                .chunks(per)
                .enumerate()
                .map(|(k, part)| scope.spawn(move || count(part, k * per)))
                .collect();
            let mut all = Vec::with_capacity(fens.len());
            for worker in workers {
                all.extend(
                    worker
                        .join()
                        .map_err(|_| "a worker thread failed".to_owned())??,
                );
            }
            Ok(all)
        })
    });
    counted.map_err(PyValueError::new_err)
}
