//! The distributed perft commands end to end: `split`, `shard` (index from the option or
//! from each scheduler's variable), `merge` and `status`, with their output formats and
//! exit codes (0 done, 1 shards missing or seeds disagreeing, 2 bad input or damaged files).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use quadboard_chess::{perft, Position};
use quadboard_distributed::{ShardCounts, WorkDir, Worker, PENDING};

const INDEX_VARIABLES: [&str; 3] = [
    "SLURM_ARRAY_TASK_ID",
    "JOB_COMPLETION_INDEX",
    "AWS_BATCH_JOB_ARRAY_INDEX",
];

/// Runs the binary with `env` set and every scheduler variable not in `env` removed, so
/// that the tests behave the same inside a job array.
fn quadboard_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quadboard"));
    command.args(args);
    for name in INDEX_VARIABLES {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().expect("the binary runs")
}

fn quadboard(args: &[&str]) -> Output {
    quadboard_env(args, &[])
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

fn last_line(out: &Output) -> String {
    stdout(out).lines().last().unwrap_or_default().to_owned()
}

#[track_caller]
fn assert_code(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
    assert!(!stderr(out).contains("panicked"), "{}", stderr(out));
}

/// A fresh work directory path, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!(
            "quadboard-cli-distributed-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        Scratch(path)
    }

    fn dir(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::fs::remove_dir_all(&self.0).is_err() {
            let _ = std::fs::remove_file(&self.0);
        }
    }
}

fn split(scratch: &Scratch, fen: &str, depth: u32, at: u32, shards: u32) {
    let (depth, at, shards) = (depth.to_string(), at.to_string(), shards.to_string());
    let out = quadboard(&[
        "split",
        &depth,
        "--at",
        &at,
        "--shards",
        &shards,
        "--out",
        scratch.dir(),
        "--fen",
        fen,
    ]);
    assert_code(&out, 0);
    let root = Position::from_fen(fen).unwrap();
    let text = stdout(&out);
    let at: u32 = at.parse().unwrap();
    assert!(
        text.contains(&format!("\npaths: {}\n", perft(&root, at))),
        "{text}"
    );
    assert!(text.starts_with("unique positions: "), "{text}");
}

/// Runs `shard` for each index with the extra arguments; each must succeed.
/// Turns shard `index`'s result (seed 0) into what a worker killed halfway leaves: a
/// checkpoint with the first half of the counts, the rest pending. Returns those counts.
fn kill_halfway(work: &WorkDir, index: u32) -> ShardCounts {
    let mut counts = work.read_counts(index, 0, false).unwrap().unwrap();
    std::fs::remove_file(work.result_path(index, 0)).unwrap();
    counts.checkpoint = true;
    let records = counts.counts.len();
    for count in &mut counts.counts[records / 2..] {
        *count = PENDING;
    }
    std::fs::write(work.checkpoint_path(index, 0), counts.to_bytes()).unwrap();
    counts
}

fn run_shards(dir: &str, indexes: &[&str], extra: &[&str]) {
    for index in indexes {
        let mut args = vec!["shard", dir, "--index", index];
        args.extend(extra);
        assert_code(&quadboard(&args), 0);
    }
}

