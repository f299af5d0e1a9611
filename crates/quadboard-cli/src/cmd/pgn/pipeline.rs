//! Chunks read on one thread, worked on by N, their results handed on in input order.
//!
//! The reader sends each chunk to the workers with a one-result channel of its own, and
//! that channel's receiving end, in input order, to the caller's thread, which waits on
//! each in turn: the output is the same for every number of threads. Both queues are
//! bounded, so at most about four chunks per thread are held at once, whatever the size
//! of the input.

use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;

use super::input::{Chunk, Chunker};
use crate::error::CliError;

/// What a command does with a chunk, on any thread.
pub trait Job: Sync {
    /// What a chunk gives.
    type Output: Send;
    /// Whether the output counts the chunk's lines and numbers them from 0
    /// (`Counted::newlines`), so that the chunker need not count them: the reader counts
    /// them anyway, and the chunker's count was a second pass over the input on the
    /// reading thread.
    const COUNTS_LINES: bool = false;
    /// Reads the games of `chunk`.
    fn run(&self, chunk: &Chunk) -> Self::Output;
}

/// Why a pipeline stopped early.
pub enum Stop {
    /// Reading the input failed (what was read before is handed on).
    Input(io::Error),
    /// The caller's `sink` failed (writing the output).
    Output(CliError),
}

/// Runs `job` on every chunk of `chunker` with `threads` workers (1: on this thread, no
/// other) and gives the results to `sink` in input order.
pub fn run<J: Job, R: Read + Send>(
    chunker: &mut Chunker<R>,
    job: &J,
    threads: usize,
    mut sink: impl FnMut(J::Output) -> Result<(), CliError>,
) -> Result<(), Stop> {
    if threads <= 1 {
        while let Some(chunk) = chunker.next_chunk().map_err(Stop::Input)? {
            sink(job.run(&chunk)).map_err(Stop::Output)?;
        }
        return Ok(());
    }
    type Work<O> = (Chunk, SyncSender<O>);
    let (work_tx, work_rx) = sync_channel::<Work<J::Output>>(threads);
    let work_rx = Mutex::new(work_rx);
    let (order_tx, order_rx) = sync_channel::<Receiver<J::Output>>(2 * threads);
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || -> io::Result<()> {
            while let Some(chunk) = chunker.next_chunk()? {
                let (result_tx, result_rx) = sync_channel(1);
                // A closed queue: the caller stopped (its output is closed); so do we.
                if order_tx.send(result_rx).is_err() || work_tx.send((chunk, result_tx)).is_err() {
                    break;
                }
            }
            Ok(())
        });
        for _ in 0..threads {
            let work_rx = &work_rx;
            scope.spawn(move || loop {
                let next = match work_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => return,
                };
                let Ok((chunk, result_tx)) = next else { return };
                // The receiver is gone only when the caller stopped.
                let _ = result_tx.send(job.run(&chunk));
            });
        }
        let mut stopped = None;
        for result_rx in order_rx.iter() {
            // A worker always answers; a missing answer means it panicked.
            let Ok(output) = result_rx.recv() else { break };
            if let Err(e) = sink(output) {
                stopped = Some(Stop::Output(e));
                break;
            }
        }
        // Closing the queue stops the reader, which closes the workers' queue.
        drop(order_rx);
        let read = reader.join();
        if let Some(stop) = stopped {
            return Err(stop);
        }
        match read {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(Stop::Input(e)),
            Err(_) => Err(Stop::Input(io::Error::other("the reading thread failed"))),
        }
    })
}
