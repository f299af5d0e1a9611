//! `perft --gpu` and `bench --gpu`: exact counts where a CUDA device is, otherwise exit
//! code 2 with `error: no CUDA device (<reason>)` (a build with the `gpu` feature) or an
//! error naming the feature (a build without it); never a panic or an abort.

mod common;

use common::{last_line, quadboard, stderr};

/// The error a machine without a usable GPU gives, by build.
fn assert_no_gpu_error(err: &str) {
    let expected = if cfg!(feature = "gpu") {
        "error: no CUDA device ("
    } else {
        "error: --gpu: this quadboard was built without GPU support"
    };
    assert!(err.starts_with(expected), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn perft_on_the_gpu_counts_or_says_why_not() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (args, nodes) in [
        (vec!["perft", "3", "--gpu"], "8902"),
        (
            vec!["perft", "3", "--gpu", "--fen", kiwipete, "--divide"],
            "97862",
        ),
        (
            vec!["perft", "4", "--gpu", "--gpu-plies", "1", "--hash", "64"],
            "197281",
        ),
    ] {
        let out = quadboard(&args);
        if out.status.success() {
            assert_eq!(
                last_line(&out),
                format!("Nodes searched: {nodes}"),
                "{args:?}"
            );
        } else {
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert_no_gpu_error(&stderr(&out));
        }
    }
}

#[test]
fn bench_on_the_gpu_counts_or_says_why_not() {
    let out = quadboard(&["bench", "--gpu"]);
    if out.status.success() {
        assert!(
            last_line(&out).starts_with("total: 1451446453 nodes"),
            "{}",
            last_line(&out)
        );
    } else {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_no_gpu_error(&stderr(&out));
    }
}

/// `shard --gpu` counts a work unit of `split` on the GPU, or says why it cannot.
#[test]
fn a_shard_on_the_gpu_counts_or_says_why_not() {
    let dir = std::env::temp_dir().join(format!("quadboard-gpu-shard-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().expect("UTF-8 temp path");
    let out = quadboard(&[
        "split", "4", "--at", "2", "--shards", "1", "--out", dir_text,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = quadboard(&["shard", dir_text, "--index", "0", "--gpu", "--hash", "16"]);
    if out.status.success() {
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("nodes"),
            "{}",
            last_line(&out)
        );
        let merged = quadboard(&["merge", dir_text]);
        assert_eq!(last_line(&merged), "Nodes searched: 197281");
    } else {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert_no_gpu_error(&stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gpu_flags_that_do_not_combine_are_usage_errors() {
    for args in [
        vec!["perft", "3", "--gpu", "--stats"],
        vec!["perft", "3", "--gpu", "--quad"],
        vec!["perft", "3", "--gpu-plies", "2"],
        vec!["perft", "3", "--gpu", "--gpu-plies", "11"],
        vec!["bench", "--gpu", "--quad"],
        vec!["shard", ".", "--gpu", "--threads", "2"],
    ] {
        let out = quadboard(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