#[test]
fn split_shard_merge_equals_perft() {
    let cases = [
        // Castling, en passant and promotions within reach.
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            2,
            6,
        ),
        (
            "position3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            5,
            2,
            4,
        ),
        (
            "promotions",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            4,
            2,
            5,
        ),
        (
            "chess960",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            4,
            2,
            3,
        ),
    ];
    for (name, fen, depth, at, shards) in cases {
        let scratch = Scratch::new(name);
        split(&scratch, fen, depth, at, shards);
        // Shuffled: last shard first, with threads and a table on some.
        let mut order: Vec<u32> = (0..shards).rev().step_by(2).collect();
        order.extend((0..shards).rev().skip(1).step_by(2).rev());
        for (n, index) in order.into_iter().enumerate() {
            let index = index.to_string();
            let threads = (1 + n % 2).to_string();
            let hash = (n % 2 * 4).to_string();
            let out = quadboard(&[
                "shard",
                scratch.dir(),
                "--index",
                &index,
                "--threads",
                &threads,
                "--hash",
                &hash,
            ]);
            assert_code(&out, 0);
            let line = stdout(&out);
            assert!(
                line.starts_with(&format!("shard {index} seed 0: ")),
                "{line}"
            );
            assert!(line.ends_with(" nodes\n"), "{line}");
        }
        let out = quadboard(&["merge", scratch.dir()]);
        assert_code(&out, 0);
        let expected = perft(&Position::from_fen(fen).unwrap(), depth);
        assert_eq!(
            last_line(&out),
            format!("Nodes searched: {expected}"),
            "{name}"
        );
        let first = stdout(&out).lines().next().unwrap().to_owned();
        assert!(
            first.starts_with(&format!(
                "seed 0: {shards} of {shards} shards done, {expected} nodes"
            )),
            "{first}"
        );
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_shard_run_twice_and_a_killed_one_resumed() {
    let scratch = Scratch::new("resume");
    split(&scratch, START, 5, 2, 3);
    let dir = scratch.dir();
    let first = quadboard(&["shard", dir, "--index", "1"]);
    assert_code(&first, 0);
    let again = quadboard(&["shard", dir, "--index", "1"]);
    assert_code(&again, 0);
    let counted = stdout(&first).replace("seed 0: ", "seed 0: already done, ");
    assert_eq!(stdout(&again), counted);

    // Shard 2 killed halfway: its checkpoint holds the first half of the counts.
    let out = quadboard(&["shard", dir, "--index", "2"]);
    assert_code(&out, 0);
    let work = WorkDir::open(dir).unwrap();
    let counts = kill_halfway(&work, 2);
    let records = counts.counts.len();
    // No worker counts it: stale, with the records its checkpoint holds.
    let status = quadboard(&["status", dir]);
    assert_code(&status, 0);
    assert!(
        stdout(&status).contains(&format!("seed 0 stale: 2 ({}/{records})", records / 2)),
        "{}",
        stdout(&status)
    );
    let resumed = quadboard(&["shard", dir, "--index", "2", "--threads", "2"]);
    assert_code(&resumed, 0);
    assert!(
        stderr(&resumed).contains(&format!(
            "resumed from a checkpoint: {} of {records} records were done",
            records / 2
        )),
        "{}",
        stderr(&resumed)
    );
    assert_eq!(stdout(&resumed), stdout(&out));
    assert!(!work.checkpoint_path(2, 0).exists());

    // Shard 0 not run yet: merge names it and exits 1.
    let merged = quadboard(&["merge", dir]);
    assert_code(&merged, 1);
    assert!(
        stdout(&merged).contains("seed 0 missing: 0\n"),
        "{}",
        stdout(&merged)
    );
    assert!(!stdout(&merged).contains("Nodes searched"));
    assert_code(&quadboard(&["shard", dir, "--index", "0"]), 0);
    let merged = quadboard(&["merge", dir]);
    assert_code(&merged, 0);
    assert_eq!(last_line(&merged), "Nodes searched: 4865609");
}

#[test]
fn the_index_comes_from_each_scheduler_variable() {
    let scratch = Scratch::new("index");
    split(&scratch, START, 3, 1, 4);
    let dir = scratch.dir();
    for (n, name) in INDEX_VARIABLES.iter().enumerate() {
        let index = n.to_string();
        let out = quadboard_env(&["shard", dir], &[(name, &index)]);
        assert_code(&out, 0);
        assert!(
            stdout(&out).starts_with(&format!("shard {index} seed 0: ")),
            "{name}"
        );
    }
    // --index wins over the environment, and Slurm over the others.
    let out = quadboard_env(
        &["shard", dir, "--index", "3"],
        &[("SLURM_ARRAY_TASK_ID", "0")],
    );
    assert!(
        stdout(&out).starts_with("shard 3 seed 0: "),
        "{}",
        stdout(&out)
    );
    let out = quadboard_env(
        &["shard", dir, "--seed", "1"],
        &[("JOB_COMPLETION_INDEX", "2"), ("SLURM_ARRAY_TASK_ID", "1")],
    );
    assert!(
        stdout(&out).starts_with("shard 1 seed 1: "),
        "{}",
        stdout(&out)
    );
    let merged = quadboard(&["merge", dir, "--seed", "0"]);
    assert_eq!(last_line(&merged), "Nodes searched: 8902");

    // No index at all, an index out of range, a variable that is no number: exit 2.
    for (args, env, needle) in [
        (vec!["shard", dir], vec![], "no shard index: give --index"),
        (
            vec!["shard", dir, "--index", "4"],
            vec![],
            "shard index 4 is out of range: the split has 4 shards (0 to 3)",
        ),
        (
            vec!["shard", dir],
            vec![("AWS_BATCH_JOB_ARRAY_INDEX", "9")],
            "out of range",
        ),
        (
            vec!["shard", dir],
            vec![("SLURM_ARRAY_TASK_ID", "x1")],
            "SLURM_ARRAY_TASK_ID=\"x1\" is not a shard index",
        ),
    ] {
        let out = quadboard_env(&args, &env);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(needle), "{needle}: {}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn two_seeds_agree_and_a_changed_count_is_found() {
    let scratch = Scratch::new("seeds");
    split(&scratch, START, 4, 2, 2);
    let dir = scratch.dir();
    for seed in ["0", "3"] {
        run_shards(dir, &["0", "1"], &["--seed", seed, "--hash", "1"]);
    }
    let out = quadboard(&["merge", dir]);
    assert_code(&out, 0);
    let text = stdout(&out);
    assert!(
        text.contains("\nseeds 0, 3 agree on all 400 records compared\n"),
        "{text}"
    );
    assert_eq!(last_line(&out), "Nodes searched: 197281");

    let work = WorkDir::open(dir).unwrap();
    let mut result = work.read_counts(1, 3, false).unwrap().unwrap();
    let record = work.read_shard(1).unwrap()[5];
    result.counts[5] += 2;
    result.sum += 2 * u128::from(record.multiplicity);
    std::fs::write(work.result_path(1, 3), result.to_bytes()).unwrap();
    let out = quadboard(&["merge", dir]);
    assert_code(&out, 1);
    let text = stdout(&out);
    let fen = work.fen_of(&record).unwrap();
    let line = format!(
        "shard 1 record 5: seed 0 {}, seed 3 {}: {fen}",
        result.counts[5] - 2,
        result.counts[5]
    );
    assert!(text.contains(&line), "{line}\n{text}");
    assert!(
        text.contains("seeds 0, 3 differ on 1 of 400 records compared"),
        "{text}"
    );
    assert_eq!(
        stderr(&out),
        "error: seeds 0, 3 differ on 1 of 400 records compared\n"
    );
}

#[test]
fn damaged_files_are_refused_with_exit_code_2() {
    let scratch = Scratch::new("corrupt");
    split(&scratch, START, 3, 1, 2);
    let dir = scratch.dir();
    run_shards(dir, &["0", "1"], &[]);
    let result = Path::new(dir).join("results/shard-00001.seed-0.result");
    let mut bytes = std::fs::read(&result).unwrap();
    bytes[110] ^= 0x10;
    std::fs::write(&result, &bytes).unwrap();
    for command in ["merge", "status"] {
        let out = quadboard(&[command, dir]);
        assert_code(&out, 2);
        assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("shard-00001.seed-0.result: corrupt: checksum mismatch"),
            "{}",
            stderr(&out)
        );
    }
    // A damaged shard file stops its shard.
    let shard = Path::new(dir).join("shards/shard-00000.bin");
    let mut bytes = std::fs::read(&shard).unwrap();
    bytes.pop();
    std::fs::write(&shard, &bytes).unwrap();
    let out = quadboard(&["shard", dir, "--index", "0", "--seed", "2"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("shard-00000.bin: corrupt: "),
        "{}",
        stderr(&out)
    );
    // Not a work directory.
    let out = quadboard(&["merge", &format!("{dir}/results")]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("manifest.txt"), "{}", stderr(&out));
}

#[test]
fn status_counts_done_running_and_missing_shards() {
    let scratch = Scratch::new("status");
    split(&scratch, START, 4, 2, 5);
    let dir = scratch.dir();
    let out = quadboard(&["status", dir]);
    assert_code(&out, 0);
    assert_eq!(
        stdout(&out),
        "split: depth 4 at ply 2, 5 shards, 400 positions\n\
         seed 0: 0 done, 0 running, 5 missing, 0 nodes so far\n\
         seed 0 missing: 0-4\n"
    );
    run_shards(dir, &["1", "2", "4"], &[]);
    let out = quadboard(&["status", dir]);
    let text = stdout(&out);
    assert!(
        text.contains("seed 0: 3 done, 0 running, 2 missing, "),
        "{text}"
    );
    assert!(text.ends_with("seed 0 missing: 0, 3\n"), "{text}");
}

#[test]
fn text_export_and_bad_split_arguments() {
    let scratch = Scratch::new("text");
    let out = quadboard(&[
        "split",
        "3",
        "--at",
        "2",
        "--shards",
        "2",
        "--out",
        scratch.dir(),
        "--text",
        "-",
    ]);
    assert_code(&out, 0);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 400);
    assert!(
        text.lines()
            .all(|l| l.ends_with(" 1") && l.contains(" w KQkq - 0 2 ")),
        "{text}"
    );
    assert!(text.contains("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1\n"));
    assert!(
        stderr(&out).contains("unique positions: 400\n"),
        "{}",
        stderr(&out)
    );

    for (args, needle) in [
        (
            vec!["split", "3", "--at", "4", "--shards", "2"],
            "exceeds the depth 3",
        ),
        (
            vec!["split", "3", "--at", "1", "--shards", "21"],
            "use at most 20 shards",
        ),
        (
            vec![
                "split",
                "3",
                "--at",
                "1",
                "--shards",
                "2",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
            ],
            "invalid FEN",
        ),
    ] {
        let fresh = Scratch::new("bad");
        let mut args = args;
        args.extend(["--out", fresh.dir()]);
        let out = quadboard(&args);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(needle), "{needle}: {}", stderr(&out));
    }
    let out = quadboard(&[
        "split",
        "3",
        "--at",
        "1",
        "--shards",
        "2",
        "--out",
        scratch.dir(),
    ]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("exists and is not empty"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_refused_split_leaves_nothing_behind_and_runs_again() {
    let scratch = Scratch::new("retry");
    let dir = scratch.dir();
    let refused = |args: &[&str], needle: &str| {
        let mut args = args.to_vec();
        args.extend(["--out", dir]);
        let out = quadboard(&args);
        assert_code(&out, 2);
        assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{needle}: {}", stderr(&out));
        assert!(!scratch.0.exists(), "{args:?} left {dir} behind");
    };
    // Twenty unique positions one ply deep: 21 shards are refused once they are found.
    refused(
        &["split", "3", "--at", "1", "--shards", "21"],
        "use at most 20 shards",
    );
    // A root with 33 pieces, which no record holds.
    refused(
        &[
            "split",
            "2",
            "--at",
            "1",
            "--shards",
            "2",
            "--lenient",
            "--fen",
            "qqqqkqqq/pppppppp/8/8/8/N7/PPPPPPPP/QQQQKQQQ w - - 0 1",
        ],
        "records hold at most 32",
    );
    // A text export into a directory that does not exist.
    let text = format!("{dir}-missing/records.txt");
    refused(
        &["split", "3", "--at", "1", "--shards", "2", "--text", &text],
        "does not exist",
    );
    // The corrected command runs on the same directory.
    split(&scratch, START, 3, 1, 2);

    // A regular file where the work directory should go is named as such, and kept.
    let file = Scratch::new("out-file");
    std::fs::write(&file.0, "keep\n").unwrap();
    let out = quadboard(&[
        "split",
        "3",
        "--at",
        "1",
        "--shards",
        "2",
        "--out",
        file.dir(),
    ]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).starts_with("error: ") && stderr(&out).contains("is not a directory"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file.0).unwrap(), "keep\n");
}

#[test]
fn status_tells_a_shard_whose_worker_died_from_a_running_one() {
    let scratch = Scratch::new("stale");
    split(&scratch, START, 4, 2, 3);
    let dir = scratch.dir();
    run_shards(dir, &["1"], &[]);
    // Shard 1 as a worker killed halfway leaves it: a checkpoint and a worker file.
    let work = WorkDir::open(dir).unwrap();
    let counts = kill_halfway(&work, 1);
    let records = counts.counts.len();
    let (nodes, half) = (counts.sum, records / 2);
    let status = || {
        let out = quadboard(&["status", dir]);
        assert_code(&out, 0);
        stdout(&out)
    };
    let running = format!(
        "seed 0: 0 done, 1 running, 2 missing, {nodes} nodes so far\n\
         seed 0 running: 1 ({half}/{records})\n\
         seed 0 missing: 0, 2\n"
    );
    let stale = format!(
        "seed 0: 0 done, 0 running, 2 missing, 1 stale, {nodes} nodes so far\n\
         seed 0 stale: 1 ({half}/{records})\n\
         seed 0 missing: 0, 2\n"
    );
    let split_line = "split: depth 4 at ply 2, 3 shards, 400 positions\n";

    // No worker file: nothing tells that a worker is alive.
    assert_eq!(status(), format!("{split_line}{stale}"));
    let merged = quadboard(&["merge", dir]);
    assert_code(&merged, 1);
    assert!(
        stdout(&merged).contains("seed 0 stale: 1\n"),
        "{}",
        stdout(&merged)
    );

    let here = Worker::this_process();
    let write = |worker: &Worker| {
        std::fs::write(work.worker_path(1, 0), worker.to_text()).unwrap();
    };
    // On another machine: alive while its heartbeat is recent.
    let elsewhere = |age: u64| Worker {
        host: Some("node7.example".into()),
        updated: here.updated - age,
        ..here.clone()
    };
    write(&elsewhere(30));
    assert_eq!(status(), format!("{split_line}{running}"));
    write(&elsewhere(600));
    assert_eq!(status(), format!("{split_line}{stale}"));

    if here.same_machine(&here) {
        // On this machine: alive while its process runs (this test's, with an old
        // heartbeat), stale once it has ended (with a fresh one).
        write(&Worker {
            updated: 0,
            ..here.clone()
        });
        assert_eq!(status(), format!("{split_line}{running}"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_quadboard"))
            .arg("--version")
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
        assert_eq!(status(), format!("{split_line}{stale}"));
    }

    // The shard run again resumes and removes its checkpoint and worker file.
    run_shards(dir, &["1"], &[]);
    assert!(!work.checkpoint_path(1, 0).exists());
    assert!(!work.worker_path(1, 0).exists());
}

#[test]
fn merge_names_the_shards_not_done_in_an_error_line() {
    let scratch = Scratch::new("not-done");
    split(&scratch, START, 3, 1, 4);
    let dir = scratch.dir();
    run_shards(dir, &["1", "3"], &[]);
    run_shards(dir, &["0"], &["--seed", "5"]);
    let out = quadboard(&["merge", dir]);
    assert_code(&out, 1);
    // Stdout as before, for the tools that read it.
    let text = stdout(&out);
    assert!(text.contains("\nseed 0 missing: 0, 2\n"), "{text}");
    assert!(text.contains("\nseed 5 missing: 1-3\n"), "{text}");
    assert!(!text.contains("Nodes searched"), "{text}");
    assert_eq!(
        stderr(&out),
        "error: shards not done: seed 0 missing: 0, 2; seed 5 missing: 1-3\n"
    );
    // Seed 0 alone, with a stale shard (a checkpoint nobody counts) besides.
    let work = WorkDir::open(dir).unwrap();
    let mut counts = work.read_counts(0, 5, false).unwrap().unwrap();
    let first = work.read_shard(0).unwrap()[0];
    counts.checkpoint = true;
    counts.seed = 0;
    counts.sum -= u128::from(first.multiplicity) * u128::from(counts.counts[0]);
    counts.counts[0] = PENDING;
    std::fs::write(work.checkpoint_path(0, 0), counts.to_bytes()).unwrap();
    let out = quadboard(&["merge", dir, "--seed", "0"]);
    assert_code(&out, 1);
    assert_eq!(
        stderr(&out),
        "error: shards not done: seed 0 missing: 2; seed 0 stale: 0\n"
    );
    // Done: no error line.
    std::fs::remove_file(work.checkpoint_path(0, 0)).unwrap();
    run_shards(dir, &["0", "2"], &[]);
    let out = quadboard(&["merge", dir, "--seed", "0"]);
    assert_code(&out, 0);
    assert_eq!(stderr(&out), "");
    assert_eq!(last_line(&out), "Nodes searched: 8902");
}
