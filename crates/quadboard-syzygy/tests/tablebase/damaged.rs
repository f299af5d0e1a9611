//! Damaged tables: truncated files and altered bytes give errors or values, never a panic
//! or a read outside the file. Copies of real tables are damaged in a temporary folder
//! and probed on random positions of their material.

use std::path::{Path, PathBuf};

use crate::common::shared_data_dir;
use crate::random::{pieces_of, random_position, Rng};
use quadboard_chess::Position;
use quadboard_syzygy::{ProbeError, Tablebase};

/// A fresh folder under the system's temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("quadboard-syzygy-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Probes every position with every call; returns how many probes failed.
fn probe_all(dir: &Path, positions: &[Position]) -> usize {
    let tb = Tablebase::open(dir).unwrap();
    let mut errors = 0;
    for pos in positions {
        errors += usize::from(tb.probe_wdl(pos).is_err());
        errors += usize::from(tb.probe_dtz(pos).is_err());
        errors += usize::from(tb.probe_wdl_fifty(pos).is_err());
        errors += usize::from(tb.best_move(pos).is_err());
    }
    errors
}

fn fuzz(name: &str, rounds: u64, seed: u64) {
    let Some(data) = shared_data_dir("syzygy") else {
        return;
    };
    let tables = data.join("tables");
    let tmp = TempDir::new(name);
    let mut rng = Rng(seed);
    let pieces = pieces_of(name);
    let positions: Vec<Position> =
        std::iter::from_fn(|| Some(random_position(&mut rng, &pieces, false)))
            .flatten()
            .take(24)
            .collect();
    // The smaller tables a capture leads to stay intact: only this material is damaged.
    for entry in std::fs::read_dir(&tables).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, tmp.0.join(path.file_name().unwrap())).unwrap();
    }
    assert_eq!(probe_all(&tmp.0, &positions), 0, "the intact tables probe");
    let mut errors = 0;
    for ext in ["rtbw", "rtbz"] {
        let original = std::fs::read(tables.join(format!("{name}.{ext}"))).unwrap();
        let target = tmp.0.join(format!("{name}.{ext}"));
        for round in 0..rounds {
            let mut bytes = original.clone();
            match round % 4 {
                // Cut anywhere.
                0 => bytes.truncate(rng.below(bytes.len() as u64) as usize),
                // Cut to a length a table can have (16 more than a multiple of 64).
                1 => {
                    let len = rng.below(bytes.len() as u64 / 64) * 64 + 16;
                    bytes.truncate(len as usize);
                }
                // Alter bytes of the header and the indices.
                2 => {
                    let head = bytes.len().min(512) as u64;
                    for _ in 0..1 + rng.below(4) {
                        let at = rng.below(head) as usize;
                        bytes[at] ^= 1 << rng.below(8);
                    }
                }
                // Alter bytes anywhere, or overwrite a run with noise.
                _ => {
                    if rng.below(2) == 0 {
                        for _ in 0..1 + rng.below(16) {
                            let at = rng.below(bytes.len() as u64) as usize;
                            bytes[at] = rng.next() as u8;
                        }
                    } else {
                        let at = rng.below(bytes.len() as u64) as usize;
                        let end = (at + 1 + rng.below(256) as usize).min(bytes.len());
                        for b in &mut bytes[at..end] {
                            *b = rng.next() as u8;
                        }
                    }
                }
            }
            std::fs::write(&target, &bytes).unwrap();
            errors += probe_all(&tmp.0, &positions);
        }
        std::fs::write(&target, &original).unwrap();
    }
    eprintln!(
        "{name}: {} damaged files probed, {errors} probes refused",
        2 * rounds
    );
}

#[test]
fn damaged_pawnless_tables() {
    fuzz("KRvK", 300, 1);
    fuzz("KBNvK", 200, 2);
    fuzz("KRvKB", 200, 3);
}

#[test]
fn damaged_pawn_tables() {
    fuzz("KPvK", 300, 4);
    fuzz("KPvKP", 200, 5);
    fuzz("KRPvK", 200, 6);
}

#[test]
fn damaged_five_piece_table() {
    fuzz("KBNvKR", 100, 7);
}

#[test]
fn errors_name_what_is_wrong() {
    let Some(data) = shared_data_dir("syzygy") else {
        return;
    };
    let tmp = TempDir::new("errors");
    let krk = std::fs::read(data.join("tables/KRvK.rtbw")).unwrap();
    let mut bad = krk.clone();
    bad[0] ^= 0xff;
    std::fs::write(tmp.0.join("KRvK.rtbw"), &bad).unwrap();
    std::fs::write(tmp.0.join("KQvK.rtbw"), &krk[..krk.len() - 64]).unwrap();
    let tb = Tablebase::open(&tmp.0).unwrap();
    let pos = Position::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1").unwrap();
    let e = tb.probe_wdl(&pos).unwrap_err();
    assert_eq!(
        e.to_string(),
        "damaged WDL table KRvK.rtbw: not a WDL table (wrong magic)"
    );
    let pos = Position::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1").unwrap();
    let e = tb.probe_wdl(&pos).unwrap_err();
    assert!(matches!(e, ProbeError::Damaged { .. }), "{e}");
    let pos = Position::from_fen("8/8/8/8/8/3k4/8/KN6 w - - 0 1").unwrap();
    assert_eq!(
        tb.probe_wdl(&pos).unwrap_err().to_string(),
        "no WDL table KNvK.rtbw"
    );
    let pos = Position::from_fen("r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&pos), Err(ProbeError::Castling));
    let pos = Position::from_fen("rnbqkbn1/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(
        tb.probe_dtz(&pos).unwrap_err().to_string(),
        "syzygy tables hold at most 7 pieces, the position has 8"
    );
}
