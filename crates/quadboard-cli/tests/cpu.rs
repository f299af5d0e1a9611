//! The CPU path of the `quadboard` tool: `QUADBOARD_CPU` picks it, and a value that
//! cannot be used is an input error (exit 2) rather than a silent fallback.

use std::process::{Command, Output};

use quadboard_chess::cpu::CpuLevel;

fn quadboard_with_cpu(value: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_quadboard"))
        .env("QUADBOARD_CPU", value)
        .args(args)
        .output()
        .expect("the binary runs")
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn every_level_the_cpu_has_counts_right_and_others_are_refused() {
    for level in CpuLevel::ALL {
        let out = quadboard_with_cpu(level.name(), &["perft", "3", "--fen", KIWIPETE]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if level.is_supported() {
            assert!(out.status.success(), "{level}: {stderr}");
            assert_eq!(
                stdout.lines().last(),
                Some("Nodes searched: 97862"),
                "{level}"
            );
        } else {
            assert_eq!(out.status.code(), Some(2), "{level}: {stderr}");
            assert!(
                stderr.starts_with(&format!(
                    "error: QUADBOARD_CPU: this CPU cannot run the {level} path"
                )),
                "{stderr}"
            );
        }
    }
}

#[test]
fn unknown_levels_are_input_errors() {
    for value in ["avx3", "native", "BMI 2"] {
        let out = quadboard_with_cpu(value, &["moves"]);
        assert_eq!(out.status.code(), Some(2), "{value}");
        assert!(out.stdout.is_empty(), "{value}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            stderr.trim_end(),
            format!(
                "error: QUADBOARD_CPU: unknown CPU level '{value}': expected baseline, avx2, \
                 bmi2 or avx512"
            ),
        );
    }
    // Case and spaces do not matter; empty means unset.
    for value in [" Baseline ", "BASELINE", ""] {
        let out = quadboard_with_cpu(value, &["perft", "2"]);
        assert!(out.status.success(), "{value:?}");
    }
}
