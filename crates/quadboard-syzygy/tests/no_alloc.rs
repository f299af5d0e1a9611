//! Probes do not allocate once their tables are open: a counting global allocator.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use quadboard_chess::Position;
use quadboard_syzygy::Tablebase;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is
// added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn warm_probes_do_not_allocate() {
    let Some(dir) = common::shared_data_dir("syzygy").map(|d| d.join("tables")) else {
        return;
    };
    let tb = Tablebase::open(dir).unwrap();
    tb.open_all().unwrap();
    let positions: Vec<Position> = [
        "8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1",
        "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
        "8/8/8/3pP3/8/8/2k5/K7 w - d6 0 1",
        "8/8/1k6/8/3Pp3/8/8/5K2 b - d3 0 1",
        "8/8/8/8/2r5/6k1/1KR5/3N4 w - - 0 1",
        "8/8/8/8/8/8/8/kQ1K4 b - - 0 1",
    ]
    .iter()
    .map(|f| Position::from_fen(f).unwrap())
    .collect();
    // A missing table: the error allocates nothing either.
    let missing = Position::from_fen("8/8/8/8/8/8/8/kQQQ1K2 b - - 0 1").unwrap();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for pos in &positions {
        let _ = tb.probe_wdl(pos).unwrap();
        let _ = tb.probe_dtz(pos).unwrap();
        let _ = tb.probe_wdl_fifty(pos).unwrap();
        let _ = tb.best_move(pos).unwrap();
        assert!(tb.probe_wdl(&missing).is_err());
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after - before, 0, "allocations during probes");
}
