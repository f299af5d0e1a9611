//! Opening a folder reads its listing and nothing else.

use std::time::Instant;

use quadboard_chess::Position;
use quadboard_syzygy::{ProbeError, Tablebase};

/// 500 distinct table names: white's king and one to four other pieces against black's
/// king and up to two.
fn names() -> Vec<String> {
    let pieces = ["Q", "R", "B", "N", "P"];
    let mut sides = vec![String::new()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for s in &sides {
            let from = pieces.iter().position(|p| s.ends_with(p)).unwrap_or(0);
            for p in &pieces[from..] {
                next.push(format!("{s}{p}"));
            }
        }
        sides.extend(next);
        sides.sort();
        sides.dedup();
    }
    let mut names = Vec::new();
    for w in sides.iter().filter(|s| !s.is_empty()) {
        for b in sides.iter().filter(|s| s.len() <= 2) {
            if w.len() + b.len() + 2 <= 7 && names.len() < 500 {
                names.push(format!("K{w}vK{b}"));
            }
        }
    }
    names
}

#[test]
fn opening_500_files_reads_only_the_listing() {
    let dir = std::env::temp_dir().join(format!("quadboard-syzygy-open-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let names = names();
    assert_eq!(names.len(), 500);
    // Empty files: a table that is read is refused (no table is empty), so opening them
    // all without an error shows that none was read.
    for name in &names {
        std::fs::write(dir.join(format!("{name}.rtbw")), b"").unwrap();
    }
    let t = Instant::now();
    let listed = std::fs::read_dir(&dir).unwrap().count();
    let list_time = t.elapsed();
    let t = Instant::now();
    let tb = Tablebase::open(&dir).unwrap();
    let open_time = t.elapsed();
    assert_eq!((listed, tb.len()), (500, 500));
    eprintln!("500 files: listing {list_time:?}, opening {open_time:?}");
    // The first probe of a table reads it.
    let pos = Position::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1").unwrap();
    assert!(matches!(
        tb.probe_wdl(&pos),
        Err(ProbeError::Damaged { .. })
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
