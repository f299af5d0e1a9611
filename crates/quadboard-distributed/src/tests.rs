//! End-to-end tests of split, run and merge through the library.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::*;
use quadboard_chess::perft::{perft, PerftTable};
use quadboard_chess::Position;

/// A fresh directory under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "quadboard-distributed-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn collect_unique(root: &Position, plies: u32, memory: usize, temp: &Path) -> Vec<Record> {
    std::fs::create_dir_all(temp).unwrap();
    let mut out = Vec::new();
    let (count, paths) = unique_positions(root, plies, memory, temp, None, &mut |r| {
        out.push(r);
        Ok(())
    })
    .unwrap();
    assert_eq!(count, out.len() as u64);
    assert_eq!(paths, u128::from(perft(root, plies)));
    out
}

#[test]
fn unique_positions_from_the_start_match_the_published_counts() {
    // OEIS A083276: positions equal when placement, side, castling and legal en passant agree.
    let temp = TempDir::new("unique");
    for (plies, expected) in [(0, 1), (1, 20), (2, 400), (3, 5_362), (4, 72_078)] {
        let records = collect_unique(&Position::new(), plies, 1 << 24, &temp.0);
        assert_eq!(records.len(), expected, "ply {plies}");
    }
}

/// Plies 5 and 6 (9.4 million positions): `cargo test --release -p quadboard-distributed --lib -- --ignored unique`.
#[test]
#[ignore]
fn unique_positions_at_plies_5_and_6_match_the_published_counts() {
    let temp = TempDir::new("unique-deep");
    std::fs::create_dir_all(&temp.0).unwrap();
    for (plies, expected) in [(5, 822_518), (6, 9_417_681)] {
        let mut count = 0;
        let found = unique_positions(&Position::new(), plies, 1 << 26, &temp.0, None, &mut |_| {
            count += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(
            found,
            (expected, u128::from(perft(&Position::new(), plies)))
        );
        assert_eq!(count, expected);
    }
}

#[test]
fn deduplication_gives_the_same_stream_in_any_memory() {
    // 1024 entries (the least) spill at ply 3 and split buckets again at ply 4.
    let temp = TempDir::new("memory");
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    for (root, plies) in [(Position::new(), 4), (kiwipete, 3)] {
        let small = collect_unique(&root, plies, 0, &temp.0);
        let large = collect_unique(&root, plies, 1 << 26, &temp.0);
        assert!(small == large, "{}", root.to_fen());
        let mut sorted = large.clone();
        sorted.sort_by_key(|r| r.position);
        sorted.dedup_by_key(|r| r.position);
        assert_eq!(sorted.len(), large.len(), "no position twice");
        // Every bucket file is gone.
        assert_eq!(std::fs::read_dir(&temp.0).unwrap().count(), 0);
    }
}

/// Splits `fen` and runs every shard in a shuffled order with a mix of options, then
/// merges: the total must be perft.
fn split_run_merge(name: &str, fen: &str, depth: u32, split_depth: u32, shards: u32) {
    let root = Position::from_fen(fen).unwrap();
    let temp = TempDir::new(name);
    let options = SplitOptions {
        depth,
        split_depth,
        shards,
        memory: 0,
        ..SplitOptions::default()
    };
    let manifest = split(&root, &options, &temp.0).unwrap();
    assert_eq!(manifest.paths, u128::from(perft(&root, split_depth)));
    assert_eq!(manifest.shards.len(), shards as usize);
    assert!(manifest.shards.iter().all(|s| s.records > 0));
    let dir = WorkDir::open(&temp.0).unwrap();
    assert_eq!(dir.manifest(), &manifest);
    // A fixed shuffle: odd indexes downwards, then even ones upwards.
    let mut order: Vec<u32> = (0..shards).filter(|i| i % 2 == 1).rev().collect();
    order.extend((0..shards).filter(|i| i % 2 == 0));
    for (n, &index) in order.iter().enumerate() {
        let options = ShardOptions {
            threads: 1 + n % 3,
            table_megabytes: n % 2,
            ..ShardOptions::default()
        };
        let outcome = run_shard(&dir, index, &options).unwrap();
        assert!(
            matches!(outcome, ShardOutcome::Counted { resumed: 0, .. }),
            "{outcome:?}"
        );
    }
    let report = merge(&dir, None).unwrap();
    assert_eq!(report.total, Some(u128::from(perft(&root, depth))), "{fen}");
    assert_eq!(report.compared, 0, "one seed: nothing to compare");
}

#[test]
fn split_run_merge_equals_perft_with_castling_en_passant_promotions_and_chess960() {
    let cases = [
        // Castling both ways, en passant after double pushes, promotions two plies away.
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            2,
            7,
        ),
        // En passant and discovered checks along the rank.
        (
            "position3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            5,
            3,
            5,
        ),
        // Promotions on both sides at once, castling rights of one side.
        (
            "position4",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            1,
            3,
        ),
        (
            "position5",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            4,
            2,
            4,
        ),
        // A legal en passant capture at the root, black to move.
        (
            "ep-root",
            "rnbqkbnr/ppp1p1pp/8/8/3pPp2/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            4,
            2,
            6,
        ),
        // Chess960 with rooks on b and g files (Shredder-FEN castling).
        (
            "chess960",
            "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
            4,
            2,
            5,
        ),
    ];
    for (name, fen, depth, split_depth, shards) in cases {
        split_run_merge(name, fen, depth, split_depth, shards);
    }
}

#[test]
fn depth_equal_to_the_split_and_a_split_at_the_root() {
    split_run_merge(
        "at-depth",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        3,
        3,
        10,
    );
    split_run_merge(
        "at-root",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        0,
        1,
    );
}

fn small_split(name: &str, shards: u32) -> (TempDir, WorkDir) {
    let temp = TempDir::new(name);
    let options = SplitOptions {
        depth: 4,
        split_depth: 2,
        shards,
        ..SplitOptions::default()
    };
    split(&Position::new(), &options, &temp.0).unwrap();
    let dir = WorkDir::open(&temp.0).unwrap();
    (temp, dir)
}

#[test]
fn a_shard_run_twice_returns_its_result_at_once() {
    let (_temp, dir) = small_split("twice", 2);
    let ShardOutcome::Counted { result, .. } =
        run_shard(&dir, 1, &ShardOptions::default()).unwrap()
    else {
        panic!("counted");
    };
    let modified = std::fs::metadata(dir.result_path(1, 0))
        .unwrap()
        .modified()
        .unwrap();
    let again = run_shard(&dir, 1, &ShardOptions::default()).unwrap();
    assert_eq!(again, ShardOutcome::AlreadyDone(result));
    assert_eq!(
        std::fs::metadata(dir.result_path(1, 0))
            .unwrap()
            .modified()
            .unwrap(),
        modified
    );
    assert!(!dir.checkpoint_path(1, 0).exists());
}

#[test]
fn a_counter_of_its_own_counts_every_record_and_its_errors_stop_the_shard() {
    let (_temp, dir) = small_split("counter", 2);
    let calls = AtomicU64::new(0);
    let depth = dir.manifest().remaining_depth();
    // As `shard --gpu` passes the GPU: here the CPU engine, each call seen.
    let count = |pos: &Position, d: u32| -> Result<u64, String> {
        assert_eq!(d, depth);
        calls.fetch_add(1, Ordering::Relaxed);
        Ok(perft(pos, d))
    };
    let options = ShardOptions {
        threads: 4,
        count: Some(&count),
        ..Default::default()
    };
    for index in 0..2 {
        assert!(matches!(
            run_shard(&dir, index, &options).unwrap(),
            ShardOutcome::Counted { .. }
        ));
    }
    let records: u64 = dir.manifest().shards.iter().map(|s| s.records).sum();
    assert_eq!(calls.load(Ordering::Relaxed), records);
    let report = merge(&dir, None).unwrap();
    assert_eq!(report.total, Some(u128::from(perft(&Position::new(), 4))));

    let (_temp, dir) = small_split("counter-fails", 2);
    let failing =
        |_: &Position, _: u32| -> Result<u64, String> { Err("no CUDA device (test)".into()) };
    let err = run_shard(
        &dir,
        0,
        &ShardOptions {
            count: Some(&failing),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("no CUDA device (test)"), "{err}");
}

#[test]
fn a_killed_shard_resumes_from_its_checkpoint() {
    let (_temp, dir) = small_split("resume", 2);
    // A run stopped before it starts leaves a checkpoint: the shard shows as running.
    let stop = AtomicBool::new(true);
    let stopped = run_shard(
        &dir,
        0,
        &ShardOptions {
            stop: Some(&stop),
            ..Default::default()
        },
    );
    let total = dir.manifest().shards[0].records;
    assert_eq!(stopped.unwrap(), ShardOutcome::Stopped { done: 0, total });
    // Nobody counts it any more: its worker file is gone.
    assert!(!dir.worker_path(0, 0).exists());
    assert_eq!(status(&dir).unwrap().seeds[0].stale(), vec![0]);

    // A checkpoint as a killed run leaves it: half the records, one of them with a count
    // no recount would give, which proves that the checkpoint was used.
    let ShardOutcome::Counted { result: full, .. } =
        run_shard(&dir, 0, &ShardOptions::default()).unwrap()
    else {
        panic!("counted");
    };
    std::fs::remove_file(dir.result_path(0, 0)).unwrap();
    let mut partial = full.clone();
    partial.checkpoint = true;
    let half = partial.counts.len() / 2;
    for count in &mut partial.counts[half..] {
        *count = PENDING;
    }
    partial.counts[0] += 1000;
    let bytes = partial.to_bytes();
    std::fs::write(dir.checkpoint_path(0, 0), bytes).unwrap();

    let outcome = run_shard(
        &dir,
        0,
        &ShardOptions {
            threads: 2,
            ..Default::default()
        },
    )
    .unwrap();
    let ShardOutcome::Counted {
        result,
        resumed,
        replaced,
    } = outcome
    else {
        panic!("{outcome:?}");
    };
    assert_eq!(resumed, half as u64);
    assert!(replaced.is_empty());
    assert_eq!(result.counts[0], full.counts[0] + 1000);
    assert_eq!(result.counts[1..], full.counts[1..]);
    assert!(
        !dir.checkpoint_path(0, 0).exists(),
        "the checkpoint is removed"
    );
}

#[test]
fn two_seeds_are_compared_record_by_record() {
    let (_temp, dir) = small_split("seeds", 3);
    for seed in [0, 7] {
        for index in 0..3 {
            let options = ShardOptions {
                seed,
                table_megabytes: 1,
                ..Default::default()
            };
            run_shard(&dir, index, &options).unwrap();
        }
    }
    let report = merge(&dir, None).unwrap();
    assert_eq!(report.seeds.len(), 2);
    assert_eq!((report.compared, report.different), (400, 0));
    assert_eq!(report.total, Some(197_281));

    // A result of seed 7 with one count changed (and a sum to match): the runs disagree.
    let mut bad = dir.read_counts(2, 7, false).unwrap().unwrap();
    let records = dir.read_shard(2).unwrap();
    bad.counts[3] += 1;
    bad.sum += u128::from(records[3].multiplicity);
    std::fs::write(dir.result_path(2, 7), bad.to_bytes()).unwrap();
    let report = merge(&dir, None).unwrap();
    assert_eq!(report.total, None);
    assert_eq!(report.different, 1);
    let difference = &report.differences[0];
    assert_eq!((difference.shard, difference.record), (2, 3));
    assert_eq!(difference.counts[1].1, difference.counts[0].1 + 1);
    assert_eq!(dir.fen_of(&records[3]).unwrap(), difference.fen);
    // One seed alone still merges; no seeds means all of them.
    assert_eq!(merge(&dir, Some(&[0])).unwrap().total, Some(197_281));
    assert_eq!(merge(&dir, Some(&[])).unwrap().seeds.len(), 2);
}

#[test]
fn damaged_and_foreign_files_are_refused() {
    let (temp, dir) = small_split("damaged", 2);
    for index in 0..2 {
        run_shard(&dir, index, &ShardOptions::default()).unwrap();
    }
    // A flipped bit in a result.
    let path = dir.result_path(1, 0);
    let good = std::fs::read(&path).unwrap();
    let mut bytes = good.clone();
    bytes[120] ^= 4;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(merge(&dir, None), Err(Error::Corrupt { .. })));
    assert!(matches!(status(&dir), Err(Error::Corrupt { .. })));
    // A result renamed to another seed.
    std::fs::write(&path, &good).unwrap();
    std::fs::rename(&path, dir.result_path(1, 5)).unwrap();
    let e = merge(&dir, None).unwrap_err();
    assert!(matches!(e, Error::Mismatch { .. }), "{e}");
    std::fs::rename(dir.result_path(1, 5), &path).unwrap();
    // A damaged shard file.
    let shard = dir.shard_path(0);
    let mut bytes = std::fs::read(&shard).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&shard, &bytes).unwrap();
    assert!(matches!(merge(&dir, None), Err(Error::Corrupt { .. })));
    assert!(matches!(
        run_shard(
            &dir,
            0,
            &ShardOptions {
                seed: 1,
                ..Default::default()
            }
        ),
        Err(Error::Corrupt { .. })
    ));
    // An edited manifest.
    let manifest = temp.0.join("manifest.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("depth 4", "depth 5")).unwrap();
    assert!(matches!(WorkDir::open(&temp.0), Err(Error::Corrupt { .. })));
}

#[test]
fn a_damaged_result_is_counted_again_by_the_shard() {
    let (_temp, dir) = small_split("recount", 1);
    run_shard(&dir, 0, &ShardOptions::default()).unwrap();
    let path = dir.result_path(0, 0);
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let outcome = run_shard(&dir, 0, &ShardOptions::default()).unwrap();
    let ShardOutcome::Counted { replaced, .. } = outcome else {
        panic!("{outcome:?}");
    };
    assert_eq!(replaced.len(), 1);
    assert!(replaced[0].contains("checksum"), "{replaced:?}");
    assert_eq!(merge(&dir, None).unwrap().total, Some(197_281));
}

#[test]
fn status_tells_done_running_and_missing_shards() {
    let (_temp, dir) = small_split("status", 4);
    let before = status(&dir).unwrap();
    assert_eq!(before.seeds.len(), 1);
    assert_eq!(before.seeds[0].missing(), vec![0, 1, 2, 3]);
    run_shard(&dir, 2, &ShardOptions::default()).unwrap();
    let stop = AtomicBool::new(true);
    run_shard(
        &dir,
        0,
        &ShardOptions {
            stop: Some(&stop),
            ..Default::default()
        },
    )
    .unwrap();
    let now = status(&dir).unwrap();
    let seed = &now.seeds[0];
    // Shard 0 was stopped: its checkpoint stays, but no worker counts it.
    assert_eq!(
        (seed.done(), seed.running(), seed.stale(), seed.missing()),
        (vec![2], vec![], vec![0], vec![1, 3])
    );
    let shard_sum = dir.read_counts(2, 0, false).unwrap().unwrap().sum;
    assert_eq!(seed.nodes(), shard_sum);
    let report = merge(&dir, None).unwrap();
    assert_eq!(report.total, None);
    assert_eq!(report.seeds[0].missing(), vec![1, 3]);
    assert_eq!(report.seeds[0].stale(), vec![0]);

    // While shard 1 counts, it is running.
    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |_, _| {
        let seed = status(&dir).unwrap().seeds.remove(0);
        let mut seen = seen.lock().unwrap();
        seen.push((seed.running(), seed.stale()));
    };
    let options = ShardOptions {
        progress: Some(&progress),
        ..Default::default()
    };
    run_shard(&dir, 1, &options).unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(!seen.is_empty());
    assert!(seen.iter().all(|s| *s == (vec![1], vec![0])), "{seen:?}");
    assert!(!dir.worker_path(1, 0).exists(), "removed at the end");
}

#[test]
fn a_checkpoint_is_running_only_while_its_worker_is_alive() {
    let (_temp, dir) = small_split("alive", 1);
    let ShardOutcome::Counted { result, .. } =
        run_shard(&dir, 0, &ShardOptions::default()).unwrap()
    else {
        panic!("counted");
    };
    // A checkpoint as a killed run leaves it.
    std::fs::remove_file(dir.result_path(0, 0)).unwrap();
    let mut partial = result;
    partial.checkpoint = true;
    let half = partial.counts.len() / 2;
    for count in &mut partial.counts[half..] {
        *count = PENDING;
    }
    std::fs::write(dir.checkpoint_path(0, 0), partial.to_bytes()).unwrap();
    let state = || status(&dir).unwrap().seeds[0].shards[0];
    let (done, total, nodes) = (half as u64, partial.counts.len() as u64, partial.sum);
    let running = ShardState::Running { done, total, nodes };
    let stale = ShardState::Stale { done, total, nodes };
    let worker_file = dir.worker_path(0, 0);

    // No worker file, or one that is not a worker file.
    assert_eq!(state(), stale);
    std::fs::write(&worker_file, "pid 1\n").unwrap();
    assert_eq!(state(), stale);

    let here = Worker::this_process();
    let write = |worker: &Worker| std::fs::write(&worker_file, worker.to_text()).unwrap();
    // Elsewhere: the heartbeat decides.
    let now = here.updated;
    let elsewhere = |updated| Worker {
        host: Some("elsewhere.example".into()),
        updated,
        ..here.clone()
    };
    write(&elsewhere(now - 60));
    assert_eq!(state(), running);
    write(&elsewhere(now - STALE_AFTER.as_secs() - 60));
    assert_eq!(state(), stale);
    if here.same_machine(&here) {
        // Here: this process runs, whatever its heartbeat.
        write(&Worker {
            updated: 0,
            ..here.clone()
        });
        assert_eq!(state(), running);
        // A process that has ended, with a fresh heartbeat.
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .arg("--list")
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        child.wait().unwrap();
        write(&Worker {
            pid,
            pid_start: None,
            ..here.clone()
        });
        assert_eq!(state(), stale);
    }
    // Running it again resumes, and the shard is done.
    run_shard(&dir, 0, &ShardOptions::default()).unwrap();
    assert!(matches!(state(), ShardState::Done { .. }));
}

#[test]
fn shards_balance_their_expected_work() {
    let temp = TempDir::new("balance");
    let options = SplitOptions {
        depth: 6,
        split_depth: 3,
        shards: 16,
        ..SplitOptions::default()
    };
    let manifest = split(&Position::new(), &options, &temp.0).unwrap();
    let work: Vec<u64> = manifest.shards.iter().map(|s| s.work).collect();
    let (least, most) = (work.iter().min().unwrap(), work.iter().max().unwrap());
    // 5,362 records of about 30 moves each: shards within a few records of each other.
    assert!(most - least < 200, "{work:?}");
    assert_eq!(manifest.positions, 5_362);
    // As many shards as positions: one record each.
    let temp = TempDir::new("one-each");
    let options = SplitOptions {
        depth: 3,
        split_depth: 1,
        shards: 20,
        ..SplitOptions::default()
    };
    let manifest = split(&Position::new(), &options, &temp.0).unwrap();
    assert!(manifest.shards.iter().all(|s| s.records == 1));
}

#[test]
fn impossible_splits_are_refused() {
    let temp = TempDir::new("refused");
    let options = |depth, split_depth, shards| SplitOptions {
        depth,
        split_depth,
        shards,
        ..SplitOptions::default()
    };
    let start = Position::new();
    // Nested below a directory that does not exist either: a refused split removes every
    // directory it made.
    let out = temp.0.join("a").join("work");
    for (opts, needle) in [
        (options(3, 4, 2), "exceeds"),
        (options(3, 1, 0), "at least one"),
        // Known only once the positions are found.
        (options(3, 1, 21), "at most 20 shards"),
    ] {
        let e = split(&start, &opts, &out).unwrap_err();
        assert!(e.to_string().contains(needle), "{e}");
        assert!(
            !temp.0.exists(),
            "{needle}: {} left behind",
            temp.0.display()
        );
    }
    // An empty directory that was there stays, empty.
    std::fs::create_dir_all(&out).unwrap();
    let e = split(&start, &options(3, 1, 21), &out).unwrap_err();
    assert!(e.to_string().contains("at most 20 shards"), "{e}");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    split(&start, &options(2, 1, 2), &out).unwrap();
    let e = split(&start, &options(2, 1, 2), &out).unwrap_err();
    assert!(e.to_string().contains("not empty"), "{e}");
    // A file where the directory should be.
    let file = temp.0.join("file");
    std::fs::write(&file, b"keep").unwrap();
    let e = split(&start, &options(2, 1, 2), &file).unwrap_err();
    assert!(e.to_string().contains("is not a directory"), "{e}");
    assert_eq!(std::fs::read(&file).unwrap(), b"keep");
    // A root that no record can hold (33 pieces), refused before anything is written.
    let crowded =
        Position::from_fen_lenient("qqqqkqqq/pppppppp/8/8/8/N7/PPPPPPPP/QQQQKQQQ w - - 0 1")
            .unwrap();
    let fresh = temp.0.join("crowded");
    let e = split(&crowded, &options(2, 1, 2), &fresh).unwrap_err();
    assert!(e.to_string().contains("at most 32"), "{e}");
    assert!(!fresh.exists());
}

#[test]
fn text_lines_hold_every_position_with_its_multiplicity() {
    let temp = TempDir::new("text");
    let root =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 12")
            .unwrap();
    let options = SplitOptions {
        depth: 3,
        split_depth: 2,
        shards: 3,
        ..SplitOptions::default()
    };
    split(&root, &options, &temp.0).unwrap();
    let dir = WorkDir::open(&temp.0).unwrap();
    let mut text = Vec::new();
    let lines = dir.write_text(&mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(text.lines().count() as u64, lines);
    let mut paths = 0;
    let mut nodes = 0;
    for line in text.lines() {
        let (fen, multiplicity) = line.rsplit_once(' ').unwrap();
        let multiplicity: u64 = multiplicity.parse().unwrap();
        // Black moved first: two plies later it is black's move 13, clock reset.
        assert!(
            fen.ends_with(" b - - 0 13") || fen.contains(" b ") && fen.ends_with(" 0 13"),
            "{fen}"
        );
        let pos = Position::from_fen(fen).unwrap();
        paths += multiplicity;
        nodes += multiplicity * perft(&pos, 1);
    }
    assert_eq!(paths, perft(&root, 2));
    assert_eq!(nodes, perft(&root, 3));
}

#[test]
fn seeded_tables_count_the_same() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let expected = perft(&pos, 4);
    for seed in [0, 1, u64::MAX] {
        let table = PerftTable::with_seed(1, seed);
        assert_eq!(
            quadboard_chess::perft::perft_with_table(&pos, 4, &table),
            expected
        );
    }
}
