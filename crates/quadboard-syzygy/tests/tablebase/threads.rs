//! One tablebase, many threads: the first probes of every table race to map it.

use std::sync::Arc;

use crate::common::shared_data_dir;
use crate::random::{pieces_of, random_position, table_names, Rng};
use quadboard_chess::Position;
use quadboard_syzygy::Tablebase;

#[test]
fn threads_share_a_tablebase_opened_lazily() {
    let Some(dir) = shared_data_dir("syzygy").map(|d| d.join("tables")) else {
        return;
    };
    let mut rng = Rng(99);
    let mut positions = Vec::new();
    for name in table_names(&dir) {
        let pieces = pieces_of(&name);
        while positions.len() % 20 != 19 {
            if let Some(p) = random_position(&mut rng, &pieces, false) {
                positions.push(p);
            }
        }
        positions.push(Position::new()); // a castling error among them
    }
    let expected: Vec<_> = {
        let tb = Tablebase::open(&dir).unwrap();
        positions
            .iter()
            .map(|p| (tb.probe_wdl(p), tb.probe_dtz(p)))
            .collect()
    };
    let positions = Arc::new(positions);
    for _ in 0..3 {
        // A fresh tablebase each time: every table is first touched by several threads.
        let tb = Arc::new(Tablebase::open(&dir).unwrap());
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let (tb, positions) = (Arc::clone(&tb), Arc::clone(&positions));
                std::thread::spawn(move || {
                    // Each thread in its own order, so that first touches interleave.
                    let n = positions.len();
                    (0..n)
                        .map(|i| {
                            let p = &positions[(i * (2 * t + 1)) % n];
                            ((i * (2 * t + 1)) % n, (tb.probe_wdl(p), tb.probe_dtz(p)))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, got) in h.join().unwrap() {
                assert_eq!(got, expected[i], "{}", positions[i].to_fen());
            }
        }
    }
}
